"""``doppelnb.core.compiled``: which modules run compiled (mypyc), as ``--version`` reports it.

The source tree is the pure engine (no extension file may ever sit in it); a package folder
with extension files is recognised, and a file that only looks like one is not counted. The
real compiled copy is checked by ``make fast-test`` (against the hook's list in
pyproject.toml) and by the packaging test that installs the compiled wheel
(``test_compiled_wheel_...`` in test_packaging.py).
"""

from __future__ import annotations

import importlib.machinery
import os
import pathlib
import sys
import tomllib

import pytest

import doppelnb
from doppelnb.core import compiled

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # e.g. .cpython-311-x86_64-linux-gnu.so


def hook_modules() -> list[str]:
    """The modules the wheel's mypyc hook compiles, from pyproject.toml (the one list)."""
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = doc["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return sorted(p.strip("/").removesuffix(".py").replace("/", ".") for p in hook["include"])


#: Set by ``make fast-test``, which runs this file against the compiled copy in build/fast/.
EXPECT_COMPILED = os.environ.get("DOPPELNB_EXPECT_COMPILED", "") == "1"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="the compiled copy is checked by make fast-test")
def test_this_run_imports_the_compiled_copy():
    """Inside the pytest process of ``make fast-test``: the package under test is the compiled
    copy, with exactly the hook's modules loaded from extension files. (A check before pytest
    starts is not enough: ``python -m pytest`` puts the working directory, the source tree, first
    on ``sys.path``; fast-test runs ``python -P``.)"""
    assert compiled.PACKAGE != ROOT / "doppelnb"
    assert list(compiled.compiled_modules()) == hook_modules()
    assert compiled.engine_summary().startswith("compiled: ")


@pytest.mark.skipif(EXPECT_COMPILED, reason="this run tests the compiled copy")
def test_the_source_tree_is_the_pure_engine():
    assert compiled.PACKAGE == pathlib.Path(doppelnb.__file__).resolve().parent
    # Never a .so beside the .py files of the source tree (a stale binary would be imported).
    assert compiled.extension_files() == {}
    assert not [p for p in (ROOT / "doppelnb").rglob("*")
                if p.suffix in (".so", ".pyd")]
    assert compiled.compiled_modules() == ()
    assert compiled.engine_summary() == "pure Python"


def test_the_hook_is_off_by_default_and_lists_files_that_exist():
    """A pattern matching nothing would silently compile less: every entry is a module file."""
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = doc["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    assert hook["include"] and all(p.startswith("/doppelnb/") and p.endswith(".py")
                                   for p in hook["include"])
    assert all((ROOT / p.lstrip("/")).is_file() for p in hook["include"])
    # Issue 26: core is plain Python in every build; only the Tricks kernel is compiled.
    assert all(m.startswith("doppelnb.engines.doppelganger_tricks.") for m in hook_modules())
    assert "doppelnb.engines.doppelganger_tricks.kernel" in hook_modules()


def test_extension_files_maps_files_to_module_names(tmp_path):
    package = tmp_path / "doppelnb"
    for name in (f"core/state{SUFFIX}", "core/state.py", f"engines/doppelganger_tricks/kernel{SUFFIX}",
                 "engines/doppelganger_tricks/kernel.py", "core/checks.py",
                 f"core/state__mypyc{SUFFIX}",            # a separate build's library: no module
                 "core/other.cpython-399-x86_64-linux-gnu.so",  # another interpreter's build
                 f"core/not-a-name{SUFFIX}", "data/cards.json"):
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    found = compiled.extension_files(package)
    assert found == {"doppelnb.core.state": package / f"core/state{SUFFIX}",
                     "doppelnb.engines.doppelganger_tricks.kernel":
                         package / f"engines/doppelganger_tricks/kernel{SUFFIX}"}


def test_a_file_that_only_looks_compiled_is_not_counted(tmp_path, monkeypatch):
    """Honesty: a module counts only if Python really loads it from an extension file."""
    package = tmp_path / "fakepkg_compiled_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text("VALUE = 1\n")
    (package / f"engine{SUFFIX}").write_bytes(b"not an ELF file")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert list(compiled.extension_files(package)) == ["fakepkg_compiled_probe.engine"]
        assert compiled.compiled_modules(package) == ()  # the import fails: not in use
        assert compiled.engine_summary(package) == "pure Python"
    finally:
        for name in [m for m in sys.modules if m.startswith("fakepkg_compiled_probe")]:
            del sys.modules[name]


@pytest.mark.parametrize("module, short", [
    ("doppelnb.core.state", "core.state"),
    ("doppelnb.engines.doppelganger_tricks.kernel", "doppelganger_tricks.kernel"),
    ("doppelnb", "doppelnb"),
])
def test_short_names(module, short):
    assert compiled.short_name(module) == short
