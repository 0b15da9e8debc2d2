"""How a Doppel Doubt match is set up: the recorded options of ``new_game`` (DB-A1, DB-A2,
DB-R1, DB-R2, DB-A21), each checked and turned into the value the state holds, and the seeded
illustrative shapes a round reveals when no catalogue is given.

>>> len(illustrative_shapes(1)), len(illustrative_shapes(1)[0])
(9, 10)
>>> sorted(artefacts_option({"light": 3}).items())
[('dark', None), ('light', 3)]
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from typing import Any

from immutables import Map

from ...core.chance import MAX_SEED, rng_for
from ...core.checks import check_int, show
from ...core.errors import BadInput
from .board_data import _plain
from .rules import COLOURS, DOPPELS, ROUNDS, SHAPES_PER_ROUND
from .shapes import Shape, one_sided_polyominoes

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


def artefacts_option(value: Any) -> Map[str, int | None]:
    value = {} if value is None else value
    if not isinstance(value, Mapping) or set(value) - {"light", "dark"} or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10)
            for v in value.values()):
        raise BadInput("DB-A21", "artefacts maps 'light' and 'dark' to a seat 0..9 (or null)")
    return Map({"light": value.get("light"), "dark": value.get("dark")})


def fresh_uses(artefacts: Mapping[str, int | None]) -> Map[str, int]:
    return Map({p: (1 if seat is not None else 0) for p, seat in artefacts.items()})


__all__ = ["OPTION_LIMIT", "json_option", "illustrative_pool", "illustrative_shapes",
           "shapes_option", "identities_option", "jester_option", "artefacts_option",
           "fresh_uses"]
