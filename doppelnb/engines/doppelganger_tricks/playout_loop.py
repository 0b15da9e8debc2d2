"""The random playout of Doppelgänger Tricks in a tight integer loop (issue 27): the game the
plain loop ``while not s.is_over: s = fast_play(s, rng.choice(s.legal_actions()))`` plays,
draw for draw, without a state or a kernel :class:`~.kernel.Moment` per action.

A round is played in local variables: the hands as a list of bit masks, the trick in progress
as a list of card codes, the tricks won as a list. The options of each move are the very
tuples the kernel's :meth:`~.kernel.Moment.legal` hands out (the same per-mask tables of
:mod:`.codes`, in the same order), so ``rng.choice`` draws the same index from them and the
same action. A bonus claim's window is opened by the kernel's own
:meth:`~.kernel.Book.may_claim` (DT-R15, DT-A3, DT-A4) and settled at once (:func:`claim_or_pass`).
The round's end (:func:`end_round`: the score sheet row, the totals, the next deal from the
game's seed, or the game's end, DT-R16..R20) builds what :meth:`~.kernel.Moment.end_round`
builds, straight from the loop's variables. So the forecasts, the tricks, the claims and every
``Rules`` variant the kernel supports are played as the kernel plays them;
``tests/doppelganger_tricks/test_playout_loop.py`` holds the two to the same games (and
:func:`end_round` to the kernel's).

The chosen actions' record entries are kept in a list and appended to the action log at the
end as one :class:`~doppelnb.core.state.ActionRun` node, for the one state built there.

>>> import random
>>> from doppelnb.core.policy import fast_play
>>> from . import new_game
>>> s = new_game(4, seed=3)
>>> fast = playout(s, random.Random(1))
>>> plain, rng = s, random.Random(1)
>>> while not plain.is_over:
...     plain = fast_play(plain, rng.choice(plain.legal_actions()))
>>> fast == plain, fast.is_over
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...core.state import ActionRun
from .actions import PASS
from .codes import (
    BIDS_UP_TO,
    CHUNK,
    CLAIM_OPTIONS,
    LEADS_OF_D,
    PLAYS_OF,
    SUIT_CODE,
    restricted_leads,
    trick_winner,
)
from .deal import deal_masks, tricks_per_round
from .kernel import Book, Moment
from .rules import BONUS_NAMES
from .scoring import FORECAST, HELD, held_bonus_points, round_score
from .state import State, _state


def playout(state: State, rng: random.Random) -> State:
    """The random playout to the end of the game from ``state``: exactly the game of the plain
    loop (the same legal actions in the same order, so the same draws from ``rng``, the same
    final state and record), one round at a time by :func:`play_round`, one state built at the
    end. ``tests/test_playout_hook.py`` holds it to the plain loop."""
    m = state.moment
    if m.phase == "over":
        return state
    choice = rng.choice
    entries: list[Any] = []
    while m.phase != "over":
        m = play_round(m, choice, entries)
    # One node for the whole run: a search reads the result, not the log (the nodes are built
    # if anything walks the log back).
    return _state(m, ActionRun(state.action_log, tuple(entries)))


def play_round(m: Moment, choice: Callable[[Sequence[Any]], Any], entries: list[Any]) -> Moment:
    """Play the rest of ``m``'s round with ``choice`` (``rng.choice``) drawing each action from
    the legal ones, append each action's record entry to ``entries``, and return the kernel's
    moment after the round: the next round dealt, or the game over (DT-R16..R20)."""
    n = m.n
    book = m.book
    bids = m.bids
    leader = m.leader
    if m.phase == "forecast":  # DT-R6: in seat order from the round's first player
        options = BIDS_UP_TO[12 if book.bid12 else tricks_per_round(n)]  # DT-A6
        forecasts = list(bids)
        first = book.first
        for k in range(first, first + n):
            if forecasts[k % n] is None:
                bid = choice(options)
                forecasts[k % n] = bid.tricks
                entries.append(bid)  # a Bid is its own record entry (a tuple)
        bids = tuple(forecasts)
        leader = first  # the first player leads the first trick
    hands = [m.m0, m.m1, m.m2, m.m3]  # m3 is 0 at a 3-player table
    won = list(m.won)
    tricks = list(m.tricks)
    holders = m.holders
    cards = m.cards
    size = m.size
    trick = [cards >> (6 * k) & 63 for k in range(size)]  # codes, in play order
    lead = m.lead
    declared = m.declared
    restricted = book.restricted
    append = entries.append
    circles, triangles, squares, dees = PLAYS_OF  # per 10-bit mask of a suit: its plain plays
    d_leads = LEADS_OF_D  # per mask of D cards: their leads, each declaring C, T or S
    chunk = CHUNK
    if m.window is not None:  # DT-R15: a claim's window already open
        holders = claim_or_pass(choice, m.window, holders, append)
        if not size and not hands[0] | hands[1] | hands[2] | hands[3]:
            return end_round(n, book, bids, tuple(won), leader, tuple(tricks), holders)
    # One trick per pass: its lead, then the others' plays. A claim's window (DT-R15) is
    # settled as soon as it opens, before the next play draws: resolving a trick draws nothing,
    # so the draws and the record entries come in the kernel's order. The legal plays are those
    # mask_leads / mask_plays / Moment.legal_plays list, their tables' look-ups written out.
    while True:
        if not size:  # DT-R7, DT-R8 (DT-A10: declare only a plain suit the leader holds)
            hand = hands[leader]
            play = choice(restricted_leads(hand) if restricted else (
                circles[hand & chunk] + triangles[hand >> 10 & chunk] + squares[hand >> 20 & chunk]
                + d_leads[hand >> 30]))
            append(play.text)
            code = play.code
            rest = hand & ~(1 << code)
            hands[leader] = rest
            declared = play.declared  # DT-R8: a led D card carries its declared suit
            lead = code // 10 if declared is None else SUIT_CODE[declared]
            trick = [code]
            size = 1
            # DT-R15: a claim needs a hand without D cards and a free bonus card (DT-A3, DT-A4)
            if not rest >> 30 and (holders[0] is None or holders[1] is None) \
                    and book.may_claim(holders, leader, code, hand, n):
                holders = claim_or_pass(choice, leader, holders, append)
        of_lead = PLAYS_OF[lead]
        shift = 10 * lead
        while size < n:
            p = (leader + size) % n
            hand = hands[p]
            follow = hand >> shift & chunk
            if follow:  # DT-R9: holding the lead suit, follow it or play a D card
                play = choice(of_lead[follow] + dees[hand >> 30])
            else:
                play = choice(circles[hand & chunk] + triangles[hand >> 10 & chunk]
                              + squares[hand >> 20 & chunk] + dees[hand >> 30])
            append(play.text)
            code = play.code
            rest = hand & ~(1 << code)
            hands[p] = rest
            trick.append(code)
            size += 1
            if not rest >> 30 and (holders[0] is None or holders[1] is None) \
                    and book.may_claim(holders, p, code, hand, n):
                holders = claim_or_pass(choice, p, holders, append)
        # DT-R11: the trick is complete; its winner (DT-R12..R14) by the one trick winner on
        # codes (issue 26: one per representation, not a copy per caller).
        win = trick_winner(trick, lead)
        tricks.append((leader, -1 if declared is None else lead, *trick))
        if win >= 0:  # the winner takes the trick and leads the next one
            leader = (leader + win) % n
            won[leader] += 1
        # DT-R13c: with no winner the same leader leads again
        size = 0
        if not hands[0] | hands[1] | hands[2] | hands[3]:
            break  # the round's last card (DT-R17)
    return end_round(n, book, bids, tuple(won), leader, tuple(tricks), holders)


def claim_or_pass(choice: Callable[[Sequence[Any]], Any], player: int,
                  holders: tuple[int | None, ...], append: Callable[[Any], None]
                  ) -> tuple[int | None, ...]:
    """DT-R15: ``player``, whose window is open, claims a free bonus card or passes (drawn by
    ``choice`` from the kernel's options); the entry is appended, the new holders returned."""
    claim = choice(CLAIM_OPTIONS[player][(holders[0] is None, holders[1] is None)])
    append(claim)  # a Claim is a tuple, PASS a plain str: their own entries
    if claim != PASS:
        bonus = BONUS_NAMES.index(claim.bonus)
        holders = holders[:bonus] + (player,) + holders[bonus + 1:]
    return holders


def end_round(n: int, book: Book, bids: tuple[int | None, ...], won: tuple[int, ...],
              leader: int, tricks: tuple[tuple[int, ...], ...],
              holders: tuple[int | None, ...]) -> Moment:
    """:meth:`.kernel.Moment.end_round` of the moment after the round's last card (or the
    claim after it), built directly from the loop's variables: the score sheet row of
    :func:`.kernel.score_row` (DT-R16, DT-R18, DT-R19), the totals, and the next round dealt
    from the game's seed (DT-R5) or the game over (DT-R20). It skips the kernel's moment of the
    round's end, the row's second pass for the totals and the calls between them (a playout
    ends two or three rounds); ``tests/doppelganger_tricks/test_playout_loop.py`` holds it to
    the kernel's."""
    rules = book.rules
    h1, h3 = holders
    old = book.totals
    forecasts: list[int] = []
    held_cards: list[tuple[str, ...]] = []
    points: list[int] = []
    extra: list[int] = []
    totals: list[int] = []
    for p in range(n):
        b = bids[p]
        bid = b if b is not None else 0
        w = won[p]
        held = (2 if h1 == p else 0) + (1 if h3 == p else 0)
        f = FORECAST[bid][w]
        x = held_bonus_points(held, bid, w, rules) if held else 0
        forecasts.append(bid)
        held_cards.append(HELD[held])
        points.append(f)
        extra.append(x)
        totals.append(old[p] + f + x)  # DT-R19
    row = round_score((book.round + 1, book.first, tuple(forecasts), won, tuple(held_cards),
                       tuple(points), tuple(extra)))
    if book.round + 1 >= n:  # DT-R20: the game is over
        done = Book(book.round, book.first, book.sheet + (row,), tuple(totals), tricks, rules,
                    book.seed, book.options, book.deals)
        return Moment(n, done, "over", bids, 0, 0, 0, 0, won, leader, 0, 0, -1, None, tricks,
                      holders, None)
    first = (book.first + 1) % n  # DT-R5: the left neighbour starts the next round
    nxt = Book(book.round + 1, first, book.sheet + (row,), tuple(totals), tricks, rules,
               book.seed, book.options, book.deals)
    r = book.round + 1  # DT-R4: dealt from the seed, or a search world's own deal (.worlds)
    masks = deal_masks(n, book.seed, r) if book.deals is None else book.deals[r]
    return Moment(n, nxt, "forecast", (None,) * n, masks[0], masks[1], masks[2],
                  masks[3] if n == 4 else 0, (0,) * n, first, 0, 0, -1, None, (), (None, None),
                  None)


__all__ = ["playout", "play_round", "claim_or_pass", "end_round"]
