"""Data files (card sets, tiles, boards): JSON only, validated, labelled illustrative.

Where a rulebook gives no data, an engine takes it from a JSON file. The files shipped in
``doppelnb/data/`` carry ``"illustrative": true`` and a ``"note"`` saying they are not the
rulebook's. Loading never executes code; a malformed file raises :class:`BadInput` (``NB-DATA``).

>>> doc = parse_data('{"illustrative": true, "note": "made up", "items": [1, 2]}', "demo")
>>> doc["items"]
[1, 2]
"""

from __future__ import annotations

import importlib.resources
import pathlib
from collections.abc import Iterable
from typing import Any

from .errors import BadInput
from .record import load_json


def load_data(source: str | pathlib.Path, what: str) -> dict:
    """Load a data file: a name shipped in ``doppelnb/data`` (``"groom_lake_tiles.json"``) or a path."""
    path = pathlib.Path(source)
    if path.exists():
        text = path.read_bytes()
    else:
        resource = importlib.resources.files("doppelnb") / "data" / str(source)
        if not resource.is_file():
            raise BadInput("NB-DATA", f"no {what} data file named {str(source)!r}")
        text = resource.read_bytes()
    return parse_data(text, what)


def parse_data(text: str | bytes, what: str) -> dict:
    """Parse a data document: a JSON object that states whether it is illustrative."""
    doc = load_json(text, "NB-DATA", f"{what} data file")
    if not isinstance(doc, dict):
        raise BadInput("NB-DATA", f"a {what} data file is a JSON object")
    if not isinstance(doc.get("illustrative"), bool):
        raise BadInput("NB-DATA", f"a {what} data file must say \"illustrative\": true or false")
    return doc


def expect(condition: bool, what: str, reason: str) -> None:
    """Raise ``BadInput("NB-DATA", ...)`` unless ``condition`` holds."""
    if not condition:
        raise BadInput("NB-DATA", f"{what}: {reason}")


def expect_keys(obj: Any, what: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict:
    """Check that ``obj`` is an object with exactly the required (and optional) keys."""
    expect(isinstance(obj, dict), what, "must be a JSON object")
    required, allowed = set(required), set(required) | set(optional)
    missing, extra = required - obj.keys(), obj.keys() - allowed
    expect(not missing, what, f"lacks {', '.join(sorted(missing))}")
    expect(not extra, what, f"has unknown fields {', '.join(sorted(extra))}")
    return obj


def expect_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    ok = ok and (lo is None or value >= lo) and (hi is None or value <= hi)
    bounds = f" from {lo}" if lo is not None else ""
    bounds += f" to {hi}" if hi is not None else ""
    expect(ok, what, f"must be a whole number{bounds}, not {value!r}")
    return value


__all__ = ["load_data", "parse_data", "expect", "expect_keys", "expect_int"]
