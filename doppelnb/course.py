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
from typing import Any

from .core.exercises import Choice, Exercise, WholeNumber, exercise_book
from .core.render import FONT, PALETTE, Html, Svg, side_by_side, table, tag, to_markup

WORDS_PER_MINUTE = 120
"""Study pace: prose read with its pictures and tables, slower than plain reading."""
MINUTES_PER_EXERCISE = 5


@dataclass(frozen=True)
class Chapter:
    number: int
    game: str  # the record name, a key of doppelnb.GAMES ("" for the start page)
    notebook: str
    title: str
    play: str  # the game, in one line
    method: str  # the analysis a designer learns from it
    needs: str  # what to have done first
    question: str = ""  # the question the chapter opens with


START = Chapter(0, "", "00_start_here.ipynb", "Start here",
                "no game yet: how the course works, and exact dice odds",
                "counting every roll of the dice; looking a rule up; the exercise checker",
                "none",
                "What can five small games about doppelgängers teach a game designer?")

CHAPTERS: tuple[Chapter, ...] = (
    Chapter(1, "doppeldoppel", "01_doppeldoppel.ipynb", "Doppeldoppel",
            "trick-taking where equal numbers collide and vanish, a 3 turns strength upside "
            "down, and sets of numbers score",
            "exact counting over every deal and trick; reading a scoring table; what a rule's "
            "two readings change",
            "chapter 0",
            "What happens when two players play the same number?"),
    Chapter(2, "doppelganger_tricks", "02_doppelganger_tricks.ipynb", "Doppelgänger Tricks",
            "bid exactly the tricks you will win while doppelgänger cards annihilate their twins",
            "an exact census of every trick, with a sympy closed form; forecasting as expected "
            "value; simulation with 95% intervals",
            "chapter 1 (trick-taking)",
            "What if a card's twin can wipe it out?"),
    Chapter(3, "groom_lake", "03_groom_lake.ipynb", "Groom Lake",
            "escape across a desert laid tile by tile, rolling dice to clear obstacles, with a "
            "traitor in the Team",
            "the board as a graph (shortest paths to START); exact dice odds; hidden roles",
            "chapter 0 (dice odds)",
            "Can the Team get out of the desert before the doppelgänger gives them away?"),
    Chapter(4, "doppel_doubt", "04_doppel_doubt.ipynb", "Doppel Doubt",
            "anonymous teams claim a 17×17 board with polyominoes, and nobody knows who is on "
            "whose side",
            "enumerating shapes (one-sided polyominoes); judging a placement; deduction from "
            "what is seen",
            "none",
            "How do you claim a board when nobody knows who is on your side?"),
    Chapter(5, "doppelganger_quest", "05_doppelganger_quest.ipynb", "Doppelgänger quest",
            "cooperative quests with hidden traitors and dice drawn from a Bag of Holding",
            "draws from a bag (hypergeometric odds); what a hidden role can do unseen; balance "
            "by seeded simulation",
            "chapter 3 (hidden roles)",
            "Can a party finish its quests with a traitor among them?"),
)


def minutes_for(*, words: int, exercises: int) -> int:
    """Study time: ``words`` of prose at :data:`WORDS_PER_MINUTE` plus
    :data:`MINUTES_PER_EXERCISE` per exercise, rounded up to 5 minutes."""
    raw = words / WORDS_PER_MINUTE + MINUTES_PER_EXERCISE * exercises
    return max(5, 5 * math.ceil(raw / 5))


def chapter_size(chapter: Chapter, notebooks: dict[str, bytes] | None = None) -> tuple[int, int]:
    """(words of prose, exercises) of the shipped notebook of ``chapter``.

    The words are what a student reads: the markdown cells, without the HTML of rule tags and
    glossary links (their tooltips are attributes, not prose) and without the worked answers
    (tagged ``answer``: the student's edition has none, and the minutes per exercise cover them).
    The exercises are counted in the chapter itself, as the exercise numbers its
    ``check(N, ...)`` cells take (``tests/test_chapters.py`` checks that these are exactly the
    numbers of the game's exercise book), so the course index does not import all five engines
    to count them. ``notebooks``: the shipped notebooks by file name, if already read.
    """
    from .cli import shipped_notebooks

    notebooks = shipped_notebooks() if notebooks is None else notebooks
    cells = json.loads(notebooks[chapter.notebook])["cells"]
    prose = [c for c in cells if c["cell_type"] == "markdown"
             and "answer" not in c.get("metadata", {}).get("tags", [])]
    text = "\n".join("".join(c["source"]) for c in prose)
    words = len(re.sub(r"<[^>]*>", " ", text).split())
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    exercises = len(set(re.findall(r"\bcheck\((\d+)\s*,", code)))
    return words, exercises


def chapter_minutes(chapter: Chapter, notebooks: dict[str, bytes] | None = None) -> int:
    """The one lesson length of ``chapter``, computed from the shipped notebook."""
    words, exercises = chapter_size(chapter, notebooks)
    return minutes_for(words=words, exercises=exercises)


def course_table() -> Html:
    """The course index: each chapter (this start page first), what it teaches, what it needs
    first, its exercises and its minutes."""
    from .cli import shipped_notebooks

    notebooks = shipped_notebooks()
    rows: list[list[object]] = []
    total = 0
    for c in (START, *CHAPTERS):
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


# -- the start page's pictures --------------------------------------------------------------------

def _doppeldoppel_picture() -> Any:
    from .engines import doppeldoppel as dd

    return dd.resolve_trick(["Y5", "Y6", "B5", "Y3"]).to_svg(
        title="P1 leads Y5; the others play Y6, B5, Y3")


def _tricks_picture() -> Any:
    from .engines import doppelganger_tricks as dt
    from .engines.doppelganger_tricks.render import trick_svg

    return trick_svg(dt.resolve_trick(["6T", "6D", "9T", "2T"]),
                     title="the doppelgänger 6 meets the 6 that was led")


def _groom_lake_picture() -> Any:
    from .engines.groom_lake import examples, render

    return render.state_svg(examples.opening_desert(), distances=False, path=False,
                            title="Civilization lies two steps east")


def _doppel_doubt_picture() -> Any:
    from .core.state import play_to_end
    from .engines import doppel_doubt as db
    from .engines.doppel_doubt.render import board_svg

    final = play_to_end(db.new_game(seed=7), db.greedy_policy, seed=7)
    return board_svg(final.board, cell=20, title="the board after a whole match")


def _quest_picture() -> Any:
    from .engines import doppelganger_quest as dq
    from .engines.doppelganger_quest.render import quest_svg

    quest = dq.one_quest(players=5, seed=1, number=1)
    return quest_svg(next(s for s in quest if s.q is not None and s.q.outcome))


_PICTURES = {1: _doppeldoppel_picture, 2: _tricks_picture, 3: _groom_lake_picture,
             4: _doppel_doubt_picture, 5: _quest_picture}


def gallery() -> Html:
    """One moment of each game, drawn by its engine, captioned with its chapter's question."""
    figures = []
    for c in CHAPTERS:
        caption = tag("figcaption", tag("b", tag("a", f"{c.number} · {c.title}",
                                                 href=c.notebook)), ": ", c.question,
                      style="max-width:30em;margin-bottom:4px")
        figures.append(tag("figure", caption, Html(to_markup(_PICTURES[c.number]())),
                           style="margin:0"))
    return side_by_side(*figures, gap=24)


# -- the dice of the first count ------------------------------------------------------------------

#: Dice the start page's chart draws at most (6**6 rolls: still instant to count).
MAX_CHART_DICE = 6


def dice_chart(dice: int) -> Svg:
    """How many of the ``6**dice`` rolls give each total, as bars (drawn directly, without
    matplotlib, so each case of the start page's dice picker costs a millisecond)."""
    from .core import dice_sum_counts
    from .core.checks import check_int

    dice = check_int(dice, "dice", 1, MAX_CHART_DICE)
    counts = dice_sum_counts(dice)
    totals = list(range(dice, 6 * dice + 1))
    width, height, left, bottom, top = 520, 230, 52, 44, 30
    plot_w, plot_h = width - left - 12, height - top - bottom
    step = plot_w / len(totals)
    most = max(counts)
    title = f"the ways {dice} {'die' if dice == 1 else 'dice'} can total each number"
    svg = Svg(width, height, title=title, role="img")
    svg.text(width / 2, 16, title, size=13, anchor="middle", font_weight="bold")
    base = top + plot_h
    svg.line(left, base, left + plot_w, base, stroke="#444")
    svg.line(left, top, left, base, stroke="#444")
    for value in (0, most):
        y = base - plot_h * value / most
        svg.text(left - 5, y + 4, value, size=10, anchor="end")
    label_every = 1 if len(totals) <= 16 else 2 if len(totals) <= 26 else 5
    for i, total in enumerate(totals):
        h = plot_h * counts[total] / most
        x = left + i * step
        svg.rect(round(x + 1, 1), round(base - h, 1), round(step - 2, 1), round(h, 1),
                 fill=PALETTE[0])
        if total % label_every == 0 or label_every == 1:
            svg.text(round(x + step / 2, 1), base + 13, total, size=10, anchor="middle")
    svg.text(left + plot_w / 2, height - 8, "total of the dice", size=11, anchor="middle")
    svg.text(14, top + plot_h / 2, "rolls", size=11, anchor="middle",
             transform=f"rotate(-90 14 {top + plot_h / 2:g})")
    return svg


# -- the teacher's guide --------------------------------------------------------------------------

@dataclass(frozen=True)
class LessonPlan:
    """One lesson: what to play first (the chapter's ``play_hand``; ``play`` says how), the
    prediction to ask for, the question for the class, and where students stumble (rule ids in
    the texts become tags)."""

    chapter: int
    play: str
    predict: str
    ask: str
    stumble: str


LESSON_PLANS: tuple[LessonPlan, ...] = (
    LessonPlan(0, "nothing yet: look at the five pictures together, then read the course table",
               "which total of two dice is the most likely, before the count",
               "which of the five games looks hardest to balance, and why?",
               "a total that beats 12 is 13 or more; NB-ARG is the package's own id for a bad "
               "argument, not a game's rule"),
    LessonPlan(1, "in pairs: try a card the rules forbid and read the refusal, then save the "
                  "hand",
               "who wins the opening trick (Y5 led, then Y6, B5, Y3), before the picture",
               "which reading of the 3 would you print, and what would you measure to choose? "
               "(DD-A5, DD-A6)",
               "the lead colour stays when the leader's card collides (DD-R14a); a 3 reverses "
               "the any-colour fallback too (DD-R15); three 4s zero the whole round (DD-R20)"),
    LessonPlan(2, "forecast, play the round, then compare the forecast with the tricks won",
               "how often a trick sees an annihilation, before the exact count over every trick",
               "is a doppelgänger card good or bad to hold when you forecast?",
               "a followed doppelgänger counts as the suit led (DT-R10), so it and the led card "
               "of its number wipe each other out (DT-R12); a forecast of zero pays only if you "
               "win no trick at all (DT-R18)"),
    LessonPlan(3, "lead the Team for a round; note what you can see of the others, and whom "
                  "you would vote out",
               "do 3 dice beat a value of 10 more often than not? How often is there no Alien?",
               "is a game with no Alien in it a feature or a flaw?",
               "a total equal to the value fails (GL-R22); the path to START runs through "
               "Canyons (GL-R16, GL-E5); a tile goes beside the Team first, then at a corner, "
               "then anywhere (GL-R15)"),
    LessonPlan(4, "one round at ten seats, drafting a shape for a partner you do not know",
               "how many pentominoes there are when shapes may be turned but not mirrored",
               "with hidden partners, what would you draft, and how would you find your partner?",
               "shapes turn but never mirror (DB-R10a); a takeover needs more than half the "
               "shape on your own squares, half is not enough (DB-R13); the highest card "
               "claims first (DB-R11)"),
    LessonPlan(5, "the hero draft and the first Quest: can you tell who the Doppelgänger is?",
               "the chance that the two dice drawn from the Bag include the white one, before "
               "the exact odds",
               "how much can one hidden Doppelgänger sink a Quest without being seen?",
               "ping-pong never hands damage to the member hit last (DQ-R31); a Subdue Quest "
               "succeeds only inside its range (DQ-R12); a hero's death ends the game at once "
               "(DQ-R36)"),
)


def lesson_plans() -> Html:
    """The teacher's guide, one lesson per chapter: its minutes (computed from the chapter, as
    in :func:`course_table`), what to play first, what to predict, what to ask, where students
    stumble."""
    from .cli import shipped_notebooks
    from .rulebook import tag_ids

    notebooks = shipped_notebooks()
    chapters = {c.number: c for c in (START, *CHAPTERS)}
    blocks = []
    for plan in LESSON_PLANS:
        c = chapters[plan.chapter]
        words, exercises = chapter_size(c, notebooks)
        minutes = minutes_for(words=words, exercises=exercises)
        head = tag("div", tag("b", tag("a", f"{c.number} · {c.title}", href=c.notebook)),
                   f" (about {minutes} minutes, {exercises} exercises)")
        call = [tag("code", f'play_hand("{c.game}")'), " "] if c.game else []
        items = [tag("li", tag("b", "Play first:"), " ", *call, tag_ids(plan.play))]
        items += [tag("li", tag("b", label), " ", tag_ids(text))
                  for label, text in (("Predict:", plan.predict), ("Ask the class:", plan.ask),
                                      ("Where students stumble:", plan.stumble))]
        blocks.append(tag("div", head, tag("ul", *items, style="margin:2px 0 0 0"),
                          style="margin:0 0 10px 0"))
    return Html(tag("div", *blocks, style=f"{FONT};font-size:14px;max-width:60em"))


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


#: Exercise 1 counts the rolls of ``ROLL_DICE`` dice that total ``ROLL_TOTAL``; exercise 2 asks
#: for the fewest dice whose total beats ``TARGET`` more than half of the time.
ROLL_DICE, ROLL_TOTAL, TARGET = 3, 10, 12

BOOK = exercise_book(
    "start",
    Exercise(1, f"How many of the {6 ** ROLL_DICE} rolls of three dice total exactly "
                f"{ROLL_TOTAL}?",
             answer=lambda: _ways_to_total(ROLL_DICE, ROLL_TOTAL), kind=WholeNumber(),
             hint="dice_sum_counts(3) lists, for each total, how many of the ordered rolls "
                  "give it; Groom Lake rolls dice against obstacles this way (GL-R22).",
             wrong={25: "Count every ordered roll: 1-4-5, 4-1-5 and 5-4-1 are different rolls "
                        "of three dice (GL-R22).",
                    ROLL_TOTAL: f"{ROLL_TOTAL} is the total; the question asks how many rolls "
                                f"make it (dice_sum_counts(3), GL-R22)."},
             stronger=f"Look up the total in the list: dice_sum_counts(3)[{ROLL_TOTAL}] "
                      f"(GL-R22).",
             explain=f"dice_sum_counts(3)[{ROLL_TOTAL}] = {{answer}}: {{answer}} of the "
                     f"{6 ** ROLL_DICE} rolls."),
    Exercise(2, f"What is the smallest number of dice whose total beats {TARGET} (is more than "
                f"{TARGET}) more than half of the time?",
             answer=lambda: _fewest_dice_beating(TARGET), kind=WholeNumber(),
             hint=f"A total beats {TARGET} only when it is {TARGET + 1} or more (GL-R22): compare "
                  f"the chance for each number of dice in turn.",
             wrong={3: f"Three dice beat {TARGET} only about a quarter of the time (GL-R22).",
                    5: f"Five dice beat {TARGET} easily, but fewer already do so more than half "
                       f"of the time (GL-R22).",
                    2: f"Two dice can never total more than {TARGET} (GL-R22)."},
             stronger="Work out the chance for 3 dice first, then for one die more, and so on, "
                      "until it passes 1/2 (GL-R22).",
             explain=f"{{answer}} dice are the fewest whose total beats {TARGET} more than half "
                     f"of the time; one die fewer does it less than half of the time."),
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

__all__ = ["Chapter", "START", "CHAPTERS", "course_table", "chapter_size", "chapter_minutes",
           "minutes_for", "gallery", "dice_chart", "LessonPlan", "LESSON_PLANS", "lesson_plans", "BOOK", "check"]
