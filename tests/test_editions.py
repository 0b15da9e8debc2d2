"""The teacher's and the student's edition of the chapters (issue 25).

The shipped notebooks are the teacher's edition: each worked answer sits after its attempt cell,
starts with a heading line, and is collapsed in JupyterLab. The student's edition, built with
nbconvert's TagRemovePreprocessor, has no answer anywhere and still has every attempt cell.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbconvert")

from doppelnb.core.errors import BadInput  # noqa: E402
from doppelnb.editions import student_edition, teacher_edition  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
BOOKS = {"00_start_here.ipynb": "doppelnb.course",
         **{f"0{i}_{game}.ipynb": f"doppelnb.engines.{game}.exercises" for i, game in enumerate(
             ("doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
              "doppelganger_quest"), start=1)}}
CHECK = re.compile(r"\bcheck\((\d+)\s*,")
HEADING = re.compile(r"\*\*Answer \(teacher edition\), exercise (\d+)\*\*")
# The smallest chapter: the one the execution test runs (about 3 s of kernel time).
SMALLEST = ROOT / "notebooks" / "00_start_here.ipynb"


def ids(path: Path) -> str:
    return path.name


def is_answer(cell) -> bool:
    return "answer" in cell.get("metadata", {}).get("tags", [])


def checks_in(cells) -> set[int]:
    return {int(n) for c in cells if c["cell_type"] == "code" for n in CHECK.findall(
        "".join(c["source"]))}


# -- the teacher's edition, as shipped ------------------------------------------------------------
def test_every_chapter_has_a_book():
    assert sorted(BOOKS) == [p.name for p in NOTEBOOKS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_shipped_notebooks_are_the_teacher_edition(path: Path):
    """Every answer cell is already collapsed: the teacher's edition changes nothing."""
    data = path.read_bytes()
    assert teacher_edition(data) == data
    answers = [c for c in json.loads(data)["cells"] if is_answer(c)]
    assert answers
    for cell in answers:
        assert cell["metadata"]["jupyter"] == {"source_hidden": True, "outputs_hidden": True}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_each_answer_follows_its_attempt_cell_under_a_heading(path: Path):
    """Question, attempt cell, then the folded answer, whose first line (all that JupyterLab
    shows of a folded cell) is a heading that gives nothing away."""
    cells = json.loads(path.read_bytes())["cells"]
    book = importlib.import_module(BOOKS[path.name]).BOOK
    answered = []
    for i, cell in enumerate(cells):
        if not is_answer(cell):
            continue
        first = "".join(cell["source"]).splitlines()[0]
        heading = HEADING.fullmatch(first)
        assert heading, f"{path.name} cell {i}: {first!r}"
        number = int(heading[1])
        before = next(c for c in reversed(cells[:i]) if c["cell_type"] == "code")
        assert checks_in([before]) == {number}, f"{path.name}: answer {number} before its check"
        answered.append(number)
    assert sorted(answered) == [e.number for e in book]


def test_teacher_edition_collapses_answer_cells_it_finds_open():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("**Answer (teacher edition), exercise 1**\n\n7",
                                      metadata={"tags": ["answer"]}),
        nbformat.v4.new_markdown_cell("a question")])
    out = nbformat.reads(teacher_edition(nbformat.writes(nb).encode()), as_version=4)
    assert out.cells[0].metadata.jupyter == {"source_hidden": True, "outputs_hidden": True}
    assert "jupyter" not in out.cells[1].metadata


# -- the student's edition ------------------------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_student_edition_has_no_answer_and_every_attempt_cell(path: Path):
    teacher = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    student = nbformat.reads(student_edition(path.read_bytes()).decode("utf-8"), as_version=4)
    nbformat.validate(student)
    book = importlib.import_module(BOOKS[path.name]).BOOK
    assert not [c for c in student.cells if is_answer(c)]
    assert checks_in(student.cells) == checks_in(teacher.cells) == {e.number for e in book}
    assert len(student.cells) == len(teacher.cells) - sum(map(is_answer, teacher.cells))
    rights = [book.check(e.number, book.answer(e.number)).text for e in book]
    for cell in student.cells:
        source = cell.source
        call = r"\banswer\s*\(" if cell.cell_type == "code" else r"\banswer\("
        assert not re.search(call, source), source[:200]
        assert "Answer (teacher edition)" not in source and not source.startswith("**Answer")
        shown = json.dumps(cell.get("outputs", []), ensure_ascii=False)
        assert "Answer (teacher edition)" not in shown
        assert not any(right in shown for right in rights)


def test_student_edition_removes_tagged_cells_and_outputs_with_nbconvert():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("print(6 * 7)", metadata={"tags": ["answer-output"]},
                                  outputs=[nbformat.v4.new_output("stream", text="42\n")],
                                  execution_count=1),
        nbformat.v4.new_markdown_cell("It is 42.", metadata={"tags": ["answer"]}),
        nbformat.v4.new_code_cell("check(1, ...)", outputs=[
            nbformat.v4.new_output("stream", text="Replace ...\n")], execution_count=2)])
    out = nbformat.reads(student_edition(nbformat.writes(nb).encode()), as_version=4)
    assert [c.source for c in out.cells] == ["print(6 * 7)", "check(1, ...)"]
    assert out.cells[0].outputs == [] and out.cells[0].execution_count is None
    assert out.cells[1].outputs[0].text == "Replace ...\n"  # untagged cells keep theirs


def test_editions_refuse_what_is_not_a_notebook():
    for bad in (b"not json", b"{}", "a str, not bytes", b"\xff\xfe"):
        with pytest.raises(BadInput):
            student_edition(bad)  # type: ignore[arg-type]
        with pytest.raises(BadInput):
            teacher_edition(bad)  # type: ignore[arg-type]


def test_student_edition_without_nbconvert_says_which_module_is_missing(monkeypatch):
    """The command line turns this into its one line: pip install 'doppelnb[notebooks]'."""
    monkeypatch.setitem(sys.modules, "nbconvert", None)
    monkeypatch.setitem(sys.modules, "nbconvert.preprocessors", None)
    with pytest.raises(ModuleNotFoundError) as err:
        student_edition(SMALLEST.read_bytes())
    assert err.value.name == "nbconvert" or "nbconvert" in str(err.value)


# -- the student's edition runs -------------------------------------------------------------------
@pytest.mark.student_edition
def test_student_edition_of_the_smallest_chapter_runs_without_its_answers(tmp_path):
    """Every cell of the student's edition runs, in a fresh kernel, from the notebooks folder
    (nbclient, as nbval-lax would: errors fail it, outputs are not compared)."""
    nbclient = pytest.importorskip("nbclient")
    student = nbformat.reads(student_edition(SMALLEST.read_bytes()).decode("utf-8"),
                             as_version=4)
    client = nbclient.NotebookClient(student, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(SMALLEST.parent)}})
    client.execute()
    texts = [json.dumps(c.get("outputs", []), ensure_ascii=False) for c in student.cells
             if c.cell_type == "code" and CHECK.search(c.source)]
    assert texts and all("Replace ..." in t for t in texts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_no_question_offers_its_answer_as_the_example_format(path: Path):
    """"Give the card as text, such as "4C"" must not name the winning card."""
    book = importlib.import_module(BOOKS[path.name]).BOOK
    for cell in json.loads(path.read_bytes())["cells"]:
        text = "".join(cell["source"])
        question = re.search(r"\*\*Exercise (\d+)\b", text)
        if cell["cell_type"] != "markdown" or not question:
            continue
        number = int(question[1])
        kind = book[number].kind
        expected = kind.read(book.answer(number))
        for example in re.findall(r"(?:such as|like) `([^`]+)`", text[question.start():]):
            try:
                given = kind.read(ast.literal_eval(example))
            except Exception:  # noqa: BLE001 - an example of another form (Fraction(1, 7))
                continue
            assert not kind.same(given, expected), f"{path.name} exercise {number}: {example}"
