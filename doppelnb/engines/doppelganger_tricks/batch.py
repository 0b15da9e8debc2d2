"""Batched random playouts with numpy: many whole rounds advanced together, one play at a time.

Each step picks, for every round in the batch at once, a uniformly random legal card for the
player to move (DT-R7, DT-R9; a led D card declares a random plain suit, DT-R8), and each
completed trick is resolved with array operations (DT-R12, DT-R13). The tests replay recorded
batches through :func:`resolve_trick` and :func:`legal_plays` to check them.

Each hand is a bit mask over its dealt positions, with one mask per suit, so the legal cards of
every game in the batch come from a few integer operations on one number per game (no array of
cards per game and step); a random rank among the legal cards is turned into a position by a
table look-up (``_POP``, ``_SELECT``), which keeps the pick exactly uniform.

>>> out = batched_rounds(4, 8, seed=1)
>>> out.won.shape, int(out.won.sum() + out.no_winner.sum())
((8, 4), 80)
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ...core.chance import make_seed, rng_for
from ...core.checks import check_bool, check_int, check_size, fail
from .notation import PLAYER_COUNTS, check_players, deck

D_SUIT = 3


@dataclasses.dataclass
class BatchOutcome:
    """Results of ``rounds`` random rounds. ``won[r, p]`` tricks won; ``no_winner[r]`` tricks
    nobody won; ``annihilated_per_card[code]`` rounds in which that card was annihilated. With
    ``record=True`` also the deal, every trick (codes in play order), its lead suit, leader and
    winning seat (-1 for none). With ``forecasts=True`` also the random forecasts ``bids[r, p]``,
    the bonus holders ``holders[r, (+1, +3)]`` (-1 for none) and the round scores
    ``points[r, p]``."""

    players: int
    won: np.ndarray
    no_winner: np.ndarray
    annihilated_per_card: np.ndarray
    hands: np.ndarray | None = None
    tricks: np.ndarray | None = None
    lead_suits: np.ndarray | None = None
    leaders: np.ndarray | None = None
    winners: np.ndarray | None = None
    bids: np.ndarray | None = None
    holders: np.ndarray | None = None
    points: np.ndarray | None = None


def resolve_batch(tricks: np.ndarray, lead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(winner index or -1, annihilated mask) for a batch of tricks ``(B, n)`` in play order:
    ``tricks`` integer card codes 0..39 with ``n`` 3 or 4, ``lead`` the lead suit 0..2 of each."""
    tricks, lead = _check_batch(tricks, lead)
    return _resolve(tricks, lead)


def _resolve(tricks: np.ndarray, lead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`resolve_batch` without the argument checks (the playouts' own arrays)."""
    suit, num = tricks // 10, tricks % 10
    counts_as_lead = (suit == lead[:, None]) | (suit == D_SUIT)  # DT-R10
    n = tricks.shape[1]
    gone = np.zeros(tricks.shape, dtype=bool)
    for i in range(n):  # DT-R12: same number, both counting as the lead suit
        for j in range(i + 1, n):
            pair = counts_as_lead[:, i] & counts_as_lead[:, j] & (num[:, i] == num[:, j])
            gone[:, i] |= pair
            gone[:, j] |= pair
    # DT-R13: lead-suit survivors beat the rest; higher number wins; argmax keeps the earliest.
    key = np.where(gone, 0, 1 + 20 * counts_as_lead + num)
    winner = key.argmax(axis=1)
    winner[key.max(axis=1) == 0] = -1  # DT-R13c
    return winner, gone


#: The most rounds one call plays (about twenty seconds), and the most it records play by play
#: (``record=True`` keeps every trick: about 200 bytes per round).
MAX_BATCH_ROUNDS = 1_000_000
MAX_RECORDED_ROUNDS = 100_000


def _check_batch(tricks: object, lead: object) -> tuple[np.ndarray, np.ndarray]:
    if not (isinstance(tricks, np.ndarray) and tricks.ndim == 2 and tricks.shape[1] in PLAYER_COUNTS
            and tricks.dtype.kind in "iu" and (tricks.size == 0 or (
                tricks.min() >= 0 and tricks.max() <= 39))):
        raise fail("tricks", "an integer numpy array of shape (B, 3) or (B, 4) with card codes "
                   "0..39", tricks)
    if not (isinstance(lead, np.ndarray) and lead.shape == (tricks.shape[0],)
            and lead.dtype.kind in "iu" and (lead.size == 0 or (
                lead.min() >= 0 and lead.max() <= 2))):
        raise fail("lead", f"an integer numpy array of shape ({tricks.shape[0]},) with plain "
                   "suits 0..2", lead)
    return tricks, lead


def batched_rounds(players: int, rounds: int, *, seed: int = 0, record: bool = False,
                   chunk: int = 50_000, forecasts: bool = False) -> BatchOutcome:
    """Play ``rounds`` random rounds of ``players`` players (seeded), in chunks of ``chunk``
    (1 to 100,000). ``rounds`` is limited to :data:`MAX_BATCH_ROUNDS` (1,000,000), or
    :data:`MAX_RECORDED_ROUNDS` (100,000) with ``record``. ``forecasts=True`` plays whole
    rounds as the checked engine's random player does: random forecasts 0..12 (DT-R6), after
    each own play without a D card a random choice among the free bonus cards and passing
    (DT-R15, one per player), and scoring (DT-R16, DT-R18)."""
    check_players(players)
    record = check_bool(record, "record")
    rounds = check_int(rounds, "rounds", 1)
    check_size(rounds, "rounds", MAX_RECORDED_ROUNDS if record else MAX_BATCH_ROUNDS,
               why="a larger batch takes too long or too much memory")
    chunk = check_int(chunk, "chunk", 1, 100_000)
    forecasts = check_bool(forecasts, "forecasts")
    seed = make_seed(seed)
    stream = rng_for(seed, "batched rounds", players)
    rng = np.random.default_rng(stream.getrandbits(64))
    parts = [_play_chunk(players, min(chunk, rounds - start), rng, record, forecasts)
             for start in range(0, rounds, chunk)]
    if len(parts) == 1:
        return parts[0]
    cat: dict[str, Any] = {f.name: (np.concatenate([getattr(p, f.name) for p in parts])
                    if getattr(parts[0], f.name) is not None else None)
           for f in dataclasses.fields(BatchOutcome) if f.name not in ("players",
                                                                       "annihilated_per_card")}
    return BatchOutcome(players=players,
                        annihilated_per_card=np.sum([p.annihilated_per_card for p in parts], axis=0),
                        **cat)


#: Hands are bit masks over the positions 0..11 of a dealt hand (12 cards with 3 players).
MAX_HAND = 12
_BITS = (np.arange(1 << MAX_HAND)[:, None] >> np.arange(MAX_HAND)) & 1
#: ``_POP[m]``: how many positions mask ``m`` holds; ``_SELECT[m, r]``: its ``r``-th position.
_POP = _BITS.sum(axis=1).astype(np.int8)
_SELECT = np.argsort(1 - _BITS, axis=1, kind="stable").astype(np.int8)


def _play_chunk(n: int, size: int, rng: np.random.Generator, record: bool,
                forecasts: bool = False) -> BatchOutcome:
    pack = np.array([c.index for c in deck(n)], dtype=np.int16)
    h = len(pack) // n
    hands = rng.permuted(np.tile(pack, (size, 1)), axis=1).reshape(size, n, h)
    start_hands = hands if record else None  # never changed: play only clears mask bits
    rows = np.arange(size)
    # (game, seat) flattened to one row index: one integer index per gather instead of two
    base = rows * n
    hands_f = hands.reshape(-1, h)
    # per (game, seat) and suit: the bit mask of the hand positions holding that suit
    weights = 1 << np.arange(h, dtype=np.int32)
    suit_bits = np.stack([((hands_f // 10) == x) @ weights for x in range(4)], axis=1)
    d_bits = suit_bits[:, D_SUIT].copy()
    avail_f = np.full(size * n, (1 << h) - 1, dtype=np.int32)  # the cards not yet played
    leader = rng.integers(0, n, size)
    won = np.zeros((size, n), dtype=np.int16)
    no_winner = np.zeros(size, dtype=np.int16)
    annihilated = np.zeros(40, dtype=np.int64)
    if record:
        all_tricks = np.zeros((size, h, n), dtype=np.int16)
        all_leads = np.zeros((size, h), dtype=np.int8)
        all_leaders = np.zeros((size, h), dtype=np.int8)
        all_winners = np.zeros((size, h), dtype=np.int8)
    trick = np.zeros((size, n), dtype=np.int16)
    if forecasts:
        bids = rng.integers(0, 13, (size, n))  # DT-R6: a random forecast 0..12 each
        holders = np.full((size, 2), -1, dtype=np.int8)  # +1, +3
        claimed_f = np.zeros(size * n, dtype=bool)
    for t in range(h):
        lead = np.zeros(size, dtype=np.int16)
        for k in range(n):
            seat = (leader + k) % n
            flat = base + seat
            av = avail_f[flat]
            if k == 0:
                legal = av
            else:  # DT-R9: hold a plain lead-suit card -> lead suit or D
                of_lead = suit_bits[flat, lead] & av
                legal = np.where(of_lead != 0, of_lead | (d_bits[flat] & av), av)
            # a uniformly random legal card: its rank among the legal positions, then the position
            rank = (rng.random(size) * _POP[legal]).astype(np.intp)
            j = _SELECT[legal, rank].astype(np.intp)
            left = av & ~(1 << j)
            avail_f[flat] = left
            codes = hands_f[flat, j]
            code_suits = codes // 10
            if forecasts:  # DT-R15: no D card left after the play -> claim a free card or pass
                no_d = (d_bits[flat] & left) == 0
                free1, free3 = holders[:, 0] < 0, holders[:, 1] < 0
                may = no_d & ~claimed_f[flat] & (free1 | free3)
                options = 1 + free1.astype(np.int8) + free3  # the free cards, then passing
                pick = (rng.random(size) * options).astype(np.int8)
                take1 = may & free1 & (pick == 0)
                take3 = may & free3 & (pick == free1.astype(np.int8))  # the 2nd option if +1 free
                holders[take1, 0] = seat[take1]
                holders[take3, 1] = seat[take3]
                claimed_f[flat[take1 | take3]] = True
            trick[:, k] = codes
            if k == 0:  # DT-R8: a led D card takes a random declared plain suit
                lead = np.where(code_suits == D_SUIT, rng.integers(0, 3, size), code_suits)
        winner, gone = _resolve(trick, lead)
        annihilated += np.bincount(trick[gone].astype(np.int64), minlength=40)
        has = winner >= 0
        seat_won = (leader + np.where(has, winner, 0)) % n
        if record:
            all_tricks[:, t] = trick
            all_leads[:, t] = lead
            all_leaders[:, t] = leader
            all_winners[:, t] = np.where(has, seat_won, -1)
        won[rows[has], seat_won[has]] += 1
        no_winner += ~has
        leader = np.where(has, seat_won, leader)  # DT-R13c: no winner -> same leader
    out = BatchOutcome(n, won, no_winner, annihilated)
    if forecasts:  # DT-R18 forecast points, DT-R16 bonus cards (DT-A5: +3 also for 0 of 0)
        miss = np.abs(won - bids)
        pts = np.where(bids == 0, np.where(won == 0, 7, 0),
                       np.where(miss == 0, 3, np.where(miss == 1, 1, 0)))
        seats = np.arange(n)
        pts = pts + (holders[:, :1] == seats) + 3 * ((holders[:, 1:] == seats) & (miss == 0))
        out.bids, out.holders, out.points = bids, holders, pts
    if record:
        out.hands, out.tricks, out.lead_suits = start_hands, all_tricks, all_leads
        out.leaders, out.winners = all_leaders, all_winners
    return out


__all__ = ["batched_rounds", "resolve_batch", "BatchOutcome"]
