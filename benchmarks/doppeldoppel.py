"""Doppeldoppel benchmark: random full games per second (every action legality-checked by
``State.play``), and the exact analyses against their brute-force twins, timed in the same run.

    .venv/bin/python benchmarks/doppeldoppel.py [--quick]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from _timing import best_of

from doppelnb.core import play_to_end
from doppelnb.engines import doppeldoppel as dd


def games_per_second(players: int, games: int) -> tuple[float, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        end = play_to_end(dd.new_game(players, seed=seed), seed=seed)
        assert end.is_over and end.all_cards() == Counter(dd.DEFAULT_RULES.deck_counts())
        actions += len(end.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds")
    args = parser.parse_args()
    quick = args.quick

    play_to_end(dd.new_game(3, seed=0))  # warm up (imports, caches)
    print("Random full games, random legal moves, every action checked by State.play")
    for players in (3, 4):
        per_game, per_action = games_per_second(players, 20 if quick else 200)
        print(f"  {players} players: {per_game:8.1f} games/s  ({per_action:,.0f} actions/s)")

    print("\nTrick census (numpy over card types) vs brute force (resolve_trick on every "
          "permutation of physical cards)")
    small = {"Y1": 2, "R1": 1, "Y2": 2, "B2": 1, "Y3": 1, "R3": 2, "B4": 1, "Y5": 1, "R6": 2,
             "B5": 1, "R4": 1}
    cases = [("3 players, full deck a", 3, None)]
    cases.append(("4 players, 15-card deck", 4, small) if quick else
                 ("4 players, full deck a", 4, None))
    for label, players, deck in cases:
        fast, t_fast = best_of(dd.collision_census, players, deck=deck)
        slow, t_slow = best_of(dd.collision_census_bruteforce, players, deck=deck)
        assert fast == slow
        print(f"  {label}: {fast['tricks']:>9,} tricks  census {t_fast * 1e3:8.1f} ms  "
              f"brute force {t_slow * 1e3:9.1f} ms  ratio {t_slow / t_fast:7.0f}x")
    if quick:
        _, t4 = best_of(dd.collision_census, 4)
        print(f"  4 players, full deck a: census alone {t4 * 1e3:.1f} ms (brute force skipped)")

    dd.round_score_distribution(1)  # warm up
    print("\nRound-score distribution of k random cards: multiset count vs every k-subset")
    for k in ((3, 4) if quick else (3, 4, 5)):
        fast, t_fast = best_of(dd.round_score_distribution, k)
        slow, t_slow = best_of(dd.round_score_distribution_bruteforce, k)
        assert fast == slow
        print(f"  k={k}: {fast.total:>9,} subsets  exact {t_fast * 1e3:7.2f} ms  "
              f"brute force {t_slow * 1e3:9.1f} ms  ratio {t_slow / t_fast:7.0f}x")
    _, t_all = best_of(dd.mean_round_scores)
    print(f"  every k = 0..36 (up to 9.08e9 subsets each): {t_all * 1e3:.0f} ms in total")


if __name__ == "__main__":
    main()
