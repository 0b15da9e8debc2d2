"""Shortcuts the search takes (issue 27), each against the readable rule it stands for: the
trapped test that stops at the first way out (GL-R31.4, GL-A28) against its definition over the
whole region, and the placement options read from the open positions' kept constraints
(GL-R14, GL-R15) against testing every edge of every spot and rotation."""

from __future__ import annotations

import random

from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.desert import Desert
from doppelnb.engines.groom_lake.tiles import diagonals, neighbours, random_tile


def _deserts(count: int, seed: int) -> list[Desert]:
    """Deserts grown at random, Canyons and Civilization included."""
    rng = random.Random(seed)
    d = Desert(random_tile(rng, "S", canyon_share=0))
    out, k = [d], 0
    while len(out) < count:
        k += 1
        tile = random_tile(rng, f"T{k}", canyon_share=0.4)
        level, options = d.placement_options(tile, rng.choice(list(d)))
        if level is None:
            continue
        d = d.placed(tile, *options[rng.randrange(len(options))])
        out.append(d)
    return out


def test_gl_r31_4_trapped_is_its_definition_over_the_whole_region() -> None:
    checked = trapped = 0
    for seed in range(6):
        for d in _deserts(40, seed)[::3]:
            for team in d:
                if d[team].terrain == "canyon":
                    continue
                r = gl.region(d, team)
                expected = (not any(d[p].terrain == "civilization" for p in r)
                            and all(q in d for p in r for q in neighbours(p)))
                assert gl.is_trapped(d, team) == expected
                checked += 1
                trapped += expected
    assert checked > 500 and trapped > 0


def test_gl_r15_placement_options_are_every_fitting_spot_and_rotation() -> None:
    rng = random.Random(7)
    for seed in range(4):
        for d in _deserts(30, seed)[::2]:
            for mode in ("presence", "exact_pattern"):
                tile, team = random_tile(rng, "X"), rng.choice(list(d))
                level, options = d.placement_options(tile, team, mode)
                rotations = tile.distinct_rotations()
                near = [q for q in neighbours(team) if q not in d]
                diagonal = [q for q in diagonals(team) if q not in d and q in d.open]
                for lvl, spots in ((1, near), (2, diagonal)):
                    found = [(p, r) for p in spots for r in rotations if d.fits(tile, p, r, mode)]
                    if found:
                        assert (level, list(options)) == (lvl, found)
                        break
                else:
                    assert level in (3, None)
