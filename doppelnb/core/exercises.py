"""Exercises with answers a notebook can check, without ever giving the answer away.

Each game's ``exercises`` module holds an :class:`Exercises` book: numbered questions, a worked
answer the engine computes (``answer``), the *kind* of answer it is, and hints tied to the rules.
A chapter asks the question, gives the student an attempt cell, and keeps the worked answer in a
cell tagged ``answer`` after it (folded in the teacher's edition, absent from the student's)::

    from doppelnb.engines.doppeldoppel.exercises import check
    check(1, ...)            # replace ... with your answer

One reading layer serves every exercise. The kind turns an attempt into one canonical value, so
``27``, ``27.0``, ``"27"``, ``" 27 "``, ``Fraction(27)`` and ``numpy.int64(27)`` are the same
answer, and so are ``"Red"``, ``"red"`` and ``"R"``:

- :class:`WholeNumber`: a count or a score;
- :class:`Number`: a fraction or a decimal within a stated tolerance (:func:`Probability` adds
  "between 0 and 1");
- :class:`Player`: a player's number, also written ``"P3"`` or ``"player 3"``;
- :class:`Choice`: one of a few named options, by case, spacing and synonyms;
- :class:`Card`: a card in the game's notation (``"4c"``, ``"4 C"``, ``"4 circle"``);
- :class:`Items`: a list or set of any of these, in order or not.

(The kinds live in :mod:`doppelnb.core.answers`; this module names them too.)

What the checker says, and never says:

- a right answer: "Right." and the worked explanation;
- a wrong answer: "Not yet." and a hint that cites the rule (a specific one for a known mistake,
  else the exercise's general hint); from the third wrong try on, a stronger hint too. Never the
  expected value, in the text or anywhere else in the :class:`Verdict`;
- an attempt of the wrong kind: one sentence saying what to give ("give a whole number, like
  12"), with an example that is never the answer;
- an unknown exercise number: one sentence, not a traceback;
- ``...`` (the attempt cell as shipped): how to run it, or in an exported page, where nothing
  runs, how to open the chapter live.

>>> book = Exercises("demo", [Exercise(
...     1, "Three 1s and a single 2: what is the round score?", answer=lambda: 4,
...     kind=WholeNumber(), hint="Score each number of the pile by its row (DD-R20).",
...     wrong={5: "An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13)."},
...     stronger="Three 1s score +2 each; then look up an odd count of 2s (DD-A13).",
...     explain="three 1s score +6 and a single 2 scores -2: {answer}.")])
>>> print(book.check(1, "4.0").text)
Right. three 1s score +6 and a single 2 scores -2: 4.
>>> print(book.check(1, 5).text)
Not yet. An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13).
>>> print(book.check(1, 6).text)
Not yet. Score each number of the pile by its row (DD-R20).
>>> print(book.check(1, 7).text)
Not yet. Score each number of the pile by its row (DD-R20). A stronger hint: Three 1s score +2 each; then look up an odd count of 2s (DD-A13).
>>> print(book.check(1, "four").text)
Not yet: give a whole number, like 12.
>>> book.check(1)
Exercise 1: Replace ... with your answer, then run the cell again.
>>> book.check(9, 1)
There is no exercise 9 in this chapter: the only exercise is number 1.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .answers import (
    AnswerKind,
    Card,
    Choice,
    Items,
    Number,
    Player,
    Probability,
    Reading,
    Unreadable,
    WholeNumber,
    _whole,
    display,
    read_number,
    words,
)
from .checks import check_choice, check_int, show
from .render import tag

#: The environment variable the explainers' export sets in the kernels it runs.
EXPORT_ENV = "DOPPELNB_EXPORT"
#: A rule id as the hints cite them: a digest id (``DD-R20``, ``DT-R13b``, ``GL-E6``) or the
#: package's own (``NB-ARG``).
RULE_ID = re.compile(r"\b(?:DD|DT|GL|DB|DQ)-[RAET]\d+[a-z]?\b|\bNB-[A-Z]+\b")
#: The stronger hint joins the text from this many earlier wrong tries on (the third wrong try).
STRONGER_AFTER = 2

EXPORTED = ("To check your answer, open this chapter live (make lab) or as an app (make app) "
            "and run this cell.")


def _exporting() -> bool:
    """Whether this kernel runs for an exported page, where no cell will run again.

    Read from the environment directly (not through ``doppelnb.widgets.offline``), so the core
    never imports ipywidgets.
    """
    return os.environ.get(EXPORT_ENV, "") == "1"


#: A specific hint: a test on the reading of a wrong attempt, and the hint it earns.
Clue = tuple[Callable[[Any], bool], str]

@dataclass(frozen=True, slots=True, eq=False)
class Exercise:
    """One numbered question, its worked answer (computed by the engine) and its hints.

    ``explain`` is shown with a right answer; ``{answer}`` in it stands for the engine's answer,
    so the explanation never holds a copy of it. ``hint`` is the general hint on a wrong answer
    and cites the rule id; ``wrong`` maps known
    wrong answers (any spelling the kind reads; lists as tuples) to their own hint; ``clues``
    gives hints for kinds of mistakes; ``stronger`` joins the hint from the third wrong try on.
    No hint may give the answer away (``tests/test_exercises.py`` checks every one of them).
    """

    number: int
    question: str
    answer: Callable[[], Any]
    kind: AnswerKind
    hint: str
    explain: str = ""
    wrong: Mapping[Any, str] = field(default_factory=dict)
    clues: tuple[Clue, ...] = ()
    stronger: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "wrong", MappingProxyType(dict(self.wrong)))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :meth:`Exercises.check` says: ``right`` is True, False, or None when there was
    nothing to judge (``...``, an unknown exercise); ``text`` is one or two plain sentences.

    It holds nothing else: never the expected answer, nor the attempt.
    """

    number: int | None
    right: bool | None
    text: str

    def _repr_html_(self) -> str:
        # A mark and a word, not colour alone; dark text on white, a coloured bar beside it.
        mark, colour = {True: ("✓", "#1b7837"), False: ("✗", "#b2182b"),
                        None: ("ⓘ", "#3b4a5a")}[self.right]
        label = f"Exercise {self.number}" if self.number is not None else "Exercises"
        return str(tag(
            "p", tag("span", mark, aria_hidden="true", style=f"color:{colour};font-weight:bold"),
            " ", tag("b", label), " · ", self.text, role="status",
            class_="doppelnb-verdict",
            style=f"color:#1a1a1a;border-left:4px solid {colour};padding:2px 0 2px 8px"))

    def __repr__(self) -> str:
        return self.text if self.number is None else f"Exercise {self.number}: {self.text}"

    def __bool__(self) -> bool:
        return bool(self.right)


class Exercises:
    """A chapter's numbered exercises.

    The book remembers how many wrong tries each exercise has had in this session (the stronger
    hint needs it); a right answer starts the count again.
    """

    def __init__(self, game: str, items: Iterable[Exercise]):
        self.game = game
        self.items = {e.number: e for e in items}
        self._expected: dict[int, tuple[Any, str]] = {}
        self._misses: Counter[int] = Counter()

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.items.values())

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, number: int) -> Exercise:
        if type(number) is not int:  # 1.0 or True is not an exercise number
            check_int(number, "number", 1, len(self.items))
        return self.items[check_choice(number, "number", tuple(self.items))]

    def answer(self, number: int) -> Any:
        """The worked answer of exercise ``number``, as the engine computes it."""
        return self[number].answer()

    def _expected_of(self, exercise: Exercise) -> tuple[Any, str]:
        """The answer as the kind reads it, and as the explanation shows it (``{answer}``)."""
        if exercise.number not in self._expected:  # computed on first use: imports stay light
            raw = exercise.answer()
            self._expected[exercise.number] = (exercise.kind.read(raw), display(raw))
        return self._expected[exercise.number]

    def _find(self, number: Any) -> Exercise | None:
        try:
            return self.items.get(_whole(number)) if not isinstance(number, bool) else None
        except Exception:  # noqa: BLE001 - any other value is simply not an exercise number
            return None

    def _no_such(self, number: Any) -> Verdict:
        numbers_ = sorted(self.items)
        given = show(number, 24)
        if len(numbers_) == 1:
            which = f"the only exercise is number {numbers_[0]}"
        else:
            which = f"the exercises are numbered {numbers_[0]} to {numbers_[-1]}"
        return Verdict(None, None, f"There is no exercise {given} in this chapter: {which}.")

    def check(self, number: Any = ..., attempt: Any = ...) -> Verdict:
        """Say whether ``attempt`` answers exercise ``number``, and if not, give a hint."""
        if number is ...:
            return Verdict(None, None, "Give the exercise's number and your answer, like "
                                       "check(1, 12).")
        exercise = self._find(number)
        if exercise is None:
            return self._no_such(number)
        n = exercise.number
        if attempt is ...:
            if _exporting():
                return Verdict(n, None, EXPORTED)
            return Verdict(n, None, "Replace ... with your answer, then run the cell again.")
        try:
            return self._judge(exercise, attempt)
        except Exception as exc:  # noqa: BLE001 - a bug must not show the answer or a traceback
            return Verdict(n, None, f"The checker of exercise {n} failed ({type(exc).__name__}); "
                                    "please report this.")

    def _judge(self, exercise: Exercise, attempt: Any) -> Verdict:
        n, kind = exercise.number, exercise.kind
        expected, shown = self._expected_of(exercise)
        try:
            given = kind.read(attempt)
        except Exception as exc:  # noqa: BLE001 - a student's attempt may be anything
            reason = exc.reason if isinstance(exc, Unreadable) else ""
            return Verdict(n, False, f"Not yet: {reason}{kind.ask(expected)}")
        if kind.same(given, expected):
            self._misses[n] = 0
            return Verdict(n, True, "Right. " + exercise.explain.replace("{answer}", shown))
        self._misses[n] += 1
        text = f"Not yet. {self._hint(exercise, given)}"
        if exercise.stronger and self._misses[n] > STRONGER_AFTER:
            text += f" A stronger hint: {exercise.stronger}"
        return Verdict(n, False, text)

    @staticmethod
    def _hint(exercise: Exercise, given: Any) -> str:
        kind = exercise.kind
        for known, hint in exercise.wrong.items():
            if kind.same(given, kind.read(known)):
                return hint
        for applies, hint in exercise.clues:
            if applies(given):
                return hint
        return exercise.hint


def exercise_book(game: str, *items: Exercise) -> Exercises:
    """Build a game's book, numbers 1, 2, ... in order."""
    numbers_ = [e.number for e in items]
    if numbers_ != list(range(1, len(items) + 1)):
        raise ValueError(f"{game}: exercises must be numbered 1..{len(items)}, got {numbers_}")
    return Exercises(game, items)


__all__ = ["Exercise", "Exercises", "Verdict", "exercise_book", "AnswerKind", "WholeNumber",
           "Number", "Probability", "Player", "Choice", "Card", "Items", "Reading", "Unreadable",
           "read_number", "words", "display", "RULE_ID", "STRONGER_AFTER", "EXPORT_ENV", "EXPORTED"]
