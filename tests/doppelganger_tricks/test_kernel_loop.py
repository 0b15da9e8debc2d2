"""Doppelgänger Tricks: the kernel's own checked loop (``kernel.start``, ``Moment.apply``) is the
game ``State.play`` plays, action by action.

The kernel is the part ``make fast`` compiles, and its loop is what the benchmark times against
OpenSpiel (issue 26: "a separate checked Tricks core"). These tests drive a ``State`` and a bare
moment side by side over many seeded games under every variant flag: the same legal lists, the
same next moment for each legal action, the same refusal (class, rule id, reason) for each
refused one, whatever its spelling, and the same final scores. ``make fast-test`` runs them on
the compiled kernel too.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb import RuleError
from doppelnb.engines.doppelganger_tricks import Rules, new_game
from doppelnb.engines.doppelganger_tricks.actions import BIDS, CLAIMS, PASS, PLAYS
from doppelnb.engines.doppelganger_tricks.kernel import Moment, start

#: Every typed action of the game (any seat's claims), and spellings a user may type.
EVERY_ACTION = [*PLAYS.values(), *BIDS, PASS, *(c for seat in CLAIMS for c in seat.values())]
SPELLINGS = [["bid", 3], ["bid", 13], ["bid", -1], ("bid", 2), "4s", " Pass ", ["6D", "C"],
             "6D:X", ["claim", 0, "+1"], ["claim", 5, "+3"], ["claim", 1, "+2"], "11C", 7,
             None, ["play"], "nonsense"]


def outcome(target, action):
    """What ``target.play(action)`` (a state) or ``target.apply(action)`` (a moment) gives:
    ``("ok", value)`` or ``("refused", class, rule, reason)``."""
    try:
        return ("ok", target.play(action) if hasattr(target, "action_log") else
                target.apply(action))
    except RuleError as error:
        return ("refused", type(error), error.rule, error.reason)


def same(state_result, moment_result) -> bool:
    if state_result[0] == "ok":
        return moment_result[0] == "ok" and state_result[1].moment == moment_result[1]
    return state_result == moment_result


def play_side_by_side(players: int, rules: Rules, seed: int, probes: int, rng: random.Random):
    s = new_game(players, rules=rules, seed=seed)
    m = start(players, rules, s.seed)
    assert m == s.moment
    steps = 0
    while True:
        assert list(m.legal()) == s.legal_actions(), steps
        for action in rng.sample(EVERY_ACTION, probes) + rng.sample(SPELLINGS, 3):
            a, b = outcome(s, action), outcome(m, action)
            assert same(a, b), (steps, action, a, b)
        if m.is_over:
            assert s.is_over
            return s, m, steps
        action = rng.choice(m.legal())
        s, m = s.play(action), m.apply(action)
        assert s.moment == m
        steps += 1


@pytest.mark.parametrize("players", [3, 4])
def test_the_kernel_loop_plays_the_states_game_with_the_same_refusals(players):
    rng = random.Random(players)
    for seed in range(6):
        s, m, steps = play_side_by_side(players, Rules(), seed, 6, rng)
        assert m.book.totals == s.scores and m.book.sheet == s.sheet
        assert steps > 40 * players // 4 * players


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from((3, 4)), rules=rules_strategy(Rules),
       seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_the_kernel_loop_agrees_under_every_variant(players, rules, seed, choices):
    s, m, _ = play_side_by_side(players, rules, seed, 4, random.Random(choices))
    assert m.book.totals == s.scores


def test_every_refusal_of_one_moment_matches_the_state():
    """At a few moments of one game, every typed action (not only a sample)."""
    s = new_game(4, rules=Rules(declare_restricted_to_held_suits=True), seed=12)
    m = s.moment
    rng = random.Random(3)
    for _ in range(60):
        for action in itertools.chain(EVERY_ACTION, SPELLINGS):
            a, b = outcome(s, action), outcome(m, action)
            assert same(a, b), (action, a, b)
        action = rng.choice(m.legal())
        s, m = s.play(action), m.apply(action)


def test_a_finished_game_refuses_every_action_alike():
    s = new_game(3, seed=1)
    rng = random.Random(0)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    m: Moment = s.moment
    for action in [PLAYS["4S"], BIDS[0], PASS, ["bid", 1]]:
        a, b = outcome(s, action), outcome(m, action)
        assert a == b and a[2] == "NB-ARG", (action, a, b)


def test_start_deals_as_new_game_with_a_first_player():
    for seed in range(5):
        s = new_game(4, seed=seed, first_player=2)
        assert start(4, Rules(), seed, 2, options=s.options) == s.moment
        assert start(4, Rules(), seed).book.first == new_game(4, seed=seed).round_first
