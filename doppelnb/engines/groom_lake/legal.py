"""Legality with reasons: which actions the rules allow now and, for any other, the rule id and
one plain sentence saying why not (GL-R6..GL-R27 and the variant flags GL-A..).

:class:`Legality` adds these checks to :class:`~.base.Queries`; :class:`~.state.State` uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.checks import show
from ...core.errors import IllegalAction, RuleError
from .actions import PHASE_ACTIONS, WAITING_FOR, Action
from .base import Queries
from .cards import INFECTION
from .placement import PRIORITY_NAMES
from .tiles import (
    OBSTACLE_NAMES,
    diagonals,
    fmt,
    neighbours,
)


class Legality(Queries):
    """The legal actions of a position and the reason any other action is refused."""

    __slots__ = ()

    # -- legality --------------------------------------------------------------------------------
    def _candidates(self) -> list[tuple[Any, ...]]:
        ph, me = self.phase, self._mover()
        if ph in ("setup_discard", "hand_limit"):
            return [("discard", c) for c in sorted(set(self.hands[me]))]
        if ph == "turn":
            out: list[tuple[Any, ...]] = [("scout",)]
            out += [("move", *q) for q in neighbours(self.team) if q in self.desert]
            out += [("clear", *q) for q in neighbours(self.team) if q in self.desert]
            out += [("vote", p) for p in self.in_game() if p != self.current]
            out += [("give_up",), ("end_turn",)]
            return out
        if ph == "scout_keep":
            return [("keep", t) for t in dict.fromkeys(self.pending["drawn"])]
        if ph == "place":
            return [("place", *p, r) for p, r in self.pending["options"]]
        if ph == "mountain":
            return [("remove", "top"), ("remove", "bottom")]
        if ph == "crash":
            return [("crash", c, r) for c in dict.fromkeys(self.pending["drawn"]) for r in self.in_game()]
        if ph == "pile":
            piles: list[tuple[Any, ...]] = [("pile", c) for c in sorted(set(self.hands[me]))]
            out = piles + [("pile", "life")]
            return out + [("roll",) if self.pending["revealed"] else ("done",)]
        if ph == "pay":
            return [("pay", "life"), ("pay", "recovery")]
        if ph == "trait":
            return [("trait", "keep"), ("trait", "discard")]
        if ph == "take_life":
            return [("take_life", p) for p in range(self.players)]
        if ph in ("vote", "give_up"):
            return [("ballot", "yes"), ("ballot", "no")]
        return []

    def _legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions now: listed directly where a phase has a listing in
        :data:`LISTINGS`, else :meth:`_legal_reference`."""
        if self.result is not None:
            return ()
        listing = LISTINGS.get(self.phase)
        return self._legal_reference() if listing is None else listing(self)

    def _legal_reference(self) -> tuple[Action, ...]:
        """The legal actions by the rules' own checks: every candidate that :meth:`_problem`
        does not refuse. The reference that the direct listings are tested against
        (tests/groom_lake/test_legal_listings.py)."""
        if self.result is not None:
            return ()
        return tuple(Action(a) for a in self._candidates() if self._problem(a) is None)

    # -- direct listings ---------------------------------------------------------------------------
    # A search player asks for the legal actions after every action of every playout, and most
    # candidates of a turn are refused: building a refusal (a rule id and a sentence) for each
    # cost more than the rest of the action. These list the legal actions of the busiest phases
    # with the same conditions as the ``_problem_*`` checks, as plain booleans, in the order of
    # :meth:`_candidates`; a rule change is made in both (the listing test compares them on
    # random games under every flag that changes them).
    def _list_turn(self) -> tuple[Action, ...]:
        ap, used, rules, team = self.ap, self.used, self.rules, self.team
        desert, tokens, again = self.desert, self.map_tokens, rules.repeat_actions
        near = [(q, desert.get(q)) for q in neighbours(team)]
        out = []
        if (ap >= 1 and (again or "scout" not in used)  # GL-R12, GL-A21
                and any(tile is None for _, tile in near)  # GL-R13
                and self.next_stack() is not None):  # GL-A6
            out.append(Action(("scout",)))
        if again or "move" not in used:
            for q, tile in near:  # GL-R17: not a Canyon, cleared, AP for the terrain
                if tile is None or tile.terrain == "canyon":
                    continue
                if q not in tokens and self._obstacle(tile) is not None:
                    continue
                if ap >= (2 if self._terrain(tile) == "mountain" else 1):
                    out.append(Action(("move", *q)))
        if (ap >= 1 and (again or "clear" not in used)  # GL-R19, GL-A1
                and not (rules.limited_tokens and len(tokens) >= rules.component("map"))):
            out += [Action(("clear", *q)) for q, tile in near if tile is not None
                    and q not in tokens and self._obstacle(tile) is not None]
        if ap >= 2 and (again or "vote" not in used):  # GL-R27
            out += [Action(("vote", p)) for p in self.in_game() if p != self.current]
        if rules.give_up != "disabled" and "give_up" not in used:  # GL-A29
            out.append(Action(("give_up",)))
        out.append(Action(("end_turn",)))
        return tuple(out)

    def _list_discard(self) -> tuple[Action, ...]:
        keep = INFECTION if not self.rules.infection_discardable_from_hand else None  # GL-A15
        return tuple(Action(("discard", c)) for c in sorted(set(self.hands[self._mover()]))
                     if c != keep)

    def _list_place(self) -> tuple[Action, ...]:
        # The options were found fitting at this priority level (GL-R14, GL-R15) with the
        # Desert and the Team as they are now: nothing moves between scouting and placing.
        return tuple(Action(("place", *p, r)) for p, r in self.pending["options"])

    def _list_crash(self) -> tuple[Action, ...]:
        drawn, rules = self.pending["drawn"], self.rules
        forced = (INFECTION in drawn and rules.crash_site_draw_is_acquire
                  and not rules.infection_discardable_from_hand)  # GL-A15
        seats = self.in_game()
        return tuple(Action(("crash", c, r)) for c in dict.fromkeys(drawn)
                     if not forced or c == INFECTION for r in seats)

    def _list_pile(self) -> tuple[Action, ...]:
        me, deck = self._mover(), self.deck
        out = [Action(("pile", c)) for c in sorted(set(self.hands[me]))
               if c != "life" and deck.kind(c) != "trait"]  # GL-R19
        if self.life[me] >= 1:
            out.append(Action(("pile", "life")))
        out.append(Action(("roll",) if self.pending["revealed"] else ("done",)))  # GL-R20
        return tuple(out)

    def _list_take_life(self) -> tuple[Action, ...]:
        pend, eligible = self.pending, self._victims()
        hit = pend["hit"]
        spread = (pend["left"] == 1 and hit and all(h == hit[0] for h in hit)
                  and any(v != hit[0] for v in eligible))  # GL-R24, GL-A16
        return tuple(Action(("take_life", p)) for p in range(self.players)
                     if p in eligible and not (spread and p == hit[0]))

    def _check(self, action: tuple[Any, ...]) -> None:
        problem = self._problem(action)
        if problem is not None:
            raise problem

    def _problem(self, action: tuple[Any, ...]) -> RuleError | None:
        """Why ``action`` is refused now (an :class:`IllegalAction` naming the rule), or None."""
        kind, ph = action[0], self.phase
        allowed = PHASE_ACTIONS.get(ph, ())
        if kind not in allowed:
            return IllegalAction("NB-ARG", f"the game is waiting for {WAITING_FOR[ph]}, so "
                                 f"{show(kind)} cannot be played now")
        return PROBLEMS[kind](self, *action[1:])

    def _ap_problem(self, cost: int, what: str) -> RuleError | None:
        if self.ap < cost:  # GL-R12
            return IllegalAction("GL-R12", f"{what} costs {cost} Action Point{'s' * (cost > 1)} and "
                                 f"P{self.current + 1} has {self.ap} left")
        return None

    def _repeat_problem(self, kind: str) -> RuleError | None:
        if not self.rules.repeat_actions and kind in self.used:  # GL-A21
            return IllegalAction("GL-A21", f"under repeat_actions=False each action is taken at "
                                 f"most once a turn, and {kind} was already taken")
        return None

    def _problem_discard(self, card: str) -> RuleError | None:
        me = self._mover()
        if card not in self.hands[me]:
            return IllegalAction("GL-R6", f"P{me + 1} holds no {card} card to discard")
        if card == INFECTION and not self.rules.infection_discardable_from_hand:  # GL-A15
            return IllegalAction("GL-A15", "The Infection cannot be discarded from a hand: once "
                                 "acquired it stays until a random draw reveals it")
        return None

    def _problem_scout(self) -> RuleError | None:
        problem = self._ap_problem(1, "Scouting") or self._repeat_problem("scout")
        if problem:
            return problem
        if not self.desert.empty_neighbours(self.team):  # GL-R13
            return IllegalAction("GL-R13", f"the Team's tile {fmt(self.team)} has no empty space "
                                 "north, east, south or west of it, so there is nowhere to scout")
        if self.next_stack() is None:  # GL-A6
            return IllegalAction("GL-A6", "no Desert tile is left in any stack or discard pile")
        return None

    def _problem_end_turn(self) -> RuleError | None:
        return None

    def _problem_give_up(self) -> RuleError | None:
        if self.rules.give_up == "disabled":
            return IllegalAction("GL-A29", "giving up is disabled under give_up='disabled'")
        if "give_up" in self.used:
            return IllegalAction("GL-A29", "a give-up vote was already called this turn")
        return None

    def _problem_move(self, x: int, y: int) -> RuleError | None:
        q = (x, y)
        tile = self.desert.get(q)
        if tile is None:
            return IllegalAction("GL-R17", f"there is no tile at {fmt(q)} to move onto")
        if q not in neighbours(self.team):  # GL-R17 / GL-A8: one orthogonal step
            return IllegalAction("GL-A8", f"{fmt(q)} is not an orthogonal neighbour of the Team's "
                                 f"tile {fmt(self.team)}; the Team moves one step at a time")
        if tile.terrain == "canyon":  # GL-R17
            return IllegalAction("GL-R17", f"{fmt(q)} is a Canyon, and the Team can never move onto "
                                 "a Canyon")
        if not self._cleared(q):  # GL-R10, GL-R17
            name, value = self._shown(q)
            return IllegalAction("GL-R17", f"{fmt(q)} shows {OBSTACLE_NAMES[name]} {value} and has "
                                 "no Map Token yet: it must be cleared before the Team can enter")
        cost = 2 if self._terrain(tile) == "mountain" else 1
        what = "moving onto a Mountain" if cost == 2 else "moving"
        return self._ap_problem(cost, what.capitalize()) or self._repeat_problem("move")

    def _problem_clear(self, x: int, y: int) -> RuleError | None:
        q = (x, y)
        tile = self.desert.get(q)
        if tile is None:
            return IllegalAction("GL-R19", f"there is no tile at {fmt(q)} to clear")
        if q not in neighbours(self.team):  # GL-R19: orthogonal neighbours only (GL-R9)
            where = "diagonal to" if q in diagonals(self.team) else "not next to"
            return IllegalAction("GL-R19", f"{fmt(q)} is {where} the Team's tile {fmt(self.team)}; "
                                 "only an orthogonal neighbour can be cleared")
        if self._obstacle(tile) is None:
            return IllegalAction("GL-R19", f"{fmt(q)} ({tile.name}) shows no obstacle to clear")
        if q in self.map_tokens:
            return IllegalAction("GL-R10", f"{fmt(q)} is already cleared (it has a Map Token)")
        if self.rules.limited_tokens and len(self.map_tokens) >= self.rules.component("map"):
            return IllegalAction("GL-A1", "no Map Token is left to mark a cleared tile")
        return self._ap_problem(1, "An attempt to clear") or self._repeat_problem("clear")

    def _problem_vote(self, target: int) -> RuleError | None:
        if not 0 <= target < self.players or target in self.out:
            return IllegalAction("GL-R27", f"P{target + 1} is not a player in the game")
        if target == self.current:
            return IllegalAction("GL-R27", "the caller cannot call a vote against themself")
        return self._ap_problem(2, "Calling a vote") or self._repeat_problem("vote")

    def _problem_keep(self, tile_id: str) -> RuleError | None:
        if tile_id not in self.pending["drawn"]:
            return IllegalAction("GL-R13", f"{tile_id} is not one of the scouted tiles "
                                 f"({', '.join(self.pending['drawn'])})")
        return None

    def _problem_place(self, x: int, y: int, rotation: int) -> RuleError | None:
        p = (x, y)
        tile = self.tileset[self.pending["tile"]]
        if rotation not in (0, 90, 180, 270):
            return IllegalAction("GL-R14", f"a tile turns by 0, 90, 180 or 270 degrees, not {rotation}")
        if p in self.desert:
            return IllegalAction("GL-R15", f"{fmt(p)} already holds {self.desert[p].name}")
        bad, touches = self.desert._check_fit(tile, p, rotation, self.rules.edge_match)
        if touches == 0:
            return IllegalAction("GL-R15", f"{fmt(p)} is not next to any placed tile")
        if bad:  # GL-R14
            return IllegalAction("GL-R14", f"{tile.id} turned {rotation}° does not fit at {fmt(p)}: "
                                 + "; ".join(m.sentence() for m in bad))
        level = self.pending["level"]
        mine = 1 if p in neighbours(self.team) else 2 if p in diagonals(self.team) else 3
        if mine != level:  # GL-R15
            spots = sorted({q for q, _ in self.pending["options"]})
            return IllegalAction("GL-R15", f"{tile.id} fits {PRIORITY_NAMES[level]}, at "
                                 f"{', '.join(fmt(q) for q in spots)}, so it must go there "
                                 f"(priority {level}), not at {fmt(p)} (priority {mine})")
        return None

    def _problem_remove(self, end: str) -> RuleError | None:
        if end not in ("top", "bottom"):
            return IllegalAction("GL-R17", f"remove the \"top\" or the \"bottom\" card, not {show(end)}")
        return None

    def _problem_crash(self, card: str, recipient: int) -> RuleError | None:
        drawn = self.pending["drawn"]
        if card not in drawn:
            return IllegalAction("GL-R18", f"{card} is not one of the drawn cards ({', '.join(drawn)})")
        if not 0 <= recipient < self.players or recipient in self.out:
            return IllegalAction("GL-R18", f"P{recipient + 1} is not a player in the game")
        if (INFECTION in drawn and card != INFECTION and self.rules.crash_site_draw_is_acquire
                and not self.rules.infection_discardable_from_hand):  # GL-A15
            return IllegalAction("GL-A15", "the leader acquired The Infection by drawing it and "
                                 "cannot discard it, so it must be the card given")
        return None

    def _problem_pile(self, card: str) -> RuleError | None:
        me = self._mover()
        if card == "life":
            if self.life[me] < 1:
                return IllegalAction("GL-R19", f"P{me + 1} has no Life token to add")
            return None
        if card not in self.hands[me]:
            return IllegalAction("GL-R19", f"P{me + 1} holds no {card} card")
        if self.deck.kind(card) == "trait":  # GL-R19
            return IllegalAction("GL-R19", f"{card} is a Human Scoring Trait card, and scoring "
                                 "traits may not be played into a clearing pile")
        return None

    def _problem_done(self) -> RuleError | None:
        if self.pending["revealed"]:
            return IllegalAction("GL-R20", "the pile is already revealed: add cards face up or roll")
        return None

    def _problem_roll(self) -> RuleError | None:
        if not self.pending["revealed"]:
            return IllegalAction("GL-R19", "every player must finish adding face-down cards "
                                 "before the pile is revealed and rolled")
        return None

    def _problem_pay(self, what: str) -> RuleError | None:
        me = self._mover()
        if what == "life":
            return None if self.life[me] > 0 else IllegalAction("GL-R26", f"P{me + 1} has no Life token")
        if what == "recovery":
            return None if "recovery" in self.hands[me] else IllegalAction(
                "GL-R26", f"P{me + 1} holds no Recovery card")
        return IllegalAction("GL-R23", f"pay with \"life\" or \"recovery\", not {show(what)}")

    def _problem_trait(self, choice: str) -> RuleError | None:
        if choice not in ("keep", "discard"):
            return IllegalAction("GL-R23", f"choose \"keep\" or \"discard\", not {show(choice)}")
        return None

    def _problem_take_life(self, victim: int) -> RuleError | None:
        pend = self.pending
        eligible = self._victims()
        if victim not in eligible:
            return IllegalAction("GL-R24", f"P{victim + 1} is not another player in the game with a "
                                 "Life token to lose")
        hit = pend["hit"]
        if pend["left"] == 1 and hit and all(h == hit[0] for h in hit) and victim == hit[0] and any(
                v != hit[0] for v in eligible):  # GL-R24 / GL-A16: spread over two players
            return IllegalAction("GL-R24", "the Infection's losses must be spread over at least "
                                 f"two players, and every token so far came from P{hit[0] + 1}")
        return None

    def _problem_ballot(self, vote: str) -> RuleError | None:
        if vote not in ("yes", "no"):
            return IllegalAction("GL-R27", f"vote \"yes\" or \"no\", not {show(vote)}")
        return None




#: Action kind -> the Legality method that says why it is refused now, or None (called as
#: ``PROBLEMS[kind](state, *args)``). An explicit table rather than a name built from the kind, so
#: every check is named where it is used; :meth:`Legality._problem` looks a kind up only after
#: finding it among the phase's actions (:data:`.actions.PHASE_ACTIONS`), which parse_action
#: has already limited to the kinds of :data:`.actions.ARITY`.
PROBLEMS: Final[Mapping[str, Callable[..., RuleError | None]]] = {
    "discard": Legality._problem_discard, "scout": Legality._problem_scout,
    "end_turn": Legality._problem_end_turn, "give_up": Legality._problem_give_up,
    "move": Legality._problem_move, "clear": Legality._problem_clear,
    "vote": Legality._problem_vote, "keep": Legality._problem_keep,
    "place": Legality._problem_place, "remove": Legality._problem_remove,
    "crash": Legality._problem_crash, "pile": Legality._problem_pile,
    "done": Legality._problem_done, "roll": Legality._problem_roll,
    "pay": Legality._problem_pay, "trait": Legality._problem_trait,
    "take_life": Legality._problem_take_life, "ballot": Legality._problem_ballot,
}


#: Phase -> the direct listing of its legal actions (the other phases list theirs by
#: :meth:`Legality._legal_reference`: they have two or three candidates).
LISTINGS: Final[Mapping[str, Callable[[Legality], tuple[Action, ...]]]] = {
    "turn": Legality._list_turn, "setup_discard": Legality._list_discard,
    "hand_limit": Legality._list_discard, "place": Legality._list_place,
    "crash": Legality._list_crash, "pile": Legality._list_pile,
    "take_life": Legality._list_take_life,
}
