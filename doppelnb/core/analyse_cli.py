"""The ``analyse`` command: ``python -m doppelnb analyse RECORD... --out FILE`` (run through
:func:`doppelnb.cli.main`, which prints every error as one line, exit status 2).

It reads saved game records (a student's "save my game" from ``play_hand``, bot games'
``to_json()``), replays each with :func:`doppelnb.load`, and writes the designer metrics of
:mod:`doppelnb.core.metrics` with 95% intervals as CSV, in a sweep's columns (``reading,
players, mix, metric, estimate, n, lo, hi``), so a playtest's table reads like a sweep's and
:func:`doppelnb.core.sweep.parse_table_csv` loads it. Records are grouped into cells by game,
reading (the record's rules against the defaults: ``default``, or the changed flags as
``flag=value``, several joined by ``;``) and player count; the mix column is ``recorded`` (a
record does not say who played). When the records are of several games, the reading is
prefixed with the game (``doppeldoppel:default``). A constant metric has ``lo == hi``.

Every record is read and replayed before anything is written: a missing, unreadable or
malformed record stops the command with one line naming the file. The metrics are those of
metric version 2 (ties shared, a team's win a win; the ``metric_version`` column); the paired
columns are empty (records are not played on common deals). The CSV is written atomically
(a temporary file renamed over ``--out``), never through a symbolic link, and never over an
existing file that is not a doppelnb table unless ``--force`` is given.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .checks import show
from .errors import BadInput, RuleError
from .metrics import GameFacts, cell_metrics, game_facts
from .sweep import COLUMNS, Table
from .sweep_table import OLD_COLUMNS

PROG = "python -m doppelnb analyse"
MIX = "recorded"
#: The most records one command reads (each is replayed in full).
MAX_RECORDS = 100_000


def reading_of(state: Any) -> str:
    """A record's reading of the rules: ``"default"``, or each flag that differs from the
    defaults as ``flag=value`` (in declaration order, joined by ``;``)."""
    rules = state.rules
    defaults = type(rules)().to_dict()
    changed = [f"{name}={_value(value)}" for name, value in rules.to_dict().items()
               if defaults.get(name) != value]
    return ";".join(changed) or "default"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "|".join(map(str, value))
    return str(value)


def read_record(path: str) -> Any:
    """The final state of the record file ``path`` (:class:`BadInput` naming the file when it is
    missing, unreadable, too large or malformed)."""
    from ..cli import MAX_RECORD_BYTES
    from .spec import load_record as load

    text = str(path)  # a long path keeps its end, the file's own name
    where = repr(text) if len(text) <= 100 else repr("..." + text[-97:])
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise BadInput("NB-RECORD", f"no record file {where}") from None
    except IsADirectoryError:
        raise BadInput("NB-RECORD", f"the record {where} is a folder, not a file") from None
    except (OSError, ValueError) as error:  # no permission, a bad path (a NUL in it), ...
        why = getattr(error, "strerror", None) or type(error).__name__
        raise BadInput("NB-RECORD", f"cannot read the record {where} ({why})") from None
    if len(data) > MAX_RECORD_BYTES:
        raise BadInput("NB-RECORD", f"the record {where} is larger than {MAX_RECORD_BYTES:,} "
                       "bytes")
    try:
        return load(data)
    except RuleError as error:
        raise BadInput("NB-RECORD", f"the record {where} is not a game record doppelnb can "
                       f"replay: {error.reason}") from None


def analyse(states: Sequence[Any], *, seed: int = 0) -> Table:
    """The metrics table of these final states (each a game replayed from its record), one cell
    per (game, reading, players), in a sweep's columns (see the module doc)."""
    from .state import GameState

    if isinstance(states, (str, bytes)) or not isinstance(states, Sequence) or not states:
        raise BadInput("NB-ARG", f"states must be a non-empty list of game states, "
                       f"not {show(states)}")
    cells: dict[tuple[str, str, int], list[GameFacts]] = {}
    for state in states:
        if not isinstance(state, GameState):
            raise BadInput("NB-ARG", f"states must be game states, not {show(state)}")
        key = (str(state.game), reading_of(state), int(state.players))
        cells.setdefault(key, []).append(game_facts(state))
    several = len({game for game, _, _ in cells}) > 1
    rows: list[tuple[Any, ...]] = []
    order = sorted(cells, key=lambda k: (k[0], k[1] != "default", k[1], k[2]))
    for game, reading, players in order:
        label = f"{game}:{reading}" if several else reading
        for metric, e in cell_metrics(cells[(game, reading, players)], seed=seed):
            rows.append((label, players, MIX, metric, e.estimate, e.n, e.lo, e.hi))
    games = sorted({game for game, _, _ in cells})
    return Table(rows, {"game": games[0] if len(games) == 1 else ",".join(games),
                        "records": len(states), "cells": len(cells)})


def _check_out(out: str, force: bool) -> Path:
    """``--out``, checked before any record is read: not a folder, in a folder that exists,
    not a link, and not an existing file other than a doppelnb table unless ``force``."""
    try:
        return _check_target(Path(out), out, force)
    except OSError as error:  # a name too long, a folder we may not read, ...
        raise BadInput("NB-ARG", f"--out {show(out, 80)} cannot be written "
                       f"({error.strerror or type(error).__name__})") from None


def _check_target(target: Path, out: str, force: bool) -> Path:
    from ..cli import CommandError, _regular_or_missing

    if target.is_dir():
        raise BadInput("NB-ARG", f"--out {out} is a folder; name the CSV file to write")
    if not target.resolve().parent.is_dir():
        raise BadInput("NB-ARG", f"--out {out}: the folder {target.parent} does not exist")
    if _regular_or_missing(target) and not force:
        try:
            with target.open("rb") as handle:
                head = handle.readline(len(",".join(COLUMNS)) + 2)
        except OSError as error:
            raise CommandError(f"--out {out} cannot be read ({error.strerror})") from None
        # (a table written before metric_version has the first eight columns only)
        if head.rstrip(b"\r\n") not in (",".join(COLUMNS).encode(),
                                          ",".join(OLD_COLUMNS).encode()):
            raise CommandError(f"--out {out} exists and is not a doppelnb table; pass --force "
                               "to replace it")
    return target


def build_parser() -> Any:
    from ..cli import OneLineParser

    parser = OneLineParser(
        prog=PROG,
        description="Replay saved game records (play_hand's 'save my game', bot games) and "
                    "write the designer metrics with 95%% intervals as CSV, in a sweep's "
                    "columns: one cell per game, reading of the rules and player count.",
        epilog=f"At most {MAX_RECORDS:,} records. A row with lo == hi is a metric that did not "
               "vary in its cell. Exit status: 0 done, 2 a bad argument or record (one line on "
               "stderr).")
    parser.add_argument("records", metavar="RECORD", nargs="+",
                        help="JSON game record files")
    parser.add_argument("--out", required=True, help="CSV file to write")
    parser.add_argument("--force", action="store_true",
                        help="replace --out even if it is not a doppelnb table")
    return parser


def command(argv: Sequence[str]) -> int:
    """The ``analyse`` command (run by :func:`doppelnb.cli.main`, which prints its errors as one
    line): check ``--out``, read and replay every record, then write the CSV atomically."""
    from ..cli import _write_atomically, one_line

    args = build_parser().parse_args(list(argv))
    if len(args.records) > MAX_RECORDS:
        raise BadInput("NB-ARG", f"at most {MAX_RECORDS:,} records, got {len(args.records):,}")
    if not args.out.strip():
        raise BadInput("NB-ARG", "--out must name a CSV file")
    target = _check_out(args.out, args.force)
    states = [read_record(path) for path in args.records]
    table = analyse(states)
    try:
        _write_atomically(target, table.to_csv().encode("utf-8"))
    except OSError as error:
        raise BadInput("NB-ARG", f"--out {show(args.out, 80)} cannot be written "
                       f"({error.strerror or type(error).__name__})") from None
    print(one_line(f"{args.out}: {len(table)} rows from {len(states)} records in "
                   f"{table.meta['cells']} cells"), file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doppelnb analyse ...`` by way of :func:`doppelnb.cli.main`."""
    from ..cli import main as cli_main

    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    return cli_main(["analyse", *args_list])


__all__ = ["command", "analyse", "read_record", "reading_of", "build_parser", "main",
           "MAX_RECORDS", "MIX"]
