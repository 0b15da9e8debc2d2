"""Closed forms with sympy, shown as LaTeX beside the exact numbers the engines enumerate.

Where a count or a probability has a closed form, the notebooks derive it here and show it next to
the engine's own enumeration; the tests check the two are equal. sympy is imported only when a
formula is asked for, so importing an engine stays light.

- :func:`dice_total_ways`: the ways ``n`` six-sided dice total ``s`` (inclusion-exclusion), the
  law behind Groom Lake's obstacle odds (GL-R22).
- :func:`dice_over_probability`: the chance ``n`` dice total more than ``v``.
- :func:`draw_includes_probability`: the chance a draw of ``d`` from a bag of ``b`` of one kind
  and ``w`` of another includes at least one of the second kind (the quest's Bag of Holding,
  DQ-R5, DQ-R21).

>>> dice_total_ways(3, 10)
27
>>> dice_over_probability(2, 7)
Fraction(5, 12)
>>> draw_includes_probability(2, 1, 2)
Fraction(2, 3)
>>> print(Formula.dice_total_ways().latex)
N(s; n) = \\sum_{k=0}^{\\left\\lfloor{\\frac{- n + s}{6}}\\right\\rfloor} \\left(-1\\right)^{k} {\\binom{n}{k}} {\\binom{- 6 k + s - 1}{n - 1}}
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from .checks import check_bounded, check_int, check_size
from .render import Markup, escape

#: Largest number of dice the closed forms evaluate. The sum has up to n/6 + 1 terms of sympy
#: binomials, and :func:`dice_over_probability` adds up to 5n/2 such sums: 0.3 s at 100 dice
#: (at 1,000 it ran for minutes). The notebooks and tests evaluate at most 10 dice.
MAX_DICE = 100
#: Largest bag :func:`draw_includes_probability` evaluates, ``black + white`` (the quest's
#: ``MAX_BAG``; its Bag of Holding holds 3 dice). sympy's binomials of a billion ran for minutes.
MAX_BAG = 1000


def _sympy() -> Any:
    import sympy

    return sympy


@dataclasses.dataclass(frozen=True)
class Formula(Markup):
    """A named closed form: its sympy expression, its LaTeX, and a sentence saying what it counts.

    Displays itself as math in a notebook (``_repr_latex_``) and in an exported page (MathJax).
    """

    name: str
    expression: Any
    latex: str
    meaning: str

    kind = "LaTeX"

    def __str__(self) -> str:
        return (f'<div class="doppelnb-formula"><p>{escape(self.meaning)}</p>'
                f"<p>$$ {escape(self.latex)} $$</p></div>")

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex} $$"

    def __repr__(self) -> str:
        return f"<Formula {self.name}: {self.latex}>"

    @classmethod
    def dice_total_ways(cls) -> Formula:
        """N(s; n), the ways n six-sided dice total s, by inclusion-exclusion over the dice that
        would show more than 6."""
        sp = _sympy()
        n, s, k = sp.symbols("n s k", integer=True, nonnegative=True)
        term = (-1) ** k * sp.binomial(n, k) * sp.binomial(s - 6 * k - 1, n - 1)
        expr = sp.Sum(term, (k, 0, sp.floor(sp.UnevaluatedExpr(s - n) / 6)))
        latex = "N(s; n) = " + sp.latex(expr)
        return cls("dice_total_ways", expr, latex,
                   "The number of ways n six-sided dice total s: count the ways to split s into n "
                   "positive parts, then take away, by inclusion-exclusion, the ways where k dice "
                   "would have to show more than 6.")

    @classmethod
    def draw_includes(cls) -> Formula:
        """P(at least one of w in a draw of d from b + w) = 1 - C(b, d) / C(b + w, d)."""
        sp = _sympy()
        b, w, d = sp.symbols("b w d", integer=True, nonnegative=True)
        expr = 1 - sp.binomial(b, d) / sp.binomial(b + w, d)
        latex = "P = " + sp.latex(expr)
        return cls("draw_includes", expr, latex,
                   "The chance that d dice drawn from a bag of b of one colour and w of another "
                   "include at least one of the second colour: one minus the chance that all d "
                   "come from the b.")


def dice_total_ways(dice: int, total: int) -> int:
    """The ways ``dice`` six-sided dice total ``total``, from the closed form (exact integer).
    ``dice`` is limited to :data:`MAX_DICE` (100)."""
    n = check_bounded(dice, "dice", MAX_DICE, why="the closed form's sum grows with the dice")
    s = check_int(total, "total")
    if n == 0:
        return 1 if s == 0 else 0
    if not n <= s <= 6 * n:
        return 0
    sp = _sympy()
    value = sum((-1) ** k * sp.binomial(n, k) * sp.binomial(s - 6 * k - 1, n - 1)
                for k in range((s - n) // 6 + 1))
    return int(value)


def dice_over_probability(dice: int, value: int) -> Fraction:
    """The chance that ``dice`` six-sided dice total more than ``value`` (0 dice give 0).
    ``dice`` is limited to :data:`MAX_DICE` (100)."""
    n = check_bounded(dice, "dice", MAX_DICE, why="the closed form's sum grows with the dice")
    v = check_int(value, "value")
    if n == 0 or v >= 6 * n:
        return Fraction(0)
    if v < n:
        return Fraction(1)
    if 2 * v >= 7 * n:  # count the short tail: totals above v
        above = sum(dice_total_ways(n, s) for s in range(v + 1, 6 * n + 1))
        return Fraction(above, 6**n)
    at_most = sum(dice_total_ways(n, s) for s in range(n, v + 1))
    return 1 - Fraction(at_most, 6**n)


def draw_includes_probability(black: int, white: int, draw: int) -> Fraction:
    """The chance a draw of ``draw`` from ``black`` + ``white`` includes at least one white.
    The bag, ``black + white``, is limited to :data:`MAX_BAG` (1,000)."""
    why = "sympy's binomials of a larger bag run for minutes"
    b = check_bounded(black, "black", MAX_BAG, why=why)
    w = check_bounded(white, "white", MAX_BAG, why=why)
    check_size(b + w, "black + white", MAX_BAG, why=why)
    d = check_int(draw, "draw", 0, b + w)
    sp = _sympy()
    p = 1 - sp.binomial(b, d) / sp.binomial(b + w, d)
    return Fraction(int(sp.numer(p)), int(sp.denom(p)))


__all__ = ["Formula", "dice_total_ways", "dice_over_probability", "draw_includes_probability",
           "MAX_DICE", "MAX_BAG"]
