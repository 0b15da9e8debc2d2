"""Analyses: exact clearing odds (tables, plots), the Alien-absent chance, an explorer policy and
seeded simulations of desert growth (which stacks are drawn, how long escapes take)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter, deque
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from ...core.chance import make_seed, rng_for
from ...core.checks import check_bool, check_choice, check_instance, check_int, check_players
from ...core.errors import BadInput
from ...core.exact import mean_interval, wilson_interval
from ...core.render import Html, Svg, bar_chart, html_table, line_chart, side_by_side
from ...core.symbolic import Formula
from .desert import STACKS
from .odds import (
    MAX_DICE,
    clear_probability,
    clear_probability_table,
    dice_for_attempt,
    usable_cards,
)
from .rules import DEFAULT_RULES, Rules
from .state import State, new_game
from .tiles import OBSTACLE_NAMES, Coord, Tile, neighbours

Policy = Callable[[State, random.Random], Any]


# -- exact odds -------------------------------------------------------------------------------------
def clear_odds_table(values: Iterable[int] = range(4, 15), max_dice: int = MAX_DICE) -> Html:
    """An HTML table: rows = dice 1..max_dice, columns = obstacle values, exact percentages.

    At most ``MAX_DICE`` (10, the dice in the box) rows and 100 columns (a table to read).
    """
    max_dice = check_int(max_dice, "max_dice", 1, MAX_DICE)
    values = _values(values, 100)
    table = clear_probability_table(max_dice, values)
    rows = [[d] + [_percent(table[(d, v)]) for v in values] for d in range(1, max_dice + 1)]
    return Html(html_table(["dice \\ value"] + values, rows,
                           caption="chance to roll MORE than the obstacle value (GL-R22), exact"))


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
    series = {f"value {v}": [(d, float(table[(d, v)])) for d in range(0, max_dice + 1)]
              for v in values}
    return line_chart(series, title="Clearing odds by dice (exact)", x_label="dice rolled",
                      y_label="P(total > value)", y_range=(0, 1),
                      references=[(0.5, "even chance")])


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
            cells.append(f"{dice} dice, {_percent(clear_probability(dice, value))}")
        pile = ", ".join(cards) + (f" + {life} Life" if life else "")
        rows.append([rule, f"{name} = {getattr(DEFAULT_RULES, name)} → {other}",
                     f"{OBSTACLE_NAMES[obstacle]} {value}, {players} players: {{{pile}}}",
                     *cells])
    return Html(html_table(["id", "flag: default → other reading", "pile", "default reading",
                            "other reading"], rows,
                           caption="dice earned and the exact chance to clear (GL-R20..GL-R22)"))


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
        rows.append([mode] + [counts.get(level, 0) for level in names])
    return Html(html_table(["GL-A3 edge_match"] + list(names.values()), rows,
                           caption=f"where each of the {len(ids)} tiles left would have to go "
                                   f"(same Desert, {len(state.desert)} tiles placed)"))


# -- an explorer policy -------------------------------------------------------------------------------
_KEEP_SCORE = {"tool": 4, "recovery": 4, "alien_proof": 3, "trait": 1}


def _walk_step(state: State, goals: set[Coord]) -> Coord | None:
    """First step of a shortest walk (cleared, non-Canyon tiles) from the Team to a goal tile."""
    if not goals:
        return None
    prev: dict[Coord, Coord | None] = {state.team: None}
    queue = deque([state.team])
    while queue:
        u = queue.popleft()
        if u in goals and u != state.team:
            while prev[u] != state.team:
                back = prev[u]
                assert back is not None
                u = back
            return u
        for v in state.desert.adjacent(u):
            if v not in prev and state.desert.tiles[v].terrain != "canyon" and state.is_cleared(v):
                prev[v] = u
                queue.append(v)
    return None


def explorer_policy(state: State, rng: random.Random) -> tuple[Any, ...]:
    """A plain, honest Team: reach Civilization, clear what blocks the way, scout outward.

    The leader attempts a clear when the Humans' matching cards and spare Life promise an expected
    total (3.5 a die) above the value; in the pile, Humans add matching cards until the expected
    total beats the value by 2, and the leader tops up with Life while holding more than 2. Aliens
    add nothing. Meant for simulations and steppers, not as strong play.
    """
    _check_policy_args(state, rng)
    legal = state.legal_actions()
    ph, me = state.phase, state._mover()
    deck = state.deck
    if ph in ("setup_discard", "hand_limit"):
        def score(a: tuple[Any, ...]) -> tuple[float, str]:
            card = a[1]
            return (_KEEP_SCORE[deck.kind(card)] + deck.points.get(card, 0) / 10, card)
        return min(legal, key=score)
    if ph == "turn":
        holders = [p for p in state.in_game() if state.roles[p] == "human"]

        def promising(action: tuple[Any, ...]) -> bool:
            obstacle, value = state._shown(action[1:])
            usable = usable_cards(obstacle, state.rules)
            dice = sum(1 for p in holders for c in state.hands[p] if c in usable)
            dice += max(0, state.life[state.current] - 2)
            return dice * 3.5 > value + 1

        for q in neighbours(state.team):
            tile = state.desert.tiles.get(q)
            if tile is not None and tile.terrain == "civilization":
                if ("move", *q) in legal:
                    return ("move", *q)
                if ("clear", *q) in legal and promising(("clear", *q)):
                    return ("clear", *q)
        if ("scout",) in legal:
            return ("scout",)
        clears = [a for a in legal if a[0] == "clear"]
        if clears:
            best = min(clears, key=lambda a: state._shown(a[1:])[1])
            if promising(best):
                return best
        # walk toward the nearest reachable tile with an empty neighbour, or with an obstacle
        frontier = {p for p in state.reachable() if state.desert.empty_neighbours(p)}
        step = _walk_step(state, frontier)
        if step and ("move", *step) in legal:
            return ("move", *step)
        if clears:
            return rng.choice(clears)
        moves = [a for a in legal if a[0] == "move"]
        if moves and rng.random() < 0.5:
            return rng.choice(moves)
        return ("end_turn",)
    if ph == "scout_keep":
        tiles = [state.tileset[a[1]] for a in legal]
        def rank(t: Tile) -> tuple[bool, bool, int, str]:
            return (t.terrain != "civilization", t.terrain == "canyon", t.value or 0, t.id)
        return ("keep", min(tiles, key=rank).id)
    if ph == "place":
        start = state.desert.start
        return max(legal, key=lambda a: (abs(a[1] - start[0]) + abs(a[2] - start[1]), -a[3], a))
    if ph == "mountain":
        return ("remove", "top")
    if ph == "crash":
        tools = [a for a in legal if deck.kind(a[1]) == "tool" and a[2] == state.current]
        return tools[0] if tools else next(a for a in legal if a[2] == state.current)
    if ph == "pile":
        pend = state.pending
        assert pend is not None
        obstacle, value = state._shown(pend["target"])
        usable = usable_cards(obstacle, state.rules)
        dice: int = sum(1 for _, c in pend["cards"] if c in usable) + sum(pend["life"])
        ok = dice * 3.5 > value + 2
        if state.roles[me] == "human" and not ok:
            for a in legal:
                if a[0] == "pile" and a[1] in usable:
                    return a
            if me == state.current and pend["revealed"] and state.life[me] > 2 and ("pile", "life") in legal:
                return ("pile", "life")
        return ("roll",) if pend["revealed"] else ("done",)
    if ph == "pay":
        return ("pay", "recovery")
    if ph == "trait":
        return ("trait", "keep")
    if ph == "take_life":
        return max(legal, key=lambda a: (state.life[a[1]], -a[1]))
    if ph == "give_up":
        return ("ballot", "yes" if state.roles[me] == "alien" else "no")
    if ph == "vote":
        return ("ballot", "no")
    return rng.choice(legal)


def _check_policy_args(state: Any, rng: Any) -> None:
    check_instance(state, "state", State, expected="a Groom Lake State")
    check_instance(rng, "rng", random.Random)
    if state.is_over:
        raise BadInput("NB-ARG", "the game is over: there is no action to choose")


def _check_policy(policy: Any) -> None:
    if not callable(policy):
        raise BadInput("NB-ARG", f"policy must be a function (state, rng) -> action, got "
                       f"{type(policy).__name__}")


#: Most turns :func:`expedition` plays, and most games :func:`simulate_growth` runs.
MAX_TURNS = 10_000
MAX_GAMES = 10_000


def past_setup(state: State, policy: Policy = explorer_policy) -> State:
    """Play the set-up discards (GL-R6) with ``policy``: the first state where a leader acts."""
    check_instance(state, "state", State, expected="a Groom Lake State")
    _check_policy(policy)
    rng = rng_for(state.seed, "policy", "setup")
    while state.phase == "setup_discard":
        state = state.play(policy(state, rng))
    return state


def expedition(players: int = 4, *, seed: int = 1, rules: Rules = DEFAULT_RULES,
               max_turns: int = 60, policy: Policy = explorer_policy) -> list[State]:
    """Every state of one seeded game played by ``policy`` (stopped after ``max_turns`` turns,
    at most ``MAX_TURNS``)."""
    max_turns = check_int(max_turns, "max_turns", 1, MAX_TURNS)
    _check_policy(policy)
    state = new_game(players, rules=rules, seed=seed)
    rng = rng_for(seed, "policy", "groom_lake")
    states = [state]
    while not state.is_over and state.turn_number <= max_turns:
        state = state.play(policy(state, rng))
        states.append(state)
    return states


@dataclasses.dataclass(frozen=True)
class GrowthStudy:
    """Seeded simulations of whole games: stacks drawn, outcomes, Desert sizes, escape times."""

    games: int
    players: int
    seed: int
    stack_draws: dict[str, int]  # stack -> tiles drawn from it
    scout_sources: dict[str, int]  # first stack of each scout -> scouts
    results: dict[str, int]  # result ("stalled" if the turn cap was hit) -> games
    escape_turns: tuple[int, ...]  # turns until Civilization, for escaped games
    desert_sizes: tuple[int, ...]
    draws_by_distance: dict[int, dict[str, int]]  # distance -> Counter of stacks

    @property
    def escape_rate(self) -> tuple[float, float, float]:
        won = self.results.get("civilization", 0)
        lo, hi = wilson_interval(won, self.games)
        return won / self.games, lo, hi

    def rows(self) -> list[list[Any]]:
        total = sum(self.stack_draws.values()) or 1
        return [[name, self.stack_draws.get(name, 0),
                 f"{100 * self.stack_draws.get(name, 0) / total:.1f}%"] for name in (*STACKS, "discards")]

    def charts(self) -> tuple[Svg, Svg]:
        total = sum(self.stack_draws.values()) or 1
        draws = bar_chart([(k, self.stack_draws.get(k, 0) / total) for k in (*STACKS, "discards")],
                          title="Share of tiles drawn per stack", y_label="share")
        outcome = bar_chart([(k, v) for k, v in sorted(self.results.items())],
                            title=f"Outcomes of {self.games} games", colour="#E69F00",
                            value_format="{:.0f}")
        return draws, outcome

    def summary(self) -> str:
        rate, lo, hi = self.escape_rate
        text = (f"{self.games} games of {self.players} players (seed {self.seed}): the Team escaped "
                f"in {rate:.0%} (95% CI {lo:.0%}-{hi:.0%})")
        if len(self.escape_turns) > 1:
            mean, a, b = mean_interval(self.escape_turns)
            text += f", after {mean:.1f} turns on average (95% CI {a:.1f}-{b:.1f})"
        return text + "."

    def _repr_html_(self) -> str:
        table = html_table(["stack", "tiles drawn", "share"], self.rows(), caption=self.summary())
        return str(side_by_side(Html(table), *self.charts()))


def simulate_growth(games: int = 40, players: int = 4, *, seed: int = 1,
                    rules: Rules = DEFAULT_RULES, max_turns: int = 60,
                    policy: Policy = explorer_policy) -> GrowthStudy:
    """Play ``games`` seeded games with ``policy`` (at most ``MAX_GAMES``); count stacks drawn
    and how escapes go."""
    games = check_int(games, "games", 1, MAX_GAMES)
    players = check_players(players, (3, 4, 5, 6), rule="GL-R1")
    max_turns = check_int(max_turns, "max_turns", 1, MAX_TURNS)
    _check_policy(policy)
    check_int(seed, "seed")
    seed = make_seed(seed)
    stack_draws: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    results: Counter[str] = Counter()
    by_distance: dict[int, Counter[str]] = {}
    escape, sizes = [], []
    for i in range(games):
        final = expedition(players, seed=seed * 100_003 + i, rules=rules, max_turns=max_turns,
                           policy=policy)[-1]
        for distance, drawn in final.scout_log:
            sources[drawn[0]] += 1
            for name in drawn:
                stack_draws[name] += 1
                by_distance.setdefault(distance, Counter())[name] += 1
        results[final.result or "stalled"] += 1
        sizes.append(len(final.desert))
        if final.result == "civilization":
            escape.append(final.turn_number)
    return GrowthStudy(games, players, seed, dict(stack_draws), dict(sources), dict(results),
                       tuple(escape), tuple(sizes), {d: dict(c) for d, c in sorted(by_distance.items())})


__all__ = ["past_setup", "placement_levels", "clear_odds_table", "clear_odds_chart", "alien_absent_probability",
           "alien_absent_probability_brute", "alien_absent_formula", "alien_absent_from_formula",
           "reading_effects", "READING_PILES", "placement_census", "explorer_policy", "expedition", "simulate_growth",
           "GrowthStudy"]
