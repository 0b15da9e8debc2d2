"""Playing a ladder: seeded games on common deals, rotated seats, the Plackett-Luce fit
(:func:`ladder`, :class:`Ladder`, :func:`seat_schedule`). See :mod:`doppelnb.core.ladder`."""

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

from .. import sweep_plan, sweep_run
from ..chance import MAX_SEED, rng_for
from ..checks import check_int, fail
from ..errors import BadInput
from ..policy import parse_policy
from ..spec import GameSpec, spec_of
from ..stats import Rating, fit_ratings
from ..sweep_metrics import GameFacts
from ..sweep_table import game_label

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
    max_actions: int | None = None  # None: the game's own cap


#: One played game as a worker returns it: (index, policy at each seat, place score per seat
#: (higher = ahead), CPU seconds of the game, per seat (CPU seconds deciding, decisions),
#: whether it was stopped at the action cap).
_Game = tuple[int, tuple[str, ...], tuple[int, ...], float, tuple[tuple[float, int], ...], bool]


def _places(facts: GameFacts) -> tuple[int, ...]:
    """Each seat's place as a number (higher = ahead, equal = tied): winners ahead of the rest
    (a side's win counts for each of its seats, as the engine lists them among the winners),
    then the higher final score. A game stopped at the action cap is a draw among all seats
    (every seat 0): who led when it stopped is not who would have won."""
    if facts.timed_out:
        return (0,) * len(facts.scores)
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
                                    index), task.max_actions, clock=clock)
        spent = time.process_time() - started
        out.append((index, tuple(seats), _places(facts), spent,
                    tuple((c[0], int(c[1])) for c in clock), facts.timed_out))
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
    #: The games (indices) stopped at the action cap, each counted as a draw among all seats.
    timeouts: tuple[int, ...] = ()
    #: The action cap the games were played with (0: not recorded).
    max_actions: int = 0

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
        if self.timeouts:
            lines.append(_timeouts_sentence(len(self.timeouts), self.games, self.max_actions))
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary())

    def chart(self, title: str = "") -> Any:
        """A bar chart of the ratings with their 95% intervals (needs matplotlib)."""
        from ..render import bar_chart

        return bar_chart([(r.name, r.rating) for r in self.ratings],
                         intervals=[(r.lo, r.hi) for r in self.ratings],
                         title=title or f"{game_label(self.game)}: rating relative to "
                                        f"{self.anchor} (bars: 95% intervals)",
                         y_label=f"Elo points ({self.anchor} = 0)")


def _timeouts_sentence(count: int, games: int, cap: int) -> str:
    at = f" of {cap:,} actions" if cap else ""
    return (f"{count} of the {games:,} games did not end within the action cap{at}: each is "
            "counted as a draw among all seats (it rates no policy above another).")


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
           progress: bool = False, max_actions: int | None = None) -> Ladder:
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
    is 1 to :data:`MAX_GAMES`. ``max_actions``: the action cap of a game (default the game's
    own, :func:`doppelnb.core.sweep.max_actions_for`); a game stopped there is a draw among all
    seats, listed in :attr:`Ladder.timeouts` (see the module doc).
    """
    spec, module = sweep_plan.resolve_game(game)
    workers = _check_executor(executor, workers)
    names = _check_policies(policies)
    cap = sweep_run.max_actions_for(spec, max_actions)
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
    tasks = [_Task(spec, count, lineup, seed, start, min(chunk, games - start), carried, cap)
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
                   None if seats is None else lineup, cap)


def _result(spec: str, names: tuple[str, ...], players: int, games: int, seed: int,
            anchor: str, played: list[_Game], table: tuple[str, ...] | None = None,
            max_actions: int = 0) -> Ladder:
    """Fit the ratings to the games in index order (so the fit never depends on which worker
    finished first) and add up seats and CPU."""
    where = {name: p for p, name in enumerate(names)}
    seat_counts = [[0] * players for _ in names]
    decisions = [0] * len(names)
    seconds = [0.0] * len(names)
    cpu = 0.0
    fitted = []
    for _, seats, places, spent, clock, _stopped in played:
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
                  tuple(item[2] for item in played), table,
                  tuple(item[0] for item in played if item[5]), max_actions)


def seat_schedule(policies: Sequence[str], players: int, games: int) -> Iterator[tuple[str, ...]]:
    """The policy at each seat of games 0, 1, ... of a ladder (the module doc's schedule)."""
    names = _check_policies(policies)
    count = check_int(players, "players", 2, 64)
    for index in range(check_int(games, "games", 0, MAX_GAMES)):
        yield sweep_run.seats_for(names, count, index)


