"""The ``ladder`` command: ``python -m doppelnb ladder GAME --policies P1,P2,... --games N
--seed S [--workers K | --scheduler ADDRESS] --out FILE`` (run through
:func:`doppelnb.cli.main`, which prints every error as one line, exit status 2).

The CSV has one row per policy: ``policy,rating,lo,hi,games``: the rating and its 95% interval
in Elo points relative to the anchor (the first policy, or ``--anchor``), which is rated 0, and
the games the policy played (see :mod:`doppelnb.core.ladder`). The same arguments give the same
bytes whatever ``--workers`` or ``--scheduler``.

Every argument is checked before a game is played. The CSV is written atomically (a temporary
file renamed over OUT), and only over a file that is absent or is a ladder CSV (its first line
is the ladder's header, so it was written by this command): any other file, a folder or a link
is refused unless ``--force``, which replaces it (a link itself, never the file it points to).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from .chance import MAX_SEED
from .errors import BadInput
from .ladder import HEADER, MAX_GAMES, MAX_POLICIES, ladder
from .sweep import MAX_ACTIONS_LIMIT, MAX_WORKERS
from .sweep_cli import (
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    _address_option,
    _csv_list,
    _game_option,
    _int_option,
    _SigtermAsInterrupt,
    _text_option,
    scheduler_executor,
)

PROG = "python -m doppelnb ladder"


def build_parser() -> argparse.ArgumentParser:
    from ..cli import OneLineParser
    from .spec import TITLES

    parser = OneLineParser(
        prog=PROG,
        description="Rate policies from seeded games on common deals, seats rotated, and write "
                    "one CSV row per policy: policy,rating,lo,hi,games (rating and 95%% "
                    "interval in Elo points relative to the anchor, which is rated 0).",
        epilog=f"Limits: --games up to {MAX_GAMES:,}, --workers up to {MAX_WORKERS}, "
               f"--policies 2 to {MAX_POLICIES}. OUT is replaced only if it is a ladder CSV "
               "(or with --force). Exit status: 0 done, 2 a bad argument (one line on stderr), "
               f"{EXIT_INTERRUPTED} stopped by Ctrl-C, {EXIT_TERMINATED} by SIGTERM (nothing "
               "is written).")
    parser.add_argument("game", metavar="GAME", type=_game_option, help=", ".join(TITLES))
    parser.add_argument("--policies", type=_text_option, required=True,
                        help="policies to rate, e.g. random,greedy,mcts:32 (the first is the "
                             "anchor, rated 0, unless --anchor)")
    parser.add_argument("--games", type=_int_option(1, MAX_GAMES), required=True,
                        help=f"games to play (1 to {MAX_GAMES:,})")
    parser.add_argument("--seed", type=_int_option(0, MAX_SEED), default=0,
                        help="seed of the deals and the players (default 0)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_int_option(1, MAX_WORKERS), default=None,
                       help="processes on this machine (default: every core; 1 = in process; "
                            f"at most {MAX_WORKERS})")
    where.add_argument("--scheduler", type=_address_option, default=None,
                       help="address of a Dask distributed scheduler (tcp://host:8786)")
    parser.add_argument("--out", type=_text_option, required=True, help="CSV file to write")
    parser.add_argument("--players", type=_int_option(2, 64), default=None,
                        help="seats at the table (default: the smallest legal table seating "
                             "every policy)")
    parser.add_argument("--seats", type=_text_option, default=None,
                        help="the policy at each seat of the first game, rotated one seat per "
                             "game, NAME*K for K seats: mcts:32,greedy*9 (default: the "
                             "policies in turn)")
    parser.add_argument("--anchor", type=_text_option, default=None,
                        help="the policy rated 0 (default the first of --policies)")
    parser.add_argument("--chunk", type=_int_option(1, MAX_GAMES), default=None,
                        help="games per task (default: sized from the work)")
    parser.add_argument("--force", action="store_true",
                        help="replace OUT even if it is not a ladder CSV")
    parser.add_argument("--max-actions", type=_int_option(1, MAX_ACTIONS_LIMIT), default=None,
                        help="stop a game still going after this many actions and count it as "
                             "a draw among all seats; default the game's own cap, ten times "
                             "its longest game in the shipped tables")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _check_out(out: str, force: bool) -> Path:
    """Refuse, before playing, an OUT that cannot be written, or that is something other than
    a ladder CSV (unless ``force``)."""
    target = Path(out)
    if not target.resolve().parent.is_dir():
        raise BadInput("NB-ARG", f"--out {out}: the folder {target.parent} does not exist")
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as error:
        raise BadInput("NB-ARG", f"--out {out} cannot be used: {error.strerror}") from None
    if stat.S_ISDIR(mode):
        raise BadInput("NB-ARG", f"--out {out} is a folder; name the CSV file to write")
    if force:
        return target
    if not stat.S_ISREG(mode):
        raise BadInput("NB-ARG", f"--out {out} exists and is not a plain file (a link?); "
                                 "doppelnb does not write through it: pass --force to replace it")
    try:
        with open(target, "rb") as handle:
            first = handle.read(len(HEADER) + 2)
    except OSError as error:
        raise BadInput("NB-ARG", f"--out {out} cannot be read: {error.strerror}") from None
    if first.partition(b"\n")[0].rstrip(b"\r") != HEADER.encode("ascii"):
        raise BadInput("NB-ARG", f"--out {out} exists and is not a ladder CSV; pass --force "
                                 "to replace it")
    return target


def _seats(text: str) -> list[str]:
    """``mcts:32,greedy*9`` -> ``["mcts:32", "greedy", ..., "greedy"]`` (at most 64 seats)."""
    seats: list[str] = []
    for item in _csv_list(text, "--seats", 64):
        name, star, times = item.partition("*")
        count = int(times) if star and times.strip().isdigit() and len(times) < 4 else None
        if star and (count is None or not 1 <= count <= 64):
            raise BadInput("NB-ARG", f"--seats: {item[:40]!r} is not NAME*K with K from 1 to 64")
        seats += [name.strip()] * (count or 1)
        if len(seats) > 64:
            raise BadInput("NB-ARG", "--seats names at most 64 seats")
    return seats


def command(argv: Sequence[str]) -> int:
    """The ``ladder`` command: parse, check OUT, play and fit, write the CSV atomically, print
    one line per policy and the CPU spent."""
    from ..cli import Interrupted, _write_atomically, one_line

    args = build_parser().parse_args(list(argv))
    target = _check_out(args.out, args.force)
    policies = _csv_list(args.policies, "--policies", MAX_POLICIES)
    seats = _seats(args.seats) if args.seats else None
    with _SigtermAsInterrupt() as sigterm:
        try:
            with scheduler_executor(args.scheduler) as executor:
                result = ladder(args.game, policies, games=args.games, seed=args.seed,
                                players=args.players, workers=args.workers,
                                executor=executor, anchor=args.anchor, seats=seats,
                                chunk=args.chunk, progress=not args.no_progress,
                                max_actions=args.max_actions)
        except (KeyboardInterrupt, Exception) as error:
            if not sigterm.received and not isinstance(error, KeyboardInterrupt):
                raise
            status, what = ((EXIT_TERMINATED, "stopped by SIGTERM") if sigterm.received
                            else (EXIT_INTERRUPTED, "interrupted"))
            raise Interrupted(f"{what}: nothing written", status) from None
        _write_atomically(target, result.to_csv().encode("utf-8"))
    for line in result.summary():
        print(one_line(line))
    print(one_line(f"wrote {args.out} (ratings in Elo points, {result.anchor} = 0)"))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doppelnb.core.ladder_cli ...``: the same as ``python -m doppelnb ladder``."""
    from ..cli import main as cli_main

    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    return cli_main(["ladder", *args_list])


__all__ = ["command", "build_parser", "main"]
