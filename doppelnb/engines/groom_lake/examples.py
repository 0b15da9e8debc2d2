"""The rulebook's worked examples as ready states, and the seeded golden-record cases.

Tile ids are those of the shipped (illustrative) tile set ``groom_lake_tiles.json``.

>>> e5 = gl_e5_canyon_path()
>>> e5.team_distance(), e5.next_stack()
(2, '3')
>>> gl_e9_crash_site().play(["move", 1, 0]).phase
'crash'
"""

from __future__ import annotations

from ...core.record import GoldenCase
from .base import SETUP_HAND
from .state import State, new_game

#: Illustrative tiles used by the examples (plain Open Desert, a Canyon, a Crash Site marked 2).
OPEN = ("A07", "A08", "A09", "A10", "A11", "B10", "B11", "B12")
CANYON, MOUNTAIN, CIVILIZATION = "A21", "A14", "C16"
HEAT_7, CRASH_2 = "A05", "A13"


def past_deal(state: State) -> State:
    """Play the set-up discards (GL-R6), each player dropping their first card."""
    while state.phase == "setup_discard":
        me = state.to_move
        assert me is not None and len(state.hands[me]) > SETUP_HAND
        state = state.play(state.legal_actions()[0])
    return state


def gl_e5_canyon_path(seed: int = 3) -> State:
    """GL-E5: START, a Canyon at (1, 0) and a ring of Open Desert; the Team at (2, 0) is 2 steps
    from START through the Canyon, so it draws from the "3" stack."""
    layout = [[1, 0, CANYON, 0], [2, 0, OPEN[0], 0], [0, 1, OPEN[1], 0], [0, 2, OPEN[2], 0],
              [1, 2, OPEN[3], 0], [2, 2, OPEN[4], 0], [2, 1, OPEN[5], 0]]
    return past_deal(new_game(4, seed=seed, layout=layout, team=(2, 0)))


def gl_e9_crash_site(seed: int = 4) -> State:
    """GL-E9: an unexplored Crash Site marked 2 east of START; moving there hands out twice."""
    return past_deal(new_game(4, seed=seed, layout=[[1, 0, CRASH_2, 0]]))


def gl_e4_high_heat(seed: int = 5) -> State:
    """GL-E4: a High Heat 7 tile east of START, to be cleared with a total of 8 or more."""
    return past_deal(new_game(4, seed=seed, layout=[[1, 0, HEAT_7, 0]]))


#: Golden records: seeded random games under the default reading and the main variant readings.
GOLDEN: tuple[GoldenCase, ...] = (
    GoldenCase("default_3p", players=3, seed=11, policy_seed=1),
    GoldenCase("default_4p", players=4, seed=12, policy_seed=2),
    GoldenCase("default_6p", players=6, seed=13, policy_seed=3, max_actions=200),
    GoldenCase("exact_pattern_4p", players=4, seed=14, rules={"edge_match": "exact_pattern"},
               policy_seed=4),
    GoldenCase("tiles_inclusive_5p", players=5, seed=15, rules={"distance_mode": "tiles_inclusive"},
               policy_seed=5, max_actions=200),
    GoldenCase("guaranteed_alien_4p", players=4, seed=16, rules={"guarantee_alien": True},
               policy_seed=6),
    GoldenCase("teaching_layout_4p", players=4, seed=17,
               options={"layout": [[1, 0, CRASH_2, 0]]}, policy_seed=7),
)

__all__ = ["GOLDEN", "gl_e5_canyon_path", "gl_e9_crash_site", "gl_e4_high_heat", "past_deal",
           "OPEN", "CANYON", "MOUNTAIN", "CIVILIZATION", "HEAT_7", "CRASH_2"]
