"""Argument checks: one helper per kind of value, each raising :class:`BadInput` naming the argument.

Every public function validates its arguments once, at the boundary, with these helpers, so a
caller who passes the wrong thing gets one plain sentence that names the argument, what was
expected and what was given, never a ``TypeError`` from deep inside an engine. Booleans are not
integers here (``True`` is refused where a seat is expected), and sizes have documented limits.

>>> check_int(2, "seat", 0, 3)
2
>>> check_int(1.5, "seat", 0, 3)
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: NB-ARG: seat must be a whole number from 0 to 3, got 1.5
>>> check_choice("B", "colour", ("Y", "R", "B"))
'B'
>>> check_sequence([1, 2], "ranks", max_len=3, item=lambda v, n: check_int(v, n, 1, 6))
(1, 2)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from .errors import BadInput

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The rule id of a bad argument (outside the digests).
ARG = "NB-ARG"


def show(value: Any, limit: int = 60) -> str:
    """A short, safe description of a value for an error message (long reprs are cut)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The longest message :func:`shorten` lets through (an error is one line a reader takes in).
MAX_MESSAGE = 280
_LONG_WORD = re.compile(r"\S{61,}")


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` with every echoed value longer than 60 characters cut (as :func:`show` cuts
    it) and, if still over ``limit`` characters, its middle elided: for errors that quote what a
    user or a record gave, which may be 200,000 characters long (issue 24)."""
    text = _LONG_WORD.sub(lambda m: m[0][:57] + "...", message)
    if len(text) > limit:
        half = (limit - 5) // 2
        text = f"{text[:half]} ... {text[-half:]}"
    return text


def fail(name: str, expected: str, value: Any, rule: str = ARG) -> BadInput:
    """The error for ``name``: ``"<name> must be <expected>, got <value>"`` (raise it)."""
    return BadInput(rule, f"{name} must be {expected}, got {show(value)}")


def is_int(value: Any) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return type(value).__module__ == "numpy" and hasattr(value, "__index__") and \
        "int" in type(value).__name__


def _bounds(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""


def check_int(value: Any, name: str, lo: int | None = None, hi: int | None = None, *,
              rule: str = ARG) -> int:
    """``value`` as an ``int`` in ``[lo, hi]`` (either bound optional); bools are refused."""
    if not is_int(value):
        raise fail(name, "a whole number" + _bounds(lo, hi), value, rule)
    number = int(value)
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise fail(name, "a whole number" + _bounds(lo, hi), value, rule)
    return number


def check_seat(value: Any, players: int, name: str = "seat", *, rule: str = ARG) -> int:
    """A seat number from 0 to ``players - 1``."""
    return check_int(value, name, 0, players - 1, rule=rule)


def check_players(value: Any, allowed: Collection[int], name: str = "players", *,
                  rule: str = ARG) -> int:
    """A player count from ``allowed`` (a range or a set of counts)."""
    counts = sorted(allowed)
    contiguous = counts == list(range(counts[0], counts[-1] + 1))
    expected = (f"a whole number from {counts[0]} to {counts[-1]}" if contiguous
                else "one of " + ", ".join(map(str, counts)))
    if not is_int(value) or int(value) not in allowed:
        raise fail(name, expected, value, rule)
    return int(value)


def check_number(value: Any, name: str, lo: float | None = None, hi: float | None = None, *,
                 rule: str = ARG) -> float | int | Fraction:
    """A finite real number (int, float or Fraction, not bool) in ``[lo, hi]``."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float, Fraction))
    if ok and isinstance(value, float):
        ok = math.isfinite(value)
    if ok and ((lo is not None and value < lo) or (hi is not None and value > hi)):
        ok = False
    if not ok:
        raise fail(name, "a finite number" + _bounds(lo, hi), value, rule)  # type: ignore[arg-type]
    return value  # type: ignore[no-any-return]


def check_bool(value: Any, name: str, *, rule: str = ARG) -> bool:
    """``True`` or ``False`` (not 0, 1 or a string)."""
    if not isinstance(value, bool):
        raise fail(name, "True or False", value, rule)
    return value


def check_str(value: Any, name: str, *, max_len: int = 1000, rule: str = ARG) -> str:
    """A string of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise fail(name, "a string", value, rule)
    if len(value) > max_len:
        raise BadInput(rule, f"{name} must be at most {max_len} characters long, "
                             f"got {len(value)}")
    return value


def check_choice(value: Any, name: str, choices: Iterable[T], *, rule: str = ARG) -> T:
    """One of ``choices`` (compared with ``==``; bools never match numbers)."""
    options = list(choices)
    for option in options:
        if type(option) is bool or type(value) is bool:
            if value is option:
                return option
        else:
            try:
                if value == option and type(value) is not bool:
                    return option
            except Exception:  # noqa: BLE001 - odd types compare as unequal
                continue
    listed = ", ".join(show(o, 20) for o in options[:12]) + (" ..." if len(options) > 12 else "")
    raise fail(name, f"one of {listed}", value, rule)


def check_instance(value: Any, name: str, cls: type[T] | tuple[type, ...], *,
                   expected: str | None = None, rule: str = ARG) -> T:
    """An instance of ``cls``."""
    if not isinstance(value, cls):
        if expected is None:
            kinds = cls if isinstance(cls, tuple) else (cls,)
            expected = "a " + " or ".join(k.__name__ for k in kinds)
        raise fail(name, expected, value, rule)
    return value  # type: ignore[return-value]


def check_sequence(value: Any, name: str, *, min_len: int = 0, max_len: int = 10_000,
                   item: Callable[[Any, str], T] | None = None, rule: str = ARG,
                   ) -> tuple[T, ...]:
    """A list or tuple (not a string, dict or set) of ``min_len`` to ``max_len`` items, each
    checked by ``item(value, "<name>[i]")``; returned as a tuple."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, (list, tuple)):
        raise fail(name, "a list or tuple", value, rule)
    if not min_len <= len(value) <= max_len:
        raise BadInput(rule, f"{name} must have {min_len} to {max_len} items, got {len(value)}")
    if item is None:
        return tuple(value)
    return tuple(item(v, f"{name}[{i}]") for i, v in enumerate(value))


def check_mapping(value: Any, name: str, *, keys: Collection[Any] | None = None,
                  required: Collection[Any] = (), max_len: int = 10_000,
                  key: Callable[[Any, str], K] | None = None,
                  item: Callable[[Any, str], V] | None = None, rule: str = ARG,
                  ) -> dict[K, V]:
    """A mapping (dict-like) with at most ``max_len`` entries, keys among ``keys`` (when given),
    every key of ``required`` present, keys and values checked by ``key`` / ``item``."""
    if not isinstance(value, Mapping):
        raise fail(name, "a mapping (dict)", value, rule)
    if len(value) > max_len:
        raise BadInput(rule, f"{name} must have at most {max_len} entries, got {len(value)}")
    if keys is not None:
        unknown = [k for k in value if k not in keys]
        if unknown:
            allowed = ", ".join(show(k, 20) for k in keys)
            raise BadInput(rule, f"{name} has unknown key(s) "
                                 f"{', '.join(show(k, 20) for k in unknown[:5])}; "
                                 f"allowed: {allowed}")
    missing = [k for k in required if k not in value]
    if missing:
        raise BadInput(rule, f"{name} lacks {', '.join(show(k, 20) for k in missing)}")
    out: dict[Any, Any] = {}
    for k, v in value.items():
        kk = key(k, f"a key of {name}") if key is not None else k
        out[kk] = item(v, f"{name}[{show(k, 20)}]") if item is not None else v
    return out


def check_size(value: int, name: str, limit: int, *, why: str = "", rule: str = ARG) -> int:
    """Refuse a size over a documented ``limit`` (analyses that would run for minutes)."""
    if value > limit:
        extra = f" ({why})" if why else ""
        raise BadInput(rule, f"{name} is limited to {limit}{extra}, got {show(value)}")
    return value


def check_bounded(value: Any, name: str, limit: int, *, lo: int = 0, why: str = "",
                  rule: str = ARG) -> int:
    """A whole number from ``lo`` to a documented ``limit``: a size argument of an analysis,
    refused at once above the limit (with ``why``: what the limit protects against) rather than
    running for minutes or running out of memory.

    >>> check_bounded(10**9, "dice", 400, why="exact counting")
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: NB-ARG: dice is limited to 400 (exact counting), got 1000000000
    """
    return check_size(check_int(value, name, lo, rule=rule), name, limit, why=why, rule=rule)


__all__ = [
    "ARG", "MAX_MESSAGE", "show", "shorten", "fail", "is_int", "check_int", "check_seat", "check_players", "check_number",
    "check_bool", "check_str", "check_choice", "check_instance", "check_sequence",
    "check_mapping", "check_size", "check_bounded",
]
