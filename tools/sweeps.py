"""Regenerate the shipped sweep tables (``doppelnb/data/sweeps/NAME.csv``) and their provenance
(``NAME.json``) from the arguments recorded in each ``NAME.json`` (``make sweeps``).

    python tools/sweeps.py                      # every table, on every core
    python tools/sweeps.py --only doppeldoppel  # one table (repeat --only, or a comma list)
    python tools/sweeps.py --check              # replay the fingerprints only; exit 1 if stale
    python tools/sweeps.py --readme             # rewrite the README's list of tables only

A table is made by playing each of its recorded sweeps (``parts``) with
:func:`doppelnb.core.sweep.sweep` (the same function ``python -m doppelnb sweep`` runs; the
games, and so the CSV, do not depend on the number of workers), writing the parts' rows one
after the other, then fingerprinting the first ``fingerprint_games`` games of every cell
(:mod:`doppelnb.core.provenance`) and writing ``NAME.json`` with the CSV's sha256, the doppelnb
version and the time each part took. Finished games are kept in a checkpoint under
``build/sweeps/``: a run stopped half way resumes where it stopped.

To add a table, write ``NAME.json`` with ``name``, ``game``, ``question`` and ``parts`` (each
with ``games``, ``seed``, ``players``, ``flags``, ``mixes``, ``fingerprint_games``) and run
``python tools/sweeps.py --only NAME``. To make a table with fewer games than a question needs
(a sweep too slow to run), lower ``games`` and say so in ``note``: the README shows it.

The machine is shared: ``make sweeps`` runs this under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import resource
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doppelnb import __version__  # noqa: E402
from doppelnb.core import provenance as pv  # noqa: E402
from doppelnb.core.record import load_json  # noqa: E402
from doppelnb.core.resume import remove_checkpoint  # noqa: E402
from doppelnb.core.sweep import Table, sweep  # noqa: E402

FOLDER = pv.sweeps_folder()
README = FOLDER / "README.md"
CHECKPOINTS = ROOT / "build" / "sweeps"
BEGIN = "<!-- tables: written by tools/sweeps.py from the NAME.json files; do not edit -->"
END = "<!-- end of tables -->"
SPEC_KEYS = ("games", "seed", "players", "flags", "mixes", "fingerprint_games")


def cpu_seconds() -> float:
    """User + system CPU of this process and of its finished children (the sweep's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def read_spec(name: str) -> dict[str, Any]:
    """The recorded arguments of a table (a ``NAME.json`` written by hand for a new table needs
    only these; everything else is filled in here)."""
    doc = load_json((FOLDER / f"{name}.json").read_bytes(), "NB-DATA", f"{name}.json")
    for key in ("name", "game", "question", "parts"):
        if key not in doc:
            sys.exit(f"{name}.json has no {key!r}")
    for part in doc["parts"]:
        missing = [k for k in SPEC_KEYS if k not in part]
        if missing:
            sys.exit(f"{name}.json: a part has no {', '.join(missing)}")
    return doc  # type: ignore[no-any-return]


def regenerate(name: str, workers: int, progress: bool) -> None:
    spec = read_spec(name)
    game = spec["game"]
    rows: list[tuple[Any, ...]] = []
    parts = []
    started_wall, started_cpu = time.perf_counter(), cpu_seconds()
    CHECKPOINTS.mkdir(parents=True, exist_ok=True)
    for number, given in enumerate(spec["parts"]):
        part = {k: given[k] for k in SPEC_KEYS}
        wall, cpu = time.perf_counter(), cpu_seconds()
        part["cells"], records = pv.fingerprint_part(game, part, with_records=True)
        checkpoint = CHECKPOINTS / f"{name}.part{number}.partial.jsonl"
        drop_stale_checkpoint(checkpoint, records)
        table = sweep(game, **pv.part_arguments(game, part), workers=workers,
                      checkpoint=checkpoint, progress=progress)
        rows += table.rows
        part["players_used"] = table.meta["players_used"]
        part["cpu_seconds"] = round(cpu_seconds() - cpu, 1)
        part["wall_seconds"] = round(time.perf_counter() - wall, 1)
        part["workers"] = workers
        parts.append((part, table))
        resumed = table.meta["games_resumed"]
        print(f"  {pv.command_line(game, part)}: {part['wall_seconds']:.0f} s wall, "
              f"{part['cpu_seconds']:.0f} s CPU" + (f" ({resumed} games resumed from a "
                                                    "checkpoint)" if resumed else ""),
              flush=True)
    text = Table(rows).to_csv()
    doc = {"doppelnb_sweep_table": pv.TABLE_FORMAT, "name": name, "game": game,
           "question": spec["question"], "doppelnb": __version__,
           "csv_sha256": pv.csv_sha256(text)}
    if spec.get("note"):
        doc["note"] = spec["note"]
    if spec.get("primary"):
        doc["primary"] = spec["primary"]
    doc["parts"] = [part for part, _ in parts]
    (FOLDER / f"{name}.csv").write_text(text, encoding="utf-8")
    (FOLDER / f"{name}.json").write_text(dump(doc), encoding="utf-8")
    for _, table in parts:  # only once both files are written
        remove_checkpoint(table)
    print(f"{name}: {len(rows)} rows, {time.perf_counter() - started_wall:.0f} s wall, "
          f"{cpu_seconds() - started_cpu:.0f} s CPU on {workers} workers", flush=True)


_FLAT = re.compile(r"[\[{][^\[\]{}]*[\]}]")


def dump(doc: dict[str, Any]) -> str:
    """JSON indented, but each list or object without nesting on one line (a cell's two
    digests, the players, the flags) when that line stays short."""
    def flatten(match: re.Match[str]) -> str:
        one = re.sub(r"\s*\n\s*", " ", match.group(0)).replace("[ ", "[").replace(" ]", "]")
        one = one.replace("{ ", "{").replace(" }", "}")
        return one if len(one) <= 170 else match.group(0)

    return _FLAT.sub(flatten, json.dumps(doc, indent=1, ensure_ascii=False)) + "\n"


def drop_stale_checkpoint(path: pathlib.Path, records: dict[str, list[Any]]) -> None:
    """Delete this tool's checkpoint of an earlier, stopped run when its first games are not
    the games today's engine plays (``records``: each cell's fingerprinted games, played now):
    the engine changed since, and resuming would mix old games into the new table. Only a file
    whose first line is a sweep checkpoint's header is deleted."""
    if not path.is_file():
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or not lines[0].startswith('{"doppelnb_sweep_checkpoint":'):
        sys.exit(f"{path} is not a sweep checkpoint; move it away")
    kept: dict[str, dict[int, Any]] = {}
    for line in lines[1:]:
        try:
            chunk = json.loads(line)
        except ValueError:
            continue  # a torn last line: the sweep drops it too
        for game in chunk.get("games", []):
            kept.setdefault(chunk.get("cell"), {})[game.get("i")] = game
    for cell, played in records.items():
        old = [kept.get(cell, {}).get(game["i"]) for game in played]
        if any(o is not None and o != game for o, game in zip(old, played, strict=True)):
            print(f"  {path.name}: its games differ from today's engine's; starting afresh")
            path.unlink()
            return


def write_readme() -> bool:
    """Rewrite the README's list of tables (between its markers); whether it changed."""
    text = README.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(text):
        sys.exit(f"{README} has no {BEGIN!r} ... {END!r} block")
    new = pattern.sub(lambda _: f"{BEGIN}\n{pv.readme_rows()}{END}", text)
    README.write_text(new, encoding="utf-8")
    return new != text


def check(names: list[str]) -> int:
    stale = 0
    for name in names:
        wall, cpu = time.perf_counter(), cpu_seconds()
        found = pv.problems(name)
        took = f"({time.perf_counter() - wall:.1f} s wall, {cpu_seconds() - cpu:.1f} s CPU)"
        print(f"{name}: " + ("; ".join(found) if found else "fresh") + f" {took}", flush=True)
        stale += bool(found)
    return 1 if stale else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[],
                        help="a table's name (repeat, or a comma list); default every table")
    parser.add_argument("--check", action="store_true",
                        help="replay the fingerprints, write nothing; exit 1 if a table is stale")
    parser.add_argument("--readme", action="store_true",
                        help="only rewrite the README's list of tables")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: every core)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)
    shipped = pv.shipped_tables()
    names = [n for item in args.only for n in item.split(",") if n] or shipped
    unknown = [n for n in names if n not in shipped]
    if unknown:
        parser.error(f"no shipped table named {', '.join(unknown)}; tables: {', '.join(shipped)}")
    if args.check:
        return check(names)
    if not args.readme:
        for name in names:
            regenerate(name, args.workers, not args.no_progress)
    if write_readme():
        print(f"{README.relative_to(ROOT)}: list of tables rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
