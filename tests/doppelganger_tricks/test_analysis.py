"""Doppelgänger Tricks analyses: the exact census against its brute-force twin, and the
simulators (integer and numpy) against the checked engine."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelnb import BadInput
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import (
    ALL_CARDS,
    annihilation_census,
    annihilation_census_brute_force,
    legal_plays,
    resolve_trick,
)
from doppelnb.engines.doppelganger_tricks.simulation import (
    _resolve_codes,
    deal_codes,
    simulate_round,
)

BY_CODE = {c.index: c for c in ALL_CARDS}
SUIT_OF = "CTS"


def test_census_matches_brute_force_on_the_three_player_deck():
    """Every ordered 3-card trick of the 36-card deck (x3 declarations for a led D card)."""
    exact = annihilation_census(3)
    assert exact == annihilation_census_brute_force(3)
    assert exact["tricks"] == (27 + 9 * 3) * 35 * 34 == 64260
    assert exact["double_annihilation"] == exact["no_winner"] == 0  # 3 cards hold one pair


@pytest.mark.parametrize("players, numbers", [(4, 3), (4, 4), (3, 2), (3, 5), (4, 1)])
def test_census_matches_brute_force_on_small_decks(players, numbers):
    assert annihilation_census(players, numbers=numbers) == annihilation_census_brute_force(
        players, numbers=numbers)


def test_census_four_players_closed_form_facts():
    c = annihilation_census(4)
    assert c["tricks"] == 3 * 20 * math.perm(39, 3) == 3290040
    # two pairs in a 4-card trick leave nothing: double annihilation = no winner (DT-E8)
    assert c["double_annihilation"] == c["no_winner"] == 3 * 20 * 9 * math.factorial(3)
    assert set(c) == set(dt.CENSUS_KEYS)
    assert dt.census_fractions(4)["no_winner"] == Fraction(c["no_winner"], c["tricks"])
    with pytest.raises(BadInput):
        annihilation_census(5)
    with pytest.raises(BadInput):
        annihilation_census(4, numbers=11)


@given(st.sampled_from((3, 4)).flatmap(lambda n: st.lists(
           st.sampled_from([c.index for c in dt.deck(n)]), min_size=n, max_size=n, unique=True)),
       st.integers(0, 2))
def test_integer_resolver_is_the_twin_of_resolve_trick(codes, declared):
    cards = [BY_CODE[c] for c in codes]
    lead_is_d = cards[0].suit == "D"
    r = resolve_trick(cards, SUIT_OF[declared] if lead_is_d else None)
    win, gone = _resolve_codes(codes, declared if lead_is_d else codes[0] // 10)
    assert (r.winner if r.winner is not None else -1) == win
    assert r.annihilated == tuple(sorted(gone))


def _replay_in_engine(hands, first, outcome):
    """Drive the checked engine with the plays of a simulated round."""
    n = len(hands)
    s = dt.new_game(n, seed=0, first_player=first,
                    hands=[[str(BY_CODE[c]) for c in h] for h in hands])
    for _ in range(n):
        s = s.play(["bid", 3])
    for _player, code, declared in outcome.plays:
        c = BY_CODE[code]
        s = s.play(f"{c}:{SUIT_OF[declared]}" if declared >= 0 else str(c))
        while s.window is not None:
            s = s.play("pass")
    return s


@pytest.mark.parametrize("policy", ["random", "greedy", "aim"])
def test_simulated_rounds_replay_in_the_checked_engine(policy):
    rng = random.Random(7)
    for players in (3, 4):
        for _ in range(4):
            hands = deal_codes(players, rng)
            first = rng.randrange(players)
            out = simulate_round(hands, first, policy, rng, [2] * players)
            s = _replay_in_engine(hands, first, out)
            assert s.sheet[-1].won == tuple(out.won)
            assert sorted(s.last_round_tricks and [c.index for t in s.last_round_tricks
                                                   for i, c in enumerate(t.result.cards)
                                                   if i in t.result.annihilated]) == sorted(
                out.annihilated)


def test_batched_rounds_follow_the_rules():
    """Every recorded batch trick is legal (DT-R9) and resolved as resolve_trick does."""
    for players in (3, 4):
        out = dt.batched_rounds(players, 40, seed=3, record=True)
        n, h = players, 36 // 3 if players == 3 else 10
        assert out.tricks.shape == (40, h, n)
        assert (out.won.sum(axis=1) + out.no_winner == h).all()
        for r in range(40):
            hands = [list(map(int, out.hands[r, p])) for p in range(n)]
            for t in range(h):
                leader = int(out.leaders[r, t])
                lead = int(out.lead_suits[r, t])
                cards = [BY_CODE[int(c)] for c in out.tricks[r, t]]
                for k, c in enumerate(cards):
                    seat = (leader + k) % n
                    hand = [BY_CODE[x] for x in hands[seat]]
                    assert c in legal_plays(hand, None if k == 0 else SUIT_OF[lead])
                    hands[seat].remove(c.index)
                declared = SUIT_OF[lead] if cards[0].suit == "D" else None
                res = resolve_trick(cards, declared)
                want = -1 if res.winner is None else (leader + res.winner) % n
                assert int(out.winners[r, t]) == want
                if t + 1 < h:
                    assert int(out.leaders[r, t + 1]) == (leader if want < 0 else want)
            assert not any(hands)


def test_batched_and_integer_simulators_agree_statistically():
    """Both random-policy simulators give the same mean number of annihilated cards a round."""
    batch = dt.batched_rounds(4, 4000, seed=1)
    b_mean = batch.annihilated_per_card.sum() / 4000
    rng = random.Random(2)
    lean = [len(simulate_round(deal_codes(4, rng), 0, "random", rng).annihilated)
            for _ in range(800)]
    l_mean, l_sd = np.mean(lean), np.std(lean)
    assert abs(b_mean - l_mean) < 5 * l_sd / math.sqrt(800)


def test_annihilation_rates_are_seeded_with_intervals():
    a = dt.annihilation_rates(3, rounds=300, seed=4)
    b = dt.annihilation_rates(3, rounds=300, seed=4)
    assert a == b and len(a) == 36 and "10C" not in a
    for rate in a.values():
        lo, hi = rate.interval
        assert 0 <= lo <= rate.value <= hi <= 1 and rate.trials == 300
    g = dt.annihilation_rates(4, rounds=60, seed=1, policy="greedy")
    assert len(g) == 40
    with pytest.raises(BadInput):
        dt.annihilation_rates(4, rounds=0)
    with pytest.raises(BadInput):
        dt.annihilation_rates(4, rounds=10, policy="clever")


def test_forecast_analysis_distribution_and_bid_values():
    hand = [str(c) for c in dt.deck(3)[:12]]  # 1C..9C, 1T..3T
    fa = dt.forecast_analysis(hand, 3, deals=150, seed=2, policy="greedy")
    assert sum(fa.counts.values()) == 150 and max(fa.counts) <= 12
    assert fa == dt.forecast_analysis(hand, 3, deals=150, seed=2, policy="greedy")
    for b in range(13):
        assert fa.expected_points(b) == Fraction(
            sum(dt.forecast_points(b, w) * k for w, k in fa.counts.items()), 150)
    assert fa.expected_points(fa.best_bid) == max(fa.expected_points(b) for b in range(13))
    assert "best forecast" in fa._repr_html_()
    rnd = dt.forecast_analysis(hand, 3, deals=50, seed=2, policy="random")
    assert sum(rnd.counts.values()) == 50


def test_doppelganger_value_groups_every_player_round():
    dv = dt.doppelganger_value(4, rounds=120, seed=3)
    assert sum(r.trials for r in dv.hit.values()) == 480
    assert all(0 <= r.hits <= r.trials for r in dv.hit.values())
    assert "hit rate" in dv._repr_html_()


def _check_whole_rounds(players, bids, won, holders, points):
    """Each round's points are the engine's round_points of its forecast, tricks and bonuses."""
    tricks = dt.tricks_per_round(players)
    for b, w, h, pts in zip(bids, won, holders, points, strict=True):
        assert sum(w) <= tricks and all(0 <= x <= 12 for x in b)
        assert h[0] == -1 or h[0] != h[1]  # DT-A3 default: one bonus card per player
        for p in range(players):
            held = [name for name, who in zip(dt.BONUS_NAMES, h, strict=True) if who == p]
            assert pts[p] == dt.round_points(int(b[p]), int(w[p]), held)


@pytest.mark.parametrize("players", [3, 4])
def test_whole_round_simulators_score_as_the_engine(players):
    """DT-R6, DT-R15, DT-R16, DT-R18: the integer simulator and the numpy batch play forecasts,
    bonus claims and scoring; every score equals the engine's round_points, and both claim
    the bonus cards about as often as the checked engine's random player."""
    from doppelnb.core.state import play_to_end
    from doppelnb.engines.doppelganger_tricks.simulation import simulate_full_round

    rng = random.Random(players)
    lean = [simulate_full_round(players, rng) for _ in range(400)]
    _check_whole_rounds(players, [r.bids for r in lean], [r.won for r in lean],
                        [r.holders for r in lean], [r.points for r in lean])
    out = dt.batched_rounds(players, 400, seed=2, forecasts=True)
    _check_whole_rounds(players, out.bids, out.won, out.holders, out.points)
    engine = [row for g in range(20) for row in
              play_to_end(dt.new_game(players, seed=g), seed=g).sheet]
    claimed = [sum(1 for bs in row.bonuses for _ in bs) / 2 for row in engine]
    for rate in (sum((h >= 0).sum() for h in out.holders) / (2 * 400),
                 sum(sum(x >= 0 for x in r.holders) for r in lean) / (2 * 400)):
        assert abs(rate - sum(claimed) / len(claimed)) < 0.1


def test_simulate_counts_the_score_sheets_of_the_core_simulations_games():
    """``simulate`` is ``doppelnb.core.simulate.simulate``'s games, counted: recomputed here from
    those very final states (DT-R18 exact forecasts, DT-R15 bonus cards, DT-R20 winners)."""
    from doppelnb.core.simulate import simulate as core_simulate
    from doppelnb.core.state import top_scorers

    summary = dt.simulate(4, players=4, seed=3)
    sim = core_simulate("doppelganger_tricks", 4, players=4, seed=3)
    assert summary.games == 4 and summary.players == 4 and summary.policy == "random"
    assert summary.totals == tuple(tuple(end.totals) for end in sim.finals)
    rows = [row for end in sim.finals for row in end.sheet]
    assert len(rows) == 4 * 4 and summary.forecasts == 4 * len(rows)
    assert summary.exact == sum(b == w for row in rows for b, w in zip(row.bids, row.won, strict=True))
    assert summary.bonus_cards == sum(len(h) for row in rows for h in row.bonuses)
    assert summary.wins == tuple(sum(p in top_scorers(end.totals) for end in sim.finals)
                                 for p in range(4))
    assert summary.exact_rate == Fraction(summary.exact, summary.forecasts)
    assert dt.simulate(2).players == 3  # the smallest table by default


@pytest.mark.parametrize("kwargs", [{"players": 5}, {"players": True}, {"rules": "default"},
                                    {"games": 0}, {"policy": "nobody"}, {"seed": -1}])
def test_simulate_refuses_bad_arguments(kwargs):
    with pytest.raises(BadInput):
        dt.simulate(**{"games": 1, **kwargs})
