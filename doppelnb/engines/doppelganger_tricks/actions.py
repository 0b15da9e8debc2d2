"""The typed actions of Doppelgänger Tricks: ``str()`` is the game's notation, and each compares
equal to the JSON form records have always used.

- :class:`Play` (a ``str``): ``"4S"`` plays a card; ``"6D:C"`` leads a doppelgänger declaring the
  lead suit (DT-R8).
- :class:`Bid` (a tuple ``("bid", n)``): the player to move forecasts ``n`` tricks (DT-R6).
- :class:`Claim` (a tuple ``("claim", player, "+1")``): right after their own play, a player with
  no D card left takes a bonus card (DT-R15); :data:`PASS` (``"pass"``) declines that chance.

>>> p = PLAYS["6D:C"]; p == "6D:C", p.card, p.declared
(True, '6D', 'C')
>>> b = Bid("bid", 3); b == ("bid", 3), str(b), repr(b)
(True, 'bid 3', "('bid', 3)")
>>> str(Claim("claim", 0, "+1")), Claim("claim", 0, "+1") == ("claim", 0, "+1")
('P1 claims +1', True)
>>> parse_action(["claim", 0, "+1"], 4) == ("claim", 0, "+1"), parse_action("6d:●", 4)
(True, '6D:C')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.checks import check_int, check_seat, show
from ...core.errors import BadInput
from .notation import ALL_CARDS, DOPPELGANGER, PLAIN_SUITS, Card, card, suit
from .rules import BONUS_NAMES

#: Declining a bonus claim (DT-R15).
PASS = "pass"


class Play(str):
    """Play a card: ``"4S"``; a led doppelgänger with its declared suit: ``"6D:C"`` (DT-R8).

    ``card`` is the :class:`Card` and ``declared`` the declared plain suit (or ``None``).
    """

    card: Card
    declared: str | None
    code: int  # the card's integer code (``card.index``), for the state's bit masks
    text: str  # the notation as a plain str (what records store)

    def __new__(cls, c: Card, declared: str | None = None) -> Play:
        self = super().__new__(cls, c.name if declared is None else f"{c.name}:{declared}")
        self.card = c
        self.declared = declared
        self.code = c.index
        self.text = str.__str__(self)
        return self

    def __getnewargs__(self) -> tuple[Card, str | None]:  # type: ignore[override]  # copy, pickle
        return (self.card, self.declared)

    def __repr__(self) -> str:
        return str.__repr__(str(self))

    def __str__(self) -> str:
        return str.__str__(self)


class Bid(NamedTuple):
    """``("bid", n)``: forecast ``n`` tricks (DT-R6)."""

    kind: str
    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Claim(NamedTuple):
    """``("claim", player, bonus)``: ``player`` takes the ``bonus`` card (DT-R15)."""

    kind: str
    player: int
    bonus: str

    def __str__(self) -> str:
        return f"P{self.player + 1} claims {self.bonus}"

    def __repr__(self) -> str:
        return tuple.__repr__(self)


Action = Play | Bid | Claim | str

#: Every play in its canonical spelling, interned: parsing is a dictionary look-up and the legal
#: actions share these objects.
PLAYS: dict[str, Play] = {c.name: Play(c) for c in ALL_CARDS}
PLAYS.update({f"{c.name}:{s}": Play(c, s) for c in ALL_CARDS if c.suit == DOPPELGANGER
              for s in PLAIN_SUITS})
#: The leads each card offers when any suit may be declared (DT-R7, DT-R8).
LEADS: dict[Card, tuple[Play, ...]] = {
    c: tuple(p for p in PLAYS.values() if p.card is c and (p.declared or c.suit != DOPPELGANGER))
    for c in ALL_CARDS}
BIDS: tuple[Bid, ...] = tuple(Bid("bid", b) for b in range(13))
CLAIMS: tuple[dict[str, Claim], ...] = tuple(
    {name: Claim("claim", p, name) for name in BONUS_NAMES} for p in range(4))
_CANONICAL: dict[Any, Action] = {**PLAYS, PASS: PASS}


def parse_play(text: str) -> Play:
    """``"6d"``, ``"6D:c"``, ``"6D:●"`` -> the canonical :class:`Play`."""
    head, sep, tail = text.partition(":")
    c = card(head)
    if not sep:
        return PLAYS[c.name]
    declared = suit(tail, rule="DT-R8")
    found = PLAYS.get(f"{c.name}:{declared}")
    return found if found is not None else Play(c, declared)  # refused later (DT-R8, DT-R10)


def parse_action(action: Any, players: int) -> Action:
    """Any accepted spelling -> the typed action; malformed input raises :class:`BadInput`.

    Accepts ``["bid", 3]``, ``"4S"``, ``"6D:C"`` (or ``["6D", "C"]``), a :class:`Card`,
    ``["claim", 1, "+1"]`` and ``"pass"``."""
    if type(action) is str or type(action) is Play:
        canonical = _CANONICAL.get(action)
        if canonical is not None:
            return canonical
    if isinstance(action, (list, tuple)):
        if len(action) == 2 and action[0] == "bid":
            return BIDS[action[1]] if type(action[1]) is int and 0 <= action[1] <= 12 else Bid(
                "bid", check_int(action[1], "forecast", rule="DT-R6"))
        if len(action) == 3 and action[0] == "claim":
            _, who, name = action
            who = check_seat(who, players, "claiming player")
            if type(name) is not str or name not in BONUS_NAMES:
                raise BadInput("DT-R16", f"{show(name)} is not a bonus card; they are +1 and +3")
            return CLAIMS[who][name]
        if len(action) == 2 and all(isinstance(a, str) and len(a) <= 8 for a in action):
            return parse_play(f"{action[0]}:{action[1]}")
        raise BadInput("NB-ARG", f"{show(list(action))} is not an action of Doppelgänger Tricks")
    if isinstance(action, Card):
        return PLAYS[action.name]
    if isinstance(action, str) and len(action) <= 20:
        if action.strip().lower() == PASS:
            return PASS
        return parse_play(action)
    raise BadInput("NB-ARG", f"{show(action)} is not an action of Doppelgänger Tricks")


def action_to_json(action: Action) -> Any:
    """The record form: a plain string or a tuple (written as a JSON array)."""
    if isinstance(action, tuple):
        return action
    return str.__str__(action)


__all__ = ["Play", "Bid", "Claim", "PASS", "Action", "PLAYS", "LEADS", "BIDS", "CLAIMS",
           "parse_play", "parse_action", "action_to_json"]
