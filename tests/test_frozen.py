"""doppelnb.core.frozen: frozen JSON keeps its key order (records are written back byte for byte),
a map a game changes is an ``immutables.Map`` (issue 26), and the two kinds agree on equality,
hashing, JSON and pickling wherever they meet."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import immutables
import pytest

import doppelnb
from doppelnb.core.frozen import FrozenMap, freeze, thaw

#: keys whose hash order differs between processes (string hashing is salted per process)
KEYS = ["pl", "quests", "loyalty", "light", "dark", "hands", "first_sp", "layout", "team"]


def test_frozen_json_keeps_the_order_it_was_given():
    data = {k: [i, {"inner": i, "a": None}] for i, k in enumerate(KEYS)}
    frozen = freeze(data)
    assert type(frozen) is FrozenMap and list(frozen) == KEYS
    assert json.dumps(thaw(frozen)) == json.dumps(data)


def test_a_map_thaws_to_the_same_json_in_every_process():
    # An immutables.Map iterates by its keys' hashes, salted per process: thawed in its own
    # order, the same map would give different JSON text from one run to the next.
    code = ("import immutables, json; from doppelnb.core.frozen import thaw; "
            f"print(json.dumps(thaw(immutables.Map({{k: 1 for k in {KEYS!r}}}))))")
    texts = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True, timeout=120)
        texts.add(out.stdout)
    assert texts == {json.dumps({k: 1 for k in sorted(KEYS)}) + "\n"}


def test_equal_maps_of_either_kind_hash_alike():
    items = {"light": 2, "dark": None, "seats": (0, 1)}
    held, frozen = immutables.Map(items), FrozenMap(items)
    assert held == frozen and frozen == held and hash(held) == hash(frozen)
    assert len({held, frozen}) == 1 and {held: "x"}[frozen] == "x"


def test_freeze_keeps_a_map_a_map_with_frozen_values():
    held = immutables.Map({"cards": ["Y1", "R2"], "who": {"p": 1}})
    frozen = freeze(held)
    assert type(frozen) is immutables.Map
    assert frozen["cards"] == ("Y1", "R2") and frozen["who"] == {"p": 1}
    hash(frozen)  # every value immutable now
    already = immutables.Map({"cards": ("Y1",)})
    assert freeze(already) is already


@pytest.mark.parametrize("value", [
    FrozenMap({"b": (1, 2), "a": FrozenMap({"z": 0})}),
    immutables.Map({"b": (1, 2), "a": immutables.Map({"z": 0})}),
])
def test_both_kinds_pickle_to_an_equal_value_with_the_same_hash(value):
    back = pickle.loads(pickle.dumps(value))
    assert type(back) is type(value) and back == value and hash(back) == hash(value)


def test_a_record_with_options_out_of_order_is_written_back_byte_for_byte():
    dd = doppelnb.GAMES["doppeldoppel"]
    state = dd.new_game(3, seed=4, hands=None, first_sp=2)
    record = json.loads(state.to_json())
    record["options"] = {"first_sp": 2}
    text = json.dumps(record)
    assert doppelnb.load(text).to_json() == text
