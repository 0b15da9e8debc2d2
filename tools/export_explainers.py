"""Run every notebook and export it as a standalone HTML rule explainer that works offline.

    python tools/export_explainers.py                      # notebooks/*.ipynb -> build/explainers/
    python tools/export_explainers.py A.ipynb --out DIR    # some notebooks, elsewhere

For each notebook: execute it in a fresh kernel (nbclient, widget state stored), refuse it if any
cell fails or shows a traceback, stderr or a raw ``<... object at 0x...>`` repr, then export it
with nbconvert's lab template, pointing the page at local copies of the widget renderer,
require.js and MathJax (fetched through npm by ``tools/vendor.py``), and rewrite links between
notebooks from ``.ipynb`` to ``.html``. Finally write ``index.html`` linking every explainer.
Exits non-zero, naming the notebook and the cell, if any notebook is refused.
"""

from __future__ import annotations

import argparse
import html
import multiprocessing
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vendor  # noqa: E402

ROOT = vendor.ROOT
DEFAULT_OUT = ROOT / "build" / "explainers"

RAW_REPR = re.compile(r"<[\w.]+(?: [\w.]+)* object at 0x[0-9a-fA-F]+>")
# href="01_doppeldoppel.ipynb" or href="01_doppeldoppel.ipynb#scoring", relative links only.
NOTEBOOK_LINK = re.compile(r'(href=")(?![a-zA-Z][\w+.-]*:|/)([^"#?]+?)\.ipynb((?:#[^"]*)?")')
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# nbconvert's lab template leaves outputs in the browser's default serif font, unlike JupyterLab.
EXTRA_CSS = """<style type="text/css">
.jp-OutputArea-output { font-family: var(--jp-ui-font-family); }
.jp-OutputArea-output pre { font-family: var(--jp-code-font-family); }
</style>
"""


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


# -- reading the notebook's own introduction -----------------------------------------------------

def describe(nb, stem: str) -> tuple[str, str, list[str]]:
    """Title (first ``# `` heading), first paragraph, and the "What you will learn" bullets."""
    first = next((c.source for c in nb.cells if c.cell_type == "markdown"), "")
    lines = first.splitlines()
    title = next((ln[2:].strip() for ln in lines if ln.startswith("# ")), stem)
    summary, learn, in_learn, para = "", [], False, []
    for ln in lines:
        text = ln.strip()
        if text.startswith("#"):
            in_learn = "what you will learn" in text.lower()
            if para and not summary:
                summary = " ".join(para)
            para = []
            continue
        if in_learn and text.startswith(("- ", "* ")):
            learn.append(text[2:])
        elif text and not in_learn and not summary:
            para.append(text)
        elif not text and para and not summary:
            summary = " ".join(para)
            para = []
    if para and not summary:
        summary = " ".join(para)
    return title, summary, learn


# -- executing and checking ----------------------------------------------------------------------

def _output_text(output) -> str:
    if output.output_type == "stream":
        return output.get("text", "")
    if output.output_type == "error":
        return "\n".join(output.get("traceback", []))
    return str(output.get("data", {}).get("text/plain", ""))


def problems_in(nb) -> list[str]:
    """What must not show in an explainer: errors, tracebacks, stderr, raw object reprs."""
    found = []
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
            if (kind == "stream" or plain_only) and RAW_REPR.search(text):
                found.append(f"{where}: shows a raw repr {RAW_REPR.search(text).group(0)}")
    return found


def execute(path: Path, timeout: int):
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
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


# -- exporting -----------------------------------------------------------------------------------

def rewrite_links(markup: str) -> str:
    """Links between notebooks point at the exported pages instead."""
    return NOTEBOOK_LINK.sub(r"\1\2.html\3", markup)


def export(nb, title: str, stem: str) -> str:
    from nbconvert import HTMLExporter

    nb.metadata["title"] = title
    exporter = HTMLExporter(template_name="lab", theme="light",
                            widget_renderer_url=vendor.WIDGET_RENDERER_URL,
                            require_js_url=vendor.REQUIRE_JS_URL,
                            mathjax_url=vendor.MATHJAX_URL)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": stem}})
    return rewrite_links(body.replace("</head>", EXTRA_CSS + "</head>", 1))


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
    title, summary, learn = describe(nbformat.read(path, as_version=4), path.stem)
    page = export(nb, title, path.stem)
    tmp = target.with_suffix(".html.tmp")
    tmp.write_text(page, encoding="utf-8")
    tmp.replace(target)
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return Explainer(path.name, target.name, title, summary, learn,
                     time.perf_counter() - start, len(state))


# -- the index page ------------------------------------------------------------------------------

def _inline(markdown: str) -> str:
    """Markdown of one line -> HTML (code, bold, italics, links rewritten to .html)."""
    import mistune

    rendered = mistune.html(markdown).strip()
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
footer {{ margin-top: 2rem; color: #777; font-size: .85rem; }}
</style>
</head>
<body>
<h1>doppelnb: rule explainers</h1>
<p>Five tabletop games about doppelgängers, explained with pictures, exact numbers and the
widgets of each notebook. These pages work offline; their widgets show the state the notebook
was run in (recomputing needs a live kernel: <code>make app</code>).</p>
<ul class="explainers">
{chr(10).join(items)}
</ul>
<footer>Made with <code>make explainers</code> from the notebooks in <code>notebooks/</code>.</footer>
</body>
</html>
"""
    target = out / "index.html"
    target.write_text(page, encoding="utf-8")
    return target


# -- command line --------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to export (default: notebooks/*.ipynb)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds one cell may run (generous: the first import is slow)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once")
    parser.add_argument("--no-index", action="store_true", help="do not write index.html")
    args = parser.parse_args(argv)

    paths = [p.resolve() for p in args.notebooks] or sorted((ROOT / "notebooks").glob("*.ipynb"))
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
        for path, future in futures.items():
            try:
                e = future.result()
            except ExportError as exc:
                failures.append(str(exc))
                print(f"explainers: FAILED {exc}", file=sys.stderr, flush=True)
                continue
            built[path] = e
            print(f"explainers: {e.html_name:<32} {e.seconds:5.1f} s  {e.widgets:3d} widget models"
                  f"  {e.title}", flush=True)
    if not args.no_index and built:
        index = write_index([built[p] for p in paths if p in built], out)
        print(f"explainers: {index.relative_to(ROOT) if index.is_relative_to(ROOT) else index}")
    print(f"explainers: {len(built)} of {len(paths)} exported to {out} in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    if failures:
        print(f"explainers: {len(failures)} notebook(s) refused; see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
