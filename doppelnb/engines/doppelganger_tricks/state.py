"""The game state of Doppelgänger Tricks: deal, forecasts, tricks, bonus cards, rounds.

Actions (JSON values in the record):

- ``["bid", n]``: the player to move forecasts ``n`` tricks (DT-R6; secret until all have bid);
- ``"4S"``: play a card; ``"6D:C"``: lead a doppelgänger and declare the lead suit (DT-R8);
- ``["claim", player, "+1"]`` / ``["claim", player, "+3"]``: right after their own play, a player
  with no D card left takes a bonus card (DT-R15); ``"pass"`` declines that chance.

>>> s = new_game(3, seed=5)
>>> s.phase, s.to_move, len(s.hands[0])
('forecast', 0, 12)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.chance import rng_for
from ...core.errors import BadInput, IllegalAction
from ...core.state import GameState
from .cards import (
    ALL_CARDS,
    DOPPELGANGER,
    PLAIN_SUITS,
    SUIT_SYMBOLS,
    Card,
    card,
    check_players,
    deck,
    sort_hand,
    suit,
)
from .rules import (
    BONUS_NAMES,
    Rules,
    TrickResult,
    _resolve,
    bonus_points,
    follow_options,
    follow_reason,
    forecast_points,
)

GAME = "doppelganger_tricks"
# Interned action tables, built once: every play action in its canonical spelling ("4S", "6D",
# "6D:C") with its card and declared suit, so parsing engine output and applying a play are
# dictionary look-ups, and the legal-action lists share these very objects.
_PLAYS: dict[str, tuple[Card, str | None]] = {c.name: (c, None) for c in ALL_CARDS}
_PLAYS.update({f"{c}:{s}": (c, s) for c in ALL_CARDS if c.suit == DOPPELGANGER
               for s in PLAIN_SUITS})
_CANONICAL_PLAYS = {text: text for text in _PLAYS}
_CANONICAL_PLAYS["pass"] = "pass"
# The leads each card offers when any suit may be declared (DT-R7, DT-R8): the card itself, or
# a doppelgänger with each of the three declarations.
_LEADS = {c: tuple(t for t, (led, d) in _PLAYS.items() if led is c and (d or not c.is_doppelganger))
          for c in ALL_CARDS}
_BIDS = tuple(("bid", b) for b in range(13))
# The seats in play order from each leader: _SEATS[players][leader].
_SEATS = {n: tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n)) for n in (3, 4)}
_CLAIMS = tuple({name: ("claim", p, name) for name in BONUS_NAMES} for p in range(4))


@dataclasses.dataclass(frozen=True)
class PlayedTrick:
    """A completed trick: who led, who played each card, and how it resolved."""

    number: int
    leader: int
    players: tuple[int, ...]
    result: TrickResult

    @property
    def winner_player(self) -> int | None:
        return None if self.result.winner is None else self.players[self.result.winner]


@dataclasses.dataclass(frozen=True)
class RoundScore:
    """One row of the score sheet (DT-R18, DT-R19)."""

    round: int
    first_player: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    bonuses: tuple[tuple[str, ...], ...]
    forecast: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(f + b for f, b in zip(self.forecast, self.bonus, strict=True))


def _check_hands(value: Any, players: int) -> tuple[tuple[Card, ...], ...]:
    """A prepared first deal: the whole deck split into equal hands (DT-R3, DT-R4)."""
    if not isinstance(value, (list, tuple)) or len(value) != players or not all(
            isinstance(h, (list, tuple)) for h in value):
        raise BadInput("DT-R4", f"hands must be a list of {players} lists of cards")
    hands = tuple(sort_hand(card(c) for c in h) for h in value)
    size = len(deck(players)) // players
    if any(len(h) != size for h in hands):
        raise BadInput("DT-R4", f"each of the {players} hands holds {size} cards, not "
                       f"{[len(h) for h in hands]}")
    dealt = [c for h in hands for c in h]
    if sorted(dealt, key=Card.sort_key) != sorted(deck(players), key=Card.sort_key):
        missing = sorted(set(deck(players)) - set(dealt), key=Card.sort_key)
        extra = [c for c in dealt if c not in deck(players) or dealt.count(c) > 1]
        raise BadInput("DT-R4", "the hands must share out the whole deck exactly once "
                       f"(missing {' '.join(missing) or 'none'}, "
                       f"wrong or repeated {' '.join(sorted(set(extra))) or 'none'})")
    return hands


def tricks_per_round(players: int) -> int:
    """DT-R4, DT-R17: 12 tricks with 3 players, 10 with 4."""
    return len(deck(players)) // players


class State(GameState):
    """One moment of a game of Doppelgänger Tricks (immutable; ``play`` returns a new state).

    How the checked path stays fast: the legal actions are computed once per state (hands and
    rules never change after a state is built) and cached; ``play`` accepts an action by
    membership in them, and only a refused action runs :meth:`_explain`, which checks the rules
    one by one to name the rule and the reason. The tests check that the two always agree.
    """

    game = GAME
    Rules = Rules
    option_names = frozenset({"first_player", "hands"})
    # The legal actions, computed at most once per state: states never change once built, so the
    # cache stays right. A slot, not an attribute, so it is no part of the state's value
    # (equality, records) and ``_evolve`` starts every new state without it.
    __slots__ = ("_legal_cache", "__dict__")  # __dict__ until this State is a frozen dataclass

    # -- setup (DT-R1..R5) ------------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        check_players(players)
        fixed = _check_hands(options["hands"], players) if "hands" in options else None
        self = cls.__new__(cls)
        self._legal_cache = None
        self._init_record(players, rules, seed, options)
        first = options.get("first_player")
        if first is None:  # DT-R5: otherwise chosen at random (seeded)
            first = rng_for(self.seed, "first player").randrange(players)
        elif isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise BadInput("DT-R5", f"first_player must be a seat from 0 to {players - 1}, "
                           f"not {first!r}")
        self.round = 0
        self.sheet = ()
        self.totals = (0,) * players
        self.last_round_tricks = ()
        self._start_round(first, fixed)
        return self

    def _start_round(self, first: int, fixed: tuple | None = None) -> None:
        """Deal and open the forecast phase (mutates; used only while building a new state)."""
        n = self.players
        if fixed is not None:  # a prepared first deal (option "hands")
            self.hands = fixed
        else:
            cards = list(deck(n))
            rng_for(self.seed, "deal", self.round).shuffle(cards)  # DT-R4: shuffle, deal evenly
            self.hands = tuple(sort_hand(cards[i::n]) for i in range(n))
        self.round_first = first
        self.phase = "forecast"
        self.bids = (None,) * n
        self.won = (0,) * n
        self.leader = first
        self.trick = ()
        self.declared = None
        self.tricks = ()
        # DT-R2, DT-R19: both bonus cards wait beside the play area at the start of every round.
        self.bonus_holders = {name: None for name in BONUS_NAMES}
        self.claims = (0,) * n
        self.window = None
        self.discards = ()

    # -- the protocol -----------------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        """DT-R20: as many rounds as players."""
        return self.players

    @property
    def bid_max(self) -> int:
        """DT-A6: 12 as printed, or the number of tricks in the round."""
        return 12 if self.rules.bid_max == 12 else tricks_per_round(self.players)

    @property
    def to_move(self) -> int | None:
        if self.phase == "play":
            if self.window is not None:
                return self.window
            return (self.leader + len(self.trick)) % self.players
        if self.phase == "forecast":  # DT-R6: in seat order from the round's first player
            n, bids = self.players, self.bids
            for k in range(self.round_first, self.round_first + n):
                if bids[k % n] is None:
                    return k % n
        return None  # the game is over

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """DT-R20: the players with the highest total (ties share the victory)."""
        best = max(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

    @property
    def lead_suit(self) -> str | None:
        if not self.trick:
            return None
        return self.declared or self.trick[0].suit

    def legal_actions(self) -> list:
        return list(self._legal_cache or self._legal())

    def _legal(self) -> tuple:
        """The legal actions as a tuple, computed once per state and cached."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple:
        if self.phase == "play":
            if self.window is not None:  # DT-R15: claim a free bonus card, or pass
                claims = _CLAIMS[self.window]
                return tuple(claims[name] for name in BONUS_NAMES
                             if self.bonus_holders[name] is None) + ("pass",)
            p = (self.leader + len(self.trick)) % self.players
            hand = self.hands[p]
            if self.trick:
                lead = self.declared or self.trick[0].suit
                return tuple([c.name for c in follow_options(hand, lead)])  # DT-R9
            if not self.rules.declare_restricted_to_held_suits:
                return tuple([text for c in hand for text in _LEADS[c]])
            return tuple(text for c in hand for text in (  # DT-A10
                [f"{c}:{s}" for s in self._declarable(p, c)] if c.is_doppelganger else [c.name]))
        if self.phase == "forecast":
            return _BIDS[:self.bid_max + 1]
        return ()  # the game is over

    def _declarable(self, player: int, led: Card) -> tuple[str, ...]:
        """DT-R8 / DT-A10: the plain suits the leader of ``led`` may declare."""
        if not self.rules.declare_restricted_to_held_suits:
            return PLAIN_SUITS
        held = tuple(s for s in PLAIN_SUITS if any(c.suit == s for c in self.hands[player]))
        return held or PLAIN_SUITS  # a hand of only D cards may declare any suit

    # -- actions ----------------------------------------------------------------------------------
    def play(self, action: Any) -> State:
        """The state after ``action``; raises a :class:`RuleError` (and changes nothing) if refused.

        A play spelled as :meth:`legal_actions` spells it (``"4S"``, ``"6D:C"``, ``"pass"``) is
        already parsed and checked once it is found in the cached legal actions; anything else
        (other spellings, forecasts, claims, every refusal) goes through ``GameState.play``.
        """
        if type(action) is str and action in (self._legal_cache or self._legal()):
            new = self._apply(action)
            new.actions = self.actions + (action,)
            return new
        return super().play(action)

    def _evolve(self, **changes: Any) -> State:
        """A copy with some attributes replaced (a faster ``copy.copy`` for this flat state)."""
        new = object.__new__(type(self))
        attrs = self.__dict__.copy()
        attrs.update(changes)
        new.__dict__ = attrs
        new._legal_cache = None
        return new

    def parse_action(self, action: Any) -> Any:
        """Accept ``["bid", 3]``, ``"4S"``, ``"6D:C"`` (or ``["6D", "C"]``), ``["claim", 1, "+1"]``,
        ``"pass"``; malformed input raises :class:`BadInput`."""
        if type(action) is str:
            canonical = _CANONICAL_PLAYS.get(action)
            if canonical is not None:
                return canonical
        if isinstance(action, (list, tuple)):
            if len(action) == 2 and action[0] == "bid":
                bid = action[1]
                if isinstance(bid, bool) or not isinstance(bid, int):
                    raise BadInput("DT-R6", f"a forecast is a whole number, not {bid!r}")
                return ("bid", bid)
            if len(action) == 3 and action[0] == "claim":
                _, who, name = action
                if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < self.players:
                    raise BadInput("NB-ARG", f"{who!r} is not a player seat")
                if name not in BONUS_NAMES:
                    raise BadInput("DT-R16", f"{name!r} is not a bonus card; they are +1 and +3")
                return ("claim", who, name)
            if len(action) == 2 and all(isinstance(a, str) for a in action):
                return self._parse_play(f"{action[0]}:{action[1]}")
            raise BadInput("NB-ARG", f"{list(action)!r} is not an action of Doppelgänger Tricks")
        if isinstance(action, Card):
            return str(action)
        if isinstance(action, str):
            if action.strip().lower() == "pass":
                return "pass"
            return self._parse_play(action)
        raise BadInput("NB-ARG", f"{action!r} is not an action of Doppelgänger Tricks")

    @staticmethod
    def _parse_play(text: str) -> str:
        head, sep, tail = text.partition(":")
        c = card(head)
        if not sep:
            return str(c)
        return f"{c}:{suit(tail, rule='DT-R8')}"

    def action_to_json(self, action: Any) -> Any:
        return list(action) if isinstance(action, tuple) else action

    def action_label(self, action: Any) -> str:
        if isinstance(action, tuple):
            if action[0] == "bid":
                return f"forecast {action[1]} (secret)"
            return f"P{action[1] + 1} claims the {action[2]} bonus"
        if action == "pass":
            return "no bonus claim"
        c, _, declared = action.partition(":")
        c = card(c)
        if declared:
            return f"{c.symbol} declaring {declared} ({SUIT_SYMBOLS[declared]})"
        return c.symbol

    def _check(self, action: Any) -> None:
        if action in self._legal():  # the legal set, computed once per state
            return
        self._explain(action)  # raises IllegalAction naming the rule that forbids the action
        raise IllegalAction("NB-ARG", f"{self.action_label(action)} is not a legal action now")

    def _explain(self, action: Any) -> None:
        """Check ``action`` rule by rule: raise :class:`IllegalAction` with the rule that forbids
        it and why. Returns only for a legal action (the tests check that this agrees with
        :meth:`legal_actions`)."""
        p = self.to_move
        if self.phase == "forecast":
            if not (isinstance(action, tuple) and action[0] == "bid"):
                raise IllegalAction("DT-R6", f"every player forecasts before the first trick; "
                                    f"P{p + 1} must forecast now")
            if not 0 <= action[1] <= self.bid_max:
                raise IllegalAction("DT-A6" if action[1] <= 12 and action[1] >= 0 else "DT-R6",
                                    f"a forecast is a number of tricks from 0 to {self.bid_max}, "
                                    f"not {action[1]}")
            return
        if isinstance(action, tuple) and action[0] == "bid":
            raise IllegalAction("DT-R6", "forecasts are made once, at the start of the round")
        if isinstance(action, tuple):  # a bonus claim
            self._check_claim(action[1], action[2])
            return
        if action == "pass":
            if self.window is None:
                raise IllegalAction("DT-R15", "there is no bonus claim to decline now")
            return
        if self.window is not None:
            raise IllegalAction("DT-R15", f"P{self.window + 1} has just played and must first "
                                "claim a bonus card or pass")
        text, _, declared = action.partition(":")
        c = card(text)
        hand = self.hands[p]
        if c not in hand:
            raise IllegalAction("DT-R7", f"P{p + 1} does not hold {c}; the hand is "
                                f"{' '.join(map(str, hand))}")
        if not self.trick:
            if c.suit == DOPPELGANGER and not declared:
                raise IllegalAction("DT-R8", f"{c} is a doppelgänger lead, so P{p + 1} must "
                                    "declare the lead suit: C (●), T (▲) or S (■), e.g. "
                                    f"{c}:C")
            if c.suit != DOPPELGANGER and declared:
                raise IllegalAction("DT-R8", f"only a led doppelgänger is declared; {c} leads "
                                    f"suit {c.suit} by itself")
            if declared and declared not in self._declarable(p, c):
                raise IllegalAction("DT-A10", f"with declare_restricted_to_held_suits, P{p + 1} "
                                    f"may declare only a suit they hold "
                                    f"({', '.join(self._declarable(p, c))}), not {declared}")
            return
        if declared:
            raise IllegalAction("DT-R10", f"only the leader declares; {c} played by a follower "
                                f"counts as the lead suit {self.lead_suit} by itself")
        why = follow_reason(hand, self.lead_suit, c)  # DT-R9
        if why:
            raise IllegalAction("DT-R9", why)

    def _check_claim(self, player: int, name: str) -> None:
        """DT-R15 and DT-A3/A4: when a bonus card may be taken."""
        me = f"P{player + 1}"
        if self.window != player:
            if self.claims[player] >= self.rules.bonus_max_per_player:  # DT-A3
                raise IllegalAction("DT-A3", f"{me} already took {self.claims[player]} bonus "
                                    f"card(s) this round, the most one player may take")
            held = [str(c) for c in self.hands[player] if c.suit == DOPPELGANGER]
            if held:
                raise IllegalAction("DT-R15", f"{me} still holds {', '.join(held)}: only a "
                                    "player with no doppelgänger card in hand may claim a bonus")
            turn = self.window if self.window is not None else self.to_move
            if turn != player:
                raise IllegalAction("DT-R15", f"it is P{turn + 1}'s turn: {me} may claim a "
                                    "bonus card only right after their own play")
            raise IllegalAction("DT-R15", f"{me} must first play a card: a bonus card is claimed "
                                "right after playing, not before")
        if self.bonus_holders[name] is not None:
            raise IllegalAction("DT-R15", f"the {name} bonus card was already taken by "
                                f"P{self.bonus_holders[name] + 1}")

    def _apply(self, action: Any) -> State:
        if type(action) is str:  # a card, or "pass"
            if action == "pass":
                return self._evolve(window=None)._after_turn()
            return self._play_card(action)
        if action[0] == "bid":
            p = self.to_move
            bids = self.bids[:p] + (action[1],) + self.bids[p + 1:]
            if None in bids:
                return self._evolve(bids=bids)
            # DT-R6: all forecasts are revealed together; the round's first player leads.
            return self._evolve(bids=bids, phase="play", leader=self.round_first)
        if isinstance(action, tuple):  # claim
            _, player, name = action
            holders = dict(self.bonus_holders)
            holders[name] = player
            claims = self.claims[:player] + (self.claims[player] + 1,) + self.claims[player + 1:]
            return self._evolve(bonus_holders=holders, claims=claims, window=None)._after_turn()

    def _play_card(self, action: str) -> State:
        c, declared = _PLAYS[action]
        p = (self.leader + len(self.trick)) % self.players  # to_move: no claim is pending
        before = self.hands[p]
        at = before.index(c)
        hand = before[:at] + before[at + 1:]
        hands = self.hands[:p] + (hand,) + self.hands[p + 1:]
        window = p if self._may_claim(p, c, before, hand) else None
        trick = self.trick + (c,)
        if len(trick) == self.players:  # DT-R11: the trick is complete
            changes = self._trick_changes(trick, self.declared)
            return self._evolve(hands=hands, window=window, **changes)._after_turn()
        if len(trick) == 1:  # the lead (DT-R8: a led D card carries its declared suit)
            return self._evolve(hands=hands, window=window, trick=trick, declared=declared)
        return self._evolve(hands=hands, window=window, trick=trick)

    def _trick_changes(self, trick: tuple[Card, ...], declared: str | None) -> dict[str, Any]:
        """Resolve a complete trick (DT-R12, DT-R13) and hand it to its winner (DT-R14)."""
        result = _resolve(trick, declared, declared or trick[0].suit)
        seats = _SEATS[self.players][self.leader]
        record = PlayedTrick(len(self.tricks) + 1, self.leader, seats, result)
        discards = self.discards
        if result.annihilated:
            discards += tuple(trick[i] for i in result.annihilated)
        won, leader = self.won, self.leader
        if result.winner is None:  # DT-R13c: nobody wins; the same leader leads again
            pass
        else:  # DT-R14: the winner takes the trick and leads the next one
            leader = seats[result.winner]
            won = won[:leader] + (won[leader] + 1,) + won[leader + 1:]
        return {"trick": (), "declared": None, "tricks": self.tricks + (record,), "won": won,
                "leader": leader, "discards": discards}

    def _may_claim(self, player: int, played: Card, before: tuple[Card, ...],
                   hand: tuple[Card, ...]) -> bool:
        """DT-R15 with DT-A3 and DT-A4: may ``player`` claim right after playing ``played``
        (``before`` and ``hand`` are the hand before and after the play)?"""
        if hand and hand[-1].suit == DOPPELGANGER:  # hands stay sorted C, T, S, D
            return False
        if None not in self.bonus_holders.values():  # both bonus cards are taken
            return False
        if self.claims[player] >= self.rules.bonus_max_per_player:  # DT-A3
            return False
        if self.rules.bonus_claim_window == "first_opportunity_only":  # DT-A4
            first_play = len(before) == tricks_per_round(self.players)
            return played.suit == DOPPELGANGER or first_play
        return True

    def _after_turn(self) -> State:
        """End the round once every card is played and no claim is pending (DT-R17, DT-R19)."""
        if self.window is not None or self.trick or any(self.hands):
            return self
        n = self.players
        bonuses = tuple(tuple(name for name in BONUS_NAMES if self.bonus_holders[name] == p)
                        for p in range(n))
        fc = tuple(forecast_points(self.bids[p], self.won[p]) for p in range(n))
        bp = tuple(bonus_points(bonuses[p], self.bids[p], self.won[p], self.rules)
                   for p in range(n))
        row = RoundScore(self.round + 1, self.round_first, self.bids, self.won, bonuses, fc, bp)
        totals = tuple(t + x for t, x in zip(self.totals, row.points, strict=True))
        new = self._evolve(sheet=self.sheet + (row,), totals=totals,
                           last_round_tricks=self.tricks)
        if new.round + 1 >= self.rounds:  # DT-R20: the game ends after `players` rounds
            new.phase = "over"
            return new
        new.round += 1
        new._start_round((self.round_first + 1) % n)  # DT-R5: the left neighbour starts
        return new

    # -- views -----------------------------------------------------------------------------------
    def view(self, player: int) -> dict:
        """What ``player`` may see: their own hand, the others' hand sizes, the public forecasts
        (others' stay hidden until every forecast is in, DT-R6) and everything on the table."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise BadInput("NB-ARG", f"{player!r} is not a player seat")
        hidden = self.phase == "forecast"
        return {
            "player": player, "round": self.round + 1, "phase": self.phase,
            "hand": list(map(str, self.hands[player])),
            "hand_sizes": [len(h) for h in self.hands],
            "bids": [b if (not hidden or q == player) else None
                     for q, b in enumerate(self.bids)],
            "bid_made": [b is not None for b in self.bids],
            "won": list(self.won), "trick": list(map(str, self.trick)),
            "lead_suit": self.lead_suit, "leader": self.leader,
            "bonus_holders": dict(self.bonus_holders), "totals": list(self.totals),
        }

    def last_trick(self) -> PlayedTrick | None:
        """The trick just completed (in this round, or the previous round's last one)."""
        if self.tricks:
            return self.tricks[-1]
        return self.last_round_tricks[-1] if self.last_round_tricks else None

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


_DEFAULT_RULES = Rules()  # frozen, so one shared instance serves every default game


def new_game(players: int, *, rules: Rules | None = None, seed: int | None = None,
             first_player: int | None = None, hands: Any = None) -> State:
    """A new game for 3 or 4 players; ``first_player`` is seat 0..players-1 (DT-R5), random if
    not given. The same seed deals the same cards; ``hands`` (lists of cards, the whole deck)
    prepares the first round's deal instead, e.g. to replay a rulebook example."""
    options: dict[str, Any] = {} if first_player is None else {"first_player": first_player}
    if hands is not None:
        options["hands"] = [[str(card(c)) for c in h] if isinstance(h, (list, tuple)) else h
                            for h in hands] if isinstance(hands, (list, tuple)) else hands
    return State.initial(players, _DEFAULT_RULES if rules is None else rules, seed, options)


from_json = State.from_json


def example_game(trick: Any, declared: str | None = None, *, bids: Any = None,
                 seed: int = 0) -> list[State]:
    """The states of a game whose first trick is ``trick`` (leader = P1), for replaying a
    rulebook example with the stepper: a deal is prepared in which every play is legal (a
    follower who plays off the lead suit gets no plain lead-suit card), everyone forecasts
    ``bids`` (1 each by default), then the cards are played."""
    played = [card(c) for c in (trick.split() if isinstance(trick, str) else trick)]
    n = len(played)
    check_players(n)
    lead_suit = suit(declared, rule="DT-R8") if played[0].suit == DOPPELGANGER else played[0].suit
    size = len(deck(n)) // n
    hands: list[list[Card]] = [[c] for c in played]
    rest = [c for c in deck(n) if c not in played]
    may_hold_lead = [i == 0 or c.suit in (lead_suit, DOPPELGANGER) for i, c in enumerate(played)]
    for c in sorted(rest, key=lambda c: c.suit != lead_suit):  # lead-suit cards first
        seats = [p for p in range(n) if len(hands[p]) < size
                 and (c.suit != lead_suit or may_hold_lead[p])]
        if not seats:
            raise BadInput("DT-R9", f"no deal makes the trick {' '.join(played)} legal")
        hands[min(seats, key=lambda p: (len(hands[p]), p))].append(c)
    state = new_game(n, seed=seed, first_player=0, hands=hands)
    states = [state]
    for b in (bids if bids is not None else [1] * n):
        states.append(states[-1].play(["bid", b]))
    for i, c in enumerate(played):
        action = f"{c}:{lead_suit}" if i == 0 and c.suit == DOPPELGANGER else str(c)
        states.append(states[-1].play(action))
        if states[-1].window is not None:
            states.append(states[-1].play("pass"))
    return states

__all__ = ["State", "PlayedTrick", "RoundScore", "new_game", "from_json", "tricks_per_round",
           "example_game", "GAME"]
