"""Exercises with answers a notebook can check.

Each game's ``exercises`` module holds an :class:`Exercises` book: numbered questions, a worked
answer the engine computes, and a checker that says right or wrong and why. A chapter asks the
question in markdown, folds the worked answer in an ``Answer:`` line (exported pages show it in a
``<details>`` fold), and gives the student an attempt cell::

    from doppelnb.engines.doppeldoppel.exercises import check
    check(1, ...)            # replace ... with your answer

>>> book = Exercises("demo", [Exercise(1, "What is 6 x 7?", answer=lambda: 42,
...                                    check=exactly(42), explain="six sevens are 42",
...                                    wrong=(41, "42"))])
>>> print(book.check(1, 42).text)
Right. six sevens are 42
>>> print(book.check(1, 41).text)
Not yet: expected 42, got 41.
>>> print(book.check(1).text)
Exercise 1: replace ... with your answer, then run the cell again.
>>> book.check(9, 1)
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: NB-ARG: number must be one of 1, got 9
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .checks import check_choice, check_int, show
from .render import Html, escape

Checker = Callable[[Any], "str | None"]
"""A checker returns None when the attempt is right, else one sentence saying why it is not."""


@dataclass(frozen=True)
class Exercise:
    """One numbered question, its worked answer (computed by the engine), and its checker."""

    number: int
    question: str
    answer: Callable[[], Any]
    check: Checker
    explain: str = ""
    wrong: tuple[Any, ...] = field(default=())
    """Attempts the checker must refuse (the tests hold every exercise to them)."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of :meth:`Exercises.check`: shown as a coloured line with a tick or a cross."""

    number: int
    right: bool | None
    text: str

    def _repr_html_(self) -> str:
        mark, colour = {True: ("✓", "#1b7837"), False: ("✗", "#b2182b"),
                        None: ("?", "#555555")}[self.right]
        return str(Html(f'<p role="status" style="color:{colour}"><b>{mark} Exercise '
                        f"{self.number}</b> · {escape(self.text)}</p>"))

    def __repr__(self) -> str:
        return f"Exercise {self.number}: {self.text}"

    def __bool__(self) -> bool:
        return bool(self.right)


class Exercises:
    """A game's numbered exercises."""

    def __init__(self, game: str, items: Iterable[Exercise]):
        self.game = game
        self.items = {e.number: e for e in items}

    def __iter__(self) -> Any:
        return iter(self.items.values())

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, number: int) -> Exercise:
        if type(number) is not int:  # 1.0 or True is not an exercise number
            check_int(number, "number", 1, len(self.items))
        return self.items[check_choice(number, "number", tuple(self.items))]

    def check(self, number: int, attempt: Any = ...) -> Verdict:
        """Say whether ``attempt`` answers exercise ``number``, and why not when it does not."""
        exercise = self[number]
        if attempt is ...:
            return Verdict(exercise.number, None,
                           f"Exercise {exercise.number}: replace ... with your answer, then run "
                           "the cell again.")
        try:
            problem = exercise.check(attempt)
        except Exception as exc:  # noqa: BLE001 - a student's attempt may be anything
            problem = f"that answer could not be read ({type(exc).__name__}: {exc})."
        if problem is None:
            return Verdict(exercise.number, True, f"Right. {exercise.explain}".strip())
        return Verdict(exercise.number, False, f"Not yet: {problem}")

    def answer(self, number: int) -> Any:
        """The worked answer of exercise ``number``, as the engine computes it."""
        return self[number].answer()


# -- checker builders ---------------------------------------------------------------------------
def _show(value: Any) -> str:
    return show(value) if not isinstance(value, Fraction) else str(value)


def exactly(expected: Any, *, hint: str = "") -> Checker:
    """Right when the attempt equals ``expected`` (same type family: 42 is not "42")."""

    def check(attempt: Any) -> str | None:
        same_kind = not (type(attempt) is bool and type(expected) is not bool) and not (
            isinstance(expected, (int, Fraction)) and not isinstance(attempt, (int, Fraction)))
        if same_kind and attempt == expected:
            return None
        return f"expected {_show(expected)}, got {_show(attempt)}." + (f" {hint}" if hint else "")

    return check


def one_of(options: Sequence[Any], expected: Any, *, why: dict[Any, str] | None = None) -> Checker:
    """A multiple choice: right when the attempt is ``expected``; ``why`` explains wrong options."""
    reasons = dict(why or {})

    def check(attempt: Any) -> str | None:
        if attempt == expected:
            return None
        if attempt not in options:
            return f"choose one of {', '.join(map(show, options))}."
        return str(reasons.get(attempt, f"{show(attempt)} is not it."))

    return check


def close_to(expected: float, *, tolerance: float = 0.005) -> Checker:
    """Right when the attempt is a number within ``tolerance`` of ``expected``."""

    def check(attempt: Any) -> str | None:
        if isinstance(attempt, bool) or not isinstance(attempt, (int, float, Fraction)):
            return f"give a number, got {show(attempt)}."
        if abs(float(attempt) - float(expected)) <= tolerance:
            return None
        return f"{float(attempt):.4g} is not within {tolerance} of the answer."

    return check


def exercise_book(game: str, *items: Exercise) -> Exercises:
    """Build a game's book, numbers 1, 2, ... in order."""
    numbers = [e.number for e in items]
    if numbers != list(range(1, len(items) + 1)):
        raise ValueError(f"{game}: exercises must be numbered 1..{len(items)}, got {numbers}")
    return Exercises(game, items)


__all__ = ["Exercise", "Exercises", "Verdict", "exactly", "one_of", "close_to", "exercise_book"]
