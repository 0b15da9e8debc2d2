"""Benchmark search: determinized IS-MCTS decisions per CPU-second in Doppelgänger Tricks
(``mcts:32``) against OpenSpiel's Python ISMCTS bot on ``oh_hell`` (32 simulations), measured
side by side in one run (issue 27).

Both searches sample a world consistent with what the mover saw at each simulation, descend a
tree of UCT statistics and finish with a random playout to the end of the game:

- doppelnb: ``make_policy("mcts:32")`` (:class:`doppelnb.core.policy.MCTS`, 32 iterations, each
  a determinization by the engine's ``determinize`` and a random playout to the end of the
  *whole* game, all four rounds), on whole seeded 4-player games in which every seat searches;
- OpenSpiel: ``ismcts.ISMCTSBot`` (uct_c 2, 32 simulations, unlimited world samples: a fresh
  ``resample_from_infostate`` each simulation) with a ``RandomRolloutEvaluator`` (one random
  rollout to the end of the game), on whole ``oh_hell`` games (one deal of 4 x 10 cards, 9
  tricks: OpenSpiel's game is one round) in which every seat searches; chance nodes (the deal)
  are sampled from their outcomes and not timed.

A decision is a call of the search at a state with more than one legal action (forced moves,
which both searches answer without searching, are excluded from the count and the time). The
figure is decisions per CPU-second (``time.process_time``: the machine is shared), each
contender's repeats timed in turns, the best repeat for the figure and the ratio, the worst
printed beside it. The workloads differ (a Tricks playout plays on to the end of a 4-round game,
about 1.7 times the actions of an oh_hell playout from the same point early in a round; oh_hell's
playouts and resampling are C++), so the ratio says how fast a decision is, not which search is
better.

Measured 2026-11-26 (2 cores shared with other work, load average 3-5; one sitting, the
default 3 repeats of 2 Tricks games and 6 oh_hell games each; "before" is the package at
bb04a31 run with ``PYTHONPATH`` pointing at an export of it, the card-by-card determinize that
recomputed the public constraints at each of the 32 iterations; "after" the uniform sampler
prepared once per decision): doppelnb 20.6 decisions/s before (worst repeat 16.9), 35.6 after
(worst 31.0), 1.7x; OpenSpiel 74.9 and 113.1 decisions/s in those two runs (worst repeats 72.6
and 76.4), so doppelnb is at 0.28x before and 0.31x after. (A run earlier in the same sitting:
21.1 -> 34.1 decisions/s, OpenSpiel 97.1 and 119.9.) Under cProfile the determinize is now about
11 % of the search time (was about 40 %); the random playouts to the end of the game (about 97
actions per iteration, ``fast_play`` and the random player) are about 78 %: the next lever is
the per-action cost of a playout, not the sampler. (The before/after figures came from this
script before its last section, which imports ``core.policy.prepared``, was added.)

The last section times the sampler alone: the new ``determinize`` called at every sample (its
constraints and its table of deal counts rebuilt each time) against one prepared sampler per
decision drawn 32 times (the same samples), 60 decisions of a seeded random game: about 909
against 107 µs per sample in a ``--quick`` run (8.5x).

Run: ``.venv/bin/python benchmarks/search.py [--quick] [--repeats N]``. OpenSpiel is optional
(``pip install -e ".[bench]"``); without it the script prints the doppelnb figure only.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import time

from doppelnb.core.policy import make_policy, prepared
from doppelnb.engines import doppelganger_tricks as dt

try:  # optional peer
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None

SIMULATIONS = 32
PEER = "OpenSpiel ISMCTSBot, oh_hell"
ENGINE = "doppelnb MCTS, Tricks mcts:32"


def tricks_games(games: int, first_seed: int) -> tuple[int, float]:
    """``(decisions, CPU seconds in them)`` over whole seeded 4-player Tricks games, every seat
    ``mcts:32`` (forced moves played without the search and not counted)."""
    search = make_policy(f"mcts:{SIMULATIONS}", "doppelganger_tricks")
    decisions = 0
    spent = 0.0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        s = dt.new_game(4, seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            if len(legal) == 1:
                s = s.play(legal[0])
                continue
            start = time.process_time()
            action = search(s, rng)
            spent += time.process_time() - start
            decisions += 1
            s = s.play(action)
    return decisions, spent


def openspiel_games(games: int, first_seed: int) -> tuple[int, float]:
    """``(decisions, CPU seconds in them)`` over whole oh_hell games, every seat searching with
    OpenSpiel's Python ISMCTS bot (32 simulations, random rollouts)."""
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 10,
                                         "num_tricks_fixed": 9})
    decisions = 0
    spent = 0.0
    for seed in range(first_seed, first_seed + games):
        rs = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, SIMULATIONS,
                               random_state=rs)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            start = time.process_time()
            action = bot.step(state)
            spent += time.process_time() - start
            decisions += 1
            state.apply_action(int(action))
    return decisions, spent


def sampler_ratio(positions: int) -> tuple[float, float]:
    """``(µs per sample computing the constraints at every sample, µs per sample with them
    computed once per decision)``: 32 samples at each of ``positions`` decisions of a seeded
    random 4-player Tricks game, by ``determinize`` called 32 times and by one
    ``prepared(determinize, ...)`` drawn 32 times (the same samples)."""
    rng = random.Random(7)
    s = dt.new_game(4, seed=7)
    states = []
    while not s.is_over:
        legal = s.legal_actions()
        if len(legal) > 1:
            states.append(s)
        s = s.play(legal[rng.randrange(len(legal))])
    states = states[::max(1, len(states) // positions)][:positions]
    start = time.process_time()
    for s in states:
        for k in range(SIMULATIONS):
            dt.determinize(s, s.to_move, random.Random(k))
    each = time.process_time() - start
    start = time.process_time()
    for s in states:
        draw = prepared(dt.determinize, s, s.to_move, dt.GAME_SPEC.prepare_determinize)
        for k in range(SIMULATIONS):
            draw(random.Random(k))
    once = time.process_time() - start
    n = len(states) * SIMULATIONS
    return each / n * 1e6, once / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game each per repeat")
    parser.add_argument("--repeats", type=int, default=None,
                        help="repeats timed in turns (default 3, 1 with --quick)")
    args = parser.parse_args()
    tricks_n = 1 if args.quick else 2
    peer_n = 2 if args.quick else 6
    runs = {ENGINE: lambda k: tricks_games(tricks_n, 1000 + k * tricks_n)}
    if pyspiel is not None:
        runs[PEER] = lambda k: openspiel_games(peer_n, 1000 + k * peer_n)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    counts: dict[str, int] = {name: 0 for name in runs}
    repeats = args.repeats or (1 if args.quick else 3)
    for k in range(max(1, repeats)):
        for name, fn in runs.items():
            decisions, spent = fn(k)
            rates[name].append(decisions / spent)
            counts[name] += decisions
    print(f"== IS-MCTS decisions per CPU-second, {SIMULATIONS} iterations per decision, "
          "every seat searching, forced moves excluded (doppelnb from "
          f"{pathlib.Path(dt.__file__).parents[2]})")
    best = {name: max(r) for name, r in rates.items()}
    for name, r in rates.items():
        ratio = f"  {best[name] / best[PEER]:5.2f}x OpenSpiel" if PEER in best else ""
        print(f"{name:<32} {best[name]:8.1f} decisions/s (worst repeat {min(r):.1f}; "
              f"{counts[name]} decisions){ratio}")
    if PEER not in best:
        print("OpenSpiel is not installed (pip install -e '.[bench]'); no peer ratio")
    each, once = sampler_ratio(20 if args.quick else 60)
    print(f"\n== Tricks determinize, {SIMULATIONS} samples per decision: constraints at every "
          f"sample {each:.0f} µs/sample, once per decision {once:.0f} µs/sample "
          f"({each / once:.2f}x)")


if __name__ == "__main__":
    main()
