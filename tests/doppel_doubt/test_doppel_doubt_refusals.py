"""Doppel Doubt's digest test cases beside its refusals table (the table itself is held with
every engine's in tests/test_refusals_tables.py)."""

from __future__ import annotations

from doppelnb.engines.doppel_doubt import examples


def test_edge_cases_stay_beside_the_refusals_table():
    assert [row[0] for row in examples.edge_cases()][:3] == ["DB-T4", "DB-T5", "DB-T5"]
