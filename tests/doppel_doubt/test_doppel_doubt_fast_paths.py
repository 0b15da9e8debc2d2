"""Doppel Doubt's hot path against its plain twins (issue 27): the mover handed on by ``_apply``
against the scan from seat 0, ``revised`` against ``dataclasses.replace``, the unchecked cores
the state calls against the checked public functions, the per-board memos against a fresh
board, and ``fast_play`` (no re-check) against ``play`` (every check), over whole seeded games
in several variants."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb.core.policy import fast_play
from doppelnb.core.state import random_policy
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import claims, scoring
from doppelnb.engines.doppel_doubt.actions import Submission
from doppelnb.engines.doppel_doubt.apply import Draft, revised
from doppelnb.engines.doppel_doubt.legal import legal_actions
from doppelnb.engines.doppel_doubt.rules import _allocate_starts, _draft_shapes

VARIANTS = [db.Rules(),
            db.Rules(jester_controller="bot", partial_shape_list="auto_complete_random"),
            db.Rules(territory_owner="doppel", start_square_protected=True,
                     takeover_rule="own_more_than_enemy", illegal_takeover="skip_enemy_squares")]


def _plain_mover(state):
    """``to_move`` as the scan over every seat from seat 0 (DB-R5), with no hint."""
    return next((seat for seat in range(10)
                 if not state.is_bot(seat) and state._step(seat) is not None), None)


def _game(seed, rules, artefacts=None):
    """Every state of a seeded random game played with ``play`` (every check)."""
    state = db.new_game(seed=seed, rules=rules, artefacts=artefacts or {"dark": 1, "light": 2})
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.play(random_policy(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "bots", "doppel-owned"])
def test_mover_handed_on_equals_the_scan_and_fast_play_equals_play(rules):
    """DB-R5: the seat ``_apply`` hands on (and its step) is the scan's at every state of a
    game, and replaying the game with ``fast_play`` gives equal states all the way."""
    states = _game(3, rules)
    fast = states[0]
    for after in states[1:]:
        assert after.to_move == _plain_mover(after)
        if after.to_move is not None:
            assert after._mover == (after.to_move, after._step(after.to_move))
        action = after.actions[-1]
        fast = fast_play(fast, action)
        assert fast == after
    assert states[-1].is_over and fast.outcome == states[-1].outcome


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "bots", "doppel-owned"])
def test_a_shape_ranked_in_a_playout_leaves_the_legal_list_a_fresh_listing_gives(rules):
    """DB-R8: a rank-a-shape step hands the next state its legal actions (this state's less the
    shape taken, ``shapes_done`` under DB-A24's auto_complete_random); at every state of a
    ``fast_play`` game they equal a fresh listing, and the state equals the one the Draft
    (the plain path of every action) makes."""
    state = db.new_game(seed=5, rules=rules, artefacts={"dark": 1, "light": 2})
    rng = random.Random(5)
    handed = 0
    while not state.is_over:
        seat = state.to_move
        cached = state._legal
        if cached is not None:
            handed += 1
            assert list(cached) == legal_actions(state, seat, state._step(seat))
        action = random_policy(state, rng)
        after = fast_play(state, action)
        if action[0] == "shape" and after.round == state.round:
            draft = Draft.of(state)
            draft.choose(seat, action)
            assert state._apply(action) == draft.freeze()                    # no log entry
            assert after.to_move == _plain_mover(after)
            if not after.subs[seat].shapes_done:
                assert after.to_move == seat and after._step(seat) == ("shape",)
        state = after
    assert handed > 300          # the handed-on lists were checked, not skipped


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_revised_equals_dataclasses_replace(data):
    """``revised`` (slot by slot) builds the same Submission as ``dataclasses.replace``."""
    fields = [f.name for f in dataclasses.fields(Submission)]
    start = Submission(card=data.draw(st.none() | st.integers(1, 100)),
                       shapes=tuple(data.draw(st.lists(st.integers(0, 9), max_size=9))))
    names = data.draw(st.lists(st.sampled_from(fields), unique=True, max_size=4))
    changes = {name: data.draw(st.none() | st.integers(0, 5) | st.booleans()) for name in names}
    new = revised(start, **changes)
    assert type(new) is Submission
    assert new == dataclasses.replace(start, **changes)
    assert start == Submission(card=start.card, shapes=start.shapes)      # unchanged


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), rules=rules_strategy(db.Rules, only={
    "territory_owner", "takeover_rule", "takeover_check", "illegal_takeover",
    "legality_time", "partial_claims", "own_square_blocks", "dark_tie_direction"}))
def test_unchecked_cores_equal_the_checked_functions(seed, rules):
    """The cores a game state calls (no argument checks) give what the public functions give:
    claim resolution (DB-R11), the shape draft (DB-R8), starting squares (DB-R6) and territory
    scores (DB-R17), the last from a board's memo and from a fresh copy of the board."""
    rng = random.Random(seed)
    states = _game(seed % 50, rules)
    mid = states[rng.randrange(len(states) // 3, len(states))]
    board = mid.board
    keys = board.owners() or ["red"]
    placements = []
    for seat in rng.sample(range(10), 4):
        key = rng.choice(keys)
        shape = rng.choice(db.one_sided_polyominoes(5))
        cells = board.legal_cells(key, shape)
        if cells:
            card = rng.randrange(1, 101)
            placements.append((seat, key, card, card, rng.choice(cells)))
    assert claims._resolve(board, placements, rules, ()) == db.resolve_placements(
        board, placements, rules)
    cards = {x: (c, c) for x, c in zip(range(10), rng.sample(range(1, 101), 10), strict=True)}
    rankings = {x: tuple(rng.sample(range(10), 10)) for x in range(10)}
    assert _draft_shapes(rankings, cards, 10, rules) == db.draft_shapes(rankings, cards, 10,
                                                                         rules)
    labels = [f"P{i}" for i in range(1, 7)]
    starts = {x: tuple(rng.sample(labels, 6)) for x in range(5)}
    five = {x: cards[x] for x in range(5)}
    assert _allocate_starts(starts, five, labels, rules) == db.allocate_starts(
        starts, five, labels, rules)
    identity = mid.identity
    memo = scoring._territory_scores(board, identity)
    assert memo == scoring._territory_scores(board, identity)          # read from the memo
    assert memo == db.territory_scores(board.copy(), identity)          # a board with no memo
    plain = [0] * 10
    for i, owner in enumerate(board.owner):                             # DB-R17 by hand
        for seat, doppel in enumerate(identity):
            key = doppel if rules.territory_owner == "doppel" else db.colour_of(doppel)
            value = board.values[i]
            if owner == key and (value > 0) == (db.letter_of(doppel) == "P") and value:
                plain[seat] += value
    assert memo == tuple(plain)


def test_final_results_equal_the_checked_match_results():
    """DB-R16..R19: the state's results (unchecked core) equal the checked ``match_results``."""
    final = _game(8, db.Rules())[-1]
    assert final.results() == db.match_results(final.identity, final.jester,
                                               final.history_scores[-1], final.guesses,
                                               final.history_scores, final.rules)
    assert final.outcome.scores == final.results().final == final.scores


def _reachable(root, kind):
    """The distinct ``kind`` objects reachable from ``root`` (fields, slots, containers), the
    action log aside (the record, shared by every state of a game)."""
    from doppelnb.core.state import ActionLog

    found, seen, todo = {}, set(), [root]
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, (str, int, type(None), ActionLog)):
            continue
        seen.add(id(value))
        if isinstance(value, kind):
            found[id(value)] = value
        if isinstance(value, dict):
            todo += list(value.values())
        elif isinstance(value, (tuple, list, frozenset)):
            todo += list(value)
        elif hasattr(value, "items") and callable(value.items):
            todo += [v for _, v in value.items()]
        else:
            todo += list(getattr(value, "__dict__", {}).values())
            for klass in type(value).__mro__:
                for name in klass.__dict__.get("__slots__", ()):
                    if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                        todo.append(getattr(value, name))
    return list(found.values())


def test_a_late_state_holds_no_more_boards_than_an_early_one():
    """Issue 27: a state keeps the last round's resolution, with one board per round shared by
    its claim steps (each step's board is rebuilt on demand), so a state near the end of the
    game holds as many boards as one in round 3 (was twelve more per round played)."""
    states = _game(4, db.Rules())
    early = next(s for s in states if s.round == 3)
    late = next(s for s in states if s.round == 10)
    assert len(_reachable(late, db.Board)) <= len(_reachable(early, db.Board)) <= 3
    resolution = late.last_resolution()
    assert resolution is not None and late.resolutions[-1] == resolution
    board = resolution.before
    for step in resolution.steps:                       # DB-R11: each claim on the board before
        after = step.board
        changed = {divmod(i, 17) for i, (a, b) in enumerate(zip(board.owner, after.owner,
                                                                 strict=True)) if a != b}
        assert changed <= set(step.claimed)
        assert all(after.owner_of(cell) == step.who for cell in step.claimed)
        board = after
    if not resolution.lights:
        assert board == resolution.after
