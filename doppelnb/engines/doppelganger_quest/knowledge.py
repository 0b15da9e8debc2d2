"""What a player knows about where the Item cards are: every card they have seen, followed
through every move they saw or could not see, for the determinizer (:mod:`.players`).

A card a player once saw does not leave their mind when it leaves their sight (DQ-R39 hides
it, it does not erase it): the card they passed to the left (DQ-R13) is in that neighbour's
hand unless the neighbour has since passed, contributed or discarded a card they could not see;
their own contribution that nobody received, the Party Leader's leftovers (DQ-R16) and the cards
received face up on an earlier Quest are in the discards until the discards are reshuffled
(DQ-A15); a card received from the right was in that neighbour's hand; a card they drew (the
tavern, DQ-R27; a reward, DQ-A23) came off the deck, one they discarded (the hand limit,
DQ-A13; a Berserker's cost, DQ-R26) is in the discards. The Party Leader who looks at the pool
also learns, by what is missing, which card went in the random discard. So a determinization
must not put such a card just anywhere.

The engine records every movement of an Item card in :class:`ItemEvents` (a persistent list,
shared with the states before it, as the log is), hidden card names included;
:func:`knowledge` is that list as one player saw it (a card they did not see becomes ``None``);
:class:`Whereabouts` follows the cards the player has seen through those events and keeps every
placement of them that some history consistent with what they saw leads to.

A placement is counted the way a multiset of cards is: cards that are interchangeable for the
player (all certainly in one place, such as the discards they saw go in, or the cards of one
class spread the same way since) form one class, and a placement records how many of each class
lie in each place. A class splits when one of its cards is seen again, and classes certainly in
one place merge; so the cards reshuffled into the deck do not multiply the placements by every
way to choose which of them were drawn.

Limit: the placements can still multiply when the cards a player passed wander round the table
(each neighbour passing and contributing cards the player cannot see); past
:data:`MAX_PLACEMENTS` a seeded choice of them is kept (:meth:`Whereabouts._thin`): every sample
is still consistent, but no longer exactly uniform.

>>> from .state import new_game
>>> s = new_game(4, seed=2)
>>> [e[0] for e in knowledge(s.item_events, 0, 4)]
['deal']
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.state import ActionLog

#: How many placements :class:`Whereabouts` keeps: past it (long games with eight players,
#: where the cards a player passed have wandered round the table) it keeps a seeded choice of
#: them, for a search's time per decision (see :meth:`Whereabouts._thin`).
MAX_PLACEMENTS = 400

#: A placement: for each class of seen cards, how many lie in each place (one count a place).
Placement = tuple[tuple[int, ...], ...]


class ItemEvents(ActionLog):
    """Every movement of an Item card so far, oldest first, hidden names included: never shown
    to anyone as it is, only through :func:`knowledge`. Each event is a tuple:

    ``("deal", hands)``, ``("passes", ((seat, card), ...))`` (DQ-A25: chosen at once, then
    received), ``("pass", seat, card)`` (sequential passing), ``("discard", seat, card)`` (from
    a hand: the hand limit, DQ-A13, or a Berserker's cost, DQ-R26), ``("contribute", seat,
    card)`` (DQ-R15), ``("draw", seat or "pool", card)`` (the deck's top card), ``("reshuffle",)``
    (DQ-A15), ``("random_discard", card)`` (DQ-R16), ``("look", seat, cards)`` (the Party Leader
    looks at the pool), ``("give", seat, card)`` (face up), ``("leftovers",)`` (the rest of the
    pool, discarded unseen), ``("spend",)`` (the face-up cards go to the discards)."""

    # ``_seen``: a memo, per player, of :class:`Whereabouts` after this event (a search asks at
    # every decision; each then follows only the events since its last one). Not part of the
    # value: equality, hashing and pickling see the events only.
    __slots__ = ("_seen",)
    _seen: dict[int, tuple[Any, ...]]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_events_of, (list(self),))


def _events_of(items: Iterable[Any]) -> ItemEvents | None:
    out: ItemEvents | None = None
    for item in items:
        out = ItemEvents(out, item)
    return out


def knowledge(events: ItemEvents | None, player: int, players: int) -> tuple[Any, ...]:
    """The events as ``player`` saw them: the same tuples with every card ``player`` did not
    see replaced by ``None`` (another's dealt hand by its size). Public events (the face-up
    cards, reshuffles) stay as they are. Two states ``player`` cannot tell apart have the same
    knowledge; a determinization keeps it (filtering it again changes nothing)."""
    return tuple(as_seen(event, player, players) for event in (events or ()))


def as_seen(event: Any, player: int, players: int) -> Any:
    """One event of :class:`ItemEvents` as ``player`` saw it (see :func:`knowledge`)."""
    kind = event[0]
    if kind == "deal":
        return ("deal", tuple(h if p == player or isinstance(h, int) else len(h)
                              for p, h in enumerate(event[1])))
    if kind == "passes":  # the passer and the receiver see the card
        return ("passes", tuple((s, c if player in (s, (s + 1) % players) else None)
                                for s, c in event[1]))
    if kind == "pass":
        seat = event[1]
        return ("pass", seat, event[2] if player in (seat, (seat + 1) % players) else None)
    if kind in ("discard", "contribute", "draw", "look"):
        return (kind, event[1], event[2] if event[1] == player else None)
    if kind == "random_discard":  # face down: nobody sees it
        return ("random_discard", None)
    return event


class Whereabouts:
    """Every placement of the cards ``player`` has seen that a history consistent with what
    they saw leads to, built from :func:`knowledge`; :meth:`sample` draws a placement of every
    Item card uniformly among the worlds consistent with it.

    Places: each seat's hand (``0 .. n-1``), the deck, the discards, the pool, the face-up
    cards, and one place a seat for a card being passed (DQ-A25: chosen before any is received).
    Cards the player never saw are interchangeable: they fill the room the seen cards leave, so
    a placement stands for ``multinomial(unseen; room of each place)`` worlds, times the ways to
    choose which cards of each class lie where.
    """

    def __init__(self, players: int, player: int, every_card: Sequence[str],
                 limit: int = MAX_PLACEMENTS) -> None:
        n = self.n = players
        self.limit = limit
        self.me = player
        self.every_card = tuple(every_card)
        self.deck, self.discard, self.pool, self.given = n, n + 1, n + 2, n + 3
        self.zones = 2 * n + 4  # the hands, deck, discards, pool, face-up cards, passes
        self.size = [0] * self.zones
        self.classes: list[list[str]] = []
        self.class_of: dict[str, int] = {}
        self.placements: set[Placement] = {()}
        self.broken = False  # events that do not fit the sizes (a state arranged by hand)
        self.followed = 0  # events followed so far
        self.thinned = 0  # times the placements were thinned to MAX_PLACEMENTS

    def snapshot(self) -> tuple[Any, ...]:
        """Everything :meth:`follow` has worked out, as values (for the memo)."""
        return (frozenset(self.placements), tuple(tuple(m) for m in self.classes),
                tuple(self.size), self.broken, self.followed, self.thinned)

    def restore(self, snapshot: tuple[Any, ...]) -> Whereabouts:
        placements, classes, size, self.broken, self.followed, self.thinned = snapshot
        self.placements = set(placements)
        self.classes = [list(m) for m in classes]
        self.class_of = {card: i for i, members in enumerate(self.classes) for card in members}
        self.size = list(size)
        return self

    # -- the moves ---------------------------------------------------------------------------
    def _room(self, placement: Placement, zone: int) -> int:
        """How many cards the player never saw lie in ``zone`` in ``placement``."""
        return self.size[zone] - sum(counts[zone] for counts in placement)

    def _unit(self, zone: int) -> tuple[int, ...]:
        counts = [0] * self.zones
        counts[zone] = 1
        return tuple(counts)

    def _resize(self, src: int, dst: int, count: int = 1) -> None:
        self.size[src] -= count
        self.size[dst] += count
        if self.size[src] < 0:
            self.broken = True

    def unseen_move(self, src: int, dst: int) -> None:
        """One card ``player`` did not see moves from ``src`` to ``dst``: any seen card that may
        lie in ``src``, or one of the cards never seen."""
        out: set[Placement] = set()
        for placement in self.placements:
            if self._room(placement, src) > 0:
                out.add(placement)
            for c, counts in enumerate(placement):
                if counts[src]:
                    moved = list(counts)
                    moved[src] -= 1
                    moved[dst] += 1
                    out.add(placement[:c] + (tuple(moved),) + placement[c + 1:])
        self.placements = out
        self._resize(src, dst)

    def seen_move(self, card: str, src: int, dst: int) -> None:
        """``player`` sees ``card`` move from ``src`` to ``dst`` (``src == dst``: sees it there):
        the placements where it could not lie in ``src`` go."""
        c = self.class_of.get(card)
        if c is None:  # first seen: one of the never-seen cards in src
            self.placements = {placement + (self._unit(dst),) for placement in self.placements
                               if self._room(placement, src) > 0}
            self.class_of[card] = len(self.classes)
            self.classes.append([card])
        else:
            members = self.classes[c]
            out: set[Placement] = set()
            for placement in self.placements:
                counts = placement[c]
                if not counts[src]:
                    continue
                rest = list(counts)
                rest[src] -= 1
                if len(members) == 1:
                    rest[dst] += 1
                    out.add(placement[:c] + (tuple(rest),) + placement[c + 1:])
                else:  # the card leaves its class: the others stay interchangeable
                    out.add(placement[:c] + (tuple(rest),) + placement[c + 1:] +
                            (self._unit(dst),))
            if len(members) > 1:
                members.remove(card)
                self.class_of[card] = len(self.classes)
                self.classes.append([card])
            self.placements = out
        if src != dst:
            self._resize(src, dst)

    def move_all(self, src: int, dst: int) -> None:
        """Every card in ``src`` moves to ``dst`` (a reshuffle, the pool's leftovers)."""
        out = set()
        for placement in self.placements:
            new = []
            for counts in placement:
                if counts[src]:
                    moved = list(counts)
                    moved[dst] += moved[src]
                    moved[src] = 0
                    counts = tuple(moved)
                new.append(counts)
            out.add(tuple(new))
        self.placements = out
        self._resize(src, dst, self.size[src])

    def _merge(self) -> None:
        """Classes certainly in one place (the same in every placement) become one class:
        whatever happens next treats their cards alike until one is seen again."""
        if not self.placements or len(self.classes) < 2:
            return
        first = next(iter(self.placements))
        where: dict[int, list[int]] = {}
        for c, counts in enumerate(first):
            if sum(counts) == max(counts) and all(p[c] == counts for p in self.placements):
                where.setdefault(counts.index(max(counts)), []).append(c)
        groups = [cs for cs in where.values() if len(cs) > 1]
        if not groups:
            return
        gone = {c for cs in groups for c in cs[1:]}
        keep = [c for c in range(len(self.classes)) if c not in gone]
        for cs in groups:
            self.classes[cs[0]] = [card for c in cs for card in self.classes[c]]
        self.classes = [self.classes[c] for c in keep]
        self.class_of = {card: i for i, members in enumerate(self.classes) for card in members}
        out = set()
        for placement in self.placements:
            merged = list(placement)
            for cs in groups:
                merged[cs[0]] = tuple(sum(col) for col in zip(*(placement[c] for c in cs),
                                                                strict=True))
            out.add(tuple(merged[c] for c in keep))
        self.placements = out

    # -- the events --------------------------------------------------------------------------
    def _move(self, card: str | None, src: int, dst: int) -> None:
        if card is None:
            self.unseen_move(src, dst)
        else:
            self.seen_move(card, src, dst)

    def follow(self, events: Iterable[Any]) -> Whereabouts:
        """Follow ``events`` (:func:`knowledge`), oldest first."""
        n = self.n
        for event in events:
            kind = event[0]
            if kind == "deal":
                for seat, hand in enumerate(event[1]):
                    self.size[seat] = hand if isinstance(hand, int) else len(hand)
                self.size[self.deck] = len(self.every_card) - sum(self.size[:n])
                for seat, hand in enumerate(event[1]):
                    for card in () if isinstance(hand, int) else hand:
                        self.seen_move(card, seat, seat)
            elif kind == "passes":  # DQ-A25: every card leaves its hand, then all arrive
                for seat, card in event[1]:
                    self._move(card, seat, n + 4 + seat)
                for seat, _ in event[1]:
                    self.move_all(n + 4 + seat, (seat + 1) % n)
            elif kind == "pass":
                self._move(event[2], event[1], (event[1] + 1) % n)
            elif kind == "discard":
                self._move(event[2], event[1], self.discard)
            elif kind == "contribute":
                self._move(event[2], event[1], self.pool)
            elif kind == "draw":
                self._move(event[2], self.deck, self.pool if event[1] == "pool" else event[1])
            elif kind == "reshuffle":
                self.move_all(self.discard, self.deck)
            elif kind == "random_discard":
                self._move(event[1], self.pool, self.discard)
            elif kind == "look":
                for card in event[2] or ():
                    self.seen_move(card, self.pool, self.pool)
            elif kind == "give":
                self.seen_move(event[2], self.pool, self.given)
            elif kind == "leftovers":
                self.move_all(self.pool, self.discard)
            elif kind == "spend":
                self.move_all(self.given, self.discard)
            self._merge()
            self.followed += 1
            if len(self.placements) > self.limit:
                self._thin()
        return self

    def _thin(self) -> None:
        """Keep ``limit`` (:data:`MAX_PLACEMENTS`) of the placements, drawn from a stream seeded by the number
        of events followed (so by the player's knowledge alone, never by the hidden truth).
        Each kept placement is still one some history leads to, so a sample still contradicts
        nothing the player saw; it is no longer exactly uniform over all of them."""
        keep = random.Random(self.followed).sample(sorted(self.placements), self.limit)
        self.placements = set(keep)
        self.thinned += 1

    def see(self, card: str, zone: int) -> None:
        """``player`` sees ``card`` in ``zone`` now (their hand, the face-up cards)."""
        self.seen_move(card, zone, zone)

    # -- sampling ----------------------------------------------------------------------------
    def prepare(self) -> None:
        """The placements in a fixed order and their weights: the number of worlds each stands
        for (which cards of each class lie where, which never-seen cards fill the room)."""
        if not self.placements:
            self.broken = True
        seen = set(self.class_of)
        self.unseen = sorted(c for c in self.every_card if c not in seen)
        self.order = sorted(self.placements)
        total = 0
        self.cumulative: list[int] = []
        # per placement, what sample deals: each class's cards spread over their places, the
        # room left for the never-seen cards, and whether the deck mixes cards of several
        # sources (then its order is shuffled once more)
        self._plans: list[tuple[Any, ...]] = []
        size = self.size
        for placement in self.order:
            used = [sum(column) for column in zip(*placement, strict=True)] if placement else \
                [0] * self.zones
            rooms = [s - u for s, u in zip(size, used, strict=True)]
            weight = _multinomial(len(self.unseen), rooms)
            parts = []
            sources = int(rooms[self.deck] > 0)
            for members, counts in zip(self.classes, placement, strict=True):
                weight *= _multinomial(len(members), counts)
                spread = tuple((z, k) for z, k in enumerate(counts) if k)
                parts.append((tuple(members), spread))
                sources += counts[self.deck] > 0
            self._plans.append((tuple(parts), tuple((z, r) for z, r in enumerate(rooms) if r),
                                sources > 1))
            total += weight
            self.cumulative.append(total)
        self.total = total

    def sample(self, rng: random.Random) -> list[list[str]]:
        """The cards of each place (hands, deck, discards, pool, face-up): one world uniform
        among the consistent ones. The deck is in a uniformly random order (its order is what
        is left to chance: draws come off its top); a hand or another pile is a set, whose
        order the rules never read, so it is left as dealt here (the seen cards first)."""
        index = 0
        if len(self.order) > 1:
            pick = rng.randrange(self.total)
            lo, hi = 0, len(self.order) - 1
            while lo < hi:  # the first placement whose cumulative weight exceeds pick
                mid = (lo + hi) // 2
                if self.cumulative[mid] > pick:
                    hi = mid
                else:
                    lo = mid + 1
            index = lo
        parts, rooms, mixed = self._plans[index]
        places: list[list[str]] = [[] for _ in range(self.zones)]
        for members, spread in parts:
            cards = members
            if len(spread) > 1 and len(members) > 1:
                cards = list(members)
                rng.shuffle(cards)
            i = 0
            for zone, count in spread:
                places[zone] += cards[i:i + count]
                i += count
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        i = 0
        for zone, room in rooms:
            places[zone] += unseen[i:i + room]
            i += room
        if mixed:
            rng.shuffle(places[self.deck])
        return places


def whereabouts_after(events: ItemEvents | None, player: int, players: int,
                      every_card: Sequence[str]) -> tuple[Whereabouts, ItemEvents | None]:
    """:class:`Whereabouts` after ``events``, and the events as ``player`` saw them (the chain
    of :func:`knowledge`, what a determinization keeps), following only the events after the
    newest one a memo holds for ``player`` (a search asks at every decision of a game), and
    leaving a memo on the newest event. The same as following :func:`knowledge` from the
    deal."""
    where = Whereabouts(players, player, every_card)
    seen: ItemEvents | None = None
    todo: list[Any] = []
    node: ActionLog | None = events
    while node is not None:
        memo = getattr(node, "_seen", None)
        if memo is not None and player in memo:
            snapshot, seen = memo[player]
            where.restore(snapshot)
            break
        todo.append(as_seen(node.action, player, players))
        node = node.parent
    todo.reverse()
    where.follow(todo)
    for event in todo:
        seen = ItemEvents(seen, event)
    if events is not None and todo:
        memo = getattr(events, "_seen", None)
        if memo is None:
            memo = {}
            events._seen = memo
        memo[player] = (where.snapshot(), seen)
    return where, seen


def _multinomial(total: int, parts: Iterable[int]) -> int:
    out = _factorial(total)
    for part in parts:
        if part > 1:
            out //= _factorial(part)
    return out


@functools.cache
def _factorial(n: int) -> int:
    return math.factorial(n)


__all__ = ["ItemEvents", "knowledge", "as_seen", "Whereabouts", "whereabouts_after",
           "MAX_PLACEMENTS"]
