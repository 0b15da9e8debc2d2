"""Chapter 3's 'what P1 sees' picture: a seat's own role and cards, the onlooker's hidden ones
(GL-R5, GL-R8, GL-R11), and the four neighbours of a square, never the diagonals (GL-R9)."""

from doppelnb.engines import groom_lake as gl
from doppelnb.engines.groom_lake import examples as ex
from doppelnb.engines.groom_lake import render
from doppelnb.engines.groom_lake.legal import card_words


def dealt() -> gl.State:
    return ex.past_deal(gl.new_game(4, seed=1))


def test_a_seat_sees_its_own_role_and_cards_and_an_onlooker_neither() -> None:
    state = dealt()
    page = str(render.seat_and_onlooker(state, seat=2))
    mine = state.view(2)
    assert "P3 sees" in page and mine.role in page
    for card in mine.hand:
        assert card_words(card) in page
    assert page.count(">hidden<") == 2  # role and cards, in the onlooker's column
    others = {c for seat in (0, 1, 3) for c in state.hands[seat]} - set(mine.hand)
    assert not any(f">{card_words(c)}<" in page for c in others)


def test_the_neighbours_are_the_four_sides_and_the_diagonals_are_not() -> None:
    picture = str(render.neighbours_svg(dealt().desert, at=(0, 0)))
    assert picture.count(">next<") == 4 and picture.count(">diagonal<") == 4
    assert "a neighbour" in picture and "not a neighbour" in picture


def test_the_package_exports_the_seat_view_as_every_engine_does() -> None:
    from doppelnb.engines.groom_lake import state

    assert gl.View is state.View and "View" in gl.__all__
    assert isinstance(dealt().view(2), gl.View)
