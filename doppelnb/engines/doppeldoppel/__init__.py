"""Doppeldoppel (ドッペルドッペル): a 3-4 player trick-taking game where equal numbers collide.

Each trick, cards showing the same number are discarded; the best surviving card of the lead
colour wins (the lowest instead of the highest when a 3 was played), and the winner keeps the
survivors. At the end of each round the kept cards score by rank. Rule ids
(``DD-R*``, ``DD-E*``, ``DD-A*``, ``DD-T*``): see the rules index, :mod:`doppelnb.rulebook`.

The package reads in the project's one order: :mod:`.notation` (cards ``"Y5"``), :mod:`.decks`
(the DD-A1 compositions), :mod:`.rules` (``Rules`` flags, ``resolve_trick``, ``round_score``),
:mod:`.actions` (``Card`` and ``Lead`` actions), :mod:`.legal` (``legal_plays``, the legal
actions and why one is refused), :mod:`.apply` (the Draft whose rule functions play a card),
:mod:`.state` (``State``, ``new_game``, ``from_json``, the frozen ``View``), :mod:`.analysis`
(exact tables, distributions, census), :mod:`.simulation` (seeded games counted),
:mod:`.teaching` (flags and open questions in a class's words), :mod:`.render` (SVG/HTML),
:mod:`.examples` (worked examples, golden cases) and :mod:`.players` (greedy, determinize, the
random playout). Everything public is re-exported here.

Illustrative, not from the rulebook: the number of cards of each rank (DD-A1, three candidate
compositions shipped in ``doppelnb/data/doppeldoppel_decks.json``) and the names of the two
colours other than yellow (DD-A2).

>>> resolve_trick(["Y5", "Y2", "Y4", "R5"]).winner      # DD-E2: the 5s collide, Y4 wins
2
>>> round_score({1: 2, 2: 2, 3: 1})                      # DD-E4
7
>>> legal_plays(["Y1", "R6", "B2"], "Y")                 # DD-T10
[Card('Y', 1)]
"""


from ...core.spec import GameSpec, register
from .actions import Lead
from .analysis import (
    CENSUS_KEYS,
    TrickCensus,
    census_table,
    collision_census,
    collision_census_brute_force,
    mean_round_scores,
    resolve_tricks,
    round_score_distribution,
    round_score_distribution_brute_force,
    scoring_table,
    scoring_tables,
    scoring_tables_html,
)
from .decks import deck_candidates, parse_deck_candidates
from .legal import legal_plays
from .notation import (
    COLOURS,
    DECK_SIZE,
    GAME,
    PLAYER_COUNTS,
    RANKS,
    Card,
    card_key,
    parse_card,
    parse_cards,
    sort_cards,
)
from .players import determinize as _determinize
from .players import greedy as _greedy
from .players import playout as _playout
from .players import prepare_determinize as _prepare_determinize
from .render import card_svg, deck_svg, hand_svg, trick_svg
from .rules import (
    DEFAULT_RULES,
    JAPANESE_SCORE_TABLES,
    Rules,
    ScoreBreakdown,
    TrickRecord,
    TrickResult,
    pile_counts,
    resolve_trick,
    round_score,
    score_breakdown,
)
from .simulation import PlaySummary, simulate, variant_survey
from .state import State, View, from_json, new_game
from .teaching import READING_CASES, reversal_readings_table

# The engine's entry in the game registry (doppelnb.core.spec): everything players, sweeps, the
# command line and the widgets look up, written down here instead of probed for.
GAME_SPEC = register(GameSpec(
    name=GAME, module=__name__, State=State, Rules=Rules, player_counts=PLAYER_COUNTS,
    new_game=new_game, from_json=from_json, greedy=_greedy, determinize=_determinize, sides=None,
    prepare_determinize=_prepare_determinize, playout=_playout))

__all__ = [
    "GAME_SPEC",
    "GAME", "COLOURS", "RANKS", "DECK_SIZE", "PLAYER_COUNTS", "JAPANESE_SCORE_TABLES", "Card",
    "card_key", "sort_cards", "parse_card", "parse_cards", "deck_candidates",
    "parse_deck_candidates", "Rules", "DEFAULT_RULES", "legal_plays", "TrickResult",
    "resolve_trick", "ScoreBreakdown", "score_breakdown", "round_score", "pile_counts", "Lead",
    "TrickRecord", "View", "State", "new_game", "from_json", "scoring_table",
    "scoring_tables", "scoring_tables_html", "round_score_distribution",
    "round_score_distribution_brute_force", "mean_round_scores", "CENSUS_KEYS", "TrickCensus",
    "collision_census", "collision_census_brute_force", "census_table", "resolve_tricks",
    "READING_CASES", "reversal_readings_table", "PlaySummary", "simulate", "variant_survey", "card_svg",
    "hand_svg", "trick_svg", "deck_svg",
]
