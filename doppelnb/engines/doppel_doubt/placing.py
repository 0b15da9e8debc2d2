"""Where can a shape go: every legal placement of a shape on a board, with bitboards.

Each fact about the board (own squares, enemy squares, forbidden Zero spaces) is one Python
integer with a bit per square. Shifting a mask by a cell's offset moves that fact to the anchor
(top-left) of every placement at once, and a bit-sliced adder (:mod:`.bitboards`) counts own and
enemy squares for all anchors together, so the work is a few dozen big-integer operations per
orientation, never a loop over squares. The rules are those of :meth:`.board.Board.category`
and :meth:`.board.Board.check_placement` (DB-R10, DB-R12, DB-R13, DB-A5..A7, DB-A13, DB-A15);
:meth:`.board.Board.legal_placements_naive`, which asks the placement check about every
position, is the per-square twin the tests compare with.

The masks come from one pass over the board's squares, made once per board and shared by every
owner key (:func:`owner_bits`); a key's masks are a few operations on those (:func:`masks`).

>>> from .board import Board
>>> from .shapes import shape_by_name
>>> board = Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
>>> legal_cells(board, "blue", shape_by_name("4-0"))[:2]
[((0, 1), (0, 2), (0, 3), (0, 4)), ((0, 2), (0, 3), (0, 4), (0, 5))]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import compress
from operator import itemgetter
from typing import Any, Protocol

from immutables import Map

from .bitboards import add_bit, anchor_mask, at_least, greater
from .notation import CELLS, SIZE, Cell
from .rules import COLOURS, DOPPELS, Rules, colour_of
from .shapes import Placement, Shape


class SquareFacts(Protocol):
    """What the bitboards read of a board: a :class:`.board.Board` has all of it.

    Described here rather than imported from :mod:`.board`, which calls this module: the board
    sits above the placement search in the import graph and no cycle joins the two (issue 26).
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def owner(self) -> tuple[str | None, ...]: ...       # square index -> owner key or None
    @property
    def zero(self) -> frozenset[int]: ...                 # the Zero spaces' square indices
    @property
    def _start_index(self) -> Mapping[int, str]: ...     # starting square index -> its label
    @property
    def _cache(self) -> dict[Any, Any]: ...              # memo of the bitboards, per board


_BITS = bytes.maketrans(b"01", b"\x00\x01")   # a mask's binary digits as 0/1 bytes
_ROW = (1 << SIZE) - 1
_POWERS = tuple(1 << i for i in range(SIZE * SIZE))   # square index -> its bit
#: One character per owner key (colours and Doppels, DB-A4), "." for an unclaimed square, and
#: per owner the table turning its character into "1" and every other into "0".
_CODE: dict[str | None, str] = {None: ".", **{key: chr(ord("A") + i)
                                              for i, key in enumerate(COLOURS + DOPPELS)}}
_ONLY = {key: str.maketrans({c: ("1" if c == code else "0") for c in _CODE.values()})
         for key, code in _CODE.items() if key is not None}


def pad_for(rules: Rules, shape: Shape) -> int:
    """Off-board squares around the board a placement of ``shape`` may use (DB-A13)."""
    if not rules.allow_offboard:
        return 0
    h = 1 + max(r for r, _ in shape.key)
    w = 1 + max(c for _, c in shape.key)
    return max(h, w) - 1


def owner_bits(board: SquareFacts) -> tuple[Mapping[str, int], int]:
    """``(owner -> bitboard of its squares, bitboard of the protected squares)`` on the unpadded
    17x17 grid: a claimed Zero space (DB-R12) or, under ``start_square_protected``, a claimed
    starting square (DB-A15). One pass over the board, memoised on it (a board never changes
    once it is shared)."""
    cached: tuple[Mapping[str, int], int] | None = board._cache.get("owners")
    if cached is not None:
        return cached
    owners = board.owner
    bits: dict[str, int] = {}
    present = {owner for owner in set(owners) if owner is not None}
    if present <= _ONLY.keys():
        # One character per square, the last square first (``int(text, 2)`` reads the top bit
        # first), then per owner a C-level translate to "1" for its squares: no Python loop
        # over the 289 squares.
        text = "".join(map(_CODE.__getitem__, reversed(owners)))
        for key in present:
            bits[key] = int(text.translate(_ONLY[key]), 2)
    else:                                       # an owner key of a board set up by hand
        for i, owner in enumerate(owners):
            if owner is not None:
                bits[owner] = bits.get(owner, 0) | 1 << i
    guarded = sum(map(_POWERS.__getitem__, board.zero))
    if board.rules.start_square_protected:
        guarded |= sum(map(_POWERS.__getitem__, board._start_index))
    # a persistent map: shared by every state that shares the board
    out: tuple[Mapping[str, int], int] = (Map(bits), guarded)
    board._cache["owners"] = out
    return out


def _padded(mask: int, pad: int) -> int:
    """A 17x17 bitboard laid out on the (17 + 2 pad)-square grid, ``pad`` squares in."""
    if not pad:
        return mask
    width = SIZE + 2 * pad
    out = 0
    for r in range(SIZE):
        out |= (mask >> (r * SIZE) & _ROW) << ((r + pad) * width + pad)
    return out


def masks(board: SquareFacts, key: str, pad: int) -> Mapping[str, Any]:
    """The bitboards a placement by owner ``key`` is judged on, padded by ``pad`` off-board
    squares: ``own`` (its squares), ``bad`` (another colour's protected squares: DB-R12,
    DB-A15), ``enemy`` (every other owner's other squares) and ``targets`` (those per owner).
    A partner's protected squares (DB-R12, "if it is your colour") are in none of them, as in
    :meth:`.board.Board.category`. Memoised on the board."""
    cached: Mapping[str, Any] | None = board._cache.get(("masks", key, pad))
    if cached is not None:
        return cached
    bits, guarded = owner_bits(board)
    own, bad = bits.get(key, 0), 0
    enemy: dict[str, int] = {}
    mine = colour_of(key)
    for owner, squares in bits.items():
        if owner == key:
            continue
        if squares & guarded and colour_of(owner) != mine:
            bad |= squares & guarded
        if squares & ~guarded:
            enemy[owner] = _padded(squares & ~guarded, pad)
    all_enemy = 0
    for squares in enemy.values():
        all_enemy |= squares
    out: Mapping[str, Any] = Map({
        "own": _padded(own, pad), "bad": _padded(bad, pad), "enemy": all_enemy,
        "targets": Map(enemy), "width": SIZE + 2 * pad})
    board._cache[("masks", key, pad)] = out
    return out


_GEOMETRY: dict[tuple[tuple[Cell, ...], int], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}


def geometry(shape: Shape, width: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """For each rotation of ``shape`` on a ``width``-square grid: ``(index, anchors, shifts)``,
    the anchors where its bounding box fits and each square's offset from the anchor. Made once
    per shape and grid width (a game offers 90 shapes; every listing of placements reuses it)."""
    key = (shape.key, width)
    out = _GEOMETRY.get(key)
    if out is None:
        rows = []
        for index, rot in enumerate(shape.rotations()):
            h = 1 + max(r for r, _ in rot)
            w = 1 + max(c for _, c in rot)
            rows.append((index, anchor_mask(width, h, w),
                         tuple(r * width + c for r, c in rot)))
        out = _GEOMETRY[key] = tuple(rows)
    return out


def legal_masks(board: SquareFacts, key: str, shape: Shape) -> list[tuple[int, int, int]]:
    """For each rotation: ``(rotation, pad, anchors)``, where bit ``pr * (17 + 2 * pad) + pc``
    of ``anchors`` is set when the rotation with its corner at (pr - pad, pc - pad) is legal."""
    rules = board.rules
    pad = pad_for(rules, shape)
    m = masks(board, key, pad)
    width = m["width"]
    size = shape.size
    rule, reject = rules.takeover_rule, rules.illegal_takeover == "reject"
    own, bad, enemy = m["own"], m["bad"], m["enemy"]
    lazy = rule == "own_over_half" and rules.takeover_check == "whole_shape"
    need = size // 2 + 1
    out = []
    for index, anchors, shifts in geometry(shape, width):
        moved = [own >> k for k in shifts]                # own squares, seen from each anchor
        any_own = touched = 0
        for mask in moved:
            any_own |= mask
        legal = anchors & any_own                             # DB-R10c
        if bad:                                               # DB-R12 (claimed Zero spaces)
            any_bad = 0
            for k in shifts:
                any_bad |= bad >> k
            legal &= ~any_bad
        if enemy and reject:
            for k in shifts:
                touched |= enemy >> k
        if reject and legal & touched:                        # DB-R13
            # Own squares are counted only where an enemy square is covered: with the default
            # rules (own_over_half, whole shape) the test needs nothing else, and "at least
            # ``need`` of them" is a running threshold count (``level[j]``: at least j + 1 so
            # far), a few operations per square of the shape.
            if lazy:
                legal &= ~(touched & ~_at_least(moved, need))
            else:
                own_planes: list[int] = []
                for mask in moved:
                    add_bit(own_planes, mask)
                legal &= ~_takeover_fail(rules, m, shifts, own_planes, rule, size, anchors)
        out.append((index, pad, legal))
    return out


def _at_least(masks: list[int], need: int) -> int:
    """The bits set in at least ``need`` of ``masks``: a running threshold count (``one``: set
    at least once so far, ``two``: twice, ...), a few operations per mask. Unrolled for the
    thresholds of 4-6 square shapes (3 and 4); other thresholds take the general loop."""
    one = two = three = four = 0
    if need == 3:
        for mask in masks:
            three |= two & mask
            two |= one & mask
            one |= mask
        return three
    if need == 4:
        for mask in masks:
            four |= three & mask
            three |= two & mask
            two |= one & mask
            one |= mask
        return four
    level = [0] * need
    for mask in masks:
        for j in range(need - 1, 0, -1):
            level[j] |= level[j - 1] & mask
        level[0] |= mask
    return level[-1] if need > 0 else -1


def _takeover_fail(rules: Rules, m: Mapping[str, Any], shifts: tuple[int, ...], own_planes: list[int],
                   rule: str, size: int, anchors: int) -> int:
    """Anchors where some enemy square is covered and the takeover test fails."""
    groups = ([m["enemy"]] if rules.takeover_check == "whole_shape"
              else list(m["targets"].values()))
    fail = 0
    own_ok = at_least(own_planes, size // 2 + 1, anchors) if rule == "own_over_half" else 0
    for enemy in groups:
        planes: list[int] = []
        touched = 0
        if rule == "own_over_half":               # only whether an enemy square is covered
            for k in shifts:
                touched |= enemy >> k
            fail |= touched & ~own_ok
            continue
        for k in shifts:
            e = enemy >> k
            touched |= e
            add_bit(planes, e)
        if rule == "non_enemy_over_half":
            ok = anchors & ~at_least(planes, (size + 1) // 2, anchors)
        else:
            ok = greater(own_planes, planes, anchors)
        fail |= touched & ~ok
    return fail & anchors


def legal_placements(board: SquareFacts, key: str, shape: Shape) -> list[Placement]:
    """Every legal position and rotation of ``shape`` for owner ``key``."""
    out = []
    for rotation, pad, mask in legal_masks(board, key, shape):
        width = SIZE + 2 * pad
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            mask ^= low
            pr, pc = divmod(i, width)
            out.append(Placement(shape, rotation, pr - pad, pc - pad))
    return out


def legal_cells(board: SquareFacts, key: str, shape: Shape) -> list[tuple[Cell, ...]]:
    """The sorted squares of every legal placement, in :func:`legal_placements`' order."""
    out: list[tuple[Cell, ...]] = []
    rotations = shape.rotations()
    for rotation, pad, mask in legal_masks(board, key, shape):
        rot = rotations[rotation]               # sorted, so each placement's cells are too
        width = SIZE + 2 * pad
        if not pad:                             # on the board: squares from the anchors
            if mask:
                bits = bin(mask)[:1:-1].encode().translate(_BITS)
                anchors = list(compress(range(len(bits)), bits))
                if len(anchors) == 1:
                    out.append(tuple([CELLS[anchors[0] + r * SIZE + c] for r, c in rot]))
                else:                           # one C-level gather per cell of the shape
                    take = itemgetter(*anchors)
                    out += zip(*[take(CELLS[r * SIZE + c:]) for r, c in rot], strict=True)
            continue
        while mask:                             # hanging off the board (DB-A13)
            low = mask & -mask
            mask ^= low
            row, col = divmod(low.bit_length() - 1, width)
            out.append(tuple([(row - pad + r, col - pad + c) for r, c in rot]))
    return out


def draw_legal_cells(board: SquareFacts, key: str, shape: Shape,
                     draw: Callable[[int], int]) -> tuple[Cell, ...] | None:
    """``legal_cells(board, key, shape)[draw(n)]`` for the n legal placements, without listing
    them (``None``, nothing drawn, when there is none): the rotation is found by counting each
    rotation's legal anchors, the anchor by bisecting its mask on the number of set bits below a
    point. The random playout draws one placement of hundreds this way."""
    found = legal_masks(board, key, shape)
    total = sum(mask.bit_count() for _, _, mask in found)
    if not total:
        return None
    index = draw(total)
    rotations = shape.rotations()
    for rotation, pad, mask in found:
        count = mask.bit_count()
        if index >= count:
            index -= count
            continue
        lo, hi = 0, mask.bit_length()          # the anchor: the lowest bit with index bits below
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if (mask & ((1 << mid) - 1)).bit_count() > index:
                hi = mid
            else:
                lo = mid
        rot = rotations[rotation]
        if not pad:
            return tuple([CELLS[lo + r * SIZE + c] for r, c in rot])
        row, col = divmod(lo, SIZE + 2 * pad)
        return tuple([(row - pad + r, col - pad + c) for r, c in rot])
    raise AssertionError("a drawn index is below the total")  # pragma: no cover


def count_legal(board: SquareFacts, key: str, shape: Shape) -> int:
    return sum(mask.bit_count() for _, _, mask in legal_masks(board, key, shape))


__all__ = ["pad_for", "owner_bits", "masks", "geometry", "legal_masks", "legal_placements", "legal_cells",
           "draw_legal_cells", "count_legal"]
