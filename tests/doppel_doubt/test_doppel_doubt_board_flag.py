"""DB-A1 as a data-valued Rules flag (issue 27): ``Rules(board=...)`` sets the board a sweep can
vary (``board=@FILE``); the shipped board stays the default and records of it are unchanged; a
``new_game(board=...)`` option wins over the flag; a user's board is recorded inline, so its
games replay without the file."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from doppelnb import BadInput
from doppelnb.core.state import play_to_end
from doppelnb.core.sweep import readings_of, sweep
from doppelnb.core.sweep_run import _Task, play_chunk
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt.board_data import BOARD_FILE

#: Every square worth 1, on the shipped starting squares: a board no game of the shipped one
#: plays like (the territory sums count squares instead of values).
FLAT = Path(__file__).parent / "data" / "flat_board.json"
SWEEP = dict(player_counts=[10], policy_mixes=["random"], games=2, seed=2, workers=1,
             progress=False)


def flat_values() -> tuple[int | None, ...]:
    rows = json.loads(FLAT.read_text(encoding="utf-8"))["values"]
    return tuple(v for row in rows for v in row)


def test_db_a1_the_board_flag_defaults_to_the_shipped_board_and_records_as_before():
    rules = db.Rules()
    assert rules.board == BOARD_FILE
    # Left out of the record's rules, so records and golden files of the shipped board keep
    # their bytes; a record without the key reads as the default.
    assert "board" not in rules.to_dict()
    assert db.Rules.from_dict(rules.to_dict()) == rules
    assert db.new_game(seed=3).board.values == db.new_game(seed=3, rules=rules).board.values


def test_db_a1_the_board_flag_sets_the_board_new_game_plays_on():
    state = db.new_game(seed=3, rules=db.Rules(board=FLAT))
    assert state.board.values == db.new_game(seed=3, board=FLAT).board.values
    assert {v for v, f in zip(state.board.values, flat_values(), strict=True) if f} == {1}
    assert state.board.values != db.new_game(seed=3).board.values
    # The file, its parsed document and the record's inline copy are one reading: equal rules.
    doc = json.loads(FLAT.read_text(encoding="utf-8"))
    assert db.Rules(board=FLAT) == db.Rules(board=doc) == db.Rules.from_dict(
        db.Rules(board=FLAT).to_dict())
    assert hash(db.Rules(board=FLAT)) == hash(db.Rules(board=doc))


def test_db_a1_an_explicit_board_option_wins_over_the_board_flag():
    shipped = db.new_game(seed=3).board.values
    flagged = db.Rules(board=FLAT)
    assert db.new_game(seed=3, rules=flagged, board=BOARD_FILE).board.values == shipped
    # ... also when the option is a user's file and the flag is the shipped board.
    assert db.new_game(seed=3, board=FLAT).board.values == \
        db.new_game(seed=3, rules=flagged).board.values


def test_db_a1_a_sweep_varies_the_board_from_a_file_and_the_games_differ():
    table = sweep("doppel_doubt", readings=[f"board=@{FLAT}"], **SWEEP)
    sha = hashlib.sha256(FLAT.read_bytes()).hexdigest()
    label = f"board=@flat_board.json#sha256:{sha[:16]}"
    assert {r.reading for r in table.rows} == {"default", label}
    assert table.meta["data_files"] == [{"flag": "board", "file": "flat_board.json",
                                         "sha256": sha}]
    # Same deals, another board: the final scores differ (on the flat board a colour's score is
    # its number of squares, never the shipped board's signed sums).
    spreads = {r.reading: r.estimate for r in table.where(metric="score_spread").rows}
    assert spreads["default"] != spreads[label]


def test_db_a1_the_games_of_a_board_reading_replay_from_their_records(tmp_path):
    board = tmp_path / "my_board.json"
    shutil.copy(FLAT, board)
    (label, changes), = readings_of("doppel_doubt", [f"board=@{board}"])[1:]
    task = _Task(game="doppel_doubt", reading=label, changes=tuple(changes.items()), players=10,
                 mix=("random",) * 10, seed=2, start=0, count=2)
    ends = [state for _, state in play_chunk(task)]
    texts = [end.to_json() for end in ends]
    board.unlink()                       # the record carries the board: no file is needed
    for end, text in zip(ends, texts, strict=True):
        assert end.is_over and json.loads(text)["rules"]["board"]["values"][0][0] == 1
        assert db.from_json(text) == end
    # A game played from a Path-valued flag replays the same way.
    end = play_to_end(db.new_game(seed=5, rules=db.Rules(board=FLAT)), seed=1)
    assert db.from_json(end.to_json()) == end


BAD = [
    ("{not json", "not valid JSON"),
    (json.dumps({"illustrative": True, "size": 17}), "lacks"),
    (json.dumps({**json.loads(FLAT.read_text(encoding="utf-8")), "size": 9}), "17x17"),
    (json.dumps({**json.loads(FLAT.read_text(encoding="utf-8")),
                 "values": [[9] * 17] * 17}), "square"),
]


@pytest.mark.parametrize("content, words", BAD)
def test_db_a1_a_malformed_board_file_is_bad_input_naming_it(tmp_path, monkeypatch, content,
                                                             words):
    monkeypatch.chdir(tmp_path)          # a short path: the message cuts a long one
    bad = Path("bad_board.json")
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(BadInput) as refused:
        sweep("doppel_doubt", readings=[f"board=@{bad}"], **SWEEP)
    assert refused.value.rule == "NB-DATA"
    assert "board=@bad_board.json" in refused.value.reason and words in refused.value.reason
    with pytest.raises(BadInput) as direct:
        db.Rules(board=bad)
    assert direct.value.rule == "NB-DATA"


@pytest.mark.parametrize("value", [3, None, ["a"], {"illustrative": True, "x": object()},
                                   "doppeldoppel_decks.json", "no_such_board.json"])
def test_db_a1_a_board_flag_that_is_no_board_is_bad_input(value):
    with pytest.raises(BadInput):
        db.Rules(board=value)
