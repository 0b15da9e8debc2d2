"""Doppeldoppel actions: a card (``"Y5"``) or, for the 4-player leader, a :class:`Lead`.

Both are typed values whose ``str()`` is the game's notation and which compare equal to the JSON
form records have always held: a card is a :class:`~.notation.Card` (a ``str``), a lead a
``NamedTuple`` equal to ``("Y5", "Y")``.

>>> lead = Lead(parse_card("Y5"), "Y")
>>> str(lead), lead == ("Y5", "Y"), parse_lead_text("y5/y") == lead
('Y5/Y', True, True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.checks import show
from ...core.errors import BadInput, IllegalAction
from .notation import ALL_CARDS, COLOURS, Card, parse_card, parse_colour


class Lead(NamedTuple):
    """The 4-player lead: a card played face down and the declared lead colour (DD-R10).

    ``str(Lead)`` is ``"Y5/Y"``; the JSON form is ``["Y5", "Y"]``.
    """

    card: Card
    colour: str

    def __str__(self) -> str:
        return f"{self.card}/{self.colour}"


Action = Card | Lead

#: Every lead there can be (18 cards x 3 colours), made once: the legal actions of a 4-player
#: lead are these very objects, not new tuples at every state of a search's playouts.
_LEADS: dict[tuple[Card, str], Lead] = {(c, colour): Lead(c, colour) for c in ALL_CARDS
                                         for colour in COLOURS}


def lead(card: Card, colour: str) -> Lead:
    """The :class:`Lead` of a checked ``card`` and colour letter (the one shared object)."""
    return _LEADS[card, colour]

_HINT = ("play a card like 'Y5', or with 4 players lead ('Y5', 'Y') or 'Y5/Y' to declare a "
         "colour")


def parse_lead_text(text: str) -> Lead:
    """``"Y5/Y"`` -> ``Lead(Card('Y', 5), 'Y')``."""
    card, _, colour = text.partition("/")
    return Lead(parse_card(card), parse_colour(colour, "DD-R10"))


def parse_action(action: Any, *, leading: bool, players: int, who: str) -> Action:
    """Any accepted spelling of an action -> a :class:`Card` or a :class:`Lead`.

    Accepted: ``"Y5"`` or a :class:`Card`; with 4 players, for the leader, ``("Y5", "Y")``,
    ``["Y5", "Y"]``, ``"Y5/Y"`` or a :class:`Lead` (a bare card declares its own colour).
    Malformed input is ``BadInput``; a colour declared when none may be is ``IllegalAction``.
    """
    lead: Lead
    if isinstance(action, Lead):
        lead = Lead(parse_card(action.card), parse_colour(action.colour, "DD-R10"))
    elif isinstance(action, str):
        if "/" in action and len(action) < 12:
            lead = parse_lead_text(action)
        else:
            card = parse_card(action)
            if leading and players == 4:  # a bare card declares its own colour
                return Lead(card, card.colour)
            return card
    elif isinstance(action, (list, tuple)) and len(action) == 2:
        lead = Lead(parse_card(action[0]), parse_colour(action[1], "DD-R10"))
    else:
        raise BadInput("NB-ARG", f"{show(action)} is not a Doppeldoppel action: {_HINT}")
    if players == 3:
        raise IllegalAction("DD-R9", "with 3 players the leader plays face up and declares "
                            "no colour: play just the card, like 'Y5'")
    if not leading:
        raise IllegalAction("DD-R10", f"only the leader declares a colour; {who} follows "
                            f"with a card only, like '{lead.card}'")
    return lead


class LeadRecord(tuple[str, str]):
    """The record form of a lead, ``("Y5", "Y")``: an immutable JSON array (the state's action
    log hands it out and hashes it, issue 24), written to records as ``["Y5", "Y"]``. Its
    ``repr`` is the array's, ``['Y5', 'Y']``, as the golden transcripts have always shown it
    (the log held a list before)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(list(self))


def action_to_json(action: Action) -> str | LeadRecord:
    """The record form: ``"Y5"`` or a :class:`LeadRecord` ``("Y5", "Y")``."""
    if type(action) is Card:  # one of the 18 shared cards: its record form made once
        return _RECORD_FORMS[action]
    if isinstance(action, Lead):
        if type(action.card) is Card and action.colour in COLOURS:
            return _RECORD_FORMS[action]
        return LeadRecord((str(action.card), str(action.colour)))
    return str(action)


#: The record form of every card and lead (immutable values, shared by every action log).
_RECORD_FORMS: dict[Action, str | LeadRecord] = {
    **{card: str(card) for card in ALL_CARDS},
    **{action: LeadRecord((str(action.card), action.colour)) for action in _LEADS.values()}}


__all__ = ["Lead", "LeadRecord", "Action", "lead", "parse_action", "parse_lead_text",
           "action_to_json"]
