"""Seat balance with ties shared: win shares that add up to 1, tie-adjusted advantage, and one
seat-balance figure with a permutation test.

>>> [round(s.estimate, 3) for s in shared_win_shares([{0}, {0, 1}, {1}, {0}], players=2)[0]]
[0.625, 0.375]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

import numpy as np

from ..checks import check_int, fail
from ..errors import BadInput
from .estimates import (
    MAX_VALUES,
    Estimate,
    FloatArray,
    check_level,
    mean_estimate,
    proportion_estimate,
)


def _seat_values(winners_per_game: Iterable[Collection[int]], players: int,
                 ) -> tuple[FloatArray, FloatArray]:
    """Per game and seat the share of the win (1 / number of winners), and per game 1 when
    nobody won."""
    players = check_int(players, "players", 2, 64)
    games = list(winners_per_game) if isinstance(winners_per_game, Iterable) else None
    if games is None or isinstance(winners_per_game, (str, bytes)):
        raise fail("winners_per_game", "a list of collections of winning seats",
                   winners_per_game)
    if not 1 <= len(games) <= MAX_VALUES:
        raise BadInput("NB-ARG", f"winners_per_game must have 1 to {MAX_VALUES} games, "
                                 f"got {len(games)}")
    shares = np.zeros((len(games), players))
    for g, winners in enumerate(games):
        if isinstance(winners, (str, bytes)) or not isinstance(winners, Collection):
            raise fail(f"winners_per_game[{g}]", "a collection of seats", winners)
        seats = {check_int(s, f"a seat of winners_per_game[{g}]", 0, players - 1)
                 for s in winners}
        for seat in seats:
            shares[g, seat] = 1.0 / len(seats)
    nobody: FloatArray = (shares.sum(axis=1) == 0).astype(float)
    return shares, nobody


def _share_estimates(shares: FloatArray, nobody: FloatArray, level: float,
                     ) -> tuple[tuple[Estimate, ...], Estimate]:
    binary = bool(np.all((shares == 0) | (shares == 1)))

    def estimate(column: FloatArray) -> Estimate:
        if binary:
            return proportion_estimate(int(column.sum()), len(column), level=level)
        return mean_estimate(column, level=level)

    return tuple(estimate(shares[:, s]) for s in range(shares.shape[1])), estimate(nobody)


def _advantage_values(shares: FloatArray) -> FloatArray:
    advantage: FloatArray = shares - shares.mean(axis=1, keepdims=True)
    return advantage


def shared_win_shares(winners_per_game: Iterable[Collection[int]], players: int, *,
                      level: float = 0.95) -> tuple[tuple[Estimate, ...], Estimate]:
    """Each seat's share of the wins with ties shared (a game won by k seats gives each 1/k), and
    the share of games nobody won: together they add up to exactly 1. Intervals: Wilson when no
    game was shared (every value 0 or 1), else Student t over the per-game values in [0, 1].

    >>> seats, nobody = shared_win_shares([{0}, {1}, {0, 1}, set()], players=2)
    >>> [s.estimate for s in seats], nobody.estimate
    ([0.375, 0.375], 0.25)
    """
    shares, nobody = _seat_values(winners_per_game, players)
    return _share_estimates(shares, nobody, check_level(level))


def tie_adjusted_advantage(winners_per_game: Iterable[Collection[int]], players: int, *,
                           level: float = 0.95) -> tuple[Estimate, ...]:
    """Each seat's share of the wins (ties shared) minus the average share of the seats, that
    is minus 1/players when every game has a winner: 0 for every seat of a balanced game. The
    Student t interval is over the per-game values (share of the seat minus the game's average).

    >>> [round(a.estimate, 3) for a in tie_adjusted_advantage([{0}, {0}, {1}, {0, 1}], 2)]
    [0.125, -0.125]
    """
    shares, _ = _seat_values(winners_per_game, players)
    level = check_level(level)
    values = _advantage_values(shares)
    return tuple(mean_estimate(values[:, s], level=level) for s in range(shares.shape[1]))


@dataclass(frozen=True, slots=True)
class SeatBalance:
    """Seat balance in one figure: ``largest`` is the largest absolute tie-adjusted advantage
    (at ``seat``), ``p_value`` the permutation test of "no seat matters"; ``shares``,
    ``no_winner`` and ``advantages`` are the per-seat figures behind it."""

    shares: tuple[Estimate, ...]
    no_winner: Estimate
    advantages: tuple[Estimate, ...]
    largest: float
    seat: int
    p_value: float
    resamples: int

    def __str__(self) -> str:
        return (f"largest seat advantage {self.largest:+.3f} (seat {self.seat}), permutation "
                f"p = {self.p_value:.3g} over {self.advantages[0].n} games")


def seat_balance(winners_per_game: Iterable[Collection[int]], players: int, *,
                 level: float = 0.95, resamples: int = 2000, seed: int = 0) -> SeatBalance:
    """One seat-balance figure: the largest absolute tie-adjusted advantage over the seats, in
    win-share points a designer can read ("seat 0 wins 6 points more than a fair share"), with
    a permutation p-value. Under "no seat matters" the seat labels of each game are
    exchangeable, so each game's seat values are shuffled ``resamples`` times (seeded) and the
    p-value is (1 + #{shuffled >= observed}) / (1 + resamples) (Phipson & Smyth 2010, never
    too small): valid for any number of games, with ties and no-winner games, with no normal
    approximation, and the maximum over seats makes it one test for all seats at once.

    >>> balance = seat_balance([{0}] * 12 + [{1}] * 3 + [{2}] * 3, players=3, resamples=500)
    >>> print(balance)
    largest seat advantage +0.333 (seat 0), permutation p = 0.00998 over 18 games
    """
    shares, nobody = _seat_values(winners_per_game, players)
    level = check_level(level)
    resamples = check_int(resamples, "resamples", 1, 1_000_000)
    seed = check_int(seed, "seed", 0)
    winners, nobody_share = _share_estimates(shares, nobody, level)
    values = _advantage_values(shares)
    advantages = tuple(mean_estimate(values[:, s], level=level) for s in range(players))
    observed = np.abs(values.mean(axis=0))
    seat = int(np.argmax(observed))
    rng = np.random.default_rng(seed)
    games, seats = values.shape
    block = max(1, 5_000_000 // (games * seats))
    exceed = 0
    for start in range(0, resamples, block):
        k = min(block, resamples - start)
        order = np.argsort(rng.random((k, games, seats)), axis=2)
        shuffled = np.take_along_axis(np.broadcast_to(values, (k, games, seats)), order, axis=2)
        largest = np.abs(shuffled.mean(axis=1)).max(axis=1)
        exceed += int(np.sum(largest >= observed[seat] - 1e-12))
    return SeatBalance(winners, nobody_share, advantages, float(values.mean(axis=0)[seat]),
                       seat, (1 + exceed) / (1 + resamples), resamples)


__all__ = ["shared_win_shares", "tie_adjusted_advantage", "SeatBalance", "seat_balance"]
