"""Analyses: legal-placement counts per shape, what each takeover reading changes, and seeded
simulations of whole matches with simple policies.

Counts are exact integers from the bitboard search (:meth:`Board.count_legal_placements`), which
the tests check against the per-cell twin. Simulations are seeded: the same seed gives the same
matches, and each match is an ordinary game record.

>>> from doppelnb.engines.doppel_doubt import Board, shape_by_name
>>> board = Board().set_owner([(8, 8)], "red")
>>> legal_counts(board, "red", [shape_by_name("4-0")])   # a straight line through (8, 8)
{'4-0': 8}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ...core.chance import MAX_SEED
from ...core.checks import (
    check_choice,
    check_instance,
    check_int,
    check_mapping,
    check_sequence,
)
from ...core.state import playout, random_policy
from ...core.symbolic import Formula
from .board import Board
from .claims import Resolution, resolve_placements
from .notation import SIZE
from .players import greedy_policy
from .rules import COLOURS, DEFAULT_RULES, DOPPELS, Rules
from .scoring import guess_points
from .shapes import Shape, one_sided_polyominoes
from .state import new_game
from .verdict import ENEMY

MAX_SHAPES = 1000


def _variant(value: Any, name: str) -> tuple[str, str, str]:
    items: tuple[Any, ...] = check_sequence(value, name, min_len=3, max_len=3)
    return (items[0], items[1], items[2])


def _shapes(shapes: Any) -> list[Shape]:
    if shapes is None:
        return [s for n in (4, 5, 6) for s in one_sided_polyominoes(n)]
    if isinstance(shapes, (set, frozenset)):
        shapes = sorted(shapes)
    return list(check_sequence(shapes, "shapes", max_len=MAX_SHAPES,
                               item=lambda v, n: check_instance(v, n, Shape,
                                                                expected="a Shape")))


# -- simple policies ---------------------------------------------------------------------------


POLICIES: dict[str, Callable[..., Any]] = {"random": random_policy, "greedy": greedy_policy}


def _policy(policy: str | Callable[..., Any]) -> Callable[..., Any]:
    if callable(policy):
        return policy
    return POLICIES[check_choice(policy, "policy", tuple(POLICIES))]


# -- boards to analyse -------------------------------------------------------------------------


def mid_game_board(seed: int = 7, rounds: int = 5, rules: Rules = DEFAULT_RULES,
                   policy: str | Callable[..., Any] = "greedy") -> Board:
    """The board after ``rounds`` rounds of a seeded match played by ``policy``."""
    seed = check_int(seed, "seed", 0, MAX_SEED)
    rounds = check_int(rounds, "rounds", 1, 10)
    check_instance(rules, "rules", Rules, expected="a doppel_doubt.Rules")
    pol = _policy(policy)
    for state in playout(new_game(rules=rules, seed=seed), pol, seed=seed):
        if state.round > rounds:
            return state.board
    return state.board  # pragma: no cover - a match always reaches round 11


# -- legal placements per shape ----------------------------------------------------------------


def legal_counts(board: Board, colour: str, shapes: Iterable[Shape] | None = None
                 ) -> dict[str, int]:
    """Shape name -> number of legal placements (positions x rotations) for ``colour``.

    At most ``MAX_SHAPES`` shapes per call."""
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    board._key(colour)
    shapes = _shapes(shapes)
    return {str(s): board.count_legal_placements(colour, s) for s in shapes}


TAKEOVER_VARIANTS = (
    ("own_over_half", "whole_shape", "reject"),
    ("non_enemy_over_half", "whole_shape", "reject"),
    ("own_more_than_enemy", "whole_shape", "reject"),
    ("own_more_than_enemy", "per_target_colour", "reject"),
    ("own_over_half", "whole_shape", "skip_enemy_squares"),
)


def takeover_comparison(board: Board, colour: str, shapes: Sequence[Shape] | None = None,
                        variants: Sequence[tuple[str, str, str]] = TAKEOVER_VARIANTS
                        ) -> list[dict[str, Any]]:
    """For each takeover reading (DB-A5 rule, DB-A6 check, DB-A7 failure), over all ``shapes``:
    how many placements are legal, and how many of those take at least one enemy square."""
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    board._key(colour)
    shapes = _shapes(shapes)
    variants = check_sequence(variants, "variants", max_len=len(TAKEOVER_VARIANTS) * 4,
                              item=_variant)
    rows = []
    for rule, check, failure in variants:
        judged = board.with_rules(board.rules.replace(takeover_rule=rule, takeover_check=check,
                                                      illegal_takeover=failure))
        key = judged._key(colour)
        legal = takes = enemy_squares = 0
        enemy = {divmod(i, SIZE) for i, o in enumerate(judged.owner) if o is not None and o != key}
        for shape in shapes:
            for placement in judged.legal_placements(colour, shape):
                legal += 1
                cells = placement.cells
                if enemy.isdisjoint(cells):
                    continue                       # nothing to take over: skip the verdict
                verdict = judged._verdict(key, sorted(cells))
                taken = sum(1 for c, cat, _ in verdict.squares if cat == ENEMY
                            and c in verdict.takes)
                if taken:
                    takes += 1
                    enemy_squares += taken
        rows.append({"takeover_rule": rule, "takeover_check": check, "illegal_takeover": failure,
                     "legal": legal, "taking_placements": takes, "enemy_squares_taken":
                     enemy_squares})
    return rows


RESOLUTION_VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"partial_claims": False},
    {"own_square_blocks": False},
    {"legality_time": "resolution"},
)


def resolution_readings(resolution: Resolution, variants: Sequence[dict[str, Any]] = RESOLUTION_VARIANTS
                        ) -> list[dict[str, Any]]:
    """Re-resolve one round's placements under other readings of DB-A8, DB-A9 and DB-A10:
    squares claimed, placements void, squares lost to earlier claims, and the board's owners."""
    check_instance(resolution, "resolution", Resolution, expected="a doppel_doubt Resolution")
    variants = check_sequence(variants, "variants", max_len=50,
                              item=lambda v, n: check_mapping(v, n, keys=[f.name for f in Rules.flags()]))
    placements = [(s.seat, s.who, s.card, s.original, s.cells) for s in resolution.steps]
    rows = []
    for changes in variants:
        rules = resolution.before.rules.replace(**changes)
        res = resolve_placements(resolution.before, placements, rules)
        changed = sum(a != b for a, b in zip(res.after.owner, resolution.after.owner,
                                             strict=True))
        rows.append({"reading": ", ".join(f"{k}={v}" for k, v in changes.items()) or "defaults",
                     "claimed": sum(len(s.claimed) for s in res.steps),
                     "void": sum(1 for s in res.steps if s.void),
                     "lost_to_earlier_claims": sum(len(s.ignored) for s in res.steps),
                     "squares_differing_from_default": changed})
    return rows


# -- closed forms (sympy) beside the engine's enumeration ------------------------------------------


def _sympy() -> Any:
    import sympy

    return sympy


@cache
def placements_formula() -> Formula:
    """N = r (n - h + 1)(n - w + 1): the positions of a shape with r distinct rotations and an
    h x w bounding box on an n x n board (each rotation is h x w or w x h, and slides
    (n - h + 1)(n - w + 1) ways)."""
    sp = _sympy()
    n, h, w, r = sp.symbols("n h w r", integer=True, positive=True)
    expr = r * (n - h + 1) * (n - w + 1)
    return Formula("placements", expr, "N = " + sp.latex(expr),
                   "Positions of a shape on an open n x n board: each of its r distinct rotations "
                   "(1, 2 or 4; DB-R10a) fits (n - h + 1)(n - w + 1) ways, h x w its bounding box.")


def placements_closed_form(shape: Shape, n: int = SIZE) -> int:
    """The formula of :func:`placements_formula` for ``shape`` on an n x n board.

    >>> from doppelnb.engines.doppel_doubt import shape_by_name
    >>> placements_closed_form(shape_by_name("4-0"))     # the straight tetromino: 2 x 14 x 17
    476
    """
    check_instance(shape, "shape", Shape, expected="a doppel_doubt Shape")
    n = check_int(n, "n", 1, 1000)
    rot = shape.rotations()[0]
    h, w = 1 + max(r for r, _ in rot), 1 + max(c for _, c in rot)
    if h > n or w > n:
        return 0
    return int(_placements_function()(n, h, w, len(shape.rotations())))


@cache
def _placements_function() -> Callable[..., Any]:
    """The sympy expression of :func:`placements_formula` as a plain function of (n, h, w, r)."""
    sp = _sympy()
    function: Callable[..., Any] = sp.lambdify(
        sp.symbols("n h w r", integer=True, positive=True), placements_formula().expression,
        "math")
    return function


def placements_brute_force(shape: Shape) -> int:
    """The engine's count of legal placements of ``shape`` for a colour that owns the whole
    17 x 17 board: every on-board position of every rotation (DB-R10)."""
    check_instance(shape, "shape", Shape, expected="a doppel_doubt Shape")
    return _all_blue().count_legal_placements("blue", shape)


@cache
def _all_blue() -> Board:
    """The illustrative board with every square blue (frozen, built once)."""
    return Board().set_owner([(r, c) for r in range(SIZE) for c in range(SIZE)], "blue").frozen()


@cache
def random_guess_formula() -> Formula:
    """E = 5/m + (5 (k - 2) + 10) / C(m, 2): the expected benefit (DB-R16) of a guesser who is not
    a Jester and names a uniformly random partner and random pairs, with m others and k colours."""
    sp = _sympy()
    m, k = sp.symbols("m k", integer=True, positive=True)
    expr = sp.Rational(5) / m + (5 * (k - 2) + 10) / sp.binomial(m, 2)
    return Formula("random_guess", expr, "E = " + sp.latex(expr),
                   "Expected benefit of guessing at random: the partner is right with chance "
                   "1/m (+5), each of the k - 2 other player pairs with chance 1/C(m, 2) (+5), "
                   "the Jester pair with chance 1/C(m, 2) (+10).")


def random_guess_closed_form(others: int = 9, colours: int = len(COLOURS)) -> Fraction:
    """The formula of :func:`random_guess_formula`: 5/4 for the game's 9 others and 5 colours.

    >>> random_guess_closed_form()
    Fraction(5, 4)
    """
    others = check_int(others, "others", 2, 1000)
    colours = check_int(colours, "colours", 2, 1000)
    sp = _sympy()
    value = random_guess_formula().expression.subs(
        dict(zip(sp.symbols("m k", integer=True, positive=True), (others, colours),
                 strict=True)))
    return Fraction(int(sp.numer(value)), int(sp.denom(value)))


def random_guess_brute_force(rules: Rules = DEFAULT_RULES, jester: str = "yellow") -> Fraction:
    """Seat 0 (red-P, not a Jester) guesses uniformly at random: a random partner among the 9
    others and the other 8 split into random pairs. Each colour's named set is then uniform (a
    partner among 9, a pair among C(9, 2) = 36), so by linearity the expected benefit is the sum
    over colours of the engine's points (:func:`guess_points`) averaged over those 9 and 36
    choices: 9 + 4 x 36 engine calls, exact.

    >>> random_guess_brute_force()
    Fraction(5, 4)
    """
    check_instance(rules, "rules", Rules, expected="a doppel_doubt.Rules")
    jester = check_choice(jester, "jester", COLOURS[1:])
    others = list(range(1, 10))
    total = Fraction(0)
    for colour in COLOURS:
        named: list[tuple[int, ...]] = ([(x,) for x in others] if colour == "red" else
                                        [(a, b) for i, a in enumerate(others)
                                         for b in others[i + 1:]])
        points = 0
        for choice in named:
            guesses: list[dict[str, Any]] = [{} for _ in range(10)]
            guesses[0] = {colour: choice}
            points += guess_points(DOPPELS, jester, guesses, rules)[0][0]
        total += Fraction(points, len(named))
    return total


__all__ = ["placements_formula", "placements_closed_form", "placements_brute_force",
           "random_guess_formula", "random_guess_closed_form", "random_guess_brute_force",
           "POLICIES", "mid_game_board", "legal_counts", "takeover_comparison",
           "TAKEOVER_VARIANTS", "RESOLUTION_VARIANTS", "resolution_readings"]
