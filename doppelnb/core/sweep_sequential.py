"""``sweep --until-settled MAX``: play a sweep in growing batches until its primary question is
settled or MAX games per cell are played, with a test that stays valid under this optional
stopping (issue 27).

The question: each reading against the default of its player count and mix, on one metric, from
the per-game differences reading - default over the common deals (game ``i`` of every cell has
the same deal and seats). Each question is a :class:`doppelnb.core.stats.SequentialTest` (an
empirical-Bernstein confidence sequence tuned to MAX), at level ``alpha / m`` for the ``m``
questions (Bonferroni: the chance that any null question is ever called settled is at most
``alpha``, however the batches fall). Only metrics with one bounded value per game qualify
(:data:`BOUNDED_METRICS`): their differences lie in [-1, 1], which the confidence sequence needs;
lengths, score spread and lead changes have no stated bound and are refused.

Each batch is an ordinary sweep with a larger ``games`` on the same checkpoint (a top-up: the
games already played are kept, the new ones are the next deals), so the last batch's table, and
its CSV, is the one a plain sweep of the final n writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import metrics as core
from .errors import BadInput
from .stats import SequentialTest
from .sweep_metrics import _core_facts, _games, sweep_name
from .sweep_run import cell_key
from .sweep_table import Table

#: The metrics a sequential sweep may ask about: shares of a game (0 to 1) and the first
#: player's advantage (a share less a fair share), so a per-game difference lies in [-1, 1].
BOUNDED_METRICS = ("first_player_advantage", "first_player_win_rate", "tie_rate",
                   "no_winner_rate")
#: Seat- and side-numbered shares (``win_rate_seat0``, ``win_rate_side_alien``, ...).
BOUNDED_PREFIXES = ("win_rate_seat", "win_rate_side_", "seat_advantage_seat")
#: Family-wise error rate, split over the questions (Bonferroni).
ALPHA = 0.05


def is_bounded(metric: str) -> bool:
    """Whether ``metric`` has one value per game in a stated range (see :data:`BOUNDED_METRICS`)."""
    return metric in BOUNDED_METRICS or any(
        metric.startswith(p) and len(metric) > len(p) for p in BOUNDED_PREFIXES)


def batch_sizes(first: int, most: int, step: int | None = None) -> list[int]:
    """The games per cell after each batch: ``first``, then doubling (or ``+ step``), the last
    one ``most``. Fixed before any game is played, so the schedule never depends on results.

    >>> batch_sizes(20, 100), batch_sizes(20, 100, 30)
    ([20, 40, 80, 100], [20, 50, 80, 100])
    """
    sizes = [first]
    while sizes[-1] < most:
        sizes.append(min(most, sizes[-1] + step if step else 2 * sizes[-1]))
    return sizes


def _records(checkpoint: str, n: int) -> dict[str, list[dict[str, Any]]]:
    """Each cell's first ``n`` game records, from the checkpoint the sweep just wrote and
    verified (one JSON line per finished chunk after the header)."""
    cells: dict[str, dict[int, dict[str, Any]]] = {}
    with Path(checkpoint).open(encoding="utf-8") as handle:
        next(handle)  # the header: the sweep checked it is this sweep's
        for line in handle:
            chunk = json.loads(line)
            for game in chunk["games"]:
                cells.setdefault(chunk["cell"], {})[game["i"]] = game
    return {cell: [games[i] for i in range(n)] for cell, games in cells.items()
            if all(i in games for i in range(n))}


def _values(records: list[dict[str, Any]], players: int, metric: str) -> list[float]:
    out = []
    for game in _games(records):
        values = {sweep_name(k): v for k, v in
                  core.game_values(_core_facts(game, players)).items()}
        if metric not in values and metric.startswith("win_rate_side_"):
            values[metric] = 0.0  # a side absent from a game won none of it (as the sweep)
        if metric not in values:
            raise BadInput("NB-ARG", f"--metric {metric} has no value in some games of this "
                           "sweep; choose another --metric")
        out.append(float(values[metric]))
    return out


def questions(table: Table, checkpoint: str, metric: str, max_games: int
              ) -> dict[str, SequentialTest]:
    """``{label: test}``: each reading against the default of its players and mix on
    ``metric``, over the games of ``table`` so far (Bonferroni level, horizon ``max_games``)."""
    n = int(table.meta["games"])
    records = _records(checkpoint, n)
    cells = sorted({(r.reading, r.players, r.mix) for r in table.rows if r.reading != "default"},
                   key=lambda c: (c[1], c[2], c[0]))
    if not cells:
        raise BadInput("NB-ARG", "--until-settled compares readings with the default; this "
                       "sweep has no reading but the default")
    level = ALPHA / len(cells)
    out = {}
    for reading, players, mix in cells:
        base = _values(records[cell_key("default", players, mix)], players, metric)
        other = _values(records[cell_key(reading, players, mix)], players, metric)
        diffs = [b - a for a, b in zip(base, other, strict=True)]
        test = SequentialTest(lo=-1, hi=1, alpha=level, horizon=max_games)
        out[f"{reading}, {players}p, {mix}"] = test.update(diffs)
    return out


def describe(n: int, tests: dict[str, SequentialTest]) -> str:
    """One line for a batch: n, how many questions are settled, and each interval."""
    settled = sum(t.settled for t in tests.values())
    parts = []
    for label, t in tests.items():
        lo, hi = t.interval
        word = f"settled {t.direction} at n={t.settled_at}" if t.settled else "open"
        parts.append(f"{label} [{lo:+.3f}, {hi:+.3f}] {word}")
    return f"n={n}: {settled}/{len(tests)} settled; " + "; ".join(parts)


def sweep_until_settled(play: Callable[[int], Table], checkpoint: str, *, first: int,
                        max_games: int, metric: str, step: int | None = None,
                        say: Callable[[str], None] = print) -> Table:
    """Play ``play(n)`` (a sweep of ``n`` games per cell on ``checkpoint``) for the sizes of
    :func:`batch_sizes`, saying one line per batch, until every question is settled or
    ``max_games`` are played; the table of the last batch."""
    if not is_bounded(metric):
        raise BadInput("NB-ARG", f"--metric {metric} has no per-game bound; --until-settled "
                       f"needs one of {', '.join(BOUNDED_METRICS)}, "
                       f"{', '.join(p + 'K' for p in BOUNDED_PREFIXES)}")
    for n in batch_sizes(first, max_games, step):
        table = play(n)
        tests = questions(table, checkpoint, metric, max_games)
        say(describe(n, tests))
        if all(t.settled for t in tests.values()):
            break
    return table


__all__ = ["BOUNDED_METRICS", "is_bounded", "batch_sizes", "questions", "describe",
           "sweep_until_settled"]
