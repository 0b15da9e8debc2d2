"""A short soak inside ``make test`` (``make soak`` runs 10,000 games per engine and count):
seeded random games of every engine and player count, every invariant checked at every state."""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

import doppelnb

ROOT = pathlib.Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("soak_tool", ROOT / "tools" / "soak.py")
assert spec is not None and spec.loader is not None
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)

CASES = [(game, n) for game in sorted(doppelnb.GAMES)
         for n in soak.player_counts(doppelnb.GAMES[game])]
GAMES_EACH = 3


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_short_soak_finds_no_violation(game, players):
    problems = []
    for seed in range(GAMES_EACH):
        problems += soak.soak_one(game, players, 7919 * seed + players)
    assert problems == []


def test_soak_reports_a_violation():
    """The soak is not blind: an engine whose invariants fail is reported."""
    module = doppelnb.GAMES["doppeldoppel"]
    original = module.State.invariants
    try:
        module.State.invariants = lambda self: ("cards not conserved (planted)",)
        assert soak.soak_one("doppeldoppel", 3, 1)
    finally:
        module.State.invariants = original
