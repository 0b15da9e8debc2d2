"""Benchmark: Doppelgänger (quest game).

1. Quests and actions per second: seeded games played by the greedy and the random players
   through the full engine (every action checked, every state immutable), the total cost a user
   pays (setup, legal actions, checks, chance, the policy).
2. Random playouts, what a search plays for each of its iterations: the plain loop
   (``fast_play`` of ``rng.choice(state.legal_actions())`` until the game is over) against the
   engine's playout hook (``GAME_SPEC.playout``: one draft changed in place for the whole
   playout), on the same seeded games, interleaved, CPU time; the two final states are asserted
   equal (the hook plays the loop's very game).
3. Memory per state: bytes held per state when every state of a game is kept (as a stepper or
   a search keeps them), for the first 40 states of a game and for all of a long game
   (about 200 actions). The log, the private notes and the actions are shared between states,
   so the two figures should match (issue 17: memory constant in the length of the game).
4. The exact quest-damage distribution against two twins measured in the same run: a
   brute-force enumeration of every physical draw, and a vectorised Monte Carlo simulation of
   the bag (numpy). Prints the time ratios and the Monte Carlo error against the exact law.

How the comparison is fair, and what differs:

- No outside peer implements this game (OpenSpiel, boardgame.io and Ludii have no Doppelgänger
  quest), so the checked engine is reported on its own; there is no fast path.
- All three damage computations read the same card data, loaded once before any timing (warm
  against warm); each figure is the best of its repeats. The exact convolution and the brute
  force give identical ``Fraction`` laws (asserted); the Monte Carlo twin is numpy, vectorised
  over samples, and approximates the law (its error against the exact law is printed with a
  4-sigma bound). The brute force is skipped for 4 heroes (72^4 joint outcomes, over its
  documented limit).

Usage: ``python benchmarks/doppelganger_quest.py [--quick]``.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
from _timing import best_of, bytes_per_state, report

from doppelnb.core import play_to_end, playout, random_policy
from doppelnb.core.policy import fast_play
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.analysis import _party_setup

PARTIES = [
    ("2 heroes", ["Knight", "Rogue"], ["magic_sword", "bow"], ["good", "bad"]),
    ("3 heroes", ["Knight", "Rogue", "Wizard"], ["magic_sword", "bow", "staff"], "good"),
    ("3 + blessing", ["Knight", "Wizard", "Scout"], ["sword", "magic_staff", "bless"],
     ["bad", "good", "good"]),
    ("4 heroes", ["Knight", "Rogue", "Wizard", "Barbarian"], ["sword", "magic_bow", "staff",
                                                               "dagger"], "good"),
]


def playout_prefix(count: int) -> list:
    """The first ``count`` states of the long benchmark game."""
    out = []
    for state in playout(dq.new_game(4, seed=5), dq.greedy, seed=5):
        out.append(state)
        if len(out) == count:
            break
    return out


def games_per_second(players: int, games: int, policy) -> float:
    t = time.perf_counter()
    for g in range(games):
        play_to_end(dq.new_game(players, seed=g), policy, seed=g)
    return games / (time.perf_counter() - t)


def quests_per_second(players: int, games: int, policy) -> tuple[float, float, int]:
    quests = actions = 0
    t = time.perf_counter()
    for g in range(games):
        final = play_to_end(dq.new_game(players, seed=g), policy, seed=g)
        quests += final.quest_no
        actions += len(final.actions)
    dt = time.perf_counter() - t
    return quests / dt, actions / dt, quests


def random_playouts(games: int, repeat: int = 3) -> tuple[float, float]:
    """Actions per CPU-second of random playouts to the end of ``games`` seeded games (4 to 6
    seats): the plain loop and the playout hook, best of ``repeat`` interleaved rounds."""
    starts = [dq.new_game(4 + g % 3, seed=g) for g in range(games)]

    def plain(state, rng):
        while not state.is_over:
            state = fast_play(state, rng.choice(state.legal_actions()))
        return state

    best = {"plain": 0.0, "hook": 0.0}
    for _ in range(repeat):
        for name, play in (("plain", plain), ("hook", dq.GAME_SPEC.playout)):
            t = time.process_time()
            finals = [play(s, random.Random(g)) for g, s in enumerate(starts)]
            dt = time.process_time() - t
            actions = sum(f.action_count for f in finals)
            best[name] = max(best[name], actions / dt)
            if name == "plain":
                reference = finals
            else:
                assert finals == reference, "the hook must play the plain loop's games"
    return best["plain"], best["hook"]


def monte_carlo(heroes, items, policy, samples: int, seed: int = 0) -> dict[int, float]:
    """Simulate the bag physically: shuffle the dice, take two, keep one by policy, roll."""
    rules = dq.Rules()
    cards = rules.card_set()
    policies, bless, bag = _party_setup(heroes, items, policy, rules)
    rng = np.random.default_rng(seed)
    total = np.zeros(samples, dtype=np.int64)
    dice = np.array([0] * bag[0] + [1] * bag[1])  # 0 black, 1 white
    for hero, item, pol in zip(heroes, items, policies, strict=True):
        kind = cards.kind(item)
        weapon = cards.hero(hero).weapon
        if kind.type == "fireball":
            total += kind.damage if pol == "good" else 0
            continue
        if kind.type != "weapon" or not kind.usable_by(weapon):
            continue
        order = np.argsort(rng.random((samples, len(dice))), axis=1)[:, :2]
        drawn = dice[order]
        has_white, has_black = drawn.max(axis=1) == 1, drawn.min(axis=1) == 0
        if pol == "good":
            white = has_white
        elif pol == "bad":
            white = ~has_black
        else:
            pick = rng.random(samples) < 0.5
            white = np.where(has_white & has_black, pick, has_white)
        face = rng.integers(1, cards.sides + 1, samples)
        lut = np.array([[0] + [dq.weapon_result(cards, kind.weapon, kind.magic, colour, f,
                                                 bless)[0] for f in range(1, cards.sides + 1)]
                        for colour in ("black", "white")])
        total += lut[white.astype(int), face]
    values, counts = np.unique(total, return_counts=True)
    return {int(v): c / samples for v, c in zip(values, counts, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a few seconds)")
    args = parser.parse_args()
    games = 20 if args.quick else 150
    samples = 50_000 if args.quick else 400_000

    print("== quests per second (full engine, checked actions, immutable states)")
    print(f"{'players':>7} {'policy':>8} {'quests/s':>10} {'actions/s':>10} {'quests':>7}")
    headline = (0.0, 0.0)
    for players in (4, 6, 8):
        for name, policy in (("greedy", dq.greedy), ("random", random_policy)):
            qps, aps, quests = quests_per_second(players, games, policy)
            print(f"{players:>7} {name:>8} {qps:>10.0f} {aps:>10.0f} {quests:>7}")
            if players == 6 and name == "random":
                headline = (aps, games_per_second(players, games, policy))

    print("\n== random playouts to the end of the game (what each search iteration plays)")
    loop, hook = random_playouts(games)
    print(f"plain fast_play loop {loop:,.0f} actions/CPU-s; playout hook {hook:,.0f} "
          f"actions/CPU-s ({hook / loop:.2f}x, same games)")

    print("\n== memory per state (every state of the game kept)")
    long_game = list(playout(dq.new_game(4, seed=5), dq.greedy, seed=5))
    short, n_short = bytes_per_state(lambda: playout_prefix(40))
    long, n_long = bytes_per_state(lambda: list(playout(dq.new_game(4, seed=5), dq.greedy,
                                                        seed=5)))
    print(f"first {n_short} states: {short:,.0f} bytes/state; all {n_long} states of a "
          f"{len(long_game[-1].actions)}-action game: {long:,.0f} bytes/state "
          f"(ratio {long / short:.2f})")
    report("doppelganger_quest", checked_actions_per_s=headline[0],
           checked_games_per_s=headline[1], bytes_per_state_short=short,
           bytes_per_state_long=long)

    print("\n== exact quest-damage distribution vs twins (same run)")
    print(f"{'party':<14} {'exact ms':>9} {'brute ms':>9} {'brute/exact':>11} {'MC ms':>8} "
          f"{'MC/exact':>9} {'max |MC-exact|':>15} {'4σ bound':>9}")
    for label, heroes, items, policy in PARTIES:
        exact, t_exact = best_of(dq.quest_damage_distribution, heroes, items, policy, repeat=5)
        if len(heroes) <= 3:
            brute, t_brute = best_of(dq.quest_damage_distribution_brute_force, heroes, items,
                                     policy)
            assert brute == exact, "brute-force twin disagrees"
            brute_ms, ratio = f"{t_brute * 1e3:9.1f}", f"{t_brute / t_exact:10.0f}x"
        else:
            brute_ms, ratio = f"{'(skip)':>9}", f"{'-':>11}"
        mc, t_mc = best_of(monte_carlo, heroes, items, policy, samples)
        err = max(abs(mc.get(k, 0.0) - float(exact.get(k, 0))) for k in set(mc) | set(exact))
        bound = 4 * math.sqrt(0.25 / samples)
        flag = "" if err <= bound else "  !"
        print(f"{label:<14} {t_exact * 1e3:9.2f} {brute_ms} {ratio:>11} {t_mc * 1e3:8.1f} "
              f"{t_mc / t_exact:8.0f}x {err:15.5f} {bound:9.5f}{flag}")

    print("\n== bag odds and ping-pong enumeration")
    print("P(white available), 2 black + 1 white, draw 2:", dq.bag_white_probability())
    (seqs, t_pp) = best_of(dq.pingpong_sequences, list(range(4)), 7)
    print(f"ping-pong sequences, 4 members, 7 markers: {len(seqs)} "
          f"(closed form {dq.pingpong_count(4, 7)}) in {t_pp * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
