"""Designer sweeps (issue 15): metrics, seeding, executors (processes, Dask), checkpoints, CLI."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import toy_game

from doppelnb.core import BadInput, resume, sweep_cli, sweep_run
from doppelnb.core.sweep import (
    COLUMNS,
    GameFacts,
    Row,
    Table,
    main,
    metrics,
    mixes_for,
    readings_of,
    seats_for,
    sweep,
)

ROOT = Path(__file__).resolve().parents[1]
SMALL = dict(readings=["reversal_scope=trick", "next_leader=rotate_left"], player_counts=[3],
             policy_mixes=["random", "greedy/random"], games=6, seed=11, progress=False)


# -- what gets swept -----------------------------------------------------------------------------
def test_readings_are_the_defaults_then_each_flag_changed_alone():
    assert readings_of(toy_game) == [("default", {}), ("target=15", {"target": 15}),
                                     ("exact=True", {"exact": True})]
    assert readings_of(toy_game, "default") == [("default", {})]
    assert readings_of(toy_game, ["exact"]) == [("default", {}), ("exact=True", {"exact": True})]
    from doppelnb import GAMES

    module = GAMES["doppeldoppel"]
    expected = 1 + sum(len(f.choices) - 1 for f in module.Rules.flags() if f.choices)
    assert len(readings_of(module)) == expected
    for bad in [["nonsense"], ["target=11"], "some", [3]]:
        with pytest.raises(BadInput):
            readings_of(toy_game, bad)


def test_mixes_and_seats():
    assert mixes_for(["random", "mcts", "greedy"]) == [
        "random", "mcts", "greedy", "mcts/greedy", "mcts/random", "greedy/random"]
    assert seats_for(("greedy", "random"), 3, 0) == ("greedy", "random", "greedy")
    assert seats_for(("greedy", "random"), 3, 1) == ("random", "greedy", "random")


# -- metrics -------------------------------------------------------------------------------------
def _rec(winners, scores, length=10, lc=0, half=None, first=0, seats=("random",) * 2, rounds=None):
    return {"w": list(winners), "s": list(scores), "len": length, "lc": lc, "half": half,
            "first": first, "seats": list(seats), "rounds": rounds}


def test_metrics_on_hand_made_games():
    records = [
        _rec([0], [3, 1], length=10, lc=2, half=0, seats=("greedy", "random")),
        _rec([1], [0, 2], length=20, lc=0, half=0, seats=("random", "greedy")),
        _rec([0, 1], [1, 1], length=30, lc=1, half=None, first=1, seats=("greedy", "random")),
        _rec([1], [0, 5], length=40, lc=3, half=1, seats=("random", "greedy")),
    ]
    got = {name: (est, n, lo, hi) for name, est, n, lo, hi in metrics(records, 2)}
    # Metric version 2: the tie of game 3 gives each tied seat half a win, so the seats' win
    # rates and the no-winner rate add up to 1 (version 1 gave 0.5 + 0.75 = 1.25).
    assert got["win_rate_seat0"][:2] == (0.375, 4)  # 1 + 0 + 1/2 + 0
    assert got["win_rate_seat1"][:2] == (0.625, 4)  # 0 + 1 + 1/2 + 1
    assert got["win_rate_seat0"][0] + got["win_rate_seat1"][0] + got["no_winner_rate"][0] == 1
    assert got["seat_advantage_seat0"][0] == pytest.approx(-0.125)
    assert abs(got["seat_balance"][0]) == pytest.approx(0.125)  # the largest, signed
    # games 1 (won), 2 (lost), 3 (seat 1 first, half of a tie), 4 (lost)
    assert got["first_player_win_rate"][:2] == (0.375, 4)
    est, n, lo, hi = got["first_player_advantage"]  # per game 1-1/2, 0-1/2, 1/2-1/2, 0-1/2
    assert est == pytest.approx(-0.125) and n == 4 and lo < est < hi
    assert got["tie_rate"][:2] == (0.25, 4)
    # nobody-wins never happened: reported as constant (lo == hi), not as an interval
    assert got["no_winner_rate"] == (0.0, 4, 0.0, 0.0)
    assert got["length_actions"][:2] == (25.0, 4)
    assert got["score_spread"][0] == pytest.approx((2 + 2 + 0 + 5) / 4)
    assert got["lead_changes"][0] == pytest.approx(1.5)
    assert got["halftime_leader_wins"][:2] == (pytest.approx(2 / 3), 3)
    # greedy is ahead of random in games 1, 2, 4; level in game 3 (tie) -> (1+1+0.5+1)/4
    assert got["skill_gap"][:2] == (pytest.approx(0.875), 4)
    for name, (est, _n, lo, hi) in got.items():
        assert lo <= est <= hi or math.isclose(lo, est) or math.isclose(est, hi), name
    no_leader = [_rec([0, 1], [1, 1], half=None), _rec([1], [0, 1], half=None)]
    assert "halftime_leader_wins" not in [m[0] for m in metrics(no_leader, 2)]
    assert "length_rounds" not in got and "skill_gap" not in dict(
        (m[0], m) for m in metrics([_rec([0], [1, 0])], 2))


def test_skill_gap_in_team_games_counts_side_wins_over_opponents_only():
    """Team games (records with each seat's side, from the engine's ``players.sides``): a seat is
    ahead when its side won and the other seat's did not, and only pairs on opposite sides
    count; teammates share their side's result, so pairing them only pulled the figure towards
    1/2 (Groom Lake's 0.494 for a search over greedy). Winners here are the top-scoring Humans
    (GL-R31.1): the other Humans' side still won."""
    def team(winners, sides, seats, scores=None):
        rec = _rec(winners, scores or [int(i in winners) for i in range(len(sides))],
                   seats=seats)
        rec["t"] = list(sides)
        return rec

    g, r = "greedy", "random"
    records = [
        # greedy Human (seat 0) and greedy Alien (2); random Human (1): the Humans escape and
        # seat 1 scores most. Opposite-side pairs: (2 alien, 1 human) -> 0; (0, 1) teammates.
        team([1], ["human", "human", "alien"], [g, r, g]),
        # greedy Alien (seat 1) wins against random Humans 0 and 2: both pairs 1.
        team([1], ["human", "alien", "human"], [r, g, r]),
        # only teammates across the policies (no Alien): says nothing, left out.
        team([0], ["human", "human", "human"], [g, r, g]),
    ]
    got = {m[0]: m for m in metrics(records, 3)}
    assert got["skill_gap"][1:3] == (pytest.approx(0.5), 2)
    # Without sides the same games count teammates and individual winners: a different figure.
    plain = [{k: v for k, v in rec.items() if k != "t"} for rec in records]
    assert {m[0]: m for m in metrics(plain, 3)}["skill_gap"][2] == 3


def test_team_engines_record_each_seats_side():
    """The three team games say which side each seat ended on, and a sweep records it."""
    import doppelnb
    from doppelnb.core.spec import spec_of
    from doppelnb.core.sweep import play_game

    for game, players in [("groom_lake", 3), ("doppelganger_quest", 4), ("doppel_doubt", 10)]:
        sides = spec_of(game).sides
        assert sides is not None
        state = doppelnb.GAMES[game].new_game(players, seed=1)
        assert len(sides(state)) == players
        with pytest.raises(BadInput):
            sides("state")
    record = play_game("groom_lake", {}, 3, ("random",) * 3, 4, (1,))
    assert set(record["t"]) <= {"human", "alien"} and len(record["t"]) == 3
    assert "t" not in play_game("doppeldoppel", {}, 3, ("random",) * 3, 4, (1,))


def test_default_chunk_is_sized_from_the_work():
    from doppelnb.core.sweep import MAX_CHUNK, default_chunk

    assert default_chunk(10_000, 2, 2) == MAX_CHUNK  # fast sweeps: few round trips
    assert default_chunk(40, 1, 2) == 3  # about 8 tasks per worker
    assert default_chunk(5, 1, 1) == 1
    assert default_chunk(1000, 1, 2, search=True) == 4  # search players: frequent checkpoints


def test_workers_warm_their_engines_and_survive_one_that_fails(monkeypatch):
    """A default worker imports the sweep's engine as it starts; an engine that fails there only
    loses the head start (the task then reports the real error), never the worker pool."""
    monkeypatch.setattr(sweep_run.signal, "signal", lambda *args: None)
    sweep_run._WARMED.discard("doppelganger_quest")
    sweep_run._start_worker(("doppelnb.no_such_engine", "doppelganger_quest"))
    assert "doppelganger_quest" in sweep_run._WARMED
    assert "doppelnb.no_such_engine" not in sweep_run._WARMED


# -- the sweep -----------------------------------------------------------------------------------
def test_sweep_table_rows_csv_and_html(tmp_path):
    table = sweep(toy_game, player_counts=[2], policy_mixes=["random", "greedy/random"],
                  games=200, seed=3, workers=1, progress=False)
    assert isinstance(table, Table) and table.meta["games_played"] == 3 * 2 * 200
    assert {r[0] for r in table} == {"default", "target=15", "exact=True"}
    text = table.to_csv(tmp_path / "t.csv")
    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert (tmp_path / "t.csv").read_text() == text
    assert "<table" in table._repr_html_() and "skill_gap" in table._repr_html_()
    svg = str(table.chart("skill_gap", reference=0.5))
    assert svg.startswith("<svg") and "<title>" in svg
    with pytest.raises(BadInput):
        table.chart("charm")
    # Greedy takes a winning +1/+2 when it can: skill matters in the toy game.
    est, n, lo, hi = table.value(reading="default", mix="greedy/random", metric="skill_gap")
    assert n == 200 and lo > 0.5


def test_rows_are_typed_tuples_and_plain_tuples_make_the_same_table():
    """Issue 26: a row reads as ``row.estimate``, not ``row[4]``, and is still the tuple of
    :data:`COLUMNS` (so the CSV and code that unpacks rows see what they always did)."""
    table = sweep(toy_game, player_counts=[2], policy_mixes=["greedy/random"], games=20, seed=3,
                  readings="default", workers=1, progress=False)
    row = table.where(metric="skill_gap").rows[0]
    assert isinstance(row, Row) and row._fields == COLUMNS
    assert (row.reading, row.players, row.mix, row.metric) == \
        ("default", 2, "greedy/random", "skill_gap")
    assert (row.estimate, row.n, row.lo, row.hi) == row[4:8] == row.summary
    assert row.metric_version == 2 and row.paired is None  # the default has no paired difference
    assert table.value(metric="skill_gap") == row.summary
    plain = Table([tuple(r) for r in table.rows], dict(table.meta))
    assert all(isinstance(r, Row) for r in plain) and plain.to_csv() == table.to_csv()
    for bad in [("default", 2), "default", 7]:
        with pytest.raises(BadInput):
            Table([bad])


def test_game_facts_are_typed_and_keep_the_checkpoint_records_keys():
    """The facts of a game are a frozen :class:`GameFacts`; checkpoints and fingerprints keep
    the JSON dict of old (keys w, s, len, rounds, lc, half, first, seats, i), and the metrics
    read either the same way."""
    from doppelnb.core.spec import spec_of
    from doppelnb.core.sweep_run import _play, _Task, play_chunk

    task = _Task("doppeldoppel", "default", (), 3, ("greedy", "random"), 7, 0, 4)
    records = [record for record, _ in play_chunk(task)]
    assert [set(r) for r in records] == [{"w", "s", "len", "rounds", "lc", "half", "first",
                                          "seats", "i"}] * 4
    facts = [GameFacts.from_record(r) for r in records]
    assert [f.to_record() for f in facts] == records
    assert [f.index for f in facts] == [0, 1, 2, 3]
    assert metrics(facts, 3) == metrics(records, 3)
    game, _ = _play(spec_of("doppeldoppel"), {}, 3, ("greedy", "random", "greedy"), 5, (1,))
    assert isinstance(game, GameFacts) and game.index is None and game.length > 0
    with pytest.raises(AttributeError):
        game.length = 0


def test_same_arguments_same_csv_whatever_the_workers_and_chunks():
    serial = sweep("doppeldoppel", workers=1, **SMALL).to_csv()
    procs = sweep("doppeldoppel", workers=2, chunk=2, **SMALL).to_csv()
    assert serial == procs
    other_seed = sweep("doppeldoppel", workers=1, **{**SMALL, "seed": 12}).to_csv()
    assert other_seed != serial


def test_dask_local_cluster_gives_the_same_table():
    distributed = pytest.importorskip("distributed")
    local = sweep("doppeldoppel", workers=1, **SMALL).to_csv()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        remote = sweep("doppeldoppel", executor=client.get_executor(), chunk=2, **SMALL).to_csv()
        # What --scheduler ADDRESS gives the sweep and the ladder commands: the same table.
        from doppelnb.core.sweep_cli import scheduler_executor

        with scheduler_executor(cluster.scheduler_address) as executor:
            by_address = sweep("doppeldoppel", executor=executor, chunk=2, **SMALL).to_csv()
    assert remote == local and by_address == local


def test_no_scheduler_means_the_commands_own_pool():
    from doppelnb.core.sweep_cli import scheduler_executor

    with scheduler_executor(None) as executor:
        assert executor is None


def test_bad_arguments_are_badinput():
    for kwargs in [{"games": 0}, {"games": True}, {"seed": -1}, {"player_counts": [7]},
                   {"player_counts": "3"}, {"policy_mixes": ["smart"]}, {"policy_mixes": []},
                   {"readings": "most"}, {"chunk": 0}, {"workers": 0}, {"workers": "2"}]:
        with pytest.raises(BadInput):
            sweep("doppeldoppel", **{**SMALL, "workers": 1, **kwargs})
    with pytest.raises(BadInput):
        sweep("chess", games=1, workers=1, progress=False)


# -- checkpoints and interruption ----------------------------------------------------------------
def test_interrupted_sweep_resumes_without_losing_or_repeating_a_game(tmp_path, monkeypatch):
    kwargs = dict(player_counts=[2], policy_mixes=["random", "greedy/random"], games=30, seed=5,
                  workers=1, progress=False, chunk=4)
    whole = sweep(toy_game, **kwargs).to_csv()
    real = sweep_run.run_chunk
    calls = []

    def interrupted(task):
        if len(calls) == 7:
            raise KeyboardInterrupt
        calls.append((task.cell, task.start))
        return real(task)

    monkeypatch.setattr(sweep_run, "run_chunk", interrupted)
    path = tmp_path / "sweep.jsonl"
    with pytest.raises(KeyboardInterrupt):
        sweep(toy_game, checkpoint=path, **kwargs)
    monkeypatch.setattr(sweep_run, "run_chunk", real)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 7  # header + the 7 chunks finished before Ctrl-C
    resumed = sweep(toy_game, checkpoint=path, **kwargs)
    assert resumed.meta["games_resumed"] == 7 * 4
    assert resumed.meta["games_resumed"] + resumed.meta["games_played"] == 3 * 2 * 30
    assert resumed.to_csv() == whole
    # Every chunk is in the checkpoint exactly once.
    import json

    keys = [(d["cell"], d["start"]) for d in map(json.loads, path.read_text().splitlines()[1:])]
    assert len(keys) == len(set(keys)) == 3 * 2 * math.ceil(30 / 4)
    # A torn last line (killed mid-write) is dropped and its games played again.
    path.write_text(path.read_text() + '{"cell": "default|2|random", "sta')
    again = sweep(toy_game, checkpoint=path, **kwargs)
    assert again.meta["games_played"] == 0 and again.to_csv() == whole
    # The checkpoint names games, not chunks: it resumes with another chunk size too.
    rechunked = sweep(toy_game, checkpoint=path, **{**kwargs, "chunk": 7})
    assert rechunked.meta["games_played"] == 0 and rechunked.to_csv() == whole
    with pytest.raises(BadInput):  # a checkpoint of another sweep is refused
        sweep(toy_game, checkpoint=path, **{**kwargs, "seed": 6})
    other = tmp_path / "notes.txt"  # a file that is no checkpoint is refused, not overwritten
    other.write_text("my notes\n")
    with pytest.raises(BadInput):
        sweep(toy_game, checkpoint=other, **kwargs)
    assert other.read_text() == "my notes\n"


def test_command_line_ctrl_c_then_resume(tmp_path):
    out = tmp_path / "dd.csv"
    games, chunk = 300, 5
    args = ["sweep", "doppeldoppel", "--games", str(games), "--seed", "2", "--workers", "1",
            "--out", str(out), "--players", "3", "--flags", "default", "--policies", "random",
            "--chunk", str(chunk), "--no-progress"]
    # As in a terminal: Ctrl-C raises KeyboardInterrupt (a shell's background job would start
    # with SIGINT ignored, which Python then keeps). The child paces its chunks after the
    # first two (0.1 s before each), so the sweep is surely still going when the signal comes
    # (at least 5 s left) without playing 1500 games to be sure of it: the resume and the
    # fresh sweep below then replay 300 games, not 1500. The pacing only waits; the games,
    # the checkpoint and the Ctrl-C handling are the sweep's own.
    code = ("import signal, sys, time; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from doppelnb.core import sweep_run; real = sweep_run.run_chunk; "
            "sweep_run.run_chunk = lambda task: (task.start >= 10 and time.sleep(0.1), "
            "real(task))[1]; "
            "from doppelnb.core.sweep import main; sys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env,
                            stderr=subprocess.PIPE, text=True)
    partial = Path(f"{out}.partial.jsonl")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if partial.exists() and len(partial.read_text().splitlines()) >= 3:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "resume" in err and not out.exists()
    kept = len(partial.read_text().splitlines()) - 1
    assert 2 <= kept < games // chunk  # some chunks kept, not all of them
    assert main(args) == 0
    assert not partial.exists()
    fresh = sweep("doppeldoppel", readings="default", player_counts=[3],
                  policy_mixes=["random"], games=games, seed=2, workers=1, progress=False)
    assert out.read_text() == fresh.to_csv()


def _live_processes_in_group(group: int) -> list[int]:
    """Processes (not zombies) whose process group is ``group``, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # (gone meanwhile)
        if int(fields[2]) == group and fields[0] not in ("Z", "X"):
            found.append(int(entry))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_sigterm_stops_the_workers_and_keeps_the_checkpoint(tmp_path):
    """SIGTERM (what ``timeout`` and job schedulers send) killed the sweep but left its pool
    workers and the multiprocessing resource tracker running. It is handled as Ctrl-C: the
    sweep cancels, ends its workers, keeps the checkpoint, says so in one line and exits 143;
    a few seconds later no process of its group is left."""
    out = tmp_path / "dd.csv"
    partial = Path(f"{out}.partial.jsonl")
    args = [sys.executable, "-m", "doppelnb", "sweep", "doppeldoppel", "--games", "3000",
            "--seed", "2", "--workers", "2", "--players", "3", "--flags", "default",
            "--policies", "random", "--chunk", "5", "--no-progress", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with (tmp_path / "stderr.txt").open("w+") as err:
        # Its own session, so its process group holds it, its workers and their tracker.
        proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and proc.poll() is None:
                if partial.exists() and len(partial.read_text().splitlines()) >= 3:
                    break  # playing in both workers: two chunks finished
                time.sleep(0.02)
            assert proc.poll() is None, "the sweep ended before it could be stopped"
            started = _live_processes_in_group(proc.pid)
            assert len(started) >= 3  # the sweep, its two workers (and the tracker)
            proc.send_signal(signal.SIGTERM)
            status = proc.wait(timeout=60)
            deadline = time.monotonic() + 10
            while _live_processes_in_group(proc.pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert _live_processes_in_group(proc.pid) == []
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)
        err.seek(0)
        message = err.read()
    assert status == sweep_cli.EXIT_TERMINATED == 143, message
    assert len(message.strip().splitlines()) == 1, message
    assert "SIGTERM" in message and str(partial) in message and "resume" in message
    assert not out.exists()
    lines = partial.read_text().splitlines()
    assert json.loads(lines[0])["doppelnb_sweep_checkpoint"] == resume.CHECKPOINT_FORMAT
    assert len(lines) >= 3


def test_command_line_workers_give_identical_files(tmp_path):
    base = ["doppeldoppel", "--games", "4", "--seed", "1", "--players", "3",
            "--flags", "reversal_scope", "--policies", "random,greedy", "--no-progress"]
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert main([*base, "--workers", "1", "--out", str(one)]) == 0
    assert main([*base, "--workers", "2", "--out", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    rows = one.read_text().splitlines()
    assert {r.split(",")[2] for r in rows[1:]} == {"random", "greedy", "greedy/random"}
    assert main(["doppeldoppel", "--games", "2", "--out", str(one), "--players", "x"]) == 2
    assert main(["doppeldoppel", "--out", str(one)]) == 2  # --games is required


def test_progress_bar_counts_games_with_rate_and_time_left(capsys):
    sweep(toy_game, readings="default", player_counts=[2], policy_mixes="random", games=30,
          seed=1, workers=1, chunk=10)
    err = capsys.readouterr().err
    assert "30/30" in err and "game/s" in err and "<00:00" in err  # done, rate, time left


def test_load_table_reads_only_shipped_names() -> None:
    from doppelnb.core.sweep import load_table

    for bad in ("../x", "", 3, "no_such_sweep"):
        with pytest.raises(BadInput):
            load_table(bad)  # type: ignore[arg-type]


def test_every_game_ships_a_sweep_with_two_or_more_readings_and_intervals() -> None:
    import doppelnb
    from doppelnb.core.sweep import load_table

    for game in doppelnb.GAMES:
        table = load_table(game)
        rows = table.where(metric="first_player_win_rate").rows
        assert len({r[0] for r in rows}) >= 2 and "default" in {r[0] for r in rows}
        assert all(r[5] >= 30 and 0 <= r[6] <= r[4] <= r[7] <= 1 for r in rows)


def test_balance_summary_says_what_survives_holm_over_the_report():
    """A reading far from the default is settled, with Holm's correction over the report's
    family named; a close one is open, with the largest difference its simultaneous interval
    allows."""
    import html

    from doppelnb.core.sweep import balance_summary, compare_readings

    rows = [("default", 3, "greedy", "score_spread", 10.0, 100, 9.0, 11.0),
            ("a=1", 3, "greedy", "score_spread", 13.0, 100, 12.0, 14.0),
            ("b=1", 3, "greedy", "score_spread", 10.5, 100, 9.5, 11.5),
            ("default", 3, "greedy", "tie_rate", 0.1, 100, 0.05, 0.15),
            ("a=1", 3, "greedy", "tie_rate", 0.1, 100, 0.05, 0.15),
            ("b=1", 3, "greedy", "tie_rate", 0.1, 100, 0.05, 0.15)]
    table = Table(rows, {"game": "toy"})
    found = {c["reading"]: c for c in compare_readings(table, "score_spread")}
    a, b = found["a=1"], found["b=1"]
    assert a["settled"] and a["outcome"] == "settled: higher" and 0 < a["lo"] < 3 < a["hi"]
    assert a["gap"] == pytest.approx(a["lo"])
    assert not b["settled"] and b["outcome"] == "open" and b["lo"] < 0 < b["hi"]
    assert b["bound"] == pytest.approx(max(-b["lo"], b["hi"]))
    text = html.unescape(str(balance_summary(table, "score_spread")))
    # four comparisons: two readings x (score_spread, tie_rate)
    assert ("Settled at the 5% level after Holm's correction over 4 comparisons (adjusted p = "
            in text)
    assert "the reading makes score_spread higher" in text
    assert (f"Open at this n: not settled at the 5% level after Holm's correction over 4 "
            f"comparisons (adjusted p = 1); any difference is at most {b['bound']:.3f}" in text)
    assert "<svg" in text and "<table" in text
    with pytest.raises(BadInput):
        balance_summary(table, "nonsense")
    ladder = Table([("default", 3, "greedy/random", "skill_gap", 0.55, 900, 0.52, 0.58),
                    ("default", 3, "mcts:8/greedy", "skill_gap", 0.53, 50, 0.39, 0.67)],
                   {"game": "toy"})
    text = html.unescape(str(balance_summary(ladder, "skill_gap")))
    assert "greedy seat finishes ahead of a random seat 0.550 [0.520, 0.580]" in text
    assert ("Settled at the 5% level after Holm's correction over 2 comparisons" in text
            and "greedy finishes ahead of random more often than not" in text)
    # "toy" has no shipped ladder: the order is assumed by name, and the sentence says so.
    assert ("greedy is named first by name only: neither greedy nor random is in a shipped "
            "ladder" in text)
    assert "Open at this n: not settled at the 5% level after Holm's correction over 2" in text
    assert "the gap from 0.5 is at most" in text


@pytest.mark.parametrize("name", ["doppeldoppel_reversal_scope",
                                  "doppelganger_tricks_bonus_max_per_player",
                                  "doppel_doubt_illegal_takeover",
                                  "doppelganger_quest_animals_in_pingpong",
                                  "groom_lake_carry_over_ap"])
def test_shipped_sweeps_settle_one_reading(name):
    """Each of these shipped sweeps has a non-default reading whose difference from the default
    on a balance metric or the table's recorded primary metric survives Holm's correction over
    its report (the question the sweep was run to settle; see doppelnb/data/sweeps/README.md).
    The quest's animal-in-ping-pong table settles on its primary, the loyal side's win rate."""
    from doppelnb.core.sweep import BALANCE_METRICS, compare_readings, load_table
    from doppelnb.core.verdicts import primary_metrics

    table = load_table(name)
    metrics = {*BALANCE_METRICS, *primary_metrics(table)}
    assert any(c["settled"] for m in metrics for c in compare_readings(table, m))


def test_groom_lake_carry_over_ap_is_open_with_a_small_bound():
    """Groom Lake (GL-A21 carry_over_ap), greedy players, 10,000 games per reading: the
    first-player advantage stays open after Holm's correction, its simultaneous interval
    bounding any difference below 0.02, while carrying AP over settles as shorter games."""
    from doppelnb.core.sweep import compare_readings, load_table

    table = load_table("groom_lake_carry_over_ap")
    (c,) = compare_readings(table, "first_player_advantage")
    assert c["value"][1] == 10_000 and not c["settled"] and c["bound"] < 0.02
    (length,) = compare_readings(table, "length_actions")
    assert length["settled"] and length["value"][0] < length["default"][0]


@pytest.mark.parametrize("name, mix", [("groom_lake_ladder", "greedy/random"),
                                       ("doppel_doubt_ladder", "greedy/random"),
                                       ("doppelganger_quest_ladder", "greedy/random"),
                                       ("doppelganger_quest_ladder", "mcts:16/random")])
def test_shipped_ladders_separate(name, mix):
    """The skill ladders in doppelnb/data/sweeps/README.md: these pairings' 95% intervals on
    the (team) skill gap lie above 0.5."""
    from doppelnb.core.sweep import load_table

    est, n, lo, hi = load_table(name).value(mix=mix, metric="skill_gap")
    assert n >= 100 and 0.5 < lo <= est <= hi
