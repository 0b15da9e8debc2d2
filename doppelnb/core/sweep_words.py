"""A shipped sweep in a class's words, shared by every engine's ``teaching.py`` and
``render.balance_section``: the sweeps name readings (``flag=value``), metrics and policy mixes
as the code does, and each engine supplies only its own words for its flags and metrics (its
``SETTING_WORDS``, ``reading_label`` and ``METRIC_WORDS``). One code path, so a chapter reads a
sweep the same way in every game."""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .checks import check_str, fail
from .render import Html, html_table, tag
from .sweep_table import mix_label

_READING = re.compile(r"\b([a-z_0-9]+)=([A-Za-z0-9_]+)")
#: A policy mix: policies joined by "/", each perhaps with a budget ("mcts:8/greedy"); a colon
#: after the mix ("Policy mix random: ...") is the sentence's, not the mix's.
_MIX = re.compile(r"\b[Pp]olicy mix (\w+(?::\d+)?(?:/\w+(?::\d+)?)*)")


def sweep_reading_words(reading: str, flags: Iterable[Any], setting_label: Callable[[str], str],
                        reading_label: Callable[..., str], named: Iterable[str]) -> str:
    """A sweep's reading ("default", "carry_over_ap=True") in words: "default rules", or the
    flag's words and the reading's (``reading_label(name, value, default=False)``). ``flags``:
    the engine's ``Rules.flags()``, whose choices turn the text after ``=`` back into a value;
    ``named``: the flags that have words. Anything else is returned as it is."""
    reading = str(reading)
    if reading == "default":
        return "default rules"
    name, _, value = reading.partition("=")
    info = next((f for f in flags if f.name == name), None)
    if info is None or name not in set(named):
        return reading
    choice = next((c for c in info.choices or () if str(c) == value), value)
    flag = setting_label(name)
    # A flag worded as a question ("Do unused action points carry over?") takes its answer.
    return f"{flag}{' ' if flag.endswith('?') else ': '}{reading_label(name, choice, default=False)}"


def plain_sweep_words(text: str, reading_words: Callable[[str], str],
                      metric_words: Callable[[str], str], metrics: Iterable[str]) -> str:
    """``text`` (a sentence of a sweep report) with its code names in words: each reading
    ``flag=value`` (quoted; one that is no flag's stays as it is), each policy mix (core :func:`mix_label`), each of ``metrics``;
    everything else, the verdict included, is left as it is."""
    text = _READING.sub(lambda m: _quoted(m.group(0), reading_words(m.group(0))),
                        check_str(text, "text"))
    text = _MIX.sub(lambda m: mix_label(m.group(1)).capitalize(), text)
    for code in sorted(metrics, key=len, reverse=True):  # longest first: a name inside another
        text = re.sub(rf"\b{code}\b", metric_words(code), text)
    return text


def sweep_section(name: str, metric: str, *, reading_words: Callable[[str], str],
                  metric_words: Callable[[str, Sequence[int]], str],
                  plain_text: Callable[[str, Sequence[int]], str], verdicts: bool = True,
                  reference: float | None = None) -> Html:
    """A shipped sweep in words (an engine's ``render.balance_section``): the verdict sentences
    of :func:`doppelnb.core.sweep.balance_summary` (the only place the words "settled" and "not
    settled" come from) with the code names in words, a chart of ``metric`` per reading with its
    95% intervals (``reference``: a line to compare with, such as 0), and every balance metric
    that varies per reading. ``verdicts=False`` leaves the sentences out."""
    from .render import bar_chart
    from .sweep import BALANCE_METRICS, balance_summary, load_table

    table = load_table(check_str(name, "name", max_len=100))
    metric = check_str(metric, "metric", max_len=60)
    rows = table.where(metric=metric).rows
    if not rows:
        raise fail("metric", f"a metric the sweep {name} measures", metric)
    players = sorted({r[1] for r in rows})
    mixes = sorted({r[2] for r in rows})
    parts: list[Any] = []
    if verdicts:
        summary = str(balance_summary(table, metric))
        parts += [tag("p", plain_text(html.unescape(p), players))
                  for p in re.findall(r"<p>(.*?)</p>", summary, re.S)]

    def cell(row: Any) -> str:
        """A cell in words: its reading, and its players and bots where the sweep varies them
        (a ladder compares bots under one reading)."""
        more = ([f"{row[1]} players"] if len(players) > 1 else []) + (
            [mix_label(row[2])] if len(mixes) > 1 else [])
        return ", ".join([reading_words(row[0]), *more])

    measure = metric_words(metric, players)
    chart = bar_chart([(_wrap(cell(r), 22), r[4]) for r in rows],
                      intervals=[(r[6], r[7]) for r in rows], width=max(560, 180 * len(rows)),
                      height=320, title=_wrap(f"{measure}: {'/'.join(map(str, players))} "
                                              f"players, {', '.join(map(mix_label, mixes))}, "
                                              "95% intervals", 60),
                      references=[] if reference is None else [(reference, f"{reference:g}")],
                      y_label=_wrap(measure, 26))
    shown = [m for m in BALANCE_METRICS if m != metric and len(
        {r[4] for r in table.where(metric=m).rows}) > 1]
    body = []
    for row in rows:
        cells = []
        for m in (metric, *shown):
            found = table.where(reading=row[0], players=row[1], mix=row[2], metric=m).rows
            d = 3 if not found or abs(found[0][7]) <= 1 else 1  # shares to 3 places, counts to 1
            cells.append("-" if not found else
                         f"{found[0][4]:.{d}f} [{found[0][6]:.{d}f}, {found[0][7]:.{d}f}]")
        body.append([cell(row), *cells])
    n = sorted({r[5] for r in rows})
    grid = html_table(["reading", *[metric_words(m, players) for m in (metric, *shown)]], body,
                      caption=f"every balance measure per reading (n = "
                      f"{', '.join(map(str, n))} games each; estimate [95% interval])")
    return tag("div", *parts, chart, Html(grid))


def _quoted(code: str, words: str) -> str:
    """A reading's words in quotes; a ``name=value`` that is no flag's reading stays bare."""
    return code if words == code else f"“{words}”"


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text


__all__ = ["sweep_reading_words", "plain_sweep_words", "sweep_section"]
