"""Doppel Doubt constants, variant flags (one per ambiguity DB-A3..DB-A25 of the digest) and the
pure rule functions of dealing, card order, starting squares and the shape draft.

Claims live in :mod:`.claims`, scores, guesses and awards in :mod:`.scoring`; each rule id marks
the one place its rule lives.

>>> partner_of("red-P"), colour_of("red-P"), letter_of("red-P")
('red-Q', 'red', 'P')
>>> [sum(hand) for hand in deal_hands(7)] == [505] * 10          # DB-R3
True
"""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
    show,
)
from ...core.errors import BadInput, IllegalAction
from ...core.frozen import FrozenMap, freeze, thaw
from ...core.variants import RulesBase, flag
from .board_data import BOARD_FILE, load_board

COLOURS = ("red", "blue", "yellow", "green", "purple")  # DB-R1
LETTERS = ("P", "Q")
DOPPELS = tuple(f"{c}-{x}" for c in COLOURS for x in LETTERS)  # "red-P", "red-Q", ...
CARDS = range(1, 101)                             # DB-R3
ROUNDS = 10                                       # DB-R5
SHAPES_PER_ROUND = 10                             # DB-R8


# The three look-ups below are tables, so a wrong argument (``"red"`` where a Doppel is
# expected, ``None``, a number) is one plain BadInput, and the engine's hot paths pay a dict
# look-up instead of splitting strings.
_COLOUR = {**{c: c for c in COLOURS}, **{d: d.split("-")[0] for d in DOPPELS}}
_LETTER = {d: d.split("-")[1] for d in DOPPELS}
_PARTNER = {d: f"{d[:-1]}{'Q' if d[-1] == 'P' else 'P'}" for d in DOPPELS}


def _look_up(table: dict[str, str], value: Any, name: str, expected: str) -> str:
    try:
        return table[value]
    except (KeyError, TypeError):  # TypeError: an unhashable value
        raise fail(name, expected, value) from None


def colour_of(who: str) -> str:
    """``"red-P"`` -> ``"red"``; ``"red"`` -> ``"red"``; anything else is ``BadInput``."""
    return _look_up(_COLOUR, who, "who", "a colour like 'red' or a Doppel like 'red-P'")


def letter_of(doppel: str) -> str:
    """DB-R1: ``"red-P"`` -> ``"P"``; anything but a Doppel is ``BadInput``."""
    return _look_up(_LETTER, doppel, "doppel", "a Doppel like 'red-P'")


def partner_of(doppel: str) -> str:
    """DB-R1: the other Doppel of the same colour; anything but a Doppel is ``BadInput``."""
    return _look_up(_PARTNER, doppel, "doppel", "a Doppel like 'red-P'")


def _start_value(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -5 <= value <= 5:
        raise BadInput("DB-A15", f"start_square_value is a whole number from -5 to 5, not {show(value)}")
    return value


def _board_source(value: Any) -> str | FrozenMap[str, Any]:
    """DB-A1 as a flag: a shipped board name stays a name (so the default records as before);
    a user's board (a ``pathlib.Path`` or a mapping, e.g. a sweep's ``board=@FILE`` document or
    a record's inline board) is checked by :func:`.board_data.load_board` and kept as its frozen
    content, so a record replays without the file and equal boards make equal ``Rules``."""
    if isinstance(value, str):
        return _shipped_board(value)
    if isinstance(value, pathlib.PurePath):
        return _checked_board(freeze(load_board(pathlib.Path(value))))
    if not isinstance(value, Mapping):
        raise BadInput("DB-A1", f"board is a shipped board name such as {BOARD_FILE!r}, a "
                                f"pathlib.Path or a board document, got {show(value)}")
    frozen = freeze(value)
    try:
        hash(frozen)
    except TypeError:                  # a value that is no JSON (a list of objects, ...)
        raise BadInput("NB-DATA", "a Doppel Doubt board given as a mapping must hold JSON "
                                  "values only") from None
    return _checked_board(frozen)


# ``Rules.replace`` checks every flag again: the caches keep that from re-reading the shipped
# file or re-validating the same user's board for every copy of the rules a sweep makes.
@functools.lru_cache(maxsize=8)
def _shipped_board(name: str) -> str:
    load_board(name)                   # BadInput (NB-DATA) for a name that is not shipped
    return name


@functools.lru_cache(maxsize=16)
def _checked_board(doc: FrozenMap[str, Any]) -> FrozenMap[str, Any]:
    frozen: FrozenMap[str, Any] = freeze(load_board(doc))
    return frozen


@dataclass(frozen=True)
class Rules(RulesBase):
    """Doppel Doubt variant flags; defaults are the digest's recommended readings."""

    prefix = "db"

    deal_mode: str = flag("one_per_decile", ["one_per_decile", "equal_sum_any"], rule="DB-A3",
                          doc="Hands hold one card per block of ten, or any cards summing to 505.")
    territory_owner: str = flag("colour", ["colour", "doppel"], rule="DB-A4",
                                doc="Squares belong to the colour (both partners) or to one Doppel.")
    takeover_rule: str = flag("own_over_half",
                              ["own_over_half", "non_enemy_over_half", "own_more_than_enemy"],
                              rule="DB-A5", doc="What 'over 50% on squares you control' counts.")
    takeover_check: str = flag("whole_shape", ["whole_shape", "per_target_colour"], rule="DB-A6",
                               doc="Takeover test over all enemy squares, or per target colour.")
    illegal_takeover: str = flag("reject", ["reject", "skip_enemy_squares"], rule="DB-A7",
                                 doc="A failed takeover makes the placement illegal, or the enemy "
                                     "squares are simply not taken.")
    legality_time: str = flag("round_start", ["round_start", "resolution"], rule="DB-A8",
                              doc="Placements are checked on the start-of-round board, or again "
                                  "when they resolve (void if now illegal).")
    partial_claims: bool = flag(True, [True, False], rule="DB-A9",
                                doc="A placement whose square was already claimed still claims "
                                    "its other squares.")
    own_square_blocks: bool = flag(True, [True, False], rule="DB-A10",
                                   doc="Covering your own square counts as this round's claim.")
    no_legal_placement: str = flag("forfeit", ["forfeit"], rule="DB-A12",
                                   doc="A Doppel with no legal placement forfeits its shape.")
    allow_offboard: bool = flag(False, [False, True], rule="DB-A13",
                                doc="Shapes may hang off the board (off-board squares are lost).")
    printed_zero_is_zero_space: bool = flag(False, [False, True], rule="DB-A14",
                                            doc="Printed 0 squares are also protected Zero spaces.")
    start_square_value: int = flag(0, rule="DB-A15", check=_start_value,
                                   doc="The value a starting square scores.")
    start_square_protected: bool = flag(False, [False, True], rule="DB-A15",
                                        doc="Claimed starting squares cannot be taken over.")
    jester_bonus: str = flag("replace", ["replace", "add"], rule="DB-A16",
                             doc="Guessing the Jester pair gives +10 instead of +5, or +5 +10.")
    jester_guess: str = flag("pair_members", ["pair_members", "colour_only"], rule="DB-A16",
                             doc="Naming both Jesters is needed, or naming the Jester colour.")
    detriment_stacks: bool = flag(True, [True, False], rule="DB-A16",
                                  doc="Each correct outside guesser costs a pair 5 points.")
    detriment_clamp_zero: bool = flag(True, [True, False], rule="DB-A16",
                                      doc="Detriments stop at zero.")
    jesters_guess: bool = flag(True, [True, False], rule="DB-A16",
                               doc="The Jesters guess too (and cause detriments).")
    colour_score_includes_guessing: bool = flag(True, [True, False], rule="DB-A17",
                                                doc="The colour score uses the adjusted scores.")
    tiebreak: str = flag("previous_rounds_then_shared", ["previous_rounds_then_shared"],
                         rule="DB-A18", doc="Ties go to the leader of round 9, then 8, ...; "
                                            "else shared.")
    jesters_eligible: bool = flag(False, [False, True], rule="DB-A19",
                                  doc="The Jesters can win Tokens of Life and be the losing team.")
    team_tol: str = flag("per_member", ["per_member", "one_shared"], rule="DB-A20",
                         doc="The winning team earns a Token of Life per member, or one shared.")
    artefact_uses: str = flag("once_per_game", ["once_per_game", "once_per_round"],
                              rule="DB-A21", doc="How often an Artefact holder may use its power "
                                                 "(illustrative).")
    dark_applies_to_all_actions_in_round: bool = flag(
        True, [True, False], rule="DB-A21",
        doc="The Dark-changed card orders every action of the round, or only the descending ones.")
    dark_tie_direction: str = flag("same_as_action", ["same_as_action", "higher_original_first"],
                                   rule="DB-A22", doc="How a Dark-made tie is broken.")
    reveal_played_cards: bool = flag(True, [True, False], rule="DB-A23",
                                     doc="Played cards are public after each round.")
    partial_shape_list: str = flag("reject", ["reject", "auto_complete_random"], rule="DB-A24",
                                   doc="A shape ranking must list all 10, or may stop early and "
                                       "be completed at random.")
    jester_controller: str = flag("human", ["human", "bot"], rule="DB-A25",
                                  doc="The Jester seats are played by people, or by a seeded bot.")
    # Last, so the flags above keep their order in tables and listings. A data-valued flag: a
    # sweep sets it from a file (``board=@my_board.json``); ``new_game(board=...)`` still wins.
    board: Any = flag(BOARD_FILE, rule="DB-A1", check=_board_source,
                      doc="The board (illustrative): the shipped one, or a board document of "
                          "the same format; a board given to the new game overrides it.")

    def to_dict(self) -> dict[str, Any]:
        """All flags as JSON-ready values, a user's board as its document; the shipped board is
        left out, so a record of it is byte for byte what it was before ``board`` was a flag
        (``from_dict`` reads the missing key as the default)."""
        out = super().to_dict()
        if self.board == BOARD_FILE:
            del out["board"]
        elif not isinstance(self.board, str):
            out["board"] = thaw(self.board)
        return out


DEFAULT_RULES = Rules()

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
        raise BadInput("DB-A3", f"unknown deal mode {show(mode)}")
    return tuple(tuple(h) for h in hands)


def check_hands(hands: Any, mode: str = "one_per_decile") -> tuple[tuple[int, ...], ...]:
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


def card_order(entries: Sequence[tuple[Any, ...]], descending: bool, rules: Rules = DEFAULT_RULES) -> list[Any]:
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
    return _card_order(entries, check_bool(descending, "descending"), _rules(rules))


def _card_order(entries: Sequence[tuple[Any, ...]], descending: bool, rules: Rules
                ) -> list[Any]:
    """:func:`card_order` on arguments the engine made itself (checked already)."""
    same = rules.dark_tie_direction == "same_as_action"

    def key(entry: tuple[Any, ...]) -> tuple[Any, ...]:
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
                                 f"{show(change)}")
    if abs(change) > 30:
        raise IllegalAction("DB-R20", f"the Power of Dark changes a card by at most 30, not "
                                      f"{change:+d}")
    if not 0 <= card + change <= 101:
        raise IllegalAction("DB-R20", f"{card} {change:+d} = {card + change} is outside 0..101")
    return card + change


# -- starting squares (DB-R6, DB-R7) -----------------------------------------------------------


def allocate_starts(rankings: Mapping[Any, Sequence[str]], cards: Mapping[Any, tuple[int, int]],
                    labels: Sequence[str], rules: Rules = DEFAULT_RULES
                    ) -> tuple[dict[Any, str], tuple[str, ...]]:
    """One letter's pool: in descending card order each Doppel gets the first square on its list
    not yet taken (DB-R6). Returns (Doppel -> square label, leftover labels) (DB-R7)."""
    rankings = check_mapping(rankings, "rankings", max_len=12,
                             item=lambda v, n: check_sequence(v, n, max_len=12))
    cards = check_mapping(cards, "cards", max_len=12, item=_card)
    labels = check_sequence(labels, "labels", max_len=12)
    if set(rankings) - set(cards):
        raise fail("cards", "a card for every ranking", cards)
    return _allocate_starts(rankings, cards, labels, _rules(rules))


def _allocate_starts(rankings: Mapping[Any, Sequence[str]], cards: Mapping[Any, tuple[int, int]],
                     labels: Sequence[str], rules: Rules) -> tuple[dict[Any, str], tuple[str, ...]]:
    """:func:`allocate_starts` on arguments the engine made itself (checked already)."""
    taken: dict[Any, str] = {}
    order = _card_order([(who, *cards[who]) for who in rankings], True, rules)
    for who, *_ in order:
        ranking = list(rankings[who])
        if sorted(ranking) != sorted(labels):
            raise IllegalAction("DB-R6", f"{who} must rank all of {', '.join(labels)}")
        taken[who] = next(lab for lab in ranking if lab not in taken.values())
    leftover = tuple(lab for lab in labels if lab not in taken.values())
    return taken, leftover


# -- the shape draft (DB-R8) --------------------------------------------------------------------


def draft_shapes(rankings: Mapping[Any, Sequence[int]], cards: Mapping[Any, tuple[int, int]],
                 count: int, rules: Rules = DEFAULT_RULES) -> dict[Any, int]:
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
    return _draft_shapes(rankings, cards, count, _rules(rules))


def _draft_shapes(rankings: Mapping[Any, Sequence[int]], cards: Mapping[Any, tuple[int, int]],
                  count: int, rules: Rules) -> dict[Any, int]:
    """:func:`draft_shapes` on arguments the engine made itself (checked already)."""
    got: dict[Any, int] = {}
    taken: set[int] = set()
    every = list(range(count))
    order = _card_order([(who, *cards[who]) for who in rankings], False, rules)
    for who, *_ in order:
        ranking = rankings[who]
        if sorted(ranking) != every:
            raise IllegalAction("DB-R8", f"{who} must rank all {count} shapes")
        first = next(i for i in ranking if i not in taken)
        got[who] = first
        taken.add(first)
    return got




# -- takeover (DB-R13, DB-A5) ---------------------------------------------------------------


def takeover_ok(rule: str, own: int, enemy: int, size: int) -> bool:
    """DB-R13 / DB-A5: may a placement with ``own`` own and ``enemy`` enemy squares take over?"""
    if rule == "own_over_half":            # (a) literal: over 50% of the shape on own squares
        return 2 * own > size
    if rule == "non_enemy_over_half":      # (b) fewer than half on enemy squares
        return 2 * (size - enemy) > size
    return own > enemy                     # (c) more own than enemy squares


def own_needed(rule: str, enemy: int, size: int) -> str:
    if rule == "own_over_half":
        return f"at least {size // 2 + 1} of its {size} squares on your own territory"
    if rule == "non_enemy_over_half":
        return f"fewer than half of its {size} squares on enemy territory"
    return f"more own squares than enemy squares ({enemy} enemy)"


__all__ = ["Rules", "DEFAULT_RULES", "COLOURS", "LETTERS", "DOPPELS", "CARDS", "ROUNDS",
           "SHAPES_PER_ROUND", "colour_of", "letter_of", "partner_of",
           "deal_hands", "check_hands", "card_order", "check_dark", "allocate_starts",
           "draft_shapes", "takeover_ok", "own_needed"]
