"""Every engine's ``examples.refusals_table()`` built on ``core.render.refusals_table``: each row
is the engine's own refusal (rule id and sentence) of an attempt, every id is in the rules index,
and together the rows cover every rule id the engine refuses a move with (each
``IllegalAction("XX-...")`` written in its source) and its bad arguments."""

from __future__ import annotations

import importlib
import pathlib
import re
from html import unescape

import pytest

from doppelnb import rulebook

#: engine -> (id prefix, fewest rows, ids the source scan must find, other ids the table shows)
CASES = {
    "doppeldoppel": ("DD", 8, {"DD-R9", "DD-R11", "DD-R12"}, {"DD-R1", "DD-R2"}),
    "doppel_doubt": ("DB", 10, {"DB-R4", "DB-R5", "DB-R16"}, {"DB-R10b", "NB-ARG"}),
    "groom_lake": ("GL", 20, {"GL-R12", "GL-R17", "GL-R26", "GL-A21"}, {"NB-ARG", "GL-R1"}),
}


def _rows(markup: object) -> list[list[str]]:
    """The body rows of an HTML table, each as its cells' plain text (the header left out)."""
    return [[unescape(re.sub(r"<[^>]+>", "", cell))
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", str(markup), flags=re.S)][1:]


def _examples(engine: str):
    return importlib.import_module(f"doppelnb.engines.{engine}.examples")


@pytest.mark.parametrize("engine", sorted(CASES))
def test_refusals_table_refuses_every_attempt_with_a_rule_and_a_sentence(engine):
    rows = _rows(_examples(engine).refusals_table())
    assert len(rows) >= CASES[engine][1]
    for attempt, kind, rule, reason in rows:
        assert kind in ("a move the rules forbid", "a bad argument"), attempt
        assert rule and reason.strip(), attempt
        assert rulebook.lookup(rule), rule          # every id the table shows is in the index


@pytest.mark.parametrize("engine", sorted(CASES))
def test_refusals_table_covers_every_rule_id_the_engine_refuses_a_move_with(engine):
    prefix, _, scanned, others = CASES[engine]
    examples = _examples(engine)
    raised = set()
    for path in pathlib.Path(examples.__file__).parent.glob("*.py"):
        raised |= set(re.findall(rf'IllegalAction\(\s*"({prefix}-[A-Za-z0-9]+)"',
                                 path.read_text(encoding="utf-8")))
    assert scanned <= raised                        # the scan finds the engine's refusals
    shown = {rule for _, _, rule, _ in _rows(examples.refusals_table())}
    assert raised <= shown, sorted(raised - shown)
    assert others <= shown                          # bad arguments and other refusals


def test_doppel_doubt_shows_a_placement_refused_by_its_verdict():
    """DB-R10..DB-R13 refuse by the placement's verdict, not an ``IllegalAction`` call."""
    shown = {rule for _, _, rule, _ in _rows(_examples("doppel_doubt").refusals_table())}
    assert any(re.fullmatch(r"DB-R1[0-3][a-z]?", rule) for rule in shown)
