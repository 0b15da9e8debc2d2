"""Cards and notation for Doppelgänger Tricks (digest §2, DT-A1, DT-R3).

A card is written number + suit letter: ``"6D"``, ``"10C"``. Plain suits are ``C`` (●, circle),
``T`` (▲, triangle) and ``S`` (■, square); ``D`` is the doppelgänger suit (printed ♣ in the
rulebook's examples). A :class:`Card` *is* its notation string, so ``Card("6D") == "6D"`` and
cards go straight into JSON records.

>>> c = card("10c"); c, c.number, c.suit, c.is_doppelganger
('10C', 10, 'C', False)
>>> [str(c) for c in deck(3)][:3], len(deck(3)), len(deck(4))
(['1C', '2C', '3C'], 36, 40)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any

from ...core import checks
from ...core.errors import BadInput

SUITS = ("C", "T", "S", "D")
PLAIN_SUITS = ("C", "T", "S")
DOPPELGANGER = "D"
# DT-A1: the glyphs are garbled in the source; these are the digest's reconstruction.
SUIT_SYMBOLS = {"C": "●", "T": "▲", "S": "■", "D": "♣"}
SUIT_NAMES = {"C": "circle", "T": "triangle", "S": "square", "D": "doppelgänger"}
NUMBERS = range(1, 11)


class Card(str):
    """One playing card; equal to (and usable as) its notation string ``"6D"``.

    ``number`` (1..10), ``suit`` (``C``/``T``/``S``/``D``) and ``index`` (0..39, suit-major, the
    integer code used by the fast simulators). Build cards with :func:`card`, which returns the
    one shared instance of each card.
    """

    number: int
    suit: str
    index: int  # type: ignore[assignment]  # shadows str.index: the card code 0..39
    name: str

    def __new__(cls, number: int, suit: str) -> Card:
        number = checks.check_int(number, "number", 1, 10)
        suit = checks.check_choice(suit, "suit", SUITS)
        self = super().__new__(cls, f"{number}{suit}")
        self.number = number
        self.suit = suit
        self.index = SUITS.index(suit) * 10 + number - 1
        self.name = f"{number}{suit}"  # the notation as a plain str (fast for action lists)
        return self

    def __getnewargs__(self) -> tuple[int, str]:  # type: ignore[override]  # copy / pickle
        return (self.number, self.suit)

    def __repr__(self) -> str:
        return str.__repr__(str(self))

    @property
    def is_doppelganger(self) -> bool:
        return self.suit == DOPPELGANGER

    @property
    def symbol(self) -> str:
        """``"6●"``: the card with its suit glyph, as the rulebook prints it."""
        return f"{self.number}{SUIT_SYMBOLS[self.suit]}"

    def sort_key(self) -> tuple[int, int]:
        return (SUITS.index(self.suit), self.number)

    def _repr_svg_(self) -> str:
        from .render import card_svg

        return str(card_svg(self))


ALL_CARDS: tuple[Card, ...] = tuple(Card(n, s) for s in SUITS for n in NUMBERS)
_BY_NAME = {str(c): c for c in ALL_CARDS}
_INDEX = attrgetter("index")  # suit-major, so sorting by it is sorting by ``sort_key``


def card(value: Any) -> Card:
    """The :class:`Card` for ``"6D"`` / ``"10c"`` / a card; :class:`BadInput` when it is no card."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str) and len(value) <= 8:
        found = _BY_NAME.get(value.strip().upper())
        if found is not None:
            return found
    raise BadInput("NB-ARG", f"{checks.show(value)} is not a card: write a number from 1 to 10 and a suit "
                   "letter, C (●), T (▲), S (■) or D (doppelgänger), like 6D or 10C")


#: The most cards one call takes: the whole 40-card deck.
MAX_CARDS = 40


def cards(values: Iterable[Any] | str, name: str = "cards") -> tuple[Card, ...]:
    """Several cards: an iterable of cards or one string such as ``"4S 9C 7D"`` (at most 40)."""
    if isinstance(values, str):
        values = checks.check_str(values, name, max_len=4 * MAX_CARDS).replace(",", " ").split()
    elif isinstance(values, Iterable) and not isinstance(values, (Mapping, bytes, bytearray,
                                                                  list, tuple)):
        values = list(itertools.islice(values, MAX_CARDS + 1))
    items: tuple[Any, ...] = checks.check_sequence(values, name, max_len=MAX_CARDS)
    return tuple(card(v) for v in items)


def suit(value: Any, *, plain: bool = True, rule: str = "NB-ARG") -> str:
    """A suit letter (``"C"``, ``"T"``, ``"S"``, or ``"D"`` when ``plain`` is false)."""
    allowed = PLAIN_SUITS if plain else SUITS
    if isinstance(value, str) and len(value) <= 8:
        text = value.strip().upper()
        for letter, glyph in SUIT_SYMBOLS.items():
            if text == glyph:
                text = letter
        if text in allowed:
            return text
    names = ", ".join(f"{s} ({SUIT_SYMBOLS[s]})" for s in allowed)
    kind = "a plain suit" if plain else "a suit"
    raise BadInput(rule, f"{checks.show(value)} is not {kind}; choose one of {names}")


def deck(players: int) -> tuple[Card, ...]:
    """The deck for ``players`` players: 40 cards, or 36 without the four 10s for 3 (DT-R3)."""
    check_players(players)
    if players == 3:  # DT-R3: with 3 players all four 10s leave the deck, the D 10 included
        return tuple(c for c in ALL_CARDS if c.number != 10)
    return ALL_CARDS


#: The game's name in records and in ``doppelnb.GAMES``.
GAME = "doppelganger_tricks"
#: DT-R1: the legal player counts.
PLAYER_COUNTS = (3, 4)


def check_players(players: Any, name: str = "players") -> int:
    """DT-R1: 3 or 4 players (a whole number; bools and floats are refused)."""
    return checks.check_players(players, PLAYER_COUNTS, name, rule="DT-R1")


def check_in_deck(items: Iterable[Card], players: int) -> None:
    """Refuse cards that are not in the ``players``-player deck (the 10s with 3 players)."""
    for c in items:
        if players == 3 and c.number == 10:
            raise BadInput("DT-R3", f"{c} is not in a 3-player game: all four 10s are "
                                "removed from the deck")


def sort_hand(items: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in hand order: suits C, T, S, D, each by number (the order of ``sort_key``)."""
    return tuple(sorted(items, key=_INDEX))


__all__ = ["GAME", "PLAYER_COUNTS", "Card", "card", "cards", "suit", "deck", "check_players",
           "MAX_CARDS", "check_in_deck", "sort_hand", "SUITS", "PLAIN_SUITS", "DOPPELGANGER", "SUIT_SYMBOLS", "SUIT_NAMES", "ALL_CARDS"]
