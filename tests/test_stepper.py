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


def _widgets_made_by(build):
    """The widgets ``build()`` creates (ipywidgets' registry of live widgets, before and after),
    with what a page would fetch of them: the bytes of their state."""
    import json

    from ipywidgets.widgets.widget import _instances  # Widget.widgets, without its warning

    before = set(_instances)
    result = build()
    made = [w for k, w in _instances.items() if k not in before]
    size = sum(len(json.dumps(w.get_state(), default=str)) for w in made)
    return result, made, size


def test_a_live_stepper_sends_the_same_widgets_whatever_the_game_length():
    """A Voilà page fetches every widget's state before it draws anything: a live stepper that
    held a view and a caption per state made a 185-state game 476 widgets and 3.7 MB a page.
    Live, one view shows the state the kernel renders; exported, every state is still there."""
    states = list(play_to_end(new_game(2, seed=8, rules=Rules(target=15)), seed=1).history())
    assert len(states) > 8
    _, short_made, short_size = _widgets_made_by(
        lambda: GameStepper.from_states(states[:2], offline=False))
    long, long_made, long_size = _widgets_made_by(
        lambda: GameStepper.from_states(states, offline=False))
    assert len(long_made) == len(short_made)
    pictures = [w for w in long_made if "<svg" in str(getattr(w, "value", ""))]
    assert len(pictures) == 1  # only the state shown is sent
    # The move list names every move, so the state grows a little with the game, not by a picture
    # per state.
    assert long_size - short_size < len(states) * 60
    long.last_button.click()
    assert long.view is pictures[0] and long.view.value == long.panel._page(len(states) - 1)
    assert f"step {len(states) - 1} of {len(states) - 1}" in long.caption.value

    _, exported_made, _ = _widgets_made_by(
        lambda: GameStepper.from_states(states, offline=True))
    assert len([w for w in exported_made if "<svg" in str(getattr(w, "value", ""))]) \
        == len(states)


def test_a_new_deal_reuses_the_live_stepper_widgets():
    """Dealing again (the seed box, a variant picker) shows the new game in the same widgets:
    new ones would be sent to the page and the old ones kept in the kernel for nothing."""
    stepper = GameStepper.for_game(module, 2, seed=4, offline=False)
    stepper.last_button.click()
    _, made, _ = _widgets_made_by(lambda: stepper.flag_pickers["target"].__setattr__("value", 15))
    assert made == []
    n = len(stepper.states)
    assert stepper.states[-1].total >= 15 and stepper.index == 0
    assert stepper.slider.max == n - 1 and len(stepper.moves.options) == n
    assert "step 0 of" in stepper.caption.value and stepper.back_button.disabled
    stepper.last_button.click()
    assert stepper.index == n - 1 and stepper.view.value == stepper.panel._page(n - 1)
    stepper.moves.index = 2
    assert stepper.index == 2


def test_stepper_widgets_share_layout_and_style_models_but_not_the_ones_that_change():
    """Widgets laid out alike share one layout (and one style) model, since a page builds every
    model before it draws; the game picker (shown or hidden) and the variant pickers (a game's
    module may set their width, as Doppeldoppel's does) keep their own."""
    stepper = GameStepper.for_game(module, 2, seed=4, offline=False)
    nav = [stepper.first_button, stepper.back_button, stepper.forward_button,
           stepper.last_button]
    assert len({id(b.layout) for b in nav}) == 1
    assert len({id(b.style) for b in [*nav, stepper.deal_button]}) == 1
    pickers = list(stepper.flag_pickers.values())
    assert len({id(p.layout) for p in pickers}) == len(pickers) == 2
    pickers[0].layout.width = "30em"
    assert pickers[1].layout.width != "30em" and stepper.game_picker.layout.width != "30em"
    other = GameStepper.for_game(module, 2, seed=5, offline=False)
    assert other.first_button.layout is stepper.first_button.layout
    assert other.game_picker.layout is not stepper.game_picker.layout


def test_a_closed_shared_model_is_made_again():
    from doppelnb.widgets.offline import shared_layout

    layout = shared_layout(width="13em")
    assert shared_layout(width="13em") is layout and shared_layout(width="14em") is not layout
    layout.close()
    assert shared_layout(width="13em") is not layout
