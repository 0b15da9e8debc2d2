"""Bit-sliced arithmetic over bitboards (one Python integer, one bit per square): counting, for
every anchor of a placement at once, how many of its squares have a property.

Three bitboards over three squares: square 0 is set once, square 1 three times, square 2 once.

>>> planes = []
>>> for bits in (0b011, 0b110, 0b010):
...     add_bit(planes, bits)
>>> [bin(at_least(planes, k, 0b111)) for k in (1, 2, 3, 4)]
['0b111', '0b10', '0b10', '0b0']
"""

from __future__ import annotations

# -- bit-sliced arithmetic over all anchors at once ---------------------------------------------
_ANCHORS: dict[tuple[int, int, int], int] = {}


def anchor_mask(width: int, h: int, w: int) -> int:
    """Bits of every anchor (pr, pc) on a ``width``-square grid where an h x w box fits."""
    key = (width, h, w)
    mask = _ANCHORS.get(key)
    if mask is None:
        row = (1 << (width - w + 1)) - 1
        mask = 0
        for pr in range(width - h + 1):
            mask |= row << (pr * width)
        _ANCHORS[key] = mask
    return mask


def add_bit(planes: list[int], bit: int) -> None:
    """Add a 0/1 bitboard to a bit-sliced counter (``planes[i]`` holds bit i of each count)."""
    for i in range(len(planes)):
        planes[i], bit = planes[i] ^ bit, planes[i] & bit
        if not bit:
            return
    if bit:
        planes.append(bit)


def at_least(planes: list[int], threshold: int, anchors: int) -> int:
    """Anchors whose count is >= ``threshold`` (compared from the top bit down)."""
    if threshold <= 0:
        return anchors
    if threshold >= 1 << len(planes):
        return 0
    greater, equal = 0, anchors
    for i in range(len(planes) - 1, -1, -1):
        if threshold >> i & 1:
            equal &= planes[i]
        else:
            greater |= equal & planes[i]
            equal &= ~planes[i]
    return (greater | equal) & anchors


def greater(a: list[int], b: list[int], anchors: int) -> int:
    """Anchors where count ``a`` > count ``b``."""
    n = max(len(a), len(b))
    a = a + [0] * (n - len(a))
    b = b + [0] * (n - len(b))
    greater, equal = 0, anchors
    for i in range(n - 1, -1, -1):
        greater |= equal & a[i] & ~b[i]
        equal &= ~(a[i] ^ b[i])
    return greater & anchors



__all__ = ["anchor_mask", "add_bit", "at_least", "greater"]
