"""Doppel Doubt's determinizer samples uniformly (issue 27): every world consistent with what
the seat saw (its :class:`View`: its own Doppel, hand, shape to place and choice so far, the
public board, offered shapes and past cards, plus the public counts: hand sizes, how many parts
of its choice each seat has made, which seats the Jester bots play under DB-A25) is equally
likely, checked one hidden part at a time on real positions of seeded random games.

The joint space is too big to enumerate (9! seatings of the other Doppels times 4 Jester
colours times every deal of 70-odd unseen cards times the shapes), so each test projects a
sample onto a few cells of one hidden part, counts the cells' weights by brute force over that
part's consistent worlds (written here from the rules, DB-R1, DB-R2, DB-R3, DB-R8, DB-A25, not
taken from the sampler) and compares a fixed-seed run of samples with them by a chi-square test:

- the seating: (my partner's seat, the seat of another named Doppel, the Jester colour), over
  every permutation of the nine other Doppels (with Jester bots: only those seating the Jester
  colour's Doppels in the bot seats);
- the hands: where two unseen cards lie, in proportion to the room in each pair of hands;
- the shapes to place (DB-R8): my partner holds the shape I drafted; the seat holding one
  named shape of the rest, over (partner seat, that seat);
- a card another seat played face down this round: uniform over the cards I have not seen.

A last test holds the sampler to the view: two states equal in ``player``'s view and public
counts but different in the hidden parts give identical samples for the same seed.

The View is not all a seat knows, though: it remembers its own past choices, and with the
played cards revealed (DB-A23) its ranking of last round's shapes tells it that every shape it
ranked above the one it got was drafted by a seat with a lower card (DB-R8). The sampler ignores
that; the last test shows it (strict xfail, open: 22-87% of samples break it in eleven round-3
positions of seeds 0-2). Not checked either: the same from earlier rounds' drafts and round 1's
starting squares (DB-R6), and whether the board and the resolutions tell a careful player more
about the seating.

scipy is not a dependency, so the p-value is computed here (the regularised upper incomplete
gamma function, Numerical Recipes' series and continued fraction). With fixed seeds every test
is deterministic; ``ALPHA`` only says how far from uniform a run must be to fail.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from doppelnb.engines.doppel_doubt import Rules, new_game
from doppelnb.engines.doppel_doubt.players import determinize
from doppelnb.engines.doppel_doubt.rules import COLOURS, DOPPELS, colour_of, partner_of

SAMPLES = 2500
ALPHA = 1e-4


# -- the chi-square p-value without scipy ---------------------------------------------------
def _upper_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a), the regularised upper incomplete gamma function."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:                      # the series for P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(log_front)
    tiny = 1e-300                      # Lentz's continued fraction for Q(a, x)
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def _p_value(counts: Counter, weights: dict) -> float:
    """The chi-square p-value of ``counts`` against cells in proportion to ``weights``."""
    assert set(counts) <= set(weights), "a sample outside the consistent worlds"
    if len(weights) == 1:
        return 1.0
    n, total = sum(counts.values()), sum(weights.values())
    stat = sum((counts[c] - n * w / total) ** 2 / (n * w / total) for c, w in weights.items())
    return _upper_gamma_q((len(weights) - 1) / 2, stat / 2)


def test_the_p_value_matches_known_chi_square_quantiles():
    # 95% and 99.99% points of chi-square tables, small and large degrees of freedom
    for df, x, p in [(1, 3.841459, 0.05), (10, 18.307038, 0.05), (71, 91.670010, 0.05),
                     (4, 23.512742, 1e-4)]:
        assert abs(_upper_gamma_q(df / 2, x / 2) - p) < p * 1e-4, df
    assert _p_value(Counter({0: 50, 1: 50}), {0: 1, 1: 1}) == pytest.approx(1.0)
    assert _p_value(Counter({0: 90, 1: 10}), {0: 1, 1: 1}) < 1e-12


# -- positions of seeded random games -------------------------------------------------------
def _walk(seed: int, stop, rules: Rules | None = None):
    kwargs = {} if rules is None else {"rules": rules}
    state = new_game(seed=seed, **kwargs)
    rng = random.Random(seed)
    while not stop(state):
        assert not state.is_over, "the game ended before the position looked for"
        state = state.play(rng.choice(state.legal_actions()))
    return state


def _mid_round(round_: int, mover: int):
    """The first moment of round ``round_`` with seat ``mover`` to move: seats before it have
    made their secret choices, the ones after it have not."""
    return lambda s: s.round == round_ and s.to_move == mover


POSITIONS = {
    "round 1, seat 4": (11, _mid_round(1, 4), None),
    "round 3, seat 6": (5, _mid_round(3, 6), None),
    "round 6, seat 2": (8, _mid_round(6, 2), None),
    "round 4, a late person, Jester bots": (3, lambda s: s.round == 4 and (s.to_move or 0) >= 5,
                                             Rules(jester_controller="bot")),
}


@pytest.fixture(scope="module", params=sorted(POSITIONS))
def position(request):
    seed, stop, rules = POSITIONS[request.param]
    state = _walk(seed, stop, rules)
    player = state.to_move
    rng = random.Random(seed * 7919)
    return request.param, state, player, [determinize(state, player, rng) for _ in range(SAMPLES)]


# -- the seating and the Jester colour (DB-R1, DB-R2, DB-A25) -----------------------------
def _seating_weights(state, player, named):
    """Per cell (partner's seat, ``named``'s seat, Jester colour), how many consistent worlds
    (seatings of the nine other Doppels and Jester colours) give it."""
    me = state.identity[player]
    others = [x for x in range(10) if x != player]
    rest = [d for d in DOPPELS if d != me]
    bots = {x for x in others if state.is_bot(x)}       # public: bots are not people
    i_am_jester = state.is_jester(player)               # a Jester knows it is one (DB-R1)
    jesters = [colour_of(me)] if i_am_jester else [c for c in COLOURS if c != colour_of(me)]
    i_partner, i_named = rest.index(partner_of(me)), rest.index(named)
    pair = {c: {rest.index(d) for d in DOPPELS if colour_of(d) == c and d != me} for c in jesters}
    weights: Counter = Counter()
    for order in itertools.permutations(range(9)):      # order[k]: the seat index of rest[k]
        cell = others[order[i_partner]], others[order[i_named]]
        for jester in jesters:
            if bots and {others[order[k]] for k in pair[jester]} != bots:
                continue
            weights[(*cell, jester)] += 1
    return weights


def test_the_seating_and_jester_colour_are_uniform_over_the_consistent_worlds(position):
    name, state, player, samples = position
    me = state.identity[player]
    named = next(d for d in DOPPELS if colour_of(d) != colour_of(me))
    weights = _seating_weights(state, player, named)
    for world in samples:
        assert world.identity[player] == me and sorted(world.identity) == sorted(DOPPELS)
    seen = Counter((w.identity.index(partner_of(me)), w.identity.index(named), w.jester)
                   for w in samples)
    p = _p_value(seen, weights)
    assert len(weights) > 20
    assert p > ALPHA, f"{name}: {len(weights)} cells, p = {p:.3g}"


# -- the hands (DB-R3, DB-R4) ----------------------------------------------------------------
def _unseen(state, player):
    view = state.view(player)
    seen = set(view.hand) | {view.your_choice.card} | {c for past in view.played for c, _ in past}
    return sorted(c for c in range(1, 101) if c not in seen)


def test_two_unseen_cards_lie_in_each_pair_of_hands_in_proportion_to_their_room(position):
    name, state, player, samples = position
    # each other seat's cards: its hand and the card it played face down this round
    room = {x: len(state.hands[x]) + (state.subs[x].card is not None)
            for x in range(10) if x != player}
    unseen = _unseen(state, player)
    assert sum(room.values()) == len(unseen)
    a, b = unseen[0], unseen[len(unseen) // 2]
    counts: Counter = Counter()
    for world in samples:
        assert world.hands[player] == state.hands[player]
        where = {}
        for x in room:
            held = world.hands[x] + ((world.subs[x].card,) if world.subs[x].card is not None else ())
            assert len(held) == room[x]
            where.update(dict.fromkeys(held, x))
        assert sorted(where) == unseen
        counts[where[a], where[b]] += 1
    weights = {(x, y): room[x] * (room[y] - (x == y)) for x in room for y in room}
    weights = {k: w for k, w in weights.items() if w}
    p = _p_value(counts, weights)
    assert p > ALPHA, f"{name}: {len(weights)} cells, p = {p:.3g}"


def test_a_card_played_face_down_is_uniform_over_the_cards_not_seen(position):
    name, state, player, samples = position
    before = [x for x in range(10) if x != player and state.subs[x].card is not None]
    if not before:
        pytest.skip(f"{name}: no other seat has played a card this round")
    x = before[-1]
    unseen = _unseen(state, player)
    seen = Counter(world.subs[x].card for world in samples)
    p = _p_value(seen, dict.fromkeys(unseen, 1))
    assert p > ALPHA, f"{name}: seat {x}'s card over {len(unseen)} cards, p = {p:.3g}"


# -- the shapes to place (DB-R8, DB-R9) -----------------------------------------------------
def test_the_shapes_to_place_are_uniform_given_the_one_i_drafted_for_my_partner(position):
    name, state, player, samples = position
    if state.round == 1:
        pytest.skip(f"{name}: no shapes to place in round 1")
    offered = state.shapes_by_round[state.round - 2]
    mine = offered[dict(state.draft_log[-1])[player]]          # I drafted it for my partner
    others = [x for x in range(10) if x != player]
    named = next(s for s in offered if s not in (mine, state.to_place[player]))
    # every seating (the partner in each other seat equally often) times every way of handing
    # the other eight shapes to the other eight seats: (partner, holder of ``named``) is
    # uniform over the pairs of distinct seats; with Jester bots the partner is a person
    people = [x for x in others if not state.is_bot(x)]
    weights = {(q, h): 1 for q in people for h in others if h != q}
    counts: Counter = Counter()
    for world in samples:
        partner = world.identity.index(partner_of(world.identity[player]))
        assert world.to_place[partner] == mine and world.to_place[player] == state.to_place[player]
        assert sorted(map(str, (world.to_place[x] for x in others))) == sorted(
            str(s) for s in offered if s != state.to_place[player])
        counts[partner, world.to_place.index(named)] += 1
    p = _p_value(counts, weights)
    assert p > ALPHA, f"{name}: {len(weights)} cells, p = {p:.3g}"


# -- the sample reads the view, never the hidden truth ---------------------------------------
def _hidden_variant(state, player):
    """``state`` with its hidden parts changed and the player's view and public counts kept: two
    other seats (neither the partner, both with the same progress this round) swap Doppels,
    hands, choices so far and shapes to place, and the Jester colour moves when that stays
    consistent."""
    me = state.identity[player]
    partner = state.partner(player)
    progress = [(len(state.hands[x]), state.subs[x].card is not None, len(state.subs[x].shapes),
                 state.subs[x].placed, state.is_bot(x)) for x in range(10)]
    x, y = next((x, y) for x, y in itertools.combinations(range(10), 2)
                if player not in (x, y) and partner not in (x, y)
                and state.identity[x] != state.identity[y] and progress[x] == progress[y])

    def swap(t):
        t = list(t)
        t[x], t[y] = t[y], t[x]
        return tuple(t)

    changes = dict(identity=swap(state.identity), hands=swap(state.hands),
                   subs=swap(state.subs), to_place=swap(state.to_place))
    if not state.is_jester(player) and state.rules.jester_controller != "bot":
        changes["jester"] = next(c for c in COLOURS if c not in (colour_of(me), state.jester))
    return state._evolve(**changes)


def test_two_states_alike_in_the_view_give_the_same_samples(position):
    name, state, player, _ = position
    other = _hidden_variant(state, player)
    assert other.view(player) == state.view(player)
    assert other.identity != state.identity and other.hands != state.hands
    for k in range(20):
        assert determinize(other, player, random.Random(k)) == \
            determinize(state, player, random.Random(k)), f"{name}: seed {k}"


# -- what the seat's own shape ranking and the revealed cards tell it (DB-R8, DB-A23) -------
@pytest.mark.xfail(strict=True, reason=(
    "determinize samples the seating and the shapes to place from the View, which does not "
    "hold the seat's own ranking of last round's shapes: it ignores that every shape the seat "
    "ranked above the one it got was drafted by a seat with a lower card (issue 27, open)"))
def test_samples_agree_with_my_last_ranking_and_the_draft_order():
    """A seat ranked last round's shapes and got ``g`` (DB-R8): each shape it ranked above
    ``g`` had been taken by a seat drafting before it, in ascending order of the revealed cards
    (DB-A23). The shape a seat drafted is the one its partner now holds to place, so in every
    consistent world the seats before me drafted all of those shapes. Seed 0, start of round 3,
    seat 7: 5 shapes above its pick, 7 seats before it; 169 of this test's 200 samples break
    it."""
    state = _walk(0, lambda s: s.round == 3 and s.to_move == 0)
    player = 7
    last = next(s for s in state.history()
                if s.round == state.round - 1 and len(s.subs[player].shapes) == 10)
    ranking = last.subs[player].shapes
    offered = state.shapes_by_round[state.round - 2]
    g = dict(state.draft_log[-1])[player]
    above = {offered[i] for i in ranking[:ranking.index(g)]}
    cards = state.played[-1]                                   # (card, after Dark) per seat
    assert all(card == after for card, after in cards)          # no Dark: order by the card
    before = [x for x in range(10) if cards[x][0] < cards[player][0]]
    assert above and len(before) < 9
    rng = random.Random(1)
    broken = 0
    for _ in range(200):
        world = determinize(state, player, rng)
        drafted = {world.to_place[world.partner(y)] for y in before}
        broken += not above <= drafted
    assert broken == 0, f"{broken} of 200 samples have a shape I ranked higher drafted after me"
