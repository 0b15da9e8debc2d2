"""Doppelgänger Tricks: the shortcuts of the checked engine's hot path agree with the rules.

Each shortcut is checked against the readable rule it stands for, over random legal games
under every variant flag: ``Moment.can_play`` (a play accepted on the hand masks, DT-R7..R10,
DT-A10) against the legal actions; the packed trick in progress and the per-seat hand masks
against their readable parts (``Moment.of`` / ``items``); a forecast found by its place in the
legal forecasts (DT-R6, DT-A6) against the general path; the score sheet row built slot by slot
against ``RoundScore(...)`` (DT-R18, DT-R19). ``make fast-test`` runs them on the compiled
build as well.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_strategy

from doppelnb.engines.doppelganger_tricks import (
    Rules,
    codes,
    deal,
    from_json,
    kernel,
    new_game,
    scoring,
)
from doppelnb.engines.doppelganger_tricks.actions import BIDS, PASS, PLAYS, Bid
from doppelnb.engines.doppelganger_tricks.rules import RoundScore

RULES = rules_strategy(Rules)


def check_moment(s) -> None:
    m = s.moment
    legal = s.legal_actions()
    for text, play in PLAYS.items():
        fast = m.can_play(play.code, play.declared)
        if fast:  # accepted on the masks: a legal play
            assert play in legal, (text, legal)
        elif play in legal:  # refused on the masks: only a declaration under DT-A10
            assert play.declared is not None and s.rules.declare_restricted_to_held_suits, text
    # the packed trick and the seat masks are the readable parts
    assert kernel.Moment.of(*m.items()) == m and kernel.Moment.of(*m.items()).items() == m.items()
    assert m.trick == tuple(c.index for c in s.trick) and len(m.trick) == m.size
    assert m.masks == tuple(codes.hand_mask(h) for h in s.hands)
    assert tuple(m.mask(p) for p in range(s.players)) == m.masks
    if m.size:  # DT-R8: the lead suit is the declared one, else the led card's
        assert "CTS"[m.lead] == s.lead_suit == (s.declared or s.trick[0].suit)
    else:
        assert m.lead == -1 and s.lead_suit is None and m.cards == 0


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from((3, 4)), seed=st.integers(0, 2**31), rules=RULES,
       pick=st.integers(0, 2**31))
def test_dt_r7_r10_can_play_agrees_with_the_legal_actions(players, seed, rules, pick):
    rng = random.Random(pick)
    s = new_game(players, seed=seed, rules=rules)
    while not s.is_over:
        check_moment(s)
        action = rng.choice(s.legal_actions())
        t = s.play(action)
        # the general path (a JSON spelling, parsed and checked by GameState.play's steps)
        # gives the very same state
        slow = s.play(list(action) if isinstance(action, tuple) else str.__str__(action))
        assert slow == t and slow.to_json() == t.to_json()
        s = t
    check_moment(s)
    assert from_json(s.to_json()) == s


def test_dt_r6_a6_forecasts_by_their_place_and_by_value():
    """A forecast handed out by ``legal_actions`` is found by its place; an equal ``Bid`` built
    by the caller, a JSON list and a refused forecast take the general path (DT-R6, DT-A6)."""
    s = new_game(4, seed=2, rules=Rules(bid_max="tricks_in_round"))
    assert s.legal_actions() == list(BIDS[:11])
    fast = s.play(BIDS[3])
    assert s.play(Bid("bid", 3)) == fast == s.play(["bid", 3]) == s.play(("bid", 3))
    assert fast.bids[s.to_move] == 3 and fast.actions == (("bid", 3),)
    for refused in (Bid("bid", 11), BIDS[12], Bid("bid", -1)):
        try:
            s.play(refused)
        except Exception as exc:  # noqa: BLE001 - the rule id is what is checked
            assert getattr(exc, "rule", None) in ("DT-A6", "DT-R6", "NB-ARG"), exc
        else:
            raise AssertionError(f"{refused!r} was accepted")
    t = fast
    while t.phase == "forecast":
        t = t.play(t.legal_actions()[0])
    for bid in (BIDS[0], Bid("bid", 0)):  # no forecast once play has begun (DT-R6)
        try:
            t.play(bid)
        except Exception as exc:  # noqa: BLE001
            assert getattr(exc, "rule", None) == "DT-R6", exc
        else:
            raise AssertionError("a forecast was accepted during play")


def test_dt_r15_pass_only_in_a_claim_window():
    s = new_game(4, seed=5)
    rng = random.Random(1)
    seen = 0
    while not s.is_over:
        if s.window is None:
            try:
                s.play(PASS)
            except Exception as exc:  # noqa: BLE001
                expected = "DT-R6" if s.phase == "forecast" else "DT-R15"
                assert getattr(exc, "rule", None) == expected, exc
            else:
                raise AssertionError("pass accepted with no claim window")
        else:
            seen += 1
            assert s.play(PASS) == s.play("pass") and s.play(PASS).window is None
        s = s.play(rng.choice(s.legal_actions()))
    assert seen  # the seed has claim windows


def test_dt_r18_r19_score_row_built_slot_by_slot_is_the_dataclass():
    rng = random.Random(4)
    for players in (3, 4):
        s = new_game(players, seed=9)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        for row in s.sheet:
            fields = (row.round, row.first_player, row.bids, row.won, row.bonuses,
                      row.forecast, row.bonus)
            plain = RoundScore(*fields)
            assert type(row) is RoundScore and row == plain and hash(row) == hash(plain)
            assert repr(row) == repr(plain) and row.points == plain.points
            assert scoring.round_score(fields) == plain


def test_dt_r15_a3_a4_book_may_claim_is_may_claim():
    """The claim check on the flags the book keeps is :func:`kernel.may_claim` on the rules
    (DT-R15, DT-A3, DT-A4), in every case of holders, seat, card and hand size."""
    import copy
    import itertools
    import pickle


    for most, window in itertools.product((1, 2), ("any_own_turn", "first_opportunity_only")):
        rules = Rules(bonus_max_per_player=most, bonus_claim_window=window)
        for n in (3, 4):
            book = kernel.Book(0, 1, (), (0,) * n, (), rules, 7)
            full = deal.tricks_per_round(n)
            for holders in itertools.product((None, *range(n)), repeat=2):
                for player, code, size in itertools.product(range(n), (3, 35), (full, full - 1)):
                    before = (1 << size) - 1
                    assert book.may_claim(holders, player, code, before, n) == kernel.may_claim(
                        rules, holders, player, code, before, n)
            # still the value the named tuple was
            assert book._replace(round=1) != book and book._replace() == book
            assert pickle.loads(pickle.dumps(book)) == book and copy.deepcopy(book) is book
            assert hash(book._replace()) == hash(book) and repr(book).startswith("Book(round=0,")
