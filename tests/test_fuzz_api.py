"""Issue 24: every public function of ../shared/api.md, called with hostile arguments, returns or
raises ``BadInput`` (or ``IllegalAction`` where that is its documented answer) within 2 s of
CPU time: never a TypeError, IndexError, MemoryError, RecursionError, a hang or a crash.

Hostile arguments: None, wrong types, negative and huge integers, floats (nan, inf), huge
strings, bytes, nested lists, dicts, and objects whose ``__repr__`` raises, that equal
everything, or equal nothing; mixed with well-formed values so that the checks deep inside a
call are reached too. Each function gets 40 to 120 examples (the profile is derandomised, so
the same examples run every time); a call over 2 s of CPU time fails (``guards.cpu_deadline``).
"""

from __future__ import annotations

import json
import math
import os

import pytest
from guards import cpu_deadline
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import doppelnb
from doppelnb import BadInput, IllegalAction
from doppelnb.core.state import playout
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines import groom_lake as gl

GAMES = sorted(doppelnb.GAMES)
#: More examples for a longer hunt (see tests/conftest.py): every count below is multiplied.
SCALE = int(os.environ.get("DOPPELNB_FUZZ_SCALE", "1"))


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples * SCALE, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


FUZZ = fuzz(60)


# -- hostile values -------------------------------------------------------------------------------
class BadRepr:
    """An object whose repr raises (an error message must not crash on it)."""

    def __repr__(self) -> str:
        raise ValueError("no repr for you")


class EqualsEverything:
    """An object equal to every value (``x in CHOICES`` is True for it)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class EqualsNothing:
    """An object equal to nothing, not even itself."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


HUGE_TEXT = "x" * 200_000
ATOMS = st.one_of(
    st.none(), st.booleans(),
    st.sampled_from([0, 1, 2, 3, 4, 5, 6, 9, 10, 12, 13, 17, 36, 100]),
    st.sampled_from([-1, -10**9, 10**9, 10**18, 2**63, 10**100, -(10**100)]),
    st.integers(-50, 50),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.5, 3.0]),
    st.text(max_size=12),
    st.sampled_from(["", " ", HUGE_TEXT, "Y5", "R3", "6D", "10C", "6D:C", "red", "red-P", "P",
                     "Q", "canteen", "high_heat", "3", "6", "compass", "+1", "\x00", "é" * 50]),
    st.binary(max_size=8),
    st.builds(BadRepr), st.builds(EqualsEverything), st.builds(EqualsNothing),
    st.builds(object),
)
HOSTILE = st.recursive(
    ATOMS,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.tuples(inner, inner),
                            st.dictionaries(st.one_of(st.text(max_size=6), st.integers(-3, 8)),
                                            inner, max_size=4),
                            st.frozensets(st.integers(-3, 20), max_size=4)),
    max_leaves=12,
)
NESTED = st.sampled_from([[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]], [[0] * 100_000],
                          [(0, 0)] * 100_000, list(range(100_000))])
ANY = st.one_of(HOSTILE, NESTED)


def _calls(fn, *args, allowed=(BadInput,), **kwargs):
    """Call ``fn``: it must return or raise one of ``allowed`` within 2 s of CPU time."""
    with cpu_deadline(2, getattr(fn, "__name__", "the call")):
        try:
            return fn(*args, **kwargs)
        except allowed:
            return None


def _or(valid, hostile=ANY):
    """A well-formed value (to reach the deeper checks) or a hostile one."""
    return st.one_of(valid, hostile)


# -- Doppeldoppel ---------------------------------------------------------------------------------
DD_CARDS = st.sampled_from([f"{c}{r}" for c in "YRB" for r in range(1, 7)] + ["Z9", "Y0", "y5"])
DD_RULES = st.sampled_from([dd.Rules(), dd.Rules(reversal_scope="round_toggle")])


@FUZZ
@given(counts=_or(st.dictionaries(st.integers(-2, 8), st.integers(-3, 40), max_size=8)),
       rules=_or(DD_RULES))
def test_dd_round_score(counts, rules):
    _calls(dd.round_score, counts, rules)


@FUZZ
@given(cards=_or(st.lists(DD_CARDS, min_size=2, max_size=5)), rules=_or(DD_RULES),
       lead=_or(st.sampled_from([None, "Y", "R", "B"])), before=_or(st.booleans()))
def test_dd_resolve_trick(cards, rules, lead, before):
    _calls(dd.resolve_trick, cards, rules, lead_colour=lead, reversed_before=before)


@FUZZ
@given(hand=_or(st.lists(DD_CARDS, max_size=12)),
       lead=_or(st.sampled_from([None, "Y", "R", "B", "X"])))
def test_dd_legal_plays(hand, lead):
    _calls(dd.legal_plays, hand, lead)


# -- Doppelgänger Tricks ---------------------------------------------------------------------------
DT_CARDS = st.sampled_from([f"{n}{s}" for n in range(1, 11) for s in "CTSD"] + ["11C", "0S"])


@FUZZ
@given(cards=_or(st.lists(DT_CARDS, min_size=2, max_size=5)),
       declared=_or(st.sampled_from([None, "C", "T", "S", "D"])),
       players=_or(st.sampled_from([None, 3, 4])))
def test_dt_resolve_trick(cards, declared, players):
    """A declaration where none may be made, or none where one must, is IllegalAction (DT-R8:
    api.md, "required then, refused otherwise")."""
    _calls(dt.resolve_trick, cards, declared, players=players, allowed=(BadInput, IllegalAction))


@FUZZ
@given(hand=_or(st.lists(DT_CARDS, max_size=13)),
       lead=_or(st.sampled_from([None, "C", "T", "S", "D"])))
def test_dt_legal_plays(hand, lead):
    _calls(dt.legal_plays, hand, lead)


@FUZZ
@given(bid=_or(st.integers(-2, 14)), won=_or(st.integers(-2, 14)))
def test_dt_forecast_points(bid, won):
    _calls(dt.forecast_points, bid, won)


@fuzz(40)
@given(players=_or(st.sampled_from([3, 4, 5, 2])))
def test_dt_annihilation_census(players):
    _calls(dt.annihilation_census, players)


# -- the quest ---------------------------------------------------------------------------------------
@FUZZ
@given(players=_or(st.integers(2, 9)))
def test_dq_loyalty_split(players):
    _calls(dq.loyalty_split, players)


@FUZZ
@given(members=_or(st.lists(st.integers(0, 8), min_size=1, max_size=8, unique=True)),
       units=_or(st.integers(-1, 30)))
def test_dq_pingpong_sequences(members, units):
    _calls(dq.pingpong_sequences, members, units)


@FUZZ
@given(black=_or(st.integers(-1, 12)), white=_or(st.integers(-1, 12)),
       draw=_or(st.integers(-1, 12)))
def test_dq_bag_white_probability(black, white, draw):
    _calls(dq.bag_white_probability, black, white, draw)


# -- Groom Lake ---------------------------------------------------------------------------------------
COORDS = st.tuples(st.integers(-4, 4), st.integers(-4, 4))


@FUZZ
@given(tiles=_or(st.frozensets(COORDS, max_size=20)), team=_or(COORDS), start=_or(COORDS),
       mode=_or(st.sampled_from(["steps", "tiles_inclusive"])))
def test_gl_distance_to_start(tiles, team, start, mode):
    _calls(gl.distance_to_start, tiles, team, start, mode=mode)


@FUZZ
@given(distance=_or(st.integers(-2, 12)),
       remaining=_or(st.dictionaries(st.sampled_from(["3", "6", "compass", "x"]),
                                     st.integers(-1, 9), max_size=4)),
       reshuffled=_or(st.booleans()))
def test_gl_stack_to_draw(distance, remaining, reshuffled):
    _calls(gl.stack_to_draw, distance, remaining, reshuffled=reshuffled)


@FUZZ
@given(dice=_or(st.integers(-1, 12)), value=_or(st.integers(-5, 70)))
def test_gl_clear_probability(dice, value):
    _calls(gl.clear_probability, dice, value)


GL_CARDS = st.sampled_from(["canteen", "rope", "compass", "shovel", "lifeform", "technology",
                            "recovery", "infection", "civilization", "nope"])


@FUZZ
@given(obstacle=_or(st.sampled_from(["high_heat", "flash_flood", "rocky_terrain", "sandstorm",
                                     "animal_attack", "alien_probe", "lava"])),
       cards=_or(st.lists(GL_CARDS, max_size=8)), life=_or(st.integers(-1, 12)),
       players=_or(st.integers(2, 7)))
def test_gl_dice_for_attempt(obstacle, cards, life, players):
    """A Human Scoring Trait in the pile is IllegalAction (GL-R19), as documented."""
    _calls(gl.dice_for_attempt, obstacle, cards, life, players,
           allowed=(BadInput, IllegalAction))


# -- Doppel Doubt ---------------------------------------------------------------------------------------
CELLS = st.tuples(st.integers(-2, 18), st.integers(-2, 18))
COLOURS = st.sampled_from(["red", "blue", "yellow", "green", "purple", "red-P", "pink"])
_BOARD = db.Board()


@fuzz(40)
@given(size=_or(st.integers(-1, 12)))
def test_db_one_sided_polyominoes(size):
    _calls(db.one_sided_polyominoes, size)


@fuzz(120)
@given(method=st.sampled_from(["set_owner", "set_zero", "check_placement"]),
       cells=_or(st.lists(CELLS, max_size=7)), cell=_or(CELLS), colour=_or(COLOURS),
       shape=_or(st.sampled_from([None, *db.one_sided_polyominoes(4)[:3]])))
def test_db_board(method, cells, cell, colour, shape):
    board = _BOARD.copy()
    if method == "set_owner":
        _calls(board.set_owner, cells, colour)
    elif method == "set_zero":
        _calls(board.set_zero, cell, colour)
    else:
        _calls(board.check_placement, colour, cells, shape)


# -- every engine: Rules, new_game, from_json, play, and doppelnb.load -----------------------------
@pytest.mark.parametrize("game", GAMES)
@fuzz(40)
@given(data=st.data())
def test_rules(game, data):
    module = doppelnb.GAMES[game]
    names = [f.name for f in module.Rules.flags()]
    flags = data.draw(st.dictionaries(st.one_of(st.sampled_from(names), st.text(max_size=8)),
                                      ANY, max_size=3))
    _calls(module.Rules, **flags)


@pytest.mark.parametrize("game", GAMES)
@fuzz(40)
@given(data=st.data())
def test_new_game(game, data):
    module = doppelnb.GAMES[game]
    players = data.draw(_or(st.sampled_from(module.PLAYER_COUNTS)), label="players")
    rules = data.draw(_or(st.just(module.Rules())), label="rules")
    seed = data.draw(_or(st.integers(0, 5)), label="seed")
    options = data.draw(st.dictionaries(
        st.one_of(st.sampled_from(sorted(module.State.option_names)), st.text(max_size=8)),
        ANY, max_size=2), label="options")
    _calls(module.new_game, players, rules=rules, seed=seed, **options)


def _record(game):
    module = doppelnb.GAMES[game]
    states = list(playout(module.new_game(module.PLAYER_COUNTS[0], seed=5), seed=5))
    return json.loads(states[min(12, len(states) - 1)].to_json())


RECORDS = {game: _record(game) for game in GAMES}
JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10),
              st.sampled_from([HUGE_TEXT, "Y5", "pass", "bid"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=8)


@st.composite
def tampered_records(draw, game):
    """A real record with one field replaced, one action changed, or text cut or garbled."""
    record = json.loads(json.dumps(RECORDS[game]))
    how = draw(st.sampled_from(["field", "action", "add action", "text", "bytes", "value"]))
    if how == "field":
        record[draw(st.sampled_from(sorted(record) + ["extra"]))] = draw(JSON_VALUES)
    elif how in ("action", "add action") and record["actions"]:
        i = draw(st.integers(0, len(record["actions"]) - 1))
        if how == "action":
            record["actions"][i] = draw(JSON_VALUES)
        else:
            record["actions"].insert(i, draw(JSON_VALUES))
    text = json.dumps(record)
    if how == "text":
        cut = draw(st.integers(0, len(text)))
        return text[:cut] + draw(st.text(max_size=4))
    if how == "bytes":
        return text.encode("utf-8")[:draw(st.integers(0, len(text)))] + draw(st.binary(max_size=3))
    if how == "value":
        return draw(ANY)
    return text


@pytest.mark.parametrize("game", GAMES)
@fuzz(50)
@given(data=st.data())
def test_from_json_and_load(game, data):
    text = data.draw(tampered_records(game))
    _calls(doppelnb.GAMES[game].from_json, text)
    _calls(doppelnb.load, text)


STATES = {game: list(playout(doppelnb.GAMES[game].new_game(doppelnb.GAMES[game].PLAYER_COUNTS[-1],
                                                            seed=2), seed=2))[::7]
          for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
@fuzz(60)
@given(data=st.data())
def test_play(game, data):
    """A refused action is BadInput (malformed) or IllegalAction (against the rules); a
    refusal changes nothing."""
    state = data.draw(st.sampled_from(STATES[game]), label="state")
    legal = state.legal_actions() or ["none"]
    actions = st.one_of(ANY, st.sampled_from(legal), st.sampled_from(legal).map(_garble),
                        JSON_VALUES)
    action = data.draw(actions, label="action")
    before = state.to_json()
    _calls(state.play, action, allowed=(BadInput, IllegalAction))
    assert state.to_json() == before


def _garble(action):
    """A legal action in another spelling, or with one part changed."""
    if isinstance(action, tuple):
        return [*action[:-1], None] if action else []
    if isinstance(action, str):
        return action.lower() + "!"
    return [action]
