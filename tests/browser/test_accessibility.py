"""Every exported page and every Voilà app page passes axe-core's WCAG 2 A/AA rules with no
serious or critical violation, and an exported page copied without the files beside it says so
in one visible sentence (issue 25).

axe-core is fetched through npm into ``build/vendor/`` the way the widget renderer is
(``make vendor``; :func:`doppelnb.explainers.vendor.axe_script`) and evaluated inside each page
(``browser_support.axe_violations``). The chapter pages and the app pages are audited by
test_explainers.py and test_app.py once they have drawn them (loading a chapter takes seconds);
these tests, which run last, judge those audits (``axe_results`` in conftest.py) and audit a
page themselves when nobody did. The index, rules and glossary pages and the rules sheets are
opened here (a fraction of a second each).

Nothing is allow-listed: every serious or critical violation fails. (The chapters' explorers
once used sliders, whose live handle ipywidgets leaves unnamed; they now use number boxes and
dropdowns, whose ``description`` is their ``<label for>``.)
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_support import (
    EXPLAINERS,
    FAILING_IMPACTS,
    FIXTURE_NOTEBOOKS,
    NOTEBOOKS,
    VOILA_STATIC_PARTS,
    axe_violations,
    describe_violations,
    impact_counts,
    mentions_stepper,
    notebook_params,
    wait_until_rendered,
)

from doppelnb.explainers import rules_pages

pytestmark = pytest.mark.browser

VIEW_SCRIPT = 'script[type="application/vnd.jupyter.widget-view+json"]'
NOTICE = "#doppelnb-vendor-missing"


def judge(page: str, violations: list[dict]) -> None:
    """Fail on every serious or critical violation."""
    failing = []
    for v in violations:
        nodes = [node for node in v["nodes"] if node["impact"] in FAILING_IMPACTS]
        if nodes:
            failing.append({**v, "nodes": nodes})
    counts = impact_counts(failing)
    assert not failing, (f"{page}: axe-core finds {counts} (WCAG 2 A/AA):\n"
                         + describe_violations(failing))


def open_drawn(open_page, html_file: Path):
    """An exported page, opened with no network, once its widgets are drawn."""
    page, log = open_page("file://")
    page.goto(html_file.as_uri(), wait_until="load")
    return drawn(page), log


def drawn(page):
    """The page once its widgets are drawn and its packed pictures unpacked."""
    views = page.locator(VIEW_SCRIPT).count()
    if views:
        page.wait_for_function(
            f"() => document.querySelectorAll('.widget-subarea').length >= {views}",
            timeout=60_000)
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('doppelnb-z')).every(z => z.innerHTML)",
            timeout=30_000)
    return page


# -- exported pages ------------------------------------------------------------------------------

@pytest.mark.parametrize("notebook", notebook_params(FIXTURE_NOTEBOOKS))
def test_exported_chapter_page_passes_axe(notebook: Path, explainers, axe_results, open_page):
    key = f"explainer:{notebook.stem}"
    violations = axe_results.get(key)
    if violations is None:  # test_explainers did not audit it: run alone, or it failed first
        page, _log = open_drawn(open_page, explainers[notebook.stem])
        violations = axe_violations(page)
    judge(key, violations)


OTHER_PAGES = ["index.html", "rules.html", "glossary.html", *rules_pages.sheet_names()]


@pytest.mark.parametrize("name", OTHER_PAGES)
def test_index_rules_and_glossary_pages_pass_axe(name, explainers, open_page):
    page, log = open_page("file://")
    page.goto((EXPLAINERS / name).as_uri(), wait_until="load")
    judge(name, axe_violations(page))
    assert log.blocked == [] and log.errors == []


def test_code_and_answers_unfolded_pass_axe(explainers, explainer_page):
    """The code behind "show code" and the folded answers, opened (axe skips what is folded):
    the code colours are the same on every page, so the smallest chapter stands for all. (The
    session's page of it: these tests run last, so unfolding it changes no other test's page.)"""
    page, _log = explainer_page(explainers[NOTEBOOKS[0].stem])
    drawn(page)
    opened = page.evaluate("() => { const d = document.querySelectorAll('details');"
                           " d.forEach(e => { e.open = true; }); return d.length; }")
    assert opened >= 1
    judge(f"explainer:{NOTEBOOKS[0].stem} (unfolded)", axe_violations(page))


# -- Voilà app pages ------------------------------------------------------------------------------

@pytest.mark.parametrize("notebook", notebook_params(FIXTURE_NOTEBOOKS))
def test_app_page_passes_axe(notebook: Path, app_pages, explainers, axe_results):
    key = f"app:{notebook.stem}"
    violations = axe_results.get(key)
    if violations is None:  # test_app did not audit it
        page, log = app_pages[notebook.stem]
        page.bring_to_front()
        page.wait_for_url(f"**/voila/render/{notebook.name}", timeout=120_000)
        page.wait_for_load_state("load", timeout=120_000)
        expect_stepper = (mentions_stepper(notebook) or '"doppelnb-stepper-view"'
                          in explainers[notebook.stem].read_text("utf-8"))
        wait_until_rendered(page, log, expect_stepper)
        violations = axe_violations(page, exclude=VOILA_STATIC_PARTS)
    judge(key, violations)


# -- a page copied without its folder -------------------------------------------------------------

def test_page_copied_alone_says_it_needs_its_folder(explainers, open_page, tmp_path):
    """The sentence shows when the page's scripts cannot load (test_explainers checks that it
    stays hidden on every page opened with its folder)."""
    alone = tmp_path / "alone"
    alone.mkdir()
    original = explainers[NOTEBOOKS[0].stem]
    shutil.copy(original, alone / original.name)
    page, _log = open_page("file://")
    page.goto((alone / original.name).as_uri(), wait_until="load")
    notice = page.locator(NOTICE)
    notice.wait_for(state="visible", timeout=10_000)
    text = " ".join(notice.inner_text().split())
    assert text.count(". ") == 0 and text.endswith("."), f"not one sentence: {text!r}"
    assert "copy the whole" in text and "folder" in text, text
    box = notice.bounding_box()
    assert box and box["y"] < 200, f"the sentence is not at the top of the page: {box}"
