"""The explicit game registry (issue 26): every engine writes down its GameSpec, and core finds
engines only through it (no importlib, no attribute probing, nothing imported from the package
above core)."""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import toy_game

import doppelnb
from doppelnb.core import BadInput
from doppelnb.core.policy import RandomPolicy, describe, find_determinize, find_greedy, make_policy
from doppelnb.core.spec import GameSpec, game_spec, names, register, spec_of
from doppelnb.core.state import random_policy
from doppelnb.core.sweep import sweep

CORE = Path(doppelnb.__file__).parent / "core"


# -- one spec per game, made of the engine's own objects -------------------------------------------
@pytest.mark.parametrize("name", list(doppelnb.GAMES))
def test_every_game_has_a_spec_of_the_engines_own_objects(name):
    module = doppelnb.GAMES[name]
    spec = spec_of(name)
    players = sys.modules[f"{module.__name__}.players"]
    assert module.GAME_SPEC is spec and game_spec(module) is spec and game_spec(spec) is spec
    assert (spec.name, spec.module) == (name, module.__name__) == (module.State.game,
                                                                   module.__name__)
    assert spec.State is module.State and spec.Rules is module.Rules
    assert spec.new_game is module.new_game and spec.from_json is module.from_json
    assert spec.player_counts == module.PLAYER_COUNTS == module.State.player_counts
    assert spec.greedy is players.greedy and spec.determinize is players.determinize
    # Team games (a sides function in their players module) say so; the others say None.
    assert spec.sides is vars(players).get("sides")
    # The one way to a determinizer and a greedy player is the spec.
    assert find_determinize(name) == (spec.determinize, "engine")
    assert find_greedy(module) == (spec.greedy, "engine")


def test_names_and_titles_come_from_the_registry_table():
    assert names()[:5] == tuple(doppelnb.GAMES) == tuple(doppelnb.TITLES)
    assert sorted(doppelnb.GAMES) == sorted(doppelnb.TITLES)


def test_the_package_and_core_keep_one_version():
    from doppelnb.core.version import VERSION

    assert VERSION == doppelnb.__version__


# -- refusals -------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["chess", "", "os", "doppelnb.engines.doppeldoppel",
                                 "DOPPELDOPPEL", 3, None, b"doppeldoppel"])
def test_unknown_games_are_badinput_naming_the_argument(bad):
    with pytest.raises(BadInput) as caught:
        spec_of(bad)
    assert caught.value.rule == "NB-ARG" and caught.value.reason.startswith("game must be one of")
    with pytest.raises(BadInput, match="NB-ARG: --game must"):
        spec_of(bad, "--game")


def test_a_name_outside_the_table_is_never_imported(tmp_path, monkeypatch):
    (tmp_path / "doppelnb_registry_probe.py").write_text(
        "import pathlib\npathlib.Path(__file__).with_name('imported').write_text('yes')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for call in (lambda: spec_of("doppelnb_registry_probe"),
                 lambda: game_spec("doppelnb_registry_probe"),
                 lambda: sweep("doppelnb_registry_probe", games=1, workers=1, progress=False)):
        with pytest.raises(BadInput):
            call()
    assert "doppelnb_registry_probe" not in sys.modules and not (tmp_path / "imported").exists()


def test_bad_specs_and_games_are_badinput():
    spec = spec_of("doppeldoppel")
    for field, value in [("name", "two words"), ("State", "State"), ("player_counts", [3, 4]),
                         ("player_counts", (0,)), ("new_game", None), ("greedy", "greedy")]:
        with pytest.raises(BadInput, match=field):
            dataclasses.replace(spec, **{field: value})
    with pytest.raises(BadInput, match="NB-ARG: spec must"):
        register("doppeldoppel")
    for bad in (object(), 3.5, ["doppeldoppel"]):
        with pytest.raises(BadInput, match="NB-ARG: module must"):
            game_spec(bad, "module")


def test_a_spec_is_frozen_and_a_shipped_one_pickles_by_reference():
    spec = spec_of("groom_lake")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.name = "x"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(spec)) == spec


# -- core finds engines only through the registry ------------------------------------------------
def _imports(path: Path) -> list[tuple[str, int]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    package = ".".join(path.relative_to(CORE.parent.parent).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.append((target, node.lineno))
    return out


def test_core_never_imports_the_package_above_it_nor_probes_with_importlib():
    """No ``from .. import`` (GAMES, TITLES, __version__) anywhere in core, no engine imported
    except by the registry's fixed table (spec.py), no ``importlib.import_module`` /
    ``__import__`` of a computed name except compiled.py (it imports the package's own
    extension files to tell whether they are the ones loaded). The command-line modules'
    ``doppelnb.cli`` imports (argument parsing, the one-line errors) are the one way out."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for target, line in _imports(path):
            inside = target == "doppelnb.core" or target.startswith("doppelnb.core.")
            allowed = (inside or not target.startswith("doppelnb")
                       or (path.name == "spec.py" and target.startswith("doppelnb.engines."))
                       or (path.name in ("sweep_cli.py", "analyse_cli.py", "ladder_cli.py") and target == "doppelnb.cli"))
            if not allowed:
                found.append(f"{path.name}:{line} imports {target}")
        if path.name != "compiled.py":
            for word in ("import_module", "__import__"):
                if word in text:
                    found.append(f"{path.name} uses {word}")
    assert not found, found


def test_the_registry_files_do_not_probe_engines():
    """policy.py, spec.py and the sweep's modules (sweep.py, sweep_*.py, verdicts.py) find an
    engine's helpers in its spec: the only getattr calls left read a state's own optional fields
    (round, standing), the spec's own fields, or the process (the pool's workers, IPython)."""
    allowed = {("state", '"standing"'), ("state", '"round"'), ("self", "field"),
               ("pool", '"_processes"'), ('sys.modules.get("IPython")', '"get_ipython"'),
               ("shell", '"kernel"')}
    sweep_family = ["sweep.py", *sorted(p.name for p in CORE.glob("sweep_*.py")), "verdicts.py"]
    texts = {name: (CORE / name).read_text(encoding="utf-8") for name in ("policy.py", "spec.py")}
    texts["sweep"] = "".join((CORE / name).read_text(encoding="utf-8") for name in sweep_family)
    for name, text in texts.items():
        calls = set(re.findall(r'getattr\((\w+|sys\.modules\.get\("IPython"\)), ("\w+"|\w+)',
                               text))
        assert calls and calls <= allowed, (name, calls - allowed)
        for probe in ("hasattr(", "engine_players", "PLAYER_COUNTS", "importlib.import_module"):
            assert probe not in text, (name, probe)


def test_importing_core_imports_no_engine():
    code = ("import sys, doppelnb, doppelnb.core.sweep, doppelnb.core.policy\n"
            "print(sorted(m for m in sys.modules if m.startswith('doppelnb.engines.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"


# -- module objects, names and specs are the same game ---------------------------------------------
SMALL = dict(readings="default", player_counts=[3], policy_mixes=["greedy/random"], games=6,
             seed=4, workers=1, progress=False)


def test_a_sweep_by_module_by_name_and_by_spec_gives_identical_rows():
    by_name = sweep("doppeldoppel", **SMALL)
    by_module = sweep(doppelnb.GAMES["doppeldoppel"], **SMALL)
    by_spec = sweep(spec_of("doppeldoppel"), **SMALL)
    assert by_name.rows == by_module.rows == by_spec.rows
    assert by_name.to_csv() == by_module.to_csv() == by_spec.to_csv()
    assert by_name.meta["game"] == by_module.meta["game"] == "doppeldoppel"
    assert by_name.meta["players_used"] == {"greedy": "engine", "determinize": "engine"}


def test_a_game_of_your_own_sweeps_in_worker_processes_from_its_spec():
    """An unregistered game travels to the workers as its (picklable) spec; the table is the
    one the same sweep gives in this process, and the module and its spec give the same."""
    kwargs = dict(player_counts=[2], policy_mixes=["greedy/random"], games=12, seed=2,
                  progress=False, readings="default")
    own = GameSpec.of_module(toy_game)
    assert own.name == "toy_game" and own.greedy is own.determinize is own.sides is None
    here = sweep(toy_game, workers=1, **kwargs)
    assert sweep(own, workers=2, chunk=3, **kwargs).to_csv() == here.to_csv()
    assert here.meta["players_used"] == {"greedy": "generic", "determinize": "none"}


# -- one random player ---------------------------------------------------------------------------
def test_one_random_player():
    state = doppelnb.GAMES["doppelganger_tricks"].new_game(3, seed=5)
    for k in range(10):
        assert RandomPolicy()(state, random.Random(k)) == random_policy(state, random.Random(k))
    assert isinstance(make_policy("random", "doppeldoppel"), RandomPolicy)
    assert describe("doppel_doubt") == describe(doppelnb.GAMES["doppel_doubt"])


def test_a_registered_game_of_your_own_reaches_the_workers(monkeypatch):
    """A name registered only in this process is unknown to a fresh worker: its tasks carry the
    spec, so the sweep in two worker processes matches the one played here."""
    from doppelnb.core import spec as spec_mod

    monkeypatch.setitem(spec_mod._REGISTRY, "toy_game", GameSpec.of_module(toy_game))
    kwargs = dict(player_counts=[2], policy_mixes=["random"], games=6, seed=1, progress=False,
                  readings="default")
    assert "toy_game" in names() and spec_of("toy_game").name == "toy_game"
    assert sweep("toy_game", workers=2, chunk=2, **kwargs).to_csv() == \
        sweep(toy_game, workers=1, **kwargs).to_csv()

