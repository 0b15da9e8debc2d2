"""Doppel Doubt: every worked example (DB-E1..E10) and test case (DB-T1..T17) of the digest, the
public API of shared/api.md, and refusals (RuleError, state unchanged)."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core.data import load_data
from doppelnb.core.state import play_to_end, random_policy
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt.shapes import reflect

SEATS = list(db.DOPPELS)  # seat i is DOPPELS[i]: 0 red-P, 1 red-Q, 2 blue-P, 3 blue-Q, ...


def shape(*cells):
    return db.Shape.from_cells(cells)


def at(origin, cells):
    r0, c0 = origin
    return [(r0 + r, c0 + c) for r, c in cells]


I4 = shape((0, 0), (0, 1), (0, 2), (0, 3))
L4 = shape((0, 0), (1, 0), (2, 0), (2, 1))


def drive(state, plan, stop=lambda s: False):
    """Play ``plan(state, seat, step)`` (or the first legal action when it returns None)."""
    while not state.is_over and not stop(state):
        seat = state.to_move
        action = plan(state, seat, state._step(seat))
        state = state.play(action if action is not None else state.legal_actions()[0])
    return state


# -- shared/api.md ---------------------------------------------------------------------------


def test_one_sided_counts_match_known_sequence():
    """OEIS A000988 (one-sided polyominoes): 1, 1, 2, 7, 18, 60, 196."""
    assert [len(db.one_sided_polyominoes(n)) for n in range(1, 8)] == [1, 1, 2, 7, 18, 60, 196]
    for s in db.one_sided_polyominoes(5):
        assert isinstance(s.cells, frozenset) and len(s.cells) == 5


def test_one_sided_counts_brute_force_twin():
    """Twin: every connected n-subset of an n x n box, reduced by translation and rotation."""
    from doppelnb.engines.doppel_doubt.shapes import canonical, is_connected

    for n in range(1, 6):
        box = [(r, c) for r in range(n) for c in range(n)]
        found = {canonical(sub) for sub in itertools.combinations(box, n) if is_connected(sub)}
        assert len(found) == len(db.one_sided_polyominoes(n))


def test_check_placement_lists_every_broken_rule_at_once():
    board = db.Board()
    board.set_owner([(0, 5)], "blue")
    board.set_zero((1, 16), owner="blue")
    cells = [(1, 15), (1, 16), (1, 17), (1, 18)]           # off board, no red square, blue Zero
    verdict = board.check_placement("red", cells, I4)
    assert not verdict.legal
    assert verdict.reasons == ("DB-R10b", "DB-R10c", "DB-R12")
    assert len(verdict.messages) == 3 and "(1, 17)" in verdict.messages[0]


def test_board_rejects_bad_colours_and_cells():
    board = db.Board()
    with pytest.raises(BadInput):
        board.set_owner([(0, 0)], "orange")
    with pytest.raises(BadInput):
        board.set_owner([(0, 17)], "red")
    with pytest.raises(BadInput):
        board.check_placement("red", [(0, 0), (5, 5)], I4)   # not the shape at all
    with pytest.raises(BadInput):
        db.Shape.from_cells([(0, 0), (0, 2)])                # not connected


# -- DB-E1 / DB-T1: dealing --------------------------------------------------------------------


def test_db_e1_latin_construction_is_a_valid_deal():
    """DB-E1: hand i gets 10k + ((i + k) mod 10) + 1 from block k; every sum is 505."""
    hands = [[10 * k + (i + k) % 10 + 1 for k in range(10)] for i in range(10)]
    assert sorted(hands[0]) == [1, 12, 23, 34, 45, 56, 67, 78, 89, 100]
    checked = db.check_hands(hands)
    assert all(sum(h) == 505 for h in checked)


@pytest.mark.parametrize("seed", range(6))
def test_db_t1_deal_partitions_and_sums(seed):
    """DB-T1: 10 hands x 10 cards, a partition of 1..100, each sums to 505, one per decile."""
    hands = db.deal_hands(seed)
    assert sorted(c for h in hands for c in h) == list(range(1, 101))
    assert all(len(h) == 10 and sum(h) == 505 for h in hands)
    assert all(sorted((c - 1) // 10 for c in h) == list(range(10)) for h in hands)
    loose = db.deal_hands(seed, "equal_sum_any")                      # DB-A3 (b)
    assert sorted(c for h in loose for c in h) == list(range(1, 101))
    assert all(sum(h) == 505 for h in loose)
    assert db.new_game(seed=seed).hands == hands


def test_db_a3_equal_sum_deal_leaves_the_deciles():
    loose = [db.deal_hands(s, "equal_sum_any") for s in range(5)]
    assert any(sorted((c - 1) // 10 for c in h) != list(range(10)) for d in loose for h in d)


def test_db_t1_bad_deals_are_refused():
    hands = [[10 * k + (i + k) % 10 + 1 for k in range(10)] for i in range(10)]
    swapped = [list(h) for h in hands]
    swapped[0][0], swapped[1][0] = swapped[1][0], swapped[0][0]        # sums now differ
    with pytest.raises(BadInput) as err:
        db.check_hands(swapped)
    assert err.value.rule == "DB-R3"
    with pytest.raises(BadInput):
        db.new_game(seed=1, hands=[[1, 2, 3]])


# -- DB-E2 / DB-T2: starting squares ----------------------------------------------------------


E2_CARDS = {"red-P": 88, "blue-P": 61, "purple-P": 47, "green-P": 30, "yellow-P": 12}
E2_RANKS = {"red-P": "P3 P1 P2 P4 P5 P6", "blue-P": "P3 P2 P1 P4 P5 P6",
            "purple-P": "P2 P3 P1 P4 P5 P6", "green-P": "P1 P2 P3 P5 P4 P6",
            "yellow-P": "P5 P1 P2 P3 P4 P6"}


def test_db_e2_db_t2_start_allocation_pure():
    """DB-E2 / DB-T2: descending cards, first free square on each list; P6 left over."""
    taken, left = db.allocate_starts({d: r.split() for d, r in E2_RANKS.items()},
                                     {d: (c, c) for d, c in E2_CARDS.items()},
                                     [f"P{i}" for i in range(1, 7)])
    assert taken == {"red-P": "P3", "blue-P": "P2", "purple-P": "P1", "green-P": "P5",
                     "yellow-P": "P4"}
    assert left == ("P6",)


def _e2_hands():
    """A valid deal in which seat i (= DOPPELS[i]) holds the card it plays in DB-E2."""
    base = [[10 * k + (i + k) % 10 + 1 for k in range(10)] for i in range(10)]
    owner = {c: i for i, h in enumerate(base) for c in h}
    wanted = {"red-P": 88, "blue-P": 61, "purple-P": 47, "green-P": 30, "yellow-P": 12}
    order = [owner[c] for c in (88, 61, 47, 30, 12)]
    seats = [SEATS.index(d) for d in wanted]
    perm = list(range(10))
    for seat, hand_index in zip(seats, order, strict=True):
        j = perm.index(hand_index)
        perm[seat], perm[j] = perm[j], perm[seat]
    return [base[perm[s]] for s in range(10)]


def test_db_e2_db_t2_start_allocation_in_a_game():
    """DB-E2 / DB-T2 played through the state; the leftover squares become unclaimed Zero spaces
    (DB-R7)."""
    state = db.new_game(seed=3, hands=_e2_hands(), identities=SEATS, jester="yellow")

    def plan(s, seat, step):
        doppel = s.identity[seat]
        if step[0] == "card":
            return ["card", E2_CARDS.get(doppel, s.hands[seat][0])]
        if step[0] == "start" and doppel in E2_RANKS:
            return ["start", E2_RANKS[doppel].split()[len(s.subs[seat].starts)]]
        return None

    state = drive(state, plan, stop=lambda s: s.round > 1)
    assert {d: lab for d, lab in state.starts_taken.items() if d.endswith("P")} == {
        "red-P": "P3", "blue-P": "P2", "purple-P": "P1", "green-P": "P5", "yellow-P": "P4"}
    board = state.board
    p6 = board.starts["P6"]
    assert board.is_zero(p6) and board.owner_of(p6) is None and board.value(p6) == 0
    assert board.owner_of(board.starts["P3"]) == "red"
    zeros = [lab for lab in board.start_order if board.is_zero(board.starts[lab])]
    assert len(zeros) == 2 and zeros[0].startswith("P") and zeros[1].startswith("Q")


# -- DB-E3 / DB-T3: the shape draft -----------------------------------------------------------


def test_db_e3_draft_ascending_last_gets_the_remainder():
    """DB-E3: the lowest card picks first; the highest card gets whatever is left."""
    cards = {d: (c, c) for d, c in zip(SEATS, [40, 95, 50, 60, 12, 70, 80, 20, 30, 90],
                                       strict=True)}
    ranks = {d: list(range(10)) for d in SEATS}
    ranks["yellow-P"] = [7] + [i for i in range(10) if i != 7]
    ranks["red-Q"] = [7] + [i for i in range(10) if i != 7]
    got = db.draft_shapes(ranks, cards, 10)
    assert got["yellow-P"] == 7                              # card 12 picks first
    assert got["red-Q"] == (set(range(10)) - {v for k, v in got.items() if k != "red-Q"}).pop()
    assert sorted(got.values()) == list(range(10))


def test_db_t3_drafted_shape_goes_to_the_partner():
    """DB-T3: the lowest card picks first and the partner places that shape next round."""
    state = db.new_game(seed=11, identities=SEATS, jester="purple")
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s.round > 1)
    played = {seat: card for seat, (card, _) in enumerate(state.played[0])}
    first = min(played, key=played.get)
    rnd1 = state.shapes_by_round[0]
    assert dict(state.draft_log[0])[first] == 0             # its first choice: shape 0
    assert state.to_place[state.partner(first)] == rnd1[0]
    for seat, index in state.draft_log[0]:
        assert state.to_place[state.partner(seat)] == rnd1[index]


# -- DB-E4, DB-T4..T6: placement and takeover --------------------------------------------------


def blue_board():
    board = db.Board()
    return board


def test_db_t4_no_own_square_is_illegal():
    """DB-T4: a placement with 0 own squares is illegal (DB-R10c)."""
    board = db.Board()
    verdict = board.check_placement("blue", at((0, 4), I4.rotations()[0]), I4)
    assert verdict.reasons == ("DB-R10c",)


def test_db_e4_db_t5_four_square_takeover():
    """DB-E4 / DB-T5: 2 own + 1 Red + 1 unclaimed is 50%, not over: illegal. 3 own + 1 Red:
    legal, and the Red square becomes Blue. 1 own + 3 unclaimed: legal (no takeover)."""
    board = db.Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
    row = [(0, 4), (0, 5), (0, 6), (0, 7)]
    assert board.check_placement("blue", row, I4).reasons == ("DB-R13",)
    board2 = db.Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6), (0, 7)], "red")
    assert board2.check_placement("blue", row, I4).reasons == ("DB-R13",)   # T5: 2 + 2 enemy
    board.set_owner([(0, 7)], "blue")
    three = [(0, 4), (0, 5), (0, 7), (0, 6)]
    verdict = board.check_placement("blue", three, I4)
    assert verdict.legal and verdict.takes == {(0, 6)}
    after = db.resolve_placements(board, [(2, "blue", 50, 50, three)]).after
    assert after.owner_of((0, 6)) == "blue"
    lone = db.Board().set_owner([(0, 4)], "blue")
    assert lone.check_placement("blue", row, I4).legal


def test_db_e4_five_and_six_square_thresholds():
    """DB-E4: a 5-square shape needs 3 own squares, a 6-square shape needs 4."""
    i5 = shape(*[(0, c) for c in range(5)])
    i6 = shape(*[(0, c) for c in range(6)])
    for size, sh, need in ((5, i5, 3), (6, i6, 4)):
        cells = [(0, 4 + c) for c in range(size)]
        for own in range(1, size):
            board = db.Board().set_owner(cells[:own], "blue").set_owner([cells[own]], "red")
            assert board.check_placement("blue", cells, sh).legal == (own >= need), (size, own)


def test_db_t6_six_square_cases():
    """DB-T6: 3 own + 3 unclaimed legal; 3 own + 1 enemy + 2 unclaimed illegal (3/6)."""
    i6 = shape(*[(0, c) for c in range(6)])
    cells = [(0, 4 + c) for c in range(6)]
    board = db.Board().set_owner(cells[:3], "green")
    assert board.check_placement("green", cells, i6).legal
    board.set_owner([cells[3]], "purple")
    assert board.check_placement("green", cells, i6).reasons == ("DB-R13",)


# -- DB-E5 / DB-T9: same-round claim conflict -------------------------------------------------


def test_db_e5_db_t9_higher_card_wins_the_square_other_squares_still_claimed():
    """DB-E5 / DB-T9: Red (90) and Blue (40) both cover X; Red claims it, Blue keeps the rest."""
    board = db.Board().set_owner([(0, 4)], "red").set_owner([(0, 9)], "blue")
    red = [(0, 4), (0, 5), (0, 6), (0, 7)]
    blue = [(0, 7), (0, 8), (0, 9), (1, 9)]
    res = db.resolve_placements(board, [(3, "blue", 40, 40, blue), (1, "red", 90, 90, red)])
    assert [s.who for s in res.steps] == ["red", "blue"]
    assert res.after.owner_of((0, 7)) == "red"
    assert res.steps[1].ignored == ((0, 7),)
    assert res.after.owner_of((0, 8)) == "blue" and res.after.owner_of((1, 9)) == "blue"


def test_db_a9_without_partial_claims_the_whole_shape_fails():
    rules = db.Rules(partial_claims=False)
    board = db.Board(rules=rules).set_owner([(0, 4)], "red").set_owner([(0, 9)], "blue")
    res = db.resolve_placements(board, [(3, "blue", 40, 40, [(0, 7), (0, 8), (0, 9), (1, 9)]),
                                        (1, "red", 90, 90, [(0, 4), (0, 5), (0, 6), (0, 7)])])
    assert res.steps[1].void and res.after.owner_of((0, 8)) is None


def test_db_a10_own_square_blocks_later_claims():
    """A Red placement over its own square blocks a later Blue claim of it (default)."""
    for blocks, owner in ((True, "red"), (False, "blue")):
        rules = db.Rules(own_square_blocks=blocks)
        board = db.Board(rules=rules).set_owner([(0, 4), (0, 5), (0, 6)], "red")
        board.set_owner([(0, 7), (0, 8), (1, 7)], "blue")
        red = [(0, 4), (0, 5), (0, 6), (1, 6)]
        blue = [(0, 6), (0, 7), (0, 8), (1, 7)]              # 3 blue + 1 red: a legal takeover
        res = db.resolve_placements(board, [(1, "red", 90, 90, red), (3, "blue", 40, 40, blue)])
        assert res.after.owner_of((0, 6)) == owner


def test_db_a8_legality_at_resolution_voids_a_stale_takeover():
    """With legality_time="resolution", a claim made earlier in the round can void a placement."""
    board = db.Board().set_owner([(0, 4), (0, 5)], "red").set_owner([(0, 8), (0, 9)], "blue")
    red = [(0, 4), (0, 5), (0, 6), (0, 7)]
    blue = [(0, 6), (0, 7), (0, 8), (0, 9)]                  # legal at round start: 2 own + 2 free
    places = [(1, "red", 90, 90, red), (3, "blue", 40, 40, blue)]
    assert not db.resolve_placements(board, places).steps[1].void
    late = board.with_rules(db.Rules(legality_time="resolution"))
    step = db.resolve_placements(late, places).steps[1]
    assert step.void and "DB-A8" in step.void


# -- DB-E6 / DB-T7: Zero spaces ---------------------------------------------------------------


def test_db_e6_db_t7_zero_spaces():
    """DB-E6 / DB-T7: an unclaimed Zero space is free; once Green claims it only Green may cover
    it (DB-R12), with no effect."""
    board = db.Board().set_owner([(0, 4), (0, 5)], "green").set_owner([(0, 9)], "yellow")
    board.set_zero((0, 6))
    green = [(0, 4), (0, 5), (0, 6), (0, 7)]
    assert board.check_placement("green", green, I4).legal          # unclaimed Zero: legal
    board = db.resolve_placements(board, [(6, "green", 70, 70, green)]).after.copy()
    assert board.owner_of((0, 6)) == "green" and board.is_zero((0, 6))
    yellow = [(0, 6), (0, 7), (0, 8), (0, 9)]
    board.set_owner([(0, 8)], "yellow")
    assert "DB-R12" in board.check_placement("yellow", yellow, I4).reasons
    again = board.check_placement("green", green, I4)
    assert again.legal and (0, 6) not in again.takes
    by_cat = dict((c, cat) for c, cat, _ in again.squares)
    assert by_cat[(0, 6)] == "own Zero"


# -- DB-E7 / DB-T12: scoring ------------------------------------------------------------------


def _cells_with(board, values):
    """Distinct non-start cells with the given printed values."""
    out, used = [], set()
    for v in values:
        i = next(i for i, p in enumerate(board.printed) if p == v and i not in used)
        used.add(i)
        out.append(divmod(i, db.SIZE))
    return out


def test_db_e7_scoring():
    """DB-E7: Red territory {+5, +3, +1, -4, -2, 0, start, start}: P 9, Q -6, colour 15."""
    board = db.Board()
    board.set_owner(_cells_with(board, [5, 3, 1, -4, -2, 0]), "red")
    board.set_owner([board.starts["P1"], board.starts["Q1"]], "red")
    scores = db.territory_scores(board, SEATS)
    assert scores[0] == 9 and scores[1] == -6
    assert db.colour_scores(scores, SEATS)["red"] == 15


def test_db_t12_only_negative_squares():
    """DB-T12: P = 0, Q = the sum of the negatives, colour score = |Q|."""
    board = db.Board()
    board.set_owner(_cells_with(board, [-5, -3, -1]), "blue")
    scores = db.territory_scores(board, SEATS)
    assert (scores[2], scores[3]) == (0, -9)
    assert db.colour_scores(scores, SEATS)["blue"] == 9


def test_db_a4_doppel_level_territory_scores_each_doppels_own_squares():
    rules = db.Rules(territory_owner="doppel")
    board = db.Board(rules=rules)
    board.set_owner(_cells_with(board, [5, -4]), "red-P")
    board.set_owner(_cells_with(board, [3, -2])[:1] + _cells_with(board, [-1]), "red-Q")
    scores = db.territory_scores(board, SEATS)
    assert scores[0] == 5            # only red-P's positive squares
    assert scores[1] == -1           # only red-Q's negative squares
    with pytest.raises(BadInput):
        board.check_placement("red", [(0, 0)], None)     # must name a Doppel under this reading


# -- DB-E8, DB-T13, DB-T14: guessing ------------------------------------------------------------


def _guesses(**by_seat):
    out = [{} for _ in range(10)]
    for seat, g in by_seat.items():
        out[int(seat[1:])] = g
    return out


def test_db_e8_guessing_adjustments():
    """DB-E8: Red-P names Blue (+5) and the Jesters (+10): 9 + 15 = 24; Red colour 30; Blue-P
    3 -> 0 (clamped), Blue-Q -12 -> -7."""
    territory = [9, -6, 3, -12, 1, -1, 2, -2, 4, -4]
    guesses = _guesses(s0={"blue": (2, 3), "yellow": (4, 5)})
    res = db.match_results(SEATS, "yellow", territory, guesses, [territory] * 10)
    assert res.final[0] == 24 and res.final[1] == -6
    assert res.colour_scores["red"] == 30
    assert res.final[2] == 0 and res.final[3] == -7
    assert res.final[4] == 0 and res.final[5] == 0        # the Jesters lose 5 each, clamped


def test_db_t13_detriment_clamp():
    """DB-T13: P 3 - 5 -> 0; Q -2 + 5 -> 0 (and -2 / 3 without the clamp)."""
    assert db.adjust(3, "P", 0, 5) == 0
    assert db.adjust(-2, "Q", 0, 5) == 0
    assert db.adjust(3, "P", 0, 5, clamp=False) == -2
    assert db.adjust(-2, "Q", 0, 5, clamp=False) == 3
    assert db.adjust(0, "Q", 5, 0) == -5                    # a benefit moves Q away from zero


def test_db_t14_jester_pair_is_worth_ten_not_fifteen():
    """DB-T14: correctly naming the Jester pair gives +10, not +15 (DB-A16 "replace")."""
    guesses = _guesses(s0={"green": (6, 7)})
    benefit, _ = db.guess_points(SEATS, "green", guesses)
    assert benefit[0] == 10
    benefit, _ = db.guess_points(SEATS, "green", guesses, db.Rules(jester_bonus="add"))
    assert benefit[0] == 15
    colour_only = _guesses(s0={"jester": "green"})
    assert db.guess_points(SEATS, "green", colour_only)[0][0] == 0
    rules = db.Rules(jester_guess="colour_only")
    assert db.guess_points(SEATS, "green", colour_only, rules)[0][0] == 10


def test_db_a16_own_pair_and_stacking_detriments():
    guesses = _guesses(s0={"red": (1,)}, s4={"blue": (2, 3)}, s6={"blue": (3, 2)})
    benefit, detriment = db.guess_points(SEATS, "purple", guesses)
    assert benefit[0] == 5 and detriment[0] == 0          # own pair: +5, no detriment
    assert detriment[2] == detriment[3] == 10             # two outside guessers: stacked
    _, once = db.guess_points(SEATS, "purple", guesses, db.Rules(detriment_stacks=False))
    assert once[2] == 5


# -- DB-E9 / DB-T10: Power of Dark ------------------------------------------------------------


def test_db_e9_dark_range_and_ties():
    """DB-E9: 75 may become any integer in [45, 101]; a Dark-made tie is ranked by the original
    values, in the direction of the action."""
    assert db.check_dark(75, 26) == 101 and db.check_dark(75, -30) == 45
    entries = [("A", 70, 40), ("B", 70, 70)]
    assert [e[0] for e in db.card_order(entries, True)] == ["B", "A"]
    assert [e[0] for e in db.card_order(entries, False)] == ["A", "B"]
    other = db.Rules(dark_tie_direction="higher_original_first")
    assert [e[0] for e in db.card_order(entries, False, other)] == ["B", "A"]


def test_db_t10_dark_limits():
    """DB-T10: 95 + 30 rejected (> 101); 95 + 6 -> 101 accepted; 10 - 30 rejected (< 0)."""
    with pytest.raises(IllegalAction) as err:
        db.check_dark(95, 30)
    assert err.value.rule == "DB-R20"
    assert db.check_dark(95, 6) == 101
    with pytest.raises(IllegalAction):
        db.check_dark(10, -30)
    with pytest.raises(IllegalAction):
        db.check_dark(50, 31)


def test_db_t10_dark_in_a_game_changes_the_order():
    state = db.new_game(seed=5, identities=SEATS, jester="purple", artefacts={"dark": 0})
    state = state.play(["card", state.hands[0][0]])
    assert state._step(0) == ("dark",)
    card = state.subs[0].card
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.play(["dark", 101 - card + 1])
    assert state.to_json() == before
    state = state.play(["dark", min(30, 101 - card)])
    assert state.subs[0].effective == card + min(30, 101 - card)
    assert state.uses["dark"] == 0


# -- DB-E10 / DB-T15: the Elimination Candidate ------------------------------------------------


def test_db_e10_db_t15_escape_and_skip():
    """DB-E10 / DB-T15: Green lowest; Green-P (4) is the EC, named Green-Q who did not name it:
    Green-P escapes with a Token of Life and Green-Q becomes the EC. If Green-Q won the
    individual Token of Life the check is skipped."""
    territory = [30, -20, 20, -15, 5, -5, 4, -11, 20, -12]   # jester = yellow
    guesses = _guesses(s6={"green": (7,)})
    res = db.match_results(SEATS, "yellow", territory, guesses, [territory] * 10)
    assert res.losing_teams == ("green",) and res.first_candidates == (6,)
    assert res.escaped == (6,) and res.candidates == (7,) and res.tokens[6] == 1
    skip = [10, -10, 13, -10, 5, -5, 0, -14, 10, -13]    # green 5 + 14 = 19 is lowest
    res = db.match_results(SEATS, "yellow", skip, guesses, [skip] * 10)
    assert res.individual_winners == (7,)
    assert res.escaped == () and res.candidates == (6,)
    both = _guesses(s6={"green": (7,)}, s7={"green": (6,)})
    res = db.match_results(SEATS, "yellow", territory, both, [territory] * 10)
    assert res.candidates == (6,) and res.escaped == ()      # partner guessed too: no escape


# -- DB-T8: reflection ---------------------------------------------------------------------------


def test_db_t8_reflection_rejected_rotation_accepted():
    """DB-T8: a reflected shape is rejected (DB-R10a); a rotation is accepted."""
    board = db.Board().set_owner([(0, 5)], "red")
    mirrored = at((0, 5), reflect(L4.key))
    assert "DB-R10a" in board.check_placement("red", mirrored, L4).reasons
    for rot in L4.rotations():
        cells = at((0, 5), rot)
        if (0, 5) in cells:
            assert board.check_placement("red", cells, L4).legal


def test_db_t8_reflection_refused_in_a_game():
    state = db.new_game(seed=2, identities=SEATS, jester="purple",
                        shapes_by_round=[[s.to_json() for s in _chiral_round()]] * 9)
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s.round > 1)
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s._step(s.to_move)[0]
                  == "place")
    seat = state.to_move
    own = state.board.territory(state.key(seat))[0]
    shp = state.to_place[seat]
    for rot in shp.reflections():
        for dr, dc in rot:
            cells = [(own[0] - dr + r, own[1] - dc + c) for r, c in rot]
            if all(0 <= x < 17 and 0 <= y < 17 for x, y in cells):
                before = state.to_json()
                with pytest.raises(IllegalAction) as err:
                    state.play(["place", cells])
                assert err.value.rule == "DB-R10a"
                assert state.to_json() == before
                return
    pytest.fail("no reflected position found")


def _chiral_round():
    chiral = [s for n in (4, 5) for s in db.one_sided_polyominoes(n) if s.is_chiral]
    return chiral[:10]


# -- DB-T11: Power of Light ----------------------------------------------------------------------


def test_db_t11_light_after_placements_then_protected():
    """DB-T11: Light applies after all placements; the square's value becomes 0 and a later
    takeover of it is illegal. A square lost during the round cannot be converted."""
    board = db.Board().set_owner([(0, 4), (0, 5), (0, 6)], "red")
    board.set_owner([(0, 7), (0, 8), (0, 9)], "blue")
    res = db.resolve_placements(board, [], lights=[("red", (0, 4))])
    after = res.after.copy()
    assert after.is_zero((0, 4)) and after.value((0, 4)) == 0 and after.owner_of((0, 4)) == "red"
    after.set_owner([(1, 4), (1, 5), (1, 6)], "blue")
    cover = [(0, 4), (1, 4), (1, 5), (1, 6)]                 # 3 blue + red's Zero space
    assert after.check_placement("blue", cover).reasons == ("DB-R12",)
    take = [(0, 6), (0, 7), (0, 8), (0, 9)]                  # 3 blue + 1 red: legal takeover
    res = db.resolve_placements(board, [(3, "blue", 60, 60, take)], lights=[("red", (0, 6))])
    assert res.lights == (("red", (0, 6), False),) and res.after.owner_of((0, 6)) == "blue"
    later = db.resolve_placements(board, [], lights=[("red", (0, 6))]).after
    assert later.check_placement("blue", take, I4).reasons == ("DB-R12",)


def test_db_t11_light_in_a_game():
    state = db.new_game(seed=9, identities=SEATS, jester="purple", artefacts={"light": 0})
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s.round > 1)
    target = state.board.territory(state.key(0))[0]

    def plan(s, seat, step):
        if step[0] == "light":
            return ["light", list(target)]
        return None

    state = drive(state, plan, stop=lambda s: s.round > 2)
    light = state.resolutions[-1].lights
    assert light[0][1] == target
    if light[0][2]:
        assert state.board.is_zero(target) and state.board.value(target) == 0
    assert state.uses["light"] == 0


# -- DB-T16: tie-breaks --------------------------------------------------------------------------


def test_db_t16_tie_broken_by_round_nine_then_eight():
    """DB-T16: equal colour scores are decided by round 9's, then round 8's."""
    final = [10, -5, 10, -5, 1, -1, 2, -2, 3, -3]            # red 15 = blue 15
    r9_tied = list(final)
    r8 = [9, -5, 10, -5, 1, -1, 2, -2, 3, -3]                # round 8: blue led
    history = [final] * 7 + [r8, r9_tied, final]
    res = db.match_results(SEATS, "yellow", final, [{}] * 10, history)
    assert res.team_winners == ("blue",)
    r9 = [11, -5, 10, -5, 1, -1, 2, -2, 3, -3]               # round 9: red led
    res = db.match_results(SEATS, "yellow", final, [{}] * 10, [final] * 7 + [r8, r9, final])
    assert res.team_winners == ("red",)
    res = db.match_results(SEATS, "yellow", final, [{}] * 10, [final] * 10)
    assert res.team_winners == ("red", "blue")               # tied throughout: shared


def test_db_a19_jesters_not_eligible():
    territory = [1, -1, 2, -2, 50, -50, 3, -3, 4, -4]        # yellow (Jesters) far ahead
    res = db.match_results(SEATS, "yellow", territory, [{}] * 10, [territory] * 10)
    assert "yellow" not in res.team_winners and 4 not in res.individual_winners
    res = db.match_results(SEATS, "yellow", territory, [{}] * 10, [territory] * 10,
                           db.Rules(jesters_eligible=True))
    assert res.team_winners == ("yellow",)


# -- DB-T17: the round schedule -------------------------------------------------------------------


def test_db_t17_round_schedule():
    """DB-T17: no placement in round 1, no shape choice in round 10, 9 placements per Doppel."""
    final = play_to_end(db.new_game(seed=4), random_policy, seed=4)
    states = final.history()
    kinds_by_round: dict[int, set] = {}
    placements = [0] * 10
    for before, action in zip(states, final.actions, strict=False):
        kinds_by_round.setdefault(before.round, set()).add(action[0])
        if action[0] in ("place", "forfeit"):
            placements[before.to_move] += 1
    assert not kinds_by_round[1] & {"place", "forfeit"}
    assert not kinds_by_round[10] & {"shape", "shapes_done"}
    assert "start" in kinds_by_round[1] and "guess" in kinds_by_round[10]
    assert placements == [9] * 10
    assert final.is_over and len(final.history_scores) == 10


# -- flags (DB-A3..A25) ------------------------------------------------------------------------


DIGEST_FLAGS = ["deal_mode", "territory_owner", "takeover_rule", "takeover_check",
                "illegal_takeover", "legality_time", "partial_claims", "own_square_blocks",
                "no_legal_placement", "allow_offboard", "printed_zero_is_zero_space",
                "start_square_value", "start_square_protected", "jester_bonus", "jester_guess",
                "detriment_stacks", "detriment_clamp_zero", "jesters_guess",
                "colour_score_includes_guessing", "tiebreak", "jesters_eligible", "team_tol",
                "artefact_uses", "dark_applies_to_all_actions_in_round", "dark_tie_direction",
                "reveal_played_cards", "partial_shape_list", "jester_controller", "board"]


def test_every_digest_flag_is_a_rules_field_with_validated_choices():
    names = [f.name for f in dataclasses.fields(db.Rules)]
    assert names == DIGEST_FLAGS
    for info in db.Rules.flags():
        assert info.rule.startswith("DB-A")
        with pytest.raises(BadInput):
            db.Rules(**{info.name: "no such reading"})


def test_db_a7_skip_enemy_squares_keeps_them():
    rules = db.Rules(illegal_takeover="skip_enemy_squares")
    board = db.Board(rules=rules).set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
    verdict = board.check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)], I4)
    assert verdict.legal and verdict.takes == {(0, 7)} and verdict.kept_by_enemy == {(0, 6)}


def test_db_a5_readings_differ_on_two_own_one_enemy_one_free():
    board = db.Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
    cells = [(0, 4), (0, 5), (0, 6), (0, 7)]
    legal = {rule: board.with_rules(db.Rules(takeover_rule=rule)).check_placement(
        "blue", cells, I4).legal for rule in ("own_over_half", "non_enemy_over_half",
                                              "own_more_than_enemy")}
    assert legal == {"own_over_half": False, "non_enemy_over_half": True,
                     "own_more_than_enemy": True}


def test_db_a6_per_target_colour():
    """Under own_more_than_enemy, 2 own vs 1 red + 1 green: whole shape fails, per colour passes."""
    board = db.Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
    board.set_owner([(0, 7)], "green")
    cells = [(0, 4), (0, 5), (0, 6), (0, 7)]
    whole = board.with_rules(db.Rules(takeover_rule="own_more_than_enemy"))
    per = board.with_rules(db.Rules(takeover_rule="own_more_than_enemy",
                                    takeover_check="per_target_colour"))
    assert not whole.check_placement("blue", cells, I4).legal
    assert per.check_placement("blue", cells, I4).legal


def test_db_a13_offboard_allowed_loses_the_offboard_squares():
    rules = db.Rules(allow_offboard=True)
    board = db.Board(rules=rules).set_owner([(0, 15), (0, 16)], "red")
    cells = [(0, 15), (0, 16), (0, 17), (0, 18)]
    verdict = board.check_placement("red", cells, I4)
    assert verdict.legal and verdict.takes == frozenset()
    assert not db.Board().set_owner([(0, 15), (0, 16)], "red").check_placement(
        "red", cells, I4).legal


def test_db_a14_a15_printed_zero_and_protected_starts():
    board = db.Board(rules=db.Rules(printed_zero_is_zero_space=True))
    zero = next(divmod(i, 17) for i, v in enumerate(board.printed) if v == 0)
    assert board.is_zero(zero)
    rules = db.Rules(start_square_protected=True, start_square_value=2)
    board = db.Board(rules=rules)
    p1 = board.starts["P1"]
    assert board.value(p1) == 2
    board.set_owner([p1], "red").set_owner([(p1[0], p1[1] + 1), (p1[0], p1[1] + 2)], "blue")
    row = [(p1[0], p1[1] + k) for k in range(-1, 3)]
    assert "DB-A15" in board.check_placement("blue", row, I4).reasons


def test_db_a24_partial_shape_list():
    state = db.new_game(seed=1, rules=db.Rules(partial_shape_list="auto_complete_random"))
    state = drive(state, lambda s, seat, step: None,
                  stop=lambda s: s._step(s.to_move)[0] == "shape" and s.subs[s.to_move].shapes)
    state = state.play(["shapes_done"])
    seat = state.to_move - 1 if state.to_move else 0
    assert sorted(state.subs[seat].shapes) == list(range(10))
    strict = db.new_game(seed=1)
    strict = drive(strict, lambda s, seat, step: None,
                   stop=lambda s: s._step(s.to_move)[0] == "shape" and s.subs[s.to_move].shapes)
    with pytest.raises(IllegalAction) as err:
        strict.play(["shapes_done"])
    assert err.value.rule == "DB-A24"


def test_db_a25_bot_jesters_choose_by_themselves():
    state = db.new_game(seed=8, rules=db.Rules(jester_controller="bot"), jester="green",
                        identities=SEATS)
    assert all(state._step(s) is None for s in (6, 7))
    final = play_to_end(state, random_policy, seed=8)
    assert final.is_over and all(final.history()[-1] == final for _ in [0])


def test_db_a12_forfeit_only_without_a_legal_placement():
    state = db.new_game(seed=6)
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s.round > 1)
    state = drive(state, lambda s, seat, step: None,
                  stop=lambda s: s._step(s.to_move)[0] == "place")
    with pytest.raises(IllegalAction) as err:
        state.play(["forfeit"])
    assert err.value.rule == "DB-A12"


# -- refusals: RuleError, state unchanged --------------------------------------------------------


def test_unknown_card_and_wrong_step_are_refused_without_change():
    state = db.new_game(seed=1)
    seat = state.to_move
    missing = next(c for c in range(1, 101) if c not in state.hands[seat])
    before = state.to_json()
    for action in (["card", missing], ["shape", 0], ["card", "x"], ["fly"], "card", ["card"]):
        with pytest.raises(RuleError):
            state.play(action)
    assert state.to_json() == before


def test_illegal_placement_message_names_squares_and_rule():
    state = db.new_game(seed=2)
    state = drive(state, lambda s, seat, step: None, stop=lambda s: s.round > 1)
    state = drive(state, lambda s, seat, step: None,
                  stop=lambda s: s._step(s.to_move)[0] == "place")
    seat = state.to_move
    rot = state.to_place[seat].rotations()[0]
    far = [(r + 0, c + 0) for r, c in rot]
    if state.board.check_placement(state.key(seat), far).legal:
        pytest.skip("corner happens to be legal")
    with pytest.raises(IllegalAction) as err:
        state.play(["place", far])
    assert err.value.rule.startswith("DB-R1")
    assert "(0, 0)" in str(err.value) or "none of the" in str(err.value)


def test_malformed_records_and_data_files():
    state = play_to_end(db.new_game(seed=3), random_policy, seed=3)
    record = json.loads(state.to_json())
    for broken in ("{", "[]", json.dumps({**record, "game": "groom_lake"}),
                   json.dumps({**record, "actions": record["actions"][:5] + [["card", 999]]}),
                   json.dumps({**record, "options": {"colour": "mauve"}})):
        with pytest.raises(BadInput):
            db.from_json(broken)
    good = load_data("doppel_doubt_board.json", "board")
    for change in ({"size": 16}, {"values": good["values"][:16]},
                   {"starts": {**good["starts"], "P1": [0, 99]}},
                   {"values": [[7] * 17] + good["values"][1:]}, {"illustrative": "yes"}):
        with pytest.raises(BadInput) as err:
            db.Board({**good, **change})
        assert err.value.rule == "NB-DATA"


def test_shipped_board_is_labelled_illustrative():
    doc = load_data("doppel_doubt_board.json", "board")
    assert doc["illustrative"] is True and "Illustrative" in doc["note"]
    assert "illustrative" in str(db.Board()._repr_svg_())


def test_rules_replay_and_seed_reproducibility():
    a = play_to_end(db.new_game(seed=12), random_policy, seed=12)
    b = play_to_end(db.new_game(seed=12), random_policy, seed=12)
    assert a == b and db.from_json(a.to_json()) == a


def test_views_hide_other_identities():
    state = db.new_game(seed=1)
    view = state.view(3)
    assert isinstance(view, db.View)
    assert view.you == state.identity[3] and view.seat == 3
    assert "identity" not in {f.name for f in dataclasses.fields(view)}
    assert "jester" not in {f.name for f in dataclasses.fields(view)}
    public = state.view(None)
    assert public.seat is None and public.you is None and public.hand == ()
    with pytest.raises(BadInput):
        state.view(10)


# -- renderings and widgets ----------------------------------------------------------------------


def test_board_svg_shows_values_zero_spaces_and_overlay_verdict():
    from doppelnb.engines.doppel_doubt.render import board_svg

    board = db.Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red")
    board.set_zero((3, 3), owner="red")
    svg = str(board_svg(board, overlay=[(0, 4), (0, 5), (0, 6), (0, 7)], who="blue"))
    assert svg.startswith("<svg") and "DB-R13" in svg and "illustrative" in svg
    assert "P1" in svg and svg.count("<circle") >= 2            # start label, Zero rings
    html = board.check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)], I4)._repr_html_()
    assert "forbids the placement" in html and "(0, 6)" in html


def test_placement_explorer_and_claim_stepper():
    from doppelnb.widgets.doppel_doubt import PlacementExplorer, claim_stepper

    board = db.Board().set_owner([(5, 5)], "green")
    explorer = PlacementExplorer(board, colour="green", shape="4-0", row=5, col=5)
    assert explorer.verdict.legal
    explorer.move(0, 1)                                          # (5, 5) no longer covered
    assert explorer.verdict.reasons == ("DB-R10c",)
    explorer.move(0, -1)
    explorer.rotate()
    assert explorer.verdict.legal and len(set(r for r, _ in explorer.cells)) == 4
    for _ in range(20):
        explorer.move(0, 1)
    assert "DB-R10b" in explorer.verdict.reasons and "DB-R10b" in explorer.view.value
    board2 = db.Board().set_owner([(0, 4)], "red").set_owner([(0, 9)], "blue")
    res = db.resolve_placements(board2, [(1, "red", 90, 90, [(0, 4), (0, 5), (0, 6), (0, 7)]),
                                         (3, "blue", 40, 40, [(0, 7), (0, 8), (0, 9), (1, 9)])])
    stepper = claim_stepper(res)
    assert len(stepper.states) == 3
    stepper.forward()
    stepper.forward()
    assert "claimed earlier this round" in stepper.view.value


def test_resolution_readings_reresolve_the_same_placements():
    """DB-A8/A9/A10 on one round: the default row reproduces the round; no partial claims voids
    exactly the placements that met an earlier claim."""
    board = db.Board().set_owner([(0, 4)], "red").set_owner([(0, 9)], "blue")
    res = db.resolve_placements(board, [(1, "red", 90, 90, [(0, 4), (0, 5), (0, 6), (0, 7)]),
                                        (3, "blue", 40, 40, [(0, 7), (0, 8), (0, 9), (1, 9)])])
    rows = {r["reading"]: r for r in db.resolution_readings(res)}
    assert rows["defaults"]["claimed"] == 5 and rows["defaults"]["lost_to_earlier_claims"] == 1
    assert rows["defaults"]["squares_differing_from_default"] == 0
    assert rows["partial_claims=False"]["void"] == 1
    assert rows["partial_claims=False"]["squares_differing_from_default"] == 2
