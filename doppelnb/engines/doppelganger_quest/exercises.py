"""The chapter's exercises (notebooks/05_doppelganger_quest.ipynb), each answered by the engine.

>>> print(check(5, "bow").text)
Right. The draft cycles Sword, Bow, Staff from the Party Leader: picks 7 and 8 are Sword and Bow (DQ-R3).
>>> check(1, 243).right
False
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...core.checks import show
from ...core.exercises import Exercise, exactly, exercise_book, one_of
from .analysis import bag_white_probability, ff_probability, honest_black_probability
from .cards import WEAPONS
from .rules import draft_weapon, pingpong_sequences
from .state import State, new_game


def _fraction(expected: Fraction, *, hint: str = "") -> Callable[[Any], str | None]:
    """Right when the attempt is this exact fraction, or a float within 0.001 of it."""

    def check(attempt: Any) -> str | None:
        if isinstance(attempt, bool) or not isinstance(attempt, (int, float, Fraction)):
            return f"give a number such as Fraction(1, 3) or 0.333, not {show(attempt)}." + (
                f" {hint}" if hint else "")
        if isinstance(attempt, float) and abs(attempt - float(expected)) <= 0.001:
            return None
        if not isinstance(attempt, float) and Fraction(attempt) == expected:
            return None
        return f"{attempt} is not it." + (f" {hint}" if hint else "")

    return check


def _totals(expected: list[int]) -> Callable[[Any], str | None]:
    """Right when the attempt lists exactly these totals (a list, tuple, set or range)."""

    def check(attempt: Any) -> str | None:
        if not isinstance(attempt, (list, tuple, set, frozenset, range)):
            return "give the totals as a list, such as [4, 5, 6]."
        if any(isinstance(v, bool) or not isinstance(v, int) for v in attempt):
            return "every total is a whole number."
        got = sorted(set(attempt))
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        if not missing and not extra:
            return None
        parts = ([f"{missing} also succeed"] if missing else []) + (
            [f"{extra} do not" if len(extra) > 1 else f"{extra[0]} does not"] if extra else [])
        return "; ".join(parts) + " (both ends of a Subdue range count, DQ-E1)."

    return check


def griffin_totals() -> list[int]:
    """Every total from 0 to 20 that makes 'Subdue the Wild Griffin' succeed."""
    card = next(c for c in new_game(4, seed=0).cards.quests if c.name == "Subdue the Wild Griffin")
    return [t for t in range(21) if card.succeeds(t)]


def pool_before_discard(members: int = 5) -> int:
    """The pool's size before the random discard for a party of ``members`` players and no
    Rogue, counted in a 6-player game (the pool after the discard plus the discarded card)."""
    s: State = new_game(6, seed=6, pl=0)
    while s.phase == "draft":
        s = s.play([a for a in s.legal_actions() if a[1] != "Rogue"][-1])
    while s.phase == "pass":
        s = s.play(s.legal_actions()[0])
    s = s.play(("party", tuple(range(members)), False))
    discards = len(s.item_discard)
    while s.phase == "contribute":
        s = s.play(s.legal_actions()[0])
    assert s.q is not None
    return len(s.q.pool) + len(s.item_discard) - discards


BOOK = exercise_book(
    "doppelganger_quest",
    Exercise(1, "In how many different orders can 5 Damage markers fall on a party of 3 "
                "(the list of who takes each marker)?",
             answer=lambda: len(pingpong_sequences(["A", "B", "C"], 5)),
             check=exactly(48, hint="Count: anyone may take the first marker, then anyone but "
                                    "the last victim (DQ-R31)."),
             explain="3 choices for the first marker, then 2 for each of the other 4: "
                     "3·2⁴ = 48 (DQ-R31).",
             wrong=(243, 96, 10)),
    Exercise(2, "A Ring of Warding makes the bag 1 black + 2 white. A Doppelgänger draws two dice "
                "and wants to keep black. What is the chance they cannot?",
             answer=lambda: 1 - bag_white_probability(black=2, white=1, draw=2),
             check=_fraction(Fraction(1, 3), hint="They fail only when both drawn dice are "
                                                  "white."),
             explain="Both drawn dice are white in 1 of the C(3,2) = 3 equally likely draws: 1/3.",
             wrong=(Fraction(2, 3), 0.5, "1/3")),
    Exercise(3, "'Subdue the Wild Griffin' reads Subdue 4–8. Which totals make it succeed?",
             answer=griffin_totals, check=_totals([4, 5, 6, 7, 8]),
             explain="4, 5, 6, 7 and 8: both ends count, and 9 or more fails (DQ-R12, DQ-E1).",
             wrong=([5, 6, 7], [4, 5, 6, 7, 8, 9], "4-8")),
    Exercise(4, "The Party Leader takes four other players on a Quest (5 questing players, no "
                "Rogue). How many cards are in the pool before the random discard?",
             answer=pool_before_discard,
             check=exactly(7, hint="Each questing player throws in one card, then the PL adds "
                                   "two from the deck (DQ-R16)."),
             explain="5 contributed + 2 drawn = 7; then 6 after the random discard, 5 handed out "
                     "and 1 discarded unseen (DQ-R16).",
             wrong=(5, 6, 8)),
    Exercise(5, "In an 8-player game, what weapon must the 8th hero picked carry? Answer "
                "'sword', 'bow' or 'staff'.",
             answer=lambda: draft_weapon(8),
             check=one_of(WEAPONS, "bow",
                          why={"sword": "picks 1, 4 and 7 are Swords; count on one more.",
                               "staff": "picks 3 and 6 are Staffs; count on two more."}),
             explain="The draft cycles Sword, Bow, Staff from the Party Leader: picks 7 and 8 "
                     "are Sword and Bow (DQ-R3).",
             wrong=("sword", "staff", "Bow!")),
    Exercise(6, "An honest player keeps white whenever they draw it. What is the chance they "
                "show black on at least 2 of 3 weapon turns?",
             answer=lambda: honest_black_probability(2, 3),
             check=_fraction(Fraction(7, 27), hint="Each turn is black with chance 1/3; add "
                                                   "the cases with 2 and with 3 black."),
             explain="3·(1/3)²·(2/3) + (1/3)³ = 6/27 + 1/27 = 7/27 ≈ 0.26.",
             wrong=(Fraction(1, 9), Fraction(1, 27), 0.5)),
    Exercise(7, "What is the chance of friendly fire on one honest weapon turn with the standard "
                "bag and a six-sided die?",
             answer=lambda: ff_probability("good"),
             check=_fraction(Fraction(5, 18), hint="Keep white with chance 2/3 (hits a friend "
                                                   "on a 1); black otherwise (on 1, 2 or 3)."),
             explain="(2/3)·(1/6) + (1/3)·(3/6) = 1/9 + 1/6 = 5/18 ≈ 0.28 (DQ-R25).",
             wrong=(Fraction(1, 6), Fraction(1, 2), 0.25)),
)
check = BOOK.check

__all__ = ["BOOK", "check", "griffin_totals", "pool_before_discard"]
