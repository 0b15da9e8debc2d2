"""Groom Lake notation: grid positions ``(x, y)`` (y grows north), formatted ``(x, y)``.

>>> from .tiles import fmt
>>> check_coord([2, -1], "team"), fmt((2, -1))
((2, -1), '(2, -1)')
>>> check_coord((0.5, 0), "team")
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: NB-ARG: team[0] must be a whole number, got 0.5
"""

from __future__ import annotations

from typing import Any

from ...core.checks import check_int, check_sequence
from .tiles import Coord

GAME = "groom_lake"
PLAYER_COUNTS = (3, 4, 5, 6)  # GL-R1


def check_coord(value: Any, name: str) -> Coord:
    """A position given as a pair of whole numbers (list or tuple) -> ``(x, y)``."""
    pair = check_sequence(value, name, min_len=2, max_len=2,
                          item=lambda v, n: check_int(v, n))
    return (pair[0], pair[1])


__all__ = ["GAME", "PLAYER_COUNTS", "check_coord"]
