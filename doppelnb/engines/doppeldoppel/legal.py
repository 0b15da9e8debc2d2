"""Doppeldoppel's legal actions and why an action is refused (DD-R9..R12): the follow rule
(:func:`legal_plays`, DD-R11), the legal actions of the player to move, and the refusals.

Both read a :class:`Table`: what the player to move faces (the hands, the unfinished trick, its
lead colour). A ``State`` is one, and so is an :class:`.apply.Draft` in the middle of a random
playout, which lists its legal actions here exactly as the states of the plain loop do.

>>> from .state import new_game
>>> s = new_game(4, seed=1, first_sp=0)
>>> legal_actions(s)[:2]                     # DD-R10, DD-A9: the lead declares its own colour
(Lead(card=Card('Y', 1), colour='Y'), Lead(card=Card('Y', 2), colour='Y'))
>>> refusal(s, Lead(s.hands[0][0], "R")).rule
'DD-R10'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ...core.errors import IllegalAction
from .actions import Action, Lead, lead
from .notation import COLOURS, Card, parse_colour, sort_cards
from .rules import Hands, check_cards
from .rules import Rules as DDRules


def legal_plays(hand: Iterable[Any], lead_colour: str | None) -> list[Card]:
    """The distinct cards of ``hand`` that may be played (DD-R11).

    ``lead_colour=None`` means the player leads and may play anything. A follower who holds the
    lead colour must play it; one who does not may play anything.
    """
    cards = sort_cards(set(check_cards(hand, "hand")))
    if lead_colour is not None:
        lead_colour = parse_colour(lead_colour, "DD-R11")
    return list(legal_cards(cards, lead_colour))


def legal_cards(hand: tuple[Card, ...], lead_colour: str | None) -> tuple[Card, ...]:
    """DD-R11 on a sorted hand of parsed cards (the fast path the game state uses)."""
    cards = tuple(dict.fromkeys(hand))
    if lead_colour is None:
        return cards
    following = tuple([c for c in cards if c.colour == lead_colour])  # DD-R11
    return following or cards


class Table(Protocol):
    """What the legal listing reads: a ``State``, or an :class:`.apply.Draft`."""

    @property
    def players(self) -> int: ...
    @property
    def rules(self) -> DDRules: ...
    @property
    def hands(self) -> Hands: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def lead_colour(self) -> str | None: ...


def legal_actions(table: Table) -> tuple[Action, ...]:
    """The legal actions of the player to move, in the one order every listing uses (the hand's
    order; a 4-player lead card by card, each with its colours in :data:`COLOURS` order)."""
    seat = table.to_move
    if seat is None:
        return ()
    hand = table.hands[seat]
    if table.trick:
        return legal_cards(hand, table.lead_colour)  # DD-R11
    cards = legal_cards(hand, None)
    if table.players == 3:
        return cards  # DD-R9: the leader plays face up
    if table.rules.declared_colour_must_match:  # DD-R10, DD-A9
        return tuple([lead(c, c.colour) for c in cards])
    return tuple([lead(c, colour) for c in cards for colour in COLOURS])


def action_label(table: Table, action: Action) -> str:
    """How ``action`` reads to a player: the face-down plays say so (DD-R9, DD-R10)."""
    if isinstance(action, Lead):
        return f"{action.card} face down, declares {table.rules.colour_name(action.colour)}"
    if table.players == 3 and table.trick:
        return f"{action} face down"
    return str(action)


def refusal(table: Table, action: Action) -> IllegalAction | None:
    """Why the player to move may not play ``action`` now, as an :class:`IllegalAction` naming
    the rule, or None when it is legal. ``action`` is a parsed action (``State.parse_action``):
    a :class:`Card`, or a :class:`Lead` only where a 4-player lead is due."""
    if action in legal_actions(table):
        return None
    seat = table.to_move
    if seat is None:
        return IllegalAction("NB-ARG", "the game is over: there is nothing to play")
    who, rules, hand = f"P{seat + 1}", table.rules, table.hands[seat]
    card = action.card if isinstance(action, Lead) else action
    if card not in hand:  # DD-R12: one card from your own hand
        shown = " ".join(map(str, hand))
        return IllegalAction("DD-R12", f"{who} does not hold {card}; {who}'s hand is {shown}")
    match action:
        case Lead(colour=colour) if rules.declared_colour_must_match and colour != card.colour:
            return IllegalAction(  # DD-R10, DD-A9
                "DD-R10", f"the declared colour must be the face-down card's colour (DD-A9): "
                f"{card} is {rules.colour_name(card.colour)}, so {who} cannot declare "
                f"{rules.colour_name(colour)}")
        case Card(colour=colour) if table.lead_colour not in (None, colour):
            # DD-R11, checked for a face-down card too (DD-R12)
            follow = [c for c in hand if c.colour == table.lead_colour]
            if follow:
                name = rules.colour_name(table.lead_colour)
                return IllegalAction("DD-R11", f"{who} holds {follow[0]}, so {who} must follow "
                                     f"{name}; {card} is not {name}")
    return IllegalAction("NB-ARG", f"{action_label(table, action)} is not a legal action now")


__all__ = ["legal_plays", "legal_cards", "Table", "legal_actions", "action_label", "refusal"]
