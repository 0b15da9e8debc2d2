"""Widgets: a stepper over several games labels every move; bad arguments raise BadInput
(issue 11: never TraitError / AttributeError / TypeError)."""

from __future__ import annotations

import pytest
from toy_game import module

from doppelnb import BadInput
from doppelnb.core import playout
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.widgets import GameStepper
from doppelnb.widgets import doppel_doubt as dbw
from doppelnb.widgets import doppeldoppel as ddw
from doppelnb.widgets import doppelganger_quest as dqw
from doppelnb.widgets import doppelganger_tricks as dtw
from doppelnb.widgets import groom_lake as glw
from doppelnb.widgets.stepper import move_label


def test_stepper_over_states_of_several_games_labels_every_move():
    """Issue 17: a list that jumps from one game to the next used to raise while labelling."""
    one = list(playout(module.new_game(2, seed=1), seed=1))
    two = list(playout(module.new_game(2, seed=2), seed=2))
    three = list(playout(module.new_game(2, seed=3), seed=3))[:5]
    stepper = GameStepper.from_states(one + two + three[1:] + three[:1])
    labels = stepper.panel.labels
    assert len(labels) == len(one) + len(two) + len(three)
    assert labels[len(one)].endswith("a new game")
    assert labels[len(one) + len(two)].endswith("another game")  # mid-game state of another
    assert labels[-1].endswith("a new game")
    assert labels[1].startswith("1. P1: ")
    assert move_label(two[0], one[3]) == "another game"


def test_stepper_takes_states_of_one_game_or_one_state():
    """Issue 24: GameStepper([1, 2]) was accepted; it takes a sequence of states of one game (or
    duck-typed steps shaped like them), or one state, standing for the game that led to it."""
    states = list(playout(dd.new_game(3, seed=3), seed=3))[:6]
    assert GameStepper(states[-1]).states == states
    toy = list(playout(module.new_game(2, seed=1), seed=1))
    for bad, named in [([1, 2], r"states\[0\]"), ([states[0], None], r"states\[1\]"),
                       ([*states, *toy], rf"states\[{len(states)}\].*same game"),
                       ((s for s in states), "states"), ({0: states[0]}, "states")]:
        with pytest.raises(BadInput, match=named):
            GameStepper(bad)
    with pytest.raises(BadInput, match="extra_games"):
        GameStepper(states, extra_games=[("x", [1])])
    stepper = GameStepper(states)
    with pytest.raises(BadInput, match="states"):
        stepper.set_states(["a"])
    assert stepper.states == states


def test_move_label_of_a_state_without_actions():
    assert move_label(object(), object()) == "a new game"


@pytest.mark.parametrize("call", [
    lambda: GameStepper.from_states([]),
    lambda: GameStepper.from_states("abc"),
    lambda: GameStepper.from_states(5),
    lambda: GameStepper.from_states([1, 2], render="x"),
    lambda: GameStepper.from_states([1], title=3),
    lambda: GameStepper.from_states([1], seed=-1),
    lambda: GameStepper.from_states([1], seed=True),
    lambda: GameStepper.from_states([1], extra_games=[("x",)]),
    lambda: GameStepper.for_game(module, 2.0),
    lambda: GameStepper.for_game(module, 2, seed="1"),
    lambda: GameStepper.for_game(module, 2, rules=dd.Rules()),
    lambda: GameStepper.for_game(object(), 2),
    lambda: GameStepper.from_record(object(), "{}"),
    lambda: GameStepper.from_record(module, "not json"),
    lambda: GameStepper.for_game(module, 2, seed=1).show(1.5),
    lambda: ddw.stepper(3, seed=None),
    lambda: ddw.TrickBuilder("Y1 Y2 Y3"),
    lambda: ddw.TrickBuilder(["Y1"]),
    lambda: ddw.TrickBuilder(["Y1", "Y2", "Z9"]),
    lambda: ddw.TrickBuilder(rules={}),
    lambda: ddw.ScoreExplorer(counts={7: 1}),
    lambda: ddw.ScoreExplorer(counts={1: -1}),
    lambda: ddw.ScoreExplorer(counts={1: 1.5}),
    lambda: ddw.ScoreExplorer(counts=[1]),
    lambda: dtw.TrickBuilder(("10T", "1C")),
    lambda: dtw.TrickBuilder(("10T", "1C", "2C"), declared="X"),
    lambda: dtw.TrickBuilder(None),
    lambda: dtw.ForecastExplorer(players=5),
    lambda: dtw.ForecastExplorer(seed=-1),
    lambda: dtw.ForecastExplorer(deals=True),
    lambda: dtw.game_stepper(4, seed=1.5),
    lambda: glw.desert_stepper(4, seed=-2),
    lambda: glw.desert_stepper(4, max_turns=10**6),
    lambda: glw.desert_stepper(4, rules="default"),
    lambda: glw.odds_html("lava", 9, {}, 1, 4),
    lambda: glw.odds_html("high_heat", 9, {"rope": "2"}, 1, 4),
    lambda: glw.odds_html("high_heat", 9, [], 1, 4),
    lambda: glw.odds_html("high_heat", 9, {}, 1, 99),
    lambda: glw.placement_explorer(None),
    lambda: dbw.PlacementExplorer(board="board"),
    lambda: dbw.PlacementExplorer(colour="pink"),
    lambda: dbw.PlacementExplorer(shape="9-9"),
    lambda: dbw.PlacementExplorer(row=None),
    lambda: dbw.PlacementExplorer(cell=10**6),
    lambda: dbw.claim_stepper("round"),
    lambda: dqw.quest_stepper([]),
    lambda: dqw.quest_stepper(7),
    lambda: dqw.quest_stepper([dq.new_game(5, seed=1)], viewer=9),
    lambda: dqw.game_stepper(3),
    lambda: dqw.viewer_picker("state"),
    lambda: dqw.damage_explorer(heroes="Knight"),
    lambda: dqw.damage_explorer(card_index=99),
    lambda: dqw.damage_explorer(items=("bow",)),
])
def test_bad_input_is_refused_with_bad_input(call):
    with pytest.raises(BadInput):
        call()


def test_doppel_doubt_board_checked():
    explorer = dbw.PlacementExplorer(db.Board(), colour=None)
    assert explorer.verdict is not None
