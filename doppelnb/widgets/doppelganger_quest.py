"""Notebook views for Doppelgänger (quest game): thin widgets over the engine's SVG/HTML."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.render import bar_chart, html_table
from ..engines import doppelganger_quest as dq
from ..engines.doppelganger_quest.render import bag_svg, table_html, view_html
from .stepper import GameStepper


def quest_stepper(states, *, viewer: int | None = None, title: str = "") -> GameStepper:
    """Step through a list of states (one Quest, a replay) drawn from ``viewer``'s seat."""
    return GameStepper.from_states(list(states), render=lambda s: table_html(s, viewer),
                                   title=title)


def game_stepper(players: int = 5, *, seed: int = 1, viewer: int | None = None) -> GameStepper:
    """A whole seeded game played by the simple policies, with seed and variant controls."""
    return GameStepper.for_game(dq, players, seed=seed, policy=dq.simple_policy,
                                render=lambda s: table_html(s, viewer),
                                title=f"Doppelgänger, {players} players (simple policies)")


def viewer_picker(state) -> widgets.VBox:
    """Choose whose eyes to look through: the public table or one player's knowledge."""
    options = [("public table", -1)] + [(f"P{p + 1}", p) for p in range(state.players)]
    pick = widgets.Dropdown(options=options, value=-1, description="view as")
    out = widgets.HTML(view_html(state, None))

    def show(change):
        who = change["new"]
        out.value = view_html(state, None if who < 0 else who)

    pick.observe(show, names="value")
    return widgets.VBox([pick, out])


def bag_explorer() -> widgets.VBox:
    """Sliders for the bag's contents and the number drawn: P(at least one white die)."""
    black = widgets.IntSlider(value=2, min=0, max=4, description="black dice")
    white = widgets.IntSlider(value=1, min=0, max=4, description="white dice")
    draw = widgets.IntSlider(value=2, min=1, max=3, description="drawn")
    out = widgets.HTML()

    def show(_=None):
        if draw.value > black.value + white.value:
            out.value = "<i>cannot draw more dice than the bag holds</i>"
            return
        p = dq.bag_white_probability(black.value, white.value, draw.value)
        out.value = (f"{bag_svg(black.value, white.value)}<p>P(at least one white) = "
                     f"<b>{p}</b> ≈ {float(p):.3f}</p>")

    for w in (black, white, draw):
        w.observe(show, names="value")
    show()
    return widgets.VBox([widgets.HBox([black, white, draw]), out])


def damage_explorer(heroes=("Knight", "Rogue", "Wizard"),
                    items=("magic_sword", "bow", "staff"), card_index: int = 0) -> widgets.VBox:
    """Pick who (if anyone) keeps black dice: the exact damage distribution and success odds."""
    card = dq.Rules().card_set().quests[card_index]
    pick = widgets.Dropdown(options=[("nobody (all keep white)", -1)] +
                            [(f"{h} sabotages", i) for i, h in enumerate(heroes)],
                            value=-1, description="saboteur")
    out = widgets.HTML()

    def show(_=None):
        pols = ["good"] * len(heroes)
        if pick.value >= 0:
            pols[pick.value] = "bad"
        dist = dq.quest_damage_distribution(list(heroes), list(items), pols)
        p = dist.probability(card.succeeds)
        chart = bar_chart([(str(k), float(v)) for k, v in dist.items()],
                          title="total damage on the Quest card", y_label="probability")
        out.value = (f"{chart}" + html_table(["quest", "P(success)", "mean damage"],
                                             [[card.name, f"{p} ≈ {float(p):.3f}",
                                               f"{float(dist.mean()):.3f}"]]))

    pick.observe(show, names="value")
    show()
    return widgets.VBox([pick, out])


__all__ = ["quest_stepper", "game_stepper", "viewer_picker", "bag_explorer", "damage_explorer"]
