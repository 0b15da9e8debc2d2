"""Analysis: the Bag of Holding's odds, exact quest-damage distributions, policies, balance.

Exact results are integer counts and ``Fraction``s, each with a brute-force twin used by the
tests: :func:`quest_damage_distribution` convolves per-member distributions (the bag is refilled
before every turn, DQ-A17) while :func:`quest_damage_distribution_brute_force` enumerates
every physical draw.
The balance study is a seeded simulation with Wilson intervals; balance is Ludii's
1 - |P(loyal win) - P(doppelgänger win)|.

>>> bag_white_probability()
Fraction(2, 3)
>>> party = (["Knight"], ["sword"])
>>> quest_damage_distribution(*party) == quest_damage_distribution_brute_force(*party)
True
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...core.checks import (
    check_choice,
    check_instance,
    check_int,
    check_sequence,
    check_size,
    check_str,
)
from ...core.errors import BadInput
from ...core.exact import Distribution, multiset_draws
from ...core.symbolic import Formula
from .cards import WEAPONS, CardSet, ItemKind, QuestCard
from .notation import PLAYER_COUNTS
from .players import simple_policy
from .rules import (
    BAG,
    DEFAULT_RULES,
    FRIENDLY_FIRE,
    SET_ASIDE,
    Rules,
    weapon_result,
)
from .simulation import Policy, _check_policy_fn
from .state import State, new_game

POLICIES = ("good", "bad", "random")


# -- the Bag of Holding (DQ-R5, DQ-R21) -----------------------------------------------------------
#: The largest number of dice of one colour the bag analyses accept (the real bag holds 3).
MAX_BAG = 1000
#: ``quest_damage_distribution_brute_force`` enumerates at most this many joint outcomes
#: (parties of up to 3 weapon users with the standard bag); larger parties use :func:`quest_damage_distribution`.
BRUTE_LIMIT = 2_000_000


def _bag_args(black: Any, white: Any, draw: Any) -> None:
    check_int(black, "black", 0, MAX_BAG)
    check_int(white, "white", 0, MAX_BAG)
    check_int(draw, "draw", 0, black + white, rule="DQ-R21")


def bag_white_probability(black: int = 2, white: int = 1, draw: int = 2) -> Fraction:
    """P(at least one white die among ``draw`` dice drawn unseen from the bag) (DQ-R5, DQ-R21).

    1 - C(black, draw) / C(black + white, draw); the default bag gives 2/3. ``black`` and
    ``white`` are limited to ``MAX_BAG`` (1,000) dice each (the real bag holds 3).
    """
    _bag_args(black, white, draw)
    return 1 - Fraction(math.comb(black, draw), math.comb(black + white, draw))


def bag_draw_distribution(black: int = 2, white: int = 1, draw: int = 2) -> Distribution:
    """The number of white dice drawn, as exact counts over the C(b+w, draw) equally likely draws."""
    _bag_args(black, white, draw)
    return Distribution.from_pairs((d.get("white", 0), ways)
                                   for d, ways in multiset_draws({"black": black, "white": white},
                                                                 draw))


# -- one member's damage to the Quest card -------------------------------------------------------
def _weapon_of(hero: str, cards: CardSet) -> str:
    check_str(hero, "hero", max_len=200)
    if hero in WEAPONS:
        return hero
    return cards.hero(hero).weapon


def _kind_of(item: str | None, cards: CardSet) -> ItemKind | None:
    if item is None:
        return None
    check_str(item, "item", max_len=200)
    return cards.item(item) if "." in item else cards.kind(item)


def _check_policy(policy: str, name: str = "policy") -> str:
    return check_choice(policy, name, POLICIES)


def _check_rules(rules: Any) -> Rules:
    return check_instance(rules, "rules", Rules, expected="a doppelganger_quest.Rules")


def _hit(weapon: str, magic: bool, colour: str, face: int, bless: int,
         cards: CardSet) -> tuple[int, int]:
    return weapon_result(cards, weapon, magic, colour, face, bless)


def member_damage_distribution(hero: str, item: str | None, policy: str = "good", *,
                               bag: tuple[int, int] = BAG, bless: int = 0,
                               rules: Rules = DEFAULT_RULES) -> tuple[dict[int, int], int]:
    """(counts, total): one member's damage to the Quest card over equally likely outcomes.

    ``policy`` is the die choice when the two drawn dice differ: ``"good"`` keeps white,
    ``"bad"`` keeps black, ``"random"`` either (each outcome counted twice); it also decides
    whether a Fireball is cast. Friendly fire adds nothing to the Quest (DQ-R28) but a Staff's
    automatic damage does (DQ-R25).
    """
    cards = _check_rules(rules).card_set()
    _check_policy(policy)
    black, white = check_sequence(bag, "bag", min_len=2, max_len=2,
                                  item=lambda v, name: check_int(v, name, 0, MAX_BAG))
    bag = (black, white)
    check_int(bless, "bless", 0, 99)
    kind = _kind_of(item, cards)
    weapon = _weapon_of(hero, cards)
    if kind is None or kind.type in ("spell", "poison", "elixir") or not kind.usable_by(weapon):
        return {0: 1}, 1
    if kind.type == "fireball":
        if policy == "random":
            return {kind.damage: 1, 0: 1}, 2
        return {kind.damage if policy == "good" else 0: 1}, 1
    black, white = bag
    size = min(2, black + white)
    if size == 0:
        return {0: 1}, 1
    counts: Counter[int] = Counter()
    choose = {"good": ("white", "black"), "bad": ("black", "white")}
    for drawn, ways in multiset_draws({"black": black, "white": white}, size):
        colours = [c for c in ("black", "white") if drawn.get(c)]
        if policy == "random":
            picks = [(c, ways * (2 // len(colours))) for c in colours]
        else:
            pick = next(c for c in choose[policy] if c in colours)
            picks = [(pick, ways * 2)]  # same total as "random", so weights compare
        for colour, w in picks:
            for face in range(1, cards.sides + 1):
                counts[_hit(str(kind.weapon), kind.magic, colour, face, bless, cards)[0]] += w
    return dict(counts), 2 * math.comb(black + white, size) * cards.sides


def _party_setup(heroes: Sequence[str], items: Sequence[str | None], policy: Any,
                 rules: Rules) -> tuple[list[str], int, tuple[int, int]]:
    cards = _check_rules(rules).card_set()
    heroes = check_sequence(heroes, "heroes", min_len=1, max_len=max(PLAYER_COUNTS))
    items = check_sequence(items, "items", min_len=len(heroes), max_len=len(heroes))
    policies = [policy] * len(heroes) if isinstance(policy, str) else list(
        check_sequence(policy, "policy", min_len=len(heroes), max_len=len(heroes)))
    for i, p in enumerate(policies):
        _check_policy(p, f"policy[{i}]")
    for hero in heroes:
        _weapon_of(hero, cards)
    kinds = [_kind_of(i, cards) for i in items]
    bless = sum(1 for k in kinds if k is not None and k.type == "spell" and k.effect == "bless")
    bag, aside = BAG, SET_ASIDE
    for k in kinds:  # DQ-R19: spells act before the first turn
        if k is None or k.type != "spell":
            continue
        if k.effect == "ward" and aside[1] > 0 and bag[0] > 0:
            bag, aside = (bag[0] - 1, bag[1] + 1), (aside[0] + 1, aside[1] - 1)
        elif k.effect == "hex" and aside[0] > 0:
            bag, aside = (bag[0] + 1, bag[1]), (aside[0] - 1, aside[1])
    return policies, bless, bag


def quest_damage_distribution(heroes: Sequence[str], items: Sequence[str | None],
                              policy: Any = "good", *,
                              animal: int = 0, rules: Rules = DEFAULT_RULES) -> Distribution:
    """The exact distribution of a Quest's total damage for a party, its items and a policy.

    ``heroes`` are hero names (or weapon types), ``items`` one item per member (a kind such as
    ``"magic_bow"``, a card id, or ``None``), ``policy`` one die-choice policy for all or a list
    per member (see :func:`member_damage_distribution`); ``animal`` adds the animal's automatic
    damage. Spells in the party act first (Blessing, Warding, Hexing). The bag is refilled before
    each turn (DQ-A17), so members are independent and their distributions convolve.
    """
    policies, bless, bag = _party_setup(heroes, items, policy, rules)
    animal = check_int(animal, "animal", 0, 99)
    counts, total = {animal: 1}, 1
    for hero, item, pol in zip(heroes, items, policies, strict=True):
        mc, mt = member_damage_distribution(hero, item, pol, bag=bag, bless=bless, rules=rules)
        nxt: Counter[int] = Counter()
        for a, wa in counts.items():
            for b, wb in mc.items():
                nxt[a + b] += wa * wb
        counts, total = dict(nxt), total * mt
    return Distribution(counts, total)


def quest_damage_distribution_brute_force(heroes: Sequence[str], items: Sequence[str | None],
                       policy: Any = "good", *,
                       animal: int = 0, rules: Rules = DEFAULT_RULES) -> Distribution:
    """Brute-force twin of :func:`quest_damage_distribution`: every ordered physical draw of
    labelled dice, every face, every member at once (small parties only)."""
    policies, bless, bag = _party_setup(heroes, items, policy, rules)
    animal = check_int(animal, "animal", 0, 99)
    cards = rules.card_set()
    dice = ["black"] * bag[0] + ["white"] * bag[1]
    per_turn = math.perm(len(dice), min(2, len(dice))) * 2 * cards.sides
    check_size(per_turn ** len(heroes),
               "the joint outcomes of quest_damage_distribution_brute_force", BRUTE_LIMIT,
               why="use quest_damage_distribution for larger parties")
    per_member = []
    for hero, item, pol in zip(heroes, items, policies, strict=True):
        kind = _kind_of(item, cards)
        weapon = _weapon_of(hero, cards)
        outcomes = []
        if kind is None or kind.type in ("spell", "poison", "elixir") or \
                not kind.usable_by(weapon):
            outcomes = [0]
        elif kind.type == "fireball":
            outcomes = {"good": [kind.damage], "bad": [0], "random": [kind.damage, 0]}[pol]
        else:
            for pair in itertools.permutations(range(len(dice)), min(2, len(dice))):
                colours = {dice[i] for i in pair}
                if pol == "random":
                    options = sorted(colours) * (2 // len(colours))
                else:
                    pref = ("white", "black") if pol == "good" else ("black", "white")
                    options = [next(c for c in pref if c in colours)] * 2
                for colour in options:
                    for face in range(1, cards.sides + 1):
                        outcomes.append(_hit(str(kind.weapon), kind.magic, colour, face, bless,
                                             cards)[0])
        per_member.append(outcomes)
    return Distribution(Counter(animal + sum(combo) for combo in itertools.product(*per_member)))


def success_probability(dist: Distribution, card: QuestCard) -> Fraction:
    """P(the Quest succeeds) under ``dist`` (DQ-R28)."""
    check_instance(dist, "dist", Distribution)
    check_instance(card, "card", QuestCard, expected="a Quest card (cards.QuestCard)")
    return dist.probability(card.succeeds)


def sabotage_report(heroes: Sequence[str], items: Sequence[str | None], saboteur: int,
                    card: QuestCard, *,
                    animal: int = 0, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """How far one hidden Doppelgänger can sink a Quest while staying plausible.

    Compares every member keeping white when they can (``"good"``) with the ``saboteur`` keeping
    black instead. Plausibility: showing a black die is what an honest player does whenever both
    drawn dice are black, which happens with probability C(b,2)/C(b+w,2) (1/3 with the default
    bag), so a single black die proves nothing.
    """
    check_instance(card, "card", QuestCard, expected="a Quest card (cards.QuestCard)")
    honest = quest_damage_distribution(heroes, items, "good", animal=animal, rules=rules)
    pols = ["good"] * len(heroes)
    saboteur = check_int(saboteur, "saboteur", 0, len(heroes) - 1)
    pols[saboteur] = "bad"
    sunk = quest_damage_distribution(heroes, items, pols, animal=animal, rules=rules)
    cover = 1 - bag_white_probability(*BAG, 2)
    return {"honest": honest, "sabotaged": sunk,
            "p_success_honest": success_probability(honest, card),
            "p_success_sabotaged": success_probability(sunk, card),
            "mean_honest": honest.mean(), "mean_sabotaged": sunk.mean(),
            "p_black_when_honest": cover}


def honest_black_probability(shown_black: int, turns: int, black: int = 2,
                             white: int = 1) -> Fraction:
    """P(an honest player, keeping white whenever drawn, shows black on at least ``shown_black``
    of ``turns`` weapon turns): how suspicious a run of black dice really is.

    Per turn an honest player shows black only when both drawn dice are black, with
    probability q = C(black, 2) / C(black + white, 2); the count is binomial(turns, q).
    """
    _bag_args(black, white, 2)
    turns = check_int(turns, "turns", 0, 10_000)
    shown_black = check_int(shown_black, "shown_black", 0)
    q = 1 - bag_white_probability(black, white, 2)
    return sum((math.comb(turns, k) * q**k * (1 - q) ** (turns - k)
                for k in range(shown_black, turns + 1)), Fraction(0))


def one_quest(players: int = 5, seed: int = 1, number: int = 1, *, rules: Rules = DEFAULT_RULES,
              policy: Policy = simple_policy) -> list[State]:
    """The states of Quest ``number`` of a seeded game, from the item pass to the state after
    exhaustion (the next Quest's reveal, or the end of the game)."""
    from ...core.state import playout

    number = check_int(number, "number", 1, 1000)
    _check_policy_fn(policy)
    out = []
    for s in playout(new_game(players, rules=rules, seed=seed), policy, seed=seed):
        if s.quest_no == number and s.phase != "draft":
            out.append(s)
        elif s.quest_no > number or (s.is_over and out):
            out.append(s)
            break
    if not out:
        raise BadInput("NB-ARG", f"the game ended before Quest {number}")
    return out


# -- closed forms and readings (the chapter's formulas, each with an enumeration twin) -----------
def ff_probability(policy: str = "good", black: int = 2, white: int = 1,
                   sides: int | None = None, *, rules: Rules = DEFAULT_RULES) -> Fraction:
    """P(friendly fire) on one weapon turn, enumerated over every draw and face (DQ-R21, R25).

    ``policy`` "good" keeps white when drawn, "bad" keeps black when drawn; ``sides`` defaults
    to the card data's die (d6, DQ-A2). Friendly fire is a white 1 or a black 1-3.
    """
    _check_policy(policy)
    if policy == "random":
        raise BadInput("NB-ARG", "policy must be 'good' or 'bad' for ff_probability")
    _bag_args(black, white, min(2, black + white))
    s = rules.card_set().sides if sides is None else check_int(sides, "sides", 3, 100)
    hits, total = 0, 0
    pref = ("white", "black") if policy == "good" else ("black", "white")
    for drawn, ways in multiset_draws({"black": black, "white": white}, min(2, black + white)):
        colour = next(c for c in pref if drawn.get(c))
        for face in range(1, s + 1):
            total += ways
            hits += ways * (face in FRIENDLY_FIRE[colour])
    return Fraction(hits, total)


def _sympy() -> Any:
    import sympy

    return sympy


def ff_formula() -> Formula:
    """P(friendly fire) for an honest weapon turn: white is kept unless both drawn dice are black."""
    sp = _sympy()
    b, w, s = sp.symbols("b w s", integer=True, positive=True)
    p_white = 1 - sp.binomial(b, 2) / sp.binomial(b + w, 2)
    expr = p_white * 1 / s + (1 - p_white) * 3 / s
    latex = (r"P_{\mathrm{FF}} = (1 - q)\,\frac{1}{s} + q\,\frac{3}{s}, \qquad "
             r"q = \binom{b}{2} \Big/ \binom{b+w}{2}")  # sympy's own form is hard to read
    return Formula("ff_probability", expr, latex,
                   "The chance of friendly fire on one honest weapon turn: the player keeps white "
                   "unless both drawn dice are black (chance C(b,2)/C(b+w,2)); a white die hits a "
                   "friend on 1 face of s, a black die on 3 faces of s.")


def ff_closed_form(black: int = 2, white: int = 1, sides: int = 6) -> Fraction:
    """:func:`ff_formula` evaluated with sympy (the tests hold it equal to :func:`ff_probability`)."""
    _bag_args(black, white, 2)
    check_int(sides, "sides", 3, 100)
    sp = _sympy()
    f = ff_formula()
    names = {x.name: x for x in f.expression.free_symbols}
    v = sp.nsimplify(f.expression.subs({names["b"]: black, names["w"]: white, names["s"]: sides}))
    return Fraction(int(sp.numer(v)), int(sp.denom(v)))


def pingpong_formula() -> Formula:
    """n(n-1)^(m-1): the ping-pong sequences of m units among n quest members (DQ-R31)."""
    sp = _sympy()
    n, m = sp.symbols("n m", integer=True, positive=True)
    expr = n * (n - 1) ** (m - 1)
    return Formula("pingpong_count", expr, "N(n, m) = " + sp.latex(expr),
                   "The number of ways m ping-pong units can fall on n quest members: any of the n "
                   "first, then each unit on anyone but the one who took the last.")


def honest_black_formula() -> Formula:
    """P(an honest player shows black on at least k of n turns): a binomial tail."""
    sp = _sympy()
    n, k, j = sp.symbols("n k j", integer=True, nonnegative=True)
    q = sp.Rational(1, 3)
    expr = sp.Sum(sp.binomial(n, j) * q**j * (1 - q) ** (n - j), (j, k, n))
    return Formula("honest_black", expr, "P(X \\ge k) = " + sp.latex(expr),
                   "The chance that an honest player, who keeps white whenever one is drawn, shows "
                   "black on at least k of n turns: each turn is black with chance "
                   "C(2,2)/C(3,2) = 1/3, independently (the dice go back in the bag).")


def subdue_readings(heroes: Sequence[str], items: Sequence[str | None], card: QuestCard,
                    policy: Any = "good", *, rules: Rules = DEFAULT_RULES) -> dict[str, Fraction]:
    """P(success) of a Quest under both readings of DQ-A21, exactly.

    ``after_all_turns``: the total after every turn is judged once (DQ-R28). ``immediate``: the
    Quest succeeds as soon as the running total meets the requirement (then the turns stop).
    They differ only on Subdue Quests, where later turns can overshoot the range.
    Members act in the order given; the bag is refilled before each turn (DQ-A17).
    """
    check_instance(card, "card", QuestCard, expected="a Quest card (cards.QuestCard)")
    policies, bless, bag = _party_setup(heroes, items, policy, rules)
    live: dict[int, Fraction] = {0: Fraction(1)}
    done = Fraction(0)
    final: dict[int, Fraction] = {0: Fraction(1)}
    for hero, item, pol in zip(heroes, items, policies, strict=True):
        counts, total = member_damage_distribution(hero, item, pol, bag=bag, bless=bless,
                                                   rules=rules)
        step = {d: Fraction(c, total) for d, c in counts.items()}
        nxt: defaultdict[int, Fraction] = defaultdict(Fraction)
        for a, pa in live.items():
            for d, pd in step.items():
                nxt[a + d] += pa * pd
        done += sum((p for v, p in nxt.items() if card.succeeds(v)), Fraction(0))
        live = {v: p for v, p in nxt.items() if not card.succeeds(v)}
        fin: defaultdict[int, Fraction] = defaultdict(Fraction)
        for a, pa in final.items():
            for d, pd in step.items():
                fin[a + d] += pa * pd
        final = dict(fin)
    after = sum((p for v, p in final.items() if card.succeeds(v)), Fraction(0))
    return {"after_all_turns": after, "immediate": done}


def bag_without_return(turns: int = 3, policy: str = "good") -> list[Fraction]:
    """P(a white die is among the two drawn) on each of ``turns`` weapon turns when the kept die
    does NOT go back into the bag (DQ-A17 read the other way), starting from 2 black + 1 white."""
    turns = check_int(turns, "turns", 1, 3)
    _check_policy(policy)
    if policy == "random":
        raise BadInput("NB-ARG", "policy must be 'good' or 'bad' for bag_without_return")
    pref = ("white", "black") if policy == "good" else ("black", "white")
    states: dict[tuple[int, int], Fraction] = {BAG: Fraction(1)}
    out = []
    for _ in range(turns):
        p_white = Fraction(0)
        nxt2: defaultdict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (b, w), p in states.items():
            size = min(2, b + w)
            if size == 0:
                nxt2[(b, w)] += p
                continue
            whole = math.comb(b + w, size)
            for drawn, ways in multiset_draws({"black": b, "white": w}, size):
                share = p * Fraction(ways, whole)
                if drawn.get("white"):
                    p_white += share
                kept = next(c for c in pref if drawn.get(c))
                nxt2[(b - (kept == "black"), w - (kept == "white"))] += share
        out.append(p_white)
        states = dict(nxt2)
    return out


__all__ = ["bag_white_probability", "bag_draw_distribution", "member_damage_distribution",
           "quest_damage_distribution", "quest_damage_distribution_brute_force",
           "success_probability",
           "sabotage_report", "honest_black_probability", "one_quest", "POLICIES",
           "ff_probability", "ff_formula",
           "ff_closed_form", "pingpong_formula", "honest_black_formula", "subdue_readings",
           "bag_without_return"]
