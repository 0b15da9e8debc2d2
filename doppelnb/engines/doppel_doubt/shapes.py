"""Polyominoes for Doppel Doubt: one-sided shapes (rotation allowed, reflection not; DB-R10a).

A :class:`Shape` is stored in a canonical form: its cells translated to touch row 0 and column 0,
and the lexicographically smallest of its four rotations. Two shapes are equal exactly when one
is a rotation of the other, so a shape and its mirror image are two different pieces here.

>>> [len(one_sided_polyominoes(n)) for n in range(1, 8)]
[1, 1, 2, 7, 18, 60, 196]
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from functools import cache
from typing import Any

from ...core.checks import check_int, check_sequence, check_str, show
from ...core.errors import BadInput
from .notation import CELLS, SIZE, Cell


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate ``cells`` so the smallest row and column are 0; return them sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotate(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A quarter turn clockwise, normalised: (r, c) -> (c, -r)."""
    return normalise((c, -r) for r, c in cells)


def reflect(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The mirror image (left and right swapped), normalised."""
    return normalise((r, -c) for r, c in cells)


def rotations_of(cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """The distinct rotations (1, 2 or 4) of ``cells``, in quarter-turn order from the given one."""
    return _rotations(normalise(cells))


@cache
def _rotations(cur: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], ...]:
    out: list[tuple[Cell, ...]] = []
    for _ in range(4):
        if cur not in out:
            out.append(cur)
        cur = rotate(cur)
    return tuple(out)


@cache
def placement_table(rot: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], ...]:
    """For one orientation (sorted cells), the sorted squares of its placement with the corner at
    each square ``r * 17 + c`` of the board (``()`` where it would leave the board): static data,
    built once per orientation and process, like a chess engine's precomputed move tables.

    >>> placement_table(((0, 0), (0, 1)))[17 * 2 + 3]
    ((2, 3), (2, 4))
    """
    h = 1 + max(r for r, _ in rot)
    w = 1 + max(c for _, c in rot)
    offsets = [r * SIZE + c for r, c in rot]
    return tuple(tuple([CELLS[i + k] for k in offsets])
                 if i // SIZE <= SIZE - h and i % SIZE <= SIZE - w else ()
                 for i in range(SIZE * SIZE))


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return min(rotations_of(cells))


def is_connected(cells: Iterable[Cell]) -> bool:
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


@dataclasses.dataclass(frozen=True, order=True)
class Shape:
    """A one-sided polyomino: ``cells`` is a frozenset of (row, col) in canonical position."""

    key: tuple[Cell, ...] = dataclasses.field(repr=False)
    name: str = dataclasses.field(default="", compare=False)

    @classmethod
    def from_cells(cls, cells: Iterable[Cell], name: str = "") -> Shape:
        """A shape from any placed or drawn copy of it (``BadInput`` if not a polyomino)."""
        if isinstance(cells, (set, frozenset)):
            cells = sorted(cells, key=repr)
        elif not isinstance(cells, (list, tuple, str, bytes, dict)):
            try:                                   # any other iterable, read up to the limit
                cells = list(itertools.islice(iter(cells), MAX_SHAPE_SIZE + 1))
            except TypeError:
                pass                               # check_sequence names it
        items: tuple[Any, ...] = check_sequence(cells, "cells", max_len=MAX_SHAPE_SIZE)
        cells = []
        for i, cell in enumerate(items):
            pair = check_sequence(cell, f"cells[{i}]", min_len=2, max_len=2,
                                  item=lambda v, n: check_int(v, n, -1000, 1000))
            cells.append((pair[0], pair[1]))
        if not cells or len(set(cells)) != len(cells):
            raise BadInput("NB-ARG", "a shape needs at least one square and no square twice")
        if not is_connected(cells):
            raise BadInput("NB-ARG", "the squares of a shape must be orthogonally connected "
                           "(DB-R8)")
        return cls(canonical(cells), name)

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(self.key)

    @property
    def size(self) -> int:
        return len(self.key)

    def rotations(self) -> tuple[tuple[Cell, ...], ...]:
        """The distinct orientations a player may use (rotations only, DB-R10a)."""
        return _rotations(self.key)

    def reflections(self) -> tuple[tuple[Cell, ...], ...]:
        """The orientations of the mirror image that are *not* rotations of the shape."""
        own = set(self.rotations())
        return tuple(r for r in rotations_of(reflect(self.key)) if r not in own)

    @property
    def is_chiral(self) -> bool:
        """True when the mirror image is a different one-sided piece."""
        return bool(self.reflections())

    def to_json(self) -> list[list[int]]:
        return [[r, c] for r, c in self.key]

    def ascii(self) -> str:
        h = 1 + max(r for r, _ in self.key)
        w = 1 + max(c for _, c in self.key)
        return "\n".join("".join("#" if (r, c) in self.cells else "." for c in range(w))
                         for r in range(h))

    def __str__(self) -> str:
        return self.name or f"{self.size}-omino"

    def _repr_svg_(self) -> str:
        from .render import shape_svg

        return str(shape_svg(self))


@dataclasses.dataclass(frozen=True)
class Placement:
    """One position of a shape: rotation ``rotation`` with its bounding box's corner at (row, col)."""

    shape: Shape
    rotation: int
    row: int
    col: int

    @property
    def cells(self) -> frozenset[Cell]:
        rot = self.shape.rotations()[self.rotation]
        return frozenset((self.row + r, self.col + c) for r, c in rot)

    def to_json(self) -> list[list[int]]:
        return [[r, c] for r, c in sorted(self.cells)]



#: The largest size :func:`one_sided_polyominoes` enumerates (see its docstring).
MAX_ENUMERATED = 9
#: The most squares a shape made with :meth:`Shape.from_cells` may have.
MAX_SHAPE_SIZE = 64


def one_sided_polyominoes(size: int) -> list[Shape]:
    """Every shape of ``size`` squares, distinct under rotation but not reflection.

    Counts for sizes 1, 2, 3, ... are 1, 1, 2, 7, 18, 60, 196, 704 (OEIS A000988). Shapes are
    named ``"<size>-<index>"`` in canonical order, e.g. ``"6-0"`` is the straight hexomino.

    Limit: ``size`` is at most ``MAX_ENUMERATED`` (9: 2,500 shapes, about 0.4 s of CPU the first
    time); size 10 (9,189 shapes) takes about 2 s, 11 (33,896) and 12 (126,759) minutes, so they
    are refused with ``BadInput``. The game itself only uses sizes 4 to 6.
    """
    size = check_int(size, "size", 1, MAX_ENUMERATED)
    return list(_one_sided(size))


@cache
def _one_sided(size: int) -> tuple[Shape, ...]:
    keys = sorted(_canonical_keys(size), key=lambda k: (_extent(k), k))
    return tuple(Shape(k, f"{size}-{i}") for i, k in enumerate(keys))


def _extent(key: tuple[Cell, ...]) -> tuple[int, int]:
    h = 1 + max(r for r, _ in key)
    w = 1 + max(c for _, c in key)
    return (-max(h, w), -min(h, w))


@cache
def _canonical_keys(size: int) -> frozenset[tuple[Cell, ...]]:
    if size == 1:
        return frozenset({((0, 0),)})
    out = set()
    for key in _canonical_keys(size - 1):
        cells = set(key)
        for r, c in key:
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb not in cells:
                    out.add(canonical(cells | {nb}))
    return frozenset(out)


def shape_by_name(name: str) -> Shape:
    """``"6-12"`` -> the 13th one-sided hexomino (``BadInput`` if there is none)."""
    name = check_str(name, "name", max_len=20)
    try:
        size_text, index_text = name.split("-")
        size, index = int(size_text), int(index_text)
    except ValueError:
        raise BadInput("NB-ARG", f"no shape named {show(name)}; names look like '5-3'") from None
    shapes = one_sided_polyominoes(check_int(size, "name's size", 1, MAX_ENUMERATED))
    if not 0 <= index < len(shapes):
        raise BadInput("NB-ARG", f"no shape named {show(name)}: there are {len(shapes)} shapes "
                                 f"of {size} squares")
    return shapes[index]


__all__ = ["Shape", "Placement", "one_sided_polyominoes", "shape_by_name", "normalise", "rotate",
           "reflect", "rotations_of", "canonical", "is_connected", "placement_table"]
