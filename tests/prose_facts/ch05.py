"""The numbers typed into chapter 5's prose (notebooks/05_doppelganger_quest.ipynb), each with what
it means there and how the engine computes it (tests/test_prose_numbers.py checks them all)."""

from __future__ import annotations

import inspect
from fractions import Fraction
from statistics import NormalDist

from doppelnb.core.exact import wilson_interval
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest import examples, teaching
from doppelnb.engines.doppelganger_quest.exercises import BOOK
from doppelnb.engines.doppelganger_quest.rules import (
    ANIMALS,
    BAG,
    FRIENDLY_FIRE,
    HAND_LIMIT,
    SET_ASIDE,
    weapon_result,
)

CARDS = dq.card_set()


def _quest(name: str):
    return next(card for card in CARDS.quests if card.name == name)


def _golem():
    """The Subdue quest of the rulebook's example DQ-E1 (Subdue 7-10)."""
    return next(card for card in CARDS.quests if card.high is not None and card.low == 7)


def _bag(label: str) -> tuple[int, int]:
    """(black, white) of one of the chapter's Bags (teaching.BAGS)."""
    return next((b, w) for name, b, w, _ in teaching.BAGS if name == label)


def _animal_players(name: str) -> int:
    return next(players for players, (animal, *_) in ANIMALS.items() if animal == name)


def _staff_auto() -> int:
    return weapon_result(CARDS, "staff", False, "white", 6, 0)[0] - CARDS.table("staff")[1][5]


def _token_amount(token: str) -> int:
    return int("".join(ch for ch in dq.cards.TOKEN_LABELS[token] if ch.isdigit()))


def _minotaur():
    """DQ-E3 as the engine arranges it: Kate holds the markers after the failed Minotaur."""
    return examples.minotaur_example()


def _pool(members: int) -> tuple[int, int, int]:
    """(drawn from the deck, discarded at random, left at the end) for a party of ``members``."""
    counts = examples.pool_counts()[f"{members} players"]
    contributed, drawn, pool, after, given, left = counts
    return drawn, pool - after, left


def _draws_both(colour: str, black: int, white: int) -> tuple[int, int]:
    """(draws of two dice that are both ``colour``, all draws of two) from a bag."""
    from math import comb

    return comb(black if colour == "black" else white, 2), comb(black + white, 2)


FACTS = {
    "0.001": [("the checker's tolerance for a decimal (exercises 2, 6, 7)",
               lambda: BOOK[2].kind.tolerance),
              ("the same tolerance in exercise 7", lambda: BOOK[7].kind.tolerance)],
    "0.26": [("exercise 6's answer, rounded", lambda: BOOK.answer(6))],
    "1": [("white dice in the Bag at set-up", lambda: BAG[1]),
          ("dice of each colour set aside", lambda: min(SET_ASIDE)),
          ("a Staff's automatic damage on every roll", _staff_auto),
          ("cards discarded at random from the pool", lambda: _pool(3)[1]),
          ("a Magic weapon's bonus", lambda: weapon_result(CARDS, "bow", True, "white", 6, 0)[0]
           - CARDS.table("bow")[1][5]),
          ("a white die's friendly-fire face, and the lowest black one",
           lambda: min(FRIENDLY_FIRE["white"])),
          ("Kate's and Mike's damage after DQ-E3", lambda: examples.minotaur_damage()["Kate"]),
          ("the exhaustion damage of a marked member (DQ-E7, second quest)",
           lambda: examples.exhaustion_rows()[1][2]),
          ("white dice in the Bags of exercises 2 and 7", lambda: _bag(teaching.BAGS[2][0])[1]),
          ("the draw of two whites among the three draws of exercise 2",
           lambda: _draws_both("white", *_bag("after a Ring of Warding"))[0]),
          ("black dice in the Ring of Warding's Bag (exercise 2)",
           lambda: _bag("after a Ring of Warding")[0])],
    "1/2": [("how often an honest player keeps white with 3 black + 1 white (exercise 7)",
             lambda: dq.bag_white_probability(*_bag("after a Potion of Hexing")))],
    "1/3": [("exercise 2's answer", lambda: BOOK.answer(2)),
            ("exercise 7's answer", lambda: BOOK.answer(7)),
            ("how often an honest player shows black", lambda: 1 - dq.bag_white_probability())],
    "1/6": [("a kept white die's friendly-fire chance on a six-sided die",
             lambda: Fraction(len(FRIENDLY_FIRE["white"]), CARDS.sides))],
    "10": [("the high end of the rulebook's Subdue example (DQ-E1)", lambda: _golem().high),
           ("the Minotaur's requirement (DQ-E3)", lambda: _quest(examples.MINOTAUR).low)],
    "2": [("black dice in the Bag at set-up", lambda: BAG[0]),
          ("Heal 2: damage healed by the Light token", lambda: _token_amount("heal2")),
          ("cards the leader adds from the deck to the pool", lambda: _pool(3)[0]),
          ("dice drawn on a weapon turn", lambda: len(examples.spider_moment().q.drawn)),
          ("black dice in the Bag when each turn starts (DQ-A17)",
           lambda: teaching.BAGS[0][1]),
          ("the friendly-fire faces of a black die are 1, 2 and 3", lambda: sorted(
              FRIENDLY_FIRE["black"])[1]),
          ("Nate's damage after DQ-E3", lambda: examples.minotaur_damage()["Nate"]),
          ("the choices for each later ping-pong marker among three members (exercise 1)",
           lambda: len({seq[1] for seq in dq.pingpong_sequences(["A", "B", "C"], 2)
                        if seq[0] == "A"})),
          ("white dice in the Ring of Warding's Bag (exercise 2)",
           lambda: _bag("after a Ring of Warding")[1])],
    "2/3": [("how often an honest player keeps white", lambda: dq.bag_white_probability())],
    "3": [("Item cards each with 6 to 8 players", lambda: dq.hand_size(6)),
          ("Take 3: damage of the Darkness token", lambda: _token_amount("take3")),
          ("the highest friendly-fire face of a black die", lambda: max(FRIENDLY_FIRE["black"])),
          ("members in the ping-pong count the chapter asks about",
           lambda: next(n for n, m in teaching.PINGPONG_CASES if m == 4 and n == 3)),
          ("choices for the first of five markers on three members (exercise 1)",
           lambda: len({seq[0] for seq in dq.pingpong_sequences(["A", "B", "C"], 1)})),
          ("the equally likely draws of two dice from 1 black + 2 white (exercise 2)",
           lambda: _draws_both("white", *_bag("after a Ring of Warding"))[1]),
          ("black dice in the Potion of Hexing's Bag (exercise 7)",
           lambda: _bag("after a Potion of Hexing")[0]),
          ("draws of two black dice from 3 black + 1 white (exercise 7)",
           lambda: _draws_both("black", *_bag("after a Potion of Hexing"))[0])],
    "3/6": [("a kept black die's friendly-fire chance on a six-sided die",
             lambda: Fraction(len(FRIENDLY_FIRE["black"]), CARDS.sides))],
    "4": [("the fewest players", lambda: min(dq.PLAYER_COUNTS)),
          ("the player count with the War Bear", lambda: _animal_players("War Bear")),
          ("Item cards each with 4 or 5 players", lambda: dq.hand_size(4)),
          ("the Minotaur's penalty (DQ-E3)", lambda: _quest(examples.MINOTAUR).penalty),
          ("markers in the ping-pong count the chapter asks about",
           lambda: next(m for n, m in teaching.PINGPONG_CASES if n == 3)),
          ("the low end of the Wild Griffin's range (exercise 3)",
           lambda: _quest("Subdue the Wild Griffin").low)],
    "48": [("exercise 1's answer", lambda: BOOK.answer(1))],
    "5": [("the player count with the Battle Dog", lambda: _animal_players("Battle Dog")),
          ("the hand limit in the tavern", lambda: HAND_LIMIT),
          ("a total inside the Wild Griffin's range (exercise 3)",
           lambda: BOOK.answer(3)[1])],
    "6": [("tokens in each row", lambda: len(dq.new_game(4, seed=0).light)),
          ("a total inside the Wild Griffin's range (exercise 3)", lambda: BOOK.answer(3)[2]),
          ("the pool after the random discard with five members (exercise 4)",
           lambda: BOOK.answer(4) - 1),
          ("the draws of two dice from 3 black + 1 white (exercise 7)",
           lambda: _draws_both("black", *_bag("after a Potion of Hexing"))[1])],
    "7": [("the low end of the rulebook's Subdue example (DQ-E1)", lambda: _golem().low),
          ("exercise 4's answer", lambda: BOOK.answer(4)),
          ("a total inside the Wild Griffin's range (exercise 3)", lambda: BOOK.answer(3)[3]),
          ("the seventh pick of the draft, a Sword (exercise 5)",
           lambda: next(k for k in range(7, 9) if dq.draft_weapon(k) == "sword"))],
    "7/27": [("exercise 6's answer", lambda: BOOK.answer(6))],
    "8": [("the most players", lambda: max(dq.PLAYER_COUNTS)),
          ("the high end of the Wild Griffin's range (exercise 3)",
           lambda: _quest("Subdue the Wild Griffin").high)],
    "9": [("the damage the Minotaur party deals (DQ-E3)", lambda: _minotaur().q.damage),
          ("the first total above the Wild Griffin's range (exercise 3)",
           lambda: max(BOOK.answer(3)) + 1)],
    "95%": [("the level of the chapter's intervals (Wilson, z = 1.96)",
             lambda: round(2 * NormalDist().cdf(
                 inspect.signature(wilson_interval).parameters["z"].default) - 1, 2))],
}
