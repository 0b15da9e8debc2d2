"""Groom Lake widgets: thin views that show the engine's own numbers and pictures."""

from doppelnb.engines import groom_lake as gl
from doppelnb.widgets import groom_lake as views


def test_desert_stepper_steps_and_regenerates():
    stepper = views.desert_stepper(max_turns=4, seed=2)
    assert len(stepper.states) > 5 and "shortest path to START" in stepper.view.value
    stepper.show(len(stepper.states) - 1)
    last = stepper.state
    assert f"{last.team_distance()} step" in stepper.view.value
    stepper.seed_box.value = 3
    stepper.regenerate()
    assert stepper.states[0].seed == 3
    stepper.flag_pickers["distance_mode"].value = "tiles_inclusive"
    assert stepper.states[0].rules.distance_mode == "tiles_inclusive"


def test_odds_explorer_shows_exact_fractions():
    box = views.obstacle_odds_explorer()
    out = box.children[1]
    assert "5/8" in out.value  # rope + shovel + 1 Life = 3 dice against Rocky Terrain 9
    html = views.odds_html("high_heat", 7, {"canteen": 1}, 1, 4)
    assert "15/36" not in html and "5/12" in html  # 2 dice > 7 = 15/36 = 5/12
    refused = views.odds_html("high_heat", 7, {"souvenir": 1}, 0, 4)
    assert "GL-R19" in refused


def test_placement_explorer_explains_candidates():
    state = gl.new_game(4, seed=4)
    box = views.placement_explorer(state)
    picker, pages = box.children[0].children[0], box.children[1]
    # every tile's report is rendered once; the picker's index selects it (jslink, offline too)
    assert len(pages.children) == len(picker.options) > 1
    assert "priority" in pages.children[0].value
    assert all("<table" in page.value for page in pages.children)
    assert pages.selected_index == picker.index == 0
