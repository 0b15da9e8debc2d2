"""Doppeldoppel: every worked example (DD-E*) and test case (DD-T*) of the digest, by id."""

from collections import Counter

import pytest

from doppelnb import BadInput, IllegalAction
from doppelnb.core import play_to_end
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Card, Rules, legal_plays, resolve_trick, round_score

# ---------------------------------------------------------------------------------------------
# helpers: build a game whose first trick is prescribed
# ---------------------------------------------------------------------------------------------


def deal_with(players, wanted, void=None, rules=dd.DEFAULT_RULES):
    """Hands (seat -> list of card strings) holding the ``wanted`` cards of each seat, where the
    seats in ``void`` hold no card of the listed colours; the rest of the deck fills up."""
    void = void or {}
    size = 36 // players
    rest = Counter(rules.deck_counts())
    hands = [[] for _ in range(players)]
    for seat, cards in wanted.items():
        for c in cards:
            card = dd.parse_card(c)
            assert rest[card] > 0, f"deck has no spare {card}"
            rest[card] -= 1
            hands[seat].append(card)
    order = sorted(range(players), key=lambda s: -len(void.get(s, "")))
    for seat in order:
        banned = set(void.get(seat, ""))
        for card in sorted(rest.elements(), key=dd.card_key):
            if len(hands[seat]) == size:
                break
            if card.colour not in banned and rest[card] > 0:
                rest[card] -= 1
                hands[seat].append(card)
        assert len(hands[seat]) == size, "cannot build these hands"
    return [[str(c) for c in h] for h in hands]


def game_with_first_trick(cards, void=None, rules=dd.DEFAULT_RULES, first_sp=0, seed=7):
    """A new game (first SP = seat 0) where seat i holds the i-th card of ``cards``."""
    players = len(cards)
    hands = deal_with(players, {i: [c] for i, c in enumerate(cards)}, void, rules)
    return dd.new_game(players, rules=rules, seed=seed, first_sp=first_sp, hands=hands)


def play_trick(state, cards):
    for c in cards:
        state = state.play(c)
    return state



# ---------------------------------------------------------------------------------------------
# worked examples
# ---------------------------------------------------------------------------------------------


def test_dd_e1_trick_example_1_highest_yellow_wins_and_leads_next():
    """DD-E1 / DD-T1: Y2 (lead, declared yellow), R4, Y5, Y6: P4 wins, takes all four, leads."""
    r = resolve_trick(["Y2", "R4", "Y5", "Y6"])
    assert (r.winner, r.discarded, r.reversed, r.rule) == (3, (), False, "DD-R14b")
    assert r.acquired == dd.parse_cards(["Y2", "R4", "Y5", "Y6"])
    s = game_with_first_trick(["Y2", "R4", "Y5", "Y6"], void={1: "Y"})
    s = play_trick(s, [("Y2", "Y"), "R4", "Y5", "Y6"])
    assert s.leader == 3 and s.to_move == 3  # DD-R7: the winner leads the next trick
    assert Counter(s.piles[3]) == Counter(dd.parse_cards(["Y2", "R4", "Y5", "Y6"]))


def test_dd_e2_trick_example_2_lead_card_collides_yellow_stays():
    """DD-E2 / DD-T2: Y5, Y2, Y4, R5: the 5s collide; P3's Y4 wins; P3 acquires Y2, Y4."""
    r = resolve_trick(["Y5", "Y2", "Y4", "R5"])
    assert r.discarded == (0, 3) and r.winner == 2 and r.lead_colour == "Y"
    assert r.acquired == (Card("Y", 2), Card("Y", 4))
    s = game_with_first_trick(["Y5", "Y2", "Y4", "R5"], void={3: "Y"})
    s = play_trick(s, ["Y5", "Y2", "Y4", "R5"])
    assert sorted(map(str, s.piles[2])) == ["Y2", "Y4"]
    assert Counter(s.discard) == Counter(dd.parse_cards(["Y5", "R5"]))


def test_dd_e3_trick_example_3_no_yellow_survives_highest_of_any_colour():
    """DD-E3 / DD-T3: Y4, R4, B5, R2: the 4s collide, no yellow left, B5 (P3) wins (DD-R14c)."""
    r = resolve_trick(["Y4", "R4", "B5", "R2"])
    assert (r.winner, r.discarded, r.rule) == (2, (0, 1), "DD-R14c")
    assert r.acquired == (Card("B", 5), Card("R", 2))
    assert "largest" not in r.reason and "B5 of P3" in r.reason  # not "most cards" (DD-A17)


def test_dd_e4_score_example():
    """DD-E4 / DD-T23: acquired {1, 1, 2, 2, 3} scores 7 (the 2s +10, the rest -1 each)."""
    b = dd.score_breakdown({1: 2, 2: 2, 3: 1})
    assert b.contributions[:3] == (-2, 10, -1) and b.total == 7


def test_dd_e5_rank_3_has_no_condition():
    """DD-E5: one 3 scores -1."""
    assert round_score({3: 1}) == -1


def test_dd_e6_rank_5_killed_by_a_6():
    """DD-E6: two 5s and a 6 score -3; two 5s alone +14."""
    assert round_score({5: 2, 6: 1}) == -3
    assert round_score({5: 2}) == 14


def test_dd_e7_japanese_score_tables_reproduced_exactly():
    """DD-E7: the JP tables for ranks 1, 2, 5 (digest section 5), computed from DD-R20."""
    tables = dd.scoring_tables()
    for rank, expected in dd.JAPANESE_SCORE_TABLES.items():
        assert tables[rank] == expected
    assert dd.JAPANESE_SCORE_TABLES == {
        1: (-1, -2, 6, 8, 10, 12),
        2: (-2, 10, -6, 20, -10, 30, -14, 40, -18),
        5: (7, 14, 21, 28, 35, 42, 49, 56, 63),
    }


# ---------------------------------------------------------------------------------------------
# test cases DD-T1..T26
# ---------------------------------------------------------------------------------------------


def test_dd_t1_example_1():
    """DD-T1: Y2, R4, Y5, Y6 -> P4 wins and acquires 4 cards."""
    r = resolve_trick(["Y2", "R4", "Y5", "Y6"])
    assert r.winner == 3 and len(r.acquired) == 4


def test_dd_t2_example_2():
    """DD-T2: Y5, Y2, Y4, R5 -> 5s discarded, P3 wins with Y4 and acquires Y2, Y4."""
    r = resolve_trick(["Y5", "Y2", "Y4", "R5"])
    assert r.discarded_cards == (Card("Y", 5), Card("R", 5))
    assert r.winner == 2 and [str(c) for c in r.acquired] == ["Y2", "Y4"]


def test_dd_t3_example_3():
    """DD-T3: Y4, R4, B5, R2 -> 4s discarded, no yellow, P3 (B5) wins."""
    r = resolve_trick(["Y4", "R4", "B5", "R2"])
    assert r.discarded == (0, 1) and r.winner == 2


def test_dd_t4_all_collide_no_winner_same_leader():
    """DD-T4: Y4, R4, B5, Y5 -> all discarded, no winner, P1 leads the next trick (DD-A8)."""
    r = resolve_trick(["Y4", "R4", "B5", "Y5"])
    assert r.winner is None and r.discarded == (0, 1, 2, 3) and r.acquired == ()
    assert r.rule == "DD-R16"
    s = game_with_first_trick(["Y4", "R4", "B5", "Y5"], void={1: "Y", 2: "Y"})
    s = play_trick(s, ["Y4", "R4", "B5", "Y5"])
    assert s.leader == 0 and all(p == () for p in s.piles) and len(s.discard) == 4
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]  # the trick still used a card from each hand
    other = game_with_first_trick(["Y4", "R4", "B5", "Y5"], void={1: "Y", 2: "Y"},
                                  rules=Rules(no_winner_next_leader="left_of_leader"))
    assert play_trick(other, ["Y4", "R4", "B5", "Y5"]).leader == 1


def test_dd_t5_three_players_all_ones():
    """DD-T5: 3 players Y1, R1, B1 -> all discarded, no winner, P1 leads again."""
    r = resolve_trick(["Y1", "R1", "B1"])
    assert r.winner is None and r.discarded == (0, 1, 2)
    s = game_with_first_trick(["Y1", "R1", "B1"], void={1: "Y", 2: "Y"})
    s = play_trick(s, ["Y1", "R1", "B1"])
    assert s.leader == 0 and s.to_move == 0 and s.trick_number == 1


def test_dd_t6_three_reverses_lowest_yellow_wins():
    """DD-T6: Y5, Y3, Y6, R1 -> reversed; lowest yellow Y3: P2 wins all four."""
    r = resolve_trick(["Y5", "Y3", "Y6", "R1"])
    assert r.reversed and r.winner == 1 and len(r.acquired) == 4


def test_dd_t7_removed_three_still_reverses():
    """DD-T7: Y3, B3, Y5, Y2 -> 3s discarded but the reversal holds: P4 (Y2) wins; with
    reversal_trigger="surviving_only" P3 (Y5) wins."""
    r = resolve_trick(["Y3", "B3", "Y5", "Y2"])
    assert r.discarded == (0, 1) and r.reversed and r.winner == 3
    alt = resolve_trick(["Y3", "B3", "Y5", "Y2"], Rules(reversal_trigger="surviving_only"))
    assert not alt.reversed and alt.winner == 2
    toggled = resolve_trick(["Y3", "B3", "Y5", "Y2"], Rules(reversal_trigger="toggle_per_three"))
    assert not toggled.reversed and toggled.winner == 2  # two 3s cancel (DD-A6 c)


def test_dd_t8_reversal_applies_to_fallback():
    """DD-T8: Y4, R4, B3, R6 -> 4s out, no yellow, reversed: P3 (B3) wins; unreversed R6 would."""
    r = resolve_trick(["Y4", "R4", "B3", "R6"])
    assert r.reversed and r.rule == "DD-R14c" and r.winner == 2
    alt = resolve_trick(["Y4", "R4", "B3", "R6"], Rules(reversal_affects_fallback=False))
    assert alt.reversed and alt.winner == 3  # DD-A7 alternative: the fallback stays "highest"


@pytest.mark.parametrize("scope, second_reversed", [
    ("trick", False), ("round_toggle", True), ("round_permanent", True)])
def test_dd_t9_next_trick_after_reversal(scope, second_reversed):
    """DD-T9: the trick after DD-T6 is normal by default, still reversed under round scopes."""
    rules = Rules(reversal_scope=scope)
    hands = deal_with(4, {0: ["Y5", "Y4"], 1: ["Y3", "R5"], 2: ["Y6", "R2"], 3: ["R1", "R6"]},
                      void={3: "Y"}, rules=rules)
    s = dd.new_game(4, rules=rules, seed=3, first_sp=0, hands=hands)
    s = play_trick(s, ["Y5", "Y3", "Y6", "R1"])
    assert s.log[-1].result.winner == 1 and s.leader == 1  # P2 won and leads
    assert s.reversal == (scope != "trick")
    # P2 leads R5; P3 R2 (P3 still has red? it holds R2), P4 R6, P1 Y4 or a red if it has one
    s = s.play("R5")
    s = s.play("R2")
    s = s.play("R6")
    s = s.play(s.legal_actions()[0])
    second = s.log[-1].result
    assert second.threes == 0 and second.reversed == second_reversed
    assert resolve_trick(["R5", "R2", "R6", "Y4"], rules, reversed_before=True).reversed == \
        second_reversed


def test_dd_t9_round_toggle_second_three_switches_back():
    """DD-T9 / DD-A5 (b): under round_toggle a further 3 toggles back; round_permanent stays."""
    toggle = Rules(reversal_scope="round_toggle")
    assert not resolve_trick(["Y3", "R5", "B6"], toggle, reversed_before=True).reversed
    perm = Rules(reversal_scope="round_permanent")
    assert resolve_trick(["Y3", "R5", "B6"], perm, reversed_before=True).reversed
    # the reversal is reset at the end of the round (DD-A5): every round starts unreversed
    assert resolve_trick(["Y3", "R5", "B6"]).reversal_after is False


def test_dd_t10_must_follow():
    """DD-T10: hand {Y1, R6, B2}, lead yellow -> only Y1."""
    assert legal_plays(["Y1", "R6", "B2"], "Y") == [Card("Y", 1)]


def test_dd_t11_void_may_play_anything():
    """DD-T11: hand {R6, B2}, lead yellow -> both legal; leading -> anything."""
    assert set(legal_plays(["R6", "B2"], "Y")) == {Card("R", 6), Card("B", 2)}
    assert len(legal_plays(["Y1", "R6", "B2"], None)) == 3


@pytest.mark.parametrize("tid, counts, expected", [
    ("DD-T12", {1: 3}, 6),
    ("DD-T13", {1: 2}, -2),
    ("DD-T14", {2: 3}, -6),
    ("DD-T15", {2: 4}, 20),
    ("DD-T16", {5: 3, 6: 0}, 21),
    ("DD-T17", {5: 3, 6: 1}, -4),
    ("DD-T18", {4: 3, 5: 3, 6: 0}, 0),
    ("DD-T19", {4: 3, 2: 1, 3: 2}, 0),
    ("DD-T20", {4: 2}, -2),
    ("DD-T21", {4: 4}, -4),
    ("DD-T22", {}, 0),
    ("DD-T23", {1: 2, 2: 2, 3: 1}, 7),
])
def test_dd_t12_to_t23_round_scores(tid, counts, expected):
    """DD-T12..DD-T23: round scores under the default readings."""
    assert round_score(counts) == expected, tid


def test_dd_t18_t19_rank4_zeroing_is_symmetric():
    """DD-T18, DD-T19, DD-A12: three 4s zero a positive and a negative round alike."""
    assert dd.score_breakdown({4: 3, 5: 3}).contributions[4] == 21
    assert sum(dd.score_breakdown({4: 3, 2: 1, 3: 2}).contributions) < 0
    assert dd.score_breakdown({4: 3, 5: 3}).zeroed


def test_dd_t21_at_least_three_fours():
    """DD-T21: four 4s: -4 by default, 0 with rank4_zero_rule="at_least_3" (DD-A11)."""
    assert round_score({4: 4}) == -4
    assert round_score({4: 4}, Rules(rank4_zero_rule="at_least_3")) == 0


@pytest.mark.parametrize("players, rounds, tricks", [(3, 3, 12), (4, 4, 9)])
def test_dd_t24_game_length(players, rounds, tricks):
    """DD-T24: 3 players play 3 rounds of 12 tricks; 4 players 4 rounds of 9 tricks."""
    s = play_to_end(dd.new_game(players, seed=11))
    assert s.is_over and len(s.round_scores) == rounds
    per_round = Counter(t.round for t in s.log)
    assert per_round == {r: tricks for r in range(rounds)}
    assert len(s.actions) == rounds * tricks * players


def test_dd_t25_start_player_rotates_left_of_round_start():
    """DD-T25: the round-2 SP is the left neighbour of the round-1 SP, even when another player
    led most tricks of round 1."""
    checked = 0
    for seed in range(40):
        s = dd.new_game(4, seed=seed, first_sp=2)
        leaders = Counter()
        while s.round == 0:
            if not s.trick:
                leaders[s.leader] += 1
            s = s.play(s.legal_actions()[seed % 2 - 1])
        assert (s.round_sp, s.leader, s.to_move) == (3, 3, 3)
        top = leaders.most_common(1)[0][0]
        checked += top not in (2, 3)  # someone else than the old and the new SP led the most
        while s.round == 1:
            s = s.play(s.legal_actions()[0])
        assert s.round_sp == 0  # wraps around the table
    assert checked >= 5


def test_dd_t26_declared_colour_must_match():
    """DD-T26: 4 players: declaring a colour other than the face-down card's is refused."""
    s = game_with_first_trick(["Y2", "R4", "Y5", "Y6"], void={1: "Y"})
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.play(("Y2", "R"))
    assert err.value.rule == "DD-R10" and "Y2" in err.value.reason
    assert s.to_json() == before and s.trick == ()
    bluff = game_with_first_trick(["Y2", "R4", "Y5", "Y6"], void={1: "Y"},
                                  rules=Rules(declared_colour_must_match=False))
    after = bluff.play(("Y2", "R"))  # DD-A9 (b): the hidden card may be any colour
    assert after.lead_colour == "R"
    assert ("Y2", "R") in [(str(a.card), a.colour) for a in bluff.legal_actions()]


# ---------------------------------------------------------------------------------------------
# more rules: follow rule in play, hidden plays, leaders, direction, ties
# ---------------------------------------------------------------------------------------------


def test_dd_r11_follow_rule_enforced_face_down_3_players():
    """DD-R11, DD-R12, DD-A10: a face-down 3-player follower must still follow suit."""
    s = game_with_first_trick(["Y2", "Y5", "R4"], void={2: "Y"})
    s = s.play("Y2")
    with pytest.raises(IllegalAction) as err:
        s.play(next(str(c) for c in s.hands[1] if c.colour != "Y"))
    assert err.value.rule == "DD-R11" and "must follow yellow" in err.value.reason


def test_dd_a10_three_player_follower_cards_hidden_until_reveal():
    """DD-R9, DD-A10: P2's face-down card is hidden in P3's view; the leader's is face up."""
    s = game_with_first_trick(["Y2", "Y5", "R4"], void={2: "Y"}).play("Y2").play("Y5")
    view3 = s.view(2)
    assert view3.trick == ((0, Card("Y", 2)), (1, None))
    assert s.view(1).trick[1] == (1, Card("Y", 5))
    assert "Y5" not in view3._repr_svg_().split("trick:")[1]


def test_dd_r10_four_player_lead_hidden_until_reveal():
    """DD-R10, DD-A18: the 4-player lead is face down (only the colour is known)."""
    s = game_with_first_trick(["Y2", "R4", "Y5", "Y6"], void={1: "Y"}).play(("Y2", "Y"))
    assert s.view(1).trick == ((0, None),) and s.view(1).lead_colour == "Y"
    assert s.view(0).trick == ((0, Card("Y", 2)),)


def test_dd_a18_face_down_lead_collides_after_reveal():
    """DD-A18: a face-down 4-player lead collides with a face-up card of the same number."""
    s = game_with_first_trick(["Y4", "R4", "Y5", "Y2"], void={1: "Y"})
    s = play_trick(s, ["Y4", "R4", "Y5", "Y2"])
    assert s.log[-1].result.discarded == (0, 1) and s.leader == 2


@pytest.mark.parametrize("next_leader, expected", [
    ("winner", 1), ("round_sp", 0), ("rotate_left", 1)])
def test_dd_a3_next_leader(next_leader, expected):
    """DD-R7, DD-A3: who leads the second trick after P2 wins the first (P1 is SP)."""
    rules = Rules(next_leader=next_leader)
    s = game_with_first_trick(["Y5", "Y3", "Y6", "R1"], void={3: "Y"}, rules=rules)
    assert play_trick(s, ["Y5", "Y3", "Y6", "R1"]).leader == expected


def test_dd_a3_rotate_left_differs_from_winner():
    """DD-A3 (c): with rotate_left the lead passes left even when the leader wins."""
    rules = Rules(next_leader="rotate_left")
    s = game_with_first_trick(["Y6", "Y2", "Y1", "R1"], void={3: "Y"}, rules=rules)
    s = play_trick(s, ["Y6", "Y2", "Y1", "R1"])
    assert s.log[-1].next_leader == 1 and s.log[-1].result.winner is not None


def test_dd_a4_direction():
    """DD-R8, DD-A4: clockwise play goes to the leader's left, counterclockwise to the right."""
    s = dd.new_game(4, seed=1, first_sp=1)
    assert s.play_order() == (1, 2, 3, 0)
    t = dd.new_game(4, seed=1, first_sp=1, rules=Rules(direction="counterclockwise"))
    assert t.play_order() == (1, 0, 3, 2)
    t = t.play(t.legal_actions()[0])
    assert t.to_move == 0


def test_dd_a15_final_tie():
    """DD-R22, DD-A15: tied totals share the win, or the last round's score breaks the tie."""
    s = play_to_end(dd.new_game(3, seed=2))
    tied = s._evolve(totals=(5, 5, 1), round_scores=((3, 4, 0), (0, 0, 0), (2, 1, 1)))
    assert tied.winners == (0, 1)
    tied = tied._evolve(rules=Rules(final_tie="most_recent_round_score"))
    assert tied.winners == (0,)


def test_dd_r6_first_sp_random_but_seeded():
    """DD-R4: the first start player comes from the seed when not given."""
    sps = {dd.new_game(3, seed=s).round_sp for s in range(30)}
    assert sps == {0, 1, 2}
    assert dd.new_game(4, seed=9).round_sp == dd.new_game(4, seed=9).round_sp


def test_dd_r3_deal_even_and_complete():
    """DD-R3: all 36 cards dealt, 12 each with 3 players, 9 each with 4."""
    for players in (3, 4):
        s = dd.new_game(players, seed=4)
        assert [len(h) for h in s.hands] == [36 // players] * players
        assert s.all_cards() == Counter(Rules().deck_counts())


@pytest.mark.parametrize("name", ["a", "b", "c"])
def test_dd_a1_candidate_decks(name):
    """DD-A1: the three candidate compositions: 36 cards, 6 ones, 9 twos, 9 fives."""
    rules = Rules(deck_composition=name)
    totals = rules.rank_totals()
    assert sum(totals.values()) == 36 and len(rules.deck()) == 36
    assert (totals[1], totals[2], totals[5]) == (6, 9, 9)
    assert sorted((totals[3], totals[4], totals[6])) == [3, 3, 6]
    assert all(row == rules.composition[0] for row in rules.composition)


def test_dd_a1_custom_composition_normalised_and_validated():
    """DD-A1: arbitrary compositions of 36 cards are accepted; a candidate's counts are named."""
    assert Rules(deck_composition=(2, 3, 2, 1, 3, 1)).deck_composition == "a"
    assert Rules(deck_composition=[2, 3, 1, 1, 3, 2]) == Rules(deck_composition="c")
    uneven = {"Y": [2, 3, 3, 1, 3, 1], "R": [2, 3, 1, 1, 3, 1], "B": [2, 3, 2, 1, 3, 1]}
    rules = Rules(deck_composition=uneven)
    assert rules.deck_composition == ((2, 3, 3, 1, 3, 1), (2, 3, 1, 1, 3, 1), (2, 3, 2, 1, 3, 1))
    assert rules.rank_totals() == {1: 6, 2: 9, 3: 6, 4: 3, 5: 9, 6: 3}
    s = play_to_end(dd.new_game(3, rules=rules, seed=1))
    assert dd.from_json(s.to_json()) == s  # the composition survives the JSON record
    with pytest.raises(BadInput) as err:
        Rules(deck_composition=(2, 3, 2, 1, 3, 2))
    assert err.value.rule == "DD-R2" and "39" in err.value.reason
    for bad in ("d", (1, 2), ((1,) * 6,) * 2, (2, 3, -2, 1, 3, 5), {"Y": [12] + [0] * 5}):
        with pytest.raises(BadInput):
            Rules(deck_composition=bad)


def test_dd_a2_colour_names():
    """DD-A2: colour names are configuration; they appear in reasons."""
    rules = Rules(colour_names=("yellow", "red", "blue"))
    s = game_with_first_trick(["R2", "R5", "Y4"], void={2: "R"}, rules=rules).play("R2")
    with pytest.raises(IllegalAction) as err:
        s.play(next(str(c) for c in s.hands[1] if c.colour != "R"))
    assert "must follow red" in err.value.reason
    for bad in (("a", "a", "b"), ("a", "b"), ("a", "", "c"), "abc"):
        with pytest.raises(BadInput) as e:
            Rules(colour_names=bad)
        assert e.value.rule == "DD-A2"


def test_docstring_examples_run():
    """The examples in the engine's docstrings (DD-E2, DD-E4, DD-T7, DD-T10, DD-T16..T18)."""
    import doctest
    import importlib

    attempted = 0
    for name in ("doppelnb.engines.doppeldoppel", "doppelnb.engines.doppeldoppel.rules",
                 "doppelnb.widgets.doppeldoppel"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, name
        attempted += result.attempted
    assert attempted >= 8
