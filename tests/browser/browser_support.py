"""Paths, names and helpers shared by the browser tests and their fixtures."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

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
