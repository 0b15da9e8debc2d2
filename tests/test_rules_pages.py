"""The rules pages among the exported explainers: rules.html, glossary.html and the printable
rules sheets (issue 25). Printing the sheets to A4 is checked in tests/browser/test_rules_sheets.py."""

from __future__ import annotations

import re

import pytest

from doppelnb import TITLES, BadInput
from doppelnb import rulebook as rb
from doppelnb.explainers import export as ex
from doppelnb.explainers import rules_pages as rp

HREF = re.compile(r'href="([^"]*)"')


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("explainers")
    written = rp.write_rules_pages(out)
    return {p.name: p.read_text(encoding="utf-8") for p in written}


def test_every_rules_page_is_written(pages):
    assert set(pages) == {"rules.html", "glossary.html", *rp.sheet_names()}
    assert rp.sheet_names() == [f"rules-{g}.html" for g in TITLES]


def test_every_link_between_the_rules_pages_lands_on_a_page_and_an_anchor(pages):
    anchors = {name: set(re.findall(r'\bid="([^"]+)"', page)) for name, page in pages.items()}
    bad = []
    for name, page in pages.items():
        for href in HREF.findall(page):
            target, _, anchor = href.partition("#")
            target = target or name
            if target == "index.html":  # written by the export beside these pages
                continue
            if target not in pages or (anchor and anchor not in anchors[target]):
                bad.append(f"{name}: {href}")
    assert bad == []
    assert "http" not in "".join(pages.values())  # offline pages: nothing to fetch


def test_the_rules_page_anchors_every_id(pages):
    page = pages["rules.html"]
    for entry in rb.entries():
        assert page.count(f'id="{entry.id}"') == 1, entry.id


def test_the_glossary_page_anchors_every_term(pages):
    for term in rb.glossary():
        assert f'<dt id="{term.anchor}">' in pages["glossary.html"]


@pytest.mark.parametrize("game", rp.GAMES)
def test_each_sheet_has_the_whole_game_and_its_readings(game, pages):
    page = pages[f"rules-{game}.html"]
    headings = [h.lower() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", page)]
    assert headings[0].startswith("setup") and any(h.startswith("end of the game") or "results" in h
                                          for h in headings)
    assert headings[-1] == "unclear points: the readings doppelnb plays"
    assert "{" not in re.sub(r"<style.*?</style>", "", page, flags=re.S)  # every {id} became a tag
    prefix = next(p for p, g in rb.PREFIXES.items() if g == game)
    tagged = set(re.findall(rf'class="rule-tag" href="rules.html#({prefix}-[A-Z]\d+[a-z]?)"', page))
    rules = {e.id for e in rb.entries(game, "rule") if e.id[-1].isdigit()}
    # the sheet is the whole game: most rules are on it, and several unclear points
    assert len(tagged & rules) >= 0.8 * len(rules), sorted(rules - tagged)
    assert len({i for i in tagged if i[3] == "A"}) >= 4


@pytest.mark.parametrize("game", rp.GAMES)
def test_each_reading_is_one_line_on_the_sheet(game):
    source = rp.sheet_markdown(game)
    unclear = source.split("## Unclear points", 1)[1]
    bullets = re.split(r"\n- ", unclear)[1:]
    assert len(bullets) >= 4
    for bullet in bullets:
        text = " ".join(bullet.split())
        assert len(rp.SHEET_TAG.findall(text)) == 1, text  # one reading per line, with its id
        words = rp.SHEET_TAG.sub("", text).strip()
        assert len(words) <= 100, text  # a line of the page (two in a printed column), no more


def test_sheets_print_on_a4_without_navigation(pages):
    for name in rp.sheet_names():
        page = pages[name]
        assert "@page { size: A4;" in page and "@media print" in page
        assert re.search(r"@media print \{\s*nav, [^}]*display: none", page)
        assert re.search(r"body \{ font-size: 1[01](\.\d)?pt", page)


def test_an_unknown_sheet_or_a_broken_tag_is_refused(monkeypatch):
    with pytest.raises(BadInput):
        rp.sheet_page("chess")
    monkeypatch.setattr(rp, "sheet_markdown", lambda game: "# x\n\nsee {DD-R99}\n")
    with pytest.raises(BadInput, match="DD-R99"):
        rp.sheet_page("doppeldoppel")


def test_the_explainers_index_links_the_rules_pages(tmp_path):
    entries = [ex.Explainer("00_start_here.ipynb", "00_start_here.html", "0 · Start here")]
    page = ex.write_index(entries, tmp_path).read_text(encoding="utf-8")
    for name in ["rules.html", "glossary.html", *rp.sheet_names()]:
        assert f'href="{name}"' in page
