"""Doppelgänger (quest game): hidden roles, the Bag of Holding, damage ping-pong and balance.

Digest: ``shared/rules/doppelganger-quest.md`` (ids ``DQ-*``). The card data (heroes, weapon
tables, quests, items, token mix) is **illustrative** configuration: the rulebook gives none.

- :mod:`.cards`: loading and validating the card data (JSON only).
- :mod:`.engine`: ``Rules``, ``State``, ``new_game``, ``from_json``, ``loyalty_split``,
  ``pingpong_sequences``.
- :mod:`.analysis`: the Bag's odds, exact quest-damage distributions, simple policies and the
  seeded balance study.
- :mod:`.render`: the table, the Quest card and pool, the bag as SVG/HTML.
"""

from .analysis import (
    bag_draw_distribution,
    bag_white_probability,
    balance_study,
    balance_table,
    honest_black_probability,
    honest_policy,
    member_damage_distribution,
    one_quest,
    quest_damage_brute,
    quest_damage_distribution,
    sabotage_report,
    simple_policy,
    simulate,
    success_probability,
)
from .cards import DATA_FILE, CardSet, card_set
from .engine import (
    DOPPEL,
    GAME,
    LOYAL,
    QuestRound,
    Rules,
    State,
    draft_weapon,
    from_json,
    hand_size,
    is_friendly_fire,
    loyalty_split,
    minotaur_example,
    new_game,
    pingpong_count,
    pingpong_sequences,
    weapon_result,
)

__all__ = [
    "Rules", "State", "QuestRound", "new_game", "from_json", "loyalty_split",
    "pingpong_sequences", "pingpong_count", "bag_white_probability", "bag_draw_distribution",
    "quest_damage_distribution", "member_damage_distribution", "quest_damage_brute",
    "sabotage_report", "simple_policy", "simulate", "balance_study", "hand_size",
    "draft_weapon", "is_friendly_fire", "card_set", "CardSet", "DATA_FILE", "LOYAL", "DOPPEL",
    "GAME", "balance_table", "honest_black_probability", "honest_policy", "one_quest", "minotaur_example", "weapon_result", "success_probability",
]
PLAYER_COUNTS = (4,5,6,7,8)
