"""doppelnb.core.simulate: the one simulate every engine's ``simulate`` is built on."""

from __future__ import annotations

import pytest

from doppelnb.core.errors import BadInput
from doppelnb.core.simulate import simulate
from doppelnb.core.spec import TITLES, spec_of
from doppelnb.core.sweep_run import _Task, play_chunk


@pytest.mark.parametrize("name", list(TITLES))
def test_a_simulation_plays_the_sweeps_games(name: str) -> None:
    players = spec_of(name).player_counts[-1]
    sim = simulate(name, 2, players=players, policy="random", seed=3)
    task = _Task(game=name, reading="default", changes=(), players=players, mix=("random",),
                 seed=3, start=0, count=2)
    swept = list(play_chunk(task))
    assert [f.to_record() for f in sim.facts] == [
        {key: value for key, value in record.items() if key != "i"} for record, _ in swept]
    assert [f.to_json() for f in sim.finals] == [s.to_json() for _, s in swept]


def test_the_rules_given_are_the_rules_played() -> None:
    rules = spec_of("doppeldoppel").Rules().replace(reversal_scope="round_toggle")
    sim = simulate("doppeldoppel", 3, players=3, seed=2, rules=rules)
    assert all(final.rules == rules for final in sim.finals)
    assert [f.to_json() for f in sim.finals] != [
        f.to_json() for f in simulate("doppeldoppel", 3, players=3, seed=2).finals]


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"games": 0}, "games"), ({"games": 1.5}, "games"), ({"games": 10**9}, "games"),
    ({"players": 9}, "players"), ({"players": "3"}, "players"), ({"seed": -1}, "seed"),
    ({"rules": "default"}, "rules"), ({"policy": 3}, "policy"), ({"policy": "best"}, "policy"),
])
def test_bad_arguments_are_named(kwargs: dict, word: str) -> None:
    with pytest.raises(BadInput) as caught:
        simulate("doppeldoppel", **{"games": 2} | kwargs)
    assert word in caught.value.reason
