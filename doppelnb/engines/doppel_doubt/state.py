"""The Doppel Doubt game state: ten seats, ten rounds, simultaneous choices one seat at a time.

Each round every seat submits, in this order, the parts of its secret choice (DB-R4, DB-R5):

- ``["card", 88]``: the card it plays (from its hand);
- ``["dark", d]``: Power of Dark holder only, change the card by ``d`` (0 = not used) (DB-R20);
- round 1: ``["start", "P3"]`` five times, its ranking of its letter's starting squares (DB-R6);
- rounds 1-9: ``["shape", i]`` nine times, its ranking of the ten revealed shapes (DB-R8)
  (``["shapes_done"]`` stops early when ``partial_shape_list="auto_complete_random"``);
- rounds 2-10: ``["place", [[r, c], ...]]``, the squares its shape covers, or ``["forfeit"]`` when
  it has no legal placement (DB-R10, DB-A12);
- Power of Light holder, rounds 2-10: ``["light", [r, c]]`` or ``["light", null]`` (DB-R15);
- round 10: ``["guess", colour, [seats]]`` for each colour, the persons it believes hold it
  (``[]`` for no guess), and ``["jester", colour]`` under ``jester_guess="colour_only"`` (DB-R16).

When the last seat has submitted, the round resolves (:mod:`.apply`).

>>> state = new_game(seed=1)
>>> state.to_move, state.legal_actions()[0] == ("card", state.hands[0][0])
(0, True)
>>> str(state).splitlines()[0]
'Doppel Doubt, round 1 of 10: seat 0 to play a card'
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from immutables import Map

from ...core.checks import check_choice, check_seat
from ...core.errors import IllegalAction
from ...core.frozen import freeze
from ...core.spec import spec_of
from ...core.state import FrozenGameState, Outcome, copier
from ...core.variants import RulesBase
from .actions import (
    EMPTY,
    PENDING,
    Action,
    Submission,
    action_to_json,
    parse_action,
)
from .apply import Draft
from .board import Board
from .board_data import load_board
from .claims import Resolution
from .legal import action_label, first_mover, legal_actions, refusal, step_of
from .notation import GAME, PLAYER_COUNTS
from .options import (
    artefacts_option,
    fresh_uses,
    identities_option,
    jester_option,
    json_option,
    shapes_option,
)
from .rules import (
    COLOURS,
    DEFAULT_RULES,
    DOPPELS,
    LETTERS,
    ROUNDS,
    SHAPES_PER_ROUND,
    Rules,
    check_hands,
    colour_of,
    deal_hands,
    partner_of,
)
from .rules import Rules as DBRules
from .scoring import (
    Results,
    _match_results,
    _territory_scores,
    colour_scores,
    seat_scores,
    territory_scores,
)
from .shapes import Shape


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """What one seat knows at a moment of the match (DB-R2, DB-A23), or an onlooker
    (``seat=None``: the public part only, the private fields empty).

    Public: the round, the shapes revealed this round, the board (frozen, shared with the
    state) and the cards of past rounds when ``reveal_played_cards`` shows them. Private: the
    seat's own Doppel (``you``), hand, shape to place, what it has chosen so far this round and
    the Artefact powers it holds.
    """

    round: int
    offered: tuple[Shape, ...]
    board: Board
    played: tuple[tuple[tuple[int, int], ...], ...]
    seat: int | None = None
    you: str | None = None
    hand: tuple[int, ...] = ()
    shape_to_place: Shape | None = None
    your_choice: Submission | None = None
    artefacts: tuple[str, ...] = ()

    def _repr_html_(self) -> str:
        from .render import view_html

        return str(view_html(self))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class State(FrozenGameState):
    """One moment of a Doppel Doubt match: an immutable value; ``play`` returns the next state."""

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[RulesBase]] = Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({
        "board", "shapes_by_round", "hands", "identities", "jester", "artefacts"})

    rules: DBRules = DEFAULT_RULES
    board: Board                                   # frozen; shared until a round changes it
    shapes_by_round: tuple[tuple[Shape, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    identity: tuple[str, ...]                      # seat -> Doppel (DB-R2: secret)
    jester: str                                    # the Jester colour (DB-R1: secret)
    artefacts: Map[str, int | None]                # power -> holder seat (DB-A21)
    uses: Map[str, int]                            # power -> uses left
    round: int = 1
    to_place: tuple[Shape | None, ...] = (None,) * 10
    subs: tuple[Submission, ...] = (EMPTY,) * 10
    played: tuple[tuple[tuple[int, int], ...], ...] = ()
    starts_taken: Map[str, str] = dataclasses.field(default_factory=Map)
    zero_from_starts: tuple[str, ...] = ()
    # The last round's resolution only (None before round 2's, and for round 1's starting
    # squares): ``resolutions`` rebuilds the earlier ones from the record, so they do not pile
    # up. Each finished round's territory sums per owner key, drafts and played cards do: about
    # 2 kB a round (benchmarks/doppel_doubt.py prints a state's size round by round).
    resolution: Resolution | None = None
    territory_log: tuple[Mapping[str, tuple[int, int]], ...] = ()
    guesses: tuple[Map[str, Any], ...] | None = None
    draft_log: tuple[tuple[tuple[int, int], ...], ...] = ()
    # Each seat's ranking of last round's shapes (DB-R8; () in round 1 and after round 10):
    # what a seat remembers of its own past choice, for the determinizer (it reads its
    # player's only).
    last_rankings: tuple[tuple[int, ...], ...] = ()
    _legal: tuple[Action, ...] | None = dataclasses.field(default=None, compare=False)
    _mover: tuple[int | None, tuple[Any, ...] | None] | None = dataclasses.field(
        default=None, compare=False)                 # (seat to move, its step)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Any) -> State:
        head = cls.header(players, rules, seed, options)
        seed = head["seed"]
        opts = {k: json_option(k, v) for k, v in dict(options).items()}
        head["options"] = freeze(opts)          # the record header: core's frozen JSON
        # DB-A1: the new_game option, when given, wins over the rules' board (a recorded
        # option is this game's own setup; the flag is what a sweep varies).
        board = Board(opts.get("board", rules.board), rules=rules).frozen()
        hands = (check_hands(opts["hands"], rules.deal_mode) if "hands" in opts   # DB-R3
                 else deal_hands(seed, rules.deal_mode))
        artefacts = artefacts_option(opts.get("artefacts"))                      # DB-A21
        state = cls(**head, board=board,
                    shapes_by_round=shapes_option(opts.get("shapes_by_round"), seed),  # DB-A2
                    hands=hands, identity=identities_option(opts.get("identities"), seed),
                    jester=jester_option(opts.get("jester"), seed),              # DB-R1
                    artefacts=artefacts, uses=fresh_uses(artefacts))
        if rules.jester_controller != "bot":
            return state
        draft = Draft.of(state)                       # the Jester bots choose first (DB-A25)
        draft.fill_bots()
        return draft.freeze()  # type: ignore[no-any-return]

    # -- who is who --------------------------------------------------------------------------
    def key(self, seat: int) -> str:
        """The owner key of a seat's territory: its colour, or its Doppel (DB-A4)."""
        doppel = self.identity[check_seat(seat, 10)]
        return doppel if self.rules.territory_owner == "doppel" else colour_of(doppel)

    def seat_of(self, doppel: str) -> int:
        return self.identity.index(check_choice(doppel, "doppel", DOPPELS))

    def partner(self, seat: int) -> int:
        return self.seat_of(partner_of(self.identity[check_seat(seat, 10)]))

    def is_jester(self, seat: int) -> bool:
        return colour_of(self.identity[check_seat(seat, 10)]) == self.jester

    def is_bot(self, seat: int) -> bool:
        return self.rules.jester_controller == "bot" and self.is_jester(seat)

    @property
    def offered(self) -> tuple[Shape, ...]:
        """The ten shapes revealed this round (none in round 10)."""
        return self.shapes_by_round[self.round - 1] if self.round < ROUNDS else ()

    def start_labels(self, letter: str) -> list[str]:
        """The starting squares of ``letter`` ("P" or "Q"), e.g. ``["P1", ..., "P6"]`` (DB-R6)."""
        letter = check_choice(letter, "letter", LETTERS)
        return [lab for lab in self.board.start_order if lab.startswith(letter)]

    # -- the protocol ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.round > ROUNDS

    @property
    def to_move(self) -> int | None:
        """The first seat (Jester bots aside) with a part of its choice still to make (DB-R5:
        the seats choose one after another). :meth:`_apply` hands it on to the next state, so
        the scan over the seats runs only for states made another way."""
        if self._mover is None:
            object.__setattr__(self, "_mover", first_mover(self, 0))
        assert self._mover is not None
        return self._mover[0]

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move (computed once per state)."""
        if self._legal is not None:
            return list(self._legal)
        seat = self.to_move
        if seat is None:
            return []
        assert self._mover is not None
        actions = legal_actions(self, seat, self._mover[1])
        if actions[0][0] not in ("place", "guess"):
            # Placements and guesses are not kept: there are hundreds of placements and dozens
            # of guesses, listing them again is cheap (the shared board caches its bitboards, the
            # guesses are made once), and ``play`` checks them without the list, so a state's
            # memory stays the same all game.
            object.__setattr__(self, "_legal", tuple(actions))
        return actions

    def _step(self, seat: int) -> tuple[Any, ...] | None:
        """The next part of ``seat``'s secret choice this round, or ``None`` when it is done."""
        return step_of(self, seat)

    # -- one seat's part of the round (public: checked arguments) ------------------------------
    def step(self, seat: int) -> tuple[Any, ...] | None:
        """The next part of ``seat``'s secret choice this round (``("card",)``, ``("guess",
        "red")``, ...), or ``None`` when it has chosen everything."""
        return self._step(check_seat(seat, 10))

    # -- actions: parsing, checking, applying -------------------------------------------------
    def parse_action(self, action: Any) -> Action:
        return parse_action(action)

    def action_to_json(self, action: Any) -> Action:
        return action_to_json(action)

    def action_label(self, action: Any) -> str:
        return action_label(self, action)

    def _check(self, action: Any) -> None:
        seat = self.to_move
        assert seat is not None
        kind = action[0]
        if kind in ("place", "light", "guess", "card", "start", "shape") and self._legal is None:
            self._check_for(seat, action)      # cheaper than listing every legal action
            return
        if action in self.legal_actions():
            return
        self._check_for(seat, action)
        raise IllegalAction("DB-R5", f"{self.action_label(action)} is not a legal action now")

    def _check_for(self, seat: int, action: Any) -> None:
        """Raise :class:`IllegalAction` naming the rule when ``seat`` may not play ``action``."""
        refused = refusal(self, action, seat)
        if refused is not None:
            raise refused

    def _apply(self, action: Any) -> State:
        mover = self._mover
        if mover is not None and action[0] == "shape":
            fast = self._ranked_one_more(mover, action)
            if fast is not None:
                return fast
        draft = Draft.of(self)
        draft.play(action)      # the seat to move's choice; the next seat, or the round resolved
        return draft.freeze()   # type: ignore[no-any-return]  # handed the next seat to choose

    def _ranked_one_more(self, mover: tuple[int | None, tuple[Any, ...] | None],
                         action: Any) -> State | None:
        """The state after the mover ranks one more shape, when that does not finish its ranking
        (``None`` otherwise): about four actions in five of a game. The same seat then moves
        again at the same step, and its legal actions are this state's less the shape it took
        (when this state has listed them), so neither the scan for the mover nor the listing
        runs again; :class:`.apply.Draft` makes the same state (tests compare them)."""
        seat = mover[0]
        assert seat is not None
        s = self.subs[seat]
        if len(s.shapes) >= SHAPES_PER_ROUND - 2:      # the ranking completes: the plain path
            return None
        subs = self.subs
        new = _with_subs(self, subs[:seat] + (_with_shapes(s, s.shapes + (action[1],)),)
                         + subs[seat + 1:])
        object.__setattr__(new, "_mover", mover)
        legal = self._legal
        if legal is not None and (s.shapes or self.rules.partial_shape_list == "reject"):
            # (the first shape ranked under auto_complete_random adds ``shapes_done``)
            rest = list(legal)
            rest.remove(action)
            object.__setattr__(new, "_legal", tuple(rest))
        return new

    # -- scores and views --------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score: territory (DB-R17), adjusted by the guesses once the game is over."""
        if self.is_over:
            return self.results().final
        return _territory_scores(self.board, self.identity)

    @property
    def standing(self) -> tuple[int, ...]:
        """Each seat stands at its colour's score (DB-R17: P's score minus Q's), so a search
        player counts a Q claiming negative squares as its team's gain, not its own loss."""
        colours = colour_scores(self.scores, self.identity)
        return tuple(colours[colour_of(doppel)] for doppel in self.identity)

    @property
    def outcome(self) -> Outcome:
        """Over after round 10; the winners are the seats of the winning team (DB-R18)."""
        if not self.is_over:
            return Outcome(False, (), self.scores)
        res = self.results()
        winners = tuple(s for s, d in enumerate(self.identity)
                        if colour_of(d) in res.team_winners)
        return Outcome(True, winners, res.final,
                       f"{' and '.join(res.team_winners)} had the greatest colour score (DB-R18)")

    def colour_scores(self) -> dict[str, int]:
        return colour_scores(self.scores, self.identity)

    def results(self) -> Results:
        """Awards and the Elimination Candidate (DB-R18, DB-R19); only when the game is over."""
        if not self.is_over:
            raise IllegalAction("DB-R17", "the results come after round 10")
        assert self.guesses is not None
        history = self.history_scores               # worked out once (a search's every playout)
        return _match_results(self.identity, self.jester, history[-1], self.guesses, history,
                              self.rules)

    def view(self, player: int | None = None) -> View:
        """What ``player`` (a seat) knows (DB-R2, DB-A23): its own identity, hand and shape, the
        public board (read-only) and shapes, and the played cards of past rounds if they are
        revealed. ``player=None`` is an onlooker's view: only the public part (:class:`View`)."""
        played = self.played if self.rules.reveal_played_cards else ()
        if player is None:
            return View(round=self.round, offered=self.offered, board=self.board, played=played)
        seat = check_seat(player, 10, "player")
        return View(round=self.round, offered=self.offered, board=self.board, played=played,
                    seat=seat, you=self.identity[seat], hand=self.hands[seat],
                    shape_to_place=self.to_place[seat], your_choice=self.subs[seat],
                    artefacts=tuple(p for p in ("light", "dark") if self.artefacts[p] == seat))

    def determinize(self, player: Any, rng: Any) -> State:
        """A state consistent with what ``player`` has seen, every hidden part (the seed of
        future chance included) drawn from ``rng``; see :func:`.players.determinize` (found in
        the game registry, so the state module does not import the players above it)."""
        determinize = spec_of(GAME).determinize
        assert determinize is not None
        return determinize(self, player, rng)  # type: ignore[no-any-return]

    def invariants(self) -> tuple[str, ...]:
        """Each conserved quantity that does not hold; empty when all do.

        Cards: the hands, this round's played cards and every earlier round's cards are 1..100,
        each once, and each hand holds one card per round still to play (DB-R3, DB-R4). Board:
        Zero spaces are worth 0 and owners are colours (or Doppels, DB-A4). Scores: the
        territory history has one entry per finished round and the last equals the board's
        (DB-R17). Artefacts: each power has 0 or 1 use left. Guesses name a seat once (DB-R16).
        """
        out: list[str] = []
        played = [c for past in self.played for c, _ in past]
        current = [s.card for s in self.subs if s.card is not None]
        cards = sorted([c for h in self.hands for c in h] + played + current)
        if cards != list(range(1, 101)):
            out.append("cards: hands, this round's and past rounds' cards are not 1..100 once each")
        for seat, hand in enumerate(self.hands):
            want = max(0, ROUNDS - (self.round - 1) - (self.subs[seat].card is not None))
            if len(hand) != want:
                out.append(f"cards: seat {seat} holds {len(hand)} cards, expected {want}")
        if not 1 <= self.round <= ROUNDS + 1 or len(self.played) != self.round - 1:
            out.append(f"rounds: round {self.round} with {len(self.played)} played rounds")
        keys = DOPPELS if self.rules.territory_owner == "doppel" else COLOURS
        board = self.board
        if not board.is_frozen:
            out.append("board: a state's board must be frozen")
        if any(board.values[i] != 0 for i in board.zero):
            out.append("board: a Zero space is not worth 0")
        if any(o is not None and o not in keys for o in board.owner):
            out.append("board: a square belongs to an unknown owner")
        if len(self.history_scores) != self.round - 1:
            out.append("scores: one territory entry per finished round expected")
        elif self.history_scores and self.history_scores[-1] != territory_scores(
                board, self.identity):
            out.append("scores: the last round's territory scores differ from the board's")
        if any(n not in (0, 1) for n in self.uses.values()):
            out.append("artefacts: a power has a use count other than 0 or 1")
        if self.round > 1 and len(self.starts_taken) != 10:
            out.append("starts: 10 starting squares must be taken after round 1")
        for seat, s in enumerate(self.subs):
            named = [x for _, seats in s.guesses for x in seats]
            if len(set(named)) != len(named):
                out.append(f"guesses: seat {seat} names a seat for two colours")
            if len(set(s.shapes)) != len(s.shapes) or len(set(s.starts)) != len(s.starts):
                out.append(f"rankings: seat {seat} ranks an item twice")
        return tuple(out)

    def last_resolution(self) -> Resolution | None:
        """The last round's claims resolved (``None`` until round 2's placements are)."""
        return self.resolution

    @property
    def resolutions(self) -> tuple[Resolution | None, ...]:
        """Every finished round's resolution, round 1's (starting squares) as ``None``: the
        last is kept by the state, the earlier ones are rebuilt by replaying its record."""
        out: list[Resolution | None] = []
        for state in self.history():
            if len(out) < state.round - 1:
                out.append(state.resolution)
        return tuple(out)

    @property
    def history_scores(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's territory score at the end of each finished round (DB-R17, DB-A18)."""
        by_doppel = self.rules.territory_owner == "doppel"
        return tuple(seat_scores(sums, self.identity, by_doppel) for sums in self.territory_log)

    def _repr_html_(self) -> str:
        from .render import state_html

        return str(state_html(self))  # IPython shows a _repr_html_ only when it is a str

    def __str__(self) -> str:
        """A text picture: round, who is to do what, the board (owners' initials) and scores."""
        if self.is_over:
            head = "Doppel Doubt, over after round 10"
        else:
            seat = self.to_move
            step = self._step(seat) if seat is not None else None
            doing = PENDING[step[0]] if step else "wait"
            head = f"Doppel Doubt, round {self.round} of 10: seat {seat} to {doing}"
        lines = [head, str(self.board),
                 "scores: " + " ".join(f"{d}={v}" for d, v in zip(self.identity, self.scores,
                                                                  strict=True))]
        if self.offered:
            lines.append("offered: " + " ".join(map(str, self.offered)))
        lines.append("to place: " + " ".join(str(s or "-") for s in self.to_place))
        return "\n".join(lines)

    __hash__ = FrozenGameState.__hash__

    def _evolve(self, **changes: Any) -> State:
        """A copy with some fields replaced, sharing every other field; ``_`` caches start empty
        (the core's straight-line copier, made once per set of changed fields)."""
        return copier(State, tuple(changes))(self, *changes.values())




#: A copy of a state with only ``subs`` replaced, and of a seat's choice with only ``shapes``
#: (a rank-a-shape step): the core's straight-line copiers, made once.
_with_subs = copier(State, ("subs",))
_with_shapes: Callable[[Submission, tuple[int, ...]], Submission] = copier(
    Submission, ("shapes",))  # type: ignore[type-var]  # any slots class


def new_game(players: int = 10, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
             **options: Any) -> State:
    """A new match. Options: ``board`` (a shipped board name, a mapping, or a ``pathlib.Path`` to
    your own board file, whose content is then recorded inline, DB-A1; when given it wins over
    ``rules.board``, the board a sweep varies, which is used otherwise), ``shapes_by_round``
    (DB-A2), ``hands`` (DB-A3), ``identities`` (seat -> Doppel), ``jester`` (colour),
    ``artefacts`` (``{"light": seat, "dark": seat}``, DB-A21). Missing ones are seeded and
    illustrative. ``players`` is 10 (``PLAYER_COUNTS``); anything else is ``BadInput``."""
    if isinstance(options.get("board"), pathlib.PurePath):      # a user's file: carried inline
        options["board"] = load_board(options["board"])
    return State.new(players, rules, seed, options)


from_json = State.from_json

__all__ = ["State", "View", "new_game", "from_json"]
