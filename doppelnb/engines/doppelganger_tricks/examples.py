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
from ...core.errors import BadInput, IllegalAction, RuleError
from ...core.record import GoldenCase
from ...core.render import Html, table
from .actions import Claim
from .notation import (
    DOPPELGANGER,
    Card,
    cards,
    check_in_deck,
    check_players,
    deck,
    suit,
)
from .rules import Rules, round_points
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

#: What the rulebook's captions say of DT-E3..DT-E9 (translated from the Portuguese), and the
#: winning card they name (None: nobody wins). The engine is checked against these.
RULEBOOK_SAYS: dict[str, tuple[str, str | None]] = {
    "DT-E3": ("6♣ counts as ●, the two 6s annihilate, 4● wins", "4C"),
    "DT-E4": ("no annihilation: 8♣ counts as an 8▲ and wins", "8D"),
    "DT-E5": ("3♣ leads and declares a suit, all follow, no 3 of that suit: the 9 wins", "9S"),
    "DT-E6": ("7♣ leads declaring ●, the two 7s annihilate, 5● wins", "5C"),
    "DT-E7": ("the two 2s annihilate, the lead suit stays ●, 3● wins", "3C"),
    "DT-E8": ("the 3s and the 7s annihilate: nobody wins, the same leader leads again", None),
    "DT-E9": ("10▲ (the lead) meets 10♣, no ▲ is left: the highest number, 7●, wins", "7C"),
}
#: DT-E9's tie variant (the digest's): equal numbers once the lead suit is gone (DT-A9).
TIE_VARIANT = ("10T 10D 7C 7S", "7C")


def rulebook_examples_table() -> Html:
    """DT-E3..DT-E9 and DT-E9's tie variant: the trick (leader first), what the rulebook's
    caption says, the winner the engine computes now, and whether they agree."""
    return table(["example", "trick, leader first", "the rulebook says", "engine's winner",
                  "check"], _rulebook_examples_rows())


def _rulebook_examples_rows() -> list[tuple[str, str, str, str, str]]:
    """The rows of :func:`rulebook_examples_table`, each trick resolved by ``resolve_trick``."""
    from .rules import resolve_trick

    cases = [(f"Example {n} ({eid})", trick, declared, *RULEBOOK_SAYS[eid])
             for n, (eid, (trick, declared)) in enumerate(ANNIHILATION_EXAMPLES.items(), 1)]
    cases.append(("Example 7, tie variant", TIE_VARIANT[0], None,
                  "a tie once the lead suit is gone: the earlier card wins", TIE_VARIANT[1]))
    rows = []
    for label, trick, declared, says, winner in cases:
        result = resolve_trick(trick.split(), declared)
        got = None if result.winning_card is None else str(result.winning_card)
        shown = trick + (f" ({declared} declared)" if declared else "")
        rows.append((label, shown, says, got or "nobody",
                     "agrees" if got == winner else "DIFFERS"))
    return rows


#: DT-E10, the digest's scoring table: (forecast, tricks won, bonus cards held, round score).
SCORING_EXAMPLES: tuple[tuple[int, int, tuple[str, ...], int], ...] = (
    (3, 3, (), 3), (3, 4, (), 1), (3, 2, (), 1), (3, 5, (), 0), (0, 0, (), 7), (0, 1, (), 0),
    (5, 5, ("+3",), 6), (5, 4, ("+3",), 1), (2, 6, ("+1",), 1), (0, 0, ("+3",), 10))


def scoring_examples_rows() -> list[tuple[int, int, str, int, int, str]]:
    """(forecast, tricks won, bonus card, the example's score, the engine's, agreement) for each
    row of DT-E10, scored now by :func:`round_points` under the default rules."""
    rows = []
    for bid, won, bonus, want in SCORING_EXAMPLES:
        got = round_points(bid, won, bonus)
        rows.append((bid, won, " ".join(bonus) or "none", want, got,
                     "agrees" if got == want else "DIFFERS"))
    return rows


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

# -- what each variant flag changes -------------------------------------------------------------
def _bonus_demo(rules: Any) -> Any:
    """A 4-player deal where P1 holds one D card (1D) and leads it; everyone forecasts 1."""
    others = [c for c in deck(4) if c != "1D"]
    ds = [c for c in others if c.suit == "D"]
    plain = [c for c in others if c.suit != "D"]
    hands = [["1D"] + plain[:9], plain[9:19], ds[:5] + plain[19:24], ds[5:] + plain[24:]]
    s = new_game(4, seed=0, first_player=0, hands=hands, rules=rules)
    for _ in range(4):
        s = s.play(["bid", 1])
    return s


def _to_next_own_play(s: Any, player: int = 0) -> Any:
    """Play first legal moves (passing on claims) until ``player`` has played once more."""
    while s.to_move != player or s.window is not None:
        s = s.play("pass" if s.window is not None else s.legal_actions()[0])
    return s.play(s.legal_actions()[0])


# -- the bonus cards and the refusals, stepped in the chapter ---------------------------------
def bonus_example(rules: Any = None) -> list[State]:
    """DT-R15 stepped: a 4-player deal where P1 holds one D card (1D); everyone forecasts 1;
    P1 leads 1D declaring ● and, with no D card left, may claim a bonus card and takes +1.
    Returns the three states: before the lead, the claim window, after the claim."""
    ready = _bonus_demo(Rules() if rules is None else rules)
    window = ready.play("1D:C")
    return [ready, window, window.play(["claim", 0, "+1"])]


def claim_choices(state: Any) -> list[str]:
    """What the player to move may do in a claim window (DT-R15), in words: take a bonus card
    still on the table, or let the chance pass."""
    if not isinstance(state, State):
        raise BadInput("NB-ARG", "state must be a doppelganger_tricks State")
    if state.window is None:
        return []
    return [f"take the {a.bonus} card" if isinstance(a, Claim) else "decline (pass)"
            for a in state.legal_actions()]


def _refusal(state: Any, action: Any) -> tuple[str, str]:
    try:
        state.play(action)
    except RuleError as exc:
        return exc.rule, exc.reason
    raise AssertionError(f"{action!r} was accepted")  # pragma: no cover - the tests hold it


def refusals_table() -> Html:
    """What the engine refuses, with the rule id and the sentence it gives: each refusal the
    chapter shows, obtained by asking the engine to make the move (nothing changes after one)."""
    return table(["case", "what is tried", "refused by", "the engine says"], _refusal_rows())


def _refusal_rows() -> list[tuple[str, str, str, str]]:
    """The rows of :func:`refusals_table`: (case, what is tried, rule id, the engine's sentence)."""
    rows: list[tuple[str, str, str, str]] = []
    try:
        new_game(5, seed=0)
    except RuleError as exc:
        rows.append(("DT-R1", "a game for 5 players", exc.rule, exc.reason))
    fresh = new_game(4, seed=0, first_player=0)
    rows.append(("DT-R6", "P1 plays a card before the forecasts", *_refusal(fresh, "1C")))
    rows.append(("DT-R6", "P1 forecasts 13 tricks", *_refusal(fresh, ["bid", 13])))
    capped = new_game(4, seed=0, first_player=0, rules=Rules(bid_max="tricks_in_round"))
    rows.append(("DT-A6", "P1 forecasts 11 with forecasts capped at the round's tricks",
                 *_refusal(capped, ["bid", 11])))
    ready = example_game("5D 1T 9T 2C", "T")[4]  # P1 holds 5D, everyone has forecast
    rows.append(("DT-T6", "P1 leads 5D without declaring a suit", *_refusal(ready, "5D")))
    missing = next(c for c in deck(4) if c not in ready.hands[0])
    rows.append(("DT-R7", f"P1 leads {missing}, a card it does not hold",
                 *_refusal(ready, str(missing))))
    led = ready.play("5D:T")
    off = next(str(c) for c in led.hands[1] if c.suit not in ("T", "D"))
    rows.append(("DT-T5", f"P2, holding ▲ cards, follows 5D (declared ▲) with {off}",
                 *_refusal(led, off)))
    follow = next(str(c) for c in led.hands[1] if c.suit == "T")
    rows.append(("DT-R10", f"P2 follows with {follow} and tries to declare ●",
                 *_refusal(led, f"{follow}:C")))
    demo = bonus_example()
    rows.append(("DT-T14", "P2 (no D card at the deal), to move, claims before its first play",
                 *_refusal(demo[2], ["claim", 1, "+3"])))
    rows.append(("DT-T15", "P2 claims on P1's turn, right after P1's play",
                 *_refusal(demo[1], ["claim", 1, "+3"])))
    later = _to_next_own_play(demo[2])
    rows.append(("DT-T16", "P1, holding +1, claims +3 on a later turn",
                 *_refusal(later, ["claim", 0, "+3"])))
    try:
        from .rules import resolve_trick

        resolve_trick(["10C", "4C", "9T"])
    except RuleError as exc:
        rows.append(("DT-R3", "a 3-player trick with 10C", exc.rule, exc.reason))
    return rows


__all__ = ["example_game", "worked_example", "ANNIHILATION_EXAMPLES", "GOLDEN",
           "bonus_example", "refusals_table", "RULEBOOK_SAYS", "TIE_VARIANT",
           "rulebook_examples_table", "SCORING_EXAMPLES", "scoring_examples_rows",
           "claim_choices"]
