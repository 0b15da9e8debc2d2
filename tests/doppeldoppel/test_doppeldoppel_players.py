"""Doppeldoppel players (issue 15): the greedy heuristic and the determinizer, which must depend
only on what its player has seen (DD-R9, DD-R10 hide cards; DD-R11 reveals voids)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_doppeldoppel_correctness import _resample_hidden

from doppelnb import BadInput
from doppelnb.core import play_to_end, playout
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Rules
from doppelnb.engines.doppeldoppel.players import _voids, determinize, greedy


def _states(players, seed, rules=dd.DEFAULT_RULES):
    return list(playout(dd.new_game(players, rules=rules, seed=seed), seed=seed))


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31), k=st.integers(0, 99))
def test_determinize_depends_only_on_what_the_player_saw(players, seed, k):
    """Changing the cards hidden from ``p`` (other hands, face-down trick cards) changes nothing
    in ``determinize(state, p, rng)``: same rng, same result."""
    states = _states(players, seed)
    rng = random.Random(seed)
    for state in states[1:-1:7]:
        for p in range(players):
            other = _resample_hidden(state, p, rng)
            a = determinize(state, p, random.Random(k))
            b = determinize(other, p, random.Random(k))
            assert a.hands == b.hands and a.trick == b.trick and a.seed == b.seed


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31),
       free=st.booleans())
def test_determinized_states_are_consistent_with_the_view(players, seed, free):
    """The player's view is unchanged, the 36 cards are conserved, every hand keeps its size,
    known voids are kept (DD-R11), the 4-player lead card keeps its declared colour (DD-A9), and
    the game continues legally from the determinized state."""
    rules = Rules(declared_colour_must_match=not free)
    states = _states(players, seed, rules)
    for state in states[1:-1:5]:
        for p in range(players):
            d = state.determinize(p, random.Random(seed + p))
            assert d.view(p) == state.view(p)
            assert d.invariants() == ()
            assert [len(h) for h in d.hands] == [len(h) for h in state.hands]
            for seat, colours in _voids(state, p).items():
                assert not any(c.colour in colours for c in d.hands[seat])
            if players == 4 and d.trick and not free:
                assert d.trick[0].colour == state.declared
            play_to_end(d, seed=seed)  # plays on to the end without a refusal


def test_determinize_resamples_hidden_cards():
    """Not the identity: over a few rngs the other hands differ from the true ones."""
    state = _states(3, 5)[4]
    outs = {determinize(state, 0, random.Random(k)).hands for k in range(8)}
    assert len(outs) > 1 and all(h[0] == state.hands[0] for h in outs)


def test_determinize_refuses_bad_arguments():
    s = dd.new_game(3, seed=1)
    for bad in [(s, 3, random.Random(1)), (s, 0.0, random.Random(1)), (s, 0, 1),
                ("state", 0, random.Random(1))]:
        with pytest.raises(BadInput):
            determinize(*bad)
    with pytest.raises(BadInput):
        greedy(s, None)


def test_greedy_is_legal_and_seeded():
    """Greedy picks a legal action in every state of 3- and 4-player games, the same one for the
    same rng, and the face-down cards it cannot see do not change its choice (DD-R9, DD-R10)."""
    for players in (3, 4):
        for state in _states(players, 9)[:-1]:
            action = greedy(state, random.Random(0))
            assert action in state.legal_actions()
            assert greedy(state, random.Random(0)) == action
            hidden = _resample_hidden(state, state.to_move, random.Random(1))
            assert greedy(hidden, random.Random(0)) == action


def test_greedy_beats_random_players():
    """Seat 0 greedy against random seats wins more often than a random seat 0 does over the
    same 60 seeded 3-player deals (28 against 22 when written: a small edge, not significant at
    this size; the designer sweeps measure it with intervals)."""
    def seat0_wins(policy):
        wins = 0
        for seed in range(60):
            rng = random.Random(seed)
            s = dd.new_game(3, seed=seed)
            while not s.is_over:
                act = policy if s.to_move == 0 else (lambda st, r: r.choice(st.legal_actions()))
                s = s.play(act(s, rng))
            wins += 0 in s.winners
        return wins

    greedy_wins = seat0_wins(greedy)
    random_wins = seat0_wins(lambda st, r: r.choice(st.legal_actions()))
    assert greedy_wins > random_wins, (greedy_wins, random_wins)
