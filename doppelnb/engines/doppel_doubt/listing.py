"""Every legal placement of many shapes at once, as a compact array (numpy), readable on demand.

Where :meth:`Board.legal_placement_masks` works one orientation at a time, this module looks at
all orientations of all the shapes asked about in one go. Each square gets a small code (1 if it
is the placer's, 8 if it is another colour's, 64 if no one else may cover it or it is off the
board); a sliding window over the padded 17x17 codes gives, for every offset (r, c) inside the
largest shape's box, the code each anchor sees there, and one gather-and-sum over each
orientation's offsets yields, for every orientation and every anchor, its own count (bits 0-2),
its enemy count (bits 3-5) and whether it covers a forbidden square (64 and up). The rules are
then a few comparisons over that (orientations x 289) array. Nothing static is built: the only
tables are the window (a view) and one small index array per call.

The result is a :class:`PlacementArray`: four integer arrays (shape, rotation, row, column) in
the order of :meth:`Board.legal_cells`; the squares of a placement are built only when asked for.

>>> from doppelnb.engines.doppel_doubt import Board, one_sided_polyominoes
>>> board = Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
>>> found = board.legal_placement_array("blue", one_sided_polyominoes(4))
>>> len(found), found.cells(0)
(38, ((0, 1), (0, 2), (0, 3), (0, 4)))
>>> sum(board.count_legal_placements("blue", s) for s in found.shapes)
38
>>> found.to_cells()[:1] == board.legal_cells("blue", found.shapes[0])[:1]
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Protocol

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .notation import CELLS, SIZE, Cell
from .placing import SquareFacts
from .rules import colour_of
from .shapes import Placement, Shape


class MaskedBoard(SquareFacts, Protocol):
    """What the listing reads of a board: the squares' facts, and for the boards it does not
    vectorise, the per-rotation bitboards. A :class:`.board.Board` has both; described here
    rather than imported, since the board calls this module (no import cycle, issue 26)."""

    def legal_placement_masks(self, colour: str, shape: Shape) -> list[tuple[int, int, int]]: ...

_OWN, _ENEMY, _BAD = 1, 8, 64           # per-square codes; a sum of <= 6 codes fits each field


@dataclasses.dataclass(frozen=True, eq=False)
class PlacementArray:
    """Legal placements as parallel integer arrays: ``shapes[shape[i]]`` turned to rotation
    ``rotation[i]`` with its corner at (``row[i]``, ``col[i]``). ``len()`` counts them;
    :meth:`cells` / :meth:`to_cells` / :meth:`placements` give the readable forms on demand."""

    shapes: tuple[Shape, ...]
    shape: np.ndarray[Any, Any]
    rotation: np.ndarray[Any, Any]
    row: np.ndarray[Any, Any]
    col: np.ndarray[Any, Any]
    may_hang_off: bool = False          # under DB-A13 allow_offboard: build squares one by one

    def __len__(self) -> int:
        return int(self.row.shape[0])

    def cells(self, i: int) -> tuple[Cell, ...]:
        """The sorted squares of placement ``i``."""
        rot = self.shapes[int(self.shape[i])].rotations()[int(self.rotation[i])]
        r0, c0 = int(self.row[i]), int(self.col[i])
        return tuple([(r0 + r, c0 + c) for r, c in rot])

    def to_cells(self) -> list[tuple[Cell, ...]]:
        """Every placement's sorted squares (what :meth:`Board.legal_cells` lists, shape after
        shape), gathered per orientation."""
        out: list[tuple[Cell, ...]] = []
        if not len(self):
            return out
        if self.may_hang_off:                                       # DB-A13
            return [self.cells(i) for i in range(len(self))]
        rots = [rot for shape in self.shapes for rot in shape.rotations()]
        first = np.cumsum([0] + [len(shape.rotations()) for shape in self.shapes])
        orient = first[self.shape.astype(np.intp)] + self.rotation
        runs = np.flatnonzero(np.diff(orient, prepend=-1)).tolist() + [len(self)]
        base = (self.row.astype(np.intp) * SIZE + self.col).tolist()
        which = orient.tolist()
        for s, e in itertools.pairwise(runs):             # the placements of one orientation
            rot = rots[which[s]]
            if e - s == 1:
                out.append(tuple([CELLS[base[s] + r * SIZE + c] for r, c in rot]))
                continue
            take = itemgetter(*base[s:e])                 # one C-level gather per cell
            out += zip(*[take(CELLS[r * SIZE + c:]) for r, c in rot], strict=True)
        return out

    def placements(self) -> list[Placement]:
        return [Placement(self.shapes[s], r, pr, pc) for s, r, pr, pc in zip(
            self.shape.tolist(), self.rotation.tolist(), self.row.tolist(), self.col.tolist(),
            strict=True)]


def _bits(mask: int, width: int) -> np.ndarray[Any, Any]:
    """A bitboard as a 0/1 uint8 array of ``width * width`` squares."""
    raw = np.frombuffer(mask.to_bytes((width * width + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:width * width]


def placement_array(board: MaskedBoard, key: str, shapes: Sequence[Shape]) -> PlacementArray:
    """Every legal placement of every shape in ``shapes`` for owner ``key`` (see the module)."""
    rules = board.rules
    fast = (not rules.allow_offboard and rules.illegal_takeover == "reject"
            and (rules.takeover_check == "whole_shape" or rules.takeover_rule == "own_over_half"))
    if not fast:                                  # other readings: one orientation at a time
        return _from_masks(board, key, shapes)
    rots = [rot for shape in shapes for rot in shape.rotations()]
    if not rots:
        return _empty(shapes)
    box = max(shape.size for shape in shapes)            # every shape fits a size x size box
    codes = np.full((SIZE + box - 1, SIZE + box - 1), _BAD, dtype=np.uint16)   # off board
    codes[:SIZE, :SIZE] = _codes(board, key).reshape(SIZE, SIZE)
    seen = sliding_window_view(codes, (SIZE, SIZE)).reshape(box * box, SIZE * SIZE)
    seen = np.vstack([seen, np.zeros((1, SIZE * SIZE), dtype=np.uint16)])   # row for "no cell"
    most = max(len(rot) for rot in rots)
    pads = [((box, 0),) * (most - n) for n in range(most + 1)]  # (box, 0): the "no cell" row
    index = np.array([r * box + c for rot in rots for r, c in rot + pads[len(rot)]],
                     dtype=np.intp).reshape(len(rots), most)
    sizes = np.array([len(rot) for rot in rots], dtype=np.uint16).reshape(-1, 1)
    total = seen[index].sum(axis=1, dtype=np.uint16)            # (orientations, anchors)
    own, enemy = total & 7, (total >> 3) & 7
    rule = rules.takeover_rule
    if rule == "own_over_half":
        ok = 2 * own > sizes
    elif rule == "non_enemy_over_half":
        ok = 2 * (sizes - enemy) > sizes
    else:
        ok = own > enemy
    legal = (own > 0) & (total < _BAD) & ((enemy == 0) | ok)     # DB-R10b/c, DB-R12, DB-R13
    orient, anchor = np.nonzero(legal)
    which = np.array([(si, ri) for si, shape in enumerate(shapes)
                      for ri in range(len(shape.rotations()))], dtype=np.int16).reshape(-1, 2)
    row, col = np.divmod(anchor.astype(np.int16), SIZE)
    return PlacementArray(tuple(shapes), which[orient, 0], which[orient, 1], row, col)


def _codes(board: SquareFacts, key: str) -> np.ndarray[Any, Any]:
    """Each square's code for a placement by ``key`` (the categories of :meth:`Board.category`,
    computed for the whole board at once)."""
    owner = np.array(board.owner, dtype=object)
    claimed = owner != None                                     # noqa: E711 (elementwise)
    own = owner == key
    guarded = list(board.zero)
    if board.rules.start_square_protected:                      # DB-A15
        guarded += list(board._start_index)
    bad = np.zeros(SIZE * SIZE, dtype=bool)
    ally = np.zeros(SIZE * SIZE, dtype=bool)
    mine = colour_of(key)
    for i in guarded:                                           # DB-R12: a few squares
        o = board.owner[i]
        if o is None or o == key:
            continue
        if colour_of(o) == mine:
            ally[i] = True                                      # a partner's: no change
        else:
            bad[i] = True
    enemy = claimed & ~own & ~bad & ~ally
    codes: np.ndarray[Any, Any] = (own.astype(np.uint16) * _OWN + enemy.astype(np.uint16) * _ENEMY
                                   + bad.astype(np.uint16) * _BAD)
    return codes


def _empty(shapes: Sequence[Shape]) -> PlacementArray:
    none = np.zeros(0, dtype=np.int16)
    return PlacementArray(tuple(shapes), none, none, none, none)


def _from_masks(board: MaskedBoard, key: str, shapes: Sequence[Shape]) -> PlacementArray:
    parts: list[tuple[int, int, np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
    for si, shape in enumerate(shapes):
        for rotation, pad, mask in board.legal_placement_masks(key, shape):
            row, col = np.divmod(np.flatnonzero(_bits(mask, SIZE + 2 * pad)), SIZE + 2 * pad)
            parts.append((si, rotation, row - pad, col - pad))
    if not parts:
        return _empty(shapes)
    return PlacementArray(
        tuple(shapes),
        np.concatenate([np.full(len(p[2]), p[0], dtype=np.int16) for p in parts]),
        np.concatenate([np.full(len(p[2]), p[1], dtype=np.int16) for p in parts]),
        np.concatenate([p[2] for p in parts]).astype(np.int16),
        np.concatenate([p[3] for p in parts]).astype(np.int16), board.rules.allow_offboard)


__all__ = ["PlacementArray", "placement_array"]
