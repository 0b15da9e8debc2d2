"""Doppeldoppel's fast paths for search (issue 27) against the plain reference, on many seeded
games: a card laid on an unfinished trick (``State._lay``) against the Draft's rule functions
(``State._apply_with_draft``), the legal actions against DD-R9..R11 as written, the prepared
determinizer against ``determinize``, the shared record forms against ``str``, and ``play`` of a
user's spelling of an action, which keeps every check."""

from __future__ import annotations

import dataclasses
import random

import pytest

from doppelnb import IllegalAction
from doppelnb.core.policy import prepared
from doppelnb.engines import doppeldoppel as dd
from doppelnb.engines.doppeldoppel import Card, Lead, Rules, card_key
from doppelnb.engines.doppeldoppel.actions import LeadRecord, action_to_json
from doppelnb.engines.doppeldoppel.notation import ALL_CARDS, COLOURS
from doppelnb.engines.doppeldoppel.players import determinize, prepare_determinize
from doppelnb.engines.doppeldoppel.state import State

#: Tables and readings whose unfinished tricks differ: who leads, play order (DD-A4), whether
#: the declared colour must match (DD-A9), round-long reversals (DD-A5).
TABLES = [
    (3, Rules()),
    (4, Rules()),
    (4, Rules(declared_colour_must_match=False, direction="counterclockwise")),
    (3, Rules(reversal_scope="round_toggle", next_leader="rotate_left", deck_composition="b")),
]
GAMES = 8


def _games(players: int, rules: Rules, games: int = GAMES):
    """Every state of ``games`` seeded random games and the action played from it."""
    for seed in range(games):
        state = dd.new_game(players, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            yield state, action
            state = state.play(action)


def _fields(state: State) -> dict[str, object]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(State)}


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_a_card_laid_on_an_unfinished_trick_makes_the_drafts_state(players, rules):
    # DD-R9, DD-R10, DD-R12: the copy with the hand, the trick and the declared colour replaced
    # is the state Draft.play builds, field by field (caches aside), at every such action.
    laid = 0
    for state, action in _games(players, rules):
        if len(state.trick) + 1 == players:
            continue  # the trick completes: _apply takes the draft itself
        fast, reference = state._lay(action), state._apply_with_draft(action)
        assert _fields(fast) == _fields(reference), (state.seed, state.action_count)
        assert fast._legal is None  # a new state starts with its caches empty
        laid += 1
    assert laid > GAMES * 50


def _legal_as_written(state: State) -> list[object]:
    """The legal actions from the rules' text, the plain way: the distinct cards of the mover's
    hand in hand order; a follower holding the lead colour plays it (DD-R11); the 4-player
    leader's card is face down with a declared colour, its own unless DD-A9 is read freely."""
    hand = sorted(set(state.hands[state.to_move]), key=card_key)
    if state.trick:
        following = [c for c in hand if c.colour == state.lead_colour]
        return following or hand
    if state.players == 3:
        return hand
    if state.rules.declared_colour_must_match:
        return [(c, c.colour) for c in hand]
    return [(c, colour) for c in hand for colour in COLOURS]


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_legal_actions_are_the_rules_as_written(players, rules):
    for state, _ in _games(players, rules):
        legal = state.legal_actions()
        assert legal == _legal_as_written(state)
        leading = players == 4 and not state.trick
        assert all(type(a) is (Lead if leading else Card) for a in legal)
        assert all(type(a.card) is Card for a in legal if leading)


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_the_prepared_determinizer_draws_the_samples_determinize_draws(players, rules):
    # GameSpec.prepare_determinize's contract: the same samples as determinize for the same
    # random stream, the constraints worked out once per decision (as a search draws them).
    for state, _ in list(_games(players, rules, games=2))[::5]:
        if len(state.legal_actions()) < 2:
            continue
        me = state.to_move
        draw = prepare_determinize(state, me)
        registered = prepared(determinize, state, me, dd.GAME_SPEC.prepare_determinize)
        for k in range(4):
            want = determinize(state, me, random.Random(k))
            assert _fields(draw(random.Random(k))) == _fields(want)
            assert _fields(registered(random.Random(k))) == _fields(want)


def test_record_forms_are_the_plain_json_values():
    # Shared record forms: a card's is its plain notation string, a lead's the JSON array
    # ["Y5", "Y"] (a LeadRecord of plain strings), for every card and lead there is.
    for card in ALL_CARDS:
        assert type(action_to_json(card)) is str and action_to_json(card) == str.__str__(card)
        for colour in COLOURS:
            record = action_to_json(Lead(card, colour))
            assert type(record) is LeadRecord and record == (str.__str__(card), colour)
            assert all(type(part) is str for part in record)
            assert repr(record) == repr([str.__str__(card), colour])


def test_play_of_a_users_lead_keeps_every_check():
    # A user's Lead made of plain strings equal to a legal lead is played as that checked lead
    # (its card a Card); one that is not legal is refused by the same rules as ever.
    state = dd.new_game(4, seed=5)
    seat = state.to_move
    card = state.hands[seat][0]
    after = state.play(Lead(str.__str__(card), card.colour))
    assert type(after.trick[0]) is Card and after == state.play(state.legal_actions()[0])
    other = next(c for c in COLOURS if c != card.colour)
    with pytest.raises(IllegalAction) as err:
        state.play(Lead(str.__str__(card), other))
    assert err.value.rule == "DD-R10"
    missing = next(c for c in ALL_CARDS if c not in state.hands[seat])
    with pytest.raises(IllegalAction) as err:
        state.play(Lead(str.__str__(missing), missing.colour))
    assert err.value.rule == "DD-R12"
