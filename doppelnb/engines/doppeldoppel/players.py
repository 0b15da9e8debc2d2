"""Doppeldoppel players for search and simulation: a greedy one-move heuristic, a
determinizer that deals the hidden cards anew from what one player has seen, and the fast random
playout a search plays to the end of the game.

>>> from .state import new_game
>>> import random
>>> s = new_game(3, seed=3)
>>> greedy(s, random.Random(0)) in s.legal_actions()
True
>>> d = determinize(s, 0, random.Random(1))
>>> d.hands[0] == s.hands[0] and d.view(0) == s.view(0)
True
>>> playout(s, random.Random(2)).is_over
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator

from ...core.checks import check_instance, check_seat
from ...core.state import ActionLog
from .actions import Action, Lead, action_to_json
from .apply import Draft
from .legal import legal_actions
from .notation import COLOURS, Card, sort_cards
from .rules import pile_score, resolve_checked
from .state import State


def _card(action: Action) -> Card:
    return action.card if isinstance(action, Lead) else action


def greedy(state: State, rng: random.Random) -> Action:
    """A one-move heuristic a student can read (ties broken by ``rng``):

    For each legal card, resolve the trick as far as it can be seen: the cards already played
    (face-down ones count as unknown and are left out) plus this card (DD-R13..R17). If this card
    would win that trick, its value is how much my acquired pile's round score would change by
    taking the surviving cards (DD-R18..R21); otherwise its value is 0. Play the card of highest
    value; among equals, the lowest rank (low cards rarely win under normal strength, so they
    are the safest to give away). The value is an estimate: the 4-player lead card is face down
    until the trick ends (DD-R10), and with 3 players so is the other follower's card (DD-R9).
    """
    state = check_instance(state, "state", State)
    rng = check_instance(rng, "rng", random.Random)
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is nothing to play")
    seat = state.to_move
    assert seat is not None
    mine = state.piles[seat]
    base = pile_score(mine, state.rules)
    order = state.play_order()
    visible = [(i, c) for i, c in enumerate(state.trick)
               if state._face_up(i) or order[i] == seat]

    def value(action: Action) -> int:
        cards = tuple(c for _, c in visible) + (_card(action),)
        lead = (action.colour if isinstance(action, Lead) else
                state.declared if state.declared is not None else state.trick[0].colour
                if state.trick else _card(action).colour)
        result = resolve_checked(cards, state.rules, lead, state.reversal)
        if result.winner != len(cards) - 1:  # my card is the last one in ``cards``
            return 0
        return pile_score(mine + result.acquired, state.rules) - base

    scored = [(value(a), -_card(a).rank) for a in legal]
    best = max(scored)
    choices = [a for a, v in zip(legal, scored, strict=True) if v == best]
    return choices[rng.randrange(len(choices))]


def playout(state: State, rng: random.Random) -> State:
    """The game ``state`` leads to when every seat plays ``rng.choice`` of its legal actions:
    the final state, action log included, and the random stream, of the plain loop
    ``while not s.is_over: s = fast_play(s, rng.choice(s.legal_actions()))``.

    The plain loop builds a frozen State per card (a copy of three fields mid-trick, a draft
    copied in and frozen out at each trick's end); here one :class:`.apply.Draft` plays the
    whole game and is frozen once. The legal actions come from the same listing
    (:func:`.legal.legal_actions`) in the same order, so ``rng`` draws the same cards. A search
    (``GameSpec.playout``) calls it on its own determinized states: no argument checks."""
    if state.over:
        return state
    draft: Draft[State] = Draft.of(state)
    log = draft.action_log
    choice, play = rng.choice, draft.play
    while not draft.over:
        action = choice(legal_actions(draft))
        log = ActionLog(log, action_to_json(action))
        play(action)
    draft.action_log = log
    return draft.freeze()


def _voids(state: State, player: int) -> dict[int, set[str]]:
    """Colours each other seat is known to lack this round: it did not follow a lead colour in a
    revealed trick (DD-R11), or in a face-up card of the current trick."""
    voids: dict[int, set[str]] = {q: set() for q in range(state.players) if q != player}
    for record in state.log:
        if record.round != state.round:
            continue
        result = record.result
        for i, (seat, played) in enumerate(zip(record.seats, result.cards, strict=True)):
            if i and seat != player and played.colour != result.lead_colour:
                voids[seat].add(result.lead_colour)
    view = state.view(player)
    for i, (seat, card) in enumerate(view.trick):
        if i and card is not None and seat != player and view.lead_colour is not None and \
                card.colour != view.lead_colour:
            voids[seat].add(view.lead_colour)
    return voids


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with everything ``player`` has seen, the hidden parts drawn from ``rng``.

    Hidden from ``player``: the other hands and the others' face-down cards in the unfinished
    trick (DD-R9, DD-R10), and the later rounds' deals. The unseen cards (the deck minus the
    player's hand, every face-up or revealed card, the acquired piles and the discard) are dealt
    to the hidden places keeping every hand size, every colour a seat is known to lack (it did
    not follow, DD-R11) and the face-down cards' rules (DD-R9..R11, DD-A9), each such placement
    equally likely (:class:`_Hidden`); the seed of later deals is drawn from ``rng`` too. Only what
    :meth:`State.view` shows and the public trick log are read, never the true hidden cards.

    The engine registers :func:`prepare_determinize` in its ``GameSpec`` too: a search
    (core.policy.MCTS) works out what ``player`` has seen once per decision with it, and draws
    its 32 samples from that (the same samples as this function for the same ``rng``).
    """
    state = check_instance(state, "state", State)
    player = check_seat(player, state.players, "player")
    rng = check_instance(rng, "rng", random.Random)
    return _Hidden(state, player).sample(rng)


def prepare_determinize(state: State, player: int) -> Callable[[random.Random], State]:
    """``determinize(state, player, ·)`` with the work that depends only on ``state`` and
    ``player`` done once (the unseen cards, the known voids, the hidden places in dealing
    order): a search calls it once per decision and the result once per iteration."""
    state = check_instance(state, "state", State)
    player = check_seat(player, state.players, "player")
    hidden = _Hidden(state, player)

    def sample(rng: random.Random) -> State:
        check_instance(rng, "rng", random.Random)
        return hidden.sample(rng)

    return sample


#: A hidden place: the seat it belongs to, its trick position (None: the seat's hand), how many
#: cards it takes, and the colour indices (into COLOURS) it may hold.
Place = tuple[int, int | None, int, frozenset[int]]
#: Per colour index, how many unseen cards of that colour are left to place.
Left = tuple[int, ...]
_ALL = frozenset(range(len(COLOURS)))


class _Hidden:
    """What ``player`` has not seen and where it may go, and a sampler that draws every placement
    consistent with it equally often (physical card by physical card).

    The hidden places are the other hands and the face-down trick cards ``player`` cannot see.
    A place may not hold a colour its seat showed it lacks (DD-R11, :func:`_voids`); the
    4-player leader's face-down card is of the declared colour (DD-R10, DD-A9); with 3 players a
    face-down follower's card off the lead colour means that follower has none of it (DD-R9,
    DD-R11), which splits the draw into two cases (its card of the lead colour, or not and no
    lead colour in its hand). Within a case the number of placements is counted exactly: the
    constrained places one by one over how many cards of each colour they take (memoised on the
    colours left), the unconstrained ones together in closed form (a multinomial). A sample
    draws a case, then each constrained place's colour counts, in proportion to the number of
    placements that follow, then which physical cards of each colour, uniformly; the
    unconstrained places share the rest as one shuffle. No retries, so no sample is ever
    rejected, however tight the voids (a seat void in two colours, say).
    """

    __slots__ = ("state", "player", "view", "by_colour", "cases", "weights", "_ways", "_options")

    def __init__(self, state: State, player: int) -> None:
        self.state, self.player = state, player
        view = self.view = state.view(player)
        seen: Counter[Card] = Counter(view.hand)
        seen.update(view.discard)
        for pile in view.piles:
            seen.update(pile)
        seen.update(c for _, c in view.trick if c is not None)
        deck: Counter[Card] = Counter(state.rules.deck_counts())
        unseen = sorted((deck - seen).elements(), key=str)
        self.by_colour = tuple([c for c in unseen if c.colour == colour] for colour in COLOURS)
        voids = _voids(state, player)
        allowed = {q: frozenset(i for i, c in enumerate(COLOURS) if c not in voids[q])
                   for q in voids}
        lead = view.lead_colour
        lead_index = frozenset() if lead is None else frozenset({COLOURS.index(lead)})
        trick: list[list[Place]] = []  # per hidden trick card, its alternatives
        for i, (seat, card) in enumerate(view.trick):
            if card is not None:
                continue
            if i == 0:
                # DD-A9: the 4-player leader's face-down card is of the declared colour
                must = state.players == 4 and state.rules.declared_colour_must_match
                trick.append([(seat, 0, 1, allowed[seat] & lead_index if must else allowed[seat])])
            else:  # DD-R9, DD-R11: of the lead colour, or off it and none in the hand
                trick.append([(seat, i, 1, allowed[seat] & lead_index),
                              (seat, i, 1, allowed[seat] - lead_index)])
        cases: list[tuple[Place, ...]] = []
        for choice in itertools.product(*trick):
            hand_allowed = dict(allowed)
            for seat, position, _, colours in choice:
                if position and not colours & lead_index:
                    hand_allowed[seat] = hand_allowed[seat] - lead_index
            places = list(choice) + [(q, None, view.hand_sizes[q], hand_allowed[q])
                                     for q in sorted(voids)]
            # the constrained places first, the most constrained first; the free ones last
            places.sort(key=lambda p: (len(p[3]), p[1] is None, p[0]))
            cases.append(tuple(p for p in places if p[2]))
        self.cases = tuple(cases)
        self._ways: dict[tuple[int, int, Left], int] = {}
        self._options: dict[tuple[int, int, Left], list[tuple[int, tuple[int, ...]]]] = {}
        left = tuple(map(len, self.by_colour))
        self.weights = tuple(self._count(c, 0, left) for c in range(len(cases)))

    def _count(self, case: int, k: int, left: Left) -> int:
        """How many placements of the ``left`` cards into places ``k`` onwards of ``case``."""
        key = (case, k, left)
        found = self._ways.get(key)
        if found is not None:
            return found
        places = self.cases[case]
        if k == len(places) or places[k][3] == _ALL:  # the rest are free: a multinomial
            sizes = [p[2] for p in places[k:]]
            ways = math.factorial(sum(left)) if sum(left) == sum(sizes) else 0
            for size in sizes:
                ways //= math.factorial(size)
        else:
            options = []
            ways = 0
            for counts in _splits(places[k][2], places[k][3], left):
                rest = tuple(n - x for n, x in zip(left, counts, strict=True))
                weight = self._count(case, k + 1, rest)
                if weight:
                    for n, x in zip(left, counts, strict=True):
                        weight *= math.comb(n, x)
                    ways += weight
                    options.append((weight, counts))
            self._options[key] = options
        self._ways[key] = ways
        return ways

    def sample(self, rng: random.Random) -> State:
        state, view, player = self.state, self.view, self.player
        total = sum(self.weights)
        pools = [list(cards) for cards in self.by_colour]
        hands: dict[int, list[Card]] = {q: [] for q in range(state.players) if q != player}
        trick = list(state.trick)
        if not total:  # no placement fits (a hand-made state): keep the sizes, drop the voids
            places: tuple[Place, ...] = tuple((p[0], p[1], p[2], _ALL) for p in self.cases[0])
            case, k = -1, 0
        else:
            case, pick = 0, rng.randrange(total)
            while pick >= self.weights[case]:
                pick -= self.weights[case]
                case += 1
            places = self.cases[case]
            k, left = 0, tuple(map(len, pools))
            while k < len(places) and places[k][3] != _ALL:
                counts = _weighted(self._options[case, k, left], rng)
                chosen: list[Card] = []
                for pool, x in zip(pools, counts, strict=True):
                    if x:
                        taken = sorted(rng.sample(range(len(pool)), x))
                        chosen += [pool[i] for i in taken]
                        for i in reversed(taken):
                            del pool[i]
                _put(places[k], chosen, hands, trick)
                left = tuple(map(len, pools))
                k += 1
        rest = [c for pool in pools for c in pool]
        rng.shuffle(rest)
        for place in places[k:]:
            _put(place, rest[:place[2]], hands, trick)
            del rest[:place[2]]
        new_hands = tuple(view.hand if q == player else sort_cards(hands[q])
                          for q in range(state.players))
        return state._evolve(hands=new_hands, trick=tuple(trick), seed=rng.randrange(2**31))


def _splits(size: int, colours: frozenset[int], left: Left) -> Iterator[tuple[int, ...]]:
    """Every way to take ``size`` cards of the allowed ``colours`` from ``left`` (three colours):
    how many of each."""
    top = [min(size, n) if i in colours else 0 for i, n in enumerate(left)]
    for x0 in range(top[0] + 1):
        for x1 in range(min(top[1], size - x0) + 1):
            x2 = size - x0 - x1
            if x2 <= top[2]:
                yield (x0, x1, x2)


def _weighted(options: list[tuple[int, tuple[int, ...]]], rng: random.Random) -> tuple[int, ...]:
    """One of ``options`` drawn in proportion to its weight (exact integers)."""
    pick = rng.randrange(sum(w for w, _ in options))
    for weight, counts in options:
        if pick < weight:
            return counts
        pick -= weight
    raise AssertionError("unreachable: the pick is below the total")  # pragma: no cover


def _put(place: Place, cards: list[Card], hands: dict[int, list[Card]], trick: list[Card]) -> None:
    seat, position, _, _ = place
    if position is None:
        hands[seat] += cards
    else:
        trick[position] = cards[0]


__all__ = ["greedy", "determinize", "prepare_determinize", "playout"]
