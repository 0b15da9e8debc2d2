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

import random
from collections import Counter
from collections.abc import Callable

from ...core.checks import check_instance, check_seat
from ...core.state import ActionLog
from .actions import Action, Lead, action_to_json
from .apply import Draft
from .legal import legal_actions
from .notation import Card, sort_cards
from .rules import pile_score, resolve_checked
from .state import State, View

#: How many random deals :func:`determinize` tries before it relaxes the void constraints.
MAX_TRIES = 200


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
    at random to the hidden places, keeping every hand size and every colour a seat is known to
    lack (it did not follow, DD-R11); the seed of later deals is drawn from ``rng`` too. Only what
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


class _Hidden:
    """What ``player`` has not seen, and where it goes: the unseen cards, the hidden places to
    deal them to (a face-down trick card, a card of another hand), each seat's known voids."""

    __slots__ = ("state", "player", "view", "unseen", "hidden_trick", "voids", "others", "lead",
                 "need", "slots")

    def __init__(self, state: State, player: int) -> None:
        self.state, self.player = state, player
        view = self.view = state.view(player)
        seen: Counter[Card] = Counter(view.hand)
        seen.update(view.discard)
        for pile in view.piles:
            seen.update(pile)
        seen.update(c for _, c in view.trick if c is not None)
        deck: Counter[Card] = Counter(state.rules.deck_counts())
        self.unseen = sorted((deck - seen).elements(), key=str)
        self.hidden_trick = [i for i, (_, c) in enumerate(view.trick) if c is None]
        self.voids = _voids(state, player)
        self.others = [q for q in range(state.players) if q != player]
        self.lead = view.lead_colour
        # DD-A9: the 4-player leader's face-down card is of the declared colour (default reading)
        self.need = (self.lead if state.players == 4 and state.rules.declared_colour_must_match
                     else None)
        # The hidden places in dealing order, the most constrained first: with the known voids
        # (``strict``), and without them (the fallback deal).
        slots: list[tuple[int, int | None]] = [(view.trick[i][0], i) for i in self.hidden_trick]
        slots += [(q, None) for q in self.others for _ in range(view.hand_sizes[q])]
        self.slots = {strict: sorted(slots, key=lambda s: (
            s[1] != 0, -len(self.voids[s[0]]) if strict else 0)) for strict in (True, False)}

    def sample(self, rng: random.Random) -> State:
        view, hidden_trick = self.view, self.hidden_trick
        for _ in range(MAX_TRIES):
            deal = self._try_deal(rng, strict=True)
            if deal is not None and _follow_ok(deal, view, hidden_trick, self.lead):
                break
        else:  # practically unreachable; keeps the hand sizes, relaxes the voids
            deal = self._try_deal(rng, strict=False)
            assert deal is not None
        hands, trick_cards = deal
        state, player = self.state, self.player
        new_hands = tuple(view.hand if q == player else sort_cards(hands[q])
                          for q in range(state.players))
        trick = list(state.trick)
        for i, card in trick_cards.items():
            trick[i] = card
        return state._evolve(hands=new_hands, trick=tuple(trick), seed=rng.randrange(2**31))

    def _try_deal(self, rng: random.Random, *, strict: bool) -> Deal | None:
        """One random deal of the unseen cards: the most constrained places first, each taking
        the first card of the shuffled pool it may hold (None when a place has none left)."""
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {q: [] for q in self.others}
        trick_cards: dict[int, Card] = {}
        for seat, position in self.slots[strict]:
            banned = self.voids[seat] if strict else _NONE
            must = self.need if position == 0 else None
            if not banned and must is None:
                if not pool:
                    return None
                card = pool.pop(0)  # any card will do: the first
            else:
                pick = next((k for k, c in enumerate(pool) if c.colour not in banned and
                             (must is None or c.colour == must)), None)
                if pick is None:
                    return None
                card = pool.pop(pick)
            if position is None:
                hands[seat].append(card)
            else:
                trick_cards[position] = card
        return hands, trick_cards


_NONE: frozenset[str] = frozenset()

Deal = tuple[dict[int, list[Card]], dict[int, Card]]


def _follow_ok(deal: Deal, view: View, hidden_trick: list[int], lead: str | None) -> bool:
    """A hidden face-down follower's card off the lead colour means that seat has none left."""
    hands, trick_cards = deal
    for i in hidden_trick:
        seat = view.trick[i][0]
        if i and lead is not None and trick_cards[i].colour != lead and any(
                c.colour == lead for c in hands[seat]):
            return False
    return True


__all__ = ["greedy", "determinize", "prepare_determinize", "playout", "MAX_TRIES"]
