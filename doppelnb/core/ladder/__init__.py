"""Measured strength: a ladder of policies rated from many seeded games, with 95% intervals.

:func:`ladder` seats the policies at one table, plays ``games`` games and fits Plackett-Luce
ratings (:func:`doppelnb.core.stats.fit_ratings`) to each game's finishing order. Ratings are
**Elo points relative to the anchor** (the first policy unless ``anchor`` names another), which
is rated 0 with the interval [0, 0]: 400 points are 10-to-1 odds, and a policy rated +100 beats
the anchor in 64% of two-player games (:func:`doppelnb.core.stats.win_probability`).

The finishing order of a game: a seat among the winners finishes ahead of a seat that is not
(in a team game a side's win counts for all its seats), then the higher final score; equal
places are ties (read as each of their orders with equal weight, see
:mod:`doppelnb.core.stats.ratings`).

Common deals: game ``i`` is dealt from ``rng_for(seed, "ladder", "deal", game, players, i)``,
which depends only on the seed, the game, the player count and ``i``, never on which policies
sit where (nor on the order of ``policies``), so every ladder with the same seed is played on
the same deals. Each policy draws its random numbers from ``rng_for(seed, "ladder",
"players", game, players, i)``.

Seats: game ``i`` seats the policies as :func:`doppelnb.core.sweep.seats_for` does, the policy
list in turn from seat 0, shifted one seat per game: seat ``s`` of game ``i`` gets
``policies[(s + i) % K]`` for ``K`` policies. The games ``i`` with equal ``i // K`` form a cyclic
Latin square: in each block of ``K`` consecutive games every policy sits in every seat exactly
once. So when ``games`` is a multiple of ``K`` the seat counts are exactly equal (otherwise they
differ by at most one), and seat advantages, which the model does not describe, average out.
With fewer policies than seats a policy holds several seats (``random, greedy`` at 3 seats:
R G R, then G R G); with more policies than seats each game seats a window of ``players``
consecutive policies of the cyclic list, so every policy meets its neighbours in the list
(the "ranked above" graph is connected and every rating is identified). ``seats=`` gives the
table of game 0 instead (one searching seat among greedy ones: ``["mcts:32"] + ["greedy"] * 9``),
rotated one seat per game the same way: balanced over each block of ``players`` games.

The action cap: a game still going after ``max_actions`` actions (default the game's own,
:data:`doppelnb.core.sweep.DEFAULT_MAX_ACTIONS`) is stopped and counted as a draw among all
seats (every seat the same place: it rates no policy above another, and its seats still count
in ``games``); :attr:`Ladder.timeouts` lists those games, a shipped ladder's ``GAME.json``
records them under ``"timeouts"``, and its report says how many there were.

Reproducibility: games are played in chunks by any :class:`concurrent.futures.Executor` and
gathered by game index before the fit, so the ratings and the CSV (numbers with a fixed 1
decimal) are byte-identical whatever the workers. CPU seconds (summed over the workers, and per
decision for each policy) are measured, not seeded: they are reported beside the CSV, never in it.

>>> result = ladder("doppeldoppel", ["random", "greedy"], games=8, seed=1, workers=1)
>>> print(result.to_csv().splitlines()[0])
policy,rating,lo,hi,games
>>> result.seat_counts
((4, 4, 4), (4, 4, 4))
"""

from __future__ import annotations

from .budget import BudgetCurve, BudgetPoint, budget_curve
from .play import (
    COLUMNS,
    HEADER,
    MAX_GAMES,
    MAX_POLICIES,
    Ladder,
    deal_seed,
    ladder,
    seat_schedule,
)
from .shipped import (
    OPENING_ACTIONS,
    README_BEGIN,
    README_END,
    SEARCH_PREFIXES,
    ShippedLadder,
    command_of,
    fingerprint,
    ladder_report,
    ladder_verdict,
    ladders_folder,
    load_ladder,
    measured_ratings,
    opening,
    provenance,
    provenance_text,
    readme_rows,
    shipped_ladders,
)

__all__ = ["OPENING_ACTIONS", "README_BEGIN", "README_END", "SEARCH_PREFIXES", "measured_ratings", "provenance_text", "readme_rows", "MAX_POLICIES", "ladder", "Ladder", "budget_curve", "BudgetCurve", "BudgetPoint", "COLUMNS",
           "HEADER", "MAX_GAMES", "deal_seed", "seat_schedule", "ShippedLadder", "load_ladder",
           "ladder_verdict", "ladder_report", "shipped_ladders", "ladders_folder",
           "provenance", "fingerprint", "opening", "command_of"]
