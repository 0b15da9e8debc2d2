"""Each notebook served by Voilà renders without errors, and its steppers answer clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import (
    FIXTURE_NOTEBOOKS,
    SCREENSHOTS,
    VOILA_STATIC_PARTS,
    axe_violations,
    mentions_stepper,
    notebook_params,
    screenshot_page,
    wait_until_rendered,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

ERROR_OUTPUT = ('[data-mime-type="application/vnd.jupyter.stderr"], '
                '[data-mime-type="application/vnd.jupyter.error"], .jp-OutputArea-error')


@pytest.mark.parametrize("notebook", notebook_params(FIXTURE_NOTEBOOKS))
def test_app_renders_and_steppers_answer(notebook: Path, app_pages, explainers, axe_results):
    page, log = app_pages[notebook.stem]
    page.bring_to_front()
    # A stepper is expected where the code builds one or the exported page's widget state has one.
    expect_stepper = (mentions_stepper(notebook) or
                      '"doppelnb-stepper-view"' in explainers[notebook.stem].read_text("utf-8"))
    page.wait_for_url(f"**/voila/render/{notebook.name}", timeout=120_000)
    page.wait_for_load_state("load", timeout=120_000)
    wait_until_rendered(page, log, expect_stepper)

    text = page.inner_text("body")
    assert "Traceback" not in text and "There was an error when executing cell" not in text
    assert "|---" not in text, "a markdown table was not rendered (a table inside a list?)"
    assert page.locator(ERROR_OUTPUT).count() == 0, "a cell shows an error or writes to stderr"
    assert page.locator(".jp-OutputArea-output").count() >= 1, "Voilà shows no output at all"

    steppers = page.locator(".doppelnb-stepper")
    if expect_stepper:
        assert steppers.count() >= 1, "the notebook builds a stepper but none is rendered"
    clicked = 0
    for i in range(steppers.count()):
        stepper = steppers.nth(i)
        forward = stepper.locator(".doppelnb-stepper-forward")
        if forward.is_disabled() or not stepper.is_visible():
            continue  # a one-state game, or a stepper in a closed accordion / another tab
        view = stepper.locator(".doppelnb-stepper-view")
        caption = stepper.locator(".doppelnb-stepper-caption")
        before, before_caption = view.inner_html(), caption.inner_text()
        assert "<svg" in before, f"stepper {i} shows no SVG picture"
        forward.click()
        handle = view.element_handle()
        try:
            page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[handle, before],
                                   timeout=15_000)
        except PlaywrightTimeout:
            pytest.fail(f"stepper {i}: clicking forward did not change the picture "
                        f"(caption {caption.inner_text()!r}; errors {log.errors})", pytrace=False)
        # A live stepper sends the picture and the caption as two widget updates: wait for both.
        page.wait_for_function("([el, old]) => el.innerText !== old",
                               arg=[caption.element_handle(), before_caption], timeout=15_000)
        assert "<svg" in view.inner_html()
        stepper.locator(".doppelnb-stepper-back").click()
        page.wait_for_function("([el, old]) => el.innerHTML === old", arg=[handle, before],
                               timeout=15_000)
        clicked += 1
    if expect_stepper:
        assert clicked >= 1, "no stepper could step forward"

    # Voilà drops the outputs a kernel sends after its IOPub wait: never silently (conftest).
    dropped = (SCREENSHOTS / "voila.log").read_text("utf-8", errors="replace")
    assert "Timeout waiting for IOPub output" not in dropped, "Voilà dropped a cell's late outputs"

    screenshot_page(page, SCREENSHOTS / f"app-{notebook.stem}.png")
    # The app is drawn: its accessibility audit, judged by test_accessibility.py.
    axe_results[f"app:{notebook.stem}"] = axe_violations(page, exclude=VOILA_STATIC_PARTS)
    # Requests beyond the server are blocked (Voilà's page asks a CDN for icon CSS); apart from
    # those, nothing on the page may fail.
    assert log.unexpected_errors() == []
