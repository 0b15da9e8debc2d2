"""Doppel Doubt in the one engine shape (issue 12) and its players (issue 15): frozen states,
typed actions whose text is the notation, doctests in every module, refusals with no side
effects, the greedy player and a determinizer that never reads the hidden state."""

from __future__ import annotations

import ast
import copy
import dataclasses
import doctest
import importlib
import pathlib
import pkgutil
import random

import pytest

from doppelnb import RuleError
from doppelnb.core.state import Outcome, playout, random_policy
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt import examples, players
from doppelnb.engines.doppel_doubt.actions import EMPTY, parse_action

MODULES = sorted(m.name for m in pkgutil.iter_modules(db.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_every_module_is_short_and_its_doctests_pass(name):
    module = importlib.import_module(f"doppelnb.engines.doppel_doubt.{name}")
    with open(module.__file__, encoding="utf-8") as handle:
        assert sum(1 for _ in handle) <= 600, f"{name} is over the 600-line limit (issue 26)"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no doctest"


def test_state_is_a_frozen_slotted_dataclass_of_immutable_fields():
    state = db.new_game(seed=1)
    assert dataclasses.is_dataclass(state) and type(state).__slots__
    assert not hasattr(state, "__dict__")   # no per-state dict: the conformance test compares
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.round = 5
    for field in dataclasses.fields(state):
        value = getattr(state, field.name)
        assert not isinstance(value, (list, dict, set)), field.name


def test_typed_actions_equal_the_old_tuples_and_print_the_notation():
    states = list(playout(db.new_game(seed=6, artefacts={"light": 2, "dark": 3}),
                          random_policy, seed=6))
    kinds = set()
    for state in states[::7]:
        for action in state.legal_actions()[:20]:
            kinds.add(action.kind)
            assert action == tuple(action)
            assert parse_action(str(action)) == action
            assert parse_action(list(action)) == action
    assert {"card", "start", "shape", "place", "guess"} <= kinds


def _fields(state):
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)
            if not f.name.startswith("_")}


def test_refused_and_played_actions_change_nothing():
    """The conformance suite's side-effect check, for a slotted state (``vars()`` has no
    ``__dict__`` to read there): other moments' actions are refused with a rule id, and neither a
    refusal nor a legal action changes the state it was played on."""
    states = list(playout(db.new_game(seed=8), random_policy, seed=8))
    tried = 0
    for i in range(0, len(states) - 1, 29):
        here = states[i]
        legal = here.legal_actions()
        snapshot = copy.deepcopy(_fields(here))
        for other in states[i + 1:i + 8]:
            for action in other.legal_actions()[:4]:
                if action in legal:
                    continue
                tried += 1
                with pytest.raises(RuleError) as refused:
                    here.play(action)
                assert refused.value.rule and refused.value.reason
        here.play(legal[0])
        assert _fields(here) == snapshot
    assert tried > 50


def test_outcome_names_the_winning_team():
    final = list(playout(db.new_game(seed=2), random_policy, seed=2))[-1]
    out = final.outcome
    assert isinstance(out, Outcome) and out.over and out.winners
    teams = final.results().team_winners
    assert {db.colour_of(final.identity[s]) for s in out.winners} == set(teams)
    assert "DB-R18" in out.reason
    assert not db.new_game(seed=2).outcome.over


def test_worked_examples_are_ready_values():
    state = examples.e2_round_one()
    assert {d: lab for d, lab in state.starts_taken.items() if d.endswith("P")} == {
        "red-P": "P3", "blue-P": "P2", "purple-P": "P1", "green-P": "P5", "yellow-P": "P4"}
    assert examples.e6_board().check_placement(
        "yellow", [(0, 6), (0, 7), (0, 8), (0, 9)]).reasons == ("DB-R12",)
    assert [sum(h) for h in examples.e1_hands()] == [505] * 10
    assert {c.label for c in examples.GOLDEN} and all(c.players == 10 for c in examples.GOLDEN)


# -- players (issue 15) ------------------------------------------------------------------------


def test_greedy_plays_legal_actions_and_takes_the_most_value():
    rng = random.Random(1)
    state = db.new_game(seed=4)
    for _ in range(400):
        if state.is_over:
            break
        action = players.greedy(state, rng)
        assert action in state.legal_actions()
        if action.kind == "place":
            key = state.key(state.to_move)
            board = state.board

            def gain(a, board=board, key=key):
                return sum(0 if board.owner[r * 17 + c] == key else abs(board.values[r * 17 + c])
                           for r, c in a.cells)
            assert gain(action) == max(gain(a) for a in state.legal_actions())
        state = state.play(action)


def _hidden_changed(state, player, rng):
    """The same moment with everything ``player`` cannot see changed: two other seats swap
    their Doppels, hands and shapes (keeping who has played a card this round)."""
    others = [x for x in range(10) if x != player
              and (state.subs[x].card is None) == (state.subs[(x + 1) % 10].card is None)]
    a = rng.choice(others)
    b = next(x for x in range(10) if x not in (a, player)
             and (state.subs[x] == EMPTY) == (state.subs[a] == EMPTY))
    identity, hands, to_place = list(state.identity), list(state.hands), list(state.to_place)
    for seq in (identity, hands, to_place):
        seq[a], seq[b] = seq[b], seq[a]
    return state._evolve(identity=tuple(identity), hands=tuple(hands), to_place=tuple(to_place),
                         jester=state.jester)


@pytest.mark.parametrize("seed", [1, 2])
def test_determinize_never_reads_the_hidden_state(seed):
    """The determinization of ``player`` depends only on what ``player`` has seen: changing the
    hidden parts (other seats' Doppels, hands and shapes) gives the same sampled state for the
    same random numbers, and the sampled state keeps everything the player knows."""
    rng = random.Random(seed)
    checked = 0
    for n, state in enumerate(playout(db.new_game(seed=seed), random_policy, seed=seed)):
        if n % 97 or state.is_over:
            continue
        player = state.to_move
        other = _hidden_changed(state, player, rng)
        assert other.view(player) == state.view(player)
        a = players.determinize(state, player, random.Random(n))
        b = players.determinize(other, player, random.Random(n))
        assert (a.identity, a.hands, a.jester, a.to_place, a.subs) == (
            b.identity, b.hands, b.jester, b.to_place, b.subs)
        assert a.view(player) == state.view(player)
        assert a.to_move == state.to_move and not a.invariants()
        assert a.legal_actions() == state.legal_actions()
        checked += 1
    assert checked >= 5


def test_determinize_resamples_what_is_hidden():
    state = list(playout(db.new_game(seed=5), random_policy, seed=5))[300]
    player = state.to_move
    draws = {players.determinize(state, player, random.Random(k)).identity for k in range(20)}
    assert len(draws) > 10


def _runtime_imports(name):
    """The engine modules ``name`` imports when it runs: at module level, or inside a function
    (a lazy import still runs), but not under ``if TYPE_CHECKING:`` (annotations only), and not
    :mod:`.render`, which a value that renders itself may import lazily (issue 26)."""
    module = importlib.import_module(f"doppelnb.engines.doppel_doubt.{name}")
    tree = ast.parse(pathlib.Path(module.__file__).read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", None) == "TYPE_CHECKING"
                   for node in ast.walk(block)}
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and id(node) not in typing_only:
            targets = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            lazy = node.col_offset > 0
            out |= {t for t in targets if not (lazy and t == "render")}
    return out


def test_no_import_cycle_inside_the_engine():
    """Issue 26: following the imports that run, no engine module comes back to itself."""
    graph = {name: _runtime_imports(name) for name in MODULES}
    for start in MODULES:
        seen, todo = set(), list(graph[start])
        while todo:
            name = todo.pop()
            assert name != start, f"{start} imports itself through {sorted(seen)}"
            if name not in seen:
                seen.add(name)
                todo += graph.get(name, ())
