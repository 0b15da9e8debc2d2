"""The Doppeldoppel chapter's exercises: questions, worked answers the engine computes, checkers.

The notebook asks each question in markdown, folds the worked answer in a cell tagged ``answer``,
and gives the student an attempt cell::

    from doppelnb.engines.doppeldoppel.exercises import check
    check(1, 3)

>>> print(check(1, 3).text)
Right. The two 4s collide (DD-R13), no yellow survives, and the 3 reverses the fallback too (DD-R15, DD-A7): the lowest survivor, B3 of P3, wins.
>>> print(check(2, 19).text)
Not yet: expected 18, got 19. An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...core.checks import show
from ...core.exercises import Checker, Exercise, close_to, exactly, exercise_book, one_of
from .analysis import collision_census, mean_score_series
from .rules import Rules, resolve_trick, round_score
from .state import new_game

_SEATS = (1, 2, 3, 4)


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


def _lazy(answer: Callable[[], Any], make: Callable[[Any], Checker]) -> Checker:
    """A checker built from the engine's answer when first used (imports stay light)."""
    built: list[Checker] = []

    def check(attempt: Any) -> str | None:
        if not built:
            built.append(make(answer()))
        return built[0](attempt)

    return check


def _probability(expected: Fraction, tolerance: float, three_players: Fraction) -> Checker:
    near = close_to(float(expected), tolerance=tolerance)

    def check(attempt: Any) -> str | None:
        if isinstance(attempt, str) or isinstance(attempt, bool):
            return f"give a number (a Fraction or a decimal), got {show(attempt)}."
        if isinstance(attempt, (int, float, Fraction)) and not 0 <= float(attempt) <= 1:
            return "a probability lies between 0 and 1."
        problem = near(attempt)
        if problem and isinstance(attempt, (int, float, Fraction)) and abs(
                float(attempt) - float(three_players)) <= tolerance:
            return "that is the 3-player share; with 4 players three other cards can match."
        return problem

    return check


BOOK = exercise_book(
    "doppeldoppel",
    Exercise(
        1,
        "Four players play Y4 (P1 leads, declaring yellow), R4, B3, R6. Which player wins the "
        "trick? Answer with the player's number, 1 to 4.",
        answer=lambda: _trick_winner(("Y4", "R4", "B3", "R6")),
        check=one_of(_SEATS, 3, why={
            1: "P1's Y4 collides with R4 (DD-R13): a collided card cannot win.",
            2: "P2's R4 collides with Y4 (DD-R13): a collided card cannot win.",
            4: "R6 would win at normal strength, but a 3 was played: the lowest survivor wins, "
               "also in the any-colour fallback (DD-R15, DD-A7).",
        }),
        explain="The two 4s collide (DD-R13), no yellow survives, and the 3 reverses the "
                "fallback too (DD-R15, DD-A7): the lowest survivor, B3 of P3, wins.",
        wrong=(4, 1, "3"),
    ),
    Exercise(
        2,
        "At the end of a round a player has acquired 1, 1, 1, 2, 5, 5 (no 6). What is the round "
        "score?",
        answer=lambda: round_score({1: 3, 2: 1, 5: 2}),
        check=exactly(18, hint="An odd number of 2s scores -2 each, not -1 (DD-R20, DD-A13)."),
        explain="Three 1s score +2 each (+6), a single 2 is odd (-2), two 5s without a 6 score "
                "+7 each (+14): 18.",
        wrong=(19, 13, 4),
    ),
    Exercise(
        3,
        "Another player acquired 4, 4, 4, 5, 5 (no 6). What is the round score?",
        answer=lambda: round_score({4: 3, 5: 2}),
        check=exactly(0, hint="Three 4s make the whole round score 0, good or bad (DD-R20, "
                              "DD-A12)."),
        explain="Exactly three 4s set the round score to 0, whatever else was acquired: the +14 "
                "of the fives is lost too (DD-R20, DD-A12).",
        wrong=(11, 14, -3),
    ),
    Exercise(
        4,
        "Over every ordered 4-player trick of distinct cards (deck a, ignoring the follow rule, "
        "as the census does), what share of tricks see the leader's own card collide? Use "
        "`dd.collision_census` or the closed form; give a Fraction or a decimal within 0.001.",
        answer=_lead_collides_4p,
        check=_lazy(_lead_collides_4p,
                    lambda p: _probability(p, 0.001, collision_census(3).probability(
                        "lead_collides"))),
        explain="2417/5610 ≈ 0.431: the leader's card collides in about 43% of 4-player tricks.",
        wrong=(Fraction(373, 1190), 0.5, 0.25),
    ),
    Exercise(
        5,
        "Under the reading `reversal_trigger=\"surviving_only\"` (DD-A6 b), who wins DD-T7: "
        "Y3 (P1 leads), B3, Y5, Y2? Answer with the player's number.",
        answer=lambda: _trick_winner(("Y3", "B3", "Y5", "Y2"),
                                     Rules(reversal_trigger="surviving_only")),
        check=one_of(_SEATS, 3, why={
            4: "that is the default reading: there any 3 played reverses the trick. Here both "
               "3s collided, so no surviving 3 reverses it.",
            1: "P1's Y3 collides with B3 (DD-R13).",
            2: "P2's B3 collides with Y3 (DD-R13).",
        }),
        explain="Both 3s collide, so under 'surviving_only' nothing reverses the trick: the "
                "highest surviving yellow, Y5 of P3, wins.",
        wrong=(4, 2),
    ),
    Exercise(
        6,
        "How many tricks does a whole 4-player game last?",
        answer=lambda: _game_tricks(4),
        check=exactly(36, hint="A round lasts until the hands are empty, and there are as many "
                               "rounds as players (DD-R3, DD-R5)."),
        explain="4 rounds (one per player, DD-R5) of 9 tricks (9 cards each, DD-R3): 36 tricks.",
        wrong=(9, 27, 12),
    ),
    Exercise(
        7,
        "If a player acquired k cards at random (deck a), which k from 0 to 36 gives the highest "
        "expected round score? Use `dd.mean_round_scores()`.",
        answer=_best_pile_size,
        check=_lazy(_best_pile_size, lambda k: exactly(
            k, hint="Compare the exact means of every k; the best is not the largest pile, as "
                    "more cards bring more 6s, which spoil the fives.")),
        explain="k = 9, with an exact mean of 26013483/4279240 ≈ +6.08 points; from there on "
                "6s and stray cards cost more than they bring.",
        wrong=(36, 12, 3),
    ),
)

check = BOOK.check

__all__ = ["BOOK", "check"]
