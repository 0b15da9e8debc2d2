"""What chapter 1 (notebooks/01_doppeldoppel.ipynb) shows: the closed forms equal the engine's
enumerations, the fast score distributions equal the per-k ones, the teaching tables say what the
rulebook says, the pictures name colours the same way, and bad arguments are BadInput (issue 14).
"""

from __future__ import annotations

import html
import re

import pytest

from doppelnb import BadInput
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import analysis, examples, simulation, teaching
from doppelnb.engines.doppeldoppel.exercises import BOOK
from doppelnb.engines.doppeldoppel.render import colour_label

DECKS = ("a", "b", "c")


def text(markup) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", str(markup)))


# -- closed forms (sympy) against enumeration ------------------------------------------------------
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("players", [3, 4])
def test_dd_r13_lead_collision_formula_equals_census(deck, players):
    rules = dd.Rules(deck_composition=deck)
    census = dd.collision_census(players, rules)
    assert analysis.lead_collision_closed_form(players, rules) == census.probability("lead_collides")


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("players", [3, 4])
def test_dd_r15_reversal_formula_equals_census(deck, players):
    rules = dd.Rules(deck_composition=deck)
    census = dd.collision_census(players, rules)
    assert analysis.reversal_closed_form(players, rules) == census.probability("reversed")


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("k", [0, 1, 2, 5, 9, 12, 30, 36])
def test_dd_r20_five_value_formula_equals_enumeration(deck, k):
    rules = dd.Rules(deck_composition=deck)
    assert analysis.five_value_closed_form(k, rules) == analysis.five_value_brute_force(k, rules)


def test_five_value_enumeration_equals_the_score_of_every_small_pile():
    # k = 2 by brute force over the physical deck: the points from the 5s alone (DD-R20 rank 5)
    import itertools
    from fractions import Fraction

    deck = dd.Rules().deck()
    total = count = 0
    for pile in itertools.combinations(deck, 2):
        n5 = sum(c.rank == 5 for c in pile)
        n6 = sum(c.rank == 6 for c in pile)
        total += 7 * n5 if n6 == 0 else -n5
        count += 1
    assert analysis.five_value_brute_force(2) == Fraction(total, count)


def test_formulas_show_as_latex_with_a_sentence():
    for formula in (analysis.lead_collision_formula(), analysis.reversal_formula(),
                    analysis.five_value_formula()):
        assert formula._repr_latex_().startswith("$$") and "binom" in formula.latex
        assert len(formula.meaning) > 40


def test_formula_table_agrees_everywhere():
    shown = text(analysis.formula_table())
    assert shown.count("equal") == 4 and "DIFFERENT" not in shown
    assert "2417/5610" in shown and "373/1190" in shown


# -- every pile size at once -------------------------------------------------------------------------
@pytest.mark.parametrize("deck", DECKS)
def test_score_distributions_equal_the_per_k_distributions(deck):
    rules = dd.Rules(deck_composition=deck)
    fast = analysis.score_distributions(rules)
    assert sorted(fast) == list(range(37))
    for k in (0, 1, 4, 9, 17, 35, 36):
        assert fast[k] == dd.round_score_distribution(k, rules)


def test_score_distributions_follow_the_rank4_reading():
    # deck b holds six 4s, so "at least three" differs from "exactly three" (DD-A11)
    for reading in ("exactly_3", "at_least_3"):
        rules = dd.Rules(deck_composition="b", rank4_zero_rule=reading)
        assert analysis.score_distributions(rules)[5] == dd.round_score_distribution(5, rules)
    assert analysis.score_distributions(dd.Rules(deck_composition="b"))[8] != \
        analysis.score_distributions(dd.Rules(deck_composition="b",
                                              rank4_zero_rule="at_least_3"))[8]


def test_mean_round_scores_best_pile_is_nine_cards():
    means = dict(dd.mean_round_scores())
    assert max(means, key=means.get) == 9 == BOOK.answer(7)
    assert means[0] == 0 and means[36] == dd.round_score(dd.Rules().rank_totals())


def test_census_is_cached_but_returned_as_a_copy():
    first = dd.collision_census(3)
    first.counts["tricks"] = 0
    assert dd.collision_census(3)["tricks"] == 36 * 35 * 34


# -- teaching tables ----------------------------------------------------------------------------------
def test_dd_e1_to_e7_all_agree_with_the_rulebook():
    shown = text(examples.rulebook_examples_table())
    for ident in ("DD-E1", "DD-E2", "DD-E3", "DD-E4", "DD-E5", "DD-E6", "DD-E7"):
        assert ident in shown
    assert " NO " not in shown and shown.count(" yes ") == 7
    assert "24 of 24 entries equal" in shown


def test_dd_t24_deal_table_game_length():
    shown = text(examples.deal_table())
    # players, cards dealt, hand, tricks per round, rounds (the game's tricks: exercise 6)
    assert re.search(r"3\s+36\s+12 each\s+12\s+3\s+4\s+36", shown)
    assert re.search(r"4\s+36\s+9 each\s+9\s+4\s*$", shown)


def test_dd_t25_rounds_table_rotates_the_start_player_and_redeals():
    from doppelnb.core import play_to_end

    game = play_to_end(dd.new_game(3, seed=7, first_sp=0), seed=7)
    shown = text(examples.rounds_table(game))
    # DD-R6: P1, P2, P3 start the rounds; DD-A16: 12 cards in every hand each round
    assert re.search(r"1\s+P1\s+12 12 12\s+12", shown)
    assert re.search(r"2\s+P2\s+12 12 12\s+12", shown)
    assert re.search(r"3\s+P3\s+12 12 12\s+12", shown)
    with pytest.raises(BadInput):
        examples.rounds_table("not a game")


def test_dd_a8_no_winner_state_readings():
    same = examples.no_winner_state("same_leader")
    left = examples.no_winner_state("left_of_leader")
    assert same.log[-1].result.winner is None and same.log[-1].result.rule == "DD-R16"
    assert (same.leader, left.leader) == (0, 1)
    assert all(not pile for pile in same.piles)
    with pytest.raises(BadInput):
        examples.no_winner_state("rotate")


def test_refusals_table_names_rule_ids_and_refuses_every_attempt():
    shown = text(examples.refusals_table())
    assert "accepted!" not in shown
    for rule in ("DD-R11", "DD-R10", "DD-R12", "DD-R1", "DD-R2", "DD-R18"):
        assert rule in shown


def test_dd_a3_leaders_table_follows_each_reading():
    shown = text(simulation.leaders_table(3, seed=7, tricks=4))
    # plain words for the readings (issue 25), never the flag's code names
    assert "next_leader" not in shown and "round_sp" not in shown and "rotate_left" not in shown
    assert "who leads the next trick" in shown

    def row(label: str) -> list[tuple[str, str]]:
        cells = re.search(re.escape(label) + r"((?:\s+P\d → (?:P\d|none))+)", shown)
        assert cells, label
        return re.findall(r"P(\d) → (P\d|none)", cells.group(1))

    # round_sp: P1 (the start player) leads every trick; rotate_left: the lead passes left
    assert [lead for lead, _ in row("the start player, every trick")] == ["1", "1", "1", "1"]
    assert [lead for lead, _ in row("the next player to the left")] == ["1", "2", "3", "1"]
    winner = row("the trick's winner (default)")
    for (lead, won), (nxt, _w) in zip(winner, winner[1:], strict=False):
        # DD-R7: the winner leads the next trick; DD-A8: nobody won, the same leader again
        assert f"P{nxt}" == (won if won != "none" else f"P{lead}")
    with pytest.raises(BadInput):
        simulation.leaders_table(3, tricks=13)
    with pytest.raises(BadInput):
        simulation.leaders_table(3, readings=["loser"])
    with pytest.raises(BadInput):
        simulation.leaders_table(5)


def test_dd_a4_play_order_table():
    shown = text(teaching.play_order_table(4))
    assert "P1 → P2 → P3 → P4" in shown and "P1 → P4 → P3 → P2" in shown
    with pytest.raises(BadInput):
        teaching.play_order_table(True)


def test_ambiguity_table_lists_every_digest_ambiguity_with_its_flag():
    shown = text(teaching.ambiguity_table())
    for n in range(1, 20):
        assert f"DD-A{n} " in shown
    for info in dd.Rules.flags():
        assert info.name in shown
    changed = text(teaching.ambiguity_table(dd.Rules(direction="counterclockwise")))
    assert "counterclockwise (changed)" in changed
    with pytest.raises(BadInput):
        teaching.ambiguity_table("default")


@pytest.mark.parametrize("call", [
    lambda: analysis.formula_table([5]),
    lambda: analysis.formula_table("34"),
    lambda: analysis.lead_collision_closed_form(2),
    lambda: analysis.reversal_closed_form(3, rules="a"),
    lambda: analysis.five_value_closed_form(37),
    lambda: analysis.five_value_closed_form(True),
    lambda: analysis.five_value_brute_force(-1),
    lambda: analysis.score_distributions(None),
])
def test_bad_arguments_are_bad_input(call):
    with pytest.raises(BadInput):
        call()


# -- pictures -----------------------------------------------------------------------------------------
def test_dd_a2_pictures_name_colours_with_their_card_letter():
    assert colour_label("R") == "colour2 (R)" and colour_label("Y") == "yellow (Y)"
    trick = str(dd.resolve_trick(["R4", "B4", "Y6", "B1"]).to_svg())
    assert "lead colour: colour2 (R)" in trick
    deck = str(dd.deck_svg())
    assert "colour3 (B)" in deck and "<title>" in deck


def test_every_hand_picture_has_a_title():
    svg = str(dd.hand_svg(["Y1", "R6"], label="P1"))
    assert "<title>P1: Y1 R6</title>" in svg
    assert "<title>hand: no cards</title>" in str(dd.hand_svg([]))


def test_deck_note_is_escaped_markup():
    custom = dd.Rules(deck_composition=((2, 3, 2, 1, 3, 1), (2, 3, 2, 1, 3, 1), (2, 3, 1, 2, 3, 1)))
    assert "Illustrative composition custom (DD-A1)" in str(dd.deck_svg(custom))


# -- the one-round stepper ---------------------------------------------------------------------------
def test_stepper_rounds_keeps_the_first_round_and_its_score():
    from doppelnb.widgets import doppeldoppel as ddw

    view = ddw.stepper(3, seed=7, first_sp=0, rounds=1)
    states = view.panel.states
    assert len(states) == 37  # the deal, 36 cards played (DD-R3, DD-R5), the next deal
    assert states[-1].round == 1 and states[-1].round_scores and not states[-2].round_scores
    view.flag_pickers["next_leader"].value = "round_sp"  # a new reading: dealt again, cut again
    assert all(s.rules.next_leader == "round_sp" for s in view.panel.states)
    assert view.panel.states[-1].round == 1


@pytest.mark.parametrize("kw", [{"rounds": 0}, {"rounds": 4}, {"rounds": True},
                                {"rounds": 1, "seed": -1}, {"rounds": 1, "rules": "a"}])
def test_stepper_rounds_bad_arguments_are_bad_input(kw):
    from doppelnb.widgets import doppeldoppel as ddw

    with pytest.raises(BadInput):
        ddw.stepper(3, **kw)


def test_collided_cards_keep_a_readable_number():
    # issue 14: "collided cards lose their number in the pictures"
    svg = str(dd.resolve_trick(["Y4", "R4", "B3", "B4"]).to_svg())
    numbers = re.findall(r"<text([^>]*)>4</text>", svg)
    assert len(numbers) == 3
    for attrs in numbers:
        assert 'fill="#222"' in attrs and "opacity" not in attrs and 'paint-order="stroke"' in attrs
    assert svg.count('stroke="#b00"') == 6  # a cross over each collided card


# -- plain words on every picture, table and control (issue 25) --------------------------------------
CODE_NAMES = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # reversal_trigger, score_spread, ...


def code_names(shown: str) -> set[str]:
    return set(CODE_NAMES.findall(shown))


def test_every_setting_and_reading_has_plain_words():
    from doppelnb.engines.doppeldoppel.teaching import SETTING_WORDS, reading_label

    for info in dd.Rules.flags():
        assert info.name in SETTING_WORDS, info.name
        for choice in info.choices or ():
            words = reading_label(info.name, choice, default=False)
            assert not code_names(words) and words != str(choice) or choice in (
                "clockwise", "counterclockwise"), (info.name, choice)
    assert reading_label("reversal_trigger", "any_played") == "any 3 played (default)"
    assert reading_label("reversal_trigger", "surviving_only") == "only a 3 that survives"


@pytest.mark.parametrize("picture", [
    lambda: teaching.reversal_readings_table(),
    lambda: simulation.leaders_table(3, seed=7, tricks=4),
    lambda: teaching.play_order_table(4),
    lambda: examples.no_winner_table(),
    lambda: dd.census_table(3),
    lambda: dd.resolve_trick(["Y4", "R4", "B3", "R6"]).to_svg(),
    lambda: teaching.rank4_readings_table(),
], ids=["readings", "leaders", "play order", "no winner", "census", "trick", "rank 4"])
def test_chapter_tables_and_pictures_show_no_code_names(picture):
    shown = text(picture())
    assert not code_names(shown), code_names(shown)


def test_trick_picture_says_what_decided_it_in_words_and_fits_its_text():
    for cards in (["Y4", "R4", "B3", "R6"], ["R4", "B4", "Y6", "B1"], ["Y1", "R1", "B1"],
                  ["Y5", "Y3", "Y6", "R1"]):
        svg = str(dd.resolve_trick(cards).to_svg(title="a title long enough to need room, "
                                                       "as the chapter's titles do"))
        width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
        assert "decided by DD-" not in svg
        for x, size, words in re.findall(r'<text x="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*'
                                         r'text-anchor="start"[^>]*>([^<]*)</text>', svg):
            # DejaVu Sans averages under 0.62 em per character: the text ends inside the picture
            assert float(x) + len(html.unescape(words)) * float(size) * 0.6 <= width, words
    assert "won by the lowest card of any colour" in str(
        dd.resolve_trick(["Y4", "R4", "B3", "R6"]).to_svg())


def test_widget_controls_use_plain_words():
    from doppelnb.widgets import doppeldoppel as ddw

    builder = ddw.TrickBuilder(["Y3", "B3", "Y5", "Y2"])
    explorer = ddw.ScoreExplorer()
    stepper = ddw.stepper(3, seed=7, first_sp=0, rounds=1)
    controls = [*builder.flags.values(), builder.reversed_before, explorer.rank4,
                *explorer.kept.values(), *stepper.flag_pickers.values()]
    for control in controls:
        assert not code_names(control.description), control.description
        labels = [label for label, _ in getattr(control, "options", ())] if hasattr(
            control, "options") else []
        for label in labels:
            assert not code_names(str(label)), label
    assert builder.flags["reversal_trigger"].description == "which 3s reverse"
    builder.flags["reversal_trigger"].value = "surviving_only"  # values stay the flag's own
    assert builder.result.winner == 2
    stepper.flag_pickers["next_leader"].value = "round_sp"  # relabelled pickers still deal
    assert all(s.rules.next_leader == "round_sp" for s in stepper.panel.states)


# -- the charts and the sweep section ----------------------------------------------------------------
def test_leader_and_score_charts_are_labelled_in_words():
    from doppelnb.engines.doppeldoppel import render

    leader = str(render.leader_chart(4))
    assert "who wins a trick" in leader and "share of tricks won" in leader
    assert "leader" in leader and "follower 3" in leader and "nobody" in leader
    scores = str(render.mean_score_chart())
    assert "cards kept in the round (k)" in scores and "expected points" in scores
    assert "deck a, default (1s to 6s: 6 9 6 3 9 3)" in scores
    for svg in (leader, scores):
        assert not code_names(re.sub(r"<[^>]+>", " ", svg)) - {"sans_serif"}
    with pytest.raises(BadInput):
        render.mean_score_chart(["z"])


def test_balance_section_shows_the_sweeps_own_verdict_in_plain_words():
    from doppelnb.core.sweep import balance_summary
    from doppelnb.engines.doppeldoppel import render
    from doppelnb.engines.doppeldoppel.teaching import plain_sweep_text

    section = str(render.balance_section("doppeldoppel_reversal_scope", "score_spread"))
    verdicts = re.findall(r"<p>(.*?)</p>", str(balance_summary("doppeldoppel_reversal_scope",
                                                               "score_spread")), re.S)
    assert verdicts
    for sentence in verdicts:  # every sentence of the verdict, only relabelled
        assert html.escape(plain_sweep_text(html.unescape(sentence))) in section
    words = text(re.sub(r"<svg.*?</svg>", " ", section, flags=re.S))
    assert not code_names(words), code_names(words)
    assert "score spread (best minus worst total)" in section
    assert "how long a 3 reverses: rest of the round, for good" in words


def test_plain_sweep_text_keeps_everything_but_the_code_names():
    from doppelnb.engines.doppeldoppel.teaching import plain_sweep_text

    sentence = ("Policy mix greedy, 3 players, n = 1000 and 1000 games: tie_rate is 0.026 "
                "[0.018, 0.038] by default and 0.017 [0.011, 0.027] with "
                "next_leader=rotate_left. Open at this n: not settled at the 5% level after "
                "Holm's correction over 10 comparisons (adjusted p = 1).")
    assert plain_sweep_text(sentence) == (
        "Greedy bots, 3 players, n = 1000 and 1000 games: share of games tied is 0.026 "
        "[0.018, 0.038] by default and 0.017 [0.011, 0.027] with “who leads the next trick: "
        "the next player to the left”. Open at this n: not settled at the 5% level after "
        "Holm's correction over 10 comparisons (adjusted p = 1).")


def test_rank4_readings_differ_only_beyond_three_fours():
    shown = text(teaching.rank4_readings_table())
    assert re.search(r"4 4 4 4\s+-4\s+\+0", shown)      # DD-T21: four 4s, deck b
    assert re.search(r"4 4 4 5 5 5\s+\+0\s+\+0", shown)  # DD-T18: three 4s zero +21
    assert re.search(r"5 5 5 6\s+-4\s+-4", shown)        # DD-T17


def test_dd_a8_no_winner_table():
    shown = text(examples.no_winner_table())
    assert re.search(r"the same leader \(default\)\s+P1", shown)
    assert re.search(r"the leader's left neighbour\s+P2", shown)


# -- the chapter itself -------------------------------------------------------------------------------
NOTEBOOK = __import__("pathlib").Path(__file__).resolve().parents[2] / "notebooks" / \
    "01_doppeldoppel.ipynb"


def chapter_cells() -> list[dict]:
    import json

    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def test_chapter_opens_with_a_question_and_one_picture():
    cells = chapter_cells()
    title = "".join(cells[0]["source"])
    assert title.startswith("# 1 · ") and title.splitlines()[0].endswith("?")
    assert "What you will learn" not in title
    first_code = cells[1]
    assert first_code["cell_type"] == "code"
    assert first_code["metadata"]["jupyter"] == {"source_hidden": True}
    source = "".join(first_code["source"])
    assert "import" in source and source.strip().splitlines()[-1].startswith("dd.resolve_trick(")
    headings = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    assert next(h for h in headings if "\n## " in h or h.startswith("## ")).count(
        "## Play a hand") == 1


def test_every_count_chart_and_sweep_is_preceded_by_a_prediction():
    cells = chapter_cells()
    computed = ("census_table", "mean_score_chart", "leader_chart", "lead_collision_formula",
                "balance_section", "reversal_readings_table", "rank4_readings_table")
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and any(re.search(rf"\.{name}\(", source)
                                               for name in computed):
            before = next("".join(c["source"]) for c in reversed(cells[:i])
                          if c["cell_type"] == "markdown")
            assert "Predict first" in before, source


def test_exercises_are_not_answered_by_a_picture_above_them():
    """The tricks of exercises 1 and 5 and the game length of exercise 6 are not shown before
    the exercise: a student has to work them out."""
    from doppelnb.engines.doppeldoppel.exercises import BOOK
    from doppelnb.widgets.doppeldoppel import TRICK_GALLERY

    code = "\n".join("".join(c["source"]) for c in chapter_cells() if c["cell_type"] == "code"
                     and "check(" not in "".join(c["source"]))
    shown = [list(cards) for tricks in dd.READING_CASES.values() for cards in tricks]
    shown += [cards for _, cards in TRICK_GALLERY] + [list(examples.TRICK_EXAMPLES[e])
                                                      for e in examples.TRICK_EXAMPLES]
    for number in (1, 5):
        cards = re.findall(r"\b[YRB][1-6]\b", BOOK[number].question)
        assert len(cards) == 4 and cards not in shown
        assert ", ".join(f'"{c}"' for c in cards) not in code
    assert "tricks in the game" not in text(examples.deal_table())
