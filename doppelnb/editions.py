"""The teacher's and the student's edition of a chapter.

The shipped notebooks are the **teacher's edition**: after each exercise's attempt cell
(``check(n, ...)``) comes its worked answer, a markdown cell tagged ``answer`` whose first line,
``**Answer (teacher edition) ...**``, is all JupyterLab shows of it while it is collapsed (cell
metadata ``"jupyter": {"source_hidden": true, "outputs_hidden": true}``).

The **student's edition** has no worked answer anywhere: nbconvert's ``TagRemovePreprocessor``
removes every cell tagged ``answer``, and the outputs of cells tagged ``answer-output`` (a cell a
chapter needs that prints an answer as it runs). nbconvert's ``remove_input_tags`` is not used:
it only marks a cell's source for an exporter to hide, and the source would stay in the
notebook. The checker itself never tells the expected value, so the attempt cells stay as they
are.

``python -m doppelnb notebooks DEST --student`` writes the student's edition with
:func:`student_edition`; the default writes the teacher's with :func:`teacher_edition`. Both need
nbformat and nbconvert (the ``notebooks`` extra): they are imported when called, and a missing
one raises ``ModuleNotFoundError`` for the command line to explain.
"""

from __future__ import annotations

from typing import Any

from .core.checks import check_instance
from .core.errors import BadInput

#: The tag of a worked answer's cell.
ANSWER_TAG = "answer"
#: The tag of a cell that stays in the student's edition without its outputs.
ANSWER_OUTPUT_TAG = "answer-output"
#: How JupyterLab folds a cell (both parts, so a folded cell shows only its first line).
COLLAPSED = {"source_hidden": True, "outputs_hidden": True}


def _read(notebook_bytes: bytes) -> Any:
    import nbformat

    check_instance(notebook_bytes, "notebook_bytes", (bytes, bytearray))
    try:
        # nbformat ships py.typed but leaves reads / writes unannotated.
        nb = nbformat.reads(bytes(notebook_bytes).decode("utf-8"),  # type: ignore[no-untyped-call]
                            as_version=4)
        nbformat.validate(nb)
    except (UnicodeDecodeError, ValueError, nbformat.ValidationError) as exc:
        raise BadInput("NB-DATA", f"notebook_bytes is not a valid notebook "
                                  f"({type(exc).__name__})") from None
    return nb


def _write(nb: Any) -> bytes:
    import nbformat

    nbformat.validate(nb)
    text: str = nbformat.writes(nb)  # type: ignore[no-untyped-call]
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


def _tags(cell: Any) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def teacher_edition(notebook_bytes: bytes) -> bytes:
    """The notebook with every ``answer`` cell collapsed in JupyterLab (and nothing else
    changed: the shipped notebooks come back byte for byte)."""
    nb = _read(notebook_bytes)
    for cell in nb.cells:
        if ANSWER_TAG in _tags(cell):
            cell.metadata.setdefault("jupyter", {}).update(COLLAPSED)
    return _write(nb)


def student_edition(notebook_bytes: bytes) -> bytes:
    """The notebook without its worked answers: every cell tagged ``answer`` and the outputs of
    every cell tagged ``answer-output`` removed, by nbconvert's ``TagRemovePreprocessor``."""
    nb = _read(notebook_bytes)
    from nbconvert.preprocessors import TagRemovePreprocessor

    remove = TagRemovePreprocessor(  # type: ignore[no-untyped-call]
        remove_cell_tags={ANSWER_TAG}, remove_all_outputs_tags={ANSWER_OUTPUT_TAG})
    nb, _ = remove.preprocess(nb, {})  # type: ignore[no-untyped-call]
    return _write(nb)


__all__ = ["student_edition", "teacher_edition", "ANSWER_TAG", "ANSWER_OUTPUT_TAG", "COLLAPSED"]
