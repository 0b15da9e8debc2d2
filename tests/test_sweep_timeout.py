"""The action cap (issue 27, "a game past the cap is counted, not fatal"): a sweep's or a
ladder's game still going after ``max_actions`` actions is stopped and counted as timed out;
the sweep goes on, its table says how many games completed, and the result does not depend on
the workers."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from doppelnb.core import BadInput
from doppelnb.core import ladder as lad
from doppelnb.core.sweep import (
    DEFAULT_MAX_ACTIONS,
    MAX_ACTIONS_LIMIT,
    game_facts,
    main,
    max_actions_for,
    play_game,
    sweep,
)
from doppelnb.core.sweep_run import game_seeds, seats_for

# Random quest games at four seats last 48 to 156 actions (seed 1), so a cap of 80 stops about
# half of them: some cells complete, some time out.
CAP = 80
QUEST = dict(readings=["quest_deck_exhausted=draw"], player_counts=[4],
             policy_mixes=["random", "greedy/random"], games=8, seed=3, progress=False,
             max_actions=CAP)


def _lengths(table, cell):
    return [(f.length, f.timed_out) for f in game_facts(table)[cell]]


def test_a_game_past_the_cap_is_counted_and_the_sweep_goes_on():
    table = sweep("doppelganger_quest", workers=1, **QUEST)
    stopped = 0
    for cell, facts in game_facts(table).items():
        reading, players, mix = cell
        done = [f for f in facts if not f.timed_out]
        out = [f for f in facts if f.timed_out]
        stopped += len(out)
        # A stopped game stopped exactly at the cap, with no winner; a finished one within it.
        assert all(f.length == CAP and f.winners == () for f in out)
        assert all(f.length <= CAP for f in done)
        rows = {r.metric: r for r in table.where(reading=reading, players=players, mix=mix)}
        assert rows["completion_rate"].estimate == pytest.approx(len(done) / 8)
        assert rows["timeout_rate"].estimate == pytest.approx(len(out) / 8)
        assert rows["completion_rate"].n == rows["timeout_rate"].n == 8
        # Every other metric is over the completed games: n says how many.
        assert rows["length_actions"].n == len(done)
        assert rows["length_actions"].estimate == pytest.approx(
            sum(f.length for f in done) / len(done))
        assert rows["win_rate_seat0"].n == len(done)
    assert table.meta["timed_out"] == stopped and table.meta["max_actions"] == CAP
    assert 0 < stopped < 4 * 8  # some games stopped, some finished
    assert "stopped at the action cap" in table._repr_html_()


def test_timed_out_games_give_the_same_bytes_on_any_number_of_workers():
    serial = sweep("doppelganger_quest", workers=1, **QUEST).to_csv()
    parallel = sweep("doppelganger_quest", workers=2, chunk=3, **QUEST).to_csv()
    assert serial == parallel
    assert ",timeout_rate," in serial


def test_timed_out_games_give_the_same_bytes_on_dask():
    distributed = pytest.importorskip("distributed")
    local = sweep("doppelganger_quest", workers=1, **QUEST).to_csv()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        remote = sweep("doppelganger_quest", executor=client.get_executor(), chunk=2,
                       **QUEST).to_csv()
    assert remote == local


def test_a_simulation_stops_at_the_cap_as_a_sweep_does():
    from doppelnb.core.simulate import simulate

    sim = simulate("doppelganger_quest", 8, players=4, seed=3, max_actions=CAP)
    cell = game_facts(sweep("doppelganger_quest", readings="default", player_counts=[4],
                            policy_mixes=["random"], games=8, seed=3, progress=False, workers=1,
                            max_actions=CAP))[("default", 4, "random")]
    assert [replace(f, index=i) for i, f in enumerate(sim.facts)] == list(cell)
    assert any(f.timed_out for f in sim.facts)
    assert all(final.is_over != f.timed_out for f, final in zip(sim.facts, sim.finals,
                                                                strict=True))
    with pytest.raises(BadInput):
        simulate("doppelganger_quest", 2, max_actions=0)


def test_a_sweep_whose_games_all_finish_writes_no_completion_rows():
    """The shipped tables whose games all end keep their bytes: no constant completion rows."""
    table = sweep("doppelganger_quest", workers=1, **{**QUEST, "max_actions": None})
    assert table.meta["timed_out"] == 0
    assert not {"completion_rate", "timeout_rate"} & {r.metric for r in table}


def test_a_reading_is_compared_with_the_default_over_the_deals_both_completed():
    table = sweep("doppelganger_quest", workers=1, **QUEST)
    facts = game_facts(table)
    default = facts[("default", 4, "random")]
    reading = facts[("quest_deck_exhausted=draw", 4, "random")]
    both = [(a, b) for a, b in zip(default, reading, strict=True)
            if not (a.timed_out or b.timed_out)]
    (row,) = table.where(reading="quest_deck_exhausted=draw", mix="random",
                         metric="length_actions").rows
    assert row.paired_diff == pytest.approx(sum(b.length - a.length for a, b in both) / len(both))
    (rate,) = table.where(reading="quest_deck_exhausted=draw", mix="random",
                          metric="timeout_rate").rows
    assert rate.paired_diff == pytest.approx(
        sum(b.timed_out - a.timed_out for a, b in zip(default, reading, strict=True)) / 8)


def test_play_game_records_a_time_out_and_a_finished_game_as_before():
    deal, players = game_seeds(3, "doppelganger_quest", 4, ("random",), 0)
    seats = seats_for(("random",), 4, 0)
    whole = play_game("doppelganger_quest", {}, 4, seats, deal, players)
    assert "timeout" not in whole and whole["w"]  # the record a finished game always had
    cut = play_game("doppelganger_quest", {}, 4, seats, deal, players, max_actions=5)
    assert cut["timeout"] is True and cut["len"] == 5 and cut["w"] == []


@pytest.mark.parametrize("cap", [0, -1, True, 1.5, "80", MAX_ACTIONS_LIMIT + 1, 10**18])
def test_an_absurd_cap_is_badinput(cap):
    with pytest.raises(BadInput) as error:
        sweep("doppelganger_quest", workers=1, **{**QUEST, "max_actions": cap})
    assert error.value.rule == "NB-ARG" and "max_actions" in str(error.value)
    with pytest.raises(BadInput):
        lad.ladder("doppeldoppel", ["random", "greedy"], games=2, workers=1, max_actions=cap)


def test_each_game_has_its_own_cap():
    assert set(DEFAULT_MAX_ACTIONS) == {"doppeldoppel", "doppelganger_tricks",
                                        "doppelganger_quest", "groom_lake", "doppel_doubt"}
    for game, cap in DEFAULT_MAX_ACTIONS.items():
        assert max_actions_for(game) == cap


def test_command_line_max_actions(tmp_path):
    out = tmp_path / "quest.csv"
    base = ["doppelganger_quest", "--games", "8", "--seed", "3", "--players", "4", "--flags",
            "default", "--policies", "random", "--no-progress", "--workers", "1",
            "--out", str(out)]
    assert main([*base, "--max-actions", str(CAP)]) == 0
    assert ",timeout_rate," in out.read_text()
    for bad in ("0", "-3", "many", str(MAX_ACTIONS_LIMIT + 1)):
        assert main([*base, "--max-actions", bad]) == 2


def test_a_ladder_game_past_the_cap_is_a_draw_among_all_seats_and_counted(tmp_path):
    games = 6
    result = lad.ladder("doppelganger_quest", ["random", "greedy"], games=games, seed=2,
                        players=4, workers=1, max_actions=CAP)
    whole = lad.ladder("doppelganger_quest", ["random", "greedy"], games=games, seed=2,
                       players=4, workers=1)
    assert whole.timeouts == ()
    assert 0 < len(result.timeouts) < games
    for index in range(games):
        if index in result.timeouts:
            assert set(result.places[index]) == {0}  # every seat the same place: a draw
        else:
            assert result.places[index] == whole.places[index]
    assert result.seat_counts == whole.seat_counts  # its seats still count
    assert any("did not end within the action cap" in line for line in result.summary())
    # Shipped: GAME.json records the time-outs; the refit and the report read them.
    doc = lad.provenance(result, wall_seconds=1.0, workers=1, date="2026-11-26T00:00:00+00:00",
                         fingerprint_of={"games": 1, "results": "", "moves": ""})
    assert doc["timeouts"] == {"max_actions": CAP, "games": list(result.timeouts)}
    (tmp_path / "doppelganger_quest.csv").write_text(result.to_csv(), encoding="utf-8")
    (tmp_path / "doppelganger_quest.json").write_text(lad.provenance_text(doc),
                                                      encoding="utf-8")
    shipped = lad.load_ladder("doppelganger_quest", tmp_path)
    assert shipped.timeouts == result.timeouts and shipped.max_actions == CAP
    assert shipped.refit().to_csv() == result.to_csv()
    said = f"{len(result.timeouts)} of the {games} games did not end within the action cap"
    assert any(said in line for line in shipped.verdict())
    assert "counts as a draw among all seats" in str(shipped.report())
    # A file that calls a game a time-out whose places are not a draw is refused.
    bad = json.loads(lad.provenance_text(doc))
    bad["timeouts"]["games"] = [i for i in range(games) if i not in result.timeouts][:1]
    (tmp_path / "doppelganger_quest.json").write_text(lad.provenance_text(bad),
                                                      encoding="utf-8")
    with pytest.raises(BadInput):
        lad.load_ladder("doppelganger_quest", tmp_path)


def test_ladder_command_line_max_actions(tmp_path, capsys):
    from doppelnb import cli

    out = tmp_path / "ladder.csv"
    base = ["ladder", "doppelganger_quest", "--policies", "random,greedy", "--games", "6",
            "--seed", "2", "--players", "4", "--workers", "1", "--no-progress",
            "--out", str(out)]
    assert cli.main([*base, "--max-actions", str(CAP)]) == 0
    assert "did not end within the action cap" in capsys.readouterr().out
    for bad in ("0", "-3", "many", str(MAX_ACTIONS_LIMIT + 1)):
        with pytest.raises(SystemExit) as stop:
            cli.main([*base, "--force", "--max-actions", bad])
        assert stop.value.code == 2
    assert "must be a whole number from 1 to 10,000,000" in capsys.readouterr().err


def test_until_settled_leaves_out_the_deals_a_game_timed_out_on(tmp_path, capsys):
    """--until-settled pairs the readings on the deals both completed (as the table's paired
    differences do) instead of refusing a sweep with a game past the cap."""
    out = tmp_path / "seq.csv"
    args = ["doppelganger_quest", "--games", "8", "--seed", "3", "--players", "4", "--flags",
            "quest_deck_exhausted=draw", "--policies", "random", "--no-progress", "--workers",
            "1", "--max-actions", str(CAP), "--until-settled", "16", "--metric",
            "win_rate_side_loyal", "--out", str(out)]
    assert main(args) == 0, capsys.readouterr().err
    text = out.read_text()
    assert ",timeout_rate," in text  # some games did stop at the cap


def test_a_checkpoint_with_games_past_the_cap_resumes(tmp_path):
    """A checkpoint holding a timed-out game's record (``"timeout": true``) is read back, not
    called damaged: topping the sweep up to more games works (it did not)."""
    out = tmp_path / "top.csv"
    args = ["doppelganger_quest", "--seed", "3", "--players", "4", "--flags",
            "quest_deck_exhausted=draw", "--policies", "random", "--no-progress", "--workers",
            "1", "--max-actions", str(CAP), "--out", str(out),
            "--checkpoint", str(tmp_path / "top.jsonl")]
    assert main([*args, "--games", "4", "--keep-checkpoint"]) == 0
    assert main([*args, "--games", "8"]) == 0
    plain = tmp_path / "plain.csv"
    assert main([*args[:-4], "--out", str(plain), "--games", "8"]) == 0
    assert out.read_bytes() == plain.read_bytes()


def test_a_timed_out_game_is_no_loss_for_a_side_in_the_sequential_test():
    """A game stopped at the cap has no winner: --until-settled must leave its deal out, not
    read it as a game the loyal side lost (a side absent from a game's values counts 0)."""
    from doppelnb.core.sweep_sequential import _values

    table = sweep("doppelganger_quest", workers=1, **QUEST)
    games = game_facts(table)[("default", 4, "random")]
    assert any(g.timed_out for g in games) and not all(g.timed_out for g in games)
    values = _values(games, 4, "win_rate_side_loyal")
    assert [v is None for v in values] == [g.timed_out for g in games]
    assert all(v in (0.0, 1.0) for v in values if v is not None)
