"""Ratings from multiplayer games: Plackett-Luce strengths fitted by Hunter's MM algorithm, on an
Elo scale, with intervals.

The model (Luce 1959, Plackett 1975): policy ``i`` has a strength ``w_i = exp(theta_i)``, and a
game's finishing order is built from the top, each place going to one of the seats still in play
with probability proportional to its policy's strength. With two seats per game this is the
Bradley-Terry model, and ``400 log10(w_i / w_j)`` is the Elo difference: a 100-point edge wins
64% of two-player games (:func:`win_probability`). The same policy may sit at several seats.

Ties: a group of tied seats is read as each of its orders with equal weight (the log-likelihood
is the average over the orders). For two players this is the Elo convention of a draw as half a
win and half a loss; in general it keeps Hunter's minorize-maximize (MM) algorithm exact (2004,
*Ann. Statist.* 32:384, section 5), because the average is again a sum of
``theta - log(sum of strengths)`` terms. A tie of k seats costs 2^k terms, so at most
:data:`MAX_TIE` seats may tie.

Prior: a policy that always wins (or always loses) has an infinite maximum-likelihood strength.
``prior_games`` (default 1) gives every policy that many virtual games against a virtual
opponent of rating 0 (the geometric mean strength), half won and half lost: a weak prior that
keeps every rating finite and fades as real games accumulate (the virtual-game device of
Coulom's BayesElo; it stays inside the MM framework). ``prior_games=0`` is plain maximum
likelihood and refuses games that leave some policy unbeaten or never beating another (Hunter's
condition: the "ranked above" graph must be strongly connected).

Intervals: Wald intervals from the observed information (the negative Hessian of the
log-likelihood plus prior, inverted with numpy) for the contrast that the anchor defines, or
optionally percentile intervals from a seeded bootstrap over games. Seats are not modelled:
rotate the policies over the seats so that seat advantages average out.

>>> games = [[("greedy", 1), ("random", 0)]] * 30 + [[("random", 1), ("greedy", 0)]] * 10
>>> for rating in fit_ratings(games, ["random", "greedy"]):
...     print(rating)
random: +0 (reference, 40 games)
greedy: +188 [+65, +311] (40 games)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..checks import check_bool, check_int, check_str, fail, show
from ..errors import BadInput
from .distributions import normal_quantile, real
from .estimates import FloatArray, check_level

#: Rating points per unit of natural log-strength (the Elo scale: 400 points = 10 to 1 odds).
ELO = 400 / math.log(10)

#: The largest tied group accepted (a tie of k seats costs 2^k terms of the likelihood).
MAX_TIE = 12

#: A game: one (policy name, score) per seat; a higher score finishes ahead, equal scores tie
#: (a finishing order 1st, 2nd, ... is given as scores -1, -2, ...).
Game = Sequence[tuple[str, float]]


@dataclass(frozen=True, slots=True)
class Rating:
    """One policy's rating on the Elo scale relative to the anchor, with its ``level`` interval
    ``lo``..``hi``, the number of ``games`` it played, and whether it is the ``reference`` (the
    anchor, rated 0 by definition: its interval is the point 0)."""

    name: str
    rating: float
    lo: float
    hi: float
    games: int
    reference: bool = False
    method: str = "Fisher information"
    level: float = 0.95

    def __str__(self) -> str:
        if self.reference:
            return f"{self.name}: +0 (reference, {self.games} games)"
        return (f"{self.name}: {self.rating:+.0f} [{self.lo:+.0f}, {self.hi:+.0f}] "
                f"({self.games} games)")


def win_probability(rating_a: float | Rating, rating_b: float | Rating) -> float:
    """The chance that a policy rated ``rating_a`` beats one rated ``rating_b`` in a two-player
    game (Bradley-Terry on the Elo scale): ``1 / (1 + 10 ** ((b - a) / 400))``.

    >>> round(win_probability(100, 0), 3)
    0.64
    """
    a = rating_a.rating if isinstance(rating_a, Rating) else real(rating_a, "a")
    b = rating_b.rating if isinstance(rating_b, Rating) else real(rating_b, "b")
    return 1.0 / (1.0 + math.pow(10.0, (b - a) / 400.0))


@dataclass(frozen=True, slots=True)
class _Terms:
    """The log-likelihood of the games, sum_i wins[i] theta_i - sum_t weights[t] log(counts[t] @
    exp(theta)): each distinct set of seats still to be placed is one row of ``counts`` (seats
    of each policy in it), and each game's share of the wins and weights is kept apart
    (``wins_by_game``; ``game``, ``term``, ``weight`` per entry) so that a bootstrap can count
    the games again."""

    wins_by_game: FloatArray        # (games, policies)
    counts: FloatArray              # (terms, policies)
    game: npt.NDArray[np.intp]      # per entry: the game it comes from,
    term: npt.NDArray[np.intp]      # the row of counts it adds to,
    weight: FloatArray              # and how much

    def combine(self, multiplicity: FloatArray) -> tuple[FloatArray, FloatArray]:
        """(wins, weights) when game g is counted ``multiplicity[g]`` times."""
        weights = np.bincount(self.term, weights=self.weight * multiplicity[self.game],
                              minlength=len(self.counts)).astype(float)
        return multiplicity @ self.wins_by_game, weights


def _game_terms(seats: list[tuple[int, float]], policies: int,
                ) -> tuple[FloatArray, dict[tuple[int, ...], float]]:
    """One game's wins and (set of seats -> weight) terms, groups of tied seats averaged over
    their orders: at each group, every subset U of the group is the set still to be placed
    (with the seats below) with weight 1 / C(size, |U|)."""
    wins = np.zeros(policies)
    terms: dict[tuple[int, ...], float] = {}
    below = [0] * policies
    for score in sorted({s for _, s in seats}):  # the last group first: `below` accumulates
        group = [p for p, s in seats if s == score]
        if len(group) > MAX_TIE:
            raise BadInput("NB-ARG", f"at most {MAX_TIE} seats of a game may tie, got "
                                     f"{len(group)}")
        for p in group:
            wins[p] += 1
        for size in range(1, len(group) + 1):
            weight = 1.0 / math.comb(len(group), size)
            for subset in itertools.combinations(group, size):
                counts = below.copy()
                for p in subset:
                    counts[p] += 1
                present = [i for i, c in enumerate(counts) if c]
                if len(present) == 1:  # -log(c w_i) is -theta_i plus a constant
                    wins[present[0]] -= weight
                else:
                    key = tuple(counts)
                    terms[key] = terms.get(key, 0.0) + weight
        for p in group:
            below[p] += 1
    return wins, terms


def _terms(games: list[list[tuple[int, float]]], policies: int) -> _Terms:
    index: dict[tuple[int, ...], int] = {}
    wins_by_game = np.zeros((len(games), policies))
    game_of: list[int] = []
    term_of: list[int] = []
    weight_of: list[float] = []
    for g, seats in enumerate(games):
        wins, terms = _game_terms(seats, policies)
        wins_by_game[g] = wins
        for key, weight in terms.items():
            game_of.append(g)
            term_of.append(index.setdefault(key, len(index)))
            weight_of.append(weight)
    counts = np.array(list(index), dtype=float).reshape(len(index), policies)
    return _Terms(wins_by_game, counts, np.array(game_of, dtype=np.intp),
                  np.array(term_of, dtype=np.intp), np.array(weight_of, dtype=float))


def _mm(wins: FloatArray, counts: FloatArray, weights: FloatArray, prior: float,
        start: FloatArray | None = None, tol: float = 1e-10, max_iter: int = 100_000,
        ) -> FloatArray:
    """Hunter's MM iteration for the log-strengths: w_i <- (wins_i + prior/2) / (sum_t weight_t
    counts_ti / (counts_t @ w) + prior / (w_i + 1)), each step increasing the (penalized)
    log-likelihood. The games say nothing about the overall scale of the strengths, only the
    prior does, and MM would creep along that direction; so after each step the scale is set
    to its exact optimum instead (a one-dimensional concave problem), which also increases the
    objective. Without a prior the scale is fixed by a geometric mean of 1."""
    w = np.ones(len(wins)) if start is None else np.exp(start)
    numerator = np.maximum(wins, 0.0) + prior / 2
    for _ in range(max_iter):
        denominator = counts.T @ (weights / (counts @ w)) + prior / (w + 1)
        new = numerator / denominator
        new /= math.exp(float(np.mean(np.log(new))))
        if prior > 0:
            new *= _best_scale(new)
        change = float(np.max(np.abs(np.log(new) - np.log(w))))
        w = new
        if change < tol:
            return np.log(w)
    raise BadInput("NB-ARG", f"the ratings did not converge in {max_iter} iterations: the games "
                             f"barely connect some policies (use prior_games > 0)")


def _best_scale(w: FloatArray) -> float:
    """The factor s maximizing the prior's sum_i (log(s w_i) / 2 - log(1 + s w_i)): the root of
    sum_i s w_i / (1 + s w_i) = n / 2, found by Newton's method in log s (monotone, concave)."""
    log_s = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(np.log(w) + log_s)))
        step = float(np.sum(p) - len(w) / 2) / float(np.sum(p * (1 - p)))
        log_s -= step
        if abs(step) < 1e-14:
            break
    return math.exp(log_s)


def _information(theta: FloatArray, counts: FloatArray, weights: FloatArray,
                 prior: float) -> FloatArray:
    """The observed information: minus the Hessian of the log-likelihood (and prior) in theta.
    Each term -log(sum_i c_i e^theta_i) contributes diag(p) - p p^T with p_i = c_i w_i / sum."""
    w = np.exp(theta)
    probs = counts * w / (counts @ w)[:, None]
    info = np.diag(weights @ probs) - probs.T @ (weights[:, None] * probs)
    virtual = w / (w + 1)
    return info + np.diag(prior * virtual * (1 - virtual))


def _connected(games: list[list[tuple[int, float]]], policies: int) -> bool:
    """Hunter's condition: every policy reaches every other in the graph "p finished ahead of,
    or tied with, q in some game"."""
    ahead: list[set[int]] = [set() for _ in range(policies)]
    for seats in games:
        for (p, s), (q, t) in itertools.permutations(seats, 2):
            if s >= t and p != q:
                ahead[p].add(q)
    behind: list[set[int]] = [set() for _ in range(policies)]
    for p, qs in enumerate(ahead):
        for q in qs:
            behind[q].add(p)
    for edges in (ahead, behind):
        seen, todo = {0}, [0]
        while todo:
            for q in edges[todo.pop()] - seen:
                seen.add(q)
                todo.append(q)
        if len(seen) < policies:
            return False
    return True


def _parse_games(games: Iterable[Game], players: Sequence[str],
                 ) -> list[list[tuple[int, float]]]:
    where = {name: i for i, name in enumerate(players)}
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise fail("games", "a list of games, each a list of (policy, score) pairs", games)
    parsed: list[list[tuple[int, float]]] = []
    for g, game in enumerate(games):
        if len(parsed) >= 1_000_000:
            raise BadInput("NB-ARG", "games is limited to 1000000 games")
        if isinstance(game, (str, bytes)) or not isinstance(game, Sequence) or \
                not 2 <= len(game) <= 64:
            raise fail(f"games[{g}]", "a list of 2 to 64 (policy, score) pairs", game)
        seats = []
        for seat in game:
            if not isinstance(seat, (tuple, list)) or len(seat) != 2 or seat[0] not in where:
                raise fail(f"a seat of games[{g}]", "a (policy, score) pair naming one of "
                           f"{show(list(players))}", seat)
            seats.append((where[seat[0]], real(seat[1], f"a score of games[{g}]")))
        parsed.append(seats)
    if not parsed:
        raise BadInput("NB-ARG", "games must hold at least one game")
    return parsed


def _bootstrap(terms: _Terms, theta: FloatArray, contrast: FloatArray, prior: float,
               level: float, resamples: int, seed: int) -> tuple[FloatArray, FloatArray]:
    """Percentile intervals of the ratings over seeded resamples of the games (each refit
    starts from the full fit, so it takes few MM steps)."""
    rng = np.random.default_rng(seed)
    games = len(terms.wins_by_game)
    draws = np.empty((resamples, len(theta)))
    for b in range(resamples):
        picked = np.bincount(rng.integers(0, games, games), minlength=games).astype(float)
        wins, weights = terms.combine(picked)
        draws[b] = ELO * contrast @ _mm(wins, terms.counts, weights, prior, start=theta)
    lo, hi = np.quantile(draws, [(1 - level) / 2, (1 + level) / 2], axis=0)
    return lo, hi


def fit_ratings(games: Iterable[Game], players: Sequence[str], *, anchor: str | None = None,
                centre: bool = False, prior_games: float = 1.0, level: float = 0.95,
                bootstrap: int = 0, seed: int = 0) -> list[Rating]:
    """Plackett-Luce ratings of ``players`` (policy names) from ``games``, each a list of
    (policy, score) per seat (a higher score finishes ahead; equal scores tie), in the order of
    ``players``.

    Assumes the games are independent given the strengths, and that one strength per policy
    explains every seat it plays (rotate seats). Ratings are Elo points (400 log10 strength)
    relative to ``anchor`` (default the first of ``players``, rated 0), or averaging 0 when
    ``centre`` is True. Intervals at ``level``: Wald intervals from the observed information,
    or, with ``bootstrap`` > 0, percentile intervals over that many seeded resamples of the games
    (which needs ``prior_games`` > 0, so that every resample has finite ratings).

    >>> games = [[("mcts", 1), ("greedy", 0), ("random", 0)],
    ...          [("greedy", 1), ("random", 0), ("mcts", 0)],
    ...          [("random", 1), ("mcts", 0), ("greedy", 0)]] * 5 + \\
    ...         [[("mcts", 3), ("greedy", 2), ("random", 1)]] * 10
    >>> [round(r.rating) for r in fit_ratings(games, ["random", "greedy", "mcts"])]
    [0, 122, 204]
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or \
            not 2 <= len(players) <= 1000:
        raise fail("players", "a list of 2 to 1000 policy names", players)
    names = [check_str(p, f"players[{i}]", max_len=200) for i, p in enumerate(players)]
    if len(set(names)) != len(names):
        raise fail("players", "distinct names", players)
    centre = check_bool(centre, "centre")
    if anchor is not None and (centre or anchor not in names):
        raise fail("anchor", "one of players (and centre=False)", anchor)
    prior = real(prior_games, "prior_games", 0, 1e6)
    level = check_level(level)
    bootstrap = check_int(bootstrap, "bootstrap", 0, 100_000)
    seed = check_int(seed, "seed", 0)
    if bootstrap and prior == 0:
        raise BadInput("NB-ARG", "a bootstrap needs prior_games > 0: a resample may leave a "
                                 "policy unbeaten, with an infinite rating")
    parsed = _parse_games(games, names)
    size = len(names)
    if prior == 0 and not _connected(parsed, size):
        raise BadInput("NB-ARG", "with prior_games=0 every policy must have finished ahead of "
                                 "and behind others (else its rating is infinite); use "
                                 "prior_games > 0")
    terms = _terms(parsed, size)
    wins, weights = terms.combine(np.ones(len(parsed)))
    theta = _mm(wins, terms.counts, weights, prior)

    reference = names.index(anchor) if anchor is not None else 0
    contrast = np.eye(size) - (np.full((size, size), 1 / size) if centre
                               else np.outer(np.ones(size), np.eye(size)[reference]))
    ratings = ELO * contrast @ theta
    if bootstrap:
        lo, hi = _bootstrap(terms, theta, contrast, prior, level, bootstrap, seed)
        method = f"bootstrap percentile ({bootstrap} resamples of the games)"
    else:
        info = _information(theta, terms.counts, weights, prior)
        # without a prior the information is singular along the overall scale, which no
        # contrast sees: the pseudo-inverse gives the contrasts' covariance
        covariance = np.linalg.pinv(info) if prior == 0 else np.linalg.inv(info)
        variance = np.einsum("ij,jk,ik->i", contrast, covariance, contrast)
        half = normal_quantile(0.5 + level / 2) * ELO * np.sqrt(np.maximum(variance, 0.0))
        lo, hi = ratings - half, ratings + half
        method = "Fisher information"
    played = np.zeros(size, dtype=int)
    for seats in parsed:
        for p in {p for p, _ in seats}:
            played[p] += 1
    return [Rating(name, float(ratings[i]), float(lo[i]), float(hi[i]), int(played[i]),
                   not centre and i == reference, method, level)
            for i, name in enumerate(names)]


__all__ = ["ELO", "MAX_TIE", "Game", "Rating", "fit_ratings", "win_probability"]
