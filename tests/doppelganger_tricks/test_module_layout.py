"""Doppelgänger Tricks split by concept (issue 26): every name is still importable from the module
it lived in before, and is the very object of the module it lives in now.

flow.py (897 lines), analysis.py (691) and state.py (620) were split into deal.py, codes.py,
scoring.py, legal.py and simulation.py; users' code, notebooks and pickles name the old modules,
so each old module re-exports what moved. The lists below are the public names each module
defined before the split (read from its source then), plus the private ones other code imports.
"""

from __future__ import annotations

import importlib
import pickle
import random

import pytest

from doppelnb.engines.doppelganger_tricks import new_game

PACKAGE = "doppelnb.engines.doppelganger_tricks"

#: old module -> {name: the module it lives in now}
MOVED = {
    "flow": {
        **dict.fromkeys(["tricks_per_round", "Hands", "check_hands", "deal", "DECK_CODES",
                         "seeded_stream", "draw_below", "first_player", "deal_masks"], "deal"),
        **dict.fromkeys(["SEATS", "hand_mask", "SUIT_MASKS", "D_MASK", "SUIT_CODE", "CHUNK",
                         "CARDS_OF", "PLAYS_OF", "LEADS_OF_D", "BIDS_UP_TO", "CLAIM_OPTIONS",
                         "mask_cards", "mask_plays", "mask_leads", "trick_winner",
                         "packed_winner"], "codes"),
        **dict.fromkeys(["FORECAST", "round_score"], "scoring"),
        **dict.fromkeys(["explain", "declarable", "check_claim", "action_label"], "legal"),
        **dict.fromkeys(["Book", "Moment", "MOMENT_FIELDS", "may_claim", "score_row",
                         "_NATIVE", "_moment_of"], "flow"),
    },
    "state": {
        **dict.fromkeys(["GAME", "Phase", "State", "new_game", "from_json"], "state"),
        **dict.fromkeys(["played_trick", "trick_record"], "codes"),
        "tricks_per_round": "deal",
    },
    "analysis": {
        **dict.fromkeys(["CENSUS_KEYS", "annihilation_census", "trick_outcome",
                         "census_brute_force", "census_fractions", "FORMULA_KEYS",
                         "census_formulas", "census_closed_form"], "analysis"),
        **dict.fromkeys(["MAX_SIM_ROUNDS", "D_SUIT", "RoundOutcome", "Policy", "policy_random",
                         "policy_greedy", "policy_aim", "POLICIES", "simulate_round",
                         "deal_codes", "FullRound", "simulate_full_round", "ForecastAnalysis",
                         "forecast_analysis", "Rate", "annihilation_rates", "heuristic_bid",
                         "DoppelgangerValue", "doppelganger_value", "_resolve_codes",
                         "_check_rng"], "simulation"),
    },
}


def _module(name: str):
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.mark.parametrize("old, name, home", [
    (old, name, home) for old, names in MOVED.items() for name, home in names.items()])
def test_every_name_is_where_it_was_and_is_its_new_homes_object(old, name, home):
    assert getattr(_module(old), name) is getattr(_module(home), name)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_the_public_names_of_each_old_module_are_in_its_all(old):
    """``from .flow import *`` (and mypy --strict, which reads ``__all__`` as the re-exports)
    still sees every public name the module had."""
    public = {name for name in MOVED[old] if not name.startswith("_")}
    assert public <= set(_module(old).__all__)


def test_a_pickled_state_still_names_the_flow_module():
    """Pickles name ``flow.Book`` and ``flow._moment_of``: the moment and its book stayed in
    flow.py, so a pickle made before the split loads, and a new one round-trips."""
    rng = random.Random(3)
    s = new_game(4, seed=11)
    for _ in range(30):  # into the first trick: forecasts made, cards on the table (DT-R11)
        s = s.play(rng.choice(s.legal_actions()))
    data = pickle.dumps(s)
    assert b"doppelganger_tricks.flow" in data and pickle.loads(data) == s
