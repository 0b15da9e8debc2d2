"""Doppel Doubt's two views of legality agree (DB-R4..R8, DB-R10..R16, DB-R20, DB-A12, DB-A24):
what ``legal.legal_actions`` lists is exactly what ``legal.refusal`` lets through, and a refusal
names a rule. ``play`` accepts an action by membership in the list and runs the check only on a
refused one (or in its place, for the long lists), so the two must never drift apart; both
dispatch on the kind (issue 26: a match, not a chain of ifs)."""

from __future__ import annotations

import itertools
import random

import pytest

from doppelnb import IllegalAction
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt.actions import (
    Card,
    Dark,
    Forfeit,
    Guess,
    Jester,
    Light,
    ShapeChoice,
    ShapesDone,
    Start,
)
from doppelnb.engines.doppel_doubt.legal import legal_actions, refusal, step_of
from doppelnb.engines.doppel_doubt.rules import COLOURS


def _pool(state: db.State) -> set[object]:
    """Actions of every kind, legal now or not: what each seat may do at its own step, and a
    spread of cards, Dark changes, starting squares, shapes, Light targets, guesses (in the
    listing's seat order) and Jester names."""
    pool: set[object] = set()
    for seat in range(10):
        step = step_of(state, seat)
        if step is not None:
            pool.update(legal_actions(state, seat, step))
    pool.update(Card("card", c) for c in range(1, 101, 7))
    pool.update(Dark("dark", d) for d in (-31, -30, -5, 0, 5, 30, 31))
    pool.update(Start("start", f"{letter}{i}") for letter in "PQ" for i in range(1, 8))
    pool.update(ShapeChoice("shape", i) for i in range(-1, 11))
    pool.update((ShapesDone("shapes_done"), Forfeit("forfeit"), Light("light", None)))
    pool.update(Light("light", (r, c)) for r in range(0, 17, 4) for c in range(0, 17, 4))
    for colour in COLOURS:
        pool.update(Guess("guess", colour, seats) for seats in [
            (), *((x,) for x in range(10)), *itertools.combinations(range(0, 10, 3), 2)])
    pool.update(Jester("jester", c) for c in (None, *COLOURS, "mauve"))
    return pool


def _refusal(state: db.State, seat: int, action: object) -> str | None:
    refused = refusal(state, action, seat)  # returned, as Doppeldoppel's: not raised
    if refused is None:
        return None
    assert isinstance(refused, IllegalAction)
    assert refused.rule.startswith("DB-") and refused.reason
    return refused.rule


@pytest.mark.parametrize(("rules", "seed"), [
    (db.Rules(), 4),
    (db.Rules(partial_shape_list="auto_complete_random", jester_guess="colour_only"), 9),
], ids=["default", "auto-complete-and-jester-colour"])
def test_refusal_lets_through_exactly_what_legal_actions_lists(rules: db.Rules, seed: int) -> None:
    state = db.new_game(seed=seed, rules=rules, artefacts={"dark": 1, "light": 2})
    rng = random.Random(seed)
    kinds_checked: set[str] = set()
    n = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if n % 5 == 0 or legal[0][0] not in ("shape", "card"):
            listed = set(legal)
            for action in _pool(state):
                rule = _refusal(state, seat, action)
                assert (rule is None) == (action in listed), (action, rule, state.round)
                kinds_checked.add(action[0])
        state = state.play(rng.choice(legal))
        n += 1
    assert kinds_checked == {"card", "dark", "start", "shape", "shapes_done", "place", "forfeit",
                             "light", "guess", "jester"}
