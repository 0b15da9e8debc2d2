"""The game-state protocol every engine follows (OpenSpiel's shape, python-chess's safety).

A state is one node of a game and an immutable value. :meth:`GameState.play` parses the action,
checks it (a refused action raises a :class:`RuleError` naming the rule, and nothing changes) and
returns a new state. Each state knows its record (setup, seed and the actions so far), so
``to_json`` / ``from_json`` replay it exactly.

An engine's ``State`` is a frozen, slotted dataclass over :class:`FrozenGameState` (which declares
the record header: ``players``, ``rules``, ``seed``, ``options``, ``action_log``) and supplies:

- ``game`` (the record's game name), ``Rules`` (its variant flags), ``player_counts`` and
  ``option_names`` (the setup options ``new_game`` accepts);
- ``initial(players, rules, seed, options)``: the first state (:meth:`GameState.new` validates
  the header and calls it);
- ``legal_actions()`` (a new list each call: engines cache a tuple per state), ``to_move``,
  ``is_over``, ``scores`` and ``outcome`` (an :class:`Outcome`);
- ``parse_action`` (every spelling a user may type -> the typed action; :class:`BadInput` when
  malformed), ``_check`` (raise :class:`IllegalAction` with the rule and a plain reason) and
  ``_apply`` (the next state, built with :meth:`_evolve`; never mutating ``self``);
- ``view(player)`` where information is hidden (a copy or read-only value), ``determinize`` for
  search players, ``invariants()`` for the soak tests, and ``__str__``, a text picture of the state
  (the golden transcripts are made of it).

The actions so far live in an :class:`ActionLog`, a persistent list shared between a state and the
states after it, so a state costs the same memory whatever the length of its game.

This module is plain Python in every build: the compiled fast path of ``make fast`` lives inside
the Tricks engine (its integer kernel), which knows nothing of the classes here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, ClassVar, Self, TypeVar

from .action_log import ActionLog, ActionRun, JsonAction, frozen_action
from .chance import MAX_SEED, make_seed, rng_for
from .checks import check_instance, check_players, shorten, show
from .errors import BadInput, IllegalAction, RuleError
from .frozen import FrozenMap, thaw
from .record import GameRecord, parse_record
from .variants import RulesBase

#: A score: an integer, or an exact fraction where a game splits points.
Score = int | Fraction


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """How a game stands: over or not, who won, the scores and, when over, why it ended.

    ``winners`` is a tuple of seats: one seat, several on a tie, empty while the game is on (or
    when nobody wins). ``reason`` is one plain sentence with the rule id ("the Team escaped (GL-R30)").
    """

    over: bool
    winners: tuple[int, ...] = ()
    scores: tuple[Score, ...] = ()
    reason: str = ""

    def __str__(self) -> str:
        if not self.over:
            return "the game is on; scores " + ", ".join(map(str, self.scores))
        who = ("nobody wins" if not self.winners else
               f"player {self.winners[0]} wins" if len(self.winners) == 1 else
               "players " + " and ".join(map(str, self.winners)) + " tie")
        return who + (f": {self.reason}" if self.reason else "")


def top_scorers(scores: Iterable[Score]) -> tuple[int, ...]:
    """The seats with the highest score (several on a tie)."""
    values = list(scores)
    if not values:
        return ()
    best = max(values)
    return tuple([i for i, v in enumerate(values) if v == best])


class GameState:
    """Behaviour shared by every engine's state; see the module docstring for the protocol.

    The record header (``players``, ``rules``, ``seed``, ``options``, ``action_log``) is declared
    here for the type checker and stored by the subclass: the slots of :class:`FrozenGameState`
    (every engine), or the instance dictionary of a state built with ``_init_record`` (the toy
    games of the tests).
    """

    __slots__ = ()

    game: ClassVar[str] = ""
    Rules: ClassVar[type[RulesBase]]
    #: the legal player counts (``new_game`` refuses others with ``BadInput``)
    player_counts: ClassVar[tuple[int, ...]] = ()
    #: names of the extra setup options ``new_game`` accepts (recorded in ``options``); a call or
    #: a record naming any other option is refused with ``BadInput``.
    option_names: ClassVar[frozenset[str]] = frozenset()

    #: the number of players (the record header)
    players: int
    #: the variant flags (the record header)
    rules: RulesBase
    #: the game's seed (the record header)
    seed: int
    #: the setup options (the record header)
    options: FrozenMap[str, Any]
    #: the actions so far (a shared :class:`ActionLog`; ``None`` before the first)
    action_log: ActionLog | None

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def header(cls, players: Any, rules: Any, seed: Any,
               options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate the record header and return it as constructor keywords for the State."""
        if cls.player_counts:
            players = check_players(players, cls.player_counts)
        check_instance(rules, "rules", cls.Rules,
                       expected=f"a {cls.Rules.__module__}.Rules")
        options = dict(options or {})
        unknown = set(options) - cls.option_names
        if unknown:
            known = ", ".join(sorted(cls.option_names)) or "none"
            named = ", ".join(show(name, 30) for name in sorted(map(str, unknown))[:5])
            raise BadInput("NB-ARG", f"unknown setup option(s) {named} for {cls.game}; "
                           f"options are: {known}")
        return {"players": players, "rules": rules, "seed": make_seed(seed),
                "options": FrozenMap(options), "action_log": None}

    @classmethod
    def new(cls, players: Any, rules: Any = None, seed: Any = None,
            options: Mapping[str, Any] | None = None) -> Self:
        """Validate the header, then build the first state with ``initial`` (``new_game``)."""
        rules = cls.Rules() if rules is None else rules
        head = cls.header(players, rules, seed, options)
        return cls.initial(head["players"], head["rules"], head["seed"], dict(options or {}))

    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Mapping[str, Any]) -> Self:
        raise NotImplementedError

    def _init_record(self, players: int, rules: RulesBase, seed: int | None,
                     options: Mapping[str, Any] | None = None) -> None:
        """For engines whose states are not yet frozen dataclasses: store the validated header."""
        vars(self).update(self.header(players, rules, seed, options))

    def _evolve(self, **changes: Any) -> Self:
        """A copy with some fields replaced: the way ``_apply`` builds a new state.

        Unchanged fields are shared (they are immutable); fields whose names start with ``_`` are
        per-state caches and start empty (``None``). For slotted states the copy runs through
        straight-line code made once per class and set of changed fields (a loop over the
        fields costs several times more on the hot path of a game).
        """
        cls = type(self)
        if not hasattr(self, "__dict__"):
            return copier(cls, tuple(changes))(self, *changes.values())
        new = cls.__new__(cls)  # states not yet migrated to slots
        names = _slot_fields(cls)
        for name in names:
            value = changes[name] if name in changes else None if name[0] == "_" else \
                getattr(self, name)
            object.__setattr__(new, name, value)
        attrs = self.__dict__.copy()
        attrs.update((k, v) for k, v in changes.items() if k not in names)
        object.__setattr__(new, "__dict__", attrs)
        return new

    @classmethod
    def _build(cls, fields: Mapping[str, Any]) -> Self:
        """A state from a mapping of its (non-cache) fields, without ``__init__``'s checks: for
        flows that compute the next state's fields in a scratch dict."""
        return _evolver(cls, (), from_mapping=True)(fields)  # type: ignore[no-any-return]

    # -- the protocol ----------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> tuple[Score, ...]:
        raise NotImplementedError

    @property
    def standing(self) -> tuple[Score, ...]:
        """Each seat's standing while the game goes on, higher is better: what a search player
        compares before the end. Its score, unless a team game ranks seats by their side's score
        (Doppel Doubt: each seat stands at its colour's P - Q)."""
        return tuple(self.scores)

    @property
    def outcome(self) -> Outcome:
        """Over or not, the winners (top scorers unless the engine says otherwise), the scores."""
        scores = tuple(self.scores)
        if not self.is_over:
            return Outcome(False, (), scores)
        return Outcome(True, top_scorers(scores), scores)

    @property
    def actions(self) -> tuple[JsonAction, ...]:
        """Every action so far in record form (built from the shared log)."""
        log = self.action_log
        return () if log is None else tuple(log)

    @property
    def action_count(self) -> int:
        """How many actions have been played (without building the tuple)."""
        log = self.action_log
        return 0 if log is None else log.length

    def parse_action(self, action: Any) -> Any:
        return action

    def action_to_json(self, action: Any) -> JsonAction:
        return action

    def action_label(self, action: Any) -> str:
        return str(action)

    def _check(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("NB-ARG", f"{self.action_label(action)} is not a legal action now")

    def _apply(self, action: Any) -> Self:
        raise NotImplementedError

    def play(self, action: Any) -> Self:
        """The state after ``action``; raises a :class:`RuleError` (and changes nothing) if refused."""
        if self.is_over:
            raise IllegalAction("NB-ARG", "the game is over; no more actions can be played")
        action = self.parse_action(action)
        self._check(action)
        new = self._apply(action)
        # The one write into a new state: ``_apply`` built it, nobody has seen it yet.
        object.__setattr__(new, "action_log", ActionLog(self.action_log,
                                                        self.action_to_json(action)))
        return new

    def view(self, player: Any = None) -> Any:
        """What ``player`` (``None``: an onlooker) may see. Games without hidden information
        return the state itself (it is immutable); others return a masked copy."""
        return self

    def determinize(self, player: Any, rng: Any) -> Self:
        """A state consistent with what ``player`` has seen, hidden parts resampled (search
        players use it).

        Games without hidden information have nothing to resample but their future chance: every
        later die roll or shuffle draws from ``rng_for(seed, ...)``, which no player can foresee,
        so this default returns the state with a fresh seed drawn from ``rng`` (everything else
        shared). A search on it plays futures drawn from ``rng``, never the game's real next
        rolls. The sample is for search only: its record no longer replays. Engines with hidden
        information override this (or give ``players.determinize``) and redraw the seed too.
        """
        return self._evolve(seed=rng.randrange(MAX_SEED + 1))

    def invariants(self) -> tuple[str, ...]:
        """Each conserved quantity that does not hold (cards, tiles, tokens...); empty when all do."""
        return ()

    # -- records ---------------------------------------------------------------------------
    def record(self) -> GameRecord:
        return GameRecord(self.game, self.players, self.rules.to_dict(), self.seed,
                          thaw(self.options), self.actions)

    def to_json(self, indent: int | None = None) -> str:
        """The game record: replaying it with ``from_json`` gives this very state."""
        return self.record().to_json(indent)

    @classmethod
    def from_json(cls, text: Any) -> Self:
        """Replay a JSON record; a malformed or unreplayable record raises :class:`BadInput`.

        Its message is one line of at most :data:`~.checks.MAX_MESSAGE` characters: whatever
        part of the record it quotes (a 200,000-character game name, seed, option or action) is
        shortened here, the one place every record is read, whichever check refused it."""
        try:
            rec = parse_record(text, cls.game)
            state = cls._start(rec)
        except RuleError as exc:
            raise BadInput(exc.rule, shorten(exc.reason)) from None
        for number, action in enumerate(rec.actions, 1):
            try:
                state = state.play(action)
            except RuleError as exc:
                raise BadInput("NB-RECORD", shorten(f"action {number} ({show(action, 40)}) cannot "
                                                    f"be replayed: {exc}")) from None
        return state

    @classmethod
    def _start(cls, rec: GameRecord) -> Self:
        rules = cls.Rules.from_dict(rec.rules)
        return cls.new(rec.players, rules, rec.seed, rec.options)

    def history(self) -> list[Self]:
        """Every state from the first to this one, rebuilt from the record."""
        rec = self.record()
        states = [self._start(rec)]
        for action in rec.actions:
            states.append(states[-1].play(action))
        return states

    def __eq__(self, other: object) -> bool:
        """States are equal when every field is (frozen dataclasses generate their own)."""
        if type(other) is not type(self):
            return False
        names = _slot_fields(type(self))
        return all(getattr(self, n, None) == getattr(other, n, None) for n in names
                   if n[0] != "_") and getattr(self, "__dict__", None) == getattr(
                       other, "__dict__", None)

    __hash__ = None  # type: ignore[assignment]  # frozen states define their own

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.to_move} to move"
        return (f"<{type(self).__module__}.{type(self).__name__} players={self.players} "
                f"seed={self.seed} actions={self.action_count} {status}>")


_FIELDS: dict[type, tuple[str, ...]] = {}
_EVOLVERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
_BUILDERS: dict[type, Callable[..., Any]] = {}


def _evolver(cls: type, keys: tuple[str, ...], *, from_mapping: bool = False,
             ) -> Callable[..., Any]:
    """Straight-line code that copies a ``cls`` state with the fields ``keys`` replaced (or, with
    ``from_mapping``, builds one from a mapping of its fields); each slot is set once through its
    own descriptor, caches start empty. Generated from the class's own slot names only."""
    if from_mapping and cls in _BUILDERS:
        return _BUILDERS[cls]
    names = _slot_fields(cls)
    unknown = [k for k in keys if k not in names]
    if unknown:
        raise AttributeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    scope: dict[str, Any] = {"_new": cls.__new__, "cls": cls}
    setters = {}
    for i, name in enumerate(names):
        scope[f"_set{i}"] = _descriptor(cls, name).__set__
        setters[name] = f"_set{i}"
    args = {name: f"v{j}" for j, name in enumerate(keys)}
    if from_mapping:
        head = "def make(d):"
        value = {n: ("None" if n[0] == "_" else f"d[{n!r}]") for n in names}
    else:
        head = f"def make(self{''.join(', ' + a for a in args.values())}):"
        value = {n: args.get(n, "None" if n[0] == "_" else f"self.{n}") for n in names}
    lines = [head, "    new = _new(cls)"]
    lines += [f"    {setters[n]}(new, {value[n]})" for n in names]
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - built from the class's own slot names only
    make: Callable[..., Any] = scope["make"]
    if from_mapping:
        _BUILDERS[cls] = make
    return make


def copier(cls: type[T], keys: tuple[str, ...]) -> Callable[..., T]:
    """The straight-line copy function of ``cls`` with the fields ``keys`` replaced, called as
    ``copy(state, *new_values)``: what ``_evolve`` uses, for hot paths that call it directly."""
    make = _EVOLVERS.get((cls, keys))
    if make is None:
        make = _EVOLVERS[(cls, keys)] = _evolver(cls, keys)
    return make


def _descriptor(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(name)  # pragma: no cover - names come from the slots


def _slot_fields(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases (the fields ``_evolve`` copies)."""
    names = _FIELDS.get(cls)
    if names is None:
        seen: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and name not in seen:
                    seen.append(name)
        names = _FIELDS[cls] = tuple(seen)
    return names


T = TypeVar("T", bound=GameState)
Policy = Callable[[Any, random.Random], Any]


def random_policy(state: Any, rng: random.Random) -> Any:
    """Pick a legal action uniformly at random."""
    return rng.choice(state.legal_actions())


def playout(state: T, policy: Policy = random_policy, seed: int = 0,
            max_actions: int = 100_000) -> Iterator[T]:
    """Yield the states of a game played by ``policy`` from ``state`` (inclusive) to the end.

    The policy's choices are seeded by ``seed`` and then recorded as ordinary actions, so the
    resulting game replays from its JSON record without the policy.
    """
    rng = rng_for(seed, "policy", state.game, state.seed)
    yield state
    for _ in range(max_actions):
        if state.is_over:
            return
        state = state.play(policy(state, rng))
        yield state
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def play_to_end(state: T, policy: Policy = random_policy, seed: int = 0) -> T:
    """The final state of :func:`playout`."""
    last = state
    for last in playout(state, policy, seed):  # noqa: B007 - we want the last one
        pass
    return last


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)
class FrozenGameState(GameState):
    """The record header every engine's frozen ``State`` dataclass inherits.

    An engine declares ``@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
    class State(FrozenGameState)`` with its own typed, immutable fields; the generated ``__eq__``
    compares every field (the action log included), so a replayed state equals the original.
    """

    players: int
    rules: RulesBase
    seed: int
    options: FrozenMap[str, Any] = dataclasses.field(default_factory=FrozenMap)
    action_log: ActionLog | None = None

    def __hash__(self) -> int:  # type: ignore[override]
        return hash((type(self).__name__, self.players, self.rules, self.seed, self.options,
                     self.action_log))


__all__ = ["GameState", "FrozenGameState", "ActionLog", "ActionRun", "frozen_action", "Outcome", "Score",
           "JsonAction", "top_scorers", "copier", "Policy", "random_policy", "playout", "play_to_end"]
