"""Paths, names and helpers shared by the browser tests and their fixtures."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from local_servers import CHROMIUM, CHROMIUM_ARGS, free_port, stop  # noqa: E402,F401

FIXTURES = Path(__file__).resolve().parent / "fixtures"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
FIXTURE_NOTEBOOKS = [FIXTURES / "stepper_demo.ipynb"]
FIXTURE_MODULES = [FIXTURES / "race_game.py"]
EXPLAINERS = ROOT / "build" / "explainers"
FIXTURE_EXPLAINERS = ROOT / "build" / "browser-fixtures"
SCREENSHOTS = ROOT / "build" / "screenshots"
# The course, in order (CONTRIBUTING.md). Links to these may point at notebooks not written yet.
COURSE = ["00_start_here", "01_doppeldoppel", "02_doppelganger_tricks", "03_groom_lake",
          "04_doppel_doubt", "05_doppelganger_quest"]


def notebook_params(extra: list[Path]) -> list:
    return [pytest.param(p, id=p.stem) for p in NOTEBOOKS + extra]


STEPPER_CALL = re.compile(r"stepper\w*(?:\.\w+)?\s*\(", re.IGNORECASE)


def mentions_stepper(notebook: Path) -> bool:
    """Whether the notebook's code builds a game stepper (``GameStepper.for_game(...)``, or a
    game's own helper such as ``quest_stepper(...)``)."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    return any(c.cell_type == "code" and STEPPER_CALL.search(c.source) for c in nb.cells)


def screenshot_page(page, path: Path, max_height: int = 12_000) -> None:
    """A screenshot of the whole page, also where an inner element scrolls (Voilà's cells)."""
    height = page.evaluate("""() => {
        let best = document.scrollingElement.scrollHeight;
        for (const el of document.querySelectorAll('body *')) {
            if (el.scrollHeight > el.clientHeight + 1 &&
                ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)) {
                best = Math.max(best, el.scrollHeight + el.getBoundingClientRect().top);
            }
        }
        return Math.ceil(best);
    }""")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]),
                                                                   max_height)})
    page.wait_for_timeout(200)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)


# -- the accessibility check (axe-core, fetched through npm like the widget renderer) -------------

#: axe-core's tags for the WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
#: impacts that fail a page (axe's others are "moderate" and "minor")
FAILING_IMPACTS = ("serious", "critical")

#: What a Voilà page shows exactly as the exported page of the same notebook does, which the
#: explainer audits have checked already: markdown and static outputs (HTML tables, SVG and
#: images). The app audit leaves them out and checks what only the app has: the live widgets
#: (enabled controls, no page script naming them) and Voilà's own page.
VOILA_STATIC_PARTS = (".jp-MarkdownOutput", '.jp-OutputArea-output[data-mime-type="text/html"]',
                      '.jp-OutputArea-output[data-mime-type="image/svg+xml"]',
                      '.jp-OutputArea-output[data-mime-type="image/png"]',
                      '.jp-OutputArea-output[data-mime-type="text/plain"]')

# Every violation, with the fields a failure message needs. ``resultTypes`` keeps axe from
# describing every passing node (much of its time on a page of thousands of elements).
_AXE_RUN_JS = """async ([tags, exclude]) => {
  // axe cannot judge the contrast of text inside an SVG picture (it reports every such node
  // "incomplete": the background is drawn, not styled), and trying costs a fifth of its time
  // on the pages of boards; every other rule still looks inside the pictures.
  axe.configure({rules: [{id: 'color-contrast', selector: 'body *:not(svg):not(svg *)'}]});
  const present = exclude.filter(s => document.querySelector(s));
  const context = present.length ? {exclude: present.map(s => [s])} : document;
  const result = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                         resultTypes: ['violations'], elementRef: true});
  // Where an element is, in words that survive a re-export: the widget's label, the doppelnb
  // widget around it, the notebook cell.
  const where = el => {
    if (!el || !el.closest) { return ''; }
    const parts = [];
    const w = el.closest('.widget-slider, .widget-inline-hbox, .widget-inline-vbox');
    const label = w && w.querySelector(':scope > .widget-label');
    if (label && label.textContent.trim()) { parts.push(`widget "${label.textContent.trim()}"`); }
    const ours = el.closest('[class*="doppelnb-"]');
    if (ours) { parts.push('in .' + Array.from(ours.classList)
                                       .filter(c => c.startsWith('doppelnb-')).join('.')); }
    const cell = el.closest('.jp-Cell');
    if (cell && cell.id) { parts.push(cell.id); }
    return parts.join(' ');
  };
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), where: where(n.element),
                              impact: n.impact || v.impact, html: n.html.slice(0, 160),
                              summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240)}))
  }));
}"""


#: Seconds each audit took in this session (conftest prints the sum: the checks' cost).
AUDIT_SECONDS: list[float] = []


def axe_violations(page, exclude: tuple[str, ...] = ()) -> list[dict]:
    """axe-core's WCAG 2 A/AA violations on the page as it is now, every impact, leaving out
    the elements ``exclude`` (CSS selectors) matches.

    axe is evaluated in the page rather than added as a ``<script>``: a page's content security
    policy could refuse an inline script, and the page's DOM stays as it was.
    """
    from doppelnb.explainers.vendor import axe_script

    start = time.perf_counter()
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script().read_text(encoding="utf-8") + "\n;0")
    found = page.evaluate(_AXE_RUN_JS, [list(AXE_TAGS), list(exclude)])
    AUDIT_SECONDS.append(time.perf_counter() - start)
    return found


def impact_counts(violations: list[dict]) -> dict[str, int]:
    """Failing elements by impact ({"serious": 3, ...})."""
    counts: dict[str, int] = {}
    for v in violations:
        for node in v["nodes"]:
            counts[node["impact"]] = counts.get(node["impact"], 0) + 1
    return counts


def describe_violations(violations: list[dict]) -> str:
    """One line per failing element: rule id, impact, where, and what to do."""
    lines = []
    for v in violations:
        for node in v["nodes"]:
            lines.append(f"- {v['id']} ({node['impact']}) at {node['target']} "
                         f"({node['where'] or 'page'}): {v['help']}. {node['summary']} "
                         f"[{node['html']}]")
    return "\n".join(lines)


# -- Voilà pages ---------------------------------------------------------------------------------

def wait_until_rendered(page, log, expect_stepper: bool) -> None:
    """Voilà has run every cell (its spinner is gone) and the widgets are drawn."""
    page.wait_for_selector("#loading", state="hidden", timeout=120_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=30_000)
    if expect_stepper:
        try:  # kernels share 2 cores, and pages opened together render slowly in the background
            page.wait_for_selector(".doppelnb-stepper-view svg", timeout=180_000)
        except PlaywrightTimeout:  # once more, in the foreground on a fresh kernel
            page.bring_to_front()
            # Leaving the page asks Voilà to shut its kernel down, which it refuses (403, no
            # _xsrf token on an unload request): that refusal is the reload's, not the app's.
            log.expected.append("/voila/api/shutdown/")
            page.reload(timeout=300_000)
            page.wait_for_selector("#loading", state="hidden", timeout=300_000)
            page.wait_for_selector(".doppelnb-stepper-view svg", timeout=300_000)
    # Widget outputs render asynchronously: wait until their number stops changing.
    page.wait_for_function(
        """() => {
            const n = document.querySelectorAll('.jupyter-widgets').length;
            const same = window.__doppelnbWidgets === n;
            window.__doppelnbWidgets = n;
            return same;
        }""", polling=300, timeout=60_000)
