"""Doppel Doubt's typed actions: one small named tuple per part of a seat's secret choice.

Each action is a tuple whose first item names its kind, so it still compares equal to the JSON
form records and users have always used (``["card", 88]``), while ``str()`` gives the game's
notation:

>>> Card("card", 88) == ("card", 88), str(Card("card", 88))
(True, 'card 88')
>>> str(Place("place", ((0, 4), (0, 5), (0, 6), (0, 7))))
'place (0, 4) (0, 5) (0, 6) (0, 7)'
>>> parse_action(["guess", "red", [3, 1]])
Guess(kind='guess', colour='red', seats=(1, 3))
>>> parse_action("light none")
Light(kind='light', cell=None)
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from ...core.checks import check_choice, check_int, check_seat, check_sequence, check_str, show
from ...core.errors import BadInput
from .notation import Cell, cell_name, parse_cell
from .rules import COLOURS


class Card(NamedTuple):
    """Play a card from the hand (DB-R4)."""

    kind: str
    card: int

    def __str__(self) -> str:
        return f"card {self.card}"


class Dark(NamedTuple):
    """Power of Dark: change this round's card by ``change`` (0 = not used) (DB-R20)."""

    kind: str
    change: int

    def __str__(self) -> str:
        return f"dark {self.change:+d}"


class Start(NamedTuple):
    """Rank a starting square of the seat's letter next (DB-R6)."""

    kind: str
    label: str

    def __str__(self) -> str:
        return f"start {self.label}"


class ShapeChoice(NamedTuple):
    """Rank revealed shape ``number`` (0-9) next (DB-R8)."""

    kind: str
    number: int

    def __str__(self) -> str:
        return f"shape {self.number}"


class ShapesDone(NamedTuple):
    """Stop ranking shapes; the rest is completed at random (DB-A24)."""

    kind: str

    def __str__(self) -> str:
        return "shapes_done"


class Place(NamedTuple):
    """Place this round's shape on ``cells`` (DB-R10)."""

    kind: str
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        return "place " + " ".join(cell_name(c) for c in self.cells)


class Forfeit(NamedTuple):
    """No legal placement: the shape is forfeited (DB-A12)."""

    kind: str

    def __str__(self) -> str:
        return "forfeit"


class Light(NamedTuple):
    """Power of Light on ``cell`` (``None``: not used) (DB-R15)."""

    kind: str
    cell: Cell | None

    def __str__(self) -> str:
        return "light none" if self.cell is None else f"light {cell_name(self.cell)}"


class Guess(NamedTuple):
    """The seats the guesser believes hold ``colour`` (empty: no guess) (DB-R16)."""

    kind: str
    colour: str
    seats: tuple[int, ...]

    def __str__(self) -> str:
        named = " ".join(map(str, self.seats)) or "no one"
        return f"guess {self.colour}: {named}"


class Jester(NamedTuple):
    """Name the Jester colour (``None``: no guess), under ``jester_guess="colour_only"``."""

    kind: str
    colour: str | None

    def __str__(self) -> str:
        return f"jester {self.colour or 'none'}"


@dataclasses.dataclass(frozen=True, slots=True)
class Submission:
    """What one seat has secretly chosen so far this round (DB-R5): the actions above, gathered.

    >>> Submission(card=40, dark=+5).effective
    45
    """

    card: int | None = None
    dark: int | None = None
    starts: tuple[str, ...] = ()
    starts_done: bool = False
    shapes: tuple[int, ...] = ()
    shapes_done: bool = False
    place: tuple[Cell, ...] | None = None
    placed: bool = False
    light: Cell | None = None
    light_done: bool = False
    guesses: tuple[tuple[str, tuple[int, ...]], ...] = ()
    jester: str | None = None
    jester_done: bool = False

    @property
    def effective(self) -> int | None:
        """The card after the Power of Dark's change (DB-R20)."""
        return None if self.card is None else self.card + (self.dark or 0)


#: A seat that has chosen nothing yet this round.
EMPTY = Submission()


Action = Card | Dark | Start | ShapeChoice | ShapesDone | Place | Forfeit | Light | Guess | Jester

ARITY = {"card": 1, "dark": 1, "start": 1, "shape": 1, "shapes_done": 0, "place": 1,
         "forfeit": 0, "light": 1, "guess": 2, "jester": 1}


def _from_text(text: str) -> list[Any]:
    """``"card 88"``, ``"place (0, 4) (0, 5) ..."``, ``"guess red: 1 3"`` -> the list form."""
    text = check_str(text, "action", max_len=200).strip()
    kind, _, rest = text.partition(" ")
    rest = rest.strip()
    if kind in ("card", "dark", "shape"):
        try:
            return [kind, int(rest)]
        except ValueError:
            raise BadInput("NB-ARG", f"{show(kind)} needs a whole number, got {show(rest)}") from None
    if kind in ("start",):
        return [kind, rest]
    if kind == "jester":
        return [kind, None if rest == "none" else rest]
    if kind in ("place", "light"):
        if kind == "light" and rest == "none":
            return [kind, None]
        cells = []
        for part in rest.replace(")", ")|").split("|"):
            part = part.strip().strip("(").strip(")").strip()
            if part:
                try:
                    r, c = (int(v) for v in part.split(","))
                except ValueError:
                    raise BadInput("NB-ARG", f"a square is written (row, col), got "
                                             f"{show(part)}") from None
                cells.append([r, c])
        return [kind, cells if kind == "place" else (cells[0] if len(cells) == 1 else cells)]
    if kind == "guess":
        colour, _, seats = rest.partition(":")
        seats = seats.strip()
        try:
            named = [] if seats in ("", "no one") else [int(v) for v in seats.split()]
        except ValueError:
            raise BadInput("NB-ARG", f"a guess names seats by number, got {show(seats)}") from None
        return [kind, colour.strip(), named]
    return [kind]


def parse_action(action: Any) -> Action:
    """Any accepted spelling (a list, a tuple, a typed action or its text) -> the typed action;
    ``BadInput`` (naming the part) when it is malformed. Legality is checked by the state."""
    if isinstance(action, str):
        action = _from_text(action)
    if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str) \
            or len(action) > 3:
        raise BadInput("NB-ARG", f"an action is a list like ['card', 88], not {show(action)}")
    kind, args = action[0], list(action[1:])
    if kind not in ARITY:
        raise BadInput("NB-ARG", f"unknown action {show(kind)}; actions are {', '.join(ARITY)}")
    if len(args) != ARITY[kind]:
        raise BadInput("NB-ARG", f"{show(kind)} takes {ARITY[kind]} value(s), not {len(args)}")
    if kind == "card":
        return Card("card", check_int(args[0], "a card", -1000, 1000))
    if kind == "dark":
        return Dark("dark", check_int(args[0], "a Dark change", -1000, 1000, rule="DB-R20"))
    if kind == "shape":
        return ShapeChoice("shape", check_int(args[0], "a shape index", -1000, 1000))
    if kind == "place":
        cells: tuple[Any, ...] = check_sequence(args[0], "a placement's squares", min_len=1,
                                                max_len=6)
        return Place("place", tuple(sorted(parse_cell(c) for c in cells)))
    if kind == "light":
        return Light("light", None if args[0] is None else parse_cell(args[0]))
    if kind == "guess":
        colour = check_choice(args[0], "a guess's colour", COLOURS)
        named = check_sequence(args[1], "a guess's seats", max_len=2,
                               item=lambda v, n: check_seat(v, 10, n))
        return Guess("guess", colour, tuple(sorted(named)))
    if kind == "start":
        return Start("start", check_str(args[0], "a starting square", max_len=10))
    if kind == "jester":
        return Jester("jester", None if args[0] is None else
                      check_str(args[0], "a Jester colour", max_len=20))
    if kind == "shapes_done":
        return ShapesDone("shapes_done")
    return Forfeit("forfeit")


#: What each pending step of a seat's secret choice asks it to do, for pictures and refusals
#: ("seat 3 must now rank the shapes"); the quest keeps its own ``actions.PENDING`` the same way.
PENDING = {"card": "play a card", "dark": "decide on the Power of Dark",
           "start": "rank the starting squares", "shape": "rank the shapes",
           "place": "place its shape", "light": "decide on the Power of Light",
           "guess": "guess identities", "jester": "name the Jester colour"}


def action_to_json(action: Action) -> Action:
    """The record form: the typed action itself, an immutable tuple that JSON writes as
    ``["place", [[0, 4], ...]]`` (so a state's action log can be handed out safely)."""
    return action


__all__ = ["Action", "Card", "Dark", "Start", "ShapeChoice", "ShapesDone", "Place", "Forfeit",
           "Light", "Guess", "Jester", "parse_action", "action_to_json", "ARITY", "Submission",
           "EMPTY", "PENDING"]
