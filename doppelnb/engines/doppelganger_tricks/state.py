"""The game state of Doppelgänger Tricks: one frozen value per moment of the game.

A game has as many rounds as players (DT-R20). Each round: deal (DT-R4), forecasts in seat
order (DT-R6, secret until all are in), tricks (DT-R7..R14) with bonus claims (DT-R15), then
scoring (DT-R16..R19). The actions are those of :mod:`.actions`; the round lives in integers in
the kernel (:mod:`.kernel`), the legal actions and why one is refused in :mod:`.legal`, how an
action changes the state in :mod:`.apply`.

>>> s = new_game(3, seed=5)
>>> s.phase, s.to_move, len(s.hands[0])
('forecast', 0, 12)
>>> t = s.play(["bid", 2]); t.bids[0], s.bids[0]
(2, None)
>>> print(str(t).splitlines()[0])
Doppelgänger Tricks, 3 players, round 1 of 3: forecast, P2 to move
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import Any, ClassVar, Final, Literal

import immutables

from ...core.chance import make_seed
from ...core.checks import check_instance, check_seat
from ...core.frozen import FrozenMap
from ...core.spec import spec_of
from ...core.state import ActionLog, GameState, Outcome, top_scorers
from ...core.variants import RulesBase
from . import legal
from .actions import Action, Bid, Claim, Play, action_to_json, parse_action
from .apply import next_moment
from .codes import hand_mask, mask_cards, played_tricks
from .deal import check_hands, tricks_per_round
from .kernel import MOVES as _MOVES
from .kernel import READABLE_NAMES, Moment, moment_with, start
from .notation import (
    ALL_CARDS,
    GAME,
    PLAYER_COUNTS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    check_players,
    deck,
)
from .rules import BONUS_NAMES, DEFAULT_RULES, PlayedTrick, RoundScore, Rules

_Rules = Rules  # the type of ``State.rules`` (``State.Rules`` is the protocol's class constant)
Phase = Literal["forecast", "play", "over"]


@dataclass(frozen=True, slots=True)
class View:
    """What one player (``None``: an onlooker) may see: their own hand, the others' hand sizes,
    the public forecasts (the others' stay hidden until every forecast is in, DT-R6) and
    everything on the table. Cards are in the notation (``"4S"``)."""

    player: int | None
    round: int  # from 1
    phase: str
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[int | None, ...]
    bid_made: tuple[bool, ...]
    won: tuple[int, ...]
    trick: tuple[str, ...]
    lead_suit: str | None
    leader: int
    bonus_holders: immutables.Map[str, int | None]
    totals: tuple[int, ...]

    def _repr_html_(self) -> str:
        from .render import view_html

        return str(view_html(self))


@dataclass(frozen=True, slots=True, repr=False)
class State(GameState):
    """One moment of a game of Doppelgänger Tricks (immutable; ``play`` returns a new state).

    A frozen dataclass of two fields: one :class:`.kernel.Moment` (the game in integers: each
    hand a bit mask over the card codes, the trick in progress as codes, the round's book) and
    the action log. The record header (``players``, ``rules``, ``seed``, ``options``) is read
    from the moment's book, which carries it by reference from round to round, so a new state
    per action sets two fields (the other engines' states, over
    :class:`~doppelnb.core.state.FrozenGameState`, copy the header's five; here that cost 14%
    of the checked loop). Everything else (``hands``, ``trick``, ``tricks``, the score
    sheet...) is read through properties in the readable notation. The legal actions are
    computed once per moment from the masks by table look-ups and cached in the moment (shared
    by every state holding it); ``play`` accepts an action by membership in them, and only a
    refused action runs :func:`.legal.explain`, which checks the rules one by one to name the
    rule and the reason. The tests check that the two always agree. The kernel is what ``make
    fast`` compiles; this class is plain Python in every build.
    """

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[RulesBase]] = _Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({"first_player", "hands"})

    #: the game in integers (the kernel's moment: hands, trick, round's book with the record
    #: header, and the cache of its legal actions)
    moment: Moment
    #: the actions so far (the record), shared with the states before
    action_log: ActionLog | None = None

    # -- the record header (read from the moment's book) ------------------------------------------
    # GameState declares the header as plain attributes; here they are read-only properties.
    @property
    def players(self) -> int:  # type: ignore[override]
        return self.moment.n

    @property
    def rules(self) -> _Rules:  # type: ignore[override]
        return self.moment.book.rules

    @property
    def seed(self) -> int:  # type: ignore[override]
        return self.moment.book.seed

    @property
    def options(self) -> FrozenMap[str, Any]:  # type: ignore[override]
        options: FrozenMap[str, Any] = self.moment.book.options
        return options

    # -- setup (DT-R1..R5) ------------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Any) -> State:
        return State._first_state(check_players(players), rules, make_seed(seed), options)

    @staticmethod
    def _first_state(players: int, rules: Any, seed: int, options: Any) -> State:
        """:meth:`initial` once the players and the seed are checked."""
        fixed = check_hands(options["hands"], players) if "hands" in options else None
        first = options.get("first_player")
        if first is not None:
            first = check_seat(first, players, "first_player", rule="DT-R5")
        masks = tuple(map(hand_mask, fixed)) if fixed is not None else None
        return State(start(players, rules, seed, first, masks, FrozenMap(options)))

    def _evolve(self, **changes: Any) -> State:
        """A copy with some fields replaced: ``moment``, ``action_log``, or the readable ones
        (``hands``, ``bids``, ``phase``, ``totals``, ``rules``, ``seed``, ``options``...), which
        go into the moment (the header into its book)."""
        unknown = set(changes) - READABLE_NAMES - {"moment", "action_log"}
        if unknown:
            raise AttributeError(f"State has no field(s) {', '.join(sorted(unknown))}")
        game = {k: changes[k] for k in changes if k in READABLE_NAMES}
        moment = changes.get("moment", self.moment)
        if game:
            moment = moment_with(moment, game)
        return State(moment, changes.get("action_log", self.action_log))

    # -- the readable fields ----------------------------------------------------------------------
    @property
    def round(self) -> int:
        """The round, from 0 (DT-R20)."""
        return self.moment.book.round

    @property
    def round_first(self) -> int:
        """The round's first player (DT-R5)."""
        return self.moment.book.first

    @property
    def sheet(self) -> tuple[RoundScore, ...]:
        """The score sheet: one row per finished round (DT-R19)."""
        return self.moment.book.sheet

    @property
    def totals(self) -> tuple[int, ...]:
        return self.moment.book.totals

    @property
    def last_round_tricks(self) -> tuple[PlayedTrick, ...]:
        """The previous round's tricks."""
        return played_tricks(self.moment.book.last_round, self.players)

    @property
    def phase(self) -> Phase:
        return self.moment.phase  # type: ignore[return-value]  # one of the Phase strings

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's hand, sorted C, T, S, D (a new tuple of shared cards)."""
        return tuple(map(mask_cards, self.moment.masks))

    @property
    def bids(self) -> tuple[int | None, ...]:
        return self.moment.bids

    @property
    def won(self) -> tuple[int, ...]:
        return self.moment.won

    @property
    def leader(self) -> int:
        return self.moment.leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress, in play order."""
        return tuple([ALL_CARDS[c] for c in self.moment.trick])

    @property
    def declared(self) -> str | None:
        """The suit a led doppelgänger declared (DT-R8), else ``None``."""
        return self.moment.declared

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """This round's completed tricks."""
        return played_tricks(self.moment.tricks, self.players)

    @property
    def holders(self) -> tuple[int | None, ...]:
        """Per bonus card (+1, +3): its holder or ``None``."""
        return self.moment.holders

    @property
    def window(self) -> int | None:
        """The player who may claim a bonus card now (DT-R15), else ``None``."""
        return self.moment.window

    @property
    def claims(self) -> tuple[int, ...]:
        """How many bonus cards each player took this round (DT-A3)."""
        return tuple(self.holders.count(p) for p in range(self.players))

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards annihilated this round, in play order (DT-R12)."""
        return tuple(t.result.cards[i] for t in self.tricks for i in t.result.annihilated)

    @property
    def rounds(self) -> int:
        """DT-R20: as many rounds as players."""
        return self.players

    @property
    def bid_max(self) -> int:
        """DT-A6: 12 as printed, or the number of tricks in the round."""
        return 12 if self.rules.bid_max == 12 else tricks_per_round(self.players)

    @property
    def bonus_holders(self) -> dict[str, int | None]:
        """Who holds each bonus card (``None``: still beside the play area); a new dict each
        call, so changing it changes no state."""
        return dict(zip(BONUS_NAMES, self.holders, strict=True))

    @property
    def to_move(self) -> int | None:
        return self.moment.to_move()

    @property
    def is_over(self) -> bool:
        return self.moment.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """DT-R20: the players with the highest total (ties share the victory)."""
        return top_scorers(self.totals)

    @property
    def outcome(self) -> Outcome:
        if not self.is_over:
            return Outcome(False, (), self.totals)
        best = max(self.totals)
        return Outcome(True, self.winners, self.totals,
                       f"the highest total after {self.rounds} rounds is {best} (DT-R20)")

    @property
    def lead_suit(self) -> str | None:
        m = self.moment
        if not m.size:
            return None
        return SUITS[m.lead]  # DT-R8: a led D card's declared suit

    def legal_actions(self) -> list[Action]:
        m = self.moment
        legal = m.legal_cache  # what Moment.legal() returns, without its calls
        if legal is None:
            legal = m.legal_cache = m.compute_legal()
        return list(legal)

    def _legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions as a tuple, computed once per moment and cached there."""
        return self.moment.legal()

    def _compute_legal(self) -> tuple[Action, ...]:
        """The legal actions computed afresh (:meth:`.kernel.Moment.compute_legal`)."""
        return self.moment.compute_legal()

    # -- actions ----------------------------------------------------------------------------------
    def play(self, action: Any) -> State:
        """The state after ``action``; raises a :class:`RuleError` (and changes nothing) if refused.

        A play spelled as :meth:`legal_actions` spells it (``"4S"``, ``"6D:C"``, ``"pass"``) is
        accepted by membership in the cached legal actions or, when none are cached (a
        replay), on the hand masks (:meth:`.kernel.Moment.can_play`, the legal plays decided
        without building them); a :class:`Bid` or :class:`Claim` taken from the legal actions
        by its place in them; anything else (other spellings, JSON lists, every refusal) goes
        through ``GameState.play``'s steps (parse, :meth:`_check`, :meth:`_apply`).
        """
        tp = type(action)
        m = self.moment
        nxt: Moment | None = None
        entry: Any = action  # what the record keeps
        if tp is Play or tp is str:  # a play handed out by legal_actions (the hot path), or
            move = _MOVES.get(action)  # "4S", "6D:C" or "pass" spelled canonically
            if move is not None:
                code, declared, entry = move
                if code >= 0:
                    legal = m.legal_cache
                    if (action in legal) if legal is not None else m.can_play(code, declared):
                        nxt = m.play(code, declared)
                elif m.window is not None and m.phase == "play":  # PASS (DT-R15)
                    nxt = m.pass_claim()
        elif tp is Bid:  # a forecast legal_actions handed out
            legal = m.legal()
            t = action[1]
            if type(t) is int:  # the legal forecasts are BIDS[:k + 1]: found by position
                k: int = t
                if 0 <= k < len(legal) and legal[k] is action:
                    nxt = m.bid(k)
        elif tp is Claim:  # a claim legal_actions handed out
            if action in m.legal():
                nxt = next_moment(m, action)
        if nxt is None:
            return GameState.play(self, action)  # every other spelling, and every refusal
        # The next state, written out (see _NEW): its moment and its log.
        new = _NEW(State)
        _SET_MOMENT(new, nxt)
        _SET_LOG(new, ActionLog(self.action_log, entry))
        return new

    def parse_action(self, action: Any) -> Action:
        """Accept ``["bid", 3]``, ``"4S"``, ``"6D:C"`` (or ``["6D", "C"]``), ``["claim", 1, "+1"]``,
        ``"pass"``; malformed input raises :class:`BadInput`."""
        return parse_action(action, self.players)

    def action_to_json(self, action: Any) -> Any:
        return action_to_json(action)

    def action_label(self, action: Any) -> str:
        return legal.action_label(self, action)

    def _check(self, action: Any) -> None:
        if action in self._legal_tuple():  # the legal set, computed once per state
            return
        problem = legal.refusal(self, action)  # the rule that forbids it and why
        assert problem is not None  # explain accepts exactly the legal actions (the tests)
        raise problem

    def _apply(self, action: Any) -> State:
        """The next state for a legal, parsed ``action`` (:func:`.apply.next_moment`); the
        caller records the action in its log."""
        return _state(next_moment(self.moment, action), None)

    # -- views -----------------------------------------------------------------------------------
    def view(self, player: Any = None) -> View:
        """What ``player`` may see (``None``: an onlooker): a frozen :class:`View`."""
        if player is not None:
            player = check_seat(player, self.players, "player")
        hidden = self.phase == "forecast"
        hands = self.hands
        return View(
            player=player, round=self.round + 1, phase=self.phase,
            hand=() if player is None else tuple(map(str, hands[player])),
            hand_sizes=tuple(len(h) for h in hands),
            bids=tuple(b if (not hidden or q == player) else None
                       for q, b in enumerate(self.bids)),
            bid_made=tuple(b is not None for b in self.bids),
            won=tuple(self.won), trick=tuple(map(str, self.trick)),
            lead_suit=self.lead_suit, leader=self.leader,
            bonus_holders=immutables.Map(self.bonus_holders), totals=tuple(self.totals))

    def determinize(self, player: Any, rng: Any) -> State:
        """A state consistent with what ``player`` has seen: :func:`.players.determinize`,
        reached through the game registry (:func:`~doppelnb.core.spec.spec_of`), so this module
        never imports the players module, which imports it."""
        determinize = spec_of(GAME).determinize
        assert determinize is not None, "Doppelgänger Tricks registers its determinizer"
        result: State = determinize(self, player, rng)
        return result

    def invariants(self) -> tuple[str, ...]:
        """Every conserved quantity that does not hold (empty when all do): the deck is split
        exactly once among hands, the trick in progress and this round's played tricks (DT-R3,
        DT-R4); each completed trick has one winner or none (DT-R13c) and the tricks won add up;
        hands stay level with the play order (DT-R11); each bonus card has at most one holder
        and nobody took more than DT-A3 allows; the totals are the sum of the score sheet."""
        bad: list[str] = []
        n = self.players
        full = deck(n)
        played = [c for t in self.tricks for c in t.result.cards]
        seen = [c for h in self.hands for c in h] + list(self.trick) + played
        if sorted(seen, key=Card.sort_key) != list(full):
            bad.append(f"cards: hands, trick and played tricks hold {len(seen)} cards, "
                       f"{len(set(seen))} distinct, not the {len(full)}-card deck (DT-R3, DT-R4)")
        if any(c not in full for c in seen):
            bad.append("cards: a card outside the deck is in play (DT-R3)")
        size = tricks_per_round(n)
        done = len(self.tricks)
        for p in range(n):
            played_now = 1 if p in self._trick_seats() else 0
            if len(self.hands[p]) != size - done - played_now:
                bad.append(f"cards: P{p + 1} holds {len(self.hands[p])} cards after "
                           f"{done} tricks (DT-R11)")
        wins = sum(1 for t in self.tricks if t.result.winner is not None)
        if sum(self.won) != wins:
            bad.append(f"tricks: {sum(self.won)} won in total but {wins} tricks had a "
                       "winner (DT-R13, DT-R14)")
        for row in self.sheet:
            if sum(row.won) > size:
                bad.append(f"tricks: round {row.round} counts {sum(row.won)} tricks won of "
                           f"{size} (DT-R17)")
            names = [b for bs in row.bonuses for b in bs]
            if len(set(names)) != len(names):
                bad.append(f"bonus: a bonus card was scored twice in round {row.round} (DT-R2)")
        if any(h is not None and not 0 <= h < n for h in self.holders):
            bad.append("bonus: a bonus card is held by no seat (DT-R15)")
        if any(c > self.rules.bonus_max_per_player for c in self.claims):
            bad.append("bonus: a player took more bonus cards than DT-A3 allows")
        sums = tuple(sum(row.points[p] for row in self.sheet) for p in range(n))
        if sums != tuple(self.totals):
            bad.append(f"scores: totals {self.totals} are not the sheet's sums {sums} (DT-R19)")
        if len(self.sheet) != self.round + (1 if self.phase == "over" else 0):
            bad.append(f"rounds: {len(self.sheet)} rows on the sheet in round {self.round + 1} "
                       "(DT-R20)")
        return tuple(bad)

    def _trick_seats(self) -> tuple[int, ...]:
        """The seats that have played to the trick in progress."""
        return tuple((self.leader + k) % self.players for k in range(len(self.trick)))

    def last_trick(self) -> PlayedTrick | None:
        """The trick just completed (in this round, or the previous round's last one)."""
        if self.tricks:
            return self.tricks[-1]
        return self.last_round_tricks[-1] if self.last_round_tricks else None

    def __str__(self) -> str:
        """A text picture of the state (every hand shown: the golden transcripts use it)."""
        n = self.players
        if self.is_over:
            head = f"game over after {self.rounds} rounds"
        else:
            head = (f"round {self.round + 1} of {self.rounds}: {self.phase}, "
                    f"P{(self.to_move or 0) + 1} to move")
            if self.window is not None:
                head += " (may claim a bonus card)"
        lines = [f"Doppelgänger Tricks, {n} players, {head}"]
        holders = self.bonus_holders
        for p in range(n):
            bid = "-" if self.bids[p] is None else str(self.bids[p])
            bonus = " ".join(k for k, v in holders.items() if v == p)
            hand = " ".join(map(str, self.hands[p])) or "(empty)"
            lines.append(f"  P{p + 1}: {hand} | forecast {bid} won {self.won[p]}"
                         + (f" | bonus {bonus}" if bonus else ""))
        if self.trick:
            lead = self.lead_suit or ""
            lines.append(f"  trick (P{self.leader + 1} led, lead suit {lead} "
                         f"{SUIT_SYMBOLS[lead]}): {' '.join(map(str, self.trick))}")
        last = self.last_trick()
        if last is not None:
            who = last.winner_player
            lines.append(f"  last trick: {' '.join(map(str, last.result.cards))} -> "
                         + ("nobody" if who is None else f"P{who + 1}")
                         + f" ({last.result.rule})")
        free = [k for k, v in holders.items() if v is None]
        lines.append(f"  bonus cards free: {' '.join(free) or 'none'}")
        lines.append("  totals: " + " ".join(f"P{p + 1}={t}" for p, t in enumerate(self.totals)))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .render import state_html

        return str(state_html(self))


def _refuse_assignment(self: State, name: str, value: Any = None) -> None:
    raise FrozenInstanceError(f"cannot assign to {name!r}: a state is immutable; play() "
                              "returns a new one")


# Every assignment refused alike. Python 3.11's generated ``__setattr__`` of a slotted frozen
# dataclass refuses its fields but, for any other name (the header's properties here), calls
# ``super()`` with the class from before ``slots=True`` rebuilt it: a TypeError, not the
# AttributeError an immutable value owes.
State.__setattr__ = _refuse_assignment  # type: ignore[assignment, method-assign]
State.__delattr__ = _refuse_assignment  # type: ignore[assignment, method-assign]


#: A new state without the frozen dataclass's ``__init__`` (which sets each field through
#: ``object.__setattr__``): ``object.__new__`` and each slot's own descriptor, the fastest way
#: plain Python has to fill a frozen instance (about half the instructions of ``__init__``).
_NEW: Final = object.__new__
_SET_MOMENT: Final = State.__dict__["moment"].__set__
_SET_LOG: Final = State.__dict__["action_log"].__set__


def _state(moment: Moment, log: ActionLog | None) -> State:
    """``State(moment, log)``, built as :data:`_NEW` says (``play``'s hot path writes it out)."""
    new: State = _NEW(State)
    _SET_MOMENT(new, moment)
    _SET_LOG(new, log)
    return new


def new_game(players: Any, *, rules: Any = None, seed: Any = None, first_player: Any = None,
             hands: Any = None, **unknown: Any) -> State:
    """A new game for 3 or 4 players; ``first_player`` is seat 0..players-1 (DT-R5), random if
    not given. The same seed deals the same cards; ``hands`` (lists of cards, the whole deck)
    prepares the first round's deal instead, e.g. to replay a rulebook example. Any other
    keyword is refused with :class:`BadInput`.

    >>> new_game(10.0)
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: DT-R1: players must be a whole number from 3 to 4, got 10.0
    """
    options: dict[str, Any] = dict(unknown)
    players = check_players(players)
    if rules is not None:
        check_instance(rules, "rules", Rules, expected="a doppelganger_tricks Rules")
    if first_player is not None:
        options["first_player"] = first_player
    if hands is not None:
        options["hands"] = [[str(c) for c in check_hands(hands, players)[p]]
                            for p in range(players)] if isinstance(hands, (list, tuple)) else hands
    if unknown:  # refused by ``GameState.header``, which names the known options
        return State.new(players, DEFAULT_RULES if rules is None else rules, seed, options)
    # What ``State.new`` would do once the header is checked: the players and the rules are
    # checked above, the options are known ones; the seed is checked here.
    return State._first_state(players, DEFAULT_RULES if rules is None else rules,
                              make_seed(seed), options)


from_json = State.from_json

__all__ = ["State", "View", "new_game", "from_json", "Phase"]
