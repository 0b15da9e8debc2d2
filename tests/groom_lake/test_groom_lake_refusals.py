"""Groom Lake's ``examples.refusals_table()``, as the other engines': each row is the engine's own
refusal (rule id and sentence) of an attempt, and together they cover every rule id the engine
refuses a move with."""

from __future__ import annotations

import pathlib
import re
from html import unescape

from doppelnb import rulebook
from doppelnb.engines.groom_lake import examples

ENGINE = pathlib.Path(examples.__file__).parent


def _rows(markup: object) -> list[list[str]]:
    """The body rows of an HTML table, each as its cells' plain text (the header left out)."""
    return [[unescape(re.sub(r"<[^>]+>", "", cell))
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", str(markup), flags=re.S)][1:]


def test_refusals_table_refuses_every_attempt_with_a_rule_and_a_sentence():
    rows = _rows(examples.refusals_table())
    assert len(rows) >= 20
    for attempt, kind, rule, reason in rows:
        assert kind in ("a move the rules forbid", "a bad argument"), attempt
        assert rule and reason.strip(), attempt
        assert rulebook.lookup(rule), rule          # every id the table shows is in the index


def test_refusals_table_covers_every_rule_id_the_engine_refuses_a_move_with():
    """Every ``IllegalAction("GL-...")`` written in the engine has a row (GL-A1 and GL-A21 under
    their flags, GL-R26 on a teaching position), and bad arguments have theirs."""
    raised = set()
    for path in ENGINE.glob("*.py"):
        raised |= set(re.findall(r'IllegalAction\(\s*"(GL-[A-Za-z0-9]+)"', path.read_text()))
    assert {"GL-R12", "GL-R17", "GL-R26", "GL-A21"} <= raised   # the scan finds the refusals
    shown = {rule for _, _, rule, _ in _rows(examples.refusals_table())}
    assert raised <= shown, sorted(raised - shown)
    assert {"NB-ARG", "GL-R1"} <= shown                         # bad arguments


def test_refused_by_says_the_refusal_or_accepted():
    """The chapter's one-off helper (a callable in, a sentence out), not legal.refusal."""
    from doppelnb.engines import groom_lake as gl

    assert examples.refused_by(lambda: gl.new_game(2)).startswith("GL-R1:")
    assert examples.refused_by(lambda: gl.new_game(3)) == "accepted"
