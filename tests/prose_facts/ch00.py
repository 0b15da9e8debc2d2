"""The numbers typed into chapter 0's prose (notebooks/00_start_here.ipynb), each computed by the
package (tests/test_prose_numbers.py). An exercise's own figures are read from the question the
checker asks (doppelnb/course.py), so the chapter and the checker cannot drift apart."""

from __future__ import annotations

import inspect
import re
from fractions import Fraction
from statistics import NormalDist

from doppelnb.core import dice_sum_counts
from doppelnb.core.exact import wilson_interval
from doppelnb.course import BOOK


def _in_question(number: int, pattern: str) -> int:
    found = re.search(pattern, BOOK[number].question)
    assert found, f"exercise {number}'s question no longer matches {pattern!r}"
    return int(found[1])


def _chance_to_beat(dice: int, target: int) -> Fraction:
    counts = dice_sum_counts(dice)
    return Fraction(sum(counts[target + 1:]), 6 ** dice)


def _most_dice_not_beating(target: int) -> int:
    """The most dice whose total beats ``target`` at most half of the time."""
    return max(n for n in range(1, 10) if _chance_to_beat(n, target) <= Fraction(1, 2))


def _interval_level() -> float:
    """The coverage of the package's default interval (its z), in whole percent."""
    z = inspect.signature(wilson_interval).parameters["z"].default
    return round(2 * NormalDist().cdf(z) - 1, 2)


FACTS = {
    "3": [("the most dice that do not beat exercise 2's target more than half of the time",
           lambda: _most_dice_not_beating(_in_question(2, r"beats (\d+)")))],
    "4": [("exercise 2's answer", lambda: BOOK.answer(2))],
    "10": [("the total exercise 1 asks about", lambda: _in_question(1, r"exactly (\d+)"))],
    "12": [("the target exercise 2 asks about", lambda: _in_question(2, r"beats (\d+)"))],
    "27": [("exercise 1's answer", lambda: BOOK.answer(1)),
           ("rolls of three dice that total exercise 1's number",
            lambda: dice_sum_counts(3)[_in_question(1, r"exactly (\d+)")])],
    "36": [("the ways two dice can land", lambda: sum(dice_sum_counts(2)))],
    "95%": [("the coverage of the package's intervals", _interval_level)],
    "216": [("the ways three dice can land", lambda: sum(dice_sum_counts(3))),
            ("the rolls exercise 1 counts over", lambda: _in_question(1, r"of the (\d+) rolls"))],
}
