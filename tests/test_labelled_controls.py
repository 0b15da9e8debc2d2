"""The chapters' explorers use controls that carry an accessible name in a live page (issue 25).

An ipywidgets slider's handle (a noUiSlider ``div role="slider"``) gets no accessible name in
Voilà or JupyterLab, whatever its ``description`` says: axe-core's ``aria-input-field-name``.
A number box (``BoundedIntText``) or a ``Dropdown`` gets a ``<label for=...>`` holding its
description, and a toggle button is named by its own words. These tests hold the explorers and
the notebooks to that, and check that the new controls still drive the same numbers (the browser
audit, tests/browser/test_accessibility.py, checks the pages themselves).
"""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest

from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.widgets import doppeldoppel as ddw
from doppelnb.widgets import doppelganger_quest as dqw
from doppelnb.widgets import doppelganger_tricks as dtw
from doppelnb.widgets import groom_lake as glw

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
#: controls whose description ipywidgets 8 renders as a ``<label for>`` of the input itself
LABELLED = (widgets.BoundedIntText, widgets.IntText, widgets.Dropdown, widgets.Select)
WORDS = re.compile(r"[A-Za-z]{2}")


def walk(root: widgets.Widget) -> list[widgets.Widget]:
    found, stack = [], [root]
    while stack:
        w = stack.pop()
        found.append(w)
        if isinstance(w, widgets.Box):
            stack.extend(w.children)
    return found


def is_slider(w: widgets.Widget) -> bool:
    return any("Slider" in k.__name__ for k in type(w).__mro__)


def controls(root: widgets.Widget) -> list[widgets.Widget]:
    return [w for w in walk(root) if isinstance(w, widgets.ValueWidget)
            and not isinstance(w, widgets.HTML | widgets.HTMLMath | widgets.Label)]


@pytest.fixture(autouse=True)
def live(monkeypatch):
    """The explorers as a live notebook builds them (an export adds its galleries)."""
    monkeypatch.delenv("DOPPELNB_EXPORT", raising=False)


EXPLORERS = {
    "ScoreExplorer": lambda: ddw.ScoreExplorer(counts={4: 3, 5: 3}),
    "ForecastExplorer": lambda: dtw.ForecastExplorer(players=4, seed=3, deals=50),
    "obstacle_odds_explorer": glw.obstacle_odds_explorer,
    "bag_explorer": dqw.bag_explorer,
}


@pytest.mark.parametrize("name", EXPLORERS)
def test_explorer_controls_are_labelled_not_sliders(name):
    found = controls(EXPLORERS[name]())
    assert found, "the explorer has controls"
    assert [w for w in found if is_slider(w)] == []
    for w in found:
        if isinstance(w, widgets.ToggleButtons):
            assert all(WORDS.search(label) for label in w._options_labels), w._options_labels
        else:
            assert isinstance(w, LABELLED), f"{type(w).__name__} {w.description!r}"
            assert WORDS.search(w.description), f"{type(w).__name__} unnamed"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_notebook_builds_no_slider(notebook):
    nb = nbformat.read(notebook, as_version=4)
    found = [c.get("id") for c in nb.cells
             if c.cell_type == "code" and re.search(r"\b\w*Slider\s*\(", c.source)]
    assert found == [], f"cells building a slider (use a Dropdown or a BoundedIntText): {found}"


def test_score_explorer_boxes_keep_the_sliders_range():
    """DD-E4's pile scores 7; each box stops at the deck's count of its rank, as the slider did."""
    se = ddw.ScoreExplorer(counts={1: 2, 2: 2, 3: 1})
    assert [se.kept[r].description for r in dd.RANKS] == [f"{r}s kept" for r in dd.RANKS]
    assert se.breakdown.total == 7
    totals = se.rules.rank_totals()
    assert all((box.min, box.max) == (0, max(totals[r], 1)) for r, box in se.kept.items())
    se.kept[6].value = 99  # typed past the deck: held at the deck's count
    assert se.counts()[6] == totals[6] and se.breakdown == dd.score_breakdown(se.counts(),
                                                                             se.rules)


def test_forecast_explorer_boxes_deal_and_count_as_the_sliders_did():
    f = dtw.ForecastExplorer(players=4, seed=3, deals=50)
    assert (f.seed.min, f.seed.max, f.deals.min, f.deals.max, f.deals.step) == (0, 200, 50, 2000,
                                                                                50)
    # typed, not sent at each keystroke: "150" would otherwise run 1, 15 and 150 deals
    assert not f.seed.continuous_update and not f.deals.continuous_update
    f.seed.value, f.deals.value = 7, 100
    a = f.analysis()
    assert a.deals == 100
    assert a == dt.forecast_analysis(dt.new_game(4, seed=7, first_player=0).hands[0], 4,
                                     deals=100, seed=7, policy="greedy")
    assert a._repr_html_() == f.view.value


def test_odds_explorer_boxes_change_the_pile():
    """GL-R20/R22: Rocky Terrain 9 with rope + shovel + 1 Life is 3 dice, 5/8; without the
    Life it is 2 dice, P(2d6 > 9) = 6/36 = 1/6."""
    box = glw.obstacle_odds_explorer()
    by_name = {w.description: w for w in controls(box)}
    out = box.children[1]
    assert "5/8" in out.value
    by_name["Life tokens"].value = 0
    assert "<b>2 dice</b>" in out.value and "1/6" in out.value
    by_name["value"].value = 99  # typed past the range: held at 40, as the slider was
    assert by_name["value"].value == 40 and "Rocky Terrain 40" in out.value


def test_bag_explorer_pickers_choose_the_precomputed_case():
    """The three dropdowns' indices pick one of the 48 cases (jslinked in the page): 2 black
    and 1 white, 2 drawn: P(at least one white) = 1 - C(2,2)/C(3,2) = 2/3."""
    box = dqw.bag_explorer()
    black, white, draw = box.children[0].children
    assert [w.description for w in (black, white, draw)] == ["black dice", "white dice", "drawn"]
    assert (black.value, white.value, draw.value) == (2, 1, 2)
    view = box.children[1]
    case = view.children[black.index].children[white.index].children[draw.index]
    assert "<b>2/3</b>" in case.value
    assert {(link.source[0], link.target[0].selected_index) for link in box.links
            if link.source[0] is black} == {(black, black.index)}
