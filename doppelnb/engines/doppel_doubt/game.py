"""Former home of the state (kept so old imports work): see :mod:`.state` and :mod:`.flow`."""

from __future__ import annotations

from .flow import Submission, illustrative_shapes
from .state import PLAYER_COUNTS, State, from_json, new_game

__all__ = ["State", "Submission", "new_game", "from_json", "illustrative_shapes",
           "PLAYER_COUNTS"]
