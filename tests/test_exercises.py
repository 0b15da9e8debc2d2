"""Every exercise's worked answer passes its checker, and the wrong attempts it lists fail with a
reason; odd attempts never crash the checker (issue 14)."""

from __future__ import annotations

import importlib

import pytest

import doppelnb
from doppelnb.core.errors import BadInput
from doppelnb.core.exercises import Exercises

# Chapter 0's book and every game's: a game without an exercises module fails here.
BOOKS = [importlib.import_module("doppelnb.course").BOOK] + [
    importlib.import_module(f"doppelnb.engines.{game}.exercises").BOOK for game in doppelnb.GAMES]
CASES = [pytest.param(book, e.number, id=f"{book.game}-{e.number}") for book in BOOKS for e in book]


@pytest.mark.parametrize(("book", "number"), CASES)
def test_worked_answer_is_right_and_listed_mistakes_are_not(book: Exercises, number: int):
    exercise = book[number]
    assert book.check(number, book.answer(number)).right is True
    assert exercise.wrong, "each exercise lists at least one wrong attempt"
    for attempt in exercise.wrong:
        verdict = book.check(number, attempt)
        assert verdict.right is False and len(verdict.text) > len("Not yet: ")


@pytest.mark.parametrize(("book", "number"), CASES)
def test_odd_attempts_get_a_verdict_not_a_crash(book: Exercises, number: int):
    for attempt in (None, "", [], {}, object(), float("nan"), 10**100):
        assert book.check(number, attempt).right in (False, True)
    assert book.check(number).right is None


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.game)
def test_unknown_exercise_number_is_bad_input(book: Exercises):
    for number in (0, len(book) + 1, "1", 1.0, True):
        with pytest.raises(BadInput):
            book.check(number, 1)
