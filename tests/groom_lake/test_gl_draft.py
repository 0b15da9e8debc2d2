"""The Groom Lake draft (issue 26): the fields are the State's, declared once there; the Draft's
typed names must be State fields of the same type, and its rule functions change the draft only,
never the state it was made from."""

from __future__ import annotations

import random
import typing

from doppelnb.core.draft import state_fields
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.apply import Draft
from doppelnb.engines.groom_lake.state import State

#: While a draft changes it, the pending decision may be a plain dict (Draft.finish makes it a
#: Map), so the Draft types it loosely; every other field has the State's type.
LOOSE = {"pending"}


def test_draft_field_types_are_the_states() -> None:
    fields = typing.get_type_hints(State)
    declared = typing.get_type_hints(Draft)
    declared.pop("frozen_from")
    header = {"options"}  # the record header's, which no rule function touches
    assert set(declared) == set(state_fields(State)) - header, "the Draft names every field"
    for name, kind in declared.items():
        if name not in LOOSE:
            assert kind == fields[name], f"Draft.{name}: {kind} but State.{name}: {fields[name]}"


def test_rule_functions_leave_the_state_they_came_from_unchanged() -> None:
    for players, seed in ((3, 2), (5, 4)):
        state, rng = gl.new_game(players, seed=seed), random.Random(seed)
        while not state.is_over:
            snapshot = {n: getattr(state, n) for n in state_fields(State)}
            after = state.play(rng.choice(state.legal_actions()))
            assert {n: getattr(state, n) for n in state_fields(State)} == snapshot
            assert Draft.of(state).freeze() == state._evolve(events=())  # a new state, new events
            state = after
