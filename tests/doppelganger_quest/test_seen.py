"""The quest's determinizer remembers the Item cards a player saw earlier (issue 27, DQ-R39):
the card they passed left (DQ-R13), received from the right, contributed (DQ-R15), saw in the
pool as Party Leader (DQ-R16) or face up on an earlier Quest; a sample never puts such a card
where no history consistent with what the player saw could have taken it, and it is uniform
among the consistent worlds.

The oracle here is a brute force at the level of single cards, written apart from
``knowledge.Whereabouts`` (no classes, no counts, no merging): it follows the player's
knowledge event by event, and at each move the player did not see it tries every card the
player saw that may be in the place it left, and a card they never saw if there is room for
one. A consistent world is a placement of the seen cards from that set, the never-seen cards
filling the room left in each place: ``multinomial(never seen; room of each place)`` worlds per
placement. The uniformity tests compare the samples with those weights by chi-square (fixed
seeds, as tests/doppelganger_quest/test_determinize_uniform.py does).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from doppelnb.core.state import playout
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest.knowledge import ItemEvents, knowledge
from doppelnb.engines.doppelganger_quest.players import prepare_determinize

from .test_correctness import _scramble

ALPHA = 1e-4
TOO_MANY = 600  # the brute force gives up past this many card-level placements


# -- the brute-force oracle -------------------------------------------------------------------
def _places(players):
    return [*range(players), "deck", "discard", "pool", "given"]


def brute_force(state, player):
    """Every placement (a sorted tuple of (card, place)) of the cards ``player`` saw that some
    history consistent with their knowledge and with what they see now leads to, or ``None``
    past ``TOO_MANY``. Places: seats, "deck", "discard", "pool", "given"; ("transit", seat)
    while simultaneous passes are on their way."""
    n = state.players
    events = knowledge(state.item_events, player, n)
    size: Counter = Counter()
    worlds = {()}

    def room(world, place):
        return size[place] - sum(1 for _, p in world if p == place)

    def seen(world, card, src, dst):
        where = dict(world)
        if card in where:
            if where[card] != src:
                return None
        elif room(world, src) < 1:
            return None
        where[card] = dst
        return tuple(sorted(where.items(), key=repr))

    def move(card, src, dst):
        nonlocal worlds
        out = set()
        for world in worlds:
            if card is not None:
                new = seen(world, card, src, dst)
                if new is not None:
                    out.add(new)
                continue
            if room(world, src) > 0:
                out.add(world)  # a card player never saw moved
            for c, p in world:
                if p == src:
                    out.add(tuple(sorted({**dict(world), c: dst}.items(), key=repr)))
        worlds = out
        if card is None or src != dst:
            size[src] -= 1
            size[dst] += 1
        if len(worlds) > TOO_MANY:
            raise OverflowError

    def move_all(src, dst):
        nonlocal worlds
        worlds = {tuple(sorted(((c, dst if p == src else p) for c, p in w), key=repr))
                  for w in worlds}
        size[dst] += size[src]
        size[src] = 0

    total = len(state.cards.item_deck())
    try:
        for event in events:
            kind = event[0]
            if kind == "deal":
                for seat, hand in enumerate(event[1]):
                    size[seat] = hand if isinstance(hand, int) else len(hand)
                size["deck"] = total - sum(size[s] for s in range(n))
                for seat, hand in enumerate(event[1]):
                    for card in () if isinstance(hand, int) else hand:
                        worlds = {seen(w, card, seat, seat) for w in worlds} - {None}
            elif kind == "passes":
                for seat, card in event[1]:
                    move(card, seat, ("transit", seat))
                for seat, _ in event[1]:
                    move_all(("transit", seat), (seat + 1) % n)
            elif kind == "pass":
                move(event[2], event[1], (event[1] + 1) % n)
            elif kind in ("discard", "contribute"):
                move(event[2], event[1], "discard" if kind == "discard" else "pool")
            elif kind == "draw":
                move(event[2], "deck", event[1])
            elif kind == "reshuffle":
                move_all("discard", "deck")
            elif kind == "random_discard":
                move(None, "pool", "discard")
            elif kind == "look":
                for card in event[2] or ():
                    worlds = {seen(w, card, "pool", "pool") for w in worlds} - {None}
            elif kind == "give":
                worlds = {seen(w, event[2], "pool", "given") for w in worlds} - {None}
                size["pool"] -= 1
                size["given"] += 1
            elif kind == "leftovers":
                move_all("pool", "discard")
            elif kind == "spend":
                move_all("given", "discard")
    except OverflowError:
        return None
    now = [(c, player) for c in state.hands[player]]
    if state.q is not None:
        now += [(c, "given") for _, c in state.q.given]
        if state.phase == "give" and player == state.pl:
            now += [(c, "pool") for c in state.q.pool]
    for card, place in now:  # what player sees now
        worlds = {seen(w, card, place, place) for w in worlds} - {None}
    assert dict(size) == {**{p: n for p, n in _sizes(state).items() if n}, **{
        p: 0 for p, n in size.items() if not n}}, "the knowledge adds up to the piles"
    return worlds


def _sizes(state):
    q = state.q
    out = {seat: len(h) for seat, h in enumerate(state.hands)}
    out.update(deck=len(state.item_deck), discard=len(state.item_discard),
               pool=len(q.pool) if q else 0, given=len(q.given) if q else 0)
    return out


def weight(state, world):
    """How many worlds a placement stands for: the never-seen cards fill the room left."""
    sizes = _sizes(state)
    used = Counter(p for _, p in world)
    unseen = len(state.cards.item_deck()) - len(world)
    out = math.factorial(unseen)
    for place, size in sizes.items():
        out //= math.factorial(size - used[place])
    return out


def placement_of(world_state, cards):
    """Where each of ``cards`` lies in a (sampled) state, as the oracle names places."""
    where = {}
    for seat, hand in enumerate(world_state.hands):
        where.update(dict.fromkeys(hand, seat))
    where.update(dict.fromkeys(world_state.item_deck, "deck"))
    where.update(dict.fromkeys(world_state.item_discard, "discard"))
    if world_state.q is not None:
        where.update(dict.fromkeys(world_state.q.pool, "pool"))
        where.update({c: "given" for _, c in world_state.q.given})
    return tuple(sorted(((c, where[c]) for c in cards), key=repr))


def _positions(players, seeds, every=3, quests=99):
    """Decisions of seeded greedy games (greedy: Quests succeed and fail, cards wander), in
    the first ``quests`` Quests (the brute force is for small cases)."""
    for seed in seeds:
        for state in list(playout(dq.new_game(players, seed=seed), dq.greedy, seed=seed))[::every]:
            if not state.is_over and state.quest_no <= quests:
                yield state


# -- consistency --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 6])
def test_no_sample_puts_a_seen_card_where_no_consistent_history_could_take_it(players):
    """Every sample's placement of the cards the player saw is one the brute force reaches
    (DQ-R13, DQ-R15, DQ-R16, DQ-R39). The sampler before issue 27's fix put them anywhere."""
    checked = 0
    rng = random.Random(players)
    for state in _positions(players, range(3), quests=3):
        for player in range(players):
            worlds = brute_force(state, player)
            if worlds is None:
                continue
            cards = [c for c, _ in next(iter(worlds))]
            draw = prepare_determinize(state, player)
            for _ in range(4):
                got = placement_of(draw(rng), cards)
                assert got in worlds, (state.action_count, player, set(got) - set().union(*worlds))
            checked += 1
    assert checked > 40


def test_face_up_cards_spent_on_earlier_quests_stay_in_the_discards_until_a_reshuffle():
    """Public, so every player knows it: the cards received face up (DQ-R16) go to the discards
    when the next Quest begins, and only a reshuffle (DQ-A15) takes them out. Whole games:
    one seed a table size (seeds 4..6 gave 2,403 samples where 994 do), its games reaching
    a reshuffle with face-up cards spent since, which the test requires."""
    checked = after_reshuffle = 0
    for players in (4, 5, 7, 8):
        for state in _positions(players, [4], every=5):
            spent, given = set(), set()  # face up on every Quest now over, since a reshuffle
            reshuffled = False
            for event in state.item_events:
                if event[0] == "give":
                    given.add(event[2])
                elif event[0] == "spend":
                    spent |= given
                    given = set()
                elif event[0] == "reshuffle":
                    spent = set()
                    reshuffled = True
            if not spent:
                continue
            after_reshuffle += reshuffled
            for player in range(players):
                world = state.determinize(player, random.Random(checked))
                assert spent <= set(world.item_discard), (players, state.action_count, player)
                checked += 1
    assert checked > 100 and after_reshuffle > 0


# -- uniformity ---------------------------------------------------------------------------------
def _uniform_cases():
    """(state, player, worlds) with a handful of consistent placements: small enough for a
    chi-square with every cell expected at least 10 times in the samples."""
    found = []
    for players, seed in ((4, 1), (4, 2), (5, 3), (4, 4)):
        for state in _positions(players, [seed], every=1, quests=3):
            for player in range(players):
                worlds = brute_force(state, player)
                if worlds is not None and 4 <= len(worlds) <= 40:
                    found.append((state, player, worlds))
                    break
            if len(found) >= 3 * (1 + [(4, 1), (4, 2), (5, 3), (4, 4)].index((players, seed))):
                break
    return found[::3][:4]


@pytest.mark.parametrize("case", range(4))
def test_samples_are_uniform_over_the_worlds_consistent_with_what_the_player_saw(case):
    state, player, worlds = _uniform_cases()[case]
    expected = {w: weight(state, w) for w in worlds}
    total = sum(expected.values())
    samples = max(3000, 10 * total // min(expected.values()))
    assert samples < 40000, "a case too lopsided for a chi-square: pick another"
    cards = [c for c, _ in next(iter(worlds))]
    draw = prepare_determinize(state, player)
    rng = random.Random(case)
    counts = Counter(placement_of(draw(rng), cards) for _ in range(samples))
    assert set(counts) <= set(worlds)
    cells = sorted(worlds, key=repr)
    p = chisquare([counts[c] for c in cells], [samples * expected[c] / total for c in cells]).pvalue
    assert p > ALPHA, (p, len(cells))


# -- blind to the hidden truth -------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(4, 21), (5, 22), (6, 23)])
def test_same_view_and_knowledge_different_truth_give_the_same_samples(players, seed):
    """A twin: every hidden part redrawn (test_correctness's scramble), then the seen cards
    moved to another placement the brute force allows, and the record of card movements
    replaced by the player's knowledge of it (the hidden names gone). Same view, same
    knowledge, another truth: the very same samples."""
    rng = random.Random(seed)
    compared = 0
    for state in _positions(players, [seed], quests=3):
        for player in range(players):
            worlds = brute_force(state, player)
            if worlds is None or len(worlds) < 2:
                continue
            other = _scramble(state, player, rng)
            truth = placement_of(state, [c for c, _ in next(iter(worlds))])
            alternative = sorted(worlds - {truth}, key=repr)[0]
            other = _moved(other, alternative, player)
            other = other._evolve(item_events=ItemEvents.of(knowledge(state.item_events, player,
                                                                      players)))
            assert other.view(player) == state.view(player)
            assert knowledge(other.item_events, player, players) == \
                knowledge(state.item_events, player, players)
            assert placement_of(other, [c for c, _ in alternative]) != truth
            for k in range(3):
                a = dq.determinize(state, player, random.Random(k))
                b = dq.determinize(other, player, random.Random(k))
                assert a == b, (state.action_count, player)
            compared += 1
    assert compared > 10


def _moved(state, placement, player):
    """``state`` with the cards of ``placement`` put in its places and the other hidden cards
    filling the rest (every size kept), what player sees now untouched."""
    q = state.q
    pool_seen = state.phase == "give" and player == state.pl
    hidden = [s for s in range(state.players) if s != player] + ["deck", "discard"] + (
        [] if pool_seen else ["pool"])
    now = {s: state.hands[s] for s in range(state.players)}
    now.update(deck=state.item_deck, discard=state.item_discard, pool=q.pool if q else ())
    wanted = {place: [c for c, p in placement if p == place] for place in hidden}
    placed = {c for cards in wanted.values() for c in cards}
    rest = [c for place in hidden for c in now[place] if c not in placed]
    new = {}
    for place in hidden:
        room = len(now[place]) - len(wanted[place])
        new[place], rest = tuple(wanted[place] + rest[:room]), rest[room:]
    assert not rest
    changes = {"hands": tuple(new.get(s, state.hands[s]) for s in range(state.players)),
               "item_deck": new["deck"], "item_discard": new["discard"]}
    if q is not None and not pool_seen:
        changes["q"] = q.evolve(pool=new["pool"])
    return state._evolve(**changes)


@pytest.mark.parametrize("players,seed,at,player", [(4, 1, 56, 3), (5, 3, 58, 4), (4, 4, 52, 3)])
def test_samples_are_uniform_on_larger_cases(players, seed, at, player):
    """The same check where the brute force finds 38 to 51 placements (the second Quest and
    on: passed cards that moved on, contributions, the Party Leader's pool)."""
    state = next(s for s in playout(dq.new_game(players, seed=seed), dq.greedy, seed=seed)
                 if s.action_count == at)
    worlds = brute_force(state, player)
    assert worlds is not None and len(worlds) > 30
    expected = {w: weight(state, w) for w in worlds}
    total = sum(expected.values())
    samples = max(6000, 10 * total // min(expected.values()))
    assert samples < 60000, "a case too lopsided for a chi-square: pick another"
    cards = [c for c, _ in next(iter(worlds))]
    draw = prepare_determinize(state, player)
    rng = random.Random(seed)
    counts = Counter(placement_of(draw(rng), cards) for _ in range(samples))
    assert set(counts) <= set(worlds)
    cells = sorted(worlds, key=repr)
    p = chisquare([counts[c] for c in cells], [samples * expected[c] / total for c in cells]).pvalue
    assert p > ALPHA, (p, len(cells))
