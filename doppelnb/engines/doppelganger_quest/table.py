"""What lies on the table: the Quest being played (:class:`QuestRound`), the token rows, the
animal, the log lines, and the questions every position answers about them (turn order, heroes,
who may take a unit, how many markers are left).

:class:`TableQueries` is the one place those questions are answered. The frozen
:class:`~.state.State` and the :class:`~.apply.Draft` building the next state both answer them,
and :mod:`.legal` asks them of either (the fast playout lists legal actions on a draft), so they
live here, below state.py and apply.py, rather than in either (state.py builds on apply.py).

>>> Lines.of(["a", "b"]).add("c")[-2:]
('b', 'c')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import immutables

from ...core.state import ActionLog
from .cards import CardSet, Hero, QuestCard
from .knowledge import ItemEvents
from .notation import target_name
from .rules import BAG, HAND_LIMIT, MARKER_SUPPLY, SET_ASIDE, Rules

#: A ping-pong or friendly-fire target: a seat, or ``"animal"``.
Target = int | str
#: The animal: (name, automatic damage, hit points, Damage taken, alive).
Animal = tuple[str, int, int, int, bool]
#: A row of Light or Darkness tokens: (token, face up).
TokenRow = tuple[tuple[str, bool], ...]


class Lines(ActionLog):
    """The game's log (or one player's private notes) as a persistent list of lines: a new
    state adds a node pointing at the old one, so no state copies the lines before it."""

    __slots__ = ()

    def add(self, text: str) -> Lines:
        return Lines(self, text)

    def __getitem__(self, index: Any) -> Any:
        return tuple(self)[index]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_lines_of, (list(self),))


def _lines_of(items: Iterable[str]) -> Lines | None:
    out: Lines | None = None
    for item in items:
        out = Lines(out, item)
    return out


def add_line(chain: Lines | None, text: str) -> Lines:
    """``chain`` with one more line (``chain`` may be empty)."""
    return Lines(chain, text)


def lines(chain: Lines | None) -> tuple[str, ...]:
    """The lines of ``chain`` as a tuple (oldest first)."""
    return () if chain is None else tuple(chain)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` with one copy of ``card`` removed."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


@dataclasses.dataclass(frozen=True)
class QuestRound:
    """Everything about the Quest being played (an immutable value)."""

    number: int
    card: QuestCard
    party: tuple[int, ...] = ()  # player seats in turn order (PL's left first, PL last)
    animal_in: bool = False
    passes: tuple[tuple[int, str], ...] = ()  # simultaneous pass: ((seat, card), ...)
    contributed: tuple[int, ...] = ()  # seats that contributed
    pool: tuple[str, ...] = ()
    given: tuple[tuple[int, str], ...] = ()  # ((seat, card), ...) face up
    rogue_used: bool = False
    poisoned: bool = False
    damage: int = 0            # Damage markers on the Quest card
    friendly: int = 0          # friendly-fire damage dealt this Quest
    bless: int = 0
    bag: tuple[int, int] = BAG  # (black, white)
    aside: tuple[int, int] = SET_ASIDE
    turn: int = 0
    drawn: tuple[str, ...] = ()  # dice drawn secretly this turn
    die: str | None = None     # the colour read (the shown die, after any Knight)
    kept: str | None = None    # the physical die kept out of the bag this turn
    face: int | None = None
    rerolled: int = 0
    knight_used: bool = False
    animal_attacks: int = 0
    ff_left: int = 0
    outcome: str | None = None

    def evolve(self, **changes: Any) -> QuestRound:
        """A copy with some fields changed (``dataclasses.replace`` without its overhead)."""
        new = object.__new__(QuestRound)
        attrs = new.__dict__
        attrs.update(self.__dict__)
        attrs.update(changes)
        return new

    def item_of(self, seat: int) -> str | None:
        for s, c in self.given:
            if s == seat:
                return c
        return None


def tuple_set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


# Decisions taken during a quest member's turn (the roller is q.party[q.turn]).
_TURN_DECISIONS = frozenset({"keep", "knight", "reroll", "ff", "fireball", "animal"})


class TableQueries:
    """Read-only questions about a position, answered alike by the frozen State and by the
    Draft building the next state (the fields are the State's, declared here for the type
    checker only: a mixin holds no data)."""

    __slots__ = ()

    players: int
    rules: Rules
    seed: int
    cards: CardSet
    pl: int
    loyalty: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    item_deck: tuple[str, ...]
    item_discard: tuple[str, ...]
    quest_deck: tuple[int, ...]
    quests_used: tuple[int, ...]
    light: TokenRow
    dark: TokenRow
    heroes: tuple[str | None, ...]
    damage: tuple[int, ...]
    exhausted: tuple[bool, ...]
    rerolls: tuple[int, ...]
    animal: Animal | None
    q: QuestRound | None
    quest_no: int
    queue: tuple[tuple[Any, ...], ...]
    pending: tuple[Any, ...] | None
    pp: immutables.Map[str, Any] | None
    winner: str | None
    end_reason: str
    log_chain: Lines | None
    secret_chains: tuple[Lines | None, ...]
    item_events: ItemEvents | None

    @property
    def _qr(self) -> QuestRound:
        """The Quest being played (only asked for while one is)."""
        q = self.q
        assert q is not None, "no Quest is being played"
        return q

    @property
    def _pp(self) -> immutables.Map[str, Any]:
        pp = self.pp
        assert pp is not None, "no ping-pong is under way"
        return pp

    @property
    def _animal(self) -> Animal:
        animal = self.animal
        assert animal is not None, "this table has no animal"
        return animal

    def _animal_alive(self) -> bool:
        return self.animal is not None and self.animal[4]

    @property
    def _pending(self) -> tuple[Any, ...]:
        pending = self.pending
        assert pending is not None, "nobody is to decide"
        return pending

    def _seat_order(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _turn_order(self, seats: Iterable[int]) -> tuple[int, ...]:
        return tuple(sorted(seats, key=lambda s: (s - self.pl - 1) % self.players))

    def _hero(self, seat: int) -> Hero:
        name = self.heroes[seat]
        assert name is not None, "heroes are drafted before anything else happens"
        return self.cards.hero(name)

    def _hp_left(self, seat: int) -> int:
        return self._hero(seat).hp - self.damage[seat]

    def roller(self) -> int | None:
        """The quest member whose turn it is (``None`` outside the turns)."""
        q = self.q
        if q is None or self.winner is not None or not q.party or q.turn >= len(q.party):
            return None
        if self.pending is None or self.pending[0] not in _TURN_DECISIONS:
            return None
        return q.party[q.turn]

    def _ability_holder(self, ability: str) -> int | None:
        if self.q is None:
            return None
        for seat in self.q.party:  # the one Rogue/Knight/... of the party
            if self._hero(seat).ability == ability:
                return seat
        return None

    def _ff_targets(self) -> list[Target]:
        targets: list[Target] = list(self._qr.party)
        if self._qr.animal_in and self._animal_alive() and self.rules.animals_ff_target:
            targets.append("animal")  # DQ-A10 (i)
        return targets

    def _tavern_options(self, seat: int) -> list[str]:
        out: list[str] = []
        if self.damage[seat] > 0:
            out.append("heal")
        if len(self.hands[seat]) < HAND_LIMIT and (self.item_deck or (
                self.rules.reshuffle_items and self.item_discard)):
            out.append("draw")
        if self._reroll_supply() > 0:
            out.append("reroll")
        return out

    def _reroll_supply(self) -> int:
        if not self.rules.limited_markers:
            return 1 << 30
        return MARKER_SUPPLY["rerolls"] - sum(self.rerolls)

    def _pp_targets(self) -> list[Target]:
        pp = self._pp
        cands: list[Target] = [t for t in pp["eligible"] if t != pp["last"]] if pp["pingpong"] \
            else list(pp["eligible"])
        if pp["kind"] == "heal" and self.rules.heal_requires_damage:  # DQ-A7
            hurt = [t for t in cands if self._damage_of(t) > 0]
            if hurt:
                cands = hurt
        if pp["kind"] == "items":  # DQ-A13: the hand limit binds draws
            cands = [t for t in cands if isinstance(t, int) and len(self.hands[t]) < HAND_LIMIT]
        return cands

    @staticmethod
    def _members_text(members: Iterable[Target]) -> str:
        return ", ".join(target_name(m) for m in members)

    def _damage_of(self, target: Target) -> int:
        if isinstance(target, str):
            return self._animal[3]
        return self.damage[target]

    def _markers_left(self) -> int:
        if not self.rules.limited_markers:  # DQ-A20
            return 1 << 30
        animal = self.animal[3] if self.animal is not None else 0
        on_quest = self.q.damage if self.q else 0
        return MARKER_SUPPLY["damage"] - sum(self.damage) - animal - on_quest

    def _supply(self, amount: int) -> int:
        """DQ-A20: with a limited supply, only the Damage markers left can be placed."""
        return max(0, min(amount, self._markers_left()))


__all__ = ["QuestRound", "TableQueries", "Lines", "Target", "Animal", "TokenRow", "lines",
           "add_line", "without", "tuple_set"]
