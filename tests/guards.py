"""Guards against a hang in a test: ``with deadline(2):`` fails the test (instead of hanging the
suite) when its body runs past 2 seconds. They measure nothing: the limits are generous, and
they are there so that a call that would run for minutes fails at once.

``deadline`` counts wall-clock time (SIGALRM), for anything that may block; ``cpu_deadline``
counts the process's CPU time (SIGPROF), so a call that must finish "within 2 s" is held to
2 s of its own work however loaded the shared machine is, with a wall-clock backstop.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


class Hang(AssertionError):
    """The body of a ``deadline`` block ran past its limit."""


@contextlib.contextmanager
def _timer(which: int, signum: int, seconds: float, message: str) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # signals need the main thread
        yield
        return

    def alarm(_signum: int, _frame: object) -> None:
        raise Hang(message)

    previous = signal.signal(signum, alarm)
    signal.setitimer(which, seconds)
    try:
        yield
    finally:
        signal.setitimer(which, 0)
        signal.signal(signum, previous)


@contextlib.contextmanager
def deadline(seconds: float, what: str = "the call") -> Iterator[None]:
    """Fail when the block runs past ``seconds`` of wall-clock time."""
    with _timer(signal.ITIMER_REAL, signal.SIGALRM, seconds, f"{what} ran past {seconds} s"):
        yield


@contextlib.contextmanager
def cpu_deadline(seconds: float, what: str = "the call", wall: float = 60) -> Iterator[None]:
    """Fail when the block uses more than ``seconds`` of CPU time (or ``wall`` seconds of
    wall-clock time, for a block that waits instead of working)."""
    with deadline(wall, what), _timer(signal.ITIMER_PROF, signal.SIGPROF, seconds,
                                      f"{what} used more than {seconds} s of CPU time"):
        yield
