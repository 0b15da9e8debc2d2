"""What a game offers the play-a-hand widget for one hand: the :class:`HandGame` protocol,
one plain-language :class:`Choice` per button, and small text helpers (see the package's
docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: Above this many choices, the legal moves are offered as a two-step choice (two dropdowns).
MAX_BUTTONS = 20

Policy = Callable[[Any, random.Random], Any]


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the person may press: ``label`` in plain words, the ``action`` it plays, whether
    it is ``legal`` now (an illegal one is offered so that the person can try it and read the
    rule), and the ``group`` it belongs to in a two-step choice."""

    label: str
    action: Any
    legal: bool = True
    group: str = ""


def who(seat: int, me: int, *, capital: bool = False) -> str:
    """"you" for the person's own seat, "P3" for the others."""
    if seat == me:
        return "You" if capital else "you"
    return f"P{seat + 1}"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class HandGame:
    """One engine as a hand to play; the subclasses fill in the game's own words."""

    game = ""
    #: the player count a hand is dealt for
    players = 3
    #: what the explain button explains ("trick", "turn", "round", "quest")
    explains = "turn"
    #: an example of the game's notation for the text box
    notation = ""

    def __init__(self, module: Any) -> None:
        self.module = module

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The counts a person may ask for: the engine's own PLAYER_COUNTS (its notation.py), so
        they are written once."""
        counts: tuple[int, ...] = self.module.PLAYER_COUNTS
        return counts

    # -- the hand ---------------------------------------------------------------------------
    def new(self, players: int, seed: int, bots: Sequence[Policy], rng: random.Random) -> Any:
        """The state the person's hand starts from (a fresh deal; Doppel Doubt plays round 1)."""
        return self.module.new_game(players, seed=seed)

    def over(self, start: Any, state: Any) -> bool:
        raise NotImplementedError

    def describe(self, start: Any) -> str:
        """One sentence: what a hand is here, read from which counter of the state."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}"

    # -- what the person sees ---------------------------------------------------------------
    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        raise NotImplementedError

    def final_html(self, state: Any, seat: int) -> str:
        """What the view shows once the hand is over (by default the seat's view)."""
        return self.view_html(state, seat)

    def prompt(self, state: Any, seat: int) -> str:
        """What the person is asked to do now, in one short sentence."""
        return "Choose a move below."

    def choices(self, state: Any, seat: int) -> list[Choice]:
        return [Choice(self.label(state, a), a) for a in state.legal_actions()]

    def label(self, state: Any, action: Any) -> str:
        return str(state.action_label(action))

    def preview(self, state: Any, action: Any) -> Any:
        """What to draw for a move picked but not yet played (a placement), or ``None``."""
        return None

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        """The move from ``before`` to ``after`` as ``seat`` may know it (``None``: say nothing)."""
        raise NotImplementedError

    def explain(self, states: Sequence[Any], seat: int) -> str:
        raise NotImplementedError

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        raise NotImplementedError

    def parse(self, state: Any, text: str) -> Any:
        """The action a person typed: the engine's own parsing, after a look among the legal
        actions' notation and labels (so "bid 2" works where the engine reads ("bid", 2))."""
        wanted = " ".join(text.split()).lower()
        for action in state.legal_actions():
            if wanted in (str(action).lower(), self.label(state, action).lower()):
                return action
        return state.parse_action(text)


__all__ = ["Choice", "HandGame", "MAX_BUTTONS", "Policy", "who", "sentence"]
