"""States are immutable values (issue 12): whatever a public call returns, mutating it changes
no state. For each engine, seeded random games are played; at sampled states every public
accessor's result is attacked (lists appended to and cleared, dicts and sets changed, attributes
set), and the state must still equal its deep copy taken before, and still replay."""

from __future__ import annotations

import collections
import copy
import dataclasses
import enum
import pickle
import random
import types
from fractions import Fraction

import immutables
import pytest

import doppelnb
from doppelnb.core.frozen import FrozenMap
from doppelnb.core.state import ActionLog, playout


def _attack(value, depth=0, seen=None):
    """Try to mutate ``value`` and everything inside it; errors mean it is immutable (good)."""
    seen = set() if seen is None else seen
    if depth > 6 or id(value) in seen or isinstance(value, (str, bytes, int, float, type(None))):
        return
    seen.add(id(value))
    children = []
    if isinstance(value, list):
        children = list(value)
        value.append("mutated")
        value.reverse()
    elif isinstance(value, dict):
        children = list(value.values())
        value["mutated"] = 1
    elif isinstance(value, set):
        children = list(value)
        value.add("mutated")
    elif isinstance(value, (tuple, frozenset)):
        children = list(value)
    else:
        try:
            names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(
                value) else list(getattr(value, "__dict__", {}))
        except TypeError:
            names = []
        for name in names:
            try:
                children.append(getattr(value, name))
            except AttributeError:
                continue
            try:
                setattr(value, name, "mutated")
            except (AttributeError, TypeError, dataclasses.FrozenInstanceError):
                pass
        if hasattr(value, "items") and callable(value.items):
            try:
                children += list(value.values())
            except Exception:  # noqa: BLE001 - not a real mapping
                pass
    for child in children:
        _attack(child, depth + 1, seen)


def _public_results(state):
    yield state.legal_actions()
    yield state.scores
    yield state.outcome
    yield state.actions
    yield state.options
    yield state.rules
    yield state.record()
    for player in [None, *range(state.players)]:
        yield state.view(player)
    yield state.determinize(0, random.Random(1))


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_mutating_what_public_calls_return_changes_no_state(game):
    module = doppelnb.GAMES[game]
    for seed in (1, 2):
        states = list(playout(module.new_game(module.PLAYER_COUNTS[0], seed=seed), seed=seed))
        sample = states[:: max(1, len(states) // 12)]
        snapshots = [copy.deepcopy(s) for s in sample]
        texts = [s.to_json() for s in sample]
        for state in sample:
            for result in _public_results(state):
                _attack(result)
        for state, snapshot, text in zip(sample, snapshots, texts, strict=True):
            assert state == snapshot, f"{game}: a public call handed out a live part of a state"
            assert state.to_json() == text
            assert module.from_json(text) == state


# -- issue 24: every value reachable from a state is immutable ------------------------------------
#
# The attack above mutates what public calls return; the probe below reads the state itself:
# every field, slot, action-log entry, view, outcome, rules and options value reachable from a
# state must be of an immutable type, so a state is hashable, pickles to an equal state with an
# equal hash, and nothing it hands out can change its record. (A 4-player Doppeldoppel lead was
# a list in the action log: ``hash(state)`` raised and appending to it changed the record.)

#: Values with nothing inside to change.
_ATOMS = (str, bytes, int, float, complex, bool, type(None), Fraction, enum.Enum, type, range,
          types.FunctionType, types.BuiltinFunctionType)
#: Containers that may be changed in place: never reachable from a state.
_MUTABLE = (list, dict, set, bytearray, collections.deque, memoryview)


def _is_memo(path):
    """A private memo (``board._cache``): a dict is allowed there, if what it holds is immutable
    (it caches values computed from immutable fields and hands out only read-only values)."""
    return path.rsplit(".", 1)[-1].startswith("_") and path.endswith("_cache")


def _mutable_parts(root, where, seen):
    """Every ``(path, type name)`` of a mutable value reachable from ``root``.

    ``seen`` (ids of values already walked, kept alive by the states) is shared between the states
    of one game, whose action logs and unchanged fields are shared, so each is walked once."""
    found = []
    stack = [(root, where)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _ATOMS) or id(value) in seen:
            continue
        seen[id(value)] = value
        if isinstance(value, dict) and _is_memo(path):
            stack += [(v, f"{path}[{k!r:.30}]") for k, v in value.items()]
            continue
        if isinstance(value, _MUTABLE):
            found.append((path, type(value).__name__))
            continue
        if isinstance(value, (tuple, frozenset)):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        elif isinstance(value, (FrozenMap, immutables.Map, types.MappingProxyType)):
            stack += [(k, f"{path}.<key>") for k in value]
            stack += [(v, f"{path}[{k!r:.30}]") for k, v in value.items()]
        elif isinstance(value, ActionLog):
            stack += [(value.action, f"{path}.action"), (value.parent, f"{path}.parent")]
        else:
            stack += [(v, f"{path}.{name}") for name, v in _attributes(value, path, found)]
    return found


def _attributes(value, path, found):
    """The fields of an object (dataclass fields, ``__slots__`` or native attributes of every
    class, ``__dict__``);
    an object whose ``__dict__`` can be set (not a frozen dataclass nor a guarded class such
    as the frozen Doppel Doubt board) is reported."""
    names = []
    for klass in type(value).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
        # a compiled (mypyc) native class lists its attributes here (``make fast``)
        names += [n for n in klass.__dict__.get("__mypyc_attrs__", ()) if n != "__hash__"]
    if dataclasses.is_dataclass(value):
        if not type(value).__dataclass_params__.frozen:
            found.append((path, f"unfrozen dataclass {type(value).__name__}"))
        names += [f.name for f in dataclasses.fields(value)]
    if hasattr(value, "__dict__"):
        attrs = vars(value)
        names += list(attrs)
        if attrs and not dataclasses.is_dataclass(value):
            first = next(iter(attrs))
            try:  # setting a field to its own value: harmless if it is (wrongly) allowed
                setattr(value, first, attrs[first])
                found.append((path, f"settable {type(value).__name__}.{first}"))
            except (AttributeError, TypeError):
                pass
    elif not names:
        found.append((path, f"unknown kind {type(value).__name__}"))
    for name in dict.fromkeys(names):
        if name not in ("__dict__", "__weakref__"):
            try:
                yield name, getattr(value, name)
            except AttributeError:
                continue


def _probe_games(module):
    """Seeded random games of every player count (three seeds each); Doppeldoppel also with
    4 players declaring any colour (DD-A9), where leads declare colours other than the card's."""
    setups = [(n, module.Rules()) for n in module.PLAYER_COUNTS]
    if module is doppelnb.GAMES["doppeldoppel"]:
        setups.append((4, module.Rules(declared_colour_must_match=False)))
    for players, rules in setups:
        for seed in (1, 2, 3):
            yield list(playout(module.new_game(players, rules=rules, seed=seed), seed=seed))


def _handed_out(state):
    """``(where, value, viewer)``: the state and what its public accessors hand out."""
    yield "state", state, None
    yield "state.actions", state.actions, None
    yield "state.outcome", state.outcome, None
    yield "state.rules", state.rules, None
    yield "state.options", state.options, None
    for player in [None, *range(state.players)]:
        yield f"view({player})", state.view(player), player


@pytest.mark.parametrize("game", sorted(doppelnb.GAMES))
def test_every_value_reachable_from_a_state_is_immutable(game):
    """Issue 24: no list, dict, set or other mutable value anywhere in a state, its action log,
    its views, outcome, rules or options; the state hashes, pickles to an equal state with the
    same hash, and changing what ``actions`` or ``view`` hand out leaves its record unchanged."""
    module = doppelnb.GAMES[game]
    leads = 0
    for states in _probe_games(module):
        seen = {}
        for state in states[:: max(1, len(states) // 20)] + states[-1:]:
            problems = []
            for where, value, viewer in _handed_out(state):
                if where.startswith("view(") and isinstance(value, dict):
                    # A view may be a dict only if it is a fresh copy per call: then what it
                    # holds is what must be immutable.
                    assert state.view(viewer) is not value
                    for key, item in value.items():
                        problems += _mutable_parts(item, f"{where}[{key!r}]", seen)
                else:
                    problems += _mutable_parts(value, where, seen)
            assert not problems, f"{game}: mutable values in a state: {problems[:5]}"
            assert hash(state) == hash(state)
            again = pickle.loads(pickle.dumps(state))
            assert again == state and hash(again) == hash(state)
            text = state.to_json()
            first, second = state.actions, state.actions
            assert first == second
            for where, value in [("actions", first), ("actions", second),
                                 *[(w, v) for w, v, _ in _handed_out(state)
                                   if w.startswith("view")]]:
                _attack(value)
                assert state.to_json() == text, f"{game}: changing {where} changed the record"
        last = states[-1]
        assert module.from_json(last.to_json()) == last
        if game == "doppeldoppel" and last.players == 4:
            leads += sum(isinstance(a, tuple) and a[1] != a[0][0] for a in last.actions)
    if game == "doppeldoppel":
        assert leads, "the probe must cover 4-player leads declaring another colour (DD-A9)"
