"""Pictures, tables, charts and controls a class can read (issue 25, "pictures a class can read"):
every table header has a name, every titled picture is one named image, charts and pickers say
things in words rather than in the program's names, and the stepper's rows wrap. The browser
tests (tests/browser/test_accessibility.py) check the same pages with axe-core; these check the
markup that goes into them, without a browser."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest
from toy_game import Rules, module

from doppelnb.core import RulesBase, flag
from doppelnb.core.render import Svg, bar_chart, html_table, line_chart, plain_words
from doppelnb.core.sweep import (
    METRIC_LABELS,
    METRICS,
    Table,
    balance_summary,
    game_label,
    metric_label,
    mix_label,
    reading_label,
)
from doppelnb.widgets import GameStepper

# -- tables and pictures ------------------------------------------------------------------------

HEADER = re.compile(r"<th[^>]*>(.*?)</th>", re.S)


def test_every_header_cell_has_words_an_empty_corner_hidden_ones():
    markup = html_table(["", "P1", "", "P3"], [["forecast", 1, 2, 3]])
    heads = HEADER.findall(markup)
    assert [re.sub(r"<[^>]+>", "", h) for h in heads] == ["row", "P1", "column 3", "P3"]
    assert 'clip:rect(0,0,0,0)' in heads[0] and "clip" not in heads[1]  # read, not shown
    assert markup.count('<th scope="col"') == 4
    named = html_table(["", "who"], [["a", "b"]], corner="seat")
    assert re.sub(r"<[^>]+>", "", HEADER.findall(named)[0]) == "seat"


def test_a_titled_picture_is_one_named_image():
    svg = str(Svg(20, 10, title="a card"))
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert re.search(r"<svg[^>]*><title>a card</title>", svg)
    # an engine that already says role="img" keeps one role attribute
    assert str(Svg(20, 10, title="x", role="img")).count("role=") == 1
    assert "role=" not in str(Svg(20, 10))  # no name, no claim to be an image


def test_plain_words_turn_program_names_into_words():
    assert plain_words("first_player_win_rate") == "first player win rate"
    assert plain_words("reversal_scope=round_permanent") == "reversal scope: round permanent"
    assert plain_words("discard field_notes") == "discard field notes"
    for kept in ("P1", "2 players", "Y5", "a + b = c", "x=1"):
        assert plain_words(kept) == kept


def test_charts_are_named_images_labelled_in_words():
    chart = str(bar_chart([("reversal_scope=round_permanent", 1.0), ("default", 2.0)],
                          y_label="score_spread"))
    assert re.match(r'<svg[^>]*role="img"[^>]*><title>bar chart of score spread</title>', chart)
    assert "reversal scope: round permanent" in chart and "score spread" in chart
    assert "reversal_scope" not in chart and "score_spread" not in chart
    lines = str(line_chart({"no_winner_rate": [(0, 0.1), (1, 0.2)]}, x_label="games_played"))
    assert "<title>line chart by games played</title>" in lines
    assert "no winner rate" in lines and "no_winner_rate" not in lines


# -- sweeps: labels in words, CSV unchanged ------------------------------------------------------

def test_every_metric_has_words_and_the_csv_keeps_its_names():
    for name in METRICS:
        label = metric_label(name.replace("seatK", "seat0"))
        assert "_" not in label and label != name
    # metric version 2: a seat's "win rate" is its share of the wins, ties shared
    assert metric_label("win_rate_seat2") == "win share of seat 3"
    assert metric_label("seat_advantage_seat0") == "advantage of seat 1"
    assert set(METRIC_LABELS) <= set(METRICS)
    table = Table([("reversal_trigger=surviving_only", 3, "greedy/random",
                    "first_player_win_rate", 0.4, 100, 0.3, 0.5)], {"game": "doppeldoppel"})
    assert table.to_csv().splitlines()[1].startswith(
        "reversal_trigger=surviving_only,3,greedy/random,first_player_win_rate,")
    chart = str(table.chart("first_player_win_rate"))
    assert "first player's win share" in chart and "first_player_win_rate" not in chart
    assert "reversal trigger: surviving only" in chart and "greedy and random bots" in chart
    title = html.unescape(re.search(r"<title>(.*?)</title>", chart).group(1))
    assert title.startswith("Doppeldoppel: first player's win share")


def test_readings_mixes_and_games_in_words():
    assert reading_label("default") == "recommended rules"
    assert reading_label("partial_claims=False", "doppel_doubt_ladder") == "partial claims: no"
    assert reading_label("reversal_trigger=any_played", "doppeldoppel") == \
        "reversal trigger: any played"
    assert reading_label("a_b=c_d") == "a b: c d"  # no engine: the names written out
    assert mix_label("random") == "random bots" and mix_label("greedy/random") == \
        "greedy and random bots"
    assert game_label("doppel_doubt_illegal_takeover") == "Doppel Doubt: illegal takeover"
    assert game_label("groom_lake") == "Groom Lake"


def test_balance_summary_chart_and_table_use_words():
    summary = str(balance_summary("doppeldoppel_reversal_scope", "score_spread"))
    chart = summary[summary.index("<svg"):summary.index("</svg>")]
    table = summary[summary.index("<table"):]
    for part in (chart, table):
        assert "reversal scope: round permanent" in part and "score spread" in part
        assert "reversal_scope" not in part and "score_spread" not in part
    assert "recommended rules" in table and "greedy bots" in table


# -- variant flags in words ----------------------------------------------------------------------

def test_a_flag_says_its_name_and_readings_in_words():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Worded(RulesBase):
        prefix = "xx"
        reversal_trigger: str = flag("any_played", ["any_played", "surviving_only"],
                                     rule="XX-A1", doc="Which 3s reverse.",
                                     words={"any_played": "any 3 played"})
        strict: bool = flag(True, [True, False], rule="XX-A2", doc="Strict?")

    trigger, strict = Worded.flags()
    assert trigger.label == "reversal trigger"
    assert [trigger.say(c) for c in trigger.choices] == ["any 3 played", "surviving only"]
    assert trigger.describe("any_played") == "reversal trigger: any 3 played"
    assert (strict.say(True), strict.say(False), strict.say("False")) == ("yes", "no", "no")


# -- the stepper ---------------------------------------------------------------------------------

def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def test_stepper_buttons_show_a_word_after_the_glyph():
    stepper = GameStepper.for_game(module, 2, seed=4, offline=False)
    words = {"first_button": "⏮ first", "back_button": "◀ back",
             "forward_button": "▶ forward", "last_button": "⏭ last"}
    for name, text in words.items():
        button = getattr(stepper, name)
        assert button.description == text
        # the tooltip (a screen reader's description) goes on from the word shown
        assert text.split()[1] in button.tooltip


@pytest.mark.parametrize("offline", [False, True])
def test_stepper_controls_have_names_a_screen_reader_can_use(offline):
    """Live, ipywidgets names neither Play's icon buttons nor a slider's handle: the panel has
    no Play and a labelled "step" number box; exported, the page's script names both."""
    stepper = GameStepper.for_game(module, 2, seed=4, offline=offline)
    shown = list(walk(stepper.panel))
    assert (stepper.play in shown) is offline
    assert isinstance(stepper.slider, widgets.IntSlider if offline else widgets.BoundedIntText)
    assert stepper.slider.description == "step"
    stepper.forward_button.click()
    assert stepper.index == 1 and stepper.slider.value == 1 and stepper.moves.index == 1


def test_variant_pickers_are_named_in_words_and_say_what_they_decide():
    stepper = GameStepper.for_game(module, 2, seed=4, offline=False)
    target, exact = stepper.flag_pickers["target"], stepper.flag_pickers["exact"]
    assert exact.description == "exact" and target.description == "target"
    assert [label for label, _value in exact.options] == ["no", "yes"]
    docs = " ".join(w.value for w in walk(stepper) if isinstance(w, widgets.HTML))
    for info in Rules.flags():
        assert info.doc in docs and info.rule in docs
    exact.value = True  # the readings' values are unchanged: the game follows
    assert stepper.states[0].rules.exact is True


def test_exported_stepper_names_its_other_games_in_words(monkeypatch):
    stepper = GameStepper.for_game(module, 2, seed=4, offline=True)
    labels = [label for label, _i in stepper.game_picker.options]
    assert "seed 4, target: 15" in labels


def test_stepper_rows_wrap_instead_of_running_off_the_page():
    stepper = GameStepper.for_game(module, 2, seed=4, offline=True)
    rows = [w for w in walk(stepper.panel) if isinstance(w, widgets.HBox)]
    assert rows and all(r.layout.flex_flow == "row wrap" for r in rows)
    assert stepper.panel.moves.layout.max_width == "100%"
    assert stepper.panel.view.layout.max_width == "100%"
