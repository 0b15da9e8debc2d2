"""Every chapter teaches its whole digest, in the order a student needs, with checked exercises
(issue 14). ``python tools/chapter_coverage.py`` prints the coverage table."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import chapter_coverage  # noqa: E402

ENGINES = {"01_doppeldoppel.ipynb": "doppeldoppel", "02_doppelganger_tricks.ipynb":
           "doppelganger_tricks", "03_groom_lake.ipynb": "groom_lake",
           "04_doppel_doubt.ipynb": "doppel_doubt",
           "05_doppelganger_quest.ipynb": "doppelganger_quest"}
# The chapter skeleton, in this order (other sections may sit between them).
SKELETON = ("the game in one minute", "how to play", "the rulebook's worked examples",
            "edge cases", "what the unclear rules change", "designer questions", "exercises")
NEEDS_DIGESTS = pytest.mark.skipif(not chapter_coverage.RULES.is_dir(),
                                   reason="the digests (../shared/rules) are not beside the repo")


def cells(notebook: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]


@NEEDS_DIGESTS
@pytest.mark.parametrize("notebook", list(ENGINES))
def test_chapter_cites_every_rule_example_and_ambiguity(notebook):
    cov = chapter_coverage.coverage(notebook)
    missing = sorted(i for kind, (wanted, cited) in cov.items() for i in wanted - cited)
    assert not missing, f"{notebook} does not teach {', '.join(missing)}"


@pytest.mark.parametrize("notebook", list(ENGINES))
def test_chapter_follows_the_skeleton(notebook):
    headings = [line[3:].strip().lower() for c in cells(notebook) if c["cell_type"] == "markdown"
                for line in "".join(c["source"]).splitlines() if line.startswith("## ")]
    found = []
    for part in SKELETON:
        hits = [i for i, h in enumerate(headings) if h.startswith(part)]
        assert hits, f"{notebook} has no '## {part}' section"
        found.append(hits[0])
    assert found == sorted(found), f"{notebook}: sections out of order: {headings}"


@pytest.mark.parametrize("notebook", list(ENGINES))
def test_every_exercise_has_a_checker_cell_and_a_folded_answer(notebook):
    book = importlib.import_module(f"doppelnb.engines.{ENGINES[notebook]}.exercises").BOOK
    nb = cells(notebook)
    code = "\n".join("".join(c["source"]) for c in nb if c["cell_type"] == "code")
    checked = {int(n) for n in re.findall(r"\bcheck\((\d+)\s*,", code)}
    assert checked == {e.number for e in book}, f"{notebook}: check cells for {sorted(checked)}"
    answers = [c for c in nb if c["cell_type"] == "markdown"
               and "answer" in c.get("metadata", {}).get("tags", [])]
    assert len(answers) >= len(book), f"{notebook}: {len(answers)} answer cells for {len(book)}"
    assert len(book) >= 3


@pytest.mark.parametrize("notebook", ["00_start_here.ipynb", *ENGINES])
def test_checked_cells_carry_the_output_nbval_compares(notebook):
    """A ``# NBVAL_CHECK_OUTPUT`` cell without a stored output and count checks nothing."""
    for cell in cells(notebook):
        if cell["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" in "".join(cell["source"]):
            assert cell["outputs"] and cell["execution_count"], "".join(cell["source"])[:120]


def test_course_index_lists_every_chapter_with_its_minutes():
    from doppelnb.course import CHAPTERS, chapter_size, course_table

    assert [c.notebook for c in CHAPTERS] == list(ENGINES)
    html = str(course_table())
    for chapter in CHAPTERS:
        words, _ = chapter_size(chapter)
        assert words > 500 and f'href="{chapter.notebook}"' in html
