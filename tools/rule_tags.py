"""Rule ids and glossary terms in the chapters' markdown as small tags with tooltips.

Authors write a placeholder in a markdown cell; this tool turns it into the tag, and keeps every
tag's tooltip equal to the rules index (``doppelnb.rulebook``) as the index changes:

    {DD-R13}             -> <sup style="white-space:nowrap"><a href="rules.html#DD-R13"
                            title="DD-R13: ...">DD-R13</a></sup>
    {g:Wilson interval}  -> <a href="glossary.html#wilson-interval" title="...">Wilson interval</a>
    {g:lead colour|lead colours}   (the text shown may differ from the term looked up)

The tooltip shows the one-line rule wherever the notebook is read (JupyterLab, Voila, the
exported page); the link opens the rules index page or the glossary beside the exported pages.

    python tools/rule_tags.py            # rewrite notebooks/*.ipynb in place
    python tools/rule_tags.py --check    # exit 1 if a notebook has a placeholder or a stale tag
"""

from __future__ import annotations

import argparse
import html
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doppelnb import rulebook  # noqa: E402

_ID = r"(?:DD|DT|GL|DB|DQ)-[RATE]\d+[a-z]?|NB-[A-Z]+"
PLACEHOLDER = re.compile(r"\{(" + _ID + r")\}")
TAG = re.compile(r'<sup(?: style="white-space:nowrap")?><a href="rules\.html#(' + _ID +
                 r')" title="[^"]*">\1</a></sup>')
TERM_PLACEHOLDER = re.compile(r"\{g:([^}|]+)(?:\|([^}]+))?\}")
TERM = re.compile(r'<a href="glossary\.html#([a-z0-9-]+)" title="[^"]*">([^<]+)</a>')


def rule_tag(rule_id: str) -> str:
    entry = rulebook.lookup(rule_id)
    title = html.escape(f"{entry.id}: {entry.text}", quote=True)
    # nowrap: an id never breaks across lines ("DD-" / "R7").
    return (f'<sup style="white-space:nowrap"><a href="rules.html#{entry.id}" title="{title}">'
            f'{entry.id}</a></sup>')


def term_link(name: str, shown: str | None = None) -> str:
    term = rulebook.glossary_term(name)
    title = html.escape(term.text, quote=True)
    return f'<a href="glossary.html#{term.anchor}" title="{title}">{shown or name}</a>'


def _by_anchor(anchor: str) -> str:
    return next(t.term for t in rulebook.glossary() if t.anchor == anchor)


def render(text: str) -> str:
    """The markdown with placeholders expanded and every tag's tooltip taken from the index."""
    text = PLACEHOLDER.sub(lambda m: rule_tag(m.group(1)), text)
    text = TAG.sub(lambda m: rule_tag(m.group(1)), text)
    text = TERM_PLACEHOLDER.sub(lambda m: term_link(m.group(1).strip(), m.group(2)), text)
    return TERM.sub(lambda m: term_link(_by_anchor(m.group(1)), m.group(2)), text)


def process(path: pathlib.Path, write: bool) -> bool:
    """Whether the notebook changes (written back when ``write``)."""
    raw = path.read_text(encoding="utf-8")
    nb = json.loads(raw)
    changed = False
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        new = render(text)
        if new != text:
            changed = True
            lines = new.splitlines(keepends=True)
            cell["source"] = lines
    if changed and write:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    stale = [p.name for p in paths if process(p, write=not args.check)]
    if stale:
        print(("stale: " if args.check else "updated: ") + ", ".join(stale))
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
