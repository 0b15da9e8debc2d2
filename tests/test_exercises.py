"""The exercise checker of every chapter (issue 25): the engine's worked answer is accepted in
every spelling a student might use, a wrong answer gets a hint that cites the rule and never the
expected value, an attempt of the wrong kind or an unknown exercise number gets one sentence,
never a traceback.

The equivalent spellings are written here, from the kind each exercise declares, not taken from
the checker: the test says what a student may type, the checker must accept it.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import doppelnb
from doppelnb.core import exercises as core
from doppelnb.core.errors import BadInput
from doppelnb.core.exercises import (
    RULE_ID,
    Card,
    Choice,
    Exercise,
    Exercises,
    Items,
    Number,
    Player,
    Probability,
    Unreadable,
    WholeNumber,
    read_number,
)

# Chapter 0's book and every game's: a game without an exercises module fails here.
BOOKS = [importlib.import_module("doppelnb.course").BOOK] + [
    importlib.import_module(f"doppelnb.engines.{game}.exercises").BOOK for game in doppelnb.GAMES]
CASES = [pytest.param(book, e.number, id=f"{book.game}-{e.number}") for book in BOOKS for e in book]
# Attempts no exercise can read: each gets the sentence saying what to give instead.
UNREADABLE = (None, "", "asdf", {}, float("nan"), float("inf"), object(), True, "1/0", "1e99999",
              "x" * 10_000, b"27", range(10**100), "∞", "[]", "{}", print)
# ...and nonsense that some exercises can read, as a wrong answer.
NONSENSE = (*UNREADABLE, 10**100, -1, [], 10**5000)
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve").split()


def fresh(book: Exercises) -> Exercises:
    """A copy of the book with no wrong tries counted yet (the stronger hint counts them)."""
    return Exercises(book.game, book)


# -- equivalent spellings, written from the answer's kind ----------------------------------------
def spellings(kind: Any, answer: Any) -> list[Any]:
    """Every spelling of ``answer`` a student may give for an exercise of this kind."""
    if isinstance(kind, WholeNumber):
        n = int(answer)
        return [n, float(n), str(n), f" {n} ", f"{n}.0", Fraction(n), np.int64(n), np.float64(n),
                Decimal(n), f"'{n}'"]
    if isinstance(kind, Number):
        f = Fraction(answer)
        forms: list[Any] = [f, str(f), f" {f.numerator} / {f.denominator} ", float(f),
                            np.float64(f), f"{float(f):.4f}", f"{100 * float(f):.2f}%",
                            round(float(f), 3)]
        return forms + ([int(f)] if f.denominator == 1 else [])
    if isinstance(kind, Player):
        n = int(answer)
        return [n, str(n), f"P{n}", f"p{n}", f"player {n}", f"Player {n}", f" P {n} ",
                float(n), np.int64(n)]
    if isinstance(kind, Choice):
        s = str(answer)
        forms = [s, s.upper(), s.title(), f"  {s}  ", s.replace(" ", "  "), f"{s}."]
        forms += [alias for alias, option in kind.synonyms.items() if option == s]
        return forms + ([int(s)] if s.isdigit() else [])
    if isinstance(kind, Card):
        s = str(answer)
        number, suit = s[:-1], s[-1]
        names = [name for name, letter in kind.suits.items() if letter == suit]
        return [s, s.lower(), f"{number} {suit}", f" {s.lower()} ", f"{number} {suit.lower()}"] \
            + [f"{number} {name}" for name in names] + [f"{number}{name}" for name in names]
    if isinstance(kind, Items):
        items = list(answer)
        texts = [str(i) for i in items]
        forms = [items, tuple(items), ", ".join(texts), "[" + ", ".join(texts) + "]",
                 [spellings(kind.item, i)[1] for i in items]]
        if not kind.ordered:
            forms += [items[::-1], set(items), frozenset(items), " ".join(texts[::-1])]
        return forms
    raise AssertionError(f"no spellings written for {type(kind).__name__}")


# -- what would give the answer away -----------------------------------------------------------------
def _number_pattern(n: int) -> str:
    token = rf"(?<![\w.,/-]){n}(?!\w|[.,/]\d)"
    return token + (rf"|\b{NUMBER_WORDS[n]}\b" if 0 < n < len(NUMBER_WORDS) else "")


def giveaways(kind: Any, answer: Any) -> list[re.Pattern[str]]:
    """Patterns whose presence in a verdict's text would tell the expected answer."""
    if isinstance(kind, WholeNumber):
        return [re.compile(_number_pattern(int(answer)), re.I)]
    if isinstance(kind, Player):
        return [re.compile(rf"\b(?:p|player|seat)\s*{int(answer)}\b|{_number_pattern(int(answer))}",
                           re.I)]
    if isinstance(kind, Number):
        f = Fraction(answer)
        x = float(f)
        forms = [rf"(?<![\d.]){f.numerator}\s*/\s*{f.denominator}(?!\d)"]
        forms += [re.escape(d) + r"(?!\d)" for d in (f"{x:.2f}", f"{x:.3f}", f"{x:.4f}",
                                                     f"{100 * x:.1f}%")]
        if f.denominator == 1:
            forms.append(_number_pattern(int(f)))
        return [re.compile(p, re.I) for p in forms]
    if isinstance(kind, Choice):
        return [re.compile(rf"(?<![\w-]){re.escape(str(answer))}(?![\w])", re.I)]
    if isinstance(kind, Card):
        s = str(answer)
        names = [re.escape(n) for n, letter in kind.suits.items() if letter == s[-1]]
        return [re.compile(rf"(?<![\w-]){s[:-1]}\s*(?:{'|'.join([s[-1], *names])})(?!\w)", re.I)]
    raise AssertionError(f"no giveaways written for {type(kind).__name__}")


def gives_away(kind: Any, answer: Any, text: str) -> bool:
    if isinstance(kind, Items):  # naming every item of the answer is the answer
        items = list(answer)
        return bool(items) and all(any(p.search(text) for p in giveaways(kind.item, item))
                                   for item in items)
    hits = any(p.search(text) for p in giveaways(kind, answer))
    if hits and isinstance(kind, Choice):  # "answer with one of ..." lists every option alike
        return not all(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w])", text, re.I)
                       for o in kind.options)
    return hits


def near_misses(kind: Any, answer: Any) -> list[Any]:
    """Readable wrong answers close to the right one."""
    if isinstance(kind, (WholeNumber, Player)):
        return [int(answer) + d for d in (1, -1, 2, 10)]
    if isinstance(kind, Number):
        return [Fraction(answer) + Fraction(1, 10), float(answer) - 0.01, Fraction(answer) / 2]
    if isinstance(kind, Choice):
        return [o for o in kind.options if o != answer]
    if isinstance(kind, Card):
        return ["1" + str(answer)[-1], "10" + str(answer)[-1]]
    if isinstance(kind, Items):
        items = list(answer)
        return [items[:-1], items[1:], []]
    return []


# -- the worked answer, in every spelling ------------------------------------------------------
@pytest.mark.parametrize(("book", "number"), CASES)
def test_worked_answer_is_right_in_every_equivalent_spelling(book: Exercises, number: int):
    exercise, answer = book[number], book.answer(number)
    for spelling in spellings(exercise.kind, answer):
        verdict = fresh(book).check(number, spelling)
        assert verdict.right is True, f"{spelling!r} refused: {verdict.text}"


@pytest.mark.parametrize(("book", "number"), CASES)
def test_right_answer_is_explained_with_the_engines_own_answer(book: Exercises, number: int):
    """The explanation shows the answer the engine computes, never a copy typed into it."""
    exercise = book[number]
    assert "{answer}" in exercise.explain
    text = fresh(book).check(number, book.answer(number)).text
    assert text.startswith("Right. ") and core.display(book.answer(number)) in text


# -- wrong answers: a hint citing the rule, never the answer ---------------------------------------
@pytest.mark.parametrize(("book", "number"), CASES)
def test_each_known_wrong_answer_is_refused_with_its_hint_citing_a_rule(book: Exercises,
                                                                        number: int):
    exercise = book[number]
    assert RULE_ID.search(exercise.hint), f"the general hint cites no rule: {exercise.hint}"
    assert exercise.wrong, "each exercise declares at least one known wrong answer"
    for attempt, hint in exercise.wrong.items():
        verdict = fresh(book).check(number, attempt)
        assert verdict.right is False and verdict.text == f"Not yet. {hint}", attempt
        assert RULE_ID.search(hint), f"the hint for {attempt!r} cites no rule: {hint}"
    for _, hint in exercise.clues:
        assert RULE_ID.search(hint), hint


@pytest.mark.parametrize(("book", "number"), CASES)
def test_no_verdict_ever_shows_the_expected_answer(book: Exercises, number: int):
    """Wrong answers, near misses and nonsense, tried in a row so that the stronger hint shows
    too: the answer is in no text, repr or HTML, and a verdict holds nothing but its text."""
    exercise, answer = book[number], book.answer(number)
    kind = exercise.kind
    attempts = [*exercise.wrong, *near_misses(kind, answer), *NONSENSE,
                *near_misses(kind, answer)]
    session = fresh(book)
    texts = []
    for attempt in attempts:
        verdict = session.check(number, attempt)
        assert verdict.right is False, f"{attempt!r}: {verdict.text}"
        assert {f.name for f in dataclasses.fields(verdict)} == {"number", "right", "text"}
        assert repr(verdict) == f"Exercise {number}: {verdict.text}"
        assert verdict.text in verdict._repr_html_().replace("&quot;", '"').replace("&#x27;", "'")
        assert not gives_away(kind, answer, verdict.text), f"{attempt!r}: {verdict.text}"
        texts.append(verdict.text)
    if exercise.stronger:
        assert any("A stronger hint: " in t for t in texts)


@pytest.mark.parametrize(("book", "number"), CASES)
def test_an_attempt_of_the_wrong_kind_gets_one_sentence(book: Exercises, number: int):
    for attempt in UNREADABLE:
        verdict = fresh(book).check(number, attempt)
        assert verdict.right is False
        assert verdict.text.startswith("Not yet: ") and verdict.text.endswith(".")
        assert "\n" not in verdict.text and not re.search(r"[.!?]\s+[A-Z]", verdict.text), \
            verdict.text


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.game)
def test_unknown_exercise_number_is_one_sentence(book: Exercises):
    last = len(book)
    for number in (0, last + 1, 99, -1, "x", None, True, 1.5, 10**100, [], object()):
        verdict = book.check(number, 1)
        assert verdict.right is None and verdict.number is None
        assert verdict.text.startswith("There is no exercise ")
        assert verdict.text.endswith(f"the exercises are numbered 1 to {last}.")
        assert "\n" not in verdict.text and len(verdict.text) < 140
    assert book.check().right is None and "check(1, " in book.check().text
    assert fresh(book).check("1", book.answer(1)).right is True  # "1" and 1.0 are exercise 1
    assert fresh(book).check(1.0, book.answer(1)).right is True
    with pytest.raises(BadInput):  # the teacher's API still refuses a bad number at once
        book.answer(last + 1)


def test_unknown_exercise_names_the_books_numbers():
    from doppelnb.engines.doppeldoppel.exercises import check

    assert check(99, 1).text == ("There is no exercise 99 in this chapter: the exercises are "
                                 "numbered 1 to 7.")


# -- the attempt cell as shipped, live and exported ---------------------------------------------------
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.game)
def test_the_attempt_cell_as_shipped_says_what_to_do(book: Exercises, monkeypatch):
    monkeypatch.delenv("DOPPELNB_EXPORT", raising=False)
    verdict = book.check(1, ...)
    assert verdict.right is None and "replace ..." in verdict.text.lower()
    assert book.check(1).text == verdict.text


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.game)
def test_in_an_exported_page_the_checker_says_how_to_try_it_live(book: Exercises, monkeypatch):
    monkeypatch.setenv("DOPPELNB_EXPORT", "1")
    verdict = book.check(1, ...)
    assert verdict.right is None
    assert verdict.text == ("To check your answer, open this chapter live (make lab) or as an app "
                            "(make app) and run this cell.")
    assert fresh(book).check(1, book.answer(1)).right is True  # a real attempt is still judged


def test_the_core_reads_the_export_flag_without_ipywidgets():
    import subprocess
    import sys

    code = ("import os, sys; os.environ['DOPPELNB_EXPORT'] = '1'; "
            "from doppelnb.course import check; print(check(1).text); "
            "print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == [core.EXPORTED, "False"]


# -- the stronger hint ------------------------------------------------------------------------------
def _demo_book() -> Exercises:
    return Exercises("demo", [Exercise(
        1, "Three 1s and a single 2: what is the round score?", answer=lambda: 4,
        kind=WholeNumber(), hint="Score each number by its row (DD-R20).",
        wrong={5: "An odd number of 2s scores -2 each (DD-R20, DD-A13)."},
        stronger="Three 1s score +2 each (DD-R20).", explain="{answer}.")])


def test_the_stronger_hint_comes_from_the_third_wrong_try_and_a_right_answer_resets_it():
    book = _demo_book()
    texts = [book.check(1, attempt).text for attempt in (5, 6, "five", 7, 8)]
    assert texts[0] == "Not yet. An odd number of 2s scores -2 each (DD-R20, DD-A13)."
    assert texts[1] == "Not yet. Score each number by its row (DD-R20)."
    assert texts[2] == "Not yet: give a whole number, like 12."  # not a try at the question
    assert texts[3].endswith("A stronger hint: Three 1s score +2 each (DD-R20).")
    assert "A stronger hint" in texts[4]
    assert book.check(1, 4).right is True
    assert "A stronger hint" not in book.check(1, 6).text


def test_the_example_in_a_wrong_kind_sentence_is_never_the_answer():
    book = Exercises("demo", [Exercise(1, "?", answer=lambda: 12, kind=WholeNumber(),
                                       hint="(NB-ARG)", explain="{answer}")])
    assert book.check(1, "twelve").text == "Not yet: give a whole number, like 5."
    p = Exercises("demo", [Exercise(1, "?", answer=lambda: Fraction(1, 4), kind=Probability(),
                                    hint="(NB-ARG)", explain="{answer}")])
    text = p.check(1, "a quarter").text
    assert "1/4" not in text and "0.25" not in text


# -- a checker that fails gives nothing away ----------------------------------------------------------
def test_a_failing_checker_says_so_without_the_answer_or_a_traceback():
    def broken() -> int:
        raise ValueError("the answer is 42")

    book = Exercises("demo", [
        Exercise(1, "?", answer=broken, kind=WholeNumber(), hint="(NB-ARG)", explain="{answer}"),
        Exercise(2, "?", answer=lambda: "fortytwo", kind=WholeNumber(), hint="(NB-ARG)",
                 explain="{answer}")])
    for number in (1, 2):
        verdict = book.check(number, 41)
        assert verdict.right is None and "42" not in verdict.text and "forty" not in verdict.text
        assert verdict.text.startswith(f"The checker of exercise {number} failed")


# -- the verdict's picture -------------------------------------------------------------------------
def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_verdict_html_is_a_status_with_a_mark_and_words_in_accessible_contrast():
    book = _demo_book()
    for attempt, mark, word in ((4, "✓", "Right."), (5, "✗", "Not yet."), (..., "ⓘ", "Replace")):
        html = book.check(1, attempt)._repr_html_()
        assert 'role="status"' in html and mark in html and word in html
        assert 'aria-hidden="true"' in html  # the mark is decoration: the words say it
        for colour in re.findall(r"color:(#[0-9a-fA-F]{6})", html):
            ratio = (1.05) / (_luminance(colour) + 0.05)  # against a white page
            assert ratio >= 4.5, f"{colour} on white: {ratio:.2f}"


# -- the reading layer ------------------------------------------------------------------------------
@pytest.mark.parametrize("attempt", [27, 27.0, "27", " 27 ", "27.0", Fraction(27), np.int64(27),
                                     np.float32(27), Decimal("27"), "+27", "'27'", np.array(27),
                                     27.000000000001])
def test_a_whole_number_reads_from_every_numeric_spelling(attempt):
    assert WholeNumber().read(attempt) == 27


@pytest.mark.parametrize("attempt", [True, False, 27.5, "27,5", "2 7", "27 dice", "0x1b", None,
                                     "nan", "inf", float("nan"), "1e99999", "9" * 300, [27]])
def test_a_whole_number_refuses_what_is_not_one(attempt):
    with pytest.raises(Unreadable):
        WholeNumber().read(attempt)


def test_numbers_keep_whether_they_were_given_exactly():
    assert read_number("1/3") == (Fraction(1, 3), True)
    assert read_number(" 1 / 3 ") == (Fraction(1, 3), True)
    assert read_number("0.333").exact is False and read_number(1 / 3).exact is False
    assert read_number("33.3%").value == Fraction(333, 1000)
    assert read_number("64,260").value == 64260 and read_number("−2").value == -2
    kind = Probability(Fraction(1, 1000))
    third = kind.read(Fraction(1, 3))
    assert kind.same(kind.read(0.3333), third) and kind.same(kind.read("0.333"), third)
    assert not kind.same(kind.read(0.332), third)  # outside the stated tolerance
    assert not kind.same(kind.read("333/1000"), third)  # an exact fraction must be exact
    with pytest.raises(Unreadable, match="between 0 and 1"):
        kind.read(Fraction(4, 3))


def test_sympy_numbers_read_as_numbers():
    sympy = pytest.importorskip("sympy")
    assert read_number(sympy.Rational(1, 3)) == (Fraction(1, 3), True)
    assert WholeNumber().read(sympy.Integer(27)) == 27


def test_names_read_by_case_spacing_and_synonyms():
    kind = Choice(("next to the Team", "anywhere", "6"), synonyms={"adjacent": "next to the Team"})
    for attempt in ("Next to the team", "next-to-the-TEAM", "  next  to the team ", "adjacent"):
        assert kind.read(attempt) == "next to the Team"
    assert kind.read("Anywhere!") == "anywhere" and kind.read(6) == kind.read(6.0) == "6"
    for attempt in ("somewhere", True, None, 7):
        with pytest.raises(Unreadable):
            kind.read(attempt)
    with pytest.raises(BadInput):
        Choice(("a",), synonyms={"b": "c"})  # a synonym of no option is a mistake in the book


def test_players_read_as_numbers_or_names():
    kind = Player(4)
    for attempt in (3, "3", "P3", "p 3", "player 3", "Player 3", "seat 3", 3.0):
        assert kind.read(attempt) == 3
    for attempt in (0, 5, "P5", "P", "3C", True):
        with pytest.raises(Unreadable):
            kind.read(attempt)


def test_lists_read_in_any_container_and_ranges_as_a_card_prints_them():
    kind = Items(WholeNumber(), noun="totals")
    expected = frozenset({4, 5, 6, 7, 8})
    for attempt in ([4, 5, 6, 7, 8], (8, 7, 6, 5, 4), {4, 5, 6, 7, 8}, range(4, 9), "4-8",
                    "4 to 8", "4–8", "[4, 5, 6, 7, 8]", "4 5 6 7 8", np.arange(4, 9)):
        assert kind.read(attempt) == expected, attempt
    assert Items(WholeNumber(), ordered=True).read([2, 1]) == (2, 1)
    for attempt in ("", {4: 5}, b"45", range(10**100), [[4]], iter(range(1000))):
        with pytest.raises(Unreadable):
            kind.read(attempt)
