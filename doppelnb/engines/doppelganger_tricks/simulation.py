"""Seeded simulations of Doppelgänger Tricks: whole rounds played on integer card codes, and the
rates, forecasts and doppelgänger values counted over them.

- :func:`simulate_round` plays one round on integer card codes (the same rules as the checked
  :class:`~.state.State`, without the checks) with a policy: ``"random"`` (a random legal card),
  ``"greedy"`` (win the trick as cheaply as possible, else shed the lowest card) or ``"aim"``
  (greedy while short of the forecast, then try to lose); :func:`simulate_full_round` plays a
  whole round with forecasts, bonus claims and scoring as the engine's random player does.
- :func:`forecast_analysis`, :func:`annihilation_rates` and :func:`doppelganger_value` build on
  it; every simulated proportion comes with a Wilson 95% interval.
- :func:`simulate` plays whole seeded games with the checked engine (every engine's
  ``simulate``, on :func:`doppelnb.core.simulate.simulate`: the sweep's games) and counts their
  score sheets (:class:`PlaySummary`).

The exact census is in :mod:`.analysis`, which re-exports these names as it always had them.

>>> import random
>>> outcome = simulate_round(deal_codes(3, random.Random(1)), 0, "greedy", random.Random(2))
>>> sum(outcome.won) + outcome.no_winner_tricks  # DT-R13, DT-R17: every trick counted once
12
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ...core.chance import make_seed, rng_for
from ...core.checks import (
    check_choice,
    check_instance,
    check_int,
    check_seat,
    check_sequence,
    check_size,
    fail,
)
from ...core.errors import BadInput
from ...core.exact import wilson_interval
from ...core.simulate import simulate as simulate_games
from ...core.state import top_scorers
from .codes import annihilated, trick_winner
from .notation import PLAYER_COUNTS, Card, cards, check_in_deck, check_players, deck
from .rules import Rules, forecast_points

#: The most rounds one simulation plays in Python (``forecast_analysis`` deals,
#: ``doppelganger_value`` rounds, ``annihilation_rates`` with a policy other than random): at a
#: few thousand rounds per second this is about a minute.
MAX_SIM_ROUNDS = 200_000

# -- fast round simulation on integer codes ---------------------------------------------------
# Card code = suit * 10 + number - 1, suits 0..2 plain (C, T, S) and 3 the doppelgänger suit.
D_SUIT = 3


def _resolve_codes(codes: Sequence[int], lead: int) -> tuple[int, tuple[int, ...]]:
    """(winner index or -1, annihilated indices) for codes in play order with lead suit ``lead``:
    the one trick winner on codes (:func:`.codes.trick_winner`, DT-R12, DT-R13) and the cards
    its annihilation removed (:func:`.codes.annihilated`: a lead-suit or D card whose number is
    annihilated)."""
    trick = list(codes)
    gone = annihilated(trick, lead)
    out = tuple(i for i, c in enumerate(trick)
                if (c // 10 == lead or c // 10 == D_SUIT) and gone >> (c % 10) & 1)
    return trick_winner(trick, lead), out


@dataclasses.dataclass
class RoundOutcome:
    """What one simulated round produced."""

    won: list[int]
    annihilated: list[int]
    no_winner_tricks: int
    plays: list[tuple[int, int, int]]  # (player, code, declared suit or -1), in order


Policy = Callable[..., tuple[int, int]]


def _legal_codes(hand: list[int], lead: int) -> list[int]:
    if lead < 0:
        return hand
    follow = [c for c in hand if c // 10 == lead or c // 10 == D_SUIT]
    if len(follow) < len(hand) and any(c // 10 == lead for c in hand):  # DT-R9
        return follow
    return hand


def _declare_most_held(hand: list[int], code: int) -> int:
    held = [sum(1 for c in hand if c // 10 == s) for s in range(3)]
    return max(range(3), key=lambda s: (held[s], -s))


def policy_random(hand: list[int], trick: list[int], lead: int, rng: random.Random,
                  want_win: bool) -> tuple[int, int]:
    """A legal card uniformly at random; a led D card declares a random plain suit."""
    legal = _legal_codes(hand, lead)
    c = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
    return c, (rng.randrange(3) if lead < 0 and c // 10 == D_SUIT else -1)


def _wins_now(trick: list[int], code: int, lead: int) -> bool:
    win, _ = _resolve_codes(trick + [code], lead)
    return win == len(trick)


def policy_greedy(hand: list[int], trick: list[int], lead: int, rng: random.Random,
                  want_win: bool = True) -> tuple[int, int]:
    """Lead the highest card; follow with the cheapest card that wins the trick as it stands,
    else the lowest legal card (plain before D on equal numbers)."""
    if lead < 0:
        c = max(hand, key=lambda x: (x % 10, x // 10 != D_SUIT))
        return c, (_declare_most_held(hand, c) if c // 10 == D_SUIT else -1)
    legal = sorted(_legal_codes(hand, lead), key=lambda x: (x % 10, x // 10 == D_SUIT))
    if want_win:
        for c in legal:
            if _wins_now(trick, c, lead):
                return c, -1
        return legal[0], -1
    losing = [c for c in legal if not _wins_now(trick, c, lead)]
    return (losing[-1] if losing else legal[0]), -1


def policy_aim(hand: list[int], trick: list[int], lead: int, rng: random.Random,
               want_win: bool) -> tuple[int, int]:
    """Greedy while short of the forecast; once it is reached, lead low and duck."""
    if lead < 0:
        if want_win:
            return policy_greedy(hand, trick, lead, rng, True)
        c = min(hand, key=lambda x: (x % 10, x // 10 == D_SUIT))
        return c, (_declare_most_held(hand, c) if c // 10 == D_SUIT else -1)
    return policy_greedy(hand, trick, lead, rng, want_win)


POLICIES: dict[str, Policy] = {"random": policy_random, "greedy": policy_greedy,
                               "aim": policy_aim}


def _policy(name: Any) -> Policy:
    return POLICIES[check_choice(name, "policy", tuple(POLICIES))]


def _check_rng(rng: Any) -> random.Random:
    return check_instance(rng, "rng", random.Random, expected="a random.Random")


def _check_code_hands(hands: Any) -> list[list[int]]:
    """Integer hands of one round: 3 or 4 equal hands of distinct codes of that deck."""
    rows = check_sequence(hands, "hands", min_len=3, max_len=4, item=lambda h, name: list(
        check_sequence(h, name, max_len=12, item=lambda v, n: check_int(v, n, 0, 39))))
    n = len(rows)
    in_deck = {c.index for c in deck(n)}
    flat = [c for h in rows for c in h]
    if len({len(h) for h in rows}) != 1 or len(set(flat)) != len(flat) or not set(flat) <= in_deck:
        raise fail("hands", f"{n} hands of equal size holding distinct codes of the {n}-player "
                   "deck", hands)
    return [list(h) for h in rows]


def simulate_round(hands: Sequence[Sequence[int]], first: int, policy: str | Policy, rng: Any,
                   bids: Sequence[int] | None = None) -> RoundOutcome:
    """Play one round on integer codes; ``hands`` are lists of codes, ``first`` leads.

    The rules are those of :class:`State` (DT-R7..R14); bonus claims do not change trick play
    and are left out. ``policy`` is a name of :data:`POLICIES` or a function with their
    signature; ``rng`` a :class:`random.Random`; ``bids`` one forecast (0..12) per player.
    """
    hands = _check_code_hands(hands)
    n = len(hands)
    first = check_seat(first, n, "first")
    pol = policy if callable(policy) else _policy(policy)
    rng = _check_rng(rng)
    if bids is not None:
        bids = check_sequence(bids, "bids", min_len=n, max_len=n,
                              item=lambda v, name: check_int(v, name, 0, 12))
    won = [0] * n
    gone_all: list[int] = []
    plays: list[tuple[int, int, int]] = []
    no_winner = 0
    leader = first
    for _ in range(len(hands[0])):
        trick: list[int] = []
        lead = -1
        for k in range(n):
            p = (leader + k) % n
            want = bids is None or won[p] < bids[p]
            c, declared = pol(hands[p], trick, lead, rng, want)
            hands[p].remove(c)
            if k == 0:
                lead = declared if c // 10 == D_SUIT else c // 10
            plays.append((p, c, declared))
            trick.append(c)
        win, gone = _resolve_codes(trick, lead)
        gone_all += (trick[i] for i in gone)
        if win < 0:  # DT-R13c: the same leader leads again
            no_winner += 1
        else:
            leader = (leader + win) % n
            won[leader] += 1
    return RoundOutcome(won, gone_all, no_winner, plays)


def deal_codes(players: int, rng: random.Random, fixed: Sequence[int] | None = None,
               seat: int = 0) -> list[list[int]]:
    """Shuffle and deal the deck as codes; ``fixed`` gives ``seat`` a known hand."""
    check_players(players)
    rng = _check_rng(rng)
    seat = check_seat(seat, players)
    pack = [c.index for c in deck(players)]
    if fixed is not None:
        fixed = check_sequence(fixed, "fixed", min_len=len(pack) // players,
                               max_len=len(pack) // players,
                               item=lambda v, n: check_choice(v, n, pack))
        if len(set(fixed)) != len(fixed):
            raise fail("fixed", "distinct card codes", fixed)
    if fixed is not None:
        rest = [c for c in pack if c not in set(fixed)]
        rng.shuffle(rest)
        size = len(pack) // players
        hands, pos = [], 0
        for p in range(players):
            if p == seat:
                hands.append(list(fixed))
            else:
                hands.append(rest[pos:pos + size])
                pos += size
        return hands
    rng.shuffle(pack)
    return [pack[p::players] for p in range(players)]


@dataclasses.dataclass(frozen=True)
class FullRound:
    """One whole simulated round: forecasts, tricks won, the bonus holders (+1, +3; -1 for
    none) and each player's round score."""

    bids: tuple[int, ...]
    won: tuple[int, ...]
    holders: tuple[int, int]
    points: tuple[int, ...]


def _round_score(bid: int, won: int) -> int:
    """DT-R18 without argument checks (the lean twin of :func:`forecast_points`)."""
    if bid == 0:
        return 7 if won == 0 else 0
    miss = abs(won - bid)
    return 3 if miss == 0 else 1 if miss == 1 else 0


def simulate_full_round(players: int, rng: random.Random) -> FullRound:
    """One whole round played at random on integer codes, as the checked engine's random player
    plays it (default readings): deal (DT-R4), a random first player and forecasts 0..12
    (DT-R6), random legal plays (DT-R7..R9; a led D card declares a random plain suit), after
    each own play without a D card left a random choice among the free bonus cards and passing
    (DT-R15, one card per player, DT-A3/A4), then scoring (DT-R16, DT-R18, DT-A5)."""
    n = check_players(players)
    rng = _check_rng(rng)
    hands = deal_codes(n, rng)
    leader = rng.randrange(n)
    bids = [rng.randrange(13) for _ in range(n)]
    won = [0] * n
    holders = [-1, -1]
    claimed = [False] * n
    randrange = rng.randrange
    for _ in range(len(hands[0])):
        trick: list[int] = []
        lead = -1
        for k in range(n):
            p = (leader + k) % n
            hand = hands[p]
            legal = _legal_codes(hand, lead)
            c = legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
            hand.remove(c)
            if k == 0:
                lead = randrange(3) if c // 10 == D_SUIT else c // 10
            trick.append(c)
            if not claimed[p] and (holders[0] < 0 or holders[1] < 0) and not any(
                    x >= 30 for x in hand):  # DT-R15: no D card left (codes 30..39)
                free = [i for i in (0, 1) if holders[i] < 0]
                pick = randrange(len(free) + 1)
                if pick < len(free):
                    holders[free[pick]] = p
                    claimed[p] = True
        win, _ = _resolve_codes(trick, lead)
        if win >= 0:  # DT-R13c: otherwise the same leader leads again
            leader = (leader + win) % n
            won[leader] += 1
    points = tuple(_round_score(bids[p], won[p]) + (holders[0] == p)
                   + 3 * (holders[1] == p and bids[p] == won[p]) for p in range(n))
    return FullRound(tuple(bids), tuple(won), (holders[0], holders[1]), points)


# -- forecast analysis for a dealt hand ------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ForecastAnalysis:
    """Tricks won by one hand over many seeded deals of the other cards, and what each bid
    would score (DT-R18; bonus cards left out). ``counts[w]`` = deals where the hand won ``w``.
    """

    hand: tuple[Card, ...]
    players: int
    seat: int
    first_player: int
    policy: str
    deals: int
    seed: int
    counts: dict[int, int]

    def probability(self, won: int) -> Fraction:
        return Fraction(self.counts.get(won, 0), self.deals)

    def interval(self, won: int) -> tuple[float, float]:
        return wilson_interval(self.counts.get(won, 0), self.deals)

    def expected_points(self, bid: int) -> Fraction:
        """The mean forecast score of ``bid`` over the simulated deals (exact over the sample)."""
        return Fraction(sum(forecast_points(bid, w) * c for w, c in self.counts.items()),
                        self.deals)

    def bid_table(self, top: int | None = None) -> list[tuple[int, Fraction, Fraction]]:
        """(bid, P(exact hit), expected points) for bids 0..12 (or ``top``)."""
        top = 12 if top is None else top
        return [(b, self.probability(b), self.expected_points(b)) for b in range(top + 1)]

    @property
    def best_bid(self) -> int:
        return max(range(13), key=lambda b: (self.expected_points(b), -b))

    @property
    def mean_tricks(self) -> Fraction:
        return Fraction(sum(w * c for w, c in self.counts.items()), self.deals)

    def _repr_html_(self) -> str:
        from .render import forecast_html

        return str(forecast_html(self))


def forecast_analysis(hand: Sequence[Any], players: int, *, seat: int = 0, first_player: int = 0,
                      policy: str = "greedy", deals: int = 1000, seed: int = 0
                      ) -> ForecastAnalysis:
    """For a dealt ``hand`` in ``seat``: deal the other cards at random ``deals`` times (seeded),
    play the round with ``policy`` for everyone, and count the tricks the hand wins.
    ``deals`` is limited to :data:`MAX_SIM_ROUNDS` (200,000)."""
    check_players(players)
    held = cards(hand, "hand")
    check_in_deck(held, players)
    size = len(deck(players)) // players
    if len(set(held)) != size or len(held) != size:
        raise BadInput("DT-R4", f"a {players}-player hand is {size} different cards, not "
                       f"{len(set(held))}")
    seat = check_seat(seat, players)
    first_player = check_seat(first_player, players, "first_player")
    deals = _rounds(deals, "deals")
    pol = _policy(policy)
    seed = make_seed(seed)
    rng = rng_for(seed, "forecast", policy, *held)
    counts: Counter[int] = Counter()
    codes = [c.index for c in held]
    for _ in range(deals):
        hands = deal_codes(players, rng, codes, seat)
        counts[simulate_round(hands, first_player, pol, rng).won[seat]] += 1
    return ForecastAnalysis(held, players, seat, first_player, policy, deals, seed,
                            dict(sorted(counts.items())))


# -- simulated rates ----------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Rate:
    """A simulated proportion with its Wilson 95% interval."""

    label: str
    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.trials)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.value:.3f} [{lo:.3f}, {hi:.3f}] ({self.hits}/{self.trials})"


def _rounds(value: Any, name: str = "rounds", limit: int = MAX_SIM_ROUNDS) -> int:
    value = check_int(value, name, 1)
    return check_size(value, name, limit, why="a longer run takes minutes")


def annihilation_rates(players: int, *, rounds: int = 2000, seed: int = 0,
                       policy: str = "random") -> dict[Card, Rate]:
    """For each card of the deck: the chance it is annihilated during a round (seeded simulation
    with every player using ``policy``). Every card is in some hand, so this is also the chance
    for a card you hold. ``rounds`` is limited to 1,000,000 for the random policy (the numpy
    batch, :data:`~.batch.MAX_BATCH_ROUNDS`) and to :data:`MAX_SIM_ROUNDS` for the others."""
    from .batch import MAX_BATCH_ROUNDS

    check_players(players)
    policy = check_choice(policy, "policy", tuple(POLICIES))
    rounds = _rounds(rounds, limit=MAX_BATCH_ROUNDS if policy == "random" else MAX_SIM_ROUNDS)
    seed = make_seed(seed)
    if policy == "random":
        from .batch import batched_rounds

        out = batched_rounds(players, rounds, seed=seed)
        hits: Any = out.annihilated_per_card
    else:
        pol = _policy(policy)
        rng = rng_for(make_seed(seed), "annihilation rates", policy, players)
        hits = Counter()
        for _ in range(rounds):
            result = simulate_round(deal_codes(players, rng), rng.randrange(players), pol, rng)
            hits.update(result.annihilated)
    return {c: Rate(str(c), int(hits[c.index]), rounds) for c in deck(players)}


def heuristic_bid(hand_codes: Sequence[int], players: int) -> int:
    """A simple forecast rule used by :func:`doppelganger_value`: count the cards in the top
    three numbers (7-9 with 3 players, 8-10 with 4)."""
    check_players(players)
    hand_codes = check_sequence(hand_codes, "hand_codes", max_len=12,
                                item=lambda v, n: check_int(v, n, 0, 39))
    top = 9 if players == 3 else 10
    return sum(1 for c in hand_codes if c % 10 + 1 >= top - 2)


@dataclasses.dataclass(frozen=True)
class DoppelgangerValue:
    """Hit rates of the forecast grouped by how many D cards the player was dealt."""

    players: int
    rounds: int
    seed: int
    policy: str
    hit: dict[int, Rate]
    points: dict[int, float]
    #: per group: how many player-rounds scored each number of forecast points (for intervals)
    point_counts: dict[int, dict[int, int]] = dataclasses.field(default_factory=dict)

    def points_interval(self, group: int) -> tuple[float, float, float]:
        """(mean, lo, hi): the group's mean forecast points with a normal 95% interval."""
        from ...core.exact import mean_interval

        counts = self.point_counts.get(check_int(group, "group", 0, 12), {})
        if not counts:
            raise BadInput("NB-ARG", f"no player-rounds with {group} D cards")
        return mean_interval([float(v) for v, c in counts.items() for _ in range(c)])

    def _repr_html_(self) -> str:
        from .render import dvalue_html

        return str(dvalue_html(self))


def doppelganger_value(players: int, *, rounds: int = 2000, seed: int = 0,
                       policy: str = "aim") -> DoppelgangerValue:
    """What a doppelgänger card is worth for hitting a forecast (seeded simulation).

    Every player bids :func:`heuristic_bid` and plays ``policy`` (``"aim"`` by default: win while
    short of the bid, then duck). Each player-round is one trial, grouped by the number of D
    cards in the hand at the deal; the result gives the exact-hit rate (Wilson 95%) and the mean
    forecast points of each group. ``rounds`` is limited to :data:`MAX_SIM_ROUNDS` (200,000).
    """
    check_players(players)
    rounds = _rounds(rounds)
    pol = _policy(policy)
    seed = make_seed(seed)
    rng = rng_for(seed, "doppelganger value", policy, players)
    hits: Counter[int] = Counter()
    trials: Counter[int] = Counter()
    points: Counter[int] = Counter()
    spread: dict[int, Counter[int]] = {}
    for _ in range(rounds):
        hands = deal_codes(players, rng)
        bids = [heuristic_bid(h, players) for h in hands]
        result = simulate_round(hands, rng.randrange(players), pol, rng, bids)
        for p in range(players):
            d = sum(1 for c in hands[p] if c // 10 == D_SUIT)
            trials[d] += 1
            hits[d] += result.won[p] == bids[p]
            score = forecast_points(bids[p], result.won[p])
            points[d] += score
            spread.setdefault(d, Counter())[score] += 1
    keys = sorted(trials)
    return DoppelgangerValue(players, rounds, seed, policy,
                             {d: Rate(f"{d} D", hits[d], trials[d]) for d in keys},
                             {d: points[d] / trials[d] for d in keys},
                             {d: dict(sorted(spread[d].items())) for d in keys})





# -- whole games with the checked engine --------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class PlaySummary:
    """What ``games`` seeded whole games of ``policy`` players left on their score sheets:
    ``wins[p]`` the games seat ``p`` ended among the top scorers (ties share a win, DT-R20),
    ``totals`` each game's final totals, ``forecasts`` how many forecasts were made (a player
    and a round each) and ``exact`` how many of them met their tricks exactly (DT-R18),
    ``bonus_cards`` how many bonus cards were taken (DT-R15)."""

    players: int
    games: int
    policy: str
    wins: tuple[int, ...]
    totals: tuple[tuple[int, ...], ...]
    forecasts: int
    exact: int
    bonus_cards: int

    @property
    def exact_rate(self) -> Fraction:
        """The share of forecasts met exactly."""
        return Fraction(self.exact, self.forecasts)

    @property
    def mean_totals(self) -> tuple[Fraction, ...]:
        """Each seat's mean final total."""
        return tuple(Fraction(sum(t[p] for t in self.totals), self.games)
                     for p in range(self.players))


def simulate(games: int = 100, *, players: int | None = None, rules: Rules | None = None,
             policy: str = "random", seed: int = 0) -> PlaySummary:
    """Play ``games`` seeded whole games with every seat played by ``policy`` (``"random"``,
    ``"greedy"``, ``"mcts:32"``...) and count their score sheets (:class:`PlaySummary`).
    ``players`` defaults to 3 and ``rules`` to the recommended readings; the games are
    :func:`doppelnb.core.simulate.simulate`'s (a sweep's games), at most its ``MAX_GAMES``.

    >>> summary = simulate(3, players=4, seed=2)
    >>> summary.games, summary.forecasts, sum(summary.wins) >= 3
    (3, 48, True)
    """
    if players is not None:
        players = check_choice(players, "players", PLAYER_COUNTS, rule="DT-R1")
    if rules is not None:
        check_instance(rules, "rules", Rules, expected="a doppelganger_tricks Rules")
    sim = simulate_games("doppelganger_tricks", games, players=players, rules=rules,
                         policy=policy, seed=seed)
    n = sim.players
    wins = [0] * n
    totals: list[tuple[int, ...]] = []
    forecasts = exact = bonus_cards = 0
    for end in sim.finals:
        for seat in top_scorers(end.totals):
            wins[seat] += 1
        totals.append(tuple(end.totals))
        for row in end.sheet:
            forecasts += n
            exact += sum(1 for b, w in zip(row.bids, row.won, strict=True) if b == w)
            bonus_cards += sum(len(held) for held in row.bonuses)
    return PlaySummary(n, sim.games, policy, tuple(wins), tuple(totals), forecasts, exact,
                       bonus_cards)


__all__ = ["simulate", "PlaySummary", "simulate_round", "deal_codes", "RoundOutcome", "POLICIES",
           "Policy", "policy_random", "policy_greedy", "policy_aim", "forecast_analysis", "ForecastAnalysis",
           "annihilation_rates", "Rate", "doppelganger_value", "DoppelgangerValue",
           "heuristic_bid", "simulate_full_round", "FullRound", "MAX_SIM_ROUNDS", "D_SUIT"]
