"""ipywidgets front ends: a generic stepper plus small per-game views over engine renderings."""

from .stepper import GameStepper

__all__ = ["GameStepper"]
