"""Data files (card sets, tiles, boards): JSON only, validated, labelled illustrative.

Where a rulebook gives no data, an engine takes it from a JSON file. The files shipped in
``doppelnb/data/`` carry ``"illustrative": true`` and a ``"note"`` saying they are not the
rulebook's. Loading never executes code; a malformed file raises :class:`BadInput` (``NB-DATA``).

>>> doc = parse_data('{"illustrative": true, "note": "made up", "items": [1, 2]}', "demo")
>>> doc["items"]
[1, 2]
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import os
import pathlib
import re
import stat
from collections.abc import Iterable
from typing import Any

from .checks import show
from .errors import BadInput
from .record import load_json

#: Largest user data file read (bytes); shipped files are far smaller.
MAX_DATA_BYTES = 4 * 1024 * 1024
_SHIPPED_NAME = re.compile(r"[a-z0-9_]+\.json")


def shipped_names() -> list[str]:
    """The data files shipped inside the package (``doppelnb/data``)."""
    folder = importlib.resources.files("doppelnb") / "data"
    return sorted(p.name for p in folder.iterdir() if _SHIPPED_NAME.fullmatch(p.name))


def load_data(source: str | pathlib.Path, what: str) -> dict[str, Any]:
    """Load a data file: a name shipped in ``doppelnb/data`` (``"groom_lake_tiles.json"``), or a
    user's own file passed explicitly as a :class:`pathlib.Path`.

    A plain string is only ever a shipped name: the working directory is never searched, so a
    file beside a notebook cannot take the place of the shipped one, and a game record (which
    holds strings) can never make the package open a path.
    """
    if isinstance(source, pathlib.PurePath):
        return parse_data(read_user_file(source, what), what)
    if not isinstance(source, str) or not _SHIPPED_NAME.fullmatch(source):
        raise BadInput("NB-DATA", f"a {what} data file is a shipped name such as "
                       f"{', '.join(shipped_names()[:2])} or a pathlib.Path to your own file, "
                       f"not {show(source)}")
    resource = importlib.resources.files("doppelnb") / "data" / source
    if not resource.is_file():
        raise BadInput("NB-DATA", f"no shipped {what} data file named {show(source)}; shipped: "
                       f"{', '.join(shipped_names())}")
    return parse_data(resource.read_bytes(), what)


def read_user_file(path: str | os.PathLike[str], what: str, max_bytes: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of a user's file: a regular file (no directory, FIFO or device) under the limit."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        raise BadInput("NB-DATA", f"cannot read the {what} data file {show(str(path))}: "
                       f"{getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise BadInput("NB-DATA", f"the {what} data file {show(str(path))} is not a regular file")
    if info.st_size > max_bytes:
        raise BadInput("NB-DATA", f"the {what} data file is {info.st_size:,} bytes; the limit is "
                       f"{max_bytes:,}")
    try:
        with open(path, "rb") as handle:
            return handle.read(max_bytes + 1)
    except OSError as exc:
        raise BadInput("NB-DATA", f"cannot read the {what} data file {show(str(path))}: "
                       f"{exc.strerror or exc}") from None


def data_digest(doc: Any) -> str:
    """A short content hash of a parsed data document (recorded so a replay with other data is
    refused)."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def parse_data(text: str | bytes, what: str) -> dict[str, Any]:
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


def expect_keys(obj: Any, what: str, required: Iterable[str],
                optional: Iterable[str] = ()) -> dict[str, Any]:
    """Check that ``obj`` is an object with exactly the required (and optional) keys."""
    expect(isinstance(obj, dict), what, "must be a JSON object")
    required, allowed = set(required), set(required) | set(optional)
    missing, extra = required - obj.keys(), obj.keys() - allowed
    expect(not missing, what, f"lacks {', '.join(sorted(missing))}")
    expect(not extra, what, f"has unknown fields {', '.join(sorted(extra))}")
    return obj  # type: ignore[no-any-return]


def expect_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    ok = ok and (lo is None or value >= lo) and (hi is None or value <= hi)
    bounds = f" from {lo}" if lo is not None else ""
    bounds += f" to {hi}" if hi is not None else ""
    expect(ok, what, f"must be a whole number{bounds}, not {show(value)}")
    return int(value)


__all__ = ["load_data", "parse_data", "read_user_file", "data_digest", "shipped_names",
           "MAX_DATA_BYTES", "expect", "expect_keys", "expect_int"]
