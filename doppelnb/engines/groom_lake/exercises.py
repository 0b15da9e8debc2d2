"""The Groom Lake chapter's exercises: each answer is computed by the engine, each checker says
right or wrong and why (``notebooks/03_groom_lake.ipynb``; see :mod:`doppelnb.core.exercises`).

>>> print(check(1, "6").text)
Right. 5 steps is past the "3" band (up to 4) and inside the "6" band (5 to 8), GL-R16.
>>> check(4, 0.25).right
False
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.checks import show
from ...core.exercises import Checker, Exercise, exactly, exercise_book, one_of
from .analysis import alien_absent_probability
from .desert import stack_to_draw
from .examples import gl_e6_placement, gl_r27_vote
from .odds import clear_probability, dice_for_attempt

FULL = {"3": 1, "6": 1, "compass": 1}
LEVELS = {1: "next to the Team", 2: "diagonal", 3: "anywhere", None: "nowhere"}


def _stack() -> str:
    return stack_to_draw(5, FULL)


def _dice() -> int:
    return dice_for_attempt("flash_flood", ["rope", "compass", "canteen", "shovel"], 2,
                            starting_players=5)


def _fewest_dice() -> int:
    return next(n for n in range(1, 11) if clear_probability(n, 13) >= Fraction(1, 2))


def _no_alien() -> Fraction:
    return alien_absent_probability(5)


def _level() -> str:
    return LEVELS[gl_e6_placement("c").level]


def _fewest_yes() -> int:
    for yes in range(0, 5):
        final = gl_r27_vote(players=5, target=1, yes=yes)[-1]
        if 1 in final.out:
            return yes
    raise AssertionError("no number of YES votes removes the target")  # pragma: no cover


def fraction_like(expected: Fraction, *, tolerance: float = 0.0005) -> Checker:
    """Right for the exact Fraction, or a decimal within ``tolerance`` of it."""

    def check(attempt: Any) -> str | None:
        if isinstance(attempt, bool) or not isinstance(attempt, (int, float, Fraction)):
            return f"give a number such as Fraction(1, 3) or 0.333, got {show(attempt)}."
        if isinstance(attempt, Fraction) or isinstance(attempt, int):
            if attempt == expected:
                return None
            return f"{attempt} is not the exact chance."
        if abs(attempt - float(expected)) <= tolerance:
            return None
        return f"{attempt:.4g} is not within {tolerance} of the exact chance."

    return check


BOOK = exercise_book(
    "groom_lake",
    Exercise(1, "The Team stands 5 steps from START and every stack still holds tiles. Which stack "
             "does a scout draw from: \"3\", \"6\" or \"compass\"? (GL-R16)",
             answer=_stack, check=one_of(("3", "6", "compass"), _stack(), why={
                 "3": "the \"3\" stack serves distances up to 4 only.",
                 "compass": "the Compass stack starts at 9 steps."}),
             explain="5 steps is past the \"3\" band (up to 4) and inside the \"6\" band "
                     "(5 to 8), GL-R16.",
             wrong=("3", "compass")),
    Exercise(2, "Five players started. Against a Flash Flood the revealed pile holds a Rope, a "
             "Compass, a Canteen, a Shovel and 2 Life tokens. How many dice are rolled? "
             "(GL-R20, GL-R21)",
             answer=_dice, check=exactly(_dice(), hint="Rope and Compass match a Flash Flood; "
                                         "with more than 4 players each other tool costs a die."),
             explain="2 Life + Rope + Compass = 4 dice, minus 1 each for the Canteen and the "
                     "Shovel (non-matching tools, more than 4 players): 2 dice.",
             wrong=(4, 6, 3)),
    Exercise(3, "What is the fewest dice that give at least an even chance (50 %) of clearing a "
             "Rocky Terrain of value 13? (GL-R22: the total must be MORE than the value)",
             answer=_fewest_dice, check=exactly(_fewest_dice(), hint="compare the exact table "
                                                "of clearing odds, column 13."),
             explain="3 dice beat 13 only 16.2 % of the time; 4 dice do so 55.6 % of the time.",
             wrong=(3, 5)),
    Exercise(4, "Five players, the normal set-up (no Human removed). What is the chance that no "
             "Alien is in play? Give a Fraction or a decimal. (GL-R5, GL-E8)",
             answer=_no_alien, check=fraction_like(_no_alien()),
             explain="6 role stacks, 5 dealt: the Alien's is the leftover one with chance 1/6.",
             wrong=(Fraction(1, 5), 0.2, 0.25)),
    Exercise(5, "START has a Canyon to its south and a Mountain to its north (layout \"c\" of "
             "GL-E6, drawn above). The plain tile A01 is scouted with the Team on START. Where "
             "must it go: \"next to the Team\", \"diagonal\", \"anywhere\" or \"nowhere\"? "
             "(GL-R14, GL-R15)",
             answer=_level, check=one_of(tuple(LEVELS.values()), _level(), why={
                 "next to the Team": "START's east and west edges show red dots and A01 has "
                                     "none, so it fits neither.",
                 "diagonal": "each diagonal spot touches a dotted edge of the Canyon or the "
                             "Mountain.",
                 "nowhere": "some open edge of the Desert is plain, so A01 fits somewhere."}),
             explain="no spot next to the Team or diagonal fits, so priority 3 applies: anywhere "
                     "next to the Desert where the edges match.",
             wrong=("next to the Team", "diagonal", "nowhere")),
    Exercise(6, "Five players are in the game and the leader calls a vote to leave P2 behind. "
             "What is the fewest YES votes that removes P2? (GL-R27)",
             answer=_fewest_yes, check=exactly(_fewest_yes(), hint="the target does not vote, "
                                               "and a tie fails."),
             explain="4 players vote (everyone but P2); a strict majority of 4 is 3.",
             wrong=(2, 4)),
)
check = BOOK.check

__all__ = ["BOOK", "check", "fraction_like"]
