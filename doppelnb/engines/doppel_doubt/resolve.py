"""Pure rule functions of Doppel Doubt: dealing, card order, start allocation, the shape draft,
claim resolution, the Power of Light, scoring, guessing and awards.

Each function takes plain values and returns new ones; the game state (``game.py``) only calls
them. Rule ids mark the one place each rule lives.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.chance import MAX_SEED, rng_for
from ...core.checks import (
    check_bool,
    check_choice,
    check_instance,
    check_int,
    check_mapping,
    check_sequence,
    fail,
)
from ...core.errors import BadInput, IllegalAction
from .board import Board, Verdict, _cell_list, cell_name, cells_text, on_board, parse_cell
from .rules import COLOURS, DEFAULT_RULES, DOPPELS, Rules, colour_of, letter_of, partner_of
from .shapes import Cell

# -- argument checks shared by the pure functions (BadInput naming the argument) ----------------


def _rules(value: Any, name: str = "rules") -> Rules:
    return check_instance(value, name, Rules, expected="a doppel_doubt.Rules")


def _identity(value: Any, name: str = "identity") -> tuple[str, ...]:
    """The seats' Doppels: 10 distinct names such as 'red-P', one per seat (DB-R1)."""
    out = check_sequence(value, name, min_len=10, max_len=10,
                         item=lambda v, n: check_choice(v, n, DOPPELS))
    if len(set(out)) != 10:
        raise fail(name, "the 10 Doppels, each once", value)
    return out


def _scores(value: Any, name: str) -> tuple[int, ...]:
    return check_sequence(value, name, min_len=10, max_len=10,
                          item=lambda v, n: check_int(v, n, -10_000, 10_000))


def _card(value: Any, name: str) -> tuple[int, int]:
    """An (effective, original) card pair."""
    pair = check_sequence(value, name, min_len=2, max_len=2,
                          item=lambda v, n: check_int(v, n, 0, 101))
    return (pair[0], pair[1])

# -- dealing (DB-R3, DB-A3) ---------------------------------------------------------------------


def deal_hands(seed: int, mode: str = "one_per_decile") -> tuple[tuple[int, ...], ...]:
    """Ten hands of ten cards, a partition of 1..100 where every hand sums to 505 (DB-R3).

    ``one_per_decile`` (DB-A3 a): hand i takes card ``10k + L[i][k] + 1`` from block k, where L is
    a seeded random Latin square (rows and columns both permutations of 0..9), so each hand has one
    card per block and the same sum. ``equal_sum_any`` (DB-A3 b) then scrambles the deciles with
    seeded swaps of two cards against two with the same total, which keep every sum at 505.
    """
    seed = check_int(seed, "seed", 0, MAX_SEED)
    mode = check_choice(mode, "mode", ("one_per_decile", "equal_sum_any"), rule="DB-A3")
    rng = rng_for(seed, "deal")
    rows, cols, symbols = (rng.sample(range(10), 10) for _ in range(3))
    hands = [sorted(10 * k + symbols[(rows[i] + cols[k]) % 10] + 1 for k in range(10))
             for i in range(10)]
    if mode == "equal_sum_any":
        for _ in range(400):
            a, b = rng.sample(range(10), 2)
            x1, x2 = rng.sample(hands[a], 2)
            total = x1 + x2
            pairs = [(y1, y2) for i, y1 in enumerate(hands[b]) for y2 in hands[b][i + 1:]
                     if y1 + y2 == total]
            if pairs:
                y1, y2 = rng.choice(pairs)
                hands[a] = sorted(set(hands[a]) - {x1, x2} | {y1, y2})
                hands[b] = sorted(set(hands[b]) - {y1, y2} | {x1, x2})
    elif mode != "one_per_decile":
        raise BadInput("DB-A3", f"unknown deal mode {mode!r}")
    return tuple(tuple(h) for h in hands)


def check_hands(hands: object, mode: str = "one_per_decile") -> tuple[tuple[int, ...], ...]:
    """Validate a supplied deal (DB-R3): 10 hands of 10, a partition of 1..100, sums 505."""
    mode = check_choice(mode, "mode", ("one_per_decile", "equal_sum_any"), rule="DB-A3")
    ok = (isinstance(hands, (list, tuple)) and len(hands) == 10
          and all(isinstance(h, (list, tuple)) and len(h) == 10 for h in hands)
          and all(isinstance(c, int) and not isinstance(c, bool) for h in hands for c in h))
    if not ok:
        raise BadInput("DB-R3", "a deal is 10 hands of 10 whole-number cards")
    cards = sorted(c for h in hands for c in h)
    if cards != list(range(1, 101)):
        raise BadInput("DB-R3", "the 10 hands must hold each card 1..100 exactly once")
    for i, h in enumerate(hands):
        if sum(h) != 505:
            raise BadInput("DB-R3", f"hand {i} sums to {sum(h)}; every hand must average 50.5, "
                                    "so sum to 505")
        if mode == "one_per_decile" and sorted((c - 1) // 10 for c in h) != list(range(10)):
            raise BadInput("DB-A3", f"hand {i} does not hold exactly one card from each block "
                                    "1-10, 11-20, ..., 91-100")
    return tuple(tuple(sorted(h)) for h in hands)


# -- card order (DB-R4, DB-R20, DB-A22) ---------------------------------------------------------


def card_order(entries: Sequence[tuple], descending: bool, rules: Rules = DEFAULT_RULES) -> list:
    """Sort ``(who, effective, original, ...)`` entries in resolution order.

    Descending for starting squares and placement, ascending for the shape draft (DB-R4). A tie
    made by the Power of Dark is broken by the original values (DB-R20): in the same direction as
    the action (DB-A22 default), or always the higher original first.
    """
    entries = check_sequence(entries, "entries", max_len=100)
    for i, entry in enumerate(entries):
        if not isinstance(entry, (list, tuple)) or len(entry) < 3:
            raise fail(f"entries[{i}]", "a tuple (who, effective card, original card, ...)", entry)
        check_int(entry[1], f"entries[{i}] effective card", 0, 101)
        check_int(entry[2], f"entries[{i}] original card", 0, 101)
    descending = check_bool(descending, "descending")
    same = _rules(rules).dark_tie_direction == "same_as_action"

    def key(entry: tuple) -> tuple:
        eff, orig = entry[1], entry[2]
        if descending:
            return (-eff, -orig)
        return (eff, orig if same else -orig)

    return sorted(entries, key=key)


def check_dark(card: int, change: int) -> int:
    """DB-R20: the Power of Dark changes a played card by up to 30, staying within 0..101."""
    card = check_int(card, "card", 1, 100)
    if isinstance(change, bool) or not isinstance(change, int):
        raise BadInput("DB-R20", f"the Power of Dark changes a card by a whole number, not "
                                 f"{change!r}")
    if abs(change) > 30:
        raise IllegalAction("DB-R20", f"the Power of Dark changes a card by at most 30, not "
                                      f"{change:+d}")
    if not 0 <= card + change <= 101:
        raise IllegalAction("DB-R20", f"{card} {change:+d} = {card + change} is outside 0..101")
    return card + change


# -- starting squares (DB-R6, DB-R7) -----------------------------------------------------------


def allocate_starts(rankings: Mapping[str, Sequence[str]], cards: Mapping[str, tuple[int, int]],
                    labels: Sequence[str], rules: Rules = DEFAULT_RULES
                    ) -> tuple[dict[str, str], tuple[str, ...]]:
    """One letter's pool: in descending card order each Doppel gets the first square on its list
    not yet taken (DB-R6). Returns (Doppel -> square label, leftover labels) (DB-R7)."""
    rankings = check_mapping(rankings, "rankings", max_len=12,
                             item=lambda v, n: check_sequence(v, n, max_len=12))
    cards = check_mapping(cards, "cards", max_len=12, item=_card)
    labels = check_sequence(labels, "labels", max_len=12)
    if set(rankings) - set(cards):
        raise fail("cards", "a card for every ranking", cards)
    taken: dict[str, str] = {}
    order = card_order([(who, *cards[who]) for who in rankings], True, rules)
    for who, *_ in order:
        ranking = list(rankings[who])
        if sorted(ranking) != sorted(labels):
            raise IllegalAction("DB-R6", f"{who} must rank all of {', '.join(labels)}")
        taken[who] = next(lab for lab in ranking if lab not in taken.values())
    leftover = tuple(lab for lab in labels if lab not in taken.values())
    return taken, leftover


# -- the shape draft (DB-R8) --------------------------------------------------------------------


def draft_shapes(rankings: Mapping[str, Sequence[int]], cards: Mapping[str, tuple[int, int]],
                 count: int, rules: Rules = DEFAULT_RULES) -> dict[str, int]:
    """In ascending card order, each Doppel receives the first shape on its list not yet taken.

    Returns Doppel -> shape index. The caller gives the shape to the Doppel's partner (DB-R8).
    """
    rankings = check_mapping(rankings, "rankings", max_len=10,
                             item=lambda v, n: check_sequence(v, n, max_len=10))
    cards = check_mapping(cards, "cards", max_len=10, item=_card)
    count = check_int(count, "count", 1, 10)
    if set(rankings) - set(cards):
        raise fail("cards", "a card for every ranking", cards)
    if len(rankings) > count:
        raise fail("count", f"at least the number of rankings ({len(rankings)})", count)
    got: dict[str, int] = {}
    order = card_order([(who, *cards[who]) for who in rankings], False, rules)
    for who, *_ in order:
        ranking = list(rankings[who])
        if sorted(ranking) != list(range(count)):
            raise IllegalAction("DB-R8", f"{who} must rank all {count} shapes")
        got[who] = next(i for i in ranking if i not in got.values())
    return got


# -- claims (DB-R11) ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ClaimStep:
    """One placement resolved: what it claimed, held, lost to earlier claims, or why it was void."""

    seat: int
    who: str
    card: int
    original: int
    cells: tuple[Cell, ...]
    claimed: tuple[Cell, ...]
    held: tuple[Cell, ...]
    ignored: tuple[Cell, ...]
    void: str | None
    board: Board = dataclasses.field(compare=False, repr=False)

    def describe(self) -> str:
        head = f"{self.who} (card {self.card}"
        head += f", played {self.original})" if self.card != self.original else ")"
        if self.void:
            return f"{head}: void, {self.void}"
        parts = [f"claims {len(self.claimed)}"]
        if self.held:
            parts.append(f"holds {len(self.held)} own")
        if self.ignored:
            parts.append(f"loses {cells_text(self.ignored)} (claimed earlier this round, DB-R11)")
        return f"{head}: " + ", ".join(parts)


@dataclasses.dataclass(frozen=True)
class Resolution:
    """A round's placements resolved claim by claim, then the Power of Light (DB-R11, DB-R15)."""

    before: Board
    steps: tuple[ClaimStep, ...]
    lights: tuple[tuple[str, Cell, bool], ...]
    after: Board

    def claimed_by(self) -> dict[Cell, str]:
        out: dict[Cell, str] = {}
        for step in self.steps:
            for cell in step.claimed + step.held:
                out[cell] = step.who
        return out


def resolve_placements(board: Board, placements: Sequence[tuple], rules: Rules | None = None,
                       lights: Sequence[tuple[str, Cell]] = ()) -> Resolution:
    """Resolve a round's placements ``(seat, who, effective card, original card, cells)``.

    DB-R11: in descending card order each covered square is claimed for the placer unless it was
    claimed earlier this round. A placement was checked on the start-of-round board (DB-A8 a) or
    is checked again now (DB-A8 b); with ``partial_claims`` off, a placement that meets an earlier
    claim claims nothing (DB-A9); covering your own square blocks later claims (DB-A10). Then each
    Power of Light turns a square its holder still controls into a Zero space (DB-R15).
    """
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    rules = board.rules if rules is None else _rules(rules)
    placements = check_sequence(placements, "placements", max_len=10)
    checked = []
    for i, p in enumerate(placements):
        name = f"placements[{i}]"
        if not isinstance(p, (list, tuple)) or len(p) != 5:
            raise fail(name, "a tuple (seat, who, effective card, original card, cells)", p)
        seat = check_int(p[0], f"{name} seat", 0, 9)
        who = board._key(p[1])
        checked.append((seat, who, check_int(p[2], f"{name} card", 0, 101),
                        check_int(p[3], f"{name} original card", 1, 100),
                        tuple(_cell_list(p[4], f"{name} cells", 64))))
    placements = checked
    lights = [(board._key(check_sequence(x, "a light", min_len=2, max_len=2)[0]),
               parse_cell(x[1], "a light's square"))
              for x in check_sequence(lights, "lights", max_len=10)]
    start = (board.with_rules(rules) if board.rules != rules else board).frozen()
    current = start.copy()
    claimed_round: set[Cell] = set()
    steps = []
    ordered = card_order([(p, p[2], p[3]) for p in placements], True, rules)
    for (seat, who, card, original, cells), *_ in ordered:
        cells = tuple(sorted(tuple(c) for c in cells))
        judge: Board = current if rules.legality_time == "resolution" else start
        verdict: Verdict = judge._verdict(who, cells)
        void = None
        if not verdict.legal:
            void = (f"no longer legal when it resolves (DB-A8): "
                    f"{'; '.join(verdict.messages)}")
        elif not rules.partial_claims and claimed_round.intersection(cells):
            void = (f"{cells_text(claimed_round.intersection(cells))} already claimed this "
                    f"round, so the whole shape fails (DB-A9)")
        claimed, held, ignored = [], [], []
        if void is None:
            own = {c for c, cat, _ in verdict.squares if cat in ("own", "own Zero")}
            for cell in cells:
                if cell in claimed_round:                          # DB-R11: first claim wins
                    ignored.append(cell)
                elif cell in verdict.takes:
                    claimed.append(cell)
                    claimed_round.add(cell)
                elif cell in own:
                    held.append(cell)
                    if rules.own_square_blocks:                    # DB-A10
                        claimed_round.add(cell)
            if claimed:
                current.set_owner(claimed, who)
        steps.append(ClaimStep(seat, who, card, original, cells, tuple(claimed), tuple(held),
                               tuple(ignored), void, current.frozen()))
    done = []
    for who, cell in lights:                                       # DB-R15, end of round
        ok = on_board(cell) and current.owner_of(cell) == who
        if ok:
            current.set_zero(cell, owner=who)
        done.append((who, cell, ok))
    return Resolution(start, tuple(steps), tuple(done), current.frozen())


# -- scores (DB-R17), guessing (DB-R16) and awards (DB-R18, DB-R19) ------------------------------


def territory_scores(board: Board, identity: Sequence[str]) -> tuple[int, ...]:
    """Each seat's score from territory alone (DB-R17): P sums the positive values of its area,
    Q the negative ones. The area is the colour's (DB-A4 a) or the Doppel's own (DB-A4 b)."""
    check_instance(board, "board", Board, expected="a doppel_doubt.Board")
    identity = _identity(identity)
    sums: dict[str, list[int]] = {}
    for i, owner in enumerate(board.owner):
        if owner is not None:
            v = board.values[i]
            acc = sums.setdefault(owner, [0, 0])
            acc[0] += max(v, 0)
            acc[1] += min(v, 0)
    out = []
    for doppel in identity:
        key = doppel if board.rules.territory_owner == "doppel" else colour_of(doppel)
        pos, neg = sums.get(key, [0, 0])
        out.append(pos if letter_of(doppel) == "P" else neg)
    return tuple(out)


def colour_scores(scores: Sequence[int], identity: Sequence[str]) -> dict[str, int]:
    """DB-R17: colour score = P's score - Q's score (the gap)."""
    scores = _scores(scores, "scores")
    identity = _identity(identity)
    out = dict.fromkeys(COLOURS, 0)
    for score, doppel in zip(scores, identity, strict=True):
        out[colour_of(doppel)] += score if letter_of(doppel) == "P" else -score
    return out


def correct_pair(guesser: int, colour: str, named: Sequence[int], identity: Sequence[str]
                 ) -> bool:
    """DB-A16: a pair is guessed when the guesser named exactly its members (its partner alone
    for the guesser's own colour)."""
    members = {s for s, d in enumerate(identity) if colour_of(d) == colour}
    if colour == colour_of(identity[guesser]):
        return set(named) == members - {guesser} and len(named) == 1
    return set(named) == members and len(named) == 2


def guess_points(identity: Sequence[str], jester: str, guesses: Sequence[Mapping],
                 rules: Rules = DEFAULT_RULES) -> tuple[list[int], list[int]]:
    """(benefit, detriment) per seat from the round-10 guesses (DB-R16, DB-A16).

    ``guesses[seat]`` maps colour -> the seats named for it, and may map ``"jester"`` -> a colour
    (used when ``jester_guess="colour_only"``).
    """
    identity = _identity(identity)
    jester = check_choice(jester, "jester", COLOURS)
    guesses = check_sequence(guesses, "guesses", min_len=10, max_len=10,
                             item=_guess)
    rules = _rules(rules)
    n = len(identity)
    benefit, detriment = [0] * n, [0] * n
    hit_pairs: set[str] = set()
    for g, guess in enumerate(guesses):
        own = colour_of(identity[g])
        for colour in COLOURS:
            named = guess.get(colour, ())
            right = correct_pair(g, colour, named, identity)
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
    clamp = check_bool(clamp, "clamp")
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
    colour_scores: dict
    team_winners: tuple[str, ...]
    individual_winners: tuple[int, ...]
    losing_teams: tuple[str, ...]
    first_candidates: tuple[int, ...]
    candidates: tuple[int, ...]
    escaped: tuple[int, ...]
    tokens: dict
    notes: tuple[str, ...]

    def _repr_html_(self) -> str:
        from .render import results_html

        return results_html(self)


def _decide(pool: Sequence, final: Mapping, history: Sequence[Mapping], higher: bool) -> tuple:
    """DB-R18 / DB-A18: the best of ``pool`` by ``final``; ties go to whoever led in the previous
    round (round 9, then 8, ...); a tie throughout is shared."""
    sign = 1 if higher else -1
    best = max(sign * final[x] for x in pool)
    tied = [x for x in pool if sign * final[x] == best]
    for measure in reversed(history):
        if len(tied) == 1:
            break
        top = max(sign * measure[x] for x in tied)
        tied = [x for x in tied if sign * measure[x] == top]
    return tuple(tied)


def match_results(identity: Sequence[str], jester: str, territory: Sequence[int],
                  guesses: Sequence[Mapping], history: Sequence[Sequence[int]],
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
    benefit, detriment = guess_points(identity, jester, guesses, rules)
    final = tuple(adjust(territory[s], letter_of(identity[s]), benefit[s], detriment[s],
                         rules.detriment_clamp_zero) for s in range(len(identity)))
    basis = final if rules.colour_score_includes_guessing else tuple(territory)   # DB-A17
    colours = colour_scores(basis, identity)
    previous = list(history[:-1]) if len(history) >= 10 else list(history)
    colour_history = [colour_scores(h, identity) for h in previous]
    abs_history = [{s: abs(v) for s, v in enumerate(h)} for h in previous]
    eligible_colours = [c for c in COLOURS if rules.jesters_eligible or c != jester]  # DB-A19
    eligible_seats = [s for s, d in enumerate(identity)
                      if rules.jesters_eligible or colour_of(d) != jester]
    notes = []
    team = _decide(eligible_colours, colours, colour_history, True)                  # DB-R18
    solo = _decide(eligible_seats, {s: abs(final[s]) for s in eligible_seats}, abs_history, True)
    losers = _decide(eligible_colours, colours, colour_history, False)               # DB-R19
    tokens = dict.fromkeys(range(len(identity)), 0)
    for s, d in enumerate(identity):
        if colour_of(d) in team and rules.team_tol == "per_member":                  # DB-A20
            tokens[s] += 1
    if rules.team_tol == "one_shared":
        notes.append(f"{' and '.join(team)} share{'s' if len(team) == 1 else ''} one team Token "
                     "of Life (DB-A20)")
    for s in solo:
        tokens[s] += 1
    first, candidates, escaped = [], [], []
    for colour in losers:
        members = [s for s, d in enumerate(identity) if colour_of(d) == colour]
        ec = _decide(members, {s: abs(final[s]) for s in members}, abs_history, False)
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


def light_target_ok(board: Board, who: str, cell: Cell) -> None:
    """DB-R15: the Power of Light needs a square its holder controls (and not already Zero)."""
    if not on_board(cell):
        raise IllegalAction("DB-R15", f"the Power of Light needs a square on the board; "
                                      f"{cell_name(cell)} is off the 17x17 board")
    if board.owner_of(cell) != who or board.is_zero(cell):
        raise IllegalAction("DB-R15", f"the Power of Light needs a square {who} controls that is "
                                      f"not already a Zero space; {cell_name(cell)} is not one")


__all__ = ["deal_hands", "check_hands", "card_order", "check_dark", "allocate_starts",
           "draft_shapes", "ClaimStep", "Resolution", "resolve_placements", "territory_scores",
           "colour_scores", "correct_pair", "guess_points", "adjust", "Results", "match_results",
           "light_target_ok", "partner_of"]
