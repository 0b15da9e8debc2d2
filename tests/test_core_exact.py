"""Exact helpers against brute-force twins on small cases."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from doppelnb import BadInput
from doppelnb.core import (
    Distribution,
    dice_sum_counts,
    mean_interval,
    multiset_draws,
    wilson_interval,
)
from doppelnb.core.render import Svg, bar_chart, escape, heat_colour, html_table, line_chart


@pytest.mark.parametrize("dice, sides", [(0, 6), (1, 6), (3, 6), (4, 4), (5, 3)])
def test_dice_sums_match_brute_force(dice, sides):
    brute = Counter(sum(r) for r in itertools.product(range(1, sides + 1), repeat=dice))
    counts = dice_sum_counts(dice, sides)
    assert {s: c for s, c in enumerate(counts) if c} == dict(brute)
    assert sum(counts) == sides**dice


def test_dice_sums_stay_exact_beyond_int64():
    counts = dice_sum_counts(30, 6)
    assert sum(counts) == 6**30  # > 2**63: the object-array path keeps integers exact
    assert counts[30] == 1 and counts[105] == max(counts)
    with pytest.raises(BadInput):
        dice_sum_counts(-1)


def test_multiset_draws_match_brute_force():
    bag = {"a": 3, "b": 2, "c": 4}
    items = [k for k, n in bag.items() for _ in range(n)]
    for k in range(len(items) + 1):
        brute = Counter(tuple(sorted(Counter(items[i] for i in combo).items()))
                        for combo in itertools.combinations(range(len(items)), k))
        ours = {tuple(sorted((c, n) for c, n in drawn.items() if n)): w
                for drawn, w in multiset_draws(bag, k)}
        assert ours == dict(brute)
        assert sum(ours.values()) == math.comb(len(items), k)
    with pytest.raises(BadInput):
        list(multiset_draws(bag, 10))


def test_distribution_is_exact():
    dist = Distribution.from_pairs((a + b, 1) for a in range(1, 7) for b in range(1, 7))
    assert dist[7] == Fraction(1, 6) and dist[13] == 0
    assert dist.mean() == 7 and dist.variance() == Fraction(35, 6)
    assert dist.probability(lambda s: s >= 10) == Fraction(1, 6)
    assert dist.map(lambda s: s % 2)[0] == Fraction(1, 2)
    assert "exact distribution over 36" in dist._repr_html_()
    assert dist == Distribution({s: c for s, c in enumerate(dice_sum_counts(2))})
    with pytest.raises(BadInput):
        Distribution({})


def test_intervals():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and 0.39 < lo < 0.41
    assert wilson_interval(0, 10)[0] == 0.0
    mean, lo, hi = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and lo < 2.5 < hi


def test_svg_and_tables_escape_text():
    svg = Svg(10, 10)
    svg.text(0, 0, "<script>")
    assert "<script>" not in str(svg) and escape("a&b") == "a&amp;b"
    table = html_table(["a"], [["<b>"], [svg]])
    assert "&lt;b&gt;" in table and "<svg" in table


def test_charts_have_a_title_axes_ticks_and_intervals():
    chart = bar_chart([("x", 1.0), ("y", -2.0)], title="t <1>", y_label="points",
                      intervals=[(0.5, 1.5), (-2.5, -1.5)], references=[(0.25, "quarter")])
    text = str(chart)
    assert text.startswith("<svg") and "<title>t &lt;1&gt;</title>" in text
    assert 'id="xtick_1"' in text and 'id="ytick_1"' in text   # tick marks on both axes
    assert "points" in text and "quarter" in text               # axis label, reference line
    assert 'id="LineCollection_1"' in text                       # the interval bars
    assert text == str(bar_chart([("x", 1.0), ("y", -2.0)], title="t <1>", y_label="points",
                                 intervals=[(0.5, 1.5), (-2.5, -1.5)],
                                 references=[(0.25, "quarter")])), "charts are deterministic"
    assert repr(chart) == f"<Svg 't <1>', {len(text):,} characters of SVG>"
    lines = str(line_chart({"s": [(0, 0), (1, 1)], "u": [(0, 1), (1, 0)]}, x_label="dice"))
    assert lines.count('id="line2d_') >= 2 and "dice" in lines
    assert heat_colour(0) == "#eff3ff" and heat_colour(1) == "#084594"
