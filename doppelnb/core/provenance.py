"""Where each shipped sweep table comes from, and whether today's engine still makes it.

Every shipped table ``doppelnb/data/sweeps/NAME.csv`` has ``NAME.json`` beside it: the question
the table answers, the arguments of the ``python -m doppelnb sweep`` command(s) that made it (a
table is one sweep, or the rows of several sweeps of one game one after the other, e.g. a skill
ladder whose search pairings play fewer games), the doppelnb version, the sha256 of the CSV, and
for each cell a *fingerprint*: the sha256 of the first ``fingerprint_games`` games of the cell.

A fingerprint covers, for each of those games, the facts the table's metrics are computed from
(:func:`doppelnb.core.sweep.play_game`: winners, scores, length, lead changes, ...; digest
``results``) and every move of the game (its record's actions; digest ``moves``). The games are
seeded from the sweep's arguments alone, so replaying them with today's engine gives the same
digests unless something that changes the sweep changed: a rule, a deal, the order of the legal
actions a random player draws from, a greedy or search decision. The moves make a few games a
sensitive test (one different card played anywhere shows), the results tie it to what the
table reports. A pure re-spelling of the actions (same games) also shows as different moves:
:func:`problems` says so, and regenerating the table then changes only its fingerprints.

:func:`problems` is what ``tests/test_sweep_tables.py`` runs for every shipped table;
``make sweeps`` (``tools/sweeps.py``) regenerates the tables and these files.
``NAME.json``, format 1::

    {"doppelnb_sweep_table": 1, "name": NAME, "game": GAME, "question": "...",
     "doppelnb": "0.2.0", "csv_sha256": "...", "note": "...", "primary": ["skill_gap"],
     "parts": [{"games": 1000, "seed": 15, "players": [3], "flags": ["default", ...],
                "mixes": ["greedy"], "fingerprint_games": 16,
                "cells": {"default|3|greedy": {"results": "...", "moves": "..."}, ...},
                "players_used": {...}, "cpu_seconds": ..., "wall_seconds": ...,
                "workers": ...}]}

(``note`` is optional: what a reader must know, e.g. fewer games than asked for. ``primary`` is
optional: the metric(s) the question names, chosen before the sweep, which
:func:`doppelnb.core.sweep.balance_summary` speaks of when asked for no metric.)
"""

from __future__ import annotations

import hashlib
import math
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import BadInput
from .record import load_json
from .resume import _canonical

if TYPE_CHECKING:  # (the sweep's modules are imported where used: they load this one lazily)
    from .sweep_table import Row

#: The format of ``NAME.json`` this version writes and reads.
TABLE_FORMAT = 1
#: Metrics whose ``n`` counts only some games (a half-time leader, a pair of policies on opposite
#: sides) and which are missing when no game has one; every other row has ``n`` = games.
PARTIAL_METRICS = frozenset({"halftime_leader_wins", "skill_gap"})
#: Rows a table has in every cell once any game of its sweep was stopped at the action cap
#: (:data:`doppelnb.core.sweep_metrics.COMPLETION_METRICS`): the few games a fingerprint
#: replays may all have finished, so their sample need not have them.
COMPLETION_METRICS = frozenset({"completion_rate", "timeout_rate"})
_PART_KEYS = {"games", "seed", "players", "flags", "mixes", "fingerprint_games", "cells",
              "players_used", "cpu_seconds", "wall_seconds", "workers"}
_KEYS = {"doppelnb_sweep_table", "name", "game", "question", "doppelnb", "csv_sha256", "note",
         "primary", "parts"}
_OPTIONAL = {"note", "primary"}


def sweeps_folder() -> Path:
    """The folder of the shipped tables (``doppelnb/data/sweeps``)."""
    return Path(__file__).resolve().parent.parent / "data" / "sweeps"


def shipped_tables(folder: Path | None = None) -> list[str]:
    """The names of the shipped tables (each ``NAME.csv``), sorted."""
    return sorted(p.stem for p in (folder or sweeps_folder()).glob("*.csv"))


def _fail(name: str, reason: str) -> BadInput:
    return BadInput("NB-DATA", f"{name}.json: {reason}")


def _ints(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(type(v) is int for v in value)


def _strs(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def parse_provenance(text: str | bytes, name: str) -> dict[str, Any]:
    """A table's provenance (``NAME.json``) checked field by field (:class:`BadInput`
    ``NB-DATA`` naming the field when malformed)."""
    doc = load_json(text, "NB-DATA", f"{name}.json")
    if not isinstance(doc, dict) or doc.get("doppelnb_sweep_table") != TABLE_FORMAT:
        raise _fail(name, f"not a sweep table's provenance of format {TABLE_FORMAT}")
    if set(doc) - _KEYS or not _KEYS - _OPTIONAL <= set(doc):
        raise _fail(name, f"has the fields {', '.join(sorted(doc))}; expected "
                    f"{', '.join(sorted(_KEYS))} (note and primary optional)")
    for key in ("name", "game", "question", "doppelnb", "csv_sha256"):
        if not isinstance(doc[key], str) or not doc[key]:
            raise _fail(name, f"{key} must be text")
    if doc["name"] != name:
        raise _fail(name, f"names the table {doc['name']!r}")
    if not isinstance(doc.get("note", ""), str):
        raise _fail(name, "note must be text")
    if "primary" in doc and not _strs(doc["primary"]):
        raise _fail(name, "primary must be a non-empty list of metric names")
    parts = doc["parts"]
    if not isinstance(parts, list) or not parts:
        raise _fail(name, "parts must be a list of one or more sweeps")
    for number, part in enumerate(parts):
        where = f"part {number}"
        if not isinstance(part, dict) or set(part) != _PART_KEYS:
            raise _fail(name, f"{where} must have the fields {', '.join(sorted(_PART_KEYS))}")
        for key in ("games", "seed", "fingerprint_games", "workers"):
            if type(part[key]) is not int or part[key] < 0:
                raise _fail(name, f"{where}: {key} must be a whole number")
        if not 1 <= part["fingerprint_games"] <= part["games"]:
            raise _fail(name, f"{where}: fingerprint_games must be from 1 to games")
        if not _ints(part["players"]) or not _strs(part["flags"]) or not _strs(part["mixes"]):
            raise _fail(name, f"{where}: players, flags and mixes must be non-empty lists")
        cells = part["cells"]
        if not isinstance(cells, dict) or not all(
                isinstance(d, dict) and set(d) == {"results", "moves"} for d in cells.values()):
            raise _fail(name, f"{where}: cells must map each cell to its results and moves "
                        "digests")
        for key in ("cpu_seconds", "wall_seconds"):
            if not isinstance(part[key], (int, float)) or isinstance(part[key], bool):
                raise _fail(name, f"{where}: {key} must be a number")
    return doc


def read_provenance(name: str, folder: Path | None = None) -> dict[str, Any]:
    """``NAME.json`` of a shipped table (or of ``folder``), checked."""
    path = (folder or sweeps_folder()) / f"{name}.json"
    if not path.is_file():
        raise BadInput("NB-DATA", f"the sweep table {name!r} has no provenance file {path.name}")
    return parse_provenance(path.read_bytes(), name)


def command_line(game: str, part: dict[str, Any]) -> str:
    """The ``python -m doppelnb sweep`` command of one part, without ``--out`` (any file),
    ``--workers`` and ``--chunk`` (which change neither the games nor the table)."""
    argv = [game, "--games", str(part["games"]), "--seed", str(part["seed"]),
            "--players", ",".join(map(str, part["players"])), "--flags",
            ",".join(part["flags"]), "--mixes", ",".join(part["mixes"])]
    return "python -m doppelnb sweep " + shlex.join(argv)


def part_arguments(game: str, part: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of :func:`doppelnb.core.sweep.sweep` that the part's command
    passes (``--flags default`` is the defaults alone, as on the command line)."""
    flags = part["flags"]
    readings: Any = flags[0] if flags in (["all"], ["default"]) else list(flags)
    return {"readings": readings, "player_counts": list(part["players"]),
            "policy_mixes": list(part["mixes"]), "games": part["games"], "seed": part["seed"]}


def part_cells(game: str, part: dict[str, Any]) -> list[tuple[str, dict[str, Any], int,
                                                               tuple[str, ...]]]:
    """The cells a part's sweep plays, in the order of its rows."""
    from .sweep_plan import sweep_cells

    args = part_arguments(game, part)
    return sweep_cells(game, args["readings"], args["player_counts"], args["policy_mixes"])


def fingerprint_cell(game: str, reading: str, changes: dict[str, Any], players: int,
                     mix: Sequence[str], seed: int, count: int
                     ) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """``({"results": sha256, "moves": sha256}, records)`` of games ``0 .. count-1`` of a cell,
    played by the sweep's own :func:`doppelnb.core.sweep.play_chunk` (so they are the games the
    table was computed from)."""
    from .sweep_run import _Task, play_chunk

    task = _Task(game, reading, tuple(sorted(changes.items())), players, tuple(mix), seed, 0,
                 count)
    records, moves = [], []
    for record, state in play_chunk(task):
        records.append(record)
        moves.append(list(state.actions))
    return ({"results": _sha(_canonical(records)), "moves": _sha(_canonical(moves))}, records)


def fingerprint_part(game: str, part: dict[str, Any], with_records: bool = False) -> Any:
    """Every cell's fingerprint for one part (``part["fingerprint_games"]`` games each); with
    ``with_records``, ``(fingerprints, records)``: also each cell's fingerprinted games."""
    from .sweep_run import cell_key

    out, played = {}, {}
    for reading, changes, players, mix in part_cells(game, part):
        key = cell_key(reading, players, "/".join(mix))
        out[key], played[key] = fingerprint_cell(game, reading, changes, players, mix,
                                                 part["seed"], part["fingerprint_games"])
    return (out, played) if with_records else out


def _sha(text: str | bytes) -> str:
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def csv_sha256(text: str | bytes) -> str:
    """The sha256 of a table's CSV text, as the provenance records it."""
    return _sha(text)


def table_meta(doc: dict[str, Any]) -> dict[str, Any]:
    """What :func:`doppelnb.core.sweep.load_table` puts in ``table.meta``: the table's name,
    game, seed and games per cell (a tuple, one per part, when its parts differ), its command(s),
    the doppelnb version that made it and its primary metric(s) (``()`` when none is named)."""
    parts = doc["parts"]
    commands = tuple(command_line(doc["game"], p) for p in parts)
    seeds = tuple(dict.fromkeys(p["seed"] for p in parts))
    games = tuple(p["games"] for p in parts)
    return {"name": doc["name"], "game": doc["game"], "question": doc["question"],
            "seed": seeds[0] if len(seeds) == 1 else seeds,
            "games": games[0] if len(set(games)) == 1 else games,
            "command": "\n".join(commands), "commands": commands,
            "mixes": tuple(tuple(p["mixes"]) for p in parts),
            "version": doc["doppelnb"], "players_used": parts[0]["players_used"],
            "note": doc.get("note", ""), "primary": tuple(doc.get("primary", ()))}


def _rows(text: str, name: str) -> list[Row]:
    from .sweep_table import parse_table_csv

    return parse_table_csv(text, name)


def _row_problems(name: str, doc: dict[str, Any], rows: list[Row]) -> list[str]:
    """The rows are exactly the recorded parts' cells, in order, each with the metrics a sweep
    writes, ``n`` = the part's games (fewer only for :data:`PARTIAL_METRICS`) and its estimate
    inside its interval."""
    from .sweep_run import cell_key

    expected: list[tuple[str, int]] = []  # (cell, games) in order
    for part in doc["parts"]:
        expected += [(cell_key(r, p, "/".join(m)), part["games"])
                     for r, _, p, m in part_cells(doc["game"], part)]
    found: list[str] = []
    for row in rows:
        key = cell_key(row.reading, row.players, row.mix)
        if not found or found[-1] != key:
            found.append(key)
    if found != [cell for cell, _ in expected]:
        return [f"{name}.csv has rows for the cells {', '.join(found)}, but its recorded "
                f"arguments make {', '.join(c for c, _ in expected)}"]
    games = dict(expected)
    # A cell with games stopped at the action cap: its other metrics are over the completed
    # games (completion_rate's estimate times its n), which is then their full n.
    completed = {cell_key(r.reading, r.players, r.mix): round(r.estimate * r.n) for r in rows
                 if r.metric == "completion_rate"}
    out = []
    for row in rows:
        reading, players, mix, metric, est, n, lo, hi = row[:8]
        key = cell_key(reading, players, mix)
        whole = games[key] if metric in COMPLETION_METRICS else completed.get(key, games[key])
        full = n == whole
        if not (full or (metric in PARTIAL_METRICS and 1 <= n <= games[key])):
            out.append(f"{name}.csv: {key} {metric} has n = {n}, not the recorded "
                       f"{games[key]} games")
        if not all(math.isfinite(v) for v in (est, lo, hi)) or not lo <= est <= hi:
            out.append(f"{name}.csv: {key} {metric} has its estimate {est} outside "
                       f"[{lo}, {hi}]")
    return out


def _metric_problems(name: str, key: str, rows: list[Row],
                     records: list[dict[str, Any]], players: int) -> str | None:
    """A cell's metrics are those :func:`doppelnb.core.sweep.metrics` writes: every metric it
    writes for the replayed games, in its order, plus only :data:`PARTIAL_METRICS` that those
    few games happen not to have."""
    from .sweep_metrics import metrics

    sample = [m[0] for m in metrics(records, players)]
    have = [r.metric for r in rows]
    common = [m for m in have if m in sample]
    # (a side's win rate, in team games, has a row once any game of the cell had that side)
    extra = [m for m in have if m not in sample and m not in PARTIAL_METRICS
             and m not in COMPLETION_METRICS and not m.startswith("win_rate_side_")]
    if common != sample or extra or len(set(have)) != len(have):
        return (f"{name}.csv: cell {key} has the metrics {', '.join(have)}; a sweep writes "
                f"{', '.join(sample)}")
    return None


def problems(name: str, folder: Path | None = None, replay: bool = True) -> list[str]:
    """Why the table ``NAME.csv`` (shipped, or in ``folder``) is not what its recorded command
    makes with today's engine, one line each; ``[]`` when it is. Checks the provenance file, the
    CSV's sha256 and rows (cells, metrics, ``n``) and, with ``replay``, replays each cell's
    fingerprinted games (stopping at the first cell that differs)."""
    from .sweep_run import cell_key

    base = folder or sweeps_folder()
    csv_path = base / f"{name}.csv"
    if not csv_path.is_file():
        return [f"there is no table {name}.csv"]
    try:
        doc = read_provenance(name, base)
        text = csv_path.read_text(encoding="utf-8")
        rows = _rows(text, name)
        out = _row_problems(name, doc, rows)
    except BadInput as error:
        return [f"{name}: {error.reason}"]
    if csv_sha256(text) != doc["csv_sha256"]:
        out.append(f"{name}.csv is not the file its sweep wrote (its sha256 differs from "
                   f"{name}.json's: edited by hand?); run make sweeps ONLY={name}")
    if out or not replay:
        return out
    by_cell: dict[str, list[Row]] = {}
    for row in rows:
        by_cell.setdefault(cell_key(row.reading, row.players, row.mix), []).append(row)
    for part in doc["parts"]:
        count = part["fingerprint_games"]
        cells = part_cells(doc["game"], part)
        recorded = part["cells"]
        keys = [cell_key(r, p, "/".join(m)) for r, _, p, m in cells]
        if sorted(recorded) != sorted(keys):
            return [f"{name}.json fingerprints the cells {', '.join(recorded)}, but its "
                    f"arguments make {', '.join(keys)}; run make sweeps ONLY={name}"]
        for key, (reading, changes, players, mix) in zip(keys, cells, strict=True):
            digests, records = fingerprint_cell(doc["game"], reading, changes, players, mix,
                                                part["seed"], count)
            if digests != recorded[key]:
                how = ("end differently" if digests["results"] != recorded[key]["results"]
                       else "have other moves (same results: a change of rules, players or "
                            "only of how actions are written)")
                return [f"{name}.csv is stale against this engine: cell {key} differs (its "
                        f"first {count} games {how}); run make sweeps ONLY={name}"]
            problem = _metric_problems(name, key, by_cell[key], records, players)
            if problem:
                return [problem]
    return []


def readme_rows(folder: Path | None = None) -> str:
    """The shipped tables as the markdown table of the sweeps' README (one line each: the
    question, the command(s), the games per cell); no figure from a table is written there."""
    lines = ["| table | question | command (`python -m doppelnb sweep ...`) | games per cell |",
             "|---|---|---|---|"]
    for name in shipped_tables(folder):  # (only the recorded arguments: a new table's too)
        doc = load_json(((folder or sweeps_folder()) / f"{name}.json").read_bytes(), "NB-DATA",
                        f"{name}.json")
        prefix = "python -m doppelnb sweep "
        commands = "<br>then ".join(f"`{command_line(doc['game'], p)[len(prefix):]}`"
                                    for p in doc["parts"])
        games = ", ".join(f"{p['games']:,}" for p in doc["parts"])
        question = doc["question"] + (f" *{doc['note']}*" if doc.get("note") else "")
        lines.append(f"| `{name}` | {question} | {commands} | {games} |")
    return "\n".join(lines) + "\n"


def csv_text(rows: Sequence[tuple[Any, ...]]) -> str:
    """The CSV text of a table's rows (what :meth:`doppelnb.core.sweep.Table.to_csv` writes)."""
    from .sweep_table import Table

    return Table(list(rows)).to_csv()


__all__ = ["TABLE_FORMAT", "PARTIAL_METRICS", "sweeps_folder", "shipped_tables",
           "parse_provenance", "read_provenance", "command_line", "part_arguments", "part_cells",
           "fingerprint_cell", "fingerprint_part", "csv_sha256", "table_meta", "problems",
           "readme_rows", "csv_text"]
