"""Doppeldoppel notation: cards such as ``"Y5"`` (colour letter, rank), colours, sorting.

A :class:`Card` *is* its notation: a ``str`` subclass, so ``Card('Y', 5) == "Y5"`` and a card
action compares equal to the JSON form records have always held.

>>> card = parse_card("y5")
>>> card, str(card), card.colour, card.rank, card == "Y5"
(Card('Y', 5), 'Y5', 'Y', 5, True)
>>> sort_cards(parse_cards(["B2", "Y6", "Y1"]))
(Card('Y', 1), Card('Y', 6), Card('B', 2))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.checks import check_int, show
from ...core.errors import BadInput

GAME = "doppeldoppel"
COLOURS = ("Y", "R", "B")  # yellow is the rulebook's; the other two letters are illustrative
RANKS = (1, 2, 3, 4, 5, 6)
DECK_SIZE = 36  # DD-R2
PLAYER_COUNTS = (3, 4)  # DD-R1
REVERSING_RANK = 3  # DD-R15
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}

_CARD_HINT = ("a card is a colour letter (Y, R or B) followed by a rank from 1 to 6, like Y5")


class Card(str):
    """A card: colour letter and rank, ``Card('Y', 5) == "Y5"`` (DD-R2).

    Several physical cards share a colour and rank (DD-A1); they are interchangeable, so a hand
    is a sorted tuple of cards that may repeat. There are 18 card values and each is one shared
    object (``Card('Y', 5) is parse_card("Y5")``).
    """

    __slots__ = ()

    def __new__(cls, colour: Any, rank: Any = None) -> Card:
        text = colour if rank is None else f"{colour}{rank}"
        card = _CARDS.get(text) if isinstance(text, str) and (
            rank is None or (isinstance(colour, str) and type(rank) is int)) else None
        if card is None:
            shown = text if rank is None else (colour, rank)
            raise BadInput("DD-R2", f"{show(shown)} is not a Doppeldoppel card: {_CARD_HINT}")
        return card

    def __getnewargs__(self) -> tuple[str]:
        return (str.__str__(self),)

    @property
    def colour(self) -> str:
        return self[0]

    @property
    def rank(self) -> int:
        return _RANK_OF[self[1]]

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Card({self[0]!r}, {self[1]})"

    @classmethod
    def parse(cls, value: Any) -> Card:
        return parse_card(value)

    def _repr_svg_(self) -> str:
        from .render import card_svg

        return str(card_svg(self))


_RANK_OF = {str(r): r for r in RANKS}
_CARDS: dict[str, Card] = {}
for _c in COLOURS:
    for _r in RANKS:
        _card = str.__new__(Card, f"{_c}{_r}")
        _CARDS[f"{_c}{_r}"] = _CARDS[f"{_c}{_r}".lower()] = _card
#: the 18 card values (colour, rank), yellow first, low ranks first
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS[f"{c}{r}"] for c in COLOURS for r in RANKS)


def parse_card(value: Any) -> Card:
    """``"Y5"`` (or a :class:`Card`) -> ``Card('Y', 5)``; anything else raises ``BadInput`` (DD-R2)."""
    card = _CARDS.get(value.strip()) if isinstance(value, str) and len(value) < 8 else None
    if card is None:
        raise BadInput("DD-R2", f"{show(value)} is not a Doppeldoppel card: {_CARD_HINT}")
    return card


def parse_cards(values: Iterable[Any]) -> tuple[Card, ...]:
    """A list of cards (strings or :class:`Card`) as a tuple of cards."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise BadInput("NB-ARG", f"give a list of cards such as ['Y5', 'R2'], not {show(values)}")
    return tuple(parse_card(v) for v in values)


def card_key(card: Card) -> tuple[int, int]:
    """Sort order of a hand: yellow, then R, then B; low ranks first."""
    return (COLOUR_INDEX[card[0]], _RANK_OF[card[1]])


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in :func:`card_key` order (a hand, a pile): every deal and every trick won
    sorts one, so each card's place is looked up in a table made once, not computed."""
    return tuple(sorted(cards, key=_PLACE.__getitem__))


#: Each card's place in :func:`card_key` order (a card and its notation both find it).
_PLACE: dict[str, int] = {card: i for i, card in enumerate(sorted(ALL_CARDS, key=card_key))}


def parse_colour(value: Any, rule: str) -> str:
    """``"Y"``/``"y"`` -> ``"Y"``; anything else raises ``BadInput`` citing ``rule``."""
    if isinstance(value, str) and value.strip().upper() in COLOUR_INDEX:
        return value.strip().upper()
    raise BadInput(rule, f"{show(value)} is not a colour: the colours are Y, R and B")


def whole_number(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    """``value`` if it is a whole number in [lo, hi], else ``BadInput("NB-ARG")`` naming it."""
    return check_int(value, what, lo, hi)


__all__ = ["GAME", "COLOURS", "RANKS", "DECK_SIZE", "PLAYER_COUNTS", "REVERSING_RANK",
           "COLOUR_INDEX", "ALL_CARDS", "Card", "parse_card", "parse_cards", "card_key",
           "sort_cards", "parse_colour", "whole_number"]
