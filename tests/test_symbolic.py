"""The sympy closed forms agree with the engines' own exact enumerations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from doppelnb import BadInput
from doppelnb.core import dice_sum_counts
from doppelnb.core.symbolic import (
    Formula,
    dice_over_probability,
    dice_total_ways,
    draw_includes_probability,
)
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines import groom_lake as gl


@pytest.mark.parametrize("dice", range(0, 9))
def test_dice_closed_form_counts_every_total_as_the_convolution_does(dice):
    counts = dice_sum_counts(dice)
    assert [dice_total_ways(dice, s) for s in range(len(counts))] == counts


def test_symbolic_sum_evaluates_to_the_same_counts():
    formula = Formula.dice_total_ways()
    n, s = sorted(formula.expression.free_symbols, key=str)
    for dice, total in [(1, 4), (3, 10), (4, 14), (5, 30)]:
        value = formula.expression.subs({n: dice, s: total}).doit()
        assert int(value) == dice_total_ways(dice, total)
    assert "binom" in formula.latex and "$$" in str(formula)


@pytest.mark.parametrize(("dice", "value"), [(d, v) for d in range(0, 7) for v in range(-1, 40, 3)])
def test_gl_r22_clear_probability_matches_the_closed_form(dice, value):
    assert gl.clear_probability(dice, value) == dice_over_probability(dice, value)


@pytest.mark.parametrize(("black", "white", "draw"),
                         [(2, 1, 2), (2, 1, 1), (3, 2, 2), (5, 1, 3), (4, 0, 2), (0, 3, 1)])
def test_dq_r21_bag_odds_match_the_closed_form(black, white, draw):
    assert dq.bag_white_probability(black, white, draw) == draw_includes_probability(
        black, white, draw)
    formula = Formula.draw_includes()
    b, d, w = sorted(formula.expression.free_symbols, key=str)
    value = formula.expression.subs({b: black, w: white, d: draw})
    assert Fraction(str(value)) == draw_includes_probability(
        black, white, draw)


def test_closed_forms_refuse_bad_arguments_with_their_names():
    for call, name in [(lambda: dice_total_ways(1.5, 3), "dice"),
                       (lambda: dice_over_probability(10**6, 3), "dice"),
                       (lambda: draw_includes_probability(2, 1, 4), "draw"),
                       (lambda: dice_total_ways(True, 1), "dice")]:
        with pytest.raises(BadInput) as err:
            call()
        assert err.value.reason.startswith(name)
