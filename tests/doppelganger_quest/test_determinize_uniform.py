"""The quest's determinizer samples uniformly among the worlds consistent with what the player
saw (issue 27), checked by fixed-seed chi-square tests on small cases enumerated by brute force:

- the others' Loyalty cards (DQ-R10): every assignment of the roles the player did not get;
- where two unseen Item cards lie (another hand, the deck, the discards): each pair of places in
  proportion to the ways of filling them, the sizes every player sees kept;
- the dice a roller drew (DQ-R21), once the kept die is shown: every draw of physical dice from
  the bag that holds a die of the shown colour. The previous sampler took the shown die out and
  drew the other die from the rest, which weighs a draw of two dice of the shown colour twice
  as much as each physical draw deserves: from the bag's 2 black and 1 white with a black die
  kept, it made the other die white half the time, where two of the three draws holding a black
  die hold the white one (2/3).

Like Tricks' tests (tests/doppelganger_tricks/test_determinize_uniform.py), a fixed seed makes
each test deterministic; ``ALPHA`` says how far from uniform a run must be to fail.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.players import _drawn, determinize, prepare_determinize
from doppelnb.engines.doppelganger_quest.rules import LOYALTY

SAMPLES = 3000
ALPHA = 1e-4


def _walk(players: int, seed: int, stop) -> dq.State:
    """The first state of a seeded random game for which ``stop(state)`` holds."""
    state = dq.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not stop(state):
        assert not state.is_over, "the game ended before the position looked for"
        state = state.play(rng.choice(state.legal_actions()))
    return state


def _p(counts: Counter, expected: dict) -> float:
    assert set(counts) <= set(expected), "a sample outside the consistent worlds"
    if len(expected) == 1:  # one world only: every sample is it
        return 1.0
    cells = sorted(expected, key=repr)
    total = sum(counts.values())
    weight = sum(expected.values())
    return chisquare([counts[c] for c in cells],
                     [total * expected[c] / weight for c in cells]).pvalue


@pytest.mark.parametrize("players", [5, 6, 8])
def test_roles_are_uniform_over_the_assignments_the_player_cannot_rule_out(players):
    state = _walk(players, 11, lambda s: s.phase == "pass")
    player = state.loyalty.index(dq.LOYAL)  # a loyal player: the doppelgängers are unknown
    others = [p for p in range(players) if p != player]
    dopp, loyal = LOYALTY[players]
    left = [dq.DOPPEL] * dopp + [dq.LOYAL] * loyal
    left.remove(state.loyalty[player])
    every = {tuple(roles) for roles in itertools.permutations(left)}  # distinct assignments
    draw = prepare_determinize(state, player)
    rng = random.Random(3)
    seen = Counter(tuple(world.loyalty[p] for p in others)
                   for world in (draw(rng) for _ in range(SAMPLES)))
    assert len(every) > 2
    assert _p(seen, dict.fromkeys(every, 1)) > ALPHA


def test_two_unseen_cards_lie_in_each_pair_of_places_in_proportion_to_their_room():
    state = _walk(4, 5, lambda s: s.phase == "party")
    player = state.to_move
    sizes = {f"P{p + 1}": len(state.hands[p]) for p in range(4) if p != player}
    sizes["deck"], sizes["discard"] = len(state.item_deck), len(state.item_discard)
    assert sizes["discard"] == 0 and state.q is not None and not state.q.pool
    sizes.pop("discard")
    seen_by_player = set(state.hands[player])
    unseen = sorted(c for c in state.cards.item_deck() if c not in seen_by_player)
    a, b = unseen[0], unseen[-1]
    rng = random.Random(8)
    counts: Counter = Counter()
    for _ in range(SAMPLES):
        world = determinize(state, player, rng)
        assert world.hands[player] == state.hands[player]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.item_deck) == len(state.item_deck)
        where = {c: "deck" for c in world.item_deck}
        for p, hand in enumerate(world.hands):
            where.update(dict.fromkeys(hand, f"P{p + 1}"))
        counts[where[a], where[b]] += 1
    # ordered places of the two cards: room for the first, then what is left for the second
    expected = {(x, y): sizes[x] * (sizes[y] - (x == y)) for x in sizes for y in sizes}
    assert _p(counts, expected) > ALPHA


def _physical_draws(bag, kept, count):
    """Colours of every draw of ``count`` distinct physical dice from ``bag`` (black, white)
    holding a die of colour ``kept`` (any draw when ``kept`` is None), each once."""
    dice = ["black"] * bag[0] + ["white"] * bag[1]
    return Counter(tuple(sorted(dice[i] for i in pick))
                   for pick in itertools.combinations(range(len(dice)), count)
                   if kept is None or kept in (dice[i] for i in pick))


@pytest.mark.parametrize("bag, kept", [((2, 1), "black"), ((2, 1), "white"), ((3, 2), "black"),
                                       ((1, 3), "white"), ((3, 2), None)])
def test_drawn_dice_are_uniform_over_the_physical_draws_holding_the_shown_die(bag, kept):
    rng = random.Random(4)
    seen = Counter(_drawn(bag, kept, 2, rng) for _ in range(SAMPLES))
    assert _p(seen, _physical_draws(bag, kept, 2)) > ALPHA


def test_a_roller_s_hidden_die_is_resampled_for_the_others_only():
    state = _walk(4, 2, lambda s: s.q is not None and s.q.kept is not None and len(s.q.drawn) == 2
                  and len(_physical_draws(s.q.bag, s.q.kept, 2)) > 1)  # more than one world
    roller = state.roller()
    other = next(p for p in range(4) if p != roller)
    rng = random.Random(6)
    assert all(determinize(state, roller, rng).q.drawn == state.q.drawn for _ in range(50))
    samples = [determinize(state, other, rng).q.drawn for _ in range(SAMPLES)]
    assert all(state.q.kept in drawn and len(drawn) == 2 for drawn in samples)
    assert _p(Counter(samples), _physical_draws(state.q.bag, state.q.kept, 2)) > ALPHA
