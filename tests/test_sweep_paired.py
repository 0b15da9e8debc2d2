"""Issue 27: a sweep's readings are played on common deals, its rows carry the paired difference
from the default, and the verdicts test that paired difference (Holm across the report); the
metrics' meanings are version 2 (ties shared, a team's win a win, constants as constants)."""

from __future__ import annotations

import math

import pytest

from doppelnb.core.stats import paired_difference
from doppelnb.core.sweep import (
    COLUMNS,
    Row,
    Table,
    compare_readings,
    metrics,
    parse_table_csv,
    reading_verdicts,
    sweep,
)
from doppelnb.core.sweep_metrics import METRIC_VERSION, paired_differences
from doppelnb.core.sweep_run import _Task, play_chunk
from doppelnb.core.sweep_table import OLD_COLUMNS
from doppelnb.core.verdicts import SAME, paired_from_summary

READING = "next_leader=rotate_left"  # DD-A3: who leads the next trick


def _chunk(reading, changes, mix=("greedy",), count=6, seed=15):
    return list(play_chunk(_Task("doppeldoppel", reading, changes, 3, mix, seed, 0, count)))


def test_every_reading_plays_the_default_deals_with_the_same_seats():
    """Game i of a reading starts from the very deal of game i of the default (the deal seed
    no longer includes the reading), so the two can be compared game by game."""
    default = _chunk("default", ())
    reading = _chunk(READING, (("next_leader", "rotate_left"),))
    for (rec_a, a), (rec_b, b) in zip(default, reading, strict=True):
        assert a.history()[0].hands == b.history()[0].hands
        assert rec_a["seats"] == rec_b["seats"] and rec_a["first"] == rec_b["first"]
    # ... and the deals still differ from game to game
    assert default[0][1].history()[0].hands != default[1][1].history()[0].hands


def test_the_default_keeps_its_games_so_its_fingerprints_are_unchanged():
    """The shared deals are the default's own: the default's cells (and sweeps of the default
    alone, the skill ladders) play the games they always played. The fingerprint of the default
    cell in doppeldoppel.json was recorded before readings shared their deals."""
    from doppelnb.core.provenance import fingerprint_cell, read_provenance

    part = read_provenance("doppeldoppel")["parts"][0]
    digests, _ = fingerprint_cell("doppeldoppel", "default", {}, 3, ("greedy",), part["seed"],
                                  part["fingerprint_games"])
    assert digests["results"] == "87fea96d265a95743c1233872c71bbf060089fff855941261426f49230c1103e"
    assert digests == part["cells"]["default|3|greedy"]


@pytest.fixture(scope="module")
def paired_table():
    return sweep("doppeldoppel", readings=["default", READING], player_counts=[3],
                 policy_mixes=["greedy/random"], games=40, seed=5, workers=1, progress=False)


def test_a_readings_rows_carry_the_paired_t_difference_of_the_same_games(paired_table):
    """The paired columns are the mean per-game difference and its 95% paired t interval,
    checked against scipy's paired t test on the games' lengths in actions and the first
    player's win share, recomputed here from the played games."""
    from scipy import stats as scipy_stats

    default = [r for r, _ in play_chunk(_Task("doppeldoppel", "default", (), 3,
                                              ("greedy", "random"), 5, 0, 40))]
    reading = [r for r, _ in play_chunk(_Task("doppeldoppel", READING,
                                              (("next_leader", "rotate_left"),), 3,
                                              ("greedy", "random"), 5, 0, 40))]

    def share(record):
        wins = record["w"]
        return 1 / len(wins) if record["first"] in wins else 0.0

    for metric, value in [("score_spread", lambda r: max(r["s"]) - min(r["s"])),
                          ("first_player_win_rate", share)]:
        a = [value(r) for r in default]
        b = [value(r) for r in reading]
        row = paired_table.where(reading=READING, metric=metric).rows[0]
        diff, n, lo, hi = row.paired
        assert n == 40 and diff == pytest.approx(sum(b) / 40 - sum(a) / 40, abs=1e-6)
        test = scipy_stats.ttest_rel(b, a)
        interval = test.confidence_interval(0.95)
        assert (lo, hi) == (pytest.approx(interval.low, abs=1e-6),
                            pytest.approx(interval.high, abs=1e-6))
        comparison = paired_from_summary(row.paired, paired_difference(a, b))
        assert comparison.test == "paired t"
        assert comparison.p_value == pytest.approx(test.pvalue, rel=1e-3, abs=1e-6)


def test_the_default_rows_and_partial_metrics_have_no_paired_difference(paired_table):
    assert all(r.paired is None for r in paired_table.rows if r.reading == "default")
    reading = {r.metric: r for r in paired_table.rows if r.reading == READING}
    for metric in ("halftime_leader_wins", "skill_gap", "seat_balance"):
        if metric in reading:
            assert reading[metric].paired is None, metric
    assert reading["length_actions"].paired is not None


def test_compare_readings_states_the_paired_difference_and_uses_it(paired_table):
    for c in compare_readings(paired_table, "score_spread"):
        assert c["paired"] and c["test"] == "paired t"
        row = paired_table.where(reading=c["reading"], metric="score_spread").rows[0]
        assert c["difference"] == row.paired
        assert c["p_value"] == c["comparison"].p_value


def _rows(paired, default=(10.0, 50, 9.0, 11.0), value=(10.5, 50, 9.5, 11.5)):
    return [Row("default", 3, "greedy", "length_actions", *default),
            Row("x=1", 3, "greedy", "length_actions", *value, METRIC_VERSION, *paired)]


def test_pairing_settles_what_two_overlapping_intervals_cannot():
    """The same two rows, once with the paired difference of common deals (narrow: the deals'
    noise cancels) and once without (a version-1 table): only the paired one is settled."""
    paired = Table(_rows((0.5, 0.4, 0.6)))
    (c,), family = reading_verdicts(paired, "length_actions")
    assert c["paired"] and c["outcome"] == "settled: higher" and family.size == 1
    unpaired = Table([r[:8] + (1,) for r in _rows((0.5, 0.4, 0.6))])
    (u,), _ = reading_verdicts(unpaired, "length_actions")
    assert not u["paired"] and u["outcome"] == "open"


def test_a_reading_that_changes_no_game_is_not_tested_and_not_counted():
    table = Table(_rows((0.0, 0.0, 0.0), value=(10.0, 50, 9.0, 11.0)))
    (c,), family = reading_verdicts(table, "length_actions")
    assert c["outcome"] == SAME and not c["settled"] and family.size == 0


def test_a_difference_the_same_in_every_game_is_tested_by_the_sign_test():
    table = Table(_rows((1.0, 1.0, 1.0), value=(11.0, 50, 10.0, 12.0)))
    (c,), _ = reading_verdicts(table, "length_actions")
    assert c["test"] == "exact sign test" and c["outcome"] == "settled: higher"


# -- metric version 2 ----------------------------------------------------------------------------
def test_a_team_win_is_a_win_not_a_tie_and_the_shares_add_up_to_one():
    """Doppel Doubt: both Doppels of the winning colour are winners (DB-R18). Version 1 counted
    that as a tie (tie_rate 1 in every game) and as a full win for both seats."""
    sides = ["red", "red", "blue", "blue"]
    records = [{"w": w, "s": [0, 0, 0, 0], "len": 5, "rounds": None, "lc": 0, "half": None,
                "first": 0, "seats": ["random"] * 4, "t": sides}
               for w in ([0, 1], [2, 3], [0, 1], [0, 1])]
    got = {m[0]: m[1:] for m in metrics(records, 4)}
    assert got["tie_rate"] == (0.0, 4, 0.0, 0.0)  # never more than one side won: constant
    rates = [got[f"win_rate_seat{k}"][0] for k in range(4)]
    assert rates == [0.375, 0.375, 0.125, 0.125]
    assert sum(rates) + got["no_winner_rate"][0] == 1
    # each side's win rate: a team's win is one win of its side
    assert got["win_rate_side_red"][:2] == (0.75, 4) and got["win_rate_side_blue"][0] == 0.25


def test_the_csv_has_the_metric_version_and_the_paired_columns(paired_table):
    text = paired_table.to_csv()
    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert COLUMNS[:8] == OLD_COLUMNS and COLUMNS[8:] == ("metric_version", "paired_diff",
                                                          "paired_lo", "paired_hi")
    rows = parse_table_csv(text)
    assert all(r.metric_version == METRIC_VERSION == 2 for r in rows)
    assert [r.paired is None for r in rows] == [r.paired is None for r in paired_table.rows]
    # a table written before the column reads as version 1, without paired differences
    old = "\n".join([",".join(OLD_COLUMNS), "default,3,greedy,tie_rate,0.1,10,0.02,0.4"])
    (row,) = parse_table_csv(old)
    assert row.metric_version == 1 and row.paired is None and math.isnan(row.paired_diff)


def test_paired_differences_refuse_cells_of_different_games():
    from doppelnb.core.errors import BadInput

    records = [r for r, _ in _chunk("default", (), count=2)]
    with pytest.raises(BadInput):
        paired_differences(records, records[:1], 3)
