"""Designer metrics computed from finished game states, so a sweep's games and saved game records
(human playtests, bot games) are read alike.

Two steps. :func:`game_facts` (or a :class:`FactsCounter` fed the states as a game is played)
turns one game into a :class:`GameFacts`: who won, the scores, how long it took, and, counted at
every decision, how many legal actions the player had. :func:`cell_metrics` turns the facts of
one cell (one reading, one player count, one policy mix) into ``[(metric, Estimate)]``, each
estimate with its ``n`` and a 95% interval (:mod:`doppelnb.core.stats`). :data:`METRICS` says
what each metric means.

What the metrics mean, and why:

- **Win shares with ties shared.** A game's win is split equally among its winners, so each
  game hands out exactly 1 (or nothing, when nobody wins): the seats' shares and the no-winner
  share add up to 1, and a tie does not count as a full win for every tied seat. In Doppel Doubt
  the winners are the seats of the winning team (both Doppels of the colour, DB-R18), so a
  team's win counts for each member's seat, sharing the game's one win between them. In a team
  game each side also gets its own share (``win_share_side_S``): a team's win is one win of its
  side, and a tie is a game won by more than one side.
- **Tie-adjusted seat advantage** is a seat's share minus the average seat's share that game
  (:func:`doppelnb.core.stats.tie_adjusted_advantage`); **seat balance** is the largest of them
  in absolute value (:func:`doppelnb.core.stats.seat_balance`), its interval the Bonferroni
  interval of that seat (level ``1 - 0.05 / players``), which holds for every seat at once and so
  for the seat picked as the largest.
- **Branching factor** is the mean number of legal actions at a decision (a state with a player
  to move), averaged per game first so that each game is one independent observation; **real
  decisions per turn** counts only decisions with more than one legal action, per turn (a run of
  consecutive decisions by one seat).
- **Completion and time-outs.** A game stopped at an action cap is counted (``timeout_rate``),
  not fatal; a record that stops before the end counts as not completed. Every other metric is
  over the completed games only (an unfinished game has no winner and no length).
- **Constant metrics.** A metric that has the same value in every game of a cell (at least two)
  is reported as constant: ``lo == hi == estimate`` and ``Estimate.constant`` true, never an
  interval that suggests it was measured. In a CSV row, ``lo == hi`` is the constant marker (a
  measured interval is never of zero width: Wilson intervals never are, and a t interval only is
  when every value is equal).

>>> from doppelnb.engines import doppeldoppel
>>> from doppelnb.core.state import play_to_end
>>> facts = [game_facts(play_to_end(doppeldoppel.new_game(3, seed=s), seed=s)) for s in (1, 2)]
>>> rows = dict(cell_metrics(facts))
>>> round(sum(rows[f"win_share_seat{k}"].estimate for k in range(3))
...       + rows["no_winner_share"].estimate, 9)
1.0
>>> print(rows["completion_rate"])
1.000 (constant, n = 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .checks import check_int, show
from .errors import BadInput
from .stats.estimates import Estimate, check_level, mean_estimate, proportion_estimate
from .stats.seats import seat_balance, shared_win_shares, tie_adjusted_advantage

#: Every metric :func:`cell_metrics` reports, in its order (``seatK`` rows are one per seat).
METRICS = {
    "completion_rate": "share of games that reached their end (a record that stops early, or "
                       "a game stopped at the action cap, did not; Wilson interval)",
    "timeout_rate": "share of games stopped at the action cap (records are never capped)",
    "win_share_seatK": "seat K's share of the wins, a game won by k seats giving each 1/k (in "
                       "Doppel Doubt the winning team's seats); Wilson interval when no game "
                       "was shared, else Student t",
    "no_winner_share": "share of games nobody won (with the seats' shares it adds up to 1)",
    "win_share_side_S": "team games only: side S's share of the wins, a game won by k sides "
                        "giving each 1/k (the quest's loyal side, a Doppel Doubt colour, Groom "
                        "Lake's Humans); with no_winner_share the sides' shares add up to 1",
    "seat_advantage_seatK": "seat K's win share minus the average seat's share that game "
                            "(0 in a balanced game; Student t)",
    "seat_balance": "the seat advantage largest in absolute value (signed); its interval is "
                    "that seat's Bonferroni interval over all seats",
    "first_player_win_share": "win share (ties shared) of the seat that acts first",
    "first_player_advantage": "first player's win share minus the average seat's that game",
    "tie_rate": "share of games won by more than one side (seats, or teams in team games)",
    "length_actions": "mean number of actions in a game",
    "length_rounds": "mean number of rounds (engines with a round counter)",
    "score_spread": "mean of (highest final score - lowest final score)",
    "lead_changes": "mean number of times the sole leader changes during a game",
    "halftime_leader_wins": "share of games with a sole leader at half time that this leader "
                            "wins (no row when no game had one)",
    "branching_factor": "mean legal actions per decision (per game, then averaged over games)",
    "real_decisions_per_turn": "decisions with more than one legal action, per turn (a run of "
                               "decisions by one seat), per game then averaged",
}


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the metrics need of one game, read from its states.

    ``winners`` are seats (a team game lists every seat of the winning team); ``sides`` each
    seat's team in a team game (``None`` when every seat plays for itself). ``decisions`` counts
    the states where a player had to move, ``choices`` the legal actions summed over them,
    ``real_decisions`` those with more than one, ``turns`` the runs of consecutive decisions by
    one seat. ``rounds`` is ``None`` for engines without a round counter; ``half_leader`` the
    sole leader after half the actions (``None`` when scores were level at the top).
    """

    players: int
    completed: bool
    timed_out: bool
    winners: tuple[int, ...]
    sides: tuple[str, ...] | None
    scores: tuple[float, ...]
    first: int | None
    actions: int
    rounds: int | None
    decisions: int
    choices: int
    real_decisions: int
    turns: int
    lead_changes: int
    half_leader: int | None

    @property
    def tied(self) -> bool:
        """Whether more than one side (a seat, or a team in a team game) won."""
        if self.sides is None:
            return len(self.winners) > 1
        return len({self.sides[w] for w in self.winners}) > 1

    def to_sweep_record(self, seats: Sequence[str]) -> dict[str, Any]:
        """The facts as the dict :func:`doppelnb.core.sweep.metrics` reads (``seats``: the policy
        at each seat): what lets the sweep compute its facts here without changing its table."""
        record: dict[str, Any] = {
            "w": list(self.winners), "s": list(self.scores), "len": self.actions,
            "rounds": self.rounds, "lc": self.lead_changes, "half": self.half_leader,
            "first": self.first, "seats": list(seats)}
        if self.sides is not None:
            record["t"] = list(self.sides)
        return record


def _sole_leader(scores: Sequence[Any]) -> int | None:
    if not scores:
        return None
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


class FactsCounter:
    """Counts a game's facts from its states in order, first to last (:meth:`see` each one), so a
    player loop can count as it plays, without replaying the game afterwards."""

    def __init__(self) -> None:
        self.last: Any = None
        self.first: int | None = None
        self.seen = 0
        self.decisions = 0
        self.choices = 0
        self.real_decisions = 0
        self.turns = 0
        self.mover: int | None = None
        self.rounds: set[Any] = set()
        self.has_round: bool | None = None
        self.leaders: list[int | None] = []

    def see(self, state: Any) -> None:
        """The next state of the game (the first state first)."""
        if self.seen == 0:
            self.first = state.to_move
            self.has_round = isinstance(getattr(state, "round", None), int)
        self.seen += 1
        self.last = state
        self.leaders.append(_sole_leader(tuple(state.scores)))
        if state.is_over:
            return
        if self.has_round:
            self.rounds.add(state.round)
        seat = state.to_move
        if seat is None:  # nobody chooses here (a chance step): not a decision
            return
        legal = len(state.legal_actions())
        self.decisions += 1
        self.choices += legal
        self.real_decisions += legal > 1
        if seat != self.mover:
            self.turns += 1
            self.mover = seat

    def facts(self, *, timed_out: bool = False, sides: Sequence[str] | None = None) -> GameFacts:
        """The facts of the states seen; ``timed_out``: the game was stopped at an action cap
        (it is then not completed); ``sides``: each seat's team (default: the engine's
        ``players.sides`` where it has one)."""
        state = self.last
        if state is None:
            raise BadInput("NB-ARG", "a game's facts need at least one state")
        completed = bool(state.is_over) and not timed_out
        outcome = state.outcome
        if sides is None:
            sides = sides_of(state)
        steps = self.seen - 1
        changes, last = 0, None
        for seat in self.leaders:
            if seat is not None:
                if last is not None and seat != last:
                    changes += 1
                last = seat
        return GameFacts(
            players=int(state.players), completed=completed, timed_out=bool(timed_out),
            winners=tuple(outcome.winners) if completed else (),
            sides=tuple(str(s) for s in sides) if sides is not None else None,
            scores=tuple(float(v) for v in outcome.scores), first=self.first, actions=steps,
            rounds=len(self.rounds) if self.has_round else None, decisions=self.decisions,
            choices=self.choices, real_decisions=self.real_decisions, turns=self.turns,
            lead_changes=changes, half_leader=self.leaders[steps // 2])


def facts_of(states: Iterable[Any], *, timed_out: bool = False,
             sides: Sequence[str] | None = None) -> GameFacts:
    """The facts of a game given as its states, first to last (see :class:`FactsCounter`)."""
    counter = FactsCounter()
    for state in states:
        counter.see(state)
    return counter.facts(timed_out=timed_out, sides=sides)


def game_facts(state: Any, *, timed_out: bool = False) -> GameFacts:
    """The facts of the game that led to ``state`` (a finished game, or where a record stops):
    its states are rebuilt from its record (``state.history()``), so a state replayed from a
    saved record and the state a sweep played give the same facts."""
    history = getattr(state, "history", None)
    if not callable(history):
        raise BadInput("NB-ARG", f"state must be a game state, not {show(state)}")
    return facts_of(history(), timed_out=timed_out)


def sides_of(state: Any) -> tuple[str, ...] | None:
    """Each seat's team in a team game, from the registered spec's ``sides(state)`` (Doppel
    Doubt: the colour of each seat's Doppel); ``None`` where every seat plays for itself."""
    from .spec import TITLES, spec_of

    game = getattr(state, "game", "")
    if game not in TITLES:
        return None
    sides = spec_of(game).sides
    return tuple(str(s) for s in sides(state)) if sides is not None else None


# -- one cell ------------------------------------------------------------------------------------
def as_reported(estimate: Estimate) -> Estimate:
    """``estimate`` as a report shows it: a constant one (every observation the same, at least
    two) with ``lo == hi == estimate`` and method ``"constant"``, never an interval."""
    if not estimate.constant:
        return estimate
    return replace(estimate, lo=estimate.estimate, hi=estimate.estimate, method="constant")


def _within(estimate: Estimate, lo: float, hi: float) -> Estimate:
    """A Student t interval cut to the range the metric can take (a win share is in [0, 1]):
    the true value lies in that range, so cutting never lowers the coverage."""
    return replace(estimate, lo=max(lo, estimate.lo), hi=min(hi, estimate.hi))


def _rate(hits: int, n: int, level: float) -> Estimate:
    return as_reported(proportion_estimate(hits, n, level=level))


def _mean(values: Sequence[float], level: float) -> Estimate:
    return as_reported(mean_estimate(list(values), level=level))


def _share(values: Sequence[float], level: float) -> Estimate:
    """A share per game in [0, 1]: Wilson when every game gave 0 or 1, else Student t."""
    if all(v in (0.0, 1.0) for v in values):
        return _rate(sum(v == 1.0 for v in values), len(values), level)
    return _within(_mean(values, level), 0.0, 1.0)


def cell_metrics(games: Sequence[GameFacts], *, level: float = 0.95, resamples: int = 2000,
                 seed: int = 0) -> list[tuple[str, Estimate]]:
    """``[(metric, estimate)]`` over the games of one cell (every game with the same number of
    players), in the order of :data:`METRICS`; metrics of the completed games are left out when
    none completed. ``resamples`` and ``seed``: the seat-balance permutation test's (the
    p-value is on :func:`doppelnb.core.stats.seat_balance`, not in these rows)."""
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence) or not games or \
            not all(isinstance(g, GameFacts) for g in games):
        raise BadInput("NB-ARG", f"games must be a non-empty list of GameFacts, not {show(games)}")
    level = check_level(level)
    players = games[0].players
    if any(g.players != players for g in games):
        raise BadInput("NB-ARG", "games of one cell must all have the same number of players")
    n = len(games)
    out = [("completion_rate", _rate(sum(g.completed for g in games), n, level)),
           ("timeout_rate", _rate(sum(g.timed_out for g in games), n, level))]
    done = [g for g in games if g.completed]
    if not done:
        return out
    winners = [g.winners for g in done]
    seats, nobody = shared_win_shares(winners, players, level=level)
    out += [(f"win_share_seat{k}", _within(as_reported(e), 0.0, 1.0))
            for k, e in enumerate(seats)]
    out.append(("no_winner_share", _within(as_reported(nobody), 0.0, 1.0)))
    for side in sorted({s for g in done if g.sides is not None for s in g.sides}):
        out.append((f"win_share_side_{side}", _share([_side_share(g, side) for g in done],
                                                     level)))
    advantages = tie_adjusted_advantage(winners, players, level=level)
    out += [(f"seat_advantage_seat{k}", _within(as_reported(e), -1.0, 1.0))
            for k, e in enumerate(advantages)]
    out.append(("seat_balance", _balance(winners, players, level, resamples, seed)))
    firsts = [g for g in done if g.first is not None]
    if firsts:
        own = [1 / len(g.winners) if g.first in g.winners else 0.0 for g in firsts]
        fair = [(1 / players) if g.winners else 0.0 for g in firsts]
        out.append(("first_player_win_share", _share(own, level)))
        out.append(("first_player_advantage", _within(
            _mean([o - f for o, f in zip(own, fair, strict=True)], level), -1.0, 1.0)))
    out.append(("tie_rate", _rate(sum(g.tied for g in done), len(done), level)))
    out.append(("length_actions", _mean([g.actions for g in done], level)))
    rounds = [g.rounds for g in done if g.rounds is not None]
    if rounds:
        out.append(("length_rounds", _mean(rounds, level)))
    out.append(("score_spread", _mean([max(g.scores) - min(g.scores) if g.scores else 0.0
                                       for g in done], level)))
    out.append(("lead_changes", _mean([g.lead_changes for g in done], level)))
    led = [g for g in done if g.half_leader is not None]
    if led:
        out.append(("halftime_leader_wins",
                    _rate(sum(g.half_leader in g.winners for g in led), len(led), level)))
    chose = [g for g in done if g.decisions]
    if chose:
        out.append(("branching_factor", _mean([g.choices / g.decisions for g in chose], level)))
        out.append(("real_decisions_per_turn",
                    _mean([g.real_decisions / g.turns for g in chose], level)))
    return out


def _side_share(game: GameFacts, side: str) -> float:
    """``side``'s share of the game's win: 1/k when it is one of the k sides that won."""
    if game.sides is None:
        return 0.0
    won = {game.sides[w] for w in game.winners}
    return 1 / len(won) if side in won else 0.0


def game_values(game: GameFacts) -> dict[str, float]:
    """The value one completed game gives each metric that is a mean over completed games (the
    shares, advantages, ties, lengths, spread and lead changes; not ``halftime_leader_wins``,
    over some games only, nor ``seat_balance``, a largest over seats, nor the decision counts):
    :func:`cell_metrics`'s estimate of such a metric is the mean of these values over the cell
    (a side that is not in the game, ``win_share_side_S``, counts 0 there).

    Two readings played on the same deals give one difference per deal from these values: what
    a sweep's paired comparison of a reading with the default is computed from
    (:func:`doppelnb.core.sweep_metrics.paired_differences`)."""
    if not isinstance(game, GameFacts) or not game.completed:
        raise BadInput("NB-ARG", f"game must be the GameFacts of a completed game, "
                       f"not {show(game)}")
    players, winners = game.players, set(game.winners)
    shares = [1 / len(winners) if k in winners else 0.0 for k in range(players)]
    fair = sum(shares) / players
    out = {f"win_share_seat{k}": shares[k] for k in range(players)}
    out["no_winner_share"] = 0.0 if winners else 1.0
    for side in sorted(set(game.sides or ())):
        out[f"win_share_side_{side}"] = _side_share(game, side)
    out.update({f"seat_advantage_seat{k}": shares[k] - fair for k in range(players)})
    if game.first is not None:
        own = shares[game.first]
        out["first_player_win_share"] = own
        out["first_player_advantage"] = own - ((1 / players) if winners else 0.0)
    out["tie_rate"] = float(game.tied)
    out["length_actions"] = float(game.actions)
    if game.rounds is not None:
        out["length_rounds"] = float(game.rounds)
    out["score_spread"] = max(game.scores) - min(game.scores) if game.scores else 0.0
    out["lead_changes"] = float(game.lead_changes)
    return out


def _balance(winners: list[tuple[int, ...]], players: int, level: float, resamples: int,
             seed: int) -> Estimate:
    """The largest absolute seat advantage, signed, with its seat's Bonferroni interval (level
    ``1 - (1 - level) / players``): simultaneous over the seats, so valid for the seat picked."""
    resamples = check_int(resamples, "resamples", 1, 1_000_000)
    balance = seat_balance(winners, players, level=level, resamples=resamples, seed=seed)
    chosen = balance.advantages[balance.seat]
    if chosen.constant:
        return as_reported(chosen)
    if chosen.n < 2:  # one game: nothing is known of the spread (an infinite t interval)
        return chosen
    return _within(chosen.at_level(1 - (1 - level) / players), -1.0, 1.0)


__all__ = ["METRICS", "GameFacts", "FactsCounter", "facts_of", "game_facts", "sides_of",
           "cell_metrics", "game_values", "as_reported"]
