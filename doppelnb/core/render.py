"""SVG and HTML builders shared by every engine's renderings (no widgets, no plotting library:
charts are drawn straight into SVG, so importing an engine and drawing a chart both stay light).

Everything here returns plain strings wrapped in objects with ``_repr_svg_`` / ``_repr_html_``,
so pictures show in JupyterLab, survive HTML export as static markup, and can be put into an
``ipywidgets.HTML`` by the stepper.

>>> svg = Svg(40, 20); svg.rect(0, 0, 40, 20, fill="#eee"); svg.text(20, 14, "a<b", anchor="middle")
>>> str(svg).count("<rect"), "a&lt;b" in str(svg)
(1, True)
"""

from __future__ import annotations

import hashlib
import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import BadInput

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
    """An SVG picture built element by element; ``str(svg)`` is the markup."""

    __slots__ = ("width", "height", "attrs", "parts", "whole")
    kind = "SVG"

    def __init__(self, width: float, height: float, *, title: str | None = None, **attrs: Any):
        self.width, self.height = width, height
        self.attrs = attrs
        self.parts: list[str] = []
        self.whole: str | None = None
        if title:
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


def html_table(header: Sequence[Any], rows: Iterable[Sequence[Any]], *, caption: str | None = None,
               highlight: set[int] | None = None) -> str:
    """A plain, readable HTML table (inline styles, so it looks the same after export).

    Cells are escaped text; a cell that is an :class:`Svg` or :class:`Html` is inserted as markup.
    """
    highlight = highlight or set()
    cell = "border:1px solid #bbb;padding:2px 8px;text-align:left"
    out = [f'<table style="border-collapse:collapse;margin:6px 0;{FONT};font-size:13px">']
    if caption:
        out.append(f'<caption style="caption-side:top;text-align:left;font-weight:bold">'
                   f"{escape(caption)}</caption>")
    out.append("<tr>" + "".join(f'<th style="{cell};background:#eef">{_cell(h)}</th>'
                                for h in header) + "</tr>")
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
#: Hatchings for bars, the second cue beside colour in grouped bar charts.
HATCHES = ("", "//", "xx", "\\\\", "..")

# Charts are drawn straight into SVG (no plotting library): a chart costs about a millisecond,
# where a matplotlib figure cost 0.1-0.3 s and its import about 0.8 s in every kernel (issue 17).
# Sizes are in pixels; text widths are estimated for DejaVu Sans (about 0.6 em per character).
_TITLE, _LABEL, _TICK, _SMALL = 14.0, 12.0, 11.0, 9.5
_EM = 0.6
_INK, _GRID, _ZERO, _REF = "#222", "#ddd", "#444", "#555"


def _px(value: float) -> str:
    """A coordinate with one decimal, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _r(value: float) -> float:
    """A coordinate rounded to one decimal (shorter markup)."""
    return round(value, 1)


def _text_width(text: str, size: float) -> float:
    return max((len(line) for line in str(text).split("\n")), default=0) * size * _EM


def _nice_ticks(lo: float, hi: float, target: int, *, integer: bool = False) -> tuple[
        list[float], int]:
    """Round tick values covering [lo, hi] (steps of 1, 2, 2.5 or 5 times a power of ten, about
    ``target`` of them) and the number of decimals their labels need."""
    span = hi - lo
    if not span > 0:
        span = abs(hi) or 1.0
    raw = span / max(1, target)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * (1 - 1e-9))
    if integer:
        step = float(max(1, math.ceil(step)))
    first = math.ceil(lo / step - 1e-9)
    ticks = [k * step for k in range(first, math.floor(hi / step + 1e-9) + 1)]
    decimals = 0 if integer else max(0, -math.floor(math.log10(step) + 1e-9))
    if not integer and abs(round(step / 10.0 ** -decimals) * 10.0 ** -decimals - step) > 1e-9 * step:
        decimals += 1  # a step of 2.5, 0.25, ...
    return ticks, decimals


def _tick_label(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    if float(text) == 0:
        text = text.lstrip("-")
    return text.replace("-", "\u2212")


def _wrap(text: str, room: float, size: float) -> str:
    """``text`` with line breaks added (after a space, ``=`` or ``,``) so each line fits in
    ``room`` pixels where it can."""
    lines = []
    for line in text.split("\n"):
        pieces = re.findall(r"[^ =,]*[ =,]?", line)
        current = ""
        for piece in (p for p in pieces if p):
            if current and _text_width((current + piece).rstrip(), size) > room:
                lines.append(current.rstrip())
                current = ""
            current += piece
        lines.append(current.rstrip())
    return "\n".join(lines)


def _multiline(svg: Svg, x: float, y: float, text: str, *, size: float, anchor: str = "middle",
               **attrs: Any) -> None:
    """Text with ``\n`` line breaks: one ``<text>`` per line, the first baseline at ``y``."""
    for i, line in enumerate(str(text).split("\n")):
        svg.text(_r(x), _r(y + i * size * 1.2), line, size=size, anchor=anchor, **attrs)


class _Frame:
    """Axes for one chart: the plot area inside ``width`` x ``height`` after the title, the axis
    labels, the tick labels and a legend below have taken their room, and the value -> pixel
    maps. ``x_ticks`` are (position, label) pairs; ``x_range`` is the span they live in."""

    def __init__(self, width: int, height: int, *, title: str, x_label: str, y_label: str,
                 y_lo: float, y_hi: float, x_range: tuple[float, float],
                 x_ticks: Sequence[tuple[float, str]], rotate: bool, legend_rows: int = 0,
                 integer_y: bool = False):
        self.width, self.height, self.title = width, height, title
        self.x_label, self.y_label = x_label, y_label
        self.x_lo, self.x_hi = x_range
        self.rotate = rotate
        top = (_TITLE + 15 if title else 8)
        if rotate:
            tick_h = max((_text_width(t, _TICK) for _, t in x_ticks), default=0) * 0.72 + _TICK
        else:
            lines = max((str(t).count("\n") + 1 for _, t in x_ticks), default=1)
            tick_h = lines * _TICK * 1.2
        self.legend_top_offset = 7 + tick_h + (_LABEL + 8 if x_label else 4)
        bottom = self.legend_top_offset + legend_rows * 17 + 4
        plot_h = max(40.0, height - top - bottom)
        target = max(3, min(8, int(plot_h // 32)))
        ticks, decimals = _nice_ticks(y_lo, y_hi, target, integer=integer_y)
        self.y_ticks = [(v, _tick_label(v, decimals)) for v in ticks if y_lo - 1e-9 <= v <= y_hi + 1e-9]
        label_w = max((_text_width(t, _TICK) for _, t in self.y_ticks), default=0)
        left = 6 + (_LABEL + 6 if y_label else 0) + label_w + 8
        self.left, self.top = left, top
        self.right = width - 12
        self.bottom = top + plot_h
        self.y_lo, self.y_hi = y_lo, y_hi
        self.x_ticks = x_ticks

    def x(self, value: float) -> float:
        span = (self.x_hi - self.x_lo) or 1.0
        return self.left + (value - self.x_lo) / span * (self.right - self.left)

    def y(self, value: float) -> float:
        span = (self.y_hi - self.y_lo) or 1.0
        return self.bottom - (value - self.y_lo) / span * (self.bottom - self.top)

    def background(self, svg: Svg) -> None:
        """Title, grid, ticks, tick labels, spines and axis labels (drawn before the data)."""
        width = self.right - self.left
        if self.title:
            size = min(_TITLE, (self.width - 8) / max(1, len(self.title) * _EM))
            half = _text_width(self.title, size) / 2
            x = min(max(self.left + width / 2, half + 4), self.width - half - 4)
            svg.text(_r(x), _r(_TITLE + 3), self.title, size=round(size, 1), anchor="middle")
        grid = Svg(0, 0)
        for value, _ in self.y_ticks:
            y = self.y(value)
            grid.line(_r(self.left), _r(y), _r(self.right), _r(y), stroke=_GRID,
                      stroke_width=0.8)
        svg.parts.append(f'<g class="grid">{"".join(grid.parts)}</g>')
        for i, (value, label) in enumerate(self.y_ticks, start=1):
            y = self.y(value)
            tick = Svg(0, 0)
            tick.line(_r(self.left - 4), _r(y), _r(self.left), _r(y), stroke=_INK,
                      stroke_width=0.8)
            tick.text(_r(self.left - 7), _r(y + _TICK * 0.35), label, size=_TICK, anchor="end")
            svg.parts.append(f'<g id="ytick_{i}">{"".join(tick.parts)}</g>')
        for i, (value, label) in enumerate(self.x_ticks, start=1):
            x = self.x(value)
            tick = Svg(0, 0)
            tick.line(_r(x), _r(self.bottom), _r(x), _r(self.bottom + 4), stroke=_INK,
                      stroke_width=0.8)
            if self.rotate:
                ty = self.bottom + 7 + _TICK * 0.8
                tick.text(_r(x + 3), _r(ty), label, size=_TICK, anchor="end",
                          transform=f"rotate(-45 {_px(x + 3)} {_px(ty)})")
            else:
                _multiline(tick, x, self.bottom + 7 + _TICK * 0.9, label, size=_TICK)
            svg.parts.append(f'<g id="xtick_{i}">{"".join(tick.parts)}</g>')
        svg.line(_r(self.left), _r(self.top), _r(self.left), _r(self.bottom), stroke=_INK,
                 stroke_width=0.8)
        svg.line(_r(self.left), _r(self.bottom), _r(self.right), _r(self.bottom),
                 stroke=_INK, stroke_width=0.8)
        if self.x_label:
            svg.text(_r(self.left + width / 2), _r(self.bottom + self.legend_top_offset - 6),
                     self.x_label, size=_LABEL, anchor="middle")
        if self.y_label:
            cx, cy = 6 + _LABEL * 0.85, (self.top + self.bottom) / 2
            svg.text(_r(cx), _r(cy), self.y_label, size=_LABEL, anchor="middle",
                     transform=f"rotate(-90 {_px(cx)} {_px(cy)})")

    def references(self, svg: Svg, references: Sequence[tuple[float, str]]) -> None:
        for value, label in references:
            y = self.y(float(value))
            svg.line(_r(self.left), _r(y), _r(self.right), _r(y), stroke=_REF,
                     stroke_width=1, stroke_dasharray="1.5,2.5")
            if label:
                svg.text(_r(self.right - 2), _r(y - 3), label, size=_SMALL, anchor="end",
                         fill="#333")

    def zero_line(self, svg: Svg) -> None:
        if self.y_lo < 0 < self.y_hi or self.y_lo == 0:
            y = self.y(0)
            svg.line(_r(self.left), _r(y), _r(self.right), _r(y), stroke=_ZERO,
                     stroke_width=1)

    def legend(self, svg: Svg, entries: Sequence[tuple[str, str]]) -> None:
        """Legend rows below the chart: (label, swatch markup drawn at the origin) per entry."""
        for (x, y), (label, swatch) in zip(_legend_layout(self, [e[0] for e in entries]), entries,
                                           strict=True):
            svg.parts.append(f'<g transform="translate({_px(x)},{_px(y)})">{swatch}</g>')
            svg.text(_r(x + 30), _r(y + _SMALL * 0.35), label, size=_SMALL)


def _legend_rows(width: float, labels: Sequence[str]) -> int:
    return 0 if not labels else 1 + max(r for r, _ in _legend_slots(width, labels))


def _legend_slots(width: float, labels: Sequence[str]) -> list[tuple[int, float]]:
    """(row, x offset) for each legend entry, wrapping at ``width``."""
    slots, row, x = [], 0, 0.0
    for label in labels:
        w = 30 + _text_width(label, _SMALL) + 16
        if x > 0 and x + w > width:
            row, x = row + 1, 0.0
        slots.append((row, x))
        x += w
    return slots


def _legend_layout(frame: _Frame, labels: Sequence[str]) -> list[tuple[float, float]]:
    top = frame.bottom + frame.legend_top_offset + 8
    return [(frame.left + x, top + row * 17)
            for row, x in _legend_slots(frame.right - frame.left, labels)]


def _range(values: Iterable[float], *, include_zero: bool, pad_low: bool = True,
           headroom: float = 0.05) -> tuple[float, float]:
    """An axis span covering ``values`` with a 5% margin (none below a bar's zero)."""
    vals = [v for v in values if math.isfinite(v)]
    if include_zero:
        vals.append(0.0)
    lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
    if hi == lo:
        lo, hi = (lo - 1, hi + 1) if lo else (0.0, 1.0)
    span = hi - lo
    if not (include_zero and hi == 0):
        hi += headroom * span
    if pad_low and not (include_zero and lo == 0):
        lo -= 0.05 * span
    return lo, hi


def _marker(shape: str, x: float, y: float, colour: str, r: float = 3.2) -> str:
    """One marker (matplotlib's letters: o s ^ D v P X *) as SVG markup."""
    fill = f'fill="{colour}" stroke="{colour}" stroke-width="0.6"'

    def poly(points: Iterable[tuple[float, float]]) -> str:
        return (f'<polygon points="{" ".join(f"{_px(x + dx)},{_px(y + dy)}" for dx, dy in points)}" '
                f"{fill}/>")

    if shape == "o":
        return f'<circle cx="{_px(x)}" cy="{_px(y)}" r="{_px(r)}" {fill}/>'
    if shape == "s":
        return poly([(-r * .9, -r * .9), (r * .9, -r * .9), (r * .9, r * .9), (-r * .9, r * .9)])
    if shape == "^":
        return poly([(0, -r * 1.15), (r * 1.1, r * .8), (-r * 1.1, r * .8)])
    if shape == "v":
        return poly([(0, r * 1.15), (r * 1.1, -r * .8), (-r * 1.1, -r * .8)])
    if shape == "D":
        return poly([(0, -r * 1.2), (r, 0), (0, r * 1.2), (-r, 0)])
    if shape == "P":
        a, b = r * .38, r * 1.1
        return poly([(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b),
                     (-a, a), (-b, a), (-b, -a), (-a, -a)])
    if shape == "X":
        pts = []
        for k in range(4):
            ang = math.pi / 4 + k * math.pi / 2
            for da, rr in ((-0.33, r * 1.2), (0.33, r * 1.2), (math.pi / 4, r * 0.45)):
                pts.append((rr * math.cos(ang + da), rr * math.sin(ang + da)))
        return poly(pts)
    star = [((r * 1.3 if k % 2 == 0 else r * .55) * math.sin(k * math.pi / 5),
             -(r * 1.3 if k % 2 == 0 else r * .55) * math.cos(k * math.pi / 5)) for k in range(10)]
    return poly(star)


def _dasharray(dash: Any, width: float) -> str | None:
    """matplotlib's line styles (scaled by the line width, as matplotlib does) as an SVG dash
    array; None for a solid line."""
    named = {"-": None, "--": (3.7, 1.6), "-.": (6.4, 1.6, 1, 1.6), ":": (1, 1.65)}
    pattern = named[dash] if isinstance(dash, str) else dash[1]
    if pattern is None:
        return None
    return ",".join(_px(v * width) for v in pattern)


def _hatch_pattern(pid: str, hatch: str) -> str:
    """An SVG ``<pattern>`` drawing one of :data:`HATCHES` in dark ink over a transparent tile."""
    lines = {"//": ["M0,8 L8,0", "M-2,2 L2,-2", "M6,10 L10,6"],
             "\\\\": ["M0,0 L8,8", "M-2,6 L2,10", "M6,-2 L10,2"],
             "xx": ["M0,8 L8,0", "M0,0 L8,8"], "..": []}[hatch]
    body = "".join(f'<path d="{d}" stroke="{_INK}" stroke-width="0.7"/>' for d in lines)
    if hatch == "..":
        body = f'<circle cx="2" cy="2" r="0.9" fill="{_INK}"/><circle cx="6" cy="6" r="0.9" fill="{_INK}"/>'
    return (f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="8" height="8">{body}'
            f"</pattern>")


def _key(*parts: Any) -> str:
    """A short id for the chart's patterns and clip paths, the same in every run (several charts
    on one page must not share them)."""
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:8]


def _bars(items_x: Sequence[str], series: Sequence[tuple[str, Sequence[float], str, str]], *,
          title: str, width: int, height: int, value_format: str, y_label: str, x_label: str,
          intervals: Sequence[Sequence[tuple[float, float]] | None], references: Sequence[
              tuple[float, str]], labels: bool) -> Svg:
    """Bars for one or more series over the categories ``items_x``; each series is (legend
    label, values, colour, hatch). The shared body of :func:`bar_chart` and
    :func:`grouped_bar_chart`."""
    n = len(items_x)
    values = [[float(v) for v in vals] for _, vals, _, _ in series]
    spans = [v for vals in values for v in vals]
    for ints in intervals:
        if ints is not None:
            spans += [float(a) for a, _ in ints] + [float(b) for _, b in ints]
    spans += [float(v) for v, _ in references]
    y_lo, y_hi = _range(spans, include_zero=True, pad_low=False,
                        headroom=0.12 if labels else 0.05)
    step = (n + 15) // 16 if n > 16 else 1
    room = (width - 90) / max(1, n) * 0.95
    rotate = n > 8 and any(_text_width(str(items_x[i]), _TICK) > room * step
                           for i in range(0, n, step))
    if rotate:
        x_ticks = [(float(i), " ".join(str(items_x[i]).split("\n"))) for i in range(0, n, step)]
    else:  # long labels wrap onto more lines to fit under their bar
        x_ticks = [(float(i), _wrap(str(items_x[i]), room * step, _TICK))
                   for i in range(0, n, step)]
    legend = [name for name, _, _, _ in series if name and not name.startswith("_")]
    frame = _Frame(width, height, title=title, x_label=x_label, y_label=y_label, y_lo=y_lo,
                   y_hi=y_hi, x_range=(-0.6, n - 0.4), x_ticks=x_ticks, rotate=rotate,
                   legend_rows=_legend_rows(width - 60, legend) if len(series) > 1 else 0)
    svg = Svg(width, height, title=title or "chart")
    key = _key(title, items_x, values)
    patterns = {h: f"hatch-{key}-{i}" for i, h in enumerate(HATCHES) if h}
    used = {hatch for _, _, _, hatch in series if hatch}
    if used:
        svg.parts.append("<defs>" + "".join(_hatch_pattern(patterns[h], h) for h in HATCHES
                                            if h in used) + "</defs>")
    frame.background(svg)
    slot = frame.x(1) - frame.x(0)
    group_w = slot * (0.75 if len(series) == 1 else 0.8)
    bar_w = group_w / len(series)
    zero = frame.y(0)
    entries = []
    for j, ((name, _, colour, hatch), vals) in enumerate(zip(series, values, strict=True)):
        bars = Svg(0, 0)
        for i, v in enumerate(vals):
            x0 = frame.x(i) - group_w / 2 + j * bar_w
            w = bar_w * (0.95 if len(series) > 1 else 1)
            top, h = min(zero, frame.y(v)), abs(frame.y(v) - zero)
            edge = {"stroke": _INK, "stroke_width": 0.5} if len(series) > 1 else {}
            bars.rect(_r(x0), _r(top), _r(w), _r(h), fill=colour, fill_opacity=0.85, **edge)
            if hatch:
                bars.rect(_r(x0), _r(top), _r(w), _r(h), fill=f"url(#{patterns[hatch]})")
            if labels:
                ly = frame.y(v) - 3 if v >= 0 else frame.y(v) + _SMALL * 0.75 + 3
                bars.text(_r(x0 + w / 2), _r(ly), value_format.format(v),
                          size=_SMALL * (0.85 if len(series) > 1 else 0.95), anchor="middle")
        svg.parts.append(f'<g id="patch_{j + 1}">{"".join(bars.parts)}</g>')
        swatch = (f'<rect x="0" y="-5" width="24" height="10" fill="{escape(colour)}" '
                  f'fill-opacity="0.85" stroke="{_INK}" stroke-width="0.5"/>')
        if hatch:
            swatch += f'<rect x="0" y="-5" width="24" height="10" fill="url(#{patterns[hatch]})"/>'
        if name and not name.startswith("_"):
            entries.append((name, swatch))
    for j, ints in enumerate(intervals):
        if ints is None:
            continue
        err = Svg(0, 0)
        for i, (a, b) in enumerate(ints):
            x = frame.x(i) - group_w / 2 + (j + 0.5) * bar_w
            y1, y2 = frame.y(float(a)), frame.y(float(b))
            err.line(_r(x), _r(y1), _r(x), _r(y2), stroke=_INK, stroke_width=1)
            for yy in (y1, y2):
                err.line(_r(x - 4), _r(yy), _r(x + 4), _r(yy), stroke=_INK, stroke_width=1)
        svg.parts.append(f'<g id="LineCollection_{j + 1}" class="intervals">{"".join(err.parts)}</g>')
    frame.zero_line(svg)
    frame.references(svg, references)
    if len(series) > 1:
        frame.legend(svg, entries)
    return svg


def bar_chart(items: Sequence[tuple[str, float]], *, title: str = "", width: int = 520,
              height: int = 240, value_format: str = "{:.3g}", colour: str = PALETTE[0],
              y_label: str = "", x_label: str = "",
              intervals: Sequence[tuple[float, float]] | None = None,
              references: Sequence[tuple[float, str]] = (), labels: bool = False) -> Svg:
    """A bar chart of (label, value) pairs with axes, ticks and optional 95% intervals
    (``intervals``: (lo, hi) per bar), horizontal reference lines (value, label) and value
    labels on the bars (``labels``, written with ``value_format``). A label may hold ``\n``.

    Returned as inline SVG with a ``<title>`` (drawn directly, no plotting library).
    """
    names = [str(label) for label, _ in items]
    vals = [float(v) for _, v in items]
    if intervals is not None and len(intervals) != len(vals):
        raise BadInput("NB-ARG", "intervals must give one (lo, hi) pair per bar")
    return _bars(names, [("", vals, colour, "")], title=title, width=width, height=height,
                 value_format=value_format, y_label=y_label, x_label=x_label,
                 intervals=[intervals], references=references, labels=labels)


def grouped_bar_chart(groups: Sequence[str], series: Mapping[str, Sequence[float]], *,
                      title: str = "", width: int = 560, height: int = 270,
                      value_format: str = "{:.3f}", y_label: str = "", x_label: str = "",
                      labels: bool = True, references: Sequence[tuple[float, str]] = ()) -> Svg:
    """Bars side by side per group, one colour (:data:`PALETTE`) and one hatching
    (:data:`HATCHES`, a second cue for colour-blind readers) per series, a legend below, and
    each bar labelled with its value (``labels``)."""
    rows = [(name, [float(v) for v in vals], PALETTE[j % len(PALETTE)],
             HATCHES[j % len(HATCHES)]) for j, (name, vals) in enumerate(series.items())]
    if any(len(vals) != len(groups) for _, vals, _, _ in rows):
        raise BadInput("NB-ARG", "every series must give one value per group")
    return _bars([str(g) for g in groups], rows, title=title, width=width, height=height,
                 value_format=value_format, y_label=y_label, x_label=x_label,
                 intervals=[None] * len(rows), references=references, labels=labels)


def line_chart(series: Mapping[str, Sequence[tuple[float, float]]], *, title: str = "",
               width: int = 520, height: int = 260, x_label: str = "", y_label: str = "",
               y_range: tuple[float, float] | None = None,
               bands: Mapping[str, Sequence[tuple[float, float, float]]] | None = None,
               references: Sequence[tuple[float, str]] = ()) -> Svg:
    """Several (x, y) series as lines with markers and dashes (second cues beside colour), a
    legend below (series named ``_...`` are left out of it, and may be empty to skip a colour),
    axes with ticks, optional shaded 95% bands (``bands[name]``: (x, lo, hi) points) and
    horizontal reference lines (value, label). Returned as inline SVG with a ``<title>``."""
    bands = bands or {}
    pts = {name: [(float(x), float(y)) for x, y in p] for name, p in series.items()}
    band_pts = {name: [(float(x), float(lo), float(hi)) for x, lo, hi in b]
                for name, b in bands.items() if name in pts}
    xs = [x for p in pts.values() for x, _ in p] + [x for b in band_pts.values() for x, _, _ in b]
    ys = ([y for p in pts.values() for _, y in p] + [v for b in band_pts.values()
                                                      for _, lo, hi in b for v in (lo, hi)]
          + [float(v) for v, _ in references])
    x_lo, x_hi = _range(xs, include_zero=False)
    y_lo, y_hi = (float(y_range[0]), float(y_range[1])) if y_range is not None else _range(
        ys, include_zero=False)
    data_lo, data_hi = (min(xs), max(xs)) if xs else (0.0, 1.0)
    integer_x = all(float(x).is_integer() for x in xs)
    legend = [name for name in pts if not name.startswith("_")] if (
        len(series) > 1 or any(series.values())) else []
    rows = _legend_rows(width - 60, legend)
    # The x ticks depend on the plot width, which does not depend on them (no rotation here).
    probe = _Frame(width, height, title=title, x_label=x_label, y_label=y_label, y_lo=y_lo,
                   y_hi=y_hi, x_range=(x_lo, x_hi), x_ticks=[], rotate=False, legend_rows=rows)
    target = max(3, min(10, int((probe.right - probe.left) // 60)))
    ticks, decimals = _nice_ticks(data_lo, data_hi, target, integer=integer_x)
    x_ticks = [(v, _tick_label(v, decimals)) for v in ticks if x_lo <= v <= x_hi]
    frame = _Frame(width, height, title=title, x_label=x_label, y_label=y_label, y_lo=y_lo,
                   y_hi=y_hi, x_range=(x_lo, x_hi), x_ticks=x_ticks, rotate=False,
                   legend_rows=rows)
    svg = Svg(width, height, title=title or "chart")
    frame.background(svg)
    key = _key(title, pts)
    svg.parts.append(f'<defs><clipPath id="plot-{key}"><rect x="{_px(frame.left)}" '
                     f'y="{_px(frame.top - 4)}" width="{_px(frame.right - frame.left)}" '
                     f'height="{_px(frame.bottom - frame.top + 8)}"/></clipPath></defs>')
    entries = []
    for i, (name, points) in enumerate(pts.items()):
        colour = PALETTE[i % len(PALETTE)]
        marker, dash = MARKERS[i % len(MARKERS)], _dasharray(DASHES[i % len(DASHES)], 1.6)
        if name in band_pts and band_pts[name]:
            band = band_pts[name]
            outline = ([(frame.x(x), frame.y(hi)) for x, _, hi in band]
                       + [(frame.x(x), frame.y(lo)) for x, lo, _ in reversed(band)])
            svg.parts.append(f'<g clip-path="url(#plot-{key})">')
            svg.polygon(outline, fill=colour, fill_opacity=0.15)
            svg.parts.append("</g>")
        if points:
            line = Svg(0, 0)
            line.polyline([(round(frame.x(x), 1), round(frame.y(y), 1)) for x, y in points],
                          stroke=colour, stroke_width=1.6, stroke_dasharray=dash)
            line.parts.extend(_marker(marker, frame.x(x), frame.y(y), colour) for x, y in points)
            svg.parts.append(f'<g id="line2d_{i + 1}" clip-path="url(#plot-{key})">'
                             f'{"".join(line.parts)}</g>')
        if not name.startswith("_") and legend:
            swatch = (f'<line x1="0" y1="0" x2="24" y2="0" stroke="{colour}" stroke-width="1.6"'
                      + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
                      + _marker(marker, 12, 0, colour))
            entries.append((name, swatch))
    frame.references(svg, references)
    frame.legend(svg, entries)
    return svg


def heat_colour(t: float) -> str:
    """A light-to-dark blue for ``t`` in [0, 1] (heat maps of distances, counts)."""
    t = min(1.0, max(0.0, float(t)))
    start, end = (239, 243, 255), (8, 69, 148)
    r, g, b = (round(s + (e - s) * t) for s, e in zip(start, end, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


__all__ = ["Markup", "Svg", "Html", "tag", "html_table", "table", "side_by_side", "to_markup", "bar_chart",
           "grouped_bar_chart", "line_chart", "HATCHES", "heat_colour", "escape", "PALETTE", "MARKERS", "FONT"]
