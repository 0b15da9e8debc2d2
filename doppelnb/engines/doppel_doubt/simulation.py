"""Seeded matches counted by colour: :func:`simulate`, the one ``simulate`` of every engine
(:func:`doppelnb.core.simulate.simulate`'s games, a sweep's own), and what a chapter counts of
them (:class:`PlaySummary`, :func:`colour_share`).

>>> sim = simulate(2, seed=1)
>>> len(sim.seeds), sum(colour_share(sim).values()) >= 0
(2, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.exact import mean_interval
from ...core.simulate import Simulation
from ...core.simulate import simulate as core_simulate
from .notation import GAME
from .rules import COLOURS, Rules, colour_of
from .scoring import colour_scores


@dataclasses.dataclass(frozen=True)
class PlaySummary:
    """Seeded matches: per game the final colour scores, the Jester colour and the winners."""

    policy: str
    seeds: tuple[int, ...]
    colour_scores: tuple[dict[str, Any], ...]
    jesters: tuple[str, ...]
    winners: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, sim: Simulation) -> PlaySummary:
        """What a chapter counts of a core :class:`~doppelnb.core.simulate.Simulation`'s
        final states."""
        finals = sim.finals
        return cls(sim.policy, tuple(final.seed for final in finals),
                   tuple(colour_scores(final.scores, final.identity) for final in finals),
                   tuple(final.jester for final in finals),
                   tuple(final.results().team_winners for final in finals))

    def player_team_scores(self) -> list[int]:
        """Every non-Jester colour score of every game (the distribution to plot)."""
        return [v for scores, j in zip(self.colour_scores, self.jesters, strict=True)
                for c, v in scores.items() if c != j]

    def summary(self) -> dict[str, Any]:
        values = self.player_team_scores()
        mean, low, high = mean_interval(values)
        return {"games": len(self.seeds), "mean": round(mean, 1), "95% low": round(low, 1),
                "95% high": round(high, 1), "min": min(values), "max": max(values)}


def simulate(games: int = 100, *, players: int | None = None, rules: Rules | None = None,
             policy: str = "random", seed: int = 0) -> PlaySummary:
    """Play ``games`` seeded matches with every seat played by ``policy`` (``"random"``,
    ``"greedy"``, ``"mcts:32"``, ...): the games of :func:`doppelnb.core.simulate.simulate`
    (a sweep's games, in this process), counted by colour. ``players`` is 10 (the game's one
    table) and ``rules`` the recommended defaults when not given. Limit: ``games`` from 1 to
    :data:`doppelnb.core.simulate.MAX_GAMES`; larger sweeps belong to the designer-analysis
    tools, which run on many cores."""
    return PlaySummary.of(core_simulate(GAME, games, players=players, rules=rules,
                                        policy=policy, seed=seed))


def colour_share(sim: PlaySummary) -> dict[str, int]:
    """How often each colour won the team Token of Life."""
    out = dict.fromkeys(COLOURS, 0)
    for teams in sim.winners:
        for c in teams:
            out[colour_of(c)] += 1
    return out


__all__ = ["PlaySummary", "colour_share", "simulate"]
