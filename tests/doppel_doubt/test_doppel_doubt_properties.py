"""Doppel Doubt properties: the bitboard search equals its per-cell twin, claims never overlap,
resolution follows card order, the 100 cards are conserved, and games replay from JSON."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb.core.errors import BadInput
from doppelnb.core.state import play_to_end, random_policy
from doppelnb.engines import doppel_doubt as db

SHAPES = [s for n in (4, 5, 6) for s in db.one_sided_polyominoes(n)]


def random_board(seed: int, rules: db.Rules) -> db.Board:
    """Blobs of territory for every colour (or Doppel), some claimed and unclaimed Zero spaces."""
    rng = random.Random(seed)
    board = db.Board(rules=rules)
    owners = list(db.DOPPELS) if rules.territory_owner == "doppel" else list(db.COLOURS)
    for owner in owners:
        r, c = rng.randrange(17), rng.randrange(17)
        cells = {(r, c)}
        for _ in range(rng.randrange(3, 30)):
            r, c = rng.choice(sorted(cells))
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            if 0 <= r + dr < 17 and 0 <= c + dc < 17:
                cells.add((r + dr, c + dc))
        board.set_owner(cells, owner)
    for _ in range(rng.randrange(0, 6)):
        cell = (rng.randrange(17), rng.randrange(17))
        board.set_zero(cell, owner=rng.choice([None, *owners]))
    return board


placement_rules = rules_strategy(db.Rules, only={
    "territory_owner", "takeover_rule", "takeover_check", "illegal_takeover", "allow_offboard",
    "start_square_protected"})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=placement_rules, index=st.integers(0, len(SHAPES) - 1))
def test_bitboard_search_equals_per_cell_twin(seed, rules, index):
    """legal_placements (bitboards) lists exactly what the per-cell twin finds, in every variant
    of DB-A4..A7, DB-A13, DB-A15."""
    board = random_board(seed, rules)
    shape = SHAPES[index]
    who = board.owners()[seed % len(board.owners())]
    fast = sorted(board.legal_placements(who, shape), key=lambda p: (p.rotation, p.row, p.col))
    slow = sorted(board.legal_placements_naive(who, shape),
                  key=lambda p: (p.rotation, p.row, p.col))
    assert fast == slow
    assert board.count_legal_placements(who, shape) == len(slow)
    assert board.legal_cells(who, shape) == [tuple(sorted(p.cells))
                                             for p in board.legal_placements(who, shape)]
    for p in fast[:5]:
        assert board.check_placement(who, p.cells, shape).legal


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["random", "greedy"]))
def test_whole_games_claims_order_cards_and_replay(seed, policy):
    """Over a whole seeded game: claims never overlap within a round, placements resolve in
    descending card order, the 100 cards are conserved, and the JSON record replays exactly."""
    pol = random_policy if policy == "random" else db.greedy_policy
    final = play_to_end(db.new_game(seed=seed), pol, seed=seed)
    for resolution in final.resolutions:
        if resolution is None:
            continue
        seen: set = set()
        for step in resolution.steps:
            mine = set(step.claimed)
            assert not mine & seen                         # DB-R11: one claim per square
            seen |= mine | set(step.held)
        cards = [(s.card, s.original) for s in resolution.steps]
        assert cards == sorted(cards, reverse=True)        # DB-R11: descending order
    states = final.history()
    for state in states[:: 37] + [final]:
        in_hand = [c for h in state.hands for c in h]
        played = [c for rnd in state.played for c, _ in rnd]
        pending = [s.card for s in state.subs if s.card is not None]
        assert sorted(in_hand + played + pending) == list(range(1, 101))
    assert db.from_json(final.to_json()) == final
    middle = states[len(states) // 3]
    assert db.from_json(middle.to_json()) == middle


rules_anything = rules_strategy(db.Rules)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), rules=rules_anything,
       dark=st.integers(0, 9), light=st.integers(0, 9))
def test_any_variant_plays_to_the_end_and_replays(seed, rules, dark, light):
    """Every combination of flags gives a complete game that replays from its record."""
    state = db.new_game(rules=rules, seed=seed, artefacts={"dark": dark, "light": light})
    final = play_to_end(state, random_policy, seed=seed)
    assert final.is_over and len(final.history_scores) == 10
    results = final.results()
    assert results.candidates and results.team_winners
    assert db.from_json(final.to_json()) == final


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 10), data=st.data())
def test_resolution_pure_function_properties(seed, n, data):
    """resolve_placements on random legal placements: no square claimed twice, order by card."""
    board = random_board(seed, db.Rules())
    rng = random.Random(seed)
    cards = rng.sample(range(1, 101), n)
    placements = []
    for i, card in enumerate(cards):
        who = rng.choice(board.owners())
        shape = SHAPES[data.draw(st.integers(0, len(SHAPES) - 1))]
        legal = board.legal_placements(who, shape)
        if legal:
            placements.append((i, who, card, card, sorted(rng.choice(legal).cells)))
    res = db.resolve_placements(board, placements)
    claimed = [c for s in res.steps for c in s.claimed]
    assert len(claimed) == len(set(claimed))
    assert [s.card for s in res.steps] == sorted((p[2] for p in placements), reverse=True)
    for step in res.steps:
        for cell in step.claimed:
            owner = res.after.owner_of(cell)
            assert owner == step.who                        # nothing later overrides a claim


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=placement_rules,
       picks=st.lists(st.integers(0, len(SHAPES) - 1), min_size=0, max_size=6))
def test_placement_array_equals_bitboards_for_many_shapes_at_once(seed, rules, picks):
    """legal_placement_array (numpy, all orientations of all shapes in one pass; shapes of mixed
    sizes) lists exactly the bitboards' placements, in their order, in every variant of
    DB-A4..A7, DB-A13, DB-A15; its readable forms are built on demand and agree."""
    board = random_board(seed, rules)
    shapes = [SHAPES[i] for i in picks]
    who = board.owners()[seed % len(board.owners())]
    found = board.legal_placement_array(who, shapes)
    expected = [p for s in shapes for p in board.legal_placements(who, s)]
    assert found.placements() == expected
    assert len(found) == len(expected) == sum(board.count_legal_placements(who, s) for s in shapes)
    assert found.to_cells() == [c for s in shapes for c in board.legal_cells(who, s)]
    for i in range(0, len(found), 97):
        assert found.cells(i) == tuple(sorted(expected[i].cells))


def test_placement_array_refuses_bad_shapes_with_bad_input():
    board = db.mid_game_board(seed=7, rounds=2)
    who = board.owners()[0]
    for bad in (None, "L", [SHAPES[0], "L"], 3, {SHAPES[0]}):
        with pytest.raises(BadInput) as refused:
            board.legal_placement_array(who, bad)
        assert refused.value.rule == "NB-ARG" and "shapes" in str(refused.value)
