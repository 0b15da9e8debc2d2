"""Loading and checking a Doppel Doubt board document (DB-A1): a shipped name, a user's
``pathlib.Path`` or a mapping; duplicate entries and malformed boards are ``BadInput``.

>>> doc = load_board(BOARD_FILE)
>>> doc["illustrative"], len(doc["values"]), sorted(doc["starts"])[:3]
(True, 17, ['P1', 'P2', 'P3'])
>>> load_board("/etc/passwd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: NB-DATA: a Doppel Doubt board data file is a shipped name ...
"""

from __future__ import annotations

import importlib.resources
import json
import pathlib
from collections.abc import Mapping
from typing import Any

from ...core.checks import show
from ...core.data import expect, expect_int, expect_keys, load_data, parse_data, read_user_file
from ...core.errors import BadInput
from .notation import SIZE

BOARD_FILE = "doppel_doubt_board.json"
START_LABELS = tuple(f"P{i}" for i in range(1, 7)) + tuple(f"Q{i}" for i in range(1, 7))


def _plain(value: Any, depth: int = 0) -> Any:
    """Mappings and tuples (read-only JSON) as plain dicts and lists for ``json.dumps``."""
    if depth > 20:
        raise ValueError("nested too deeply")
    if isinstance(value, Mapping):
        return {k: _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    return value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the entry {key!r} appears twice")
        seen[key] = value
    return seen


def _raw_bytes(source: str | pathlib.Path) -> bytes:
    if isinstance(source, pathlib.PurePath):
        return read_user_file(source, "Doppel Doubt board")
    return (importlib.resources.files("doppelnb") / "data" / source).read_bytes()


def load_board(source: Any) -> dict[str, Any]:
    """A validated board document from a shipped name, a ``pathlib.Path`` or a mapping."""
    what = "Doppel Doubt board"
    if isinstance(source, Mapping):
        try:
            text = json.dumps(_plain(source))
        except (TypeError, ValueError, RecursionError):
            raise BadInput("NB-DATA", f"a {what} given as a mapping must hold JSON values only") \
                from None
        doc = parse_data(text, what)
    elif isinstance(source, (str, pathlib.Path)):
        doc = load_data(source, what)
        try:                                                     # two entries of one name
            json.loads(_raw_bytes(source), object_pairs_hook=_no_duplicates)
        except ValueError as exc:
            raise BadInput("NB-DATA", f"{what}: {exc}") from None
    else:
        raise BadInput("NB-ARG", f"board must be a shipped board name such as {BOARD_FILE!r}, a "
                                 f"pathlib.Path or a mapping, got {show(source)}")
    what = "Doppel Doubt board"
    expect_keys(doc, what, ["illustrative", "size", "values", "starts"], ["note"])
    expect(doc["size"] == SIZE, what, f"the board is {SIZE}x{SIZE} (size {SIZE})")
    rows = doc["values"]
    expect(isinstance(rows, list) and len(rows) == SIZE
           and all(isinstance(r, list) and len(r) == SIZE for r in rows), what,
           f"values must be {SIZE} rows of {SIZE} entries")
    starts = doc["starts"]
    expect(isinstance(starts, dict) and set(starts) == set(START_LABELS), what,
           "starts must name P1..P6 and Q1..Q6 (DB-R6)")
    cells = set()
    for label, cell in starts.items():
        expect(isinstance(cell, list) and len(cell) == 2, what, f"start {label} must be [row, col]")
        r = expect_int(cell[0], f"{what} start {label} row", 0, SIZE - 1)
        c = expect_int(cell[1], f"{what} start {label} column", 0, SIZE - 1)
        cells.add((r, c))
    expect(len(cells) == 12, what, "the 12 starting squares must be distinct")
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if (r, c) in cells:
                expect(v is None, what, f"starting square ({r}, {c}) carries a letter, so its "
                                        "value must be null")
            else:
                expect_int(v, f"{what} square ({r}, {c})", -5, 5)
    return doc



__all__ = ["BOARD_FILE", "START_LABELS", "load_board"]
