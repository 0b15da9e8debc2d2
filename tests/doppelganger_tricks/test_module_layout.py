"""Doppelgänger Tricks on the one engine recipe (issue 26): the compiled fast path is a
self-contained integer kernel inside the engine, and the rest has the recipe's modules.

``make fast`` compiles exactly the kernel's modules (the hook's ``include`` list in
pyproject.toml): they import nothing of ``doppelnb.core.state`` and nothing of the engine's
readable layer (state, apply, players...; the refusals' reasons in legal.py, which they use, no
more than they do), so the core never bends for the compiler and
the kernel can be compiled on its own. The state is a frozen dataclass of a moment and a log.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pathlib
import pickle
import random
import tomllib

import pytest

from doppelnb.core.state import GameState
from doppelnb.engines.doppelganger_tricks import new_game
from doppelnb.engines.doppelganger_tricks.state import State, View

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "doppelnb" / "engines" / "doppelganger_tricks"


def _compiled() -> list[pathlib.Path]:
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = doc["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    return [ROOT / p.lstrip("/") for p in include]


def _imports(path: pathlib.Path) -> set[str]:
    """The modules ``path`` imports, relative ones resolved inside the package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                found.add(f"doppelnb.engines.doppelganger_tricks.{node.module}")
            elif node.level == 3:
                found.add(f"doppelnb.{node.module}")
            else:
                found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_only_the_tricks_kernel_is_compiled_and_it_is_self_contained():
    compiled = _compiled()
    assert {p.name for p in compiled} == {"kernel.py", "codes.py", "deal.py", "scoring.py"}
    assert all(p.parent == PACKAGE for p in compiled)
    readable = {f"doppelnb.engines.doppelganger_tricks.{m}"
                for m in ("state", "apply", "players", "analysis", "simulation",
                          "render", "examples", "batch")}
    # legal.py, the refusals' reasons, serves the kernel's checked loop and the state alike:
    # it stays plain Python, imported by the kernel, and as self-contained as the kernel
    for path in [*compiled, PACKAGE / "legal.py"]:
        imports = _imports(path)
        assert "doppelnb.core.state" not in imports, path.name
        assert not imports & readable, (path.name, imports & readable)


def test_no_module_is_called_flow():
    assert not (PACKAGE / "flow.py").exists()


def test_the_state_is_a_frozen_dataclass_of_its_moment_and_its_log():
    """Two fields: the header is read from the moment's book (one shared value), so a new state
    per action sets two slots, not the five of ``FrozenGameState``'s header and the moment."""
    assert issubclass(State, GameState) and dataclasses.is_dataclass(State)
    assert [f.name for f in dataclasses.fields(State)] == ["moment", "action_log"]
    assert State.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert dataclasses.is_dataclass(View) and View.__dataclass_params__.frozen  # type: ignore
    s = new_game(3, seed=4, first_player=2).play(["bid", 1])
    assert (s.players, s.seed, dict(s.options)) == (3, 4, {"first_player": 2})
    assert s.rules is s.moment.book.rules and s.options is s.moment.book.options
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.moment = s.moment  # type: ignore[misc]


def test_a_state_pickles_and_its_copy_plays_on():
    s = new_game(4, seed=11)
    rng = random.Random(2)
    for _ in range(30):
        s = s.play(rng.choice(s.legal_actions()))
    t = pickle.loads(pickle.dumps(s))
    assert t == s and hash(t) == hash(s) and t.legal_actions() == s.legal_actions()
    action = s.legal_actions()[0]
    assert t.play(action) == s.play(action)


def test_kernel_module_names_no_core_state_at_import():
    kernel = importlib.import_module("doppelnb.engines.doppelganger_tricks.kernel")
    assert not hasattr(kernel, "GameState") and not hasattr(kernel, "FrozenGameState")
