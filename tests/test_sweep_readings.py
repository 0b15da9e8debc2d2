"""Readings of several flags at once and data-valued readings (issue 27): stable names, common
deals, the engine's own checks before any game, files named by their sha256, the same CSV on any
number of workers."""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import toy_game

from doppelnb.core import BadInput, RulesBase, flag
from doppelnb.core.spec import GameSpec
from doppelnb.core.sweep import (
    DATA_FLAGS,
    compare_readings,
    main,
    reading_label,
    readings_of,
    sweep,
    sweep_cells,
)
from doppelnb.core.sweep_run import play_chunk
from doppelnb.engines import doppeldoppel

ROOT = Path(__file__).resolve().parents[1]
TOY = dict(player_counts=[2], policy_mixes=["random", "greedy/random"], seed=3, workers=1,
           progress=False)
#: A Doppeldoppel deck: three 1s per colour (a composition that is none of the shipped
#: candidates), the value under the flag's name.
DECK = {"illustrative": True, "note": "a designer's deck", "deck_composition": [3, 2, 2, 1, 3, 1]}
DD = ["sweep", "doppeldoppel", "--players", "3", "--policies", "random", "--no-progress",
      "--seed", "2"]


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


# -- several flags at once -----------------------------------------------------------------------
def test_a_combined_reading_has_one_name_however_it_is_asked_for():
    asked = [["exact=True+target=15"], ["target=15+exact=True"], [{"exact": True, "target": 15}],
             [{"target": "15", "exact": "True"}]]
    for readings in asked:
        assert readings_of(toy_game, readings) == [
            ("default", {}), ("target=15+exact=True", {"target": 15, "exact": True})], readings
    # A part at its default value changes nothing and is left out of the name.
    assert readings_of(toy_game, ["target=10+exact=True"]) == [
        ("default", {}), ("exact=True", {"exact": True})]


def test_a_cross_is_every_combination_of_non_default_readings():
    labels = [label for label, _ in readings_of("doppeldoppel", ["next_leader*reversal_scope"])]
    assert labels == ["default",
                      "next_leader=round_sp+reversal_scope=round_toggle",
                      "next_leader=round_sp+reversal_scope=round_permanent",
                      "next_leader=rotate_left+reversal_scope=round_toggle",
                      "next_leader=rotate_left+reversal_scope=round_permanent"]
    factorial = readings_of(toy_game, ["target", "exact", "target*exact"])
    assert [label for label, _ in factorial] == [
        "default", "target=15", "exact=True", "target=15+exact=True"]


@pytest.mark.parametrize("bad", [["target*target"], ["target*nonsense"], ["target=15+target=10"],
                                 ["target=15+exact=maybe"], [{"target": 11}], [{}],
                                 ["target*exact*target"]])
def test_malformed_combinations_are_refused(bad):
    with pytest.raises(BadInput):
        readings_of(toy_game, bad)


def test_a_combined_reading_is_played_on_the_default_deals_and_compared_game_by_game():
    both = {"target": 15, "exact": True}
    table = sweep(toy_game, readings=[both, "target"], games=30, **TOY)
    alone = sweep(toy_game, readings=[both], games=30, **TOY)
    label = "target=15+exact=True"
    # Common random numbers: the reading's games do not depend on the other readings swept.
    assert [r for r in table.rows if r.reading in ("default", label)] == alone.rows
    rows = table.where(reading=label, metric="length_actions").rows
    assert rows and all(r.paired is not None for r in rows)
    compared = compare_readings(table, "first_player_advantage")
    assert {c["reading"] for c in compared} == {label, "target=15"}
    # Game i of the combined reading is dealt the default's game i.
    task = dict(game="toy", players=2, mix=("random",), seed=3, start=0, count=4,
                own=GameSpec.of_module(toy_game))
    from doppelnb.core.sweep_run import _Task

    firsts = [[state.seed for _, state in play_chunk(_Task(reading=r, changes=c, **task))]
              for r, c in (("default", ()), (label, tuple(both.items())))]
    assert firsts[0] == firsts[1]


@dataclass(frozen=True)
class PickyRules(RulesBase):
    """The toy game's flags, with a combination refused (as an engine may refuse one)."""

    prefix = "toy"
    target: int = flag(10, [10, 15], rule="TOY-A1", doc="the total that ends the game")
    exact: bool = flag(False, [False, True], rule="TOY-A2", doc="must the target be hit exactly")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.target == 15 and self.exact:
            raise BadInput("TOY-A2", "an exact target of 15 is not a reading of this game")


def test_a_combination_the_rules_refuse_is_refused_before_any_game(monkeypatch):
    spec = GameSpec.of_module(toy_game)
    picky = GameSpec(**{**{f: getattr(spec, f) for f in spec.__dataclass_fields__},
                        "Rules": PickyRules})
    with pytest.raises(BadInput) as error:
        readings_of(picky, ["target", "exact", "target*exact"])
    assert error.value.rule == "TOY-A2" and "target=15+exact=True" in error.value.reason


def test_the_command_line_refuses_a_combination_the_rules_refuse(monkeypatch, capsys, tmp_path):
    original = doppeldoppel.Rules.__post_init__

    def refuse(self):
        original(self)
        if self.next_leader == "rotate_left" and self.reversal_scope != "trick":
            raise BadInput("DD-A5", "a reversal past the trick needs the winner to lead")

    monkeypatch.setattr(doppeldoppel.Rules, "__post_init__", refuse)
    out = tmp_path / "x.csv"
    assert main([*DD, "--games", "2", "--workers", "1", "--flags",
                 "next_leader,next_leader*reversal_scope", "--out", str(out)]) == 2
    err = one_line(capsys)
    assert "DD-A5" in err and "--flags" in err and "next_leader=rotate_left+reversal_scope" in err
    assert not out.exists() and not Path(f"{out}.partial.jsonl").exists()


# -- data-valued readings ------------------------------------------------------------------------
def write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_deck_file_is_a_reading_named_by_its_file_and_sha256(tmp_path):
    deck = write(tmp_path / "my_deck.json", DECK)
    sha = hashlib.sha256(deck.read_bytes()).hexdigest()
    readings = readings_of("doppeldoppel", [f"deck_composition=@{deck}"])
    label = f"deck_composition=@my_deck.json#sha256:{sha[:16]}"
    assert readings[1] == (label, {"deck_composition": (3, 2, 2, 1, 3, 1)})
    # Given as a pathlib.Path in a mapping, with another flag: one reading, one name.
    both = readings_of("doppeldoppel", [{"next_leader": "rotate_left", "deck_composition": deck}])
    assert both[1][0] == f"{label}+next_leader=rotate_left"
    assert reading_label(label, "doppeldoppel") == f"deck composition: my_deck.json (sha256 " \
                                                   f"{sha[:8]}...)"
    # Another file of the same name is another reading.
    other = write(tmp_path / "my_deck.json", {**DECK, "note": "edited"})
    assert readings_of("doppeldoppel", [f"deck_composition=@{other}"])[1][0] != label


def test_a_deck_file_changes_the_games_and_the_csv_is_the_same_on_any_workers(tmp_path, capsys):
    deck = write(tmp_path / "my_deck.json", DECK)
    csvs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.csv"
        assert main([*DD, "--games", "6", "--workers", workers, "--flags",
                     f"deck_composition=@{deck},deck_composition=c", "--out", str(out)]) == 0
        csvs.append(out.read_bytes())
    assert csvs[0] == csvs[1]
    text = csvs[0].decode()
    assert "deck_composition=@my_deck.json#sha256:" in text and str(tmp_path) not in text
    table = sweep("doppeldoppel", readings=[f"deck_composition=@{deck}"], player_counts=[3],
                  policy_mixes=["random"], games=6, seed=2, workers=1, progress=False)
    sha = hashlib.sha256(deck.read_bytes()).hexdigest()
    assert table.meta["data_files"] == [{"flag": "deck_composition", "file": "my_deck.json",
                                         "sha256": sha}]
    # The deck is dealt: some per-game value differs from the default on the same deals.
    spreads = table.where(metric="score_spread").rows
    assert spreads[1].paired is not None and spreads[0].estimate != spreads[1].estimate


def test_an_edited_data_file_does_not_resume_the_old_checkpoint(tmp_path):
    deck = write(tmp_path / "deck.json", DECK)
    kw = dict(player_counts=[3], policy_mixes=["random"], games=3, seed=2, workers=1,
              progress=False, checkpoint=tmp_path / "c.jsonl")
    sweep("doppeldoppel", readings=[f"deck_composition=@{deck}"], **kw)
    write(deck, {**DECK, "deck_composition": [2, 2, 2, 2, 3, 1]})
    with pytest.raises(BadInput, match="checkpoint"):
        sweep("doppeldoppel", readings=[f"deck_composition=@{deck}"], **kw)


@pytest.mark.parametrize("content, words", [
    (None, "cannot read"),
    ("{not json", "NB-DATA"),
    (json.dumps({"note": "no illustrative"}), "illustrative"),
    (json.dumps({**DECK, "deck_composition": [3, 2, 2, 1, 3, 0]}), "36"),
    (json.dumps({**DECK, "deck_composition": "z"}), "not a deck candidate"),
    (json.dumps({"illustrative": True, "note": "cards", "heroes": []}),
     'may also be given under the key "deck_composition"'),
])
def test_a_bad_data_file_is_one_line_exit_2_naming_the_argument(tmp_path, capsys, content, words):
    deck = tmp_path / "deck.json"
    if content is not None:
        deck.write_text(content, encoding="utf-8")
    out = tmp_path / "x.csv"
    assert main([*DD, "--games", "2", "--workers", "1", "--flags",
                 f"deck_composition=@{deck}", "--out", str(out)]) == 2
    err = one_line(capsys)
    assert "--flags" in err and "deck_composition=@" in err and words in err, err
    assert "NB-DATA" in err or "DD-" in err
    assert not out.exists()


@pytest.mark.parametrize("game, flags, words", [
    ("doppel_doubt", "deal_mode=@{f}", "is not a reading of deal_mode"),
    ("doppeldoppel", "next_leader=@{f}", "is not a reading of next_leader"),
    ("groom_lake", "edge_match=@{f}", "is not a reading of edge_match"),
])
def test_flags_that_take_no_file_are_refused(tmp_path, capsys, game, flags, words):
    data = write(tmp_path / "d.json", DECK)
    out = tmp_path / "x.csv"
    assert main(["sweep", game, "--games", "2", "--workers", "1", "--no-progress",
                 "--flags", flags.format(f=data), "--out", str(out)]) == 2
    assert words in one_line(capsys)


def test_groom_lake_tiles_and_quest_cards_from_files_are_played_in_worker_processes(tmp_path):
    tiles = tmp_path / "tiles.json"
    doc = json.loads((ROOT / "doppelnb" / "data" / "groom_lake_tiles.json").read_text())
    doc["note"] = doc["note"] + " (a copy)"
    tiles.write_text(json.dumps(doc), encoding="utf-8")
    kw = dict(policy_mixes=["random"], games=2, seed=1, progress=False)
    one = sweep("groom_lake", readings=[f"tiles=@{tiles}"], player_counts=[4], workers=1, **kw)
    two = sweep("groom_lake", readings=[f"tiles=@{tiles}"], player_counts=[4], workers=2, **kw)
    assert one.to_csv() == two.to_csv() and "tiles=@tiles.json#sha256:" in one.to_csv()
    cards = tmp_path / "cards.json"
    shutil.copy(ROOT / "doppelnb" / "data" / "doppelganger_quest_cards.json", cards)
    quest = sweep("doppelganger_quest", readings=[f"heroes=@{cards}"], player_counts=[4],
                  workers=2, **kw)
    assert "heroes=@cards.json#sha256:" in quest.to_csv()
    # The shipped cards, copied: the same games as the default, game for game.
    for row in quest.rows:
        if row.paired is not None:
            assert row.paired_diff == 0.0, row


def test_dask_gives_the_same_csv_for_combined_and_data_readings(tmp_path):
    distributed = pytest.importorskip("distributed")
    deck = write(tmp_path / "my_deck.json", DECK)
    kw = dict(readings=[f"deck_composition=@{deck}", "direction=counterclockwise+next_leader="
                        "rotate_left"], player_counts=[3], policy_mixes=["random"],
              games=5, seed=7, progress=False)
    local = sweep("doppeldoppel", workers=1, **kw).to_csv()
    tiles = tmp_path / "tiles.json"
    shutil.copy(ROOT / "doppelnb" / "data" / "groom_lake_tiles.json", tiles)
    gl = dict(readings=[f"tiles=@{tiles}"], player_counts=[4], policy_mixes=["random"], games=2,
              seed=1, progress=False)
    gl_local = sweep("groom_lake", workers=1, **gl).to_csv()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        remote = sweep("doppeldoppel", executor=client.get_executor(), chunk=2, **kw).to_csv()
        # Groom Lake's Rules read files: the workers read it again, checked by its sha256.
        gl_remote = sweep("groom_lake", executor=client.get_executor(), chunk=1, **gl).to_csv()
    assert remote == local and gl_remote == gl_local
    assert "deck_composition=@my_deck.json#sha256:" in local
    assert "direction=counterclockwise+next_leader=rotate_left" not in local  # engine's order
    assert "next_leader=rotate_left+direction=counterclockwise" in local


def test_a_kept_checkpoint_of_combined_and_data_readings_is_topped_up(tmp_path):
    deck = write(tmp_path / "my_deck.json", DECK)
    kw = dict(readings=[f"deck_composition=@{deck}", "next_leader*direction"],
              player_counts=[3], policy_mixes=["random"], seed=2, workers=1, progress=False)
    path = tmp_path / "c.jsonl"
    sweep("doppeldoppel", checkpoint=path, games=3, **kw)
    topped = sweep("doppeldoppel", checkpoint=path, games=7, **kw)
    cells = 1 + 1 + 2  # the default, the deck, next_leader's two readings x direction's one
    assert topped.meta["games_resumed"] == cells * 3 and topped.meta["games_played"] == cells * 4
    assert topped.to_csv() == sweep("doppeldoppel", games=7, **kw).to_csv()


def test_the_report_names_each_data_file_by_its_full_sha256(tmp_path):
    pytest.importorskip("matplotlib")
    from doppelnb.core.report import sweep_report

    deck = write(tmp_path / "my_deck.json", DECK)
    table = sweep("doppeldoppel", readings=[f"deck_composition=@{deck}"], player_counts=[3],
                  policy_mixes=["random"], games=3, seed=2, workers=1, progress=False)
    page = sweep_report(table)
    sha = hashlib.sha256(deck.read_bytes()).hexdigest()
    assert sha in page and "my_deck.json" in page and str(tmp_path) not in page


def test_a_file_the_engine_reads_is_checked_again_where_it_is_played(tmp_path):
    from doppelnb.core.sweep_data import DataPath, resolve_changes

    tiles = tmp_path / "tiles.json"
    shutil.copy(ROOT / "doppelnb" / "data" / "groom_lake_tiles.json", tiles)
    (label, changes), = readings_of("groom_lake", [f"tiles=@{tiles}"])[1:]
    planned = changes["tiles"]
    assert isinstance(planned, DataPath) and planned.path == str(tiles.resolve())
    assert resolve_changes(changes) == {"tiles": tiles.resolve()}
    tiles.write_bytes(tiles.read_bytes() + b"\n")  # the same document, other bytes
    with pytest.raises(BadInput, match="changed after the sweep was planned"):
        resolve_changes(changes)


def test_a_file_refused_only_when_a_game_is_set_up_is_refused_before_any_game(tmp_path, capsys):
    """The quest's Rules check each card section alone; the 8-player draft (DQ-R3) is checked
    as the card set is assembled for a game: the sweep sets one up before playing."""
    cards = tmp_path / "cards.json"
    doc = json.loads((ROOT / "doppelnb" / "data" / "doppelganger_quest_cards.json").read_text())
    doc["heroes"] = doc["heroes"][:2]
    cards.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "x.csv"
    assert main(["sweep", "doppelganger_quest", "--games", "2", "--workers", "1", "--players",
                 "4", "--no-progress", "--flags", f"heroes=@{cards}", "--out", str(out)]) == 2
    err = one_line(capsys)
    assert "--flags" in err and "heroes=@cards.json#sha256:" in err and "DQ-R3" in err, err
    assert not out.exists() and not Path(f"{out}.partial.jsonl").exists()
    with pytest.raises(BadInput, match="cannot set up a game"):
        sweep("doppelganger_quest", readings=[f"heroes=@{cards}"], player_counts=[4],
              policy_mixes=["random"], games=2, workers=1, progress=False)


SHIPPED_FILE = {"tiles": "groom_lake_tiles.json", "supply_deck": "groom_lake_supply.json",
                "board": "doppel_doubt_board.json"}


@pytest.mark.parametrize("game, flag", [(g, f) for g, flags in DATA_FLAGS.items() for f in flags])
def test_every_flag_listed_as_taking_a_file_takes_one(tmp_path, game, flag):
    """DATA_FLAGS (what --help lists) is true: a copy of the shipped data sets up a game at every
    player count, named by the copy's sha256."""
    if game == "doppeldoppel":
        data = write(tmp_path / "data.json", DECK)
    else:
        name = SHIPPED_FILE.get(flag, "doppelganger_quest_cards.json")
        data = tmp_path / "data.json"
        shutil.copy(ROOT / "doppelnb" / "data" / name, data)
    cells = sweep_cells(game, [f"{flag}=@{data}"], None, ["random"])
    sha = hashlib.sha256(data.read_bytes()).hexdigest()[:16]
    assert {label for label, _, _, _ in cells} == {"default", f"{flag}=@data.json#sha256:{sha}"}
