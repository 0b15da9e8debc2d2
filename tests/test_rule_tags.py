"""The chapters' rule tags and glossary links carry the rules index's current text."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import rule_tags  # noqa: E402


def test_placeholders_become_tags_with_the_index_text():
    text = rule_tags.render("Equal numbers collide {DD-R13}; the {g:lead colour|lead colours}.")
    assert '<sup style="white-space:nowrap"><a href="rules.html#DD-R13" title="DD-R13: ' in text
    assert 'href="glossary.html#lead-colour"' in text and ">lead colours</a>" in text
    assert "{" not in text
    assert rule_tags.render(text) == text  # already in sync: nothing changes


def test_a_stale_tooltip_is_brought_back_in_sync():
    fresh = rule_tags.render("{DT-R9}")
    stale = fresh.replace('title="DT-R9: ', 'title="DT-R9: an old wording; ')
    assert stale != fresh and rule_tags.render(stale) == fresh


def test_every_notebook_is_in_sync_with_the_index():
    assert rule_tags.main(["--check"]) == 0, "run: python tools/rule_tags.py"
