"""Values made once and handed out again: the legal actions of a busy phase.

A search's playouts list the legal actions at every step, and the actions of a phase name the
same few cards, seats, tiles and positions again and again. Actions are immutable, so a listing
can hand out one shared value per argument instead of building a new tuple each time: a
dictionary look-up costs a fraction of a ``NamedTuple``'s ``__new__`` (a Python call).

>>> from typing import NamedTuple
>>> class Keep(NamedTuple):
...     kind: str
...     die: str
>>> keeps = MadeOnce(lambda die: Keep("keep", die))
>>> keeps["white"] is keeps["white"], keeps["white"]
(True, Keep(kind='keep', die='white'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: Past this many values a table starts again (a long run over ever new positions, such as a
#: Groom Lake desert grown to thousands of tiles, must not hold every action it ever met).
LIMIT = 1 << 16


class MadeOnce(dict[K, V], Generic[K, V]):
    """Key -> the value ``make(key)``, made the first time it is asked for and shared after."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        if len(self) >= LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


__all__ = ["MadeOnce", "LIMIT"]
