"""Sequential testing that stays valid when games are added until a question is settled.

>>> test = SequentialTest(lo=-1, hi=1, horizon=500).update([1, 0] * 150)
>>> test.settled, [round(b, 2) for b in test.interval]
(True, [0.4, 0.6])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..checks import check_int, fail
from ..errors import BadInput
from .distributions import real
from .estimates import Direction, FloatArray, values_array


def _check_range(lo: float, hi: float, alpha: float) -> tuple[float, float, float]:
    lo, hi, alpha = real(lo, "lo"), real(hi, "hi"), real(alpha, "alpha", 0, 1)
    if not lo < hi:
        raise fail("lo and hi", "a range with lo < hi", (lo, hi))
    if not 0 < alpha < 1:
        raise fail("alpha", "a number strictly between 0 and 1", alpha)
    return lo, hi, alpha


def confidence_sequence(values: Sequence[float] | FloatArray, *, lo: float, hi: float,
                        alpha: float = 0.05, horizon: int = 1000,
                        truncation: float = 0.5) -> tuple[FloatArray, FloatArray]:
    """Lower and upper bounds of the empirical-Bernstein confidence sequence for the mean of
    ``values`` (last axis = time; leading axes are independent sequences) after each observation.

    Assumes the observations lie in [``lo``, ``hi``] and have a common conditional mean given the
    past (e.g. independent deals). Then, with probability at least 1 - ``alpha``, *every* one of
    the intervals contains the mean at once (Waudby-Smith & Ramdas 2024, Theorem 2: the
    predictable plug-in empirical-Bernstein CS, two one-sided sequences at alpha/2), so any
    stopping rule may look at them. The bets ``lambda_i = min(truncation,
    sqrt(2 log(2/alpha) / (horizon * var_{i-1})))`` use only past data and are tuned to be
    tightest near ``horizon`` observations (the choice the paper makes for a fixed sample size;
    any predictable bet keeps the guarantee, this one trades width early for width there). The
    price of looking at will: for differences of win indicators (values -1, 0, 0, 1), 2,000
    seeded sequences of 2,000, the interval is 1.48 times as wide as a fixed-n t interval at
    n = horizon and 1.77 times at horizon / 4; it wrongly excluded a true 0 at some n in 2.7%
    of them, where a t interval re-checked every 20 games did in 38%.

    >>> lower, upper = confidence_sequence([1, 0, 1, 1, 0, 1] * 50, lo=-1, hi=1, horizon=300)
    >>> round(float(lower[-1]), 3), round(float(upper[-1]), 3)
    (0.573, 0.76)
    """
    lo, hi, alpha = _check_range(lo, hi, alpha)
    horizon = check_int(horizon, "horizon", 1)
    truncation = real(truncation, "truncation", 0, 1)
    if not 0 < truncation < 1:
        raise fail("truncation", "a number strictly between 0 and 1", truncation)
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise fail("values", "an array of numbers", values) from None
    if x.ndim == 0:
        raise fail("values", "a sequence of numbers", values)
    if x.size and (not np.all(np.isfinite(x)) or x.min() < lo or x.max() > hi):
        raise BadInput("NB-ARG", f"values must lie in the stated range [{lo}, {hi}]")
    if x.shape[-1] == 0:
        return x.copy(), x.copy()
    y = (x - lo) / (hi - lo)
    t = np.arange(1, y.shape[-1] + 1, dtype=float)
    mean = (0.5 + np.cumsum(y, axis=-1)) / (t + 1)
    var = (0.25 + np.cumsum((y - mean) ** 2, axis=-1)) / (t + 1)
    prior = np.ones(y.shape[:-1] + (1,))
    mean_before = np.concatenate([0.5 * prior, mean[..., :-1]], axis=-1)
    var_before = np.concatenate([0.25 * prior, var[..., :-1]], axis=-1)
    log_term = math.log(2 / alpha)
    bets = np.minimum(truncation, np.sqrt(2 * log_term / (horizon * var_before)))
    # v_i psi_E(lambda_i) with v_i = 4 (y_i - mean_{i-1})^2, psi_E(l) = (-log(1 - l) - l) / 4
    spent = (y - mean_before) ** 2 * (-np.log1p(-bets) - bets)
    total_bet = np.cumsum(bets, axis=-1)
    centre = np.cumsum(bets * y, axis=-1) / total_bet
    margin = (log_term + np.cumsum(spent, axis=-1)) / total_bet
    lower = np.clip(centre - margin, 0, 1) * (hi - lo) + lo
    upper = np.clip(centre + margin, 0, 1) * (hi - lo) + lo
    return lower, upper


@dataclass(frozen=True, slots=True)
class SequentialTest:
    """An anytime-valid test of whether the mean of a stream of values in [``lo``, ``hi``] (e.g.
    per-deal differences of two readings' win indicators, in [-1, 1]) differs from
    ``reference``. Each :meth:`update` returns a new state; the test is ``settled`` from the
    first observation at which the confidence sequence (:func:`confidence_sequence`) excluded
    the reference, and the chance that this ever happens when the true mean is the reference
    is at most ``alpha``, however often one looks and whenever one stops.

    >>> test = SequentialTest(lo=-1, hi=1, horizon=400)
    >>> test = test.update([1, 0, 1, 1, 0, 1, 0, 1] * 25)
    >>> test.n, test.settled, test.direction
    (200, True, 'higher')
    """

    lo: float
    hi: float
    alpha: float = 0.05
    horizon: int = 1000
    reference: float = 0.0
    values: tuple[float, ...] = ()
    direction: Direction | None = None
    settled_at: int | None = None

    def __post_init__(self) -> None:
        lo, hi, _ = _check_range(self.lo, self.hi, self.alpha)
        check_int(self.horizon, "horizon", 1)
        if not lo <= real(self.reference, "reference") <= hi:
            raise fail("reference", f"a value in the stated range [{lo}, {hi}]", self.reference)

    def update(self, values: Sequence[float] | FloatArray) -> SequentialTest:
        """The state after ``values`` more observations."""
        new = values_array(values, "values", min_len=0)
        data = self.values + tuple(float(v) for v in new)
        lower, upper = confidence_sequence(data, lo=self.lo, hi=self.hi, alpha=self.alpha,
                                           horizon=self.horizon)
        direction, settled_at = self.direction, self.settled_at
        if direction is None and len(new):
            start = len(self.values)
            above = np.flatnonzero(lower[start:] > self.reference)
            below = np.flatnonzero(upper[start:] < self.reference)
            first = min([int(i[0]) for i in (above, below) if i.size], default=None)
            if first is not None:
                direction = "higher" if above.size and above[0] == first else "lower"
                settled_at = start + first + 1
        return replace(self, values=data, direction=direction, settled_at=settled_at)

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def settled(self) -> bool:
        return self.direction is not None

    @property
    def interval(self) -> tuple[float, float]:
        """The confidence sequence's interval after the last observation ((lo, hi) before any
        data). Like every interval of the sequence it holds whenever one stops."""
        if not self.values:
            return (self.lo, self.hi)
        lower, upper = confidence_sequence(self.values, lo=self.lo, hi=self.hi,
                                           alpha=self.alpha, horizon=self.horizon)
        return (float(lower[-1]), float(upper[-1]))


def run_sequential(draw: Callable[[int], Sequence[float]], *, lo: float, hi: float,
                   batch: int = 50, max_games: int = 1000, alpha: float = 0.05,
                   reference: float = 0.0) -> SequentialTest:
    """Add games in batches (``draw(k)`` plays ``k`` more deals and returns their values) until
    the question is settled or ``max_games`` have been played; valid under this optional
    stopping because the test is a confidence sequence tuned to ``max_games``.

    >>> rng = np.random.default_rng(1)
    >>> result = run_sequential(lambda k: list(rng.choice([-1, 0, 0, 1, 1], k)), lo=-1, hi=1)
    >>> result.settled, result.direction, result.n < 1000
    (True, 'higher', True)
    """
    batch = check_int(batch, "batch", 1)
    max_games = check_int(max_games, "max_games", 1)
    test = SequentialTest(lo=lo, hi=hi, alpha=alpha, horizon=max_games, reference=reference)
    while not test.settled and test.n < max_games:
        wanted = min(batch, max_games - test.n)
        played = list(draw(wanted))
        if not 1 <= len(played) <= wanted:
            raise BadInput("NB-ARG", f"draw({wanted}) must return 1 to {wanted} values, got "
                                     f"{len(played)}")
        test = test.update(played)
    return test


__all__ = ["confidence_sequence", "SequentialTest", "run_sequential"]
