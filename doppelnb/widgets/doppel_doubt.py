"""Doppel Doubt widgets: a placement explorer and a claim-by-claim stepper (the words and tables
a chapter reads, the unclear points and the sweeps' key, are the engine's
:mod:`doppelnb.engines.doppel_doubt.teaching`).

Thin views over the engine: the engine judges (``Board.check_placement``) and draws
(``render.verdict_html``); the widgets only keep the shape, its rotation and position.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.checks import check_choice, check_instance, check_int
from ..core.render import escape
from ..engines import doppel_doubt as db
from ..engines.doppel_doubt.render import (
    resolution_steps,
    shape_label,
    shape_svg,
    verdict_html,
)
from ..engines.doppel_doubt.teaching import reading_label
from .offline import gallery, live_only
from .stepper import GameStepper


class PlacementExplorer(widgets.VBox):
    """Pick a shape, rotate it, move it: the verdict and its reasons update live.

    ``explorer.cells`` are the covered squares, ``explorer.verdict`` the engine's verdict; the
    methods ``rotate()``, ``move(dr, dc)`` and ``choose(name)`` are what the buttons call.
    """

    def __init__(self, board: db.Board | None = None, colour: str | None = None,
                 shape: str = "5-0", row: int = 6, col: int = 6, cell: int = 24):
        self.board = db.Board() if board is None else check_instance(board, "board", db.Board)
        owners = self.board.owners() or list(db.COLOURS)
        if colour is not None:
            check_choice(colour, "colour", owners)
        self.cell = check_int(cell, "cell", 4, 60)
        row = check_int(row, "row", -3, db.SIZE + 2)
        col = check_int(col, "col", -3, db.SIZE + 2)
        self.shape = db.shape_by_name(shape)
        check_choice(self.shape.size, "the size of shape", (4, 5, 6))  # DB-R10: 4 to 6 squares
        self.rotation = 0
        self.row, self.col = row, col
        self.colour_picker = widgets.Dropdown(options=owners, value=colour or owners[0],
                                              description="colour")
        self.size_picker = widgets.Dropdown(options=[4, 5, 6], value=self.shape.size,
                                            description="size", layout=widgets.Layout(
                                                width="130px"))
        self.shape_picker = widgets.Dropdown(options=self._names(self.shape.size),
                                             value=str(self.shape), description="shape",
                                             layout=widgets.Layout(width="170px"))
        # takeover_rule is a choice flag: its readings are always listed (never None).
        takeover = next(f.choices for f in db.Rules.flags() if f.name == "takeover_rule") or ()
        self.rule_picker = widgets.Dropdown(
            options=[(reading_label("takeover_rule", r, default=False), r) for r in takeover],
            value=self.board.rules.takeover_rule, description="a takeover needs",
            style={"description_width": "initial"}, layout=widgets.Layout(width="390px"))
        small = dict(layout=widgets.Layout(width="40px"))
        self.buttons = {
            "rotate": widgets.Button(description="⟳", tooltip="rotate a quarter turn", **small),
            "up": widgets.Button(description="↑", tooltip="up", **small),
            "down": widgets.Button(description="↓", tooltip="down", **small),
            "left": widgets.Button(description="←", tooltip="left", **small),
            "right": widgets.Button(description="→", tooltip="right", **small),
        }
        self.buttons["rotate"].on_click(lambda _: self.rotate())
        for name, (dr, dc) in {"up": (-1, 0), "down": (1, 0), "left": (0, -1),
                               "right": (0, 1)}.items():
            self.buttons[name].on_click(lambda _, dr=dr, dc=dc: self.move(dr, dc))
        self.colour_picker.observe(lambda _: self.refresh(), names="value")
        self.size_picker.observe(self._on_size, names="value")
        self.shape_picker.observe(lambda ch: self.choose(ch["new"]), names="value")
        self.rule_picker.observe(lambda _: self.refresh(), names="value")
        self.preview = widgets.HTML()
        self.count = widgets.HTML()
        self.view = widgets.HTML()
        super().__init__([
            widgets.HBox([self.colour_picker, self.size_picker, self.shape_picker,
                          self.rule_picker]),
            widgets.HBox([self.preview, *self.buttons.values(), self.count]),
            self.view,
        ])
        self.refresh()
        live_only(self, "choose, rotate and move a shape and see the engine judge the placement",
                  gallery=self._gallery)

    def _gallery(self) -> widgets.VBox:
        """This position under each takeover reading, and a few other shapes there."""
        colour = self.colour_picker.value
        cases = []
        for _words, rule in self.rule_picker.options:
            rules = self.board.rules.replace(takeover_rule=rule)
            board = self.board if rules == self.board.rules else self.board.with_rules(rules)
            verdict = board.check_placement(colour, self.cells, self.shape)
            cases.append((reading_label("takeover_rule", rule, default=False),
                          str(verdict_html(verdict, cell=self.cell))))
        for name in [n for n in self._names(self.shape.size) if n != str(self.shape)][:3]:
            shape = db.shape_by_name(name)
            cells = [(self.row + r, self.col + c) for r, c in shape.rotations()[0]]
            verdict = self.judged_board.check_placement(colour, cells, shape)
            cases.append((f"the shape {shape_label(shape)} here",
                          str(verdict_html(verdict, cell=self.cell))))
        return gallery(cases, description=f"{self.shape_picker.value} at ({self.row}, "
                                          f"{self.col}); try")

    @staticmethod
    def _names(size: int) -> list[str]:
        return [str(s) for s in db.one_sided_polyominoes(size)]

    def _on_size(self, change: dict[str, Any]) -> None:
        names = self._names(change["new"])
        self.shape_picker.options = names
        self.shape_picker.value = names[0]

    @property
    def judged_board(self) -> db.Board:
        rules = self.board.rules.replace(takeover_rule=self.rule_picker.value)
        return self.board if rules == self.board.rules else self.board.with_rules(rules)

    @property
    def cells(self) -> list[tuple[int, int]]:
        rot = self.shape.rotations()[self.rotation % len(self.shape.rotations())]
        return [(self.row + r, self.col + c) for r, c in rot]

    @property
    def verdict(self) -> db.Verdict:
        return self.judged_board.check_placement(self.colour_picker.value, self.cells, self.shape)

    def choose(self, name: str) -> None:
        self.shape = db.shape_by_name(name)
        self.rotation = 0
        self.refresh()

    def rotate(self) -> None:
        self.rotation = (self.rotation + 1) % len(self.shape.rotations())
        self.refresh()

    def move(self, dr: int, dc: int) -> None:
        # Allow hanging a little off the board so DB-R10b can be seen, but not wandering away.
        self.row = max(-3, min(db.SIZE + 2, self.row + dr))
        self.col = max(-3, min(db.SIZE + 2, self.col + dc))
        self.refresh()

    def refresh(self) -> None:
        board = self.judged_board
        verdict = self.verdict
        self.preview.value = str(shape_svg(self.shape, rotation=self.rotation, cell=9,
                                           label=f"{self.shape} ⟳{self.rotation}"))
        n = board.count_legal_placements(self.colour_picker.value, self.shape)
        self.count.value = (f"&nbsp;<b>{n}</b> legal placements of {escape(self.shape)} for "
                            f"{escape(self.colour_picker.value)} on this board")
        # The whole board, not a window that follows the shape: moving it should look like a move.
        self.view.value = str(verdict_html(verdict, cell=self.cell, region=None))


def claim_stepper(resolution: db.Resolution, title: str = "") -> GameStepper:
    """Step through a round's placements claim by claim (DB-R11), then Light (DB-R15)."""
    check_instance(resolution, "resolution", db.Resolution)
    return GameStepper.from_states(resolution_steps(resolution), title=title,
                                   render=lambda step: step._repr_html_())



__all__ = ["PlacementExplorer", "claim_stepper"]
