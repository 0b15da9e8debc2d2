"""Doppeldoppel benchmark: random full games per second (every action legality-checked by
``State.play``), a search's random playouts (the plain loop vs the engine's playout hook),
greedy-player games, memory per state early and late in a game, and the exact
analyses against their brute-force twins, timed in the same run.

    .venv/bin/python benchmarks/doppeldoppel.py [--quick]

How the comparisons are fair, and what still differs:

- There is no outside peer: no other engine implements Doppeldoppel (OpenSpiel has no game with
  its collisions and reversal), so the figures are absolute rates, not ratios to a peer.
- Games per second count the total cost a user pays: ``new_game``, every ``play`` (parsing,
  the legality check and the new state), the random policy, and a conservation check at the
  end. Wall time on a shared machine; each rate is the best of a few repeats (warm: the imports
  and the per-state caches are the same for every run).
- The exact analyses and their brute-force twins are both cold-against-cold best-of timings of
  the public functions; the brute force goes through the checked ``resolve_trick`` per trick
  (its argument checks included), the exact census through numpy over card types; both results
  are asserted equal before a ratio is printed.
- Bytes per state are measured with tracemalloc over every state of one game kept alive
  together (as a stepper keeps them): the first 10 actions vs the first 100. The actions are
  shared (the core's ActionLog) and a new state shares every field it does not change; the
  tuple of finished tricks still gains one pointer per trick (at most 48 per game), the only
  remaining growth (measured: about 0.94x from 10 to 100 states, i.e. constant).
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter
from typing import Any

from _timing import best_of, bytes_per_state, report

from doppelnb.core import play_to_end, playout
from doppelnb.core.policy import fast_play
from doppelnb.core.state import random_policy
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import players as dd_players


def games_per_second(players: int, games: int, policy: Any = random_policy,
                     repeat: int = 3) -> tuple[float, float]:
    best = (0.0, 0.0)
    for _ in range(repeat):
        actions = 0
        start = time.perf_counter()
        for seed in range(games):
            end = play_to_end(dd.new_game(players, seed=seed), policy, seed=seed)
            assert end.is_over and end.all_cards() == Counter(dd.DEFAULT_RULES.deck_counts())
            actions += end.action_count
        elapsed = time.perf_counter() - start
        best = max(best, (games / elapsed, actions / elapsed))
    return best


def playout_actions_per_cpu_second(players: int, games: int, hook: bool,
                                   repeat: int = 3) -> float:
    """Random actions per CPU-second of a search's playout to the end of the game: the plain
    loop (``fast_play`` of ``rng.choice(legal_actions())``) or the engine's hook
    (``GAME_SPEC.playout``: one Draft for the whole game), the same games either way."""
    best = 0.0
    for _ in range(repeat):
        actions = 0
        start = time.process_time()
        for seed in range(games):
            state, rng = dd.new_game(players, seed=seed), random.Random(seed)
            if hook:
                state = dd.GAME_SPEC.playout(state, rng)
            else:
                while not state.is_over:
                    state = fast_play(state, rng.choice(state.legal_actions()))
            actions += state.action_count
        best = max(best, actions / (time.process_time() - start))
    return best


def states_of_one_game(players: int, length: int) -> list[Any]:
    return list(itertools.islice(playout(dd.new_game(players, seed=1), seed=1), length))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds")
    args = parser.parse_args()
    quick = args.quick

    play_to_end(dd.new_game(3, seed=0))  # warm up (imports, caches)
    print("Random full games, random legal moves, every action checked by State.play")
    headline: dict[str, float] = {}
    for players in (3, 4):
        per_game, per_action = games_per_second(players, 20 if quick else 200)
        print(f"  {players} players: {per_game:8.1f} games/s  ({per_action:,.0f} actions/s)")
        if players == 4:
            headline.update(checked_games_per_s=round(per_game, 1),
                            checked_actions_per_s=round(per_action))
    print("Random playouts as a search plays them (no checks), actions per CPU-second: the "
          "plain fast_play loop vs the engine's playout hook (one Draft per game)")
    for players in (3, 4):
        plain = playout_actions_per_cpu_second(players, 20 if quick else 200, hook=False)
        fast = playout_actions_per_cpu_second(players, 20 if quick else 200, hook=True)
        print(f"  {players} players: loop {plain:,.0f}  hook {fast:,.0f}  ({fast / plain:.2f}x)")
    print("Greedy players (dd.players.greedy), every action checked")
    for players in (3, 4):
        per_game, per_action = games_per_second(players, 10 if quick else 100, dd_players.greedy,
                                                repeat=1)
        print(f"  {players} players: {per_game:8.1f} games/s  ({per_action:,.0f} actions/s)")

    print("\nMemory per state, every state of one 4-player game kept alive")
    short, n_short = bytes_per_state(lambda: states_of_one_game(4, 10))
    long, n_long = bytes_per_state(lambda: states_of_one_game(4, 100))
    print(f"  first {n_short} states: {short:,.0f} bytes/state; first {n_long} states: "
          f"{long:,.0f} bytes/state (ratio {long / short:.2f})")
    headline.update(bytes_per_state_short=round(short), bytes_per_state_long=round(long))
    report("doppeldoppel", peer="none (no other Doppeldoppel engine)", **headline)

    print("\nTrick census (numpy over card types) vs brute force (resolve_trick on every "
          "permutation of physical cards)")
    small = {"Y1": 2, "R1": 1, "Y2": 2, "B2": 1, "Y3": 1, "R3": 2, "B4": 1, "Y5": 1, "R6": 2,
             "B5": 1, "R4": 1}
    cases = [("3 players, full deck a", 3, None)]
    # The brute force is limited to 50,000 tricks (issue 24): 4 players on the full deck
    # (1,413,720 tricks) is the census's alone, below.
    cases.append(("4 players, 15-card deck", 4, small) if quick else
                 ("4 players, 16-card deck", 4, {**small, "B6": 1}))
    for label, players, deck in cases:
        fast, t_fast = best_of(dd.collision_census, players, deck=deck)
        slow, t_slow = best_of(dd.collision_census_brute_force, players, deck=deck)
        assert fast == slow
        print(f"  {label}: {fast['tricks']:>9,} tricks  census {t_fast * 1e3:8.1f} ms  "
              f"brute force {t_slow * 1e3:9.1f} ms  ratio {t_slow / t_fast:7.0f}x")
    _, t4 = best_of(dd.collision_census, 4)
    print(f"  4 players, full deck a: census alone {t4 * 1e3:.1f} ms (brute force refused)")

    dd.round_score_distribution(1)  # warm up
    print("\nRound-score distribution of k random cards: multiset count vs every k-subset")
    # --quick: k=3 alone runs both twins and their comparison (k=4's brute force, 59k
    # subsets, was a fifth of the smoke run)
    for k in ((3,) if quick else (3, 4, 5)):
        fast, t_fast = best_of(dd.round_score_distribution, k)
        slow, t_slow = best_of(dd.round_score_distribution_brute_force, k)
        assert fast == slow
        print(f"  k={k}: {fast.total:>9,} subsets  exact {t_fast * 1e3:7.2f} ms  "
              f"brute force {t_slow * 1e3:9.1f} ms  ratio {t_slow / t_fast:7.0f}x")
    _, t_all = best_of(dd.mean_round_scores)
    print(f"  every k = 0..36 (up to 9.08e9 subsets each): {t_all * 1e3:.0f} ms in total")


if __name__ == "__main__":
    main()
