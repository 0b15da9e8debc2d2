"""Doppelgänger Tricks: the shortcuts of the checked engine's hot path agree with the rule
functions written plainly (no timing here: these tests only check values).

- the score sheet (``flow.score_round``) reads DT-R18 from a table and DT-R16 from a memo; every
  row of random games under every variant flag equals :func:`round_points` called plainly;
- a completed trick (``flow.complete_trick``) is what :func:`resolve_trick` says, and the tricks
  won and the next leader follow DT-R13/DT-R14;
- the round ends (DT-R17) with the last card, or with the claim or pass right after it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb.engines.doppelganger_tricks import (
    BONUS_NAMES,
    Rules,
    forecast_points,
    new_game,
    resolve_trick,
    round_points,
)
from doppelnb.engines.doppelganger_tricks.flow import FORECAST, tricks_per_round


def test_dt_r18_forecast_table_is_forecast_points():
    assert [list(row) for row in FORECAST] == [[forecast_points(b, w) for w in range(13)]
                                                for b in range(13)]
    assert FORECAST[0][0] == 7 and FORECAST[3][4] == 1 and FORECAST[3][5] == 0  # DT-R18


def play_out(players: int, seed: int, rules: Rules, pick: int):
    """Every state of one random game."""
    rng = random.Random(pick)
    s = new_game(players, seed=seed, rules=rules)
    states = [s]
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        states.append(s)
    return states


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31),
       rules=rules_strategy(Rules), pick=st.integers(0, 2**31))
def test_dt_r16_r18_r19_sheet_rows_equal_round_points(players, seed, rules, pick):
    states = play_out(players, seed, rules, pick)
    end = states[-1]
    assert len(end.sheet) == players  # DT-R20
    for row in end.sheet:
        for p in range(players):
            assert row.points[p] == round_points(row.bids[p], row.won[p], row.bonuses[p], rules)
            assert row.forecast[p] == forecast_points(row.bids[p], row.won[p])
        held = [name for names in row.bonuses for name in names]
        assert len(held) == len(set(held)) and set(held) <= set(BONUS_NAMES)  # DT-R2
    assert end.totals == tuple(sum(row.points[p] for row in end.sheet) for p in range(players))


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31),
       rules=rules_strategy(Rules), pick=st.integers(0, 2**31))
def test_dt_r12_r14_completed_tricks_and_round_end(players, seed, rules, pick):
    states = play_out(players, seed, rules, pick)
    for before, after in zip(states, states[1:], strict=False):
        if after.round != before.round or after.is_over:  # DT-R17: the round ended
            left = sum(len(h) for h in before.hands)
            # the last card with no claim possible, or the claim or pass right after it (DT-R15)
            assert (left == 1 and before.window is None) or (left == 0 and before.window is not None)
            assert len(after.sheet) == len(before.sheet) + 1
            continue
        if len(after.tricks) == len(before.tricks) + 1:  # a trick was just completed
            done = after.tricks[-1]
            assert done.result == resolve_trick(done.result.cards, done.result.declared,
                                                players=players)
            assert after.trick == () and after.declared is None
            winner = done.winner_player
            assert after.leader == (before.leader if winner is None else winner)  # DT-R13c/R14
            assert sum(after.won) == sum(before.won) + (winner is not None)
            if winner is not None:
                assert after.won[winner] == before.won[winner] + 1
        else:
            assert after.won == before.won and after.leader == before.leader
        for p in range(players):  # hands only shrink, by the card just played
            assert set(after.hands[p]) <= set(before.hands[p])
    assert all(len(row.won) == players and sum(row.won) <= tricks_per_round(players)
               for row in states[-1].sheet)
