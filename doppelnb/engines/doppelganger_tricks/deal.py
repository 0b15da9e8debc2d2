"""Setting up a round of Doppelgänger Tricks: its number of tricks, a prepared deal checked, the
seeded deal and the seeded first player (DT-R3, DT-R4, DT-R5).

:func:`deal` is the readable rule (``random.shuffle`` of the deck from ``rng_for(seed, "deal",
round)``); :func:`deal_masks` is the very same shuffle (the same generator, the same
``shuffle`` call, so the same deal), put straight into the hand masks :class:`.kernel.Moment`
keeps. Both draw through :mod:`random`'s public API only: the deal is Python's
``random.Random(stream_seed).shuffle``, nothing of CPython's private helpers copied here (issue
26), so every record and golden transcript is that of :func:`deal` (the tests compare the
two). ``make fast`` compiles this module with mypyc.

>>> tricks_per_round(3), tricks_per_round(4)
(12, 10)
>>> first_player(7, 4) == rng_for(7, "first player").randrange(4)  # DT-R5
True
"""

from __future__ import annotations

from typing import Any, Final

from ...core.chance import rng_for
from ...core.checks import show
from ...core.errors import BadInput
from .notation import PLAYER_COUNTS, Card, card, deck, sort_hand


def tricks_per_round(players: Any) -> int:
    """DT-R4, DT-R17: 12 tricks with 3 players, 10 with 4."""
    full = deck(players)  # refuses anything but 3 or 4 players (BadInput)
    n: int = players
    return len(full) // n


Hands = tuple[tuple[Card, ...], ...]


def check_hands(value: Any, players: int) -> Hands:
    """A prepared first deal: the whole deck split into equal hands (DT-R3, DT-R4)."""
    if not isinstance(value, (list, tuple)) or len(value) != players or not all(
            isinstance(h, (list, tuple)) and len(h) <= 40 for h in value):
        raise BadInput("DT-R4", f"hands must be a list of {players} lists of cards, got "
                       f"{show(value)}")
    hands = tuple(sort_hand(card(c) for c in h) for h in value)
    full = deck(players)
    size = len(full) // players
    if any(len(h) != size for h in hands):
        raise BadInput("DT-R4", f"each of the {players} hands holds {size} cards, not "
                       f"{[len(h) for h in hands]}")
    dealt = [c for h in hands for c in h]
    if sorted(dealt, key=Card.sort_key) != sorted(full, key=Card.sort_key):
        missing = sorted(set(full) - set(dealt), key=Card.sort_key)
        extra = [c for c in dealt if c not in full or dealt.count(c) > 1]
        raise BadInput("DT-R4", "the hands must share out the whole deck exactly once "
                       f"(missing {' '.join(missing) or 'none'}, "
                       f"wrong or repeated {' '.join(sorted(set(extra))) or 'none'})")
    return hands


def deal(players: int, seed: int, round_index: int) -> Hands:
    """DT-R4: shuffle (seeded per round) and deal the whole deck evenly, hands sorted."""
    pack = list(deck(players))
    rng_for(seed, "deal", round_index).shuffle(pack)
    return tuple(sort_hand(pack[i::players]) for i in range(players))


#: The card codes of each deck (DT-R3: no 10s with 3 players), in deck order.
DECK_CODES: Final[dict[int, tuple[int, ...]]] = {n: tuple(c.index for c in deck(n))
                                              for n in PLAYER_COUNTS}


def first_player(seed: int, players: int) -> int:
    """DT-R5: the seeded first player, ``rng_for(seed, "first player").randrange(players)``."""
    n: int = rng_for(seed, "first player").randrange(players)
    return n


def deal_masks(players: int, seed: int, round_index: int) -> tuple[int, ...]:
    """:func:`deal` as one bit mask per hand (bit ``c`` set: the hand holds the card of code
    ``c``): the same seeded shuffle of the deck's codes, in deck order, so the deal and every
    record stay exactly those of :func:`deal`; the tests compare the two."""
    pack = list(DECK_CODES[players])
    rng_for(seed, "deal", round_index).shuffle(pack)
    if players == 4:
        m0 = m1 = m2 = m3 = 0
        i = 0
        while i < 40:
            m0 |= 1 << pack[i]
            m1 |= 1 << pack[i + 1]
            m2 |= 1 << pack[i + 2]
            m3 |= 1 << pack[i + 3]
            i += 4
        return (m0, m1, m2, m3)
    masks = [0] * players
    i = 0
    for c in pack:
        masks[i % players] |= 1 << c
        i += 1
    return tuple(masks)


__all__ = ["tricks_per_round", "Hands", "check_hands", "deal", "DECK_CODES", "first_player",
           "deal_masks"]
