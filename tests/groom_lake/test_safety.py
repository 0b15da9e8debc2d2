"""Groom Lake: correctness and hostile input (issue 11).

Rule defects cite the rulebook line and the digest id; the bad-input table calls every public
function with hostile arguments and accepts only ``BadInput``; the hidden-information property
checks every view against a twin state that differs only in what the viewer cannot see.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random
import subprocess
import sys

import networkx as nx
import pytest
from immutables import Map

import doppelnb.engines.groom_lake as gl
from doppelnb.core.errors import BadInput, RuleError
from doppelnb.engines.groom_lake import analysis, odds, paths, players, simulation
from doppelnb.engines.groom_lake.rules import STACK_ORDER

ROOT = pathlib.Path(__file__).resolve().parents[2]


def random_states(players: int, seed: int, limit: int = 400):
    """The states of one seeded random game (at most ``limit`` actions)."""
    state = gl.new_game(players, seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        if state.is_over:
            return
        state = state.play(rng.choice(state.legal_actions()))
        yield state


def first_state(players: int, seeds, condition):
    for seed in seeds:
        for state in random_states(players, seed):
            if condition(state):
                return state
    raise AssertionError("no seeded game reached the wanted position")


# -- rule defects ---------------------------------------------------------------------------------
@pytest.mark.parametrize("share", [True, False])
def test_gl_r31_3_removed_aliens_still_win_when_the_team_gives_up(share):
    """Rulebook line 280 (GL-R31.3): the Humans can give up, and "the Alien(s) win even if they
    are removed from the game". Giving up does not depend on the Aliens being in the game, and
    GL-A30's flag (which governs endings 2 and 4) must not take that victory away."""
    rules = gl.Rules(removed_aliens_share_win=share)

    def aliens_all_out(s):
        return (s.phase == "turn" and "alien" in s.roles
                and all(p in s.out for p in range(s.players) if s.roles[p] == "alien"))

    state = None
    for seed in range(200):
        s = gl.new_game(4, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not s.is_over and not aliens_all_out(s):
            s = s.play(rng.choice(s.legal_actions()))
        if aliens_all_out(s):
            state = s
            break
    assert state is not None
    assert ("give_up",) in state.legal_actions()
    vote = state.play("give_up")
    while vote.phase == "give_up":
        vote = vote.play(["ballot", "yes"])
    aliens = tuple(p for p in range(4) if vote.roles[p] == "alien")
    assert vote.result == "gave_up"
    assert vote.winners == aliens and all(p in vote.out for p in aliens)


# -- nothing mutable is shared ----------------------------------------------------------------------
def test_the_desert_and_the_tile_set_of_a_state_are_read_only():
    state = first_state(4, range(5), lambda s: s.phase == "place")
    before = state.to_json()
    tile = state.tileset[state.pending["tile"]]
    (x, y), rotation = state.pending["options"][0]
    with pytest.raises(dataclasses.FrozenInstanceError):  # a Desert is an immutable value
        state.desert._tiles = Map()  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.desert.tiles[(99, 99)] = tile
    with pytest.raises(TypeError):
        state.desert.distance[(0, 0)] = 5
    with pytest.raises(nx.NetworkXError):  # networkx refuses changes to a frozen graph
        state.desert.graph.add_edge((0, 0), (50, 50))
    with pytest.raises(TypeError):
        state.tileset.tiles["X1"] = tile
    with pytest.raises(TypeError):
        state.deck.counts["canteen"] = 99
    with pytest.raises(TypeError):
        state.stacks["3"] = ()
    with pytest.raises(TypeError):
        state.pending["tile"] = "other"
    # the cached, shared tile set and deck cannot be changed by anyone
    with pytest.raises((TypeError, AttributeError)):
        gl.load_tiles().tiles.clear()
    with pytest.raises(TypeError):
        gl.load_deck().points["souvenir"] = 100
    # a placement makes a new Desert; the state's Desert does not change
    mine = state.desert.placed(tile, (x, y), rotation)
    assert len(mine) == len(state.desert) + 1
    assert state.to_json() == before and gl.from_json(before) == state
    after = state.play(["place", x, y, rotation])
    assert len(after.desert) == len(state.desert) + 1 and (x, y) not in state.desert


# -- analyses: fast paths and documented limits ---------------------------------------------------
def test_clear_probability_fast_paths_and_limits():
    assert gl.clear_probability(10**9, 5) == 1  # the lowest total of 10**9 dice is 10**9
    assert gl.clear_probability(10**9, 6 * 10**9) == 0
    assert gl.clear_probability(3, 2) == 1 and gl.clear_probability(3, 18) == 0
    with pytest.raises(BadInput, match=str(odds.MAX_EXACT_DICE)):
        gl.clear_probability(10**6, 3 * 10**6)
    with pytest.raises(BadInput, match=str(odds.MAX_BRUTE_DICE)):
        gl.clear_probability_brute_force(30, 3)
    assert gl.clear_probability_brute_force(odds.MAX_BRUTE_DICE, 24) == gl.clear_probability(7, 24)
    with pytest.raises(BadInput, match=str(odds.MAX_TABLE_DICE)):
        gl.clear_probability_table(10**6)
    with pytest.raises(BadInput, match=str(odds.MAX_TABLE_VALUES)):
        gl.clear_probability_table(3, range(10**9))


# -- data files and records -----------------------------------------------------------------------
def test_a_record_never_opens_a_path(tmp_path, monkeypatch):
    record = json.loads(gl.new_game(4, seed=3).to_json())
    opened = []
    import doppelnb.core.data as data

    monkeypatch.setattr(data, "read_user_file", lambda *a, **k: opened.append(a) or b"")
    for key, value in [("tiles", str(tmp_path / "t.json")), ("tiles", "/dev/zero"),
                       ("supply_deck", "../groom_lake_supply.json"), ("tiles", ["x"]),
                       ("supply_deck", "sha256:" + "0" * 32)]:
        bad = {**record, "rules": {**record["rules"], key: value}}
        with pytest.raises(BadInput):
            gl.from_json(json.dumps(bad))
    assert opened == []


def test_a_users_tile_set_is_recorded_by_hash_and_passed_explicitly(tmp_path):
    shipped = json.loads((ROOT / "doppelnb/data/groom_lake_tiles.json").read_text())
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({**shipped, "note": "my own copy"}))
    mine = gl.load_tiles(path)
    assert mine.source.startswith("sha256:")
    state = gl.new_game(4, seed=5, rules=gl.Rules(tiles=path))
    state = state.play(state.legal_actions()[0])
    text = state.to_json()
    assert str(path) not in text and mine.source in text
    assert gl.from_json(text, data=[mine]) == state
    other = json.loads(text)
    other["rules"]["tiles"] = "sha256:" + "f" * 32  # data that nobody passed
    with pytest.raises(BadInput, match="explicitly"):
        gl.from_json(json.dumps(other), data=[mine])
    with pytest.raises(BadInput):
        gl.from_json(text, data=[str(path)])  # a string is not data


def test_duplicate_entries_in_data_files_are_refused(tmp_path):
    shipped = json.loads((ROOT / "doppelnb/data/groom_lake_supply.json").read_text())
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({**shipped, "cards": shipped["cards"] + shipped["cards"][:1]}))
    with pytest.raises(BadInput, match="twice"):
        gl.load_deck(path)


def test_a_malformed_data_file_in_the_working_directory_is_ignored(tmp_path):
    """Issue 11: a broken ``groom_lake_tiles.json`` beside a notebook broke the import."""
    (tmp_path / "groom_lake_tiles.json").write_text("{not json")
    (tmp_path / "groom_lake_supply.json").write_text('{"illustrative": true, "cards": []}')
    code = ("import doppelnb.engines.groom_lake as gl; s = gl.new_game(4, seed=1); "
            "print(len(s.tileset.tiles), s.deck.source)")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(len(gl.load_tiles().tiles)), "groom_lake_supply.json"]


# -- bad input: every public function, hostile arguments, BadInput only -----------------------------
STATE = gl.new_game(4, seed=2)
HOSTILE = [None, True, 1.5, "x", {"a": 1}, object(), [1.5, "y", None]]


def _cases():
    s = STATE
    tile = s.tileset.start
    d = s.desert
    yield "new_game(10.0)", lambda: gl.new_game(10.0)
    yield "new_game(True)", lambda: gl.new_game(True)
    yield "new_game('4')", lambda: gl.new_game("4")
    yield "new_game(unknown=1)", lambda: gl.new_game(4, colour="red")
    yield "new_game(seed=1.5)", lambda: gl.new_game(4, seed=1.5)
    yield "new_game(rules=dict)", lambda: gl.new_game(4, rules={})
    yield "new_game(layout=5)", lambda: gl.new_game(4, layout=5)
    yield "new_game(layout=[[1]])", lambda: gl.new_game(4, layout=[[1]])
    yield "new_game(team='ab')", lambda: gl.new_game(4, team="ab")
    yield "new_game(team=(0.5,0))", lambda: gl.new_game(4, team=(0.5, 0))
    yield "new_game(map_tokens=[5])", lambda: gl.new_game(4, map_tokens=[5])
    yield "from_json(garbage)", lambda: gl.from_json("[[[[")
    yield "from_json(deep)", lambda: gl.from_json("[" * 100_000 + "]" * 100_000)
    yield "from_json(None)", lambda: gl.from_json(None)
    yield "from_json(data=5)", lambda: gl.from_json(s.to_json(), data=5)
    for bad in HOSTILE:
        if True:
            yield f"view({bad!r:.20})", (lambda b=bad: s.view(b)) if bad is not None else None
            yield f"points({bad!r:.20})", lambda b=bad: s.points(b)
            yield f"order_from({bad!r:.20})", lambda b=bad: s.order_from(b)
            yield f"play({bad!r:.20})", lambda b=bad: s.play(b)
            yield f"tile_at({bad!r:.20})", lambda b=bad: s.tile_at(b)
            yield f"obstacle({bad!r:.20})", lambda b=bad: s.obstacle(b)
            yield f"is_cleared({bad!r:.20})", lambda b=bad: s.is_cleared(b)
            yield f"terrain({bad!r:.20})", lambda b=bad: s.terrain(b)
            yield f"placement_report({bad!r:.20})", lambda b=bad: s.placement_report(b)
            yield f"distance_to_start(team={bad!r:.20})", lambda b=bad: gl.distance_to_start({(0, 0)}, b)
            yield f"distance_to_start(tiles={bad!r:.20})", lambda b=bad: gl.distance_to_start(b, (0, 0))
            yield f"stack_to_draw({bad!r:.20})", lambda b=bad: gl.stack_to_draw(b, {"3": 1})
            yield f"stack_to_draw(remaining={bad!r:.20})", lambda b=bad: gl.stack_to_draw(3, b)
            yield f"clear_probability({bad!r:.20})", lambda b=bad: gl.clear_probability(b, 5)
            yield f"clear_probability(value={bad!r:.20})", lambda b=bad: gl.clear_probability(3, b)
            yield f"clear_probability_brute_force({bad!r:.20})", lambda b=bad: gl.clear_probability_brute_force(b, 5)
            yield f"clear_probability_table({bad!r:.20})", lambda b=bad: gl.clear_probability_table(b)
            yield f"dice_for_attempt({bad!r:.20})", lambda b=bad: gl.dice_for_attempt(b, [])
            yield f"dice_for_attempt(cards={bad!r:.20})", lambda b=bad: gl.dice_for_attempt("high_heat", b)
            yield f"dice_for_attempt(life={bad!r:.20})", lambda b=bad: gl.dice_for_attempt("high_heat", [], b)
            yield f"dice_for_attempt(players={bad!r:.20})", lambda b=bad: gl.dice_for_attempt("high_heat", [], 0, b)
            yield f"dice_breakdown(rules={bad!r:.20})", lambda b=bad: gl.dice_breakdown("high_heat", [], rules=b)
            yield f"usable_cards({bad!r:.20})", lambda b=bad: gl.usable_cards(b)
            yield f"load_tiles({bad!r:.20})", lambda b=bad: gl.load_tiles(b)
            yield f"load_deck({bad!r:.20})", lambda b=bad: gl.load_deck(b)
            yield f"Rules(tiles={bad!r:.20})", lambda b=bad: gl.Rules(tiles=b)
            yield f"Rules(give_up={bad!r:.20})", lambda b=bad: gl.Rules(give_up=b)
            yield f"Desert({bad!r:.20})", lambda b=bad: gl.Desert(b)
            yield f"Desert.placed({bad!r:.20})", lambda b=bad: d.placed(tile, b)
            yield f"Desert.placement_options({bad!r:.20})", lambda b=bad: d.placement_options(tile, b)
            yield f"Desert.explain_placement({bad!r:.20})", lambda b=bad: d.explain_placement(b, (0, 0))
            yield f"reachable({bad!r:.20})", lambda b=bad: gl.reachable(d, b, lambda q: True)
            yield f"region({bad!r:.20})", lambda b=bad: gl.region(b, (0, 0))
            yield f"is_trapped({bad!r:.20})", lambda b=bad: gl.is_trapped(d, b)
            yield f"alien_absent_probability({bad!r:.20})", lambda b=bad: analysis.alien_absent_probability(b)
            yield f"alien_absent_probability_brute_force({bad!r:.20})", lambda b=bad: analysis.alien_absent_probability_brute_force(b)
            yield f"clear_odds_table({bad!r:.20})", lambda b=bad: analysis.clear_odds_table(b)
            yield f"clear_odds_chart(max_dice={bad!r:.20})", lambda b=bad: analysis.clear_odds_chart(max_dice=b)
            yield f"placement_levels({bad!r:.20})", lambda b=bad: analysis.placement_levels(b)
            yield f"explorer_policy({bad!r:.20})", lambda b=bad: players.explorer_policy(s, b)
            yield f"expedition(max_turns={bad!r:.20})", lambda b=bad: simulation.expedition(
                4, max_turns=b)
            yield f"simulate_growth({bad!r:.20})", lambda b=bad: simulation.simulate_growth(b)
            yield f"past_setup({bad!r:.20})", lambda b=bad: simulation.past_setup(b)
    yield "new_game(0)", lambda: gl.new_game(0)
    for n in (-1, 8, 10**12):
        yield f"new_game({n})", lambda n=n: gl.new_game(n)
        yield f"view({n})", lambda n=n: s.view(n)
        yield f"points({n})", lambda n=n: s.points(n)
        yield f"clear_probability_brute_force({n}, 3)", lambda n=n: gl.clear_probability_brute_force(n, 3)
    yield "simulate_growth(10**9)", lambda: simulation.simulate_growth(10**9)
    yield "expedition(max_turns=10**9)", lambda: simulation.expedition(4, max_turns=10**9)
    yield "distance_to_start(huge range)", lambda: gl.distance_to_start(range(10**9), (0, 0))
    yield "play(['move', 1.5, 0])", lambda: s.play(["move", 1.5, 0])
    yield "play(['ballot'])", lambda: s.play(["ballot"])
    yield "clear_odds_table(values=10**6 items)", lambda: analysis.clear_odds_table(range(10**6))


CASES = [(name, call) for name, call in _cases() if call is not None]


@pytest.mark.parametrize(("name", "call"), CASES, ids=[n for n, _ in CASES])
def test_bad_input_is_refused_with_bad_input(name, call):
    before = STATE.to_json()
    with pytest.raises(RuleError) as err:
        call()
    assert isinstance(err.value, BadInput), f"{name}: {type(err.value).__name__}: {err.value}"
    assert STATE.to_json() == before


def test_bad_input_messages_name_the_argument():
    with pytest.raises(BadInput, match="players"):
        gl.new_game(10.0)
    with pytest.raises(BadInput, match="colour"):
        gl.new_game(4, colour="red")
    with pytest.raises(BadInput, match="player"):
        STATE.view(1.5)
    with pytest.raises(BadInput, match="dice"):
        gl.clear_probability(True, 3)
    assert gl.PLAYER_COUNTS == (3, 4, 5, 6)


# -- hidden information ---------------------------------------------------------------------------
def _twin(state, viewer: int, rng: random.Random):
    """A state that differs from ``state`` only in what ``viewer`` cannot see: other players'
    hands and roles, the order of the Supply deck and tile stacks, face-down discards and, while
    they are face down, other players' cards in the clearing pile."""
    others = [p for p in range(state.players) if p != viewer]
    pool = [c for p in others for c in state.hands[p]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        hands[p], pool = tuple(sorted(pool[:len(state.hands[p])])), pool[len(state.hands[p]):]
    roles = list(state.roles)
    other_roles = [roles[p] for p in others]
    rng.shuffle(other_roles)
    for p, role in zip(others, other_roles, strict=True):
        roles[p] = role
    supply = list(state.supply)
    rng.shuffle(supply)
    stacks = {k: tuple(rng.sample(state.stacks[k], len(state.stacks[k]))) for k in STACK_ORDER}
    discards = tuple(rng.sample(state.tile_discards, len(state.tile_discards)))
    changes = dict(hands=tuple(hands), roles=tuple(roles), supply=tuple(supply),
                   stacks=Map(stacks), tile_discards=discards,
                   supply_discards=tuple(rng.sample(state.supply_discards,
                                                    len(state.supply_discards))))
    pend = state.pending
    if pend is not None and state.phase == "pile" and not pend["revealed"]:
        cards = [(p, "rope" if p != viewer else c) for p, c in pend["cards"]]
        changes["pending"] = Map({**pend, "cards": tuple(cards)})
    if pend is not None and state.phase == "scout_keep" and viewer != state.current:
        changes["pending"] = Map({**pend, "drawn": tuple(reversed(pend["drawn"]))})
    return state._evolve(**changes)


@pytest.mark.parametrize("players", [3, 5])
def test_views_show_nothing_a_player_may_not_know(players):
    """GL-R8 / GL-R11 / GL-R13 / GL-R19: hands, roles, face-down cards and tiles, the scouted
    tiles (seen by the leader only) and the order of the stacks are hidden."""
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        for state in random_states(players, seed, limit=250):
            public = state.view()
            assert public.hand == () and public.role is None
            assert public.drawn is None
            for viewer in range(players):
                twin = _twin(state, viewer, rng)
                assert twin.view(viewer) == state.view(viewer), (seed, state.phase, viewer)
                assert twin.view() == public
                checked += 1
    assert checked > 500


def test_the_view_is_a_frozen_value():
    """A frozen View of immutable values (issues 24, 26): nothing it holds changes a state."""
    view = STATE.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = (*view.hand, "canteen")  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.life[0] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        view.stacks[0] = ("3", 0)  # type: ignore[index]
    assert STATE.view(0) == view and hash(STATE.view(0)) == hash(view)


# -- conserved quantities -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_invariants_hold_in_random_games(players):
    for seed in range(3):
        for state in random_states(players, 100 + seed):
            assert state.invariants() == (), (seed, state.phase)


def test_invariants_report_a_planted_violation():
    broken = STATE._evolve(life=(9,) + STATE.life[1:])
    assert any("Life" in p for p in broken.invariants())
    lost = STATE._evolve(supply=STATE.supply[1:])
    assert any("Supply" in p for p in lost.invariants())
    gone = STATE._evolve(stacks=Map({**STATE.stacks, "3": STATE.stacks["3"][1:]}))
    assert any("tiles" in p for p in gone.invariants())


def test_desert_helpers_refuse_unknown_modes():
    tile = STATE.tileset.start
    with pytest.raises(BadInput):
        STATE.desert.placement_options(tile, (0, 0), "loose")
    with pytest.raises(BadInput):
        paths.distance_to_start({(0, 0)}, (0, 0), mode="miles")
