"""Put the notebooks in the form the pre-commit stripper keeps them (``make strip``).

    python tools/strip_notebooks.py                 # notebooks/*.ipynb, in place
    python tools/strip_notebooks.py A.ipynb B.ipynb

1. Every code cell marked ``# NBVAL_CHECK_OUTPUT`` gets ``"keep_output": true`` in its metadata
   (nbstripout then keeps the output nbval compares); no other cell has it.
2. The notebook's ``kernelspec`` and ``language_info`` become the same everywhere (``KERNELSPEC``,
   ``LANGUAGE_INFO``: no Python version, which differs between machines).
3. nbstripout runs with the arguments of the hook in ``.pre-commit-config.yaml``: outputs,
   widget state and timing metadata (``execution``, ``ExecuteTime``) go.
4. Execution counts go too, except on the checked cells: nbval skips a checked cell whose count
   is null ("unrun reference cell has outputs"), so nbstripout runs with ``--keep-count``.

``tests/test_packaging.py`` checks offline that the committed notebooks are already in this form.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONFIG = ROOT / ".pre-commit-config.yaml"
MARKER = "# NBVAL_CHECK_OUTPUT"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}


def nbstripout_args(config: pathlib.Path = CONFIG) -> list[str]:
    """The arguments the pre-commit configuration gives the nbstripout hook."""
    import yaml

    doc = yaml.safe_load(config.read_text(encoding="utf-8"))
    for repo in doc["repos"]:
        for hook in repo.get("hooks", []):
            if hook["id"] == "nbstripout":
                return [str(a) for a in hook.get("args", [])]
    raise SystemExit(f"{config} has no nbstripout hook")


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def normalise(nb: dict[str, Any]) -> dict[str, Any]:
    """Mark checked cells and set the shared kernel metadata (in place; returns ``nb``)."""
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        if MARKER in source(cell):
            cell.setdefault("metadata", {})["keep_output"] = True
        else:
            cell.get("metadata", {}).pop("keep_output", None)
    nb["metadata"]["kernelspec"] = dict(KERNELSPEC)
    nb["metadata"]["language_info"] = json.loads(json.dumps(LANGUAGE_INFO))
    return nb


def dumps(nb: dict[str, Any]) -> str:
    """JSON as Jupyter writes notebooks (nbformat.writes)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path)
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        nb = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(dumps(normalise(nb)), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "nbstripout", *nbstripout_args(), *map(str, paths)],
                   check=True)
    for path in paths:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code" and not cell.get("metadata", {}).get("keep_output"):
                cell["execution_count"] = None
        path.write_text(dumps(nb), encoding="utf-8")
    print(f"stripped {len(paths)} notebooks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
