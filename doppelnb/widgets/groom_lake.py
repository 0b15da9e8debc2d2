"""Groom Lake notebook views: a Desert stepper, an obstacle-odds explorer, a placement explorer.

Thin over the engine: every picture and number comes from :mod:`doppelnb.engines.groom_lake`.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.checks import check_choice, check_instance, check_int, check_mapping, check_str, fail
from ..core.errors import RuleError
from ..core.render import bar_chart, escape
from ..engines import groom_lake as gl
from ..engines.groom_lake.odds import MAX_DICE, clear_probability_table, dice_breakdown
from ..engines.groom_lake.render import step_html
from ..engines.groom_lake.simulation import expedition
from ..engines.groom_lake.tiles import OBSTACLE_NAMES, OBSTACLES
from .offline import exporting, gallery, live_only, precomputed
from .stepper import EXTRA_STATES, GameStepper

#: piles shown precomputed by the odds explorer in an export (the digest's GL-E1..GL-E3)
ODDS_GALLERY = [("GL-E1 Rocky Terrain 9 {Rope, Shovel, Compass, Life}, 4 players",
                 ("rocky_terrain", 9, {"rope": 1, "shovel": 1, "compass": 1}, 1, 4)),
                ("GL-E2 Alien Probe 9 {Lifeform, Technology, Shovel, Canteen}, 4 players",
                 ("alien_probe", 9, {"lifeform": 1, "technology": 1, "shovel": 1, "canteen": 1},
                  0, 4)),
                ("GL-E3 High Heat 9 {Canteen x2, Rope, Life}, 5 players",
                 ("high_heat", 9, {"canteen": 2, "rope": 1}, 1, 5)),
                ("GL-E3 High Heat 9 {Canteen x2, Rope, Life}, 4 players",
                 ("high_heat", 9, {"canteen": 2, "rope": 1}, 1, 4))]

CARDS = ("canteen", "rope", "compass", "shovel", "lifeform", "technology", "recovery")


def desert_stepper(players: int = 4, *, seed: int = 1, rules: gl.Rules | None = None,
                   max_turns: int = 12, states: list[gl.State] | None = None) -> GameStepper:
    """Step through a seeded expedition and watch the shortest path and the stack choice change.

    The seed box deals a new game; the variant pickers replay it under other readings.
    """
    base = gl.Rules() if rules is None else check_instance(rules, "rules", gl.Rules)
    seed = check_int(seed, "seed", 0)
    max_turns = check_int(max_turns, "max_turns", 1, 200)

    def regenerate(new_seed: int, flags: dict[str, Any]) -> list[gl.State]:
        chosen = base.replace(**flags) if flags else base
        return expedition(players, seed=new_seed, rules=chosen, max_turns=max_turns)

    first = states if states is not None else regenerate(seed, {})
    extra = []
    if exporting():
        for new_seed, flags in ((seed + 1, {}), (seed, {"distance_mode": "tiles_inclusive"})):
            more = regenerate(new_seed, flags)[:EXTRA_STATES]
            reading = "".join(f", {k} = {v}" for k, v in flags.items())
            extra.append((f"seed {new_seed}{reading}", more))
    stepper = GameStepper(first, render=lambda state: str(step_html(state)),
                          regenerate=regenerate, rules_cls=gl.Rules,
                          seed=seed, title="Groom Lake: the Desert, step by step",
                          extra_games=extra)
    for name, dropdown in stepper.flag_pickers.items():
        stepper._guard = True
        dropdown.value = getattr(base, name)
        stepper._guard = False
    return stepper


def odds_html(obstacle: str, value: int, cards: dict[str, int], life: int, players: int,
              rules: gl.Rules | None = None) -> str:
    """The dice a pile earns and its exact chance to clear, as HTML (used by the explorer)."""
    rules = gl.Rules() if rules is None else check_instance(rules, "rules", gl.Rules)
    obstacle = check_choice(obstacle, "obstacle", OBSTACLES)
    value = check_int(value, "value", 0, 200)
    cards = check_mapping(cards, "cards", key=lambda k, n: check_str(k, n, max_len=40),
                          item=lambda v, n: check_int(v, n, 0, 40))
    life = check_int(life, "life", 0, 40)
    players = check_int(players, "players", 3, 6)
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
            f"<b>{dice} {'die' if dice == 1 else 'dice'}</b> (GL-R20, at most {MAX_DICE}). "
            f"Chance that the total beats {value}: "
            f"<b>{p.numerator}/{p.denominator}</b> ≈ {float(p):.1%} (GL-R22)")
    values = list(range(max(0, value - 8), value + 9))
    table = clear_probability_table(dice, values)
    chart = bar_chart([(str(v), float(table[(dice, v)])) for v in values],
                      title=f"{dice} dice: chance to beat each value", y_label="chance to clear",
                      x_label="obstacle value", width=460, height=220)
    return f"<div style='font-size:13px'>{text}</div>{chart}"


def obstacle_odds_explorer(rules: gl.Rules | None = None) -> widgets.VBox:
    """Pick the obstacle and type its value, the pile and the player count; exact odds shown.

    Number boxes, not sliders: ipywidgets ties a box's description to it (``<label for>``), so
    a screen reader announces "Life tokens"; a slider's handle stays unnamed in a live page.
    """
    obstacle = widgets.Dropdown(options=[(OBSTACLE_NAMES[o], o) for o in OBSTACLES],
                                value="rocky_terrain", description="obstacle")

    def number(description: str, value: int, low: int, high: int,
               tip: str) -> widgets.BoundedIntText:
        return widgets.BoundedIntText(value=value, min=low, max=high, description=description,
                                      tooltip=f"{tip} ({low} to {high})",
                                      layout=widgets.Layout(width="180px"))

    value = number("value", 9, 0, 40, "the obstacle's value: the dice must total more")
    players = number("players", 4, 3, 6, "players at the start of the game")
    life = number("Life tokens", 1, 0, 10, "Life Tokens in the pile, one die each")
    cards = {c: number(c, 1 if c in ("rope", "shovel") else 0, 0, 6, f"{c} cards in the pile")
             for c in CARDS}
    out = widgets.HTML()

    def update(_: object = None) -> None:
        out.value = odds_html(obstacle.value, value.value, {c: s.value for c, s in cards.items()},
                              life.value, players.value, rules)

    for w in (obstacle, value, players, life, *cards.values()):
        w.observe(update, names="value")
    update()
    left = widgets.VBox([obstacle, value, players, life])
    right = widgets.VBox(list(cards.values()))
    box = widgets.VBox([widgets.HBox([left, right]), out])
    return live_only(box, "choose an obstacle, its value, the pile and the player count and see "
                     "the exact chance to clear it", gallery=lambda: odds_gallery(rules))


def odds_gallery(rules: gl.Rules | None = None) -> widgets.VBox:
    """The digest's worked piles and their exact odds (works offline)."""
    return gallery([(label, odds_html(*case, rules=rules)) for label, case in ODDS_GALLERY],
                   description="pile")


def placement_explorer(state: gl.State) -> widgets.VBox:
    """Pick any tile still in a stack: see every candidate position, legal or not, and why.

    Every tile's report is rendered once (a finite gallery), so the picker works offline too.
    """
    for name in ("stacks", "tileset", "desert", "team", "rules"):
        if not hasattr(state, name):
            raise fail("state", "a Groom Lake game state", state)
    ids = sorted(t for stack in state.stacks.values() for t in stack)
    if not ids:
        raise fail("state", "a state with tiles left in the stacks", state)
    picker = widgets.Dropdown(options=ids, value=ids[0], description="drawn tile",
                              tooltip="choose a tile still in a stack")

    def report(tile_id: str) -> str:
        tile = state.tileset[tile_id]
        markup: str = state.desert.explain_placement(tile, state.team,
                                                     state.rules.edge_match)._repr_html_()
        return markup

    return precomputed({"tile_id": picker}, report)


__all__ = ["desert_stepper", "obstacle_odds_explorer", "placement_explorer", "odds_html",
           "odds_gallery"]
