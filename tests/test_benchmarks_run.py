"""Every benchmark script still runs (its --quick mode) and prints figures with ratios.

This is a smoke test, not a timed test: nothing here asserts how fast anything is.
"""

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))


def test_every_engine_has_a_benchmark():
    names = {p.stem for p in SCRIPTS}
    assert {"doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
            "doppelganger_quest"} <= names


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_benchmark_runs_quick(script):
    done = subprocess.run([sys.executable, str(script), "--quick"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"\d[\d,.]*\s*x\b", done.stdout), "a benchmark prints ratios like '12.3x'"
