"""SVG and HTML pictures of Doppel Doubt: the board, shapes, a proposed placement with its verdict,
a claim-by-claim resolution and the results. Built with :mod:`doppelnb.core.render` only.

>>> from doppelnb.engines.doppel_doubt import Board
>>> svg = board_svg(Board().set_owner([(0, 0)], "red"), cell=10)
>>> type(svg).__name__, str(svg).startswith("<svg")
('Svg', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.render import Html, Svg, escape, html_table, side_by_side
from .board import OFFBOARD, Board, Verdict, on_board
from .rules import COLOURS, SIZE, colour_of
from .shapes import Shape

if TYPE_CHECKING:
    from .game import State
    from .resolve import ClaimStep, Resolution, Results

FILL = {"red": "#f4a6a0", "blue": "#a6c8f0", "yellow": "#f3d65a", "green": "#a8dca8",
        "purple": "#cdb4e6"}
INK = {"red": "#b03a2e", "blue": "#2f6db5", "yellow": "#9a7300", "green": "#2e7d4f",
       "purple": "#6f42a0"}
LEGAL, ILLEGAL = "#1a7f37", "#cf222e"


def board_svg(board: Board, *, overlay: Any = None, who: str | None = None,
              verdict: Verdict | None = None, highlight: Any = (), cell: int = 24,
              title: str | None = None, show_values: bool = True) -> Svg:
    """The board: territory colours, printed values, starting squares, Zero spaces (double ring)
    and, optionally, a proposed placement outlined green (legal) or red (illegal) with its verdict.
    ``highlight`` outlines squares (e.g. those claimed by the step being shown)."""
    if overlay is not None and verdict is None and who is not None:
        verdict = board.check_placement(who, overlay)
    cells = set(verdict.cells) if verdict is not None else set(map(tuple, overlay or ()))
    margin = cell * 2 if any(not on_board(c) for c in cells) else cell
    top = 22 if title else 4
    lines = _wrap(verdict.summary(), 70) if verdict is not None else []
    foot = 18 + 15 * len(lines)
    width = SIZE * cell + 2 * margin
    height = top + SIZE * cell + 2 * margin + foot
    svg = Svg(width, height, title=title or "Doppel Doubt board", role="img")
    if title:
        svg.text(width / 2, 16, title, size=13, anchor="middle", font_weight="bold")
    x0, y0 = margin, top + margin
    for c in range(SIZE):
        svg.text(x0 + c * cell + cell / 2, y0 - 4, c, size=8, anchor="middle", fill="#777")
    for r in range(SIZE):
        svg.text(x0 - 4, y0 + r * cell + cell / 2 + 3, r, size=8, anchor="end", fill="#777")
    for r in range(SIZE):
        for c in range(SIZE):
            i = r * SIZE + c
            x, y = x0 + c * cell, y0 + r * cell
            owner = board.owner[i]
            fill = FILL[colour_of(owner)] if owner else "#ffffff"
            svg.rect(x, y, cell, cell, fill=fill, stroke="#c8c8c8", stroke_width=0.6)
            label = board.start_label((r, c))
            if i in board.zero:
                ring = INK[colour_of(owner)] if owner else "#555"
                svg.circle(x + cell / 2, y + cell / 2, cell * 0.38, fill="none", stroke=ring,
                           stroke_width=1.2)
                svg.circle(x + cell / 2, y + cell / 2, cell * 0.28, fill="none", stroke=ring,
                           stroke_width=1.2)
            if label:
                svg.text(x + cell / 2, y + cell / 2 + 4, label, size=cell * 0.42,
                         anchor="middle", font_weight="bold", fill="#222")
            elif show_values:
                v = board.values[i]
                svg.text(x + cell / 2, y + cell / 2 + 4, f"{v:+d}" if v else "0",
                         size=cell * 0.4, anchor="middle", fill="#222" if v >= 0 else "#8a1c1c")
            if owner and board.rules.territory_owner == "doppel":
                svg.text(x + cell - 2, y + 8, owner[-1], size=7, anchor="end", fill=INK[
                    colour_of(owner)])
    for r, c in highlight:
        svg.rect(x0 + c * cell + 1.5, y0 + r * cell + 1.5, cell - 3, cell - 3, fill="none",
                 stroke="#111", stroke_width=2.5)
    if cells:
        ok = verdict is None or verdict.legal
        stroke = LEGAL if ok else ILLEGAL
        cats = {cl: cat for cl, cat, _ in verdict.squares} if verdict else {}
        for r, c in cells:
            x, y = x0 + c * cell, y0 + r * cell
            svg.rect(x + 1, y + 1, cell - 2, cell - 2, fill=stroke, fill_opacity=0.22,
                     stroke=stroke, stroke_width=2.5, stroke_dasharray=None if ok else "4 2")
            if cats.get((r, c)) in ("enemy Zero", "enemy protected start", OFFBOARD):
                svg.line(x + 4, y + 4, x + cell - 4, y + cell - 4, stroke=ILLEGAL, stroke_width=2)
                svg.line(x + cell - 4, y + 4, x + 4, y + cell - 4, stroke=ILLEGAL, stroke_width=2)
    ty = y0 + SIZE * cell + margin + 12
    note = ("illustrative board (values and starting squares are not the rulebook's)"
            if cell >= 20 else "illustrative board (not the rulebook's)")
    svg.text(x0, ty, note if board.illustrative else "board data supplied by the user", size=9,
             fill="#777")
    for k, line in enumerate(lines):
        svg.text(x0, ty + 15 * (k + 1), line, size=11,
                 fill=LEGAL if verdict is not None and verdict.legal else ILLEGAL, font_weight="bold" if k == 0 else None)
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


def shape_svg(shape: Shape | tuple[Any, ...], *, cell: int = 12, colour: str = "#555",
              rotation: int = 0, label: str | None = None) -> Svg:
    """A small picture of a shape (in one of its rotations)."""
    cells = shape.rotations()[rotation % len(shape.rotations())] if isinstance(shape, Shape) \
        else tuple(shape)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    text = label if label is not None else (str(shape) if isinstance(shape, Shape) else "")
    size = max(h, w, 4) * cell + 4
    svg = Svg(size, size + (12 if text else 0), title=text or "shape", role="img")
    ox, oy = (size - w * cell) / 2, (size - h * cell) / 2
    for r, c in cells:
        svg.rect(ox + c * cell, oy + r * cell, cell, cell, fill=colour, stroke="#fff",
                 stroke_width=1)
    if text:
        svg.text(size / 2, size + 10, text, size=9, anchor="middle")
    return svg


def shapes_strip(shapes: Any, labels: Any = None, **kw: Any) -> Html:
    labels = labels or [f"{i}: {s}" for i, s in enumerate(shapes)]
    return side_by_side(*[shape_svg(s, label=lab, **kw) for s, lab in zip(shapes, labels,
                                                                       strict=True)], gap=6)


def verdict_html(verdict: Verdict, *, cell: int = 22) -> str:
    """The board with the placement overlaid, and a table: each covered square, its category,
    the rule that decides it and what happens to it."""
    rows = verdict.explanation()
    table = html_table(["square", "value", "it is", "rule", "why / effect"], rows,
                       caption=verdict.summary())
    if verdict.board is None:
        return table
    return str(side_by_side(board_svg(verdict.board, verdict=verdict, cell=cell), Html(table)))


def claim_step_html(resolution: Resolution, index: int, *, cell: int = 20) -> str:
    """Step ``index`` of a resolution (0 = the board before any claim)."""
    if index == 0:
        order = ", ".join(f"{s.who} {s.card}" for s in resolution.steps)
        return str(side_by_side(board_svg(resolution.before, cell=cell,
                                          title="start of the round"),
                                Html(f"<p>Resolution order (descending cards, DB-R11): "
                                     f"{escape(order)}</p>")))
    step: ClaimStep = resolution.steps[index - 1]
    title = f"claim {index} of {len(resolution.steps)}: {step.who} with card {step.card}"
    pic = board_svg(step.board, cell=cell, title=title, highlight=step.claimed + step.held)
    rows = [[f"({r}, {c})", _cell_fate(step, (r, c))] for r, c in step.cells]
    return str(side_by_side(pic, Html(html_table(["square", "what happened"], rows,
                                                 caption=step.describe()))))


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
        self.actions = tuple(s.describe() for s in resolution.steps[:index])

    def parse_action(self, action: Any) -> Any:
        return action

    def action_label(self, action: Any) -> str:
        return str(action)

    def _repr_html_(self) -> str:
        return claim_step_html(self.resolution, self.index)


def resolution_steps(resolution: Resolution) -> list[ResolutionStep]:
    return [ResolutionStep(resolution, i) for i in range(len(resolution.steps) + 1)]


def scores_table(state: State) -> Html:
    from .resolve import colour_scores

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


def results_html(results: Results) -> str:
    rows = []
    for s, d in enumerate(results.identity):
        rows.append([s, d + (" (Jester)" if colour_of(d) == results.jester else ""),
                     results.territory[s], f"+{results.benefit[s]}", f"-{results.detriment[s]}",
                     results.final[s], results.tokens[s] or "",
                     "EC" if s in results.candidates else ""])
    table = html_table(["seat", "Doppel", "territory", "benefit", "detriment", "final",
                        "Tokens of Life", ""], rows, caption="results (DB-R16..DB-R19)")
    colours = html_table(["colour", "colour score"],
                         [[c, v] for c, v in results.colour_scores.items()])
    notes = "".join(f"<li>{escape(n)}</li>" for n in results.notes)
    summary = (f"<p>Team Token of Life: <b>{escape(', '.join(results.team_winners))}</b>; "
               f"largest distance from zero: seat <b>{', '.join(map(str, results.individual_winners))}</b>; "
               f"losing team: <b>{escape(', '.join(results.losing_teams))}</b>; Elimination "
               f"Candidate: seat <b>{', '.join(map(str, results.candidates))}</b>.</p>")
    return summary + str(side_by_side(Html(table), Html(colours))) + (
        f"<ul>{notes}</ul>" if notes else "")


def state_html(state: State, *, cell: int = 18) -> str:
    title = (f"after round {state.round - 1}" if state.is_over else
             f"round {state.round}: seat {state.to_move} to choose")
    return str(side_by_side(board_svg(state.board, cell=cell, title=title), scores_table(state)))


__all__ = ["board_svg", "shape_svg", "shapes_strip", "verdict_html", "claim_step_html",
           "ResolutionStep", "resolution_steps", "scores_table", "results_html", "state_html",
           "FILL", "INK"]
