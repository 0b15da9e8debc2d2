"""The numbers typed into chapter 4 (Doppel Doubt), each computed from the engine
(tests/test_prose_numbers.py). Cheap computations only: no playouts."""

from __future__ import annotations

import inspect
from fractions import Fraction
from math import comb
from statistics import NormalDist
from typing import Any

from doppelnb import RuleError
from doppelnb.core.exact import wilson_interval
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import examples, exercises
from doppelnb.engines.doppel_doubt.notation import SIZE
from doppelnb.engines.doppel_doubt.rules import CARDS, ROUNDS, takeover_ok
from doppelnb.engines.doppel_doubt.scoring import guess_points

BOOK = exercises.BOOK


def _printed() -> list[int]:
    return [v for v in db.Board().printed if v is not None]


def _e7(sign: int) -> list[int]:
    """DB-E7: the printed values of red's squares with this sign, largest size first."""
    board = examples.e7_board()
    values = [board.value(cell) for cell in board.territory("red")]
    return sorted((abs(v) for v in values if v * sign > 0), reverse=True)


def _e7_zeros() -> int:
    board = examples.e7_board()
    return sum(1 for cell in board.territory("red") if board.value(cell) == 0)


def _guess(colour: str) -> int:
    """The guesser's gain for naming one pair completely (yellow are the Jesters)."""
    pairs = {"blue": (2, 3), "yellow": (4, 5)}
    guesses: list[dict[str, Any]] = [{} for _ in db.DOPPELS]
    guesses[0] = {colour: pairs[colour]}
    return guess_points(db.DOPPELS, "yellow", guesses)[0][0]


def _loss() -> int:
    """What each member of a pair named by one guesser of another colour loses."""
    guesses: list[dict[str, Any]] = [{} for _ in db.DOPPELS]
    guesses[0] = {"blue": (2, 3)}
    return guess_points(db.DOPPELS, "yellow", guesses)[1][2]


def _dark_accepts(card: int, change: int) -> bool:
    try:
        db.check_dark(card, change)
    except RuleError:
        return False
    return True


def _dark_most() -> int:
    return max(c for c in range(100) if _dark_accepts(50, c))


def _dark_range() -> tuple[int, int]:
    results = [db.check_dark(card, change) for card in (1, 100) for change in range(-30, 31)
               if _dark_accepts(card, change)]
    return min(results), max(results)


def _own_needed(size: int, rule: str = "own_over_half", enemy: int = 1) -> int:
    return min(k for k in range(size + 1) if takeover_ok(rule, k, enemy, size))


def _sizes() -> list[int]:
    """The shape sizes the engine reveals (its illustrative catalogue, DB-A2)."""
    from doppelnb.engines.doppel_doubt.options import illustrative_pool

    return sorted({s.size for s in illustrative_pool()})


BLUE = exercises.BLUE_VALUES
E2 = examples.E2_CARDS
E5 = [step.card for step in examples.e5_resolution().steps]
I5 = db.shape_by_name("5-0")

FACTS: dict[str, list[tuple[str, Any]]] = {
    "95%": [("the level of the sweeps' intervals (the package's default z)",
             lambda: round(2 * NormalDist().cdf(
                 inspect.signature(wilson_interval).parameters["z"].default) - 1, 2))],
    "100": [("cards in the deck", lambda: len(CARDS))],
    "10": [("rounds in a game", lambda: ROUNDS),
           ("points for naming the Jester pair", lambda: _guess("yellow"))],
    "17": [("squares along a side of the board", lambda: SIZE)],
    "5": [("the largest printed value, and the size of the smallest one",
           lambda: max(_printed()) if max(_printed()) == -min(_printed()) else None),
          ("squares of a pentomino", lambda: _sizes()[1]),
          ("points for naming a player pair", lambda: _guess("blue")),
          ("what each member of a named pair loses", _loss),
          ("red's largest square in DB-E7", lambda: _e7(+1)[0]),
          ("the value of the square green turns with Light",
           lambda: examples.light_example().before.value((3, 7)))],
    "0": [("a Zero space's value", lambda: examples.light_example().after.value((3, 7))),
          ("the largest score a Q can have", lambda: max(min(v, 0) for v in _printed())),
          ("the lowest a Dark card may go", lambda: _dark_range()[0]),
          ("a square blue holds in exercise 3", lambda: sorted(BLUE, key=abs)[0]),
          ("blue-P's final score in exercise 5", lambda: BOOK.answer(5))],
    "88": [("red-P's card in DB-E2", lambda: E2["red-P"])],
    "61": [("blue-P's card in DB-E2", lambda: E2["blue-P"])],
    "47": [("purple-P's card in DB-E2", lambda: E2["purple-P"])],
    "30": [("green-P's card in DB-E2", lambda: E2["green-P"]),
           ("the most the Power of Dark changes a card by", _dark_most)],
    "12": [("yellow-P's card in DB-E2", lambda: E2["yellow-P"]),
           ("pentominoes when flipping is allowed (exercise 1)", lambda: BOOK.answer(1))],
    "101": [("the highest a Dark card may go", lambda: _dark_range()[1])],
    "4": [("squares of a tetromino", lambda: _sizes()[0]),
          ("red's largest negative square in DB-E7, in size", lambda: _e7(-1)[0]),
          ("blue's largest square in exercise 3", lambda: max(BLUE)),
          ("own squares a hexomino needs under the default reading", lambda: _own_needed(6))],
    "6": [("squares of a hexomino", lambda: _sizes()[2]),
          ("blue-P's score in exercise 3", lambda: sum(v for v in BLUE if v > 0))],
    "90": [("red-Q's card in DB-E5", lambda: E5[0]),
           ("blue-P's card in exercise 4", lambda: exercises.EX4_BLUE_CARD)],
    "40": [("blue-P's card in DB-E5", lambda: E5[1]),
           ("red-Q's card in exercise 4", lambda: exercises.EX4_RED_CARD)],
    "3": [("red's second square in DB-E7", lambda: _e7(+1)[1]),
          ("the answer to exercise 2", lambda: BOOK.answer(2)),
          ("blue's negative squares in exercise 3", lambda: -min(BLUE)),
          ("blue-P's points in exercise 5", lambda: exercises.EX5_TERRITORY)],
    "1": [("red's smallest positive square in DB-E7", lambda: _e7(+1)[-1]),
          ("blue's smallest negative square in exercise 3, in size",
           lambda: min(-v for v in BLUE if v < 0))],
    "2": [("red's smaller negative square in DB-E7, in size", lambda: _e7(-1)[-1]),
          ("blue's smaller positive square in exercise 3", lambda: min(v for v in BLUE if v > 0)),
          ("distinct rotations of the straight pentomino", lambda: len(I5.rotations()))],
    "1/9": [("the chance a blind guess names the partner", lambda: Fraction(1, len(db.DOPPELS) - 1))],
    "1/36": [("the chance a blind guess names another pair",
              lambda: Fraction(1, comb(len(db.DOPPELS) - 1, 2)))],
    "18": [("one-sided pentominoes", lambda: len(db.one_sided_polyominoes(5)))],
    "13": [("blue's colour score in exercise 3", lambda: BOOK.answer(3)),
           ("positions of the straight pentomino along its length", lambda: SIZE - I5.size + 1)],
    "7": [("blue-Q's score in exercise 3, in size", lambda: -sum(v for v in BLUE if v < 0)),
          ("blue-P's score in exercise 5 if losses went past zero, in size",
           lambda: -(exercises.EX5_TERRITORY - exercises.EX5_GUESSERS * _loss()))],
    "442": [("positions of the straight pentomino (exercise 6)", lambda: BOOK.answer(6))],
    "5/4": [("the expected gain of a blind guess (exercise 7)", lambda: BOOK.answer(7))],
}
