"""Doppelgänger Tricks: property tests over random legal games and game records."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb import BadInput, RuleError
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import Rules, deck, new_game, round_points

RULES = rules_strategy(Rules)


def check_invariants(s):
    n = s.players
    # cards conserved within the round: hands + current trick + completed tricks = the deck
    on_table = [c for h in s.hands for c in h] + list(s.trick)
    on_table += [c for t in s.tricks for c in t.result.cards]
    if s.phase != "over" or not s.sheet:
        assert Counter(on_table) == Counter(deck(n)) or s.phase == "over"
    # every hand shrinks in step: players who have played this trick hold one card fewer
    sizes = [len(h) for h in s.hands]
    assert all(list(h) == sorted(h, key=dt.Card.sort_key) for h in s.hands)  # sorted C, T, S, D
    assert max(sizes) - min(sizes) <= 1
    # trick counts: each completed trick is won by one player or by nobody (DT-R13c)
    nobody = sum(1 for t in s.tricks if t.result.winner is None)
    assert sum(s.won) + nobody == len(s.tricks)
    assert Counter(s.discards) == Counter(c for t in s.tricks for i, c in
                                          enumerate(t.result.cards) if i in t.result.annihilated)
    # the recorded results are the rules' results
    for t in s.tricks:
        again = dt.resolve_trick(t.result.cards, t.result.declared)
        assert again == t.result
    # bonus cards: distinct holders per card, at most the flag per player
    for p in range(n):
        held = sum(1 for v in s.bonus_holders.values() if v == p)
        assert held == s.claims[p] <= s.rules.bonus_max_per_player
        if s.window == p:
            assert not any(c.suit == "D" for c in s.hands[p])
    # forecasts scored per the rules (DT-R16..R19); totals add up
    for row in s.sheet:
        for p in range(n):
            assert row.points[p] == round_points(row.bids[p], row.won[p], row.bonuses[p],
                                                 s.rules)
    assert tuple(sum(r.points[p] for r in s.sheet) for p in range(n)) == s.totals


@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31), rules=RULES,
       pick=st.integers(0, 2**31))
def test_random_legal_games_keep_invariants_and_replay(players, seed, rules, pick):
    rng = random.Random(pick)
    s = new_game(players, seed=seed, rules=rules)
    states = [s]
    while not s.is_over:
        actions = s.legal_actions()
        assert actions
        s = s.play(rng.choice(actions))
        check_invariants(s)
        states.append(s)
    assert len(s.sheet) == players and s.to_move is None
    for row in s.sheet:  # DT-R17: every round plays all its tricks
        assert sum(row.won) <= dt.tricks_per_round(players)
    text = s.to_json()
    again = dt.from_json(text)
    assert again == s and again.to_json() == text
    assert s.history() == states
    mid = states[len(states) // 2]
    assert dt.from_json(mid.to_json()) == mid


@given(seed=st.integers(0, 2**31))
def test_same_seed_same_game(seed):
    a, b = new_game(4, seed=seed), new_game(4, seed=seed)
    assert a == b and a.hands == b.hands and a.round_first == b.round_first


def test_forecasts_are_secret_until_all_are_made():
    """DT-R6: view(p) shows p's own forecast only, until every forecast is in."""
    s = new_game(3, seed=4, first_player=1)
    s = s.play(["bid", 4])
    v0, v1 = s.view(0), s.view(1)
    assert v1.bids[1] == 4 and v0.bids[1] is None and v0.bid_made == (False, True, False)
    assert v0.hand == tuple(map(str, s.hands[0])) and not hasattr(v0, "hands")
    s = s.play(["bid", 2]).play(["bid", 0])
    assert s.view(0).bids == (0, 4, 2) and s.phase == "play" and s.to_move == 1
    with pytest.raises(BadInput):
        s.view(3)


def test_malformed_records_are_refused():
    s = new_game(3, seed=8)
    good = json.loads(s.play(["bid", 2]).to_json())
    for breakage in (lambda d: d.pop("seed"), lambda d: d.update(game="doppeldoppel"),
                     lambda d: d.update(actions=[["bid", 99]]), lambda d: d.update(players=5),
                     lambda d: d.update(rules={"bid_max": 7}),
                     lambda d: d.update(options={"colour": 1}),
                     lambda d: d.update(actions=["4S"])):
        bad = json.loads(json.dumps(good))
        breakage(bad)
        with pytest.raises(BadInput):
            dt.from_json(json.dumps(bad))
    for text in ("not json", "[1, 2]", b"\xff\xfe"):
        with pytest.raises(BadInput) as err:
            dt.from_json(text)
        assert err.value.rule == "NB-RECORD"


def test_prepared_hands_replay_from_the_record():
    states = dt.example_game("2C 2D 3C 9T")
    last = states[-1]
    assert dt.from_json(last.to_json()) == last
    assert last.options["hands"][0][0] in ("1C", "2C")


def test_claim_action_parsing():
    s = new_game(3, seed=1)
    for bad in (["claim", 7, "+1"], ["claim", 0, "+2"], ["claim", True, "+1"]):
        with pytest.raises(RuleError):
            s.play(bad)


@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31), rules=RULES)
def test_aim_policy_plays_whole_legal_games(players, seed, rules):
    """The sensible policy only ever chooses legal actions, under every flag reading."""
    from doppelnb.core import playout

    states = list(playout(new_game(players, seed=seed, rules=rules), dt.aim_policy, seed=seed))
    last = states[-1]
    assert last.is_over and len(last.sheet) == players
    for row in last.sheet:
        assert all(0 <= b <= dt.tricks_per_round(players) for b in row.bids)
    check_invariants(last)
    assert dt.from_json(last.to_json()) == last


def test_the_package_exports_the_seat_view_as_every_engine_does():
    from doppelnb.engines.doppelganger_tricks import state

    assert dt.View is state.View and "View" in dt.__all__
    assert isinstance(dt.new_game(4, seed=1).view(0), dt.View)
