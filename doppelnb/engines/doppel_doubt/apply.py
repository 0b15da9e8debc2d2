"""How each action changes a Doppel Doubt match, and how a round resolves once every seat has
chosen (DB-R5 order: starting squares or placements in descending card order, then Light, then
the shape draft in ascending order, each shape going to the drafter's partner).

:meth:`.state.State._apply` follows the engine recipe (:mod:`doppelnb.core.draft`):
``draft = Draft.of(state)``; ``draft.play(action)``: the seat to move adds the action to its
secret choice (the rule function :data:`DO` names), then :meth:`Draft.settle` finds the next
seat to choose, or resolves the round when none is left; ``draft.freeze()`` is the next state.
:meth:`Draft.choose` is that rule function for a given seat, which the Jester bots and the random
playout of :mod:`.players` (one draft for a whole game, the mover tracked by the loop) call. No
caller ever sees a draft, and no state is ever changed.

>>> from .state import new_game
>>> state = new_game(seed=1)
>>> draft = Draft.of(state)
>>> state.to_move
0
>>> draft.play(("card", state.hands[0][0]))
>>> draft.subs[0].card == state.hands[0][0], state.subs[0].card is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from immutables import Map

from ...core.chance import rng_for
from ...core.draft import Draft as CoreDraft
from ...core.state import ActionLog, copier
from .actions import EMPTY, Submission
from .board import Board
from .claims import Resolution, _resolve, claimed_board, lean_resolution
from .legal import first_mover, legal_actions, step_of
from .options import fresh_uses
from .rules import ROUNDS, SHAPES_PER_ROUND, Rules, _allocate_starts, _draft_shapes, letter_of
from .scoring import territory_sums
from .shapes import Shape


def revised(choice: Submission, **changes: Any) -> Submission:
    """``dataclasses.replace(choice, **changes)``, for the hot path (tests compare the two): a
    seat's choice is revised at almost every action of a game, so each set of changed fields gets
    the core's straight-line copier (every slot set once through its descriptor, no keyword
    handling), made once and kept."""
    make = copier(Submission, tuple(changes))  # type: ignore[type-var]  # any slots class
    return make(choice, *changes.values())


#: The revisions made most often (a card, a placement, a ranking, a guess), each a copier made
#: once: ``_with_card(choice, card)`` is ``revised(choice, card=card)`` without the keywords.
def _copier(*names: str) -> Callable[..., Submission]:
    return copier(Submission, names)  # type: ignore[type-var]  # any slots class


_with_card = _copier("card")
_with_place = _copier("place", "placed")
ranked = _copier("shapes", "shapes_done")
guessed = _copier("guesses")
#: A seat's card, ranking and placement at once (the random playout's common turn).
took_turn = _copier("card", "shapes", "shapes_done", "place", "placed")


def replaced(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``index`` replaced."""
    return values[:index] + (value,) + values[index + 1:]


def guess_map(s: Submission) -> Map[str, Any]:
    """A seat's round-10 guesses as :func:`.scoring.guess_points` reads them (DB-R16)."""
    out: dict[str, Any] = {colour: named for colour, named in s.guesses}
    if s.jester is not None:
        out["jester"] = s.jester
    return Map(out)


class Draft(CoreDraft[Any]):
    """A draft of a :class:`.state.State` whose methods are the rule functions of an action.

    The fields are the state's (:mod:`doppelnb.core.draft`). Who is who, the rules and the
    starting squares never change while a draft runs, so those questions are answered by the
    state the draft was made from.
    """

    rules: Rules
    seed: int
    action_log: ActionLog | None
    round: int
    board: Board
    shapes_by_round: tuple[tuple[Shape, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    identity: tuple[str, ...]
    jester: str
    artefacts: Map[str, int | None]
    uses: Map[str, int]
    to_place: tuple[Shape | None, ...]
    subs: tuple[Submission, ...]
    played: tuple[tuple[tuple[int, int], ...], ...]
    starts_taken: Map[str, str]
    zero_from_starts: tuple[str, ...]
    resolution: Resolution | None
    territory_log: tuple[Mapping[str, tuple[int, int]], ...]
    guesses: tuple[Map[str, Any], ...] | None
    draft_log: tuple[tuple[tuple[int, int], ...], ...]
    last_rankings: tuple[tuple[int, ...], ...]

    # -- who is who (never changed by a draft) ---------------------------------------------------
    def key(self, seat: int) -> str:
        return self._seats()[0][seat]

    def partner(self, seat: int) -> int:
        return self._seats()[1][seat]

    def _seats(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """Each seat's owner key and partner, worked out once per draft (a scratch value,
        dropped by :meth:`freeze`): a round's resolution asks for them some thirty times."""
        seats: tuple[tuple[str, ...], tuple[int, ...]] | None = self.__dict__.get("_seat_facts")
        if seats is None:
            state = self.frozen_from
            seats = self.__dict__["_seat_facts"] = (tuple(state.key(x) for x in range(10)),
                                                    tuple(state.partner(x) for x in range(10)))
        return seats

    def is_jester(self, seat: int) -> bool:
        return self.frozen_from.is_jester(seat)  # type: ignore[no-any-return]

    def is_bot(self, seat: int) -> bool:
        return self.frozen_from.is_bot(seat)  # type: ignore[no-any-return]

    def start_labels(self, letter: str) -> list[str]:
        return self.frozen_from.start_labels(letter)  # type: ignore[no-any-return]

    @property
    def offered(self) -> tuple[Shape, ...]:
        """The ten shapes revealed this round (none in round 10)."""
        return self.shapes_by_round[self.round - 1] if self.round < ROUNDS else ()

    # -- one seat's part of the round -----------------------------------------------------------
    def play(self, action: Any) -> None:
        """The seat to move adds ``action`` (parsed and checked by ``State.play``) to its secret
        choice; then the next seat to choose is found, or the round resolved (:meth:`settle`).

        The seat to move is the state's (:attr:`.state.State.to_move`, found once per state) for
        the draft's first action, then the one :meth:`settle` found, kept as a scratch value
        (``None`` after a round resolved: scanned again). :meth:`freeze` hands it on."""
        scratch = self.__dict__
        if "_mover" not in scratch:
            seat = self.frozen_from.to_move
        else:
            seat = (scratch["_mover"] or first_mover(self, 0))[0]
        DO[action[0]](self, seat, action)
        scratch["_mover"] = self.settle(seat)

    def freeze(self) -> Any:
        """The next state, handed the next seat to choose when :meth:`play` found it (that
        state then need not scan the seats for it)."""
        new = CoreDraft.freeze(self)  # (not super(): one lookup less per action)
        mover = self.__dict__.get("_mover")
        if mover is not None:
            object.__setattr__(new, "_mover", mover)
        return new

    def choose(self, seat: int, action: Any) -> None:
        """``seat`` adds ``action`` (checked already) to its secret choice (a Jester bot, or a
        random playout that tracks the mover itself)."""
        DO[action[0]](self, seat, action)

    def _revise(self, seat: int, **changes: Any) -> None:
        self.subs = replaced(self.subs, seat, revised(self.subs[seat], **changes))

    def card(self, seat: int, action: Any) -> None:                        # DB-R4
        card = action[1]
        subs, hands = self.subs, self.hands
        self.subs = subs[:seat] + (_with_card(subs[seat], card),) + subs[seat + 1:]
        hand = hands[seat]
        k = hand.index(card)
        self.hands = hands[:seat] + (hand[:k] + hand[k + 1:],) + hands[seat + 1:]

    def dark(self, seat: int, action: Any) -> None:                        # DB-R20
        self._revise(seat, dark=action[1])
        if action[1]:
            self.uses = self.uses.set("dark", self.uses["dark"] - 1)

    def start(self, seat: int, action: Any) -> None:                       # DB-R6
        s = self.subs[seat]
        starts = s.starts + (action[1],)
        labels = self.start_labels(letter_of(self.identity[seat]))
        if len(starts) == len(labels) - 1:            # the last one is forced
            starts += tuple(lab for lab in labels if lab not in starts)
        self._revise(seat, starts=starts, starts_done=len(starts) == len(labels))

    def shape(self, seat: int, action: Any) -> None:                       # DB-R8
        subs = self.subs
        shapes = subs[seat].shapes + (action[1],)
        if len(shapes) == SHAPES_PER_ROUND - 1:       # the last one is forced
            shapes += tuple(i for i in range(SHAPES_PER_ROUND) if i not in shapes)
        self.subs = subs[:seat] + (ranked(subs[seat], shapes,
                                                 len(shapes) == SHAPES_PER_ROUND),) + subs[seat + 1:]

    def shapes_done(self, seat: int, action: Any) -> None:                 # DB-A24
        shapes = self.subs[seat].shapes
        rest = [i for i in range(SHAPES_PER_ROUND) if i not in shapes]
        rng_for(self.seed, "complete-ranking", self.round, seat).shuffle(rest)
        self._revise(seat, shapes=shapes + tuple(rest), shapes_done=True)

    def place(self, seat: int, action: Any) -> None:                       # DB-R10
        subs = self.subs
        self.subs = subs[:seat] + (_with_place(subs[seat], tuple(action[1]), True),) + subs[seat + 1:]

    def forfeit(self, seat: int, action: Any) -> None:                     # DB-A12
        self._revise(seat, place=None, placed=True)

    def light(self, seat: int, action: Any) -> None:                       # DB-R15
        self._revise(seat, light=action[1], light_done=True)
        if action[1] is not None:
            self.uses = self.uses.set("light", self.uses["light"] - 1)

    def guess(self, seat: int, action: Any) -> None:                       # DB-R16
        subs = self.subs
        s = subs[seat]
        self.subs = subs[:seat] + (guessed(s, s.guesses + ((action[1], action[2]),)),) + subs[seat + 1:]

    def name_jester(self, seat: int, action: Any) -> None:                 # DB-R16
        self._revise(seat, jester=action[1], jester_done=True)

    # -- after a choice --------------------------------------------------------------------------
    def settle(self, seat: int) -> tuple[int, tuple[Any, ...]] | None:
        """After ``seat``'s choice: ``(the next seat to choose, its step)``, or ``None`` when
        every seat has chosen, and then the round is resolved here (and the Jester bots'
        choices of the next one made); :meth:`play` keeps the answer for :meth:`freeze`.

        The seats before ``seat`` had chosen everything (that is why ``seat`` moved), and one
        seat's choice changes no other seat's steps, so the next mover is found from ``seat`` on:
        the seat :attr:`.state.State.to_move`'s scan from seat 0 finds (tests check it). The
        state hands it on to the next state, which then does not scan again."""
        mover, step = first_mover(self, seat)
        if mover is None:
            self.resolve_round()
            return None
        assert step is not None
        return mover, step

    def resolve_round(self, lean: bool = False, record: bool = True) -> None:
        """Everyone has chosen: resolve the round (DB-R5 order) and open the next one.

        ``lean=True`` (a random playout) resolves the claims without building a verdict per
        placement where the reading allows it (:func:`.claims.lean_resolution`, the same
        resolution); with ``record=False`` too (every round of a playout but the last: only
        the final state is ever seen) it skips the claim-by-claim record and works out only the
        board after it (:func:`.claims.claimed_board`), and ``self.resolution`` is ``None``
        until a round resolved with ``record=True`` sets it. The plain path (``play``) always
        resolves with :func:`.claims._resolve`, the reference the tests hold these to."""
        rules, r, subs = self.rules, self.round, self.subs
        cards = {seat: (s.effective or 0, s.card or 0) for seat, s in enumerate(subs)}
        draft_cards = cards if rules.dark_applies_to_all_actions_in_round else {
            seat: (s.card or 0, s.card or 0) for seat, s in enumerate(subs)}      # DB-A21
        board = self.board
        resolution: Resolution | None = None
        if r == 1:                                                 # DB-R6, DB-R7
            work = board.copy()
            taken_all: dict[int, str] = {}
            leftovers: list[str] = []
            for letter in ("P", "Q"):
                seats = [x for x in range(10) if letter_of(self.identity[x]) == letter]
                taken, left = _allocate_starts({x: subs[x].starts for x in seats},
                                               {x: cards[x] for x in seats},
                                               self.start_labels(letter), rules)
                taken_all.update(taken)
                leftovers.extend(left)
            for seat, label in taken_all.items():
                work.set_owner([work.starts[label]], self.key(seat))
            for label in leftovers:
                work.set_zero(work.starts[label])
            board = work.frozen()
            self.starts_taken = Map({self.identity[x]: lab for x, lab in sorted(taken_all.items())})
            self.zero_from_starts = tuple(leftovers)
        else:                                                      # DB-R11, DB-R15
            placements = [(seat, self.key(seat), cards[seat][0], cards[seat][1], s.place)
                          for seat, s in enumerate(subs) if s.place is not None]
            lights = [(self.key(seat), s.light) for seat, s in enumerate(subs)
                      if s.light is not None]
            after = claimed_board(board, placements, rules, lights) if lean and not record \
                else None
            if after is None:
                if lean:
                    resolution = lean_resolution(board, placements, rules, lights)
                if resolution is None:
                    resolution = _resolve(board, placements, rules, lights)
                after = resolution.after
            board = after
        to_place: tuple[Shape | None, ...] = (None,) * 10
        drafted: tuple[tuple[int, int], ...] = ()
        if r < ROUNDS:                                             # DB-R8
            got = _draft_shapes({x: subs[x].shapes for x in range(10)}, draft_cards,
                                SHAPES_PER_ROUND, rules)
            places: list[Shape | None] = [None] * 10
            offered = self.offered
            for seat, index in got.items():
                places[self.partner(seat)] = offered[index]      # the shape goes to the partner
            to_place = tuple(places)
            drafted = tuple(sorted(got.items()))
        if rules.artefact_uses == "once_per_round":                # DB-A21
            self.uses = fresh_uses(self.artefacts)
        self.played = self.played + (tuple((s.card or 0, s.effective or 0) for s in subs),)
        self.territory_log = self.territory_log + (territory_sums(board),)
        self.guesses = tuple(guess_map(s) for s in subs) if r == ROUNDS else None
        self.board, self.round, self.to_place, self.subs = board, r + 1, to_place, (EMPTY,) * 10
        self.resolution = resolution
        self.draft_log = self.draft_log + (drafted,)
        self.last_rankings = tuple(s.shapes for s in subs) if r < ROUNDS else ()
        if self.round <= ROUNDS:
            self.fill_bots()

    def fill_bots(self) -> None:
        """Jester seats under ``jester_controller="bot"`` choose at random, seeded (DB-A25)."""
        if self.rules.jester_controller != "bot":
            return
        for seat in range(10):
            if not self.is_bot(seat):
                continue
            rng = rng_for(self.seed, "jester-bot", self.round, seat)
            while (step := step_of(self, seat)) is not None:
                self.choose(seat, rng.choice(legal_actions(self, seat, step)))


#: What each kind of action does: the rule function of :class:`Draft` it runs.
DO: Final[Mapping[str, Callable[[Draft, int, Any], None]]] = {
    "card": Draft.card, "dark": Draft.dark, "start": Draft.start, "shape": Draft.shape,
    "shapes_done": Draft.shapes_done, "place": Draft.place, "forfeit": Draft.forfeit,
    "light": Draft.light, "guess": Draft.guess, "jester": Draft.name_jester}


__all__ = ["Draft", "DO", "revised", "ranked", "guessed", "took_turn", "replaced", "guess_map"]
