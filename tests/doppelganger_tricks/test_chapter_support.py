"""What the chapter (notebooks/02_doppelganger_tricks.ipynb) computes beyond the rules: the census
closed forms (sympy) against the enumeration, the refusal table, the bonus example, the pictures
(annihilated cards keep their numbers readable; every simulated chart carries n and intervals)."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest

from doppelnb.core.errors import BadInput
from doppelnb.core.render import escape
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import examples as ex
from doppelnb.engines.doppelganger_tricks import render, teaching
from doppelnb.engines.doppelganger_tricks.analysis import (
    FORMULA_KEYS,
    annihilation_census_brute_force,
    census_closed_form,
    census_formulas,
)
from doppelnb.engines.doppelganger_tricks.render import census_chart, dvalue_html, state_html


# -- closed forms --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_closed_forms_equal_the_census_of_the_full_deck(players):
    census = dt.annihilation_census(players)
    closed = census_closed_form(players)
    assert set(closed) == set(FORMULA_KEYS)
    for key, value in closed.items():
        assert value == Fraction(census[key], census["tricks"]), key


@pytest.mark.parametrize(("players", "numbers"), [(3, 2), (3, 4), (4, 2), (4, 3), (4, 5)])
def test_closed_forms_equal_the_brute_force_on_small_decks(players, numbers):
    counted = annihilation_census_brute_force(players, numbers=numbers)
    closed = census_closed_form(players, numbers=numbers)
    for key, value in closed.items():
        assert value == Fraction(counted[key], counted["tricks"]), key


def test_closed_forms_read_as_the_chapter_says():
    formulas = census_formulas()
    assert list(formulas) == list(FORMULA_KEYS)
    assert formulas["lead_annihilated"].latex.endswith(r"\frac{k}{4 N - 1}")
    assert census_closed_form(4)["lead_annihilated"] == Fraction(1, 13)  # 3/39
    assert census_closed_form(4)["no_winner"] == Fraction(9, 9139)
    assert census_closed_form(3)["no_winner"] == 0  # DT-R13c needs two pairs: 4 cards
    for f in formulas.values():
        assert "$$" in str(f) and f.meaning


@pytest.mark.parametrize("bad", [{"players": 5}, {"players": True}, {"players": "4"},
                                 {"players": 4, "numbers": 0}, {"players": 4, "numbers": 11},
                                 {"players": 4, "numbers": 2.0}])
def test_closed_form_bad_arguments_are_bad_input(bad):
    with pytest.raises(BadInput):
        census_closed_form(**bad)


# -- refusals and the bonus example --------------------------------------------------------------
def _rows(markup: str) -> list[list[str]]:
    """The body rows of an HTML table, each as its cells' plain text (the header row left out)."""
    return [[unescape(re.sub(r"<[^>]+>", "", cell))
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", str(markup), flags=re.S)][1:]


def test_refusal_table_names_the_rule_of_each_case():
    rows = _rows(ex.refusals_table())
    by_case = {}
    for case, tried, rule, reason in rows:
        assert tried and reason and rule.startswith("DT-")
        by_case.setdefault(case, []).append(rule)
    assert by_case["DT-T6"] == ["DT-R8"]  # a led D card must declare
    assert by_case["DT-T5"] == ["DT-R9"]  # follow the declared suit
    assert by_case["DT-T14"] == ["DT-R15"]  # claim only after one's own play
    assert by_case["DT-T15"] == ["DT-R15"]  # not on another player's turn
    assert by_case["DT-T16"] == ["DT-A3"]  # one bonus card per player by default
    assert by_case["DT-R6"] == ["DT-R6", "DT-R6"]
    assert by_case["DT-A6"] == ["DT-A6"]
    assert by_case["DT-R3"] == ["DT-R3"]
    assert by_case["DT-R1"] == ["DT-R1"]


def test_dt_t13_bonus_example_claims_right_after_the_last_d_card():
    before, window, after = ex.bonus_example()
    assert [c for c in before.hands[0] if c.suit == "D"] == ["1D"]
    assert window.window == 0 and window.trick == ("1D",)
    assert set(window.legal_actions()) == {("claim", 0, "+1"), ("claim", 0, "+3"), "pass"}
    assert after.bonus_holders == {"+1": 0, "+3": None}
    with pytest.raises(BadInput):
        ex.bonus_example(rules="strict")


# -- pictures ------------------------------------------------------------------------------------
def _card_groups(svg: str) -> list[str]:
    return re.findall(r'<g transform="translate\([^)]*\)">(.*?)</g>', svg)


def test_annihilated_cards_keep_their_number_and_suit_readable():
    """The issue: collided cards lost their number in the pictures. A struck card is drawn at full
    opacity with the cross *under* its number and glyph, which carry a white halo."""
    result = dt.resolve_trick("3C 7C 3D 7D".split())  # DT-E8: all four annihilated
    svg = str(dt.trick_svg(result))
    groups = _card_groups(svg)
    assert len(groups) == 4
    for c, body in zip(result.cards, groups, strict=True):
        texts = re.findall(r"<text([^>]*)>([^<]*)</text>", body)
        number = [attrs for attrs, text in texts if text == str(c.number)]
        assert number, f"{c}: number missing"
        assert 'opacity="1"' in number[0] and 'paint-order="stroke"' in number[0]
        assert body.index("<line") < body.index(f">{c.number}</text>")  # cross under the text
    assert svg.count(" gone") == 4 and "<title>" in svg


def test_survivors_are_drawn_unstruck():
    result = dt.resolve_trick("10T 10D 7C 7S".split())
    groups = _card_groups(str(dt.trick_svg(result)))
    assert [("<line" in g) for g in groups] == [True, True, False, False]


def test_census_chart_is_a_labelled_matplotlib_svg():
    censuses = {3: dt.annihilation_census(3), 4: dt.annihilation_census(4)}
    svg = str(census_chart(censuses))
    assert svg.startswith("<svg") and "<title>annihilation census" in svg
    assert "share of all possible tricks" in svg and "3 players (64,260 tricks)" in svg
    assert "0.112" in svg  # each bar labelled with its exact share


def test_simulated_pictures_state_n_and_intervals():
    hand = dt.new_game(4, seed=3, first_player=0).hands[0]
    fa = dt.forecast_analysis(hand, 4, deals=60, seed=1)
    html = fa._repr_html_()
    assert "n = 60 deals" in html and "mean points [95%]" in html
    assert "chance it is exact [95% Wilson]" in html and "best forecast" in html
    worth = dt.doppelganger_value(4, rounds=40, seed=1)
    for group in worth.hit:
        mean, lo, hi = worth.points_interval(group)
        assert lo <= mean <= hi and mean == pytest.approx(worth.points[group])
        assert sum(worth.point_counts[group].values()) == worth.hit[group].trials
    assert "mean forecast points [95%]" in str(dvalue_html(worth, min_trials=1))
    with pytest.raises(BadInput):
        worth.points_interval(11)
    with pytest.raises(BadInput):
        worth.points_interval(True)


def test_state_picture_names_who_played_each_card_of_the_trick():
    s = ex.example_game("7D 7C 5C 2C", "C")[6]  # P1 led 7D, P2 played 7C
    assert s.trick == ("7D", "7C")
    html = str(state_html(s))
    assert "P1 led" in html and ">P2<" in html


# -- what a class reads: the rulebook's examples, the unclear points and the sweeps in words -------
RAW = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")  # a name for code, such as bonus_max_per_player


def _text(markup: str) -> str:
    """The words a reader sees: tag contents, without attributes or an SVG's path data."""
    return " ".join(re.findall(r">([^<]+)<", re.sub(r"<(style|path)[^>]*>.*?</\1>|<path[^>]*/>",
                                                      "", markup, flags=re.S)))


def test_rulebook_examples_table_checks_every_rulebook_caption_dt_e3_to_e9():
    rows = _rows(ex.rulebook_examples_table())
    assert [r[0].split("(")[-1].rstrip(")") for r in rows[:7]] == list(ex.ANNIHILATION_EXAMPLES)
    assert all(r[4] == "agrees" for r in rows), rows
    assert rows[5][3] == "nobody"  # DT-E8: every card annihilated
    assert rows[-1][1] == ex.TIE_VARIANT[0] and rows[-1][3] == "7C"  # DT-A9: earliest wins


def test_rulebook_examples_table_would_report_a_disagreement(monkeypatch):
    monkeypatch.setitem(ex.RULEBOOK_SAYS, "DT-E3", ("a caption naming the wrong card", "9T"))
    assert _rows(ex.rulebook_examples_table())[0][4] == "DIFFERS"


def test_dt_e10_scoring_rows_all_agree_with_round_points():
    rows = ex.scoring_examples_rows()
    assert len(rows) == len(ex.SCORING_EXAMPLES) and all(r[5] == "agrees" for r in rows)
    assert rows[-1][3:5] == (10, 10)  # DT-A5 default: 7 + 3


def test_ambiguity_table_has_every_reading_once_with_the_flag_default_marked():
    """DT-A1, A3-A6, A10: one row per reading of each flag, its rule id on the first row only,
    and exactly one reading of each flag marked as the default."""
    html = str(teaching.ambiguity_table())
    cells = [[unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
             for row in re.findall(r"<tr>(.*?)</tr>", html) if "<td" in row]
    by_rule: dict[str, list[str]] = {}
    rule = ""
    for row in cells:
        rule = row[0] or rule
        by_rule.setdefault(rule, []).append(row[2])
    for info in dt.Rules.flags():
        mine = by_rule.pop(info.rule)
        assert len(mine) == len(info.choices or (info.default, None)), info.name
        assert [r.endswith(" (default)") for r in mine].count(True) == 1, info.name
    assert by_rule == {}
    assert not RAW.search(_text(html)), RAW.findall(_text(html))
    assert "None" not in _text(html)


def test_setting_and_reading_labels_are_plain_words_and_refuse_unknown_flags():
    for info in dt.Rules.flags():
        assert "_" not in teaching.setting_label(info.name)
        for choice in info.choices or ():
            assert not RAW.search(teaching.reading_label(info.name, choice)), choice
    assert teaching.reading_label("bid_max", "tricks_in_round") == "the tricks in the round"
    assert teaching.reading_label("bid_max", 12, default=False) == "12, as printed"
    with pytest.raises(BadInput):
        teaching.setting_label("bid_maximum")
    with pytest.raises(BadInput):
        teaching.reading_label(12, 12)


def test_plain_sweep_text_replaces_code_names_and_keeps_the_verdict():
    text = ("Policy mix greedy, 3 players: score_spread is 5.1 by default and 6.0 with "
            "bonus_max_per_player=2. Open at this n: not settled at the 5% level after Holm's "
            "correction over 15 comparisons (adjusted p = 1).")
    plain = teaching.plain_sweep_text(text)
    assert "not settled at the 5% level after Holm's correction over 15 comparisons" in plain
    assert "by default" in plain
    assert not RAW.search(plain) and "bonus cards per player: both cards" in plain


def test_sweep_html_shows_the_summary_verdicts_in_words():
    from doppelnb.core.sweep import balance_summary

    name = "doppelganger_tricks_bonus_max_per_player"
    html = str(render.balance_section(name, "score_spread"))
    verdicts = re.findall(r"<p>(.*?)</p>", str(balance_summary(name, "score_spread")), re.S)
    # each verdict in words, escaped once (the words hold an apostrophe: "the round's tricks")
    assert verdicts and all(escape(teaching.plain_sweep_text(unescape(v))) in html
                            for v in verdicts)
    assert not RAW.search(_text(html)), RAW.findall(_text(html))
    bare = str(render.balance_section("doppelganger_tricks", "first_player_advantage",
                                 verdicts=False, reference=0))
    assert "<p>" not in bare and not RAW.search(_text(bare))
    with pytest.raises(BadInput):
        render.balance_section(name, "no_such_metric")


def test_census_table_names_its_events_in_words():
    censuses = {3: dt.annihilation_census(3), 4: dt.annihilation_census(4)}
    text = _text(str(dt.census_table(censuses)))
    assert "the lead card is annihilated" in text and not RAW.search(text)


def test_trick_picture_names_cards_by_play_order_and_ends_with_the_rule():
    svg = str(dt.trick_svg(dt.resolve_trick("6C 6D 4C 9T".split())))
    labels = re.findall(r">(lead|2nd|3rd|4th)(?: wins| gone)?<", svg)
    assert labels == ["lead", "2nd", "3rd", "4th"] and "#2" not in svg
    assert "Rule DT-R13a.</text>" in svg


def test_claim_choices_in_words():
    before, window, _ = ex.bonus_example()
    assert ex.claim_choices(window) == ["take the +1 card", "take the +3 card", "decline (pass)"]
    assert ex.claim_choices(before) == []
    with pytest.raises(BadInput):
        ex.claim_choices("a state")
