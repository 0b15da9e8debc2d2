"""The former single-module engine: every name it held, now from the package's modules.

Kept so code written against ``doppelganger_quest.engine`` keeps working; new code imports from
the package (``from doppelnb.engines import doppelganger_quest as dq``).

>>> from doppelnb.engines import doppelganger_quest as dq
>>> new_game is dq.new_game and loyalty_split(8) == (3, 5)
True
"""

from .examples import KATE, MIKE, MINOTAUR, NATE, minotaur_example
from .rules import (
    ANIMALS,
    BAG,
    DOPPEL,
    FRIENDLY_FIRE,
    GAME,
    HAND_LIMIT,
    LOYAL,
    LOYALTY,
    MARKER_SUPPLY,
    PINGPONG_LIMIT,
    PLAYER_COUNTS,
    SET_ASIDE,
    Rules,
    draft_weapon,
    hand_size,
    is_friendly_fire,
    loyalty_split,
    pingpong_count,
    pingpong_sequences,
    weapon_result,
)
from .state import State, from_json, new_game
from .table import QuestRound

__all__ = ["Rules", "State", "QuestRound", "new_game", "from_json", "loyalty_split",
           "pingpong_sequences", "pingpong_count", "hand_size", "draft_weapon",
           "is_friendly_fire", "weapon_result", "minotaur_example", "LOYAL", "DOPPEL", "GAME",
           "PLAYER_COUNTS", "PINGPONG_LIMIT", "ANIMALS", "BAG", "SET_ASIDE", "FRIENDLY_FIRE",
           "HAND_LIMIT", "LOYALTY", "MARKER_SUPPLY", "MINOTAUR", "KATE", "MIKE", "NATE"]
