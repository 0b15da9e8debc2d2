"""Doppelgänger Tricks in a class's words: the shipped sweeps' code names (metrics, flag
readings, bots) in words a class can read, for the chapter's sweep tables and charts
(:func:`.render.sweep_html`). Words only: the readings of the rules themselves are described by
:func:`.examples.unclear_points_rows`.

>>> plain_sweep_text("score_spread is 5.1 by default and 6.0 with bonus_max_per_player=2.")
'score spread is 5.1 by default and 6.0 with both bonus cards allowed to one player.'
"""

from __future__ import annotations

import re

from ...core.checks import check_str

#: The sweeps' names for code (metrics, flag readings), in words a class can read.
SWEEP_WORDS = {
    "doppelganger_tricks_bonus_max_per_player": "Doppelgänger Tricks",
    "doppelganger_tricks": "Doppelgänger Tricks",
    "bonus_max_per_player=2": "both bonus cards allowed to one player",
    "bid_max=tricks_in_round": "forecasts capped at the round's tricks",
    "bonus3_applies_to_zero_bid=False": "the +3 card unpaid on a forecast of 0",
    "first_player_advantage": "first player's advantage",
    "first_player_win_rate": "first player's win rate",
    "tie_rate": "share of tied games",
    "no_winner_rate": "share of games nobody wins",
    "score_spread": "score spread",
    "length_actions": "moves per game",
    "length_rounds": "rounds per game",
    "halftime_leader_wins": "half-time leader wins",
    "lead_changes": "changes of leader",
    "Policy mix greedy": "Greedy bots",
    "default": "default rules",
    "greedy": "greedy bots",
}
_SWEEP_NAME = re.compile("|".join(
    rf"(?<![\w=+]){re.escape(k)}(?![\w=])" for k in sorted(SWEEP_WORDS, key=len, reverse=True)
    if k != "default"))



def plain_sweep_text(text: str) -> str:
    """A sentence of a sweep report with the sweeps' code names (``score_spread``,
    ``bid_max=tricks_in_round``) in words; every other word, the verdicts' included, unchanged."""
    return _SWEEP_NAME.sub(lambda m: SWEEP_WORDS[m.group(0)], check_str(text, "text"))


__all__ = ["SWEEP_WORDS", "plain_sweep_text"]
