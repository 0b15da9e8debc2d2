"""The table every part of the engine reads: the Quest round, the shared history lines, and the
read-only questions about a position (turn order, heroes, who may take a unit).

:class:`TableQueries` is a mixin used both by the frozen :class:`~.state.State` and by the
mutable :class:`~.flow.Draft` that builds the next state, so each question is answered in one
place.

>>> Lines.of(["a", "b"]).add("c")[-2:]
('b', 'c')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from ...core.checks import check_choice
from ...core.frozen import FrozenMap
from ...core.state import ActionLog
from .cards import ABILITIES, CardSet, Hero, QuestCard
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


def target_name(target: Target) -> str:
    """``P3`` for seat 2, ``the animal`` for the animal."""
    return "the animal" if target == "animal" else f"P{int(target) + 1}"


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

    @property
    def members(self) -> tuple[int, ...]:
        return self.party

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


def pingpong_map(data: dict[str, Any]) -> FrozenMap[str, Any]:
    """The ping-pong's state (``State.pp``) as a :class:`FrozenMap` of ``data``, whose values
    are already immutable (strings, ints, ``None``, a tuple of seats): equal to
    ``FrozenMap(data)`` without its freezing of every value again. A playout to the end of the
    game hands out thousands of units one at a time, a map per unit, and that freezing (ABC
    checks of every value) was a tenth of the quest's search time. ``data`` is not kept by the
    caller."""
    pp: FrozenMap[str, Any] = FrozenMap()
    pp._data = data  # the map's own storage: frozen values, owned by it from here on
    return pp


def tuple_set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


_ARITY: dict[str, int] = {"hero": 1, "pass": 1, "discard": 1, "party": 2, "contribute": 1, "rogue": 1, "give": 1,
          "keep": 1, "pass_turn": 0, "knight": 1, "reroll": 1, "ff": 1, "fireball": 1,
          "animal": 1, "heal": 1, "rage": 1, "decline": 0, "tavern": 1, "target": 1, "hand": 1,
          "flip": 1, "peek": 2, "no_peek": 0, "give_reroll": 1}

# Decisions taken during a quest member's turn (the roller is q.party[q.turn]).
_TURN_DECISIONS = frozenset({"keep", "knight", "reroll", "ff", "fireball", "animal"})

# What each pending decision is, for messages: (rule, what the player must do)
_PENDING: dict[str, tuple[str, str]] = {
    "draft": ("DQ-R3", "pick a hero"), "pass": ("DQ-R13", "pass an Item card to the left"),
    "discard": ("DQ-A13", "discard down to the hand limit"),
    "party": ("DQ-R14", "choose the quest party"), "contribute": ("DQ-R15", "contribute an Item"),
    "rogue": ("DQ-R26", "decide on the Rogue's ability"),
    "give": ("DQ-R16", "hand out the pool"), "keep": ("DQ-R21", "keep one of the drawn dice"),
    "knight": ("DQ-R26", "decide on the Knight's ability"),
    "reroll": ("DQ-R38", "decide whether to spend a Re-roll marker"),
    "ff": ("DQ-R25", "choose the friendly-fire victim"),
    "fireball": ("DQ-R19", "decide whether to cast Fireball"),
    "animal": ("DQ-R24", "decide on the animal's attack"),
    "ability": ("DQ-R26", "use or decline a post-turn ability"),
    "tavern": ("DQ-R27", "choose a tavern action"),
    "target": ("DQ-R31", "give one ping-pong unit"), "hand": ("DQ-R31", "hand the rest on"),
    "flip": ("DQ-R29", "flip a face-down token"), "peek": ("DQ-R11", "peek or not"),
}


class TableQueries:
    """Read-only questions about a position, shared by the State and the Draft."""

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
    pp: FrozenMap[str, Any] | None
    winner: str | None
    end_reason: str
    log_chain: Lines | None
    secret_chains: tuple[Lines | None, ...]

    @property
    def _qr(self) -> QuestRound:
        """The Quest being played (only asked for while one is)."""
        q = self.q
        assert q is not None, "no Quest is being played"
        return q

    @property
    def _pp(self) -> FrozenMap[str, Any]:
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

    def ability_holder(self, ability: str) -> int | None:
        """The quest member whose hero has ``ability`` (``None`` if nobody)."""
        check_choice(ability, "ability", ABILITIES)
        return self._ability_holder(ability)

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
           "add_line", "target_name", "without", "tuple_set", "pingpong_map"]
