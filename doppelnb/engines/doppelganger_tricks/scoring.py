"""The score sheet on integers: a round's forecast and bonus points from tables (DT-R16, DT-R18,
DT-A5), and its row built slot by slot (DT-R19).

The rules live in :mod:`.rules` (``forecast_points``, ``bonus_points``); this module tabulates
or remembers them for the round's end (:func:`.kernel.score_row`), which the tests compare with
the rules. ``make fast`` compiles this module with mypyc.

>>> FORECAST[0][0], FORECAST[3][3], FORECAST[3][4], FORECAST[3][5]  # DT-R18
(7, 3, 1, 0)
>>> HELD
((), ('+3',), ('+1',), ('+1', '+3'))
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from .rules import BONUS_NAMES, RoundScore, Rules, bonus_points, forecast_points

#: DT-R18 tabulated from :func:`.rules.forecast_points` (the rule lives there):
#: ``FORECAST[bid][won]`` for bids and tricks 0..12.
FORECAST: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(forecast_points(b, w) for w in range(13)) for b in range(13))
#: The bonus cards a player holds, ``HELD[2 * (holds +1) + (holds +3)]``: the tuples the score
#: sheet keeps.
HELD: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(name for name, has in zip(BONUS_NAMES, (a, b), strict=True) if has)
    for a in (False, True) for b in (False, True))
_BONUS_POINTS: Final[dict[int, int]] = {}


def held_bonus_points(held: int, bid: int, won: int, rules: Rules) -> int:
    """:func:`.rules.bonus_points` (DT-R16, DT-A5) of the bonus cards ``HELD[held]``,
    remembered per case (at most 4 x 13 x 13 x 2) under one integer key: the arguments come from
    the state, already checked. Of the flags only DT-A5 (``bonus3_applies_to_zero_bid``) changes
    the points, so it is the key's flag part."""
    if held == 0:
        return 0
    key = ((held * 13 + bid) * 13 + won) * 2 + (1 if rules.bonus3_applies_to_zero_bid else 0)
    points = _BONUS_POINTS.get(key)
    if points is None:
        points = bonus_points(HELD[held], bid, won, rules)
        _BONUS_POINTS[key] = points
    return points


#: :class:`.rules.RoundScore`'s fields in order, and the setter of each slot.
_ROW_FIELDS: Final = tuple(f.name for f in dataclasses.fields(RoundScore))
_ROW_SETTERS: Final[tuple[Any, ...]] = tuple(RoundScore.__dict__[name].__set__
                                             for name in _ROW_FIELDS)
_NEW: Final[Any] = object.__new__


def round_score(values: tuple[Any, ...]) -> RoundScore:
    """``RoundScore(*values)`` built without the frozen dataclass's ``__init__`` (which sets each
    field through ``object.__setattr__``, interpreted): each slot set once through its own
    descriptor, as :func:`doppelnb.core.state.copier` builds states (the tests compare the two)."""
    row: RoundScore = _NEW(RoundScore)
    k = 0
    for setter in _ROW_SETTERS:
        setter(row, values[k])
        k += 1
    return row


__all__ = ["FORECAST", "HELD", "held_bonus_points", "round_score"]
