"""Each exported explainer opens with no network and shows its widgets, pictures and maths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import (
    COURSE,
    EXPLAINERS,
    FIXTURE_NOTEBOOKS,
    NOTEBOOKS,
    SCREENSHOTS,
    axe_violations,
    mentions_stepper,
    notebook_params,
    screenshot_page,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

VIEW_SCRIPT = 'script[type="application/vnd.jupyter.widget-view+json"]'
RAW_REPR = re.compile(r"<[\w.]+(?: [\w.]+)* object at 0x[0-9a-fA-F]+>")
MATH = re.compile(r"(?<!\\)\$[^$\n]+\$")


def has_math(notebook: Path) -> bool:
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    return any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)


def check_links(page, here: Path) -> list[str]:
    """Relative links must reach a page next to this one (or a course notebook not yet written)."""
    bad = []
    for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))"):
        if re.match(r"^([a-zA-Z][\w+.-]*:|#|/)", href):
            continue
        target = href.split("#")[0]
        if target.endswith(".ipynb"):
            bad.append(f"{href} still points at a notebook")
        elif not (here.parent / target).exists():
            stem = Path(target).stem
            pending = stem in COURSE and not (EXPLAINERS.parent.parent / "notebooks" /
                                              f"{stem}.ipynb").exists()
            if not pending:
                bad.append(f"{href} leads nowhere")
    return bad


@pytest.mark.parametrize("notebook", notebook_params(FIXTURE_NOTEBOOKS))
def test_explainer_works_offline(notebook: Path, explainers, explainer_page, axe_results):
    html_file = explainers[notebook.stem]
    source = html_file.read_text(encoding="utf-8")
    page, log = explainer_page(html_file)  # the first to open it: the page as exported

    # Widgets: every embedded view renders (the renderer is the local embed-amd.js).
    views = page.locator(VIEW_SCRIPT).count()
    if views:
        try:
            page.wait_for_function(
                f"() => document.querySelectorAll('.widget-subarea').length >= {views}",
                timeout=30_000)
        except PlaywrightTimeout:
            pytest.fail(f"the widget renderer drew {page.locator('.widget-subarea').count()} of "
                        f"{views} widget views; page errors: {log.errors}", pytrace=False)
        empty = page.eval_on_selector_all(
            ".widget-subarea", "els => els.filter(e => !e.querySelector('.jupyter-widgets')).length")
        assert empty == 0, f"{empty} of {views} widget areas stayed empty"
        html_widgets = page.eval_on_selector_all(
            ".widget-html-content", "els => els.filter(e => e.innerHTML.trim()).length")
        assert html_widgets or page.locator(".jupyter-widgets.widget-inline-hbox").count()

    # The stepper shows a picture of the state, as the notebook left it.
    if '"doppelnb-stepper"' in source or mentions_stepper(notebook):  # a class in the widget state
        steppers = page.locator(".doppelnb-stepper")
        assert steppers.count() >= 1, "the notebook builds a stepper but none is rendered"
        shown = 0
        for i in range(steppers.count()):
            view = steppers.nth(i).locator(".doppelnb-stepper-view")
            assert view.locator("svg").count() >= 1, f"stepper {i} shows no SVG picture"
            if not steppers.nth(i).is_visible():
                continue  # e.g. inside a closed accordion or another tab
            box = view.locator("svg").first.bounding_box()
            assert box and box["width"] > 20 and box["height"] > 20, f"stepper {i}: tiny SVG"
            caption = steppers.nth(i).locator(".doppelnb-stepper-caption").inner_text()
            assert caption.startswith("step ")
            shown += 1
        assert shown >= 1, "no stepper is visible on the page"

    # Pictures: every explainer shows at least one, and it has a size on screen.
    pictures = page.locator(".jp-OutputArea-output svg, .jp-OutputArea-output img")
    assert pictures.count() >= 1, "no picture (SVG or image) in the outputs"
    box = pictures.first.bounding_box()
    assert box and box["width"] > 20 and box["height"] > 20

    # Maths: MathJax is the local copy, and typesets the notebook's formulas without errors.
    assert page.evaluate("() => typeof MathJax !== 'undefined' && !!MathJax.Hub")
    if has_math(notebook):
        page.wait_for_function("() => document.querySelectorAll('.MathJax_CHTML').length > 0",
                               timeout=30_000)
        assert page.locator(".MathJax_Error, .mjx-merror").count() == 0

    # No tracebacks, stderr or raw reprs shown anywhere.
    text = page.inner_text("body")
    assert "Traceback (most recent call last)" not in text
    assert "|---" not in text, "a markdown table was not rendered (a table inside a list?)"
    assert not RAW_REPR.search(text), RAW_REPR.search(text)
    assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0

    assert check_links(page, html_file) == []
    screenshot_page(page, SCREENSHOTS / f"explainer-{notebook.stem}.png")
    assert log.blocked == [], f"an offline page tried the network: {log.blocked}"
    assert log.errors == []
    # With its folder, the sentence for a page copied alone stays hidden.
    assert not page.locator("#doppelnb-vendor-missing").is_visible()
    # The page is drawn: its accessibility audit, judged by test_accessibility.py.
    axe_results[f"explainer:{notebook.stem}"] = axe_violations(page)


def test_index_links_every_explainer(explainers, open_page):
    index = EXPLAINERS / "index.html"
    page, log = open_page("file://")
    page.goto(index.as_uri())
    hrefs = page.eval_on_selector_all("li.explainer > a", "els => els.map(e => e.getAttribute('href'))")
    assert hrefs == [f"{nb.stem}.html" for nb in NOTEBOOKS]
    for href in hrefs:
        assert (EXPLAINERS / href).exists()
    titles = page.eval_on_selector_all("li.explainer > a", "els => els.map(e => e.textContent)")
    assert all(re.match(r"^\d+ · \S", t) for t in titles), titles
    page.screenshot(path=str(SCREENSHOTS / "explainer-index.png"), full_page=True)
    assert log.blocked == [] and log.errors == []
