"""JSON game records: (game, players, rules, seed, options, actions) replay a game exactly.

Loading parses JSON only (never ``eval``, ``pickle`` or imports) and validates every field; a
malformed record raises :class:`BadInput` naming what is wrong.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .checks import show
from .errors import BadInput
from .frozen import freeze

FORMAT = "doppelnb-record"
VERSION = 1
_KEYS = {"format", "version", "game", "players", "rules", "seed", "options", "actions"}


@dataclasses.dataclass(frozen=True)
class GameRecord:
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    options: dict[str, Any]
    actions: tuple[Any, ...]

    def to_json(self, indent: int | None = None) -> str:
        data = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
                "rules": self.rules, "seed": self.seed, "options": self.options,
                "actions": list(self.actions)}
        return json.dumps(data, indent=indent, ensure_ascii=False)


def parse_record(text: str | bytes, game: str) -> GameRecord:
    """Parse and validate a record of ``game``; raise :class:`BadInput` when it is malformed."""
    data = load_json(text, "NB-RECORD", "game record")
    if not isinstance(data, dict):
        raise BadInput("NB-RECORD", "a game record is a JSON object")
    missing = _KEYS - data.keys()
    extra = data.keys() - _KEYS
    if missing:
        raise BadInput("NB-RECORD", f"the record lacks {', '.join(sorted(missing))}")
    if extra:
        raise BadInput("NB-RECORD", f"the record has unknown fields "
                       f"{', '.join(show(k, 30) for k in sorted(extra)[:5])}")
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise BadInput("NB-RECORD", f"this is not a {FORMAT} version {VERSION} record")
    if data["game"] != game:
        raise BadInput("NB-RECORD", f"this record is of {show(data['game'])}, not {game!r}")
    for key, kind in (("players", int), ("seed", int), ("rules", dict), ("options", dict),
                      ("actions", list)):
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadInput("NB-RECORD", f"the record's {key!r} must be a JSON "
                           f"{ {int: 'integer', dict: 'object', list: 'array'}[kind] }")
    return GameRecord(data["game"], data["players"], data["rules"], data["seed"], data["options"],
                      tuple(freeze(a) for a in data["actions"]))


#: Limits on JSON text read from outside (records and data files): size in bytes and nesting depth.
MAX_JSON_BYTES = 16 * 1024 * 1024
MAX_JSON_DEPTH = 32


def load_json(text: str | bytes, rule: str, what: str, *, max_bytes: int = MAX_JSON_BYTES,
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` with limits, and a :class:`BadInput` (naming ``what``) for any failure.

    Text over ``max_bytes`` or nested deeper than ``max_depth`` is refused before or instead of
    a ``RecursionError`` or a memory blow-up; ``NaN``/``Infinity`` (not JSON) are refused too.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise BadInput(rule, f"a {what} is JSON text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise BadInput(rule, f"the {what} is {len(text):,} long; the limit is {max_bytes:,}")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError) as exc:
        raise BadInput(rule, f"the {what} is not valid JSON ({exc})") from None
    except RecursionError:
        raise BadInput(rule, f"the {what} is nested too deeply (limit {max_depth})") from None
    if _depth(data) > max_depth:
        raise BadInput(rule, f"the {what} is nested too deeply (limit {max_depth})")
    return data


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (json would silently keep the last)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {key!r:.40} appears twice in one object")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(value: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


__all__ = ["GameRecord", "parse_record", "load_json", "FORMAT", "VERSION", "MAX_JSON_BYTES",
           "MAX_JSON_DEPTH"]


@dataclasses.dataclass(frozen=True)
class GoldenCase:
    """A seeded game whose record and text transcript are kept as golden files
    (``tests/golden/<game>/<label>.json`` and ``.txt``, written by ``tools/golden.py``): any change
    to a rule's behaviour shows up as a diff, as OpenSpiel's playthroughs do.

    The game is ``new_game(players, rules=Rules(**rules), seed=seed, **options)`` played by the
    seeded random policy (``policy_seed``) for at most ``max_actions`` actions.
    """

    label: str
    players: int
    seed: int
    rules: dict[str, Any] = dataclasses.field(default_factory=dict)
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    policy_seed: int = 0
    max_actions: int = 300


__all__ += ["GoldenCase"]
