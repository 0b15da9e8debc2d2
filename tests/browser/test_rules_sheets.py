"""The printable rules sheets fit two A4 sides in Chromium's print, with readable text and no
navigation; rule tags on the sheets land on their rows of the rules index (issue 25).

The pages are written here, into a temporary folder, by the same function ``make explainers``
calls (no notebook runs: a fraction of a second).
"""

from __future__ import annotations

import re

import pytest

from doppelnb.explainers import rules_pages

pytestmark = pytest.mark.browser

A4_SIDES = 2
MIN_PRINT_PX = 10 * 96 / 72 - 0.01  # 10 pt in CSS pixels


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("rules-pages")
    return {p.name: p for p in rules_pages.write_rules_pages(out)}


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF from Chromium: the page tree's /Count (page objects as a cross-check)."""
    counts = [int(n) for n in re.findall(rb"/Count (\d+)", pdf)]
    objects = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert counts and max(counts) == objects, (counts, objects)
    return objects


@pytest.mark.parametrize("name", rules_pages.sheet_names())
def test_rules_sheet_prints_on_at_most_two_a4_sides(name, pages, open_page):
    page, log = open_page("file://")
    page.goto(pages[name].as_uri())
    sides = pdf_pages(page.pdf(format="A4"))
    assert 1 <= sides <= A4_SIDES, f"{name} prints on {sides} A4 sides"

    page.emulate_media(media="print")
    assert not page.locator("nav").is_visible()
    sizes = page.eval_on_selector_all(
        ".sheet p, .sheet li, .sheet td",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= MIN_PRINT_PX, f"print text as small as {min(sizes)} px"
    assert page.locator(".sheet a.rule-tag").count() >= 20
    assert log.blocked == [] and log.errors == []


def test_a_tag_on_a_sheet_opens_its_row_of_the_rules_index(pages, open_page):
    page, log = open_page("file://")
    page.goto(pages["rules-doppeldoppel.html"].as_uri())
    tag = page.locator('.sheet a.rule-tag[href="rules.html#DD-R13"]').first
    assert tag.get_attribute("aria-label").startswith("DD-R13: ")
    tag.click()
    page.wait_for_url(re.compile(r"rules\.html#DD-R13$"))
    row = page.locator('th[id="DD-R13"]')
    assert row.is_visible() and row.evaluate("e => e.matches(':target')")
    assert log.blocked == [] and log.errors == []
