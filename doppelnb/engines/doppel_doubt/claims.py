"""Claim resolution (DB-R11) and the Power of Light (DB-R15): a round's placements resolved claim
by claim in descending card order, as a record of frozen boards.

>>> from .board import Board
>>> board = Board().set_owner([(0, 4), (0, 5)], "red")
>>> res = resolve_placements(board, [(0, "red", 60, 60, [(0, 4), (0, 5), (0, 6), (0, 7)])])
>>> res.steps[0].claimed, res.after.owner_of((0, 7))
(((0, 6), (0, 7)), 'red')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from immutables import Map

from ...core.checks import check_instance, check_int, check_sequence, fail
from ...core.errors import IllegalAction
from .board import Board
from .notation import CELLS, SIZE, Cell, _cell_list, cell_name, cells_text, on_board, parse_cell
from .placing import owner_bits
from .rules import Rules, _card_order, _rules, colour_of
from .scoring import territory_sums
from .verdict import Verdict

# -- claims (DB-R11) ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ClaimStep:
    """One placement resolved: what it claimed, held, lost to earlier claims, or why it was void."""

    seat: int
    who: str
    card: int
    original: int
    cells: tuple[Cell, ...]
    claimed: tuple[Cell, ...]
    held: tuple[Cell, ...]
    ignored: tuple[Cell, ...]
    void: str | None
    #: the board the round started from, and every claim (owner key, squares) up to this one
    start: Board = dataclasses.field(compare=False, repr=False)
    claims: tuple[tuple[str, tuple[Cell, ...]], ...] = dataclasses.field(compare=False,
                                                                         repr=False)

    @property
    def board(self) -> Board:
        """The board after this claim, rebuilt on demand from the round's start and the claims
        so far (a round's steps then share one board instead of holding one each)."""
        board = self.start.copy()
        for who, cells in self.claims:
            board.set_owner(cells, who)
        return board.frozen()

    def describe(self) -> str:
        head = f"{self.who} (card {self.card}"
        head += f", played {self.original})" if self.card != self.original else ")"
        if self.void:
            return f"{head}: void, {self.void}"
        parts = [f"claims {len(self.claimed)}"]
        if self.held:
            parts.append(f"holds {len(self.held)} own")
        if self.ignored:
            parts.append(f"loses {cells_text(self.ignored)} (claimed earlier this round, DB-R11)")
        return f"{head}: " + ", ".join(parts)


@dataclasses.dataclass(frozen=True)
class Resolution:
    """A round's placements resolved claim by claim, then the Power of Light (DB-R11, DB-R15)."""

    before: Board
    steps: tuple[ClaimStep, ...]
    lights: tuple[tuple[str, Cell, bool], ...]
    after: Board


def resolve_placements(board: Board, placements: Sequence[tuple[Any, ...]], rules: Rules | None = None,
                       lights: Sequence[tuple[str, Cell]] = ()) -> Resolution:
    """Resolve a round's placements ``(seat, who, effective card, original card, cells)``.

    DB-R11: in descending card order each covered square is claimed for the placer unless it was
    claimed earlier this round. A placement was checked on the start-of-round board (DB-A8 a) or
    is checked again now (DB-A8 b); with ``partial_claims`` off, a placement that meets an earlier
    claim claims nothing (DB-A9); covering your own square blocks later claims (DB-A10). Then each
    Power of Light turns a square its holder still controls into a Zero space (DB-R15).
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    rules = board.rules if rules is None else _rules(rules)
    placements = check_sequence(placements, "placements", max_len=10)
    checked = []
    for i, p in enumerate(placements):
        name = f"placements[{i}]"
        if not isinstance(p, (list, tuple)) or len(p) != 5:
            raise fail(name, "a tuple (seat, who, effective card, original card, cells)", p)
        seat = check_int(p[0], f"{name} seat", 0, 9)
        who = board._key(p[1])
        checked.append((seat, who, check_int(p[2], f"{name} card", 0, 101),
                        check_int(p[3], f"{name} original card", 1, 100),
                        tuple(_cell_list(p[4], f"{name} cells", 64))))
    pairs: tuple[Any, ...] = check_sequence(lights, "lights", max_len=10)
    lights = [(board._key(check_sequence(x, "a light", min_len=2, max_len=2)[0]),
               parse_cell(x[1], "a light's square")) for x in pairs]
    return _resolve(board, checked, rules, lights)


def _resolve(board: Board, placements: Sequence[tuple[int, str, int, int, tuple[Cell, ...]]],
             rules: Rules, lights: Sequence[tuple[str, Cell]]) -> Resolution:
    """:func:`resolve_placements` on arguments the engine made itself (checked already: owner
    keys, cards, squares and lights as the game state holds them)."""
    start = (board.with_rules(rules) if board.rules != rules else board).frozen()
    current = start.copy()
    claimed_round: set[Cell] = set()
    steps = []
    claims: tuple[tuple[str, tuple[Cell, ...]], ...] = ()
    ordered = _card_order([(p, p[2], p[3]) for p in placements], True, rules)
    for (seat, who, card, original, cells), *_ in ordered:
        cells = tuple(sorted(tuple(c) for c in cells))
        judge: Board = current if rules.legality_time == "resolution" else start
        verdict: Verdict = judge._verdict(who, cells)
        void = None
        if not verdict.legal:
            void = (f"no longer legal when it resolves (DB-A8): "
                    f"{'; '.join(verdict.messages)}")
        elif not rules.partial_claims and claimed_round.intersection(cells):
            void = (f"{cells_text(claimed_round.intersection(cells))} already claimed this "
                    f"round, so the whole shape fails (DB-A9)")
        claimed, held, ignored = [], [], []
        if void is None:
            own = {c for c, cat, _ in verdict.squares if cat in ("own", "own Zero")}
            for cell in cells:
                if cell in claimed_round:                          # DB-R11: first claim wins
                    ignored.append(cell)
                elif cell in verdict.takes:
                    claimed.append(cell)
                    claimed_round.add(cell)
                elif cell in own:
                    held.append(cell)
                    if rules.own_square_blocks:                    # DB-A10
                        claimed_round.add(cell)
            if claimed:
                current._claim(claimed, who)                 # checked by the verdict
                claims += ((who, tuple(claimed)),)
        steps.append(ClaimStep(seat, who, card, original, cells, tuple(claimed), tuple(held),
                               tuple(ignored), void, start, claims))
    done = []
    for who, cell in lights:                                       # DB-R15, end of round
        ok = on_board(cell) and current.owner_of(cell) == who
        if ok:
            current.set_zero(cell, owner=who)
        done.append((who, cell, ok))
    return Resolution(start, tuple(steps), tuple(done), current.frozen())



#: A board square's index, by its (row, column).
_INDEX = {cell: i for i, cell in enumerate(CELLS)}


def claimed_board(board: Board, placements: Sequence[tuple[int, str, int, int, tuple[Cell, ...]]],
                  rules: Rules, lights: Sequence[tuple[str, Cell]]) -> Board | None:
    """``_resolve(board, placements, rules, lights).after`` without the round's record (no
    verdicts, messages nor claim steps), or ``None`` under a reading it does not cover (then
    call :func:`_resolve`): a random playout needs only the board after each round but the
    last. Tests compare the two over whole games.

    Covered: placements judged on the start-of-round board (DB-A8 a, the default) that a legal
    listing gave (what every caller passes: a state's placements were checked when chosen, on
    this very board), with a failed takeover rejecting the placement (DB-A7 reject). Then a
    placement breaks no rule, so each covered square is, on the start board, the placer's
    (held), a partner's Zero space (DB-R12: no change) or a square it takes (unclaimed, or
    another colour's); DB-R11 (first claim wins), DB-A9 and DB-A10 decide the rest as in
    :func:`_resolve`. The new board comes with its owners' bitboards and territory sums worked
    out from the squares that changed (:meth:`.board.Board._successor`) instead of from all 289.
    """
    found = _lean(board, placements, rules, lights, record=False)
    return None if found is None else found.after


def lean_resolution(board: Board,
                    placements: Sequence[tuple[int, str, int, int, tuple[Cell, ...]]],
                    rules: Rules, lights: Sequence[tuple[str, Cell]]) -> Resolution | None:
    """``_resolve(board, placements, rules, lights)`` by :func:`claimed_board`'s route, claim
    steps included (no verdicts built), or ``None`` where it does not cover the reading (also
    DB-A9 without partial claims, whose void message :func:`_resolve` words). The playout's last
    round, whose resolution the final state keeps; tests compare the two."""
    if not rules.partial_claims:
        return None
    return _lean(board, placements, rules, lights, record=True)


def _lean(board: Board, placements: Sequence[tuple[int, str, int, int, tuple[Cell, ...]]],
          rules: Rules, lights: Sequence[tuple[str, Cell]], record: bool) -> Resolution | None:
    """:func:`claimed_board` and :func:`lean_resolution`: the resolution, with its claim steps
    and lights when ``record`` (else none, and ``before`` is the board itself)."""
    if (rules.legality_time != "round_start" or rules.illegal_takeover != "reject"
            or (board.rules is not rules and board.rules != rules)):
        return None
    board = board.frozen()                     # as _resolve's start (itself when frozen)
    held_by, zero, values = board.owner, board.zero, board.values
    protect_starts = rules.start_square_protected
    starts = board._start_index
    owner = list(held_by)
    claimed_round: set[int] = set()
    changed: list[tuple[int, str]] = []
    steps: list[ClaimStep] = []
    claims: tuple[tuple[str, tuple[Cell, ...]], ...] = ()
    ordered = _card_order([(p, p[2], p[3]) for p in placements], True, rules)
    for (seat, who, card, original, cells), *_ in ordered:
        cells = tuple(sorted(cells))
        squares = [i for i in map(_INDEX.get, cells) if i is not None]  # on the board
        if not rules.partial_claims and claimed_round.intersection(squares):
            continue                                               # DB-A9: void
        mine = colour_of(who)
        claimed, held, ignored = [], [], []
        for i in squares:
            if i in claimed_round:                                 # DB-R11: first claim wins
                ignored.append(i)
                continue
            was = held_by[i]
            if was == who:                                         # held
                held.append(i)
                if rules.own_square_blocks:                        # DB-A10
                    claimed_round.add(i)
                continue
            if (was is not None and (i in zero or (protect_starts and i in starts))
                    and colour_of(was) == mine):
                continue                                           # DB-R12: a partner's Zero
            owner[i] = who                                         # unclaimed or another's
            claimed_round.add(i)
            changed.append((i, who))
            claimed.append(i)
        if record:
            taken = tuple([CELLS[i] for i in claimed])
            if taken:
                claims += ((who, taken),)
            steps.append(ClaimStep(seat, who, card, original, cells, taken,
                                   tuple([CELLS[i] for i in held]),
                                   tuple([CELLS[i] for i in ignored]), None, board, claims))
    new_values = values
    lit = []
    done = []
    for who, cell in lights:                                       # DB-R15, end of round
        r, c = cell
        i = r * SIZE + c
        ok = 0 <= r < SIZE and 0 <= c < SIZE and owner[i] == who
        if ok:
            lit.append((i, who))
            new_values = new_values[:i] + (0,) + new_values[i + 1:]
        done.append((who, cell, ok))
    # The owners' bitboards and territory sums of the start board (worked out for its
    # placements and its own round's scores already), moved square by square.
    bits, guarded = owner_bits(board)
    sums = territory_sums(board)
    moved = dict(bits)
    totals = {key: list(pair) for key, pair in sums.items()}
    for i, now in changed:
        was, v = held_by[i], values[i]
        bit = 1 << i
        if was is not None:
            moved[was] &= ~bit
            totals[was][0 if v > 0 else 1] -= v
        moved[now] = moved.get(now, 0) | bit
        totals.setdefault(now, [0, 0])[0 if v > 0 else 1] += v
    for i, who in lit:                                             # the value becomes 0
        v = values[i]
        totals[who][0 if v > 0 else 1] -= v
        guarded |= 1 << i
    moved = {key: mask for key, mask in moved.items() if mask}
    after = board._successor(tuple(owner), zero.union(i for i, _ in lit), new_values, {
        "owners": (Map(moved), guarded),
        "sums": Map({key: (pair[0], pair[1]) for key, pair in totals.items() if key in moved})})
    return Resolution(board, tuple(steps), tuple(done), after)


def light_target_ok(board: Board, who: str, cell: Cell) -> None:
    """DB-R15: the Power of Light needs a square its holder controls (and not already Zero)."""
    if not on_board(cell):
        raise IllegalAction("DB-R15", f"the Power of Light needs a square on the board; "
                                      f"{cell_name(cell)} is off the 17x17 board")
    if board.owner_of(cell) != who or board.is_zero(cell):
        raise IllegalAction("DB-R15", f"the Power of Light needs a square {who} controls that is "
                                      f"not already a Zero space; {cell_name(cell)} is not one")



__all__ = ["ClaimStep", "Resolution", "resolve_placements", "claimed_board", "lean_resolution",
           "light_target_ok"]
