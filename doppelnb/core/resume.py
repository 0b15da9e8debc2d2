"""Sweep checkpoints: finished games kept on disk, so a sweep resumes (or grows) after a stop.

A checkpoint is a JSON-lines file. Its first line is the header, exactly::

    {"doppelnb_sweep_checkpoint":3,"sweep":{"doppelnb":"0.2.0","game":...,"mixes":[...],
     "players":[...],"readings":[...],"seed":...}}

(canonical JSON: sorted keys, no spaces): the format, then the sweep's identity, which leaves out
the number of games, the chunk size and the workers, so the same sweep with more games tops the
file up and one with fewer uses its first games. Each further line is one finished chunk:
``{"cell":...,"games":[...],"sha256":...,"start":...}``, the games numbered from ``start``, with
the sha256 of the chunk's canonical JSON (a guard against accidents and torn writes, not a
security boundary). Each game is the record :func:`doppelnb.core.sweep.play_game` returns plus its
index ``i``; :func:`game_problem` is its schema.

The rule: doppelnb never overwrites, truncates or deletes a file it cannot prove is its own
checkpoint (see :class:`Checkpoint` and :func:`remove_checkpoint`).
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import stat
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .checks import show
from .errors import BadInput

if TYPE_CHECKING:
    from .sweep import Table

#: The checkpoint format this version writes and reads. Format 1 (doppelnb 0.2.0 before issue 24)
#: had no digests and counted ``games`` in the sweep's identity; in format 2 (before issue 27)
#: each reading had deals of its own, so its games are not the ones a sweep plays now (every
#: reading plays the default's deals): a format-2 checkpoint is refused, not mixed in.
CHECKPOINT_FORMAT = 3
#: The keys of one game's record in a checkpoint (``"t"``, each seat's side, is optional).
GAME_KEYS = frozenset({"i", "w", "s", "len", "rounds", "lc", "half", "first", "seats"})
_MAX_HEADER = 1 << 16
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _canonical(doc: Any) -> str:
    """The one JSON text of a value (sorted keys, no spaces): what digests are taken of."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def chunk_digest(cell: str, start: int, games: Any) -> str:
    """The sha256 of a chunk's canonical JSON: a guard against accidents (an edited or torn
    line), not a security boundary."""
    text = _canonical({"cell": cell, "start": start, "games": games})
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _seat(value: Any, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _count(value: Any, most: int | None = None) -> bool:
    return type(value) is int and value >= 0 and (most is None or value <= most)


def game_problem(game: Any, index: int, players: int, seats: Sequence[str]) -> str | None:
    """What is wrong with one game's record in a checkpoint (``None``: nothing); the schema of
    what :func:`doppelnb.core.sweep.play_game` returns, with its index and ``seats``, the
    policies this cell's mix puts at the seats in this game."""
    if not isinstance(game, dict):
        return "a game is not a record"
    keys = set(game)
    if not GAME_KEYS <= keys or keys - GAME_KEYS - {"t", "timeout"}:
        return f"game {index} has the fields {', '.join(sorted(map(str, keys)))}"
    if game["i"] != index or type(game["i"]) is not int:
        return f"game {show(game['i'])} where game {index} should be"
    wins, scores, length = game["w"], game["s"], game["len"]
    if not isinstance(wins, list) or not all(_seat(w, players) for w in wins) or \
            len(set(wins)) != len(wins):
        return f"game {index}: the winners are not distinct seats from 0 to {players - 1}"
    if not isinstance(scores, list) or len(scores) != players or not all(
            type(v) is int or (type(v) is float and math.isfinite(v)) for v in scores):
        return f"game {index}: the scores are not {players} finite numbers"
    if not _count(length):
        return f"game {index}: the length is not a whole number of actions"
    if not (game["rounds"] is None or _count(game["rounds"], length)) or \
            not _count(game["lc"], length):
        return f"game {index}: the rounds or lead changes are not counts up to its length"
    if not (game["half"] is None or _seat(game["half"], players)) or \
            not _seat(game["first"], players):
        return f"game {index}: the half-time leader or first player is not a seat"
    if game["seats"] != list(seats):
        return f"game {index}: the seats' policies are not {'/'.join(seats)}"
    if "timeout" in game and (game["timeout"] is not True or game["w"]):
        return f"game {index}: a game stopped at the action cap is marked true and has no winner"
    sides = game.get("t")
    if "t" in game and (not isinstance(sides, list) or len(sides) != players or not all(
            isinstance(t, str) and len(t) <= 100 for t in sides)):
        return f"game {index}: the sides are not {players} names"
    return None


class Checkpoint:
    """A sweep's JSON-lines checkpoint: a header (the format and the sweep's identity, without
    the number of games, so a larger sweep tops it up), then one line per finished chunk with
    the sha256 of its games.

    doppelnb never writes, truncates or deletes a file it cannot prove is its own checkpoint:
    an existing file must be a regular file (not a link) whose very first line is exactly this
    sweep's header, or nothing is touched and :class:`BadInput` says what to do. Every other
    line must match its digest and the game schema (:func:`game_problem`); only a last line
    without its newline (a write cut short) is dropped, and its games are played again. The
    file is locked while a sweep uses it (where the system has ``flock``).
    """

    def __init__(self, path: str | os.PathLike[str], identity: dict[str, Any],
                 cells: Mapping[str, tuple[int, Sequence[str]]]) -> None:
        """Open (or create) ``path`` for the sweep ``identity`` (JSON values) whose cells are
        ``cells``: cell key -> (players, policy mix). ``done`` holds the games already played,
        by cell and game index."""
        from .sweep import seats_for

        self.path = Path(path)
        self.cells = cells
        self._seats = seats_for
        self.header = (_canonical({"doppelnb_sweep_checkpoint": CHECKPOINT_FORMAT,
                                   "sweep": identity}) + "\n").encode("ascii")
        self.done: dict[str, dict[int, dict[str, Any]]] = {}
        self.fd, created = self._open()
        try:
            self._lock()
            if created:
                _write_all(self.fd, self.header)
            else:
                self._load()
        except BaseException:
            if created and _names(self.path, os.fstat(self.fd)):
                self.path.unlink()  # the file this call made (no header yet), nothing else
            os.close(self.fd)
            raise
        self.file_id: tuple[int, ...] = ()
        self.synced = time.monotonic()

    def _refuse(self, what: str) -> BadInput:
        return BadInput("NB-ARG", f"{self.path} {what}")

    def _open(self) -> tuple[int, bool]:
        """The open file (read and append, never through a link) and whether this made it."""
        flags = os.O_RDWR | os.O_APPEND | _NOFOLLOW | _CLOEXEC
        for _ in range(2):
            try:
                mode = os.lstat(self.path).st_mode
            except ValueError:  # (a NUL character)
                raise BadInput("NB-ARG", f"checkpoint must be a file name, not "
                               f"{show(str(self.path))}") from None
            except FileNotFoundError:
                try:  # O_EXCL: never a file that appeared meanwhile, never through a link
                    return os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o666), True
                except FileExistsError:
                    continue
                except OSError as error:
                    raise self._refuse(f"cannot be created ({error.strerror}); choose another "
                                       "--checkpoint") from None
            if stat.S_ISLNK(mode):
                raise self._refuse("is a symbolic link, not a doppelnb checkpoint; choose "
                                   "another --checkpoint or move the link away")
            if not stat.S_ISREG(mode):
                raise self._refuse("is not a regular file, so not a doppelnb checkpoint; "
                                   "choose another --checkpoint")
            try:
                fd = os.open(self.path, flags)
            except OSError as error:
                raise self._refuse(f"cannot be opened ({error.strerror}); choose another "
                                   "--checkpoint") from None
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise self._refuse("is not a regular file; choose another --checkpoint")
            return fd, False
        raise self._refuse("keeps changing; choose another --checkpoint")

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # no flock here (Windows): two sweeps must not share a file
            return
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise self._refuse("is in use by another running sweep; wait for it to finish "
                                   "or choose another --checkpoint") from None

    def _load(self) -> None:
        os.lseek(self.fd, 0, os.SEEK_SET)
        with open(self.fd, "rb", closefd=False) as reader:
            first = reader.readline(_MAX_HEADER)
            if first != self.header:
                raise self._foreign(first)
            keep = len(first)
            number = 1
            for line in reader:
                number += 1
                if not line.endswith(b"\n"):
                    break  # a write cut short: dropped, its games are played again
                problem = self._add_line(line)
                if problem:
                    raise BadInput("NB-DATA", f"{self.path} is damaged at line {number} "
                                   f"({problem}); delete it to start the sweep again")
                keep += len(line)
        if keep != os.fstat(self.fd).st_size:
            os.ftruncate(self.fd, keep)

    def _foreign(self, first: bytes) -> BadInput:
        """Why a first line is not this sweep's header, in words that say what to do."""
        try:
            doc = json.loads(first)
        except (ValueError, RecursionError):
            doc = None
        if isinstance(doc, dict) and ("doppelnb_sweep_checkpoint" in doc or
                                      "doppelnb_sweep" in doc):
            version = doc.get("doppelnb_sweep_checkpoint", doc.get("doppelnb_sweep"))
            if version == CHECKPOINT_FORMAT:
                return self._refuse("is the checkpoint of another sweep (another game, seed, "
                                    "readings, player counts, mixes or doppelnb version); run "
                                    "that sweep to finish it, or choose another --checkpoint")
            return BadInput("NB-DATA", f"{self.path} is a checkpoint in format "
                            f"{show(version, 20)}, which this doppelnb does not read (it reads "
                            f"format {CHECKPOINT_FORMAT}); delete it to start the sweep again")
        return self._refuse("is not a doppelnb checkpoint; choose another --checkpoint or move "
                            "the file away")

    def _add_line(self, line: bytes) -> str | None:
        """Check one chunk line and keep its games; returns what is wrong, or ``None``."""
        try:
            doc = json.loads(line)
        except (ValueError, RecursionError):
            return "not a line of JSON"
        if not isinstance(doc, dict) or set(doc) != {"cell", "start", "games", "sha256"}:
            return "not a chunk of games"
        cell, start, games = doc["cell"], doc["start"], doc["games"]
        try:
            digest = chunk_digest(cell, start, games)
        except ValueError:
            digest = ""
        if doc["sha256"] != digest:
            return "its games do not match their sha256"
        if not isinstance(cell, str) or cell not in self.cells:
            return f"cell {show(cell)} is not one of this sweep's"
        if not _count(start) or not isinstance(games, list) or not games:
            return "no games, or no whole number where they start"
        players, mix = self.cells[cell]
        have = self.done.setdefault(cell, {})
        for offset, game in enumerate(games):
            index = start + offset
            problem = game_problem(game, index, players, self._seats(mix, players, index))
            if problem is None and index in have:
                problem = f"game {index} is there twice"
            if problem:
                return f"{cell}: {problem}"
            have[index] = game
        return None

    def add(self, cell: str, start: int, games: list[dict[str, Any]]) -> None:
        doc = {"cell": cell, "start": start, "games": games,
               "sha256": chunk_digest(cell, start, games)}
        _write_all(self.fd, (_canonical(doc) + "\n").encode("ascii"))
        now = time.monotonic()
        if now - self.synced >= 1.0:  # on disk at least once a second (not once per chunk)
            os.fsync(self.fd)
            self.synced = now

    def close(self) -> None:
        try:
            os.fsync(self.fd)
            self.file_id = _file_id(os.fstat(self.fd))
        finally:
            os.close(self.fd)  # (and its lock)


def _write_all(fd: int, data: bytes) -> None:
    """One line, appended with as few writes as the system allows: an interruption leaves at
    worst a last line without its newline, which the next run drops."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _names(path: str | os.PathLike[str], info: os.stat_result) -> bool:
    """Whether ``path`` is (still) the regular file ``info`` describes, not a link to it."""
    try:
        now = os.lstat(path)
    except FileNotFoundError:
        return False
    return stat.S_ISREG(now.st_mode) and (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino)


def _file_id(info: os.stat_result) -> tuple[int, ...]:
    """A file as the sweep left it: which file (device, inode) and its size and time of last
    change (an inode number alone may be reused by a file put in its place)."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def remove_checkpoint(table: Table) -> bool:
    """Delete the checkpoint :func:`~doppelnb.core.sweep.sweep` used for ``table`` (once its
    results are saved), but only if the path still names the very file the sweep verified or
    created, unchanged since (not a link, not a file put in its place). Returns whether it was
    deleted."""
    path, file_id = table.meta.get("checkpoint"), table.meta.get("checkpoint_id")
    if not isinstance(path, str) or not isinstance(file_id, tuple) or not file_id:
        return False
    try:
        now = os.lstat(path)
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(now.st_mode) or _file_id(now) != file_id:
        return False
    os.unlink(path)
    return True


__all__ = ["Checkpoint", "CHECKPOINT_FORMAT", "GAME_KEYS", "chunk_digest", "game_problem",
           "remove_checkpoint"]
