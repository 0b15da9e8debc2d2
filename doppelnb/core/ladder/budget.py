"""Strength over search budget: one search policy at growing budgets against a base, on the
same deals (:func:`budget_curve`). See :mod:`doppelnb.core.ladder`."""

from __future__ import annotations

import concurrent.futures as cf
import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import sweep_plan, sweep_run
from ..chance import MAX_SEED
from ..checks import check_int, fail
from ..policy import parse_policy
from ..stats import win_probability
from ..sweep_table import game_label
from .play import (
    MAX_BUDGET,
    MAX_BUDGETS,
    MAX_GAMES,
    _check_executor,
    _check_players,
    _num,
    ladder,
)


# -- strength over budget ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BudgetPoint:
    """One search budget against the base policy: the search's rating relative to the base
    (Elo, 95% interval), the same as the chance to beat the base in a two-player game
    (``win``, ``win_lo``, ``win_hi``), and its CPU seconds per decision."""

    budget: int
    policy: str
    rating: float
    lo: float
    hi: float
    win: float
    win_lo: float
    win_hi: float
    decision_seconds: float
    games: int


@dataclass(frozen=True, slots=True)
class BudgetCurve:
    """Strength over budget: a :class:`BudgetPoint` per budget, all on the same deals."""

    game: str
    base: str
    search: str
    players: int
    seed: int
    points: tuple[BudgetPoint, ...]
    cpu_seconds: float

    def to_csv(self) -> str:
        """budget, policy, rating, lo, hi (Elo relative to the base), win, win_lo, win_hi,
        CPU seconds per decision, games (the CPU column is measured, not reproducible)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["budget", "policy", "rating", "lo", "hi", "win", "win_lo", "win_hi",
                         "cpu_per_decision", "games"])
        for p in self.points:
            writer.writerow([p.budget, p.policy, _num(p.rating), _num(p.lo), _num(p.hi),
                             f"{p.win:.3f}", f"{p.win_lo:.3f}", f"{p.win_hi:.3f}",
                             f"{p.decision_seconds:.6f}", p.games])
        return out.getvalue()

    def summary(self) -> list[str]:
        lines = [f"{p.policy}: {p.rating:+.0f} Elo [{p.lo:+.0f}, {p.hi:+.0f}] against "
                 f"{self.base} (beats it {p.win:.2f} [{p.win_lo:.2f}, {p.win_hi:.2f}] "
                 f"head to head), {p.decision_seconds * 1000:.2f} ms CPU per decision, "
                 f"{p.games} games" for p in self.points]
        lines.append(f"{self.game} at {self.players} seats, seed {self.seed}: "
                     f"{self.cpu_seconds:.1f} s CPU")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary())

    def chart(self, title: str = "") -> Any:
        """Rating against the base over the budget, with the 95% band (an SVG line chart;
        needs matplotlib). The x axis is the budget in iterations per decision."""
        from ..render import line_chart

        name = f"{self.search} against {self.base}"
        return line_chart({name: [(p.budget, p.rating) for p in self.points]},
                          bands={name: [(p.budget, p.lo, p.hi) for p in self.points]},
                          references=[(0.0, f"as strong as {self.base}")],
                          title=title or f"{game_label(self.game)}: strength over "
                                         "search budget (band: 95% interval)",
                          x_label="search budget (iterations per decision)",
                          y_label=f"Elo points ({self.base} = 0)")


def budget_curve(game: Any, *, base: str = "greedy", search: str = "mcts",
                 budgets: Sequence[int] = (4, 8, 16, 32), games: int = 20, seed: int = 0,
                 players: int | None = None, workers: int | None = None,
                 executor: cf.Executor | None = None, progress: bool = False) -> BudgetCurve:
    """For each budget ``b``: a two-policy :func:`ladder` of ``base`` against ``search:b``
    (``"mcts"`` or ``"gmcts"``), ``games`` games each on the same deals (the same seed), and
    the search's rating relative to the base. The default is cheap (20 games per budget: wide
    intervals; a chapter's figure wants a few hundred). One pool of workers serves every
    budget."""
    spec, module = sweep_plan.resolve_game(game)
    workers = _check_executor(executor, workers)
    if not isinstance(search, str) or search.strip() not in ("mcts", "gmcts"):
        raise fail("search", "'mcts' or 'gmcts'", search)
    search = search.strip()
    if not isinstance(base, str):
        raise fail("base", "a policy like 'greedy'", base)
    parse_policy(base)
    if isinstance(budgets, int) and not isinstance(budgets, bool):
        budgets = (budgets,)
    if isinstance(budgets, (str, bytes)) or not isinstance(budgets, (list, tuple)) or \
            not 1 <= len(budgets) <= MAX_BUDGETS:
        raise fail("budgets", f"a list of 1 to {MAX_BUDGETS} whole numbers of iterations",
                   budgets)
    sizes = sorted({check_int(b, "budgets", 1, MAX_BUDGET) for b in budgets})
    seed = check_int(seed, "seed", 0, MAX_SEED)
    count = _check_players(module, spec, players, 2)
    games = check_int(games, "games", 1, MAX_GAMES)
    own = None
    points = []
    cpu = 0.0
    try:
        if executor is None and workers != 1:
            own = executor = sweep_run.default_executor(workers, games=(module,))
        for size in sizes:
            policy = f"{search}:{size}"
            if policy == base.strip():
                raise fail("budgets", f"budgets whose policy is not the base {base}", size)
            result = ladder(spec, [base.strip(), policy], games=games, seed=seed,
                            players=count, workers=1 if executor is None else None,
                            executor=executor, progress=progress)
            rating = result.ratings[1]
            cpu += result.cpu_seconds
            points.append(BudgetPoint(
                size, policy, rating.rating, rating.lo, rating.hi,
                win_probability(rating.rating, 0.0), win_probability(rating.lo, 0.0),
                win_probability(rating.hi, 0.0), result.decision_seconds[1], games))
    finally:
        if own is not None:
            own.shutdown(wait=True)
    return BudgetCurve(spec, base.strip(), search, count, seed, tuple(points), cpu)


