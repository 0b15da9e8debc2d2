"""The chapter's exercises (notebooks/05_doppelganger_quest.ipynb), each answered by the engine,
each with the kind of answer it takes and hints tied to the rules (see
:mod:`doppelnb.core.exercises`).

>>> print(check(5, "Bow").text)
Right. The draft cycles Sword, Bow, Staff from the Party Leader: picks 7 and 8 carry a sword and a bow (DQ-R3).
>>> print(check(3, "4-8").right, check(3, range(4, 9)).right, check(1, 243).right)
True True False
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.exercises import Choice, Exercise, Items, Probability, WholeNumber, exercise_book
from .actions import PickHero
from .analysis import bag_white_probability, ff_probability, honest_black_probability
from .cards import WEAPONS
from .rules import draft_weapon, pingpong_sequences
from .state import State, new_game


def _missing_an_end(totals: Any) -> bool:
    return bool(totals) and (4 not in totals or 8 not in totals) and \
        all(4 <= t <= 8 for t in totals)


def _outside(totals: Any) -> bool:
    return any(t < 4 or t > 8 for t in totals)


def griffin_totals() -> list[int]:
    """Every total from 0 to 20 that makes 'Subdue the Wild Griffin' succeed."""
    card = next(c for c in new_game(4, seed=0).cards.quests if c.name == "Subdue the Wild Griffin")
    return [t for t in range(21) if card.succeeds(t)]


def pool_before_discard(members: int = 5) -> int:
    """The pool's size before the random discard for a party of ``members`` players and no
    Rogue, counted in a 6-player game (the pool after the discard plus the discarded card)."""
    s: State = new_game(6, seed=6, pl=0)
    while s.phase == "draft":
        s = s.play([a for a in s.legal_actions() if isinstance(a, PickHero)
                    and a.hero != "Rogue"][-1])
    while s.phase == "pass":
        s = s.play(s.legal_actions()[0])
    s = s.play(("party", tuple(range(members)), False))
    discards = len(s.item_discard)
    while s.phase == "contribute":
        s = s.play(s.legal_actions()[0])
    assert s.q is not None
    return len(s.q.pool) + len(s.item_discard) - discards


#: The three weapon types, also in the plural.
WEAPON = Choice(WEAPONS, synonyms={"swords": "sword", "bows": "bow", "staffs": "staff",
                                   "staves": "staff"})


BOOK = exercise_book(
    "doppelganger_quest",
    Exercise(1, "In how many different orders can five Damage markers fall on a party of three "
                "(the list of who takes each marker)?",
             answer=lambda: len(pingpong_sequences(["A", "B", "C"], 5)), kind=WholeNumber(),
             hint="Anyone may take the first marker, then anyone but the last victim (DQ-R31).",
             wrong={243: "That lets the same hero take two markers in a row, which the "
                         "ping-pong rule forbids (DQ-R31).",
                    96: "Only the markers after the first are limited to the heroes not hit "
                        "last (DQ-R31).",
                    10: "Order matters: count lists of victims, marker by marker, not groups "
                        "(DQ-R31)."},
             stronger="Multiply: the first marker has a choice of every hero, each later marker "
                      "a choice of every hero but the one hit last (DQ-R31).",
             explain="3 choices for the first marker, then 2 for each of the other 4: "
                     "3·2⁴ = {answer} (DQ-R31)."),
    Exercise(2, "A Ring of Warding makes the bag 1 black + 2 white. A Doppelgänger draws two dice "
                "and wants to keep black. What is the chance they cannot? Give a fraction or a "
                "decimal within 0.001.",
             answer=lambda: 1 - bag_white_probability(black=2, white=1, draw=2),
             kind=Probability(),
             hint="A player draws two dice and keeps one (DQ-R21): keeping black fails only when "
                  "both drawn dice are white.",
             wrong={Fraction(2, 3): "That is the chance that the black die is among the two "
                                    "drawn, when keeping black succeeds (DQ-R21)."},
             stronger="Count the equally likely pairs of dice that can be drawn from the bag, "
                      "and the pairs with no black die (DQ-R21).",
             explain="Both drawn dice are white in 1 of the C(3,2) = 3 equally likely draws: "
                     "{answer} (DQ-R21)."),
    Exercise(3, "'Subdue the Wild Griffin' reads Subdue 4–8. Which totals make it succeed? "
                "Give a list such as `[1, 2, 3]`.",
             answer=griffin_totals,
             kind=Items(WholeNumber(), noun="totals", examples=("[1, 2, 3]", "[10, 11]")),
             hint="A Subdue range a–b succeeds when a ≤ total ≤ b (DQ-R12).",
             wrong={(5, 6, 7): "Both ends of a Subdue range count (DQ-R12, DQ-E1).",
                    (4, 5, 6, 7, 8, 9): "A Subdue range has an upper end: more damage than it "
                                        "fails (DQ-R12)."},
             clues=((_missing_an_end, "Both ends of a Subdue range count (DQ-R12, DQ-E1)."),
                    (_outside, "A total outside the range fails: a Subdue needs the damage "
                               "within it (DQ-R12).")),
             stronger="List every whole total from the low end to the high end, both ends "
                      "included (DQ-R12, DQ-E1).",
             explain="{answer}: both ends count, and 9 or more fails (DQ-R12, DQ-E1)."),
    Exercise(4, "The Party Leader takes four other players on a Quest (five questing players, no "
                "Rogue). How many cards are in the pool before the random discard?",
             answer=pool_before_discard, kind=WholeNumber(),
             hint="Each questing player throws in one card, then the Party Leader adds two from "
                  "the deck (DQ-R16).",
             wrong={5: "The Party Leader also adds cards from the deck to the pool (DQ-R16).",
                    6: "That is the pool after the random discard; the question asks before "
                       "it (DQ-R16).",
                    8: "Count the questing players' cards and the deck's cards once each; the "
                       "Party Leader is one of the questing players (DQ-R16)."},
             stronger="k questing players make a pool of k + 2 before the discard (DQ-R16).",
             explain="5 contributed + 2 drawn = {answer}; then 6 after the random discard, 5 "
                     "handed out and 1 discarded unseen (DQ-R16)."),
    Exercise(5, "In an 8-player game, what weapon must the 8th hero picked carry? Answer "
                "'sword', 'bow' or 'staff'.",
             answer=lambda: draft_weapon(8), kind=WEAPON,
             hint="The draft cycles Sword, Bow, Staff from the Party Leader (DQ-R3).",
             wrong={"sword": "Picks 1, 4 and 7 are Swords; count on one more (DQ-R3).",
                    "staff": "Picks 3 and 6 are Staffs; count on two more (DQ-R3)."},
             stronger="The k-th pick carries the weapon at place (k − 1) mod 3 of Sword, Bow, "
                      "Staff (DQ-R3).",
             explain="The draft cycles Sword, Bow, Staff from the Party Leader: picks 7 and 8 "
                     "carry a sword and a {answer} (DQ-R3)."),
    Exercise(6, "An honest player keeps white whenever they draw it. What is the chance they "
                "show black on at least two of three weapon turns? Give a fraction or a decimal "
                "within 0.001.",
             answer=lambda: honest_black_probability(2, 3), kind=Probability(),
             hint="Each turn is black with chance 1/3 (both drawn dice black, DQ-R5, DQ-R21); "
                  "add the cases with 2 and with 3 black turns.",
             wrong={Fraction(1, 9): "That is two given turns black; count the ways to choose "
                                    "which two, and add the case of three (DQ-R21).",
                    Fraction(1, 27): "That is all three turns black; exactly two also counts "
                                     "(DQ-R21).",
                    Fraction(1, 3): "That is one turn; at least 2 of 3 turns must be black "
                                    "(DQ-R21)."},
             stronger="P(exactly two) = 3·(1/3)²·(2/3); P(three) = (1/3)³; add them (DQ-R21).",
             explain="3·(1/3)²·(2/3) + (1/3)³ = 6/27 + 1/27 = {answer} ≈ 0.26 (DQ-R21)."),
    Exercise(7, "A Potion of Hexing adds the set-aside black die to the bag: 3 black + 1 white. "
                "What is the chance of friendly fire on an honest player's weapon turn (white "
                "kept whenever drawn, a six-sided die)? Give a fraction or a decimal within "
                "0.001.",
             answer=lambda: ff_probability("good", black=3, white=1), kind=Probability(),
             hint="Find the chance that both drawn dice are black first (DQ-R21); a kept white "
                  "die hits a friend on a 1, a kept black one on 1, 2 or 3 (DQ-R25).",
             wrong={Fraction(5, 18): "That is the bag at set-up, 2 black + 1 white; count the "
                                     "draws from 3 black + 1 white (DQ-R21, DQ-R25).",
                    Fraction(1, 6): "That is the white die alone; an honest player must keep "
                                    "black when both drawn dice are black (DQ-R21, DQ-R25).",
                    Fraction(1, 2): "That is the black die alone; an honest player keeps white "
                                    "whenever one is drawn (DQ-R21, DQ-R25)."},
             stronger="Both drawn dice are black in C(3,2) of the C(4,2) equally likely draws; "
                      "weight white's 1/6 and black's 3/6 by how often each is kept (DQ-R25).",
             explain="Both dice are black in 3 of the 6 draws, so white is kept half the time: "
                     "(1/2)·(1/6) + (1/2)·(3/6) = {answer} (DQ-R21, DQ-R25)."),
)
check = BOOK.check

__all__ = ["BOOK", "check", "griffin_totals", "pool_before_discard", "WEAPON"]
