"""Every chapter teaches its whole digest, in the order a student needs, with checked exercises
(issue 14). ``python tools/chapter_coverage.py`` prints the coverage table."""

from __future__ import annotations

import importlib
import json
import re
import sys
from html import escape
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
def test_chapter_says_what_you_will_learn_before_the_first_section(notebook):
    """CONTRIBUTING.md: a chapter opens with its question, then "What you will learn" in 3 to 5
    bullets, before the student plays a hand."""
    text = "\n".join("".join(c["source"]) for c in cells(notebook) if c["cell_type"] == "markdown")
    opening = text.split("\n## ", 1)[0]
    assert "What you will learn" in opening, f"{notebook} does not say what it teaches first"
    after = opening.split("What you will learn", 1)[1]
    bullets = [line for line in after.splitlines() if line.startswith("- ")]
    assert 3 <= len(bullets) <= 5, f"{notebook}: {len(bullets)} bullets"


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
    from doppelnb.course import CHAPTERS, START, chapter_minutes, chapter_size, course_table

    assert [c.notebook for c in CHAPTERS] == list(ENGINES)
    html = str(course_table())
    assert html.index(f'href="{START.notebook}"') < html.index(f'href="{CHAPTERS[0].notebook}"')
    for chapter in CHAPTERS:
        words, _ = chapter_size(chapter)
        assert words > 500 and f'href="{chapter.notebook}"' in html
    total = sum(chapter_minutes(c) for c in (START, *CHAPTERS))
    assert f"about {total} minutes in all" in html  # one length per chapter, added up


def _chapter_bytes(*cells: dict) -> dict[str, bytes]:
    nb = {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return {"99_test.ipynb": json.dumps(nb).encode()}


def test_minutes_count_what_a_student_reads_and_the_exercises():
    """A rule tag's tooltip is an HTML attribute and a worked answer is not in the student's
    edition: neither is prose a student reads, so neither adds minutes."""
    from doppelnb.course import Chapter, chapter_size, minutes_for

    tag = ('<sup><a href="rules.html#DD-R13" title="DD-R13: When two or more cards in a trick '
           'show the same number, all of them go">DD-R13</a></sup>')
    notebooks = _chapter_bytes(
        {"cell_type": "markdown", "metadata": {}, "source": f"Equal numbers collide{tag} here."},
        {"cell_type": "code", "metadata": {}, "source": "check(1, ...)", "outputs": [],
         "execution_count": None},
        {"cell_type": "markdown", "metadata": {"tags": ["answer"]},
         "source": "**Answer (teacher edition), exercise 1** " + "word " * 600},
        {"cell_type": "code", "metadata": {}, "source": "check(2, 5)\ncheck(1, 3)", "outputs": [],
         "execution_count": None})
    chapter = Chapter(9, "", "99_test.ipynb", "test", "", "", "")
    assert chapter_size(chapter, notebooks) == (5, 2)  # "Equal numbers collide DD-R13 here."
    assert minutes_for(words=0, exercises=2) == 10


def test_the_teachers_guide_has_a_plan_for_every_chapter():
    from doppelnb import rulebook
    from doppelnb.cli import shipped_notebooks
    from doppelnb.course import CHAPTERS, LESSON_PLANS, START, chapter_size, lesson_plans

    chapters = (START, *CHAPTERS)
    assert [p.chapter for p in LESSON_PLANS] == [c.number for c in chapters]
    notebooks = shipped_notebooks()
    html = str(lesson_plans())
    for plan, chapter in zip(LESSON_PLANS, chapters, strict=True):
        texts = " ".join([plan.play, plan.predict, plan.ask, plan.stumble])
        for rule_id in rulebook.ID_PATTERN.findall(texts):
            assert rulebook.lookup(rule_id).id == rule_id  # every cited id is in the index
            assert f'href="rules.html#{rule_id}"' in html
        words, exercises = chapter_size(chapter, notebooks)
        assert f"{exercises} exercises)" in html
        if chapter.game:  # the hand the plan starts with is the chapter's own
            assert escape(f'play_hand("{chapter.game}")') in html
            code = [c for c in json.loads(notebooks[chapter.notebook])["cells"]
                    if c["cell_type"] == "code"]
            assert any(f'play_hand("{chapter.game}"' in "".join(c["source"]) for c in code)


def test_the_start_page_gallery_draws_one_moment_of_each_game():
    from doppelnb.course import CHAPTERS, gallery

    html = str(gallery())
    assert html.count("<figure") == len(CHAPTERS) == html.count("<svg")
    for chapter in CHAPTERS:
        assert f'href="{chapter.notebook}"' in html and escape(chapter.question) in html


def test_dice_chart_draws_one_bar_per_total_and_refuses_bad_dice():
    from doppelnb import BadInput
    from doppelnb.course import MAX_CHART_DICE, dice_chart

    for dice in (1, 3, MAX_CHART_DICE):
        svg = str(dice_chart(dice))
        assert svg.count("<rect") == 5 * dice + 1  # totals dice .. 6 * dice
        assert "total of the dice" in svg
    for bad in (0, MAX_CHART_DICE + 1, 2.5, "3", True):
        with pytest.raises(BadInput):
            dice_chart(bad)
