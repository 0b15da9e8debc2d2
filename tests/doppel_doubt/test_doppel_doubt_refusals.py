"""Doppel Doubt's ``examples.refusals_table()``, as the other engines': each row is the engine's
own refusal (rule id and sentence) of an attempt, and together they cover every rule id the
engine refuses a move with."""

from __future__ import annotations

import pathlib
import re
from html import unescape

from doppelnb import rulebook
from doppelnb.engines.doppel_doubt import examples

ENGINE = pathlib.Path(examples.__file__).parent


def _rows(markup: object) -> list[list[str]]:
    """The body rows of an HTML table, each as its cells' plain text (the header left out)."""
    return [[unescape(re.sub(r"<[^>]+>", "", cell))
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", str(markup), flags=re.S)][1:]


def test_refusals_table_refuses_every_attempt_with_a_rule_and_a_sentence():
    rows = _rows(examples.refusals_table())
    assert len(rows) >= 10
    for attempt, kind, rule, reason in rows:
        assert kind in ("a move the rules forbid", "a bad argument"), attempt
        assert rule and reason.strip(), attempt
        assert rulebook.lookup(rule), rule          # every id the table shows is in the index


def test_refusals_table_covers_every_rule_id_the_engine_refuses_a_move_with():
    """Every ``IllegalAction("DB-...")`` written in the engine, and a placement refused by its
    verdict (DB-R10..DB-R13), has a row."""
    raised = set()
    for path in ENGINE.glob("*.py"):
        raised |= set(re.findall(r'IllegalAction\(\s*"(DB-[A-Za-z0-9]+)"', path.read_text()))
    assert {"DB-R4", "DB-R5", "DB-R16"} <= raised      # the scan finds the engine's refusals
    shown = {rule for _, _, rule, _ in _rows(examples.refusals_table())}
    assert raised <= shown, sorted(raised - shown)
    assert any(re.fullmatch(r"DB-R1[0-3][a-z]?", rule) for rule in shown)   # a placement verdict
    assert {"DB-R10b", "NB-ARG"} <= shown                                   # bad arguments


def test_edge_cases_stay_beside_the_refusals_table():
    assert [row[0] for row in examples.edge_cases()][:3] == ["DB-T4", "DB-T5", "DB-T5"]
