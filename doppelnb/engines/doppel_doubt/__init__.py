"""Doppel Doubt (MainMatch 6): ten Doppels in five colour pairs claim squares of a 17x17 board
with polyominoes, in card order, then guess who is who. P scores the positive squares of its
colour's area, Q the negative ones, and the colour scores the gap.

Rule ids (``DB-R*`` rules, ``DB-E*`` examples, ``DB-A*`` unclear points) are explained in the
rules index, :mod:`doppelnb.rulebook` (``lookup("DB-R13")``). Illustrative, not from the rulebook: the board values and starting squares
(``doppelnb/data/doppel_doubt_board.json``), the shapes revealed each round (seeded), and who holds
the Artefact powers (an option).

Modules, in the order every engine follows: :mod:`.notation` (squares), :mod:`.rules` (flags and
pure rule functions), :mod:`.actions` (typed actions, and a seat's :class:`Submission` of them),
:mod:`.state` (the frozen State and its :class:`View`), :mod:`.legal` (each step's legal actions
and the rule-by-rule check), :mod:`.apply` (how each action changes the state, and a round's
resolution), :mod:`.players` (greedy, determinize, the fast random playout), :mod:`.analysis`,
:mod:`.render`, :mod:`.examples` (worked examples, golden cases); and for this game
:mod:`.options` (the recorded setup options and the illustrative shapes), :mod:`.shapes`
(one-sided polyominoes), :mod:`.board` (the board and its placement check, with
:mod:`.board_data`), :mod:`.verdict` (what a placement covers and the rules it breaks),
:mod:`.placing` (every legal placement, with :mod:`.bitboards`), :mod:`.claims` (claim
resolution) and :mod:`.scoring` (scores, guesses, awards).
"""

from ...core.spec import GameSpec, register
from .actions import Action, Submission, parse_action
from .analysis import (
    legal_counts,
    mid_game_board,
    resolution_readings,
    takeover_comparison,
)
from .board import Board
from .claims import ClaimStep, Resolution, resolve_placements
from .notation import GAME, PLAYER_COUNTS, SIZE
from .options import illustrative_shapes
from .players import determinize, greedy, greedy_policy, playout
from .players import sides as _sides
from .rules import (
    COLOURS,
    DOPPELS,
    LETTERS,
    Rules,
    allocate_starts,
    card_order,
    check_dark,
    check_hands,
    colour_of,
    deal_hands,
    draft_shapes,
    letter_of,
    partner_of,
)
from .scoring import (
    Results,
    adjust,
    colour_scores,
    guess_points,
    match_results,
    territory_scores,
)
from .shapes import Placement, Shape, one_sided_polyominoes, shape_by_name
from .simulation import PlaySummary, simulate
from .state import State, View, from_json, new_game
from .verdict import Verdict

# The engine's entry in the game registry (doppelnb.core.spec): everything players, sweeps, the
# command line and the widgets look up, written down here instead of probed for.
GAME_SPEC = register(GameSpec(
    name=GAME, module=__name__, State=State, Rules=Rules, player_counts=PLAYER_COUNTS,
    new_game=new_game, from_json=from_json, greedy=greedy, determinize=determinize, sides=_sides,
    prepare_determinize=None, playout=playout))

__all__ = [
    "GAME_SPEC",
    "Rules", "SIZE", "COLOURS", "LETTERS", "DOPPELS", "colour_of", "letter_of", "partner_of",
    "Shape", "one_sided_polyominoes", "shape_by_name", "Board", "Verdict", "Placement",
    "GAME", "PLAYER_COUNTS", "State", "View", "Submission", "new_game", "from_json",
    "illustrative_shapes", "deal_hands", "check_hands", "card_order", "check_dark",
    "allocate_starts", "draft_shapes", "ClaimStep", "Resolution", "resolve_placements",
    "territory_scores", "colour_scores", "guess_points", "adjust", "Results", "match_results",
    "legal_counts", "takeover_comparison", "simulate", "PlaySummary", "greedy_policy", "greedy",
    "determinize", "mid_game_board", "resolution_readings", "Action", "parse_action",
]
