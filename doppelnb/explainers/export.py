"""Run every notebook and export it as a standalone HTML rule explainer that works offline.

    python -m doppelnb explainers                          # the notebooks -> build/explainers/
    python -m doppelnb explainers A.ipynb --out DIR        # some notebooks, elsewhere

The notebooks are the repository's ``notebooks/`` when run from a checkout, else the ones shipped
in the package (``doppelnb/notebooks/``). For each notebook: execute it in a fresh kernel
(nbclient, widget state stored) with ``DOPPELNB_EXPORT=1``, so the widgets render every case
they can show offline and disable, with a reason, what needs Python; refuse it if any cell fails
or shows a traceback, stderr or a raw ``<... object at 0x...>`` repr; drop the cells that exist
only for tests (tagged ``test-only``/``remove-cell``, or nothing but ``assert`` statements) and the
``# NBVAL_*`` marker lines; fold exercise answers in ``<details>``; export with nbconvert's lab
template (code inputs folded behind "show code" unless tagged ``show-code``; headings keep their
anchors), pointing the page at local copies of the widget renderer, require.js and MathJax
(:mod:`doppelnb.explainers.vendor`), plus the page's own small script (``offline.js``: the
stepper's buttons and accessible names); rewrite links between notebooks from ``.ipynb`` to
``.html``. Finally write ``index.html`` listing every explainer with its summary, plus the rules
pages (:mod:`doppelnb.explainers.rules_pages`: ``rules.html``, ``glossary.html`` and a printable
``rules-<game>.html`` sheet per game), and report each page's size (a page over 5 MB is flagged). Exits non-zero, naming the notebook and the cell, if
any notebook is refused.
"""

from __future__ import annotations

import ast
import html
import multiprocessing
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from . import rules_pages, vendor

if TYPE_CHECKING:  # nbformat is imported lazily at run time (it is an optional dependency)
    from nbformat import NotebookNode

HERE = Path(__file__).resolve().parent
ROOT = vendor.ROOT
PACKAGE_NOTEBOOKS = HERE.parent / "notebooks"
DEFAULT_OUT = ROOT / "build" / "explainers" if vendor.IN_REPO else Path("explainers")
#: a page bigger than this is flagged in the report (it needs a reason)
PAGE_LIMIT = 5_000_000
EXPORT_ENV = "DOPPELNB_EXPORT"
TEST_ONLY_TAGS = {"test-only", "remove-cell"}
NBVAL_LINE = re.compile(r"^[ \t]*#[ \t]*NBVAL_\w+[^\n]*\n?", re.M)
ANSWER_LINE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*][ \t]+)?(?:\*\*|_)?Answer(?:\*\*|_)?:?(?:\*\*|_)?"
                         r"[ \t]*(?P<text>.*)$", re.M)

RAW_REPR = re.compile(r"<[\w.]+(?: [\w.]+)* object at 0x[0-9a-fA-F]+>")
# href="01_doppeldoppel.ipynb" or href="01_doppeldoppel.ipynb#scoring", relative links only.
NOTEBOOK_LINK = re.compile(r'(href=")(?![a-zA-Z][\w+.-]*:|/)([^"#?]+?)\.ipynb((?:#[^"]*)?")')
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def default_notebooks() -> list[Path]:
    """The repository's ``notebooks/`` when it exists, else the notebooks shipped in the package."""
    folder = ROOT / "notebooks"
    if not (vendor.IN_REPO and folder.is_dir()):
        folder = PACKAGE_NOTEBOOKS
    return sorted(folder.glob("*.ipynb"))


#: "**What you will learn**" on a line of its own, the bold form of the heading.
LEARN_LINE = re.compile(r"\*\*What you will learn\*\*.*", re.IGNORECASE)


class ExportError(Exception):
    pass


@dataclass
class Explainer:
    notebook: str
    html_name: str
    title: str
    summary: str = ""
    learn: list[str] = field(default_factory=list)
    seconds: float = 0.0
    widgets: int = 0
    size: int = 0
    removed: int = 0


# -- reading the notebook's own introduction -----------------------------------------------------

def describe(nb: NotebookNode, stem: str) -> tuple[str, str, list[str]]:
    """Title (first ``# `` heading), first paragraph, and the "What you will learn" bullets.

    All three come from the chapter's opening: its markdown up to the first ``## `` section,
    over as many cells as that takes (a chapter opens with a question, a picture drawn by a code
    cell, and only then, if at all, what you will learn).
    """
    lines: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        text = cell.source.splitlines()
        opening = next((i for i, ln in enumerate(text) if ln.startswith("## ")), None)
        lines += text[:opening] + [""]
        if opening is not None:
            break
    title = next((ln[2:].strip() for ln in lines if ln.startswith("# ")), stem)
    summary, in_learn = "", False
    learn: list[str] = []
    para: list[str] = []
    for ln in lines:
        text = ln.strip()
        if text.startswith("#") or LEARN_LINE.fullmatch(text):
            in_learn = "what you will learn" in text.lower()
            if para and not summary:
                summary = " ".join(para)
            para = []
            continue
        if in_learn and text.startswith(("- ", "* ")):
            learn.append(text[2:])
        elif in_learn and learn and text and ln[:1].isspace():  # a bullet's next line
            learn[-1] += " " + text
        elif text and not in_learn and not summary:
            para.append(text)
        elif not text and para and not summary:
            summary = " ".join(para)
            para = []
    if para and not summary:
        summary = " ".join(para)
    return title, summary, learn


# -- executing and checking ----------------------------------------------------------------------

def _output_text(output: NotebookNode) -> str:
    if output.output_type == "stream":
        text: str = output.get("text", "")
        return text
    if output.output_type == "error":
        return "\n".join(output.get("traceback", []))
    return str(output.get("data", {}).get("text/plain", ""))


def problems_in(nb: NotebookNode) -> list[str]:
    """What must not show in an explainer: errors, tracebacks, stderr, raw object reprs."""
    found: list[str] = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        where = f"cell {index} ({cell.source.strip().splitlines()[0][:60] if cell.source.strip() else 'empty'})"
        for output in cell.get("outputs", []):
            kind = output.output_type
            text = _output_text(output)
            if kind == "error":
                found.append(f"{where}: {output.ename}: {output.evalue}")
            elif kind == "stream" and output.name == "stderr":
                found.append(f"{where}: writes to stderr: {text.strip()[:200]}")
            elif "Traceback (most recent call last)" in text:
                found.append(f"{where}: shows a traceback")
            data = output.get("data", {})
            plain_only = kind != "stream" and set(data) <= {"text/plain"}
            raw = RAW_REPR.search(text) if kind == "stream" or plain_only else None
            if raw:
                found.append(f"{where}: shows a raw repr {raw.group(0)}")
    return found


def execute(path: Path, timeout: int) -> NotebookNode:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    os.environ[EXPORT_ENV] = "1"  # the kernel inherits it: widgets render their offline form
    # nbformat.read has no annotations (nbformat ships py.typed but leaves it untyped).
    nb: NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=False,
                            store_widget_state=True,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        summary = str(exc).strip().splitlines()
        raise ExportError(f"{path.name}: a cell failed:\n    " + "\n    ".join(summary[-12:])) \
            from None
    return nb


# -- what a reader sees ---------------------------------------------------------------------------

def only_asserts(source: str) -> bool:
    """Whether a code cell is nothing but ``assert`` statements (a check for the tests)."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and all(isinstance(node, ast.Assert) for node in body)


def fold_answers(source: str) -> str:
    """Exercise answers ("Answer: ..." lines) folded in ``<details>``."""
    def fold(m: re.Match[str]) -> str:
        return (f'{m["indent"]}<details class="doppelnb-answer"><summary>answer</summary>\n\n'
                f'{m["indent"]}{m["text"]}\n\n{m["indent"]}</details>')
    return ANSWER_LINE.sub(fold, source)


def for_readers(nb: NotebookNode) -> int:
    """Drop test-only cells and NBVAL markers, fold answers; returns how many cells went."""
    keep: list[NotebookNode] = []
    removed = 0
    for cell in nb.cells:
        tags = set(cell.metadata.get("tags", []))
        if tags & TEST_ONLY_TAGS or (cell.cell_type == "code" and only_asserts(cell.source)):
            removed += 1
            continue
        if cell.cell_type == "code":
            cell.source = NBVAL_LINE.sub("", cell.source)
        elif cell.cell_type == "markdown":
            if "answer" in tags:
                cell.source = (f'<details class="doppelnb-answer"><summary>answer</summary>\n\n'
                               f"{cell.source}\n\n</details>")
            else:
                cell.source = fold_answers(cell.source)
        keep.append(cell)
    nb.cells = keep
    return removed


# -- exporting -----------------------------------------------------------------------------------

def page_extras() -> tuple[str, str]:
    """The page's own style (in ``<head>``) and script (before ``</body>``), inline."""
    css = (HERE / "offline.css").read_text(encoding="utf-8")
    js = (HERE / "offline.js").read_text(encoding="utf-8")
    return (f'<style type="text/css">\n{css}</style>\n',
            f'<script type="text/javascript">\n{js}</script>\n')

def rewrite_links(markup: str) -> str:
    """Links between notebooks point at the exported pages instead."""
    return NOTEBOOK_LINK.sub(r"\1\2.html\3", markup)


def export(nb: NotebookNode, title: str, stem: str) -> str:
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    nb.metadata["title"] = title
    template = (HERE / "template.html.j2").read_text(encoding="utf-8")
    # nbconvert's exporters take traitlets keyword arguments and have no annotated __init__.
    exporter = HTMLExporter(  # type: ignore[no-untyped-call]
                            template_name="lab", theme="light",
                            extra_loaders=[DictLoader({"doppelnb.html.j2": template})],
                            template_file="doppelnb.html.j2",
                            widget_renderer_url=vendor.WIDGET_RENDERER_URL,
                            require_js_url=vendor.REQUIRE_JS_URL,
                            mathjax_url=vendor.MATHJAX_URL)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": stem}})
    css, js = page_extras()
    body = body.replace("</head>", css + "</head>", 1)
    head, sep, tail = body.rpartition("</body>")
    return rewrite_links(head + js + sep + tail if sep else body + js)


def build_one(path: Path, out: Path, timeout: int) -> Explainer:
    """Execute, check and export one notebook; raises ExportError with every problem found."""
    import nbformat

    start = time.perf_counter()
    target = out / f"{path.stem}.html"
    target.unlink(missing_ok=True)  # never leave a stale page for a notebook that now fails
    nb = execute(path, timeout)
    problems = problems_in(nb)
    if problems:
        raise ExportError(f"{path.name}: not fit to publish:\n    " + "\n    ".join(problems))
    # nbformat.read has no annotations (nbformat ships py.typed but leaves it untyped).
    fresh: NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    title, summary, learn = describe(fresh, path.stem)
    removed = for_readers(nb)
    page = export(nb, title, path.stem)
    tmp = target.with_suffix(".html.tmp")
    tmp.write_text(page, encoding="utf-8")
    tmp.replace(target)
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return Explainer(path.name, target.name, title, summary, learn,
                     time.perf_counter() - start, len(state), target.stat().st_size, removed)


# -- the index page ------------------------------------------------------------------------------

def _inline(markdown: str) -> str:
    """Markdown of one line -> HTML (code, bold, italics, links rewritten to .html)."""
    import mistune

    # mistune.html renders to HTML text (the str half of its declared str | AST-list result).
    rendered = cast(str, mistune.html(markdown)).strip()
    rendered = re.sub(r"^<p>(.*)</p>$", r"\1", rendered, flags=re.S)
    return rewrite_links(rendered)


def write_index(explainers: list[Explainer], out: Path) -> Path:
    items = []
    for e in explainers:
        learn = "".join(f"<li>{_inline(b)}</li>" for b in e.learn)
        items.append(
            f'<li class="explainer"><a href="{html.escape(e.html_name)}">{html.escape(e.title)}</a>'
            + (f"<p>{_inline(e.summary)}</p>" if e.summary else "")
            + (f'<details><summary>What you will learn</summary><ul>{learn}</ul></details>'
               if learn else "")
            + "</li>")
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>doppelnb: rule explainers</title>
<style>
body {{ font-family: 'DejaVu Sans', Verdana, sans-serif; max-width: 46rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.45; color: #222; }}
h1 {{ font-size: 1.6rem; }}
ul.explainers {{ list-style: none; padding-left: 0; }}
li.explainer {{ margin: 0 0 1.1rem 0; }}
li.explainer > a {{ font-size: 1.15rem; font-weight: bold; color: #0072B2; }}
li.explainer p {{ margin: .3rem 0; }}
details summary {{ cursor: pointer; color: #555; }}
code {{ background: #f3f3f3; padding: 0 .2rem; }}
footer {{ margin-top: 2rem; color: #555; font-size: .85rem; }}
</style>
</head>
<body>
<h1>doppelnb: rule explainers</h1>
<p>Five tabletop games about doppelgängers, explained with pictures, exact numbers and the
widgets of each notebook. These pages work offline, with no Python behind them: the steppers
step through games dealt when the page was made, and explorers switch between cases computed
then. Controls that need Python (dealing a new seed, building your own trick) are greyed out and
say so; open the notebooks live for those (<code>make lab</code>, or <code>make app</code>).</p>
<ul class="explainers">
{chr(10).join(items)}
</ul>
{rules_pages.index_links()}
<footer>Made with <code>make explainers</code> (<code>python -m doppelnb explainers</code>) from the
course notebooks.</footer>
</body>
</html>
"""
    target = out / "index.html"
    target.write_text(page, encoding="utf-8")
    return target


# -- command line --------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    from ..cli import OneLineParser, one_line  # every error is one line, exit status 2

    parser = OneLineParser(prog="python -m doppelnb explainers",
                           description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to export (default: the repository's notebooks/, "
                             "else the ones shipped in the package)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds one cell may run (generous: the first import is slow)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once")
    parser.add_argument("--no-index", action="store_true",
                        help="do not write index.html (nor the rules pages it links to)")
    args = parser.parse_args(argv)

    paths = [p.resolve() for p in args.notebooks] or default_notebooks()
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(one_line(f"explainers: no such notebook: {', '.join(missing)}"), file=sys.stderr)
        return 2
    if not paths:
        print("explainers: no notebooks to export", file=sys.stderr)
        return 1
    out = args.out.resolve()
    started = time.perf_counter()
    vendor.install(out)
    built: dict[Path, Explainer] = {}
    failures: list[str] = []
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(paths))),
                             mp_context=context) as pool:
        futures = {path: pool.submit(build_one, path, out, args.timeout) for path in paths}
        if not args.no_index:  # written while the notebooks run: no kernel, well under a second
            rules_started = time.perf_counter()
            written = rules_pages.write_rules_pages(out)
            print(f"explainers: {len(written)} rules pages (rules.html, glossary.html, "
                  f"{len(written) - 2} rules sheets) in {time.perf_counter() - rules_started:.1f} s",
                  flush=True)
        for path, future in futures.items():
            try:
                e = future.result()
            except ExportError as exc:
                failures.append(str(exc))
                print(f"explainers: FAILED {exc}", file=sys.stderr, flush=True)
                continue
            built[path] = e
            flag = "  OVER 5 MB" if e.size > PAGE_LIMIT else ""
            print(f"explainers: {e.html_name:<32} {e.seconds:5.1f} s  {e.size / 1e6:5.2f} MB"
                  f"  {e.widgets:4d} widget models  {e.removed} test-only cell(s) dropped"
                  f"  {e.title}{flag}", flush=True)
    if not args.no_index and built:
        index = write_index([built[p] for p in paths if p in built], out)
        print(f"explainers: {index}")
    print(f"explainers: {len(built)} of {len(paths)} exported to {out} in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    if failures:
        print(f"explainers: {len(failures)} notebook(s) refused; see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
