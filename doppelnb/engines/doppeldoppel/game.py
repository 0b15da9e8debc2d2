"""The Doppeldoppel game state: deal, tricks, rounds, hidden plays, records."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from ...core.chance import make_seed, rng_for
from ...core.checks import check_int, check_players, check_seat
from ...core.errors import BadInput, IllegalAction
from ...core.render import Html, Svg, html_table
from ...core.state import GameState
from .cards import (
    COLOURS,
    DECK_SIZE,
    GAME,
    PLAYER_COUNTS,
    Card,
    card_key,
    parse_card,
    parse_cards,
    parse_colour,
    sort_cards,
)
from .rules import (
    DEFAULT_RULES,
    Rules,
    TrickResult,
    check_rules,
    legal_cards,
    pile_counts,
    resolve_trick,
    round_score,
)

# ------------------------------------------------------------------------------------------------
# The game state
# ------------------------------------------------------------------------------------------------

class Lead(NamedTuple):
    """The 4-player lead: a card played face down and the declared lead colour (DD-R10)."""

    card: Card
    colour: str


class TrickRecord(NamedTuple):
    """A finished trick: round (0-based), trick number in the round (0-based), the seat of each
    card's player in play order, the result, and the seat that leads next."""

    round: int
    number: int
    seats: tuple[int, ...]
    result: TrickResult
    next_leader: int


@dataclass(frozen=True)
class PlayerView:
    """What one player may see (hidden: other hands, face-down cards not yet revealed)."""

    player: int
    players: int
    round: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card | None], ...]  # (seat, card or None when face down to me)
    lead_colour: str | None
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    totals: tuple[int, ...]
    legal: tuple[Any, ...]
    colour_names: tuple[str, ...]

    def _repr_svg_(self) -> str:
        from .render import view_svg

        return str(view_svg(self))


class State(GameState):
    """One moment of a Doppeldoppel game (immutable; :meth:`play` returns the next state).

    Actions: a card ``"Y5"`` from the hand of the player to move. With 4 players the leader's
    action is ``("Y5", "Y")``: the face-down card and the declared colour (a bare ``"Y5"`` declares
    the card's own colour). With 3 players the two followers' cards are face down until both are
    in (DD-R9, DD-A10): they are submitted one at a time and :meth:`view` hides them.
    """

    game = GAME
    Rules = Rules
    option_names = frozenset({"first_sp", "hands"})

    round: int
    round_sp: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    trick: tuple[Card, ...]
    declared: str | None
    reversal: bool
    trick_number: int
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    round_piles: tuple[tuple[tuple[Card, ...], ...], ...]
    log: tuple[TrickRecord, ...]
    over: bool

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        players = _check_players(players)
        state = cls()
        state._init_record(players, rules, seed, options)
        first_sp = options.get("first_sp")
        if first_sp is None:  # DD-R4: chosen at random (recorded through the seed)
            first_sp = rng_for(state.seed, "first_sp").randrange(players)
        else:
            first_sp = check_seat(first_sp, players, "first_sp", rule="DD-R4")
        hands = options.get("hands")
        dealt = (state._deal(0) if hands is None else _check_hands(hands, players, rules))
        # the options are read-only and hold only immutable values: states share them safely
        frozen: dict[str, Any] = dict(state.options)
        if hands is not None:
            frozen["hands"] = tuple(tuple(str(c) for c in hand) for hand in dealt)
        state.options = MappingProxyType(frozen)  # type: ignore[assignment]
        empty = ((),) * players
        state.__dict__.update(
            round=0, round_sp=first_sp, leader=first_sp, hands=dealt, piles=empty, discard=(),
            trick=(), declared=None, reversal=False, trick_number=0, totals=(0,) * players,
            round_scores=(), round_piles=(), log=(), over=False)
        return state

    def _deal(self, round_number: int) -> tuple[tuple[Card, ...], ...]:
        """DD-R3, DD-A16: shuffle all 36 cards and deal them evenly; a fresh deal every round."""
        deck = list(self.rules.deck())
        rng_for(self.seed, "deal", round_number).shuffle(deck)
        return tuple(sort_cards(deck[p::self.players]) for p in range(self.players))

    # -- seating ---------------------------------------------------------------------------
    def left_of(self, seat: int) -> int:
        """The left neighbour (seats are numbered clockwise)."""
        return (seat + 1) % self.players

    def play_order(self, leader: int | None = None) -> tuple[int, ...]:
        """Seats in play order from ``leader`` (DD-R8, DD-A4)."""
        leader = self.leader if leader is None else leader
        step = 1 if self.rules.direction == "clockwise" else -1
        return tuple((leader + step * i) % self.players for i in range(self.players))

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

    def legal_actions(self) -> list:
        if self.over:
            return []
        seat = self.to_move
        hand = self.hands[seat]
        if self.trick:
            return legal_cards(hand, self.lead_colour)  # DD-R11
        cards = legal_cards(hand, None)
        if self.players == 3:
            return cards  # DD-R9: the leader plays face up
        if self.rules.declared_colour_must_match:  # DD-R10, DD-A9
            return [Lead(c, c.colour) for c in cards]
        return [Lead(c, colour) for c in cards for colour in COLOURS]

    def parse_action(self, action: Any) -> Card | Lead:
        leading = not self.trick
        if isinstance(action, Lead):
            lead = Lead(parse_card(action.card), parse_colour(action.colour, "DD-R10"))
        elif isinstance(action, Card) or isinstance(action, str):
            card = parse_card(action)
            if leading and self.players == 4:  # a bare card declares its own colour
                return Lead(card, card.colour)
            return card
        elif isinstance(action, (list, tuple)) and len(action) == 2:
            lead = Lead(parse_card(action[0]), parse_colour(action[1], "DD-R10"))
        else:
            raise BadInput("NB-ARG", f"{action!r} is not a Doppeldoppel action: play a card like "
                           "'Y5', or with 4 players lead ('Y5', 'Y') to declare a colour")
        who = f"P{self.to_move + 1}" if self.to_move is not None else "nobody"
        if self.players == 3:
            raise IllegalAction("DD-R9", "with 3 players the leader plays face up and declares "
                                "no colour: play just the card, like 'Y5'")
        if not leading:
            raise IllegalAction("DD-R10", f"only the leader declares a colour; {who} follows "
                                f"with a card only, like '{lead.card}'")
        return lead

    def action_to_json(self, action: Card | Lead) -> Any:
        if isinstance(action, Lead):
            return [str(action.card), action.colour]
        return str(action)

    def action_label(self, action: Card | Lead) -> str:
        if isinstance(action, Lead):
            return f"{action.card} face down, declares {self.rules.colour_name(action.colour)}"
        if self.players == 3 and self.trick:
            return f"{action} face down"
        return str(action)

    def _check(self, action: Card | Lead) -> None:
        seat = self.to_move
        who = f"P{seat + 1}"
        card = action.card if isinstance(action, Lead) else action
        hand = self.hands[seat]
        if card not in hand:  # DD-R12: one card from your own hand
            shown = " ".join(map(str, hand))
            raise IllegalAction("DD-R12", f"{who} does not hold {card}; {who}'s hand is {shown}")
        if isinstance(action, Lead):
            if self.rules.declared_colour_must_match and action.colour != card.colour:  # DD-A9
                raise IllegalAction(
                    "DD-R10", f"the declared colour must be the face-down card's colour (DD-A9): "
                    f"{card} is {self.rules.colour_name(card.colour)}, so {who} cannot declare "
                    f"{self.rules.colour_name(action.colour)}")
            return
        lead = self.lead_colour
        if lead is not None and card.colour != lead:  # DD-R11 (checked face down too, DD-R12)
            follow = [c for c in hand if c.colour == lead]
            if follow:
                name = self.rules.colour_name(lead)
                raise IllegalAction("DD-R11", f"{who} holds {follow[0]}, so {who} must follow "
                                    f"{name}; {card} is not {name}")

    def _apply(self, action: Card | Lead) -> State:
        seat = self.to_move
        card = action.card if isinstance(action, Lead) else action
        hand = list(self.hands[seat])
        hand.remove(card)
        hands = self.hands[:seat] + (tuple(hand),) + self.hands[seat + 1:]
        trick = self.trick + (card,)
        declared = action.colour if isinstance(action, Lead) else self.declared
        if len(trick) < self.players:
            return self._evolve(hands=hands, trick=trick, declared=declared)
        return self._finish_trick(hands, trick, declared)

    def _finish_trick(self, hands, trick, declared) -> State:
        """Reveal and resolve the complete trick, then maybe end the round and the game."""
        rules: Rules = self.rules
        seats = self.play_order()
        # DD-R10 step 3 / DD-R9 step 3 / DD-A18: everything is revealed, then resolved as usual.
        result = resolve_trick(trick, rules, lead_colour=declared, reversed_before=self.reversal)
        piles = self.piles
        if result.winner is not None:  # DD-R17: the winner keeps the survivors face up
            w = seats[result.winner]
            piles = piles[:w] + (sort_cards(piles[w] + result.acquired),) + piles[w + 1:]
            if rules.next_leader == "winner":  # DD-R7, DD-A3
                nxt = w
            elif rules.next_leader == "round_sp":
                nxt = self.round_sp
            else:
                nxt = self.left_of(self.leader)
        elif rules.next_leader == "winner":  # DD-R16, DD-A8: nobody won the trick
            nxt = self.leader if rules.no_winner_next_leader == "same_leader" else \
                self.left_of(self.leader)
        else:
            nxt = self.round_sp if rules.next_leader == "round_sp" else self.left_of(self.leader)
        record = TrickRecord(self.round, self.trick_number, seats, result, nxt)
        changes: dict[str, Any] = dict(
            hands=hands, piles=piles, discard=self.discard + result.discarded_cards, trick=(),
            declared=None, reversal=result.reversal_after, trick_number=self.trick_number + 1,
            leader=nxt, log=self.log + (record,))
        if changes["trick_number"] == self.tricks_per_round:  # DD-R5: hands are empty
            changes.update(self._end_round(piles))
        return self._evolve(**changes)

    def _end_round(self, piles) -> dict[str, Any]:
        """DD-R18..R21 scoring, DD-R22 game end, DD-R6 start-player rotation, DD-A16 re-deal."""
        scores = tuple(round_score(pile_counts(p), self.rules) for p in piles)
        totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        out: dict[str, Any] = dict(totals=totals, round_scores=self.round_scores + (scores,),
                                   round_piles=self.round_piles + (piles,))
        if self.round + 1 == self.rounds:  # DD-R5, DD-R22: N rounds for N players
            out.update(over=True, leader=self.leader)
            return out
        nxt_round = self.round + 1
        sp = self.left_of(self.round_sp)  # DD-R6: left of the player who was SP at round start
        out.update(round=nxt_round, round_sp=sp, leader=sp, hands=self._deal(nxt_round),
                   piles=((),) * self.players, discard=(), trick_number=0, reversal=False)
        return out

    # -- what each player sees --------------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """The game as ``player`` sees it: their own hand; face-down cards of others hidden."""
        player = check_seat(player, self.players, "player")
        seats = self.play_order()
        trick = tuple((s, c if self._face_up(i) or s == player else None)
                      for i, (s, c) in enumerate(zip(seats, self.trick, strict=False)))
        legal = tuple(self.legal_actions()) if self.to_move == player else ()
        return PlayerView(player, self.players, self.round, self.hands[player],
                          tuple(map(len, self.hands)), trick, self.lead_colour, self.piles,
                          self.discard, self.totals, legal, self.rules.colour_names)

    def _face_up(self, position: int) -> bool:
        """Is the card at ``position`` of the unfinished trick face up? (DD-R9, DD-R10)"""
        if self.players == 3:
            return position == 0  # the 3-player leader plays face up, the others face down
        return position != 0  # the 4-player leader plays face down, the others face up

    def all_cards(self) -> Counter:
        """Every card in hands, the trick, acquired piles and the discard (conservation checks)."""
        cards: Counter = Counter(self.discard)
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
        deck = Counter(self.rules.deck_counts())
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

    # -- renderings --------------------------------------------------------------------------
    def score_sheet(self) -> Html:
        """The score sheet: round scores and running totals (DD-R21), winners marked."""
        from .render import score_sheet_html

        return Html(score_sheet_html(self))

    def trick_log(self, round_number: int | None = None) -> Html:
        """A table of the finished tricks of one round (default: the current or last round)."""
        rnd = (self.round if round_number is None else
               check_int(round_number, "round_number", 0, self.rounds - 1))
        rows = []
        for t in self.log:
            if t.round != rnd:
                continue
            r = t.result
            cards = " ".join(f"{c}" + ("✗" if i in r.discarded else "")
                             for i, c in enumerate(r.cards))
            winner = "—" if r.winner is None else f"P{t.seats[r.winner] + 1} ({r.cards[r.winner]})"
            rows.append([t.number + 1, f"P{t.seats[0] + 1}", cards,
                         "yes" if r.reversed else "", winner, r.rule,
                         " ".join(map(str, r.acquired))])
        return Html(html_table(["trick", "leader", "cards in play order (✗ collided)", "reversed",
                                "winner", "decided by", "acquired"], rows,
                               caption=f"round {rnd + 1}: tricks"))

    def piles_svg(self) -> Svg:
        """Each player's acquired pile this round with its current round score."""
        from .render import piles_svg

        return piles_svg(self)

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def _check_players(players: Any) -> int:
    return check_players(players, PLAYER_COUNTS, rule="DD-R1")  # DD-R1: 3 or 4, an int


def _check_hands(hands: Any, players: int, rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """Validate a prescribed first deal (option ``hands``): the whole deck, dealt evenly (DD-R3)."""
    size = DECK_SIZE // players
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise BadInput("DD-R3", f"hands must be {players} lists of cards, one per seat")
    dealt = []
    for p, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) > DECK_SIZE:
            raise BadInput("DD-R3", f"hands[{p}] must be a list of {size} cards")
        cards = parse_cards(hand)
        if len(cards) != size:
            raise BadInput("DD-R3", f"with {players} players each hand has {size} cards; P{p + 1} "
                           f"has {len(cards)}")
        dealt.append(sort_cards(cards))
    given = Counter(c for h in dealt for c in h)
    deck = Counter(rules.deck_counts())
    if given != deck:
        extra = given - deck
        short = deck - given
        parts = []
        if extra:
            parts.append("too many " + " ".join(str(c) for c in sorted(extra.elements(), key=card_key)))
        if short:
            parts.append("missing " + " ".join(str(c) for c in sorted(short.elements(), key=card_key)))
        raise BadInput("DD-R3", "the hands must together be exactly the deck: " + "; ".join(parts))
    return tuple(dealt)


def new_game(players: int, *, rules: Rules = DEFAULT_RULES, seed: int | None = None,
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
    if hands is not None:  # validated now so the record holds plain card strings
        dealt = _check_hands(hands, _check_players(players), rules)
        options["hands"] = [[str(c) for c in hand] for hand in dealt]
    return State.initial(players, rules, seed, options)


from_json = State.from_json


