"""A game that ends while a failed clearing attempt's penalties are being paid (the last Human
dies paying, GL-R26 then GL-R31.2) still settles the clearing pile: its Life tokens leave the game
(GL-R25), so every Life token dealt is held, in a pile or removed. Found by the 10,000-game soak
(3 players: 5 games of 10,000 lost the pile's tokens). Likewise the cards drawn at a Crash Site
and not yet handed out when the last Human turns Alien go to the Supply discard pile (GL-R11)."""

from __future__ import annotations

import random

import pytest

from doppelnb.engines import groom_lake as gl


def play_out(players: int, seed: int) -> gl.State:
    """A seeded random game played to its end, every invariant holding at every state."""
    rng = random.Random(seed)
    state = gl.new_game(players, seed=seed)
    while not state.is_over:
        assert state.invariants() == ()
        state = state.play(rng.choice(state.legal_actions()))
    assert state.invariants() == ()
    return state


@pytest.mark.parametrize("seed", [300001088, 300001635])
def test_game_ending_mid_attempt_settles_the_pile(seed):
    state = play_out(3, seed)
    assert state.result == "no_humans"
    assert sum(state.life) + state.life_removed == 18  # 6 Life tokens each (GL-R4)


@pytest.mark.parametrize("seed", [400000705, 400003344])
def test_game_ending_mid_crash_site_keeps_every_supply_card(seed):
    play_out(4, seed)
