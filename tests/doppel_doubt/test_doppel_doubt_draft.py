"""Doppel Doubt builds its next state with the core Draft (issue 26): ``Draft.of(state)``,
``play(action)`` (the action's rule function, dispatched by ``apply.DO``, then ``settle``: the next
seat, or the round resolved), ``freeze()``. The fields are the State's, declared once there; the
Draft's typed names must be State fields of the same type."""

from __future__ import annotations

import random
import typing

from doppelnb.core.draft import state_fields
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt.apply import Draft
from doppelnb.engines.doppel_doubt.legal import first_mover
from doppelnb.engines.doppel_doubt.state import State

#: The record header's fields no rule function reads from a draft: the player count (always
#: 10) and the setup options (read once, by ``State.initial``).
HEADER = {"players", "options"}


def test_draft_field_types_are_the_states() -> None:
    # The Draft declares the types of the fields its rule functions change, for mypy; the
    # fields themselves come from State. A declaration that drifts from State is a bug.
    fields = typing.get_type_hints(State)
    declared = typing.get_type_hints(Draft)
    declared.pop("frozen_from")
    assert set(declared) == set(state_fields(State)) - HEADER, "the Draft names every field"
    for name, kind in declared.items():
        assert kind == fields[name], f"Draft.{name}: {kind} but State.{name}: {fields[name]}"


def test_draft_holds_every_state_field_shared_and_freezes_back() -> None:
    state = db.new_game(seed=3)
    draft = Draft.of(state)
    for name in state_fields(State):
        assert getattr(draft, name) is getattr(state, name)
    assert draft.freeze() == state


def test_rule_functions_leave_the_state_they_came_from_unchanged() -> None:
    # Every action of two seeded games (round 1's starting squares, Dark and Light, placements,
    # the round-10 guesses, a Jester bot's choices): the rule functions and the round's
    # resolution change the draft, never the state it was made from, and the draft frozen is
    # the state play() returns; the next seat Draft.play hands on is the one a scan finds.
    bots = db.Rules(jester_controller="bot")
    for rules, seed in ((db.Rules(), 2), (bots, 7)):
        state = db.new_game(seed=seed, rules=rules, artefacts={"dark": 1, "light": 2})
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            snapshot = {n: getattr(state, n) for n in state_fields(State)}
            draft = Draft.of(state)
            draft.play(action)
            after = state.play(action)
            assert {n: getattr(state, n) for n in state_fields(State)} == snapshot
            frozen = draft.freeze()
            assert frozen == after._evolve(action_log=state.action_log)
            mover = frozen._mover  # handed on by freeze(), or None: the state scans
            assert mover is None or mover == first_mover(after, 0)  # the scan's seat
            state = after
