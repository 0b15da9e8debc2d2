"""Play the shipped ladders again (``doppelnb/data/ladders/GAME.csv`` and ``GAME.json``) from the
arguments recorded in each ``GAME.json`` (``make ladders``).

    python tools/ladders.py                       # every ladder, on WORKERS processes
    python tools/ladders.py --only groom_lake     # one ladder (repeat --only, or a comma list)
    python tools/ladders.py --check               # refit and replay the fingerprints; exit 1 if stale
    python tools/ladders.py --readme              # rewrite the sweeps README's ladder lines only

A ladder is :func:`doppelnb.core.ladder.ladder` (what ``python -m doppelnb ladder`` runs: the
command is recorded in ``GAME.json``) with the recorded policies, games, seed, seats and anchor;
its games depend on those alone, so the CSV comes out byte-identical whatever the number of
workers. ``GAME.json`` is written again with the CSV's sha256, the doppelnb version, the date,
the CPU spent (in all and per decision for each policy: measured, so it changes from run to run),
the fingerprint of the first game and every game's places. Its ``note`` (why a game may resist
search) is kept as it is: it is a reading of the data, so check it against the new CSV.

To add a ladder, write ``GAME.json`` with ``game``, ``arguments`` (``policies``, ``games``,
``seed``, ``players``, ``anchor``, ``seats`` or null) and ``note`` ("" when a search setting beats
greedy), then run ``python tools/ladders.py --only GAME``. The machine is shared: ``make
ladders`` runs this under ``nice``.
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doppelnb.core import ladder as lad  # noqa: E402
from doppelnb.core.record import load_json  # noqa: E402

FOLDER = lad.ladders_folder()
README = ROOT / "doppelnb" / "data" / "sweeps" / "README.md"
BEGIN, END = lad.README_BEGIN, lad.README_END


def read_spec(game: str) -> dict[str, Any]:
    """The recorded arguments and note of a ladder."""
    doc = load_json((FOLDER / f"{game}.json").read_bytes(), "NB-DATA", f"{game}.json")
    if "arguments" not in doc:
        sys.exit(f"{game}.json has no 'arguments'")
    return doc  # type: ignore[no-any-return]


def regenerate(game: str, workers: int, progress: bool) -> None:
    spec = read_spec(game)
    args = spec["arguments"]
    date = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    started = time.perf_counter()
    result = lad.ladder(game, args["policies"], games=args["games"], seed=args["seed"],
                        players=args["players"], anchor=args["anchor"], seats=args["seats"],
                        workers=workers, progress=progress)
    wall = time.perf_counter() - started
    doc = lad.provenance(result, wall_seconds=wall, workers=workers, date=date,
                         note=spec.get("note", ""))
    (FOLDER / f"{game}.csv").write_text(result.to_csv(), encoding="utf-8")
    (FOLDER / f"{game}.json").write_text(lad.provenance_text(doc), encoding="utf-8")
    print(result, f"\nwall {wall:.0f} s", flush=True)


def problems(game: str, replay: bool = True) -> list[str]:
    """What is stale in a shipped ladder: a CSV that its recorded places no longer fit to, or
    (``replay``) a first game that today's engine plays differently."""
    found = []
    shipped = lad.load_ladder(game)
    if shipped.refit().to_csv() != shipped.csv_text:
        found.append(f"{game}: the CSV is not the fit of the recorded places")
    if replay:
        args = read_spec(game)["arguments"]
        again = lad.fingerprint(game, args, shipped.fingerprint["games"])
        if again != shipped.fingerprint:
            found.append(f"{game}: today's engine plays the fingerprinted games differently "
                         "(a rule, deal or decision changed): run make ladders")
    return found


def write_readme() -> None:
    text = README.read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        sys.exit(f"{README} has no {BEGIN} ... {END} block")
    README.write_text(f"{head}{BEGIN}\n{lad.readme_rows()}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[],
                        help="a game (repeat, or a comma list)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--readme", action="store_true")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    games = [g for item in args.only for g in item.split(",") if g] or lad.shipped_ladders()
    if args.readme:
        write_readme()
        return 0
    if args.check:
        found = [p for g in games for p in problems(g)]
        print("\n".join(found) or f"{len(games)} ladders fresh")
        return 1 if found else 0
    for game in games:
        regenerate(game, args.workers, not args.no_progress)
    write_readme()
    return 0


if __name__ == "__main__":
    sys.exit(main())
