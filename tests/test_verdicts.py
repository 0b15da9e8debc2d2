"""What "settled" means in a sweep's report (issue 27): unpaired tests from a table's rows where a
row carries no paired difference (the tables below are built without one; the paired tests of
common deals are in test_sweep_paired.py), Holm's correction over every comparison the report makes, no direction from too few games or
from a metric the same in every game, and the primary metric chosen before the sweep."""

from __future__ import annotations

import html
import math
import re

import pytest

from doppelnb import BadInput
from doppelnb.core.provenance import shipped_tables
from doppelnb.core.stats import MIN_N, Estimate, settle, unpaired_from_summaries
from doppelnb.core.sweep import (
    DEFAULT_PRIMARY,
    Table,
    balance_summary,
    compare_readings,
    load_table,
    primary_metrics,
    reading_verdicts,
)

Z95 = 1.959963984540054


def sentences(summary: object) -> list[str]:
    return [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", str(summary), re.S)]


def spread(reading: str, est: float, n: int = 100, half: float = 1.0,
           metric: str = "score_spread") -> tuple:
    return (reading, 3, "greedy", metric, est, n, est - half, est + half)


# -- the test of two summaries -------------------------------------------------------------------
def test_unpaired_means_match_welchs_t_test_from_summary_statistics():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for Welch's test")
    a, b = (5.0, 30, 4.0, 6.0), (6.5, 12, 5.0, 8.0)
    c = unpaired_from_summaries(a, b)
    sd_a = (a[3] - a[0]) / Z95 * math.sqrt(a[1])   # the standard deviation each interval implies
    sd_b = (b[3] - b[0]) / Z95 * math.sqrt(b[1])
    ref = stats.ttest_ind_from_stats(b[0], sd_b, b[1], a[0], sd_a, a[1], equal_var=False)
    assert c.p_value == pytest.approx(ref.pvalue, rel=1e-6) and c.test == "Welch t"
    assert c.n == 12 and c.difference.estimate == pytest.approx(1.5)
    # the interval and the Bonferroni interval use the same Welch degrees of freedom
    df = c.difference.df
    se = math.hypot(1 / Z95, 1.5 / Z95)
    assert c.difference.hi - 1.5 == pytest.approx(stats.t.ppf(0.975, df) * se)
    wide = c.difference.at_level(0.99)
    assert wide.hi - 1.5 == pytest.approx(stats.t.ppf(0.995, df) * se)


def test_unpaired_rates_use_the_normal_approximation():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference normal")
    c = unpaired_from_summaries((0.40, 1000, 0.37, 0.43), (0.45, 800, 0.41, 0.49), rate=True)
    se = math.sqrt(0.4 * 0.6 / 1000 + 0.45 * 0.55 / 800)
    assert c.p_value == pytest.approx(2 * stats.norm.sf(0.05 / se), rel=1e-9)
    assert c.difference.method == "normal"
    assert c.difference.at_level(0.99).hi == pytest.approx(0.05 + stats.norm.ppf(0.995) * se)


def test_unpaired_edge_cases_say_what_they_are():
    one = unpaired_from_summaries((3.0, 1, 3.0, 3.0), (9.0, 1, 9.0, 9.0))
    assert one.p_value == 1 and math.isinf(one.difference.hi)   # n = 1: no spread to read
    same = unpaired_from_summaries((7.0, 50, 7.0, 7.0), (7.0, 50, 7.0, 7.0))
    assert same.constant and settle([same]).verdicts[0].outcome == "constant"
    apart = unpaired_from_summaries((0.0, 10, 0.0, 0.3), (1.0, 10, 0.7, 1.0), rate=True)
    assert apart.p_value == pytest.approx(2 / math.comb(20, 10))  # complete separation
    for bad in ((1, 2, 3), (0.5, 0, 0.4, 0.6), (0.5, 10, 0.6, 0.7), "abcd",
                (math.nan, 10, 0, 1)):
        with pytest.raises(BadInput):
            unpaired_from_summaries(bad, (0.5, 10, 0.4, 0.6))
    with pytest.raises(BadInput):
        unpaired_from_summaries((0.5, 10, 0.4, 0.6), (0.5, 10, 0.4, 0.6), rate="yes")
    with pytest.raises(BadInput):
        Estimate(0.1, 10, 0.0, 0.2, method="Wilson").at_level(0.99)


# -- the verdicts of a report --------------------------------------------------------------------
def test_holm_leaves_open_a_difference_the_uncorrected_test_settles():
    """p = 0.019 alone settles; among the report's four comparisons Holm makes it 0.077."""
    alone = Table([spread("default", 10.0), spread("a=1", 11.7)], {"game": "toy"})
    (c,) = compare_readings(alone, "score_spread")
    assert c["p_value"] < 0.05 and c["settled"]
    family_rows = [spread("default", 10.0), spread("a=1", 11.7), spread("b=1", 10.0),
                   *(spread(r, 0.1, half=0.05, metric="tie_rate")
                     for r in ("default", "a=1", "b=1"))]
    table = Table(family_rows, {"game": "toy"})
    items, family = reading_verdicts(table, "score_spread")
    assert family.size == 4
    (c,) = [x for x in items if x["reading"] == "a=1" and x["metric"] == "score_spread"]
    assert c["p_value"] < 0.05 < c["adjusted_p"] and not c["settled"]
    (said,) = [s for s in sentences(balance_summary(table, "score_spread")) if "a=1" in s]
    assert "Open at this n: not settled at the 5% level after Holm's correction over 4 " \
           "comparisons" in said and "makes" not in said


def test_too_few_games_give_no_direction():
    """Below MIN_N games, and at n = 1 where a normal interval has zero width (the old summary
    read a direction from it), the sentence says why and draws none; it still counts."""
    for n in (1, MIN_N - 1):
        table = Table([spread("default", 10.0, n, half=0.0 if n == 1 else 0.5),
                       spread("a=1", 20.0, n, half=0.0 if n == 1 else 0.5)], {"game": "toy"})
        items, family = reading_verdicts(table, "score_spread")
        (c,) = items
        assert c["outcome"] == "too few games" and not c["settled"] and family.size == 1
        (said,) = sentences(balance_summary(table, "score_spread"))
        assert "Too few games for a verdict" in said
        assert "higher" not in said and "lower" not in said and "ettled" not in said


def test_a_metric_the_same_in_every_game_says_so():
    rows = [spread("default", 12.0, half=0.0, metric="length_rounds"),
            spread("a=1", 13.0, half=0.0, metric="length_rounds"),
            ("default", 3, "greedy", "no_winner_rate", 0.0, 100, 0.0, 0.037),
            ("a=1", 3, "greedy", "no_winner_rate", 0.0, 100, 0.0, 0.037),
            spread("default", 10.0), spread("a=1", 10.2)]
    table = Table(rows, {"game": "toy"})
    items, family = reading_verdicts(table, "length_rounds")
    outcome = {c["metric"]: c["outcome"] for c in items}
    assert outcome == {"length_rounds": "the same in every game",
                       "no_winner_rate": "the same in every game", "score_spread": "open"}
    assert family.size == 1   # nothing to test costs nothing
    for metric in ("length_rounds", "no_winner_rate"):
        (said,) = sentences(balance_summary(table, metric))
        assert "the same in every game" in said and "no direction is drawn" in said
        assert "higher" not in said and "lower" not in said


def test_metric_none_speaks_of_the_primary_never_the_most_separating():
    rows = [spread("default", 10.0), spread("a=1", 30.0),              # separates most
            spread("default", 0.1, half=0.05, metric="tie_rate"),
            spread("a=1", 0.11, half=0.05, metric="tie_rate"),
            spread("default", 0.0, half=0.03, metric=DEFAULT_PRIMARY),
            spread("a=1", 0.01, half=0.03, metric=DEFAULT_PRIMARY)]
    chosen = Table(rows, {"game": "toy", "primary": ("tie_rate",)})
    assert primary_metrics(chosen) == ("tie_rate",)
    said = sentences(balance_summary(chosen))
    assert said and all("tie_rate is" in s for s in said)
    unnamed = Table(rows, {"game": "toy"})
    assert primary_metrics(unnamed) == (DEFAULT_PRIMARY,)
    assert all(f"{DEFAULT_PRIMARY} is" in s for s in sentences(balance_summary(unnamed)))


def test_shipped_primaries_come_from_their_questions():
    meta = load_table("groom_lake_carry_over_ap").meta
    assert meta["primary"] == ("length_actions", "first_player_advantage")
    assert "game length and the first player's edge" in meta["question"]
    said = sentences(balance_summary("groom_lake_carry_over_ap"))
    assert [s.split(" is ")[0].rsplit(" ", 1)[1] for s in said] == \
        ["length_actions", "first_player_advantage"]
    assert primary_metrics(load_table("groom_lake_ladder")) == ("skill_gap",)
    assert load_table("doppeldoppel").meta["primary"] == ()   # the question names none


@pytest.mark.parametrize("name", shipped_tables())
def test_every_shipped_verdict_names_its_correction(name):
    table = load_table(name)
    for metric in (None, *dict.fromkeys(r[3] for r in table.rows)):
        _, family = reading_verdicts(table, metric if metric else primary_metrics(table)[0])
        correction = (f"at the 5% level after Holm's correction over {family.size} "
                      f"comparison{'s' if family.size != 1 else ''}")
        for said in sentences(balance_summary(table, metric)):
            if "ettled" in said:
                assert correction in said, said
            assert ("Settled" in said or "Open at this n" in said or "Too few games" in said
                    or "same in every game" in said or "nothing to test" in said), said


# -- skill order: measured where a ladder separates the pair, else by name (issue 27) --------
def _rating(name, rating, lo, hi, reference=False):
    from doppelnb.core.stats import Rating
    return Rating(name, rating, lo, hi, 120, reference=reference)


def test_pair_order_follows_a_ladder_that_separates_the_pair():
    from doppelnb.core.sweep_plan import mixes_for, pair_order
    # Tricks' shipped ladder: greedy (the anchor) above mcts:32, which is above random.
    ratings = {"greedy": _rating("greedy", 0, 0, 0, True),
               "mcts:32": _rating("mcts:32", -84, -151, -17),
               "random": _rating("random", -304, -384, -225)}
    assert pair_order("mcts:32", "greedy", ratings) == ("greedy", "mcts:32", "measured")
    assert pair_order("greedy", "mcts:32", ratings) == ("greedy", "mcts:32", "measured")
    assert pair_order("random", "mcts:32", ratings) == ("mcts:32", "random", "measured")
    assert mixes_for(["random", "greedy", "mcts:32"], ratings) == [
        "random", "greedy", "mcts:32", "greedy/mcts:32", "mcts:32/random", "greedy/random"]
    # Without a ladder the order is by name, as before.
    assert mixes_for(["random", "greedy", "mcts:32"]) == [
        "random", "greedy", "mcts:32", "mcts:32/greedy", "mcts:32/random", "greedy/random"]


def test_pair_order_keeps_the_name_order_where_the_ladder_does_not_separate():
    from doppelnb.core.sweep_plan import pair_order
    # Groom Lake's shipped ladder rates random +2 [-27, +30] against greedy: a higher point
    # estimate, but the intervals overlap, so the order stays by name and says so.
    ratings = {"greedy": _rating("greedy", 0, 0, 0, True),
               "random": _rating("random", 1.6, -27.3, 30.5)}
    assert pair_order("random", "greedy", ratings) == ("greedy", "random", "name")
    assert pair_order("mcts:8", "greedy", ratings) == ("mcts:8", "greedy", "name")


def test_skill_sentence_names_why_a_policy_is_first():
    import html

    from doppelnb.core.ladder import measured_ratings
    from doppelnb.core.sweep import Table
    from doppelnb.core.verdicts import balance_summary
    tricks = measured_ratings("doppelganger_tricks")
    assert tricks["greedy"].reference and tricks["mcts:128:round"].lo > 0
    assert measured_ratings("no_such_game") == {}
    table = Table([("default", 3, "mcts:128:round/greedy", "skill_gap", 0.6, 160, 0.55, 0.65)],
                  {"game": "doppelganger_tricks"})
    text = html.unescape(str(balance_summary(table, "skill_gap")))
    r = tricks["mcts:128:round"]
    assert (f"mcts:128:round is named first because the shipped ladder measures it stronger "
            f"(Elo against its anchor: mcts:128:round {r.rating:+.0f} [{r.lo:+.0f}, "
            f"{r.hi:+.0f}], greedy 0, the anchor)" in text)
    assert "mcts:128:round finishes ahead of greedy more often than not" in text
    # The anchor named first, above a weaker policy; and a mix written weaker first (by hand:
    # a sweep names the measured stronger first) says so instead of calling it stronger.
    r = tricks["random"]
    assert r.hi < 0
    elo = f"greedy 0, the anchor, random {r.rating:+.0f} [{r.lo:+.0f}, {r.hi:+.0f}]"
    table = Table([("default", 3, "greedy/random", "skill_gap", 0.8, 160, 0.75, 0.85)],
                  {"game": "doppelganger_tricks"})
    text = html.unescape(str(balance_summary(table, "skill_gap")))
    assert (f"greedy is named first because the shipped ladder measures it stronger (Elo "
            f"against its anchor: {elo})" in text)
    assert "greedy finishes ahead of random more often than not" in text
    table = Table([("default", 3, "random/greedy", "skill_gap", 0.2, 160, 0.15, 0.25)],
                  {"game": "doppelganger_tricks"})
    text = html.unescape(str(balance_summary(table, "skill_gap")))
    assert "random is named first, but the shipped ladder measures greedy stronger" in text
    assert "because the shipped ladder measures it stronger" not in text
