"""Doppeldoppel (ドッペルドッペル): a 3-4 player trick-taking game where equal numbers collide.

Each trick, cards showing the same number are discarded; the best surviving card of the lead
colour wins (the lowest instead of the highest when a 3 was played), and the winner keeps the
survivors. At the end of each round the kept cards score by rank. Digest:
``shared/rules/doppeldoppel.md`` (ids ``DD-R*``, ``DD-E*``, ``DD-A*``, ``DD-T*``).

Illustrative, not from the rulebook: the number of cards of each rank (DD-A1, three candidate
compositions shipped in ``doppelnb/data/doppeldoppel_decks.json``) and the names of the two
colours other than yellow (DD-A2).

>>> resolve_trick(["Y5", "Y2", "Y4", "R5"]).winner      # DD-E2: the 5s collide, Y4 wins
2
>>> round_score({1: 2, 2: 2, 3: 1})                      # DD-E4
7
>>> legal_plays(["Y1", "R6", "B2"], "Y")                 # DD-T10
[Card('Y', 1)]
"""

from __future__ import annotations

import itertools
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from ..core.chance import rng_for
from ..core.data import expect, expect_int, expect_keys, load_data, parse_data
from ..core.errors import BadInput, IllegalAction
from ..core.exact import Distribution, multiset_draws
from ..core.render import FONT, Html, Svg, escape, html_table
from ..core.state import GameState
from ..core.variants import RulesBase, flag

# ------------------------------------------------------------------------------------------------
# Constants and notation
# ------------------------------------------------------------------------------------------------

GAME = "doppeldoppel"
COLOURS = ("Y", "R", "B")  # yellow is the rulebook's; the other two letters are illustrative
RANKS = (1, 2, 3, 4, 5, 6)
DECK_SIZE = 36  # DD-R2
PLAYER_COUNTS = (3, 4)  # DD-R1
REVERSING_RANK = 3  # DD-R15
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# Drawing colours (not game data): yellow, vermillion, blue from the Okabe-Ito palette.
_INK = {"Y": ("#F0C808", "#222"), "R": ("#D55E00", "#fff"), "B": ("#0072B2", "#fff")}

#: The Japanese score tables, copied from the rulebook (JP lines 163-164, 175-176, 211-212;
#: digest section 5): holding exactly k cards of that rank (and nothing else) scores the k-th value.
#: The rank-5 table assumes no 6 was acquired. There are no tables for ranks 3, 4 and 6.
JAPANESE_SCORE_TABLES: dict[int, tuple[int, ...]] = {
    1: (-1, -2, 6, 8, 10, 12),
    2: (-2, 10, -6, 20, -10, 30, -14, 40, -18),
    5: (7, 14, 21, 28, 35, 42, 49, 56, 63),
}


class Card(NamedTuple):
    """A card: colour letter and rank. ``str(Card('Y', 5)) == 'Y5'``.

    Several physical cards share a colour and rank (DD-A1); they are interchangeable, so a hand
    is a sorted tuple of cards that may repeat.
    """

    colour: str
    rank: int

    def __str__(self) -> str:
        return f"{self.colour}{self.rank}"

    def __repr__(self) -> str:
        return f"Card({self.colour!r}, {self.rank})"

    @classmethod
    def parse(cls, value: Any) -> Card:
        return parse_card(value)

    def _repr_svg_(self) -> str:
        return str(card_svg(self))


def _build_card_cache() -> dict[str, Card]:
    cache = {}
    for colour in COLOURS:
        for rank in RANKS:
            card = Card(colour, rank)
            cache[str(card)] = cache[str(card).lower()] = card
    return cache


_CARDS = _build_card_cache()


def parse_card(value: Any) -> Card:
    """``"Y5"`` (or a :class:`Card`) -> ``Card('Y', 5)``; anything else raises ``BadInput`` (DD-R2)."""
    if isinstance(value, Card):
        card = _CARDS.get(f"{value.colour}{value.rank}") if isinstance(value.colour, str) else None
    elif isinstance(value, str):
        card = _CARDS.get(value.strip())
    else:
        card = None
    if card is None:
        raise BadInput("DD-R2", f"{value!r} is not a Doppeldoppel card: a card is a colour letter "
                       "(Y, R or B) followed by a rank from 1 to 6, like Y5")
    return card


def parse_cards(values: Iterable[Any]) -> tuple[Card, ...]:
    if isinstance(values, (str, bytes)):
        raise BadInput("NB-ARG", f"give a list of cards such as ['Y5', 'R2'], not the text {values!r}")
    return tuple(parse_card(v) for v in values)


def card_key(card: Card) -> tuple[int, int]:
    """Sort order of a hand: yellow, then R, then B; low ranks first."""
    return (_COLOUR_INDEX[card.colour], card.rank)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


def _parse_colour(value: Any, rule: str) -> str:
    if isinstance(value, str) and value.strip().upper() in _COLOUR_INDEX:
        return value.strip().upper()
    raise BadInput(rule, f"{value!r} is not a colour: the colours are Y, R and B")


# ------------------------------------------------------------------------------------------------
# Deck compositions (data, DD-A1)
# ------------------------------------------------------------------------------------------------

Composition = tuple[tuple[int, ...], ...]  # per colour (Y, R, B), per rank (1..6): number of cards


def parse_deck_candidates(text: str | bytes) -> dict[str, Composition]:
    """Parse a deck-candidates data file (the format of ``doppeldoppel_decks.json``).

    A malformed file raises ``BadInput("NB-DATA", ...)``; nothing is executed.
    """
    return _deck_doc(parse_data(text, "Doppeldoppel deck"))


def _deck_doc(doc: dict) -> dict[str, Composition]:
    expect_keys(doc, "the deck file", ["illustrative", "note", "candidates", "default"], ["source"])
    expect(isinstance(doc["note"], str) and doc["note"], "the deck file", "needs a \"note\"")
    candidates = doc["candidates"]
    expect(isinstance(candidates, dict) and candidates, "the deck file",
           "\"candidates\" must be a non-empty object")
    out: dict[str, Composition] = {}
    for name, entry in candidates.items():
        where = f"deck candidate {name!r}"
        expect_keys(entry, where, ["per_colour"], ["note"])
        per = entry["per_colour"]
        expect(isinstance(per, list) and len(per) == len(RANKS), where,
               "\"per_colour\" must list 6 counts, one per rank 1 to 6")
        counts = tuple(expect_int(v, where, 0, DECK_SIZE) for v in per)
        expect(sum(counts) * len(COLOURS) == DECK_SIZE, where,
               f"3 colours of {sum(counts)} cards make {3 * sum(counts)} cards, not {DECK_SIZE}")
        out[name] = (counts,) * len(COLOURS)
    expect(doc["default"] in out, "the deck file", "\"default\" must name one of the candidates")
    return out


@lru_cache(maxsize=1)
def deck_candidates() -> dict[str, Composition]:
    """The DD-A1 candidate compositions shipped with the package (illustrative)."""
    return _deck_doc(load_data("doppeldoppel_decks.json", "Doppeldoppel deck"))


def _check_composition(value: Any) -> str | Composition:
    """Normalise ``deck_composition``: a candidate name, or counts that make 36 cards (DD-A1, DD-R2).

    Accepted: ``"a"``/``"b"``/``"c"``; 6 counts (the same for every colour); 3 x 6 counts (Y, R,
    B); or a mapping ``{"Y": [...], "R": [...], "B": [...]}``. A composition equal to a candidate
    is stored as the candidate's name.
    """
    candidates = deck_candidates()
    if isinstance(value, str):
        if value in candidates:
            return value
        raise BadInput("DD-A1", f"{value!r} is not a deck candidate; choose one of "
                       f"{', '.join(map(repr, candidates))} or give the counts per rank")
    rows: Any
    if isinstance(value, Mapping):
        if set(value) != set(COLOURS):
            raise BadInput("DD-A1", "a deck composition by colour needs exactly the keys Y, R, B")
        rows = [value[c] for c in COLOURS]
    elif isinstance(value, (list, tuple)) and len(value) == len(RANKS) and all(
            isinstance(v, int) for v in value):
        rows = [value] * len(COLOURS)
    elif isinstance(value, (list, tuple)) and len(value) == len(COLOURS):
        rows = list(value)
    else:
        raise BadInput("DD-A1", "a deck composition is a candidate name ('a', 'b', 'c'), 6 counts "
                       "per rank, or 3 rows (Y, R, B) of 6 counts")
    comp = []
    for colour, row in zip(COLOURS, rows, strict=True):
        if not isinstance(row, (list, tuple)) or len(row) != len(RANKS) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in row):
            raise BadInput("DD-A1", f"the {colour} row of a deck composition must be 6 whole "
                           f"numbers from 0 up (cards of rank 1 to 6), not {row!r}")
        comp.append(tuple(row))
    total = sum(map(sum, comp))
    if total != DECK_SIZE:
        raise BadInput("DD-R2", f"a Doppeldoppel deck has {DECK_SIZE} cards; this composition "
                       f"has {total}")
    normal = tuple(comp)
    for name, cand in candidates.items():
        if cand == normal:
            return name
    return normal


def _check_colour_names(value: Any) -> tuple[str, str, str]:
    if (isinstance(value, (list, tuple)) and len(value) == len(COLOURS)
            and all(isinstance(v, str) and v.strip() for v in value)
            and len({v.strip().lower() for v in value}) == len(COLOURS)):
        return tuple(v.strip() for v in value)  # type: ignore[return-value]
    raise BadInput("DD-A2", f"colour names are three different non-empty names for Y, R and B, "
                   f"not {value!r}")


# ------------------------------------------------------------------------------------------------
# Variant flags
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules(RulesBase):
    """Doppeldoppel's variant flags (digest section 7), each defaulting to the recommended reading."""

    prefix = "dd"

    deck_composition: Any = flag(
        "a", ("a", "b", "c"), rule="DD-A1", check=_check_composition,
        doc="Cards of each rank (illustrative): candidate a, b, c, or any counts making 36.")
    colour_names: tuple = flag(
        ("yellow", "colour2", "colour3"), rule="DD-A2", check=_check_colour_names,
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
        True, (True, False), rule="DD-A9",
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
        return tuple(card for card, n in self.deck_counts().items() for _ in range(n))

    def colour_name(self, colour: str) -> str:
        return self.colour_names[_COLOUR_INDEX[colour]]


DEFAULT_RULES = Rules()


# ------------------------------------------------------------------------------------------------
# Rule functions: follow rule, trick resolution, scoring
# ------------------------------------------------------------------------------------------------

def legal_plays(hand: Iterable[Any], lead_colour: str | None) -> list[Card]:
    """The distinct cards of ``hand`` that may be played (DD-R11).

    ``lead_colour=None`` means the player leads and may play anything. A follower who holds the
    lead colour must play it; one who does not may play anything.
    """
    cards = sort_cards(set(parse_cards(hand)))
    if lead_colour is not None:
        lead_colour = _parse_colour(lead_colour, "DD-R11")
    return _legal_cards(cards, lead_colour)


def _legal_cards(hand: tuple[Card, ...], lead_colour: str | None) -> list[Card]:
    """DD-R11 on a sorted hand of parsed cards (the fast path the game state uses)."""
    cards = list(dict.fromkeys(hand))
    if lead_colour is None:
        return cards
    following = [c for c in cards if c.colour == lead_colour]  # DD-R11
    return following or cards


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
        return tuple(i for i in range(len(self.cards)) if i not in self.discarded)

    @property
    def acquired(self) -> tuple[Card, ...]:
        """The cards the winner keeps face up (DD-R17); empty without a winner."""
        if self.winner is None:
            return ()
        return tuple(self.cards[i] for i in self.survivors)

    @property
    def discarded_cards(self) -> tuple[Card, ...]:
        return tuple(self.cards[i] for i in self.discarded)

    @property
    def lead_collided(self) -> bool:
        return 0 in self.discarded

    def _name(self, colour: str) -> str:
        return self.colour_names[_COLOUR_INDEX[colour]]

    def explain(self, labels: Sequence[str] | None = None) -> list[str]:
        """The resolution as plain sentences, step by step, citing the rules."""
        labels = list(labels) if labels is not None else [f"P{i + 1}" for i in range(len(self.cards))]
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
    played = parse_cards(cards)
    if len(played) not in PLAYER_COUNTS:
        raise BadInput("DD-R1", f"a trick has one card per player, so 3 or 4 cards, not "
                       f"{len(played)}")
    lead = played[0].colour if lead_colour is None else _parse_colour(lead_colour, "DD-R10")
    if not isinstance(reversed_before, bool):
        raise BadInput("NB-ARG", "reversed_before is True or False")
    # DD-R13: every card whose number appears more than once is removed, whatever its colour.
    number_count = Counter(c.rank for c in played)
    discarded = tuple(i for i, c in enumerate(played) if number_count[c.rank] > 1)
    survivors = [i for i in range(len(played)) if number_count[played[i].rank] == 1]
    threes = number_count[REVERSING_RANK]
    # DD-R15 (with DD-A5, DD-A6): is strength reversed in this trick?
    rev, after = _reversal(threes, threes == 1, reversed_before, rules)
    if not survivors:  # DD-R16: no survivor, no winner
        return TrickResult(played, lead, None, discarded, rev, after, threes, "DD-R16", False,
                           rules.colour_names)
    # DD-R14 (a): the lead colour stays in force even if its cards were removed.
    in_lead = [i for i in survivors if played[i].colour == lead]
    if in_lead:  # DD-R14 (b): best surviving lead-colour card; DD-R15: lowest when reversed
        pool, low, rule = in_lead, rev, "DD-R14b"
    else:  # DD-R14 (c): best surviving card of any colour; DD-A7: reversed too by default
        pool, low, rule = survivors, rev and rules.reversal_affects_fallback, "DD-R14c"
    pick = min if low else max
    winner = pick(pool, key=lambda i: played[i].rank)  # survivors have distinct numbers
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
    for rank, n in counts.items():
        if isinstance(rank, bool) or rank not in RANKS:
            raise BadInput("DD-R18", f"{rank!r} is not a rank: ranks are 1 to 6")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BadInput("DD-R18", f"the number of acquired {rank}s must be a whole number "
                           f"from 0 up, not {n!r}")
    return tuple(counts.get(r, 0) for r in RANKS)


def _breakdown(n: tuple[int, ...], rules: Rules) -> ScoreBreakdown:
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
    return _breakdown(_counts_tuple(counts), rules)


def round_score(counts: Mapping[int, int], rules: Rules = DEFAULT_RULES) -> int:
    """Points for one round from the acquired cards only (DD-R18..R21).

    ``counts`` maps rank (1..6) to the number of acquired cards of that rank; missing ranks are 0.

    >>> round_score({5: 3}), round_score({5: 3, 6: 1}), round_score({4: 3, 5: 3})  # DD-T16..T18
    (21, -4, 0)
    """
    return _breakdown(_counts_tuple(counts), rules).total


def pile_counts(cards: Iterable[Any]) -> dict[int, int]:
    """Rank -> number of cards, for :func:`round_score` (colours do not score)."""
    counts = Counter(parse_card(c).rank for c in cards)
    return {r: counts[r] for r in RANKS if counts[r]}


# ------------------------------------------------------------------------------------------------
# The game state
# ------------------------------------------------------------------------------------------------

class Lead(NamedTuple):
    """The 4-player lead: a card played face down and the declared lead colour (DD-R10)."""

    card: Card
    colour: str


class TrickRecord(NamedTuple):
    """A finished trick: round (0-based), trick number in the round (0-based), the seat of each
    card's player in play order, the result, and the seat that leads next."""

    round: int
    number: int
    seats: tuple[int, ...]
    result: TrickResult
    next_leader: int


@dataclass(frozen=True)
class PlayerView:
    """What one player may see (hidden: other hands, face-down cards not yet revealed)."""

    player: int
    players: int
    round: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card | None], ...]  # (seat, card or None when face down to me)
    lead_colour: str | None
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    totals: tuple[int, ...]
    legal: tuple[Any, ...]
    colour_names: tuple[str, ...]

    def _repr_svg_(self) -> str:
        return str(_view_svg(self))


class State(GameState):
    """One moment of a Doppeldoppel game (immutable; :meth:`play` returns the next state).

    Actions: a card ``"Y5"`` from the hand of the player to move. With 4 players the leader's
    action is ``("Y5", "Y")``: the face-down card and the declared colour (a bare ``"Y5"`` declares
    the card's own colour). With 3 players the two followers' cards are face down until both are
    in (DD-R9, DD-A10): they are submitted one at a time and :meth:`view` hides them.
    """

    game = GAME
    Rules = Rules

    round: int
    round_sp: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    trick: tuple[Card, ...]
    declared: str | None
    reversal: bool
    trick_number: int
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    round_piles: tuple[tuple[tuple[Card, ...], ...], ...]
    log: tuple[TrickRecord, ...]
    over: bool

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise BadInput("DD-R1", f"Doppeldoppel is for 3 or 4 players, not {players!r}")
        unknown = set(options) - {"first_sp", "hands"}
        if unknown:
            raise BadInput("NB-ARG", f"unknown option(s) {', '.join(sorted(unknown))}; "
                           "options are first_sp and hands")
        state = cls()
        state._init_record(players, rules, seed, options)
        first_sp = options.get("first_sp")
        if first_sp is None:  # DD-R4: chosen at random (recorded through the seed)
            first_sp = rng_for(state.seed, "first_sp").randrange(players)
        elif isinstance(first_sp, bool) or not isinstance(first_sp, int) or not (
                0 <= first_sp < players):
            raise BadInput("DD-R4", f"first_sp is a seat from 0 to {players - 1}, not {first_sp!r}")
        hands = options.get("hands")
        dealt = (state._deal(0) if hands is None else _check_hands(hands, players, rules))
        empty = ((),) * players
        state.__dict__.update(
            round=0, round_sp=first_sp, leader=first_sp, hands=dealt, piles=empty, discard=(),
            trick=(), declared=None, reversal=False, trick_number=0, totals=(0,) * players,
            round_scores=(), round_piles=(), log=(), over=False)
        return state

    def _deal(self, round_number: int) -> tuple[tuple[Card, ...], ...]:
        """DD-R3, DD-A16: shuffle all 36 cards and deal them evenly; a fresh deal every round."""
        deck = list(self.rules.deck())
        rng_for(self.seed, "deal", round_number).shuffle(deck)
        return tuple(sort_cards(deck[p::self.players]) for p in range(self.players))

    # -- seating ---------------------------------------------------------------------------
    def left_of(self, seat: int) -> int:
        """The left neighbour (seats are numbered clockwise)."""
        return (seat + 1) % self.players

    def play_order(self, leader: int | None = None) -> tuple[int, ...]:
        """Seats in play order from ``leader`` (DD-R8, DD-A4)."""
        leader = self.leader if leader is None else leader
        step = 1 if self.rules.direction == "clockwise" else -1
        return tuple((leader + step * i) % self.players for i in range(self.players))

    @property
    def tricks_per_round(self) -> int:
        return DECK_SIZE // self.players  # DD-R5: 12 with 3 players, 9 with 4

    @property
    def rounds(self) -> int:
        return self.players  # DD-R5: as many rounds as players

    @property
    def lead_colour(self) -> str | None:
        """The current trick's lead colour, once the leader has played (DD-R9, DD-R10)."""
        if not self.trick:
            return None
        return self.declared if self.declared is not None else self.trick[0].colour

    # -- protocol ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        step = 1 if self.rules.direction == "clockwise" else -1  # DD-R8, DD-A4
        return (self.leader + step * len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> tuple[int, ...]:
        """Victory points so far (DD-R21)."""
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points at the end (DD-R22, DD-A15); () while playing."""
        if not self.over:
            return ()
        best = max(self.totals)
        tied = [p for p in range(self.players) if self.totals[p] == best]
        if len(tied) > 1 and self.rules.final_tie == "most_recent_round_score":
            last = self.round_scores[-1]
            top = max(last[p] for p in tied)
            tied = [p for p in tied if last[p] == top]
        return tuple(tied)

    def legal_actions(self) -> list:
        if self.over:
            return []
        seat = self.to_move
        hand = self.hands[seat]
        if self.trick:
            return _legal_cards(hand, self.lead_colour)  # DD-R11
        cards = _legal_cards(hand, None)
        if self.players == 3:
            return cards  # DD-R9: the leader plays face up
        if self.rules.declared_colour_must_match:  # DD-R10, DD-A9
            return [Lead(c, c.colour) for c in cards]
        return [Lead(c, colour) for c in cards for colour in COLOURS]

    def parse_action(self, action: Any) -> Card | Lead:
        leading = not self.trick
        if isinstance(action, Lead):
            lead = Lead(parse_card(action.card), _parse_colour(action.colour, "DD-R10"))
        elif isinstance(action, Card) or isinstance(action, str):
            card = parse_card(action)
            if leading and self.players == 4:  # a bare card declares its own colour
                return Lead(card, card.colour)
            return card
        elif isinstance(action, (list, tuple)) and len(action) == 2:
            lead = Lead(parse_card(action[0]), _parse_colour(action[1], "DD-R10"))
        else:
            raise BadInput("NB-ARG", f"{action!r} is not a Doppeldoppel action: play a card like "
                           "'Y5', or with 4 players lead ('Y5', 'Y') to declare a colour")
        who = f"P{self.to_move + 1}" if self.to_move is not None else "nobody"
        if self.players == 3:
            raise IllegalAction("DD-R9", "with 3 players the leader plays face up and declares "
                                "no colour: play just the card, like 'Y5'")
        if not leading:
            raise IllegalAction("DD-R10", f"only the leader declares a colour; {who} follows "
                                f"with a card only, like '{lead.card}'")
        return lead

    def action_to_json(self, action: Card | Lead) -> Any:
        if isinstance(action, Lead):
            return [str(action.card), action.colour]
        return str(action)

    def action_label(self, action: Card | Lead) -> str:
        if isinstance(action, Lead):
            return f"{action.card} face down, declares {self.rules.colour_name(action.colour)}"
        if self.players == 3 and self.trick:
            return f"{action} face down"
        return str(action)

    def _check(self, action: Card | Lead) -> None:
        seat = self.to_move
        who = f"P{seat + 1}"
        card = action.card if isinstance(action, Lead) else action
        hand = self.hands[seat]
        if card not in hand:  # DD-R12: one card from your own hand
            shown = " ".join(map(str, hand))
            raise IllegalAction("DD-R12", f"{who} does not hold {card}; {who}'s hand is {shown}")
        if isinstance(action, Lead):
            if self.rules.declared_colour_must_match and action.colour != card.colour:  # DD-A9
                raise IllegalAction(
                    "DD-R10", f"the declared colour must be the face-down card's colour (DD-A9): "
                    f"{card} is {self.rules.colour_name(card.colour)}, so {who} cannot declare "
                    f"{self.rules.colour_name(action.colour)}")
            return
        lead = self.lead_colour
        if lead is not None and card.colour != lead:  # DD-R11 (checked face down too, DD-R12)
            follow = [c for c in hand if c.colour == lead]
            if follow:
                name = self.rules.colour_name(lead)
                raise IllegalAction("DD-R11", f"{who} holds {follow[0]}, so {who} must follow "
                                    f"{name}; {card} is not {name}")

    def _apply(self, action: Card | Lead) -> State:
        seat = self.to_move
        card = action.card if isinstance(action, Lead) else action
        hand = list(self.hands[seat])
        hand.remove(card)
        hands = self.hands[:seat] + (tuple(hand),) + self.hands[seat + 1:]
        trick = self.trick + (card,)
        declared = action.colour if isinstance(action, Lead) else self.declared
        if len(trick) < self.players:
            return self._evolve(hands=hands, trick=trick, declared=declared)
        return self._finish_trick(hands, trick, declared)

    def _finish_trick(self, hands, trick, declared) -> State:
        """Reveal and resolve the complete trick, then maybe end the round and the game."""
        rules: Rules = self.rules
        seats = self.play_order()
        # DD-R10 step 3 / DD-R9 step 3 / DD-A18: everything is revealed, then resolved as usual.
        result = resolve_trick(trick, rules, lead_colour=declared, reversed_before=self.reversal)
        piles = self.piles
        if result.winner is not None:  # DD-R17: the winner keeps the survivors face up
            w = seats[result.winner]
            piles = piles[:w] + (sort_cards(piles[w] + result.acquired),) + piles[w + 1:]
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
        record = TrickRecord(self.round, self.trick_number, seats, result, nxt)
        changes: dict[str, Any] = dict(
            hands=hands, piles=piles, discard=self.discard + result.discarded_cards, trick=(),
            declared=None, reversal=result.reversal_after, trick_number=self.trick_number + 1,
            leader=nxt, log=self.log + (record,))
        if changes["trick_number"] == self.tricks_per_round:  # DD-R5: hands are empty
            changes.update(self._end_round(piles))
        return self._evolve(**changes)

    def _end_round(self, piles) -> dict[str, Any]:
        """DD-R18..R21 scoring, DD-R22 game end, DD-R6 start-player rotation, DD-A16 re-deal."""
        scores = tuple(round_score(pile_counts(p), self.rules) for p in piles)
        totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        out: dict[str, Any] = dict(totals=totals, round_scores=self.round_scores + (scores,),
                                   round_piles=self.round_piles + (piles,))
        if self.round + 1 == self.rounds:  # DD-R5, DD-R22: N rounds for N players
            out.update(over=True, leader=self.leader)
            return out
        nxt_round = self.round + 1
        sp = self.left_of(self.round_sp)  # DD-R6: left of the player who was SP at round start
        out.update(round=nxt_round, round_sp=sp, leader=sp, hands=self._deal(nxt_round),
                   piles=((),) * self.players, discard=(), trick_number=0, reversal=False)
        return out

    # -- what each player sees --------------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """The game as ``player`` sees it: their own hand; face-down cards of others hidden."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise BadInput("NB-ARG", f"player is a seat from 0 to {self.players - 1}")
        seats = self.play_order()
        trick = tuple((s, c if self._face_up(i) or s == player else None)
                      for i, (s, c) in enumerate(zip(seats, self.trick, strict=False)))
        legal = tuple(self.legal_actions()) if self.to_move == player else ()
        return PlayerView(player, self.players, self.round, self.hands[player],
                          tuple(map(len, self.hands)), trick, self.lead_colour, self.piles,
                          self.discard, self.totals, legal, self.rules.colour_names)

    def _face_up(self, position: int) -> bool:
        """Is the card at ``position`` of the unfinished trick face up? (DD-R9, DD-R10)"""
        if self.players == 3:
            return position == 0  # the 3-player leader plays face up, the others face down
        return position != 0  # the 4-player leader plays face down, the others face up

    def all_cards(self) -> Counter:
        """Every card in hands, the trick, acquired piles and the discard (conservation checks)."""
        cards: Counter = Counter(self.discard)
        cards.update(self.trick)
        for zone in (*self.hands, *self.piles):
            cards.update(zone)
        return cards

    # -- renderings --------------------------------------------------------------------------
    def score_sheet(self) -> Html:
        """The score sheet: round scores and running totals (DD-R21), winners marked."""
        return Html(_score_sheet_html(self))

    def trick_log(self, round_number: int | None = None) -> Html:
        """A table of the finished tricks of one round (default: the current or last round)."""
        rnd = (self.round if round_number is None else
               expect_int_arg(round_number, "round_number", 0, self.rounds - 1))
        rows = []
        for t in self.log:
            if t.round != rnd:
                continue
            r = t.result
            cards = " ".join(f"{c}" + ("✗" if i in r.discarded else "")
                             for i, c in enumerate(r.cards))
            winner = "—" if r.winner is None else f"P{t.seats[r.winner] + 1} ({r.cards[r.winner]})"
            rows.append([t.number + 1, f"P{t.seats[0] + 1}", cards,
                         "yes" if r.reversed else "", winner, r.rule,
                         " ".join(map(str, r.acquired))])
        return Html(html_table(["trick", "leader", "cards in play order (✗ collided)", "reversed",
                                "winner", "decided by", "acquired"], rows,
                               caption=f"round {rnd + 1}: tricks"))

    def piles_svg(self) -> Svg:
        """Each player's acquired pile this round with its current round score."""
        return _piles_svg(self)

    def _repr_html_(self) -> str:
        return _state_html(self)


def _check_hands(hands: Any, players: int, rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """Validate a prescribed first deal (option ``hands``): the whole deck, dealt evenly (DD-R3)."""
    size = DECK_SIZE // players
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise BadInput("DD-R3", f"hands must be {players} lists of cards, one per seat")
    dealt = []
    for p, hand in enumerate(hands):
        cards = parse_cards(hand)
        if len(cards) != size:
            raise BadInput("DD-R3", f"with {players} players each hand has {size} cards; P{p + 1} "
                           f"has {len(cards)}")
        dealt.append(sort_cards(cards))
    given = Counter(c for h in dealt for c in h)
    deck = Counter(rules.deck_counts())
    if given != deck:
        extra = given - deck
        short = deck - given
        parts = []
        if extra:
            parts.append("too many " + " ".join(str(c) for c in sorted(extra.elements(), key=card_key)))
        if short:
            parts.append("missing " + " ".join(str(c) for c in sorted(short.elements(), key=card_key)))
        raise BadInput("DD-R3", "the hands must together be exactly the deck: " + "; ".join(parts))
    return tuple(dealt)


def new_game(players: int, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
             first_sp: int | None = None, hands: Sequence[Sequence[str]] | None = None) -> State:
    """A new game for 3 or 4 players (DD-R1); the same seed gives the same deals.

    ``first_sp`` is the first start player's seat (DD-R4; at random from the seed if omitted).
    ``hands`` optionally prescribes the first round's deal (lists of cards that together are
    exactly the deck), for teaching set-ups; later rounds are dealt from the seed.
    """
    options: dict[str, Any] = {}
    if first_sp is not None:
        options["first_sp"] = first_sp
    if hands is not None:
        options["hands"] = [[str(parse_card(c)) for c in h] if isinstance(h, (list, tuple))
                            else h for h in hands] if isinstance(hands, (list, tuple)) else hands
    return State.initial(players, rules, seed, options)


from_json = State.from_json


# ------------------------------------------------------------------------------------------------
# Analysis
# ------------------------------------------------------------------------------------------------

def scoring_table(rank: int, rules: Rules = DEFAULT_RULES, max_count: int | None = None
                  ) -> tuple[int, ...]:
    """Points for holding exactly k cards of ``rank`` and nothing else, k = 1..max_count.

    ``max_count`` defaults to the number of cards of that rank in the deck. For rank 5 this is
    the no-6 case, as in the Japanese table (DD-E7). Computed from :func:`round_score`.
    """
    if isinstance(rank, bool) or rank not in RANKS:
        raise BadInput("DD-R20", f"ranks are 1 to 6, not {rank!r}")
    top = rules.rank_totals()[rank] if max_count is None else expect_int_arg(max_count, "max_count")
    return tuple(round_score({rank: k}, rules) for k in range(1, top + 1))


def expect_int_arg(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (
            hi is not None and value > hi):
        bound = f" to {hi}" if hi is not None else " up"
        raise BadInput("NB-ARG", f"{what} must be a whole number from {lo}{bound}, not {value!r}")
    return value


def scoring_tables(rules: Rules = DEFAULT_RULES) -> dict[int, tuple[int, ...]]:
    """:func:`scoring_table` for every rank, up to the deck's count of that rank."""
    return {r: scoring_table(r, rules) for r in RANKS}


def scoring_tables_html(rules: Rules = DEFAULT_RULES) -> Html:
    """Every rank's scoring table; the ranks the Japanese rulebook tabulates are marked."""
    tables = scoring_tables(rules)
    width = max(map(len, tables.values()))
    rows = []
    for r, pts in tables.items():
        src = "JP table" if r in JAPANESE_SCORE_TABLES else "computed"
        if r == 5:
            src += " (no 6)"
        rows.append([f"rank {r}", src, *[f"{p:+d}" for p in pts], *[""] * (width - len(pts))])
    return Html(html_table(["rank", "source", *range(1, width + 1)], rows,
                           caption="points for holding exactly k cards of one rank (columns k)"))


def round_score_distribution(k: int, rules: Rules = DEFAULT_RULES) -> Distribution:
    """Exact distribution of a round score when ``k`` of the 36 cards are acquired at random.

    Every k-subset of the physical cards is equally likely. Colours do not score, so the count
    runs over rank multisets with :func:`~doppelnb.core.exact.multiset_draws` (each weighted by
    its number of subsets); the weights total ``comb(36, k)``.
    """
    k = expect_int_arg(k, "k", 0, DECK_SIZE)
    totals = rules.rank_totals()
    pairs = ((_breakdown(tuple(drawn.get(r, 0) for r in RANKS), rules).total, ways)
             for drawn, ways in multiset_draws(totals, k))
    return Distribution.from_pairs(pairs)


def round_score_distribution_bruteforce(k: int, rules: Rules = DEFAULT_RULES) -> Distribution:
    """Twin of :func:`round_score_distribution`: loop over every k-subset of the 36 cards."""
    k = expect_int_arg(k, "k", 0, DECK_SIZE)
    deck = rules.deck()
    return Distribution.from_pairs((round_score(pile_counts(sub), rules), 1)
                                   for sub in itertools.combinations(deck, k))


def mean_round_scores(rules: Rules = DEFAULT_RULES) -> list[tuple[int, Fraction]]:
    """(k, exact expected round score) for k = 0..36 cards acquired at random."""
    return [(k, round_score_distribution(k, rules).mean()) for k in range(DECK_SIZE + 1)]


CENSUS_KEYS = ("tricks", "with_collision", "no_winner", "lead_collides", "reversed",
               "off_colour_winner")


@dataclass(frozen=True)
class TrickCensus:
    """Exact counts over every trick that can be dealt (see :func:`collision_census`)."""

    players: int
    deck_composition: Any
    counts: dict[str, int]
    winner_position: tuple[int, ...]  # tricks won by the card at each position (0 = leader)

    def __getitem__(self, key: str) -> int:
        return self.counts[key]

    def probability(self, key: str) -> Fraction:
        return Fraction(self.counts[key], self.counts["tricks"])

    def winner_probabilities(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(w, self.counts["tricks"]) for w in self.winner_position)

    def as_dict(self) -> dict[str, Any]:
        return {**self.counts, "winner_position": self.winner_position}

    def _repr_html_(self) -> str:
        rows = [[k, f"{v:,}", f"{float(self.probability(k)):.4f}"] for k, v in self.counts.items()]
        rows += [[f"winner at position {i + 1}", f"{w:,}", f"{w / self.counts['tricks']:.4f}"]
                 for i, w in enumerate(self.winner_position)]
        return html_table(["event", "tricks", "share"], rows,
                          caption=f"{self.players} players, deck {self.deck_composition}")


def _census_deck(rules: Rules, deck: Mapping[Any, int] | None) -> dict[Card, int]:
    if deck is None:
        return rules.deck_counts()
    out: dict[Card, int] = {}
    for card, n in deck.items():
        out[parse_card(card)] = expect_int_arg(n, f"copies of {card}", 0)
    return {c: n for c, n in out.items() if n}


def collision_census(players: int, rules: Rules = DEFAULT_RULES, *,
                     deck: Mapping[Any, int] | None = None) -> TrickCensus:
    """Exact census of one trick over every ordered sequence of ``players`` distinct physical
    cards from the deck, leader first (DD-R13..R16).

    It counts whole tricks as they could be dealt, **ignoring the follow rule** (DD-R11) and the
    rest of the hands: every sequence of distinct cards counts once. The lead colour is the
    leader's card's colour (the declared colour with 4 players under the default DD-A9), and the
    trick is the first of a round (no reversal carried in, DD-A5). Counts: ``tricks`` (all
    sequences), ``with_collision`` (some number appears twice or more), ``no_winner`` (every
    card collides), ``lead_collides``, ``reversed`` (strength reversed by a 3, per DD-A6),
    ``off_colour_winner`` (the winning card is not of the lead colour), and ``winner_position``.

    Exact and vectorised: numpy enumerates the ordered sequences of card *types*
    (colour, rank), at most 18**players of them, each weighted by the number of physical card
    sequences it stands for (a product of falling factorials of the copy counts). ``deck``
    replaces the rules' deck (card -> copies) for small checks against
    :func:`collision_census_bruteforce`.
    """
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise BadInput("DD-R1", f"a trick has 3 or 4 players, not {players!r}")
    counts = _census_deck(rules, deck)
    types = list(counts)
    n = players
    if sum(counts.values()) < n:
        raise BadInput("NB-ARG", f"the deck has fewer than {n} cards")
    colour = np.array([_COLOUR_INDEX[c.colour] for c in types], dtype=np.int8)
    rank = np.array([c.rank for c in types], dtype=np.int8)
    copies = np.array([counts[c] for c in types], dtype=np.int64)
    idx = np.indices((len(types),) * n).reshape(n, -1).T  # every ordered type sequence
    weight = np.ones(len(idx), dtype=np.int64)
    for i in range(n):  # falling factorial: copies minus the earlier uses of the same type
        earlier = (idx[:, :i] == idx[:, [i]]).sum(axis=1) if i else 0
        weight *= np.maximum(copies[idx[:, i]] - earlier, 0)
    keep = weight > 0
    idx, weight = idx[keep], weight[keep]
    R, C = rank[idx], colour[idx]
    same = (R[:, :, None] == R[:, None, :]).sum(axis=2)  # how many cards show each card's number
    collided = same > 1  # DD-R13
    survive = ~collided
    threes = (R == REVERSING_RANK).sum(axis=1)
    surviving_three = (survive & (R == REVERSING_RANK)).any(axis=1)
    if rules.reversal_trigger == "any_played":  # DD-A6, as in _reversal (first trick of a round)
        flips = (threes > 0).astype(np.int64)
    elif rules.reversal_trigger == "surviving_only":
        flips = surviving_three.astype(np.int64)
    else:
        flips = threes.astype(np.int64)
    rev = flips % 2 == 1
    in_lead = survive & (C == C[:, [0]])
    has_lead = in_lead.any(axis=1)
    fallback_rev = rev & rules.reversal_affects_fallback
    low = np.where(has_lead, rev, fallback_rev)
    strength = np.where(low[:, None], 7 - R, R).astype(np.int64)  # bigger is better
    pool = np.where(has_lead[:, None], in_lead, survive)
    score = np.where(pool, strength, -1)
    winner = score.argmax(axis=1)
    has_winner = survive.any(axis=1)
    off = has_winner & ~has_lead
    out = {
        "tricks": int(weight.sum()),
        "with_collision": int(weight[collided.any(axis=1)].sum()),
        "no_winner": int(weight[~has_winner].sum()),
        "lead_collides": int(weight[collided[:, 0]].sum()),
        "reversed": int(weight[rev].sum()),
        "off_colour_winner": int(weight[off].sum()),
    }
    positions = tuple(int(weight[has_winner & (winner == i)].sum()) for i in range(n))
    label = rules.deck_composition if deck is None else "custom"
    return TrickCensus(n, label, out, positions)


def collision_census_bruteforce(players: int, rules: Rules = DEFAULT_RULES, *,
                                deck: Mapping[Any, int] | None = None) -> TrickCensus:
    """Twin of :func:`collision_census`: every permutation of physical cards through
    :func:`resolve_trick`. Slow (36*35*34 = 42,840 tricks for 3 players); for tests."""
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise BadInput("DD-R1", f"a trick has 3 or 4 players, not {players!r}")
    physical = [c for c, k in _census_deck(rules, deck).items() for _ in range(k)]
    out = dict.fromkeys(CENSUS_KEYS, 0)
    positions = [0] * players
    for seq in itertools.permutations(physical, players):
        res = resolve_trick(seq, rules)
        out["tricks"] += 1
        out["with_collision"] += bool(res.discarded)
        out["lead_collides"] += res.lead_collided
        out["reversed"] += res.reversed
        if res.winner is None:
            out["no_winner"] += 1
        else:
            positions[res.winner] += 1
            out["off_colour_winner"] += seq[res.winner].colour != res.lead_colour
    label = rules.deck_composition if deck is None else "custom"
    return TrickCensus(players, label, out, tuple(positions))


def census_table(players: int, rules: Rules = DEFAULT_RULES) -> Html:
    """The census under each DD-A1 candidate deck, side by side (shares of all tricks)."""
    results = {name: collision_census(players, rules.replace(deck_composition=name))
               for name in deck_candidates()}
    labels = {"tricks": "tricks (ordered, distinct cards)", "with_collision": "some cards collide",
              "no_winner": "no winner (all collide)", "lead_collides": "the lead card collides",
              "reversed": "a 3 reverses the trick", "off_colour_winner": "winner not lead colour"}
    rows = []
    for key, text in labels.items():
        cells = [f"{r[key]:,}" if key == "tricks" else f"{float(r.probability(key)):.2%}"
                 for r in results.values()]
        rows.append([text, *cells])
    for i in range(players):
        rows.append([f"winner at position {i + 1}" + (" (leader)" if i == 0 else ""),
                     *[f"{float(r.winner_probabilities()[i]):.2%}" for r in results.values()]])
    header = ["", *[f"deck {name} {_deck_label(rules.replace(deck_composition=name))}"
                    for name in results]]
    return Html(html_table(header, rows, caption=f"One trick, {players} players: exact shares"))


def resolve_tricks(tricks: Sequence[Sequence[Any]], rules: Rules = DEFAULT_RULES
                   ) -> list[TrickResult]:
    """Resolve consecutive tricks of one round, carrying the reversal state from trick to trick
    as the game does (DD-A5); each trick is listed leader first."""
    results, state = [], False
    for cards in tricks:
        result = resolve_trick(cards, rules, reversed_before=state)
        results.append(result)
        state = result.reversal_after
    return results


def _outcome(result: TrickResult) -> str:
    if result.winner is None:
        return "no winner"
    text = f"P{result.winner + 1} wins ({result.cards[result.winner]})"
    return text + (", reversed" if result.reversed else "")


READING_CASES = {
    "DD-T6: Y5 Y3 Y6 R1": [["Y5", "Y3", "Y6", "R1"]],
    "DD-T7: Y3 B3 Y5 Y2": [["Y3", "B3", "Y5", "Y2"]],
    "DD-T8: Y4 R4 B3 R6": [["Y4", "R4", "B3", "R6"]],
    "DD-T9: after T6, R5 R2 R6 Y4": [["Y5", "Y3", "Y6", "R1"], ["R5", "R2", "R6", "Y4"]],
}


def readings_table(cases: Mapping[str, Sequence[Sequence[Any]]] = READING_CASES,
                   flags: Sequence[str] = ("reversal_trigger", "reversal_affects_fallback",
                                           "reversal_scope"),
                   rules: Rules = DEFAULT_RULES) -> Html:
    """How each reading of ``flags`` decides the last trick of each case (a static comparison).

    A case is a list of consecutive tricks of one round (leader first); the cell shows who wins
    the last of them under that reading, all other flags as in ``rules``.
    """
    infos = {f.name: f for f in Rules.flags()}
    rows, marked = [], set()
    for name in flags:
        if name not in infos or not infos[name].choices:
            raise BadInput("NB-ARG", f"{name!r} is not a variant flag with readings")
        for reading in infos[name].choices:
            variant = rules.replace(**{name: reading})
            default = reading == infos[name].default
            if default:
                marked.add(len(rows))
            rows.append([f"{infos[name].rule} {name}", f"{reading}" + (" (default)" if default
                                                                       else ""),
                         *[_outcome(resolve_tricks(tricks, variant)[-1])
                           for tricks in cases.values()]])
    return Html(html_table(["flag", "reading", *cases], rows, highlight=marked,
                           caption="who wins the last trick under each reading (P1, P2, ... in play order, "
                           "P1 leading that trick; default rows shaded)"))


@dataclass(frozen=True)
class PlaySummary:
    """Totals over games played by uniformly random legal moves (not strategy)."""

    players: int
    games: int
    tricks: int
    reversed: int
    no_winner: int
    leader_wins: int
    round_scores: tuple[int, ...]
    winning_totals: tuple[int, ...]

    def row(self) -> list[str]:
        mean = sum(self.round_scores) / len(self.round_scores)
        win = sum(self.winning_totals) / len(self.winning_totals)
        return [f"{self.reversed / self.tricks:.1%}", f"{self.no_winner / self.tricks:.1%}",
                f"{self.leader_wins / self.tricks:.1%}", f"{mean:+.2f}", f"{win:+.1f}"]


SUMMARY_HEADER = ["tricks reversed", "no winner", "leader wins", "mean round score",
                  "mean winning total"]


def simulate(players: int, rules: Rules = DEFAULT_RULES, games: int = 100, seed: int = 0
             ) -> PlaySummary:
    """Play ``games`` seeded games with random legal moves and count what happened."""
    from ..core.state import play_to_end

    games = expect_int_arg(games, "games", 1)
    tricks = reversed_ = no_winner = leader_wins = 0
    scores: list[int] = []
    winning: list[int] = []
    for g in range(games):
        end = play_to_end(new_game(players, rules=rules, seed=seed + g), seed=seed + g)
        for t in end.log:
            tricks += 1
            reversed_ += t.result.reversed
            no_winner += t.result.winner is None
            leader_wins += t.result.winner == 0
        scores += [x for r in end.round_scores for x in r]
        winning.append(max(end.totals))
    return PlaySummary(players, games, tricks, reversed_, no_winner, leader_wins, tuple(scores),
                       tuple(winning))


def variant_survey(players: int, games: int = 30, seed: int = 0, rules: Rules = DEFAULT_RULES,
                   flags: Sequence[str] | None = None) -> Html:
    """:func:`simulate` under every reading of each flag (the same seeds for every reading)."""
    infos = [f for f in Rules.flags() if f.choices and (flags is None or f.name in flags)]
    rows, marked = [], set()
    for info in infos:
        for reading in info.choices:
            summary = simulate(players, rules.replace(**{info.name: reading}), games, seed)
            if reading == info.default:
                marked.add(len(rows))
            rows.append([f"{info.rule} {info.name}", str(reading), *summary.row()])
    return Html(html_table(["flag", "reading", *SUMMARY_HEADER], rows, highlight=marked,
                           caption=f"{games} random-move games of {players} players per reading "
                           "(default rows shaded)"))


def _deck_label(rules: Rules) -> str:
    return "(" + " ".join(str(t) for t in rules.rank_totals().values()) + ")"


# ------------------------------------------------------------------------------------------------
# Renderings (SVG/HTML, no widgets)
# ------------------------------------------------------------------------------------------------

CARD_W, CARD_H = 44, 62


def _draw_card(svg: Svg, x: float, y: float, card: Card | None, *, mode: str = "up",
               names: Sequence[str] = DEFAULT_RULES.colour_names, scale: float = 1.0) -> None:
    """Draw one card. Modes: up, down (face down, shown to the omniscient viewer), hidden
    (a card back), struck (collided), winner."""
    w, h = CARD_W * scale, CARD_H * scale
    if card is None or mode == "hidden":
        svg.rect(x, y, w, h, rx=5, fill="#6b5b95", stroke="#333")
        svg.line(x + 4, y + 4, x + w - 4, y + h - 4, stroke="#a99bd1")
        svg.line(x + w - 4, y + 4, x + 4, y + h - 4, stroke="#a99bd1")
        svg.text(x + w / 2, y + h / 2 + 5, "?", size=16 * scale, anchor="middle", fill="#fff")
        return
    fill, ink = _INK[card.colour]
    opacity = 0.45 if mode == "struck" else 1
    stroke, sw = ("#222", 1)
    if mode == "winner":
        stroke, sw = ("#0a0", 4)
    dash = "4 3" if mode == "down" else None
    svg.rect(x, y, w, h, rx=5, fill=fill, stroke=stroke, stroke_width=sw, stroke_dasharray=dash,
             opacity=opacity)
    svg.text(x + 4 * scale, y + 12 * scale, card.colour, size=10 * scale, fill=ink,
             opacity=opacity)
    svg.text(x + w / 2, y + h / 2 + 9 * scale, card.rank, size=26 * scale, anchor="middle",
             fill=ink, font_weight="bold", opacity=opacity)
    if card.rank == REVERSING_RANK:
        svg.text(x + w - 4 * scale, y + 12 * scale, "⇅", size=11 * scale, anchor="end", fill=ink,
                 opacity=opacity)
    if mode == "struck":
        svg.line(x + 3, y + 3, x + w - 3, y + h - 3, stroke="#b00", stroke_width=3)
        svg.line(x + w - 3, y + 3, x + 3, y + h - 3, stroke="#b00", stroke_width=3)


def card_svg(card: Any, rules: Rules = DEFAULT_RULES, mode: str = "up") -> Svg:
    """One card as SVG."""
    card = parse_card(card)
    svg = Svg(CARD_W + 4, CARD_H + 4, title=str(card))
    _draw_card(svg, 2, 2, card, mode=mode, names=rules.colour_names)
    return svg


def deck_svg(rules: Rules = DEFAULT_RULES, scale: float = 0.6) -> Html:
    """The whole deck, one row per colour (illustrative composition, DD-A1)."""
    rows = []
    for colour in COLOURS:
        cards = [c for c in rules.deck() if c.colour == colour]
        rows.append(str(hand_svg(cards, rules, scale=scale, label=rules.colour_name(colour))))
    note = (f'<div style="{FONT};font-size:11px;color:#777">Illustrative composition '
            f"{escape(str(rules.deck_composition))} (DD-A1): the rulebook does not give the "
            "number of cards of each rank.</div>")
    return Html(_flex(rows, column=True) + note)


def hand_svg(cards: Iterable[Any], rules: Rules = DEFAULT_RULES, *, highlight: Iterable[Any] = (),
             scale: float = 1.0, label: str = "") -> Svg:
    """A hand as overlapping-free row of cards; ``highlight`` marks cards (e.g. legal plays)."""
    cards = sort_cards(parse_cards(cards))
    marks = set(parse_cards(highlight))
    step = (CARD_W + 4) * scale
    left = 8 + (len(label) * 7 if label else 0)
    svg = Svg(left + max(step * len(cards), 80) + 4, CARD_H * scale + 8)
    if label:
        svg.text(4, CARD_H * scale / 2 + 8, label, size=12)
    if not cards:
        svg.text(left, CARD_H * scale / 2 + 8, "(no cards)", size=11, fill="#777")
    for i, card in enumerate(cards):
        _draw_card(svg, left + i * step, 4, card, mode="winner" if card in marks else "up",
                   names=rules.colour_names, scale=scale)
    return svg


def trick_svg(result: TrickResult, labels: Sequence[str] | None = None, title: str = "") -> Svg:
    """A resolved trick: collided cards struck and faded, the winner outlined, the reason below."""
    n = len(result.cards)
    labels = list(labels) if labels is not None else [f"P{i + 1}" + (" (lead)" if i == 0 else "")
                                                      for i in range(n)]
    lines = []
    for sentence in result.explain([lb.split(" ")[0] for lb in labels]):
        lines += textwrap.wrap(sentence, 78)
    top = 22 if title else 4
    width = max(n * 70 + 170, 470)
    height = top + 16 + CARD_H + 22 + 15 * len(lines) + 6
    svg = Svg(width, height, title=title or "trick")
    if title:
        svg.text(4, 15, title, size=13, font_weight="bold")
    name = result.colour_names[_COLOUR_INDEX[result.lead_colour]]
    for i, card in enumerate(result.cards):
        x = 6 + i * 70
        svg.text(x + CARD_W / 2, top + 11, labels[i], size=11, anchor="middle")
        mode = "struck" if i in result.discarded else "winner" if i == result.winner else "up"
        _draw_card(svg, x, top + 16, card, mode=mode, names=result.colour_names)
        tag = "collides" if i in result.discarded else "wins" if i == result.winner else ""
        svg.text(x + CARD_W / 2, top + 16 + CARD_H + 14, tag, size=11, anchor="middle",
                 fill="#b00" if tag == "collides" else "#070", font_weight="bold")
    info_x = 6 + n * 70 + 6
    svg.text(info_x, top + 30, f"lead colour: {name}", size=12)
    svg.text(info_x, top + 48, "strength: " + ("REVERSED ⇅" if result.reversed else "normal"),
             size=12, fill="#a0a" if result.reversed else "#333")
    svg.text(info_x, top + 66, f"decided by {result.rule}", size=12)
    y = top + 16 + CARD_H + 34
    for line in lines:
        svg.text(6, y, line, size=12)
        y += 15
    return svg


def _seat_tags(state: State, seat: int) -> str:
    tags = []
    if seat == state.round_sp:
        tags.append("SP")
    if not state.over and seat == state.leader:
        tags.append("leads")
    if seat == state.to_move:
        tags.append("to move")
    return f"P{seat + 1}" + (f" ({', '.join(tags)})" if tags else "")


def _current_trick_svg(state: State) -> Svg:
    seats = state.play_order()
    n = state.players
    svg = Svg(n * 70 + 230, CARD_H + 40, title="current trick")
    lead = state.lead_colour
    for i, seat in enumerate(seats):
        x = 6 + i * 70
        svg.text(x + CARD_W / 2, 12, f"P{seat + 1}", size=11, anchor="middle")
        if i < len(state.trick):
            mode = "up" if state._face_up(i) else "down"
            _draw_card(svg, x, 18, state.trick[i], mode=mode, names=state.rules.colour_names)
            if mode == "down":
                svg.text(x + CARD_W / 2, 18 + CARD_H + 14, "face down", size=10, anchor="middle",
                         fill="#555")
        else:
            svg.rect(x, 18, CARD_W, CARD_H, rx=5, fill="none", stroke="#bbb",
                     stroke_dasharray="3 3")
    text = "lead colour: " + (state.rules.colour_name(lead) if lead else "(not yet led)")
    svg.text(6 + n * 70, 36, text, size=12)
    if state.rules.reversal_scope != "trick":
        svg.text(6 + n * 70, 54, "round reversal: " + ("on ⇅" if state.reversal else "off"),
                 size=12)
    return svg


def _piles_svg(state: State) -> Svg:
    rows = state.players
    widths = [max(len(p), 1) for p in state.piles]
    scale = 0.6
    step = (CARD_W + 4) * scale
    width = max(260, int(110 + step * max(widths) + 120))
    row_h = CARD_H * scale + 10
    svg = Svg(width, rows * row_h + 20, title="acquired piles")
    if not any(state.piles):
        svg.text(34, 20 + row_h / 2, "(nothing acquired yet)", size=11, fill="#777")
    svg.text(4, 13, "acquired this round (face up, DD-R17)", size=12, font_weight="bold")
    for p in range(rows):
        y = 20 + p * row_h
        pile = state.piles[p]
        score = round_score(pile_counts(pile), state.rules)
        svg.text(4, y + row_h / 2, f"P{p + 1}", size=12)
        for i, card in enumerate(pile):
            _draw_card(svg, 34 + i * step, y + 2, card, names=state.rules.colour_names,
                       scale=scale)
        svg.text(width - 4, y + row_h / 2, f"worth {score:+d}", size=12, anchor="end")
    return svg


def _score_sheet_html(state: State) -> str:
    n = state.players
    rows = []
    running = [0] * n
    for r, scores in enumerate(state.round_scores):
        running = [a + b for a, b in zip(running, scores, strict=True)]
        piles = state.round_piles[r]
        cells = [f"{s:+d} ({len(piles[p])} cards)" for p, s in enumerate(scores)]
        rows.append([f"round {r + 1}", *cells])
    rows.append(["total", *[str(t) for t in state.totals]])
    winners = state.winners
    if winners:
        rows.append(["winner" + ("s (shared, DD-A15)" if len(winners) > 1 else ""),
                     *["★" if p in winners else "" for p in range(n)]])
    return html_table(["", *[f"P{p + 1}" for p in range(n)]], rows,
                      caption=f"score sheet ({len(state.round_scores)} of {state.rounds} rounds)",
                      highlight={len(rows) - 1} if winners else None)


def _state_html(state: State) -> str:
    rules: Rules = state.rules
    head = (f"<b>Doppeldoppel, {state.players} players</b> · round {state.round + 1} of "
            f"{state.rounds}")
    if state.over:
        head += " · <b>game over</b>"
    else:
        head += (f" · trick {state.trick_number + 1} of {state.tricks_per_round} · "
                 f"to move: P{state.to_move + 1}")
    parts = [f'<div style="{FONT};font-size:13px">{head}</div>']
    if rules.changed():
        changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items())
        parts.append(f'<div style="{FONT};font-size:12px;color:#555">variant: '
                     f"{escape(changed)}</div>")
    legal = set()
    if not state.over:
        legal = {a.card if isinstance(a, Lead) else a for a in state.legal_actions()}
    hands = [str(hand_svg(state.hands[seat], rules, highlight=legal if seat == state.to_move
                          else (), scale=0.7, label=_seat_tags(state, seat)))
             for seat in range(state.players)]
    if not state.over:
        parts.append(_flex(hands, column=True))
    table = []
    if not state.over:
        table.append(str(_current_trick_svg(state)))
    if state.log:
        last = state.log[-1]
        labels = [f"P{s + 1}" + (" (lead)" if i == 0 else "") for i, s in enumerate(last.seats)]
        table.append(str(trick_svg(last.result, labels,
                                   title=f"last trick (round {last.round + 1}, trick "
                                   f"{last.number + 1})")))
    parts.append(_flex(table))
    parts.append(_flex([str(_piles_svg(state)), _score_sheet_html(state)]))
    if rules.deck_composition in ("a", "b", "c"):
        note = f"deck candidate {rules.deck_composition}"
    else:
        note = "custom deck"
    parts.append(f'<div style="{FONT};font-size:11px;color:#777">Card counts per rank are '
                 f"illustrative ({note}, DD-A1); colour names other than yellow too (DD-A2)."
                 "</div>")
    return "<div>" + "".join(parts) + "</div>"


def _flex(items: Sequence[str], column: bool = False) -> str:
    direction = "column" if column else "row"
    inner = "".join(f"<div>{item}</div>" for item in items)
    return (f'<div style="display:flex;flex-direction:{direction};flex-wrap:wrap;gap:10px;'
            f'align-items:flex-start;margin:4px 0">{inner}</div>')


def _view_svg(view: PlayerView) -> Svg:
    names = view.colour_names
    n = view.players
    svg = Svg(max(520, 60 + len(view.hand) * 48), 200, title=f"what P{view.player + 1} sees")
    svg.text(4, 14, f"P{view.player + 1}'s view · round {view.round + 1} · hands: "
             + ", ".join(f"P{p + 1} {k}" for p, k in enumerate(view.hand_sizes)), size=12)
    legal = {a.card if isinstance(a, Lead) else a for a in view.legal}
    for i, card in enumerate(view.hand):
        _draw_card(svg, 4 + i * 48, 22, card, mode="winner" if card in legal else "up",
                   names=names)
    y = 22 + CARD_H + 10
    svg.text(4, y + 12, "trick:", size=12)
    for i, (seat, card) in enumerate(view.trick):
        x = 50 + i * 60
        svg.text(x + CARD_W / 2, y + 12, f"P{seat + 1}", size=11, anchor="middle")
        _draw_card(svg, x, y + 16, card, mode="hidden" if card is None else "up", names=names)
    if view.lead_colour:
        svg.text(60 + n * 60, y + 40, f"lead colour: {names[_COLOUR_INDEX[view.lead_colour]]}",
                 size=12)
    return svg


__all__ = [
    "Card", "COLOURS", "RANKS", "DECK_SIZE", "JAPANESE_SCORE_TABLES", "Rules", "State", "Lead",
    "TrickResult", "TrickRecord", "PlayerView", "ScoreBreakdown", "TrickCensus", "parse_card",
    "parse_cards", "legal_plays", "resolve_trick", "round_score", "score_breakdown", "pile_counts",
    "new_game", "from_json", "deck_candidates", "parse_deck_candidates", "scoring_table",
    "scoring_tables", "scoring_tables_html", "round_score_distribution",
    "round_score_distribution_bruteforce", "mean_round_scores", "collision_census",
    "collision_census_bruteforce", "census_table", "deck_svg", "resolve_tricks", "readings_table",
    "READING_CASES", "simulate", "variant_survey", "PlaySummary", "card_svg", "hand_svg", "trick_svg",
]
