"""Benchmark Doppelgänger Tricks: the exact census against its brute-force twin, and random
whole rounds (checked engine, integer simulator, numpy batch) against OpenSpiel's ``oh_hell``
measured in the same run.

Fairness (issue 17): every contender plays whole rounds as a random player would, forecasts and
scoring included:

- the checked engine (``State.play``): random forecasts, random legal plays, random bonus claims
  among the legal actions, scoring, every action checked;
- the integer simulator
  (:func:`~doppelnb.engines.doppelganger_tricks.simulation.simulate_full_round`)
  and the numpy batch (``batched_rounds(..., forecasts=True)``): the same random choices
  (forecasts, plays, bonus claims or passes) and the same scoring, without checks;
- OpenSpiel ``oh_hell`` written as its users write it: plain ``random.Random``, and at the
  (uniform) chance nodes a random pick from ``legal_actions()``; bids, tricks and scoring in C++.

Remaining differences, not removable: OpenSpiel deals 4 x 10 cards of 4 suits but plays 9
tricks (it turns up a trump card after the deal, so 10 tricks would leave none) and has trumps,
no annihilation and no bonus cards; its deal is 39 chance nodes per round (each uniform over
its legal actions), ours one seeded shuffle. Our rounds are 10 tricks (about 47.6 actions: 4
forecasts, 40 plays, the bonus claims or passes); OpenSpiel's 79 (39 chance nodes, 4 bids, 36
plays). The checked engine plays whole games (4 rounds) with one ``is_over`` check per action,
as the OpenSpiel loop checks ``is_terminal()``.

What the checked figures are (issue 26): two checked loops play the very same random games
(the script asserts it), every action checked, a refused one a RuleError with rule and reason:

- ``State.play``: the user's loop over states (``s.legal_actions()``, ``s.play(a)``,
  ``s.is_over``), each action building a new frozen ``State`` (its moment and its action log)
  and recording the action;
- the kernel's own loop, ``Moment.apply`` (``kernel.start``, ``m.legal()``, ``m.apply(a)``,
  ``m.is_over``): the same checks and refusals (``tests/doppelganger_tricks/test_kernel_loop.py``
  compares them action by action), no state and no record per action. This is the "separate
  checked Tricks core" issue 26 allows, the loop compared with OpenSpiel's (which keeps no
  record either).

Only the kernel (``kernel.py``, ``codes.py``, ``deal.py``, ``scoring.py``) is compiled; the
``State`` is plain Python in every build, so the compiled build speeds up the kernel loop most.
Measured 2026-11-27 (load average 5-6 on the 2 cores, so every figure is low and the worst
repeats about half the best; CPU time, best of 5 repeats, each build in its own process timed in
turns with OpenSpiel), the full run, then a ``--quick`` one:

- compiled kernel loop: 11,760 rounds/s, **1.70x** OpenSpiel per round (6,910), 559,000
  decisions/s, **0.77x** per decision (725,000); quick: 8,360 rounds/s, 1.39x, 0.86x;
- compiled ``State.play`` loop: 6,660 rounds/s, 0.96x per round, 0.44x per decision; quick:
  4,290, 0.72x, 0.44x;
- pure kernel loop: 4,500 rounds/s, 0.45x per round (OpenSpiel 10,050 in that process), 0.26x
  per decision; pure ``State.play`` loop: 3,430, 0.34x, 0.20x; quick: 2,990 (0.50x) and 2,290
  (0.38x).

The pure ``State.play`` loop against main's before issue 26 (its three-slot ``State`` class),
side by side (random 4-player games, ``random.choice`` included): callgrind 32.5-32.7k
instructions an action, main 30.2-31.7k (eight runs, mean 31.1k): **+4-5%** (+12%, 35.9k, with
the header copied into every state as ``FrozenGameState`` does); CPU time, interleaved
processes, best of 10 and of 12 on the loaded machine: 196.9k actions/s against main's 204.7k,
and 189.0k against 194.3k: **0.96-0.97x**. What is left of the gap is building a frozen
dataclass (``object.__new__`` and two slot setters, each a C call through a method wrapper)
instead of main's plain slotted class (one ``__init__`` with three slot stores).
The paragraphs below are history: before issue 26 the compiled build also compiled
``core/state.py`` and a native Tricks ``State``, and its ``State.play`` loop was the one
compared with OpenSpiel (1.08-1.22x per round, 0.76x per decision). Search and random playouts
go through the playout hook (``players.playout``), since issue 27 a tight integer loop
(``playout_loop.py``) that builds no moment per action.

Per round and per decision (issue 27): the ratio is printed both ways, because a round flatters
us. OpenSpiel deals card by card, 39 chance nodes per round, each a ``legal_actions()``, a
random pick and an ``apply_action`` from Python: 41-47% of its round in the run below (the issue
measured 57% on a quieter machine); our deal is one seeded shuffle inside the transition. Per
decision counts the actions players take per CPU-second (bids and plays, forecasts, plays,
bonus claims and passes, forced ones included on both sides, as a random player takes each):
ours over whole rounds (47.5 actions a round; the deal's cost, about 10 µs of a round compiled,
stays in), OpenSpiel's on rounds dealt outside the clock (40 a round: 4 bids, 36 plays). The
full run of 2026-11-26 (load average 15 rising to 29: CPU times run slower than on an idle
machine, but contenders were timed in turns): the compiled engine 12,080 rounds/s, **1.08x**
OpenSpiel per round, 574,000 decisions/s, **0.76x** per decision (OpenSpiel 757,000); the pure
engine 3,990 rounds/s, 0.36x per round, 190,000 decisions/s, **0.23x** per decision (OpenSpiel
835,000). The paragraphs below give earlier figures per round only.

Timing: CPU time (``time.process_time``; the machine is shared, so wall-clock time counts other
processes' load), contenders timed in turns (round-robin repeats), the best repeat of each for
the figure and the ratio, the worst printed beside it (the spread). The checked engine is timed
on both paths when both exist, each in its own process with OpenSpiel timed in turns beside
it, so each ratio comes from one run: the pure Python engine (the reference; every test runs
on it) and the compiled one (``make fast`` builds a copy of the package in ``build/fast/``
with the Tricks kernel modules of the hook's ``include`` list compiled by mypyc; run with
``PYTHONPATH=build/fast`` the script measures that one first).

Measured (2 cores shared with other work, load average 2.2-2.3 during the runs; CPU time, so
load still slows every contender alike), three back-to-back ``--quick`` runs: the compiled
engine 13,390-13,750 rounds/s, **1.20-1.22x** OpenSpiel (11,290, 11,280 and 11,090 rounds/s in
the same runs; 1.53-1.57 µs per action, the random player included; worst repeats
13,230-13,440); three runs a step earlier (without the native ``Book``) 1.17-1.19x. The pure
engine 4,200-4,290 rounds/s, **0.38x** (4.91-5.01 µs per action). Before the last step (the
integer moment below; this morning's figures and two runs today): compiled 10,780-11,580
rounds/s, 0.95-1.04x over seven runs (1.82-1.96 µs per action, about 88-93 µs per round, now
about 71); pure 3,880-4,130, 0.35-0.38x. Before the seeded streams on the C generator:
compiled 9,530-9,950 rounds/s, 0.88-0.90x (2.12-2.21 µs per action), pure 3,820-3,970,
0.35-0.36x. Before the native ``State``: compiled 6,600-7,000 rounds/s, 0.58-0.63x (3.0-3.2 µs
per action), pure 3,200-3,600, 0.29-0.33x; two sessions ago the pure engine played
1,100-1,950 rounds/s (0.11-0.18x, about 11 µs per action). The integer simulator is at
0.65-0.68x and the numpy batch at 19-20x. Memory: about 455 bytes per state over a whole game
compiled, 462 pure, every state kept alive (535 before the last step, about 680 three
sessions ago).

What was done (issue 17's levers): the state keeps the game in one :class:`.flow.Moment` of
integers (each hand a bit mask over the 40 card codes, the trick in progress as codes, the
round's tricks as small tuples) shared by reference with the header, instead of 21 fields of
card tuples; the readable fields (``hands``, ``trick``, ``tricks``, ``sheet``...) are
properties built on demand. The legal plays are a few table look-ups from the hand mask and the
lead suit (one table per suit of the tuples of plays of each 10-bit mask), computed once per
state and cached; ``play`` checks by membership and explains only a refusal. A completed trick
is resolved on codes (the readable ``TrickResult`` is built only when ``tricks`` is read). The
deal draws the very ``random.shuffle`` of the seeded generator (the same ``getrandbits`` draws,
written out) straight into masks, so every record and golden transcript is unchanged. The
record header (players, rules, seed, options) lives with the round's book in the moment,
shared by every state of the game and read through properties, so a state is three slots
(moment, log, cache). The ``State`` is no longer a dataclass but a slotted class over
``GameState`` (its own equality, hashing, copies and pickling; ``Final`` attributes), and
``GameState`` compiles as a native class that allows interpreted subclasses: in the compiled
build both are native classes, so
``State(moment, log)`` is built, and ``play``, ``legal_actions`` and ``is_over`` read their
attributes, without CPython's attribute look-ups (``play`` on a legal action: about 0.6 µs
from the caller's loop, was about 1.0; building the next state about 0.09 µs, was 0.26; a
cached ``legal_actions()`` 0.06 µs, was 0.13). The other four engines' states stay slotted
frozen dataclasses over ``FrozenGameState``, now in the never-compiled
``doppelnb/core/frozen_state.py``.

2026-11-27, the deal through :mod:`random`'s public API again (issue 26: no copy of CPython's
private ``_randbelow`` loop nor of ``_random.Random``): ``deal_masks`` is
``rng_for(seed, "deal", round).shuffle`` of the deck's codes put into masks, and the first player
``rng_for(...).randrange``; the same deals. Its cost, the compiled build (``make fast``) before
and after side by side in one run, alternated twice (``--checked-only``): the kernel's checked
loop 1.36x and 1.38x OpenSpiel per round before, 1.29x and 1.24x after (still above 1.0x); the
compiled ``State.play`` loop 0.71x and 0.72x before, 0.71x and 0.65x after. (The paragraph
below describes the written-out draws that this replaced.)

The last step (the 1.0x target, reached on a quiet machine with a few percent to spare):
the per-game and per-round work, not the per-action one. The seeded generators of the deal
and of the first player are the C Mersenne Twister of :mod:`random` (``_random.Random``)
seeded exactly as ``rng_for`` seeds ``random.Random`` (the SHA-256 of ``"seed|deal|round"``),
so the same ``getrandbits`` draws without ``random.Random``'s interpreted ``__init__``,
``seed`` and ``randrange`` (a test compares the streams): a deal 12.6 -> 9.4 µs compiled,
``new_game`` 31 -> 19 µs (also: the players and the seed checked once, not three and two
times, ``GameState.new``'s header skipped when every option is a known one); the shuffle's
bit lengths a table and the four hands dealt without a modulo; a round's end 21 -> 14 µs
(the score row and the totals as explicit loops over typed lists, the bonus points cached
under one integer key instead of a tuple of tuples). Tried and dropped: building the hands
tuple of a play from four ``masks[k]`` (slower compiled: each int is boxed again).

The last step (issue 17's margin: the compiled engine clearly above 1.0x): fewer objects and
fewer generic look-ups per action, found by timing the pieces (compiled, µs, before -> after,
same machine and minute): a plain play 0.64 -> 0.28, a trick-completing play 0.89 -> 0.65, a
forecast 0.61 -> 0.39, a pass 0.25 -> 0.19, a round's end 12.4 -> 11.4 (of which the deal
about 9.7), ``legal_actions()`` on a new state 0.24 -> 0.18, ``new_game`` 20.3 -> 19.7; the
whole loop 1.85 -> 1.50 µs per action, 88 -> 71 µs per round (pure, the same pieces:
``legal_actions()`` 0.96 -> 0.69, a forecast 2.1 -> 1.8, a play unchanged at 2.0, a claim 1.6
-> 1.7; the whole loop unchanged at 4.95 µs per action: about 5 % fewer instructions
(valgrind) and a wider moment cancel out). :class:`.flow.Moment` keeps the hands in four
native integer fields (``masks`` is a property) and the trick in progress as one packed
integer (6 bits per card, with its size and lead suit), so a play builds one moment and no
tuple, list or boxed integer until its trick completes; a complete trick's winner is found on
the packed codes in the compiled build (``packed_winner``) and on the record's tuple in the
pure one (``flow._NATIVE`` picks; both are tested against ``resolve_trick``); a forecast
handed out by ``legal_actions()`` is found by its place in them (no tuple comparisons), a
play by membership in the cached legal actions or, when none are cached (a replay), on the
hand masks (``Moment.can_play``, tested against the legal actions); :class:`.flow.Book` is a
native class that keeps the variant flags play reads (read from the frozen ``Rules`` once a
round, not at each lead or claim check); the score row is built slot by slot (the frozen
dataclass's ``__init__`` is interpreted). Tried and dropped: drawing the deal's 32-bit words
64 at a time (the same draws, but slower in pure Python and barely faster compiled);
compiling ``core/chance.py`` too (0.3 %).

What remains: a round is about 71 µs compiled, of which about 12 are the random player's own
``randrange`` (interpreted, as the peer's is; its loop adds a few more) and about 11 the
seeded chance (one
deal per round, one first-player draw per game: SHA-256 of the stream label and the Mersenne
Twister's seeding, which keep records replayable); ``State.play`` about 0.28 µs on a plain
play, about half of it the three objects a step builds (moment, state, action log entry).
Not attempted: numba (object states), merging ``Moment`` into ``State`` (one object fewer
per action, about 4 % by instruction counts).

The report for ``make bench``'s table (``build/bench/doppelganger_tricks.json``): the pure
checked engine's actions/s and rounds/s (``games/s`` there are rounds, the unit of the peer)
and ratio, the compiled engine's rounds/s and ratio when built, the numpy batch as the fast
path, bytes per state over one round and a whole game, and the numpy batch's ratio in the
peer's label.

Run: ``.venv/bin/python benchmarks/doppelganger_tricks.py [--quick] [--profile]`` (after
``make fast`` it also times the compiled engine; ``PYTHONPATH=build/fast`` makes the compiled
engine the one measured first, and the memory and profile figures its). OpenSpiel is optional
(``pip install -e ".[bench]"``); without it the script prints its own figures only.
``--profile`` also prints the checked engine's cProfile top items (by own time; compiled
functions show as single entries).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pathlib
import pstats
import random
import subprocess
import sys
import time
from collections.abc import Callable

from _timing import best_of, bytes_per_state, report

from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import kernel as dt_kernel
from doppelnb.engines.doppelganger_tricks.simulation import simulate_full_round

try:  # optional peer
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None



def engine_rounds(players: int, rounds: int, seed: int = 0) -> int:
    """Random legal play through the checked engine (``State.play`` checks every action), as a
    user writes it: whole games (``players`` rounds each, at least ``rounds`` rounds in all),
    ``legal_actions()``, ``random.Random`` and one ``is_over`` check per action, like the
    OpenSpiel loop. Returns the number of actions played."""
    rng = random.Random(seed)
    actions_played = 0
    for game in range(-(-rounds // players)):
        s = dt.new_game(players, seed=seed + game)
        while not s.is_over:
            actions = s.legal_actions()
            s = s.play(actions[rng.randrange(len(actions))])
            actions_played += 1
    return actions_played


def kernel_rounds(players: int, rounds: int, seed: int = 0) -> int:
    """The same random games through the kernel's own checked loop (``kernel.start``,
    ``Moment.legal``, ``Moment.apply``: every action checked, a refusal the same RuleError as
    ``State.play``'s), without a state or a record per action: the separate checked Tricks core
    of issue 26. Returns the number of actions played."""
    rng = random.Random(seed)
    rules = dt.Rules()
    actions_played = 0
    for game in range(-(-rounds // players)):
        m = dt_kernel.start(players, rules, seed + game)
        while not m.is_over:
            actions = m.legal()
            m = m.apply(actions[rng.randrange(len(actions))])
            actions_played += 1
    return actions_played


def game_states(players: int, rounds: int, seed: int = 0) -> list[dt.State]:
    """Every state of the first ``rounds`` rounds of one random game (for the memory figure)."""
    rng = random.Random(seed)
    s = dt.new_game(players, seed=seed)
    states = [s]
    while not s.is_over and s.round < rounds:
        actions = s.legal_actions()
        s = s.play(actions[rng.randrange(len(actions))])
        states.append(s)
    return states


def lean_rounds(players: int, rounds: int, seed: int = 0) -> None:
    """Whole random rounds on integer codes: forecasts, plays, bonus claims, scoring."""
    rng = random.Random(seed)
    for _ in range(rounds):
        simulate_full_round(players, rng)


def oh_hell() -> object:
    """OpenSpiel's ``oh_hell`` at our size: 4 players, 4 suits of 10 cards, 9 tricks."""
    return pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 10,
                                         "num_tricks_fixed": 9})


def openspiel_rounds(rounds: int, seed: int = 0) -> None:
    """OpenSpiel as its users write a random playout: ``random.Random`` and ``legal_actions()``
    everywhere (each chance node of oh_hell is uniform over its legal actions)."""
    game = oh_hell()
    rng = random.Random(seed)
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])


def openspiel_dealt(rounds: int, seed: int = 0) -> list[object]:
    """``rounds`` oh_hell states just after the deal (its 39 chance nodes played as in
    :func:`openspiel_rounds`), for timing the players' decisions without the deal."""
    game = oh_hell()
    rng = random.Random(seed)
    dealt = []
    for _ in range(rounds):
        state = game.new_initial_state()
        while state.is_chance_node():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        dealt.append(state)
    return dealt


def openspiel_decisions(dealt: list[object], seed: int = 0) -> int:
    """The players' part of :func:`openspiel_rounds` on states already dealt: every bid and
    play (forced ones too, as a random player takes them) to the end of the round. Returns the
    number of decisions (oh_hell has no chance node after the deal; one would be played here
    and counted as a decision, which would only flatter OpenSpiel)."""
    rng = random.Random(seed)
    decisions = 0
    for state in dealt:
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


ENGINE = "checked engine (State.play)"
KERNEL = "checked kernel (Moment.apply)"
PEER = "OpenSpiel oh_hell (9 tricks)"
PEER_PLAY = "OpenSpiel oh_hell, dealt rounds (decisions only)"
#: The checked loops timed, by their key in the figures: the user's loop over states, and the
#: kernel's own loop over moments.
LOOPS = {"state": (ENGINE, engine_rounds), "kernel": (KERNEL, kernel_rounds)}
#: The compiled copy of the package ``make fast`` builds (never .so files in the source tree).
FAST = pathlib.Path(__file__).resolve().parents[1] / "build" / "fast"


def engine_path() -> str:
    """Which checked engine this process imported: ``"compiled"`` (mypyc, ``build/fast``) or
    ``"pure"`` (the Python source)."""
    return "compiled" if pathlib.Path(dt_kernel.__file__ or "").suffix in (".so", ".pyd") \
        else "pure"


def measure_checked(quick: bool) -> dict[str, dict[str, float]]:
    """The two checked loops (``State.play``; the kernel's ``Moment.apply``) and OpenSpiel
    timed in turns (round-robin repeats by CPU time, ``time.process_time``: the machine is
    shared, so wall-clock time counts other processes' load); the best and worst repeat of
    each, the ratios from the best ones. Keyed by loop (:data:`LOOPS`).

    Two ratios (issue 27): per round (whole rounds, OpenSpiel's deal of 39 chance nodes
    included) and per decision (actions a player takes per CPU-second: ours over whole
    rounds, our one seeded deal per round included; OpenSpiel's bids and plays on rounds dealt
    outside the clock, so its deal is left out)."""
    n_engine = 200 if quick else 1000
    n_os = 300 if quick else 2000
    runs: dict[str, tuple[int, Callable[[], object]]] = {
        name: (n_engine, lambda fn=fn: fn(4, n_engine)) for name, fn in LOOPS.values()}
    if pyspiel is not None:
        runs[PEER] = (n_os, lambda: openspiel_rounds(n_os))
    actions = engine_rounds(4, n_engine)  # also a warm-up (imports, interned tables)
    assert kernel_rounds(4, n_engine) == actions  # the very same games
    times: dict[str, list[float]] = {name: [] for name in list(runs) + [PEER_PLAY]}
    peer_decisions = 0
    for _ in range(3 if quick else 5):
        for name, (_count, fn) in runs.items():
            start = time.process_time()
            fn()
            times[name].append(time.process_time() - start)
        if pyspiel is not None:
            dealt = openspiel_dealt(n_os)  # the same deals as openspiel_rounds, not timed
            start = time.process_time()
            peer_decisions = openspiel_decisions(dealt)
            times[PEER_PLAY].append(time.process_time() - start)
    figures: dict[str, dict[str, float]] = {}
    for key, (name, _fn) in LOOPS.items():
        out = {"actions_per_round": actions / n_engine,
               "rounds": n_engine / min(times[name]), "worst": n_engine / max(times[name])}
        out["decisions"] = out["rounds"] * out["actions_per_round"]
        if pyspiel is not None:
            out["peer"] = n_os / min(times[PEER])
            out["peer_worst"] = n_os / max(times[PEER])
            out["ratio"] = out["rounds"] / out["peer"]
            out["peer_decisions_per_round"] = peer_decisions / n_os
            out["peer_decisions"] = peer_decisions / min(times[PEER_PLAY])
            out["peer_decisions_worst"] = peer_decisions / max(times[PEER_PLAY])
            # the deal's share of OpenSpiel's round: what the per-round ratio credits us with
            out["peer_chance_share"] = 1 - min(times[PEER_PLAY]) / min(times[PEER])
            out["ratio_decision"] = out["decisions"] / out["peer_decisions"]
        figures[key] = out
    return figures


def measure_other_path(quick: bool) -> tuple[str, dict[str, dict[str, float]]] | None:
    """The other checked engine (compiled when this process runs the pure one, and the
    reverse), measured the same way in a fresh process; ``None`` when no compiled copy is
    built (``make fast``)."""
    built = sorted(FAST.glob("doppelnb/engines/doppelganger_tricks/kernel.*.so"))
    if not built:
        return None
    root = pathlib.Path(__file__).resolve().parents[1]
    sources = sorted(
        (root / "doppelnb" / "engines" / "doppelganger_tricks").glob("*.py"))
    if max(p.stat().st_mtime for p in sources) > built[0].stat().st_mtime:
        print("note: build/fast/ is older than the engine's source; run make fast")
    other = "pure" if engine_path() == "compiled" else "compiled"
    env = dict(os.environ, PYTHONPATH=str(FAST if other == "compiled" else root))
    args = [sys.executable, __file__, "--checked-only"] + (["--quick"] if quick else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:  # e.g. a build/fast/ from another version of the package
        print(f"note: the {other} engine could not be timed (run make fast): "
              + (done.stderr.strip().splitlines() or ["no message"])[-1])
        return None
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result.pop("path"), result


def show_checked(path: str, loops: dict[str, dict[str, float]]) -> None:
    for key, (name, _fn) in LOOPS.items():
        m = loops[key]
        per_action = 1e6 / m["decisions"]
        print(f"{name + ', ' + path:<40} {m['rounds']:>8,.0f} rounds/s (worst repeat "
              f"{m['worst']:,.0f}), {m['decisions']:>9,.0f} decisions/s "
              f"({m['actions_per_round']:.1f} a round, {per_action:.2f} µs each)")
        if "ratio" not in m:
            continue
        print(f"  per round:    {m['ratio']:5.2f}x OpenSpiel ({m['peer']:,.0f} rounds/s in that "
              f"run, worst repeat {m['peer_worst']:,.0f}; its deal, 39 chance nodes, is "
              f"{m['peer_chance_share']:.0%} of its round)")
        print(f"  per decision: {m['ratio_decision']:5.2f}x OpenSpiel ({m['peer_decisions']:,.0f}"
              f" decisions/s on dealt rounds, worst repeat {m['peer_decisions_worst']:,.0f}, "
              f"{m['peer_decisions_per_round']:.0f} a round: 4 bids, 36 plays)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds")
    parser.add_argument("--profile", action="store_true",
                        help="also profile the checked engine's playouts (cProfile)")
    parser.add_argument("--checked-only", action="store_true",
                        help="only time the checked engine against OpenSpiel; print JSON")
    args = parser.parse_args()
    quick = args.quick
    if args.checked_only:
        print(json.dumps({"path": engine_path(), **measure_checked(quick)}))
        return

    print("== annihilation census (exact closed form vs brute force over every trick)")
    for players in ((3,) if quick else (3, 4)):
        exact_t = best_of(lambda p=players: dt.annihilation_census(p), repeat=200)[1]
        start = time.perf_counter()
        brute = dt.annihilation_census_brute_force(players)
        brute_t = time.perf_counter() - start
        same = brute == dt.annihilation_census(players)
        print(f"{players} players: {brute['tricks']:>9,} tricks  closed form {exact_t * 1e6:8.1f} µs"
              f"  brute force {brute_t:7.2f} s  ratio {brute_t / exact_t:,.0f}x  equal={same}")

    print("\n== random whole rounds with forecasts, claims and scoring, 4 players (rounds/s)")
    n_lean = 500 if quick else 4000
    n_batch = 20_000 if quick else 200_000
    n_os = 300 if quick else 3000
    contenders = {
        "integer simulator": (n_lean, lambda: lean_rounds(4, n_lean)),
        "numpy batch": (n_batch, lambda: dt.batched_rounds(4, n_batch, seed=1, forecasts=True)),
    }
    if pyspiel is not None:
        contenders[PEER] = (n_os, lambda: openspiel_rounds(n_os))
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(2 if quick else 3):
        for name, (_count, fn) in contenders.items():
            start = time.process_time()
            fn()
            times[name].append(time.process_time() - start)
    figures = {name: contenders[name][0] / min(times[name]) for name in contenders}
    worst = {name: contenders[name][0] / max(times[name]) for name in contenders}
    peer = figures.get(PEER)
    for name, rate in figures.items():
        ratio = f"  {rate / peer:6.2f}x OpenSpiel" if peer else ""
        print(f"{name:<30} {rate:>12,.0f} rounds/s (worst repeat {worst[name]:,.0f}){ratio}")
    if peer is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'); no peer ratio")

    print("\n== the checked loops (every action checked, forecasts, claims, scoring): State.play "
          "and the kernel's\n   Moment.apply, pure and compiled, each build timed in turns with "
          "OpenSpiel in its own process")
    print("   per round: whole rounds each, OpenSpiel's deal (39 per-card chance nodes) included;"
          "\n   per decision: the actions players take per CPU-second (forced ones included on "
          "both sides);\n   ours over whole rounds (our one seeded deal a round included), "
          "OpenSpiel's on rounds dealt outside the clock")
    checked = {engine_path(): measure_checked(quick)}
    other = measure_other_path(quick)
    if other is not None:
        checked[other[0]] = other[1]
    for path in ("pure", "compiled"):
        if path in checked:
            show_checked(path, checked[path])
    if "compiled" not in checked:
        print("checked engine, compiled: not built (make fast)")
    pure = checked.get("pure", next(iter(checked.values())))["state"]
    per_action = pure["decisions"]

    print("\n== memory, 4 players, every state kept alive (as a stepper or a search keeps them)")
    short, n_short = bytes_per_state(lambda: game_states(4, 1))
    long, n_long = bytes_per_state(lambda: game_states(4, 4))
    print(f"one round: {short:,.0f} bytes/state over {n_short} states; a whole game (4 rounds): "
          f"{long:,.0f} bytes/state over {n_long} states ({engine_path()} engine)")
    batch_ratio = f"; numpy batch {figures['numpy batch'] / peer:.1f}x" if peer else ""
    compiled = checked["compiled"]["kernel"] if "compiled" in checked else None
    report("doppelganger_tricks",
           checked_actions_per_s=round(per_action),
           checked_games_per_s=round(pure["rounds"], 1),
           compiled_games_per_s=round(compiled["rounds"], 1) if compiled else None,
           compiled_ratio=(f"kernel loop {compiled['ratio']:.2f}x a round, "
                           f"{compiled['ratio_decision']:.2f}x a decision"
                           if compiled and "ratio" in compiled else None),
           fast_games_per_s=round(figures["numpy batch"]),
           bytes_per_state_short=round(short), bytes_per_state_long=round(long),
           peer=("OpenSpiel oh_hell, rounds/s (games/s here are rounds)" + batch_ratio
                 + (f"; pure per decision {pure['ratio_decision']:.2f}x" if "ratio" in pure
                    else "") if peer else "none (OpenSpiel not installed)"),
           peer_ratio=round(pure["ratio"], 3) if "ratio" in pure else None)
    if args.profile:
        print(f"\n== checked engine ({engine_path()}), 4 players, 200 rounds: cProfile top items "
              "by own time")
        profile = cProfile.Profile()
        profile.runcall(engine_rounds, 4, 200)
        pstats.Stats(profile).strip_dirs().sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
