"""The course: what each chapter teaches, in which order, and for how long.

``notebooks/00_start_here.ipynb`` shows :func:`course_table`. The minutes are estimated from the
chapter itself (its prose at a study pace plus time for each exercise), so they follow the
chapters as they change.

>>> [c.number for c in CHAPTERS]
[1, 2, 3, 4, 5]
>>> CHAPTERS[0].notebook
'01_doppeldoppel.ipynb'
>>> minutes_for(words=1200, exercises=3)
25
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from .core.exercises import Choice, Exercise, WholeNumber, exercise_book
from .core.render import Html, table, tag

WORDS_PER_MINUTE = 120
"""Study pace: prose read with its pictures and tables, slower than plain reading."""
MINUTES_PER_EXERCISE = 5


@dataclass(frozen=True)
class Chapter:
    number: int
    game: str  # the record name, a key of doppelnb.GAMES
    notebook: str
    title: str
    play: str  # the game, in one line
    method: str  # the analysis a designer learns from it
    needs: str  # what to have done first


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(1, "doppeldoppel", "01_doppeldoppel.ipynb", "Doppeldoppel",
            "trick-taking where equal numbers collide and vanish, a 3 turns strength upside "
            "down, and sets of numbers score",
            "exact counting over every deal and trick; reading a scoring table; what a rule's "
            "two readings change",
            "chapter 0"),
    Chapter(2, "doppelganger_tricks", "02_doppelganger_tricks.ipynb", "Doppelgänger Tricks",
            "bid exactly the tricks you will win while doppelgänger cards annihilate their twins",
            "an exact census with a sympy closed form; forecasting as expected value; simulation "
            "with 95% intervals",
            "chapter 1 (trick-taking)"),
    Chapter(3, "groom_lake", "03_groom_lake.ipynb", "Groom Lake",
            "escape across a desert laid tile by tile, rolling dice to clear obstacles, with a "
            "traitor in the Team",
            "the board as a graph (shortest paths with networkx); exact dice odds; hidden roles",
            "chapter 0 (dice odds)"),
    Chapter(4, "doppel_doubt", "04_doppel_doubt.ipynb", "Doppel Doubt",
            "anonymous teams claim a 17×17 board with polyominoes, and nobody knows who is on "
            "whose side",
            "enumerating shapes (one-sided polyominoes); bitboards; deduction from what is seen",
            "none"),
    Chapter(5, "doppelganger_quest", "05_doppelganger_quest.ipynb", "Doppelgänger quest",
            "cooperative quests with hidden traitors and dice drawn from a Bag of Holding",
            "draws from a bag (hypergeometric odds); what a hidden role can do unseen; balance "
            "by seeded simulation",
            "chapter 3 (hidden roles)"),
)


def minutes_for(*, words: int, exercises: int) -> int:
    """Study time: ``words`` of prose at :data:`WORDS_PER_MINUTE` plus
    :data:`MINUTES_PER_EXERCISE` per exercise, rounded up to 5 minutes."""
    raw = words / WORDS_PER_MINUTE + MINUTES_PER_EXERCISE * exercises
    return max(5, 5 * math.ceil(raw / 5))


def chapter_size(chapter: Chapter, notebooks: dict[str, bytes] | None = None) -> tuple[int, int]:
    """(words of prose, exercises) of the shipped notebook of ``chapter``.

    The exercises are counted in the chapter itself, as the exercise numbers its ``check(N, ...)``
    cells take (``tests/test_chapters.py`` checks that these are exactly the numbers of the
    game's exercise book), so the course index does not import all five engines to count them.
    ``notebooks``: the shipped notebooks by file name, if already read.
    """
    from .cli import shipped_notebooks

    notebooks = shipped_notebooks() if notebooks is None else notebooks
    cells = json.loads(notebooks[chapter.notebook])["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    # What a student reads: a rule tag's tooltip (an HTML attribute) is not prose.
    words = len(re.sub(r"<[^>]*>", " ", text).split())
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    exercises = len(set(re.findall(r"\bcheck\((\d+)\s*,", code)))
    return words, exercises


def course_table() -> Html:
    """The course index: each chapter, what it teaches, what it needs first, and its minutes."""
    from .cli import shipped_notebooks

    notebooks = shipped_notebooks()
    rows: list[list[object]] = []
    total = 0
    for c in CHAPTERS:
        words, exercises = chapter_size(c, notebooks)
        minutes = minutes_for(words=words, exercises=exercises)
        total += minutes
        rows.append([c.number, tag("a", c.title, href=c.notebook), c.play, c.method, c.needs,
                     exercises, minutes])
    caption = (f"The course in order: about {total} minutes in all ({total / 60:.1f} hours). "
               f"Minutes = words of prose / {WORDS_PER_MINUTE} per minute + "
               f"{MINUTES_PER_EXERCISE} per exercise, rounded up to 5.")
    return table(["", "chapter", "the game", "what you learn to do", "read first", "exercises",
                  "minutes"], rows, caption=caption)


def _ways_to_total(dice: int, total: int) -> int:
    from .core import dice_sum_counts

    return int(dice_sum_counts(dice)[total])


def _fewest_dice_beating(target: int) -> int:
    from fractions import Fraction

    from .core import dice_sum_counts

    dice = 1
    while Fraction(sum(dice_sum_counts(dice)[target + 1:]), 6 ** dice) <= Fraction(1, 2):
        dice += 1
    return dice


def _refusal_rule() -> str:
    from .core import dice_sum_counts
    from .core.errors import RuleError

    try:
        dice_sum_counts(2, sides=0)
    except RuleError as err:
        return err.rule
    raise AssertionError("dice_sum_counts(2, sides=0) was not refused")


BOOK = exercise_book(
    "start",
    Exercise(1, "How many of the 216 rolls of three dice total exactly 10?",
             answer=lambda: _ways_to_total(3, 10), kind=WholeNumber(),
             hint="dice_sum_counts(3) lists, for each total, how many of the 216 ordered rolls "
                  "give it; Groom Lake rolls dice against obstacles this way (GL-R22).",
             wrong={25: "Count every ordered roll: 1-4-5, 4-1-5 and 5-4-1 are different rolls "
                        "of three dice (GL-R22).",
                    10: "10 is the total; the question asks how many rolls make it "
                        "(dice_sum_counts(3), GL-R22)."},
             stronger="Look up the total in the list: dice_sum_counts(3)[10] (GL-R22).",
             explain="dice_sum_counts(3)[10] = {answer}, so P(10) = {answer}/216 = 1/8."),
    Exercise(2, "What is the smallest number of dice whose total beats 12 (is more than 12) "
                "more than half of the time?",
             answer=lambda: _fewest_dice_beating(12), kind=WholeNumber(),
             hint="A total beats 12 only when it is 13 or more (GL-R22): compare the chance for "
                  "each number of dice in turn.",
             wrong={3: "Three dice beat 12 only 56 times in 216, about a quarter of the time "
                       "(GL-R22).",
                    5: "Five dice beat 12 easily, but fewer already do so more than half of the "
                       "time (GL-R22).",
                    2: "Two dice can never total more than 12 (GL-R22)."},
             stronger="Work out the chance for 3 dice first, then for one die more, and so on, "
                      "until it passes 1/2 (GL-R22).",
             explain="3 dice beat 12 with 7/27 ≈ 0.26, {answer} dice with 287/432 ≈ 0.66."),
    Exercise(3, "Which rule id does the refusal of dice_sum_counts(2, sides=0) name?",
             answer=_refusal_rule,
             kind=Choice(("NB-ARG", "DD-R1", "GL-R20", "NB-RULE")),
             hint="A die with no sides breaks no game's rule: the refusal names one of the "
                  "package's own ids, which start with NB- (NB-DATA is a bad data file).",
             wrong={"GL-R20": "GL-R20 is a Groom Lake rule; a die with no sides breaks no "
                              "game's rule but the call's own arguments.",
                    "DD-R1": "DD-R1 is a Doppeldoppel rule; the problem is the argument "
                             "itself.",
                    "NB-RULE": "NB-RULE marks a bad rules object; here a plain argument of the "
                               "call is wrong."},
             stronger="Run dice_sum_counts(2, sides=0) and read the id at the start of the "
                      "error message.",
             explain="{answer} marks a bad argument to a doppelnb function, not a game rule."),
)
check = BOOK.check

__all__ = ["Chapter", "CHAPTERS", "course_table", "chapter_size", "minutes_for", "BOOK", "check"]
