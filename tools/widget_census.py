"""How many widgets each chapter's page holds, and how many bytes of widget state, by cell.

A Voilà page asks its kernel for every widget's state (ipywidgets 8's ``request_states``) before
anything is drawn, and the page's JavaScript builds a view model for each: a chapter's widget
count and state size are what a class of 30 pays 30 times (``make loadtest``). This runs each
notebook in a kernel (nbclient, as Voilà does), and after each code cell counts the widgets alive
(``ipywidgets.Widget.widgets``, read without its deprecation warning), by class, and the size of their state as the kernel sends it
(the JSON of ``get_state()``, binary buffers included).

    python tools/widget_census.py [NOTEBOOK ...] [--by-class] [--json OUT]

It prints one line per notebook and, per notebook, the cells that add widgets. Outside ``make
test``: a measurement, not a check.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]

#: Run in the kernel after each cell: the widgets alive, by class, with their state's size.
PROBE = r"""
def __doppelnb_census():
    import json as _json
    from collections import Counter as _Counter
    from ipywidgets.widgets.widget import _instances, _remove_buffers
    count, size = _Counter(), _Counter()
    for _m in list(_instances.values()):
        state, paths, buffers = _remove_buffers(_m.get_state())
        name = type(_m).__name__
        count[name] += 1
        size[name] += len(_json.dumps(state, default=str)) + sum(len(b) for b in buffers)
    return {"count": dict(count), "bytes": dict(size)}
__doppelnb_snapshots.append(__doppelnb_census())
"""


def census(path: Path, timeout: int = 600) -> list[dict[str, object]]:
    """Per code cell: its index, its first line, and the widgets alive after it ran."""
    nb = nbformat.read(path, as_version=4)
    cells = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    probed = nbformat.v4.new_notebook(metadata=nb.metadata)
    probed.cells.append(nbformat.v4.new_code_cell("__doppelnb_snapshots = []"))
    for _i, cell in cells:
        probed.cells.append(nbformat.v4.new_code_cell(cell.source))
        probed.cells.append(nbformat.v4.new_code_cell(PROBE))
    probed.cells.append(nbformat.v4.new_code_cell(
        "import json; print(json.dumps(__doppelnb_snapshots))"))
    NotebookClient(probed, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    out = probed.cells[-1].outputs[0]["text"]
    snapshots = json.loads(out)
    return [{"cell": i, "first_line": c.source.splitlines()[0] if c.source else "",
             **snap} for (i, c), snap in zip(cells, snapshots, strict=True)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebooks", nargs="*", type=Path)
    ap.add_argument("--by-class", action="store_true", help="each notebook's widgets by class")
    ap.add_argument("--json", type=Path, help="write the snapshots here")
    args = ap.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    everything = {}
    for path in paths:
        rows = census(path)
        everything[path.name] = rows
        last = rows[-1] if rows else {"count": {}, "bytes": {}}
        total, size = sum(last["count"].values()), sum(last["bytes"].values())
        print(f"{path.name}: {total} widgets, {size / 1e6:.2f} MB of widget state")
        before_n, before_b = 0, 0
        for row in rows:
            n, b = sum(row["count"].values()), sum(row["bytes"].values())
            if n != before_n or b != before_b:
                print(f"  cell {row['cell']:>3}: {n - before_n:+5d} widgets "
                      f"{(b - before_b) / 1e3:+9.1f} kB   {row['first_line'][:60]}")
            before_n, before_b = n, b
        if args.by_class:
            for name, n in sorted(last["count"].items(), key=lambda kv: -last["bytes"][kv[0]]):
                print(f"    {name:<24} {n:5d}  {last['bytes'][name] / 1e3:9.1f} kB")
    if args.json:
        args.json.write_text(json.dumps(everything, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
