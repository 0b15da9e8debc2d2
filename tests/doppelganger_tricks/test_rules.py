"""Doppelgänger Tricks: the digest's worked examples (DT-E1..E10) and edge cases (DT-T1..T19),
plus notation, flags and refusals. Digest: shared/rules/doppelganger-tricks.md."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import (
    Rules,
    annihilation_census,
    card,
    deck,
    forecast_points,
    legal_plays,
    new_game,
    resolve_trick,
    round_points,
)


def names(cards):
    return [str(c) for c in cards]


def resolved(text, declared=None):
    return resolve_trick(text.split(), declared)


# -- notation -----------------------------------------------------------------------------------
def test_card_notation_and_public_api():
    c = card("10c")
    assert c == "10C" and c.number == 10 and c.suit == "C" and not c.is_doppelganger
    assert card("6D").is_doppelganger and card("6D").symbol == "6♣"
    assert card(c) is c
    for bad in ("11C", "0S", "6X", "", 6, None, "D6"):
        with pytest.raises(BadInput) as err:
            card(bad)
        assert err.value.rule == "NB-ARG"
    assert set(annihilation_census(3)) == {"tricks", "with_annihilation", "double_annihilation",
                                           "no_winner", "lead_annihilated", "off_suit_winner"}


# -- worked examples ----------------------------------------------------------------------------
def test_dt_e1_bids_are_single_integers_including_zero():
    """DT-E1: forecasts of 3, 0 and 5 tricks are single integers (0 by covering, DT-R6)."""
    s = new_game(3, seed=1, first_player=0)
    for b in (3, 0, 5):
        s = s.play(["bid", b])
    assert s.bids == (3, 0, 5) and s.phase == "play"


def test_dt_e2_follow_example():
    """DT-E2: 4■ leads; A (void in ■) may play anything, B must play 9■ or a D card."""
    assert names(legal_plays(["7C", "2T", "5D"], "S")) == ["7C", "2T", "5D"]
    assert names(legal_plays(["9S", "8C", "1D", "6D"], "S")) == ["9S", "1D", "6D"]


def test_dt_e2_follow_example_in_a_game():
    """DT-E2 in play: 4■ leads; A (P2, void in ■) may play anything; B (P3) holding 9■ may play
    9■ or a D card but not 8● (DT-R9)."""
    a_cards, b_cards = ["7C", "2T", "5D"], ["9S", "8C", "1D", "6D"]
    rest = [c for c in deck(4) if c not in ["4S", *a_cards, *b_cards]]
    squares = [c for c in rest if c.suit == "S"]
    others = [c for c in rest if c.suit != "S"]
    p1 = ["4S", *squares[:5]] + others[:4]
    p3 = b_cards + squares[5:] + others[4:4 + 6 - len(squares[5:])]
    used = set(p1) | set(p3)
    left = [c for c in others if c not in used]
    p2 = a_cards + left[:7]
    p4 = left[7:]
    s = new_game(4, seed=0, first_player=0, hands=[p1, p2, p3, p4])
    for _ in range(4):
        s = s.play(["bid", 1])
    s = s.play("4S")
    if s.window is not None:  # P1 may have no D card left: decline the bonus
        s = s.play("pass")
    assert s.to_move == 1 and not any(c.suit == "S" for c in s.hands[1])
    assert sorted(s.legal_actions()) == sorted(map(str, s.hands[1]))  # A: everything
    s = s.play("7C")
    assert s.to_move == 2 and {"9S", "8C", "1D", "6D"} <= set(s.hands[2])
    assert sorted(s.legal_actions()) == sorted(["1D", "6D", "9S"] + [
        str(c) for c in s.hands[2] if c.suit in "SD" and c not in ("9S", "1D", "6D")])  # B
    with pytest.raises(IllegalAction) as err:
        s.play("8C")
    assert err.value.rule == "DT-R9" and "9S" in err.value.reason


@pytest.mark.parametrize("trick, declared, winner, gone, rule, eid", [
    ("6C 6D 4C 9T", None, 2, (0, 1), "DT-R13a", "DT-E3"),
    ("5T 8C 8D 2T", None, 2, (), "DT-R13a", "DT-E4"),
    ("3D 9S 5S 1S", "S", 1, (), "DT-R13a", "DT-E5"),
    ("7D 7C 5C 2C", "C", 2, (0, 1), "DT-R13a", "DT-E6"),
    ("2C 2D 3C 9T", None, 2, (0, 1), "DT-R13a", "DT-E7"),
    ("3C 7C 3D 7D", None, None, (0, 1, 2, 3), "DT-R13c", "DT-E8"),
    ("10T 10D 7C 5S", None, 2, (0, 1), "DT-R13b", "DT-E9"),
])
def test_dt_e3_to_e9_annihilation_examples(trick, declared, winner, gone, rule, eid):
    """DT-E3..DT-E9: the rulebook's seven annihilation examples (reconstructed)."""
    r = resolved(trick, declared)
    assert (r.winner, r.annihilated, r.rule) == (winner, gone, rule), eid
    assert r.lead_suit == (declared or trick.split()[0][-1])


def test_dt_e6_e7_lead_suit_stays_after_lead_card_is_annihilated():
    """DT-E6 / DT-E7: the lead card is annihilated but the lead suit stays ●."""
    for trick, declared in (("7D 7C 5C 2C", "C"), ("2C 2D 3C 9T", None)):
        r = resolved(trick, declared)
        assert 0 in r.annihilated and r.lead_suit == "C"


def test_dt_e8_no_winner_same_leader_in_game():
    """DT-E8: all four cards annihilate; nobody wins and P1 leads again (DT-R13c)."""
    last = dt.example_game("3C 7C 3D 7D")[-1]
    assert last.won == (0, 0, 0, 0) and last.leader == 0 and last.to_move == 0
    assert set(last.discards) == {"3C", "7C", "3D", "7D"}


def test_dt_e9_tie_variant_earliest_wins():
    """DT-E9 tie variant: 10▲ 10D 7● 7■ -> 7● wins, played before 7■."""
    r = resolved("10T 10D 7C 7S")
    assert r.winner == 2 and r.tie_broken and r.rule == "DT-R13b"


def test_dt_e3_to_e9_replayed_as_games():
    """DT-E3..E9 replayed through the full game: the winner takes the trick and leads."""
    cases = [("6C 6D 4C 9T", None, 2), ("5T 8C 8D 2T", None, 2), ("3D 9S 5S 1S", "S", 1),
             ("7D 7C 5C 2C", "C", 2), ("2C 2D 3C 9T", None, 2), ("10T 10D 7C 5S", None, 2)]
    for trick, declared, seat in cases:
        last = dt.example_game(trick, declared)[-1]
        assert last.won[seat] == 1 and sum(last.won) == 1 and last.leader == seat


SCORING = [  # DT-E10
    (3, 3, (), 3), (3, 4, (), 1), (3, 2, (), 1), (3, 5, (), 0), (0, 0, (), 7), (0, 1, (), 0),
    (5, 5, ("+3",), 6), (5, 4, ("+3",), 1), (2, 6, ("+1",), 1), (0, 0, ("+3",), 10),
]


@pytest.mark.parametrize("bid, won, bonuses, points", SCORING)
def test_dt_e10_scoring_table(bid, won, bonuses, points):
    """DT-E10: round scores from forecast and bonus cards (DT-R16, DT-R18)."""
    assert round_points(bid, won, bonuses) == points


def test_dt_t17_scoring_and_zero_bid_bonus_flag():
    """DT-T17: the DT-E10 table; 0/0 with +3 is 10 by default, 7 under dt_bonus3_applies...=false."""
    for bid, won, bonuses, points in SCORING:
        assert round_points(bid, won, bonuses) == points
    assert round_points(0, 0, ("+3",), Rules(bonus3_applies_to_zero_bid=False)) == 7
    assert forecast_points(12, 0) == 0 and forecast_points(1, 0) == 1
    with pytest.raises(BadInput):
        forecast_points(-1, 2)
    with pytest.raises(BadInput):
        round_points(1, 1, ("+2",))


# -- edge cases ---------------------------------------------------------------------------------
def test_dt_t1_three_player_deck():
    """DT-T1: 36 cards without any 10 (the D 10 too); 12 cards each."""
    d = deck(3)
    assert len(d) == 36 and not any(c.number == 10 for c in d) and "10D" not in d
    s = new_game(3, seed=3)
    assert [len(h) for h in s.hands] == [12, 12, 12]
    assert sorted(c for h in s.hands for c in h) == sorted(d)


def test_dt_t2_four_player_deck():
    """DT-T2: 40 cards; 10 each."""
    s = new_game(4, seed=3)
    assert len(deck(4)) == 40 and [len(h) for h in s.hands] == [10] * 4
    assert sorted(c for h in s.hands for c in h) == sorted(deck(4))


def test_dt_t3_must_follow_with_suit_or_doppelganger():
    """DT-T3: lead 2■; hand {4■, 9●, 7D} -> 4■, 7D."""
    assert names(legal_plays(["4S", "9C", "7D"], "S")) == ["4S", "7D"]


def test_dt_t4_void_plays_anything():
    """DT-T4: lead 2■; hand {9●, 7D} -> both legal."""
    assert names(legal_plays(["9C", "7D"], "S")) == ["9C", "7D"]


def test_dt_t5_declared_suit_must_be_followed():
    """DT-T5: 5D led declaring ▲; hand {1▲, 9■} -> 1▲ only."""
    assert names(legal_plays(["1T", "9S"], "T")) == ["1T"]


def test_dt_t5_declared_suit_in_game():
    """DT-T5 in play: after 5D:T the follower holding a ▲ cannot play off-suit."""
    states = dt.example_game("5D 1T 2T 3T", "T")
    after_lead = states[5]
    assert after_lead.lead_suit == "T" and after_lead.declared == "T"
    off = [c for c in after_lead.hands[1] if c.suit not in ("T", "D")]
    with pytest.raises(IllegalAction) as err:
        after_lead.play(str(off[0]))
    assert err.value.rule == "DT-R9" and "T" in err.value.reason


def test_dt_t6_doppelganger_lead_needs_declaration():
    """DT-T6: leading 5D without a declaration is refused (DT-R8), in both APIs."""
    with pytest.raises(IllegalAction) as err:
        resolve_trick(["5D", "5T", "9T", "1C"])
    assert err.value.rule == "DT-R8"
    with pytest.raises(IllegalAction) as err:
        resolve_trick(["5T", "5D", "9T", "1C"], "C")
    assert err.value.rule == "DT-R8"
    with pytest.raises(BadInput):
        resolve_trick(["5D", "5T", "9T", "1C"], "D")
    states = dt.example_game("5D 5T 9T 1C", "T")
    ready = states[4]
    assert ready.to_move == 0 and "5D:T" in ready.legal_actions() and "5D" not in \
        ready.legal_actions()
    with pytest.raises(IllegalAction) as err:
        ready.play("5D")
    assert err.value.rule == "DT-R8" and "declare" in err.value.reason
    assert ready == states[4]


def _digest_reference(trick, lead_suit):
    """The digest's reference resolution, verbatim (shared/rules/doppelganger-tricks.md §3)."""
    eff = [(p, lead_suit if s == 'D' else s, n, i) for i, (p, s, n) in enumerate(trick)]
    gone = set()
    for n in {n for _, s, n, _ in eff if s == lead_suit}:
        same = [x for x in eff if x[1] == lead_suit and x[2] == n]
        if len(same) >= 2:
            gone |= {x[3] for x in same}
    alive = [x for x in eff if x[3] not in gone]
    if not alive:
        return None
    lead = [x for x in alive if x[1] == lead_suit]
    pool = lead or alive
    best = max(x[2] for x in pool)
    return min((x for x in pool if x[2] == best), key=lambda x: x[3])[0]


_TRICKS = st.sampled_from((3, 4)).flatmap(
    lambda n: st.lists(st.sampled_from(dt.deck(n)), min_size=n, max_size=n, unique=True))


@given(_TRICKS, st.sampled_from(("C", "T", "S")))
def test_resolve_trick_agrees_with_the_digest_reference(cards, declared):
    """DT-R12/DT-R13: resolve_trick and the digest's reference code pick the same winner."""
    lead_suit = declared if cards[0].suit == "D" else cards[0].suit
    r = resolve_trick(cards, declared if cards[0].suit == "D" else None)
    expected = _digest_reference([(i, c.suit, c.number) for i, c in enumerate(cards)], lead_suit)
    assert r.winner == expected


def test_dt_t7_declared_doppelganger_annihilates():
    """DT-T7: 5D (▲), 5▲, 9▲, 1● -> 5D and 5▲ annihilated; 9▲ wins."""
    r = resolved("5D 5T 9T 1C", "T")
    assert r.annihilated == (0, 1) and r.winner == 2


def test_dt_t8_no_annihilation_with_other_plain_suit():
    """DT-T8: 5D (▲), 5■, 2▲, 1● -> no annihilation; 5D wins as 5▲."""
    r = resolved("5D 5S 2T 1C", "T")
    assert r.annihilated == () and r.winner == 0 and r.counts_as(0) == "T"


def test_dt_t9_no_winner_trick():
    """DT-T9: 3●, 3D, 7●, 7D -> no winner, same leader, counts unchanged."""
    r = resolved("3C 3D 7C 7D")
    assert r.winner is None and r.rule == "DT-R13c" and len(r.pairs) == 2
    states = dt.example_game("3C 3D 7C 7D")
    assert states[-1].won == states[-5].won and states[-1].to_move == states[-5].to_move == 0


def test_dt_t10_tie_goes_to_earliest():
    """DT-T10: 10▲, 10D, 7●, 7■ -> 7● wins."""
    assert resolved("10T 10D 7C 7S").winner == 2
    assert resolved("10T 10D 7S 7C").winner == 2


def test_dt_t11_three_player_annihilation():
    """DT-T11: 3 players: 4●, 4D, 9▲ -> 4s annihilated; 9▲ wins."""
    r = resolved("4C 4D 9T")
    assert r.annihilated == (0, 1) and r.winner == 2 and r.rule == "DT-R13b"
    last = dt.example_game("4C 4D 9T")[-1]
    assert last.won == (0, 0, 1)


def test_dt_t12_two_doppelgangers_in_one_trick():
    """DT-T12: 2D (●), 8D, 8●, 1● -> 8D and 8● annihilated; 2D wins as 2●."""
    r = resolved("2D 8D 8C 1C", "C")
    assert r.annihilated == (1, 2) and r.winner == 0


# -- bonus cards (DT-R15) -------------------------------------------------------------------------
def _bonus_game(rules=None):
    """P1 holds exactly one D card (1D) and leads with it; P2 holds no D card at the deal."""
    n = 4
    others = [c for c in deck(n) if c not in ("1D",)]
    ds = [c for c in others if c.suit == "D"]
    plain = [c for c in others if c.suit != "D"]
    hands = [["1D"] + plain[:9], plain[9:19], ds[:5] + plain[19:24], ds[5:] + plain[24:]]
    s = new_game(n, seed=0, first_player=0, hands=hands, rules=rules or Rules())
    for _ in range(n):
        s = s.play(["bid", 1])
    return s


def test_dt_t13_claim_right_after_playing_last_doppelganger():
    """DT-T13: a player who plays their only D card may claim a bonus immediately."""
    s = _bonus_game()
    s = s.play("1D:C")
    assert s.window == 0 and s.to_move == 0
    assert ("claim", 0, "+1") in s.legal_actions() and "pass" in s.legal_actions()
    t = s.play(["claim", 0, "+3"])
    assert t.bonus_holders["+3"] == 0 and t.window is None and t.to_move == 1


def test_dt_t14_no_claim_before_first_play():
    """DT-T14: a player without D cards at the deal must play before claiming."""
    s = _bonus_game()
    s = s.play("1D:C").play("pass")
    assert s.to_move == 1 and not any(c.suit == "D" for c in s.hands[1])
    with pytest.raises(IllegalAction) as err:
        s.play(["claim", 1, "+1"])
    assert err.value.rule == "DT-R15" and "first play" in err.value.reason
    after = s.play(s.legal_actions()[0])
    assert after.window == 1
    assert after.play(["claim", 1, "+1"]).bonus_holders["+1"] == 1


def test_dt_t15_no_claim_on_another_players_turn():
    """DT-T15: claiming on someone else's turn is refused; the state is unchanged."""
    s = _bonus_game().play("1D:C").play("pass")
    s = s.play(s.legal_actions()[0])  # P2 plays; P2's claim window
    with pytest.raises(IllegalAction) as err:
        s.play(["claim", 0, "+1"])
    assert err.value.rule == "DT-R15" and "P2's turn" in err.value.reason
    s2 = s.play("pass")
    with pytest.raises(IllegalAction) as err:
        s2.play(["claim", 1, "+1"])  # P2's own window has closed: P3 is to move
    assert err.value.rule == "DT-R15"


def test_dt_t16_second_claim_refused_by_default():
    """DT-T16: one bonus per player per round (DT-A3 = 1); with 2 a later claim is allowed."""
    for max_per, allowed in ((1, False), (2, True)):
        s = _bonus_game(Rules(bonus_max_per_player=max_per)).play("1D:C")
        s = s.play(["claim", 0, "+1"])
        while s.to_move != 0 or s.window is not None or s.phase != "play":
            s = s.play("pass" if s.window is not None else s.legal_actions()[0])
        s = s.play(s.legal_actions()[0])  # P1's next play, still no D card
        assert (s.window == 0) is allowed
        if not allowed:
            with pytest.raises(IllegalAction) as err:
                s.play(["claim", 0, "+3"])
            assert err.value.rule == "DT-A3"
        else:
            assert s.play(["claim", 0, "+3"]).bonus_holders == {"+1": 0, "+3": 0}


def test_dt_a4_first_opportunity_only():
    """DT-A4: under first_opportunity_only a pass at the first chance closes it for the round."""
    s = _bonus_game(Rules(bonus_claim_window="first_opportunity_only")).play("1D:C")
    assert s.window == 0
    s = s.play("pass")
    while s.to_move != 0 or s.window is not None:
        s = s.play("pass" if s.window is not None else s.legal_actions()[0])
    assert s.play(s.legal_actions()[0]).window is None
    t = _bonus_game().play("1D:C").play("pass")  # default: any own turn
    while t.to_move != 0 or t.window is not None:
        t = t.play("pass" if t.window is not None else t.legal_actions()[0])
    assert t.play(t.legal_actions()[0]).window == 0


def test_bonus_taken_card_refused():
    s = _bonus_game().play("1D:C").play(["claim", 0, "+1"])
    s = s.play(s.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        s.play(["claim", 1, "+1"])
    assert "already taken" in err.value.reason
    assert ("claim", 1, "+1") not in s.legal_actions()


# -- rounds and game ----------------------------------------------------------------------------
def _finish_round(s, pick=0):
    r = s.round
    while not s.is_over and s.round == r:
        s = s.play(s.legal_actions()[pick if s.phase != "forecast" else 1])
    return s


def test_dt_t18_next_round_first_player_rotates_left():
    """DT-T18: the next round starts with the left neighbour of the previous first player."""
    s = new_game(4, seed=11, first_player=2)
    s = _finish_round(s)
    assert s.round == 1 and s.round_first == 3 and s.to_move == 3 and s.phase == "forecast"
    assert s.sheet[0].first_player == 2
    s = _finish_round(s)
    assert s.round_first == 0


def test_dt_t19_game_length_and_shared_victory():
    """DT-T19: 3 rounds with 3 players, 4 with 4; tied totals share the victory (DT-R20)."""
    for n in (3, 4):
        s = new_game(n, seed=5)
        rounds = 0
        while not s.is_over:
            s = _finish_round(s)
            rounds += 1
        assert rounds == n and len(s.sheet) == n and s.legal_actions() == []
        assert s.winners == tuple(p for p in range(n) if s.totals[p] == max(s.totals))
    tied = dataclasses.replace  # the rule itself: equal maxima all win
    s2 = s._evolve(totals=(5, 9, 9, 1))
    assert s2.winners == (1, 2) and tied


# -- flags --------------------------------------------------------------------------------------
def test_rules_flags_defaults_and_validation():
    """Every digest ambiguity with a flag (DT-A1, A3, A4, A5, A6, A10) is a validated field."""
    r = Rules()
    assert (r.bonus_max_per_player, r.bonus_claim_window, r.bonus3_applies_to_zero_bid,
            r.bid_max, r.declare_restricted_to_held_suits) == (1, "any_own_turn", True, 12, False)
    assert {f.rule for f in Rules.flags()} == {"DT-A1", "DT-A3", "DT-A4", "DT-A5", "DT-A6",
                                               "DT-A10"}
    for bad in ({"bonus_max_per_player": 3}, {"bonus_claim_window": "never"},
                {"bid_max": 10}, {"bonus3_applies_to_zero_bid": 1},
                {"declare_restricted_to_held_suits": "yes"}, {"suit_labels": ("a", "b")}):
        with pytest.raises(BadInput):
            Rules(**bad)
    with pytest.raises(BadInput):
        r.replace(no_such_flag=1)
    assert Rules(suit_labels=["o", "^", "#", "x"]).label("D") == "x"


def test_dt_a6_bid_max():
    """DT-A6: forecasts 0-12 by default; 0-10 with 4 players under tricks_in_round."""
    s = new_game(4, seed=2)
    assert s.legal_actions()[-1] == ("bid", 12)
    with pytest.raises(IllegalAction):
        s.play(["bid", 13])
    t = new_game(4, seed=2, rules=Rules(bid_max="tricks_in_round"))
    assert t.legal_actions()[-1] == ("bid", 10)
    with pytest.raises(IllegalAction) as err:
        t.play(["bid", 11])
    assert err.value.rule == "DT-A6"


def test_dt_a10_declaration_restricted_to_held_suits():
    """DT-A10: by default any plain suit may be declared; restricted, only held suits."""
    hands = [["1D", "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]]
    rest = [c for c in deck(4) if c not in hands[0]]
    hands += [rest[i::3] for i in range(3)]
    for restricted, suits in ((False, {"C", "T", "S"}), (True, {"C"})):
        s = new_game(4, seed=0, first_player=0, hands=hands,
                     rules=Rules(declare_restricted_to_held_suits=restricted))
        for _ in range(4):
            s = s.play(["bid", 2])
        declared = {a.split(":")[1] for a in s.legal_actions() if ":" in a}
        assert declared == suits
        if restricted:
            with pytest.raises(IllegalAction) as err:
                s.play("1D:T")
            assert err.value.rule == "DT-A10"


# -- refusals -----------------------------------------------------------------------------------
def test_refusals_name_the_rule_and_leave_the_state_unchanged():
    s = new_game(3, seed=9, first_player=0)
    snapshot = s.to_json()
    cases = [("4S", "DT-R6"), (["bid", -1], "DT-R6"), (["bid", "3"], "DT-R6"),
             ("pass", "DT-R6"), ("12C", "NB-ARG"), (["nope"], "NB-ARG"), (3.5, "NB-ARG")]
    for action, rule in cases:
        with pytest.raises(RuleError) as err:
            s.play(action)
        assert err.value.rule == rule, action
    assert s.to_json() == snapshot
    for _ in range(3):
        s = s.play(["bid", 1])
    hand = s.hands[0]
    missing = next(c for c in deck(3) if c not in hand)
    with pytest.raises(IllegalAction) as err:
        s.play(str(missing))
    assert err.value.rule == "DT-R7" and str(missing) in err.value.reason
    with pytest.raises(IllegalAction) as err:
        s.play(["bid", 2])
    assert err.value.rule == "DT-R6"
    with pytest.raises(IllegalAction) as err:
        s.play("pass")
    assert err.value.rule == "DT-R15"
    plain = next(c for c in hand if c.suit != "D")
    with pytest.raises(IllegalAction) as err:
        s.play(f"{plain}:T")
    assert err.value.rule == "DT-R8"


def test_follower_declaration_refused():
    """DT-R10: only the leader declares; a follower's D card counts as the lead suit."""
    states = dt.example_game("4C 5D 6C 7C")
    s = states[5]
    with pytest.raises(IllegalAction) as err:
        s.play("5D:T")
    assert err.value.rule == "DT-R10"


def test_bad_setup_and_tricks():
    with pytest.raises(BadInput) as err:
        new_game(5)
    assert err.value.rule == "DT-R1"
    with pytest.raises(BadInput):
        new_game(3, first_player=3)
    with pytest.raises(BadInput) as err:
        new_game(3, hands=[["1C"]] * 3)
    assert err.value.rule == "DT-R4"
    with pytest.raises(BadInput):
        resolve_trick(["4C", "4C", "5C"])
    for short in ([], ["4C", "5C"]):
        with pytest.raises(BadInput) as err:
            resolve_trick(short)
        assert err.value.rule == "DT-R11"
    with pytest.raises(BadInput):
        legal_plays(["4C"], "D")
    with pytest.raises(BadInput):
        dt.forecast_analysis(["10C"] + [str(c) for c in deck(3)[:11]], 3)
    with pytest.raises(RuleError):
        dt.forecast_analysis([str(c) for c in deck(3)[:11]], 3)


def test_renderings_are_static_markup():
    r = resolved("10T 10D 7C 7S")
    svg = r._repr_svg_()
    assert svg.startswith("<svg") and "DT-R13b" in svg and "#C00000" in svg
    s = dt.example_game("3C 3D 7C 7D")[-1]
    page = s._repr_html_()
    assert "score sheet" in page and "nobody" in page
    assert card("6D")._repr_svg_().startswith("<svg")
