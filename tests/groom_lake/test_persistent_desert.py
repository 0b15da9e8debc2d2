"""The Desert's tables are persistent (issue 17) and the Desert one immutable value (issue 26): a
placement returns a new Desert, leaves every older one as it was, and shares the tables
(``immutables.Map``) instead of copying them."""

from __future__ import annotations

import random

import networkx as nx  # type: ignore[import-untyped]
import pytest
from immutables import Map

from doppelnb.engines.groom_lake.desert import Desert, OrderedView
from doppelnb.engines.groom_lake.placement import Cells
from doppelnb.engines.groom_lake.tiles import random_tile


def _grow(n: int, seed: int) -> list[Desert]:
    """Successive Deserts, one per placement (as game states hold them)."""
    rng = random.Random(seed)
    d = Desert(random_tile(rng, "S", canyon_share=0))
    out, k = [d], 0
    while len(d) < n:
        k += 1
        tile = random_tile(rng, f"T{k}")
        level, options = d.placement_options(tile, d.start)
        if level is None:
            continue
        pos, rot = options[rng.randrange(len(options))]
        d = d.placed(tile, pos, rot)
        out.append(d)
    return out


def _snapshot(d: Desert) -> tuple[object, ...]:
    return (list(d), dict(d.rotation), dict(d.distance), sorted(d.open),
            {k: sorted(v) for k, v in d.by_constraint.items()}, d.fresh_distances())


def test_gl_r16_older_deserts_keep_their_own_tiles_and_distances() -> None:
    states = _grow(120, seed=3)
    before = [_snapshot(d) for d in states[::10]]
    _grow(120, seed=3)  # more placements elsewhere change nothing
    extra = states[50]
    for p in sorted(extra.open)[:5]:
        for r in (0, 90, 180, 270):
            if extra.fits(extra[extra.start], p, r):
                extra = extra.placed(extra[extra.start], p, r)
                break
    assert [_snapshot(d) for d in states[::10]] == before
    for i, d in enumerate(states):
        assert len(d) == i + 1
        assert dict(d.distance) == d.fresh_distances()  # GL-R16 incremental = fresh BFS


def test_the_graph_is_frozen_and_matches_placement_order() -> None:
    d = _grow(60, seed=5)[-1]
    g = d.graph
    assert d.graph is g  # built once per Desert
    assert list(g.nodes) == list(d)
    assert all(list(g.adj[u]) == d.adjacent(u) for u in d)
    with pytest.raises(nx.NetworkXError):
        g.add_node((999, 999))  # a Desert's graph is frozen


def test_views_read_like_their_plain_twins() -> None:
    m = Map({0: "a", 1: "b", 2: "c"})
    cells = Cells(m)
    assert list(cells) == ["a", "b", "c"] and cells[-1] == "c" and cells[1:] == ["b", "c"]
    with pytest.raises(IndexError):
        cells[3]
    view = OrderedView(Map({0: "y", 1: "x"}), Map({"x": 1, "y": 2}))
    assert list(view) == ["y", "x"] and dict(view) == {"y": 2, "x": 1} and "x" in view
