"""Seeded games counted for the balance study: :func:`simulate`, the one ``simulate`` of every
engine (:func:`doppelnb.core.simulate.simulate`'s games, a sweep's own), summed up as a
:class:`PlaySummary` (each side's wins with Wilson intervals and Ludii's balance
1 - |P(loyal win) - P(doppelgänger win)|); :func:`paired_games` for policy functions of your own
on common deals; :func:`balance_study` and :func:`balance_table` for the chapter.

>>> summary = simulate(2, seed=1)
>>> summary.games, summary.loyal + summary.doppelganger + summary.draw
(2, 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.chance import MAX_SEED, rng_for
from ...core.checks import check_instance, check_int, check_mapping, check_players, check_sequence
from ...core.errors import BadInput
from ...core.exact import wilson_interval
from ...core.render import Html
from ...core.state import play_to_end
from .notation import GAME, PLAYER_COUNTS
from .rules import DEFAULT_RULES, DOPPEL, LOYAL, Rules
from .state import State, new_game

#: A player: (state, rng) -> action.
Policy = Callable[[State, random.Random], Any]
#: At most this many games per call of :func:`paired_games`.
MAX_GAMES = 100_000


@dataclass(frozen=True, slots=True)
class PlaySummary:
    """What a chapter counts in a batch of finished games: each side's wins, draws, Quests
    played and why games ended, with the win rates, their 95% Wilson intervals and Ludii's
    balance 1 - |P(loyal win) - P(doppelgänger win)| (a frozen value; ``reasons`` is sorted)."""

    players: int
    games: int
    policy: str
    loyal: int
    doppelganger: int
    draw: int
    quests: int
    reasons: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, players: int, policy: str, finals: Sequence[State]) -> PlaySummary:
        """The summary of ``finals``, the final states of games at ``players`` seats."""
        wins = Counter(final.winner for final in finals)
        reasons = Counter(_reason_kind(final.end_reason) for final in finals)
        return cls(players, len(finals), policy, wins[LOYAL], wins[DOPPEL], wins["draw"],
                   sum(final.quest_no for final in finals), tuple(sorted(reasons.items())))

    @property
    def p_loyal(self) -> float:
        return self.loyal / self.games

    @property
    def p_doppelganger(self) -> float:
        return self.doppelganger / self.games

    @property
    def ci_loyal(self) -> tuple[float, float]:
        return wilson_interval(self.loyal, self.games)

    @property
    def ci_doppelganger(self) -> tuple[float, float]:
        return wilson_interval(self.doppelganger, self.games)

    @property
    def balance(self) -> float:
        return 1 - abs(self.p_loyal - self.p_doppelganger)

    @property
    def mean_quests(self) -> float:
        return self.quests / self.games


def simulate(games: int = 100, *, players: int | None = None, rules: Rules | None = None,
             policy: str = "random", seed: int = 0) -> PlaySummary:
    """Play ``games`` seeded games with every seat played by ``policy`` (a policy name:
    ``"random"``, ``"greedy"`` (:func:`.players.greedy`, the doppelgängers sabotaging) or a
    search such as ``"mcts:32"``): the games of :func:`doppelnb.core.simulate.simulate`, summed
    up as a :class:`PlaySummary`. ``players`` defaults to the smallest table (4), ``rules`` to
    the recommended defaults. Limits: ``games`` from 1 to
    :data:`doppelnb.core.simulate.MAX_GAMES`."""
    from ...core.simulate import simulate as play_games

    if players is not None:  # a whole number of seats (core's choice check takes 4.0 for 4)
        players = check_players(players, PLAYER_COUNTS, rule="DQ-R1")
    sim = play_games(GAME, games, players=players, rules=rules, policy=policy, seed=seed)
    return PlaySummary.of(sim.players, sim.policy, sim.finals)


def paired_games(players: int, games: int, policies: Mapping[str, Policy], *, seed: int = 0,
                 rules: Rules = DEFAULT_RULES) -> dict[str, PlaySummary]:
    """Each of ``policies`` (name -> a policy function such as :func:`.players.honest_policy`,
    not only the registered policy names :func:`simulate` takes) playing every seat of the same
    ``games`` seeded deals (at most ``MAX_GAMES``): a comparison on common deals."""
    players = check_players(players, PLAYER_COUNTS, rule="DQ-R1")
    games = check_int(games, "games", 1, MAX_GAMES)
    seed = check_int(seed, "seed", 0, MAX_SEED)
    check_instance(rules, "rules", Rules, expected="a doppelganger_quest.Rules")
    out: dict[str, PlaySummary] = {}
    chosen: Mapping[str, Policy] = check_mapping(policies, "policies")
    for name, policy in chosen.items():
        _check_policy_fn(policy)
        finals = []
        for g in range(games):
            game_seed = rng_for(seed, "simulate", players, g).randrange(2**31)
            finals.append(play_to_end(new_game(players, rules=rules, seed=game_seed), policy,
                                      seed=game_seed))
        out[str(name)] = PlaySummary.of(players, str(name), finals)
    return out


def _check_policy_fn(policy: Any) -> None:
    if not callable(policy):
        raise BadInput("NB-ARG", f"policy must be a function (state, rng) -> action, got "
                       f"{type(policy).__name__}")


def _reason_kind(text: str) -> str:
    if "artifact" in text:
        return "light artifacts" if "Loyal" in text else "darkness artifacts"
    if "died" in text:
        return "a Doppelgänger died" if "Loyal Adventurers win" in text else "a loyal hero died"
    return "other"


def balance_study(player_counts: Sequence[int] = PLAYER_COUNTS, games: int = 40, *,
                  seed: int = 0, rules: Rules | None = None,
                  policy: str = "greedy") -> list[PlaySummary]:
    """:func:`simulate` for each player count (the greedy players by default)."""
    player_counts = check_sequence(player_counts, "player_counts", min_len=1, max_len=5,
                                   item=lambda v, n: check_players(v, PLAYER_COUNTS, n))
    return [simulate(games, players=n, seed=seed, rules=rules, policy=policy)
            for n in player_counts]


def balance_table(rows: Sequence[PlaySummary]) -> Html:
    """An HTML table of a balance study: win rates with 95% Wilson intervals and balance."""
    from ...core.render import table

    rows = check_sequence(rows, "rows", max_len=1000,
                          item=lambda v, n: check_instance(v, n, PlaySummary))
    body = [[r.players, r.games, f"{r.p_loyal:.2f} [{r.ci_loyal[0]:.2f}, "
             f"{r.ci_loyal[1]:.2f}]", f"{r.p_doppelganger:.2f} "
             f"[{r.ci_doppelganger[0]:.2f}, {r.ci_doppelganger[1]:.2f}]",
             f"{r.balance:.2f}", f"{r.mean_quests:.1f}"] for r in rows]
    return table(["players", "games", "P(loyal win) [95% CI]", "P(Doppelgänger win) [95% CI]",
                  "balance", "mean quests"], body,
                 caption="seeded simulation, illustrative card data")


__all__ = ["PlaySummary", "simulate", "paired_games", "balance_study", "balance_table"]
