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

When the last seat has submitted, the round resolves: starting squares (round 1) or placements
(rounds 2-10) in descending card order, then Light, then the shape draft in ascending order with
each shape going to the drafter's partner (rounds 1-9).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import pathlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...core.chance import MAX_SEED, rng_for
from ...core.checks import (
    check_choice,
    check_int,
    check_mapping,
    check_players,
    check_seat,
    check_sequence,
    show,
)
from ...core.errors import BadInput, IllegalAction
from ...core.state import GameState
from .board import BOARD_FILE, Board, _load_board, _plain, cell_name, parse_cell
from .resolve import (
    Resolution,
    Results,
    allocate_starts,
    check_dark,
    check_hands,
    deal_hands,
    draft_shapes,
    light_target_ok,
    match_results,
    resolve_placements,
    territory_scores,
)
from .rules import (
    COLOURS,
    DEFAULT_RULES,
    DOPPELS,
    GAME,
    ROUNDS,
    SHAPES_PER_ROUND,
    Rules,
    colour_of,
    letter_of,
    partner_of,
)
from .shapes import Shape, one_sided_polyominoes


@dataclasses.dataclass(frozen=True)
class Submission:
    """What one seat has secretly chosen so far this round."""

    card: int | None = None
    dark: int | None = None
    starts: tuple[str, ...] = ()
    starts_done: bool = False
    shapes: tuple[int, ...] = ()
    shapes_done: bool = False
    place: tuple | None = None
    placed: bool = False
    light: tuple | None = None
    light_done: bool = False
    guesses: tuple = ()
    jester: str | None = None
    jester_done: bool = False

    @property
    def effective(self) -> int | None:
        return None if self.card is None else self.card + (self.dark or 0)


def illustrative_shapes(seed: int) -> tuple[tuple[Shape, ...], ...]:
    """DB-A2: nine rounds of ten distinct one-sided shapes of 4-6 squares, seeded (illustrative)."""
    seed = check_int(seed, "seed", 0, MAX_SEED)
    pool = [s for n in (4, 5, 6) for s in one_sided_polyominoes(n)]
    return tuple(tuple(rng_for(seed, "shapes", r).sample(pool, SHAPES_PER_ROUND))
                 for r in range(1, ROUNDS))


class State(GameState):
    """One moment of a Doppel Doubt match (immutable; ``play`` returns the next state)."""

    game = GAME
    Rules = Rules
    option_names = frozenset({"board", "shapes_by_round", "hands", "identities", "jester",
                              "artefacts"})

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        players = check_players(players, PLAYER_COUNTS, rule="DB-R1")
        options = check_mapping(options, "options", keys=cls.option_names)
        options = {k: _json_option(k, v) for k, v in options.items()}
        self = cls()
        self._init_record(players, rules, seed, options)
        seed = self.seed
        self.board = Board(options.get("board", BOARD_FILE), rules=rules).frozen()  # DB-A1
        self.shapes_by_round = _shapes_option(options.get("shapes_by_round"), seed)  # DB-A2
        if "hands" in options:
            self.hands = check_hands(options["hands"], rules.deal_mode)             # DB-R3
        else:
            self.hands = deal_hands(seed, rules.deal_mode)
        self.identity = _identities(options.get("identities"), seed)                # DB-R2
        self.jester = _jester(options.get("jester"), seed)                          # DB-R1
        self.artefacts = _artefacts(options.get("artefacts"))                        # DB-A21
        self.uses = MappingProxyType({power: (1 if seat is not None else 0)
                                      for power, seat in self.artefacts.items()})
        self.round = 1
        self.to_place = (None,) * 10
        self.subs = (Submission(),) * 10
        self.played = ()
        self.starts_taken = MappingProxyType({})
        self.zero_from_starts = ()
        self.resolutions = ()
        self.history_scores = ()
        self.guesses = None
        self.draft_log = ()
        self._fill_bots()
        return self

    def __init__(self) -> None:
        pass

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

    def _is_bot(self, seat: int) -> bool:
        return self.rules.jester_controller == "bot" and self.is_jester(seat)

    @property
    def offered(self) -> tuple[Shape, ...]:
        """The ten shapes revealed this round (none in round 10)."""
        return self.shapes_by_round[self.round - 1] if self.round < ROUNDS else ()

    # -- the protocol ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.round > ROUNDS

    @property
    def to_move(self) -> int | None:
        for seat in range(10):
            if not self._is_bot(seat) and self._step(seat) is not None:
                return seat
        return None

    def _step(self, seat: int) -> tuple | None:
        """The next part of ``seat``'s secret choice this round, or ``None`` when it is done."""
        if self.is_over:
            return None
        s, r = self.subs[seat], self.round
        if s.card is None:
            return ("card",)
        if self.artefacts["dark"] == seat and self.uses["dark"] and s.dark is None:
            return ("dark",)
        if r == 1 and not s.starts_done:
            return ("start",)
        if r < ROUNDS and not s.shapes_done:
            return ("shape",)
        if r > 1 and not s.placed:
            return ("place",)
        if r > 1 and self.artefacts["light"] == seat and self.uses["light"] and not s.light_done:
            return ("light",)
        if r == ROUNDS and (self.rules.jesters_guess or not self.is_jester(seat)):
            named = {g[0] for g in s.guesses}
            for colour in COLOURS:
                if colour not in named:
                    return ("guess", colour)
            if self.rules.jester_guess == "colour_only" and not s.jester_done:
                return ("jester",)
        return None

    def legal_actions(self) -> list:
        seat = self.to_move
        return [] if seat is None else self._legal_for(seat)

    def _legal_for(self, seat: int) -> list:
        step = self._step(seat)
        if step is None:
            return []
        s = self.subs[seat]
        kind = step[0]
        if kind == "card":
            return [("card", c) for c in self.hands[seat]]
        if kind == "dark":
            lo, hi = max(-30, -s.card), min(30, 101 - s.card)
            return [("dark", d) for d in range(lo, hi + 1)]
        if kind == "start":
            letter = letter_of(self.identity[seat])
            return [("start", lab) for lab in self._start_labels(letter) if lab not in s.starts]
        if kind == "shape":
            out = [("shape", i) for i in range(SHAPES_PER_ROUND) if i not in s.shapes]
            if self.rules.partial_shape_list == "auto_complete_random" and s.shapes:
                out.append(("shapes_done",))
            return out
        if kind == "place":
            shape = self.to_place[seat]
            places = [] if shape is None else self.board.legal_placements(self.key(seat), shape)
            if not places:
                return [("forfeit",)]                              # DB-A12
            return [("place", tuple(sorted(p.cells))) for p in places]
        if kind == "light":
            mine = [("light", c) for c in self.board.territory(self.key(seat))
                    if not self.board.is_zero(c)]
            return [("light", None)] + mine
        if kind == "guess":
            colour = step[1]
            named = {x for _, seats in s.guesses for x in seats}     # DB-R16: one colour each
            others = [x for x in range(10) if x != seat and x not in named]
            if colour == colour_of(self.identity[seat]):
                return [("guess", colour, ())] + [("guess", colour, (x,)) for x in others]
            return [("guess", colour, ())] + [("guess", colour, pair)
                                              for pair in itertools.combinations(others, 2)]
        return [("jester", None)] + [("jester", c) for c in COLOURS]

    def _start_labels(self, letter: str) -> list[str]:
        return [lab for lab in self.board.starts if lab.startswith(letter)]

    # -- actions: parsing and checking --------------------------------------------------------
    def parse_action(self, action: Any) -> tuple:
        if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str) \
                or len(action) > 3:
            raise BadInput("NB-ARG", f"an action is a list like ['card', 88], not {action!r}")
        kind, args = action[0], list(action[1:])
        arity = {"card": 1, "dark": 1, "start": 1, "shape": 1, "shapes_done": 0, "place": 1,
                 "forfeit": 0, "light": 1, "guess": 2, "jester": 1}
        if kind not in arity:
            raise BadInput("NB-ARG", f"unknown action {kind!r}; actions are {', '.join(arity)}")
        if len(args) != arity[kind]:
            raise BadInput("NB-ARG", f"{kind!r} takes {arity[kind]} value(s), not {len(args)}")
        if kind in ("card", "dark", "shape"):
            if isinstance(args[0], bool) or not isinstance(args[0], int):
                raise BadInput("NB-ARG", f"{kind!r} needs a whole number, not {args[0]!r}")
            return (kind, args[0])
        if kind == "place":
            cells = check_sequence(args[0], "a placement's squares", min_len=1, max_len=6)
            return ("place", tuple(sorted(parse_cell(c) for c in cells)))
        if kind == "light":
            return ("light", None if args[0] is None else parse_cell(args[0]))
        if kind == "guess":
            colour = check_choice(args[0], "a guess's colour", COLOURS)
            named = check_sequence(args[1], "a guess's seats", max_len=2,
                                   item=lambda v, n: check_seat(v, 10, n))
            return ("guess", colour, tuple(sorted(named)))
        if kind == "start" or kind == "jester":
            if not (args[0] is None and kind == "jester") and not isinstance(args[0], str):
                raise BadInput("NB-ARG", f"{kind!r} needs a name, not {args[0]!r}")
            return (kind, args[0])
        return (kind,)

    def action_to_json(self, action: tuple) -> list:
        def plain(v: Any) -> Any:
            return [plain(x) for x in v] if isinstance(v, tuple) else v
        return plain(action)

    def action_label(self, action: tuple) -> str:
        kind = action[0]
        if kind == "place":
            return f"place on {', '.join(cell_name(c) for c in action[1])}"
        if kind == "light":
            return "no Light" if action[1] is None else f"Light on {cell_name(action[1])}"
        if kind == "guess":
            return f"guess {action[1]}: {list(action[2]) or 'no one'}"
        return " ".join(str(x) for x in action)

    def _check(self, action: tuple) -> None:
        seat = self.to_move
        self._check_for(seat, action)

    def _check_for(self, seat: int, action: tuple) -> None:
        step = self._step(seat)
        kind = action[0]
        s = self.subs[seat]
        expected = step[0]
        if kind == "shapes_done":
            expected_ok = expected == "shape"
        elif kind == "forfeit":
            expected_ok = expected == "place"
        else:
            expected_ok = kind == expected
        if not expected_ok:
            raise IllegalAction("DB-R5", f"seat {seat} must now {_STEP_TEXT[expected]}, not "
                                         f"{self.action_label(action)}")
        if kind == "card" and action[1] not in self.hands[seat]:           # DB-R4
            raise IllegalAction("DB-R4", f"card {action[1]} is not in seat {seat}'s hand")
        if kind == "dark":
            check_dark(s.card, action[1])                                   # DB-R20
        if kind == "start":
            letter = letter_of(self.identity[seat])
            if action[1] not in self._start_labels(letter) or action[1] in s.starts:
                raise IllegalAction("DB-R6", f"{action[1]} is not a {letter} starting square "
                                             f"left to rank")
        if kind == "shape" and not (0 <= action[1] < SHAPES_PER_ROUND
                                    and action[1] not in s.shapes):
            raise IllegalAction("DB-R8", f"shape {action[1]} is not one of the 10 revealed "
                                         f"shapes left to rank")
        if kind == "shapes_done" and (self.rules.partial_shape_list == "reject" or not s.shapes):
            raise IllegalAction("DB-A24", "the shape ranking must list all 10 shapes")
        if kind == "place":
            shape = self.to_place[seat]
            if shape is None:
                raise IllegalAction("DB-A12", f"seat {seat} has no shape to place this round")
            verdict = self.board.check_placement(self.key(seat), action[1], shape)
            if not verdict.legal:                                            # DB-R10..R13
                raise IllegalAction(verdict.reasons[0], "; ".join(verdict.messages))
        if kind == "forfeit":
            shape = self.to_place[seat]
            if shape is not None and self.board.count_legal_placements(self.key(seat), shape):
                raise IllegalAction("DB-A12", f"seat {seat} has a legal placement for shape "
                                              f"{shape}, so it must place it")
        if kind == "light" and action[1] is not None:
            light_target_ok(self.board, self.key(seat), action[1])          # DB-R15
        if kind == "guess":
            colour, named = action[1], action[2]
            if colour != step[1]:
                raise IllegalAction("DB-R16", f"seat {seat} must now guess {step[1]}")
            own = colour == colour_of(self.identity[seat])
            size = 1 if own else 2
            ok = (len(named) in (0, size) and len(set(named)) == len(named)
                  and all(0 <= x < 10 and x != seat for x in named))
            if not ok:
                raise IllegalAction("DB-R16", f"for {colour} name {'your partner (one seat)' if own else 'two other seats'}, or no one")
            before = {x: c for c, seats in s.guesses for x in seats}
            again = [x for x in named if x in before]
            if again:                              # rulebook lines 96, 98: one colour a person
                raise IllegalAction("DB-R16", f"seat {again[0]} is already named for "
                                              f"{before[again[0]]}; each person has one colour, "
                                              "so each colour's guess names other seats")
        if kind == "jester" and action[1] is not None and action[1] not in COLOURS:
            raise IllegalAction("DB-R16", f"{action[1]!r} is not a colour")

    # -- actions: applying --------------------------------------------------------------------
    def _apply(self, action: tuple) -> State:
        new = self._apply_for(self.to_move, action)
        return new._maybe_resolve()

    def _apply_for(self, seat: int, action: tuple) -> State:
        s = self.subs[seat]
        kind = action[0]
        hands, uses = self.hands, self.uses
        if kind == "card":
            s = dataclasses.replace(s, card=action[1])
            hands = _replace(hands, seat, tuple(c for c in hands[seat] if c != action[1]))
        elif kind == "dark":
            s = dataclasses.replace(s, dark=action[1])
            if action[1]:
                uses = MappingProxyType(dict(uses, dark=uses["dark"] - 1))
        elif kind == "start":
            starts = s.starts + (action[1],)
            labels = self._start_labels(letter_of(self.identity[seat]))
            if len(starts) == len(labels) - 1:
                starts += tuple(lab for lab in labels if lab not in starts)
            s = dataclasses.replace(s, starts=starts, starts_done=len(starts) == len(labels))
        elif kind in ("shape", "shapes_done"):
            shapes = s.shapes + ((action[1],) if kind == "shape" else ())
            if kind == "shapes_done":                               # DB-A24
                rest = [i for i in range(SHAPES_PER_ROUND) if i not in shapes]
                rng_for(self.seed, "complete-ranking", self.round, seat).shuffle(rest)
                shapes += tuple(rest)
            elif len(shapes) == SHAPES_PER_ROUND - 1:
                shapes += tuple(i for i in range(SHAPES_PER_ROUND) if i not in shapes)
            s = dataclasses.replace(s, shapes=shapes,
                                    shapes_done=len(shapes) == SHAPES_PER_ROUND)
        elif kind == "place":
            s = dataclasses.replace(s, place=action[1], placed=True)
        elif kind == "forfeit":
            s = dataclasses.replace(s, place=None, placed=True)
        elif kind == "light":
            s = dataclasses.replace(s, light=action[1], light_done=True)
            if action[1] is not None:
                uses = MappingProxyType(dict(uses, light=uses["light"] - 1))
        elif kind == "guess":
            s = dataclasses.replace(s, guesses=s.guesses + ((action[1], action[2]),))
        elif kind == "jester":
            s = dataclasses.replace(s, jester=action[1], jester_done=True)
        return self._evolve(subs=_replace(self.subs, seat, s), hands=hands, uses=uses)

    def _fill_bots(self) -> None:
        """Jester seats under ``jester_controller="bot"`` choose at random, seeded (DB-A25).

        Only called on a state under construction (never on one already handed out).
        """
        state = self
        for seat in range(10):
            if not self._is_bot(seat):
                continue
            rng = rng_for(self.seed, "jester-bot", self.round, seat)
            while state._step(seat) is not None:
                state = state._apply_for(seat, rng.choice(state._legal_for(seat)))
        self.__dict__.update(subs=state.subs, hands=state.hands, uses=state.uses)

    def _maybe_resolve(self) -> State:
        if any(self._step(seat) is not None for seat in range(10)):
            return self
        return self._resolve_round()

    def _cards(self) -> dict[int, tuple[int, int]]:
        return {seat: (s.effective, s.card) for seat, s in enumerate(self.subs)}

    def _resolve_round(self) -> State:
        """Everyone has chosen: resolve the round (DB-R5 order) and open the next one."""
        rules, r = self.rules, self.round
        cards = self._cards()
        draft_cards = cards if rules.dark_applies_to_all_actions_in_round else {
            seat: (s.card, s.card) for seat, s in enumerate(self.subs)}   # DB-A21
        board = self.board
        changes: dict[str, Any] = {}
        resolution = None
        if r == 1:                                                 # DB-R6, DB-R7
            board = board.copy()
            taken_all, leftovers = {}, []
            for letter in ("P", "Q"):
                seats = [x for x in range(10) if letter_of(self.identity[x]) == letter]
                taken, left = allocate_starts({x: self.subs[x].starts for x in seats},
                                              {x: cards[x] for x in seats},
                                              self._start_labels(letter), rules)
                taken_all.update(taken)
                leftovers.extend(left)
            for seat, label in taken_all.items():
                board.set_owner([board.starts[label]], self.key(seat))
            for label in leftovers:
                board.set_zero(board.starts[label])
            board = board.frozen()
            changes["starts_taken"] = MappingProxyType({self.identity[x]: lab for x, lab in
                                                        sorted(taken_all.items())})
            changes["zero_from_starts"] = tuple(leftovers)
        else:                                                      # DB-R11, DB-R15
            placements = [(seat, self.key(seat), cards[seat][0], cards[seat][1], s.place)
                          for seat, s in enumerate(self.subs) if s.place is not None]
            lights = [(self.key(seat), s.light) for seat, s in enumerate(self.subs)
                      if s.light is not None]
            resolution = resolve_placements(board, placements, rules, lights)
            board = resolution.after
        to_place = (None,) * 10
        draft = ()
        if r < ROUNDS:                                             # DB-R8
            got = draft_shapes({x: self.subs[x].shapes for x in range(10)}, draft_cards,
                               SHAPES_PER_ROUND, rules)
            places = [None] * 10
            for seat, index in got.items():
                places[self.partner(seat)] = self.offered[index]   # the shape goes to the partner
            to_place = tuple(places)
            draft = tuple(sorted(got.items()))
        if rules.artefact_uses == "once_per_round":                # DB-A21
            uses = MappingProxyType({p: (1 if seat is not None else 0)
                                     for p, seat in self.artefacts.items()})
        else:
            uses = self.uses
        played = self.played + (tuple((s.card, s.effective) for s in self.subs),)
        history = self.history_scores + (territory_scores(board, self.identity),)
        guesses = None
        if r == ROUNDS:
            guesses = tuple(MappingProxyType(_guess_map(s)) for s in self.subs)
        new = self._evolve(board=board, round=r + 1, to_place=to_place,
                           subs=(Submission(),) * 10, played=played, uses=uses,
                           history_scores=history, guesses=guesses,
                           resolutions=self.resolutions + (resolution,),
                           draft_log=self.draft_log + (draft,), **changes)
        if not new.is_over:
            new._fill_bots()
        return new

    # -- scores and views --------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score: territory (DB-R17), adjusted by the guesses once the game is over."""
        if self.is_over:
            return self.results().final
        return territory_scores(self.board, self.identity)

    def colour_scores(self) -> dict[str, int]:
        from .resolve import colour_scores

        return colour_scores(self.scores, self.identity)

    def results(self) -> Results:
        """Awards and the Elimination Candidate (DB-R18, DB-R19); only when the game is over."""
        if not self.is_over:
            raise IllegalAction("DB-R17", "the results come after round 10")
        return match_results(self.identity, self.jester, self.history_scores[-1], self.guesses,
                             self.history_scores, self.rules)

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` knows (DB-R2, DB-A23): its own identity, hand and shape, the public board
        (read-only) and shapes, and the played cards of past rounds if they are revealed.
        ``seat=None`` is an onlooker's view: only the public part."""
        public = {"round": self.round, "offered": self.offered, "board": self.board,
                  "played": self.played if self.rules.reveal_played_cards else ()}
        if seat is None:
            return public
        seat = check_seat(seat, 10)
        return {"seat": seat, "you": self.identity[seat], **public,
                "hand": self.hands[seat], "shape_to_place": self.to_place[seat],
                "your_choice": self.subs[seat],
                "artefacts": [p for p, x in self.artefacts.items() if x == seat]}

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
        for res in reversed(self.resolutions):
            if res is not None:
                return res
        return None

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


_STEP_TEXT = {"card": "play a card", "dark": "decide on the Power of Dark",
              "start": "rank the starting squares", "shape": "rank the shapes",
              "place": "place its shape", "light": "decide on the Power of Light",
              "guess": "guess identities", "jester": "name the Jester colour"}


def _replace(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _guess_map(s: Submission) -> dict:
    out: dict[str, Any] = {colour: named for colour, named in s.guesses}
    if s.jester is not None:
        out["jester"] = s.jester
    return out


def _shapes_option(value: Any, seed: int) -> tuple[tuple[Shape, ...], ...]:
    if value is None:
        return illustrative_shapes(seed)
    ok = isinstance(value, (list, tuple)) and len(value) == ROUNDS - 1 and all(
        isinstance(r, (list, tuple)) and len(r) == SHAPES_PER_ROUND
        and all(isinstance(cells, (list, tuple)) and len(cells) <= 6 for cells in r)
        for r in value)
    if not ok:
        raise BadInput("NB-DATA", "shapes_by_round is 9 rounds of 10 shapes, each a list of "
                                  "[row, col] squares (DB-A2)")
    out = []
    for r, row in enumerate(value, 1):
        shapes = tuple(Shape.from_cells(tuple(c) for c in cells) for cells in row)
        if len(set(shapes)) != SHAPES_PER_ROUND:
            raise BadInput("DB-R8", f"round {r}'s 10 shapes must be distinct up to rotation")
        if any(not 4 <= s.size <= 6 for s in shapes):
            raise BadInput("DB-R8", f"round {r}: shapes have 4, 5 or 6 squares")
        out.append(shapes)
    return tuple(out)


def _identities(value: Any, seed: int) -> tuple[str, ...]:
    if value is None:
        order = list(DOPPELS)
        rng_for(seed, "identities").shuffle(order)
        return tuple(order)
    if not isinstance(value, (list, tuple)) or len(value) != 10 or not all(
            isinstance(v, str) for v in value) or sorted(value) != sorted(DOPPELS):
        raise BadInput("DB-R1", "identities lists the 10 Doppels ('red-P' ... 'purple-Q'), one "
                                "per seat")
    return tuple(value)


def _jester(value: Any, seed: int) -> str:
    if value is None:
        return rng_for(seed, "jester").choice(COLOURS)
    if not isinstance(value, str) or value not in COLOURS:
        raise BadInput("DB-R1", f"the Jester colour is one of {', '.join(COLOURS)}")
    return value


def _artefacts(value: Any) -> dict:
    value = {} if value is None else value
    if not isinstance(value, Mapping) or set(value) - {"light", "dark"} or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10)
            for v in value.values()):
        raise BadInput("DB-A21", "artefacts maps 'light' and 'dark' to a seat 0..9 (or null)")
    return MappingProxyType({"light": value.get("light"), "dark": value.get("dark")})


def new_game(players: int = 10, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
             **options: Any) -> State:
    """A new match. Options: ``board`` (a shipped board name, a mapping, or a ``pathlib.Path`` to
    your own board file, whose content is then recorded inline, DB-A1), ``shapes_by_round``
    (DB-A2), ``hands`` (DB-A3), ``identities`` (seat -> Doppel), ``jester`` (colour),
    ``artefacts`` (``{"light": seat, "dark": seat}``, DB-A21). Missing ones are seeded and
    illustrative. ``players`` is 10 (``PLAYER_COUNTS``); anything else is ``BadInput``."""
    if isinstance(options.get("board"), pathlib.PurePath):      # a user's file: carried inline
        options["board"] = _load_board(options["board"])
    return State.initial(players, rules, seed, options)


PLAYER_COUNTS = (10,)
OPTION_LIMIT = 200_000   # characters of JSON an option may take (a board is about 2,000)


def _json_option(name: str, value: Any) -> Any:
    """Options are recorded, so they must be plain JSON of a sane size (never a path to open)."""
    if isinstance(value, pathlib.PurePath):
        raise BadInput("NB-ARG", f"option {name}: a record never names a file; pass the path to "
                                 "new_game, which records the file's content")
    try:
        text = json.dumps(_plain(value))
    except (TypeError, ValueError, RecursionError):
        raise BadInput("NB-ARG", f"option {name} must be plain JSON data, got {show(value)}") \
            from None
    if len(text) > OPTION_LIMIT:
        raise BadInput("NB-ARG", f"option {name} is limited to {OPTION_LIMIT:,} characters of "
                                 f"JSON, got {len(text):,}")
    return json.loads(text)


from_json = State.from_json


__all__ = ["State", "Submission", "new_game", "from_json", "illustrative_shapes",
           "PLAYER_COUNTS"]
