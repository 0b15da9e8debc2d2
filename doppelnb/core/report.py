"""A sweep's standalone HTML report (``python -m doppelnb sweep ... --report FILE.html``).

:func:`sweep_report` turns a :class:`~doppelnb.core.sweep.Table` (a fresh sweep, or a shipped
one: ``sweep_report(load_table("doppeldoppel"))``) into one HTML page that a designer can mail
or open years later: every chart is inline SVG drawn by matplotlib, with no script, no style
sheet, font or picture fetched from anywhere, so the page reads the same offline.

The page holds, in this order: the title and the question the sweep was run for; the verdicts
with their correction, exactly as :func:`~doppelnb.core.sweep.balance_summary` words them (the
sentences are taken from its output, never rebuilt here, so the report and the notebooks can
not disagree); one small chart per metric (each cell's estimate with its 95% interval and its
number of games); a seat-by-cell heatmap of the seat advantage; the cells and their games; and
the command and doppelnb version that made the table.

Only public names of :mod:`doppelnb.core.sweep` are used. matplotlib (the ``notebooks`` extra)
is imported when a page is drawn, never when this module is imported.
"""

from __future__ import annotations

import html
import io
import math
import re
import shlex
from collections.abc import Sequence
from typing import Any

from .checks import check_instance, check_sequence, check_str
from .errors import BadInput
from .render import MARKERS, PALETTE
from .sweep import (
    Table,
    balance_summary,
    game_label,
    metric_label,
    mix_label,
    primary_metrics,
    reading_label,
    report_metrics,
)
from .version import VERSION

#: The marker a page carries in its ``<head>``: ``sweep --report`` replaces an existing file only
#: when its first bytes hold it (a report doppelnb wrote), unless ``--force``.
GENERATOR = "doppelnb sweep report"
#: How many bytes of an existing file are read to find :data:`GENERATOR`.
MARKER_BYTES = 1024
#: The longest command (text, or one argument) a page shows: the command line's own limit.
MAX_COMMAND = 100_000
#: The one line ``sweep --report`` prints (exit 2) when matplotlib is missing.
NEEDS_EXTRA = "--report needs the notebooks extra: pip install 'doppelnb[notebooks]'"

_SEAT = re.compile(r"win_rate_seat(\d+)")
# A verdict paragraph of balance_summary: a bare <p> (its "made with" note has a style).
_SENTENCE = re.compile(r"<p>(.*?)</p>", re.S)

#: Under the heatmap of a table of metric version 1 (before issue 27): what its win rates mean.
TIES_NOTE = ("This table was made with metric version 1: a tied game counted as a win for each "
             "seat in the tie, so a cell's seat win rates can add up to more than 1. Tables of "
             "metric version 2 share a tie among the tied seats.")
#: Under the heatmap of a table of metric version 2: its win rates share ties.
SHARED_TIES_NOTE = ("Ties are shared: a game won by k seats gives each of them 1/k of a win (in a "
                    "team game, the winning side's seats), so a cell's seat win rates and its "
                    "no-winner rate add up to 1, and this is the tie-adjusted seat advantage "
                    "(metric version 2).")


def ties_note(table: Table) -> str:
    """What the table's seat win rates mean: :data:`TIES_NOTE` when any row is of metric
    version 1, else :data:`SHARED_TIES_NOTE`."""
    return TIES_NOTE if any(r.metric_version < 2 for r in table.rows) else SHARED_TIES_NOTE

_STYLE = """
body{font-family:'DejaVu Sans',Verdana,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
.question{font-size:1.05em;background:#f4f6fb;padding:.5em .8em;border-left:4px solid #0072B2}
.charts{display:flex;flex-wrap:wrap;gap:12px}.charts figure{margin:0}
figcaption{font-size:.9em;color:#444;max-width:760px}
table{border-collapse:collapse;font-size:.9em;margin:.5em 0}
th,td{border:1px solid #bbb;padding:2px 8px;text-align:left}th{background:#eef}
code{background:#f4f4f4;padding:1px 3px;word-break:break-all}pre{white-space:pre-wrap}
.verdict{margin:.4em 0}svg{max-width:100%;height:auto}
summary{cursor:pointer;font-weight:bold;margin:.6em 0}
"""


# -- what the page says -----------------------------------------------------------------------
def verdict_sentences(table: Table, metric: str | None = None) -> list[str]:
    """The verdict sentences :func:`~doppelnb.core.sweep.balance_summary` gives for ``table``
    and ``metric`` (``None``: the table's primary metric(s)), as plain text, in its order.

    They are read from balance_summary's own output (each sentence is one bare ``<p>``), so the
    report repeats them word for word, correction included, and never builds a verdict itself.
    """
    page = str(balance_summary(table, metric))
    body = page[:page.find("<svg")] if "<svg" in page else page
    return [html.unescape(s) for s in _SENTENCE.findall(body)]


def made_by(table: Table, command: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """The command line(s) that made ``table``: ``command`` when given (text, or a sweep's
    arguments after ``python -m doppelnb sweep``), else the commands a shipped table's
    provenance records, else one rebuilt from a fresh sweep's ``meta`` and rows (its readings,
    player counts and mixes; ``--out`` and ``--workers`` change nothing in the table); ``()``
    when the table says too little (a table from ``analyse``)."""
    if isinstance(command, str):
        return (check_str(command, "command", max_len=MAX_COMMAND),)
    if command is not None:
        given = check_sequence(command, "command", max_len=1000,
                               item=lambda v, n: check_str(v, n, max_len=MAX_COMMAND))
        return ("python -m doppelnb sweep " + shlex.join(given),)
    meta = table.meta
    recorded = meta.get("commands") or ((meta["command"],) if meta.get("command") else ())
    if recorded:
        return tuple(str(c) for c in recorded)
    game, games, seed = meta.get("game"), meta.get("games"), meta.get("seed")
    if not isinstance(game, str) or type(games) is not int or type(seed) is not int:
        return ()
    readings = list(dict.fromkeys(r[0] for r in table.rows))
    counts = sorted({r[1] for r in table.rows})
    mixes = list(dict.fromkeys(r[2] for r in table.rows))
    argv = [game, "--games", str(games), "--seed", str(seed),
            "--players", ",".join(map(str, counts)), "--flags", ",".join(readings),
            "--mixes", ",".join(mixes)]
    return ("python -m doppelnb sweep " + shlex.join(argv),)


def _cells(table: Table) -> list[tuple[str, int, str]]:
    """The table's cells (reading, players, mix) in the order of its rows."""
    return list(dict.fromkeys((r[0], r[1], r[2]) for r in table.rows))


def _cell_games(table: Table) -> dict[tuple[str, int, str], int]:
    """Games per cell: the largest ``n`` of its rows (a metric such as the half-time leader's
    wins counts only the games it applies to)."""
    games: dict[tuple[str, int, str], int] = {}
    for r in table.rows:
        key = (r[0], r[1], r[2])
        games[key] = max(games.get(key, 0), int(r[5]))
    return games


def seat_advantages(table: Table) -> tuple[list[tuple[str, int, str]], int,
                                           list[list[float]]]:
    """``(cells, seats, grid)``: for every cell with seat win rates, each seat's
    ``win_rate_seatK`` minus the mean over the cell's seats (``nan`` where the cell has fewer
    seats than the widest one)."""
    rates: dict[tuple[str, int, str], dict[int, float]] = {}
    for r in table.rows:
        match = _SEAT.fullmatch(r[3])
        if match:
            rates.setdefault((r[0], r[1], r[2]), {})[int(match.group(1))] = float(r[4])
    cells = [c for c in _cells(table) if c in rates]
    seats = max((max(rates[c]) + 1 for c in cells), default=0)
    grid = []
    for cell in cells:
        mean = sum(rates[cell].values()) / len(rates[cell])
        grid.append([rates[cell][k] - mean if k in rates[cell] else math.nan
                     for k in range(seats)])
    return cells, seats, grid


# -- charts -----------------------------------------------------------------------------------
def _svg(figure: Any, title: str, salt: str) -> str:
    """The figure as inline SVG: text kept as text (searchable, small), no date, no metadata
    block, named by a ``<title>`` for screen readers, and ids salted per chart so that the many
    SVGs of one page never share an id."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)  # the Agg canvas: no GUI backend, no pyplot state
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, count=1, flags=re.S)
    # matplotlib numbers its groups per figure (figure_1, axes_1, ...): prefix every id and
    # every reference to one, so the charts of one page share none (an id is page-wide).
    text = re.sub(r'(\bid="|href="#|url\(#)', rf"\g<1>{salt}-", text)
    head_end = text.index(">")
    return (f'{text[:head_end]} role="img"><title>{html.escape(title)}</title>'
            f"{text[head_end + 1:]}")


def _figure(width: float, height: float, constrained: bool = True) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=96, layout="constrained" if constrained else None)


def _text_width(lines: Sequence[str], size: float) -> float:
    """The width in inches of the widest of ``lines`` at ``size`` points, measured from the
    font's outlines without drawing anything."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    font, measure = FontProperties(size=size), TextToPath()
    widest = max((measure.get_text_width_height_descent(line, font, ismath=False)[0]
                  for text in lines for line in text.split("\n")), default=0.0)
    return float(widest) / 72


def metric_chart(table: Table, metric: str, index: int = 0) -> str:
    """One small chart of ``metric``: a point per cell with its 95% interval as an error bar,
    the cell named in words with its number of games (inline SVG)."""
    game = table.meta.get("game", "")
    rows = table.where(metric=metric).rows
    mixes = list(dict.fromkeys(r[2] for r in rows))
    labels = [f"{reading_label(r[0], game)}\n{r[1]} players, {mix_label(r[2])}, n = {r[5]:,}"
              for r in rows]
    # Margins from the labels' measured width rather than a constrained layout, which costs as
    # much again as drawing the chart (a report draws one chart per metric).
    left, plot = _text_width(labels, 7.5) + 0.2, 3.3
    width, height = left + plot + 0.25, 0.9 + 0.42 * len(rows)
    figure = _figure(width, height, constrained=False)
    figure.subplots_adjust(left=left / width, right=1 - 0.25 / width, top=1 - 0.3 / height,
                           bottom=0.5 / height)
    ax = figure.add_subplot()
    for i, r in enumerate(rows):
        k = mixes.index(r[2])
        ax.errorbar([r[4]], [i], xerr=[[r[4] - r[6]], [r[7] - r[4]]], fmt=MARKERS[k % 8],
                    color=PALETTE[k % 8], ecolor=PALETTE[k % 8], capsize=3, markersize=5)
    ax.set_yticks(range(len(rows)), labels, fontsize=7.5)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    reference = {"first_player_advantage": 0.0, "skill_gap": 0.5}.get(metric)
    if reference is not None:
        ax.axvline(reference, color="#555", linestyle=":", linewidth=1)
    ax.set_title(metric_label(metric), fontsize=10)
    ax.set_xlabel("estimate and 95% interval", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.grid(axis="x", color="#ddd", linewidth=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    title = f"{game_label(game)}: {metric_label(metric)} per cell, with 95% intervals"
    return _svg(figure, title, f"doppelnb-report-metric-{index}")


def seat_heatmap(table: Table) -> str:
    """The seat advantage (each seat's win rate minus the cell's mean over seats) as a heatmap,
    cells down, seats across, every value written in its square (inline SVG); ``""`` when the
    table has no seat win rates."""
    cells, seats, grid = seat_advantages(table)
    if not cells:
        return ""
    import numpy as np

    game = table.meta.get("game", "")
    values = np.ma.masked_invalid(np.array(grid, dtype=float))
    largest = max(0.01, float(np.nanmax(np.abs(np.array(grid, dtype=float)))))
    figure = _figure(2.8 + 0.62 * seats, 1.2 + 0.42 * len(cells))
    ax = figure.add_subplot()
    # pcolormesh, not imshow: vector squares (imshow embeds a PNG in the SVG)
    image = ax.pcolormesh(np.arange(seats + 1) - 0.5, np.arange(len(cells) + 1) - 0.5, values,
                          cmap="RdBu", vmin=-largest, vmax=largest, edgecolors="white",
                          linewidth=0.5)
    ax.set_ylim(len(cells) - 0.5, -0.5)
    for i, row in enumerate(grid):
        for k, value in enumerate(row):
            if not math.isnan(value):
                ax.text(k, i, f"{value:+.3f}", ha="center", va="center", fontsize=7,
                        color="white" if abs(value) > 0.6 * largest else "black")
    ax.set_xticks(range(seats), [f"seat {k + 1}" for k in range(seats)], fontsize=7.5)
    ax.set_yticks(range(len(cells)),
                  [f"{reading_label(c[0], game)}\n{c[1]} players, {mix_label(c[2])}"
                   for c in cells], fontsize=7.5)
    ax.tick_params(length=0)
    bar = figure.colorbar(image, ax=ax, shrink=0.9)
    bar.solids.set_rasterized(False)  # a colour bar is a PNG by default: keep it vector
    bar.solids.set_edgecolor("face")  # (and without seams between its vector bands)
    bar.set_label("win rate minus the mean over seats", fontsize=8)
    bar.ax.tick_params(labelsize=7)
    ax.set_title("Seat advantage per cell", fontsize=10)
    return _svg(figure, f"{game_label(game)}: seat advantage per cell (win rate minus the "
                "mean over seats)", "doppelnb-report-seats")


# -- the page ---------------------------------------------------------------------------------
def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def sweep_report(table: Table, *, command: str | Sequence[str] | None = None) -> str:
    """The standalone HTML page of a sweep's table (see the module doc): title and question,
    the verdicts as :func:`~doppelnb.core.sweep.balance_summary` gives them, one chart per
    metric, the seat-advantage heatmap, the cells with their games, and the command
    (:func:`made_by`) and doppelnb version that made it. Needs matplotlib (the ``notebooks``
    extra).

    >>> from doppelnb.core.sweep import load_table
    >>> page = sweep_report(load_table("doppeldoppel"))
    >>> page.startswith("<!DOCTYPE html>") and page.count("<svg") > 10
    True
    """
    check_instance(table, "table", Table, expected="a sweep Table (from sweep() or load_table())")
    if not table.rows:
        raise BadInput("NB-ARG", "the table has no rows to report on")
    if not charts_available():
        raise BadInput("NB-ARG", "a sweep report needs the notebooks extra (matplotlib): pip "
                       "install 'doppelnb[notebooks]'")
    meta = table.meta
    game = meta.get("name") or meta.get("game", "")
    title = f"{game_label(game)}: sweep report"
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if meta.get("question"):
        parts.append(f'<p class="question"><strong>Question:</strong> '
                     f"{html.escape(str(meta['question']))}</p>")

    # Verdicts: the primary metric(s) first, then every other metric of the same family (the
    # correction is over all of them, so each sentence names the same number of comparisons).
    primary = primary_metrics(table)
    parts.append("<h2>Verdicts</h2>")
    parts.append(f"<p>Each reading against the recommended rules, on "
                 f"{html.escape(', '.join(metric_label(m) for m in primary))} (the question's "
                 "metric):</p>")
    parts += [f'<p class="verdict">{html.escape(s)}</p>' for s in verdict_sentences(table)]
    others = [m for m in report_metrics(table) if m not in primary]
    if others:
        # Collapsed: one sentence per reading and cell for each metric makes a long list, and
        # the charts below should stay one click away.
        parts.append("<details><summary>The verdicts on the other balance metrics (the same "
                     "correction)</summary>")
        for m in others:
            sentences = verdict_sentences(table, m)
            if sentences:
                parts.append(f"<p><strong>{html.escape(metric_label(m))}</strong></p>")
                parts += [f'<p class="verdict">{html.escape(s)}</p>' for s in sentences]
        parts.append("</details>")

    metrics = list(dict.fromkeys(r[3] for r in table.rows))
    parts.append("<h2>Metrics per cell</h2>")
    parts.append("<p>One chart per metric: each cell's estimate with its 95% interval (n = the "
                 "games the estimate stands on).</p>")
    charts = "".join(f'<figure id="metric-{html.escape(m)}">{metric_chart(table, m, i)}'
                     f"<figcaption>{html.escape(metric_label(m))} "
                     f"(<code>{html.escape(m)}</code>)</figcaption></figure>"
                     for i, m in enumerate(metrics))
    parts.append(f'<div class="charts">{charts}</div>')

    parts.append("<h2>Seat advantage</h2>")
    heatmap = seat_heatmap(table)
    if heatmap:
        parts.append(f'<figure id="seat-advantage">{heatmap}<figcaption>Each seat\'s win rate '
                     "minus the mean over the seats of its cell (positive: that seat wins more "
                     f"often than the average seat). {html.escape(ties_note(table))}"
                     "</figcaption>"
                     "</figure>")
    else:
        parts.append("<p>This table has no seat win rates.</p>")

    games = _cell_games(table)
    parts.append("<h2>Cells</h2>")
    parts.append(_table(["rules", "players", "bots", "games (n)"],
                        [(reading_label(c[0], game), c[1], mix_label(c[2]), f"{n:,}")
                         for c, n in games.items()]))

    parts.append("<h2>How it was made</h2>")
    commands = made_by(table, command)
    if commands:
        parts.append("<p>Command:</p>" + "".join(f"<pre><code>{html.escape(c)}</code></pre>"
                                                 for c in commands))
    else:
        parts.append("<p>The command that made this table is not recorded.</p>")
    parts += _data_and_stopping(meta)
    made_with = meta.get("version")
    facts = [f"report by doppelnb {VERSION}"]
    if made_with:
        facts.insert(0, f"table made with doppelnb {made_with}")
    if meta.get("games") is not None:
        per = meta["games"]
        per = ", ".join(map(str, per)) if isinstance(per, tuple) else per
        facts.append(f"{per} games per cell")
    if meta.get("seed") is not None:
        facts.append(f"seed {meta['seed']}")
    if meta.get("players_used"):
        facts.append("players: " + ", ".join(f"{k} {v}" for k, v in
                                              dict(meta["players_used"]).items()))
    if meta.get("note"):
        facts.append(str(meta["note"]))
    parts.append(f"<p>{html.escape('; '.join(facts))}.</p>")

    return ("<!DOCTYPE html>\n"
            f'<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="generator" content="{GENERATOR} {VERSION}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>\n<body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def _data_and_stopping(meta: dict[str, Any]) -> list[str]:
    """What a sweep compared from users' data files (each file's name and full sha256, as its
    readings name it), and, for ``--until-settled``, the metric that decided and how."""
    parts = []
    files = meta.get("data_files") or ()
    if files:
        parts.append("<p>Data files compared (a reading names its file and the first 16 hex "
                     "digits of its sha256):</p>")
        parts.append(_table(["flag", "file", "sha256"],
                            [(f["flag"], f["file"], f["sha256"]) for f in files]))
    decided = meta.get("until_settled")
    if decided:
        batches = ", ".join(f"{n:,}" for n in decided["batches"])
        parts.append(
            f'<p class="sequential">Played until settled (at most {decided["max_games"]:,} '
            f"games per cell; batches of {batches}): decided by "
            f"<code>{html.escape(str(decided['metric']))}</code>, "
            f"{html.escape(str(decided['chosen']))}; {decided['settled']} of "
            f"{decided['questions']} readings settled; {html.escape(str(decided['method']))}."
            "</p>")
    return parts


def charts_available() -> bool:
    """Whether matplotlib (the ``notebooks`` extra) can be imported: ``sweep --report`` asks
    before playing a single game, so a missing extra costs no sweep."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def is_report(head: bytes) -> bool:
    """Whether a file's first bytes (:data:`MARKER_BYTES` of them) are a page
    :func:`sweep_report` wrote."""
    return f'<meta name="generator" content="{GENERATOR} '.encode() in head


__all__ = ["sweep_report", "verdict_sentences", "made_by", "seat_advantages", "metric_chart",
           "seat_heatmap", "is_report", "charts_available", "GENERATOR", "NEEDS_EXTRA", "TIES_NOTE"]
