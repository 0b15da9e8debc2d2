"""A sweep cell's metrics (:data:`~doppelnb.core.sweep.METRICS`) from the facts of its games
(:class:`GameFacts`): rates with Wilson intervals, means with normal ones.

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .exact import mean_interval, wilson_interval
from .policy import strength


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


def _rate(name: str, hits: int, n: int) -> tuple[str, float, int, float, float]:
    lo, hi = wilson_interval(hits, n)
    return name, (hits / n if n else math.nan), n, lo, hi


def _mean(name: str, values: Sequence[float]) -> tuple[str, float, int, float, float]:
    mean, lo, hi = mean_interval(values)
    return name, mean, len(values), lo, hi


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
    it)."""
    games = [r if isinstance(r, GameFacts) else GameFacts.from_record(r) for r in records]
    n = len(games)
    if n == 0:
        return []
    out = [_rate(f"win_rate_seat{seat}", sum(seat in g.winners for g in games), n)
           for seat in range(players)]
    first_hits = sum(g.first in g.winners for g in games)
    out.append(_rate("first_player_win_rate", first_hits, n))
    # Paired per game: did the first player win, minus the seats' average chance that game
    # (winners / players: 1/players with one winner, more where teams or ties share a win).
    out.append(_mean("first_player_advantage",
                     [(g.first in g.winners) - len(g.winners) / players for g in games]))
    out.append(_rate("tie_rate", sum(len(g.winners) > 1 for g in games), n))
    out.append(_rate("no_winner_rate", sum(len(g.winners) == 0 for g in games), n))
    out.append(_mean("length_actions", [g.length for g in games]))
    rounds = [g.rounds for g in games if g.rounds is not None]
    if rounds:
        out.append(_mean("length_rounds", rounds))
    out.append(_mean("score_spread", [max(g.scores) - min(g.scores) for g in games]))
    out.append(_mean("lead_changes", [g.lead_changes for g in games]))
    led = [g for g in games if g.half_leader is not None]
    if led:  # (scores that only move at the end, as in team games, never have a leader)
        out.append(_rate("halftime_leader_wins", sum(g.half_leader in g.winners for g in led),
                         len(led)))
    gaps = []
    for g in games:
        kinds = sorted(set(g.seats), key=strength)
        if len(kinds) < 2:
            continue
        pairs = _skill_pairs(g, kinds[-1], kinds[0])
        if pairs:  # (a team game where the two policies sat on one side says nothing)
            gaps.append(sum(pairs) / len(pairs))
    if gaps:
        name, est, size, lo, hi = _mean("skill_gap", gaps)
        out.append((name, est, size, max(0.0, lo), min(1.0, hi)))
    return out
