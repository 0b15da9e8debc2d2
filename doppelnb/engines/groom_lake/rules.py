"""Variant flags: one field per ambiguity GL-A1..GL-A31 of the digest, recommended default first."""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

from ...core.errors import BadInput
from ...core.variants import RulesBase, flag
from .cards import SupplyDeck, load_deck, register_deck
from .tiles import ALWAYS_HIGH_HEAT_VALUE, Tile, TileSet, load_tiles, register_tiles

LIFE_BY_PLAYERS = {3: 6, 4: 5, 5: 4, 6: 3}  # GL-R4
ACTION_POINTS = 2  # GL-R12
SETUP_HAND = 3  # GL-R6
#: The tile stacks by back, in the order a state keeps, shows and deals them (GL-R2, GL-R16).
STACK_ORDER = ("3", "6", "compass", "discards")


def _tile_source(value: Any) -> str:
    """GL-A2: a shipped name, a ``pathlib.Path`` (recorded as its content hash) or a TileSet.

    A game record stores only a shipped name or a content hash, so replaying a record never
    opens a path: a hash must match data the caller passes explicitly.
    """
    if isinstance(value, TileSet):
        return register_tiles(value)
    if not isinstance(value, (str, pathlib.PurePath)):
        raise BadInput("GL-A2", f"tiles is a shipped file name, a pathlib.Path or a TileSet, "
                       f"not {type(value).__name__}")
    return load_tiles(pathlib.Path(value) if isinstance(value, pathlib.PurePath) else value).source  # raises BadInput when missing or malformed


def _deck_source(value: Any) -> str:
    """GL-A1: a shipped name, a ``pathlib.Path`` (recorded as its content hash) or a SupplyDeck."""
    if isinstance(value, SupplyDeck):
        return register_deck(value)
    if not isinstance(value, (str, pathlib.PurePath)):
        raise BadInput("GL-A1", f"supply_deck is a shipped file name, a pathlib.Path or a "
                       f"SupplyDeck, not {type(value).__name__}")
    return load_deck(pathlib.Path(value) if isinstance(value, pathlib.PurePath) else value).source


def _counts(value: Any) -> tuple[tuple[str, int], ...]:
    """GL-A1 component counts: pairs (("life", n), ("map", n)), whole numbers >= 0."""
    if isinstance(value, dict):
        value = tuple(value.items())
    try:
        pairs = tuple((str(k), v) for k, v in value)
    except (TypeError, ValueError):
        raise BadInput("GL-A1", "component_counts lists pairs such as ((\"life\", 20), (\"map\", 30))") from None
    names = [k for k, _ in pairs]
    if sorted(names) != ["life", "map"] or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for _, v in pairs):
        raise BadInput("GL-A1", "component_counts gives whole numbers for exactly \"life\" and \"map\"")
    return tuple(sorted(pairs))


def _scoring(value: Any) -> tuple[tuple[str, int], ...]:
    """GL-A25 scoring values overriding the deck file: pairs (card, points)."""
    if isinstance(value, dict):
        value = tuple(value.items())
    try:
        pairs = tuple(sorted((str(k), v) for k, v in value))
    except (TypeError, ValueError):
        raise BadInput("GL-A25", "scoring_values lists pairs such as ((\"souvenir\", 4),)") from None
    if any(isinstance(v, bool) or not isinstance(v, int) for _, v in pairs):
        raise BadInput("GL-A25", "scoring values are whole numbers of points")
    return pairs


@dataclasses.dataclass(frozen=True)
class Rules(RulesBase):
    """Groom Lake's variant flags (digest section 6); defaults are the recommended readings."""

    prefix = "gl"

    limited_tokens: bool = flag(False, [False, True], rule="GL-A1",
                                doc="Life and Map tokens are limited to component_counts.")
    component_counts: tuple[tuple[str, int], ...] = flag((("life", 20), ("map", 30)), rule="GL-A1", check=_counts,
                                   doc="How many Life and Map tokens the box holds (illustrative).")
    supply_deck: str = flag("groom_lake_supply.json", rule="GL-A1", check=_deck_source,
                            doc="The Supply deck data file (illustrative counts and points).")
    tiles: str = flag("groom_lake_tiles.json", rule="GL-A2", check=_tile_source,
                      doc="The Desert tile data file (illustrative: the rulebook has none).")
    edge_match: str = flag("presence", ["presence", "exact_pattern"], rule="GL-A3",
                           doc="Red dots must meet red dots; or the number of dots must match too.")
    distance_mode: str = flag("steps", ["steps", "tiles_inclusive"], rule="GL-A4",
                              doc="Distance to START in steps (START = 0) or in tiles (START = 1).")
    reshuffled_stack_scope: str = flag("all_draws", ["all_draws", "compass_only"], rule="GL-A5",
                                       doc="Once discards are reshuffled, every draw uses them.")
    short_stack: str = flag("top_up_from_fallback", ["top_up_from_fallback", "draw_one_no_choice"],
                            rule="GL-A6", doc="A stack with 1 tile: take the 2nd from the fallback.")
    unplaceable_tile: str = flag("discard", ["discard"], rule="GL-A7",
                                 doc="A tile with no legal position is discarded; the AP is spent.")
    start_tile_terrain: str = flag("open_desert", ["open_desert", "mountain"], rule="GL-A8",
                                   doc="START counts as a cleared Open Desert (1 AP to enter).")
    open_desert_always_high_heat: bool = flag(False, [False, True], rule="GL-A9",
                                              doc="Every Open Desert tile shows High Heat.")
    water_is_canteen: bool = flag(True, [True, False], rule="GL-A10",
                                  doc="\"Water\" against Sand-Storm means the Canteen.")
    nonmatching_penalty_applies_to: str = flag("tools", ["tools", "all_supply"], rule="GL-A11",
                                               doc="With 5+ players, which non-matching cards cost a die.")
    failure_roll_includes_out_players: bool = flag(False, [False, True], rule="GL-A12",
                                                   doc="Players out of the game roll after a failure.")
    skip_draw_if_eliminated: bool = flag(True, [True, False], rule="GL-A13",
                                         doc="A player who cannot pay is out and skips the random draw.")
    alien_proof_on_random_draw: str = flag("keep", ["keep", "keep_or_discard"], rule="GL-A14",
                                           doc="A randomly drawn Alien Proof card is kept.")
    infection_discardable_from_hand: bool = flag(False, [False, True], rule="GL-A15",
                                                 doc="A player may discard The Infection from hand.")
    crash_site_draw_is_acquire: bool = flag(False, [False, True], rule="GL-A15",
                                            doc="Drawing The Infection at a crash site infects you.")
    infection_loss_blockable_by_recovery: bool = flag(False, [False, True], rule="GL-A16",
                                                      doc="A Recovery card may absorb an Infection loss.")
    zero_tokens_eliminates: bool = flag(False, [False, True], rule="GL-A16",
                                        doc="Losing your last Life token to The Infection puts you out.")
    nontool_played_cards: str = flag("removed", ["removed", "discard_pile"], rule="GL-A17",
                                     doc="Played non-tool cards leave the game after an attempt.")
    recovery_counts_as_life_die: bool = flag(False, [False, True], rule="GL-A18",
                                             doc="A Recovery card in a clearing pile adds a die.")
    vote_base: str = flag("votes_cast", ["votes_cast", "players_in_game"], rule="GL-A19",
                          doc="A strict majority of the votes cast removes the target.")
    out_players_vote: bool = flag(False, [False, True], rule="GL-A19",
                                  doc="Players out of the game vote too.")
    turn_direction: str = flag("clockwise", ["clockwise", "counterclockwise"], rule="GL-A20",
                               doc="Turns pass clockwise (to the next seat number).")
    repeat_actions: bool = flag(True, [True, False], rule="GL-A21",
                                doc="The same action may be taken twice in a turn.")
    carry_over_ap: bool = flag(False, [False, True], rule="GL-A21",
                               doc="Unused Action Points carry over to your next turn.")
    leftover_stack: str = flag("set_aside_unseen", ["set_aside_unseen", "return_cards_to_deck"],
                               rule="GL-A22", doc="The leftover role stack is set aside unseen.")
    initial_extra_deal: str = flag("10_total", ["10_total", "10_each"], rule="GL-A23",
                                   doc="10 extra Supply cards in total, one at a time.")
    hand_limit: int | None = flag(None, [None, 3], rule="GL-A24",
                                  doc="A hand limit after set-up (none by default).")
    scoring_values: tuple[tuple[str, int], ...] = flag((), rule="GL-A25", check=_scoring,
                                 doc="Points per card, overriding the deck file (illustrative).")
    alien_proof_scores: bool = flag(True, [True, False], rule="GL-A25",
                                    doc="Alien Proof cards score points for Humans.")
    auto_move_after_clear: bool = flag(False, [False, True], rule="GL-A26",
                                       doc="A successful clear moves the Team onto the tile.")
    trapped_rule: str = flag("no_open_edge_no_civ", ["no_open_edge_no_civ"], rule="GL-A28",
                             doc="Trapped: no Civilization and no open edge reachable past Canyons.")
    give_up: str = flag("unanimous_in_game", ["unanimous_in_game", "disabled"], rule="GL-A29",
                        doc="Giving up needs a unanimous vote of the players in the game.")
    removed_aliens_share_win: bool = flag(True, [True, False], rule="GL-A30",
                                          doc="Aliens out of the game share an Alien victory.")
    guarantee_alien: bool = flag(False, [False, True], rule="GL-A31",
                                 doc="Remove one Human card so an Alien is always in play.")

    def component(self, name: str) -> int:
        return int(dict(self.component_counts)[name])


DEFAULT_RULES = Rules()


def check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise BadInput("NB-ARG", f"rules must be groom_lake.Rules, not {type(rules).__name__}")
    return rules


# -- the pure rule functions both a State and the draft of its next state ask -------------------
def terrain(rules: Rules, tile: Tile) -> str:
    """The terrain a tile counts as: START reads as ``rules.start_tile_terrain`` (GL-A8)."""
    return rules.start_tile_terrain if tile.terrain == "start" else tile.terrain


def obstacle(rules: Rules, tile: Tile) -> tuple[str, int] | None:
    """The obstacle a tile shows and its value, or None (GL-R10, GL-A9)."""
    if tile.obstacle:
        return tile.obstacle, tile.value or 0
    if rules.open_desert_always_high_heat and tile.terrain == "open_desert":
        return "high_heat", ALWAYS_HIGH_HEAT_VALUE
    return None


def seat_order(players: int, step: int, out: frozenset[int], first: int,
               include_out: bool = False) -> list[int]:
    """Seats in turn order (GL-A20) from ``first``; players out are skipped unless
    ``include_out``."""
    seats = [(first + i * step) % players for i in range(players)]
    return seats if include_out else [p for p in seats if p not in out]


def first_over(hands: tuple[tuple[str, ...], ...], seats: list[int], limit: int | None
               ) -> int | None:
    """The first of ``seats`` holding more than ``limit`` cards (GL-R6, GL-A24), or None."""
    if limit is None:
        return None
    return next((p for p in seats if len(hands[p]) > limit), None)


def infection_victims(rules: Rules, seats: list[int], infected: int, life: tuple[int, ...],
                      hands: tuple[tuple[str, ...], ...]) -> list[int]:
    """GL-R24, GL-A16: the other players in the game (``seats``) The Infection can take a Life
    token from (or, under the Recovery variant, a Recovery card)."""
    blockable = rules.infection_loss_blockable_by_recovery
    return [p for p in seats if p != infected and (
        life[p] > 0 or (blockable and "recovery" in hands[p]))]


__all__ = ["Rules", "DEFAULT_RULES", "check_rules", "LIFE_BY_PLAYERS",
           "ACTION_POINTS", "SETUP_HAND", "STACK_ORDER", "terrain", "obstacle", "seat_order",
           "first_over", "infection_victims"]
