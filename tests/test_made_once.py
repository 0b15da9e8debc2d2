"""core.made_once.MadeOnce: the legal listings' shared actions (Groom Lake, the quest)."""

from doppelnb.core import made_once
from doppelnb.core.made_once import MadeOnce


def test_a_value_is_made_once_and_shared():
    calls = []
    table = MadeOnce(lambda key: calls.append(key) or ("move", *key))
    first = table[(1, 0)]
    assert table[(1, 0)] is first and first == ("move", 1, 0)
    assert calls == [(1, 0)]


def test_a_full_table_starts_again_instead_of_growing(monkeypatch):
    monkeypatch.setattr(made_once, "LIMIT", 3)
    table = MadeOnce(lambda key: (key,))
    for key in range(10):
        assert table[key] == (key,)
        assert len(table) <= 3


def test_the_engines_listings_use_it():
    from doppelnb.engines.doppelganger_quest import legal as quest
    from doppelnb.engines.groom_lake import legal as groom_lake

    assert isinstance(groom_lake._MOVES, MadeOnce)
    assert all(isinstance(t, MadeOnce) for t in quest._MADE.values())
