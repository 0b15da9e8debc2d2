"""The quest game's actions, issue 26: one value type per kind of decision.

Each kind is its own named tuple whose first field ``kind`` names it, so a legal action is an
instance of its kind's class, equals the JSON form the records store and parses back from it
to an equal value of the same class; ``str()`` is the notation, ``repr()`` the plain tuple the
golden transcripts print.
"""

from __future__ import annotations

import json

import pytest

from doppelnb import BadInput
from doppelnb.core.state import playout
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.actions import (
    ARITY,
    KINDS,
    Action,
    FriendlyFire,
    HandOn,
    Party,
    Peek,
    PickHero,
    TargetUnit,
    action,
    parse_action,
    parse_notation,
)

#: Seeded random games over every player count, and one under the house rules that make a
#: player discard down to the hand limit (DQ-A13): between them every kind a game can offer.
GAMES = [(players, dq.Rules(), seed) for players in (4, 5, 6, 7, 8) for seed in (1, 2, 3)] + [
    (6, dq.Rules(item_pass="sequential", hand_limit_scope="always"), seed) for seed in (0, 1, 2)]


def _legal_actions_met():
    for players, rules, seed in GAMES:
        for state in playout(dq.new_game(players, rules=rules, seed=seed), seed=seed):
            for legal in state.legal_actions():
                yield state, legal


def test_every_legal_action_is_its_kinds_class_and_equals_its_record_form():
    met = set()
    for state, legal in _legal_actions_met():
        cls = KINDS[legal.kind]
        assert type(legal) is cls and isinstance(legal, Action), legal
        assert legal.kind == legal[0] and len(legal._fields) == ARITY[legal.kind] + 1
        assert json.dumps(legal) == json.dumps(tuple(legal))  # the JSON records always held
        record = json.loads(json.dumps(legal))  # what a saved game holds: ["target", 2]
        parsed = state.parse_action(record)
        assert type(parsed) is cls and parsed == legal
        parsed = state.parse_action(str(legal))  # and the notation, as a user types it
        assert type(parsed) is cls and parsed == legal
        met.add(legal.kind)
    # give_reroll is never legal (DQ-T20: Re-roll markers cannot be given)
    assert met == set(KINDS) - {"give_reroll"}


def test_the_record_of_a_game_still_holds_plain_tuples():
    """Records and golden transcripts print ``('target', 2)``: the log keeps the plain tuple,
    and an action's repr is that tuple's whatever its class."""
    final = list(playout(dq.new_game(5, seed=4), seed=4))[-1]
    assert all(type(a) is tuple for a in final.actions)
    assert repr(action("target", 2)) == "('target', 2)"
    assert repr(Party("party", (0, 2), True)) == "('party', (0, 2), True)"
    assert dq.from_json(final.to_json()) == final


def test_fields_are_named_for_what_they_hold():
    assert PickHero("hero", "Knight").hero == "Knight"
    assert Party("party", (0, 1), False).seats == (0, 1)
    assert Peek("peek", "dark", 1).row == "dark" and Peek("peek", "dark", 1).token == 1
    assert TargetUnit("target", "animal").target == "animal"
    assert FriendlyFire("ff", 3).target == 3 and HandOn("hand", 2).target == 2


@pytest.mark.parametrize("text, cls", [
    ("target P3", TargetUnit), ("party P1,P2+animal", Party), ("peek light #2", Peek),
    ("hero Knight", PickHero), ("ff animal", FriendlyFire)])
def test_notation_round_trips_through_each_class(text, cls):
    parsed = parse_action(text, 5, dq.Rules().card_set())
    assert type(parsed) is cls and str(parsed) == text
    assert parse_notation(str(parsed)) == parsed


def test_action_builds_the_kinds_class_and_refuses_bad_input_plainly():
    assert type(action("no_peek")) is KINDS["no_peek"] and action("flip", 0) == ("flip", 0)
    for bad in [("nonsense",), ("target",), ("target", 1, 2), (3,)]:
        with pytest.raises(BadInput) as err:
            action(*bad)
        assert err.value.rule == "NB-ARG"


def test_a_typed_action_plays_like_its_tuple():
    s = dq.minotaur_example()
    assert s.play(TargetUnit("target", 1)) == s.play(("target", 1)) == s.play("target P2")
    assert s.play(action("target", 1)).actions[-1] == ("target", 1)


def test_the_hand_widget_groups_many_parties_by_their_typed_seats():
    from doppelnb.widgets.hands.doppelganger_quest import QuestHand

    s = dq.new_game(8, seed=1)
    while s.phase != "party":
        s = s.play(s.legal_actions()[0])
    choices = QuestHand.choices(QuestHand.__new__(QuestHand), s, s.to_move)
    assert len(choices) == len(s.legal_actions()) > 100
    assert {c.group for c in choices} == {f"a party of {n}" for n in range(2, 9)}
    assert all(c.group == f"a party of {len(c.action.seats)}" for c in choices)
