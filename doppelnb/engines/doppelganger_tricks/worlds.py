"""A search's worlds, drawn a batch at a time: the other hands, the forecasts still secret and
every later round's deal, uniform over what one player cannot tell apart (issue 27).

A world is a :class:`.state.State` a search plays out: the player's own hand and everything
public as they are, the hidden parts drawn again. :class:`WorldSampler` draws them for one
decision, ``batch`` worlds at a time (a search's 32 iterations take one batch):

- **the other hands**, uniform over the deals that keep each hand's size and the voids the
  seats showed (:class:`.players.HiddenDeal`): a suit-count table drawn with exact integer
  weights (:meth:`.players.HiddenDeal.splits`), then each suit's cards in a uniform random order
  handed out in the table's counts;
- **the forecasts still secret** (DT-R6), each uniform over the legal forecasts;
- **the later rounds' deals** (DT-R4): the world's :class:`.kernel.Book` carries them
  (``Book.deals``), so the world's later rounds are as unforeseeable as the game's and its
  playouts deal nothing. Before, a world drew a new seed and every playout dealt each later
  round from it (a SHA-256 stream and a 40-card ``shuffle``, about 25 µs a round, a fifth of a
  playout); the game's own deals stay as they are.

A uniform random order is the cards sorted by independent random 64-bit keys, all a batch needs
drawn from ``rng`` at once (:func:`random_keys`, one ``getrandbits``). Two equal keys among 40
come about once in 10^16 batches; a tie keeps the cards' deck order (a stable sort). The
handing out is :func:`hand_out`, vectorised with numpy over the batch; :func:`hand_out_plain` is
the same in plain Python, one world at a time, and the tests hold the two to the same masks.

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

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ...core.checks import check_instance
from .deal import DECK_CODES
from .kernel import Book, Moment
from .state import State, _state

if TYPE_CHECKING:  # the sampler's constraints (players.py imports this module)
    from .players import HiddenDeal

#: Worlds drawn at once by a search's sampler (a decision of ``mcts:32`` takes one batch).
BATCH: Final = 32


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
        """``count`` worlds, drawn in this order from ``rng``: each world's suit-count table,
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
            deals: tuple[tuple[int, ...] | None, ...] | None = None
            if self.later:
                rows = later[w * self.later:(w + 1) * self.later]
                deals = (None,) * (book.round + 1) + tuple(map(tuple, rows))
            world = Book(book.round, book.first, book.sheet, book.totals, book.last_round,
                         book.rules, 0, book.options, deals)  # seed 0: it deals nothing
            out.append(_state(Moment(n, world, m.phase, bids, masks[0], masks[1], masks[2],
                                     masks[3], m.won, m.leader, m.cards, m.size, m.lead,
                                     m.declared, m.tricks, m.holders, m.window), s.action_log))
        return out


__all__ = ["BATCH", "random_keys", "hand_out_plain", "hand_out", "WorldSampler"]
