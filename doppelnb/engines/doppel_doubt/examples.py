"""The digest's worked examples as ready values, and the seeded cases of the golden records.

>>> e2_round_one().starts_taken["red-P"]                            # DB-E2: red-P takes P3
'P3'
>>> e4_board().check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)]).reasons          # DB-E4
('DB-R13',)
>>> from doppelnb.engines.doppel_doubt import territory_scores
>>> territory_scores(e7_board(), DOPPELS)[:2]                       # DB-E7: red-P 9, red-Q -6
(9, -6)
"""

from __future__ import annotations

from ...core.record import GoldenCase
from .board import Board
from .rules import DOPPELS, SIZE
from .state import State, new_game

#: DB-E2: the P-Doppels' cards and rankings of the P squares.
E2_CARDS = {"red-P": 88, "blue-P": 61, "purple-P": 47, "green-P": 30, "yellow-P": 12}
E2_RANKS = {"red-P": "P3 P1 P2 P4 P5 P6", "blue-P": "P3 P2 P1 P4 P5 P6",
            "purple-P": "P2 P3 P1 P4 P5 P6", "green-P": "P1 P2 P3 P5 P4 P6",
            "yellow-P": "P5 P1 P2 P3 P4 P6"}


def e1_hands() -> list[list[int]]:
    """DB-E1: hand i takes 10k + ((i + k) mod 10) + 1 from each block k: sums 505."""
    return [[10 * k + (i + k) % 10 + 1 for k in range(10)] for i in range(10)]


def _e2_hands() -> list[list[int]]:
    """An E1 deal re-ordered so that each P-Doppel of DB-E2 holds the card it plays."""
    base = e1_hands()
    owner = {c: i for i, h in enumerate(base) for c in h}
    perm = list(range(10))
    for doppel, card in E2_CARDS.items():
        seat, hand_index = DOPPELS.index(doppel), owner[card]
        j = perm.index(hand_index)
        perm[seat], perm[j] = perm[j], perm[seat]
    return [base[perm[s]] for s in range(10)]


def e2_round_one() -> State:
    """DB-E2: round 1 played with the example's cards and rankings (seat i is ``DOPPELS[i]``);
    red-P P3, blue-P P2, purple-P P1, green-P P5, yellow-P P4, and P6 becomes a Zero space."""
    state = new_game(seed=3, hands=_e2_hands(), identities=list(DOPPELS), jester="yellow")
    while state.round == 1:
        seat = state.to_move
        assert seat is not None
        doppel = state.identity[seat]
        step = state.step(seat)
        assert step is not None
        if step[0] == "card" and doppel in E2_CARDS:
            state = state.play(["card", E2_CARDS[doppel]])
        elif step[0] == "start" and doppel in E2_RANKS:
            state = state.play(["start", E2_RANKS[doppel].split()[len(state.subs[seat].starts)]])
        else:
            state = state.play(state.legal_actions()[0])
    return state


def e4_board() -> Board:
    """DB-E4: Blue holds (0, 4) and (0, 5), Red (0, 6); a straight tetromino on (0, 4)-(0, 7) has
    only 2 of 4 squares on Blue, so its takeover of Red's square is illegal (DB-R13)."""
    return Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red").frozen()


def e6_board() -> Board:
    """DB-E6: Green has claimed the Zero space (0, 6); only Green may cover it (DB-R12)."""
    board = Board().set_owner([(0, 4), (0, 5)], "green").set_owner([(0, 9)], "yellow")
    return board.set_zero((0, 6), owner="green").frozen()


def e7_board() -> Board:
    """DB-E7: Red holds squares worth +5, +3, +1, -4, -2, 0 and two starting squares (worth 0):
    red-P scores 9, red-Q -6, the colour 15."""
    board = Board()
    used: set[int] = set()
    cells = []
    for v in (5, 3, 1, -4, -2, 0):
        i = next(i for i, p in enumerate(board.printed) if p == v and i not in used)
        used.add(i)
        cells.append(divmod(i, SIZE))
    board.set_owner(cells, "red")
    board.set_owner([board.starts["P1"], board.starts["Q1"]], "red")
    return board.frozen()


#: Seeded games kept as golden records (tests/golden/doppel_doubt/): the default reading and the
#: main alternative readings of the takeover (DB-A5, DB-A7) and claim timing (DB-A8, DB-A9),
#: each far enough (300 actions) to reach the placements of round 2.
GOLDEN = (
    GoldenCase("default-seed1", 10, 1),
    GoldenCase("default-seed2", 10, 2, policy_seed=5),
    GoldenCase("own-more-than-enemy", 10, 3,
               rules={"takeover_rule": "own_more_than_enemy", "illegal_takeover":
                      "skip_enemy_squares"}),
    GoldenCase("resolution-time-whole-shape", 10, 4,
               rules={"legality_time": "resolution", "partial_claims": False},
               options={"artefacts": {"light": 0, "dark": 1}}),
)

__all__ = ["E2_CARDS", "E2_RANKS", "e1_hands", "e2_round_one", "e4_board", "e6_board",
           "e7_board", "GOLDEN"]
