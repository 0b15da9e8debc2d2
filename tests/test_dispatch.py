"""Engines dispatch through explicit tables, never through method names built from strings
(issue 26).

``getattr(draft, "_do_" + kind)`` hides every handler from readers, from mypy and from dead-code
tools: nothing names ``_do_scout``, so nothing can tell whether it is used or what it accepts.
The engines map each action kind (and each automatic step of the quest) to its handler in a
module-level table instead; these tests keep it that way and check that each table entry is the
handler its key names.
"""

import ast
import pathlib

import pytest

from doppelnb import BadInput, IllegalAction
from doppelnb.engines import doppelganger_quest, groom_lake
from doppelnb.engines.doppelganger_quest import apply as dq_apply
from doppelnb.engines.doppelganger_quest.actions import ARITY as DQ_ARITY
from doppelnb.engines.groom_lake import apply as gl_apply
from doppelnb.engines.groom_lake import legal as gl_legal
from doppelnb.engines.groom_lake.actions import ARITY as GL_ARITY

ENGINES = pathlib.Path(__file__).resolve().parents[1] / "doppelnb" / "engines"
ATTRIBUTE_BUILTINS = {"getattr", "hasattr", "setattr", "delattr"}


def _is_computed_string(node: ast.expr) -> bool:
    """An attribute name assembled at run time: an f-string, ``+`` or ``%`` on strings, or
    ``"...".format(...)`` (a plain variable is allowed: copying named fields is no dispatch)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return True
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("format", "join"))


def computed_attribute_names(source: str, filename: str = "<source>") -> list[str]:
    """``file:line getattr(...)`` for every attribute call whose name is built from strings."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ATTRIBUTE_BUILTINS and len(node.args) >= 2
                and _is_computed_string(node.args[1])):
            found.append(f"{filename}:{node.lineno} {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("line", [
    'getattr(draft, "_do_" + action[0])(*action[1:])',
    'getattr(self, f"_problem_{kind}")',
    'getattr(self, "_step_%s" % step)()',
    'getattr(self, "_step_{}".format(step))()',
    'hasattr(self, "_do_" + kind)',
])
def test_the_detector_finds_names_built_from_strings(line):
    assert computed_attribute_names(line)


@pytest.mark.parametrize("line", [
    "getattr(state, name)",  # copying a named field (a draft copying the fields of a state)
    'getattr(self, "_legal", None)',
    "setattr(draft, name, getattr(state, name))",
])
def test_the_detector_allows_plain_names(line):
    assert computed_attribute_names(line) == []


def test_no_engine_dispatches_through_a_method_name_built_from_strings():
    found = []
    for path in sorted(ENGINES.rglob("*.py")):
        found += computed_attribute_names(path.read_text(encoding="utf-8"),
                                          str(path.relative_to(ENGINES)))
    assert found == [], "dispatch with an explicit table or match instead:\n" + "\n".join(found)


# -- the tables: each key maps to the handler named for it, and nothing is missing --------------
def _named_for(table, prefix):
    return {kind: fn.__name__ for kind, fn in table.items() if fn.__name__ != prefix + kind}


def test_groom_lake_has_a_handler_and_a_check_for_every_action_kind():
    assert set(gl_apply.DO) == set(GL_ARITY)
    assert set(gl_legal.PROBLEMS) == set(GL_ARITY)
    assert _named_for(gl_apply.DO, "_do_") == {}
    assert _named_for(gl_legal.PROBLEMS, "_problem_") == {}


def test_quest_tables_map_each_kind_and_step_to_its_own_handler():
    # give_reroll (DQ-T20) is parsed only to be refused with its rule: it is never applied
    assert set(dq_apply.DO) == set(DQ_ARITY) - {"give_reroll"}
    assert _named_for(dq_apply.DO, "_do_") == {}
    assert _named_for(dq_apply.STEPS, "_step_") == {}


@pytest.mark.parametrize("engine", [groom_lake, doppelganger_quest], ids=["groom_lake", "quest"])
def test_an_unknown_or_untimely_kind_is_still_refused_with_a_rule(engine):
    state = engine.new_game(4, seed=1)
    with pytest.raises(BadInput) as bad:
        state.play(("no_such_action",))
    assert bad.value.rule == "NB-ARG"
    # a real kind the position is not waiting for: refused with the rule, never dispatched
    untimely = ("ballot", "yes") if engine is groom_lake else ("no_peek",)
    with pytest.raises(IllegalAction):
        state.play(untimely)
