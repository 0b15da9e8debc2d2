"""Issue 24: bad arguments are one ``BadInput`` naming the argument, at once: never a
TypeError, IndexError, bare ValueError, MemoryError or a run of minutes. One test per defect
class, each over every case of it found (the fuzz test, tests/test_fuzz_api.py, hunts for more).
"""

from __future__ import annotations

import pytest

from doppelnb import BadInput
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines import groom_lake as gl


# -- bad arguments that crashed -------------------------------------------------------------------
@pytest.mark.parametrize(("call", "named"), [
    (lambda: gl.stack_chain(None), "distance"),
    (lambda: gl.stack_chain(-1), "distance"),
    (lambda: gl.stack_chain(2.5), "distance"),
    (lambda: gl.stack_to_draw(None, {}, reshuffled=True), "distance"),
    (lambda: gl.stack_to_draw(3, {}, reshuffled="yes"), "reshuffled"),
    (lambda: db.letter_of("x"), "doppel"),
    (lambda: db.letter_of(None), "doppel"),
    (lambda: db.letter_of("red"), "doppel"),
    (lambda: db.partner_of("red"), "doppel"),
    (lambda: db.partner_of(["red-P"]), "doppel"),
    (lambda: db.colour_of(None), "who"),
    (lambda: db.colour_of("x-y-z"), "who"),
])
def test_bad_arguments_of_rule_functions_are_bad_input(call, named):
    """stack_chain(None) was a TypeError, letter_of('x') an IndexError, partner_of('red') a bare
    ValueError: each is now BadInput naming the argument (NB-ARG)."""
    with pytest.raises(BadInput, match=named) as caught:
        call()
    assert caught.value.rule == "NB-ARG" and len(str(caught.value)) < 200


def test_the_doppel_look_ups_still_answer_db_r1():
    """DB-R1: each Doppel's colour, letter and partner (the tables behind the checks)."""
    for doppel in db.DOPPELS:
        colour, letter = doppel.split("-")
        assert db.colour_of(doppel) == colour and db.letter_of(doppel) == letter
        assert db.partner_of(db.partner_of(doppel)) == doppel != db.partner_of(doppel)
        assert db.colour_of(db.partner_of(doppel)) == colour
    assert [db.colour_of(c) for c in db.COLOURS] == list(db.COLOURS)
    assert gl.stack_chain(4) == ("3", "6", "compass") and gl.stack_chain(9) == ("compass",)
