"""Every shipped sweep table (doppelnb/data/sweeps/NAME.csv) is what its recorded command makes
with today's engine: its fingerprinted games replay to the same results and moves, and its rows
are exactly the cells, metrics and sample sizes of the recorded arguments (issue 25: numbers
computed, never copied). `make sweeps` regenerates a table this test reports as stale."""

from __future__ import annotations

import json
import re
import shlex
import shutil

import pytest

from doppelnb.core import provenance as pv
from doppelnb.core.sweep import balance_summary, load_table

TABLES = pv.shipped_tables()


@pytest.mark.parametrize("name", TABLES)
def test_shipped_table_is_fresh_against_this_engine(name):
    found = pv.problems(name)
    if found:
        pytest.fail(found[0], pytrace=False)


def test_every_table_has_its_provenance_and_the_readme_lists_them_all():
    assert len(TABLES) >= 13  # the scan sees the shipped tables
    readme = (pv.sweeps_folder() / "README.md").read_text(encoding="utf-8")
    block = re.search(r"do not edit -->\n(.*?)<!-- end of tables -->", readme, re.S)
    assert block and block.group(1) == pv.readme_rows(), \
        "the sweeps README's list of tables is not its NAME.json files'; run " \
        "python tools/sweeps.py --readme"
    for name in TABLES:
        doc = pv.read_provenance(name)
        assert doc["name"] == name and f"`{name}`" in block.group(1)


@pytest.mark.parametrize("name", TABLES)
def test_the_recorded_command_is_a_sweep_command_with_the_recorded_arguments(name):
    from doppelnb.core.sweep_cli import build_parser

    doc = pv.read_provenance(name)
    for part in doc["parts"]:
        argv = shlex.split(pv.command_line(doc["game"], part))
        assert argv[:4] == ["python", "-m", "doppelnb", "sweep"]
        args = build_parser().parse_args([*argv[4:], "--out", "x.csv"])
        assert (args.game, args.games, args.seed) == (doc["game"], part["games"], part["seed"])
        assert args.players.split(",") == [str(p) for p in part["players"]]
        assert args.flags.split(",") == part["flags"]
        assert args.mixes.split(",") == part["mixes"]


def test_a_changed_greedy_heuristic_makes_the_table_stale(monkeypatch):
    """The Doppeldoppel greedy player values a winning card by its pile's score (DD-R18..R21);
    valuing it by the number of cards instead changes its decisions, so the fingerprinted games
    no longer replay."""
    from doppelnb.engines.doppeldoppel import players

    count = pv.read_provenance("doppeldoppel")["parts"][0]["fingerprint_games"]
    assert pv.problems("doppeldoppel") == []
    monkeypatch.setattr(players, "pile_score", lambda pile, rules: len(pile))
    assert pv.problems("doppeldoppel") == [
        "doppeldoppel.csv is stale against this engine: cell default|3|greedy differs (its "
        f"first {count} games end differently); run make sweeps ONLY=doppeldoppel"]


def test_a_changed_rule_makes_the_table_stale(monkeypatch):
    """A 3 that no longer reverses the trick (DD-R15) changes who wins tricks."""
    from doppelnb.engines.doppeldoppel import rules

    monkeypatch.setattr(rules, "_reversal", lambda threes, survivor, before, r: (False, False))
    (problem,) = pv.problems("doppeldoppel_reversal_scope")
    assert problem.startswith("doppeldoppel_reversal_scope.csv is stale against this engine: "
                              "cell default|3|greedy differs")


@pytest.fixture
def copy_of(tmp_path):
    """A copy of a shipped table and its provenance in a folder of its own, to edit."""
    def make(name):
        for suffix in (".csv", ".json"):
            shutil.copy(pv.sweeps_folder() / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
        return tmp_path
    return make


def _edit(folder, name, change, fix_digest=True):
    """Change the CSV's lines with ``change`` (and record the new sha256, so that only the row
    checks can see the edit)."""
    path = folder / f"{name}.csv"
    text = "".join(change(path.read_text(encoding="utf-8").splitlines(keepends=True)))
    path.write_text(text, encoding="utf-8")
    if fix_digest:
        doc = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        doc["csv_sha256"] = pv.csv_sha256(text)
        (folder / f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")


def _nudged(line):
    """The row with its estimate moved by one in the last decimal, inside its interval."""
    cells = line.split(",")
    est, hi = float(cells[4]), float(cells[7])
    cells[4] = f"{est + (1e-6 if est < hi else -1e-6):.6f}"
    return ",".join(cells)


def test_a_hand_edited_row_is_found(copy_of):
    folder = copy_of("doppeldoppel")
    assert pv.problems("doppeldoppel", folder, replay=False) == []
    _edit(folder, "doppeldoppel", lambda lines: [lines[0], _nudged(lines[1]), *lines[2:]],
          fix_digest=False)
    (problem,) = pv.problems("doppeldoppel", folder, replay=False)
    assert problem.startswith("doppeldoppel.csv is not the file its sweep wrote")


def test_a_row_with_another_n_or_a_missing_cell_or_metric_is_found(copy_of):
    folder = copy_of("doppeldoppel")
    _edit(folder, "doppeldoppel", lambda lines: [line.replace(",1000,", ",999,", 1)
                                                 if "win_rate_seat1" in line else line
                                                 for line in lines])
    found = pv.problems("doppeldoppel", folder, replay=False)
    assert "doppeldoppel.csv: default|3|greedy win_rate_seat1 has n = 999, not the recorded " \
           "1000 games" in found

    folder = copy_of("doppeldoppel")
    _edit(folder, "doppeldoppel", lambda lines: [x for x in lines if "next_leader" not in x])
    (problem,) = pv.problems("doppeldoppel", folder, replay=False)
    assert problem == ("doppeldoppel.csv has rows for the cells default|3|greedy, but its "
                       "recorded arguments make default|3|greedy, "
                       "next_leader=rotate_left|3|greedy")

    folder = copy_of("doppeldoppel")
    _edit(folder, "doppeldoppel", lambda lines: [x for x in lines if "tie_rate" not in x])
    (problem,) = pv.problems("doppeldoppel", folder)  # (the replay sees which metrics a sweep
    assert problem.startswith("doppeldoppel.csv: cell default|3|greedy has the metrics ")
    assert "tie_rate" in problem.split("a sweep writes")[1]  # writes for these games)


def test_load_table_exposes_how_the_table_was_made():
    table = load_table("doppeldoppel_reversal_scope")
    doc = pv.read_provenance("doppeldoppel_reversal_scope")
    meta = table.meta
    assert meta["game"] == "doppeldoppel" and meta["name"] == "doppeldoppel_reversal_scope"
    assert (meta["seed"], meta["games"]) == (doc["parts"][0]["seed"], doc["parts"][0]["games"])
    assert meta["command"] == pv.command_line("doppeldoppel", doc["parts"][0])
    assert meta["version"] == doc["doppelnb"]
    ladder = load_table("doppelganger_quest_ladder").meta  # three sweeps of different sizes
    assert ladder["games"] == tuple(p["games"] for p in
                                    pv.read_provenance("doppelganger_quest_ladder")["parts"])
    assert len(ladder["command"].splitlines()) == 3


def test_balance_summary_shows_each_command_and_its_games_under_the_chart():
    text = str(balance_summary("groom_lake_ladder", "skill_gap"))
    chart_end, grid = text.index("</svg>"), text.index("<table")
    for command, games in zip(load_table("groom_lake_ladder").meta["commands"],
                              load_table("groom_lake_ladder").meta["games"], strict=True):
        at = text.index(f"<code>{command}</code> ({games:,} games per cell)")
        assert chart_end < at < grid
