"""doppelnb.core.metrics: per-game facts read from game states and the per-cell metrics (issue 27).

Win shares with ties shared add up to 1, team wins count for each team seat (DB-R18), constant
metrics are reported as constants, branching is counted by hand on the toy game, and the facts
are the very ones a sweep records, so the sweep can switch to this module without changing its
tables.
"""

from __future__ import annotations

import math

import pytest
import toy_game

import doppelnb
from doppelnb import BadInput
from doppelnb.core.metrics import GameFacts, cell_metrics, facts_of, game_facts
from doppelnb.core.state import play_to_end
from doppelnb.core.sweep import _Task, metrics, play_chunk

GAMES = list(doppelnb.GAMES)


def made(winners, players=3, *, length=10, sides=None, completed=True, timed_out=False,
         scores=None, first=0):
    """Hand-built facts of one game."""
    return GameFacts(players=players, completed=completed, timed_out=timed_out,
                     winners=tuple(winners) if completed else (), sides=sides,
                     scores=tuple(scores or [float(s in winners) for s in range(players)]),
                     first=first, actions=length, rounds=None, decisions=length,
                     choices=2 * length, real_decisions=length, turns=length,
                     lead_changes=0, half_leader=None)


def seeded(game, seeds=(1, 2, 3)):
    module = doppelnb.GAMES[game]
    players = min(module.PLAYER_COUNTS)
    return [play_to_end(module.new_game(players, seed=s), seed=s) for s in seeds]


def shares(rows, players):
    return [rows[f"win_share_seat{k}"].estimate for k in range(players)]


# -- win shares ----------------------------------------------------------------------------------
def test_a_tied_win_is_shared_not_counted_in_full_for_each_tied_seat():
    games = [made({0, 1}), made({0, 1}), made({0}), made(set())]
    rows = dict(cell_metrics(games))
    # seat 0: 1/2 + 1/2 + 1 = 2 of 4 games; seat 1: 1/2 + 1/2 = 1; nobody won the fourth
    assert shares(rows, 3) == pytest.approx([0.5, 0.25, 0.0])
    assert rows["no_winner_share"].estimate == pytest.approx(0.25)
    assert sum(shares(rows, 3)) + rows["no_winner_share"].estimate == pytest.approx(1.0)
    assert rows["tie_rate"].estimate == pytest.approx(0.5)
    # the advantage is tie-adjusted: seat 0 minus the average seat's share in each game
    assert rows["seat_advantage_seat0"].estimate == pytest.approx(
        ((0.5 - 1 / 3) * 2 + (1 - 1 / 3) + 0) / 4)
    # the one seat-balance figure is the largest advantage in absolute value, seat 0's here
    assert rows["seat_balance"].estimate == pytest.approx(rows["seat_advantage_seat0"].estimate)


@pytest.mark.parametrize("game", GAMES)
def test_win_shares_add_up_to_one_in_each_seeded_game_of_every_engine(game):
    finals = seeded(game)
    players = finals[0].players
    for final in finals:
        facts = game_facts(final)
        assert facts.completed and facts.winners == final.outcome.winners
        rows = dict(cell_metrics([facts]))
        assert sum(shares(rows, players)) + rows["no_winner_share"].estimate == \
            pytest.approx(1.0)
    rows = dict(cell_metrics([game_facts(f) for f in finals]))
    assert sum(shares(rows, players)) + rows["no_winner_share"].estimate == pytest.approx(1.0)
    assert sum(rows[f"seat_advantage_seat{k}"].estimate for k in range(players)) == \
        pytest.approx(0.0, abs=1e-12)


def test_doppel_doubt_team_win_counts_for_each_seat_of_the_winning_team():
    final = seeded("doppel_doubt", seeds=(1,))[0]
    facts = game_facts(final)
    teams = final.results().team_winners                      # DB-R18: the winning colour(s)
    team_seats = {s for s, side in enumerate(facts.sides) if side in teams}
    assert facts.sides is not None and len(team_seats) >= 2   # DB-R1: two Doppels a colour
    assert set(facts.winners) == team_seats
    rows = dict(cell_metrics([facts]))
    for seat in range(final.players):
        expected = 1 / len(team_seats) if seat in team_seats else 0.0
        assert rows[f"win_share_seat{seat}"].estimate == pytest.approx(expected)
    # one team winning is not a tie, though two seats won
    assert rows["tie_rate"].estimate == (len(teams) > 1)


def test_a_team_game_is_tied_only_when_two_teams_win():
    sides = ("red", "red", "blue", "blue")
    assert not made({0, 1}, 4, sides=sides).tied
    assert made({0, 1, 2, 3}, 4, sides=sides).tied
    assert made({0, 1}, 4).tied  # without sides, two winning seats are a tie


# -- constants, completion, time-outs -----------------------------------------------------------
def test_a_metric_that_never_varies_is_reported_as_constant_not_as_an_interval():
    games = [made({0}, length=7), made({1}, length=7), made({0}, length=7)]
    rows = dict(cell_metrics(games))
    length = rows["length_actions"]
    assert length.constant and (length.estimate, length.lo, length.hi) == (7, 7, 7)
    rate = rows["completion_rate"]   # a Wilson interval would be [0.44, 1]: not a measurement
    assert rate.constant and (rate.estimate, rate.lo, rate.hi) == (1.0, 1.0, 1.0)
    varying = rows["win_share_seat0"]
    assert not varying.constant and varying.lo < varying.estimate < varying.hi


def test_unfinished_and_timed_out_games_are_counted_and_left_out_of_the_other_metrics():
    games = [made({0}), made({1}), made((), completed=False),
             made((), completed=False, timed_out=True)]
    rows = dict(cell_metrics(games))
    assert rows["completion_rate"].estimate == 0.5 and rows["completion_rate"].n == 4
    assert rows["timeout_rate"].estimate == 0.25 and rows["timeout_rate"].n == 4
    assert rows["win_share_seat0"].n == 2 and rows["win_share_seat0"].estimate == 0.5
    only_unfinished = dict(cell_metrics([made((), completed=False)]))
    assert set(only_unfinished) == {"completion_rate", "timeout_rate"}


def test_a_game_stopped_at_the_action_cap_is_counted_not_fatal():
    module = doppelnb.GAMES["doppeldoppel"]
    state = module.new_game(3, seed=4)
    states = [state]
    for _ in range(20):             # an action cap of 20
        state = state.play(state.legal_actions()[0])
        states.append(state)
    facts = facts_of(states, timed_out=True)
    assert facts.timed_out and not facts.completed and facts.winners == ()
    assert facts.actions == 20


# -- branching and decisions, by hand on the toy game --------------------------------------------
def test_branching_factor_and_real_decisions_counted_by_hand_on_the_toy_game():
    rules = toy_game.Rules(target=10, exact=True)   # TOY-A2: never overshoot 10
    state = toy_game.new_game(2, rules=rules, seed=3)
    start = state.total
    while not state.is_over:
        state = state.play(1)
    facts = game_facts(state)
    # Adding 1 each time from `start` to 10: one decision per total start..9; each offers +1
    # and +2 except at 9 (+2 would overshoot), so every decision but the last is a real one.
    decisions = 10 - start
    assert (facts.decisions, facts.choices, facts.real_decisions) == \
        (decisions, 2 * (decisions - 1) + 1, decisions - 1)
    assert facts.turns == decisions                 # the two players alternate
    rows = dict(cell_metrics([facts, facts]))
    assert rows["branching_factor"].estimate == pytest.approx((2 * decisions - 1) / decisions)
    assert rows["real_decisions_per_turn"].estimate == pytest.approx((decisions - 1) / decisions)
    assert rows["branching_factor"].constant        # the same game twice


class Step:
    """A bare state for counting: who moves, how many legal actions, over or not."""

    game = "bare"
    players = 2
    scores = (0, 0)

    def __init__(self, to_move, legal, over=False):
        self.to_move, self.legal, self.is_over = to_move, legal, over

    def legal_actions(self):
        return list(range(self.legal))

    @property
    def outcome(self):
        from doppelnb.core.state import Outcome

        return Outcome(self.is_over, (0,) if self.is_over else (), self.scores)


def test_a_turn_is_a_run_of_decisions_by_one_seat_and_chance_steps_are_not_decisions():
    # seat 0 decides twice in a row, a chance step (nobody to move), seat 1 three times, seat 0
    steps = [Step(0, 3), Step(0, 1), Step(None, 6), Step(1, 2), Step(1, 2), Step(1, 1),
             Step(0, 4), Step(None, 0, over=True)]
    facts = facts_of(steps)
    assert (facts.decisions, facts.choices, facts.real_decisions) == (6, 13, 4)
    assert facts.turns == 3 and facts.actions == 7 and facts.first == 0
    rows = dict(cell_metrics([facts]))
    assert rows["real_decisions_per_turn"].estimate == pytest.approx(4 / 3)
    assert rows["branching_factor"].estimate == pytest.approx(13 / 6)


# -- the sweep's facts ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_facts_are_the_ones_a_sweep_records_for_the_same_games(game):
    players = min(doppelnb.GAMES[game].PLAYER_COUNTS)
    task = _Task(game, "default", (), players, ("greedy", "random"), 7, 0, 2)
    records, mine = [], []
    for record, final in play_chunk(task):
        record.pop("i")
        records.append(record)
        mine.append(game_facts(final).to_sweep_record(record["seats"]))
    assert mine == records
    assert metrics(mine, players) == metrics(records, players)


# -- refusals ------------------------------------------------------------------------------------
@pytest.mark.parametrize("games", [[], "abc", [1, 2], None])
def test_cell_metrics_refuses_what_is_not_a_list_of_facts(games):
    with pytest.raises(BadInput):
        cell_metrics(games)


def test_cell_metrics_refuses_a_cell_of_mixed_player_counts():
    with pytest.raises(BadInput, match="same number of players"):
        cell_metrics([made({0}, 3), made({0}, 4)])


def test_game_facts_refuses_what_is_not_a_state():
    with pytest.raises(BadInput):
        game_facts("a state")


def test_one_game_is_neither_constant_nor_precise():
    """One observation says nothing of the spread: an infinite t interval, not a constant."""
    rows = dict(cell_metrics([made({0})]))
    length = rows["length_actions"]
    assert not length.constant and length.n == 1
    assert math.isinf(length.lo) and math.isinf(length.hi)


# -- one definition: the per-game values a sweep pairs -------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_metrics_per_game_values_average_to_its_cell_estimate(game):
    """:func:`game_values` (what a sweep's paired differences are computed from) and
    :func:`cell_metrics` agree: the mean of a metric's per-game values is its estimate."""
    from doppelnb.core.metrics import game_values

    players = min(doppelnb.GAMES[game].PLAYER_COUNTS)
    task = _Task(game, "default", (), players, ("greedy", "random"), 11, 0, 4)
    facts = [game_facts(final) for _, final in play_chunk(task)]
    rows = dict(cell_metrics(facts))
    values = [game_values(f) for f in facts]
    names = {name for v in values for name in v}
    assert names <= set(rows)
    for name in names:  # (a side missing from a game won none of it)
        mean = sum(v.get(name, 0.0) for v in values) / len(values)
        assert mean == pytest.approx(rows[name].estimate, abs=1e-12), name
