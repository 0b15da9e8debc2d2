"""The rulebook's worked examples as ready states, and the seeded golden-record cases.

Tile ids are those of the shipped (illustrative) tile set ``groom_lake_tiles.json``.

>>> e5 = gl_e5_canyon_path()
>>> e5.team_distance(), e5.next_stack()
(2, '3')
>>> gl_e9_crash_site().play(["move", 1, 0]).phase
'crash'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.chance import rng_for
from ...core.checks import check_choice, check_instance, check_int
from ...core.record import GoldenCase
from ...core.render import Html, html_table
from .desert import PlacementReport
from .rules import LIFE_BY_PLAYERS, SETUP_HAND
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


#: GL-E4 seeds of :func:`attempt_steps` on :func:`gl_e4_high_heat`: the dice total exactly 8
#: (cleared) and exactly 7 (a failure), the two sides of "more than the value" (GL-R22).
E4_TOTAL_8, E4_TOTAL_7 = 1, 54

#: The chapter's opening picture: START with the Team, High Heat 7 to the east and Civilization
#: behind it, a Canyon, two Mountains (one with a Crash Site) and a plain tile (legal red dots).
OPENING_LAYOUT: list[list[Any]] = [[1, 0, HEAT_7, 180], [2, 0, "C16", 0], [0, 1, "A22", 0],
                                   [-1, 0, "A16", 0], [0, -1, "A08", 0], [1, 1, "A17", 0]]


def opening_desert(seed: int = 3) -> State:
    """A small Desert for the first question: can the Team reach Civilization, two steps east
    behind a High Heat 7 obstacle?"""
    return new_game(4, seed=check_int(seed, "seed"), layout=OPENING_LAYOUT)


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


def refusal(call: Callable[[], Any]) -> str:
    """What the engine says to ``call()``: its refusal (rule id and reason), or "accepted"."""
    from ...core.errors import RuleError

    try:
        call()
    except RuleError as refused:
        return str(refused)
    return "accepted"


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


def rulebook_examples_table() -> Html:
    """Every worked example of the rulebook (GL-E1..GL-E9): what the rulebook says, what the
    engine computes, and whether they agree. Each engine column is computed here and now."""
    from .analysis import alien_absent_probability_brute
    from .odds import dice_for_attempt

    def dice(obstacle: str, cards: list[str], life: int, players: int) -> str:
        return f"{dice_for_attempt(obstacle, cards, life, players)} dice"

    def total_and_result(seed: int) -> str:
        states = attempt_steps(gl_e4_high_heat(seed), (1, 0))
        roll = next(e for s in states for e in s.events if "roll" in e and "against" in e)
        total = roll.split(" = ")[1].split(" ")[0]
        return f"{total}: {'cleared' if (1, 0) in states[-1].map_tokens else 'failure'}"

    e5 = gl_e5_canyon_path()
    cells = set(e5.desert.tiles)
    from .paths import distance_to_start

    crash = gl_e9_steps()
    again = play_steps(crash[-1], [["move", 0, 0], ["move", 1, 0]])
    handed = sum(1 for s in crash for e in s.events if "gives a card" in e)
    discarded = len(crash[-1].supply_discards) - len(crash[0].supply_discards)
    places = {1: "next to the Team", 2: "diagonal", 3: "anywhere", None: "nowhere"}
    rows: list[tuple[str, str, str, str]] = [
        ("GL-E1", "Rocky Terrain, pile {Rope, Shovel, Compass, Life}, 4 players", "3 dice",
         dice("rocky_terrain", ["rope", "shovel", "compass"], 1, 4)),
        ("GL-E2", "Alien Probe, pile {Lifeform, Technology, Shovel, Canteen}, 4 players",
         "3 dice", dice("alien_probe", ["lifeform", "technology", "shovel", "canteen"], 0, 4)),
        ("GL-E3", "High Heat, pile {Canteen, Canteen, Rope, Life}, 5 players", "2 dice",
         dice("high_heat", ["canteen", "canteen", "rope"], 1, 5)),
        ("GL-E3", "the same pile, 4 players", "3 dice",
         dice("high_heat", ["canteen", "canteen", "rope"], 1, 4)),
        ("GL-E4", "value 7, the dice total 8", "8: cleared", total_and_result(E4_TOTAL_8)),
        ("GL-E4", "value 7, the dice total 7", "7: failure", total_and_result(E4_TOTAL_7)),
        ("GL-E5", "the Team at (2, 0), a Canyon between it and START",
         "2 steps, the \u201c3\u201d stack",
         f"{e5.team_distance()} steps, the \u201c{e5.next_stack()}\u201d stack"),
        ("GL-E5", "the same, the Canyon wrongly left out", "6 steps",
         f"{distance_to_start(cells - {(1, 0)}, (2, 0))} steps"),
        *[("GL-E6", f"case ({case}): the plain tile A01, the Team on START", want,
           places[gl_e6_placement(case).level])
          for case, want in (("a", "next to the Team"), ("b", "diagonal"), ("c", "anywhere"))],
        ("GL-E7", "Life tokens for 3, 4, 5, 6 players", "6, 5, 4, 3",
         ", ".join(str(LIFE_BY_PLAYERS[n]) for n in (3, 4, 5, 6))),
        ("GL-E8", "chance of no Alien in play, 3, 4, 5, 6 players", "1/4, 1/5, 1/6, 1/7",
         ", ".join(str(alien_absent_probability_brute(n)) for n in (3, 4, 5, 6))),
        ("GL-E8", "the same with one Human removed", "0, 0, 0, 0",
         ", ".join(str(alien_absent_probability_brute(n, True)) for n in (3, 4, 5, 6))),
        ("GL-E9", "a Crash Site marked 2: cards handed out, discarded; entering again",
         "2, 2; nothing",
         f"{handed}, {discarded}; "
         + ("hand-outs again" if again[-1].phase == "crash" else "nothing")),
    ]
    table = [[rule, case, says, computed, "yes" if says == computed else "NO"]
             for rule, case, says, computed in rows]
    return Html(html_table(["example", "the case", "the rulebook says", "the engine computes",
                            "agree"], table))


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

__all__ = ["GOLDEN", "gl_e5_canyon_path", "opening_desert", "refusal", "OPENING_LAYOUT", "rulebook_examples_table",
           "E4_TOTAL_8", "E4_TOTAL_7", "gl_e9_crash_site", "gl_e4_high_heat", "past_deal",
           "PRIORITY_TILE", "PRIORITY_LAYOUTS", "gl_e6_placement", "play_steps", "attempt_steps",
           "gl_r17_mountain", "gl_e9_steps", "gl_r27_vote", "gl_r30_reshuffle",
           "OPEN", "CANYON", "MOUNTAIN", "CIVILIZATION", "HEAT_7", "CRASH_2"]
