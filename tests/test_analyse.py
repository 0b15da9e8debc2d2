"""``python -m doppelnb analyse RECORD... --out FILE`` (issue 27): the sweep's columns computed
from saved game records, one cell per (game, reading, players), one-line errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import doppelnb
from doppelnb import BadInput, cli
from doppelnb.core.analyse_cli import analyse, reading_of
from doppelnb.core.metrics import cell_metrics, game_facts
from doppelnb.core.state import play_to_end
from doppelnb.core.sweep import COLUMNS, parse_table_csv

GAMES = list(doppelnb.GAMES)


def run(capsys, *argv):
    try:
        status = cli.main(["analyse", *map(str, argv)])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert ": error: " in err
    for word in words:
        assert word in err, err


def bot_game(game, seed, players=None, rules=None):
    module = doppelnb.GAMES[game]
    players = players or min(module.PLAYER_COUNTS)
    kwargs = {"rules": rules} if rules is not None else {}
    return play_to_end(module.new_game(players, seed=seed, **kwargs), seed=seed)


def save(folder, name, state):
    path = Path(folder) / f"{name}.json"
    path.write_text(state.to_json(), encoding="utf-8")
    return path


def rows_of(path):
    text = Path(path).read_text(encoding="utf-8")
    assert text.splitlines()[0] == ",".join(COLUMNS)
    return parse_table_csv(text, "analyse")


# -- the numbers ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_analyse_gives_the_same_numbers_as_the_metrics_of_the_same_final_states(
        game, tmp_path, capsys):
    finals = [bot_game(game, seed) for seed in (11, 12, 13)]
    paths = [save(tmp_path, f"g{i}", s) for i, s in enumerate(finals)]
    out = tmp_path / "table.csv"
    status, _, err = run(capsys, *paths, "--out", out)
    assert status == 0, err
    expected = cell_metrics([game_facts(s) for s in finals])
    rows = rows_of(out)
    assert [r[3] for r in rows] == [name for name, _ in expected]
    players = finals[0].players
    for row, (name, e) in zip(rows, expected, strict=True):
        assert row[:3] == ("default", players, "recorded")
        assert row[5] == e.n
        assert row[4] == pytest.approx(e.estimate, abs=1e-6), name
        assert row[6] == pytest.approx(e.lo, abs=1e-6) and row[7] == pytest.approx(e.hi,
                                                                                   abs=1e-6)


def test_a_constant_metric_has_lo_equal_hi_in_the_csv(tmp_path, capsys):
    # Doppeldoppel with 3 players always lasts 3 rounds (DD-R1 deals a round per player)
    paths = [save(tmp_path, f"g{s}", bot_game("doppeldoppel", s)) for s in (1, 2, 3)]
    out = tmp_path / "t.csv"
    assert run(capsys, *paths, "--out", out)[0] == 0
    table = {r[3]: r for r in rows_of(out)}
    assert table["length_rounds"][4:8] == (3.0, 3, 3.0, 3.0)
    assert table["completion_rate"][4:8] == (1.0, 3, 1.0, 1.0)
    score = table["score_spread"]
    assert score[6] < score[4] < score[7]   # a varying metric keeps its interval


def test_records_are_grouped_by_game_reading_and_players():
    rules = doppelnb.GAMES["doppeldoppel"].Rules(reversal_scope="round_permanent")
    states = [bot_game("doppeldoppel", 1), bot_game("doppeldoppel", 2),
              bot_game("doppeldoppel", 3, players=4),
              bot_game("doppeldoppel", 4, rules=rules)]
    assert reading_of(states[3]) == "reversal_scope=round_permanent"
    table = analyse(states)
    cells = list(dict.fromkeys((r[0], r[1]) for r in table.rows))
    assert cells == [("default", 3), ("default", 4), ("reversal_scope=round_permanent", 3)]
    assert table.value(reading="default", players=3, metric="completion_rate")[1] == 2
    both = analyse([states[0], bot_game("groom_lake", 1)])
    assert {r[0] for r in both.rows} == {"doppeldoppel:default", "groom_lake:default"}


def test_an_unfinished_record_counts_as_not_completed(tmp_path, capsys):
    state = doppelnb.GAMES["doppeldoppel"].new_game(3, seed=2)
    for _ in range(12):
        state = state.play(state.legal_actions()[0])
    paths = [save(tmp_path, "cut", state), save(tmp_path, "whole", bot_game("doppeldoppel", 2))]
    out = tmp_path / "t.csv"
    assert run(capsys, *paths, "--out", out)[0] == 0
    table = {r[3]: r for r in rows_of(out)}
    assert table["completion_rate"][4:6] == (0.5, 2)
    assert table["length_actions"][5] == 1      # only the finished game has a length


@pytest.mark.parametrize("game", ["doppeldoppel", "doppel_doubt"])
def test_analyse_reads_the_records_play_hand_saves(game, tmp_path, capsys):
    pytest.importorskip("ipywidgets")
    from doppelnb.widgets import play_hand

    paths, states = [], []
    for seed in (1, 2):
        hand = play_hand(game, seed=seed, delay=0)
        rng = random.Random(seed)
        while not hand.over:
            assert hand.choose(rng.choice(hand.state.legal_actions()))
        path = tmp_path / f"hand{seed}.json"
        path.write_text(hand.record(), encoding="utf-8")   # the "save my game" text
        paths.append(path)
        states.append(hand.state)
    out = tmp_path / "hands.csv"
    status, _, err = run(capsys, *paths, "--out", out)
    assert status == 0, err
    table = {r[3]: r for r in rows_of(out)}
    finished = sum(s.is_over for s in states)
    assert table["completion_rate"][4] == pytest.approx(finished / 2)
    assert table["completion_rate"][2] == "recorded"


# -- the command line ----------------------------------------------------------------------------
def test_a_missing_record_is_one_line_naming_the_file(tmp_path, capsys):
    out = tmp_path / "t.csv"
    status, _, err = run(capsys, tmp_path / "nowhere.json", "--out", out)
    assert_one_line_error(status, err, "nowhere.json", "NB-RECORD")
    assert not out.exists()


@pytest.mark.parametrize("text", ["{not json", '{"game": "chess"}', "[1, 2]", "",
                                  '{"game": "doppeldoppel", "players": 3}'])
def test_a_malformed_record_is_one_line_naming_the_file_and_nothing_is_written(
        text, tmp_path, capsys):
    good = save(tmp_path, "good", bot_game("doppeldoppel", 1))
    bad = tmp_path / "bad record.json"
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "t.csv"
    status, _, err = run(capsys, good, bad, "--out", out)
    assert_one_line_error(status, err, "bad record.json")
    assert not out.exists()


def test_a_record_whose_action_cannot_be_replayed_is_refused(tmp_path, capsys):
    data = json.loads(bot_game("doppeldoppel", 1).to_json())
    data["actions"][3] = "Z9"
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, bad, "--out", tmp_path / "t.csv")
    assert_one_line_error(status, err, "edited.json", "action 4")


def test_a_folder_as_record_or_out_is_refused(tmp_path, capsys):
    good = save(tmp_path, "good", bot_game("doppeldoppel", 1))
    assert_one_line_error(*run(capsys, tmp_path, "--out", tmp_path / "t.csv")[::2], "folder")
    assert_one_line_error(*run(capsys, good, "--out", tmp_path)[::2], "folder")
    assert_one_line_error(*run(capsys, good, "--out", tmp_path / "no" / "t.csv")[::2],
                          "does not exist")
    assert_one_line_error(*run(capsys, "--out", tmp_path / "t.csv")[::2], "RECORD")


def test_an_out_name_the_system_refuses_is_one_line_before_any_record_is_read(tmp_path, capsys):
    status, _, err = run(capsys, tmp_path / "nowhere.json", "--out", tmp_path / ("a" * 5000))
    assert_one_line_error(status, err, "--out", "cannot be written")


def test_a_users_other_file_is_never_replaced_without_force(tmp_path, capsys):
    good = save(tmp_path, "good", bot_game("doppeldoppel", 1))
    notes = tmp_path / "notes.csv"
    notes.write_text("my playtest notes\n", encoding="utf-8")
    status, _, err = run(capsys, good, "--out", notes)
    assert_one_line_error(status, err, "--force")
    assert notes.read_text(encoding="utf-8") == "my playtest notes\n"
    assert run(capsys, good, "--out", notes, "--force")[0] == 0
    assert rows_of(notes)
    # a table doppelnb wrote is replaced without --force (the command run again)
    assert run(capsys, good, good, "--out", notes)[0] == 0
    assert {r[3]: r for r in rows_of(notes)}["completion_rate"][5] == 2


def test_out_is_never_written_through_a_link(tmp_path, capsys):
    good = save(tmp_path, "good", bot_game("doppeldoppel", 1))
    target = tmp_path / "elsewhere.csv"
    target.write_text("keep\n", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    status, _, err = run(capsys, good, "--out", link)
    assert_one_line_error(status, err, "link")
    assert target.read_text(encoding="utf-8") == "keep\n"


def test_analyse_is_listed_in_the_help(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    assert "analyse RECORD... --out FILE" in capsys.readouterr().out


@pytest.mark.parametrize("states", [["not a state"], [], "abc", None])
def test_analyse_refuses_what_is_not_a_list_of_states(states):
    with pytest.raises(BadInput):
        analyse(states)


def test_analyse_imports_nothing_of_jupyter_or_charts(tmp_path):
    """The plain install runs it: no ipywidgets, matplotlib, IPython or pandas is imported."""
    import subprocess
    import sys

    record = save(tmp_path, "g", bot_game("doppeldoppel", 1))
    code = ("import sys; from doppelnb import cli\n"
            "try:\n    cli.main(['analyse', sys.argv[1], '--out', sys.argv[2]])\n"
            "except SystemExit as stop:\n    sys.exit(stop.code)\n"
            "heavy = ('ipywidgets', 'matplotlib', 'IPython', 'ipykernel', 'pandas', 'nbformat')\n"
            "print(sorted(m for m in heavy if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(record), str(tmp_path / "t.csv")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
