"""Players for search and simulation: a readable greedy player, and a determinizer.

- :func:`greedy`: a one-move heuristic a student can read (forecast the strong cards, win tricks
  cheaply while short of the forecast, duck once it is made, take any free bonus card).
- :func:`playout`: the fast random playout search players use (``GameSpec.playout``): the game
  the plain random loop plays, in the tight integer loop of :mod:`.playout_loop`, building one state
  at the end (:func:`moment_playout`: the same game on the kernel's moments, its reference).
- :func:`determinize`: a state consistent with everything one player has seen, with every
  hidden part (the other hands, the forecasts still secret, and the seed that deals the later
  rounds) resampled. It reads only public information and the player's own hand: the cards the
  others hold *together* (the deck less the player's hand and the cards played this round),
  each one's hand size, the suits each showed they lack (DT-R9: playing off the lead suit) and
  who showed they hold no doppelgänger (DT-R15: a bonus claim offered).

>>> import random
>>> from doppelnb.engines.doppelganger_tricks import new_game
>>> s = new_game(4, seed=1)
>>> greedy(s, random.Random(0))
('bid', 3)
>>> d = determinize(s, 0, random.Random(5))
>>> d.hands[0] == s.hands[0], d.hands[1] == s.hands[1], d.view(0) == s.view(0)
(True, False, True)
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from typing import Any, Final

from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import PASS, Action, Bid, Claim, Play, action_to_json
from .apply import next_moment
from .codes import mask_cards
from .notation import ALL_CARDS, DOPPELGANGER, PLAIN_SUITS, SUITS, Card, deck, sort_hand
from .playout_loop import playout
from .rules import _resolve
from .simulation import _check_rng, heuristic_bid, policy_aim
from .state import State
from .worlds import BATCH, WorldSampler, hand_out_plain, random_keys


def _check(state: Any, rng: Any) -> State:
    check_instance(state, "state", State, expected="a doppelganger_tricks State")
    check_instance(rng, "rng", random.Random, expected="a random.Random")
    return state  # type: ignore[no-any-return]


# -- greedy ------------------------------------------------------------------------------------
def _strength(c: Card) -> tuple[int, bool]:
    """Higher number first; on equal numbers a plain card before a doppelgänger."""
    return (c.number, c.suit != DOPPELGANGER)


def _wins_now(s: State, play: Play) -> bool:
    """Would ``play`` win the trick if nobody played after it? (DT-R12, DT-R13)"""
    trick = s.trick + (play.card,)
    lead = s.declared or trick[0].suit if s.trick else (play.declared or play.card.suit)
    result = _resolve(trick, s.declared if s.trick else play.declared, lead)
    return result.winner == len(trick) - 1


def greedy(state: State, rng: random.Random) -> Action:
    """One move by a simple rule (no look-ahead):

    - forecast: the number of cards in the top three numbers (7-9 with 3 players, 8-10 with 4);
    - bonus claim: take the +1 if free (it always pays), else the +3;
    - leading: while short of the forecast lead the strongest card, else the weakest (a led
      doppelgänger declares the plain suit the hand holds most of);
    - following: while short of the forecast play the weakest card that wins the trick as it
      stands (or the weakest card if none does); once the forecast is made, play the strongest
      card that does not win it (or the weakest if every card wins).

    Ties go to the first card in hand order, so the choice is deterministic; ``rng`` is unused.
    """
    s = _check(state, rng)
    if s.is_over:
        raise BadInput("NB-ARG", "state is over: there is no action to choose")
    legal = s.legal_actions()
    p = s.to_move
    assert p is not None
    if s.phase == "forecast":
        top = (9 if s.players == 3 else 10) - 2
        strong = sum(1 for c in s.hands[p] if c.number >= top)
        return Bid("bid", min(strong, s.bid_max))
    if s.window is not None:
        claims = [a for a in legal if isinstance(a, Claim)]
        return claims[0] if claims else PASS
    plays = [a for a in legal if isinstance(a, Play)]
    bid = s.bids[p]
    short = bid is not None and s.won[p] < bid
    if not s.trick:
        held = {x: sum(1 for c in s.hands[p] if c.suit == x) for x in PLAIN_SUITS}
        best_suit = max(PLAIN_SUITS, key=lambda x: held[x])
        leads = [a for a in plays if a.declared in (None, best_suit)] or plays
        return (max if short else min)(leads, key=lambda a: _strength(a.card))
    ranked = sorted(plays, key=lambda a: _strength(a.card))
    if short:
        return next((a for a in ranked if _wins_now(s, a)), ranked[0])
    losing = [a for a in ranked if not _wins_now(s, a)]
    return losing[-1] if losing else ranked[0]


# -- determinize -------------------------------------------------------------------------------
def _round_actions(s: State) -> list[Any]:
    """The actions of the current round, oldest first (read back from the shared log)."""
    wanted = sum(1 for b in s.bids if b is not None)
    out: list[Any] = []
    node, seen = s.action_log, 0
    while node is not None and seen < wanted:
        action = node.action
        out.append(action)
        if isinstance(action, (list, tuple)) and action and action[0] == "bid":
            seen += 1
        node = node.parent
    out.reverse()
    return out


def public_constraints(s: State) -> tuple[list[set[str]], list[bool]]:
    """For each seat: the suits it showed it lacks this round (``"D"`` included when it was
    offered a bonus claim, DT-R15), from public information only: the round's tricks as the
    moment records them (leader, declared suit or -1, the cards' codes in play order: the
    ``k``-th card is the leader's ``k``-th neighbour's) and the round's actions."""
    n = s.players
    m = s.moment
    void: list[set[str]] = [set() for _ in range(n)]
    # the trick in progress too, its lead suit in the place of the declared one
    records = [*m.tricks, (m.leader, m.lead, *m.trick)] if m.size else list(m.tricks)
    seats: list[int] = []
    for leader, declared, *codes in records:
        lead = declared if declared >= 0 else codes[0] // 10  # DT-R8: a led D card declares
        for j, c in enumerate(codes):
            seat = (leader + j) % n
            seats.append(seat)
            if j and c // 10 not in (lead, 3):  # DT-R9: off the lead suit, not a D card
                void[seat].add(SUITS[lead])
    plays = -1
    for action in _round_actions(s):
        if isinstance(action, str) and action != PASS:
            plays += 1
        elif (action == PASS or (isinstance(action, (list, tuple)) and action[0] == "claim")) \
                and 0 <= plays < len(seats):
            void[seats[plays]].add(DOPPELGANGER)  # a claim was offered: no D card in hand
    if s.window is not None:
        void[s.window].add(DOPPELGANGER)
    offered = [DOPPELGANGER in v for v in void]
    return void, offered


class HiddenDeal:
    """The deals of ``pool`` (the cards the other seats hold together) to ``sizes`` (seat ->
    hand size) in which no seat holds a card of a suit in ``voids[seat]``, and uniform samples
    of them. Built once per search decision (:func:`prepare_determinize`), so the constraints
    and the table of deal counts are worked out once, not once per iteration.

    A sample is uniform over every such deal. How: the pool falls into *groups*, each suit some
    seat lacks and then every other card together (cards anybody may hold). A deal has a
    *count table* (how many cards of each group each seat gets), and the deals with a given
    table number the product over groups of multinomial coefficients (the group's cards split
    among the seats in those counts). So a table is drawn with probability proportional to that
    number, from exact counts (Python integers) of the ways to complete the deal group by group
    (:meth:`_completions`, a small dynamic programme over the room left in each seat: at most 3
    other seats and 4 groups; the last group, which anybody may hold, fills the room left in
    one multinomial), then each group's cards are put in a uniform random order and handed
    out in the table's counts (:meth:`deal`; a search's worlds, :mod:`.worlds`). (The sampler
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
        """The number of ways to deal suits ``i..`` into exactly the ``room`` left in each seat,
        and the choices for suit ``i``: (ways, counts per seat) for each split with ways > 0.
        Memoized: the same room is reached by many splits of the earlier suits."""
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
            # The last suit must fill the room exactly: its one split is the room itself (the
            # one the loop below would keep), if the seats with room may all hold the suit.
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
        """A suit-count table drawn with probability proportional to its number of deals (exact
        integers): per run of :attr:`codes` (:attr:`runs`: a suit each), how many cards each
        seat gets. Unconstrained, one run, the pool, in the hand sizes (nothing drawn)."""
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
        (:func:`.worlds.hand_out_plain`), the draws a search's world makes for its hands."""
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
    """Every way to give ``cards`` cards of one suit to the seats: counts per seat, zero for a
    seat not in ``allowed``, at most each seat's ``room``; in lexicographic order of the counts
    of the ``allowed`` seats (the order :meth:`HiddenDeal.deal` draws a split from). The last
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


def prepare_determinize(state: State, player: int, batch: int = BATCH) -> WorldSampler:
    """``determinize(state, player, ·)`` with the work that depends only on ``state`` and
    ``player`` done once (the pool, the hand sizes, the voids and the table of deal counts): a
    search calls it once per decision and the sampler once per iteration, which draws its worlds
    ``batch`` at a time (:class:`.worlds.WorldSampler`)."""
    check_instance(state, "state", State, expected="a doppelganger_tricks State")
    s: State = state
    player = check_seat(player, s.players, "player")
    own = s.hands[player]
    gone = {c for t in s.moment.tricks for c in t[2:]} | set(s.moment.trick)  # played
    pool = tuple(c for c in deck(s.players) if c.index not in gone and c not in own)
    sizes = {q: len(s.hands[q]) for q in range(s.players) if q != player}  # public sizes
    void, _ = public_constraints(s)
    hidden = HiddenDeal(pool, sizes, {q: void[q] for q in sizes})
    return WorldSampler(s, player, hidden, batch)


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with everything ``player`` has seen, the hidden parts resampled.

    The other players' hands are dealt again from the cards they hold together (known to
    ``player``), uniformly over every deal that keeps each hand's size and gives no seat a card
    of a suit it showed it lacks (:class:`HiddenDeal`); forecasts still secret (DT-R6) are
    drawn uniformly from the legal forecasts. ``player``'s own hand and everything public stay.
    Only public information and ``player``'s hand are read, so two states that differ only in
    what ``player`` cannot see give the same result for the same ``rng``.

    Every later round is dealt too, uniformly and from ``rng`` (DT-R4: nobody can foresee it),
    and kept in the sample's ``Book.deals``: the game deals those rounds from its seed, so a
    sample that kept the true seed would let a search play the real next deals. The sample's
    seed is 0 (it deals nothing) and its past (the score sheet, the previous round's tricks,
    the round's first player) stays as the player saw it. The sample is a world for search
    only: its record no longer replays, and the search never writes it out.

    The engine registers :func:`prepare_determinize` in its ``GameSpec`` too: a search
    (core.policy.MCTS) builds one sampler per decision with it, the constraints computed once;
    this is a sampler of batch 1.
    """
    _check(state, rng)
    return prepare_determinize(state, player, 1)(rng)


def moment_playout(state: State, rng: random.Random) -> State:
    """The random playout to the end of the game from ``state`` on the kernel's moments
    (:func:`.apply.next_moment`), one moment per action: exactly the game of
    ``while not s.is_over: s = fast_play(s, rng.choice(s.legal_actions()))``, one state built
    at the end. The search's hook is now :func:`.playout_loop.playout` (the same game in a tight
    integer loop, issue 27); this one stays as the readable reference its tests compare with."""
    m = state.moment
    log = state.action_log
    choice = rng.choice
    while m.phase != "over":
        action = choice(m.legal())  # rng.choice draws alike from the tuple and from its list
        m = next_moment(m, action)
        log = ActionLog(log, action_to_json(action))
    return state._evolve(moment=m, action_log=log)


def aim_policy(state: Any, rng: Any) -> Any:
    """A sensible player for whole games (the :mod:`doppelnb.core.state` policy signature):
    forecasts :func:`heuristic_bid`, plays :func:`policy_aim` (win while short of the forecast,
    then duck), and always claims a bonus card when allowed (the +1 first: it always pays)."""
    check_instance(state, "state", State, expected="a doppelganger_tricks State")
    rng = _check_rng(rng)
    if state.is_over:
        raise BadInput("NB-ARG", "state is over: there is no action to choose")
    p = state.to_move
    if state.phase == "forecast":
        return ("bid", min(state.bid_max, heuristic_bid([c.index for c in state.hands[p]],
                                                        state.players)))
    if state.window is not None:
        claims = [a for a in state.legal_actions() if a != "pass"]
        return claims[0] if claims else "pass"
    trick = [c.index for c in state.trick]
    lead = -1 if not state.trick else "CTS".index(state.lead_suit)
    want = state.won[p] < state.bids[p]
    code, declared = policy_aim([c.index for c in state.hands[p]], trick, lead, rng, want)
    c = ALL_CARDS[code]
    if declared >= 0:
        allowed = [a for a in state.legal_actions() if a.startswith(f"{c}:")]
        wish = f"{c}:{'CTS'[declared]}"
        return wish if wish in allowed else allowed[0]  # DT-A10 may restrict the declaration
    return str(c)


__all__ = ["greedy", "determinize", "prepare_determinize", "playout", "moment_playout",
           "HiddenDeal",
           "public_constraints", "aim_policy"]
