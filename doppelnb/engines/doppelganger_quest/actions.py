"""Actions of the quest game: typed values whose ``str()`` is the notation, their parsing and
their wording in the log. Which actions are legal, and why one is refused, is :mod:`.legal`.

Each kind of decision is its own small named tuple whose first field is ``kind``, so a value
still equals the JSON form records have always used (``["target", 2]``,
``["party", [0, 1, 2], false]``); its ``str()`` is the readable notation, which ``play()`` also
accepts, and its ``repr()`` the plain tuple the game records print:

>>> a = action("target", 2)
>>> a == ("target", 2), a.target, str(a), parse_notation(str(a)) == a, a
(True, 2, 'target P3', True, ('target', 2))
>>> str(Party("party", (0, 1, 2), True)), str(action("flip", 0)), str(action("rogue", True))
('party P1,P2,P3+animal', 'flip #1', 'rogue yes')
>>> from .rules import Rules
>>> p = parse_action("peek dark #2", 4, Rules().card_set())
>>> type(p).__name__, p.row, p.token
('Peek', 'dark', 1)
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core.checks import (
    check_bool,
    check_choice,
    check_int,
    check_sequence,
    check_str,
    show,
)
from ...core.errors import BadInput
from .cards import CardSet
from .notation import format_notation, parse_notation
from .table import Target


# -- the draft and a Quest's setup ------------------------------------------------------------
class PickHero(NamedTuple):
    """Pick the hero named ``hero`` in the draft (DQ-R3)."""

    kind: str
    hero: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class PassItem(NamedTuple):
    """Pass the Item card ``card`` face down to the left (DQ-R13)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Discard(NamedTuple):
    """Discard ``card`` down to the hand limit (DQ-A13)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Party(NamedTuple):
    """The Party Leader's quest party: the ``seats`` (sorted, the leader among them) and whether
    the ``animal`` comes along (DQ-R14, DQ-R6)."""

    kind: str
    seats: tuple[int, ...]
    animal: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Contribute(NamedTuple):
    """Contribute ``card`` face down to the Quest's pool (DQ-R15)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Rogue(NamedTuple):
    """Whether to ``use`` the Rogue's ability (DQ-R26)."""

    kind: str
    use: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Give(NamedTuple):
    """The Party Leader hands ``card`` from the pool to the next party member (DQ-R16)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


# -- a quest member's turn ---------------------------------------------------------------------
class Keep(NamedTuple):
    """Keep the ``die`` (``"black"`` or ``"white"``) of the two drawn from the Bag (DQ-R21)."""

    kind: str
    die: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class PassTurn(NamedTuple):
    """Pass the turn once the Quest's requirement is met (DQ-R23)."""

    kind: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Knight(NamedTuple):
    """Whether to ``use`` the Knight's ability, once per Quest (DQ-R26)."""

    kind: str
    use: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Reroll(NamedTuple):
    """Whether to ``use`` a Re-roll marker on the roll just made (DQ-R38)."""

    kind: str
    use: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class FriendlyFire(NamedTuple):
    """The friendly-fire victim: a quest member's seat or ``"animal"`` (DQ-R25)."""

    kind: str
    target: Target

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Fireball(NamedTuple):
    """Whether to ``cast`` the Fireball (DQ-R19)."""

    kind: str
    cast: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class AnimalAttack(NamedTuple):
    """Whether the Party Leader sends the animal to ``attack`` now (DQ-R24)."""

    kind: str
    attack: bool

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


# -- after the turns: abilities, the tavern, the ping-pong, tokens -----------------------------
class Heal(NamedTuple):
    """The cleric heals 1 Damage of ``target``, a quest member (DQ-R26)."""

    kind: str
    target: Target

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Rage(NamedTuple):
    """The berserker discards ``card`` for 2 Damage on the Quest (DQ-R26)."""

    kind: str
    card: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Decline(NamedTuple):
    """Do not use the post-turn ability (DQ-R26)."""

    kind: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Tavern(NamedTuple):
    """A player off the Quest picks a tavern ``choice``: ``"heal"``, ``"draw"`` or
    ``"reroll"`` (DQ-R27)."""

    kind: str
    choice: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class TargetUnit(NamedTuple):
    """Give the next ping-pong unit to ``target``, a seat or ``"animal"`` (DQ-R31, DQ-R32)."""

    kind: str
    target: Target

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class HandOn(NamedTuple):
    """After damaging oneself, hand the rest of the units to ``target``, another quest
    member's seat (DQ-R31)."""

    kind: str
    target: int

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Flip(NamedTuple):
    """Turn over face-down ``token`` (from 0) of the row the outcome names (DQ-R29)."""

    kind: str
    token: int

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Peek(NamedTuple):
    """Peek at face-down ``token`` (from 0) of the ``row`` (``"light"`` or ``"dark"``)
    (DQ-R11)."""

    kind: str
    row: str
    token: int

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class NoPeek(NamedTuple):
    """Do not peek (DQ-R11)."""

    kind: str

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class GiveReroll(NamedTuple):
    """Give a Re-roll marker to ``seat``: parsed only to be refused, for markers belong to their
    owner (DQ-R38, DQ-T20)."""

    kind: str
    seat: int

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


Action = (PickHero | PassItem | Discard | Party | Contribute | Rogue | Give | Keep | PassTurn | Knight
          | Reroll | FriendlyFire | Fireball | AnimalAttack | Heal | Rage | Decline | Tavern
          | TargetUnit | HandOn | Flip | Peek | NoPeek | GiveReroll)

#: Action kind -> its class: the one table :func:`parse_action`, :func:`action` and the legal
#: lists build values through.
KINDS: Final[dict[str, type[Action]]] = {
    "hero": PickHero, "pass": PassItem, "discard": Discard, "party": Party,
    "contribute": Contribute, "rogue": Rogue, "give": Give, "keep": Keep,
    "pass_turn": PassTurn, "knight": Knight, "reroll": Reroll, "ff": FriendlyFire,
    "fireball": Fireball, "animal": AnimalAttack, "heal": Heal, "rage": Rage,
    "decline": Decline, "tavern": Tavern, "target": TargetUnit, "hand": HandOn, "flip": Flip,
    "peek": Peek, "no_peek": NoPeek, "give_reroll": GiveReroll}

#: The classes, for the quick "is this already a typed action?" test of ``State.parse_action``.
CLASSES: Final[frozenset[type[Action]]] = frozenset(KINDS.values())

#: Action kind -> how many arguments it takes (the JSON form is ``[kind, *arguments]``), read
#: off each class's fields.
ARITY: dict[str, int] = {kind: len(cls._fields) - 1 for kind, cls in KINDS.items()}

#: ``_new(cls, (kind, *arguments))`` builds a typed action without the Python-level
#: ``__new__`` a NamedTuple's call runs (as Groom Lake's ``_new``; :mod:`.legal` has its own
#: for the legal lists it builds at every step of a playout).
_new: Final = tuple.__new__

#: The most seats a party can name: the largest table (8 players).
_MOST_SEATS = 8


def action(kind: str, *arguments: Any) -> Action:
    """The typed action of ``kind`` with these arguments, checked as :func:`parse_action`
    checks a record's ``[kind, *arguments]``: ``action("target", 2)`` is
    ``TargetUnit("target", 2)``; ``action("target", "P2")`` is a ``BadInput`` naming the
    argument. Without a table, a card is checked to be a card id (a string), not to be in a
    card set, and a party to name at most 8 seats."""
    if not isinstance(kind, str) or kind not in ARITY:
        raise BadInput("NB-ARG", f"{show(kind)} is not a Doppelgänger action kind (one of "
                       f"{', '.join(KINDS)})")
    return _checked((kind, *arguments), _MOST_SEATS, None)


def action_to_json(action: Action) -> tuple[Any, ...]:
    """The record form: a plain tuple (written as a JSON array), which the typed action
    compares equal to; ``state.actions`` and the golden records have always shown it."""
    return tuple(action)


#: What each pending decision is, for messages: (rule, what the player must do).
PENDING: dict[str, tuple[str, str]] = {
    "draft": ("DQ-R3", "pick a hero"), "pass": ("DQ-R13", "pass an Item card to the left"),
    "discard": ("DQ-A13", "discard down to the hand limit"),
    "party": ("DQ-R14", "choose the quest party"), "contribute": ("DQ-R15", "contribute an Item"),
    "rogue": ("DQ-R26", "decide on the Rogue's ability"),
    "give": ("DQ-R16", "hand out the pool"), "keep": ("DQ-R21", "keep one of the drawn dice"),
    "knight": ("DQ-R26", "decide on the Knight's ability"),
    "reroll": ("DQ-R38", "decide whether to spend a Re-roll marker"),
    "ff": ("DQ-R25", "choose the friendly-fire victim"),
    "fireball": ("DQ-R19", "decide whether to cast Fireball"),
    "animal": ("DQ-R24", "decide on the animal's attack"),
    "ability": ("DQ-R26", "use or decline a post-turn ability"),
    "tavern": ("DQ-R27", "choose a tavern action"),
    "target": ("DQ-R31", "give one ping-pong unit"), "hand": ("DQ-R31", "hand the rest on"),
    "flip": ("DQ-R29", "flip a face-down token"), "peek": ("DQ-R11", "peek or not"),
}


def parse_action(action: Any, players: int, cards: CardSet) -> Action:
    """Any accepted spelling (a tuple, a JSON list, a one-word string such as ``"decline"``,
    or the notation such as ``"target P3"``) -> the typed :class:`Action`, for a table of
    ``players`` playing with ``cards``; ``BadInput`` when malformed (whether it is legal now is
    :func:`.legal.refusal`'s question)."""
    if isinstance(action, str):
        action = parse_notation(action)
    if isinstance(action, list):
        action = tuple(action)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str) \
            or action[0] not in ARITY:
        raise BadInput("NB-ARG", f"{show(action)} is not a Doppelgänger action (like "
                       "['pass', 'sword.1'] or ['target', 2])")
    return _checked(action, players, cards)


def _checked(action: tuple[Any, ...], players: int, cards: CardSet | None) -> Action:
    """The typed action of ``action`` (a tuple of a known kind) once its arguments are checked,
    a card against ``cards`` (``None``: only that it is a card id)."""
    if len(action) != ARITY[action[0]] + 1:
        raise BadInput("NB-ARG", f"the action {show(action[0])} takes {ARITY[action[0]]} "
                       f"argument(s), not {len(action) - 1}")
    kind = action[0]
    if kind == "party":
        seats = check_sequence(action[1], "the party's seats", max_len=players,
                               item=lambda v, name: check_int(v, name))
        check_bool(action[2], "whether the animal goes on the Quest")
        action = ("party", tuple(sorted(set(seats))), action[2])  # a set of seats
    elif kind in ("pass", "contribute", "discard", "give", "rage"):
        if cards is None:
            check_str(action[1], "the card", max_len=200)
        else:
            cards.item(action[1])  # BadInput for an unknown card
    elif kind == "hero":
        check_str(action[1], "the hero's name", max_len=200)
    elif kind in ("rogue", "knight", "reroll", "fireball", "animal"):
        check_bool(action[1], f"the {kind} decision")
    elif kind in ("target", "ff", "hand", "heal"):
        if not (isinstance(action[1], str) and action[1] == "animal"):
            check_int(action[1], f"the {kind} target (a seat or 'animal')")
    elif kind == "flip":
        check_int(action[1], "the token to flip")
    elif kind == "peek":
        check_choice(action[1], "the row to peek at", ("light", "dark"))
        check_int(action[2], "the token to peek at")
    elif kind == "tavern":
        check_choice(action[1], "the tavern action", ("heal", "draw", "reroll"))
    elif kind == "keep":
        check_choice(action[1], "the die to keep", ("black", "white"))
    elif kind == "give_reroll":
        check_int(action[1], "the player to give a Re-roll marker to")
    return _new(KINDS[kind], action)


__all__ = ["Action", "PickHero", "PassItem", "Discard", "Party", "Contribute", "Rogue", "Give",
           "Keep", "PassTurn", "Knight", "Reroll", "FriendlyFire", "Fireball", "AnimalAttack",
           "Heal", "Rage", "Decline", "Tavern", "TargetUnit", "HandOn", "Flip", "Peek", "NoPeek",
           "GiveReroll", "KINDS", "CLASSES", "ARITY", "PENDING", "action",
           "parse_action", "action_to_json"]
