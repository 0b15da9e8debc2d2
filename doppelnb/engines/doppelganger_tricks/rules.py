"""Variant flags and the pure rule functions of Doppelgänger Tricks (DT-R8..R13, DT-R16..R18).

>>> r = resolve_trick(["6C", "6D", "4C", "9T"])      # DT-E3: the two 6s annihilate
>>> r.annihilated, r.winner, r.rule
((0, 1), 2, 'DT-R13a')
>>> forecast_points(0, 0), forecast_points(3, 4), forecast_points(3, 5)
(7, 1, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.checks import check_choice, check_instance, check_int, check_sequence, show
from ...core.errors import BadInput, IllegalAction
from ...core.variants import RulesBase, flag
from .notation import (
    DOPPELGANGER,
    PLAYER_COUNTS,
    SUIT_SYMBOLS,
    Card,
    card,
    check_in_deck,
    check_players,
    suit,
)

BONUS_NAMES = ("+1", "+3")


def _check_labels(value: Any) -> tuple[str, str, str, str]:
    ok = (isinstance(value, (tuple, list)) and len(value) == 4
          and all(isinstance(v, str) and 0 < len(v) <= 12 for v in value))
    if not ok:
        raise BadInput("DT-A1", f"suit_labels must be four short texts for C, T, S and D, not "
                       f"{show(value)}")
    return tuple(value)


@dataclasses.dataclass(frozen=True)
class Rules(RulesBase):
    """The variant flags of Doppelgänger Tricks (digest §6), each at its recommended reading."""

    prefix = "dt"

    bonus_max_per_player: int = flag(
        1, (1, 2), rule="DT-A3",
        doc="how many bonus cards one player may take in a round (one per declaration)")
    bonus_claim_window: str = flag(
        "any_own_turn", ("any_own_turn", "first_opportunity_only"), rule="DT-A4",
        doc="a bonus may be claimed after any own play without D cards, or only at the first")
    bonus3_applies_to_zero_bid: bool = flag(
        True, (True, False), rule="DT-A5",
        doc="whether the +3 bonus adds to an exact zero forecast (7 + 3 = 10)")
    bid_max: int | str = flag(
        12, (12, "tricks_in_round"), rule="DT-A6",
        doc="highest forecast: 12 as printed, or the number of tricks in the round")
    declare_restricted_to_held_suits: bool = flag(
        False, (False, True), rule="DT-A10",
        doc="whether a led doppelgänger may only declare a plain suit its leader holds")
    suit_labels: tuple[str, ...] = flag(
        ("●", "▲", "■", "♣"), rule="DT-A1", check=_check_labels,
        doc="display glyphs for C, T, S and D (the printed glyphs are garbled)")

    def label(self, suit_letter: str) -> str:
        letter = check_choice(suit_letter, "suit_letter", ("C", "T", "S", "D"))
        return str(self.suit_labels["CTSD".index(letter)])


def _guard_init(cls: type[Rules]) -> None:
    """Make ``Rules(nonsense=1)`` a :class:`BadInput` naming the flag instead of the dataclass's
    ``TypeError`` (a local stand-in until ``core.variants.RulesBase`` does it for every game)."""
    generated = cls.__init__
    names = tuple(f.name for f in dataclasses.fields(cls))

    def __init__(self: Rules, *args: Any, **kwargs: Any) -> None:
        unknown = sorted(k for k in kwargs if k not in names)
        if unknown or len(args) > len(names):
            what = ", ".join(map(repr, unknown)) or f"{len(args)} positional values"
            raise BadInput("NB-ARG", f"Rules has no variant flag {what}; the flags are "
                           f"{', '.join(names)}")
        generated(self, *args, **kwargs)

    __init__.__doc__ = generated.__doc__
    __init__.__wrapped__ = generated  # type: ignore[attr-defined]
    setattr(cls, "__init__", __init__)  # noqa: B010 - assigning to a method


_guard_init(Rules)
#: The recommended readings (frozen, so one shared instance serves every default game).
DEFAULT_RULES = Rules()


# -- trick resolution ---------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class TrickResult:
    """The outcome of one trick (DT-R12, DT-R13).

    ``winner`` is the index in ``cards`` of the winning card (0 = the leader) or ``None``;
    ``tie_broken`` says that an equal card played later lost the tie (DT-R13b);
    ``annihilated`` the sorted indices removed in pairs; ``pairs`` those pairs; ``lead_suit`` the
    suit in force (the declared one when a D card leads); ``rule`` the rule that decided the
    winner (``"DT-R13a"`` a lead-suit card, ``"DT-R13b"`` highest card of any suit, ``"DT-R13c"``
    no survivor); ``reason`` one sentence saying why.
    """

    cards: tuple[Card, ...]
    declared: str | None
    lead_suit: str
    annihilated: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    winner: int | None
    rule: str
    tie_broken: bool = False

    @property
    def reason(self) -> str:
        """One plain sentence: why this card won (or why nobody did)."""
        return _reason(self)

    @property
    def survivors(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.cards)) if i not in self.annihilated)

    @property
    def winning_card(self) -> Card | None:
        return None if self.winner is None else self.cards[self.winner]

    def counts_as(self, index: int) -> str:
        """The suit card ``index`` counts as: the lead suit for a D card (DT-R8, DT-R10)."""
        c = self.cards[check_int(index, "index", 0, len(self.cards) - 1)]
        return self.lead_suit if c.suit == DOPPELGANGER else c.suit

    def _repr_svg_(self) -> str:
        from .render import trick_svg

        return str(trick_svg(self))


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


def _name(c: Card) -> str:
    return f"{c} ({c.symbol})"


def resolve_trick(cards_in_order: Sequence[Any], declared: str | None = None, *,
                  players: int | None = None) -> TrickResult:
    """Resolve a trick: ``cards_in_order`` leader first; ``declared`` names the lead suit when
    the lead card is a doppelgänger (DT-R8) and is refused otherwise. ``players`` (3 or 4) is
    the player count, by default the number of cards (one per player, DT-R11); every card must
    be in that count's deck (no 10s with 3 players, DT-R3).

    Raises :class:`BadInput` for unknown, repeated or out-of-deck cards and
    :class:`IllegalAction` (DT-R8) for a missing or misplaced declaration.

    >>> resolve_trick(["10C", "4C", "9T"])
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: DT-R3: 10C is not in a 3-player game: all four 10s are removed from the deck
    """
    if isinstance(cards_in_order, str):
        cards_in_order = cards_in_order.replace(",", " ").split()
    items: tuple[Any, ...] = check_sequence(cards_in_order, "cards", max_len=40)
    played = tuple(card(c) for c in items)
    if len(played) not in PLAYER_COUNTS:  # DT-R1, DT-R11: one card from each of the 3 or 4 players
        raise BadInput("DT-R11", f"a trick has one card per player (3 or 4), not {len(played)}")
    count = len(played) if players is None else check_players(players)
    if count != len(played):
        raise BadInput("DT-R11", f"a trick has one card per player: {count} players play "
                       f"{count} cards, not {len(played)}")
    check_in_deck(played, count)  # DT-R3: the 3-player deck has no 10s
    if len(set(played)) != len(played):
        twice = next(c for c in played if played.count(c) > 1)
        raise BadInput("NB-ARG", f"{twice} appears twice, but there is only one card of each "
                       "number and suit")
    lead = played[0]
    if lead.suit == DOPPELGANGER:  # DT-R8: a led doppelgänger takes the declared plain suit
        if declared is None:
            raise IllegalAction("DT-R8", f"{lead} is a doppelgänger lead, so its player must "
                                "declare the lead suit: C (●), T (▲) or S (■)")
        lead_suit = suit(declared, rule="DT-R8")
    else:
        if declared is not None:
            raise IllegalAction("DT-R8", f"only a led doppelgänger is declared; {_name(lead)} "
                                f"leads, so the lead suit is already {lead.suit}")
        lead_suit = lead.suit
    return _resolve(played, declared if declared is None else lead_suit, lead_suit)


def _resolve(played: tuple[Card, ...], declared: str | None, lead_suit: str) -> TrickResult:
    # DT-R10: every D card counts as the lead suit with its own number.
    # DT-R12: two cards of the same (effective) suit and number annihilate. Only the lead suit can
    # hold such a pair: one D card and the plain lead-suit card of the same number.
    first_of: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    leads = []  # per card: does it count as the lead suit?
    for i, c in enumerate(played):
        is_lead = c.suit == lead_suit or c.suit == DOPPELGANGER
        leads.append(is_lead)
        if is_lead:
            j = first_of.setdefault(c.number, i)
            if j != i:
                pairs.append((j, i))
    gone = tuple(sorted(i for pair in pairs for i in pair)) if pairs else ()
    # DT-R13: among survivors a lead-suit card beats any other; then the higher number; on a tie
    # the card played earliest wins (DT-R13b, DT-A9). No survivor: nobody wins (DT-R13c).
    winner, best, best_lead, tie = None, -1, False, False
    for i, c in enumerate(played):
        if gone and i in gone:
            continue
        is_lead = leads[i]
        if is_lead is not best_lead:
            if is_lead:  # the first surviving lead-suit card beats every other card so far
                winner, best, best_lead, tie = i, c.number, True, False
        elif c.number > best:
            winner, best, tie = i, c.number, False
        elif c.number == best:
            tie = True
    rule = "DT-R13c" if winner is None else "DT-R13a" if best_lead else "DT-R13b"
    return TrickResult(played, declared, lead_suit, gone, tuple(pairs), winner, rule, tie)


def _reason(r: TrickResult) -> str:
    """One sentence saying why ``r`` resolved as it did (built on demand)."""
    played, sym = r.cards, SUIT_SYMBOLS[r.lead_suit]
    pair_text = " and ".join(f"{played[a]} meets {played[b]}" for a, b in r.pairs)
    if r.winner is None:
        return (f"every card is annihilated ({pair_text}), so nobody wins and the same leader "
                "leads the next trick")
    before = f"{pair_text}; " if r.pairs else ""
    win = played[r.winner]
    if r.rule == "DT-R13a":
        as_lead = " (counting as the lead suit)" if win.suit == DOPPELGANGER else ""
        return (f"{before}{win}{as_lead} is the highest surviving card of the lead suit "
                f"{r.lead_suit} ({sym})")
    text = (f"{before}no card of the lead suit {r.lead_suit} ({sym}) survives, so the highest "
            f"number of any suit wins: {win}")
    if r.tie_broken:
        later = [str(played[i]) for i in r.survivors
                 if i > r.winner and played[i].number == win.number]
        text += f", played before {', '.join(later)}"
    return text


# -- following --------------------------------------------------------------------------------
def follow_options(hand: Sequence[Card], lead: str) -> Sequence[Card]:
    """The cards of ``hand`` (cards, not text) a follower may play to the plain ``lead`` suit:
    the hand itself, or a new list. The fast core of :func:`.legal.legal_plays`, used by the
    state."""
    for c in hand:
        if c.suit == lead:  # DT-R9: holding the lead suit, follow it or play a D card
            return [c for c in hand if c.suit == lead or c.suit == DOPPELGANGER]
    return hand


def follow_reason(hand: Iterable[Card], lead_suit: str, played: Card) -> str | None:
    """Why ``played`` breaks DT-R9 (one sentence), or ``None`` when it is legal."""
    hand = list(hand)
    if played.suit in (lead_suit, DOPPELGANGER):
        return None
    held = [c for c in hand if c.suit == lead_suit]
    if not held:
        return None
    sym = SUIT_SYMBOLS[lead_suit]
    return (f"you hold {', '.join(map(str, held))}, so you must follow {lead_suit} ({sym}) with a "
            f"{lead_suit} card or a doppelgänger, not {played}")


# -- scoring ----------------------------------------------------------------------------------
#: The most tricks of a round (12 with 3 players) and the highest printed forecast (DT-R6).
MAX_TRICKS = 12


def _count(value: Any, what: str) -> int:
    return check_int(value, what, 0, MAX_TRICKS)


def forecast_points(bid: int, won: int) -> int:
    """The forecast score without bonus cards (DT-R18): 3 / 1 / 0 by distance, 7 for 0 of 0.

    ``bid`` and ``won`` are whole numbers from 0 to 12 (the most tricks of a round)."""
    bid, won = _count(bid, "bid"), _count(won, "won")
    if bid == 0:  # DT-R18 special case: a zero forecast scores 7 or nothing
        return 7 if won == 0 else 0
    miss = abs(won - bid)
    return 3 if miss == 0 else 1 if miss == 1 else 0


def check_bonuses(bonuses: Any, name: str = "bonuses") -> tuple[str, ...]:
    """The bonus cards one player holds: distinct names among ``"+1"`` and ``"+3"``.

    DT-R2 (rulebook line 47): there are two bonus cards, one of each, so a player cannot hold
    the same one twice."""
    if isinstance(bonuses, (set, frozenset)):
        bonuses = sorted(bonuses, key=str)
    held = check_sequence(bonuses, name, max_len=len(BONUS_NAMES),
                          item=lambda v, n: check_choice(v, n, BONUS_NAMES))
    if len(set(held)) != len(held):
        raise BadInput("DT-R2", f"{name} names a bonus card twice ({', '.join(held)}), but "
                       "there is one +1 card and one +3 card")
    return held


def bonus_points(bonuses: Iterable[str], bid: int, won: int, rules: Rules | None = None) -> int:
    """Points from the bonus cards a player holds at round end (DT-R16, DT-A5).

    ``bonuses`` names each held card once (DT-R2: one +1 card and one +3 card exist)."""
    held = check_bonuses(bonuses)
    bid, won = _count(bid, "bid"), _count(won, "won")
    rules = _rules(rules)
    total = 0
    for name in held:
        if name == "+1":  # DT-R16: +1 whatever the forecast did
            total += 1
        else:  # "+3", DT-R16: +3 only for an exact forecast
            exact = bid == won
            if exact and (bid > 0 or rules.bonus3_applies_to_zero_bid):  # DT-A5
                total += 3
    return total


def _rules(rules: Any) -> Rules:
    if rules is None:
        return DEFAULT_RULES
    return check_instance(rules, "rules", Rules, expected="a doppelganger_tricks Rules")


def round_points(bid: int, won: int, bonuses: Iterable[str] = (), rules: Rules | None = None
                 ) -> int:
    """A player's round score: forecast points plus bonus cards (DT-R19).

    >>> round_points(0, 0, ["+3"]), round_points(2, 2, ["+1", "+3"])
    (10, 7)
    """
    return forecast_points(bid, won) + bonus_points(bonuses, bid, won, rules)


__all__ = ["Rules", "DEFAULT_RULES", "TrickResult", "PlayedTrick", "RoundScore", "resolve_trick",
           "follow_options", "follow_reason", "forecast_points", "bonus_points", "round_points",
           "check_bonuses", "BONUS_NAMES", "MAX_TRICKS"]
