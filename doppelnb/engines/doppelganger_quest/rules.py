"""Doppelgänger (quest game): the rule constants, the variant flags and the pure rule functions.

Each rule lives here once, with its rule id (explained in :mod:`doppelnb.rulebook`): the
loyalty split (DQ-R10), hand sizes (DQ-R7), the draft (DQ-R3), friendly fire (DQ-R25), weapon
results (DQ-R18) and the damage ping-pong (DQ-R31). ``Rules`` holds one flag per ambiguity
(DQ-A1..A29), each defaulting to the digest's recommended reading.

>>> loyalty_split(6)
(2, 4)
>>> hand_size(6), draft_weapon(4)
(3, 'sword')
>>> is_friendly_fire("black", 3), is_friendly_fire("white", 3)
(True, False)
>>> pingpong_sequences(["Kate", "Nate"], 3)
[('Kate', 'Nate', 'Kate'), ('Nate', 'Kate', 'Nate')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import Any

from ...core.checks import (
    check_bool,
    check_choice,
    check_instance,
    check_int,
    check_players,
    check_sequence,
    check_size,
    check_str,
    show,
)
from ...core.errors import BadInput
from ...core.variants import RulesBase, flag
from .cards import DATA_FILE, WEAPONS, CardSet, card_set, check_source
from .notation import PLAYER_COUNTS

LOYALTY = {4: (1, 3), 5: (1, 4), 6: (2, 4), 7: (2, 5), 8: (3, 5)}  # DQ-R10
ANIMALS = {4: ("War Bear", 5, 4), 5: ("Battle Dog", 3, 4)}  # DQ-R6: name, damage, hit points
HAND_LIMIT = 5  # DQ-R27
BAG = (2, 1)  # DQ-R5: black, white dice in the Bag of Holding
SET_ASIDE = (1, 1)  # DQ-R5: one black and one white set aside
FRIENDLY_FIRE = {"white": (1,), "black": (1, 2, 3)}  # DQ-R25
MARKER_SUPPLY = {"damage": 25, "rerolls": 20}  # DQ-A20
LOYAL, DOPPEL = "loyal", "doppelganger"
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
    return weapon_outcome(cards, weapon, magic, colour, face, bless)


def weapon_outcome(cards: CardSet, weapon: str, magic: bool, colour: str, face: int,
                   bless: int) -> tuple[int, int]:
    """:func:`weapon_result` without the argument checks (the engine's inner loop)."""
    _, good, cursed, auto = cards.table(weapon)
    amount = (good if colour == "white" else cursed)[face - 1] + int(magic)  # DQ-R18: Magic +1
    if face in FRIENDLY_FIRE[colour]:  # DQ-R25
        return auto, amount
    return auto + (amount + bless if amount else 0), 0


def _check_players(players: Any) -> int:
    return check_players(players, PLAYER_COUNTS, rule="DQ-R1")


# -- variant flags -------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Rules(RulesBase):
    """The variant flags of the quest game (DQ-A1..A29), defaulting to the recommended readings."""

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


def _checked_init(init: Any) -> Any:
    """Wrap the dataclass ``__init__`` so an unknown flag name is ``BadInput``, not TypeError."""
    names = tuple(f.name for f in dataclasses.fields(Rules))

    def __init__(self: Rules, *args: Any, **flags: Any) -> None:
        unknown = sorted(set(flags) - set(names))
        if unknown:
            raise BadInput("NB-ARG", f"Rules has no variant flag {', '.join(unknown)}; flags "
                           f"are {', '.join(names)}")
        if len(args) > len(names):
            raise BadInput("NB-ARG", f"Rules takes at most {len(names)} flags, got {len(args)}")
        init(self, *args, **flags)

    __init__.__doc__ = init.__doc__
    return __init__


setattr(Rules, "__init__", _checked_init(Rules.__init__))  # noqa: B010 - replacing a method

#: The recommended readings: the default of every analysis (frozen, so one shared instance).
DEFAULT_RULES = Rules()


# -- ping-pong (DQ-R31) ------------------------------------------------------------------------
def pingpong_sequences(members: Sequence[Hashable], units: int) -> list[tuple[Any, ...]]:
    """Every legal sequence of recipients when ``units`` markers ping-pong among ``members``.

    The first member is the Party Leader holding the markers (DQ-R31): the holder gives one unit
    to anyone but the last recipient; if they damaged someone else that player holds the rest,
    if they damaged themself they hand the rest to any other member. Enumerated over the
    (holder, last) states, so each distinct recipient sequence appears once, sorted.

    Limits: at most 9 distinct ``members``, and at most ``PINGPONG_LIMIT`` (100,000) sequences
    listed; a larger case is refused with :class:`BadInput` (count it with
    :func:`pingpong_count`, the closed form).
    """
    members = check_sequence(members, "members", min_len=1, max_len=max(PLAYER_COUNTS) + 1,
                             item=_member)
    if len(set(members)) != len(members):
        raise BadInput("NB-ARG", f"members must be distinct, got {show(list(members))}")
    units = check_int(units, "units", 0)
    check_size(pingpong_count(len(members), min(units, 64)), "the number of ping-pong sequences",
               PINGPONG_LIMIT, why="count larger cases with pingpong_count")
    found: set[tuple[Any, ...]] = set()

    def walk(holder: Any, last: Any, left: int, seq: tuple[Any, ...]) -> None:
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
    count: int = members * (members - 1) ** (units - 1)
    return count


def _member(value: Any, name: str) -> Any:
    """A quest member: a seat number or a name (such as ``"Kate"`` or ``"animal"``)."""
    if isinstance(value, str):
        return check_str(value, name, max_len=100)
    return check_int(value, name)


__all__ = ["Rules", "DEFAULT_RULES", "LOYALTY", "ANIMALS", "HAND_LIMIT", "BAG", "SET_ASIDE",
           "FRIENDLY_FIRE", "MARKER_SUPPLY", "LOYAL", "DOPPEL", "MAX_SIDES", "PINGPONG_LIMIT",
           "hand_size", "loyalty_split", "draft_weapon", "is_friendly_fire", "weapon_result",
           "weapon_outcome",
           "pingpong_sequences", "pingpong_count"]
