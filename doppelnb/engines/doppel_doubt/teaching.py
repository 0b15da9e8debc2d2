"""Doppel Doubt in a class's words: every reading of every variant flag in plain words, for the
chapter's tables and the widgets' controls (the flag's Python name stays in code). Words only, no
analysis: the exact counts are in :mod:`.analysis`, the pictures in :mod:`.render`."""

from __future__ import annotations

from typing import Any

from ...core.checks import check_choice
from .board import BOARD_FILE
from .rules import Rules

#: Plain words for every reading of every flag, so a table never shows an identifier such as
#: ``own_over_half`` (a test checks that each choice of each flag has its words).
READING_WORDS: dict[tuple[str, Any], str] = {
    ("deal_mode", "one_per_decile"): "one card from each block of ten",
    ("deal_mode", "equal_sum_any"): "any ten cards with the same sum",
    ("territory_owner", "colour"): "the colour's, shared by both partners",
    ("territory_owner", "doppel"): "each Doppel's own",
    ("legality_time", "round_start"): "on the board as the round began",
    ("partial_claims", True): "the rest of the shape still claims",
    ("own_square_blocks", True): "covering your own square blocks later claims",
    ("no_legal_placement", "forfeit"): "the shape is given up for the round",
    ("allow_offboard", False): "no square may hang off the board",
    ("allow_offboard", True): "squares may hang off the board, and are lost",
    ("printed_zero_is_zero_space", False): "only leftover starts and Light make Zero spaces",
    ("printed_zero_is_zero_space", True): "every printed 0 is a Zero space too",
    ("start_square_protected", False): "a claimed starting square can be taken over",
    ("start_square_protected", True): "a claimed starting square is protected",
    ("jester_bonus", "replace"): "the Jester pair is worth 10 instead of 5",
    ("jester_guess", "pair_members"): "name both Jesters",
    ("jester_guess", "colour_only"): "name the Jesters' colour",
    ("detriment_stacks", True): "each correct guesser costs a pair 5",
    ("detriment_stacks", False): "one penalty, however many guess right",
    ("detriment_clamp_zero", True): "a penalty stops at zero",
    ("jesters_guess", True): "the Jesters guess too",
    ("jesters_guess", False): "the Jesters do not guess",
    ("colour_score_includes_guessing", True): "the colour score includes guessing",
    ("tiebreak", "previous_rounds_then_shared"): "the leader a round earlier, then earlier; "
                                                 "else shared",
    ("jesters_eligible", False): "the Jesters can neither win nor lose",
    ("jesters_eligible", True): "the Jesters can win and lose",
    ("team_tol", "per_member"): "one Token of Life per member",
    ("team_tol", "one_shared"): "one Token of Life for the team",
    ("artefact_uses", "once_per_game"): "each power once per game",
    ("artefact_uses", "once_per_round"): "each power once per round",
    ("dark_applies_to_all_actions_in_round", True): "a Dark card orders every action",
    ("dark_applies_to_all_actions_in_round", False): "a Dark card orders only highest-first "
                                                     "actions",
    ("dark_tie_direction", "same_as_action"): "original cards, in the action's direction",
    ("dark_tie_direction", "higher_original_first"): "the higher original card first",
    ("reveal_played_cards", True): "played cards are shown after each round",
    ("reveal_played_cards", False): "played cards stay hidden",
    ("partial_shape_list", "reject"): "a shorter ranking is refused",
    ("partial_shape_list", "auto_complete_random"): "a shorter ranking is completed at random",
    ("jester_controller", "human"): "people play the Jesters",
    ("jester_controller", "bot"): "a seeded bot plays the Jesters",
    ("takeover_rule", "own_over_half"): "own squares: over half of the shape",
    ("takeover_rule", "non_enemy_over_half"): "enemy squares: under half of the shape",
    ("takeover_rule", "own_more_than_enemy"): "more own squares than enemy squares",
    ("takeover_check", "whole_shape"): "the whole shape at once",
    ("takeover_check", "per_target_colour"): "each enemy colour apart",
    ("illegal_takeover", "reject"): "a failed takeover refuses the placement",
    ("illegal_takeover", "skip_enemy_squares"): "a failed takeover leaves the enemy squares",
    ("partial_claims", False): "a shape that meets an earlier claim claims nothing",
    ("own_square_blocks", False): "covering your own square blocks no later claim",
    ("legality_time", "resolution"): "placements judged again when they resolve",
    ("jester_bonus", "add"): "the Jester pair is worth 5 + 10",
    ("detriment_clamp_zero", False): "a penalty may push a score past zero",
    ("colour_score_includes_guessing", False): "the colour score leaves guessing out",
}


#: Each flag's default reading, the one marked "(default)".
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in Rules.flags()}


def reading_label(name: str, value: Any, *, default: bool = True) -> str:
    """One reading of a variant flag in plain words, marked "(default)" when it is the engine's
    default (``default=False`` leaves the mark off): ``reading_label("takeover_rule",
    "own_over_half")``.

    >>> reading_label("takeover_rule", "own_more_than_enemy")
    'more own squares than enemy squares'
    >>> reading_label("allow_offboard", False)
    'no square may hang off the board (default)'
    """
    name = check_choice(name, "name", tuple(_DEFAULTS))
    if isinstance(value, str | int) and (name, value) in READING_WORDS:   # bools are ints
        text = READING_WORDS[(name, value)]
    elif name == "start_square_value":
        text = f"a starting square is worth {value}"
    elif name == "board":          # DB-A1: a whole document, named rather than shown
        text = "the shipped illustrative board" if value == BOARD_FILE else "a board of your own"
    elif isinstance(value, bool):
        text = f"{name.replace('_', ' ')}: {'yes' if value else 'no'}"
    else:
        text = str(value).replace("_", " ")
    chosen = _DEFAULTS[name]
    mark = default and type(value) is type(chosen) and value == chosen   # 0 is not False
    return text + (" (default)" if mark else "")

__all__ = ["READING_WORDS", "reading_label"]
