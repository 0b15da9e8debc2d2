"""Doppelgänger Tricks: the shortcuts of the checked engine's hot path agree with the rule
functions written plainly (no timing here: these tests only check values).

- the score sheet (``kernel.score_row``) reads DT-R18 from a table and DT-R16 from a memo; every
  row of random games under every variant flag equals :func:`round_points` called plainly;
- a completed trick (``kernel.Moment.play``) is what :func:`resolve_trick` says, and the tricks
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
from doppelnb.engines.doppelganger_tricks.deal import tricks_per_round
from doppelnb.engines.doppelganger_tricks.scoring import FORECAST


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


def test_batch_mask_tables_list_the_set_bits():
    """The numpy batch picks the ``r``-th legal card of a hand bit mask from two tables."""
    from doppelnb.engines.doppelganger_tricks.batch import _POP, _SELECT, MAX_HAND

    for m in range(1 << MAX_HAND):
        bits = [i for i in range(MAX_HAND) if m >> i & 1]
        assert _POP[m] == len(bits) and list(_SELECT[m, :len(bits)]) == bits


def test_dt_r7_r9_batch_picks_uniformly_among_legal_cards():
    """Each play of the batch is uniform over the legal cards (DT-R7 lead, DT-R9 follow): the
    first lead's position in the dealt hand, and the first follower's rank among its legal
    cards, are spread evenly (each count within 5 standard deviations of its mean)."""
    import numpy as np

    from doppelnb.engines.doppelganger_tricks import batched_rounds, card, legal_plays

    rounds = 6000
    out = batched_rounds(4, rounds, seed=7, record=True)
    lead_pos = np.zeros(10, dtype=int)
    ranks: dict[int, list[int]] = {}
    for r in range(rounds):
        leader = int(out.leaders[r, 0])
        first, second = (int(x) for x in out.tricks[r, 0, :2])
        lead_pos[list(out.hands[r, leader]).index(first)] += 1
        follower = (leader + 1) % 4
        hand = [card(_name(int(x))) for x in out.hands[r, follower]]
        legal = legal_plays(hand, "CTS"[int(out.lead_suits[r, 0])])
        ranks.setdefault(len(legal), []).append([c.index for c in legal].index(second))
    assert abs(lead_pos - rounds / 10).max() < 5 * (rounds * 0.1 * 0.9) ** 0.5
    for count, seen in ranks.items():
        if len(seen) < 200:
            continue
        hist = np.bincount(seen, minlength=count)
        p = 1 / count
        assert abs(hist - len(seen) * p).max() < 5 * (len(seen) * p * (1 - p)) ** 0.5, count


def _name(code: int) -> str:
    return f"{code % 10 + 1}{'CTSD'[code // 10]}"
