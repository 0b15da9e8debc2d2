"""Paired comparisons of two readings on common deals, and verdicts across a report (Holm).

>>> c = paired_difference([0, 0, 1, 0] * 5, [1, 0, 1, 1] * 5, label="first seat wins")
>>> print(settle([c]).verdicts[0])
first seat wins: settled: higher, 0.500 [0.260, 0.740] (n = 20, adjusted p = 0.00195)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..checks import check_choice, check_int, fail
from ..errors import BadInput
from .distributions import log_betainc, normal_quantile, real, t_quantile, t_sf
from .estimates import MIN_N, Estimate, FloatArray, check_level, mean_estimate, values_array


@dataclass(frozen=True, slots=True)
class Comparison:
    """Reading B against reading A on the same deals: ``difference`` is the mean of the per-deal
    differences b - a with its t interval, ``p_value`` the two-sided p-value of ``test``, and
    ``unpaired`` the Welch interval for mean(b) - mean(a) as if the deals were unrelated (shown
    for contrast: pairing usually makes the interval narrower)."""

    label: str
    difference: Estimate
    p_value: float
    test: str
    unpaired: Estimate

    @property
    def n(self) -> int:
        return self.difference.n

    @property
    def constant(self) -> bool:
        """True when every deal gave the same value under both readings: nothing to test."""
        return self.difference.constant and self.difference.estimate == 0

    def __str__(self) -> str:
        name = f"{self.label}: " if self.label else ""
        return f"{name}{self.difference}, p = {self.p_value:.3g} ({self.test})"


def sign_test_p(positive: int, negative: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven among the
    ``positive + negative`` nonzero differences if each were + or - with probability 1/2
    (ties, zero differences, are left out). For 0/1 outcomes this is the exact McNemar test.

    >>> sign_test_p(9, 1)
    0.021484375
    """
    positive = check_int(positive, "positive", 0)
    negative = check_int(negative, "negative", 0)
    m, k = positive + negative, min(positive, negative)
    if m == 0 or 2 * k == m:
        return 1.0
    if m <= 1000:  # exact integer arithmetic, one rounding at the end
        return min(1.0, 2 * sum(math.comb(m, i) for i in range(k + 1)) / (1 << m))
    # P(Binomial(m, 1/2) <= k) = I_{1/2}(m - k, k + 1)
    return min(1.0, 2.0 * math.exp(log_betainc(m - k, k + 1, 0.5, 0.5)))


def paired_difference(a: Sequence[float] | FloatArray, b: Sequence[float] | FloatArray, *,
                      level: float = 0.95, test: str = "auto", label: str = "") -> Comparison:
    """Compare one metric of two readings played on the same deals: ``a[i]`` and ``b[i]`` come
    from deal ``i`` (same seed, same seats), so the deal-to-deal noise cancels in ``b[i] - a[i]``.

    Assumes the deals are independent and identically distributed. ``test``: ``"t"`` (paired t
    test), ``"sign"`` (exact sign test; the exact McNemar test for 0/1 outcomes) or ``"auto"``
    (McNemar when every value is 0 or 1, else t). Differences that are all zero are ``constant``
    (p = 1); differences that are all equal and nonzero have no spread for a t test and use the
    sign test. The verdict across a report belongs to :func:`settle`.

    >>> a = [0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0]
    >>> b = [1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1]
    >>> c = paired_difference(a, b, label="wins")
    >>> print(c)
    wins: 0.500 [0.168, 0.832] (n = 12), p = 0.0312 (exact McNemar)
    """
    x, y = values_array(a, "a"), values_array(b, "b")
    if len(x) != len(y):
        raise BadInput("NB-ARG", f"a and b must come from the same deals, got {len(x)} and "
                                 f"{len(y)} values")
    level = check_level(level)
    test = check_choice(test, "test", ("auto", "t", "sign"))
    diff = y - x
    n = len(diff)
    estimate = mean_estimate(diff, level=level)
    binary = bool(np.all((x == 0) | (x == 1)) and np.all((y == 0) | (y == 1)))
    positive, negative = int(np.sum(diff > 0)), int(np.sum(diff < 0))
    if positive + negative == 0:
        p, name = 1.0, "none (no deal differs)"
    elif test == "sign" or test == "auto" and binary or estimate.constant:
        p = sign_test_p(positive, negative)
        name = "exact McNemar" if binary else "exact sign test"
    elif n < 2:
        p, name = 1.0, "none (n = 1)"
    else:
        t = estimate.estimate / (float(diff.std(ddof=1)) / math.sqrt(n))
        p, name = min(1.0, 2 * t_sf(abs(t), n - 1)), "paired t"
    return Comparison(label, estimate, p, name, _welch(x, y, level))


def _welch(x: FloatArray, y: FloatArray, level: float) -> Estimate:
    """mean(y) - mean(x) as if the samples were independent, with Welch's interval (unequal
    variances, Welch-Satterthwaite degrees of freedom)."""
    n, mean = len(x), float(y.mean() - x.mean())
    if n < 2:
        return Estimate(mean, n, -math.inf, math.inf, False, "Welch", level)
    vx, vy = float(x.var(ddof=1)) / n, float(y.var(ddof=1)) / n
    if vx + vy == 0:
        return Estimate(mean, n, mean, mean, True, "Welch", level)
    df = (vx + vy) ** 2 / (vx * vx / (n - 1) + vy * vy / (n - 1))
    half = t_quantile(0.5 + level / 2, df) * math.sqrt(vx + vy)
    return Estimate(mean, n, mean - half, mean + half, False, "Welch", level)


#: One side of an unpaired comparison as a table keeps it: ``(estimate, n, lo, hi)``.
Summary = tuple[float, int, float, float]


def _summary(value: object, name: str) -> Summary:
    if not isinstance(value, (tuple, list)) or len(value) != 4:
        raise fail(name, "(estimate, n, lo, hi)", value)
    n = check_int(value[1], f"{name} n", 1)
    est, lo, hi = (real(value[i], f"{name} {key}") for i, key in ((0, "estimate"), (2, "lo"),
                                                                    (3, "hi")))
    if not all(math.isfinite(x) for x in (est, lo, hi)) or not lo <= est <= hi:
        raise fail(name, "finite lo <= estimate <= hi", value)
    return est, n, lo, hi


def unpaired_from_summaries(a: Sequence[float], b: Sequence[float], *, rate: bool = False,
                            level: float = 0.95, label: str = "") -> Comparison:
    """Reading B against reading A played on *different* deals, when only each side's summary
    ``(estimate, n, lo, hi)`` is left (a sweep table's row; ``lo``..``hi`` its ``level``
    interval): a two-sided Welch-type test of ``b - a`` for two independent estimates.

    Standard errors, derived from each summary:

    - a mean (``rate=False``): the interval's larger half-width over the normal quantile (the
      sweeps' mean intervals are normal-approximation intervals; the larger half so that an
      interval clipped at a bound, as the skill gap's at 0 and 1, is not read as narrower);
    - a rate (``rate=True``): the normal approximation ``sqrt(p (1 - p) / n)`` (a Wilson
      interval is not symmetric, so it is not read back).

    The test statistic ``(b - a) / sqrt(se_a² + se_b²)`` is referred to the standard normal for
    rates (the unpooled two-proportion z test) and to Student t with the Welch-Satterthwaite
    degrees of freedom (``n - 1`` per side) for means. The difference's interval uses the same
    distribution; its ``n`` is the smaller side's. A side of one game has no spread to read
    (p = 1, infinite interval). A side with zero standard error (every game the same) adds none;
    when both have none, equal values are ``constant`` (nothing to test) and unequal ones are
    separated completely, tested by the exact permutation test: p = 2 / C(n_a + n_b, n_a).

    >>> c = unpaired_from_summaries((0.40, 1000, 0.37, 0.43), (0.45, 1000, 0.42, 0.48),
    ...                             rate=True, label="first player wins")
    >>> print(c)
    first player wins: 0.050 [0.007, 0.093] (n = 1000), p = 0.0235 (unpaired z)
    """
    est_a, n_a, lo_a, hi_a = _summary(a, "a")
    est_b, n_b, lo_b, hi_b = _summary(b, "b")
    level = check_level(level)
    if not isinstance(rate, bool):
        raise fail("rate", "True or False", rate)
    diff, n = est_b - est_a, min(n_a, n_b)
    if n < 2:
        wide = Estimate(diff, n, -math.inf, math.inf, False, "Welch", level)
        return Comparison(label, wide, 1.0, "none (n = 1)", wide)
    z = normal_quantile(0.5 + level / 2)

    def variance(est: float, count: int, lo: float, hi: float) -> float:
        if rate:
            return est * (1 - est) / count
        return (max(est - lo, hi - est) / z) ** 2

    va, vb = variance(est_a, n_a, lo_a, hi_a), variance(est_b, n_b, lo_b, hi_b)
    if va + vb == 0:
        flat = Estimate(diff, n, diff, diff, True, "Welch", level)
        if diff == 0:
            return Comparison(label, flat, 1.0, "none (the same in every game)", flat)
        p = min(1.0, 2 / math.comb(n_a + n_b, n_a))
        return Comparison(label, flat, p, "exact permutation (complete separation)", flat)
    se = math.sqrt(va + vb)
    if rate:
        p = math.erfc(abs(diff) / se / math.sqrt(2))
        half = z * se
        estimate = Estimate(diff, n, diff - half, diff + half, False, "normal", level)
        name = "unpaired z"
    else:
        df = (va + vb) ** 2 / (va * va / (n_a - 1) + vb * vb / (n_b - 1))
        p = min(1.0, 2 * t_sf(abs(diff) / se, df))
        half = t_quantile(0.5 + level / 2, df) * se
        estimate = Estimate(diff, n, diff - half, diff + half, False, "Welch", level, df)
        name = "Welch t"
    return Comparison(label, estimate, p, name, estimate)


# ---------------------------------------------------------------------------------------------
# Multiple comparisons
# ---------------------------------------------------------------------------------------------

def _p_values(p_values: Sequence[float]) -> list[float]:
    if isinstance(p_values, (str, bytes)) or not isinstance(p_values, (Sequence, np.ndarray)):
        raise fail("p_values", "a list of numbers from 0 to 1", p_values)
    return [real(p, f"p_values[{i}]", 0, 1) for i, p in enumerate(p_values)]


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th smallest p-value is
    multiplied by (m - i + 1), capped at 1, and made non-decreasing. Valid under any dependence
    between the tests (Holm 1979).

    >>> holm_adjusted([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    p = _p_values(p_values)
    m = len(p)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: p[j])):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which hypotheses Holm's procedure rejects at family-wise error rate ``alpha``.

    >>> holm([0.01, 0.04, 0.03])
    [True, False, False]
    """
    alpha = check_level(alpha, "alpha")
    return [q <= alpha for q in holm_adjusted(p_values)]


def bonferroni_adjusted(p_values: Sequence[float]) -> list[float]:
    """Bonferroni adjusted p-values: each multiplied by the number of tests, capped at 1.

    >>> bonferroni_adjusted([0.01, 0.04, 0.5])
    [0.03, 0.12, 1.0]
    """
    p = _p_values(p_values)
    return [min(1.0, len(p) * q) for q in p]


Outcome = Literal["settled: higher", "settled: lower", "open", "constant"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """One comparison's verdict within its family: ``adjusted_p`` after the correction, and a
    simultaneous (Bonferroni, level 1 - alpha/m) interval ``lo``..``hi`` for the difference."""

    comparison: Comparison
    outcome: Outcome
    adjusted_p: float
    lo: float
    hi: float

    def __str__(self) -> str:
        c = self.comparison
        name = f"{c.label}: " if c.label else ""
        if self.outcome == "constant":
            return f"{name}constant ({c.difference.estimate:.3f} on all {c.n} deals)"
        return (f"{name}{self.outcome}, {c.difference.estimate:.3f} "
                f"[{self.lo:.3f}, {self.hi:.3f}] (n = {c.n}, adjusted p = {self.adjusted_p:.3g})")


@dataclass(frozen=True, slots=True)
class Family:
    """Every comparison of one report with its verdict, and the correction that made them."""

    verdicts: tuple[Verdict, ...]
    method: str
    alpha: float
    size: int

    @property
    def correction(self) -> str:
        """The correction in words, for the report: ``"Holm, family-wise 5% over 12
        comparisons"``."""
        return (f"{self.method.capitalize()}, family-wise {self.alpha:.0%} over {self.size} "
                f"comparison{'s' if self.size != 1 else ''}")


def settle(comparisons: Sequence[Comparison], alpha: float = 0.05, method: str = "holm", *,
           min_n: int = MIN_N) -> Family:
    """The verdict of every comparison in one report (every reading x metric compared):
    ``"settled: higher"`` (B above A) or ``"settled: lower"`` when it survives the correction at
    family-wise error rate ``alpha``, ``"open"`` otherwise or when n < ``min_n``, and
    ``"constant"`` when no deal differs (nothing to test; not counted in the family). Comparisons
    with too few deals still count in the family: every comparison made costs its share.

    >>> wins = paired_difference([0] * 30, [1] * 20 + [0] * 10, label="wins")
    >>> ties = paired_difference([0] * 30, [0] * 30, label="ties")
    >>> family = settle([wins, ties])
    >>> [v.outcome for v in family.verdicts], family.correction
    (['settled: higher', 'constant'], 'Holm, family-wise 5% over 1 comparison')
    """
    items = tuple(comparisons) if isinstance(comparisons, (list, tuple)) else None
    if items is None or not all(isinstance(c, Comparison) for c in items):
        raise fail("comparisons", "a list of Comparison values", comparisons)
    alpha = check_level(alpha, "alpha")
    method = check_choice(method, "method", ("holm", "bonferroni"))
    min_n = check_int(min_n, "min_n", 1)
    tested = [i for i, c in enumerate(items) if not c.constant]
    m = len(tested)
    adjust = holm_adjusted if method == "holm" else bonferroni_adjusted
    adjusted = dict(zip(tested, adjust([items[i].p_value for i in tested]), strict=True))
    verdicts = []
    for i, c in enumerate(items):
        d = c.difference
        if c.constant:
            verdicts.append(Verdict(c, "constant", 1.0, d.estimate, d.estimate))
            continue
        # n = 1 keeps its infinite interval, constant differences their single value
        wide = d.at_level(1 - alpha / m) if d.n >= 2 and not d.constant and \
            math.isfinite(d.hi - d.lo) else d
        outcome: Outcome = "open"
        if adjusted[i] <= alpha and d.n >= min_n:
            outcome = "settled: higher" if d.estimate > 0 else "settled: lower"
        verdicts.append(Verdict(c, outcome, adjusted[i], wide.lo, wide.hi))
    return Family(tuple(verdicts), method, alpha, m)


__all__ = ["Comparison", "sign_test_p", "paired_difference", "Summary", "unpaired_from_summaries", "holm_adjusted", "holm",
           "bonferroni_adjusted", "Outcome", "Verdict", "Family", "settle"]
