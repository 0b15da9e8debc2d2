"""Unit tests of the explainer export tools (no kernel, no browser: those are in tests/browser)."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import export_explainers as ex  # noqa: E402
import vendor  # noqa: E402


def notebook(*cells):
    nb = nbformat.v4.new_notebook()
    for cell in cells:
        nb.cells.append(cell)
    return nb


def code_with(*outputs):
    cell = nbformat.v4.new_code_cell("show()")
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    return cell


def test_links_between_notebooks_point_at_pages():
    html = ('<a href="01_doppeldoppel.ipynb">next</a> <a href="00_start_here.ipynb#the-course">'
            'index</a> <a href="https://example.org/x.ipynb">elsewhere</a> '
            '<a href="/abs/x.ipynb">root</a>')
    out = ex.rewrite_links(html)
    assert 'href="01_doppeldoppel.html"' in out
    assert 'href="00_start_here.html#the-course"' in out
    assert 'href="https://example.org/x.ipynb"' in out  # other sites are left alone
    assert 'href="/abs/x.ipynb"' in out


def test_describe_reads_title_summary_and_bullets():
    nb = notebook(nbformat.v4.new_markdown_cell(
        "# 3 · Groom Lake\n\nEscape the desert\ntile by tile.\n\n### What you will learn\n"
        "- how tiles are drawn\n- why `stack_to_draw` matters\n\nMore prose."))
    title, summary, learn = ex.describe(nb, "03_groom_lake")
    assert title == "3 · Groom Lake"
    assert summary == "Escape the desert tile by tile."
    assert learn == ["how tiles are drawn", "why `stack_to_draw` matters"]


def test_describe_falls_back_to_the_file_name():
    assert ex.describe(notebook(nbformat.v4.new_code_cell("1")), "99_x")[0] == "99_x"


def test_clean_outputs_pass():
    nb = notebook(code_with({"output_type": "stream", "name": "stdout", "text": "DD-R11: no\n"},
                            {"output_type": "display_data", "metadata": {},
                             "data": {"text/html": "<svg/>", "text/plain": "<Svg object at 0x1>"}}))
    assert ex.problems_in(nb) == []  # a raw repr behind an HTML rendering is never shown


@pytest.mark.parametrize("output, expected", [
    ({"output_type": "error", "ename": "IllegalAction", "evalue": "DT-R9: follow suit",
      "traceback": []}, "IllegalAction: DT-R9: follow suit"),
    ({"output_type": "stream", "name": "stderr", "text": "DeprecationWarning: old\n"},
     "writes to stderr"),
    ({"output_type": "stream", "name": "stdout",
      "text": "Traceback (most recent call last):\n  File x\n"}, "shows a traceback"),
    ({"output_type": "execute_result", "execution_count": 1, "metadata": {},
      "data": {"text/plain": "<doppelnb.engines.x.State object at 0x7f00aa>"}}, "raw repr"),
])
def test_problems_are_named_with_their_cell(output, expected):
    problems = ex.problems_in(notebook(nbformat.v4.new_markdown_cell("# t"), code_with(output)))
    assert len(problems) == 1
    assert problems[0].startswith("cell 1 (show())") and expected in problems[0]


def test_index_lists_explainers_in_order(tmp_path):
    entries = [ex.Explainer("00_start_here.ipynb", "00_start_here.html", "0 · Start here",
                            "See [the first game](01_doppeldoppel.ipynb).", ["*exact* odds"]),
               ex.Explainer("01_doppeldoppel.ipynb", "01_doppeldoppel.html", "1 · Doppeldoppel")]
    page = ex.write_index(entries, tmp_path).read_text()
    assert page.index('href="00_start_here.html"') < page.index('href="01_doppeldoppel.html"')
    assert 'href="01_doppeldoppel.html">the first game</a>' in page
    assert "<em>exact</em> odds" in page
    assert "http" not in page  # nothing to fetch from the network


def test_vendor_urls_are_relative_to_the_page():
    for url in (vendor.WIDGET_RENDERER_URL, vendor.REQUIRE_JS_URL, vendor.MATHJAX_URL):
        assert "://" not in url and not url.startswith("/")
    assert vendor.MATHJAX_URL.split("?")[0] in {f"mathjax/{p}" for p in vendor.MATHJAX_KEEP}


def test_start_notebook_follows_the_course_conventions():
    nb = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    first, last = nb.cells[0].source, nb.cells[-1].source
    assert first.startswith("# 0 · Start here\n") and "What you will learn" in first
    assert "(01_doppeldoppel.ipynb)" in last and "[next →]" in last
    assert any(c.cell_type == "markdown" and c.source.startswith("## Exercises") for c in nb.cells)
    for cell in nb.cells:  # committed without outputs, except the checked teaching point
        if cell.cell_type == "code" and cell.outputs:
            assert cell.source.startswith("# NBVAL_CHECK_OUTPUT")


COURSE = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", COURSE, ids=[p.stem for p in COURSE])
def test_every_notebook_reads_as_part_of_one_course(path):
    """Numbered title, what you will learn, exercises, previous / index / next, clean outputs."""
    nb = nbformat.read(path, as_version=4)
    number = int(path.name[:2])
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert nb.cells[0].cell_type == "markdown"
    assert nb.cells[0].source.startswith(f"# {number} · ")
    assert any("What you will learn" in m for m in markdown[:3])
    assert any(m.lstrip().startswith("## Exercises") for m in markdown)
    names = [p.name for p in COURSE]
    i = names.index(path.name)
    last = nb.cells[-1].source
    assert nb.cells[-1].cell_type == "markdown" and "(00_start_here.ipynb)" in last
    if i > 0:
        assert f"[← previous]({names[i - 1]})" in last
    assert f"[next →]({names[(i + 1) % len(names)]})" in last
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.outputs:
            assert "# NBVAL_CHECK_OUTPUT" in cell.source, "outputs are committed only when checked"
