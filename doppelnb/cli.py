"""The ``python -m doppelnb`` command line.

    python -m doppelnb --help
    python -m doppelnb notebooks DEST [--student] [--force]
    python -m doppelnb explainers [NOTEBOOKS ...] --out DIR
    python -m doppelnb sweep GAME --games N --seed S [--workers K | --scheduler ADDRESS] --out FILE
    python -m doppelnb analyse RECORD... --out FILE [--force]
    python -m doppelnb ladder GAME --policies P1,P2,... --games N --seed S --out FILE
    python -m doppelnb replay RECORD

Every error prints one line on stderr and exits with status 2, never a traceback (set
``DOPPELNB_DEBUG=1`` to see one): every command's parser is a :class:`OneLineParser`, and every
error of :func:`main` ends in one place, ``_fail``, which also keeps a hostile argument (a newline,
a megabyte of text) from breaking the one line. ``explainers`` and ``sweep`` hand their arguments
to ``doppelnb.explainers.main`` and ``doppelnb.core.sweep_cli.command``, imported only when used, so
the base install (engines only) starts fast and never imports Jupyter.
"""

from __future__ import annotations

import argparse
import contextvars
import hashlib
import importlib
import importlib.util
import json
import os
import secrets
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

PROG = "python -m doppelnb"
MANIFEST = ".doppelnb-notebooks.json"
#: Extras that provide a third-party top-level module, for "install doppelnb[EXTRA]" hints.
EXTRA_OF = {
    "ipywidgets": "notebooks", "IPython": "notebooks", "ipykernel": "notebooks",
    "jupyterlab": "notebooks", "jupyter_client": "notebooks", "jupyter_core": "notebooks",
    "matplotlib": "notebooks", "nbconvert": "notebooks",
    "nbclient": "notebooks", "nbformat": "notebooks",
    "dask": "cluster", "distributed": "cluster",
}
#: Commands whose arguments belong to another module: ``"module"`` (its ``main(argv)``) or
#: ``"module:function"``. That function may raise :class:`CommandError` and ``RuleError``; this
#: module prints them.
DELEGATED = {
    "explainers": ("doppelnb.explainers",
                   "export notebooks as standalone offline HTML rule explainers",
                   "[NOTEBOOKS ...] --out DIR"),
    "sweep": ("doppelnb.core.sweep_cli:command",
              "run a designer sweep and write its table as CSV",
              "GAME --games N --seed S [--workers K | --scheduler ADDRESS] --out FILE"),
    "analyse": ("doppelnb.core.analyse_cli:command",
                "compute the sweep's metrics from saved game records and write them as CSV",
                "RECORD... --out FILE [--force]"),
    "ladder": ("doppelnb.core.ladder_cli:command",
               "rate policies by measured strength (Elo with 95% intervals) and write CSV",
               "GAME --policies P1,P2,... --games N --seed S [--workers K | --scheduler "
               "ADDRESS] --out FILE"),
}
#: (name, arguments, what it does), in the order ``--help`` lists them.
COMMANDS = (
    ("notebooks", "DEST [--student] [--force]",
     "write a fresh copy of the shipped notebooks into DEST (--student: without the answers)"),
    *((name, usage, summary) for name, (_, summary, usage) in DELEGATED.items()),
    ("replay", "RECORD", "replay a JSON game record (- for stdin); print the final state and "
     "outcome"),
)
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: The longest error line printed (a hostile argument echoed in full would flood the terminal).
MAX_MESSAGE = 500


class CommandError(Exception):
    """A user-facing failure: printed as one line, exit status ``status`` (2 unless given)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


class Interrupted(CommandError):
    """A command stopped by Ctrl-C (status 130) or SIGTERM (143): its line says what was kept."""


#: True while :func:`main` runs: a parser's error then goes to main's one place.
_IN_MAIN: contextvars.ContextVar[bool] = contextvars.ContextVar("doppelnb_cli_main", default=False)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line with exit status 2, never the usage block.

    Under :func:`main` the error is raised as :class:`CommandError` (main prints it); a module's
    own ``main`` run directly prints the same line and exits 2.
    """

    def error(self, message: str) -> NoReturn:
        error = CommandError(f"{message} (see {self.prog} --help)")
        if _IN_MAIN.get():
            raise error
        _fail(f"{self.prog}: error: {error}")


_Parser = OneLineParser  # the name this class had first


# -- notebooks -----------------------------------------------------------------------------------

def shipped_notebooks() -> dict[str, bytes]:
    """The notebooks shipped with this installation, by file name.

    An installed wheel carries them in ``doppelnb/notebooks/``; a source checkout (editable
    install) reads the repository's ``notebooks/`` folder.
    """
    package = Path(__file__).resolve().parent
    for folder in (package / "notebooks", package.parent / "notebooks"):
        found = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
        if found:
            return {path.name: path.read_bytes() for path in found}
    raise CommandError("this installation has no notebooks (doppelnb/notebooks/ is missing)")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _regular_or_missing(path: Path) -> bool:
    """Whether ``path`` is a regular file (True) or absent (False); anything else, a symbolic
    link above all (writing through it would change a file outside the folder), is refused."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(mode):
        raise CommandError(f"{path} is a symbolic link; doppelnb never writes through a link: "
                           "remove it or choose another folder")
    if not stat.S_ISREG(mode):
        raise CommandError(f"{path} exists and is not a file")
    return True


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``path`` as a new file (a temporary file in the same folder, then renamed over it):
    an interrupted write never leaves half a notebook, and a link is replaced, never followed."""
    temp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    # O_EXCL: a new file of our own (never a link someone put there), with the permissions a
    # plain open() gives (the umask applies, unlike mkstemp's 0600).
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _read_manifest(dest: Path) -> dict[str, str]:
    path = dest / MANIFEST
    if not _regular_or_missing(path):
        return {}
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        files = doc["files"]
        if isinstance(files, dict) and all(isinstance(k, str) and isinstance(v, str)
                                           for k, v in files.items()):
            return dict(files)
    except (ValueError, KeyError, TypeError, OSError):
        pass
    raise CommandError(f"{path} is not a manifest doppelnb wrote; move it away or pass --force")


def copy_notebooks(dest: Path, force: bool = False, student: bool = False
                   ) -> dict[str, list[str]]:
    """Write a fresh copy of the shipped notebooks into ``dest``: the teacher's edition (the
    shipped notebooks, worked answers folded), or with ``student`` the student's edition, made by
    :func:`doppelnb.editions.student_edition` (no worked answer anywhere; needs nbconvert).

    A notebook already in ``dest`` is replaced only if it is unchanged since doppelnb wrote it
    (its hash is in ``dest/.doppelnb-notebooks.json``) or ``force`` is set; otherwise nothing at
    all is written and :class:`CommandError` names the edited files. Other files are left alone.
    Returns the file names by what happened: ``"new"``, ``"updated"``, ``"unchanged"``.
    """
    notebooks = shipped_notebooks()
    if student:
        from .editions import student_edition

        notebooks = {name: student_edition(data) for name, data in notebooks.items()}
    if dest.exists() and not dest.is_dir():
        raise CommandError(f"{dest} exists and is not a folder")
    # Every file this writes is a regular file or absent, checked before anything is written
    # (--force included): a link would carry the write to a file outside DEST.
    _regular_or_missing(dest / MANIFEST)
    manifest = _safe_manifest(dest) if force else _read_manifest(dest)
    done: dict[str, list[str]] = {"new": [], "updated": [], "unchanged": []}
    refused = []
    for name, data in notebooks.items():
        target = dest / name
        if not _regular_or_missing(target):
            done["new"].append(name)
            continue
        current = _digest(target.read_bytes())
        if current == _digest(data):
            done["unchanged"].append(name)
        elif force or manifest.get(name) == current:
            done["updated"].append(name)
        else:
            refused.append(name)
    if refused:
        raise CommandError(
            f"refusing to overwrite {len(refused)} notebook(s) in {dest} changed since doppelnb "
            f"wrote them ({', '.join(refused)}); choose another folder or pass --force")
    dest.mkdir(parents=True, exist_ok=True)
    from . import __version__

    for name in done["new"] + done["updated"]:
        _write_atomically(dest / name, notebooks[name])
    manifest.update({name: _digest(data) for name, data in notebooks.items()})
    doc = {"written_by": f"doppelnb {__version__}", "files": dict(sorted(manifest.items()))}
    _write_atomically(dest / MANIFEST, (json.dumps(doc, indent=1) + "\n").encode("utf-8"))
    return done


def _safe_manifest(dest: Path) -> dict[str, str]:
    """The manifest, or none when it is not one doppelnb wrote (--force replaces it); a link is
    still refused (by the caller's check)."""
    try:
        return _read_manifest(dest)
    except CommandError:
        return {}


def cmd_notebooks(args: argparse.Namespace) -> int:
    if not args.dest.strip():  # (Path("") is the working directory)
        raise CommandError("DEST must name a folder, not an empty string")
    dest = Path(args.dest)
    try:
        done = copy_notebooks(dest, force=args.force, student=args.student)
    except ModuleNotFoundError as error:
        raise CommandError(_missing(error)) from None
    total = sum(len(v) for v in done.values())
    edition = "student's edition (no answers)" if args.student else \
        "teacher's edition (answers folded)"
    print(f"{total} notebooks in {dest}, the {edition}: {len(done['new'])} new, "
          f"{len(done['updated'])} updated, {len(done['unchanged'])} unchanged")
    print(f"open them with: jupyter lab {dest}  (needs: pip install 'doppelnb[notebooks]')")
    return 0


# -- replay --------------------------------------------------------------------------------------

def _read_record(source: str) -> bytes:
    if source == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        path = Path(source)
        if not path.is_file():
            raise CommandError(f"no record file {source!r}")
        with path.open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise CommandError(f"the record is larger than {MAX_RECORD_BYTES} bytes")
    return data


def cmd_replay(args: argparse.Namespace) -> int:
    from . import load

    state = load(_read_record(args.record))
    text = str(state).rstrip()
    print(text)
    print(f"{state.game}: {state.players} players, seed {state.seed}, "
          f"{state.action_count} actions")
    print(state.outcome)
    return 0


# -- delegated commands --------------------------------------------------------------------------

def _delegate(command: str, argv: list[str]) -> int:
    module_name, _, function = DELEGATED[command][0].partition(":")
    try:
        present = importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:
        present = False
    if not present:
        raise CommandError(f"this version of doppelnb has no {module_name} module yet, so "
                           f"'{command}' is not available")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise CommandError(_missing(error)) from None
    main: Callable[[list[str]], Any] = getattr(module, function or "main")
    try:
        result = main(argv)
    except ModuleNotFoundError as error:
        raise CommandError(_missing(error)) from None
    except SystemExit as stop:  # sys.exit("message") would exit 1: keep errors at status 2
        if isinstance(stop.code, str):
            raise CommandError(stop.code.strip().splitlines()[0] if stop.code.strip()
                               else "failed") from None
        raise
    return int(result or 0)


def _missing(error: ModuleNotFoundError) -> str:
    top = (error.name or "").split(".")[0]
    extra = EXTRA_OF.get(top)
    if extra:
        return f"this needs {top}: pip install 'doppelnb[{extra}]'"
    return f"a module this needs is not installed: {error.name}"


# -- the parser ----------------------------------------------------------------------------------

def version_line() -> str:
    """``doppelnb 0.2.0 (pure Python)``, or with the compiled modules a platform wheel carries:
    ``doppelnb 0.2.0 (compiled: doppelganger_tricks.codes, doppelganger_tricks.deal, ...)``."""
    from . import __version__
    from .core.compiled import engine_summary

    return f"doppelnb {__version__} ({engine_summary()})"


class _Version(argparse.Action):
    """``--version``, computed only when asked (it imports the compiled modules it finds)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    lines = [f"  {name} {usage}\n      {summary}" for name, usage, summary in COMMANDS]
    parser = _Parser(prog=prog, usage=f"{prog} [-h] [--version] COMMAND ...",
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     description="doppelnb: rules engines and teaching notebooks for five small "
                     "tabletop games about doppelgangers.",
                     epilog="commands:\n" + "\n".join(lines) +
                     f"\n\nEach command has its own --help ({prog} COMMAND --help).")
    parser.add_argument("--version", action=_Version, nargs=0, default=argparse.SUPPRESS,
                        help="print the version and whether the engine is compiled (mypyc) or "
                        "pure Python, then exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser,
                                     help=argparse.SUPPRESS)
    notebooks = commands.add_parser(
        "notebooks", help="write a fresh copy of the shipped notebooks into DEST",
        description="Write a fresh copy of the shipped notebooks into DEST (created if missing). "
        "A notebook you edited there is never overwritten unless you pass --force; other files "
        f"are left alone. DEST/{MANIFEST} records what was written.")
    notebooks.add_argument("dest", metavar="DEST", help="folder to write the notebooks into")
    notebooks.add_argument("--student", action="store_true",
                           help="the student's edition: every worked answer removed (needs "
                           "nbconvert: pip install 'doppelnb[notebooks]'); the default is the "
                           "teacher's edition, answers folded")
    notebooks.add_argument("--force", action="store_true",
                           help="overwrite notebooks even if they were edited")
    notebooks.set_defaults(run=cmd_notebooks)
    for name, (module, summary, usage) in DELEGATED.items():
        sub = commands.add_parser(name, help=f"{summary}: {name} {usage}", add_help=False,
                                  description=f"{summary} ({module}.main)")
        sub.set_defaults(run=None)
    replay = commands.add_parser(
        "replay", help="replay a JSON game record and print the final state and outcome",
        description="Replay a JSON game record of any of the five games (written by a state's "
        "to_json()) and print the final state's text and the outcome.")
    replay.add_argument("record", metavar="RECORD", help="the record's file, or - for stdin")
    replay.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok), or raises ``SystemExit`` with 2 on
    any error (130 or 143 for a command stopped by Ctrl-C or SIGTERM) after printing one line on
    stderr. ``--help`` and ``--version`` exit 0."""
    prog = "doppelnb" if argv is None and Path(sys.argv[0]).name == "doppelnb" else PROG
    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    command = args_list[0] if args_list and args_list[0] in {c[0] for c in COMMANDS} else ""
    where = f"{prog} {command}".rstrip()
    token = _IN_MAIN.set(True)
    try:
        if args_list and args_list[0] in DELEGATED:
            return _delegate(args_list[0], args_list[1:])
        parser = build_parser(prog)
        args = parser.parse_args(args_list)
        if args.command is None:
            names = ", ".join(name for name, _, _ in COMMANDS)
            raise CommandError(f"a command is needed: {names} (see {prog} --help)")
        status: int = args.run(args)
        return status
    except Interrupted as stop:
        _fail(f"{where}: {stop}", status=stop.status)
    except CommandError as error:
        _fail(f"{where}: error: {error}", status=error.status)
    except KeyboardInterrupt as stop:
        _fail(f"{where}: interrupted", status=getattr(stop, "status", 130))
    except Exception as error:  # one line, never a traceback (unless DOPPELNB_DEBUG is set)
        if os.environ.get("DOPPELNB_DEBUG"):
            raise
        from .core.errors import RuleError

        detail = str(error).strip().splitlines()[0] if str(error).strip() else ""
        if not isinstance(error, RuleError | OSError | ValueError) or not detail:
            detail = (f"{type(error).__name__}: {detail} (DOPPELNB_DEBUG=1 shows the "
                      "traceback)")
        _fail(f"{where}: error: {detail}")
    finally:
        _IN_MAIN.reset(token)


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` as one printable line of at most ``limit`` characters: every character that
    would end or hide a line (newlines, other controls, separators, lone surrogates from
    undecodable arguments) is shown as an escape, and a long text is cut in the middle.

    >>> print(one_line("no file 'a" + chr(10) + "b'"))
    no file 'a\\nb'
    >>> len(one_line("x" * 10_000))
    499
    """
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape",
                                                         "backslashreplace").decode("ascii")
                    for c in text)
    if len(shown) > limit:
        half = (limit - 5) // 2
        shown = f"{shown[:half]} ... {shown[-half:]}"
    return shown


def _fail(message: str, status: int = 2) -> NoReturn:
    """The one place an error leaves the command line: one line on stderr, then exit."""
    print(one_line(message), file=sys.stderr)
    raise SystemExit(status)


__all__ = ["main", "build_parser", "version_line", "copy_notebooks", "shipped_notebooks",
           "CommandError", "Interrupted", "OneLineParser", "one_line"]
