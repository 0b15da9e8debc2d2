"""Doppelganger: Unleashed From Groom Lake! -- a Team walks out of a desert built tile by tile.

Rule ids (``GL-R..``): see the rules index, :mod:`doppelnb.rulebook`. The desert is a networkx graph of
placed tiles; the tile set and the Supply deck are **illustrative** (the rulebook, a prototype,
lists neither) and ship as JSON in ``doppelnb/data/``.

Modules: :mod:`.tiles` (tile data), :mod:`.cards` (Supply cards), :mod:`.rules` (variant flags),
:mod:`.desert` (the graph, red dots, placement priority and its report), :mod:`.placement`
(the red-dot rule edge by edge), :mod:`.paths` (distances, stacks, reachability, trapped),
:mod:`.odds` (dice and exact clearing odds), :mod:`.state` (the frozen State: its fields, its
questions and its View), :mod:`.setup` (the deal), :mod:`.actions` (the typed actions, one
class per kind), :mod:`.legal` (who acts, legal actions and why not), :mod:`.apply` (the Draft
and how an action changes it), :mod:`.players` (greedy, determinize, the fast random playout),
:mod:`.analysis` (exact tables and pictures), :mod:`.simulation` (``simulate``, the explorer
policy and its growth study), :mod:`.teaching` (the flags' words and the unclear points),
:mod:`.render` (SVG).
"""

from ...core.spec import GameSpec, register
from .cards import USABLE, SupplyDeck, load_deck
from .desert import Desert
from .notation import GAME, PLAYER_COUNTS
from .odds import (
    clear_probability,
    clear_probability_brute_force,
    clear_probability_table,
    dice_breakdown,
    dice_for_attempt,
    usable_cards,
)
from .paths import distance_to_start, is_trapped, reachable, region, stack_chain, stack_to_draw
from .placement import PlacementReport
from .players import determinize as _determinize
from .players import greedy as _greedy
from .players import playout as _playout
from .players import prepare_determinize as _prepare_determinize
from .players import sides as _sides
from .rules import LIFE_BY_PLAYERS, Rules
from .simulation import PlaySummary, simulate
from .state import State, View, from_json, new_game
from .tiles import Tile, TileSet, load_tiles

# The engine's entry in the game registry (doppelnb.core.spec): everything players, sweeps, the
# command line and the widgets look up, written down here instead of probed for.
GAME_SPEC = register(GameSpec(
    name=GAME, module=__name__, State=State, Rules=Rules, player_counts=PLAYER_COUNTS,
    new_game=new_game, from_json=from_json, greedy=_greedy, determinize=_determinize, sides=_sides,
    prepare_determinize=_prepare_determinize, playout=_playout))

__all__ = [
    "GAME_SPEC",
    "Rules", "State", "View", "new_game", "from_json", "simulate", "PlaySummary", "distance_to_start", "stack_to_draw",
    "stack_chain", "clear_probability", "clear_probability_table", "clear_probability_brute_force",
    "dice_for_attempt", "dice_breakdown", "usable_cards", "Desert", "PlacementReport",
    "reachable", "region", "is_trapped", "Tile", "TileSet", "load_tiles", "SupplyDeck",
    "load_deck", "USABLE", "LIFE_BY_PLAYERS", "PLAYER_COUNTS", "GAME",
]
