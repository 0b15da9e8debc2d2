"""Doppel Doubt constants and variant flags (one per ambiguity DB-A3..DB-A25 of the digest)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import BadInput
from ...core.variants import RulesBase, flag

SIZE = 17                                         # DB-R board: 17 x 17 squares
COLOURS = ("red", "blue", "yellow", "green", "purple")  # DB-R1
LETTERS = ("P", "Q")
DOPPELS = tuple(f"{c}-{x}" for c in COLOURS for x in LETTERS)  # "red-P", "red-Q", ...
CARDS = range(1, 101)                             # DB-R3
ROUNDS = 10                                       # DB-R5
SHAPES_PER_ROUND = 10                             # DB-R8
GAME = "doppel_doubt"


def colour_of(who: str) -> str:
    """``"red-P"`` -> ``"red"``; ``"red"`` -> ``"red"``."""
    return who.split("-")[0]


def letter_of(doppel: str) -> str:
    return doppel.split("-")[1]


def partner_of(doppel: str) -> str:
    """DB-R1: the other Doppel of the same colour."""
    colour, letter = doppel.split("-")
    return f"{colour}-{'Q' if letter == 'P' else 'P'}"


def _start_value(value):
    if isinstance(value, bool) or not isinstance(value, int) or not -5 <= value <= 5:
        raise BadInput("DB-A15", f"start_square_value is a whole number from -5 to 5, not {value!r}")
    return value


@dataclass(frozen=True)
class Rules(RulesBase):
    """Doppel Doubt variant flags; defaults are the digest's recommended readings."""

    prefix = "db"

    deal_mode: str = flag("one_per_decile", ["one_per_decile", "equal_sum_any"], rule="DB-A3",
                          doc="Hands hold one card per block of ten, or any cards summing to 505.")
    territory_owner: str = flag("colour", ["colour", "doppel"], rule="DB-A4",
                                doc="Squares belong to the colour (both partners) or to one Doppel.")
    takeover_rule: str = flag("own_over_half",
                              ["own_over_half", "non_enemy_over_half", "own_more_than_enemy"],
                              rule="DB-A5", doc="What 'over 50% on squares you control' counts.")
    takeover_check: str = flag("whole_shape", ["whole_shape", "per_target_colour"], rule="DB-A6",
                               doc="Takeover test over all enemy squares, or per target colour.")
    illegal_takeover: str = flag("reject", ["reject", "skip_enemy_squares"], rule="DB-A7",
                                 doc="A failed takeover makes the placement illegal, or the enemy "
                                     "squares are simply not taken.")
    legality_time: str = flag("round_start", ["round_start", "resolution"], rule="DB-A8",
                              doc="Placements are checked on the start-of-round board, or again "
                                  "when they resolve (void if now illegal).")
    partial_claims: bool = flag(True, [True, False], rule="DB-A9",
                                doc="A placement whose square was already claimed still claims "
                                    "its other squares.")
    own_square_blocks: bool = flag(True, [True, False], rule="DB-A10",
                                   doc="Covering your own square counts as this round's claim.")
    no_legal_placement: str = flag("forfeit", ["forfeit"], rule="DB-A12",
                                   doc="A Doppel with no legal placement forfeits its shape.")
    allow_offboard: bool = flag(False, [False, True], rule="DB-A13",
                                doc="Shapes may hang off the board (off-board squares are lost).")
    printed_zero_is_zero_space: bool = flag(False, [False, True], rule="DB-A14",
                                            doc="Printed 0 squares are also protected Zero spaces.")
    start_square_value: int = flag(0, rule="DB-A15", check=_start_value,
                                   doc="The value a starting square scores.")
    start_square_protected: bool = flag(False, [False, True], rule="DB-A15",
                                        doc="Claimed starting squares cannot be taken over.")
    jester_bonus: str = flag("replace", ["replace", "add"], rule="DB-A16",
                             doc="Guessing the Jester pair gives +10 instead of +5, or +5 +10.")
    jester_guess: str = flag("pair_members", ["pair_members", "colour_only"], rule="DB-A16",
                             doc="Naming both Jesters is needed, or naming the Jester colour.")
    detriment_stacks: bool = flag(True, [True, False], rule="DB-A16",
                                  doc="Each correct outside guesser costs a pair 5 points.")
    detriment_clamp_zero: bool = flag(True, [True, False], rule="DB-A16",
                                      doc="Detriments stop at zero.")
    jesters_guess: bool = flag(True, [True, False], rule="DB-A16",
                               doc="The Jesters guess too (and cause detriments).")
    colour_score_includes_guessing: bool = flag(True, [True, False], rule="DB-A17",
                                                doc="The colour score uses the adjusted scores.")
    tiebreak: str = flag("previous_rounds_then_shared", ["previous_rounds_then_shared"],
                         rule="DB-A18", doc="Ties go to the leader of round 9, then 8, ...; "
                                            "else shared.")
    jesters_eligible: bool = flag(False, [False, True], rule="DB-A19",
                                  doc="The Jesters can win Tokens of Life and be the losing team.")
    team_tol: str = flag("per_member", ["per_member", "one_shared"], rule="DB-A20",
                         doc="The winning team earns a Token of Life per member, or one shared.")
    artefact_uses: str = flag("once_per_game", ["once_per_game", "once_per_round"],
                              rule="DB-A21", doc="How often an Artefact holder may use its power "
                                                 "(illustrative).")
    dark_applies_to_all_actions_in_round: bool = flag(
        True, [True, False], rule="DB-A21",
        doc="The Dark-changed card orders every action of the round, or only the descending ones.")
    dark_tie_direction: str = flag("same_as_action", ["same_as_action", "higher_original_first"],
                                   rule="DB-A22", doc="How a Dark-made tie is broken.")
    reveal_played_cards: bool = flag(True, [True, False], rule="DB-A23",
                                     doc="Played cards are public after each round.")
    partial_shape_list: str = flag("reject", ["reject", "auto_complete_random"], rule="DB-A24",
                                   doc="A shape ranking must list all 10, or may stop early and "
                                       "be completed at random.")
    jester_controller: str = flag("human", ["human", "bot"], rule="DB-A25",
                                  doc="The Jester seats are played by people, or by a seeded bot.")


DEFAULT_RULES = Rules()

__all__ = ["Rules", "DEFAULT_RULES", "SIZE", "COLOURS", "LETTERS", "DOPPELS", "CARDS", "ROUNDS",
           "SHAPES_PER_ROUND", "GAME", "colour_of", "letter_of", "partner_of"]
