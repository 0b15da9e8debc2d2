"""How each Doppeldoppel action changes the state: the core :class:`~doppelnb.core.draft.Draft`
subclass whose methods are the rule functions, in the order the rulebook resolves a card.

:meth:`Draft.play` lays the card (DD-R9..R12); once everyone has played, :meth:`Draft.finish_trick`
reveals and resolves the trick (DD-R13..R17, DD-R7); once the hands are empty,
:meth:`Draft.end_round` scores the round and deals the next (DD-R18..R22, DD-R6, DD-A16).
``State._apply`` makes a draft of the state, plays the action on it and freezes it; a random
playout (:func:`.players.playout`) plays a whole game on one draft.

Every rule function reads the draft's own fields, never the state the draft was made from: a
draft may have played many actions since. :func:`lay` is the part of :meth:`Draft.play` that a
card laid on an unfinished trick is made of (the mover's hand, the trick, the declared colour);
``State._apply`` builds such a state from it directly, without a draft (the fast path).
"""

from __future__ import annotations

from typing import TypeVar

from ...core.draft import Draft as CoreDraft
from ...core.state import ActionLog, FrozenGameState
from .actions import Action, Lead
from .notation import DECK_SIZE, Card, sort_cards
from .rules import (
    Hands,
    TrickRecord,
    deal_hands,
    pile_score,
    play_orders,
    resolve_checked,
    take_card,
)
from .rules import Rules as DDRules

S = TypeVar("S", bound=FrozenGameState)


def lay(hands: Hands, seat: int, trick: tuple[Card, ...], declared: str | None,
        action: Action) -> tuple[Hands, tuple[Card, ...], str | None]:
    """``seat`` lays the card of ``action`` from their hand on the trick (DD-R12); a 4-player
    :class:`Lead` also declares the lead colour (DD-R10). The new hands, trick and declared
    colour; the action has been checked."""
    if isinstance(action, Lead):
        card, declared = action.card, action.colour
    else:
        card = action
    return take_card(hands, seat, card), trick + (card,), declared


class Draft(CoreDraft[S]):
    """A working copy of a Doppeldoppel ``State`` (``Draft[State].of(state)``), changed by the
    rule functions below; :meth:`freeze` is the next state."""

    # The fields these rule functions read or change, typed for mypy. The draft itself holds
    # every field of State, read from the dataclass by Draft.of (a test checks that each name
    # below is a State field of the same type: tests/doppeldoppel/test_doppeldoppel_draft.py).
    players: int
    seed: int
    action_log: ActionLog | None
    rules: DDRules
    round: int
    round_sp: int
    leader: int
    hands: Hands
    piles: Hands
    discard: tuple[Card, ...]
    trick: tuple[Card, ...]
    declared: str | None
    reversal: bool
    trick_number: int
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    round_piles: tuple[Hands, ...]
    log: tuple[TrickRecord, ...]
    over: bool

    # -- the queries the rule functions and the legal listing need, read from the draft ------
    @property
    def to_move(self) -> int | None:
        """The seat to play (DD-R8, DD-A4); None once the game is over."""
        if self.over:
            return None
        step = 1 if self.rules.direction == "clockwise" else -1
        return (self.leader + step * len(self.trick)) % self.players

    @property
    def lead_colour(self) -> str | None:
        """The trick's lead colour once the leader has played (DD-R9, DD-R10)."""
        if not self.trick:
            return None
        return self.declared if self.declared is not None else self.trick[0].colour

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    # -- the rule functions ------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """The player to move lays one card from their hand on the trick (DD-R12, DD-R10);
        a complete trick is resolved, and the last trick of a round ends the round. The action
        has been checked (``State.play``) or drawn from the legal actions (a playout)."""
        seat = self.to_move
        assert seat is not None
        leader = self.leader
        self.hands, self.trick, self.declared = lay(self.hands, seat, self.trick, self.declared,
                                                    action)
        if len(self.trick) == self.players:
            self.finish_trick()
            if self.trick_number == DECK_SIZE // self.players:  # DD-R5: the hands are empty
                self.end_round(leader)

    def finish_trick(self) -> None:
        """Reveal and resolve the complete trick, give the survivors to its winner and choose
        the next leader."""
        rules = self.rules
        seats = play_orders(self.players, rules.direction)[self.leader]
        # DD-R10 step 3 / DD-R9 step 3 / DD-A18: everything is revealed, then resolved as usual.
        lead = self.declared if self.declared is not None else self.trick[0].colour
        result = resolve_checked(self.trick, rules, lead, self.reversal)
        if result.winner is not None:  # DD-R17: the winner keeps the survivors face up
            w = seats[result.winner]
            piles = self.piles
            self.piles = piles[:w] + (sort_cards(piles[w] + result.acquired),) + piles[w + 1:]
            if rules.next_leader == "winner":  # DD-R7, DD-A3
                nxt = w
            elif rules.next_leader == "round_sp":
                nxt = self.round_sp
            else:
                nxt = self.left_of(self.leader)
        elif rules.next_leader == "winner":  # DD-R16, DD-A8: nobody won the trick
            nxt = self.leader if rules.no_winner_next_leader == "same_leader" else \
                self.left_of(self.leader)
        else:
            nxt = self.round_sp if rules.next_leader == "round_sp" else self.left_of(self.leader)
        self.log = self.log + (TrickRecord(self.round, self.trick_number, seats, result, nxt),)
        self.discard = self.discard + result.discarded_cards
        self.trick = ()
        self.declared = None
        self.reversal = result.reversal_after
        self.trick_number += 1
        self.leader = nxt

    def end_round(self, last_leader: int) -> None:
        """DD-R18..R21 scoring, DD-R22 game end, DD-R6 start-player rotation, DD-A16 re-deal.
        ``last_leader`` led the round's last trick: the final state keeps it (nobody leads
        again, DD-R22)."""
        piles = self.piles
        scores = tuple(pile_score(p, self.rules) for p in piles)
        self.totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        self.round_scores = self.round_scores + (scores,)
        self.round_piles = self.round_piles + (piles,)
        if self.round + 1 == self.players:  # DD-R5, DD-R22: N rounds for N players
            self.over = True
            self.leader = last_leader
            return
        self.round += 1
        sp = self.left_of(self.round_sp)  # DD-R6: left of the player who was SP at round start
        self.round_sp = self.leader = sp
        self.hands = deal_hands(self.rules, self.seed, self.players, self.round)
        self.piles = ((),) * self.players
        self.discard = ()
        self.trick_number = 0
        self.reversal = False


__all__ = ["Draft", "lay"]
