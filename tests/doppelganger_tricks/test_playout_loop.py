"""Doppelgänger Tricks: the search's playout hook, the tight integer loop of
``doppelganger_tricks.playout_loop`` (issue 27), plays the plain random loop's game draw for draw.

The reference is the plain loop ``while not s.is_over: s = fast_play(s, rng.choice(
s.legal_actions()))`` (and the moment-per-action loop ``players.moment_playout`` it replaced):
the same final state (action log, score sheet, last round's tricks, the over moment) and the
random stream left in the same place, from every kind of position (the start, during the
forecasts, mid-trick, a bonus claim's window open, the last trick of a round, the last round, a
search's determinized world), at 3 and 4 seats, under every ``Rules`` variant (DT-A3, DT-A4,
DT-A5, DT-A6, DT-A10).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb.core.policy import fast_play
from doppelnb.engines.doppelganger_tricks import Rules, determinize, new_game
from doppelnb.engines.doppelganger_tricks.deal import tricks_per_round
from doppelnb.engines.doppelganger_tricks.kernel import Moment
from doppelnb.engines.doppelganger_tricks.players import moment_playout
from doppelnb.engines.doppelganger_tricks.playout_loop import end_round, playout


def plain(state, rng):
    while not state.is_over:
        state = fast_play(state, rng.choice(state.legal_actions()))
    return state


def assert_same_game(start, seed: int) -> None:
    rngs = [random.Random(seed) for _ in range(3)]
    fast = playout(start, rngs[0])
    reference = plain(start, rngs[1])
    moments = moment_playout(start, rngs[2])
    assert fast.is_over
    assert fast.actions == reference.actions
    assert fast.moment == reference.moment  # the over moment: sheet, totals, last tricks...
    assert fast == reference == moments
    assert fast.sheet == reference.sheet and fast.scores == reference.scores
    assert rngs[0].getstate() == rngs[1].getstate() == rngs[2].getstate()


KINDS = ("start", "forecast", "mid-trick", "window", "last trick", "last round")


def positions(players: int, rules: Rules, seed: int):
    """(kind, state) for each kind of position met in one seeded random game (the first of
    each kind), and a determinized world of the mid-game."""
    s = new_game(players, rules=rules, seed=seed)
    walk = random.Random(seed)
    seen: dict[str, object] = {"start": s}
    while not s.is_over:
        if s.phase == "forecast" and any(b is not None for b in s.bids):
            seen.setdefault("forecast", s)
        if s.window is not None:
            seen.setdefault("window", s)
        elif s.trick:
            seen.setdefault("mid-trick", s)
        if s.phase == "play" and len(s.tricks) == tricks_per_round(players) - 1:
            seen.setdefault("last trick", s)
        if s.round == players - 1:
            seen.setdefault("last round", s)
        s = s.play(walk.choice(s.legal_actions()))
    out = list(seen.items())
    mid = seen.get("mid-trick")
    if mid is not None:
        out.append(("determinized", determinize(mid, mid.to_move, random.Random(seed))))
    return out


def test_every_kind_of_position_plays_the_plain_loops_game():
    met: set[str] = set()
    for players in (3, 4):
        for seed in range(6):
            for kind, start in positions(players, Rules(), seed):
                met.add(kind)
                for k in range(2):
                    assert_same_game(start, seed * 10 + k)
    assert met >= set(KINDS) | {"determinized"}


def test_each_house_rule_plays_the_plain_loops_game():
    variants = [Rules(declare_restricted_to_held_suits=True),  # DT-A10
                Rules(bonus_max_per_player=2),  # DT-A3
                Rules(bonus_claim_window="first_opportunity_only"),  # DT-A4
                Rules(bonus3_applies_to_zero_bid=False),  # DT-A5
                Rules(bid_max="tricks_in_round")]  # DT-A6
    for rules in variants:
        for players in (3, 4):
            for seed in range(3):
                for _, start in positions(players, rules, seed):
                    assert_same_game(start, seed)


def test_a_finished_game_is_its_own_playout():
    s = plain(new_game(3, seed=2), random.Random(0))
    rng = random.Random(1)
    before = rng.getstate()
    assert playout(s, rng) is s and rng.getstate() == before


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from((3, 4)), rules=rules_strategy(Rules),
       seed=st.integers(0, 2**63 - 1), draws=st.integers(0, 2**32))
def test_random_variants_play_the_plain_loops_game(players, rules, seed, draws):
    for _, start in positions(players, rules, seed % 1000):
        assert_same_game(start, draws)


@settings(max_examples=300, deadline=None)
@given(players=st.sampled_from((3, 4)), rules=rules_strategy(Rules),
       seed=st.integers(0, 2**63 - 1), data=st.data())
def test_the_loops_end_of_round_is_the_kernels(players, rules, seed, data):
    """DT-R16..R20: ``playout_loop.end_round`` (the row, the totals, the next deal or the game's
    end, built from the loop's variables) gives the moment the kernel's ``Moment.end_round``
    gives, in every round (the last one ends the game) under every variant (DT-A5's bonus
    points, DT-A6's forecasts up to 12)."""
    s = new_game(players, rules=rules, seed=seed)
    book = s.moment.book
    per_round = tricks_per_round(players)
    # One draw a round (the same values as a draw per number, at a fifth of Hypothesis's
    # bookkeeping, which was most of this test's time): the winners of the tricks won (fewer
    # than per_round: tricks with no winner, DT-R13c), the bids, the two holders, the leader,
    # and the winners of the tricks on the sheet.
    seat = st.integers(0, players - 1)
    round_inputs = st.tuples(
        st.lists(seat, max_size=per_round),
        st.tuples(*[st.integers(0, 12 if rules.bid_max == 12 else per_round)] * players),
        st.tuples(*[st.one_of(st.none(), seat)] * 2),
        seat,
        st.lists(seat, max_size=per_round))
    for round_index in range(players):
        winners, bids, holders, leader, trick_winners = data.draw(round_inputs)
        won = [0] * players
        for winner in winners:
            won[winner] += 1
        tricks = tuple((winner, -1, *range(k, k + players))
                       for k, winner in enumerate(trick_winners))
        end = Moment(players, book, "play", bids, 0, 0, 0, 0, tuple(won), leader, 0, 0, -1,
                     None, tricks, holders, None)
        reference = end.end_round()
        fast = end_round(players, book, bids, tuple(won), leader, tricks, holders)
        assert fast == reference  # the moment's parts and the book's, sheet and totals included
        assert fast.book.sheet == reference.book.sheet
        assert fast.book.totals == reference.book.totals
        assert fast.phase == ("over" if round_index == players - 1 else "forecast")
        book = reference.book
