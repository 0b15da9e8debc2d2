"""The one way to build a next state (doppelnb.core.draft): Draft.of(state), change, freeze()."""

from __future__ import annotations

import dataclasses

from doppelnb.core.draft import Draft, state_fields
from doppelnb.core.state import FrozenGameState
from doppelnb.core.variants import RulesBase
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.apply import Draft as QuestDraft


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules(RulesBase):
    pass


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Toy(FrozenGameState):
    hands: tuple[int, ...] = ()
    ap: int = 0
    _cache: tuple[int, ...] | None = dataclasses.field(default=None, compare=False)


class ToyDraft(Draft[Toy]):
    def __init_draft__(self) -> None:
        self.scratch = "not a field"
        self.finished = False

    def finish(self) -> None:
        self.hands = tuple(sorted(self.hands))


def toy() -> Toy:
    state = Toy(players=2, rules=Rules(), seed=1, hands=(3, 1), ap=2)
    object.__setattr__(state, "_cache", (9,))
    return state


def test_fields_come_from_the_dataclass_without_caches() -> None:
    assert state_fields(Toy) == ("players", "rules", "seed", "options", "action_log", "hands",
                                 "ap")


def test_freeze_builds_the_next_state_and_leaves_the_old_one_alone() -> None:
    state = toy()
    draft = ToyDraft.of(state)
    assert draft.frozen_from is state and draft.scratch == "not a field"
    draft.ap -= 1
    draft.hands = draft.hands + (2,)
    new = draft.freeze()
    assert type(new) is Toy
    assert (new.ap, new.hands) == (1, (1, 2, 3))  # finish() ran before freezing
    assert (new.players, new.seed, new.rules) == (state.players, state.seed, state.rules)
    assert new._cache is None  # caches start empty
    assert not hasattr(new, "scratch")  # scratch values are dropped
    assert (state.ap, state.hands, state._cache) == (2, (3, 1), (9,))


def test_an_unchanged_draft_freezes_to_an_equal_state() -> None:
    state = toy()
    assert Draft.of(state).freeze() == state


def test_the_quest_builds_its_states_with_the_core_draft() -> None:
    assert issubclass(QuestDraft, Draft)
    state = dq.new_game(5, seed=3)
    following = state.play(state.legal_actions()[0])
    draft = QuestDraft.of(state)
    assert draft.action_count == state.action_count and draft.extra == ()
    assert following != state



def test_the_quests_shared_field_declarations_are_the_states() -> None:
    """The quest's State and Draft share their queries through ``table.TableQueries``, which
    declares the fields for the type checker; each must be a State field of the same type (a
    drifted declaration would let mypy pass code the State does not support)."""
    import typing

    from doppelnb.core.draft import state_fields
    from doppelnb.engines.doppelganger_quest.state import State
    from doppelnb.engines.doppelganger_quest.table import TableQueries

    fields = typing.get_type_hints(State)
    declared = typing.get_type_hints(TableQueries)
    header = {"action_log", "options"}  # the record header's, which no query reads
    assert set(declared) == set(state_fields(State)) - header
    for name, kind in declared.items():
        assert kind == fields[name], f"TableQueries.{name}: {kind} but State.{name}: {fields[name]}"
