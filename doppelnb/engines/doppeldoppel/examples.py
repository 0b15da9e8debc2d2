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

from ...core.errors import BadInput
from ...core.record import GoldenCase
from .actions import Lead
from .notation import DECK_SIZE, Card, card_key, parse_card
from .rules import DEFAULT_RULES, Rules
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
                       f"got {example!r:.40}")
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

__all__ = ["TRICK_EXAMPLES", "SCORE_EXAMPLES", "FEW_YELLOWS", "deal_with", "example_state",
           "GOLDEN"]
