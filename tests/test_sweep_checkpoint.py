"""Sweep checkpoints (issue 24): doppelnb never overwrites, truncates or deletes a file it cannot
prove is its own checkpoint; every line is checked against a digest and the game schema; the
number of games is not part of a sweep's identity, so a larger sweep tops a checkpoint up."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import toy_game

from doppelnb import cli
from doppelnb.core import BadInput, resume
from doppelnb.core import sweep as sweep_mod
from doppelnb.core.sweep import remove_checkpoint, sweep

#: A toy sweep with a mixed cell (so the seats' rotation is checked) in chunks of 3.
KW = dict(readings="default", player_counts=[2], policy_mixes=["random", "greedy/random"],
          seed=5, workers=1, progress=False, chunk=3)
#: A small real sweep for the command line (in process, no progress bar).
ARGS = ["sweep", "doppeldoppel", "--games", "2", "--seed", "3", "--workers", "1", "--players",
        "3", "--flags", "default", "--policies", "random", "--no-progress"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status: int, err: str) -> str:
    assert status == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def made(path: Path, games: int = 8) -> str:
    """A finished toy sweep's checkpoint at ``path`` (the API keeps it); returns the CSV."""
    return sweep(toy_game, checkpoint=path, games=games, **KW).to_csv()


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def rewrite(path: Path, number: int, change, redigest: bool) -> None:
    """Change line ``number`` (1-based) of a checkpoint: ``change(doc)`` edits its JSON;
    ``redigest`` stores the digest of the edited games (so only the schema can catch it)."""
    lines = lines_of(path)
    doc = json.loads(lines[number - 1])
    change(doc)
    if redigest:
        doc["sha256"] = resume.chunk_digest(doc["cell"], doc["start"], doc["games"])
    lines[number - 1] = json.dumps(doc, sort_keys=True) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


# -- the checkpoint is never the CSV, and never a file doppelnb did not write --------------------

@pytest.mark.parametrize("how", ["new", "existing", "symlink", "hardlink"])
def test_out_and_checkpoint_naming_one_file_is_refused(capsys, tmp_path, how):
    """``--out same.csv --checkpoint same.csv`` wrote the CSV, then deleted it as the
    checkpoint (exit 0, no file). Refused before anything is played or written."""
    out = tmp_path / "same.csv"
    checkpoint = out
    if how != "new":
        out.write_text("the user's table\n")
    if how == "symlink":
        checkpoint = tmp_path / "alias.jsonl"
        checkpoint.symlink_to(out)
    elif how == "hardlink":
        checkpoint = tmp_path / "hard.jsonl"
        os.link(out, checkpoint)
    status, _, err = run(capsys, *ARGS, "--out", str(out), "--checkpoint", str(checkpoint))
    assert "same file" in one_line_error(status, err)
    if how == "new":
        assert not out.exists()
    else:
        assert out.read_text() == "the user's table\n"


def _this_sweeps_checkpoint_after_a_blank_line(path: Path) -> None:
    made(path)
    path.write_text("\n" + path.read_text())


@pytest.mark.parametrize("kind", ["blank first line", "empty", "text", "json", "symlink",
                                  "folder", "blank line then this sweep's checkpoint"])
def test_a_file_that_is_not_its_checkpoint_is_never_touched(tmp_path, kind):
    """A user's notes.txt whose first line was blank was overwritten with checkpoint lines and
    then deleted; another sweep's checkpoint behind a blank first line was merged in. Only a
    regular file whose very first line is this sweep's header is a checkpoint."""
    path = tmp_path / "notes.txt"
    outside = tmp_path / "elsewhere.txt"
    if kind == "blank first line":
        path.write_text("\nmy notes\nmore notes\n")
    elif kind == "empty":
        path.write_text("")
    elif kind == "text":
        path.write_text("my notes\n")
    elif kind == "json":
        path.write_text('{"cell": "default|2|random", "start": 0, "games": []}\n')
    elif kind == "symlink":  # even a link to a real checkpoint of this very sweep
        made(outside)
        path.symlink_to(outside)
    elif kind == "folder":
        path.mkdir()
    else:
        _this_sweeps_checkpoint_after_a_blank_line(path)
    before = {p: p.read_bytes() for p in (path, outside) if p.is_file()}
    with pytest.raises(BadInput, match="choose another --checkpoint") as refused:
        sweep(toy_game, checkpoint=path, games=8, **KW)
    assert str(path) in str(refused.value)
    assert {p: p.read_bytes() for p in (path, outside) if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {"notes.txt"} | ({"elsewhere.txt"} if outside.exists() else set()))


def test_the_command_line_refuses_a_users_file_in_one_line_and_writes_nothing(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("\nmy notes\n")
    out = tmp_path / "t.csv"
    status, _, err = run(capsys, *ARGS, "--out", str(out), "--checkpoint", str(notes))
    one_line_error(status, err)
    assert f"{notes} is not a doppelnb checkpoint; choose another --checkpoint or move the " \
           "file away" in err
    assert notes.read_text() == "\nmy notes\n" and not out.exists()


@pytest.mark.parametrize("first, message", [
    ({"doppelnb_sweep": 1, "args": {"game": "toy_game"}}, "format 1, which this doppelnb does "
                                                           "not read"),
    ({"doppelnb_sweep_checkpoint": 99, "sweep": {}}, "format 99"),
    # format 2 (before issue 27): each reading had deals of its own, not today's games
    ({"doppelnb_sweep_checkpoint": 2, "sweep": {"game": "toy_game", "seed": 6}},
     "format 2, which this doppelnb does not read"),
    ({"doppelnb_sweep_checkpoint": 3, "sweep": {"game": "toy_game", "seed": 6}},
     "the checkpoint of another sweep"),
])
def test_other_versions_and_other_sweeps_are_refused(tmp_path, first, message):
    path = tmp_path / "sweep.jsonl"
    path.write_text(json.dumps(first) + "\n")
    with pytest.raises(BadInput, match=message):
        sweep(toy_game, checkpoint=path, games=8, **KW)
    assert path.read_text() == json.dumps(first) + "\n"


def test_a_checkpoint_of_other_arguments_is_refused(tmp_path):
    path = tmp_path / "sweep.jsonl"
    made(path)
    before = path.read_bytes()
    for other in ({"seed": 6}, {"policy_mixes": ["random"]}, {"player_counts": [3]}):
        with pytest.raises(BadInput, match="another sweep"):
            sweep(toy_game, checkpoint=path, games=8, **{**KW, **other})
    assert path.read_bytes() == before


# -- every line checked: digest and schema -------------------------------------------------------

def _game(doc, k=0):
    return doc["games"][k]


TAMPER = {
    # edits without a new digest: the digest catches them
    "edited win": (lambda d: _game(d).update(w=[1 - _game(d)["w"][0]] if _game(d)["w"] else [0]),
                   False),
    "edited score": (lambda d: _game(d)["s"].__setitem__(0, 832.1), False),
    "edited cell": (lambda d: d.update(cell="default|2|random"), False),
    # edits with a matching digest: the schema catches them
    "w null": (lambda d: _game(d).update(w=None), True),
    "winner not a seat": (lambda d: _game(d).update(w=[7]), True),
    "winner a bool": (lambda d: _game(d).update(w=[True]), True),
    "winners repeated": (lambda d: _game(d).update(w=[0, 0]), True),
    "score text": (lambda d: _game(d)["s"].__setitem__(0, "3"), True),
    "one score missing": (lambda d: _game(d)["s"].pop(), True),
    "negative length": (lambda d: _game(d).update(len=-1), True),
    "length not whole": (lambda d: _game(d).update(len=10.5), True),
    "more lead changes than actions": (lambda d: _game(d).update(lc=_game(d)["len"] + 1), True),
    "half-time leader not a seat": (lambda d: _game(d).update(half=2), True),
    "first player missing": (lambda d: _game(d).pop("first"), True),
    "unknown field": (lambda d: _game(d).update(extra=1), True),
    "seats not the mix's rotation": (lambda d: _game(d).update(seats=_game(d)["seats"][::-1]),
                                     True),
    "index out of order": (lambda d: _game(d).update(i=_game(d)["i"] + 1), True),
    "unknown cell": (lambda d: d.update(cell="target=15|2|random"), True),
    "no games": (lambda d: d.update(games=[]), True),
    "negative start": (lambda d: d.update(start=-3), True),
    "sides not names": (lambda d: _game(d).update(t=[1, 2]), True),
}


@pytest.mark.parametrize("kind", sorted(TAMPER))
def test_a_damaged_line_refuses_the_whole_checkpoint(tmp_path, kind):
    """Edited records were trusted (a win rate 0.407 became 0.903) and ``"w": null`` raised a
    TypeError on every rerun. Any bad line but a torn last one refuses the checkpoint in one
    sentence naming the file, the line and what to do; the file is left as it was."""
    path = tmp_path / "sweep.jsonl"
    made(path)
    # Line 3: the second chunk of the mixed cell (greedy/random), whose seats alternate.
    number = next(n for n, line in enumerate(lines_of(path), 1)
                  if n > 1 and "greedy/random" in line)
    change, redigest = TAMPER[kind]
    rewrite(path, number, change, redigest)
    before = path.read_bytes()
    with pytest.raises(BadInput) as refused:
        sweep(toy_game, checkpoint=path, games=8, **KW)
    message = str(refused.value)
    assert f"{path} is damaged at line {number} (" in message, message
    assert message.endswith("; delete it to start the sweep again") and "\n" not in message
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["copy of a line", "blank line", "not JSON", "line of null"])
def test_lines_that_are_not_chunks_of_this_sweep_are_damage(tmp_path, kind):
    path = tmp_path / "sweep.jsonl"
    made(path)
    lines = lines_of(path)
    extra = {"copy of a line": lines[1], "blank line": "\n", "not JSON": "garbage\n",
             "line of null": "null\n"}[kind]
    lines.insert(3, extra)
    path.write_text("".join(lines))
    with pytest.raises(BadInput, match="is damaged at line 4 "):
        sweep(toy_game, checkpoint=path, games=8, **KW)
    assert path.read_text() == "".join(lines)


def test_the_command_line_says_what_to_do_with_a_damaged_checkpoint(capsys, tmp_path):
    out = tmp_path / "t.csv"
    checkpoint = tmp_path / "t.csv.partial.jsonl"
    assert run(capsys, *ARGS, "--out", str(out), "--keep-checkpoint")[0] == 0
    rewrite(checkpoint, 2, lambda d: _game(d).update(w=None), True)
    out.unlink()
    status, _, err = run(capsys, *ARGS, "--out", str(out))
    one_line_error(status, err)
    assert f"{checkpoint} is damaged at line 2 (" in err and "delete it" in err
    assert not out.exists() and checkpoint.exists()


def test_a_torn_last_line_is_dropped_and_its_games_played_again(tmp_path):
    path = tmp_path / "sweep.jsonl"
    whole = made(path)
    lines = lines_of(path)
    torn = lines[-1][: len(lines[-1]) // 2]
    path.write_text("".join(lines[:-1]) + torn)
    again = sweep(toy_game, checkpoint=path, games=8, **KW)
    assert again.to_csv() == whole
    assert 0 < again.meta["games_played"] <= 3
    # The torn text is gone; the chunk was written again, whole.
    assert all(json.loads(line) for line in lines_of(path))
    assert sorted(lines_of(path)) == sorted(lines)


# -- topping up --------------------------------------------------------------------------------

def test_a_larger_sweep_tops_the_checkpoint_up_and_a_smaller_one_uses_its_first_games(tmp_path):
    path = tmp_path / "sweep.jsonl"
    first = sweep(toy_game, checkpoint=path, games=10, **KW)
    assert first.meta["games_played"] == 2 * 10
    topped = sweep(toy_game, checkpoint=path, games=20, **KW)
    assert topped.meta["games_resumed"] == 2 * 10 and topped.meta["games_played"] == 2 * 10
    fresh = sweep(toy_game, games=20, **KW)
    assert topped.to_csv() == fresh.to_csv()
    fewer = sweep(toy_game, checkpoint=path, games=7, **KW)
    assert fewer.meta["games_played"] == 0 and fewer.meta["games_resumed"] == 2 * 7
    assert fewer.to_csv() == sweep(toy_game, games=7, **KW).to_csv()


def test_the_command_line_tops_a_kept_checkpoint_up(capsys, tmp_path):
    small, big, fresh = tmp_path / "small.csv", tmp_path / "big.csv", tmp_path / "fresh.csv"
    checkpoint = tmp_path / "dd.jsonl"
    base = [a for a in ARGS if a not in ("--games", "2")]
    assert run(capsys, *base, "--games", "2", "--out", str(small), "--checkpoint",
               str(checkpoint), "--keep-checkpoint")[0] == 0
    assert checkpoint.exists()
    status, _, err = run(capsys, *base, "--games", "4", "--out", str(big), "--checkpoint",
                         str(checkpoint))
    assert status == 0 and "2 games played, 2 resumed" in err
    assert not checkpoint.exists()  # removed once the CSV was written
    assert run(capsys, *base, "--games", "4", "--out", str(fresh))[0] == 0
    assert big.read_bytes() == fresh.read_bytes()


# -- removed only when the CSV is written, and only the file that was checked --------------------

def test_the_checkpoint_is_kept_when_the_csv_cannot_be_written(capsys, tmp_path, monkeypatch):
    out = tmp_path / "t.csv"
    checkpoint = Path(f"{out}.partial.jsonl")

    def refuse(self, path=None):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(sweep_mod.Table, "to_csv", refuse)
    status, _, err = run(capsys, *ARGS, "--out", str(out))
    one_line_error(status, err)
    assert checkpoint.exists() and len(lines_of(checkpoint)) == 1 + 2
    monkeypatch.undo()
    status, _, err = run(capsys, *ARGS, "--out", str(out))
    assert status == 0 and "0 games played, 2 resumed" in err
    assert out.exists() and not checkpoint.exists()


def test_remove_checkpoint_deletes_only_the_file_the_sweep_checked(tmp_path):
    path = tmp_path / "sweep.jsonl"
    table = sweep(toy_game, checkpoint=path, games=4, **KW)
    path.unlink()
    path.write_text("a file put there since\n")  # another file at the same path
    assert not remove_checkpoint(table) and path.read_text() == "a file put there since\n"
    assert not remove_checkpoint(sweep(toy_game, games=4, **KW))  # no checkpoint: nothing
    table = sweep(toy_game, checkpoint=tmp_path / "other.jsonl", games=4, **KW)
    assert remove_checkpoint(table) and not (tmp_path / "other.jsonl").exists()


def test_a_checkpoint_in_use_by_another_sweep_is_refused(tmp_path):
    fcntl = pytest.importorskip("fcntl")
    path = tmp_path / "sweep.jsonl"
    made(path)
    before = path.read_bytes()
    with path.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(BadInput, match="in use by another running sweep"):
            sweep(toy_game, checkpoint=path, games=8, **KW)
    assert path.read_bytes() == before
    assert sweep(toy_game, checkpoint=path, games=8, **KW).meta["games_played"] == 0
