"""Doppeldoppel analysis: scoring tables, round-score distributions, the trick census, each
checked against a brute-force twin or a closed form."""

import itertools
import math
from fractions import Fraction

import pytest

from doppelnb import BadInput
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Rules


def test_dd_e7_scoring_tables_for_every_rank():
    """DD-E7: JP tables (ranks 1, 2, 5) and the computed ones for 3, 4, 6 (DD-R20)."""
    tables = dd.scoring_tables()
    assert tables[1] == dd.JAPANESE_SCORE_TABLES[1]
    assert tables[2] == dd.JAPANESE_SCORE_TABLES[2]
    assert tables[5] == dd.JAPANESE_SCORE_TABLES[5]
    assert tables[3] == (-1, -2, -3, -4, -5, -6)
    assert tables[4] == (-1, -2, 0)
    assert tables[6] == (-1, -2, -3)
    # the table length follows the deck: deck b has six 4s, so three of them zero, more do not
    assert dd.scoring_tables(Rules(deck_composition="b"))[4] == (-1, -2, 0, -4, -5, -6)
    assert dd.scoring_table(4, Rules(rank4_zero_rule="at_least_3"), max_count=5) == (
        -1, -2, 0, 0, 0)
    html = dd.scoring_tables_html()._repr_html_()
    assert "JP table" in html and "+63" in html
    with pytest.raises(BadInput):
        dd.scoring_table(7)


@pytest.mark.parametrize("deck", ["a", "b", "c"])
@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_round_score_distribution_matches_brute_force(deck, k):
    """The multiset count equals the loop over every k-subset of the 36 physical cards."""
    rules = Rules(deck_composition=deck)
    exact = dd.round_score_distribution(k, rules)
    assert exact == dd.round_score_distribution_brute_force(k, rules)
    assert exact.total == math.comb(36, k)


def test_round_score_distribution_k4_and_variant():
    rules = Rules(rank4_zero_rule="at_least_3", deck_composition="b")
    assert dd.round_score_distribution(4, rules) == dd.round_score_distribution_brute_force(4, rules)


def test_round_score_distribution_closed_forms():
    """Hand-checkable values: one card, and all 36 cards."""
    one = dd.round_score_distribution(1)
    # one card: a 5 scores +7 (9 of 36), a 2 scores -2 (9), anything else -1 (18)
    assert dict(one.items()) == {-2: Fraction(1, 4), -1: Fraction(1, 2), 7: Fraction(1, 4)}
    # all 36 cards (deck a): n = 6, 9, 6, 3, 9, 3 -> three 4s -> 0 (DD-R20)
    assert dict(dd.round_score_distribution(36).items()) == {0: 1}
    # deck b: six 4s -> 12 - 18 - 3 - 6 - 9 - 3 = -27
    assert dict(dd.round_score_distribution(36, Rules(deck_composition="b")).items()) == {-27: 1}
    means = dict(dd.mean_round_scores())
    assert means[0] == 0 and means[1] == one.mean() == Fraction(3, 4)
    with pytest.raises(BadInput):
        dd.round_score_distribution(37)


@pytest.mark.parametrize("deck", ["a", "b", "c"])
def test_census_three_players_full_deck_matches_brute_force(deck):
    """The numpy census over card types equals resolve_trick over all 42,840 permutations."""
    rules = Rules(deck_composition=deck)
    assert dd.collision_census(3, rules) == dd.collision_census_brute_force(3, rules)


@pytest.mark.parametrize("flags", [
    {"reversal_trigger": "surviving_only"}, {"reversal_trigger": "toggle_per_three"},
    {"reversal_affects_fallback": False}])
def test_census_variants_match_brute_force(flags):
    rules = Rules(**flags)
    small = {"Y3": 2, "R3": 1, "Y1": 1, "B1": 1, "R5": 2, "Y5": 1, "B6": 1, "B2": 1, "R4": 1}
    for players in (3, 4):
        assert dd.collision_census(players, rules, deck=small) == \
            dd.collision_census_brute_force(players, rules, deck=small)
    assert dd.collision_census(3, rules) == dd.collision_census_brute_force(3, rules)


@pytest.mark.parametrize("deck", [
    {"Y1": 2, "R1": 1, "Y2": 2, "B2": 1, "Y3": 1, "R3": 2, "B4": 1, "Y5": 1, "R6": 2},
    {"Y4": 3, "R4": 1, "B4": 2, "Y3": 2, "B1": 1, "R2": 2},
])
def test_census_four_players_small_decks_match_brute_force(deck):
    """4 players: the full deck has 1.4 million tricks, so the twin runs on 13-14 card decks."""
    assert dd.collision_census(4, deck=deck) == dd.collision_census_brute_force(4, deck=deck)


@pytest.mark.parametrize("deck", ["a", "b", "c"])
@pytest.mark.parametrize("players", [3, 4])
def test_census_closed_forms(deck, players):
    """Closed forms: trick count 36!/(36-n)!, no-winner and reversal counts from rank totals."""
    rules = Rules(deck_composition=deck)
    census = dd.collision_census(players, rules)
    t = rules.rank_totals()
    assert census["tricks"] == math.perm(36, players)
    no_three = math.perm(36 - t[3], players)
    assert census["reversed"] == census["tricks"] - no_three  # any 3 played reverses (default)
    no_collision = sum(  # all distinct numbers: choose ranks in order, a card of each
        math.prod(t[r] for r in ranks) for ranks in itertools.permutations(
            dd.RANKS, players))
    assert census["with_collision"] == census["tricks"] - no_collision
    if players == 3:
        assert census["no_winner"] == sum(math.perm(t[r], 3) for r in dd.RANKS)
    else:  # four of a kind, or two different pairs
        pairs = sum(math.perm(t[a], 2) * math.perm(t[b], 2) for a in dd.RANKS for b in dd.RANKS
                    if a != b)
        assert census["no_winner"] == sum(math.perm(t[r], 4) for r in dd.RANKS) + 3 * pairs
    assert sum(census.winner_position) == census["tricks"] - census["no_winner"]
    # followers are symmetric when the follow rule is ignored
    assert len(set(census.winner_position[1:])) == 1


def test_census_table_and_probabilities():
    html = dd.census_table(3)._repr_html_()
    assert "deck a" in html and "deck c" in html and "no winner" in html
    c = dd.collision_census(3)
    assert c.probability("no_winner") == Fraction(1260, 42840)
    assert sum(c.winner_probabilities()) + c.probability("no_winner") == 1
    assert "winner at position 1" in c._repr_html_()
    with pytest.raises(BadInput):
        dd.collision_census(5)


def test_reversal_readings_table_dd_t7_t8_t9():
    """DD-T7, DD-T8, DD-T9 under each reading of DD-A5/A6/A7, as the notebook shows them."""
    html = dd.reversal_readings_table()._repr_html_()
    assert html.count("<tr>") == 1 + 3 + 2 + 3
    results = {scope: dd.resolve_tricks(dd.READING_CASES["DD-T9: after T6, R5 R2 R6 Y4"],
                                        Rules(reversal_scope=scope))[-1]
               for scope in ("trick", "round_toggle", "round_permanent")}
    assert [r.reversed for r in results.values()] == [False, True, True]
    assert results["trick"].winner == 2 and results["round_toggle"].winner == 1
    with pytest.raises(BadInput):
        dd.reversal_readings_table(flags=["colour_names"])


def test_the_readings_tables_replay_agrees_with_resolve_tricks():
    """teaching replays a case's tricks itself (it cannot import analysis): the last trick it
    reports must be resolve_tricks' under every reading of the reversal flags (DD-A5..A7)."""
    from doppelnb.engines.doppeldoppel.teaching import _last_trick

    for name in ("reversal_trigger", "reversal_affects_fallback", "reversal_scope"):
        info = next(f for f in Rules.flags() if f.name == name)
        for reading in info.choices or ():
            rules = Rules(**{name: reading})
            for tricks in dd.READING_CASES.values():
                assert _last_trick(tricks, rules) == dd.resolve_tricks(tricks, rules)[-1]
    with pytest.raises(BadInput):
        _last_trick([], Rules())


def test_simulate_and_variant_survey():
    """Random-move games: counts add up; the same seeds give the same summary."""
    a = dd.simulate(3, players=3, seed=5)
    assert a == dd.simulate(3, players=3, seed=5) and a.players == 3 and a.games == 3
    assert a.tricks == 3 * 36 and len(a.round_scores) == 3 * 3 * 3
    assert 0 < a.reversed < a.tricks and a.no_winner <= a.tricks
    html = dd.variant_survey(4, games=2, flags=["next_leader"])._repr_html_()
    assert html.count("<tr>") == 1 + 3 and "rotate_left" in html


@pytest.mark.parametrize(("players", "policy"), [(3, "random"), (4, "random"), (4, "greedy")])
def test_simulate_counts_the_core_simulations_own_games(players, policy):
    # The summary is a count over doppelnb.core.simulate's games (the sweep's seeded games),
    # recomputed here from their final states: DD-R13..R17 per trick, DD-R21 per round.
    from doppelnb.core.simulate import simulate as core_simulate

    summary = dd.simulate(4, players=players, policy=policy, seed=9)
    finals = core_simulate("doppeldoppel", 4, players=players, policy=policy, seed=9).finals
    tricks = [t for end in finals for t in end.log]
    assert summary.tricks == len(tricks) == 4 * 36
    assert summary.reversed == sum(t.result.reversed for t in tricks)
    assert summary.no_winner == sum(t.result.winner is None for t in tricks)
    assert summary.leader_wins == sum(t.result.winner == 0 for t in tricks)
    assert summary.round_scores == tuple(x for end in finals for r in end.round_scores
                                         for x in r)
    assert summary.winning_totals == tuple(max(end.totals) for end in finals)
    assert dd.simulate(4, players=players, policy=policy, seed=10) != summary


def test_trick_log_and_deck_picture():
    from doppelnb.core import play_to_end

    state = play_to_end(dd.new_game(4, seed=7))
    log = state.trick_log(0)._repr_html_()
    assert log.count("<tr>") == 1 + 9 and "DD-R14" in log
    assert dd.deck_svg()._repr_html_().count("<svg") == 3
