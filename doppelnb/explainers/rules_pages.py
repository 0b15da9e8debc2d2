"""The rules pages among the exported explainers: the rules index, the glossary and one printable
rules sheet per game.

    rules.html               every rule id, grouped by game and kind, each row an anchor (#DD-R13)
    glossary.html            the words a student meets, each an anchor (#wilson-interval)
    rules-<game>.html        the whole game on one sheet: two A4 sides at most when printed

Pure Python and a few milliseconds: no kernel runs. The sheets are Markdown shipped in
``doppelnb/data/rulesheets/<game>.md``; a rule id written ``{DD-R13}`` there becomes a small tag
linking to its row of ``rules.html`` (:func:`doppelnb.rulebook.tag`).
"""

from __future__ import annotations

import html
import importlib.resources
import re
from pathlib import Path
from typing import cast

from .. import TITLES
from .. import rulebook as rb
from ..core.errors import BadInput

#: Games with a rules sheet, in the course's order.
GAMES = ("doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt", "doppelganger_quest")
SHEET_TAG = re.compile(r"\{([A-Za-z]{2}-[A-Za-z]+[0-9]*[a-z]?)\}")

_PAGE_CSS = """
body { font-family: 'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif; color: #1a1a1a;
       max-width: 52rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.45; }
nav { font-size: .95rem; margin-bottom: 1rem; padding-bottom: .4rem; border-bottom: 1px solid #ccc; }
nav a { color: #0b4f85; margin-right: .9rem; }
a { color: #0b4f85; }
h1 { font-size: 1.6rem; margin: .2rem 0 .6rem; }
h2 { font-size: 1.25rem; margin: 1.4rem 0 .4rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 .3rem; }
table { border-collapse: collapse; margin: .4rem 0 .8rem; }
th, td { border: 1px solid #bbb; padding: 2px 7px; text-align: left; vertical-align: top; }
thead th, tr:first-child > th[scope="col"] { background: #eef2f7; }
table.rules-index { width: 100%; font-size: .92rem; }
table.rules-index th[scope="row"] { white-space: nowrap; font-family: 'DejaVu Sans Mono', monospace;
                                     font-weight: normal; }
table.rules-index th:target, table.rules-index th:target ~ td { background: #fff4c2; }
dl.doppelnb-glossary dt { font-weight: bold; margin-top: .7rem; }
dl.doppelnb-glossary dt:target, dl.doppelnb-glossary dt:target + dd { background: #fff4c2; }
dl.doppelnb-glossary dd { margin-left: 1.2rem; }
.glossary-ids { color: #444; }
footer { margin-top: 2rem; color: #555; font-size: .85rem; }
"""

# The sheet: on screen a readable page; in print the whole game on two A4 sides, in two columns
# of 10.5 pt text, with no navigation and the rule tags in plain ink.
_SHEET_CSS = """
.sheet h1 { font-size: 1.5rem; }
.sheet h2 { font-size: 1.1rem; margin: .9rem 0 .25rem; border-bottom: 1px solid #ccc; }
.sheet p, .sheet li { margin: .2rem 0; }
.sheet ul, .sheet ol { padding-left: 1.3rem; margin: .2rem 0; }
.print-note { color: #555; font-size: .9rem; }
@page { size: A4; margin: 11mm 11mm 12mm 11mm; }
@media print {
  nav, .print-note, footer { display: none !important; }
  body { font-size: 10.5pt; line-height: 1.3; max-width: none; margin: 0; padding: 0; }
  .sheet { column-count: 2; column-gap: 7mm; }
  .sheet h1 { column-span: all; font-size: 15pt; margin: 0 0 2mm; }
  .sheet h2 { font-size: 11pt; margin: 2.2mm 0 1mm; break-after: avoid; }
  .sheet table { font-size: 10pt; break-inside: avoid; }
  .sheet li, .sheet p { break-inside: avoid-column; }
  a { color: inherit; text-decoration: none; }
  a.rule-tag { color: #333 !important; background: none !important; border-color: #999 !important;
               font-size: 7.5pt !important; }
}
"""


def _page(title: str, body: str, *, extra_css: str = "") -> str:
    links = [("index.html", "all explainers"), ("rules.html", "rules index"),
             ("glossary.html", "glossary")] + \
            [(f"rules-{g}.html", f"{TITLES[g]} sheet") for g in GAMES]
    nav = " ".join(f'<a href="{h}">{html.escape(t)}</a>' for h, t in links)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>{_PAGE_CSS}{extra_css}</style>
</head>
<body>
<nav aria-label="doppelnb pages">{nav}</nav>
<main>
{body}
</main>
<footer>Written by the doppelnb project in its own words from each game's rulebook; rule ids
link to the <a href="rules.html">rules index</a>. Made with <code>make explainers</code>.</footer>
</body>
</html>
"""


def rules_page() -> str:
    """``rules.html``: every id of the index, with its anchor."""
    body = "<h1>doppelnb: the rules index</h1>\n" + str(rb.index_html())
    return _page("doppelnb: the rules index", body)


def glossary_page() -> str:
    """``glossary.html``: every glossary term, with its anchor."""
    body = ("<h1>doppelnb: glossary</h1>\n<p>The words the chapters use, one line each, with the "
            "rules they come from.</p>\n" + str(rb.glossary_html()))
    return _page("doppelnb: glossary", body)


def sheet_markdown(game: str) -> str:
    """The Markdown source of ``game``'s rules sheet, shipped in the package."""
    if game not in GAMES:
        raise BadInput("NB-ARG", f"there is no rules sheet for {game!r}; sheets: {', '.join(GAMES)}")
    resource = importlib.resources.files("doppelnb") / "data" / "rulesheets" / f"{game}.md"
    return resource.read_text(encoding="utf-8")


def sheet_page(game: str) -> str:
    """``rules-<game>.html``: the rules sheet, rule ids as tags, print CSS for two A4 sides."""
    import mistune

    # mistune.html renders to HTML text (the str half of its declared str | AST-list result).
    body = cast(str, mistune.html(sheet_markdown(game)))

    def tag(match: re.Match[str]) -> str:
        return str(rb.tag(match.group(1)))  # an unknown id raises BadInput: a broken sheet

    body = SHEET_TAG.sub(tag, body)
    note = ('<p class="print-note">Print this page: the whole game fits on one sheet of A4 paper '
            '(two sides at most); every rule id is explained in the '
            '<a href="rules.html">rules index</a>.</p>')
    return _page(f"{TITLES[game]}: the rules on one sheet",
                 f'{note}\n<article class="sheet">\n{body}</article>', extra_css=_SHEET_CSS)


def sheet_names() -> list[str]:
    """File names of the sheets, in the course's order."""
    return [f"rules-{game}.html" for game in GAMES]


def write_rules_pages(out: Path) -> list[Path]:
    """Write ``rules.html``, ``glossary.html`` and every rules sheet into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    pages = {"rules.html": rules_page(), "glossary.html": glossary_page()}
    pages.update({f"rules-{game}.html": sheet_page(game) for game in GAMES})
    written = []
    for name, page in pages.items():
        target = out / name
        target.write_text(page, encoding="utf-8")
        written.append(target)
    return written


def index_links() -> str:
    """The index page's list of the rules pages (HTML)."""
    sheets = "".join(f'<li><a href="rules-{g}.html">{html.escape(TITLES[g])}</a></li>'
                     for g in GAMES)
    return ('<section class="rules-pages" aria-labelledby="rules-pages">'
            '<h2 id="rules-pages">Rules and words</h2>'
            '<p>The <a href="rules.html">rules index</a> says in one line what every rule id '
            '(DD-R13, DT-A3, ...) means and where the rulebook says it; the '
            '<a href="glossary.html">glossary</a> explains the words. A printable rules sheet '
            f'per game (two A4 sides):</p><ul class="rules-sheets">{sheets}</ul></section>')


__all__ = ["GAMES", "rules_page", "glossary_page", "sheet_markdown", "sheet_page", "sheet_names",
           "write_rules_pages", "index_links"]
