"""The red-dot rule edge by edge (GL-R14), the sentence for a mismatching edge, and :class:`Spots`,
the lazy list of 'anywhere' placements (GL-R15.3). The report of every candidate position and
rotation with its reason is :class:`PlacementReport` (made by :meth:`.desert.Desert.explain_placement`).

>>> edges_match(1, 2), edges_match(1, 2, "exact_pattern"), edges_match(0, 1)
(True, False, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

from ...core.checks import show
from ...core.errors import BadInput
from .tiles import DIRECTION_NAMES, Coord, Tile, fmt

K = TypeVar("K")
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


class Cells(Sequence[Any], Generic[K]):
    """A read-only sequence over a persistent map from 0..n-1 to items (a class of open spots)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[int, K]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> K: ...

    @overload
    def __getitem__(self, i: slice) -> list[K]: ...

    def __getitem__(self, i: int | slice) -> K | list[K]:
        if isinstance(i, slice):
            return [self._items[j] for j in range(len(self._items))[i]]
        if i < 0:
            i += len(self._items)
        if not 0 <= i < len(self._items):
            raise IndexError(i)
        return self._items[i]

    def __iter__(self) -> Iterator[K]:
        items = self._items
        return (items[i] for i in range(len(items)))


@dataclasses.dataclass(frozen=True)
class Candidate:
    """A position and rotation considered for a drawn tile, with the verdict and its reason."""

    position: Coord
    rotation: int
    priority: int
    mismatches: tuple[Mismatch, ...]
    touches: int  # placed tiles it would touch

    @property
    def legal(self) -> bool:
        return not self.mismatches and self.touches > 0

    def reason(self) -> str:
        if self.touches == 0:
            return f"{fmt(self.position)} touches no placed tile"
        if not self.mismatches:
            return f"every touching edge matches ({self.touches} checked)"
        return "; ".join(m.sentence() for m in self.mismatches)


@dataclasses.dataclass(frozen=True)
class PlacementReport:
    """Why each candidate position/rotation of a drawn tile is legal or not (GL-R14, GL-R15)."""

    tile: Tile
    team: Coord
    candidates: tuple[Candidate, ...]
    level: int | None  # the priority level that applies; None: no legal position (GL-A7)
    desert: Any = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if c.legal and c.priority == self.level)

    def positions(self) -> list[tuple[Coord, int]]:
        return [(c.position, c.rotation) for c in self.legal]

    def summary(self) -> str:
        tried = sorted({c.priority for c in self.candidates})
        failed = [PRIORITY_NAMES[p] for p in tried if self.level is None or p < self.level]
        head = f"{self.tile.name}: "
        if failed:
            head += "no legal position " + " nor ".join(failed) + ", so "
        if self.level is None:
            return head + "the tile cannot be placed and is discarded (GL-A7)."
        spots = sorted({c.position for c in self.legal})
        return (head + f"it must go {PRIORITY_NAMES[self.level]} (GL-R15 level {self.level}): "
                + ", ".join(fmt(p) for p in spots) + ".")

    def rows(self) -> list[list[str]]:
        out = []
        for c in self.candidates:
            if c.legal and c.priority == self.level:
                verdict = "legal"
            elif c.legal:
                verdict = "fits, but a higher priority applies"
            else:
                verdict = "illegal"
            out.append([fmt(c.position), f"{c.rotation}°", f"{c.priority}", verdict, c.reason()])
        return out

    def _repr_html_(self) -> str:
        from ...core.render import Html, html_table, tag
        from .render import placement_svg

        table = html_table(["position", "rotation", "priority", "verdict", "why"], self.rows(),
                           caption=self.summary())
        return str(tag("div", placement_svg(self), Html(table)))


class Spots(Sequence[tuple[Coord, int]]):
    """The legal (position, rotation) pairs of an 'anywhere' placement (GL-R15.3), read lazily
    from the Desert's classes of open positions: ``len`` and indexing cost the number of classes.

    It never changes: the classes it reads are persistent maps of an immutable Desert.
    """

    __slots__ = ("_groups", "_len")

    def __init__(self, groups: Sequence[tuple[Sequence[Coord], tuple[int, ...]]]):
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



__all__ = ["Mismatch", "Spots", "Cells", "Candidate", "PlacementReport", "edges_match", "EDGE_MATCHES",
           "PRIORITY_NAMES"]
