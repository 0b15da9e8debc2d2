"""Groom Lake's legal.py under Doppeldoppel's names (issue 26): :func:`legal.refusal` says why an
action is refused (a RuleError naming the rule, or None), and :func:`legal.action_label` words an
action, beside the listing as in Doppeldoppel's legal.py (no longer in render.py)."""

import random

from doppelnb import RuleError
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import legal, render
from doppelnb.engines.groom_lake.actions import parse_action


def _states(seed: int, steps: int = 150):
    rng = random.Random(seed)
    state = gl.new_game(4, seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state = state.play(rng.choice(state.legal_actions()))


def test_refusal_passes_the_listed_actions_and_names_the_rule_play_raises_for_the_others():
    refused = 0
    for state in _states(3):
        listed = set(state.legal_actions())
        for raw in legal.candidates(state):
            action = parse_action(raw)
            why = legal.refusal(state, action)
            if action in listed:
                assert why is None, (action, why)
                continue
            assert isinstance(why, RuleError) and why.rule and why.reason
            try:
                state.play(action)
            except RuleError as raised:
                assert (raised.rule, raised.reason) == (why.rule, why.reason)
            else:
                raise AssertionError(f"{action} was refused by legal.refusal but played")
            refused += 1
    assert refused > 0


def test_action_label_lives_in_legal_and_words_every_listed_action_as_the_state_does():
    assert not hasattr(render, "action_label")
    state = gl.new_game(4, seed=5)
    assert legal.action_label(state, ("discard", "field_notes")) == "discard field notes"
    assert legal.action_label(state, ("take_life", 2)) == "take a Life token from P3"
    for state in _states(5, 60):
        for action in state.legal_actions():
            label = legal.action_label(state, action)
            assert label == state.action_label(action) and "_" not in label
