"""The red-dot rule edge by edge (GL-R14), the sentence for a mismatching edge, and :class:`Spots`,
the lazy list of 'anywhere' placements (GL-R15.3). The report of every candidate position and
rotation with its reason is the Desert's (:class:`.desert.PlacementReport`).

>>> edges_match(1, 2), edges_match(1, 2, "exact_pattern"), edges_match(0, 1)
(True, False, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any, overload

from ...core.checks import show
from ...core.errors import BadInput
from .tiles import DIRECTION_NAMES, Coord, Tile, fmt

EDGE_MATCHES = ("presence", "exact_pattern")
PRIORITY_NAMES = {1: "orthogonally next to the Team", 2: "diagonally next to the Team",
                  3: "anywhere next to the Desert"}


def _coord(value: Any, what: str = "a position") -> Coord:
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (int(value[0]), int(value[1]))
    raise BadInput("NB-ARG", f"{what} is a pair of whole numbers (x, y), not {show(value)}")


def _check_rotation(rotation: Any) -> int:
    if isinstance(rotation, bool) or rotation not in (0, 90, 180, 270):
        raise BadInput("NB-ARG", f"rotation must be 0, 90, 180 or 270, got {show(rotation)}")
    return int(rotation)


def _check_mode(mode: Any) -> str:
    if not isinstance(mode, str) or mode not in EDGE_MATCHES:
        raise BadInput("GL-A3", f"mode must be one of {', '.join(EDGE_MATCHES)}, got {show(mode)}")
    return mode


def _check_tile(tile: Any) -> Tile:
    if not isinstance(tile, Tile):
        raise BadInput("NB-ARG", f"tile must be a Tile, got {type(tile).__name__}")
    return tile


def edges_match(own: int, other: int, mode: str = "presence") -> bool:
    """GL-R14 / GL-A3: do two touching edges match?"""
    if mode == "presence":
        return (own > 0) == (other > 0)
    return own == other


def _dots(n: int) -> str:
    return "no red dot" if n == 0 else ("a red dot" if n == 1 else f"{n} red dots")


@dataclasses.dataclass(frozen=True)
class Mismatch:
    """One edge of a candidate tile that breaks the red-dot rule."""

    direction: str  # N, E, S, W of the new tile
    own: int
    neighbour: Coord
    theirs: int

    def sentence(self) -> str:
        return (f"its {DIRECTION_NAMES[self.direction]} edge has {_dots(self.own)} but the tile at "
                f"{fmt(self.neighbour)} shows {_dots(self.theirs)} there")


class Spots(Sequence[tuple[Coord, int]]):
    """The legal (position, rotation) pairs of an 'anywhere' placement (GL-R15.3), read lazily
    from the Desert's classes of open positions: ``len`` and indexing cost the number of classes.

    A view of a frozen Desert never changes; one of a growable Desert is copied into a list when
    made, since the Desert's classes change as tiles are placed.
    """

    __slots__ = ("_groups", "_len")

    def __init__(self, groups: Sequence[tuple[Sequence[Coord], tuple[int, ...]]], *,
                 frozen: bool = True):
        if not frozen:
            groups = [(list(cells), rots) for cells, rots in groups]
        self._groups = groups
        self._len = sum(len(cells) * len(rots) for cells, rots in groups)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> tuple[Coord, int]: ...

    @overload
    def __getitem__(self, i: slice) -> list[tuple[Coord, int]]: ...

    def __getitem__(self, i: int | slice) -> tuple[Coord, int] | list[tuple[Coord, int]]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        for cells, rots in self._groups:
            size = len(cells) * len(rots)
            if i < size:
                return cells[i // len(rots)], rots[i % len(rots)]
            i -= size
        raise IndexError(i)

    def __iter__(self) -> Iterator[tuple[Coord, int]]:
        for cells, rots in self._groups:
            for p in cells:
                for r in rots:
                    yield p, r

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Spots, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"<Spots: {self._len} legal (position, rotation) pairs>"

    def __copy__(self) -> Spots:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Spots:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spots_of, (list(self),))


def _spots_of(pairs: list[tuple[Coord, int]]) -> Spots:
    """Rebuild a pickled :class:`Spots` (one class per pair)."""
    return Spots([([p], (r,)) for p, r in pairs])



__all__ = ["Mismatch", "Spots", "edges_match", "EDGE_MATCHES", "PRIORITY_NAMES"]
