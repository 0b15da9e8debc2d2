"""Groom Lake benchmark: Desert growth and the clearing-odds sweep.

1. Placements per second as a Desert grows to thousands of tiles. Each placement finds the legal
   positions by the priority of GL-R15 (red dots checked, GL-R14) and updates every tile's distance
   to START incrementally (GL-R16). The cost per placement should stay flat as the Desert grows;
   beside it, the cost of one fresh breadth-first search (networkx) over the same Desert, which is
   what recomputing distances after every placement would add. The table's rows are block
   averages as one Desert grows from its first tile, so the first row includes the cold start
   (imports, tables, the allocator's first pages) and is no reference for growth.
1b. Growth from a warmed reference (issue 27): one Desert is grown to 50,000 tiles first (the
   warm-up), keeping its Desert at 1,000, 10,000 and 50,000 tiles (persistent values:
   nearly free); then 1,000 placements are timed from each snapshot, the same tiles and choices
   at every size, the sizes in turns over 3 rounds after an untimed one. It prints the cost per
   placed tile (search + ``placed``) at each size, its best and worst repeat, and the
   ratio of the best to the best at 1,000 tiles. The old figure, "from the first block to the
   last", compared a cold average over tiles 1-1,000 with a warm one, so it differed from a
   warm measurement (the issue measured 1.15x from 1k to 10k tiles and 1.46x at 50k).
   Measured 2026-11-26 (full run, load average 21-36 on the 2 shared cores): 145.8 µs per
   placed tile at 1,000 tiles (worst repeat 152.0), 163.4 at 10,000 (190.5), 185.1 at 50,000
   (245.8): **1.12x** and **1.27x** the 1k reference; the search grows 1.20x to 50k tiles
   (83.7 -> 100.8 µs), the copy, place and freeze 1.36x (62.1 -> 84.2 µs: a deeper HAMT).
   Issue 26 (the Desert one immutable value, ``placed``), 2026-11-27, main and the change in
   turns, 8 pairs, load 3-7: medians 115.4 / 116.4 / 155.0 µs per placed tile on main,
   102.3 / 119.8 / 156.1 with ``placed`` (pairwise ratios 0.96, 0.93, 0.99).
1c. Random playouts (issue 27): the same random games from 4-player positions a few actions
   in, played by the plain loop (``fast_play`` of ``rng.choice(legal_actions())``, a State per
   action) and by the engine's ``GameSpec.playout`` hook (one Draft changed in place, one
   freeze), in turns; actions per CPU-second of each and their ratio. The hook is what an MCTS
   playout runs. Measured 2026-11-26 (load average about 8): plain 18,200-23,900 actions/s,
   hook 34,800-39,400 (main before issue 26's reshaping: plain 16,300-16,700, no hook).
   With the immutable Desert (2026-11-27, 32 pairs in turns with main, load 3-7): plain
   25,130 actions/s (main 25,590; pairwise 0.99), hook 41,911 (main 42,369; 1.02).
   Issue 26's typed actions (one NamedTuple per kind; listings hand out actions made once),
   2026-11-27, main and the change in one process (two copies of the package), in turns, 24
   rounds, load about 2, twice: this plain loop 1.01 and 1.01 (pairwise medians), the hook
   1.02 and 1.02, the State.play loop 0.99 and 0.98; the same games. Separate processes in
   turns (30 pairs) spread 0.66-1.6 a pair on the shared machine: geometric means 0.96,
   1.00, 1.00 (standard error 3-4%). Timed alone, parse_action of a legal action costs
   165 ns against 81 (a typed value is checked to be exactly what parsing builds).
2. The exact clearing-probability sweep (1..10 dice x values 0..60, GL-R22) against icepool, the
   peer for exact dice probabilities, in the same run; results are compared for equality.

How it is fair (issue 17) and what still differs:

- The first line reported is the TOTAL cost per placement a user pays (the GL-R15 search at
  every level plus the GL-R16 update), from 1,000 to 10,000 tiles; the partial figures (search
  next to the Team, 'anywhere' search, distance update, a fresh BFS) stand beside it. The
  'anywhere' search returns a lazy view over the open positions' constraint classes; listing
  every spot (what the legal-action list of a ``place`` step does) is the caller's cost and is
  not in the search figure.
- Each placement here makes a new Desert as a game state does (``desert.placed(...)``, issue
  26) and that cost is in the update and the total. The Desert's tables are persistent maps
  (``immutables.Map``, a HAMT) shared with the older Desert, so a placement adds O(log n) memory
  and older Deserts stay valid. The memory section keeps 300 successive Deserts alive at 1,000 and at
  10,000 tiles, and every state of a short and of a long whole game, and prints the bytes per
  state (``_timing.bytes_per_state``, tracemalloc).
- What remains: a placement still allocates O(log n) new trie nodes per changed table entry (a
  handful of tables, a few entries each, plus one per tile whose distance shortens), and the
  networkx graph is built (O(n)) the first time a Desert's ``graph`` is read.
- The clearing-odds sweep compares cold with cold (our dice-sum cache cleared, icepool's first
  call in the process) and warm with warm (best of 3); both ratios are printed. Each timed sweep
  starts after a ``gc.collect()``: without it, the garbage the Desert section leaves triggered a
  full collection inside whichever sweep ran first (38.8 ms instead of 1.9 ms for ours, which
  printed a bogus 0.2x).

Usage: ``python benchmarks/groom_lake.py [--quick]`` (icepool from the ``bench`` extra; skipped
with a note when it is not installed).
"""

from __future__ import annotations

import argparse
import gc
import random
import time

import networkx as nx
from _timing import bytes_per_state, report

from doppelnb.core.policy import fast_play
from doppelnb.core.spec import spec_of
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.players import explorer_policy
from doppelnb.engines.groom_lake.simulation import simulate_growth
from doppelnb.engines.groom_lake.tiles import random_tile


def grow(tiles: int, block: int, seed: int = 1) -> list[dict]:
    """Grow a Desert to ``tiles`` tiles; one row of CPU-time figures per ``block`` placements."""
    clock = time.process_time  # CPU time: steadier than wall time on a shared machine
    rng = random.Random(seed)
    desert = gl.Desert(random_tile(rng, "S", canyon_share=0))
    team = desert.start
    rows = []

    def fresh_block() -> dict:
        return {"near": 0.0, "near_n": 0, "far": 0.0, "far_n": 0, "far_spots": 0, "update": 0.0,
                "placed": 0}

    acc, n = fresh_block(), 0
    while len(desert) < tiles:
        n += 1
        tile = random_tile(rng, f"T{n}")
        t0 = clock()
        level, options = desert.placement_options(tile, team)
        t1 = clock()
        if level is None:
            continue
        key = "far" if level == 3 else "near"
        acc[key] += t1 - t0
        acc[f"{key}_n"] += 1
        if level == 3:
            acc["far_spots"] += len({p for p, _ in options})
        pos, rot = options[rng.randrange(len(options))]
        t0 = clock()
        desert = desert.placed(tile, pos, rot)  # a new Desert, tables shared: red dots, distances
        acc["update"] += clock() - t0
        acc["placed"] += 1
        team = wander(tile, pos, team, rng)
        if len(desert) % block == 0:
            reps = 5
            t0 = clock()
            for _ in range(reps):
                fresh = dict(nx.single_source_shortest_path_length(desert.graph, desert.start))
            bfs = (clock() - t0) / reps
            assert fresh == desert.distance, "incremental distances differ from a fresh search"
            # 'anywhere' search: the constraint-class index against its twin, a scan of every
            # open position and rotation, on the same sample tiles
            sample = [random_tile(rng, f"X{k}") for k in range(12)]
            t0 = clock()
            fast = [desert._anywhere(t, t.distinct_rotations(), "presence") for t in sample]
            index_s = clock() - t0
            fast = [sorted(spots) for spots in fast]  # (listing them is the caller's cost)
            t0 = clock()
            slow = [[(p, r) for p in sorted(desert.open) for r in t.distinct_rotations()
                     if desert.fits(t, p, r)] for t in sample]
            scan_s = clock() - t0
            assert fast == slow, "the constraint index and the scan disagree"
            total = acc["near"] + acc["far"] + acc["update"]
            rows.append({
                "tiles": len(desert), "open": len(desert.open),
                "near_us": 1e6 * acc["near"] / max(1, acc["near_n"]),
                "far_us": 1e6 * acc["far"] / max(1, acc["far_n"]), "far_n": acc["far_n"],
                "far_spots": acc["far_spots"] / max(1, acc["far_n"]),
                "update_us": 1e6 * acc["update"] / acc["placed"], "bfs_us": 1e6 * bfs,
                "total_us": 1e6 * total / acc["placed"], "classes": len(desert.by_constraint),
                "scan_ratio": scan_s / index_s,
            })
            acc = fresh_block()
    return rows


def wander(tile: gl.Tile, pos: tuple[int, int], team: tuple[int, int],
           rng: random.Random) -> tuple[int, int]:
    """The Team's next position in these benchmarks: usually onto the new tile (as in a game,
    the Desert grows around where the Team walks)."""
    return pos if tile.terrain != "canyon" and rng.random() < 0.7 else team


def snapshots(sizes: tuple[int, ...], seed: int = 3) -> dict[int, tuple[gl.Desert, tuple]]:
    """One Desert grown (random legal placements, the Team wandering as in :func:`grow`) through
    every size of ``sizes``; at each, the Desert and where the Team stood. Deserts are
    persistent values (a placement shares the older one's tables), so keeping every size costs
    little."""
    rng = random.Random(seed)
    desert = gl.Desert(random_tile(rng, "S", canyon_share=0))
    team = desert.start
    out = {}
    n = 0
    for size in sorted(sizes):
        while len(desert) < size:
            n += 1
            tile = random_tile(rng, f"T{n}")
            level, options = desert.placement_options(tile, team)
            if level is None:
                continue
            pos, rot = options[rng.randrange(len(options))]
            desert = desert.placed(tile, pos, rot)
            team = wander(tile, pos, team, rng)
        out[size] = (desert, team)
    return out


def placement_window(desert: gl.Desert, team: tuple, placements: int,
                     seed: int = 5) -> dict[str, float]:
    """CPU seconds of ``placements`` placements from ``desert``, as a game state makes them
    (the GL-R15 search, then ``placed``), the same tiles and choices
    (``seed``) whatever the Desert's size: ``search``, ``update`` and the count ``placed``."""
    clock = time.process_time
    rng = random.Random(seed)
    search = update = 0.0
    placed = n = 0
    gc.collect()  # garbage left by the previous window is collected outside the clock
    while placed < placements:
        n += 1
        tile = random_tile(rng, f"W{n}")
        t0 = clock()
        level, options = desert.placement_options(tile, team)
        search += clock() - t0
        if level is None:
            continue
        pos, rot = options[rng.randrange(len(options))]
        t0 = clock()
        desert = desert.placed(tile, pos, rot)
        update += clock() - t0
        placed += 1
        team = wander(tile, pos, team, rng)
    return {"search": search, "update": update, "placed": placed}


def warm_growth(sizes: tuple[int, ...], placements: int, repeats: int) -> dict[int, dict]:
    """Cost per placed tile at each Desert size, measured from a warmed reference (issue 27).

    The Desert is grown through every size first (that growth is the warm-up: imports, tile
    tables, the allocator), then a window of ``placements`` placements is timed from each
    size's snapshot, every size in turn (round-robin repeats, one untimed round first), so the
    reference at the smallest size is measured warm, in the same run and minutes as the
    others. Per size: the best and the worst repeat, in µs per placed tile."""
    grown = snapshots(sizes)
    runs: dict[int, list[dict[str, float]]] = {size: [] for size in grown}
    for k in range(repeats + 1):
        for size, (desert, team) in grown.items():
            window = placement_window(desert, team, placements)
            if k:  # round 0 is the warm-up
                runs[size].append(window)
    out = {}
    for size, windows in runs.items():
        per_tile = sorted(1e6 * (w["search"] + w["update"]) / w["placed"] for w in windows)
        best = min(windows, key=lambda w: (w["search"] + w["update"]) / w["placed"])
        out[size] = {"best_us": per_tile[0], "worst_us": per_tile[-1],
                     "search_us": 1e6 * best["search"] / best["placed"],
                     "update_us": 1e6 * best["update"] / best["placed"],
                     "open": len(grown[size][0].open)}
    return out


def grown_desert(tiles: int, seed: int = 2) -> tuple[gl.Desert, random.Random]:
    """A Desert of ``tiles`` tiles (random legal placements) and the rng that grew it."""
    rng = random.Random(seed)
    desert = gl.Desert(random_tile(rng, "S", canyon_share=0))
    n = 0
    while len(desert) < tiles:
        n += 1
        tile = random_tile(rng, f"T{n}")
        level, options = desert.placement_options(tile, desert.start)
        if level is not None:
            pos, rot = options[rng.randrange(len(options))]
            desert = desert.placed(tile, pos, rot)
    return desert, rng


def desert_states(tiles: int, count: int = 300) -> float:
    """Bytes held per state by ``count`` successive Deserts grown from ``tiles`` tiles."""
    base, rng = grown_desert(tiles)
    tiles_drawn = [random_tile(rng, f"N{k}") for k in range(4 * count)]

    def states() -> list[gl.Desert]:
        kept, desert, team = [], base, base.start
        for tile in tiles_drawn:
            level, options = desert.placement_options(tile, team)
            if level is None:
                continue
            pos, rot = options[rng.randrange(len(options))]
            desert = desert.placed(tile, pos, rot)
            kept.append(desert)
            team = pos
            if len(kept) == count:
                break
        return kept

    held, _ = bytes_per_state(states)
    return held


def game_states(seed: int) -> list[gl.State]:
    """Every state of one whole game (explorer policy), all kept alive."""
    rng = random.Random(seed)
    state = gl.new_game(4, seed=seed)
    states = [state]
    while state.result is None:
        state = state.play(explorer_policy(state, rng))
        states.append(state)
    return states


def playout_rates(starts: int, rounds: int) -> tuple[float, float]:
    """Actions per CPU-second of the plain random loop and of the playout hook, on the same
    games (the same positions and random streams), the two in turns."""
    hook = spec_of("groom_lake").playout
    assert hook is not None
    positions = []
    for seed in range(starts):
        state, rng = gl.new_game(4, seed=seed), random.Random(seed)
        for _ in range(8):
            if not state.is_over:
                state = state.play(rng.choice(state.legal_actions()))
        if not state.is_over:
            positions.append(state)

    def plain(state: gl.State, rng: random.Random) -> gl.State:
        while not state.is_over:
            state = fast_play(state, rng.choice(state.legal_actions()))
        return state

    spent = {"plain": 0.0, "hook": 0.0}
    actions = {"plain": 0, "hook": 0}
    for k in range(rounds):
        for name, play in (("plain", plain), ("hook", hook)):
            t0 = time.process_time()
            for i, state in enumerate(positions):
                end = play(state, random.Random(i * 7 + k))
                actions[name] += end.action_count - state.action_count
            spent[name] += time.process_time() - t0
    return actions["plain"] / spent["plain"], actions["hook"] / spent["hook"]


def odds_sweep_ours(max_dice: int, values: range, cold: bool) -> tuple[dict, float]:
    from doppelnb.core import exact

    if cold:
        exact._dice_sum_counts.cache_clear()
    gc.collect()  # the Deserts grown above are garbage now: collect them outside the clock
    t0 = time.process_time()
    table = gl.clear_probability_table(max_dice, values)
    return table, time.process_time() - t0


def odds_sweep_icepool(icepool, max_dice: int, values: range) -> tuple[dict, float]:
    gc.collect()
    t0 = time.process_time()
    table = {}
    for dice in range(1, max_dice + 1):
        die = dice @ icepool.d6
        for v in values:
            table[(dice, v)] = die.probability(">", v)
    return table, time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds only")
    args = parser.parse_args()
    tiles, block = (2000, 500) if args.quick else (10_000, 1000)

    print(f"== Desert growth to {tiles} tiles (random illustrative tiles, 30% dotted edges; CPU us)")
    print(f"{'tiles':>6} {'placed/s':>9} {'us/place':>9} | {'search 1-2':>10} {'search 3':>9} "
          f"{'(n, spots)':>11} {'scan/index':>10} | {'dist update':>11} {'fresh BFS':>10} "
          f"{'BFS/update':>10}")
    rows = grow(tiles, block)
    for r in rows:
        print(f"{r['tiles']:>6} {1e6 / r['total_us']:>9.0f} {r['total_us']:>9.1f} | "
              f"{r['near_us']:>10.1f} {r['far_us']:>9.1f} {r['far_n']:>4}, {r['far_spots']:>5.0f} "
              f"{r['scan_ratio']:>10.1f} | "
              f"{r['update_us']:>11.1f} {r['bfs_us']:>10.1f} {r['bfs_us'] / r['update_us']:>10.0f}")
    last = rows[-1]
    print(f"(each row: the averages over the placements since the row before; the first row "
          f"includes the cold start, so it is no reference for growth: see the next section.) "
          f"One fresh BFS costs {last['bfs_us'] / last['update_us']:.0f}x an incremental "
          f"distance update at {last['tiles']} tiles.")

    sizes = (1000, 3000) if args.quick else (1000, 10_000, 50_000)
    placements, repeats = (200, 2) if args.quick else (1000, 3)
    print(f"\n== Growth from a warmed reference: one Desert grown to {sizes[-1]:,} tiles first "
          f"(the warm-up), then {placements} placements timed from each size, sizes in turn, "
          f"{repeats} rounds after an untimed one (CPU us per placed tile: the GL-R15 search + "
          "placed)")
    print(f"{'tiles':>7} {'open':>6} {'us/tile':>8} {'worst':>8} {'search':>8} {'update':>8} "
          f"{'ratio to 1k':>11}")
    growth = warm_growth(sizes, placements, repeats)
    ref = growth[sizes[0]]["best_us"]
    for size, g in growth.items():
        print(f"{size:>7,} {g['open']:>6,} {g['best_us']:>8.1f} {g['worst_us']:>8.1f} "
              f"{g['search_us']:>8.1f} {g['update_us']:>8.1f} {g['best_us'] / ref:>10.2f}x")
    print(f"  (best repeats; flat = 1.00x; the ratio is the best at each size over the best at "
          f"{sizes[0]:,}: the worst repeats show the spread the machine's load adds)")
    # The quick mode (a smoke run) measures each memory figure once: tracemalloc makes these
    # runs the slowest part of it, and the figures are only the full run's claims.
    mem_runs = 1 if args.quick else 3
    print("\n== Memory: bytes held per state, all states kept alive (tracemalloc, median of "
          f"{mem_runs})")
    per_desert = {}
    for size in (1000, 10_000) if not args.quick else (1000, 2000):
        runs = sorted(desert_states(size) for _ in range(mem_runs))
        per_desert[size] = runs[len(runs) // 2]
        print(f"300 successive Deserts grown from {size:>6} tiles: {per_desert[size]:8.0f} "
              f"bytes/state (runs {runs[0]:.0f}..{runs[-1]:.0f})")
    small, big = per_desert.values()
    print(f"  growth with the Desert's size: {big / small:.2f}x (constant = 1.0x)")
    per_game = {}
    for label, seed in (("short", 4), ("long", 2)):
        n = len(game_states(seed))
        runs = sorted(bytes_per_state(lambda s=seed: game_states(s))[0]
                      for _ in range(mem_runs))
        per_game[label] = runs[len(runs) // 2]
        print(f"whole game ({label}, seed {seed}, {n} states): {per_game[label]:8.0f} "
              f"bytes/state (runs {runs[0]:.0f}..{runs[-1]:.0f})")
    print(f"  long / short: {per_game['long'] / per_game['short']:.2f}x (constant = 1.0x)")
    print(f"An 'anywhere' search (GL-R15 level 3, {sum(r['far_n'] for r in rows)} of "
          f"{tiles - 1} placements in the first section) checks each of the {last['classes']} edge-constraint "
          "classes of the open positions once and returns a lazy view of the legal spots ('spots' "
          "is how many there were); 'scan/index' is how much slower its twin, a scan of every open "
          "position and rotation, is on the same tiles.")

    figures = {"bytes_per_state_short": round(per_game["short"]),
               "bytes_per_state_long": round(per_game["long"])}
    games = 10 if args.quick else 40
    t0 = time.process_time()
    study = simulate_growth(games, seed=1)
    spent = time.process_time() - t0
    scouts = sum(study.stack_draws.values()) / 2
    print(f"\n== Whole games (engine + explorer policy): {games} games in {spent:.2f} s, "
          f"{games / spent:.0f} games/s, about {scouts / spent:.0f} scouts/s")
    figures["checked_games_per_s"] = round(games / spent, 1)

    plain_rate, hook_rate = playout_rates(10 if args.quick else 40, 2 if args.quick else 5)
    print(f"\n== Random playouts to the end (4 players): plain loop {plain_rate:,.0f} actions/s, "
          f"GameSpec.playout {hook_rate:,.0f} actions/s ({hook_rate / plain_rate:.2f}x)")

    values = range(0, 61)
    print("\n== Clearing odds sweep: 1..10 dice x values 0..60 (610 exact probabilities, CPU ms)")
    try:
        import icepool
    except ImportError:
        icepool = None
    ours, ours_cold = odds_sweep_ours(10, values, cold=True)
    ours_warm = min(odds_sweep_ours(10, values, cold=False)[1] for _ in range(3))
    print(f"doppelnb (numpy dice-sum counts, Fraction): first {ours_cold * 1e3:7.2f}  "
          f"best of 3 {ours_warm * 1e3:7.2f}")
    if icepool is None:
        print("icepool not installed (pip install -e '.[bench]'): peer skipped")
        report("groom_lake", **figures)
        return
    peer, peer_cold = odds_sweep_icepool(icepool, 10, values)
    peer_warm = min(odds_sweep_icepool(icepool, 10, values)[1] for _ in range(3))
    same = all(ours[k] == peer[k] for k in peer)
    print(f"icepool {icepool.__version__} (d6 sums, Fraction):      first {peer_cold * 1e3:7.2f}  "
          f"best of 3 {peer_warm * 1e3:7.2f}")
    print(f"ratio icepool / doppelnb: first run {peer_cold / ours_cold:.1f}x, best of 3 "
          f"{peer_warm / ours_warm:.1f}x; identical results: {same}")
    if not same:
        raise SystemExit("the two sweeps disagree")
    report("groom_lake", **figures, peer=f"icepool {icepool.__version__} (odds sweep, cold)",
           peer_ratio=round(peer_cold / ours_cold, 2))


if __name__ == "__main__":
    main()
