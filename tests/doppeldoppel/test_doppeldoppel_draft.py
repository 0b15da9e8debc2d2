"""Doppeldoppel builds its next state with the core Draft (issue 26): ``Draft.of(state)``, the
rule functions (``play``, ``finish_trick``, ``end_round``) change it, ``freeze()``."""

from __future__ import annotations

import dataclasses
import random

from doppelnb.core.draft import state_fields
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel.apply import Draft
from doppelnb.engines.doppeldoppel.state import State


def test_draft_field_types_are_the_states():
    # The Draft declares the types of the fields its rule functions change (for mypy); the
    # fields themselves come from State. A declaration that drifts from State is a bug.
    fields = {f.name: f.type for f in dataclasses.fields(State)}
    declared = {name: kind for name, kind in Draft.__annotations__.items()}
    assert declared, "the Draft declares the fields it changes"
    for name, kind in declared.items():
        assert name in fields, f"Draft.{name} is not a field of State"
        assert kind == fields[name], f"Draft.{name}: {kind} but State.{name}: {fields[name]}"


def test_draft_holds_every_state_field_shared_and_freezes_back():
    s = dd.new_game(4, seed=3)
    draft = Draft.of(s)
    for name in state_fields(State):
        assert getattr(draft, name) is getattr(s, name)
    assert draft.freeze() == s


def _states(players: int, seed: int) -> list[State]:
    s = dd.new_game(players, seed=seed)
    rng = random.Random(seed)
    out = [s]
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_draft_rule_functions_leave_the_state_they_came_from_unchanged():
    # Every action of a 3- and a 4-player game (leads with declared colours, tricks, round ends,
    # the game's end): the rule functions change the draft, never the state it was made from.
    for players in (3, 4):
        states = _states(players, seed=11)
        for before, after in zip(states, states[1:], strict=False):
            snapshot = {n: getattr(before, n) for n in state_fields(State)}
            draft = Draft.of(before)
            draft.play(before.parse_action(after.actions[-1]))
            assert draft.freeze() is not before
            assert {n: getattr(before, n) for n in state_fields(State)} == snapshot


def test_dd_r22_the_final_state_keeps_the_last_tricks_leader():
    # When the last round ends the game (DD-R22) nobody leads again: the final state keeps the
    # seat that led the last trick (its play order), not the seat the trick would pass the lead
    # to. Seeds where the two differ.
    for players, seed in ((3, 4), (3, 10), (4, 0), (4, 2)):
        states = _states(players, seed)
        last_trick, end = states[-2], states[-1]
        assert end.is_over and end.log[-1].next_leader != last_trick.leader
        assert end.leader == last_trick.leader
