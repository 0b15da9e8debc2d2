"""Doppelgänger (quest game): hidden roles, the Bag of Holding, damage ping-pong and balance.

Rule ids (``DQ-*``): see the rules index, :mod:`doppelnb.rulebook`. The card data (heroes, weapon
tables, quests, items, token mix) is **illustrative** configuration: the rulebook gives none.

The layout is every engine's (CONTRIBUTING.md): :mod:`.rules` (flags and pure rule functions),
:mod:`.cards` (the card data, JSON only), :mod:`.actions` (typed actions, their notation and
parsing), :mod:`.state` (the frozen State and View), :mod:`.legal` (the legal decisions and why
one is refused), :mod:`.apply` (how a decision changes the position: a core Draft, with the end
of a Quest in :mod:`.pingpong`), :mod:`.setup` and :mod:`.table` (what lies on the table and the
questions every position answers), :mod:`.analysis` (the Bag's odds, exact quest damage, the
balance study), :mod:`.players` (greedy, the determinizing sampler, the fast playout),
:mod:`.render` and :mod:`.examples`.

>>> s = new_game(4, seed=1)
>>> s.phase, len(s.legal_actions()), str(s.legal_actions()[0]).startswith("hero ")
('draft', 6, True)
"""

from ...core.spec import GameSpec, register
from .actions import Action
from .analysis import (
    bag_draw_distribution,
    bag_white_probability,
    honest_black_probability,
    member_damage_distribution,
    one_quest,
    quest_damage_distribution,
    quest_damage_distribution_brute_force,
    sabotage_report,
    success_probability,
)
from .cards import DATA_FILE, CardSet, card_set, register_data
from .examples import GOLDEN, minotaur_example
from .notation import GAME, PLAYER_COUNTS
from .players import determinize, greedy, honest_policy, playout, prepare_determinize, simple_policy
from .players import sides as _sides
from .rules import (
    DOPPEL,
    LOYAL,
    PINGPONG_LIMIT,
    Rules,
    draft_weapon,
    hand_size,
    is_friendly_fire,
    loyalty_split,
    pingpong_count,
    pingpong_sequences,
    weapon_result,
)
from .simulation import PlaySummary, balance_study, balance_table, simulate
from .state import State, View, from_json, new_game
from .table import QuestRound

# The engine's entry in the game registry (doppelnb.core.spec): everything players, sweeps, the
# command line and the widgets look up, written down here instead of probed for.
GAME_SPEC = register(GameSpec(
    name=GAME, module=__name__, State=State, Rules=Rules, player_counts=PLAYER_COUNTS,
    new_game=new_game, from_json=from_json, greedy=greedy, determinize=determinize, sides=_sides,
    prepare_determinize=prepare_determinize, playout=playout))

__all__ = [
    "GAME_SPEC",
    "Rules", "State", "View", "QuestRound", "Action", "new_game", "from_json", "loyalty_split",
    "pingpong_sequences", "pingpong_count", "bag_white_probability", "bag_draw_distribution",
    "quest_damage_distribution", "member_damage_distribution",
    "quest_damage_distribution_brute_force",
    "sabotage_report", "simple_policy", "simulate", "PlaySummary", "balance_study", "hand_size",
    "draft_weapon", "is_friendly_fire", "card_set", "CardSet", "DATA_FILE", "LOYAL", "DOPPEL",
    "GAME", "PLAYER_COUNTS", "PINGPONG_LIMIT", "register_data", "balance_table",
    "honest_black_probability", "honest_policy", "one_quest", "minotaur_example",
    "weapon_result", "success_probability", "greedy", "determinize", "GOLDEN",
]
