"""The game state of Doppelgänger Tricks: one frozen value per moment of the game.

A game has as many rounds as players (DT-R20). Each round: deal (DT-R4), forecasts in seat
order (DT-R6, secret until all are in), tricks (DT-R7..R14) with bonus claims (DT-R15), then
scoring (DT-R16..R19). The actions are those of :mod:`.actions`; the flow of a round lives in
:mod:`.flow`.

>>> s = new_game(3, seed=5)
>>> s.phase, s.to_move, len(s.hands[0])
('forecast', 0, 12)
>>> t = s.play(["bid", 2]); t.bids[0], s.bids[0]
(2, None)
>>> print(str(t).splitlines()[0])
Doppelgänger Tricks, 3 players, round 1 of 3: forecast, P2 to move
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from ...core.chance import make_seed, rng_for
from ...core.checks import check_instance, check_seat
from ...core.errors import IllegalAction
from ...core.frozen import FrozenMap
from ...core.state import ActionLog, FrozenGameState, Outcome, copier, top_scorers
from . import flow
from .actions import BIDS, CLAIMS, LEADS, PASS, PLAYS, Action, Bid, Claim, Play, parse_action
from .actions import to_json as _action_json
from .flow import PlayedTrick, RoundScore, tricks_per_round
from .notation import DOPPELGANGER, PLAYER_COUNTS, SUIT_SYMBOLS, Card, check_players, deck
from .rules import BONUS_NAMES, Rules, follow_options

GAME = "doppelganger_tricks"
_Rules = Rules  # the type of ``State.rules`` (inside the class ``Rules`` names the ClassVar)
Phase = Literal["forecast", "play", "over"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class State(FrozenGameState):
    """One moment of a game of Doppelgänger Tricks (immutable; ``play`` returns a new state).

    How the checked path stays fast: the legal actions are computed once per state (hands and
    rules never change once a state is built) and cached in ``_legal``; ``play`` accepts an
    action by membership in them, and only a refused action runs :func:`.flow.explain`, which
    checks the rules one by one to name the rule and the reason. The tests check that the two
    always agree.
    """

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[Rules]] = Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({"first_player", "hands"})

    rules: _Rules
    round: int = 0
    sheet: tuple[RoundScore, ...] = ()
    totals: tuple[int, ...] = ()
    last_round_tricks: tuple[PlayedTrick, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    round_first: int = 0
    phase: Phase = "forecast"
    bids: tuple[int | None, ...] = ()
    won: tuple[int, ...] = ()
    leader: int = 0
    trick: tuple[Card, ...] = ()
    declared: str | None = None
    tricks: tuple[PlayedTrick, ...] = ()
    holders: tuple[int | None, ...] = ()  # per bonus card (+1, +3): its holder or None
    window: int | None = None  # the player who may claim a bonus card now (DT-R15)
    _legal: tuple[Action, ...] | None = dataclasses.field(default=None, compare=False)

    # -- setup (DT-R1..R5) ------------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Any) -> State:
        players = check_players(players)
        seed = make_seed(seed)
        fixed = flow.check_hands(options["hands"], players) if "hands" in options else None
        first = options.get("first_player")
        if first is None:  # DT-R5: otherwise chosen at random (seeded)
            first = rng_for(seed, "first player").randrange(players)
        else:
            first = check_seat(first, players, "first_player", rule="DT-R5")
        hands = fixed if fixed is not None else flow.deal(players, seed, 0)
        return cls(players=players, rules=rules, seed=seed, options=FrozenMap(options),
                   action_log=None, round=0, sheet=(), totals=(0,) * players,
                   last_round_tricks=(), **flow.round_fields(players, first, hands))

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
        if not self.trick:
            return None
        return self.declared or self.trick[0].suit

    def legal_actions(self) -> list[Action]:
        return list(self._legal if self._legal is not None else self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions as a tuple, computed once per state and cached."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _PUT_LEGAL(self, legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.phase == "play":
            if self.window is not None:  # DT-R15: claim a free bonus card, or pass
                claims = CLAIMS[self.window]
                free: tuple[Action, ...] = tuple(
                    claims[name] for name, who in zip(BONUS_NAMES, self.holders, strict=True)
                    if who is None)
                return free + (PASS,)
            trick = self.trick
            p = (self.leader + len(trick)) % self.players
            hand = self.hands[p]
            if trick:
                lead = self.declared or trick[0].suit
                return tuple(map(_PLAY_OF.__getitem__, follow_options(hand, lead)))  # DT-R9
            if not self.rules.declare_restricted_to_held_suits:
                return _LEADS_OF(hand)
            suits = flow.declarable(self, p)  # DT-A10
            return tuple(play for c in hand for play in LEADS[c]
                         if play.declared is None or play.declared in suits)
        if self.phase == "forecast":
            return BIDS[:self.bid_max + 1]
        return ()  # the game is over

    # -- actions ----------------------------------------------------------------------------------
    def play(self, action: Any) -> State:
        """The state after ``action``; raises a :class:`RuleError` (and changes nothing) if refused.

        A play spelled as :meth:`legal_actions` spells it (``"4S"``, ``"6D:C"``, ``"pass"``) is
        already parsed and checked once it is found in the cached legal actions, and so is a
        :class:`Bid` or :class:`Claim` taken from them; anything else (other spellings, JSON
        lists, every refusal) goes through ``GameState.play``.
        """
        tp = type(action)
        if tp is Play or tp is str:
            canonical = action if tp is Play else _CANONICAL.get(action)
            if canonical is not None:
                legal = self._legal
                if legal is None:
                    legal = self._legal_tuple()
                if canonical in legal:
                    new = (self._play_card(canonical) if type(canonical) is Play
                           else _EV_W(self, None)._after_turn())  # PASS (DT-R15)
                    _PUT_LOG(new, ActionLog(self.action_log, str.__str__(canonical)))
                    return new
        elif tp is Bid or tp is Claim:  # the typed tuples legal_actions hands out
            legal = self._legal
            if legal is None:
                legal = self._legal_tuple()
            if action in legal:
                new = self._apply(action)
                _PUT_LOG(new, ActionLog(self.action_log, action))
                return new
        return super(State, self).play(action)

    def parse_action(self, action: Any) -> Action:
        """Accept ``["bid", 3]``, ``"4S"``, ``"6D:C"`` (or ``["6D", "C"]``), ``["claim", 1, "+1"]``,
        ``"pass"``; malformed input raises :class:`BadInput`."""
        return parse_action(action, self.players)

    def action_to_json(self, action: Any) -> Any:
        return _action_json(action)

    def action_label(self, action: Any) -> str:
        return flow.action_label(action)

    def _check(self, action: Any) -> None:
        if action in self._legal_tuple():  # the legal set, computed once per state
            return
        flow.explain(self, action)  # raises IllegalAction naming the rule that forbids it
        raise IllegalAction("NB-ARG", f"{self.action_label(action)} is not a legal action now")

    def _apply(self, action: Any) -> State:
        if type(action) is Play:
            return self._play_card(action)
        if action == PASS:
            return _EV_W(self, None)._after_turn()
        if isinstance(action, Bid):
            p = self.to_move
            assert p is not None
            bids = self.bids[:p] + (action.tricks,) + self.bids[p + 1:]
            if None in bids:
                return _EV_B(self, bids)
            # DT-R6: all forecasts are revealed together; the round's first player leads.
            return self._evolve(bids=bids, phase="play", leader=self.round_first)
        assert isinstance(action, Claim)
        at = BONUS_NAMES.index(action.bonus)
        player = action.player
        holders = self.holders[:at] + (player,) + self.holders[at + 1:]
        return self._evolve(holders=holders, window=None)._after_turn()

    def _play_card(self, action: Play) -> State:
        c = action.card
        trick = self.trick
        n = self.players
        p = (self.leader + len(trick)) % n  # to_move: no claim is pending
        hands = self.hands
        before = hands[p]
        at = before.index(c)
        hand = before[:at] + before[at + 1:]
        hands = hands[:p] + (hand,) + hands[p + 1:]
        # DT-R15: a claim needs a hand without D cards (hands stay sorted C, T, S, D) and a
        # free bonus card; the variant flags are checked only then.
        window = None if (hand and hand[-1].suit == DOPPELGANGER) or None not in self.holders \
            else p if flow.may_claim(self, p, c, before, hand) else None
        trick = trick + (c,)
        if len(trick) == n:  # DT-R11: the trick is complete
            done, won, leader = flow.complete_trick(self, trick)
            new = _EV_TRICK(self, hands, window, (), None, self.tricks + (done,), won, leader)
            if window is None and not hand:  # the round's last card (DT-R17)
                return new._after_turn()
            return new
        if len(trick) == 1:  # the lead (DT-R8: a led D card carries its declared suit)
            return _EV_LEAD(self, hands, window, trick, action.declared)
        return _EV_FOLLOW(self, hands, window, trick)

    def _after_turn(self) -> State:
        """End the round once every card is played and no claim is pending (DT-R17, DT-R19)."""
        if self.window is not None or self.trick or any(self.hands):
            return self
        row = flow.score_round(self)
        totals = tuple(t + x for t, x in zip(self.totals, row.points, strict=True))
        done: dict[str, Any] = {"sheet": self.sheet + (row,), "totals": totals,
                                "last_round_tricks": self.tricks}
        if self.round + 1 >= self.rounds:  # DT-R20: the game ends after `players` rounds
            return self._evolve(phase="over", **done)
        first = (self.round_first + 1) % self.players  # DT-R5: the left neighbour starts
        hands = flow.deal(self.players, self.seed, self.round + 1)
        return self._evolve(round=self.round + 1, **done,
                            **flow.round_fields(self.players, first, hands))

    # -- views -----------------------------------------------------------------------------------
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: an onlooker): their own hand, the others' hand
        sizes, the public forecasts (others' stay hidden until every forecast is in, DT-R6) and
        everything on the table. A new dict each call."""
        if player is not None:
            player = check_seat(player, self.players, "player")
        hidden = self.phase == "forecast"
        return {
            "player": player, "round": self.round + 1, "phase": self.phase,
            "hand": [] if player is None else list(map(str, self.hands[player])),
            "hand_sizes": [len(h) for h in self.hands],
            "bids": [b if (not hidden or q == player) else None
                     for q, b in enumerate(self.bids)],
            "bid_made": [b is not None for b in self.bids],
            "won": list(self.won), "trick": list(map(str, self.trick)),
            "lead_suit": self.lead_suit, "leader": self.leader,
            "bonus_holders": self.bonus_holders, "totals": list(self.totals),
        }

    def determinize(self, player: int, rng: random.Random) -> State:
        """A state consistent with what ``player`` has seen; see :func:`.players.determinize`."""
        from .players import determinize

        return determinize(self, player, rng)

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


_PUT_LEGAL = vars(State)["_legal"].__set__
_PUT_LOG = vars(FrozenGameState)["action_log"].__set__
_CANONICAL: dict[str, Action] = {**PLAYS, PASS: PASS}
_PLAY_OF: dict[Card, Play] = {p.card: p for p in PLAYS.values() if p.declared is None}


def _LEADS_OF(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """DT-R7, DT-R8: every card of ``hand`` may lead, a D card once per declarable suit."""
    if hand[-1].suit != DOPPELGANGER:  # hands stay sorted C, T, S, D: no D card
        return tuple(map(_PLAY_OF.__getitem__, hand))
    return tuple([play for c in hand for play in LEADS[c]])


# The copiers of the hot paths, called directly (no keyword dict, no lookup per action).
_Copier = Callable[..., State]
_EV_W: _Copier = copier(State, ("window",))
_EV_B: _Copier = copier(State, ("bids",))
_EV_FOLLOW: _Copier = copier(State, ("hands", "window", "trick"))
_EV_LEAD: _Copier = copier(State, ("hands", "window", "trick", "declared"))
_EV_TRICK: _Copier = copier(State, ("hands", "window", "trick", "declared", "tricks", "won", "leader"))
_DEFAULT_RULES = Rules()  # frozen, so one shared instance serves every default game


def new_game(players: int, *, rules: Rules | None = None, seed: int | None = None,
             first_player: int | None = None, hands: Any = None, **unknown: Any) -> State:
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
    check_players(players)
    if rules is not None:
        check_instance(rules, "rules", Rules, expected="a doppelganger_tricks Rules")
    if first_player is not None:
        options["first_player"] = first_player
    if hands is not None:
        options["hands"] = [[str(c) for c in flow.check_hands(hands, players)[p]]
                            for p in range(players)] if isinstance(hands, (list, tuple)) else hands
    return State.new(players, _DEFAULT_RULES if rules is None else rules, seed, options)


from_json = State.from_json

__all__ = ["State", "PlayedTrick", "RoundScore", "new_game", "from_json", "tricks_per_round",
           "GAME", "Phase"]
