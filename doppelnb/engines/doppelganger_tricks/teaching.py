"""Doppelgänger Tricks in a class's words: each variant flag (DT-A*) and its readings in plain
words, what the engine does under each reading (:func:`flag_effects`, run on small scenarios),
the rulebook's open questions with every reading (:func:`ambiguity_table`), and the shipped
sweeps' code names (metrics, flag readings, bots) in words for the chapter's sweep tables and
charts (:func:`.render.balance_section`).

>>> plain_sweep_text("score_spread is 5.1 by default and 6.0 with bonus_max_per_player=2.")
'score spread is 5.1 by default and 6.0 with “bonus cards per player: both cards”.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.checks import check_choice
from ...core.render import Html, html_table
from ...core.sweep_words import plain_sweep_words, sweep_reading_words
from .examples import _bonus_demo, _to_next_own_play
from .notation import PLAIN_SUITS, SUIT_SYMBOLS, deck
from .rules import Rules, round_points
from .state import new_game

#: Plain words for each variant flag (DT-A*) and its readings, for tables and controls a class
#: reads: a short label (a control's description) and each reading's words.
SETTING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "bonus_max_per_player": ("bonus cards per player", {1: "one card at most", 2: "both cards"}),
    "bonus_claim_window": ("when to claim", {"any_own_turn": "on any own turn",
                                             "first_opportunity_only": "only at the first chance"}),
    "bonus3_applies_to_zero_bid": ("+3 on a forecast of 0", {True: "yes", False: "no"}),
    "bid_max": ("highest forecast", {12: "12, as printed",
                                     "tricks_in_round": "the tricks in the round"}),
    "declare_restricted_to_held_suits": ("declare a suit not held",
                                         {False: "any plain suit", True: "only a suit held"}),
    "suit_labels": ("suit symbols", {}),
}

#: The question each flag settles, as the rulebook leaves it open (the table's second column,
#: a control's tooltip).
SETTING_QUESTIONS: dict[str, str] = {
    "bonus_max_per_player": "May one player take both bonus cards in a round?",
    "bonus_claim_window": "May a player who let the first chance pass claim later?",
    "bonus3_applies_to_zero_bid": "Does the +3 card pay on an exact forecast of 0?",
    "bid_max": "What is the highest forecast?",
    "declare_restricted_to_held_suits": "May a leader declare a suit they do not hold?",
    "suit_labels": "Which symbols stand for the suits?",
}


def setting_label(name: str) -> str:
    """A variant flag in plain words ("highest forecast" for ``bid_max``)."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    return SETTING_WORDS[name][0]


def reading_label(name: str, value: Any, *, default: bool = True) -> str:
    """One reading of a variant flag in plain words, marked "(default)" when it is the engine's
    default (``default=False`` leaves the mark off). Suit labels are shown as the symbols.

    >>> reading_label("bid_max", 12)
    '12, as printed (default)'
    >>> reading_label("suit_labels", ("C", "T", "S", "D"))
    'C T S D'
    """
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    words = SETTING_WORDS[name][1]
    shown = " ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    text = words.get(value, shown) if isinstance(value, str | int | tuple) else shown
    mark = default and value == getattr(Rules(), name)
    return text + (" (default)" if mark else "")


def flag_effects() -> list[tuple[str, str, str, str]]:
    """(rule, flag, reading, what happens) for every reading of every flag, each computed by
    running the engine on a small scenario."""

    rows: list[tuple[str, str, str, str]] = []
    for value in (1, 2):  # DT-A3
        s = _bonus_demo(Rules(bonus_max_per_player=value)).play("1D:C").play(["claim", 0, "+1"])
        s = _to_next_own_play(s)
        can = s.window == 0
        rows.append(("DT-A3", "bonus_max_per_player", str(value),
                     "P1 took +1 after leading its only doppelgänger; on its next turn it "
                     + ("may also take +3" if can else "may not take +3")))
    for window in ("any_own_turn", "first_opportunity_only"):  # DT-A4
        s = _bonus_demo(Rules(bonus_claim_window=window)).play("1D:C").play("pass")
        s = _to_next_own_play(s)
        rows.append(("DT-A4", "bonus_claim_window", window,
                     "P1 passed at its first chance; on its next turn it "
                     + ("may still claim" if s.window == 0 else "may no longer claim")))
    for zero in (True, False):  # DT-A5
        pts = round_points(0, 0, ("+3",), Rules(bonus3_applies_to_zero_bid=zero))
        rows.append(("DT-A5", "bonus3_applies_to_zero_bid", str(zero),
                     f"forecast 0, won 0, holding +3: {pts} points"))
    for top in (12, "tricks_in_round"):  # DT-A6
        s = new_game(4, seed=0, rules=Rules(bid_max=top))
        rows.append(("DT-A6", "bid_max", str(top),
                     f"4 players may forecast 0 to {s.legal_actions()[-1][1]}"))
    hand = ["1D", "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    rest = [c for c in deck(4) if c not in hand]
    for restricted in (False, True):  # DT-A10
        s = new_game(4, seed=0, first_player=0, hands=[hand] + [rest[i::3] for i in range(3)],
                     rules=Rules(declare_restricted_to_held_suits=restricted))
        for _ in range(4):
            s = s.play(["bid", 2])
        declared = {str(a).split(":")[1] for a in s.legal_actions() if ":" in str(a)}
        suits = [SUIT_SYMBOLS[x] for x in PLAIN_SUITS if x in declared]
        rows.append(("DT-A10", "declare_restricted_to_held_suits", str(restricted),
                     f"P1 holds only ● plain cards; leading 1D it may declare {' '.join(suits)}"))
    for glyphs in (("●", "▲", "■", "♣"), ("C", "T", "S", "D")):  # DT-A1
        rows.append(("DT-A1", "suit_labels", " ".join(glyphs),
                     "display only: the rules and every result are unchanged"))
    return rows


def ambiguity_table() -> Html:
    """Every reading of every flag of the rules (DT-A1, A3-A6, A10), grouped by the open question
    it answers, with what the engine does under it (:func:`flag_effects`); the default reading,
    read from the flag, is marked."""
    effects = {(flag, reading): text for _, flag, reading, text in flag_effects()}
    rows: list[list[str]] = []
    for info in sorted(Rules.flags(), key=lambda f: int(f.rule.split("-A")[1])):
        readings = info.choices or (info.default, ("C", "T", "S", "D"))
        for i, value in enumerate(readings):
            shown = " ".join(value) if isinstance(value, tuple) else str(value)
            first = (info.rule, SETTING_QUESTIONS[info.name]) if i == 0 else ("", "")
            rows.append([*first, reading_label(info.name, value), effects[(info.name, shown)]])
    return Html(html_table(["rule", "the question", "reading", "what the engine does then"],
                           rows, caption="each reading of each unclear point, run by the engine"))

#: The sweep measures a chapter shows, in plain words (sweep tables use code names such as
#: ``score_spread``; see :data:`doppelnb.core.sweep.METRICS` for their definitions).
METRIC_WORDS: dict[str, str] = {
    "first_player_advantage": "first player's advantage",
    "first_player_win_rate": "first player's win rate",
    "tie_rate": "share of tied games",
    "no_winner_rate": "share of games nobody wins",
    "score_spread": "score spread",
    "length_actions": "moves per game",
    "length_rounds": "rounds per game",
    "halftime_leader_wins": "half-time leader wins",
    "lead_changes": "changes of leader",
    "skill_gap": "stronger bot finishes ahead",
}


def metric_label(metric: str, players: Sequence[int] = ()) -> str:
    """A sweep measure in plain words (its code name when it has none); ``players`` (the
    sweep's player counts) changes no word here, only in the quest's, one signature for all."""
    return METRIC_WORDS.get(metric, metric)


def sweep_reading_label(reading: str) -> str:
    """A sweep's reading ("default", "bid_max=tricks_in_round") in plain words."""
    return sweep_reading_words(reading, Rules.flags(), setting_label, reading_label, SETTING_WORDS)


def plain_sweep_text(text: str, players: Sequence[int] = ()) -> str:
    """A sentence of a sweep report with its code names (readings ``flag=value``, metrics,
    policy mixes) in plain words; everything else, the verdict included, is left as it is.
    ``players``: the sweep's player counts (see :func:`metric_label`)."""
    return plain_sweep_words(text, sweep_reading_label, lambda m: metric_label(m, players),
                             METRIC_WORDS)


__all__ = ["SETTING_WORDS", "SETTING_QUESTIONS", "setting_label", "reading_label", "flag_effects",
           "ambiguity_table", "METRIC_WORDS", "metric_label", "sweep_reading_label", "plain_sweep_text"]
