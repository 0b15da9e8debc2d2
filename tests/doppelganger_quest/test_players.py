"""Doppelgänger (quest game), issue 15: the greedy player and the determinizing sampler.

``determinize(state, player, rng)`` must never read what ``player`` cannot see: for two states
that differ only in hidden parts, it returns the very same sample for the same ``rng`` seed.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from doppelnb import BadInput
from doppelnb.core.state import play_to_end, playout, random_policy
from doppelnb.engines import doppelganger_quest as dq

from .test_correctness import _scramble


def _sampled_states(players, seed, every=7):
    states = list(playout(dq.new_game(players, seed=seed), dq.greedy, seed=seed))
    return states[::every]


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (7, 3)])
def test_determinize_does_not_depend_on_hidden_state(players, seed):
    rng = random.Random(seed)
    for s in _sampled_states(players, seed):
        for player in range(players):
            other = _scramble(s, player, rng)  # same view for player, other hidden parts
            assert other.view(player) == s.view(player)
            a = dq.determinize(s, player, random.Random(99))
            b = dq.determinize(other, player, random.Random(99))
            assert a == b, (player, s.phase)


@pytest.mark.parametrize("players,seed", [(4, 5), (6, 6), (8, 7)])
def test_determinize_is_consistent_with_the_view(players, seed):
    rng = random.Random(seed)
    for s in _sampled_states(players, seed):
        if s.is_over:
            continue
        player = rng.randrange(players)
        d = s.determinize(player, rng)
        assert d.view(player) == s.view(player)
        assert d.invariants() == ()
        assert d.legal_actions() == s.legal_actions() or s.to_move != player
        # and the sample can be played on to the end
        play_to_end(d, random_policy, seed=1)


def test_determinize_resamples_the_hidden_parts():
    s = list(playout(dq.new_game(5, seed=11), seed=11))[40]
    roles = Counter()
    hands = set()
    for k in range(40):
        d = dq.determinize(s, 0, random.Random(k))
        roles[d.loyalty] += 1
        hands.add(d.hands[1])
        assert d.loyalty[0] == s.loyalty[0] and d.hands[0] == s.hands[0]
    assert len(roles) > 1 and len(hands) > 1


def test_determinize_refuses_bad_input():
    s = dq.minotaur_example()
    for bad in [(s, 9, random.Random(0)), (s, 1.0, random.Random(0)), (None, 0, random.Random(0)),
                (s, 0, 3)]:
        with pytest.raises(BadInput):
            dq.determinize(*bad)


def test_greedy_plays_whole_games_and_both_sides_can_win():
    """Greedy plays every decision of 30 seeded games to the end (play() checks each move), and
    neither side wins them all."""
    winners = Counter()
    for g in range(30):
        final = play_to_end(dq.new_game(5, seed=g), dq.greedy, seed=g)
        assert final.is_over and final.invariants() == ()
        winners[final.winner] += 1
    assert winners[dq.LOYAL] > 0 and winners[dq.DOPPEL] > 0


def test_greedy_refuses_a_finished_game():
    final = play_to_end(dq.new_game(4, seed=2), dq.greedy, seed=2)
    with pytest.raises(BadInput):
        dq.greedy(final, random.Random(0))


def test_determinize_keeps_the_tokens_the_player_peeked_at():
    """DQ-R11: a peek is private knowledge, so the sample keeps that token where it is."""
    for seed in range(200):
        for s in playout(dq.new_game(5, seed=seed), seed=seed):
            notes = [n for p in range(5) for n in s.secrets[p] if n.startswith("peeked")]
            if notes and not s.is_over:
                player = next(p for p in range(5) if any(n.startswith("peeked")
                                                         for n in s.secrets[p]))
                note = next(n for n in s.secrets[player] if n.startswith("peeked"))
                row, index = note.split()[1], int(note.split()[3]) - 1
                for k in range(10):
                    d = dq.determinize(s, player, random.Random(k))
                    assert getattr(d, row)[index] == getattr(s, row)[index]
                return
    pytest.skip("no peek in the sampled games")
