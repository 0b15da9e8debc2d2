"""Doppel Doubt in a class's words: every variant flag and each of its readings in plain words,
for the chapter's tables and the widgets' controls (the flag's Python name stays in code), and
the rulebook's open questions with the readings played (:func:`ambiguity_table`). No
analysis: the exact counts are in :mod:`.analysis`, the pictures in :mod:`.render`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.checks import check_choice, check_instance
from ...core.render import Html, html_table, tag
from ...core.sweep_table import mix_label
from ...core.sweep_words import plain_sweep_words, sweep_reading_words
from .board import Board
from .board_data import BOARD_FILE
from .rules import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from .claims import Resolution

#: Plain words for each variant flag (DB-A*) and its readings, for tables and controls a class
#: reads, so a table never shows an identifier such as ``own_over_half`` (a test checks that each
#: choice of each flag has its words). Flags whose value is a number or a document are worded by
#: :func:`reading_label`.
SETTING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "deal_mode": ("how the hands are dealt", {
        "one_per_decile": "one card from each block of ten",
        "equal_sum_any": "any ten cards with the same sum",
    }),
    "territory_owner": ("who owns claimed squares", {
        "colour": "the colour's, shared by both partners",
        "doppel": "each Doppel's own",
    }),
    "takeover_rule": ("what a takeover needs", {
        "own_over_half": "own squares: over half of the shape",
        "non_enemy_over_half": "enemy squares: under half of the shape",
        "own_more_than_enemy": "more own squares than enemy squares",
    }),
    "takeover_check": ("how a takeover is counted", {
        "whole_shape": "the whole shape at once",
        "per_target_colour": "each enemy colour apart",
    }),
    "illegal_takeover": ("a takeover without enough own squares", {
        "reject": "a failed takeover refuses the placement",
        "skip_enemy_squares": "a failed takeover leaves the enemy squares",
    }),
    "legality_time": ("when a placement is judged", {
        "round_start": "on the board as the round began",
        "resolution": "placements judged again when they resolve",
    }),
    "partial_claims": ("a shape meeting an earlier claim", {
        True: "the rest of the shape still claims",
        False: "a shape that meets an earlier claim claims nothing",
    }),
    "own_square_blocks": ("covering your own square", {
        True: "covering your own square blocks later claims",
        False: "covering your own square blocks no later claim",
    }),
    "no_legal_placement": ("no legal placement left", {
        "forfeit": "the shape is given up for the round",
    }),
    "allow_offboard": ("shapes hanging off the board", {
        False: "no square may hang off the board",
        True: "squares may hang off the board, and are lost",
    }),
    "printed_zero_is_zero_space": ("printed 0 squares", {
        False: "only leftover starts and Light make Zero spaces",
        True: "every printed 0 is a Zero space too",
    }),
    "start_square_value": ("what a starting square scores", {}),
    "start_square_protected": ("claimed starting squares", {
        False: "a claimed starting square can be taken over",
        True: "a claimed starting square is protected",
    }),
    "jester_bonus": ("guessing the Jester pair", {
        "replace": "the Jester pair is worth 10 instead of 5",
        "add": "the Jester pair is worth 5 + 10",
    }),
    "jester_guess": ("what guessing the Jesters takes", {
        "pair_members": "name both Jesters",
        "colour_only": "name the Jesters' colour",
    }),
    "detriment_stacks": ("several correct guessers", {
        True: "each correct guesser costs a pair 5",
        False: "one penalty, however many guess right",
    }),
    "detriment_clamp_zero": ("a penalty below zero", {
        True: "a penalty stops at zero",
        False: "a penalty may push a score past zero",
    }),
    "jesters_guess": ("do the Jesters guess", {
        True: "the Jesters guess too",
        False: "the Jesters do not guess",
    }),
    "colour_score_includes_guessing": ("the colour score and guessing", {
        True: "the colour score includes guessing",
        False: "the colour score leaves guessing out",
    }),
    "tiebreak": ("a tie for the lead", {
        "previous_rounds_then_shared": "the leader a round earlier, then earlier; else shared",
    }),
    "jesters_eligible": ("the Jesters in the final result", {
        False: "the Jesters can neither win nor lose",
        True: "the Jesters can win and lose",
    }),
    "team_tol": ("Tokens of Life for the winning team", {
        "per_member": "one Token of Life per member",
        "one_shared": "one Token of Life for the team",
    }),
    "artefact_uses": ("how often an Artefact works", {
        "once_per_game": "each power once per game",
        "once_per_round": "each power once per round",
    }),
    "dark_applies_to_all_actions_in_round": ("which actions a Dark card orders", {
        True: "a Dark card orders every action",
        False: "a Dark card orders only highest-first actions",
    }),
    "dark_tie_direction": ("a tie made by a Dark card", {
        "same_as_action": "original cards, in the action's direction",
        "higher_original_first": "the higher original card first",
    }),
    "reveal_played_cards": ("played cards after a round", {
        True: "played cards are shown after each round",
        False: "played cards stay hidden",
    }),
    "partial_shape_list": ("a shorter shape ranking", {
        "reject": "a shorter ranking is refused",
        "auto_complete_random": "a shorter ranking is completed at random",
    }),
    "jester_controller": ("who plays the Jesters", {
        "human": "people play the Jesters",
        "bot": "a seeded bot plays the Jesters",
    }),
    "board": ("the board", {}),
}


def setting_label(name: str) -> str:
    """A variant flag in plain words ("what a takeover needs" for ``takeover_rule``).

    >>> setting_label("takeover_rule")
    'what a takeover needs'
    """
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    return SETTING_WORDS[name][0]


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
    words = SETTING_WORDS[name][1]
    if isinstance(value, str | int) and value in words:   # bools are ints
        text = words[value]
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



def ambiguity_table(rules: Rules = DEFAULT_RULES) -> Html:
    """Every unclear point of the rulebook (the rules index's DB-A entries, with their tags and
    tooltips): what is open, the reading ``rules`` plays (the engine's defaults unless given) and
    the other readings, each read from the flags of :class:`Rules`."""
    from ... import rulebook  # the package's rules index reads every engine: imported late

    rules = check_instance(rules, "rules", Rules, expected="a doppel_doubt Rules")
    rows = []
    for entry in rulebook.entries("doppel_doubt", "unclear point"):
        if not entry.id[-1].isdigit():       # a part of another point (DB-A4a): said there
            continue
        head = tag("span", rulebook.tag(entry.id), " ", entry.title)
        if not entry.flags:
            rows.append([head, entry.text, "no flag", "-"])
            continue
        opened = " ".join(f.doc for f in entry.flags)
        played = "; ".join(reading_label(f.name, getattr(rules, f.name), default=False)
                           for f in entry.flags)
        others = "; ".join(reading_label(f.name, choice, default=False) for f in entry.flags
                           for choice in (f.choices or ()) if choice != getattr(rules, f.name))
        rows.append([head, opened, played, others or "-"])
    return Html(html_table(["unclear point", "what the rulebook leaves open",
                            "the reading played here", "other readings"], rows,
                           caption="every unclear point, read from the engine's Rules flags"))



# -- the shipped sweeps' names, in words --------------------------------------------------------
def sweep_key(*names: str) -> Html:
    """How to read the shipped sweeps' own summaries (``balance_summary``), which name readings,
    bots and metrics as the code does: each name used by the sweeps ``names`` (or all three of
    Doppel Doubt), in words. Readings come from the flags' words, metrics from the sweep's own
    descriptions (:data:`doppelnb.core.sweep.METRICS`)."""
    from ...core.sweep import BALANCE_METRICS, METRICS, load_table

    names = names or ("doppel_doubt", "doppel_doubt_ladder", "doppel_doubt_illegal_takeover")
    readings: dict[str, None] = {}
    mixes: dict[str, None] = {}
    metrics: dict[str, None] = {}
    for name in names:
        for reading, _players, mix, metric, *_ in load_table(name).rows:
            readings.setdefault(reading)
            mixes.setdefault(mix)
            if metric in BALANCE_METRICS or metric in ("first_player_win_rate", "skill_gap"):
                metrics.setdefault(metric)
    rows: list[list[str]] = []
    for reading in readings:
        if reading == "default":
            rows.append(["reading", reading, "every flag at its default (the chapter's rules)"])
            continue
        flag, _, value = reading.partition("=")
        parsed: Any = {"True": True, "False": False}.get(value, value)
        rows.append(["reading", reading, reading_label(flag, parsed, default=False)])
    rows += [["bots", mix, mix_label(mix)] for mix in mixes]
    rows.append(["players", "10p", "ten players in each game (eight and the two Jesters)"])
    rows += [["metric", metric, METRICS.get(metric, metric)] for metric in metrics]
    return Html(html_table(["kind", "name in the summaries", "what it means"], rows,
                           caption="a key to the sweeps' own names"))


#: The sweep measures a chapter shows, in plain words (sweep tables use code names such as
#: ``score_spread``; see :data:`doppelnb.core.sweep.METRICS` for their definitions).
METRIC_WORDS: dict[str, str] = {
    "first_player_win_rate": "first player's win rate",
    "first_player_advantage": "first player's edge over a fair share",
    "tie_rate": "share of games tied",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "game length in actions",
    "length_rounds": "game length in rounds",
    "score_spread": "score spread (best minus worst total)",
    "lead_changes": "times the lead changes hands",
    "halftime_leader_wins": "half-time leader goes on to win",
    "skill_gap": "stronger bot finishes ahead",
}

def metric_label(metric: str, players: Sequence[int] = ()) -> str:
    """A sweep measure in plain words (its code name when it has none); ``players`` (the
    sweep's player counts) changes no word here, only in the quest's, one signature for all."""
    return METRIC_WORDS.get(metric, metric)


def sweep_reading_label(reading: str) -> str:
    """A sweep's reading ("default", "reveal_played_cards=False") in plain words."""
    return sweep_reading_words(reading, Rules.flags(), setting_label, reading_label, SETTING_WORDS)


def plain_sweep_text(text: str, players: Sequence[int] = ()) -> str:
    """A sentence of a sweep report with its code names (readings ``flag=value``, metrics,
    policy mixes) in plain words; everything else, the verdict included, is left as it is.
    ``players``: the sweep's player counts (see :func:`metric_label`).

    >>> plain_sweep_text("Policy mix random: tie_rate by default and with "
    ...                  "reveal_played_cards=False.")
    'Random bots: share of games tied by default and with “played cards after a round: played \
cards stay hidden”.'
    """
    return plain_sweep_words(text, sweep_reading_label, lambda m: metric_label(m, players),
                             METRIC_WORDS)


# -- tables of a flag's readings (each reading run by the engine) -------------------------------
def _default_mark(is_default: bool) -> str:
    return " (default)" if is_default else ""


def takeover_readings_table(board: Board, colour: str, shapes: Any = None, *,
                            caption: str = "") -> Html:
    """Every legal placement of ``shapes`` for ``colour`` on ``board`` under each reading of the
    takeover rule (DB-A5 what counts, DB-A6 how it is checked, DB-A7 what a failed takeover
    does): exact counts from :func:`.analysis.takeover_comparison`, the readings in words."""
    from .analysis import takeover_comparison

    rows = []
    for r in takeover_comparison(board, colour, shapes):
        default = (r["takeover_rule"], r["takeover_check"], r["illegal_takeover"]) == (
            "own_over_half", "whole_shape", "reject")
        rows.append([reading_label("takeover_rule", r["takeover_rule"], default=False)
                     + _default_mark(default),
                     reading_label("takeover_check", r["takeover_check"], default=False),
                     reading_label("illegal_takeover", r["illegal_takeover"], default=False),
                     r["legal"], r["taking_placements"], r["enemy_squares_taken"]])
    return Html(html_table(
        ["what a takeover counts (DB-A5)", "checked (DB-A6)", "when it fails (DB-A7)",
         "legal placements", "placements that take enemy squares", "enemy squares taken"],
        rows, caption=caption or f"every legal placement for {colour}, by reading (exact counts)"))


def resolution_readings_table(resolution: Resolution, *, caption: str = "") -> Html:
    """One round's placements resolved again under the other readings of DB-A8, DB-A9 and
    DB-A10 (:func:`.analysis.resolution_readings`), the readings in words."""
    from .analysis import resolution_readings

    rows = []
    for r in resolution_readings(resolution):
        if r["reading"] == "defaults":
            words = "the defaults"
        else:
            name, _, value = r["reading"].partition("=")
            parsed: Any = {"True": True, "False": False}.get(value, value)
            words = reading_label(name, parsed, default=False)
        rows.append([words, r["claimed"], r["void"], r["lost_to_earlier_claims"],
                     r["squares_differing_from_default"]])
    return Html(html_table(["reading", "squares claimed", "placements void",
                            "squares lost to earlier claims",
                            "squares owned differently from the defaults"], rows,
                           caption=caption or "one round, resolved under each reading"))


def guessing_readings_table(*, caption: str = "") -> Html:
    """Example DB-E8 scored under each reading of DB-A16 and DB-A17 that changes it."""
    from .examples import e8_results

    variants: list[tuple[str, dict[str, Any]]] = [("the defaults", {})] + [
        (reading_label(flag, value, default=False), {flag: value}) for flag, value in (
            ("jester_bonus", "add"), ("detriment_clamp_zero", False),
            ("colour_score_includes_guessing", False))]
    rows = []
    for words, changes in variants:
        res = e8_results(Rules(**changes))
        rows.append([words, res.final[0], res.final[2], res.colour_scores["red"],
                     res.colour_scores["blue"]])
    return Html(html_table(["reading", "red-P", "blue-P", "red colour score",
                            "blue colour score"], rows,
                           caption=caption or "example DB-E8 under each reading"))


__all__ = ["SETTING_WORDS", "setting_label", "reading_label", "ambiguity_table", "sweep_key",
           "takeover_readings_table", "resolution_readings_table", "guessing_readings_table",
           "METRIC_WORDS", "metric_label", "sweep_reading_label", "plain_sweep_text"]
