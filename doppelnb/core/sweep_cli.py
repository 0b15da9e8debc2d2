"""The ``sweep`` command: ``python -m doppelnb sweep GAME --games N --seed S [--workers K |
--scheduler ADDRESS] --out FILE [--report FILE.html [--force]]`` (run through :func:`doppelnb.cli.main`, which prints every
error as one line; :func:`doppelnb.core.sweep.main` is the same command).

Every argument is checked before anything is imported or played: GAME is one of the five names,
numbers are in their documented ranges (``--help`` lists the limits), ``--out`` can be written and
is not the checkpoint. Ctrl-C and SIGTERM stop the sweep the same way (cancel, end the workers,
keep the checkpoint) and exit with :data:`EXIT_INTERRUPTED` (130) or :data:`EXIT_TERMINATED`
(143). The checkpoint is removed only once the CSV is written (``--keep-checkpoint`` keeps it, to
top the sweep up later with a larger ``--games``).

``--report FILE.html`` also writes the sweep's standalone HTML report
(:func:`doppelnb.core.report.sweep_report`) once the CSV is written. It needs matplotlib (the
``notebooks`` extra): without it the command says so in one line, exit 2, before any game is
played. The report is written atomically, never through a symbolic link, and never over an
existing file that is not a doppelnb report unless ``--force``.

``--until-settled MAX [--step K] [--metric M]`` plays the sweep in batches on the same checkpoint
and one process pool until every reading is settled against the default or MAX games are played
(:mod:`doppelnb.core.sweep_sequential`); the CSV is the last batch's, a plain sweep of that n.
Without ``--metric`` the question is the game's recorded primary metric; the last line (and
the report) say which metric decided.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .chance import MAX_SEED
from .checks import show
from .errors import BadInput
from .resume import remove_checkpoint
from .spec import TITLES
from .sweep import MAX_GAMES, MAX_MIXES, MAX_POLICIES, MAX_WORKERS, mixes_for, sweep

#: The exit status of a sweep stopped by Ctrl-C (SIGINT) and by SIGTERM (what ``timeout`` and job
#: schedulers send): 128 + the signal's number, as a shell reports a process the signal killed.
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
PROG = "python -m doppelnb sweep"
_MAX_TEXT = 10_000


class Terminated(KeyboardInterrupt):
    """SIGTERM during a sweep: handled as Ctrl-C is (cancel, stop the workers, keep the
    checkpoint), with exit status :data:`EXIT_TERMINATED`."""

    status = EXIT_TERMINATED


class _SigtermAsInterrupt:
    """While a sweep runs, SIGTERM raises :class:`Terminated` in the main thread (once: a second
    SIGTERM while the sweep stops its workers is ignored, so the clean-up is not cut short)."""

    def __init__(self) -> None:
        self.received = False
        self.installed = False
        self.previous: Any = signal.SIG_DFL

    def _handle(self, signum: int, frame: Any) -> None:
        if not self.received:
            self.received = True
            raise Terminated

    def __enter__(self) -> _SigtermAsInterrupt:
        try:
            self.previous = signal.signal(signal.SIGTERM, self._handle)
            self.installed = True
        except ValueError:  # not the main thread: SIGTERM keeps its default
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGTERM, self.previous)


def _csv_list(text: str, name: str, most: int) -> list[str]:
    items = [part.strip() for part in text.split(",") if part.strip()]
    if len(items) > most:
        raise BadInput("NB-ARG", f"{name} names at most {most} items, got {len(items)}")
    return items


def _int_option(lo: int, hi: int) -> Any:
    """An argparse type: a whole number from ``lo`` to ``hi`` (a one-line error otherwise)."""
    def parse(text: str) -> int:
        try:
            value = int(text, 10) if text.strip().lstrip("+-").isdigit() else None
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to "
                                             f"{hi:,}, not {show(text, 40)}")
        return value

    return parse


def _text_option(text: str) -> str:
    """An argparse type: text of 1 to 10,000 characters (not blank)."""
    if not text.strip() or len(text) > _MAX_TEXT:
        raise argparse.ArgumentTypeError(f"must be 1 to {_MAX_TEXT:,} characters, "
                                         f"not {show(text, 40)}")
    return text


def _game_option(text: str) -> str:
    """GAME: one of the five names, checked here, before anything is imported."""
    if text not in TITLES:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(TITLES)}, not "
                                         f"{show(text, 40)}")
    return text


_ADDRESS = re.compile(r"([a-z][a-z0-9+.-]*://)?[^\s/:]+(:\d{1,5})?")


def _address_option(text: str) -> str:
    if len(text) > 200 or not _ADDRESS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"must be an address like "
                                         f"tcp://host:8786, not {show(text, 40)}")
    return text


def _data_flags_in_words() -> str:
    """The flags each game's sweep may set from a file (:data:`~.sweep_data.DATA_FLAGS`)."""
    from .sweep_data import DATA_FLAGS

    return "; ".join(f"{game}: {', '.join(flags) or 'none'}" for game, flags in DATA_FLAGS.items())


def build_parser() -> argparse.ArgumentParser:
    from ..cli import OneLineParser

    parser = OneLineParser(
        prog=PROG,
        description="Play seeded games in every cell (reading x players x policy mix) and write "
                    "the designer metrics with 95% intervals as CSV.",
        epilog=f"Limits: --games up to {MAX_GAMES:,} per cell, --workers up to {MAX_WORKERS}, "
               f"--players up to 64 counts, --policies up to {MAX_POLICIES}, --mixes up to "
               f"{MAX_MIXES}, {_MAX_TEXT:,} characters per option. Finished games are kept in "
               "the checkpoint as they finish; the same command run again resumes, and with a "
               "larger --games tops the sweep up. Exit status: 0 done, 2 a bad argument or a "
               f"checkpoint refused (one line on stderr), {EXIT_INTERRUPTED} stopped by Ctrl-C, "
               f"{EXIT_TERMINATED} stopped by SIGTERM (the checkpoint is kept: run the same "
               "command again to resume).")
    parser.add_argument("game", metavar="GAME", type=_game_option, help=", ".join(TITLES))
    parser.add_argument("--games", type=_int_option(1, MAX_GAMES), required=True,
                        help=f"games per cell (1 to {MAX_GAMES:,})")
    parser.add_argument("--seed", type=_int_option(0, MAX_SEED), default=0,
                        help="sweep seed (default 0)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_int_option(1, MAX_WORKERS),
                       default=None, help="processes on this machine (default: every core; "
                       f"1 = in process; at most {MAX_WORKERS})")
    where.add_argument("--scheduler", type=_address_option, default=None,
                       help="address of a Dask distributed scheduler (tcp://host:8786)")
    parser.add_argument("--out", type=_text_option, required=True,
                        help="CSV file to write")
    parser.add_argument("--policies", type=_text_option, default="random,greedy",
                        help="policies to compare, e.g. random,greedy,mcts:100 (each alone and "
                             f"every pair; at most {MAX_POLICIES})")
    parser.add_argument("--mixes", type=_text_option, default=None,
                        help=f"explicit mixes instead, e.g. mcts/random,greedy (at most "
                             f"{MAX_MIXES})")
    parser.add_argument("--players", type=_text_option, default=None,
                        help="player counts, e.g. 3,4 (default all)")
    parser.add_argument("--flags", type=_text_option, default="all",
                        help="'all', 'default', or readings, comma separated: a flag name "
                             "(each of its readings alone), flag=value (one reading), "
                             "a=x+b=y (one reading changing several flags), a*b (every "
                             "combination of a's and b's non-default readings; 'a,b,a*b' is "
                             "the full factorial), flag=@FILE (the flag's value from your JSON "
                             "data file, named in the CSV by its file name and sha256; "
                             f"{_data_flags_in_words()}). Every reading is played on the "
                             "default's deals and compared with it game by game; at most "
                             "256 readings")
    parser.add_argument("--checkpoint", type=_text_option, default=None,
                        help="resume file (default: OUT.partial.jsonl); only a file doppelnb "
                             "wrote for this sweep is used, and it is removed once OUT is "
                             "written")
    parser.add_argument("--keep-checkpoint", action="store_true",
                        help="keep the checkpoint after writing OUT (to top the sweep up later "
                             "with a larger --games)")
    parser.add_argument("--chunk", type=_int_option(1, MAX_GAMES), default=None,
                        help="games per task (default: sized from the work)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--report", type=_text_option, default=None, metavar="FILE.html",
                        help="also write the sweep's standalone HTML report (charts with 95%% "
                             "intervals, seat advantage, verdicts; needs the notebooks extra)")
    parser.add_argument("--force", action="store_true",
                        help="replace --report even if it is not a report doppelnb wrote")
    parser.add_argument("--until-settled", type=_int_option(1, MAX_GAMES), default=None,
                        metavar="MAX",
                        help="play in batches (--games first, then doubling, or + --step) on "
                             "the same deals until every reading differs from the default on "
                             "--metric (paired per-game differences, an anytime-valid "
                             "confidence sequence, 5%% split over the readings by Bonferroni) "
                             "or MAX games per cell are played; one line per batch; the CSV is "
                             "the sweep of the final number of games")
    parser.add_argument("--step", type=_int_option(1, MAX_GAMES), default=None,
                        help="with --until-settled: games added per batch (default: double)")
    parser.add_argument("--metric", type=_text_option, default=None,
                        help="with --until-settled: the question's metric, one bounded per "
                             "game (first_player_advantage, first_player_win_rate, tie_rate, "
                             "no_winner_rate, win_rate_seatK, win_rate_side_S, "
                             "seat_advantage_seatK). Default: the game's recorded primary "
                             "metric (the 'primary' of the shipped table that asked this "
                             "question, else first_player_advantage), chosen before any game; "
                             "the last line and the report say which metric decided")
    return parser


def _check_sequential(args: argparse.Namespace) -> bool:
    """Whether the sweep is sequential (``--until-settled``), refusing before any game is
    played a MAX below --games, --step or --metric without it, and a metric with no per-game
    bound."""
    from .sweep_sequential import is_bounded

    if args.until_settled is None:
        for name, value in (("--step", args.step), ("--metric", args.metric)):
            if value is not None:
                raise BadInput("NB-ARG", f"{name} goes with --until-settled MAX")
        return False
    if args.until_settled < args.games:
        raise BadInput("NB-ARG", f"--until-settled {args.until_settled} is below --games "
                       f"{args.games}; MAX is the most games per cell, at least the first batch")
    if args.flags == "default":
        raise BadInput("NB-ARG", "--until-settled compares readings with the default; "
                       "--flags default has no other reading")
    if args.metric is not None and not is_bounded(args.metric):
        raise BadInput("NB-ARG", f"--metric {show(args.metric, 40)} is not a metric bounded "
                       "per game, which the confidence sequence needs; --until-settled takes "
                       "first_player_advantage, first_player_win_rate, tie_rate, "
                       "no_winner_rate, win_rate_seatK, win_rate_side_S, seat_advantage_seatK")
    return True


def _check_readings(game: str, readings: Any, counts: list[int] | None) -> list[str]:
    """The labels of the readings, refusing before anything is played a reading the engine's
    Rules refuse (a flag's value, a combination, a data file; a game of a combination or a
    data file set up at each player count), naming ``--flags``."""
    from .errors import RuleError
    from .sweep_plan import sweep_cells

    try:
        cells = sweep_cells(game, readings, counts, ["random"])
    except RuleError as error:
        raise BadInput(error.rule, f"--flags: {error.reason}") from None
    return list(dict.fromkeys(label for label, _, _, _ in cells))


def _check_files(out: str, checkpoint: str) -> None:
    """Refuse, before playing, an OUT that cannot be written and a checkpoint that is OUT."""
    target = Path(out)
    if target.is_dir():
        raise BadInput("NB-ARG", f"--out {out} is a folder; name the CSV file to write")
    if not target.resolve().parent.is_dir():
        raise BadInput("NB-ARG", f"--out {out}: the folder {target.parent} does not exist")
    same = os.path.realpath(out) == os.path.realpath(checkpoint)
    if not same and target.exists() and Path(checkpoint).exists():
        same = os.path.samefile(out, checkpoint)
    if same:
        raise BadInput("NB-ARG", f"--out and --checkpoint are the same file ({out}); the "
                       "checkpoint is removed once the CSV is written, so choose another "
                       "--checkpoint")


def _check_report(report: str, out: str, checkpoint: str, force: bool) -> Path:
    """Refuse, before playing, a ``--report`` that cannot be written: a folder, a missing
    folder, a symbolic link (even with --force: the write would land outside), the CSV or the
    checkpoint, or an existing file that is not a doppelnb report unless ``force``."""
    from ..cli import CommandError, _regular_or_missing
    from .report import MARKER_BYTES, is_report

    target = Path(report)
    try:
        if target.is_dir():
            raise BadInput("NB-ARG", f"--report {show(report, 80)} is a folder; name the HTML "
                           "file to write")
        if not target.resolve().parent.is_dir():
            raise BadInput("NB-ARG", f"--report {show(report, 80)}: the folder "
                           f"{show(str(target.parent), 80)} does not exist")
        for other, name in ((out, "--out"), (checkpoint, "--checkpoint")):
            if os.path.realpath(report) == os.path.realpath(other) or (
                    target.exists() and Path(other).exists() and os.path.samefile(report, other)):
                raise BadInput("NB-ARG", f"--report and {name} are the same file "
                               f"({show(report, 80)}); choose another --report")
        if _regular_or_missing(target) and not force:
            with target.open("rb") as handle:
                head = handle.read(MARKER_BYTES)
            if not is_report(head):
                raise CommandError(f"--report {show(report, 80)} exists and is not a doppelnb "
                                   "report; pass --force to replace it")
    except OSError as error:  # a name too long, a folder we may not read, ...
        raise BadInput("NB-ARG", f"--report {show(report, 80)} cannot be written "
                       f"({error.strerror or type(error).__name__})") from None
    return target


@contextlib.contextmanager
def scheduler_executor(address: str | None) -> Iterator[Any]:
    """The executor of a Dask scheduler at ``address`` (its client closed on the way out), or
    ``None`` (the command's own process pool) without one: what ``--scheduler`` gives the sweep
    and the ladder."""
    if not address:
        yield None
        return
    from distributed import Client

    client = Client(address)  # type: ignore[no-untyped-call]
    try:
        yield client.get_executor()  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]


def command(argv: Sequence[str]) -> int:
    """The ``sweep`` command (run by :func:`doppelnb.cli.main`, which prints its errors as one
    line): parse, check the files, sweep, write the CSV, then remove the checkpoint."""
    from ..cli import CommandError, Interrupted, one_line

    args = build_parser().parse_args(list(argv))
    report = None
    if args.report is not None:
        from .report import NEEDS_EXTRA, charts_available

        if not charts_available():  # before any game is played: the sweep may take hours
            raise CommandError(NEEDS_EXTRA)
    sequential = _check_sequential(args)
    checkpoint = args.checkpoint or f"{args.out}.partial.jsonl"
    _check_files(args.out, checkpoint)
    if args.report is not None:
        report = _check_report(args.report, args.out, checkpoint, args.force)
    if args.flags in ("all", "default"):
        readings: Any = args.flags
    else:
        readings = _csv_list(args.flags, "--flags", 256)
    if args.mixes:
        mixes = _csv_list(args.mixes, "--mixes", MAX_MIXES)
    else:
        mixes = mixes_for(_csv_list(args.policies, "--policies", MAX_POLICIES))
    counts = None
    if args.players:
        parse = _int_option(1, 64)
        try:
            counts = [parse(p) for p in _csv_list(args.players, "--players", 64)]
        except argparse.ArgumentTypeError:
            raise BadInput("NB-ARG", f"--players is a list of whole numbers like 3,4, "
                           f"not {show(args.players, 40)}") from None
    labels = _check_readings(args.game, readings, counts)
    metric, why = args.metric, "asked for with --metric"
    if sequential and metric is None:  # chosen now, before any game: never from results
        from .sweep_sequential import primary_metric

        metric, why = primary_metric(args.game, labels)
    with _SigtermAsInterrupt() as sigterm:
        try:
            with scheduler_executor(args.scheduler) as executor, \
                    _batch_pool(executor, args, sequential) as executor:
                def play(games: int) -> Any:
                    return sweep(args.game, readings=readings, player_counts=counts,
                                 policy_mixes=mixes, games=games, seed=args.seed,
                                 executor=executor, workers=args.workers,
                                 checkpoint=checkpoint, progress=not args.no_progress,
                                 chunk=args.chunk)

                if not sequential:
                    table = play(args.games)
                else:
                    from .sweep_sequential import sweep_until_settled

                    _say(f"--until-settled asks about {metric} ({why})")
                    table = sweep_until_settled(
                        play, checkpoint, first=args.games, max_games=args.until_settled,
                        metric=metric, step=args.step, say=_say, why=why)
        except (KeyboardInterrupt, Exception) as error:
            if not sigterm.received and not isinstance(error, KeyboardInterrupt):
                raise
            status, what = ((EXIT_TERMINATED, "stopped by SIGTERM") if sigterm.received
                            else (EXIT_INTERRUPTED, "interrupted"))
            kept = (f"finished games are kept in {checkpoint}; run the same command again to "
                    "resume") if os.path.isfile(checkpoint) else "no game had finished"
            raise Interrupted(f"{what}: {kept}", status) from None
        table.to_csv(args.out)
        # Only now that the CSV is written, and only the file the sweep verified or created.
        if not args.keep_checkpoint:
            remove_checkpoint(table)
    if report is not None:
        _write_report(report, args.report, table, argv)
    meta = table.meta
    wrote = f"; report in {args.report}" if report is not None else ""
    decided = meta.get("until_settled")
    if decided:
        wrote += (f"; decided by {decided['metric']} ({decided['chosen']}): "
                  f"{decided['settled']}/{decided['questions']} settled")
    print(one_line(f"{args.out}: {len(table)} rows; {meta['games_played']} games played, "
                   f"{meta['games_resumed']} resumed; players: {meta['players_used']}{wrote}"),
          file=sys.stderr)
    return 0


def _say(line: str) -> None:
    """One line on stderr (a batch of ``--until-settled``)."""
    from ..cli import one_line

    print(one_line(line), file=sys.stderr)


@contextlib.contextmanager
def _batch_pool(executor: Any, args: argparse.Namespace, sequential: bool) -> Iterator[Any]:
    """The executor every batch of ``--until-settled`` shares: the given one (Dask), or one
    process pool started here for all the batches (each sweep would otherwise start, and
    stop, its own: about 0.7 s a batch), stopped on the way out, at once after Ctrl-C or
    SIGTERM. A plain sweep, or ``--workers 1``, starts nothing here."""
    from . import sweep_run

    if executor is not None or not sequential or args.workers == 1:
        yield executor
        return
    pool = sweep_run.default_executor(args.workers, games=(args.game,))
    try:
        yield pool
    except BaseException:
        sweep_run._stop_pool(pool)
        raise
    else:
        pool.shutdown(wait=True)


def _write_report(target: Path, name: str, table: Any, argv: Sequence[str]) -> None:
    """The report of ``table``, its command the very arguments given, written atomically (a
    temporary file renamed over ``target``: an interrupted write never leaves half a page)."""
    from ..cli import _write_atomically
    from .report import sweep_report

    page = sweep_report(table, command=list(argv))
    try:
        _write_atomically(target, page.encode("utf-8"))
    except OSError as error:
        raise BadInput("NB-ARG", f"--report {show(name, 80)} cannot be written "
                       f"({error.strerror or type(error).__name__}); the CSV is written") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m doppelnb sweep GAME --games N --seed S [--workers K | --scheduler ADDRESS]
    --out FILE`` from Python (``doppelnb.core.sweep.main`` is this): the same as
    :func:`doppelnb.cli.main` with ``sweep`` (its errors one line on stderr); returns the exit
    status (0, 2 for a bad argument or a refused checkpoint, 130 after Ctrl-C, 143 after
    SIGTERM) instead of raising SystemExit."""
    from ..cli import main as cli_main

    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    if args_list[:1] == ["sweep"]:
        args_list = args_list[1:]
    try:
        return cli_main(["sweep", *args_list])
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2

__all__ = ["command", "build_parser", "Terminated", "EXIT_INTERRUPTED", "EXIT_TERMINATED"]
