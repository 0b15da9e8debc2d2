"""Notebook views for Doppelgänger (quest game): thin widgets over the engine's SVG/HTML."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as widgets

from ..core.checks import check_int, check_sequence, fail
from ..core.render import bar_chart, html_table
from ..engines import doppelganger_quest as dq
from ..engines.doppelganger_quest.render import bag_svg, knowledge_view, state_html
from .offline import precomputed
from .stepper import GameStepper


def quest_stepper(states: Iterable[dq.State], *, viewer: int | None = None, title: str = "") -> GameStepper:
    """Step through a list of states (one Quest, a replay) drawn from ``viewer``'s seat."""
    states = check_sequence(states if isinstance(states, list | tuple) else list(states)
                            if hasattr(states, "__iter__") and not isinstance(states, str | bytes)
                            else states, "states", min_len=1, max_len=5000)
    if viewer is not None:
        check_int(viewer, "viewer", 0, states[0].players - 1)
    # The stepper puts its move list beside the view: a view narrower than the page keeps the
    # list on the page (the table and the Quest card then stack).
    return GameStepper.from_states(
        list(states), render=lambda s: f'<div style="max-width:690px">{state_html(s, viewer)}</div>',
        title=title)


def game_stepper(players: int = 5, *, seed: int = 1, viewer: int | None = None) -> GameStepper:
    """A whole seeded game played by the simple policies, with seed and variant controls."""
    players = check_int(players, "players", 4, 8)
    if viewer is not None:
        check_int(viewer, "viewer", 0, players - 1)
    return GameStepper.for_game(dq, players, seed=seed, policy=dq.simple_policy,
                                render=lambda s: f'<div style="max-width:690px">'
                                f"{state_html(s, viewer)}</div>",
                                title=f"Doppelgänger, {players} players (simple bots)")


def viewer_picker(state: dq.State) -> widgets.VBox:
    """Choose whose eyes to look through: the public table or one player's knowledge.

    Every view is rendered once, so the picker works in an exported page too.
    """
    if not isinstance(getattr(state, "players", None), int) or not hasattr(state, "view"):
        raise fail("state", "a Doppelgänger game state", state)
    options = [("public table", -1)] + [(f"P{p + 1}", p) for p in range(state.players)]
    pick = widgets.Dropdown(options=options, value=-1, description="view as",
                            tooltip="whose knowledge to show")
    return precomputed({"who": pick},
                       lambda who: str(knowledge_view(state, None if who < 0 else who)))


def bag_explorer() -> widgets.VBox:
    """Pick the bag's contents and the number drawn: P(at least one white die).

    All 48 cases (0-3 dice of each colour, 1-3 drawn) are rendered once, so the pickers work in
    an exported page too. Dropdowns, not sliders: ipywidgets ties a dropdown's description to
    it (``<label for>``), so a screen reader announces "black dice"; a slider's handle stays
    unnamed in a live page.
    """
    def picker(options: list[int], value: int, description: str, tip: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=options, value=value, description=description,
                                tooltip=tip, layout=widgets.Layout(width="160px"))

    black = picker(list(range(4)), 2, "black dice", "black dice in the bag")
    white = picker(list(range(4)), 1, "white dice", "white dice in the bag")
    draw = picker([1, 2, 3], 2, "drawn", "dice drawn unseen")

    def show(black: int, white: int, draw: int) -> str:
        if draw > black + white:
            return "<i>cannot draw more dice than the bag holds</i>"
        p = dq.bag_white_probability(black, white, draw)
        return (f"{bag_svg(black, white)}<p>P(at least one white) = "
                f"<b>{p}</b> ≈ {float(p):.3f}</p>")

    return precomputed({"black": black, "white": white, "draw": draw}, show)


def damage_explorer(heroes: Sequence[str] = ("Knight", "Rogue", "Wizard"),
                    items: Sequence[str] = ("magic_sword", "bow", "staff"),
                    card_index: int = 0) -> widgets.VBox:
    """Pick who (if anyone) keeps black dice: the exact damage distribution and success odds."""
    heroes = check_sequence(heroes, "heroes", min_len=1, max_len=8)
    items = check_sequence(items, "items", min_len=len(heroes), max_len=len(heroes))
    quests = dq.Rules().card_set().quests
    card = quests[check_int(card_index, "card_index", 0, len(quests) - 1)]
    pick = widgets.Dropdown(options=[("nobody (all keep white)", -1)] +
                            [(f"{h} sabotages", i) for i, h in enumerate(heroes)],
                            value=-1, description="saboteur", tooltip="who keeps black dice")

    def show(who: int) -> str:
        pols = ["good"] * len(heroes)
        if who >= 0:
            pols[who] = "bad"
        dist = dq.quest_damage_distribution(list(heroes), list(items), pols)
        p = dist.probability(card.succeeds)
        chart = bar_chart([(str(k), float(v)) for k, v in dist.items()],
                          title="total damage on the Quest card", y_label="probability")
        return (f"{chart}" + html_table(["quest", "P(success)", "mean damage"],
                                        [[card.name, f"{p} ≈ {float(p):.3f}",
                                          f"{float(dist.mean()):.3f}"]]))

    return precomputed({"who": pick}, show)


__all__ = ["quest_stepper", "game_stepper", "viewer_picker", "bag_explorer", "damage_explorer"]
