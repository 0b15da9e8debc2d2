"""The game state: set-up, turns of two Action Points, scouting, moving, clearing, votes, the end.

Every choice a player makes is an action (JSON: ``["move", 1, 0]``, ``["pile", "canteen"]``,
``["ballot", "yes"]``); every chance event (shuffles, dice, the random card draw) draws from its own
seeded stream, so a game replays exactly from its record. Hidden information (Supply hands, roles,
the discarded scouting tile, a face-down clearing pile) is in the state; :meth:`State.view` shows a
player only what they may see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from ...core.chance import rng_for
from ...core.checks import check_int, check_players, check_seat, check_sequence, show
from ...core.errors import BadInput, IllegalAction, RuleError
from ...core.state import GameState
from .cards import INFECTION, load_deck
from .desert import Desert, is_trapped, reachable, stack_to_draw
from .odds import dice_breakdown
from .rules import DEFAULT_RULES, Rules, check_rules
from .tiles import (
    ALWAYS_HIGH_HEAT_VALUE,
    OBSTACLE_NAMES,
    Coord,
    diagonals,
    fmt,
    load_tiles,
    neighbours,
)

LIFE_BY_PLAYERS = {3: 6, 4: 5, 5: 4, 6: 3}  # GL-R4
PLAYER_COUNTS = (3, 4, 5, 6)  # GL-R1
ACTION_POINTS = 2  # GL-R12
SETUP_HAND = 3  # GL-R6
ACTION_COST = {"scout": 1, "clear": 1, "vote": 2}  # GL-R12 (moves: 1, or 2 onto a Mountain)

# action name -> argument types
ARITY: dict[str, tuple[type, ...]] = {
    "discard": (str,), "scout": (), "end_turn": (), "give_up": (), "move": (int, int),
    "clear": (int, int), "vote": (int,), "keep": (str,), "place": (int, int, int),
    "remove": (str,), "crash": (str, int), "pile": (str,), "done": (), "roll": (),
    "pay": (str,), "trait": (str,), "take_life": (int,), "ballot": (str,),
}
WAITING_FOR = {
    "setup_discard": "a set-up discard (GL-R6)", "turn": "the leader's next action",
    "scout_keep": "the choice of which scouted tile to keep (GL-R13)",
    "place": "the placement of the scouted tile (GL-R15)",
    "mountain": "the choice of the top or bottom discard to remove (GL-R17)",
    "crash": "the Crash Site hand-out (GL-R18)", "hand_limit": "a hand-limit discard (GL-A24)",
    "pile": "cards for the clearing pile (GL-R19)", "pay": "a Life token or Recovery payment (GL-R23)",
    "trait": "keeping or discarding the revealed card (GL-R23)",
    "take_life": "the Infection's Life-token removal (GL-R24)", "vote": "a ballot (GL-R27)",
    "give_up": "a ballot on giving up (GL-R31, GL-A29)", "over": "nothing: the game is over",
}
END_REASONS = {
    "civilization": "the Team reached Civilization: the Humans escape (GL-R31.1)",
    "no_humans": "no Humans remain in the game: the Alien(s) win (GL-R31.2)",
    "gave_up": "the players gave up: the Alien(s) win (GL-R31.3)",
    "trapped": "the Team is trapped by Canyons: the Alien(s) win (GL-R31.4)",
}


class ReadOnlyMap(Mapping):
    """A read-only mapping for the state's small tables (stacks, the pending step).

    >>> m = ReadOnlyMap({"3": ("T1",)})
    >>> m["3"], dict(m)
    (('T1',), {'3': ('T1',)})
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping | None = None) -> None:
        self._data = dict(data or {})

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ReadOnlyMap({self._data!r})"

    def __copy__(self) -> ReadOnlyMap:
        return self

    def __deepcopy__(self, memo: dict) -> ReadOnlyMap:
        return self

    def __reduce__(self) -> tuple:
        return (ReadOnlyMap, (self._data,))


def _ro(value: Mapping | None) -> ReadOnlyMap | None:
    if value is None or isinstance(value, ReadOnlyMap):
        return value
    return ReadOnlyMap(value)


def _coord_arg(value: Any, name: str) -> Coord:
    pair = check_sequence(value, name, min_len=2, max_len=2,
                          item=lambda v, n: check_int(v, n))
    return (pair[0], pair[1])


def _remove_one(hand: tuple, card: str) -> tuple:
    items = list(hand)
    items.remove(card)
    return tuple(items)


def _add_one(hand: tuple, card: str) -> tuple:
    return tuple(sorted(hand + (card,)))


class State(GameState):
    """One moment of a game of Groom Lake (immutable; ``play`` returns the next state)."""

    game = "groom_lake"
    Rules = Rules
    option_names = frozenset({"layout", "team", "map_tokens"})

    # -- set-up (GL-R1..GL-R7) -------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
        self = cls.__new__(cls)
        self._init_record(players, rules, seed, options)
        seed = self.seed
        self.tileset = load_tiles(rules.tiles)
        self.deck = load_deck(rules.supply_deck)
        # GL-R2: START in the middle, the Team on it, three shuffled stacks.
        self.desert = Desert(self.tileset.start)
        self.team = self.desert.start
        self.map_tokens = frozenset()
        stacks = {}
        for back in ("3", "6", "compass"):
            ids = list(self.tileset.stack(back))
            rng_for(seed, "tiles", back).shuffle(ids)
            stacks[back] = tuple(ids)
        stacks["discards"] = ()
        self.stacks = stacks
        self.tile_discards = ()
        self.reshuffled = False
        self.tile_shuffles = 0
        self._arrange(options)
        # GL-R4 (and GL-A1 when tokens are limited)
        per = LIFE_BY_PLAYERS[players]
        if rules.limited_tokens and rules.component("life") < per * players:
            raise BadInput("GL-A1", f"{players} players need {per * players} Life tokens but the box "
                           f"holds {rules.component('life')}")
        self.life = (per,) * players
        # GL-R5: N Humans + the Alien (one Human fewer to guarantee an Alien, GL-A31).
        cards = self.deck.cards()
        cards.remove("recovery")
        cards.remove("recovery")
        rng_for(seed, "supply", 0).shuffle(cards)
        humans = players - 1 if rules.guarantee_alien else players
        role_stacks = [("alien", ("recovery", "recovery"))]
        for _ in range(humans):
            role_stacks.append(("human", tuple(cards[:2])))
            cards = cards[2:]
        rng_for(seed, "roles").shuffle(role_stacks)
        seats, leftover = role_stacks[:players], role_stacks[players:]
        self.characters = tuple(role for role, _ in seats)  # the Character cards (GL-R28)
        self.roles = self.characters  # allegiance now: The Infection turns Humans (GL-R29)
        hands = [list(hand) for _, hand in seats]
        self.leftover = leftover[0] if leftover else None
        if self.leftover and rules.leftover_stack == "return_cards_to_deck":  # GL-A22
            cards = cards + list(self.leftover[1])
            rng_for(seed, "supply", 1).shuffle(cards)
            self.leftover = (self.leftover[0], ())
        self.supply = tuple(cards)
        self.supply_discards = ()
        self.supply_shuffles = 0
        self.removed = ()
        self.infected = frozenset()
        self.out = frozenset()
        self.step = 1 if rules.turn_direction == "clockwise" else -1  # GL-A20
        # GL-R6 / GL-A23: 10 more cards, one at a time from a random player.
        dealer_start = rng_for(seed, "deal-start").randrange(players)
        extra = 10 if rules.initial_extra_deal == "10_total" else 10 * players
        seat = dealer_start
        for _ in range(extra):
            if not self.supply:
                break  # nothing is discarded yet, so there is nothing to reshuffle (GL-R30)
            hands[seat].append(self.supply[0])
            self.supply = self.supply[1:]
            seat = (seat + self.step) % players
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        for p, hand in enumerate(self.hands):  # GL-R29: a dealt Infection makes an Alien
            if INFECTION in hand:
                self.infected |= {p}
                self.roles = self.roles[:p] + ("alien",) + self.roles[p + 1:]
        self.current = rng_for(seed, "first-player").randrange(players)  # GL-R7
        self.ap = ACTION_POINTS
        self.banked = (0,) * players
        self.used = frozenset()
        self.pending = None
        self.attempts = 0
        self.scout_log = ()
        self.turn_number = 1
        self.result = None
        self.life_removed = 0
        self.events = ("set-up done",)
        self.phase = "setup_discard" if self._over_setup_hand() is not None else "turn"
        self._settle()  # a teaching layout may already be trapped (GL-R31.4)
        self._seal()
        return self

    def _seal(self) -> None:
        """Nothing a caller can reach is shared and mutable: freeze the Desert and the tables."""
        self.desert.freeze()
        self.stacks = _ro(self.stacks)
        self.pending = _ro(self.pending)

    def _arrange(self, options: dict) -> None:
        """A teaching position: ``layout`` lists ``[x, y, tile_id, rotation]`` placed in order
        (each touching the Desert so far; red dots are not checked), ``team`` the Team's tile and
        ``map_tokens`` the cleared tiles. Stored in the record's options, so it replays."""
        layout = check_sequence(options.get("layout", []), "layout",
                                max_len=len(self.tileset.tiles))
        if layout:
            self.desert = self.desert.copy()
        used = set()
        for entry in layout:
            ok = (isinstance(entry, (list, tuple)) and len(entry) == 4
                  and all(isinstance(v, int) and not isinstance(v, bool) for v in
                          (entry[0], entry[1], entry[3])) and isinstance(entry[2], str))
            if not ok:
                raise BadInput("NB-ARG", f"a layout entry is [x, y, tile_id, rotation], not {entry!r}")
            x, y, tile_id, rot = entry
            tile = self.tileset[tile_id]
            if tile_id in used or tile is self.tileset.start:
                raise BadInput("NB-ARG", f"tile {tile_id} is used twice in the layout")
            if rot not in (0, 90, 180, 270) or (x, y) in self.desert.tiles:
                raise BadInput("NB-ARG", f"layout entry {list(entry)!r}: the position is taken or "
                               "the rotation is not 0, 90, 180 or 270")
            if not self.desert.placed_neighbours((x, y)):
                raise BadInput("NB-ARG", f"layout entry {list(entry)!r} touches no earlier tile")
            used.add(tile_id)
            self.desert._add((x, y), tile, rot)
        self.stacks = {k: tuple(t for t in v if t not in used) for k, v in self.stacks.items()}
        team = _coord_arg(options.get("team", self.desert.start), "team")
        if team not in self.desert.tiles:
            raise BadInput("NB-ARG", f"team must be the position of a placed tile, got {team!r}")
        self.team = team
        tokens = check_sequence(options.get("map_tokens", []), "map_tokens",
                                max_len=len(self.tileset.tiles) + 1, item=_coord_arg)
        marks = frozenset(tokens)
        if any(p not in self.desert.tiles for p in marks):
            raise BadInput("NB-ARG", "every Map Token must lie on a placed tile")
        self.map_tokens = marks

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
        q = _coord_arg(p, name)
        if q not in self.desert.tiles:
            raise BadInput("NB-ARG", f"{name} must be the position of a placed tile, got {fmt(q)}")
        return q

    def tile_at(self, p: Coord):
        """The tile at ``p``, or None where no tile is placed."""
        return self.desert.tiles.get(_coord_arg(p, "position"))

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

    # -- actions: parsing and labels -------------------------------------------------------------
    def parse_action(self, action: Any) -> tuple:
        if isinstance(action, str):
            action = (action,)
        if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str) \
                or action[0] not in ARITY:
            raise BadInput("NB-ARG", f"{action!r} is not a Groom Lake action; actions are "
                           f"{', '.join(ARITY)}")
        kinds = ARITY[action[0]]
        args = tuple(action[1:])
        if len(args) != len(kinds) or any(
                not isinstance(a, k) or isinstance(a, bool) for a, k in zip(args, kinds, strict=False)):
            shape = ", ".join(k.__name__ for k in kinds) or "nothing"
            raise BadInput("NB-ARG", f"the action {action[0]!r} takes {shape}, not {list(args)!r}")
        return (action[0], *args)

    def action_to_json(self, action: tuple) -> list:
        return list(action)

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

    def legal_actions(self) -> list[tuple]:
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

    # -- applying actions ------------------------------------------------------------------------
    def _apply(self, action: tuple) -> State:
        new = self._evolve(events=())
        getattr(new, f"_do_{action[0]}")(*action[1:])
        new._settle()
        new._seal()
        return new

    def _say(self, text: str) -> None:
        self.events = self.events + (text,)

    def _set(self, name: str, index: int, value) -> None:
        seq = getattr(self, name)
        setattr(self, name, seq[:index] + (value,) + seq[index + 1:])

    def _gain(self, player: int, card: str) -> None:
        """``player`` takes ``card`` into hand; The Infection makes them an Alien (GL-R29)."""
        self._set("hands", player, _add_one(self.hands[player], card))
        if card == INFECTION and player not in self.infected:
            self.infected |= {player}
            self._set("roles", player, "alien")

    def _lose(self, player: int, card: str) -> None:
        self._set("hands", player, _remove_one(self.hands[player], card))

    def _spend(self, cost: int, kind: str) -> None:
        self.ap -= cost
        self.used |= {kind}

    def _do_discard(self, card: str) -> None:
        me = self.to_move
        self._lose(me, card)
        self.supply_discards = self.supply_discards + (card,)  # GL-R11: face down
        self._say(f"P{me + 1} discards a card face down")

    def _do_end_turn(self) -> None:
        self._say(f"P{self.current + 1} ends the turn with {self.ap} AP unused")
        if self.rules.carry_over_ap:  # GL-A21
            self._set("banked", self.current, self.ap)
        self.ap = 0

    def _do_give_up(self) -> None:
        self.used |= {"give_up"}
        voters = tuple(self.order_from(self.current))
        self.phase, self.pending = "give_up", {"voters": voters, "idx": 0, "yes": 0}
        self._say(f"P{self.current + 1} proposes to give up")

    # scouting (GL-R13..GL-R16)
    def _draw_tile(self) -> str | None:
        name = self.next_stack()
        if name is None:
            return None
        if name == "discards" and not self.stacks["discards"]:  # GL-R16: reshuffle the discards
            ids = list(self.tile_discards)
            self.tile_shuffles += 1
            rng_for(self.seed, "tile-reshuffle", self.tile_shuffles).shuffle(ids)
            self.stacks = {**self.stacks, "discards": tuple(ids)}
            self.tile_discards = ()
            self.reshuffled = True
            self._say(f"the Compass stack is empty: {len(ids)} discarded tiles are reshuffled "
                      "into one stack (GL-R16)")
        stack = self.stacks[name]
        self.stacks = {**self.stacks, name: stack[1:]}
        self._last_source = name
        return stack[0]

    def _do_scout(self) -> None:
        self._spend(1, "scout")
        d = self.team_distance()
        drawn, sources = [], []
        if self.rules.short_stack == "draw_one_no_choice":  # GL-A6
            first = self._draw_tile()
            drawn.append(first)
            sources.append(self._last_source)
            if self.stacks[self._last_source]:
                drawn.append(self._draw_tile())
                sources.append(self._last_source)
        else:
            for _ in range(2):  # GL-R13 draw 2; GL-A6 top up from the fallback
                tile = self._draw_tile()
                if tile is None:
                    break
                drawn.append(tile)
                sources.append(self._last_source)
        del self._last_source
        self.scout_log = self.scout_log + ((d, tuple(sources)),)
        where = " and ".join(dict.fromkeys(f"the \"{s}\" stack" if s != "discards"
                                           else "the reshuffled stack" for s in sources))
        self._say(f"P{self.current + 1} scouts at distance {d} and draws {len(drawn)} tile"
                  f"{'s' * (len(drawn) > 1)} from {where} (GL-R16)")
        if len(drawn) == 2:
            self.phase, self.pending = "scout_keep", {"drawn": tuple(drawn)}
        else:
            self._begin_place(drawn[0])

    def _do_keep(self, tile_id: str) -> None:
        drawn = list(self.pending["drawn"])
        drawn.remove(tile_id)
        self.tile_discards = self.tile_discards + tuple(drawn)  # GL-R13: secretly, face down
        self._say(f"P{self.current + 1} keeps one tile and discards the other face down")
        self._begin_place(tile_id)

    def _begin_place(self, tile_id: str) -> None:
        tile = self.tileset[tile_id]
        level, options = self.desert.placement_options(tile, self.team, self.rules.edge_match)
        if level is None:  # GL-A7
            self.tile_discards = self.tile_discards + (tile_id,)
            self.phase, self.pending = "turn", None
            self._say(f"{tile.name} fits nowhere and is discarded (GL-A7)")
            return
        self.phase = "place"
        self.pending = {"tile": tile_id, "level": level, "options": tuple(options)}

    def _do_place(self, x: int, y: int, rotation: int) -> None:
        tile = self.tileset[self.pending["tile"]]
        desert = self.desert.copy()
        desert.place(tile, (x, y), rotation, self.rules.edge_match)
        self.desert = desert
        level = self.pending["level"]
        self.phase, self.pending = "turn", None
        self._say(f"{tile.name} is placed at {fmt((x, y))} turned {rotation}° (priority {level}); "
                  f"the Team is now {self.team_distance()} from START")

    # moving (GL-R17, GL-R18)
    def _do_move(self, x: int, y: int) -> None:
        q = (x, y)
        mountain = self.terrain(q) == "mountain"
        self._spend(2 if mountain else 1, "move")
        self.team = q
        tile = self.desert.tiles[q]
        self._say(f"the Team moves to {fmt(q)} ({tile.name})")
        self._arrive(q, mountain)

    def _arrive(self, q: Coord, mountain: bool) -> None:
        tile = self.desert.tiles[q]
        crash = tile.crash_site and q not in self.map_tokens
        if mountain and self.supply_discards:  # GL-R17 (GL-A32: nothing to remove if empty)
            self.phase, self.pending = "mountain", {"crash": q if crash else None}
            return
        if crash:
            self._begin_crash(q)
            return
        if self.terrain(q) == "civilization":  # GL-R31.1 (GL-A27: only once cleared)
            self.result = "civilization"

    def _do_remove(self, end: str) -> None:
        pile = self.supply_discards
        card = pile[-1] if end == "top" else pile[0]
        self.supply_discards = pile[:-1] if end == "top" else pile[1:]
        self.removed = self.removed + (card,)
        self._say(f"P{self.current + 1} removes the {end} discard from the game (GL-R17)")
        site = self.pending["crash"]
        self.phase, self.pending = "turn", None
        if site is not None:
            self._begin_crash(site)

    def _draw_supply(self) -> str | None:
        if not self.supply:
            if not self.supply_discards:
                return None
            cards = list(self.supply_discards)  # GL-R30
            self.supply_shuffles += 1
            rng_for(self.seed, "supply-reshuffle", self.supply_shuffles).shuffle(cards)
            self.supply, self.supply_discards = tuple(cards), ()
            self._say("the Supply deck ran out: the discard pile is reshuffled (GL-R30)")
        card, self.supply = self.supply[0], self.supply[1:]
        return card

    def _begin_crash(self, q: Coord) -> None:
        n = self.desert.tiles[q].crash_site
        self._say(f"the Team explores a Crash Site with {n} hand-out{'s' * (n > 1)} (GL-R18)")
        self._crash_round(q, n)

    def _crash_round(self, q: Coord, left: int) -> None:
        if left == 0:
            self._finish_crash(q)
            return
        drawn = [c for c in (self._draw_supply(), self._draw_supply()) if c is not None]
        if not drawn:
            self._say("no Supply card is left to hand out")
            self._finish_crash(q)
            return
        if INFECTION in drawn and self.rules.crash_site_draw_is_acquire:  # GL-A15
            if self.current not in self.infected:
                self.infected |= {self.current}
                self._set("roles", self.current, "alien")
        self.phase, self.pending = "crash", {"site": q, "left": left, "drawn": tuple(drawn)}

    def _do_crash(self, card: str, recipient: int) -> None:
        pend = self.pending
        drawn = list(pend["drawn"])
        drawn.remove(card)
        self._gain(recipient, card)
        self.supply_discards = self.supply_discards + tuple(drawn)
        self._say(f"P{self.current + 1} gives a card to P{recipient + 1}"
                  + (" and discards the other" if drawn else ""))
        self._crash_round(pend["site"], pend["left"] - 1)

    def _finish_crash(self, q: Coord) -> None:
        if not self.rules.limited_tokens or len(self.map_tokens) < self.rules.component("map"):
            self.map_tokens |= {q}  # GL-R18: the site is explored
        self.phase, self.pending = "turn", None
        if self.rules.hand_limit is not None and self._over_hand_limit() is not None:
            self.phase = "hand_limit"
        if self.terrain(q) == "civilization":
            self.result = "civilization"

    def _over_hand_limit(self) -> int | None:
        limit = self.rules.hand_limit
        for p in self.order_from(self.current):
            if limit is not None and len(self.hands[p]) > limit:
                return p
        return None

    # clearing (GL-R19..GL-R25)
    def _do_clear(self, x: int, y: int) -> None:
        self._spend(1, "clear")
        order = tuple(p for p in self.order_from(self.current) if p != self.current) + (self.current,)
        self.phase = "pile"
        self.pending = {"target": (x, y), "order": order, "idx": 0, "cards": (),
                        "life": (0,) * self.players, "revealed": False}
        name, value = self.obstacle((x, y))
        self._say(f"P{self.current + 1} attempts to clear {OBSTACLE_NAMES[name]} {value} at "
                  f"{fmt((x, y))}; every player may add cards face down (GL-R19)")

    def _do_pile(self, card: str) -> None:
        me, pend = self.to_move, self.pending
        if card == "life":
            self._set("life", me, self.life[me] - 1)
            life = pend["life"]
            self.pending = {**pend, "life": life[:me] + (life[me] + 1,) + life[me + 1:]}
        else:
            self._lose(me, card)
            self.pending = {**pend, "cards": pend["cards"] + ((me, card),)}
        face = "face up" if pend["revealed"] else "face down"
        self._say(f"P{me + 1} adds {'a Life token' if card == 'life' else 'a card'} {face}")

    def _do_done(self) -> None:
        pend = self.pending
        idx = pend["idx"] + 1
        if idx < len(pend["order"]):
            self.pending = {**pend, "idx": idx}
            return
        self.pending = {**pend, "idx": idx, "revealed": True}
        cards = sorted(c for _, c in pend["cards"])
        self._say(f"the pile is shuffled and revealed: {', '.join(cards) or 'no cards'} and "
                  f"{sum(pend['life'])} Life token(s)")

    def _do_roll(self) -> None:
        pend = self.pending
        target = pend["target"]
        obstacle, value = self.obstacle(target)
        info = dice_breakdown(obstacle, [c for _, c in pend["cards"]], sum(pend["life"]),
                              self.players, rules=self.rules)
        self.attempts += 1
        rng = rng_for(self.seed, "clear", self.attempts)
        faces = [rng.randint(1, 6) for _ in range(info["dice"])]
        total = sum(faces)
        self._say(f"{info['dice']} dice (GL-R20) roll {faces or '-'} = {total} against "
                  f"{OBSTACLE_NAMES[obstacle]} {value}")
        if total > value:  # GL-R22
            self.map_tokens |= {target}
            self._say(f"cleared: a Map Token goes on {fmt(target)} (GL-R22)")
            self._finish_attempt()
            if self.rules.auto_move_after_clear:  # GL-A26
                self.team = target
                self._say(f"the Team moves onto {fmt(target)} (auto_move_after_clear)")
                self._arrive(target, False)
            return
        # GL-R23: failure. Every player in the game rolls one die.
        rollers = self.order_from(self.current, self.rules.failure_roll_includes_out_players)
        frng = rng_for(self.seed, "failure", self.attempts)
        rolls = {p: frng.randint(1, 6) for p in sorted(rollers)}
        high = max(rolls.values())
        queue = tuple(p for p in self.order_from(self.current) if rolls.get(p) == high)
        self._say("failure (GL-R23); penalty rolls "
                  + ", ".join(f"P{p + 1}:{r}" for p, r in rolls.items())
                  + (f"; P{', P'.join(str(p + 1) for p in queue)} rolled the highest" if queue else ""))
        self.phase = "penalty"
        self.pending = {**pend, "queue": queue, "step": "pay"}

    def _finish_attempt(self) -> None:
        """GL-R25: tools go to the discard pile; other played cards and Life leave the game."""
        pend = self.pending
        for _, card in pend["cards"]:
            if self.deck.kind(card) == "tool" or self.rules.nontool_played_cards == "discard_pile":
                self.supply_discards = self.supply_discards + (card,)
            else:
                self.removed = self.removed + (card,)
        self.life_removed += sum(pend["life"])
        self.phase, self.pending = "turn", None

    def _pay(self, p: int, what: str) -> None:
        if what == "life":
            self._set("life", p, self.life[p] - 1)
            self.life_removed += 1
        else:
            self._lose(p, "recovery")
            self.removed = self.removed + ("recovery",)
        self._say(f"P{p + 1} pays {'a Life token' if what == 'life' else 'a Recovery card'} (GL-R26)")

    def _do_pay(self, what: str) -> None:
        self._pay(self.to_move, what)
        self.phase, self.pending = "penalty", {**self.pending, "step": "draw"}

    def _do_trait(self, choice: str) -> None:
        p = self.to_move
        card = self.pending["revealed_card"]
        if choice == "discard":
            self._lose(p, card)
            self.supply_discards = self.supply_discards + (card,)
        self._say(f"P{p + 1} {'keeps' if choice == 'keep' else 'discards'} the {card}")
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        pend = self.pending
        self.phase = "penalty"
        self.pending = {**pend, "queue": pend["queue"][1:], "step": "pay"}

    def _do_take_life(self, victim: int) -> None:
        pend = self.pending
        if self.rules.infection_loss_blockable_by_recovery and "recovery" in self.hands[victim]:
            self._lose(victim, "recovery")  # GL-A16 variant: the Recovery card absorbs it
            self.removed = self.removed + ("recovery",)
            self._say(f"P{victim + 1} loses a Recovery card to The Infection")
        else:
            self._set("life", victim, self.life[victim] - 1)
            self.life_removed += 1
            self._say(f"The Infection takes a Life token from P{victim + 1}")
            if self.rules.zero_tokens_eliminates and self.life[victim] == 0:  # GL-A16
                self.out |= {victim}
                self._say(f"P{victim + 1} has no Life token left and is out (zero_tokens_eliminates)")
        self.pending = {**pend, "left": pend["left"] - 1, "hit": pend["hit"] + (victim,)}
        if self.pending["left"] == 0 or not self._victims():
            self._remove_infected()

    def _remove_infected(self) -> None:
        p = self.pending["infected"]
        self.out |= {p}  # GL-R24: the infected player is removed
        self._say(f"P{p + 1} is removed from the game (GL-R24)")
        self._next_in_queue()

    def _process_penalty(self) -> None:
        """Resolve the failure queue until a player must choose (GL-R23, GL-R24, GL-R26)."""
        while self.phase == "penalty":
            pend = self.pending
            if not pend["queue"]:
                self._finish_attempt()
                return
            p = pend["queue"][0]
            if pend["step"] == "pay" and p in self.out:  # removed earlier in this queue
                self._next_in_queue()
                continue
            if pend["step"] == "pay":
                has_life, has_rec = self.life[p] > 0, "recovery" in self.hands[p]
                if has_life and has_rec:
                    self.phase = "pay"
                    return
                if has_life or has_rec:
                    self._pay(p, "life" if has_life else "recovery")
                else:  # GL-R26: left to die alone
                    self.out |= {p}
                    self._say(f"P{p + 1} can pay neither a Life token nor a Recovery card and is "
                              "out of the game (GL-R26)")
                    if self.rules.skip_draw_if_eliminated:  # GL-A13
                        self._next_in_queue()
                        continue
                self.pending = {**self.pending, "step": "draw"}
                continue
            # step "draw": a random card from the hand, revealed to all (GL-R23b)
            hand = self.hands[p]
            if not hand:
                self._say(f"P{p + 1} has no Supply card to draw")
                self._next_in_queue()
                continue
            card = hand[rng_for(self.seed, "random-draw", self.attempts, p).randrange(len(hand))]
            kind = self.deck.kind(card)
            self._say(f"a random card drawn from P{p + 1}'s hand is revealed: {card}")
            if card == INFECTION:  # GL-R24
                self.pending = {**pend, "infected": p, "hit": ()}
                take = self.life[p]
                available = sum(self.life[v] for v in self._victims())
                if self.rules.infection_loss_blockable_by_recovery:
                    available += sum(self.hands[v].count("recovery") for v in self._victims())
                left = min(take, available)
                self._say(f"P{p + 1} is infected and removes {left} Life token(s) from the others")
                self.pending = {**self.pending, "left": left}
                if left == 0:
                    self._remove_infected()
                    continue
                self.phase = "take_life"
                return
            if kind == "trait" or (kind == "alien_proof"
                                   and self.rules.alien_proof_on_random_draw == "keep_or_discard"):
                self.pending = {**pend, "revealed_card": card}
                self.phase = "trait"
                return
            self._next_in_queue()  # tools, Recovery (GL-R23b) and Alien Proof (GL-A14) are kept

    # voting (GL-R27)
    def _do_vote(self, target: int) -> None:
        self._spend(2, "vote")
        seats = self.order_from(self.current, self.rules.out_players_vote)
        voters = tuple(p for p in seats if p != target)
        self.phase, self.pending = "vote", {"target": target, "voters": voters, "idx": 0, "yes": 0}
        self._say(f"P{self.current + 1} calls a vote to leave P{target + 1} behind")

    def _do_ballot(self, vote: str) -> None:
        pend = self.pending
        yes = pend["yes"] + (vote == "yes")
        idx = pend["idx"] + 1
        self._say(f"P{self.to_move + 1} votes {vote}")
        if self.phase == "give_up":
            if vote == "no":  # GL-A29: unanimity fails at the first NO
                self._say("the Team does not give up")
                self.phase, self.pending = "turn", None
            elif idx == len(pend["voters"]):
                self.result = "gave_up"
            else:
                self.pending = {**pend, "yes": yes, "idx": idx}
            return
        if idx < len(pend["voters"]):
            self.pending = {**pend, "yes": yes, "idx": idx}
            return
        base = idx if self.rules.vote_base == "votes_cast" else len(self.in_game())
        target = pend["target"]
        if 2 * yes > base:  # GL-R27: a strict majority; a tie fails
            self.out |= {target}
            self._say(f"{yes} of {base} vote yes: P{target + 1} is left behind (GL-R27)")
        else:
            self._say(f"{yes} of {base} vote yes: no strict majority, the vote fails (GL-R27)")
        self.phase, self.pending = "turn", None

    # the flow between actions
    def _settle(self) -> None:
        if self.phase == "penalty":
            self._process_penalty()
        if self.phase == "setup_discard" and self._over_setup_hand() is None:
            self.phase = "turn"
        if self.phase == "hand_limit" and self._over_hand_limit() is None:
            self.phase = "turn"
        if self.result is None and not self.humans_in_game():  # GL-R31.2
            self.result = "no_humans"
        if (self.result is None and self.phase in ("turn", "setup_discard")
                and is_trapped(self.desert, self.team)):
            self.result = "trapped"  # GL-R31.4, GL-A28
        if self.result is not None:
            self.phase, self.pending = "over", None
            self._say(END_REASONS[self.result])
            return
        if self.phase == "turn" and (self.ap <= 0 or self.current in self.out):
            self._next_turn()

    def _next_turn(self) -> None:
        seats = self.order_from(self.current, include_out=True)[1:] + [self.current]
        nxt = next(p for p in seats if p not in self.out)
        self.current = nxt
        self.ap = ACTION_POINTS + self.banked[nxt]
        self._set("banked", nxt, 0)
        self.used = frozenset()
        self.turn_number += 1
        self._say(f"P{nxt + 1} is the leader now ({self.ap} AP)")

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
        status = END_REASONS[self.result] if self.result else (
            f"P{self.current + 1} leads with {self.ap} AP; waiting for {WAITING_FOR[self.phase]}")
        return f"{self.desert.ascii(self.team)}\n{status}"

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


PHASE_ACTIONS = {
    "setup_discard": ("discard",), "hand_limit": ("discard",),
    "turn": ("scout", "move", "clear", "vote", "give_up", "end_turn"),
    "scout_keep": ("keep",), "place": ("place",), "mountain": ("remove",), "crash": ("crash",),
    "pile": ("pile", "done", "roll"), "pay": ("pay",), "trait": ("trait",),
    "take_life": ("take_life",), "vote": ("ballot",), "give_up": ("ballot",), "over": (),
}


def new_game(players: int, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
             layout=None, team=None, map_tokens=None, **unknown: Any) -> State:
    """A new game of Groom Lake after the deal (GL-R1..GL-R7); the seed makes it replayable.

    ``layout`` / ``team`` / ``map_tokens`` start from a teaching position instead of START alone
    (see :meth:`State._arrange`); they are stored in the record, so the game still replays.
    Any other keyword is refused with :class:`BadInput`.

    >>> new_game(10.0)
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: GL-R1: players must be a whole number from 3 to 6, got 10.0
    """
    if unknown:
        raise BadInput("NB-ARG", f"unknown option(s) {', '.join(sorted(unknown))} for new_game; "
                       "options are rules, seed, layout, team and map_tokens")
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    check_rules(rules)
    if seed is not None:
        check_int(seed, "seed")
    layout = check_sequence(layout, "layout", max_len=1000) if layout is not None else None
    team = _coord_arg(team, "team") if team is not None else None
    map_tokens = (check_sequence(map_tokens, "map_tokens", max_len=1000, item=_coord_arg)
                  if map_tokens is not None else None)
    options = {}
    if layout:
        options["layout"] = [list(e) if isinstance(e, (list, tuple)) else e for e in layout]
    if team is not None:
        options["team"] = list(team)
    if map_tokens:
        options["map_tokens"] = sorted([list(p) for p in map_tokens])
    return State.initial(players, rules, seed, options)


def from_json(text: str | bytes, *, data: Any = ()) -> State:
    """Replay a JSON game record (``BadInput`` when malformed or unreplayable).

    A record never makes the package open a path: it names a shipped data file or the content hash
    of a user's tile set / Supply deck, which must then be passed here explicitly as ``data`` (a
    list of :class:`TileSet` / :class:`SupplyDeck` values, e.g. ``[load_tiles(Path("mine.json"))]``).
    """
    from .cards import SupplyDeck, register_deck
    from .tiles import TileSet, register_tiles

    for i, item in enumerate(check_sequence(data, "data", max_len=16)):
        if isinstance(item, TileSet):
            register_tiles(item)
        elif isinstance(item, SupplyDeck):
            register_deck(item)
        else:
            raise BadInput("NB-ARG", f"data[{i}] must be a TileSet or a SupplyDeck, got "
                           f"{type(item).__name__}")
    return State.from_json(text)

__all__ = ["State", "new_game", "from_json", "LIFE_BY_PLAYERS", "PLAYER_COUNTS", "ARITY",
           "END_REASONS", "ReadOnlyMap"]
