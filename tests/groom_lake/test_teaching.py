"""Groom Lake's words for its flags (teaching.py): every reading of every flag with choices has
plain words, the default is marked, and bad names are refused (GL-A* flags)."""

from __future__ import annotations

import pytest

from doppelnb import BadInput
from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import teaching


def test_every_flag_and_every_listed_reading_has_words():
    for info in gl.Rules.flags():
        assert teaching.setting_label(info.name), info.name
        for choice in info.choices or ():
            text = teaching.reading_label(info.name, choice, default=False)
            assert text not in ("True", "False") and "_" not in text, (info.name, choice)


def test_reading_label_marks_the_default_only_and_tells_true_from_one():
    assert teaching.reading_label("edge_match", "presence") == "no: a dot meets a dot (default)"
    assert teaching.reading_label("edge_match", "exact_pattern") == "yes: the same number"
    assert teaching.reading_label("edge_match", "presence", default=False) == \
        "no: a dot meets a dot"
    assert teaching.reading_label("hand_limit", None) == "none (default)"
    assert teaching.reading_label("hand_limit", 3) == "3 cards"
    # 0 == False in a dict: an int is no reading of a yes/no flag, and is not its default.
    assert teaching.reading_label("limited_tokens", False) == "as many as needed (default)"
    assert teaching.reading_label("limited_tokens", 0) == "0"


def test_unknown_flag_names_are_refused():
    for bad in ("nope", 3):
        with pytest.raises(BadInput):
            teaching.setting_label(bad)
        with pytest.raises(BadInput):
            teaching.reading_label(bad, True)
