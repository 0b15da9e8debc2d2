"""Immutable containers for state fields: a read-only, hashable mapping and JSON freezing.

States hold only values that cannot be changed after the state is made: tuples, frozensets,
:class:`FrozenMap` and frozen dataclasses. JSON read from records and data files is frozen with
:func:`freeze` (arrays become tuples, objects become :class:`FrozenMap`) and turned back into plain
JSON with :func:`thaw`.

>>> m = FrozenMap({"hands": [["Y1", "R2"]], "first": 0})
>>> m["hands"]
(('Y1', 'R2'),)
>>> hash(m) == hash(FrozenMap({"first": 0, "hands": (("Y1", "R2"),)}))
True
>>> thaw(m)
{'hands': [['Y1', 'R2']], 'first': 0}
>>> m["first"] = 1
Traceback (most recent call last):
...
TypeError: 'FrozenMap' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only mapping that is hashable when its values are (insertion order kept)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, Any] | None = None) -> None:
        self._data: dict[K, V] = {k: freeze(v) for k, v in (data or {}).items()}
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with ``key`` set to ``value``."""
        data = dict(self._data)
        data[key] = value
        return FrozenMap(data)


def freeze(value: Any) -> Any:
    """JSON-like data made immutable: lists/tuples -> tuples, dicts -> FrozenMap, sets -> frozenset
    (bytearrays -> bytes)."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, FrozenMap):
        return value
    if isinstance(value, Mapping):
        return FrozenMap(value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    if isinstance(value, bytearray):
        return bytes(value)
    return value


def thaw(value: Any) -> Any:
    """The plain JSON form of frozen data: tuples -> lists, mappings -> dicts."""
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(thaw(v) for v in value)
    return value


__all__ = ["FrozenMap", "freeze", "thaw"]
