"""Doppeldoppel played: seeded games of random legal moves, counted (:func:`simulate`), under
every reading of the variant flags (:func:`variant_survey`), and the first tricks of one seeded
game under each reading of who leads (:func:`leaders_table`). Every game goes through the engine
(:func:`doppelnb.core.state.play_to_end`); the exact counterparts are in :mod:`.analysis`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.checks import check_choice, check_players, check_sequence
from ...core.render import Html, html_table
from ...core.state import play_to_end
from .notation import DECK_SIZE, PLAYER_COUNTS, whole_number
from .rules import DEFAULT_RULES, Rules, check_rules
from .state import new_game
from .teaching import reading_label, setting_label

#: Most games :func:`simulate` / :func:`variant_survey` play in one call (about a minute).
MAX_GAMES = 20_000


@dataclass(frozen=True)
class PlaySummary:
    """Totals over games played by uniformly random legal moves (not strategy)."""

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


def simulate(players: int, rules: Rules = DEFAULT_RULES, games: int = 100, seed: int = 0
             ) -> PlaySummary:
    """Play ``games`` seeded games with random legal moves and count what happened.

    ``games`` is limited to :data:`MAX_GAMES` per call.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    rules = check_rules(rules)
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed", 0, 2**62)
    tricks = reversed_ = no_winner = leader_wins = 0
    scores: list[int] = []
    winning: list[int] = []
    for g in range(games):
        end = play_to_end(new_game(players, rules=rules, seed=seed + g), seed=seed + g)
        for t in end.log:
            tricks += 1
            reversed_ += t.result.reversed
            no_winner += t.result.winner is None
            leader_wins += t.result.winner == 0
        scores += [x for r in end.round_scores for x in r]
        winning.append(max(end.totals))
    return PlaySummary(players, games, tricks, reversed_, no_winner, leader_wins, tuple(scores),
                       tuple(winning))


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
            summary = simulate(players, rules.replace(**{info.name: reading}), games, seed)
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


__all__ = ["MAX_GAMES", "PlaySummary", "SUMMARY_HEADER", "simulate", "variant_survey",
           "leaders_table"]
