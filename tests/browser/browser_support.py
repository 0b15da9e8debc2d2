"""Paths, names and helpers shared by the browser tests and their fixtures."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
FIXTURE_NOTEBOOKS = [FIXTURES / "stepper_demo.ipynb"]
FIXTURE_MODULES = [FIXTURES / "race_game.py"]
EXPLAINERS = ROOT / "build" / "explainers"
FIXTURE_EXPLAINERS = ROOT / "build" / "browser-fixtures"
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM = os.environ.get("DOPPELNB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 # Pages opened side by side keep running at full speed in the background.
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows"]
# The course, in order (CONTRIBUTING.md). Links to these may point at notebooks not written yet.
COURSE = ["00_start_here", "01_doppeldoppel", "02_doppelganger_tricks", "03_groom_lake",
          "04_doppel_doubt", "05_doppelganger_quest"]


def notebook_params(extra: list[Path]) -> list:
    return [pytest.param(p, id=p.stem) for p in NOTEBOOKS + extra]


def mentions_stepper(notebook: Path) -> bool:
    """Whether the notebook's code builds a game stepper (``GameStepper`` or a game's own)."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    return any(c.cell_type == "code" and re.search(r"\w*Stepper\b", c.source) for c in nb.cells)
