"""SVG and HTML pictures of Doppel Doubt: the board (drawn by :mod:`.board_picture`, whose names
are importable from here too), shapes, a proposed placement with its verdict, a claim-by-claim
resolution and the results. Built with :mod:`doppelnb.core.render` only.

>>> from doppelnb.engines.doppel_doubt import Board
>>> svg = board_svg(Board().set_owner([(0, 0)], "red"), cell=10)
>>> type(svg).__name__, str(svg).startswith("<svg")
('Svg', True)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ...core.checks import check_instance
from ...core.render import Html, Svg, html_table, side_by_side, tag
from .board import Board
from .board_picture import (
    FILL,
    HATCH,
    INK,
    OKABE_ITO,
    READABLE_CELL,
    board_svg,
    colour_swatch,
    colours_in,
    contested_region,
    region_in_play,
    territory_fill,
)
from .rules import COLOURS, colour_of
from .scoring import board_colour_scores
from .shapes import Shape, reflect
from .verdict import Verdict

if TYPE_CHECKING:
    from .claims import ClaimStep, Resolution
    from .scoring import Results
    from .state import State, View


def shape_svg(shape: Shape | tuple[Any, ...], *, cell: int = 16, colour: str = "#555",
              rotation: int = 0, label: str | None = None, box: int = 4) -> Svg:
    """A small picture of a shape (in one of its rotations), its label under it in letters big
    enough to read on a projector; the picture is at least ``box`` squares high and wide."""
    cells = shape.rotations()[rotation % len(shape.rotations())] if isinstance(shape, Shape) \
        else tuple(shape)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    text = label if label is not None else (str(shape) if isinstance(shape, Shape) else "")
    font = 12 if cell >= 12 else 10
    size = max(h, w, box) * cell + 4
    width = max(size, 0.62 * font * len(text) + 6)     # wide enough for the label under it
    svg = Svg(width, size + (font + 5 if text else 0), title=text or "shape", role="img")
    ox, oy = (width - w * cell) / 2, (size - h * cell) / 2
    for r, c in cells:
        svg.rect(ox + c * cell, oy + r * cell, cell, cell, fill=colour, stroke="#fff",
                 stroke_width=1)
    if text:
        svg.text(width / 2, size + font + 1, text, size=font, anchor="middle")
    return svg


#: The standard letter names of the tetrominoes (I O T S Z L J) and pentominoes (Golomb's F I L N P
#: T U V W X Y Z), each drawn as its letter. Rotations keep the name; a mirror image that is not a
#: rotation is a different one-sided piece here (DB-R10a): the tetrominoes call the pairs S/Z and
#: L/J, the pentominoes mark the mirror with a prime (F and F′). Hexominoes have no letter names.
_LETTER_DRAWINGS = {
    4: {"I": "####", "O": "##/##", "T": "###/.#.", "S": ".##/##.", "Z": "##./.##",
        "L": "#./#./##", "J": ".#/.#/##"},
    5: {"F": ".##/##./.#.", "I": "#####", "L": "#./#./#./##", "N": ".#/.#/##/#.",
        "P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
        "W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#/##/.#/.#", "Z": "##./.#./.##"},
}


def _drawing_cells(drawing: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(drawing.split("/")) for c, ch in enumerate(row)
            if ch == "#"]


def _letter_names() -> dict[Shape, str]:
    out: dict[Shape, str] = {}
    for drawings in _LETTER_DRAWINGS.values():
        for letter, drawing in drawings.items():
            shape = Shape.from_cells(_drawing_cells(drawing))
            out.setdefault(shape, letter)
            mirror = Shape.from_cells(reflect(shape.key))
            if shape.size == 5 and mirror != shape:
                out.setdefault(mirror, letter + "′")
    return out


_NAMES: dict[Shape, str] = {}


def piece_name(shape: Shape) -> str:
    """The standard name of a tetromino or pentomino ("T", "Y′"), or the engine's name
    ("6-12") for a hexomino, which has no letter name.

    >>> from doppelnb.engines.doppel_doubt import shape_by_name
    >>> piece_name(shape_by_name("5-3")), piece_name(shape_by_name("4-6")), piece_name(
    ...     shape_by_name("6-0"))
    ('Y′', 'O', '6-0')
    """
    shape = check_instance(shape, "shape", Shape, expected="a doppel_doubt Shape")
    if not _NAMES:
        _NAMES.update(_letter_names())
    return _NAMES.get(shape, str(shape))


def shape_label(shape: Shape) -> str:
    """``"5-3 (Y′)"``: the engine's name with the standard letter where there is one."""
    name = piece_name(shape)
    return str(shape) if name == str(shape) else f"{shape} ({name})"


def shapes_strip(shapes: Any, labels: Any = None, **kw: Any) -> Html:
    """Shapes in a row, each with its label; every picture gets the box of the largest shape,
    so the labels line up."""
    shapes = list(shapes)
    labels = labels or [shape_label(s) for s in shapes]
    box = max((max(1 + max(r for r, _ in cells), 1 + max(c for _, c in cells))
               for cells in (s.rotations()[0] if isinstance(s, Shape) else tuple(s)
                             for s in shapes)), default=4)
    kw.setdefault("box", box)
    return side_by_side(*[shape_svg(s, label=lab, **kw) for s, lab in zip(shapes, labels,
                                                                       strict=True)], gap=10)


def verdict_html(verdict: Verdict, *, cell: int = READABLE_CELL, region: Any = "placement"
                 ) -> Html:
    """The board with the placement overlaid, and a table: each covered square, its category,
    the rule that decides it and what happens to it. The picture shows the placement with three
    squares around it (``region``, as for :func:`board_svg`; ``None`` for the whole board). A
    square off the board has no printed value: the table says so with a dash, not ``None``."""
    rows = [(square, "-" if value is None else f"{value:+d}" if value else "0", category, rule,
             why) for square, value, category, rule, why in verdict.explanation()]
    table = Html(html_table(["square", "printed value", "it is", "rule", "why, and what happens"],
                            rows, caption=verdict.summary()))
    if not isinstance(verdict.board, Board):          # a verdict made without its board
        return table
    picture = board_svg(verdict.board, verdict=verdict, cell=cell, region=region,
                        show_verdict=False)
    return side_by_side(picture, table)


def claim_step_html(resolution: Resolution, index: int, *, cell: int = READABLE_CELL) -> Html:
    """Step ``index`` of a resolution (0 = the board before any claim)."""
    if index == 0:
        order = ", ".join(f"{s.who} {s.card}" for s in resolution.steps)
        return side_by_side(board_svg(resolution.before, cell=cell, title="start of the round"),
                            tag("p", f"Resolution order (descending cards, DB-R11): {order}"))
    step: ClaimStep = resolution.steps[index - 1]
    title = f"claim {index} of {len(resolution.steps)}: {step.who} with card {step.card}"
    pic = board_svg(step.board, cell=cell, title=title, highlight=step.claimed + step.held)
    rows = [[f"({r}, {c})", _cell_fate(step, (r, c))] for r, c in step.cells]
    return side_by_side(pic, Html(html_table(["square", "what happened"], rows,
                                             caption=step.describe())))


def _cell_fate(step: ClaimStep, cell: tuple[Any, ...]) -> str:
    if step.void:
        return "nothing: the placement is void"
    if cell in step.claimed:
        return f"claimed for {step.who}"
    if cell in step.held:
        return f"already {step.who}'s: held (blocks later claims, DB-A10)"
    if cell in step.ignored:
        return "ignored: claimed earlier this round (DB-R11)"
    return "not taken (protected or kept by its owner)"


class ResolutionStep:
    """A claim-by-claim step shaped for :class:`doppelnb.widgets.GameStepper` (duck-typed)."""

    to_move = None

    def __init__(self, resolution: Resolution, index: int):
        self.resolution, self.index = resolution, index
        # Short names for the stepper's move list (which has a fixed width); each step's picture
        # and table say in full what the placement claimed.
        self.actions = tuple(f"{s.who}, card {s.card}" for s in resolution.steps[:index])

    def parse_action(self, action: Any) -> Any:
        return action

    def action_label(self, action: Any) -> str:
        return str(action)

    def _repr_html_(self) -> str:
        return str(claim_step_html(self.resolution, self.index))


def resolution_steps(resolution: Resolution) -> list[ResolutionStep]:
    return [ResolutionStep(resolution, i) for i in range(len(resolution.steps) + 1)]


def score_sheet_html(state: State) -> Html:
    """The score sheet: each colour's P and Q scores so far and its colour score (DB-R17)."""
    from .scoring import colour_scores

    scores = state.scores
    colours = colour_scores(scores, state.identity)
    rows = []
    for colour in COLOURS:
        seats = [s for s, d in enumerate(state.identity) if colour_of(d) == colour]
        p = next(s for s in seats if state.identity[s].endswith("P"))
        q = next(s for s in seats if state.identity[s].endswith("Q"))
        jest = " (Jesters)" if colour == state.jester else ""
        rows.append([colour + jest, f"seat {p}: {scores[p]}", f"seat {q}: {scores[q]}",
                     colours[colour]])
    return Html(html_table(["colour", "P score", "Q score", "colour score (P - Q)"], rows,
                           caption=f"scores after round {min(state.round - 1, 10)} (DB-R17)"))


def results_html(results: Results) -> Html:
    rows = []
    for s, d in enumerate(results.identity):
        rows.append([s, d + (" (Jester)" if colour_of(d) == results.jester else ""),
                     results.territory[s], f"+{results.benefit[s]}" if results.benefit[s] else 0,
                     f"-{results.detriment[s]}" if results.detriment[s] else 0,
                     results.final[s], results.tokens[s] or 0,
                     "yes" if s in results.candidates else "-"])
    table = html_table(["seat", "Doppel", "territory", "benefit", "detriment", "final",
                        "Tokens of Life", "Elimination Candidate"], rows,
                       caption="each seat's score and awards (DB-R16 to DB-R19)")
    colours = html_table(["colour", "colour score"],
                         [[c, v] for c, v in results.colour_scores.items()])

    def seats(found: Any) -> str:
        return ", ".join(f"seat {s} ({results.identity[s]})" for s in found) or "nobody"

    summary = tag("p", "Team Token of Life: ", tag("b", ", ".join(results.team_winners) or "nobody"),
                  "; largest distance from zero: ", tag("b", seats(results.individual_winners)),
                  "; losing team: ", tag("b", ", ".join(results.losing_teams) or "none"),
                  "; Elimination Candidate: ", tag("b", seats(results.candidates)), ".")
    notes = tag("ul", *[tag("li", n) for n in results.notes]) if results.notes else None
    return Html("".join(str(part) for part in (summary, side_by_side(Html(table), Html(colours)),
                                               notes) if part is not None))


def view_table(state: State, seat: int) -> Html:
    """What ``seat`` knows at this moment (``state.view(seat)``, DB-R2, DB-A23), and what the
    view leaves out: the other seats' Doppels and the Jester colour."""
    view = state.view(seat)
    fields = {f.name for f in dataclasses.fields(view)}
    shape = view.shape_to_place
    rows: list[list[Any]] = [["you are", view.you],
            ["your hand", ", ".join(map(str, view.hand))],
            ["round", view.round],
            ["shapes revealed this round", len(view.offered)],
            ["shape your partner gave you", shape_label(shape) if shape else "none yet"],
            ["cards played in past rounds", f"{len(view.played)} rounds"],
            ["your Artefact powers", ", ".join(view.artefacts) or "none"],
            ["the other seats' colours and letters",
             "not in the view" if "identity" not in fields else "shown"],
            ["which colour are the Jesters", "not in the view" if "jester" not in fields
             else "shown"]]
    return Html(html_table([f"what seat {seat} may see", "in its view"], rows,
                           caption=f"seat {seat}'s view, state.view({seat}) (DB-R2)"))


def starts_table(state: State) -> Html:
    """Round 1's starting squares (DB-R6, DB-R7): each letter's pool in descending card order,
    and the squares left over as Zero spaces. ``state`` is any state after round 1."""
    cards = {state.identity[s]: card for s, (card, _) in enumerate(state.played[0])}
    rows = []
    for letter in ("P", "Q"):
        pool = sorted((d for d in state.starts_taken if d.endswith(letter)),
                      key=lambda d: -cards[d])
        rows += [[letter, d, cards[d], state.starts_taken[d]] for d in pool]
    left = ", ".join(state.zero_from_starts)
    return Html(html_table(["pool", "Doppel", "card", "starting square"], rows,
                           caption=f"starting squares, highest card first; left over and turned "
                                   f"into Zero spaces: {left}"))


def draft_table(state: State, round_: int = 1) -> Html:
    """The shape draft of round ``round_`` (DB-R8, DB-R9): lowest card first, each Doppel takes
    the first shape on its list still free, and the shape goes to its partner."""
    log = dict(state.draft_log[round_ - 1])
    cards = {s: card for s, (card, _) in enumerate(state.played[round_ - 1])}
    offered = state.shapes_by_round[round_ - 1]
    order = sorted(log, key=lambda s: cards[s])
    rows = [[turn, state.identity[s], cards[s], shape_label(offered[log[s]]),
             state.identity[state.partner(s)]] for turn, s in enumerate(order, start=1)]
    return Html(html_table(["turn", "Doppel", "card", "takes", "gives it to (places it in round "
                            f"{round_ + 1})"], rows,
                           caption=f"round {round_}'s shape draft, lowest card first"))


def colour_score_chart(state: State, *, title: str = "", width: int = 720,
                       height: int = 360) -> Svg:
    """Each colour's score (P - Q, territory only) after every finished round, as a line chart
    drawn in the colour's own Okabe-Ito colour (with a marker and dash per line as second cue).

    ``line_chart`` colours its series in the order of ``core.render.PALETTE``; the series are
    passed in that order, with unnamed empty series (``_``-labels, left out of the legend) in the
    palette slots no colour uses, so red is drawn vermillion, blue blue, and so on."""
    from ...core.render import PALETTE, line_chart
    from .scoring import colour_scores

    per_round = [colour_scores(h, state.identity) for h in state.history_scores]
    by_ink = {v.lower(): c for c, v in OKABE_ITO.items()}
    series: dict[str, list[tuple[float, float]]] = {}
    for i, ink in enumerate(PALETTE):
        colour = by_ink.get(ink.lower())
        if colour is None:
            if len(series) < len(COLOURS) and any(by_ink.get(p.lower()) for p in PALETTE[i:]):
                series[f"_unused{i}"] = []
            continue
        jest = " (Jesters)" if colour == state.jester else ""
        series[colour + jest] = [(r + 1, s[colour]) for r, s in enumerate(per_round)]
    return line_chart(series, title=title or "colour score (P - Q) after each round",
                      x_label="round", y_label="colour score (territory only)", width=width,
                      height=height)


def state_html(state: State, *, cell: int = READABLE_CELL) -> Html:
    """The board and the score table side by side (what ``State._repr_html_`` shows)."""
    title = (f"after round {state.round - 1}" if state.is_over else
             f"round {state.round}: seat {state.to_move} to choose")
    return side_by_side(board_svg(state.board, cell=cell, title=title), score_sheet_html(state))


def view_html(state: State | View, seat: int | None = None, *, overlay: Any = None,
              cell: int = 24) -> Html:
    """What ``seat`` knows, drawn from ``state.view(seat)`` alone (and the public rules): the
    board (cells of ``cell`` px, at least 24 so the numbers read at a distance), ``overlay`` (the
    squares of a placement the seat is considering) outlined with its verdict, and a table of
    their own Doppel, hand, shape to place, choices so far this round, the shapes revealed, the
    cards played in past rounds (when revealed, DB-A23) and each colour's score. The other seats'
    Doppels and the Jester colour are not in the view, so they cannot show (DB-R2).

    ``view_html(view)`` draws a :class:`~.state.View` on its own (``View._repr_html_``), an
    onlooker's too (``seat=None``: the board and the public rows); an ``overlay``'s owner is then
    read under the default rules, since the View holds no rules."""
    from .rules import DEFAULT_RULES, letter_of
    from .state import View

    if isinstance(state, View):
        view, rules = state, DEFAULT_RULES
    else:
        view, rules = state.view(seat), state.rules
    seat, you = view.seat, view.you
    board = view.board
    key = None if you is None or not overlay else (
        you if rules.territory_owner == "doppel" else colour_of(you))
    title = f"the board, round {min(view.round, 10)}" + (
        " (an onlooker's view)" if you is None else f" (you are {you})")
    picture = board_svg(board, overlay=overlay, who=key, cell=max(24, int(cell)), title=title)
    rows: list[list[Any]] = []
    if you is not None and view.your_choice is not None:      # a seat's view
        mine = view.your_choice
        chosen = []
        if mine.card is not None:
            chosen.append(f"card {mine.card}")
        if mine.starts:
            chosen.append("starting squares " + " > ".join(mine.starts))
        if mine.shapes:
            chosen.append("shapes " + " > ".join(map(str, mine.shapes)))
        if mine.placed:
            chosen.append("placed" if mine.place else "forfeited the placement")
        letter = letter_of(you)
        rows += [
            ["you are", f"seat {seat}, {you}: the {letter} Doppel of {colour_of(you)}, scoring "
                        "the " + ("positive" if letter == "P" else "negative") + " squares of "
                        + colour_of(you) + " territory (DB-R17)"],
            ["your hand", ", ".join(map(str, view.hand)) or "no cards"],
            ["your choices this round", "; ".join(chosen) or "none yet"],
            ["your powers", ", ".join(view.artefacts) or "none"]]
    else:
        rows.append(["you are", "an onlooker: no Doppel, no hand (DB-R2)"])
    shape = view.shape_to_place
    if shape is not None:
        rows.append(["shape to place (drafted by your partner)",
                     shape_svg(shape, cell=16, label=shape_label(shape))])
    if view.played:
        last = view.played[-1]
        rows.append([f"cards played in round {len(view.played)}",
                     ", ".join(f"seat {s}: {card}" for s, (card, _) in enumerate(last))])
    colours = board_colour_scores(board)
    rows.append(["colour scores (P − Q)",
                 ", ".join(f"{c} {colours[c][2]:+d}" for c in COLOURS)])
    table = Html(html_table(["what you know", "details"], rows))
    parts: list[Any] = [picture, table]
    if view.offered:
        strip = shapes_strip(view.offered, [f"{i}: {shape_label(s)}"
                                            for i, s in enumerate(view.offered)])
        parts.append(Html(str(tag("div", tag("b", "shapes revealed this round"), " (DB-R8)"))
                          + str(strip)))
    return tag("div", side_by_side(*parts), class_="doppelnb-view")



def balance_section(name: str = "doppel_doubt_illegal_takeover", metric: str = "score_spread", *,
                    verdicts: bool = True, reference: float | None = None) -> Html:
    """This game's shipped sweep ``name`` in words: :func:`doppelnb.core.sweep_words.sweep_section`
    (the verdicts, a chart of ``metric`` with its 95% intervals, every balance measure) with
    :mod:`.teaching`'s words for the readings and metrics."""
    from ...core.sweep_words import sweep_section
    from .teaching import metric_label, plain_sweep_text, sweep_reading_label

    return sweep_section(name, metric, reading_words=sweep_reading_label,
                         metric_words=metric_label, plain_text=plain_sweep_text,
                         verdicts=verdicts, reference=reference)


__all__ = ["board_svg", "region_in_play", "contested_region", "colours_in", "READABLE_CELL", "colour_score_chart", "view_table", "view_html", "starts_table", "draft_table", "piece_name", "shape_label", "colour_swatch", "territory_fill", "HATCH",
           "OKABE_ITO", "shape_svg", "shapes_strip", "verdict_html", "claim_step_html",
           "ResolutionStep", "resolution_steps", "score_sheet_html", "results_html", "state_html",
           "FILL", "INK", "balance_section"]
