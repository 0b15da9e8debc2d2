"""Groom Lake actions: a tuple ``(kind, *args)`` whose ``str()`` is the game's notation.

JSON forms (``["move", 1, 0]``, ``["pile", "canteen"]``, ``"scout"``) parse to an :class:`Action`,
which is a tuple and so still compares equal to the plain tuples used so far.

>>> a = parse_action(["move", 1, 0])
>>> a == ("move", 1, 0), str(a), a.kind
(True, 'move 1 0', 'move')
>>> parse_action("scout")
Action('scout')
"""

from __future__ import annotations

from typing import Any

from ...core.checks import show
from ...core.errors import BadInput

# action name -> argument types
# action name -> argument types
ARITY: dict[str, tuple[type, ...]] = {
    "discard": (str,), "scout": (), "end_turn": (), "give_up": (), "move": (int, int),
    "clear": (int, int), "vote": (int,), "keep": (str,), "place": (int, int, int),
    "remove": (str,), "crash": (str, int), "pile": (str,), "done": (), "roll": (),
    "pay": (str,), "trait": (str,), "take_life": (int,), "ballot": (str,),
}
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "setup_discard": ("discard",), "hand_limit": ("discard",),
    "turn": ("scout", "move", "clear", "vote", "give_up", "end_turn"),
    "scout_keep": ("keep",), "place": ("place",), "mountain": ("remove",), "crash": ("crash",),
    "pile": ("pile", "done", "roll"), "pay": ("pay",), "trait": ("trait",),
    "take_life": ("take_life",), "vote": ("ballot",), "give_up": ("ballot",), "over": (),
}
WAITING_FOR = {
    "setup_discard": "a set-up discard (GL-R6)", "turn": "the leader's next action",
    "scout_keep": "the choice of which scouted tile to keep (GL-R13)",
    "place": "the placement of the scouted tile (GL-R15)",
    "mountain": "the choice of the top or bottom discard to remove (GL-R17)",
    "crash": "the Crash Site hand-out (GL-R18)", "hand_limit": "a hand-limit discard (GL-A24)",
    "pile": "cards for the clearing pile (GL-R19)", "pay": "a Life token or Recovery payment (GL-R23)",
    "trait": "keeping or discarding the revealed card (GL-R23)",
    "take_life": "the Infection's Life-token removal (GL-R24)", "vote": "a ballot (GL-R27)",
    "give_up": "a ballot on giving up (GL-R31, GL-A29)", "over": "nothing: the game is over",
}
END_REASONS = {
    "civilization": "the Team reached Civilization: the Humans escape (GL-R31.1)",
    "no_humans": "no Humans remain in the game: the Alien(s) win (GL-R31.2)",
    "gave_up": "the players gave up: the Alien(s) win (GL-R31.3)",
    "trapped": "the Team is trapped by Canyons: the Alien(s) win (GL-R31.4)",
}


class Action(tuple):  # type: ignore[type-arg]
    """One action: ``("move", 1, 0)``; ``str()`` gives ``"move 1 0"``."""

    __slots__ = ()  # built as ``Action(items)``: tuple's own constructor, nothing added

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[Any, ...]:
        return tuple(self[1:])

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Action({', '.join(map(repr, self))})"

    def to_json(self) -> list[Any]:
        return list(self)


def parse_action(action: Any) -> Action:
    """Any accepted spelling of an action -> an :class:`Action` (``BadInput`` when malformed)."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        action = (action,)
    if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str) \
            or action[0] not in ARITY:
        raise BadInput("NB-ARG", f"{show(action)} is not a Groom Lake action; actions are "
                       f"{', '.join(ARITY)}")
    kinds = ARITY[action[0]]
    args = tuple(action[1:])
    if len(args) != len(kinds) or any(
            not isinstance(a, k) or isinstance(a, bool) for a, k in zip(args, kinds, strict=False)):
        shape = ", ".join(k.__name__ for k in kinds) or "nothing"
        raise BadInput("NB-ARG", f"the action {show(action[0])} takes {shape}, "
                       f"not {show(list(args))}")
    return Action((action[0], *(int(a) if isinstance(a, int) else a for a in args)))


__all__ = ["Action", "parse_action", "ARITY", "PHASE_ACTIONS", "WAITING_FOR", "END_REASONS"]
