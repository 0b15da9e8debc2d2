"""What a placement covers and whether it is legal: the categories of a covered square and the
:class:`Verdict` that :meth:`.board.Board.check_placement` returns (every broken rule at once,
with the rule ids DB-R10a/b/c, DB-R12, DB-R13 and DB-A15).

>>> from .board import Board
>>> verdict = Board().set_owner([(0, 4)], "blue").check_placement(
...     "blue", [(0, 4), (0, 5), (0, 6), (0, 7)])
>>> verdict.legal, verdict.counts()
(True, {'own': 1, 'unclaimed': 3})
"""

from __future__ import annotations

import dataclasses

from .notation import Cell, cell_name

# Categories of a covered square, from the placer's point of view.
OWN, OWN_ZERO, ENEMY, ENEMY_ZERO, ALLY_ZERO, UNCLAIMED, UNCLAIMED_ZERO, OFFBOARD, PROTECTED = (
    "own", "own Zero", "enemy", "enemy Zero", "partner's Zero", "unclaimed", "unclaimed Zero",
    "off board", "enemy protected start")

_EXPLAIN = {
    OWN: ("DB-R10c", "yours already: counts towards the own squares the placement needs"),
    OWN_ZERO: ("DB-R12", "your colour's Zero space: you may cover it; it counts as your own square"),
    ENEMY: ("DB-R13", "another colour's territory: taken only if the takeover rule is met"),
    ENEMY_ZERO: ("DB-R12", "another colour's claimed Zero space: no one else may cover it"),
    ALLY_ZERO: ("DB-R12", "your partner's Zero space: you may cover it, but it stays theirs"),
    UNCLAIMED: ("DB-R13", "unclaimed: free to claim, no restriction"),
    UNCLAIMED_ZERO: ("DB-R12", "an unclaimed Zero space: claimed like any unclaimed square, and "
                               "then protected for ever"),
    OFFBOARD: ("DB-R10b", "off the 17x17 board"),
    PROTECTED: ("DB-A15", "another colour's starting square, protected under this variant"),
}


@dataclasses.dataclass(frozen=True)
class Verdict:
    """Whether a placement is legal and why: every broken rule at once (like python-chess status()).

    ``reasons`` is the tuple of rule ids broken (empty when legal); ``messages`` one plain
    sentence per reason; ``squares`` lists each covered square with its category and value;
    ``takes`` are the squares it would claim if no higher card claims them first (DB-R11).
    """

    who: str
    cells: tuple[Cell, ...]
    reasons: tuple[str, ...]
    messages: tuple[str, ...]
    squares: tuple[tuple[Cell, str, int | None], ...]
    takes: frozenset[Cell]
    kept_by_enemy: frozenset[Cell] = frozenset()
    # The board judged on, for the picture (a :class:`.board.Board`): typed ``object`` because
    # the board module builds verdicts, and naming its class here would close an import cycle
    # (issue 26); :func:`.render.verdict_html` checks it is a Board before drawing it.
    board: object | None = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> bool:
        return not self.reasons

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for _, cat, _ in self.squares:
            out[cat] = out.get(cat, 0) + 1
        return out

    def explanation(self) -> list[tuple[str, int | None, str, str, str]]:
        """Rows (square, value, category, deciding rule, what happens) for a table."""
        rows = []
        for cell, cat, value in self.squares:
            rule, why = _EXPLAIN[cat]
            if cell in self.takes:
                effect = f"becomes {self.who}'s unless a higher card claims it first (DB-R11)"
            elif cat in (OWN, OWN_ZERO):
                effect = f"stays {self.who}'s"
            elif cell in self.kept_by_enemy:
                effect = "stays the other colour's (takeover failed, DB-A7)"
            elif cat == ALLY_ZERO:
                effect = "no change"
            elif cat in (ENEMY_ZERO, PROTECTED, OFFBOARD) or (
                    cat == ENEMY and "DB-R13" in self.reasons):
                effect = "forbids the placement"
            else:
                effect = "nothing happens: the placement is illegal" if self.reasons \
                    else "no change"
            rows.append((cell_name(cell), value, cat, rule, f"{why}; {effect}"))
        return rows

    def summary(self) -> str:
        if self.legal:
            return (f"legal for {self.who}: claims {len(self.takes)} square"
                    f"{'s' if len(self.takes) != 1 else ''}")
        return f"illegal for {self.who}: " + " ".join(
            f"[{r}] {m}" for r, m in zip(self.reasons, self.messages, strict=True))

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        from .render import verdict_html

        return str(verdict_html(self))


__all__ = ["Verdict", "OWN", "OWN_ZERO", "ENEMY", "ENEMY_ZERO", "ALLY_ZERO", "UNCLAIMED",
           "UNCLAIMED_ZERO", "OFFBOARD", "PROTECTED"]
