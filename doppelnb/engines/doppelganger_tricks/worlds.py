"""A search's worlds, drawn a batch at a time: the other hands, the forecasts still secret and
every later round's deal, uniform over what one player cannot tell apart (issue 27).

A world is a :class:`.state.State` a search plays out: the player's own hand and everything
public as they are, the hidden parts drawn again. :class:`WorldSampler` draws them for one
decision, ``batch`` worlds at a time (a search's 32 iterations take one batch):

- **the other hands**, uniform over the deals that keep each hand's size and the voids the
  seats showed (:class:`HiddenDeal`): a count table drawn with exact integer weights
  (:meth:`HiddenDeal.splits`), then each group's cards in a uniform random order handed out in
  the table's counts;
- **the forecasts still secret** (DT-R6), each uniform over the legal forecasts;
- **the later rounds' deals** (DT-R4): the world's :class:`.kernel.Book` carries them
  (``Book.deals``), so its later rounds are as unforeseeable as the game's and its playouts
  deal nothing. Before, a world drew a new seed and every playout dealt each later round from
  it (a SHA-256 stream and a 40-card ``shuffle``, about 25 µs a round, a fifth of a playout);
  a game still deals from its seed, so every record is unchanged.

A uniform random order is the cards sorted by independent uniform keys, a batch's drawn at once
by numpy from a generator seeded from ``rng`` (:func:`random_keys`). The handing out is
:func:`hand_out`, vectorised with numpy over the batch; :func:`hand_out_plain` is the same in
plain Python, one world at a time, and the tests hold the two to the same masks.

>>> import random
>>> keys, = random_keys(random.Random(1), (2, 4))
>>> counts = [[(2, 2)], [(1, 3)]]  # per world, per run of cards: the cards each seat gets
>>> fast = hand_out(keys, (3, 5, 11, 12), ((0, 4),), counts)
>>> fast == [hand_out_plain(list(keys[b]), (3, 5, 11, 12), ((0, 4),), counts[b]) for b in (0, 1)]
True
>>> [bin(m).count("1") for m in fast[1]]
[1, 3]
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ...core.checks import check_instance
from .codes import mask_cards
from .deal import DECK_CODES
from .kernel import Book, Moment
from .notation import SUITS, Card, sort_hand
from .state import State, _state

#: Worlds drawn at once by a search's sampler (a decision of ``mcts:32`` takes one batch).
BATCH: Final = 32


class HiddenDeal:
    """The deals of ``pool`` (the cards the other seats hold together) to ``sizes`` (seat ->
    hand size) in which no seat holds a card of a suit in ``voids[seat]``, and uniform samples
    of them. Built once per search decision (:func:`.players.prepare_determinize`), so the
    constraints and the table of deal counts are worked out once, not once per iteration.

    A sample is uniform over every such deal. How: the pool falls into *groups*, each suit some
    seat lacks and then every other card together (cards anybody may hold). A deal has a
    *count table* (how many cards of each group each seat gets), and the deals with a given
    table number the product over groups of multinomial coefficients (the group's cards split
    among the seats in those counts). So a table is drawn with probability proportional to that
    number, from exact counts (Python integers) of the ways to complete the deal group by group
    (:meth:`_completions`, a small dynamic programme over the room left in each seat: at most 3
    other seats and 4 groups; the last group, which anybody may hold, fills the room left in
    one multinomial), then each group's cards are put in a uniform random order and handed
    out in the table's counts (:meth:`deal`; a search's worlds, :class:`WorldSampler`). (The sampler
    before issue 27 dealt card by card, each to a seat drawn in proportion to its room and kept
    only if the rest still fitted: with voids that favours some deals over others.)

    >>> from .notation import cards
    >>> h = HiddenDeal(cards("1C 2C 3T 4T"), {1: 2, 2: 2}, {1: {"C"}, 2: set()})
    >>> h.count(), h.deal(random.Random(0))[1]  # seat 1 lacks C: both C cards go to seat 2
    (1, ['3T', '4T'])
    >>> HiddenDeal(cards("1C 2C 3T 4T"), {1: 2, 2: 2}, {1: set(), 2: set()}).count()
    6
    """

    __slots__ = ("pool", "seats", "sizes", "groups", "allowed", "_memo", "unconstrained",
                 "codes", "runs")

    def __init__(self, pool: tuple[Card, ...], sizes: dict[int, int],
                 voids: dict[int, set[str]]) -> None:
        # The pool in deck order (so the draws never depend on how a caller ordered it).
        self.pool = sort_hand(pool)
        self.seats = tuple(sorted(sizes))
        self.sizes = tuple(sizes[q] for q in self.seats)
        if sum(self.sizes) != len(self.pool):
            raise AssertionError("the hand sizes do not add up to the unseen cards")
        suits = tuple(x for x in SUITS if any(c.suit == x for c in self.pool))
        everyone = tuple(range(len(self.seats)))
        # per suit, the seats that may hold it (places in ``seats``)
        may = {x: tuple(i for i, q in enumerate(self.seats) if x not in voids[q]) for x in suits}
        tight = [x for x in suits if may[x] != everyone]
        free = tuple(c for c in self.pool if may[c.suit] == everyone)
        # The groups a deal is counted and drawn over: each suit some seat lacks, then every
        # card anybody may hold as one group (its ways to fill the room left are one
        # multinomial: the last level of :meth:`_completions`), or only that group when nobody
        # showed a void in a suit still unseen.
        last = bool(free) or not tight  # (an empty pool is one empty group)
        self.groups = tuple(tuple(c for c in self.pool if c.suit == x) for x in tight) + (
            (free,) if last else ())
        self.allowed = tuple(may[x] for x in tight) + ((everyone,) if last else ())
        # The counts depend only on the groups' sizes and who may hold them: shared by every
        # pool of that shape (the decisions of a game meet the same shapes again).
        self._memo = _shared_memo(tuple(map(len, self.groups)), self.allowed)
        #: nobody showed a void in a suit still unseen: every deal of the right sizes fits
        self.unconstrained = not tight
        # The pool as card codes, group by group, and the runs of it a deal hands out in turn.
        self.codes = tuple(c.index for cards in self.groups for c in cards)
        ends = list(itertools.accumulate(len(cards) for cards in self.groups))
        self.runs = tuple(zip([0, *ends[:-1]], ends, strict=True))

    def count(self) -> int:
        """How many consistent deals there are (the number the samples are uniform over)."""
        return self._completions(0, self.sizes)[0]

    def _completions(self, i: int, room: tuple[int, ...]
                     ) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
        """The number of ways to deal groups ``i..`` into exactly the ``room`` left in each
        seat, and the choices for group ``i``: (ways, counts per seat) for each split with
        ways > 0. Memoized: the same room is reached by many splits of the earlier groups."""
        key = (i, room)
        memo = self._memo
        done = memo.get(key)
        if done is not None:
            return done
        result: tuple[int, list[tuple[int, tuple[int, ...]]]]
        suits = len(self.groups)
        if i == suits:
            result = (int(not any(room)), [])
        elif i == suits - 1:
            # The last group must fill the room exactly: its one split is the room itself (the
            # one the loop below would keep), if the seats with room may all hold the group.
            cards = len(self.groups[i])
            allowed = self.allowed[i]
            if sum(room) == cards and all(not r or j in allowed for j, r in enumerate(room)):
                ways = _multinomial(cards, room)
                result = (ways, [(ways, room)])
            else:
                result = (0, [])
        else:
            choices = []
            total = 0
            cards = len(self.groups[i])
            after_key = i + 1
            for split in _splits(cards, self.allowed[i], room):
                after = tuple(map(operator.sub, room, split))
                found = memo.get((after_key, after))
                rest = (found if found is not None else self._completions(after_key, after))[0]
                if rest:
                    ways = _multinomial(cards, split) * rest
                    choices.append((ways, split))
                    total += ways
            result = (total, choices)
        memo[key] = result
        return result

    def splits(self, rng: random.Random) -> tuple[tuple[int, ...], ...]:
        """A count table drawn with probability proportional to its number of deals (exact
        integers): per group (a run of :attr:`codes`, :attr:`runs`), how many of its cards each
        seat gets. Unconstrained: one group, the pool, in the hand sizes (nothing drawn)."""
        if self.unconstrained:  # one group, dealt in the hand sizes
            return (self.sizes,)
        room = self.sizes
        memo = self._memo
        out = []
        for i in range(len(self.groups)):
            found = memo.get((i, room))  # worked out by the first sample of the decision
            total, choices = found if found is not None else self._completions(i, room)
            if not total:  # cannot happen: the true deal satisfies every public constraint
                raise AssertionError("no consistent deal")
            split = _pick(choices, rng.randrange(total))
            out.append(split)
            room = tuple(map(operator.sub, room, split))
        return tuple(out)

    def deal(self, rng: random.Random) -> dict[int, list[Card]]:
        """One deal of the pool to the other seats, uniform over the consistent ones: a table
        (:meth:`splits`), then each run's cards in the order of random keys
        (:func:`hand_out_plain`), the draws a search's world makes for its hands."""
        table = self.splits(rng)
        keys = random_keys(rng, (1, len(self.codes)))[0][0].tolist()
        masks = hand_out_plain(keys, self.codes, self.runs, table)
        return {q: list(mask_cards(mask)) for q, mask in zip(self.seats, masks, strict=True)}


Memo = dict[tuple[int, tuple[int, ...]], tuple[int, list[tuple[int, tuple[int, ...]]]]]


@functools.lru_cache(maxsize=1 << 10)
def _shared_memo(lengths: tuple[int, ...], allowed: tuple[tuple[int, ...], ...]) -> Memo:
    """The one memo of :meth:`HiddenDeal._completions` for pools of this shape (filled as the
    counts are worked out)."""
    return {}


def _pick(choices: list[tuple[int, tuple[int, ...]]], at: int) -> tuple[int, ...]:
    """The split whose share of the ways holds position ``at`` (``0 <= at <`` their sum)."""
    for ways, split in choices:
        if at < ways:
            return split
        at -= ways
    raise AssertionError("position past the total")


@functools.lru_cache(maxsize=1 << 14)
def _splits(cards: int, allowed: tuple[int, ...], room: tuple[int, ...]
            ) -> tuple[tuple[int, ...], ...]:
    """Every way to give ``cards`` cards of one group to the seats: counts per seat, zero for
    a seat not in ``allowed``, at most each seat's ``room``; in lexicographic order of the
    counts of the ``allowed`` seats (the order :meth:`HiddenDeal.splits` draws a split from). The last
    allowed seat takes what is left, so only the others' counts are enumerated. Kept (a
    pure function of small tuples): the decisions of a game meet the same shapes again."""
    out: list[tuple[int, ...]] = []
    if not allowed:
        return ((0,) * len(room),) if not cards else ()
    *free, last = allowed
    for counts in itertools.product(*(range(min(cards, room[q]) + 1) for q in free)):
        left = cards - sum(counts)
        if 0 <= left <= room[last]:
            split = [0] * len(room)
            for q, k in zip(free, counts, strict=True):
                split[q] = k
            split[last] = left
            out.append(tuple(split))
    return tuple(out)


def _multinomial(total: int, parts: tuple[int, ...]) -> int:
    """``total! / prod(part!)``: the ways to split ``total`` distinct cards in those counts."""
    out = _FACTORIALS[total]
    for k in parts:
        out //= _FACTORIALS[k]
    return out


#: ``k!`` for every number of cards a deal can hold.
_FACTORIALS: Final[tuple[int, ...]] = tuple(math.factorial(k) for k in range(41))


def random_keys(rng: random.Random, *shapes: tuple[int, int]) -> list[np.ndarray[Any, Any]]:
    """Arrays of the given shapes of independent uniform keys in [0, 1), from numpy's PCG64
    generator seeded by one ``rng.getrandbits(128)`` (numpy draws them a hundred times faster
    than ``rng.random``)."""
    generator = np.random.Generator(np.random.PCG64(rng.getrandbits(128)))
    return [generator.random(shape) for shape in shapes]


def hand_out_plain(keys: Sequence[float], codes: Sequence[int], runs: Sequence[tuple[int, int]],
                   counts: Sequence[Sequence[int]]) -> list[int]:
    """One world's hands as bit masks, in plain Python: for each run ``(start, stop)`` of
    ``codes`` (a suit, or the whole pool), its cards sorted by their keys, the first
    ``counts[run][0]`` to the first seat, the next ``counts[run][1]`` to the second, and so on.
    The reference :func:`hand_out` is tested against. (The key of a card in run ``r`` is its
    key plus ``r``, the sum :func:`hand_out` sorts by: equal keys, about once in 10^12 deals,
    are the one case the two may order differently.)"""
    masks = [0] * len(counts[0])
    for r, ((start, stop), split) in enumerate(zip(runs, counts, strict=True)):
        order = sorted(range(start, stop), key=lambda i: keys[i] + r)
        at = 0
        for seat, k in enumerate(split):
            for i in order[at:at + k]:
                masks[seat] |= 1 << codes[i]
            at += k
    return masks


def hand_out(keys: np.ndarray[Any, Any], codes: Sequence[int],
             runs: Sequence[tuple[int, int]], counts: Any) -> list[list[int]]:
    """:func:`hand_out_plain` for a batch of worlds at once (``keys`` one row per world;
    ``counts[world][run][seat]``, or one ``[run][seat]`` table for every world), vectorised: one
    ``argsort`` of the keys plus each card's run number orders every run in place, the cards'
    bits in that order are summed cumulatively, and the mask of a seat in a run is the
    difference of the sums at its first card and past its last (distinct bits: a sum is an OR,
    and a 40-bit mask fits ``int64``); a seat's hand is its masks over the runs summed."""
    worlds, cards = keys.shape
    table = np.asarray(counts, dtype=np.int64)
    table = table.reshape(-1, len(runs) * table.shape[-1])  # world x (run, seat)
    seats = table.shape[1] // len(runs)
    if len(runs) > 1:
        keys = keys + np.repeat(np.arange(len(runs)), [stop - start for start, stop in runs])
    order = np.argsort(keys, axis=1)
    bits = np.left_shift(np.int64(1), np.asarray(codes, dtype=np.int64)[order])
    sums = np.zeros((worlds, cards + 1), dtype=np.int64)
    np.cumsum(bits, axis=1, out=sums[:, 1:])
    edges = np.zeros((len(table), table.shape[1] + 1), dtype=np.int64)
    np.cumsum(table, axis=1, out=edges[:, 1:])
    ends = np.take_along_axis(sums, np.broadcast_to(edges, (worlds, edges.shape[1])), axis=1)
    out: list[list[int]] = np.diff(ends, axis=1).reshape(worlds, len(runs), seats).sum(
        axis=1).tolist()
    return out


class WorldSampler:
    """``determinize(state, player, ·)`` for one decision: the constraints worked out once,
    worlds drawn ``batch`` at a time from the ``rng`` of the first call of each batch, then one
    world a call. Each world is uniform (see the module) and the worlds of a batch independent;
    ``determinize`` is a sampler of batch 1. A sampler serves one search: the worlds it hands
    out come from the stream of the call that drew their batch."""

    __slots__ = ("state", "player", "hidden", "batch", "later", "secret", "_ready")

    def __init__(self, state: State, player: int, hidden: HiddenDeal, batch: int = BATCH) -> None:
        self.state = state
        self.player = player
        self.hidden = hidden
        self.batch = batch
        #: the rounds still to be dealt after this one (DT-R20: as many rounds as players)
        self.later = state.players - 1 - state.moment.book.round
        self.secret = state.phase == "forecast"  # DT-R6: the others' forecasts still secret
        self._ready: list[State] = []

    def __call__(self, rng: random.Random) -> State:
        check_instance(rng, "rng", random.Random, expected="a random.Random")
        if not self._ready:
            self._ready = self.draw(rng, self.batch)
            self._ready.reverse()  # handed out in the order drawn
        return self._ready.pop()

    def draw(self, rng: random.Random, count: int) -> list[State]:
        """``count`` worlds, drawn in this order from ``rng``: each world's count table,
        the keys ordering the hidden cards, the keys of the later deals, each world's secret
        forecasts."""
        s = self.state
        m = s.moment
        n = m.n
        hidden = self.hidden
        tables = [hidden.splits(rng) for _ in range(count)]
        deck = DECK_CODES[n]
        keys, later_keys = random_keys(rng, (count, len(hidden.codes)),
                                       (count * self.later, len(deck)))
        hands = hand_out(keys, hidden.codes, hidden.runs,
                         tables[0] if hidden.unconstrained else tables)
        later: list[list[int]] = []
        if self.later:
            later = hand_out(later_keys, deck, ((0, len(deck)),), ((len(deck) // n,) * n,))
        book = m.book
        player = self.player
        options = s.bid_max + 1
        out: list[State] = []
        masks = [0, 0, 0, 0]  # one per seat, the fourth 0 at a 3-player table
        masks[player] = m.mask(player)
        for w in range(count):
            for q, mask in zip(hidden.seats, hands[w], strict=True):
                masks[q] = mask
            bids = m.bids
            if self.secret:
                bids = tuple([b if b is None or q == player else rng.randrange(options)
                              for q, b in enumerate(bids)])
            deals: tuple[tuple[int, ...], ...] | None = None
            if self.later:  # () for the rounds dealt already
                rows = later[w * self.later:(w + 1) * self.later]
                deals = ((),) * (book.round + 1) + tuple(map(tuple, rows))
            world = Book(book.round, book.first, book.sheet, book.totals, book.last_round,
                         book.rules, 0, book.options, deals)  # seed 0: it deals nothing
            out.append(_state(Moment(n, world, m.phase, bids, masks[0], masks[1], masks[2],
                                     masks[3], m.won, m.leader, m.cards, m.size, m.lead,
                                     m.declared, m.tricks, m.holders, m.window), s.action_log))
        return out


__all__ = ["HiddenDeal", "BATCH", "random_keys", "hand_out_plain", "hand_out", "WorldSampler"]
