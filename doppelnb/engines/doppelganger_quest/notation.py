"""The quest game's notation: how a decision is written (``target P3``, ``party P1,P2+animal``,
``flip #1``, ``rogue yes``) and read back. Seats are written from 1 (``P3`` is seat 2), tokens
and cards from 1 (``#1`` is index 0); the typed values are :mod:`.actions`'.

>>> format_notation(("party", (0, 1, 2), True)), format_notation(("target", "animal"))
('party P1,P2,P3+animal', 'target animal')
>>> parse_notation("peek dark #2"), parse_notation("party P1,P3")
(('peek', 'dark', 1), ('party', (0, 2), False))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.checks import check_str

GAME = "doppelganger_quest"
#: The legal player counts (DQ-R1).
PLAYER_COUNTS = (4, 5, 6, 7, 8)
#: Decisions whose one argument is yes or no.
BOOLEAN = ("rogue", "knight", "reroll", "fireball", "animal")
#: Decisions whose argument is a seat (or the animal).
SEATED = ("target", "ff", "hand", "heal", "give_reroll")


def target_name(target: int | str) -> str:
    """``P3`` for seat 2, ``the animal`` for the animal."""
    return "the animal" if target == "animal" else f"P{int(target) + 1}"


def format_notation(action: Sequence[Any]) -> str:
    """The notation of a decision ``(kind, *arguments)``."""
    kind, args = action[0], action[1:]
    if kind == "party":
        seats = ",".join(f"P{p + 1}" for p in args[0])
        return f"party {seats}" + ("+animal" if args[1] else "")
    words = [str(kind)]
    for i, arg in enumerate(args):
        if kind in BOOLEAN:
            words.append("yes" if arg else "no")
        elif kind in SEATED:
            words.append("animal" if arg == "animal" else f"P{int(arg) + 1}")
        elif kind == "flip" or (kind == "peek" and i == 1):
            words.append(f"#{int(arg) + 1}")
        else:
            words.append(str(arg))
    return " ".join(words)


def _word(text: str, kind: str, index: int) -> Any:
    if kind in BOOLEAN and text in ("yes", "no"):
        return text == "yes"
    if text[:1] in ("P", "#") and text[1:].isdigit():
        return int(text[1:]) - 1
    return text


def parse_notation(text: str) -> Any:
    """The tuple a notation string stands for (``"target P3"`` -> ``("target", 2)``); a single
    word (``"decline"``) is the action of that name without arguments."""
    text = check_str(text, "action", max_len=200).strip()
    words = text.split()
    if len(words) <= 1:
        return (text,)
    kind = words[0]
    if kind == "hero":  # a hero's name may hold spaces
        return ("hero", text.split(None, 1)[1])
    if kind == "party":
        seats, _, animal = words[1].partition("+")
        parts = [_word(w, kind, 0) for w in seats.split(",")]
        return ("party", tuple(parts), animal == "animal")
    return (kind, *(_word(w, kind, i) for i, w in enumerate(words[1:])))


__all__ = ["GAME", "PLAYER_COUNTS", "BOOLEAN", "SEATED", "target_name", "format_notation", "parse_notation"]
