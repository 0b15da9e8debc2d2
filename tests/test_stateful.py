"""Hypothesis stateful tests, one state machine per engine (issue 11).

Each machine mixes legal actions, illegal actions (legal elsewhere, not here) and garbage of any
JSON-ish type, and checks after each step: a refusal is a ``RuleError`` and changes nothing (no
other exception escapes), the conserved quantities hold, the JSON record round-trips and replays
to an equal state, and the player to move has a legal action unless the game is over.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import doppelnb
from doppelnb import RuleError

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=True)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(st.text(max_size=8), inner)
    | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
# Near misses: action shapes the engines use, with a wrong type inside.
NEAR_MISSES = st.sampled_from([
    ("target", None), ("ff", 1.5), ("hand", "x"), ("heal", None), ("bid", True), ("bid", 2.0),
    ("claim", None, "+1"), ("place", 3, 4, 90.5), ("guess", "red", None), ("power", -1, -1),
    ("start", None), ["move", 1, "x"], "10", "Y", "6D:Z", 10**30, -1,
])


def machine_for(game: str) -> type[RuleBasedStateMachine]:
    module = doppelnb.GAMES[game]

    class EngineMachine(RuleBasedStateMachine):
        @initialize(players=st.sampled_from(module.PLAYER_COUNTS), seed=st.integers(0, 10**6))
        def start(self, players, seed):
            self.state = module.new_game(players, seed=seed)
            self.seen = [self.state]

        def _refused(self, action):
            before = copy.deepcopy(self.state)
            try:
                after = self.state.play(action)
            except RuleError as exc:
                assert exc.rule and exc.reason, "a refusal names a rule and a reason"
                assert self.state == before, f"refusing {action!r} changed the state"
                return
            # The action was legal after all (garbage can be legal): it must be one of them.
            assert not self.state.is_over
            self.state = after
            self.seen.append(after)

        @rule(data=st.data())
        def play_legal(self, data):
            if self.state.is_over:
                return
            legal = self.state.legal_actions()
            self.state = self.state.play(data.draw(st.sampled_from(legal)))
            self.seen.append(self.state)

        @rule(junk=JSONISH | NEAR_MISSES)
        def play_garbage(self, junk):
            self._refused(junk)

        @rule(data=st.data())
        def play_action_of_another_moment(self, data):
            other = data.draw(st.sampled_from(self.seen))
            if other.is_over:
                return
            self._refused(data.draw(st.sampled_from(other.legal_actions())))

        @invariant()
        def conserved_quantities_hold(self):
            assert self.state.invariants() == ()

        @invariant()
        def no_deadlock(self):
            assert self.state.is_over or self.state.legal_actions()

        @invariant()
        def record_replays(self):
            text = self.state.to_json()
            assert module.from_json(text) == self.state
            assert doppelnb.load(text).to_json() == text

    EngineMachine.__name__ = f"{game}_machine"
    return EngineMachine


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_engine_state_machine(game):
    machine = machine_for(game)
    machine.TestCase.settings = settings(
        max_examples=12, stateful_step_count=25, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    machine.TestCase().runTest()
