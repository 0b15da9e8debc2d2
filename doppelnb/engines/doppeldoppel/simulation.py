"""Doppeldoppel played: seeded games counted (:func:`simulate`), under every reading of the
variant flags (:func:`variant_survey`), and the first tricks of one seeded game under each
reading of who leads (:func:`leaders_table`). The games are :func:`doppelnb.core.simulate.simulate`'s
(a sweep's seeded games, every seat played by one policy); the exact counterparts are in
:mod:`.analysis`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.checks import check_choice, check_players, check_sequence
from ...core.render import Html, html_table
from ...core.simulate import MAX_GAMES
from ...core.simulate import simulate as simulate_games
from ...core.state import play_to_end
from .notation import DECK_SIZE, GAME, PLAYER_COUNTS, whole_number
from .rules import DEFAULT_RULES, Rules, check_rules
from .state import new_game
from .teaching import reading_label, setting_label


@dataclass(frozen=True)
class PlaySummary:
    """Totals over games played by one policy at every seat (``"random"``: uniformly random
    legal moves, not strategy): tricks, how they resolved, every round score and each game's
    winning total."""

    players: int
    games: int
    tricks: int
    reversed: int
    no_winner: int
    leader_wins: int
    round_scores: tuple[int, ...]
    winning_totals: tuple[int, ...]

    def row(self) -> list[str]:
        mean = sum(self.round_scores) / len(self.round_scores)
        win = sum(self.winning_totals) / len(self.winning_totals)
        return [f"{self.reversed / self.tricks:.1%}", f"{self.no_winner / self.tricks:.1%}",
                f"{self.leader_wins / self.tricks:.1%}", f"{mean:+.2f}", f"{win:+.1f}"]


SUMMARY_HEADER = ["tricks reversed", "no winner", "leader wins", "mean round score",
                  "mean winning total"]


def simulate(games: int = 100, *, players: int | None = None, rules: Rules | None = None,
             policy: str = "random", seed: int = 0) -> PlaySummary:
    """Play ``games`` seeded games with every seat played by ``policy`` and count what happened
    in them (:class:`PlaySummary`). ``players`` defaults to 3 and ``rules`` to the recommended
    readings; the games are :func:`doppelnb.core.simulate.simulate`'s, at most
    :data:`MAX_GAMES` per call.

    >>> summary = simulate(2, players=4, seed=1)
    >>> summary.games, summary.tricks, len(summary.round_scores)
    (2, 72, 32)
    """
    if players is not None:
        players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    if rules is not None:
        rules = check_rules(rules)
    sim = simulate_games(GAME, games, players=players, rules=rules, policy=policy, seed=seed)
    tricks = reversed_ = no_winner = leader_wins = 0
    scores: list[int] = []
    winning: list[int] = []
    for end in sim.finals:
        for t in end.log:
            tricks += 1
            reversed_ += t.result.reversed
            no_winner += t.result.winner is None
            leader_wins += t.result.winner == 0
        scores += [x for r in end.round_scores for x in r]
        winning.append(max(end.totals))
    return PlaySummary(sim.players, sim.games, tricks, reversed_, no_winner, leader_wins,
                       tuple(scores), tuple(winning))


def variant_survey(players: int, games: int = 30, seed: int = 0, rules: Rules = DEFAULT_RULES,
                   flags: Sequence[str] | None = None) -> Html:
    """:func:`simulate` under every reading of each flag (the same seeds for every reading).

    ``flags`` names variant flags with readings; an unknown name is refused. ``games`` is limited
    to :data:`MAX_GAMES`.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed", 0, 2**62)
    rules = check_rules(rules)
    if flags is not None:
        names = [f.name for f in Rules.flags() if f.choices]
        flags = check_sequence(flags, "flags", max_len=len(names),
                               item=lambda v, n: check_choice(v, n, names))
    infos = [f for f in Rules.flags() if f.choices and (flags is None or f.name in flags)]
    rows: list[list[Any]] = []
    marked: set[int] = set()
    for info in infos:
        for reading in info.choices or ():
            summary = simulate(games, players=players, seed=seed,
                               rules=rules.replace(**{info.name: reading}))
            if reading == info.default:
                marked.add(len(rows))
            rows.append([f"{info.rule} {info.name}", str(reading), *summary.row()])
    return Html(html_table(["flag", "reading", *SUMMARY_HEADER], rows, highlight=marked,
                           caption=f"{games} random-move games of {players} players per reading "
                           "(default rows shaded)"))


def leaders_table(players: int = 3, seed: int = 7, tricks: int = 8,
                  readings: Sequence[str] = ("winner", "round_sp", "rotate_left"),
                  rules: Rules = DEFAULT_RULES) -> Html:
    """Who leads and who wins the first ``tricks`` tricks of a seeded game (random legal moves)
    under each reading of ``next_leader`` (DD-R7, DD-A3)."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    seed = whole_number(seed, "seed", 0, 2**62)
    tricks = whole_number(tricks, "tricks", 1, DECK_SIZE // players)
    readings = check_sequence(readings, "readings", min_len=1, max_len=3,
                              item=lambda v, n: check_choice(v, n, ("winner", "round_sp",
                                                                    "rotate_left")))
    rules = check_rules(rules)
    rows: list[list[Any]] = []
    for reading in readings:
        end = play_to_end(new_game(players, rules=rules.replace(next_leader=reading), seed=seed,
                                   first_sp=0), seed=seed)
        log = [t for t in end.log if t.round == 0][:tricks]
        cells = []
        for t in log:
            w = "none" if t.result.winner is None else f"P{t.seats[t.result.winner] + 1}"
            cells.append(f"P{t.seats[0] + 1} → {w}")
        rows.append([reading_label("next_leader", reading), *cells])
    return Html(html_table([setting_label("next_leader"),
                            *[f"trick {i + 1}" for i in range(tricks)]], rows,
                           caption=f"{players} players, seed {seed}, P1 is the start player: "
                           "leader → winner of each trick of round 1"))


__all__ = ["PlaySummary", "SUMMARY_HEADER", "simulate", "variant_survey", "leaders_table"]
