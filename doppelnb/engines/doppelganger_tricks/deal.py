"""Setting up a round of Doppelgänger Tricks: its number of tricks, a prepared deal checked, the
seeded deal and the seeded first player (DT-R3, DT-R4, DT-R5).

:func:`deal` is the readable rule (``random.shuffle`` of the deck from ``rng_for(seed, "deal",
round)``); :func:`deal_masks` is the same shuffle, draw for draw, written out on the C
generator straight into the hand masks :class:`.kernel.Moment` keeps (every record and golden
transcript is that of :func:`deal`; the tests compare the two). ``make fast`` compiles this
module with mypyc: a round's deal is most of the work at a round's end.

>>> tricks_per_round(3), tricks_per_round(4)
(12, 10)
>>> first_player(7, 4) == rng_for(7, "first player").randrange(4)  # DT-R5
True
"""

from __future__ import annotations

from _random import Random as _MT
from typing import Any, Final

from ...core.chance import rng_for, stream_seed
from ...core.checks import show
from ...core.errors import BadInput
from .notation import Card, card, deck, sort_hand


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
DECK_CODES: Final[dict[int, tuple[int, ...]]] = {n: tuple(c.index for c in deck(n)) for n in (3, 4)}


def seeded_stream(seed: int, label: str, index: int | None = None) -> _MT:
    """The generator ``rng_for(seed, label)`` (or ``rng_for(seed, label, index)``) returns, as
    the C Mersenne Twister of :mod:`random` (``_random.Random``): seeded with the same
    :func:`~doppelnb.core.chance.stream_seed`, so the same ``getrandbits`` draws, without
    ``random.Random``'s interpreted ``__init__`` and ``seed`` (a test compares the two)."""
    return _MT(stream_seed(seed, label) if index is None else stream_seed(seed, label, index))


def draw_below(rng: _MT, n: int) -> int:
    """``random.Random.randrange(n)`` for ``n > 0`` (``_randbelow_with_getrandbits``: draw
    ``n.bit_length()`` bits until the number is below ``n``)."""
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def first_player(seed: int, players: int) -> int:
    """DT-R5: the seeded first player, ``rng_for(seed, "first player").randrange(players)``."""
    return draw_below(seeded_stream(seed, "first player"), players)


def deal_masks(players: int, seed: int, round_index: int) -> tuple[int, ...]:
    """:func:`deal` as one bit mask per hand (bit ``c`` set: the hand holds the card of code
    ``c``). The same seeded shuffle, written out with the generator's own draws
    (``random.Random.shuffle`` draws ``_randbelow(i + 1)`` from ``getrandbits``), so the deal and
    every record stay exactly those of :func:`deal`; the tests compare the two."""
    pack = list(DECK_CODES[players])
    draw = seeded_stream(seed, "deal", round_index).getrandbits  # bound once
    i = len(pack) - 1
    while i > 0:
        n = i + 1
        k = _BITS[n]
        r: int = draw(k)
        while r >= n:
            r = draw(k)
        c = pack[i]
        pack[i] = pack[r]
        pack[r] = c
        i -= 1
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


#: ``_BITS[n]``: ``n.bit_length()`` for the deck sizes the shuffle draws below.
_BITS: Final[tuple[int, ...]] = tuple(n.bit_length() for n in range(41))


__all__ = ["tricks_per_round", "Hands", "check_hands", "deal", "DECK_CODES", "seeded_stream",
           "draw_below", "first_player", "deal_masks"]
