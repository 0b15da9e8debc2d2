"""Every engine keeps the same public contract (../shared/api.md, CONTRIBUTING.md).

One parametrized suite over the five games: variant flags match the digest's, unknown flag values
and options are refused, seeds and records replay exactly, refusals name a rule and change nothing.
"""

import copy
import dataclasses
import importlib
import json
import os
import pathlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelnb import BadInput, RuleError
from doppelnb.core import GameState, RulesBase, play_to_end, playout

RULES_DIR = pathlib.Path(__file__).resolve().parents[2] / "shared" / "rules"

# module, digest file, flag prefix, player counts
GAMES = [
    ("doppeldoppel", "doppeldoppel", "dd", (3, 4)),
    ("doppelganger_tricks", "doppelganger-tricks", "dt", (3, 4)),
    ("groom_lake", "groom-lake", "gl", (3, 4, 5, 6)),
    ("doppel_doubt", "doppel-doubt", "db", (10,)),
    ("doppelganger_quest", "doppelganger-quest", "dq", (4, 5, 6, 7, 8)),
]
IDS = [g[0] for g in GAMES]


def engine(name):
    return importlib.import_module(f"doppelnb.engines.{name}")


@pytest.fixture(params=GAMES, ids=IDS)
def game(request):
    name, digest, prefix, counts = request.param
    return engine(name), digest, prefix, counts


def test_rules_is_a_frozen_flag_dataclass(game):
    module, _, prefix, _ = game
    rules = module.Rules()
    assert isinstance(rules, RulesBase) and dataclasses.is_dataclass(rules)
    assert module.Rules.prefix == prefix
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.__setattr__(module.Rules.flags()[0].name, None)
    for info in module.Rules.flags():
        assert re.fullmatch(rf"{prefix.upper()}-A\d+", info.rule), info
        assert info.doc, f"{info.digest_name} needs a one-line doc"
        if info.choices is not None:
            assert info.default in info.choices
            with pytest.raises(BadInput) as refused:
                module.Rules(**{info.name: "no-such-reading"})
            assert refused.value.rule == info.rule


def test_every_digest_flag_is_a_rules_flag_or_a_setup_option(game):
    """XX-A*: each variant flag named in the digest is playable (recommended default first)."""
    module, digest, prefix, _ = game
    path = RULES_DIR / f"{digest}.md"
    if not path.exists():
        pytest.skip("the digests (../shared/rules) are not beside this checkout")
    named = set(re.findall(rf"`({prefix}_[a-z0-9_]+)", path.read_text(encoding="utf-8")))
    flags = {info.digest_name for info in module.Rules.flags()}
    options = {f"{prefix}_{name}" for name in module.State.option_names}
    assert named - flags - options == set()
    assert flags - named == set(), "engine flags that the digest does not name"


def test_seeded_games_replay_exactly(game):
    module, _, _, counts = game
    for players in counts[:2]:
        start = module.new_game(players, seed=3)
        assert isinstance(start, GameState) and start.legal_actions()
        assert module.new_game(players, seed=3) == start
        states = list(playout(start, seed=5))
        assert len(states) > 1
        middle = states[len(states) // 2]
        assert module.from_json(middle.to_json()) == middle
        assert middle.history() == states[: len(states) // 2 + 1]
        json.loads(middle.to_json())  # plain JSON


def test_finished_games_have_scores_and_refuse_moves(game):
    module, _, _, counts = game
    end = play_to_end(module.new_game(counts[0], seed=11), seed=2)
    assert end.is_over and end.to_move is None
    assert len(end.scores) >= 1
    with pytest.raises(RuleError):
        end.play(None)
    assert module.from_json(end.to_json()) == end


def test_refusals_name_a_rule_and_change_nothing(game):
    module, _, _, counts = game
    state = module.new_game(counts[0], seed=4)
    before = state.to_json()
    for junk in (None, 3.5, "no such action", ["nonsense", 1, 2], {"a": 1}):
        with pytest.raises(RuleError) as refused:
            state.play(junk)
        assert refused.value.rule and refused.value.reason
    assert state.to_json() == before


def test_bad_setup_is_bad_input(game):
    module, _, _, counts = game
    with pytest.raises(BadInput):
        module.new_game(max(counts) + 1, seed=1)
    # An unknown keyword is refused: by Python itself where new_game names its options.
    with pytest.raises((BadInput, TypeError)):
        module.new_game(counts[0], seed=1, no_such_option=1)
    record = json.loads(module.new_game(counts[0], seed=1).to_json())
    with pytest.raises(BadInput):
        module.from_json(json.dumps(dict(record, options={"no_such_option": 1})))
    with pytest.raises(BadInput):
        module.new_game(counts[0], seed=-1)
    with pytest.raises(BadInput):
        module.new_game(counts[0], rules=object(), seed=1)
    with pytest.raises(BadInput):
        module.from_json('{"format": "doppelnb-record", "version": 1}')
    with pytest.raises(BadInput):
        module.from_json(json.dumps(dict(record, game="toy")))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats(allow_nan=False, width=32)
    | st.text(max_size=6) | st.sampled_from(["Y5", "6D", "10C", "red", "pass", "keep"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=3),
    max_leaves=8)


@pytest.mark.parametrize("name, counts", [(g[0], g[3]) for g in GAMES], ids=IDS)
@given(data=st.data())
@settings(max_examples=int(os.environ.get("TAMPER_EXAMPLES", "25")))
def test_tampered_records_replay_or_are_refused(name, counts, data):
    """A record edited by hand either replays or raises BadInput: never another exception."""
    module = engine(name)
    states = _sample_game(name, counts[0])
    record = json.loads(states[data.draw(st.integers(0, len(states) - 1))].to_json())
    where = data.draw(st.sampled_from(["action", "insert", "rules", "seed", "players", "options"]))
    value = data.draw(JSON_VALUES)
    if where == "action" and record["actions"]:
        record["actions"][data.draw(st.integers(0, len(record["actions"]) - 1))] = value
    elif where == "insert":
        record["actions"].insert(data.draw(st.integers(0, len(record["actions"]))), value)
    elif where == "rules" and record["rules"]:
        record["rules"][data.draw(st.sampled_from(sorted(record["rules"])))] = value
    else:
        record[where if where != "action" else "seed"] = value
    try:
        module.from_json(json.dumps(record))
    except BadInput:
        pass


_GAMES_CACHE = {}


def _sample_game(name, players):
    if name not in _GAMES_CACHE:
        _GAMES_CACHE[name] = list(playout(engine(name).new_game(players, seed=21), seed=3))[:60]
    return _GAMES_CACHE[name]


@pytest.mark.parametrize("name, counts", [(g[0], g[3]) for g in GAMES], ids=IDS)
def test_actions_legal_elsewhere_are_refused_here_without_side_effects(name, counts):
    """Another moment's legal actions are refused with a rule id, and nothing is half applied."""
    states = _sample_game(name, counts[0])
    tried = 0
    for i in range(0, len(states) - 1, 3):
        here = states[i]
        legal = here.legal_actions()
        snapshot = copy.deepcopy(here)
        for other in states[i + 1: i + 8]:
            for action in other.legal_actions()[:6]:
                if action in legal:
                    continue
                tried += 1
                with pytest.raises(RuleError) as refused:
                    here.play(action)
                assert refused.value.rule and refused.value.reason
        assert here == snapshot and here.to_json() == snapshot.to_json()
        # and a legal action does not change the state it was played on either
        here.play(legal[0])
        assert here == snapshot and here.to_json() == snapshot.to_json()
    assert tried > 0
