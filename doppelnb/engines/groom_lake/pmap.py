"""Persistent (structurally shared, immutable) maps for the Desert.

A Desert's tables (tiles, rotations, edges, distances, open spots) are persistent maps: ``set`` and
``delete`` return a new map sharing all but O(log n) of the old one, so a game state that places a
tile adds a constant amount of memory and every older state keeps seeing its own Desert.

:data:`PMap` is ``immutables.Map`` (a hash array mapped trie written in C, the one behind
``contextvars``) when installed, else :class:`CowMap`, a copy-on-write dict with the same small API
(correct, but a placement then copies the tables: O(n) time and memory per state).

>>> m = PMap().set((0, 0), 1)
>>> m2 = m.set((0, 1), 2)
>>> len(m), len(m2), m2[(0, 1)], (0, 1) in m
(1, 2, 2, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")


class CowMap(Mapping[K, V]):
    """A copy-on-write dict with the persistent-map API (``set``, ``delete``): the fallback."""

    __slots__ = ("_d",)

    def __init__(self, items: Any = ()) -> None:
        self._d: dict[K, V] = dict(items)

    def __getitem__(self, k: K) -> V:
        return self._d[k]

    def __contains__(self, k: object) -> bool:
        return k in self._d

    def __iter__(self) -> Iterator[K]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def set(self, k: K, v: V) -> CowMap[K, V]:
        new: CowMap[K, V] = CowMap()
        new._d = {**self._d, k: v}
        return new

    def delete(self, k: K) -> CowMap[K, V]:
        new: CowMap[K, V] = CowMap()
        new._d = dict(self._d)
        del new._d[k]
        return new


try:  # pragma: no cover - which branch runs depends on the install
    from immutables import Map as PMap  # noqa: F401  (re-exported)
except ImportError:  # pragma: no cover
    PMap = CowMap  # type: ignore[assignment,misc]


class OrderedView(Mapping[K, V]):
    """A read-only mapping over a persistent map, iterated in the order given by ``order``
    (a persistent map from 0, 1, 2, ... to keys): insertion order without a copied dict."""

    __slots__ = ("_order", "_values")

    def __init__(self, order: Mapping[int, K], values: Mapping[K, V]) -> None:
        self._order = order
        self._values = values

    def __getitem__(self, k: K) -> V:
        return self._values[k]

    def __contains__(self, k: object) -> bool:
        return k in self._values

    def __iter__(self) -> Iterator[K]:
        order = self._order
        return (order[i] for i in range(len(order)))

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


class Cells(Sequence[Any], Generic[K]):
    """A read-only sequence over a persistent map from 0..n-1 to items (a class of open spots)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[int, K]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> K: ...

    @overload
    def __getitem__(self, i: slice) -> list[K]: ...

    def __getitem__(self, i: int | slice) -> K | list[K]:
        if isinstance(i, slice):
            return [self._items[j] for j in range(len(self._items))[i]]
        if i < 0:
            i += len(self._items)
        if not 0 <= i < len(self._items):
            raise IndexError(i)
        return self._items[i]

    def __iter__(self) -> Iterator[K]:
        items = self._items
        return (items[i] for i in range(len(items)))

__all__ = ["PMap", "CowMap", "OrderedView", "Cells"]
