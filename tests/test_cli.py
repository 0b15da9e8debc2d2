"""``python -m doppelnb``: every command listed, notebooks copied safely, records replayed, and
every error one line with exit status 2 (never a traceback)."""

from __future__ import annotations

import io
import json
import os
import pathlib
import subprocess
import sys

import pytest

import doppelnb
from doppelnb import cli
from doppelnb.core.state import play_to_end

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, err: str) -> None:
    assert status == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert ": error: " in err


def final_state(game: str, seed: int = 5):
    module = doppelnb.GAMES[game]
    return play_to_end(module.new_game(min(module.PLAYER_COUNTS), seed=seed), seed=seed)


# -- help ----------------------------------------------------------------------------------------

def test_module_help_lists_every_command():
    done = subprocess.run([sys.executable, "-m", "doppelnb", "--help"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    for command in ("notebooks DEST [--student] [--force]", "explainers [NOTEBOOKS ...] --out DIR",
                    "sweep GAME --games N --seed S [--workers K | --scheduler ADDRESS] --out FILE",
                    "replay RECORD"):
        assert command in done.stdout


def test_no_command_is_a_one_line_error_naming_the_commands(capsys):
    status, out, err = run(capsys)
    assert_one_line_error(status, err)
    assert out == "" and all(name in err for name, _, _ in cli.COMMANDS)


@pytest.mark.parametrize("argv", [["bogus"], ["notebooks"], ["replay"], ["notebooks", "a", "b"],
                                  ["--nope"], ["replay", "x", "--force"]])
def test_usage_errors_are_one_line(capsys, argv):
    status, _, err = run(capsys, *argv)
    assert_one_line_error(status, err)


def test_version(capsys):
    """The version, then which engine runs: the source tree has no compiled module (the compiled
    copy is checked by ``make fast-test`` and the packaging test of the compiled wheel)."""
    status, out, _ = run(capsys, "--version")
    if os.environ.get("DOPPELNB_EXPECT_COMPILED", "") == "1":  # make fast-test: the compiled copy
        assert status == 0 and out.startswith(f"doppelnb {doppelnb.__version__} (compiled: ")
    else:
        assert status == 0 and out.strip() == f"doppelnb {doppelnb.__version__} (pure Python)"
    assert cli.version_line() == out.strip()
    done = subprocess.run([sys.executable, "-m", "doppelnb", "--version", "replay", "x"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith(f"doppelnb {doppelnb.__version__} (")


# -- notebooks -----------------------------------------------------------------------------------

def test_notebooks_writes_fresh_copies_and_a_manifest(capsys, tmp_path):
    dest = tmp_path / "course" / "nb"
    status, out, err = run(capsys, "notebooks", str(dest))
    assert status == 0, err
    assert sorted(p.name for p in dest.glob("*.ipynb")) == [p.name for p in NOTEBOOKS]
    for path in NOTEBOOKS:
        assert (dest / path.name).read_bytes() == path.read_bytes()
    manifest = json.loads((dest / cli.MANIFEST).read_text())
    assert set(manifest["files"]) == {p.name for p in NOTEBOOKS}
    assert f"{len(NOTEBOOKS)} new" in out
    status, out, _ = run(capsys, "notebooks", str(dest))
    assert status == 0 and f"{len(NOTEBOOKS)} unchanged" in out


def test_notebooks_refuses_to_overwrite_an_edited_copy(capsys, tmp_path):
    assert run(capsys, "notebooks", str(tmp_path))[0] == 0
    edited = tmp_path / NOTEBOOKS[1].name
    edited.write_text(edited.read_text() + "\n", encoding="utf-8")
    (tmp_path / NOTEBOOKS[0].name).unlink()
    status, _, err = run(capsys, "notebooks", str(tmp_path))
    assert_one_line_error(status, err)
    assert NOTEBOOKS[1].name in err and "--force" in err
    # Nothing at all was written: the edit survives and the deleted notebook is still missing.
    assert edited.read_text().endswith("\n\n")
    assert not (tmp_path / NOTEBOOKS[0].name).exists()
    status, out, err = run(capsys, "notebooks", str(tmp_path), "--force")
    assert status == 0, err
    assert edited.read_bytes() == NOTEBOOKS[1].read_bytes()
    assert (tmp_path / NOTEBOOKS[0].name).read_bytes() == NOTEBOOKS[0].read_bytes()
    assert "1 new, 1 updated" in out


def test_notebooks_updates_an_unedited_copy_from_an_older_release(capsys, tmp_path):
    assert run(capsys, "notebooks", str(tmp_path))[0] == 0
    old = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'
    target = tmp_path / NOTEBOOKS[2].name
    target.write_bytes(old)
    manifest_path = tmp_path / cli.MANIFEST
    manifest = json.loads(manifest_path.read_text())
    manifest["files"][target.name] = cli._digest(old)
    manifest_path.write_text(json.dumps(manifest))
    status, out, err = run(capsys, "notebooks", str(tmp_path))
    assert status == 0, err
    assert target.read_bytes() == NOTEBOOKS[2].read_bytes() and "1 updated" in out


def test_notebooks_leaves_other_files_alone_and_refuses_unknown_copies(capsys, tmp_path):
    mine = tmp_path / "my_notes.ipynb"
    mine.write_text("{}", encoding="utf-8")
    foreign = tmp_path / NOTEBOOKS[0].name  # same name, not written by doppelnb
    foreign.write_text("{}", encoding="utf-8")
    status, _, err = run(capsys, "notebooks", str(tmp_path))
    assert_one_line_error(status, err)
    assert foreign.read_text() == "{}" and mine.read_text() == "{}"


@pytest.mark.parametrize("case", ["dest_is_file", "bad_manifest"])
def test_notebooks_bad_destination_is_one_line(capsys, tmp_path, case):
    if case == "dest_is_file":
        dest = tmp_path / "file"
        dest.write_text("x")
    else:
        dest = tmp_path
        (dest / cli.MANIFEST).write_text("[1, 2")
    status, _, err = run(capsys, "notebooks", str(dest))
    assert_one_line_error(status, err)


# -- replay --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(doppelnb.TITLES))
def test_replay_prints_the_final_state_and_outcome(capsys, tmp_path, game):
    state = final_state(game)
    record = tmp_path / "game.json"
    record.write_text(state.to_json(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(record))
    assert status == 0, err
    lines = out.rstrip("\n").splitlines()
    assert lines[-1] == str(state.outcome)
    assert lines[-2] == (f"{game}: {state.players} players, seed {state.seed}, "
                         f"{state.action_count} actions")
    assert "\n".join(lines[:-2]) == str(state).rstrip()


def test_replay_reads_stdin(capsys, monkeypatch):
    state = final_state("doppeldoppel", seed=11)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(state.to_json().encode())))
    status, out, err = run(capsys, "replay", "-")
    assert status == 0, err
    assert out.rstrip().splitlines()[-1] == str(state.outcome)


@pytest.mark.parametrize("text", ["", "[[[[", '{"game": "chess"}', '"just a string"', "[]",
                                  '{"game": "doppeldoppel", "actions": 5}', "\xff\xfe",
                                  "[" * 5000 + "]" * 5000])
def test_replay_of_a_bad_record_is_one_line(capsys, tmp_path, text):
    record = tmp_path / "bad.json"
    record.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "replay", str(record))
    assert_one_line_error(status, err)


def test_replay_of_a_tampered_action_is_one_line(capsys, tmp_path):
    doc = json.loads(final_state("doppelganger_tricks").to_json())
    doc["actions"][3] = ["no-such-action", 99]
    record = tmp_path / "tampered.json"
    record.write_text(json.dumps(doc))
    status, _, err = run(capsys, "replay", str(record))
    assert_one_line_error(status, err)


def test_replay_missing_and_oversized_files(capsys, tmp_path, monkeypatch):
    status, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert_one_line_error(status, err)
    monkeypatch.setattr(cli, "MAX_RECORD_BYTES", 100)
    record = tmp_path / "big.json"
    record.write_text(final_state("doppeldoppel").to_json())
    status, _, err = run(capsys, "replay", str(record))
    assert_one_line_error(status, err)
    assert "larger than 100 bytes" in err


# -- delegated commands (explainers, sweep) ------------------------------------------------------

FAKE = '''
import doppelnb
SEEN = []

def main(argv):
    SEEN.append(list(argv))
    if argv and argv[0] == "needs-tqdm":
        import tqdm_not_here_either  # noqa: F401
    if argv and argv[0] == "rule":
        raise doppelnb.BadInput("NB-X", "bad --games")
    if argv and argv[0] == "bug":
        raise KeyError("oops")
    if argv and argv[0] == "exit-message":
        raise SystemExit("no notebooks match\\nsecond line")
    if argv and argv[0] == "exit-int":
        raise SystemExit(4)
    return 3 if argv and argv[0] == "three" else 0
'''


@pytest.fixture
def fake_command(tmp_path, monkeypatch):
    (tmp_path / "fake_doppelnb_cmd.py").write_text(FAKE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(cli.DELEGATED, "sweep", ("fake_doppelnb_cmd", "s", "u"))
    monkeypatch.setitem(cli.EXTRA_OF, "tqdm_not_here_either", "notebooks")
    yield
    sys.modules.pop("fake_doppelnb_cmd", None)


def test_delegated_command_gets_its_arguments_verbatim(capsys, fake_command):
    argv = ["dd", "--games", "10", "--seed", "1", "--out", "x.csv", "--help"]
    status, _, _ = run(capsys, "sweep", *argv)
    assert status == 0
    assert sys.modules["fake_doppelnb_cmd"].SEEN == [argv]
    assert run(capsys, "sweep", "three")[0] == 3
    assert run(capsys, "sweep", "exit-int")[0] == 4


@pytest.mark.parametrize("first, expected", [("needs-tqdm", "pip install 'doppelnb[notebooks]'"),
                                             ("rule", "NB-X"), ("bug", "KeyError"),
                                             ("exit-message", "no notebooks match")])
def test_delegated_command_errors_are_one_line(capsys, fake_command, first, expected):
    status, _, err = run(capsys, "sweep", first)
    assert_one_line_error(status, err)
    assert expected in err


def test_a_command_whose_module_is_missing_says_so(capsys, monkeypatch):
    monkeypatch.setitem(cli.DELEGATED, "explainers", ("doppelnb.not_yet_written", "s", "u"))
    status, _, err = run(capsys, "explainers", "--out", "x")
    assert_one_line_error(status, err)
    assert "doppelnb.not_yet_written" in err


# -- issue 24: never write through a link; every error one line ----------------------------------

@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("which", ["notebook", "manifest"])
def test_notebooks_never_write_through_a_symlink(capsys, tmp_path, which, force):
    """A notebook or the manifest in DEST that is a link to a file outside DEST was written
    through (exit 0, the outside file replaced). Refused, nothing written, the file unchanged."""
    dest, outside = tmp_path / "course", tmp_path / "outside.txt"
    dest.mkdir()
    outside.write_text("not yours to overwrite\n")
    name = NOTEBOOKS[0].name if which == "notebook" else cli.MANIFEST
    (dest / name).symlink_to(outside)
    status, _, err = run(capsys, "notebooks", str(dest), *(["--force"] if force else []))
    assert_one_line_error(status, err)
    assert "symbolic link" in err and name in err
    assert outside.read_text() == "not yours to overwrite\n"
    assert sorted(p.name for p in dest.iterdir()) == [name]  # nothing else written
    assert (dest / name).is_symlink()


def test_notebooks_are_written_as_new_files(capsys, tmp_path):
    """Each file is written to a temporary file in DEST and renamed over the old one: a hard
    link to the old copy keeps the old content, and no temporary file is left behind."""
    assert run(capsys, "notebooks", str(tmp_path))[0] == 0
    target = tmp_path / NOTEBOOKS[0].name
    target.write_text("{}")
    other = tmp_path.parent / f"{tmp_path.name}-hardlink.ipynb"
    os.link(target, other)
    assert run(capsys, "notebooks", str(tmp_path), "--force")[0] == 0
    assert target.read_bytes() == NOTEBOOKS[0].read_bytes() and other.read_text() == "{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [p.name for p in NOTEBOOKS] + [cli.MANIFEST])
    assert oct(target.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


BAD_COMMAND_LINES = [
    [], ["bogus"], ["--nope"], ["-"], [""],
    ["notebooks"], ["notebooks", "a", "b"], ["notebooks", "--force"], ["notebooks", ""],
    ["notebooks", "x", "--force=yes"], ["notebooks", "x", "--nope"],
    ["replay"], ["replay", "a", "b"], ["replay", "--nope"], ["replay", "no such file.json"],
    ["replay", "x\ny"], ["replay", "x\u2028y\x85z"], ["replay", "\udcff.json"],
    ["sweep"], ["sweep", "this"], ["sweep", "os"], ["sweep", "doppeldoppel"],
    ["sweep", "doppeldoppel", "--games", "1e3", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "3", "--workers", "2", "--scheduler", "x",
     "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games"], ["sweep", "doppeldoppel", "--nope"],
    ["sweep", "doppeldoppel", "--games", "0", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "-5", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "9" * 30, "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "9" * 5000, "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "2", "--workers", "100000", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "2", "--seed", "-1", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "2", "--chunk", "0", "--out", "x.csv"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", ""],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "no/such/folder/x.csv"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--players", "x"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--players", "99"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--flags", "nonsense"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--policies", "smart"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--mixes", "a/b"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--scheduler", "not an address"],
    ["sweep", "doppeldoppel", "--games", "2", "--out", "x.csv", "--checkpoint", "x.csv"],
    ["sweep", "x" * 200_000], ["sweep", "doppeldoppel\n", "--games", "2", "--out", "x.csv"],
    ["explainers", "--nope"], ["explainers", "--jobs", "x"], ["explainers", "--out"],
    ["explainers", "no_such_notebook.ipynb", "--out", "x"],
]


@pytest.mark.parametrize("argv", BAD_COMMAND_LINES, ids=lambda a: " ".join(a)[:60] or "none")
def test_every_bad_command_line_is_one_line_with_status_2(capsys, tmp_path, monkeypatch, argv):
    """Usage errors of ``sweep`` printed argparse's seven-line usage; a hostile argument (a
    newline, a line separator, 200,000 characters) could break or flood the line."""
    if argv[:1] == ["explainers"]:
        pytest.importorskip("nbformat")  # without the notebooks extra: a one-line hint (tested)
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    if argv[:1] == ["explainers"] and status == 2:  # (its own line for a missing notebook)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    else:
        assert_one_line_error(status, err)
    assert len(err) <= cli.MAX_MESSAGE + 100
    assert "usage:" not in err and "Traceback" not in err
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written


def test_help_still_prints_the_whole_help(capsys):
    for argv in (["--help"], ["sweep", "--help"], ["notebooks", "--help"], ["replay", "-h"]):
        status, out, err = run(capsys, *argv)
        assert status == 0 and out.startswith("usage:") and err == "", argv
    status, out, _ = run(capsys, "sweep", "--help")
    assert "10,000,000" in out and "143" in out and "130" in out  # limits and exit statuses


def test_sweep_never_imports_the_module_a_game_name_names(capsys, tmp_path, monkeypatch):
    """``sweep this`` imported ``this`` (printing the Zen of Python) before refusing it."""
    (tmp_path / "doppelnb_probe_module.py").write_text(
        "import pathlib\npathlib.Path(__file__).with_name('imported').write_text('yes')\n"
        "PLAYER_COUNTS = (2,)\nnew_game = Rules = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("this", None)
    for game in ("this", "doppelnb_probe_module"):
        status, out, err = run(capsys, "sweep", game, "--games", "1", "--out",
                               str(tmp_path / "x.csv"), "--workers", "1", "--no-progress")
        assert_one_line_error(status, err)
        assert out == "" and game in err and "doppeldoppel" in err
        assert game not in sys.modules and not (tmp_path / "imported").exists()
    from doppelnb.core.sweep import resolve_game, sweep

    for call in (lambda: sweep("doppelnb_probe_module", games=1, workers=1, progress=False),
                 lambda: resolve_game("doppelnb_probe_module")):
        with pytest.raises(doppelnb.BadInput):
            call()
    assert "doppelnb_probe_module" not in sys.modules and not (tmp_path / "imported").exists()


def test_notebooks_student_edition_has_no_answers_and_switches_editions(capsys, tmp_path):
    dest = tmp_path / "class"
    status, out, err = run(capsys, "notebooks", str(dest), "--student")
    assert status == 0, err
    assert "student's edition" in out
    for path in NOTEBOOKS:
        written = json.loads((dest / path.name).read_text(encoding="utf-8"))
        shipped = json.loads(path.read_text(encoding="utf-8"))
        tags = [set(c.get("metadata", {}).get("tags", [])) for c in written["cells"]]
        assert not any("answer" in t for t in tags), path.name
        answers = sum("answer" in c.get("metadata", {}).get("tags", []) for c in shipped["cells"])
        assert len(written["cells"]) == len(shipped["cells"]) - answers
        assert all(".answer(" not in "".join(c["source"]) for c in written["cells"])
    # The student copy is doppelnb's own, unedited: the teacher's edition may replace it.
    status, out, err = run(capsys, "notebooks", str(dest))
    assert status == 0, err
    assert "teacher's edition" in out
    for path in NOTEBOOKS:
        assert (dest / path.name).read_bytes() == path.read_bytes()


def test_notebooks_student_edition_without_nbconvert_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "nbconvert", None)  # import nbconvert -> ModuleNotFoundError
    monkeypatch.setitem(sys.modules, "nbconvert.preprocessors", None)
    status, _, err = run(capsys, "notebooks", str(tmp_path / "x"), "--student")
    assert_one_line_error(status, err)
    assert "doppelnb[notebooks]" in err
    assert not (tmp_path / "x").exists()


def test_sweep_orders_each_pair_by_the_shipped_ladder(capsys, tmp_path, monkeypatch):
    """``--policies`` pairs name the measured-stronger policy first where the game's shipped
    ladder separates them (issue 27), not the one ranked stronger by name."""
    from doppelnb.core import ladder
    from doppelnb.core.stats import Rating

    seen = []

    def fake(game, folder=None):
        seen.append(game)
        return {"greedy": Rating("greedy", 0.0, 0.0, 0.0, 50, reference=True),
                "random": Rating("random", 90.0, 40.0, 140.0, 50)}

    monkeypatch.setattr(ladder, "measured_ratings", fake)
    out_csv = tmp_path / "s.csv"
    status, _, err = run(capsys, "sweep", "doppeldoppel", "--policies", "greedy,random",
                         "--flags", "default", "--players", "3", "--games", "1", "--out",
                         str(out_csv), "--workers", "1", "--no-progress")
    assert status == 0, err
    assert seen == ["doppeldoppel"]
    mixes = {line.split(",")[2] for line in out_csv.read_text().splitlines()[1:]}
    assert mixes == {"greedy", "random", "random/greedy"}
