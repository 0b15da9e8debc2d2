"""Clearing an obstacle: how many dice a pile earns (GL-R20, GL-R21, GL-A11) and the exact odds
that they total more than the tile's value (GL-R22)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np

from ...core.checks import check_choice, check_int, check_sequence, check_size, show
from ...core.errors import BadInput, IllegalAction
from ...core.exact import dice_sum_counts
from .cards import USABLE, load_deck
from .rules import DEFAULT_RULES, Rules, check_rules
from .tiles import OBSTACLES

MAX_DICE = 10  # GL-R3 / GL-R20: the 10 dice in the box are the most that can be rolled
#: Most dice :func:`clear_probability` counts exactly when no fast path answers (beyond the box's
#: 10 dice, for what-if questions); more are refused with ``BadInput``.
MAX_EXACT_DICE = 400
#: Most dice :func:`clear_probability_brute_force` lists roll by roll (6**7 = 279,936 rolls).
MAX_BRUTE_DICE = 7
#: Most obstacle values :func:`clear_probability_table` tabulates.
MAX_TABLE_VALUES = 10_000
#: Most dice :func:`clear_probability_table` tabulates (each count of dice is one exact
#: convolution: 0.4 s for 0..100 dice; the notebooks and tests tabulate the box's 10).
MAX_TABLE_DICE = 100
#: Most entries, (max_dice + 1) * len(values), of one table (each an exact Fraction).
MAX_TABLE_CELLS = 100_000


def usable_cards(obstacle: str, rules: Rules = DEFAULT_RULES) -> frozenset[str]:
    """GL-R21: the Supply cards worth a die against ``obstacle`` (GL-A10 for Water)."""
    check_rules(rules)
    obstacle = check_choice(obstacle, "obstacle", OBSTACLES)
    cards = USABLE[obstacle]
    if rules.water_is_canteen and "water" in cards:  # GL-A10: Water is the Canteen
        cards = (cards - {"water"}) | {"canteen"}
    if rules.recovery_counts_as_life_die:  # GL-A18
        cards = cards | {"recovery"}
    return frozenset(cards)


def dice_breakdown(obstacle: str, cards: Iterable[str], life_tokens: int = 0,
                   starting_players: int = 4, *, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """The dice arithmetic of GL-R20 step by step: matching, penalised and ignored cards."""
    if isinstance(cards, (set, frozenset)) or (not isinstance(cards, (list, tuple))
                                               and isinstance(cards, Iterable)
                                               and not isinstance(cards, (str, bytes, dict))):
        cards = list(itertools.islice(cards, 1001))
    cards = list(check_sequence(cards, "cards", max_len=1000))
    life_tokens = check_int(life_tokens, "life_tokens", 0, 1000)
    starting_players = check_int(starting_players, "starting_players", 3, 6, rule="GL-R1")
    deck = load_deck(check_rules(rules).supply_deck)
    usable = usable_cards(obstacle, rules)
    matching, penalised, ignored = [], [], []
    for raw in cards:
        if not isinstance(raw, str):
            raise BadInput("NB-ARG", f"a card is named by text, not {show(raw)}")
        card = raw.lower()
        if card == "water" and rules.water_is_canteen:
            card = "canteen"  # GL-A10
        kind = deck.kind(card)
        if kind == "trait":  # GL-R19: Human Scoring Traits may not be played
            raise IllegalAction("GL-R19", f"{card} is a Human Scoring Trait card, and scoring "
                                "traits may not be played into a clearing pile")
        if card in usable:
            matching.append(card)
        elif starting_players > 4 and (kind == "tool"
                                       or rules.nonmatching_penalty_applies_to == "all_supply"):
            penalised.append(card)  # GL-R20: more than 4 starting players
        else:
            ignored.append(card)
    raw_total = life_tokens + len(matching) - len(penalised)
    dice = max(0, min(MAX_DICE, raw_total))  # GL-A11: clamp to 0..10
    return {"obstacle": obstacle, "life": life_tokens, "matching": matching,
            "penalised": penalised, "ignored": ignored, "raw": raw_total, "dice": dice}


def dice_for_attempt(obstacle: str, cards: Iterable[str], life_tokens: int = 0,
                     starting_players: int = 4, *, rules: Rules = DEFAULT_RULES) -> int:
    """Dice rolled against ``obstacle`` for a revealed pile (GL-R20, GL-R21, GL-A11).

    One die per Life token and per usable card; with more than 4 starting players each
    non-matching tool costs a die; at most 10 and at least 0. A Human Scoring Trait card raises
    :class:`IllegalAction` (GL-R19).

    >>> dice_for_attempt("rocky_terrain", ["rope", "shovel", "compass"], life_tokens=1)
    3
    >>> dice_for_attempt("high_heat", ["canteen", "canteen", "rope"], 1, starting_players=5)
    2
    """
    return int(dice_breakdown(obstacle, cards, life_tokens, starting_players, rules=rules)["dice"])


def _check_dice(dice: Any, name: str = "dice") -> int:
    return check_int(dice, name, 0)


def clear_probability(dice: int, value: int) -> Fraction:
    """Chance that ``dice`` six-sided dice total **more than** ``value`` (GL-R22); 0 dice give 0.

    Exact: counts of each total from :func:`doppelnb.core.exact.dice_sum_counts`. Fast paths
    answer at once whatever the size: ``value < dice`` gives 1 (the lowest total is ``dice``) and
    ``value >= 6 * dice`` gives 0. Otherwise at most ``MAX_EXACT_DICE`` (400) dice are counted;
    more are refused with :class:`BadInput` naming the limit.

    >>> clear_probability(2, 7), clear_probability(0, 0)
    (Fraction(5, 12), Fraction(0, 1))
    >>> clear_probability(10**9, 5)
    Fraction(1, 1)
    """
    dice = _check_dice(dice)
    value = check_int(value, "value")
    if dice == 0 or value >= 6 * dice:
        return Fraction(0)
    if value < dice:
        return Fraction(1)
    check_size(dice, "dice", MAX_EXACT_DICE, why="exact counting beyond the fast paths")
    counts = dice_sum_counts(dice)
    start = max(0, int(value) + 1)
    return Fraction(sum(counts[start:]), 6 ** dice)


def clear_probability_table(max_dice: int = MAX_DICE, values: Iterable[int] = range(0, 41)
                            ) -> dict[tuple[int, int], Fraction]:
    """``(dice, value) -> Fraction`` for every dice count 0..max_dice and value (vectorised).

    Each dice count's tail sums come from one reversed numpy cumulative sum over the exact counts.
    ``max_dice`` is limited to :data:`MAX_TABLE_DICE` (100), ``values`` to
    :data:`MAX_TABLE_VALUES` (10,000) and the table to :data:`MAX_TABLE_CELLS` (100,000) entries.
    """
    max_dice = check_size(_check_dice(max_dice, "max_dice"), "max_dice", MAX_TABLE_DICE,
                          why="one exact convolution per count of dice")
    if isinstance(values, range):
        check_size(len(values), "len(values)", MAX_TABLE_VALUES)
    elif not isinstance(values, (list, tuple)):
        values = list(itertools.islice(check_iterable(values, "values"), MAX_TABLE_VALUES + 1))
    values = list(check_sequence(list(values), "values", max_len=MAX_TABLE_VALUES,
                                 item=lambda v, n: check_int(v, n)))
    check_size((max_dice + 1) * len(values), "the table's entries", MAX_TABLE_CELLS,
               why="(max_dice + 1) * len(values) exact fractions")
    out: dict[tuple[int, int], Fraction] = {}
    for dice in range(max_dice + 1):
        if dice == 0:
            out.update({(0, v): Fraction(0) for v in values})
            continue
        counts = np.array(dice_sum_counts(dice), dtype=object)
        tails = np.cumsum(counts[::-1])[::-1]  # tails[s] = ways to roll s or more
        total = 6 ** dice
        for v in values:
            start = max(0, v + 1)
            ways = int(tails[start]) if start < len(tails) else 0
            out[(dice, v)] = Fraction(ways, total)
    return out


def clear_probability_brute_force(dice: int, value: int) -> Fraction:
    """Brute-force twin of :func:`clear_probability`: every roll listed, one at a time.

    Limited to ``MAX_BRUTE_DICE`` (7) dice, 279,936 rolls; more are refused with :class:`BadInput`.

    >>> clear_probability_brute_force(2, 7)
    Fraction(5, 12)
    """
    dice = check_size(_check_dice(dice), "dice", MAX_BRUTE_DICE,
                      why="the brute-force twin lists every roll")
    value = check_int(value, "value")
    if dice == 0:
        return Fraction(0)
    hits = sum(sum(r) > value for r in itertools.product(range(1, 7), repeat=dice))
    return Fraction(hits, 6 ** dice)


def check_iterable(value: Any, name: str) -> Iterable[Any]:
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise BadInput("NB-ARG", f"{name} must be a list of whole numbers, got {type(value).__name__}")
    return value


__all__ = ["dice_for_attempt", "dice_breakdown", "clear_probability", "clear_probability_table",
           "clear_probability_brute_force", "usable_cards", "MAX_DICE", "MAX_EXACT_DICE",
           "MAX_BRUTE_DICE", "MAX_TABLE_VALUES", "MAX_TABLE_DICE", "MAX_TABLE_CELLS"]
