"""Issue 26: the Desert is one persistent value. Every Desert is immutable from birth: no public
method changes it, :meth:`Desert.placed` returns a new Desert (GL-R14, GL-R15 refusals as before)
and leaves the old one as it was, and the two share the old one's persistent maps."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import doppelnb.engines.groom_lake as gl
from doppelnb.core.errors import IllegalAction
from doppelnb.engines.groom_lake.desert import Desert, _rebuild_desert
from doppelnb.engines.groom_lake.players import explorer_policy
from doppelnb.engines.groom_lake.tiles import neighbours, random_tile


def _grown(n: int, seed: int) -> Desert:
    rng = random.Random(seed)
    d = Desert(random_tile(rng, "S", canyon_share=0))
    k = 0
    while len(d) < n:
        k += 1
        tile = random_tile(rng, f"T{k}", canyon_share=0.3)
        level, options = d.placement_options(tile, rng.choice(list(d)))
        if level is not None:
            d = d.placed(tile, *options[rng.randrange(len(options))])
    return d


def _snapshot(d: Desert) -> tuple[object, ...]:
    """Everything a reader can see of a Desert, as plain values."""
    return (d.start, [(p, d[p].id, d.rotation[p], d.edges[p], d.distance[p]) for p in d],
            sorted(d.open), {k: sorted(v) for k, v in d.by_constraint.items()}, d.ascii(),
            sorted(d.graph.edges))


def _a_fitting_placement(d: Desert, seed: int) -> tuple[gl.Tile, tuple[int, int], int]:
    rng = random.Random(seed)
    while True:
        tile = random_tile(rng, "NEW")
        level, options = d.placement_options(tile, d.start)
        if level is not None:
            return (tile, *options[0])


def test_no_public_method_or_assignment_changes_a_desert() -> None:
    d = _grown(40, seed=1)
    before = _snapshot(d)
    for name in ("place", "copy", "freeze", "frozen", "_add", "_frozen"):
        assert not hasattr(d, name), name  # no mutating method, no frozen/unfrozen state
    # every public method and property, called with valid arguments
    tile, p, rotation = _a_fitting_placement(d, seed=2)
    team = next(iter(d))
    d.placed(tile, p, rotation)
    d.placement_options(tile, team)
    d.placement_options(tile, team, "exact_pattern")
    d.explain_placement(tile, team)
    d.check_fit(tile, p, rotation)
    d.fits(tile, p, rotation)
    d.shortest_path(team)
    d.fresh_distances()
    d.adjacent(team), d.placed_neighbours(p), d.empty_neighbours(team), d.bounds()
    d._repr_svg_(), str(d), repr(d), d.get(p), d.distance_of(team)
    gl.is_trapped(d, team), gl.region(d, team)
    assert _snapshot(d) == before
    # nor does assigning or deleting an attribute (a frozen value, as a State is)
    for name in Desert.__slots__:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(d, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(d, name)
    with pytest.raises(TypeError):
        d.tiles[p] = tile  # type: ignore[index]
    assert _snapshot(d) == before


def test_gl_r14_placed_leaves_the_original_unchanged_and_equal_to_before() -> None:
    d = _grown(60, seed=3)
    before, twin = _snapshot(d), _rebuild_desert(d.start, [(p, d[p], d.rotation[p]) for p in d])
    tile, p, rotation = _a_fitting_placement(d, seed=4)
    new = d.placed(tile, p, rotation)
    assert _snapshot(d) == before and d == twin and p not in d
    assert new is not d and new != d and len(new) == len(d) + 1 and new[p] is tile
    assert dict(new.distance) == new.fresh_distances()  # GL-R16 on the new Desert
    # the refusals are those of the old place(): GL-R15 occupied / touching nothing, GL-R14
    with pytest.raises(IllegalAction) as err:
        new.placed(tile, p, rotation)
    assert err.value.rule == "GL-R15"
    with pytest.raises(IllegalAction) as err:
        new.placed(tile, (10**6, 0), 0)
    assert err.value.rule == "GL-R15"
    assert _snapshot(d) == before


def test_a_states_desert_is_shared_and_never_changed_by_later_actions() -> None:
    rng = random.Random(5)
    state = gl.new_game(4, seed=5)
    kept: list[tuple[gl.State, tuple[object, ...]]] = []
    placements = 0
    while not state.is_over and state.action_count < 400:
        kept.append((state, _snapshot(state.desert)))
        action = explorer_policy(state, rng)  # a game that explores: many placements
        after = state.play(action)
        if action[0] == "place":
            placements += 1
            assert after.desert is not state.desert and len(after.desert) == len(state.desert) + 1
        else:  # a Desert no action changes is the very same value in the next state
            assert after.desert is state.desert
        state = after
    assert placements >= 3
    assert all(_snapshot(s.desert) == snap for s, snap in kept)


def test_a_placement_shares_the_old_deserts_maps() -> None:
    d = _grown(200, seed=6)
    tile, p, rotation = _a_fitting_placement(d, seed=7)
    new = d.placed(tile, p, rotation)
    # the classes of open positions the placement does not touch keep their very map
    touched = {m._constraint.get(q) for m in (d, new) for q in (p, *neighbours(p))}
    untouched = [need for need in d._by_constraint if need not in touched]
    assert len(untouched) > 5
    for need in untouched:
        assert new._by_constraint[need][1] is d._by_constraint[need][1]
    # the unchecked placement of the apply path builds the same Desert as the checked one
    same = d._placed(tile, p, rotation)
    assert _snapshot(same) == _snapshot(new) and same == new
    # the graph is a cache of each Desert: built once, frozen, never carried to the next
    assert d.graph is d.graph and new.graph is not d.graph and p not in d.graph


def test_an_immutable_desert_is_its_own_copy_and_pickles() -> None:
    d = _grown(30, seed=8)
    assert copy.copy(d) is d and copy.deepcopy(d) is d
    back = pickle.loads(pickle.dumps(d))
    assert back == d and _snapshot(back) == _snapshot(d)
    # a pickle made before issue 26 carries a third argument (frozen): it still loads
    old = _rebuild_desert(d.start, [(p, d[p], d.rotation[p]) for p in d], True)
    assert old == d
