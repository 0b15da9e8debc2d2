import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("doppelnb", max_examples=40, deadline=None, derandomize=True)
# A longer hunt for new failures (fresh random examples each run), e.g. for tests/test_fuzz_api.py:
# HYPOTHESIS_PROFILE=hunt DOPPELNB_FUZZ_SCALE=10 pytest -n 0 tests/test_fuzz_api.py
settings.register_profile("hunt", max_examples=400, deadline=None, derandomize=False,
                          database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "doppelnb"))


# -- the order files go to the xdist workers -----------------------------------------------------

#: Test files that take far longer than the rest, longest first. `make unit` runs with
#: `--dist loadfile --no-loadscope-reorder`, so files go to the workers in the order of the
#: collection: these first, then the others, most tests first (what xdist's own reordering
#: does). With xdist's order (most tests first) the packaging file, 22 tests but the longest
#: file (wheels and venvs built), came near the end and ran alone on one worker while the other
#: had nothing left. Figures: the file's share of the whole unit step's test time, from
#: `--junitxml` of one run (2026-11-27). A name missing here only costs time, never a test.
LONG_FILES = (
    "tests/test_packaging.py",        # 12.8 % (the compiled wheel alone about 5 %)
    "tests/test_verdicts.py",         # 7.8 %
    "tests/test_report.py",           # 6.3 %
    "tests/test_benchmarks_run.py",   # 5.5 %
    "tests/test_determinize.py",      # 3.4 %
    "tests/test_ladder.py",           # 3.1 %
    "tests/test_sweep_tables.py",     # 3.0 %
    "tests/test_fuzz_api.py",         # 2.9 %
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under ``--dist loadfile``: the long files first, then the others by size (stable)."""
    if getattr(config.option, "dist", "no") != "loadfile":
        return
    root = Path(str(config.rootpath))
    rank = {name: i for i, name in enumerate(LONG_FILES)}
    sizes: dict[Path, int] = {}
    for item in items:
        sizes[item.path] = sizes.get(item.path, 0) + 1

    def key(item):
        name = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        return (rank.get(name, len(rank)), -sizes[item.path], str(item.path))

    items.sort(key=key)
