"""Doppel Doubt's fast random playout (issue 27) and the fast paths it stands on, each held to
the plain path it replaces: the playout to the loop of ``rng.choice(legal_actions())`` played
with ``fast_play`` (under the variant flags that change a step: DB-A12, DB-A13, DB-A21, DB-A24,
DB-A25, DB-A4), a placement drawn by its index to the listing's item (DB-R10..R13), and the
territory sums from bitboards to the square-by-square sums (DB-R17)."""

from __future__ import annotations

import random

import pytest

from doppelnb.core.policy import fast_play
from doppelnb.core.spec import spec_of
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import placing
from doppelnb.engines.doppel_doubt.players import determinize, playout
from doppelnb.engines.doppel_doubt.scoring import territory_sums, territory_sums_naive
from doppelnb.engines.doppel_doubt.shapes import one_sided_polyominoes

VARIANTS = {
    "default": db.Rules(),
    "bots, auto-complete": db.Rules(jester_controller="bot",
                                    partial_shape_list="auto_complete_random"),
    "doppel-owned, skip": db.Rules(territory_owner="doppel", start_square_protected=True,
                                   takeover_rule="own_more_than_enemy",
                                   illegal_takeover="skip_enemy_squares"),
    "off the board, per round": db.Rules(allow_offboard=True, artefact_uses="once_per_round",
                                         jester_guess="colour_only"),
    "per target, at resolution": db.Rules(takeover_check="per_target_colour",
                                          takeover_rule="non_enemy_over_half",
                                          legality_time="resolution", partial_claims=False),
}


def _plain(state, rng):
    while not state.is_over:
        state = fast_play(state, rng.choice(state.legal_actions()))
    return state


def _starts(rules, seed):
    """The start of a game, a state in its middle, and a determinized world of that state."""
    state = db.new_game(seed=seed, rules=rules, artefacts={"dark": seed % 10, "light": 3})
    yield state
    walk = random.Random(seed)
    for _ in range(150 + 97 * seed):
        state = state.play(walk.choice(state.legal_actions()))
    yield state
    yield determinize(state, state.to_move, random.Random(seed + 1))


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_playout_plays_the_plain_loops_game(name, seed):
    for start in _starts(VARIANTS[name], seed):
        fast_rng, plain_rng = random.Random(seed + 11), random.Random(seed + 11)
        fast, plain = playout(start, fast_rng), _plain(start, plain_rng)
        assert fast.is_over and fast.actions == plain.actions
        assert fast == plain and fast.outcome == plain.outcome
        assert fast_rng.getstate() == plain_rng.getstate()
        assert start.is_over is False and fast.invariants() == ()
    assert spec_of("doppel_doubt").playout is playout


def test_the_playout_of_a_finished_game_is_the_game():
    final = playout(db.new_game(seed=2), random.Random(2))
    rng = random.Random(5)
    before = rng.getstate()
    assert playout(final, rng) is final and rng.getstate() == before


@pytest.mark.parametrize("name", ["default", "off the board, per round", "doppel-owned, skip"])
def test_a_drawn_placement_is_the_listings_item(name):
    """Every index of the listing, and the count, on boards along a game, for every owner."""
    rules = VARIANTS[name]
    final = playout(db.new_game(seed=8, rules=rules), random.Random(8))
    shapes = one_sided_polyominoes(4)[:3] + one_sided_polyominoes(6)[:2]
    boards = [res.after for res in final.resolutions if res is not None][::3]
    checked = 0
    for board in boards:
        for key in board.owners():
            for shape in shapes:
                listed = placing.legal_cells(board, key, shape)
                drawn = [placing.draw_legal_cells(board, key, shape, lambda n, i=i: i)
                         for i in range(len(listed))]
                assert drawn == listed
                counts: list[int] = []

                def first(n: int, seen: list[int] = counts) -> int:
                    seen.append(n)
                    return 0
                none = placing.draw_legal_cells(board, key, shape, first)
                assert (counts, none is None) == (([len(listed)], False) if listed
                                                  else ([], True))
                checked += len(listed)
    assert checked > 1000


@pytest.mark.parametrize("name", ["default", "doppel-owned, skip", "off the board, per round"])
def test_territory_sums_from_bitboards_equal_the_square_by_square_sums(name):
    final = playout(db.new_game(seed=6, rules=VARIANTS[name]), random.Random(6))
    boards = [res.after for res in final.resolutions if res is not None] + [final.board]
    for board in boards:
        assert dict(territory_sums(board)) == territory_sums_naive(board)
    assert any(territory_sums_naive(board) for board in boards)


def test_owner_bitboards_equal_a_square_by_square_pass():
    """The owners' bitboards (read from one string per board) hold each owner's squares."""
    boards = []
    for rules in (db.Rules(), db.Rules(territory_owner="doppel")):
        final = playout(db.new_game(seed=3, rules=rules), random.Random(3))
        boards += [res.after for res in final.resolutions if res is not None]
    for board in boards:
        bits, _ = placing.owner_bits(board.copy())
        want: dict[str, int] = {}
        for i, owner in enumerate(board.owner):
            if owner is not None:
                want[owner] = want.get(owner, 0) | 1 << i
        assert dict(bits) == want
    assert len(boards) == 18
