"""doppelnb.core.stats against reference libraries (scipy, statsmodels, choix), seeded simulations
of coverage and error rates, and property tests of its invariants (issue 27)."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelnb import BadInput
from doppelnb.core.stats import (
    MIN_N,
    Comparison,
    Estimate,
    SequentialTest,
    bonferroni_adjusted,
    confidence_sequence,
    fit_ratings,
    holm,
    holm_adjusted,
    mean_estimate,
    paired_difference,
    proportion_estimate,
    run_sequential,
    seat_balance,
    settle,
    shared_win_shares,
    sign_test_p,
    t_quantile,
    t_sf,
    tie_adjusted_advantage,
    win_probability,
)
from doppelnb.core.stats.ratings import ELO

NAMES = ["random", "greedy", "mcts", "expert", "oracle"]


def test_the_statistics_need_only_numpy_and_the_standard_library_at_run_time():
    code = ("import sys, doppelnb.core.stats; print(sorted({m.split('.')[0] for m in sys.modules}"
            " & {'scipy', 'statsmodels', 'choix', 'pandas', 'matplotlib', 'sympy'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# --- Student's t without scipy --------------------------------------------------------------

DFS = sorted({1, 2, 3, 4, 5, 7, 10, 29, 30, 31, 99, 100, 101, 1e5 - 1, 1e5 + 1, 1e6, 2.5, 7.3}
             | {float(d) for d in np.unique(np.logspace(0, 6, 40).round())})
PS = [1e-10, 1e-6, 0.0005, 0.025, 0.05, 0.3, 0.49, 0.51, 0.9, 0.975, 0.995, 1 - 1e-6]


def test_t_quantile_matches_scipy_to_1e_6_over_df_1_to_a_million():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for the t quantile")
    worst = max(abs(t_quantile(p, df) - stats.t.ppf(p, df)) / max(1.0, abs(stats.t.ppf(p, df)))
                for df in DFS for p in PS)
    assert worst < 1e-6


def test_t_tail_matches_scipy():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for the t tail")
    for df in DFS:
        for t in (-40.0, -2.0, 0.0, 0.01, 1.96, 3.0, 12.0, 300.0):
            expected = stats.t.sf(t, df)
            assert t_sf(t, df) == pytest.approx(expected, rel=1e-8, abs=1e-300)


def test_t_quantile_refuses_bad_arguments():
    for p, df in [(0, 5), (1, 5), (0.5, 0), (0.5, -1), (float("nan"), 3), ("0.5", 3)]:
        with pytest.raises(BadInput):
            t_quantile(p, df)


# --- Estimates ------------------------------------------------------------------------------

def test_mean_estimate_is_scipys_t_interval():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for t intervals")
    rng = np.random.default_rng(0)
    for n in (2, 3, 10, 160):
        data = rng.normal(3, 2, n)
        estimate = mean_estimate(list(data), level=0.9)
        lo, hi = stats.t.interval(0.9, n - 1, loc=data.mean(), scale=stats.sem(data))
        assert (estimate.lo, estimate.hi) == pytest.approx((lo, hi), rel=1e-9)
        assert estimate.method == "Student t" and not estimate.constant


def test_one_observation_has_an_infinite_interval_not_a_zero_width_one():
    estimate = mean_estimate([0.7])
    assert estimate.lo == -math.inf and estimate.hi == math.inf and not estimate.constant
    assert estimate.direction(min_n=1) is None
    assert str(estimate) == "0.700 [-inf, inf] (n = 1)"


def test_a_constant_sample_is_flagged_and_draws_no_direction():
    estimate = mean_estimate([1.0] * 160)  # the quest's score spread: always 1
    assert estimate.constant and estimate.n == 160
    assert estimate.direction(reference=0.0) is None
    assert str(estimate) == "1.000 (constant, n = 160)"
    assert not mean_estimate([1.0, 1.0, 2.0]).constant


def test_proportion_estimate_is_statsmodels_wilson():
    proportion = pytest.importorskip("statsmodels.stats.proportion",
                                     reason="statsmodels is the reference for Wilson intervals")
    for successes, trials in [(0, 1), (1, 1), (0, 160), (70, 160), (121, 160), (5, 9)]:
        estimate = proportion_estimate(successes, trials, level=0.95)
        lo, hi = proportion.proportion_confint(successes, trials, 0.05, method="wilson")
        assert (estimate.lo, estimate.hi) == pytest.approx((lo, hi), abs=1e-6)
    assert proportion_estimate(0, 160).constant and not proportion_estimate(1, 160).constant
    assert not proportion_estimate(1, 1).constant  # one trial is not "every trial the same"


def test_direction_needs_min_n_a_varying_sample_and_an_interval_clear_of_the_reference():
    assert Estimate(0.758, 160, 0.701, 0.814).direction(reference=0.5) == "higher"
    assert Estimate(0.428, 160, 0.379, 0.477).direction(reference=0.5) == "lower"
    assert Estimate(0.52, 160, 0.45, 0.59).direction(reference=0.5) is None
    assert Estimate(0.9, MIN_N - 1, 0.8, 0.95).direction(reference=0.5) is None
    assert Estimate(0.9, MIN_N, 0.8, 0.95).direction(reference=0.5) == "higher"
    assert Estimate(0.9, 50, 0.9, 0.9, constant=True).direction(reference=0.5) is None
    assert Estimate(0.5, 50, 0.5, 0.6).direction(reference=0.5) is None  # touching is not clear


# --- Paired comparisons ---------------------------------------------------------------------

def correlated_pairs(seed: int, n: int, shift: float) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    deal = rng.normal(0, 3, n)  # what the deal itself contributes, common to both readings
    return deal + rng.normal(0, 1, n), deal + shift + rng.normal(0, 1, n)


def test_paired_difference_matches_scipy_ttest_rel_and_welch():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for t tests")
    for seed, n in [(1, 5), (2, 40), (3, 300)]:
        a, b = correlated_pairs(seed, n, 0.3)
        c = paired_difference(a, b, level=0.95)
        reference = stats.ttest_rel(b, a)
        interval = reference.confidence_interval(0.95)
        assert c.test == "paired t" and c.n == n
        assert c.p_value == pytest.approx(reference.pvalue, rel=1e-7)
        assert (c.difference.lo, c.difference.hi) == pytest.approx(
            (interval.low, interval.high), rel=1e-9)
        welch = stats.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
        assert (c.unpaired.lo, c.unpaired.hi) == pytest.approx((welch.low, welch.high), rel=1e-7)


def test_pairing_narrows_the_interval_when_deals_matter():
    a, b = correlated_pairs(4, 200, 0.3)
    c = paired_difference(a, b)
    paired = c.difference.hi - c.difference.lo
    unpaired = c.unpaired.hi - c.unpaired.lo
    assert paired < unpaired / 2
    assert c.difference.direction() == "higher" and c.unpaired.direction() is None


def test_zero_one_outcomes_use_the_exact_mcnemar_test_of_statsmodels():
    tables = pytest.importorskip("statsmodels.stats.contingency_tables",
                                 reason="statsmodels is the reference for McNemar's test")
    rng = np.random.default_rng(5)
    for n, p_a, p_b in [(12, 0.4, 0.6), (160, 0.43, 0.5), (160, 0.5, 0.76), (1500, 0.5, 0.52)]:
        a = (rng.random(n) < p_a).astype(int)
        b = np.where(rng.random(n) < 0.5, a, (rng.random(n) < p_b).astype(int))
        c = paired_difference(list(a), list(b))
        table = [[np.sum((a == 1) & (b == 1)), np.sum((a == 1) & (b == 0))],
                 [np.sum((a == 0) & (b == 1)), np.sum((a == 0) & (b == 0))]]
        assert c.test == "exact McNemar"
        assert c.p_value == pytest.approx(tables.mcnemar(table, exact=True).pvalue, rel=1e-9)
        forced = paired_difference(list(a), list(b), test="t")
        assert forced.test == "paired t" and forced.difference == c.difference


def test_sign_test_agrees_with_scipy_binomtest_beyond_exact_arithmetic():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for binomial tests")
    for positive, negative in [(9, 1), (0, 7), (600, 500), (2600, 2400), (30, 30)]:
        expected = stats.binomtest(positive, positive + negative, 0.5).pvalue
        assert sign_test_p(positive, negative) == pytest.approx(expected, rel=1e-8)


def test_constant_and_degenerate_comparisons():
    same = paired_difference([3, 3, 3, 3], [3, 3, 3, 3])
    assert same.constant and same.p_value == 1.0 and same.test == "none (no deal differs)"
    shifted = paired_difference([10.0] * 12, [12.0] * 12)  # a deterministic change of 2
    assert not shifted.constant and shifted.difference.constant
    assert shifted.test == "exact sign test" and shifted.p_value == pytest.approx(2 / 2**12)
    one = paired_difference([1.5], [2.5])
    assert one.p_value == 1.0 and one.difference.hi == math.inf and one.unpaired.lo == -math.inf
    with pytest.raises(BadInput, match="same deals"):
        paired_difference([1, 2, 3], [1, 2])
    with pytest.raises(BadInput):
        paired_difference([], [])
    with pytest.raises(BadInput):
        paired_difference([1, float("nan")], [1, 2])
    with pytest.raises(BadInput):
        paired_difference([1, 2], [1, 2], test="wilcoxon")


# --- Multiple comparisons -------------------------------------------------------------------

def test_holm_matches_statsmodels_multipletests():
    multitest = pytest.importorskip("statsmodels.stats.multitest",
                                    reason="statsmodels is the reference for Holm's method")
    rng = np.random.default_rng(6)
    for m in (1, 2, 8, 109):
        p = list(np.concatenate([rng.random(m // 2) * 0.01, rng.random(m - m // 2)]))
        reject, adjusted, _, _ = multitest.multipletests(p, alpha=0.05, method="holm")
        assert holm(p, 0.05) == list(reject)
        assert holm_adjusted(p) == pytest.approx(list(adjusted), abs=1e-12)
        _, bonferroni, _, _ = multitest.multipletests(p, method="bonferroni")
        assert bonferroni_adjusted(p) == pytest.approx(list(bonferroni), abs=1e-12)


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_never_rejects_more_than_unadjusted_nor_fewer_than_bonferroni(p, alpha):
    rejected = holm(p, alpha)
    assert all(q <= alpha for q, r in zip(p, rejected, strict=True) if r)
    assert all(r for q, r in zip(bonferroni_adjusted(p), rejected, strict=True) if q <= alpha)
    assert all(adj >= q for adj, q in zip(holm_adjusted(p), p, strict=True))


def comparison(label: str, p_value: float, estimate: float = 0.1, n: int = 160) -> Comparison:
    difference = Estimate(estimate, n, estimate - 0.05, estimate + 0.05)
    return Comparison(label, difference, p_value, "paired t", difference)


def test_settle_gives_each_comparison_its_holm_verdict():
    # eight separations, one of which does not survive Holm over the family (as in issue 27)
    p = [0.0001, 0.0002, 0.0003, 0.0004, 0.001, 0.002, 0.003, 0.012]
    family = settle([comparison(f"c{i}", q, 0.1 if i % 2 else -0.1) for i, q in enumerate(p)]
                    + [comparison(f"open{i}", 0.5) for i in range(4)])
    outcomes = [v.outcome for v in family.verdicts]
    assert family.size == 12 and family.correction == "Holm, family-wise 5% over 12 comparisons"
    assert outcomes[:8] == ["settled: lower", "settled: higher"] * 3 + ["settled: lower", "open"]
    assert outcomes[8:] == ["open"] * 4
    assert settle([comparison("x", 0.004)], method="bonferroni").verdicts[0].outcome != "open"
    for bad in ({"alpha": 0}, {"alpha": 1.5}, {"method": "fdr"}, {"min_n": 0}):
        with pytest.raises(BadInput):
            settle([comparison("x", 0.004)], **bad)
    with pytest.raises(BadInput):
        settle([0.004])


def test_settle_sets_constant_metrics_apart_and_needs_min_n():
    constant = paired_difference([1] * 30, [1] * 30, label="spread")
    few = comparison("few", 1e-6, n=MIN_N - 1)
    clear = paired_difference([0] * 40, [1] * 25 + [0] * 15, label="wins")
    family = settle([constant, few, clear])
    assert [v.outcome for v in family.verdicts] == ["constant", "open", "settled: higher"]
    assert family.size == 2  # the constant metric tests nothing and costs nothing
    assert str(family.verdicts[0]) == "spread: constant (0.000 on all 30 deals)"


def test_simultaneous_intervals_are_bonferroni_t_intervals():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference for t intervals")
    pairs = [correlated_pairs(seed, 50, 0.4) for seed in range(5)]
    family = settle([paired_difference(a, b) for a, b in pairs], alpha=0.05)
    for (a, b), verdict in zip(pairs, family.verdicts, strict=True):
        d = b - a
        lo, hi = stats.t.interval(1 - 0.05 / 5, len(d) - 1, loc=d.mean(), scale=stats.sem(d))
        assert (verdict.lo, verdict.hi) == pytest.approx((lo, hi), rel=1e-9)


# --- Sequential testing ---------------------------------------------------------------------

def reference_sequence(x: list[float], alpha: float, horizon: int) -> tuple[float, float]:
    """Waudby-Smith & Ramdas, Theorem 2, written out one observation at a time in [0, 1]."""
    mean, var, bets, weighted, spent = 0.5, 0.25, 0.0, 0.0, 0.0
    total, squares = 0.0, 0.0
    for t, value in enumerate(x, start=1):
        bet = min(0.5, math.sqrt(2 * math.log(2 / alpha) / (horizon * var)))
        spent += 4 * (value - mean) ** 2 * (-math.log(1 - bet) - bet) / 4
        bets += bet
        weighted += bet * value
        total += value
        mean = (0.5 + total) / (t + 1)
        squares += (value - mean) ** 2
        var = (0.25 + squares) / (t + 1)
    margin = (math.log(2 / alpha) + spent) / bets
    return weighted / bets - margin, weighted / bets + margin


def test_confidence_sequence_is_the_published_formula():
    rng = np.random.default_rng(7)
    x = rng.choice([-1.0, 0.0, 0.0, 1.0], 300)
    lower, upper = confidence_sequence(x, lo=-1, hi=1, alpha=0.1, horizon=500)
    for t in (1, 2, 50, 300):
        lo, hi = reference_sequence(list((x[:t] + 1) / 2), 0.1, 500)
        assert lower[t - 1] == pytest.approx(max(0.0, lo) * 2 - 1, abs=1e-12)
        assert upper[t - 1] == pytest.approx(min(1.0, hi) * 2 - 1, abs=1e-12)


def test_peeking_every_batch_keeps_the_sequential_error_rate_below_alpha():
    """2,000 seeded sequences with a true difference of 0, looked at every 20 games up to 2,000:
    the confidence sequence settles (wrongly) in at most alpha of them, while a fixed-n 95% t
    interval re-checked at each look settles far more often."""
    rng = np.random.default_rng(27)
    sequences, games, batch = 2000, 2000, 20
    x = rng.choice(np.array([-1.0, 0.0, 0.0, 1.0]), size=(sequences, games))  # mean 0
    lower, upper = confidence_sequence(x, lo=-1, hi=1, alpha=0.05, horizon=games)
    looks = np.arange(batch, games + 1, batch) - 1
    sequential = np.mean(np.any((lower[:, looks] > 0) | (upper[:, looks] < 0), axis=1))
    n = looks + 1
    mean = np.cumsum(x, axis=1)[:, looks] / n
    sd = np.sqrt((np.cumsum(x * x, axis=1)[:, looks] - n * mean**2) / (n - 1))
    half = np.array([t_quantile(0.975, k - 1) for k in n]) * sd / np.sqrt(n)
    naive = np.mean(np.any(np.abs(mean) > half, axis=1))
    assert sequential <= 0.05 + 0.015  # three Monte Carlo standard errors of slack
    assert naive > 0.2


def test_sequential_test_settles_real_differences_and_stops_early():
    rng = np.random.default_rng(8)
    settled = []
    for _ in range(20):  # a true difference of 0.2 in win rate
        result = run_sequential(lambda k: rng.choice([-1, 0, 0, 1, 1], k).tolist(), lo=-1, hi=1,
                                batch=20, max_games=1000)
        settled.append(result.direction)
        assert result.n <= 1000 and (result.settled_at is None or result.settled_at <= result.n)
    assert settled.count("higher") >= 18 and "lower" not in settled


def test_sequential_test_updates_agree_with_one_pass_and_check_the_range():
    rng = np.random.default_rng(9)
    x = rng.choice([0.0, 1.0, 2.0], 120).tolist()
    test = SequentialTest(lo=0, hi=2, reference=1.0, horizon=200)
    for start in range(0, 120, 30):
        test = test.update(x[start:start + 30])
    lower, upper = confidence_sequence(x, lo=0, hi=2, horizon=200)
    assert test.n == 120 and test.interval == (lower[-1], upper[-1])
    assert not test.settled and SequentialTest(lo=0, hi=1).interval == (0, 1)
    with pytest.raises(BadInput, match="stated range"):
        test.update([3.0])
    with pytest.raises(BadInput, match="stated range"):
        confidence_sequence([0.5, 1.5], lo=0, hi=1)
    for bad in ({"lo": 1, "hi": 0}, {"lo": 0, "hi": 1, "alpha": 1.0},
                {"lo": 0, "hi": 1, "reference": 2.0}, {"lo": 0, "hi": 1, "horizon": 0}):
        with pytest.raises(BadInput):
            SequentialTest(**bad)
    with pytest.raises(BadInput, match="must return"):  # a draw that plays nothing cannot loop
        run_sequential(lambda k: [], lo=-1, hi=1)


# --- Ratings --------------------------------------------------------------------------------

def plackett_luce_games(rng: np.random.Generator, theta: np.ndarray, games: int, seats: int,
                        *, repeat: bool = False, tie_prob: float = 0.0) -> list[list[tuple]]:
    """Seeded Plackett-Luce games (a Gumbel perturbation of the log-strengths ranks exactly as
    Plackett-Luce does); with tie_prob, neighbouring places are merged into ties."""
    out = []
    while len(out) < games:
        players = rng.choice(len(theta), seats, replace=repeat)
        if len(set(players)) < 2:
            continue
        order = players[np.argsort(-(theta[players] + rng.gumbel(size=seats)))]
        scores, score = [], 0
        for place in range(seats):
            if place and rng.random() >= tie_prob:
                score -= 1
            scores.append(score)
        out.append([(NAMES[p], s) for p, s in zip(order, scores, strict=True)])
    return out


def centred(ratings) -> np.ndarray:
    values = np.array([r.rating for r in ratings]) / ELO
    return values - values.mean()


def test_ratings_match_choix_on_untied_rankings():
    choix = pytest.importorskip("choix", reason="choix is the reference Plackett-Luce fit")
    rng = np.random.default_rng(10)
    theta = np.array([0.0, 0.5, 1.0, -0.3, 0.2])
    games = plackett_luce_games(rng, theta, 400, 3)
    rankings = [[NAMES.index(name) for name, _ in game] for game in games]
    mine = centred(fit_ratings(games, NAMES, prior_games=0))
    for reference in (choix.ilsr_rankings(5, rankings, alpha=0, tol=1e-12),
                      choix.opt_rankings(5, rankings, alpha=0)):
        assert mine == pytest.approx(reference - reference.mean(), abs=1e-4)


def test_two_player_ratings_are_bradley_terry():
    choix = pytest.importorskip("choix", reason="choix is the reference Bradley-Terry fit")
    rng = np.random.default_rng(11)
    games = plackett_luce_games(rng, np.array([0.0, 0.4, 0.9, -0.5]), 300, 2)
    pairs = [(NAMES.index(g[0][0]), NAMES.index(g[1][0])) for g in games]
    reference = choix.ilsr_pairwise(4, pairs, alpha=0, tol=1e-12)
    mine = centred(fit_ratings(games, NAMES[:4], prior_games=0))
    assert mine == pytest.approx(reference - reference.mean(), abs=1e-4)


def test_a_tie_counts_as_each_of_its_orders_with_equal_weight():
    """choix has no ties, but a tied group of k seats counting as each of its k! orders with
    weight 1/k! is the same likelihood as 24 / (number of orders) copies of each order given to
    choix (the likelihood to the power 24, the same maximum)."""
    choix = pytest.importorskip("choix", reason="choix is the reference Plackett-Luce fit")
    rng = np.random.default_rng(12)
    games = plackett_luce_games(rng, np.array([0.0, 0.6, 1.0, -0.4]), 300, 4, tie_prob=0.3)
    expanded = []
    for game in games:
        groups = [[NAMES.index(n) for n, s in game if s == score]
                  for score in sorted({s for _, s in game}, reverse=True)]
        orders = list(itertools.product(*(itertools.permutations(g) for g in groups)))
        for order in orders:
            expanded += [[p for group in order for p in group]] * (24 // len(orders))
    reference = choix.ilsr_rankings(4, expanded, alpha=0, tol=1e-12)
    mine = centred(fit_ratings(games, NAMES[:4], prior_games=0))
    assert mine == pytest.approx(reference - reference.mean(), abs=1e-4)
    two = fit_ratings([[("a", 1), ("b", 0)], [("a", 0), ("b", 0)]] * 3 +
                      [[("b", 1), ("a", 0)]], ["a", "b"], prior_games=0)
    assert two[1].rating == pytest.approx(ELO * math.log(2.5 / 4.5))  # draws as half wins


def test_ratings_and_their_errors_match_statsmodels_cox_model_with_repeated_policies():
    """Plackett-Luce is Cox's partial likelihood with one stratum per game and the places as
    event times, so statsmodels' PHReg gives the same estimates and observed-information
    standard errors, also when one policy sits at several seats of a game."""
    hazard = pytest.importorskip("statsmodels.duration.hazard_regression",
                                 reason="statsmodels is the reference for the information")
    rng = np.random.default_rng(13)
    games = plackett_luce_games(rng, np.array([0.0, 0.6, -0.4]), 300, 4, repeat=True)
    times, covariates, strata = [], [], []
    for g, game in enumerate(games):
        for place, (name, _) in enumerate(game):
            times.append(place + 1)
            covariates.append([name == "greedy", name == "mcts"])
            strata.append(g)
    fit = hazard.PHReg(np.array(times, float), np.array(covariates, float),
                       status=np.ones(len(times)), strata=np.array(strata)).fit()
    ratings = fit_ratings(games, NAMES[:3], prior_games=0, level=0.95)
    assert [r.rating / ELO for r in ratings[1:]] == pytest.approx(list(fit.params), abs=1e-6)
    half = [(r.hi - r.lo) / 2 / 1.959964 / ELO for r in ratings[1:]]
    assert half == pytest.approx(list(fit.bse), rel=1e-4)
    assert ratings[0].reference and ratings[0].lo == ratings[0].hi == 0.0


def test_the_prior_fit_maximizes_the_stated_penalized_likelihood():
    """Brute force, independent of the MM code: the log-likelihood averaged over every order of
    each tied group, plus prior_games virtual games per policy against strength 1, half won,
    maximized by scipy; the fitted ratings are that maximum."""
    optimize = pytest.importorskip("scipy.optimize", reason="scipy is the reference optimizer")
    rng = np.random.default_rng(17)
    games = plackett_luce_games(rng, np.array([0.0, 0.8, -0.5]), 40, 3, repeat=True,
                                tie_prob=0.3)
    games += [[("greedy", 1), ("random", 0)]] * 5  # greedy never loses to random head to head
    indexed = [[(NAMES.index(n), s) for n, s in game] for game in games]

    def minus_log_posterior(theta: np.ndarray, prior: float = 2.0) -> float:
        total = float(np.sum(prior / 2 * theta - prior * np.log1p(np.exp(theta))))
        for game in indexed:
            groups = [[p for p, s in game if s == score]
                      for score in sorted({s for _, s in game}, reverse=True)]
            orders = list(itertools.product(*(itertools.permutations(g) for g in groups)))
            for order in orders:
                seats = [p for group in order for p in group]
                for k, p in enumerate(seats):
                    rest = theta[seats[k:]]
                    total += (theta[p] - np.log(np.sum(np.exp(rest)))) / len(orders)
        return -total

    best = optimize.minimize(minus_log_posterior, np.zeros(3), method="BFGS",
                             options={"gtol": 1e-10}).x
    ratings = fit_ratings(games, NAMES[:3], prior_games=2.0)
    assert [r.rating for r in ratings] == pytest.approx(list(ELO * (best - best[0])), abs=1e-3)


def test_rating_intervals_cover_the_true_ratings_at_about_the_nominal_rate():
    rng = np.random.default_rng(14)
    theta = np.array([0.0, 0.4, 0.8, -0.3])
    truth = ELO * (theta - theta[0])
    covered = []
    for _ in range(200):
        games = plackett_luce_games(rng, theta, 150, 3, tie_prob=0.1)
        ratings = fit_ratings(games, NAMES[:4])
        covered += [r.lo <= truth[i] <= r.hi for i, r in enumerate(ratings) if i]
    assert 0.90 <= np.mean(covered) <= 0.99


def test_a_policy_that_always_wins_keeps_a_finite_rating_with_the_prior():
    games = [[("mcts", 1), ("greedy", 0), ("random", 0)]] * 20 + \
        [[("greedy", 1), ("random", 0)]] * 10 + [[("random", 1), ("greedy", 0)]] * 10
    ratings = fit_ratings(games, ["random", "greedy", "mcts"])
    assert all(math.isfinite(r.rating) and math.isfinite(r.lo) for r in ratings)
    assert ratings[2].lo > ratings[1].hi  # mcts won every game it played
    with pytest.raises(BadInput, match="prior_games"):
        fit_ratings(games, ["random", "greedy", "mcts"], prior_games=0)


def test_bootstrap_intervals_are_seeded_and_close_to_the_fisher_ones():
    rng = np.random.default_rng(15)
    games = plackett_luce_games(rng, np.array([0.0, 0.5, 1.0]), 300, 3)
    fisher = fit_ratings(games, NAMES[:3], centre=True)
    boot = fit_ratings(games, NAMES[:3], centre=True, bootstrap=200, seed=4)
    assert boot == fit_ratings(games, NAMES[:3], centre=True, bootstrap=200, seed=4)
    assert boot[0].method.startswith("bootstrap") and not any(r.reference for r in boot)
    for f, b in zip(fisher, boot, strict=True):
        assert b.rating == f.rating and b.lo < b.rating < b.hi
        assert (b.hi - b.lo) == pytest.approx(f.hi - f.lo, rel=0.3)
    with pytest.raises(BadInput, match="bootstrap"):
        fit_ratings(games, NAMES[:3], prior_games=0, bootstrap=10)


GAME = st.lists(st.tuples(st.sampled_from(NAMES[:4]), st.integers(0, 3)), min_size=2,
                max_size=5)


@given(st.lists(GAME, min_size=1, max_size=25), st.randoms(use_true_random=False))
def test_ratings_do_not_depend_on_names_or_on_the_order_of_games(games, random):
    players = NAMES[:4]
    anchored = {r.name: r for r in fit_ratings(games, players, anchor="greedy")}
    shuffled = list(games)
    random.shuffle(shuffled)
    renamed = {name: name.upper()[::-1] for name in players}
    order = list(players)
    random.shuffle(order)
    again = fit_ratings([[(renamed[n], s) for n, s in g] for g in shuffled],
                        [renamed[n] for n in order], anchor=renamed["greedy"])
    for r in again:
        original = anchored[next(n for n in players if renamed[n] == r.name)]
        assert (r.rating, r.lo, r.hi, r.games) == pytest.approx(
            (original.rating, original.lo, original.hi, original.games), abs=1e-6)


def test_win_probability_is_the_elo_curve():
    assert win_probability(0, 0) == 0.5
    assert win_probability(400, 0) == pytest.approx(10 / 11)
    assert win_probability(-200, 0) + win_probability(0, -200) == pytest.approx(1.0)
    ratings = fit_ratings([[("a", 1), ("b", 0)]] * 30 + [[("b", 1), ("a", 0)]] * 10, ["a", "b"],
                          prior_games=0)
    assert win_probability(ratings[1], ratings[0]) == pytest.approx(0.25)


@pytest.mark.parametrize("games, players, kwargs", [
    ([[("a", 1)]], ["a", "b"], {}),                       # a game of one seat
    ([[("a", 1), ("c", 0)]], ["a", "b"], {}),             # an unknown policy
    ([[("a", 1), ("b", float("inf"))]], ["a", "b"], {}),  # a score that is not finite
    ([], ["a", "b"], {}),
    ("ab", ["a", "b"], {}),
    ([[("a", 1), ("b", 0)]], ["a", "a"], {}),
    ([[("a", 1), ("b", 0)]], ["a", "b"], {"anchor": "c"}),
    ([[("a", 1), ("b", 0)]], ["a", "b"], {"anchor": "b", "centre": True}),
    ([[("a", 1), ("b", 0)]], ["a", "b"], {"prior_games": -1}),
    ([[("a", 0)] * 13 + [("b", 1)]], ["a", "b"], {}),     # a tie of 13 seats
])
def test_fit_ratings_refuses_bad_input(games, players, kwargs):
    with pytest.raises(BadInput):
        fit_ratings(games, players, **kwargs)


# --- Seat balance ---------------------------------------------------------------------------

WINNERS = st.lists(st.sets(st.integers(0, 3), max_size=4), min_size=1, max_size=40)


@given(WINNERS)
def test_shared_win_shares_and_the_no_winner_share_add_up_to_one(winners):
    seats, nobody = shared_win_shares(winners, players=4)
    assert sum(s.estimate for s in seats) + nobody.estimate == pytest.approx(1.0)
    advantages = tie_adjusted_advantage(winners, players=4)
    assert sum(a.estimate for a in advantages) == pytest.approx(0.0, abs=1e-12)


def test_ties_are_shared_not_counted_as_a_win_for_everyone():
    seats, nobody = shared_win_shares([{0, 1, 2}, {0}, {1}, set()], players=3)
    assert [s.estimate for s in seats] == pytest.approx([1 / 3, 1 / 3, 1 / 12])  # not 1/2, 1/2, 1/4
    assert nobody.estimate == 0.25 and seats[0].method == "Student t"
    plain, _ = shared_win_shares([{0}, {1}, {0}], players=2)
    assert plain[0].method == "Wilson"  # no tie: every value is 0 or 1


def test_seat_balance_p_value_matches_scipys_exact_permutation_test():
    stats = pytest.importorskip("scipy.stats", reason="scipy is the reference permutation test")
    winners = [{0}, {0}, {0}, {1}, {0}, {2}, {0, 1}]
    values = np.zeros((len(winners), 3))
    for g, won in enumerate(winners):
        values[g, list(won)] = 1 / len(won)
    values -= values.mean(axis=1, keepdims=True)

    def largest(*seats, axis=-1):
        return np.abs(np.stack([np.mean(s, axis=axis) for s in seats])).max(axis=0)

    exact = stats.permutation_test([values[:, s] for s in range(3)], largest,
                                   permutation_type="samples", alternative="greater",
                                   n_resamples=10**6).pvalue  # 6^7 orders: enumerated
    balance = seat_balance(winners, 3, resamples=20_000, seed=1)
    assert balance.p_value == pytest.approx(exact, abs=0.01)
    assert balance.seat == 0 and balance.largest == pytest.approx(values[:, 0].mean())


def test_seat_balance_separates_a_first_seat_advantage_from_balance():
    rng = np.random.default_rng(16)
    balanced = [{int(s)} for s in rng.integers(0, 4, 400)]
    skewed = [{int(s)} for s in rng.choice(4, 400, p=[0.34, 0.22, 0.22, 0.22])]
    assert seat_balance(balanced, 4, resamples=1000).p_value > 0.05
    result = seat_balance(skewed, 4, resamples=1000)
    assert result.p_value < 0.01 and result.seat == 0 and result.largest > 0
    assert result.shares[0].direction(reference=0.25) == "higher"


@pytest.mark.parametrize("winners, players", [
    ([{4}], 4), ([{-1}], 4), (["0"], 4), ([], 4), ("01", 2), ([{0}], 0), ([{True}], 2),
])
def test_seat_functions_refuse_bad_input(winners, players):
    with pytest.raises(BadInput):
        shared_win_shares(winners, players)
