"""Designer sweeps: play many seeded games per cell and report balance metrics with 95% intervals.

A *cell* is one reading of the rules (the defaults, or one variant flag changed from them), one
player count and one *policy mix* (``"random"``, ``"greedy/random"``: the policies sit at the seats
in turn, and the mix is rotated one seat per game so every policy plays every seat equally often).
:func:`sweep` plays ``games`` games in every cell and returns a :class:`Table` with one row per
(reading, players, mix, metric): the estimate, its sample size ``n`` and a 95% interval
``lo``..``hi`` (Wilson for rates, normal approximation for means).

Metrics (see :data:`METRICS`): the win rate of each seat, the first player's win rate and
advantage over a fair share, ties, game length in actions (and in rounds where the engine has a
``round`` counter), score spread, lead changes, how often the leader at half time wins, and in
mixed games the skill gap (how often the stronger policy finishes ahead of the weaker one; in
team games, engines whose ``GameSpec.sides`` names each seat's side, over seats on opposite sides,
a side's win counting for all its seats).

Reproducibility: game ``i`` of a cell is dealt from ``rng_for(seed, game, reading, players, i)``
(the same deals for every policy mix, so mixes are compared on the same games) and its players
draw from ``rng_for(seed, cell, i)``. Results are gathered by game index, so the table and its CSV
are byte-identical whatever the executor, the number of workers or the order chunks finish in.

Scale: any :class:`concurrent.futures.Executor` runs the chunks (the default uses every core in
processes; ``client.get_executor()`` of a Dask distributed client runs the same sweep on a
cluster). Chunks are sized from the work (:func:`default_chunk`: about 8 tasks per worker, at most
250 games) and the default workers import the engine as they start. With ``checkpoint=PATH`` each
finished chunk of games is appended to a JSON-lines file as it arrives, with its digest; calling
:func:`sweep` again with the same arguments (any chunk size or number of workers, or more games:
a top-up) resumes from it and plays only the games that are missing. A file that is not this
sweep's checkpoint is refused, never overwritten. Ctrl-C stops cleanly (and SIGTERM, in the
``sweep`` command): finished chunks are kept, the rest is cancelled and the workers are stopped.

>>> table = sweep("doppeldoppel", readings="default", player_counts=[3], policy_mixes=["random"],
...               games=4, seed=1, workers=1, progress=False)
>>> table.where(metric="length_actions").rows[0][4]
108.0
"""

from __future__ import annotations

import concurrent.futures as cf
import csv
import io
import itertools
import math
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .chance import MAX_SEED, rng_for
from .checks import check_int, show
from .errors import BadInput
from .exact import mean_interval, wilson_interval
from .policy import make_policy, parse_policy, strength
from .resume import CHECKPOINT_FORMAT, Checkpoint, remove_checkpoint
from .spec import TITLES, GameSpec, game_spec, spec_of
from .stats import MIN_N, Family, settle, unpaired_from_summaries
from .version import VERSION

COLUMNS = ("reading", "players", "mix", "metric", "estimate", "n", "lo", "hi")

#: Every metric a sweep reports, with what it means (``seatK`` rows are one per seat).
METRICS = {
    "win_rate_seatK": "share of games seat K is among the winners (Wilson interval)",
    "first_player_win_rate": "share of games the seat that acts first is among the winners",
    "first_player_advantage": "first player's win rate minus the average seat's (per game: won "
                              "(1/0) - winners/players; normal interval)",
    "tie_rate": "share of games with more than one winner (a tie; in team games a team win)",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "mean number of actions in a game (normal interval)",
    "length_rounds": "mean number of rounds (engines with a round counter)",
    "score_spread": "mean of (highest final score - lowest final score)",
    "lead_changes": "mean number of times the sole leader changes during a game",
    "halftime_leader_wins": "share of games with a sole leader at half time that this leader "
                            "wins (no row when no game had one)",
    "skill_gap": "mixed games: how often a seat of the strongest policy finishes ahead of a seat "
                 "of the weakest (pairs; ahead = winner and the other not, else higher score; "
                 "level pairs count 1/2; 0.5 means skill does not matter; in team games, "
                 "engines with players.sides, only pairs on opposite sides, ahead = its side "
                 "won; n = games with such a pair)",
}

#: Each metric in words, for the charts and the tables a reader sees (the rows and the CSV keep
#: the names of :data:`METRICS`, fixed in the public API).
METRIC_LABELS = {
    "first_player_win_rate": "first player's win rate",
    "first_player_advantage": "first player's advantage over a fair share",
    "tie_rate": "share of games tied",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "game length in actions",
    "length_rounds": "game length in rounds",
    "score_spread": "score spread (highest minus lowest)",
    "lead_changes": "changes of leader per game",
    "halftime_leader_wins": "half-time leader wins",
    "skill_gap": "stronger bot finishes ahead",
}


def metric_label(metric: str) -> str:
    """A metric in words: ``"first_player_win_rate"`` -> "first player's win rate",
    ``"win_rate_seat0"`` -> "win rate of seat 1" (seats counted from 1, as P1 is)."""
    if metric in METRIC_LABELS:
        return METRIC_LABELS[metric]
    seat = metric.removeprefix("win_rate_seat")
    if seat != metric and seat.isdigit():
        return f"win rate of seat {int(seat) + 1}"
    return metric.replace("_", " ")


def _flag_infos(game: Any) -> dict[str, Any]:
    """The variant flags of the engine a table's ``game`` names (a game, or a shipped sweep
    named after its game: ``"doppeldoppel_reversal_scope"``), by name; {} when none does."""
    if not isinstance(game, str):
        return {}
    for name in sorted(TITLES, key=len, reverse=True):
        if game == name or game.startswith(name + "_"):
            return {info.name: info for info in spec_of(name).Rules.flags()}
    return {}


def reading_label(reading: str, game: Any = None) -> str:
    """A sweep's reading in words: ``"default"`` -> "recommended rules",
    ``"reversal_trigger=surviving_only"`` -> "reversal trigger: surviving only" (the flag's own
    words for its readings where it declares them, :class:`doppelnb.core.variants.FlagInfo`)."""
    if reading == "default":
        return "recommended rules"
    name, eq, value = str(reading).partition("=")
    info = _flag_infos(game).get(name) if eq else None
    if info is not None:
        return str(info.describe(value))
    return f"{name.replace('_', ' ')}: {value.replace('_', ' ')}" if eq else str(reading)


def mix_label(mix: str) -> str:
    """A policy mix in words: ``"random"`` -> "random bots", ``"greedy/random"`` -> "greedy and
    random bots"."""
    parts = str(mix).split("/")
    return (" and ".join(parts) if len(parts) < 3 else ", ".join(parts)) + " bots"


def game_label(game: Any) -> str:
    """A table's game in words: its title, and the sweep's subject when the table is a shipped
    sweep named after its game ("Doppel Doubt: illegal takeover")."""
    if not isinstance(game, str):
        return str(game)
    for name in sorted(TITLES, key=len, reverse=True):
        if game == name:
            return TITLES[name]
        if game.startswith(name + "_"):
            return f"{TITLES[name]}: {game[len(name) + 1:].replace('_', ' ')}"
    return game.replace("_", " ")


def _cell_label(row: tuple[Any, ...], game: Any) -> str:
    """A cell of a chart in words, on two lines: the reading, then players and bots."""
    return f"{reading_label(row[0], game)}\n{row[1]} players, {mix_label(row[2])}"


# -- the table ---------------------------------------------------------------------------------
@dataclass
class Table:
    """Rows of (reading, players, mix, metric, estimate, n, lo, hi); shows itself in a notebook
    and saves as CSV. ``meta`` says how it was made (game, seed, games per cell, which greedy and
    determinizer the engine's players used, games played now and resumed from a checkpoint)."""

    rows: list[tuple[Any, ...]]
    meta: dict[str, Any] = field(default_factory=dict)

    columns = COLUMNS

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)

    def where(self, **match: Any) -> Table:
        """The rows whose columns equal the given values (``table.where(metric="tie_rate")``)."""
        index = {name: COLUMNS.index(name) for name in match}
        rows = [r for r in self.rows if all(r[index[k]] == v for k, v in match.items())]
        return Table(rows, dict(self.meta))

    def value(self, **match: Any) -> tuple[float, int, float, float]:
        """``(estimate, n, lo, hi)`` of the one row matching ``match``."""
        rows = self.where(**match).rows
        if len(rows) != 1:
            raise BadInput("NB-ARG", f"{len(rows)} rows match {match}, not one")
        return rows[0][4], rows[0][5], rows[0][6], rows[0][7]

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The CSV text (also written to ``path`` when given). Numbers have 6 decimals."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for reading, players, mix, metric, est, n, lo, hi in self.rows:
            writer.writerow([reading, players, mix, metric, _num(est), n, _num(lo), _num(hi)])
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def chart(self, metric: str, *, reference: float | None = None, title: str = "") -> Any:
        """A bar chart of one metric across the cells, with the 95% intervals as error bars
        (``reference``: a horizontal line, e.g. 0.5 for the skill gap)."""
        rows = self.where(metric=metric).rows
        if not rows:
            raise BadInput("NB-ARG", f"no rows for metric {metric!r}; metrics are "
                           f"{', '.join(dict.fromkeys(r[3] for r in self.rows))}")
        from .render import bar_chart

        game = self.meta.get("game", "")
        items = [(_cell_label(r, game), r[4]) for r in rows]
        refs = [] if reference is None else [(reference, f"{reference:g}")]
        return bar_chart(items, intervals=[(r[6], r[7]) for r in rows], references=refs,
                         title=title or f"{game_label(game)}: {metric_label(metric)} "
                                        "(bars: 95% intervals)",
                         y_label=metric_label(metric))

    def to_pandas(self) -> Any:
        import pandas as pd  # type: ignore[import-untyped]

        return pd.DataFrame(self.rows, columns=list(COLUMNS))

    def _repr_html_(self) -> str:
        from .render import html_table

        body = [[r[0], r[1], r[2], r[3], _num(r[4], 3), r[5], _num(r[6], 3), _num(r[7], 3)]
                for r in self.rows]
        caption = ", ".join(f"{k}: {v}" for k, v in self.meta.items()
                            if k in ("game", "seed", "games", "players_used"))
        return str(html_table(list(COLUMNS), body, caption=caption or None))

    def __repr__(self) -> str:
        return f"<Table {len(self.rows)} rows {self.meta.get('game', '')}>"


def load_table(name: str) -> Table:
    """A shipped sweep result (``doppelnb/data/sweeps/NAME.csv``, e.g. ``"doppeldoppel"``) as a
    :class:`Table`; only names inside the package are looked up. ``meta`` says how it was made
    (from ``NAME.json``, see :mod:`doppelnb.core.provenance`): ``name``, ``game``, ``question``,
    ``seed``, ``games`` (per cell; a tuple, one per sweep, when the table joins sweeps of
    different sizes), ``command`` (the ``python -m doppelnb sweep`` command, one line per
    sweep), ``commands``, ``version`` (of doppelnb) and ``players_used``.

    >>> table = load_table("doppeldoppel")
    >>> table.meta["command"].startswith("python -m doppelnb sweep doppeldoppel --games ")
    True
    """
    import importlib.resources

    from .provenance import parse_provenance, table_meta

    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise BadInput("NB-ARG", f"name must be a shipped sweep name like 'doppeldoppel', "
                       f"not {show(name)}")
    folder = importlib.resources.files("doppelnb") / "data" / "sweeps"
    resource = folder / f"{name}.csv"
    if not resource.is_file():
        raise BadInput("NB-ARG", f"there is no shipped sweep named {name!r}")
    rows = parse_table_csv(resource.read_text(encoding="utf-8"), name)
    meta: dict[str, Any] = {"name": name, "game": name}
    source = folder / f"{name}.json"
    if source.is_file():
        meta = table_meta(parse_provenance(source.read_bytes(), name))
    return Table(rows, meta)


def parse_table_csv(text: str, name: str = "table") -> list[tuple[Any, ...]]:
    """The rows of a sweep's CSV text (columns :data:`COLUMNS`); :class:`BadInput` when it is
    not one."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or tuple(header) != tuple(COLUMNS):
        raise BadInput("NB-ARG", f"the shipped sweep {name!r} does not have the columns "
                       f"{', '.join(COLUMNS)}")
    try:
        return [(r[0], int(r[1]), r[2], r[3], float(r[4]), int(r[5]), float(r[6]), float(r[7]))
                for r in reader if r]
    except (ValueError, IndexError):
        raise BadInput("NB-DATA", f"the sweep {name!r} has a malformed row") from None


#: The metrics :func:`balance_summary` compares readings on and shows in its table.
BALANCE_METRICS = ("first_player_advantage", "tie_rate", "no_winner_rate", "score_spread",
                   "length_actions", "length_rounds", "halftime_leader_wins", "lead_changes")

#: Metrics that are shares of games (Wilson intervals in a table; ``win_rate_seatK`` too): they
#: are compared as rates, every other metric as a mean.
RATE_METRICS = frozenset({"first_player_win_rate", "tie_rate", "no_winner_rate",
                          "halftime_leader_wins"})

#: The primary metric of a table whose provenance names none: the first player's advantage over
#: a fair share, the one balance question every sweep can answer (does who starts matter?).
DEFAULT_PRIMARY = "first_player_advantage"

#: Family-wise error rate of the verdicts, and the words a verdict's reason is given in.
ALPHA = 0.05
TOO_FEW = "too few games"
SAME = "the same in every game"


def _is_rate(metric: str) -> bool:
    return metric in RATE_METRICS or metric.startswith("win_rate_seat")


def _flat(row: tuple[Any, ...], rate: bool) -> bool:
    """Every game of the cell gave the same value: a rate of 0 or 1, a mean with no width."""
    return row[4] in (0.0, 1.0) if rate else row[6] == row[7]


def primary_metrics(table: Table) -> tuple[str, ...]:
    """The metric(s) a table's verdict speaks of when none is asked for: the ``primary`` of its
    provenance (``NAME.json``, chosen from the question the sweep was run for, never from its
    results); else, for a skill ladder (a table of the default rules alone, with ``skill_gap``
    rows), ``skill_gap``; else :data:`DEFAULT_PRIMARY`, else the first of
    :data:`BALANCE_METRICS` present."""
    present = set(r[3] for r in table.rows)
    named = tuple(m for m in table.meta.get("primary", ()) if m in present)
    if named:
        return named
    if "skill_gap" in present and all(r[0] == "default" for r in table.rows):
        return ("skill_gap",)
    for metric in (DEFAULT_PRIMARY, *BALANCE_METRICS):
        if metric in present:
            return (metric,)
    raise BadInput("NB-ARG", "the sweep has none of the balance metrics "
                   f"{', '.join(BALANCE_METRICS)}")


def report_metrics(table: Table, metric: str | None = None) -> tuple[str, ...]:
    """The metrics one report on ``table`` looks at, and so the family its verdicts are
    corrected over: the :data:`BALANCE_METRICS` present, the table's primary metric(s) and
    ``metric``. The family does not depend on the results, and barely on the metric shown."""
    present = list(dict.fromkeys(r[3] for r in table.rows))
    wanted = {*BALANCE_METRICS, *table.meta.get("primary", ()), *([metric] if metric else [])}
    return tuple(m for m in present if m in wanted)


def _comparisons(table: Table, metrics: Sequence[str]) -> list[dict[str, Any]]:
    """Every comparison of a report, before the correction: each non-default reading against
    the default of its player count and mix, on each of ``metrics``; and for ``skill_gap``
    each row against 1/2 (no skill; ``"ladder": True``)."""
    out = []
    for metric in metrics:
        rate = _is_rate(metric)
        base = {(r[1], r[2]): r for r in table.rows if r[0] == "default" and r[3] == metric}
        for r in table.rows:
            if r[3] != metric:
                continue
            if metric == "skill_gap":
                b: tuple[Any, ...] = (r[0], r[1], r[2], metric, 0.5, r[5], 0.5, 0.5)
            elif r[0] == "default" or (r[1], r[2]) not in base:
                continue
            else:
                b = base[(r[1], r[2])]
            why = TOO_FEW if min(r[5], b[5]) < MIN_N else \
                SAME if _flat(r, rate) and _flat(b, rate) else None
            label = f"{r[0]}, {r[1]} players, {r[2]}: {metric}"
            out.append({"reading": r[0], "players": r[1], "mix": r[2], "metric": metric,
                        "ladder": metric == "skill_gap",
                        "default": (b[4], b[5], b[6], b[7]), "value": (r[4], r[5], r[6], r[7]),
                        "why": why,
                        "comparison": unpaired_from_summaries(b[4:], r[4:], rate=rate,
                                                              label=label)})
    return out


def reading_verdicts(table: Table, metric: str | None = None
                     ) -> tuple[list[dict[str, Any]], Family]:
    """The verdict of every comparison one report on ``table`` makes (:func:`report_metrics`),
    corrected together: ``(comparisons, family)``.

    A table's readings were played on different deals, so each comparison is unpaired, from the
    rows alone (:func:`doppelnb.core.stats.unpaired_from_summaries`: Welch t for means, the
    normal approximation for rates). Holm's correction (:func:`doppelnb.core.stats.settle`)
    holds the family-wise error rate at :data:`ALPHA` over every comparison tested; a cell of
    fewer than :data:`MIN_N` games still counts in the family but gets no direction
    (``why = "too few games"``); a metric that is the same in every game of both cells is not
    tested (``why = "the same in every game"``). Each comparison gets ``outcome`` (``"settled:
    higher"``, ``"settled: lower"``, ``"open"``, ``"too few games"``, ``"the same in every
    game"``), ``settled``, ``p_value``, ``adjusted_p``, ``lo``..``hi`` (the simultaneous,
    Bonferroni, interval of the difference), ``bound`` (the largest difference that interval
    allows) and ``gap`` (the smallest, 0 when it touches 0)."""
    items = _comparisons(table, report_metrics(table, metric))
    tested = [c for c in items if c["why"] != SAME]
    family = settle([c["comparison"] for c in tested], ALPHA, "holm", min_n=MIN_N)
    verdicts = dict(zip(map(id, tested), family.verdicts, strict=True))
    for c in items:
        v = verdicts.get(id(c))
        diff = c["comparison"].difference.estimate
        lo, hi = (v.lo, v.hi) if v is not None else (diff, diff)
        c["outcome"] = c["why"] or (v.outcome if v is not None else SAME)
        c["settled"] = c["outcome"].startswith("settled")
        c["p_value"] = c["comparison"].p_value
        c["adjusted_p"] = v.adjusted_p if v is not None else 1.0
        c["lo"], c["hi"] = lo, hi
        c["bound"] = max(abs(lo), abs(hi))
        c["gap"] = min(abs(lo), abs(hi)) if lo > 0 or hi < 0 else 0.0
    return items, family


def compare_readings(table: Table, metric: str) -> list[dict[str, Any]]:
    """For each non-default reading (per player count and mix): the default's and the reading's
    ``(estimate, n, lo, hi)`` for ``metric`` and the verdict of :func:`reading_verdicts`, with
    Holm's correction over every comparison of a report on ``metric`` (``settled``: it survives
    the correction with enough games; ``bound``, ``gap``: the largest and smallest difference
    its simultaneous interval allows)."""
    items, _ = reading_verdicts(table, metric)
    return [c for c in items if c["metric"] == metric and not c["ladder"]]


def _cell(value: tuple[Any, ...], rate: bool) -> str:
    est, _, lo, hi = value
    return f"{est:.3f} (the same in every game)" if _flat(("", 0, "", "", est, 0, lo, hi),
                                                          rate) else \
        f"{est:.3f} [{lo:.3f}, {hi:.3f}]"


def _correction(family: Family) -> str:
    m = family.size
    return (f"at the {family.alpha:.0%} level after Holm's correction over {m} "
            f"comparison{'s' if m != 1 else ''}")


def _verdict_sentence(c: dict[str, Any], family: Family) -> str:
    """One reading against the default, in words, with the correction its verdict survived."""
    d, v, metric = c["default"], c["value"], c["metric"]
    rate = _is_rate(metric)
    head = (f"Policy mix {c['mix']}, {c['players']} players, n = {d[1]} and {v[1]} games: "
            f"{metric} is {_cell(d, rate)} by default and {_cell(v, rate)} with {c['reading']}")
    interval = f"[{c['lo']:.3f}, {c['hi']:.3f}]"
    if c["outcome"] == TOO_FEW:
        return (f"{head}. Too few games for a verdict (fewer than {MIN_N} in a cell): no "
                "direction is drawn.")
    if c["outcome"] == SAME:
        return (f"{head}. {metric} is the same in every game of each cell: there is no spread "
                "to test a difference against, and no direction is drawn.")
    if c["settled"]:
        way = "higher" if c["outcome"] == "settled: higher" else "lower"
        return (f"{head}. Settled {_correction(family)} (adjusted p = {c['adjusted_p']:.2g}): "
                f"the reading makes {metric} {way}; the difference's simultaneous interval is "
                f"{interval}.")
    return (f"{head}. Open at this n: not settled {_correction(family)} (adjusted p = "
            f"{c['adjusted_p']:.2g}); any difference is at most {c['bound']:.3f} (simultaneous "
            f"interval {interval}).")


def _ladder_sentence(c: dict[str, Any], family: Family) -> str:
    """One skill-gap row in words: does the stronger policy finish ahead more often than 1/2
    (no skill), after the correction?"""
    est, n, lo, hi = c["value"]
    strong, _, weak = str(c["mix"]).partition("/")
    head = (f"{strong} against {weak} ({c['players']} players, {c['reading']} rules, n = {n} "
            f"games): a {strong} seat finishes ahead of a {weak} seat {est:.3f} [{lo:.3f}, "
            f"{hi:.3f}] of the time")
    if c["outcome"] == TOO_FEW:
        return (f"{head}. Too few games for a verdict (fewer than {MIN_N}): no direction is "
                "drawn.")
    if c["outcome"] == SAME:
        return f"{head}. Every game gave the same value: no direction is drawn."
    interval = f"[{0.5 + c['lo']:.3f}, {0.5 + c['hi']:.3f}]"
    if c["settled"]:
        way = ("the stronger policy finishes ahead more often than not"
               if c["outcome"] == "settled: higher"
               else "the policy ranked stronger finishes ahead less often than not")
        return (f"{head}. Settled {_correction(family)} (adjusted p = {c['adjusted_p']:.2g}): "
                f"{way} (simultaneous interval {interval}).")
    return (f"{head}. Open at this n: not settled {_correction(family)} (adjusted p = "
            f"{c['adjusted_p']:.2g}); the gap from 0.5 is at most {c['bound']:.3f} either way.")


def balance_summary(name: str | Table, metric: str | None = None) -> Any:
    """A shipped sweep (``doppelnb/data/sweeps/NAME.csv``, or a :class:`Table`) as a notebook
    section: a verdict per reading (or per skill pairing), a bar chart of ``metric`` per reading
    and policy mix with its 95% intervals, and a table of the balance metrics (estimate, n,
    interval).

    The verdicts are :func:`reading_verdicts`: unpaired tests from the rows, Holm-corrected at
    family-wise 5% over every comparison of the report, and each sentence names the correction
    ("settled at the 5% level after Holm's correction over N comparisons"). No direction is
    drawn from a cell of fewer than :data:`~doppelnb.core.stats.MIN_N` games or from a metric
    the same in every game. ``metric=None`` speaks of the table's primary metric(s)
    (:func:`primary_metrics`, chosen before the sweep; the chart shows the first), never the
    one that happens to separate most.

    >>> summary = balance_summary("doppeldoppel_reversal_scope", "score_spread")
    >>> "reversal_scope=round_permanent" in str(summary) and "<svg" in str(summary)
    True
    """
    from .render import Html, bar_chart, escape, html_table

    table = name if isinstance(name, Table) else load_table(name)
    present = list(dict.fromkeys(r[3] for r in table.rows))
    if metric is None:
        spoken = primary_metrics(table)
    elif metric not in present:
        raise BadInput("NB-ARG", f"no rows for metric {metric!r}; metrics are "
                       f"{', '.join(present)}")
    else:
        spoken = (metric,)
    metric = spoken[0]
    game = table.meta.get("name") or table.meta.get("game", name if isinstance(name, str)
                                                     else "")
    items, family = reading_verdicts(table, metric)
    sentences = []
    for m in spoken:
        mine = [c for c in items if c["metric"] == m]
        sentences += [_verdict_sentence(c, family) for c in
                      sorted((c for c in mine if not c["ladder"]), key=lambda c: not c["settled"])]
        sentences += [_ladder_sentence(c, family) for c in mine if c["ladder"]]
    rows = table.where(metric=metric).rows
    chart = bar_chart([(_cell_label(r, game), r[4]) for r in rows],
                      intervals=[(r[6], r[7]) for r in rows],
                      references=[(0.5, "no skill")] if metric == "skill_gap" else (),
                      title=f"{game_label(game)}: {metric_label(metric)} per reading "
                            "(bars: 95% intervals)",
                      y_label=metric_label(metric), width=max(520, 150 * len(rows)))
    shown = [r for r in table.rows if r[3] in BALANCE_METRICS or r[3] in spoken]
    body = [[reading_label(r[0], game), r[1], mix_label(r[2]), metric_label(r[3]), _num(r[4], 3),
             r[5], f"[{_num(r[6], 3)}, {_num(r[7], 3)}]"] for r in shown]
    text = "".join(f"<p>{escape(s)}</p>" for s in sentences)
    grid = html_table(["rules", "players", "bots", "metric", "estimate", "games",
                       "95% interval"], body, caption=f"{game_label(game)}: balance metrics")
    return Html(f"<div>{text}{chart}{_made_with(table.meta)}{grid}</div>")


def _made_with(meta: dict[str, Any]) -> str:
    """Under a shipped table's chart: the command(s) that made it and the games per cell, so a
    reader can tell how much data the intervals stand on and run it again."""
    from .render import escape

    commands = meta.get("commands")
    if not commands:
        return ""
    games = meta.get("games")
    counts = games if isinstance(games, tuple) else (games,) * len(commands)
    lines = "".join(f"<br><code>{escape(c)}</code> ({n:,} games per cell)"
                    for c, n in zip(commands, counts, strict=True))
    turn = " (the rows of each command in turn)" if len(commands) > 1 else ""
    note = f"<br>{escape(meta['note'])}" if meta.get("note") else ""
    return (f'<p style="font-size:0.9em">Made with doppelnb {escape(meta.get("version", ""))}'
            f"{turn}:{lines}{note}</p>")


def _num(value: float, digits: int = 6) -> str:
    return f"{value:.{digits}f}"


# -- what to sweep -----------------------------------------------------------------------------
def resolve_game(game: Any) -> tuple[str, GameSpec]:
    """``(name, spec)``: a name in :data:`doppelnb.GAMES`, a :class:`~doppelnb.core.spec.GameSpec`,
    or an engine module object (a shipped engine maps to its registered spec; a game of your
    own, already imported, to :meth:`GameSpec.of_module`). ``name`` is what the sweep's seeds are
    drawn from and what its tasks carry.

    A string is only ever one of the registered names, checked before anything is imported: a
    sweep never imports a module because a command line named it.
    """
    spec = game_spec(game)
    return spec.name, spec


def _task_game(spec: GameSpec) -> GameSpec | None:
    """What a task carries besides the game's name: nothing for a shipped game as registered
    (each worker looks the name up, importing the engine from the registry's fixed table), the
    spec itself for any other (a game of your own, registered in this process or not: pickled by
    reference to its module's objects, which the caller has imported)."""
    if spec.name in TITLES and spec_of(spec.name) == spec:
        return None
    return spec


def player_counts_of(game: Any) -> tuple[int, ...]:
    """The engine's legal player counts (``GameSpec.player_counts``)."""
    spec = game_spec(game)
    if not spec.player_counts:
        raise BadInput("NB-ARG", f"{spec.name} has no player counts; pass player_counts")
    return spec.player_counts


def readings_of(game: Any, readings: Any = "all") -> list[tuple[str, dict[str, Any]]]:
    """``[(label, changes)]``: ``"default"`` first, then each reading of each flag changed alone.

    ``game``: a name, a :class:`~doppelnb.core.spec.GameSpec` or an engine module. ``readings``
    is ``"all"``, ``"default"``, or a list of flag names (each of their readings)
    and ``"flag=value"`` labels (one reading). Flags whose values are data (no list of readings)
    are not swept.
    """
    flags = {info.name: info for info in game_spec(game).Rules.flags() if info.choices}
    out: list[tuple[str, dict[str, Any]]] = [("default", {})]
    if readings == "default":
        return out
    if readings == "all":
        wanted: Iterable[Any] = list(flags)
    elif isinstance(readings, (list, tuple)):
        wanted = readings
    else:
        raise BadInput("NB-ARG", f"readings must be 'all', 'default' or a list of flags and "
                       f"'flag=value' readings, not {show(readings)}")
    seen = {"default"}
    for item in wanted:
        if not isinstance(item, str):
            raise BadInput("NB-ARG", f"a reading is a flag name or 'flag=value', not {show(item)}")
        if item == "default":
            continue
        name, _, text = item.partition("=")
        info = flags.get(name)
        if info is None:
            raise BadInput("NB-ARG", f"{name!r} is not a variant flag with readings; flags are "
                           f"{', '.join(flags)}")
        values = [c for c in info.choices or () if c != info.default]
        if text:
            values = [c for c in info.choices or () if str(c) == text]
            if not values:
                raise BadInput("NB-ARG", f"{text!r} is not a reading of {name}; readings are "
                               f"{', '.join(map(str, info.choices or ()))}")
        for value in values:
            label = f"{name}={value}"
            if label not in seen and value != info.default:
                seen.add(label)
                out.append((label, {name: value}))
    return out


def mixes_for(policies: Sequence[str]) -> list[str]:
    """Each policy alone, then every pair (stronger first) sharing the table seat by seat."""
    pure = list(dict.fromkeys(policies))
    for spec in pure:
        parse_policy(spec)
    ranked = sorted(pure, key=strength, reverse=True)
    pairs = [f"{a}/{b}" for a, b in itertools.combinations(ranked, 2)]
    return pure + pairs


def _parse_mix(mix: Any) -> tuple[str, ...]:
    if isinstance(mix, str):
        parts = tuple(p.strip() for p in mix.split("/"))
    elif isinstance(mix, (list, tuple)):
        parts = tuple(mix)
    else:
        raise BadInput("NB-ARG", f"a policy mix is like 'greedy/random', not {show(mix)}")
    if not parts or len(parts) > 16:
        raise BadInput("NB-ARG", f"a policy mix names 1 to 16 policies, not {show(mix)}")
    for spec in parts:
        parse_policy(spec)
    return parts


# -- playing one game --------------------------------------------------------------------------
def seats_for(mix: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The policy at each seat in game ``index``: the mix in turn, rotated one seat per game."""
    return tuple(mix[(seat + index) % len(mix)] for seat in range(players))


def _leader(scores: Sequence[Any]) -> int | None:
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def _float(value: Any) -> float:
    return float(value)


_POLICIES: dict[tuple[GameSpec, str], Any] = {}


def _policy(game: GameSpec, policy: str) -> Any:
    """The policy named ``policy`` for ``game``, made once per process (a worker plays many
    games of a cell with the same players)."""
    made = _POLICIES.get((game, policy))
    if made is None:
        made = _POLICIES[(game, policy)] = make_policy(policy, game)
    return made


def play_game(game: str | GameSpec, changes: dict[str, Any], players: int, seats: Sequence[str],
              game_seed: int, policy_seed: Sequence[Any], max_actions: int = 200_000
              ) -> dict[str, Any]:
    """Play one game of ``game`` (a registered name or a
    :class:`~doppelnb.core.spec.GameSpec`) and return its facts as a small JSON-ready dict."""
    return _play(game_spec(game), changes, players, seats, game_seed, policy_seed,
                 max_actions)[0]


def _play(game: GameSpec, changes: dict[str, Any], players: int, seats: Sequence[str],
          game_seed: int, policy_seed: Sequence[Any], max_actions: int = 200_000,
          clock: list[list[float]] | None = None) -> tuple[dict[str, Any], Any]:
    """:func:`play_game`'s facts and the game's final state (whose record the shipped tables'
    fingerprints take their moves from, :mod:`doppelnb.core.provenance`). ``clock``, one
    ``[cpu_seconds, decisions]`` per seat, adds up what each seat's policy spent deciding (the
    ladder's cost per decision, :mod:`doppelnb.core.ladder`)."""
    rules = game.Rules().replace(**changes) if changes else game.Rules()
    state = game.new_game(players, rules=rules, seed=game_seed)
    rng = rng_for(*policy_seed)
    policies = [_policy(game, policy) for policy in seats]
    first = state.to_move
    leaders: list[int | None] = [_leader(state.scores)]
    rounds: set[Any] = set()
    has_round = isinstance(getattr(state, "round", None), int)
    steps = 0
    while not state.is_over:
        if has_round:
            rounds.add(state.round)
        mover = state.to_move
        if clock is None:
            action = policies[mover](state, rng)
        else:
            started = time.process_time()
            action = policies[mover](state, rng)
            clock[mover][0] += time.process_time() - started
            clock[mover][1] += 1
        state = state.play(action)
        leaders.append(_leader(state.scores))
        steps += 1
        if steps > max_actions:
            raise RuntimeError(f"a {game.name} game did not end within {max_actions} actions")
    changes_count = 0
    last: int | None = None
    for seat in leaders:
        if seat is not None:
            if last is not None and seat != last:
                changes_count += 1
            last = seat
    outcome = state.outcome
    record = {"w": list(outcome.winners), "s": [_float(v) for v in outcome.scores],
              "len": steps, "rounds": len(rounds) if has_round else None, "lc": changes_count,
              "half": leaders[steps // 2], "first": first, "seats": list(seats)}
    if game.sides is not None:  # a team game: each seat's side at the end
        record["t"] = [str(side) for side in game.sides(state)]
    return record, state


@dataclass(frozen=True)
class _Task:
    """One chunk of a cell, as sent to a worker. ``game`` is the game's name (the seeds are drawn
    from it); ``own`` is ``None`` for a registered game, which the worker looks up by name, and
    the spec itself for a game of your own (see :func:`_task_game`)."""

    game: str
    reading: str
    changes: tuple[tuple[str, Any], ...]
    players: int
    mix: tuple[str, ...]
    seed: int
    start: int
    count: int
    own: GameSpec | None = None

    @property
    def cell(self) -> str:
        return cell_key(self.reading, self.players, "/".join(self.mix))


def cell_key(reading: str, players: int, mix: str) -> str:
    return f"{reading}|{players}|{mix}"


def run_chunk(task: _Task) -> tuple[str, int, list[dict[str, Any]]]:
    """Play games ``start .. start+count-1`` of one cell (what a worker runs)."""
    return task.cell, task.start, [record for record, _ in play_chunk(task)]


def play_chunk(task: _Task) -> Iterator[tuple[dict[str, Any], Any]]:
    """Games ``start .. start+count-1`` of one cell, one at a time: each game's facts (with its
    index ``i``) and its final state. The one place a sweep's game is seeded and played, shared
    by :func:`run_chunk` and the shipped tables' fingerprints, so a fingerprint replays exactly
    the games the table was computed from."""
    game = task.own if task.own is not None else spec_of(task.game)
    for index in range(task.start, task.start + task.count):
        deal = rng_for(task.seed, "deal", task.game, task.reading, task.players, index)
        record, state = _play(game, dict(task.changes), task.players,
                              seats_for(task.mix, task.players, index), deal.getrandbits(62),
                              (task.seed, "players", task.game, task.cell, index))
        record["i"] = index
        yield record, state


# -- metrics -----------------------------------------------------------------------------------
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


# -- the sweep ---------------------------------------------------------------------------------
#: The games this process has warmed up (:func:`_start_worker`), by name.
_WARMED: set[str] = set()


def _start_worker(games: tuple[str | GameSpec, ...] = ()) -> None:
    """A worker's start: ignore Ctrl-C (the sweep handles it) and import the engines it will play
    (registered names, or the specs of games of your own) and play a few actions of each (so no
    task pays the imports and data loading of a first game)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for game in games:
        try:
            _warm(game)
        except Exception:  # noqa: BLE001 - only a head start: a task reports real errors
            continue


def _warm(game: str | GameSpec) -> None:
    spec = game_spec(game)
    counts = spec.player_counts
    if counts:  # a few random actions: load the engine's data and fill its caches
        state = spec.new_game(counts[0], seed=1)
        rng = rng_for(0, "warm")
        for _ in range(20):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
    _WARMED.add(spec.name)


def default_executor(workers: int | None = None, games: Sequence[Any] = ()) -> cf.Executor:
    """Processes on every core (or ``workers``), started once and reused for every task of a
    sweep (pass the same executor to several sweeps to start them only once); each worker
    imports ``games`` (names in :data:`doppelnb.GAMES`, specs or engine modules) as it starts,
    and ignores Ctrl-C."""
    import multiprocessing

    if workers is not None:
        workers = check_int(workers, "workers", 1, MAX_WORKERS)
    specs = tuple(_task_game(spec) or spec.name for spec in (game_spec(g) for g in games))
    return cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1,
                                  mp_context=multiprocessing.get_context("spawn"),
                                  initializer=_start_worker, initargs=(specs,))


def _stop_pool(pool: cf.Executor) -> None:
    """Stop a pool of our own now: cancel what has not started, end the worker processes (a
    chunk they are playing is lost; its games are played again on resume), and wait until they
    are gone, so that no worker, and no resource tracker kept alive by one, outlives the sweep."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)


#: Size limits of a sweep (and of the command line's options), far above any sweep the notebooks,
#: the Makefile or the tests run: games per cell, worker processes, policies and mixes.
MAX_GAMES = 10_000_000
MAX_WORKERS = 256
MAX_POLICIES = 16
MAX_MIXES = 256

#: Default chunking: about this many tasks per worker over the whole sweep (so the last tasks
#: leave little idle time), but never more games per task than :data:`MAX_CHUNK` (fast games:
#: progress and checkpoints every few seconds) or :data:`MAX_SEARCH_CHUNK` when a mix has a
#: search player (a game of seconds to minutes).
TASKS_PER_WORKER = 8
MAX_CHUNK = 250
MAX_SEARCH_CHUNK = 4


def default_chunk(games: int, cells: int, workers: int, search: bool = False) -> int:
    """Games per task when ``chunk`` is not given: the sweep's ``games * cells`` spread over
    ``workers * TASKS_PER_WORKER`` tasks, at most ``games`` (one cell) and at most
    :data:`MAX_CHUNK` (:data:`MAX_SEARCH_CHUNK` with a search player). Bigger chunks mean fewer
    round trips to the workers; the results do not depend on it.

    >>> default_chunk(10_000, 2, 2), default_chunk(40, 1, 2), default_chunk(120, 2, 2, True)
    (250, 3, 4)
    """
    share = math.ceil(games * cells / (max(1, workers) * TASKS_PER_WORKER))
    return max(1, min(share, games, MAX_SEARCH_CHUNK if search else MAX_CHUNK))


def _dimensions(name: str, game: GameSpec, readings: Any, player_counts: Sequence[int] | None,
                policy_mixes: Sequence[Any]
                ) -> tuple[list[tuple[str, dict[str, Any]]], tuple[int, ...], list[tuple[str, ...]]]:
    """A sweep's readings, player counts and policy mixes, checked (its cells are every
    combination, in this order: see :func:`sweep_cells`)."""
    if player_counts is None:
        counts: tuple[int, ...] = player_counts_of(game)
    else:
        if isinstance(player_counts, (str, bytes)) or not isinstance(player_counts, Sequence) \
                or not player_counts:
            raise BadInput("NB-ARG", f"player_counts must be a list of whole numbers, "
                           f"not {show(player_counts)}")
        counts = tuple(dict.fromkeys(check_int(p, "player_counts", 1, 64)
                                     for p in player_counts))
        legal = game.player_counts
        for p in counts:
            if legal and p not in legal:
                raise BadInput("NB-ARG", f"player_counts: {name} is for "
                               f"{', '.join(map(str, legal))} players, not {p}")
    if isinstance(policy_mixes, str):
        policy_mixes = [policy_mixes]
    if not isinstance(policy_mixes, (list, tuple)) or len(policy_mixes) > MAX_MIXES:
        raise BadInput("NB-ARG", f"policy_mixes must be a list of 1 to {MAX_MIXES} mixes, "
                       f"not {show(policy_mixes)}")
    mixes = list(dict.fromkeys(_parse_mix(m) for m in policy_mixes))
    if not mixes:
        raise BadInput("NB-ARG", "policy_mixes must name at least one mix")
    cells_readings = readings_of(game, readings)
    return cells_readings, counts, mixes


def sweep_cells(game: Any, readings: Any = "all", player_counts: Sequence[int] | None = None,
                policy_mixes: Sequence[Any] = ("random", "greedy", "greedy/random")
                ) -> list[tuple[str, dict[str, Any], int, tuple[str, ...]]]:
    """The cells :func:`sweep` plays for these arguments, in the order of its table:
    ``[(reading, changes, players, mix)]``.

    >>> [(r, p, m) for r, _, p, m in sweep_cells("doppeldoppel", "default", [3], ["greedy"])]
    [('default', 3, ('greedy',))]
    """
    name, spec = resolve_game(game)
    cells_readings, counts, mixes = _dimensions(name, spec, readings, player_counts,
                                                policy_mixes)
    return [(label, changes, players, mix)
            for (label, changes), players, mix in itertools.product(cells_readings, counts, mixes)]


def sweep(game: Any, *, readings: Any = "all", player_counts: Sequence[int] | None = None,
          policy_mixes: Sequence[Any] = ("random", "greedy", "greedy/random"), games: int = 100,
          seed: int = 0, executor: cf.Executor | None = None, workers: int | None = None,
          checkpoint: str | os.PathLike[str] | None = None, progress: bool = True,
          chunk: int | None = None) -> Table:
    """Play ``games`` games in every cell and return the metrics table (see the module doc).

    ``readings``: ``"all"`` (the defaults and every reading of every flag, one flag changed at a
    time), ``"default"``, or a list of flag names and ``"flag=value"`` readings.
    ``player_counts``: default every legal count. ``policy_mixes``: strings like ``"mcts"``,
    ``"greedy/random"``, ``"mcts:200/greedy"``. ``executor``: any
    :class:`concurrent.futures.Executor` (not shut down here); ``None`` uses processes on
    ``workers`` cores (default all, at most :data:`MAX_WORKERS`), or this process when
    ``workers=1``. ``checkpoint``: a JSON-lines file to resume from and append finished chunks
    to (see :mod:`doppelnb.core.resume`: a file that is not this sweep's checkpoint is
    refused, never overwritten; the number of games is not part of the sweep's identity, so a
    sweep with more games tops the same checkpoint up, and one with fewer uses its first
    games); it is kept, and :func:`remove_checkpoint` deletes it once the table is saved.
    ``chunk``: games per task (default: sized from the work; it changes neither the games nor
    the results). ``games`` is at most :data:`MAX_GAMES`.
    """
    spec, game_of = resolve_game(game)
    own = _task_game(game_of)
    games = check_int(games, "games", 1, MAX_GAMES)
    seed = check_int(seed, "seed", 0, MAX_SEED)
    cells_readings, counts, mixes = _dimensions(spec, game_of, readings, player_counts,
                                                policy_mixes)
    if workers is not None:
        workers = check_int(workers, "workers", 1, MAX_WORKERS)
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)) or \
            checkpoint == "":
        raise BadInput("NB-ARG", f"checkpoint must be a file path, not {show(checkpoint)}")
    cells = list(itertools.product(cells_readings, counts, mixes))
    if chunk is None:
        search = any("mcts" in spec_ for mix in mixes for spec_ in mix)
        chunk = default_chunk(games, len(cells), workers or os.cpu_count() or 1, search)
    chunk = check_int(chunk, "chunk", 1, MAX_GAMES)

    # The checkpoint names the games, not the chunks: a sweep resumes with any chunk or workers,
    # and tops up with more games (the number of games is not part of its identity).
    identity = {"doppelnb": VERSION, "game": spec, "seed": seed,
                "readings": [label for label, _ in cells_readings], "players": list(counts),
                "mixes": ["/".join(m) for m in mixes]}
    cell_mixes = {cell_key(label, players, "/".join(mix)): (players, mix)
                  for (label, _), players, mix in cells}
    store = Checkpoint(checkpoint, identity, cell_mixes) if checkpoint is not None else None
    pool = None
    bar = None
    played = 0
    futures: list[cf.Future[Any]] = []
    try:
        results: dict[str, dict[int, dict[str, Any]]] = {}
        for cell, kept in (store.done.items() if store else ()):
            results[cell] = {i: record for i, record in kept.items() if i < games}
        resumed = sum(len(v) for v in results.values())
        todo: list[_Task] = []
        for (label, changes), players, mix in cells:
            items = tuple(sorted(changes.items()))
            have = results.get(cell_key(label, players, "/".join(mix)), {})
            missing = [i for i in range(games) if i not in have]
            for run in _runs(missing, chunk):
                todo.append(_Task(spec, label, items, players, mix, seed, run[0], len(run),
                                  own))
        total = len(cells) * games
        if executor is None and workers != 1 and todo:
            pool = executor = default_executor(workers, games=(game_of,))
        bar = _progress(total, resumed, f"{spec} sweep") if progress else None
        if executor is None or not todo:  # workers=1: in this process, one chunk after another
            done: Iterable[tuple[str, int, list[dict[str, Any]]]] = map(run_chunk, todo)
        else:
            futures = [executor.submit(run_chunk, t) for t in todo]
            done = (future.result() for future in cf.as_completed(futures))
        for cell, start, records in done:
            for record in records:
                results.setdefault(cell, {})[record["i"]] = record
            played += len(records)
            if store is not None:
                store.add(cell, start, records)
            if bar is not None:
                bar.update(len(records))
    except BaseException:  # Ctrl-C, SIGTERM (as the command line turns it) or a failed task
        for future in futures:
            future.cancel()
        if pool is not None:
            _stop_pool(pool)
            pool = None
        raise
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
        if pool is not None:
            pool.shutdown(wait=True)

    from .policy import describe

    rows: list[tuple[Any, ...]] = []
    for (label, _), players, mix in cells:
        mix_label = "/".join(mix)
        played_here = results[cell_key(label, players, mix_label)]
        records = [played_here[i] for i in range(games)]
        for name, est, n, lo, hi in metrics(records, players):
            rows.append((label, players, mix_label, name, est, n, lo, hi))
    meta = {"game": spec, "seed": seed, "games": games, "players_used": describe(game_of),
            "games_played": played, "games_resumed": resumed}
    if store is not None:  # which file it was, for remove_checkpoint
        meta.update(checkpoint=str(store.path), checkpoint_id=store.file_id)
    return Table(rows, meta)


def _runs(indices: Sequence[int], chunk: int) -> Iterator[list[int]]:
    """Consecutive runs of ``indices`` (sorted), each cut into pieces of at most ``chunk``."""
    run: list[int] = []
    for i in indices:
        if run and (i != run[-1] + 1 or len(run) == chunk):
            yield run
            run = []
        run.append(i)
    if run:
        yield run


def _progress(total: int, initial: int, desc: str) -> Any:
    """A progress bar: the notebook widget in a Jupyter kernel, else tqdm's text bar (without
    importing ipywidgets, which the plain install does not have)."""
    if _in_kernel():
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=total, initial=initial, desc=desc, unit="game", smoothing=0.1)


def _in_kernel() -> bool:
    """Whether this process is a Jupyter kernel (an IPython shell with a kernel attached)."""
    if "ipykernel" not in sys.modules:
        return False
    get_ipython = getattr(sys.modules.get("IPython"), "get_ipython", None)
    shell = get_ipython() if callable(get_ipython) else None
    return getattr(shell, "kernel", None) is not None


# -- command line ------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doppelnb sweep GAME --games N --seed S [--workers K | --scheduler ADDRESS]
    --out FILE``: the same as :func:`doppelnb.cli.main` with ``sweep`` (see
    :mod:`doppelnb.core.sweep_cli`; its errors one line on stderr); returns the exit status (0,
    2 for a bad argument or a refused checkpoint, 130 after Ctrl-C, 143 after SIGTERM)."""
    from ..cli import main as cli_main

    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    if args_list[:1] == ["sweep"]:
        args_list = args_list[1:]
    try:
        return cli_main(["sweep", *args_list])
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2


__all__ = ["sweep", "Table", "METRICS", "COLUMNS", "metrics", "readings_of", "mixes_for",
           "play_game", "run_chunk", "default_executor", "main", "seats_for",
           "load_table", "balance_summary", "compare_readings", "BALANCE_METRICS", "RATE_METRICS",
           "DEFAULT_PRIMARY", "primary_metrics", "report_metrics", "reading_verdicts",
           "default_chunk", "remove_checkpoint", "CHECKPOINT_FORMAT", "MAX_GAMES",
           "MAX_WORKERS", "METRIC_LABELS", "metric_label", "reading_label", "mix_label",
           "game_label"]
