"""The Doppel Doubt board: territory, Zero spaces, placement legality and listing.

Placement rules live here, once each: DB-R10 (rotation only, on the board, at least one own
square), DB-R12 (claimed Zero spaces) and DB-R13 (takeover needs more than half on own squares);
claims (DB-R11) are resolved in :mod:`.claims`.

Two implementations of "where can this shape go":

- :meth:`Board.legal_placement_masks` uses bitboards: each fact about the board (own squares,
  enemy squares, forbidden Zero spaces) is one Python integer with a bit per square. Shifting a
  mask by a cell's offset moves that fact to the anchor (top-left) of every placement at once, and
  a bit-sliced adder counts own and enemy squares for all anchors together, so the work is a few
  dozen big-integer operations per orientation, never a loop over squares.
- :meth:`Board.legal_placements_naive`: the per-cell twin, which asks :meth:`check_placement`'s
  logic about every position. Tests and the benchmark compare the two.

>>> board = Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
>>> board.check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)]).reasons      # DB-E4
('DB-R13',)
>>> frozen = board.frozen()
>>> frozen.set_owner([(1, 1)], "red")
Traceback (most recent call last):
...
doppelnb.engines.doppel_doubt.board.FrozenBoardError: NB-ARG: this board belongs to a game state and cannot change; use board.copy() for a board you can set up
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from immutables import Map

from ...core.checks import check_instance, check_sequence, show
from ...core.errors import BadInput
from . import placing
from .board_data import BOARD_FILE
from .board_data import load_board as _load_board
from .listing import PlacementArray, placement_array
from .notation import (
    MAX_CELLS,
    SIZE,
    Cell,
    _cell_list,
    cell_name,
    cells_text,
    on_board,
    parse_cell,
)
from .rules import COLOURS, DEFAULT_RULES, DOPPELS, Rules, colour_of, own_needed, takeover_ok
from .shapes import Placement, Shape, is_connected, normalise
from .verdict import (
    ALLY_ZERO,
    ENEMY,
    ENEMY_ZERO,
    OFFBOARD,
    OWN,
    OWN_ZERO,
    PROTECTED,
    UNCLAIMED,
    UNCLAIMED_ZERO,
    Verdict,
)


class FrozenBoardError(BadInput, AttributeError):
    """A change to a frozen board (a ``BadInput``, and an ``AttributeError`` like any attempt to
    set a field of an immutable value)."""


class Board:
    """The 17x17 board: printed values, starting squares, territory and Zero spaces.

    ``Board()`` is the illustrative board from ``doppelnb/data/doppel_doubt_board.json`` with no
    territory. Territory belongs to colours (``"red"``) or, under ``Rules(territory_owner=
    "doppel")``, to Doppels (``"red-P"``). The board is mutable for set-up (``set_owner``,
    ``set_zero``); game states copy it and never change a board they share.
    """

    def __init__(self, data: str | pathlib.Path | Mapping[str, Any] | None = None, *,
                 rules: Rules = DEFAULT_RULES):
        check_instance(rules, "rules", Rules, expected="a doppel_doubt.Rules")
        doc = _load_board(data if data is not None else BOARD_FILE)
        set_ = object.__setattr__
        set_(self, "_frozen", False)
        set_(self, "rules", rules)
        set_(self, "illustrative", doc["illustrative"])
        set_(self, "note", doc.get("note", ""))
        printed = tuple(v for row in doc["values"] for v in row)
        starts = {k: (v[0], v[1]) for k, v in doc["starts"].items()}
        set_(self, "printed", printed)
        set_(self, "starts", Map(starts))
        set_(self, "start_order", tuple(starts))          # the file's order
        set_(self, "_start_index", Map(
            {r * SIZE + c: label for label, (r, c) in starts.items()}))
        set_(self, "values", tuple(rules.start_square_value if v is None else v
                                   for v in printed))
        set_(self, "owner", (None,) * (SIZE * SIZE))
        zero: frozenset[int] = frozenset()
        if rules.printed_zero_is_zero_space:                      # DB-A14 (b)
            zero = frozenset(i for i, v in enumerate(printed) if v == 0)
        set_(self, "zero", zero)
        set_(self, "_cache", {})

    # Every field is immutable (tuples, frozensets, read-only mappings). A board made by the
    # caller can still be set up with ``set_owner`` / ``set_zero``, which replace fields; a board
    # held by a game state or a resolution is frozen and refuses every change (issue 11).
    _frozen: bool
    _cache: dict[Any, Any]
    _start_index: Map[int, str]
    printed: tuple[int | None, ...]
    values: tuple[int, ...]
    owner: tuple[str | None, ...]
    zero: frozenset[int]
    starts: Map[str, Cell]                    # label -> square
    start_order: tuple[str, ...]              # the labels in the board file's order
    rules: Rules
    illustrative: bool
    note: str

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise FrozenBoardError("NB-ARG", "this board belongs to a game state and cannot "
                                             "change; use board.copy() for a board you can set up")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenBoardError("NB-ARG", "a board's fields cannot be deleted")

    # -- set-up and copying -----------------------------------------------------------------
    def copy(self) -> Board:
        """A board you can set up, sharing this one's immutable fields (nothing is copied)."""
        new = object.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.__dict__["_frozen"] = False
        new.__dict__["_cache"] = {}
        return new

    def frozen(self) -> Board:
        """This board made read-only (itself when it already is): what game states hold."""
        if self._frozen:
            return self
        new = self.copy()
        new.__dict__["_frozen"] = True
        return new

    def _successor(self, owner: tuple[str | None, ...], zero: frozenset[int],
                   values: tuple[int, ...], cache: dict[Any, Any]) -> Board:
        """A frozen board with these squares, sharing the rest of this one, its memo started
        with ``cache`` (what :func:`.claims.claimed_board` worked out from the squares that
        changed; tests compare it with a fresh board's)."""
        new = object.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(owner=owner, zero=zero, values=values, _frozen=True, _cache=cache)
        return new

    @property
    def is_frozen(self) -> bool:
        return bool(self._frozen)

    def with_rules(self, rules: Rules) -> Board:
        """The same territory judged under other variant flags."""
        check_instance(rules, "rules", Rules, expected="a doppel_doubt.Rules")
        new = self.copy()
        new.__dict__["rules"] = rules
        return new.frozen() if self._frozen else new

    def _key(self, who: str) -> str:
        """The owner key of ``who``: a colour, or a Doppel under territory_owner="doppel"."""
        if not isinstance(who, str):
            raise BadInput("NB-ARG", f"a colour is one of {', '.join(COLOURS)}, not {show(who)}")
        if self.rules.territory_owner == "doppel":                # DB-A4 (b)
            if who not in DOPPELS:
                raise BadInput("DB-A4", f"territory belongs to Doppels under this variant; name "
                               f"one like 'red-P', not {show(who)}")
            return who
        if who in DOPPELS:
            return colour_of(who)
        if who not in COLOURS:
            raise BadInput("NB-ARG", f"a colour is one of {', '.join(COLOURS)}, not {show(who)}")
        return who

    def set_owner(self, cells: Iterable[Cell] | Cell, colour: str | None) -> Board:
        """Give ``cells`` to ``colour`` (``None`` = unclaimed). Returns the board for chaining."""
        cells = _cell_list(cells)
        key = None if colour is None else self._key(colour)
        for cell in cells:
            self._need_on_board(cell)
        self._claim(cells, key)
        return self

    def _claim(self, cells: Sequence[Cell], key: str | None) -> None:
        """:meth:`set_owner` for the engine's own claim resolution (DB-R11): squares its verdict
        found on the board and an owner key the state made, so nothing is parsed or checked
        again (a round resolves up to ten claims, in every playout of a search)."""
        self._need_unfrozen()
        owner = list(self.owner)
        for r, c in cells:
            owner[r * SIZE + c] = key
        self.owner = tuple(owner)
        self._cache.clear()

    def set_zero(self, cell: Cell, owner: str | None = None) -> Board:
        """Make ``cell`` a Zero space (value 0), unclaimed or claimed by ``owner`` (DB-R7, DB-R15)."""
        cell = parse_cell(cell)
        key = None if owner is None else self._key(owner)
        self._need_on_board(cell)
        self._need_unfrozen()
        i = cell[0] * SIZE + cell[1]
        self.zero = self.zero | {i}
        self.values = self.values[:i] + (0,) + self.values[i + 1:]
        self.owner = self.owner[:i] + (key,) + self.owner[i + 1:]
        self._cache.clear()
        return self

    def _need_unfrozen(self) -> None:
        if self._frozen:
            raise FrozenBoardError("NB-ARG", "this board belongs to a game state and cannot change; "
                                     "use board.copy() for a board you can set up")

    @staticmethod
    def _need_on_board(cell: Cell) -> None:
        if not on_board(cell):
            raise BadInput("DB-R10b", f"square {cell_name(cell)} is not on the 17x17 board")

    # -- queries ----------------------------------------------------------------------------
    def _index(self, cell: Any, name: str = "cell") -> int:
        r, c = parse_cell(cell, name)
        if not on_board((r, c)):
            raise BadInput("DB-R10b", f"{name} {cell_name((r, c))} is not on the 17x17 board")
        return r * SIZE + c

    def value(self, cell: Cell) -> int:
        return self.values[self._index(cell)]

    def owner_of(self, cell: Cell) -> str | None:
        return self.owner[self._index(cell)]

    def is_zero(self, cell: Cell) -> bool:
        return self._index(cell) in self.zero

    def start_label(self, cell: Cell) -> str | None:
        return self._start_index.get(self._index(cell))

    def territory(self, who: str) -> list[Cell]:
        key = self._key(who)
        return [divmod(i, SIZE) for i, o in enumerate(self.owner) if o == key]

    def owners(self) -> list[str]:
        return sorted({o for o in self.owner if o is not None})

    def _protected(self, i: int) -> bool:
        """A claimed square no other colour may cover: a claimed Zero space (DB-R12), or a
        claimed starting square under ``start_square_protected`` (DB-A15)."""
        if self.owner[i] is None:
            return False
        return i in self.zero or (self.rules.start_square_protected and i in self._start_index)

    def category(self, key: str, cell: Cell) -> str:
        """What ``cell`` is for a placement by owner key ``key`` (see the module constants)."""
        if not on_board(cell):
            return OFFBOARD
        i = cell[0] * SIZE + cell[1]
        owner = self.owner[i]
        if owner is None:
            return UNCLAIMED_ZERO if i in self.zero else UNCLAIMED
        if owner == key:
            return OWN_ZERO if i in self.zero else OWN
        if self._protected(i):
            if colour_of(owner) == colour_of(key):        # DB-R12: "if it is your colour"
                return ALLY_ZERO
            return ENEMY_ZERO if i in self.zero else PROTECTED
        return ENEMY

    # -- the placement rules ----------------------------------------------------------------
    def check_placement(self, colour: str, cells: Iterable[Cell], shape: Shape | None = None
                        ) -> Verdict:
        """Judge a placement, listing every rule it breaks (DB-R10a/b/c, DB-R12, DB-R13).

        ``cells`` are the board squares the shape would cover. With ``shape``, the cells must be
        that shape turned (legal) or mirrored (DB-R10a); anything else is ``BadInput``.
        """
        key = self._key(colour)
        cells = _cell_list(cells, "cells", MAX_CELLS)
        if not cells or len(set(cells)) != len(cells):
            raise BadInput("NB-ARG", "a placement covers at least one square, each once")
        reflected = False
        if shape is None:                                         # DB-R8: 4-6 joined squares
            if not 4 <= len(cells) <= 6:
                raise BadInput("DB-R8", f"a shape covers 4, 5 or 6 squares, not {len(cells)}: "
                                        f"{cells_text(cells)}")
            if not is_connected(cells):
                raise BadInput("DB-R8", f"the squares {cells_text(cells)} are not orthogonally "
                                        "connected, so they are no shape")
        else:
            if not isinstance(shape, Shape):
                raise BadInput("NB-ARG", f"shape must be a Shape, not {type(shape).__name__}")
            norm = normalise(cells)
            if norm not in shape.rotations():
                if norm in shape.reflections():
                    reflected = True
                else:
                    raise BadInput("NB-ARG", f"the squares {cells_text(cells)} are not shape "
                                   f"{shape} in any orientation")
        return self._verdict(key, cells, reflected)

    def _verdict(self, key: str, cells: Sequence[Cell], reflected: bool = False) -> Verdict:
        rules = self.rules
        size = len(cells)
        squares: list[tuple[Cell, str, int | None]] = []
        held, zero, values = self.owner, self.zero, self.values
        for cell in sorted(cells):
            r, c = cell
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                squares.append((cell, OFFBOARD, None))
                continue
            i = r * SIZE + c
            owner = held[i]                   # the two common cases of :meth:`category` inline
            if owner is None:
                cat = UNCLAIMED_ZERO if i in zero else UNCLAIMED
            elif owner == key:
                cat = OWN_ZERO if i in zero else OWN
            else:
                cat = self.category(key, cell)
            squares.append((cell, cat, values[i]))
        by_cat: dict[str, list[Cell]] = {}
        for cell, cat, _ in squares:
            by_cat.setdefault(cat, []).append(cell)
        reasons, messages = [], []

        def broken(rule: str, message: str) -> None:
            reasons.append(rule)
            messages.append(message)

        if reflected:                                             # DB-R10a
            broken("DB-R10a", "these squares are the mirror image of the shape; shapes may be "
                              "rotated but not reflected")
        off = by_cat.get(OFFBOARD, [])
        if off and not rules.allow_offboard:                      # DB-R10b, DB-A13
            broken("DB-R10b", f"square{'s' if len(off) > 1 else ''} {cells_text(off)} "
                              f"{'are' if len(off) > 1 else 'is'} off the 17x17 board")
        own = len(by_cat.get(OWN, [])) + len(by_cat.get(OWN_ZERO, []))
        if own == 0:                                              # DB-R10c, DB-A11
            broken("DB-R10c", f"none of the {size} squares is {key}'s; a placement must overlap "
                              f"at least one square you control")
        forbidden = by_cat.get(ENEMY_ZERO, [])
        if forbidden:                                             # DB-R12
            owners = sorted({str(self.owner[r * SIZE + c]) for r, c in forbidden})
            broken("DB-R12", f"{cells_text(forbidden)} {'is a Zero space' if len(forbidden) == 1 else 'are Zero spaces'} "
                             f"claimed by {', '.join(owners)}; only that colour may cover it")
        guarded = by_cat.get(PROTECTED, [])
        if guarded:                                               # DB-A15 (protected starts)
            broken("DB-A15", f"{cells_text(guarded)}: another colour's starting square, which "
                             f"this variant protects")
        enemy_cells = by_cat.get(ENEMY, [])
        failed_targets = self._failed_targets(key, enemy_cells, own, size)
        kept: frozenset[Cell] = frozenset()
        if failed_targets:                                        # DB-R13, DB-A5..A7
            lost = [c for c in enemy_cells if self.owner[c[0] * SIZE + c[1]] in failed_targets]
            if rules.illegal_takeover == "reject":
                broken("DB-R13", f"it covers {', '.join(sorted(failed_targets))} territory at "
                                 f"{cells_text(lost)} but has only {own} of {size} squares on "
                                 f"{key}'s; a takeover needs "
                                 f"{own_needed(rules.takeover_rule, len(enemy_cells), size)}")
            else:
                kept = frozenset(lost)
        takes = frozenset(c for c in by_cat.get(UNCLAIMED, []) + by_cat.get(UNCLAIMED_ZERO, [])
                          + enemy_cells if c not in kept)
        return Verdict(key, tuple(sorted(cells)), tuple(reasons), tuple(messages),
                       tuple(squares), takes if not reasons else frozenset(), kept, self)

    def _failed_targets(self, key: str, enemy_cells: list[Cell], own: int, size: int) -> set[Any]:
        """The enemy owners whose squares this placement may not take (DB-R13, DB-A6)."""
        if not enemy_cells:
            return set()
        rule = self.rules.takeover_rule
        targets: dict[str, int] = {}
        for r, c in enemy_cells:
            o = str(self.owner[r * SIZE + c])
            targets[o] = targets.get(o, 0) + 1
        if self.rules.takeover_check == "whole_shape":
            return set(targets) if not takeover_ok(rule, own, len(enemy_cells), size) else set()
        return {t for t, n in targets.items() if not takeover_ok(rule, own, n, size)}

    # -- where can a shape go (bitboards, in :mod:`.placing`) ---------------------------------
    def legal_placement_masks(self, colour: str, shape: Shape) -> list[tuple[int, int, int]]:
        """For each rotation: ``(rotation, pad, anchors)``, where bit ``pr * (17 + 2 * pad) + pc``
        of ``anchors`` is set when the rotation with its corner at (pr - pad, pc - pad) is legal.
        """
        return placing.legal_masks(self, self._key(colour), _shape(shape))

    def legal_placements(self, colour: str, shape: Shape) -> list[Placement]:
        """Every legal position and rotation of ``shape`` for ``colour`` (bitboards)."""
        return placing.legal_placements(self, self._key(colour), _shape(shape))

    def legal_cells(self, colour: str, shape: Shape) -> list[tuple[Cell, ...]]:
        """The sorted squares of every legal placement, in :meth:`legal_placements`' order, read
        straight from the bitboards (no :class:`Placement` objects: what a game state lists)."""
        return placing.legal_cells(self, self._key(colour), _shape(shape))

    def legal_placement_array(self, colour: str, shapes: Sequence[Shape]) -> PlacementArray:
        """All ``shapes``' legal placements at once, a compact array (numpy; see :mod:`.listing`)."""
        key = self._key(colour)
        return placement_array(self, key, check_sequence(shapes, "shapes", item=lambda v, n: (
            check_instance(v, n, Shape, expected="a Shape"))))

    def count_legal_placements(self, colour: str, shape: Shape) -> int:
        return placing.count_legal(self, self._key(colour), _shape(shape))

    def legal_placements_naive(self, colour: str, shape: Shape) -> list[Placement]:
        """The per-cell twin of :meth:`legal_placements`: try every position, square by square."""
        key = self._key(colour)
        pad = placing.pad_for(self.rules, _shape(shape))
        out = []
        for rotation, rot in enumerate(shape.rotations()):
            h = 1 + max(r for r, _ in rot)
            w = 1 + max(c for _, c in rot)
            for row in range(-pad, SIZE + pad - h + 1):
                for col in range(-pad, SIZE + pad - w + 1):
                    cells = [(row + r, col + c) for r, c in rot]
                    if self._verdict(key, cells).legal:
                        out.append(Placement(shape, rotation, row, col))
        return out

    # -- comparison and display -------------------------------------------------------------
    def _state(self) -> tuple[Any, ...]:
        return (self.printed, tuple(sorted(self.starts.items())), self.values,
                self.owner, self.zero, self.rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        claimed = sum(o is not None for o in self.owner)
        return f"<doppel_doubt.Board {claimed} claimed squares, {len(self.zero)} Zero spaces>"

    def __str__(self) -> str:
        """One letter per square: the owner's initial, '0' for an unclaimed Zero space, '.'."""
        def mark(i: int) -> str:
            o = self.owner[i]
            if o is None:
                return "0" if i in self.zero else "."
            return o[0].upper() if i not in self.zero else o[0].lower()
        return "\n".join(" ".join(mark(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE))

    def _repr_svg_(self) -> str:
        from .render import board_svg

        return str(board_svg(self))


def _shape(shape: Any) -> Shape:
    if not isinstance(shape, Shape):
        raise BadInput("NB-ARG", f"shape must be a Shape, not {type(shape).__name__}")
    return shape


__all__ = ["Board"]
