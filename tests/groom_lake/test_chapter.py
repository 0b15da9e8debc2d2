"""What the Groom Lake chapter (notebooks/03_groom_lake.ipynb) adds to the engine: teaching layouts
that obey the red-dot rule, stepped examples, closed forms checked against enumeration, tables
and pictures, each with BadInput on bad arguments (issue 14)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from doppelnb import BadInput, IllegalAction
from doppelnb.core.symbolic import dice_over_probability
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import analysis, render, simulation, teaching
from doppelnb.engines.groom_lake import examples as ex

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "03_groom_lake.ipynb"


def test_gl_r14_a_layout_breaking_the_red_dot_rule_is_refused():
    """Rulebook line 163 ("edges with red dots match up with tiles on the map with red dots"):
    a teaching layout is placed by the engine's own rule, so A05 (plain west edge) cannot sit
    east of START (red dot on its east edge); turned 180 degrees it fits."""
    with pytest.raises(IllegalAction) as err:
        gl.new_game(4, layout=[[1, 0, ex.HEAT_7, 0]])
    assert err.value.rule == "GL-R14" and "west edge" in str(err.value)
    assert gl.new_game(4, layout=[[1, 0, ex.HEAT_7, 180]]).desert.tiles[(1, 0)].id == ex.HEAT_7


def test_gl_a3_layouts_follow_the_edge_match_reading():
    """A09 turned 270 degrees shows two dots on its west edge; east of START (one dot) dot meets
    dot, legal when presence is enough (the default), refused when the number must match."""
    layout = [[1, 0, "A09", 270]]
    assert gl.load_tiles()["A09"].rotated_edges(270)[3] == 2 and gl.load_tiles().start.edges[1] == 1
    assert (1, 0) in gl.new_game(4, layout=layout).desert.tiles
    with pytest.raises(IllegalAction) as err:
        gl.new_game(4, layout=layout, rules=gl.Rules(edge_match="exact_pattern"))
    assert err.value.rule == "GL-R14"


def test_gl_e6_every_priority_case_is_reached_by_a_legal_layout():
    assert [ex.gl_e6_placement(c).level for c in ("a", "b", "c", "none")] == [1, 2, 3, None]
    with pytest.raises(BadInput):
        ex.gl_e6_placement("d")
    with pytest.raises(BadInput):
        ex.gl_e6_placement("a", seed=True)


def test_stepped_examples_follow_the_rules():
    mountain = ex.gl_r17_mountain()  # GL-R17 / GL-T12: 2 AP and one discard removed
    assert mountain[1].phase == "mountain" and len(mountain[-1].removed) == 1
    assert mountain[-1].current != mountain[0].current  # both AP spent: the turn passed
    crash = ex.gl_e9_steps()  # GL-E9: 2 hand-outs, 2 discards, a Map Token
    assert len(crash[-1].supply_discards) - len(crash[0].supply_discards) == 2
    assert (1, 0) in crash[-1].map_tokens
    attempt = ex.attempt_steps(ex.gl_e4_high_heat(1), (1, 0))  # GL-E4: 8 against 7 clears
    assert (1, 0) in attempt[-1].map_tokens and attempt[-1].phase == "turn"
    failed = ex.attempt_steps(ex.gl_e4_high_heat(8), (1, 0))  # GL-T7: tied highest all pay
    assert (1, 0) not in failed[-1].map_tokens
    assert sum(failed[0].life) + sum(h.count("recovery") for h in failed[0].hands) - 3 == \
        sum(failed[-1].life) + sum(h.count("recovery") for h in failed[-1].hands)
    with pytest.raises(BadInput):
        ex.play_steps("not a state", ["scout"])
    with pytest.raises(IllegalAction):
        ex.play_steps(ex.gl_e9_crash_site(), [["move", 5, 5]])


def test_gl_t17_vote_tie_fails_and_a_strict_majority_removes():
    assert 1 not in ex.gl_r27_vote(players=5, yes=2)[-1].out
    assert 1 in ex.gl_r27_vote(players=5, yes=3)[-1].out
    with pytest.raises(BadInput):
        ex.gl_r27_vote(players=4, target=4)


@pytest.mark.parametrize("players", gl.PLAYER_COUNTS)
def test_gl_e8_formula_equals_the_enumeration(players):
    expected = analysis.alien_absent_probability_brute_force(players)
    assert analysis.alien_absent_closed_form(players) == expected == Fraction(1, players + 1)
    assert "N + 1" in analysis.alien_absent_formula().latex
    with pytest.raises(BadInput):
        analysis.alien_absent_closed_form(7)


def test_gl_r22_dice_formula_equals_the_engines_count():
    for dice in range(0, 11):
        for value in range(-1, 62):
            assert dice_over_probability(dice, value) == gl.clear_probability(dice, value)


def test_dice_readings_table_shows_each_reading_changing_the_dice():
    text = str(teaching.dice_readings_table())
    assert text.count("<tr>") == 1 + len(teaching.READING_PILES)
    for rule, name, other, obstacle, _value, cards, life, players in teaching.READING_PILES:
        default = gl.dice_for_attempt(obstacle, cards, life, players)
        changed = gl.dice_for_attempt(obstacle, cards, life, players,
                                      rules=gl.Rules().replace(**{name: other}))
        assert default != changed and rule in text


def test_edge_match_readings_table_counts_every_tile_left_once_per_reading():
    state = simulation.expedition(4, seed=7, max_turns=14)[-1]
    html = str(teaching.edge_match_readings_table(state))
    left = sum(len(v) for v in state.stacks.values())
    for row in re.findall(r"<tr>(.*?)</tr>", html)[1:]:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert sum(int(c) for c in cells[1:]) == left
    with pytest.raises(BadInput):
        teaching.edge_match_readings_table(state, modes=["dots"])
    with pytest.raises(BadInput):
        teaching.edge_match_readings_table("state")


def test_pictures_have_titles_and_a_second_cue_beside_colour():
    svg = str(render.state_svg(gl.new_game(4, seed=1)))
    assert "<title>the Desert: 1 tile placed, the Team at (0, 0)</title>" in svg
    placement = str(render.placement_svg(ex.gl_e6_placement("b")))
    assert "✓ here" in placement and "✗ dots" in placement
    table = str(render.steps_table(ex.gl_r17_mountain(), caption="x"))
    assert "remove the top discard" in table and "GL-R17" in table
    with pytest.raises(BadInput):
        render.steps_table([1, 2])
    with pytest.raises(BadInput):
        render.steps_table(5)


def _cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _prose(cell) -> str:
    """A markdown cell as a reader sees its words: no code, no tags' HTML, no link targets."""
    text = "".join(cell["source"])
    for pattern in (r"`[^`]*`", r"<[^>]*>", r"\]\([^)]*\)"):
        text = re.sub(pattern, " ", text)
    return text


def test_the_chapter_opens_with_a_question_and_one_picture_then_play():
    """Issue 25: question first, one engine-drawn picture (its imports hidden), then Play a
    hand; no import block or list of learning goals first."""
    cells = _cells()
    assert cells[0]["cell_type"] == "markdown" and "?" in "".join(cells[0]["source"])
    assert "learn" not in "".join(cells[0]["source"]).lower()
    picture = cells[1]
    assert picture["cell_type"] == "code" and picture["metadata"]["jupyter"]["source_hidden"]
    assert "render." in "".join(picture["source"])
    headings = [line for c in cells if c["cell_type"] == "markdown"
                for line in "".join(c["source"]).splitlines() if line.startswith("## ")]
    assert headings[0] == "## Play a hand"
    assert "play_hand(" in "".join(cells[3]["source"])


def test_no_cell_is_repeated_and_no_reading_time_is_typed():
    """Issue 25: the chapter repeated two cells word for word."""
    sources = ["".join(c["source"]).strip() for c in _cells()]
    repeated = {s[:60] for s in sources if s and sources.count(s) > 1}
    assert not repeated, repeated
    assert not any(re.search(r"\d\s*minutes?\b", _prose(c)) for c in _cells()
                   if c["cell_type"] == "markdown")


def test_the_prose_names_no_raw_identifier():
    """Issue 25: flags, card and metric names such as `field_notes` stay in code, never in the
    words a student reads."""
    raw = {m for c in _cells() if c["cell_type"] == "markdown"
           for m in re.findall(r"\b[a-z]+_[a-z_]+\b", _prose(c))}
    assert not raw, raw


def test_every_unclear_point_is_in_one_section_after_the_rules():
    """Issue 25: the rules first, then every GL-A id together in one section."""
    sections: dict[str, str] = {}
    current = ""
    for cell in _cells():
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("## "):
                current = line[3:]
            sections[current] = sections.get(current, "") + line + "\n"
    where = {i: name for name, text in sections.items()
             for i in re.findall(r"\bGL-A\d+\b", text)}
    outside = {i: name for i, name in where.items()
               if name != "What the unclear rules change" and not name.startswith("Exercises")}
    assert not outside, outside
    assert len(where) == 32


def test_gl_r30_an_empty_supply_deck_is_rebuilt_from_the_discards():
    """Rulebook line 207: "If the Supply deck has run out of cards, shuffle the discard pile to use
    as the new Supply deck"."""
    states = ex.gl_r30_reshuffle()
    before, after = states[0], states[-1]
    assert before.supply == () and after.phase == "crash"
    assert len(after.supply) + len(after.pending["drawn"]) == len(before.supply_discards)
    assert after.supply_discards == () and not after.invariants()
    assert any("GL-R30" in e for e in after.events)


def test_cleared_obstacles_stay_readable_and_the_legend_says_why():
    """Issue 25: the desert picture struck cleared tiles' labels through without saying why.
    A cleared obstacle keeps its label (green, with a check mark) and the legend beside the map
    names every mark the picture shows: the Team, red dots, obstacles, Map Tokens."""
    state = gl.new_game(4, seed=16, layout=[[1, 0, ex.HEAT_7, 180], [0, 1, ex.CRASH_2, 0]],
                        map_tokens=[(1, 0)])
    svg = str(render.state_svg(state))
    assert "line-through" not in svg
    assert "✓ Heat 7" in svg and "Map Token" in svg
    for words in ("the Team", "red dot", "steps to START", "Crash Site", "Heat = High Heat"):
        assert words in svg, words
    bare = str(render.desert_svg(state.desert, legend=False))
    assert "the Team" not in bare and "✓" not in bare  # no Team, no token: nothing to explain


def test_move_lists_name_cards_in_plain_words():
    """Issue 25: move lists showed raw names such as `discard field_notes`."""
    state = gl.new_game(4, seed=1)
    hand_cards = {c for h in state.hands for c in h}
    assert "field_notes" in hand_cards or "photographs" in hand_cards
    labels = [state.action_label(a) for a in state.legal_actions()]
    assert all("_" not in label for label in labels), labels
    assert state.action_label(("discard", "field_notes")) == "discard field notes"
    assert state.action_label(("pile", "life")) == "add a Life token to the pile"
    assert render.plain_words("revealed: field_notes") == "revealed: field notes"
    from doppelnb.widgets.hands.groom_lake import GroomLakeHand

    assert GroomLakeHand(gl).label(state, ("discard", "field_notes")) == \
        "discard field notes (face down)"


def test_ambiguity_table_lists_every_unclear_point_with_the_reading_played():
    """Every GL-A id the Rules flags cite, and the two decided without a flag, are rows; the
    reading column follows the Rules passed in (the defaults come from the engine)."""
    default = str(teaching.ambiguity_table())
    ids = {f.rule for f in gl.Rules.flags()} | {"GL-A27", "GL-A32"}
    assert {f"GL-A{n}" for n in range(1, 33)} == ids
    for rule in ids:
        assert f">{rule}<" in default, rule
    assert "no: a dot meets a dot" in default and "_" not in re.sub(r"<code>.*?</code>", "",
                                                                    default)
    changed = str(teaching.ambiguity_table(gl.Rules(edge_match="exact_pattern")))
    row = re.search(r">GL-A3<.*?</tr>", changed).group(0)
    assert re.findall(r"<td[^>]*>(.*?)</td>", row)[1] == "yes: the same number"
    with pytest.raises(BadInput):
        teaching.ambiguity_table("default")


def test_rulebook_examples_table_agrees_with_the_rulebook_on_every_example():
    html = str(ex.rulebook_examples_table())
    assert {f"GL-E{n}" for n in range(1, 10)} <= set(re.findall(r">(GL-E\d)<", html))
    assert ">NO<" not in html and html.count(">yes<") >= 9


def test_opening_desert_asks_its_question():
    """The chapter opens on a small legal Desert: the Team on START, Civilization two steps east
    behind a High Heat 7 obstacle that must be cleared first (GL-R17, GL-R22)."""
    state = ex.opening_desert()
    civilization = next(p for p, t in state.desert.tiles.items() if t.terrain == "civilization")
    assert state.team == (0, 0) and civilization == (2, 0)
    assert state.desert.tiles[(1, 0)].obstacle == "high_heat"
    assert ("move", 1, 0) not in [tuple(a) for a in ex.past_deal(state).legal_actions()]
