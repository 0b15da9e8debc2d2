"""Doppelgänger Tricks: issue 11's defects, hostile input, hidden information and invariants.

Rulebook: shared/seeds/002_*-doppelganger-tricks.txt (line numbers cited); digest:
shared/rules/doppelganger-tricks.md (rule ids cited).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import numpy as np
import pytest

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import batch, render, simulation
from doppelnb.engines.doppelganger_tricks.rules import TrickResult


# -- rule defects -------------------------------------------------------------------------------
def test_dt_r3_three_player_trick_with_a_ten_is_refused():
    """DT-R3, DT-T1 (rulebook line 48: with 3 players all the 10s leave the deck): a 3-card
    trick holding a 10 cannot occur, so resolve_trick refuses it; 4 players keep their 10s."""
    with pytest.raises(BadInput, match="DT-R3"):
        dt.resolve_trick(["10C", "4C", "9T"])
    with pytest.raises(BadInput, match="DT-R3"):
        dt.resolve_trick(["6D", "10D", "9T"], "C")
    with pytest.raises(BadInput, match="DT-R3"):
        dt.resolve_trick(["4C", "10C", "9T"], players=3)
    assert dt.resolve_trick(["10C", "4C", "9T", "1S"]).winner == 0
    assert dt.resolve_trick(["10C", "4C", "9T", "1S"], players=4).winner == 0
    with pytest.raises(BadInput, match="DT-R11"):  # one card per player
        dt.resolve_trick(["1C", "4C", "9T"], players=4)


def test_dt_r2_a_bonus_card_is_scored_once():
    """DT-R2, DT-R16 (rulebook lines 47 and 118: *two* bonus cards, one +1 and one +3; lines 126
    and 130 give their points): a player cannot hold the same bonus card twice, so naming one
    twice is refused instead of scored twice (it gave 3 + 3 + 3 = 9)."""
    assert dt.round_points(2, 2, ["+3"]) == 6
    assert dt.round_points(2, 2, ["+1", "+3"]) == 7
    for bad in (["+3", "+3"], ["+1", "+1"], ("+1", "+3", "+1")):
        with pytest.raises(BadInput):
            dt.round_points(2, 2, bad)
        with pytest.raises(BadInput):
            dt.bonus_points(bad, 2, 2)


def _claim_state():
    s = dt.new_game(4, seed=0, first_player=0, hands=[
        ["1D", *[f"{n}C" for n in range(1, 10)]],
        [f"{n}T" for n in range(1, 11)],
        [*[f"{n}D" for n in range(2, 7)], *[f"{n}S" for n in range(1, 6)]],
        [*[f"{n}D" for n in range(7, 11)], "10C", *[f"{n}S" for n in range(6, 11)]]])
    for _ in range(4):
        s = s.play(["bid", 1])
    return s.play("1D:C")


def test_bonus_holders_are_not_shared_between_states():
    """Issue 11: the bonus holders dict was shared by successive states; now each call hands out
    a fresh copy of an immutable tuple, so changing it changes no state (DT-R15)."""
    s = _claim_state()
    assert s.window == 0
    t = s.play(["claim", 0, "+1"])
    seen = s.bonus_holders
    seen["+1"] = 3
    seen["+3"] = 2
    assert s.bonus_holders == {"+1": None, "+3": None}
    assert t.bonus_holders == {"+1": 0, "+3": None}
    with pytest.raises(TypeError):  # issue 24: what a view holds is immutable
        t.view(0).bonus_holders["+3"] = 1
    assert t.bonus_holders == {"+1": 0, "+3": None}
    assert dt.from_json(t.to_json()) == t
    assert not t.invariants()


def test_unknown_options_and_float_player_counts_are_bad_input():
    """Issue 11: unknown keyword options are BadInput (not TypeError); new_game(10.0) refused."""
    for bad in (10.0, 4.0, True, "4", None, 5, -3, [4]):
        with pytest.raises(BadInput, match="players"):
            dt.new_game(bad)
    with pytest.raises(BadInput, match="colour"):
        dt.new_game(4, colour="red")
    with pytest.raises(BadInput, match="seed"):
        dt.new_game(4, seed=1.5)
    with pytest.raises(BadInput, match="rules"):
        dt.new_game(4, rules={"bid_max": 12})
    with pytest.raises(BadInput, match="first_player"):
        dt.new_game(4, first_player=True)
    assert dt.PLAYER_COUNTS == (3, 4)


# -- hostile input: every public function -------------------------------------------------------
S4 = dt.new_game(4, seed=3)
HUGE = 10**12
HOSTILE = [
    (dt.card, (None,)), (dt.card, (10,)), (dt.card, ("X" * 10**5,)), (dt.card, ("11C",)),
    (dt.cards, (5,)), (dt.cards, ({"6D": 1},)), (dt.cards, (["6D"] * 41,)),
    (dt.deck, (3.0,)), (dt.deck, (True,)), (dt.deck, ("4",)), (dt.deck, (5,)),
    (dt.Card, (11, "C")), (dt.Card, (1, "X")), (dt.Card, (1.0, "C")),
    (dt.resolve_trick, (None,)), (dt.resolve_trick, (7,)), (dt.resolve_trick, (["6C"] * 4,)),
    (dt.resolve_trick, (["6C", "7C"],)), (dt.resolve_trick, (["6D", "7C", "8C"], 3)),
    (dt.resolve_trick, (["6D", "7C", "8C"], "X")), (dt.resolve_trick, (["6C", "7C", "8C"],),
                                                     {"players": 3.0}),
    (dt.legal_plays, (None, "C")), (dt.legal_plays, (["6C"], 4)), (dt.legal_plays, (["6C"], "D")),
    (dt.legal_plays, (["6C", "6C"], "C")), (dt.legal_plays, (["1C"] * 13, None)),
    (dt.forecast_points, (1.0, 1)), (dt.forecast_points, (True, 1)), (dt.forecast_points, (-1, 1)),
    (dt.forecast_points, (1, HUGE)), (dt.forecast_points, ("3", 1)),
    (dt.bonus_points, (["+2"], 1, 1)), (dt.bonus_points, ("+1", 1, 1)),
    (dt.bonus_points, (["+1"], 1, 1, "rules")), (dt.bonus_points, ([None], 1, 1)),
    (dt.round_points, (1, 1, ["+1"], 5)), (dt.round_points, (1, None)),
    (dt.tricks_per_round, (2,)), (dt.tricks_per_round, (4.5,)),
    (dt.new_game, (4,), {"hands": "abc"}), (dt.new_game, (4,), {"hands": [[1]] * 4}),
    (dt.new_game, (3,), {"hands": [["1C"] * 12] * 3}),
    (dt.from_json, ("{",)), (dt.from_json, (5,)), (dt.from_json, ("[" * 100_000,)),
    (S4.play, (None,)), (S4.play, (3.5,)), (S4.play, (["bid", 1.5],)), (S4.play, (["bid", True],)),
    (S4.play, (["claim", 1.0, "+1"],)), (S4.play, (["claim", 0, "+7"],)), (S4.play, ({},)),
    (S4.play, ("6D:X",)), (S4.play, ("X" * 10**5,)), (S4.play, ([["bid"]],)),
    (S4.view, (1.0,)), (S4.view, (True,)), (S4.view, (4,)), (S4.view, ("0",)),
    (dt.Rules, (), {"bid_max": 13}), (dt.Rules, (), {"suit_labels": 5}),
    (dt.Rules, (), {"nonsense": 1}),
    (dt.example_game, ("6C 6D",)), (dt.example_game, ("6C 6D 4C 9T",), {"bids": [1]}),
    (dt.example_game, ("6C 7C 10C",)), (dt.example_game, ("6C 7C 8C",), {"seed": -1}),
    (dt.annihilation_census, (5,)), (dt.annihilation_census, (4,), {"numbers": 0}),
    (dt.annihilation_census, (4,), {"numbers": 2.0}), (dt.annihilation_census_brute_force, (4,),
                                                       {"numbers": HUGE}),
    (dt.census_fractions, (None,)),
    (dt.simulate_round, ([[0, 1], [2, 3]], 0, "random", random.Random(1))),
    (dt.simulate_round, ([[0], [1], [2]], 0, "random", 5)),
    (dt.simulate_round, ([[0], [1], [2]], 3, "random", random.Random(1))),
    (dt.simulate_round, ([[0], [0], [2]], 0, "random", random.Random(1))),
    (dt.simulate_round, ([[0], [9], [2]], 0, "random", random.Random(1))),
    (dt.simulate_round, ([[0], [1], [2]], 0, "best", random.Random(1))),
    (dt.simulate_round, ([[0], [1], [2]], 0, "random", random.Random(1), [1])),
    (dt.forecast_analysis, (["1C"] * 12, 3)), (dt.forecast_analysis, ("1C 2C", 3)),
    (dt.forecast_analysis, ([c for c in dt.deck(4)][:10], 4), {"deals": HUGE}),
    (dt.forecast_analysis, ([c for c in dt.deck(4)][:10], 4), {"seat": 4}),
    (dt.forecast_analysis, ([c for c in dt.deck(4)][:10], 4), {"policy": None}),
    (dt.annihilation_rates, (4,), {"rounds": HUGE}),
    (dt.annihilation_rates, (4,), {"rounds": HUGE, "policy": "greedy"}),
    (dt.annihilation_rates, (4,), {"rounds": 0}), (dt.annihilation_rates, (4,), {"seed": 0.5}),
    (dt.annihilation_rates, (4,), {"policy": "clever"}),
    (dt.doppelganger_value, (4,), {"rounds": HUGE}), (dt.doppelganger_value, (4,),
                                                      {"rounds": True}),
    (dt.heuristic_bid, ([99], 4)), (dt.heuristic_bid, ([1], 5)), (dt.heuristic_bid, (7, 4)),
    (dt.aim_policy, (None, random.Random(0))), (dt.aim_policy, (S4, 0)),
    (dt.batched_rounds, (4, HUGE)), (dt.batched_rounds, (4, 10**6), {"record": True}),
    (dt.batched_rounds, (4, 10), {"record": 1}), (dt.batched_rounds, (4, 10), {"chunk": 0}),
    (dt.batched_rounds, (4.0, 10)), (dt.resolve_batch, ([[1, 2, 3]], [0])),
    (dt.resolve_batch, (np.array([[1, 2, 99]]), np.array([0]))),
    (dt.resolve_batch, (np.array([[1, 2, 3]]), np.array([0, 1]))),
    (dt.card_svg, ("6Q",)), (dt.card_svg, ("6C",), {"labels": 5}),
    (dt.hand_svg, (7,)), (dt.hand_svg, (["6C"],), {"title": 5}),
    (dt.trick_svg, ("6C 7C 8C",)), (dt.trick_svg, (dt.resolve_trick("6C 7C 8C"),),
                                    {"seats": [0, 1]}),
    (dt.scoring_table_html, ([(1, 1, ["+3", "+3"], 9)],)), (dt.scoring_table_html, (5,)),
    (dt.score_sheet_html, ({},)), (render.state_html, (None,)), (render.forecasts_html, (3,)),
    (dt.census_table, ({5: {}},)), (dt.census_chart, ([],)), (dt.census_table, ({},)),
    (dt.annihilation_rates_html, ({"6C": 0.5},)), (dt.annihilation_rates_html, (None,)),
    (simulation.deal_codes, (4, None)), (simulation.deal_codes, (4, random.Random(0), [0] * 10)),
    (dt.Rules().label, ("X",)),
]


@pytest.mark.parametrize("case", HOSTILE, ids=lambda c: re.sub(r" at 0x[0-9a-f]+", "", f"{c[0].__name__}{c[1]!r}")[:50])
def test_hostile_input_is_bad_input(case):
    """Issue 11: every public function refuses malformed input with BadInput (never another
    exception) and names what was wrong."""
    func, args, *rest = case
    kwargs = rest[0] if rest else {}
    before = S4.to_json()
    with pytest.raises(BadInput) as info:
        func(*args, **kwargs)
    assert str(info.value)
    assert S4.to_json() == before


def test_dt_r6_illegal_actions_are_rule_errors_and_change_nothing():
    s = dt.new_game(3, seed=1)
    for action in (["bid", 13], ["bid", -1], "4C", "pass", ["claim", 0, "+1"]):
        with pytest.raises(IllegalAction):
            s.play(action)
    assert s == dt.new_game(3, seed=1)


def test_documented_limits_are_the_limits():
    """The limits named in the docstrings: at the limit the call is accepted (checked without
    running it by the refusal message of the next value)."""
    with pytest.raises(BadInput, match="200000"):
        dt.doppelganger_value(3, rounds=simulation.MAX_SIM_ROUNDS + 1)
    with pytest.raises(BadInput, match="1000000"):
        dt.batched_rounds(3, batch.MAX_BATCH_ROUNDS + 1)
    with pytest.raises(BadInput, match="100000"):
        dt.batched_rounds(3, batch.MAX_RECORDED_ROUNDS + 1, record=True)
    assert "200,000" in (dt.forecast_analysis.__doc__ or "")
    assert "1,000,000" in (dt.batched_rounds.__doc__ or "")


# -- hidden information -------------------------------------------------------------------------
def _random_games(count, seed=0):
    rng = random.Random(seed)
    for g in range(count):
        s = dt.new_game(rng.choice(dt.PLAYER_COUNTS), seed=g, rules=dt.Rules(
            bonus_max_per_player=rng.choice((1, 2)),
            bonus_claim_window=rng.choice(("any_own_turn", "first_opportunity_only"))))
        states = [s]
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
            states.append(s)
        yield states


def test_views_show_nothing_a_player_may_not_know():
    """DT-R4 (rulebook line 49: do not show your cards) and DT-R6 (forecasts are secret until
    everyone has made one): at every state of random games, view(p) holds p's own hand, only
    the sizes of the others' hands, no card of another hand and no other forecast during the
    forecast phase."""
    checked = 0
    for states in _random_games(6):
        for s in states:
            for p in range(s.players):
                v = s.view(p)
                text = repr(v)
                assert v.hand == tuple(str(c) for c in s.hands[p])
                assert v.hand_sizes == tuple(len(h) for h in s.hands)
                for q in range(s.players):
                    if q != p:
                        for c in s.hands[q]:
                            assert f"'{c}'" not in text, (p, q, c)
                if s.phase == "forecast":
                    assert all(b is None for q, b in enumerate(v.bids) if q != p)
                checked += 1
    assert checked > 1000


def test_views_do_not_depend_on_the_others_hidden_cards():
    """Two deals that differ only in how the other players' cards are split give player 0 the
    same view through the forecasts and P1's first lead (DT-R4, DT-R6)."""
    pack = list(dt.deck(4))
    own, rest = pack[:10], pack[10:]
    a = [own, rest[:10], rest[10:20], rest[20:]]
    b = [own, rest[20:], rest[:10], rest[10:20]]
    sa = dt.new_game(4, seed=2, first_player=0, hands=a)
    sb = dt.new_game(4, seed=2, first_player=0, hands=b)
    for bid in (2, 0, 3, 1):
        assert sa.view(0) == sb.view(0)
        sa, sb = sa.play(["bid", bid]), sb.play(["bid", bid])
    assert sa.view(0) == sb.view(0)
    assert sa.view(1) != sb.view(1)  # the views do show a player's own hand


# -- conserved quantities -----------------------------------------------------------------------
def test_invariants_hold_in_random_games():
    count = 0
    for states in _random_games(8, seed=1):
        for s in states:
            assert s.invariants() == ()
            count += 1
    assert count > 500


def test_invariants_report_violations():
    s = dt.new_game(4, seed=0)
    for _ in range(4):
        s = s.play(["bid", 1])
    s = s.play(s.legal_actions()[0])
    assert s.invariants() == ()
    broken = s._evolve(totals=(1, 0, 0, 0))
    assert any("scores" in v for v in broken.invariants())
    lost = s._evolve(hands=(s.hands[0][1:],) + s.hands[1:])
    assert any("cards" in v for v in lost.invariants())
    twice = s._evolve(holders=(0, 0))
    assert any("bonus" in v for v in twice.invariants())


def test_public_results_are_copies():
    """Nothing a public call hands out is shared with a state."""
    s = dt.new_game(4, seed=4)
    acts = s.legal_actions()
    acts.clear()
    assert s.legal_actions()
    v = s.view(0)
    with pytest.raises(AttributeError):  # issue 26: a view is a frozen dataclass
        v.hand = ()  # type: ignore[misc]
    with pytest.raises(TypeError):  # issue 24: what a view holds is immutable
        v.hand_sizes[0] = 99
    assert s.view(0).hand and s.view(0).hand_sizes[0] == 10
    assert isinstance(dt.resolve_trick("6C 6D 4C 9T"), TrickResult)
    assert Fraction(1, 2) != 0  # keep the import honest for readers: exact fractions elsewhere


def test_rule_errors_are_the_only_refusals():
    assert issubclass(BadInput, RuleError) and issubclass(IllegalAction, RuleError)
