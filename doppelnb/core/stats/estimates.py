"""Estimates: a figure, its sample size and an interval, and the rule for drawing a direction.

>>> print(mean_estimate([3, 4, 5, 4, 4]))
4.000 [3.122, 4.878] (n = 5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..checks import check_int, fail, show
from ..errors import BadInput
from ..exact import wilson_interval
from .distributions import normal_quantile, real, t_quantile

FloatArray = npt.NDArray[np.float64]

#: Fewer observations than this and no directional sentence is drawn: t intervals lean on the
#: central limit theorem, and under about ten observations of a skewed or discrete metric their
#: coverage is not to be trusted.
MIN_N = 10

#: The most values one call accepts (a sweep's games, a ladder's games).
MAX_VALUES = 10_000_000

Direction = Literal["higher", "lower"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """One figure with its sample size ``n`` and a ``level`` interval ``lo``..``hi``.

    ``constant`` is True when every observation (at least two) had the same value: there is no
    variation to estimate an interval from, and reports show the value as constant, not as an
    interval (a constant Student t sample has ``lo == hi``, the value seen, which says nothing of
    precision; a constant Wilson proportion keeps its honest interval). ``method`` names how the
    interval was made. At n = 1 a t interval is infinite. ``df``: the degrees of freedom of a
    t interval when they are not ``n - 1`` (a Welch interval); ``method="normal"`` marks a normal
    (z) interval.

    >>> e = Estimate(0.428, 160, 0.379, 0.477, method="Wilson")
    >>> print(e)
    0.428 [0.379, 0.477] (n = 160)
    >>> e.direction(reference=0.5)
    'lower'
    >>> Estimate(0.6, 5, 0.51, 0.69).direction(reference=0.5) is None   # n under MIN_N
    True
    """

    estimate: float
    n: int
    lo: float
    hi: float
    constant: bool = False
    method: str = "Student t"
    level: float = 0.95
    df: float | None = None

    def __str__(self) -> str:
        if self.constant:
            return f"{self.estimate:.3f} (constant, n = {self.n})"
        return f"{self.estimate:.3f} [{self.lo:.3f}, {self.hi:.3f}] (n = {self.n})"

    def direction(self, *, reference: float = 0.0, min_n: int = MIN_N) -> Direction | None:
        """"higher" or "lower" when the whole interval lies on one side of ``reference``;
        None when it contains the reference, when n < ``min_n`` or when the data are constant,
        so that no sentence draws a direction the data do not support."""
        if self.n < min_n or self.constant or math.isnan(self.lo) or math.isnan(self.hi):
            return None
        if self.lo > reference:
            return "higher"
        if self.hi < reference:
            return "lower"
        return None

    def at_level(self, level: float) -> Estimate:
        """The same Student t (or Welch, or normal) estimate at another ``level`` (the width
        rescaled by the ratio of t quantiles, or of normal quantiles), e.g. a Bonferroni level
        ``1 - alpha/m``.

        >>> print(mean_estimate([1.0, 2.0, 3.0, 4.0]).at_level(0.99))
        2.500 [-1.270, 6.270] (n = 4)
        """
        level = check_level(level)
        if self.method not in ("Student t", "Welch", "normal") or self.n < 2 or self.constant:
            raise BadInput("NB-ARG", f"only a Student t, Welch or normal estimate of a varying "
                                     f"sample can change level, got {show(self)}")
        if self.method == "normal":
            scale = normal_quantile(0.5 + level / 2) / normal_quantile(0.5 + self.level / 2)
        else:
            df = self.df if self.df is not None else self.n - 1
            scale = t_quantile(0.5 + level / 2, df) / t_quantile(0.5 + self.level / 2, df)
        half = (self.hi - self.lo) / 2 * scale
        return replace(self, lo=self.estimate - half, hi=self.estimate + half, level=level)


def values_array(values: object, name: str, *, min_len: int = 1) -> FloatArray:
    """``values`` (a sequence or 1-D array of finite real numbers) as a float array."""
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, (Sequence, np.ndarray)):
        raise fail(name, "a list, tuple or 1-D array of numbers", values)
    if len(values) > MAX_VALUES:
        raise BadInput("NB-ARG", f"{name} is limited to {MAX_VALUES} values, got {len(values)}")
    if isinstance(values, np.ndarray) and values.dtype.kind not in "iuf" or \
            not isinstance(values, np.ndarray) and any(isinstance(v, (bool, np.bool_))
                                                       for v in values):
        raise fail(name, "numbers (not True/False)", values)
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise fail(name, "a list, tuple or 1-D array of numbers", values) from None
    if array.ndim != 1 or len(array) < min_len or not np.all(np.isfinite(array)):
        raise fail(name, f"a 1-D sequence of at least {min_len} finite numbers", values)
    return array


def check_level(level: float, name: str = "level") -> float:
    """A level (or alpha) strictly between 0 and 1."""
    level = real(level, name, 0, 1)
    if not 0 < level < 1:
        raise fail(name, "a number strictly between 0 and 1", level)
    return level


def mean_estimate(values: Sequence[float] | FloatArray, *, level: float = 0.95) -> Estimate:
    """The mean of ``values`` with its Student t interval (independent observations of finite
    variance; the interval is exact for normal data and close for n >= ~30 otherwise).

    >>> print(mean_estimate([2.0]))                 # one value: nothing is known of the spread
    2.000 [-inf, inf] (n = 1)
    >>> mean_estimate([1, 1, 1]).constant
    True
    """
    data = values_array(values, "values")
    level = check_level(level)
    n, mean = len(data), float(data.mean())
    if n == 1:
        return Estimate(mean, n, -math.inf, math.inf, False, "Student t", level)
    constant = bool(np.all(data == data[0]))
    half = 0.0 if constant else \
        t_quantile(0.5 + level / 2, n - 1) * float(data.std(ddof=1)) / math.sqrt(n)
    return Estimate(mean, n, mean - half, mean + half, constant, "Student t", level)


def proportion_estimate(successes: int, trials: int, *, level: float = 0.95) -> Estimate:
    """``successes / trials`` with its Wilson score interval (independent trials); flagged
    constant when every trial (at least two) had the same outcome, though the Wilson interval
    is still given (0 of 160 allows up to 2.3%).

    >>> print(proportion_estimate(0, 160))
    0.000 (constant, n = 160)
    >>> round(proportion_estimate(0, 160).hi, 4)
    0.0234
    """
    trials = check_int(trials, "trials", 1)
    successes = check_int(successes, "successes", 0, trials)
    level = check_level(level)
    lo, hi = wilson_interval(successes, trials, normal_quantile(0.5 + level / 2))
    constant = trials > 1 and successes in (0, trials)
    return Estimate(successes / trials, trials, lo, hi, constant, "Wilson", level)


__all__ = ["MIN_N", "MAX_VALUES", "Direction", "FloatArray", "Estimate", "check_level",
           "values_array", "mean_estimate", "proportion_estimate"]
