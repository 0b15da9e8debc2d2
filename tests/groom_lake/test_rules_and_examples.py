"""Groom Lake: every worked example (GL-E1..E9) and test case (GL-T1..T20) of the digest by id."""

from fractions import Fraction

import pytest
from immutables import Map

from doppelnb import IllegalAction
from doppelnb.core.chance import rng_for
from doppelnb.engines import groom_lake as gl

# Tile ids of the illustrative set used below (checked in test_tile_ids_used_by_these_tests).
OPEN = ["A07", "A08", "A09", "A10", "A11", "B10", "B11", "B12"]
CANYON, MOUNTAIN, CIVILIZATION = "A21", "A14", "C16"
HEAT_7, CRASH_2 = "A05", "A13"


def ready(state):
    """Play the set-up discards (first legal choice) until the first turn."""
    while state.phase == "setup_discard":
        state = state.play(state.legal_actions()[0])
    return state


def game(players=4, seed=1, **kw):
    return ready(gl.new_game(players, seed=seed, **kw))


def attempt(state, target, piles=None, life=None):
    """Declare a clear, let each player add the given cards and Life, reveal and roll."""
    piles, life = piles or {}, life or {}
    state = state.play(["clear", *target])
    while state.phase == "pile" and not state.pending["revealed"]:
        me = state.to_move
        for card in piles.get(me, []):
            state = state.play(["pile", card])
        for _ in range(life.get(me, 0)):
            state = state.play(["pile", "life"])
        state = state.play(["done"])
    return state.play(["roll"])


def faces(seed, dice, attempt_no=1):
    rng = rng_for(seed, "clear", attempt_no)
    return [rng.randint(1, 6) for _ in range(dice)]


def failure_rolls(seed, players, attempt_no=1):
    rng = rng_for(seed, "failure", attempt_no)
    return {p: rng.randint(1, 6) for p in range(players)}


def test_tile_ids_used_by_these_tests():
    tiles = gl.load_tiles()
    assert all(tiles[t].terrain == "open_desert" and tiles[t].obstacle is None
               and not tiles[t].crash_site for t in OPEN)
    assert tiles[CANYON].terrain == "canyon" and tiles[MOUNTAIN].terrain == "mountain"
    assert tiles[CIVILIZATION].terrain == "civilization" and tiles[CIVILIZATION].obstacle is None
    assert (tiles[HEAT_7].obstacle, tiles[HEAT_7].value) == ("high_heat", 7)
    assert tiles[CRASH_2].crash_site == 2
    assert tiles.illustrative and "illustrative" in tiles.note.lower()


# -- worked examples ---------------------------------------------------------------------------
def test_gl_e1_rocky_terrain_dice():
    """GL-E1: {Rope, Shovel, Compass, Life} against Rocky Terrain, 3-4 players: 3 dice."""
    for players in (3, 4):
        assert gl.dice_for_attempt("rocky_terrain", ["rope", "shovel", "compass"], 1, players) == 3
    info = gl.dice_breakdown("rocky_terrain", ["rope", "shovel", "compass"], 1)
    assert info["ignored"] == ["compass"]


def test_gl_e2_alien_probe_dice():
    """GL-E2: {Lifeform, Technology, Shovel, Canteen} against an Alien Probe, 4 players: 3 dice."""
    assert gl.dice_for_attempt("alien_probe", ["lifeform", "technology", "shovel", "canteen"]) == 3


def test_gl_e3_nonmatching_tools_cost_a_die_above_four_players():
    """GL-E3: High Heat, {Canteen, Canteen, Rope, Life}: 2 dice with 5 players, 3 with 4."""
    pile = ["canteen", "canteen", "rope"]
    assert gl.dice_for_attempt("high_heat", pile, 1, starting_players=5) == 2
    assert gl.dice_for_attempt("high_heat", pile, 1, starting_players=4) == 3


def _seed_with_total(total, dice=2):
    return next(s for s in range(2000) if sum(faces(s, dice)) == total)


def _heat_game(seed):
    return game(seed=seed, layout=[[1, 0, HEAT_7, 180]])


def test_gl_e4_total_above_value_clears_and_equal_fails():
    """GL-E4: value 7; a total of 8 clears (Map Token), 7 fails and starts the penalty roll."""
    seed = _seed_with_total(8)
    state = _heat_game(seed)
    after = attempt(state, (1, 0), life={state.current: 2})
    assert (1, 0) in after.map_tokens
    assert any("cleared" in e for e in after.events)
    seed = _seed_with_total(7)
    state = _heat_game(seed)
    after = attempt(state, (1, 0), life={state.current: 2})
    assert (1, 0) not in after.map_tokens
    assert any("failure" in e for e in after.events)


def test_gl_e5_canyons_count_in_the_distance():
    """GL-E5: the path (2,0)->(1,0)->(0,0) crosses a Canyon: d = 2 and the "3" stack."""
    cells = {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1)}
    assert gl.distance_to_start(cells, (2, 0)) == 2
    assert gl.distance_to_start(cells - {(1, 0)}, (2, 0)) == 6  # canyon wrongly left out
    assert gl.stack_to_draw(2, {"3": 1, "6": 1, "compass": 1}) == "3"
    assert gl.stack_to_draw(6, {"3": 1, "6": 1, "compass": 1}) == "6"
    layout = [[1, 0, CANYON, 0], [2, 0, OPEN[0], 0], [0, 1, OPEN[1], 0], [0, 2, OPEN[2], 90],
              [1, 2, OPEN[3], 0], [2, 2, OPEN[4], 0], [2, 1, OPEN[5], 90]]
    state = gl.new_game(4, seed=3, layout=layout, team=(2, 0))
    assert state.team_distance() == 2 and state.next_stack() == "3"
    assert state.desert.shortest_path((2, 0)) == [(2, 0), (1, 0), (0, 0)]
    # the steps/tiles reading (GL-A4)
    assert gl.distance_to_start(cells, (2, 0), mode="tiles_inclusive") == 3


def _tile(name, edges, terrain="open_desert"):
    return gl.Tile(name, terrain, "3", None, None, None, tuple(edges))


def test_gl_e6a_orthogonal_position_must_be_used():
    """GL-E6 (a): a tile that fits next to the Team must go there."""
    desert = gl.Desert(_tile("S", (0, 0, 0, 0), "start"))
    report = desert.explain_placement(_tile("T", (0, 0, 0, 0)), (0, 0))
    assert report.level == 1
    assert sorted(report.positions()) == [((-1, 0), 0), ((0, -1), 0), ((0, 1), 0), ((1, 0), 0)]


def test_gl_e6b_diagonal_when_no_orthogonal_fits():
    """GL-E6 (b): red dots block every orthogonal spot, so the tile goes diagonal to the Team."""
    # START has dots on every edge; a tile with no dots cannot touch it, but can sit diagonally
    # next to it, against the plain edges of two tiles placed north and east of START.
    desert = gl.Desert(_tile("S", (1, 1, 1, 1), "start"))
    desert = desert.placed(_tile("N", (0, 0, 1, 0)), (0, 1))  # south edge dotted meets START's north
    desert = desert.placed(_tile("E", (0, 0, 0, 1)), (1, 0))
    plain = _tile("P", (0, 0, 0, 0))
    report = desert.explain_placement(plain, (0, 0))
    assert report.level == 2
    assert {c.position for c in report.legal} == {(1, 1), (-1, 1), (1, -1)}
    # the orthogonal candidates say which edge fails
    west = [c for c in report.candidates if c.position == (-1, 0)][0]
    assert not west.legal and west.mismatches[0].direction == "E"
    assert "red dot" in west.reason()


def test_gl_e6c_anywhere_when_neither_fits():
    """GL-E6 (c): nothing fits next to or diagonal to the Team: anywhere next to the Desert."""
    desert = gl.Desert(_tile("S", (1, 1, 1, 1), "start"))
    desert = desert.placed(_tile("N", (0, 0, 1, 0)), (0, 1))  # north of START, plain edges outside
    desert = desert.placed(_tile("N2", (0, 0, 0, 0)), (0, 2))
    plain = _tile("P", (0, 0, 0, 0))
    # Team on START: its 4 orthogonal spots touch START's dots; diagonals (1,1), (-1,1) touch
    # the plain tile N -> level 2. Dotting N's east and west edges makes those fail too.
    desert2 = gl.Desert(_tile("S", (1, 1, 1, 1), "start"))
    desert2 = desert2.placed(_tile("N", (0, 1, 1, 1)), (0, 1))
    desert2 = desert2.placed(_tile("N2", (0, 0, 0, 0)), (0, 2))
    report = desert2.explain_placement(plain, (0, 0))
    assert report.level == 3
    assert {c.position for c in report.legal} == {(0, 3), (1, 2), (-1, 2)}
    assert "anywhere" in report.summary()
    level, _ = desert.placement_options(plain, (0, 0))
    assert level == 2


def test_gl_e7_and_gl_t1_life_tokens_by_player_count():
    """GL-E7 / GL-T1: 3 -> 6, 4 -> 5, 5 -> 4, 6 -> 3 Life tokens each."""
    for players, life in ((3, 6), (4, 5), (5, 4), (6, 3)):
        assert gl.new_game(players, seed=players).life == (life,) * players


def test_gl_e8_guaranteed_alien():
    """GL-E8: P(no Alien) = 1/(N+1) normally; with one Human removed an Alien is always in play."""
    from doppelnb.engines.groom_lake.analysis import (
        alien_absent_probability,
        alien_absent_probability_brute_force,
    )

    for n in (3, 4, 5, 6):
        assert alien_absent_probability(n) == Fraction(1, n + 1)
        assert alien_absent_probability(n, guarantee_alien=True) == 0
    for n in (3, 4):
        assert alien_absent_probability_brute_force(n) == Fraction(1, n + 1)
        assert alien_absent_probability_brute_force(n, guarantee_alien=True) == 0
    rules = gl.Rules(guarantee_alien=True)
    for seed in range(30):
        state = gl.new_game(4, seed=seed, rules=rules)
        assert state.leftover is None
        assert sum(h.count("recovery") >= 2 for h in state.hands) >= 1
    absent = sum(gl.new_game(4, seed=s).leftover[0] == "alien" for s in range(200))
    assert 15 < absent < 70  # about 1/5 of 200 deals


def test_gl_e9_crash_site_hands_out_twice_then_is_explored():
    """GL-E9: a Crash Site marked 2: draw 2, give 1, discard 1, twice; then a Map Token."""
    state = game(seed=4, layout=[[1, 0, CRASH_2, 0]])
    me = state.current
    before_hands = sum(len(h) for h in state.hands)
    before_discards = len(state.supply_discards)
    state = state.play(["move", 1, 0])
    assert state.phase == "crash"
    for _ in range(2):
        state = state.play(state.legal_actions()[0])
    assert sum(len(h) for h in state.hands) == before_hands + 2
    assert len(state.supply_discards) == before_discards + 2
    assert (1, 0) in state.map_tokens and state.phase != "crash"
    # entering again later: nothing happens
    state = state._evolve(current=me, ap=2, phase="turn", pending=None)
    state = state.play(["move", 0, 0]).play(["move", 1, 0])
    assert sum(len(h) for h in state.hands) == before_hands + 2


# -- test cases ----------------------------------------------------------------------------------
def test_gl_t2_setup_with_four_players():
    """GL-T2: 5 stacks, 4 dealt, 1 leftover; the Alien's stack is 2 Recovery; 10 more cards in
    total; everyone ends the set-up with at most 3 cards."""
    deck = gl.load_deck()
    saw_alien_leftover = False
    for seed in range(12):
        state = gl.new_game(4, seed=seed)
        role, cards = state.leftover
        assert len(state.hands) == 4 and len(cards) == 2
        assert sum(len(h) for h in state.hands) == 4 * 2 + 10
        assert len(state.supply) == deck.size - 5 * 2 - 10
        if role == "alien":
            saw_alien_leftover = True
            assert cards == ("recovery", "recovery")
        else:
            alien = state.characters.index("alien") if "alien" in state.characters else None
            assert alien is not None and state.hands[alien].count("recovery") >= 2
        done = ready(state)
        assert all(len(h) <= 3 for h in done.hands) and done.phase == "turn"
    assert saw_alien_leftover


def test_gl_t3_sandstorm_canteen_is_water():
    """GL-T3: Sand-Storm, {Canteen, Compass, Life}, 4 players: 3 dice (Canteen = Water)."""
    assert gl.dice_for_attempt("sandstorm", ["canteen", "compass"], 1, 4) == 3
    separate = gl.Rules(water_is_canteen=False)
    assert gl.dice_for_attempt("sandstorm", ["canteen", "compass"], 1, 4, rules=separate) == 2
    assert gl.dice_for_attempt("sandstorm", ["water", "compass"], 1, 4, rules=separate) == 3


def test_gl_t4_negative_dice_become_zero_and_fail():
    """GL-T4: Flash Flood, {Shovel, Shovel, Rope}, 6 players: 1 - 2 = -1 -> 0 dice."""
    assert gl.dice_breakdown("flash_flood", ["shovel", "shovel", "rope"], 0, 6)["raw"] == -1
    assert gl.dice_for_attempt("flash_flood", ["shovel", "shovel", "rope"], 0, 6) == 0
    assert gl.clear_probability(0, 0) == 0


def test_gl_t5_dice_capped_at_ten():
    """GL-T5: 12 matching cards and Life tokens: 10 dice."""
    assert gl.dice_for_attempt("rocky_terrain", ["rope"] * 4 + ["shovel"] * 4, 4) == 10


def test_gl_t6_roll_equal_to_value_fails():
    """GL-T6: a total equal to the tile value is a failure."""
    seed = _seed_with_total(7)
    state = _heat_game(seed)
    after = attempt(state, (1, 0), life={state.current: 2})
    assert (1, 0) not in after.map_tokens
    assert gl.clear_probability(2, 7) == Fraction(15, 36)  # totals 8..12 only


def _penalty_game(seed, hands, life):
    state = _heat_game(seed)
    return state._evolve(hands=tuple(hands), life=tuple(life))


def test_gl_t7_tied_highest_rollers_both_pay_and_both_are_drawn_from():
    """GL-T7: two players tie for the highest penalty roll: both pay and both lose a random
    draw (their cards are tools, so they keep them)."""
    seed = next(s for s in range(5000) if sorted(failure_rolls(s, 4).values())[-2:] == [6, 6]
                and list(failure_rolls(s, 4).values()).count(6) == 2)
    rolls = failure_rolls(seed, 4)
    tied = sorted(p for p, r in rolls.items() if r == 6)
    state = _penalty_game(seed, [("rope",)] * 4, [5] * 4)
    after = attempt(state, (1, 0))  # no cards, no Life: 0 dice, an automatic failure
    for p in range(4):
        assert after.life[p] == (4 if p in tied else 5)
        assert after.hands[p] == ("rope",)
    drawn = [e for e in after.events if "random card drawn" in e]
    assert len(drawn) == 2 and all(f"P{p + 1}'s" in " ".join(drawn) for p in tied)


def _unique_high(players=4, start=0):
    for s in range(start, 5000):
        rolls = failure_rolls(s, players)
        top = max(rolls.values())
        if list(rolls.values()).count(top) == 1:
            return s, max(rolls, key=rolls.get)
    raise AssertionError


def test_gl_t8_payer_without_life_or_recovery_is_out_and_keeps_cards():
    """GL-T8: the loser has no Life and no Recovery: out of the game, keeps their cards, and
    does not score when the Team reaches Civilization."""
    seed, loser = _unique_high()
    life = [5] * 4
    life[loser] = 0
    hands = [("rope",)] * 4
    hands[loser] = ("souvenir", "souvenir")
    state = _penalty_game(seed, hands, life)
    after = attempt(state, (1, 0))
    assert loser in after.out and after.hands[loser] == ("souvenir", "souvenir")
    # end at Civilization: the out player's 6 points do not count
    civ = after._evolve(desert=after.desert.placed(gl.load_tiles()[CIVILIZATION], (0, 1), 0),
                        phase="turn", pending=None, roles=("human",) * 4, ap=2)
    team_player = civ.current
    if team_player == loser:
        civ = civ._evolve(current=(loser + 1) % 4)
    end = civ.play(["move", 0, 1])
    assert end.result == "civilization" and loser not in end.winners
    assert set(end.winners) == set(range(4)) - {loser}  # the others tie on 0 points


def test_gl_t9_infection_takes_three_life_from_two_players_and_is_removed():
    """GL-T9: the random draw reveals The Infection; its holder (3 Life) removes 3 Life from the
    others, spread over at least two players, and is removed from the game."""
    seed, loser = _unique_high()
    hands = [("rope",)] * 4
    hands[loser] = ("infection", "recovery")
    state = _penalty_game(seed, hands, [5] * 4)
    state = state._evolve(life=tuple(3 if p == loser else 5 for p in range(4)))
    after = attempt(state, (1, 0))
    assert after.phase == "pay" and after.to_move == loser
    after = after.play(["pay", "recovery"])  # keeps 3 Life tokens
    assert after.phase == "take_life" and after.to_move == loser and after.pending["left"] == 3
    victim = next(p for p in range(4) if p != loser)
    other = next(p for p in range(4) if p not in (loser, victim))
    after = after.play(["take_life", victim]).play(["take_life", victim])
    with pytest.raises(IllegalAction) as err:
        after.play(["take_life", victim])
    assert err.value.rule == "GL-R24"
    after = after.play(["take_life", other])
    assert loser in after.out
    assert after.life[victim] == 3 and after.life[other] == 4
    assert sum(after.life[p] for p in range(4) if p != loser) == 15 - 3


def test_gl_t10_move_onto_canyon_is_illegal():
    """GL-T10: the Team never enters a Canyon."""
    state = game(seed=2, layout=[[1, 0, CANYON, 0]])
    with pytest.raises(IllegalAction) as err:
        state.play(["move", 1, 0])
    assert err.value.rule == "GL-R17" and "Canyon" in err.value.reason
    assert ("move", 1, 0) not in state.legal_actions()


def test_gl_t11_move_onto_uncleared_obstacle_is_illegal():
    """GL-T11: an obstacle tile without a Map Token cannot be entered."""
    state = game(seed=2, layout=[[1, 0, HEAT_7, 180]])
    with pytest.raises(IllegalAction) as err:
        state.play(["move", 1, 0])
    assert err.value.rule == "GL-R17" and "High Heat 7" in err.value.reason
    cleared = game(seed=2, layout=[[1, 0, HEAT_7, 180]], map_tokens=[(1, 0)])
    assert cleared.play(["move", 1, 0]).team == (1, 0)


def test_gl_t12_mountain_costs_two_ap_and_removes_a_discard():
    """GL-T12: a cleared Mountain costs 2 AP; the mover removes the top or bottom discard."""
    base = game(seed=5, layout=[[1, 0, MOUNTAIN, 180]])
    base = base._evolve(supply_discards=("rope", "shovel", "canteen"), ap=2)
    for end, gone, rest in (("top", "canteen", ("rope", "shovel")),
                            ("bottom", "rope", ("shovel", "canteen"))):
        state = base.play(["move", 1, 0])
        assert state.phase == "mountain" and state.ap == 0
        state = state.play(["remove", end])
        assert state.removed[-1] == gone and state.supply_discards == rest
        assert state.team == (1, 0)
    with pytest.raises(IllegalAction) as err:
        base._evolve(ap=1).play(["move", 1, 0])
    assert err.value.rule == "GL-R12"
    empty = base._evolve(supply_discards=()).play(["move", 1, 0])  # GL-A32
    assert empty.phase != "mountain" and empty.team == (1, 0)


def test_gl_t13_scout_needs_an_empty_orthogonal_neighbour():
    """GL-T13: no empty space next to the Team's tile: scouting is illegal."""
    layout = [[1, 0, OPEN[0], 0], [0, 1, OPEN[1], 0], [-1, 0, OPEN[2], 90], [0, -1, OPEN[3], 0]]
    state = game(seed=6, layout=layout)
    with pytest.raises(IllegalAction) as err:
        state.play("scout")
    assert err.value.rule == "GL-R13"
    assert ("scout",) not in state.legal_actions()


def test_gl_t14_stack_by_distance():
    """GL-T14: d = 4 / 5 / 8 / 9 draws from "3" / "6" / "6" / Compass."""
    full = {"3": 5, "6": 5, "compass": 5}
    assert [gl.stack_to_draw(d, full) for d in (4, 5, 8, 9)] == ["3", "6", "6", "compass"]


def test_gl_t15_empty_three_stack_falls_back_to_six():
    """GL-T15: d = 3 with the "3" stack empty draws from "6" (then Compass)."""
    assert gl.stack_to_draw(3, {"3": 0, "6": 4, "compass": 4}) == "6"
    assert gl.stack_to_draw(3, {"3": 0, "6": 0, "compass": 4}) == "compass"
    assert gl.stack_to_draw(7, {"3": 9, "6": 0, "compass": 4}) == "compass"


def test_gl_t16_compass_empty_reshuffles_discards_for_all_later_draws():
    """GL-T16: the Compass stack is empty: the discarded tiles become one stack, and every later
    draw comes from it (GL-A5 all_draws); compass_only keeps the other stacks in use."""
    assert gl.stack_to_draw(9, {"3": 3, "6": 3, "compass": 0}) == "discards"
    assert gl.stack_to_draw(1, {"3": 3}, reshuffled=True) == "discards"
    state = game(seed=7)._evolve(stacks=Map({"3": (), "6": (), "compass": (), "discards": ()}),
                                 tile_discards=("A07", "A08", "A09"))
    after = state.play("scout")
    assert after.reshuffled and after.tile_discards == ()
    assert set(after.pending["drawn"]) < {"A07", "A08", "A09"}
    refilled = after._evolve(stacks=after.stacks.set("3", ("A10",)))
    assert refilled.next_stack() == "discards"
    other = refilled._evolve(rules=gl.Rules(reshuffled_stack_scope="compass_only"))
    assert other.next_stack() == "3"


def _vote_game(yes_votes):
    state = game(players=5, seed=8)
    caller = state.current
    target = (caller + 2) % 5
    state = state.play(["vote", target])
    assert len(state.pending["voters"]) == 4 and target not in state.pending["voters"]
    for i in range(4):
        state = state.play(["ballot", "yes" if i < yes_votes else "no"])
    return state, target


def test_gl_t17_vote_needs_a_strict_majority():
    """GL-T17: 5 players, 4 voters: 2 YES / 2 NO fails; 3 YES removes the target."""
    state, target = _vote_game(2)
    assert target not in state.out
    state, target = _vote_game(3)
    assert target in state.out


def test_gl_t18_civilization_ends_the_game_and_ties_share():
    """GL-T18: the Team enters a cleared Civilization tile: the game ends, the Humans in the game
    compare points and ties are shared."""
    state = game(seed=9, layout=[[0, 1, CIVILIZATION, 0]])  # no dots: north of START
    state = state._evolve(roles=("human", "human", "human", "alien"),
                          hands=(("souvenir",), ("souvenir",), ("field_notes",), ("souvenir",) * 2))
    end = state.play(["move", 0, 1])
    assert end.is_over and end.result == "civilization"
    assert end.winners == (0, 1) and end.scores == (1, 1, 0, 0)
    assert end.legal_actions() == []
    with pytest.raises(IllegalAction):
        end.play("end_turn")


def test_gl_t19_clear_from_a_diagonal_tile_is_illegal():
    """GL-T19: the obstacle must be an orthogonal neighbour of the Team's tile."""
    state = game(seed=10, layout=[[1, 0, OPEN[0], 0], [1, 1, HEAT_7, 90]])
    with pytest.raises(IllegalAction) as err:
        state.play(["clear", 1, 1])
    assert err.value.rule == "GL-R19" and "diagonal" in err.value.reason


def test_gl_t20_scoring_trait_cannot_join_a_clearing_pile():
    """GL-T20: a Human Scoring Trait in a clearing pile is rejected."""
    with pytest.raises(IllegalAction) as err:
        gl.dice_for_attempt("high_heat", ["canteen", "souvenir"])
    assert err.value.rule == "GL-R19"
    with pytest.raises(IllegalAction):
        gl.dice_for_attempt("high_heat", ["infection"])
    state = _heat_game(11)
    state = state._evolve(hands=tuple(("souvenir", "canteen") for _ in range(4)))
    state = state.play(["clear", 1, 0])
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.play(["pile", "souvenir"])
    assert err.value.rule == "GL-R19" and state.to_json() == before
    assert ("pile", "souvenir") not in state.legal_actions()
    assert ("pile", "canteen") in state.legal_actions()
