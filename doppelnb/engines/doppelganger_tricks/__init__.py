"""Doppelgänger Tricks: a trick-taking game where doppelgänger cards take the lead suit and
annihilate their plain twin (3 or 4 players; forecasts, annihilation, bonus cards).

Rule ids (``DT-R``, ``DT-E``, ``DT-A``, ``DT-T``): see the rules index, :mod:`doppelnb.rulebook`.
Nothing here is illustrative data: the rulebook gives the whole deck. The suit glyphs ●▲■ and ♣
are the digest's reconstruction of garbled symbols (DT-A1) and can be relabelled.

Modules (the layout of CONTRIBUTING.md): :mod:`.notation` (cards), :mod:`.rules` (``Rules``
and the pure rule functions), :mod:`.actions` (typed actions), :mod:`.state` (the frozen
``State`` and its ``View``), :mod:`.legal` (the legal actions and why an action is refused),
:mod:`.apply` (how an action changes the state); the checked integer kernel that ``make fast``
compiles: :mod:`.kernel` (the round in integers: ``Moment``, ``Book``), :mod:`.deal` (the
seeded deal), :mod:`.codes` (hand masks, the trick winner on codes), :mod:`.scoring` (the score
sheet's tables); :mod:`.analysis` (the exact census),
:mod:`.simulation` (seeded rounds on codes), :mod:`.batch` (numpy playouts), :mod:`.render`
(SVG / HTML), :mod:`.examples` (worked examples, golden cases), :mod:`.players` (greedy,
determinize), :mod:`.worlds` (a search's worlds: the hidden deal, drawn in batches) and
:mod:`.playout_loop` (a search's random playout).

The kernel has a checked loop of its own, for code that needs speed more than a record: a
``Moment`` is the game without its action log, ``legal()`` its legal actions (a tuple) and
``apply(action)`` the next moment, every action checked as ``State.play`` checks it (the same
``RuleError``, rule id and reason for a refused one):

>>> from doppelnb.engines.doppelganger_tricks import Rules, kernel, new_game
>>> m = kernel.start(4, Rules(), seed=7)
>>> m == new_game(4, seed=7).moment
True
>>> m = m.apply(m.legal()[2])
>>> m.apply("4S")
Traceback (most recent call last):
...
doppelnb.core.errors.IllegalAction: DT-R6: every player forecasts before the first trick; P3 must forecast now
>>> while not m.is_over:
...     m = m.apply(m.legal()[0])
>>> len(m.book.sheet), len(m.book.totals)
(4, 4)

It is what ``make fast`` compiles, and what the benchmark times against OpenSpiel
(``benchmarks/doppelganger_tricks.py``); a ``State`` (``new_game``) is the same game with its
record, its readable fields and its views.
"""

from ...core.spec import GameSpec, register
from .actions import PASS, Action, Bid, Claim, Play
from .analysis import (
    CENSUS_KEYS,
    annihilation_census,
    annihilation_census_brute_force,
    census_fractions,
)
from .batch import BatchOutcome, batched_rounds, resolve_batch
from .deal import tricks_per_round
from .examples import GOLDEN, example_game, worked_example
from .legal import legal_plays
from .notation import (
    ALL_CARDS,
    DOPPELGANGER,
    GAME,
    PLAIN_SUITS,
    PLAYER_COUNTS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    card,
    cards,
    deck,
)
from .players import aim_policy, determinize, greedy, prepare_determinize
from .playout_loop import playout
from .render import (
    annihilation_rates_html,
    card_svg,
    census_chart,
    census_table,
    hand_svg,
    score_sheet_html,
    scoring_table_html,
    trick_svg,
)
from .rules import (
    BONUS_NAMES,
    PlayedTrick,
    RoundScore,
    Rules,
    TrickResult,
    bonus_points,
    forecast_points,
    resolve_trick,
    round_points,
)
from .simulation import (
    DoppelgangerValue,
    ForecastAnalysis,
    PlaySummary,
    Rate,
    annihilation_rates,
    doppelganger_value,
    forecast_analysis,
    heuristic_bid,
    simulate,
    simulate_round,
)
from .state import State, View, from_json, new_game
from .teaching import flag_effects

# The engine's entry in the game registry (doppelnb.core.spec): everything players, sweeps, the
# command line and the widgets look up, written down here instead of probed for.
GAME_SPEC = register(GameSpec(
    name=GAME, module=__name__, State=State, Rules=Rules, player_counts=PLAYER_COUNTS,
    new_game=new_game, from_json=from_json, greedy=greedy, determinize=determinize, sides=None,
    prepare_determinize=prepare_determinize, playout=playout))

__all__ = [
    "GAME_SPEC",
    "Card", "card", "cards", "deck", "SUITS", "PLAIN_SUITS", "DOPPELGANGER", "SUIT_SYMBOLS",
    "ALL_CARDS", "PLAYER_COUNTS", "Rules", "TrickResult", "resolve_trick", "legal_plays", "forecast_points",
    "bonus_points", "round_points", "BONUS_NAMES", "State", "View", "PlayedTrick", "RoundScore",
    "new_game", "from_json", "example_game", "tricks_per_round", "GAME", "annihilation_census",
    "annihilation_census_brute_force", "census_fractions", "CENSUS_KEYS", "simulate_round",
    "forecast_analysis", "ForecastAnalysis", "annihilation_rates", "Rate", "doppelganger_value",
    "DoppelgangerValue", "heuristic_bid", "flag_effects", "aim_policy", "batched_rounds", "resolve_batch", "BatchOutcome",
    "card_svg", "hand_svg", "annihilation_rates_html", "trick_svg", "score_sheet_html", "census_table", "census_chart",
    "scoring_table_html", "Play", "Bid", "Claim", "PASS", "Action", "GOLDEN", "worked_example",
    "greedy", "determinize", "playout", "simulate", "PlaySummary",
]
