"""Variant flags: each engine's ``Rules`` is a frozen dataclass built from :func:`flag` fields.

Every ambiguity of a digest (``DD-A5`` ...) becomes one field, named as in the digest without the
game prefix (``dd_reversal_scope`` -> ``reversal_scope``), defaulting to the recommended reading.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules(RulesBase):
...     prefix = "xx"
...     scope: str = flag("trick", ["trick", "round"], rule="XX-A1", doc="How long it lasts.")
>>> Rules().scope
'trick'
>>> Rules(scope="round").changed()
{'scope': 'round'}
>>> Rules(scope="forever")
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: XX-A1: 'forever' is not a reading of scope (xx_scope); choose one of 'trick', 'round'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self, cast

from .checks import show
from .errors import BadInput


@dataclasses.dataclass(frozen=True)
class FlagInfo:
    """What a variant flag is: its name, readings, default and the digest id that raises it."""

    name: str
    digest_name: str
    default: Any
    choices: tuple[Any, ...] | None
    rule: str
    doc: str


def flag(
    default: Any,
    choices: Sequence[Any] | None = None,
    *,
    rule: str,
    doc: str = "",
    check: Callable[[Any], Any] | None = None,
    digest_name: str | None = None,
) -> Any:
    """A dataclass field for a variant flag.

    ``choices`` lists the readings (the default first or not); ``check`` instead validates and
    normalises open-ended configuration (a deck composition, colour names) and raises
    :class:`BadInput` when it is malformed. ``digest_name`` is the digest's flag name when it is
    not ``<prefix>_<field name>`` (a digest name that is no Python identifier, such as
    ``dd_4p_declared_colour_must_match``).
    """
    if choices is not None and default not in choices:
        raise ValueError(f"default {default!r} is not among {choices!r}")
    meta = {"choices": tuple(choices) if choices is not None else None, "rule": rule, "doc": doc,
            "check": check, "digest_name": digest_name}
    if isinstance(default, (list, dict, set)):
        raise TypeError("use an immutable default (tuple, frozenset) for a flag")
    return dataclasses.field(default=default, metadata={"doppelnb_flag": meta})


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _fields(obj: Any) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(obj)


class RulesBase:
    """Mixin for an engine's frozen ``Rules`` dataclass. Set ``prefix`` to the digest prefix."""

    prefix: ClassVar[str] = ""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        """Refuse unknown flag names with :class:`BadInput` (the generated ``__init__`` would
        raise a bare ``TypeError``)."""
        names = [f.name for f in _fields(cls)]
        unknown = sorted(set(kwargs) - set(names))
        if unknown or len(args) > len(names):
            what = (f"no variant flag {', '.join(map(repr, unknown))}" if unknown
                    else f"{len(names)} flags, not {len(args)} values")
            raise BadInput("NB-ARG", f"{cls.__module__}.Rules has {what}; flags are "
                           f"{', '.join(names)}")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in _fields(self):
            meta = f.metadata.get("doppelnb_flag")
            if meta is None:
                continue
            value = getattr(self, f.name)
            if meta["check"] is not None:
                object.__setattr__(self, f.name, meta["check"](value))
            elif meta["choices"] is not None and not _member(value, meta["choices"]):
                options = ", ".join(repr(c) for c in meta["choices"])
                digest_name = meta["digest_name"] or f"{self.prefix}_{f.name}"
                raise BadInput(meta["rule"], f"{show(value)} is not a reading of {f.name} "
                               f"({digest_name}); choose one of {options}")

    @classmethod
    def flags(cls) -> list[FlagInfo]:
        """Every flag with its readings, default and digest id, in declaration order."""
        out = []
        for f in _fields(cls):
            meta = f.metadata.get("doppelnb_flag")
            if meta is not None:
                digest_name = meta["digest_name"] or f"{cls.prefix}_{f.name}"
                out.append(FlagInfo(f.name, digest_name, f.default, meta["choices"],
                                    meta["rule"], meta["doc"]))
        return out

    def replace(self, **changes: Any) -> Self:
        """A copy with some flags changed; an unknown flag name raises :class:`BadInput`."""
        names = {f.name for f in _fields(self)}
        for name in changes:
            if name not in names:
                raise BadInput("NB-ARG", f"{type(self).__module__} has no variant flag {show(name)}; "
                               f"flags are {', '.join(sorted(names))}")
        return dataclasses.replace(cast(Any, self), **changes)  # type: ignore[no-any-return]

    def changed(self) -> dict[str, Any]:
        """The flags that differ from the recommended defaults."""
        return {f.name: getattr(self, f.name) for f in _fields(self)
                if getattr(self, f.name) != f.default}

    def to_dict(self) -> dict[str, Any]:
        """All flags as JSON-ready values (tuples become lists)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in _fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild from :meth:`to_dict` output; lists become tuples, unknown keys are refused."""
        if not isinstance(data, dict):
            raise BadInput("NB-RECORD", "the rules must be a JSON object of flag names to values")
        defaults = cls()
        return defaults.replace(**{k: _tupled(v) for k, v in data.items()})

    def _repr_html_(self) -> str:
        from .render import html_table

        rows = []
        for info in self.flags():
            value = getattr(self, info.name)
            choices = ", ".join(map(str, info.choices)) if info.choices else "(data)"
            mark = "" if value == info.default else " ✎"
            rows.append([info.rule, info.digest_name, f"{_short(value)}{mark}", _short(info.default),
                         choices, info.doc])
        return html_table(["id", "flag", "value", "default", "readings", "what it decides"], rows,
                          caption=f"{type(self).__module__}.Rules")


def _member(value: Any, choices: tuple[Any, ...]) -> bool:
    # True == 1 in Python; keep booleans and numbers apart when checking readings.
    return any(value == c and type(value) is type(c) for c in choices)


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def _short(value: Any, limit: int = 40) -> str:
    return show(value, limit) if not isinstance(value, str) else \
        value if len(value) <= limit else value[: limit - 1] + "…"


__all__ = ["flag", "FlagInfo", "RulesBase"]
