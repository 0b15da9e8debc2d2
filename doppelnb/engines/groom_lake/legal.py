"""Who acts, which actions the rules allow now and, for any other, the rule id and one plain
sentence saying why not (GL-R6..GL-R27 and the variant flags GL-A..).

Every function here reads a *position*: a :class:`~.state.State`, or the
:class:`~.apply.Draft` its next state is built in (the same fields, by name), so that a fast
playout (:func:`.players.playout`) lists the legal actions of a draft it changes in place exactly
as the states of the plain game list them. Nothing here changes a position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.checks import show
from ...core.errors import IllegalAction, RuleError
from ...core.made_once import MadeOnce
from .actions import (
    PHASE_ACTIONS,
    WAITING_FOR,
    Action,
    Ballot,
    Clear,
    Crash,
    Discard,
    Done,
    EndTurn,
    GiveUp,
    Keep,
    Move,
    Pay,
    Pile,
    Place,
    Remove,
    Roll,
    Scout,
    TakeLife,
    Trait,
    Vote,
    parse_action,
)
from .cards import INFECTION
from .notation import PLAYER_COUNTS
from .paths import next_stack, team_distance
from .placement import PRIORITY_NAMES
from .rules import (
    SETUP_HAND,
    first_over,
    infection_victims,
    obstacle,
    seat_order,
    terrain,
)
from .tiles import OBSTACLE_NAMES, Coord, diagonals, fmt, neighbours


# -- who acts (GL-R6, GL-R12, GL-R19..GL-R27, GL-A24) ------------------------------------------
def to_move(s: Any) -> int | None:
    """The seat whose decision the position waits for, None once the game is over."""
    if s.result is not None:
        return None
    ph, pend = s.phase, s.pending
    if ph == "setup_discard":
        return over_setup_hand(s)
    if ph == "hand_limit":
        return over_hand_limit(s)
    if ph == "pile":
        return int(s.current if pend["revealed"] else pend["order"][pend["idx"]])
    if ph in ("pay", "trait"):
        return int(pend["queue"][0])
    if ph == "take_life":
        return int(pend["infected"])
    if ph in ("vote", "give_up"):
        return int(pend["voters"][pend["idx"]])
    return int(s.current)


def mover(s: Any) -> int:
    """:func:`to_move` of a position whose game is not over."""
    seat = to_move(s)
    assert seat is not None, "the game is over"
    return seat


def order_from(s: Any, first: int, include_out: bool = False) -> list[int]:
    """Seats in turn order (GL-A20) from the seat ``first``; players out skipped."""
    return seat_order(s.players, s.step, s.out, first, include_out)


def in_game(s: Any) -> list[int]:
    return [p for p in range(s.players) if p not in s.out]


def over_setup_hand(s: Any) -> int | None:
    """The first seat from the leader still holding more than the set-up hand (GL-R6)."""
    return first_over(s.hands, order_from(s, s.current), SETUP_HAND)


def over_hand_limit(s: Any) -> int | None:
    """The first seat from the leader over the hand limit (GL-A24), if there is one."""
    return first_over(s.hands, order_from(s, s.current), s.rules.hand_limit)


def victims(s: Any) -> list[int]:
    """Who The Infection revealed now can take a Life token from (GL-R24, GL-A16)."""
    return infection_victims(s.rules, in_game(s), s.pending["infected"], s.life, s.hands)


def scout_stack(s: Any) -> str | None:
    """The stack the next scouted tile comes from (GL-R16, GL-A5), None if no tile is left."""
    return next_stack(s.rules, team_distance(s.rules, s.desert, s.team), s.stacks,
                      s.reshuffled, s.tile_discards)


def cleared(s: Any, q: Coord) -> bool:
    """GL-R10 for a placed tile: no obstacle icon, or a Map Token on it."""
    return q in s.map_tokens or obstacle(s.rules, s.desert[q]) is None


def shown(s: Any, q: Coord) -> tuple[str, int]:
    """The obstacle at the placed tile ``q`` (there must be one) and its value."""
    found = obstacle(s.rules, s.desert[q])
    assert found is not None, f"no obstacle at {q}"
    return found


# -- legality ----------------------------------------------------------------------------------
def candidates(s: Any) -> list[tuple[Any, ...]]:
    ph, me = s.phase, mover(s)
    if ph in ("setup_discard", "hand_limit"):
        return [("discard", c) for c in sorted(set(s.hands[me]))]
    if ph == "turn":
        out: list[tuple[Any, ...]] = [("scout",)]
        out += [("move", *q) for q in neighbours(s.team) if q in s.desert]
        out += [("clear", *q) for q in neighbours(s.team) if q in s.desert]
        out += [("vote", p) for p in in_game(s) if p != s.current]
        out += [("give_up",), ("end_turn",)]
        return out
    if ph == "scout_keep":
        return [("keep", t) for t in dict.fromkeys(s.pending["drawn"])]
    if ph == "place":
        return [("place", *p, r) for p, r in s.pending["options"]]
    if ph == "mountain":
        return [("remove", "top"), ("remove", "bottom")]
    if ph == "crash":
        return [("crash", c, r) for c in dict.fromkeys(s.pending["drawn"]) for r in in_game(s)]
    if ph == "pile":
        piles: list[tuple[Any, ...]] = [("pile", c) for c in sorted(set(s.hands[me]))]
        out = piles + [("pile", "life")]
        return out + [("roll",) if s.pending["revealed"] else ("done",)]
    if ph == "pay":
        return [("pay", "life"), ("pay", "recovery")]
    if ph == "trait":
        return [("trait", "keep"), ("trait", "discard")]
    if ph == "take_life":
        return [("take_life", p) for p in range(s.players)]
    if ph in ("vote", "give_up"):
        return [("ballot", "yes"), ("ballot", "no")]
    return []


def legal_actions(s: Any) -> tuple[Action, ...]:
    """The legal actions now: listed directly where a phase has a listing in
    :data:`LISTINGS`, else :func:`legal_reference`."""
    if s.result is not None:
        return ()
    listing = LISTINGS.get(s.phase)
    return legal_reference(s) if listing is None else listing(s)


def legal_reference(s: Any) -> tuple[Action, ...]:
    """The legal actions by the rules' own checks: every candidate that :func:`refusal`
    does not refuse. The reference that the direct listings are tested against
    (tests/groom_lake/test_legal_listings.py)."""
    if s.result is not None:
        return ()
    return tuple(parse_action(a) for a in candidates(s) if refusal(s, a) is None)


# -- direct listings ---------------------------------------------------------------------------
# A search player asks for the legal actions after every action of every playout, and most
# candidates of a turn are refused: building a refusal (a rule id and a sentence) for each
# cost more than the rest of the action. These list the legal actions of the busiest phases
# with the same conditions as the ``_problem_*`` checks, as plain booleans, in the order of
# :func:`candidates`; a rule change is made in both (the listing test compares them on
# random games under every flag that changes them). They hand out actions made once
# (:class:`~doppelnb.core.made_once.MadeOnce`, below).
_new = tuple.__new__  # a class and its items -> the action (NamedTuple's __new__ is a Python call)


Made = MadeOnce[Any, Action]
_MOVES = Made(lambda q: _new(Move, ("move", *q)))  # by position (x, y)
_CLEARS = Made(lambda q: _new(Clear, ("clear", *q)))  # by position (x, y)
_PLACES = Made(lambda option: _new(Place, ("place", *option[0], option[1])))  # by ((x, y), turn)
_CRASHES = Made(lambda given: _new(Crash, ("crash", *given)))  # by (card, seat)
_DISCARDS = Made(lambda card: _new(Discard, ("discard", card)))
_PILES = Made(lambda card: _new(Pile, ("pile", card)))
_KEEPS = Made(lambda tile: _new(Keep, ("keep", tile)))


def _list_turn(s: Any) -> tuple[Action, ...]:
    ap, used, rules, team, tokens = s.ap, s.used, s.rules, s.team, s.map_tokens
    again = rules.repeat_actions
    tiles = s.desert._tiles  # (Desert.get, without the method call: asked at every turn step)
    near = [(q, tiles.get(q)) for q in neighbours(team)]
    out: list[Action] = []
    if (ap >= 1 and (again or "scout" not in used)  # GL-R12, GL-A21
            and any(tile is None for _, tile in near)  # GL-R13
            and scout_stack(s) is not None):  # GL-A6
        out.append(_SCOUT)
    moving = again or "move" not in used
    clearing = (ap >= 1 and (again or "clear" not in used)  # GL-R19, GL-A1
                and not (rules.limited_tokens and len(tokens) >= rules.component("map")))
    clears: list[Action] = []
    heat = rules.open_desert_always_high_heat  # GL-A9: .rules.obstacle, inlined
    for q, tile in near:
        if tile is None:
            continue
        kind = tile.terrain
        if q not in tokens and (tile.obstacle or (heat and kind == "open_desert")):  # GL-R10
            if clearing:
                clears.append(_CLEARS[q])
        elif moving and kind != "canyon":  # GL-R17: not a Canyon, cleared, AP to enter
            if kind == "start":
                kind = rules.start_tile_terrain  # GL-A8: .rules.terrain, inlined
            if ap >= (2 if kind == "mountain" else 1):
                out.append(_MOVES[q])
    out += clears
    if ap >= 2 and (again or "vote" not in used):  # GL-R27
        current, gone = s.current, s.out
        out += [_VOTES[p] for p in range(s.players) if p != current and p not in gone]
    if rules.give_up != "disabled" and "give_up" not in used:  # GL-A29
        out.append(_GIVE_UP)
    out.append(_END_TURN)
    return tuple(out)


def _list_discard(s: Any) -> tuple[Action, ...]:
    keep = INFECTION if not s.rules.infection_discardable_from_hand else None  # GL-A15
    return tuple(_DISCARDS[c] for c in sorted(set(s.hands[mover(s)])) if c != keep)


def _list_place(s: Any) -> tuple[Action, ...]:
    # The options were found fitting at this priority level (GL-R14, GL-R15) with the
    # Desert and the Team as they are now: nothing moves between scouting and placing.
    return tuple(_PLACES[option] for option in s.pending["options"])  # (position, rotation)


def _list_crash(s: Any) -> tuple[Action, ...]:
    drawn, rules = s.pending["drawn"], s.rules
    forced = (INFECTION in drawn and rules.crash_site_draw_is_acquire
              and not rules.infection_discardable_from_hand)  # GL-A15
    seats = in_game(s)
    return tuple(_CRASHES[c, r] for c in dict.fromkeys(drawn)
                 if not forced or c == INFECTION for r in seats)


def _list_pile(s: Any) -> tuple[Action, ...]:
    me, deck = mover(s), s.deck
    out = [_PILES[c] for c in sorted(set(s.hands[me]))
           if c != "life" and deck.kind(c) != "trait"]  # GL-R19
    if s.life[me] >= 1:
        out.append(_PILE_LIFE)
    out.append(_ROLL if s.pending["revealed"] else _DONE)  # GL-R20
    return tuple(out)


def _list_take_life(s: Any) -> tuple[Action, ...]:
    pend, eligible = s.pending, victims(s)
    hit = pend["hit"]
    spread = (pend["left"] == 1 and hit and all(h == hit[0] for h in hit)
              and any(v != hit[0] for v in eligible))  # GL-R24, GL-A16
    return tuple(_TAKE_LIFE[p] for p in range(s.players)
                 if p in eligible and not (spread and p == hit[0]))


def _list_pay(s: Any) -> tuple[Action, ...]:
    me = mover(s)  # GL-R26: a Life token, or a Recovery card held
    return tuple(a for a, ok in ((_PAY_LIFE, s.life[me] > 0),
                                 (_PAY_RECOVERY, "recovery" in s.hands[me])) if ok)


def _list_keep(s: Any) -> tuple[Action, ...]:
    return tuple(_KEEPS[t] for t in dict.fromkeys(s.pending["drawn"]))  # GL-R13


def _list_ballot(s: Any) -> tuple[Action, ...]:
    return _BALLOTS  # GL-R27, GL-A29


def _list_remove(s: Any) -> tuple[Action, ...]:
    return _REMOVES  # GL-R17


def _list_trait(s: Any) -> tuple[Action, ...]:
    return _TRAITS  # GL-R23


#: Actions every listing shares, made once (an action is an immutable tuple).
_SCOUT, _GIVE_UP, _END_TURN = Scout("scout"), GiveUp("give_up"), EndTurn("end_turn")
_VOTES = tuple(Vote("vote", p) for p in range(max(PLAYER_COUNTS)))
_TAKE_LIFE = tuple(TakeLife("take_life", p) for p in range(max(PLAYER_COUNTS)))
_PAY_LIFE, _PAY_RECOVERY = Pay("pay", "life"), Pay("pay", "recovery")
_PILE_LIFE, _DONE, _ROLL = Pile("pile", "life"), Done("done"), Roll("roll")
_BALLOTS = (Ballot("ballot", "yes"), Ballot("ballot", "no"))
_REMOVES = (Remove("remove", "top"), Remove("remove", "bottom"))
_TRAITS = (Trait("trait", "keep"), Trait("trait", "discard"))


def refusal(s: Any, action: tuple[Any, ...]) -> RuleError | None:
    """Why ``action`` is refused now (an :class:`IllegalAction` naming the rule), or None."""
    kind, ph = action[0], s.phase
    allowed = PHASE_ACTIONS.get(ph, ())
    if kind not in allowed:
        return IllegalAction("NB-ARG", f"the game is waiting for {WAITING_FOR[ph]}, so "
                             f"{show(kind)} cannot be played now")
    return PROBLEMS[kind](s, *action[1:])


def _ap_problem(s: Any, cost: int, what: str) -> RuleError | None:
    if s.ap < cost:  # GL-R12
        return IllegalAction("GL-R12", f"{what} costs {cost} Action Point{'s' * (cost > 1)} and "
                             f"P{s.current + 1} has {s.ap} left")
    return None


def _repeat_problem(s: Any, kind: str) -> RuleError | None:
    if not s.rules.repeat_actions and kind in s.used:  # GL-A21
        return IllegalAction("GL-A21", f"under repeat_actions=False each action is taken at "
                             f"most once a turn, and {kind} was already taken")
    return None


def _problem_discard(s: Any, card: str) -> RuleError | None:
    me = mover(s)
    if card not in s.hands[me]:
        return IllegalAction("GL-R6", f"P{me + 1} holds no {card} card to discard")
    if card == INFECTION and not s.rules.infection_discardable_from_hand:  # GL-A15
        return IllegalAction("GL-A15", "The Infection cannot be discarded from a hand: once "
                             "acquired it stays until a random draw reveals it")
    return None


def _problem_scout(s: Any) -> RuleError | None:
    problem = _ap_problem(s, 1, "Scouting") or _repeat_problem(s, "scout")
    if problem:
        return problem
    if not s.desert.empty_neighbours(s.team):  # GL-R13
        return IllegalAction("GL-R13", f"the Team's tile {fmt(s.team)} has no empty space "
                             "north, east, south or west of it, so there is nowhere to scout")
    if scout_stack(s) is None:  # GL-A6
        return IllegalAction("GL-A6", "no Desert tile is left in any stack or discard pile")
    return None


def _problem_end_turn(s: Any) -> RuleError | None:
    return None


def _problem_give_up(s: Any) -> RuleError | None:
    if s.rules.give_up == "disabled":
        return IllegalAction("GL-A29", "giving up is disabled under give_up='disabled'")
    if "give_up" in s.used:
        return IllegalAction("GL-A29", "a give-up vote was already called this turn")
    return None


def _problem_move(s: Any, x: int, y: int) -> RuleError | None:
    q = (x, y)
    tile = s.desert.get(q)
    if tile is None:
        return IllegalAction("GL-R17", f"there is no tile at {fmt(q)} to move onto")
    if q not in neighbours(s.team):  # GL-R17 / GL-A8: one orthogonal step
        return IllegalAction("GL-A8", f"{fmt(q)} is not an orthogonal neighbour of the Team's "
                             f"tile {fmt(s.team)}; the Team moves one step at a time")
    if tile.terrain == "canyon":  # GL-R17
        return IllegalAction("GL-R17", f"{fmt(q)} is a Canyon, and the Team can never move onto "
                             "a Canyon")
    if not cleared(s, q):  # GL-R10, GL-R17
        name, value = shown(s, q)
        return IllegalAction("GL-R17", f"{fmt(q)} shows {OBSTACLE_NAMES[name]} {value} and has "
                             "no Map Token yet: it must be cleared before the Team can enter")
    cost = 2 if terrain(s.rules, tile) == "mountain" else 1
    what = "moving onto a Mountain" if cost == 2 else "moving"
    return _ap_problem(s, cost, what.capitalize()) or _repeat_problem(s, "move")


def _problem_clear(s: Any, x: int, y: int) -> RuleError | None:
    q = (x, y)
    tile = s.desert.get(q)
    if tile is None:
        return IllegalAction("GL-R19", f"there is no tile at {fmt(q)} to clear")
    if q not in neighbours(s.team):  # GL-R19: orthogonal neighbours only (GL-R9)
        where = "diagonal to" if q in diagonals(s.team) else "not next to"
        return IllegalAction("GL-R19", f"{fmt(q)} is {where} the Team's tile {fmt(s.team)}; "
                             "only an orthogonal neighbour can be cleared")
    if obstacle(s.rules, tile) is None:
        return IllegalAction("GL-R19", f"{fmt(q)} ({tile.name}) shows no obstacle to clear")
    if q in s.map_tokens:
        return IllegalAction("GL-R10", f"{fmt(q)} is already cleared (it has a Map Token)")
    if s.rules.limited_tokens and len(s.map_tokens) >= s.rules.component("map"):
        return IllegalAction("GL-A1", "no Map Token is left to mark a cleared tile")
    return _ap_problem(s, 1, "An attempt to clear") or _repeat_problem(s, "clear")


def _problem_vote(s: Any, target: int) -> RuleError | None:
    if not 0 <= target < s.players or target in s.out:
        return IllegalAction("GL-R27", f"P{target + 1} is not a player in the game")
    if target == s.current:
        return IllegalAction("GL-R27", "the caller cannot call a vote against themself")
    return _ap_problem(s, 2, "Calling a vote") or _repeat_problem(s, "vote")


def _problem_keep(s: Any, tile_id: str) -> RuleError | None:
    if tile_id not in s.pending["drawn"]:
        return IllegalAction("GL-R13", f"{tile_id} is not one of the scouted tiles "
                             f"({', '.join(s.pending['drawn'])})")
    return None


def _problem_place(s: Any, x: int, y: int, rotation: int) -> RuleError | None:
    p = (x, y)
    tile = s.tileset[s.pending["tile"]]
    if rotation not in (0, 90, 180, 270):
        return IllegalAction("GL-R14", f"a tile turns by 0, 90, 180 or 270 degrees, not {rotation}")
    if p in s.desert:
        return IllegalAction("GL-R15", f"{fmt(p)} already holds {s.desert[p].name}")
    bad, touches = s.desert._check_fit(tile, p, rotation, s.rules.edge_match)
    if touches == 0:
        return IllegalAction("GL-R15", f"{fmt(p)} is not next to any placed tile")
    if bad:  # GL-R14
        return IllegalAction("GL-R14", f"{tile.id} turned {rotation}° does not fit at {fmt(p)}: "
                             + "; ".join(m.sentence() for m in bad))
    level = s.pending["level"]
    mine = 1 if p in neighbours(s.team) else 2 if p in diagonals(s.team) else 3
    if mine != level:  # GL-R15
        spots = sorted({q for q, _ in s.pending["options"]})
        return IllegalAction("GL-R15", f"{tile.id} fits {PRIORITY_NAMES[level]}, at "
                             f"{', '.join(fmt(q) for q in spots)}, so it must go there "
                             f"(priority {level}), not at {fmt(p)} (priority {mine})")
    return None


def _problem_remove(s: Any, end: str) -> RuleError | None:
    if end not in ("top", "bottom"):
        return IllegalAction("GL-R17", f"remove the \"top\" or the \"bottom\" card, not {show(end)}")
    return None


def _problem_crash(s: Any, card: str, recipient: int) -> RuleError | None:
    drawn = s.pending["drawn"]
    if card not in drawn:
        return IllegalAction("GL-R18", f"{card} is not one of the drawn cards ({', '.join(drawn)})")
    if not 0 <= recipient < s.players or recipient in s.out:
        return IllegalAction("GL-R18", f"P{recipient + 1} is not a player in the game")
    if (INFECTION in drawn and card != INFECTION and s.rules.crash_site_draw_is_acquire
            and not s.rules.infection_discardable_from_hand):  # GL-A15
        return IllegalAction("GL-A15", "the leader acquired The Infection by drawing it and "
                             "cannot discard it, so it must be the card given")
    return None


def _problem_pile(s: Any, card: str) -> RuleError | None:
    me = mover(s)
    if card == "life":
        if s.life[me] < 1:
            return IllegalAction("GL-R19", f"P{me + 1} has no Life token to add")
        return None
    if card not in s.hands[me]:
        return IllegalAction("GL-R19", f"P{me + 1} holds no {card} card")
    if s.deck.kind(card) == "trait":  # GL-R19
        return IllegalAction("GL-R19", f"{card} is a Human Scoring Trait card, and scoring "
                             "traits may not be played into a clearing pile")
    return None


def _problem_done(s: Any) -> RuleError | None:
    if s.pending["revealed"]:
        return IllegalAction("GL-R20", "the pile is already revealed: add cards face up or roll")
    return None


def _problem_roll(s: Any) -> RuleError | None:
    if not s.pending["revealed"]:
        return IllegalAction("GL-R19", "every player must finish adding face-down cards "
                             "before the pile is revealed and rolled")
    return None


def _problem_pay(s: Any, what: str) -> RuleError | None:
    me = mover(s)
    if what == "life":
        return None if s.life[me] > 0 else IllegalAction("GL-R26", f"P{me + 1} has no Life token")
    if what == "recovery":
        return None if "recovery" in s.hands[me] else IllegalAction(
            "GL-R26", f"P{me + 1} holds no Recovery card")
    return IllegalAction("GL-R23", f"pay with \"life\" or \"recovery\", not {show(what)}")


def _problem_trait(s: Any, choice: str) -> RuleError | None:
    if choice not in ("keep", "discard"):
        return IllegalAction("GL-R23", f"choose \"keep\" or \"discard\", not {show(choice)}")
    return None


def _problem_take_life(s: Any, victim: int) -> RuleError | None:
    pend = s.pending
    eligible = victims(s)
    if victim not in eligible:
        return IllegalAction("GL-R24", f"P{victim + 1} is not another player in the game with a "
                             "Life token to lose")
    hit = pend["hit"]
    if pend["left"] == 1 and hit and all(h == hit[0] for h in hit) and victim == hit[0] and any(
            v != hit[0] for v in eligible):  # GL-R24 / GL-A16: spread over two players
        return IllegalAction("GL-R24", "the Infection's losses must be spread over at least "
                             f"two players, and every token so far came from P{hit[0] + 1}")
    return None


def _problem_ballot(s: Any, vote: str) -> RuleError | None:
    if vote not in ("yes", "no"):
        return IllegalAction("GL-R27", f"vote \"yes\" or \"no\", not {show(vote)}")
    return None


#: Action kind -> the function that says why it is refused now, or None (called as
#: ``PROBLEMS[kind](position, *args)``). An explicit table rather than a name built from the kind, so
#: every check is named where it is used; :func:`refusal` looks a kind up only after
#: finding it among the phase's actions (:data:`.actions.PHASE_ACTIONS`), which parse_action
#: has already limited to the kinds of :data:`.actions.ARITY`.
PROBLEMS: Final[Mapping[str, Callable[..., RuleError | None]]] = {
    "discard": _problem_discard, "scout": _problem_scout,
    "end_turn": _problem_end_turn, "give_up": _problem_give_up,
    "move": _problem_move, "clear": _problem_clear,
    "vote": _problem_vote, "keep": _problem_keep,
    "place": _problem_place, "remove": _problem_remove,
    "crash": _problem_crash, "pile": _problem_pile,
    "done": _problem_done, "roll": _problem_roll,
    "pay": _problem_pay, "trait": _problem_trait,
    "take_life": _problem_take_life, "ballot": _problem_ballot,
}


#: Phase -> the direct listing of its legal actions (every phase a player acts in; "over" has
#: none, and :func:`legal_reference` stays the rules' own reference the listings are tested
#: against).
LISTINGS: Final[Mapping[str, Callable[[Any], tuple[Action, ...]]]] = {
    "turn": _list_turn, "setup_discard": _list_discard,
    "hand_limit": _list_discard, "place": _list_place,
    "crash": _list_crash, "pile": _list_pile,
    "take_life": _list_take_life, "pay": _list_pay, "trait": _list_trait,
    "scout_keep": _list_keep, "mountain": _list_remove, "vote": _list_ballot,
    "give_up": _list_ballot,
}


#: How :func:`action_label` words the kinds that need no look-up.
_ACTION_WORDS = {"discard": "discard {0}", "scout": "scout", "end_turn": "end the turn",
                 "give_up": "propose giving up", "keep": "keep tile {0}",
                 "remove": "remove the {0} discard", "pile": "add {0} to the pile",
                 "done": "add nothing more", "roll": "roll the dice", "pay": "pay with {0}",
                 "trait": "{0} the revealed card", "ballot": "vote {0}"}


def card_words(card: str) -> str:
    """A Supply card's name as a player says it: ``field_notes`` -> ``field notes`` (here beside
    :func:`action_label`, which says it; :mod:`.render` imports it, as legal cannot import render:
    render reads the state, which reads this module)."""
    return str(card).replace("_", " ")


def action_label(state: Any, action: tuple[Any, ...]) -> str:
    """The action in a player's words ("add canteen to the pile"), for move lists and
    refusals: beside the legal listing, as in every engine (issue 26)."""
    kind, args = action[0], action[1:]
    if kind in ("move", "clear"):
        tile = state.tile_at(tuple(args))
        what = f" ({tile.name})" if tile and tile.terrain != "start" else ""
        return f"{kind} to {fmt(tuple(args))}{what}" if kind == "move" else f"clear {fmt(tuple(args))}{what}"
    if kind == "place":
        return f"place {state.pending['tile'] if state.pending else '?'} at {fmt(args[:2])} turned {args[2]}°"
    if kind == "vote":
        return f"call a vote against P{args[0] + 1}"
    if kind == "crash":
        return f"give {card_words(args[0])} to P{args[1] + 1}"
    if kind == "take_life":
        return f"take a Life token from P{args[0] + 1}"
    if kind in ("pile", "pay") and args[0] in ("life", "recovery"):
        what = "a Life token" if args[0] == "life" else "a Recovery card"
        return f"add {what} to the pile" if kind == "pile" else f"pay {what}"
    words = _ACTION_WORDS.get(kind)
    if words is not None:
        return words.format(*(card_words(a) if isinstance(a, str) else a for a in args))
    return " ".join([kind.replace("_", " "), *map(str, args)])


__all__ = ["to_move", "mover", "order_from", "in_game", "victims", "scout_stack", "legal_actions",
           "legal_reference", "candidates", "refusal", "action_label", "PROBLEMS", "LISTINGS"]
