"""The frozen dataclass base of the engines' states: :class:`FrozenGameState`.

It is part of :mod:`doppelnb.core.state`'s interface (import it from there); it lives in its own
module because that one is compiled by ``make fast``, where :class:`~.state.GameState` is a native
class, and a compiled module may not define a Python class over a native one. This module stays
interpreted in every build, so the engines' slotted frozen dataclasses are the same in both.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .frozen import FrozenMap
from .state import ActionLog, GameState
from .variants import RulesBase


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)
class FrozenGameState(GameState):
    """The record header every engine's frozen ``State`` dataclass inherits.

    An engine declares ``@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
    class State(FrozenGameState)`` with its own typed, immutable fields; the generated ``__eq__``
    compares every field (the action log included), so a replayed state equals the original.
    """

    players: int
    rules: RulesBase
    seed: int
    options: FrozenMap[str, Any] = dataclasses.field(default_factory=FrozenMap)
    action_log: ActionLog | None = None

    def __hash__(self) -> int:  # type: ignore[override]
        return hash((type(self).__name__, self.players, self.rules, self.seed, self.options,
                     self.action_log))


__all__ = ["FrozenGameState"]
