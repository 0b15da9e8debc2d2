"""Exact probability helpers: integer counts, ``Fraction`` results, multiset enumeration.

>>> dice_sum_counts(2)[7]
6
>>> Distribution.from_counts({"hit": 1, "miss": 2})["hit"]
Fraction(1, 3)
>>> sum(w for _, w in multiset_draws({"black": 2, "white": 1}, 2))
3
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .checks import check_bounded, check_int, check_mapping, check_size
from .errors import BadInput

if TYPE_CHECKING:
    from .render import Svg


class Distribution(Mapping[Any, Fraction]):
    """An exact finite distribution: outcome -> ``Fraction``, built from integer weights.

    Keeps the integer weights (``counts``) and their total, so exact counts and probabilities are
    both available. Renders as a table and an SVG bar chart in a notebook.
    """

    def __init__(self, counts: Mapping[Any, int], total: int | None = None) -> None:
        clean = {k: int(v) for k, v in counts.items() if v}
        if any(v < 0 for v in clean.values()):
            raise BadInput("NB-ARG", "weights of a distribution cannot be negative")
        self.counts = dict(sorted(clean.items(), key=lambda kv: _sort_key(kv[0])))
        self.total = sum(self.counts.values()) if total is None else int(total)
        if self.total <= 0:
            raise BadInput("NB-ARG", "a distribution needs a positive total weight")

    @classmethod
    def from_counts(cls, counts: Mapping[Any, int]) -> Distribution:
        return cls(counts)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[Any, int]]) -> Distribution:
        acc: dict[Any, int] = {}
        for outcome, weight in pairs:
            acc[outcome] = acc.get(outcome, 0) + weight
        return cls(acc)

    def __getitem__(self, outcome: Any) -> Fraction:
        return Fraction(self.counts.get(outcome, 0), self.total)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        return Fraction(sum(w for k, w in self.counts.items() if event(k)), self.total)

    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self.counts.items()), self.total)

    def variance(self) -> Fraction:
        m = self.mean()
        return Fraction(sum((k - m) ** 2 * w for k, w in self.counts.items()), self.total)

    def map(self, fn: Callable[[Any], Hashable]) -> Distribution:
        return Distribution.from_pairs((fn(k), w) for k, w in self.counts.items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self.items())
        return f"Distribution({{{body}}})"

    def table_rows(self) -> list[list[str]]:
        return [[str(k), str(w), str(self[k]), f"{float(self[k]):.4f}"]
                for k, w in self.counts.items()]

    def to_svg(self, title: str = "", **kw: Any) -> Svg:
        from .render import bar_chart

        return bar_chart([(str(k), float(self[k])) for k in self.counts], title=title, **kw)

    def _repr_html_(self) -> str:
        from .render import html_table

        table = html_table(["outcome", "ways", "probability", "≈"], self.table_rows(),
                           caption=f"exact distribution over {self.total} equally likely cases")
        return f"<div>{self.to_svg()}{table}</div>"


def _sort_key(outcome: Any) -> tuple[int, Any]:
    return (0, outcome) if isinstance(outcome, (int, Fraction)) else (1, str(outcome))


#: The largest total :func:`dice_sum_counts` counts up to, ``dice * sides``: 400 six-sided dice,
#: the most Groom Lake's ``clear_probability`` counts exactly (the notebooks and tests count at
#: most 30). The work grows as the square of the total: 0.2 s at the limit; ``dice_sum_counts(
#: 10, 10**9)`` asked for a table of ten billion totals (MemoryError).
MAX_DICE_TOTAL = 2400


def dice_sum_counts(dice: int, sides: int = 6) -> list[int]:
    """``counts[s]`` = number of the ``sides**dice`` rolls whose faces total ``s`` (exact).

    Vectorised as repeated numpy convolution; int64 is exact while ``sides**dice < 2**63`` and
    Python integers (object arrays) take over beyond that. ``dice`` (>= 0) and ``sides`` (>= 1)
    are whole numbers whose largest total ``dice * sides`` is at most :data:`MAX_DICE_TOTAL`
    (2,400); anything else is :class:`BadInput`.
    """
    why = "the largest total, dice * sides; the work grows as its square"
    dice = check_bounded(dice, "dice", MAX_DICE_TOTAL, why=why)
    sides = check_bounded(sides, "sides", MAX_DICE_TOTAL, lo=1, why=why)
    check_size(dice * sides, "dice * sides", MAX_DICE_TOTAL, why=why)
    return list(_dice_sum_counts(dice, sides))


@lru_cache(maxsize=256)
def _dice_sum_counts(dice: int, sides: int) -> tuple[int, ...]:
    exact64 = dice * math.log2(sides) < 62
    import numpy as np  # imported on first use: importing the core stays light

    one = np.array([0] + [1] * sides, dtype=np.int64 if exact64 else object)
    counts = np.array([1], dtype=one.dtype)
    for _ in range(dice):
        counts = np.convolve(counts, one)
    return tuple(int(c) for c in counts)


#: The most categories :func:`multiset_draws` takes (it recurses once per category; the engines
#: use at most 6, the ranks of Doppeldoppel).
MAX_CATEGORIES = 64


def multiset_draws(counts: Mapping[Any, int], k: int) -> Iterator[tuple[dict[Any, int], int]]:
    """Every way to draw ``k`` items without replacement from a multiset, grouped by content.

    Yields ``(drawn, ways)`` where ``drawn`` maps category -> number drawn and ``ways`` is the
    number of ``k``-subsets of the physical items with that content (a product of binomials), so
    the weights sum to ``comb(total, k)``. This is the multivariate hypergeometric law, counted
    over multisets instead of over permutations. ``counts`` maps at most
    :data:`MAX_CATEGORIES` (64) categories to whole numbers >= 0; the draws are yielded one at
    a time, so their number (which grows with the counts) is the caller's to bound.
    """
    checked: dict[Any, int] = check_mapping(counts, "counts", max_len=MAX_CATEGORIES,
                            item=lambda v, n: check_int(v, n, 0))
    k = check_int(k, "k", 0)
    keys = list(checked)
    sizes = [checked[key] for key in keys]
    if k > sum(sizes):
        raise BadInput("NB-ARG", f"cannot draw {k} items from a multiset of {sum(sizes)}")
    return _draws(keys, sizes, k)


def _draws(keys: list[Any], sizes: list[int], k: int) -> Iterator[tuple[dict[Any, int], int]]:
    suffix = [0] * (len(sizes) + 1)
    for i in range(len(sizes) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + sizes[i]

    def rec(i: int, left: int, ways: int, drawn: dict[Any, int],
            ) -> Iterator[tuple[dict[Any, int], int]]:
        if i == len(keys):
            if left == 0:
                yield dict(drawn), ways
            return
        lo = max(0, left - suffix[i + 1])
        for take in range(lo, min(sizes[i], left) + 1):
            drawn[keys[i]] = take
            yield from rec(i + 1, left - take, ways * math.comb(sizes[i], take), drawn)
        drawn.pop(keys[i], None)

    yield from rec(0, k, 1, {})


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion from a seeded simulation."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Iterable[float], z: float = 1.959964) -> tuple[float, float, float]:
    """(mean, low, high): a normal-approximation confidence interval for a simulated mean."""
    import numpy as np

    data = np.asarray(list(values), dtype=float)
    if data.size == 0:
        raise BadInput("NB-ARG", "no values to average")
    mean = float(data.mean())
    if data.size == 1:
        return mean, mean, mean
    half = z * float(data.std(ddof=1)) / math.sqrt(data.size)
    return mean, mean - half, mean + half


__all__ = ["Distribution", "dice_sum_counts", "multiset_draws", "wilson_interval",
           "mean_interval", "Fraction", "MAX_DICE_TOTAL", "MAX_CATEGORIES"]
