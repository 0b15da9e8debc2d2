"""Analyses: exact clearing odds (tables, plots), the Alien-absent chance, the readings' effects
and placement censuses. The explorer policy and the seeded simulations it plays (expeditions,
Desert growth) are :mod:`.simulation`'s, and importable from here too."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ...core.checks import check_bool, check_choice, check_instance, check_int, check_players
from ...core.errors import BadInput
from ...core.render import Html, Svg, escape, html_table, line_chart
from ...core.symbolic import Formula
from .odds import (
    MAX_DICE,
    clear_probability,
    clear_probability_table,
    dice_for_attempt,
)
from .rules import DEFAULT_RULES, Rules
from .simulation import (
    GrowthStudy,
    PlaySummary,
    expedition,
    explorer_policy,
    past_setup,
    simulate,
    simulate_growth,
)
from .state import State, new_game
from .tiles import OBSTACLE_NAMES


# -- exact odds -------------------------------------------------------------------------------------
def clear_odds_table(values: Iterable[int] = range(4, 15), max_dice: int = MAX_DICE) -> Html:
    """An HTML table: rows = dice 1..max_dice, columns = obstacle values, exact percentages.

    At most ``MAX_DICE`` (10, the dice in the box) rows and 100 columns (a table to read).
    """
    max_dice = check_int(max_dice, "max_dice", 1, MAX_DICE)
    values = _values(values, 100)
    table = clear_probability_table(max_dice, values)
    rows = [[d] + [_percent(table[(d, v)]) for v in values] for d in range(1, max_dice + 1)]
    return Html(html_table(["dice"] + [f"value {v}" for v in values], rows,
                           caption="chance that the dice total MORE than the obstacle value, "
                                   "exact"))


def _values(values: Any, limit: int) -> list[int]:
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise BadInput("NB-ARG", f"values must be a list of whole numbers, got {type(values).__name__}")
    items = list(itertools.islice(values, limit + 1))
    if len(items) > limit:
        raise BadInput("NB-ARG", f"values is limited to {limit} obstacle values")
    return [check_int(v, f"values[{i}]", -1000, 1000) for i, v in enumerate(items)]


def _percent(p: Fraction) -> str:
    """A percentage that never rounds a possible event to 0 % or an uncertain one to 100 %."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    text = f"{float(p) * 100:.1f}%"
    return {"0.0%": "<0.1%", "100.0%": ">99.9%"}.get(text, text)


def clear_odds_chart(values: Iterable[int] = (4, 7, 10, 13, 16, 20),
                     max_dice: int = MAX_DICE) -> Svg:
    """Line chart: probability of clearing against the number of dice, one line per value.

    At most ``MAX_DICE`` (10) dice and 12 lines.
    """
    max_dice = check_int(max_dice, "max_dice", 1, MAX_DICE)
    values = _values(values, 12)
    table = clear_probability_table(max_dice, values)
    series = {f"obstacle value {v}": [(d, float(table[(d, v)])) for d in range(0, max_dice + 1)]
              for v in values}
    return line_chart(series, title="Chance to clear an obstacle, exact (dotted: even chance)",
                      x_label="dice rolled", y_label="chance the total beats the value",
                      y_range=(0, 1), references=[(0.5, "")], width=560)


def alien_absent_probability(players: int, guarantee_alien: bool = False) -> Fraction:
    """GL-R5 / GL-E8: the chance that the leftover role stack is the Alien's (no Alien in play).

    N + 1 stacks (N Humans and the Alien) are shuffled and N are dealt: the leftover is the Alien
    with chance 1/(N+1). With one Human removed (GL-A31) all N stacks are dealt: 0.
    """
    players = check_players(players, (3, 4, 5, 6), rule="GL-R1")
    check_bool(guarantee_alien, "guarantee_alien")
    stacks = players if guarantee_alien else players + 1
    return Fraction(stacks - players, stacks)


def alien_absent_probability_brute(players: int, guarantee_alien: bool = False) -> Fraction:
    """Brute-force twin: every ordering of the role stacks, counting deals without the Alien."""
    players = check_players(players, (3, 4, 5, 6), rule="GL-R1")
    check_bool(guarantee_alien, "guarantee_alien")
    stacks = ["alien"] + ["human"] * (players - 1 if guarantee_alien else players)
    hits = total = 0
    for order in itertools.permutations(range(len(stacks))):
        total += 1
        hits += "alien" not in [stacks[i] for i in order[:players]]
    return Fraction(hits, total)


def alien_absent_formula() -> Formula:
    """GL-R5 / GL-E8 as a closed form: N + 1 role stacks, N dealt, so the Alien's stack is the
    leftover with chance 1/(N+1) (sympy; imported only when asked for)."""
    import sympy as sp

    n = sp.Symbol("N", integer=True, positive=True)
    # deals of N stacks out of N + 1 that leave the Alien's out: all N Humans, C(N, N) = 1 way,
    # over all C(N + 1, N) = N + 1 deals
    simple = sp.expand_func(sp.binomial(n, n) / sp.binomial(n + 1, n))
    latex = (r"P(\text{no Alien}) = \frac{\binom{N}{N}}{\binom{N+1}{N}} = " + sp.latex(simple))
    return Formula("alien_absent", simple, latex,
                   "N players are dealt N of the N + 1 role stacks; the Alien is missing exactly "
                   "when the one stack left over is the Alien's: one way out of N + 1.")


def alien_absent_from_formula(players: int) -> Fraction:
    """:func:`alien_absent_formula` evaluated at N = ``players`` (a Fraction)."""
    players = check_players(players, (3, 4, 5, 6), rule="GL-R1")
    expr = alien_absent_formula().expression
    value = expr.subs(next(iter(expr.free_symbols)), players)
    return Fraction(int(value.p), int(value.q))


#: GL-A10, GL-A11, GL-A18: piles whose dice (and exact clearing chance) the reading changes.
READING_PILES: tuple[tuple[str, str, Any, str, int, tuple[str, ...], int, int], ...] = (
    ("GL-A10", "water_is_canteen", False, "sandstorm", 8, ("canteen", "compass"), 1, 4),
    ("GL-A11", "nonmatching_penalty_applies_to", "all_supply", "high_heat", 8,
     ("canteen", "canteen", "lifeform"), 1, 5),
    ("GL-A18", "recovery_counts_as_life_die", True, "animal_attack", 8,
     ("shovel", "recovery", "recovery"), 0, 4),
)


def reading_effects() -> Html:
    """What GL-A10, GL-A11 and GL-A18 change: dice and the exact chance to clear, per reading."""
    rows = []
    for rule, name, other, obstacle, value, cards, life, players in READING_PILES:
        cells = []
        for rules in (DEFAULT_RULES, DEFAULT_RULES.replace(**{name: other})):
            dice = dice_for_attempt(obstacle, cards, life, players, rules=rules)
            cells.append(f"{dice} {'die' if dice == 1 else 'dice'}, "
                         f"{_percent(clear_probability(dice, value))}")
        pile = ", ".join(cards) + (f" + {life} Life" if life else "")
        rows.append([_nowrap(rule), READING_WORDS[name][0],
                     f"{OBSTACLE_NAMES[obstacle]} {value}, {players} players: {{{pile}}}",
                     f"{_reading(name, getattr(DEFAULT_RULES, name))}: {cells[0]}",
                     f"{_reading(name, other)}: {cells[1]}"])
    return Html(html_table(["id", "unclear point", "obstacle and pile", "the engine's reading",
                            "the other reading"], rows,
                           caption="dice earned and the exact chance to clear, by reading"))


#: Every flag of :class:`Rules` in a player's words: the unclear point, and each reading.
READING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
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


def _nowrap(text: str) -> Html:
    """A rule id that never breaks across lines in a narrow column."""
    return Html(f'<span style="white-space:nowrap">{escape(text)}</span>')


def _code(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _reading(name: str, value: Any) -> str:
    words = READING_WORDS[name][1]
    if value in words and type(value) is type(next(k for k in words if k == value)):
        return words[value]
    return "the shipped (illustrative) data" if not words else str(value)


def readings_table(rules: Rules = DEFAULT_RULES) -> Html:
    """Every unclear point of the rulebook (GL-A1..GL-A32) in plain words: the reading ``rules``
    plays (by default the engine's defaults, read from the flags), the other readings, and
    the flag that switches them."""
    rules = check_instance(rules, "rules", Rules, expected="a groom_lake Rules")
    rows: list[tuple[int, list[Any]]] = []
    for info in Rules.flags():
        point, words = READING_WORDS[info.name]
        now = getattr(rules, info.name)
        others = [c for c in (info.choices or ()) if not (c == now and type(c) is type(now))]
        if others:
            other = "; ".join(_reading(info.name, c) for c in others)
            code = f"{info.name}={_code(others[0])}"
        else:
            other = "your own data file" if info.choices is None else "-"
            code = f"{info.name}=..." if info.choices is None else "-"
        rows.append((int(info.rule.split("A")[1]), [
            _nowrap(info.rule), point, _reading(info.name, now), other,
            Html(f"<code>{escape(code)}</code>") if code != "-" else "-"]))
    rows += [(int(rule.split("A")[1]), [_nowrap(rule), point, reading, "-", "-"])
             for rule, point, reading in UNFLAGGED]
    rows.sort(key=lambda r: r[0])
    return Html(html_table(["id", "what the rulebook leaves unclear", "the engine plays",
                            "the other reading", "switch with gl.Rules(...)"],
                           [r for _, r in rows],
                           caption="every unclear point and the reading the engine plays"))


def setup_reading_effects(players: int = 4, seed: int = 1) -> Html:
    """GL-A23 and GL-A31 on one seeded deal: the Supply cards in hand after the deal, how many
    the discard down to 3 throws away (GL-R6), and the exact chance that no Alien is in play."""
    players = check_players(players, (3, 4, 5, 6), rule="GL-R1")
    check_int(seed, "seed")
    rows = []
    for name, value in (("initial_extra_deal", "10_total"), ("initial_extra_deal", "10_each"),
                        ("guarantee_alien", True)):
        rules = DEFAULT_RULES.replace(**{name: value})
        dealt = new_game(players, rules=rules, seed=seed)
        after = past_setup(dealt)
        held = sum(len(h) for h in dealt.hands)
        kept = sum(len(h) for h in after.hands)
        rows.append([_reading(name, value), held, held - kept,
                     str(alien_absent_probability(players, rules.guarantee_alien))])
    return Html(html_table(["set-up reading", "Supply cards in hand after the deal",
                            "thrown away to keep 3 each", "chance of no Alien"], rows,
                           caption=f"{players} players, seed {seed}"))


def placement_levels(state: State) -> dict[str, list[str]]:
    """For every tile still in a stack: where it would have to go if drawn now (GL-R15).

    Keys: "next to the Team", "diagonal", "anywhere", "nowhere (discarded, GL-A7)".
    """
    check_instance(state, "state", State, expected="a Groom Lake State")
    names = {1: "next to the Team", 2: "diagonal", 3: "anywhere", None: "nowhere (discarded, GL-A7)"}
    out: dict[str, list[str]] = {name: [] for name in names.values()}
    for tile_id in sorted(t for stack in state.stacks.values() for t in stack):
        level, _ = state.desert.placement_options(state.tileset[tile_id], state.team,
                                                  state.rules.edge_match)
        out[names[level]].append(tile_id)
    return out


def placement_census(state: State, modes: Iterable[str] = ("presence", "exact_pattern")) -> Html:
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
        rows.append([_reading("edge_match", mode)] + [counts.get(level, 0) for level in names])
    return Html(html_table(["red dots match"] + list(names.values()), rows,
                           caption=f"where each of the {len(ids)} tiles left would have to go "
                                   f"(same Desert, {len(state.desert)} tiles placed)"))


__all__ = ["past_setup", "placement_levels", "clear_odds_table", "clear_odds_chart", "alien_absent_probability",
           "alien_absent_probability_brute", "alien_absent_formula", "alien_absent_from_formula",
           "reading_effects", "READING_PILES", "readings_table", "READING_WORDS", "setup_reading_effects", "placement_census", "explorer_policy", "expedition", "simulate_growth",
           "GrowthStudy", "simulate", "PlaySummary"]
