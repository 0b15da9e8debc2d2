"""Play-a-hand benchmark (issue 25): how long a person waits after a click, per game.

    .venv/bin/python benchmarks/play_hand.py [--quick] [--seeds N] [--search SPEC]

For each game, seeded hands of ``doppelnb.widgets.play_hand`` (greedy bots, ``delay=0``: no
pause between the bots' moves shown) are played by a person choosing random legal moves; for
every click it measures the time from the click to the person's next turn (``choose``: the
move, every bot move up to the person's turn, and every rendering of the widget). It prints the
worst and the median click per game, in wall time and in CPU time (two shared cores: the CPU
time is the steadier figure, CONTRIBUTING.md), and the CPU cost of one bot move of the search
bots the widget offers (``doppelnb.widgets.play_hand.SEARCH``), over a hand where the other
seats play greedy, with its ratio to a greedy move. The widget's bots picker states that cost
(``SEARCH_COST``); rerun this script when an engine or the search changes.

Measured (2 cores shared with other engineers' jobs, load average about 20, 4 seeds; worst click
in wall / CPU seconds, and the most bot moves one click set off):
Doppeldoppel 0.12 / 0.004 s (4 bot moves), Tricks 0.14 / 0.005 s (6), Groom Lake 0.16 / 0.014 s
(15), Doppel Doubt 0.06 / 0.019 s (99), quest 0.03 / 0.005 s (17): with the greedy bots every
click is answered far within the second the issue asks. A search bot move (mcts:32:round)
costs 0.022-0.025 s CPU (Doppeldoppel), 0.022 (Tricks), 0.22-0.25 (Groom Lake, whose playouts
run to the end of the game: it has no round counter), 0.14-0.19 (Doppel Doubt) and 0.06-0.10
(quest), two to four orders of magnitude over a greedy move; the picker states the cost per
move and per click (``SEARCH_COST`` x ``BOT_MOVES_PER_CLICK``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import doppelnb
from doppelnb.core.policy import make_policy
from doppelnb.widgets import play_hand
from doppelnb.widgets.play_hand import SEARCH, SEARCH_COST

GAMES = ["doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
         "doppelganger_quest"]


def clicks(game: str, seed: int) -> list[tuple[float, float, int]]:
    """(wall, CPU) seconds and the number of bot moves of every click of one seeded hand played
    with random legal moves."""
    hand = play_hand(game, seed=seed, delay=0)
    rng = random.Random(seed)
    out = []
    while not hand.over:
        action = rng.choice(hand.state.legal_actions())
        before = len(hand.history)
        wall, cpu = time.perf_counter(), time.process_time()
        assert hand.choose(action)
        out.append((time.perf_counter() - wall, time.process_time() - cpu,
                    len(hand.history) - before - 1))
    return out


def move_cost(game: str, spec: str, seed: int, moves: int) -> float:
    """Mean CPU seconds of one move of ``spec`` for seat 1 (greedy elsewhere) over a hand."""
    module = doppelnb.GAMES[game]
    hand = play_hand(game, seed=seed, delay=0)
    state, start = hand.start, hand.start
    search, greedy = make_policy(spec, module), make_policy("greedy", module)
    rng = random.Random(seed)
    spent: list[float] = []
    while not hand.hand.over(start, state) and len(spent) < moves:
        policy = search if state.to_move == 1 else greedy
        cpu = time.process_time()
        action = policy(state, rng)
        if state.to_move == 1:
            spent.append(time.process_time() - cpu)
        state = state.play(action)
    return statistics.fmean(spent) if spent else 0.0


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one seed, a few search moves")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--search", default=SEARCH)
    args = parser.parse_args(argv)
    seeds = 1 if args.quick else args.seeds
    moves = 4 if args.quick else 40
    print(f"{'game':<20} {'clicks':>6} {'worst wall':>10} {'worst CPU':>9} {'median CPU':>10} "
          f"{'bot moves':>9} {'search move':>11} {'greedy move':>11} {'ratio':>8} {'stated':>7}")
    for game in GAMES:
        times = [t for seed in range(1, seeds + 1) for t in clicks(game, seed)]
        worst_wall = max(w for w, _, _ in times)
        worst_cpu = max(c for _, c, _ in times)
        median_cpu = statistics.median(c for _, c, _ in times)
        most = max(n for _, _, n in times)
        search = move_cost(game, args.search, 1, moves)
        greedy = max(move_cost(game, "greedy", 1, moves), 1e-6)
        print(f"{game:<20} {len(times):>6} {worst_wall:>9.3f}s {worst_cpu:>8.3f}s "
              f"{median_cpu:>9.4f}s {most:>9} {search:>10.3f}s {greedy:>10.4f}s {search / greedy:>7.1f}x "
              f"{SEARCH_COST[game]:>6.3f}s")


if __name__ == "__main__":
    main()
