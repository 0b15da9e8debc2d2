"""Groom Lake in a class's words: each variant flag (GL-A*) as the unclear point it settles and
its readings in plain words, the sweep reports' code names translated (:func:`plain_sweep_text`),
the rulebook's open questions with the readings the engine plays (:func:`ambiguity_table`), and
the tables of what each reading of a flag changes, run by the engine (``*_readings_table``).

>>> setting_label("edge_match")
'Must red dots match in number too?'
>>> reading_label("edge_match", "presence")
'no: a dot meets a dot (default)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.checks import check_choice, check_instance, check_int, check_players
from ...core.render import Html, html_table, tag
from ...core.sweep_words import plain_sweep_words, sweep_reading_words
from .analysis import _percent, alien_absent_probability
from .notation import PLAYER_COUNTS
from .odds import clear_probability, dice_for_attempt
from .rules import DEFAULT_RULES, Rules
from .simulation import past_setup
from .state import State, new_game
from .tiles import OBSTACLE_NAMES

#: Every flag of :class:`Rules` in a player's words: the unclear point, and each reading.
SETTING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "limited_tokens": ("How many Life and Map tokens the box holds",
                       {False: "as many as needed", True: "only the box's count"}),
    "component_counts": ("The box's token counts", {}),
    "supply_deck": ("Which Supply cards, how many of each", {}),
    "tiles": ("Which Desert tiles", {}),
    "edge_match": ("Must red dots match in number too?",
                   {"presence": "no: a dot meets a dot", "exact_pattern": "yes: the same number"}),
    "distance_mode": ("How the distance to START is counted",
                      {"steps": "in steps, START is 0", "tiles_inclusive": "in tiles, START is 1"}),
    "reshuffled_stack_scope": ("Once the tile discards are reshuffled, which draws use them?",
                               {"all_draws": "every later draw",
                                "compass_only": "only draws from the Compass stack"}),
    "short_stack": ("A stack holds one tile and a scout needs two",
                    {"top_up_from_fallback": "the second comes from the next stack",
                     "draw_one_no_choice": "draw one, no choice"}),
    "unplaceable_tile": ("A scouted tile fits nowhere",
                         {"discard": "it is discarded, the action point spent"}),
    "start_tile_terrain": ("START's terrain (its move cost)",
                           {"open_desert": "Open Desert: 1 action point",
                            "mountain": "Mountain: 2 action points"}),
    "open_desert_always_high_heat": ("Does every Open Desert show High Heat?",
                                     {False: "no: each tile says", True: "yes"}),
    "water_is_canteen": ("The \u201cWater\u201d card against a Sand-Storm",
                         {True: "it is the Canteen", False: "no card counts as Water"}),
    "nonmatching_penalty_applies_to": ("With 5+ players, which wrong cards cost a die",
                                       {"tools": "wrong tools only",
                                        "all_supply": "every wrong card"}),
    "failure_roll_includes_out_players": ("Who rolls the penalty die after a failure",
                                          {False: "players still in the game",
                                           True: "players out of the game too"}),
    "skip_draw_if_eliminated": ("A player who cannot pay: a random draw too?",
                                {True: "no: out, nothing drawn", False: "yes: a card is drawn"}),
    "alien_proof_on_random_draw": ("A randomly drawn Alien Proof card",
                                   {"keep": "the owner keeps it",
                                    "keep_or_discard": "kept or discarded, the owner's choice"}),
    "infection_discardable_from_hand": ("May a player discard The Infection?",
                                        {False: "no", True: "yes"}),
    "crash_site_draw_is_acquire": ("Does drawing The Infection at a Crash Site infect you?",
                                   {False: "no, only receiving it", True: "yes"}),
    "infection_loss_blockable_by_recovery": ("Can a Recovery card block The Infection's toll?",
                                             {False: "no", True: "yes"}),
    "zero_tokens_eliminates": ("Losing your last Life token to The Infection",
                               {False: "you stay in", True: "you are out"}),
    "nontool_played_cards": ("Where played cards other than tools go",
                             {"removed": "out of the game", "discard_pile": "to the discard pile"}),
    "recovery_counts_as_life_die": ("Is a Recovery card in a pile worth a die?",
                                    {False: "no", True: "yes, like a Life token"}),
    "vote_base": ("A vote needs a majority of what?",
                  {"votes_cast": "of the votes cast", "players_in_game": "of the players in the game"}),
    "out_players_vote": ("Do players out of the game vote?", {False: "no", True: "yes"}),
    "turn_direction": ("Which way turns pass",
                       {"clockwise": "clockwise", "counterclockwise": "counterclockwise"}),
    "repeat_actions": ("May a leader take the same action twice?", {True: "yes", False: "no"}),
    "carry_over_ap": ("Do unused action points carry over?", {False: "no, they are lost",
                                                             True: "yes, to the next turn"}),
    "leftover_stack": ("The role stack nobody gets",
                       {"set_aside_unseen": "set aside unseen",
                        "return_cards_to_deck": "its cards go back to the deck"}),
    "initial_extra_deal": ("\u201cDeal out an additional 10 Supply cards\u201d",
                           {"10_total": "10 in all, round the table",
                            "10_each": "10 to each player"}),
    "hand_limit": ("A hand limit after the set-up?", {None: "none", 3: "3 cards"}),
    "scoring_values": ("The points each scoring card is worth", {}),
    "alien_proof_scores": ("Do Alien Proof cards score?", {True: "yes", False: "no"}),
    "auto_move_after_clear": ("Does clearing a tile move the Team onto it?",
                              {False: "no: moving is an action", True: "yes"}),
    "trapped_rule": ("What \u201ctrapped\u201d means",
                     {"no_open_edge_no_civ": "no Civilization and no open edge reachable "
                                             "past the Canyons"}),
    "give_up": ("Who decides to give up",
                {"unanimous_in_game": "everyone still in the game, unanimously",
                 "disabled": "nobody: no giving up"}),
    "removed_aliens_share_win": ("Do Aliens out of the game share an Alien win?",
                                 {True: "yes", False: "no"}),
    "guarantee_alien": ("Is an Alien always in play?",
                        {False: "no: one role stack is left over",
                         True: "yes: one Human card is removed"}),
}
#: Unclear points the engine decides without a flag (tile data, or one sensible reading).
UNFLAGGED: tuple[tuple[str, str, str], ...] = (
    ("GL-A27", "An obstacle on a Civilization tile", "clear it first (the tile data says)"),
    ("GL-A32", "A Mountain move with an empty discard pile",
     "nothing is removed; the move stays legal"),
)


def setting_label(name: str) -> str:
    """A variant flag as the unclear point it settles ("Which way turns pass" for
    ``turn_direction``)."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    return SETTING_WORDS[name][0]


def reading_label(name: str, value: Any, *, default: bool = True) -> str:
    """One reading of a variant flag in plain words, marked "(default)" when it is the engine's
    default (``default=False`` leaves the mark off). A flag whose value is a data file (the
    tiles, the deck) has no words for its readings: its shipped value is named as such."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    words = SETTING_WORDS[name][1]
    # True == 1 in a dict: a reading is only the words' key when the types agree too.
    if value in words and type(value) is type(next(k for k in words if k == value)):
        text = words[value]
    else:
        text = "the shipped (illustrative) data" if not words else str(value)
    chosen = getattr(DEFAULT_RULES, name)
    mark = default and type(value) is type(chosen) and value == chosen
    return text + (" (default)" if mark else "")


#: The sweep measures a chapter shows, in plain words (sweep tables use code names such as
#: ``length_actions``; see :data:`doppelnb.core.sweep.METRICS` for their definitions). The Team
#: and the Aliens are sides: a side's win is one win (metric version 2).
METRIC_WORDS: dict[str, str] = {
    "win_rate_side_human": "the Humans' win rate",
    "win_rate_side_alien": "the Aliens' win rate",
    "first_player_win_rate": "first player's share of the wins",
    "first_player_advantage": "first player's edge over a fair share",
    "tie_rate": "share of games won by both sides",
    "no_winner_rate": "share of games nobody wins",
    "length_actions": "game length in actions",
    "score_spread": "score spread",
    "lead_changes": "times the lead changes hands",
    "skill_gap": "stronger bot's side finishes ahead",
}


def metric_label(metric: str, players: Sequence[int] = ()) -> str:
    """A sweep measure in plain words (its code name when it has none); ``players`` (the
    sweep's player counts) changes no word here, only in the quest's, one signature for all."""
    return METRIC_WORDS.get(metric, metric)


def sweep_reading_label(reading: str) -> str:
    """A sweep's reading ("default", "carry_over_ap=True") in plain words.

    >>> sweep_reading_label("carry_over_ap=True")
    'Do unused action points carry over? yes, to the next turn'
    """
    return sweep_reading_words(reading, Rules.flags(), setting_label, reading_label, SETTING_WORDS)


def plain_sweep_text(text: str, players: Sequence[int] = ()) -> str:
    """A sentence of a sweep report with its code names (readings ``flag=value``, metrics,
    policy mixes) in plain words; everything else, the verdict included, is left as it is.
    ``players``: the sweep's player counts (see :func:`metric_label`)."""
    return plain_sweep_words(text, sweep_reading_label, lambda m: metric_label(m, players),
                             METRIC_WORDS)


def _nowrap(text: str) -> Html:
    """A rule id that never breaks across lines in a narrow column."""
    return tag("span", text, style="white-space:nowrap")


def _code(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def ambiguity_table(rules: Rules = DEFAULT_RULES) -> Html:
    """Every unclear point of the rulebook (GL-A1..GL-A32) in plain words: the reading ``rules``
    plays (by default the engine's defaults, read from the flags), the other readings, and
    the flag that switches them."""
    rules = check_instance(rules, "rules", Rules, expected="a groom_lake Rules")
    rows: list[tuple[int, list[Any]]] = []
    for info in Rules.flags():
        point = setting_label(info.name)
        now = getattr(rules, info.name)
        others = [c for c in (info.choices or ()) if not (c == now and type(c) is type(now))]
        if others:
            other = "; ".join(reading_label(info.name, c, default=False) for c in others)
            code = f"{info.name}={_code(others[0])}"
        else:
            other = "your own data file" if info.choices is None else "-"
            code = f"{info.name}=..." if info.choices is None else "-"
        rows.append((int(info.rule.split("A")[1]), [
            _nowrap(info.rule), point, reading_label(info.name, now, default=False), other,
            tag("code", code) if code != "-" else "-"]))
    rows += [(int(rule.split("A")[1]), [_nowrap(rule), point, reading, "-", "-"])
             for rule, point, reading in UNFLAGGED]
    rows.sort(key=lambda r: r[0])
    return Html(html_table(["id", "what the rulebook leaves unclear", "the engine plays",
                            "the other reading", "switch with gl.Rules(...)"],
                           [r for _, r in rows],
                           caption="every unclear point and the reading the engine plays"))


# -- tables of a flag's readings (each reading run by the engine) -------------------------------
#: GL-A10, GL-A11, GL-A18: piles whose dice (and exact clearing chance) the reading changes.
READING_PILES: tuple[tuple[str, str, Any, str, int, tuple[str, ...], int, int], ...] = (
    ("GL-A10", "water_is_canteen", False, "sandstorm", 8, ("canteen", "compass"), 1, 4),
    ("GL-A11", "nonmatching_penalty_applies_to", "all_supply", "high_heat", 8,
     ("canteen", "canteen", "lifeform"), 1, 5),
    ("GL-A18", "recovery_counts_as_life_die", True, "animal_attack", 8,
     ("shovel", "recovery", "recovery"), 0, 4),
)


def dice_readings_table() -> Html:
    """What GL-A10, GL-A11 and GL-A18 change: dice and the exact chance to clear, per reading."""
    rows = []
    for rule, name, other, obstacle, value, cards, life, players in READING_PILES:
        cells = []
        for rules in (DEFAULT_RULES, DEFAULT_RULES.replace(**{name: other})):
            dice = dice_for_attempt(obstacle, cards, life, players, rules=rules)
            cells.append(f"{dice} {'die' if dice == 1 else 'dice'}, "
                         f"{_percent(clear_probability(dice, value))}")
        pile = ", ".join(cards) + (f" + {life} Life" if life else "")
        rows.append([_nowrap(rule), setting_label(name),
                     f"{OBSTACLE_NAMES[obstacle]} {value}, {players} players: {{{pile}}}",
                     f"{reading_label(name, getattr(DEFAULT_RULES, name), default=False)}: "
                     f"{cells[0]}",
                     f"{reading_label(name, other, default=False)}: {cells[1]}"])
    return Html(html_table(["id", "unclear point", "obstacle and pile", "the engine's reading",
                            "the other reading"], rows,
                           caption="dice earned and the exact chance to clear, by reading"))


def setup_readings_table(players: int = 4, seed: int = 1) -> Html:
    """GL-A23 and GL-A31 on one seeded deal: the Supply cards in hand after the deal, how many
    the discard down to 3 throws away (GL-R6), and the exact chance that no Alien is in play."""
    players = check_players(players, PLAYER_COUNTS, rule="GL-R1")
    check_int(seed, "seed")
    rows = []
    for name, value in (("initial_extra_deal", "10_total"), ("initial_extra_deal", "10_each"),
                        ("guarantee_alien", True)):
        rules = DEFAULT_RULES.replace(**{name: value})
        dealt = new_game(players, rules=rules, seed=seed)
        after = past_setup(dealt)
        held = sum(len(h) for h in dealt.hands)
        kept = sum(len(h) for h in after.hands)
        rows.append([reading_label(name, value, default=False), held, held - kept,
                     str(alien_absent_probability(players, rules.guarantee_alien))])
    return Html(html_table(["set-up reading", "Supply cards in hand after the deal",
                            "thrown away to keep 3 each", "chance of no Alien"], rows,
                           caption=f"{players} players, seed {seed}"))


def edge_match_readings_table(state: State, modes: Iterable[str] = ("presence", "exact_pattern")) -> Html:
    """GL-A3 on one Desert: for every tile still in a stack, where it would have to go now
    (GL-R15) under each red-dot reading; one row per reading, counts of tiles per level."""
    check_instance(state, "state", State, expected="a Groom Lake State")
    modes = [check_choice(m, "modes[]", ("presence", "exact_pattern")) for m in modes]
    names = {1: "next to the Team", 2: "diagonal", 3: "anywhere", None: "nowhere (discarded, GL-A7)"}
    ids = sorted(t for stack in state.stacks.values() for t in stack)
    rows = []
    for mode in modes:
        counts: Counter[int | None] = Counter(
            state.desert.placement_options(state.tileset[t], state.team, mode)[0] for t in ids)
        rows.append([reading_label("edge_match", mode, default=False)]
                    + [counts.get(level, 0) for level in names])
    return Html(html_table(["red dots match"] + list(names.values()), rows,
                           caption=f"where each of the {len(ids)} tiles left would have to go "
                                   f"(same Desert, {len(state.desert)} tiles placed)"))


__all__ = ["SETTING_WORDS", "UNFLAGGED", "setting_label", "reading_label", "METRIC_WORDS",
           "metric_label", "sweep_reading_label", "plain_sweep_text", "ambiguity_table",
           "READING_PILES", "dice_readings_table", "setup_readings_table",
           "edge_match_readings_table"]
