"""Doppelgänger Tricks players (issue 15): the greedy heuristic and the determinizer.

The determinizer must never read hidden values: two states that differ only in what a player
cannot see (the others' hands, forecasts still secret, DT-R4 and DT-R6) give the same result for
the same random stream.
"""

from __future__ import annotations

import random

import pytest

from doppelnb import BadInput
from doppelnb.core.state import playout
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks.players import public_constraints


def _games(count, seed=0, policy=None):
    rng = random.Random(seed)
    for g in range(count):
        players = dt.PLAYER_COUNTS[g % 2]
        rules = dt.Rules(bonus_max_per_player=rng.choice((1, 2)),
                         declare_restricted_to_held_suits=rng.choice((False, True)))
        yield list(playout(dt.new_game(players, seed=100 + g, rules=rules),
                           policy or (lambda s, r: r.choice(s.legal_actions())), seed=g))


def test_greedy_plays_legal_actions_to_the_end():
    for states in _games(4, policy=dt.greedy):
        assert states[-1].is_over
        for s in states[:-1]:
            assert dt.greedy(s, random.Random(0)) in s.legal_actions()


def test_greedy_forecasts_its_top_cards_and_takes_the_free_plus_one():
    """The documented rule: forecast the cards in the top three numbers (DT-R6); take +1 first."""
    s = dt.new_game(4, seed=3)
    p = s.to_move
    strong = sum(1 for c in s.hands[p] if c.number >= 8)
    assert dt.greedy(s, random.Random(1)) == ("bid", strong)
    for states in _games(6, seed=2, policy=dt.greedy):
        for s in states:
            if s.window is not None and s.bonus_holders["+1"] is None:
                assert dt.greedy(s, random.Random(0)) == ("claim", s.window, "+1")


def _hidden_twin(s, player, seed):
    """A state that differs from ``s`` only in what ``player`` cannot see."""
    return dt.determinize(s, player, random.Random(seed))


def test_determinize_keeps_what_the_player_knows():
    """The player's view, hand, legal actions and every public constraint hold in the sample; the
    invariants (the deck split once, DT-R3/R4) hold too."""
    checked = 0
    for states in _games(6, seed=1):
        for s in states[::5]:
            for p in range(s.players):
                d = dt.determinize(s, p, random.Random(checked))
                assert d.view(p) == s.view(p)
                assert d.hands[p] == s.hands[p] and d.invariants() == ()
                if s.to_move == p:
                    assert d.legal_actions() == s.legal_actions()
                void, _ = public_constraints(s)
                for q in range(s.players):
                    assert not any(c.suit in void[q] for c in d.hands[q]) or q == p
                checked += 1
    assert checked > 100


def test_determinize_never_reads_the_hidden_state():
    """Issue 15: change the hidden state (another deal of the others' cards consistent with what
    the player saw, other secret forecasts) and the determinization, for the same random
    stream, is the same; it still varies with the stream."""
    compared = varied = cases = 0
    for states in _games(4, seed=3):
        for s in states[::7]:
            if s.is_over:
                continue
            for p in range(s.players):
                twin = _hidden_twin(s, p, 99)
                assert twin.view(p) == s.view(p)
                for k in range(3):
                    a = dt.determinize(s, p, random.Random(k))
                    b = dt.determinize(twin, p, random.Random(k))
                    assert a == b
                    compared += 1
                samples = {dt.determinize(s, p, random.Random(k)).hands for k in range(6)}
                varied += len(samples) > 1  # (late in a round the voids may force one deal)
                cases += 1
    assert compared > 100 and varied > 0.8 * cases


def test_determinize_resamples_secret_forecasts():
    """DT-R6: during the forecasts the others' forecasts are hidden, so they are resampled."""
    s = dt.new_game(4, seed=8, first_player=0)
    s = s.play(["bid", 5]).play(["bid", 4])
    seen = {dt.determinize(s, 2, random.Random(k)).bids[:2] for k in range(12)}
    assert len(seen) > 1 and all(b[0] is not None and b[1] is not None for b in seen)
    assert all(dt.determinize(s, 0, random.Random(k)).bids[0] == 5 for k in range(5))


def test_determinized_states_play_on():
    s = list(_games(1, seed=5))[0][30]
    d = dt.determinize(s, s.to_move, random.Random(2))
    rng = random.Random(3)
    while not d.is_over:
        d = d.play(rng.choice(d.legal_actions()))
        assert d.invariants() == ()


@pytest.mark.parametrize("call", [
    lambda: dt.greedy(None, random.Random(0)),
    lambda: dt.greedy(dt.new_game(3, seed=1), 5),
    lambda: dt.determinize(dt.new_game(3, seed=1), 3, random.Random(0)),
    lambda: dt.determinize(dt.new_game(3, seed=1), 0.0, random.Random(0)),
    lambda: dt.determinize(dt.new_game(3, seed=1), 0, None),
    lambda: dt.new_game(3, seed=1).determinize(True, random.Random(0)),
])
def test_players_refuse_bad_input(call):
    with pytest.raises(BadInput):
        call()
