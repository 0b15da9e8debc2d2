"""What every Groom Lake position can answer: who acts, what is legal and why not, the views.

:class:`Queries` is shared by the frozen :class:`~.state.State` and the private draft that
:mod:`.flow` builds the next state in; it never changes anything.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.checks import check_seat, show
from ...core.errors import BadInput, IllegalAction, RuleError
from .actions import END_REASONS, PHASE_ACTIONS, WAITING_FOR, Action
from .cards import INFECTION, SupplyDeck
from .desert import Desert, reachable, stack_to_draw
from .notation import check_coord
from .rules import Rules
from .tiles import (
    ALWAYS_HIGH_HEAT_VALUE,
    OBSTACLE_NAMES,
    Coord,
    TileSet,
    diagonals,
    fmt,
    neighbours,
)

LIFE_BY_PLAYERS = {3: 6, 4: 5, 5: 4, 6: 3}  # GL-R4
PLAYER_COUNTS = (3, 4, 5, 6)  # GL-R1
ACTION_POINTS = 2  # GL-R12
SETUP_HAND = 3  # GL-R6
ACTION_COST = {"scout": 1, "clear": 1, "vote": 2}  # GL-R12 (moves: 1, or 2 onto a Mountain)


class Queries:
    """Read-only questions about a position (GL-R8..GL-R32)."""

    __slots__ = ()

    players: int
    rules: Rules
    seed: int
    tileset: TileSet
    deck: SupplyDeck
    desert: Desert
    team: Coord
    map_tokens: frozenset[Coord]
    stacks: Any
    tile_discards: tuple[str, ...]
    reshuffled: bool
    tile_shuffles: int
    life: tuple[int, ...]
    characters: tuple[str, ...]
    roles: tuple[str, ...]
    leftover: Any
    supply: tuple[str, ...]
    supply_discards: tuple[str, ...]
    supply_shuffles: int
    removed: tuple[str, ...]
    infected: frozenset[int]
    out: frozenset[int]
    step: int
    hands: tuple[tuple[str, ...], ...]
    current: int
    ap: int
    banked: tuple[int, ...]
    used: frozenset[str]
    pending: Any
    attempts: int
    scout_log: tuple[Any, ...]
    turn_number: int
    result: str | None
    life_removed: int
    events: tuple[str, ...]
    phase: str

    def _over_setup_hand(self) -> int | None:
        for p in self.order_from(self.current):
            if len(self.hands[p]) > SETUP_HAND:
                return p
        return None

    # -- small queries ---------------------------------------------------------------------------
    def in_game(self) -> list[int]:
        return [p for p in range(self.players) if p not in self.out]

    def order_from(self, first: int, include_out: bool = False) -> list[int]:
        """Seats in turn order (GL-A20) starting with ``first``; players out are skipped."""
        first = check_seat(first, self.players, "first")
        seats = [(first + i * self.step) % self.players for i in range(self.players)]
        return [p for p in seats if include_out or p not in self.out]

    def _placed(self, p: Any, name: str = "position") -> Coord:
        q = check_coord(p, name)
        if q not in self.desert.tiles:
            raise BadInput("NB-ARG", f"{name} must be the position of a placed tile, got {fmt(q)}")
        return q

    def tile_at(self, p: Coord):
        """The tile at ``p``, or None where no tile is placed."""
        return self.desert.tiles.get(check_coord(p, "position"))

    def terrain(self, p: Coord) -> str:
        tile = self.desert.tiles[self._placed(p)]
        return self.rules.start_tile_terrain if tile.terrain == "start" else tile.terrain  # GL-A8

    def obstacle(self, p: Coord) -> tuple[str, int] | None:
        """The obstacle shown at ``p`` and its value, or None (GL-R10, GL-A9)."""
        tile = self.desert.tiles[self._placed(p)]
        if tile.obstacle:
            return tile.obstacle, tile.value
        if self.rules.open_desert_always_high_heat and tile.terrain == "open_desert":
            return "high_heat", ALWAYS_HIGH_HEAT_VALUE
        return None

    def is_cleared(self, p: Coord) -> bool:
        """GL-R10: no obstacle icon, or a Map Token on it."""
        p = self._placed(p)
        return self.obstacle(p) is None or p in self.map_tokens

    def team_distance(self) -> int:
        """GL-R16 / GL-A4: the Team's distance to START."""
        d = self.desert.distance[self.team]
        return d + 1 if self.rules.distance_mode == "tiles_inclusive" else d

    def remaining(self) -> dict[str, int]:
        return {k: len(v) for k, v in self.stacks.items() if k != "discards"}

    def next_stack(self) -> str | None:
        """The stack the next scouted tile comes from (GL-R16, GL-A5), None if no tile is left."""
        scope_all = self.rules.reshuffled_stack_scope == "all_draws"
        name = stack_to_draw(self.team_distance(), self.remaining(),
                             reshuffled=self.reshuffled and scope_all)
        if name == "discards":
            if self.stacks["discards"] or self.tile_discards:
                return "discards"
            # [INFERRED] the reshuffled stack and the discards are both empty: any tile still in
            # an original stack is drawn by the ordinary chain.
            name = stack_to_draw(self.team_distance(), self.remaining())
            return None if name == "discards" else name
        return name

    def tiles_left(self) -> int:
        return sum(len(v) for v in self.stacks.values()) + len(self.tile_discards)

    def points(self, player: int) -> int:
        """GL-R32: points on the Human Scoring Traits (and Alien Proof, GL-A25) held."""
        player = check_seat(player, self.players, "player")
        values = dict(self.deck.points)
        values.update(dict(self.rules.scoring_values))
        total = 0
        for card in self.hands[player]:
            kind = self.deck.kind(card)
            if kind == "trait" or (kind == "alien_proof" and self.rules.alien_proof_scores):
                total += values.get(card, 0)
        return total

    def humans_in_game(self) -> list[int]:
        return [p for p in self.in_game() if self.roles[p] == "human"]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (GL-R31, GL-A30)."""
        if self.result is None:
            return ()
        if self.result == "civilization":  # GL-R31.1 / GL-R32: most points among Humans in game
            humans = self.humans_in_game()
            if not humans:
                return ()
            best = max(self.points(p) for p in humans)
            return tuple(p for p in humans if self.points(p) == best)
        if self.result == "gave_up":  # GL-R31.3 (rulebook line 280): removed Aliens win too
            return tuple(p for p in range(self.players) if self.roles[p] == "alien")
        return tuple(p for p in range(self.players) if self.roles[p] == "alien"
                     and (p not in self.out or self.rules.removed_aliens_share_win))

    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        ph, pend = self.phase, self.pending
        if ph == "setup_discard":
            return self._over_setup_hand()
        if ph == "hand_limit":
            return self._over_hand_limit()
        if ph == "pile":
            return self.current if pend["revealed"] else pend["order"][pend["idx"]]
        if ph in ("pay", "trait"):
            return pend["queue"][0]
        if ph == "take_life":
            return pend["infected"]
        if ph in ("vote", "give_up"):
            return pend["voters"][pend["idx"]]
        return self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for each winner, 0 otherwise (ties are shared, GL-R31.1)."""
        won = set(self.winners)
        return tuple(int(p in won) for p in range(self.players))


    def action_label(self, action: tuple) -> str:
        kind, args = action[0], action[1:]
        if kind in ("move", "clear"):
            tile = self.tile_at(tuple(args))
            what = f" ({tile.name})" if tile else ""
            return f"{kind} to {fmt(tuple(args))}{what}" if kind == "move" else f"clear {fmt(tuple(args))}{what}"
        if kind == "place":
            return f"place {self.pending['tile'] if self.pending else '?'} at {fmt(args[:2])} turned {args[2]}°"
        if kind == "vote":
            return f"call a vote against P{args[0] + 1}"
        if kind == "crash":
            return f"give {args[0]} to P{args[1] + 1}"
        if kind == "take_life":
            return f"take a Life token from P{args[0] + 1}"
        return " ".join([kind.replace("_", " "), *map(str, args)])


    # -- legality --------------------------------------------------------------------------------
    def _candidates(self) -> list[tuple]:
        ph, me = self.phase, self.to_move
        if ph in ("setup_discard", "hand_limit"):
            return [("discard", c) for c in sorted(set(self.hands[me]))]
        if ph == "turn":
            out = [("scout",)]
            out += [("move", *q) for q in neighbours(self.team) if q in self.desert.tiles]
            out += [("clear", *q) for q in neighbours(self.team) if q in self.desert.tiles]
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
            out = [("pile", c) for c in sorted(set(self.hands[me]))] + [("pile", "life")]
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
        if self.result is not None:
            return ()
        return tuple(Action(a) for a in self._candidates() if self._problem(a) is None)

    def legal_actions_uncached(self) -> list[tuple]:
        if self.result is not None:
            return []
        return [a for a in self._candidates() if self._problem(a) is None]

    def _check(self, action: tuple) -> None:
        problem = self._problem(action)
        if problem is not None:
            raise problem

    def _problem(self, action: tuple) -> RuleError | None:
        """Why ``action`` is refused now (an :class:`IllegalAction` naming the rule), or None."""
        kind, ph = action[0], self.phase
        allowed = PHASE_ACTIONS.get(ph, ())
        if kind not in allowed:
            return IllegalAction("NB-ARG", f"the game is waiting for {WAITING_FOR[ph]}, so "
                                 f"{kind!r} cannot be played now")
        return getattr(self, f"_problem_{kind}")(*action[1:])

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
        me = self.to_move
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
        tile = self.tile_at(q)
        if tile is None:
            return IllegalAction("GL-R17", f"there is no tile at {fmt(q)} to move onto")
        if q not in neighbours(self.team):  # GL-R17 / GL-A8: one orthogonal step
            return IllegalAction("GL-A8", f"{fmt(q)} is not an orthogonal neighbour of the Team's "
                                 f"tile {fmt(self.team)}; the Team moves one step at a time")
        if tile.terrain == "canyon":  # GL-R17
            return IllegalAction("GL-R17", f"{fmt(q)} is a Canyon, and the Team can never move onto "
                                 "a Canyon")
        if not self.is_cleared(q):  # GL-R10, GL-R17
            name, value = self.obstacle(q)
            return IllegalAction("GL-R17", f"{fmt(q)} shows {OBSTACLE_NAMES[name]} {value} and has "
                                 "no Map Token yet: it must be cleared before the Team can enter")
        cost = 2 if self.terrain(q) == "mountain" else 1
        what = "moving onto a Mountain" if cost == 2 else "moving"
        return self._ap_problem(cost, what.capitalize()) or self._repeat_problem("move")

    def _problem_clear(self, x: int, y: int) -> RuleError | None:
        q = (x, y)
        tile = self.tile_at(q)
        if tile is None:
            return IllegalAction("GL-R19", f"there is no tile at {fmt(q)} to clear")
        if q not in neighbours(self.team):  # GL-R19: orthogonal neighbours only (GL-R9)
            where = "diagonal to" if q in diagonals(self.team) else "not next to"
            return IllegalAction("GL-R19", f"{fmt(q)} is {where} the Team's tile {fmt(self.team)}; "
                                 "only an orthogonal neighbour can be cleared")
        if self.obstacle(q) is None:
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
        if p in self.desert.tiles:
            return IllegalAction("GL-R15", f"{fmt(p)} already holds {self.desert.tiles[p].name}")
        bad, touches = self.desert.check_fit(tile, p, rotation, self.rules.edge_match)
        if touches == 0:
            return IllegalAction("GL-R15", f"{fmt(p)} is not next to any placed tile")
        if bad:  # GL-R14
            return IllegalAction("GL-R14", f"{tile.id} turned {rotation}° does not fit at {fmt(p)}: "
                                 + "; ".join(m.sentence() for m in bad))
        level = self.pending["level"]
        mine = 1 if p in neighbours(self.team) else 2 if p in diagonals(self.team) else 3
        if mine != level:  # GL-R15
            from .desert import PRIORITY_NAMES

            spots = sorted({q for q, _ in self.pending["options"]})
            return IllegalAction("GL-R15", f"{tile.id} fits {PRIORITY_NAMES[level]}, at "
                                 f"{', '.join(fmt(q) for q in spots)}, so it must go there "
                                 f"(priority {level}), not at {fmt(p)} (priority {mine})")
        return None

    def _problem_remove(self, end: str) -> RuleError | None:
        if end not in ("top", "bottom"):
            return IllegalAction("GL-R17", f"remove the \"top\" or the \"bottom\" card, not {end!r}")
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
        me = self.to_move
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
        me = self.to_move
        if what == "life":
            return None if self.life[me] > 0 else IllegalAction("GL-R26", f"P{me + 1} has no Life token")
        if what == "recovery":
            return None if "recovery" in self.hands[me] else IllegalAction(
                "GL-R26", f"P{me + 1} holds no Recovery card")
        return IllegalAction("GL-R23", f"pay with \"life\" or \"recovery\", not {what!r}")

    def _problem_trait(self, choice: str) -> RuleError | None:
        if choice not in ("keep", "discard"):
            return IllegalAction("GL-R23", f"choose \"keep\" or \"discard\", not {choice!r}")
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
            return IllegalAction("GL-R27", f"vote \"yes\" or \"no\", not {vote!r}")
        return None

    def _victims(self) -> list[int]:
        infected = self.pending["infected"]
        blockable = self.rules.infection_loss_blockable_by_recovery
        return [p for p in self.in_game() if p != infected and (
            self.life[p] > 0 or (blockable and "recovery" in self.hands[p]))]


    def _over_hand_limit(self) -> int | None:
        limit = self.rules.hand_limit
        for p in self.order_from(self.current):
            if limit is not None and len(self.hands[p]) > limit:
                return p
        return None


    # -- views and pictures ----------------------------------------------------------------------
    def reachable(self) -> set[Coord]:
        """Tiles the Team could walk to through cleared, non-Canyon tiles (GL-R17)."""
        return reachable(self.desert, self.team,
                         lambda q: self.is_cleared(q))

    def placement_report(self, tile_id: str | None = None):
        """Why each position/rotation of a tile is legal or not here (GL-R14, GL-R15); by default
        the scouted tile waiting to be placed."""
        if tile_id is None:
            if self.phase != "place":
                raise BadInput("NB-ARG", "no scouted tile is waiting to be placed; name a tile id")
            tile_id = self.pending["tile"]
        if not isinstance(tile_id, str):
            raise BadInput("NB-ARG", f"tile_id must be a tile id (text), got {show(tile_id)}")
        return self.desert.explain_placement(self.tileset[tile_id], self.team, self.rules.edge_match)

    def explain(self, action: Any) -> str:
        """"legal", or the rule id and the plain reason why ``action`` is refused now."""
        try:
            parsed = self.parse_action(action)
        except RuleError as exc:
            return str(exc)
        if self.result is not None:
            return "NB-ARG: the game is over; no more actions can be played"
        problem = self._problem(parsed)
        return "legal" if problem is None else str(problem)

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (GL-R8): own hand and role, public counts, the open Desert.

        ``player=None`` is the public view (what an onlooker sees): no hand and no role.
        """
        if player is not None:
            player = check_seat(player, self.players, "player")
        pend = self.pending or {}
        public_pending: dict = {"phase": self.phase}
        if self.phase == "pile":
            public_pending["pile_size"] = len(pend["cards"]) + sum(pend["life"])
            if pend["revealed"]:
                public_pending["pile"] = sorted(c for _, c in pend["cards"])
        if self.phase == "scout_keep" and player == self.current:
            public_pending["drawn"] = list(pend["drawn"])
        if self.phase in ("trait", "take_life", "pay"):  # the revealed random draw is public
            if "revealed_card" in pend and self.phase == "trait":
                public_pending["revealed_card"] = pend["revealed_card"]
        return {
            "you": player, "role": None if player is None else self.roles[player],
            "hand": [] if player is None else list(self.hands[player]),
            "life": list(self.life), "hand_sizes": [len(h) for h in self.hands],
            "out": sorted(self.out), "leader": self.current, "ap": self.ap,
            "team": self.team, "tiles": {q: (t.id, self.desert.rotation[q])
                                         for q, t in self.desert.tiles.items()},
            "map_tokens": sorted(self.map_tokens), "stacks": self.remaining(),
            "tile_discards": len(self.tile_discards), "supply_left": len(self.supply),
            "supply_discards": len(self.supply_discards), "pending": public_pending,
            "result": self.result,
        }

    # -- conserved quantities (the soak and stateful tests call this) ------------------------------
    def invariants(self) -> tuple[str, ...]:
        """A description of every violated conserved quantity; empty when all hold.

        Tiles: every tile of the set is in exactly one place (a stack, the discards, the Desert or
        the scout in hand). Supply cards: hands, deck, discards, removed cards, the clearing pile,
        a Crash Site hand-out and the leftover role stack hold the deck exactly. Life tokens: held,
        in the pile and removed add up to the tokens dealt. Map Tokens lie on placed tiles.
        """
        problems: list[str] = []
        pend = self.pending or {}
        # tiles (GL-R2, GL-R13..GL-R16)
        where = Counter(t for stack in self.stacks.values() for t in stack)
        where.update(self.tile_discards)
        where.update(t.id for q, t in self.desert.tiles.items() if q != self.desert.start)
        if self.phase == "scout_keep":
            where.update(pend["drawn"])
        if self.phase == "place":
            where[pend["tile"]] += 1
        expected = Counter(list(self.tileset.tiles))
        if where != expected:
            lost, extra = expected - where, where - expected
            problems.append(f"tiles not conserved: missing {sorted(lost)[:5]}, "
                            f"extra {sorted(extra)[:5]}")
        # Supply cards (GL-R5, GL-R6, GL-R11, GL-R25, GL-R30)
        cards = Counter(self.supply)
        cards.update(self.supply_discards)
        cards.update(self.removed)
        for hand in self.hands:
            cards.update(hand)
        if "cards" in pend:  # the clearing pile, until the attempt is finished (GL-R25)
            cards.update(c for _, c in pend["cards"])
        if self.phase == "crash":
            cards.update(pend["drawn"])
        if self.leftover:
            cards.update(self.leftover[1])
        deck = Counter(self.deck.cards())
        if cards != deck:
            problems.append(f"Supply cards not conserved: missing {dict(deck - cards)}, "
                            f"extra {dict(cards - deck)}")
        # Life tokens (GL-R4, GL-R19, GL-R26)
        dealt = LIFE_BY_PLAYERS[self.players] * self.players
        in_pile = sum(pend["life"]) if "life" in pend else 0
        if sum(self.life) + in_pile + self.life_removed != dealt or min(self.life) < 0:
            problems.append(f"Life tokens not conserved: {sum(self.life)} held + {in_pile} in the "
                            f"pile + {self.life_removed} removed != {dealt} dealt")
        if not self.map_tokens <= set(self.desert.tiles):
            problems.append("a Map Token lies off the Desert")
        if self.team not in self.desert.tiles:
            problems.append("the Team stands off the Desert")
        if self.ap < 0:
            problems.append(f"negative Action Points ({self.ap})")
        if any(self.roles[p] != "alien" for p in self.infected):
            problems.append("an infected player is not an Alien (GL-R29)")
        if (self.result is None) != (self.phase != "over"):
            problems.append("the phase and the result disagree about the end")
        return tuple(problems)

    def __str__(self) -> str:
        """A text transcript: the map (T the Team), then seats, stacks, the pending step, events.

        Shows the whole state, hidden parts included (a view shows a player's share).
        """
        status = END_REASONS[self.result] if self.result else (
            f"P{self.current + 1} leads with {self.ap} AP; waiting for {WAITING_FOR[self.phase]}")
        lines = [self.desert.ascii(self.team), status]
        for p in range(self.players):
            mark = " (out)" if p in self.out else ""
            lines.append(f"P{p + 1} {self.roles[p]}{mark}: life {self.life[p]}; "
                         f"hand {' '.join(self.hands[p]) or '-'}")
        stacks = ", ".join(f"{k}:{len(v)}" for k, v in self.stacks.items())
        lines.append(f"team {fmt(self.team)} distance {self.team_distance()}; map tokens "
                     f"{len(self.map_tokens)}; stacks {stacks}; tile discards "
                     f"{len(self.tile_discards)}; supply {len(self.supply)}, discards "
                     f"{len(self.supply_discards)}, removed {len(self.removed)}")
        if self.pending:
            shown = ", ".join(f"{k}={v}" for k, v in sorted(self.pending.items()))
            lines.append(f"pending: {shown}")
        lines.extend(f"- {e}" for e in self.events)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)

