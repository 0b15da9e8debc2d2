"""The names of the former ``game`` module, kept working: the State lives in :mod:`.state`, its
set-up and action effects in :mod:`.flow`, the questions it answers in :mod:`.base` and the
actions in :mod:`.actions`."""

from __future__ import annotations

from ...core.frozen import FrozenMap
from .actions import ARITY, END_REASONS, PHASE_ACTIONS, WAITING_FOR, Action
from .base import ACTION_COST, ACTION_POINTS, LIFE_BY_PLAYERS, PLAYER_COUNTS, SETUP_HAND
from .state import State, from_json, new_game

#: the read-only mapping states hold (kept under its former name)
ReadOnlyMap = FrozenMap

__all__ = ["State", "new_game", "from_json", "LIFE_BY_PLAYERS", "PLAYER_COUNTS", "ARITY",
           "END_REASONS", "ReadOnlyMap", "Action", "PHASE_ACTIONS", "WAITING_FOR",
           "ACTION_COST", "ACTION_POINTS", "SETUP_HAND"]
