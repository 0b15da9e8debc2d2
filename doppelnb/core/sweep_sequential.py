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
games already played are kept, the new ones are the next deals) and the same executor (the
command line starts one process pool for every batch), so the last batch's table, and its CSV,
is the one a plain sweep of the final n writes. The games are read with the public
:func:`doppelnb.core.sweep.game_facts` and :func:`doppelnb.core.sweep.game_values`. Without
``--metric`` the question is the game's recorded primary metric (:func:`primary_metric`); the
table's ``meta["until_settled"]`` and the report say which metric decided.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable
from typing import Any

from .errors import BadInput
from .stats import SequentialTest
from .sweep_metrics import GameFacts, game_values
from .sweep_run import game_facts
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


def _values(games: tuple[GameFacts, ...], players: int, metric: str) -> list[float | None]:
    """Each game's value of ``metric``; ``None`` for a game stopped at the action cap (it has
    no result: :func:`questions` leaves out its deal, as the sweep's paired differences do)."""
    out: list[float | None] = []
    for game in games:
        if game.timed_out:
            out.append(None)
            continue
        values = game_values(game, players)
        if metric not in values and metric.startswith("win_rate_side_"):
            values[metric] = 0.0  # a side absent from a game won none of it (as the sweep)
        if metric not in values:
            raise BadInput("NB-ARG", f"--metric {metric} has no value in some games of this "
                           "sweep; choose another --metric")
        out.append(values[metric])
    return out


def questions(table: Table, checkpoint: str | None, metric: str, max_games: int
              ) -> dict[str, SequentialTest]:
    """``{label: test}``: each reading against the default of its players and mix on
    ``metric``, over the games of ``table`` so far (:func:`~doppelnb.core.sweep.game_facts`
    of the table, or of ``checkpoint`` when the table keeps no games; Bonferroni level,
    horizon ``max_games``)."""
    n = int(table.meta["games"])
    facts = game_facts(table if table.games or checkpoint is None else checkpoint, n)
    cells = sorted({(r.reading, r.players, r.mix) for r in table.rows if r.reading != "default"},
                   key=lambda c: (c[1], c[2], c[0]))
    if not cells:
        raise BadInput("NB-ARG", "--until-settled compares readings with the default; this "
                       "sweep has no reading but the default")
    level = ALPHA / len(cells)
    out = {}
    for reading, players, mix in cells:
        base = _values(facts[("default", players, mix)], players, metric)
        other = _values(facts[(reading, players, mix)], players, metric)
        # Paired on the deals both readings completed (a deal where either game was stopped at
        # the action cap has no difference); which deals those are does not depend on the
        # metric, so leaving them out keeps the test valid under optional stopping.
        diffs = [b - a for a, b in zip(base, other, strict=True)
                 if a is not None and b is not None]
        test = SequentialTest(lo=-1, hi=1, alpha=level, horizon=max_games)
        out[f"{reading}, {players}p, {mix}"] = test.update(diffs)
    return out


def primary_metric(game: str, labels: Any) -> tuple[str, str]:
    """``(metric, why)``: what ``--until-settled`` asks about when no ``--metric`` is given,
    chosen before any game is played, from what the shipped tables record (``primary`` in
    ``NAME.json``, :func:`doppelnb.core.sweep.primary_metrics`), never from results.

    The first bounded primary metric (:func:`is_bounded`) of a shipped table of ``game`` whose
    readings include every reading in ``labels`` (the question this sweep repeats) and that
    records a primary; else of the game's own table (``NAME`` = the game); else
    :data:`~doppelnb.core.sweep.DEFAULT_PRIMARY`, the first player's advantage.

    >>> primary_metric("doppelganger_quest", ["default", "animals_in_pingpong=True"])
    ('win_rate_side_loyal', 'the primary metric recorded for doppelganger_quest_animals_in_pingpong')
    """
    from .sweep_table import load_table
    from .verdicts import DEFAULT_PRIMARY, primary_metrics

    wanted = set(labels) - {"default"}
    folder = importlib.resources.files("doppelnb") / "data" / "sweeps"
    names = sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".csv"))
    tables = [load_table(name) for name in names if name == game or name.startswith(game + "_")]
    tables = [t for t in tables if t.meta.get("game") == game]
    for table in tables:
        readings = {r.reading for r in table.rows}
        named = [m for m in table.meta.get("primary", ()) if is_bounded(m)]
        if named and wanted <= readings:
            return named[0], f"the primary metric recorded for {table.meta.get('name', game)}"
    for table in tables:
        if table.meta.get("name", game) == game:
            named = [m for m in primary_metrics(table) if is_bounded(m)]
            if named:
                return named[0], f"the primary metric of the shipped table {game}"
    return DEFAULT_PRIMARY, "the default primary metric"


def describe(n: int, tests: dict[str, SequentialTest]) -> str:
    """One line for a batch: n, how many questions are settled, and each interval."""
    settled = sum(t.settled for t in tests.values())
    parts = []
    for label, t in tests.items():
        lo, hi = t.interval
        word = f"settled {t.direction} at n={t.settled_at}" if t.settled else "open"
        parts.append(f"{label} [{lo:+.3f}, {hi:+.3f}] {word}")
    return f"n={n}: {settled}/{len(tests)} settled; " + "; ".join(parts)


def sweep_until_settled(play: Callable[[int], Table], checkpoint: str | None = None, *,
                        first: int, max_games: int, metric: str, step: int | None = None,
                        say: Callable[[str], None] = print, why: str = "asked for") -> Table:
    """Play ``play(n)`` (a sweep of ``n`` games per cell, topping up one checkpoint) for the
    sizes of :func:`batch_sizes`, saying one line per batch, until every question is settled or
    ``max_games`` are played; the table of the last batch. Its ``meta["until_settled"]``
    records the question: the metric that decided and why it was chosen (``why``), the
    method, MAX, each batch's n and how many questions were settled (the CSV stays a plain
    sweep's of the final n)."""
    if not is_bounded(metric):
        raise BadInput("NB-ARG", f"--metric {metric} has no per-game bound; --until-settled "
                       f"needs one of {', '.join(BOUNDED_METRICS)}, "
                       f"{', '.join(p + 'K' for p in BOUNDED_PREFIXES)}")
    sizes: list[int] = []
    for n in batch_sizes(first, max_games, step):
        table = play(n)
        tests = questions(table, checkpoint, metric, max_games)
        sizes.append(n)
        say(describe(n, tests))
        if all(t.settled for t in tests.values()):
            break
    table.meta["until_settled"] = {
        "metric": metric, "chosen": why, "max_games": max_games, "batches": sizes,
        "settled": sum(t.settled for t in tests.values()), "questions": len(tests),
        "method": f"empirical-Bernstein confidence sequence on the paired per-game differences, "
                  f"family-wise {ALPHA:.0%} split over the {len(tests)} readings (Bonferroni)"}
    return table


__all__ = ["BOUNDED_METRICS", "is_bounded", "batch_sizes", "questions", "describe",
           "primary_metric", "sweep_until_settled"]
