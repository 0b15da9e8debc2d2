"""Doppeldoppel analysis: exact scoring tables, round-score distributions, the trick census,
and seeded surveys of the variant flags. Each exact result has a brute-force twin for the tests."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...core.checks import check_choice, check_int, check_mapping, check_players, check_sequence
from ...core.errors import BadInput
from ...core.exact import Distribution, multiset_draws
from ...core.render import Html, html_table
from ...core.state import play_to_end
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
from .state import new_game

#: Longest table :func:`scoring_table` builds: no player can hold more than the 36 cards.
MAX_SCORING_COUNT = DECK_SIZE
#: Most games :func:`simulate` / :func:`variant_survey` play in one call (about a minute).
MAX_GAMES = 20_000

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
        src = "JP table" if r in JAPANESE_SCORE_TABLES else "computed"
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


#: Largest k :func:`round_score_distribution_bruteforce` loops over (comb(36, 5) = 376,992
#: subsets, a few seconds); the exact :func:`round_score_distribution` has no limit.
MAX_BRUTEFORCE_K = 5


def round_score_distribution_bruteforce(k: int, rules: Rules = DEFAULT_RULES) -> Distribution:
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
    return [(k, round_score_distribution(k, rules).mean()) for k in range(DECK_SIZE + 1)]


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

    def as_dict(self) -> dict[str, Any]:
        return {**self.counts, "winner_position": self.winner_position}

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
    :func:`collision_census_bruteforce`.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    counts = _census_deck(check_rules(rules), deck)
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
    label = rules.deck_composition if deck is None else "custom"
    return TrickCensus(n, label, out, positions)


def collision_census_bruteforce(players: int, rules: Rules = DEFAULT_RULES, *,
                                deck: Mapping[Any, int] | None = None) -> TrickCensus:
    """Twin of :func:`collision_census`: every permutation of physical cards through
    :func:`resolve_trick`. Slow (36*35*34 = 42,840 tricks for 3 players); for tests."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    physical = [c for c, k in _census_deck(check_rules(rules), deck).items() for _ in range(k)]
    if len(physical) > DECK_SIZE:
        raise BadInput("NB-ARG", f"the brute-force census is limited to decks of {DECK_SIZE} "
                       f"cards, got {len(physical)}")
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


def _outcome(result: TrickResult) -> str:
    if result.winner is None:
        return "no winner"
    text = f"P{result.winner + 1} wins ({result.cards[result.winner]})"
    return text + (", reversed" if result.reversed else "")


READING_CASES = {
    "DD-T6: Y5 Y3 Y6 R1": [["Y5", "Y3", "Y6", "R1"]],
    "DD-T7: Y3 B3 Y5 Y2": [["Y3", "B3", "Y5", "Y2"]],
    "DD-T8: Y4 R4 B3 R6": [["Y4", "R4", "B3", "R6"]],
    "DD-T9: after T6, R5 R2 R6 Y4": [["Y5", "Y3", "Y6", "R1"], ["R5", "R2", "R6", "Y4"]],
}


def readings_table(cases: Mapping[str, Sequence[Sequence[Any]]] = READING_CASES,
                   flags: Sequence[str] = ("reversal_trigger", "reversal_affects_fallback",
                                           "reversal_scope"),
                   rules: Rules = DEFAULT_RULES) -> Html:
    """How each reading of ``flags`` decides the last trick of each case (a static comparison).

    A case is a list of consecutive tricks of one round (leader first); the cell shows who wins
    the last of them under that reading, all other flags as in ``rules``.
    """
    cases = check_mapping(cases, "cases", max_len=50)
    flags = check_sequence(flags, "flags", max_len=len(Rules.flags()))
    rules = check_rules(rules)
    infos = {f.name: f for f in Rules.flags()}
    rows: list[list[Any]] = []
    marked: set[int] = set()
    for name in flags:
        if name not in infos or not infos[name].choices:
            raise BadInput("NB-ARG", f"{name!r} is not a variant flag with readings")
        for reading in infos[name].choices or ():
            variant = rules.replace(**{name: reading})
            default = reading == infos[name].default
            if default:
                marked.add(len(rows))
            rows.append([f"{infos[name].rule} {name}", f"{reading}" + (" (default)" if default
                                                                       else ""),
                         *[_outcome(resolve_tricks(tricks, variant)[-1])
                           for tricks in cases.values()]])
    return Html(html_table(["flag", "reading", *cases], rows, highlight=marked,
                           caption="who wins the last trick under each reading (P1, P2, ... in play order, "
                           "P1 leading that trick; default rows shaded)"))


@dataclass(frozen=True)
class PlaySummary:
    """Totals over games played by uniformly random legal moves (not strategy)."""

    players: int
    games: int
    tricks: int
    reversed: int
    no_winner: int
    leader_wins: int
    round_scores: tuple[int, ...]
    winning_totals: tuple[int, ...]

    def row(self) -> list[str]:
        mean = sum(self.round_scores) / len(self.round_scores)
        win = sum(self.winning_totals) / len(self.winning_totals)
        return [f"{self.reversed / self.tricks:.1%}", f"{self.no_winner / self.tricks:.1%}",
                f"{self.leader_wins / self.tricks:.1%}", f"{mean:+.2f}", f"{win:+.1f}"]


SUMMARY_HEADER = ["tricks reversed", "no winner", "leader wins", "mean round score",
                  "mean winning total"]


def simulate(players: int, rules: Rules = DEFAULT_RULES, games: int = 100, seed: int = 0
             ) -> PlaySummary:
    """Play ``games`` seeded games with random legal moves and count what happened.

    ``games`` is limited to :data:`MAX_GAMES` per call.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    rules = check_rules(rules)
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed", 0, 2**62)
    tricks = reversed_ = no_winner = leader_wins = 0
    scores: list[int] = []
    winning: list[int] = []
    for g in range(games):
        end = play_to_end(new_game(players, rules=rules, seed=seed + g), seed=seed + g)
        for t in end.log:
            tricks += 1
            reversed_ += t.result.reversed
            no_winner += t.result.winner is None
            leader_wins += t.result.winner == 0
        scores += [x for r in end.round_scores for x in r]
        winning.append(max(end.totals))
    return PlaySummary(players, games, tricks, reversed_, no_winner, leader_wins, tuple(scores),
                       tuple(winning))


def variant_survey(players: int, games: int = 30, seed: int = 0, rules: Rules = DEFAULT_RULES,
                   flags: Sequence[str] | None = None) -> Html:
    """:func:`simulate` under every reading of each flag (the same seeds for every reading).

    ``flags`` names variant flags with readings; an unknown name is refused. ``games`` is limited
    to :data:`MAX_GAMES`.
    """
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed", 0, 2**62)
    rules = check_rules(rules)
    if flags is not None:
        names = [f.name for f in Rules.flags() if f.choices]
        flags = check_sequence(flags, "flags", max_len=len(names),
                               item=lambda v, n: check_choice(v, n, names))
    infos = [f for f in Rules.flags() if f.choices and (flags is None or f.name in flags)]
    rows: list[list[Any]] = []
    marked: set[int] = set()
    for info in infos:
        for reading in info.choices or ():
            summary = simulate(players, rules.replace(**{info.name: reading}), games, seed)
            if reading == info.default:
                marked.add(len(rows))
            rows.append([f"{info.rule} {info.name}", str(reading), *summary.row()])
    return Html(html_table(["flag", "reading", *SUMMARY_HEADER], rows, highlight=marked,
                           caption=f"{games} random-move games of {players} players per reading "
                           "(default rows shaded)"))


def _deck_label(rules: Rules) -> str:
    return "(" + " ".join(str(t) for t in rules.rank_totals().values()) + ")"


