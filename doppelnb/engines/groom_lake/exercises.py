"""The Groom Lake chapter's exercises: each answer is computed by the engine, each exercise
declares the kind of answer it takes and hints tied to the rules
(``notebooks/03_groom_lake.ipynb``; see :mod:`doppelnb.core.exercises`).

>>> print(check(1, 6).text)
Right. 5 steps is past the "3" band (up to 4) and inside the "6" band (5 to 8): the "6" stack (GL-R16).
>>> print(check(5, "Anywhere").right, check(4, "1/5").right)
True False
"""

from __future__ import annotations

from fractions import Fraction

from ...core.exercises import Choice, Exercise, Probability, WholeNumber, exercise_book
from .analysis import alien_absent_probability
from .examples import gl_e6_placement, gl_r27_vote
from .odds import clear_probability, dice_for_attempt
from .paths import stack_to_draw

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


#: The stacks, also as "the 6 stack", "stack 6", "six".
STACKS = Choice(("3", "6", "compass"), synonyms={
    **{f"{form} {s}": s for s in ("3", "6") for form in ("stack", "the")},
    **{f"{pre}{s} stack": s for s in ("3", "6", "compass") for pre in ("", "the ")},
    "three": "3", "six": "6"})
#: The four levels of GL-R15, also as "adjacent", "diagonally", "priority 3".
PLACES = Choice(tuple(p for p in LEVELS.values()), synonyms={
    "next to team": "next to the Team", "adjacent": "next to the Team",
    "orthogonal": "next to the Team", "priority 1": "next to the Team",
    "diagonally": "diagonal", "diagonal to the team": "diagonal", "priority 2": "diagonal",
    "priority 3": "anywhere", "anywhere else": "anywhere", "nowhere at all": "nowhere"})


BOOK = exercise_book(
    "groom_lake",
    Exercise(1, "The Team stands 5 steps from START and every stack still holds tiles. Which stack "
             "does a scout draw from: \"3\", \"6\" or \"compass\"? (GL-R16)",
             answer=_stack, kind=STACKS,
             hint="Find the distance band each stack serves in the GL-R16 table.",
             wrong={"3": "The \"3\" stack serves distances up to 4 only (GL-R16).",
                    "compass": "The Compass stack starts at 9 steps (GL-R16)."},
             stronger="Each distance falls in exactly one band: up to 4, 5 to 8, or 9 and more "
                      "(GL-R16).",
             explain="5 steps is past the \"3\" band (up to 4) and inside the \"6\" band "
                     "(5 to 8): the \"{answer}\" stack (GL-R16)."),
    Exercise(2, "Five players started. Against a Flash Flood the revealed pile holds a Rope, a "
             "Compass, a Canteen, a Shovel and 2 Life tokens. How many dice are rolled? "
             "(GL-R20, GL-R21)",
             answer=_dice, kind=WholeNumber(),
             hint="Add a die per Life Token and per Supply card usable against this obstacle "
                  "(GL-R20, GL-R21), then apply the rule for games that started with more than "
                  "4 players (GL-R20).",
             wrong={4: "With more than 4 starting players, each Tool that does not match the "
                       "obstacle takes a die away (GL-R20).",
                    6: "Only the Supply cards usable against a Flash Flood add a die (GL-R21); "
                       "the others do not (GL-R20)."},
             stronger="Rope and Compass match a Flash Flood (GL-R21); Canteen and Shovel do not, "
                      "and each costs a die in a game that started with five (GL-R20).",
             explain="2 Life + Rope + Compass = 4 dice, minus 1 each for the Canteen and the "
                     "Shovel (non-matching tools, more than 4 players): {answer} dice."),
    Exercise(3, "What is the fewest dice that give at least an even chance (50 %) of clearing a "
             "Rocky Terrain of value 13? (GL-R22: the total must be MORE than the value)",
             answer=_fewest_dice, kind=WholeNumber(),
             hint="The total must be more than 13 (GL-R22): compare the exact chance of each "
                  "number of dice in column 13 of the odds table.",
             wrong={3: "Three dice beat 13 only about one time in six (GL-R22): not an even "
                       "chance.",
                    5: "Five dice are enough, but fewer already give an even chance (GL-R22)."},
             stronger="Read column 13 of the exact odds table from 1 die down and stop at the "
                      "first chance of at least 1/2 (GL-R22).",
             explain="3 dice beat 13 only 16.2 % of the time; {answer} dice do so 55.6 % of the "
                     "time (GL-R22)."),
    Exercise(4, "Five players, the normal set-up (no Human removed). What is the chance that no "
             "Alien is in play? Give a Fraction, \"1/7\", or a decimal within 0.001. "
             "(GL-R5, GL-E8)",
             answer=_no_alien, kind=Probability(),
             hint="Count the role stacks and how many are dealt (GL-R5): no Alien is in play "
                  "when its stack is the one left over.",
             wrong={Fraction(1, 5): "There are N + 1 stacks for N players (GL-R5): count the "
                                    "Alien's stack too."},
             stronger="Every stack is equally likely to be the one left over after the deal "
                      "(GL-R5, GL-E8).",
             explain="6 role stacks, 5 dealt: the Alien's is the leftover one with chance "
                     "{answer} (GL-R5, GL-E8)."),
    Exercise(5, "START has a Canyon to its south and a Mountain to its north (case (c) of the "
             "placement pictures, GL-E6). The plain tile A01 is scouted with the Team on START. Where "
             "must it go: \"next to the Team\", \"diagonal\", \"anywhere\" or \"nowhere\"? "
             "(GL-R14, GL-R15)",
             answer=_level, kind=PLACES,
             hint="Try the priorities in order (GL-R15), with the edge rule (GL-R14) at each "
                  "spot.",
             wrong={"next to the Team": "START's east and west edges show red dots and A01 has "
                                        "none, so it fits neither (GL-R14).",
                    "diagonal": "Each diagonal spot touches a dotted edge of the Canyon or the "
                                "Mountain (GL-R14).",
                    "nowhere": "Some open edge of the Desert is plain, so A01 fits somewhere "
                               "(GL-R14, GL-R15)."},
             stronger="When no spot next to the Team or diagonal to it fits, the third priority "
                      "applies (GL-R15).",
             explain="no spot next to the Team or diagonal fits, so priority 3 applies: "
                     "{answer} next to the Desert where the edges match (GL-R15)."),
    Exercise(6, "Five players are in the game and the leader calls a vote to leave P2 behind. "
             "What is the fewest YES votes that removes P2? (GL-R27)",
             answer=_fewest_yes, kind=WholeNumber(),
             hint="Everyone but the target votes, the caller too, and it takes a strict majority; "
                  "a tie fails (GL-R27).",
             wrong={2: "2 against 2 is a tie, and a tie fails (GL-R27).",
                    4: "A strict majority is enough; the voters need not all agree (GL-R27).",
                    5: "The target does not vote (GL-R27)."},
             stronger="Count the voters first: every player but P2, the caller included (GL-R27).",
             explain="4 players vote (everyone but P2); a strict majority of 4 is {answer} "
                     "(GL-R27)."),
)
check = BOOK.check

__all__ = ["BOOK", "check", "STACKS", "PLACES"]
