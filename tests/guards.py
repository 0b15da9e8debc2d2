"""A guard against a hang in a test: ``with deadline(2):`` fails the test (instead of hanging the
suite) when its body runs past 2 seconds of wall-clock time. It measures nothing: the limit is
generous, and it is there so that a call that would run for minutes fails at once."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


class Hang(AssertionError):
    """The body of a ``deadline`` block ran past its limit."""


@contextlib.contextmanager
def deadline(seconds: float, what: str = "the call") -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # signals need the main thread
        yield
        return

    def alarm(_signum: int, _frame: object) -> None:
        raise Hang(f"{what} ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
