"""The actions of a game so far: a persistent linked list shared by a state and the states after it.

A state holds the newest node of its :class:`ActionLog`; the next state holds a node whose parent
is that one, so no tuple of actions is copied per action and a state costs the same memory
whatever the length of its game. A search's playout appends a whole run of actions in one node
(:class:`ActionRun`). Re-exported by :mod:`doppelnb.core.state`, where states use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .checks import show
from .frozen import freeze

#: An action as it is stored in a record: a JSON value (arrays are tuples once parsed).
JsonAction = Any

class ActionLog:
    """The actions of a game so far, as a persistent (shared, never changed) linked list.

    A state holds the newest node; the state after it holds a node whose parent is that one, so
    no tuple of actions is copied per action.

    >>> log = ActionLog.of(["Y5", ("bid", 2)])
    >>> list(log), len(log)
    (['Y5', ('bid', 2)], 2)
    >>> log == ActionLog.of(["Y5", ("bid", 2)])
    True
    """

    __slots__ = ("parent", "action", "length", "_hash")

    def __init__(self, parent: ActionLog | None, action: JsonAction) -> None:
        try:
            # Every action kept here is handed out by ``state.actions`` and hashed with the
            # state, so it must be an immutable value. A value that hashes is one (actions are
            # strings, numbers and tuples of them); a JSON list or dict does not, and is frozen
            # here, once for every engine (issue 24: a 4-player Doppeldoppel lead was a list).
            # ``hash`` is cached for strings and runs in C for tuples: nearly free per action.
            hash(action)
        except TypeError:
            action = frozen_action(action)
        self.parent = parent
        self.action = action
        self.length: int = 1 if parent is None else parent.length + 1
        self._hash: int | None = None

    @classmethod
    def of(cls, actions: Iterable[JsonAction]) -> ActionLog | None:
        log: ActionLog | None = None
        for action in actions:
            log = cls(log, action)
        return log

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[JsonAction]:
        items: list[JsonAction] = []
        node: ActionLog | None = self
        while node is not None:
            items.append(node.action)
            node = node.parent
        return reversed(items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionLog):
            return NotImplemented
        a: ActionLog | None = self
        b: ActionLog | None = other
        if self.length != other.length:
            return False
        while a is not None and b is not None:
            if a is b:
                return True
            if a.action != b.action:
                return False
            a, b = a.parent, b.parent
        return a is b

    def __hash__(self) -> int:
        if self._hash is None:
            # Fill the caches from the oldest unhashed node up: no deep recursion on long games.
            pending: list[ActionLog] = []
            node: ActionLog | None = self
            while node is not None and node._hash is None:
                pending.append(node)
                node = node.parent
            for item in reversed(pending):
                parent = 0 if item.parent is None else item.parent._hash
                item._hash = hash((parent, item.action))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        return f"ActionLog({list(self)!r})"

    # Immutable: copies are the log itself; pickling is flat (no recursion on long games).
    def __copy__(self) -> ActionLog:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionLog:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionLog.of, (list(self),))


class ActionRun(ActionLog):
    """A whole run of actions appended to a log at once: one node, the same log.

    A random playout (an engine's ``GameSpec.playout`` hook) plays a hundred actions or so and
    hands its final state to a search that reads only the result, never the log; building one
    node per action cost it more than a microsecond an action (issue 27). This node is the run's
    last action (``action``, ``length``) and keeps the others as a tuple: the nodes before it
    are built only when something walks back to them (``parent``: iteration, equality,
    hashing, pickling, a determinizer reading the round's actions), once, so the log is in
    every way the one :meth:`ActionLog.of` would have built.

    >>> base = ActionLog.of(["Y5"])
    >>> run = ActionRun(base, ("4S", ("bid", 2)))
    >>> list(run), len(run), run == ActionLog.of(["Y5", "4S", ("bid", 2)])
    (['Y5', '4S', ('bid', 2)], 3, True)
    """

    __slots__ = ("_base", "_run")

    def __init__(self, parent: ActionLog | None, actions: tuple[JsonAction, ...]) -> None:
        if not actions:
            raise ValueError("an ActionRun needs at least one action")
        try:
            hash(actions)  # every action an immutable value (as ActionLog checks one by one)
        except TypeError:
            actions = tuple(map(frozen_action, actions))
        _PARENT.__set__(self, None)
        self.action = actions[-1]
        self.length = len(actions) + (0 if parent is None else parent.length)
        self._hash = None
        self._base = parent
        self._run: tuple[JsonAction, ...] | None = actions[:-1]

    @property
    def parent(self) -> ActionLog | None:
        """The node before the run's last action (the base class's slot, filled in when first
        read)."""
        run = self._run
        if run is not None:
            node = self._base
            for action in run:
                node = ActionLog(node, action)
            _PARENT.__set__(self, node)
            self._run = None
            self._base = None
        found: ActionLog | None = _PARENT.__get__(self, ActionLog)
        return found

    @parent.setter
    def parent(self, node: ActionLog | None) -> None:
        _PARENT.__set__(self, node)
        self._run = None
        self._base = None


#: The slot ``ActionLog.parent`` itself (an :class:`ActionRun` reads and fills it behind its
#: property).
_PARENT: Any = ActionLog.__dict__["parent"]


def frozen_action(action: JsonAction) -> JsonAction:
    """``action`` as an immutable, hashable value: JSON arrays become tuples, objects
    :class:`FrozenMap`, sets frozensets; a value that cannot be frozen is a programming error."""
    frozen = freeze(action)
    try:
        hash(frozen)
    except TypeError:
        raise TypeError(f"an action in a game record must be an immutable value (strings, "
                        f"numbers and tuples of them), got {show(action)}") from None
    return frozen
