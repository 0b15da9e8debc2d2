"""The numbers typed into chapter 2's prose (notebooks/02_doppelganger_tricks.ipynb), each computed
from the engine (tests/test_prose_numbers.py checks them). Simulation figures never appear in the
prose: they are cell outputs."""

from __future__ import annotations

from fractions import Fraction

from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import examples as ex
from doppelnb.engines.doppelganger_tricks.analysis import census_closed_form
from doppelnb.engines.doppelganger_tricks.deal import tricks_per_round
from doppelnb.engines.doppelganger_tricks.exercises import BOOK

EXAMPLE_1 = dt.resolve_trick(ex.ANNIHILATION_EXAMPLES["DT-E3"][0].split())
RULES = dt.Rules()


def _first_bid_forecasts() -> tuple[int, ...]:
    """DT-E1: the forecasts the chapter has the engine make."""
    state = dt.new_game(3, seed=1, first_player=0)
    for bid in (3, 0, 5):
        state = state.play(["bid", bid])
    return tuple(state.bids)


def _followers(players: int) -> int:
    return players - 1


FACTS = {
    "0": [("the lowest forecast", lambda: dt.new_game(4, seed=0).legal_actions()[0][1]),
          ("a forecast of 0 that wins one trick scores 0 (DT-R18)",
           lambda: dt.forecast_points(0, 1)),
          ("an off-by-two forecast of 1 or more scores 0", lambda: dt.forecast_points(3, 5)),
          ("DT-E1's second forecast", lambda: _first_bid_forecasts()[1]),
          ("no-winner 3-player tricks (exercise 5)", lambda: BOOK.answer(5))],
    "1": [("the lowest card number", lambda: min(c.number for c in dt.deck(4))),
          ("off by one scores 1 (DT-R18)", lambda: dt.forecast_points(3, 4)),
          ("the +1 bonus card's points", lambda: dt.bonus_points(("+1",), 3, 0)),
          ("the smallest forecast scored as 3/1/0 rather than 7/0",
           lambda: min(b for b in range(13) if dt.forecast_points(b, b) == 3))],
    "2": [("exercise 3's answer", lambda: BOOK.answer(3))],
    "3": [("the fewest players (DT-R1)", lambda: min(dt.PLAYER_COUNTS)),
          ("an exact forecast scores 3 (DT-R18)", lambda: dt.forecast_points(3, 3)),
          ("the +3 bonus card's points", lambda: dt.bonus_points(("+3",), 2, 2)),
          ("DT-E1's first forecast", lambda: _first_bid_forecasts()[0]),
          ("followers in a 4-player trick", lambda: _followers(4)),
          ("how many times as often a D card is annihilated (exercise 6)",
           lambda: BOOK.answer(6)),
          ("rounds in a 3-player game (DT-R20)", lambda: dt.new_game(3, seed=0).rounds)],
    "4": [("the most players (DT-R1)", lambda: max(dt.PLAYER_COUNTS)),
          ("the number that wins the rulebook's first example",
           lambda: EXAMPLE_1.winning_card.number)],
    "5": [("DT-E1's third forecast", lambda: _first_bid_forecasts()[2]),
          ("tricks won in the scoring prompt (DT-E10: forecast 3, won 5)",
           lambda: ex.SCORING_EXAMPLES[3][1]),
          ("the doppelgänger's number in the DT-T8 corner", lambda: dt.card("5D").number)],
    "6": [("the number of the twins in the rulebook's first example",
           lambda: EXAMPLE_1.cards[0].number)],
    "7": [("an exact forecast of 0 scores 7 (DT-R18)", lambda: dt.forecast_points(0, 0))],
    "10": [("the highest card number", lambda: max(c.number for c in dt.deck(4))),
           ("tricks in a 4-player round (DT-R17)", lambda: tricks_per_round(4)),
           ("an exact 0 with the +3 card (DT-A5 default)",
            lambda: dt.round_points(0, 0, ("+3",), RULES)),
           ("N, numbers per suit with 4 players", lambda: len(dt.deck(4)) // 4)],
    "12": [("the highest forecast as printed (DT-A6 default)",
            lambda: dt.new_game(4, seed=0).legal_actions()[-1][1]),
           ("tricks in a 3-player round (DT-R17)", lambda: tricks_per_round(3))],
    "30": [("the cards the other three players hold", lambda: len(dt.deck(4)) - 10)],
    "36": [("tricks in a whole 3-player game (exercise 7)", lambda: BOOK.answer(7))],
    "39": [("the cards other than the lead card (4 players)", lambda: len(dt.deck(4)) - 1)],
    "40": [("cards in the 4-player deck (DT-R3)", lambda: len(dt.deck(4)))],
    "64,260": [("possible 3-player tricks", lambda: dt.annihilation_census(3)["tricks"])],
    "1/13": [("the chance the lead card is annihilated, 4 players",
              lambda: census_closed_form(4)["lead_annihilated"]),
             ("exercise 4's answer", lambda: BOOK.answer(4))],
    "3/39": [("followers over the other cards", lambda: Fraction(_followers(4), 39))],
    "1/3": [("the break-even chance of the +3 card against the +1 card",
             lambda: Fraction(dt.bonus_points(("+1",), 3, 0), dt.bonus_points(("+3",), 2, 2)))],
    "95%": [("the intervals' confidence level", lambda: Fraction(95, 100))],
}
