"""Doppeldoppel analysis: exact scoring tables, round-score distributions, the trick census,
closed forms (sympy), and the replay of a round's tricks. Each exact result has a brute-force
twin for the tests.

Games played and counted (``simulate``, ``variant_survey``, ``leaders_table``) are in
:mod:`.simulation`; a class's words for flags, sweeps and the open questions, and the tables
comparing a flag's readings, in :mod:`.teaching`; their names are importable from here too."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...core.checks import (
    check_choice,
    check_int,
    check_mapping,
    check_players,
    check_sequence,
)
from ...core.errors import BadInput
from ...core.exact import Distribution, multiset_draws
from ...core.render import Html, html_table
from ...core.symbolic import Formula
from .decks import deck_candidates
from .notation import (
    COLOUR_INDEX,
    DECK_SIZE,
    PLAYER_COUNTS,
    RANKS,
    REVERSING_RANK,
    Card,
    parse_card,
    whole_number,
)
from .rules import (
    DEFAULT_RULES,
    JAPANESE_SCORE_TABLES,
    Rules,
    TrickResult,
    breakdown_from_tuple,
    check_rules,
    pile_counts,
    resolve_trick,
    round_score,
)

#: Longest table :func:`scoring_table` builds: no player can hold more than the 36 cards.
MAX_SCORING_COUNT = DECK_SIZE

# ------------------------------------------------------------------------------------------------
# Analysis
# ------------------------------------------------------------------------------------------------

def scoring_table(rank: int, rules: Rules = DEFAULT_RULES, max_count: int | None = None
                  ) -> tuple[int, ...]:
    """Points for holding exactly k cards of ``rank`` and nothing else, k = 1..max_count.

    ``max_count`` defaults to the number of cards of that rank in the deck. For rank 5 this is
    the no-6 case, as in the Japanese table (DD-E7). Computed from :func:`round_score`.
    ``max_count`` is limited to :data:`MAX_SCORING_COUNT` (36, the whole deck): no player can
    acquire more cards than that, and a larger table would only cost memory.

    >>> scoring_table(1, max_count=10**9)
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: NB-ARG: max_count must be a whole number from 0 to 36, got 1000000000
    """
    rank = check_choice(rank, "rank", RANKS, rule="DD-R20")
    rules = check_rules(rules)
    top = (rules.rank_totals()[rank] if max_count is None
           else check_int(max_count, "max_count", 0, MAX_SCORING_COUNT))
    return tuple(round_score({rank: k}, rules) for k in range(1, top + 1))


def scoring_tables(rules: Rules = DEFAULT_RULES) -> dict[int, tuple[int, ...]]:
    """:func:`scoring_table` for every rank, up to the deck's count of that rank."""
    return {r: scoring_table(r, rules) for r in RANKS}


def scoring_tables_html(rules: Rules = DEFAULT_RULES) -> Html:
    """Every rank's scoring table; the ranks the Japanese rulebook tabulates are marked."""
    rules = check_rules(rules)
    tables = scoring_tables(rules)
    width = max(map(len, tables.values()))
    rows = []
    for r, pts in tables.items():
        src = "in the rulebook (JP table)" if r in JAPANESE_SCORE_TABLES else "computed"
        if r == 5:
            src += " (no 6)"
        rows.append([f"rank {r}", src, *[f"{p:+d}" for p in pts], *[""] * (width - len(pts))])
    return Html(html_table(["rank", "source", *range(1, width + 1)], rows,
                           caption="points for holding exactly k cards of one rank (columns k)"))


def round_score_distribution(k: int, rules: Rules = DEFAULT_RULES) -> Distribution:
    """Exact distribution of a round score when ``k`` of the 36 cards are acquired at random.

    Every k-subset of the physical cards is equally likely. Colours do not score, so the count
    runs over rank multisets with :func:`~doppelnb.core.exact.multiset_draws` (each weighted by
    its number of subsets); the weights total ``comb(36, k)``.
    """
    k = whole_number(k, "k", 0, DECK_SIZE)
    totals = check_rules(rules).rank_totals()
    pairs = ((breakdown_from_tuple(tuple(drawn.get(r, 0) for r in RANKS), rules).total, ways)
             for drawn, ways in multiset_draws(totals, k))
    return Distribution.from_pairs(pairs)


#: Largest k :func:`round_score_distribution_brute_force` loops over (comb(36, 5) = 376,992
#: subsets, a few seconds); the exact :func:`round_score_distribution` has no limit.
MAX_BRUTEFORCE_K = 5


def round_score_distribution_brute_force(k: int, rules: Rules = DEFAULT_RULES) -> Distribution:
    """Twin of :func:`round_score_distribution`: loop over every k-subset of the 36 cards.

    ``k`` (or ``36 - k``, the same number of subsets) is limited to :data:`MAX_BRUTEFORCE_K`.
    """
    k = whole_number(k, "k", 0, DECK_SIZE)
    rules = check_rules(rules)
    if MAX_BRUTEFORCE_K < k < DECK_SIZE - MAX_BRUTEFORCE_K:
        raise BadInput("NB-ARG", f"k is limited to 0..{MAX_BRUTEFORCE_K} or "
                       f"{DECK_SIZE - MAX_BRUTEFORCE_K}..{DECK_SIZE} for the brute-force twin "
                       f"(comb(36, k) subsets), got {k}; use round_score_distribution")
    deck = rules.deck()
    return Distribution.from_pairs((round_score(pile_counts(sub), rules), 1)
                                   for sub in itertools.combinations(deck, k))


def mean_round_scores(rules: Rules = DEFAULT_RULES) -> list[tuple[int, Fraction]]:
    """(k, exact expected round score) for k = 0..36 cards acquired at random."""
    rules = check_rules(rules)
    return mean_score_series(rules)


CENSUS_KEYS = ("tricks", "with_collision", "no_winner", "lead_collides", "reversed",
               "off_colour_winner")


@dataclass(frozen=True)
class TrickCensus:
    """Exact counts over every trick that can be dealt (see :func:`collision_census`)."""

    players: int
    deck_composition: Any
    counts: dict[str, int]
    winner_position: tuple[int, ...]  # tricks won by the card at each position (0 = leader)

    def __getitem__(self, key: str) -> int:
        return self.counts[key]

    def probability(self, key: str) -> Fraction:
        return Fraction(self.counts[key], self.counts["tricks"])

    def winner_probabilities(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(w, self.counts["tricks"]) for w in self.winner_position)

    def _repr_html_(self) -> str:
        rows = [[k, f"{v:,}", f"{float(self.probability(k)):.4f}"] for k, v in self.counts.items()]
        rows += [[f"winner at position {i + 1}", f"{w:,}", f"{w / self.counts['tricks']:.4f}"]
                 for i, w in enumerate(self.winner_position)]
        return html_table(["event", "tricks", "share"], rows,
                          caption=f"{self.players} players, deck {self.deck_composition}")


def _census_deck(rules: Rules, deck: Mapping[Any, int] | None) -> dict[Card, int]:
    if deck is None:
        return rules.deck_counts()
    check_mapping(deck, "deck", max_len=len(COLOUR_INDEX) * len(RANKS))
    out: dict[Card, int] = {}
    for card, n in deck.items():
        out[parse_card(card)] = whole_number(n, f"copies of {card}", 0, DECK_SIZE)
    return {c: n for c, n in out.items() if n}


def collision_census(players: int, rules: Rules = DEFAULT_RULES, *,
                     deck: Mapping[Any, int] | None = None) -> TrickCensus:
    """Exact census of one trick over every ordered sequence of ``players`` distinct physical
    cards from the deck, leader first (DD-R13..R16).

    It counts whole tricks as they could be dealt, **ignoring the follow rule** (DD-R11) and the
    rest of the hands: every sequence of distinct cards counts once. The lead colour is the
    leader's card's colour (the declared colour with 4 players under the default DD-A9), and the
    trick is the first of a round (no reversal carried in, DD-A5). Counts: ``tricks`` (all
    sequences), ``with_collision`` (some number appears twice or more), ``no_winner`` (every
    card collides), ``lead_collides``, ``reversed`` (strength reversed by a 3, per DD-A6),
    ``off_colour_winner`` (the winning card is not of the lead colour), and ``winner_position``.

    Exact and vectorised: numpy enumerates the ordered sequences of card *types*
    (colour, rank), at most 18**players of them, each weighted by the number of physical card
    sequences it stands for (a product of falling factorials of the copy counts). ``deck``
    replaces the rules' deck (card -> copies) for small checks against
    :func:`collision_census_brute_force`.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    rules = check_rules(rules)
    if deck is None:  # the rules' own deck: computed once per (players, rules), then copied
        done = _census_of_rules(players, rules)
        return TrickCensus(done.players, done.deck_composition, dict(done.counts),
                           done.winner_position)
    return _census(players, rules, _census_deck(rules, deck), "custom")


@functools.lru_cache(maxsize=32)
def _census_of_rules(players: int, rules: Rules) -> TrickCensus:
    return _census(players, rules, rules.deck_counts(), rules.deck_composition)


def _census(players: int, rules: Rules, counts: dict[Card, int], label: Any) -> TrickCensus:
    types = list(counts)
    n = players
    if sum(counts.values()) < n:
        raise BadInput("NB-ARG", f"the deck has fewer than {n} cards")
    colour = np.array([COLOUR_INDEX[c.colour] for c in types], dtype=np.int8)
    rank = np.array([c.rank for c in types], dtype=np.int8)
    copies = np.array([counts[c] for c in types], dtype=np.int64)
    idx = np.indices((len(types),) * n).reshape(n, -1).T  # every ordered type sequence
    weight = np.ones(len(idx), dtype=np.int64)
    for i in range(n):  # falling factorial: copies minus the earlier uses of the same type
        earlier = (idx[:, :i] == idx[:, [i]]).sum(axis=1) if i else 0
        weight *= np.maximum(copies[idx[:, i]] - earlier, 0)
    keep = weight > 0
    idx, weight = idx[keep], weight[keep]
    R, C = rank[idx], colour[idx]
    same = (R[:, :, None] == R[:, None, :]).sum(axis=2)  # how many cards show each card's number
    collided = same > 1  # DD-R13
    survive = ~collided
    threes = (R == REVERSING_RANK).sum(axis=1)
    surviving_three = (survive & (R == REVERSING_RANK)).any(axis=1)
    if rules.reversal_trigger == "any_played":  # DD-A6, as in _reversal (first trick of a round)
        flips = (threes > 0).astype(np.int64)
    elif rules.reversal_trigger == "surviving_only":
        flips = surviving_three.astype(np.int64)
    else:
        flips = threes.astype(np.int64)
    rev = flips % 2 == 1
    in_lead = survive & (C == C[:, [0]])
    has_lead = in_lead.any(axis=1)
    fallback_rev = rev & rules.reversal_affects_fallback
    low = np.where(has_lead, rev, fallback_rev)
    strength = np.where(low[:, None], 7 - R, R).astype(np.int64)  # bigger is better
    pool = np.where(has_lead[:, None], in_lead, survive)
    score = np.where(pool, strength, -1)
    winner = score.argmax(axis=1)
    has_winner = survive.any(axis=1)
    off = has_winner & ~has_lead
    out = {
        "tricks": int(weight.sum()),
        "with_collision": int(weight[collided.any(axis=1)].sum()),
        "no_winner": int(weight[~has_winner].sum()),
        "lead_collides": int(weight[collided[:, 0]].sum()),
        "reversed": int(weight[rev].sum()),
        "off_colour_winner": int(weight[off].sum()),
    }
    positions = tuple(int(weight[has_winner & (winner == i)].sum()) for i in range(n))
    return TrickCensus(n, label, out, positions)


#: Most tricks :func:`collision_census_brute_force` resolves one by one: 36*35*34 = 42,840 for 3
#: players and the full deck (0.7 s), the largest case the tests check; 4 players and the full
#: deck (1,413,720 tricks, half a minute) is the exact census's job.
MAX_BRUTE_TRICKS = 50_000


def collision_census_brute_force(players: int, rules: Rules = DEFAULT_RULES, *,
                                deck: Mapping[Any, int] | None = None) -> TrickCensus:
    """Twin of :func:`collision_census`: every permutation of physical cards through
    :func:`resolve_trick`, for tests. Slow, so limited to :data:`MAX_BRUTE_TRICKS` (50,000)
    tricks: 3 players with the full deck (42,840), 4 players with a deck of at most 15 cards."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    counts = _census_deck(check_rules(rules), deck)
    tricks = math.perm(sum(counts.values()), players)
    if tricks > MAX_BRUTE_TRICKS:
        raise BadInput("NB-ARG", f"the brute-force census is limited to {MAX_BRUTE_TRICKS:,} "
                       f"tricks, got {tricks:,} ({players} players, {sum(counts.values())} "
                       f"cards); collision_census counts them exactly at once")
    physical = [c for c, k in counts.items() for _ in range(k)]
    out = dict.fromkeys(CENSUS_KEYS, 0)
    positions = [0] * players
    for seq in itertools.permutations(physical, players):
        res = resolve_trick(seq, rules)
        out["tricks"] += 1
        out["with_collision"] += bool(res.discarded)
        out["lead_collides"] += res.lead_collided
        out["reversed"] += res.reversed
        if res.winner is None:
            out["no_winner"] += 1
        else:
            positions[res.winner] += 1
            out["off_colour_winner"] += seq[res.winner].colour != res.lead_colour
    label = rules.deck_composition if deck is None else "custom"
    return TrickCensus(players, label, out, tuple(positions))


def census_table(players: int, rules: Rules = DEFAULT_RULES) -> Html:
    """The census under each DD-A1 candidate deck, side by side (shares of all tricks)."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    rules = check_rules(rules)
    results = {name: collision_census(players, rules.replace(deck_composition=name))
               for name in deck_candidates()}
    labels = {"tricks": "tricks (ordered, distinct cards)", "with_collision": "some cards collide",
              "no_winner": "no winner (all collide)", "lead_collides": "the lead card collides",
              "reversed": "a 3 reverses the trick", "off_colour_winner": "winner not lead colour"}
    rows = []
    for key, text in labels.items():
        cells = [f"{r[key]:,}" if key == "tricks" else f"{float(r.probability(key)):.2%}"
                 for r in results.values()]
        rows.append([text, *cells])
    for i in range(players):
        rows.append([f"winner at position {i + 1}" + (" (leader)" if i == 0 else ""),
                     *[f"{float(r.winner_probabilities()[i]):.2%}" for r in results.values()]])
    header = ["", *[f"deck {name} {_deck_label(rules.replace(deck_composition=name))}"
                    for name in results]]
    return Html(html_table(header, rows, caption=f"One trick, {players} players: exact shares"))


def resolve_tricks(tricks: Sequence[Sequence[Any]], rules: Rules = DEFAULT_RULES
                   ) -> list[TrickResult]:
    """Resolve consecutive tricks of one round, carrying the reversal state from trick to trick
    as the game does (DD-A5); each trick is listed leader first (at most 36 tricks)."""
    tricks = check_sequence(tricks, "tricks", max_len=DECK_SIZE)
    rules = check_rules(rules)
    results, state = [], False
    for cards in tricks:
        result = resolve_trick(cards, rules, reversed_before=state)
        results.append(result)
        state = result.reversal_after
    return results


def _deck_label(rules: Rules) -> str:
    return "(1s to 6s: " + " ".join(str(t) for t in rules.rank_totals().values()) + ")"




# ------------------------------------------------------------------------------------------------
# Every pile size at once, closed forms (sympy), and the chapter's comparison tables
# ------------------------------------------------------------------------------------------------

def _rank_count_grid(rules: Rules) -> tuple[Any, Any]:
    """Every rank-count tuple (n1..n6) a pile can hold, with the number of physical piles each
    stands for (the product of C(t_r, n_r) over the ranks), as numpy arrays."""
    totals = [rules.rank_totals()[r] for r in RANKS]
    grid = np.indices([t + 1 for t in totals]).reshape(len(RANKS), -1).T
    ways = np.ones(len(grid), dtype=np.int64)  # at most C(36, 18) < 2**34: int64 is exact
    for i, t in enumerate(totals):
        ways = ways * np.array([math.comb(t, n) for n in range(t + 1)], dtype=np.int64)[grid[:, i]]
    return grid, ways


def _scores_of_grid(grid: Any, rules: Rules) -> Any:
    """:func:`round_score` of every row of ``grid`` (n1..n6), vectorised (DD-R18..R21)."""
    n1, n2, n3, n4, n5, n6 = (grid[:, i] for i in range(len(RANKS)))
    total = (np.where(n1 >= 3, 2 * n1, -n1) + np.where(n2 % 2 == 0, 5 * n2, -2 * n2) - n3 - n4
             + np.where(n6 == 0, 7 * n5, -n5) - n6)
    zeroed = n4 == 3 if rules.rank4_zero_rule == "exactly_3" else n4 >= 3
    return np.where(zeroed, 0, total)


@functools.lru_cache(maxsize=16)
def _distributions(rules: Rules) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    grid, ways = _rank_count_grid(rules)
    scores = _scores_of_grid(grid, rules).astype(np.int64)
    sizes = grid.sum(axis=1).astype(np.int64)
    # Weights are at most C(36, 18) < 2**34, and so are their sums per size: int64 is exact.
    low = int(scores.min())
    key = sizes * (int(scores.max()) - low + 1) + (scores - low)
    keys, where = np.unique(key, return_inverse=True)
    sums = np.zeros(len(keys), dtype=np.int64)
    np.add.at(sums, where.ravel(), ways.astype(np.int64))
    span = int(scores.max()) - low + 1
    acc: dict[int, list[tuple[int, int]]] = {}
    for k_and_score, weight in zip(keys.tolist(), sums.tolist(), strict=True):
        k, score = divmod(k_and_score, span)
        acc.setdefault(k, []).append((score + low, weight))
    return tuple((k, tuple(acc[k])) for k in sorted(acc))


def score_distributions(rules: Rules = DEFAULT_RULES) -> dict[int, Distribution]:
    """k -> the exact round-score distribution of k random acquired cards, for every k = 0..36
    in one vectorised pass over the rank-count tuples (the same numbers as
    :func:`round_score_distribution`, which the tests compare it with)."""
    rules = check_rules(rules)
    return {k: Distribution(dict(pairs)) for k, pairs in _distributions(rules)}


def mean_score_series(rules: Rules = DEFAULT_RULES) -> list[tuple[int, Fraction]]:
    """(k, exact expected round score of k random acquired cards) for k = 0..36, fast."""
    return [(k, d.mean()) for k, d in score_distributions(rules).items()]


def _sympy() -> Any:
    import sympy

    return sympy


@functools.lru_cache(maxsize=1)
def lead_collision_formula() -> Formula:
    """P(the leader's card collides) over every ordered trick of distinct cards (DD-R13)."""
    sp = _sympy()
    r, n = sp.symbols("r n", integer=True, positive=True)
    t = sp.IndexedBase("t")
    term = t[r] / 36 * (1 - sp.binomial(36 - t[r], n - 1) / sp.binomial(35, n - 1))
    expr = sp.Sum(term, (r, 1, 6))
    return Formula("lead_collision", expr, r"P(\text{lead collides}) = " + sp.latex(expr),
                   "The leader's card has rank r with chance t_r/36 (t_r cards of rank r in the "
                   "deck). It survives only if none of the other n - 1 cards, drawn from the 35 "
                   "left, is one of the t_r - 1 other cards of its rank.")


@functools.lru_cache(maxsize=1)
def reversal_formula() -> Formula:
    """P(a trick holds at least one 3) = 1 - C(36 - t3, n) / C(36, n) (DD-R15, DD-A6 default)."""
    sp = _sympy()
    n, t3 = sp.symbols("n t_3", integer=True, positive=True)
    expr = 1 - sp.binomial(36 - t3, n) / sp.binomial(36, n)
    return Formula("reversal", expr, r"P(\text{reversed}) = " + sp.latex(expr),
                   "A trick is reversed when at least one of its n cards is a 3 (t_3 of the 36): "
                   "one minus the chance that all n cards avoid the 3s.")


@functools.lru_cache(maxsize=1)
def five_value_formula() -> Formula:
    """E[points from 5s in k random acquired cards] (DD-R20 rank 5)."""
    sp = _sympy()
    k, t5, t6 = sp.symbols("k t_5 t_6", integer=True, nonnegative=True)
    expr = -k * t5 / 36 + 8 * t5 * sp.binomial(35 - t6, k - 1) / sp.binomial(36, k)
    return Formula("five_value", expr, r"E[\text{points from 5s}] = " + sp.latex(expr),
                   "Each 5 scores -1, plus 8 more when no 6 was acquired (+7 in all). A given 5 is "
                   "among k random cards with chance k/36, and is there with no 6 beside it with "
                   "chance C(35 - t_6, k - 1) / C(36, k).")


def _fraction(value: Any) -> Fraction:
    sp = _sympy()
    value = sp.sympify(value)
    if not value.is_Rational:  # a numeric expression sympy left unevaluated
        value = sp.nsimplify(sp.simplify(value))
    return Fraction(int(sp.numer(value)), int(sp.denom(value)))


def lead_collision_closed_form(players: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """:func:`lead_collision_formula` evaluated for ``players`` and the rules' deck (exact)."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    totals = check_rules(rules).rank_totals()
    sp = _sympy()
    n = sp.symbols("n", integer=True, positive=True)  # the same symbols as the formula's
    t = sp.IndexedBase("t")
    value = lead_collision_formula().expression.subs(n, players).doit()
    value = value.subs({t[r]: totals[r] for r in RANKS})
    return _fraction(value)


def reversal_closed_form(players: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """:func:`reversal_formula` for ``players`` and the rules' deck (exact)."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    totals = check_rules(rules).rank_totals()
    expr = reversal_formula().expression
    values = {s: players if s.name == "n" else totals[REVERSING_RANK] for s in expr.free_symbols}
    return _fraction(expr.subs(values))


def five_value_closed_form(k: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """:func:`five_value_formula` for ``k`` acquired cards and the rules' deck (exact)."""
    k = whole_number(k, "k", 0, DECK_SIZE)
    totals = check_rules(rules).rank_totals()
    if k == 0:
        return Fraction(0)
    expr = five_value_formula().expression
    values = {s: {"k": k, "t_5": totals[5], "t_6": totals[6]}[s.name] for s in expr.free_symbols}
    return _fraction(expr.subs(values))


def five_value_brute_force(k: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """The same expectation as :func:`five_value_closed_form`, by enumerating every pile."""
    k = whole_number(k, "k", 0, DECK_SIZE)
    grid, ways = _rank_count_grid(check_rules(rules))
    pick = grid.sum(axis=1) == k
    n5, n6, w = grid[pick, 4], grid[pick, 5], ways[pick]
    points = np.where(n6 == 0, 7 * n5, -n5)
    return Fraction(sum(int(p) * int(x) for p, x in zip(points, w, strict=True)), int(w.sum()))


def formula_table(players: Sequence[int] = PLAYER_COUNTS, rules: Rules = DEFAULT_RULES) -> Html:
    """Each census closed form beside the census the engine enumerates, per player count."""
    players = check_sequence(players, "players", min_len=1, max_len=2,
                             item=lambda v, n: check_players(v, PLAYER_COUNTS, n, rule="DD-R1"))
    rules = check_rules(rules)
    rows: list[list[Any]] = []
    for n in players:
        census = collision_census(n, rules)
        for what, formula, key in (("the lead card collides", lead_collision_closed_form,
                                    "lead_collides"),
                                   ("a 3 reverses the trick", reversal_closed_form, "reversed")):
            value = formula(n, rules)
            counted = census.probability(key)
            rows.append([f"{n} players", what, f"{value} ≈ {float(value):.4f}",
                         f"{census[key]:,} / {census['tricks']:,} = {counted}",
                         "equal" if value == counted else "DIFFERENT"])
    return Html(html_table(["players", "event", "closed form (exact)", "census count (exact)",
                            "agree?"], rows,
                           caption=f"closed forms against the census, deck "
                           f"{rules.deck_composition}"))


__all__ = ["MAX_SCORING_COUNT", "scoring_table", "scoring_tables", "scoring_tables_html",
           "round_score_distribution", "MAX_BRUTEFORCE_K", "round_score_distribution_brute_force",
           "mean_round_scores", "CENSUS_KEYS", "TrickCensus", "collision_census",
           "MAX_BRUTE_TRICKS", "collision_census_brute_force", "census_table", "resolve_tricks",
           "score_distributions", "mean_score_series", "lead_collision_formula",
           "reversal_formula", "five_value_formula", "lead_collision_closed_form",
           "reversal_closed_form", "five_value_closed_form", "five_value_brute_force",
           "formula_table"]
