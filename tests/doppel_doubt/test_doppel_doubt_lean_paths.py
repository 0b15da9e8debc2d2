"""Doppel Doubt's random-playout shortcuts against the plain rule functions (issue 27): the board
after a round's claims worked out without the claim-by-claim record (and its bitboards and
territory sums moved square by square) against the full resolution on a fresh board, and a
guess drawn by its index against the listing of every legal guess, and the adders that count
a placement's own squares against a running count."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb.core.state import random_policy
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import apply, claims, placing
from doppelnb.engines.doppel_doubt.legal import draw_guess, legal_actions
from doppelnb.engines.doppel_doubt.placing import owner_bits
from doppelnb.engines.doppel_doubt.scoring import territory_sums

#: Readings the lean claims cover (DB-A8 round_start, DB-A7 reject) and how they may differ.
COVERED = [db.Rules(),
           db.Rules(own_square_blocks=False, partial_claims=False),
           db.Rules(territory_owner="doppel", start_square_protected=True,
                    takeover_rule="own_more_than_enemy", printed_zero_is_zero_space=True),
           db.Rules(takeover_check="per_target_colour", takeover_rule="non_enemy_over_half",
                    start_square_value=3)]
#: Readings it leaves to the full resolution.
NOT_COVERED = [db.Rules(legality_time="resolution"),
               db.Rules(illegal_takeover="skip_enemy_squares")]


def _resolutions(monkeypatch, seed, rules):
    """The arguments of every round's claim resolution in a seeded random game (``play``, every
    check), with the light holder's Power of Light used at random."""
    seen = []
    plain = apply._resolve

    def spy(board, placements, rules, lights):
        seen.append((board, list(placements), rules, list(lights)))
        return plain(board, placements, rules, lights)

    monkeypatch.setattr(apply, "_resolve", spy)
    state = db.new_game(seed=seed, rules=rules, artefacts={"dark": 1, "light": 2})
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play(random_policy(state, rng))
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("rules", COVERED, ids=["default", "no-blocks-whole", "doppel-owned",
                                                 "per-target"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_lean_claims_give_the_resolutions_board_and_memos(monkeypatch, rules, seed):
    """DB-R11, DB-R12, DB-R15, DB-A9, DB-A10: for every round of whole games, the board
    ``claimed_board`` makes equals the full resolution's (owners, Zero spaces, values), the
    bitboards and territory sums it hands the new board equal a fresh board's, and
    ``lean_resolution`` is the full resolution, claim steps and their boards included."""
    lights = 0
    cases = _resolutions(monkeypatch, seed, rules)
    assert len(cases) == 9                                  # rounds 2-10
    for board, placements, case_rules, lit in cases:
        lean = claims.claimed_board(board, placements, case_rules, lit)
        assert lean is not None
        full = claims._resolve(board, placements, case_rules, lit).after
        assert lean == full and lean.is_frozen
        fresh = lean.copy()                                 # no memo
        assert lean._cache["owners"] == owner_bits(fresh)
        assert lean._cache["sums"] == territory_sums(fresh.copy())
        resolution = claims._resolve(board, placements, case_rules, lit)
        lights += sum(1 for step in resolution.lights if step[2])
        recorded = claims.lean_resolution(board, placements, case_rules, lit)
        if not case_rules.partial_claims:                   # DB-A9's void: _resolve's words
            assert recorded is None
            continue
        assert recorded == resolution and recorded.after._cache["sums"] == territory_sums(fresh)
        assert [(s.start, s.claims, s.board) for s in recorded.steps] == [
            (s.start, s.claims, s.board) for s in resolution.steps]
    assert lights                                           # a Power of Light was used


@pytest.mark.parametrize("rules", NOT_COVERED, ids=["resolution-time", "skip-enemy"])
def test_the_lean_claims_leave_other_readings_to_the_full_resolution(monkeypatch, rules):
    """DB-A7, DB-A8: where a placement may be void or keep enemy squares, ``claimed_board``
    declines (``None``) and the playout resolves the round in full."""
    board, placements, case_rules, lit = _resolutions(monkeypatch, 3, rules)[0]
    assert claims.claimed_board(board, placements, case_rules, lit) is None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_drawn_guess_is_the_listings_item(seed):
    """DB-R16: at every guess step of a game's round 10, ``draw_guess`` with index k asks for
    the listing's length and returns its k-th guess, for every k."""
    state = db.new_game(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        seat = state.to_move
        step = state._step(seat)
        if step[0] == "guess":
            listed = legal_actions(state, seat, step)
            for k in range(len(listed)):
                asked = []

                def pick(n, k=k, asked=asked):
                    asked.append(n)
                    return k
                assert draw_guess(state, seat, step[1], pick) == listed[k]
                assert asked == [len(listed)]
            checked += 1
        state = state.play(random_policy(state, rng))
    assert checked == 50                                    # ten seats, five colours each


@settings(max_examples=200, deadline=None)
@given(masks=st.lists(st.integers(0, (1 << 40) - 1), min_size=1, max_size=7),
       need=st.integers(1, 8))
def test_the_adders_count_squares_as_a_square_by_square_count(masks, need):
    """DB-R13, DB-A5: ``_at_least`` (full adders for the 4-6 square shapes' majorities) sets a
    bit exactly where at least ``need`` (1 or more) of the masks have it, as the running count
    does."""
    fast = placing._at_least(list(masks), need)
    assert fast == placing._at_least_running(list(masks), need)
    for bit in range(40):
        count = sum(mask >> bit & 1 for mask in masks)
        assert (fast >> bit & 1) == (count >= need), (bit, count)


@pytest.mark.parametrize("seed", [0, 1])
def test_determinize_draws_the_others_placements_and_guesses_as_a_listing_would(monkeypatch,
                                                                                seed):
    """The others' placements and guesses made so far this round are drawn by index in a
    sample; with draws that list every legal action and take ``rng.choice`` of the list, the
    samples are the same, in mid-round positions of round 4 (placements) and round 10
    (guesses)."""
    from doppelnb.engines.doppel_doubt import players

    def listed_cells(board, key, shape, draw):
        cells = board.legal_cells(key, shape)
        return cells[draw(len(cells))] if cells else None

    def listed_guess(state, seat, colour, draw):
        guesses = legal_actions(state, seat)
        return guesses[draw(len(guesses))]

    state = db.new_game(seed=seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_over:
        if state.to_move == 6 and state._step(6)[0] == "card" and state.round in (4, 10):
            positions.append(state)
        state = state.play(random_policy(state, rng))
    assert len(positions) == 2
    for position in positions:
        fast = [players.determinize(position, 6, random.Random(k)) for k in range(5)]
        with monkeypatch.context() as patch:
            patch.setattr(players, "draw_legal_cells", listed_cells)
            patch.setattr(players, "draw_guess", listed_guess)
            plain = [players.determinize(position, 6, random.Random(k)) for k in range(5)]
        assert fast == plain


def _turn_step_by_step(draft, seat, draw, log):
    """The plain twin of ``players._turn``: card, ranking and placement each listed, drawn with
    ``draw`` and applied by the Draft's rule function, one action at a time."""
    from doppelnb.engines.doppel_doubt.legal import step_of

    while True:
        step = step_of(draft, seat)
        if step is None or step[0] not in ("card", "shape", "place"):
            return log
        actions = legal_actions(draft, seat, step)
        draft.choose(seat, actions[draw(len(actions))])


@pytest.mark.parametrize("rules", [db.Rules(), db.Rules(jester_controller="bot")],
                         ids=["default", "bots"])
def test_determinize_makes_the_others_turns_as_step_by_step_choices_would(monkeypatch, rules):
    """DB-R4, DB-R8, DB-R10: the others' turns made so far this round (card, ranking,
    placement) come out of a sample as the listing of each step, drawn and applied one by one,
    makes them, at positions all through seeded games (the Power of Dark holder's turn included:
    it takes the step-by-step path)."""
    from doppelnb.engines.doppel_doubt import players

    state = db.new_game(seed=6, rules=rules, artefacts={"dark": 2, "light": 5})
    rng = random.Random(6)
    positions = []
    while not state.is_over:
        if state.to_move in (4, 9) and state._step(state.to_move)[0] == "card":
            positions.append(state)
        state = state.play(random_policy(state, rng))
    assert len(positions) == 20
    for position in positions:
        fast = [players.determinize(position, position.to_move, random.Random(k))
                for k in range(2)]
        with monkeypatch.context() as patch:
            patch.setattr(players, "_turn", _turn_step_by_step)
            plain = [players.determinize(position, position.to_move, random.Random(k))
                     for k in range(2)]
        assert fast == plain
