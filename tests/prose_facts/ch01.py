"""The numbers typed into chapter 1's prose (notebooks/01_doppeldoppel.ipynb), each with what it
means there and how the engine computes it (tests/test_prose_numbers.py checks them all)."""

from __future__ import annotations

from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import examples
from doppelnb.engines.doppeldoppel.exercises import BOOK
from doppelnb.engines.doppeldoppel.notation import REVERSING_RANK


def _hand_size(players: int) -> int:
    return len(dd.new_game(players, seed=0).hands[0])


def _example_winner_rank(example: str) -> int:
    result = examples.example_state(example).log[-1].result
    assert result.winner is not None
    return result.cards[result.winner].rank


def _example_collided_rank(example: str) -> int:
    (rank,) = {card.rank for card in examples.example_state(example).log[-1].result
               .discarded_cards}
    return rank


def _fewest_for_set(rank: int) -> int:
    """The fewest cards of ``rank`` (alone) that score more than -1 each: the set's size."""
    return next(k for k in range(1, 10) if dd.round_score({rank: k}) > -k)


FACTS = {
    "0": [("a round with exactly three 4s scores 0", lambda: dd.round_score({4: 3, 5: 3})),
          ("exercise 3's answer", lambda: BOOK.answer(3)),
          ("the fewest cards kept, in exercise 7", lambda: min(dict(dd.mean_round_scores())))],
    "0.001": [("the checker's tolerance for a decimal in exercise 4",
               lambda: BOOK[4].kind.tolerance)],
    "0.431": [("exercise 4's answer, rounded", lambda: BOOK.answer(4))],
    "1": [("the lowest number on a card", lambda: min(dd.RANKS)),
          ("a card whose condition is not met scores -1", lambda: -dd.round_score({6: 1})),
          ("a lone 3 scores -1 (DD-E5)", lambda: -dd.round_score(examples.SCORE_EXAMPLES["DD-E5"])),
          ("a 5 with a 6 kept scores -1", lambda: -(dd.round_score({5: 1, 6: 1}) + 1)),
          ("the number a set of 1s is made of", lambda: min(dd.RANKS)),
          ("the 1s of the rulebook's score example (DD-E4)",
           lambda: min(examples.SCORE_EXAMPLES["DD-E4"]))],
    "2": [("a set of three or more 1s scores +2 each", lambda: dd.round_score({1: 3}) // 3),
          ("an odd number of 2s scores -2 each", lambda: -dd.round_score({2: 1})),
          ("the number scoring only in an even count", lambda: next(
              r for r in dd.RANKS if dd.round_score({r: 1}) < 0 < dd.round_score({r: 2}))),
          ("the 2s of the rulebook's score example (DD-E4)",
           lambda: sorted(examples.SCORE_EXAMPLES["DD-E4"])[1]),
          ("one of the numbers with a Japanese score table",
           lambda: sorted(dd.JAPANESE_SCORE_TABLES)[1])],
    "3": [("the number that reverses strength", lambda: REVERSING_RANK),
          ("the 4s that zero a round (exactly three)",
           lambda: next(k for k in range(1, 7) if dd.round_score({4: k, 5: 1}) == 0)),
          ("the fewest 1s that score (three or more)", lambda: _fewest_for_set(1)),
          ("exercise 1's answer", lambda: BOOK.answer(1)),
          ("exercise 5's answer", lambda: BOOK.answer(5))],
    "4": [("the number whose set of three zeroes a round",
           lambda: next(r for r in dd.RANKS if dd.round_score({r: 3, 5: 1}) == 0)),
          ("the most players, and the highest player number", lambda: max(dd.PLAYER_COUNTS))],
    "5": [("an even number of 2s scores +5 each", lambda: dd.round_score({2: 2}) // 2),
          ("the number worth +7 without a 6", lambda: next(r for r in dd.RANKS
                                                           if dd.round_score({r: 1}) == 7)),
          ("the number that collides in the second example (DD-E2)",
           lambda: _example_collided_rank("DD-E2")),
          ("one of the numbers with a Japanese score table",
           lambda: max(dd.JAPANESE_SCORE_TABLES))],
    "6": [("the highest number on a card", lambda: max(dd.RANKS)),
          ("the card that wins the first example (DD-E1)", lambda: _example_winner_rank("DD-E1"))],
    "7": [("a 5 without a 6 scores +7", lambda: dd.round_score({5: 1})),
          ("the rulebook's score example (DD-E4) scores 7",
           lambda: dd.round_score(examples.SCORE_EXAMPLES["DD-E4"]))],
    "9": [("cards dealt to each of four players", lambda: _hand_size(4)),
          ("tricks in a four-player round", lambda: dd.new_game(4, seed=0).tricks_per_round),
          ("exercise 7's answer", lambda: BOOK.answer(7))],
    "12": [("cards dealt to each of three players", lambda: _hand_size(3))],
    "18": [("exercise 2's answer", lambda: BOOK.answer(2))],
    "36": [("cards in the deck", lambda: dd.DECK_SIZE),
           ("exercise 6's answer", lambda: BOOK.answer(6)),
           ("the most cards kept, in exercise 7", lambda: max(dict(dd.mean_round_scores())))],
    "2417/5610": [("exercise 4's answer", lambda: BOOK.answer(4))],
}
