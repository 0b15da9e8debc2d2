"""Chapter 4 (issue 14): the closed forms equal the engine's enumeration, the standard piece names
are right, the pictures carry a second cue beside colour and a <title>, the worked examples and
edge cases say what the digest says, and every new function refuses bad arguments with BadInput."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from doppelnb import BadInput
from doppelnb.core.state import playout
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import analysis, examples
from doppelnb.engines.doppel_doubt.render import (
    FILL,
    HATCH,
    OKABE_ITO,
    board_svg,
    colour_score_chart,
    colour_swatch,
    draft_table,
    piece_name,
    shape_label,
    shapes_strip,
    starts_table,
    view_table,
)
from doppelnb.engines.doppel_doubt.scoring import correct_pair

SHAPES = [s for n in (4, 5, 6) for s in db.one_sided_polyominoes(n)]


@pytest.fixture(scope="module")
def match():
    return list(playout(db.new_game(seed=2), db.greedy_policy, seed=2))


# -- closed forms against enumeration -----------------------------------------------------------


def test_db_r10_placement_formula_equals_the_engines_count_for_every_shape():
    for shape in SHAPES:
        assert analysis.placements_closed_form(shape) == analysis.placements_brute_force(shape)
    assert sum(analysis.placements_closed_form(s) for s in SHAPES) == 65403


def test_placement_formula_on_other_board_sizes_counts_positions_by_hand():
    straight = db.shape_by_name("4-0")
    for n in (1, 3, 4, 5, 17):
        by_hand = sum(1 for rot in straight.rotations() for r in range(n) for c in range(n)
                      if all(r + dr < n and c + dc < n for dr, dc in rot))
        assert analysis.placements_closed_form(straight, n) == by_hand
    assert "binom" not in analysis.placements_formula().latex


def test_db_r16_random_guess_formula_equals_marginal_and_full_enumeration():
    """Seat 0 (red-P) names a uniformly random partner and splits the other 8 into random pairs:
    all 9 x 8!/(2^4 4!) x 4! = 22,680 consistent guesses, scored with the engine's
    ``correct_pair`` and the DB-R16 points (+5, +10 for the Jester pair)."""
    closed = analysis.random_guess_closed_form()
    assert closed == Fraction(5, 4) == analysis.random_guess_brute_force()
    others = list(range(1, 10))
    total = count = 0
    for partner in others:
        rest = [x for x in others if x != partner]
        for order in itertools.permutations(rest):
            pairs = [tuple(order[2 * i:2 * i + 2]) for i in range(4)]
            if any(a > b for a, b in (order[0:2], order[2:4], order[4:6], order[6:8])):
                continue                              # each pair once, in one order
            guess = {"red": (partner,)}
            guess.update(zip(("blue", "yellow", "green", "purple"), pairs, strict=True))
            points = sum((10 if colour == "yellow" else 5)
                         for colour, named in guess.items()
                         if correct_pair(0, colour, named, db.DOPPELS))
            total += points
            count += 1
    assert count == 9 * 40320 // 16 and Fraction(total, count) == closed


def test_random_guess_formula_other_sizes():
    assert analysis.random_guess_closed_form(3, 3) == Fraction(5, 3) + Fraction(15, 3)
    assert "binom" in analysis.random_guess_formula().latex


# -- standard names -------------------------------------------------------------------------------


def test_tetromino_and_pentomino_names_are_the_standard_letters():
    tetro = [piece_name(s) for s in db.one_sided_polyominoes(4)]
    assert sorted(tetro) == sorted("IOTSZLJ")
    pento = [piece_name(s) for s in db.one_sided_polyominoes(5)]
    assert len(set(pento)) == 18
    assert {p.rstrip("\u2032") for p in pento} == set("FILNPTUVWXYZ")
    # the shape the old chapter called "P" is a Y: a line of four with one square beside it
    assert piece_name(db.shape_by_name("5-3")).rstrip("\u2032") == "Y"
    assert piece_name(db.shape_by_name("5-15")).rstrip("\u2032") == "P"     # 2x2 plus one
    assert piece_name(db.shape_by_name("6-0")) == "6-0"
    assert shape_label(db.shape_by_name("4-6")) == "4-6 (O)"


def test_mirror_images_share_the_letter_and_differ_by_the_prime():
    from doppelnb.engines.doppel_doubt.shapes import reflect

    for shape in db.one_sided_polyominoes(5):
        mirror = db.Shape.from_cells(reflect(shape.key))
        a, b = piece_name(shape), piece_name(mirror)
        assert a.rstrip("\u2032") == b.rstrip("\u2032")
        assert (a == b) == (not shape.is_chiral)


# -- pictures ---------------------------------------------------------------------------------------


def test_territory_has_a_hatch_and_a_legend_beside_its_colour():
    board = db.Board().set_owner([(0, 0)], "blue").set_owner([(1, 1)], "purple")
    svg = str(board_svg(board, cell=14, title="two colours"))
    assert svg.count("<title>") >= 1 and "<pattern" in svg
    assert "url(#db-hatch-blue-140)" in svg and "url(#db-hatch-purple-140)" in svg
    assert re.search(r">blue</text>", svg) and re.search(r">purple</text>", svg)
    assert len(set(HATCH.values())) == 5 and set(OKABE_ITO) == set(FILL) == set(db.COLOURS)
    assert "<title>purple: vertical lines</title>" in str(colour_swatch("purple"))


def test_shape_labels_fit_and_charts_and_tables_render(match):
    strip = str(shapes_strip(db.one_sided_polyominoes(4)))
    assert "4-0 (I)" in strip and "<title>" in strip
    chart = str(colour_score_chart(match[-1]))
    assert "<title>" in chart and "_unused" not in chart
    after1 = next(s for s in match if s.round == 2)
    assert "starting square" in str(starts_table(after1))
    assert "gives it to" in str(draft_table(after1, 1))
    assert "not in the view" in str(view_table(after1, 0))


# -- worked examples and edge cases -------------------------------------------------------------------


def test_db_e3_lowest_card_picks_first_and_the_shape_goes_to_the_partner():
    rows = examples.e3_draft()
    assert rows[0][1:] == ("yellow-P", 12, 7, "yellow-Q")
    assert rows[-1][1] == "red-Q" and sorted(r[3] for r in rows) == list(range(10))


def test_db_e5_e6_e9_e10_say_what_the_digest_says():
    res = examples.e5_resolution()
    assert res.after.owner_of(examples.E5_X) == "red" and res.steps[1].claimed
    story = examples.e6_story()
    assert story[1][1].startswith("illegal for yellow: [DB-R12]")
    assert story[2][1].startswith("legal for green")
    assert "45 to 101" in examples.e9_rows()[0][1]
    assert [db.DOPPELS[s] for s in examples.e10_results().candidates] == ["green-Q"]
    assert [db.DOPPELS[s] for s in examples.e10_results(-22).candidates] == ["green-P"]
    assert examples.light_example().after.value((3, 7)) == 0


def test_edge_cases_refuse_or_allow_as_the_digest_table_says():
    said = {case: verdict for _, case, verdict in examples.edge_cases()}
    assert said["a tetromino with no own square"].startswith("illegal for blue: [DB-R10c]")
    assert said["4 squares: 2 own + 2 red"].startswith("illegal for blue: [DB-R13]")
    assert said["4 squares: 3 own + 1 red"].startswith("legal")
    assert said["6 squares: 3 own + 1 red + 2 unclaimed"].startswith("illegal")
    assert said["covering an unclaimed Zero space"].startswith("legal")
    assert said["covering red's claimed Zero space"].startswith("illegal for blue: [DB-R12]")
    assert said["the L tetromino mirrored (a J)"].startswith("illegal for blue: [DB-R10a]")
    assert said["Power of Dark: 95 + 30"].startswith("refused: DB-R20")
    assert said["Power of Dark: 95 + 6"] == "101"
    assert said["red-P names the Jester pair (yellow)"] == "red-P gains 10"
    assert said["purple holds only negative squares"].startswith("purple-P 0")
    assert "team Token of Life: red" in said[
        "red and blue tie at 10 after round 10; red led 10 to 8 after round 9"]
    assert said["playing card 1000"].startswith("refused: DB-R4")


def test_db_r5_schedule_read_off_a_match(match):
    rows = examples.actions_by_round(match)
    assert [r for r, _ in rows] == list(range(1, 11))
    assert all("place" not in text for r, text in rows if r == 1)
    assert all("shape" not in text for r, text in rows if r == 10)
    assert sum(text.count("place") for _, text in rows) == 9          # DB-T17
    assert [row[1] for row in examples.guess_rows()] == ["+5", "+5", "+10", "+0", "+0"]


# -- bad arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: analysis.placements_closed_form("4-0"),
    lambda: analysis.placements_closed_form(db.shape_by_name("4-0"), 0),
    lambda: analysis.placements_closed_form(db.shape_by_name("4-0"), True),
    lambda: analysis.placements_brute_force(None),
    lambda: analysis.random_guess_closed_form(1),
    lambda: analysis.random_guess_closed_form(9, "5"),
    lambda: analysis.random_guess_brute_force(rules="default"),
    lambda: analysis.random_guess_brute_force(jester="red"),
    lambda: piece_name("5-3"),
    lambda: examples.actions_by_round([]),
    lambda: examples.actions_by_round(None),
])
def test_new_functions_refuse_bad_arguments_with_bad_input(call):
    with pytest.raises(BadInput):
        call()


# -- pictures a class can read (issue 25) --------------------------------------------------------
_TEXT = re.compile(r'<text x="([-\d.]+)" y="[-\d.]+" font-size="([\d.]+)" text-anchor="(\w+)"'
                   r"[^>]*>([^<]*)</text>")


def _square_sizes(svg: str) -> set[float]:
    """The sizes of the board's squares: the rects drawn with the grid's grey stroke."""
    return {float(w) for w in re.findall(r'<rect x="[-\d.]+" y="[-\d.]+" width="([\d.]+)" '
                                         r'height="\1" fill="[^"]+" stroke="#b0b0b0"', svg)}


def _width(svg: str) -> float:
    return float(re.search(r'<svg[^>]* width="([\d.]+)"', svg)[1])


def _cut_off(svg: str) -> list[str]:
    """Text lines that run past the picture's left or right edge (DejaVu Sans: about 0.6 em a
    letter on average, 0.64 em a digit)."""
    width, out = _width(svg), []
    for x, size, anchor, text in _TEXT.findall(svg):
        w = 0.6 * float(size) * len(text.replace("&#x27;", "'"))
        left = {"start": float(x), "middle": float(x) - w / 2, "end": float(x) - w}[anchor]
        if left < -0.5 or left + w > width + 0.5:
            out.append(text)
    return out


def test_every_board_picture_draws_squares_of_at_least_24_px_by_default(match):
    from doppelnb.engines.doppel_doubt.render import claim_step_html, state_html, verdict_html
    from doppelnb.widgets.doppel_doubt import PlacementExplorer

    board = match[60].board
    verdict = db.Board().set_owner([(8, 8)], "blue").check_placement(
        "blue", [(8, 7), (8, 8), (8, 9), (9, 8)])
    resolution = next(s for s in reversed(match) if s.last_resolution()).last_resolution()
    pictures = {"Board._repr_svg_": board._repr_svg_(), "state_html": str(state_html(match[60])),
                "verdict_html": str(verdict_html(verdict)), "Verdict._repr_html_":
                verdict._repr_html_(), "claim_step_html": str(claim_step_html(resolution, 1)),
                "PlacementExplorer": PlacementExplorer(board, shape="4-0").view.value}
    for name, svg in pictures.items():
        sizes = _square_sizes(svg)
        assert sizes and min(sizes) >= 24, f"{name}: squares of {sorted(sizes)} px"


@pytest.mark.parametrize("cell", [8, 12, 16, 24, 40])
def test_no_text_of_a_board_picture_is_cut_off(cell):
    """A long verdict (two broken rules), a title and the legend, at every square size and for
    a zoomed picture: every line fits inside the picture."""
    board = db.Board().set_owner([(0, 0)], "blue").set_owner([(0, 1)], "red")
    board.set_owner([(1, 1)], "green").set_owner([(1, 0)], "purple").set_owner([(2, 2)], "yellow")
    long_title = "a placement that hangs off the board and touches no blue square at all"
    for region in (None, "placement", ((0, 0), (2, 3))):
        svg = str(board_svg(board, overlay=[(2, 14), (2, 15), (2, 16), (2, 17)], who="blue",
                            cell=cell, title=long_title, region=region))
        assert "DB-R10b" in svg and "DB-R10c" in svg
        assert not _cut_off(svg), (cell, region, _cut_off(svg))


def test_a_verdict_table_shows_a_dash_not_none_for_a_square_off_the_board():
    from doppelnb.engines.doppel_doubt.render import verdict_html

    verdict = db.Board().check_placement("blue", [(2, 14), (2, 15), (2, 16), (2, 17)])
    html = str(verdict_html(verdict))
    assert "None" not in html and "<td" in html
    row = re.search(r"<td[^>]*>\(2, 17\)</td><td[^>]*>([^<]*)</td>", html)
    assert row and row[1] == "-"
    assert "None" not in verdict._repr_html_()


def test_tables_have_no_empty_headers_and_no_none(match):
    from doppelnb.engines.doppel_doubt.render import results_html, view_html

    for html in (str(results_html(match[-1].results())), str(view_table(match[0], 0)),
                 str(view_html(match[0], 0)), str(results_html(examples.e10_results()))):
        assert not re.search(r"<th[^>]*></th>", html) and "None" not in html


def test_a_zoomed_board_keeps_the_boards_own_row_and_column_numbers():
    from doppelnb.engines.doppel_doubt.render import region_in_play

    board = db.Board().set_owner([(5, 9), (6, 9)], "red").set_owner([(6, 10)], "blue")
    assert region_in_play(board) == ((4, 8), (7, 11))
    assert region_in_play(board, pad=0) == ((5, 9), (6, 10))
    svg = str(board_svg(board, region="play", cell=30))
    assert len(_square_sizes(svg)) == 1 and svg.count('stroke="#b0b0b0"') == 4 * 4
    labels = [text for _, _, _, text in _TEXT.findall(svg)]
    assert labels[:4] == ["8", "9", "10", "11"] and labels[4:8] == ["4", "5", "6", "7"]
    assert "rows 4 to 7, columns 8 to 11" in svg           # the picture's title says where
    assert region_in_play(db.Board()) == ((0, 0), (16, 16))  # nothing in play: the whole board
    whole = str(board_svg(board))
    assert whole.count('stroke="#b0b0b0"') == 17 * 17


def test_the_contested_region_is_where_two_colours_meet():
    from doppelnb.engines.doppel_doubt.render import contested_region

    board = db.Board().set_owner([(0, 0), (0, 1), (1, 0)], "red")          # red alone
    board.set_owner([(12, 12), (12, 13)], "green").set_owner([(13, 12), (13, 13)], "blue")
    assert contested_region(board, rows=2, cols=2) == ((12, 12), (13, 13))
    top, bottom = contested_region(board)
    assert bottom[0] - top[0] == 6 and bottom[1] - top[1] == 8
    assert top[0] <= 12 <= 13 <= bottom[0] and top[1] <= 12 <= 13 <= bottom[1]


@pytest.mark.parametrize("region", ["everything", ((0, 0),), ((3, 3), (1, 1)), ((0, 0), (0, 17)),
                                    ((0, 0), (1, "a")), 5])
def test_a_bad_region_is_refused_with_bad_input(region):
    with pytest.raises(BadInput):
        board_svg(db.Board(), region=region)


@pytest.mark.parametrize("call", [
    lambda: board_svg("board"),
    lambda: board_svg(db.Board(), cell=0),
    lambda: board_svg(db.Board(), cell=2.5),
])
def test_board_svg_refuses_bad_arguments(call):
    with pytest.raises(BadInput):
        call()


def test_every_reading_of_every_flag_has_plain_words():
    from doppelnb.engines.doppel_doubt.teaching import reading_label

    for info in db.Rules.flags():
        for choice in info.choices or (0, 3, -5):
            words = reading_label(info.name, choice, default=False)
            assert "_" not in words and words != str(choice), (info.name, choice, words)


def test_reading_label_marks_the_default_reading_and_refuses_a_name_that_is_no_flag():
    from doppelnb.engines.doppel_doubt.teaching import reading_label

    assert reading_label("takeover_rule", "own_over_half").endswith(" (default)")
    assert not reading_label("takeover_rule", "own_more_than_enemy").endswith("(default)")
    assert reading_label("takeover_rule", "own_over_half", default=False) == \
        "own squares: over half of the shape"
    assert not reading_label("start_square_value", False).endswith("(default)")  # 0, not False
    with pytest.raises(BadInput):
        reading_label("no_such_flag", True)



def test_the_reading_tables_show_words_and_the_default_first(match):
    from doppelnb.engines.doppel_doubt.teaching import (
        ambiguity_table,
        guessing_readings_table,
        resolution_readings_table,
        takeover_readings_table,
    )

    board = match[60].board
    resolution = next(s for s in reversed(match) if s.last_resolution()).last_resolution()
    tables = [str(takeover_readings_table(board, "blue", db.one_sided_polyominoes(4))),
              str(resolution_readings_table(resolution)), str(guessing_readings_table()),
              str(ambiguity_table())]
    for html in tables:
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", html)
        assert not [c for c in cells if re.search(r"[a-z]_[a-z]", c)], html[:300]
        assert "None" not in html
    assert "(default)" in tables[0] and "the defaults" in tables[1]
    assert all(f'href="rules.html#DB-A{i}"' in tables[3] for i in range(1, 26))


def test_exercise_answers_match_known_counts_and_the_rules():
    """Free pentominoes: 12 (OEIS A000105); DB-E5 swapped: the higher card, now blue's, claims X
    first (DB-R11); the straight pentomino: 2 x 17 x 13 positions by the closed form."""
    from doppelnb.engines.doppel_doubt.exercises import BOOK

    assert BOOK.answer(1) == 12
    swapped = examples.e5_resolution(40, 90)
    assert [s.who for s in swapped.steps] == ["blue", "red"]
    assert BOOK.answer(4) == swapped.after.owner_of(examples.E5_X) == "blue"
    assert BOOK.answer(6) == analysis.placements_closed_form(db.shape_by_name("5-0"))
    from doppelnb.engines.doppel_doubt.rules import takeover_ok

    assert not takeover_ok("own_more_than_enemy", 2, 2, 6)      # a tie is not "more"
    assert BOOK.answer(2) == 3 and takeover_ok("own_more_than_enemy", 3, 2, 6)


@pytest.mark.parametrize("cards", [(90, 90), (0, 40), (90, 101), ("90", 40), (90.0, 40)])
def test_db_e5_replay_refuses_bad_cards(cards):
    with pytest.raises(BadInput):
        examples.e5_resolution(*cards)


def test_the_placement_explorer_in_an_exported_page_shows_its_cases_in_words(monkeypatch):
    """An exported page runs the explorer with DOPPELNB_EXPORT=1: its gallery shows this position
    under each takeover reading, named in words (the menu's options are (words, reading))."""
    from doppelnb.widgets.doppel_doubt import PlacementExplorer
    from doppelnb.widgets.offline import EXPORT_ENV

    monkeypatch.setenv(EXPORT_ENV, "1")
    board = db.Board().set_owner([(3, 10), (3, 11)], "blue").set_owner([(3, 13)], "red")
    explorer = PlacementExplorer(board, colour="blue", shape="5-3", row=3, col=10)
    import ipywidgets as widgets

    def dropdowns(widget):
        if isinstance(widget, widgets.Dropdown):
            yield widget
        for child in getattr(widget, "children", ()):
            yield from dropdowns(child)

    picker = next(dropdowns(explorer._gallery()))
    labels = [label for label, _ in picker.options]
    assert "own squares: over half of the shape" in labels
    assert not [label for label in labels if "_" in label]
    assert [value for _, value in explorer.rule_picker.options] == [
        "own_over_half", "non_enemy_over_half", "own_more_than_enemy"]


def test_setting_label_names_every_flag_in_words_and_refuses_a_name_that_is_no_flag():
    from doppelnb.engines.doppel_doubt.teaching import SETTING_WORDS, setting_label

    assert set(SETTING_WORDS) == {f.name for f in db.Rules.flags()}
    for info in db.Rules.flags():
        assert "_" not in setting_label(info.name), info.name
    with pytest.raises(BadInput):
        setting_label("no_such_flag")


def test_plain_sweep_text_words_readings_mixes_and_metrics_and_keeps_the_verdict():
    """DB-A7, DB-A23 as the shipped sweeps name them: every code name in words, nothing else
    touched; a name that is no flag stays as it is."""
    from doppelnb.engines.doppel_doubt.teaching import plain_sweep_text

    text = ("Policy mix greedy/random, 10 players: score_spread is 3.1 by default and 4.0 with "
            "illegal_takeover=skip_enemy_squares; reveal_played_cards=False changes nothing; "
            "not settled at the 5% level (p = 0.2), nope=3.")
    plain = plain_sweep_text(text)
    assert plain.startswith("Greedy and random bots, 10 players: ")  # core mix_label
    assert "“a takeover without enough own squares: a failed takeover leaves the enemy " \
        "squares”" in plain
    assert "“played cards after a round: played cards stay hidden”" in plain
    assert "score spread" in plain and "score_spread" not in plain
    assert plain.endswith("not settled at the 5% level (p = 0.2), nope=3.")
    with pytest.raises(BadInput):
        plain_sweep_text(3)


def test_sweep_key_names_each_reading_of_the_shipped_sweeps_in_words():
    from doppelnb.engines.doppel_doubt.teaching import sweep_key

    html = str(sweep_key("doppel_doubt_illegal_takeover"))
    assert "a failed takeover leaves the enemy squares" in html
    assert "every flag at its default" in html


def test_rulebook_examples_table_agrees_on_every_worked_example_db_e1_to_e10():
    import re

    from doppelnb.engines.doppel_doubt import examples as ex

    shown = re.sub(r"<[^>]+>", "|", str(ex.rulebook_examples_table()))
    assert re.findall(r"\|DB-E(\d+)\|", shown) == [str(n) for n in range(1, 11)]
    assert "|NO|" not in shown and shown.count("|yes|") == 10


def test_rulebook_examples_table_would_report_a_disagreement(monkeypatch):
    """The table recomputes each example: a wrong engine answer shows as NO (here DB-E7's
    territory, and DB-E2's start allocation)."""
    import re

    from doppelnb.engines.doppel_doubt import examples as ex

    monkeypatch.setattr(ex, "territory_scores", lambda board, doppels: (8, -6) + (0,) * 8)
    monkeypatch.setattr(ex, "E2_RANKS", {**ex.E2_RANKS, "red-P": "P1 P3 P2 P4 P5 P6"})
    shown = re.sub(r"<[^>]+>", "|", str(ex.rulebook_examples_table()))
    rows = {row.split("|")[0]: row for row in shown.split("|DB-")[1:]}
    assert {ident for ident, row in rows.items() if "|NO|" in row} == {"E2", "E7"}
