"""Doppeldoppel in a class's words: each variant flag and its readings in plain words, the sweep
reports' code names translated, the rulebook's open questions (DD-A ids) with the readings the
engine plays, the play order table, and the tables comparing the readings of a flag. Tables and labels for the chapter, no analysis: the
exact results are in :mod:`.analysis`, the played games in :mod:`.simulation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...core.checks import check_choice, check_mapping, check_players, check_sequence, show
from ...core.errors import BadInput
from ...core.render import Html, html_table, tag
from ...core.sweep_words import plain_sweep_words, sweep_reading_words
from .notation import PLAYER_COUNTS
from .rules import DEFAULT_RULES, Rules, TrickResult, check_rules, resolve_trick, round_score
from .state import new_game

#: Plain words for each variant flag (DD-A*) and its readings, for pictures, tables and controls
#: a class reads: the flag's Python name stays in code, never on an axis, a button or a row.
SETTING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "deck_composition": ("cards of each number", {"a": "deck a", "b": "deck b", "c": "deck c"}),
    "colour_names": ("colour names", {}),
    "next_leader": ("who leads the next trick", {
        "winner": "the trick's winner", "round_sp": "the start player, every trick",
        "rotate_left": "the next player to the left"}),
    "direction": ("direction of play", {"clockwise": "clockwise",
                                        "counterclockwise": "counterclockwise"}),
    "reversal_scope": ("how long a 3 reverses", {
        "trick": "this trick only", "round_toggle": "rest of the round, each 3 flips it",
        "round_permanent": "rest of the round, for good"}),
    "reversal_trigger": ("which 3s reverse", {
        "any_played": "any 3 played", "surviving_only": "only a 3 that survives",
        "toggle_per_three": "each 3 flips it (two cancel)"}),
    "reversal_affects_fallback": ("no lead colour left, reversed", {
        True: "lowest card of any colour wins", False: "highest card of any colour wins"}),
    "no_winner_next_leader": ("who leads after a trick nobody won", {
        "same_leader": "the same leader", "left_of_leader": "the leader's left neighbour"}),
    "declared_colour_must_match": ("4 players: the declared colour", {
        True: "must be the hidden card's", False: "may be a bluff"}),
    "rank4_zero_rule": ("three 4s zero the round", {
        "exactly_3": "exactly three 4s", "at_least_3": "three or more 4s"}),
    "final_tie": ("a tie for most points", {
        "shared": "a shared win", "most_recent_round_score": "the best last round wins"}),
}


def setting_label(name: str) -> str:
    """A variant flag in plain words ("which 3s reverse" for ``reversal_trigger``)."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    return SETTING_WORDS[name][0]


def reading_label(name: str, value: Any, *, default: bool = True) -> str:
    """One reading of a variant flag in plain words, marked "(default)" when it is the engine's
    default (``default=False`` leaves the mark off)."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    words = SETTING_WORDS[name][1]
    if isinstance(value, tuple):
        text = "custom" if name == "deck_composition" else ", ".join(map(str, value))
    else:
        text = words.get(value, str(value))
    mark = default and value == getattr(DEFAULT_RULES, name)
    return text + (" (default)" if mark else "")


#: The sweep measures a chapter shows, in plain words (sweep tables use code names such as
#: ``score_spread``; see :data:`doppelnb.core.sweep.METRICS` for their definitions).
METRIC_WORDS: dict[str, str] = {
    "first_player_win_rate": "first player's win rate",
    "first_player_advantage": "first player's edge over a fair share",
    "tie_rate": "share of games tied",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "game length in cards played",
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
    """A sweep's reading ("default", "reversal_scope=round_permanent") in plain words."""
    return sweep_reading_words(reading, Rules.flags(), setting_label, reading_label, SETTING_WORDS)


def plain_sweep_text(text: str, players: Sequence[int] = ()) -> str:
    """A sentence of a sweep report with its code names (readings ``flag=value``, metrics,
    policy mixes) in plain words; everything else, the verdict included, is left as it is.
    ``players``: the sweep's player counts (see :func:`metric_label`)."""
    return plain_sweep_words(text, sweep_reading_label, lambda m: metric_label(m, players),
                             METRIC_WORDS)


#: DD-A1..DD-A19: the flag that settles each ambiguity (None: no flag), and why the default.
AMBIGUITIES: Mapping[str, tuple[str | None, str, str]] = MappingProxyType({
    "DD-A1": ("deck_composition", "how many cards of each rank",
              "missing from the rulebook; candidate a of three that fit the JP score tables, "
              "chosen only because it makes DD-A11 moot"),
    "DD-A2": ("colour_names", "names of the two colours besides yellow",
              "missing; the engine says colour2 (letter R) and colour3 (letter B)"),
    "DD-A3": ("next_leader", "who leads tricks 2, 3, ...",
              "the trick winner: the trick-taking convention, and JP line 314 implies the SP "
              "changes during a round"),
    "DD-A4": ("direction", "direction of play", "clockwise, as the SP passes to the left"),
    "DD-A5": ("reversal_scope", "how long a 3's reversal lasts",
              "that trick only: 'when this card comes into play' ties it to a play"),
    "DD-A6": ("reversal_trigger", "do collided 3s, or several 3s, reverse",
              "any 3 played: the trigger is entering play; a collision does not cancel effects"),
    "DD-A7": ("reversal_affects_fallback", "does 'reversed' reach the any-colour fallback",
              "yes: 'the strength of the rank' is reversed, not just within the lead colour"),
    "DD-A8": ("no_winner_next_leader", "who leads after a trick with no winner",
              "the same leader, as in the sister game Doppelganger Tricks"),
    "DD-A9": ("declared_colour_must_match", "4 players: may the declared colour bluff",
              "no: only then is the lead colour the leader's colour, as with 3 players"),
    "DD-A10": (None, "3 players: the two face-down plays are simultaneous",
               "one reading: the engine collects both before the reveal"),
    "DD-A11": ("rank4_zero_rule", "rank 4: exactly three, or three or more",
               "exactly three: rank 1 says 'or more' explicitly and rank 4 does not"),
    "DD-A12": (None, "rank 4 zeroes good rounds too, and only the round",
               "explicit text: 'no points lost or earned'"),
    "DD-A13": (None, "rank 2 odd count: -2 each, not -2 and -1",
               "the JP score table settles it"),
    "DD-A14": (None, "rank 5 with a 6: -1 each, and the 6 scores -1 too", "explicit text"),
    "DD-A15": ("final_tie", "a tie for most points", "a shared win: the rulebook has no "
               "tie-break"),
    "DD-A16": (None, "re-deal every round", "implied; players need new hands"),
    "DD-A17": (None, "the English mistranslates example 3 and 'cannot win'",
               "follow the Japanese original"),
    "DD-A18": (None, "4 players: the lead card's number is unknown until the reveal",
               "collisions are resolved after the reveal, as usual"),
    "DD-A19": (None, "lead colour after its card collided, with a reversal",
               "apply DD-R14a, then DD-R15; nothing more is needed"),
})


def ambiguity_table(rules: Rules = DEFAULT_RULES) -> Html:
    """Every DD-A id: its question, the flag that settles it with its default (or none), why."""
    rules = check_rules(rules)
    infos = {f.name: f for f in Rules.flags()}
    rows = []
    for ident, (name, question, why) in AMBIGUITIES.items():
        flag_cell: str | Html
        if name is None:
            flag_cell, default = "-", "one reading only"
        else:
            flag_cell = tag("code", name)
            value = getattr(rules, name)
            default = reading_label(name, value, default=False) + (
                "" if value == infos[name].default else " (changed)")
        rows.append([tag("span", ident, style="white-space:nowrap"), question, default, why,
                     flag_cell])
    return Html(html_table(["id", "question", "reading used", "why this reading",
                            "setting in dd.Rules"], rows,
                           caption="the rulebook's open questions and the readings the engine uses"))


def play_order_table(players: int = 4) -> Html:
    """The play order from each leader, clockwise and counterclockwise (DD-R8, DD-A4)."""
    players = check_players(players, PLAYER_COUNTS, rule="DD-R1")
    rows = []
    for direction in ("clockwise", "counterclockwise"):
        game = new_game(players, rules=DEFAULT_RULES.replace(direction=direction), seed=0,
                        first_sp=0)
        rows.append([reading_label("direction", direction),
                     *[" → ".join(f"P{s + 1}" for s in game.play_order(leader))
                       for leader in range(players)]])
    return Html(html_table(["direction", *[f"P{i + 1} leads" for i in range(players)]], rows,
                           caption=f"{players} players: the order of play in a trick "
                           "(seats are numbered clockwise)"))


# -- tables of a flag's readings (each reading run by the engine) -------------------------------
def _last_trick(tricks: Sequence[Sequence[Any]], rules: Rules) -> TrickResult:
    """The last of consecutive tricks of one round, the reversal carried from trick to trick as
    :func:`.analysis.resolve_tricks` does (teaching cannot import analysis, which re-exports
    teaching's names; a test checks the two agree on every case)."""
    reversed_before, result = False, None
    for cards in tricks:
        result = resolve_trick(cards, rules, reversed_before=reversed_before)
        reversed_before = result.reversal_after
    if result is None:
        raise BadInput("NB-ARG", "a case must hold at least one trick")
    return result


def _outcome(result: TrickResult) -> str:
    if result.winner is None:
        return "no winner"
    text = f"P{result.winner + 1} wins ({result.cards[result.winner]})"
    return text + (", reversed" if result.reversed else "")


READING_CASES = {
    "DD-T6: Y5 Y3 Y6 R1": [["Y5", "Y3", "Y6", "R1"]],
    "DD-T7: Y3 B3 Y5 Y2": [["Y3", "B3", "Y5", "Y2"]],
    "DD-T8: Y4 R4 B3 R6": [["Y4", "R4", "B3", "R6"]],
    "DD-T9: after T6, R5 R2 R6 Y4": [["Y5", "Y3", "Y6", "R1"], ["R5", "R2", "R6", "Y4"]],
}


def reversal_readings_table(cases: Mapping[str, Sequence[Sequence[Any]]] = READING_CASES,
                   flags: Sequence[str] = ("reversal_trigger", "reversal_affects_fallback",
                                           "reversal_scope"),
                   rules: Rules = DEFAULT_RULES) -> Html:
    """How each reading of ``flags`` (by default the three reversal flags, DD-A5..DD-A7)
    decides the last trick of each case (a static comparison).

    A case is a list of consecutive tricks of one round (leader first); the cell shows who wins
    the last of them under that reading, all other flags as in ``rules``.
    """
    cases = check_mapping(cases, "cases", max_len=50)
    flags = check_sequence(flags, "flags", max_len=len(Rules.flags()))
    rules = check_rules(rules)
    infos = {f.name: f for f in Rules.flags()}
    rows: list[list[Any]] = []
    marked: set[int] = set()
    for name in flags:
        if name not in infos or not infos[name].choices:
            raise BadInput("NB-ARG", f"{show(name)} is not a variant flag with readings")
        for reading in infos[name].choices or ():
            variant = rules.replace(**{name: reading})
            default = reading == infos[name].default
            if default:
                marked.add(len(rows))
            rows.append([f"{setting_label(name)} ({infos[name].rule})",
                         reading_label(name, reading),
                         *[_outcome(_last_trick(tricks, variant))
                           for tricks in cases.values()]])
    return Html(html_table(["unclear point", "reading", *cases], rows, highlight=marked,
                           caption="who wins the last trick under each reading (P1, P2, ... in play order, "
                           "P1 leading that trick; default rows shaded)"))


#: Kept piles whose round score depends on the reading of "three 4s" (DD-A11, DD-A12).
RANK4_PILES: tuple[tuple[str, dict[int, int]], ...] = (
    ("4 4 4 5 5 5", {4: 3, 5: 3}), ("4 4 4 2 3 3", {4: 3, 2: 1, 3: 2}), ("4 4", {4: 2}),
    ("4 4 4 4", {4: 4}), ("5 5 5 6", {5: 3, 6: 1}), ("2", {2: 1}))


def rank4_readings_table(rules: Rules = DEFAULT_RULES) -> Html:
    """Round scores of a few kept piles under both readings of the rank-4 rule (DD-A11), with a
    deck that holds six 4s (candidate b), where the readings can differ."""
    rules = check_rules(rules).replace(deck_composition="b")
    readings = ("exactly_3", "at_least_3")
    rows = [[pile, *[f"{round_score(counts, rules.replace(rank4_zero_rule=r)):+d}"
                     for r in readings]] for pile, counts in RANK4_PILES]
    return Html(html_table(["kept cards", *[reading_label("rank4_zero_rule", r)
                                            for r in readings]], rows,
                           caption="round score: three 4s zero the round, read two ways"))


__all__ = ["SETTING_WORDS", "setting_label", "reading_label", "METRIC_WORDS", "metric_label",
           "sweep_reading_label", "plain_sweep_text", "AMBIGUITIES", "ambiguity_table",
           "play_order_table", "READING_CASES", "reversal_readings_table", "RANK4_PILES",
           "rank4_readings_table"]
