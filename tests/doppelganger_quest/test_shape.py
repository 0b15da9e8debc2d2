"""Doppelgänger (quest game), issue 12: the one engine shape.

The State is a frozen, slotted dataclass; actions are typed values equal to their JSON forms with
a readable notation; the outcome is a core ``Outcome``; the log, the private notes and the
actions are shared with earlier states (a state's size does not grow with the game); doctests
of every engine module run here.
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import pkgutil
import random

import pytest

from doppelnb import BadInput
from doppelnb.core.state import FrozenGameState, Outcome, playout
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.actions import Action
from doppelnb.engines.doppelganger_quest.notation import parse_notation


def _game(players=5, seed=3):
    return list(playout(dq.new_game(players, seed=seed), seed=seed))


def test_state_is_a_frozen_slotted_dataclass():
    s = dq.minotaur_example()
    assert isinstance(s, FrozenGameState) and dataclasses.is_dataclass(s)
    assert not hasattr(s, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.pl = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.pp["left"] = 0  # the ping-pong is a read-only mapping


def test_legal_actions_are_typed_and_equal_their_json_forms():
    for s in _game()[:60]:
        for action in s.legal_actions():
            assert isinstance(action, Action)
            as_json = list(action)
            assert action == tuple(action) and s.parse_action(as_json) == action
            assert parse_notation(str(action)) == action, str(action)


def test_play_accepts_tuples_lists_and_notation_alike():
    s = dq.minotaur_example()
    by_tuple = s.play(("target", 1))
    assert s.play(["target", 1]) == by_tuple
    assert s.play("target P2") == by_tuple
    assert by_tuple.actions[-1] == ("target", 1)
    with pytest.raises(BadInput):
        s.play("target Pz")


def test_outcome_is_a_core_outcome_naming_the_winners():
    final = _game(4, 7)[-1]
    out = final.outcome
    assert isinstance(out, Outcome) and out.over and out.reason == final.end_reason
    side = final.winner
    assert set(out.winners) == {p for p in range(4) if final.loyalty[p] == side}
    assert dq.new_game(4, seed=1).outcome == Outcome(False, (), (0, 0, 0, 0))


def test_history_is_shared_not_copied():
    """Issue 17: each state adds to the log, notes and actions of the one before it."""
    states = _game(6, 4)
    for before, after in zip(states, states[1:], strict=False):
        assert after.action_log.parent is before.action_log
        node = after.log_chain
        while node is not None and node is not before.log_chain:
            node = node.parent
        assert node is before.log_chain  # the old log is a suffix-shared ancestor
        for mine, theirs in zip(after.secret_chains, before.secret_chains, strict=True):
            node = mine
            while node is not None and node is not theirs:
                node = node.parent
            assert node is theirs


def test_str_is_a_readable_transcript():
    text = str(dq.minotaur_example())
    assert "Escape The Bloodthirsty Minotaur" in text and "ping-pong: 4 damage" in text
    assert text.count("\n") >= 6 and "P4 doppelganger" in text


def test_equal_states_replay_from_records_and_hash():
    s = _game(5, 9)[-1]
    again = dq.from_json(s.to_json())
    assert again == s and hash(again) == hash(s)


def _engine_modules():
    package = dq.__name__
    names = [package] + [f"{package}.{m.name}" for m in pkgutil.iter_modules(dq.__path__)]
    return [importlib.import_module(name) for name in names]


@pytest.mark.parametrize("module", _engine_modules(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_every_engine_module_has_passing_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no doctest"
    assert result.failed == 0


def test_modules_stay_under_600_lines():
    import pathlib

    folder = pathlib.Path(dq.__file__).parent
    for path in folder.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_examples_hold_golden_cases_for_the_main_readings():
    labels = [case.label for case in dq.GOLDEN]
    assert len(labels) == len(set(labels)) >= 5
    for case in dq.GOLDEN:
        dq.Rules(**case.rules)  # every case names real readings
    rng = random.Random(0)
    assert dq.greedy(dq.minotaur_example(), rng) in dq.minotaur_example().legal_actions()


def test_states_pickle_and_deep_copy_to_equal_states():
    """Sweeps run on process pools: a state travels by pickle and plays on identically."""
    import copy
    import pickle

    s = dq.minotaur_example()
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert other == s and other.cards.item("sword.1").name == "Sword"
        assert other.play(("target", 1)) == s.play(("target", 1))
    with pytest.raises(TypeError):
        s.cards._by_card["x"] = None  # the card index is read-only


def test_dq_r39_view_is_a_frozen_slotted_value_not_a_dict():
    """Issue 26: a view is a frozen value (style.md), equal for equal knowledge, hashable."""
    from doppelnb.engines.doppelganger_quest.state import AnimalView, QuestView, SeatView

    s = dq.minotaur_example()
    view = s.view(0)
    assert type(view) is dq.View and not isinstance(view, dict)
    for value in (view, *view.seats, view.quest):
        assert not hasattr(value, "__dict__")
    assert all(type(seat) is SeatView for seat in view.seats) and type(view.quest) is QuestView
    assert view.animal is None or type(view.animal) is AnimalView
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats[0].hand = ()  # type: ignore[misc]
    assert view == s.view(0) and hash(view) == hash(s.view(0)) and view is not s.view(0)
    assert view.you == 0 and view.seats[0].hand == s.hands[0] and view.seats[1].hand is None


def test_golden_cases_are_the_core_golden_case_cut_at_90_actions():
    # One GoldenCase type for every engine (core.record); the Quest's stored golden files were
    # written cut at 90 actions, so every case must still carry that cut (test_golden holds the
    # bytes).
    from doppelnb.core.record import GoldenCase
    from doppelnb.engines.doppelganger_quest import examples

    assert examples.GOLDEN and all(type(case) is GoldenCase for case in examples.GOLDEN)
    assert {case.max_actions for case in examples.GOLDEN} == {90}
