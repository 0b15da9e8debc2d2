"""The rulebook's worked examples as ready states, and the golden-record cases.

- :func:`example_game` replays any trick through a whole game (a deal is prepared in which every
  play is legal), so the stepper can show a rulebook example.
- :data:`ANNIHILATION_EXAMPLES` holds the reconstructed tricks of DT-E3..DT-E9 (digest §5) with
  their declared suit; :func:`worked_example` gives the states of one of them.
- :data:`GOLDEN`: seeded games per main reading, kept as records and transcripts in
  ``tests/golden/doppelganger_tricks/`` (``python tools/golden.py --game doppelganger_tricks``).

>>> last = worked_example("DT-E8")[-1]   # 3● 7● 3D 7D: every card annihilated
>>> last.last_trick().result.winner is None, last.leader
(True, 0)
>>> [c.label for c in GOLDEN][:2]
['3p_default', '4p_default']
"""

from __future__ import annotations

from typing import Any

from ...core.chance import make_seed
from ...core.checks import check_choice, check_int, check_sequence
from ...core.errors import BadInput, IllegalAction
from ...core.record import GoldenCase
from .notation import DOPPELGANGER, Card, cards, check_in_deck, check_players, deck, suit
from .state import State, new_game

#: DT-E3..DT-E9: (trick leader first, declared suit or None), as the digest reconstructs them.
ANNIHILATION_EXAMPLES: dict[str, tuple[str, str | None]] = {
    "DT-E3": ("6C 6D 4C 9T", None),
    "DT-E4": ("5T 8C 8D 2T", None),
    "DT-E5": ("3D 9S 5S 1S", "S"),
    "DT-E6": ("7D 7C 5C 2C", "C"),
    "DT-E7": ("2C 2D 3C 9T", None),
    "DT-E8": ("3C 7C 3D 7D", None),
    "DT-E9": ("10T 10D 7C 5S", None),
}


def example_game(trick: Any, declared: str | None = None, *, bids: Any = None,
                 seed: int = 0) -> list[State]:
    """The states of a game whose first trick is ``trick`` (leader = P1), for replaying a
    rulebook example with the stepper: a deal is prepared in which every play is legal (a
    follower who plays off the lead suit gets no plain lead-suit card), everyone forecasts
    ``bids`` (1 each by default), then the cards are played."""
    played = list(cards(trick, "trick"))
    n = len(played)
    check_players(n, "the number of cards in trick")
    check_in_deck(played, n)
    if len(set(played)) != n:
        raise BadInput("NB-ARG", f"trick names a card twice: {' '.join(played)}")
    if declared is not None and played[0].suit != DOPPELGANGER:
        raise IllegalAction("DT-R8", f"only a led doppelgänger is declared; {played[0]} leads")
    forecasts = (1,) * n if bids is None else check_sequence(
        bids, "bids", min_len=n, max_len=n, item=lambda v, name: check_int(v, name, 0, 12))
    seed = make_seed(seed)
    lead_suit = suit(declared, rule="DT-R8") if played[0].suit == DOPPELGANGER else played[0].suit
    size = len(deck(n)) // n
    hands: list[list[Card]] = [[c] for c in played]
    rest = [c for c in deck(n) if c not in played]
    may_hold_lead = [i == 0 or c.suit in (lead_suit, DOPPELGANGER) for i, c in enumerate(played)]
    for c in sorted(rest, key=lambda c: c.suit != lead_suit):  # lead-suit cards first
        seats = [p for p in range(n) if len(hands[p]) < size
                 and (c.suit != lead_suit or may_hold_lead[p])]
        if not seats:
            raise BadInput("DT-R9", f"no deal makes the trick {' '.join(played)} legal")
        hands[min(seats, key=lambda p: (len(hands[p]), p))].append(c)
    state = new_game(n, seed=seed, first_player=0, hands=hands)
    states = [state]
    for b in forecasts:
        states.append(states[-1].play(["bid", b]))
    for i, c in enumerate(played):
        action = f"{c}:{lead_suit}" if i == 0 and c.suit == DOPPELGANGER else str(c)
        states.append(states[-1].play(action))
        if states[-1].window is not None:
            states.append(states[-1].play("pass"))
    return states


def worked_example(example_id: str) -> list[State]:
    """The states of one of the rulebook's annihilation examples (``"DT-E3"`` .. ``"DT-E9"``)."""
    key = check_choice(example_id, "example_id", tuple(ANNIHILATION_EXAMPLES))
    trick, declared = ANNIHILATION_EXAMPLES[key]
    return example_game(trick, declared)


#: Seeded golden games: the default reading for 3 and 4 players, then each flag's other reading.
GOLDEN: tuple[GoldenCase, ...] = (
    GoldenCase("3p_default", 3, seed=11, policy_seed=1, max_actions=400),
    GoldenCase("4p_default", 4, seed=12, policy_seed=2, max_actions=400),
    GoldenCase("4p_two_bonuses_first_chance", 4, seed=13, policy_seed=3, max_actions=400,
               rules={"bonus_max_per_player": 2,
                      "bonus_claim_window": "first_opportunity_only"}),
    GoldenCase("3p_bid_max_tricks_restricted_declare", 3, seed=14, policy_seed=4,
               max_actions=400, rules={"bid_max": "tricks_in_round",
                                       "declare_restricted_to_held_suits": True,
                                       "bonus3_applies_to_zero_bid": False}),
)

__all__ = ["example_game", "worked_example", "ANNIHILATION_EXAMPLES", "GOLDEN"]
