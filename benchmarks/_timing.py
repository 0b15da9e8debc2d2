"""Timing and reporting shared by the benchmark scripts (run them from the repository root).

Each benchmark prints its own figures and peer ratios, then calls :func:`report` with its
headline numbers; ``benchmarks/_summary.py`` (the last step of ``make bench``) prints one table
for all engines from those reports.
"""

from __future__ import annotations

import gc
import json
import pathlib
import time
import tracemalloc
from collections.abc import Callable, Iterable
from typing import Any

REPORTS = pathlib.Path(__file__).resolve().parents[1] / "build" / "bench"
#: The columns of the summary table, in order (a report may leave any of them out).
COLUMNS = {
    "checked_actions_per_s": "checked actions/s",
    "checked_games_per_s": "checked games/s",
    "compiled_games_per_s": "compiled checked games/s",
    "compiled_ratio": "compiled checked ratio to peer",
    "fast_games_per_s": "fast path games/s",
    "bytes_per_state_short": "bytes/state (short game)",
    "bytes_per_state_long": "bytes/state (long game)",
    "peer": "peer",
    "peer_ratio": "ratio to peer",
}


def best_of(fn: Callable[..., Any], *args: Any, repeat: int = 1, **kw: Any) -> tuple[Any, float]:
    """``(result, seconds)``: the result of ``fn(*args, **kw)`` and its best wall time of ``repeat``."""
    best = float("inf")
    out = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        out = fn(*args, **kw)
        best = min(best, time.perf_counter() - start)
    return out, best


def bytes_per_state(make_states: Callable[[], Iterable[Any]]) -> tuple[float, int]:
    """``(bytes, count)``: memory held per state by the list of states ``make_states`` yields
    (all kept alive together, as a stepper or a search keeps them), measured with tracemalloc."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        states = list(make_states())
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    return held / max(1, len(states)), len(states)


def report(game: str, **figures: Any) -> None:
    """Record a benchmark's headline figures for the summary table (``build/bench/GAME.json``)."""
    unknown = set(figures) - set(COLUMNS)
    if unknown:
        raise ValueError(f"unknown summary columns {sorted(unknown)}; known: {sorted(COLUMNS)}")
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"{game}.json").write_text(json.dumps({"game": game, **figures}, indent=1))
