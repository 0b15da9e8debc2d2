"""The exercises of the Doppelgänger Tricks chapter (``notebooks/02_doppelganger_tricks.ipynb``).

Each answer is computed by the engine; each exercise declares the kind of answer it takes and
hints tied to the rules (see :mod:`doppelnb.core.exercises`)::

    from doppelnb.engines.doppelganger_tricks.exercises import check
    check(1, ...)            # replace ... with your answer

>>> print(check(1, "4 c").text)
Right. 9T and 9D annihilate (DT-R12); no ▲ card survives, so the highest number of any suit wins (DT-R13b): 4C.
>>> print(check(3, 5).text)
Not yet. The +3 card pays only for an exact forecast (DT-R16); this one is off by one.
>>> print(check(2, "3C, 2D").right, check(2, ["2d", "3 circle"]).right)
True True
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from typing import Any

from ...core.exercises import (
    Card,
    Exercise,
    Items,
    Probability,
    WholeNumber,
    exercise_book,
)
from .analysis import annihilation_census, census_fractions
from .deal import tricks_per_round
from .legal import legal_plays
from .notation import PLAIN_SUITS, SUIT_NAMES, SUIT_SYMBOLS, card, deck
from .rules import _resolve, resolve_trick, round_points

#: Exercise 1: the trick, leader first.
TRICK_1 = "9T 9D 4C 2S"
#: Exercise 2: the lead card and the follower's hand.
LEAD_2, HAND_2 = "5C", ("3C", "8T", "2D", "9S")

#: A card in the chapter's notation, by letter, suit name or symbol: "4C", "4 c", "4 circle", "4●".
CARD = Card(card, suits={**{name: s for s, name in SUIT_NAMES.items()},
                         **{sym: s for s, sym in SUIT_SYMBOLS.items()},
                         "doppelganger": "D"},
            examples=("7S", "1T", "5D"))


def _winner_1() -> str:
    return str(resolve_trick(TRICK_1.split()).winning_card)


def _legal_2() -> list[str]:
    return sorted(str(c) for c in legal_plays(list(HAND_2), card(LEAD_2).suit))


def _points_3() -> int:
    return round_points(2, 3, ("+1", "+3"))


def _lead_annihilated_4() -> Fraction:
    return census_fractions(4)["lead_annihilated"]


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


def _not_in_trick(given: Any) -> bool:
    return given not in TRICK_1.split()


def _off_suit(given: Any) -> bool:
    return bool({"8T", "9S"} & given)


def _not_in_hand(given: Any) -> bool:
    return not given <= set(HAND_2)


BOOK = exercise_book(
    "doppelganger_tricks",
    Exercise(1, f"The trick {TRICK_1} is played (9T leads). Which card wins it? Give the card as "
                "text, such as \"7S\".",
             answer=_winner_1, kind=CARD,
             hint="Remove the annihilated pairs first (DT-R12), then find the winner among the "
                  "surviving cards (DT-R13).",
             wrong={"9T": "9T is annihilated: the led 9T and 9D (which counts as ▲) are the same "
                          "suit and number (DT-R12), so both leave the trick.",
                    "9D": "9D counts as ▲ when it follows, so it annihilates with the led 9T "
                          "(DT-R10, DT-R12).",
                    "2S": "Once no ▲ card survives, every surviving card competes on its number "
                          "(DT-R13b)."},
             clues=((_not_in_trick, "That card is not in the trick; the winner is one of the "
                                    "four cards played (DT-R13)."),),
             stronger="No ▲ card survives the annihilation, so the surviving cards compete on "
                      "their numbers, whatever their suits (DT-R13b).",
             explain="9T and 9D annihilate (DT-R12); no ▲ card survives, so the highest number "
                     "of any suit wins (DT-R13b): {answer}."),
    Exercise(2, f"{LEAD_2} is led. You hold {' '.join(HAND_2)}. Which cards may you play? Give "
                "a list such as [\"7S\", \"1T\"].",
             answer=_legal_2, kind=Items(CARD, noun="cards",
                                         examples=('["7S", "1T"]', '["5D"]')),
             hint="A follower who holds a plain card of the lead suit must follow it or play a "
                  "doppelgänger (DT-R9).",
             wrong={("3C",): "A doppelgänger card may always be played (DT-R9); is there one "
                             "in your hand?",
                    ("3C", "2D", "8T", "9S"): "You hold a plain card of the lead suit ●, so "
                                              "off-suit plain cards may not be played (DT-R9)."},
             clues=((_not_in_hand, "Choose among the cards in your hand (DT-R9)."),
                    (_off_suit, "Off-suit plain cards may not be played while you hold a plain "
                                "card of the lead suit (DT-R9).")),
             stronger="Every plain card of the lead suit ● may be played, and so may every "
                      "doppelgänger (D) card; nothing else (DT-R9).",
             explain="holding 3C you must follow ● with a ● card or play a doppelgänger, which "
                     "is always allowed (DT-R9): {answer}."),
    Exercise(3, "You forecast 2, win 3 tricks and hold both bonus cards. What is your round "
                "score?",
             answer=_points_3, kind=WholeNumber(),
             hint="Score the forecast first (DT-R18), then each bonus card by its own condition "
                  "(DT-R16); the round score is their sum (DT-R19).",
             wrong={5: "The +3 card pays only for an exact forecast (DT-R16); this one is off "
                       "by one.",
                    1: "The +1 card adds its point whatever the forecast did (DT-R16).",
                    0: "A forecast off by one still scores (DT-R18), and the +1 card pays "
                       "whatever the forecast did (DT-R16)."},
             stronger="Off by one scores a point (DT-R18); the +1 card always adds one; the +3 "
                      "card needs an exact forecast (DT-R16).",
             explain="off by one scores 1 (DT-R18), the +1 card adds 1, the +3 card needs an "
                     "exact forecast (DT-R16): {answer}."),
    Exercise(4, "With 4 players, what is the exact chance that the lead card of a random trick "
                "is annihilated? Give a fraction such as \"1/7\" or Fraction(1, 7), or a "
                "decimal.",
             answer=_lead_annihilated_4, kind=Probability(),
             hint="Exactly one other card annihilates the lead card (DT-R12): what is the chance "
                  "that one of the followers holds it?",
             wrong={Fraction(1, 39): "That is one follower's chance; every follower may hold "
                                     "the partner card (DT-R12).",
                    Fraction(3, 40): "The lead card cannot be a follower's card too: count "
                                     "from the other cards of the deck (DT-R12)."},
             stronger="The followers' cards are drawn from the 4N − 1 cards other than the lead "
                      "card, and exactly one of those is its partner (DT-R12).",
             explain="exactly one of the other 39 cards annihilates the lead card, and 3 of them "
                     "are drawn: 3/39 = {answer} (DT-R12)."),
    Exercise(5, "How many of the 64,260 possible 3-player tricks have no winner?",
             answer=_no_winner_3, kind=WholeNumber(),
             hint="Annihilation removes cards in pairs (DT-R12): can all the cards of a "
                  "3-card trick vanish (DT-R13c)?",
             wrong={1: "A pair takes two of the three cards, and a lone card always survives "
                       "to win (DT-R12, DT-R13).",
                    3240: "A pair takes two of the three cards, and a lone card always survives "
                          "to win (DT-R12, DT-R13).",
                    64260: "Every trick has a survivor unless all its cards annihilate "
                           "(DT-R13c); with three cards, can they?"},
             stronger="An odd number of cards cannot vanish in pairs (DT-R12).",
             explain="annihilation removes cards in pairs; 3 cards always leave one survivor: "
                     "{answer} (DT-R12, DT-R13)."),
    Exercise(6, "Over all possible tricks, how many times as often is a doppelgänger "
                "annihilated as one plain card of the same number? Why does the simulation of "
                "real rounds show the same factor?",
             answer=_ratio_6, kind=WholeNumber(),
             hint="Each annihilation removes one D card and one plain card of its number "
                  "(DT-R12); how many plain cards share that number?",
             wrong={1: "Every annihilation takes one D card, but its plain partner may be of "
                       "any plain suit: they share the annihilations (DT-R12).",
                    4: "Count only the plain cards of that number: the D card is not its own "
                       "partner (DT-R12)."},
             stronger="Over all tricks the plain suits are alike, so the plain cards of a number "
                      "share its D card's annihilations equally (DT-R12).",
             explain="every annihilation takes one D card and one of the three plain cards of "
                     "its number, alike by symmetry: exactly {answer} times (DT-R12)."),
    Exercise(7, "How many tricks does a whole 3-player game have, counting tricks nobody "
                "wins?",
             answer=_game_tricks_7, kind=WholeNumber(),
             hint="A round lasts until every card is played (DT-R17), and there are as many "
                  "rounds as players (DT-R20).",
             wrong={12: "That is one round; the game has as many rounds as players (DT-R20).",
                    30: "With 3 players the four 10s leave the deck (DT-R3), so each hand holds "
                        "more cards and a round has more tricks than with 4 (DT-R17).",
                    40: "With 3 players the four 10s leave the deck (DT-R3); count tricks per "
                        "round and rounds (DT-R17, DT-R20)."},
             stronger="Tricks in a round = cards in a hand (DT-R17); rounds = players (DT-R20).",
             explain="12 tricks a round (DT-R17), as many rounds as players (DT-R20): {answer}."),
)

#: ``check(number, attempt)``: the notebook's attempt cells call this.
check = BOOK.check

__all__ = ["BOOK", "check", "TRICK_1", "LEAD_2", "HAND_2", "CARD"]
