"""Analyses: exact clearing odds (tables, plots), the Alien-absent chance and where the tiles
left could go (the tables of what each reading changes are :mod:`.teaching`'s). The explorer
policy and the seeded simulations it plays (expeditions, Desert growth) are
:mod:`.simulation`'s, and importable from here too."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ...core.checks import check_bool, check_instance, check_int, check_players
from ...core.errors import BadInput
from ...core.render import Html, Svg, html_table, line_chart
from ...core.symbolic import Formula
from .notation import PLAYER_COUNTS
from .odds import (
    MAX_DICE,
    clear_probability_table,
)
from .state import State


# -- exact odds -------------------------------------------------------------------------------------
def clear_odds_table(values: Iterable[int] = range(4, 15), max_dice: int = MAX_DICE) -> Html:
    """An HTML table: rows = dice 1..max_dice, columns = obstacle values, exact percentages.

    At most ``MAX_DICE`` (10, the dice in the box) rows and 100 columns (a table to read).
    """
    max_dice = check_int(max_dice, "max_dice", 1, MAX_DICE)
    values = _values(values, 100)
    table = clear_probability_table(max_dice, values)
    rows = [[d] + [_percent(table[(d, v)]) for v in values] for d in range(1, max_dice + 1)]
    return Html(html_table(["dice"] + [f"value {v}" for v in values], rows,
                           caption="chance that the dice total MORE than the obstacle value, "
                                   "exact"))


def _values(values: Any, limit: int) -> list[int]:
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise BadInput("NB-ARG", f"values must be a list of whole numbers, got {type(values).__name__}")
    items = list(itertools.islice(values, limit + 1))
    if len(items) > limit:
        raise BadInput("NB-ARG", f"values is limited to {limit} obstacle values")
    return [check_int(v, f"values[{i}]", -1000, 1000) for i, v in enumerate(items)]


def _percent(p: Fraction) -> str:
    """A percentage that never rounds a possible event to 0 % or an uncertain one to 100 %."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    text = f"{float(p) * 100:.1f}%"
    return {"0.0%": "<0.1%", "100.0%": ">99.9%"}.get(text, text)


def clear_odds_chart(values: Iterable[int] = (4, 7, 10, 13, 16, 20),
                     max_dice: int = MAX_DICE) -> Svg:
    """Line chart: probability of clearing against the number of dice, one line per value.

    At most ``MAX_DICE`` (10) dice and 12 lines.
    """
    max_dice = check_int(max_dice, "max_dice", 1, MAX_DICE)
    values = _values(values, 12)
    table = clear_probability_table(max_dice, values)
    series = {f"obstacle value {v}": [(d, float(table[(d, v)])) for d in range(0, max_dice + 1)]
              for v in values}
    return line_chart(series, title="Chance to clear an obstacle, exact (dotted: even chance)",
                      x_label="dice rolled", y_label="chance the total beats the value",
                      y_range=(0, 1), references=[(0.5, "")], width=560)


def alien_absent_probability(players: int, guarantee_alien: bool = False) -> Fraction:
    """GL-R5 / GL-E8: the chance that the leftover role stack is the Alien's (no Alien in play).

    N + 1 stacks (N Humans and the Alien) are shuffled and N are dealt: the leftover is the Alien
    with chance 1/(N+1). With one Human removed (GL-A31) all N stacks are dealt: 0.
    """
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    check_bool(guarantee_alien, "guarantee_alien")
    stacks = players if guarantee_alien else players + 1
    return Fraction(stacks - players, stacks)


def alien_absent_probability_brute_force(players: int, guarantee_alien: bool = False) -> Fraction:
    """Brute-force twin: every ordering of the role stacks, counting deals without the Alien."""
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    check_bool(guarantee_alien, "guarantee_alien")
    stacks = ["alien"] + ["human"] * (players - 1 if guarantee_alien else players)
    hits = total = 0
    for order in itertools.permutations(range(len(stacks))):
        total += 1
        hits += "alien" not in [stacks[i] for i in order[:players]]
    return Fraction(hits, total)


def alien_absent_formula() -> Formula:
    """GL-R5 / GL-E8 as a closed form: N + 1 role stacks, N dealt, so the Alien's stack is the
    leftover with chance 1/(N+1) (sympy; imported only when asked for)."""
    import sympy as sp

    n = sp.Symbol("N", integer=True, positive=True)
    # deals of N stacks out of N + 1 that leave the Alien's out: all N Humans, C(N, N) = 1 way,
    # over all C(N + 1, N) = N + 1 deals
    simple = sp.expand_func(sp.binomial(n, n) / sp.binomial(n + 1, n))
    latex = (r"P(\text{no Alien}) = \frac{\binom{N}{N}}{\binom{N+1}{N}} = " + sp.latex(simple))
    return Formula("alien_absent", simple, latex,
                   "N players are dealt N of the N + 1 role stacks; the Alien is missing exactly "
                   "when the one stack left over is the Alien's: one way out of N + 1.")


def alien_absent_closed_form(players: int) -> Fraction:
    """:func:`alien_absent_formula` evaluated at N = ``players`` (a Fraction)."""
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    expr = alien_absent_formula().expression
    value = expr.subs(next(iter(expr.free_symbols)), players)
    return Fraction(int(value.p), int(value.q))


def placement_levels(state: State) -> dict[str, list[str]]:
    """For every tile still in a stack: where it would have to go if drawn now (GL-R15).

    Keys: "next to the Team", "diagonal", "anywhere", "nowhere (discarded, GL-A7)".
    """
    check_instance(state, "state", State, expected="a Groom Lake State")
    names = {1: "next to the Team", 2: "diagonal", 3: "anywhere", None: "nowhere (discarded, GL-A7)"}
    out: dict[str, list[str]] = {name: [] for name in names.values()}
    for tile_id in sorted(t for stack in state.stacks.values() for t in stack):
        level, _ = state.desert.placement_options(state.tileset[tile_id], state.team,
                                                  state.rules.edge_match)
        out[names[level]].append(tile_id)
    return out


__all__ = ["placement_levels", "clear_odds_table", "clear_odds_chart", "alien_absent_probability",
           "alien_absent_probability_brute_force", "alien_absent_formula",
           "alien_absent_closed_form"]
