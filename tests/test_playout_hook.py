"""Each engine's fast random playout (``GameSpec.playout``) plays exactly the plain loop's game.

The plain loop is the reference: draw ``rng.choice(state.legal_actions())``, step with
``fast_play``, until the game is over. The hook must return an equal final state (record entries
included) and leave the random stream where the loop leaves it, from the start of a game, from
the middle of one and from a search's determinized world.
"""

from __future__ import annotations

import random

import pytest

from doppelnb.core.policy import MCTS, fast_play, find_determinize
from doppelnb.core.spec import TITLES, spec_of

GAMES = tuple(TITLES)


def _with_hook() -> list[str]:
    return [name for name in GAMES if spec_of(name).playout is not None]


def _plain(state, rng):
    while not state.is_over:
        state = fast_play(state, rng.choice(state.legal_actions()))
    return state


def _positions(name: str, seed: int):
    spec = spec_of(name)
    counts = spec.player_counts
    state = spec.new_game(counts[seed % len(counts)], seed=seed)
    yield state
    walk = random.Random(seed)
    for _ in range(7 + seed % 11):
        if state.is_over:
            break
        state = state.play(walk.choice(state.legal_actions()))
    yield state
    if not state.is_over:
        determinize, _ = find_determinize(name)
        yield determinize(state, state.to_move, random.Random(seed + 1))


@pytest.mark.parametrize("name", _with_hook() or ["(no engine has a playout hook yet)"])
@pytest.mark.parametrize("seed", range(4))
def test_playout_hook_plays_the_plain_loops_game(name: str, seed: int) -> None:
    if name not in GAMES:
        pytest.skip(name)
    hook = spec_of(name).playout
    for start in _positions(name, seed):
        fast_rng, plain_rng = random.Random(seed * 31 + 7), random.Random(seed * 31 + 7)
        fast = hook(start, fast_rng)
        plain = _plain(start, plain_rng)
        assert fast.is_over
        assert fast.outcome == plain.outcome
        assert fast.actions == plain.actions
        assert fast == plain
        assert fast_rng.getstate() == plain_rng.getstate()


@pytest.mark.parametrize("name", _with_hook() or ["(no engine has a playout hook yet)"])
def test_mcts_decides_alike_with_and_without_the_hook(name: str) -> None:
    if name not in GAMES:
        pytest.skip(name)
    spec = spec_of(name)
    state = spec.new_game(spec.player_counts[0], seed=5)
    walk = random.Random(5)
    with_hook, without = MCTS(name, iterations=12), MCTS(name, iterations=12)
    without.playout = None
    assert with_hook.playout is spec.playout
    for _ in range(6):
        if state.is_over:
            break
        a, b = random.Random(9), random.Random(9)
        assert with_hook(state, a) == without(state, b)
        assert a.getstate() == b.getstate()
        state = state.play(walk.choice(state.legal_actions()))


def test_mcts_uses_the_hook_only_for_plain_random_playouts_to_the_end() -> None:
    from doppelnb.core.spec import GameSpec, register

    base = spec_of("doppeldoppel")

    def hook(state, rng):
        return _plain(state, rng)

    spec = GameSpec(**{f: getattr(base, f) for f in base.__dataclass_fields__} | {"playout": hook})
    try:
        register(spec)
        assert MCTS("doppeldoppel", iterations=2).playout is hook
        assert MCTS("doppeldoppel", iterations=2, rollout_limit=5).playout is None
        assert MCTS("doppeldoppel", iterations=2, horizon="round").playout is None
        assert MCTS("doppeldoppel", iterations=2, fast=False).playout is None
        assert MCTS("doppeldoppel", iterations=2,
                    rollout=lambda s, r: s.legal_actions()[0]).playout is None
    finally:
        register(base)
