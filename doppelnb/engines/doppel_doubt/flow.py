"""The flow of a Doppel Doubt round: setup options, what each seat has secretly chosen so far
(:class:`Submission`), and the resolution of a round once every seat has chosen (DB-R5 order:
starting squares or placements in descending card order, then Light, then the shape draft in
ascending order, each shape going to the drafter's partner).

>>> Submission(card=40, dark=+5).effective
45
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
from collections.abc import Mapping
from typing import Any, Protocol, Self, TypeVar

from ...core.chance import MAX_SEED, rng_for
from ...core.checks import check_int, show
from ...core.errors import BadInput
from ...core.frozen import FrozenMap
from ...core.state import copier
from .actions import Action
from .board import Board
from .board_data import _plain
from .claims import Resolution, _resolve
from .notation import Cell
from .rules import (
    COLOURS,
    DOPPELS,
    ROUNDS,
    SHAPES_PER_ROUND,
    Rules,
    _allocate_starts,
    _draft_shapes,
    letter_of,
)
from .scoring import territory_sums
from .shapes import Shape, one_sided_polyominoes


@dataclasses.dataclass(frozen=True, slots=True)
class Submission:
    """What one seat has secretly chosen so far this round."""

    card: int | None = None
    dark: int | None = None
    starts: tuple[str, ...] = ()
    starts_done: bool = False
    shapes: tuple[int, ...] = ()
    shapes_done: bool = False
    place: tuple[Cell, ...] | None = None
    placed: bool = False
    light: Cell | None = None
    light_done: bool = False
    guesses: tuple[tuple[str, tuple[int, ...]], ...] = ()
    jester: str | None = None
    jester_done: bool = False

    @property
    def effective(self) -> int | None:
        return None if self.card is None else self.card + (self.dark or 0)


EMPTY = Submission()


def revised(choice: Submission, **changes: Any) -> Submission:
    """``dataclasses.replace(choice, **changes)``, for the hot path (tests compare the two): a
    seat's choice is revised at almost every action of a game, so each set of changed fields gets
    the core's straight-line copier (every slot set once through its descriptor, no keyword
    handling), made once and kept."""
    make = copier(Submission, tuple(changes))  # type: ignore[type-var]  # any slots class
    return make(choice, *changes.values())


# -- setup options (DB-A1, DB-A2, DB-R1, DB-R2, DB-A21) -------------------------------------------

OPTION_LIMIT = 200_000   # characters of JSON an option may take (a board is about 2,000)


def json_option(name: str, value: Any) -> Any:
    """Options are recorded, so they must be plain JSON of a sane size (never a path to open)."""
    if isinstance(value, pathlib.PurePath):
        raise BadInput("NB-ARG", f"option {name}: a record never names a file; pass the path to "
                                 "new_game, which records the file's content")
    try:
        text = json.dumps(_plain(value))
    except (TypeError, ValueError, RecursionError):
        raise BadInput("NB-ARG", f"option {name} must be plain JSON data, got {show(value)}") \
            from None
    if len(text) > OPTION_LIMIT:
        raise BadInput("NB-ARG", f"option {name} is limited to {OPTION_LIMIT:,} characters of "
                                 f"JSON, got {len(text):,}")
    return json.loads(text)


def illustrative_pool() -> list[Shape]:
    """DB-A2's illustrative catalogue: every one-sided shape of 4-6 squares (each round offers
    ten distinct ones of them; the determinizer redraws unrevealed rounds from it too)."""
    return [s for n in (4, 5, 6) for s in one_sided_polyominoes(n)]


def illustrative_shapes(seed: int) -> tuple[tuple[Shape, ...], ...]:
    """DB-A2: nine rounds of ten distinct one-sided shapes of 4-6 squares, seeded (illustrative)."""
    seed = check_int(seed, "seed", 0, MAX_SEED)
    pool = illustrative_pool()
    return tuple(tuple(rng_for(seed, "shapes", r).sample(pool, SHAPES_PER_ROUND))
                 for r in range(1, ROUNDS))


def shapes_option(value: Any, seed: int) -> tuple[tuple[Shape, ...], ...]:
    if value is None:
        return illustrative_shapes(seed)
    ok = isinstance(value, (list, tuple)) and len(value) == ROUNDS - 1 and all(
        isinstance(r, (list, tuple)) and len(r) == SHAPES_PER_ROUND
        and all(isinstance(cells, (list, tuple)) and len(cells) <= 6 for cells in r)
        for r in value)
    if not ok:
        raise BadInput("NB-DATA", "shapes_by_round is 9 rounds of 10 shapes, each a list of "
                                  "[row, col] squares (DB-A2)")
    out = []
    for r, row in enumerate(value, 1):
        shapes = tuple(Shape.from_cells([tuple(c) for c in cells]) for cells in row)
        if len(set(shapes)) != SHAPES_PER_ROUND:
            raise BadInput("DB-R8", f"round {r}'s 10 shapes must be distinct up to rotation")
        if any(not 4 <= s.size <= 6 for s in shapes):
            raise BadInput("DB-R8", f"round {r}: shapes have 4, 5 or 6 squares")
        out.append(shapes)
    return tuple(out)


def identities_option(value: Any, seed: int) -> tuple[str, ...]:
    if value is None:
        order = list(DOPPELS)
        rng_for(seed, "identities").shuffle(order)
        return tuple(order)
    if not isinstance(value, (list, tuple)) or len(value) != 10 or not all(
            isinstance(v, str) for v in value) or sorted(value) != sorted(DOPPELS):
        raise BadInput("DB-R1", "identities lists the 10 Doppels ('red-P' ... 'purple-Q'), one "
                                "per seat")
    return tuple(value)


def jester_option(value: Any, seed: int) -> str:
    if value is None:
        return rng_for(seed, "jester").choice(COLOURS)
    if not isinstance(value, str) or value not in COLOURS:
        raise BadInput("DB-R1", f"the Jester colour is one of {', '.join(COLOURS)}")
    return value


def artefacts_option(value: Any) -> FrozenMap[str, int | None]:
    value = {} if value is None else value
    if not isinstance(value, Mapping) or set(value) - {"light", "dark"} or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10)
            for v in value.values()):
        raise BadInput("DB-A21", "artefacts maps 'light' and 'dark' to a seat 0..9 (or null)")
    return FrozenMap({"light": value.get("light"), "dark": value.get("dark")})


def fresh_uses(artefacts: Mapping[str, int | None]) -> FrozenMap[str, int]:
    return FrozenMap({p: (1 if seat is not None else 0) for p, seat in artefacts.items()})


# -- resolving a round -----------------------------------------------------------------------------


def guess_map(s: Submission) -> FrozenMap[str, Any]:
    out: dict[str, Any] = {colour: named for colour, named in s.guesses}
    if s.jester is not None:
        out["jester"] = s.jester
    return FrozenMap(out)


class RoundState(Protocol):
    """What resolving a round and the Jester bots read of a game state, and how they make the
    next one: a :class:`.state.State` has all of it.

    Described here rather than imported from :mod:`.state`, which calls this module: the state
    sits above the round's flow in the import graph and no cycle joins the two (issue 26).
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def board(self) -> Board: ...
    @property
    def identity(self) -> tuple[str, ...]: ...
    @property
    def subs(self) -> tuple[Submission, ...]: ...
    @property
    def offered(self) -> tuple[Shape, ...]: ...
    @property
    def artefacts(self) -> FrozenMap[str, int | None]: ...
    @property
    def uses(self) -> FrozenMap[str, int]: ...
    @property
    def played(self) -> tuple[tuple[tuple[int, int], ...], ...]: ...
    @property
    def territory_log(self) -> tuple[Mapping[str, tuple[int, int]], ...]: ...
    @property
    def draft_log(self) -> tuple[tuple[tuple[int, int], ...], ...]: ...
    @property
    def is_over(self) -> bool: ...

    def key(self, seat: int) -> str: ...
    def partner(self, seat: int) -> int: ...
    def is_bot(self, seat: int) -> bool: ...
    def start_labels(self, letter: str) -> list[str]: ...
    def _step(self, seat: int) -> tuple[Any, ...] | None: ...
    def _legal_for(self, seat: int, step: tuple[Any, ...] | None = None) -> list[Action]: ...
    def _apply_for(self, seat: int, action: Any) -> Self: ...
    def _evolve(self, **changes: Any) -> Self: ...


#: The caller's own state type, handed back (a State in, a State out).
S = TypeVar("S", bound=RoundState)


def resolve_round(state: S) -> S:
    """Everyone has chosen: resolve the round (DB-R5 order) and open the next one."""
    rules, r = state.rules, state.round
    subs = state.subs
    cards = {seat: (s.effective or 0, s.card or 0) for seat, s in enumerate(subs)}
    draft_cards = cards if rules.dark_applies_to_all_actions_in_round else {
        seat: (s.card or 0, s.card or 0) for seat, s in enumerate(subs)}      # DB-A21
    board = state.board
    changes: dict[str, Any] = {}
    resolution: Resolution | None = None
    if r == 1:                                                 # DB-R6, DB-R7
        work = board.copy()
        taken_all: dict[int, str] = {}
        leftovers: list[str] = []
        for letter in ("P", "Q"):
            seats = [x for x in range(10) if letter_of(state.identity[x]) == letter]
            taken, left = _allocate_starts({x: subs[x].starts for x in seats},
                                          {x: cards[x] for x in seats},
                                          state.start_labels(letter), rules)
            taken_all.update(taken)
            leftovers.extend(left)
        for seat, label in taken_all.items():
            work.set_owner([work.starts[label]], state.key(seat))
        for label in leftovers:
            work.set_zero(work.starts[label])
        board = work.frozen()
        changes["starts_taken"] = FrozenMap({state.identity[x]: lab for x, lab in
                                             sorted(taken_all.items())})
        changes["zero_from_starts"] = tuple(leftovers)
    else:                                                      # DB-R11, DB-R15
        placements = [(seat, state.key(seat), cards[seat][0], cards[seat][1], s.place)
                      for seat, s in enumerate(subs) if s.place is not None]
        lights = [(state.key(seat), s.light) for seat, s in enumerate(subs)
                  if s.light is not None]
        resolution = _resolve(board, placements, rules, lights)
        board = resolution.after
    to_place: tuple[Shape | None, ...] = (None,) * 10
    draft: tuple[tuple[int, int], ...] = ()
    if r < ROUNDS:                                             # DB-R8
        got = _draft_shapes({x: subs[x].shapes for x in range(10)}, draft_cards,
                           SHAPES_PER_ROUND, rules)
        places: list[Shape | None] = [None] * 10
        for seat, index in got.items():
            places[state.partner(seat)] = state.offered[index]   # the shape goes to the partner
        to_place = tuple(places)
        draft = tuple(sorted(got.items()))
    uses = fresh_uses(state.artefacts) if rules.artefact_uses == "once_per_round" \
        else state.uses                                         # DB-A21
    played = state.played + (tuple((s.card or 0, s.effective or 0) for s in subs),)
    territory = state.territory_log + (territory_sums(board),)
    guesses = tuple(guess_map(s) for s in subs) if r == ROUNDS else None
    new = state._evolve(board=board, round=r + 1, to_place=to_place, subs=(EMPTY,) * 10,
                        played=played, uses=uses, territory_log=territory, guesses=guesses,
                        resolution=resolution,
                        draft_log=state.draft_log + (draft,), **changes)
    return new if new.is_over else fill_bots(new)


def fill_bots(state: S) -> S:
    """Jester seats under ``jester_controller="bot"`` choose at random, seeded (DB-A25)."""
    if state.rules.jester_controller != "bot":
        return state
    for seat in range(10):
        if not state.is_bot(seat):
            continue
        rng = rng_for(state.seed, "jester-bot", state.round, seat)
        while state._step(seat) is not None:
            state = state._apply_for(seat, rng.choice(state._legal_for(seat)))
    return state


__all__ = ["Submission", "EMPTY", "revised", "illustrative_pool", "illustrative_shapes", "resolve_round",
           "fill_bots", "json_option", "shapes_option", "identities_option", "jester_option",
           "artefacts_option", "fresh_uses", "guess_map", "Board"]
