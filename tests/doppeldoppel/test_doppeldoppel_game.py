"""Doppeldoppel full games: property tests over random legal games, records, bad input."""

import copy
import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core import parse_record, play_to_end, playout
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Rules

rules_strategy = rules_strategy(Rules)


def hidden_ok(state):
    """No player's view shows another player's face-down card (DD-R9, DD-R10)."""
    for p in range(state.players):
        for i, (seat, card) in enumerate(state.view(p).trick):
            face_up = state._face_up(i)
            assert (card is None) == (not face_up and seat != p)
    return True


@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31), rules=rules_strategy,
       policy_seed=st.integers(0, 1000))
def test_random_legal_games_keep_every_invariant(players, seed, rules, policy_seed):
    """DD-R2/R3/R5/R17/R21: 36 cards conserved at every step, 12 or 9 tricks a round, each round
    score equals round_score of the acquired pile, totals add up; replay from JSON is exact."""
    deck = Counter(rules.deck_counts())
    states = list(playout(dd.new_game(players, rules=rules, seed=seed), seed=policy_seed))
    for state in states:
        assert state.all_cards() == deck  # DD-R2: 36 cards, none created or lost
        in_trick = set(state.play_order()[:len(state.trick)])
        if not state.is_over:
            left = state.tricks_per_round - state.trick_number
            assert [len(h) for h in state.hands] == [
                left - (p in in_trick) for p in range(players)]
            assert state.to_move not in in_trick
        if len(state.actions) % 7 == 0:
            hidden_ok(state)
    final = states[-1]
    assert final.is_over and final.legal_actions() == [] and final.to_move is None
    assert Counter(t.round for t in final.log) == {r: 36 // players for r in range(players)}
    for r, piles in enumerate(final.round_piles):
        scores = tuple(dd.round_score(dd.pile_counts(p), rules) for p in piles)
        assert final.round_scores[r] == scores
        won = Counter(c for t in final.log if t.round == r for c in t.result.acquired)
        assert won == Counter(c for p in piles for c in p)  # DD-R17
    assert final.totals == tuple(map(sum, zip(*final.round_scores, strict=True)))
    assert final.winners and max(final.totals) == final.totals[final.winners[0]]
    # replay: the JSON record rebuilds this very state and every state before it
    replayed = dd.from_json(final.to_json())
    assert replayed == final
    assert final.history() == states
    middle = states[len(states) // 2]
    assert dd.from_json(middle.to_json(indent=1)) == middle


@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31))
def test_every_legal_action_is_accepted_and_others_refused(players, seed):
    """DD-R11, DD-R12: legal_actions are exactly the cards play() accepts (first trick)."""
    s = dd.new_game(players, seed=seed)
    for _ in range(players):
        legal = s.legal_actions()
        seat = s.to_move
        for card in set(s.hands[seat]):
            ok = any((a.card if isinstance(a, dd.Lead) else a) == card for a in legal)
            try:
                s.play(str(card))
                accepted = True
            except IllegalAction as err:
                accepted = False
                assert err.rule in ("DD-R11", "DD-R10")
            assert ok == accepted
        s = s.play(legal[-1])


def test_same_seed_same_game_and_different_seed_differs():
    """Seeded randomness: the same seed gives the same deals and first SP."""
    a, b = dd.new_game(4, seed=123), dd.new_game(4, seed=123)
    assert a == b and a.hands == b.hands
    assert dd.new_game(4, seed=124).hands != a.hands
    assert play_to_end(a) == play_to_end(b)


def test_record_is_readable_json():
    """Records hold readable actions: "Y5" and, for the 4-player lead, ["Y5", "Y"]."""
    s = dd.new_game(4, seed=8, first_sp=0)
    s = s.play(s.legal_actions()[0]).play(s.play(s.legal_actions()[0]).legal_actions()[0])
    rec = json.loads(s.to_json())
    assert rec["game"] == "doppeldoppel" and rec["options"] == {"first_sp": 0}
    assert isinstance(rec["actions"][0], list) and isinstance(rec["actions"][1], str)
    assert parse_record(s.to_json(), "doppeldoppel").actions[0][1] in "YRB"


# ---------------------------------------------------------------------------------------------
# bad input: a RuleError naming the rule, the state unchanged
# ---------------------------------------------------------------------------------------------


def refused(state, action, rule):
    before = state.to_json()
    snapshot = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        state.play(action)
    assert err.value.rule == rule, err.value
    assert err.value.reason and str(err.value).startswith(rule)
    assert state.to_json() == before and state == snapshot
    return err.value


@pytest.mark.parametrize("bad", ["X9", "Y7", "Y0", "5Y", "", "YY", 5, None, ("Y5",)])
def test_unknown_card_is_bad_input(bad):
    """DD-R2: a card that does not exist is refused as BadInput, naming DD-R2 (or NB-ARG)."""
    s = dd.new_game(3, seed=1)
    err = refused(s, bad, "NB-ARG" if bad is None or isinstance(bad, (int, tuple)) else "DD-R2")
    assert isinstance(err, BadInput)


def test_card_not_in_hand_refused():
    """DD-R12: a player can only play a card from their own hand."""
    s = dd.new_game(3, seed=1, first_sp=0)
    missing = next(c for c in Rules().deck_counts() if c not in s.hands[0])
    err = refused(s, str(missing), "DD-R12")
    assert str(missing) in err.reason and "does not hold" in err.reason


def test_follow_rule_violation_refused():
    """DD-R11: refusing a revoke names the card that should have been played."""
    for seed in range(50):
        s = dd.new_game(3, seed=seed, first_sp=0)
        s = s.play(s.legal_actions()[0])
        lead = s.lead_colour
        hand = s.hands[s.to_move]
        off = [c for c in hand if c.colour != lead]
        if off and any(c.colour == lead for c in hand):
            err = refused(s, str(off[0]), "DD-R11")
            assert "must follow" in err.reason
            return
    pytest.fail("no seed gave a follow-rule situation")


def test_declaration_refused_when_not_leading_or_three_players():
    """DD-R9, DD-R10: only the 4-player leader declares a colour."""
    s3 = dd.new_game(3, seed=1, first_sp=0)
    refused(s3, (str(s3.hands[0][0]), "Y"), "DD-R9")
    s4 = dd.new_game(4, seed=1, first_sp=0)
    s4 = s4.play(s4.legal_actions()[0])
    refused(s4, (str(s4.hands[1][0]), "Y"), "DD-R10")
    s4b = dd.new_game(4, seed=1, first_sp=0)
    refused(s4b, (str(s4b.hands[0][0]), "G"), "DD-R10")


def test_game_over_refuses_actions():
    end = play_to_end(dd.new_game(3, seed=3))
    refused(end, "Y1", "NB-ARG")


@pytest.mark.parametrize("text, needle", [
    ("{", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "doppelnb-record"}', "lacks"),
])
def test_malformed_json_record(text, needle):
    """Malformed records raise BadInput NB-RECORD."""
    with pytest.raises(BadInput) as err:
        dd.from_json(text)
    assert err.value.rule == "NB-RECORD" and needle in err.value.reason


def test_record_with_illegal_or_unknown_action():
    """A record whose action cannot be replayed names the action and the rule."""
    s = dd.new_game(3, seed=1, first_sp=0)
    rec = json.loads(s.to_json())
    for bad in ("Q3", "Y7", ["Y1", "R"], 17):
        rec["actions"] = [bad]
        with pytest.raises(BadInput) as err:
            dd.from_json(json.dumps(rec))
        assert err.value.rule == "NB-RECORD" and "action 1" in err.value.reason
    missing = next(c for c in Rules().deck_counts() if c not in s.hands[0])
    rec["actions"] = [str(missing)]
    with pytest.raises(BadInput) as err:
        dd.from_json(json.dumps(rec))
    assert "DD-R12" in err.value.reason


def test_record_with_bad_setup():
    """Bad players, rules, options in a record: BadInput naming the rule."""
    rec = json.loads(dd.new_game(3, seed=1).to_json())
    for key, value, rule in [("players", 5, "DD-R1"), ("rules", {"reversal_scope": "x"}, "DD-A5"),
                             ("rules", {"nope": 1}, "NB-ARG"), ("options", {"speed": 1}, "NB-ARG"),
                             ("options", {"first_sp": 7}, "DD-R4"),
                             ("options", {"hands": [["Y1"]] * 3}, "DD-R3"),
                             ("game", "groom_lake", "NB-RECORD")]:
        bad = dict(rec, **{key: value})
        with pytest.raises(BadInput) as err:
            dd.from_json(json.dumps(bad))
        assert err.value.rule == rule, (key, value, err.value)


def test_new_game_bad_arguments():
    """DD-R1, DD-R3, DD-R4, NB-ARG: bad arguments to new_game."""
    for players in (2, 5, True, "3"):
        with pytest.raises(BadInput) as err:
            dd.new_game(players)
        assert err.value.rule == "DD-R1"
    with pytest.raises(BadInput):
        dd.new_game(3, seed=-1)
    with pytest.raises(BadInput) as err:
        dd.new_game(3, rules="default")
    assert err.value.rule == "NB-ARG"
    hands = [[str(c) for c in h] for h in dd.new_game(3, seed=1).hands]
    hands[0][0], hands[1][0] = hands[1][0], "Y1" if hands[1][0] != "Y1" else "Y2"
    with pytest.raises(BadInput) as err:
        dd.new_game(3, hands=hands)
    assert err.value.rule in ("DD-R3", "DD-R2")


@pytest.mark.parametrize("field, value, rule", [
    ("reversal_scope", "forever", "DD-A5"), ("reversal_trigger", "any", "DD-A6"),
    ("reversal_affects_fallback", 1, "DD-A7"), ("next_leader", "loser", "DD-A3"),
    ("direction", "left", "DD-A4"), ("no_winner_next_leader", "random", "DD-A8"),
    ("declared_colour_must_match", "yes", "DD-A9"), ("rank4_zero_rule", "exactly_4", "DD-A11"),
    ("final_tie", "coin", "DD-A15"), ("deck_composition", "z", "DD-A1"),
    ("colour_names", ("x",), "DD-A2")])
def test_unknown_flag_values_refused(field, value, rule):
    """Every flag validates its readings (DD-A1..A15)."""
    with pytest.raises(BadInput) as err:
        Rules(**{field: value})
    assert err.value.rule == rule


def test_rules_list_every_ambiguity_flag():
    """Each flagged DD ambiguity is a Rules field with its digest id and default."""
    flags = {f.name: (f.rule, f.default) for f in Rules.flags()}
    assert flags == {
        "deck_composition": ("DD-A1", "a"),
        "colour_names": ("DD-A2", ("yellow", "colour2", "colour3")),
        "next_leader": ("DD-A3", "winner"), "direction": ("DD-A4", "clockwise"),
        "reversal_scope": ("DD-A5", "trick"), "reversal_trigger": ("DD-A6", "any_played"),
        "reversal_affects_fallback": ("DD-A7", True),
        "no_winner_next_leader": ("DD-A8", "same_leader"),
        "declared_colour_must_match": ("DD-A9", True),
        "rank4_zero_rule": ("DD-A11", "exactly_3"), "final_tie": ("DD-A15", "shared"),
    }
    assert {f.digest_name for f in Rules.flags()} >= {"dd_reversal_scope", "dd_final_tie"}


@pytest.mark.parametrize("counts", [[1, 2], {7: 1}, {1: -1}, {1: 1.5}, {True: 1}, {"1": 2}])
def test_round_score_bad_counts(counts):
    """DD-R18: counts map ranks 1..6 to whole numbers."""
    with pytest.raises(BadInput) as err:
        dd.round_score(counts)
    assert err.value.rule == "DD-R18"


def test_resolve_trick_bad_input():
    """DD-R1, DD-R2: a trick has 3 or 4 real cards."""
    with pytest.raises(BadInput) as err:
        dd.resolve_trick(["Y1", "R2"])
    assert err.value.rule == "DD-R1"
    with pytest.raises(BadInput) as err:
        dd.resolve_trick(["Y1", "R2", "Z3"])
    assert err.value.rule == "DD-R2"
    with pytest.raises(BadInput):
        dd.resolve_trick("Y1R2B3")
    with pytest.raises(BadInput) as err:
        dd.legal_plays(["Y1"], "green")
    assert err.value.rule == "DD-R11"


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"note": "x"}',
    '{"illustrative": true, "note": "x", "default": "a", "candidates": {}}',
    '{"illustrative": true, "note": "x", "default": "a", '
    '"candidates": {"a": {"per_colour": [2, 3, 2, 1, 3, 2]}}}',
    '{"illustrative": true, "note": "x", "default": "a", '
    '"candidates": {"a": {"per_colour": [2, 3, 2, 1, 3, "1"]}}}',
    '{"illustrative": true, "note": "x", "default": "q", '
    '"candidates": {"a": {"per_colour": [2, 3, 2, 1, 3, 1]}}}',
    '{"illustrative": true, "note": "x", "default": "a", "evil": "__import__", '
    '"candidates": {"a": {"per_colour": [2, 3, 2, 1, 3, 1]}}}',
])
def test_malformed_deck_data_file(text):
    """NB-DATA: a malformed deck data file is refused, never executed."""
    with pytest.raises(BadInput) as err:
        dd.parse_deck_candidates(text)
    assert err.value.rule == "NB-DATA"


def test_shipped_deck_file_is_labelled_illustrative():
    from doppelnb.core.data import load_data

    doc = load_data("doppeldoppel_decks.json", "deck")
    assert doc["illustrative"] is True and "Not the rulebook" in doc["note"]
    assert set(dd.deck_candidates()) == {"a", "b", "c"}


def test_renderings_without_widgets():
    """Card, hand, trick, piles, score sheet and the whole state render as SVG/HTML."""
    assert dd.Card("Y", 3)._repr_svg_().startswith("<svg") and "⇅" in dd.card_svg("Y3")._repr_svg_()
    assert dd.hand_svg(["Y1", "R2"], highlight=["Y1"])._repr_svg_().count("<rect") >= 2
    trick = dd.resolve_trick(["Y3", "B3", "Y5", "Y2"])._repr_svg_()
    assert "collides" in trick and "wins" in trick and "DD-R15" in trick
    s = dd.new_game(3, seed=2)
    s = s.play(s.legal_actions()[0]).play(s.play(s.legal_actions()[0]).legal_actions()[0])
    html = s._repr_html_()
    assert "face down" in html and "score sheet" in html and "illustrative" in html
    end = play_to_end(dd.new_game(4, seed=2))
    sheet = end.score_sheet()._repr_html_()
    assert "round 4" in sheet and "★" in sheet
    assert "acquired" in end.piles_svg()._repr_svg_()
    assert "<svg" in end.view(0)._repr_svg_()
    assert "DD-A5" in Rules()._repr_html_()
