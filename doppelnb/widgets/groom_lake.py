"""Groom Lake notebook views: a Desert stepper, an obstacle-odds explorer, a placement explorer.

Thin over the engine: every picture and number comes from :mod:`doppelnb.engines.groom_lake`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.errors import RuleError
from ..core.render import bar_chart, escape
from ..engines import groom_lake as gl
from ..engines.groom_lake.analysis import expedition
from ..engines.groom_lake.odds import MAX_DICE, clear_probability_table, dice_breakdown
from ..engines.groom_lake.render import step_html
from ..engines.groom_lake.tiles import OBSTACLE_NAMES, OBSTACLES
from .stepper import GameStepper

CARDS = ("canteen", "rope", "compass", "shovel", "lifeform", "technology", "recovery")


def desert_stepper(players: int = 4, *, seed: int = 1, rules: gl.Rules | None = None,
                   max_turns: int = 12, states: list | None = None) -> GameStepper:
    """Step through a seeded expedition and watch the shortest path and the stack choice change.

    The seed box deals a new game; the variant pickers replay it under other readings.
    """
    base = rules if rules is not None else gl.Rules()

    def regenerate(new_seed: int, flags: dict) -> list:
        chosen = base.replace(**flags) if flags else base
        return expedition(players, seed=new_seed, rules=chosen, max_turns=max_turns)

    first = states if states is not None else regenerate(seed, {})
    stepper = GameStepper(first, render=step_html, regenerate=regenerate, rules_cls=gl.Rules,
                          seed=seed, title="Groom Lake: the Desert, step by step")
    for name, dropdown in stepper.flag_pickers.items():
        stepper._guard = True
        dropdown.value = getattr(base, name)
        stepper._guard = False
    return stepper


def odds_html(obstacle: str, value: int, cards: dict, life: int, players: int,
              rules: gl.Rules | None = None) -> str:
    """The dice a pile earns and its exact chance to clear, as HTML (used by the explorer)."""
    rules = rules or gl.Rules()
    pile = [c for c, n in cards.items() for _ in range(n)]
    try:
        info = dice_breakdown(obstacle, pile, life, players, rules=rules)
    except RuleError as exc:
        return f"<span style='color:#b00'>{escape(exc)}</span>"
    dice = info["dice"]
    p = gl.clear_probability(dice, value)
    parts = [f"{life} Life", f"{len(info['matching'])} matching card(s)"]
    if info["penalised"]:
        parts.append(f"−{len(info['penalised'])} for non-matching tools ({players} players)")
    text = (f"<b>{OBSTACLE_NAMES[obstacle]} {value}</b>: {' + '.join(parts)} = "
            f"<b>{dice} dice</b> (GL-R20, capped at {MAX_DICE}). P(total &gt; {value}) = "
            f"<b>{p.numerator}/{p.denominator}</b> ≈ {float(p):.1%} (GL-R22)")
    values = list(range(max(0, value - 8), value + 9))
    table = clear_probability_table(dice, values)
    chart = bar_chart([(str(v), float(table[(dice, v)])) for v in values],
                      title=f"{dice} dice: chance to beat each value", y_label="P(clear)",
                      width=460, height=200)
    return f"<div style='font-size:13px'>{text}</div>{chart}"


def obstacle_odds_explorer(rules: gl.Rules | None = None) -> widgets.VBox:
    """Sliders for the obstacle, its value, the pile and the player count; exact odds shown."""
    obstacle = widgets.Dropdown(options=[(OBSTACLE_NAMES[o], o) for o in OBSTACLES],
                                value="rocky_terrain", description="obstacle")
    value = widgets.IntSlider(value=9, min=0, max=40, description="value")
    players = widgets.IntSlider(value=4, min=3, max=6, description="players")
    life = widgets.IntSlider(value=1, min=0, max=10, description="Life tokens")
    cards = {c: widgets.IntSlider(value=1 if c in ("rope", "shovel") else 0, min=0, max=6,
                                  description=c) for c in CARDS}
    out = widgets.HTML()

    def update(_=None) -> None:
        out.value = odds_html(obstacle.value, value.value, {c: s.value for c, s in cards.items()},
                              life.value, players.value, rules)

    for w in (obstacle, value, players, life, *cards.values()):
        w.observe(update, names="value")
    update()
    left = widgets.VBox([obstacle, value, players, life])
    right = widgets.VBox(list(cards.values()))
    return widgets.VBox([widgets.HBox([left, right]), out])


def placement_explorer(state) -> widgets.VBox:
    """Pick any tile still in a stack: see every candidate position, legal or not, and why."""
    ids = sorted(t for stack in state.stacks.values() for t in stack)
    picker = widgets.Dropdown(options=ids, value=ids[0], description="drawn tile")
    out = widgets.HTML()

    def update(_=None) -> None:
        tile = state.tileset[picker.value]
        out.value = state.desert.explain_placement(tile, state.team, state.rules.edge_match)._repr_html_()

    picker.observe(update, names="value")
    update()
    return widgets.VBox([picker, out])


__all__ = ["desert_stepper", "obstacle_odds_explorer", "placement_explorer", "odds_html"]
