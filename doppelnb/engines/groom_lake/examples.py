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

from immutables import Map

from ...core.chance import rng_for
from ...core.checks import check_choice, check_instance, check_int
from ...core.errors import RuleError
from ...core.record import GoldenCase
from ...core.render import Html, html_table
from ...core.render import refusals_table as core_refusals_table
from .notation import PLAYER_COUNTS
from .odds import dice_for_attempt
from .placement import PlacementReport
from .players import explorer_policy
from .rules import LIFE_BY_PLAYERS, SETUP_HAND, Rules
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


def refused_by(call: Callable[[], Any]) -> str:
    """What the engine says to ``call()``: its refusal (rule id and reason), or "accepted".
    (Not :func:`.legal.refusal`, which asks a state about an action without playing it.)"""
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
    from .analysis import alien_absent_probability_brute_force
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
         ", ".join(str(LIFE_BY_PLAYERS[n]) for n in PLAYER_COUNTS)),
        ("GL-E8", "chance of no Alien in play, 3, 4, 5, 6 players", "1/4, 1/5, 1/6, 1/7",
         ", ".join(str(alien_absent_probability_brute_force(n)) for n in PLAYER_COUNTS)),
        ("GL-E8", "the same with one Human removed", "0, 0, 0, 0",
         ", ".join(str(alien_absent_probability_brute_force(n, True)) for n in PLAYER_COUNTS)),
        ("GL-E9", "a Crash Site marked 2: cards handed out, discarded; entering again",
         "2, 2; nothing",
         f"{handed}, {discarded}; "
         + ("hand-outs again" if again[-1].phase == "crash" else "nothing")),
    ]
    table = [[rule, case, says, computed, "yes" if says == computed else "NO"]
             for rule, case, says, computed in rows]
    return Html(html_table(["example", "the case", "the rulebook says", "the engine computes",
                            "agree"], table))


#: The edge cases' Desert (chapter 3): a Canyon east of START, High Heat 7 to the north, a plain
#: tile diagonally between them and another to the west.
REFUSALS_LAYOUT: list[list[Any]] = [[1, 0, CANYON, 0], [0, 1, HEAT_7, 0], [1, 1, OPEN[0], 90],
                                    [-1, 0, OPEN[1], 0]]


def refusals_desert(seed: int = 2) -> State:
    """The Desert of :data:`REFUSALS_LAYOUT`, the set-up discards played: the Team on START."""
    return past_deal(new_game(4, seed=check_int(seed, "seed"), layout=REFUSALS_LAYOUT))


def _reach(state: State, phase: str, seed: int, limit: int = 1000) -> State:
    """The first state from ``state``, every seat played by the explorer policy (seeded), in
    ``phase``: a real position of a seeded game, so always the same one."""
    rng = rng_for(seed, "refusals")
    for _ in range(limit):
        if state.phase == phase:
            return state
        state = state.play(explorer_policy(state, rng))
    raise AssertionError(f"no {phase} phase in {limit} actions")  # pragma: no cover


def _refusals() -> list[tuple[str, Any]]:
    """(what is tried, the attempt): at least one refusal for each rule id Groom Lake refuses a
    move with, each on a position of a seeded game (a flag set where the rule is a variant's)."""
    desert = refusals_desert()
    me = desert.current
    moved = desert.play(["move", -1, 0])
    scouted = desert.play(["scout"])
    assert scouted.pending is not None
    kept = scouted.play(["keep", scouted.pending["drawn"][0]])
    walled = past_deal(new_game(4, seed=6, layout=[[1, 0, OPEN[0], 0], [0, 1, OPEN[1], 0],
                                                   [-1, 0, OPEN[2], 90], [0, -1, OPEN[3], 0]]))
    no_tiles = desert._evolve(stacks=Map({k: () for k in desert.stacks}), tile_discards=())
    once = past_deal(new_game(4, seed=2, rules=Rules(repeat_actions=False),
                              layout=[[1, 0, OPEN[0], 0]])).play(["move", 1, 0])
    no_give_up = past_deal(new_game(4, seed=2, rules=Rules(give_up="disabled")))
    no_maps = past_deal(new_game(4, seed=2, layout=[[1, 0, HEAT_7, 180]], rules=Rules(
        limited_tokens=True, component_counts=(("life", 20), ("map", 0)))))
    cleared = attempt_steps(gl_e4_high_heat(E4_TOTAL_8), (1, 0))[-1]
    failed = attempt_steps(gl_e4_high_heat(E4_TOTAL_7), (1, 0))
    piles = [(s, bool(s.pending and s.pending["revealed"])) for s in failed if s.phase == "pile"]
    hidden = next(s for s, revealed in piles if not revealed)
    shown = next(s for s, revealed in piles if revealed)
    paying = next(s for s in failed if s.phase == "pay")
    payer = paying._mover()
    # GL-R26: the engine asks only a payer holding a Recovery card, so a teaching position
    # moves the payer's Recovery cards to the Supply discard pile (the cards are conserved).
    hand = paying.hands[payer]
    spent = tuple(c for c in hand if c == "recovery")
    broke = paying._evolve(
        hands=tuple(tuple(c for c in h if c != "recovery") if i == payer else h
                    for i, h in enumerate(paying.hands)),
        supply_discards=paying.supply_discards + spent)
    assert spent and not broke.invariants(), broke.invariants()
    crash = gl_e9_crash_site().play(["move", 1, 0])
    assert crash.pending is not None
    drawn = crash.pending["drawn"][0]
    infected = new_game(4, seed=20)          # the first seat to discard holds The Infection
    taking = _reach(new_game(4, seed=4), "take_life", seed=4)
    assert taking.pending is not None
    return [
        ("playing a card to the set-up discard that P1 does not hold",
         lambda: new_game(4, seed=1).play(["discard", "souvenir"])),
        ("discarding The Infection in the set-up", lambda: infected.play(["discard",
                                                                          "infection"])),
        ("rolling the dice with no clearing pile", lambda: desert.play(["roll"])),
        ("moving onto the Canyon", lambda: desert.play(["move", 1, 0])),
        ("moving onto the uncleared High Heat 7", lambda: desert.play(["move", 0, 1])),
        ("moving diagonally", lambda: desert.play(["move", 1, 1])),
        ("moving two tiles away, where there is no tile", lambda: desert.play(["move", 5, 5])),
        ("clearing a diagonal tile", lambda: desert.play(["clear", 1, 1])),
        ("clearing a tile already cleared", lambda: cleared.play(["clear", 1, 0])),
        ("clearing with no Map Token left (limited tokens, none in the box)",
         lambda: no_maps.play(["clear", 1, 0])),
        (f"P{me + 1} calls a vote against themself", lambda: desert.play(["vote", me])),
        ("calling a vote (2 Action Points) after a move", lambda: moved.play(
            ["vote", (me + 1) % 4])),
        ("moving twice in a turn under repeat_actions=False", lambda: once.play(["move", 0, 0])),
        ("giving up under give_up='disabled'", lambda: no_give_up.play(["give_up"])),
        ("scouting with every side of the Team's tile taken", lambda: walled.play(["scout"])),
        ("scouting with no Desert tile left", lambda: no_tiles.play(["scout"])),
        ("keeping a tile that was not scouted", lambda: scouted.play(["keep", "A99"])),
        ("turning the scouted tile by 45 degrees", lambda: kept.play(["place", 0, -1, 45])),
        ("placing the scouted tile on the Canyon", lambda: kept.play(["place", 1, 0, 0])),
        ("handing a Crash Site card to P8 of 4", lambda: crash.play(["crash", drawn, 7])),
        ("rolling before every player has added face-down cards",
         lambda: hidden.play(["roll"])),
        ("adding face-down cards once the pile is revealed", lambda: shown.play(["done"])),
        ("paying a failed clearing with gold", lambda: paying.play(["pay", "gold"])),
        (f"P{payer + 1}, holding no Recovery card, pays with one",
         lambda: broke.play(["pay", "recovery"])),
        (f"the infected P{taking.pending['infected'] + 1} takes a Life token from themself",
         lambda: taking.play(["take_life", taking.pending["infected"]])),
        ("putting a scoring card in a pile",
         lambda: dice_for_attempt("high_heat", ["canteen", "souvenir"])),
        ("laying A05 with its plain edge against START's red dot",
         lambda: new_game(4, layout=[[1, 0, HEAT_7, 0]])),
        ("a game for 2 players", lambda: new_game(2)),
    ]


def refusals_table() -> Html:
    """What the engine refuses, with the rule id and the sentence it gives: each row is the
    engine's own answer to the attempt (a refused move changes nothing)."""
    return core_refusals_table(_refusals())


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

__all__ = ["GOLDEN", "gl_e5_canyon_path", "opening_desert", "refused_by", "OPENING_LAYOUT",
           "rulebook_examples_table", "refusals_table", "refusals_desert", "REFUSALS_LAYOUT",
           "E4_TOTAL_8", "E4_TOTAL_7", "gl_e9_crash_site", "gl_e4_high_heat", "past_deal",
           "PRIORITY_TILE", "PRIORITY_LAYOUTS", "gl_e6_placement", "play_steps", "attempt_steps",
           "gl_r17_mountain", "gl_e9_steps", "gl_r27_vote", "gl_r30_reshuffle",
           "OPEN", "CANYON", "MOUNTAIN", "CIVILIZATION", "HEAT_7", "CRASH_2"]
