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

import concurrent.futures as cf
import csv
import io
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import sweep_plan, sweep_run
from .chance import MAX_SEED, rng_for
from .checks import check_int, fail
from .errors import BadInput
from .policy import parse_policy
from .spec import GameSpec, spec_of
from .stats import Rating, fit_ratings, win_probability
from .sweep_metrics import GameFacts
from .sweep_table import game_label
from .version import VERSION

#: The CSV's columns: the policy, its rating and 95% interval in Elo points relative to the
#: anchor (rated 0, interval 0..0), and the number of games it played.
COLUMNS = ("policy", "rating", "lo", "hi", "games")
#: The CSV's first line, by which the command line recognises a file it wrote (and may replace).
HEADER = ",".join(COLUMNS)
#: Limits: games per ladder (the rating fit's own limit), policies at one table.
MAX_GAMES = 1_000_000
MAX_POLICIES = sweep_plan.MAX_POLICIES
MAX_BUDGETS = 16
MAX_BUDGET = 100_000


# -- playing the games -------------------------------------------------------------------------
def deal_seed(seed: int, game: str, players: int, index: int) -> int:
    """The deal of game ``index`` of every ladder with this seed, game and player count: it
    does not depend on the policies or their order (common deals)."""
    return rng_for(seed, "ladder", "deal", game, players, index).getrandbits(62)


@dataclass(frozen=True, slots=True)
class _Task:
    """Games ``start .. start+count-1`` of one ladder (what a worker plays)."""

    game: str
    players: int
    lineup: tuple[str, ...]
    seed: int
    start: int
    count: int
    own: GameSpec | None = None  # as the sweep's tasks: None for a registered game


#: One played game as a worker returns it: (index, policy at each seat, place score per seat
#: (higher = ahead), CPU seconds of the game, per seat (CPU seconds deciding, decisions)).
_Game = tuple[int, tuple[str, ...], tuple[int, ...], float, tuple[tuple[float, int], ...]]


def _places(facts: GameFacts) -> tuple[int, ...]:
    """Each seat's place as a number (higher = ahead, equal = tied): winners ahead of the rest
    (a side's win counts for each of its seats, as the engine lists them among the winners),
    then the higher final score."""
    winners = set(facts.winners)
    keys = [(seat in winners, score) for seat, score in enumerate(facts.scores)]
    order = {key: rank for rank, key in enumerate(sorted(set(keys)))}
    return tuple(order[key] for key in keys)


def _play_chunk(task: _Task) -> list[_Game]:
    """Play one chunk with :mod:`doppelnb.core.sweep`'s machinery; its own seats and seeds."""
    out: list[_Game] = []
    for index in range(task.start, task.start + task.count):
        seats = sweep_run.seats_for(task.lineup, task.players, index)
        clock = [[0.0, 0.0] for _ in range(task.players)]
        started = time.process_time()
        game = task.own if task.own is not None else spec_of(task.game)
        facts, _ = sweep_run._play(game, {}, task.players, seats,
                                   deal_seed(task.seed, task.game, task.players, index),
                                   (task.seed, "ladder", "players", task.game, task.players,
                                    index), clock=clock)
        spent = time.process_time() - started
        out.append((index, tuple(seats), _places(facts), spent,
                    tuple((c[0], int(c[1])) for c in clock)))
    return out


# -- the result --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder's result. ``ratings``: one :class:`~doppelnb.core.stats.Rating` per policy, in
    the order of ``policies``: Elo points relative to ``anchor`` (rated 0), with the 95%
    interval ``lo``..``hi``. ``seat_counts[p][s]``: games in which policy ``p`` sat at seat
    ``s``. ``cpu_seconds``: CPU time of the games (summed over the workers). ``decisions[p]``
    and ``decision_seconds[p]``: how many decisions policy ``p`` took and its CPU seconds per
    decision (measured, so not reproducible to the digit; everything else is)."""

    game: str
    policies: tuple[str, ...]
    players: int
    games: int
    seed: int
    anchor: str
    ratings: tuple[Rating, ...]
    seat_counts: tuple[tuple[int, ...], ...]
    cpu_seconds: float
    decisions: tuple[int, ...]
    decision_seconds: tuple[float, ...]
    #: Each game's place per seat (higher = ahead, equal = tied), in game order: with the seats
    #: (:func:`seat_schedule`, or the rotated ``seats``) they are everything the fit read, so a
    #: shipped ladder keeps them and its ratings can be refitted from the file alone.
    places: tuple[tuple[int, ...], ...] = ()
    #: The table of game 0 when the ladder was given ``seats``, else None (the policies in
    #: turn): with it the seats of every game follow (:func:`doppelnb.core.sweep.seats_for`).
    seats: tuple[str, ...] | None = None

    def rating(self, policy: str) -> Rating:
        """The rating of one policy of the ladder."""
        for rating in self.ratings:
            if rating.name == policy:
                return rating
        raise fail("policy", f"one of {', '.join(self.policies)}", policy)

    def rows(self) -> list[tuple[str, float, float, float, int]]:
        """``(policy, rating, lo, hi, games)`` per policy, in the order of ``policies``."""
        return [(r.name, r.rating, r.lo, r.hi, r.games) for r in self.ratings]

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The CSV text (:data:`COLUMNS`; ratings in Elo points relative to the anchor, with 1
        decimal); also written to ``path`` when given."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for name, rating, lo, hi, games in self.rows():
            writer.writerow([name, _num(rating), _num(lo), _num(hi), games])
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def summary(self) -> list[str]:
        """One line per policy (rating, interval, games, CPU per decision), then the CPU
        spent."""
        lines = []
        for rating, decisions, per in zip(self.ratings, self.decisions, self.decision_seconds,
                                          strict=True):
            cost = f"{per * 1000:.3f} ms CPU per decision" if decisions else "no decisions"
            if rating.reference:
                head = f"{rating.name}: +0 Elo (the anchor)"
            else:
                head = (f"{rating.name}: {rating.rating:+.0f} Elo [{rating.lo:+.0f}, "
                        f"{rating.hi:+.0f}]")
            lines.append(f"{head}, {rating.games} games, {cost}")
        lines.append(f"{self.games} games of {self.game} at {self.players} seats, seed "
                     f"{self.seed}: {self.cpu_seconds:.1f} s CPU")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary())

    def chart(self, title: str = "") -> Any:
        """A bar chart of the ratings with their 95% intervals (needs matplotlib)."""
        from .render import bar_chart

        return bar_chart([(r.name, r.rating) for r in self.ratings],
                         intervals=[(r.lo, r.hi) for r in self.ratings],
                         title=title or f"{game_label(self.game)}: rating relative to "
                                        f"{self.anchor} (bars: 95% intervals)",
                         y_label=f"Elo points ({self.anchor} = 0)")


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


# -- checking the arguments ----------------------------------------------------------------------
def _check_policies(policies: Any) -> tuple[str, ...]:
    if isinstance(policies, str):
        policies = [p.strip() for p in policies.split(",")] if len(policies) <= 10_000 else None
    if not isinstance(policies, (list, tuple)) or not 2 <= len(policies) <= MAX_POLICIES:
        raise fail("policies", f"a list of 2 to {MAX_POLICIES} policies like "
                   "['random', 'greedy', 'mcts:32']", policies)
    for spec in policies:
        parse_policy(spec)
    names = tuple(str(p).strip() for p in policies)
    if len(set(names)) != len(names):
        raise fail("policies", "distinct policies", policies)
    return names


def _check_seats(seats: Any, names: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",")] if len(seats) <= 10_000 else None
    if not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= 64 or \
            not all(isinstance(s, str) and s.strip() in names for s in seats):
        raise fail("seats", f"a list of 2 to 64 seats, each one of the policies "
                   f"({', '.join(names)})", seats)
    lineup = tuple(s.strip() for s in seats)
    missing = [name for name in names if name not in lineup]
    if missing:
        raise BadInput("NB-ARG", f"seats must seat every policy; {', '.join(missing)} has no "
                                 "seat")
    return lineup


def _check_players(module: GameSpec, spec: str, players: Any, policies: int) -> int:
    legal = module.player_counts
    if players is None:
        if not legal:
            raise BadInput("NB-ARG", f"{spec} has no PLAYER_COUNTS; pass players")
        # the smallest table that seats every policy, else the largest there is
        return next((p for p in sorted(legal) if p >= policies), max(legal))
    count = check_int(players, "players", 2, 64)
    if legal and count not in legal:
        raise BadInput("NB-ARG", f"players: {spec} is for {', '.join(map(str, legal))} "
                       f"players, not {count}")
    return count


def _check_executor(executor: Any, workers: Any) -> int | None:
    if executor is not None and not isinstance(executor, cf.Executor):
        raise fail("executor", "a concurrent.futures.Executor", executor)
    if workers is not None:
        workers = check_int(workers, "workers", 1, sweep_plan.MAX_WORKERS)
    return workers  # type: ignore[no-any-return]


# -- the ladder --------------------------------------------------------------------------------
def ladder(game: Any, policies: Sequence[str] | str, *, games: int, seed: int = 0,
           players: int | None = None, workers: int | None = None,
           executor: cf.Executor | None = None, anchor: str | None = None,
           seats: Sequence[str] | str | None = None, chunk: int | None = None,
           progress: bool = False) -> Ladder:
    """Rate ``policies`` (e.g. ``["random", "greedy", "mcts:32"]``, or ``"random,greedy"``)
    from ``games`` games of ``game`` (a :data:`doppelnb.GAMES` name or an engine module) at
    ``players`` seats (default: the smallest legal table seating every policy), played on
    common deals with the seats rotated (see the module doc).

    Ratings are Elo points relative to ``anchor`` (default the first policy), rated 0.
    ``seats``: instead of the policies in turn, the policy at each seat of game 0 (names of
    ``policies``, repeats allowed, each policy at least once: ``["mcts:32"] + ["greedy"] * 9``
    for one searching seat at a table of greedy players), rotated one seat per game, so in each
    block of ``players`` games every entry sits at every seat once.
    ``executor``: any :class:`concurrent.futures.Executor` (not shut down here); ``None`` uses
    processes on ``workers`` cores (default all), or this process when ``workers=1``. ``chunk``:
    games per task (default sized from the work; it changes nothing in the result). ``games``
    is 1 to :data:`MAX_GAMES`.
    """
    spec, module = sweep_plan.resolve_game(game)
    workers = _check_executor(executor, workers)
    names = _check_policies(policies)
    games = check_int(games, "games", 1, MAX_GAMES)
    seed = check_int(seed, "seed", 0, MAX_SEED)
    lineup = names
    if seats is not None:
        lineup = _check_seats(seats, names)
        if players is None:
            players = len(lineup)
    count = _check_players(module, spec, players, len(names))
    if seats is not None and len(lineup) != count:
        raise BadInput("NB-ARG", f"seats names {len(lineup)} seats, but the table has {count}")
    if anchor is not None and (not isinstance(anchor, str) or anchor.strip() not in names):
        raise fail("anchor", f"one of the policies ({', '.join(names)})", anchor)
    reference = names[0] if anchor is None else anchor.strip()
    search = any("mcts" in name for name in names)
    if chunk is None:
        chunk = sweep_run.default_chunk(games, 1, workers or os.cpu_count() or 1, search)
    chunk = check_int(chunk, "chunk", 1, MAX_GAMES)
    if not isinstance(progress, bool):
        raise fail("progress", "True or False", progress)

    carried = sweep_plan._task_game(module)
    tasks = [_Task(spec, count, lineup, seed, start, min(chunk, games - start), carried)
             for start in range(0, games, chunk)]
    played: dict[int, _Game] = {}
    own = None
    bar = sweep_run._progress(games, 0, f"{spec} ladder") if progress else None
    futures: list[cf.Future[list[_Game]]] = []
    try:
        if executor is None and workers != 1:
            own = executor = sweep_run.default_executor(workers, games=(module,))
        if executor is None:  # workers=1: in this process, one chunk after another
            done: Iterable[list[_Game]] = map(_play_chunk, tasks)
        else:
            futures = [executor.submit(_play_chunk, task) for task in tasks]
            done = (future.result() for future in cf.as_completed(futures))
        for chunk_games in done:
            for item in chunk_games:
                played[item[0]] = item
            if bar is not None:
                bar.update(len(chunk_games))
    except BaseException:  # Ctrl-C, SIGTERM (as the command line turns it) or a failed task
        for future in futures:
            future.cancel()
        if own is not None:
            sweep_run._stop_pool(own)
            own = None
        raise
    finally:
        if bar is not None:
            bar.close()
        if own is not None:
            own.shutdown(wait=True)
    return _result(spec, names, count, games, seed, reference, [played[i] for i in range(games)],
                   None if seats is None else lineup)


def _result(spec: str, names: tuple[str, ...], players: int, games: int, seed: int,
            anchor: str, played: list[_Game], table: tuple[str, ...] | None = None) -> Ladder:
    """Fit the ratings to the games in index order (so the fit never depends on which worker
    finished first) and add up seats and CPU."""
    where = {name: p for p, name in enumerate(names)}
    seat_counts = [[0] * players for _ in names]
    decisions = [0] * len(names)
    seconds = [0.0] * len(names)
    cpu = 0.0
    fitted = []
    for _, seats, places, spent, clock in played:
        cpu += spent
        for seat, name in enumerate(seats):
            seat_counts[where[name]][seat] += 1
            seconds[where[name]] += clock[seat][0]
            decisions[where[name]] += clock[seat][1]
        fitted.append([(name, float(place)) for name, place in zip(seats, places, strict=True)])
    ratings = fit_ratings(fitted, list(names), anchor=anchor)
    return Ladder(spec, names, players, games, seed, anchor, tuple(ratings),
                  tuple(tuple(c) for c in seat_counts), cpu, tuple(decisions),
                  tuple(s / d if d else 0.0 for s, d in zip(seconds, decisions, strict=True)),
                  tuple(item[2] for item in played), table)


# -- strength over budget ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BudgetPoint:
    """One search budget against the base policy: the search's rating relative to the base
    (Elo, 95% interval), the same as the chance to beat the base in a two-player game
    (``win``, ``win_lo``, ``win_hi``), and its CPU seconds per decision."""

    budget: int
    policy: str
    rating: float
    lo: float
    hi: float
    win: float
    win_lo: float
    win_hi: float
    decision_seconds: float
    games: int


@dataclass(frozen=True, slots=True)
class BudgetCurve:
    """Strength over budget: a :class:`BudgetPoint` per budget, all on the same deals."""

    game: str
    base: str
    search: str
    players: int
    seed: int
    points: tuple[BudgetPoint, ...]
    cpu_seconds: float

    def to_csv(self) -> str:
        """budget, policy, rating, lo, hi (Elo relative to the base), win, win_lo, win_hi,
        CPU seconds per decision, games (the CPU column is measured, not reproducible)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["budget", "policy", "rating", "lo", "hi", "win", "win_lo", "win_hi",
                         "cpu_per_decision", "games"])
        for p in self.points:
            writer.writerow([p.budget, p.policy, _num(p.rating), _num(p.lo), _num(p.hi),
                             f"{p.win:.3f}", f"{p.win_lo:.3f}", f"{p.win_hi:.3f}",
                             f"{p.decision_seconds:.6f}", p.games])
        return out.getvalue()

    def summary(self) -> list[str]:
        lines = [f"{p.policy}: {p.rating:+.0f} Elo [{p.lo:+.0f}, {p.hi:+.0f}] against "
                 f"{self.base} (beats it {p.win:.2f} [{p.win_lo:.2f}, {p.win_hi:.2f}] "
                 f"head to head), {p.decision_seconds * 1000:.2f} ms CPU per decision, "
                 f"{p.games} games" for p in self.points]
        lines.append(f"{self.game} at {self.players} seats, seed {self.seed}: "
                     f"{self.cpu_seconds:.1f} s CPU")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary())

    def chart(self, title: str = "") -> Any:
        """Rating against the base over the budget, with the 95% band (an SVG line chart;
        needs matplotlib). The x axis is the budget in iterations per decision."""
        from .render import line_chart

        name = f"{self.search} against {self.base}"
        return line_chart({name: [(p.budget, p.rating) for p in self.points]},
                          bands={name: [(p.budget, p.lo, p.hi) for p in self.points]},
                          references=[(0.0, f"as strong as {self.base}")],
                          title=title or f"{game_label(self.game)}: strength over "
                                         "search budget (band: 95% interval)",
                          x_label="search budget (iterations per decision)",
                          y_label=f"Elo points ({self.base} = 0)")


def budget_curve(game: Any, *, base: str = "greedy", search: str = "mcts",
                 budgets: Sequence[int] = (4, 8, 16, 32), games: int = 20, seed: int = 0,
                 players: int | None = None, workers: int | None = None,
                 executor: cf.Executor | None = None, progress: bool = False) -> BudgetCurve:
    """For each budget ``b``: a two-policy :func:`ladder` of ``base`` against ``search:b``
    (``"mcts"`` or ``"gmcts"``), ``games`` games each on the same deals (the same seed), and
    the search's rating relative to the base. The default is cheap (20 games per budget: wide
    intervals; a chapter's figure wants a few hundred). One pool of workers serves every
    budget."""
    spec, module = sweep_plan.resolve_game(game)
    workers = _check_executor(executor, workers)
    if not isinstance(search, str) or search.strip() not in ("mcts", "gmcts"):
        raise fail("search", "'mcts' or 'gmcts'", search)
    search = search.strip()
    if not isinstance(base, str):
        raise fail("base", "a policy like 'greedy'", base)
    parse_policy(base)
    if isinstance(budgets, int) and not isinstance(budgets, bool):
        budgets = (budgets,)
    if isinstance(budgets, (str, bytes)) or not isinstance(budgets, (list, tuple)) or \
            not 1 <= len(budgets) <= MAX_BUDGETS:
        raise fail("budgets", f"a list of 1 to {MAX_BUDGETS} whole numbers of iterations",
                   budgets)
    sizes = sorted({check_int(b, "budgets", 1, MAX_BUDGET) for b in budgets})
    seed = check_int(seed, "seed", 0, MAX_SEED)
    count = _check_players(module, spec, players, 2)
    games = check_int(games, "games", 1, MAX_GAMES)
    own = None
    points = []
    cpu = 0.0
    try:
        if executor is None and workers != 1:
            own = executor = sweep_run.default_executor(workers, games=(module,))
        for size in sizes:
            policy = f"{search}:{size}"
            if policy == base.strip():
                raise fail("budgets", f"budgets whose policy is not the base {base}", size)
            result = ladder(spec, [base.strip(), policy], games=games, seed=seed,
                            players=count, workers=1 if executor is None else None,
                            executor=executor, progress=progress)
            rating = result.ratings[1]
            cpu += result.cpu_seconds
            points.append(BudgetPoint(
                size, policy, rating.rating, rating.lo, rating.hi,
                win_probability(rating.rating, 0.0), win_probability(rating.lo, 0.0),
                win_probability(rating.hi, 0.0), result.decision_seconds[1], games))
    finally:
        if own is not None:
            own.shutdown(wait=True)
    return BudgetCurve(spec, base.strip(), search, count, seed, tuple(points), cpu)


# -- shipped ladders ------------------------------------------------------------------------------
#: The format of ``doppelnb/data/ladders/GAME.json`` this version writes and reads.
LADDER_FORMAT = 1
#: Games replayed by a shipped ladder's fingerprint (its first games: a searching seat makes
#: each one cost a few CPU seconds, so one per ladder).
FINGERPRINT_GAMES = 1
_JSON_KEYS = {"doppelnb_ladder", "game", "doppelnb", "date", "csv_sha256", "arguments",
              "command", "cpu", "fingerprint", "places", "note"}
_ARGUMENT_KEYS = {"policies", "games", "seed", "players", "anchor", "seats"}
_CPU_KEYS = {"seconds", "wall_seconds", "workers", "per_decision", "decisions"}
#: A policy rated this far above the base finishes ahead of it in more than half of two-player
#: games: the win share's interval is above 0.5 exactly when the rating's interval is above 0.
SEARCH_PREFIXES = ("mcts", "gmcts")


def ladders_folder() -> Path:
    """The folder of the shipped ladders (``doppelnb/data/ladders``): ``GAME.csv``, the
    :func:`ladder` CSV, and ``GAME.json``, how it was made (:func:`provenance`)."""
    return Path(__file__).resolve().parent.parent / "data" / "ladders"


def shipped_ladders(folder: Path | None = None) -> list[str]:
    """The games with a shipped ladder (each ``GAME.csv``), sorted."""
    return sorted(p.stem for p in (folder or ladders_folder()).glob("*.csv"))


def lineup_of(arguments: dict[str, Any]) -> tuple[str, ...]:
    """The table of game 0 a ladder's recorded arguments seat: ``seats`` if given, else the
    policies in turn (:func:`seat_schedule` rotates it one seat per game)."""
    seats = arguments.get("seats")
    return tuple(seats) if seats else tuple(arguments["policies"])


def command_of(game: str, arguments: dict[str, Any]) -> str:
    """The ``python -m doppelnb ladder`` command that plays a ladder with these arguments (its
    CSV is byte-identical whatever ``--workers``)."""
    words = ["python -m doppelnb ladder", game, "--policies", ",".join(arguments["policies"]),
             "--games", str(arguments["games"]), "--seed", str(arguments["seed"]),
             "--players", str(arguments["players"]), "--anchor", arguments["anchor"]]
    if arguments.get("seats"):
        runs: list[list[Any]] = []
        for name in arguments["seats"]:
            if runs and runs[-1][0] == name:
                runs[-1][1] += 1
            else:
                runs.append([name, 1])
        words += ["--seats", ",".join(n if k == 1 else f"{n}*{k}" for n, k in runs)]
    return " ".join(words + ["--out", f"{game}.csv"])


def fingerprint(game: str, arguments: dict[str, Any], count: int = FINGERPRINT_GAMES
                ) -> dict[str, Any]:
    """``{"games": count, "results": sha256, "moves": sha256}`` of games ``0 .. count-1`` of a
    ladder with these arguments, played as :func:`ladder` plays them (the same deals, seats and
    random draws): the results are each game's seats and places, the moves every action of the
    game. Replayed with today's engine they match unless a rule, a deal or a decision changed."""
    import hashlib

    from .resume import _canonical

    spec = spec_of(game)
    lineup = lineup_of(arguments)
    players, seed = arguments["players"], arguments["seed"]
    results, moves = [], []
    for index in range(check_int(count, "count", 1, 100)):
        seats = sweep_run.seats_for(lineup, players, index)
        facts, state = sweep_run._play(spec, {}, players, seats,
                                       deal_seed(seed, game, players, index),
                                       (seed, "ladder", "players", game, players, index))
        results.append([list(seats), list(_places(facts))])
        moves.append(list(state.actions))
    return {"games": count,
            "results": hashlib.sha256(_canonical(results).encode()).hexdigest(),
            "moves": hashlib.sha256(_canonical(moves).encode()).hexdigest()}


def provenance(result: Ladder, *, wall_seconds: float, workers: int, date: str,
               note: str = "", fingerprint_of: dict[str, Any] | None = None) -> dict[str, Any]:
    """``GAME.json`` of a shipped ladder: the arguments (and the command) that play it again,
    the doppelnb version and the date, the CSV's sha256, its CPU budget as measured (CPU
    seconds in all and per decision for each policy; measured, so not reproducible to the
    digit), a fingerprint of its first games, every game's places (so the ratings can be
    refitted from the file alone) and ``note``: why the game may resist search, for the case
    where no search setting beats greedy (the verdict shows it only then)."""
    import hashlib

    lineup = result.policies if result.seats is None else result.seats
    arguments = {"policies": list(result.policies), "games": result.games, "seed": result.seed,
                 "players": result.players, "anchor": result.anchor,
                 "seats": None if result.seats is None else list(lineup)}
    return {
        "doppelnb_ladder": LADDER_FORMAT, "game": result.game, "doppelnb": VERSION,
        "date": date, "csv_sha256": hashlib.sha256(result.to_csv().encode()).hexdigest(),
        "arguments": arguments, "command": command_of(result.game, arguments),
        "cpu": {"seconds": round(result.cpu_seconds, 1), "wall_seconds": round(wall_seconds, 1),
                "workers": workers,
                "per_decision": {n: round(s, 6) for n, s in zip(result.policies,
                                                                result.decision_seconds,
                                                                strict=True)},
                "decisions": dict(zip(result.policies, result.decisions, strict=True))},
        "fingerprint": fingerprint_of if fingerprint_of is not None
        else fingerprint(result.game, arguments),
        "places": [",".join(map(str, p)) for p in result.places],
        "note": note,
    }


def provenance_text(doc: dict[str, Any]) -> str:
    """``GAME.json``'s text: one key a line at the top, the places a game a line (diffable)."""
    import json

    lines = []
    for key, value in doc.items():
        if key == "places":
            inner = ",\n  ".join(json.dumps(p) for p in value)
            lines.append(f' "places": [\n  {inner}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


#: The sweeps README's block of ladder lines (``tools/ladders.py --readme`` writes it).
README_BEGIN = "<!-- ladders: written by tools/ladders.py from doppelnb/data/ladders (no edits) -->"
README_END = "<!-- end of ladders -->"


def readme_rows(folder: Path | None = None) -> str:
    """The sweeps README's ladder lines: one per shipped ladder (its command, games and CPU
    budget; the ratings are only in the CSVs)."""
    lines = ["| ladder | command (`python -m doppelnb ladder ...`) | games | "
             "CPU per decision (search) | CPU |", "|---|---|---|---|---|"]
    for game in shipped_ladders(folder):
        shipped = load_ladder(game, folder)
        budget = ", ".join(f"`{p}` {shipped.cost(p) * 1000:.0f} ms" for p in shipped.policies
                           if _search(p)) or "none"
        command = shipped.command.removeprefix("python -m doppelnb ladder ")
        lines.append(f"| `ladders/{game}` | `{command}` | {shipped.games:,} | {budget} | "
                     f"{shipped.cpu_seconds / 60:.0f} min |")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ShippedLadder:
    """A shipped ladder: the ratings of ``GAME.csv`` (Elo relative to ``anchor``, 95%
    intervals) and what ``GAME.json`` records of how it was made. ``decision_seconds[p]``: the
    CPU seconds per decision policy ``p`` spent when the ladder was played (its CPU budget)."""

    game: str
    policies: tuple[str, ...]
    players: int
    games: int
    seed: int
    anchor: str
    seats: tuple[str, ...] | None
    ratings: tuple[Rating, ...]
    places: tuple[tuple[int, ...], ...]
    decision_seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    cpu_seconds: float
    wall_seconds: float
    workers: int
    version: str
    date: str
    command: str
    fingerprint: dict[str, Any]
    note: str
    csv_text: str

    def rating(self, policy: str) -> Rating:
        """The rating of one policy of the ladder."""
        for rating in self.ratings:
            if rating.name == policy:
                return rating
        raise fail("policy", f"one of {', '.join(self.policies)}", policy)

    def ordered(self) -> tuple[Rating, ...]:
        """The ratings from the strongest measured to the weakest (ties keep the CSV's
        order): the order a chapter lists the policies in."""
        return tuple(sorted(self.ratings, key=lambda r: -r.rating))

    def cost(self, policy: str) -> float:
        """CPU seconds per decision ``policy`` spent in this ladder."""
        return self.decision_seconds[self.policies.index(self.rating(policy).name)]

    def refit(self) -> Ladder:
        """The ladder fitted again from the recorded places (the seats follow from the
        arguments): its CSV is this ladder's CSV unless the file was edited."""
        lineup = self.seats or self.policies
        played: list[_Game] = [
            (i, sweep_run.seats_for(lineup, self.players, i), places, 0.0,
             tuple((0.0, 0) for _ in places)) for i, places in enumerate(self.places)]
        return _result(self.game, self.policies, self.players, self.games, self.seed,
                       self.anchor, played, self.seats)

    def verdict(self, base: str = "greedy") -> list[str]:
        """The chapter's sentences, from the data: the measured order with intervals, the
        CPU budget, and for each search setting whether it beats ``base`` (its rating's 95%
        interval above ``base``'s, the same as a two-player win share above 0.5); where none
        does, what was measured and why the game may resist search (the ladder's note)."""
        return ladder_verdict(self, base)

    def report(self, base: str = "greedy") -> Any:
        """The ladder as a notebook section: the verdict, a bar chart of the ratings in
        measured order with their 95% intervals, a table (rating, interval, chance to finish
        ahead of ``base``, games, CPU per decision) and the command that made it."""
        return ladder_report(self, base)


def _search(name: str) -> bool:
    return name.split(":")[0] in SEARCH_PREFIXES


def _data_fail(game: str, reason: str) -> BadInput:
    return BadInput("NB-DATA", f"ladders/{game}: {reason}")


def load_ladder(game: str, folder: Path | None = None) -> ShippedLadder:
    """A shipped ladder (``doppelnb/data/ladders/GAME.csv`` and ``GAME.json``), checked: the
    CSV's sha256, header and policies must be the ones the JSON records."""
    import hashlib

    from .record import load_json

    if not isinstance(game, str) or game not in shipped_ladders(folder):
        raise fail("game", f"a game with a shipped ladder ({', '.join(shipped_ladders(folder))})",
                   game)
    where = folder or ladders_folder()
    text = (where / f"{game}.csv").read_text(encoding="utf-8")
    doc = load_json((where / f"{game}.json").read_bytes(), "NB-DATA", f"{game}.json")
    if not isinstance(doc, dict) or set(doc) != _JSON_KEYS or \
            doc["doppelnb_ladder"] != LADDER_FORMAT or doc["game"] != game:
        raise _data_fail(game, f"the JSON must have exactly the keys {sorted(_JSON_KEYS)}, "
                               f"format {LADDER_FORMAT} and game {game}")
    args, cpu = doc["arguments"], doc["cpu"]
    if not isinstance(args, dict) or set(args) != _ARGUMENT_KEYS or \
            not isinstance(cpu, dict) or set(cpu) != _CPU_KEYS:
        raise _data_fail(game, "arguments or cpu has the wrong keys")
    if hashlib.sha256(text.encode()).hexdigest() != doc["csv_sha256"]:
        raise _data_fail(game, "the CSV is not the one the JSON records (sha256 differs)")
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != COLUMNS or \
            [r[0] for r in rows[1:]] != list(args["policies"]):
        raise _data_fail(game, f"the CSV must have the header {HEADER} and one row per policy "
                               "in the recorded order")
    ratings = []
    for name, rating, lo, hi, games in rows[1:]:
        ratings.append(Rating(name, float(rating), float(lo), float(hi), int(games),
                              reference=name == args["anchor"]))
    places = tuple(tuple(int(v) for v in p.split(",")) for p in doc["places"])
    if len(places) != args["games"] or any(len(p) != args["players"] for p in places):
        raise _data_fail(game, "places must hold one entry per seat for every game")
    policies = tuple(args["policies"])
    return ShippedLadder(
        game, policies, args["players"], args["games"], args["seed"], args["anchor"],
        tuple(args["seats"]) if args["seats"] else None, tuple(ratings), places,
        tuple(float(cpu["per_decision"][p]) for p in policies),
        tuple(int(cpu["decisions"][p]) for p in policies), float(cpu["seconds"]),
        float(cpu["wall_seconds"]), int(cpu["workers"]), str(doc["doppelnb"]),
        str(doc["date"]), str(doc["command"]), dict(doc["fingerprint"]), str(doc["note"]), text)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.0095 else f"{seconds * 1000:.2g} ms"


def _elo(r: Rating) -> str:
    if r.reference:
        return f"{r.name} 0 (the anchor)"
    return f"{r.name} {r.rating:+.0f} [{r.lo:+.0f}, {r.hi:+.0f}]"


def _share(r: Rating) -> str:
    return (f"{win_probability(r.rating, 0.0):.2f} [{win_probability(r.lo, 0.0):.2f}, "
            f"{win_probability(r.hi, 0.0):.2f}]")


def ladder_verdict(shipped: ShippedLadder, base: str = "greedy") -> list[str]:
    """:meth:`ShippedLadder.verdict`: every number comes from the shipped files."""
    game = game_label(shipped.game)
    anchor = shipped.anchor
    table = (f"one searching seat among {shipped.players - 1} {base} seats, rotated"
             if shipped.seats else f"{shipped.players} seats, rotated")
    sentences = [
        f"Measured order, strongest first ({shipped.games:,} games of {game} at {table}, on "
        f"common deals; Elo points relative to {anchor} with 95% intervals): "
        + "; ".join(_elo(r) for r in shipped.ordered()) + "."]
    searching = [p for p in shipped.policies if _search(p)]
    budget = ", ".join(f"{p} {_ms(shipped.cost(p))}" for p in searching)
    sentences.append(
        f"CPU budget per decision: {budget} (measured while the ladder was played on "
        f"{shipped.workers} worker{'s' if shipped.workers > 1 else ''}, doppelnb "
        f"{shipped.version}, {shipped.date[:10]}); the whole ladder took "
        f"{shipped.cpu_seconds / 60:.0f} CPU minutes.")
    if base not in shipped.policies or base != anchor:
        sentences.append(f"This ladder is not rated against {base}, so it says nothing about "
                         f"search against {base}.")
        return sentences
    beating = []
    for policy in searching:
        r = shipped.rating(policy)
        share = (f"it finishes ahead of {base} in {_share(r)} of two-player meetings "
                 f"({r.rating:+.0f} Elo [{r.lo:+.0f}, {r.hi:+.0f}])")
        if r.lo > 0:
            beating.append(policy)
            sentences.append(f"{policy} beats {base}: {share}, at "
                             f"{_ms(shipped.cost(policy))} CPU per decision.")
        elif r.hi < 0:
            sentences.append(f"{policy} loses to {base}: {share}.")
        else:
            sentences.append(f"{policy} is not separated from {base} at this n: {share}; "
                             "the interval straddles 0.5.")
    for policy in shipped.policies:
        if policy == base or _search(policy):
            continue
        r = shipped.rating(policy)
        share = (f"{policy} finishes ahead of {base} in {_share(r)} of two-player meetings "
                 f"({r.rating:+.0f} Elo [{r.lo:+.0f}, {r.hi:+.0f}])")
        if r.hi < 0:
            sentences.append(f"{base} beats {policy}: {share}.")
        elif r.lo > 0:
            sentences.append(f"{policy} beats {base}: {share}.")
        else:
            sentences.append(f"{policy} is not separated from {base} at this n: {share}.")
    if not searching:
        sentences.append("No search setting was measured.")
    elif not beating:
        why = shipped.note or "The ladder records no reason."
        sentences.append(f"So no search setting measured here beats {base} with an interval "
                         f"above 0.5. {why}")
    return sentences


def ladder_report(shipped: ShippedLadder | str, base: str = "greedy") -> Any:
    """:meth:`ShippedLadder.report` (also given a game's name)."""
    from .render import Html, bar_chart, escape, html_table

    if isinstance(shipped, str):
        shipped = load_ladder(shipped)
    if not isinstance(shipped, ShippedLadder):
        raise fail("shipped", "a game with a shipped ladder or a ShippedLadder", shipped)
    ordered = shipped.ordered()
    text = "".join(f"<p>{escape(s)}</p>" for s in ladder_verdict(shipped, base))
    chart = bar_chart([(r.name, r.rating) for r in ordered],
                      intervals=[(r.lo, r.hi) for r in ordered],
                      references=[(0.0, f"as strong as {shipped.anchor}")],
                      title=f"{game_label(shipped.game)}: measured rating, strongest first "
                            "(bars: 95% intervals)",
                      y_label=f"Elo points ({shipped.anchor} = 0)",
                      width=max(520, 130 * len(ordered)))
    body = [[r.name, "0 (anchor)" if r.reference else f"{r.rating:+.0f}",
             "" if r.reference else f"[{r.lo:+.0f}, {r.hi:+.0f}]",
             "" if r.reference else _share(r), r.games, _ms(shipped.cost(r.name))]
            for r in ordered]
    grid = html_table(["policy", f"Elo ({shipped.anchor} = 0)", "95% interval",
                       f"finishes ahead of {shipped.anchor}", "games",
                       "CPU per decision"], body,
                      caption=f"{game_label(shipped.game)}: the shipped ladder")
    made = (f'<p style="font-size:0.9em">Made with doppelnb {escape(shipped.version)} on '
            f"{escape(shipped.date[:10])}: <code>{escape(shipped.command)}</code> "
            f"({shipped.cpu_seconds / 60:.0f} CPU minutes on {shipped.workers} workers)</p>")
    return Html(f"<div>{text}{chart}{grid}{made}</div>")


def seat_schedule(policies: Sequence[str], players: int, games: int) -> Iterator[tuple[str, ...]]:
    """The policy at each seat of games 0, 1, ... of a ladder (the module doc's schedule)."""
    names = _check_policies(policies)
    count = check_int(players, "players", 2, 64)
    for index in range(check_int(games, "games", 0, MAX_GAMES)):
        yield sweep_run.seats_for(names, count, index)


__all__ = ["ladder", "Ladder", "budget_curve", "BudgetCurve", "BudgetPoint", "COLUMNS",
           "HEADER", "MAX_GAMES", "deal_seed", "seat_schedule", "ShippedLadder", "load_ladder",
           "ladder_verdict", "ladder_report", "shipped_ladders", "ladders_folder",
           "provenance", "fingerprint", "command_of"]
