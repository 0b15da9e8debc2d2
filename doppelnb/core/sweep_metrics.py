"""A sweep cell's metrics (:data:`~doppelnb.core.sweep.METRICS`) from the facts of its games
(:class:`GameFacts`), computed by :func:`doppelnb.core.metrics.cell_metrics` (the one definition
of every metric but the skill gap), and a reading's paired differences from the default played
on the same deals (:func:`paired_differences`).

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import metrics as core
from .errors import BadInput
from .policy import strength
from .stats.estimates import mean_estimate


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What a sweep keeps of one played game: its winners (seats), final scores, length in
    actions (and in rounds, engines with a ``round`` counter), how often the sole leader
    changed, the sole leader at half time (``None``: no sole leader), the seat that acted
    first, the policy at each seat, in a team game each seat's side, and the game's index in
    its cell (``None`` outside a sweep's chunk).

    Checkpoints, fingerprints and :func:`~doppelnb.core.sweep.play_game` keep these facts as
    the small JSON dict they always had (:meth:`to_record`: keys ``"w"``, ``"s"``, ``"len"``,
    ``"rounds"``, ``"lc"``, ``"half"``, ``"first"``, ``"seats"``, ``"t"``, ``"i"``), so a
    checkpoint written before this class still resumes; :meth:`from_record` reads one back."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    length: int
    rounds: int | None
    lead_changes: int
    half_leader: int | None
    first: int | None
    seats: tuple[str, ...]
    sides: tuple[str, ...] | None = None
    index: int | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> GameFacts:
        """The facts of a record dict (:meth:`to_record`'s keys; ``"rounds"``, ``"t"`` and
        ``"i"`` may be missing)."""
        sides = record.get("t")
        return cls(winners=tuple(record["w"]), scores=tuple(record["s"]), length=record["len"],
                   rounds=record.get("rounds"), lead_changes=record["lc"],
                   half_leader=record["half"], first=record["first"],
                   seats=tuple(record["seats"]),
                   sides=None if sides is None else tuple(sides), index=record.get("i"))

    def to_record(self) -> dict[str, Any]:
        """The JSON-ready dict of checkpoints and fingerprints (lists, not tuples; ``"t"`` only
        in a team game, ``"i"`` only with an index)."""
        record: dict[str, Any] = {
            "w": list(self.winners), "s": list(self.scores), "len": self.length,
            "rounds": self.rounds, "lc": self.lead_changes, "half": self.half_leader,
            "first": self.first, "seats": list(self.seats)}
        if self.sides is not None:
            record["t"] = list(self.sides)
        if self.index is not None:
            record["i"] = self.index
        return record


#: The version of the metrics' meanings a sweep writes in its ``metric_version`` column. Version 1
#: (tables before issue 27) counted a tie as a win for every tied seat (seat win rates could add
#: up to more than 1), a Doppel Doubt team win as a tie, and gave constant metrics an interval.
#: Version 2 shares a tie among the tied seats, counts a team's win as a win (tied only when more
#: than one side wins; each side's win rate in team games), adds the tie-adjusted seat advantage
#: and seat balance, and reports a
#: metric that is the same in every game as constant (``lo == hi == estimate``).
METRIC_VERSION = 2

#: The sweep's names for the metrics of :mod:`doppelnb.core.metrics` whose names differ there
#: (the sweep's are fixed in its tables, the chapters and the API; the meaning is the one
#: definition in :mod:`doppelnb.core.metrics`). Seat-numbered names map by prefix.
SWEEP_NAMES = {"win_share_seat": "win_rate_seat", "win_share_side_": "win_rate_side_",
               "no_winner_share": "no_winner_rate",
               "first_player_win_share": "first_player_win_rate"}
#: Metrics of :func:`doppelnb.core.metrics.cell_metrics` a sweep leaves out: a sweep plays
#: every game to its end (a game past the action cap stops the sweep), so completion and
#: time-outs are constant, and it does not count the legal actions at every decision.
NOT_IN_SWEEP = frozenset({"completion_rate", "timeout_rate", "branching_factor",
                          "real_decisions_per_turn"})


def sweep_name(metric: str) -> str:
    """A metric of :mod:`doppelnb.core.metrics` under the sweep's name (``win_share_seat0`` ->
    ``win_rate_seat0``)."""
    for theirs, ours in SWEEP_NAMES.items():
        if metric.startswith(theirs):
            return ours + metric[len(theirs):]
    return metric


def _core_facts(game: GameFacts, players: int) -> core.GameFacts:
    """A sweep game's facts as :mod:`doppelnb.core.metrics` reads them (a sweep's game is always
    completed; it does not count decisions)."""
    return core.GameFacts(
        players=players, completed=True, timed_out=False, winners=game.winners,
        sides=game.sides, scores=game.scores, first=game.first, actions=game.length,
        rounds=game.rounds, decisions=0, choices=0, real_decisions=0, turns=0,
        lead_changes=game.lead_changes, half_leader=game.half_leader)


def game_values(game: GameFacts | Mapping[str, Any], players: int) -> dict[str, float]:
    """One game's value of every metric that has one value per game, under the sweep's names
    (``win_rate_seat0``, ``first_player_advantage``, ``tie_rate``, ...): what a reading's paired
    differences and ``sweep --until-settled`` compare game by game. ``game`` is a
    :class:`GameFacts` or its record dict (:func:`doppelnb.core.sweep.game_facts` reads them).
    A side absent from a team game (no Alien left in a Groom Lake game) is not listed: it won
    none of that game."""
    facts = game if isinstance(game, GameFacts) else GameFacts.from_record(game)
    return {sweep_name(name): float(value)
            for name, value in core.game_values(_core_facts(facts, players)).items()}


def _games(records: Sequence[GameFacts | Mapping[str, Any]]) -> list[GameFacts]:
    return [r if isinstance(r, GameFacts) else GameFacts.from_record(r) for r in records]


def _ahead(game: GameFacts, a: int, b: int) -> float:
    """1 when seat ``a`` finished ahead of seat ``b``, 0 when behind, 1/2 when level. Ahead =
    won and the other did not (in a team game: ``a``'s side won and ``b``'s did not, whoever
    of the winning side scored most), else a higher score."""
    wins, sides = game.winners, game.sides
    if sides:
        won = {sides[w] for w in wins}
        a_won, b_won = sides[a] in won, sides[b] in won
    else:
        a_won, b_won = a in wins, b in wins
    if a_won != b_won:
        return 1.0 if a_won else 0.0
    sa, sb = game.scores[a], game.scores[b]
    return 1.0 if sa > sb else 0.0 if sa < sb else 0.5


def _skill_pairs(game: GameFacts, strong: str, weak: str) -> list[float]:
    """``_ahead`` for every (strong seat, weak seat) pair; in a team game (sides recorded) only
    pairs on opposite sides: teammates share their side's result, so a pair of them says
    nothing about skill and would only pull the figure towards 1/2."""
    seats, sides = game.seats, game.sides
    return [_ahead(game, a, b)
            for a, sa in enumerate(seats) if sa == strong
            for b, sb in enumerate(seats) if sb == weak
            if not sides or sides[a] != sides[b]]


def metrics(records: Sequence[GameFacts | Mapping[str, Any]], players: int
            ) -> list[tuple[str, float, int, float, float]]:
    """``[(metric, estimate, n, lo, hi)]`` over the games of one cell: each a
    :class:`GameFacts`, or its record dict (:meth:`GameFacts.to_record`, as checkpoints keep
    it).

    Every metric but the skill gap is :func:`doppelnb.core.metrics.cell_metrics`'s (one
    definition for sweeps and for game records: ties shared, a team's win a win, constant
    metrics with ``lo == hi``), under the sweep's names (:data:`SWEEP_NAMES`); see
    :data:`METRIC_VERSION`."""
    games = _games(records)
    if not games:
        return []
    # resamples=1: the seat-balance row needs the seat with the largest advantage and that
    # seat's interval, not the permutation p-value (which the row does not carry).
    rows = core.cell_metrics([_core_facts(g, players) for g in games], resamples=1)
    out = [(sweep_name(name), e.estimate, e.n, e.lo, e.hi) for name, e in rows
           if name not in NOT_IN_SWEEP]
    gaps = []
    for g in games:
        kinds = sorted(set(g.seats), key=strength)
        if len(kinds) < 2:
            continue
        pairs = _skill_pairs(g, kinds[-1], kinds[0])
        if pairs:  # (a team game where the two policies sat on one side says nothing)
            gaps.append(sum(pairs) / len(pairs))
    if gaps:
        gap = core.as_reported(mean_estimate(gaps))
        out.append(("skill_gap", gap.estimate, gap.n, max(0.0, gap.lo), min(1.0, gap.hi)))
    return out


def paired_differences(default: Sequence[GameFacts | Mapping[str, Any]],
                       reading: Sequence[GameFacts | Mapping[str, Any]], players: int
                       ) -> dict[str, tuple[float, float, float]]:
    """``{metric: (difference, lo, hi)}``: a reading against the default played on the same
    deals (game ``i`` of each cell has the same deal seed and seats), the mean over games of
    the per-game difference reading - default and its 95% paired t interval, for every metric
    that has one value per game (:func:`doppelnb.core.metrics.game_values`, under the sweep's
    names). Pairing cancels the deal-to-deal noise both readings share, so the interval is
    usually much narrower than two separate intervals suggest. Differences that are the same in
    every game give ``lo == hi`` (a constant difference: 0 when no game differs)."""
    a, b = _games(default), _games(reading)
    if len(a) != len(b) or not a:
        raise BadInput("NB-ARG", f"paired cells must have the same games, got {len(a)} and "
                       f"{len(b)}")
    values_a = [core.game_values(_core_facts(g, players)) for g in a]
    values_b = [core.game_values(_core_facts(g, players)) for g in b]
    out: dict[str, tuple[float, float, float]] = {}
    for name in dict.fromkeys(n for v in values_a + values_b for n in v):
        # A side missing from a game (no Alien left in a Groom Lake game) won none of it, as in
        # cell_metrics; any other metric missing from a game has no paired difference.
        absent = 0.0 if name.startswith("win_share_side_") else None
        diffs: list[float] = []
        for va, vb in zip(values_a, values_b, strict=True):
            before, after = va.get(name, absent), vb.get(name, absent)
            if before is None or after is None:
                break
            diffs.append(after - before)
        else:
            diff = core.as_reported(mean_estimate(diffs))
            out[sweep_name(name)] = (diff.estimate, diff.lo, diff.hi)
    return out
