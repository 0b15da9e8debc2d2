"""Every control of every exported explainer, used in Chromium with the network blocked.

- Each visible, enabled button, slider, select, toggle and checkbox is used once and must change
  what the page shows (the HTML views of its cell's widgets): a control that is enabled and
  changes nothing fails the test.
- Each game page has a stepper that goes forward ten states and back again, by its buttons, its
  slider's keyboard and its move list; the picture changes at every step.
- Every disabled control says why: a "needs a live notebook" tooltip next to a visible note, or a
  stepper button at the first / last state.
- Every control has an accessible name that is words, not a glyph, and the stepper works from the
  keyboard.

The every-control test opens each page afresh (it needs every control as exported, and leaves
them changed); the others step a stepper and bring it back, or only read, on the session's page
of each explainer (conftest's ``explainer_page``, which test_explainers opened): a page load
costs 4-5 s of Chromium's CPU.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import NOTEBOOKS, SCREENSHOTS, mentions_stepper, notebook_params
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

GAME_PAGES = [nb for nb in NOTEBOOKS if nb.stem[:2] != "00"]
VIEW_SCRIPT = 'script[type="application/vnd.jupyter.widget-view+json"]'

# What a reader sees of a cell's widgets: every visible HTML view, packed or not.
SHOWN_JS = """el => Array.from(el.querySelectorAll('.widget-html-content'))
    .filter(e => e.offsetParent !== null).map(e => e.innerHTML).join('\\n')"""

# Visible, enabled controls of the widgets (not the page's own links or "show code").
CONTROLS_JS = """() => {
  const found = [];
  const visible = e => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
  document.querySelectorAll('.jp-OutputArea-output').forEach((out, o) => {
    const add = (el, kind) => { if (visible(el)) { el.dataset.probe = `${o}-${found.length}`;
      found.push({id: el.dataset.probe, kind, out: o, label: el.getAttribute('aria-label') || el.title || el.textContent.trim()}); } };
    out.querySelectorAll('.jupyter-widgets button:not(:disabled)').forEach(b => add(b, 'button'));
    out.querySelectorAll('.jupyter-widgets select:not(:disabled)').forEach(s => add(s, 'select'));
    out.querySelectorAll('.widget-slider:not(.mod-disabled) .noUi-handle, ' +
                         '.widget-slider .noUi-handle').forEach(h => {
      if (!h.closest('[disabled]') && !h.hasAttribute('disabled')) add(h, 'slider'); });
    out.querySelectorAll('.jupyter-widgets input[type=checkbox]:not(:disabled)').forEach(c => add(c, 'checkbox'));
    out.querySelectorAll('.lm-TabBar-tab').forEach(t => add(t, 'tab'));
  });
  return found;
}"""


def open_explainer(open_page, html_file: Path):
    """A page of its own, as exported (for the test that uses every control)."""
    page, log = open_page("file://")
    page.goto(html_file.as_uri(), wait_until="load")
    return wait_drawn(page), log


def shared_explainer(explainer_page, html_file: Path):
    """The session's page of this explainer (conftest's ``explainer_page``): the tests that
    only read it, or step a stepper and bring it back, need no page of their own."""
    page, log = explainer_page(html_file)
    return wait_drawn(page), log


def wait_drawn(page):
    views = page.locator(VIEW_SCRIPT).count()
    if views:
        page.wait_for_function(
            f"() => document.querySelectorAll('.widget-subarea').length >= {views}",
            timeout=30_000)
    page.wait_for_function("() => window.doppelnbOffline && window.doppelnbOffline.version >= 1",
                           timeout=10_000)
    # packed pictures are unpacked by the page's script
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('doppelnb-z')).every(z => z.innerHTML)",
        timeout=20_000)
    return page


def output_of(page, selector: str):
    return page.locator(selector).locator("xpath=ancestor::div[contains(@class,"
                                          "'jp-OutputArea-output')][1]")


def shown(output) -> str:
    return output.evaluate(SHOWN_JS)


def wait_change(page, output, before: str, what: str) -> str:
    handle = output.element_handle()
    try:
        page.wait_for_function(f"([el, old]) => ({SHOWN_JS})(el) !== old", arg=[handle, before],
                               timeout=5_000)
    except PlaywrightTimeout:
        pytest.fail(f"{what}: enabled, but using it changed nothing on the page", pytrace=False)
    page.wait_for_timeout(60)
    return shown(output)


def use(page, control: dict) -> None:
    el = page.locator(f'[data-probe="{control["id"]}"]')
    kind = control["kind"]
    if kind == "select":
        n = el.evaluate("s => s.options.length")
        current = el.evaluate("s => s.selectedIndex")
        el.select_option(index=(current + 1) % n if current >= 0 else 0)
    elif kind == "slider":
        now, hi = el.evaluate("h => [Number(h.getAttribute('aria-valuenow')),"
                              " Number(h.getAttribute('aria-valuemax'))]")
        el.focus()
        page.keyboard.press("ArrowLeft" if now >= hi else "ArrowRight")
    elif kind == "button" and "widget-toggle-button" in (el.get_attribute("class") or ""):
        if "mod-active" in (el.get_attribute("class") or ""):
            return
        el.click()
    else:
        el.click()


def mid_game(page, panel) -> None:
    """Put a stepper a few states into its game (with its slider's keyboard)."""
    handle = panel.query_selector(".doppelnb-stepper-slider .noUi-handle")
    handle.focus()
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(100)


@pytest.mark.parametrize("notebook", notebook_params([]))
def test_every_enabled_control_changes_the_page(notebook: Path, explainers, open_page):
    page, log = open_explainer(open_page, explainers[notebook.stem])
    controls = page.evaluate(CONTROLS_JS)
    used = 0
    for control in controls:
        el = page.locator(f'[data-probe="{control["id"]}"]')
        if el.count() == 0 or not el.is_visible() or el.is_disabled():
            continue  # gone with an earlier change (another stepper page, another tab)
        classes = el.get_attribute("class") or ""
        if ("mod-active" in classes and control["kind"] == "button") or "lm-mod-current" in classes:
            continue  # the toggle or tab already chosen
        output = page.locator(".jp-OutputArea-output").nth(control["out"])
        before = shown(output)
        what = f"{control['kind']} {control['label']!r} (output {control['out']})"
        is_play = el.evaluate("e => !!e.closest('.widget-play')")
        panel_handle = el.evaluate_handle("e => e.closest('.doppelnb-stepper-panel')")
        if panel_handle.as_element() is not None and control["kind"] != "slider":
            mid_game(page, panel_handle.as_element())
            if el.is_disabled():
                continue
            before = shown(output)
        use(page, control)
        wait_change(page, output, before, what)
        if is_play and el.evaluate("e => !!e.querySelector('.fa-pause')"):
            el.click()  # pause what the play button started
        used += 1
    assert used >= 1 or not controls, "no control could be used"
    screenshot = SCREENSHOTS / f"controls-{notebook.stem}.png"
    page.screenshot(path=str(screenshot))
    assert log.blocked == [], f"an offline page tried the network: {log.blocked}"
    assert log.errors == []


@pytest.mark.parametrize("notebook", [pytest.param(p, id=p.stem) for p in GAME_PAGES])
def test_game_stepper_goes_ten_states_forward_and_back(notebook: Path, explainers, explainer_page):
    assert mentions_stepper(notebook), "every game page shows a game stepper"
    page, log = shared_explainer(explainer_page, explainers[notebook.stem])
    steppers = [s for s in page.locator(".doppelnb-stepper").all() if s.is_visible()]
    best = 0
    for stepper in steppers:
        view = stepper.locator(".doppelnb-stepper-view")
        caption = stepper.locator(".doppelnb-stepper-caption")
        first = stepper.locator("button.doppelnb-stepper-first")
        if not first.is_disabled():
            first.click()
        page.wait_for_function("el => el.innerText.startsWith('step 0 ')",
                               arg=caption.element_handle(), timeout=5_000)
        pictures = [view.inner_html()]
        assert "<svg" in pictures[0], "the first state shows no picture"
        forward = stepper.locator("button.doppelnb-stepper-forward")
        steps = 0
        while steps < 10 and not forward.is_disabled():
            forward.click()
            page.wait_for_function("([el, old]) => el.innerHTML !== old && el.querySelector('svg')",
                                   arg=[view.element_handle(), pictures[-1]], timeout=5_000)
            pictures.append(view.inner_html())
            steps += 1
            assert caption.inner_text().startswith(f"step {steps} ")
        back = stepper.locator("button.doppelnb-stepper-back")
        for k in range(steps):
            back.click()
            page.wait_for_function("([el, want]) => el.innerHTML === want",
                                   arg=[view.element_handle(), pictures[steps - k - 1]],
                                   timeout=5_000)
        assert back.is_disabled() and first.is_disabled(), "at the first state, back is off"
        assert len(set(pictures)) == len(pictures), "the picture changed at every step"
        best = max(best, steps)
    assert best >= 10, f"no stepper on the page went 10 states forward (best {best})"
    assert log.errors == []


@pytest.mark.parametrize("notebook", [pytest.param(p, id=p.stem) for p in GAME_PAGES])
def test_stepper_works_from_the_keyboard(notebook: Path, explainers, explainer_page):
    page, _log = shared_explainer(explainer_page, explainers[notebook.stem])
    stepper = next(s for s in page.locator(".doppelnb-stepper").all() if s.is_visible())
    caption = stepper.locator(".doppelnb-stepper-caption")
    forward = stepper.locator("button.doppelnb-stepper-forward")
    if forward.is_disabled():
        stepper.locator("button.doppelnb-stepper-first").click()
    start = caption.inner_text()
    forward.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("([el, old]) => el.innerText !== old",
                           arg=[caption.element_handle(), start], timeout=5_000)
    handle = stepper.locator(".doppelnb-stepper-slider .noUi-handle")
    handle.focus()
    page.keyboard.press("End")
    page.wait_for_function("el => /^step (\\d+) of \\1:/.test(el.innerText)",
                           arg=caption.element_handle(), timeout=5_000)
    page.keyboard.press("Home")
    page.wait_for_function("el => el.innerText.startsWith('step 0 ')",
                           arg=caption.element_handle(), timeout=5_000)
    moves = stepper.locator(".doppelnb-stepper-moves select")
    moves.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("el => el.innerText.startsWith('step 2 ')",
                           arg=caption.element_handle(), timeout=5_000)


GLYPH_ONLY = re.compile(r"^[\W\d_]*$")


@pytest.mark.parametrize("notebook", notebook_params([]))
def test_controls_are_named_and_disabled_ones_say_why(notebook: Path, explainers, explainer_page):
    page, _log = shared_explainer(explainer_page, explainers[notebook.stem])
    page.wait_for_timeout(300)  # the page's script names controls on the next frame
    controls = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.jp-OutputArea-output .jupyter-widgets button, .jp-OutputArea-output .jupyter-widgets select,'
        + ' .jp-OutputArea-output .jupyter-widgets input, .jp-OutputArea-output .noUi-handle'))
      .filter(e => e.offsetParent !== null)
      .map(e => ({name: e.getAttribute('aria-label') || e.title || '', text: e.textContent.trim(),
                  disabled: e.disabled || e.hasAttribute('disabled')
                            || !!e.closest('.widget-slider.mod-disabled, [disabled]'),
                  reason: (e.closest('[title]') || {}).title || '',
                  stepping: !!e.closest('.doppelnb-stepper-play')
                            || /doppelnb-stepper-(first|back|forward|last)\\b/.test(e.className),
                  cls: e.className, liveNote: !!e.closest('.jp-OutputArea-output')
                       .querySelector('.doppelnb-live-note')}))""")
    unnamed = [c for c in controls if GLYPH_ONLY.match(c["name"]) and GLYPH_ONLY.match(c["text"])]
    assert unnamed == [], f"controls without an accessible name in words: {unnamed[:5]}"
    for c in controls:
        if not c["disabled"]:
            continue
        if c["stepping"]:
            continue  # first/back/stop at the first state, forward/last at the last (see above)
        why = c["name"] + " " + c["reason"]
        assert "live notebook" in why.lower(), f"disabled without a reason: {c}"
        assert c["liveNote"], f"a disabled control without the note that says why: {c}"
