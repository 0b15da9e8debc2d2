"""Doppel Doubt's legal actions and why an action is refused, for one seat's next step
(DB-R4..R8, DB-R10..R16, DB-R20, DB-A12, DB-A24): which part of its secret choice a seat makes
next (:func:`step_of`, :func:`first_mover`), the legal actions :meth:`.state.State.legal_actions`
lists (:func:`legal_actions`) and the rule :meth:`.state.State.play` names for a refused one
(:func:`refusal`). The names and the calls are Doppeldoppel's; both also take a seat, by
default the one to move, because every seat chooses in secret, one after another (DB-R5), and
the fast playouts list a seat's step ahead of the state that would move it.

Every function reads a :class:`Table`: a frozen :class:`.state.State`, or the draft
:mod:`.apply` changes while an action (or a whole random playout) runs.

>>> from .state import new_game
>>> state = new_game(seed=1)
>>> legal_actions(state)[0] == ("card", state.hands[0][0])
True
>>> refusal(state, ("dark", 5)).rule
'DB-R5'
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ...core.checks import show
from ...core.errors import IllegalAction
from .actions import (
    PENDING,
    Action,
    Card,
    Dark,
    Forfeit,
    Guess,
    Jester,
    Light,
    Place,
    ShapeChoice,
    ShapesDone,
    Start,
    Submission,
)
from .board import Board
from .claims import light_target_ok
from .notation import Cell, cell_name
from .rules import COLOURS, ROUNDS, SHAPES_PER_ROUND, Rules, check_dark, colour_of, letter_of
from .shapes import Shape


class Table(Protocol):
    """What listing and checking one seat's actions read of a game state: a
    :class:`.state.State` has all of it, and so has an :class:`.apply.Draft`.

    Described here rather than imported from :mod:`.state`, which calls this module: the state
    sits above its rule checks in the import graph and no cycle joins the two (issue 26).
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def round(self) -> int: ...
    @property
    def board(self) -> Board: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def identity(self) -> tuple[str, ...]: ...
    @property
    def subs(self) -> tuple[Submission, ...]: ...
    @property
    def to_place(self) -> tuple[Shape | None, ...]: ...
    @property
    def artefacts(self) -> Mapping[str, int | None]: ...
    @property
    def uses(self) -> Mapping[str, int]: ...

    def key(self, seat: int) -> str: ...
    def is_jester(self, seat: int) -> bool: ...
    def is_bot(self, seat: int) -> bool: ...
    def start_labels(self, letter: str) -> list[str]: ...

# The actions listed most often, made once: every card and every shape to rank. A round's
# hundreds of placements are made by ``tuple.__new__`` over the named tuple, mapped in C (the
# same values as ``Place("place", cells)``, without a Python-level call each).
CARD_ACTIONS = {c: Card("card", c) for c in range(1, 101)}
SHAPE_ACTIONS = tuple(ShapeChoice("shape", i) for i in range(SHAPES_PER_ROUND))
# The guesses, Dark changes and Jester names too: the states of round 10 keep their legal
# actions, which then share these instead of holding copies of their own.
_DARK_ACTIONS = {d: Dark("dark", d) for d in range(-30, 31)}
_GUESS_ACTIONS = {colour: {seats: Guess("guess", colour, seats) for seats in [
    (), *((x,) for x in range(10)), *itertools.combinations(range(10), 2)]} for colour in COLOURS}
_JESTER_ACTIONS = (Jester("jester", None), *(Jester("jester", c) for c in COLOURS))
_new_place: Callable[[tuple[str, tuple[Cell, ...]]], Place] = functools.partial(
    tuple.__new__, Place)


def step_of(state: Table, seat: int) -> tuple[Any, ...] | None:
    """The next part of ``seat``'s secret choice this round (DB-R4..R8, DB-R15, DB-R16, DB-R20),
    or ``None`` when it is done."""
    r = state.round
    if r > ROUNDS:
        return None
    s = state.subs[seat]
    if s.card is None:
        return ("card",)
    if s.dark is None and state.artefacts["dark"] == seat and state.uses["dark"]:
        return ("dark",)
    if r == 1 and not s.starts_done:
        return ("start",)
    if r < ROUNDS and not s.shapes_done:
        return ("shape",)
    if r > 1 and not s.placed:
        return ("place",)
    if r > 1 and not s.light_done and state.artefacts["light"] == seat and state.uses["light"]:
        return ("light",)
    if r == ROUNDS and (state.rules.jesters_guess or not state.is_jester(seat)):
        # the colours are guessed in COLOURS' order (each guess must be this step's colour),
        # so the guesses made are its first ones
        if len(s.guesses) < len(COLOURS):
            return ("guess", COLOURS[len(s.guesses)])
        if state.rules.jester_guess == "colour_only" and not s.jester_done:
            return ("jester",)
    return None


def first_mover(state: Table, start: int = 0) -> tuple[int | None, tuple[Any, ...] | None]:
    """``(seat, its step)`` for the first seat from ``start`` on, Jester bots aside (DB-A25),
    with something left to choose (DB-R5: the seats choose one after another); ``(None, None)``
    when every seat has chosen."""
    bots = state.rules.jester_controller == "bot"
    for seat in range(start, 10):
        step = step_of(state, seat)
        if step is not None and not (bots and state.is_bot(seat)):
            return seat, step
    return None, None


def legal_actions(state: Table, seat: int | None = None,
                  step: tuple[Any, ...] | None = None) -> list[Action]:
    """``seat``'s (by default the seat to move's) legal actions for its next step (``step``:
    that step, when known), in the order searches and records rely on; dispatched by a match on
    the step's kind."""
    if seat is None:
        seat, step = first_mover(state)
        if seat is None:
            return []
    step = step or step_of(state, seat)
    if step is None:
        return []
    s = state.subs[seat]
    match step[0]:
        case "card":                                               # DB-R4: in hand order
            return [CARD_ACTIONS[c] for c in state.hands[seat]]
        case "dark":                                               # DB-R20
            card = s.card or 0
            lo, hi = max(-30, -card), min(30, 101 - card)
            return [_DARK_ACTIONS[d] for d in range(lo, hi + 1)]
        case "start":                                              # DB-R6
            letter = letter_of(state.identity[seat])
            return [Start("start", lab) for lab in state.start_labels(letter)
                    if lab not in s.starts]
        case "shape":                                              # DB-R8, DB-A24
            out: list[Action] = [a for a in SHAPE_ACTIONS if a.number not in s.shapes]
            if state.rules.partial_shape_list == "auto_complete_random" and s.shapes:
                out.append(ShapesDone("shapes_done"))
            return out
        case "place":                                              # DB-R10
            shape = state.to_place[seat]
            places = [] if shape is None else state.board.legal_cells(state.key(seat), shape)
            if not places:
                return [Forfeit("forfeit")]                        # DB-A12
            return list(map(_new_place, zip(itertools.repeat("place"), places)))
        case "light":                                              # DB-R15
            mine: list[Action] = [Light("light", c)
                                  for c in state.board.territory(state.key(seat))
                                  if not state.board.is_zero(c)]
            return [Light("light", None), *mine]
        case "guess":                                              # DB-R16
            colour = step[1]
            named = {x for _, seats in s.guesses for x in seats}      # one colour each
            others = [x for x in range(10) if x != seat and x not in named]
            guesses = _GUESS_ACTIONS[colour]
            if colour == colour_of(state.identity[seat]):
                return [guesses[()], *(guesses[(x,)] for x in others)]
            return [guesses[()], *(guesses[pair] for pair in itertools.combinations(others, 2))]
        case "jester":                                             # DB-R16
            return list(_JESTER_ACTIONS)
    raise AssertionError(f"step_of makes no step {step!r}")  # pragma: no cover


def draw_guess(state: Table, seat: int, colour: str, draw: Callable[[int], int],
               made: tuple[tuple[str, tuple[int, ...]], ...] | None = None) -> Action:
    """``legal_actions(state, seat)[draw(n)]`` at a ``("guess", colour)`` step, for its n legal
    guesses, without listing them: no one, then one seat (a seat's own colour) or a pair of
    seats in :func:`itertools.combinations` order, read off the index. A random playout makes
    fifty guesses, some from lists of 37 (tests compare the two). ``made``: the seat's guesses
    so far, when they are not yet in its choice (``state.subs[seat].guesses`` otherwise)."""
    if made is None:
        made = state.subs[seat].guesses
    named = {x for _, seats in made for x in seats}              # DB-R16: one colour each
    others = [x for x in range(10) if x != seat and x not in named]
    guesses = _GUESS_ACTIONS[colour]
    m = len(others)
    if colour == colour_of(state.identity[seat]):
        k = draw(1 + m)
        return guesses[()] if k == 0 else guesses[(others[k - 1],)]
    k = draw(1 + m * (m - 1) // 2)
    if k == 0:
        return guesses[()]
    k -= 1
    for i in range(m - 1):                 # the pairs (others[i], ...) come m - 1 - i at a time
        if k < m - 1 - i:
            return guesses[(others[i], others[i + 1 + k])]
        k -= m - 1 - i
    raise AssertionError("a drawn index is below the count")  # pragma: no cover


#: The step an action kind belongs to, where they differ: ``shapes_done`` ends a shape ranking
#: (DB-A24) and ``forfeit`` stands for a placement (DB-A12); every other kind is its own step.
_STEP_OF_KIND = {"shapes_done": "shape", "forfeit": "place"}


def action_label(state: Table, action: Any) -> str:
    """How the log, the stepper and a refusal word ``action`` (a parsed action); ``state`` is
    taken as in every engine's ``action_label(state, action)``, the words need only the
    action."""
    kind = action[0]
    if kind == "place":
        return f"place on {', '.join(cell_name(c) for c in action[1])}"
    if kind == "light":
        return "no Light" if action[1] is None else f"Light on {cell_name(action[1])}"
    if kind == "guess":
        return f"guess {action[1]}: {list(action[2]) or 'no one'}"
    return " ".join(str(x) for x in action)


def refusal(state: Table, action: Any, seat: int | None = None) -> IllegalAction | None:
    """Why ``seat`` (by default the seat to move) may not play ``action`` now, as an
    :class:`IllegalAction` naming the rule, or None when it may. As Doppeldoppel's, it returns
    the refusal; the caller raises it. ``action`` is a parsed action."""
    if seat is None:
        seat = first_mover(state)[0]
        if seat is None:
            return IllegalAction("NB-ARG", "the game is over: there is nothing to play")
    try:
        _check(state, seat, action)
    except IllegalAction as refused:  # the rule helpers (check_dark, light_target_ok) raise
        return refused
    return None


def _check(state: Table, seat: int, action: Any) -> None:
    """Raise the :class:`IllegalAction` :func:`refusal` returns; dispatched by a match on the
    action's kind."""
    step = step_of(state, seat)
    if step is None:
        raise IllegalAction("DB-R5", f"seat {seat} has nothing left to choose this round")
    kind = action[0]
    s = state.subs[seat]
    expected = step[0]
    if _STEP_OF_KIND.get(kind, kind) != expected:
        raise IllegalAction("DB-R5", f"seat {seat} must now {PENDING[expected]}, not "
                                     f"{action_label(state, action)}")
    match kind:
        case "card":
            if action[1] not in state.hands[seat]:                              # DB-R4
                raise IllegalAction("DB-R4", f"card {action[1]} is not in seat {seat}'s hand")
        case "dark":
            check_dark(s.card or 1, action[1])                                  # DB-R20
        case "start":
            letter = letter_of(state.identity[seat])
            if action[1] not in state.start_labels(letter) or action[1] in s.starts:
                raise IllegalAction("DB-R6", f"{action[1]} is not a {letter} starting square "
                                             f"left to rank")
        case "shape":
            if not (0 <= action[1] < SHAPES_PER_ROUND and action[1] not in s.shapes):
                raise IllegalAction("DB-R8", f"shape {action[1]} is not one of the 10 revealed "
                                             f"shapes left to rank")
        case "shapes_done":
            if state.rules.partial_shape_list == "reject" or not s.shapes:
                raise IllegalAction("DB-A24", "the shape ranking must list all 10 shapes")
        case "place":
            shape = state.to_place[seat]
            if shape is None:
                raise IllegalAction("DB-A12", f"seat {seat} has no shape to place this round")
            verdict = state.board.check_placement(state.key(seat), action[1], shape)
            if not verdict.legal:                                               # DB-R10..R13
                raise IllegalAction(verdict.reasons[0], "; ".join(verdict.messages))
        case "forfeit":
            shape = state.to_place[seat]
            if shape is not None and state.board.count_legal_placements(state.key(seat), shape):
                raise IllegalAction("DB-A12", f"seat {seat} has a legal placement for shape "
                                              f"{shape}, so it must place it")
        case "light":
            if action[1] is not None:
                light_target_ok(state.board, state.key(seat), action[1])        # DB-R15
        case "guess":
            _check_guess(state, seat, step, s, action[1], action[2])            # DB-R16
        case "jester":
            if action[1] is not None and action[1] not in COLOURS:              # DB-R16
                raise IllegalAction("DB-R16", f"{show(action[1])} is not a colour")


def _check_guess(state: Table, seat: int, step: tuple[Any, ...], s: Submission,
                 colour: str, named: tuple[int, ...]) -> None:
    """DB-R16: a guess names this step's colour, then one seat (its own colour: the partner)
    or two other seats, or no one, and no seat already named for another colour."""
    if colour != step[1]:
        raise IllegalAction("DB-R16", f"seat {seat} must now guess {step[1]}")
    own = colour == colour_of(state.identity[seat])
    size = 1 if own else 2
    ok = (len(named) in (0, size) and len(set(named)) == len(named)
          and all(0 <= x < 10 and x != seat for x in named))
    if not ok:
        raise IllegalAction("DB-R16", f"for {colour} name "
                                      f"{'your partner (one seat)' if own else 'two other seats'}"
                                      ", or no one")
    before = {x: c for c, seats in s.guesses for x in seats}
    again = [x for x in named if x in before]
    if again:                                  # rulebook lines 96, 98: one colour a person
        raise IllegalAction("DB-R16", f"seat {again[0]} is already named for "
                                      f"{before[again[0]]}; each person has one colour, "
                                      "so each colour's guess names other seats")


__all__ = ["CARD_ACTIONS", "SHAPE_ACTIONS", "step_of", "first_mover", "legal_actions", "draw_guess",
           "refusal", "action_label", "Table"]
