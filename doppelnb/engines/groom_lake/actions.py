"""Groom Lake's typed actions: one small named tuple per kind, ``kind`` its first field.

Each action is a tuple whose first item names its kind, so it still compares equal to the JSON
form records and users have always used (``["move", 1, 0]``, ``["pile", "canteen"]``,
``"scout"``), while ``str()`` gives the game's notation, the kind and its arguments in a row:

>>> a = parse_action(["move", 1, 0])
>>> a == ("move", 1, 0), str(a), a.kind, a.at
(True, 'move 1 0', 'move', (1, 0))
>>> parse_action("scout"), parse_action("pile canteen")
(Scout(kind='scout'), Pile(kind='pile', card='canteen'))
>>> action("place", 2, -1, 90)
Place(kind='place', x=2, y=-1, rotation=90)

The classes are the rules' words for the choices: :data:`KINDS` maps each kind to its class,
:data:`ARITY` each kind to its arguments' types (read from the classes' fields, one source).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, get_type_hints

from ...core.checks import show
from ...core.errors import BadInput

Coord = tuple[int, int]  # a grid position (x, y), as .tiles.Coord (not imported: no cycle)


class Discard(NamedTuple):
    """Discard ``card`` face down: down to the set-up hand (GL-R6) or the hand limit (GL-A24)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


class Scout(NamedTuple):
    """Scout: draw two Desert tiles, keep one and place it (GL-R13), for 1 AP (GL-R12)."""

    kind: str

    def __str__(self) -> str:
        return "scout"


class EndTurn(NamedTuple):
    """End the leader's turn (GL-R12; unused AP carry over only under GL-A21)."""

    kind: str

    def __str__(self) -> str:
        return "end_turn"


class GiveUp(NamedTuple):
    """Propose that the Team gives up: a ballot follows (GL-A29, GL-R31)."""

    kind: str

    def __str__(self) -> str:
        return "give_up"


class Move(NamedTuple):
    """Move the Team onto the cleared tile at ``(x, y)``, next to it (GL-R17)."""

    kind: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"move {self.x} {self.y}"

    @property
    def at(self) -> Coord:
        return (self.x, self.y)


class Clear(NamedTuple):
    """Attempt to clear the obstacle on the tile at ``(x, y)``, next to the Team (GL-R19)."""

    kind: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"clear {self.x} {self.y}"

    @property
    def at(self) -> Coord:
        return (self.x, self.y)


class Vote(NamedTuple):
    """Call a vote to leave seat ``target`` behind, for 2 AP (GL-R27)."""

    kind: str
    target: int

    def __str__(self) -> str:
        return f"vote {self.target}"


class Keep(NamedTuple):
    """Keep the scouted tile ``tile`` (its id) to place; the other is discarded (GL-R13)."""

    kind: str
    tile: str

    def __str__(self) -> str:
        return f"keep {self.tile}"


class Place(NamedTuple):
    """Place the kept tile at ``(x, y)`` turned ``rotation`` degrees (GL-R14, GL-R15)."""

    kind: str
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place {self.x} {self.y} {self.rotation}"

    @property
    def at(self) -> Coord:
        return (self.x, self.y)


class Remove(NamedTuple):
    """Entering a Mountain: remove the ``"top"`` or ``"bottom"`` Supply discard (GL-R17)."""

    kind: str
    end: str

    def __str__(self) -> str:
        return f"remove {self.end}"


class Crash(NamedTuple):
    """At a Crash Site, give the drawn ``card`` to seat ``recipient`` (GL-R18)."""

    kind: str
    card: str
    recipient: int

    def __str__(self) -> str:
        return f"crash {self.card} {self.recipient}"


class Pile(NamedTuple):
    """Add ``card`` (or ``"life"``, a Life token) to the clearing pile (GL-R19)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return f"pile {self.card}"


class Done(NamedTuple):
    """Add nothing more face down to the clearing pile (GL-R19, GL-R20)."""

    kind: str

    def __str__(self) -> str:
        return "done"


class Roll(NamedTuple):
    """Roll the dice against the obstacle, once the pile is revealed (GL-R20, GL-R22)."""

    kind: str

    def __str__(self) -> str:
        return "roll"


class Pay(NamedTuple):
    """Pay a failure's cost with ``use``: ``"life"`` or ``"recovery"`` (GL-R23, GL-R26)."""

    kind: str
    use: str

    def __str__(self) -> str:
        return f"pay {self.use}"


class Trait(NamedTuple):
    """``choice`` (``"keep"`` or ``"discard"``) the card a failure revealed (GL-R23)."""

    kind: str
    choice: str

    def __str__(self) -> str:
        return f"trait {self.choice}"


class TakeLife(NamedTuple):
    """The Infection takes a Life token from seat ``victim`` (GL-R24)."""

    kind: str
    victim: int

    def __str__(self) -> str:
        return f"take_life {self.victim}"


class Ballot(NamedTuple):
    """Vote ``"yes"`` or ``"no"`` in a vote (GL-R27) or on giving up (GL-A29)."""

    kind: str
    vote: str

    def __str__(self) -> str:
        return f"ballot {self.vote}"


Action = (Discard | Scout | EndTurn | GiveUp | Move | Clear | Vote | Keep | Place | Remove | Crash
          | Pile | Done | Roll | Pay | Trait | TakeLife | Ballot)

#: Action kind -> its class, in the order the rules meet them (error messages list them so).
KINDS: Final[dict[str, type[Action]]] = {
    "discard": Discard, "scout": Scout, "end_turn": EndTurn, "give_up": GiveUp, "move": Move,
    "clear": Clear, "vote": Vote, "keep": Keep, "place": Place, "remove": Remove, "crash": Crash,
    "pile": Pile, "done": Done, "roll": Roll, "pay": Pay, "trait": Trait,
    "take_life": TakeLife, "ballot": Ballot,
}
#: Action kind -> its arguments' types, read from the classes' fields after ``kind``.
ARITY: dict[str, tuple[type, ...]] = {
    kind: tuple(get_type_hints(cls)[name] for name in cls._fields[1:])
    for kind, cls in KINDS.items()}
_KIND_NAMES: Final = {kind: kind for kind in KINDS}  # any equal str -> the kind's own str
_new = tuple.__new__  # a class and its items -> the action, without NamedTuple's Python __new__


def _signature(cls: type[Action]) -> tuple[Any, ...]:
    """``(kind, *field types)`` of ``cls``: what :func:`parse_action` compares a value of ``cls``
    with before taking it as it is."""
    kind = next(k for k, c in KINDS.items() if c is cls)
    return (kind, *ARITY[kind])


#: Class -> its kind and its fields' types. A typed value is taken as it is only when it is
#: exactly what :func:`parse_action` builds (its own kind, arguments of exactly these types):
#: the play loop hands back legal actions, which pass; a class built by hand with other values
#: (``Move("move", True, 0)``, a list, another kind) goes the long way, to be rebuilt or
#: refused, so that no such value reaches a record or a rule.
_EXACT: Final = {cls: _signature(cls) for cls in KINDS.values()}

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


def _from_notation(text: str) -> tuple[Any, ...]:
    """``"scout"`` or the notation ``"move 1 0"`` -> ``("move", 1, 0)``: each word after the kind
    read as its field's type where it can be, so that a malformed one is refused by
    :func:`parse_action` naming the kind's arguments. Text that starts with no kind stays one
    item, refused as no action at all."""
    words = text.split() if len(text) <= 200 else []
    types = ARITY.get(words[0]) if len(words) > 1 else None
    if types is None:
        return (text,)
    return (words[0], *(_word(w, t) for w, t in zip(words[1:], (*types, *[int] * len(words)),
                                                      strict=False)))


def _word(word: str, kind: type) -> Any:
    """One word of the notation as ``kind`` (int or str); the word itself if it is no number."""
    if kind is int and word.lstrip("-").isdecimal() and len(word) <= 20:
        return int(word)
    return word


def parse_action(action: Any) -> Action:
    """Any accepted spelling of an action -> its typed value (``BadInput`` when malformed): a
    typed action, a list or tuple (``["move", 1, 0]``), a kind alone (``"scout"``) or the
    notation (``"move 1 0"``). Legality is the state's to check."""
    exact = _EXACT.get(type(action))
    if exact is not None:  # a typed value; the common case, a legal action handed back
        # field by field, written out: a loop or a helper call costs more than the rest of
        # parsing (NamedTuples have 1 to 4 fields)
        n = len(exact)
        if len(action) == n and action[0] is exact[0] and (
                n == 1 or type(action[1]) is exact[1] and (
                    n == 2 or type(action[2]) is exact[2] and (
                        n == 3 or type(action[3]) is exact[3]))):
            return action  # type: ignore[no-any-return]
    if isinstance(action, str):
        action = _from_notation(action)
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
    kind = _KIND_NAMES[action[0]]
    return _new(KINDS[kind], (kind, *(int(a) if isinstance(a, int) else
                                      str.__str__(a) if isinstance(a, str) else a
                                      for a in args)))


def action_to_json(action: Action) -> tuple[Any, ...]:
    """The record form: a plain tuple (written as a JSON array; never a live list). Not the
    typed action itself: ``state.actions`` and the golden transcripts have always shown
    ``('move', 1, 0)``, and the typed action compares equal to it."""
    return tuple(action)


def action(kind: str, *args: Any) -> Action:
    """The typed action of ``kind`` with ``args``, checked as :func:`parse_action` checks a
    record's ``[kind, *args]``: ``action("move", 1, 0) == ("move", 1, 0)``."""
    return parse_action((kind, *args))


__all__ = ["Action", "Discard", "Scout", "EndTurn", "GiveUp", "Move", "Clear", "Vote", "Keep",
           "Place", "Remove", "Crash", "Pile", "Done", "Roll", "Pay", "Trait", "TakeLife",
           "Ballot", "KINDS", "ARITY", "action", "parse_action", "action_to_json", "PHASE_ACTIONS", "WAITING_FOR",
           "END_REASONS"]
