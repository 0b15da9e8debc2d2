"""A sweep table's verdicts: each reading of the rules against the default (and each skill
pairing against no skill), on the balance metrics, Holm-corrected together
(:func:`reading_verdicts`, :func:`compare_readings`), and the notebook section that says them in
words beside the chart and the table (:func:`balance_summary`).

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .errors import BadInput
from .stats import (
    MIN_N,
    Comparison,
    Estimate,
    Family,
    settle,
    sign_test_p,
    t_quantile,
    t_sf,
    unpaired_from_summaries,
)
from .sweep_plan import pair_order
from .sweep_table import (
    Table,
    _cell_label,
    _num,
    game_label,
    load_table,
    metric_label,
    mix_label,
    reading_label,
)

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


def _flat(summary: tuple[float, int, float, float], rate: bool) -> bool:
    """Every game of the cell (``(estimate, n, lo, hi)``) gave the same value: a rate of 0 or
    1, a mean with no width."""
    estimate, _, lo, hi = summary
    return estimate in (0.0, 1.0) if rate else lo == hi


def primary_metrics(table: Table) -> tuple[str, ...]:
    """The metric(s) a table's verdict speaks of when none is asked for: the ``primary`` of its
    provenance (``NAME.json``, chosen from the question the sweep was run for, never from its
    results); else, for a skill ladder (a table of the default rules alone, with ``skill_gap``
    rows), ``skill_gap``; else :data:`DEFAULT_PRIMARY`, else the first of
    :data:`BALANCE_METRICS` present."""
    present = set(r.metric for r in table.rows)
    named = tuple(m for m in table.meta.get("primary", ()) if m in present)
    if named:
        return named
    if "skill_gap" in present and all(r.reading == "default" for r in table.rows):
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
    present = list(dict.fromkeys(r.metric for r in table.rows))
    wanted = {*BALANCE_METRICS, *table.meta.get("primary", ()), *([metric] if metric else [])}
    return tuple(m for m in present if m in wanted)


def _comparisons(table: Table, metrics: Sequence[str]) -> list[dict[str, Any]]:
    """Every comparison of a report, before the correction: each non-default reading against
    the default of its player count and mix, on each of ``metrics``; and for ``skill_gap``
    each row against 1/2 (no skill; ``"ladder": True``)."""
    out = []
    for metric in metrics:
        rate = _is_rate(metric)
        base = {(r.players, r.mix): r for r in table.rows
                if r.reading == "default" and r.metric == metric}
        for r in table.rows:
            if r.metric != metric:
                continue
            if metric == "skill_gap":  # against no skill: 1/2, as if measured exactly
                b = r._replace(estimate=0.5, lo=0.5, hi=0.5)
            elif r.reading == "default" or (r.players, r.mix) not in base:
                continue
            else:
                b = base[(r.players, r.mix)]
            label = f"{r.reading}, {r.players} players, {r.mix}: {metric}"
            unpaired = unpaired_from_summaries(b.summary, r.summary, rate=rate, label=label)
            paired = r.paired if metric != "skill_gap" and r.n == b.n else None
            comparison = unpaired if paired is None else paired_from_summary(paired, unpaired)
            why = TOO_FEW if min(r.n, b.n) < MIN_N else \
                SAME if _flat(r.summary, rate) and _flat(b.summary, rate) else \
                SAME if comparison.constant else None
            out.append({"reading": r.reading, "players": r.players, "mix": r.mix,
                        "metric": metric, "ladder": metric == "skill_gap",
                        "default": b.summary, "value": r.summary, "why": why,
                        "paired": paired is not None, "test": comparison.test,
                        "difference": (comparison.difference.estimate, comparison.n,
                                       comparison.difference.lo, comparison.difference.hi),
                        "comparison": comparison})
    return out


def paired_from_summary(paired: tuple[float, int, float, float], unpaired: Comparison
                        ) -> Comparison:
    """The comparison of a reading with the default from its row's paired difference
    ``(difference, n, lo, hi)``: the mean per-game difference over the same ``n`` deals with
    its 95% paired t interval, as a sweep writes it
    (:func:`doppelnb.core.sweep_metrics.paired_differences`). The test is the paired t test read back from that interval (its
    standard error is the half-width over the t quantile at ``n - 1`` degrees of freedom), so
    the p-value and the interval agree; a difference the same in every game (``lo == hi``) is
    constant when 0 (nothing to test) and otherwise tested by the exact sign test (every one of
    the ``n`` games moved the same way). ``unpaired`` is kept for contrast."""
    diff, n, lo, hi = paired
    if n < 2 or not math.isfinite(hi - lo):  # one game: no spread to test against
        return unpaired
    if lo == hi:
        estimate = Estimate(diff, n, diff, diff, True, "Student t")
        if diff == 0:
            return Comparison(unpaired.label, estimate, 1.0, "none (no game differs)",
                              unpaired.difference)
        return Comparison(unpaired.label, estimate, sign_test_p(n, 0), "exact sign test",
                          unpaired.difference)
    estimate = Estimate(diff, n, lo, hi, False, "Student t")
    se = (hi - lo) / 2 / t_quantile(0.975, n - 1)
    p = min(1.0, 2 * t_sf(abs(diff) / se, n - 1))
    return Comparison(unpaired.label, estimate, p, "paired t", unpaired.difference)


def reading_verdicts(table: Table, metric: str | None = None
                     ) -> tuple[list[dict[str, Any]], Family]:
    """The verdict of every comparison one report on ``table`` makes (:func:`report_metrics`),
    corrected together: ``(comparisons, family)``.

    Each reading is compared with the default of its player count and mix on the same deals:
    from the row's paired difference (the mean per-game difference and its 95% paired t
    interval, :func:`paired_from_summary`), the paired t test. A row without one (a metric with
    no value per game, such as the half-time leader's wins; a table written before readings
    shared their deals) is compared unpaired from the two rows
    (:func:`doppelnb.core.stats.unpaired_from_summaries`: Welch t for means, the normal
    approximation for rates); ``paired`` and ``test`` say which. Holm's correction (:func:`doppelnb.core.stats.settle`)
    holds the family-wise error rate at :data:`ALPHA` over every comparison tested; a cell of
    fewer than :data:`MIN_N` games still counts in the family but gets no direction
    (``why = "too few games"``); a metric that is the same in every game of both cells is not
    tested, nor one in which no game differs between the readings (``why = "the same in every
    game"``). Each comparison gets ``difference`` (the 95% interval of reading - default,
    ``(estimate, n, lo, hi)``, paired where ``paired``), ``outcome`` (``"settled:
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
    ``(estimate, n, lo, hi)`` for ``metric``, the difference reading - default over the same
    deals with its 95% paired t interval (``difference``; ``paired`` false and an unpaired
    interval where the rows carry no paired difference), and the verdict of
    :func:`reading_verdicts`, with Holm's correction over every comparison of a report on
    ``metric`` (``settled``: it survives the correction with enough games; ``bound``, ``gap``:
    the largest and smallest difference its simultaneous interval allows)."""
    items, _ = reading_verdicts(table, metric)
    return [c for c in items if c["metric"] == metric and not c["ladder"]]


def _cell(value: tuple[float, int, float, float], rate: bool) -> str:
    est, _, lo, hi = value
    return f"{est:.3f} (the same in every game)" if _flat(value, rate) else \
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
    if c["paired"] and c["test"].startswith("none"):
        head += f"; paired over the same {c['difference'][1]} deals, no game differs"
    elif c["paired"]:
        est, n, lo, hi = c["difference"]
        head += (f"; paired over the same {n} deals, the difference is {est:.3f} "
                 f"[{lo:.3f}, {hi:.3f}] (95%, {c['test']})")
    else:
        head += f" (compared unpaired, {c['test']})"
    if c["outcome"] == TOO_FEW:
        return (f"{head}. Too few games for a verdict (fewer than {MIN_N} in a cell): no "
                "direction is drawn.")
    if c["outcome"] == SAME:
        if c["paired"] and not (_flat(d, rate) and _flat(v, rate)):
            return f"{head}: there is nothing to test, and no direction is drawn."
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


def _order_note(first: str, second: str, game: str) -> str:
    """Why a mix names ``first`` before ``second``: measured by the game's shipped ladder, or
    assumed by name where the ladder does not rate or separate them (:func:`pair_order`)."""
    from .ladder import measured_ratings

    ratings = measured_ratings(game) if isinstance(game, str) else {}
    stronger, _, why = pair_order(first, second, ratings)
    rated = [ratings[p] for p in (first, second) if p in ratings]
    elo = ", ".join(f"{r.name} 0, the anchor" if r.reference else
                    f"{r.name} {r.rating:+.0f} [{r.lo:+.0f}, {r.hi:+.0f}]" for r in rated)
    if why == "measured" and stronger != first:  # a mix written in the other order by hand
        return (f"{first} is named first, but the shipped ladder measures {second} stronger "
                f"(Elo against its anchor: {elo})")
    if why == "measured":
        return (f"{first} is named first because the shipped ladder measures it stronger (Elo "
                f"against its anchor: {elo})")
    if len(rated) == 2:
        return (f"{first} is named first by name only: the shipped ladder does not separate "
                f"them ({elo})")
    missing = [p for p in (first, second) if p not in ratings]
    if len(missing) == 2:
        return (f"{first} is named first by name only: neither {first} nor {second} is in a "
                "shipped ladder")
    return f"{first} is named first by name only: {missing[0]} is not in a shipped ladder"


def _ladder_sentence(c: dict[str, Any], family: Family, game: str = "") -> str:
    """One skill-gap row in words: does the first-named policy finish ahead more often than 1/2
    (no skill), after the correction? It says why that policy is named first: measured
    stronger by the shipped ladder, or only by name."""
    est, n, lo, hi = c["value"]
    strong, _, weak = str(c["mix"]).partition("/")
    head = (f"{strong} against {weak} ({c['players']} players, {c['reading']} rules, n = {n} "
            f"games; {_order_note(strong, weak, game)}): a {strong} seat finishes ahead of a "
            f"{weak} seat {est:.3f} [{lo:.3f}, {hi:.3f}] of the time")
    if c["outcome"] == TOO_FEW:
        return (f"{head}. Too few games for a verdict (fewer than {MIN_N}): no direction is "
                "drawn.")
    if c["outcome"] == SAME:
        return f"{head}. Every game gave the same value: no direction is drawn."
    interval = f"[{0.5 + c['lo']:.3f}, {0.5 + c['hi']:.3f}]"
    if c["settled"]:
        way = (f"{strong} finishes ahead of {weak} more often than not"
               if c["outcome"] == "settled: higher"
               else f"{weak} finishes ahead of {strong} more often than not")
        return (f"{head}. Settled {_correction(family)} (adjusted p = {c['adjusted_p']:.2g}): "
                f"{way} (simultaneous interval {interval}).")
    return (f"{head}. Open at this n: not settled {_correction(family)} (adjusted p = "
            f"{c['adjusted_p']:.2g}); the gap from 0.5 is at most {c['bound']:.3f} either way.")


def balance_summary(name: str | Table, metric: str | None = None) -> Any:
    """A shipped sweep (``doppelnb/data/sweeps/NAME.csv``, or a :class:`Table`) as a notebook
    section: a verdict per reading (or per skill pairing), a bar chart of ``metric`` per reading
    and policy mix with its 95% intervals, and a table of the balance metrics (estimate, n,
    interval).

    The verdicts are :func:`reading_verdicts`: paired tests on the common deals (unpaired from
    the rows where a row has no paired difference), Holm-corrected at
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
    present = list(dict.fromkeys(r.metric for r in table.rows))
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
        sentences += [_ladder_sentence(c, family, str(table.meta.get("game", "")))
                      for c in mine if c["ladder"]]
    rows = table.where(metric=metric).rows
    chart = bar_chart([(_cell_label(r, game), r.estimate) for r in rows],
                      intervals=[(r.lo, r.hi) for r in rows],
                      references=[(0.5, "no skill")] if metric == "skill_gap" else (),
                      title=f"{game_label(game)}: {metric_label(metric)} per reading "
                            "(bars: 95% intervals)",
                      y_label=metric_label(metric), width=max(520, 150 * len(rows)))
    shown = [r for r in table.rows if r.metric in BALANCE_METRICS or r.metric in spoken]
    body = [[reading_label(r.reading, game), r.players, mix_label(r.mix), metric_label(r.metric),
             _num(r.estimate, 3), r.n, f"[{_num(r.lo, 3)}, {_num(r.hi, 3)}]"] for r in shown]
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

