"""doppelnb.core.sweep_words: the one code path that puts a shipped sweep's code names (readings
``flag=value``, policy mixes, metrics) in a game's words, for every engine's teaching.py."""

from __future__ import annotations

import pytest

from doppelnb import BadInput
from doppelnb.core.sweep_words import plain_sweep_words, sweep_section
from doppelnb.engines.groom_lake import teaching as gl_teaching


def test_a_policy_mix_before_a_colon_is_worded_whole():
    """"Policy mix random: ..." once became "Random: bots ..." (the colon taken as the mix's)."""
    said = plain_sweep_words("Policy mix random: tie_rate; Policy mix mcts:8/greedy, 3 players",
                             str, lambda m: "ties", ["tie_rate"])
    assert said == "Random bots: ties; Mcts:8 and greedy bots, 3 players"


def test_a_flag_worded_as_a_question_takes_its_answer_after_a_space():
    """GL-A21: Groom Lake's flags are questions; "?:" read badly in its chapter."""
    assert gl_teaching.sweep_reading_label("carry_over_ap=True") == (
        "Do unused action points carry over? yes, to the next turn")
    assert gl_teaching.sweep_reading_label("nope=3") == "nope=3"
    assert gl_teaching.plain_sweep_text("with nope=3.") == "with nope=3."


def test_a_ladder_section_names_each_bar_by_its_bots():
    """A ladder compares bots under one reading: each bar says which bots, not only the reading."""
    section = str(sweep_section("groom_lake_ladder", "skill_gap",
                                reading_words=gl_teaching.sweep_reading_label,
                                metric_words=gl_teaching.metric_label,
                                plain_text=gl_teaching.plain_sweep_text))
    assert "default rules, greedy and random bots" in section


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(BadInput, match="metric"):
        sweep_section("groom_lake_ladder", "no_such_metric", reading_words=str,
                      metric_words=lambda m, p: m, plain_text=lambda t, p: t)
    with pytest.raises(BadInput, match="text"):
        plain_sweep_words(3, str, str, [])  # type: ignore[arg-type]
