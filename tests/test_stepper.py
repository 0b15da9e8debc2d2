"""The generic stepper over a toy game: navigation, seeds, variant flags, records."""

import pytest
from toy_game import Rules, module, new_game

from doppelnb import BadInput
from doppelnb.core import play_to_end
from doppelnb.widgets import GameStepper


def test_navigation_is_clamped_and_updates_the_view():
    stepper = GameStepper.for_game(module, 2, seed=4, title="toy")
    n = len(stepper.states)
    assert stepper.index == 0 and stepper.back_button.disabled
    first_view = stepper.view.value
    stepper.forward_button.click()
    assert stepper.index == 1 and stepper.slider.value == 1 and stepper.moves.value == 1
    assert stepper.view.value != first_view or stepper.states[0].total == stepper.states[1].total
    assert "P1: +" in stepper.caption.value
    stepper.last_button.click()
    assert stepper.index == n - 1 and stepper.forward_button.disabled and stepper.state.is_over
    stepper.forward()
    assert stepper.index == n - 1
    stepper.slider.value = 2
    assert stepper.index == 2
    stepper.moves.value = 1
    assert stepper.index == 1
    stepper.first_button.click()
    assert stepper.index == 0


def test_seed_box_and_flag_pickers_deal_new_games():
    stepper = GameStepper.for_game(module, 2, seed=4)
    assert set(stepper.flag_pickers) == {"target", "exact"}
    stepper.flag_pickers["target"].value = 15
    assert stepper.states[-1].total >= 15 and stepper.states[0].rules.target == 15
    stepper.seed_box.value = 99
    stepper.deal_button.click()
    assert stepper.states[0].seed == 99 and stepper.index == 0


def test_stepper_starts_from_the_given_rules():
    stepper = GameStepper.for_game(module, 3, seed=1, rules=Rules(target=15))
    assert stepper.flag_pickers["target"].value == 15
    assert stepper.states[-1].total >= 15


def test_from_record_replays_and_refuses_bad_records():
    end = play_to_end(new_game(2, seed=8), seed=1)
    stepper = GameStepper.from_record(module, end.to_json())
    assert stepper.states[-1] == end and len(stepper.states) == len(end.actions) + 1
    with pytest.raises(BadInput):
        GameStepper.from_record(module, '{"format": 1}')


def test_repr_is_short_whatever_the_game_length():
    """Displaying a stepper asks for its text repr; ipywidgets' default one lists every child's
    value (megabytes of pictures for a long game)."""
    stepper = GameStepper.for_game(module, 2, seed=4, title="toy")
    stepper.last_button.click()
    n = len(stepper.states)
    assert repr(stepper) == f"GameStepper(1 game(s), state {n - 1} of {n})"
    assert stepper._repr_mimebundle_()["text/plain"] == repr(stepper)
