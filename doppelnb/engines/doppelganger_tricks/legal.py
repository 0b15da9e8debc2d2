"""The legal actions and why an action is not legal: the rule-by-rule explanation of a refusal
(DT-R6..R10, DT-R15, DT-A3, DT-A4, DT-A6, DT-A10), and the readable label of an action.

The legal actions themselves are computed on the hand masks by the kernel
(:meth:`.kernel.Moment.legal`: forecasts, a claim or a pass, the plays from per-mask tables) and
the state accepts an action by membership in them; only a refused action comes here, to name the
rule that forbids it and why (:func:`explain`, by phase and kind of action). The tests check
that the two always agree.

These functions read the state's readable fields, described by :class:`Table` (the state module
imports this one, so this one names what it reads instead of importing the state). The kernel's
own checked loop (:meth:`.kernel.Moment.apply`) refuses through the same functions, reading its
moment as a :class:`Table` (:class:`MomentTable`), so a refusal names the same rule and reason
on both paths.

:func:`legal_plays` is the follow rule on a hand given as text or cards (DT-R7, DT-R9), the
public function beside Doppeldoppel's ``legal_plays``:

>>> [str(c) for c in legal_plays(["9S", "8C", "1D", "6D"], "S")]   # DT-E2, player B
['9S', '1D', '6D']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ...core.checks import check_sequence
from ...core.errors import BadInput, IllegalAction
from .actions import PASS, Action, Bid, Claim, Play
from .codes import mask_cards
from .deal import tricks_per_round
from .notation import ALL_CARDS, DOPPELGANGER, PLAIN_SUITS, SUIT_SYMBOLS, SUITS, Card, card, suit
from .rules import BONUS_NAMES, Rules, follow_options, follow_reason


class Table(Protocol):
    """What the refusal checks read of a state: :class:`.state.State` has all of it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def bid_max(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def lead_suit(self) -> str | None: ...
    @property
    def window(self) -> int | None: ...
    @property
    def holders(self) -> tuple[int | None, ...]: ...
    @property
    def claims(self) -> tuple[int, ...]: ...


class Integers(Protocol):
    """What :class:`MomentTable` reads of a kernel moment (:class:`.kernel.Moment`)."""

    @property
    def n(self) -> int: ...
    @property
    def book(self) -> Any: ...
    @property
    def phase(self) -> str: ...
    @property
    def masks(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> tuple[int, ...]: ...
    @property
    def size(self) -> int: ...
    @property
    def lead(self) -> int: ...
    @property
    def window(self) -> int | None: ...
    @property
    def holders(self) -> tuple[int | None, ...]: ...
    def to_move(self) -> int | None: ...


class MomentTable:
    """A kernel moment read as a :class:`Table`: the readable fields the refusal checks read,
    computed as the state computes them (the tests hold the two paths' refusals equal)."""

    __slots__ = ("m",)

    def __init__(self, m: Integers) -> None:
        self.m = m

    @property
    def rules(self) -> Rules:
        rules: Rules = self.m.book.rules
        return rules

    @property
    def phase(self) -> str:
        return self.m.phase

    @property
    def to_move(self) -> int | None:
        return self.m.to_move()

    @property
    def bid_max(self) -> int:
        return 12 if self.rules.bid_max == 12 else tricks_per_round(self.m.n)  # DT-A6

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(map(mask_cards, self.m.masks))

    @property
    def trick(self) -> tuple[Card, ...]:
        return tuple(ALL_CARDS[c] for c in self.m.trick)

    @property
    def lead_suit(self) -> str | None:
        return SUITS[self.m.lead] if self.m.size else None

    @property
    def window(self) -> int | None:
        return self.m.window

    @property
    def holders(self) -> tuple[int | None, ...]:
        return self.m.holders

    @property
    def claims(self) -> tuple[int, ...]:
        return tuple(self.m.holders.count(p) for p in range(self.m.n))


def refusal(s: Table, action: Action) -> IllegalAction | None:
    """Why ``action`` (parsed) is refused now: the :class:`IllegalAction` naming the rule that
    forbids it and why (:func:`explain`), or None when it is legal. As Doppeldoppel's, it
    returns the refusal; the caller raises it."""
    if s.to_move is None:
        return IllegalAction("NB-ARG", "the game is over; no more actions can be played")
    try:
        explain(s, action)
    except IllegalAction as error:
        return error
    return None


def explain(s: Table, action: Action) -> None:
    """Check ``action`` rule by rule: raise :class:`IllegalAction` with the rule that forbids it
    and why. Returns only for a legal action (the tests check that this agrees with
    ``legal_actions``). Which rules apply is decided by the phase and the kind of action."""
    p = s.to_move
    assert p is not None
    if s.phase == "forecast":
        _check_forecast(s, p, action)
        return
    match action:
        case Bid():
            raise IllegalAction("DT-R6", "forecasts are made once, at the start of the round")
        case Claim():
            check_claim(s, action.player, action.bonus)
        case Play():
            _check_play(s, p, action)
        case _:
            assert action == PASS
            if s.window is None:
                raise IllegalAction("DT-R15", "there is no bonus claim to decline now")


def _check_forecast(s: Table, p: int, action: Action) -> None:
    """DT-R6, DT-A6: in the forecast phase only a forecast of 0 to ``bid_max`` tricks."""
    if not isinstance(action, Bid):
        raise IllegalAction("DT-R6", f"every player forecasts before the first trick; "
                            f"P{p + 1} must forecast now")
    if not 0 <= action.tricks <= s.bid_max:
        raise IllegalAction("DT-A6" if 0 <= action.tricks <= 12 else "DT-R6",
                            f"a forecast is a number of tricks from 0 to {s.bid_max}, "
                            f"not {action.tricks}")


def _check_play(s: Table, p: int, action: Play) -> None:
    """DT-R15 (a pending claim first), DT-R7 (one's own card), DT-R8 and DT-A10 (the lead and
    its declaration), DT-R10 (only the leader declares), DT-R9 (follow the lead suit)."""
    if s.window is not None:
        raise IllegalAction("DT-R15", f"P{s.window + 1} has just played and must first "
                            "claim a bonus card or pass")
    c, declared = action.card, action.declared
    hand = s.hands[p]
    if c not in hand:
        raise IllegalAction("DT-R7", f"P{p + 1} does not hold {c}; the hand is "
                            f"{' '.join(map(str, hand))}")
    if not s.trick:
        if c.suit == DOPPELGANGER and not declared:
            raise IllegalAction("DT-R8", f"{c} is a doppelgänger lead, so P{p + 1} must "
                                "declare the lead suit: C (●), T (▲) or S (■), e.g. "
                                f"{c}:C")
        if c.suit != DOPPELGANGER and declared:
            raise IllegalAction("DT-R8", f"only a led doppelgänger is declared; {c} leads "
                                f"suit {c.suit} by itself")
        if declared and declared not in declarable(s, p):
            raise IllegalAction("DT-A10", f"with declare_restricted_to_held_suits, P{p + 1} "
                                f"may declare only a suit they hold "
                                f"({', '.join(declarable(s, p))}), not {declared}")
        return
    if declared:
        raise IllegalAction("DT-R10", f"only the leader declares; {c} played by a follower "
                            f"counts as the lead suit {s.lead_suit} by itself")
    lead = s.lead_suit
    assert lead is not None
    why = follow_reason(hand, lead, c)  # DT-R9
    if why:
        raise IllegalAction("DT-R9", why)


def declarable(s: Table, player: int) -> tuple[str, ...]:
    """DT-R8 / DT-A10: the plain suits the leader may declare."""
    if not s.rules.declare_restricted_to_held_suits:
        return PLAIN_SUITS
    held = tuple(x for x in PLAIN_SUITS if any(c.suit == x for c in s.hands[player]))
    return held or PLAIN_SUITS  # a hand of only D cards may declare any suit


def check_claim(s: Table, player: int, name: str) -> None:
    """DT-R15 and DT-A3/A4: when a bonus card may be taken."""
    me = f"P{player + 1}"
    if s.window != player:
        if s.claims[player] >= s.rules.bonus_max_per_player:  # DT-A3
            raise IllegalAction("DT-A3", f"{me} already took {s.claims[player]} bonus "
                                f"card(s) this round, the most one player may take")
        held = [str(c) for c in s.hands[player] if c.suit == DOPPELGANGER]
        if held:
            raise IllegalAction("DT-R15", f"{me} still holds {', '.join(held)}: only a "
                                "player with no doppelgänger card in hand may claim a bonus")
        turn = s.window if s.window is not None else s.to_move
        if turn != player:
            raise IllegalAction("DT-R15", f"it is P{(turn or 0) + 1}'s turn: {me} may claim a "
                                "bonus card only right after their own play")
        raise IllegalAction("DT-R15", f"{me} must first play a card: a bonus card is claimed "
                            "right after playing, not before")
    holder = s.holders[BONUS_NAMES.index(name)]
    if holder is not None:
        raise IllegalAction("DT-R15", f"the {name} bonus card was already taken by "
                            f"P{holder + 1}")


def action_label(state: Any, action: Action) -> str:
    """A readable label for the stepper and the messages. ``state`` is taken as in every
    engine's ``action_label(state, action)``; Tricks' words need only the action."""
    if isinstance(action, Bid):
        return f"forecast {action.tricks} (secret)"
    if isinstance(action, Claim):
        return f"P{action.player + 1} claims the {action.bonus} bonus"
    if action == PASS:
        return "no bonus claim"
    text, _, declared = str(action).partition(":")
    c = card(text)
    if declared:
        return f"{c.symbol} declaring {declared} ({SUIT_SYMBOLS[declared]})"
    return c.symbol


# -- following --------------------------------------------------------------------------------
def legal_plays(hand: Iterable[Any], lead_suit: str | None) -> list[Card]:
    """The cards of ``hand`` that may be played; ``lead_suit=None`` means the player leads.

    DT-R7: the leader plays any card. DT-R9: a follower holding a plain card of the lead suit
    plays a lead-suit card or a D card; otherwise any card. D cards are always legal.
    """
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    items: tuple[Any, ...] = check_sequence(
        list(hand) if isinstance(hand, (set, frozenset)) else hand, "hand",
                           max_len=12)
    held = [c if type(c) is Card else card(c) for c in items]
    if len(set(held)) != len(held):
        twice = next(c for c in held if held.count(c) > 1)
        raise BadInput("NB-ARG", f"hand holds {twice} twice, but there is only one card of each "
                       "number and suit")
    if lead_suit is None:
        return held
    lead = lead_suit if lead_suit in PLAIN_SUITS else suit(lead_suit, rule="DT-R9")
    return list(follow_options(held, lead))


__all__ = ["legal_plays", "explain", "refusal", "declarable", "check_claim", "action_label", "Table",
           "MomentTable"]
