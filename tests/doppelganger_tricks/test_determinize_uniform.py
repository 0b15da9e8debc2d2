"""The Tricks determinizer samples uniformly (issue 27): every deal of the unseen cards to the
other seats that keeps their hand sizes and their shown voids (DT-R9 off-suit plays, DT-R15 a
bonus claim offered: no doppelgänger) is equally likely.

On small hand-built cases (6-8 unseen cards, 2-3 other seats, one or two voids) the consistent
deals are enumerated by brute force (every assignment of the cards to seats), and a fixed-seed
run of samples is compared with the uniform distribution over them by a chi-square test.

The previous sampler (dealing card by card, kept here only to show it) fails that test on
``two_voids_three_seats`` (1C 2C 3T 4T 5S 6S 7D 8D to seats 0, 2 and 3 holding 3, 3 and 2
cards, seat 0 void in C, seat 2 in D; 92 consistent deals): it deals the constrained cards
first, each to a seat drawn in proportion to its room and kept only if the rest still fits, and
that does not weigh the deals evenly. Measured over 40,000 of its samples (seed 1): the two
tables giving both C cards to seat 3 came 1,201 and 1,179 times against 870 expected each (about
1.4x); the table giving seat 2 both C and one S, seat 0 both D and the other S and seat 3
both T, 600 times against 870.
On ``lopsided`` and ``doppelganger_void`` it happened to be uniform.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from doppelnb import BadInput
from doppelnb.core.policy import MCTS, prepared
from doppelnb.core.state import playout
from doppelnb.engines import doppelganger_tricks as dt
from doppelnb.engines.doppelganger_tricks.notation import SUITS, cards, sort_hand
from doppelnb.engines.doppelganger_tricks.players import prepare_determinize, public_constraints
from doppelnb.engines.doppelganger_tricks.worlds import (
    BATCH,
    HiddenDeal,
    hand_out,
    hand_out_plain,
    random_keys,
)

#: (unseen cards, hand size per other seat, suits each seat showed it lacks)
CASES = {
    "one_void_two_seats": ("1C 2C 3T 4T 5S 6S", {1: 3, 2: 3}, {1: {"C"}, 2: set()}),
    "lopsided": ("1C 2C 3C 4C 5T 6T 7T", {1: 3, 2: 2, 3: 2}, {1: {"C"}, 2: {"T"}, 3: {"T"}}),
    "two_voids_three_seats": ("1C 2C 3T 4T 5S 6S 7D 8D", {0: 3, 2: 3, 3: 2},
                              {0: {"C"}, 2: {"D"}, 3: set()}),
    "doppelganger_void": ("2C 3C 4T 5S 9D 10D 6T", {1: 2, 2: 3, 3: 2},
                          {1: {"D"}, 2: {"D", "S"}, 3: set()}),
}
SAMPLES = 6000
#: Below this p-value a sampler is not uniform. With a fixed seed the test is deterministic; the
#: threshold only says how far from uniform a run must be to fail.
ALPHA = 1e-4


def _brute_force(pool, sizes, voids):
    """Every consistent deal, as a tuple of frozensets (one hand per seat in seat order)."""
    seats = sorted(sizes)
    out = set()
    for owners in itertools.product(seats, repeat=len(pool)):
        hands = {q: frozenset(c for c, o in zip(pool, owners, strict=True) if o == q) for q in seats}
        if all(len(hands[q]) == sizes[q] for q in seats) and \
                not any(c.suit in voids[q] for q in seats for c in hands[q]):
            out.add(tuple(hands[q] for q in seats))
    return out


def _key(dealt, seats=None):
    """A deal (seat -> cards, or a state's hands) as a tuple of frozensets in seat order."""
    return tuple(frozenset(dealt[q]) for q in sorted(seats or dealt))


def _old_deal(pool, sizes, void, rng):
    """The sampler before issue 27 (players.determinize's loop, minus the state): card by card,
    the constrained cards first, each to a seat drawn in proportion to its room and kept only
    if Hall's condition says the rest can still be dealt."""
    pool = list(pool)
    rng.shuffle(pool)
    dealt = {q: [] for q in sizes}
    pool.sort(key=lambda c: -sum(1 for q in sizes if c.suit in void[q]))
    capacity = dict(sizes)
    counts = {x: sum(1 for c in pool if c.suit == x) for x in SUITS}

    def feasible():
        suits = [x for x in SUITS if counts.get(x)]
        for k in range(1, len(suits) + 1):
            for group in itertools.combinations(suits, k):
                need = sum(counts[x] for x in group)
                room = sum(cap for q, cap in capacity.items()
                           if any(x not in void[q] for x in group))
                if need > room:
                    return False
        return True

    for c in pool:
        counts[c.suit] -= 1
        options = [q for q in sizes if capacity[q] and c.suit not in void[q]]
        rng.shuffle(options)
        options.sort(key=lambda q: -capacity[q])
        weights = [capacity[q] for q in options]
        order = []
        while options:
            q = rng.choices(options, weights)[0]
            i = options.index(q)
            order.append(q)
            del options[i], weights[i]
        for q in order:
            capacity[q] -= 1
            if feasible():
                dealt[q].append(c)
                break
            capacity[q] += 1
    return dealt


def _p_value(deal, case, seed=27):
    """Chi-square p-value of SAMPLES fixed-seed samples of ``deal`` against the uniform
    distribution over the brute-force deals (a deal outside them fails at once)."""
    text, sizes, voids = CASES[case]
    pool = cards(text)
    every = sorted(_brute_force(pool, sizes, voids), key=lambda d: [sorted(h) for h in d])
    rng = random.Random(seed)
    seen = Counter(_key(deal(pool, sizes, voids, rng)) for _ in range(SAMPLES))
    assert set(seen) <= set(every), "a sample breaks a void or a hand size"
    return chisquare([seen[d] for d in every]).pvalue, len(every)


def _new_deal(pool, sizes, voids, rng):
    return HiddenDeal(pool, sizes, voids).deal(rng)


@pytest.mark.parametrize("case", sorted(CASES))
def test_count_of_consistent_deals_matches_brute_force(case):
    text, sizes, voids = CASES[case]
    pool = cards(text)
    assert HiddenDeal(pool, sizes, voids).count() == len(_brute_force(pool, sizes, voids)) > 1


@pytest.mark.parametrize("case", sorted(CASES))
def test_samples_are_uniform_over_consistent_deals(case):
    p, deals = _p_value(_new_deal, case)
    assert p > ALPHA, f"{case}: {deals} deals, p = {p:.2g}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_sample_keeps_sizes_and_voids(case):
    text, sizes, voids = CASES[case]
    pool = cards(text)
    hidden = HiddenDeal(pool, sizes, voids)
    rng = random.Random(1)
    for _ in range(300):
        dealt = hidden.deal(rng)
        assert sorted(c for q in dealt for c in dealt[q]) == sorted(pool)
        for q, hand in dealt.items():
            assert len(hand) == sizes[q]
            assert not any(c.suit in voids[q] for c in hand)


def test_the_old_sampler_was_not_uniform():
    """The reason for the change: on ``two_voids_three_seats`` the card-by-card sampler's
    frequencies are far from uniform (p about 1e-35 at this seed; the new sampler passes the same
    test above)."""
    p, _ = _p_value(_old_deal, "two_voids_three_seats")
    assert p < ALPHA


# -- through real states -----------------------------------------------------------------------
def _late_positions():
    """Positions late in a round of seeded random games where some seat showed a void."""
    out = []
    for g in range(6):
        for s in playout(dt.new_game(3 + g % 2, seed=200 + g), seed=g):
            if s.is_over or s.phase != "play" or s.to_move is None:
                continue
            void, _ = public_constraints(s)
            if any(v for q, v in enumerate(void) if q != s.to_move):
                left = sum(len(h) for q, h in enumerate(s.hands) if q != s.to_move)
                if 4 <= left <= 8:
                    out.append(s)
    return out[::7]


def test_determinize_is_uniform_on_real_late_positions():
    """On real positions (few cards left, voids shown) the other hands are uniform over the deals
    brute force finds consistent with the public constraints."""
    positions = _late_positions()
    assert len(positions) >= 5
    for s in positions[:6]:  # six positions, 120 samples a deal: a few seconds of CPU
        p = s.to_move
        void, _ = public_constraints(s)
        others = {q: s.hands[q] for q in range(s.players) if q != p}
        pool = tuple(c for h in others.values() for c in h)
        every = _brute_force(pool, {q: len(h) for q, h in others.items()},
                             {q: void[q] for q in others})
        draw = prepare_determinize(s, p)
        rng = random.Random(5)
        n = 120 * len(every)
        seen = Counter(_key(draw(rng).hands, others) for _ in range(n))
        assert set(seen) <= every
        if len(every) > 1:
            assert chisquare([seen[d] for d in every]).pvalue > ALPHA


def test_determinize_is_a_sampler_of_batch_one():
    """``determinize`` is the search's sampler drawing one world at a time; the search's sampler
    (``GameSpec.prepare_determinize``, through core.policy.prepared) draws 32 at once from the
    stream of its first call, and its 33rd world from the stream of the 33rd call."""
    positions = _late_positions()[:6] + [dt.new_game(4, seed=3)]
    for s in positions:
        p = s.to_move
        for k in range(3):
            assert prepare_determinize(s, p, 1)(random.Random(k)) == \
                dt.determinize(s, p, random.Random(k))
        draw = prepared(dt.determinize, s, p, dt.GAME_SPEC.prepare_determinize)
        rng, twin = random.Random(7), random.Random(7)
        batch = prepare_determinize(s, p).draw(twin, BATCH)
        assert [draw(rng) for _ in range(BATCH)] == batch
        assert rng.getstate() == twin.getstate()  # the batch drew everything at once
        assert draw(random.Random(8)) == prepare_determinize(s, p).draw(random.Random(8),
                                                                        BATCH)[0]


def test_mcts_uses_the_prepared_sampler_once_per_decision(monkeypatch):
    """MCTS builds one sampler per decision, not one per iteration."""
    from doppelnb.engines.doppelganger_tricks import worlds

    built = []
    real = worlds.HiddenDeal.__init__

    def counting(self, *args):
        built.append(1)
        real(self, *args)

    monkeypatch.setattr(worlds.HiddenDeal, "__init__", counting)
    s = _late_positions()[0]
    MCTS("doppelganger_tricks", iterations=16)(s, random.Random(0))
    assert len(built) == 1


@pytest.mark.parametrize("call", [
    lambda: prepare_determinize(None, 0),
    lambda: prepare_determinize(dt.new_game(3, seed=1), 3),
    lambda: prepare_determinize(dt.new_game(3, seed=1), 0)(None),
    lambda: prepare_determinize(dt.new_game(3, seed=1), 0, 0),
    lambda: prepare_determinize(dt.new_game(3, seed=1), 0, "32"),
    lambda: prepare_determinize(dt.new_game(3, seed=1), 0, 10**9),
])
def test_prepared_sampler_refuses_bad_input(call):
    with pytest.raises(BadInput):
        call()


def _sampler_positions():
    """Late positions with voids, the starts of a 4- and a 3-seat game, a position during the
    forecasts (one made) and one 25 actions into a 3-seat game."""
    positions = _late_positions()[:6] + [dt.new_game(4, seed=3), dt.new_game(3, seed=4)]
    s = dt.new_game(4, seed=8)
    positions.append(s.play(s.legal_actions()[2]))  # one forecast made: the others' secret
    walk = random.Random(2)
    s = dt.new_game(3, seed=9)
    for _ in range(25):
        s = s.play(walk.choice(s.legal_actions()))
    return positions + [s]


def test_a_worlds_hidden_hands_are_the_readable_deal():
    """A world's other hands are :meth:`HiddenDeal.deal`'s for the same stream (its count
    table, then each group's cards in the order of its random keys), with and without voids,
    during the forecasts, at 3 and 4 seats."""
    constrained = 0
    for s in _sampler_positions():
        for p in range(s.players):
            hidden = prepare_determinize(s, p, 1).hidden
            constrained += not hidden.unconstrained
            for k in range(3):
                world = prepare_determinize(s, p, 1)(random.Random(k))
                dealt = hidden.deal(random.Random(k))
                assert world.hands[p] == s.hands[p]
                assert all(world.hands[q] == sort_hand(dealt[q]) for q in hidden.seats)
    assert constrained >= 3


def test_every_world_keeps_the_public_game_and_deals_every_later_round():
    """A batch of worlds: the player's view and hand, the hand sizes and voids as shown; every
    later round dealt in advance (``Book.deals``: the whole deck in equal hands), none of the
    rounds played; the seed 0 (the true one stays hidden, and a world deals nothing from it)."""
    walk = random.Random(4)
    for players in (3, 4):
        s = dt.new_game(players, seed=40 + players)
        checked = 0
        while not s.is_over:
            if s.to_move is not None and walk.random() < 0.1:
                p = s.to_move
                void, _ = public_constraints(s)
                for world in prepare_determinize(s, p).draw(random.Random(checked), 8):
                    assert world.view(p) == s.view(p) and world.seed == 0
                    assert [len(h) for h in world.hands] == [len(h) for h in s.hands]
                    assert not any(c.suit in void[q] for q in range(players) if q != p
                                   for c in world.hands[q])
                    deals = world.moment.book.deals
                    later = range(s.round + 1, players)
                    if not later:
                        assert deals is None
                        continue
                    assert deals[:s.round + 1] == ((),) * (s.round + 1)
                    for r in later:
                        assert sorted(bin(m).count("1") for m in deals[r]) == \
                            [len(dt.notation.deck(players)) // players] * players
                        everything = 0
                        for m in deals[r]:
                            assert not everything & m
                            everything |= m
                        assert everything == sum(1 << c.index for c in dt.notation.deck(players))
                checked += 1
            s = s.play(walk.choice(s.legal_actions()))
        assert checked > 5


def test_the_later_deals_are_uniform():
    """Each card of a later deal goes to each seat equally often, and two given cards share a
    hand as often as a uniform deal makes them (9 of the other 39 places at 4 seats): 4,000
    fixed-seed deals, chi-square tests."""
    s = dt.new_game(4, seed=12)
    sampler = prepare_determinize(s, s.to_move, 500)
    rng = random.Random(3)
    seats = Counter()
    together = Counter()
    for _ in range(8):
        for world in sampler.draw(rng, 500):
            hands = world.moment.book.deals[1]
            for q, m in enumerate(hands):
                for c in range(40):
                    if m >> c & 1:
                        seats[c, q] += 1
            together[any(m >> 0 & 1 and m >> 39 & 1 for m in hands)] += 1
    assert chisquare([seats[c, q] for c in range(40) for q in range(4)]).pvalue > ALPHA
    n = sum(together.values())
    assert chisquare([together[True], together[False]], [n * 9 / 39, n * 30 / 39]).pvalue > ALPHA


@pytest.mark.parametrize("shared", [False, True])
def test_the_vectorised_hand_out_is_the_plain_one(shared):
    """:func:`.worlds.hand_out` (numpy, a batch at once) gives exactly the masks of
    :func:`.worlds.hand_out_plain` (one world at a time) from the same keys, on random pools,
    groups and count tables (each world its own table, or one table for all)."""
    rng = random.Random(11)

    def table(runs, seats):
        out = []
        for start, stop in runs:
            marks = sorted(rng.choices(range(stop - start + 1), k=seats - 1))
            out.append(tuple(b - a for a, b in zip([0, *marks], [*marks, stop - start],
                                                   strict=True)))
        return tuple(out)

    for _ in range(150):
        seats = rng.choice((2, 3, 4))
        codes = tuple(rng.sample(range(40), rng.randrange(0, 31)))
        cuts = sorted(rng.sample(range(1, len(codes)), min(3, max(0, len(codes) - 1))))
        runs = tuple(zip([0, *cuts], [*cuts, len(codes)], strict=True))
        worlds = rng.randrange(1, 7)
        counts = table(runs, seats) if shared else [table(runs, seats) for _ in range(worlds)]
        keys, = random_keys(rng, (worlds, len(codes)))
        fast = hand_out(keys, codes, runs, counts)
        for w in range(worlds):
            assert fast[w] == hand_out_plain(keys[w].tolist(), codes, runs,
                                             counts if shared else counts[w])


def test_a_world_plays_its_own_later_deals():
    """A world's next round starts with the hands of ``Book.deals`` (not the seed's deal), in
    the kernel (a plain loop of ``State.play``) and in the search's playout alike, and they
    are not the game's own next deal."""
    from doppelnb.engines.doppelganger_tricks.playout_loop import playout as fast_playout

    s = dt.new_game(4, seed=21)
    world = prepare_determinize(s, s.to_move).draw(random.Random(1), 1)[0]
    deals = world.moment.book.deals
    walk = random.Random(2)
    while world.round == 0:
        world = world.play(walk.choice(world.legal_actions()))
    assert world.moment.masks == deals[1]
    real = s
    while real.round == 0:
        real = real.play(walk.choice(real.legal_actions()))
    assert real.moment.masks != deals[1]
    done = fast_playout(prepare_determinize(s, s.to_move).draw(random.Random(1), 1)[0],
                        random.Random(2))
    assert done.is_over and done.moment.book.deals == deals
