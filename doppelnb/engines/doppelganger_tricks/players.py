"""Players for search and simulation: a readable greedy player, and a determinizer.

- :func:`greedy`: a one-move heuristic a student can read (forecast the strong cards, win tricks
  cheaply while short of the forecast, duck once it is made, take any free bonus card).
- :func:`playout`: the fast random playout search players use (``GameSpec.playout``): the game
  the plain random loop plays, in the tight integer loop of :mod:`.playout_loop`, building one state
  at the end (:func:`moment_playout`: the same game on the kernel's moments, its reference).
- :func:`determinize`: a state consistent with everything one player has seen, with every
  hidden part (the other hands, the forecasts still secret, and every later round's deal)
  resampled (a search's sampler, :func:`prepare_determinize`, draws its worlds in batches:
  :mod:`.worlds`). It reads only public information and the player's own hand: the cards the
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

import random
from typing import Any

from ...core.checks import check_instance, check_int, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import PASS, Action, Bid, Claim, Play, action_to_json
from .apply import next_moment
from .notation import ALL_CARDS, DOPPELGANGER, PLAIN_SUITS, SUITS, Card, deck
from .playout_loop import playout
from .rules import _resolve
from .simulation import _check_rng, heuristic_bid, policy_aim
from .state import State
from .worlds import BATCH, HiddenDeal, WorldSampler


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


def prepare_determinize(state: State, player: int, batch: int = BATCH) -> WorldSampler:
    """``determinize(state, player, ·)`` with the work that depends only on ``state`` and
    ``player`` done once (the pool, the hand sizes, the voids and the table of deal counts): a
    search calls it once per decision and the sampler once per iteration, which draws its worlds
    ``batch`` at a time (:class:`.worlds.WorldSampler`)."""
    check_instance(state, "state", State, expected="a doppelganger_tricks State")
    s: State = state
    player = check_seat(player, s.players, "player")
    batch = check_int(batch, "batch", 1, 1 << 16)
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
    of a suit it showed it lacks (:class:`.worlds.HiddenDeal`); forecasts still secret (DT-R6) are
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
           "public_constraints", "aim_policy"]
