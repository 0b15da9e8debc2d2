"""Doppelgänger Tricks: the checked engine's fast paths agree with the rules written plainly.

``State.play`` checks an action by membership in the legal actions, computed once per state and
cached; the rule-by-rule reasons (``legal.explain``) run only for refusals. These tests check, over
random legal games under every variant flag, that the cached legal actions equal a fresh plain
computation, that ``legal.explain`` accepts exactly the legal actions, and that every refusal names
its rule and leaves the state unchanged.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb import BadInput, IllegalAction
from doppelnb.engines.doppelganger_tricks import (
    ALL_CARDS,
    BONUS_NAMES,
    PLAIN_SUITS,
    Rules,
    from_json,
    legal_plays,
    new_game,
)
from doppelnb.engines.doppelganger_tricks import (
    legal as legal_module,
)

RULES = rules_strategy(Rules)


def fields(s) -> dict:
    """The state's value: its moment and its log (the moment's ``legal_cache`` is no part of it)."""
    return {"moment": s.moment, "action_log": s.action_log}

CANDIDATES = ([str(c) for c in ALL_CARDS] + [f"{c}:{s}" for c in ALL_CARDS for s in PLAIN_SUITS]
              + [["bid", b] for b in range(-1, 14)] + ["pass"]
              + [["claim", p, name] for p in range(4) for name in BONUS_NAMES])


def plain_legal(s) -> list:
    """The legal actions straight from the rules, with no cache and no interned tables."""
    if s.phase == "over":
        return []
    if s.phase == "forecast":  # DT-R6, DT-A6
        return [("bid", b) for b in range(s.bid_max + 1)]
    if s.window is not None:  # DT-R15
        return [("claim", s.window, name) for name in BONUS_NAMES
                if s.bonus_holders[name] is None] + ["pass"]
    hand = s.hands[s.to_move]
    if s.trick:  # DT-R9
        return [str(c) for c in legal_plays(hand, s.lead_suit)]
    out: list = []
    for c in hand:  # DT-R7, DT-R8, DT-A10
        if c.suit != "D":
            out.append(str(c))
            continue
        suits = PLAIN_SUITS
        if s.rules.declare_restricted_to_held_suits:
            suits = tuple(x for x in PLAIN_SUITS if any(h.suit == x for h in hand)) or PLAIN_SUITS
        out += [f"{c}:{x}" for x in suits]
    return out


def check_state(s, rng: random.Random) -> None:
    legal = s.legal_actions()
    assert legal == plain_legal(s)
    assert s._compute_legal() == tuple(legal)  # the cache holds a fresh computation
    legal.append("not an action")  # the returned list is the caller's own copy
    assert s.legal_actions() == plain_legal(s)
    before, record = copy.deepcopy(fields(s)), s.to_json()
    if s.is_over:  # the game-over refusal comes before any rule check
        for raw in CANDIDATES:
            with pytest.raises(IllegalAction):
                s.play(raw)
        assert fields(s) == before and s.to_json() == record
        return
    refused = []
    for raw in CANDIDATES:
        try:
            action = s.parse_action(raw)
        except BadInput:
            continue
        try:
            legal_module.explain(s, action)
            explained_legal = True
        except IllegalAction as exc:
            explained_legal = False
            refused.append((raw, exc.rule))
        assert explained_legal == (action in s.legal_actions()), (raw, s.legal_actions())
    for raw, rule in rng.sample(refused, min(6, len(refused))):
        try:
            s.play(raw)
        except IllegalAction as exc:
            assert exc.rule == rule and exc.reason
        else:
            raise AssertionError(f"{raw!r} was accepted")
    assert fields(s) == before and s.to_json() == record  # refusals changed nothing
    assert s.legal_actions() == plain_legal(s)


@settings(max_examples=10)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31), rules=RULES,
       pick=st.integers(0, 2**31))
def test_cached_legal_actions_agree_with_the_rules_and_refusals_change_nothing(players, seed,
                                                                                  rules, pick):
    rng = random.Random(pick)
    s = new_game(players, seed=seed, rules=rules)
    while not s.is_over:
        check_state(s, rng)
        s = s.play(rng.choice(s.legal_actions()))
    check_state(s, rng)


def test_play_without_asking_for_legal_actions_first():
    """``play`` computes the legal set itself when nobody asked for it (e.g. replaying JSON)."""
    s = new_game(4, seed=3)
    moves = []
    while not s.is_over:
        a = random.Random(len(moves)).choice(plain_legal(s))
        moves.append(a)
        s = s.play(list(a) if isinstance(a, tuple) else a)
    again = from_json(s.to_json())
    assert again == s and again.legal_actions() == [] and len(again.actions) == len(moves)


def test_cache_is_no_part_of_the_state_value():
    """Equality, copies and pickles ignore the cache; a state built by ``_evolve`` starts
    without one."""
    s = new_game(3, seed=11, rules=Rules(declare_restricted_to_held_suits=True))
    fresh = from_json(s.to_json())
    s.legal_actions()
    assert s == fresh and fields(s) == fields(fresh)
    assert copy.copy(s) == s and pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(s)).legal_actions() == s.legal_actions()
    t = s._evolve(phase="play", bids=(1, 1, 1), leader=s.round_first)
    assert t.moment.legal_cache is None and t.legal_actions() == plain_legal(t)
