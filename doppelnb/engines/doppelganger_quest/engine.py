"""Doppelgänger (quest game): the rules engine.

4-8 heroes go on Quests; some players are secret Doppelgängers who sink Quests while looking
loyal. Each Quest: item pass, party, contributions, the pool, dice from the Bag of Holding,
damage ping-pong, Light/Darkness tokens, exhaustion and the tavern (digest
``shared/rules/doppelganger-quest.md``). Card data is illustrative configuration (``cards.py``).

Seats are 0..n-1 clockwise ("left" is seat + 1). The animal (War Bear / Battle Dog) is the target
``"animal"``. Every chance event draws from ``rng_for(seed, label, len(actions), quest)``, so a
game replays exactly from its JSON record.

Scope decisions where the rulebook is silent (beyond the digest's DQ-A flags):

- The animal's attack (DQ-R24, "at any time during the turn phase") is offered to the Party
  Leader when the PL's own turn comes (the PL goes last). Its damage is automatic, so the timing
  changes nothing but what others have seen; offering it last gives the PL the most information.
- Only the Rogue's and the Knight's timings are known (DQ-R26). The illustrative effects are:
  Rogue, skip the random discard; Knight, turn the shown die to the other colour (once per
  Quest). Two further illustrative kinds use the post-turn window: cleric (heal 1 on a quest
  member) and berserker (discard a card from hand for +2 Damage on the Quest).
- The face-up Item cards of a Quest are discarded when the next Quest begins [INFERRED].
- Decisions are actions (JSON arrays such as ``["target", 2]``); chance is resolved by the
  engine between decisions, and ``legal_actions()`` lists every choice of the player to move.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ...core.chance import rng_for
from ...core.checks import (
    check_bool,
    check_choice,
    check_instance,
    check_int,
    check_players,
    check_seat,
    check_sequence,
    check_size,
    check_str,
)
from ...core.errors import BadInput, IllegalAction
from ...core.state import GameState
from ...core.variants import RulesBase, flag
from .cards import (
    ABILITIES,
    ARTIFACTS,
    DATA_FILE,
    TOKEN_LABELS,
    WEAPONS,
    CardSet,
    card_set,
    check_source,
    register_data,
)

GAME = "doppelganger_quest"
LOYALTY = {4: (1, 3), 5: (1, 4), 6: (2, 4), 7: (2, 5), 8: (3, 5)}  # DQ-R10
ANIMALS = {4: ("War Bear", 5, 4), 5: ("Battle Dog", 3, 4)}  # DQ-R6: name, damage, hit points
HAND_LIMIT = 5  # DQ-R27
BAG = (2, 1)  # DQ-R5: black, white dice in the Bag of Holding
SET_ASIDE = (1, 1)  # DQ-R5: one black and one white set aside
FRIENDLY_FIRE = {"white": (1,), "black": (1, 2, 3)}  # DQ-R25
MARKER_SUPPLY = {"damage": 25, "rerolls": 20}  # DQ-A20
LOYAL, DOPPEL = "loyal", "doppelganger"
#: The legal player counts (DQ-R1).
PLAYER_COUNTS = (4, 5, 6, 7, 8)
#: The largest die the card data may define (``cards.py`` refuses more sides).
MAX_SIDES = 20
#: ``pingpong_sequences`` lists at most this many sequences; count larger cases with
#: :func:`pingpong_count` (closed form).
PINGPONG_LIMIT = 100_000


def hand_size(players: int) -> int:
    """DQ-R7: 4 cards each with 4-5 players, 3 with 6-8."""
    players = _check_players(players)
    return 4 if players <= 5 else 3


def loyalty_split(players: int) -> tuple[int, int]:
    """(Doppelgängers, Loyal Adventurers) for a player count (DQ-R10)."""
    players = _check_players(players)
    return LOYALTY[players]


def draft_weapon(k: int) -> str:
    """DQ-R3: the weapon type the k-th selector (k = 1 for the Party Leader) must pick."""
    k = check_int(k, "k", 1, max(PLAYER_COUNTS))
    return WEAPONS[(k - 1) % 3]


def is_friendly_fire(colour: str, face: int) -> bool:
    """DQ-R25: a white 1, or a black 1, 2 or 3."""
    colour = check_choice(colour, "colour", ("white", "black"))
    face = check_int(face, "face", 1, MAX_SIDES)
    return face in FRIENDLY_FIRE[colour]


def weapon_result(cards: CardSet, weapon: str, magic: bool, colour: str, face: int,
                  bless: int = 0) -> tuple[int, int]:
    """(Damage on the Quest card, friendly-fire Damage) of one weapon roll (DQ-R18, DQ-R25).

    The table amount plus the Magic +1 goes to the Quest, plus any Blessing; on a friendly-fire
    face it goes to a quest member instead and only the Magic +1 applies. A Staff's automatic
    damage always goes to the Quest card.
    """
    check_instance(cards, "cards", CardSet)
    check_choice(weapon, "weapon", (*WEAPONS, "dagger"))
    check_bool(magic, "magic")
    check_choice(colour, "colour", ("white", "black"))
    check_int(face, "face", 1, cards.sides)
    check_int(bless, "bless", 0, 99)
    _, good, cursed, auto = cards.table(weapon)
    amount = (good if colour == "white" else cursed)[face - 1] + int(magic)  # DQ-R18: Magic +1
    if is_friendly_fire(colour, face):  # DQ-R25
        return auto, amount
    return auto + (amount + bless if amount else 0), 0


def _check_players(players: Any) -> int:
    return check_players(players, PLAYER_COUNTS, rule="DQ-R1")


# -- variant flags -------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Rules(RulesBase):
    prefix = "dq"
    heroes: str = flag(DATA_FILE, rule="DQ-A1", check=check_source("heroes"),
                       doc="Data file with the 16 hero cards (illustrative by default).")
    weapon_tables: str = flag(DATA_FILE, rule="DQ-A2", check=check_source("weapon_tables"),
                              doc="Data file with the GOOD/CURSED weapon tables and the die.")
    quests: str = flag(DATA_FILE, rule="DQ-A3", check=check_source("quests"),
                       doc="Data file with the Quest cards.")
    items: str = flag(DATA_FILE, rule="DQ-A4", check=check_source("items"),
                      doc="Data file with the Item deck.")
    light_tokens: str = flag(DATA_FILE, rule="DQ-A5", check=check_source("light_tokens"),
                             doc="Data file with the Light token row.")
    dark_tokens: str = flag(DATA_FILE, rule="DQ-A5", check=check_source("dark_tokens"),
                            doc="Data file with the Darkness token row.")
    token_effect_scope: str = flag("quest_party", ["quest_party", "all_players"], rule="DQ-A6",
                                   doc="Who shares Heal 2 / Take 3 from a token.")
    heal_requires_damage: bool = flag(True, [True, False], rule="DQ-A7",
                                      doc="A heal unit must go to a damaged hero if one can take it.")
    poison_skips_tavern: bool = flag(False, [False, True], rule="DQ-A8",
                                     doc="Whether a Poison failure skips the tavern.")
    failure_order: str = flag("penalty_then_flip", ["penalty_then_flip", "flip_then_penalty"],
                              rule="DQ-A9", doc="Penalty before or after the Darkness flip.")
    animals_in_pingpong: bool = flag(False, [False, True], rule="DQ-A10",
                                     doc="Whether the animal shares ping-pong units.")
    animals_ff_target: bool = flag(True, [True, False], rule="DQ-A10",
                                   doc="Whether friendly fire may hit the animal.")
    animal_attacks_per_quest: int = flag(1, [1, 2], rule="DQ-A10",
                                         doc="How many times the animal attacks per Quest.")
    simultaneous_death_order: str = flag("clockwise_from_pl", ["clockwise_from_pl",
                                                               "clockwise_from_pl_left"],
                                         rule="DQ-A11", doc="Order of exhaustion damage.")
    ff_split: bool = flag(False, [False, True], rule="DQ-A12",
                          doc="Whether a friendly-fire amount may be split between members.")
    hand_limit_scope: str = flag("draws", ["draws", "always"], rule="DQ-A13",
                                 doc="Whether the hand limit 5 binds draws only or always.")
    empty_hand_contribution: str = flag("skip", ["skip"], rule="DQ-A14",
                                        doc="A player with no cards skips passing and contributing.")
    reshuffle_items: bool = flag(True, [True, False], rule="DQ-A15",
                                 doc="Reshuffle the Item discards when the deck runs out.")
    quest_deck_exhausted: str = flag("reshuffle", ["reshuffle", "doppelgangers_win", "draw"],
                                     rule="DQ-A16", doc="What happens when the Quests run out.")
    dice_return_to_bag: bool = flag(True, [True, False], rule="DQ-A17",
                                    doc="Rolled dice go back into the Bag after each turn.")
    reroll_same_die_repeatedly: bool = flag(True, [True, False], rule="DQ-A18",
                                            doc="A die may be re-rolled again with another marker.")
    success_grants_reroll_each: bool = flag(False, [False, True], rule="DQ-A19",
                                            doc="Every member of a successful Quest gains a marker.")
    limited_markers: bool = flag(False, [False, True], rule="DQ-A20",
                                 doc="25 Damage and 20 Re-roll markers in the supply.")
    success_check: str = flag("after_all_turns", ["after_all_turns", "immediate"], rule="DQ-A21",
                              doc="Judge success once at the end, or as soon as it is met.")
    post_turn_ability_order: str = flag("clockwise_from_pl_left", ["clockwise_from_pl_left"],
                                        rule="DQ-A22", doc="Order of post-turn abilities.")
    rogue_leftovers: str = flag("discard_all", ["discard_all"], rule="DQ-A22",
                                doc="With the Rogue, both leftover pool cards are discarded.")
    reward_distribution: str = flag("pingpong_per_unit", ["pingpong_per_unit", "pl_free"],
                                    rule="DQ-A23", doc="Rewards ping-pong, or the PL hands them out.")
    item_pass: str = flag("simultaneous", ["simultaneous", "sequential"], rule="DQ-A25",
                          doc="Everyone chooses the card to pass before anyone receives.")
    tavern_timing: str = flag("before_outcome", ["before_outcome", "after_outcome"], rule="DQ-A26",
                              doc="Tavern before or after the success/failure step.")
    knight_applies_to_elixir: bool = flag(True, [True, False], rule="DQ-A28",
                                          doc="The Knight's window opens on Elixir dice too.")
    spell_resolution_order: str = flag("clockwise_from_pl_left", ["clockwise_from_pl_left"],
                                       rule="DQ-A29", doc="Order in which spells take effect.")

    def card_set(self) -> CardSet:
        return card_set(self.heroes, self.weapon_tables, self.quests, self.items,
                        self.light_tokens, self.dark_tokens)


# -- ping-pong (DQ-R31) ------------------------------------------------------------------------
def pingpong_sequences(members, units: int) -> list[tuple]:
    """Every legal sequence of recipients when ``units`` markers ping-pong among ``members``.

    The first member is the Party Leader holding the markers (DQ-R31): the holder gives one unit
    to anyone but the last recipient; if they damaged someone else that player holds the rest,
    if they damaged themself they hand the rest to any other member. Enumerated over the
    (holder, last) states, so each distinct recipient sequence appears once, sorted.
    """
    members = check_sequence(members, "members", min_len=1, max_len=max(PLAYER_COUNTS) + 1,
                             item=_member)
    if len(set(members)) != len(members):
        raise BadInput("NB-ARG", f"members must be distinct, got {list(members)!r}")
    units = check_int(units, "units", 0)
    check_size(pingpong_count(len(members), min(units, 64)), "the number of ping-pong sequences",
               PINGPONG_LIMIT, why="count larger cases with pingpong_count")
    found: set[tuple] = set()

    def walk(holder, last, left, seq):
        if left == 0:
            found.add(seq)
            return
        for t in members:
            if t == last:  # "no player can take 2 markers in a row"
                continue
            if left == 1:
                found.add(seq + (t,))
            elif t != holder:
                walk(t, t, left - 1, seq + (t,))
            else:
                for h in members:
                    if h != holder:
                        walk(h, t, left - 1, seq + (t,))

    walk(members[0], None, units, ())
    return sorted(found, key=lambda s: [members.index(x) for x in s])


def pingpong_count(members: int, units: int) -> int:
    """Closed form for ``len(pingpong_sequences)``: n·(n-1)^(m-1) (no recipient twice in a row).

    >>> pingpong_count(4, 7)
    2916
    """
    members = check_int(members, "members", 1, 1000)
    units = check_int(units, "units", 0, 100_000)
    if units == 0:
        return 1
    return members * (members - 1) ** (units - 1)


# -- the quest round ---------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class QuestRound:
    number: int
    card: Any
    party: tuple = ()          # player seats in turn order (PL's left first, PL last)
    animal_in: bool = False
    passes: tuple = ()         # simultaneous pass: ((seat, card), ...)
    contributed: tuple = ()    # seats that contributed
    pool: tuple = ()
    given: tuple = ()          # ((seat, card), ...) face up
    rogue_used: bool = False
    poisoned: bool = False
    damage: int = 0            # Damage markers on the Quest card
    friendly: int = 0          # friendly-fire damage dealt this Quest
    bless: int = 0
    bag: tuple = BAG           # (black, white)
    aside: tuple = SET_ASIDE
    turn: int = 0
    drawn: tuple = ()          # dice drawn secretly this turn
    die: str | None = None     # the colour read (the shown die, after any Knight)
    kept: str | None = None    # the physical die kept out of the bag this turn
    face: int | None = None
    rerolled: int = 0
    knight_used: bool = False
    animal_attacks: int = 0
    ff_left: int = 0
    outcome: str | None = None

    @property
    def members(self) -> tuple:
        return self.party

    def item_of(self, seat: int) -> str | None:
        for s, c in self.given:
            if s == seat:
                return c
        return None


def _tuple_set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


_ARITY = {"hero": 1, "pass": 1, "discard": 1, "party": 2, "contribute": 1, "rogue": 1, "give": 1,
          "keep": 1, "pass_turn": 0, "knight": 1, "reroll": 1, "ff": 1, "fireball": 1,
          "animal": 1, "heal": 1, "rage": 1, "decline": 0, "tavern": 1, "target": 1, "hand": 1,
          "flip": 1, "peek": 2, "no_peek": 0, "give_reroll": 1}

# Decisions taken during a quest member's turn (the roller is q.party[q.turn]).
_TURN_DECISIONS = frozenset({"keep", "knight", "reroll", "ff", "fireball", "animal"})

# What each pending decision is, for messages: (rule, what the player must do)
_PENDING = {
    "draft": ("DQ-R3", "pick a hero"), "pass": ("DQ-R13", "pass an Item card to the left"),
    "discard": ("DQ-A13", "discard down to the hand limit"),
    "party": ("DQ-R14", "choose the quest party"), "contribute": ("DQ-R15", "contribute an Item"),
    "rogue": ("DQ-R26", "decide on the Rogue's ability"),
    "give": ("DQ-R16", "hand out the pool"), "keep": ("DQ-R21", "keep one of the drawn dice"),
    "knight": ("DQ-R26", "decide on the Knight's ability"),
    "reroll": ("DQ-R38", "decide whether to spend a Re-roll marker"),
    "ff": ("DQ-R25", "choose the friendly-fire victim"),
    "fireball": ("DQ-R19", "decide whether to cast Fireball"),
    "animal": ("DQ-R24", "decide on the animal's attack"),
    "ability": ("DQ-R26", "use or decline a post-turn ability"),
    "tavern": ("DQ-R27", "choose a tavern action"),
    "target": ("DQ-R31", "give one ping-pong unit"), "hand": ("DQ-R31", "hand the rest on"),
    "flip": ("DQ-R29", "flip a face-down token"), "peek": ("DQ-R11", "peek or not"),
}


class State(GameState):
    """One moment of a game of Doppelgänger. Immutable: :meth:`play` returns a new state."""

    game = GAME
    Rules = Rules
    option_names = frozenset({"pl", "loyalty", "hands", "deck_top", "quests", "light", "dark"})

    # -- setup (DQ-R1..R10) ----------------------------------------------------------------------
    @classmethod
    def initial(cls, players: int, rules: Rules, seed: int | None, options: dict) -> State:
        _check_players(players)
        try:  # options are part of the JSON record: normalise them (tuples become lists)
            options = json.loads(json.dumps(options))
        except (TypeError, ValueError):
            raise BadInput("NB-ARG", "scenario options must be JSON values (numbers, strings, "
                           "lists)") from None
        s = cls.__new__(cls)
        s._init_record(players, rules, seed, options)
        cards = rules.card_set()
        s.cards = cards
        n = players
        s.pl = rng_for(s.seed, "party leader").randrange(n)  # DQ-R2
        if options.get("pl") is not None:
            s.pl = _option_seat(options["pl"], n)
        dopp, loyal = LOYALTY[n]  # DQ-R10
        roles = [DOPPEL] * dopp + [LOYAL] * loyal
        rng_for(s.seed, "loyalty").shuffle(roles)
        if options.get("loyalty") is not None:
            roles = _str_list(options["loyalty"], "loyalty", "DQ-R10")
            if sorted(roles) != sorted([DOPPEL] * dopp + [LOYAL] * loyal):
                raise BadInput("DQ-R10", f"{n} players need {dopp} '{DOPPEL}' and {loyal} "
                               f"'{LOYAL}' Loyalty cards, not {roles!r}")
        s.loyalty = tuple(roles)
        deck = list(cards.item_deck())
        rng_for(s.seed, "items").shuffle(deck)  # DQ-R7
        k = hand_size(n)
        if len(deck) < k * n:
            raise BadInput("NB-DATA", f"the Item deck has {len(deck)} cards; {n} players need {k * n}")
        hands_opt = options.get("hands") or []
        if not isinstance(hands_opt, list):
            raise BadInput("DQ-R7", "hands is a list of card-id lists")
        fixed = [_str_list(h, "a hand", "DQ-R7") for h in hands_opt]
        top = _str_list(options.get("deck_top") or [], "deck_top", "DQ-R7")
        if fixed and (len(fixed) != n or any(len(h) != k for h in fixed)):
            raise BadInput("DQ-R7", f"hands must give {n} hands of {k} cards")
        chosen = [c for h in fixed for c in h] + top
        for c in chosen:
            cards.item(c)
        if len(set(chosen)) != len(chosen):
            raise BadInput("DQ-R7", "an Item card appears twice in the arranged hands/deck")
        rest = [c for c in deck if c not in set(chosen)]
        if fixed:
            hands = [tuple(h) for h in fixed]
        else:
            hands = [tuple(rest[i * k:(i + 1) * k]) for i in range(n)]
            rest = rest[k * n:]
        s.hands = tuple(hands)
        s.item_deck = tuple(top + rest)
        s.item_discard = ()
        quests = list(range(len(cards.quests)))
        rng_for(s.seed, "quests").shuffle(quests)
        names = [qc.name for qc in cards.quests]
        first = []
        for name in _str_list(options.get("quests") or [], "quests", "DQ-A3"):
            if name not in names:
                raise BadInput("DQ-A3", f"there is no Quest card called {name!r}")
            first.append(names.index(name))
        s.quest_deck = tuple(first + [i for i in quests if i not in first])
        s.quests_used = ()
        light, dark = list(cards.light), list(cards.dark)
        rng_for(s.seed, "light").shuffle(light)  # DQ-R9
        rng_for(s.seed, "dark").shuffle(dark)
        for key, row, base in (("light", light, cards.light), ("dark", dark, cards.dark)):
            if options.get(key) is not None:
                if sorted(_str_list(options[key], key, "DQ-R9")) != sorted(base):
                    raise BadInput("DQ-R9", f"the {key} row must be an order of {list(base)}")
                row[:] = options[key]
        s.light = tuple((t, False) for t in light)
        s.dark = tuple((t, False) for t in dark)
        s.heroes = (None,) * n
        s.damage = (0,) * n
        s.exhausted = (False,) * n
        s.rerolls = (0,) * n
        animal = ANIMALS.get(n)  # DQ-R6
        s.animal = None if animal is None else (animal[0], animal[1], animal[2], 0, True)
        s.q = None
        s.quest_no = 0
        s.queue = ()
        s.pending = ("draft", s.pl)
        s.pp = None
        s.winner = None
        s.end_reason = ""
        s.log = ()
        s.secrets = ((),) * n
        return s

    # -- protocol ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.pending is None or self.winner is not None else self.pending[1]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> tuple:
        if self.winner is None or self.winner == "draw":
            return (0,) * self.players
        return tuple(int(role == self.winner) for role in self.loyalty)

    def invariants(self) -> tuple[str, ...]:
        """Every conserved quantity that does not hold; empty when all do.

        Item cards (hands, deck, discards, pool, face-up cards: each card once), Quest cards
        (deck and used pile), Light/Darkness tokens (each row an order of the data's row),
        Loyalty cards (DQ-R10), dice (bag and set-aside, DQ-R5), Damage and Re-roll markers.
        """
        bad: list[str] = []
        cards = self.cards
        q = self.q
        held = [c for h in self.hands for c in h] + list(self.item_deck) + \
            list(self.item_discard)
        if q is not None:
            held += list(q.pool) + [c for _, c in q.given]
        if sorted(held) != sorted(cards.item_deck()):
            bad.append(f"item cards: {len(held)} held in play for a deck of "
                       f"{len(cards.item_deck())}, or some card twice / missing")
        if sorted(self.quest_deck + self.quests_used) != list(range(len(cards.quests))):
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
            if min(q.bag + q.aside) < 0 or (self.rules.dice_return_to_bag and dice != total) \
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
        if self.rules.limited_markers:
            if self._markers_left() < 0:
                bad.append("damage markers: more in play than the supply of 25")
            if sum(self.rerolls) > MARKER_SUPPLY["rerolls"]:
                bad.append("re-roll markers: more in play than the supply of 20")
        if not self.is_over and not self.legal_actions():
            bad.append("flow: the game is not over but nobody can act")
        return tuple(bad)

    @property
    def phase(self) -> str:
        return "over" if self.is_over else self.pending[0]

    def seat_order(self, start: int) -> list[int]:
        """Every seat clockwise from ``start``."""
        return self._seat_order(check_seat(start, self.players, "start"))

    def turn_order(self, seats: Any) -> tuple:
        """DQ-R20: ``seats`` clockwise from the PL's left, the PL last."""
        seats = check_sequence(seats, "seats", max_len=self.players,
                               item=lambda v, name: check_seat(v, self.players, name))
        return self._turn_order(seats)

    def hero(self, seat: int) -> Any:
        """The hero card of ``seat`` (``BadInput`` before the draft gave it one)."""
        seat = check_seat(seat, self.players)
        if self.heroes[seat] is None:
            raise BadInput("DQ-R3", f"P{seat + 1} has not picked a hero yet")
        return self._hero(seat)

    def hp_left(self, seat: int) -> int:
        """Hit points ``seat``'s hero has left."""
        self.hero(seat)
        return self._hp_left(seat)

    def _seat_order(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _turn_order(self, seats: Any) -> tuple:
        return tuple(sorted(seats, key=lambda s: (s - self.pl - 1) % self.players))

    def _hero(self, seat: int) -> Any:
        return self.cards.hero(self.heroes[seat])

    def _hp_left(self, seat: int) -> int:
        return self._hero(seat).hp - self.damage[seat]

    def roller(self) -> int | None:
        """The quest member whose turn it is (``None`` outside the turns)."""
        q = self.q
        if q is None or self.winner is not None or not q.party or q.turn >= len(q.party):
            return None
        if self.pending is None or self.pending[0] not in _TURN_DECISIONS:
            return None
        return q.party[q.turn]

    def ability_holder(self, ability: str) -> int | None:
        """The quest member whose hero has ``ability`` (``None`` if nobody)."""
        check_choice(ability, "ability", ABILITIES)
        return self._ability_holder(ability)

    def _ability_holder(self, ability: str) -> int | None:
        if self.q is None:
            return None
        for seat in self.q.party:
            if self._hero(seat).ability == ability:
                return seat
        return None

    # -- legal actions ------------------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self.is_over:
            return []
        kind, seat, *_ = self.pending
        q = self.q
        if kind == "draft":
            taken = set(self.heroes)
            k = (seat - self.pl) % self.players + 1
            return [("hero", h.name) for h in self.cards.heroes
                    if h.weapon == draft_weapon(k) and h.name not in taken]
        if kind in ("pass", "contribute", "discard"):
            return [(kind, c) for c in sorted(set(self.hands[seat]))]
        if kind == "party":
            others = [p for p in range(self.players) if p != self.pl]
            out = []
            for mask in range(1, 1 << len(others)):
                chosen = tuple(sorted([self.pl] + [others[i] for i in range(len(others))
                                                   if mask >> i & 1]))
                out.append(("party", chosen, False))
                if self.animal is not None and self.animal[4]:
                    out.append(("party", chosen, True))
            return out
        if kind in ("rogue", "knight", "reroll", "fireball", "animal"):
            return [(kind, True), (kind, False)]
        if kind == "give":
            return [("give", c) for c in sorted(set(q.pool))]
        if kind == "keep":
            out = [("keep", c) for c in sorted(set(q.drawn))]
            if q.card.succeeds(q.damage):
                out.append(("pass_turn",))  # DQ-R23
            return out
        if kind == "ff":
            return [("ff", t) for t in self._ff_targets()]
        if kind == "ability":
            ability = self._hero(seat).ability
            out = [("decline",)]
            if ability == "cleric":
                out += [("heal", t) for t in q.party if self.damage[t] > 0]
            elif ability == "berserker":
                out += [("rage", c) for c in sorted(set(self.hands[seat]))]
            return out
        if kind == "tavern":
            return [("tavern", c) for c in self._tavern_options(seat)]
        if kind == "target":
            return [("target", t) for t in self._pp_targets()]
        if kind == "hand":
            return [("hand", t) for t in self.pp["eligible"] if t != seat and t != "animal"]
        if kind == "flip":
            row = self.light if self.pending[2] == "light" else self.dark
            return [("flip", i) for i, (_, up) in enumerate(row) if not up]
        if kind == "peek":
            out = [("no_peek",)]
            for name, row in (("light", self.light), ("dark", self.dark)):
                out += [("peek", name, i) for i, (_, up) in enumerate(row) if not up]
            return out
        raise AssertionError(kind)

    def _ff_targets(self) -> list:
        targets = list(self.q.party)
        if self.q.animal_in and self.animal[4] and self.rules.animals_ff_target:
            targets.append("animal")  # DQ-A10 (i)
        return targets

    def _tavern_options(self, seat: int) -> list[str]:
        out = []
        if self.damage[seat] > 0:
            out.append("heal")
        if len(self.hands[seat]) < HAND_LIMIT and (self.item_deck or (
                self.rules.reshuffle_items and self.item_discard)):
            out.append("draw")
        if self._reroll_supply() > 0:
            out.append("reroll")
        return out

    def _reroll_supply(self) -> int:
        if not self.rules.limited_markers:
            return 1 << 30
        return MARKER_SUPPLY["rerolls"] - sum(self.rerolls)

    def _pp_targets(self) -> list:
        pp = self.pp
        cands = [t for t in pp["eligible"] if t != pp["last"]] if pp["pingpong"] else \
            list(pp["eligible"])
        if pp["kind"] == "heal" and self.rules.heal_requires_damage:  # DQ-A7
            hurt = [t for t in cands if self._damage_of(t) > 0]
            if hurt:
                cands = hurt
        if pp["kind"] == "items":  # DQ-A13: the hand limit binds draws
            cands = [t for t in cands if t != "animal" and len(self.hands[t]) < HAND_LIMIT]
        return cands

    @staticmethod
    def _members_text(members) -> str:
        return ", ".join("the animal" if m == "animal" else f"P{m + 1}" for m in members)

    def _damage_of(self, target) -> int:
        return self.animal[3] if target == "animal" else self.damage[target]

    # -- parsing and checking -----------------------------------------------------------------------
    def parse_action(self, action: Any) -> tuple:
        if isinstance(action, str):
            action = (action,)
        if isinstance(action, list):
            action = tuple(action)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str) \
                or action[0] not in _ARITY:
            raise BadInput("NB-ARG", f"{action!r} is not a Doppelgänger action (like "
                           "['pass', 'sword.1'] or ['target', 2])")
        if len(action) != _ARITY[action[0]] + 1:
            raise BadInput("NB-ARG", f"the action {action[0]!r} takes {_ARITY[action[0]]} "
                           f"argument(s), not {len(action) - 1}")
        kind = action[0]
        if kind == "party":
            seats = check_sequence(action[1], "the party's seats", max_len=self.players,
                                   item=lambda v, name: check_int(v, name))
            check_bool(action[2], "whether the animal goes on the Quest")
            action = ("party", tuple(sorted(set(seats))), action[2])
        elif kind in ("pass", "contribute", "discard", "give", "rage"):
            self.cards.item(action[1])  # BadInput for an unknown card
        elif kind == "hero":
            check_str(action[1], "the hero's name", max_len=200)
        elif kind in ("rogue", "knight", "reroll", "fireball", "animal"):
            check_bool(action[1], f"the {kind} decision")
        elif kind in ("target", "ff", "hand", "heal"):
            if not (isinstance(action[1], str) and action[1] == "animal"):
                check_int(action[1], f"the {kind} target (a seat or 'animal')")
        elif kind == "flip":
            check_int(action[1], "the token to flip")
        elif kind == "peek":
            check_choice(action[1], "the row to peek at", ("light", "dark"))
            check_int(action[2], "the token to peek at")
        elif kind == "tavern":
            check_choice(action[1], "the tavern action", ("heal", "draw", "reroll"))
        elif kind == "keep":
            check_choice(action[1], "the die to keep", ("black", "white"))
        elif kind == "give_reroll":
            check_int(action[1], "the player to give a Re-roll marker to")
        return action

    def action_label(self, action: tuple) -> str:
        kind = action[0]
        if kind in ("pass", "contribute", "discard", "give", "rage"):
            verb = {"pass": "passes", "contribute": "contributes", "discard": "discards",
                    "give": "gives", "rage": "rages, discarding"}[kind]
            return f"{verb} {self.cards.card_name(action[1])}"
        if kind == "party":
            names = ", ".join(f"P{p + 1}" for p in action[1])
            return f"party {names}" + (" + animal" if action[2] else "")
        if kind in ("target", "ff", "heal", "hand"):
            t = action[1]
            who = "the animal" if t == "animal" else f"P{t + 1}"
            return {"target": f"unit → {who}", "ff": f"friendly fire → {who}",
                    "heal": f"heals {who}", "hand": f"hands the rest to {who}"}[kind]
        if len(action) == 1:
            return kind.replace("_", " ")
        return " ".join(str(a) for a in action)

    def _check(self, action: tuple) -> None:
        kind, seat = action[0], self.pending[1]
        pend = self.pending[0]
        q = self.q
        if kind == "give_reroll":  # DQ-T20
            raise IllegalAction("DQ-R38", "Re-roll markers belong to their owner and cannot be "
                                "traded or given")
        if kind == "knight" and q is not None and q.knight_used:  # DQ-T22
            raise IllegalAction("DQ-R26", "the Knight's ability is once per Quest and was "
                                "already used on this Quest")
        allowed = {"draft": ("hero",), "keep": ("keep", "pass_turn"), "ability": ("decline", "heal", "rage"),
                   "peek": ("peek", "no_peek")}.get(pend, (pend,))
        if kind not in allowed:
            rule, what = _PENDING[pend]
            if kind == "hand" and pend == "target":
                raise IllegalAction("DQ-R31", "the player who was just damaged holds the rest "
                                    "of the markers; they cannot be handed to someone else")
            raise IllegalAction(rule, f"now P{seat + 1} must {what}; "
                                f"'{self.action_label(action)}' is not that")
        if kind == "hero":
            k = (seat - self.pl) % self.players + 1
            hero = self.cards.hero(action[1])
            if action[1] in self.heroes:
                raise IllegalAction("DQ-R3", f"{hero.name} has already been picked")
            if hero.weapon != draft_weapon(k):
                raise IllegalAction("DQ-R3", f"pick number {k} must be a {draft_weapon(k)} hero; "
                                    f"{hero.name} carries a {hero.weapon}")
        elif kind in ("pass", "contribute", "discard", "rage"):
            if action[1] not in self.hands[seat]:
                rule = {"pass": "DQ-R13", "contribute": "DQ-R15", "discard": "DQ-A13",
                        "rage": "DQ-R26"}[kind]
                raise IllegalAction(rule, f"P{seat + 1} does not hold "
                                    f"{self.cards.card_name(action[1])}")
        elif kind == "party":
            seats, animal = action[1], action[2]
            if any(not 0 <= p < self.players for p in seats):
                raise IllegalAction("DQ-R14", f"the table has seats 1 to {self.players} only")
            if self.pl not in seats:
                raise IllegalAction("DQ-R14", f"the Party Leader (P{self.pl + 1}) must go on "
                                    "the Quest")
            if len(seats) < 2:
                raise IllegalAction("DQ-R14", "the Party Leader must take at least one other "
                                    "player (the animal does not count)")
            if animal and (self.animal is None or not self.animal[4]):
                raise IllegalAction("DQ-R6", "there is no animal to take on this Quest")
        elif kind == "give":
            if action[1] not in q.pool:
                raise IllegalAction("DQ-R16", f"{self.cards.card_name(action[1])} is not in the pool")
        elif kind == "keep":
            if action[1] not in q.drawn:
                raise IllegalAction("DQ-R21", f"you drew {' and '.join(q.drawn)}, so you cannot "
                                    f"keep a {action[1]} die")
        elif kind == "pass_turn":
            if not q.card.succeeds(q.damage):
                raise IllegalAction("DQ-R23", "a quest member may pass only once the Quest's "
                                    "requirement is met")
        elif kind == "ff":
            if action[1] not in self._ff_targets():
                raise IllegalAction("DQ-R25", "friendly fire must hit a member of this Quest")
        elif kind == "tavern":
            if action[1] == "draw" and len(self.hands[seat]) >= HAND_LIMIT:
                raise IllegalAction("DQ-R27", f"P{seat + 1} already holds {HAND_LIMIT} cards, "
                                    "the hand limit, so cannot draw")
            if action[1] == "heal" and self.damage[seat] == 0:
                raise IllegalAction("DQ-R27", f"P{seat + 1}'s hero has no Damage to heal")
        elif kind == "target":
            pp, t = self.pp, action[1]
            if t not in pp["eligible"]:
                rule = "DQ-R32" if pp["kind"] == "damage" else "DQ-R31"
                who = "the animal" if t == "animal" else f"P{t + 1}" if isinstance(t, int) \
                    else repr(t)
                raise IllegalAction(rule, f"{who} is not among those who share this "
                                    f"{pp['kind']} (only {self._members_text(pp['eligible'])})")
            if pp["pingpong"] and t == pp["last"]:
                raise IllegalAction("DQ-R31", "no player can take 2 markers in a row")
        elif kind == "hand":
            if action[1] == seat:
                raise IllegalAction("DQ-R31", "after damaging yourself you must pass the rest "
                                    "to another quest member")
        elif kind == "flip":
            row = self.light if self.pending[2] == "light" else self.dark
            if not (isinstance(action[1], int) and 0 <= action[1] < len(row)) or row[action[1]][1]:
                raise IllegalAction("DQ-R29", f"token {action[1]!r} is not a face-down token "
                                    f"of the {self.pending[2]} row")
        if action not in self.legal_actions():
            rule, what = _PENDING[pend]
            raise IllegalAction(rule, f"'{self.action_label(action)}' is not legal now "
                                f"(P{seat + 1} must {what})")

    # -- applying -----------------------------------------------------------------------------------
    def _apply(self, action: tuple) -> State:
        s = self._evolve()
        kind, seat = action[0], self.pending[1]
        s._extra = self.pending[2:]  # the decision's context (row to flip, pass index)
        s.pending = None
        getattr(s, "_do_" + kind)(seat, *action[1:])
        del s._extra
        s._run()
        return s

    def _rng(self, label: str):
        return rng_for(self.seed, label, len(self.actions), self.quest_no)

    def _say(self, text: str) -> None:
        self.log = self.log + (text,)

    def _know(self, seat: int, text: str) -> None:
        self.secrets = _tuple_set(self.secrets, seat, self.secrets[seat] + (text,))

    def _setq(self, **kw: Any) -> None:
        self.q = dataclasses.replace(self.q, **kw)

    def _ask(self, kind: str, seat: int, *extra: Any) -> None:
        self.pending = (kind, seat, *extra)

    def _push(self, *steps: tuple) -> None:
        self.queue = tuple(steps) + self.queue

    def _run(self) -> None:
        """Resolve automatic steps until someone must decide or the game ends."""
        while self.winner is None and self.pending is None:
            step, *args = self.queue[0]
            self.queue = self.queue[1:]
            getattr(self, "_step_" + step)(*args)

    # damage, heals, death -----------------------------------------------------------------------
    def _markers_left(self) -> int:
        if not self.rules.limited_markers:  # DQ-A20
            return 1 << 30
        animal = self.animal[3] if self.animal else 0
        on_quest = self.q.damage if self.q else 0
        return MARKER_SUPPLY["damage"] - sum(self.damage) - animal - on_quest

    def _supply(self, amount: int) -> int:
        """DQ-A20: with a limited supply, only the Damage markers left can be placed."""
        return max(0, min(amount, self._markers_left()))

    def _hurt(self, target, amount: int, why: str) -> None:
        """Damage a hero or the animal; a hero's death ends the game at once (DQ-R36)."""
        amount = min(amount, self._markers_left())
        if amount <= 0:
            return
        if target == "animal":
            name, power, hp, dmg, alive = self.animal
            dmg = min(hp, dmg + amount)
            self.animal = (name, power, hp, dmg, dmg < hp)
            self._say(f"{name} takes {amount} Damage ({why})" +
                      ("; it is killed and gone for the rest of the game" if dmg >= hp else ""))
            return
        hero = self._hero(target)
        dmg = min(hero.hp, self.damage[target] + amount)
        self.damage = _tuple_set(self.damage, target, dmg)
        self._say(f"P{target + 1} ({hero.name}) takes {amount} Damage ({why})")
        if dmg >= hero.hp:  # DQ-R36
            role = self.loyalty[target]
            self.winner = LOYAL if role == DOPPEL else DOPPEL
            side = "Loyal Adventurers" if self.winner == LOYAL else "Doppelgängers"
            self.end_reason = (f"P{target + 1} ({hero.name}) died and was a "
                               f"{'Doppelgänger' if role == DOPPEL else 'Loyal Adventurer'}: "
                               f"the {side} win")
            self._say(self.end_reason)
            self.pending, self.queue, self.pp = None, (), None

    def _heal(self, target, amount: int) -> None:
        if target == "animal":
            name, power, hp, dmg, alive = self.animal
            self.animal = (name, power, hp, max(0, dmg - amount), alive)
        else:
            self.damage = _tuple_set(self.damage, target, max(0, self.damage[target] - amount))
        self._say(f"{'the animal' if target == 'animal' else f'P{target + 1}'} heals {amount}")

    def _draw_item(self) -> str | None:
        if not self.item_deck:
            if not (self.rules.reshuffle_items and self.item_discard):  # DQ-A15
                return None
            deck = list(self.item_discard)
            self._rng("reshuffle").shuffle(deck)
            self.item_deck, self.item_discard = tuple(deck), ()
            self._say("the Item discards are shuffled into a new deck")
        card, self.item_deck = self.item_deck[0], self.item_deck[1:]
        return card

    # draft ------------------------------------------------------------------------------------
    def _do_hero(self, seat: int, name: str) -> None:
        self.heroes = _tuple_set(self.heroes, seat, name)
        self._say(f"P{seat + 1} picks {name}")
        nxt = (seat + 1) % self.players
        if nxt == self.pl:
            self.queue = (("quest",),)
        else:
            self._ask("draft", nxt)

    # quest steps ---------------------------------------------------------------------------------
    def _step_quest(self) -> None:
        """DQ-R12: reveal the top Quest card."""
        if not self.quest_deck:
            how = self.rules.quest_deck_exhausted  # DQ-A16
            if how != "reshuffle" or not self.quests_used:
                self.winner = DOPPEL if how == "doppelgangers_win" else "draw"
                self.end_reason = "the Quest deck ran out"
                return
            deck = list(self.quests_used)
            self._rng("quests").shuffle(deck)
            self.quest_deck, self.quests_used = tuple(deck), ()
        index, self.quest_deck = self.quest_deck[0], self.quest_deck[1:]
        self.quests_used = self.quests_used + (index,)
        self.quest_no += 1
        card = self.cards.quests[index]
        self.q = QuestRound(self.quest_no, card)
        self._say(f"Quest {self.quest_no}: P{self.pl + 1} leads and reveals {card.name} "
                  f"({card.requirement})")
        self.queue = (("passes",), ("party",), ("contributions",), ("pool",), ("poison",),
                      ("spells",), ("turns",), ("abilities",))
        if self.rules.tavern_timing == "before_outcome":  # DQ-A26
            self.queue += (("tavern",), ("outcome",))
        else:
            self.queue += (("outcome",), ("tavern",))
        self.queue += (("exhaustion",), ("next",))

    def _step_passes(self) -> None:
        self._next_passer(0)

    def _next_passer(self, start: int) -> None:
        order = self._seat_order(self.pl)
        for i in range(start, len(order)):
            seat = order[i]
            if self.hands[seat]:  # DQ-A14: an empty hand skips
                self._ask("pass", seat, i)
                return
        if self.rules.item_pass == "simultaneous":  # DQ-A25: all choose, then all receive
            hands = [list(h) for h in self.hands]
            for seat, card in self.q.passes:
                hands[seat].remove(card)
            for seat, card in self.q.passes:
                hands[(seat + 1) % self.players].append(card)
            self.hands = tuple(tuple(h) for h in hands)
        self._say("every player passes one Item card face down to the left")

    def _do_pass(self, seat: int, card: str) -> None:
        i = self._extra[0]
        if self.rules.item_pass == "simultaneous":
            self._setq(passes=self.q.passes + ((seat, card),))
        else:
            left = (seat + 1) % self.players
            hands = list(self.hands)
            hands[seat] = _without(hands[seat], card)
            hands[left] = hands[left] + (card,)
            self.hands = tuple(hands)
            self._know(left, f"P{seat + 1} passed you {self.cards.card_name(card)}")
            if self.rules.hand_limit_scope == "always" and len(hands[left]) > HAND_LIMIT:
                self._ask("discard", left, i)
                return
        self._next_passer(i + 1)

    def _do_discard(self, seat: int, card: str) -> None:
        self.hands = _tuple_set(self.hands, seat, _without(self.hands[seat], card))
        self.item_discard = self.item_discard + (card,)
        self._next_passer(self._extra[0] + 1)

    def _step_party(self) -> None:
        self._ask("party", self.pl)

    def _do_party(self, seat: int, seats: tuple, animal: bool) -> None:
        """DQ-R14: the PL goes, with at least one other player; the animal may join."""
        party = self._turn_order(seats)
        self._setq(party=party, animal_in=animal)
        names = ", ".join(f"P{p + 1}" for p in party)
        self._say(f"party: {names}" + (f" and the {self.animal[0]}" if animal else ""))

    def _step_contributions(self) -> None:
        self._next_contributor()

    def _next_contributor(self) -> None:
        for seat in self.q.party:
            if seat not in self.q.contributed and self.hands[seat]:  # DQ-R15, DQ-A14
                self._ask("contribute", seat)
                return

    def _do_contribute(self, seat: int, card: str) -> None:
        self.hands = _tuple_set(self.hands, seat, _without(self.hands[seat], card))
        self._setq(contributed=self.q.contributed + (seat,), pool=self.q.pool + (card,))
        self._next_contributor()

    def _step_pool(self) -> None:
        """DQ-R16: two cards from the deck join the pool, which is shuffled."""
        pool = list(self.q.pool)
        for _ in range(2):
            card = self._draw_item()
            if card is not None:
                pool.append(card)
        self._rng("pool").shuffle(pool)
        self._setq(pool=tuple(pool))
        rogue = self._ability_holder("rogue")
        if rogue is not None and pool:  # DQ-R26: the Rogue's window, before the random discard
            self._ask("rogue", rogue)
        else:
            self._random_discard()

    def _do_rogue(self, seat: int, use: bool) -> None:
        if use:
            self._setq(rogue_used=True)
            self._say(f"P{seat + 1} uses the Rogue's ability: no random discard")
            self._ask_give()
        else:
            self._random_discard()

    def _ask_give(self) -> None:
        """DQ-R16: the PL hands out the pool; an empty pool (no contributions and, with
        reshuffling off (DQ-A15), no Item cards left to draw) has nothing to hand out."""
        if self.q.pool:
            self._ask("give", self.pl)
        else:
            self._say("the pool is empty: nobody receives an Item card")

    def _random_discard(self) -> None:
        pool = list(self.q.pool)
        if pool:
            card = pool.pop(self._rng("discard").randrange(len(pool)))
            self.item_discard = self.item_discard + (card,)
        self._setq(pool=tuple(pool))
        self._say(f"the pool ({len(pool)} cards after the random discard) goes to P{self.pl + 1}")
        self._know(self.pl, "pool: " + ", ".join(self.cards.card_name(c) for c in pool))
        self._ask_give()

    def _do_give(self, seat: int, card: str) -> None:
        q = self.q
        taker = next(p for p in q.party if q.item_of(p) is None)
        self._setq(pool=_without(q.pool, card), given=q.given + ((taker, card),))
        self._say(f"P{taker + 1} receives {self.cards.card_name(card)} face up")
        q = self.q
        if len(q.given) < len(q.party) and q.pool:
            self._ask("give", self.pl)
            return
        if q.pool:  # DQ-R16 step 5, DQ-A22: the leftovers are discarded unseen
            self.item_discard = self.item_discard + q.pool
            self._setq(pool=())

    def _step_poison(self) -> None:
        """DQ-R17: any Poison received makes the Quest fail at once."""
        q = self.q
        if not any(self.cards.item(c).type == "poison" for _, c in q.given):
            return
        self._setq(poisoned=True, outcome="failure")
        self._say("a Poison is revealed: the Quest fails at once")
        steps = self._failure_steps()
        if not self.rules.poison_skips_tavern:  # DQ-A8
            steps += (("tavern",),)
        self.queue = steps + (("exhaustion",), ("next",))

    def _step_spells(self) -> None:
        """DQ-R19, DQ-A29: non-Fireball spells act at once, clockwise from the PL's left."""
        q = self.q
        for seat in q.party:
            card = q.item_of(seat)
            if card is None:
                continue
            kind = self.cards.item(card)
            if kind.type != "spell":
                continue
            q = self.q
            if kind.effect == "bless":
                self._setq(bless=q.bless + 1)
            elif kind.effect == "ward" and q.aside[1] > 0 and q.bag[0] > 0:
                self._setq(bag=(q.bag[0] - 1, q.bag[1] + 1), aside=(q.aside[0] + 1, q.aside[1] - 1))
            elif kind.effect == "hex" and q.aside[0] > 0:
                self._setq(bag=(q.bag[0] + 1, q.bag[1]), aside=(q.aside[0] - 1, q.aside[1]))
            self._say(f"P{seat + 1}'s {kind.name} takes effect: {kind.text}")

    def _step_turns(self) -> None:
        self._next_turn()

    def _next_turn(self) -> None:
        """DQ-R20/R21: turns clockwise from the PL's left, the PL last."""
        while True:
            q = self.q
            if self.rules.success_check == "immediate" and q.card.succeeds(q.damage):  # DQ-A21
                self._say("the requirement is met: the Quest ends at once (immediate reading)")
                self.queue = tuple(st for st in self.queue if st[0] != "abilities")
                return
            if q.turn >= len(q.party):
                return
            seat = q.party[q.turn]
            animal_ok = q.animal_in and self.animal[4] and \
                q.animal_attacks < self.rules.animal_attacks_per_quest
            if seat == self.pl and animal_ok and q.drawn == () and q.die is None:
                self._ask("animal", self.pl)  # DQ-R24 (offered on the PL's turn, see docs)
                return
            card = q.item_of(seat)
            kind = self.cards.item(card) if card else None
            hero = self._hero(seat)
            if kind is None or kind.type in ("spell", "poison") or not kind.usable_by(hero.weapon):
                why = "no item" if kind is None else (
                    f"{kind.name} is a spell" if kind.type == "spell" else
                    f"{hero.name} cannot use {kind.name}")
                self._say(f"P{seat + 1} takes no action ({why}) and passes the bag")
                self._setq(turn=q.turn + 1)
                continue
            if kind.type == "fireball":
                self._ask("fireball", seat)
                return
            black, white = q.bag
            if black + white == 0:
                self._say(f"P{seat + 1} finds the bag empty and passes")
                self._setq(turn=q.turn + 1)
                continue
            dice = ["black"] * black + ["white"] * white
            rng = self._rng("bag")
            if kind.type == "elixir":  # DQ-R21: one die at random
                drawn = (rng.choice(dice),)
                self._setq(drawn=drawn, die=drawn[0], kept=drawn[0])
                self._know(seat, f"drew a {drawn[0]} die for the Elixir")
                self._show_die(seat)
                return
            drawn = tuple(sorted(rng.sample(dice, min(2, len(dice)))))
            self._setq(drawn=drawn)
            self._know(seat, f"quest {q.number}: drew {' and '.join(drawn)} dice")
            self._ask("keep", seat)
            return

    def _do_animal(self, seat: int, attack: bool) -> None:
        q = self.q
        if attack:
            name, power = self.animal[0], self.animal[1]
            self._setq(damage=q.damage + self._supply(power), animal_attacks=q.animal_attacks + 1)
            self._say(f"the {name} attacks: {power} Damage on the Quest card, no roll")
        else:
            self._setq(animal_attacks=self.rules.animal_attacks_per_quest)
        self._next_turn()

    def _do_fireball(self, seat: int, cast: bool) -> None:
        q = self.q
        kind = self.cards.item(q.item_of(seat))
        if cast:  # DQ-R19: automatic, no roll
            self._setq(damage=q.damage + self._supply(kind.damage))
            self._say(f"P{seat + 1} casts {kind.name}: {kind.damage} Damage")
        else:
            self._say(f"P{seat + 1} holds the {kind.name}")
        self._end_turn()

    def _do_pass_turn(self, seat: int) -> None:
        self._say(f"P{seat + 1} passes: the Quest is already defeated (DQ-R23)")
        self._setq(drawn=())
        self._end_turn()

    def _do_keep(self, seat: int, colour: str) -> None:
        self._setq(die=colour, kept=colour)
        self._say(f"P{seat + 1} keeps and shows a {colour} die")
        self._show_die(seat)

    def _show_die(self, seat: int) -> None:
        q = self.q
        knight = self._ability_holder("knight")
        elixir = self.cards.item(q.item_of(seat)).type == "elixir"
        if knight is not None and not q.knight_used and (
                not elixir or self.rules.knight_applies_to_elixir):  # DQ-R26, DQ-A28
            self._ask("knight", knight)
            return
        self._roll(seat)

    def _do_knight(self, seat: int, use: bool) -> None:
        q = self.q
        roller = q.party[q.turn]
        if use:
            new = "white" if q.die == "black" else "black"
            self._setq(die=new, knight_used=True)
            self._say(f"P{seat + 1}'s Knight turns P{roller + 1}'s die {new}")
        self._roll(roller)

    def _roll(self, seat: int) -> None:
        face = self._rng("roll").randint(1, self.cards.sides)
        self._setq(face=face)
        self._say(f"P{seat + 1} rolls {face} on the {self.q.die} die")
        self._offer_reroll(seat)

    def _offer_reroll(self, seat: int) -> None:
        q = self.q
        if self.rerolls[seat] > 0 and (q.rerolled == 0 or self.rules.reroll_same_die_repeatedly):
            self._ask("reroll", seat)  # DQ-R38, DQ-A18
        else:
            self._resolve_roll(seat)

    def _do_reroll(self, seat: int, use: bool) -> None:
        if not use:
            self._resolve_roll(seat)
            return
        self.rerolls = _tuple_set(self.rerolls, seat, self.rerolls[seat] - 1)
        face = self._rng("reroll").randint(1, self.cards.sides)
        self._setq(face=face, rerolled=self.q.rerolled + 1)
        self._say(f"P{seat + 1} spends a Re-roll marker and rolls {face}")
        self._offer_reroll(seat)

    def _resolve_roll(self, seat: int) -> None:
        q = self.q
        kind = self.cards.item(q.item_of(seat))
        colour, face = q.die, q.face
        if kind.type == "elixir":
            amount = kind.heal[0 if colour == "white" else 1][face - 1]
            if amount and self.damage[seat]:
                self._heal(seat, amount)
            self._end_turn()
            return
        to_quest, friendly = weapon_result(self.cards, kind.weapon, kind.magic, colour, face,
                                           q.bless)
        self._setq(damage=q.damage + self._supply(to_quest))
        if is_friendly_fire(colour, face):
            auto = self.cards.table(kind.weapon)[3]
            if auto:
                self._say(f"the Staff's automatic damage still hits the Quest card: {auto}")
            self._say(f"friendly fire! {friendly} Damage goes to a quest member of "
                      f"P{seat + 1}'s choice")
            if friendly > 0:
                self._setq(ff_left=friendly)
                self._ask("ff", seat)
                return
        else:
            self._say(f"{to_quest} Damage on the Quest card ({kind.name}, {colour} {face})")
        self._end_turn()

    def _do_ff(self, seat: int, target) -> None:
        q = self.q
        chunk = 1 if self.rules.ff_split else q.ff_left  # DQ-A12
        self._setq(ff_left=q.ff_left - chunk, friendly=q.friendly + chunk)
        self._hurt(target, chunk, f"friendly fire from P{seat + 1}")
        if self.winner is not None:
            return
        if self.q.ff_left > 0:
            self._ask("ff", seat)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        q = self.q
        bag = q.bag
        if not self.rules.dice_return_to_bag and q.kept is not None:  # DQ-A17
            bag = (bag[0] - (q.kept == "black"), bag[1] - (q.kept == "white"))
        self._setq(turn=q.turn + 1, drawn=(), die=None, kept=None, face=None, rerolled=0,
                   bag=bag)
        self._next_turn()

    def _step_abilities(self) -> None:
        self._next_ability(0)

    def _next_ability(self, start: int) -> None:
        """DQ-R26, DQ-A22: post-turn abilities clockwise from the PL's left."""
        party = self.q.party
        for i in range(start, len(party)):
            if self._hero(party[i]).ability in ("cleric", "berserker"):
                self._ask("ability", party[i], i)
                return

    def _after_ability(self, seat: int) -> None:
        self._next_ability(self.q.party.index(seat) + 1)

    def _do_decline(self, seat: int) -> None:
        self._after_ability(seat)

    def _do_heal(self, seat: int, target: int) -> None:
        self._heal(target, 1)
        self._after_ability(seat)

    def _do_rage(self, seat: int, card: str) -> None:
        # DQ-R26: the cost is discarded from hand; discarded cards never trigger
        self.hands = _tuple_set(self.hands, seat, _without(self.hands[seat], card))
        self.item_discard = self.item_discard + (card,)
        self._setq(damage=self.q.damage + self._supply(2))
        self._say(f"P{seat + 1} rages: discards a card from hand for 2 Damage on the Quest")
        self._after_ability(seat)

    def _step_tavern(self) -> None:
        """DQ-R27: players not on the Quest rest, clockwise from the PL's left."""
        for seat in self._turn_order(p for p in range(self.players) if p not in self.q.party):
            if self.exhausted[seat]:
                self.exhausted = _tuple_set(self.exhausted, seat, False)
        self._next_tavern(0)

    def _next_tavern(self, start: int) -> None:
        rest = self._turn_order(p for p in range(self.players) if p not in self.q.party)
        for i in range(start, len(rest)):
            if self._tavern_options(rest[i]):
                self._ask("tavern", rest[i], i)
                return

    def _do_tavern(self, seat: int, choice: str) -> None:
        if choice == "heal":
            self._heal(seat, 1)
        elif choice == "draw":
            card = self._draw_item()
            self.hands = _tuple_set(self.hands, seat, self.hands[seat] + (card,))
            self._know(seat, f"drew {self.cards.card_name(card)} in the tavern")
            self._say(f"P{seat + 1} draws an Item card in the tavern")
        else:
            self.rerolls = _tuple_set(self.rerolls, seat, self.rerolls[seat] + 1)
            self._say(f"P{seat + 1} takes a Re-roll marker in the tavern")
        rest = self._turn_order(p for p in range(self.players) if p not in self.q.party)
        self._next_tavern(rest.index(seat) + 1)

    # outcome -----------------------------------------------------------------------------------
    def _failure_steps(self) -> tuple:
        penalty = (("pp", "damage", self.q.card.penalty, "quest_party"),)
        flip = (("flip", "dark"),)
        if self.rules.failure_order == "flip_then_penalty":  # DQ-A9
            return flip + penalty
        return penalty + flip

    def _step_outcome(self) -> None:
        """DQ-R28..R30: judge once; success -> rewards + Light flip; failure -> penalty + Darkness."""
        q = self.q
        if q.outcome is not None:
            return
        if q.card.succeeds(q.damage):
            self._setq(outcome="success")
            self._say(f"{q.damage} Damage: {q.card.name} succeeds")
            steps = tuple(("pp", kind, units, "quest_party") for kind, units in q.card.reward)
            if self.rules.success_grants_reroll_each:  # DQ-A19
                steps += (("grant",),)
            self._push(*steps, ("flip", "light"))
        else:
            self._setq(outcome="failure")
            self._say(f"{q.damage} Damage: {q.card.name} fails")
            self._push(*self._failure_steps())

    def _step_grant(self) -> None:
        for seat in self.q.party:
            if self._reroll_supply() > 0:
                self.rerolls = _tuple_set(self.rerolls, seat, self.rerolls[seat] + 1)

    def _step_pp(self, kind: str, units: int, scope: str) -> None:
        """DQ-R31: distribute ``units`` one at a time, ping-pong style."""
        q = self.q
        if scope == "all_players":  # DQ-A6
            eligible = tuple(self._seat_order(self.pl))
        else:
            eligible = tuple(self._turn_order(q.party))  # DQ-R32: quest members only
            eligible = (self.pl,) + tuple(p for p in eligible if p != self.pl)
        if q.animal_in and self.animal[4] and self.rules.animals_in_pingpong and \
                kind in ("damage", "heal"):  # DQ-A10: animals take no cards or markers
            eligible += ("animal",)
        pingpong = kind == "damage" or self.rules.reward_distribution == "pingpong_per_unit"
        if units <= 0 or len(eligible) < 2:
            return
        self.pp = {"kind": kind, "left": units, "holder": self.pl, "last": None,
                   "eligible": eligible, "pingpong": pingpong}
        self._say(f"P{self.pl + 1} distributes {units} {kind} unit(s) "
                  f"{'ping-pong style' if pingpong else 'freely'}")
        self._pp_next()

    def _pp_next(self) -> None:
        pp = self.pp
        if pp["left"] == 0:
            self.pp = None
            return
        if not self._pp_targets():  # e.g. every hand is full for an Item reward
            self._say(f"the remaining {pp['left']} {pp['kind']} unit(s) are wasted")
            self.pp = None
            return
        self._ask("target", pp["holder"])

    def _do_target(self, seat: int, target) -> None:
        pp = dict(self.pp)
        kind = pp["kind"]
        if kind == "damage":
            self._hurt(target, 1, "ping-pong")
            if self.winner is not None:  # DQ-R36: remaining units are not applied
                return
        elif kind == "heal":
            if self._damage_of(target) > 0:
                self._heal(target, 1)
            else:
                self._say(f"a heal unit on {_name(target)} is wasted (no Damage)")
        elif kind == "items":
            card = self._draw_item()
            if card is not None:
                self.hands = _tuple_set(self.hands, target, self.hands[target] + (card,))
                self._know(target, f"received {self.cards.card_name(card)} as a reward")
            self._say(f"P{target + 1} draws a reward Item card")
        elif kind == "rerolls":
            if self._reroll_supply() > 0:
                self.rerolls = _tuple_set(self.rerolls, target, self.rerolls[target] + 1)
            self._say(f"P{target + 1} gains a Re-roll marker")
        pp["left"] -= 1
        pp["last"] = target
        self.pp = pp
        if not pp["pingpong"]:
            self._pp_next()
        elif pp["left"] == 0:
            self.pp = None
        elif target == "animal":  # DQ-A10: an animal holds nothing; the holder goes on
            self._pp_next()
        elif target != seat:
            pp["holder"] = target  # "you must give that player the remaining damage"
            self._pp_next()
        else:
            self._ask("hand", seat)  # self-damage: pass the rest to any other member

    def _do_hand(self, seat: int, to: int) -> None:
        self.pp = dict(self.pp, holder=to)
        self._pp_next()

    def _step_flip(self, row: str) -> None:
        self._ask("flip", self.pl, row)

    def _do_flip(self, seat: int, index: int) -> None:
        name = self._extra[0]
        row = self.light if name == "light" else self.dark
        token = row[index][0]
        row = _tuple_set(row, index, (token, True))
        if name == "light":
            self.light = row
        else:
            self.dark = row
        self._say(f"P{seat + 1} flips {'Light' if name == 'light' else 'Darkness'} token "
                  f"{index + 1}: {TOKEN_LABELS[token]}")
        if token in ARTIFACTS:  # DQ-R37
            if sum(t in ARTIFACTS and up for t, up in row) == len(ARTIFACTS):
                self.winner = LOYAL if name == "light" else DOPPEL
                side = "Loyal Adventurers" if name == "light" else "Doppelgängers"
                self.end_reason = f"the third {name} artifact is face up: the {side} win"
                self._say(self.end_reason)
                self.pending, self.queue = None, ()
        elif token in ("heal2", "take3"):  # DQ-R11 (3), DQ-A6
            kind, units = ("heal", 2) if token == "heal2" else ("damage", 3)
            self._push(("pp", kind, units, self.rules.token_effect_scope))
        elif token == "peek":
            self._ask("peek", seat)

    def _do_peek(self, seat: int, row: str, index: int) -> None:
        token = (self.light if row == "light" else self.dark)[index][0]
        self._know(seat, f"peeked: {row} token {index + 1} is {TOKEN_LABELS[token]}")
        self._say(f"P{seat + 1} peeks at {row} token {index + 1}")

    def _do_no_peek(self, seat: int) -> None:
        pass

    def _step_exhaustion(self) -> None:
        """DQ-R33/R34: members already exhausted take 1 Damage; the rest gain a marker."""
        start = self.pl if self.rules.simultaneous_death_order == "clockwise_from_pl" else \
            (self.pl + 1) % self.players  # DQ-A11
        members = [p for p in self._seat_order(start) if p in self.q.party]
        for seat in members:
            if self.exhausted[seat]:
                self._hurt(seat, 1, "exhaustion")
                if self.winner is not None:
                    return
        for seat in members:
            self.exhausted = _tuple_set(self.exhausted, seat, True)

    def _step_next(self) -> None:
        """DQ-R35: the Party Leader token and the Bag pass left."""
        # [INFERRED] the face-up Item cards of the Quest are spent: they go to the discards
        self.item_discard = self.item_discard + tuple(c for _, c in self.q.given)
        self._setq(given=())
        self.pl = (self.pl + 1) % self.players
        self._push(("quest",))

    # -- views ---------------------------------------------------------------------------------
    def view(self, player: int | None = None) -> dict:
        """What ``player`` knows (``None``: only the public table). DQ-R39."""
        n = self.players
        if player is not None:
            player = check_seat(player, n, "player")
        over = self.is_over
        q = self.q
        seats = []
        for p in range(n):
            mine = player == p
            seats.append({
                "seat": p, "hero": self.heroes[p], "damage": self.damage[p],
                "hp": self.cards.hero(self.heroes[p]).hp if self.heroes[p] else None,
                "exhausted": self.exhausted[p], "rerolls": self.rerolls[p],
                "hand_size": len(self.hands[p]),
                "hand": list(self.hands[p]) if mine else None,
                "loyalty": self.loyalty[p] if (mine or over) else None,
                "party_leader": p == self.pl,
                "on_quest": bool(q and p in q.party),
            })
        view = {
            "players": n, "seats": seats, "quest_no": self.quest_no,
            "quest": None if q is None else {
                "name": q.card.name, "requirement": q.card.requirement,
                "reward": q.card.reward_text, "penalty": q.card.penalty, "damage": q.damage,
                "party": list(q.party), "given": [[s, c] for s, c in q.given],
                "shown_die": q.die, "face": q.face, "bag": list(q.bag), "outcome": q.outcome},
            "light": [t if up else None for t, up in self.light],
            "dark": [t if up else None for t, up in self.dark],
            "animal": None if self.animal is None else {
                "name": self.animal[0], "damage": self.animal[3], "hp": self.animal[2],
                "alive": self.animal[4]},
            "to_move": self.to_move, "phase": self.phase, "winner": self.winner,
            "log": list(self.log),
        }
        if player is not None:
            view["you"] = player
            view["private"] = list(self.secrets[player])
            if q is not None and self.pending and self.pending[0] == "give" and player == self.pl:
                view["pool"] = list(q.pool)  # DQ-R16: the PL looks at the pool
            # DQ-R39 (rulebook lines 258-262): the two dice are drawn secretly and the one that
            # goes back stays hidden, so only the roller ever sees the drawn pair (not the Knight
            # deciding on the shown die, nor anyone else).
            if q is not None and q.drawn and self.roller() == player:
                view["drawn"] = list(q.drawn)
        return view

    def _repr_html_(self) -> str:
        from .render import table_html

        return table_html(self)


def _member(value: Any, name: str) -> Any:
    """A quest member: a seat number or a name (such as ``"Kate"`` or ``"animal"``)."""
    if isinstance(value, str):
        return check_str(value, name, max_len=100)
    return check_int(value, name)


def _name(target) -> str:
    return "the animal" if target == "animal" else f"P{target + 1}"


def _str_list(value: Any, what: str, rule: str) -> list:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(rule, f"{what} must be a list of names, not {value!r}")
    return list(value)


def _option_seat(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise BadInput("DQ-R2", f"the Party Leader is a seat from 0 to {n - 1}, not {value!r}")
    return value


def _without(cards: tuple, card: str) -> tuple:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def new_game(players: int, *, rules: Rules = Rules(), seed: int | None = None,
             **options: Any) -> State:
    """A new game: PL, loyalty, hands, Quests and tokens dealt from ``seed`` (DQ-R1..R10).

    Options arrange a scenario (for examples and teaching) and are kept in the record, so the
    game still replays from JSON: ``pl`` (seat), ``loyalty`` (list of ``"loyal"`` /
    ``"doppelganger"``), ``hands`` (a list of card-id lists), ``deck_top`` (card ids on top of
    the Item deck), ``quests`` (Quest names on top of the Quest deck), ``light`` / ``dark``
    (token orders).
    """
    return State.initial(players, rules, seed, options)


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


__all__ = ["Rules", "State", "QuestRound", "new_game", "from_json", "loyalty_split",
           "pingpong_sequences", "pingpong_count", "hand_size", "draft_weapon",
           "is_friendly_fire", "weapon_result", "minotaur_example", "LOYAL", "DOPPEL", "GAME",
           "PLAYER_COUNTS", "PINGPONG_LIMIT"]


MINOTAUR = "Escape The Bloodthirsty Minotaur"
KATE, MIKE, NATE = 0, 1, 2


def minotaur_example(rules: Rules = Rules()) -> State:
    """DQ-E3 arranged as a real game: Kate (P1, Party Leader, Knight), Mike (P2, Rogue) and
    Nate (P3, Wizard) go on the Minotaur Quest (10 or more damage); each casts a Fireball for
    3, total 9, so the Quest fails and Kate must ping-pong the 4-Damage penalty.

    Returns the state where Kate holds the four penalty markers (``pending`` is her first
    ``target``). The whole game replays from its JSON record.
    """
    s = new_game(4, rules=rules, seed=2024, pl=KATE, quests=[MINOTAUR],
                 loyalty=[LOYAL, LOYAL, LOYAL, DOPPEL],
                 hands=[["fireball.1", "dagger.1", "dagger.2", "dagger.3"],
                        ["fireball.2", "dagger.4", "dagger.5", "dagger.6"],
                        ["fireball.3", "dagger.7", "dagger.8", "dagger.9"],
                        ["sword.1", "sword.2", "sword.3", "sword.4"]],
                 deck_top=["bless.1", "bless.2"])
    script = [("hero", "Knight"), ("hero", "Rogue"), ("hero", "Wizard"), ("hero", "Barbarian"),
              ("pass", "dagger.1"), ("pass", "dagger.4"), ("pass", "dagger.7"),
              ("pass", "sword.1"), ("party", (KATE, MIKE, NATE), False),
              ("contribute", "fireball.2"), ("contribute", "fireball.3"),
              ("contribute", "fireball.1"), ("rogue", True),
              ("give", "fireball.2"), ("give", "fireball.3"), ("give", "fireball.1"),
              ("fireball", True), ("fireball", True), ("fireball", True), ("decline",),
              ("tavern", "reroll")]
    for action in script:
        s = s.play(action)
    return s
