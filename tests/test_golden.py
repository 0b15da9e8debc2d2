"""Golden records (OpenSpiel's playthroughs): each engine's seeded games replay to the very
transcript committed in ``tests/golden/<game>/``, and regenerating a case gives the same record.

A failure here means a rule's behaviour changed: if that was intended, run
``python tools/golden.py --game GAME`` and commit the new files with the change.
"""

from __future__ import annotations

import difflib
import importlib.util
import pathlib

import pytest

import doppelnb

ROOT = pathlib.Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("golden_tool", ROOT / "tools" / "golden.py")
assert spec is not None and spec.loader is not None
golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(golden)

CASES = [(game, case) for game in sorted(doppelnb.GAMES) for case in golden.cases(game)]


def _diff(expected: str, actual: str) -> str:
    return "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                             "committed", "now"))[:60])


@pytest.mark.parametrize(("game", "case"), CASES, ids=[f"{g}-{c.label}" for g, c in CASES])
def test_golden_game_replays_to_its_transcript(game, case):
    folder = golden.GOLDEN_DIR / game
    record = (folder / f"{case.label}.json").read_text(encoding="utf-8")
    final = doppelnb.load(record)
    expected = (folder / f"{case.label}.txt").read_text(encoding="utf-8")
    actual = golden.transcript(final)
    assert actual == expected, _diff(expected, actual)
    regenerated = golden.play_case(game, case)
    assert regenerated.to_json(indent=1) + "\n" == record, "the seeded game plays differently"


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_every_golden_file_belongs_to_a_case(game):
    labels = {c.label for c in golden.cases(game)}
    folder = golden.GOLDEN_DIR / game
    files = {p.stem for p in folder.glob("*")} if folder.exists() else set()
    assert files <= labels, f"stale golden files: {sorted(files - labels)}"
