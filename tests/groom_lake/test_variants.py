"""Groom Lake variant flags (one per digest ambiguity): what each reading changes; analyses and
renderings."""

import pytest
from immutables import Map

from doppelnb import BadInput, IllegalAction
from doppelnb.core.chance import rng_for
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import analysis, render, simulation

OPEN = ["A07", "A08", "A09", "A10", "A11", "B10", "B11", "B12"]
CANYON, MOUNTAIN, CIVILIZATION, HEAT_7, CRASH_2 = "A21", "A14", "C16", "A05", "A13"

DIGEST_FLAGS = {  # digest flag -> ambiguity id
    "limited_tokens": "GL-A1", "component_counts": "GL-A1", "supply_deck": "GL-A1",
    "tiles": "GL-A2", "edge_match": "GL-A3", "distance_mode": "GL-A4",
    "reshuffled_stack_scope": "GL-A5", "short_stack": "GL-A6", "unplaceable_tile": "GL-A7",
    "start_tile_terrain": "GL-A8", "open_desert_always_high_heat": "GL-A9",
    "water_is_canteen": "GL-A10", "nonmatching_penalty_applies_to": "GL-A11",
    "failure_roll_includes_out_players": "GL-A12", "skip_draw_if_eliminated": "GL-A13",
    "alien_proof_on_random_draw": "GL-A14", "infection_discardable_from_hand": "GL-A15",
    "crash_site_draw_is_acquire": "GL-A15", "infection_loss_blockable_by_recovery": "GL-A16",
    "zero_tokens_eliminates": "GL-A16", "nontool_played_cards": "GL-A17",
    "recovery_counts_as_life_die": "GL-A18", "vote_base": "GL-A19", "out_players_vote": "GL-A19",
    "turn_direction": "GL-A20", "repeat_actions": "GL-A21", "carry_over_ap": "GL-A21",
    "leftover_stack": "GL-A22", "initial_extra_deal": "GL-A23", "hand_limit": "GL-A24",
    "scoring_values": "GL-A25", "alien_proof_scores": "GL-A25", "auto_move_after_clear": "GL-A26",
    "trapped_rule": "GL-A28", "give_up": "GL-A29", "removed_aliens_share_win": "GL-A30",
    "guarantee_alien": "GL-A31",
}


def ready(state):
    while state.phase == "setup_discard":
        state = state.play(state.legal_actions()[0])
    return state


def game(players=4, seed=1, rules=None, **kw):
    return ready(gl.new_game(players, seed=seed, rules=rules or gl.Rules(), **kw))


def test_every_digest_flag_is_a_rules_field_with_its_id():
    infos = {info.name: info for info in gl.Rules.flags()}
    for name, rule in DIGEST_FLAGS.items():
        assert name in infos, name
        assert infos[name].rule == rule and infos[name].digest_name == f"gl_{name}"
    assert gl.Rules().changed() == {}
    assert gl.Rules.from_dict(gl.Rules(hand_limit=3).to_dict()) == gl.Rules(hand_limit=3)
    assert "GL-A3" in gl.Rules()._repr_html_()


def test_gl_a1_limited_tokens():
    with pytest.raises(BadInput) as err:
        gl.new_game(4, rules=gl.Rules(limited_tokens=True, component_counts=(("life", 10), ("map", 5))))
    assert err.value.rule == "GL-A1"
    rules = gl.Rules(limited_tokens=True, component_counts=(("life", 30), ("map", 0)))
    state = game(seed=2, rules=rules, layout=[[1, 0, HEAT_7, 180]])
    with pytest.raises(IllegalAction) as err:
        state.play(["clear", 1, 0])
    assert err.value.rule == "GL-A1"


def test_gl_a4_tiles_inclusive_counts_one_more():
    layout = [[1, 0, OPEN[0], 0], [2, 0, OPEN[1], 90], [3, 0, OPEN[2], 180], [4, 0, OPEN[3], 0]]
    steps = gl.new_game(4, seed=3, layout=layout, team=(4, 0))
    tiles = gl.new_game(4, seed=3, layout=layout, team=(4, 0),
                        rules=gl.Rules(distance_mode="tiles_inclusive"))
    assert (steps.team_distance(), steps.next_stack()) == (4, "3")
    assert (tiles.team_distance(), tiles.next_stack()) == (5, "6")


def test_gl_a6_short_stack_readings():
    base = game(seed=4)
    one_left = Map({"3": ("A07",), "6": ("B10", "B11"), "compass": ("C09",), "discards": ()})
    top_up = base._evolve(stacks=one_left).play("scout")
    assert top_up.phase == "scout_keep" and set(top_up.pending["drawn"]) == {"A07", "B10"}
    single = base._evolve(stacks=one_left, rules=gl.Rules(short_stack="draw_one_no_choice"))
    single = single.play("scout")
    assert single.phase == "place" and single.pending["tile"] == "A07"


def test_gl_a7_unplaceable_tile_is_discarded():
    """GL-A7: a tile with dots on every edge against a Desert whose open edges are all plain."""
    layout = [[1, 0, "A03", 0], [-1, 0, "A05", 0]]  # their dots meet START's east/west dots
    rules = gl.Rules(short_stack="draw_one_no_choice")
    state = game(seed=5, rules=rules, layout=layout)
    state = state._evolve(stacks=Map({"3": ("C06",), "6": (), "compass": (), "discards": ()}))
    report = state.desert.explain_placement(state.tileset["C06"], state.team)
    assert report.level is None and "discarded (GL-A7)" in report.summary()
    after = state.play("scout")
    assert after.tile_discards == ("C06",) and len(after.desert) == 3
    assert any("GL-A7" in e for e in after.events)


def test_gl_a8_start_terrain_sets_the_move_cost():
    layout = [[1, 0, OPEN[0], 0]]
    plain = game(seed=6, layout=layout, team=(1, 0))
    assert plain.play(["move", 0, 0]).ap in (1, 2)  # 1 AP spent (or a new turn with 2)
    mountain = plain._evolve(rules=gl.Rules(start_tile_terrain="mountain"), ap=1)
    with pytest.raises(IllegalAction) as err:
        mountain.play(["move", 0, 0])
    assert err.value.rule == "GL-R12"


def test_gl_a9_every_open_desert_shows_high_heat():
    state = game(seed=7, layout=[[1, 0, OPEN[0], 0]])
    assert ("move", 1, 0) in state.legal_actions()
    heat = state._evolve(rules=gl.Rules(open_desert_always_high_heat=True))
    assert ("move", 1, 0) not in heat.legal_actions() and ("clear", 1, 0) in heat.legal_actions()


def test_gl_a11_and_a18_dice_readings():
    five = 5
    assert gl.dice_for_attempt("high_heat", ["canteen", "lifeform"], 1, five) == 2
    strict = gl.Rules(nonmatching_penalty_applies_to="all_supply")
    assert gl.dice_for_attempt("high_heat", ["canteen", "lifeform"], 1, five, rules=strict) == 1
    assert gl.dice_for_attempt("high_heat", ["recovery"], 0) == 0
    rec = gl.Rules(recovery_counts_as_life_die=True)
    assert gl.dice_for_attempt("high_heat", ["recovery"], 0, rules=rec) == 1


def _attempt(state, target, cards=None, life=0):
    state = state.play(["clear", *target])
    while not state.pending["revealed"]:
        if state.to_move == state.current:
            for c in cards or []:
                state = state.play(["pile", c])
            for _ in range(life):
                state = state.play(["pile", "life"])
        state = state.play(["done"])
    return state.play(["roll"])


def _winning_seed():
    """A seed whose first clearing roll of 3 dice beats a value of 7."""
    def total(seed):
        rng = rng_for(seed, "clear", 1)
        return sum(rng.randint(1, 6) for _ in range(3))
    return next(s for s in range(500) if total(s) > 7)


def test_gl_a17_and_a26_after_a_clear():
    seed = _winning_seed()
    base = game(seed=seed, layout=[[1, 0, HEAT_7, 180]])
    hands = tuple(("canteen", "lifeform") for _ in range(4))
    state = base._evolve(hands=hands)
    done = _attempt(state, (1, 0), ["canteen", "lifeform"], life=2)
    assert (1, 0) in done.map_tokens and done.team == (0, 0)
    assert done.supply_discards[-1] == "canteen" and done.removed[-1] == "lifeform"
    keep = state._evolve(rules=gl.Rules(nontool_played_cards="discard_pile", auto_move_after_clear=True))
    done = _attempt(keep, (1, 0), ["canteen", "lifeform"], life=2)
    assert "lifeform" in done.supply_discards and done.team == (1, 0)


def test_gl_a19_vote_base_and_out_players():
    def run(rules, yes):
        state = game(players=6, seed=8, rules=rules)
        target = (state.current + 3) % 6
        state = state.play(["vote", target])
        n = len(state.pending["voters"])
        for i in range(n):
            state = state.play(["ballot", "yes" if i < yes else "no"])
        return target in state.out, n
    assert run(gl.Rules(), 3) == (True, 5)
    assert run(gl.Rules(vote_base="players_in_game"), 3) == (False, 5)
    with_out = game(players=6, seed=8, rules=gl.Rules(out_players_vote=True))
    out = (with_out.current + 1) % 6
    with_out = with_out._evolve(out=frozenset({out}))
    voting = with_out.play(["vote", (with_out.current + 3) % 6])
    assert out in voting.pending["voters"]


def test_gl_a20_turn_direction():
    cw = game(seed=9)
    ccw = game(seed=9, rules=gl.Rules(turn_direction="counterclockwise"))
    assert cw.play("end_turn").current == (cw.current + 1) % 4
    assert ccw.play("end_turn").current == (ccw.current - 1) % 4


def test_gl_a21_repeat_and_carry_over():
    once = game(seed=10, rules=gl.Rules(repeat_actions=False))
    once = once.play("scout")
    once = once.play(["keep", once.pending["drawn"][0]])
    once = once.play(once.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        once.play("scout")
    assert err.value.rule == "GL-A21"
    carry = game(seed=10, rules=gl.Rules(carry_over_ap=True))
    me = carry.current
    state = carry.play("end_turn")
    for _ in range(3):
        state = state.play("end_turn")
    assert state.current == me and state.ap == 4


def test_gl_a22_and_a23_set_up_readings():
    deck = gl.load_deck()
    back = gl.new_game(4, seed=11, rules=gl.Rules(leftover_stack="return_cards_to_deck"))
    assert back.leftover[1] == () and len(back.supply) == deck.size - 8 - 10
    each = gl.new_game(3, seed=11, rules=gl.Rules(initial_extra_deal="10_each"))
    assert sum(map(len, each.hands)) == 6 + 30


def test_gl_a24_hand_limit_after_a_crash_site():
    rules = gl.Rules(hand_limit=3)
    state = game(seed=12, rules=rules, layout=[[1, 0, CRASH_2, 0]])
    me = state.current
    state = state._evolve(hands=tuple(("rope", "rope", "rope") if p == me else () for p in range(4)))
    state = state.play(["move", 1, 0])
    while state.phase == "crash":
        state = state.play(next(a for a in state.legal_actions() if a[2] == me))
    assert state.phase == "hand_limit" and state.to_move == me
    while state.phase == "hand_limit":
        state = state.play(state.legal_actions()[0])
    assert len(state.hands[me]) == 3


def test_gl_a15_infection_cannot_be_discarded_by_default():
    state = gl.new_game(4, seed=1)
    holder = next(p for p, h in enumerate(state.hands) if "infection" in h)
    assert state.roles[holder] == "alien" and holder in state.infected
    while state.phase == "setup_discard":
        if state.to_move == holder:
            assert ("discard", "infection") not in state.legal_actions()
            with pytest.raises(IllegalAction) as err:
                state.play(["discard", "infection"])
            assert err.value.rule == "GL-A15"
        state = state.play(state.legal_actions()[0])
    assert "infection" in state.hands[holder]
    loose = gl.new_game(4, seed=1, rules=gl.Rules(infection_discardable_from_hand=True))
    assert ("discard", "infection") in loose.legal_actions() or loose.to_move != holder


def test_gl_a29_a30_giving_up():
    state = game(seed=13)
    state = state._evolve(roles=("human", "alien", "human", "human"), out=frozenset({1}))
    vote = state.play("give_up")
    while vote.phase == "give_up":
        vote = vote.play(["ballot", "yes"])
    assert vote.result == "gave_up" and vote.winners == (1,)
    alone = state._evolve(rules=gl.Rules(removed_aliens_share_win=False))
    vote = alone.play("give_up")
    while vote.phase == "give_up":
        vote = vote.play(["ballot", "yes"])
    # GL-R31.3, rulebook line 280: on giving up "the Alien(s) win even if they are removed from
    # the game", whatever GL-A30 says about the other endings.
    assert vote.winners == (1,)
    assert vote._evolve(result="trapped").winners == ()  # GL-A30 applies to endings 2 and 4
    refused = state.play("give_up").play(["ballot", "no"])
    assert refused.result is None and refused.phase == "turn"
    with pytest.raises(IllegalAction):
        refused.play("give_up")  # once a turn
    with pytest.raises(IllegalAction) as err:
        state._evolve(rules=gl.Rules(give_up="disabled")).play("give_up")
    assert err.value.rule == "GL-A29"


def test_gl_a25_scoring_values():
    state = game(seed=14, layout=[[0, 1, CIVILIZATION, 0]])  # no dots: north of START
    state = state._evolve(roles=("human",) * 4, hands=(("souvenir",), ("lifeform", "lifeform"),
                                                         ("field_notes",), ()))
    assert state.play(["move", 0, 1]).winners == (1,)  # 4 points beat 3
    no_proof = state._evolve(rules=gl.Rules(alien_proof_scores=False))
    assert no_proof.play(["move", 0, 1]).winners == (0,)
    custom = state._evolve(rules=gl.Rules(scoring_values=(("field_notes", 9),)))
    assert custom.play(["move", 0, 1]).winners == (2,)


def test_gl_r31_4_and_a28_trapped_by_canyons():
    canyons = ["A21", "A22", "B17", "B18"]
    layout = [[x, y, t, r] for (x, y), t, r in zip([(1, 0), (0, 1), (-1, 0), (0, -1)], canyons,
                                                   (0, 0, 270, 0), strict=True)]
    state = game(seed=15, layout=layout)
    assert gl.is_trapped(state.desert, state.team)
    assert state.result == "trapped" and state.legal_actions() == []
    assert state.winners == tuple(p for p in range(4) if state.roles[p] == "alien")
    open_edge = game(seed=15, layout=layout[:3])
    assert not gl.is_trapped(open_edge.desert, open_edge.team)
    assert open_edge.reachable() == {(0, 0)}


def test_analysis_odds_table_chart_and_alien_chance():
    html = analysis.clear_odds_table(values=[7], max_dice=2)._repr_html_()
    assert "41.7%" in html  # 2 dice > 7 is 15/36
    svg = str(analysis.clear_odds_chart(values=(7,), max_dice=3))
    assert svg.startswith("<svg") and "value 7" in svg


def test_simulations_are_seeded_and_replay():
    a = simulation.simulate_growth(3, seed=5, max_turns=25)
    b = simulation.simulate_growth(3, seed=5, max_turns=25)
    assert a == b and sum(a.results.values()) == 3
    assert sum(a.stack_draws.values()) == sum(sum(c.values()) for c in a.draws_by_distance.values())
    assert "tiles drawn" in a._repr_html_()
    ready = simulation.past_setup(gl.new_game(4, seed=1))
    assert ready.phase == "turn" and all(len(h) <= 3 for h in ready.hands)
    states = simulation.expedition(4, seed=2, max_turns=10)
    last = states[-1]
    assert gl.from_json(last.to_json()) == last


def test_renderings():
    state = game(seed=16, layout=[[1, 0, HEAT_7, 180], [2, 0, CANYON, 90]], team=(1, 0),
                 map_tokens=[(1, 0)])
    svg = str(render.state_svg(state, heat=True))
    assert svg.count("<rect") >= 3 and "Heat 7" in svg and "illustrative" in svg
    assert "the Team pawn" in svg and "Map Token" in svg and "“3”" in svg
    html = state._repr_html_()
    assert "distance 1" in html
    report = state.desert.explain_placement(state.tileset["C06"], state.team)
    assert "<table" in report._repr_html_() and "priority" in report._repr_html_()
    assert str(render.tile_svg(state.tileset["A02"], 90)).count("<circle") == 3


def test_state_explains_actions_and_the_waiting_tile():
    state = game(seed=17, layout=[[1, 0, CANYON, 0]])
    assert state.explain(["move", 1, 0]).startswith("GL-R17")
    assert state.explain(["teleport"]).startswith("NB-ARG")
    assert state.explain("scout") == "legal"
    with pytest.raises(BadInput):
        state.placement_report()
    placing = state.play("scout")
    placing = placing.play(["keep", placing.pending["drawn"][0]])
    report = placing.placement_report()
    assert sorted(report.positions()) == sorted(placing.pending["options"])
    html = str(render.step_html(placing))
    assert "may go" not in html and "<table" not in html
    assert "must go" in html


def _failure_rolls(seed, seats):
    rng = rng_for(seed, "failure", 1)
    return {p: rng.randint(1, 6) for p in sorted(seats)}


def _unique_loser(seats, start=0):
    for seed in range(start, 5000):
        rolls = _failure_rolls(seed, seats)
        top = max(rolls.values())
        if list(rolls.values()).count(top) == 1:
            return seed, max(rolls, key=rolls.get)
    raise AssertionError


def _failed_attempt(seed, hands, life, rules=None):
    state = game(seed=seed, rules=rules, layout=[[1, 0, HEAT_7, 180]])
    state = state._evolve(hands=tuple(hands), life=tuple(life))
    return _attempt(state, (1, 0))  # nothing played: 0 dice, a sure failure


def test_gl_a13_skip_the_draw_of_an_eliminated_player():
    seed, loser = _unique_loser(range(4))
    hands, life = [("rope",)] * 4, [5] * 4
    life[loser] = 0
    default = _failed_attempt(seed, hands, life)
    assert loser in default.out
    assert not any(f"P{loser + 1}'s hand" in e for e in default.events)
    drawn = _failed_attempt(seed, hands, life, gl.Rules(skip_draw_if_eliminated=False))
    assert loser in drawn.out and any(f"P{loser + 1}'s hand" in e for e in drawn.events)


def test_gl_a14_alien_proof_on_the_random_draw():
    seed, loser = _unique_loser(range(4))
    hands = [("rope",)] * 4
    hands[loser] = ("lifeform",)
    kept = _failed_attempt(seed, hands, [5] * 4)
    assert kept.phase == "turn" and kept.hands[loser] == ("lifeform",)
    choice = _failed_attempt(seed, hands, [5] * 4, gl.Rules(alien_proof_on_random_draw="keep_or_discard"))
    assert choice.phase == "trait" and choice.to_move == loser
    after = choice.play(["trait", "discard"])
    assert after.hands[loser] == () and after.supply_discards[-1] == "lifeform"


def test_gl_a16_zero_tokens_can_eliminate():
    seed, loser = _unique_loser(range(4))
    hands = [("rope",)] * 4
    hands[loser] = ("infection",)
    life = [1] * 4
    life[loser] = 2  # pays one, keeps one: the Infection takes one token
    for flag, expect_out in ((False, False), (True, True)):
        state = _failed_attempt(seed, hands, life, gl.Rules(zero_tokens_eliminates=flag))
        assert state.phase == "take_life" and state.pending["left"] == 1
        victim = next(p for p in range(4) if p != loser)
        state = state.play(["take_life", victim])
        assert loser in state.out and state.life[victim] == 0
        assert (victim in state.out) is expect_out


def test_gl_a12_out_players_roll_too():
    seed = 3
    state = game(seed=seed, layout=[[1, 0, HEAT_7, 180]])
    gone = (state.current + 1) % 4
    state = state._evolve(out=frozenset({gone}), hands=(("rope",),) * 4)
    default = _attempt(state, (1, 0))
    roll_line = next(e for e in default.events if "penalty rolls" in e)
    assert f"P{gone + 1}:" not in roll_line
    wide = _attempt(state._evolve(rules=gl.Rules(failure_roll_includes_out_players=True)), (1, 0))
    roll_line = next(e for e in wide.events if "penalty rolls" in e)
    assert f"P{gone + 1}:" in roll_line and gone in wide.out


def test_text_map():
    state = game(seed=18, layout=[[1, 0, CANYON, 0], [0, 1, HEAT_7, 0], [-1, 0, CRASH_2, 90],
                                  [0, -1, MOUNTAIN, 0]])
    assert state.desert.ascii() == " o\n*S#\n ^"
    assert str(state).splitlines()[1] == "*T#" and "leads with" in str(state)
