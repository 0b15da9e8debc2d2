"""Hostile command lines for every command (issue 24): whatever the arguments (random text,
huge or negative numbers, links, ``-``, empty strings, repeated options), ``doppelnb.cli.main``
returns 0, or exits 2 with exactly one line on stderr and no traceback, using well under 2 s of
CPU; and a file reached through a link is never written.

Commands that would really run long are bounded, not skipped: a sweep's valid values are small
(``--workers 1`` always comes first, so a pool is never started and ``--scheduler`` is always
refused as exclusive with it; valid ``--games`` are 1 to 3), and an explainers command line
always names a notebook that does not exist.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb import cli

#: CPU seconds one call may use (a sweep here plays at most a few dozen short games).
CPU_BUDGET = 2.0
#: Wall-clock seconds after which a call counts as hung (a guard, not a measurement).
HANG = 60
OUTSIDE = "not to be written through a link\n"


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    """A folder with the paths a hostile user would try: links to a file outside it (as a
    checkpoint, as a notebook in a DEST), a link to a folder, a dangling link, a folder, a file."""
    root = tmp_path_factory.mktemp("fuzz")
    outside = root / "outside.txt"
    outside.write_text(OUTSIDE)
    play = root / "play"
    play.mkdir()
    (play / "plain.txt").write_text("plain\n")
    (play / "dir").mkdir()
    (play / "link-out").symlink_to(outside)
    (play / "link-dir").symlink_to(play / "dir")
    (play / "dangling").symlink_to(root / "nothing-here")
    nb = play / "nb"
    nb.mkdir()
    first = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "notebooks")
                   .glob("*.ipynb"))[0]
    (nb / first).symlink_to(outside)
    import doppelnb

    (play / "game.json").write_text(doppelnb.GAMES["doppeldoppel"].new_game(3, seed=1).to_json())
    return play


PATHS = ["plain.txt", "dir", "link-out", "link-dir", "dangling", "nb", "missing/x.csv",
         "-", "", ".", "dir/new.csv", "game.json"]
#: Names safe to create in the playground (no "/", never "..").
SAFE_TEXT = st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
                    max_size=12).filter(lambda t: t not in ("..", "."))
HOSTILE_TEXT = st.one_of(
    st.text(max_size=30), st.just("\udcff"), st.just("x\ny"), st.just("a\u2028b"),
    st.just("x" * 50_000), st.just("-"), st.just(""), st.just("--"),
)
HOSTILE_NUMBER = st.one_of(
    st.integers(-10**40, 10**40).map(str), st.just("9" * 5000), st.just("1e3"),
    st.just("0x10"), st.just("nan"), st.just("-0"), st.just("1_000"), st.just(" 7 "),
)
HELP = {"-h", "--help", "--version"}


def _no_help(argv: list[str]) -> bool:
    return not HELP & set(argv) and not any(a.startswith("--h") or a.startswith("--v")
                                            for a in argv)


def call(playground: Path, argv: list[str], stdin: bytes = b"") -> tuple[int, str, str, float]:
    """``cli.main(argv)`` in the playground: (status, stdout, stderr, CPU seconds)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved_stdin = sys.stdin

    def hung(signum, frame):
        raise TimeoutError(f"cli.main({argv!r:.200}) ran past {HANG} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG)
    started = time.process_time()
    try:
        os.chdir(playground)
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else -1
    finally:
        used = time.process_time() - started
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        sys.stdin = saved_stdin
        os.chdir(here)
    return status, out.getvalue(), err.getvalue(), used


def check(playground: Path, argv: list[str], stdin: bytes = b"") -> None:
    status, out, err, used = call(playground, argv, stdin)
    assert "Traceback" not in err and "Traceback" not in out, (argv, err)
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert len(err.splitlines()) == 1 and err.endswith("\n"), (argv, err)
    assert used < CPU_BUDGET, (argv, used)
    assert (playground.parent / "outside.txt").read_text() == OUTSIDE, argv


# -- per command ---------------------------------------------------------------------------------

TOKENS = st.one_of(HOSTILE_TEXT, HOSTILE_NUMBER, st.sampled_from(PATHS),
                   st.sampled_from(["--force", "--out", "--games", "--nope", "-x", "--force=1"]))


@settings(max_examples=60)
@given(first=st.one_of(st.sampled_from(PATHS), SAFE_TEXT),
       rest=st.lists(st.one_of(st.just("--force"), TOKENS), max_size=4))
def test_notebooks(playground, first, rest):
    argv = ["notebooks", first, *rest]
    if _no_help(argv):
        check(playground, argv)


@settings(max_examples=60)
@given(args=st.lists(TOKENS, max_size=3), stdin=st.binary(max_size=200))
def test_replay(playground, args, stdin):
    argv = ["replay", *args]
    if _no_help(argv):
        check(playground, argv, stdin)


SWEEP_OPTIONS = st.one_of(
    st.tuples(st.just("--games"), st.one_of(st.integers(1, 3).map(str), HOSTILE_NUMBER,
                                            HOSTILE_TEXT)),
    st.tuples(st.just("--seed"), st.one_of(HOSTILE_NUMBER, HOSTILE_TEXT)),
    st.tuples(st.just("--workers"), st.one_of(st.just("1"), st.sampled_from(
        ["0", "-1", "257", "100000", "x", ""]), HOSTILE_TEXT.filter(lambda t: t.strip() != "1"))),
    st.tuples(st.just("--scheduler"), HOSTILE_TEXT),
    st.tuples(st.just("--players"), st.one_of(st.just("3"), st.just("3,4"), HOSTILE_TEXT,
                                              HOSTILE_NUMBER)),
    st.tuples(st.just("--flags"), st.one_of(st.just("default"), HOSTILE_TEXT.filter(
        lambda t: t.strip() != "all"))),
    st.tuples(st.just("--policies"), st.one_of(st.just("random"), HOSTILE_TEXT)),
    st.tuples(st.just("--mixes"), st.one_of(st.just("random"), HOSTILE_TEXT)),
    st.tuples(st.just("--out"), st.one_of(SAFE_TEXT, st.sampled_from(
        [p for p in PATHS if not p.startswith("link")]))),
    st.tuples(st.just("--checkpoint"), st.one_of(SAFE_TEXT, st.sampled_from(PATHS))),
    st.tuples(st.just("--chunk"), st.one_of(st.integers(1, 5).map(str), HOSTILE_NUMBER)),
    st.tuples(st.sampled_from(["--keep-checkpoint", "--nope", "-", ""])),
)
#: The games a valid fuzzed sweep may play: the two with short random games.
QUICK_GAMES = ["doppeldoppel", "doppelganger_tricks"]


@settings(max_examples=60)
@given(game=st.sampled_from(QUICK_GAMES * 8 + ["this", "os", "", "x\ny", "\udcff", "x" * 50_000,
                                              "doppelnb.cli"]),
       options=st.lists(SWEEP_OPTIONS, max_size=4))
def test_sweep(playground, game, options):
    """A valid command here plays at most 3 games in a few cells in this process; GAME is a
    quick game or hostile text (never a slow game with valid values). The fuzzed options come
    after valid ones, and the last of a repeated option wins."""
    argv = ["sweep", game, "--games", "2", "--out", "fuzz.csv", "--workers", "1",
            "--no-progress", "--flags", "default", "--players", "3",
            *[part for option in options for part in option]]
    if _no_help(argv):
        check(playground, argv)


LADDER_OPTIONS = st.one_of(
    st.tuples(st.just("--games"), st.one_of(st.integers(1, 3).map(str), HOSTILE_NUMBER,
                                            HOSTILE_TEXT)),
    st.tuples(st.just("--seed"), st.one_of(HOSTILE_NUMBER, HOSTILE_TEXT)),
    st.tuples(st.just("--workers"), st.one_of(st.sampled_from(
        ["0", "-1", "257", "100000", "x", ""]), HOSTILE_TEXT.filter(lambda t: t.strip() != "1"))),
    st.tuples(st.just("--scheduler"), HOSTILE_TEXT),
    st.tuples(st.just("--players"), st.one_of(st.just("3"), HOSTILE_NUMBER, HOSTILE_TEXT)),
    st.tuples(st.just("--policies"), st.one_of(st.just("greedy,random"), HOSTILE_TEXT)),
    st.tuples(st.just("--anchor"), st.one_of(st.just("greedy"), HOSTILE_TEXT)),
    # (not a link nor game.json: --force would replace them for the other commands' tests)
    st.tuples(st.just("--out"), st.one_of(SAFE_TEXT, st.sampled_from(
        [p for p in PATHS if not p.startswith("link") and p != "game.json"]))),
    st.tuples(st.just("--chunk"), st.one_of(st.integers(1, 5).map(str), HOSTILE_NUMBER)),
    st.tuples(st.sampled_from(["--force", "--nope", "-", ""])),
)


@settings(max_examples=60)
@given(game=st.sampled_from(QUICK_GAMES * 8 + ["this", "os", "", "x\ny", "\udcff", "x" * 50_000,
                                              "doppelnb.cli"]),
       options=st.lists(LADDER_OPTIONS, max_size=4))
def test_ladder(playground, game, options):
    """As for sweep: ``--workers 1`` first (a fuzzed --workers is never a valid one), at most 3
    games of a quick game in this process (links as --out: tests/test_ladder.py)."""
    argv = ["ladder", game, "--policies", "random,greedy", "--games", "2", "--out", "fuzz.csv",
            "--workers", "1", "--no-progress", "--players", "3",
            *[part for option in options for part in option]]
    if _no_help(argv):
        check(playground, argv)


@settings(max_examples=40)
@given(args=st.lists(st.one_of(TOKENS, st.sampled_from(["--jobs", "--timeout", "--no-index"])),
                     max_size=4))
def test_explainers(playground, args):
    pytest.importorskip("nbformat")
    argv = ["explainers", "no-such-notebook.ipynb", *args]
    if _no_help(argv):
        check(playground, argv)


@settings(max_examples=40)
@given(argv=st.lists(HOSTILE_TEXT, max_size=3))
def test_no_command_or_an_unknown_one(playground, argv):
    if argv and argv[0] in {name for name, _, _ in cli.COMMANDS}:
        argv = ["x" + argv[0], *argv[1:]]
    if _no_help(argv):
        check(playground, argv)
