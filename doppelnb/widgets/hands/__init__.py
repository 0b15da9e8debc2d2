"""The five games as a person plays them for one hand, for :func:`..play_hand.play_hand`.

Each :class:`~.base.HandGame` says, for its engine, what one hand is (read from the state's
public counters: the round, the leader's turns, the Quest number), which buttons the person gets
and with which plain-language labels, what a move looks like to the person
(:meth:`~.base.HandGame.move_line`: a bot's face-down card is "a card face down", never the
card), how the last trick or turn is explained, and the score line. Everything is read through
the engines' public state API (``legal_actions``, ``play``, ``view``, ``to_move``, ``is_over``,
public fields such as the trick log) and their renderings; what a seat sees is drawn by the
engine's ``view_html``. Nothing here decides a rule: every verdict, winner and refusal comes
from the engine.
"""

from __future__ import annotations

from .base import MAX_BUTTONS, Choice, HandGame, who
from .doppel_doubt import DoppelDoubtHand
from .doppeldoppel import DoppeldoppelHand
from .doppelganger_quest import QuestHand
from .doppelganger_tricks import TricksHand
from .groom_lake import GroomLakeHand

HAND_GAMES: dict[str, type[HandGame]] = {
    "doppeldoppel": DoppeldoppelHand, "doppelganger_tricks": TricksHand,
    "groom_lake": GroomLakeHand, "doppel_doubt": DoppelDoubtHand,
    "doppelganger_quest": QuestHand}


def hand_game(name: str) -> HandGame:
    """The :class:`~.base.HandGame` of a ``doppelnb.GAMES`` name."""
    from ... import GAMES

    return HAND_GAMES[name](GAMES[name])


__all__ = ["Choice", "HandGame", "HAND_GAMES", "hand_game", "MAX_BUTTONS", "who",
           "DoppeldoppelHand", "TricksHand", "GroomLakeHand", "DoppelDoubtHand", "QuestHand"]
