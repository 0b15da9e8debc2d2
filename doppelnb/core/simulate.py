"""One way to play a batch of seeded games in a notebook: :func:`simulate`.

Every engine's ``simulate(games, *, players, rules, policy, seed)`` is this function for its
game, followed by the engine's own summary of the final states (what a chapter counts: tricks
reversed in Doppeldoppel, colour shares in Doppel Doubt, ...). The games are a sweep's games
(:mod:`doppelnb.core.sweep_run`): the same deal and player seeds for game ``i`` of a one-policy
cell, played the same way, so a simulation's game ``i`` is the sweep's game ``i`` and its facts
are the sweep's :class:`~doppelnb.core.sweep_metrics.GameFacts`. A simulation runs in this
process, one game after another, up to :data:`MAX_GAMES`; larger batches, other mixes of
players and many cores are what :func:`doppelnb.core.sweep.sweep` is for.

>>> sim = simulate("doppeldoppel", 3, players=3, seed=1)
>>> sim.games, len(sim.finals), all(final.is_over for final in sim.finals)
(3, 3, True)
>>> sim.facts[0] == simulate("doppeldoppel", 1, players=3, seed=1).facts[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .chance import MAX_SEED
from .checks import check_choice, check_int, fail
from .policy import parse_policy
from .spec import game_spec
from .sweep_metrics import GameFacts
from .sweep_run import _play, game_seeds, max_actions_for

#: At most this many games per call: about a minute of random Doppel Doubt games.
MAX_GAMES = 10_000


@dataclass(frozen=True, slots=True)
class Simulation:
    """``games`` seeded games of ``game`` at ``players`` seats, every seat played by ``policy``
    under ``rules``: each game's facts (winners, scores, length, ...) and its final state, in
    game order."""

    game: str
    players: int
    rules: Any
    policy: str
    seed: int
    facts: tuple[GameFacts, ...]
    finals: tuple[Any, ...]

    @property
    def games(self) -> int:
        return len(self.facts)


def simulate(game: Any, games: int = 100, *, players: int | None = None, rules: Any = None,
             policy: str = "random", seed: int = 0, max_actions: int | None = None
             ) -> Simulation:
    """Play ``games`` seeded games of ``game`` (a name, an engine module or a spec) with every
    seat played by ``policy`` (a policy name such as ``"random"``, ``"greedy"`` or
    ``"mcts:32"``); ``players`` defaults to the game's smallest table and ``rules`` to its
    recommended defaults. Limits: ``games`` from 1 to :data:`MAX_GAMES`. ``max_actions``: the
    sweep's action cap (default the game's own, :func:`doppelnb.core.sweep.max_actions_for`): a
    game still going there stops, its facts ``timed_out`` and its final state where it stopped
    (not over), as in a sweep."""
    spec = game_spec(game)
    cap = max_actions_for(spec, max_actions)
    games = check_int(games, "games", 1, MAX_GAMES)
    seed = check_int(seed, "seed", 0, MAX_SEED)
    players = (spec.player_counts[0] if players is None
               else check_choice(players, "players", spec.player_counts))
    if rules is None:
        rules = spec.Rules()
    elif not isinstance(rules, spec.Rules):
        raise fail("rules", f"a {spec.name}.Rules", rules)
    if not isinstance(policy, str):
        raise fail("policy", "a policy name such as 'random', 'greedy' or 'mcts:32'", policy)
    parse_policy(policy)
    mix: Sequence[str] = (policy,)
    facts: list[GameFacts] = []
    finals: list[Any] = []
    for index in range(games):
        deal, player_seed = game_seeds(seed, spec.name, players, mix, index)
        fact, final = _play(spec, {}, players, (policy,) * players, deal, player_seed, cap,
                            rules=rules)
        facts.append(fact)
        finals.append(final)
    return Simulation(spec.name, players, rules, policy, seed, tuple(facts), tuple(finals))


__all__ = ["MAX_GAMES", "Simulation", "simulate"]
