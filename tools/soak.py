"""Soak: many seeded random games per engine and player count, every invariant checked.

    python tools/soak.py                       # 10,000 games per engine per player count
    python tools/soak.py --games 200 --game doppeldoppel --workers 2

At every state: the engine's conserved quantities hold (``state.invariants()`` is empty), the
player to move has a legal action unless the game is over (no deadlock), and garbage actions are
refused with a ``RuleError`` that leaves the state unchanged. At the end of each game: the game
ended within its bound, and its JSON record replays to an equal state. Prints games run and
violations per engine and player count; exits 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import pathlib
import pickle
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
MAX_ACTIONS = 20_000
# Actions no engine accepts: each must be refused with a RuleError and change nothing.
GARBAGE: tuple[Any, ...] = (None, -1, 1.5, True, "", "zz99", ("bid",), ("no-such", 1), [[]],
                            {"a": 1}, "Y5" * 50, ("target", None), 10**30)


def player_counts(module: Any) -> tuple[int, ...]:
    """The engine's legal player counts (``PLAYER_COUNTS``)."""
    return tuple(module.PLAYER_COUNTS)


def soak_one(game: str, players: int, seed: int) -> list[str]:
    """Play one seeded random game and return its violations (empty when all held)."""
    import random

    import doppelnb
    from doppelnb import RuleError

    module = doppelnb.GAMES[game]
    problems: list[str] = []
    where = f"{game} players={players} seed={seed}"
    rng = random.Random(seed)
    state = module.new_game(players, seed=seed)
    for number in range(MAX_ACTIONS + 1):
        broken = state.invariants()
        if broken:
            problems.append(f"{where} action {number}: invariants {broken}")
            break
        if state.is_over:
            break
        legal = state.legal_actions()
        if not legal:
            problems.append(f"{where} action {number}: deadlock (no legal action, not over)")
            break
        if number % 29 == 0:
            before = pickle.dumps(state)  # a snapshot of every field, at C speed
            for junk in GARBAGE:
                if junk in legal:
                    continue
                try:
                    state.play(junk)
                except RuleError:
                    pass
                except Exception as exc:  # noqa: BLE001 - that is the finding
                    problems.append(f"{where} action {number}: {junk!r} raised "
                                    f"{type(exc).__name__}: {exc}")
                else:
                    problems.append(f"{where} action {number}: {junk!r} was accepted")
            if pickle.dumps(state) != before:
                problems.append(f"{where} action {number}: a refused action changed the state")
        state = state.play(rng.choice(legal))
    else:
        problems.append(f"{where}: no end within {MAX_ACTIONS} actions")
    if module.from_json(state.to_json()) != state:
        problems.append(f"{where}: the record does not replay to an equal state")
    return problems


def _batch(game: str, players: int, seeds: range) -> tuple[int, list[str]]:
    problems: list[str] = []
    for seed in seeds:
        problems += soak_one(game, players, seed)
    return len(seeds), problems


def soak(games: int, names: list[str], workers: int, seed: int = 0,
         chunk: int = 50, progress: int = 0) -> list[tuple[str, int, int, list[str]]]:
    import doppelnb

    rows = []
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        for game in names:
            for players in player_counts(doppelnb.GAMES[game]):
                start = time.perf_counter()
                base = seed * 1_000_003 + players * 100_000_007
                jobs = [pool.submit(_batch, game, players,
                                    range(base + i, base + min(i + chunk, games)))
                        for i in range(0, games, chunk)]
                done, problems = 0, []
                for number, job in enumerate(jobs, 1):
                    n, found = job.result()
                    done += n
                    problems += found
                    if progress and number % progress == 0 and number < len(jobs):
                        print(f"  ... {game} {players} players: {done} games, {len(problems)} "
                              f"violations so far ({time.perf_counter() - start:.0f} s)", flush=True)
                took = time.perf_counter() - start
                print(f"{game:22} {players} players: {done:6} games, {len(problems)} violations "
                      f"({took:.1f} s)", flush=True)
                for line in problems[:5]:  # the first few now, so a long soak shows them early
                    print("  " + line, flush=True)
                rows.append((game, players, done, problems))
    return rows


def main(argv: list[str] | None = None) -> int:
    import doppelnb

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per engine per count")
    parser.add_argument("--game", choices=sorted(doppelnb.GAMES), action="append")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=0, metavar="K",
                        help="print games done so far after every K chunks of 50 games")
    args = parser.parse_args(argv)
    rows = soak(args.games, args.game or list(doppelnb.GAMES), args.workers, args.seed,
                progress=args.progress)
    total = sum(r[2] for r in rows)
    violations = [p for r in rows for p in r[3]]
    print(f"total: {total} games, {len(violations)} violations")
    for line in violations[:50]:
        print("  " + line)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
