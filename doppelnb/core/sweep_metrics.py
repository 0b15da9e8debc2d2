"""A sweep cell's metrics (:data:`~doppelnb.core.sweep.METRICS`) from the facts of its games:
rates with Wilson intervals, means with normal ones.

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .exact import mean_interval, wilson_interval
from .policy import strength


def _rate(name: str, hits: int, n: int) -> tuple[str, float, int, float, float]:
    lo, hi = wilson_interval(hits, n)
    return name, (hits / n if n else math.nan), n, lo, hi


def _mean(name: str, values: Sequence[float]) -> tuple[str, float, int, float, float]:
    mean, lo, hi = mean_interval(values)
    return name, mean, len(values), lo, hi


def _ahead(record: dict[str, Any], a: int, b: int) -> float:
    """1 when seat ``a`` finished ahead of seat ``b``, 0 when behind, 1/2 when level. Ahead =
    won and the other did not (in a team game: ``a``'s side won and ``b``'s did not, whoever
    of the winning side scored most), else a higher score."""
    wins = record["w"]
    sides = record.get("t")
    if sides:
        won = {sides[w] for w in wins}
        a_won, b_won = sides[a] in won, sides[b] in won
    else:
        a_won, b_won = a in wins, b in wins
    if a_won != b_won:
        return 1.0 if a_won else 0.0
    sa, sb = record["s"][a], record["s"][b]
    return 1.0 if sa > sb else 0.0 if sa < sb else 0.5


def _skill_pairs(record: dict[str, Any], strong: str, weak: str) -> list[float]:
    """``_ahead`` for every (strong seat, weak seat) pair; in a team game (sides recorded) only
    pairs on opposite sides: teammates share their side's result, so a pair of them says
    nothing about skill and would only pull the figure towards 1/2."""
    seats, sides = record["seats"], record.get("t")
    return [_ahead(record, a, b)
            for a, sa in enumerate(seats) if sa == strong
            for b, sb in enumerate(seats) if sb == weak
            if not sides or sides[a] != sides[b]]


def metrics(records: Sequence[dict[str, Any]], players: int
            ) -> list[tuple[str, float, int, float, float]]:
    """``[(metric, estimate, n, lo, hi)]`` over the games of one cell."""
    n = len(records)
    if n == 0:
        return []
    out = [_rate(f"win_rate_seat{seat}", sum(seat in r["w"] for r in records), n)
           for seat in range(players)]
    first_hits = sum(r["first"] in r["w"] for r in records)
    out.append(_rate("first_player_win_rate", first_hits, n))
    # Paired per game: did the first player win, minus the seats' average chance that game
    # (winners / players: 1/players with one winner, more where teams or ties share a win).
    out.append(_mean("first_player_advantage",
                     [(r["first"] in r["w"]) - len(r["w"]) / players for r in records]))
    out.append(_rate("tie_rate", sum(len(r["w"]) > 1 for r in records), n))
    out.append(_rate("no_winner_rate", sum(len(r["w"]) == 0 for r in records), n))
    out.append(_mean("length_actions", [r["len"] for r in records]))
    rounds = [r["rounds"] for r in records if r.get("rounds") is not None]
    if rounds:
        out.append(_mean("length_rounds", rounds))
    out.append(_mean("score_spread", [max(r["s"]) - min(r["s"]) for r in records]))
    out.append(_mean("lead_changes", [r["lc"] for r in records]))
    led = [r for r in records if r["half"] is not None]
    if led:  # (scores that only move at the end, as in team games, never have a leader)
        out.append(_rate("halftime_leader_wins", sum(r["half"] in r["w"] for r in led),
                         len(led)))
    gaps = []
    for r in records:
        seats = r["seats"]
        kinds = sorted(set(seats), key=strength)
        if len(kinds) < 2:
            continue
        pairs = _skill_pairs(r, kinds[-1], kinds[0])
        if pairs:  # (a team game where the two policies sat on one side says nothing)
            gaps.append(sum(pairs) / len(pairs))
    if gaps:
        name, est, size, lo, hi = _mean("skill_gap", gaps)
        out.append((name, est, size, max(0.0, lo), min(1.0, hi)))
    return out

