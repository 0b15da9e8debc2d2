"""The Groom Lake State: one frozen, typed moment of a game (set-up, turns, the end).

Every choice a player makes is an action (JSON: ``["move", 1, 0]``, ``["pile", "canteen"]``,
``["ballot", "yes"]``); every chance event (shuffles, dice, the random card draw) draws from its own
seeded stream, so a game replays exactly from its record. Hidden information (Supply hands, roles,
the discarded scouting tile, a face-down clearing pile) is in the state; :meth:`State.view` shows a
player only what they may see, as a frozen :class:`View`.

The fields are declared once, here; the questions a position answers are the State's methods.
Which actions are legal and why any other is refused is :mod:`.legal`'s; how an action changes
the position is :mod:`.apply`'s (a :class:`~.apply.Draft` of the state, frozen into the next).

>>> s = new_game(4, seed=1)
>>> s.players, s.phase, len(s.desert), s.invariants()
(4, 'setup_discard', 1, ())
>>> s.play(s.legal_actions()[0]).action_count
1
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, ClassVar

from immutables import Map

from ...core.checks import check_int, check_players, check_seat, check_sequence, show
from ...core.draft import state_fields
from ...core.errors import BadInput, RuleError
from ...core.spec import spec_of
from ...core.state import FrozenGameState, Outcome
from . import legal
from .actions import END_REASONS, WAITING_FOR, Action, action_to_json, parse_action
from .apply import Draft
from .cards import SupplyDeck
from .desert import Desert
from .notation import GAME, PLAYER_COUNTS, check_coord
from .paths import reachable, team_distance
from .placement import PlacementReport
from .rules import (
    DEFAULT_RULES,
    LIFE_BY_PLAYERS,
    STACK_ORDER,
    Rules,
    check_rules,
    obstacle,
    terrain,
)
from .setup import deal
from .tiles import Coord, Tile, TileSet, fmt

GroomLakeRules = Rules  # the flags' class, named apart from State.Rules for annotations


@dataclasses.dataclass(frozen=True, slots=True)
class View:
    """What one seat (or an onlooker, ``you=None``) may see of a position (GL-R8): their own
    hand and role, public counts, the open Desert and the public part of the step under way.

    ``tiles`` lists the placed tiles in the order they were placed, ``(position, tile id,
    rotation)``; ``stacks`` the tiles left per stack (``"3"``, ``"6"``, ``"compass"``).
    The ``pile_size`` .. ``revealed_card`` fields are None outside the step that shows them.
    """

    you: int | None
    role: str | None
    hand: tuple[str, ...]
    life: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    out: tuple[int, ...]
    leader: int
    ap: int
    team: Coord
    tiles: tuple[tuple[Coord, str, int], ...]
    map_tokens: tuple[Coord, ...]
    stacks: tuple[tuple[str, int], ...]
    tile_discards: int
    supply_left: int
    supply_discards: int
    phase: str
    result: str | None
    pile_size: int | None = None  # a clearing pile's cards and Life tokens, face down or up
    pile: tuple[str, ...] | None = None  # its cards once revealed (GL-R20)
    drawn: tuple[str, ...] | None = None  # the two scouted tiles, for the scouting leader only
    revealed_card: str | None = None  # a randomly drawn card shown to all (GL-R23)

    def _repr_html_(self) -> str:
        from .render import view_html

        return str(view_html(self))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False, eq=False)
class State(FrozenGameState):
    """One moment of a game of Groom Lake (immutable; ``play`` returns the next state)."""

    # ``players`` and ``seed`` are the record header's (FrozenGameState); ``rules`` narrowed.
    rules: GroomLakeRules
    tileset: TileSet
    deck: SupplyDeck
    desert: Desert
    team: Coord
    map_tokens: frozenset[Coord]
    stacks: Map[str, tuple[str, ...]]  # tile ids by stack (:data:`.rules.STACK_ORDER`)
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
    removed_unseen: tuple[int, ...]  # which of ``removed`` left the game face down (GL-R17)
    infected: frozenset[int]
    out: frozenset[int]
    step: int
    hands: tuple[tuple[str, ...], ...]
    current: int
    ap: int
    banked: tuple[int, ...]
    used: frozenset[str]
    pending: Map[str, Any] | None  # the decision under way
    attempts: int
    scout_log: tuple[tuple[int, tuple[str, ...]], ...]
    turn_number: int
    result: str | None
    life_removed: int
    events: tuple[str, ...]
    phase: str
    _legal: tuple[Action, ...] | None = None

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[Rules]] = Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({"layout", "team", "map_tokens"})

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Any) -> State:
        draft = Draft.first(cls.header(players, rules, seed, options))
        deal(draft, dict(options or {}))
        draft.finish()
        return cls._build(vars(draft))

    def _apply(self, action: Any) -> State:
        draft = Draft.of(self)
        draft.play(action)
        return draft.freeze()  # type: ignore[no-any-return]

    # -- the protocol ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions now (computed once per state, a new list each call)."""
        found = self._legal
        if found is None:
            found = legal.legal_actions(self)
            object.__setattr__(self, "_legal", found)
        return list(found)

    #: :func:`.actions.parse_action` itself (no method in between: it runs once per play)
    parse_action = staticmethod(parse_action)

    def action_to_json(self, action: Any) -> tuple[Any, ...]:
        return action_to_json(action)

    def _check(self, action: Any) -> None:
        if self._legal is not None and action in self._legal:
            return
        problem = self._problem(action)
        if problem is not None:
            raise problem

    def _problem(self, action: tuple[Any, ...]) -> RuleError | None:
        """Why ``action`` is refused now (:func:`.legal.refusal`), or None."""
        return legal.refusal(self, action)

    @property
    def outcome(self) -> Outcome:
        """Over or not, the winners (GL-R31, GL-A30), 1/0 scores and why the game ended."""
        scores = self.scores
        if self.result is None:
            return Outcome(False, (), scores)
        return Outcome(True, self.winners, scores, END_REASONS[self.result])

    def determinize(self, player: int, rng: Any) -> State:
        """A state consistent with what ``player`` has seen: :func:`.players.determinize`, reached
        through the game registry (:mod:`doppelnb.core.spec`), as search players reach it, so
        that the State does not import the players that import it."""
        determinize = spec_of(GAME).determinize
        assert determinize is not None, "Groom Lake registers its determinizer"
        return determinize(self, player, rng)  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        return all(getattr(self, n) == getattr(other, n) for n in _COMPARED)

    def __hash__(self) -> int:  # type: ignore[override]
        return FrozenGameState.__hash__(self)

    # -- who acts (GL-R6, GL-R12, GL-R19..GL-R27): :mod:`.legal`'s, for a State or a draft ----
    @property
    def to_move(self) -> int | None:
        return legal.to_move(self)

    def _mover(self) -> int:
        """The seat to move (the game is not over)."""
        return legal.mover(self)

    def in_game(self) -> list[int]:
        return legal.in_game(self)

    def order_from(self, first: int, include_out: bool = False) -> list[int]:
        """Seats in turn order (GL-A20) starting with ``first``; players out are skipped."""
        return legal.order_from(self, check_seat(first, self.players, "first"), include_out)

    # -- the Desert (GL-R9..GL-R17) --------------------------------------------------------------
    # The public questions check their argument; the rules ask the same of positions they know
    # to be placed tiles (an action's, parsed to whole numbers, or the Team's), through the
    # unchecked ``_terrain``, ``_obstacle`` and ``_cleared`` below: the legal actions ask them
    # several times per action, where the checks cost more than the answers.
    def _placed(self, p: Any, name: str = "position") -> Coord:
        q = check_coord(p, name)
        if q not in self.desert:
            raise BadInput("NB-ARG", f"{name} must be the position of a placed tile, got {fmt(q)}")
        return q

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
        return terrain(self.rules, tile)  # GL-A8

    def _obstacle(self, tile: Tile) -> tuple[str, int] | None:
        return obstacle(self.rules, tile)

    def _cleared(self, q: Coord) -> bool:
        """:meth:`is_cleared` of a placed tile's position (unchecked)."""
        return legal.cleared(self, q)

    def _shown(self, p: Coord) -> tuple[str, int]:
        """The obstacle at the placed tile ``p`` (there must be one) and its value."""
        return legal.shown(self, p)

    def team_distance(self) -> int:
        """GL-R16 / GL-A4: the Team's distance to START."""
        return team_distance(self.rules, self.desert, self.team)

    def remaining(self) -> dict[str, int]:
        """The tiles left in the stacks "3", "6" and "compass", in that order."""
        return {k: len(self.stacks[k]) for k in STACK_ORDER if k != "discards"}

    def next_stack(self) -> str | None:
        """The stack the next scouted tile comes from (GL-R16, GL-A5), None if no tile is left."""
        return legal.scout_stack(self)

    def tiles_left(self) -> int:
        return sum(len(v) for v in self.stacks.values()) + len(self.tile_discards)

    def reachable(self) -> set[Coord]:
        """Tiles the Team could walk to through cleared, non-Canyon tiles (GL-R17)."""
        return reachable(self.desert, self.team, self._cleared)

    def placement_report(self, tile_id: str | None = None) -> PlacementReport:
        """Why each position/rotation of a tile is legal or not here (GL-R14, GL-R15); by default
        the scouted tile waiting to be placed."""
        if tile_id is None:
            if self.phase != "place" or self.pending is None:
                raise BadInput("NB-ARG", "no scouted tile is waiting to be placed; name a tile id")
            tile_id = self.pending["tile"]
        if not isinstance(tile_id, str):
            raise BadInput("NB-ARG", f"tile_id must be a tile id (text), got {show(tile_id)}")
        return self.desert.explain_placement(self.tileset[tile_id], self.team, self.rules.edge_match)

    # -- the end (GL-R31, GL-R32) ------------------------------------------------------------------
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
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for each winner, 0 otherwise (ties are shared, GL-R31.1)."""
        won = set(self.winners)
        return tuple(int(p in won) for p in range(self.players))

    # -- words, views and pictures -----------------------------------------------------------------
    def action_label(self, action: tuple[Any, ...]) -> str:
        """The action in a player's words ("add canteen to the pile"), for move lists."""
        return legal.action_label(self, action)

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

    def view(self, player: int | None = None) -> View:
        """What ``player`` may see (GL-R8): own hand and role, public counts, the open Desert.

        ``player=None`` is the public view (what an onlooker sees): no hand and no role.
        """
        if player is not None:
            player = check_seat(player, self.players, "player")
        pend, phase = self.pending or Map(), self.phase
        pile_size = pile = drawn = revealed = None
        if phase == "pile":
            pile_size = len(pend["cards"]) + sum(pend["life"])
            if pend["revealed"]:
                pile = tuple(sorted(c for _, c in pend["cards"]))
        if phase == "scout_keep" and player == self.current:
            drawn = tuple(pend["drawn"])
        if phase == "trait":  # the revealed random draw is public
            revealed = pend.get("revealed_card")
        desert = self.desert
        return View(
            you=player, role=None if player is None else self.roles[player],
            hand=() if player is None else tuple(self.hands[player]),
            life=tuple(self.life), hand_sizes=tuple(len(h) for h in self.hands),
            out=tuple(sorted(self.out)), leader=self.current, ap=self.ap, team=self.team,
            tiles=tuple((q, desert[q].id, desert.rotation[q]) for q in desert),
            map_tokens=tuple(sorted(self.map_tokens)),
            stacks=tuple(self.remaining().items()), tile_discards=len(self.tile_discards),
            supply_left=len(self.supply), supply_discards=len(self.supply_discards),
            phase=phase, result=self.result, pile_size=pile_size, pile=pile, drawn=drawn,
            revealed_card=revealed)

    # -- conserved quantities (the soak and stateful tests call this) ------------------------------
    def invariants(self) -> tuple[str, ...]:
        """A description of every violated conserved quantity; empty when all hold.

        Tiles: every tile of the set is in exactly one place (a stack, the discards, the Desert or
        the scout in hand). Supply cards: hands, deck, discards, removed cards, the clearing pile,
        a Crash Site hand-out and the leftover role stack hold the deck exactly. Life tokens: held,
        in the pile and removed add up to the tokens dealt. Map Tokens lie on placed tiles.
        """
        problems: list[str] = []
        pend = self.pending or Map()
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
        stacks = ", ".join(f"{k}:{len(self.stacks[k])}" for k in STACK_ORDER)
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

        return str(state_html(self))


#: The fields two states must agree on to be equal: all but the tile set and the Supply deck,
#: which the rules flags (compared) name.
_COMPARED = tuple(n for n in state_fields(State) if n not in ("tileset", "deck"))


def new_game(players: int, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
             layout: Any = None, team: Any = None, map_tokens: Any = None,
             **unknown: Any) -> State:
    """A new game of Groom Lake after the deal (GL-R1..GL-R7); the seed makes it replayable.

    ``layout`` / ``team`` / ``map_tokens`` start from a teaching position instead of START alone
    (see :func:`.setup.arrange`); they are stored in the record, so the game still replays.
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
    options: dict[str, Any] = {}
    if layout is not None:
        entries: tuple[Any, ...] = check_sequence(layout, "layout", max_len=1000)
        if entries:
            options["layout"] = [list(e) if isinstance(e, (list, tuple)) else e for e in entries]
    if team is not None:
        options["team"] = list(check_coord(team, "team"))
    if map_tokens is not None:
        marks = check_sequence(map_tokens, "map_tokens", max_len=1000, item=check_coord)
        if marks:
            options["map_tokens"] = sorted([list(p) for p in marks])
    return State.new(players, rules, seed, options)


def from_json(text: str | bytes, *, data: Any = ()) -> State:
    """Replay a JSON game record (``BadInput`` when malformed or unreplayable).

    A record never makes the package open a path: it names a shipped data file or the content hash
    of a user's tile set / Supply deck, which must then be passed here explicitly as ``data`` (a
    list of :class:`TileSet` / :class:`SupplyDeck` values, e.g. ``[load_tiles(Path("mine.json"))]``).
    """
    from .cards import register_deck
    from .tiles import register_tiles

    items: tuple[Any, ...] = check_sequence(data, "data", max_len=16)
    for i, item in enumerate(items):
        if isinstance(item, TileSet):
            register_tiles(item)
        elif isinstance(item, SupplyDeck):
            register_deck(item)
        else:
            raise BadInput("NB-ARG", f"data[{i}] must be a TileSet or a SupplyDeck, got "
                           f"{type(item).__name__}")
    return State.from_json(text)


__all__ = ["State", "View", "new_game", "from_json"]
