"""The one way an engine builds its next state: ``Draft.of(state)``, change it, ``freeze()``.

A state is immutable, but applying an action to a long game (a quest, a Groom Lake turn) is a
sequence of small changes made by several rule functions: take a card, spend a point, move to the
next step. Rather than thread a dozen values through those functions, an engine copies the
state's fields into a :class:`Draft` (a plain mutable object nobody outside the engine sees), lets
its rule functions change the draft's attributes, and freezes the draft into the next state::

    draft = Draft.of(state)        # every field of the state, by name
    draft.ap -= 1                  # rule functions change it ...
    draft.hands = draft.hands[1:]
    new_state = draft.freeze()     # ... and it becomes the next frozen state

The fields come from the state's dataclass, once per class: :meth:`Draft.of` reads them all, so
no list of names has to be kept in step with the state. (An engine's draft may declare the
fields its rule functions use, with their types, for the type checker alone; a test per engine
holds each declaration to the state's field.)
Fields whose names start with ``_`` are per-state caches; a draft does not copy them and the
frozen state starts with them empty. An engine subclasses :class:`Draft` to add its rule
functions as methods, or to finish a value before freezing (:meth:`finish`); values are shared
with the state they came from, so they must be immutable (tuples, frozensets, ``immutables.Map``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Generic, Self, TypeVar

from .state import FrozenGameState, _evolver, _slot_fields

S = TypeVar("S", bound=FrozenGameState)

#: Per state class: its draft fields, a function reading their values from a state, and the
#: function building a state from a mapping of them (core.state's builder, looked up once).
_Reader = tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]],
                Callable[[Mapping[str, Any]], Any]]
_READERS: dict[type, _Reader] = {}


def state_fields(cls: type[FrozenGameState]) -> tuple[str, ...]:
    """The fields a draft of a ``cls`` state carries: every slot of the dataclass and its bases
    (the record header included), caches (names starting with ``_``) left out."""
    return _reader(cls)[0]


def _reader(cls: type) -> _Reader:
    found = _READERS.get(cls)
    if found is None:
        names = tuple(n for n in _slot_fields(cls) if n[0] != "_")
        get = operator.attrgetter(*names)
        read = get if len(names) > 1 else (lambda s: (get(s),))
        found = _READERS[cls] = (names, read, _evolver(cls, (), from_mapping=True))
    return found


class Draft(Generic[S]):
    """A mutable working copy of a frozen state; see the module docstring.

    Attributes are the state's fields (``draft.hands``); ``draft.frozen_from`` is the state the
    draft was made from. Engines keep their own scratch values on a draft too (say, the context
    of a pending decision): anything that is not a field of the state is dropped by
    :meth:`freeze`.
    """

    #: the state this draft was made from (its type is the type :meth:`freeze` builds)
    frozen_from: S

    @classmethod
    def of(cls, state: S) -> Self:
        """A draft holding every field of ``state`` (values shared, not copied)."""
        names, read, _ = _reader(type(state))
        draft = cls.__new__(cls)
        attrs = dict(zip(names, read(state), strict=False))  # one value per name, by construction
        attrs["frozen_from"] = state
        draft.__dict__ = attrs
        draft.__init_draft__()
        return draft

    def __init_draft__(self) -> None:
        """Hook for an engine's draft: set its own scratch attributes after :meth:`of`."""

    def finish(self) -> None:
        """Hook for an engine's draft: make the changed values final (freeze a mutable
        working structure) just before :meth:`freeze` builds the state."""

    def freeze(self) -> S:
        """The next state: the state's type built from the draft's fields, caches empty.

        Built without the dataclass's ``__init__`` checks (a draft changed only by the engine's
        own rule functions, from a state that passed them)."""
        self.finish()
        build = _reader(type(self.frozen_from))[2]  # State._build without its look-ups
        return build(self.__dict__)  # type: ignore[no-any-return]
