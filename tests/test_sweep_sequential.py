"""``sweep --until-settled MAX`` (issue 27): batches on the same deals, stopped by an
anytime-valid confidence sequence, a CSV identical to a plain sweep of the final n, and one-line
refusals (exit 2) before any game is played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from doppelnb.core import BadInput
from doppelnb.core.sweep import load_table, main
from doppelnb.core.sweep_sequential import batch_sizes, is_bounded

# Groom Lake, 6 players, greedy: when removed Aliens do not share the win, games with no winner
# become much more common (a large, one-signed per-deal difference on no_winner_rate).
STRONG = ["sweep", "groom_lake", "--players", "6", "--flags", "removed_aliens_share_win=False",
          "--policies", "greedy", "--workers", "1", "--no-progress", "--seed", "0"]
# Doppeldoppel, 3 players, random: a reading whose games end as the default's do on the first
# player's share (no per-deal difference), so nothing can ever be settled.
NULL = ["sweep", "doppeldoppel", "--players", "3", "--flags",
        "declared_colour_must_match=False", "--policies", "random", "--workers", "1",
        "--no-progress", "--seed", "0"]


def _batches(err: str) -> list[tuple[int, bool]]:
    return [(int(m.group(1)), m.group(2) == "1/1")
            for m in re.finditer(r"^n=(\d+): (\d+/\d+) settled", err, re.M)]


def test_schedule_doubles_or_steps_and_ends_at_max() -> None:
    assert batch_sizes(20, 100) == [20, 40, 80, 100]
    assert batch_sizes(20, 80, 30) == [20, 50, 80]
    assert batch_sizes(50, 50) == [50]


def test_only_metrics_bounded_per_game_qualify() -> None:
    for metric in ("first_player_advantage", "tie_rate", "no_winner_rate", "win_rate_seat2",
                   "win_rate_side_alien", "seat_advantage_seat0"):
        assert is_bounded(metric), metric
    for metric in ("length_actions", "length_rounds", "score_spread", "lead_changes",
                   "win_rate_seat", "halftime_leader_wins", "nonsense"):
        assert not is_bounded(metric), metric


def test_a_large_difference_stops_early_and_the_csv_is_a_plain_sweep_of_that_n(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seq, plain = tmp_path / "seq.csv", tmp_path / "plain.csv"
    # Batches of 16, 32, 64, ...: this seed's difference settles at n=63, so the sequential
    # run stops at 64 games a cell (batches from 20 went on to 80, and the plain sweep of the
    # final n replayed them all). Were it to settle later, the test would only take longer.
    assert main([*STRONG, "--games", "16", "--until-settled", "1280", "--metric",
                 "no_winner_rate", "--out", str(seq)]) == 0
    batches = _batches(capsys.readouterr().err)
    final, settled = batches[-1]
    assert settled and final < 1280  # stopped well before MAX
    assert [n for n, _ in batches] == batch_sizes(16, 1280)[:len(batches)]
    assert not any(s for _, s in batches[:-1])
    assert main([*STRONG, "--games", str(final), "--out", str(plain)]) == 0
    assert seq.read_bytes() == plain.read_bytes()
    assert not Path(f"{seq}.partial.jsonl").exists()  # removed once the CSV is written


def test_a_null_reading_runs_to_max(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seq, plain = tmp_path / "seq.csv", tmp_path / "plain.csv"
    assert main([*NULL, "--games", "20", "--step", "30", "--until-settled", "80",
                 "--out", str(seq)]) == 0
    err = capsys.readouterr().err
    assert _batches(err) == [(20, False), (50, False), (80, False)]
    assert "open" in err.splitlines()[-2]
    assert main([*NULL, "--games", "80", "--out", str(plain)]) == 0
    assert seq.read_bytes() == plain.read_bytes()


@pytest.mark.parametrize("extra, words", [
    (["--until-settled", "10"], "below --games"),
    (["--until-settled", "100", "--metric", "length_actions"], "not a metric bounded"),
    (["--until-settled", "100", "--metric", "score_spread"], "not a metric bounded"),
    (["--until-settled", "100", "--flags", "default"], "no other reading"),
    (["--step", "10"], "goes with --until-settled"),
    (["--metric", "tie_rate"], "goes with --until-settled"),
    (["--until-settled", "0"], "whole number from 1"),
])
def test_refusals_are_one_line_exit_2_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], words: str
        ) -> None:
    out = tmp_path / "x.csv"
    argv = ["sweep", "doppeldoppel", "--games", "20", "--workers", "1", "--out", str(out),
            *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert not out.exists() and not Path(f"{out}.partial.jsonl").exists()


# -- the question's metric, one pool, the public game reader -------------------------------------
def test_without_metric_the_games_recorded_primary_decides_and_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from doppelnb.core.sweep_sequential import primary_metric

    # Chosen from the shipped tables' records, before any game: the quest table that asked
    # about animals_in_pingpong records the loyal side's win share.
    assert primary_metric("doppelganger_quest", ["default", "animals_in_pingpong=True"])[0] \
        == "win_rate_side_loyal"
    assert primary_metric("doppeldoppel", ["declared_colour_must_match=False"]) == (
        "first_player_advantage", "the primary metric of the shipped table doppeldoppel")
    out = tmp_path / "x.csv"
    assert main([*NULL, "--games", "10", "--until-settled", "20", "--out", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("--until-settled asks about first_player_advantage (the primary")
    assert "decided by first_player_advantage (the primary metric of the shipped table " \
           "doppeldoppel): 0/1 settled" in err[-1]


def test_every_batch_shares_one_process_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    from doppelnb.core import sweep_run

    started = []
    real = sweep_run.default_executor

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(sweep_run, "default_executor", counting)
    argv = [a if a != "1" else "2" for a in NULL]  # --workers 2
    assert main([*argv, "--games", "4", "--step", "4", "--until-settled", "12", "--chunk", "2",
                 "--metric", "tie_rate", "--out", str(tmp_path / "x.csv")]) == 0
    assert len(_batches(capsys.readouterr().err)) == 3
    assert len(started) == 1


def test_game_facts_from_the_table_and_the_checkpoint_give_the_paired_differences(
        tmp_path: Path) -> None:
    import json
    import math

    from doppelnb.core.sweep import game_facts, game_values, sweep

    path = tmp_path / "c.jsonl"
    table = sweep("doppeldoppel", readings=["next_leader=rotate_left"], player_counts=[3],
                  policy_mixes=["random"], games=12, seed=4, workers=1, progress=False,
                  checkpoint=path, chunk=5)
    facts = game_facts(table)
    assert facts == game_facts(path) and set(facts) == {
        ("default", 3, "random"), ("next_leader=rotate_left", 3, "random")}
    assert [len(v) for v in facts.values()] == [12, 12]
    assert game_facts(path, 10)[("default", 3, "random")] == facts[("default", 3, "random")][:10]
    base, other = facts[("default", 3, "random")], facts[("next_leader=rotate_left", 3, "random")]
    for row in table.where(reading="next_leader=rotate_left").rows:
        if row.paired is None:
            continue
        diffs = [game_values(b, 3).get(row.metric, 0.0) - game_values(a, 3).get(row.metric, 0.0)
                 for a, b in zip(base, other, strict=True)]
        assert math.isclose(sum(diffs) / len(diffs), row.paired_diff, abs_tol=1e-9), row.metric
    # A last line cut short is left out, as a resumed sweep leaves it; a damaged one is refused.
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:-5])
    cut = game_facts(path)
    assert sum(map(len, cut.values())) == 24 - len(json.loads(lines[-1])["games"])
    path.write_text("".join(lines[:-1]) + lines[-1].replace('"w":[', '"w":[0,', 1))
    with pytest.raises(BadInput, match="damaged"):
        game_facts(path)
    with pytest.raises(BadInput):
        game_facts(load_table("doppeldoppel"))


def test_the_report_says_which_metric_decided(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    report = tmp_path / "r.html"
    assert main([*NULL, "--games", "10", "--until-settled", "20", "--out",
                 str(tmp_path / "x.csv"), "--report", str(report)]) == 0
    page = report.read_text(encoding="utf-8")
    assert "decided by <code>first_player_advantage</code>, the primary metric of the shipped " \
           "table doppeldoppel; 0 of 1 readings settled" in page


def test_ctrl_c_between_batches_stops_the_shared_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    from doppelnb.core import sweep_cli, sweep_run

    pools = []
    real_pool, real_sweep = sweep_run.default_executor, sweep_cli.sweep

    def pool(*args, **kwargs):  # type: ignore[no-untyped-def]
        pools.append(real_pool(*args, **kwargs))
        return pools[-1]

    workers = []

    def second_batch_interrupted(*args, games, **kwargs):  # type: ignore[no-untyped-def]
        if games > 4:
            workers.extend(pools[0]._processes.values())  # the pool the first batch used
            raise KeyboardInterrupt
        return real_sweep(*args, games=games, **kwargs)

    monkeypatch.setattr(sweep_run, "default_executor", pool)
    monkeypatch.setattr(sweep_cli, "sweep", second_batch_interrupted)
    argv = [a if a != "1" else "2" for a in NULL]  # --workers 2
    assert main([*argv, "--games", "4", "--until-settled", "16", "--metric", "tie_rate",
                 "--chunk", "2", "--out", str(tmp_path / "x.csv")]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert len(pools) == 1 and workers
    assert all(not process.is_alive() for process in workers)
