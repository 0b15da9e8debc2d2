"""One trick winner per representation (issue 26), each held to the readable reference.

The rule (DT-R10, DT-R12, DT-R13) lives in :func:`resolve_trick` (cards). Its integer twin on
card codes is :func:`.codes.trick_winner` (with :func:`.codes.annihilated`), which the kernel
and the integer simulator (``simulation._resolve_codes``) both call; the vectorised twin is
:func:`.batch.resolve_batch`. Every 3-card trick of the 3-player deck's lead-suit-and-D cards,
and seeded 4-card tricks of the whole deck, in every lead: the three agree with the reference on
the winner and on which cards were annihilated.
"""

from __future__ import annotations

import itertools
import random

import numpy as np

from doppelnb.engines.doppelganger_tricks import ALL_CARDS, deck, resolve_trick
from doppelnb.engines.doppelganger_tricks.batch import resolve_batch
from doppelnb.engines.doppelganger_tricks.codes import trick_winner
from doppelnb.engines.doppelganger_tricks.simulation import _resolve_codes


def _tricks():
    """(cards, declared suit or None, lead suit code) for each trick checked."""
    small = [c for c in deck(3) if c.suit in ("C", "D")] + [c for c in deck(3) if c.suit == "T"][:3]
    for trick in itertools.permutations(small, 3):
        for declared in (("C", "T", "S") if trick[0].suit == "D" else (None,)):
            yield trick, declared
    rng = random.Random(26)
    full = list(deck(4))
    for _ in range(1500):
        trick = tuple(rng.sample(full, 4))
        yield trick, (rng.choice("CTS") if trick[0].suit == "D" else None)


def test_dt_r12_r13_every_winner_on_codes_is_the_readable_rules():
    rows, leads, expected = [], [], []
    for trick, declared in _tricks():
        lead = declared or trick[0].suit
        ref = resolve_trick(list(trick), declared, players=4 if len(trick) == 4 else 3)
        want = -1 if ref.winner is None else ref.winner
        codes = [ALL_CARDS.index(c) for c in trick]
        code_lead = "CTS".index(lead)
        assert trick_winner(tuple(codes), code_lead) == want, trick
        win, gone = _resolve_codes(codes, code_lead)
        assert win == want and sorted(gone) == sorted(ref.annihilated), trick
        if len(trick) == 4:
            rows.append(codes)
            leads.append(code_lead)
            expected.append((want, tuple(sorted(ref.annihilated))))
    winners, gone_mask = resolve_batch(np.array(rows), np.array(leads))
    for k, (want, gone) in enumerate(expected):
        assert int(winners[k]) == want
        assert tuple(int(i) for i in np.flatnonzero(gone_mask[k])) == gone


def test_the_kernel_resolves_with_the_one_winner_on_codes():
    """The kernel has no winner of its own: its module calls codes.trick_winner (read from the
    source tree: the compiled build imports an extension module)."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    source = (root / "doppelnb/engines/doppelganger_tricks/kernel.py").read_text(encoding="utf-8")
    assert "trick_winner(" in source and "def trick_winner" not in source


def test_dt_r13_fallback_ties_and_records_on_codes_are_the_readable_rules():
    """When no lead-suit (or D) card survives, the highest other number wins and the earliest
    of equal numbers (DT-R13): every 4-card trick of a hand-picked set full of annihilating
    pairs and equal numbers in other suits, in every lead and declaration, both as a bare
    trick and as the kernel's record (``start=2``: leader and declared suit first)."""
    names = ["3C", "3D", "5T", "5S", "7D", "7T", "2S", "8S"]
    by_name = {c.name: c for c in ALL_CARDS}
    picked = [by_name[x] for x in names]
    checked = fallback = 0
    for trick in itertools.permutations(picked, 4):
        for declared in (("C", "T", "S") if trick[0].suit == "D" else (None,)):
            lead = declared or trick[0].suit
            ref = resolve_trick(list(trick), declared, players=4)
            want = -1 if ref.winner is None else ref.winner
            codes = tuple(ALL_CARDS.index(c) for c in trick)
            code_lead = "CTS".index(lead)
            assert trick_winner(codes, code_lead) == want, trick
            for leader in range(4):  # the record's leader may equal a card's code (3C: 2)
                record = (leader, -1 if declared is None else code_lead, *codes)
                assert trick_winner(record, code_lead, 2) == want, (record, trick)
                assert trick_winner(list(record), code_lead, 2) == want, (record, trick)
            checked += 1
            fallback += not any(c.suit in (lead, "D") for i, c in enumerate(trick)
                                if i not in ref.annihilated)
    assert checked > 1000 and fallback > 100
