"""Timing shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import time


def best_of(fn, *args, repeat: int = 1, **kw):
    """``(result, seconds)``: the result of ``fn(*args, **kw)`` and its best wall time of ``repeat``."""
    best = float("inf")
    out = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        out = fn(*args, **kw)
        best = min(best, time.perf_counter() - start)
    return out, best
