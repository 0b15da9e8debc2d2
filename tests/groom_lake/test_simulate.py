"""``groom_lake.simulate``: the one simulate signature (issue 26), a summary of the very games
``doppelnb.core.simulate.simulate`` plays."""

from __future__ import annotations

import pytest

from doppelnb import BadInput
from doppelnb.core.simulate import simulate as core_simulate
from doppelnb.engines import groom_lake as gl


def test_simulate_summarises_the_core_simulations_games() -> None:
    summary = gl.simulate(6, players=4, seed=2)
    sim = core_simulate("groom_lake", 6, players=4, seed=2)
    assert (summary.games, summary.players, summary.policy) == (6, 4, "random")
    assert summary.results == tuple(f.result for f in sim.finals)  # GL-R31: how each ended
    assert summary.lengths == tuple(f.action_count for f in sim.finals)
    assert summary.desert_sizes == tuple(len(f.desert) for f in sim.finals)
    assert sum(summary.counts().values()) == 6
    won = summary.results.count("civilization")
    assert summary.escape_rate[0] == won / 6 and "6 games of 4 players" in summary.summary()


def test_simulate_defaults_and_policies() -> None:
    default = gl.simulate(2)
    assert default.players == gl.PLAYER_COUNTS[0] and default == gl.simulate(2, seed=0)
    greedy = gl.simulate(2, policy="greedy", rules=gl.Rules(give_up="disabled"))
    assert greedy.policy == "greedy" and "gave_up" not in greedy.results  # GL-A29


@pytest.mark.parametrize("bad", [{"games": 0}, {"players": 7}, {"policy": "nobody"},
                                 {"rules": "strict"}, {"seed": -1}])
def test_simulate_refuses_bad_arguments(bad: dict[str, object]) -> None:
    with pytest.raises(BadInput):
        gl.simulate(**{"games": 2, **bad})  # type: ignore[arg-type]
