"""The exercises of chapter 4 (Doppel Doubt): each question's worked answer is computed by the
engine, and its checker says right or wrong and why.

>>> print(check(1, 18).text)
Right. 12 free pentominoes; F, L, N, P, Y and Z each come in two one-sided mirror forms, I, T, U, V, W and X are their own mirror image: 6 + 2 x 6 = 18.
>>> print(check(1, 12).text)
Not yet: expected 18, got 12. 12 counts the free pentominoes, where a piece and its mirror image are the same; here they may not be flipped (DB-R10a).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.checks import show
from ...core.exercises import Exercise, close_to, exactly, exercise_book, one_of
from .analysis import placements_enumerated, random_guess_enumerated
from .board import Board
from .examples import E5_X, e5_resolution
from .rules import DOPPELS, SIZE, takeover_ok
from .scoring import adjust, colour_scores, territory_scores
from .shapes import one_sided_polyominoes, shape_by_name

#: Exercise 3: the printed values of the squares blue holds.
BLUE_VALUES = (4, 2, -3, -3, 0, -1)


def _pentominoes() -> int:
    return len(one_sided_polyominoes(5))


def _own_needed(size: int = 6) -> int:
    """The fewest own squares a shape of ``size`` needs to take over one enemy square (DB-R13)."""
    return next(own for own in range(size + 1) if takeover_ok("own_over_half", own, 1, size))


def _blue_board() -> Board:
    board = Board()
    used: set[int] = set()
    cells = []
    for v in BLUE_VALUES:
        i = next(i for i, p in enumerate(board.printed) if p == v and i not in used)
        used.add(i)
        cells.append(divmod(i, SIZE))
    return board.set_owner(cells, "blue").frozen()


def _blue_colour_score() -> int:
    return colour_scores(territory_scores(_blue_board(), DOPPELS), DOPPELS)["blue"]


def _x_owner() -> str:
    owner = e5_resolution().after.owner_of(E5_X)
    assert owner is not None
    return owner


def _twice_found() -> int:
    """Blue-P holds 3 and two guessers of other colours name the blue pair: 2 x -5, clamped."""
    return adjust(3, "P", 0, 10)


def _straight_positions() -> int:
    return placements_enumerated(shape_by_name("4-0"))


def _random_guess() -> Fraction:
    return random_guess_enumerated()


def _fraction_check(expected: Fraction) -> Any:
    near = close_to(float(expected), tolerance=0.001)

    def check(attempt: Any) -> str | None:
        if isinstance(attempt, str):
            try:
                attempt = Fraction(attempt.strip())
            except (ValueError, ZeroDivisionError):
                return f"give a number or a fraction such as '3/7', got {show(attempt)}."
        problem = near(attempt)
        if problem is None:
            return None
        if isinstance(attempt, (int, float, Fraction)) and not isinstance(attempt, bool) and \
                abs(float(attempt) - 5 / 9) < 0.001:
            return "5/9 is only the partner's share; the other pairs add 15/36 and the " \
                   "Jester pair 10/36."
        return problem

    return check


BOOK = exercise_book(
    "doppel_doubt",
    Exercise(1, "Shapes may be rotated but not reflected (DB-R10a). How many different "
                "pentominoes (5 squares) can be revealed?",
             answer=_pentominoes,
             check=exactly(_pentominoes(), hint="12 counts the free pentominoes, where a piece "
                           "and its mirror image are the same; here they may not be flipped "
                           "(DB-R10a)."),
             explain="12 free pentominoes; F, L, N, P, Y and Z each come in two one-sided mirror "
                     "forms, I, T, U, V, W and X are their own mirror image: 6 + 2 x 6 = 18.",
             wrong=(12, 35, "18")),
    Exercise(2, "A hexomino (6 squares) covers one square of red territory. At least how many "
                "of its squares must lie on blue territory for blue to place it (DB-R13)?",
             answer=_own_needed,
             check=exactly(_own_needed(), hint="3 of 6 is exactly half, and the rule asks for "
                           "over 50%."),
             explain="over 50% of 6 squares is 4 or more; 3 of 6 is only half.",
             wrong=(3, 5, 6)),
    Exercise(3, "Blue's territory holds squares printed +4, +2, -3, -3, 0 and -1. What is blue's "
                "colour score before guessing (DB-R17)?",
             answer=_blue_colour_score,
             check=exactly(_blue_colour_score(), hint="blue-P scores the positive squares, "
                           "blue-Q the negative ones, and the colour scores P minus Q."),
             explain="blue-P = 4 + 2 = 6, blue-Q = -3 - 3 - 1 = -7, colour score 6 - (-7) = 13.",
             wrong=(-1, 6, 7)),
    Exercise(4, "In example DB-E5, red-Q (card 90) and blue-P (card 40) both cover square "
                "(5, 5). Whose square is it at the end of the round: 'red' or 'blue'?",
             answer=_x_owner,
             check=one_of(["red", "blue"], _x_owner(),
                          why={"blue": "placements resolve from the highest card down "
                                       "(DB-R11), and 90 is higher than 40; the first claim "
                                       "of a round wins."}),
             explain="red resolves first (90 > 40) and claims (5, 5); blue's claim on it is "
                     "ignored, its other squares are still claimed (DB-A9).",
             wrong=("blue", "Blue", None)),
    Exercise(5, "Blue-P ends with 3 points from territory. Two guessers of other colours "
                "name the blue pair correctly. What is blue-P's final score (DB-R16, "
                "defaults)?",
             answer=_twice_found,
             check=exactly(_twice_found(), hint="each correct outside guesser costs 5 "
                           "(detriments stack), and a detriment never takes a score past "
                           "zero (DB-A16)."),
             explain="3 - 5 - 5 would be -7, but detriments move a score toward zero and stop "
                     "there: 0.",
             wrong=(-7, -2, 3)),
    Exercise(6, "On an open 17 x 17 board, how many positions (rotations counted) does the "
                "straight tetromino have?",
             answer=_straight_positions,
             check=exactly(_straight_positions(), hint="it has 2 distinct rotations, each 1 x 4 "
                           "or 4 x 1: r (n - h + 1)(n - w + 1)."),
             explain="2 rotations x (17 - 1 + 1) x (17 - 4 + 1) = 2 x 17 x 14 = 476.",
             wrong=(238, 289, 952)),
    Exercise(7, "A player (not a Jester) guesses completely at random. What is its expected "
                "benefit from guessing, in points? (A fraction such as '3/7' or a number.)",
             answer=_random_guess,
             check=_fraction_check(_random_guess()),
             explain="5 x 1/9 for the partner + 5 x 3/36 for the three other player pairs + "
                     "10 x 1/36 for the Jesters = 20/36 + 25/36 = 5/4 points.",
             wrong=(Fraction(5, 9), 5, "1/2", 10)),
)
check = BOOK.check

__all__ = ["BOOK", "check", "BLUE_VALUES"]
