"""Clearing an obstacle: how many dice a pile earns (GL-R20, GL-R21, GL-A11) and the exact odds
that they total more than the tile's value (GL-R22)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from ...core.errors import BadInput, IllegalAction
from ...core.exact import dice_sum_counts
from .cards import USABLE, load_deck
from .rules import DEFAULT_RULES, Rules, check_rules
from .tiles import OBSTACLE_NAMES, OBSTACLES

MAX_DICE = 10  # GL-R3 / GL-R20: the 10 dice in the box are the most that can be rolled


def usable_cards(obstacle: str, rules: Rules = DEFAULT_RULES) -> frozenset[str]:
    """GL-R21: the Supply cards worth a die against ``obstacle`` (GL-A10 for Water)."""
    check_rules(rules)
    if obstacle not in USABLE:
        raise BadInput("NB-ARG", f"{obstacle!r} is not an obstacle; obstacles are {', '.join(OBSTACLES)}")
    cards = USABLE[obstacle]
    if rules.water_is_canteen and "water" in cards:  # GL-A10: Water is the Canteen
        cards = (cards - {"water"}) | {"canteen"}
    if rules.recovery_counts_as_life_die:  # GL-A18
        cards = cards | {"recovery"}
    return frozenset(cards)


def dice_breakdown(obstacle: str, cards: Iterable[str], life_tokens: int = 0,
                   starting_players: int = 4, *, rules: Rules = DEFAULT_RULES) -> dict:
    """The dice arithmetic of GL-R20 step by step: matching, penalised and ignored cards."""
    if isinstance(cards, str):
        raise BadInput("NB-ARG", "cards is a list of card names such as [\"canteen\", \"rope\"]")
    cards = list(cards)
    if isinstance(life_tokens, bool) or not isinstance(life_tokens, int) or life_tokens < 0:
        raise BadInput("NB-ARG", f"life_tokens is a whole number >= 0, not {life_tokens!r}")
    if (isinstance(starting_players, bool) or not isinstance(starting_players, int)
            or not 3 <= starting_players <= 6):
        raise BadInput("GL-R1", f"Groom Lake starts with 3 to 6 players, not {starting_players!r}")
    deck = load_deck(check_rules(rules).supply_deck)
    usable = usable_cards(obstacle, rules)
    matching, penalised, ignored = [], [], []
    for raw in cards:
        if not isinstance(raw, str):
            raise BadInput("NB-ARG", f"a card is named by text, not {raw!r}")
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
    return dice_breakdown(obstacle, cards, life_tokens, starting_players, rules=rules)["dice"]


def _check_dice(dice) -> int:
    if isinstance(dice, bool) or not isinstance(dice, (int, np.integer)) or dice < 0:
        raise BadInput("NB-ARG", f"the number of dice is a whole number >= 0, not {dice!r}")
    return int(dice)


def clear_probability(dice: int, value: int) -> Fraction:
    """Chance that ``dice`` six-sided dice total **more than** ``value`` (GL-R22); 0 dice give 0.

    Exact: counts of each total from :func:`doppelnb.core.exact.dice_sum_counts`.

    >>> clear_probability(2, 7), clear_probability(0, 0)
    (Fraction(5, 12), Fraction(0, 1))
    """
    dice = _check_dice(dice)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BadInput("NB-ARG", f"an obstacle value is a whole number, not {value!r}")
    if dice == 0:
        return Fraction(0)
    counts = dice_sum_counts(dice)
    start = max(0, int(value) + 1)
    return Fraction(sum(counts[start:]), 6 ** dice)


def clear_probability_table(max_dice: int = MAX_DICE, values: Iterable[int] = range(0, 41)
                            ) -> dict[tuple[int, int], Fraction]:
    """``(dice, value) -> Fraction`` for every dice count 0..max_dice and value (vectorised).

    Each dice count's tail sums come from one reversed numpy cumulative sum over the exact counts.
    """
    max_dice = _check_dice(max_dice)
    values = [int(v) for v in values]
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


def clear_probability_brute(dice: int, value: int) -> Fraction:
    """Brute-force twin of :func:`clear_probability`: every roll listed (small ``dice`` only)."""
    import itertools

    rolls = list(itertools.product(range(1, 7), repeat=dice))
    if not rolls or dice == 0:
        return Fraction(0)
    return Fraction(sum(sum(r) > value for r in rolls), len(rolls))


__all__ = ["dice_for_attempt", "dice_breakdown", "clear_probability", "clear_probability_table",
           "clear_probability_brute", "usable_cards", "MAX_DICE", "OBSTACLE_NAMES"]
