"""Every engine's ``View`` draws itself (issue 26: one engine shape inside): Doppeldoppel's
``View._repr_svg_`` over ``render.view_svg``, the other four engines' ``View._repr_html_`` over
``render.view_html(view)``. A seat's picture is drawn from its View alone, so what the seat may
not see (another hand, another seat's role or Doppel) is not in it (DT-R6, GL-R8, DB-R2, DQ-R39).
Each check below finds a concrete hidden item in the full state and shows that the same check
does find a visible one, so it cannot pass by looking at nothing."""

from __future__ import annotations

import random
import re

import pytest

import doppelnb

GAMES = ["doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
         "doppelganger_quest"]


def _picture(view: object) -> str:
    draw = getattr(view, "_repr_html_", None) or getattr(view, "_repr_svg_", None)
    assert draw is not None, f"{type(view).__qualname__} draws nothing"
    return str(draw())


def _words(text: str) -> str:
    """The text of a picture, its markup left out (a card's name, not an attribute)."""
    return re.sub(r"<[^>]+>", " ", text)


@pytest.mark.parametrize("game", GAMES)
def test_every_engines_view_draws_itself_for_a_seat_and_an_onlooker(game):
    module = doppelnb.GAMES[game]
    players = module.PLAYER_COUNTS[0]
    state = module.new_game(players, seed=4)
    for seat in (0, players - 1, None):
        view = state.view(seat)
        picture = _picture(view)
        assert isinstance(picture, str) and picture.startswith("<"), (game, seat)


@pytest.mark.parametrize("game", ["doppelganger_tricks", "groom_lake", "doppel_doubt"])
def test_view_html_of_a_view_is_view_html_of_the_state_and_seat(game):
    """The View's own picture is the one the play-a-hand widget draws from ``state.view(seat)``:
    one drawing, not two (under the default rules and the shipped box)."""
    module = doppelnb.GAMES[game]
    render = __import__(f"{module.__name__}.render", fromlist=["view_html"])
    state = module.new_game(module.PLAYER_COUNTS[0], seed=5)
    for seat in range(2):
        assert _picture(state.view(seat)) == str(render.view_html(state, seat))


def test_tricks_view_hides_the_other_hands_dt_r6():
    from doppelnb.engines import doppelganger_tricks as dt
    from doppelnb.engines.doppelganger_tricks.render import _card_markup

    state = dt.new_game(4, seed=3)
    everything, mine = state._repr_html_(), _picture(state.view(0))

    def drawn(card: object) -> str:  # the card's face as every hand draws it
        return _card_markup(card, False, False, False, None, None)

    hidden = [c for hand in state.hands[1:] for c in hand]
    assert hidden and all(drawn(c) in everything for c in hidden)
    assert not [str(c) for c in hidden if drawn(c) in mine]
    assert all(drawn(c) in mine for c in state.hands[0])


def test_groom_lake_view_hides_the_other_roles_and_hands_gl_r8():
    from doppelnb.engines import groom_lake as gl
    from doppelnb.engines.groom_lake.legal import card_words

    checked = 0
    for seed in range(20):
        state = gl.new_game(4, seed=seed)
        humans = [p for p in range(4) if state.roles[p] == "human"]
        aliens = [p for p in range(4) if state.roles[p] == "alien"]
        for seat in humans:
            text = _words(_picture(state.view(seat))).lower()
            assert "alien" not in text, (seed, seat)
            mine = {card_words(c) for c in state.hands[seat]}
            public = _words(_picture(state.view(None))).lower()   # "the Compass stack", ...
            hidden = {card_words(c) for p in range(4) if p != seat for c in state.hands[p]
                      if card_words(c).lower() not in public} - mine
            assert not [w for w in hidden if w.lower() in text], (seed, seat)
            assert all(w.lower() in text for w in mine)
            checked += len(hidden)
        for seat in aliens:  # the same check sees a role where it is the seat's own
            assert "alien" in _words(_picture(state.view(seat))).lower()
    assert checked > 0, "no hidden card kind to look for"


def test_doppel_doubt_view_hides_the_other_doppels_db_r2():
    from doppelnb.engines import doppel_doubt as db

    state = db.new_game(10, seed=3)
    everything = _words(state._repr_html_())
    jesters = f"{state.jester} (Jesters)"     # the state's score table names the Jester colour
    assert jesters in everything
    for seat in range(10):
        text = _words(_picture(state.view(seat)))
        others = [d for p, d in enumerate(state.identity) if p != seat]
        assert re.search(rf"\b{re.escape(state.identity[seat])}\b", text)
        assert not [d for d in others if re.search(rf"\b{re.escape(d)}\b", text)], seat
        assert "Jesters" not in text, seat


def test_quest_view_hides_the_other_hands_and_loyalty_cards_dq_r39():
    from doppelnb.engines import doppelganger_quest as dq

    state = dq.new_game(5, seed=3)
    rng = random.Random(2)
    while state.phase != "contribute":            # the Quest is on: hands dealt, no winner
        state = state.play(rng.choice(state.legal_actions()))
    names = state.cards.card_name
    doppel = state.loyalty.index("doppelganger")
    for seat in range(5):
        text = _words(_picture(state.view(seat)))
        mine = {names(c) for c in state.hands[seat]}
        hidden = {names(c) for p in range(5) if p != seat for c in state.hands[p]} - mine
        assert hidden and all(n in text for n in mine)
        assert not [n for n in hidden if re.search(rf"{re.escape(n)}(?!\d)", text)], seat
        assert ("Doppelgänger" in text) == (seat == doppel), seat
    for _ in range(2000):                       # at the end every Loyalty card is shown
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_actions()))
    assert state.is_over
    assert all("Doppelgänger" in _words(_picture(state.view(seat))) for seat in range(5))
