"""Actions of the quest game: typed values whose ``str()`` is the notation, their parsing and
their wording in the log. Which actions are legal, and why one is refused, is :mod:`.legal`.

An action is a tuple ``(kind, *arguments)``, so it still equals the JSON form records have
always used (``["target", 2]``, ``["party", [0, 1, 2], false]``); its ``str()`` is the readable
notation, which ``play()`` also accepts:

>>> a = Action(("target", 2))
>>> a == ("target", 2), str(a), parse_notation(str(a)) == a
(True, 'target P3', True)
>>> str(Action(("party", (0, 1, 2), True))), str(Action(("flip", 0))), str(Action(("rogue", True)))
('party P1,P2,P3+animal', 'flip #1', 'rogue yes')
>>> parse_notation("peek dark #2")
('peek', 'dark', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from .notation import BOOLEAN, format_notation, parse_notation, target_name

#: Action kind -> how many arguments it takes (the JSON form is ``[kind, *arguments]``).
ARITY: dict[str, int] = {
    "hero": 1, "pass": 1, "discard": 1, "party": 2, "contribute": 1, "rogue": 1, "give": 1,
    "keep": 1, "pass_turn": 0, "knight": 1, "reroll": 1, "ff": 1, "fireball": 1, "animal": 1,
    "heal": 1, "rage": 1, "decline": 0, "tavern": 1, "target": 1, "hand": 1, "flip": 1,
    "peek": 2, "no_peek": 0, "give_reroll": 1}

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


#: How the log, the move lists and refusals word a decision (``action_label``), so that no
#: reader sees ``knight True`` or ``tavern reroll``.
_YES_NO = {"rogue": ("uses the Rogue's ability", "does not use the Rogue's ability"),
           "knight": ("uses the Knight's ability", "does not use the Knight's ability"),
           "reroll": ("spends a Re-roll marker", "keeps the roll"),
           "fireball": ("casts the Fireball", "does not cast the Fireball"),
           "animal": ("sends the animal to attack", "keeps the animal back for now")}
_TAVERN = {"heal": "heals 1 Damage in the tavern", "draw": "draws an Item card in the tavern",
           "reroll": "takes a Re-roll marker in the tavern"}
_WORDS: dict[str, Callable[[Any], str]] = {"hero": lambda a: f"picks {a[1]}", "keep": lambda a: f"keeps the {a[1]} die",
          "tavern": lambda a: _TAVERN.get(str(a[1]), f"tavern: {a[1]}"),
          "flip": lambda a: f"turns over token #{int(a[1]) + 1}",
          "peek": lambda a: f"peeks at {'Light' if a[1] == 'light' else 'Darkness'} token "
                            f"#{int(a[2]) + 1}",
          "no_peek": lambda a: "does not peek", "decline": lambda a: "declines",
          "pass_turn": lambda a: "passes the turn"}


class Action(tuple[Any, ...]):
    """One decision, ``(kind, *arguments)``: equal to its tuple/JSON form, printed in notation."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return str(self[0])

    def __str__(self) -> str:
        return format_notation(self)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


def A(*parts: Any) -> Action:
    """``A("target", 2)`` is ``Action(("target", 2))``."""
    return Action(parts)


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
    return Action(action)



def action_label(action: Any, cards: CardSet) -> str:
    """A sentence fragment for the log and messages (``"gives Sword #1"``)."""
    kind = action[0]
    if kind in ("pass", "contribute", "discard", "give", "rage"):
        verb = {"pass": "passes", "contribute": "contributes", "discard": "discards",
                "give": "gives", "rage": "rages, discarding"}[kind]
        return f"{verb} {cards.card_name(action[1])}"
    if kind == "party":
        names = ", ".join(f"P{p + 1}" for p in action[1])
        return f"party {names}" + (" + animal" if action[2] else "")
    if kind in ("target", "ff", "heal", "hand"):
        who = target_name(action[1])
        return {"target": f"puts a marker on {who}", "ff": f"aims friendly fire at {who}",
                "heal": f"heals {who}", "hand": f"hands the rest to {who}"}[kind]
    if kind in BOOLEAN:  # "uses the Knight's ability", not "knight True"
        return _YES_NO[kind][0 if action[1] else 1]
    if kind in _WORDS:
        return _WORDS[kind](action)
    if len(action) == 1:
        return str(kind).replace("_", " ")
    return " ".join(str(a) for a in action)



__all__ = ["Action", "A", "ARITY", "PENDING", "parse_notation", "parse_action", "action_label",
           "target_name"]
