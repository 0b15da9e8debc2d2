"""Benchmark search: IS-MCTS ``mcts:32`` decisions per CPU-second in every game, side by side
with OpenSpiel's Python ISMCTS bot on ``oh_hell`` (32 simulations), against issue 27's targets.

What is measured, in one run, for each game: ``make_policy("mcts:32", game)``
(:class:`doppelnb.core.policy.MCTS`: 32 iterations per decision, each a determinization by the
engine's sampler and a random playout to the end of the *whole* game, no horizon nor rollout
limit) on whole seeded games, on the plain install (the pure Python package; the script says so,
or names the compiled modules it loaded):

- Doppeldoppel, Tricks, Groom Lake and the quest at 4 seats, every seat searching (4 seats:
  Tricks' table is oh_hell's, and in the trick games it is the larger table, the longer playouts);
- Doppel Doubt at its 10 seats, one searching seat among nine greedy ones (seat ``seed % 10``:
  it moves round the table from game to game), as the issue allows;
- OpenSpiel: ``ismcts.ISMCTSBot`` (uct_c 2, 32 simulations, a fresh
  ``resample_from_infostate`` each simulation) with a ``RandomRolloutEvaluator`` (one random
  rollout to the end of the game), whole ``oh_hell`` games (one deal of 4 x 10 cards, 9 tricks:
  OpenSpiel's game is one round), every seat searching; the deal's chance nodes are sampled
  from their outcomes and not timed.

A decision is a call of the search at a state with more than one legal action: forced moves,
which every search answers without searching, are played outside the clock and not counted.
The figure is the searching seats' decisions over the CPU seconds spent in them
(``time.process_time``: two cores shared with other work; the load average at the start and
end is printed, and CPU time still grows with the load, so compare figures from one run). Each
contender's games are spread evenly over the run (game k of n at (k + 1/2) / n of the way, so
oh_hell's 64 games and Tricks' 16 take turns throughout), so a change in load falls on all
alike. The 95% interval is over games (n = games; the rate is a ratio estimator, total
decisions over total seconds, with its delta-method standard error and Student's t at n - 1),
so it grows with how much games differ, not with how many decisions they hold; the Tricks /
OpenSpiel ratio adds the two rates' relative errors on the log scale. The verdict is PASS when
the estimate meets the target, FAIL otherwise, and says whether the interval settles it (it may
include the target: then more games are needed). ``--quick`` is a smoke run (the first
decisions of 2 games per contender): its figures are early-game ones, slower than whole games,
and it gives no verdict. The workloads of Tricks and oh_hell differ (a Tricks playout plays on to
the end of a 4-round game, oh_hell's to the end of its one round; oh_hell's playouts and
resampling are C++), so that ratio says how fast a decision is, not which search is better.

Measured 2026-11-26 on the plain install, the machine idle (load average 0.1-1.3), after every
engine but Tricks got its ``playout`` hook (``GameSpec.playout``: the plain loop's very game on one
draft); the default sizes, Tricks and the peer in a second run; decisions per CPU-second
[95% interval], n games:

- Doppeldoppel 33.7 [29.5, 37.8], n = 12 (1,207 decisions): PASS against >= 20, settled;
- Tricks 37.8 [35.2, 40.4], n = 10 (1,610): PASS against >= 20, settled;
- Groom Lake 28.2 [22.4, 33.9], n = 6 (233): PASS against >= 20, settled;
- the quest 28.7 [25.3, 32.2], n = 12 (868): PASS against >= 20, settled;
- Doppel Doubt 3.8 [3.3, 4.3], n = 3 (327): FAIL against >= 5, settled (before issue 27's
  engine work; after it, see below);
- OpenSpiel's ISMCTS bot on oh_hell 91.2 [84.6, 97.7], n = 40 (1,165): Tricks is at **0.42x**
  [0.37, 0.46] of it, FAIL against >= 1x, settled.

With the Tricks playout hook on the kernel's moments (issue 26; 2026-11-27, the machine busy,
load average 5.6-5.9, ``--engines doppelganger_tricks --games doppelganger_tricks=4,oh_hell=16``):
Tricks 46.0 [38.5, 53.4], n = 4 (653 decisions), OpenSpiel 83.4 [74.8, 92.0], n = 16: **0.55x**
[0.44, 0.69], still FAIL against >= 1x. cProfile of that search: the playout hook is about 80%
of it, a third of that the kernel's ``Moment.play``, the rest the random choices, the legal
lists and the action log the hook builds per action (the final state's record).

The sampler section in that run: 862 µs a sample with the constraints worked out at every
sample, 78 with them prepared once per decision (11.1x).

After the Tricks playout loop (issue 27; 2026-11-27): the playout hook plays each round in a
tight integer loop (``doppelganger_tricks/playout_loop.py``: hands as masks, no moment or state
per action, the options the very tuples ``Moment.legal()`` lists so ``rng.choice`` draws the same
games; the kernel's ``Book.may_claim`` and ``end_round`` for the claim windows and the rounds'
ends), appends its ~110 actions to the log as one ``core.state.ActionRun`` node, resolves
tricks with a one-pass ``codes.trick_winner``; the sampler builds its world as a moment from
hand masks and its table of deal counts ~2.5x cheaper; the tree steps with ``fast_play``. The
same decisions (the shipped ladders and sweeps check unchanged). Side by side in one run, main's
code (``PYTHONPATH=/work/main``) and this alternated four times, each ``--engines
doppelganger_tricks --games doppelganger_tricks=4,oh_hell=16``, load average 2.9-3.1:

- Tricks **78.0** decisions/s (per run 64.2, 78.1, 88.7, 81.1; 653 decisions each) against
  main's 37.3 (34.2, 35.5, 39.6, 39.8): **2.08x** [1.83, 2.37] (the four pairs' ratios,
  t interval on their logs);
- OpenSpiel's bot 76.9 (64.5-94.3 over the eight runs): Tricks **1.01x** of it (per run 0.97x
  [0.80, 1.18], 1.05x [0.81, 1.35], 0.94x [0.75, 1.18], 1.01x [0.82, 1.25]: two PASS, two
  FAIL, none settled), main's 0.48x (0.44-0.55x). At the target, not above it with a margin:
  from run to run the ratio moves by 0.05 or so either way, so a run can fall below 1x.
  (An earlier run of the same comparison, before the tree's last change, load 2.1-3.5: 74.8
  against 41.0 decisions/s, 1.82x [1.65, 2.01]; 0.92x OpenSpiel's 81.7.)

The final run (2026-11-27, the machine idle, load average 1.1; the trick resolved by
``codes.trick_winner`` itself, not by a copy of its pass inside the loop, which issue 26 asks
for: one trick winner per representation), ``--engines doppelganger_tricks --games
doppelganger_tricks=8,oh_hell=32``: Tricks 85.6 [74.6, 96.6] decisions/s, n = 8 (1,297
decisions); OpenSpiel's bot 86.9 [81.7, 92.1], n = 32: **0.98x** [0.85, 1.14], not settled
either way; the same work (``mcts:32:round``) 101.8, 1.17x [1.02, 1.34].

The last 15% (issue 27, 2026-11-27): the playout loop plays one trick per pass (the lead, then the
others' plays with the lead suit's table bound once), settles a claim's window where it opens
(resolving a trick draws nothing, so the draws and entries keep their order), and builds the
round's end directly (``playout_loop.end_round``: the score row, totals, next book and deal
without the kernel's end moment; tested against ``Moment.end_round``). The same decisions (981 in
every run below, the ladders and sweeps check unchanged). Per playout, in one process over 40
determinized worlds, main's loop and this one alternated 31 times: 1.065x (quartiles 1.026-1.079).
Side by side in one run, main's code (``PYTHONPATH=/work/main``) and this alternated eight times,
each ``--engines doppelganger_tricks --games doppelganger_tricks=6,oh_hell=24``, load average
1.8-2.9:

- Tricks **82.1** decisions/s (per run 73.4, 71.3, 89.4, 85.7, 88.9, 76.9, 83.9, 87.0) against
  main's 74.0 (77.0, 65.7, 73.0, 77.8, 74.3, 73.2, 77.6, 73.6): **1.11x** [1.03, 1.18] (the
  eight pairs' ratios, t interval on their logs);
- OpenSpiel's bot 81.6 (68.4-95.1 over the sixteen runs): Tricks **1.00x** of it (per run
  1.05x, 0.90x, 1.21x, 0.91x, 1.09x, 0.98x, 0.94x, 0.98x; three PASS, one of them settled
  [1.09, 1.35], five FAIL, none settled), main's 0.91x (0.77-1.07x). Still at the target, not
  safely above it: the rest of a playout is ``rng.choice`` (~1/5, kept), the seeded deals
  (~1/10: 23 µs each, 10 of them seeding the generator, the rest the shuffle's draws, which
  rewritten variants did not make cheaper) and ~1 µs of bookkeeping per action.

Where a decision goes now (wall clock inside one process, 326 decisions of two seeded games,
load 1.9): the playouts 71%, the sampler 13% (its preparation 2% more), the tree and rewards
the rest. Of a playout (~110 actions, ~2.7 rounds): ``rng.choice`` about a fifth (two Python
frames a draw, kept: the hook must draw what the plain loop draws), each later round's seeded
deal 26 µs (half of it seeding the generator), a trick's winner ~1 µs.

Doppel Doubt after issue 27's engine work (its playout's legality checks and action
application: the rounds before the last resolved without their claim record, the owners'
bitboards and territory sums moved square by square, a seat's card, ranking and placement drawn
and made into its choice at once, guesses drawn by index, a placement's own squares counted by
full adders, the legal masks kept on the board the playouts share; and a determinizer that uses
the seat's own last ranking), measured 2026-11-27 side by side with the code before it in one
run: game k of each in turn (who went first alternating), each game its own process of this
script (``--engines doppel_doubt --games 1 --seed 1000+k``, the old code on ``PYTHONPATH``), the
machine busy (load average 5.0-6.7 on its 2 cores, so both figures are lower than idle ones):

- Doppel Doubt **6.0 [5.2, 6.9]**, n = 8 (872 decisions, 5.4-8.9 a game): PASS against >= 5,
  settled; the code before it 3.1 [2.9, 3.2], n = 8 (872, 2.9-3.5 a game) in the same run:
  **1.97x** [1.69, 2.31]. (The last two pairs of games ran with less load beside them: 8.0 and
  8.9 against 3.0 and 3.5; the first six gave 5.4-5.7 against 2.9-3.1.) Under a sampling
  profiler (26 decisions of two seeded games) the playouts are 84% of the search time (86%
  before): placements drawn from the bitboards 34% (25% before), the rounds' resolutions 20%
  (28%), the rest the ranking and card draws, the log entries and the scans for the next
  mover; the results of a finished game 4% (6%), the determinizer 6% (4%).

The latest run, 2026-11-27, the machine idle (load average 0.3-0.8), every change above in
(``--engines doppelganger_tricks,doppel_doubt --games doppelganger_tricks=4,oh_hell=16,doppel_doubt=3``):
Tricks 42.4 [29.3, 55.4], n = 4 (653 decisions), PASS against >= 20; Doppel Doubt 6.3 [5.9, 6.7],
n = 3 (327), PASS against >= 5, settled; OpenSpiel 100.1 [89.9, 110.4], n = 16: Tricks **0.42x**
[0.30, 0.60], FAIL against >= 1x, settled (the busy runs above gave 0.55x: OpenSpiel's bot
loses more to load than ours); the same work (``mcts:32:round``, every playout to the end of
the round as oh_hell's) 82.8 [61.6, 104.0], 0.83x [0.61, 1.11] of OpenSpiel's bot.

Before the hooks (the same day, the machine busy, load average 16-36, so lower figures):
Doppeldoppel 16.9, Tricks 33.0, Groom Lake 5.3, the quest 12.7, Doppel Doubt 0.74, Tricks 0.36x
OpenSpiel.

History (Tricks only, an earlier form of this script: best of 3 repeats of 2 Tricks and 6
oh_hell games, load average 3-5): the card-by-card ``determinize`` that recomputed the public
constraints at each of the 32 iterations gave 20.6 decisions/s, the uniform sampler prepared
once per decision 35.6 (1.7x); OpenSpiel 74.9 and 113.1 in those runs (0.28x, then 0.31x).
Under cProfile the sampler was then about 11 % of the search time and the random playouts to
the end of the game (about 97 actions per iteration) about 78 %.

Worlds in batches (issue 27, 2026-11-27, the next session): the search's sampler
(``doppelganger_tricks.worlds.WorldSampler``) draws its 32 worlds at once, each world's hidden
cards ordered by random keys and handed out by one vectorised numpy pass, and deals every later
round into the world (``kernel.Book.deals``), so a playout no longer deals each later round from
a seed (26 µs a round, a fifth of a playout); ``HiddenDeal`` counts deals over groups (each suit
some seat lacks, then all the cards anybody may hold as one group) and shares its counts
between pools of the same shape: the first sample of a decision 323-600 µs -> 6-30 µs, then
about 11 µs a world (was 20-28); ``public_constraints`` reads the moment's trick records, not
the readable tricks (preparing a decision 275 -> 95 µs). Where a decision goes now (wall clock
in one process, three seeded games): the playouts 73%, the sampler 9%, its preparation 2%, the
tree's steps 5%, the rewards 3%, the rest of the tree 9%.

- The same 480 decisions (three greedy games' positions), each searched by main's code and by
  this in turn in one process: **1.30x** main's decisions per CPU-second (blocks of 20
  decisions: 1.29x [1.25, 1.32]).
- Side by side with OpenSpiel's bot, ``--engines doppelganger_tricks`` (16 Tricks games, 64
  oh_hell): 1.32x [1.21, 1.45] (load average 1.0; Tricks 136.4, OpenSpiel 103.2), settled
  above the target; in the full run at load 1.0, 1.09x [0.96, 1.23] (Tricks 122.4, OpenSpiel
  112.4: PASS, not settled), its 48 last oh_hell games played after the last Tricks game. Each
  contender's games are now spread over the run; so run, load 0.3-0.7: **1.17x [1.06, 1.30]**
  (Tricks 141.3 [128.3, 154.2], OpenSpiel 120.5 [114.6, 126.4]), settled above the target.
- **The full run** (every game at its default size, load average 0.4-1.0): Doppeldoppel 40.6
  [37.8, 43.3], Tricks 142.7 [131.8, 153.6], Groom Lake 30.9 [21.7, 40.1], Doppel Doubt 7.3
  [5.5, 9.2], the quest 31.6 [28.8, 34.5]: every target met and settled; OpenSpiel's bot 119.1
  [112.4, 125.8], Tricks **1.20x [1.09, 1.32]** of it, settled above the target (the same work,
  ``mcts:32:round``, 1.42x [1.28, 1.56]).
- The shipped Tricks ladder was played again (the worlds are new draws): 2.1 CPU minutes (5.4
  when it was shipped, 2026-11-26, before the playout loop); the order of the policies is the same, ``mcts:32`` against greedy -62 [-127, +4] Elo
  (was -84 [-151, -17]), ``mcts:128:round`` +174 [+103, +244].

The last section times the Tricks sampler alone: ``determinize`` called at every sample (its
constraints and its table of deal counts worked out and one world drawn each time) against one
prepared sampler per decision drawn 32 times (the constraints once, the worlds in one batch), at
60 decisions of a seeded random game.

Run: ``.venv/bin/python benchmarks/search.py [--quick] [--engines a,b] [--games N,NAME=N]
[--seed S]`` (``make bench`` runs it with the defaults: about 3 minutes of search CPU on the idle
machine of the last full run, Doppel Doubt's three games 45 s of it; Ctrl-C prints what was
measured so far). OpenSpiel is optional (``pip install -e ".[bench]"``); without
it the script prints doppelnb's figures and no Tricks / OpenSpiel verdict.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable

import doppelnb
from doppelnb.core.compiled import compiled_modules
from doppelnb.core.policy import make_policy, prepared
from doppelnb.core.spec import spec_of
from doppelnb.core.stats.distributions import t_quantile
from doppelnb.engines import doppelganger_tricks as dt

try:  # optional peer
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None

SIMULATIONS = 32
SEARCH = f"mcts:{SIMULATIONS}"
PEER = "OpenSpiel ISMCTSBot, oh_hell"
#: The same-work Tricks contender: ``mcts:32:round``, each playout to the end of the round, as
#: oh_hell's playouts end with its one round (a Tricks game is 4 rounds at 4 seats, so from
#: round 1 a playout to the end of the game plays about four times oh_hell's actions).
ROUND_SEARCH = f"{SEARCH}:round"
SAME_WORK = "Tricks, playouts to the round's end"

#: Per game: seats, whether every seat searches (else one searching seat among greedy ones,
#: rotated one seat per game), the issue's target in decisions per CPU-second, and games in a
#: full run (about a minute of search CPU each on a busy machine; Doppel Doubt about 7: a game
#: took 143 s).
GAMES: dict[str, tuple[int, bool, float, int]] = {
    "doppeldoppel": (4, True, 20.0, 12),
    "doppelganger_tricks": (4, True, 20.0, 16),
    "groom_lake": (4, True, 20.0, 6),
    "doppel_doubt": (10, False, 5.0, 3),
    "doppelganger_quest": (4, True, 20.0, 12),
}
#: oh_hell games in a full run (one round each, about 0.3 s of CPU).
PEER_GAMES = 64
#: In a ``--quick`` run: games per contender and decisions timed per game (a smoke run; one
#: in Doppel Doubt, whose first decisions cost about 1-2 s of CPU each).
QUICK_GAMES, QUICK_DECISIONS = 2, 2

#: One game's ``(decisions, CPU seconds spent in them)``.
Game = tuple[int, float]


class Interrupted(Exception):
    """Ctrl-C during a game: what that game had measured so far (a partial game)."""

    def __init__(self, decisions: int, spent: float) -> None:
        super().__init__(decisions, spent)
        self.game: Game = (decisions, spent)


def search_game(game: str, players: int, seed: int, every_seat: bool,
                cap: int | None = None, policy: str = SEARCH) -> Game:
    """One whole seeded game of ``game`` at ``players`` seats: every seat ``mcts:32``, or (not
    ``every_seat``) seat ``seed % players`` searching and the others greedy. Returns the
    searching seats' decisions (states with more than one legal action: forced moves are
    played without the search and not counted) and the CPU seconds spent in them. ``cap``
    stops the game after that many decisions (``--quick`` only: not a whole game); ``policy``
    the search (``mcts:32:round`` for the same-work Tricks contender)."""
    spec = spec_of(game)
    search = make_policy(policy, game)
    greedy = make_policy("greedy", game)
    searcher = seed % players
    rng = random.Random(seed)
    state = spec.new_game(players, seed=seed)
    decisions = 0
    spent = 0.0
    try:
        while not state.is_over and (cap is None or decisions < cap):
            legal = state.legal_actions()
            if len(legal) == 1:
                state = state.play(legal[0])
                continue
            if every_seat or state.to_move == searcher:
                start = time.process_time()
                action = search(state, rng)
                spent += time.process_time() - start
                decisions += 1
            else:
                action = greedy(state, rng)
            state = state.play(action)
    except KeyboardInterrupt:  # the decision in progress is dropped
        raise Interrupted(decisions, spent) from None
    return decisions, spent


def openspiel_game(seed: int, cap: int | None = None) -> Game:
    """One whole ``oh_hell`` game (one deal of 4 x 10 cards, 9 tricks), every seat searching
    with OpenSpiel's Python ISMCTS bot (32 simulations, random rollouts); the deal's chance
    nodes sampled from their outcomes and not timed, forced moves not searched nor counted."""
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 10,
                                         "num_tricks_fixed": 9})
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, SIMULATIONS,
                           random_state=rs)
    state = game.new_initial_state()
    decisions = 0
    spent = 0.0
    try:
        while not state.is_terminal() and (cap is None or decisions < cap):
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
    except KeyboardInterrupt:
        raise Interrupted(decisions, spent) from None
    return decisions, spent


def rate(games: list[Game], level: float = 0.95) -> tuple[float, float | None, float | None]:
    """``(rate, lo, hi)``: decisions per CPU-second over ``games`` (all decisions over all
    seconds, so a long game weighs as much as its decisions) and its ``level`` interval over
    games: the ratio estimator's standard error (delta method) with Student's t at n - 1
    degrees of freedom, n the number of games. ``lo`` and ``hi`` are ``None`` for one game."""
    decisions = sum(d for d, _ in games)
    seconds = sum(t for _, t in games)
    est = decisions / seconds
    n = len(games)
    if n < 2:
        return est, None, None
    mean_t = seconds / n
    spread = sum((d - est * t) ** 2 for d, t in games) / (n * (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * math.sqrt(spread) / mean_t
    return est, est - half, est + half


def ratio_of_rates(a: list[Game], b: list[Game], level: float = 0.95
                   ) -> tuple[float, float | None, float | None]:
    """``rate(a) / rate(b)`` and its interval: the two rates' relative standard errors
    added in quadrature on the log scale, Student's t at the smaller sample's n - 1."""
    ra, lo_a, _ = rate(a, level)
    rb, lo_b, _ = rate(b, level)
    est = ra / rb
    if lo_a is None or lo_b is None:
        return est, None, None
    q = t_quantile(0.5 + level / 2, min(len(a), len(b)) - 1)
    se_a = (ra - lo_a) / t_quantile(0.5 + level / 2, len(a) - 1) / ra
    se_b = (rb - lo_b) / t_quantile(0.5 + level / 2, len(b) - 1) / rb
    half = q * math.hypot(se_a, se_b)
    return est, est * math.exp(-half), est * math.exp(half)


def verdict(est: float, lo: float | None, hi: float | None, target: float, quick: bool) -> str:
    """PASS or FAIL on the estimate, and whether the 95% interval settles it."""
    if quick:
        return "no verdict (--quick: the first decisions of 2 games)"
    word = "PASS" if est >= target else "FAIL"
    if lo is None or hi is None:
        return f"{word} (one game: no interval)"
    if lo >= target:
        return f"{word} (settled: the whole interval is above the target)"
    if hi < target:
        return f"{word} (settled: the whole interval is below the target)"
    return f"{word} (not settled: the interval includes the target)"


def interval(lo: float | None, hi: float | None, digits: int = 1) -> str:
    """``[lo, hi]`` (a rate is never below 0: a lower bound under it, from the t interval of a
    few games, is shown as 0)."""
    if lo is None or hi is None:
        return "[n = 1]"
    return f"[{max(0.0, lo):.{digits}f}, {hi:.{digits}f}]"


def game_counts(text: str | None) -> dict[str, int]:
    """``--games``: ``N`` for every contender, ``NAME=N`` for one (``oh_hell`` is the peer),
    comma-separated, e.g. ``4,doppel_doubt=1,oh_hell=20``; ``{}`` for the defaults."""
    counts: dict[str, int] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, _, value = item.strip().rpartition("=")
        if not value.isdigit() or int(value) < 1 or name not in ("", "oh_hell", *GAMES):
            raise SystemExit(f"--games: {item!r} is not N or NAME=N (N >= 1, NAME one of "
                             f"{', '.join(GAMES)}, oh_hell)")
        counts[name or "*"] = int(value)
    return counts


def side_by_side(names: list[str], games: dict[str, int], quick: bool, peer: bool,
                 first_seed: int = 1000) -> tuple[dict[str, list[Game]], str, str]:
    """Every contender's games, spread evenly over the run (game k of n at (k + 1/2) / n of
    the way), so a change in the machine's load falls on every contender alike; a note, "" unless
    Ctrl-C stopped the run (then the games played so far are reported, the one interrupted
    as a partial game when it had made a decision), and the contender with a partial game."""
    cap = QUICK_DECISIONS if quick else None
    runs: dict[str, tuple[int, Callable[[int], Game]]] = {}
    for name in names:
        players, every_seat, _, full = GAMES[name]
        n = QUICK_GAMES if quick else games.get(name, games.get("*", full))
        limit = cap if cap is None or every_seat else 1
        runs[name] = (n, lambda k, g=name, p=players, e=every_seat, c=limit:
                      search_game(g, p, first_seed + k, e, c))
    if peer:
        n = QUICK_GAMES if quick else games.get("oh_hell", games.get("*", PEER_GAMES))
        runs[PEER] = (n, lambda k: openspiel_game(first_seed + k, cap))
        n = QUICK_GAMES if quick else games.get("doppelganger_tricks",
                                                games.get("*", GAMES["doppelganger_tricks"][3]))
        runs[SAME_WORK] = (n, lambda k: search_game("doppelganger_tricks", 4, first_seed + k,
                                                    True, cap, ROUND_SEARCH))
    played: dict[str, list[Game]] = {name: [] for name in runs}
    # Each contender's games spread evenly over the run (game k of a contender with n games at
    # (k + 1/2) / n of the way), so a contender with more games (oh_hell's 64 against Tricks'
    # 16) is not left to play its last ones alone while the load changes.
    order = sorted(((k + 0.5) / n, i, k) for i, (n, _) in enumerate(runs.values())
                   for k in range(n))
    names = list(runs)
    for _, i, k in order:
        name = names[i]
        n, play = runs[name]
        try:
            played[name].append(play(k))
        except Interrupted as stop:
            partial = ""
            if stop.game[0]:
                played[name].append(stop.game)
                partial = name
                what = f"its last game is partial ({stop.game[0]} decisions)"
            else:
                what = "that game is left out"
            return {name: g for name, g in played.items() if g}, (
                f"STOPPED by Ctrl-C in game {k + 1} of {name}: {what}; the games not yet "
                "played are left out"), partial
        if not quick:
            d, t = played[name][-1]
            print(f"  {name}: game {k + 1} of {n}, {d} decisions in {t:.3f} s CPU "
                  f"(load average {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    return played, "", ""


def sampler_ratio(positions: int) -> tuple[float, float]:
    """``(µs per sample computing the constraints at every sample, µs per sample with them
    computed once per decision)``: 32 samples at each of ``positions`` decisions of a seeded
    random 4-player Tricks game, by ``determinize`` called 32 times (each call works out the
    constraints and draws one world) and by one ``prepared(determinize, ...)`` drawn 32 times
    (the search's sampler: the constraints once, the 32 worlds in one batch)."""
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
        stream = random.Random(0)
        for _ in range(SIMULATIONS):
            draw(stream)
    once = time.process_time() - start
    n = len(states) * SIMULATIONS
    return each / n * 1e6, once / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: the first decisions of 2 games each, no verdict")
    parser.add_argument("--games", default=None,
                        help="games per contender, N or NAME=N, comma-separated (e.g. "
                             "4,doppel_doubt=1,oh_hell=20; default: a minute of CPU or so each "
                             "on an idle machine, Doppel Doubt 3, oh_hell 40)")
    parser.add_argument("--seed", type=int, default=1000,
                        help="seed of each contender's first game (game k: seed + k; default "
                             "1000), to add games to an earlier run's")
    parser.add_argument("--engines", default=",".join(GAMES),
                        help="games to measure, comma-separated (default: all five)")
    args = parser.parse_args()
    names = [g for g in args.engines.split(",") if g]
    unknown = sorted(set(names) - set(GAMES))
    if unknown:
        parser.error(f"unknown games {unknown}; known: {', '.join(GAMES)}")
    peer = pyspiel is not None and "doppelganger_tricks" in names
    compiled = compiled_modules()
    load = os.getloadavg()
    played, stopped, partial = side_by_side(names, game_counts(args.games), args.quick, peer,
                                            args.seed)
    peer = PEER in played and "doppelganger_tricks" in played
    cpu_total = sum(t for games in played.values() for _, t in games)

    print(f"== IS-MCTS {SEARCH} decisions per CPU-second: {SIMULATIONS} iterations, playouts to "
          "the end of the game, whole seeded games, forced moves excluded"
          + (" (--quick: the first decisions of 2 games: a smoke run, not the figure)"
             if args.quick else ""))
    print(f"doppelnb {doppelnb.__version__} from {os.path.dirname(doppelnb.__file__)}, "
          + ("the plain install (pure Python)" if not compiled else
             f"NOT the plain install: compiled {', '.join(compiled)}")
          + f"; load average {load[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end "
          f"(2 shared cores); {cpu_total:.0f} s of search CPU in all")
    print(f"{'game':<20} {'seats (searching)':<21} {'n':>3} {'decisions':>9} "
          f"{'decisions/s':>11} {'95% interval':>14} {'per game':>13} {'target':>7}  verdict")
    if stopped:
        print(stopped)
    for name, games in played.items():
        if name in (PEER, SAME_WORK):
            continue
        players, every_seat, target, _ = GAMES[name]
        est, lo, hi = rate(games)
        per_game = sorted(d / t for d, t in games)
        seats = f"{players} (all)" if every_seat else f"{players} (one, rest greedy)"
        print(f"{name:<20} {seats:<21} {len(games):>3} {sum(d for d, _ in games):>9} "
              f"{est:>11.1f} {interval(lo, hi):>14} {per_game[0]:>6.1f}-{per_game[-1]:<6.1f} "
              f">= {target:<4g} {verdict(est, lo, hi, target, args.quick)}  "
              f"({est / target:.2f}x target){' [last game partial]' if name == partial else ''}")
    if peer:
        tricks, oh_hell = played["doppelganger_tricks"], played[PEER]
        est, lo, hi = rate(oh_hell)
        per_game = sorted(d / t for d, t in oh_hell)
        print(f"{PEER:<42} {len(oh_hell):>3} {sum(d for d, _ in oh_hell):>9} {est:>11.1f} "
              f"{interval(lo, hi):>14} {per_game[0]:>6.1f}-{per_game[-1]:<6.1f} "
              "(4 seats, all searching, one deal of 9 tricks)")
        ratio, lo, hi = ratio_of_rates(tricks, oh_hell)
        print(f"Tricks / OpenSpiel's Python ISMCTS bot: {ratio:.2f}x {interval(lo, hi, 2)}, "
              f"target >= 1x: {verdict(ratio, lo, hi, 1.0, args.quick)}")
        if SAME_WORK in played:
            same = played[SAME_WORK]
            est, lo, hi = rate(same)
            print(f"{SAME_WORK + ' (' + ROUND_SEARCH + ')':<42} {len(same):>3} "
                  f"{sum(d for d, _ in same):>9} {est:>11.1f} {interval(lo, hi):>14}")
            ratio, lo, hi = ratio_of_rates(same, oh_hell)
            print(f"The same work (every playout to the end of one round, as oh_hell's): "
                  f"{ratio:.2f}x {interval(lo, hi, 2)} OpenSpiel's bot (not the issue's target, "
                  "which plays on to the end of the game)")
    elif "doppelganger_tricks" in names and pyspiel is not None:
        print("no OpenSpiel game or no Tricks game was completed: no ratio")
    elif "doppelganger_tricks" in names:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no peer, no Tricks verdict "
              "against it")
    if "doppelganger_tricks" in names and not stopped:
        each, once = sampler_ratio(20 if args.quick else 60)
        print(f"\n== Tricks determinize, {SIMULATIONS} samples per decision: constraints at every "
              f"sample {each:.0f} µs/sample, once per decision and the worlds in one batch "
              f"{once:.0f} µs/sample ({each / once:.2f}x)")


if __name__ == "__main__":
    main()
