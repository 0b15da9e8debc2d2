"""Small SVG and HTML builders shared by every engine's renderings (no widgets, no matplotlib).

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
from collections.abc import Iterable, Sequence
from typing import Any

# A palette with good contrast for colour-blind readers (Okabe-Ito), used for series and teams.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"


def escape(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _attrs(attrs: dict[str, Any]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(value)}"')
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

    __slots__ = ("width", "height", "attrs", "parts")
    kind = "SVG"

    def __init__(self, width: float, height: float, *, title: str | None = None, **attrs: Any):
        self.width, self.height = width, height
        self.attrs = attrs
        self.parts: list[str] = []
        if title:
            self.parts.append(f"<title>{escape(title)}</title>")

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


def bar_chart(items: Sequence[tuple[str, float]], *, title: str = "", width: int = 520,
              height: int = 220, value_format: str = "{:.3g}", colour: str = PALETTE[0],
              y_label: str = "") -> Svg:
    """A vertical bar chart of (label, value) pairs; values may be negative."""
    svg = Svg(width, height, title=title or None, role="img")
    left, right, top, bottom = 44, 10, 24 if title else 10, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [float(v) for _, v in items] or [0.0]
    hi, lo = max(0.0, max(values)), min(0.0, min(values))
    span = (hi - lo) or 1.0
    def y_of(v: float) -> float:
        return top + (hi - v) / span * plot_h
    if title:
        svg.text(width / 2, 15, title, size=13, anchor="middle", font_weight="bold")
    svg.line(left, y_of(0), width - right, y_of(0), stroke="#444")
    svg.line(left, top, left, top + plot_h, stroke="#444")
    for v in (hi, lo) if lo < 0 else (hi,):
        svg.text(left - 4, y_of(v) + 4, value_format.format(v), size=10, anchor="end")
    if y_label:
        svg.text(12, top + plot_h / 2, y_label, size=10, anchor="middle",
                 transform=f"rotate(-90 12 {top + plot_h / 2:g})")
    n = max(1, len(items))
    slot = plot_w / n
    bar = max(1.0, slot * 0.75)
    step = max(1, int(n * 28 / plot_w) + 1) if n else 1
    for i, (label, value) in enumerate(items):
        x = left + i * slot + (slot - bar) / 2
        y0, y1 = sorted((y_of(0), y_of(float(value))))
        svg.rect(round(x, 2), round(y0, 2), round(bar, 2), round(max(y1 - y0, 0.5), 2),
                 fill=colour, opacity=0.85)
        svg.element("title", f"{label}: {value_format.format(float(value))}")
        if i % step == 0:
            svg.text(x + bar / 2, height - bottom + 14, label, size=10, anchor="middle")
    return svg


def line_chart(series: dict[str, Sequence[tuple[float, float]]], *, title: str = "",
               width: int = 520, height: int = 260, x_label: str = "", y_label: str = "",
               y_range: tuple[float, float] | None = None) -> Svg:
    """Several (x, y) series as lines with a legend."""
    svg = Svg(width, height, title=title or None, role="img")
    left, right, top, bottom = 44, 120, 24 if title else 10, 34
    pw, ph = width - left - right, height - top - bottom
    xs = [x for pts in series.values() for x, _ in pts] or [0, 1]
    ys = [y for pts in series.values() for _, y in pts] or [0, 1]
    x0, x1 = min(xs), max(xs)
    y0, y1 = y_range if y_range else (min(0.0, min(ys)), max(ys))
    xs_span, ys_span = (x1 - x0) or 1, (y1 - y0) or 1
    def pt(x: float, y: float) -> tuple[float, float]:
        return (round(left + (x - x0) / xs_span * pw, 2), round(top + (y1 - y) / ys_span * ph, 2))
    if title:
        svg.text(width / 2, 15, title, size=13, anchor="middle", font_weight="bold")
    svg.line(left, top + ph, left + pw, top + ph, stroke="#444")
    svg.line(left, top, left, top + ph, stroke="#444")
    svg.text(left - 4, top + 4, f"{y1:g}", size=10, anchor="end")
    svg.text(left - 4, top + ph + 4, f"{y0:g}", size=10, anchor="end")
    svg.text(left, top + ph + 14, f"{x0:g}", size=10, anchor="middle")
    svg.text(left + pw, top + ph + 14, f"{x1:g}", size=10, anchor="middle")
    if x_label:
        svg.text(left + pw / 2, height - 6, x_label, size=11, anchor="middle")
    if y_label:
        svg.text(12, top + ph / 2, y_label, size=11, anchor="middle",
                 transform=f"rotate(-90 12 {top + ph / 2:g})")
    for i, (name, pts) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        svg.polyline([pt(x, y) for x, y in pts], stroke=colour, stroke_width=2)
        ly = top + 12 + i * 16
        svg.line(left + pw + 10, ly - 4, left + pw + 28, ly - 4, stroke=colour, stroke_width=3)
        svg.text(left + pw + 32, ly, name, size=11)
    return svg


def heat_colour(t: float) -> str:
    """A light-to-dark blue for ``t`` in [0, 1] (heat maps of distances, counts)."""
    t = min(1.0, max(0.0, float(t)))
    start, end = (239, 243, 255), (8, 69, 148)
    r, g, b = (round(s + (e - s) * t) for s, e in zip(start, end, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


__all__ = ["Markup", "Svg", "Html", "tag", "html_table", "table", "side_by_side", "to_markup", "bar_chart",
           "line_chart", "heat_colour", "escape", "PALETTE", "FONT"]
