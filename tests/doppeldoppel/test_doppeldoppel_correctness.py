"""Doppeldoppel correctness (issue 11): shared state, hostile input, limits, hidden information,
conserved quantities, and every trick test case DD-T1..T8 played through the full engine."""

import itertools
import json
import pathlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_doppeldoppel import game_with_first_trick, play_trick

from doppelnb import BadInput, RuleError
from doppelnb.core import playout
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Rules

# ---------------------------------------------------------------------------------------------
# nothing mutable is shared between states or handed out
# ---------------------------------------------------------------------------------------------


def test_options_are_read_only_and_not_shared_mutably():
    """Issue 11: the ``options`` dict was shared by every state of a game, so writing to one
    state's options changed the next state's (and its record)."""
    s = dd.new_game(3, seed=4, first_sp=1)
    nxt = s.play(s.legal_actions()[0])
    with pytest.raises(TypeError):
        s.options["first_sp"] = 2
    assert nxt.options["first_sp"] == 1 and json.loads(nxt.to_json())["options"] == {
        "first_sp": 1}
    hands = [list(map(str, h)) for h in s.hands]
    t = dd.new_game(3, seed=4, first_sp=0, hands=hands)
    hands[0][0] = "B6"  # the caller's lists are copied, not kept
    assert isinstance(t.options["hands"], tuple) and t.options["hands"][0][0] != "B6" or \
        hands[0][0] != t.options["hands"][0][0]
    assert dd.from_json(t.to_json()) == t


def test_deck_candidates_and_score_tables_cannot_be_changed_by_a_caller():
    """DD-A1 data and the DD-E7 tables are handed out as copies or read-only values."""
    cands = dd.deck_candidates()
    cands["a"] = ((12, 0, 0, 0, 0, 0),) * 3
    cands.clear()
    assert set(dd.deck_candidates()) == {"a", "b", "c"}
    assert Rules().rank_totals() == {1: 6, 2: 9, 3: 6, 4: 3, 5: 9, 6: 3}
    with pytest.raises(TypeError):
        dd.JAPANESE_SCORE_TABLES[1] = ()  # type: ignore[index]


def test_deck_data_with_a_candidate_named_twice_is_refused():
    """core.data rules: two entries of one name in a data file are refused (JSON would keep the
    second silently)."""
    text = ('{"illustrative": true, "note": "x", "default": "a", "candidates": {'
            '"a": {"per_colour": [2, 3, 2, 1, 3, 1]}, "a": {"per_colour": [2, 3, 1, 2, 3, 1]}}}')
    with pytest.raises(BadInput, match="'a' appears twice"):
        dd.parse_deck_candidates(text)
    good = text.replace('}, "a": {"per_colour": [2, 3, 1, 2, 3, 1]}', '}, "b": {"per_colour": '
                        '[2, 3, 1, 2, 3, 1]}')
    assert set(dd.parse_deck_candidates(good)) == {"a", "b"}


# ---------------------------------------------------------------------------------------------
# players, options, flags, limits
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [10.0, 3.0, 4.0, True, "3", None, [3], 5, 2, -1])
def test_new_game_refuses_player_counts_that_are_not_3_or_4_as_ints(players):
    """DD-R1 (rulebook line 5: 3-4 players): ``new_game(3.0)`` used to start a game whose record
    said ``"players": 3.0``; every non-int or out-of-range count is now ``BadInput``."""
    with pytest.raises(BadInput, match="players"):
        dd.new_game(players)


def test_unknown_keyword_option_is_bad_input_not_type_error():
    with pytest.raises(BadInput, match="colour"):
        dd.new_game(3, colour="Y")


def test_variant_survey_refuses_an_unknown_flag_name():
    """An unknown flag name used to be silently ignored (an empty table)."""
    with pytest.raises(BadInput, match="flags"):
        dd.variant_survey(3, games=1, flags=["no_such_flag"])
    with pytest.raises(BadInput):
        dd.variant_survey(3, games=1, flags="next_leader")


def test_scoring_table_limit_is_documented_and_enforced():
    """``scoring_table(1, max_count=10**9)`` ran for minutes; the limit is the 36-card deck."""
    assert dd.analysis.MAX_SCORING_COUNT == 36
    assert "MAX_SCORING_COUNT" in dd.scoring_table.__doc__
    assert len(dd.scoring_table(1, max_count=36)) == 36
    with pytest.raises(BadInput, match="max_count must be a whole number from 0 to 36"):
        dd.scoring_table(1, max_count=10**9)
    with pytest.raises(BadInput, match="max_count"):
        dd.scoring_table(1, max_count=37)


def test_other_analysis_limits_are_enforced():
    with pytest.raises(BadInput, match="games"):
        dd.simulate(games=10**9)
    with pytest.raises(BadInput, match="k is limited"):
        dd.round_score_distribution_brute_force(18)
    assert dd.round_score_distribution_brute_force(35).total == 36
    with pytest.raises(BadInput, match="cards"):
        dd.pile_counts(itertools.repeat("Y1"))


def test_load_data_refuses_a_path_given_as_a_string(tmp_path, monkeypatch):
    """core.data: a plain string is only a shipped name; a file beside the notebook is ignored."""
    from doppelnb.core.data import load_data

    (tmp_path / "doppeldoppel_decks.json").write_text('{"illustrative": false}')
    monkeypatch.chdir(tmp_path)
    assert load_data("doppeldoppel_decks.json", "deck")["illustrative"] is True
    with pytest.raises(BadInput):
        load_data(str(tmp_path / "doppeldoppel_decks.json"), "deck")
    own = tmp_path / "mine.json"
    own.write_text((pathlib.Path(dd.__file__).parents[2] / "data" /
                    "doppeldoppel_decks.json").read_text())
    assert dd.parse_deck_candidates(own.read_bytes()) == dd.deck_candidates()


# ---------------------------------------------------------------------------------------------
# a bad-input table: every public function, hostile arguments, BadInput only
# ---------------------------------------------------------------------------------------------

S3 = dd.new_game(3, seed=1)
S4 = dd.new_game(4, seed=1)
R = dd.resolve_trick(["Y5", "Y2", "Y4", "R5"])

HOSTILE = [
    ("new_game players float", lambda: dd.new_game(3.5)),
    ("new_game players bool", lambda: dd.new_game(True)),
    ("new_game seed float", lambda: dd.new_game(3, seed=1.5)),
    ("new_game seed str", lambda: dd.new_game(3, seed="1")),
    ("new_game seed negative", lambda: dd.new_game(3, seed=-1)),
    ("new_game rules dict", lambda: dd.new_game(3, rules={"next_leader": "winner"})),
    ("new_game first_sp float", lambda: dd.new_game(3, first_sp=1.0)),
    ("new_game first_sp bool", lambda: dd.new_game(3, first_sp=True)),
    ("new_game first_sp big", lambda: dd.new_game(3, first_sp=3)),
    ("new_game hands str", lambda: dd.new_game(3, hands="Y1 Y2")),
    ("new_game hands nested wrong", lambda: dd.new_game(3, hands=[1, 2, 3])),
    ("new_game hands dict", lambda: dd.new_game(3, hands={0: ["Y1"]})),
    ("new_game unknown option", lambda: dd.new_game(3, colours=3)),
    ("view float", lambda: S3.view(1.0)),
    ("view bool", lambda: S3.view(False)),
    ("view out of range", lambda: S3.view(3)),
    ("view str", lambda: S3.view("0")),
    ("play None", lambda: S3.play(None)),
    ("play int", lambda: S3.play(5)),
    ("play dict", lambda: S3.play({"card": "Y5"})),
    ("play bad card", lambda: S3.play("Z9")),
    ("play lead bad colour", lambda: S4.play(("Y5", 7))),
    ("play lead triple", lambda: S4.play(("Y5", "Y", "Y"))),
    ("trick_log float", lambda: S3.trick_log(0.0)),
    ("trick_log big", lambda: S3.trick_log(10)),
    ("from_json int", lambda: dd.from_json(5)),
    ("from_json garbage", lambda: dd.from_json("{")),
    ("from_json deep", lambda: dd.from_json("[" * 10_000 + "]" * 10_000)),
    ("from_json players float", lambda: dd.from_json(S3.to_json().replace(
        '"players": 3', '"players": 3.0'))),
    ("from_json option", lambda: dd.from_json(S3.to_json().replace(
        '"options": {}', '"options": {"hands": 5}'))),
    ("from_json unknown option", lambda: dd.from_json(S3.to_json().replace(
        '"options": {}', '"options": {"deck": "/etc/passwd"}'))),
    ("legal_plays hand int", lambda: dd.legal_plays(5, "Y")),
    ("legal_plays hand str", lambda: dd.legal_plays("Y1", "Y")),
    ("legal_plays colour", lambda: dd.legal_plays(["Y1"], 3)),
    ("legal_plays endless", lambda: dd.legal_plays(itertools.repeat("Y1"), None)),
    ("resolve_trick int", lambda: dd.resolve_trick(5)),
    ("resolve_trick 2 cards", lambda: dd.resolve_trick(["Y1", "Y2"])),
    ("resolve_trick rules", lambda: dd.resolve_trick(["Y1", "Y2", "Y3"], "default")),
    ("resolve_trick reversed", lambda: dd.resolve_trick(["Y1", "Y2", "Y3"], reversed_before=1)),
    ("round_score list", lambda: dd.round_score([1, 2])),
    ("round_score bad rank", lambda: dd.round_score({7: 1})),
    ("round_score float count", lambda: dd.round_score({1: 1.5})),
    ("round_score rules", lambda: dd.round_score({1: 1}, rules=None)),
    ("score_breakdown None", lambda: dd.score_breakdown(None)),
    ("pile_counts int", lambda: dd.pile_counts(5)),
    ("parse_card int", lambda: dd.parse_card(5)),
    ("parse_card Card int colour", lambda: dd.parse_card(dd.Card(1, 1))),
    ("parse_cards str", lambda: dd.parse_cards("Y1")),
    ("parse_deck_candidates int", lambda: dd.parse_deck_candidates(5)),
    ("parse_deck_candidates junk", lambda: dd.parse_deck_candidates('{"illustrative": true}')),
    ("Rules deck", lambda: Rules(deck_composition=[1] * 6)),
    ("Rules deck strings", lambda: Rules(deck_composition=["a"] * 6)),
    ("Rules colour names", lambda: Rules(colour_names=("a", "a", "b"))),
    ("Rules flag", lambda: Rules(next_leader="loser")),
    ("replace unknown", lambda: Rules().replace(nope=1)),
    ("scoring_table rank", lambda: dd.scoring_table(7)),
    ("scoring_table rank bool", lambda: dd.scoring_table(True)),
    ("scoring_table max float", lambda: dd.scoring_table(1, max_count=2.0)),
    ("scoring_table rules", lambda: dd.scoring_table(1, rules="a")),
    ("scoring_tables rules", lambda: dd.scoring_tables(rules=1)),
    ("scoring_tables_html rules", lambda: dd.scoring_tables_html(rules=1)),
    ("round_score_distribution k", lambda: dd.round_score_distribution(37)),
    ("round_score_distribution float", lambda: dd.round_score_distribution(3.0)),
    ("round_score_distribution rules", lambda: dd.round_score_distribution(3, rules=3)),
    ("mean_round_scores rules", lambda: dd.mean_round_scores(rules=3)),
    ("collision_census players", lambda: dd.collision_census(5)),
    ("collision_census float", lambda: dd.collision_census(3.0)),
    ("collision_census deck list", lambda: dd.collision_census(3, deck=["Y1"])),
    ("collision_census deck big", lambda: dd.collision_census(3, deck={"Y1": 10**12})),
    ("collision_census bad card", lambda: dd.collision_census(3, deck={"Z1": 3})),
    ("census brute players", lambda: dd.collision_census_brute_force(2)),
    ("census_table players", lambda: dd.census_table(True)),
    ("resolve_tricks int", lambda: dd.resolve_tricks(5)),
    ("resolve_tricks huge", lambda: dd.resolve_tricks([["Y1", "Y2", "Y3"]] * 10**6)),
    ("reversal_readings_table cases", lambda: dd.reversal_readings_table(cases=[1, 2])),
    ("reversal_readings_table flag", lambda: dd.reversal_readings_table(flags=["nope"])),
    ("simulate players", lambda: dd.simulate(1, players=5)),
    ("simulate games", lambda: dd.simulate(0)),
    ("simulate games float", lambda: dd.simulate(1.0)),
    ("simulate seed", lambda: dd.simulate(1, seed=-3)),
    ("simulate rules", lambda: dd.simulate(1, rules=5)),
    ("simulate policy", lambda: dd.simulate(1, policy="nobody")),
    ("simulate policy type", lambda: dd.simulate(1, policy=5)),
    ("variant_survey players", lambda: dd.variant_survey(2)),
    ("variant_survey games", lambda: dd.variant_survey(3, games=10**9)),
    ("variant_survey flags", lambda: dd.variant_survey(3, games=1, flags=[1])),
    ("card_svg card", lambda: dd.card_svg("Y9")),
    ("card_svg mode", lambda: dd.card_svg("Y1", mode="sideways")),
    ("card_svg rules", lambda: dd.card_svg("Y1", rules=1)),
    ("hand_svg int", lambda: dd.hand_svg(5)),
    ("hand_svg scale", lambda: dd.hand_svg(["Y1"], scale=float("nan"))),
    ("hand_svg scale huge", lambda: dd.hand_svg(["Y1"], scale=10**9)),
    ("hand_svg label", lambda: dd.hand_svg(["Y1"], label=5)),
    ("deck_svg rules", lambda: dd.deck_svg(rules=1)),
    ("trick_svg result", lambda: dd.trick_svg(["Y1", "Y2", "Y3"])),
    ("trick_svg labels", lambda: dd.trick_svg(R, labels=["a"])),
    ("trick_svg title", lambda: dd.trick_svg(R, title=5)),
    ("explain labels", lambda: R.explain(labels=5)),
]


@pytest.mark.parametrize("name,call", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_arguments_get_bad_input(name, call):
    """Every public function refuses malformed input with BadInput (never another exception)."""
    with pytest.raises(BadInput):
        call()


def test_refused_plays_change_nothing():
    before = S4.to_json()
    for bad in [None, 5, "Z9", ("Y5", 7), ("Y5", "Y", "Y"), {"a": 1}, [[["Y1"]]]]:
        with pytest.raises(RuleError):
            S4.play(bad)
    assert S4.to_json() == before


# ---------------------------------------------------------------------------------------------
# hidden information (DD-R9, DD-R10): a view depends only on what its player may know
# ---------------------------------------------------------------------------------------------


def _hidden_from(state, p):
    """Seat p cannot see the other hands, nor the face-down cards of the unfinished trick."""
    seats = state.play_order()
    down = [i for i in range(len(state.trick)) if not state._face_up(i) and seats[i] != p]
    return down


def _resample_hidden(state, p, rng):
    """A state that differs from ``state`` only in what seat ``p`` cannot see: the cards of the
    other hands and of the face-down trick positions (not p's) are pooled and redealt."""
    down = _hidden_from(state, p)
    others = [q for q in range(state.players) if q != p]
    pool = [c for q in others for c in state.hands[q]] + [state.trick[i] for i in down]
    rng.shuffle(pool)
    hands = list(state.hands)
    for q in others:
        n = len(hands[q])
        hands[q], pool = dd.sort_cards(pool[:n]), pool[n:]
    trick = list(state.trick)
    for i in down:
        trick[i] = pool.pop()
    return state._evolve(hands=tuple(hands), trick=tuple(trick))


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31), policy=st.integers(0, 99))
def test_views_hide_everything_their_player_may_not_know(players, seed, policy):
    """At every state of a random game, each player's view is unchanged when everything hidden
    from that player (other hands, others' face-down trick cards) is redealt at random."""
    rng = random.Random(seed)
    for state in playout(dd.new_game(players, seed=seed), seed=policy):
        if state.is_over:
            break
        for p in range(players):
            other = _resample_hidden(state, p, rng)
            assert other.view(p) == state.view(p)
            view = state.view(p)
            assert view.hand == state.hands[p]  # one's own hand, and only counts of others
            assert view.hand_sizes == tuple(map(len, state.hands))


def test_resampling_does_change_a_hidden_card_so_the_view_test_can_fail():
    """The view test above is not vacuous: the resampled state differs in what is hidden, and a
    leaking view (the whole state) would differ."""
    s = dd.new_game(3, seed=2)
    s = s.play(s.legal_actions()[0]).play(s.play(s.legal_actions()[0]).legal_actions()[0])
    rng = random.Random(0)
    leader = s.play_order()[0]
    differ = any(_resample_hidden(s, leader, rng).hands != s.hands for _ in range(5))
    assert differ and _hidden_from(s, leader) == [1]  # the second card is face down to him
    leaky = _resample_hidden(s, leader, random.Random(1))
    assert leaky != s


# ---------------------------------------------------------------------------------------------
# conserved quantities
# ---------------------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31))
def test_invariants_hold_in_random_games(players, seed):
    for state in playout(dd.new_game(players, seed=seed), seed=seed):
        assert state.invariants() == ()


def test_invariants_report_a_lost_card_a_wrong_total_and_a_wrong_hand():
    s = dd.new_game(3, seed=5)
    end = list(playout(s, seed=5))[-1]
    lost = s._evolve(hands=(s.hands[0][1:],) + s.hands[1:])
    assert any("DD-R2" in m for m in lost.invariants())
    assert any("DD-R3" in m for m in lost.invariants())
    wrong = end._evolve(totals=(end.totals[0] + 1,) + end.totals[1:])
    assert any("DD-R21" in m for m in wrong.invariants())
    assert end.invariants() == ()


def test_player_counts_exported():
    assert dd.PLAYER_COUNTS == (3, 4)


# ---------------------------------------------------------------------------------------------
# DD-T1..T8 once more, through the full engine (not only resolve_trick)
# ---------------------------------------------------------------------------------------------

#: With the illustrative decks three followers cannot all lack yellow in a first trick (12 yellow
#: cards, 9 per hand), so DD-T3 and DD-T8 use a DD-A1 composition with six yellow cards.
FEW_YELLOWS = Rules(deck_composition=((1, 1, 1, 1, 1, 1), (3, 3, 3, 2, 2, 2), (2, 2, 3, 2, 3, 3)))

ENGINE_CASES = [
    # id, cards in play order (leader first), void colours, rules, winner seat or None,
    # acquired cards, next leader
    ("DD-T1", ["Y2", "R4", "Y5", "Y6"], {1: "Y"}, Rules(), 3, ["Y2", "R4", "Y5", "Y6"], 3),
    ("DD-T2", ["Y5", "Y2", "Y4", "R5"], {3: "Y"}, Rules(), 2, ["Y2", "Y4"], 2),
    ("DD-T3", ["Y4", "R4", "B5", "R2"], {1: "Y", 2: "Y", 3: "Y"}, FEW_YELLOWS, 2, ["B5", "R2"],
     2),
    ("DD-T4", ["Y4", "R4", "B5", "Y5"], {1: "Y", 2: "Y"}, Rules(), None, [], 0),
    ("DD-T5", ["Y1", "R1", "B1"], {1: "Y", 2: "Y"}, Rules(), None, [], 0),
    ("DD-T6", ["Y5", "Y3", "Y6", "R1"], {3: "Y"}, Rules(), 1, ["Y5", "Y3", "Y6", "R1"], 1),
    ("DD-T7", ["Y3", "B3", "Y5", "Y2"], {1: "Y"}, Rules(), 3, ["Y5", "Y2"], 3),
    ("DD-T7 surviving_only", ["Y3", "B3", "Y5", "Y2"], {1: "Y"},
     Rules(reversal_trigger="surviving_only"), 2, ["Y5", "Y2"], 2),
    ("DD-T8", ["Y4", "R4", "B3", "R6"], {1: "Y", 2: "Y", 3: "Y"}, FEW_YELLOWS, 2, ["B3", "R6"],
     2),
    ("DD-T8 no fallback reversal", ["Y4", "R4", "B3", "R6"], {1: "Y", 2: "Y", 3: "Y"},
     FEW_YELLOWS.replace(reversal_affects_fallback=False), 3, ["B3", "R6"], 3),
]


@pytest.mark.parametrize("tid,cards,void,rules,winner,acquired,leader", ENGINE_CASES,
                         ids=[c[0] for c in ENGINE_CASES])
def test_dd_t1_to_t8_through_the_engine(tid, cards, void, rules, winner, acquired, leader):
    """Digest DD-T1..T8 (rulebook lines 83-109): the trick played card by card through
    ``State.play`` (face down where the rules say), then checked against the digest."""
    s = game_with_first_trick(cards, void=void, rules=rules)
    end = play_trick(s, cards)
    assert end.trick == () and end.trick_number == 1
    assert end.leader == leader  # DD-R7 / DD-A8
    piles = [Counter(map(str, p)) for p in end.piles]
    for seat, pile in enumerate(piles):
        assert pile == (Counter(acquired) if seat == winner else Counter())
    assert Counter(map(str, end.discard)) == Counter(cards) - Counter(acquired) if winner \
        is not None else Counter(map(str, end.discard)) == Counter(cards)
    assert end.invariants() == ()
    assert dd.from_json(end.to_json()) == end
