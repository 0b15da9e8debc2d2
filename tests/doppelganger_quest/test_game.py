"""Doppelgänger (quest game): every DQ-E and DQ-T case of the digest, plus properties."""

from __future__ import annotations

import dataclasses
import itertools
import json
import pathlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core import play_to_end, playout, random_policy, rng_for
from doppelnb.core.simulate import simulate as core_simulate
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest import simulation as dq_simulation
from doppelnb.engines.doppelganger_quest.cards import QuestCard
from doppelnb.engines.doppelganger_quest.examples import minotaur_example
from doppelnb.engines.doppelganger_quest.rules import DOPPEL, LOYAL, weapon_result

CARDS = dq.Rules().card_set()
KNIGHT, ROGUE, WIZARD, BARBARIAN = "Knight", "Rogue", "Wizard", "Barbarian"


def first_legal(state, rng=None):
    return state.legal_actions()[0]


def arranged(hands, *, seed=11, quest="Hold the Bridge", deck_top=("bless.1", "bless.2"), party=(0, 1, 2),
             animal=False, passes=None, contribute=None, gives=None, rogue=True,
             heroes=(KNIGHT, ROGUE, WIZARD, BARBARIAN), rules=None, loyalty=None,
             **options):
    """A 4-player game arranged up to the end of the PL's hand-out (P1 = seat 0 leads)."""
    s = dq.new_game(4, rules=rules or dq.Rules(), seed=seed, pl=0, quests=[quest], hands=[list(h) for h in hands],
                    deck_top=list(deck_top),
                    loyalty=loyalty or [LOYAL, LOYAL, LOYAL, DOPPEL], **options)
    for h in heroes:
        s = s.play(("hero", h))
    passes = passes or [h[-1] for h in hands]
    for card in passes:
        s = s.play(("pass", card))
    s = s.play(("party", tuple(party), animal))
    while s.phase == "contribute":
        seat = s.to_move
        card = contribute[seat] if contribute else s.hands[seat][0]
        s = s.play(("contribute", card))
    if s.phase == "rogue":
        s = s.play(("rogue", rogue))
    if gives is not None:
        for card in gives:
            s = s.play(("give", card))
    return s


FIREBALL_HANDS = [["fireball.1", "dagger.1", "dagger.2", "dagger.3"],
                  ["fireball.2", "dagger.4", "dagger.5", "dagger.6"],
                  ["fireball.3", "dagger.7", "dagger.8", "dagger.9"],
                  ["sword.1", "sword.2", "sword.3", "sword.4"]]


def fireball_quest(quest, **kw):
    """Kate, Mike and Nate each cast a Fireball (3 each, 9 in all) on ``quest``."""
    s = arranged(FIREBALL_HANDS, quest=quest, contribute={0: "fireball.1", 1: "fireball.2",
                                                         2: "fireball.3"},
                 gives=["fireball.2", "fireball.3", "fireball.1"], **kw)
    for _ in range(3):
        s = s.play(("fireball", True))
    s = s.play(("decline",))  # the Wizard's post-turn heal
    return s


# -- worked examples ---------------------------------------------------------------------------
def test_dq_e1_subdue_range():
    """DQ-E1: Subdue 7-10 succeeds on 7..10 and fails on 6 or 11."""
    card = QuestCard("Subdue", 7, 10, (), 2)
    assert [t for t in range(0, 15) if card.succeeds(t)] == [7, 8, 9, 10]


def test_dq_e2_contributing_an_unusable_item_is_legal():
    """DQ-E2: a Sword hero whose hand holds only Bows contributes a Bow."""
    bows = [["bow.1", "bow.2", "bow.3", "bow.4"], ["dagger.1", "dagger.2", "dagger.3", "dagger.4"],
            ["sword.1", "sword.2", "sword.3", "sword.4"], ["bow.5", "staff.2", "staff.3", "staff.4"]]
    s = dq.new_game(4, seed=3, pl=0, hands=bows, loyalty=[LOYAL] * 3 + [DOPPEL])
    for h in (KNIGHT, ROGUE, WIZARD, BARBARIAN):
        s = s.play(("hero", h))
    for seat in range(4):
        s = s.play(("pass", s.hands[seat][0]))
    s = s.play(("party", (0, 1), False))
    while s.to_move != 0:
        s = s.play(s.legal_actions()[0])
    assert s.phase == "contribute" and all(CARDS.item(c).weapon == "bow" for c in s.hands[0])
    card = s.hands[0][0]
    after = s.play(("contribute", card))
    assert card not in after.hands[0] and after.phase in ("rogue", "give")


def test_dq_e3_t12_minotaur_pingpong():
    """DQ-E3 / DQ-T12: Kate self-damages, hands to Mike; Mike→Nate, Nate→Mike, Mike→Nate."""
    s = minotaur_example()
    assert s.q.card.name == "Escape The Bloodthirsty Minotaur" and s.q.damage == 9
    assert s.q.outcome == "failure" and s.pending[:2] == ("target", 0)
    for action in [("target", 0), ("hand", 1), ("target", 2), ("target", 1), ("target", 2)]:
        s = s.play(action)
    assert s.damage[:3] == (1, 1, 2)  # Kate 1, Mike 1, Nate 2
    assert s.pending == ("flip", 0, "dark")  # then the PL flips a Darkness token (DQ-R30)
    assert dq.from_json(s.to_json()) == s


def test_dq_e4_pool_arithmetic_with_the_war_bear():
    """DQ-E4: 2 questing players + War Bear: 4 -> 3 -> 2 handed out -> 1 discarded."""
    hands = [["sword.1", "sword.2", "sword.3", "sword.4"], ["bow.1", "bow.2", "bow.3", "bow.4"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["dagger.1", "dagger.2", "dagger.3",
                                                            "dagger.4"]]
    s = arranged(hands, party=(0, 2), animal=True, heroes=(KNIGHT, "Scout", WIZARD, BARBARIAN))
    assert s.phase == "give" and len(s.q.pool) == 3 and len(s.item_discard) == 1
    s = s.play(("give", s.q.pool[0]))
    s = s.play(("give", s.q.pool[0]))
    assert len(s.q.given) == 2 and len(s.item_discard) == 2 and not s.q.pool
    assert {seat for seat, _ in s.q.given} == {0, 2}  # the animal gets nothing


def test_dq_e5_draft_order_seven_players():
    """DQ-E5: 7 players pick Sword, Bow, Staff, Sword, Bow, Staff, Sword."""
    assert [dq.draft_weapon(k) for k in range(1, 8)] == [
        "sword", "bow", "staff", "sword", "bow", "staff", "sword"]
    s = dq.new_game(7, seed=5)
    weapons = []
    while s.phase == "draft":
        seat = s.to_move
        s = s.play(s.legal_actions()[-1])
        weapons.append(s.hero(seat).weapon)
    assert weapons == ["sword", "bow", "staff", "sword", "bow", "staff", "sword"]


def test_dq_e6_friendly_fire():
    """DQ-E6: white 1 and black 1-3 are friendly fire; Magic +1 applies, Blessing does not;
    a Staff's automatic damage still hits the Quest; the roller may hit themself."""
    assert dq.is_friendly_fire("white", 1) and not dq.is_friendly_fire("white", 2)
    assert all(dq.is_friendly_fire("black", f) for f in (1, 2, 3))
    assert not dq.is_friendly_fire("black", 4)
    good_sword = CARDS.table("sword")[1]
    assert weapon_result(CARDS, "sword", True, "white", 1, bless=2) == (0, good_sword[0] + 1)
    auto = CARDS.table("staff")[3]
    assert auto > 0 and weapon_result(CARDS, "staff", False, "black", 2)[0] == auto
    state = _find_state(lambda s: s.phase == "ff", players=4)
    roller = state.to_move
    targets = [a[1] for a in state.legal_actions()]
    assert roller in targets and set(state.q.party) <= set(targets)


def test_dq_e7_t15_exhaustion_over_consecutive_quests():
    """DQ-E7 / DQ-T15: on quests 1, 2, tavern on 3, on 4: exhaustion damage 0, 1, -, 0."""
    plan = {1: (0, 1), 2: (0, 1), 3: (2, 3), 4: (0, 3)}
    s = dq.new_game(4, seed=8, pl=0, light=["blank", "heal2", "peek", "amulet", "scepter",
                                             "spellbook"],
                    dark=["blank", "take3", "peek", "amulet", "scepter", "spellbook"])
    marks, hits = {}, {}
    rng = rng_for(8, "t")
    while not s.is_over and s.quest_no <= 4:
        quest = s.quest_no
        if s.phase == "party":
            s = s.play(("party", plan[quest], False))
            continue
        before = len(s.log)
        s = s.play(dq.simple_policy(s, rng))
        for line in s.log[before:]:
            if line.startswith("P1 ") and "(exhaustion)" in line:
                hits[quest] = hits.get(quest, 0) + 1
        if s.quest_no != quest or s.is_over:
            marks[quest] = s.exhausted[0]
    assert hits.get(1, 0) == 0 and marks[1] is True
    assert hits.get(2, 0) == 1 and marks[2] is True
    assert marks[3] is False  # the tavern removed it
    assert hits.get(4, 0) == 0 and marks[4] is True


# -- test cases ----------------------------------------------------------------------------------
def test_dq_t1_loyalty_split():
    """DQ-T1: (1,3), (1,4), (2,4), (2,5), (3,5)."""
    assert [dq.loyalty_split(n) for n in range(4, 9)] == [(1, 3), (1, 4), (2, 4), (2, 5), (3, 5)]
    for n in range(4, 9):
        s = dq.new_game(n, seed=n)
        assert (s.loyalty.count(DOPPEL), s.loyalty.count(LOYAL)) == dq.loyalty_split(n)
    with pytest.raises(BadInput) as err:
        dq.loyalty_split(3)
    assert err.value.rule == "DQ-R1"


def test_dq_t2_deal_sizes():
    """DQ-T2: 4-5 players get 4 cards, 6-8 get 3."""
    for n in range(4, 9):
        s = dq.new_game(n, seed=1)
        assert {len(h) for h in s.hands} == {4 if n <= 5 else 3} == {dq.hand_size(n)}
        assert len(s.item_deck) == 60 - n * dq.hand_size(n)


def test_dq_t3_draft_eight_players_and_wrong_type_rejected():
    """DQ-T3: Sword, Bow, Staff, Sword, Bow, Staff, Sword, Bow; a wrong pick is rejected."""
    s = dq.new_game(8, seed=2)
    with pytest.raises(IllegalAction) as err:
        s.play(("hero", "Rogue"))  # a Bow hero for the first (Sword) pick
    assert err.value.rule == "DQ-R3" and "sword" in err.value.reason
    weapons = []
    while s.phase == "draft":
        seat = s.to_move
        s = s.play(s.legal_actions()[0])
        weapons.append(s.hero(seat).weapon)
    assert weapons == ["sword", "bow", "staff"] * 2 + ["sword", "bow"]


def test_dq_t4_party_needs_another_player():
    """DQ-T4: {PL} alone or {PL, War Bear} is illegal."""
    s = arranged_until_party()
    for party, animal in (((0,), False), ((0,), True)):
        with pytest.raises(IllegalAction) as err:
            s.play(("party", party, animal))
        assert err.value.rule == "DQ-R14"
    with pytest.raises(IllegalAction) as err:
        s.play(("party", (1, 2), False))
    assert err.value.rule == "DQ-R14" and "Party Leader" in err.value.reason


def arranged_until_party():
    s = dq.new_game(4, seed=4, pl=0)
    while s.phase != "party":
        s = s.play(first_legal(s))
    return s


def test_dq_t5_pool_of_a_four_player_party():
    """DQ-T5: party of 4, no Rogue: pool 6 -> 5 -> 4 handed out -> 1 discarded."""
    s = dq.new_game(6, seed=6, pl=0)
    while s.phase == "draft":
        s = s.play([a for a in s.legal_actions() if a[1] != "Rogue"][-1])
    while s.phase == "pass":
        s = s.play(first_legal(s))
    s = s.play(("party", (0, 1, 2, 3), False))
    while s.phase == "contribute":
        s = s.play(first_legal(s))
    assert s.phase == "give" and len(s.q.pool) == 5 and len(s.item_discard) == 1
    for _ in range(4):
        s = s.play(("give", s.q.pool[0]))
    assert len(s.q.given) == 4 and len(s.item_discard) == 2


def test_dq_t6_poison_fails_at_once():
    """DQ-T6: Poison handed out: penalty ping-pong, 1 Darkness flip, no turns, tavern, exhaustion."""
    hands = [["poison.1", "sword.1", "sword.2", "sword.3"], ["bow.1", "bow.2", "bow.3", "bow.4"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["dagger.1", "dagger.2", "dagger.3",
                                                            "dagger.4"]]
    s = arranged(hands, quest="Hold the Bridge", party=(0, 1), heroes=(KNIGHT, "Scout", WIZARD,
                                                                         BARBARIAN),
                 contribute={0: "poison.1", 1: "bow.1"})
    s = s.play(("give", "poison.1"))
    s = s.play(("give", s.q.pool[0]))
    assert s.q.poisoned and s.q.outcome == "failure"
    assert s.pending[0] == "target"  # the penalty comes first (DQ-A9)
    assert not any("rolls" in line for line in s.log)  # no turns
    s = s.play(("target", 0)).play(("hand", 1)).play(("target", 1))  # penalty 2
    assert s.damage[:2] == (1, 1)
    assert s.pending == ("flip", 0, "dark")
    s = s.play(("flip", s.dark.index(next(t for t in s.dark if t[0] == "blank"))))
    assert s.phase == "tavern"  # the tavern still happens (DQ-A8)
    while s.quest_no == 1:
        s = s.play(first_legal(s))
    assert s.exhausted[0] and s.exhausted[1] and not s.exhausted[2]


def test_dq_t7_threshold():
    """DQ-T7: threshold 10: 9 fails, 10 succeeds."""
    card = CARDS.quests[0]
    assert (card.low, card.high) == (10, None)
    assert not card.succeeds(9) and card.succeeds(10)


def test_dq_t8_subdue_bounds():
    """DQ-T8: Subdue 7-10 with totals 6 / 7 / 10 / 11."""
    card = QuestCard("Subdue", 7, 10, (), 2)
    assert [card.succeeds(t) for t in (6, 7, 10, 11)] == [False, True, True, False]


def test_dq_t9_two_member_pingpong():
    """DQ-T9: 3 units, party {A (PL), B}: only A,B,A and B,A,B."""
    assert dq.pingpong_sequences(["A", "B"], 3) == [("A", "B", "A"), ("B", "A", "B")]


def test_dq_t10_damaged_player_holds_the_rest():
    """DQ-T10: after damaging someone else, the holder cannot pass the rest to a third member."""
    s = minotaur_example()
    s = s.play(("target", 1))  # Kate damages Mike
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.play(("hand", 2))
    assert err.value.rule == "DQ-R31" and s.to_json() == before
    assert s.pending[:2] == ("target", 1)


def test_dq_t11_self_damage_passes_to_another():
    """DQ-T11: after self-damage the holder passes to another member, who may damage anyone
    except the self-damager, themself included."""
    s = minotaur_example().play(("target", 0))
    assert s.pending[:2] == ("hand", 0)
    with pytest.raises(IllegalAction):
        s.play(("hand", 0))
    s = s.play(("hand", 2))
    assert sorted(a[1] for a in s.legal_actions()) == [1, 2]
    with pytest.raises(IllegalAction) as err:
        s.play(("target", 0))
    assert err.value.rule == "DQ-R31"


def test_dq_t13_death_during_pingpong_ends_the_game():
    """DQ-T13: a unit kills a Doppelgänger hero: the Loyal side wins at once; no more units."""
    s = minotaur_example()
    hp = s.hero(2).hp
    s = s._evolve(loyalty=(LOYAL, LOYAL, DOPPEL, LOYAL), damage=(0, 0, hp - 1, 0))
    end = s.play(("target", 2))
    assert end.is_over and end.winner == LOYAL and end.damage == (0, 0, hp, 0)
    assert end.scores == (1, 1, 0, 1)
    assert end.legal_actions() == [] and end.pp is None
    with pytest.raises(IllegalAction):
        end.play(("target", 1))


def test_dq_t14_third_light_artifact_wins_at_once():
    """DQ-T14: the third Light artifact flipped: the Loyal side wins; no exhaustion steps."""
    s = fireball_quest("Hold the Bridge",
                       light=["amulet", "scepter", "spellbook", "blank", "heal2", "peek"])
    s = s.play(("tavern", "reroll"))
    while s.phase == "target":  # the reward (Heal 1)
        s = s.play(first_legal(s))
    assert s.pending == ("flip", 0, "light")
    s = s._evolve(light=(("amulet", True), ("scepter", True)) + s.light[2:],
                  exhausted=(True, True, True, False))
    end = s.play(("flip", 2))
    assert end.is_over and end.winner == LOYAL
    assert end.damage == s.damage  # the exhaustion steps were not played


def test_dq_t16_tavern_draw_at_hand_limit_rejected():
    """DQ-T16: a tavern player at 5 cards cannot choose "draw"."""
    s = next(st for st in minotaur_example().history() if st.phase == "tavern")
    seat = s.to_move
    full = s.hands[seat] + s.item_deck[:1]
    s = s._evolve(hands=s.hands[:seat] + (full,) + s.hands[seat + 1:], item_deck=s.item_deck[1:])
    assert len(s.hands[seat]) == 5 and ("tavern", "draw") not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.play(("tavern", "draw"))
    assert err.value.rule == "DQ-R27"


def test_dq_t17_unusable_weapon_no_roll_but_still_a_target():
    """DQ-T17: a Bow hero with a Sword does not roll, yet can be hit by ping-pong."""
    hands = [["sword.1", "sword.2", "sword.3", "sword.4"], ["sword.5", "sword.6", "bow.1",
                                                            "bow.2"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["dagger.1", "dagger.2", "dagger.3",
                                                            "dagger.4"]]
    s = arranged(hands, quest="Escape The Bloodthirsty Minotaur", party=(0, 1),
                 contribute={0: "sword.1", 1: "sword.5"}, gives=["sword.5", "sword.1"],
                 rogue=True)
    assert s.q.item_of(1) == "sword.5" and s.hero(1).weapon == "bow"
    assert any("P2 takes no action" in line for line in s.log)
    assert s.to_move == 0  # the Knight (PL) rolls; the Rogue did not
    while s.phase not in ("target", "over"):
        s = s.play(first_legal(s))
    if s.phase == "target":
        assert 1 in s.pp["eligible"]


def test_dq_t18_friendly_fire_faces():
    """DQ-T18: white 1 / black 3 / white 2 -> friendly fire, friendly fire, not."""
    assert [dq.is_friendly_fire(c, f) for c, f in (("white", 1), ("black", 3), ("white", 2))] == [
        True, True, False]


def test_dq_t19_magic_bow_friendly_fire():
    """DQ-T19: Magic Bow friendly fire = table amount + 1; a Blessing is not added."""
    table = CARDS.table("bow")
    for colour, row in (("white", table[1]), ("black", table[2])):
        assert weapon_result(CARDS, "bow", True, colour, 1, bless=3) == (0, row[0] + 1)
        assert weapon_result(CARDS, "bow", False, colour, 1, bless=3) == (0, row[0])


def test_dq_t20_reroll_markers_cannot_be_given():
    """DQ-T20: a Re-roll marker is spent only by its owner; transfer is rejected."""
    s = minotaur_example()
    with pytest.raises(IllegalAction) as err:
        s.play(("give_reroll", 1))
    assert err.value.rule == "DQ-R38"
    state = _find_state(lambda x: x.phase == "reroll", players=5)
    assert state.rerolls[state.to_move] > 0


def test_dq_t21_bag_holds_two_black_one_white_at_each_turn():
    """DQ-T21: at the start of each turn the bag holds 2 black + 1 white (absent spells)."""
    seen = 0
    for seed in range(6):
        for s in playout(dq.new_game(5, seed=seed), dq.simple_policy, seed=seed):
            if s.phase == "keep":
                spells = [CARDS.item(c).effect for _, c in s.q.given
                          if CARDS.item(c).type == "spell"]
                if not {"ward", "hex"} & set(spells):
                    assert s.q.bag == (2, 1)
                    seen += 1
    assert seen > 10


def test_dq_t22_knight_once_per_quest():
    """DQ-T22: the Knight's ability used twice in one Quest: the second use is rejected."""
    hands = [["dagger.1", "dagger.2", "dagger.3", "dagger.4"],
             ["dagger.5", "dagger.6", "dagger.7", "dagger.8"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["sword.1", "sword.2", "sword.3",
                                                            "sword.4"]]
    s = arranged(hands, quest="Seal the Demon Gate", party=(0, 1), deck_top=("dagger.9", "bow.1"),
                 contribute={0: "dagger.1", 1: "dagger.5"}, gives=["dagger.5", "dagger.1"])
    s = s.play(s.legal_actions()[0])  # Mike keeps a die
    assert s.pending[:2] == ("knight", 0)
    s = s.play(("knight", True))
    assert s.q.knight_used
    while s.to_move != 0 or s.phase != "keep":
        s = s.play(first_legal(s))
    s = s.play(s.legal_actions()[0])  # Kate shows her die: no Knight window now
    assert s.phase != "knight"
    with pytest.raises(IllegalAction) as err:
        s.play(("knight", True))
    assert err.value.rule == "DQ-R26" and "once per Quest" in err.value.reason


# -- API, exact analysis, twins ------------------------------------------------------------------
def test_bag_white_probability_exact_and_brute():
    assert dq.bag_white_probability() == Fraction(2, 3)
    for black, white, draw in [(2, 1, 2), (3, 1, 2), (1, 2, 2), (2, 2, 1), (3, 2, 3)]:
        dice = ["b"] * black + ["w"] * white
        subsets = list(itertools.combinations(range(len(dice)), draw))
        brute = Fraction(sum("w" in {dice[i] for i in c} for c in subsets), len(subsets))
        assert dq.bag_white_probability(black, white, draw) == brute
    with pytest.raises(BadInput):
        dq.bag_white_probability(1, 0, 2)


@pytest.mark.parametrize("heroes,items,policy", [
    (["Knight", "Rogue"], ["sword", "bow"], "good"),
    (["Knight", "Wizard"], ["magic_sword", "staff"], "bad"),
    (["Rogue", "Wizard", "Knight"], ["dagger", "magic_staff", "bless"], ["good", "bad", "random"]),
    (["Knight", "Rogue", "Wizard"], ["ward", "bow", "fireball"], "random"),
    (["Knight", "Scout"], ["hex", "magic_bow"], "good"),
])
def test_quest_damage_distribution_matches_brute_force(heroes, items, policy):
    exact = dq.quest_damage_distribution(heroes, items, policy)
    assert exact == dq.quest_damage_distribution_brute_force(heroes, items, policy)
    assert sum(exact.values()) == 1


def test_quest_damage_mean_by_hand():
    """A lone good Magic Sword: the exact mean equals the hand-computed mean."""
    dist = dq.quest_damage_distribution(["Knight"], ["magic_sword"], "good")
    # P(white kept) = 2/3 (DQ-R21); faces uniform
    mean = Fraction(0)
    for colour, p in (("white", Fraction(2, 3)), ("black", Fraction(1, 3))):
        for face in range(1, 7):
            mean += p / 6 * weapon_result(CARDS, "sword", True, colour, face)[0]
    assert dist.mean() == mean


def test_engine_quests_agree_with_the_exact_distribution():
    """400 seeded engine Quests (Knight: Magic Sword, Rogue: Bow, both keeping white) land
    within 4 standard errors of the exact mean and P(damage >= 5)."""
    hands = [["magic_sword.1", "sword.1", "sword.2", "sword.3"], ["bow.1", "bow.2", "bow.3",
                                                                  "bow.4"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["dagger.1", "dagger.2", "dagger.3",
                                                            "dagger.4"]]
    exact = dq.quest_damage_distribution(["Knight", "Rogue"], ["magic_sword", "bow"], "good")
    totals = []
    for seed in range(400):
        s = arranged(hands, quest="Seal the Demon Gate", party=(0, 1), seed=seed,
                     contribute={0: "magic_sword.1", 1: "bow.1"},
                     gives=["bow.1", "magic_sword.1"])
        while s.phase != "tavern":
            kind = s.phase
            if kind == "keep":
                s = s.play(("keep", "white") if ("keep", "white") in s.legal_actions()
                           else ("keep", "black"))
            elif kind == "knight":
                s = s.play(("knight", False))
            else:  # friendly fire: the roller hits themself
                s = s.play(("ff", s.to_move))
        totals.append(s.q.damage)
    n = len(totals)
    mean = sum(totals) / n
    sd = float(exact.variance()) ** 0.5
    assert abs(mean - float(exact.mean())) < 4 * sd / n ** 0.5
    p = float(exact.probability(lambda t: t >= 5))
    hits = sum(t >= 5 for t in totals) / n
    assert abs(hits - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_sabotage_report_lowers_success():
    card = CARDS.quests[0]
    rep = dq.sabotage_report(["Knight", "Rogue", "Wizard"], ["magic_sword", "bow", "staff"], 0,
                             card)
    assert rep["p_success_sabotaged"] <= rep["p_success_honest"]
    assert rep["mean_sabotaged"] < rep["mean_honest"]
    assert rep["p_black_when_honest"] == Fraction(1, 3)


def test_honest_black_probability_matches_brute_force():
    """Enumerate every ordered pair of labelled dice on each turn (2 black + 1 white)."""
    pairs = list(itertools.permutations(["b1", "b2", "w"], 2))
    for turns in range(0, 4):
        for k in range(0, turns + 1):
            combos = list(itertools.product(pairs, repeat=turns))
            shows = sum(sum(all(d.startswith("b") for d in pair) for pair in combo) >= k
                        for combo in combos)
            assert dq.honest_black_probability(k, turns) == Fraction(shows, len(combos))
    assert dq.honest_black_probability(3, 3) == Fraction(1, 27)


@settings(max_examples=40)
@given(st.integers(1, 5), st.integers(0, 6))
def test_pingpong_never_hits_one_player_twice_in_a_row(n, units):
    members = list("ABCDE"[:n])
    seqs = dq.pingpong_sequences(members, units)
    assert all(a != b for s in seqs for a, b in zip(s, s[1:], strict=False))
    brute = [s for s in itertools.product(members, repeat=units)
             if all(a != b for a, b in zip(s, s[1:], strict=False))]
    assert sorted(seqs) == sorted(brute)
    assert len(seqs) == dq.pingpong_count(n, units)


def test_engine_pingpong_paths_equal_the_enumeration():
    """Every path of target/hand actions from the Minotaur penalty gives pingpong_sequences."""
    found = set()

    def walk(state, seq):
        if state.phase not in ("target", "hand"):
            found.add(seq)
            return
        for action in state.legal_actions():
            nxt = state.play(action)
            walk(nxt, seq + ((action[1],) if action[0] == "target" else ()))

    walk(minotaur_example(), ())
    assert sorted(found) == sorted(dq.pingpong_sequences([0, 1, 2], 4))


# -- properties over random legal games ------------------------------------------------------------
def _find_state(pred, players=4, seeds=range(40)):
    for seed in seeds:
        for s in playout(dq.new_game(players, seed=seed), dq.simple_policy, seed=seed):
            if not s.is_over and pred(s):
                return s
    raise AssertionError("no such state found")


def _card_count(s):
    q = s.q
    return (sum(len(h) for h in s.hands) + len(s.item_deck) + len(s.item_discard)
            + (len(q.pool) + len(q.given) if q else 0))


@settings(max_examples=12)
@given(st.integers(4, 8), st.integers(0, 10_000), st.booleans())
def test_random_games_invariants_and_replay(players, seed, use_random):
    policy = random_policy if use_random else dq.simple_policy
    states = list(playout(dq.new_game(players, seed=seed), policy, seed=seed))
    final = states[-1]
    for s in states:
        assert _card_count(s) == 60
        assert all(0 <= d <= s.cards.hero(h).hp for d, h in zip(s.damage, s.heroes, strict=True)
                   if h)
        died = any(h and d >= s.cards.hero(h).hp for d, h in zip(s.damage, s.heroes, strict=True))
        if died:  # a death ends the game at once (DQ-R36)
            assert s is final and s.is_over
    for before, after in zip(states, states[1:], strict=False):  # DQ-R31 in play
        action = after.actions[-1]
        if action[0] == "target" and before.pp["pingpong"]:
            assert action[1] != before.pp["last"]
    assert final.is_over and final.winner in (LOYAL, DOPPEL, "draw")
    assert dq.from_json(final.to_json()) == final
    mid = states[len(states) // 2]
    assert dq.from_json(mid.to_json()) == mid


def test_same_seed_same_game():
    a = play_to_end(dq.new_game(6, seed=99), dq.simple_policy, seed=1)
    b = play_to_end(dq.new_game(6, seed=99), dq.simple_policy, seed=1)
    assert a == b and a.to_json() == b.to_json()


def test_views_hide_secrets():
    s = minotaur_example()
    public = s.view()
    assert all(seat.loyalty is None and seat.hand is None for seat in public.seats)
    assert public.you is None and public.private == ()
    mine = s.view(3)
    assert mine.seats[3].loyalty == DOPPEL and mine.seats[0].loyalty is None
    assert mine.seats[3].hand == tuple(s.hands[3])
    give = next(x for x in s.history() if x.phase == "give")
    assert give.view(0).pool is not None and give.view(1).pool is None


# -- bad input ------------------------------------------------------------------------------------
def test_bad_input_raises_rule_errors_and_changes_nothing():
    s = minotaur_example()
    before = s.to_json()
    for bad in [("pass", "sword.99"), ("nonsense",), ("target",), 42, ("target", 1, 2)]:
        with pytest.raises(RuleError):
            s.play(bad)
    with pytest.raises(IllegalAction):
        s.play(("target", 3))  # P4 was not on the Quest (DQ-R32)
    assert s.to_json() == before
    with pytest.raises(BadInput):
        dq.new_game(9)
    with pytest.raises(BadInput):
        dq.Rules(item_pass="whenever")
    with pytest.raises(BadInput):
        dq.new_game(4, seed=1, hands=[["sword.1"]])
    with pytest.raises(BadInput):
        dq.new_game(4, seed=1, quests=["No Such Quest"])
    for bad_options in [dict(loyalty=[1, "loyal"]), dict(hands=[1, 2]), dict(light=[3]),
                        dict(quests="x"), dict(deck_top=["zz.1"]), dict(pl=7), dict(colour="red"),
                        dict(loyalty=["loyal"] * 4)]:
        with pytest.raises(BadInput):
            dq.new_game(4, seed=1, **bad_options)


def test_malformed_records_are_refused():
    s = minotaur_example()
    rec = json.loads(s.to_json())
    rec["actions"][3] = ["hero", "Nobody"]
    with pytest.raises(BadInput) as err:
        dq.from_json(json.dumps(rec))
    assert err.value.rule == "NB-RECORD"
    with pytest.raises(BadInput):
        dq.from_json("{not json")
    with pytest.raises(BadInput):
        dq.from_json(json.dumps({**json.loads(s.to_json()), "game": "groom_lake"}))


def test_malformed_data_files_are_refused(tmp_path):
    doc = json.loads((CARDS_PATH()).read_text())
    assert doc["illustrative"] is True and "not the rulebook" in doc["note"].lower() or \
        "NOT the rulebook" in doc["note"]
    broken = dict(doc, heroes=[{"name": "X", "weapon": "axe", "hp": 3, "ability": "none"}])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(BadInput) as err:
        dq.Rules(heroes=str(path))
    assert err.value.rule == "NB-DATA"
    few = dict(doc, heroes=doc["heroes"][:3])
    path2 = tmp_path / "few.json"
    path2.write_text(json.dumps(few))
    with pytest.raises(BadInput):
        dq.new_game(4, rules=dq.Rules(heroes=str(path2)))
    path3 = tmp_path / "nojson.json"
    path3.write_text("[1, 2")
    with pytest.raises(BadInput):
        dq.Rules(quests=str(path3))


def CARDS_PATH():
    import importlib.resources
    return importlib.resources.files("doppelnb") / "data" / "doppelganger_quest_cards.json"


def test_every_flag_reading_plays_a_game():
    """Each variant flag's non-default reading is accepted and plays to the end."""
    for info in dq.Rules.flags():
        for choice in info.choices or ():
            if choice == info.default:
                continue
            rules = dq.Rules().replace(**{info.name: choice})
            s = play_to_end(dq.new_game(4 if "animal" in info.name else 6, rules=rules, seed=3),
                            dq.simple_policy, seed=3)
            assert s.is_over and dq.from_json(s.to_json()) == s


def test_simulation_balance_is_seeded():
    a = dq.simulate(6, players=4, seed=5)
    assert a == dq.simulate(6, players=4, seed=5)
    assert a.loyal + a.doppelganger + a.draw == a.games == 6
    assert a.balance == pytest.approx(1 - abs(a.p_loyal - a.p_doppelganger))
    lo, hi = a.ci_loyal
    assert lo <= a.p_loyal <= hi


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_sums_up_the_core_simulations_games(policy):
    # the engine's summary is counted from the sweep's own games (doppelnb.core.simulate)
    sim = core_simulate("doppelganger_quest", 5, players=5, policy=policy, seed=2)
    summary = dq.simulate(5, players=5, policy=policy, seed=2)
    winners = [final.winner for final in sim.finals]
    assert (summary.loyal, summary.doppelganger, summary.draw) == (
        winners.count(dq.LOYAL), winners.count(dq.DOPPEL), winners.count("draw"))
    assert summary.quests == sum(final.quest_no for final in sim.finals)
    assert sum(n for _, n in summary.reasons) == 5
    assert (summary.players, summary.policy) == (5, policy)


def test_paired_games_play_each_policy_on_the_same_deals():
    runs = dq_simulation.paired_games(4, 3, {"a": dq.simple_policy, "b": dq.simple_policy}, seed=1)
    assert runs["a"].games == 3 and runs["a"] == dataclasses.replace(runs["b"], policy="a")


# -- what the readings change (variant flags) ----------------------------------------------------
POISON_HANDS = [["poison.1", "sword.1", "sword.2", "sword.3"], ["bow.1", "bow.2", "bow.3", "bow.4"],
                ["staff.1", "staff.2", "staff.3", "staff.4"],
                ["dagger.1", "dagger.2", "dagger.3", "dagger.4"]]


def poisoned(rules):
    s = arranged(POISON_HANDS, party=(0, 1), heroes=(KNIGHT, "Scout", WIZARD, BARBARIAN),
                 contribute={0: "poison.1", 1: "bow.1"}, rules=rules)
    s = s.play(("give", "poison.1"))
    return s.play(("give", s.q.pool[0]))


def test_dq_a9_flip_then_penalty():
    """DQ-A9: with flip_then_penalty the Darkness flip comes before the penalty."""
    assert poisoned(dq.Rules()).phase == "target"
    assert poisoned(dq.Rules(failure_order="flip_then_penalty")).phase == "flip"


def test_dq_a8_poison_can_skip_the_tavern():
    """DQ-A8: with poison_skips_tavern the players outside the Quest get no tavern."""
    s = poisoned(dq.Rules(poison_skips_tavern=True))
    s = s._evolve(exhausted=(False, False, True, True))
    phases = []
    while s.quest_no == 1:
        phases.append(s.phase)
        s = s.play(first_legal(s))
    assert "tavern" not in phases and s.exhausted[2] and s.exhausted[3]


def test_dq_a25_sequential_pass_lets_a_card_travel_on():
    """DQ-A25: passing one at a time, a received card can be passed on at once."""
    s = dq.new_game(4, seed=1, pl=0, rules=dq.Rules(item_pass="sequential"))
    while s.phase == "draft":
        s = s.play(first_legal(s))
    card = s.hands[0][0]
    s = s.play(("pass", card))
    assert card in s.hands[1]
    s = s.play(("pass", card))
    assert card in s.hands[2]
    simultaneous = dq.new_game(4, seed=1, pl=0)
    while simultaneous.phase == "draft":
        simultaneous = simultaneous.play(first_legal(simultaneous))
    after = simultaneous.play(("pass", card))
    assert card in after.hands[0]  # nobody receives until everyone has chosen
    with pytest.raises(IllegalAction):
        after.play(("pass", card))


def test_dq_a21_immediate_success_ends_the_turns():
    """DQ-A21: with success_check='immediate' the Quest ends as soon as it is met."""
    s = arranged(FIREBALL_HANDS, quest="Hold the Bridge", rules=dq.Rules(success_check="immediate"),
                 contribute={0: "fireball.1", 1: "fireball.2", 2: "fireball.3"},
                 gives=["fireball.2", "fireball.3", "fireball.1"])
    s = s.play(("fireball", True)).play(("fireball", True))  # 6 >= 5
    assert s.q.damage == 6 and s.phase == "tavern"  # Kate's turn and abilities are skipped


def test_dq_a19_success_can_grant_every_member_a_reroll():
    """DQ-A19: with success_grants_reroll_each every member of a successful Quest gains one."""
    def rerolls_after_rewards(rules):
        s = fireball_quest("Hold the Bridge", rules=rules).play(("tavern", "draw"))
        while s.phase == "target":
            s = s.play(first_legal(s))
        assert s.phase == "flip"
        return s.rerolls[:3]

    assert rerolls_after_rewards(dq.Rules()) == (0, 0, 0)
    assert rerolls_after_rewards(dq.Rules(success_grants_reroll_each=True)) == (1, 1, 1)


@settings(max_examples=30)
@given(st.sampled_from(["heroes", "weapon_tables", "quests", "items", "light_tokens",
                        "dark_tokens", "dice"]),
       st.integers(0, 40),
       st.sampled_from([None, -1, "x", [], {}, 2.5, True, 1000]))
def test_mutated_data_files_load_or_raise_bad_input(section, index, value):
    """A data file with one value broken either loads or raises BadInput (NB-DATA)."""
    import tempfile

    doc = json.loads(CARDS_PATH().read_text())
    part = doc[section]
    if isinstance(part, list) and part:
        item = part[index % len(part)]
        if isinstance(item, dict):
            key = sorted(item)[index % len(item)]
            item[key] = value
        else:
            part[index % len(part)] = value
    elif isinstance(part, dict):
        key = sorted(part)[index % len(part)]
        part[key] = value
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(doc, fh)
    name = fh.name
    try:
        rules = dq.Rules(heroes=name, weapon_tables=name, quests=name, items=name,
                         light_tokens=name, dark_tokens=name)
        s = play_to_end(dq.new_game(4, rules=rules, seed=index), dq.simple_policy, seed=index)
        assert s.is_over
    except BadInput as exc:
        assert exc.rule in ("NB-DATA", "DQ-R7", "DQ-A1", "DQ-A4")
    finally:
        pathlib.Path(name).unlink()


def test_dq_a17_dice_kept_out_of_the_bag():
    """DQ-A17: with dice_return_to_bag=False the bag shrinks turn by turn within a Quest and is
    full again at the next Quest; with the default it is full at every turn (DQ-T21)."""
    rules = dq.Rules(dice_return_to_bag=False)
    sizes = {}
    for s in playout(dq.new_game(8, rules=rules, seed=2), dq.simple_policy, seed=2):
        if s.phase == "keep":
            sizes.setdefault(s.q.number, []).append(sum(s.q.bag))
    assert all(min(s) >= 0 for s in sizes.values())
    assert any(v[0] > v[-1] for v in sizes.values())
    assert all(v == sorted(v, reverse=True) for v in sizes.values())
