"""Cards as integer codes (suit x 10 + number - 1: C 0..9, T 10..19, S 20..29, D 30..39): hand bit
masks, the per-mask tables the legal actions are looked up in, and a trick's winner on codes.

A hand is a bit mask (bit ``c`` set: the hand holds the card of code ``c``); the legal plays of
a hand are a few look-ups in tables built once from the readable rules (``CARDS_OF``,
``PLAYS_OF``, ``LEADS_OF_D``); a trick's winner is found on its codes (:func:`trick_winner`, on the
record :class:`.kernel.Moment` keeps or a simulator's list), tested against the readable
:func:`.rules.resolve_trick`. ``make fast`` compiles this module with mypyc.

>>> SEATS[4][2]
(2, 3, 0, 1)
>>> hand_mask((ALL_CARDS[0], ALL_CARDS[39])) == 1 << 0 | 1 << 39
True
>>> mask_cards(1 << 0 | 1 << 39)
('1C', '10D')
"""

from __future__ import annotations

from typing import Any, Final

from .actions import BIDS, CLAIMS, LEADS, PASS, PLAYS, Action, Bid, Play
from .notation import ALL_CARDS, PLAIN_SUITS, PLAYER_COUNTS, Card
from .rules import BONUS_NAMES, PlayedTrick, _resolve

#: The seats in play order from each leader: ``SEATS[players][leader]``.
SEATS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n)) for n in PLAYER_COUNTS}


def hand_mask(hand: tuple[Card, ...]) -> int:
    """The bit mask of a hand of cards."""
    m = 0
    for c in hand:
        m |= 1 << c.index
    return m


#: Bits of a hand mask per suit (C, T, S, D: codes 0..9, 10..19, 20..29, 30..39).
SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 10) - 1) << (10 * k) for k in range(4))
D_MASK: Final = ((1 << 10) - 1) << 30
SUIT_CODE: Final[dict[str, int]] = {"C": 0, "T": 1, "S": 2, "D": 3}
CHUNK: Final = (1 << 10) - 1


def _chunk_table(suit_index: int, item: Any) -> list[tuple[Any, ...]]:
    """For each 10-bit mask of one suit: the tuple of ``item(card)`` items, in number order."""
    table: list[tuple[Any, ...]] = []
    for m in range(1 << 10):
        out: list[Any] = []
        for x in range(10):
            if m >> x & 1:
                got = item(ALL_CARDS[10 * suit_index + x])
                out.extend(got if isinstance(got, tuple) else (got,))
        table.append(tuple(out))
    return table


#: ``CARDS_OF[k][m]``: the cards of suit ``k`` whose numbers are the bits of ``m``;
#: ``PLAYS_OF[k][m]`` their plain plays; ``LEADS_OF_D[m]`` the leads of those D cards, each
#: declaring C, T or S (DT-R8). Legal plays and hands are a few look-ups from a mask.
CARDS_OF: Final[tuple[list[tuple[Card, ...]], ...]] = tuple(
    _chunk_table(k, lambda c: c) for k in range(4))
PLAYS_OF: Final[tuple[list[tuple[Play, ...]], ...]] = tuple(
    _chunk_table(k, lambda c: PLAYS[c.name]) for k in range(4))
LEADS_OF_D: Final[list[tuple[Play, ...]]] = _chunk_table(3, lambda c: LEADS[c])
BIDS_UP_TO: Final[tuple[tuple[Bid, ...], ...]] = tuple(BIDS[:k + 1] for k in range(13))
#: ``CLAIM_OPTIONS[player][(+1 free, +3 free)]``: the free bonus cards to claim, then passing.
CLAIM_OPTIONS: Final[tuple[dict[tuple[bool, bool], tuple[Action, ...]], ...]] = tuple(
    {(f1, f3): tuple(CLAIMS[p][name] for name, free in zip(BONUS_NAMES, (f1, f3), strict=True)
                     if free) + (PASS,)
     for f1 in (False, True) for f3 in (False, True)} for p in range(4))


def mask_cards(m: int) -> tuple[Card, ...]:
    """The cards of mask ``m`` in hand order (C, T, S, D, each by number)."""
    return (CARDS_OF[0][m & CHUNK] + CARDS_OF[1][m >> 10 & CHUNK] + CARDS_OF[2][m >> 20 & CHUNK]
            + CARDS_OF[3][m >> 30])


def mask_plays(m: int) -> tuple[Play, ...]:
    """The plain plays of the cards of mask ``m`` (a follower's options), in hand order."""
    return (PLAYS_OF[0][m & CHUNK] + PLAYS_OF[1][m >> 10 & CHUNK] + PLAYS_OF[2][m >> 20 & CHUNK]
            + PLAYS_OF[3][m >> 30])


def mask_leads(m: int) -> tuple[Play, ...]:
    """DT-R7, DT-R8: every card of mask ``m`` may lead, a D card once per declarable suit."""
    return (PLAYS_OF[0][m & CHUNK] + PLAYS_OF[1][m >> 10 & CHUNK] + PLAYS_OF[2][m >> 20 & CHUNK]
            + LEADS_OF_D[m >> 30])


def restricted_leads(m: int) -> tuple[Play, ...]:
    """DT-A10: the leads of mask ``m`` when a led D card may declare only a plain suit the hand
    holds (any suit from a hand of only D cards), in :func:`mask_leads`' order."""
    suits = tuple([x for k, x in enumerate(PLAIN_SUITS) if m & SUIT_MASKS[k]]) or PLAIN_SUITS
    return tuple([play for c in mask_cards(m) for play in LEADS[c]
                  if play.declared is None or play.declared in suits])


def annihilated(trick: tuple[int, ...] | list[int], lead: int, start: int = 0) -> int:
    """DT-R10, DT-R12: the numbers annihilated in ``trick[start:]`` (card codes, lead suit code
    ``lead``), as a bit mask: a D card counts as the lead suit, and a plain lead-suit card and
    the D card of the same number annihilate each other (no other pair can occur)."""
    plain = 0
    dees = 0
    end = len(trick)
    i = start
    while i < end:
        c = trick[i]
        if c >= 30:
            dees |= 1 << (c - 30)
        elif c // 10 == lead:
            plain |= 1 << (c - 10 * lead)
        i += 1
    return plain & dees


def trick_winner(trick: tuple[int, ...] | list[int], lead: int, start: int = 0) -> int:
    """:func:`.rules.resolve_trick` on card codes, the one trick winner on codes (the kernel's,
    the integer simulator's, the search's playout loop's): the index of the winning card among
    ``trick[start:]`` (counted from ``start``), -1 for none.

    DT-R13: the highest surviving lead-suit (or D) card wins, else the highest surviving number
    (the earliest on a tie), else nobody. The tests compare it with ``resolve_trick``.

    One pass builds the numbers of the lead-suit cards and of the D cards as bit masks (as
    :func:`annihilated` does); the survivors are the numbers in exactly one of them (DT-R12: a
    pair annihilates), so the winner is the card of the highest such number, found by
    ``index`` (each number is one card). A search's playouts resolve some 25 tricks each
    (issue 27).
    """
    low = 10 * lead  # the lead suit's codes are low..low + 9
    high = low + 10
    plain = 0
    dees = 0
    cards = trick[start:] if start else trick
    for c in cards:
        if c >= 30:
            dees |= 1 << (c - 30)
        elif low <= c < high:
            plain |= 1 << (c - low)
    alive = plain ^ dees
    if alive:
        top = alive.bit_length() - 1
        return cards.index(30 + top if dees >> top & 1 else low + top)
    best = -1
    win = -1
    i = 0
    for c in cards:
        if c < 30 and not low <= c < high and c % 10 > best:  # strictly higher: the
            best = c % 10  # earliest wins a tie
            win = i
        i += 1
    return win


# -- a round's trick records, readable ---------------------------------------------------------
def played_trick(number: int, record: tuple[int, ...], n: int) -> PlayedTrick:
    """The readable :class:`PlayedTrick` of a trick record kept by :class:`.kernel.Moment`."""
    leader, lead = record[0], record[1]
    cards = tuple([ALL_CARDS[c] for c in record[2:]])
    declared = None if lead < 0 else PLAIN_SUITS[lead]
    return PlayedTrick(number, leader, SEATS[n][leader],
                       _resolve(cards, declared, declared or cards[0].suit))


def trick_record(t: PlayedTrick) -> tuple[int, ...]:
    """The record :class:`.kernel.Moment` keeps of a played trick."""
    declared = t.result.declared
    return (t.leader, -1 if declared is None else SUIT_CODE[declared]) + tuple(
        c.index for c in t.result.cards)


def played_tricks(records: tuple[tuple[int, ...], ...], n: int) -> tuple[PlayedTrick, ...]:
    """The readable tricks of a round's records, numbered from 1."""
    return tuple([played_trick(i, r, n) for i, r in enumerate(records, 1)])


__all__ = ["SEATS", "hand_mask", "SUIT_MASKS", "D_MASK", "SUIT_CODE", "CHUNK", "CARDS_OF",
           "PLAYS_OF", "LEADS_OF_D", "BIDS_UP_TO", "CLAIM_OPTIONS", "mask_cards", "mask_plays",
           "mask_leads", "restricted_leads", "annihilated", "trick_winner", "played_trick", "trick_record",
           "played_tricks"]
