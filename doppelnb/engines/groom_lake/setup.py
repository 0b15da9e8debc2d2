"""Set-up (GL-R1..GL-R7): stacks, Life tokens, role stacks, the deal, the first leader, and a
teaching layout when one is given. Called by :meth:`.state.State.initial` on a fresh
:class:`.apply.Draft`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from immutables import Map

from ...core.chance import rng_for
from ...core.checks import check_sequence, show
from ...core.errors import BadInput
from .apply import Draft
from .cards import INFECTION, load_deck
from .desert import Desert
from .legal import over_setup_hand
from .notation import check_coord
from .rules import ACTION_POINTS, LIFE_BY_PLAYERS
from .tiles import (
    load_tiles,
)


def deal(self: Draft, options: Mapping[str, Any]) -> None:
    """Set up ``self`` as the position after the deal (GL-R1..GL-R7)."""
    players, rules, seed = self.players, self.rules, self.seed
    self.tileset = load_tiles(rules.tiles)
    self.deck = load_deck(rules.supply_deck)
    # GL-R2: START in the middle, the Team on it, three shuffled stacks.
    self.desert = Desert(self.tileset.start)
    self.team = self.desert.start
    self.map_tokens = frozenset()
    stacks = {}
    for back in ("3", "6", "compass"):
        ids = list(self.tileset.stack(back))
        rng_for(seed, "tiles", back).shuffle(ids)
        stacks[back] = tuple(ids)
    stacks["discards"] = ()
    self.stacks = Map(stacks)
    self.tile_discards = ()
    self.reshuffled = False
    self.tile_shuffles = 0
    arrange(self, options)
    # GL-R4 (and GL-A1 when tokens are limited)
    per = LIFE_BY_PLAYERS[players]
    if rules.limited_tokens and rules.component("life") < per * players:
        raise BadInput("GL-A1", f"{players} players need {per * players} Life tokens but the box "
                       f"holds {rules.component('life')}")
    self.life = (per,) * players
    # GL-R5: N Humans + the Alien (one Human fewer to guarantee an Alien, GL-A31).
    cards = self.deck.cards()
    cards.remove("recovery")
    cards.remove("recovery")
    rng_for(seed, "supply", 0).shuffle(cards)
    humans = players - 1 if rules.guarantee_alien else players
    role_stacks: list[tuple[str, tuple[str, ...]]] = [("alien", ("recovery", "recovery"))]
    for _ in range(humans):
        role_stacks.append(("human", tuple(cards[:2])))
        cards = cards[2:]
    rng_for(seed, "roles").shuffle(role_stacks)
    seats, leftover = role_stacks[:players], role_stacks[players:]
    self.characters = tuple(role for role, _ in seats)  # the Character cards (GL-R28)
    self.roles = self.characters  # allegiance now: The Infection turns Humans (GL-R29)
    hands = [list(hand) for _, hand in seats]
    self.leftover = leftover[0] if leftover else None
    if self.leftover and rules.leftover_stack == "return_cards_to_deck":  # GL-A22
        cards = cards + list(self.leftover[1])
        rng_for(seed, "supply", 1).shuffle(cards)
        self.leftover = (self.leftover[0], ())
    self.supply = tuple(cards)
    self.supply_discards = ()
    self.supply_shuffles = 0
    self.removed = ()
    self.removed_unseen = ()
    self.infected = frozenset()
    self.out = frozenset()
    self.step = 1 if rules.turn_direction == "clockwise" else -1  # GL-A20
    # GL-R6 / GL-A23: 10 more cards, one at a time from a random player.
    dealer_start = rng_for(seed, "deal-start").randrange(players)
    extra = 10 if rules.initial_extra_deal == "10_total" else 10 * players
    seat = dealer_start
    for _ in range(extra):
        if not self.supply:
            break  # nothing is discarded yet, so there is nothing to reshuffle (GL-R30)
        hands[seat].append(self.supply[0])
        self.supply = self.supply[1:]
        seat = (seat + self.step) % players
    self.hands = tuple(tuple(sorted(h)) for h in hands)
    for p, hand in enumerate(self.hands):  # GL-R29: a dealt Infection makes an Alien
        if INFECTION in hand:
            self.infected |= {p}
            self.roles = self.roles[:p] + ("alien",) + self.roles[p + 1:]
    self.current = rng_for(seed, "first-player").randrange(players)  # GL-R7
    self.ap = ACTION_POINTS
    self.banked = (0,) * players
    self.used = frozenset()
    self.pending = None
    self.attempts = 0
    self.scout_log = ()
    self.turn_number = 1
    self.result = None
    self.life_removed = 0
    self.events = ("set-up done",)
    self.phase = "setup_discard" if over_setup_hand(self) is not None else "turn"
    self.settle()  # a teaching layout may already be trapped (GL-R31.4)


def arrange(self: Draft, options: Mapping[str, Any]) -> None:
    """A teaching position: ``layout`` lists ``[x, y, tile_id, rotation]`` placed in order
    (each touching the Desert so far and obeying the red-dot rule, GL-R14, under the game's
    ``edge_match`` reading, GL-A3), ``team`` the Team's tile and ``map_tokens`` the cleared tiles.
    A layout that breaks the red-dot rule is refused (``IllegalAction`` GL-R14), so a teaching
    position is always one the rules could build. Stored in the record's options, so it replays.
    (The placement priority GL-R15 depends on where the Team stood when each tile was scouted,
    which a layout does not record, so it is not checked.)"""
    layout: tuple[Any, ...] = check_sequence(options.get("layout", []), "layout",
                            max_len=len(self.tileset.tiles))
    used = set()
    for entry in layout:
        ok = (isinstance(entry, (list, tuple)) and len(entry) == 4
              and all(isinstance(v, int) and not isinstance(v, bool) for v in
                      (entry[0], entry[1], entry[3])) and isinstance(entry[2], str))
        if not ok:
            raise BadInput("NB-ARG", f"a layout entry is [x, y, tile_id, rotation], not {show(entry)}")
        x, y, tile_id, rot = entry
        tile = self.tileset[tile_id]
        if tile_id in used or tile is self.tileset.start:
            raise BadInput("NB-ARG", f"tile {tile_id} is used twice in the layout")
        if rot not in (0, 90, 180, 270) or (x, y) in self.desert.tiles:
            raise BadInput("NB-ARG", f"layout entry {show(list(entry))}: the position is taken or "
                           "the rotation is not 0, 90, 180 or 270")
        if not self.desert.placed_neighbours((x, y)):
            raise BadInput("NB-ARG", f"layout entry {show(list(entry))} touches no earlier tile")
        used.add(tile_id)
        self.desert = self.desert.placed(tile, (x, y), rot, self.rules.edge_match)  # GL-R14
    self.stacks = Map({k: tuple(t for t in v if t not in used) for k, v in self.stacks.items()})
    team = check_coord(options.get("team", self.desert.start), "team")
    if team not in self.desert.tiles:
        raise BadInput("NB-ARG", f"team must be the position of a placed tile, got {show(team)}")
    self.team = team
    tokens = check_sequence(options.get("map_tokens", []), "map_tokens",
                            max_len=len(self.tileset.tiles) + 1, item=check_coord)
    marks = frozenset(tokens)
    if any(p not in self.desert.tiles for p in marks):
        raise BadInput("NB-ARG", "every Map Token must lie on a placed tile")
    self.map_tokens = marks


__all__ = ["deal", "arrange"]
