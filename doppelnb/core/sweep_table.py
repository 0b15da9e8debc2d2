"""A sweep's table: its rows (:class:`Row`: reading, players, mix, metric, estimate, n, lo, hi),
the :class:`Table` that shows them in a notebook and saves them as CSV (byte for byte the same
whatever made them), the shipped tables (:func:`load_table`) and every name a reader sees in
words (:func:`metric_label`, :func:`reading_label`, :func:`mix_label`, :func:`game_label`).

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .checks import show
from .errors import BadInput
from .spec import TITLES, spec_of
from .sweep_metrics import METRIC_VERSION

#: The columns of a sweep's CSV. ``metric_version`` says what the metrics mean
#: (:data:`~doppelnb.core.sweep_metrics.METRIC_VERSION`; tables written before it have the first
#: eight columns only, version 1). ``paired_diff``, ``paired_lo``, ``paired_hi``: for a reading
#: other than the default, the mean per-game difference reading - default over the same deals and
#: its 95% paired t interval (empty where the metric has no value per game, and in the default's
#: own rows).
COLUMNS = ("reading", "players", "mix", "metric", "estimate", "n", "lo", "hi", "metric_version",
           "paired_diff", "paired_lo", "paired_hi")
#: The columns of a version-1 table (before ``metric_version`` and the paired columns).
OLD_COLUMNS = COLUMNS[:8]


class Row(NamedTuple):
    """One row of a sweep's table: a cell (reading, player count, policy mix), one of its
    metrics, the estimate, its sample size ``n`` and its 95% interval ``lo``..``hi``, the
    ``metric_version`` of its meaning and, for a reading other than the default, the paired
    difference from the default (:data:`COLUMNS`). Still a tuple in the order of
    :data:`COLUMNS` (``row[4]`` is ``row.estimate``); the first eight fields are what a row
    always held, so code that indexes them sees what it always did."""

    reading: str
    players: int
    mix: str
    metric: str
    estimate: float
    n: int
    lo: float
    hi: float
    metric_version: int = METRIC_VERSION
    paired_diff: float = math.nan
    paired_lo: float = math.nan
    paired_hi: float = math.nan

    @property
    def summary(self) -> tuple[float, int, float, float]:
        """``(estimate, n, lo, hi)``."""
        return self.estimate, self.n, self.lo, self.hi

    @property
    def paired(self) -> tuple[float, int, float, float] | None:
        """``(difference, n, lo, hi)`` against the default on the same deals (paired t, 95%), or
        ``None`` when the row has none."""
        if math.isnan(self.paired_diff):
            return None
        return self.paired_diff, self.n, self.paired_lo, self.paired_hi

#: Every metric a sweep reports, with what it means (``seatK`` rows are one per seat); the
#: meanings of :data:`~doppelnb.core.sweep_metrics.METRIC_VERSION` 2, the definitions of
#: :mod:`doppelnb.core.metrics`. A metric the same in every game of a cell has ``lo == hi``.
METRICS = {
    "win_rate_seatK": "seat K's share of the wins, a game won by k seats giving each 1/k (in "
                      "team games, engines with players.sides, the winning side's seats; with "
                      "no_winner_rate the seats' rates add up to 1; Wilson interval when no win "
                      "was shared, else Student t)",
    "no_winner_rate": "share of games nobody wins",
    "win_rate_side_S": "team games (engines with players.sides) only: side S's share of the "
                       "wins, a game won by k sides giving each 1/k (a team's win is one win of "
                       "its side: the quest's loyal side, a Doppel Doubt colour, Groom Lake's "
                       "Humans or Aliens)",
    "seat_advantage_seatK": "seat K's win share minus the average seat's share that game (0 in "
                            "a balanced game; Student t interval)",
    "seat_balance": "the seat advantage largest in absolute value (signed); its interval is "
                    "that seat's Bonferroni interval over all seats",
    "first_player_win_rate": "win share (ties shared) of the seat that acts first",
    "first_player_advantage": "first player's win share minus the average seat's share that "
                              "game (Student t interval)",
    "tie_rate": "share of games won by more than one side (seats; teams in team games, where "
                "one team's win is not a tie)",
    "length_actions": "mean number of actions in a game (Student t interval)",
    "length_rounds": "mean number of rounds (engines with a round counter)",
    "score_spread": "mean of (highest final score - lowest final score)",
    "lead_changes": "mean number of times the sole leader changes during a game",
    "halftime_leader_wins": "share of games with a sole leader at half time that this leader "
                            "wins (no row when no game had one)",
    "skill_gap": "mixed games: how often a seat of the strongest policy finishes ahead of a seat "
                 "of the weakest (pairs; ahead = winner and the other not, else higher score; "
                 "level pairs count 1/2; 0.5 means skill does not matter; in team games, "
                 "engines with players.sides, only pairs on opposite sides, ahead = its side "
                 "won; n = games with such a pair)",
}

#: Each metric in words, for the charts and the tables a reader sees (the rows and the CSV keep
#: the names of :data:`METRICS`, fixed in the public API).
METRIC_LABELS = {
    "first_player_win_rate": "first player's win share",
    "first_player_advantage": "first player's advantage over a fair share",
    "seat_balance": "largest seat advantage",
    "tie_rate": "share of games tied",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "game length in actions",
    "length_rounds": "game length in rounds",
    "score_spread": "score spread (highest minus lowest)",
    "lead_changes": "changes of leader per game",
    "halftime_leader_wins": "half-time leader wins",
    "skill_gap": "stronger bot finishes ahead",
}


def metric_label(metric: str) -> str:
    """A metric in words: ``"first_player_win_rate"`` -> "first player's win share",
    ``"win_rate_seat0"`` -> "win share of seat 1" (seats counted from 1, as P1 is; ties
    shared)."""
    if metric in METRIC_LABELS:
        return METRIC_LABELS[metric]
    for prefix, words in (("win_rate_seat", "win share"), ("seat_advantage_seat", "advantage")):
        seat = metric.removeprefix(prefix)
        if seat != metric and seat.isdigit():
            return f"{words} of seat {int(seat) + 1}"
    side = metric.removeprefix("win_rate_side_")
    if side != metric and side:
        return f"win share of the {side.replace('_', ' ')} side"
    return metric.replace("_", " ")


def _flag_infos(game: Any) -> dict[str, Any]:
    """The variant flags of the engine a table's ``game`` names (a game, or a shipped sweep
    named after its game: ``"doppeldoppel_reversal_scope"``), by name; {} when none does."""
    if not isinstance(game, str):
        return {}
    for name in sorted(TITLES, key=len, reverse=True):
        if game == name or game.startswith(name + "_"):
            return {info.name: info for info in spec_of(name).Rules.flags()}
    return {}


def reading_label(reading: str, game: Any = None) -> str:
    """A sweep's reading in words: ``"default"`` -> "recommended rules",
    ``"reversal_trigger=surviving_only"`` -> "reversal trigger: surviving only" (the flag's own
    words for its readings where it declares them, :class:`doppelnb.core.variants.FlagInfo`);
    a reading of several flags (``"a=x+b=y"``) each in words, joined by "; "; a data file by
    its name and the start of its sha256 ("deck composition: my_deck.json (sha256 1188d5af...)").
    """
    if reading == "default":
        return "recommended rules"
    parts = _PARTS.split(str(reading))
    return "; ".join(_part_label(part, game) for part in parts)


#: Where a reading of several flags (``a=x+b=y``) starts its next ``flag=``.
_PARTS = re.compile(r"\+(?=[A-Za-z_][A-Za-z0-9_]*=)")


def _part_label(part: str, game: Any) -> str:
    name, eq, value = part.partition("=")
    if eq and value.startswith("@"):
        file, _, digest = value[1:].partition("#sha256:")
        words = name.replace("_", " ")
        return f"{words}: {file} (sha256 {digest[:8]}...)" if digest else f"{words}: {file}"
    info = _flag_infos(game).get(name) if eq else None
    if info is not None:
        return str(info.describe(value))
    return f"{name.replace('_', ' ')}: {value.replace('_', ' ')}" if eq else part


def mix_label(mix: str) -> str:
    """A policy mix in words: ``"random"`` -> "random bots", ``"greedy/random"`` -> "greedy and
    random bots"."""
    parts = str(mix).split("/")
    return (" and ".join(parts) if len(parts) < 3 else ", ".join(parts)) + " bots"


def game_label(game: Any) -> str:
    """A table's game in words: its title, and the sweep's subject when the table is a shipped
    sweep named after its game ("Doppel Doubt: illegal takeover")."""
    if not isinstance(game, str):
        return str(game)
    for name in sorted(TITLES, key=len, reverse=True):
        if game == name:
            return TITLES[name]
        if game.startswith(name + "_"):
            return f"{TITLES[name]}: {game[len(name) + 1:].replace('_', ' ')}"
    return game.replace("_", " ")


def _cell_label(row: Row, game: Any) -> str:
    """A cell of a chart in words, on two lines: the reading, then players and bots."""
    return f"{reading_label(row.reading, game)}\n{row.players} players, {mix_label(row.mix)}"


# -- the table ---------------------------------------------------------------------------------
@dataclass(init=False)
class Table:
    """Rows of (reading, players, mix, metric, estimate, n, lo, hi), each a :class:`Row`; shows
    itself in a notebook and saves as CSV. ``meta`` says how it was made (game, seed, games per
    cell, which greedy and determinizer the engine's players used, games played now and resumed
    from a checkpoint)."""

    rows: list[Row]
    meta: dict[str, Any]
    #: The game records each cell's rows were computed from, by cell key
    #: (``"reading|players|mix"``), in the order of their index: kept by
    #: :func:`~doppelnb.core.sweep.sweep` (empty for a loaded table), never in the CSV; read
    #: them with :func:`~doppelnb.core.sweep.game_facts`.
    games: dict[str, list[dict[str, Any]]] = field(compare=False, repr=False)

    columns = COLUMNS

    def __init__(self, rows: Iterable[Sequence[Any]], meta: dict[str, Any] | None = None,
                 games: dict[str, list[dict[str, Any]]] | None = None) -> None:
        # Rows given as plain 8-tuples (an analysis of records, a test) become typed rows.
        self.rows = [_row(row) for row in rows]
        self.meta = {} if meta is None else meta
        self.games = {} if games is None else games

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def where(self, **match: Any) -> Table:
        """The rows whose columns equal the given values (``table.where(metric="tie_rate")``)."""
        index = {name: COLUMNS.index(name) for name in match}
        rows = [r for r in self.rows if all(r[index[k]] == v for k, v in match.items())]
        return Table(rows, dict(self.meta))

    def value(self, **match: Any) -> tuple[float, int, float, float]:
        """``(estimate, n, lo, hi)`` of the one row matching ``match``."""
        rows = self.where(**match).rows
        if len(rows) != 1:
            raise BadInput("NB-ARG", f"{len(rows)} rows match {match}, not one")
        return rows[0].summary

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The CSV text (also written to ``path`` when given). Numbers have 6 decimals."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for r in self.rows:
            writer.writerow([r.reading, r.players, r.mix, r.metric, _num(r.estimate), r.n,
                             _num(r.lo), _num(r.hi), r.metric_version, _num(r.paired_diff),
                             _num(r.paired_lo), _num(r.paired_hi)])
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def chart(self, metric: str, *, reference: float | None = None, title: str = "") -> Any:
        """A bar chart of one metric across the cells, with the 95% intervals as error bars
        (``reference``: a horizontal line, e.g. 0.5 for the skill gap)."""
        rows = self.where(metric=metric).rows
        if not rows:
            raise BadInput("NB-ARG", f"no rows for metric {metric!r}; metrics are "
                           f"{', '.join(dict.fromkeys(r.metric for r in self.rows))}")
        from .render import bar_chart

        game = self.meta.get("game", "")
        items = [(_cell_label(r, game), r.estimate) for r in rows]
        refs = [] if reference is None else [(reference, f"{reference:g}")]
        return bar_chart(items, intervals=[(r.lo, r.hi) for r in rows], references=refs,
                         title=title or f"{game_label(game)}: {metric_label(metric)} "
                                        "(bars: 95% intervals)",
                         y_label=metric_label(metric))

    def to_pandas(self) -> Any:
        import pandas as pd  # type: ignore[import-untyped]

        return pd.DataFrame(self.rows, columns=list(COLUMNS))

    def _repr_html_(self) -> str:
        from .render import html_table

        body = [[r.reading, r.players, r.mix, r.metric, _num(r.estimate, 3), r.n, _num(r.lo, 3),
                 _num(r.hi, 3), r.metric_version,
                 "" if r.paired is None else
                 f"{r.paired_diff:.3f} [{r.paired_lo:.3f}, {r.paired_hi:.3f}]"]
                for r in self.rows]
        caption = ", ".join(f"{k}: {v}" for k, v in self.meta.items()
                            if k in ("game", "seed", "games", "players_used"))
        header = [*OLD_COLUMNS, "metric_version", "paired difference from default [95%]"]
        return str(html_table(header, body, caption=caption or None))

    def __repr__(self) -> str:
        return f"<Table {len(self.rows)} rows {self.meta.get('game', '')}>"


def _row(row: Any) -> Row:
    if isinstance(row, Row):
        return row
    if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or \
            not len(OLD_COLUMNS) <= len(row) <= len(COLUMNS):
        raise BadInput("NB-ARG", f"a table row is ({', '.join(COLUMNS)}; the last four "
                       f"optional), not {show(row)}")
    return Row(*row)


def load_table(name: str) -> Table:
    """A shipped sweep result (``doppelnb/data/sweeps/NAME.csv``, e.g. ``"doppeldoppel"``) as a
    :class:`Table`; only names inside the package are looked up. ``meta`` says how it was made
    (from ``NAME.json``, see :mod:`doppelnb.core.provenance`): ``name``, ``game``, ``question``,
    ``seed``, ``games`` (per cell; a tuple, one per sweep, when the table joins sweeps of
    different sizes), ``command`` (the ``python -m doppelnb sweep`` command, one line per
    sweep), ``commands``, ``version`` (of doppelnb) and ``players_used``.

    >>> table = load_table("doppeldoppel")
    >>> table.meta["command"].startswith("python -m doppelnb sweep doppeldoppel --games ")
    True
    """
    import importlib.resources

    from .provenance import parse_provenance, table_meta

    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise BadInput("NB-ARG", f"name must be a shipped sweep name like 'doppeldoppel', "
                       f"not {show(name)}")
    folder = importlib.resources.files("doppelnb") / "data" / "sweeps"
    resource = folder / f"{name}.csv"
    if not resource.is_file():
        raise BadInput("NB-ARG", f"there is no shipped sweep named {name!r}")
    rows = parse_table_csv(resource.read_text(encoding="utf-8"), name)
    meta: dict[str, Any] = {"name": name, "game": name}
    source = folder / f"{name}.json"
    if source.is_file():
        meta = table_meta(parse_provenance(source.read_bytes(), name))
    return Table(rows, meta)


def parse_table_csv(text: str, name: str = "table") -> list[Row]:
    """The rows of a sweep's CSV text (columns :data:`COLUMNS`, or the eight
    :data:`OLD_COLUMNS` of a table written before ``metric_version``: version 1, unpaired);
    :class:`BadInput` when it is not one."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or tuple(header) not in (COLUMNS, OLD_COLUMNS):
        raise BadInput("NB-ARG", f"the shipped sweep {name!r} does not have the columns "
                       f"{', '.join(COLUMNS)}")
    width = len(header)
    try:
        rows = []
        for r in reader:
            if not r:
                continue
            if len(r) != width:
                raise ValueError
            row = Row(r[0], int(r[1]), r[2], r[3], float(r[4]), int(r[5]), float(r[6]),
                      float(r[7]), 1)
            if width == len(COLUMNS):
                row = row._replace(metric_version=int(r[8]), paired_diff=_read(r[9]),
                                   paired_lo=_read(r[10]), paired_hi=_read(r[11]))
            rows.append(row)
        return rows
    except (ValueError, IndexError):
        raise BadInput("NB-DATA", f"the sweep {name!r} has a malformed row") from None


def _read(text: str) -> float:
    """A number of an optional column: empty is ``nan`` (no value)."""
    return math.nan if text == "" else float(text)



def _num(value: float, digits: int = 6) -> str:
    """A number as the CSV and the tables write it; ``nan`` (no value) as an empty field."""
    return "" if math.isnan(value) else f"{value:.{digits}f}"
