"""The exercises of chapter 4 (Doppel Doubt): each question's worked answer is computed by the
engine, and each exercise declares the kind of answer it takes and hints tied to the rules (see
:mod:`doppelnb.core.exercises`).

>>> print(check(1, 12).text)
Not yet. 12 counts the free pentominoes, where a piece and its mirror image are one; here they may be turned but not flipped (DB-R10).
>>> print(check(4, "Red").right, check(4, "R").right, check(7, "5/4").right, check(7, 1.25).right)
True True True True
"""

from __future__ import annotations

from fractions import Fraction

from ...core.exercises import Choice, Exercise, Number, WholeNumber, exercise_book
from .analysis import placements_enumerated, random_guess_enumerated
from .board import Board
from .examples import E5_X, e5_resolution
from .rules import DOPPELS, LETTERS, SIZE, takeover_ok
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


#: Exercise 4: the two colours that cover square (5, 5) in DB-E5, also by letter or Doppel
#: ("R", "red-Q").
E5_COLOURS = ("red", "blue")
COLOUR = Choice(E5_COLOURS, synonyms={
    **{c[0]: c for c in E5_COLOURS}, **{f"{c} {x}": c for c in E5_COLOURS for x in LETTERS}})


BOOK = exercise_book(
    "doppel_doubt",
    Exercise(1, "Shapes may be rotated but not reflected (DB-R10). How many different "
                "pentominoes (5 squares) can be revealed?",
             answer=_pentominoes, kind=WholeNumber(),
             hint="A shape may be turned but not flipped (DB-R10), so a pentomino and its "
                  "mirror image are different pieces unless turning makes them the same.",
             wrong={12: "12 counts the free pentominoes, where a piece and its mirror image are "
                        "one; here they may be turned but not flipped (DB-R10).",
                    24: "Not every pentomino differs from its mirror image: some are their own "
                        "mirror image when turned (DB-R10).",
                    35: "35 counts the free hexominoes (6 squares); the question asks for 5 "
                        "squares, turned but not flipped (DB-R10)."},
             stronger="Six of the twelve free pentominoes (F, L, N, P, Y, Z) differ from their "
                      "mirror image; the other six do not (DB-R10).",
             explain="12 free pentominoes; F, L, N, P, Y and Z each come in two one-sided mirror "
                     "forms, I, T, U, V, W and X are their own mirror image: 6 + 2 x 6 = "
                     "{answer} (DB-R10)."),
    Exercise(2, "A hexomino (6 squares) covers one square of red territory. At least how many "
                "of its squares must lie on blue territory for blue to place it (DB-R13)?",
             answer=_own_needed, kind=WholeNumber(),
             hint="Taking over another colour's square needs more than 50% of the shape's "
                  "squares on the placer's own territory (DB-R13).",
             wrong={3: "3 of 6 is exactly half, and the rule asks for more than 50% (DB-R13).",
                    5: "More than 50% of the squares is enough; 5 of 6 is more than needed "
                       "(DB-R13).",
                    6: "The shape must cover the red square too, and more than 50% on blue's "
                       "own squares is enough (DB-R13)."},
             stronger="Find the smallest count of the 6 squares that is strictly more than half "
                      "of them (DB-R13).",
             explain="over 50% of 6 squares is {answer} or more; 3 of 6 is only half (DB-R13)."),
    Exercise(3, "Blue's territory holds squares printed +4, +2, -3, -3, 0 and -1. What is blue's "
                "colour score before guessing (DB-R17)?",
             answer=_blue_colour_score, kind=WholeNumber(),
             hint="Blue-P scores the positive squares, blue-Q the negative ones, and the colour "
                  "score is P minus Q (DB-R17).",
             wrong={-1: "Adding all six squares mixes the two Doppels: the colour score is "
                        "blue-P's total minus blue-Q's (DB-R17).",
                    6: "That is blue-P's score alone; the colour score subtracts blue-Q's "
                       "negative score (DB-R17).",
                    7: "Mind the signs: blue-Q's score is negative, and subtracting it adds its "
                       "size to blue-P's (DB-R17)."},
             stronger="Subtracting a negative number adds its size: P - Q with Q below zero "
                      "(DB-R17).",
             explain="blue-P = 4 + 2 = 6, blue-Q = -3 - 3 - 1 = -7, colour score 6 - (-7) = "
                     "{answer} (DB-R17)."),
    Exercise(4, "In example DB-E5, red-Q (card 90) and blue-P (card 40) both cover square "
                "(5, 5). Whose square is it at the end of the round: \"red\" or \"blue\"?",
             answer=_x_owner, kind=COLOUR,
             hint="Placements resolve from the highest card down, and a square claimed in a "
                  "round ignores every later claim (DB-R11, DB-A9).",
             wrong={"blue": "Placements resolve from the highest card down (DB-R11), and 90 is "
                            "higher than 40; the first claim of a round wins (DB-A9)."},
             stronger="Card 90 resolves before card 40 (DB-R11).",
             explain="card 90 resolves before card 40, so (5, 5) is {answer}; the later claim "
                     "on it is ignored, its other squares are still claimed (DB-R11, DB-A9)."),
    Exercise(5, "Blue-P ends with 3 points from territory. Two guessers of other colours "
                "name the blue pair correctly. What is blue-P's final score (DB-R16, "
                "defaults)?",
             answer=_twice_found, kind=WholeNumber(),
             hint="Each correct outside guesser is a 5-point detriment to both members of the "
                  "pair (DB-R16), detriments stack (DB-A16), and a detriment moves a score "
                  "toward zero, never past it (DB-R16).",
             wrong={-7: "3 - 5 - 5 would be -7, but a detriment moves a score toward zero and "
                        "never past it (DB-R16).",
                    -2: "Detriments stack: each correct outside guesser costs 5 (DB-A16).",
                    3: "Both guessers named the pair correctly, and each is a detriment to "
                       "blue-P (DB-R16)."},
             stronger="Apply the two detriments one after the other, each stopping where a "
                      "score can go no closer to zero (DB-R16, DB-A16).",
             explain="3 - 5 - 5 would be -7, but detriments move a score toward zero and stop "
                     "there: {answer} (DB-R16, DB-A16)."),
    Exercise(6, "On an open 17 x 17 board, how many positions (rotations counted) does the "
                "straight tetromino have?",
             answer=_straight_positions, kind=WholeNumber(),
             hint="Count the positions of each distinct rotation, r (n - h + 1)(n - w + 1), "
                  "turning but never flipping the shape (DB-R10).",
             wrong={238: "That counts one rotation; the straight tetromino has two distinct "
                         "rotations, lying and standing (DB-R10).",
                    952: "Turning the straight tetromino twice gives the same shape: it has two "
                         "distinct rotations, not four (DB-R10).",
                    289: "That counts the squares of the board, not the positions of a 1 x 4 "
                         "shape (DB-R10)."},
             stronger="Lying, it fits 17 x 14 ways; standing, as many again (DB-R10).",
             explain="2 rotations x (17 - 1 + 1) x (17 - 4 + 1) = 2 x 17 x 14 = {answer} "
                     "(DB-R10)."),
    Exercise(7, "A player (not a Jester) guesses completely at random. What is its expected "
                "benefit from guessing, in points? (A Fraction, a fraction as text such as "
                "\"3/7\", or a decimal within 0.001.)",
             answer=_random_guess, kind=Number(),
             hint="Add, for each pair, its benefit times the chance that a random guess names "
                  "both its members (DB-R16).",
             wrong={Fraction(5, 9): "That is only the partner's share; the other player pairs "
                                    "and the Jester pair add theirs (DB-R16).",
                    5: "That is one pair's benefit; weight each benefit by the chance of naming "
                       "that pair right (DB-R16).",
                    10: "That is the Jester pair's benefit, earned only when the guess names "
                        "both Jesters (DB-R16)."},
             stronger="The partner is named with chance 1/9, each other player pair and the "
                      "Jester pair with chance 1/36; the Jester pair is worth 10, the others 5 "
                      "(DB-R16).",
             explain="5 x 1/9 for the partner + 5 x 3/36 for the three other player pairs + "
                     "10 x 1/36 for the Jesters = 20/36 + 25/36 = {answer} points (DB-R16)."),
)
check = BOOK.check

__all__ = ["BOOK", "check", "BLUE_VALUES", "COLOUR"]
