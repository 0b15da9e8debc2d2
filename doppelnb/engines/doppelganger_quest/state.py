"""The frozen State of a game of Doppelgänger (the quest game).

A State is an immutable value (a frozen, slotted dataclass over
:class:`~doppelnb.core.state.FrozenGameState`): :meth:`play` checks an action and returns a new
State, built by :meth:`.apply.Draft.play` on a draft of it (the rule functions change the
draft, which is frozen again).
The log, each player's private notes and the record of Item card movements (what the
determinizer follows, :mod:`.knowledge`) are persistent lists shared with earlier states.

>>> s = new_game(5, seed=3)
>>> s.phase, s.to_move == s.pl, len(s.legal_actions()) > 0
('draft', True, True)
>>> t = s.play(s.legal_actions()[0])
>>> t.action_count, s.action_count, from_json(t.to_json()) == t
(1, 0, True)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar, Self, cast

import immutables

from ...core.checks import check_choice, check_seat, check_sequence
from ...core.errors import BadInput
from ...core.spec import spec_of
from ...core.state import FrozenGameState, Outcome
from .actions import CLASSES, Action, action_to_json, parse_action
from .apply import Draft
from .cards import ABILITIES, CardSet, Hero, register_data
from .knowledge import ItemEvents
from .legal import action_label, legal_actions, refusal
from .notation import GAME, PLAYER_COUNTS, target_name
from .rules import BAG, DEFAULT_RULES, DOPPEL, LOYAL, LOYALTY, MARKER_SUPPLY, SET_ASIDE, Rules
from .setup import OPTION_NAMES, deal
from .table import Animal, Lines, QuestRound, TableQueries, TokenRow, lines


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One seat as a viewer sees it: the hand and the Loyalty card only for the viewer's own
    seat (the Loyalty cards of all once the game is over), ``None`` where hidden."""

    seat: int
    hero: str | None
    damage: int
    hp: int | None
    exhausted: bool
    rerolls: int
    hand_size: int
    hand: tuple[str, ...] | None
    loyalty: str | None
    party_leader: bool
    on_quest: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class QuestView:
    """The Quest on the table: its card, the Damage on it, the party, the cards given face up,
    the shown and kept dice, the Bag's contents and the outcome once judged."""

    name: str
    requirement: str
    reward: str
    penalty: int
    damage: int
    party: tuple[int, ...]
    given: tuple[tuple[int, str], ...]
    shown_die: str | None
    kept_die: str | None
    face: int | None
    bag: tuple[int, int]
    outcome: str | None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AnimalView:
    """The party's animal companion: its name, Damage, hit points and whether it lives."""

    name: str
    damage: int
    hp: int
    alive: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """What one player (``you``; ``None``: an onlooker) knows (DQ-R39): the public table, their
    own seat's hand and Loyalty, their private notes, the pool while they hand it out as Party
    Leader (``pool``, DQ-R16) and the dice only they drew (``drawn``); ``None`` or empty where
    hidden. A frozen value: a new one each call, nothing in it changes the state."""

    players: int
    seats: tuple[SeatView, ...]
    quest_no: int
    item_deck: int
    item_discard: int
    quest_deck: int
    quest: QuestView | None
    light: tuple[str | None, ...]
    dark: tuple[str | None, ...]
    animal: AnimalView | None
    to_move: int | None
    phase: str
    winner: str | None
    log: tuple[str, ...]
    you: int | None = None
    private: tuple[str, ...] = ()
    pool: tuple[str, ...] | None = None
    drawn: tuple[str, ...] | None = None

    def _repr_html_(self) -> str:
        from .render import view_html

        return str(view_html(self))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class State(TableQueries, FrozenGameState):
    """One moment of a game of Doppelgänger. Immutable: :meth:`play` returns a new state."""

    game: ClassVar[str] = GAME
    Rules: ClassVar[type[Rules]] = Rules
    player_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    option_names: ClassVar[frozenset[str]] = OPTION_NAMES

    cards: CardSet
    pl: int
    loyalty: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    item_deck: tuple[str, ...]
    item_discard: tuple[str, ...]
    quest_deck: tuple[int, ...]
    quests_used: tuple[int, ...]
    light: TokenRow
    dark: TokenRow
    heroes: tuple[str | None, ...]
    damage: tuple[int, ...]
    exhausted: tuple[bool, ...]
    rerolls: tuple[int, ...]
    animal: Animal | None
    q: QuestRound | None
    quest_no: int
    queue: tuple[tuple[Any, ...], ...]
    pending: tuple[Any, ...] | None
    pp: immutables.Map[str, Any] | None
    winner: str | None
    end_reason: str
    log_chain: Lines | None
    secret_chains: tuple[Lines | None, ...]
    # every Item card's moves, hidden names too (knowledge.py); a function of the record, so
    # not compared (a random playout's final state has none: players.playout)
    item_events: ItemEvents | None = dataclasses.field(compare=False)
    _legal: tuple[Action, ...] | None = dataclasses.field(default=None, compare=False)
    _checked: Action | None = dataclasses.field(default=None, compare=False)

    # -- setup (DQ-R1..R10) ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Any, seed: int | None, options: Any) -> Self:
        head = cls.header(players, rules, seed, options)
        return cls(**head, **deal(head["players"], head["rules"], head["seed"], options))

    # -- protocol ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.pending is None or self.winner is not None else int(self.pending[1])

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for each player on the winning side, 0 otherwise (all 0 on a draw or while on)."""
        if self.winner is None or self.winner == "draw":
            return (0,) * self.players
        return tuple(int(role == self.winner) for role in self.loyalty)

    @property
    def outcome(self) -> Outcome:
        """Over or not, the winning side's seats, the scores and why the game ended."""
        scores = self.scores
        if not self.is_over:
            return Outcome(False, (), scores)
        winners = tuple(p for p, v in enumerate(scores) if v)
        return Outcome(True, winners, scores, self.end_reason)

    @property
    def log(self) -> tuple[str, ...]:
        """Every public event so far, oldest first."""
        return lines(self.log_chain)

    @property
    def secrets(self) -> tuple[tuple[str, ...], ...]:
        """Each player's private notes (what they alone saw), oldest first."""
        return tuple(lines(chain) for chain in self.secret_chains)

    @property
    def phase(self) -> str:
        """The kind of decision pending (``"over"`` once the game has ended)."""
        return "over" if self.is_over or self.pending is None else str(self.pending[0])

    def invariants(self) -> tuple[str, ...]:
        """Every conserved quantity that does not hold; empty when all do.

        Item cards (hands, deck, discards, pool, face-up cards: each card once), Quest cards
        (deck and used pile), Light/Darkness tokens (each row an order of the data's row),
        Loyalty cards (DQ-R10), dice (bag and set-aside, DQ-R5), Damage and Re-roll markers.
        """
        bad: list[str] = []
        cards = self.cards
        rules = cast(Rules, self.rules)
        q = self.q
        held = [c for h in self.hands for c in h] + list(self.item_deck) + \
            list(self.item_discard)
        if q is not None:
            held += list(q.pool) + [c for _, c in q.given]
        if sorted(held) != sorted(cards.item_deck()):
            bad.append(f"item cards: {len(held)} held in play for a deck of "
                       f"{len(cards.item_deck())}, or some card twice / missing")
        if sorted(self.quest_deck + self.quests_used) != list(range(len(cards.quests))):  # DQ-R12
            bad.append("quest cards: the deck and the used pile are not every Quest once")
        for name, row, base in (("light", self.light, cards.light),
                                ("dark", self.dark, cards.dark)):
            if sorted(t for t, _ in row) != sorted(base):
                bad.append(f"{name} tokens: the row is not an order of the data's tokens")
        if sorted(self.loyalty) != sorted([DOPPEL] * LOYALTY[self.players][0] +
                                          [LOYAL] * LOYALTY[self.players][1]):
            bad.append("loyalty cards: not the DQ-R10 split")
        if q is not None:
            total = (BAG[0] + SET_ASIDE[0], BAG[1] + SET_ASIDE[1])
            dice = (q.bag[0] + q.aside[0], q.bag[1] + q.aside[1])
            if min(q.bag + q.aside) < 0 or (rules.dice_return_to_bag and dice != total) \
                    or dice[0] > total[0] or dice[1] > total[1]:
                bad.append(f"dice: bag {q.bag} and set-aside {q.aside} do not make {total}")
            if len(q.drawn) > 2 or any(c not in ("black", "white") for c in q.drawn):
                bad.append(f"dice: {q.drawn} drawn")
        for seat in range(self.players):
            hp = self._hero(seat).hp if self.heroes[seat] else None
            if self.damage[seat] < 0 or (hp is not None and self.damage[seat] > hp):
                bad.append(f"damage: P{seat + 1} has {self.damage[seat]} Damage")
            if self.rerolls[seat] < 0:
                bad.append(f"re-rolls: P{seat + 1} has {self.rerolls[seat]}")
        if rules.limited_markers:
            if self._markers_left() < 0:
                bad.append("damage markers: more in play than the supply of 25")
            if sum(self.rerolls) > MARKER_SUPPLY["rerolls"]:
                bad.append("re-roll markers: more in play than the supply of 20")
        if not self.is_over and not legal_actions(self):
            bad.append("flow: the game is not over but nobody can act")
        return tuple(bad)

    def seat_order(self, start: int) -> list[int]:
        """Every seat clockwise from ``start``."""
        return self._seat_order(check_seat(start, self.players, "start"))

    def turn_order(self, seats: Any) -> tuple[int, ...]:
        """DQ-R20: ``seats`` clockwise from the PL's left, the PL last."""
        seats = check_sequence(seats, "seats", max_len=self.players,
                               item=lambda v, name: check_seat(v, self.players, name))
        return self._turn_order(seats)

    def hero(self, seat: int) -> Hero:
        """The hero card of ``seat`` (``BadInput`` before the draft gave it one)."""
        seat = check_seat(seat, self.players)
        if self.heroes[seat] is None:
            raise BadInput("DQ-R3", f"P{seat + 1} has not picked a hero yet")
        return self._hero(seat)

    def hp_left(self, seat: int) -> int:
        """Hit points ``seat``'s hero has left."""
        self.hero(seat)
        return self._hp_left(seat)

    def ability_holder(self, ability: str) -> int | None:
        """The quest member whose hero has ``ability`` (``None`` if nobody)."""
        check_choice(ability, "ability", ABILITIES)
        return self._ability_holder(ability)

    # -- legal actions, checking, applying ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every decision open to the player to move (a new list; computed once per state)."""
        legal = self._legal
        if legal is None:
            legal = tuple(legal_actions(self))
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def _check(self, action: Action) -> None:
        if action is self._checked:  # parse_action just found it among the legal actions
            return
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
        assert legal is not None
        if action in legal:
            return
        problem = refusal(self, action)  # the rule it breaks, rule by rule
        assert problem is not None  # it is not among the legal actions
        raise problem

    def parse_action(self, action: Any) -> Action:
        """Any accepted spelling (a tuple, a JSON list, a one-word string such as
        ``"decline"``, or the notation such as ``"target P3"``) -> the typed :class:`Action`;
        ``BadInput`` when malformed (:func:`.actions.parse_action`)."""
        if type(action) in CLASSES:  # one of legal_actions(), as players pass them back
            legal = self._legal
            if legal is not None and action in legal:
                object.__setattr__(self, "_checked", action)
                typed: Action = action
                return typed
        return parse_action(action, self.players, self.cards)

    def action_label(self, action: Any) -> str:
        """A sentence fragment for the log and messages (``"gives Sword #1"``)."""
        return action_label(self, action)

    def action_to_json(self, action: Any) -> Any:
        return action_to_json(action)

    def _apply(self, action: Action) -> Self:
        draft = Draft.of(self)
        draft.play(action)
        return cast(Self, draft.freeze())

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A state consistent with what ``player`` has seen, every hidden part resampled from
        ``rng``: the engine's determinizer (:func:`.players.determinize`), found through the game
        registry as every search finds it (players.py builds on this module, not the other
        way)."""
        determinize = spec_of(self.game).determinize
        assert determinize is not None  # the engine registers one (__init__.py)
        return cast(Self, determinize(self, player, rng))

    def view(self, player: int | None = None) -> View:
        """What ``player`` knows (``None``: only the public table), a frozen :class:`View`.
        DQ-R39."""
        n = self.players
        if player is not None:
            player = check_seat(player, n, "player")
        over = self.is_over
        q = self.q
        seats = tuple(SeatView(
            seat=p, hero=self.heroes[p], damage=self.damage[p],
            hp=self._hero(p).hp if self.heroes[p] else None,
            exhausted=self.exhausted[p], rerolls=self.rerolls[p],
            hand_size=len(self.hands[p]),
            hand=self.hands[p] if player == p else None,
            loyalty=self.loyalty[p] if (player == p or over) else None,
            party_leader=p == self.pl,
            on_quest=q is not None and p in q.party) for p in range(n))
        quest = None if q is None else QuestView(
            name=q.card.name, requirement=q.card.requirement, reward=q.card.reward_text,
            penalty=q.card.penalty, damage=q.damage, party=q.party, given=q.given,
            shown_die=q.die, kept_die=q.kept, face=q.face, bag=q.bag, outcome=q.outcome)
        animal = None if self.animal is None else AnimalView(
            name=self.animal[0], damage=self.animal[3], hp=self.animal[2], alive=self.animal[4])
        private: tuple[str, ...] = ()
        pool = drawn = None
        if player is not None:
            private = lines(self.secret_chains[player])
            if q is not None and self.pending and self.pending[0] == "give" and player == self.pl:
                pool = q.pool  # DQ-R16: the PL looks at the pool
            # DQ-R39 (rulebook lines 258-262): the two dice are drawn secretly and the one that
            # goes back stays hidden, so only the roller ever sees the drawn pair (not the Knight
            # deciding on the shown die, nor anyone else).
            if q is not None and q.drawn and self.roller() == player:
                drawn = q.drawn
        return View(
            players=n, seats=seats, quest_no=self.quest_no,
            # the piles' heights are on the table for all to see
            item_deck=len(self.item_deck), item_discard=len(self.item_discard),
            quest_deck=len(self.quest_deck), quest=quest,
            light=tuple(t if up else None for t, up in self.light),
            dark=tuple(t if up else None for t, up in self.dark),
            animal=animal, to_move=self.to_move, phase=self.phase, winner=self.winner,
            log=lines(self.log_chain), you=player, private=private, pool=pool, drawn=drawn)

    # -- text and pictures ----------------------------------------------------------------------
    def __str__(self) -> str:
        """The whole state as text (hidden parts included): the golden transcripts' lines."""
        out = []
        q = self.q
        head = f"Quest {self.quest_no}" if q is not None else "draft"
        out.append(f"{head}; Party Leader P{self.pl + 1}; next: "
                   f"{'over' if self.is_over else f'P{self.to_move + 1} {self.phase}' if self.to_move is not None else self.phase}")
        for p in range(self.players):
            hero = self.heroes[p] or "-"
            life = f"{self._hp_left(p)}/{self._hero(p).hp}" if self.heroes[p] else "-"
            out.append(f"P{p + 1} {self.loyalty[p]:<12} {hero:<10} hp {life:<5} "
                       f"{'exhausted ' if self.exhausted[p] else ''}re-rolls {self.rerolls[p]} "
                       f"hand {' '.join(self.hands[p]) or '-'}")
        if q is not None:
            out.append(f"quest: {q.card.name} ({q.card.requirement}); damage {q.damage}; party "
                       f"{','.join(f'P{p + 1}' for p in q.party) or '-'}"
                       f"{'+animal' if q.animal_in else ''}; outcome {q.outcome or '-'}")
            out.append(f"pool {' '.join(q.pool) or '-'}; given "
                       f"{' '.join(f'P{s + 1}:{c}' for s, c in q.given) or '-'}; bag "
                       f"{q.bag[0]}B{q.bag[1]}W; drawn {','.join(q.drawn) or '-'}; shown "
                       f"{q.die or '-'} {q.face or ''}".rstrip())
        out.append("light " + " ".join(t if up else f"({t})" for t, up in self.light) +
                   "; dark " + " ".join(t if up else f"({t})" for t, up in self.dark))
        if self.animal is not None:
            beast, _, hp, dmg, alive = self.animal
            out.append(f"{beast}: {hp - dmg}/{hp}{'' if alive else ' killed'}")
        if self.pp is not None:
            out.append(f"ping-pong: {self.pp['left']} {self.pp['kind']} unit(s), holder "
                       f"{target_name(self.pp['holder'])}")
        out.append(f"deck {len(self.item_deck)}, discards {len(self.item_discard)}, quests left "
                   f"{len(self.quest_deck)}")
        if self.log_chain is not None:
            out.append(f"last event: {self.log_chain.action}")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from .render import state_html

        return str(state_html(self))


def new_game(players: int, *, rules: Rules | None = None, seed: int | None = None,
             **options: Any) -> State:
    """A new game: PL, loyalty, hands, Quests and tokens dealt from ``seed`` (DQ-R1..R10).

    Options arrange a scenario (for examples and teaching) and are kept in the record, so the
    game still replays from JSON: ``pl`` (seat), ``loyalty`` (list of ``"loyal"`` /
    ``"doppelganger"``), ``hands`` (a list of card-id lists), ``deck_top`` (card ids on top of
    the Item deck), ``quests`` (Quest names on top of the Quest deck), ``light`` / ``dark``
    (token orders). An unknown option is refused with ``BadInput``.
    """
    return State.new(players, DEFAULT_RULES if rules is None else rules, seed, options)


def from_json(text: str | bytes, data: Any = None) -> State:
    """Replay a JSON game record.

    A record names its card data by a shipped name or by the content hash of a user's data; it
    never names a path. To replay a game played with your own data, pass that data explicitly
    (``data=pathlib.Path("my_cards.json")``, a parsed document, or a list of them); a hash in the
    record that matches none of it raises :class:`BadInput`.
    """
    if data is not None:
        for source in (data if isinstance(data, (list, tuple)) else [data]):
            register_data(source)
    return State.from_json(text)


__all__ = ["State", "View", "SeatView", "QuestView", "AnimalView", "new_game", "from_json"]
