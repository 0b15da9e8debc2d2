"""The board as a picture: territory in tints and hatches, printed values, starting squares, Zero
spaces, a placement with its verdict, and a zoom to the region in play. Split from
:mod:`.render`, which re-exports every name here.

Squares are at least :data:`READABLE_CELL` pixels by default, so the printed values read from
the back of a classroom; a zoomed picture keeps the board's own row and column numbers.

>>> from doppelnb.engines.doppel_doubt import Board
>>> board = Board().set_owner([(3, 4), (3, 5)], "blue")
>>> svg = board_svg(board, region="play")
>>> region_in_play(board), "rows 2 to 4, columns 3 to 6" in str(svg)
(((2, 3), (4, 6)), True)
"""

from __future__ import annotations

from typing import Any

from ...core.checks import check_instance, check_int, check_sequence, show
from ...core.errors import BadInput
from ...core.render import Html, Svg, tag
from .board import Board
from .notation import SIZE, on_board, parse_cell
from .rules import COLOURS, colour_of
from .verdict import OFFBOARD, Verdict

#: Okabe-Ito colours (safe for the common colour-vision deficiencies), one per colour pair; the
#: board fills are light tints of them so the printed values stay readable, and each colour also
#: gets its own hatch (``HATCH``), the second cue that does not rely on colour at all.
OKABE_ITO = {"red": "#D55E00", "blue": "#0072B2", "yellow": "#F0E442", "green": "#009E73",
             "purple": "#CC79A7"}


def _tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v * share + 255 * (1 - share)):02x}" for v in rgb)


FILL = {c: _tint(v, 0.55) for c, v in OKABE_ITO.items()}
INK = {**OKABE_ITO, "yellow": "#8a7a00"}     # the yellow ink is darkened so lines and rings show
#: The second cue: a hatch per colour, named in every legend.
HATCH = {"red": "diagonal lines /", "blue": "horizontal lines", "yellow": "dots",
         "green": "diagonal lines \\", "purple": "vertical lines"}


def _pattern(colour: str, cell: float) -> Html:
    """An SVG ``<pattern>`` filling a square with ``colour``'s tint and its hatch."""
    k = max(4.0, cell / 3)
    h = k / 2
    ink, fill = INK[colour], FILL[colour]
    mark = {
        "red": tag("line", x1=0, y1=_n(k), x2=_n(k), y2=0),
        "blue": tag("line", x1=0, y1=_n(h), x2=_n(k), y2=_n(h)),
        "yellow": tag("circle", cx=_n(h), cy=_n(h), r=_n(k / 7), fill=ink),
        "green": tag("line", x1=0, y1=0, x2=_n(k), y2=_n(k)),
        "purple": tag("line", x1=_n(h), y1=0, x2=_n(h), y2=_n(k)),
    }[colour]
    return tag("pattern", tag("rect", width=_n(k), height=_n(k), fill=fill),
               tag("g", mark, stroke=ink, stroke_width=_n(max(0.6, k / 12)),
                   stroke_opacity="0.55"),
               id=_pattern_id(colour, cell), patternUnits="userSpaceOnUse", width=_n(k),
               height=_n(k))


def _n(x: float) -> str:
    """A length as SVG writes it: no trailing zeros (``12``, ``1.5``)."""
    return f"{x:g}"


def _pattern_id(colour: str, cell: float) -> str:
    return f"db-hatch-{colour}-{round(cell * 10)}"


def _defs(cell: float) -> str:
    return str(tag("defs", *(_pattern(c, cell) for c in COLOURS)))


def territory_fill(colour: str, cell: float = 24) -> str:
    """The SVG fill of ``colour``'s territory at square size ``cell`` (tint plus hatch)."""
    return f"url(#{_pattern_id(colour, cell)})"


def colour_swatch(colour: str, *, size: int = 16) -> Svg:
    """A small square in ``colour``'s tint and hatch, with its name as the title (for legends)."""
    svg = Svg(size, size, title=f"{colour}: {HATCH[colour]}", role="img")
    svg.add(_defs(size))
    svg.rect(0.5, 0.5, size - 1, size - 1, fill=territory_fill(colour, size), stroke="#555",
             stroke_width=0.8)
    return svg


LEGAL, ILLEGAL = "#1a7f37", "#cf222e"

#: The smallest square a board picture draws by default: at 24 px a printed value is about 11 px
#: high, readable from the back of a classroom on a projector (issue 25); smaller cells are still
#: drawn when a caller asks for them.
READABLE_CELL = 24

#: The average width of a letter, in em, used to wrap text lines to a picture's width.
EM = 0.6

#: A rectangle of squares, ``((top, left), (bottom, right))``, both corners included.
Region = tuple[tuple[int, int], tuple[int, int]]
WHOLE_BOARD: Region = ((0, 0), (SIZE - 1, SIZE - 1))


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font ``size``: a letter of DejaVu Sans, the pictures' font,
    is at most about 0.6 em wide on average (digits 0.64 em, so a bound for words, not numbers)."""
    return EM * size * len(text)


def _wrap_to(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at font ``size``."""
    return _wrap(text, max(8, int(width / (EM * size))))


def _bounds(cells: Any) -> Region | None:
    cells = list(cells)
    if not cells:
        return None
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    return (min(rows), min(cols)), (max(rows), max(cols))


def _pad(region: Region, pad: int) -> Region:
    (r0, c0), (r1, c1) = region
    return ((max(0, r0 - pad), max(0, c0 - pad)),
            (min(SIZE - 1, r1 + pad), min(SIZE - 1, c1 + pad)))


def region_in_play(board: Board, cells: Any = (), *, pad: int = 1) -> Region:
    """The smallest rectangle of the board holding every claimed square, every Zero space and
    ``cells`` (a placement being judged, squares to highlight), widened by ``pad`` squares and
    kept on the board: what a picture zoomed to "the region in play" shows. The whole board when
    nothing is in play.

    >>> from doppelnb.engines.doppel_doubt import Board
    >>> region_in_play(Board().set_owner([(0, 4), (0, 5)], "blue"))
    ((0, 3), (1, 6))
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    pad = check_int(pad, "pad", 0, SIZE)
    used = [divmod(i, SIZE) for i, o in enumerate(board.owner) if o is not None]
    used += [divmod(i, SIZE) for i in board.zero]
    used += [c for c in (tuple(x) for x in cells) if on_board(c)]
    box = _bounds(used)
    return WHOLE_BOARD if box is None else _pad(box, pad)


def contested_region(board: Board, *, rows: int = 7, cols: int = 9) -> Region:
    """The ``rows`` x ``cols`` window of the board where two colours meet most evenly: the one
    whose second-largest colour holds the most squares (ties: more claimed squares, then the
    first from the top left). A picture of "where two colours compete".

    >>> from doppelnb.engines.doppel_doubt import Board
    >>> b = Board().set_owner([(9, 9), (9, 10)], "red").set_owner([(10, 9)], "blue")
    >>> contested_region(b, rows=3, cols=3)
    ((8, 8), (10, 10))
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    rows = check_int(rows, "rows", 1, SIZE)
    cols = check_int(cols, "cols", 1, SIZE)
    best: tuple[int, int, int, int] | None = None
    best_at = (0, 0)
    for top in range(SIZE - rows + 1):
        for left in range(SIZE - cols + 1):
            counts: dict[str, int] = {}
            for r in range(top, top + rows):
                for c in range(left, left + cols):
                    owner = board.owner[r * SIZE + c]
                    if owner is not None:
                        key = colour_of(owner)
                        counts[key] = counts.get(key, 0) + 1
            ranked = sorted(counts.values(), reverse=True) + [0, 0]
            score = (ranked[1], sum(ranked), -top, -left)
            if best is None or score > best:
                best, best_at = score, (top, left)
    top, left = best_at
    return (top, left), (top + rows - 1, left + cols - 1)


def colours_in(board: Board, region: Region = WHOLE_BOARD) -> list[str]:
    """The colours holding squares in ``region``, most squares first (ties in colour order).

    >>> from doppelnb.engines.doppel_doubt import Board
    >>> colours_in(Board().set_owner([(0, 0)], "red").set_owner([(0, 1), (1, 1)], "blue"))
    ['blue', 'red']
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    (r0, c0), (r1, c1) = _region(board, region, ())
    counts: dict[str, int] = {}
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            owner = board.owner[r * SIZE + c]
            if owner is not None:
                counts[colour_of(owner)] = counts.get(colour_of(owner), 0) + 1
    return sorted(counts, key=lambda colour: (-counts[colour], COLOURS.index(colour)))


def _region(board: Board, region: Any, cells: Any) -> Region:
    if region is None or region == "all":
        return WHOLE_BOARD
    if region == "play":
        return region_in_play(board, cells)
    if region == "placement":              # the squares around a placement (or highlight)
        near = [(min(max(r, 0), SIZE - 1), min(max(c, 0), SIZE - 1)) for r, c in cells]
        box = _bounds(near)
        return WHOLE_BOARD if box is None else _pad(box, 3)
    corners: tuple[Any, ...] = check_sequence(region, "region", min_len=2, max_len=2)
    (r0, c0), (r1, c1) = (parse_cell(corners[0], "region[0]"), parse_cell(corners[1], "region[1]"))
    if not (on_board((r0, c0)) and on_board((r1, c1)) and r0 <= r1 and c0 <= c1):
        raise BadInput("NB-ARG", "region must be None, 'all', 'play', 'placement' or ((top, "
                                 "left), (bottom, right)) with the corners on the board, got "
                                 f"{show(region)}")
    return (r0, c0), (r1, c1)


def board_svg(board: Board, *, overlay: Any = None, who: str | None = None,
              verdict: Verdict | None = None, highlight: Any = (), cell: int = READABLE_CELL,
              title: str | None = None, show_values: bool = True, region: Any = None,
              show_verdict: bool = True) -> Svg:
    """The board: territory colours, printed values, starting squares, Zero spaces (double ring)
    and, optionally, a proposed placement outlined green (legal) or red (illegal) with its verdict.
    ``highlight`` outlines squares (e.g. those claimed by the step being shown).

    ``region`` zooms: ``None`` (or ``"all"``) draws the whole 17x17 board, ``"play"`` only the
    rectangle in play (:func:`region_in_play`), ``"placement"`` the placement (or the highlighted
    squares) with three squares around it, and ``((top, left), (bottom, right))`` that rectangle
    of squares. ``show_verdict=False`` leaves the verdict's sentence out (a table beside the
    picture says it). Row and column numbers stay the board's own, so a zoomed picture names
    squares as the rules and the verdicts do. Every text line is wrapped to the picture's width.
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    cell = check_int(cell, "cell", 4, 200)
    if overlay is not None and verdict is None and who is not None:
        verdict = board.check_placement(who, overlay)
    cells = set(verdict.cells) if verdict is not None else set(map(tuple, overlay or ()))
    marked = [tuple(c) for c in highlight]
    (r0, c0), (r1, c1) = _region(board, region, [*cells, *marked])
    # A placement hanging off the board (or out of the region) widens the view to show it.
    shown = _bounds([(r0, c0), (r1, c1), *cells])
    assert shown is not None
    (v0, h0), (v1, h1) = shown
    n_rows, n_cols = v1 - v0 + 1, h1 - h0 + 1
    label_size = max(10.0, cell * 0.4)
    gutter = max(cell * 0.8, _text_width("16", label_size) + 6)    # row and column numbers
    grid_w = n_cols * cell
    width = max(gutter + grid_w + cell / 2, 240)
    title_lines = _wrap_to(title, width - 8, 14) if title else []
    top = 6 + 17 * len(title_lines)
    x0, y0 = gutter, top + gutter
    svg_parts_height = y0 + n_rows * cell
    note = ("illustrative board (values and starting squares are not the rulebook's)"
            if board.illustrative else "board data supplied by the user")
    foot_size = 11.0
    note_lines = _wrap_to(note, width - x0, foot_size)
    in_view = [board.owner[r * SIZE + c] for r in range(max(v0, 0), min(v1, SIZE - 1) + 1)
               for c in range(max(h0, 0), min(h1, SIZE - 1) + 1)]
    owners = sorted({colour_of(o) for o in in_view if o}, key=COLOURS.index)
    legend_rows: list[list[tuple[str, float]]] = []
    lx = x0
    for colour in owners:                   # the legend flows onto new lines when it is full
        item_w = 22 + _text_width(colour, foot_size) + 10
        if not legend_rows or lx + item_w > width:
            legend_rows.append([])
            lx = x0
        legend_rows[-1].append((colour, lx))
        lx += item_w
    verdict_size = 12.0
    lines = (_wrap_to(verdict.summary(), width - x0 - 4, verdict_size)
             if verdict and show_verdict else [])
    height = (svg_parts_height + 8 + 15 * len(note_lines) + 18 * len(legend_rows)
              + 17 * len(lines) + 6)
    region_text = "" if shown == WHOLE_BOARD else (
        f", rows {v0} to {v1}, columns {h0} to {h1}")
    svg = Svg(width, height, title=(title or "Doppel Doubt board") + region_text, role="img")
    svg.add(_defs(cell))
    for k, line in enumerate(title_lines):
        svg.text(width / 2, 19 + 17 * k, line, size=14, anchor="middle", font_weight="bold")
    for c in range(h0, h1 + 1):
        svg.text(x0 + (c - h0) * cell + cell / 2, y0 - 5, c, size=label_size, anchor="middle",
                 fill="#555")
    for r in range(v0, v1 + 1):
        svg.text(x0 - 5, y0 + (r - v0) * cell + cell / 2 + label_size * 0.35, r,
                 size=label_size, anchor="end", fill="#555")
    value_size = cell * 0.46
    for r in range(max(v0, 0), min(v1, SIZE - 1) + 1):
        for c in range(max(h0, 0), min(h1, SIZE - 1) + 1):
            i = r * SIZE + c
            x, y = x0 + (c - h0) * cell, y0 + (r - v0) * cell
            owner = board.owner[i]
            fill = territory_fill(colour_of(owner), cell) if owner else "#ffffff"
            svg.rect(x, y, cell, cell, fill=fill, stroke="#b0b0b0", stroke_width=0.6)
            label = board.start_label((r, c))
            if i in board.zero:
                ring = INK[colour_of(owner)] if owner else "#555"
                svg.circle(x + cell / 2, y + cell / 2, cell * 0.40, fill="none", stroke=ring,
                           stroke_width=1.2)
                svg.circle(x + cell / 2, y + cell / 2, cell * 0.31, fill="none", stroke=ring,
                           stroke_width=1.2)
            baseline = y + cell / 2 + value_size * 0.36
            # On territory, a white halo keeps the digits clear of the hatch behind them.
            halo = dict(stroke="#fff", stroke_width=max(1.5, cell / 14), paint_order="stroke",
                        font_weight="bold") if owner else {}
            if label:
                svg.text(x + cell / 2, baseline, label, size=value_size, anchor="middle",
                         fill="#111", **{"font_weight": "bold", **halo})
            elif show_values:
                v = board.values[i]
                svg.text(x + cell / 2, baseline, f"{v:+d}" if v else "0", size=value_size,
                         anchor="middle", fill="#111" if v >= 0 else "#8a1c1c", **halo)
            if owner and board.rules.territory_owner == "doppel":
                svg.text(x + cell - 2, y + cell * 0.3, owner[-1], size=cell * 0.28,
                         anchor="end", fill=INK[colour_of(owner)])
    for r, c in marked:
        if v0 <= r <= v1 and h0 <= c <= h1:
            svg.rect(x0 + (c - h0) * cell + 1.5, y0 + (r - v0) * cell + 1.5, cell - 3, cell - 3,
                     fill="none", stroke="#111", stroke_width=2.5)
    if cells:
        ok = verdict is None or verdict.legal
        stroke = LEGAL if ok else ILLEGAL
        cats = {cl: cat for cl, cat, _ in verdict.squares} if verdict else {}
        inset = max(3.0, cell / 6)
        for r, c in cells:
            x, y = x0 + (c - h0) * cell, y0 + (r - v0) * cell
            svg.rect(x + 1, y + 1, cell - 2, cell - 2, fill=stroke, fill_opacity=0.22,
                     stroke=stroke, stroke_width=2.5, stroke_dasharray=None if ok else "4 2")
            if cats.get((r, c)) in ("enemy Zero", "enemy protected start", OFFBOARD):
                svg.line(x + inset, y + inset, x + cell - inset, y + cell - inset,
                         stroke=ILLEGAL, stroke_width=2)
                svg.line(x + cell - inset, y + inset, x + inset, y + cell - inset,
                         stroke=ILLEGAL, stroke_width=2)
    ty = svg_parts_height + 8
    for line in note_lines:
        ty += 15
        svg.text(x0, ty - 3, line, size=foot_size, fill="#555")
    for row in legend_rows:                 # the legend: tint, hatch and name of each colour
        ty += 18
        for colour, lx in row:
            svg.rect(lx, ty - 13, 16, 12, fill=territory_fill(colour, cell), stroke="#555",
                     stroke_width=0.6)
            svg.text(lx + 21, ty - 3, colour, size=foot_size, fill="#222")
    colour = LEGAL if verdict is not None and verdict.legal else ILLEGAL
    for k, line in enumerate(lines):
        ty += 17
        svg.text(x0, ty - 3, line, size=verdict_size, fill=colour,
                 font_weight="bold" if k == 0 else None)
    return svg


def _wrap(text: str, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for word in words:
        if len(cur) + len(word) + 1 > width and cur:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    if cur:
        lines.append(cur)
    return lines


__all__ = ["OKABE_ITO", "FILL", "INK", "HATCH", "LEGAL", "ILLEGAL", "READABLE_CELL", "Region",
           "WHOLE_BOARD", "territory_fill", "colour_swatch", "region_in_play", "contested_region",
           "colours_in",
           "board_svg"]
