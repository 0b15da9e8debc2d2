"""Doppel Doubt notation: squares are ``(row, col)``, 0-based, on the 17x17 board, written
``(3, 10)``; Doppels are ``"red-P"``; colours ``"red"`` ... ``"purple"``.

>>> cell_name((3, 10))
'(3, 10)'
>>> parse_cell([3, 10])
(3, 10)
>>> cells_text([(0, c) for c in range(8)], limit=2)
'(0, 0), (0, 1) and 6 more'
>>> on_board((17, 0))
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.checks import check_sequence, is_int, show
from ...core.errors import BadInput

GAME = "doppel_doubt"
PLAYER_COUNTS = (10,)                             # DB-R1: 8 players and 2 Jesters
SIZE = 17                                         # DB-R board: 17 x 17 squares
Cell = tuple[int, int]
#: Every square of the board, row by row: ``CELLS[r * SIZE + c] == (r, c)`` (shared tuples).
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))


def cell_name(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def cells_text(cells: Iterable[Cell], limit: int = 6) -> str:
    ordered = sorted(cells)
    text = ", ".join(cell_name(c) for c in ordered[:limit])
    return text + (f" and {len(ordered) - limit} more" if len(ordered) > limit else "")


def parse_cell(value: Any, what: str = "a square") -> Cell:
    """``(r, c)`` / ``[r, c]`` -> a cell of whole numbers (``BadInput`` otherwise).

    Rows and columns off the board are allowed here (a placement may hang off it under DB-A13,
    and the verdict names such squares), but only within 100 of it.
    """
    ok = (isinstance(value, (tuple, list)) and len(value) == 2 and all(is_int(v) for v in value))
    if not ok or not all(-100 <= int(v) <= SIZE + 100 for v in value):
        raise BadInput("NB-ARG", f"{what} must be a (row, col) pair of whole numbers near the "
                                 f"board, got {show(value)}")
    return (int(value[0]), int(value[1]))


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


MAX_CELLS = 64   # no placement or set-up call names more squares at once than this


def _cell_list(cells: Any, name: str = "cells", limit: int = SIZE * SIZE) -> list[Cell]:
    """A list or tuple (or set) of (row, col) squares, or one square, as a list of cells."""
    if isinstance(cells, (tuple, list)) and len(cells) == 2 and all(is_int(v) for v in cells):
        return [parse_cell(cells, name)]
    if isinstance(cells, (set, frozenset)):
        cells = sorted(cells, key=repr)
    items: tuple[Any, ...] = check_sequence(cells, name, max_len=limit)
    return [parse_cell(c, f"{name}[{i}]") for i, c in enumerate(items)]


__all__ = ["GAME", "PLAYER_COUNTS", "SIZE", "Cell", "CELLS", "cell_name", "cells_text", "parse_cell", "on_board"]
