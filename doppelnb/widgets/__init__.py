"""ipywidgets front ends: a generic stepper, small per-game views over engine renderings, and
:func:`play_hand`, one hand of a game against the bots."""

from .play_hand import play_hand
from .stepper import GameStepper

__all__ = ["GameStepper", "play_hand"]
