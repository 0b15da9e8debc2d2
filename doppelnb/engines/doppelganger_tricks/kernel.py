"""The checked integer core of Doppelgänger Tricks: a round in integers, who moves, the legal
actions and the next moment through forecasts, tricks, bonus claims and the round's end
(DT-R5..R20).

The game lives in a :class:`Moment`: integers (each hand a bit mask over the card codes 0..39,
the trick in progress as packed codes), immutable, each action returning a new one. It knows
nothing of :mod:`doppelnb.core.state`: the engine's frozen ``State`` (:mod:`.state`) holds one
moment and shows it in the readable notation, :mod:`.apply` calls the moment's transitions and
:mod:`.legal` explains a refusal. What the moment is built from has its own module: the deal and
the seeded chance (:mod:`.deal`), cards as codes with the per-mask tables and the trick winner on
codes (:mod:`.codes`), the score sheet's tables (:mod:`.scoring`).

This module and those three are what ``make fast`` compiles with mypyc (``Moment`` and ``Book``
become native classes); the pure modules are the reference every test runs on, and
``make fast-test`` runs the tests on the compiled ones.

>>> m = Moment.start(3, Book(0, 1, (), (0, 0, 0), (), Rules(), 5), deal_masks(3, 5, 0))
>>> m.phase, m.to_move(), len(m.legal())  # DT-R6: forecasts 0..12 from the first player
('forecast', 1, 13)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ...core.errors import IllegalAction
from ...core.frozen import FrozenMap
from .actions import PASS, PLAYS, Action, Bid, Claim, Play, parse_action
from .codes import (
    BIDS_UP_TO,
    CHUNK,
    CLAIM_OPTIONS,
    PLAYS_OF,
    SUIT_CODE,
    hand_mask,
    mask_leads,
    mask_plays,
    restricted_leads,
    trick_record,
    trick_winner,
)
from .deal import deal_masks, first_player, tricks_per_round
from .legal import MomentTable, refusal
from .rules import BONUS_NAMES, RoundScore, Rules
from .scoring import FORECAST, HELD, held_bonus_points, round_score

#: The setup options of a game that gives none (one shared, immutable value).
NO_OPTIONS: Final[FrozenMap[str, Any]] = FrozenMap()


class Book:
    """What changes at most once a round: the round (0-based), its first player, the score
    sheet, the totals and the previous round's tricks (records as :class:`Moment` keeps them);
    and the game's record header, which never changes and is carried from round to round by
    reference: the variant flags (the scoring reads them), the seed (the next deal) and the setup
    options (never read here: the state's record header reads them, so a state is its moment and
    its action log, two fields to set per action).

    An immutable value like :class:`Moment` (a native class in the compiled build; it was a
    named tuple, and keeps ``_fields``, ``_replace``, equality, hashing and pickling). It also
    keeps the variant flags play reads, read once from the rules when it is built:
    ``restricted`` (DT-A10), ``claim_max`` (DT-A3), ``first_only`` (DT-A4) and ``bid12``
    (DT-A6). ``deals`` is ``None`` in a game; a search world's later rounds dealt in advance
    otherwise (``deals[r]``: round ``r``'s hand masks, ``()`` for the rounds dealt already).
    """

    __slots__ = ("round", "first", "sheet", "totals", "last_round", "rules", "seed", "options",
                 "deals", "restricted", "claim_max", "first_only", "bid12")
    _fields: ClassVar[tuple[str, ...]] = ("round", "first", "sheet", "totals", "last_round",
                                          "rules", "seed", "options", "deals")

    def __init__(self, round: int, first: int, sheet: tuple[RoundScore, ...],
                 totals: tuple[int, ...], last_round: tuple[tuple[int, ...], ...], rules: Rules,
                 seed: int, options: FrozenMap[str, Any] = NO_OPTIONS,
                 deals: tuple[tuple[int, ...], ...] | None = None) -> None:
        self.round: Final = round
        self.first: Final = first
        self.sheet: Final = sheet
        self.totals: Final = totals
        self.last_round: Final = last_round
        self.rules: Final = rules
        self.seed: Final = seed
        #: the setup options of the record header, as the state gives them (opaque here)
        self.options: Final = options
        self.deals: Final = deals
        self.restricted: Final[bool] = rules.declare_restricted_to_held_suits
        self.claim_max: Final[int] = rules.bonus_max_per_player
        self.first_only: Final[bool] = rules.bonus_claim_window == "first_opportunity_only"
        self.bid12: Final[bool] = rules.bid_max == 12

    def items(self) -> tuple[Any, ...]:
        return (self.round, self.first, self.sheet, self.totals, self.last_round, self.rules,
                self.seed, self.options, self.deals)

    def _replace(self, **changes: Any) -> Book:
        """A copy with some fields replaced (as a named tuple's ``_replace``)."""
        unknown = set(changes) - set(Book._fields)
        if unknown:
            raise ValueError(f"Book has no field(s) {', '.join(sorted(unknown))}")
        values = dict(zip(Book._fields, self.items(), strict=True))
        values.update(changes)
        return Book(*(values[k] for k in Book._fields))

    def may_claim(self, holders: tuple[int | None, ...], player: int, code: int, before: int,
                  n: int) -> bool:
        """:func:`may_claim` on the flags kept here (DT-R15, DT-A3, DT-A4; the tests compare
        the two)."""
        taken = (1 if holders[0] == player else 0) + (1 if holders[1] == player else 0)
        if taken >= self.claim_max:  # DT-A3
            return False
        if self.first_only:  # DT-A4
            return code >= 30 or before.bit_count() == tricks_per_round(n)
        return True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Book):
            return NotImplemented
        return self.items() == other.items()

    def __hash__(self) -> int:
        return hash(self.items())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Book, self.items())

    def __copy__(self) -> Book:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Book:
        return self

    def __repr__(self) -> str:
        return "Book(" + ", ".join(f"{k}={v!r}" for k, v in zip(
            Book._fields, self.items(), strict=True)) + ")"


class Moment:
    """The game at one moment, in integers: the part of a state that play changes.

    The hands are bit masks, one field per seat (``m0``..``m3``; ``masks`` gives them as a
    tuple), and the trick in progress is one integer: ``size`` card codes of 6 bits each in
    ``cards`` (the first played in the lowest bits; :meth:`trick` unpacks them), with ``lead``
    the code of its lead suit (-1 before the lead) and ``declared`` the suit a led D card
    declared. ``tricks`` holds this round's completed tricks as ``(leader, declared suit code or
    -1, card codes...)``; ``holders`` the holder of each bonus card (+1, +3) and ``window`` the
    player who may claim one now (DT-R15). Integers in native fields are neither boxed nor
    allocated, so a play builds one object and no tuple (until a trick completes). Immutable:
    each method returns a new moment. The state (:class:`~.state.State`) shows all of it in the
    readable notation.
    """

    __slots__ = ("n", "book", "phase", "bids", "m0", "m1", "m2", "m3", "won", "leader", "cards",
                 "size", "lead", "declared", "tricks", "holders", "window", "legal_cache")

    def __init__(self, n: int, book: Book, phase: str, bids: tuple[int | None, ...],
                 m0: int, m1: int, m2: int, m3: int, won: tuple[int, ...], leader: int,
                 cards: int, size: int, lead: int, declared: str | None,
                 tricks: tuple[tuple[int, ...], ...], holders: tuple[int | None, ...],
                 window: int | None) -> None:
        self.n: Final = n
        self.book: Final = book
        self.phase: Final = phase
        self.bids: Final = bids
        self.m0: Final = m0
        self.m1: Final = m1
        self.m2: Final = m2
        self.m3: Final = m3
        self.won: Final = won
        self.leader: Final = leader
        self.cards: Final = cards
        self.size: Final = size
        self.lead: Final = lead
        self.declared: Final = declared
        self.tricks: Final = tricks
        self.holders: Final = holders
        self.window: Final = window
        #: the legal actions once :meth:`legal` computed them (no part of the value): every
        #: state holding this moment shares them
        self.legal_cache: tuple[Action, ...] | None = None

    @staticmethod
    def of(n: int, book: Book, phase: str, bids: tuple[int | None, ...],
           masks: tuple[int, ...], won: tuple[int, ...], leader: int, trick: tuple[int, ...],
           declared: str | None, tricks: tuple[tuple[int, ...], ...],
           holders: tuple[int | None, ...], window: int | None) -> Moment:
        """A moment from its readable parts (the hands as a tuple of masks, the trick as a tuple
        of card codes): what :meth:`items` gives back."""
        m = tuple(masks) + (0,) * (4 - len(masks))
        cards = 0
        for k, c in enumerate(trick):
            cards |= c << (6 * k)
        lead = -1 if not trick else SUIT_CODE[declared] if declared is not None else trick[0] // 10
        return Moment(n, book, phase, bids, m[0], m[1], m[2], m[3], won, leader, cards,
                      len(trick), lead, declared, tricks, holders, window)

    @property
    def masks(self) -> tuple[int, ...]:
        """Each seat's hand as a bit mask."""
        if self.n == 3:
            return (self.m0, self.m1, self.m2)
        return (self.m0, self.m1, self.m2, self.m3)

    @property
    def trick(self) -> tuple[int, ...]:
        """The card codes played to the trick in progress, in play order."""
        cards = self.cards
        return tuple([cards >> (6 * k) & 63 for k in range(self.size)])

    def mask(self, seat: int) -> int:
        """The hand of ``seat`` as a bit mask."""
        return self.m0 if seat == 0 else self.m1 if seat == 1 else self.m2 if seat == 2 \
            else self.m3

    def items(self) -> tuple[Any, ...]:
        """The readable parts, in :meth:`of`'s order (equality, hashing, pickling, repr)."""
        return (self.n, self.book, self.phase, self.bids, self.masks, self.won, self.leader,
                self.trick, self.declared, self.tricks, self.holders, self.window)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Moment):
            return NotImplemented
        return self.items() == other.items()

    def __hash__(self) -> int:
        return hash(self.items())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_moment_of, self.items())

    def __copy__(self) -> Moment:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Moment:
        return self

    def __repr__(self) -> str:
        return f"Moment{self.items()!r}"

    @staticmethod
    def start(n: int, book: Book, masks: tuple[int, ...]) -> Moment:
        """A freshly dealt round in its forecast phase (DT-R2, DT-R5, DT-R19): both bonus cards
        wait beside the play area."""
        return Moment(n, book, "forecast", (None,) * n, masks[0], masks[1], masks[2],
                      masks[3] if n == 4 else 0, (0,) * n, book.first, 0, 0, -1, None, (),
                      (None, None), None)

    def replace(self, changes: dict[str, Any]) -> Moment:
        """A copy with some readable parts (:data:`MOMENT_FIELDS`) replaced (the slow, general
        path)."""
        values = dict(zip(MOMENT_FIELDS, self.items(), strict=True))
        values.update(changes)
        return _moment_of(*(values[k] for k in MOMENT_FIELDS))

    # -- who moves and what they may do ---------------------------------------------------------
    def to_move(self) -> int | None:
        if self.phase == "play":
            if self.window is not None:
                return self.window
            return (self.leader + self.size) % self.n
        if self.phase == "forecast":  # DT-R6: in seat order from the round's first player
            n = self.n
            first = self.book.first
            for k in range(first, first + n):
                if self.bids[k % n] is None:
                    return k % n
        return None

    def legal_plays(self) -> tuple[Play, ...]:
        """The cards the player to move may play (no claim pending; any suit declarable)."""
        size = self.size
        p = (self.leader + size) % self.n
        m = self.m0 if p == 0 else self.m1 if p == 1 else self.m2 if p == 2 else self.m3
        if not size:
            return mask_leads(m)  # DT-R7, DT-R8
        lead = self.lead
        follow = m >> (10 * lead) & CHUNK
        if follow:  # DT-R9: holding the lead suit, follow it or play a D card
            return PLAYS_OF[lead][follow] + PLAYS_OF[3][m >> 30]
        return mask_plays(m)

    def can_play(self, code: int, declared: str | None) -> bool:
        """May the player to move play the card ``code`` (a led D card declaring ``declared``,
        a plain suit; else ``None``)? :meth:`legal` decided on the masks without building the
        plays: ``True`` only for a play among them. ``False`` for every other action and also
        for a declaration under DT-A10, which the state then checks against :meth:`legal`."""
        if self.window is not None or self.phase != "play":  # DT-R15, DT-R6, DT-R20
            return False
        size = self.size
        p = (self.leader + size) % self.n
        hand = self.m0 if p == 0 else self.m1 if p == 1 else self.m2 if p == 2 else self.m3
        if not hand >> code & 1:  # DT-R7: a card of one's own hand
            return False
        if not size:  # DT-R8: a D card leads declaring a plain suit, a plain card does not
            if declared is None:
                return code < 30
            return code >= 30 and not self.book.restricted
        if declared is not None:  # DT-R10: only the leader declares
            return False
        lead = self.lead  # DT-R9: follow the lead suit when able, or play a D card
        return code >= 30 or code // 10 == lead or not hand >> (10 * lead) & CHUNK

    def legal(self) -> tuple[Action, ...]:
        """The legal actions, computed once per moment (:meth:`compute_legal`) and kept in
        ``legal_cache``."""
        found = self.legal_cache
        if found is None:
            found = self.legal_cache = self.compute_legal()
        return found

    def compute_legal(self) -> tuple[Action, ...]:
        """The legal actions: forecasts (DT-R6, DT-A6), a bonus claim or a pass (DT-R15), or the
        plays (DT-R7..R9, DT-A10)."""
        phase = self.phase
        if phase == "play":
            window = self.window
            if window is not None:  # DT-R15: claim a free bonus card, or pass
                h1, h3 = self.holders
                return CLAIM_OPTIONS[window][(h1 is None, h3 is None)]
            if self.size or not self.book.restricted:
                return self.legal_plays()
            return restricted_leads(self.mask(self.leader))  # DT-A10
        if phase == "forecast":
            return BIDS_UP_TO[12 if self.book.bid12 else tricks_per_round(self.n)]
        return ()  # the game is over

    # -- the checked loop ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def apply(self, action: Any) -> Moment:
        """The moment after ``action``, checked: the kernel's own checked loop, without a state
        or a record (``m = m.apply(rng.choice(m.legal()))`` until ``m.is_over``). It accepts
        what ``State.play`` accepts (the actions :meth:`legal` hands out, and every spelling
        :func:`.actions.parse_action` reads) and refuses what it refuses, with the same
        :class:`~doppelnb.core.errors.RuleError`, rule id and reason (:func:`.legal.refusal`;
        the tests compare the two paths action by action)."""
        nxt = self._accept(action)
        if nxt is not None:
            return nxt
        if self.phase == "over":
            raise IllegalAction("NB-ARG", "the game is over; no more actions can be played")
        parsed = parse_action(action, self.n)  # BadInput when malformed
        nxt = self._accept(parsed)
        if nxt is not None:
            return nxt
        problem = refusal(MomentTable(self), parsed)
        assert problem is not None  # explain accepts exactly the legal actions (the tests)
        raise problem

    def _accept(self, action: Any) -> Moment | None:
        """The next moment if ``action`` is one of the legal actions as :meth:`legal` spells
        them (a play also as its canonical string); ``None`` for anything else."""
        tp = type(action)
        if tp is Play or tp is str:
            move = MOVES.get(action)
            if move is not None:
                code = move[0]
                if code >= 0:
                    if action in self.legal():
                        return self.play(code, move[1])
                elif self.window is not None and self.phase == "play":  # PASS (DT-R15)
                    return self.pass_claim()
        elif tp is Bid:  # the legal forecasts are BIDS[:k + 1]: found by position
            legal = self.legal()
            k = action[1]
            if type(k) is int and 0 <= k < len(legal) and legal[k] is action:
                return self.bid(k)
        elif tp is Claim:
            if action in self.legal():
                return self.claim(BONUS_NAMES.index(action.bonus), action.player)
        return None

    # -- the next moment ------------------------------------------------------------------------
    def bid(self, tricks: int) -> Moment:
        """DT-R6: the player to move forecasts; once all have, the first player leads."""
        p = self.to_move()
        assert p is not None
        bids = list(self.bids)
        bids[p] = tricks
        done = None not in bids
        return Moment(self.n, self.book, "play" if done else "forecast", tuple(bids), self.m0,
                      self.m1, self.m2, self.m3, self.won,
                      self.book.first if done else self.leader, self.cards, self.size,
                      self.lead, self.declared, self.tricks, self.holders, self.window)

    def play(self, code: int, declared: str | None) -> Moment:
        """The player to move plays the card ``code`` (checked before); a complete trick is
        resolved (DT-R11..R14) and the last one ends the round (DT-R17)."""
        n = self.n
        size = self.size
        leader = self.leader
        p = (leader + size) % n
        m0 = self.m0
        m1 = self.m1
        m2 = self.m2
        m3 = self.m3
        bit = 1 << code
        if p == 0:
            before = m0
            m0 = m = before & ~bit
        elif p == 1:
            before = m1
            m1 = m = before & ~bit
        elif p == 2:
            before = m2
            m2 = m = before & ~bit
        else:
            before = m3
            m3 = m = before & ~bit
        holders = self.holders
        # DT-R15: a claim needs a hand without D cards and a free bonus card.
        window = p if (not m >> 30 and (holders[0] is None or holders[1] is None)
                       and self.book.may_claim(holders, p, code, before, n)) else None
        if not size:  # the lead (DT-R8: a led D card carries its declared suit)
            lead = SUIT_CODE[declared] if declared is not None else code // 10
            return Moment(n, self.book, "play", self.bids, m0, m1, m2, m3, self.won, leader,
                          code, 1, lead, declared, self.tricks, holders, window)
        cards = self.cards | code << (6 * size)
        size += 1
        lead = self.lead
        if size < n:
            return Moment(n, self.book, "play", self.bids, m0, m1, m2, m3, self.won, leader,
                          cards, size, lead, self.declared, self.tricks, holders, window)
        # DT-R11: the trick is complete
        record: tuple[int, ...]
        if n == 4:
            record = (leader, -1 if self.declared is None else lead, cards & 63,
                      cards >> 6 & 63, cards >> 12 & 63, code)
        else:
            record = (leader, -1 if self.declared is None else lead, cards & 63,
                      cards >> 6 & 63, code)
        win = trick_winner(record, lead, 2)
        won = self.won
        if win >= 0:  # DT-R14: the winner takes the trick and leads the next one
            leader = (leader + win) % n
            counts = list(won)
            counts[leader] = won[leader] + 1
            won = tuple(counts)
        # DT-R13c: with no winner the same leader leads again
        new = Moment(n, self.book, "play", self.bids, m0, m1, m2, m3, won, leader, 0, 0, -1,
                     None, self.tricks + (record,), holders, window)
        if window is None and not m0 | m1 | m2 | m3:  # the round's last card (DT-R17)
            return new.end_round()
        return new

    def claim(self, bonus: int, player: int) -> Moment:
        """DT-R15: ``player`` takes bonus card number ``bonus`` (0: +1, 1: +3)."""
        holders = self.holders[:bonus] + (player,) + self.holders[bonus + 1:]
        return Moment(self.n, self.book, self.phase, self.bids, self.m0, self.m1, self.m2,
                      self.m3, self.won, self.leader, self.cards, self.size, self.lead,
                      self.declared, self.tricks, holders, None).after_turn()

    def pass_claim(self) -> Moment:
        """DT-R15: the player declines the bonus claim."""
        return Moment(self.n, self.book, self.phase, self.bids, self.m0, self.m1, self.m2,
                      self.m3, self.won, self.leader, self.cards, self.size, self.lead,
                      self.declared, self.tricks, self.holders, None).after_turn()

    def after_turn(self) -> Moment:
        """End the round once every card is played and no claim is pending (DT-R17)."""
        if self.window is not None or self.size or self.m0 | self.m1 | self.m2 | self.m3:
            return self
        return self.end_round()

    def end_round(self) -> Moment:
        """DT-R16..R20: score the round; deal the next one (the left neighbour starts) or end
        the game after as many rounds as players."""
        book = self.book
        row = score_row(self, book.rules)
        sums: list[int] = []
        k = 0
        for t in book.totals:  # DT-R19: each total plus the row's forecast and bonus points
            sums.append(t + row.forecast[k] + row.bonus[k])
            k += 1
        totals = tuple(sums)
        if book.round + 1 >= self.n:  # DT-R20
            done = Book(book.round, book.first, book.sheet + (row,), totals, self.tricks,
                        book.rules, book.seed, book.options, book.deals)  # not _replace
            return Moment(self.n, done, "over", self.bids, self.m0, self.m1, self.m2, self.m3,
                          self.won, self.leader, self.cards, self.size, self.lead,
                          self.declared, self.tricks, self.holders, self.window)
        first = (book.first + 1) % self.n  # DT-R5
        nxt = Book(book.round + 1, first, book.sheet + (row,), totals, self.tricks, book.rules,
                   book.seed, book.options, book.deals)
        r = book.round + 1  # DT-R4: dealt from the seed, or a search world's own deal
        masks = deal_masks(self.n, book.seed, r) if book.deals is None else book.deals[r]
        return Moment.start(self.n, nxt, masks)


def start(players: int, rules: Rules, seed: int, first: int | None = None,
          masks: tuple[int, ...] | None = None,
          options: FrozenMap[str, Any] = NO_OPTIONS) -> Moment:
    """A game's first moment (checked arguments): the first round dealt from ``seed`` (DT-R4)
    unless ``masks`` gives the hands, its first player ``first`` or drawn from ``seed``
    (DT-R5). ``new_game(players, rules=rules, seed=seed)`` holds this very moment."""
    if first is None:
        first = first_player(seed, players)
    if masks is None:
        masks = deal_masks(players, seed, 0)
    return Moment.start(players, Book(0, first, (), (0,) * players, (), rules, seed, options),
                        masks)


#: Each play legal_actions hands out (the key; its canonical spelling as a plain ``str`` finds
#: it too) or the pass -> (its card code or -1 for the pass, the declared suit, its record
#: text): what a checked play needs of it in one look-up (a ``Play`` keeps these in its
#: instance dictionary). Keyed by the interned plays themselves, so their look-up ends on
#: identity.
MOVES: Final[dict[str, tuple[int, str | None, str]]] = {
    **{p: (p.code, p.declared, p.text) for p in PLAYS.values()}, PASS: (-1, None, PASS)}


#: The readable parts of a :class:`Moment` (:meth:`Moment.items`, :meth:`Moment.replace`).
MOMENT_FIELDS: Final = ("n", "book", "phase", "bids", "masks", "won", "leader", "trick",
                        "declared", "tricks", "holders", "window")


def _moment_of(n: int, book: Book, phase: str, bids: tuple[int | None, ...],
               masks: tuple[int, ...], won: tuple[int, ...], leader: int, trick: tuple[int, ...],
               declared: str | None, tricks: tuple[tuple[int, ...], ...],
               holders: tuple[int | None, ...], window: int | None) -> Moment:
    """:meth:`Moment.of` as a module function (what pickles call)."""
    return Moment.of(n, book, phase, bids, masks, won, leader, trick, declared, tricks,
                     holders, window)


def may_claim(rules: Rules, holders: tuple[int | None, ...], player: int, code: int,
              before: int, n: int) -> bool:
    """DT-R15 with DT-A3 and DT-A4: may ``player``, with no D card left and a bonus card free,
    claim right after playing card ``code`` (``before``: the hand's mask before the play)?"""
    if holders.count(player) >= rules.bonus_max_per_player:  # DT-A3
        return False
    if rules.bonus_claim_window == "first_opportunity_only":  # DT-A4
        first_play = before.bit_count() == tricks_per_round(n)
        return code >= 30 or first_play
    return True



def score_row(m: Moment, rules: Rules) -> RoundScore:
    """The score sheet row of the round just finished (DT-R16, DT-R18, DT-R19)."""
    n = m.n
    won = m.won
    holders = m.holders
    h1 = holders[0]
    h3 = holders[1]
    bids: list[int] = []
    bonuses: list[tuple[str, ...]] = []
    fc: list[int] = []
    bp: list[int] = []
    for p in range(n):
        b = m.bids[p]
        bid = b if b is not None else 0
        w = won[p]
        held = (2 if h1 == p else 0) + (1 if h3 == p else 0)
        bids.append(bid)
        bonuses.append(HELD[held])
        fc.append(FORECAST[bid][w])
        bp.append(held_bonus_points(held, bid, w, rules))
    return round_score((m.book.round + 1, m.book.first, tuple(bids), won, tuple(bonuses),
                        tuple(fc), tuple(bp)))



#: The readable fields of a state (``State._evolve`` takes them), and how each goes into the
#: moment: the book's fields by their names there, the others by :func:`moment_with`.
READABLE_BOOK: Final = {"round": "round", "round_first": "first", "sheet": "sheet",
                        "totals": "totals", "last_round_tricks": "last_round", "rules": "rules",
                        "seed": "seed", "options": "options"}
READABLE_NAMES: Final = frozenset(READABLE_BOOK) | {"phase", "bids", "hands", "won", "leader",
                                                    "trick", "declared", "tricks", "holders",
                                                    "window"}


def moment_with(m: Moment, game: dict[str, Any]) -> Moment:
    """``m`` with some of the state's readable fields (:data:`READABLE_NAMES`: cards, played
    tricks, the book's fields...) replaced: the slow, general path of ``State._evolve``."""
    changes: dict[str, Any] = {}
    book = {READABLE_BOOK[k]: v for k, v in game.items() if k in READABLE_BOOK}
    if "last_round" in book:
        book["last_round"] = tuple(map(trick_record, book["last_round"]))
    if book:
        changes["book"] = m.book._replace(**book)
    for k, v in game.items():
        if k in READABLE_BOOK:
            continue
        if k == "hands":
            changes["masks"] = tuple(hand_mask(tuple(h)) for h in v)
        elif k == "trick":
            changes["trick"] = tuple(c.index for c in v)
        elif k == "tricks":
            changes["tricks"] = tuple(map(trick_record, v))
        else:
            changes[k] = v
    return m.replace(changes)


__all__ = ["Moment", "Book", "start", "MOVES", "MOMENT_FIELDS", "may_claim", "score_row", "READABLE_NAMES",
           "moment_with"]
