"""Immutable containers for state fields: persistent maps, frozen JSON, and back to JSON.

States hold only values that cannot be changed after the state is made: tuples, frozensets,
maps and frozen dataclasses. Two kinds of map, for two different jobs:

- A map a game changes as it goes (who holds what, a pending decision) is an ``immutables.Map``
  (issue 26): ``set`` returns a new map sharing all but a path of the old one, where copying a
  dict would cost the whole map per change.
- A JSON object read from a record or a data file, or given as a setup option, is frozen with
  :func:`freeze` into a :class:`FrozenMap`: read-only and hashable like a Map, but it keeps the
  order of its keys, so the record it came from is written back byte for byte (:func:`thaw`).
  An ``immutables.Map`` cannot do that: it iterates in the order of its keys' hashes, which for
  strings differ from one Python process to the next.

>>> m = freeze({"hands": [["Y1", "R2"]], "first": 0})
>>> m["hands"]
(('Y1', 'R2'),)
>>> hash(m) == hash(FrozenMap({"first": 0, "hands": (("Y1", "R2"),)}))
True
>>> thaw(m)                              # the keys in the order they were given
{'hands': [['Y1', 'R2']], 'first': 0}
>>> m["first"] = 1
Traceback (most recent call last):
...
TypeError: 'FrozenMap' object does not support item assignment
>>> import immutables
>>> held = immutables.Map({"light": 2, "dark": None})
>>> m2 = FrozenMap({"light": 2, "dark": None})
>>> m2 == held and hash(m2) == hash(held)  # the same map: equal, and equal hashes
True
>>> thaw(held)                           # a Map's keys come out sorted: the same in every process
{'dark': None, 'light': 2}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

import immutables

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A frozen JSON object: a read-only mapping, hashable when its values are, its keys in the
    order given (see the module docstring; a map a game changes is an ``immutables.Map``).

    It equals any mapping with the same items, and its hash is that of the equal
    ``immutables.Map``, so the two kinds may meet in one comparison, set or dict."""

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
            self._hash = hash(immutables.Map(self._data))
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
        """A copy with ``key`` set to ``value`` (a new key goes last). A whole copy: for a setup
        option set once; a map changed as the game goes is an ``immutables.Map``."""
        data = dict(self._data)
        data[key] = value
        return FrozenMap(data)


def freeze(value: Any) -> Any:
    """JSON-like data made immutable: lists/tuples -> tuples, dicts -> :class:`FrozenMap` (keys
    in order), sets -> frozenset (bytearrays -> bytes). An ``immutables.Map`` stays one, its
    values frozen (the same map when they already are)."""
    if isinstance(value, (list, tuple)):
        items = tuple(freeze(v) for v in value)
        if type(value) is tuple and all(a is b for a, b in zip(items, value, strict=True)):
            return value  # already frozen: the same tuple
        return items
    if isinstance(value, FrozenMap):
        return value
    if isinstance(value, immutables.Map):
        frozen = {k: freeze(v) for k, v in value.items()}
        if all(frozen[k] is v for k, v in value.items()):
            return value
        return immutables.Map(frozen)
    if isinstance(value, Mapping):
        return FrozenMap(value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    if isinstance(value, bytearray):
        return bytes(value)
    return value


def thaw(value: Any) -> Any:
    """The plain JSON form of frozen data: tuples -> lists, mappings -> dicts (a FrozenMap's keys
    in its order; an ``immutables.Map``'s sorted, the same in every process), frozensets ->
    sorted lists."""
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    if isinstance(value, immutables.Map):
        return {k: thaw(value[k]) for k in _sorted_keys(value)}
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(thaw(v) for v in value)
    return value


def _sorted_keys(value: Mapping[Any, Any]) -> list[Any]:
    try:
        return sorted(value)
    except TypeError:  # keys of several types (not JSON's): by type name, then text
        return sorted(value, key=lambda k: (type(k).__name__, repr(k)))


__all__ = ["FrozenMap", "freeze", "thaw"]
