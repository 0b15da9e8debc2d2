"""How much of each digest a chapter teaches: rule (R), worked-example (E) and ambiguity (A) ids
cited in the chapter's markdown cells, against the ids the digest defines.

    python tools/chapter_coverage.py            # the table, and every id still missing
    python tools/chapter_coverage.py --markdown # the table as Markdown (for an issue note)

An id counts when a markdown cell names it exactly (``DT-R12``, also ``DT-R12.3``); ranges such as
``DT-A1..DT-A14`` name only their two ends.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import sys
from pathlib import Path

ROOT = pathlib.Path(__file__).resolve().parents[1]
# The digests sit in ../shared/rules beside the repository (or beside a parent folder of it, as
# for a git worktree); DOPPELNB_RULES names another place.
RULES = next((p for p in ([Path(os.environ["DOPPELNB_RULES"])] if "DOPPELNB_RULES" in os.environ
                          else [a / "shared" / "rules" for a in ROOT.parents])
              if p.is_dir()), ROOT.parent / "shared" / "rules")
CHAPTERS = {  # notebook -> (digest, id prefix, title)
    "01_doppeldoppel.ipynb": ("doppeldoppel.md", "DD", "Doppeldoppel"),
    "02_doppelganger_tricks.ipynb": ("doppelganger-tricks.md", "DT", "Doppelgänger Tricks"),
    "03_groom_lake.ipynb": ("groom-lake.md", "GL", "Groom Lake"),
    "04_doppel_doubt.ipynb": ("doppel-doubt.md", "DB", "Doppel Doubt"),
    "05_doppelganger_quest.ipynb": ("doppelganger-quest.md", "DQ", "Doppelgänger quest"),
}
KINDS = ("R", "E", "A")


def _ids(text: str, prefix: str, kind: str) -> set[str]:
    return {f"{prefix}-{kind}{n}" for n in re.findall(rf"\b{prefix}-{kind}(\d+)\b", text)}


def digest_ids(digest: str, prefix: str) -> dict[str, set[str]]:
    """Every R, E and A id the digest mentions (its definitions and cross references)."""
    text = (RULES / digest).read_text(encoding="utf-8")
    return {kind: _ids(text, prefix, kind) for kind in KINDS}


def chapter_markdown(notebook: pathlib.Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def coverage(notebook: str) -> dict[str, tuple[set[str], set[str]]]:
    """kind -> (ids in the digest, ids the chapter's markdown cites)."""
    digest, prefix, _ = CHAPTERS[notebook]
    wanted = digest_ids(digest, prefix)
    text = chapter_markdown(ROOT / "notebooks" / notebook)
    return {kind: (wanted[kind], _ids(text, prefix, kind) & wanted[kind]) for kind in KINDS}


def _key(i: str) -> int:
    return int(re.sub(r"\D", "", i.split("-")[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    rows, missing = [], []
    for notebook, (_, _, title) in CHAPTERS.items():
        cov = coverage(notebook)
        rows.append([title] + [f"{len(cov[k][1])}/{len(cov[k][0])}" for k in KINDS])
        gap = sorted((i for k in KINDS for i in cov[k][0] - cov[k][1]), key=lambda i: (i[3], _key(i)))
        if gap:
            missing.append(f"{title}: {' '.join(gap)}")
    header = ["game", "rules (R) cited", "examples (E) cited", "ambiguities (A) discussed"]
    if args.markdown:
        print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        for row in [header] + rows:
            print(f"{row[0]:22} " + " ".join(f"{c:>26}" for c in row[1:]))
    for line in missing:
        print("missing", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
