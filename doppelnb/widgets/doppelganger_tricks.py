"""Notebook widgets for Doppelgänger Tricks, thin over the engine's own SVG / HTML.

- :class:`TrickBuilder`: pick 3 or 4 cards and a declaration; see the resolved trick, the
  annihilated pairs, the winner and the rule that decided it.
- :class:`ForecastExplorer`: deal a hand (seeded), pick a play policy, see the tricks it wins
  and the expected score of each bid.
- :func:`example_stepper` / :func:`game_stepper`: the generic :class:`GameStepper` over a
  rulebook example or a seeded game.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.checks import check_choice, check_int, check_sequence
from ..core.errors import RuleError
from ..core.render import escape
from ..core.state import Policy
from ..engines import doppelganger_tricks as dt
from ..engines.doppelganger_tricks.teaching import SETTING_QUESTIONS, SETTING_WORDS
from .offline import gallery, live_only
from .stepper import GameStepper

_NONE = "—"
#: the rulebook's seven examples and the digest's edge cases, precomputed for an export
TRICK_GALLERY = [("Example 1 (DT-E3)", "6C 6D 4C 9T", None), ("Example 2 (DT-E4)", "5T 8C 8D 2T", None),
                 ("Example 3 (DT-E5)", "3D 9S 5S 1S", "S"), ("Example 4 (DT-E6)", "7D 7C 5C 2C", "C"),
                 ("Example 5 (DT-E7)", "2C 2D 3C 9T", None), ("Example 6 (DT-E8)", "3C 7C 3D 7D", None),
                 ("Example 7 (DT-E9)", "10T 10D 7C 5S", None), ("DT-T7", "5D 5T 9T 1C", "T"),
                 ("DT-T9", "3C 3D 7C 7D", None), ("DT-T11 (3 players)", "4C 4D 9T", None)]
#: (players, seed, policy) cases of the forecast explorer precomputed for an export
FORECAST_GALLERY = [(4, 3, "greedy"), (4, 3, "random"), (3, 1, "greedy")]


def _error(exc: RuleError) -> str:
    return f'<div style="color:#b00000"><b>{escape(exc.rule)}</b>: {escape(exc.reason)}</div>'


class TrickBuilder(widgets.VBox):
    """Build a trick card by card and see how it resolves (DT-R8..R13)."""

    def __init__(self, cards: tuple[str, ...] = ("10T", "10D", "7C", "7S"),
                 declared: str = "C"):
        cards = check_sequence(cards, "cards", min_len=3, max_len=4)
        cards = tuple(str(dt.card(c)) for c in cards)
        declared = check_choice(declared, "declared", dt.PLAIN_SUITS)
        players = len(cards)
        allowed = {str(c) for c in dt.deck(players)}
        for i, c in enumerate(cards):
            if c not in allowed:
                check_choice(c, f"cards[{i}] (the {players}-player deck)", sorted(allowed))
        self.players = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                             value=players, description="table")
        self.pickers = [widgets.Dropdown(description=("lead", "2nd", "3rd", "4th")[i],
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
        live_only(self, "pick the cards of a trick and the declared suit and see how it is "
                  "resolved", gallery=trick_gallery)

    def _fill_options(self, players: int) -> None:
        options = [str(c) for c in dt.deck(players)]
        for i, picker in enumerate(self.pickers):
            keep = picker.value if picker.value in options else None
            picker.options = options if i < players else [_NONE]
            picker.value = keep if i < players and keep else (options[i] if i < players
                                                              else _NONE)
            picker.disabled = i >= players

    def _on_players(self, change: dict[str, Any]) -> None:
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
        players = check_choice(players, "players", (3, 4))
        seed = check_int(seed, "seed", 0, 200)
        deals = check_int(deals, "deals", 50, 2000)
        self.players = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                             value=players, description="table")
        # Number boxes, not sliders: ipywidgets ties a box's description to it (<label for>),
        # so a screen reader announces "deal seed"; a slider's handle stays unnamed live. Like
        # the sliders they replace, they send a value once it is typed (Enter, or leaving the
        # box), not at every keystroke, and the arrows step the deals by 50.
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=200, description="deal seed",
                                           tooltip="which hand is dealt (0 to 200)",
                                           continuous_update=False,
                                           layout=widgets.Layout(width="180px"))
        self.policy = widgets.Dropdown(options=["greedy", "random"], value="greedy",
                                       description="policy")
        self.deals = widgets.BoundedIntText(value=deals, min=50, max=2000, step=50,
                                            description="deals",
                                            tooltip="how many deals of the other hands are "
                                            "simulated (50 to 2000)",
                                            continuous_update=False,
                                            layout=widgets.Layout(width="180px"))
        self.view = widgets.HTML()
        for w in (self.players, self.seed, self.policy, self.deals):
            w.observe(lambda _change: self.update(), names="value")
        super().__init__([widgets.HBox([self.players, self.policy]),
                          widgets.HBox([self.seed, self.deals]), self.view])
        self.update()
        live_only(self, "deal another hand, change the policy or the number of deals and see "
                  "the forecast", gallery=lambda: forecast_gallery(deals))

    def analysis(self) -> dt.ForecastAnalysis:
        hand = dt.new_game(self.players.value, seed=self.seed.value, first_player=0).hands[0]
        return dt.forecast_analysis(hand, self.players.value, deals=self.deals.value,
                                    seed=self.seed.value, policy=self.policy.value)

    def update(self) -> None:
        try:
            self.view.value = self.analysis()._repr_html_()
        except RuleError as exc:
            self.view.value = _error(exc)


def trick_gallery() -> widgets.VBox:
    """The rulebook's examples and the digest's edge cases, resolved (works offline)."""
    return gallery([(f"{label}: {cards}" + (f" (declares {d})" if d else ""),
                     str(dt.trick_svg(dt.resolve_trick(cards.split(), d), title=label)))
                    for label, cards, d in TRICK_GALLERY], description="trick")


def forecast_gallery(deals: int = 300) -> widgets.VBox:
    """A few seeded hands' forecast analyses (works offline)."""
    deals = check_int(deals, "deals", 50, 2000)
    cases = []
    for players, seed, policy in FORECAST_GALLERY:
        hand = dt.new_game(players, seed=seed, first_player=0).hands[0]
        analysis = dt.forecast_analysis(hand, players, deals=deals, seed=seed, policy=policy)
        cases.append((f"{players} players, deal seed {seed}, {policy} play",
                      analysis._repr_html_()))
    return gallery(cases, description="hand")


def example_stepper(trick: str, declared: str | None = None, *, title: str = "") -> GameStepper:
    """Step through a rulebook example: the prepared deal, the forecasts, then each card."""
    return GameStepper.from_states(dt.example_game(trick, declared), title=title)


def game_stepper(players: int = 4, seed: int = 1, policy: Policy = dt.aim_policy,
                 **kw: Any) -> GameStepper:
    """A whole seeded game, played by ``policy`` (by default :func:`aim_policy`: heuristic
    forecasts, aiming play, bonus claims), with seed and variant controls."""
    stepper = GameStepper.for_game(dt, players, seed=seed, policy=policy,
                                   title="Doppelgänger Tricks", **kw)
    _plain_flag_pickers(stepper)
    return stepper


def _plain_flag_pickers(stepper: GameStepper) -> None:
    """The stepper's reading pickers in words ("highest forecast: 12, as printed", not
    ``bid_max: 12``). A picker is relabelled only while it shows its first reading: new options
    keep that value, so no game is dealt again."""
    for name, picker in stepper.flag_pickers.items():
        label, words = SETTING_WORDS[name]
        values = [value for _, value in picker.options]
        if picker.index != 0 or not all(v in words for v in values):
            continue
        picker.options = [(words[v], v) for v in values]
        picker.description = label
        picker.tooltip = f"{SETTING_QUESTIONS[name]} ({picker.tooltip})"
    # An exported page's extra games are labelled by their readings ("seed 8, bid_max = 12").
    games = stepper.game_picker
    if games.index == 0 and len(games.options) > 1:
        plain = {f"{name} = {value}": f"{label}: {words[value]}"
                 for name, (label, words) in SETTING_WORDS.items() for value in words}
        relabelled = []
        for text, index in games.options:
            for code, words_ in plain.items():
                text = text.replace(code, words_)
            relabelled.append((text, index))
        games.options = relabelled


__all__ = ["TrickBuilder", "ForecastExplorer", "example_stepper", "game_stepper",
           "trick_gallery", "forecast_gallery"]
