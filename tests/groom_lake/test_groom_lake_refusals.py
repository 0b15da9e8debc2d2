"""Groom Lake's chapter helper beside its refusals table (the table itself is held with every
engine's in tests/test_refusals_tables.py)."""

from __future__ import annotations

from doppelnb.engines.groom_lake import examples


def test_refused_by_says_the_refusal_or_accepted():
    """The chapter's one-off helper (a callable in, a sentence out), not legal.refusal."""
    from doppelnb.engines import groom_lake as gl

    assert examples.refused_by(lambda: gl.new_game(2)).startswith("GL-R1:")
    assert examples.refused_by(lambda: gl.new_game(3)) == "accepted"
