"""The Groom Lake determinizer samples uniformly among the positions consistent with what the
player saw (issue 27), without keeping which face-down pile a hidden tile or card lies in.

A tile's back is public (the stack it lies in or was drawn from, GL-R2, GL-R16), its face is not:
a tile discarded face down after a Scout (GL-R13) may be any unseen tile of its back. On a small
hand-built case (three "3" tiles over the "3" stack and the discards, two "6" tiles over the "6"
stack and the discards: 3! x 2! = 12 arrangements) a fixed-seed run of samples is compared with
the uniform distribution over the 12 by a chi-square test. The sampler before issue 27 kept each
pile's contents and redrew only their order: it reached 2 of the 12 arrangements (the discards
were always A03 and B02), so it fails at once.

A Supply card removed from the game face down by a Mountain (GL-R17) is unseen too: it is
redrawn from the unseen pool, while a card removed face up stays.
"""

from __future__ import annotations

import random
from collections import Counter

from immutables import Map
from scipy.stats import chisquare

from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake.players import determinize, prepare_determinize

SAMPLES = 6000
#: Below this p-value a sampler is not uniform (the run is seeded, so the test is deterministic).
ALPHA = 1e-4


def _small_case() -> gl.State:
    state = gl.new_game(4, seed=1)
    return state._evolve(stacks=Map({"3": ("A01", "A02"), "6": ("B01",), "compass": (),
                                     "discards": ()}),
                         tile_discards=("A03", "B02"))


def _arrangement(state: gl.State) -> tuple[tuple[str, ...], ...]:
    return (state.stacks["3"], state.stacks["6"], state.tile_discards)


def test_gl_r13_face_down_tile_discards_are_any_unseen_tiles_of_their_back() -> None:
    state = _small_case()
    rng = random.Random(27)
    counts = Counter(_arrangement(determinize(state, 0, rng)) for _ in range(SAMPLES))
    for stack3, stack6, discards in counts:  # every sample keeps each place's back and size
        assert sorted(stack3 + discards[:1]) == ["A01", "A02", "A03"]
        assert sorted(stack6 + discards[1:]) == ["B01", "B02"]
    assert len(counts) == 12  # 3! arrangements of the "3" tiles x 2! of the "6" tiles
    assert chisquare(list(counts.values())).pvalue > ALPHA


def test_the_sample_does_not_depend_on_where_the_hidden_tiles_really_lie() -> None:
    state = _small_case()
    twin = state._evolve(stacks=state.stacks.set("3", ("A03", "A01")),
                         tile_discards=("A02", "B02"))
    assert determinize(state, 2, random.Random(5)) == determinize(twin, 2, random.Random(5))


def test_gl_r17_a_card_removed_face_down_is_redrawn_and_a_face_up_one_kept() -> None:
    state = gl.new_game(4, seed=1)
    # "canteen" left the game face up (a clearing pile, GL-R25), "souvenir" face down (GL-R17)
    state = state._evolve(removed=("canteen", "souvenir"), removed_unseen=(1,))
    seen = Counter(determinize(state, 0, random.Random(seed)).removed for seed in range(300))
    assert all(removed[0] == "canteen" for removed in seen)
    assert len({removed[1] for removed in seen}) > 3  # any unseen card may be the one removed


def test_a_prepared_sampler_draws_the_samples_determinize_draws() -> None:
    """``GameSpec.prepare_determinize``: one preparation per decision, the same samples."""
    state = _small_case()
    walk = random.Random(3)
    for _ in range(40):  # positions of a game: the pile, a scout, the penalty steps ...
        for player in range(4):
            draw, a, b = prepare_determinize(state, player), random.Random(9), random.Random(9)
            assert [draw(a) for _ in range(3)] == [determinize(state, player, b) for _ in range(3)]
        state = state.play(walk.choice(state.legal_actions()))
