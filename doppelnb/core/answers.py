"""How an attempt at an exercise is read: the answer kinds of :mod:`doppelnb.core.exercises`.

A kind turns whatever a student typed into one canonical value (``27``, ``27.0``, ``"27"`` and
``Fraction(27)`` are the same answer; ``"Red"``, ``"red"`` and ``"R"`` too), says whether it matches
the expected one, and asks for the right kind of answer with an example that is never the answer.
"""

from __future__ import annotations

import math
import numbers
import operator
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from types import MappingProxyType
from typing import Any, NamedTuple

from .checks import check_choice

#: Attempts longer than this (text, lists) are not read: no answer is that long.
MAX_TEXT = 200
MAX_ITEMS = 100


class Unreadable(Exception):
    """An attempt that is not an answer of the exercise's kind (``reason``: why, or empty)."""

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason)
        self.reason = reason


# -- reading text and numbers -----------------------------------------------------------------
_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2010": "-",
                         "\u2011": "-", "_": "-"})
_QUOTES = "'\"`\u2018\u2019\u201c\u201d"


def _text(attempt: Any) -> str:
    """A string attempt made plain: Unicode-normalised, minus signs made ASCII, quotes and
    spaces around it removed. Raises :class:`Unreadable` for anything else or an absurd length."""
    if not isinstance(attempt, str):
        raise Unreadable
    if len(attempt) > MAX_TEXT:
        raise Unreadable
    text = unicodedata.normalize("NFKC", attempt).translate(_DASHES).strip()
    while len(text) >= 2 and text[0] in _QUOTES and text[-1] in _QUOTES:
        text = text[1:-1].strip()
    return text


def words(attempt: Any) -> str:
    """The words of a name, for comparing names: case, spacing, hyphens and a final full stop
    or question or exclamation mark do not matter.

    >>> words("  Next-to the_TEAM! ")
    'next to the team'
    """
    text = _text(attempt).casefold().rstrip(".!?").replace("-", " ")
    return " ".join(text.split())


_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d{1,3})?"
_WHOLE = re.compile(r"[+-]?\d+")
_THOUSANDS = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


class Reading(NamedTuple):
    """A number read from an attempt: its value and whether it was given exactly (an int, a
    Fraction, ``"1/3"``) or as a decimal approximation (a float, ``"0.333"``, ``"33.3%"``)."""

    value: Fraction
    exact: bool


def read_number(attempt: Any) -> Reading:
    """Read a number from any numeric type (not bool) or text.

    >>> read_number(" 1 / 3 "), read_number("33.3%").exact, read_number("64,260").value
    (Reading(value=Fraction(1, 3), exact=True), False, Fraction(64260, 1))
    """
    if isinstance(attempt, bool):
        raise Unreadable
    if isinstance(attempt, numbers.Integral):
        return Reading(Fraction(int(attempt)), True)
    if isinstance(attempt, numbers.Rational):
        return Reading(Fraction(int(attempt.numerator), int(attempt.denominator)), True)
    if isinstance(attempt, numbers.Real):
        real = float(attempt)
        if not math.isfinite(real):
            raise Unreadable
        return Reading(Fraction(real), False)
    if hasattr(attempt, "__index__") and not isinstance(attempt, str):  # a 0-d integer array
        try:
            return Reading(Fraction(operator.index(attempt)), True)
        except Exception:  # noqa: BLE001 - whatever it is, it is not a number
            raise Unreadable from None
    if type(attempt).__name__ == "Decimal":
        attempt = str(attempt)
    # Spaces may surround a sign, a fraction bar or a percent sign, not split a number: "2 7".
    text = re.sub(r"^([+-])\s+|\s*(/)\s*|\s+(%)$", r"\1\2\3", _text(attempt).casefold())
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    if _THOUSANDS.fullmatch(text):
        text = text.replace(",", "")
    parts = text.split("/")
    if len(parts) > 2 or percent and len(parts) > 1 or \
            not all(re.fullmatch(_NUMBER, p) for p in parts):
        raise Unreadable
    if len(parts) == 2:
        top, bottom = Fraction(parts[0]), Fraction(parts[1])
        if bottom == 0:
            raise Unreadable
        exact = all(_WHOLE.fullmatch(p) for p in parts)
        return Reading(top / bottom, exact)
    value = Fraction(text)
    if percent:
        return Reading(value / 100, False)
    return Reading(value, bool(_WHOLE.fullmatch(text)))


def _whole(attempt: Any) -> int:
    """A whole number from any spelling of it (27, 27.0, "27", Fraction(27)); a float a rounding
    error away from a whole number counts as that number."""
    value, exact = read_number(attempt)
    if value.denominator == 1:
        return int(value)
    nearest = round(value)
    if not exact and abs(value - nearest) <= Fraction(1, 10**9):
        return int(nearest)
    raise Unreadable


def display(value: Any) -> str:
    """An answer as an explanation shows it: ``5/4``, ``2D, 3C``, ``anywhere``.

    >>> display(Fraction(5, 4)), display(["3C", "2D"]), display(range(4, 7))
    ('5/4', '2D, 3C', '4, 5, 6')
    """
    if isinstance(value, (list, tuple, set, frozenset, range)):
        items = sorted(value, key=lambda v: (str(type(v)), v))
        return ", ".join(display(v) for v in items)
    return str(value)


def _quoted(options: Sequence[str]) -> str:
    shown = [f'"{o}"' for o in options]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


# -- the kinds of answer ------------------------------------------------------------------------
class AnswerKind:
    """How the answers of one exercise are read and compared.

    ``read`` turns an attempt into the kind's canonical value or raises :class:`Unreadable`;
    ``same`` compares two canonical values; ``ask`` is the one sentence for an attempt of the
    wrong kind, with an example that is never the expected answer.
    """

    __slots__ = ()

    def read(self, attempt: Any) -> Any:
        raise NotImplementedError

    def same(self, given: Any, expected: Any) -> bool:
        return bool(given == expected)

    def ask(self, expected: Any) -> str:
        raise NotImplementedError

    def _example(self, expected: Any, candidates: Sequence[str]) -> str:
        """The first candidate example that does not read as the expected answer."""
        for candidate in candidates:
            try:
                if not self.same(self.read(candidate), expected):
                    return candidate
            except Unreadable:
                continue
        return candidates[-1]  # pragma: no cover - the candidates differ from each other


@dataclass(frozen=True, slots=True)
class WholeNumber(AnswerKind):
    """A whole number: a count or a score (27, 27.0, "27", " 27 ", Fraction(27), numpy ints)."""

    def read(self, attempt: Any) -> int:
        return _whole(attempt)

    def ask(self, expected: Any) -> str:
        return f"give a whole number, like {self._example(expected, ('12', '5', '-3'))}."


@dataclass(frozen=True, slots=True)
class Number(AnswerKind):
    """A number given exactly (an int, a ``Fraction``, ``"5/4"``) or as a decimal (``1.25``,
    ``"1.25"``, ``"125%"``). Two exact numbers must be equal; a decimal must lie within
    ``tolerance`` of the answer. ``lo``/``hi`` bound what makes sense at all (a probability)."""

    tolerance: Fraction = Fraction(1, 1000)
    lo: Fraction | None = None
    hi: Fraction | None = None
    noun: str = "number"

    def read(self, attempt: Any) -> Reading:
        reading = read_number(attempt)
        if (self.lo is not None and reading.value < self.lo) or \
                (self.hi is not None and reading.value > self.hi):
            raise Unreadable(f"a {self.noun} lies between {self.lo} and {self.hi}; "
                             if self.lo is not None and self.hi is not None else "")
        return reading

    def same(self, given: Any, expected: Any) -> bool:
        if given.exact and expected.exact:
            return bool(given.value == expected.value)
        return bool(abs(given.value - expected.value) <= self.tolerance)

    def ask(self, expected: Any) -> str:
        pairs = (("1/4", "0.25"), ("2/7", "0.29"), ("3/5", "0.6"))
        exact, decimal = next((p for p in pairs if not any(
            self._close(self.read(x), expected) for x in p)), pairs[-1])
        return (f"give a fraction like {exact} (as text or a Fraction), or a decimal like "
                f"{decimal} within {float(self.tolerance):g} of the answer.")

    def _close(self, given: Reading, expected: Any) -> bool:
        return bool(abs(given.value - expected.value) <= 2 * self.tolerance + Fraction(1, 50))


def Probability(tolerance: Fraction = Fraction(1, 1000)) -> Number:  # noqa: N802 - reads as a kind
    """A probability: a :class:`Number` from 0 to 1."""
    return Number(tolerance, Fraction(0), Fraction(1), "probability")


@dataclass(frozen=True, slots=True)
class Player(AnswerKind):
    """A player's number from 1 to ``players``: ``3``, ``"3"``, ``"P3"``, ``"player 3"``."""

    players: int

    def read(self, attempt: Any) -> int:
        if isinstance(attempt, str):
            m = re.fullmatch(r"(?:p|player|seat)?\s*#?\s*(\d{1,3})", words(attempt))
            if not m:
                raise Unreadable
            attempt = m.group(1)
        number = _whole(attempt)
        if not 1 <= number <= self.players:
            raise Unreadable
        return number

    def ask(self, expected: Any) -> str:
        example = self._example(expected, tuple(str(p) for p in (2, 1, self.players)))
        return f"give the player's number from 1 to {self.players}, like {example}."


@dataclass(frozen=True, slots=True)
class Choice(AnswerKind):
    """One of a few named ``options``, whatever the case and spacing (``"Anywhere"``), or one of
    its ``synonyms`` (``{"r": "red"}``); a whole number reads as its digits (6 is ``"6"``)."""

    options: tuple[str, ...]
    synonyms: Mapping[str, str] = field(default_factory=dict)
    _table: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = {words(o): o for o in self.options}
        for alias, option in self.synonyms.items():
            check_choice(option, "a synonym's option", self.options)
            table.setdefault(words(alias), option)
        object.__setattr__(self, "_table", MappingProxyType(table))

    def read(self, attempt: Any) -> str:
        if not isinstance(attempt, str):
            attempt = str(_whole(attempt))
        try:
            return self._table[words(attempt)]
        except KeyError:
            raise Unreadable from None

    def ask(self, expected: Any) -> str:
        return f"answer with one of {_quoted(self.options)}."


@dataclass(frozen=True, slots=True)
class Card(AnswerKind):
    """A card as text in the game's notation, read by the engine's ``parse`` (which returns the
    card or raises): case and spaces do not matter, and ``suits`` maps suit names and symbols to
    the suit's letter (``{"circle": "C", "●": "C"}``; plurals are added)."""

    parse: Callable[[str], Any]
    suits: Mapping[str, str] = field(default_factory=dict)
    examples: tuple[str, ...] = ("7S", "2D")

    def read(self, attempt: Any) -> str:
        text = words(attempt)
        names = {words(k): v for k, v in self.suits.items()}
        names.update({k + "s": v for k, v in list(names.items()) if k.isalpha()})
        for name in sorted(names, key=len, reverse=True):
            text = re.sub(rf"(?<![a-z]){re.escape(name)}(?![a-z])", names[name], text)
        text = re.sub(r"\bof\b", "", text)
        try:
            return str(self.parse("".join(text.split()).upper()))
        except Exception:  # noqa: BLE001 - the engine's notation refused it: not a card
            raise Unreadable from None

    def ask(self, expected: Any) -> str:
        return f'give a card as text, like "{self._example(expected, self.examples)}".'


_RANGE = re.compile(r"(?<![\d.])(\d{1,4})\s*(?:-|to|\.\.)\s*(\d{1,4})(?![\d.])")


def _expand_range(m: re.Match[str]) -> str:
    lo, hi = int(m[1]), int(m[2])
    return ",".join(map(str, range(lo, hi + 1))) if 0 <= hi - lo <= MAX_ITEMS else m[0]


@dataclass(frozen=True, slots=True)
class Items(AnswerKind):
    """Several answers of the ``item`` kind: a list, tuple, set or range, or text with the items
    separated by commas (or spaces; whole numbers also as ``"4-8"``). Unless ``ordered``, the
    order and repeats do not matter."""

    item: AnswerKind
    noun: str = "items"
    ordered: bool = False
    examples: tuple[str, ...] = ()

    def read(self, attempt: Any) -> tuple[Any, ...] | frozenset[Any]:
        values = [self.item.read(v) for v in self._parts(attempt)]
        return tuple(values) if self.ordered else frozenset(values)

    def _parts(self, attempt: Any) -> list[Any]:
        if isinstance(attempt, str):
            text = _text(attempt).strip("[](){}")
            if isinstance(self.item, WholeNumber):
                # Whole numbers may come as a range, as a card prints it: "4-8", "4 to 8".
                text = _RANGE.sub(_expand_range, text.casefold())
                parts = [p for p in re.split(r"[,;\s]+", text) if p]
            else:
                parts = text.split(",") if "," in text else text.split()
            if not text or len(parts) > MAX_ITEMS:
                raise Unreadable
            return [p.strip() for p in parts]
        if isinstance(attempt, (bytes, bytearray, Mapping)) or not isinstance(attempt, Iterable):
            raise Unreadable
        try:
            items: Iterator[Any] = iter(attempt)
            parts = list(islice(items, MAX_ITEMS + 1))
        except Exception:  # noqa: BLE001 - a 0-d array or an object that refuses to iterate
            raise Unreadable from None
        if len(parts) > MAX_ITEMS:
            raise Unreadable
        return parts

    def ask(self, expected: Any) -> str:
        example = self._example(expected, self.examples) if self.examples else "[...]"
        return f"give the {self.noun} as a list, like {example}."


# -- exercises and verdicts ---------------------------------------------------------------------
"""A hint for a kind of mistake: a test on the attempt as read (its canonical value), and the
hint to give when it holds (``Items`` exercises: "a card is missing")."""


__all__ = ["AnswerKind", "WholeNumber", "Number", "Probability", "Player", "Choice", "Card", "Items",
           "Reading", "Unreadable", "read_number", "words", "display", "MAX_TEXT", "MAX_ITEMS"]
