"""The quest's fast paths for search (issue 27) against the plain reference, on seeded games:
the prepared determinizer against ``determinize``, and the ping-pong's persistent maps."""

from __future__ import annotations

import dataclasses
import random

import immutables
import pytest

from doppelnb.core.policy import prepared
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.players import determinize, prepare_determinize
from doppelnb.engines.doppelganger_quest.state import State


def _states(players: int, seed: int):
    state = dq.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state = state.play(rng.choice(state.legal_actions()))
    yield state


def _fields(state: State) -> dict[str, object]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(State) if f.compare}


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_prepared_determinizer_draws_the_samples_determinize_draws(players):
    # GameSpec.prepare_determinize's contract: the same samples as determinize for the same
    # random stream (hands, pool, roles, tokens, dice, passes, Quest deck, seed), at decisions
    # of every kind, including the Party Leader's look at the pool and a peeked token.
    kinds = set()
    for seed in range(3):
        for state in list(_states(players, seed))[::3]:
            if state.is_over or len(state.legal_actions()) < 2:
                continue
            me = state.to_move
            kinds.add(state.phase)
            draw = prepare_determinize(state, me)
            registered = prepared(determinize, state, me, dq.GAME_SPEC.prepare_determinize)
            for k in range(3):
                want = _fields(determinize(state, me, random.Random(k)))
                assert _fields(draw(random.Random(k))) == want
                assert _fields(registered(random.Random(k))) == want
    assert {"pass", "give", "target"} <= kinds


def test_pingpong_maps_are_persistent_maps_left_unchanged_by_later_units():
    # Every ping-pong of seeded games: the state's map is an immutables.Map (the one persistent
    # map type, issue 26), equal to and hashing like a map of the same values, and the next
    # units handed out never change an earlier state's map (a new map each unit).
    seen = 0
    for seed in range(6):
        before = None
        for state in _states(5, seed):
            pp = state.pp
            if pp is not None:
                assert type(pp) is immutables.Map
                assert pp == immutables.Map(dict(pp))
                assert hash(pp) == hash(immutables.Map(dict(pp)))
                seen += 1
            if before is not None and before[0].pp is not None:
                assert before[0].pp == before[1]  # the earlier state's map never changed
            before = (state, None if pp is None else immutables.Map(dict(pp)))
    assert seen > 20


def test_a_play_never_changes_the_quest_round_of_the_state_it_came_from():
    # A draft changes a Quest round in place only once it has copied it (pingpong.QuestEnd._setq):
    # every earlier state keeps the round it had, through a playout's many changes too.
    for seed in range(4):
        state = dq.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            q = state.q
            before = None if q is None else dict(vars(q))
            after = state.play(rng.choice(state.legal_actions()))
            assert (None if q is None else dict(vars(q))) == before
            state = after
        start = dq.new_game(5, seed=seed)
        walk = random.Random(seed)
        for _ in range(40):
            start = start.play(walk.choice(start.legal_actions()))
        before = dict(vars(start.q))
        dq.GAME_SPEC.playout(start, random.Random(seed))
        assert dict(vars(start.q)) == before
