"""Designer sweeps: play many seeded games per cell and report balance metrics with 95% intervals.

A *cell* is one reading of the rules (the defaults, one variant flag changed from them, several
flags changed at once, or a flag set from a user's data file: :func:`readings_of`), one
player count and one *policy mix* (``"random"``, ``"greedy/random"``: the policies sit at the seats
in turn, and the mix is rotated one seat per game so every policy plays every seat equally often).
:func:`sweep` plays ``games`` games in every cell and returns a :class:`Table` with one row per
(reading, players, mix, metric): the estimate, its sample size ``n`` and a 95% interval
``lo``..``hi`` (Wilson for rates, Student t for means).

Metrics (see :data:`METRICS`): the win share of each seat (ties shared), its tie-adjusted
advantage and the seat balance, the first player's win share and advantage over a fair share,
ties, game length in actions (and in rounds where the engine has a
``round`` counter), score spread, lead changes, how often the leader at half time wins, and in
mixed games the skill gap (how often the stronger policy finishes ahead of the weaker one; in
team games, engines whose ``GameSpec.sides`` names each seat's side, over seats on opposite sides,
a side's win counting for all its seats).

Common deals: game ``i`` of a cell is dealt from a seed drawn from ``(seed, game, players, i)``
and its players draw from ``(seed, game, players, mix, i)`` (:func:`sweep_run.game_seeds`), not
from the reading: every reading plays the default's deals with the same seats, so each reading
is compared with the default game by game, and its rows carry the paired difference with its
95% paired t interval (``paired_diff``, ``paired_lo``, ``paired_hi``; the verdicts of
:func:`compare_readings` use it). Results are gathered by game index, so the table and its CSV
are byte-identical whatever the executor, the number of workers or the order chunks finish in.

Game by game: :func:`game_facts` gives the facts of every game of a sweep (from the table
:func:`sweep` returned, or its checkpoint) per cell, and :func:`game_values` each game's value of
every per-game metric: what the paired differences and ``sweep --until-settled`` are computed
from.

Meanings: ``metric_version`` 2 (:data:`~doppelnb.core.sweep_metrics.METRIC_VERSION`): the
metrics of :mod:`doppelnb.core.metrics`, ties shared among the tied seats (the seats' win rates
and the no-winner rate add up to 1), a team's win counted as a win, constant metrics with
``lo == hi``.

Scale: any :class:`concurrent.futures.Executor` runs the chunks (the default uses every core in
processes; ``client.get_executor()`` of a Dask distributed client runs the same sweep on a
cluster). Chunks are sized from the work (:func:`default_chunk`: about 8 tasks per worker, at most
250 games) and the default workers import the engine as they start. With ``checkpoint=PATH`` each
finished chunk of games is appended to a JSON-lines file as it arrives, with its digest; calling
:func:`sweep` again with the same arguments (any chunk size or number of workers, or more games:
a top-up) resumes from it and plays only the games that are missing. A file that is not this
sweep's checkpoint is refused, never overwritten. Ctrl-C stops cleanly (and SIGTERM, in the
``sweep`` command): finished chunks are kept, the rest is cancelled and the workers are stopped.

The code lives in focused modules, and this one gathers their public names (import them from
here): :mod:`~doppelnb.core.sweep_plan` (what to sweep: readings, player counts, policy mixes,
cells, limits), :mod:`~doppelnb.core.sweep_run` (playing games, chunks, workers, :func:`sweep`),
:mod:`~doppelnb.core.sweep_metrics` (a cell's metrics from its games' facts),
:mod:`~doppelnb.core.sweep_table` (:class:`Table`, its rows, CSV and labels) and
:mod:`~doppelnb.core.verdicts` (readings compared, :func:`balance_summary`); the command line is
:mod:`~doppelnb.core.sweep_cli`.

>>> table = sweep("doppeldoppel", readings="default", player_counts=[3], policy_mixes=["random"],
...               games=4, seed=1, workers=1, progress=False)
>>> table.where(metric="length_actions").rows[0].estimate
108.0
"""

from __future__ import annotations

from collections.abc import Sequence

from . import sweep_plan, sweep_run, sweep_table, verdicts
from .resume import CHECKPOINT_FORMAT, remove_checkpoint
from .sweep_data import DATA_FLAGS, DataFile
from .sweep_metrics import GameFacts, game_values, metrics
from .sweep_plan import MAX_GAMES, MAX_READINGS, MAX_WORKERS, mixes_for, readings_of
from .sweep_run import (
    Cell,
    default_chunk,
    default_executor,
    game_facts,
    play_game,
    run_chunk,
    seats_for,
    sweep,
)
from .sweep_table import (
    COLUMNS,
    METRIC_LABELS,
    METRICS,
    Row,
    Table,
    game_label,
    load_table,
    metric_label,
    mix_label,
    reading_label,
)
from .verdicts import (
    BALANCE_METRICS,
    DEFAULT_PRIMARY,
    RATE_METRICS,
    balance_summary,
    compare_readings,
    primary_metrics,
    reading_verdicts,
    report_metrics,
)

# Besides the public names (``__all__``), the names other modules and tests import from here,
# the same objects (monkeypatch a function in the module it lives in: its callers look it up
# there, not here).
MAX_MIXES = sweep_plan.MAX_MIXES
MAX_POLICIES = sweep_plan.MAX_POLICIES
resolve_game = sweep_plan.resolve_game
sweep_cells = sweep_plan.sweep_cells
player_counts_of = sweep_plan.player_counts_of
_parse_mix = sweep_plan._parse_mix
_task_game = sweep_plan._task_game
MAX_CHUNK = sweep_run.MAX_CHUNK
MAX_SEARCH_CHUNK = sweep_run.MAX_SEARCH_CHUNK
TASKS_PER_WORKER = sweep_run.TASKS_PER_WORKER
cell_key = sweep_run.cell_key
play_chunk = sweep_run.play_chunk
_Task = sweep_run._Task
_WARMED = sweep_run._WARMED
_play = sweep_run._play
_progress = sweep_run._progress
_start_worker = sweep_run._start_worker
_stop_pool = sweep_run._stop_pool
parse_table_csv = sweep_table.parse_table_csv
ALPHA = verdicts.ALPHA


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doppelnb sweep ...``: :func:`doppelnb.core.sweep_cli.main` (imported when
    called: the command line imports this module's names, not the other way round)."""
    from .sweep_cli import main as cli_main

    return cli_main(argv)


__all__ = ["sweep", "Table", "METRICS", "COLUMNS", "metrics", "readings_of", "mixes_for",
           "play_game", "run_chunk", "default_executor", "main", "seats_for",
           "load_table", "balance_summary", "compare_readings", "BALANCE_METRICS", "RATE_METRICS",
           "DEFAULT_PRIMARY", "primary_metrics", "report_metrics", "reading_verdicts",
           "default_chunk", "remove_checkpoint", "CHECKPOINT_FORMAT", "MAX_GAMES",
           "MAX_WORKERS", "METRIC_LABELS", "metric_label", "reading_label", "mix_label",
           "game_label", "Row", "GameFacts", "game_facts", "game_values", "Cell",
           "MAX_READINGS", "DataFile", "DATA_FLAGS"]
