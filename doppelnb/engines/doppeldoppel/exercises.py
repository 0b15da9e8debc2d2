"""The Doppeldoppel chapter's exercises: questions, worked answers the engine computes, and hints
tied to the rules (see :mod:`doppelnb.core.exercises`).

The notebook asks each question in markdown, gives the student an attempt cell, and keeps the
worked answer in a cell tagged ``answer`` after it::

    from doppelnb.engines.doppeldoppel.exercises import check
    check(1, ...)            # replace ... with your answer

>>> print(check(1, "P3").text)
Right. The two 6s collide (DD-R13), no yellow survives, and the 3 reverses the fallback too (DD-R15, DD-A7): the lowest survivor, R3 of player 3, wins.
>>> print(check(2, 19).text)
Not yet. An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13).
>>> print(check(2, "eighteen").text)
Not yet: give a whole number, like 12.
>>> print(check(99, 1).text)
There is no exercise 99 in this chapter: the exercises are numbered 1 to 7.
"""

from __future__ import annotations

from fractions import Fraction

from ...core.exercises import Exercise, Player, Probability, WholeNumber, exercise_book
from .analysis import collision_census, mean_score_series
from .rules import Rules, resolve_trick, round_score
from .state import new_game


def _trick_winner(cards: tuple[str, ...], rules: Rules | None = None) -> int:
    """The winning player's number (1 = the leader) of one trick, as the engine resolves it."""
    result = resolve_trick(cards, rules or Rules())
    return 0 if result.winner is None else result.winner + 1


def _lead_collides_4p() -> Fraction:
    return collision_census(4).probability("lead_collides")


def _best_pile_size() -> int:
    return max(mean_score_series(), key=lambda kv: kv[1])[0]


def _game_tricks(players: int) -> int:
    game = new_game(players, seed=0)
    return game.rounds * game.tricks_per_round


BOOK = exercise_book(
    "doppeldoppel",
    Exercise(
        1,
        "Four players play Y6 (P1 leads, declaring yellow), R6, R3, B5. Which player wins the "
        "trick? Answer with the player's number, 1 to 4.",
        answer=lambda: _trick_winner(("Y6", "R6", "R3", "B5")),
        kind=Player(4),
        hint="Resolve in the rulebook's order: collisions first (DD-R13), then the reversal "
             "(DD-R15), then the winner among the survivors (DD-R14).",
        wrong={1: "P1's Y6 collides with R6 (DD-R13): a card removed by a collision cannot win.",
               2: "P2's R6 collides with Y6 (DD-R13): a card removed by a collision cannot win.",
               4: "B5 would win at normal strength, but a rank-3 card was played: under "
                  "reversal the any-colour fallback picks the lowest survivor too (DD-R15, "
                  "DD-A7)."},
        stronger="Strike out every card whose number appears twice (DD-R13). No yellow card "
                 "is left, so any colour competes (DD-R14), and the rank-3 card reverses the "
                 "strength (DD-R15, DD-A7).",
        explain="The two 6s collide (DD-R13), no yellow survives, and the 3 reverses the "
                "fallback too (DD-R15, DD-A7): the lowest survivor, R3 of player {answer}, wins.",
    ),
    Exercise(
        2,
        "At the end of a round a player has acquired 1, 1, 1, 2, 5, 5 (no 6). What is the round "
        "score?",
        answer=lambda: round_score({1: 3, 2: 1, 5: 2}),
        kind=WholeNumber(),
        hint="Score each number by its row of the scoring table (DD-R20), then add the rows "
             "(DD-R21).",
        wrong={19: "An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13).",
               20: "The single 2 counts too: an odd number of 2s scores -2 each (DD-R20, "
                   "DD-A13).",
               22: "An odd number of 2s is a penalty; only an even number scores +5 each "
                   "(DD-R20).",
               11: "Each 5 scores +7 when no 6 was acquired, not the pair once (DD-R20)."},
        stronger="Three or more 1s score +2 each; an odd count of 2s scores -2 each; every 5 "
                 "scores +7 when there is no 6 (DD-R20).",
        explain="Three 1s score +2 each (+6), a single 2 is odd (-2), two 5s without a 6 score "
                "+7 each (+14): {answer}.",
    ),
    Exercise(
        3,
        "Another player acquired 4, 4, 4, 5, 5 (no 6). What is the round score?",
        answer=lambda: round_score({4: 3, 5: 2}),
        kind=WholeNumber(),
        hint="Rank 4 has a rule for the whole round when a player holds exactly three 4s "
             "(DD-R20, DD-A11).",
        wrong={11: "Exactly three 4s do more than score each 4: read their rule for the whole "
                   "round (DD-R20, DD-A12).",
               14: "The 4s are not simply left out: exactly three of them change the whole "
                   "round (DD-R20, DD-A12).",
               -3: "The 5s count too, unless a rule for the whole round says otherwise "
                   "(DD-R20, DD-A12)."},
        stronger="The rank-4 card says: no points lost or earned due to other cards (DD-R20); "
                 "that holds for a good round as much as a bad one (DD-A12).",
        explain="Exactly three 4s set the round score to {answer}, whatever else was acquired: "
                "the +14 of the fives is lost too (DD-R20, DD-A12).",
    ),
    Exercise(
        4,
        "Over every ordered 4-player trick of distinct cards (deck a, ignoring the follow rule, "
        "as the census does), what share of tricks see the leader's own card collide? Use "
        "`dd.collision_census` or the closed form; give a Fraction or a decimal within 0.001.",
        answer=_lead_collides_4p,
        kind=Probability(),
        hint="The leader's card collides when at least one of the three other cards shows its "
             "number (DD-R13); dd.collision_census(4) counts those tricks.",
        # the share for 3 players: collision_census(3).probability("lead_collides")
        wrong={Fraction(373, 1190): "That is the 3-player share; with 4 players three other "
                                    "cards can match the leader's number (DD-R13)."},
        stronger="Count the complement: the three other cards all miss the leader's number; "
                 "or read probability(\"lead_collides\") of the 4-player census (DD-R13).",
        explain="{answer} ≈ 0.431: the leader's card collides in about 43% of 4-player "
                "tricks (DD-R13).",
    ),
    Exercise(
        5,
        "Under the reading where only a 3 that survives reverses the trick "
        "(`reversal_trigger=\"surviving_only\"`, DD-A6), who wins B3 (P1 leads), Y3, B6, B2? "
        "Answer with the player's number.",
        answer=lambda: _trick_winner(("B3", "Y3", "B6", "B2"),
                                     Rules(reversal_trigger="surviving_only")),
        kind=Player(4),
        hint="Remove the collided cards first (DD-R13); then ask whether a surviving rank-3 "
             "card is left to reverse the trick (DD-A6).",
        wrong={4: "That is the default reading, where any rank-3 card played reverses the "
                  "trick; here both collided, so no surviving one reverses it (DD-A6).",
               1: "P1's B3 collides with Y3 (DD-R13): a card removed by a collision cannot win.",
               2: "P2's Y3 collides with B3 (DD-R13): a card removed by a collision cannot win."},
        stronger="With no reversal, the highest surviving card of the lead colour wins "
                 "(DD-R14).",
        explain="Both 3s collide, so under this reading nothing reverses the trick: the "
                "highest surviving card of the lead colour, B6 of player {answer}, wins (DD-A6, "
                "DD-R14).",
    ),
    Exercise(
        6,
        "How many tricks does a whole 4-player game last?",
        answer=lambda: _game_tricks(4),
        kind=WholeNumber(),
        hint="A round lasts until the hands are empty (DD-R3, DD-R5), and there are as many "
             "rounds as players (DD-R5).",
        wrong={9: "That is one round's tricks; the game has as many rounds as players (DD-R5).",
               27: "That counts three rounds; a 4-player game has one round per player (DD-R5).",
               12: "That is a 3-player round; with 4 players each hand holds fewer cards, and "
                   "there are several rounds (DD-R3, DD-R5)."},
        stronger="Tricks in a round = cards in a hand, all cards dealt evenly (DD-R3); multiply "
                 "by the number of rounds (DD-R5).",
        explain="4 rounds (one per player, DD-R5) of 9 tricks (9 cards each, DD-R3): {answer} "
                "tricks.",
    ),
    Exercise(
        7,
        "If a player acquired k cards at random (deck a), which k from 0 to 36 gives the highest "
        "expected round score? Use `dd.mean_round_scores()`.",
        answer=_best_pile_size,
        kind=WholeNumber(),
        hint="Compare the exact means of every k in dd.mean_round_scores() (DD-R20): the best "
             "is not the largest pile.",
        wrong={36: "The largest pile is not the best: more cards bring more 6s, which turn "
                   "every 5 into -1 (DD-R20, DD-A14).",
               0: "An empty pile scores nothing, but some piles do better on average (DD-R20)."},
        stronger="Take the k whose exact mean is largest: max(dd.mean_round_scores(), "
                 "key=lambda km: km[1]) (DD-R20).",
        explain="k = {answer}, with an exact mean of 26013483/4279240 ≈ +6.08 points; from "
                "there on 6s and stray cards cost more than they bring (DD-R20).",
    ),
)

check = BOOK.check

__all__ = ["BOOK", "check"]
