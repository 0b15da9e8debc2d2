"""The rulebook's worked examples as ready values, and the golden cases.

The trick examples DD-E1..E3 are reconstructed in the digest (their images are missing); each is
here as its cards and as a ready game state whose first trick is exactly that trick, played
through :meth:`State.play`. ``GOLDEN`` lists the seeded games whose records and transcripts are
kept in ``tests/golden/doppeldoppel/`` (``python tools/golden.py --game doppeldoppel``).

>>> s = example_state("DD-E2")
>>> s.log[-1].result.winner, [str(c) for c in s.piles[2]]    # P3's Y4 wins; acquires Y2, Y4
(2, ['Y2', 'Y4'])
>>> from .rules import round_score
>>> round_score(SCORE_EXAMPLES["DD-E4"])
7
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...core.checks import check_choice, show
from ...core.errors import BadInput
from ...core.record import GoldenCase
from ...core.render import Html, html_table
from ...core.render import refusals_table as core_refusals_table
from .actions import Lead
from .notation import DECK_SIZE, PLAYER_COUNTS, Card, card_key, parse_card
from .rules import (
    DEFAULT_RULES,
    JAPANESE_SCORE_TABLES,
    Rules,
    check_rules,
    resolve_trick,
    round_score,
)
from .state import State, new_game

#: DD-E1..E3: the cards of each reconstructed trick, leader first (4 players, yellow led).
TRICK_EXAMPLES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "DD-E1": ("Y2", "R4", "Y5", "Y6"),   # P4's Y6 wins all four cards
    "DD-E2": ("Y5", "Y2", "Y4", "R5"),   # the 5s collide; P3's Y4 wins Y2, Y4
    "DD-E3": ("Y4", "R4", "B5", "R2"),   # the 4s collide; no yellow left; P3's B5 wins
})

#: The colours each follower lacks in the example (they did not follow yellow, DD-R11).
_VOIDS: Mapping[str, Mapping[int, str]] = MappingProxyType({
    "DD-E1": {1: "Y"}, "DD-E2": {3: "Y"}, "DD-E3": {1: "Y", 2: "Y", 3: "Y"}})

#: DD-E3 needs three followers without yellow in a first trick: with 12 yellow cards and 9 per
#: hand that cannot be dealt, so its state uses a DD-A1 composition with six yellow cards.
FEW_YELLOWS = Rules(deck_composition=((1, 1, 1, 1, 1, 1), (3, 3, 3, 2, 2, 2), (2, 2, 3, 2, 3, 3)))

#: DD-E4..E6: acquired cards (rank -> count) and the digest's round scores 7, -1, -3.
SCORE_EXAMPLES: Mapping[str, Mapping[int, int]] = MappingProxyType({
    "DD-E4": MappingProxyType({1: 2, 2: 2, 3: 1}),
    "DD-E5": MappingProxyType({3: 1}),
    "DD-E6": MappingProxyType({5: 2, 6: 1}),
})


def deal_with(players: int, wanted: Mapping[int, Sequence[str]],
              void: Mapping[int, str] | None = None, rules: Rules = DEFAULT_RULES
              ) -> list[list[str]]:
    """A first deal in which seat ``s`` holds the cards ``wanted[s]`` and no card of the colours
    ``void[s]``; the rest of the deck fills the hands in sorted order."""
    void = void or {}
    size = DECK_SIZE // players
    rest = Counter(rules.deck_counts())
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat, cards in wanted.items():
        for text in cards:
            card = parse_card(text)
            if rest[card] <= 0:
                raise BadInput("DD-R3", f"the deck has no spare {card}")
            rest[card] -= 1
            hands[seat].append(card)
    for seat in sorted(range(players), key=lambda s: -len(void.get(s, ""))):
        banned = set(void.get(seat, ""))
        for card in sorted(rest.elements(), key=card_key):
            if len(hands[seat]) == size:
                break
            if card.colour not in banned and rest[card] > 0:
                rest[card] -= 1
                hands[seat].append(card)
        if len(hands[seat]) != size:
            raise BadInput("DD-R3", "these hands cannot be dealt from this deck")
    return [[str(c) for c in h] for h in hands]


def example_state(example: str) -> State:
    """The game right after the trick of ``example`` (``"DD-E1"``, ``"DD-E2"``, ``"DD-E3"``),
    played through the engine by seats 0..3 with seat 0 leading (declaring yellow)."""
    if example not in TRICK_EXAMPLES:
        raise BadInput("NB-ARG", f"example must be one of {', '.join(TRICK_EXAMPLES)}, "
                       f"got {show(example)}")
    cards = TRICK_EXAMPLES[example]
    rules = FEW_YELLOWS if example == "DD-E3" else DEFAULT_RULES
    hands = deal_with(4, {i: [c] for i, c in enumerate(cards)}, _VOIDS[example], rules)
    state = new_game(4, rules=rules, seed=1, first_sp=0, hands=hands)
    state = state.play(Lead(parse_card(cards[0]), "Y"))
    for card in cards[1:]:
        state = state.play(card)
    return state


#: The golden games: a few seeded games per main reading (3 and 4 players, the DD-A5 reversal
#: scope, the DD-A9 declared colour, the DD-A3 next leader, a DD-A1 deck).
GOLDEN: tuple[GoldenCase, ...] = (
    GoldenCase("3p_default_seed1", 3, 1, policy_seed=1),
    GoldenCase("4p_default_seed2", 4, 2, policy_seed=2),
    GoldenCase("3p_reversal_round_toggle", 3, 3, {"reversal_scope": "round_toggle"},
               policy_seed=3),
    GoldenCase("4p_free_declaration", 4, 4, {"declared_colour_must_match": False},
               policy_seed=4),
    GoldenCase("4p_round_sp_leads_deck_b", 4, 5, {"next_leader": "round_sp",
                                                  "deck_composition": "b"}, policy_seed=5),
    GoldenCase("3p_first_sp_2_surviving_threes", 3, 6, {"reversal_trigger": "surviving_only"},
               {"first_sp": 2}, policy_seed=6),
)

#: What the rulebook (or the digest, from its text) says each worked example comes to.
EXPECTED = MappingProxyType({
    "DD-E1": ("P4's yellow 6 wins (EN line 89)", 3),
    "DD-E2": ("the 5s collide; P3's yellow 4 wins (EN line 97, JP 278)", 2),
    "DD-E3": ("the lead 4 collides; P3's 5 wins (JP 284)", 2),
    "DD-E4": ("1, 1, 2, 2, 3 score 7 (EN lines 123-129)", 7),
    "DD-E5": ("a lone 3 scores -1 (EN line 119)", -1),
    "DD-E6": ("two 5s and a 6 score -3 (EN line 121, numbers derived)", -3),
})


def rulebook_examples_table(rules: Rules = DEFAULT_RULES) -> Html:
    """DD-E1..DD-E7: what the rulebook says, what the engine computes, and whether they agree.

    The tricks are played through the game state (:func:`example_state`); the scores come from
    :func:`round_score`; DD-E7 compares every column of the Japanese score tables.
    """
    rules = check_rules(rules)
    rows: list[list[str]] = []
    for ident, (text, expected) in EXPECTED.items():
        if ident in TRICK_EXAMPLES:
            state = example_state(ident)
            record = state.log[-1]
            winner = record.result.winner
            got = "no winner" if winner is None else (
                f"P{record.seats[winner] + 1} wins with {record.result.cards[winner]}, "
                f"acquires {' '.join(map(str, record.result.acquired))}")
            ok = winner == expected
        else:
            value = round_score(SCORE_EXAMPLES[ident], rules)
            got, ok = f"{value:+d}", value == expected
        rows.append([ident, text, got, "yes" if ok else "NO"])
    cells = sum(len(t) for t in JAPANESE_SCORE_TABLES.values())
    same = sum(round_score({rank: k}, rules) == v for rank, table in JAPANESE_SCORE_TABLES.items()
               for k, v in enumerate(table, 1))
    rows.append(["DD-E7", f"the JP score tables for ranks 1, 2, 5 ({cells} entries)",
                 f"{same} of {cells} entries equal", "yes" if same == cells else "NO"])
    return Html(html_table(["example", "the rulebook says", "the engine computes", "agree?"],
                           rows, caption="the rulebook's worked examples, recomputed"))


def deal_table() -> Html:
    """DD-R1, DD-R3, DD-R5: cards per hand, tricks per round, rounds, as the engine deals.

    (The tricks of a whole game are left for the reader to multiply: exercise 6.)"""
    rows = []
    for players in PLAYER_COUNTS:
        game = new_game(players, seed=0)
        sizes = {len(h) for h in game.hands}
        rows.append([players, f"{DECK_SIZE}", f"{sizes.pop()} each", game.tricks_per_round,
                     game.rounds])
    return Html(html_table(["players", "cards dealt", "hand", "tricks per round", "rounds"],
                           rows, caption="the deal and the game length"))


def rounds_table(game: State) -> Html:
    """Round by round: the start player, the hands dealt, who led the tricks (DD-R4..R7, A16)."""
    if not isinstance(game, State):
        raise BadInput("NB-ARG", f"game must be a doppeldoppel State, got {type(game).__name__}")
    starts = [s for s in game.history() if s.trick_number == 0 and not s.trick and not s.over]
    seen: dict[int, State] = {}
    for s in starts:
        seen.setdefault(s.round, s)
    rows = []
    for rnd, start in sorted(seen.items()):
        leaders = [t.seats[0] for t in game.log if t.round == rnd]
        counts = Counter(leaders)
        led = ", ".join(f"P{p + 1} {counts[p]}" for p in range(game.players))
        rows.append([rnd + 1, f"P{start.round_sp + 1}",
                     " ".join(str(len(h)) for h in start.hands), len(leaders), led])
    return Html(html_table(["round", "start player", "cards in each hand", "tricks",
                            "tricks led by"], rows,
                           caption=f"{game.players} players, seed {game.seed}"))


def no_winner_state(reading: str = "same_leader") -> State:
    """A 3-player game after a first trick Y1, R1, B1 (every card collides, DD-T5), under a
    reading of ``no_winner_next_leader`` (DD-A8); P1 leads it."""
    reading = check_choice(reading, "reading", ("same_leader", "left_of_leader"))
    rules = DEFAULT_RULES.replace(no_winner_next_leader=reading)
    hands = deal_with(3, {0: ["Y1"], 1: ["R1"], 2: ["B1"]}, {1: "Y", 2: "Y"}, rules)
    state = new_game(3, rules=rules, seed=1, first_sp=0, hands=hands)
    for card in ("Y1", "R1", "B1"):
        state = state.play(card)
    return state


def no_winner_table() -> Html:
    """Who leads after the winnerless first trick Y1, R1, B1 (DD-T5), under each reading of
    DD-A8, as the engine plays it (:func:`no_winner_state`)."""
    from .teaching import reading_label, setting_label

    rows = [[reading_label("no_winner_next_leader", reading),
             f"P{no_winner_state(reading).leader + 1}"]
            for reading in ("same_leader", "left_of_leader")]
    return Html(html_table([setting_label("no_winner_next_leader"), "leads the next trick"],
                           rows, caption="P1 led Y1, P2 played R1, P3 played B1: all collide"))


#: Attempts the engine refuses, for the edge-case table: (what is tried, how).
def _refusals() -> list[tuple[str, Any]]:
    three = new_game(3, seed=7, first_sp=0)
    led = three.play("Y1")  # P1 leads yellow; P2 holds yellow cards
    off = next(c for c in led.hands[1] if c.colour != "Y")
    four = new_game(4, seed=3, first_sp=0)
    card = four.hands[0][0]
    other = "R" if card.colour != "R" else "B"
    missing = next(str(c) for c in sorted(DEFAULT_RULES.deck_counts(), key=card_key)
                   if c not in three.hands[0])
    return [
        (f"3 players: P1 leads {three.hands[0][0]} declaring a colour, R",
         lambda: three.play((str(three.hands[0][0]), "R"))),
        (f"P2 plays {off} after P1 led Y1, holding yellow", lambda: led.play(str(off))),
        (f"4 players: P1 plays {card} face down declaring {other}",
         lambda: four.play((str(card), other))),
        (f"P1 plays {missing}, a card P1 does not hold", lambda: three.play(missing)),
        ("a game for 5 players", lambda: new_game(5, seed=1)),
        ("a trick of 2 cards: Y1, R2", lambda: resolve_trick(["Y1", "R2"])),
        ("the card 'Y7'", lambda: resolve_trick(["Y7", "R2", "B3"])),
        ("a score for seven 7s", lambda: round_score({7: 7})),
        ("a deck of 35 cards", lambda: Rules(deck_composition=((2, 3, 2, 1, 3, 1),
                                                              (2, 3, 2, 1, 3, 1),
                                                              (2, 3, 2, 1, 3, 0)))),
    ]


def refusals_table() -> Html:
    """What the engine refuses, with the rule id and the sentence it gives (nothing changes)."""
    return core_refusals_table(_refusals())


__all__ = ["TRICK_EXAMPLES", "SCORE_EXAMPLES", "FEW_YELLOWS", "deal_with", "example_state",
           "GOLDEN", "EXPECTED", "rulebook_examples_table", "deal_table", "rounds_table",
           "no_winner_state", "no_winner_table", "refusals_table"]
