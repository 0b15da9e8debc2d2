"""Players for search and simulation: a readable greedy player, and a determinizer.

- :func:`greedy`: a one-move heuristic a student can read (forecast the strong cards, win tricks
  cheaply while short of the forecast, duck once it is made, take any free bonus card).
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

import itertools
import random
from typing import Any

from ...core.chance import MAX_SEED
from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from .actions import PASS, Action, Bid, Claim, Play
from .analysis import _check_rng, heuristic_bid, policy_aim
from .notation import ALL_CARDS, DOPPELGANGER, PLAIN_SUITS, SUITS, Card, deck, sort_hand
from .rules import _resolve
from .state import State


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
    offered a bonus claim, DT-R15), from public information only."""
    n = s.players
    void: list[set[str]] = [set() for _ in range(n)]
    for t in s.tricks:
        for j, (seat, c) in enumerate(zip(t.players, t.result.cards, strict=True)):
            if j and c.suit not in (t.result.lead_suit, DOPPELGANGER):  # DT-R9
                void[seat].add(t.result.lead_suit)
    lead = s.lead_suit
    for j, c in enumerate(s.trick):
        if j and lead is not None and c.suit not in (lead, DOPPELGANGER):
            void[(s.leader + j) % n].add(lead)
    seats = [seat for t in s.tricks for seat in t.players] + list(s._trick_seats())
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


def _feasible(counts: dict[str, int], capacity: dict[int, int],
              void: dict[int, set[str]]) -> bool:
    """Hall's condition: every set of suits fits in the seats that may hold them."""
    suits = [x for x in SUITS if counts.get(x)]
    for k in range(1, len(suits) + 1):
        for group in itertools.combinations(suits, k):
            need = sum(counts[x] for x in group)
            room = sum(cap for q, cap in capacity.items() if any(x not in void[q] for x in group))
            if need > room:
                return False
    return True


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with everything ``player`` has seen, the hidden parts resampled.

    The other players' hands are dealt again from the cards they hold together (known to
    ``player``), each keeping its size and every suit it showed it lacks; forecasts still secret
    (DT-R6) are drawn uniformly from the legal forecasts. ``player``'s own hand and everything
    public stay. Only public information and ``player``'s hand are read, so two states that
    differ only in what ``player`` cannot see give the same result for the same ``rng``.

    The game's seed is drawn from ``rng`` too: it deals every later round (DT-R4, ``rng_for(seed,
    "deal", round)``), which nobody can foresee, so a sample that kept the true seed would let a
    search play the real next deals. Nothing else in the game reads the seed after the first
    deal, so the sample's past (the score sheet, the previous round's tricks, the round's first
    player) stays as the player saw it. The sample is a world for search only: with its new
    seed (and the true action log and setup options kept as they were, neither of which its
    future reads) its record no longer replays, and the search never writes it out.
    """
    s = _check(state, rng)
    player = check_seat(player, s.players, "player")
    n = s.players
    own = s.hands[player]
    gone = {c for t in s.tricks for c in t.result.cards} | set(s.trick)
    pool = [c for c in deck(n) if c not in gone and c not in own]
    sizes = {q: len(s.hands[q]) for q in range(n) if q != player}  # public hand sizes
    void_list, _ = public_constraints(s)
    void = {q: void_list[q] for q in sizes}
    rng.shuffle(pool)
    dealt: dict[int, list[Card]] = {q: [] for q in sizes}
    if not any(void.values()):  # nobody showed a void: every deal of the right sizes fits
        at = 0
        for q in sorted(sizes):
            dealt[q] = pool[at:at + sizes[q]]
            at += sizes[q]
        return _finish(s, player, own, dealt, rng)
    pool.sort(key=lambda c: -sum(1 for q in sizes if c.suit in void[q]))  # constrained first
    capacity = dict(sizes)
    counts = {x: sum(1 for c in pool if c.suit == x) for x in SUITS}
    for c in pool:
        counts[c.suit] -= 1
        options = [q for q in sizes if capacity[q] and c.suit not in void[q]]
        rng.shuffle(options)
        options.sort(key=lambda q: -capacity[q])
        weights = [capacity[q] for q in options]
        order = []
        while options:  # draw seats in proportion to the room left, keeping the rest dealable
            q = rng.choices(options, weights)[0]
            i = options.index(q)
            order.append(q)
            del options[i], weights[i]
        for q in order:
            capacity[q] -= 1
            if _feasible(counts, capacity, void):
                dealt[q].append(c)
                break
            capacity[q] += 1
        else:  # cannot happen: the true deal satisfies every public constraint
            raise AssertionError("no consistent deal")
    return _finish(s, player, own, dealt, rng)


def _finish(s: State, player: int, own: tuple[Card, ...], dealt: dict[int, list[Card]],
            rng: random.Random) -> State:
    """The determinized state: the dealt hands (sorted), the secret forecasts and the seed of the
    later deals redrawn."""
    hands = tuple(own if q == player else sort_hand(dealt[q]) for q in range(s.players))
    bids = s.bids
    if s.phase == "forecast":  # DT-R6: the others' forecasts are still secret
        bids = tuple(b if b is None or q == player else rng.randrange(s.bid_max + 1)
                     for q, b in enumerate(bids))
    # Drawn last, so the hands and forecasts are the same draws as before the seed was redrawn.
    return s._evolve(hands=hands, bids=bids, seed=rng.randrange(MAX_SEED + 1))


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


__all__ = ["greedy", "determinize", "public_constraints", "aim_policy"]
