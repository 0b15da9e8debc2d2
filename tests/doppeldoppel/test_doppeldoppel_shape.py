"""Doppeldoppel in the one engine shape (issue 26): a frozen View, analysis split by concept, each
name imported from the module that defines it."""

from __future__ import annotations

import dataclasses

import pytest

from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import analysis, simulation, teaching


def test_dd_r9_view_is_a_frozen_slotted_value():
    s = dd.new_game(3, seed=7, first_sp=0)
    s = s.play(s.legal_actions()[0])
    s = s.play(s.legal_actions()[0])  # P2 follows face down
    view = s.view(0)
    assert type(view) is dd.View
    assert not hasattr(view, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert view == s.view(0) and hash(view) == hash(s.view(0))
    assert view.trick[0][1] is not None  # the leader's card is face up
    assert view.trick[1][1] is None  # DD-R9: P2's card is face down to P1


@pytest.mark.parametrize(("module", "names"), [
    (simulation, ["PlaySummary", "SUMMARY_HEADER", "simulate", "variant_survey", "leaders_table"]),
    (teaching, ["SETTING_WORDS", "setting_label", "reading_label", "METRIC_WORDS", "metric_label",
                "sweep_reading_label", "plain_sweep_text", "AMBIGUITIES", "ambiguity_table",
                "play_order_table", "READING_CASES", "reversal_readings_table", "RANK4_PILES",
                "rank4_readings_table"]),
])
def test_moved_analysis_names_are_defined_in_their_own_modules(module, names):
    assert sorted(module.__all__) == sorted(names)
    for name in names:
        value = getattr(module, name)
        if callable(value) and hasattr(value, "__module__"):
            assert value.__module__ == module.__name__, name
    # analysis keeps only what its own functions call, and re-exports none of them (fix7a)
    assert not {"MAX_GAMES", "PlaySummary", "SUMMARY_HEADER", "AMBIGUITIES"} & set(vars(analysis))
