"""How an action changes a game of Doppelgänger Tricks: the kernel's next moment for each kind
of action (DT-R6 forecasts, DT-R7..R14 plays and tricks, DT-R15 bonus claims and passes, the
round's end DT-R16..R20 inside the play or pass that ends it).

The state (:mod:`.state`) holds one :class:`.kernel.Moment`, so applying an action changes one
field (and the record): ``State._apply`` is ``_state(next_moment(moment, action), None)``, the
next state built straight from its two slots; no ``Draft`` is needed. The kernel does the work in integers; this is the one table from an action
to the transition that plays it.
"""

from __future__ import annotations

from .actions import PASS, Action, Bid, Claim, Play
from .kernel import Moment
from .rules import BONUS_NAMES


def next_moment(m: Moment, action: Action) -> Moment:
    """The moment after a legal, parsed ``action`` (checked before: :mod:`.legal`)."""
    match action:
        case Play():  # DT-R7..R14, a completed trick resolved, the last one ends the round
            return m.play(action.code, action.declared)
        case Bid():  # DT-R6
            return m.bid(action.tricks)
        case Claim():  # DT-R15
            return m.claim(BONUS_NAMES.index(action.bonus), action.player)
        case _:
            assert action == PASS  # DT-R15: the claim declined
            return m.pass_claim()


__all__ = ["next_moment"]
