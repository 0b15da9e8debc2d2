"""The flow of a round of Doppelgänger Tricks: deal, tricks, bonus claims, scoring (DT-R4..R20),
and the rule-by-rule explanation of a refused action.

These functions read a :class:`~.state.State` and return the fields that change; the state
module builds the new state from them, so nothing here mutates anything.

>>> tricks_per_round(3), tricks_per_round(4)
(12, 10)
>>> SEATS[4][2]
(2, 3, 0, 1)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ...core.chance import rng_for
from ...core.checks import show
from ...core.errors import BadInput, IllegalAction
from .actions import PASS, Action, Bid, Claim, Play
from .notation import DOPPELGANGER, PLAIN_SUITS, SUIT_SYMBOLS, Card, card, deck, sort_hand
from .rules import (
    BONUS_NAMES,
    TrickResult,
    _resolve,
    bonus_points,
    follow_reason,
    forecast_points,
)

if TYPE_CHECKING:
    from .state import State

#: The seats in play order from each leader: ``SEATS[players][leader]``.
SEATS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n)) for n in (3, 4)}


@dataclasses.dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A completed trick: who led, who played each card, and how it resolved."""

    number: int
    leader: int
    players: tuple[int, ...]
    result: TrickResult

    @property
    def winner_player(self) -> int | None:
        return None if self.result.winner is None else self.players[self.result.winner]


@dataclasses.dataclass(frozen=True, slots=True)
class RoundScore:
    """One row of the score sheet (DT-R18, DT-R19)."""

    round: int
    first_player: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    bonuses: tuple[tuple[str, ...], ...]
    forecast: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(f + b for f, b in zip(self.forecast, self.bonus, strict=True))


def tricks_per_round(players: int) -> int:
    """DT-R4, DT-R17: 12 tricks with 3 players, 10 with 4."""
    return len(deck(players)) // players


Hands = tuple[tuple[Card, ...], ...]


def check_hands(value: Any, players: int) -> Hands:
    """A prepared first deal: the whole deck split into equal hands (DT-R3, DT-R4)."""
    if not isinstance(value, (list, tuple)) or len(value) != players or not all(
            isinstance(h, (list, tuple)) and len(h) <= 40 for h in value):
        raise BadInput("DT-R4", f"hands must be a list of {players} lists of cards, got "
                       f"{show(value)}")
    hands = tuple(sort_hand(card(c) for c in h) for h in value)
    full = deck(players)
    size = len(full) // players
    if any(len(h) != size for h in hands):
        raise BadInput("DT-R4", f"each of the {players} hands holds {size} cards, not "
                       f"{[len(h) for h in hands]}")
    dealt = [c for h in hands for c in h]
    if sorted(dealt, key=Card.sort_key) != sorted(full, key=Card.sort_key):
        missing = sorted(set(full) - set(dealt), key=Card.sort_key)
        extra = [c for c in dealt if c not in full or dealt.count(c) > 1]
        raise BadInput("DT-R4", "the hands must share out the whole deck exactly once "
                       f"(missing {' '.join(missing) or 'none'}, "
                       f"wrong or repeated {' '.join(sorted(set(extra))) or 'none'})")
    return hands


def deal(players: int, seed: int, round_index: int) -> Hands:
    """DT-R4: shuffle (seeded per round) and deal the whole deck evenly, hands sorted."""
    pack = list(deck(players))
    rng_for(seed, "deal", round_index).shuffle(pack)
    return tuple(sort_hand(pack[i::players]) for i in range(players))


def round_fields(players: int, first: int, hands: Hands) -> dict[str, Any]:
    """The fields of a freshly dealt round in its forecast phase (DT-R2, DT-R5, DT-R19)."""
    return {"hands": hands, "round_first": first, "phase": "forecast",
            "bids": (None,) * players, "won": (0,) * players, "leader": first, "trick": (),
            "declared": None, "tricks": (),
            # DT-R2, DT-R19: both bonus cards wait beside the play area every round.
            "holders": (None,) * len(BONUS_NAMES), "window": None}


# -- playing a card -------------------------------------------------------------------------------
def may_claim(s: State, player: int, played: Card, before: tuple[Card, ...],
              hand: tuple[Card, ...]) -> bool:
    """DT-R15 with DT-A3 and DT-A4: may ``player`` claim right after playing ``played``
    (``before`` and ``hand`` are the hand before and after the play)?"""
    if hand and hand[-1].suit == DOPPELGANGER:  # hands stay sorted C, T, S, D
        return False
    if None not in s.holders:  # both bonus cards are taken
        return False
    if s.holders.count(player) >= s.rules.bonus_max_per_player:  # DT-A3
        return False
    if s.rules.bonus_claim_window == "first_opportunity_only":  # DT-A4
        first_play = len(before) == tricks_per_round(s.players)
        return played.suit == DOPPELGANGER or first_play
    return True


def complete_trick(s: State, trick: tuple[Card, ...]) -> tuple[PlayedTrick, tuple[int, ...], int]:
    """Resolve a complete trick (DT-R12, DT-R13) and hand it to its winner (DT-R14): the
    trick's record, the tricks won and the next leader."""
    declared = s.declared
    result = _resolve(trick, declared, declared or trick[0].suit)
    leader = s.leader
    seats = SEATS[s.players][leader]
    record = PlayedTrick(len(s.tricks) + 1, leader, seats, result)
    won = s.won
    if result.winner is not None:  # DT-R14: the winner takes the trick and leads the next one
        leader = seats[result.winner]
        won = won[:leader] + (won[leader] + 1,) + won[leader + 1:]
    return record, won, leader  # DT-R13c: with no winner the same leader leads again


#: DT-R18 tabulated from :func:`.rules.forecast_points` (the rule lives there):
#: ``FORECAST[bid][won]`` for bids and tricks 0..12.
FORECAST: tuple[tuple[int, ...], ...] = tuple(
    tuple(forecast_points(b, w) for w in range(13)) for b in range(13))
#: The bonus cards a player holds, by (holds +1, holds +3): the tuples the score sheet keeps.
_HELD: dict[tuple[bool, bool], tuple[str, ...]] = {
    (a, b): tuple(name for name, has in zip(BONUS_NAMES, (a, b), strict=True) if has)
    for a in (False, True) for b in (False, True)}
_BONUS_POINTS: dict[tuple[tuple[str, ...], int, int, Any], int] = {}


def _bonus_points(held: tuple[str, ...], bid: int, won: int, rules: Any) -> int:
    """:func:`.rules.bonus_points` (DT-R16, DT-A5), remembered per case (at most 4 x 13 x 13
    per Rules value): the arguments come from the state, already checked."""
    if not held:
        return 0
    key = (held, bid, won, rules)
    points = _BONUS_POINTS.get(key)
    if points is None:
        points = _BONUS_POINTS[key] = bonus_points(held, bid, won, rules)
    return points


def score_round(s: State) -> RoundScore:
    """The score sheet row of the round just finished (DT-R16, DT-R18, DT-R19)."""
    n, won, rules = s.players, s.won, s.rules
    h1, h3 = s.holders
    bids = tuple([b if b is not None else 0 for b in s.bids])
    bonuses = tuple([_HELD[(h1 == p, h3 == p)] for p in range(n)])
    fc = tuple([FORECAST[bids[p]][won[p]] for p in range(n)])
    bp = tuple([_bonus_points(bonuses[p], bids[p], won[p], rules) for p in range(n)])
    return RoundScore(s.round + 1, s.round_first, bids, won, bonuses, fc, bp)


# -- explaining a refusal -------------------------------------------------------------------------
def explain(s: State, action: Action) -> None:
    """Check ``action`` rule by rule: raise :class:`IllegalAction` with the rule that forbids it
    and why. Returns only for a legal action (the tests check that this agrees with
    ``legal_actions``)."""
    p = s.to_move
    assert p is not None
    if s.phase == "forecast":
        if not isinstance(action, Bid):
            raise IllegalAction("DT-R6", f"every player forecasts before the first trick; "
                                f"P{p + 1} must forecast now")
        if not 0 <= action.tricks <= s.bid_max:
            raise IllegalAction("DT-A6" if 0 <= action.tricks <= 12 else "DT-R6",
                                f"a forecast is a number of tricks from 0 to {s.bid_max}, "
                                f"not {action.tricks}")
        return
    if isinstance(action, Bid):
        raise IllegalAction("DT-R6", "forecasts are made once, at the start of the round")
    if isinstance(action, Claim):
        check_claim(s, action.player, action.bonus)
        return
    if action == PASS:
        if s.window is None:
            raise IllegalAction("DT-R15", "there is no bonus claim to decline now")
        return
    if s.window is not None:
        raise IllegalAction("DT-R15", f"P{s.window + 1} has just played and must first "
                            "claim a bonus card or pass")
    assert isinstance(action, Play)
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


def declarable(s: State, player: int) -> tuple[str, ...]:
    """DT-R8 / DT-A10: the plain suits the leader may declare."""
    if not s.rules.declare_restricted_to_held_suits:
        return PLAIN_SUITS
    held = tuple(x for x in PLAIN_SUITS if any(c.suit == x for c in s.hands[player]))
    return held or PLAIN_SUITS  # a hand of only D cards may declare any suit


def check_claim(s: State, player: int, name: str) -> None:
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


def action_label(action: Action) -> str:
    """A readable label for the stepper and the messages."""
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


__all__ = ["PlayedTrick", "RoundScore", "tricks_per_round", "check_hands", "deal",
           "round_fields", "may_claim", "complete_trick", "score_round", "explain", "declarable",
           "check_claim", "action_label", "SEATS", "Hands"]
