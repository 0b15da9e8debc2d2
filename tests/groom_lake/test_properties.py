"""Groom Lake property tests (random legal games, random deserts) and bad input."""

import dataclasses
import importlib.resources
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.placement import edges_match
from doppelnb.engines.groom_lake.players import explorer_policy
from doppelnb.engines.groom_lake.tiles import neighbours, random_tile

VARIANTS = [
    gl.Rules(),
    gl.Rules(edge_match="exact_pattern", short_stack="draw_one_no_choice"),
    gl.Rules(reshuffled_stack_scope="compass_only", hand_limit=3, carry_over_ap=True),
    gl.Rules(repeat_actions=False, turn_direction="counterclockwise", nontool_played_cards="discard_pile"),
    gl.Rules(crash_site_draw_is_acquire=True, zero_tokens_eliminates=True,
             infection_loss_blockable_by_recovery=True, skip_draw_if_eliminated=False),
    gl.Rules(distance_mode="tiles_inclusive", open_desert_always_high_heat=True,
             auto_move_after_clear=True, failure_roll_includes_out_players=True),
]


def pile_cards(state):
    """Supply cards in limbo: a clearing pile (until the penalties end), or a Crash Site's draw."""
    if state.pending and "cards" in state.pending:
        return len(state.pending["cards"])
    return len(state.pending["drawn"]) if state.phase == "crash" else 0


def pending_tiles(state):
    if state.phase == "scout_keep":
        return len(state.pending["drawn"])
    return 1 if state.phase == "place" else 0


def check_invariants(state):
    desert, mode = state.desert, state.rules.edge_match
    # GL-R14: every placed tile matches every placed neighbour
    for p, own in desert.edges.items():
        for i, q in enumerate(neighbours(p)):
            if q in desert.edges:
                assert edges_match(own[i], desert.edges[q][(i + 2) % 4], mode), (p, q)
    # GL-R16: incremental distances equal a fresh breadth-first search; the Desert is connected
    assert desert.distance == desert.fresh_distances()
    # cards are conserved
    leftover = len(state.leftover[1]) if state.leftover else 0
    total = (sum(map(len, state.hands)) + len(state.supply) + len(state.supply_discards)
             + len(state.removed) + leftover + pile_cards(state))
    assert total == state.deck.size
    # tiles are conserved
    tiles = (len(desert) - 1 + sum(len(v) for v in state.stacks.values())
             + len(state.tile_discards) + pending_tiles(state))
    assert tiles == len(state.tileset.tiles)
    assert min(state.life) >= 0 and state.ap >= 0
    assert state.team in desert.tiles and desert.tiles[state.team].terrain != "canyon"


def mixed_policy(state, rng):
    if rng.random() < 0.35:
        legal = [a for a in state.legal_actions() if a[0] != "give_up"] or state.legal_actions()
        return rng.choice(legal)
    return explorer_policy(state, rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), variant=st.integers(0, len(VARIANTS) - 1))
def test_random_games_keep_the_invariants_and_replay_from_json(seed, players, variant):
    """Property: red dots always match, distances equal a fresh BFS, cards and tiles are
    conserved, states are never mutated, and the record replays to an equal state."""
    state = gl.new_game(players, seed=seed, rules=VARIANTS[variant])
    rng = random.Random(seed)
    for _ in range(160):
        if state.is_over:
            break
        before = state.to_json()
        size = len(state.desert)
        nxt = state.play(mixed_policy(state, rng))
        assert state.to_json() == before and len(state.desert) == size  # immutability
        state = nxt
        check_invariants(state)
    again = gl.from_json(state.to_json())
    assert again == state
    assert again.legal_actions() == state.legal_actions()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), dots=st.sampled_from([0.0, 0.3, 0.6]))
def test_random_deserts_keep_red_dots_and_distances(seed, dots):
    """Property: growing a Desert by the placement priority from a wandering Team keeps the
    red-dot rule and incremental distances equal to networkx's fresh search."""
    rng = random.Random(seed)
    desert = gl.Desert(random_tile(rng, "S", canyon_share=0, dot_share=dots))
    team = desert.start
    for i in range(120):
        tile = random_tile(rng, f"T{i}", dot_share=dots)
        level, options = desert.placement_options(tile, team)
        report = desert.explain_placement(tile, team)
        assert report.level == level and sorted(report.positions()) == sorted(options)
        if level == 3:  # the constraint-class search equals a scan of every open position
            brute = [(p, r) for p in sorted(desert.open) for r in tile.distinct_rotations()
                     if desert.fits(tile, p, r)]
            assert sorted(options) == brute
        if level is None:
            continue
        pos, rot = rng.choice(options)
        desert = desert.placed(tile, pos, rot)
        if rng.random() < 0.5:
            team = rng.choice(list(desert.tiles))
    assert desert.distance == desert.fresh_distances()
    for p, own in desert.edges.items():
        for i, q in enumerate(neighbours(p)):
            if q in desert.edges:
                assert edges_match(own[i], desert.edges[q][(i + 2) % 4])
    for p in list(desert.tiles)[::7]:
        assert gl.distance_to_start(set(desert.tiles), p) == desert.distance[p]


def test_clear_probability_matches_brute_force_twin():
    """Exact: every (dice, value) for up to 4 dice equals the count over all 6**dice rolls."""
    table = gl.clear_probability_table(4, range(-1, 26))
    for dice in range(0, 5):
        for value in range(-1, 26):
            exact = gl.clear_probability(dice, value)
            assert exact == gl.clear_probability_brute_force(dice, value) == table[(dice, value)]
    assert gl.clear_probability(10, 9) == 1 and gl.clear_probability(10, 60) == 0
    assert gl.clear_probability(3, 10) == Fraction(1, 2)
    assert isinstance(gl.clear_probability(2, 7), Fraction)


def dice_twin(obstacle, cards, life, players):
    usable = {"high_heat": {"canteen"}, "flash_flood": {"rope", "compass"},
              "rocky_terrain": {"rope", "canteen", "shovel"}, "sandstorm": {"canteen", "compass"},
              "animal_attack": {"shovel"},
              "alien_probe": {"shovel", "lifeform", "technology"}}[obstacle]
    tools = {"rope", "canteen", "shovel", "compass"}
    good = sum(c in usable for c in cards)
    bad = sum(c in tools and c not in usable for c in cards) if players > 4 else 0
    return max(0, min(10, life + good - bad))


@settings(max_examples=60, deadline=None)
@given(obstacle=st.sampled_from(sorted(gl.USABLE)), life=st.integers(0, 6),
       players=st.integers(3, 6),
       cards=st.lists(st.sampled_from(["rope", "canteen", "shovel", "compass", "lifeform",
                                       "technology", "recovery"]), max_size=12))
def test_dice_for_attempt_matches_the_digest_formula(obstacle, life, players, cards):
    """GL-A11 twin: clamp(life + matching - (players > 4) * non-matching tools, 0, 10)."""
    assert gl.dice_for_attempt(obstacle, cards, life, players) == dice_twin(obstacle, cards, life, players)


def test_stack_to_draw_over_every_case():
    """GL-R16 / GL-A5: the chain for every distance 0..12 and every empty/non-empty pattern."""
    for d in range(13):
        for three in (0, 1):
            for six in (0, 1):
                for compass in (0, 1):
                    remaining = {"3": three, "6": six, "compass": compass}
                    chain = ["3", "6", "compass"] if d <= 4 else ["6", "compass"] if d <= 8 else ["compass"]
                    expect = next((s for s in chain if remaining[s]), "discards")
                    assert gl.stack_to_draw(d, remaining) == expect


# -- bad input: a RuleError naming the rule, nothing changed ------------------------------------------
def test_bad_arguments_raise_rule_errors():
    with pytest.raises(BadInput):
        gl.dice_for_attempt("high_heat", ["banana"])
    with pytest.raises(BadInput):
        gl.dice_for_attempt("volcano", ["canteen"])
    with pytest.raises(BadInput):
        gl.dice_for_attempt("high_heat", "canteen")
    with pytest.raises(BadInput) as err:
        gl.dice_for_attempt("high_heat", [], 0, starting_players=7)
    assert err.value.rule == "GL-R1"
    with pytest.raises(BadInput):
        gl.clear_probability(-1, 3)
    with pytest.raises(BadInput):
        gl.clear_probability(2, "7")
    with pytest.raises(BadInput):
        gl.stack_to_draw(-1, {"3": 1})
    with pytest.raises(BadInput):
        gl.stack_to_draw(2, {"four": 1})
    with pytest.raises(BadInput):
        gl.stack_to_draw(2, {"3": -1})
    with pytest.raises(BadInput):
        gl.distance_to_start({(0, 0), (1, 0)}, (5, 5))
    with pytest.raises(BadInput) as err:
        gl.distance_to_start({(0, 0), (2, 0)}, (2, 0))
    assert err.value.rule == "GL-R16"
    with pytest.raises(BadInput):
        gl.distance_to_start({(0, 0)}, (0, 0), mode="miles")
    with pytest.raises(BadInput) as err:
        gl.new_game(7)
    assert err.value.rule == "GL-R1"
    with pytest.raises(BadInput):
        gl.new_game(4, layout=[[0, 0, "A01", 0]])  # START's square
    with pytest.raises(BadInput):
        gl.new_game(4, layout=[[5, 5, "A01", 0]])  # touches nothing
    with pytest.raises(BadInput):
        gl.new_game(4, layout=[[1, 0, "ZZZ", 0]])
    with pytest.raises(BadInput):
        gl.new_game(4, team=(3, 3))


def test_unknown_flag_values_are_refused():
    with pytest.raises(BadInput) as err:
        gl.Rules(edge_match="fuzzy")
    assert err.value.rule == "GL-A3"
    with pytest.raises(BadInput):
        gl.Rules(hand_limit=4)
    with pytest.raises(BadInput):
        gl.Rules(component_counts=(("life", -1), ("map", 3)))
    with pytest.raises(BadInput):
        gl.Rules().replace(colour="red")
    with pytest.raises(BadInput):
        gl.dice_for_attempt("high_heat", [], rules="default")


def test_malformed_data_files_are_refused(tmp_path):
    good = json.loads(importlib.resources.files("doppelnb")
                      .joinpath("data/groom_lake_tiles.json").read_text())
    cases = {
        "not_json.json": "{tiles:",
        "no_flag.json": json.dumps({k: v for k, v in good.items() if k != "illustrative"}),
        "bad_edges.json": json.dumps({**good, "tiles": [{**good["tiles"][0], "edges": [0, 1]}]}),
        "bad_terrain.json": json.dumps({**good, "tiles": [{**good["tiles"][0], "terrain": "lava"}]}),
        "twice.json": json.dumps({**good, "tiles": [good["tiles"][0], good["tiles"][0]]}),
        "canyon_obstacle.json": json.dumps({**good, "tiles": [{**good["tiles"][20], "obstacle": "high_heat", "value": 3}]}),
        "code.json": json.dumps({**good, "tiles": "__import__('os').system('echo hi')"}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(BadInput) as err:
            gl.load_tiles(path)
        assert err.value.rule == "NB-DATA", name
    with pytest.raises(BadInput):
        gl.Rules(tiles="no_such_file.json")
    deck = {"illustrative": True, "note": "made up", "cards": [
        {"name": "recovery", "kind": "recovery", "count": 1}]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    with pytest.raises(BadInput) as err:
        gl.load_deck(path)
    assert "2 Recovery" in err.value.reason
    deck["cards"] = [{"name": "recovery", "kind": "tool", "count": 3}]
    path.write_text(json.dumps(deck))
    with pytest.raises(BadInput):
        gl.load_deck(path)


def test_malformed_records_are_refused():
    state = gl.new_game(4, seed=12)
    state = state.play(state.legal_actions()[0])
    record = json.loads(state.to_json())
    with pytest.raises(BadInput):
        gl.from_json("{")
    with pytest.raises(BadInput):
        gl.from_json(json.dumps({**record, "game": "doppel_doubt"}))
    with pytest.raises(BadInput) as err:
        gl.from_json(json.dumps({**record, "actions": [["move", 9, 9]]}))
    assert err.value.rule == "NB-RECORD"
    with pytest.raises(BadInput):
        gl.from_json(json.dumps({**record, "options": {"layout": "x"}}))
    with pytest.raises(BadInput):
        gl.from_json(json.dumps({**record, "rules": {"edge_match": "fuzzy"}}))


def test_bad_actions_leave_the_state_unchanged():
    state = gl.new_game(4, seed=13)
    while state.phase == "setup_discard":
        state = state.play(state.legal_actions()[0])
    before = state.to_json()
    for bad in (["fly"], ["move", "a", 1], ["move", 1], ["place", 1, 0, 90], 42, [],
                ["move", True, 0]):
        with pytest.raises(RuleError):
            state.play(bad)
    with pytest.raises(IllegalAction) as err:
        state.play(["keep", "A01"])
    assert "waiting for" in err.value.reason
    with pytest.raises(IllegalAction):
        state.play(["vote", state.current])
    assert state.to_json() == before


def test_placement_refusals_name_the_edge_and_the_priority():
    """Explanations: a red-dot mismatch names the edge; a lower-priority spot names the level."""
    state = gl.new_game(4, seed=14)
    while state.phase == "setup_discard":
        state = state.play(state.legal_actions()[0])
    state = state.play("scout")
    state = state.play(["keep", state.pending["drawn"][0]])
    tile = state.tileset[state.pending["tile"]]
    assert state.pending["level"] == 1
    far = (0, 2)
    with pytest.raises(IllegalAction) as err:
        state.play(["place", *far, 0])
    assert err.value.rule == "GL-R15"
    report = state.desert.explain_placement(tile, state.team)
    assert report.level == 1 and report.rows()
    # a rotation whose edge meets START's dot wrongly
    bad = [c for c in report.candidates if c.mismatches]
    for cand in bad[:3]:
        with pytest.raises(IllegalAction) as err:
            state.play(["place", *cand.position, cand.rotation])
        assert err.value.rule == "GL-R14" and "edge" in err.value.reason


def test_desert_place_refusals():
    plain = gl.Tile("P", "open_desert", "3", None, None, None, (0, 0, 0, 0))
    dotted = gl.Tile("D", "open_desert", "3", None, None, None, (1, 1, 1, 1))
    desert = gl.Desert(gl.Tile("S", "start", None, edges=(0, 0, 0, 0)))
    with pytest.raises(IllegalAction) as err:
        desert.placed(dotted, (1, 0))
    assert err.value.rule == "GL-R14" and "west edge" in err.value.reason
    with pytest.raises(IllegalAction):
        desert.placed(plain, (0, 0))
    with pytest.raises(IllegalAction):
        desert.placed(plain, (4, 4))
    with pytest.raises(BadInput):
        desert.placed(plain, (1, 0), 45)
    assert len(desert) == 1
    # exact_pattern: one dot does not meet two
    one = gl.Tile("O", "open_desert", "3", None, None, None, (1, 1, 1, 1))
    two = gl.Tile("T", "open_desert", "3", None, None, None, (2, 2, 2, 2))
    d2 = gl.Desert(one)
    assert d2.fits(two, (1, 0), 0, "presence") and not d2.fits(two, (1, 0), 0, "exact_pattern")


def test_view_hides_other_hands_and_the_scouted_tiles():
    state = gl.new_game(4, seed=15)
    while state.phase == "setup_discard":
        state = state.play(state.legal_actions()[0])
    state = state.play("scout")
    leader = state.current
    other = (leader + 1) % 4
    mine, theirs = state.view(leader), state.view(other)
    assert mine.drawn == state.pending["drawn"] and theirs.drawn is None
    assert theirs.hand == tuple(state.hands[other]) and not hasattr(theirs, "hands")
    assert theirs.hand_sizes == tuple(len(h) for h in state.hands)
    with pytest.raises(dataclasses.FrozenInstanceError):
        theirs.hand = mine.hand  # type: ignore[misc]  # a view is a frozen value
    with pytest.raises(BadInput):
        state.view(9)


def test_spots_view_indexes_like_the_list_it_stands_for():
    """Issue 17: an 'anywhere' placement (GL-R15.3) is a lazy view over constraint classes; it
    must index, count, compare and pickle exactly like the list of spots it stands for."""
    import pickle

    from doppelnb.engines.groom_lake.placement import Spots
    from doppelnb.engines.groom_lake.tiles import random_tile

    rng = random.Random(7)
    desert = gl.Desert(random_tile(rng, "S", canyon_share=0))
    checked = 0
    for i in range(300):
        tile = random_tile(rng, f"T{i}")
        spots = desert._anywhere(tile, tile.distinct_rotations(), "presence")
        listed = list(spots)
        assert isinstance(spots, Spots) and len(spots) == len(listed)
        assert [spots[k] for k in range(len(spots))] == listed
        if listed:
            assert spots[-1] == listed[-1] and spots == listed
            assert pickle.loads(pickle.dumps(spots)) == listed
            p, r = listed[rng.randrange(len(listed))]
            desert = desert.placed(tile, p, r)
            checked += 1
        with pytest.raises(IndexError):
            spots[len(listed)]
    assert checked > 100
