"""The Doppeldoppel game state: deal, tricks, rounds, hidden plays, records.

A :class:`State` is a frozen, slotted dataclass: every field is typed and immutable (tuples of
cards, ints, strs), a new state shares every field it does not change, and the actions so far
live in the core's shared :class:`~doppelnb.core.state.ActionLog`.

>>> s = new_game(3, seed=7, first_sp=0)
>>> s.to_move, len(s.hands[0]), s.tricks_per_round
(0, 12, 12)
>>> s2 = s.play(s.legal_actions()[0])
>>> s2.view(1).trick                        # the leader's card is face up (DD-R9)
((0, Card('Y', 1)),)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.chance import make_seed, rng_for
from ...core.checks import check_int, check_players, check_seat
from ...core.errors import BadInput
from ...core.render import Html, Svg
from ...core.spec import spec_of
from ...core.state import FrozenGameState, Outcome, copier
from .actions import Action, Lead, action_to_json, parse_action
from .apply import Draft, lay
from .legal import action_label, legal_actions, refusal
from .notation import DECK_SIZE, GAME, PLAYER_COUNTS, Card
from .rules import (
    DEFAULT_RULES,
    Hands,
    TrickRecord,
    check_hands,
    check_rules,
    deal_hands,
    pile_counts,
    play_orders,
    round_score,
)
from .rules import Rules as DDRules


@dataclass(frozen=True, slots=True)
class View:
    """What one player (``None``: an onlooker) may see: their own hand, the sizes of the others,
    the face-up cards; hidden are the other hands and face-down cards not yet revealed."""

    player: int | None
    players: int
    round: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card | None], ...]  # (seat, card or None when face down to me)
    lead_colour: str | None
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    totals: tuple[int, ...]
    legal: tuple[Action, ...]
    colour_names: tuple[str, ...]

    def _repr_svg_(self) -> str:
        from .render import view_svg

        return str(view_svg(self))


@dataclass(frozen=True, slots=True, kw_only=True, eq=True, repr=False)
class State(FrozenGameState):
    """One moment of a Doppeldoppel game (immutable; :meth:`play` returns the next state).

    Actions: a card ``"Y5"`` from the hand of the player to move. With 4 players the leader's
    action is ``("Y5", "Y")`` (or ``"Y5/Y"``): the face-down card and the declared colour (a bare
    ``"Y5"`` declares the card's own colour). With 3 players the two followers' cards are face down
    until both are in (DD-R9, DD-A10): they are submitted one at a time and :meth:`view` hides them.
    """

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[DDRules]] = DDRules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = frozenset({"first_sp", "hands"})

    rules: DDRules
    round: int = 0
    round_sp: int = 0
    leader: int = 0
    hands: Hands = ()
    piles: Hands = ()
    discard: tuple[Card, ...] = ()
    trick: tuple[Card, ...] = ()
    declared: str | None = None
    reversal: bool = False
    trick_number: int = 0
    totals: tuple[int, ...] = ()
    round_scores: tuple[tuple[int, ...], ...] = ()
    round_piles: tuple[Hands, ...] = ()
    log: tuple[TrickRecord, ...] = ()
    over: bool = False
    _legal: tuple[Action, ...] | None = field(default=None, compare=False)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def header(cls, players: Any, rules: Any, seed: Any,
               options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The core header check, with the player count refused under DD-R1."""
        _check_players(players)
        # super(State, cls), not super(): the slotted dataclass is a new class object, so the
        # zero-argument form fails; not FrozenGameState.header.__func__: a compiled classmethod
        # has no __func__.
        return super(State, cls).header(players, rules, seed, options)

    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None,
                options: Mapping[str, Any]) -> State:
        head = cls.header(players, rules, seed, options)
        players, rules = head["players"], head["rules"]
        first_sp = options.get("first_sp")
        if first_sp is None:  # DD-R4: chosen at random (recorded through the seed)
            first_sp = rng_for(head["seed"], "first_sp").randrange(players)
        else:
            first_sp = check_seat(first_sp, players, "first_sp", rule="DD-R4")
        hands = options.get("hands")
        dealt = (deal_hands(rules, head["seed"], players, 0) if hands is None
                 else check_hands(hands, players, rules))
        if hands is not None:  # the record holds plain card strings
            head["options"] = head["options"].set(
                "hands", tuple(tuple(str(c) for c in hand) for hand in dealt))
        empty: Hands = ((),) * players
        return cls(**head, round=0, round_sp=first_sp, leader=first_sp, hands=dealt,
                   piles=empty, totals=(0,) * players)

    # -- seating ---------------------------------------------------------------------------
    def left_of(self, seat: int) -> int:
        """The left neighbour (seats are numbered clockwise)."""
        return (seat + 1) % self.players

    def play_order(self, leader: int | None = None) -> tuple[int, ...]:
        """Seats in play order from ``leader`` (DD-R8, DD-A4)."""
        start = self.leader if leader is None else check_seat(leader, self.players, "leader")
        return play_orders(self.players, self.rules.direction)[start]

    @property
    def tricks_per_round(self) -> int:
        return DECK_SIZE // self.players  # DD-R5: 12 with 3 players, 9 with 4

    @property
    def rounds(self) -> int:
        return self.players  # DD-R5: as many rounds as players

    @property
    def lead_colour(self) -> str | None:
        """The current trick's lead colour, once the leader has played (DD-R9, DD-R10)."""
        if not self.trick:
            return None
        return self.declared if self.declared is not None else self.trick[0].colour

    # -- protocol ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        step = 1 if self.rules.direction == "clockwise" else -1  # DD-R8, DD-A4
        return (self.leader + step * len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> tuple[int, ...]:
        """Victory points so far (DD-R21)."""
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points at the end (DD-R22, DD-A15); () while playing."""
        if not self.over:
            return ()
        best = max(self.totals)
        tied = [p for p in range(self.players) if self.totals[p] == best]
        if len(tied) > 1 and self.rules.final_tie == "most_recent_round_score":
            last = self.round_scores[-1]
            top = max(last[p] for p in tied)
            tied = [p for p in tied if last[p] == top]
        return tuple(tied)

    @property
    def outcome(self) -> Outcome:
        """Over or not, the winners (DD-R22, DD-A15) and the totals."""
        if not self.over:
            return Outcome(False, (), self.totals)
        return Outcome(True, self.winners, self.totals,
                       f"most victory points after {self.rounds} rounds (DD-R22)")

    def _legal_tuple(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        return legal_actions(self)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move (a new list; cached per state)."""
        return list(self._legal_tuple())

    def parse_action(self, action: Any) -> Action:
        if type(action) is Card and (self.trick or self.players == 3):
            return action  # the common case: a card from legal_actions()
        if type(action) is Lead:
            legal = self._legal_tuple()
            if action in legal:  # a 4-player lead equal to a legal one: that checked object
                return legal[legal.index(action)]
        return parse_action(action, leading=not self.trick, players=self.players,
                            who=f"P{(self.to_move or 0) + 1}")

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def action_label(self, action: Action) -> str:
        return action_label(self, action)

    def _check(self, action: Action) -> None:
        if action in self._legal_tuple():
            return
        problem = refusal(self, action)  # DD-R10..R12, or NB-ARG
        assert problem is not None
        raise problem

    def _apply(self, action: Action) -> State:
        if len(self.trick) + 1 < self.players:  # the trick goes on: only a card is laid
            # self._lay(action), inlined: a search plays this line for most of its actions
            seat = self.to_move
            assert seat is not None
            return _lay_copy(self, *lay(self.hands, seat, self.trick, self.declared, action))
        return self._apply_with_draft(action)

    def _apply_with_draft(self, action: Action) -> State:
        """The reference transition: :meth:`Draft.play` on a draft of this state (DD-R9..R22).
        :meth:`_apply` takes it whenever the action completes a trick; the tests compare it with
        :meth:`_lay` on every other action of many seeded games."""
        draft: Draft[State] = Draft.of(self)
        draft.play(action)
        return draft.freeze()

    def _lay(self, action: Action) -> State:
        """A card laid on a trick that stays unfinished (DD-R12; the 4-player lead also declares
        its colour, DD-R10): the state :meth:`Draft.play` makes, built directly.

        Three actions in four (two in three with 3 players) change nothing but the mover's hand,
        the trick and the declared colour, and a search plays hundreds of thousands of them
        (IS-MCTS playouts run to the end of the game). Copying the state with those three
        fields replaced costs a third of a draft's copy-in and freeze-out of every field."""
        seat = self.to_move
        assert seat is not None
        return _lay_copy(self, *lay(self.hands, seat, self.trick, self.declared, action))

    # -- what each player sees --------------------------------------------------------------
    def view(self, player: int | None = None) -> View:
        """The game as ``player`` sees it: their own hand; face-down cards of others hidden.
        ``None`` is an onlooker: no hand, every face-down card hidden."""
        if player is not None:
            player = check_seat(player, self.players, "player")
        seats = self.play_order()
        trick = tuple((s, c if self._face_up(i) or s == player else None)
                      for i, (s, c) in enumerate(zip(seats, self.trick, strict=False)))
        legal = self._legal_tuple() if player is not None and self.to_move == player else ()
        hand = self.hands[player] if player is not None else ()
        return View(player, self.players, self.round, hand,
                          tuple(map(len, self.hands)), trick, self.lead_colour, self.piles,
                          self.discard, self.totals, legal, self.rules.colour_names)

    def _face_up(self, position: int) -> bool:
        """Is the card at ``position`` of the unfinished trick face up? (DD-R9, DD-R10)"""
        if self.players == 3:
            return position == 0  # the 3-player leader plays face up, the others face down
        return position != 0  # the 4-player leader plays face down, the others face up

    def determinize(self, player: int, rng: random.Random) -> State:
        """A state consistent with what ``player`` has seen, every hidden card resampled: the
        engine's determinizer (:func:`.players.determinize`), found through the game registry
        as every search finds it (players.py builds on this module, not the other way)."""
        determinize = spec_of(self.game).determinize
        assert determinize is not None  # the engine registers one (__init__.py)
        result: State = determinize(self, player, rng)
        return result

    def all_cards(self) -> Counter[Card]:
        """Every card in hands, the trick, acquired piles and the discard (conservation checks)."""
        cards: Counter[Card] = Counter(self.discard)
        cards.update(self.trick)
        for zone in (*self.hands, *self.piles):
            cards.update(zone)
        return cards

    def invariants(self) -> tuple[str, ...]:
        """Every violated conserved quantity, as a sentence; empty when all hold.

        The 36 cards are all somewhere (hands, trick, acquired piles, discard; DD-R2); hands
        shrink by one card per trick (DD-R3, DD-R12); the trick is shorter than the table; each
        round score is the score of that round's acquired pile (DD-R18..R21) and the totals are
        their sums (DD-R21).
        """
        problems: list[str] = []
        cards = self.all_cards()
        deck: Counter[Card] = Counter(self.rules.deck_counts())
        if cards != deck:
            problems.append(f"DD-R2: the cards in play are not the deck (extra "
                            f"{sorted(map(str, (cards - deck).elements()))}, missing "
                            f"{sorted(map(str, (deck - cards).elements()))})")
        if len(self.trick) >= self.players:
            problems.append(f"DD-R12: the trick holds {len(self.trick)} cards")
        if not self.over:
            left = self.tricks_per_round - self.trick_number
            played = set(self.play_order()[:len(self.trick)])
            want = [left - (p in played) for p in range(self.players)]
            if [len(h) for h in self.hands] != want:
                problems.append(f"DD-R3: hand sizes {[len(h) for h in self.hands]}, expected "
                                f"{want}")
        if len(self.round_scores) != len(self.round_piles):
            problems.append("DD-R21: a round score without its acquired piles")
        for r, (scores, piles) in enumerate(zip(self.round_scores, self.round_piles,
                                                strict=False)):
            want_scores = tuple(round_score(pile_counts(p), self.rules) for p in piles)
            if scores != want_scores:
                problems.append(f"DD-R18: round {r + 1} scores {scores}, the piles score "
                                f"{want_scores}")
        sums = tuple(sum(r[p] for r in self.round_scores) for p in range(self.players))
        if sums != self.totals:
            problems.append(f"DD-R21: totals {self.totals} are not the round sums {sums}")
        return tuple(problems)

    # -- text and renderings ---------------------------------------------------------------
    def __str__(self) -> str:
        """A text picture: round, trick, every hand (this is the whole state, not a view)."""
        lines = [f"round {self.round + 1}/{self.rounds}, trick "
                 f"{min(self.trick_number + 1, self.tricks_per_round)}/{self.tricks_per_round}, "
                 f"start player P{self.round_sp + 1}"
                 + (", strength reversed" if self.reversal else "")]
        for p in range(self.players):
            mark = ">" if p == self.to_move else " "
            hand = " ".join(map(str, self.hands[p])) or "-"
            pile = " ".join(map(str, self.piles[p])) or "-"
            lines.append(f"{mark} P{p + 1} total {self.totals[p]:+d} | hand {hand} | won {pile}")
        if self.trick:
            order = self.play_order()
            shown = " ".join(f"P{order[i] + 1}:{c}" for i, c in enumerate(self.trick))
            lines.append(f"  trick (lead {self.lead_colour}): {shown}")
        if self.log:
            last = self.log[-1]
            lines.append(f"  last trick (round {last.round + 1}, trick {last.number + 1}): "
                         f"{last.result.reason}")
        if self.round_scores:
            lines.append("  round scores: " + " / ".join(
                " ".join(f"{s:+d}" for s in r) for r in self.round_scores))
        if self.over:
            lines.append(f"  {self.outcome}")
        return "\n".join(lines)

    def score_sheet(self) -> Html:
        """The score sheet: round scores and running totals (DD-R21), winners marked."""
        from .render import score_sheet_html

        return score_sheet_html(self)

    def trick_log(self, round_number: int | None = None) -> Html:
        """A table of the finished tricks of one round (default: the current or last round)."""
        from .render import trick_log_html

        rnd = (self.round if round_number is None else
               check_int(round_number, "round_number", 0, self.rounds - 1))
        return trick_log_html(self, rnd)

    def piles_svg(self) -> Svg:
        """Each player's acquired pile this round with its current round score."""
        from .render import piles_svg

        return piles_svg(self)

    def _repr_html_(self) -> str:
        from .render import state_html

        return str(state_html(self))


#: ``_lay_copy(state, hands, trick, declared)``: ``state`` with those fields replaced (the core's
#: straight-line copy; caches start empty).
_lay_copy = copier(State, ("hands", "trick", "declared"))


def _check_players(players: Any) -> int:
    return check_players(players, PLAYER_COUNTS, rule="DD-R1")  # DD-R1: 3 or 4, an int


def new_game(players: int, *, rules: DDRules = DEFAULT_RULES, seed: int | None = None,
             first_sp: int | None = None, hands: Sequence[Sequence[str]] | None = None,
             **unknown: Any) -> State:
    """A new game for 3 or 4 players (DD-R1); the same seed gives the same deals.

    ``first_sp`` is the first start player's seat (DD-R4; at random from the seed if omitted).
    ``hands`` optionally prescribes the first round's deal (lists of cards that together are
    exactly the deck), for teaching set-ups; later rounds are dealt from the seed. Any other
    keyword is refused with ``BadInput`` (not ``TypeError``).

    >>> new_game(10.0)
    Traceback (most recent call last):
    ...
    doppelnb.core.errors.BadInput: DD-R1: players must be a whole number from 3 to 4, got 10.0
    """
    if unknown:
        raise BadInput("NB-ARG", f"new_game has no option {', '.join(sorted(unknown))}; its "
                       "options are rules, seed, first_sp, hands")
    players = _check_players(players)
    rules = check_rules(rules)
    if seed is not None:
        seed = make_seed(seed)
    options: dict[str, Any] = {}
    if first_sp is not None:
        options["first_sp"] = first_sp
    if hands is not None:
        options["hands"] = hands
    return State.new(players, rules, seed, options)


from_json = State.from_json

__all__ = ["State", "View", "new_game", "from_json"]
