"""Every number typed into a chapter's prose is checked against the engine.

Simulation figures belong in cell outputs, computed where they are shown; a number that stays in
markdown (a rule's constant, an exact count, a worked example's score) must be a *fact*: each
chapter lists its facts in ``tests/prose_facts/chNN.py`` as ``FACTS = {"36": [("cards in the
deck", lambda: ...)], ...}``, the literal as written in the prose mapped to what it means and how
the engine computes it. This test fails when

- a number in a markdown cell (outside code, links, rule ids, card names and chapter or exercise
  references) is not among the chapter's facts: compute it in a cell, or add the fact;
- a fact no longer holds: the engine's value differs from the literal the prose shows.

A number is a run of digits with an optional decimal part, fraction (``1/3``) or percent sign,
standing alone: ``Y5``, ``6D``, ``10C``, ``DD-R13`` and ``17×17``-style sizes next to letters
are names, not quantities, and are skipped only when glued to letters.
"""

from __future__ import annotations

import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FACTS_DIR = Path(__file__).resolve().parent / "prose_facts"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: What is not prose: fenced and inline code, HTML tags, link targets, rule ids, chapter and
#: exercise references ("chapter 3", "exercise 2", "§4"), and words glued to digits (cards, ids).
_NOT_PROSE = [
    re.compile(r"```.*?```", re.S),
    re.compile(r"`[^`]*`"),
    re.compile(r"<[^>]*>"),
    re.compile(r"\]\([^)]*\)"),
    re.compile(r"\b(?:DD|DT|GL|DB|DQ|NB)-[A-Z]*\d*[a-z]?\b"),
    re.compile(r"\b(?:[Cc]hapters?|[Ee]xercises?|§|[Ss]ection|[Ss]tep|[Pp]art)\s*\d+(?:\s*(?:and|to|-|–|,)\s*\d+)*"),
    re.compile(r"^#+\s*\d+\s*[·.]", re.M),  # the chapter number in a heading ("# 1 · ...")
    re.compile(r"\w*[A-Za-z_]\d[\w]*|\d+[A-Za-z_]\w*"),
]
NUMBER = re.compile(r"(?<![\w.,/])(\d+(?:[.,]\d+)*(?:/\d+)?%?)(?![\w/])")


def _facts_module(notebook: Path) -> Path:
    return FACTS_DIR / f"ch{notebook.name[:2]}.py"


def prose_numbers(notebook: Path) -> list[tuple[int, str]]:
    """``(cell index, literal)`` for every number in the notebook's markdown prose."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        for pattern in _NOT_PROSE:
            text = pattern.sub(" ", text)
        found += [(index, m.group(1)) for m in NUMBER.finditer(text)]
    return found


def load_facts(notebook: Path) -> dict[str, list[tuple[str, Any]]]:
    spec = importlib.util.spec_from_file_location(f"prose_facts_{notebook.stem}",
                                                  _facts_module(notebook))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    facts: dict[str, list[tuple[str, Any]]] = module.FACTS
    return facts


def _value(literal: str) -> Fraction:
    text = literal.replace(",", "")
    if text.endswith("%"):
        return Fraction(text[:-1]) / 100
    return Fraction(text)


def _shown(value: Any, literal: str) -> bool:
    """Does ``literal``, as written, show ``value``? Decimals count as rounded to their digits."""
    target = _value(literal)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) and \
            not hasattr(value, "__index__") and not hasattr(value, "__float__"):
        return False
    exact = Fraction(value) if not isinstance(value, float) else Fraction(repr(value))
    body = literal.rstrip("%").replace(",", "")
    if "." in body and "/" not in body:
        digits = len(body.split(".")[1])
        scale = Fraction(1, 100) if literal.endswith("%") else 1
        half = Fraction(1, 2 * 10 ** digits) * scale
        return abs(exact - target) <= half
    return exact == target


WITH_FACTS = [nb for nb in NOTEBOOKS if _facts_module(nb).exists()]


@pytest.mark.parametrize("notebook", WITH_FACTS, ids=lambda p: p.stem)
def test_every_number_in_the_prose_is_a_fact(notebook: Path) -> None:
    facts = load_facts(notebook)
    missing = sorted({(i, lit) for i, lit in prose_numbers(notebook) if lit not in facts})
    assert not missing, (f"{notebook.name}: numbers typed into markdown that no fact in "
                         f"{_facts_module(notebook).name} checks (cell, literal): {missing}")


@pytest.mark.parametrize("notebook", WITH_FACTS, ids=lambda p: p.stem)
def test_every_fact_holds(notebook: Path) -> None:
    wrong = []
    for literal, meanings in load_facts(notebook).items():
        assert meanings, f"{literal}: a fact needs at least one (meaning, computation)"
        for meaning, compute in meanings:
            value = compute()
            if not _shown(value, literal):
                wrong.append(f"{literal} ({meaning}): the engine gives {value!r}")
    assert not wrong, f"{notebook.name}: " + "; ".join(wrong)


@pytest.mark.parametrize("notebook", WITH_FACTS, ids=lambda p: p.stem)
def test_every_fact_is_used(notebook: Path) -> None:
    used = {lit for _, lit in prose_numbers(notebook)}
    unused = sorted(set(load_facts(notebook)) - used)
    assert not unused, f"{notebook.name}: facts no prose shows any more: {unused}"


def test_the_scanner_finds_numbers_and_skips_names() -> None:
    text = ("The deck has 36 cards; P3 plays `Y5` and 6D, rule DD-R13 (chapter 3, exercise 2). "
            "About 1/3 of tricks, 12.5% or 0.25 of them, collide [link](x-42.html).")
    for pattern in _NOT_PROSE:
        text = pattern.sub(" ", text)
    assert [m.group(1) for m in NUMBER.finditer(text)] == ["36", "1/3", "12.5%", "0.25"]
    assert _shown(Fraction(1, 8), "12.5%") and _shown(0.2504, "0.25")
    assert not _shown(0.26, "0.25") and not _shown(35, "36")
