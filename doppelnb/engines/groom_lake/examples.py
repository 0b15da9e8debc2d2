"""The rulebook's worked examples as ready states, and the seeded golden-record cases.

Tile ids are those of the shipped (illustrative) tile set ``groom_lake_tiles.json``.

>>> e5 = gl_e5_canyon_path()
>>> e5.team_distance(), e5.next_stack()
(2, '3')
>>> gl_e9_crash_site().play(["move", 1, 0]).phase
'crash'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.chance import rng_for
from ...core.checks import check_choice, check_instance, check_int
from ...core.record import GoldenCase
from .base import SETUP_HAND
from .desert import PlacementReport
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
    layout = [[1, 0, CANYON, 0], [2, 0, OPEN[0], 0], [0, 1, OPEN[1], 0], [0, 2, OPEN[2], 90],
              [1, 2, OPEN[3], 0], [2, 2, OPEN[4], 0], [2, 1, OPEN[5], 90]]
    return past_deal(new_game(4, seed=seed, layout=layout, team=(2, 0)))


def gl_e9_crash_site(seed: int = 4) -> State:
    """GL-E9: an unexplored Crash Site marked 2 east of START; moving there hands out twice."""
    return past_deal(new_game(4, seed=seed, layout=[[1, 0, CRASH_2, 0]]))


def gl_e4_high_heat(seed: int = 5) -> State:
    """GL-E4: a High Heat 7 tile east of START, to be cleared with a total of 8 or more."""
    return past_deal(new_game(4, seed=seed, layout=[[1, 0, HEAT_7, 180]]))


#: GL-E6 / GL-R15: teaching layouts (each legal under the red-dot rule, which ``new_game``
#: checks) where the plain tile ``PRIORITY_TILE`` must go (a) next to the Team, (b) diagonally,
#: (c) anywhere next to the Desert, or nowhere at all (GL-A7).
PRIORITY_TILE = "A01"
PRIORITY_LAYOUTS: dict[str, list[list[Any]]] = {
    "a": [],
    "b": [[0, 1, "A11", 0], [0, -1, "A10", 0]],
    "c": [[0, -1, "A21", 0], [0, 1, "C11", 90]],
    "none": [[0, 1, "A07", 90], [0, -1, "A09", 270]],
}


def gl_e6_placement(case: str = "a", seed: int = 21) -> PlacementReport:
    """GL-E6: where the plain tile ``PRIORITY_TILE`` may go with the Team on START, for case
    ``"a"`` (next to the Team), ``"b"`` (diagonally), ``"c"`` (anywhere) or ``"none"`` (GL-A7).

    >>> [gl_e6_placement(c).level for c in ("a", "b", "c", "none")]
    [1, 2, 3, None]
    """
    case = check_choice(case, "case", tuple(PRIORITY_LAYOUTS))
    state = new_game(4, seed=check_int(seed, "seed"), layout=PRIORITY_LAYOUTS[case])
    return state.placement_report(PRIORITY_TILE)


def play_steps(state: State, actions: Iterable[Any]) -> list[State]:
    """``state`` and every state after each of ``actions`` (a stepped example; each action is
    checked by the rules, so a refused one raises its ``RuleError``)."""
    state = check_instance(state, "state", State, expected="a Groom Lake State")
    states = [state]
    for action in actions:
        states.append(states[-1].play(action))
    return states


def attempt_steps(state: State, target: Any, seed: int = 0) -> list[State]:
    """A whole Attempt to Clear (GL-R19..GL-R26) from ``state``: the leader declares it on
    ``target`` and everyone then plays as the plain explorer policy would, until the leader's turn
    resumes. Every state on the way."""
    from .analysis import explorer_policy

    states = play_steps(state, [["clear", *target]])
    rng = rng_for(check_int(seed, "seed"), "attempt")
    while states[-1].phase not in ("turn", "over"):
        states.append(states[-1].play(explorer_policy(states[-1], rng)))
    return states


def gl_r17_mountain(seed: int = 5) -> list[State]:
    """GL-R17 / GL-T12: the Team moves onto a cleared Mountain (2 AP) and the leader removes the
    top card of the Supply discard pile from the game."""
    state = past_deal(new_game(4, seed=check_int(seed, "seed"), layout=[[1, 0, MOUNTAIN, 180]]))
    return play_steps(state, [["move", 1, 0], ["remove", "top"]])


def gl_e9_steps(seed: int = 4) -> list[State]:
    """GL-E9 stepped: move onto the Crash Site marked 2; twice the leader keeps the first card
    drawn for themself and discards the other; then move away and back (nothing happens)."""
    states = play_steps(gl_e9_crash_site(seed), [["move", 1, 0]])
    while states[-1].phase == "crash":
        now = states[-1]
        assert now.pending is not None
        states.append(now.play(["crash", now.pending["drawn"][0], now.current]))
    return states


def gl_r30_reshuffle(seed: int = 4) -> list[State]:
    """GL-R30: the Crash Site of GL-E9 with the Supply deck used up (every card still to draw is
    already in the discard pile, a teaching position: the cards are conserved); entering the site
    reshuffles the discard pile into a new deck before the first hand-out."""
    start = gl_e9_crash_site(check_int(seed, "seed"))
    empty = start._evolve(supply=(), supply_discards=start.supply_discards + start.supply)
    assert not empty.invariants(), empty.invariants()
    return play_steps(empty, [["move", 1, 0]])


def gl_r27_vote(seed: int = 6, target: int = 1, yes: int = 2, players: int = 4) -> list[State]:
    """GL-R27 / GL-T17: the leader calls a vote against seat ``target``; the first ``yes`` voters
    in turn order vote YES, the rest NO (the caller votes too, the target does not)."""
    state = past_deal(new_game(players, seed=check_int(seed, "seed")))
    states = play_steps(state, [["vote", check_int(target, "target", 0, state.players - 1)]])
    yes = check_int(yes, "yes", 0, state.players - 1)
    while states[-1].phase == "vote":
        now = states[-1]
        assert now.pending is not None
        states.append(now.play(["ballot", "yes" if now.pending["idx"] < yes else "no"]))
    return states


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
           "PRIORITY_TILE", "PRIORITY_LAYOUTS", "gl_e6_placement", "play_steps", "attempt_steps",
           "gl_r17_mountain", "gl_e9_steps", "gl_r27_vote", "gl_r30_reshuffle",
           "OPEN", "CANYON", "MOUNTAIN", "CIVILIZATION", "HEAT_7", "CRASH_2"]
