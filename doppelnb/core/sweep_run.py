"""Running a sweep: one game played and its facts taken (:func:`play_game`), chunks of a cell's
games (:func:`run_chunk`, :func:`play_chunk`), the workers that play them
(:func:`default_executor`), and :func:`sweep` itself, which sends the chunks, keeps the
checkpoint, and gathers the results by game index into a :class:`~doppelnb.core.sweep.Table`.

Part of :mod:`doppelnb.core.sweep`, which exports every public name here (see its docstring for
the seeds, the executors and the checkpoints).
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import math
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .chance import MAX_SEED, rng_for
from .checks import check_int, show
from .errors import BadInput
from .policy import make_policy
from .resume import Checkpoint
from .spec import GameSpec, game_spec, spec_of
from .sweep_data import resolve_changes
from .sweep_metrics import METRIC_VERSION, GameFacts, metrics, paired_differences
from .sweep_plan import MAX_GAMES, MAX_WORKERS, _dimensions, _task_game, resolve_game
from .sweep_table import Row, Table
from .version import VERSION


# -- playing one game --------------------------------------------------------------------------
def seats_for(mix: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The policy at each seat in game ``index``: the mix in turn, rotated one seat per game."""
    return tuple(mix[(seat + index) % len(mix)] for seat in range(players))


def _leader(scores: Sequence[Any]) -> int | None:
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def _float(value: Any) -> float:
    return float(value)


_POLICIES: dict[tuple[GameSpec, str], Any] = {}


def _policy(game: GameSpec, policy: str) -> Any:
    """The policy named ``policy`` for ``game``, made once per process (a worker plays many
    games of a cell with the same players)."""
    made = _POLICIES.get((game, policy))
    if made is None:
        made = _POLICIES[(game, policy)] = make_policy(policy, game)
    return made


def play_game(game: str | GameSpec, changes: dict[str, Any], players: int, seats: Sequence[str],
              game_seed: int, policy_seed: Sequence[Any], max_actions: int = 200_000
              ) -> dict[str, Any]:
    """Play one game of ``game`` (a registered name or a
    :class:`~doppelnb.core.spec.GameSpec`) and return its facts as a small JSON-ready dict
    (:meth:`GameFacts.to_record <doppelnb.core.sweep_metrics.GameFacts.to_record>`)."""
    return _play(game_spec(game), changes, players, seats, game_seed, policy_seed,
                 max_actions)[0].to_record()


def _play(game: GameSpec, changes: dict[str, Any], players: int, seats: Sequence[str],
          game_seed: int, policy_seed: Sequence[Any], max_actions: int = 200_000,
          clock: list[list[float]] | None = None, rules: Any = None
          ) -> tuple[GameFacts, Any]:
    """:func:`play_game`'s facts, typed, and the game's final state (whose record the shipped tables'
    fingerprints take their moves from, :mod:`doppelnb.core.provenance`). ``clock``, one
    ``[cpu_seconds, decisions]`` per seat, adds up what each seat's policy spent deciding (the
    ladder's cost per decision, :mod:`doppelnb.core.ladder`). ``rules``, a checked rules object,
    stands in for ``changes`` (:func:`doppelnb.core.simulate.simulate`)."""
    if rules is None:
        rules = game.Rules().replace(**changes) if changes else game.Rules()
    state = game.new_game(players, rules=rules, seed=game_seed)
    rng = rng_for(*policy_seed)
    policies = [_policy(game, policy) for policy in seats]
    first = state.to_move
    leaders: list[int | None] = [_leader(state.scores)]
    rounds: set[Any] = set()
    has_round = isinstance(getattr(state, "round", None), int)
    steps = 0
    while not state.is_over:
        if has_round:
            rounds.add(state.round)
        mover = state.to_move
        if clock is None:
            action = policies[mover](state, rng)
        else:
            started = time.process_time()
            action = policies[mover](state, rng)
            clock[mover][0] += time.process_time() - started
            clock[mover][1] += 1
        state = state.play(action)
        leaders.append(_leader(state.scores))
        steps += 1
        if steps > max_actions:
            raise RuntimeError(f"a {game.name} game did not end within {max_actions} actions")
    changes_count = 0
    last: int | None = None
    for seat in leaders:
        if seat is not None:
            if last is not None and seat != last:
                changes_count += 1
            last = seat
    outcome = state.outcome
    # In a team game (the spec has sides), each seat's side at the end.
    sides = None if game.sides is None else tuple(str(side) for side in game.sides(state))
    facts = GameFacts(winners=tuple(outcome.winners),
                      scores=tuple(_float(v) for v in outcome.scores), length=steps,
                      rounds=len(rounds) if has_round else None, lead_changes=changes_count,
                      half_leader=leaders[steps // 2], first=first, seats=tuple(seats),
                      sides=sides)
    return facts, state


@dataclass(frozen=True)
class _Task:
    """One chunk of a cell, as sent to a worker. ``game`` is the game's name (the seeds are drawn
    from it); ``own`` is ``None`` for a registered game, which the worker looks up by name, and
    the spec itself for a game of your own (see :func:`_task_game`)."""

    game: str
    reading: str
    changes: tuple[tuple[str, Any], ...]
    players: int
    mix: tuple[str, ...]
    seed: int
    start: int
    count: int
    own: GameSpec | None = None

    @property
    def cell(self) -> str:
        return cell_key(self.reading, self.players, "/".join(self.mix))


def cell_key(reading: str, players: int, mix: str) -> str:
    return f"{reading}|{players}|{mix}"


def run_chunk(task: _Task) -> tuple[str, int, list[dict[str, Any]]]:
    """Play games ``start .. start+count-1`` of one cell (what a worker runs)."""
    return task.cell, task.start, [record for record, _ in play_chunk(task)]


def play_chunk(task: _Task) -> Iterator[tuple[dict[str, Any], Any]]:
    """Games ``start .. start+count-1`` of one cell, one at a time: each game's facts as the
    record dict checkpoints keep (with its index ``i``) and its final state. The one place a sweep's game is seeded and played, shared
    by :func:`run_chunk` and the shipped tables' fingerprints, so a fingerprint replays exactly
    the games the table was computed from."""
    game = task.own if task.own is not None else spec_of(task.game)
    # The rules once per chunk, not per game: a data-valued reading's value (a parsed card
    # document, a tile set) is checked by the engine as the Rules are built.
    changes = resolve_changes(dict(task.changes))
    rules = game.Rules().replace(**changes) if changes else game.Rules()
    for index in range(task.start, task.start + task.count):
        deal, players = game_seeds(task.seed, task.game, task.players, task.mix, index)
        facts, state = _play(game, changes, task.players,
                             seats_for(task.mix, task.players, index), deal, players,
                             rules=rules)
        yield replace(facts, index=index).to_record(), state


def game_seeds(seed: int, game: str, players: int, mix: Sequence[str], index: int
               ) -> tuple[int, tuple[Any, ...]]:
    """``(deal seed, policy seed)`` of game ``index`` of every cell with these players and
    mix, whatever its reading: every reading plays the same deals, with the same seats and the
    same random draws for its players (common random numbers), so a reading and the default
    can be compared game by game (:func:`~doppelnb.core.sweep_metrics.paired_differences`).

    They are the seeds the default reading's games always had (the word ``"default"`` is part
    of them for that reason only), so the default's games, and the tables and fingerprints of
    sweeps of the default alone, are the same as before readings shared their deals."""
    cell = cell_key("default", players, "/".join(mix))
    deal = rng_for(seed, "deal", game, "default", players, index).getrandbits(62)
    return deal, (seed, "players", game, cell, index)



#: The games this process has warmed up (:func:`_start_worker`), by name.
_WARMED: set[str] = set()


def _start_worker(games: tuple[str | GameSpec, ...] = ()) -> None:
    """A worker's start: ignore Ctrl-C (the sweep handles it) and import the engines it will play
    (registered names, or the specs of games of your own) and play a few actions of each (so no
    task pays the imports and data loading of a first game)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for game in games:
        try:
            _warm(game)
        except Exception:  # noqa: BLE001 - only a head start: a task reports real errors
            continue


def _warm(game: str | GameSpec) -> None:
    spec = game_spec(game)
    counts = spec.player_counts
    if counts:  # a few random actions: load the engine's data and fill its caches
        state = spec.new_game(counts[0], seed=1)
        rng = rng_for(0, "warm")
        for _ in range(20):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
    _WARMED.add(spec.name)


def default_executor(workers: int | None = None, games: Sequence[Any] = ()) -> cf.Executor:
    """Processes on every core (or ``workers``), started once and reused for every task of a
    sweep (pass the same executor to several sweeps to start them only once); each worker
    imports ``games`` (names in :data:`doppelnb.GAMES`, specs or engine modules) as it starts,
    and ignores Ctrl-C."""
    import multiprocessing

    if workers is not None:
        workers = check_int(workers, "workers", 1, MAX_WORKERS)
    specs = tuple(_task_game(spec) or spec.name for spec in (game_spec(g) for g in games))
    return cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1,
                                  mp_context=multiprocessing.get_context("spawn"),
                                  initializer=_start_worker, initargs=(specs,))


def _stop_pool(pool: cf.Executor) -> None:
    """Stop a pool of our own now: cancel what has not started, end the worker processes (a
    chunk they are playing is lost; its games are played again on resume), and wait until they
    are gone, so that no worker, and no resource tracker kept alive by one, outlives the sweep."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)


#: Default chunking: about this many tasks per worker over the whole sweep (so the last tasks
#: leave little idle time), but never more games per task than :data:`MAX_CHUNK` (fast games:
#: progress and checkpoints every few seconds) or :data:`MAX_SEARCH_CHUNK` when a mix has a
#: search player (a game of seconds to minutes).
TASKS_PER_WORKER = 8
MAX_CHUNK = 250
MAX_SEARCH_CHUNK = 4


def default_chunk(games: int, cells: int, workers: int, search: bool = False) -> int:
    """Games per task when ``chunk`` is not given: the sweep's ``games * cells`` spread over
    ``workers * TASKS_PER_WORKER`` tasks, at most ``games`` (one cell) and at most
    :data:`MAX_CHUNK` (:data:`MAX_SEARCH_CHUNK` with a search player). Bigger chunks mean fewer
    round trips to the workers; the results do not depend on it.

    >>> default_chunk(10_000, 2, 2), default_chunk(40, 1, 2), default_chunk(120, 2, 2, True)
    (250, 3, 4)
    """
    share = math.ceil(games * cells / (max(1, workers) * TASKS_PER_WORKER))
    return max(1, min(share, games, MAX_SEARCH_CHUNK if search else MAX_CHUNK))



def sweep(game: Any, *, readings: Any = "all", player_counts: Sequence[int] | None = None,
          policy_mixes: Sequence[Any] = ("random", "greedy", "greedy/random"), games: int = 100,
          seed: int = 0, executor: cf.Executor | None = None, workers: int | None = None,
          checkpoint: str | os.PathLike[str] | None = None, progress: bool = True,
          chunk: int | None = None) -> Table:
    """Play ``games`` games in every cell and return the metrics table (see the module doc).

    ``readings``: ``"all"`` (the defaults and every reading of every flag, one flag changed at a
    time), ``"default"``, or a list of flag names, ``"flag=value"`` readings, readings of
    several flags (``"a=x+b=y"``, or a mapping ``{"a": x, "b": y}``), crosses (``"a*b"``) and
    data files (``"flag=@FILE"``, or a :class:`pathlib.Path` value in a mapping): see
    :func:`~doppelnb.core.sweep_plan.readings_of`. The data files read are listed in the
    table's ``meta["data_files"]`` (flag, file name, sha256).
    ``player_counts``: default every legal count. ``policy_mixes``: strings like ``"mcts"``,
    ``"greedy/random"``, ``"mcts:200/greedy"``. ``executor``: any
    :class:`concurrent.futures.Executor` (not shut down here); ``None`` uses processes on
    ``workers`` cores (default all, at most :data:`MAX_WORKERS`), or this process when
    ``workers=1``. ``checkpoint``: a JSON-lines file to resume from and append finished chunks
    to (see :mod:`doppelnb.core.resume`: a file that is not this sweep's checkpoint is
    refused, never overwritten; the number of games is not part of the sweep's identity, so a
    sweep with more games tops the same checkpoint up, and one with fewer uses its first
    games); it is kept, and :func:`remove_checkpoint` deletes it once the table is saved.
    ``chunk``: games per task (default: sized from the work; it changes neither the games nor
    the results). ``games`` is at most :data:`MAX_GAMES`.
    """
    spec, game_of = resolve_game(game)
    own = _task_game(game_of)
    games = check_int(games, "games", 1, MAX_GAMES)
    seed = check_int(seed, "seed", 0, MAX_SEED)
    cells_readings, counts, mixes, files = _dimensions(spec, game_of, readings, player_counts,
                                                       policy_mixes)
    if workers is not None:
        workers = check_int(workers, "workers", 1, MAX_WORKERS)
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)) or \
            checkpoint == "":
        raise BadInput("NB-ARG", f"checkpoint must be a file path, not {show(checkpoint)}")
    cells = list(itertools.product(cells_readings, counts, mixes))
    if chunk is None:
        search = any("mcts" in spec_ for mix in mixes for spec_ in mix)
        chunk = default_chunk(games, len(cells), workers or os.cpu_count() or 1, search)
    chunk = check_int(chunk, "chunk", 1, MAX_GAMES)

    # The checkpoint names the games, not the chunks: a sweep resumes with any chunk or workers,
    # and tops up with more games (the number of games is not part of its identity).
    identity = {"doppelnb": VERSION, "game": spec, "seed": seed,
                "readings": [label for label, _ in cells_readings], "players": list(counts),
                "mixes": ["/".join(m) for m in mixes]}
    if files:  # a reading's label keeps 16 hex digits of its file's sha256; the identity all 64
        identity["data_files"] = [f.to_dict() for f in files]
    cell_mixes = {cell_key(label, players, "/".join(mix)): (players, mix)
                  for (label, _), players, mix in cells}
    store = Checkpoint(checkpoint, identity, cell_mixes) if checkpoint is not None else None
    pool = None
    bar = None
    played = 0
    futures: list[cf.Future[Any]] = []
    try:
        results: dict[str, dict[int, dict[str, Any]]] = {}
        for cell, kept in (store.done.items() if store else ()):
            results[cell] = {i: record for i, record in kept.items() if i < games}
        resumed = sum(len(v) for v in results.values())
        todo: list[_Task] = []
        for (label, changes), players, mix in cells:
            items = tuple(sorted(changes.items()))
            have = results.get(cell_key(label, players, "/".join(mix)), {})
            missing = [i for i in range(games) if i not in have]
            for run in _runs(missing, chunk):
                todo.append(_Task(spec, label, items, players, mix, seed, run[0], len(run),
                                  own))
        total = len(cells) * games
        if executor is None and workers != 1 and todo:
            pool = executor = default_executor(workers, games=(game_of,))
        bar = _progress(total, resumed, f"{spec} sweep") if progress else None
        if executor is None or not todo:  # workers=1: in this process, one chunk after another
            done: Iterable[tuple[str, int, list[dict[str, Any]]]] = map(run_chunk, todo)
        else:
            futures = [executor.submit(run_chunk, t) for t in todo]
            done = (future.result() for future in cf.as_completed(futures))
        for cell, start, records in done:
            for record in records:
                results.setdefault(cell, {})[record["i"]] = record
            played += len(records)
            if store is not None:
                store.add(cell, start, records)
            if bar is not None:
                bar.update(len(records))
    except BaseException:  # Ctrl-C, SIGTERM (as the command line turns it) or a failed task
        for future in futures:
            future.cancel()
        if pool is not None:
            _stop_pool(pool)
            pool = None
        raise
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
        if pool is not None:
            pool.shutdown(wait=True)

    from .policy import describe

    rows: list[Row] = []
    by_cell: dict[str, list[dict[str, Any]]] = {}
    for (label, _), players, mix in cells:
        mix_label = "/".join(mix)
        records = by_cell[cell_key(label, players, mix_label)] = _records(
            results, label, players, mix_label, games)
        # A reading's games are the default's deals (game_seeds): its paired differences.
        paired = {} if label == "default" else paired_differences(
            _records(results, "default", players, mix_label, games), records, players)
        for name, est, n, lo, hi in metrics(records, players):
            diff, d_lo, d_hi = paired.get(name, (math.nan,) * 3)
            rows.append(Row(label, players, mix_label, name, est, n, lo, hi, METRIC_VERSION,
                            diff, d_lo, d_hi))
    meta = {"game": spec, "seed": seed, "games": games, "players_used": describe(game_of),
            "games_played": played, "games_resumed": resumed}
    if files:
        meta["data_files"] = [f.to_dict() for f in files]
    if store is not None:  # which file it was, for remove_checkpoint
        meta.update(checkpoint=str(store.path), checkpoint_id=store.file_id)
    return Table(rows, meta, by_cell)


#: A sweep's cell: ``(reading, players, mix)``.
Cell = tuple[str, int, str]


def game_facts(source: Table | str | os.PathLike[str], games: int | None = None
               ) -> dict[Cell, tuple[GameFacts, ...]]:
    """The facts of every game a sweep played, per cell ``(reading, players, mix)``, in the
    order of their index: what its rows were computed from, and what a question asked game by
    game needs (:func:`~doppelnb.core.sweep_metrics.game_values` gives each game's value of
    every metric; the default's game ``i`` and a reading's game ``i`` share their deal).

    ``source``: a :class:`Table` :func:`sweep` returned (its games are kept with it), or the
    path of a sweep's checkpoint (every line checked against its digest; a last line cut short
    by an interruption is left out, as a resumed sweep does). ``games``: only each cell's
    first ``games`` games, leaving out a cell that lacks any of them (a checkpoint being
    written); default every game, from index 0 on without a gap.

    >>> table = sweep("doppeldoppel", readings="default", player_counts=[3], games=2,
    ...               policy_mixes=["random"], workers=1, progress=False)
    >>> [f.length for f in game_facts(table)[("default", 3, "random")]]
    [108, 108]
    """
    if games is not None:
        games = check_int(games, "games", 1, MAX_GAMES)
    if isinstance(source, Table):
        if not source.games:
            raise BadInput("NB-ARG", "this table keeps no games (a loaded or filtered table); "
                           "pass the table sweep() returned or its checkpoint")
        cells = {key: dict(enumerate(records)) for key, records in source.games.items()}
    elif isinstance(source, (str, os.PathLike)) and str(source):
        cells = _checkpoint_games(source)
    else:
        raise BadInput("NB-ARG", f"source must be a sweep's Table or a checkpoint path, "
                       f"not {show(source)}")
    out: dict[Cell, tuple[GameFacts, ...]] = {}
    for key, played in cells.items():
        reading, players, mix = key.rsplit("|", 2)
        count = len(played) if games is None else games
        if all(i in played for i in range(count)):
            out[(reading, int(players), mix)] = tuple(
                GameFacts.from_record(played[i]) for i in range(count))
    return out


def _checkpoint_games(path: str | os.PathLike[str]) -> dict[str, dict[int, dict[str, Any]]]:
    """A checkpoint's games by cell and index, each chunk checked against its digest."""
    import json

    from .resume import chunk_digest

    cells: dict[str, dict[int, dict[str, Any]]] = {}
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.readline(1 << 16) or b"null")
            if not isinstance(header, dict) or "doppelnb_sweep_checkpoint" not in header:
                raise BadInput("NB-DATA", f"{show(str(path))} is not a sweep checkpoint")
            for number, line in enumerate(handle, start=2):
                if not line.endswith(b"\n"):
                    break  # cut short by an interruption: a resumed sweep plays it again
                chunk = json.loads(line)
                if chunk.get("sha256") != chunk_digest(chunk["cell"], chunk["start"],
                                                       chunk["games"]):
                    raise BadInput("NB-DATA", f"{show(str(path))} is damaged at line {number}")
                for offset, game in enumerate(chunk["games"]):
                    cells.setdefault(chunk["cell"], {})[chunk["start"] + offset] = game
    except BadInput:
        raise
    except OSError as error:
        raise BadInput("NB-DATA", f"cannot read the checkpoint {show(str(path))}: "
                       f"{error.strerror or error}") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise BadInput("NB-DATA", f"{show(str(path))} is not a sweep checkpoint") from None
    return cells


def _records(results: dict[str, dict[int, dict[str, Any]]], reading: str, players: int,
             mix: str, games: int) -> list[dict[str, Any]]:
    """A cell's first ``games`` game records, in the order of their index."""
    played = results[cell_key(reading, players, mix)]
    return [played[i] for i in range(games)]


def _runs(indices: Sequence[int], chunk: int) -> Iterator[list[int]]:
    """Consecutive runs of ``indices`` (sorted), each cut into pieces of at most ``chunk``."""
    run: list[int] = []
    for i in indices:
        if run and (i != run[-1] + 1 or len(run) == chunk):
            yield run
            run = []
        run.append(i)
    if run:
        yield run


def _progress(total: int, initial: int, desc: str) -> Any:
    """A progress bar: the notebook widget in a Jupyter kernel, else tqdm's text bar (without
    importing ipywidgets, which the plain install does not have)."""
    if _in_kernel():
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=total, initial=initial, desc=desc, unit="game", smoothing=0.1)


def _in_kernel() -> bool:
    """Whether this process is a Jupyter kernel (an IPython shell with a kernel attached)."""
    if "ipykernel" not in sys.modules:
        return False
    get_ipython = getattr(sys.modules.get("IPython"), "get_ipython", None)
    shell = get_ipython() if callable(get_ipython) else None
    return getattr(shell, "kernel", None) is not None

