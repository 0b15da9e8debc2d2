"""The quest's legal.py under Doppeldoppel's names (issue 26): :func:`legal.action_label` words a
decision beside the listing and the refusals that say it (no longer in actions.py), for the
cards of the table it is given, as Doppeldoppel's ``action_label(table, action)``."""

import random

from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest import actions, legal
from doppelnb.engines.doppelganger_quest.actions import NoPeek


def test_action_label_lives_in_legal_and_words_decisions_in_plain_words():
    assert not hasattr(actions, "action_label")
    s = dq.new_game(4, seed=1, pl=0)
    assert legal.action_label(s, ("knight", True)) == "uses the Knight's ability"  # not "knight True"
    assert legal.action_label(s, ("reroll", False)) == "keeps the roll"
    assert legal.action_label(s, ("tavern", "heal")) == "heals 1 Damage in the tavern"
    assert legal.action_label(s, ("target", 2)) == "puts a marker on P3"
    assert legal.action_label(s, ("pass_turn",)) == "passes the turn"


def test_refusals_quote_the_label_and_the_state_words_every_listed_action_the_same():
    s = dq.new_game(4, seed=1, pl=0)
    refused = legal.refusal(s, NoPeek("no_peek"))
    assert refused.rule == "DQ-R3" and f"'{legal.action_label(s, ('no_peek',))}'" in refused.reason
    rng = random.Random(2)
    for _ in range(120):
        if s.is_over:
            break
        listed = s.legal_actions()
        for action in listed:
            assert legal.action_label(s, action) == s.action_label(action)
        s = s.play(rng.choice(listed))
