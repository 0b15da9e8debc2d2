"""Unit tests of the explainer export tools (no kernel, no browser: those are in tests/browser)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest

from doppelnb import BadInput
from doppelnb.explainers import export as ex
from doppelnb.explainers import vendor
from doppelnb.widgets import GameStepper
from doppelnb.widgets.offline import compact, gallery, live_only, precomputed

ROOT = Path(__file__).resolve().parent.parent


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
    """Numbered title, a question first, exercises, previous / index / next, clean outputs."""
    nb = nbformat.read(path, as_version=4)
    number = int(path.name[:2])
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert nb.cells[0].cell_type == "markdown"
    assert nb.cells[0].source.startswith(f"# {number} · ")
    if number:  # a game chapter opens with the question it answers, not a list of goals
        assert "?" in nb.cells[0].source, "the first cell asks the chapter's question"
    assert any(line.startswith("## Exercises") for m in markdown for line in m.splitlines())
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


# -- what a reader sees -------------------------------------------------------------------------

def test_test_only_cells_go_and_nbval_markers_are_stripped():
    nb = notebook(nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(1)"),
                  nbformat.v4.new_code_cell("assert 1 + 1 == 2\nassert True"),
                  nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["test-only"]}),
                  nbformat.v4.new_code_cell("assert x\nprint(x)"))
    assert ex.for_readers(nb) == 2
    assert [c.source for c in nb.cells] == ["print(1)", "assert x\nprint(x)"]


def test_answers_are_folded():
    nb = notebook(nbformat.v4.new_markdown_cell("## Exercises\n\n1. Why?\n   Answer: because."),
                  nbformat.v4.new_markdown_cell("It is 7.", metadata={"tags": ["answer"]}))
    ex.for_readers(nb)
    assert '<details class="doppelnb-answer"><summary>answer</summary>' in nb.cells[0].source
    assert "because." in nb.cells[0].source and "Answer:" not in nb.cells[0].source
    assert nb.cells[1].source.startswith('<details class="doppelnb-answer">')


def test_code_is_folded_behind_show_code_and_headings_keep_anchors():
    nb = notebook(nbformat.v4.new_markdown_cell("## Scoring rules"),
                  nbformat.v4.new_code_cell("1 + 1"),
                  nbformat.v4.new_code_cell("2 + 2", metadata={"tags": ["show-code"]}))
    page = ex.export(nb, "t", "t")
    assert page.count('<details class="doppelnb-code"><summary>show code</summary>') == 1
    assert 'id="Scoring-rules"' in page and 'class="anchor-link"' in page
    assert "window.doppelnbOffline" in page and "doppelnb-z" in page  # the page's own script
    assert "://" not in page.split("<body")[1].split("<script")[0]


def test_main_refuses_missing_notebooks(tmp_path, capsys):
    assert ex.main([str(tmp_path / "nope.ipynb"), "--out", str(tmp_path)]) == 2
    assert "no such notebook" in capsys.readouterr().err


def test_default_notebooks_are_the_repositorys():
    """From a clone, the repository's notebooks; from an installed copy (``make fast-test`` runs
    on one), the copies shipped inside the package, the same chapters."""
    repository = sorted((ROOT / "notebooks").glob("*.ipynb"))
    found = ex.default_notebooks()
    assert [p.name for p in found] == [p.name for p in repository]
    if os.environ.get("DOPPELNB_EXPECT_COMPILED", "") != "1":
        assert found == repository


def test_tools_wrappers_still_run():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "export_explainers.py"), "--help"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and "--out" in done.stdout


# -- widgets that work offline --------------------------------------------------------------------

def test_precomputed_renders_every_case_and_links_each_control():
    a = widgets.Dropdown(options=[1, 2, 3], value=2)
    b = widgets.ToggleButtons(options=["x", "y"], value="x")
    box = precomputed({"a": a, "b": b}, lambda a, b: f"<p>{a}{b}</p>")
    outer = box.children[1]
    assert outer.selected_index == 1 and len(outer.children) == 3
    assert [p.value for p in outer.children[2].children] == ["<p>3x</p>", "<p>3y</p>"]
    pairs = {(link.source[0].model_id, link.target[0].model_id) for link in box.links}
    assert (a.model_id, outer.model_id) in pairs  # a -> the outer stack
    assert all((b.model_id, inner.model_id) in pairs for inner in outer.children)  # b -> each
    assert len(box.links) == 1 + 3


@pytest.mark.parametrize("bad", [{}, {"a": widgets.IntSlider()}, {"a": "not a widget"}])
def test_precomputed_refuses_bad_controls(bad):
    with pytest.raises(BadInput):
        precomputed(bad, lambda **kw: "")


def test_precomputed_refuses_too_many_cases():
    big = {k: widgets.Dropdown(options=list(range(30))) for k in "ab"}
    with pytest.raises(BadInput, match="too many"):
        precomputed(big, lambda **kw: "")


def test_live_only_disables_with_a_reason_and_adds_the_gallery():
    slider, out = widgets.IntSlider(), widgets.HTML("x")
    box = widgets.VBox([slider, out])
    assert live_only(box, "move it", force=False) is box and not slider.disabled
    live_only(box, "move it", gallery=lambda: gallery([("one", "<b>1</b>")]), force=True)
    assert slider.disabled and "Needs a live notebook: move it." == slider.tooltip
    assert "make lab" in box.children[0].value and "doppelnb-gallery" in box.children[-1]._dom_classes
    with pytest.raises(BadInput):
        live_only("box", "x")
    with pytest.raises(BadInput):
        live_only(widgets.VBox(), "")


def test_compact_keeps_the_picture_and_packs_when_exporting():
    import base64
    import gzip

    svg = '<svg><rect x="30.799999999999997" opacity="1"/></svg>' * 60
    small = compact(svg, pack=False)
    assert 'x="30.7"' in small and "opacity" not in small
    packed = compact(svg, pack=True)
    assert packed.startswith("<doppelnb-z data-z=") and len(packed) < len(small) / 4
    data = packed.split('"')[1]
    assert gzip.decompress(base64.b64decode(data)).decode() == small
    assert compact(packed, pack=True) == packed  # never packed twice


def test_exported_stepper_holds_other_games_behind_a_picker(monkeypatch):
    from toy_game import module

    monkeypatch.setenv("DOPPELNB_EXPORT", "1")
    stepper = GameStepper.for_game(module, 2, seed=4, title="toy")
    assert len(stepper.panels) == 3 and len(stepper.game_picker.options) == 3
    assert stepper.seed_box.disabled and stepper.deal_button.disabled
    assert all(p.disabled for p in stepper.flag_pickers.values())
    assert stepper.game_picker.layout.display is None
