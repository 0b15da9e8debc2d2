"""doppelnb as a pip user gets it: the built wheel, installed outside the repository.

The ``packaging`` tests (``pytest -m packaging tests/test_packaging.py``) build the sdist and the
wheel once per session with uv, install the wheel into fresh virtual environments in a temporary
folder (base dependencies only, then the ``notebooks`` extra), and use it there as a user would.
The compiled wheel (the mypyc build hook switched on with ``HATCH_BUILD_HOOKS_ENABLE=1``, as
``make fast`` and ``make wheels`` build it) is built from the same sdist and installed into its
own venv, where the Tricks engine must run compiled and replay records as the pure engine does.
The other tests check, without building anything, that importing an engine pulls in no Jupyter
stack and that the notebooks are committed in the form the pre-commit stripper leaves them.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
import zipfile

import pytest

import doppelnb

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Top-level modules an engine import must never pull in.
HEAVY = ("ipywidgets", "matplotlib", "IPython", "ipykernel", "jupyter_core", "jupyter_client",
         "jupyterlab", "jupyter_server", "notebook", "nbformat", "tqdm", "dask", "distributed")
#: Of those, what the base install has: tqdm, for the sweep's progress bar (issue 24).
IN_BASE = ("tqdm",)


def uv() -> str:
    found = pathlib.Path(sys.executable).with_name("uv")
    if found.exists():
        return str(found)
    path = shutil.which("uv")
    if path is None:
        pytest.skip("uv is not installed (make setup installs it)")
    return path


def clean_env() -> dict[str, str]:
    """The environment without anything that would make a venv see the repository (or make a
    build compile: the mypyc hook is switched on only where a test asks for it)."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP",
                        "PYTHONDONTWRITEBYTECODE", "HATCH_BUILD_HOOKS_ENABLE"}}
    env["PYTHONSAFEPATH"] = "1"
    return env


def sh(*argv: str | pathlib.Path, cwd: pathlib.Path, timeout: float = 300,
       check: bool = True, stdin: str | None = None,
       env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=clean_env() | (env or {}),
                          text=True, capture_output=True, timeout=timeout, input=stdin)
    if check and done.returncode != 0:
        raise AssertionError(f"{argv} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def wheel_record(path: pathlib.Path) -> list[str]:
    """The wheel's RECORD (file, hash, size), without the RECORD's own line."""
    with zipfile.ZipFile(path) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        lines = wheel.read(name).decode().splitlines()
    return sorted(line for line in lines if not line.startswith(name + ","))


# -- build once, install per environment ---------------------------------------------------------

@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    """The sdist, the wheel built from it, and a wheel built straight from the source tree."""
    out = tmp_path_factory.mktemp("dist")
    sh(uv(), "build", "--quiet", "--out-dir", out / "from_sdist", ROOT, cwd=out)
    sh(uv(), "build", "--quiet", "--wheel", "--out-dir", out / "from_tree", ROOT, cwd=out)
    (sdist,) = (out / "from_sdist").glob("*.tar.gz")
    (wheel,) = (out / "from_sdist").glob("*.whl")
    (tree_wheel,) = (out / "from_tree").glob("*.whl")
    return {"sdist": sdist, "wheel": wheel, "tree_wheel": tree_wheel}


def make_venv(where: pathlib.Path, requirement: str, compile_all: bool) -> pathlib.Path:
    """A fresh venv with ``requirement``. ``compile_all`` compiles every module at install time
    (as ``make setup`` does); otherwise Python compiles what is imported, on first import."""
    sh(uv(), "venv", "--quiet", "--python", sys.executable, where / "venv", cwd=where)
    python = where / "venv" / "bin" / "python"
    sh(uv(), "pip", "install", "--quiet", "--python", python,
       *(["--compile-bytecode"] if compile_all else []), requirement, cwd=where)
    return python


@pytest.fixture(scope="session")
def base_python(built, tmp_path_factory) -> pathlib.Path:
    """A fresh venv outside the repository with the wheel and its base dependencies only.

    Bytecode is compiled on first import (the tests' first run writes it; clean_env lets it):
    compiling all of numpy, sympy and networkx at install time took 12.3 s of CPU, the modules
    the tests import about 1.1 s, and the tests run the same either way.
    """
    return make_venv(tmp_path_factory.mktemp("base"), str(built["wheel"]), compile_all=False)


@pytest.fixture(scope="session")
def notebooks_python(built, tmp_path_factory) -> pathlib.Path:
    """A fresh venv with the wheel and its ``notebooks`` extra.

    Compiling the whole Jupyter stack at install time costs about a minute on two busy cores;
    compiling only what the notebook imports costs a few seconds.
    """
    return make_venv(tmp_path_factory.mktemp("nbextra"), f"doppelnb[notebooks] @ "
                     f"{built['wheel'].as_uri()}", compile_all=False)


# -- the built artefacts -------------------------------------------------------------------------

@pytest.mark.packaging
def test_sdist_builds_the_same_wheel_as_the_tree(built):
    assert wheel_record(built["wheel"]) == wheel_record(built["tree_wheel"])


@pytest.mark.packaging
def test_wheel_ships_notebooks_data_types_and_license(built):
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = wheel.read(meta_name).decode()
        for path in NOTEBOOKS:
            assert wheel.read(f"doppelnb/notebooks/{path.name}") == path.read_bytes()
    assert "doppelnb/py.typed" in names
    shipped_data = {p.name for p in (ROOT / "doppelnb" / "data").glob("*.json")}
    assert shipped_data and {f"doppelnb/data/{n}" for n in shipped_data} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not [n for n in names if "checkpoint" in n or n.startswith(("tests/", "tools/"))]
    head, _, description = metadata.partition("\n\n")
    assert f"Version: {doppelnb.__version__}" in head
    assert "License-Expression: MIT" in head and "License-File: LICENSE" in head
    for classifier in ("Typing :: Typed", "Framework :: Jupyter", "Intended Audience :: Education"):
        assert f"Classifier: {classifier}" in head
    requires = [line for line in head.splitlines() if line.startswith("Requires-Dist:")]
    base = [line for line in requires if "extra ==" not in line]
    assert sorted(line.split()[1].split(">")[0] for line in base) == [
        "immutables", "networkx", "numpy", "sympy", "tqdm"]
    # The long description reads well on a package index: no repository-relative images or
    # paths outside the repository.
    assert "pip install" in description and "doppelnb" in description
    assert "![" not in description and "](docs/" not in description and "../" not in description


@pytest.mark.packaging
def test_sdist_has_what_the_wheel_is_built_from(built):
    import tarfile

    with tarfile.open(built["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "PKG-INFO",
            "doppelnb/__init__.py", "doppelnb/py.typed"} <= names
    assert {f"notebooks/{p.name}" for p in NOTEBOOKS} <= names


# -- a pip user with the base install ------------------------------------------------------------

PLAY_EVERY_ENGINE = textwrap.dedent("""
    import importlib.metadata, importlib.util, json, pathlib, sys
    import doppelnb
    from doppelnb.core.state import play_to_end

    out = {"file": doppelnb.__file__, "version": importlib.metadata.version("doppelnb"),
           "missing": [m for m in %r if importlib.util.find_spec(m) is None],
           "typed": (pathlib.Path(doppelnb.__file__).parent / "py.typed").exists(), "games": {}}
    for name in sorted(doppelnb.GAMES):
        module = doppelnb.GAMES[name]
        final = play_to_end(module.new_game(min(module.PLAYER_COUNTS), seed=2024), seed=2024)
        again = doppelnb.load(final.to_json())
        pathlib.Path(name + ".json").write_text(final.to_json())
        out["games"][name] = {"over": final.is_over, "actions": final.action_count,
                              "replayed": again == final, "outcome": str(final.outcome)}
    print(json.dumps(out))
""") % (HEAVY,)


@pytest.mark.packaging
def test_base_install_plays_and_replays_every_engine(base_python, tmp_path):
    done = sh(base_python, "-c", PLAY_EVERY_ENGINE, cwd=tmp_path)
    report = json.loads(done.stdout)
    assert pathlib.Path(report["file"]).is_relative_to(base_python.parent.parent)
    assert report["version"] == doppelnb.__version__ and report["typed"]
    # The base install has none of the notebook or cluster stack (so the engines cannot use it).
    assert sorted(report["missing"]) == sorted(set(HEAVY) - set(IN_BASE))
    assert sorted(report["games"]) == sorted(doppelnb.TITLES)
    for name, game in report["games"].items():
        assert game["over"] and game["actions"] > 0 and game["replayed"], name
        # The installed command line replays the same record to the same outcome.
        replay = sh(base_python, "-m", "doppelnb", "replay", f"{name}.json", cwd=tmp_path)
        assert replay.stdout.rstrip().splitlines()[-1] == game["outcome"]
    record = (tmp_path / "doppeldoppel.json").read_text()
    replay = sh(base_python, "-m", "doppelnb", "replay", "-", cwd=tmp_path, stdin=record)
    assert replay.stdout.rstrip().splitlines()[-1] == report["games"]["doppeldoppel"]["outcome"]


@pytest.mark.packaging
def test_base_install_notebooks_command_and_help(base_python, tmp_path):
    dest = tmp_path / "my course"
    sh(base_python, "-m", "doppelnb", "notebooks", dest, cwd=tmp_path)
    assert sorted(p.name for p in dest.glob("*.ipynb")) == [p.name for p in NOTEBOOKS]
    for path in NOTEBOOKS:
        assert (dest / path.name).read_bytes() == path.read_bytes()
    edited = dest / NOTEBOOKS[0].name
    edited.write_text("{}")
    refused = sh(base_python, "-m", "doppelnb", "notebooks", dest, cwd=tmp_path, check=False)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert edited.read_text() == "{}"
    helped = sh(base_python, "-m", "doppelnb", "--help", cwd=tmp_path)
    for command in ("notebooks", "explainers", "sweep", "replay"):
        assert f"\n  {command} " in helped.stdout
    script = sh(base_python.with_name("doppelnb"), "--help", cwd=tmp_path)
    assert script.stdout.startswith("usage: doppelnb [-h]")
    assert script.stdout.count("\n  ") == helped.stdout.count("\n  ")
    # sweep runs on the base install, with its progress bar (tqdm's text bar: no ipywidgets).
    swept = sh(base_python, "-m", "doppelnb", "sweep", "doppeldoppel", "--games", "6",
               "--workers", "1", "--players", "3", "--flags", "default", "--policies", "random",
               "--out", tmp_path / "dd.csv", cwd=tmp_path)
    assert "6/6" in swept.stderr and "game/s" in swept.stderr, swept.stderr
    assert (tmp_path / "dd.csv").read_text().startswith("reading,players,mix,metric,")
    assert not (tmp_path / "dd.csv.partial.jsonl").exists()
    bad = sh(base_python, "-m", "doppelnb", "sweep", "this", "--games", "1e3", cwd=tmp_path,
             check=False)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
    # explainers needs the notebooks extra (or has not landed yet): one line, exit 2, no traceback.
    explain = sh(base_python, "-m", "doppelnb", "explainers", "--out", tmp_path / "x",
                 cwd=tmp_path, check=False)
    assert explain.returncode == 2 and "Traceback" not in explain.stderr
    assert len(explain.stderr.strip().splitlines()) == 1


# -- a pip user with the notebooks extra ---------------------------------------------------------

RUN_NOTEBOOK = textwrap.dedent("""
    import sys
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(sys.argv[1], as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False,
                   resources={"metadata": {"path": sys.argv[2]}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    print(len(nb.cells), len(errors))
""")


@pytest.mark.packaging
def test_notebooks_extra_runs_a_shipped_notebook(notebooks_python, tmp_path):
    dest = tmp_path / "nb"
    sh(notebooks_python, "-m", "doppelnb", "notebooks", dest, cwd=tmp_path)
    first = sorted(dest.glob("*.ipynb"))[0]
    done = sh(notebooks_python, "-c", RUN_NOTEBOOK, first, dest, cwd=tmp_path, timeout=240)
    cells, errors = map(int, done.stdout.split())
    assert cells > 0 and errors == 0


# -- the compiled wheel (mypyc) ------------------------------------------------------------------

def hook_modules() -> list[str]:
    """The modules the mypyc hook compiles: its ``include`` list in pyproject.toml."""
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = doc["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return sorted(p.strip("/").removesuffix(".py").replace("/", ".") for p in hook["include"])


@pytest.fixture(scope="session")
def compiled_wheel(built, tmp_path_factory) -> pathlib.Path:
    """The platform wheel, built from the sdist with the mypyc hook on (about 30 s)."""
    import sysconfig

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}): the compiled wheel cannot be built here")
    if not pathlib.Path(sysconfig.get_paths()["include"], "Python.h").exists():
        pytest.skip("no Python headers (Python.h): the compiled wheel cannot be built here")
    out = tmp_path_factory.mktemp("compiled")
    sh(uv(), "build", "--quiet", "--wheel", "--out-dir", out, built["sdist"], cwd=out,
       env={"HATCH_BUILD_HOOKS_ENABLE": "1"}, timeout=900)
    (wheel,) = out.glob("*.whl")
    return wheel


@pytest.fixture(scope="session")
def compiled_python(compiled_wheel, tmp_path_factory) -> pathlib.Path:
    """A fresh venv outside the repository with the compiled wheel and the base dependencies
    (bytecode compiled on import: the test imports little of numpy and sympy)."""
    return make_venv(tmp_path_factory.mktemp("compiled_venv"), str(compiled_wheel),
                     compile_all=False)


@pytest.mark.packaging
def test_compiled_wheel_is_the_pure_wheel_plus_the_listed_extensions(built, compiled_wheel):
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert re.fullmatch(rf"doppelnb-{re.escape(doppelnb.__version__)}-{tag}-{tag}-linux_\w+\.whl",
                        compiled_wheel.name), compiled_wheel.name
    assert built["wheel"].name == f"doppelnb-{doppelnb.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(compiled_wheel) as wheel:
        meta = wheel.read(f"doppelnb-{doppelnb.__version__}.dist-info/WHEEL").decode()
    tags = compiled_wheel.name.removesuffix(".whl").split("-", 2)[2]
    assert "Root-Is-Purelib: false" in meta and f"Tag: {tags}" in meta
    # Every file of the pure wheel, byte for byte (the .py files of the compiled modules too),
    # plus one extension module per listed module and mypyc's shared library beside the package.
    pure = {line for line in wheel_record(built["wheel"]) if ".dist-info/" not in line}
    fast = {line for line in wheel_record(compiled_wheel) if ".dist-info/" not in line}
    assert pure <= fast
    added = sorted(line.split(",")[0] for line in fast - pure)
    library = [name for name in added if "/" not in name]
    assert len(library) == 1 and re.fullmatch(r"\w+__mypyc\.cpython-.*\.so", library[0])
    modules = sorted(name.split(".")[0].replace("/", ".") for name in added if "/" in name)
    assert modules == hook_modules()
    assert all(name.endswith(".so") and ".cpython-" in name for name in added)


REPLAY_TRICKS = textwrap.dedent("""
    import hashlib, importlib, json, pathlib, sys
    import doppelnb
    from doppelnb.core.compiled import compiled_modules
    from doppelnb.core.state import play_to_end

    tricks = doppelnb.GAMES["doppelganger_tricks"]
    listed, other = json.loads(sys.argv[1]), sys.argv[2:]
    out = {"files": {m: importlib.import_module(m).__file__ for m in listed},
           "compiled": list(compiled_modules()), "games": {}, "replayed": {}}
    for players, seed in ((3, 11), (4, 2024)):
        final = play_to_end(tricks.new_game(players, seed=seed), seed=seed)
        # Every state on the way, by its text and its legal actions.
        trail, state = hashlib.sha256(), tricks.new_game(players, seed=seed)
        for action in final.action_log:
            state = state.play(action)
            legal = " ".join(map(str, state.legal_actions()))
            trail.update(f"{state}|{legal}\\n".encode())
        again = doppelnb.load(final.to_json())
        out["games"][f"{players}p-{seed}"] = {
            "record": final.to_json(), "text": str(final), "outcome": str(final.outcome),
            "trail": trail.hexdigest(), "reloads": again == final and state == final}
    # The other engine's records (the pure engine's, from its run), replayed here.
    for key, game in (json.loads(pathlib.Path(other[0]).read_text())["games"].items()
                      if other else ()):
        state = doppelnb.load(game["record"])
        out["replayed"][key] = {"record": state.to_json(), "text": str(state),
                                "outcome": str(state.outcome)}
    print(json.dumps(out))
""")


@pytest.mark.packaging
def test_compiled_wheel_runs_compiled_and_replays_like_the_pure_engine(compiled_python, tmp_path):
    listed = json.dumps(hook_modules())
    # The pure engine: the source tree, in a process of its own.
    pure_done = sh(sys.executable, "-c", REPLAY_TRICKS, listed, cwd=tmp_path,
                   env={"PYTHONPATH": str(ROOT)})
    (tmp_path / "pure.json").write_text(pure_done.stdout)
    pure = json.loads(pure_done.stdout)
    assert pure["compiled"] == [] and all(f.endswith(".py") for f in pure["files"].values())
    # The compiled wheel, installed outside the repository.
    done = sh(compiled_python, "-c", REPLAY_TRICKS, listed, tmp_path / "pure.json", cwd=tmp_path)
    fast = json.loads(done.stdout)
    venv = compiled_python.parent.parent
    for module, file in fast["files"].items():
        assert file.endswith(".so") and pathlib.Path(file).is_relative_to(venv), module
    assert fast["compiled"] == hook_modules()
    assert sorted(fast["games"]) == sorted(pure["games"]) == ["3p-11", "4p-2024"]
    for key, game in fast["games"].items():
        assert game["reloads"] and pure["games"][key]["reloads"], key
        assert game == pure["games"][key], key
        assert fast["replayed"][key] == {k: pure["games"][key][k]
                                         for k in ("record", "text", "outcome")}, key
    version = sh(compiled_python, "-m", "doppelnb", "--version", cwd=tmp_path).stdout.strip()
    short = ", ".join(m.removeprefix("doppelnb.").removeprefix("engines.") for m in hook_modules())
    assert version == f"doppelnb {doppelnb.__version__} (compiled: {short})"


@pytest.mark.packaging
def test_pure_wheel_says_pure_python(base_python, tmp_path):
    version = sh(base_python, "-m", "doppelnb", "--version", cwd=tmp_path).stdout.strip()
    assert version == f"doppelnb {doppelnb.__version__} (pure Python)"


# -- no build needed -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(doppelnb.TITLES))
def test_importing_an_engine_imports_no_jupyter_or_plotting(game):
    code = (f"import sys; import doppelnb.engines.{game}; "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    # The heavy modules are installed here (the dev extra), so an import would show up.
    assert all(__import__("importlib").util.find_spec(m) is not None
               for m in ("ipywidgets", "matplotlib", "IPython"))
    assert done.stdout.strip() == "[]"


# -- notebook hygiene (what the pre-commit hooks keep, checked offline) --------------------------

def strip_tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import strip_notebooks
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return strip_notebooks


def test_pre_commit_runs_ruff_and_the_stripper():
    import yaml

    doc = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {hook["id"] for repo in doc["repos"] for hook in repo["hooks"]}
    assert {"ruff", "nbstripout"} <= hooks
    assert "--keep-output" not in strip_tool().nbstripout_args()


def test_notebooks_are_committed_stripped():
    """nbstripout with the hook's arguments would change nothing (run ``make strip`` if not)."""
    args = strip_tool().nbstripout_args()
    done = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", *args,
                           *map(str, NOTEBOOKS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"not stripped (run `make strip`): {done.stdout}{done.stderr}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_metadata_and_checked_outputs(path):
    tool = strip_tool()
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"] == tool.KERNELSPEC
    assert nb["metadata"]["language_info"] == tool.LANGUAGE_INFO
    assert "widgets" not in nb["metadata"]
    for number, cell in enumerate(nb["cells"]):
        meta = cell.get("metadata", {})
        assert not {"execution", "ExecuteTime", "collapsed", "scrolled"} & set(meta), number
        if cell["cell_type"] != "code":
            continue
        checked = tool.MARKER in tool.source(cell)
        # nbstripout keeps exactly the outputs nbval compares, and nothing else.
        assert meta.get("keep_output", False) is checked, (number, tool.source(cell)[:60])
        assert bool(cell["outputs"]) is checked, (number, tool.source(cell)[:60])
        # nbval compares only cells with a count; the others carry none.
        assert isinstance(cell["execution_count"], int) is checked, number
