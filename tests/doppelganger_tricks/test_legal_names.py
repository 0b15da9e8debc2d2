"""Tricks' follow rule lives in legal.py under Doppeldoppel's name and module (issue 26), and
the package still exports it (a public fixed name, /work/shared/api.md)."""

from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks import legal, rules


def test_legal_plays_lives_in_legal_and_is_the_package_level_name():
    assert dt.legal_plays is legal.legal_plays
    assert not hasattr(rules, "legal_plays")
    assert "legal_plays" in legal.__all__ and "legal_plays" in dt.__all__


def test_legal_plays_follows_or_plays_a_doppelganger_dt_r9():
    names = [str(c) for c in legal.legal_plays("9S 8C 1D 6D", "S")]  # DT-E2, player B
    assert names == ["9S", "1D", "6D"]
    assert [str(c) for c in legal.legal_plays(["8C", "1D"], "S")] == ["8C", "1D"]  # no spade
    assert [str(c) for c in legal.legal_plays(["8C", "1D"], None)] == ["8C", "1D"]  # DT-R7
