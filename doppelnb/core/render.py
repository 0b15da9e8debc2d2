"""SVG and HTML builders shared by every engine's renderings (no widgets; charts use matplotlib,
imported only when a chart is drawn, so importing an engine stays light).

Everything here returns plain strings wrapped in objects with ``_repr_svg_`` / ``_repr_html_``,
so pictures show in JupyterLab, survive HTML export as static markup, and can be put into an
``ipywidgets.HTML`` by the stepper.

>>> svg = Svg(40, 20); svg.rect(0, 0, 40, 20, fill="#eee"); svg.text(20, 14, "a<b", anchor="middle")
>>> str(svg).count("<rect"), "a&lt;b" in str(svg)
(1, True)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .errors import BadInput, IllegalAction, RuleError

# A palette with good contrast for colour-blind readers (Okabe-Ito), used for series and teams.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"


def escape(text: Any) -> str:
    return html.escape(str(text), quote=True)


_ATTR_NAMES: dict[str, str] = {}


def _attrs(attrs: dict[str, Any]) -> str:
    # Hot: every SVG element passes here. Attribute names are converted once, and numbers (which
    # never need escaping) skip the escape; the markup is the same as escaping everything.
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _ATTR_NAMES.get(key)
        if name is None:
            name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
        kind = type(value)
        text = str(value) if kind is int or kind is float else escape(value)
        parts.append(f'{name}="{text}"')
    return (" " + " ".join(parts)) if parts else ""


def tag(name: str, *children: Any, **attrs: Any) -> Html:
    """One HTML element, the only way engines build HTML: text children are escaped, children
    that are :class:`Markup` are inserted as they are, attributes are escaped.

    >>> str(tag("td", "a<b", tag("b", "x"), style="color:red"))
    '<td style="color:red">a&lt;b<b>x</b></td>'
    """
    inner = "".join(str(c) if isinstance(c, Markup) else escape(c) for c in children
                    if c is not None)
    return Html(f"<{name}{_attrs(attrs)}>{inner}</{name}>")


class Markup:
    """A rendering: an HTML or SVG fragment that displays itself in a notebook.

    Every picture and table an engine draws is a :class:`Markup` (an :class:`Svg` or an
    :class:`Html`): ``str()`` is the markup, ``_repr_html_`` shows it in Jupyter, and ``repr()``
    says what it is instead of an object address.
    """

    __slots__ = ()
    kind = "markup"

    def __str__(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return str(self)

    def __html__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Markup) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        text = str(self)
        title = re.search(r"<title>(.*?)</title>", text)
        about = f" {html.unescape(title.group(1))!r}" if title else ""
        return f"<{type(self).__name__}{about}, {len(text):,} characters of {self.kind}>"


class Svg(Markup):
    """An SVG picture built element by element; ``str(svg)`` is the markup.

    A ``title`` is the picture's accessible name: it becomes the first child ``<title>`` (a
    tooltip on screen) and the picture gets ``role="img"``, so a screen reader announces one
    named image rather than every label inside it.
    """

    __slots__ = ("width", "height", "attrs", "parts", "whole")
    kind = "SVG"

    def __init__(self, width: float, height: float, *, title: str | None = None, **attrs: Any):
        self.width, self.height = width, height
        self.attrs = attrs
        self.parts: list[str] = []
        self.whole: str | None = None
        if title:
            self.attrs.setdefault("role", "img")
            self.parts.append(f"<title>{escape(title)}</title>")

    @classmethod
    def raw(cls, text: str) -> Svg:
        """A finished SVG document (e.g. from matplotlib) as an :class:`Svg`."""
        svg = cls(0, 0)
        svg.whole = text
        return svg

    def add(self, markup: str) -> Svg:
        self.parts.append(str(markup))
        return self

    def element(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        if text is None:
            self.parts.append(f"<{tag}{_attrs(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{_attrs(attrs)}>{escape(text)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: Any) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], **attrs: Any) -> None:
        self.element("polygon", points=" ".join(f"{x:g},{y:g}" for x, y in points), **attrs)

    def polyline(self, points: Iterable[tuple[float, float]], **attrs: Any) -> None:
        self.element("polyline", points=" ".join(f"{x:g},{y:g}" for x, y in points),
                     fill=attrs.pop("fill", "none"), **attrs)

    def text(self, x: float, y: float, text: Any, *, size: float = 12, anchor: str = "start",
             **attrs: Any) -> None:
        self.element("text", str(text), x=x, y=y, font_size=size, text_anchor=anchor,
                     style=attrs.pop("style", FONT), **attrs)

    def group(self, inner: Svg | str, dx: float = 0, dy: float = 0) -> None:
        body = "".join(inner.parts) if isinstance(inner, Svg) else str(inner)
        self.parts.append(f'<g transform="translate({dx:g},{dy:g})">{body}</g>')

    def __str__(self) -> str:
        if self.whole is not None:
            return self.whole
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" '
                f'height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}"'
                f"{_attrs(self.attrs)}>")
        return head + "".join(self.parts) + "</svg>"

    def _repr_svg_(self) -> str:
        return str(self)


class Html(Markup):
    """A ready HTML fragment that renders itself in a notebook (build it with :func:`tag`)."""

    __slots__ = ("markup",)
    kind = "HTML"

    def __init__(self, markup: str | Markup):
        self.markup = str(markup)

    def __str__(self) -> str:
        return self.markup

    def _repr_html_(self) -> str:
        return self.markup


#: Inline style of text that is read aloud but not shown (the usual "visually hidden" recipe;
#: inline, so it works in JupyterLab, Voilà and exported pages alike).
VISUALLY_HIDDEN = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
                   "clip:rect(0,0,0,0);white-space:nowrap;border:0")


def html_table(header: Sequence[Any], rows: Iterable[Sequence[Any]], *, caption: str | None = None,
               highlight: set[int] | None = None, corner: str = "row") -> str:
    """A plain, readable HTML table (inline styles, so it looks the same after export).

    Cells are escaped text; a cell that is an :class:`Svg` or :class:`Html` is inserted as markup.
    Header cells are column headers (``scope="col"``). A header cell left empty (the corner
    above row labels) still has a name for screen readers: ``corner`` for the first column,
    "column N" for another, as text that is read but not shown.
    """
    highlight = highlight or set()
    cell = "border:1px solid #bbb;padding:2px 8px;text-align:left"
    out = [f'<table style="border-collapse:collapse;margin:6px 0;{FONT};font-size:13px">']
    if caption:
        out.append(f'<caption style="caption-side:top;text-align:left;font-weight:bold">'
                   f"{escape(caption)}</caption>")
    heads = []
    for i, h in enumerate(header):
        text = _cell(h)
        if not text.strip():
            text = (f'<span style="{VISUALLY_HIDDEN}">'
                    f'{escape(corner if i == 0 else f"column {i + 1}")}</span>')
        heads.append(f'<th scope="col" style="{cell};background:#eef">{text}</th>')
    out.append("<tr>" + "".join(heads) + "</tr>")
    for i, row in enumerate(rows):
        bg = ";background:#ffd" if i in highlight else ""
        out.append("<tr>" + "".join(f'<td style="{cell}{bg}">{_cell(c)}</td>' for c in row)
                   + "</tr>")
    out.append("</table>")
    return "".join(out)


def _cell(value: Any) -> str:
    if isinstance(value, Markup):
        return str(value)
    return escape(value)


def table(header: Sequence[Any], rows: Iterable[Sequence[Any]], **kw: Any) -> Html:
    """:func:`html_table` wrapped so it displays itself."""
    return Html(html_table(header, rows, **kw))


def side_by_side(*items: Any, gap: int = 16) -> Html:
    """Lay out pictures and tables in a row (wraps on narrow screens)."""
    inner = "".join(f"<div>{_markup(i)}</div>" for i in items)
    return Html(f'<div style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-start">'
                f"{inner}</div>")


def _markup(item: Any) -> str:
    for attr in ("_repr_html_", "_repr_svg_"):
        fn = getattr(item, attr, None)
        if fn is not None:
            out = fn()
            if out is not None:
                return str(out)
    return f"<pre>{escape(item)}</pre>"


def to_markup(item: Any) -> str:
    """The HTML (or inline SVG) that an object renders as in a notebook."""
    return _markup(item)


#: Second cues for colour-blind readers: each series also gets its own marker and dash.
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
DASHES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)), (0, (8, 2)))


def _new_figure(width: int, height: int) -> Any:
    """A matplotlib ``Figure`` of the given size in pixels, made without pyplot.

    As matplotlib's guide to embedding in a web server advises: no pyplot state machine, no
    figure manager to close, and no pyplot import (a second or more per kernel on this machine)
    for an SVG that is written once.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - the notebooks extra brings it
        raise BadInput("NB-ARG", "charts need matplotlib: pip install 'doppelnb[notebooks]'") from None
    return Figure(figsize=(width / 96, height / 96), dpi=96)


_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")


def plain_words(text: Any) -> str:
    """A program's name for something, in words for a reader: ``first_player_win_rate`` ->
    "first player win rate", ``reversal_scope=round_permanent`` -> "reversal scope: round
    permanent". Any other text is returned as it is, so labels already in words pass through.

    >>> plain_words("reversal_trigger"), plain_words("P1"), plain_words("2 players")
    ('reversal trigger', 'P1', '2 players')
    """
    text = str(text)
    name, eq, value = text.partition("=")
    if eq and _IDENTIFIER.fullmatch(name) and value and " " not in value:
        return f"{name.replace('_', ' ')}: {value.replace('_', ' ')}"
    return _IDENTIFIER.sub(lambda m: m.group(0).replace("_", " "), text)


def _figure_svg(fig: Any, title: str) -> Svg:
    """The figure as an inline SVG named by a ``<title>`` (``role="img"``: a screen reader
    announces one named picture) and without timestamps."""
    import io

    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "doppelnb"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    head_end = text.index(">") + 1
    text = (text[:head_end - 1] + ' role="img">' + f"<title>{escape(title or 'chart')}</title>"
            + text[head_end:])
    return Svg.raw(text)


def _chart_name(kind: str, title: str, x_label: str, y_label: str) -> str:
    """The chart's accessible name: its title, else what it plots ("bar chart of tie rate by
    reading")."""
    if title:
        return title
    return " ".join(part for part in (kind, f"of {y_label}" if y_label else "",
                                      f"by {x_label}" if x_label else "") if part)


def _axes(width: int, height: int, title: str, x_label: str, y_label: str) -> tuple[Any, Any]:
    """A figure with one axes, titled and labelled in words (:func:`plain_words`)."""
    fig = _new_figure(width, height)
    ax = fig.add_subplot()
    if title:
        ax.set_title(plain_words(title), fontsize=11)
    ax.set_xlabel(plain_words(x_label), fontsize=9)
    ax.set_ylabel(plain_words(y_label), fontsize=9)
    ax.tick_params(labelsize=8)
    ax.grid(axis="y", color="#ddd", linewidth=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return fig, ax


def _references(ax: Any, references: Sequence[tuple[float, str]], horizontal: bool) -> None:
    for value, label in references:
        draw = ax.axhline if horizontal else ax.axvline
        draw(value, color="#555", linestyle=":", linewidth=1)
        if label:
            if horizontal:
                ax.annotate(label, (1, value), xycoords=("axes fraction", "data"), fontsize=8,
                            ha="right", va="bottom", color="#333")
            else:
                ax.annotate(label, (value, 1), xycoords=("data", "axes fraction"), fontsize=8,
                            ha="left", va="top", color="#333", rotation=90)


def bar_chart(items: Sequence[tuple[str, float]], *, title: str = "", width: int = 520,
              height: int = 240, value_format: str = "{:.3g}", colour: str = PALETTE[0],
              y_label: str = "", x_label: str = "",
              intervals: Sequence[tuple[float, float]] | None = None,
              references: Sequence[tuple[float, str]] = (), labels: bool = False) -> Svg:
    """A bar chart of (label, value) pairs with axes, ticks and optional 95% intervals
    (``intervals``: (lo, hi) per bar) and horizontal reference lines (value, label).

    Drawn with matplotlib (imported only here) and returned as inline SVG named by a
    ``<title>`` (the title, else what the chart plots). Names written as a program's
    identifiers (``reversal_scope``) are shown in words (:func:`plain_words`).
    """
    fig, ax = _axes(width, height, title, x_label, y_label)
    names = [plain_words(label) for label, _ in items]
    values = [float(v) for _, v in items]
    positions = list(range(len(items)))
    ax.bar(positions, values, color=colour, alpha=0.85, width=0.75)
    if intervals is not None:
        lo = [v - float(a) for v, (a, _) in zip(values, intervals, strict=True)]
        hi = [float(b) - v for v, (_, b) in zip(values, intervals, strict=True)]
        ax.errorbar(positions, values, yerr=[lo, hi], fmt="none", ecolor="#222", capsize=3,
                    linewidth=1)
    if labels:
        for x, v in zip(positions, values, strict=True):
            ax.annotate(value_format.format(v), (x, v), ha="center",
                        va="bottom" if v >= 0 else "top", fontsize=7)
    ax.axhline(0, color="#444", linewidth=0.8)
    _references(ax, references, horizontal=True)
    step = max(1, len(items) // 16 + (1 if len(items) % 16 else 0)) if len(items) > 16 else 1
    ax.set_xticks(positions[::step], names[::step], rotation=0 if step == 1 and len(items) <= 8
                  else 45, ha="center" if len(items) <= 8 else "right")
    fig.tight_layout()
    return _figure_svg(fig, plain_words(_chart_name("bar chart", title, x_label, y_label)))


def line_chart(series: Mapping[str, Sequence[tuple[float, float]]], *, title: str = "",
               width: int = 520, height: int = 260, x_label: str = "", y_label: str = "",
               y_range: tuple[float, float] | None = None,
               bands: Mapping[str, Sequence[tuple[float, float, float]]] | None = None,
               references: Sequence[tuple[float, str]] = ()) -> Svg:
    """Several (x, y) series as lines with markers (a second cue beside colour), a legend, axes
    with ticks, optional shaded 95% bands (``bands[name]``: (x, lo, hi) points) and horizontal
    reference lines (value, label)."""
    fig, ax = _axes(width, height, title, x_label, y_label)
    for i, (name, pts) in enumerate(series.items()):
        xs = [float(x) for x, _ in pts]
        ys = [float(y) for _, y in pts]
        colour = PALETTE[i % len(PALETTE)]
        ax.plot(xs, ys, color=colour, marker=MARKERS[i % len(MARKERS)], markersize=4,
                linestyle=DASHES[i % len(DASHES)], linewidth=1.6, label=plain_words(name))
        if bands and name in bands:
            band = bands[name]
            ax.fill_between([float(x) for x, _, _ in band], [float(lo) for _, lo, _ in band],
                            [float(hi) for _, _, hi in band], color=colour, alpha=0.15,
                            linewidth=0)
    _references(ax, references, horizontal=True)
    if y_range is not None:
        ax.set_ylim(*y_range)
    if len(series) > 1 or any(series):
        ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    return _figure_svg(fig, plain_words(_chart_name("line chart", title, x_label, y_label)))


def heat_colour(t: float) -> str:
    """A light-to-dark blue for ``t`` in [0, 1] (heat maps of distances, counts)."""
    t = min(1.0, max(0.0, float(t)))
    start, end = (239, 243, 255), (8, 69, 148)
    r, g, b = (round(s + (e - s) * t) for s, e in zip(start, end, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


#: The kinds of refusal in words (the exception classes' names are for code, not for a class).
REFUSAL_WORDS = {IllegalAction: "a move the rules forbid", BadInput: "a bad argument"}


def refusals_table(attempts: Iterable[tuple[str, Callable[[], object]]]) -> Html:
    """An engine's ``examples.refusals_table()``: each ``(what, attempt)`` is run here, and its
    row is the engine's own answer, the rule id and the sentence of the :class:`RuleError` it
    raises (a refused move changes nothing). An attempt that is accepted shows as such."""
    rows: list[list[Any]] = []
    for what, attempt in attempts:
        try:
            attempt()
        except RuleError as exc:
            kind = next((words for cls, words in REFUSAL_WORDS.items() if isinstance(exc, cls)),
                        "a refusal")
            rows.append([what, kind, tag("span", exc.rule, style="white-space:nowrap"),
                         exc.reason])
        else:  # each engine's tests hold every attempt to a refusal
            rows.append([what, "accepted!", "", ""])
    return Html(html_table(["attempt", "refusal", "rule", "the engine says"], rows,
                           caption="refusals: a rule id and one sentence, the state unchanged"))


__all__ = ["Markup", "Svg", "Html", "tag", "html_table", "refusals_table", "REFUSAL_WORDS", "table", "side_by_side", "to_markup", "bar_chart",
           "line_chart", "heat_colour", "escape", "plain_words", "PALETTE", "MARKERS", "FONT",
           "VISUALLY_HIDDEN"]
