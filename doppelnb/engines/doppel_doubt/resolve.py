"""Former home of the pure rule functions (kept so old imports work): see :mod:`.rules`,
:mod:`.claims` and :mod:`.scoring`."""

from __future__ import annotations

from .claims import ClaimStep, Resolution, light_target_ok, resolve_placements
from .rules import (
    allocate_starts,
    card_order,
    check_dark,
    check_hands,
    deal_hands,
    draft_shapes,
    partner_of,
)
from .scoring import (
    Results,
    adjust,
    colour_scores,
    correct_pair,
    guess_points,
    match_results,
    territory_scores,
)

__all__ = ["deal_hands", "check_hands", "card_order", "check_dark", "allocate_starts",
           "draft_shapes", "ClaimStep", "Resolution", "resolve_placements", "territory_scores",
           "colour_scores", "correct_pair", "guess_points", "adjust", "Results", "match_results",
           "light_target_ok", "partner_of"]
