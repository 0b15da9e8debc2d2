"""States are immutable values (issue 12): whatever a public call returns, mutating it changes
no state. For each engine, seeded random games are played; at sampled states every public
accessor's result is attacked (lists appended to and cleared, dicts and sets changed, attributes
set), and the state must still equal its deep copy taken before, and still replay."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

import doppelnb
from doppelnb.core.state import playout


def _attack(value, depth=0, seen=None):
    """Try to mutate ``value`` and everything inside it; errors mean it is immutable (good)."""
    seen = set() if seen is None else seen
    if depth > 6 or id(value) in seen or isinstance(value, (str, bytes, int, float, type(None))):
        return
    seen.add(id(value))
    children = []
    if isinstance(value, list):
        children = list(value)
        value.append("mutated")
        value.reverse()
    elif isinstance(value, dict):
        children = list(value.values())
        value["mutated"] = 1
    elif isinstance(value, set):
        children = list(value)
        value.add("mutated")
    elif isinstance(value, (tuple, frozenset)):
        children = list(value)
    else:
        try:
            names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(
                value) else list(getattr(value, "__dict__", {}))
        except TypeError:
            names = []
        for name in names:
            try:
                children.append(getattr(value, name))
            except AttributeError:
                continue
            try:
                setattr(value, name, "mutated")
            except (AttributeError, TypeError, dataclasses.FrozenInstanceError):
                pass
        if hasattr(value, "items") and callable(value.items):
            try:
                children += list(value.values())
            except Exception:  # noqa: BLE001 - not a real mapping
                pass
    for child in children:
        _attack(child, depth + 1, seen)


def _public_results(state):
    yield state.legal_actions()
    yield state.scores
    yield state.outcome
    yield state.actions
    yield state.options
    yield state.rules
    yield state.record()
    for player in [None, *range(state.players)]:
        yield state.view(player)
    yield state.determinize(0, random.Random(1))


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_mutating_what_public_calls_return_changes_no_state(game):
    module = doppelnb.GAMES[game]
    for seed in (1, 2):
        states = list(playout(module.new_game(module.PLAYER_COUNTS[0], seed=seed), seed=seed))
        sample = states[:: max(1, len(states) // 12)]
        snapshots = [copy.deepcopy(s) for s in sample]
        texts = [s.to_json() for s in sample]
        for state in sample:
            for result in _public_results(state):
                _attack(result)
        for state, snapshot, text in zip(sample, snapshots, texts, strict=True):
            assert state == snapshot, f"{game}: a public call handed out a live part of a state"
            assert state.to_json() == text
            assert module.from_json(text) == state
