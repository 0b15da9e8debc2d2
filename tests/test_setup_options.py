"""Issue 24: ``new_game`` with any options it accepts gives a state whose own invariants hold.

The quest accepted ``quests=["Hold the Bridge", "Hold the Bridge"]`` and built a 19-card Quest
deck (the rulebook's deck is 18 distinct Quests; the engine's ``invariants()`` flagged the state
it had just built). Each engine's setup options are generated here from a real deal and then
tampered with (an item repeated, dropped, added, moved to another list, renamed, mistyped):
every call either raises ``BadInput`` or returns a state whose invariants hold and whose record
replays to it.
"""

from __future__ import annotations

import pytest
from guards import cpu_deadline
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import doppelnb
from doppelnb import BadInput
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.groom_lake.examples import HEAT_7

JUNK = ["zzz", 999, None, -1, True, 2.5, "", ["nested"]]


def _tamper(draw, value, depth=0):
    """``value`` (a list, maybe of lists) left alone or changed in one of the ways a careless
    user or a tampered record changes it."""
    if not isinstance(value, list) or not value:
        return draw(st.sampled_from([value, value, *JUNK]))
    value = list(value)
    kind = draw(st.sampled_from(["keep", "repeat", "repeat", "drop", "add", "junk", "inner",
                                 "inner", "move", "type"]))
    i = draw(st.integers(0, len(value) - 1))
    j = draw(st.sampled_from([k for k in range(len(value)) if k != i] or [i]))
    if kind == "repeat":
        value[i] = value[j]
    elif kind == "drop":
        del value[i]
    elif kind == "add":
        value.append(value[j])
    elif kind == "junk":
        value[i] = draw(st.sampled_from(JUNK))
    elif kind == "inner" and depth == 0:
        value[i] = _tamper(draw, value[i], 1)
    elif kind == "move" and isinstance(value[i], list) and isinstance(value[j], list) \
            and value[i] and i != j:  # one item from list i to list j
        value[i], value[j] = list(value[i]), list(value[j])
        value[j].append(value[i].pop())
    elif kind == "type":
        return draw(st.sampled_from([tuple(value), {"x": value}, "text", 3]))
    return value


def _base(game, players, seed):
    """Every option of ``game`` as a plain JSON value read from a real deal."""
    module = doppelnb.GAMES[game]
    s = module.new_game(players, seed=seed)
    if game == "doppeldoppel":
        return {"first_sp": 1, "hands": [[str(c) for c in h] for h in s.hands]}
    if game == "doppelganger_tricks":
        return {"first_player": 1, "hands": [[str(c) for c in h] for h in s.hands]}
    if game == "doppelganger_quest":
        names = [q.name for q in s.cards.quests]
        return {"pl": 1, "loyalty": list(s.loyalty), "hands": [list(h) for h in s.hands],
                "deck_top": list(s.item_deck[:3]), "quests": [names[i] for i in s.quest_deck[:3]],
                "light": [t for t, _ in s.light], "dark": [t for t, _ in s.dark]}
    if game == "groom_lake":
        return {"layout": [[1, 0, HEAT_7, 180]], "team": [1, 0], "map_tokens": [[0, 0], [1, 0]]}
    return {"identities": list(s.identity), "jester": s.jester, "artefacts": {"light": 2},
            "hands": [list(h) for h in s.hands],
            "shapes_by_round": [[[list(c) for c in sorted(shape.cells)] for shape in round_]
                                for round_ in s.shapes_by_round]}


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_new_game_with_any_accepted_options_keeps_its_invariants(game, data):
    module = doppelnb.GAMES[game]
    players = data.draw(st.sampled_from(module.PLAYER_COUNTS), label="players")
    seed = data.draw(st.integers(0, 3), label="seed")
    base = _base(game, players, seed)
    # One option tampered with, maybe beside others as dealt (so that no other option's refusal
    # hides what the tampered one does).
    tampered = data.draw(st.sampled_from(sorted(base)), label="tampered option")
    kept = data.draw(st.lists(st.sampled_from(sorted(base)), max_size=2, unique=True),
                     label="options kept")
    options = {name: base[name] for name in kept}
    options[tampered] = _tamper(data.draw, base[tampered])
    with cpu_deadline(10, f"{game} new_game"):
        try:
            state = module.new_game(players, seed=seed, **options)
        except BadInput:
            return
    assert state.invariants() == (), (game, options, state.invariants())
    assert module.from_json(state.to_json()) == state


def test_dq_r7_the_quest_deck_holds_each_quest_once():
    """DQ-R7 (and the component list: 18 Quest cards): naming a Quest twice in ``quests`` was
    accepted and built a 19-card deck; it is BadInput naming the option."""
    with pytest.raises(BadInput, match="quests") as caught:
        dq.new_game(5, seed=1, quests=["Hold the Bridge", "Hold the Bridge"])
    assert caught.value.rule == "DQ-R7"
    state = dq.new_game(5, seed=1, quests=["Hold the Bridge"])
    assert len(state.quest_deck) == len(state.cards.quests) and not state.invariants()
