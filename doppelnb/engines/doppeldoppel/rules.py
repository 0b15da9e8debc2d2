"""Doppeldoppel rules: the variant flags and the pure rule functions (follow, trick, score)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from ...core.chance import rng_for
from ...core.checks import (
    check_bool,
    check_instance,
    check_mapping,
    check_sequence,
    check_str,
    show,
)
from ...core.errors import BadInput
from ...core.render import Svg, html_table
from ...core.variants import RulesBase, flag
from .decks import Composition, check_colour_names, check_composition, deck_candidates
from .notation import (
    COLOUR_INDEX,
    COLOURS,
    DECK_SIZE,
    PLAYER_COUNTS,
    RANKS,
    REVERSING_RANK,
    Card,
    card_key,
    parse_card,
    parse_cards,
    parse_colour,
    sort_cards,
)

#: The Japanese score tables, copied from the rulebook (JP lines 163-164, 175-176, 211-212;
#: digest section 5): holding exactly k cards of that rank (and nothing else) scores the k-th value.
#: The rank-5 table assumes no 6 was acquired. There are no tables for ranks 3, 4 and 6.
JAPANESE_SCORE_TABLES: Mapping[int, tuple[int, ...]] = MappingProxyType({
    1: (-1, -2, 6, 8, 10, 12),
    2: (-2, 10, -6, 20, -10, 30, -14, 40, -18),
    5: (7, 14, 21, 28, 35, 42, 49, 56, 63),
})


# ------------------------------------------------------------------------------------------------
# Variant flags
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules(RulesBase):
    """Doppeldoppel's variant flags (digest section 7), each defaulting to the recommended reading."""

    prefix = "dd"

    deck_composition: Any = flag(
        "a", ("a", "b", "c"), rule="DD-A1", check=check_composition,
        doc="Cards of each rank (illustrative): candidate a, b, c, or any counts making 36.")
    colour_names: tuple[str, ...] = flag(
        ("yellow", "colour2", "colour3"), rule="DD-A2", check=check_colour_names,
        doc="Names of the colours Y, R, B (only yellow is in the rulebook).")
    next_leader: str = flag(
        "winner", ("winner", "round_sp", "rotate_left"), rule="DD-A3",
        doc="Who leads tricks 2, 3, ...: the trick winner, the round's SP, or rotating left.")
    direction: str = flag(
        "clockwise", ("clockwise", "counterclockwise"), rule="DD-A4",
        doc="Play order within a trick (clockwise = to the leader's left).")
    reversal_scope: str = flag(
        "trick", ("trick", "round_toggle", "round_permanent"), rule="DD-A5",
        doc="How long a 3's reversal lasts: that trick, or the rest of the round.")
    reversal_trigger: str = flag(
        "any_played", ("any_played", "surviving_only", "toggle_per_three"), rule="DD-A6",
        doc="Which 3s reverse: any played, only a surviving one, or each 3 toggles.")
    reversal_affects_fallback: bool = flag(
        True, (True, False), rule="DD-A7",
        doc="When no lead-colour card survives, does a reversal make the lowest card win too?")
    no_winner_next_leader: str = flag(
        "same_leader", ("same_leader", "left_of_leader"), rule="DD-A8",
        doc="Who leads after a trick where every card collided.")
    declared_colour_must_match: bool = flag(
        True, (True, False), rule="DD-A9", digest_name="dd_4p_declared_colour_must_match",
        doc="4 players: must the declared lead colour be the face-down card's colour?")
    rank4_zero_rule: str = flag(
        "exactly_3", ("exactly_3", "at_least_3"), rule="DD-A11",
        doc="Rank 4 zeroes the round with exactly three 4s, or three or more.")
    final_tie: str = flag(
        "shared", ("shared", "most_recent_round_score"), rule="DD-A15",
        doc="A tie for most points: a shared win, or the best last-round score breaks it.")

    # -- derived data ------------------------------------------------------------------------
    @property
    def composition(self) -> Composition:
        """Per colour (Y, R, B), per rank (1..6): how many cards the deck holds."""
        value = self.deck_composition
        return deck_candidates()[value] if isinstance(value, str) else value

    def deck_counts(self) -> dict[Card, int]:
        """Card -> number of physical copies, over the 36 cards (DD-R2, DD-A1)."""
        return {Card(c, r): n for c, row in zip(COLOURS, self.composition, strict=True)
                for r, n in zip(RANKS, row, strict=True) if n}

    def rank_totals(self) -> dict[int, int]:
        """Rank -> number of cards of that rank in the deck, all colours together."""
        return {r: sum(row[i] for row in self.composition) for i, r in enumerate(RANKS)}

    def deck(self) -> tuple[Card, ...]:
        """The 36 physical cards in a fixed order (sorted)."""
        return _deck(self.composition)  # made once per composition: every round deals it

    def colour_name(self, colour: str) -> str:
        name: str = self.colour_names[COLOUR_INDEX[colour]]
        return name


@functools.lru_cache(maxsize=32)
def _deck(composition: Composition) -> tuple[Card, ...]:
    return tuple(Card(c, r) for c, row in zip(COLOURS, composition, strict=True)
                 for r, n in zip(RANKS, row, strict=True) for _ in range(n))


DEFAULT_RULES = Rules()


def check_rules(rules: Any, name: str = "rules") -> Rules:
    """``rules`` if it is a Doppeldoppel :class:`Rules`, else ``BadInput`` naming it."""
    return check_instance(rules, name, Rules, expected="a doppeldoppel Rules")


#: Longest list of cards a rule function takes (a hand or a pile holds at most the 36 cards).
MAX_CARDS = 36


def check_cards(values: Any, name: str, max_len: int = MAX_CARDS) -> tuple[Card, ...]:
    """A list, tuple, set or other finite iterable of cards (``"Y5"`` or :class:`Card`), at
    most ``max_len`` of them (an endless iterator is cut and refused)."""
    if type(values) is tuple and len(values) <= max_len and all(type(v) is Card for v in values):
        return values  # already checked cards (the fast path)
    if not isinstance(values, (list, tuple)) and isinstance(values, Iterable) and not isinstance(
            values, (str, bytes, bytearray, Mapping)):
        values = list(itertools.islice(values, max_len + 1))
    return check_sequence(values, name, max_len=max_len, item=lambda v, _n: parse_card(v))


# ------------------------------------------------------------------------------------------------
# Rule functions: trick resolution, scoring (the follow rule is in legal.py)
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrickResult:
    """How a trick resolved (DD-R13..R17). Renders itself as SVG.

    ``winner`` is the index in ``cards`` of the winning card (0 = leader) or ``None``;
    ``discarded`` the sorted indices removed by collisions; ``reversed`` whether strength was
    reversed in this trick; ``reversal_after`` the round-long reversal state carried to the next
    trick (always ``False`` with ``reversal_scope="trick"``); ``rule`` the rule that decided the
    winner (``"DD-R14b"`` lead colour, ``"DD-R14c"`` fallback, ``"DD-R16"`` no survivor).
    """

    cards: tuple[Card, ...]
    lead_colour: str
    winner: int | None
    discarded: tuple[int, ...]
    reversed: bool
    reversal_after: bool
    threes: int
    rule: str
    lowest_wins: bool = False
    colour_names: tuple[str, ...] = ("yellow", "colour2", "colour3")

    @property
    def survivors(self) -> tuple[int, ...]:
        return tuple([i for i in range(len(self.cards)) if i not in self.discarded])

    @property
    def acquired(self) -> tuple[Card, ...]:
        """The cards the winner keeps face up (DD-R17); empty without a winner."""
        if self.winner is None:
            return ()
        cards, discarded = self.cards, self.discarded
        return tuple([c for i, c in enumerate(cards) if i not in discarded])

    @property
    def discarded_cards(self) -> tuple[Card, ...]:
        return tuple([self.cards[i] for i in self.discarded])

    @property
    def lead_collided(self) -> bool:
        return 0 in self.discarded

    def _name(self, colour: str) -> str:
        return self.colour_names[COLOUR_INDEX[colour]]

    def explain(self, labels: Sequence[str] | None = None) -> list[str]:
        """The resolution as plain sentences, step by step, citing the rules."""
        labels = (list(check_sequence(labels, "labels", min_len=len(self.cards),
                                      max_len=len(self.cards),
                                      item=lambda v, n: check_str(v, n, max_len=100)))
                  if labels is not None else [f"P{i + 1}" for i in range(len(self.cards))])
        lead = self._name(self.lead_colour)
        lines = []
        ranks = sorted({self.cards[i].rank for i in self.discarded})
        if ranks:
            groups = []
            for r in ranks:
                who = [f"{self.cards[i]} ({labels[i]})" for i in self.discarded
                       if self.cards[i].rank == r]
                groups.append(f"the {r}s collide: " + ", ".join(who))
            text = "; ".join(groups)
            lines.append(text[0].upper() + text[1:] + "; they are discarded (DD-R13).")
        else:
            lines.append("No two cards show the same number: nothing collides (DD-R13).")
        if self.threes:
            if self.reversed:
                lines.append("A 3 was played, so strength is reversed: the lowest wins (DD-R15).")
            else:
                lines.append("A 3 was played but strength is not reversed under these rules "
                             "(DD-A5/DD-A6).")
        elif self.reversed:
            lines.append("Strength is still reversed by an earlier 3 this round (DD-A5).")
        if self.winner is None:
            lines.append("Every card collided: no winner, nobody acquires anything (DD-R16).")
            return lines
        card = self.cards[self.winner]
        word = "lowest" if self.lowest_wins else "highest"
        if self.rule == "DD-R14b":
            lines.append(f"The {word} surviving {lead} card wins: {card} of {labels[self.winner]} "
                         f"(DD-R14b).")
        else:
            if any(c.colour == self.lead_colour for c in self.cards):
                lines.append(f"Every {lead} card collided, but {lead} stays the lead colour "
                             f"(DD-R14a).")
            if self.reversed and not self.lowest_wins:
                lines.append("The reversal applies only within the lead colour (DD-A7).")
            lines.append(f"No {lead} card survives, so the {word} surviving card of any colour "
                         f"wins: {card} of {labels[self.winner]} (DD-R14c).")
        kept = " ".join(map(str, self.acquired))
        lines.append(f"{labels[self.winner]} acquires {kept} face up (DD-R17).")
        return lines

    @property
    def reason(self) -> str:
        """:meth:`explain` as one paragraph (players P1.. in play order, P1 leads)."""
        return " ".join(self.explain())

    def to_svg(self, labels: Sequence[str] | None = None, title: str = "") -> Svg:
        from .render import trick_svg

        return trick_svg(self, labels=labels, title=title)

    def _repr_svg_(self) -> str:
        return str(self.to_svg())


def _reversal(threes: int, survivors_three: bool, before: bool, rules: Rules) -> tuple[bool, bool]:
    """(reversed in this trick, reversal state after it) from the 3s played (DD-R15, DD-A5, DD-A6)."""
    trigger = rules.reversal_trigger
    if trigger == "any_played":  # DD-A6 (a): any 3 played, even one removed by a collision
        flips = 1 if threes else 0
    elif trigger == "surviving_only":  # DD-A6 (b): only a 3 that survives (exactly one 3)
        flips = 1 if survivors_three else 0
    else:  # DD-A6 (c): each 3 toggles, so two 3s cancel
        flips = threes
    odd = flips % 2 == 1
    scope = rules.reversal_scope
    if scope == "trick":  # DD-A5 (a): this trick only
        return odd, False
    after = (before != odd) if scope == "round_toggle" else (before or odd)  # DD-A5 (b), (c)
    return after, after


def resolve_trick(cards: Sequence[Any], rules: Rules = DEFAULT_RULES, *,
                  lead_colour: str | None = None, reversed_before: bool = False) -> TrickResult:
    """Resolve a complete trick: collisions, reversal, winner (DD-R13..R17).

    ``cards`` are in play order, leader first (``"Y5"`` strings or :class:`Card`). The lead colour
    is the leader's card's colour unless ``lead_colour`` names another (4 players with
    ``declared_colour_must_match=False``, DD-A9). ``reversed_before`` is the round-long reversal
    state carried in from earlier tricks; it only matters with ``reversal_scope`` ``"round_toggle"``
    or ``"round_permanent"`` (DD-A5), and the game state passes it on.

    >>> r = resolve_trick(["Y3", "B3", "Y5", "Y2"])   # DD-T7
    >>> r.winner, r.discarded, r.reversed
    (3, (0, 1), True)
    """
    played = check_cards(cards, "cards")
    rules = check_rules(rules)
    if len(played) not in PLAYER_COUNTS:
        raise BadInput("DD-R1", f"a trick has one card per player, so 3 or 4 cards, not "
                       f"{len(played)}")
    lead = played[0].colour if lead_colour is None else parse_colour(lead_colour, "DD-R10")
    check_bool(reversed_before, "reversed_before")
    return resolve_checked(played, rules, lead, reversed_before)


def resolve_checked(played: tuple[Card, ...], rules: Rules, lead: str, reversed_before: bool
                    ) -> TrickResult:
    """:func:`resolve_trick` on arguments already checked (the game state's fast path)."""
    # DD-R13: every card whose number appears more than once is removed, whatever its colour.
    ranks = [c.rank for c in played]
    collided = [ranks.count(r) > 1 for r in ranks]
    discarded = tuple([i for i, gone in enumerate(collided) if gone])
    survivors = [i for i, gone in enumerate(collided) if not gone]
    threes = ranks.count(REVERSING_RANK)
    # DD-R15 (with DD-A5, DD-A6): is strength reversed in this trick?
    rev, after = _reversal(threes, threes == 1, reversed_before, rules)
    if not survivors:  # DD-R16: no survivor, no winner
        return TrickResult(played, lead, None, discarded, rev, after, threes, "DD-R16", False,
                           rules.colour_names)
    # DD-R14 (a): the lead colour stays in force even if its cards were removed.
    in_lead = [i for i in survivors if played[i][0] == lead]  # [0]: the card's colour letter
    if in_lead:  # DD-R14 (b): best surviving lead-colour card; DD-R15: lowest when reversed
        pool, low, rule = in_lead, rev, "DD-R14b"
    else:  # DD-R14 (c): best surviving card of any colour; DD-A7: reversed too by default
        pool, low, rule = survivors, rev and rules.reversal_affects_fallback, "DD-R14c"
    pick = min if low else max
    winner = pick(pool, key=ranks.__getitem__)  # survivors have distinct numbers
    return TrickResult(played, lead, winner, discarded, rev, after, threes, rule, low,
                       rules.colour_names)


@dataclass(frozen=True)
class ScoreBreakdown:
    """A round score rank by rank (DD-R18..R21): ``contributions[r]`` and the total."""

    counts: tuple[int, ...]  # n1..n6
    contributions: tuple[int, ...]  # points from each rank before the rank-4 rule
    zeroed: bool  # DD-R20 rank 4 forced the round score to 0
    total: int

    def _repr_html_(self) -> str:
        rows = [[r, n, f"{p:+d}" if n else "0"] for r, n, p in
                zip(RANKS, self.counts, self.contributions, strict=True)]
        note = " (three 4s: the round scores 0, DD-R20)" if self.zeroed else ""
        return html_table(["rank", "acquired", "points"], rows + [["total", sum(self.counts),
                                                                   f"{self.total:+d}{note}"]],
                          caption="round score, rank by rank")


def _counts_tuple(counts: Mapping[int, int]) -> tuple[int, ...]:
    if not isinstance(counts, Mapping):
        raise BadInput("DD-R18", "counts map each rank 1..6 to a number of acquired cards, "
                       "like {1: 2, 2: 2, 3: 1}")
    check_mapping(counts, "counts", max_len=len(RANKS) * 2, rule="DD-R18")
    for rank, n in counts.items():
        if isinstance(rank, bool) or rank not in RANKS:
            raise BadInput("DD-R18", f"{show(rank)} is not a rank: ranks are 1 to 6")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BadInput("DD-R18", f"the number of acquired {rank}s must be a whole number "
                           f"from 0 up, not {show(n)}")
    return tuple(counts.get(r, 0) for r in RANKS)


def breakdown_from_tuple(n: tuple[int, ...], rules: Rules) -> ScoreBreakdown:
    n1, n2, n3, n4, n5, n6 = n
    parts = (
        2 * n1 if n1 >= 3 else -n1,  # DD-R20 rank 1: three or more -> +2 each, else DD-R19 -1 each
        5 * n2 if n2 % 2 == 0 else -2 * n2,  # DD-R20 rank 2: even -> +5 each, odd -> -2 each
        -n3,  # DD-R20 rank 3: no condition -> -1 each
        -n4,  # DD-R20 rank 4: -1 each unless the zero rule below applies
        7 * n5 if n6 == 0 else -n5,  # DD-R20 rank 5: no 6 -> +7 each, else -1 each
        -n6,  # DD-R20 rank 6: no condition -> -1 each
    )
    # DD-R20 rank 4 (DD-A11, DD-A12): three 4s make the whole round score 0.
    zeroed = n4 == 3 if rules.rank4_zero_rule == "exactly_3" else n4 >= 3
    return ScoreBreakdown(n, parts, zeroed, 0 if zeroed else sum(parts))  # DD-R21


def score_breakdown(counts: Mapping[int, int], rules: Rules = DEFAULT_RULES) -> ScoreBreakdown:
    """The round score of ``counts`` (rank -> acquired cards) with each rank's contribution."""
    return breakdown_from_tuple(_counts_tuple(counts), check_rules(rules))


def round_score(counts: Mapping[int, int], rules: Rules = DEFAULT_RULES) -> int:
    """Points for one round from the acquired cards only (DD-R18..R21).

    ``counts`` maps rank (1..6) to the number of acquired cards of that rank; missing ranks are 0.

    >>> round_score({5: 3}), round_score({5: 3, 6: 1}), round_score({4: 3, 5: 3})  # DD-T16..T18
    (21, -4, 0)
    """
    return breakdown_from_tuple(_counts_tuple(counts), check_rules(rules)).total


def pile_score(pile: Iterable[Card], rules: Rules) -> int:
    """The round score of an acquired pile of checked cards (the game state's fast path)."""
    ranks = [card.rank for card in pile]
    return breakdown_from_tuple(tuple([ranks.count(r) for r in RANKS]), rules).total


def pile_counts(cards: Iterable[Any]) -> dict[int, int]:
    """Rank -> number of cards, for :func:`round_score` (colours do not score)."""
    counts = Counter(c.rank for c in check_cards(cards, "cards", 10_000))
    return {r: counts[r] for r in RANKS if counts[r]}


# ------------------------------------------------------------------------------------------------
# The table: dealing, taking a card, play order (the game state's helpers)
# ------------------------------------------------------------------------------------------------

#: Every seat's hand (or acquired pile), seat by seat.
Hands = tuple[tuple[Card, ...], ...]


class TrickRecord(NamedTuple):
    """A finished trick: round (0-based), trick number in the round (0-based), the seat of each
    card's player in play order, the result, and the seat that leads next."""

    round: int
    number: int
    seats: tuple[int, ...]
    result: TrickResult
    next_leader: int


def take_card(hands: Hands, seat: int, card: Card) -> Hands:
    """``hands`` with one copy of ``card`` taken from ``seat``'s hand (DD-R12)."""
    hand = hands[seat]
    i = hand.index(card)
    return hands[:seat] + (hand[:i] + hand[i + 1:],) + hands[seat + 1:]


@functools.cache
def play_orders(players: int, direction: str) -> tuple[tuple[int, ...], ...]:
    """Per leading seat, the seats in play order (DD-R8, DD-A4): made once per table."""
    step = 1 if direction == "clockwise" else -1
    return tuple(tuple((start + step * i) % players for i in range(players))
                 for start in range(players))


def deal_hands(rules: Rules, seed: int, players: int, round_number: int) -> Hands:
    """DD-R3, DD-A16: shuffle all 36 cards and deal them evenly; a fresh deal every round."""
    deck = list(rules.deck())
    rng_for(seed, "deal", round_number).shuffle(deck)
    return tuple(sort_cards(deck[p::players]) for p in range(players))


def check_hands(hands: Any, players: int, rules: Rules) -> Hands:
    """Validate a prescribed first deal (option ``hands``): the whole deck, dealt evenly (DD-R3)."""
    size = DECK_SIZE // players
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise BadInput("DD-R3", f"hands must be {players} lists of cards, one per seat")
    dealt = []
    for p, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) > DECK_SIZE:
            raise BadInput("DD-R3", f"hands[{p}] must be a list of {size} cards")
        cards = parse_cards(hand)
        if len(cards) != size:
            raise BadInput("DD-R3", f"with {players} players each hand has {size} cards; P{p + 1} "
                           f"has {len(cards)}")
        dealt.append(sort_cards(cards))
    given = Counter(c for h in dealt for c in h)
    deck: Counter[Card] = Counter(rules.deck_counts())
    if given != deck:
        extra = given - deck
        short = deck - given
        parts = []
        if extra:
            parts.append("too many " + " ".join(
                str(c) for c in sorted(extra.elements(), key=card_key)))
        if short:
            parts.append("missing " + " ".join(
                str(c) for c in sorted(short.elements(), key=card_key)))
        raise BadInput("DD-R3", "the hands must together be exactly the deck: " + "; ".join(parts))
    return tuple(dealt)


__all__ = ["JAPANESE_SCORE_TABLES", "Rules", "DEFAULT_RULES", "check_rules", "MAX_CARDS",
           "check_cards", "TrickResult", "resolve_trick", "resolve_checked", "ScoreBreakdown",
           "breakdown_from_tuple", "score_breakdown", "round_score", "pile_score", "pile_counts",
           "Hands", "TrickRecord", "take_card", "play_orders", "deal_hands", "check_hands"]
