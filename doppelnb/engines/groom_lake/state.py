"""The Groom Lake State: one frozen, typed moment of a game (set-up, turns, the end).

Every choice a player makes is an action (JSON: ``["move", 1, 0]``, ``["pile", "canteen"]``,
``["ballot", "yes"]``); every chance event (shuffles, dice, the random card draw) draws from its own
seeded stream, so a game replays exactly from its record. Hidden information (Supply hands, roles,
the discarded scouting tile, a face-down clearing pile) is in the state; :meth:`State.view` shows a
player only what they may see.

>>> s = new_game(4, seed=1)
>>> s.players, s.phase, len(s.desert), s.invariants()
(4, 'setup_discard', 1, ())
>>> s.play(s.legal_actions()[0]).action_count
1
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from immutables import Map

from ...core.checks import check_int, check_players, check_sequence
from ...core.draft import Draft as CoreDraft
from ...core.draft import state_fields
from ...core.errors import BadInput
from ...core.spec import spec_of
from ...core.state import FrozenGameState, Outcome
from .actions import END_REASONS, Action, parse_action
from .apply import DO, Apply
from .base import LIFE_BY_PLAYERS, PLAYER_COUNTS, Queries, Stacks
from .cards import SupplyDeck
from .legal import Legality
from .notation import check_coord
from .rules import DEFAULT_RULES, Rules, check_rules
from .setup import deal
from .tiles import TileSet

GAME = "groom_lake"
GroomLakeRules = Rules  # the flags' class, named apart from State.Rules for annotations


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False, eq=False)
class State(Legality, FrozenGameState):
    """One moment of a game of Groom Lake (immutable; ``play`` returns the next state)."""

    # The fields are declared once, in :class:`~.base.Queries` (typed for mypy, shared with the
    # draft); the dataclass reads them from there. Names starting with ``_`` are caches.
    __annotations__ = dict(Queries.__annotations__)
    rules: GroomLakeRules  # (for mypy, which takes the header's type from FrozenGameState)

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[Rules]] = Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({"layout", "team", "map_tokens"})

    _legal: tuple[Action, ...] | None = None

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
        DO[action[0]](draft, *action[1:])
        draft.settle()
        return draft.freeze()

    # -- the protocol ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions now (computed once per state, a new list each call)."""
        legal = self._legal
        if legal is None:
            legal = self._legal_tuple()
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def parse_action(self, action: Any) -> Action:
        return parse_action(action)

    def action_to_json(self, action: Any) -> tuple[Any, ...]:
        """The record form: a plain tuple (written as a JSON array; never a live list)."""
        return tuple(action)

    def _check(self, action: Any) -> None:
        if self._legal is not None and action in self._legal:
            return
        problem = self._problem(action)
        if problem is not None:
            raise problem

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


class Draft(CoreDraft[State], Apply):
    """A private, mutable working copy of a State (:class:`doppelnb.core.draft.Draft`): the rule
    functions of :class:`~.apply.Apply` change it, :meth:`freeze` makes the next State."""

    @classmethod
    def first(cls, header: dict[str, Any]) -> Draft:
        """An empty draft holding only the record header, for the deal (:func:`.setup.deal`)."""
        draft = cls.__new__(cls)
        vars(draft).update(header)
        return draft

    def __init_draft__(self) -> None:
        self.events = ()  # each state shows the events of the action that made it

    def finish(self) -> None:
        """The Desert frozen (a placement works on a private copy), the tables read-only: the
        stacks :class:`~.base.Stacks` (their order is part of the state: it is shown, and
        determinize deals them in it), the pending decision an ``immutables.Map``: both hold
        immutable values already, so nothing is frozen deeply."""
        self.desert.freeze()
        if not isinstance(self.stacks, Stacks):
            self.stacks = Stacks(self.stacks)
        if self.pending is not None and not isinstance(self.pending, Map):
            self.pending = Map(self.pending)


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


__all__ = ["State", "new_game", "from_json", "LIFE_BY_PLAYERS", "PLAYER_COUNTS", "GAME"]
