"""Batched random playouts with numpy: many whole rounds advanced together, one play at a time.

Each step picks, for every round in the batch at once, a uniformly random legal card for the
player to move (DT-R7, DT-R9; a led D card declares a random plain suit, DT-R8), and each
completed trick is resolved with array operations (DT-R12, DT-R13). The tests replay recorded
batches through :func:`resolve_trick` and :func:`legal_plays` to check them.

>>> out = batched_rounds(4, 8, seed=1)
>>> out.won.shape, int(out.won.sum() + out.no_winner.sum())
((8, 4), 80)
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.chance import make_seed, rng_for
from ...core.errors import BadInput
from .cards import check_players, deck

D_SUIT = 3


@dataclasses.dataclass
class BatchOutcome:
    """Results of ``rounds`` random rounds. ``won[r, p]`` tricks won; ``no_winner[r]`` tricks
    nobody won; ``annihilated_per_card[code]`` rounds in which that card was annihilated. With
    ``record=True`` also the deal, every trick (codes in play order), its lead suit, leader and
    winning seat (-1 for none)."""

    players: int
    won: np.ndarray
    no_winner: np.ndarray
    annihilated_per_card: np.ndarray
    hands: np.ndarray | None = None
    tricks: np.ndarray | None = None
    lead_suits: np.ndarray | None = None
    leaders: np.ndarray | None = None
    winners: np.ndarray | None = None


def resolve_batch(tricks: np.ndarray, lead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(winner index or -1, annihilated mask) for a batch of tricks ``(B, n)`` in play order."""
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


def batched_rounds(players: int, rounds: int, *, seed: int = 0, record: bool = False,
                   chunk: int = 50_000) -> BatchOutcome:
    """Play ``rounds`` random rounds of ``players`` players (seeded), in chunks of ``chunk``."""
    check_players(players)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise BadInput("NB-ARG", f"rounds must be a positive whole number, not {rounds!r}")
    seed = make_seed(seed)
    stream = rng_for(seed, "batched rounds", players)
    rng = np.random.default_rng(stream.getrandbits(64))
    parts = [_play_chunk(players, min(chunk, rounds - start), rng, record)
             for start in range(0, rounds, chunk)]
    if len(parts) == 1:
        return parts[0]
    cat = {f.name: (np.concatenate([getattr(p, f.name) for p in parts])
                    if getattr(parts[0], f.name) is not None else None)
           for f in dataclasses.fields(BatchOutcome) if f.name not in ("players",
                                                                       "annihilated_per_card")}
    return BatchOutcome(players=players,
                        annihilated_per_card=sum(p.annihilated_per_card for p in parts), **cat)


def _play_chunk(n: int, size: int, rng: np.random.Generator, record: bool) -> BatchOutcome:
    pack = np.array([c.index for c in deck(n)], dtype=np.int16)
    h = len(pack) // n
    hands = rng.permuted(np.tile(pack, (size, 1)), axis=1).reshape(size, n, h)
    start_hands = hands.copy() if record else None
    suits = hands // 10
    used = np.zeros(hands.shape, dtype=bool)
    rows = np.arange(size)
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
    for t in range(h):
        lead = np.zeros(size, dtype=np.int16)
        for k in range(n):
            seat = (leader + k) % n
            avail = ~used[rows, seat]
            if k == 0:
                legal = avail
            else:  # DT-R9: hold a plain lead-suit card -> lead suit or D
                my_suits = suits[rows, seat]
                of_lead = my_suits == lead[:, None]
                must = (avail & of_lead).any(axis=1)
                legal = avail & (~must[:, None] | of_lead | (my_suits == D_SUIT))
            keys = np.where(legal, rng.random(legal.shape), -1.0)
            j = keys.argmax(axis=1)
            used[rows, seat, j] = True
            codes = hands[rows, seat, j]
            trick[:, k] = codes
            if k == 0:  # DT-R8: a led D card takes a random declared plain suit
                lead = np.where(codes // 10 == D_SUIT, rng.integers(0, 3, size), codes // 10)
        winner, gone = resolve_batch(trick, lead)
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
    if record:
        out.hands, out.tricks, out.lead_suits = start_hands, all_tricks, all_leads
        out.leaders, out.winners = all_leaders, all_winners
    return out


__all__ = ["batched_rounds", "resolve_batch", "BatchOutcome"]
