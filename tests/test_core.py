"""The shared core: errors, variant flags, seeded chance, records, the state protocol."""

import json
import pickle

import pytest
from toy_game import Rules, State, new_game

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core import GameRecord, make_seed, play_to_end, playout, rng_for
from doppelnb.core.data import expect_int, expect_keys, load_data, parse_data


def test_error_family_and_message():
    err = IllegalAction("DT-R9", "you hold 4S, so you must follow S")
    assert isinstance(err, RuleError) and isinstance(err, ValueError)
    assert (err.rule, err.reason) == ("DT-R9", "you hold 4S, so you must follow S")
    assert str(err) == "DT-R9: you hold 4S, so you must follow S"
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is IllegalAction and again.rule == "DT-R9"
    assert issubclass(BadInput, RuleError)


def test_rules_defaults_choices_and_listing():
    rules = Rules()
    assert (rules.target, rules.exact) == (10, False)
    assert [f.digest_name for f in Rules.flags()] == ["toy_target", "toy_exact"]
    assert Rules.flags()[0].choices == (10, 15) and Rules.flags()[0].rule == "TOY-A1"
    with pytest.raises(BadInput) as info:
        Rules(target=12)
    assert info.value.rule == "TOY-A1" and "12" in info.value.reason
    # True == 1 in Python, but a bool is not a reading of an int flag (and vice versa).
    with pytest.raises(BadInput):
        Rules(exact=0)
    with pytest.raises(BadInput):
        rules.replace(speed=3)
    assert rules.replace(target=15).changed() == {"target": 15}
    assert "toy_target" in rules._repr_html_()


def test_rules_dict_round_trip_and_refusals():
    rules = Rules(target=15, exact=True)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    with pytest.raises(BadInput):
        Rules.from_dict({"nope": 1})
    with pytest.raises(BadInput):
        Rules.from_dict([1, 2])


def test_seeds_and_streams():
    assert make_seed(5) == 5
    assert 0 <= make_seed() < 2**31
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(BadInput):
            make_seed(bad)
    a = [rng_for(3, "deal", 1).random() for _ in range(2)]
    assert a[0] == a[1]
    assert rng_for(3, "deal", 1).random() != rng_for(3, "deal", 2).random()
    assert rng_for(3, "deal").random() != rng_for(4, "deal").random()


def test_refused_action_names_rule_and_changes_nothing():
    state = new_game(2, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.play(3)
    assert info.value.rule == "TOY-R2"
    with pytest.raises(BadInput):
        state.play("three")
    assert state.to_json() == before and state.actions == ()


def test_play_returns_new_state_and_record_replays():
    start = new_game(3, rules=Rules(exact=True), seed=11)
    end = play_to_end(start, seed=2)
    assert start.actions == () and end.is_over and end.total == 10
    again = State.from_json(end.to_json())
    assert again == end and again.rules == Rules(exact=True)
    states = end.history()
    assert states[0] == start and states[-1] == end and len(states) == len(end.actions) + 1
    assert list(playout(start, seed=2))[-1] == end
    assert play_to_end(start, seed=2) == end  # the same seeds give the same game


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"format": "doppelnb-record"}', "lacks"),
    (None, "JSON text"),
])
def test_malformed_records_are_bad_input(text, fragment):
    with pytest.raises(BadInput) as info:
        State.from_json(text)
    assert info.value.rule == "NB-RECORD" and fragment in info.value.reason


def test_record_fields_are_validated():
    good = json.loads(play_to_end(new_game(2, seed=4)).to_json())
    for key, value, fragment in [("game", "chess", "not 'toy'"), ("players", "2", "integer"),
                                 ("actions", {}, "array"), ("extra", 1, "unknown"),
                                 ("version", 9, "version")]:
        bad = dict(good, **{key: value})
        with pytest.raises(BadInput) as info:
            State.from_json(json.dumps(bad))
        assert fragment in info.value.reason
    illegal = dict(good, actions=[1, 5])
    with pytest.raises(BadInput) as info:
        State.from_json(json.dumps(illegal))
    assert "action 2" in info.value.reason
    with pytest.raises(BadInput):
        State.from_json(json.dumps(dict(good, players=7)))
    with pytest.raises(BadInput):
        State.from_json(json.dumps(dict(good, options={"colour": "red"})))


def test_record_object_round_trip():
    rec = GameRecord("toy", 2, {"target": 10}, 3, {}, (1, 2))
    assert json.loads(rec.to_json())["actions"] == [1, 2]


def test_data_files_are_parsed_never_executed(tmp_path):
    with pytest.raises(BadInput) as info:
        parse_data('{"items": []}', "demo")
    assert info.value.rule == "NB-DATA" and "illustrative" in info.value.reason
    with pytest.raises(BadInput):
        parse_data("__import__('os').system('true')", "demo")
    path = tmp_path / "x.json"
    path.write_text('{"illustrative": true, "note": "test", "n": 3}')
    assert load_data(path, "demo")["n"] == 3
    with pytest.raises(BadInput):
        load_data("no_such_file.json", "demo")
    with pytest.raises(BadInput):
        expect_keys({"a": 1, "b": 2}, "tile", ["a"])
    with pytest.raises(BadInput):
        expect_int(True, "count", 0)
    assert expect_int(3, "count", 0, 5) == 3
