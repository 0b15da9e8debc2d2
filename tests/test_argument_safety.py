"""Issue 24: bad arguments are one ``BadInput`` naming the argument, at once: never a
TypeError, IndexError, bare ValueError, MemoryError or a run of minutes. One test per defect
class, each over every case of it found (the fuzz test, tests/test_fuzz_api.py, hunts for more).
"""

from __future__ import annotations

import json

import pytest
import toy_game
from guards import cpu_deadline

import doppelnb
from doppelnb import BadInput
from doppelnb.core import exact, policy, symbolic
from doppelnb.core.policy import exhaustive_values
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.doppeldoppel import analysis as dda
from doppelnb.engines.groom_lake import odds, paths


# -- bad arguments that crashed -------------------------------------------------------------------
@pytest.mark.parametrize(("call", "named"), [
    (lambda: gl.stack_chain(None), "distance"),
    (lambda: gl.stack_chain(-1), "distance"),
    (lambda: gl.stack_chain(2.5), "distance"),
    (lambda: gl.stack_to_draw(None, {}, reshuffled=True), "distance"),
    (lambda: gl.stack_to_draw(3, {}, reshuffled="yes"), "reshuffled"),
    (lambda: db.letter_of("x"), "doppel"),
    (lambda: db.letter_of(None), "doppel"),
    (lambda: db.letter_of("red"), "doppel"),
    (lambda: db.partner_of("red"), "doppel"),
    (lambda: db.partner_of(["red-P"]), "doppel"),
    (lambda: db.colour_of(None), "who"),
    (lambda: db.colour_of("x-y-z"), "who"),
])
def test_bad_arguments_of_rule_functions_are_bad_input(call, named):
    """stack_chain(None) was a TypeError, letter_of('x') an IndexError, partner_of('red') a bare
    ValueError: each is now BadInput naming the argument (NB-ARG)."""
    with pytest.raises(BadInput, match=named) as caught:
        call()
    assert caught.value.rule == "NB-ARG" and len(str(caught.value)) < 200


def test_the_doppel_look_ups_still_answer_db_r1():
    """DB-R1: each Doppel's colour, letter and partner (the tables behind the checks)."""
    for doppel in db.DOPPELS:
        colour, letter = doppel.split("-")
        assert db.colour_of(doppel) == colour and db.letter_of(doppel) == letter
        assert db.partner_of(db.partner_of(doppel)) == doppel != db.partner_of(doppel)
        assert db.colour_of(db.partner_of(doppel)) == colour
    assert [db.colour_of(c) for c in db.COLOURS] == list(db.COLOURS)
    assert gl.stack_chain(4) == ("3", "6", "compass") and gl.stack_chain(9) == ("compass",)


# -- arguments that ran away: refused at once, above the largest size in use --------------------
RUNAWAYS = [
    # (call, the argument the refusal names, the documented limit it cites)
    (lambda: exact.dice_sum_counts(10, 10**9), "sides", exact.MAX_DICE_TOTAL),  # MemoryError
    (lambda: exact.dice_sum_counts(10**7), "dice", exact.MAX_DICE_TOTAL),       # > 20 s
    (lambda: exact.dice_sum_counts(0, 10**9), "sides", exact.MAX_DICE_TOTAL),
    (lambda: exact.dice_sum_counts(100, 100), "dice \\* sides", exact.MAX_DICE_TOTAL),
    (lambda: exact.multiset_draws({i: 2 for i in range(10_000)}, 3), "counts",
     exact.MAX_CATEGORIES),                                                    # RecursionError
    (lambda: symbolic.draw_includes_probability(10**9, 10**9, 10**9), "black",
     symbolic.MAX_BAG),                                                        # > 20 s
    (lambda: symbolic.draw_includes_probability(600, 600, 2), "black \\+ white", symbolic.MAX_BAG),
    (lambda: symbolic.dice_over_probability(1000, 3500), "dice", symbolic.MAX_DICE),
    (lambda: symbolic.dice_total_ways(10**4, 35_000), "dice", symbolic.MAX_DICE),
    (lambda: exhaustive_values(dd.new_game(3, seed=1), max_nodes=10**8), "max_nodes",
     policy.MAX_NODES),                                                        # > 20 s
    (lambda: dd.collision_census_brute_force(4), "tricks", dda.MAX_BRUTE_TRICKS),  # > 20 s
    (lambda: gl.clear_probability_table(400), "max_dice", odds.MAX_TABLE_DICE),
    (lambda: gl.clear_probability_table(100, range(5000)), "entries", odds.MAX_TABLE_CELLS),
    (lambda: gl.distance_to_start(((x, 0) for x in range(10**6)), (0, 0)), "tiles",
     paths.MAX_TILES),
]


@pytest.mark.parametrize(("call", "named", "limit"), RUNAWAYS)
def test_runaway_sizes_are_refused_at_once_naming_the_limit(call, named, limit):
    """Issue 24: each call ran for minutes or out of memory; now BadInput at once, naming the
    argument and the documented limit (each limit sits above the largest size in use)."""
    with cpu_deadline(10), pytest.raises(BadInput, match=named) as caught:
        call()
    assert f"{limit}" in str(caught.value).replace(",", "")


@pytest.mark.parametrize("function", [exact.dice_sum_counts, exact.multiset_draws,
                                      symbolic.dice_total_ways, symbolic.dice_over_probability,
                                      symbolic.draw_includes_probability, exhaustive_values,
                                      dd.collision_census_brute_force, gl.clear_probability_table,
                                      gl.distance_to_start])
def test_each_limit_is_documented_where_the_function_is(function):
    assert "limit" in function.__doc__ or "MAX_" in function.__doc__


def test_the_limits_sit_above_the_sizes_in_use():
    """The largest sizes the notebooks, tests and benchmarks use still work: 400 dice counted
    exactly (Groom Lake's limit), 100 dice in closed form, a bag of 1,000, the brute-force
    census of 3 players on the full deck (42,840 tricks) and of 4 on 16 cards."""
    assert sum(exact.dice_sum_counts(400)) == 6**400
    assert symbolic.dice_total_ways(100, 350) == exact.dice_sum_counts(100)[350]
    assert symbolic.draw_includes_probability(500, 500, 2) > 0
    sixteen = {"Y1": 2, "R1": 1, "Y2": 2, "B2": 1, "Y3": 1, "R3": 2, "B4": 1, "Y5": 1, "R6": 2,
               "B5": 1, "R4": 1, "B6": 1}
    assert dd.collision_census_brute_force(4, deck=sixteen) == dd.collision_census(4, deck=sixteen)
    assert len(gl.clear_probability_table(10, range(0, 61))) == 11 * 61


def test_exhaustive_search_stops_at_its_cap(monkeypatch):
    """The node budget is spent one play per node and the search stops there (BadInput), and a
    game a thousand actions long is refused by the budget, never by the recursion limit."""
    plays = []
    real = toy_game.State.play
    monkeypatch.setattr(toy_game.State, "play", lambda self, a: plays.append(a) or real(self, a))
    start = toy_game.module.new_game(2, rules=toy_game.Rules(target=15), seed=0)
    with pytest.raises(BadInput, match="more than 300 nodes"):
        exhaustive_values(start, max_nodes=300)
    assert len(plays) <= 300 + len(start.legal_actions())
    monkeypatch.undo()
    long_game = db.new_game(10, seed=1)  # about 1,100 actions to the end
    with cpu_deadline(20), pytest.raises(BadInput, match="max_nodes|CPU time"):
        exhaustive_values(long_game, max_nodes=1_500)


# -- records that echoed huge values ---------------------------------------------------------------
HUGE = "x" * 200_000


def _tampered(module):
    """A short real record of ``module`` with one field made enormous, for each field a record
    (or a careless user) may carry."""
    state = module.new_game(module.PLAYER_COUNTS[0], seed=3)
    for _ in range(3):
        state = state.play(state.legal_actions()[0])
    base = json.loads(state.to_json())
    first_rule = next(iter(base["rules"]))
    cases = {
        "game name": {**base, "game": HUGE},
        "seed (a string)": {**base, "seed": HUGE},
        "seed (4,000 digits)": {**base, "seed": 10**4000},
        "players": {**base, "players": HUGE},
        "format": {**base, "format": HUGE},
        "an unknown field": {**base, HUGE: 1},
        "an option name": {**base, "options": {HUGE: 1}},
        "a rule name": {**base, "rules": {HUGE: 1}},
        "a rule value": {**base, "rules": {**base["rules"], first_rule: HUGE}},
        "an action string": {**base, "actions": [*base["actions"], HUGE]},
        "the first action": {**base, "actions": [HUGE, *base["actions"]]},
        "an action array": {**base, "actions": [*base["actions"], [HUGE, HUGE]]},
        "an action argument": {**base, "actions": [*base["actions"], ["bid", HUGE]]},
    }
    return {what: json.dumps(record) for what, record in cases.items()}


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_from_json_never_echoes_a_huge_value(game):
    """Issue 24: each engine's from_json put a 200,000-character game name into its one-line
    message. Every refusal of a tampered record is BadInput with a message under 300
    characters, through the engine's from_json and through doppelnb.load alike."""
    module = doppelnb.GAMES[game]
    for what, text in _tampered(module).items():
        for load in (module.from_json, doppelnb.load):
            with pytest.raises(BadInput) as caught:
                load(text)
            assert len(str(caught.value)) < 300, (what, load, str(caught.value)[:200])
            assert "\n" not in str(caught.value)
