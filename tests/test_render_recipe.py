"""Every engine's ``render.py`` and ``teaching.py`` follow the engine recipe (CONTRIBUTING.md,
issue 26): a public rendering returns a core Markup (``Html`` or ``Svg``), markup is built with
``core.render.tag`` and never with an f-string (in any module of the engine), and the words for flags and sweeps live in
``teaching.py`` under the names every engine uses (``reading_label``, ``plain_sweep_text``)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import re
from collections.abc import Callable
from typing import Any

import pytest

from doppelnb.core.render import Markup

ENGINES = pathlib.Path(__file__).resolve().parents[1] / "doppelnb" / "engines"
GAMES = sorted(p.name for p in ENGINES.iterdir() if (p / "render.py").exists())
#: an element's start or end tag ("<div", "</b>", "<g "), not a comparison such as "a < b"
MARKUP = re.compile(r"</?[a-zA-Z]")


def _hand_built_markup(path: pathlib.Path) -> list[str]:
    """``line: text`` of every f-string in ``path`` that builds markup by hand: one whose literal
    parts hold a tag, or one handed straight to ``Html(...)`` / ``Svg(...)`` (its pieces are then
    markup pasted together, the tags hidden in the values). A ``__repr__``'s ``<Desert of 3
    tiles>`` is not markup and is left alone."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_repr = {id(node) for function in ast.walk(tree)
               if isinstance(function, ast.FunctionDef) and function.name == "__repr__"
               for node in ast.walk(function)}
    wrapped = {id(arg) for call in ast.walk(tree)
               if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
               and call.func.id in ("Html", "Svg") for arg in call.args}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in in_repr:
            literal = "".join(v.value for v in node.values
                              if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if MARKUP.search(literal) or id(node) in wrapped:
                found.append(f"{node.lineno}: {literal[:60]}")
    return found


#: Every module of every engine (render.py and teaching.py first among them: analysis.py,
#: examples.py and the rest draw tables too).
MODULES = sorted(f"{p.parent.name}/{p.name}" for p in ENGINES.glob("*/*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_no_engine_module_builds_markup_with_f_strings(module):
    assert not _hand_built_markup(ENGINES / module), (module, _hand_built_markup(ENGINES / module))


def test_the_detector_finds_an_f_string_tag_and_leaves_comparisons_alone(tmp_path):
    source = tmp_path / "x.py"
    source.write_text('a = f"<p>{x}</p>"\nb = f"{x} < {y}"\nc = f"x<{y}"\n'
                      'd = Html(f"{link} {escape(title)}")\n'
                      'class D:\n    def __repr__(self):\n        return f"<D of {n} tiles>"\n',
                      encoding="utf-8")
    assert [line.split(":")[0] for line in _hand_built_markup(source)] == ["1", "4"]


def _doppel_doubt() -> list[tuple[str, Callable[[], Any]]]:
    from doppelnb.engines import doppel_doubt as db
    from doppelnb.engines.doppel_doubt import examples, render

    verdict = db.Board().set_owner([(8, 8)], "blue").check_placement(
        "blue", [(8, 7), (8, 8), (8, 9), (9, 8)])
    return [("verdict_html", lambda: render.verdict_html(verdict)),
            ("results_html", lambda: render.results_html(examples.e10_results())),
            ("state_html", lambda: render.state_html(db.new_game(10, seed=3))),
            ("view_html of a View", lambda: render.view_html(db.new_game(10, seed=3).view(0))),
            ("view_html of an onlooker's View",
             lambda: render.view_html(db.new_game(10, seed=3).view(None)))]


def _groom_lake() -> list[tuple[str, Callable[[], Any]]]:
    from doppelnb.engines import groom_lake as gl
    from doppelnb.engines.groom_lake import render

    state = gl.new_game(4, seed=3)
    return [("step_html", lambda: render.step_html(state)),
            ("state_html", lambda: render.state_html(state)),
            ("view_html of a View", lambda: render.view_html(state.view(0))),
            ("view_html of an onlooker's View", lambda: render.view_html(state.view(None)))]


def _quest() -> list[tuple[str, Callable[[], Any]]]:
    from doppelnb.engines import doppelganger_quest as dq
    from doppelnb.engines.doppelganger_quest import render

    state = dq.new_game(5, seed=3)
    return [("state_html", lambda: render.state_html(state)),
            ("view_html", lambda: render.view_html(state, 0)),
            ("view_html of a View", lambda: render.view_html(state.view(0))),
            ("view_html of an onlooker's View", lambda: render.view_html(state.view(None)))]


def _tricks() -> list[tuple[str, Callable[[], Any]]]:
    from doppelnb.engines import doppelganger_tricks as dt
    from doppelnb.engines.doppelganger_tricks import render

    state = dt.new_game(4, seed=3)
    return [("view_html", lambda: render.view_html(state, 0)),
            ("view_html of a View", lambda: render.view_html(state.view(0))),
            ("view_html of an onlooker's View", lambda: render.view_html(state.view(None)))]


def _doppeldoppel() -> list[tuple[str, Callable[[], Any]]]:
    from doppelnb.engines import doppeldoppel as dd
    from doppelnb.engines.doppeldoppel import render

    state = dd.new_game(3, seed=3)
    return [("view_html", lambda: render.view_html(state, 0)),
            ("view_svg of a View", lambda: render.view_svg(state.view(0)))]


@pytest.mark.parametrize("cases", [_doppel_doubt, _groom_lake, _quest, _tricks, _doppeldoppel],
                         ids=["doppel_doubt", "groom_lake", "doppelganger_quest",
                              "doppelganger_tricks", "doppeldoppel"])
def test_renderings_that_returned_text_return_markup(cases):
    for name, call in cases():
        picture = call()
        assert isinstance(picture, Markup), (name, type(picture))
        assert str(picture).startswith("<"), name


def test_a_resolution_step_is_markup_from_the_first_board_on():
    from doppelnb.core.state import playout
    from doppelnb.engines import doppel_doubt as db
    from doppelnb.engines.doppel_doubt.render import claim_step_html

    resolution = next(s.last_resolution() for s in playout(db.new_game(seed=7), db.greedy_policy,
                                                           seed=7) if s.last_resolution())
    for index in (0, 1):
        assert isinstance(claim_step_html(resolution, index), Markup)


@pytest.mark.parametrize("game", GAMES)
def test_flag_and_sweep_words_are_in_teaching_not_render(game):
    render = ast.parse((ENGINES / game / "render.py").read_text(encoding="utf-8"))
    defined = {node.name for node in render.body if isinstance(node, ast.FunctionDef)}
    assert not defined & {"reading_words", "sweep_words", "reading_label", "plain_sweep_text"}


def _signature_shape(function: Callable[..., Any]) -> list[tuple[str, Any]]:
    return [(p.name, p.kind) for p in inspect.signature(function).parameters.values()][:3]


@pytest.mark.parametrize("game", ["doppeldoppel", "doppelganger_quest", "doppel_doubt"])
def test_reading_label_has_one_shape_in_every_engine(game):
    teaching = importlib.import_module(f"doppelnb.engines.{game}.teaching")
    shape = [("name", inspect.Parameter.POSITIONAL_OR_KEYWORD),
             ("value", inspect.Parameter.POSITIONAL_OR_KEYWORD),
             ("default", inspect.Parameter.KEYWORD_ONLY)]
    assert _signature_shape(teaching.reading_label) == shape
    assert inspect.signature(teaching.reading_label).parameters["default"].default is True


@pytest.mark.parametrize("game", ["doppeldoppel", "doppelganger_quest", "doppelganger_tricks"])
def test_plain_sweep_text_takes_the_text_first_in_every_engine(game):
    teaching = importlib.import_module(f"doppelnb.engines.{game}.teaching")
    assert _signature_shape(teaching.plain_sweep_text)[0] == (
        "text", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    assert "score spread" in teaching.plain_sweep_text("score_spread is 5.1 by default")
