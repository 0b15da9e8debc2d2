"""Scores (DB-R17), guessing (DB-R16) and awards (DB-R18, DB-R19, DB-A16..DB-A20).

>>> adjust(3, "P", 0, 5), adjust(-2, "Q", 0, 5)                   # DB-T13: clamped at zero
(0, 0)
>>> from doppelnb.engines.doppel_doubt import DOPPELS
>>> colour_scores([9, -6] + [0] * 8, DOPPELS)["red"]               # DB-E7
15
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any

from immutables import Map

from ...core.checks import (
    check_bool,
    check_choice,
    check_instance,
    check_int,
    check_mapping,
    check_sequence,
)
from .board import Board
from .placing import owner_bits
from .rules import (
    COLOURS,
    DEFAULT_RULES,
    DOPPELS,
    Rules,
    _identity,
    _rules,
    _scores,
    colour_of,
    letter_of,
)

# -- scores (DB-R17), guessing (DB-R16) and awards (DB-R18, DB-R19) ------------------------------


def territory_scores(board: Board, identity: Sequence[str]) -> tuple[int, ...]:
    """Each seat's score from territory alone (DB-R17): P sums the positive values of its area,
    Q the negative ones. The area is the colour's (DB-A4 a) or the Doppel's own (DB-A4 b)."""
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    return _territory_scores(board, _identity(identity))


def _territory_scores(board: Board, identity: Sequence[str]) -> tuple[int, ...]:
    """:func:`territory_scores` for a checked identity."""
    return seat_scores(territory_sums(board), identity, board.rules.territory_owner == "doppel")


def territory_sums(board: Board) -> Mapping[str, tuple[int, int]]:
    """Each owner key's (sum of positive values, sum of negative values) on ``board``: the
    public part of the territory scores, whoever holds which Doppel. Worked out once per board
    (memoised on it: a search scores the same boards under many sampled identities), from the
    owners' bitboards the placement search reads too (:func:`.placing.owner_bits`): each
    owner's squares pick its values out in C (``itertools.compress``), no loop over squares."""
    sums: Mapping[str, tuple[int, int]] | None = board._cache.get("sums")
    if sums is None:
        bits, _ = owner_bits(board)
        positive, negative = _signed(board.values)
        totals = {}
        for owner, mask in bits.items():
            picked = bin(mask)[:1:-1].encode().translate(_BITS)     # bit i -> byte i, 0 or 1
            totals[owner] = (sum(compress(positive, picked)), sum(compress(negative, picked)))
        sums = board._cache["sums"] = Map(totals)
    return sums


_BITS = bytes.maketrans(b"01", b"\x00\x01")
_SIGNED: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _signed(values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board's values split into their positive and negative parts (the rest 0), made once
    per values tuple (boards share it until a Zero space changes one)."""
    found = _SIGNED.get(values)
    if found is None:
        if len(_SIGNED) > 4096:                # a long session: start afresh, never grow
            _SIGNED.clear()
        found = _SIGNED[values] = (tuple(max(v, 0) for v in values),
                                   tuple(min(v, 0) for v in values))
    return found


def territory_sums_naive(board: Board) -> dict[str, tuple[int, int]]:
    """The square-by-square twin of :func:`territory_sums` (tests compare the two)."""
    totals: dict[str, list[int]] = {}
    for owner, v in zip(board.owner, board.values, strict=True):
        if owner is not None:
            acc = totals.setdefault(owner, [0, 0])
            acc[0] += max(v, 0)
            acc[1] += min(v, 0)
    return {k: (pos, neg) for k, (pos, neg) in totals.items()}


def seat_scores(sums: Mapping[str, tuple[int, int]], identity: Sequence[str], by_doppel: bool
                ) -> tuple[int, ...]:
    """Each seat's territory score from the owners' sums (DB-R17: P the positive, Q the
    negative values of its area; the area is its colour's, or its Doppel's under DB-A4 b)."""
    out = []
    for doppel in identity:
        pos, neg = sums.get(doppel if by_doppel else colour_of(doppel), (0, 0))
        out.append(pos if letter_of(doppel) == "P" else neg)
    return tuple(out)


def colour_scores(scores: Sequence[int], identity: Sequence[str]) -> dict[str, int]:
    """DB-R17: colour score = P's score - Q's score (the gap)."""
    return _colour_scores(_scores(scores, "scores"), _identity(identity))


def _colour_scores(scores: Sequence[int], identity: Sequence[str]) -> dict[str, int]:
    """:func:`colour_scores` on checked arguments (what a game state holds)."""
    out = dict.fromkeys(COLOURS, 0)
    for score, doppel in zip(scores, identity, strict=True):
        out[colour_of(doppel)] += score if letter_of(doppel) == "P" else -score
    return out


def board_colour_scores(board: Board) -> dict[str, tuple[int, int, int]]:
    """Each colour's (P score, Q score, colour score P - Q) from the board alone (DB-R17): the
    board is public, so these are too, while which seat holds which Doppel stays secret."""
    scores = territory_scores(board, DOPPELS)
    out = {}
    for colour in COLOURS:
        p, q = (scores[DOPPELS.index(f"{colour}-{letter}")] for letter in ("P", "Q"))
        out[colour] = (p, q, p - q)
    return out


def correct_pair(guesser: int, colour: str, named: Sequence[int], identity: Sequence[str]
                 ) -> bool:
    """DB-A16: a pair is guessed when the guesser named exactly its members (its partner alone
    for the guesser's own colour)."""
    members = {s for s, d in enumerate(identity) if colour_of(d) == colour}
    return _pair_right(guesser, colour == colour_of(identity[guesser]), named, members)


def _pair_right(guesser: int, own: bool, named: Sequence[int], members: set[int]) -> bool:
    """:func:`correct_pair` with the colour's ``members`` worked out (``own``: the guesser's
    own colour)."""
    if own:
        return len(named) == 1 and set(named) == members - {guesser}
    return len(named) == 2 and set(named) == members


def guess_points(identity: Sequence[str], jester: str, guesses: Sequence[Mapping[str, Any]],
                 rules: Rules = DEFAULT_RULES) -> tuple[list[int], list[int]]:
    """(benefit, detriment) per seat from the round-10 guesses (DB-R16, DB-A16).

    ``guesses[seat]`` maps colour -> the seats named for it, and may map ``"jester"`` -> a colour
    (used when ``jester_guess="colour_only"``).
    """
    identity = _identity(identity)
    jester = check_choice(jester, "jester", COLOURS)
    guesses = check_sequence(guesses, "guesses", min_len=10, max_len=10,
                             item=_guess)
    return _guess_points(identity, jester, guesses, _rules(rules))


def _guess_points(identity: Sequence[str], jester: str, guesses: Sequence[Mapping[str, Any]],
                  rules: Rules) -> tuple[list[int], list[int]]:
    """:func:`guess_points` on checked arguments."""
    n = len(identity)
    benefit, detriment = [0] * n, [0] * n
    hit_pairs: set[str] = set()
    colours = [colour_of(d) for d in identity]
    members = {colour: {s for s, c in enumerate(colours) if c == colour} for colour in COLOURS}
    for g, guess in enumerate(guesses):
        own = colours[g]
        for colour in COLOURS:
            named = guess.get(colour, ())
            right = _pair_right(g, colour == own, named, members[colour])
            jester_right = colour == jester and colour != own and (
                right or (rules.jester_guess == "colour_only" and guess.get("jester") == jester))
            if jester_right:                                       # +10 for the Jester pair
                benefit[g] += 10 if rules.jester_bonus == "replace" else 15
            elif right:
                benefit[g] += 5                                    # +5 per pair
            if right and colour != own:                            # -5 to each member
                if rules.detriment_stacks or colour not in hit_pairs:
                    for s, d in enumerate(identity):
                        if colour_of(d) == colour:
                            detriment[s] += 5
                hit_pairs.add(colour)
    return benefit, detriment


def adjust(score: int, letter: str, benefit: int, detriment: int, clamp: bool = True) -> int:
    """Benefits move a score away from zero, detriments toward it (DB-R16); P is positive, Q
    negative (a benefit to a Q at 0 makes it negative). ``clamp``: never past zero (DB-A16)."""
    score = check_int(score, "score", -10_000, 10_000)
    letter = check_choice(letter, "letter", ("P", "Q"))
    benefit = check_int(benefit, "benefit", 0, 10_000)
    detriment = check_int(detriment, "detriment", 0, 10_000)
    return _adjust(score, letter, benefit, detriment, check_bool(clamp, "clamp"))


def _adjust(score: int, letter: str, benefit: int, detriment: int, clamp: bool) -> int:
    """:func:`adjust` on checked arguments."""
    magnitude = (score if letter == "P" else -score) + benefit - detriment
    if clamp and magnitude < 0:
        magnitude = 0
    return magnitude if letter == "P" else -magnitude


@dataclasses.dataclass(frozen=True)
class Results:
    """The end of the MainMatch: scores, Tokens of Life and the Elimination Candidate."""

    identity: tuple[str, ...]
    jester: str
    territory: tuple[int, ...]
    benefit: tuple[int, ...]
    detriment: tuple[int, ...]
    final: tuple[int, ...]
    colour_scores: dict[str, Any]
    team_winners: tuple[str, ...]
    individual_winners: tuple[int, ...]
    losing_teams: tuple[str, ...]
    first_candidates: tuple[int, ...]
    candidates: tuple[int, ...]
    escaped: tuple[int, ...]
    tokens: dict[int, int]
    notes: tuple[str, ...]

    def _repr_html_(self) -> str:
        from .render import results_html

        return str(results_html(self))


def _decide(pool: Sequence[Any], final: Mapping[Any, int], history: Sequence[Any],
            higher: bool, measure: Callable[[Any], Mapping[Any, int]]) -> tuple[Any, ...]:
    """DB-R18 / DB-A18: the best of ``pool`` by ``final``; ties go to whoever led in the previous
    round (round 9, then 8, ...; ``measure(history[r])`` scores round r + 1, worked out only
    when a tie needs it); a tie throughout is shared."""
    sign = 1 if higher else -1
    best = max(sign * final[x] for x in pool)
    tied = [x for x in pool if sign * final[x] == best]
    for past in reversed(history):
        if len(tied) == 1:
            break
        scored = measure(past)
        top = max(sign * scored[x] for x in tied)
        tied = [x for x in tied if sign * scored[x] == top]
    return tuple(tied)


def match_results(identity: Sequence[str], jester: str, territory: Sequence[int],
                  guesses: Sequence[Mapping[str, Any]], history: Sequence[Sequence[int]],
                  rules: Rules = DEFAULT_RULES) -> Results:
    """Final scores, awards and the Elimination Candidate (DB-R16..DB-R19).

    ``history[r]`` holds the seats' territory scores at the end of round r + 1 (used to break
    ties, DB-A18); the last entry is the end of round 10 and is not a "previous round".
    """
    identity = _identity(identity)
    territory = _scores(territory, "territory")
    history = check_sequence(history, "history", min_len=1, max_len=10,
                             item=lambda v, n: _scores(v, n))
    guesses = check_sequence(guesses, "guesses", min_len=10, max_len=10, item=_guess)
    jester = check_choice(jester, "jester", COLOURS)
    return _match_results(identity, jester, territory, guesses, history, _rules(rules))


def _match_results(identity: Sequence[str], jester: str, territory: Sequence[int],
                   guesses: Sequence[Mapping[str, Any]], history: Sequence[Sequence[int]],
                   rules: Rules) -> Results:
    """:func:`match_results` on what a game state holds (checked when it was played)."""
    benefit, detriment = _guess_points(identity, jester, guesses, rules)
    final = tuple(_adjust(territory[s], letter_of(identity[s]), benefit[s], detriment[s],
                          rules.detriment_clamp_zero) for s in range(len(identity)))
    basis = final if rules.colour_score_includes_guessing else tuple(territory)   # DB-A17
    colours = _colour_scores(basis, identity)
    previous = list(history[:-1]) if len(history) >= 10 else list(history)

    def by_colour(scores: Sequence[int]) -> Mapping[str, int]:
        return _colour_scores(scores, identity)

    def by_size(scores: Sequence[int]) -> Mapping[int, int]:
        return {s: abs(v) for s, v in enumerate(scores)}

    eligible_colours = [c for c in COLOURS if rules.jesters_eligible or c != jester]  # DB-A19
    eligible_seats = [s for s, d in enumerate(identity)
                      if rules.jesters_eligible or colour_of(d) != jester]
    notes = []
    team = _decide(eligible_colours, colours, previous, True, by_colour)             # DB-R18
    solo = _decide(eligible_seats, {s: abs(final[s]) for s in eligible_seats}, previous, True,
                   by_size)
    losers = _decide(eligible_colours, colours, previous, False, by_colour)          # DB-R19
    tokens = dict.fromkeys(range(len(identity)), 0)
    for s, d in enumerate(identity):
        if colour_of(d) in team and rules.team_tol == "per_member":                  # DB-A20
            tokens[s] += 1
    if rules.team_tol == "one_shared":
        notes.append(f"{' and '.join(team)} share{'s' if len(team) == 1 else ''} one team Token "
                     "of Life (DB-A20)")
    for s in solo:
        tokens[s] += 1
    first: list[int] = []
    candidates: list[int] = []
    escaped: list[int] = []
    for colour in losers:
        members = [s for s, d in enumerate(identity) if colour_of(d) == colour]
        ec = _decide(members, {s: abs(final[s]) for s in members}, previous, False, by_size)
        first.extend(ec)
        if len(ec) != 1:
            candidates.extend(ec)
            notes.append(f"{colour}'s members were tied throughout; both are candidates")
            continue
        e = ec[0]
        p = next(s for s in members if s != e)
        if p in solo:                                              # DB-R19 clarification
            notes.append(f"seat {p} won the individual Token of Life, so seat {e}'s escape "
                         "check is skipped")
            candidates.append(e)
        elif correct_pair(e, colour, guesses[e].get(colour, ()), identity) and not correct_pair(
                p, colour, guesses[p].get(colour, ()), identity):
            tokens[e] += 1                                         # DB-R19 escape
            escaped.append(e)
            candidates.append(p)
            notes.append(f"seat {e} named its partner but seat {p} did not: seat {e} escapes "
                         f"and gains a Token of Life; seat {p} becomes the candidate")
        else:
            candidates.append(e)
    return Results(tuple(identity), jester, tuple(territory), tuple(benefit), tuple(detriment),
                   final, colours, team, solo, losers, tuple(first), tuple(candidates),
                   tuple(escaped), tokens, tuple(notes))



def _guess(value: Any, name: str) -> dict[str, Any]:
    """One guesser's guesses: colour -> the seats named (at most 2), and maybe "jester" -> colour."""
    def item(v: Any, n: str) -> Any:
        if isinstance(v, str) or v is None:
            return check_choice(v, n, (*COLOURS, None))
        return check_sequence(v, n, max_len=2, item=lambda x, m: check_int(x, m, 0, 9))
    return check_mapping(value, name, keys=(*COLOURS, "jester"), item=item)



__all__ = ["territory_scores", "territory_sums", "territory_sums_naive", "seat_scores", "colour_scores", "board_colour_scores", "correct_pair", "guess_points", "adjust",
           "Results", "match_results"]
