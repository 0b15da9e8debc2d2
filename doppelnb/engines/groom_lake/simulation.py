"""Seeded simulations: :func:`simulate` (the one signature every engine shares, on
:func:`doppelnb.core.simulate.simulate`: how games of any policy end), and the explorer policy
(a simple Human-minded player for teaching pictures) with the games it plays: one expedition, and
many games' Desert growth (:func:`simulate_growth`: which stacks are drawn, how long escapes
take)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.chance import make_seed, rng_for
from ...core.checks import check_instance, check_int, check_players
from ...core.errors import BadInput
from ...core.exact import mean_interval, wilson_interval
from ...core.render import Html, Svg, bar_chart, html_table, side_by_side
from ...core.simulate import simulate as simulate_games
from .notation import PLAYER_COUNTS
from .paths import STACKS
from .players import explorer_policy
from .rules import DEFAULT_RULES, Rules
from .state import State, new_game

Policy = Callable[[State, random.Random], Any]


# -- simulate: seeded games of any policy ----------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class PlaySummary:
    """How ``games`` seeded games of ``players`` seats, every seat played by ``policy``, ended:
    the end of each game (GL-R31: ``"civilization"``, ``"no_humans"``, ``"gave_up"``,
    ``"trapped"``), its length in actions and its Desert's size in tiles, in game order."""

    players: int
    games: int
    policy: str
    results: tuple[str, ...]
    lengths: tuple[int, ...]
    desert_sizes: tuple[int, ...]

    def counts(self) -> dict[str, int]:
        """Games per end, most frequent first."""
        return dict(Counter(self.results).most_common())

    @property
    def escape_rate(self) -> tuple[float, float, float]:
        """The share of games the Team reached Civilization (GL-R31.1), with its 95% Wilson
        interval."""
        won = self.results.count("civilization")
        lo, hi = wilson_interval(won, self.games)
        return won / self.games, lo, hi

    def summary(self) -> str:
        rate, lo, hi = self.escape_rate
        mean, a, b = mean_interval(self.lengths)
        return (f"{self.games} games of {self.players} players ({self.policy}): the Team escaped "
                f"in {rate:.0%} (95% interval {lo:.0%}-{hi:.0%}); {mean:.0f} actions a game "
                f"(95% interval {a:.0f}-{b:.0f})")

    def _repr_html_(self) -> str:
        rows = [[RESULT_WORDS.get(k, k), n, f"{n / self.games:.0%}"]
                for k, n in self.counts().items()]
        return html_table(["how the game ended", "games", "share"], rows,
                          caption=self.summary())


def simulate(games: int = 100, *, players: int | None = None, rules: Rules | None = None,
             policy: str = "random", seed: int = 0) -> PlaySummary:
    """Play ``games`` seeded games (at most :data:`doppelnb.core.simulate.MAX_GAMES`) with every
    seat played by ``policy`` (``"random"``, ``"greedy"``, ``"mcts:32"``, ...): the games of
    :func:`doppelnb.core.simulate.simulate`, a sweep's games, summarised. ``players`` defaults
    to 3, ``rules`` to the recommended readings."""
    sim = simulate_games("groom_lake", games, players=players, rules=rules, policy=policy,
                         seed=seed)
    finals = sim.finals
    return PlaySummary(sim.players, sim.games, policy,
                       tuple(str(f.result) for f in finals),
                       tuple(f.action_count for f in finals),
                       tuple(len(f.desert) for f in finals))


def _check_policy(policy: Any) -> None:
    if not callable(policy):
        raise BadInput("NB-ARG", f"policy must be a function (state, rng) -> action, got "
                       f"{type(policy).__name__}")


#: Most turns :func:`expedition` plays, and most games :func:`simulate_growth` runs.
MAX_TURNS = 10_000
MAX_GAMES = 10_000


def past_setup(state: State, policy: Policy = explorer_policy) -> State:
    """Play the set-up discards (GL-R6) with ``policy``: the first state where a leader acts."""
    check_instance(state, "state", State, expected="a Groom Lake State")
    _check_policy(policy)
    rng = rng_for(state.seed, "policy", "setup")
    while state.phase == "setup_discard":
        state = state.play(policy(state, rng))
    return state


def expedition(players: int = 4, *, seed: int = 1, rules: Rules = DEFAULT_RULES,
               max_turns: int = 60, policy: Policy = explorer_policy) -> list[State]:
    """Every state of one seeded game played by ``policy`` (stopped after ``max_turns`` turns,
    at most ``MAX_TURNS``)."""
    max_turns = check_int(max_turns, "max_turns", 1, MAX_TURNS)
    _check_policy(policy)
    state = new_game(players, rules=rules, seed=seed)
    rng = rng_for(seed, "policy", "groom_lake")
    states = [state]
    while not state.is_over and state.turn_number <= max_turns:
        state = state.play(policy(state, rng))
        states.append(state)
    return states


@dataclasses.dataclass(frozen=True)
class GrowthStudy:
    """Seeded simulations of whole games: stacks drawn, outcomes, Desert sizes, escape times."""

    games: int
    players: int
    seed: int
    stack_draws: dict[str, int]  # stack -> tiles drawn from it
    scout_sources: dict[str, int]  # first stack of each scout -> scouts
    results: dict[str, int]  # result ("stalled" if the turn cap was hit) -> games
    escape_turns: tuple[int, ...]  # turns until Civilization, for escaped games
    desert_sizes: tuple[int, ...]
    draws_by_distance: dict[int, dict[str, int]]  # distance -> Counter of stacks

    @property
    def escape_rate(self) -> tuple[float, float, float]:
        won = self.results.get("civilization", 0)
        lo, hi = wilson_interval(won, self.games)
        return won / self.games, lo, hi

    def rows(self) -> list[list[Any]]:
        total = sum(self.stack_draws.values()) or 1
        return [[STACK_WORDS[name], self.stack_draws.get(name, 0),
                 f"{100 * self.stack_draws.get(name, 0) / total:.1f}%"]
                for name in (*STACKS, "discards")]

    def outcome_rows(self) -> list[list[Any]]:
        """How the games ended, in words, with each share's 95% Wilson interval."""
        out = []
        for result, n in sorted(self.results.items(), key=lambda kv: -kv[1]):
            lo, hi = wilson_interval(n, self.games)
            out.append([RESULT_WORDS.get(result, result), n,
                        f"{n / self.games:.0%} [{lo:.0%}, {hi:.0%}]"])
        return out

    def distance_rows(self) -> list[list[Any]]:
        """Tiles drawn from each stack, by the Team's distance to START when drawn."""
        return [[d] + [by.get(s, 0) for s in (*STACKS, "discards")]
                for d, by in self.draws_by_distance.items()]

    def charts(self) -> tuple[Svg, Svg]:
        total = sum(self.stack_draws.values()) or 1
        draws = bar_chart([(STACK_WORDS[k], self.stack_draws.get(k, 0) / total)
                           for k in (*STACKS, "discards")],
                          title="Share of tiles drawn per stack", y_label="share of tiles drawn")
        outcome = bar_chart([(RESULT_WORDS.get(k, k), v) for k, v in sorted(self.results.items())],
                            title=f"How {self.games} games ended", colour="#E69F00",
                            y_label="games", value_format="{:.0f}")
        return draws, outcome

    def summary(self) -> str:
        rate, lo, hi = self.escape_rate
        text = (f"{self.games} games of {self.players} players (seed {self.seed}): the Team escaped "
                f"in {rate:.0%} (95% interval {lo:.0%}-{hi:.0%})")
        if len(self.escape_turns) > 1:
            mean, a, b = mean_interval(self.escape_turns)
            text += f", after {mean:.1f} turns on average (95% interval {a:.1f}-{b:.1f})"
        return text + "."

    def _repr_html_(self) -> str:
        table = html_table(["stack", "tiles drawn", "share"], self.rows(), caption=self.summary())
        return str(side_by_side(Html(table), *self.charts()))


#: Stack and result names in words, for tables and charts.
STACK_WORDS = {"3": "\u201c3\u201d stack", "6": "\u201c6\u201d stack", "compass": "Compass stack",
               "discards": "reshuffled discards"}
RESULT_WORDS = {"civilization": "reached Civilization", "no_humans": "no Humans left",
                "gave_up": "gave up", "trapped": "trapped by Canyons",
                "stalled": "still in the desert at the turn limit"}


def simulate_growth(games: int = 40, players: int = 4, *, seed: int = 1,
                    rules: Rules = DEFAULT_RULES, max_turns: int = 60,
                    policy: Policy = explorer_policy) -> GrowthStudy:
    """Play ``games`` seeded games with ``policy`` (at most ``MAX_GAMES``); count stacks drawn
    and how escapes go."""
    games = check_int(games, "games", 1, MAX_GAMES)
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    max_turns = check_int(max_turns, "max_turns", 1, MAX_TURNS)
    _check_policy(policy)
    check_int(seed, "seed")
    seed = make_seed(seed)
    stack_draws: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    results: Counter[str] = Counter()
    by_distance: dict[int, Counter[str]] = {}
    escape, sizes = [], []
    for i in range(games):
        final = expedition(players, seed=seed * 100_003 + i, rules=rules, max_turns=max_turns,
                           policy=policy)[-1]
        for distance, drawn in final.scout_log:
            sources[drawn[0]] += 1
            for name in drawn:
                stack_draws[name] += 1
                by_distance.setdefault(distance, Counter())[name] += 1
        results[final.result or "stalled"] += 1
        sizes.append(len(final.desert))
        if final.result == "civilization":
            escape.append(final.turn_number)
    return GrowthStudy(games, players, seed, dict(stack_draws), dict(sources), dict(results),
                       tuple(escape), tuple(sizes), {d: dict(c) for d, c in sorted(by_distance.items())})


__all__ = ["simulate", "PlaySummary", "past_setup", "expedition",
           "simulate_growth", "GrowthStudy", "MAX_TURNS", "MAX_GAMES"]
