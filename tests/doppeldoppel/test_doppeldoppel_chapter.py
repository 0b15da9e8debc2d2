"""What chapter 1 (notebooks/01_doppeldoppel.ipynb) shows: the closed forms equal the engine's
enumerations, the fast score distributions equal the per-k ones, the teaching tables say what the
rulebook says, the pictures name colours the same way, and bad arguments are BadInput (issue 14).
"""

from __future__ import annotations

import re

import pytest

from doppelnb import BadInput
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import analysis, examples
from doppelnb.engines.doppeldoppel.exercises import BOOK
from doppelnb.engines.doppeldoppel.render import colour_label

DECKS = ("a", "b", "c")


def text(markup) -> str:
    return re.sub(r"<[^>]+>", " ", str(markup))


# -- closed forms (sympy) against enumeration ------------------------------------------------------
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("players", [3, 4])
def test_dd_r13_lead_collision_formula_equals_census(deck, players):
    rules = dd.Rules(deck_composition=deck)
    census = dd.collision_census(players, rules)
    assert analysis.lead_collision_probability(players, rules) == census.probability("lead_collides")


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("players", [3, 4])
def test_dd_r15_reversal_formula_equals_census(deck, players):
    rules = dd.Rules(deck_composition=deck)
    census = dd.collision_census(players, rules)
    assert analysis.reversal_probability(players, rules) == census.probability("reversed")


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("k", [0, 1, 2, 5, 9, 12, 30, 36])
def test_dd_r20_five_value_formula_equals_enumeration(deck, k):
    rules = dd.Rules(deck_composition=deck)
    assert analysis.five_value_expectation(k, rules) == analysis.five_value_enumerated(k, rules)


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
    assert analysis.five_value_enumerated(2) == Fraction(total, count)


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
    assert re.search(r"3\s+36\s+12 each\s+12\s+3\s+36", shown)
    assert re.search(r"4\s+36\s+9 each\s+9\s+4\s+36", shown)


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
    shown = text(analysis.leaders_table(3, seed=7, tricks=4))
    rows = {line.split()[0]: line for line in shown.split("\n") if line.strip()}
    assert "winner (default)" in shown and "round_sp" in shown and "rotate_left" in shown
    # round_sp: P1 (the start player) leads every trick
    round_sp = re.search(r"round_sp((?:\s+P\d → (?:P\d|none))+)", shown).group(1)
    assert re.findall(r"P(\d) →", round_sp) == ["1", "1", "1", "1"]
    rotate = re.search(r"rotate_left((?:\s+P\d → (?:P\d|none))+)", shown).group(1)
    assert re.findall(r"P(\d) →", rotate) == ["1", "2", "3", "1"]
    winner = re.findall(r"P(\d) → (P\d|none)", re.search(
        r"winner \(default\)((?:\s+P\d → (?:P\d|none))+)", shown).group(1))
    for (lead, won), (nxt, _w) in zip(winner, winner[1:], strict=False):
        # DD-R7: the winner leads the next trick; DD-A8: nobody won, the same leader again
        assert f"P{nxt}" == (won if won != "none" else f"P{lead}")
    assert rows
    with pytest.raises(BadInput):
        analysis.leaders_table(3, tricks=13)
    with pytest.raises(BadInput):
        analysis.leaders_table(3, readings=["loser"])
    with pytest.raises(BadInput):
        analysis.leaders_table(5)


def test_dd_a4_play_order_table():
    shown = text(analysis.play_order_table(4))
    assert "P1 → P2 → P3 → P4" in shown and "P1 → P4 → P3 → P2" in shown
    with pytest.raises(BadInput):
        analysis.play_order_table(True)


def test_ambiguity_table_lists_every_digest_ambiguity_with_its_flag():
    shown = text(analysis.ambiguity_table())
    for n in range(1, 20):
        assert f"DD-A{n} " in shown
    for info in dd.Rules.flags():
        assert info.name in shown
    changed = text(analysis.ambiguity_table(dd.Rules(direction="counterclockwise")))
    assert "counterclockwise (changed)" in changed
    with pytest.raises(BadInput):
        analysis.ambiguity_table("default")


@pytest.mark.parametrize("call", [
    lambda: analysis.formula_table([5]),
    lambda: analysis.formula_table("34"),
    lambda: analysis.lead_collision_probability(2),
    lambda: analysis.reversal_probability(3, rules="a"),
    lambda: analysis.five_value_expectation(37),
    lambda: analysis.five_value_expectation(True),
    lambda: analysis.five_value_enumerated(-1),
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
