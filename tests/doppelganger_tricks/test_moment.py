"""Doppelgänger Tricks: the integer moment inside the state agrees with the readable rules.

The state keeps the game in one :class:`kernel.Moment` (hands as bit masks over the card codes,
tricks as codes). These tests check each integer shortcut against the plain rule it stands for:
the deal (DT-R4) against the seeded ``random.shuffle`` the records were made with, the trick
winner (DT-R12, DT-R13) against :func:`resolve_trick`, the masks against the hands, and that the
readable fields ``_evolve`` takes come back unchanged. ``make fast-test`` runs them on the
compiled build as well.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb.engines.doppelganger_tricks import (
    ALL_CARDS,
    codes,
    deal,
    deck,
    new_game,
    resolve_trick,
)
from doppelnb.engines.doppelganger_tricks.notation import sort_hand


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**63 - 1),
       round_index=st.integers(0, 3))
def test_dt_r4_mask_deal_is_the_seeded_shuffle(players, seed, round_index):
    """The fast deal draws exactly what ``random.Random.shuffle`` draws, so every recorded game
    replays with the same cards."""
    hands = deal.deal(players, seed, round_index)
    masks = deal.deal_masks(players, seed, round_index)
    assert masks == tuple(codes.hand_mask(h) for h in hands)
    assert tuple(codes.mask_cards(m) for m in masks) == hands
    assert sum(m.bit_count() for m in masks) == len(deck(players))  # DT-R4: the whole deck


def test_mask_cards_are_the_sorted_hand():
    rng = random.Random(3)
    for _ in range(200):
        hand = tuple(rng.sample(ALL_CARDS, rng.randrange(0, 13)))
        assert codes.mask_cards(codes.hand_mask(hand)) == sort_hand(hand)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from((3, 4)), data=st.data())
def test_dt_r12_r13_trick_winner_is_resolve_trick(players, data):
    """The winner on codes (the kernel's and the integer simulator's; DT-R10, DT-R12, DT-R13)
    is the readable rule's winner."""
    trick = data.draw(st.permutations(deck(players)).map(lambda d: d[:players]))
    lead = data.draw(st.sampled_from("CTS")) if trick[0].suit == "D" else trick[0].suit
    declared = lead if trick[0].suit == "D" else None
    expected = resolve_trick(list(trick), declared, players=players).winner
    want = -1 if expected is None else expected
    assert codes.trick_winner(tuple(c.index for c in trick), "CTSD".index(lead)) == want


def test_dt_r13_trick_winner_on_every_4_card_pair_case():
    """Every trick of a lead card, its D twin and two more: annihilation then the winner."""
    for number, other in itertools.product(range(1, 11), range(1, 11)):
        cards = [f"{number}C", f"{number}D", f"{other}T", f"{11 - other}S"]
        if len(set(cards)) < 4:
            continue
        expected = resolve_trick(cards).winner
        got = codes.trick_winner(tuple(ALL_CARDS.index(c) for c in cards), 0)
        assert got == (-1 if expected is None else expected)


def test_moment_is_an_immutable_value():
    s = new_game(4, seed=8)
    for a in (("bid", 1), ("bid", 2), ("bid", 0), ("bid", 3)):
        s = s.play(a)
    s = s.play(s.legal_actions()[0])
    m = s.moment
    assert copy.copy(m) is m and copy.deepcopy(m) is m
    again = pickle.loads(pickle.dumps(m))
    assert again == m and hash(again) == hash(m) and again is not m
    assert m.replace({"leader": (m.leader + 1) % 4}) != m
    assert m.replace({}) == m


def test_evolve_takes_the_readable_fields():
    """``_evolve`` takes the readable fields (as the search players and the tests use them)."""
    s = new_game(3, seed=4)
    rng = random.Random(0)
    while len(s.tricks) < 2 or s.trick == ():
        s = s.play(rng.choice(s.legal_actions()))
    hands = tuple(reversed(s.hands))
    t = s._evolve(hands=hands, trick=s.trick, tricks=s.tricks, last_round_tricks=s.tricks,
                  totals=(1, 2, 3), round_first=2)
    assert t.hands == hands and t.trick == s.trick and t.tricks == s.tricks
    assert t.last_round_tricks == s.tricks and t.totals == (1, 2, 3) and t.round_first == 2
    assert t.moment != s.moment and s.hands != hands  # s itself is unchanged
    assert t._evolve() == t


def test_a_state_refuses_assignment_to_its_fields():
    """Immutable at run time too, not only to mypy: the public fields are read-only."""
    s = new_game(4, seed=3)
    s = s.play(s.legal_actions()[0])
    before = s.to_json()
    for name, value in [("moment", None), ("action_log", None), ("players", 3), ("seed", 1),
                        ("rules", None), ("options", None)]:
        with pytest.raises(AttributeError):
            setattr(s, name, value)
    t = s.play(s.legal_actions()[0])
    with pytest.raises(AttributeError):
        t.action_log = s.action_log
    assert s.to_json() == before and t.to_json() != before


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**63 - 1))
def test_dt_r5_first_player_is_the_seeded_draw(players, seed):
    """DT-R5: the seeded first player is ``rng_for``'s draw, so records replay unchanged (the
    deal, DT-R4, is held to ``random.Random.shuffle`` above)."""
    from doppelnb.core.chance import rng_for

    assert deal.first_player(seed, players) == rng_for(seed, "first player").randrange(players)
