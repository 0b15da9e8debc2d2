"""Groom Lake's typed actions (issue 26, one action representation): one ``NamedTuple`` per
kind, ``kind`` its first field, equal to the JSON form records store, ``str()`` the notation."""

import json
import random

import pytest

from doppelnb import BadInput, IllegalAction
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.actions import (
    ARITY,
    KINDS,
    Action,
    Clear,
    Move,
    Place,
    Scout,
    action,
    parse_action,
)

#: Flags that bring kinds the default game rarely lists (GL-A15: Crash Site hand-outs of The
#: Infection; GL-A24: hand-limit discards).
FLAGS = [{}, {"crash_site_draw_is_acquire": True}, {"hand_limit": 3}]


def _legal_actions_met(seeds=range(6)):
    """Every legal action listed in seeded random games at 3 to 6 seats under :data:`FLAGS`."""
    for flags in FLAGS:
        for seed in seeds:
            rng = random.Random(seed)
            state = gl.new_game(3 + seed % 4, rules=gl.Rules(**flags), seed=seed)
            for _ in range(500):
                if state.is_over:
                    break
                legal = state.legal_actions()
                yield from legal
                state = state.play(rng.choice(legal))


def test_every_legal_action_is_its_kinds_class_and_equals_its_record_form():
    """Each legal action met is an instance of the one class of its kind, whose ``kind`` field
    names it, and a JSON round trip of it (what a record stores and replays) parses back to an
    equal action of the same class; its notation parses back too."""
    kinds = set()
    for a in _legal_actions_met():
        assert isinstance(a, Action)
        assert type(a) is KINDS[a.kind] and a.kind == a[0] and a._fields[0] == "kind"
        record = json.loads(json.dumps(a))
        back = parse_action(record)
        assert back == a and type(back) is type(a) and back == tuple(record)
        assert parse_action(str(a)) == a, str(a)
        kinds.add(a.kind)
    # every phase a player acts in was met (GL-R6 .. GL-R27, GL-A24, GL-A29)
    assert kinds == set(KINDS), set(KINDS) - kinds


def test_arity_is_read_from_the_classes_fields():
    assert list(ARITY) == list(KINDS)
    for kind, cls in KINDS.items():
        assert len(ARITY[kind]) == len(cls._fields) - 1
        assert cls.__doc__ and "GL-" in cls.__doc__, f"{cls.__name__} cites no rule"
    assert ARITY["place"] == (int, int, int) and ARITY["crash"] == (str, int)


def test_the_notation_is_the_kind_and_its_arguments_in_a_row():
    assert str(Move("move", 1, -2)) == "move 1 -2"
    assert str(Place("place", 0, 3, 270)) == "place 0 3 270"
    assert str(Scout("scout")) == "scout"
    assert str(action("crash", "rope", 2)) == "crash rope 2"
    assert Move("move", 1, 0).at == Clear("clear", 1, 0).at == (1, 0)
    assert Move("move", 1, 0) != Clear("clear", 1, 0)


def test_action_builds_a_checked_typed_action():
    a = action("move", 1, 0)
    assert type(a) is Move and a == ("move", 1, 0) and (a.x, a.y) == (1, 0)
    with pytest.raises(BadInput, match=r"the action 'move' takes int, int, not \['a'\]"):
        action("move", "a")
    with pytest.raises(BadInput, match="is not a Groom Lake action"):
        action("fly", 1)


@pytest.mark.parametrize("bad, message", [
    (("move", 1), r"the action 'move' takes int, int, not \[1\]"),
    (["place", 1, 2, "90"], r"the action 'place' takes int, int, int, not \[1, 2, '90'\]"),
    (("move", True, 0), r"the action 'move' takes int, int, not \[True, 0\]"),
    ("fly", r"\('fly',\) is not a Groom Lake action; actions are discard, scout, end_turn"),
    (42, r"42 is not a Groom Lake action"),
    ([], r"\[\] is not a Groom Lake action"),
    ("move a b", r"the action 'move' takes int, int, not \['a', 'b'\]"),
])
def test_malformed_actions_are_refused_naming_what_is_wrong(bad, message):
    with pytest.raises(BadInput, match=message):
        parse_action(bad)


def test_play_accepts_every_spelling_of_an_action():
    """A typed action, the tuple and list forms, a kind alone and the notation all play the same
    move (records written before the typed actions replay unchanged)."""
    state = gl.new_game(4, seed=5)
    while state.phase != "turn":
        state = state.play(state.legal_actions()[0])
    typed = next(a for a in state.legal_actions() if a.kind == "scout")
    after = state.play(typed)
    for spelling in (("scout",), ["scout"], "scout", str(typed)):
        assert state.play(spelling) == after
    assert after.actions[-1] == ("scout",) and type(after.actions[-1]) is tuple
    place = next(a for a in after.play(after.legal_actions()[0]).legal_actions())
    assert type(place) is Place


def test_a_class_built_by_hand_is_checked_like_any_other_spelling():
    """A typed value is taken as it is only when it is exactly what parse_action builds; any other
    (a bool, a list, another kind's class) is rebuilt or refused, never played as it is: a
    ``True`` would reach the record as ``true`` and a list would crash the rules."""
    state = gl.new_game(4, seed=5)
    while state.phase != "turn":
        state = state.play(state.legal_actions()[0])
    for bad in (Move("move", True, 0), Move("move", [1], 0), Clear("clear", 1.0, 0)):
        with pytest.raises(BadInput, match="the action '(move|clear)' takes int, int"):
            state.play(bad)
    mislabelled = parse_action(Move("clear", 1, 0))
    assert type(mislabelled) is Clear and mislabelled == ("clear", 1, 0)


def test_a_well_formed_action_the_rules_refuse_is_an_illegal_action():
    state = gl.new_game(4, seed=5)
    with pytest.raises(IllegalAction):  # set-up discards come first (GL-R6)
        state.play("move 1 0")
