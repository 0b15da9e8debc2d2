"""The exercises of chapter 4 (Doppel Doubt): each question's worked answer is computed by the
engine, and each exercise declares the kind of answer it takes and hints tied to the rules (see
:mod:`doppelnb.core.exercises`).

>>> print(check(1, 18).text)
Not yet. 18 counts the pieces that may only be turned: a piece and its mirror image are still two there; merge each pair (DB-R10).
>>> print(check(4, "Blue").right, check(4, "B").right, check(7, "5/4").right, check(7, 1.25).right)
True True True True
"""

from __future__ import annotations

from fractions import Fraction

from ...core.exercises import Choice, Exercise, Number, WholeNumber, exercise_book
from .analysis import placements_brute_force, random_guess_brute_force
from .board import Board
from .examples import E5_X, e5_resolution
from .notation import SIZE
from .rules import DOPPELS, LETTERS, takeover_ok
from .scoring import adjust, colour_scores, guess_points, territory_scores
from .shapes import Shape, one_sided_polyominoes, reflect, shape_by_name

#: Exercise 3: the printed values of the squares blue holds.
BLUE_VALUES = (4, 2, -3, -3, 0, -1)


def _free_pentominoes() -> int:
    """Pentominoes if flipping were allowed: each one-sided piece and its mirror image count once
    (the chapter shows the one-sided count, DB-R10a)."""
    return len({frozenset({s, Shape.from_cells(reflect(s.key))})
                for s in one_sided_polyominoes(5)})


#: Exercise 2: the reading of DB-A5 asked about, and the red squares the hexomino covers.
EX2_RULE, EX2_ENEMY, EX2_SIZE = "own_more_than_enemy", 2, 6


def _own_needed() -> int:
    """The fewest own squares a hexomino covering two red squares needs to take them over under
    the reading "more own squares than enemy squares" (DB-A5 c)."""
    return next(own for own in range(1, EX2_SIZE + 1)
                if own + EX2_ENEMY <= EX2_SIZE and takeover_ok(EX2_RULE, own, EX2_ENEMY, EX2_SIZE))


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


#: Exercise 4: DB-E5 with the cards swapped (red-Q plays 40, blue-P plays 90).
EX4_RED_CARD, EX4_BLUE_CARD = 40, 90


def _x_owner() -> str:
    owner = e5_resolution(EX4_RED_CARD, EX4_BLUE_CARD).after.owner_of(E5_X)
    assert owner is not None
    return owner


#: Exercise 5: blue-P's territory points, and how many guessers of other colours name the pair.
EX5_TERRITORY, EX5_GUESSERS = 3, 2


def _twice_found() -> int:
    """Blue-P holds 3 and two guessers of other colours (red-P and green-P) name the blue pair:
    the engine's guessing points give the pair's loss (stacked, DB-A16), and the loss moves
    blue-P's score towards zero and stops there (DB-R16)."""
    guessers = [DOPPELS.index(d) for d in ("red-P", "green-P", "purple-P")][:EX5_GUESSERS]
    pair = (DOPPELS.index("blue-P"), DOPPELS.index("blue-Q"))
    guesses = [{"blue": pair} if seat in guessers else {} for seat in range(len(DOPPELS))]
    loss = guess_points(DOPPELS, "yellow", guesses)[1][pair[0]]
    return adjust(EX5_TERRITORY, "P", 0, loss)


def _straight_positions() -> int:
    """The straight pentomino (five in a line, "5-0") on the open board (DB-R10)."""
    return placements_brute_force(shape_by_name("5-0"))


def _random_guess() -> Fraction:
    return random_guess_brute_force()


#: Exercise 4: the two colours that cover square (5, 5) in DB-E5, also by letter or Doppel
#: ("R", "red-Q").
E5_COLOURS = ("red", "blue")
COLOUR = Choice(E5_COLOURS, synonyms={
    **{c[0]: c for c in E5_COLOURS}, **{f"{c} {x}": c for c in E5_COLOURS for x in LETTERS}})


BOOK = exercise_book(
    "doppel_doubt",
    Exercise(1, "Here shapes may be turned but not flipped, so a pentomino and its mirror image "
                "are different pieces (DB-R10). If flipping were allowed too, so that a piece and "
                "its mirror image counted as one, how many different pentominoes would there be?",
             answer=_free_pentominoes, kind=WholeNumber(),
             hint="Pair each pentomino with its mirror image (DB-R10): a piece that turns into "
                  "its own mirror image stays one piece, the others merge in twos.",
             wrong={18: "18 counts the pieces that may only be turned: a piece and its mirror "
                        "image are still two there; merge each pair (DB-R10).",
                    9: "Not every pentomino differs from its mirror image: some turn into their "
                       "own mirror image and stay one piece (DB-R10).",
                    35: "35 counts the hexominoes (6 squares) that may be flipped; the question "
                        "is about 5 squares (DB-R10)."},
             stronger="In the chapter's names a primed piece is the mirror image of the piece "
                      "with the same letter (F and F′, L and L′, ...); a letter without a primed "
                      "twin is its own mirror image (DB-R10).",
             explain="the six mirror pairs (F, L, N, P, Y, Z) merge into six pieces, and the six "
                     "that are their own mirror image (I, T, U, V, W, X) stay: {answer} "
                     "(DB-R10)."),
    Exercise(2, "Take the reading of the takeover rule where a placement needs more squares on "
                "your own territory than on enemy territory (DB-A5). Blue places a hexomino (6 "
                "squares) that covers two red squares. At least how many of its squares must be "
                "blue's?",
             answer=_own_needed, kind=WholeNumber(),
             hint="Under this reading the own squares must outnumber the enemy squares the shape "
                  "covers; the shape's size does not enter (DB-A5).",
             wrong={4: "4 is what the default reading needs (over half of 6 squares); this "
                       "reading compares own squares with enemy squares (DB-A5).",
                    2: "Two own squares against two red ones is a tie, and the reading asks for "
                       "more own than enemy squares (DB-A5).",
                    1: "One own square is enough only where nothing is taken over (DB-R10c); "
                       "here two red squares are (DB-A5)."},
             stronger="Count the enemy squares, then find the smallest number that is more "
                      "than that (DB-A5).",
             explain="more own squares than the two red ones means {answer} or more; the "
                     "default reading would need 4 (DB-A5, DB-R13)."),
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
    Exercise(4, "Replay example DB-E5 with the cards swapped: red-Q plays 40 and blue-P plays "
                "90, with the same two shapes, both covering square (5, 5). Whose square is it at "
                "the end of the round: \"red\" or \"blue\"?",
             answer=_x_owner, kind=COLOUR,
             hint="Placements resolve from the highest card down, and a square claimed in a "
                  "round ignores every later claim (DB-R11, DB-A9).",
             wrong={"red": "In DB-E5 red won the square because its card was higher; with the "
                           "cards swapped, look again at which placement resolves first "
                           "(DB-R11)."},
             stronger="Card 90 resolves before card 40, whoever plays it (DB-R11).",
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
                "straight pentomino, five squares in a line, have?",
             answer=_straight_positions, kind=WholeNumber(),
             hint="Count the positions of each distinct rotation, r (n - h + 1)(n - w + 1), "
                  "turning but never flipping the shape (DB-R10).",
             wrong={221: "That counts one rotation; the straight pentomino has two distinct "
                         "rotations, lying and standing (DB-R10).",
                    884: "Turning the straight pentomino twice gives the same shape: it has two "
                         "distinct rotations, not four (DB-R10).",
                    476: "That is the straight tetromino (four squares); the pentomino is one "
                         "square longer (DB-R10).",
                    289: "That counts the squares of the board, not the positions of a 1 x 5 "
                         "shape (DB-R10)."},
             stronger="Lying, it fits 17 x 13 ways; standing, as many again (DB-R10).",
             explain="2 rotations x (17 - 1 + 1) x (17 - 5 + 1) = 2 x 17 x 13 = {answer} "
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

__all__ = ["BOOK", "check", "BLUE_VALUES", "COLOUR", "EX2_RULE", "EX2_ENEMY", "EX2_SIZE",
           "EX4_RED_CARD", "EX4_BLUE_CARD", "EX5_TERRITORY", "EX5_GUESSERS"]
