"""The exercises of the Doppelgänger Tricks chapter (``notebooks/02_doppelganger_tricks.ipynb``).

Each answer is computed by the engine; each checker says right, or wrong and why::

    from doppelnb.engines.doppelganger_tricks.exercises import check
    check(1, "4C")

>>> print(check(1, "4C").text)
Right. 9T and 9D annihilate (DT-R12); no ▲ card survives, so the highest number of any suit wins (DT-R13b): 4C.
>>> print(check(3, 5).text)
Not yet: the +3 card pays only for an exact forecast (DT-R16); here it is off by one.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import permutations
from typing import Any

from ...core.checks import show
from ...core.exercises import Exercise, exactly, exercise_book
from .analysis import annihilation_census, census_fractions
from .notation import PLAIN_SUITS, card, deck
from .rules import _resolve, legal_plays, resolve_trick, round_points
from .state import tricks_per_round

#: Exercise 1: the trick, leader first.
TRICK_1 = "9T 9D 4C 2S"
#: Exercise 2: the lead card and the follower's hand.
LEAD_2, HAND_2 = "5C", ("3C", "8T", "2D", "9S")


def _card_text(attempt: Any) -> str:
    if not isinstance(attempt, str):
        raise ValueError(f"give a card as text, such as '4C', not {show(attempt)}")
    return str(card(attempt.strip().upper()))


def _winner_1() -> str:
    result = resolve_trick(TRICK_1.split())
    return str(result.winning_card)


def _check_winner_1(attempt: Any) -> str | None:
    try:
        given = _card_text(attempt)
    except Exception:  # noqa: BLE001 - any unreadable attempt is simply wrong
        return "give the winning card as text, such as '4C'."
    expected = _winner_1()
    if given == expected:
        return None
    if given in ("9T", "9D"):
        return (f"{given} is annihilated: the led 9T and 9D (which counts as ▲) are the same suit "
                "and number (DT-R12), so both leave the trick.")
    if given == "2S":
        return ("once no ▲ card survives, every surviving card competes on its number (DT-R13b), "
                "and 4 beats 2.")
    return f"{given} is not in the trick {TRICK_1}."


def _legal_2() -> frozenset[str]:
    return frozenset(str(c) for c in legal_plays(list(HAND_2), card(LEAD_2).suit))


def _check_legal_2(attempt: Any) -> str | None:
    if isinstance(attempt, str):
        attempt = attempt.replace(",", " ").split()
    if not isinstance(attempt, Iterable) or isinstance(attempt, (bytes, dict)):
        return "give the playable cards as a list of texts, such as ['3C', '2D']."
    try:
        given = frozenset(_card_text(a) for a in attempt)
    except Exception:  # noqa: BLE001
        return "give the playable cards as a list of texts, such as ['3C', '2D']."
    expected = _legal_2()
    if given == expected:
        return None
    if given < expected and "2D" not in given:
        return "a doppelgänger is always allowed (DT-R9): 2D may be played too."
    if {"8T", "9S"} & given:
        return ("the hand holds 3C, a plain card of the lead suit ●, so off-suit plain cards are "
                "not allowed (DT-R9).")
    return f"the cards that may be played are not {', '.join(sorted(given)) or 'none'}."


def _points_3() -> int:
    return round_points(2, 3, ("+1", "+3"))


def _check_points_3(attempt: Any) -> str | None:
    expected = _points_3()
    if type(attempt) is int and attempt == expected:
        return None
    if type(attempt) is int and attempt in (5, 6, 7):
        return "the +3 card pays only for an exact forecast (DT-R16); here it is off by one."
    if type(attempt) is int and attempt == 1:
        return "the +1 card adds its point whatever the forecast did (DT-R16)."
    return exactly(expected)(attempt)


def _lead_annihilated_4() -> Fraction:
    return census_fractions(4)["lead_annihilated"]


def _check_fraction_4(attempt: Any) -> str | None:
    expected = _lead_annihilated_4()
    if isinstance(attempt, bool) or not isinstance(attempt, (int, float, Fraction)):
        return "give a probability: a Fraction such as Fraction(1, 7), or a number."
    if attempt != attempt:  # NaN
        return "give a probability, not NaN."
    if isinstance(attempt, (int, Fraction)) and Fraction(attempt) == expected:
        return None
    if isinstance(attempt, float) and abs(attempt - float(expected)) < 5e-4:
        return None
    if isinstance(attempt, (int, Fraction, float)) and abs(float(attempt) - 1 / 39) < 1e-3:
        return ("that is one follower's chance; there are 3 followers, each of whom may hold the "
                "one partner card.")
    return f"{attempt} is not it: count the followers and the cards they are drawn from."


def _no_winner_3() -> int:
    return annihilation_census(3)["no_winner"]


def _ratio_6() -> int:
    """Count, over every ordered 3-card trick of a small deck (numbers 1-4), how often 2D and
    how often 2C is annihilated (DT-R12): the ratio is exact."""
    hits = {"2D": 0, "2C": 0}
    pack = [c for c in deck(3) if c.number <= 4]
    for trick in permutations(pack, 3):
        lead = trick[0]
        for declared in (PLAIN_SUITS if lead.suit == "D" else (None,)):
            result = _resolve(trick, declared, declared or lead.suit)
            for i in result.annihilated:
                if str(trick[i]) in hits:
                    hits[str(trick[i])] += 1
    ratio = Fraction(hits["2D"], hits["2C"])
    return int(ratio) if ratio.denominator == 1 else round(ratio)


def _game_tricks_7() -> int:
    return 3 * tricks_per_round(3)


BOOK = exercise_book(
    "doppelganger_tricks",
    Exercise(1, f"The trick {TRICK_1} is played (9T leads). Which card wins it?",
             answer=_winner_1, check=_check_winner_1,
             explain="9T and 9D annihilate (DT-R12); no ▲ card survives, so the highest number "
                     "of any suit wins (DT-R13b): 4C.",
             wrong=("9T", "9D", "2S", "7C")),
    Exercise(2, f"{LEAD_2} is led. You hold {' '.join(HAND_2)}. Which cards may you play?",
             answer=lambda: sorted(_legal_2()), check=_check_legal_2,
             explain="holding 3C you must follow ● with a ● card or a doppelgänger (DT-R9).",
             wrong=(["3C"], ["3C", "2D", "8T", "9S"], ["8T"], "3C")),
    Exercise(3, "You forecast 2, win 3 tricks and hold both bonus cards. What is your round "
                "score?", answer=_points_3, check=_check_points_3,
             explain="off by one scores 1 (DT-R18), the +1 card adds 1, the +3 card needs an "
                     "exact forecast (DT-R16): 2.",
             wrong=(5, 6, 1, "2")),
    Exercise(4, "With 4 players, what is the exact chance that the lead card of a random trick "
                "is annihilated?", answer=_lead_annihilated_4, check=_check_fraction_4,
             explain="exactly one of the other 39 cards annihilates the lead card, and 3 of them "
                     "are drawn: 3/39 = 1/13.",
             wrong=(Fraction(1, 39), Fraction(3, 40), 0.5, "1/13")),
    Exercise(5, "How many of the 64,260 possible 3-player tricks have no winner?",
             answer=_no_winner_3, check=exactly(0, hint="A pair takes 2 of the 3 cards, and a "
                                                        "lone card always survives."),
             explain="annihilation removes cards in pairs; 3 cards always leave one survivor.",
             wrong=(1, 3240, 64260)),
    Exercise(6, "Over all possible tricks, how many times as often is a doppelgänger card "
                "annihilated as one plain card of the same number?", answer=_ratio_6,
             check=exactly(3, hint="Each annihilation removes one D card and one plain card of "
                                   "its number; how many plain cards share that number?"),
             explain="every annihilation takes one D card and one of the three plain cards of "
                     "its number, alike by symmetry: exactly 3 times.",
             wrong=(1, 2, 4)),
    Exercise(7, "How many tricks does a whole 3-player game have (counting no-winner tricks)?",
             answer=_game_tricks_7, check=exactly(36, hint="12 cards each, 3 rounds."),
             explain="12 tricks a round (DT-R17), as many rounds as players (DT-R20): 36.",
             wrong=(12, 30, 40)),
)

#: ``check(number, attempt)``: the notebook's attempt cells call this.
check = BOOK.check

__all__ = ["BOOK", "check", "TRICK_1", "LEAD_2", "HAND_2"]

