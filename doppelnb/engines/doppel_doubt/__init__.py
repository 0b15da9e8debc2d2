"""Doppel Doubt (MainMatch 6): ten Doppels in five colour pairs claim squares of a 17x17 board
with polyominoes, in card order, then guess who is who. P scores the positive squares of its
colour's area, Q the negative ones, and the colour scores the gap.

Digest: ``shared/rules/doppel-doubt.md`` (rule ids ``DB-R*``, examples ``DB-E*``, ambiguities
``DB-A*``). Illustrative, not from the rulebook: the board values and starting squares
(``doppelnb/data/doppel_doubt_board.json``), the shapes revealed each round (seeded), and who holds
the Artefact powers (an option).

Modules: :mod:`.shapes` (one-sided polyominoes), :mod:`.board` (placement legality, bitboards),
:mod:`.resolve` (pure rule functions), :mod:`.game` (the state), :mod:`.analysis`,
:mod:`.render`.
"""

from .analysis import (
    greedy_policy,
    legal_counts,
    mid_game_board,
    resolution_readings,
    simulate,
    takeover_comparison,
)
from .board import Board, Placement, Verdict
from .game import State, Submission, from_json, illustrative_shapes, new_game
from .resolve import (
    ClaimStep,
    Resolution,
    Results,
    adjust,
    allocate_starts,
    card_order,
    check_dark,
    check_hands,
    colour_scores,
    deal_hands,
    draft_shapes,
    guess_points,
    match_results,
    resolve_placements,
    territory_scores,
)
from .rules import COLOURS, DOPPELS, LETTERS, SIZE, Rules, colour_of, letter_of, partner_of
from .shapes import Shape, one_sided_polyominoes, shape_by_name

__all__ = [
    "Rules", "SIZE", "COLOURS", "LETTERS", "DOPPELS", "colour_of", "letter_of", "partner_of",
    "Shape", "one_sided_polyominoes", "shape_by_name", "Board", "Verdict", "Placement",
    "State", "Submission", "new_game", "from_json", "illustrative_shapes", "deal_hands",
    "check_hands", "card_order", "check_dark", "allocate_starts", "draft_shapes", "ClaimStep",
    "Resolution", "resolve_placements", "territory_scores", "colour_scores", "guess_points",
    "adjust", "Results", "match_results", "legal_counts", "takeover_comparison", "simulate",
    "greedy_policy", "mid_game_board", "resolution_readings",
]
PLAYER_COUNTS = (10,)
