"""Every engine keeps the shape a reader learns once (issue 26): the recipe's modules under the
same names (CONTRIBUTING.md "Layout, per game"), a frozen ``View``, no import cycle between its
modules, and no module over 600 lines.

An import cycle inside an engine means no module of the cycle can be read (or tested, or
replaced) without the others; a module past 600 lines holds more than one concept. Imports are
read from the source (``ast``), so a cycle hidden in a function-level import counts too. The one
exception is a value rendering itself: a function may import ``render`` lazily (python-chess's
``_repr_svg_`` does the same), since the picture is not part of the rules.
"""

from __future__ import annotations

import ast
import importlib
import pathlib

import networkx as nx
import pytest

ENGINES = pathlib.Path(__file__).resolve().parents[1] / "doppelnb" / "engines"
MAX_LINES = 600
LAZY_ALLOWED = {"render"}

#: Engines not yet reshaped, per check: each must still fail here
#: (strict), so the mark is removed the day it is fixed.
CYCLIC_YET: dict[str, str] = {}
LONG_YET: dict[str, str] = {}


def engine_names() -> list[str]:
    return sorted(p.name for p in ENGINES.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists())


def module_imports(source: str, package: str) -> set[tuple[str, bool]]:
    """``(module, lazy)`` for every module of the same engine that ``source`` imports:
    ``from .x import y``, ``from . import x`` and ``from doppelnb.engines.<package>.x import y``,
    at the top of the module or inside a function (``lazy``: not at the module's top level)."""
    found = set()
    absolute = f"doppelnb.engines.{package}"
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        lazy = node.col_offset > 0
        if node.level == 1:
            targets = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
        elif node.level == 0 and node.module and node.module.startswith(absolute + "."):
            targets = [node.module[len(absolute) + 1:].split(".")[0]]
        else:
            continue
        found.update((target, lazy) for target in targets)
    return found


def import_graph(sources: dict[str, str], package: str) -> nx.DiGraph:
    """Module -> module it imports, inside one engine (lazy imports of ``render`` left out)."""
    graph = nx.DiGraph()
    graph.add_nodes_from(sources)
    for name, source in sources.items():
        for target, lazy in module_imports(source, package):
            if target in sources and target != name and not (lazy and target in LAZY_ALLOWED):
                graph.add_edge(name, target)
    return graph


def cycles(sources: dict[str, str], package: str) -> list[list[str]]:
    return sorted(sorted(c) for c in nx.simple_cycles(import_graph(sources, package)))


def engine_sources(engine: str) -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8")
            for path in sorted((ENGINES / engine).glob("*.py"))}


def _per_engine(not_yet: dict[str, str]) -> list[object]:
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=not_yet[name]))
            if name in not_yet else name for name in engine_names()]


# -- the detector itself ----------------------------------------------------------------------
def test_the_detector_finds_top_level_and_function_level_cycles():
    sources = {
        "state": "from .players import greedy\n",
        "players": "def greedy():\n    from .state import State\n",
        "render": "from .state import State\n",
        "apply": "from doppelnb.engines.toy.legal import Legality\n",
        "legal": "from . import apply\n",
    }
    assert cycles(sources, "toy") == [["apply", "legal"], ["players", "state"]]


def test_the_detector_allows_a_lazy_render_import_only():
    lazy = {"state": "def _repr_svg_(self):\n    from .render import svg\n",
            "render": "from .state import State\n"}
    assert cycles(lazy, "toy") == []
    eager = {"state": "from .render import svg\n", "render": "from .state import State\n"}
    assert cycles(eager, "toy") == [["render", "state"]]


def test_every_engine_is_checked():
    assert set(CYCLIC_YET) | set(LONG_YET) <= set(engine_names())
    assert "groom_lake" in engine_names() and len(engine_names()) == 5


# -- the engines ------------------------------------------------------------------------------
@pytest.mark.parametrize("engine", _per_engine(CYCLIC_YET))
def test_no_import_cycle_inside_the_engine(engine):
    assert cycles(engine_sources(engine), engine) == []


@pytest.mark.parametrize("engine", _per_engine(LONG_YET))
def test_no_module_of_the_engine_is_over_600_lines(engine):
    long = {name: source.count("\n") for name, source in engine_sources(engine).items()
            if source.count("\n") > MAX_LINES}
    assert long == {}, f"split these by concept: {long}"


def test_no_module_of_the_package_is_over_600_lines():
    """The same limit outside the engines: core, widgets, explainers (core/ladder.py reached
    938 lines before it became the package core/ladder: play, budget, shipped)."""
    package = ENGINES.parent
    long = {str(path.relative_to(package)): n for path in sorted(package.rglob("*.py"))
            if (n := path.read_text(encoding="utf-8").count("\n")) > MAX_LINES}
    assert long == {}, f"split these by concept: {long}"


# -- the recipe's modules (CONTRIBUTING.md "Layout, per game") ---------------------------------
#: The modules every engine has, each meaning the same in all five.
RECIPE = ("__init__", "notation", "rules", "actions", "state", "legal", "apply", "players",
          "analysis", "simulation", "render", "examples", "exercises")
#: Names that meant something different in each engine that had one; none may come back.
RETIRED = ("flow", "base", "pmap", "resolution", "game", "engine", "resolve")
#: Engines not on the recipe inside yet, with what they lack. Strict: an entry goes the day its
#: engine is reshaped (Tricks went with issue 26: kernel.py, apply.py, a View).
RECIPE_YET: dict[str, set[str]] = {}


@pytest.mark.parametrize("engine", engine_names())
def test_an_engine_has_the_recipes_modules_and_no_retired_name(engine: str) -> None:
    names = {p.stem for p in (ENGINES / engine).glob("*.py")}
    problems = {f"missing {m}" for m in RECIPE if m not in names}
    problems |= {f"has {m}" for m in RETIRED if m in names}
    assert problems == RECIPE_YET.get(engine, set())


@pytest.mark.parametrize("engine", engine_names())
def test_view_is_a_frozen_dataclass_in_state(engine: str) -> None:
    import dataclasses
    import importlib

    state = importlib.import_module(f"doppelnb.engines.{engine}.state")
    if engine in RECIPE_YET:
        assert not hasattr(state, "View")
        return
    view = state.View
    assert dataclasses.is_dataclass(view)
    assert view.__dataclass_params__.frozen  # type: ignore[attr-defined]
    package = importlib.import_module(f"doppelnb.engines.{engine}")
    game = package.new_game(package.PLAYER_COUNTS[0], seed=3)
    assert isinstance(game.view(0), view)


#: Engines whose actions are not on the convention yet (strict, like the marks above).
ACTIONS_YET: dict[str, str] = {}
#: Action classes whose record form names no kind: Doppeldoppel's 4-player lead has been
#: ``["Y5", "Y"]`` in every record since the first one (records stay byte-identical).
NO_KIND = {("doppeldoppel", "Lead")}


def _as_record(value: object) -> object:
    """A record entry as the tuples it compares equal to (JSON arrays are lists)."""
    if isinstance(value, list):
        return tuple(_as_record(v) for v in value)
    return value


def _action_problems(engine: str) -> set[str]:
    """What breaks the convention of CONTRIBUTING.md ("actions.py") in seeded random games: an
    action is a ``str`` (a card, a pass: its notation) or a ``typing.NamedTuple`` of one class
    per kind, ``kind`` its first field; either way equal to the entry the game record stores."""
    import importlib
    import json
    import random

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    problems: set[str] = set()
    kinds: dict[type, set[object]] = {}
    for seed in range(3):
        state = package.new_game(package.PLAYER_COUNTS[0], seed=seed)
        rng = random.Random(seed)
        played = []
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            for action in legal:
                cls = type(action)
                if isinstance(action, str):
                    continue
                if not (isinstance(action, tuple) and hasattr(cls, "_fields")):
                    problems.add(f"{cls.__name__} is neither a str nor a NamedTuple")
                elif (engine, cls.__name__) not in NO_KIND:
                    if cls._fields[0] != "kind":
                        problems.add(f"{cls.__name__}'s first field is not kind")
                    kinds.setdefault(cls, set()).add(action[0])
            action = rng.choice(legal)
            played.append(action)
            state = state.play(action)
        entries = json.loads(state.to_json())["actions"][-len(played):]
        for action, entry in zip(played, entries, strict=True):
            if action != _as_record(entry):
                problems.add(f"{action!r} differs from its record entry {entry!r}")
    problems |= {f"{cls.__name__} holds the kinds {sorted(map(str, k))}"
                 for cls, k in kinds.items() if len(k) > 1}
    return problems


@pytest.mark.parametrize("engine", engine_names())
def test_actions_are_strings_or_one_named_tuple_per_kind(engine: str) -> None:
    """Issue 26, one action representation: every legal action met in three seeded random games
    is a ``str`` or a ``NamedTuple`` whose class holds one kind, named in its first field, and
    every action played equals the record's entry for it."""
    problems = _action_problems(engine)
    if engine in ACTIONS_YET:
        assert problems, f"{engine} follows the convention now: drop it from ACTIONS_YET"
    else:
        assert problems == set()


@pytest.mark.parametrize("engine", engine_names())
def test_view_takes_player_as_in_every_engine(engine: str) -> None:
    """CONTRIBUTING.md: ``view(player)``, ``None`` an onlooker; the same name in all five, so a
    caller may pass it by keyword to any engine."""
    import importlib
    import inspect

    state = importlib.import_module(f"doppelnb.engines.{engine}.state")
    names = list(inspect.signature(state.State.view).parameters)
    assert names == ["self", "player"]
    package = importlib.import_module(f"doppelnb.engines.{engine}")
    game = package.new_game(package.PLAYER_COUNTS[0], seed=3)
    assert game.view(player=0) == game.view(0)


@pytest.mark.parametrize("engine", engine_names())
def test_game_spec_names_every_helper_or_an_explicit_none(engine: str) -> None:
    """CONTRIBUTING.md: GAME_SPEC gives greedy, determinize, prepare_determinize, playout and
    sides, or an explicit None: a reader sees what the engine lacks without knowing the
    defaults of core.spec.GameSpec. Read from the source: a default left out looks the same as
    an explicit None at run time."""
    import dataclasses

    from doppelnb.core.spec import GameSpec

    tree = ast.parse((ENGINES / engine / "__init__.py").read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == "GameSpec"]
    assert len(calls) == 1, "one GameSpec(...) per engine"
    given = {keyword.arg for keyword in calls[0].keywords}
    assert given == {field.name for field in dataclasses.fields(GameSpec)}


# -- the same names in every engine (issue 26, the last differences) -------------------------

@pytest.mark.parametrize("engine", engine_names())
def test_game_and_player_counts_live_in_notation(engine: str) -> None:
    """``GAME`` and ``PLAYER_COUNTS`` are defined in ``notation.py`` (Doppeldoppel's place for
    them), and what the package, its ``State`` and the game registry give is that one value."""
    import importlib

    from doppelnb.core.spec import spec_of

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    notation = importlib.import_module(f"doppelnb.engines.{engine}.notation")
    assert notation.GAME == engine and "GAME" in notation.__all__
    assert "PLAYER_COUNTS" in notation.__all__
    assert package.GAME is notation.GAME and package.PLAYER_COUNTS is notation.PLAYER_COUNTS
    assert package.State.game == notation.GAME
    assert package.State.player_counts is notation.PLAYER_COUNTS
    assert spec_of(engine).player_counts is notation.PLAYER_COUNTS
    defined = {node.targets[0].id
               for module in (ENGINES / engine).glob("*.py")
               if module.stem != "notation"
               for node in ast.parse(module.read_text(encoding="utf-8")).body
               if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
    assert not defined & {"GAME", "PLAYER_COUNTS"}, "defined outside notation.py"


@pytest.mark.parametrize("engine", engine_names())
def test_simulate_returns_the_engines_play_summary(engine: str) -> None:
    """One name for what ``simulate`` counts: ``simulation.PlaySummary``, exported by the
    package and returned by its ``simulate``."""
    import importlib

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    simulation = importlib.import_module(f"doppelnb.engines.{engine}.simulation")
    assert package.PlaySummary is simulation.PlaySummary and "PlaySummary" in package.__all__
    assert isinstance(package.simulate(1, seed=1), simulation.PlaySummary)


@pytest.mark.parametrize("engine", engine_names())
def test_the_legal_listing_lives_in_legal_not_on_the_state(engine: str) -> None:
    """The legal actions are listed by ``legal.legal_actions`` (``State.legal_actions`` calls
    it); no State has a public listing of its own for one seat (Doppel Doubt's ``legal_for``
    was the last)."""
    import importlib

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    legal = importlib.import_module(f"doppelnb.engines.{engine}.legal")
    assert callable(getattr(legal, "legal_actions", None)) or engine == "doppelganger_tricks"
    public = {name for name in dir(package.State) if not name.startswith("_")}
    assert not {name for name in public if name.startswith("legal_")} - {"legal_actions"}


def _played(package: object, seed: int, steps: int) -> list[tuple[object, list[object]]]:
    """``(state, its legal actions)`` along ``steps`` random moves of a seeded game."""
    import random

    state = package.new_game(package.PLAYER_COUNTS[0], seed=seed)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        out.append((state, legal))
        state = state.play(rng.choice(legal))
    return out


@pytest.mark.parametrize("engine", engine_names())
def test_refusal_is_none_for_a_legal_action_and_the_rules_error_otherwise(engine: str) -> None:
    """``legal.refusal(state, action)``, as Doppeldoppel's: ``None`` for a legal action; for
    any other (here: actions legal at other moments of the game), the ``RuleError`` naming the
    rule, the very one ``State.play`` raises for it. The quest's (and Tricks') returned an
    error for a legal action too, Doppel Doubt's took the seat and a label first."""
    import importlib
    import random

    from doppelnb.core.errors import RuleError

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    legal = importlib.import_module(f"doppelnb.engines.{engine}.legal")
    rng = random.Random(7)
    refused = 0
    for seed in range(2):
        moments = _played(package, seed, 60)
        seen = list(dict.fromkeys(a for _, actions in moments for a in actions[:40]))
        for state, actions in moments:
            for action in rng.sample(actions, min(len(actions), 8)):
                assert legal.refusal(state, action) is None, action
            others = [a for a in rng.sample(seen, min(len(seen), 40)) if a not in actions][:8]
            for action in others:
                error = legal.refusal(state, action)
                if error is None:  # legal but not listed: Groom Lake lists one of a symmetric
                    state.play(action)  # tile's equal rotations; so play must accept it
                    continue
                assert isinstance(error, RuleError), action
                assert error.rule and error.reason
                with pytest.raises(RuleError) as raised:
                    state.play(action)
                assert (raised.value.rule, raised.value.reason) == (error.rule, error.reason)
                refused += 1
    assert refused > 20


# -- fix7b: pictures, labels, record forms and examples under one name each ----------------------
@pytest.mark.parametrize("engine", engine_names())
def test_the_hand_widget_draws_render_view_html_of_state_and_seat(engine: str) -> None:
    """The play-a-hand widget shows ``render.view_html(state, seat)`` in every engine, the
    parameter named ``seat``; the quest's widget drew a ``seat_view_html`` of its own while its
    ``view_html`` was the chapter's knowledge view."""
    import importlib
    import inspect

    from doppelnb.widgets.hands import hand_game

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    render = importlib.import_module(f"doppelnb.engines.{engine}.render")
    assert list(inspect.signature(render.view_html).parameters)[:2] == ["state", "seat"]
    assert not hasattr(render, "seat_view_html")
    hand = hand_game(engine)
    state = package.new_game(package.PLAYER_COUNTS[0], seed=3)
    seats = [s for s in range(state.players) if s != state.to_move][:2]  # no move marks
    for seat in seats:
        assert hand.view_html(state, seat) == str(render.view_html(state, seat)), seat


@pytest.mark.parametrize("engine", engine_names())
def test_action_label_of_state_and_action_lives_in_legal(engine: str) -> None:
    """``legal.action_label(state, action)`` words an action in every engine and
    ``State.action_label`` says the same; Doppel Doubt's wording was a State method only and
    Tricks' took the action alone."""
    import importlib
    import inspect

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    legal = importlib.import_module(f"doppelnb.engines.{engine}.legal")
    assert len(inspect.signature(legal.action_label).parameters) == 2
    labelled = 0
    for state, actions in _played(package, 5, 40):
        for action in actions[:6]:
            label = legal.action_label(state, action)
            assert isinstance(label, str) and label == state.action_label(action), action
            labelled += 1
    assert labelled > 20


@pytest.mark.parametrize("engine", engine_names())
def test_an_actions_record_form_is_actions_action_to_json(engine: str, monkeypatch) -> None:
    """``actions.action_to_json(action)`` is the one record form of an action: the State's
    ``action_to_json`` (which ``State.play`` calls for the action log) delegates to it. Tricks
    named it ``to_json``; Groom Lake and the quest wrote it inside the State."""
    import importlib
    import json

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    actions = importlib.import_module(f"doppelnb.engines.{engine}.actions")
    state_module = importlib.import_module(f"doppelnb.engines.{engine}.state")
    assert not hasattr(actions, "to_json") and "action_to_json" in actions.__all__
    for state, legal in _played(package, 3, 30):
        for action in legal[:4]:
            record = actions.action_to_json(action)
            assert record == state.action_to_json(action) == action
            assert type(record) is type(state.action_to_json(action))
            json.dumps(record)
    seen = []
    monkeypatch.setattr(state_module, "action_to_json", lambda a: seen.append(a) or "sentinel")
    state = package.new_game(package.PLAYER_COUNTS[0], seed=1)
    action = state.legal_actions()[0]
    assert state.action_to_json(action) == "sentinel" and seen == [action]


@pytest.mark.parametrize("engine", engine_names())
def test_actions_action_checks_its_arguments_wherever_it_exists(engine: str) -> None:
    """``actions.action(kind, *arguments)`` has one contract: the typed action, or a
    ``BadInput`` naming the bad argument (Groom Lake's checked them; the quest's built any
    tuple). No engine exports its raw ``tuple.__new__`` builder (the quest's ``make``)."""
    import importlib

    from doppelnb.core.errors import BadInput

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    actions = importlib.import_module(f"doppelnb.engines.{engine}.actions")
    assert "make" not in actions.__all__
    if not hasattr(actions, "action"):
        assert engine not in ("groom_lake", "doppelganger_quest")
        return
    for kind, arity in actions.ARITY.items():
        count = arity if isinstance(arity, int) else len(arity)  # Groom Lake's: the types
        if count:
            with pytest.raises(BadInput) as refused:
                actions.action(kind, *[object()] * count)
            assert refused.value.rule == "NB-ARG" and "object" in refused.value.reason, kind
    built = 0
    for _, legal in _played(package, 2, 40):
        for move in legal[:5]:
            if isinstance(move, tuple):
                assert actions.action(*move) == move and type(actions.action(*move)) is type(move)
                built += 1
    assert built > 20


@pytest.mark.parametrize("engine", engine_names())
def test_every_engine_recomputes_its_worked_examples_in_one_table(engine: str) -> None:
    """``examples.rulebook_examples_table()`` in every engine: the worked examples run through
    the engine, one row each with whether it agrees (Doppel Doubt had none)."""
    import importlib
    import re

    from doppelnb.core.render import Markup

    examples = importlib.import_module(f"doppelnb.engines.{engine}.examples")
    table = examples.rulebook_examples_table()
    assert isinstance(table, Markup) and "rulebook_examples_table" in examples.__all__
    cells = re.findall(r">([^<>]+)</td>", str(table))
    assert len(cells) >= 8 and not {"NO", "DIFFERS"} & set(cells)  # a disagreement's words


# -- fix7d: one set of sweep words, and a balance section, in every engine ---------------------
#: Every engine's sweep words under Doppeldoppel's names (teaching.py) and its chapter's section.
SWEEP_NAMES = ("METRIC_WORDS", "metric_label", "sweep_reading_label", "plain_sweep_text")
#: One shipped sweep of each engine with a flag reading in it, and a metric it measures.
SHIPPED_SWEEP = {"doppeldoppel": ("doppeldoppel_reversal_scope", "score_spread"),
                 "doppelganger_tricks": ("doppelganger_tricks_bonus_max_per_player",
                                         "score_spread"),
                 "groom_lake": ("groom_lake_carry_over_ap", "length_actions"),
                 "doppel_doubt": ("doppel_doubt_illegal_takeover", "score_spread"),
                 "doppelganger_quest": ("doppelganger_quest_animals_in_pingpong",
                                        "win_rate_side_loyal")}


@pytest.mark.parametrize("engine", engine_names())
def test_every_engine_has_the_sweep_words_under_one_set_of_names(engine):
    """Doppeldoppel's names for the sweep words in every teaching.py (fix7d): no SWEEP_WORDS or
    MIX_WORDS of an engine's own (policy mixes are worded by core ``mix_label``)."""
    import importlib

    teaching = importlib.import_module(f"doppelnb.engines.{engine}.teaching")
    assert [n for n in SWEEP_NAMES if not hasattr(teaching, n)] == []
    assert not hasattr(teaching, "SWEEP_WORDS") and not hasattr(teaching, "MIX_WORDS")
    assert set(SWEEP_NAMES) <= set(teaching.__all__)
    assert teaching.sweep_reading_label("default") == "default rules"


@pytest.mark.parametrize("engine", engine_names())
def test_every_engines_balance_section_words_its_shipped_sweep(engine):
    """``render.balance_section(name, metric)`` in every engine (fix7d): the sweep's verdict
    sentences with no code name left (no ``flag=value`` reading, no metric's code name)."""
    import html
    import importlib
    import inspect
    import re

    render = importlib.import_module(f"doppelnb.engines.{engine}.render")
    teaching = importlib.import_module(f"doppelnb.engines.{engine}.teaching")
    params = list(inspect.signature(render.balance_section).parameters)
    assert params[:2] == ["name", "metric"]
    name, metric = SHIPPED_SWEEP[engine]
    section = html.unescape(str(render.balance_section(name, metric)))
    sentences = re.findall(r"<p>(.*?)</p>", section, re.S)
    assert sentences
    for sentence in sentences:
        assert not re.search(r"\b[a-z_]+=[A-Za-z0-9_]+", sentence), sentence
        assert not [m for m in teaching.METRIC_WORDS if re.search(rf"\b{m}\b", sentence)]


# -- fix7d: a table of a flag's readings lives in teaching.py, named <flag>_readings_table ----
#: Names of the same concept an engine once gave its own way (census and score-sheet tables).
OTHER_NAMES = {"census_html": "census_table", "scores_table": "score_sheet_html",
               "sheet_html": "score_sheet_html",
               "readings_table": "<flag>_readings_table", "reading_effects": "teaching",
               "setup_reading_effects": "teaching", "placement_census": "teaching"}


@pytest.mark.parametrize("engine", engine_names())
def test_every_table_of_a_flags_readings_is_in_teaching_under_one_name_pattern(engine):
    """Doppeldoppel's, Doppel Doubt's, the quest's and Groom Lake's tables comparing the readings
    of a flag were in analysis.py, render.py or teaching.py under three name patterns (fix7d)."""
    defined = {}
    for path in (ENGINES / engine).glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                defined[node.name] = path.stem
    tables = {name: module for name, module in defined.items()
              if "reading" in name and ("table" in name or "effects" in name)}
    assert {name: module for name, module in tables.items() if module != "teaching"} == {}
    assert [name for name in tables if not name.endswith("_readings_table")
            or name == "readings_table"] == []
    assert [name for name in OTHER_NAMES if name in defined] == []


# -- fix7a: refusals table, constants and imports where the recipe puts them --------------------
def _modules(engine: str) -> dict[str, ast.Module]:
    """Every module of an engine, parsed: {"rules": tree, ...}."""
    return {path.stem: ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted((ENGINES / engine).glob("*.py"))}


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines at its top level (functions, classes, assignments), not those
    it imports."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


@pytest.mark.parametrize("engine", engine_names())
def test_every_engine_has_a_refusals_table_in_examples(engine):
    """The recipe's examples.refusals_table(): each row a refused attempt with its rule id."""
    import importlib

    from doppelnb.core.render import Html

    examples = importlib.import_module(f"doppelnb.engines.{engine}.examples")
    table = examples.refusals_table()
    assert isinstance(table, Html)
    assert str(table).count("<tr>") >= 5


@pytest.mark.parametrize("engine", engine_names())
def test_player_counts_are_written_once_in_notation(engine):
    """No module but notation.py writes the engine's player counts out as a tuple literal: every
    module imports PLAYER_COUNTS, so the counts cannot drift apart."""
    import importlib

    counts = importlib.import_module(f"doppelnb.engines.{engine}.notation").PLAYER_COUNTS
    copies = []
    for name, tree in _modules(engine).items():
        if name == "notation":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple) and len(node.elts) == len(counts) > 1 and all(
                    isinstance(e, ast.Constant) for e in node.elts) and tuple(
                    e.value for e in node.elts) == counts:  # type: ignore[attr-defined]
                copies.append(f"{name}.py:{node.lineno}")
    assert not copies, copies


@pytest.mark.parametrize("engine", engine_names())
def test_default_rules_live_in_rules_py(engine):
    """rules.DEFAULT_RULES is the one default Rules() of the engine; no other module builds its
    own module-level copy."""
    import importlib

    rules = importlib.import_module(f"doppelnb.engines.{engine}.rules")
    assert isinstance(rules.DEFAULT_RULES, rules.Rules)
    assert rules.DEFAULT_RULES == rules.Rules()
    copies = []
    for name, tree in _modules(engine).items():
        for node in tree.body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if (name != "rules" and isinstance(value, ast.Call) and not value.args
                    and not value.keywords and isinstance(value.func, ast.Name)
                    and value.func.id == "Rules"):
                copies.append(f"{name}.py:{node.lineno}")
    assert not copies, copies


@pytest.mark.parametrize("engine", engine_names())
def test_each_name_is_imported_from_the_module_that_defines_it(engine):
    """``from .m import name`` inside an engine, for m one of the recipe's modules below, names
    the module that defines ``name`` (no re-exports through analysis.py or rules.py: simulate,
    PlaySummary, SIZE, DEFAULT_RULES went that way), and every module's ``__all__`` (but the
    package's ``__init__.py``) lists only what that module defines."""
    modules = _modules(engine)
    defined = {name: _defined(tree) for name, tree in modules.items()}
    wrong = []
    for name, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in _CHECKED:
                wrong += [f"{name}.py: {a.name} from .{node.module}" for a in node.names
                          if a.name not in defined[node.module]]
        if name != "__init__":
            for node in tree.body:
                if (isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                        and isinstance(node.value, (ast.List, ast.Tuple))):
                    wrong += [f"{name}.py: __all__ lists {e.value}" for e in node.value.elts
                              if isinstance(e, ast.Constant) and e.value not in defined[name]
                              and (engine, name) not in _FACADES]
    wrong = [w for w in wrong if (engine, w) not in _REEXPORT_ALLOWED]
    assert not wrong, wrong


#: The modules the check above covers: every module of every engine but the package's
#: ``__init__.py``, whose whole job is to re-export (fix7e widened it from five modules).
_CHECKED = tuple(sorted({path.stem for path in ENGINES.glob("*/*.py")} - {"__init__"}))

#: The one module whose ``__all__`` re-exports another's names, by design: Doppel Doubt's
#: board_picture.py was split from render.py, which re-exports every name of it: render.py, the
#: recipe's place for pictures, offers them (board.py reaches board_svg through the lazy render
#: import, the one lazy import the cycle check allows).
_FACADES = {("doppel_doubt", "render")}
#: Re-exports that are the design: that lazy import of board_svg, and Tricks' players.playout,
#: the playout loop of playout_loop.py under the name every engine's players.py uses (fix7c).
_REEXPORT_ALLOWED = {
    ("doppel_doubt", "board.py: board_svg from .render"),
    ("doppelganger_tricks", "players.py: __all__ lists playout"),
}


@pytest.mark.parametrize("engine", engine_names())
def test_play_policies_live_in_players_py(engine):
    """Every X_policy(state, rng) an engine defines is in its players.py, beside greedy."""
    elsewhere = [f"{name}.py: {node.name}" for name, tree in _modules(engine).items()
                 if name != "players" for node in tree.body
                 if isinstance(node, ast.FunctionDef) and node.name.endswith("_policy")
                 and not node.name.startswith("_")]
    assert not elsewhere, elsewhere


# -- fix7c: one entry point to apply an action, the playout loop in players.py ----------------
#: The engines whose next state is built in a core Draft (Tricks builds its in its kernel).
DRAFT_ENGINES = [name for name in engine_names() if name != "doppelganger_tricks"]


def _function(source: str, name: str, cls: str | None = None) -> ast.FunctionDef:
    """The function ``name`` of a module's source (a method when ``cls`` is given)."""
    body = ast.parse(source).body
    if cls is not None:
        body = next(n for n in body if isinstance(n, ast.ClassDef) and n.name == cls).body
    return next(n for n in body if isinstance(n, ast.FunctionDef) and n.name == name)


def _calls(node: ast.AST) -> set[str]:
    """``Name.attr`` / ``.attr`` / ``name`` of every call under ``node``."""
    found = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            f = call.func
            if isinstance(f, ast.Attribute):
                found.add(f"{f.value.id}.{f.attr}" if isinstance(f.value, ast.Name)
                          and f.value.id[0].isupper() else f".{f.attr}")
            elif isinstance(f, ast.Name):
                found.add(f.id)
    return found


def test_the_draft_engines_are_the_four_but_tricks():
    assert len(DRAFT_ENGINES) == 4 and "doppeldoppel" in DRAFT_ENGINES


@pytest.mark.parametrize("engine", DRAFT_ENGINES)
def test_state_apply_is_draft_of_play_freeze_as_in_doppeldoppel(engine: str) -> None:
    """``State._apply`` builds the next state as Doppeldoppel's does: ``Draft.of(self)``,
    ``draft.play(action)`` (the one entry point applying an action: the rule function its
    table indexed, no ``choose`` / ``settle`` / module ``apply`` called from the state. (The
    State's own methods ``_apply`` calls count as its body: Doppeldoppel's draft path is
    ``_apply_with_draft``, its fast path aside.)"""
    source = engine_sources(engine)["state"]
    state = next(n for n in ast.parse(source).body
                 if isinstance(n, ast.ClassDef) and n.name == "State")
    methods = {n.name: n for n in state.body if isinstance(n, ast.FunctionDef)}
    body, todo = [], ["_apply"]
    while todo:
        method = methods[todo.pop()]
        body.append(method)
        todo += [m for m in (c[1:] for c in _calls(method) if c.startswith("."))
                 if m in methods and methods[m] not in body]
    calls = set().union(*map(_calls, body))
    assert {"Draft.of", ".play", ".freeze"} <= calls, calls
    assert not calls & {".choose", ".settle", "apply", "_decide"}, calls
    assert not [n for m in body for n in ast.walk(m) if isinstance(n, ast.Subscript)
                and isinstance(n.value, ast.Name) and n.value.id == "DO"]


@pytest.mark.parametrize("engine", DRAFT_ENGINES)
def test_draft_play_takes_the_action_alone_and_makes_the_state_apply_makes(engine: str) -> None:
    """``apply.Draft.play(action)`` finds the seat (and any step) itself, as the State does:
    along seeded random games, a draft of each state played the action and frozen is the state
    ``State._apply`` returns (its fast paths included)."""
    import importlib
    import inspect

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    draft_class = importlib.import_module(f"doppelnb.engines.{engine}.apply").Draft
    assert list(inspect.signature(draft_class.play).parameters) == ["self", "action"]
    for seed in range(2):
        for state, legal in _played(package, seed, 150):
            action = legal[seed % len(legal)]
            draft = draft_class.of(state)
            draft.play(action)
            assert draft.freeze() == state._apply(action), (seed, action)


@pytest.mark.parametrize("engine", DRAFT_ENGINES)
def test_the_random_playout_loop_is_players_playout_itself(engine: str) -> None:
    """The one-draft random playout loop is ``players.playout`` (a ``while`` over
    ``Draft.of(state)``), never a function of ``apply`` that it wraps (the quest's
    ``apply.random_playout`` was)."""
    sources = engine_sources(engine)
    assert not [n for n in ast.walk(ast.parse(sources["apply"]))
                if isinstance(n, ast.FunctionDef) and "playout" in n.name]
    playout = _function(sources["players"], "playout")
    assert [n for n in ast.walk(playout) if isinstance(n, ast.While)]
    assert "Draft.of" in _calls(playout)


# -- fix7f: one suffix for a brute-force twin, one for an evaluated closed form (issue 26) -------
#: The spellings the engines used before: Doppeldoppel's ``_bruteforce`` and ``_enumerated``,
#: Groom Lake's and the quest's ``_brute``, Groom Lake's ``_from_formula``, the quest's
#: ``_formula_value``. A twin is ``<name>_brute_force`` (CONTRIBUTING.md: "with brute-force
#: twins"), a formula evaluated is ``<name>_closed_form``.
OTHER_TWIN_SPELLINGS = ("_bruteforce", "_brute", "_enumerated", "_enumeration", "_from_formula",
                        "_formula_value", "_formula_evaluated")


def _public_functions(engine: str) -> dict[str, ast.FunctionDef]:
    """Every public top-level function of an engine's modules, by name."""
    return {node.name: node for tree in _modules(engine).values() for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}


@pytest.mark.parametrize("engine", engine_names())
def test_brute_force_twins_and_closed_forms_have_one_suffix_each(engine: str) -> None:
    """``X_brute_force`` is the same number as ``X`` (or ``X_closed_form``) counted the slow way;
    ``X_closed_form`` is ``X_formula`` (or ``X_formulas``) evaluated; no other spelling."""
    functions = _public_functions(engine)
    assert not [name for name in functions if name.endswith(OTHER_TWIN_SPELLINGS)]
    for name in functions:
        if name.endswith("_brute_force"):
            stem = name.removesuffix("_brute_force")
            assert {stem, f"{stem}_closed_form"} & functions.keys(), name
        if name.endswith("_closed_form"):
            stem = name.removesuffix("_closed_form")
            assert {f"{stem}_formula", f"{stem}_formulas"} & functions.keys(), name


@pytest.mark.parametrize("engine", engine_names())
def test_a_function_that_evaluates_a_formula_is_its_closed_form(engine: str) -> None:
    """A public function that calls ``X_formula()`` and returns a number (not the Formula, not a
    picture) is named ``X_closed_form`` (Doppeldoppel's were ``..._probability`` and
    ``five_value_closed_form``)."""
    for name, node in _public_functions(engine).items():
        returns = ast.unparse(node.returns) if node.returns else ""
        if returns in ("Formula", "Html") or name.endswith(("_formula", "_formulas")):
            continue
        for called in _calls(node):
            if called.endswith(("_formula", "_formulas")) and not called.startswith("_"):
                stem = called.removesuffix("s").removesuffix("_formula")
                assert name == f"{stem}_closed_form", (name, called)


#: The tables of words for what a pending step asks of the seat ("seat 3 must now rank the
#: shapes"): ``PENDING`` (the quest, Doppel Doubt; Doppel Doubt's was ``legal.STEP_TEXT``) and
#: Groom Lake's ``WAITING_FOR`` (a noun phrase after "the game is waiting for", not a verb
#: phrase after "must", hence its own name). Each lives beside the actions it describes.
STEP_WORDS = {"PENDING", "WAITING_FOR"}


@pytest.mark.parametrize("engine", engine_names())
def test_the_words_for_a_pending_step_live_in_actions_py(engine: str) -> None:
    """A reader finds what a phase or pending step waits for in ``actions.py``, under one of
    :data:`STEP_WORDS`, and under no other name (``STEP_TEXT``)."""
    modules = _modules(engine)
    elsewhere = {(stem, name) for stem, tree in modules.items() if stem != "actions"
                 for name in _defined(tree) & (STEP_WORDS | {"STEP_TEXT"})}
    assert not elsewhere
    assert "STEP_TEXT" not in _defined(modules["actions"])


# -- fix7e: the last recipe mismatches -------------------------------------------------------------
@pytest.mark.parametrize("engine", engine_names())
def test_the_hand_widget_offers_the_engines_player_counts(engine: str) -> None:
    """The play-a-hand widget reads the player counts from the engine (PLAYER_COUNTS) instead of
    writing them out again, so a new count in notation.py reaches the widget."""
    from doppelnb.widgets.hands import hand_game

    package = importlib.import_module(f"doppelnb.engines.{engine}")
    assert hand_game(engine).player_counts is package.PLAYER_COUNTS
    widget = ENGINES.parent / "widgets" / "hands" / f"{engine}.py"
    written = [node.lineno for node in ast.walk(ast.parse(widget.read_text(encoding="utf-8")))
               if isinstance(node, ast.Assign) and any(
                   isinstance(t, ast.Name) and t.id == "player_counts" for t in node.targets)]
    assert not written, f"widgets/hands/{engine}.py writes player_counts out at {written}"


@pytest.mark.parametrize("engine", engine_names())
def test_new_game_without_rules_plays_rules_default_rules(engine: str) -> None:
    """``new_game(rules=None)`` plays the engine's one default, rules.DEFAULT_RULES itself (the
    quest built a fresh Rules() of its own)."""
    package = importlib.import_module(f"doppelnb.engines.{engine}")
    rules = importlib.import_module(f"doppelnb.engines.{engine}.rules")
    assert package.new_game(package.PLAYER_COUNTS[0], seed=1).rules is rules.DEFAULT_RULES


@pytest.mark.parametrize("engine", engine_names())
def test_every_module_of_the_engine_defines_all(engine: str) -> None:
    """Every module says what it offers in ``__all__`` (Doppeldoppel's analysis.py, rules.py and
    decks.py, Groom Lake's apply.py and setup.py had none), so the check that ``__all__`` lists
    only what the module defines covers the whole engine."""
    missing = [f"{name}.py" for name, tree in _modules(engine).items()
               if not any(isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
                   isinstance(t, ast.Name) and t.id == "__all__"
                   for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
                   for node in tree.body)]
    assert not missing, missing


@pytest.mark.parametrize("engine", engine_names())
def test_render_py_draws_and_leaves_scoring_to_the_rules_modules(engine: str) -> None:
    """render.py defines no scoring query (a function named for scores, such as Doppel Doubt's
    DB-R17 board_colour_scores, which moved to scoring.py): it draws what those compute."""
    tree = _modules(engine)["render"]
    queries = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)
               and not node.name.startswith("_") and node.name.split("_")[-1] in ("score",
                                                                                  "scores")]
    assert not queries, queries


@pytest.mark.parametrize("engine", engine_names())
def test_an_engine_imports_the_rulebook_only_inside_a_function(engine: str) -> None:
    """doppelnb.rulebook imports doppelnb.GAMES (every engine) inside its functions, so an engine
    that imported it at the top would import itself through the package (CONTRIBUTING.md)."""
    at_top = [f"{name}.py:{node.lineno}" for name, tree in _modules(engine).items()
              for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 3
              and (node.module == "rulebook"
                   or (node.module is None and any(a.name == "rulebook" for a in node.names)))]
    assert not at_top, at_top
