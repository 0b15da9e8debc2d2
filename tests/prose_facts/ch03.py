"""The numbers typed into chapter 3's prose (notebooks/03_groom_lake.ipynb), each computed by the
engine (tests/test_prose_numbers.py). An exercise's own figures are read from the question the
checker asks (exercises.py), so the chapter and the checker cannot drift apart."""

from __future__ import annotations

import re
from fractions import Fraction

from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import examples as ex
from doppelnb.engines.groom_lake.analysis import alien_absent_probability
from doppelnb.engines.groom_lake.exercises import BOOK
from doppelnb.engines.groom_lake.odds import MAX_DICE

FULL = {"3": 9, "6": 9, "compass": 9}


def _band(stack: str) -> list[int]:
    """The distances to START from which a scout draws from ``stack`` (all stacks full)."""
    return [d for d in range(0, 30) if gl.stack_to_draw(d, FULL) == stack]


def _in_question(number: int, pattern: str) -> int:
    return int(re.search(pattern, BOOK[number].question)[1])


def _ready(**options):
    return ex.past_deal(gl.new_game(4, seed=1, **options))


def _ap_spent(state, action) -> int:
    return state.ap - state.play(action).ap


def _e4(seed: int) -> tuple[int, bool]:
    """The dice total of a seeded GL-E4 attempt on High Heat 7, and whether it cleared."""
    states = ex.attempt_steps(ex.gl_e4_high_heat(seed), (1, 0))
    roll = next(e for s in states for e in s.events if "roll" in e and "against" in e)
    return int(roll.split(" = ")[1].split(" ")[0]), (1, 0) in states[-1].map_tokens


def _extra_cards(rules: gl.Rules, players: int = 4) -> int:
    """Supply cards dealt after the role stacks (2 per stack), per the reading (GL-R6)."""
    deal = gl.new_game(players, seed=1, rules=rules)
    return sum(len(h) for h in deal.hands) - 2 * players


def _role_stack(role: str) -> tuple[str, ...]:
    """The cards on a role stack at set-up, read from a deal whose leftover stack is ``role``."""
    deal = next(d for d in (gl.new_game(4, seed=s) for s in range(1, 50)) if d.leftover[0] == role)
    return deal.leftover[1]


def _flash_flood():
    return gl.dice_breakdown("flash_flood", ["rope", "compass", "canteen", "shovel"], 2, 5)


def _votes_cast(players: int = 5) -> int:
    return sum(1 for s in ex.gl_r27_vote(players=players, yes=3) for e in s.events
               if re.fullmatch(r"P\d votes (yes|no).*", e.split(";")[0]))


FACTS = {
    "0": [("START's distance to START (GL-R16)", lambda: gl.new_game(4, seed=1).team_distance())],
    "1": [("action points a scout costs (GL-R12)", lambda: _ap_spent(_ready(), "scout")),
          ("action points a move onto Open Desert costs (GL-R17)",
           lambda: _ap_spent(_ready(layout=[[1, 0, "A08", 0]]), ["move", 1, 0])),
          ("shuffles in which the Alien's stack is left over, 5 players",
           lambda: alien_absent_probability(5).numerator)],
    "1/6": [("chance of no Alien with 5 players (GL-E8)", lambda: alien_absent_probability(5))],
    "2": [("action points a turn (GL-R12)", lambda: _ready().ap),
          ("Recovery cards on the Alien's stack (GL-R5)", lambda: len(_role_stack("alien"))),
          ("Supply cards on a Human's stack (GL-R5)", lambda: len(_role_stack("human"))),
          ("action points a move onto a Mountain costs (GL-R17)",
           lambda: ex.gl_r17_mountain()[0].ap - ex.gl_r17_mountain()[1].ap),
          ("action points a vote costs (GL-R27)",
           lambda: _ap_spent(_ready(), ["vote", 1])),
          ("tiles a scout draws (GL-R13)",
           lambda: len(_ready().play("scout").pending["drawn"])),
          ("Supply cards the leader draws per hand-out (GL-R18)",
           lambda: len(ex.gl_e9_crash_site().play(["move", 1, 0]).pending["drawn"])),
          ("the number on the GL-E9 Crash Site", lambda: gl.load_tiles()[ex.CRASH_2].crash_site),
          ("Life tokens in exercise 2's pile", lambda: _in_question(2, r"and (\d+) Life")),
          ("dice in exercise 2's answer", lambda: BOOK.answer(2)),
          ("cards matching a Flash Flood in exercise 2", lambda: len(_flash_flood()["matching"])),
          ("tools costing a die in exercise 2", lambda: len(_flash_flood()["penalised"])),
          ("YES votes of a 5-player vote that ties (GL-T17)", lambda: _votes_cast() // 2)],
    "3": [("the stack drawn from up to 4 steps", lambda: int(gl.stack_to_draw(0, FULL))),
          ("cards each player keeps at set-up (GL-R6)",
           lambda: max(len(h) for h in _ready().hands)),
          ("dice whose chance to beat 10 is exactly 1/2",
           lambda: next(n for n in range(1, 11) if gl.clear_probability(n, 10) == Fraction(1, 2))),
          ("fewest YES votes to remove P2 of 5 players (exercise 6)", lambda: BOOK.answer(6))],
    "4": [("last distance served by the \"3\" stack (GL-R16)", lambda: max(_band("3"))),
          ("most starting players without the tool penalty (GL-R20)",
           lambda: max(n for n in gl.PLAYER_COUNTS
                       if gl.dice_for_attempt("high_heat", ["rope"], 1, n) == 1)),
          ("fewest dice for an even chance against 13 (exercise 3)", lambda: BOOK.answer(3)),
          ("Life tokens and matching cards in exercise 2",
           lambda: _flash_flood()["life"] + len(_flash_flood()["matching"])),
          ("votes cast when 5 players vote on P2", _votes_cast)],
    "5": [("first distance served by the \"6\" stack (GL-R16)", lambda: min(_band("6"))),
          ("steps from START in exercise 1", lambda: _in_question(1, r"stands (\d+) steps"))],
    "6": [("the stack drawn from 5 to 8 steps", lambda: int(gl.stack_to_draw(5, FULL))),
          ("role stacks with 5 players (GL-E8)",
           lambda: alien_absent_probability(5).denominator),
          ("the stack of exercise 1's answer", lambda: int(BOOK.answer(1)))],
    "7": [("the value of the GL-E4 obstacle", lambda: gl.load_tiles()[ex.HEAT_7].value),
          ("a total that fails against 7 (GL-E4)",
           lambda: _e4(ex.E4_TOTAL_7)[0] if not _e4(ex.E4_TOTAL_7)[1] else None)],
    "8": [("last distance served by the \"6\" stack (GL-R16)", lambda: max(_band("6"))),
          ("a total that clears 7 (GL-E4)",
           lambda: _e4(ex.E4_TOTAL_8)[0] if _e4(ex.E4_TOTAL_8)[1] else None)],
    "9": [("first distance served by the Compass stack (GL-R16)", lambda: min(_band("compass")))],
    "10": [("dice in the box, the most ever rolled (GL-R3, GL-R20)", lambda: MAX_DICE),
           ("more Supply cards dealt at set-up (GL-R6)", lambda: _extra_cards(gl.Rules())),
           ("Supply cards each player gets under the other reading (GL-A23)",
            lambda: _extra_cards(gl.Rules(initial_extra_deal="10_each")) // 4),
           ("the value 3 dice beat exactly half the time",
            lambda: next(v for v in range(3, 19) if gl.clear_probability(3, v) == Fraction(1, 2)))],
    "13": [("the obstacle value of exercise 3", lambda: _in_question(3, r"of value (\d+)"))],
    "16.2": [("percent chance that 3 dice beat 13", lambda: 100 * gl.clear_probability(3, 13))],
    "55.6": [("percent chance that 4 dice beat 13", lambda: 100 * gl.clear_probability(4, 13))],
    "50": [("the even chance of exercise 3, in percent", lambda: _in_question(3, r"\((\d+) %\)"))],
}
