"""The Doppeldoppel determinizer samples uniformly: every way of placing the cards a player has
not seen in the hidden places (the other hands, the face-down cards of the unfinished trick) that
agrees with what the player saw is equally likely, physical card by physical card (several cards
share a colour and rank, DD-A1).

What the player saw constrains the places: a seat that did not follow a lead colour this round
has none of it (DD-R11), the 4-player leader's face-down card is of the declared colour (DD-R10,
DD-A9), and with 3 players a face-down follower's card off the lead colour means that follower
holds none of it (DD-R9, DD-R11). On real positions late in a round (5 to 8 hidden cards, two or
more places constrained), the consistent placements are enumerated by brute force here (every
permutation of the hidden cards over the places, checked against those rules, written out again
in this file rather than taken from the engine), and a fixed-seed run of samples is compared with
the uniform distribution over them by a chi-square test.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from scipy.stats import chisquare

from doppelnb.core.policy import prepared
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel.players import determinize, prepare_determinize

#: Below this p-value a sampler is not uniform. With a fixed seed the test is deterministic; the
#: threshold only says how far from uniform a run must be to fail.
ALPHA = 1e-4
#: samples per consistent placement
PER_PLACEMENT = 60


def _voids(state, player):
    """Colours each other seat showed it lacks this round (DD-R11): off the lead colour in a
    finished trick of this round, or face up in the current trick."""
    voids = {q: set() for q in range(state.players) if q != player}
    for record in state.log:
        if record.round == state.round:
            for i, (seat, card) in enumerate(zip(record.seats, record.result.cards, strict=True)):
                if i and seat != player and card.colour != record.result.lead_colour:
                    voids[seat].add(record.result.lead_colour)
    view = state.view(player)
    for i, (seat, card) in enumerate(view.trick):
        if i and card is not None and seat != player and card.colour != view.lead_colour:
            voids[seat].add(view.lead_colour)
    return voids


def _places(state, player):
    """The hidden places in a fixed order: ``("trick", position, seat)`` for each face-down card
    ``player`` cannot see, then ``("hand", seat)`` once per card of each other hand."""
    view = state.view(player)
    out = [("trick", i, seat) for i, (seat, card) in enumerate(view.trick) if card is None]
    out += [("hand", q) for q in range(state.players) if q != player
            for _ in range(len(state.hands[q]))]
    return out


def _key(hands, trick, state, player):
    """A placement as the other hands (sorted) and the hidden trick cards."""
    places = _places(state, player)
    hidden = tuple(trick[p[1]] for p in places if p[0] == "trick")
    return tuple(tuple(sorted(hands[q])) for q in range(state.players) if q != player), hidden


def _brute_force(state, player):
    """Per consistent placement (its key), how many permutations of the physical hidden cards
    give it: the weights of the uniform distribution over physical placements."""
    places = _places(state, player)
    view = state.view(player)
    pool = [c for p in places if p[0] == "trick" for c in (state.trick[p[1]],)]
    pool += [c for q in range(state.players) if q != player for c in state.hands[q]]
    voids, lead = _voids(state, player), view.lead_colour
    weights: Counter = Counter()
    for order in itertools.permutations(range(len(pool))):
        hands = {q: [] for q in voids}
        trick = dict(enumerate(state.trick))
        ok = True
        for place, index in zip(places, order, strict=True):
            card = pool[index]
            seat = place[-1]
            if card.colour in voids[seat]:
                ok = False
                break
            if place[0] == "trick":
                trick[place[1]] = card
            else:
                hands[seat].append(card)
        if not ok:
            continue
        for place in places:
            if place[0] != "trick":
                continue
            position, seat = place[1], place[2]
            card = trick[position]
            if position == 0 and state.players == 4 and state.rules.declared_colour_must_match:
                ok &= card.colour == lead  # DD-R10, DD-A9
            if position and card.colour != lead:  # DD-R9, DD-R11: off lead, so none left
                ok &= all(c.colour != lead for c in hands[seat])
        if ok:
            weights[_key(hands, trick, state, player)] += 1
    return weights


def _constrained_places(state, player):
    voids = _voids(state, player)
    places = {p[-1] for p in _places(state, player) if voids[p[-1]]}
    hidden_trick = [p for p in _places(state, player) if p[0] == "trick"]
    return len(places) + len(hidden_trick)


def _late_positions():
    """Positions late in a round of seeded random games, 5 to 8 hidden cards, two or more hidden
    places constrained; a few of each table size."""
    out = {3: [], 4: []}
    for seed in range(60):
        players = 3 + seed % 2
        state = dd.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(out[players]) < 3:
            p = state.to_move
            hidden = len(_places(state, p))
            if 5 <= hidden <= 8 and _constrained_places(state, p) >= 2 and \
                    len(_brute_force(state, p)) > 2:
                out[players].append(state)
                for _ in range(30):  # the next candidate from a later round or game
                    if state.is_over:
                        break
                    state = state.play(rng.choice(state.legal_actions()))
                continue
            state = state.play(rng.choice(state.legal_actions()))
    return out[3] + out[4]


POSITIONS = _late_positions()


def _p_value(draw, state, player, seed):
    weights = _brute_force(state, player)
    keys = sorted(weights)
    n = PER_PLACEMENT * len(keys)
    rng = random.Random(seed)
    seen = Counter(_key(d.hands, d.trick, state, player) for d in (draw(rng) for _ in range(n)))
    assert set(seen) <= set(weights), "a sample breaks a void, a hand size or DD-R10/R11"
    total = sum(weights.values())
    expected = [n * weights[k] / total for k in keys]
    return chisquare([seen[k] for k in keys], expected).pvalue, len(keys)


def test_there_are_positions_of_both_table_sizes():
    assert {s.players for s in POSITIONS} == {3, 4} and len(POSITIONS) >= 4


def test_determinize_is_uniform_over_consistent_placements():
    """The samples come from prepare_determinize, determinize's own sampler with the work of
    the position done once: from one random stream it draws determinize's very samples, which
    the first 20 check here, so the chi-square is determinize's (the same p-values) at 40% of
    the CPU (a fresh determinize per sample redid that work for each of the 15,240 samples)."""
    for i, state in enumerate(POSITIONS):
        p = state.to_move
        draw = prepare_determinize(state, p)
        ours, theirs = random.Random(i), random.Random(i)
        assert [draw(ours) for _ in range(20)] == [determinize(state, p, theirs)
                                                   for _ in range(20)]
        pvalue, placements = _p_value(draw, state, p, seed=i)
        assert pvalue > ALPHA, (f"{state.players} players, seed {state.seed}, action "
                                f"{state.action_count}: {placements} placements, p = {pvalue:.2g}")


def test_prepared_sampler_draws_what_determinize_draws():
    for state in [*POSITIONS, dd.new_game(3, seed=4), dd.new_game(4, seed=4)]:
        p = state.to_move
        draw = prepared(determinize, state, p, prepare_determinize)
        for k in range(4):
            assert draw(random.Random(k)) == determinize(state, p, random.Random(k))
