"""What every Groom Lake position can answer: who acts, what is legal and why not, the views.

:class:`Queries` is shared by the frozen :class:`~.state.State` and the private draft that
:mod:`.apply` builds the next state in; it never changes anything. Its annotations are the one
list of a position's fields: the State dataclass takes its fields from them, the draft copies
them from the State (:mod:`doppelnb.core.draft`), and mypy reads their types.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.checks import check_seat, show
from ...core.errors import BadInput, RuleError
from ...core.frozen import FrozenMap
from .actions import END_REASONS, WAITING_FOR, parse_action
from .cards import SupplyDeck
from .desert import Desert, PlacementReport
from .notation import check_coord
from .paths import first_stack, reachable
from .rules import Rules
from .tiles import (
    ALWAYS_HIGH_HEAT_VALUE,
    Coord,
    Tile,
    TileSet,
    fmt,
)

LIFE_BY_PLAYERS = {3: 6, 4: 5, 5: 4, 6: 3}  # GL-R4
PLAYER_COUNTS = (3, 4, 5, 6)  # GL-R1
ACTION_POINTS = 2  # GL-R12
SETUP_HAND = 3  # GL-R6
ACTION_COST = {"scout": 1, "clear": 1, "vote": 2}  # GL-R12 (moves: 1, or 2 onto a Mountain)

#: How the other actions read in a move list (card names in plain words).
_ACTION_WORDS = {"discard": "discard {0}", "scout": "scout", "end_turn": "end the turn",
                 "give_up": "propose giving up", "keep": "keep tile {0}",
                 "remove": "remove the {0} discard", "pile": "add {0} to the pile",
                 "done": "add nothing more", "roll": "roll the dice", "pay": "pay with {0}",
                 "trait": "{0} the revealed card", "ballot": "vote {0}"}


class Stacks(FrozenMap[str, tuple[str, ...]]):
    """The tile stacks by back (``"3"``, ``"6"``, ``"compass"``, ``"discards"``), in that order:
    a :class:`~doppelnb.core.frozen.FrozenMap` whose values are tuples of tile ids already.

    A FrozenMap freezes every value it is given, element by element; the stacks hold some sixty
    tile ids and change at every Scout, where that freezing cost more than the rest of the
    action. Built only by the engine, from tuples of strings, which need no freezing.
    """

    __slots__ = ()

    def __init__(self, stacks: Mapping[str, tuple[str, ...]]) -> None:
        self._data = dict(stacks)
        self._hash = None


class Queries:
    """Read-only questions about a position (GL-R8..GL-R32), and the position's fields."""

    __slots__ = ()

    # The fields, in order. ``players``, ``rules`` and ``seed`` are the record header's
    # (:class:`doppelnb.core.state.FrozenGameState`), ``rules`` narrowed to this game's flags.
    # ``stacks`` (a :class:`Stacks`) and ``pending`` (an immutables.Map) are dicts while a
    # draft changes them.
    players: int
    rules: Rules
    seed: int
    tileset: TileSet
    deck: SupplyDeck
    desert: Desert
    team: Coord
    map_tokens: frozenset[Coord]
    stacks: Any  # Stacks: the tile stacks by back, in order
    tile_discards: tuple[str, ...]
    reshuffled: bool
    tile_shuffles: int
    life: tuple[int, ...]
    characters: tuple[str, ...]
    roles: tuple[str, ...]
    leftover: tuple[str, tuple[str, ...]] | None
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
    pending: Any  # Map[str, Any] | None: the decision under way
    attempts: int
    scout_log: tuple[tuple[int, tuple[str, ...]], ...]
    turn_number: int
    result: str | None
    life_removed: int
    events: tuple[str, ...]
    phase: str

    def _over_setup_hand(self) -> int | None:
        for p in self._order_from(self.current):
            if len(self.hands[p]) > SETUP_HAND:
                return p
        return None

    def _problem(self, action: tuple[Any, ...]) -> RuleError | None:
        raise NotImplementedError  # :class:`~.legal.Legality` says why an action is refused

    def _shown(self, p: Coord) -> tuple[str, int]:
        """The obstacle at the placed tile ``p`` (there must be one) and its value."""
        shown = self._obstacle(self.desert[p])
        assert shown is not None, f"no obstacle at {p}"
        return shown

    def _mover(self) -> int:
        """The seat to move (the game is not over)."""
        seat = self.to_move
        assert seat is not None, "the game is over"
        return seat

    # -- small queries ---------------------------------------------------------------------------
    def in_game(self) -> list[int]:
        return [p for p in range(self.players) if p not in self.out]

    def order_from(self, first: int, include_out: bool = False) -> list[int]:
        """Seats in turn order (GL-A20) starting with ``first``; players out are skipped."""
        return self._order_from(check_seat(first, self.players, "first"), include_out)

    def _order_from(self, first: int, include_out: bool = False) -> list[int]:
        """:meth:`order_from` of a seat the rules know to be one (unchecked)."""
        n, step, out = self.players, self.step, self.out
        seats = [(first + i * step) % n for i in range(n)]
        return seats if include_out else [p for p in seats if p not in out]

    def _placed(self, p: Any, name: str = "position") -> Coord:
        q = check_coord(p, name)
        if q not in self.desert:
            raise BadInput("NB-ARG", f"{name} must be the position of a placed tile, got {fmt(q)}")
        return q

    # The public questions check their argument; the rules ask the same of positions they know
    # to be placed tiles (an action's, parsed to whole numbers, or the Team's), through the
    # unchecked ``_terrain``, ``_obstacle`` and ``_cleared`` below: the legal actions ask them
    # several times per action, where the checks cost more than the answers.
    def tile_at(self, p: Coord) -> Tile | None:
        """The tile at ``p``, or None where no tile is placed."""
        return self.desert.get(check_coord(p, "position"))

    def terrain(self, p: Coord) -> str:
        return self._terrain(self.desert[self._placed(p)])

    def obstacle(self, p: Coord) -> tuple[str, int] | None:
        """The obstacle shown at ``p`` and its value, or None (GL-R10, GL-A9)."""
        return self._obstacle(self.desert[self._placed(p)])

    def is_cleared(self, p: Coord) -> bool:
        """GL-R10: no obstacle icon, or a Map Token on it."""
        return self._cleared(self._placed(p))

    def _terrain(self, tile: Tile) -> str:
        return self.rules.start_tile_terrain if tile.terrain == "start" else tile.terrain  # GL-A8

    def _obstacle(self, tile: Tile) -> tuple[str, int] | None:
        if tile.obstacle:
            return tile.obstacle, tile.value or 0
        if self.rules.open_desert_always_high_heat and tile.terrain == "open_desert":
            return "high_heat", ALWAYS_HIGH_HEAT_VALUE
        return None

    def _cleared(self, q: Coord) -> bool:
        """:meth:`is_cleared` of a placed tile's position (unchecked)."""
        return q in self.map_tokens or self._obstacle(self.desert[q]) is None

    def team_distance(self) -> int:
        """GL-R16 / GL-A4: the Team's distance to START."""
        d = self.desert.distance_of(self.team)
        return d + 1 if self.rules.distance_mode == "tiles_inclusive" else d

    def remaining(self) -> dict[str, int]:
        return {k: len(v) for k, v in self.stacks.items() if k != "discards"}

    def next_stack(self) -> str | None:
        """The stack the next scouted tile comes from (GL-R16, GL-A5), None if no tile is left."""
        scope_all = self.rules.reshuffled_stack_scope == "all_draws"
        name = first_stack(self.team_distance(), self.stacks,
                           reshuffled=self.reshuffled and scope_all)
        if name == "discards":
            if self.stacks["discards"] or self.tile_discards:
                return "discards"
            # [INFERRED] the reshuffled stack and the discards are both empty: any tile still in
            # an original stack is drawn by the ordinary chain.
            name = first_stack(self.team_distance(), self.stacks)
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
            return int(pend["queue"][0])
        if ph == "take_life":
            return int(pend["infected"])
        if ph in ("vote", "give_up"):
            return int(pend["voters"][pend["idx"]])
        return self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for each winner, 0 otherwise (ties are shared, GL-R31.1)."""
        won = set(self.winners)
        return tuple(int(p in won) for p in range(self.players))


    def action_label(self, action: tuple[Any, ...]) -> str:
        """The action in a player's words ("add canteen to the pile"), for move lists."""
        from .render import card_words

        kind, args = action[0], action[1:]
        if kind in ("move", "clear"):
            tile = self.tile_at(tuple(args))
            what = f" ({tile.name})" if tile and tile.terrain != "start" else ""
            return f"{kind} to {fmt(tuple(args))}{what}" if kind == "move" else f"clear {fmt(tuple(args))}{what}"
        if kind == "place":
            return f"place {self.pending['tile'] if self.pending else '?'} at {fmt(args[:2])} turned {args[2]}°"
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


    def _victims(self) -> list[int]:
        infected = self.pending["infected"]
        blockable = self.rules.infection_loss_blockable_by_recovery
        return [p for p in self.in_game() if p != infected and (
            self.life[p] > 0 or (blockable and "recovery" in self.hands[p]))]


    def _over_hand_limit(self) -> int | None:
        limit = self.rules.hand_limit
        for p in self._order_from(self.current):
            if limit is not None and len(self.hands[p]) > limit:
                return p
        return None


    # -- views and pictures ----------------------------------------------------------------------
    def reachable(self) -> set[Coord]:
        """Tiles the Team could walk to through cleared, non-Canyon tiles (GL-R17)."""
        return reachable(self.desert, self.team, self._cleared)

    def placement_report(self, tile_id: str | None = None) -> PlacementReport:
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
            parsed = parse_action(action)
        except RuleError as exc:
            return str(exc)
        if self.result is not None:
            return "NB-ARG: the game is over; no more actions can be played"
        problem = self._problem(parsed)
        return "legal" if problem is None else str(problem)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (GL-R8): own hand and role, public counts, the open Desert.

        ``player=None`` is the public view (what an onlooker sees): no hand and no role. A new
        dict each call, of immutable values (tuples, ``FrozenMap``), so changing what it holds
        cannot change the state.
        """
        if player is not None:
            player = check_seat(player, self.players, "player")
        pend = self.pending or {}
        public_pending: dict[str, Any] = {"phase": self.phase}
        if self.phase == "pile":
            public_pending["pile_size"] = len(pend["cards"]) + sum(pend["life"])
            if pend["revealed"]:
                public_pending["pile"] = tuple(sorted(c for _, c in pend["cards"]))
        if self.phase == "scout_keep" and player == self.current:
            public_pending["drawn"] = tuple(pend["drawn"])
        if self.phase in ("trait", "take_life", "pay"):  # the revealed random draw is public
            if "revealed_card" in pend and self.phase == "trait":
                public_pending["revealed_card"] = pend["revealed_card"]
        return {
            "you": player, "role": None if player is None else self.roles[player],
            "hand": () if player is None else tuple(self.hands[player]),
            "life": tuple(self.life), "hand_sizes": tuple(len(h) for h in self.hands),
            "out": tuple(sorted(self.out)), "leader": self.current, "ap": self.ap,
            "team": self.team, "tiles": FrozenMap({q: (t.id, self.desert.rotation[q])
                                                   for q, t in self.desert.tiles.items()}),
            "map_tokens": tuple(sorted(self.map_tokens)), "stacks": FrozenMap(self.remaining()),
            "tile_discards": len(self.tile_discards), "supply_left": len(self.supply),
            "supply_discards": len(self.supply_discards), "pending": FrozenMap(public_pending),
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

        return str(state_html(self))  # type: ignore[arg-type]

