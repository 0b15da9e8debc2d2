"""Notebook widgets for Doppelgänger Tricks, thin over the engine's own SVG / HTML.

- :class:`TrickBuilder`: pick 3 or 4 cards and a declaration; see the resolved trick, the
  annihilated pairs, the winner and the rule that decided it.
- :class:`ForecastExplorer`: deal a hand (seeded), pick a play policy, see the tricks it wins
  and the expected score of each bid.
- :func:`example_stepper` / :func:`game_stepper`: the generic :class:`GameStepper` over a
  rulebook example or a seeded game.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.errors import RuleError
from ..core.render import escape
from ..engines import doppelganger_tricks as dt
from .stepper import GameStepper

_NONE = "—"


def _error(exc: RuleError) -> str:
    return f'<div style="color:#b00000"><b>{escape(exc.rule)}</b>: {escape(exc.reason)}</div>'


class TrickBuilder(widgets.VBox):
    """Build a trick card by card and see how it resolves (DT-R8..R13)."""

    def __init__(self, cards: tuple[str, ...] = ("10T", "10D", "7C", "7S"),
                 declared: str = "C"):
        players = len(cards)
        self.players = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                             value=players, description="table")
        self.pickers = [widgets.Dropdown(description="lead" if i == 0 else f"#{i + 1}",
                                         layout=widgets.Layout(width="150px"))
                        for i in range(4)]
        self.declared = widgets.Dropdown(
            options=[(f"{s} ({dt.SUIT_SYMBOLS[s]})", s) for s in dt.PLAIN_SUITS],
            value=declared, description="declare", layout=widgets.Layout(width="170px"))
        self.view = widgets.HTML()
        self._busy = True
        self._fill_options(players)
        for picker, value in zip(self.pickers, cards, strict=False):
            picker.value = str(dt.card(value))
        self._busy = False
        self.players.observe(self._on_players, names="value")
        for w in (*self.pickers, self.declared):
            w.observe(lambda _change: self.update(), names="value")
        super().__init__([self.players, widgets.HBox(self.pickers[:2]),
                          widgets.HBox(self.pickers[2:]), self.declared, self.view])
        self.update()

    def _fill_options(self, players: int) -> None:
        options = [str(c) for c in dt.deck(players)]
        for i, picker in enumerate(self.pickers):
            keep = picker.value if picker.value in options else None
            picker.options = options if i < players else [_NONE]
            picker.value = keep if i < players and keep else (options[i] if i < players
                                                              else _NONE)
            picker.disabled = i >= players

    def _on_players(self, change: dict) -> None:
        self._busy = True
        self._fill_options(change["new"])
        self._busy = False
        self.update()

    @property
    def cards(self) -> list[str]:
        return [p.value for p in self.pickers[: self.players.value]]

    def result(self) -> dt.TrickResult:
        """The resolved trick (raises :class:`RuleError` for an impossible one)."""
        cards = self.cards
        lead_is_d = dt.card(cards[0]).is_doppelganger
        return dt.resolve_trick(cards, self.declared.value if lead_is_d else None)

    def update(self) -> None:
        if self._busy:
            return
        lead_is_d = dt.card(self.cards[0]).is_doppelganger
        self.declared.disabled = not lead_is_d
        try:
            self.view.value = str(dt.trick_svg(self.result()))
        except RuleError as exc:
            self.view.value = _error(exc)


class ForecastExplorer(widgets.VBox):
    """A seeded hand, a play policy and the tricks-won distribution with each bid's value."""

    def __init__(self, players: int = 4, seed: int = 1, deals: int = 300):
        self.players = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                             value=players, description="table")
        self.seed = widgets.IntSlider(value=seed, min=0, max=200, description="deal seed",
                                      continuous_update=False)
        self.policy = widgets.Dropdown(options=["greedy", "random"], value="greedy",
                                       description="policy")
        self.deals = widgets.IntSlider(value=deals, min=50, max=2000, step=50,
                                       description="deals", continuous_update=False)
        self.view = widgets.HTML()
        for w in (self.players, self.seed, self.policy, self.deals):
            w.observe(lambda _change: self.update(), names="value")
        super().__init__([widgets.HBox([self.players, self.policy]),
                          widgets.HBox([self.seed, self.deals]), self.view])
        self.update()

    def analysis(self) -> dt.ForecastAnalysis:
        hand = dt.new_game(self.players.value, seed=self.seed.value, first_player=0).hands[0]
        return dt.forecast_analysis(hand, self.players.value, deals=self.deals.value,
                                    seed=self.seed.value, policy=self.policy.value)

    def update(self) -> None:
        try:
            self.view.value = self.analysis()._repr_html_()
        except RuleError as exc:
            self.view.value = _error(exc)


def example_stepper(trick: str, declared: str | None = None, *, title: str = "") -> GameStepper:
    """Step through a rulebook example: the prepared deal, the forecasts, then each card."""
    return GameStepper.from_states(dt.example_game(trick, declared), title=title)


def game_stepper(players: int = 4, seed: int = 1, policy=dt.aim_policy, **kw) -> GameStepper:
    """A whole seeded game, played by ``policy`` (by default :func:`aim_policy`: heuristic
    forecasts, aiming play, bonus claims), with seed and variant controls."""
    return GameStepper.for_game(dt, players, seed=seed, policy=policy,
                                title="Doppelgänger Tricks", **kw)


__all__ = ["TrickBuilder", "ForecastExplorer", "example_stepper", "game_stepper"]
