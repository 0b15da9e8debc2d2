"""Doppelgänger Tricks widgets: thin views that show the engine's results and its refusals."""

from __future__ import annotations

from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.widgets.doppelganger_tricks import (
    ForecastExplorer,
    TrickBuilder,
    example_stepper,
    game_stepper,
)


def test_trick_builder_shows_result_rule_and_refusals():
    """DT-T10 in the builder: 10T 10D 7C 7S -> DT-R13b; a repeated card shows the refusal."""
    b = TrickBuilder(("10T", "10D", "7C", "7S"))
    assert b.result().winner == 2 and "DT-R13b" in b.view.value
    assert b.declared.disabled
    b.pickers[0].value = "5D"
    assert not b.declared.disabled
    b.declared.value = "T"
    assert b.result().lead_suit == "T"
    b.pickers[1].value = "5D"
    assert "NB-ARG" in b.view.value and "twice" in b.view.value
    b.players.value = 3
    assert len(b.cards) == 3 and all(not c.startswith("10") for c in b.cards)
    assert b.pickers[3].disabled


def test_forecast_explorer_and_steppers():
    f = ForecastExplorer(players=3, seed=2, deals=50)
    assert "best forecast" in f.view.value
    f.policy.value = "random"
    assert f.analysis().policy == "random"
    s = example_stepper("3C 3D 7C 7D", title="Example 6")
    s.show(len(s.states) - 1)
    assert s.state.won == (0, 0, 0, 0) and "nobody" in s.view.value
    g = game_stepper(3, seed=4)
    assert g.states[-1].is_over and g.states[-1] == dt.from_json(g.states[-1].to_json())
    g.flag_pickers["bid_max"].value = "tricks_in_round"
    assert g.states[0].rules.bid_max == "tricks_in_round"


def test_flag_effects_cover_every_flag_reading():
    """Every reading of every flag (DT-A1, A3, A4, A5, A6, A10) has a computed effect row."""
    rows = dt.flag_effects()
    seen = {(r[1], r[2]) for r in rows}
    for info in dt.Rules.flags():
        if info.choices:
            for choice in info.choices:
                assert (info.name, str(choice)) in seen
    effects = {(r[1], r[2]): r[3] for r in rows}
    assert "may not take" in effects[("bonus_max_per_player", "1")]
    assert "may also take" in effects[("bonus_max_per_player", "2")]
    assert effects[("bonus3_applies_to_zero_bid", "True")].endswith("10 points")
    assert effects[("bid_max", "tricks_in_round")].endswith("0 to 10")


def test_game_stepper_names_its_readings_in_words(monkeypatch):
    """The variant pickers and an exported page's extra games say "highest forecast: the tricks
    in the round", not ``bid_max = tricks_in_round``; changing a reading still deals again."""
    import re

    monkeypatch.setenv("DOPPELNB_EXPORT", "1")
    g = game_stepper(3, seed=4)
    raw = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
    shown = [p.description for p in g.flag_pickers.values()]
    shown += [label for p in g.flag_pickers.values() for label, _ in p.options]
    shown += [label for label, _ in g.game_picker.options]
    assert not [s for s in shown if raw.search(s)], shown
    assert g.flag_pickers["bid_max"].description == "highest forecast"
    assert len(g.game_picker.options) > 1 and g.game_picker.index == 0
    monkeypatch.delenv("DOPPELNB_EXPORT")
    live = game_stepper(3, seed=4)
    live.flag_pickers["bid_max"].value = "tricks_in_round"
    assert live.states[0].rules.bid_max == "tricks_in_round"


def test_trick_builder_names_cards_by_play_order():
    b = TrickBuilder(("10T", "10D", "7C", "7S"))
    assert [p.description for p in b.pickers] == ["lead", "2nd", "3rd", "4th"]
