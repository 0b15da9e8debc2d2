"""The direct listings of legal actions (``legal.LISTINGS``) agree with the reference: every
candidate the rules' own checks (``legal.refusal``, with its rule id and reason) do not refuse.

The listings exist for speed (a search asks for the legal actions after every action of every
playout); the rules live in the ``_problem_*`` checks. These games visit every listed phase under
each flag that changes what is legal in it, and compare the two at every state.
"""

import random

import pytest

from doppelnb.core.policy import make_policy
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.legal import LISTINGS, legal_actions, legal_reference

VARIANTS = [
    {},
    {"repeat_actions": False},  # GL-A21
    {"limited_tokens": True},  # GL-A1
    {"give_up": "disabled"},  # GL-A29
    {"crash_site_draw_is_acquire": True},  # GL-A15
    {"crash_site_draw_is_acquire": True, "infection_discardable_from_hand": True},  # GL-A15
    {"open_desert_always_high_heat": True},  # GL-A9
    {"start_tile_terrain": "mountain"},  # GL-A8
    {"hand_limit": 3},  # GL-A24
    {"infection_loss_blockable_by_recovery": True, "zero_tokens_eliminates": True},  # GL-A16
]


def _games(flags, seeds):
    rules = gl.Rules(**flags)
    greedy = make_policy("greedy", "groom_lake")
    for seed in seeds:
        rng = random.Random(seed)
        state = gl.new_game(3 + seed % 4, rules=rules, seed=seed)
        # random players reach every phase; greedy ones walk further into the Desert
        pick = greedy if seed % 3 == 0 else (lambda s, r: r.choice(s.legal_actions()))
        for _ in range(600):
            yield state
            if state.is_over:
                break
            state = state.play(pick(state, rng))


@pytest.mark.parametrize("flags", VARIANTS, ids=lambda f: ",".join(f) or "default")
def test_listings_agree_with_the_rules_checks(flags):
    seen = set()
    for state in _games(flags, range(1, 9)):
        if state.phase in LISTINGS:
            seen.add(state.phase)
        assert legal_actions(state) == legal_reference(state), (state.phase, state.to_json())
    assert {"turn", "pile", "setup_discard", "place"} <= seen


def test_every_listed_phase_is_visited():
    seen = set()
    for flags in VARIANTS:
        for state in _games(flags, range(1, 9)):
            seen.add(state.phase)
    assert set(LISTINGS) <= seen, set(LISTINGS) - seen
