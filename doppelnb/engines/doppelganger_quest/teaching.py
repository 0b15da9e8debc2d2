"""The chapter's tables in plain words (notebooks/05_doppelganger_quest.ipynb): the exact odds
beside their formulas, what the opening quest's hidden choices are worth, the rulebook's worked
examples recomputed, what the unclear rules change, and a shipped sweep's verdict with the code
names of readings and measures replaced by plain words. Display only: every figure comes from
:mod:`.analysis`, :mod:`.examples` or :mod:`doppelnb.core.sweep`.

>>> setting_label("success_check"), reading_label("success_check", "after_all_turns")
('when success is judged', 'once, after all turns (default)')
>>> plain_sweep_text("win_rate_side_loyal with animals_in_pingpong=True", players=[4])
"the loyal side's win rate with “the animal in ping-pong: takes markers”"
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...core.checks import check_choice, check_instance, check_int, check_sequence
from ...core.render import Html, table, tag
from ...core.sweep_words import plain_sweep_words, sweep_reading_words
from .analysis import (
    bag_white_probability,
    bag_without_return,
    ff_closed_form,
    ff_formula,
    ff_probability,
    honest_black_probability,
    pingpong_formula,
    quest_damage_distribution,
    subdue_readings,
    success_probability,
)
from .examples import (
    SPIDER_DOPPELGANGER,
    SPIDER_SEED,
    artifact_example,
    death_example,
    poison_example,
    spider_moment,
)
from .rules import (
    DEFAULT_RULES,
    Rules,
    loyalty_split,
    pingpong_count,
    pingpong_sequences,
)
from .state import State

# -- exact odds beside their formulas ---------------------------------------------------------
#: The Bags the spells can make (DQ-R19): a Ring of Warding swaps a black die for the set-aside
#: white one, a Potion of Hexing adds the set-aside black die; an Elixir draws one die.
BAGS: tuple[tuple[str, int, int, int], ...] = (
    ("the Bag at set-up, a weapon turn", 2, 1, 2), ("after a Ring of Warding", 1, 2, 2),
    ("after a Potion of Hexing", 3, 1, 2), ("an Elixir (one die)", 2, 1, 1))


def _exact(p: Fraction) -> str:
    return f"{p} ≈ {float(p):.3f}"


def bag_odds_table() -> Html:
    """P(a white die among those drawn) for each Bag the spells make: the formula of
    :meth:`doppelnb.core.symbolic.Formula.draw_includes` beside the enumeration of every equally
    likely draw (they agree; the tests hold them equal)."""
    from ...core.render import side_by_side, table
    from ...core.symbolic import Formula, draw_includes_probability

    rows = [[label, f"{b} black + {w} white", d, str(draw_includes_probability(b, w, d)),
             _exact(bag_white_probability(b, w, d)), _exact(1 - bag_white_probability(b, w, d))]
            for label, b, w, d in BAGS]
    formula = dataclasses.replace(Formula.draw_includes(),
                                  latex=r"P = 1 - \binom{b}{d} \Big/ \binom{b+w}{d}")
    return side_by_side(formula, table(
        ["case", "bag b + w", "dice drawn d", "formula", "counted over every draw",
         "so an honest player shows black"], rows,
        caption="the chance of a white die among those drawn, exact"))


def black_runs_table(turns: Sequence[int] = (1, 2, 3, 4)) -> Html:
    """How often an honest player, who keeps white whenever one is drawn, shows black on every
    one of ``turns`` weapon turns, or on at least one (exact, DQ-R21)."""
    from ...core.render import table

    turns = check_sequence(turns, "turns", min_len=1, max_len=10,
                           item=lambda v, n: check_int(v, n, 1, 20))
    rows = [[n, _exact(honest_black_probability(n, n)), _exact(honest_black_probability(1, n))]
            for n in turns]
    return table(["weapon turns", "black every time", "black at least once"], rows,
                 caption="an honest player's black dice, exact")


def ff_table(cases: Sequence[tuple[int, int, int]] = ((2, 1, 6), (1, 2, 6), (2, 1, 8))) -> Html:
    """P(friendly fire) on one weapon turn (DQ-R25): :func:`ff_formula` beside the enumeration
    over every draw and face, for a player who keeps white when drawn and one who keeps black."""
    from ...core.render import side_by_side, table

    cases = check_sequence(cases, "cases", min_len=1, max_len=10)
    rows = [[f"{b} black + {w} white", s, str(ff_closed_form(b, w, s)),
             _exact(ff_probability("good", b, w, s)), _exact(ff_probability("bad", b, w, s))]
            for b, w, s in cases]
    return side_by_side(ff_formula(), table(
        ["bag", "die sides s", "formula (keeps white)", "counted: keeps white",
         "counted: keeps black"], rows, caption="the chance of friendly fire on one weapon turn"))


#: The (members, markers) cases the chapter counts (exercise 1 asks for another).
PINGPONG_CASES: tuple[tuple[int, int], ...] = ((2, 3), (3, 4), (4, 4), (5, 3))


def pingpong_table(cases: Sequence[tuple[int, int]] = PINGPONG_CASES) -> Html:
    """The orders in which m markers can fall on n members (DQ-R31): every holder's every choice
    enumerated by the engine, beside the closed form n(n-1)^(m-1)."""
    from ...core.render import side_by_side, table

    cases = check_sequence(cases, "cases", min_len=1, max_len=10)
    rows = [[n, m, len(pingpong_sequences(list(range(n)), m)), pingpong_count(n, m)]
            for n, m in cases]
    return side_by_side(pingpong_formula(), table(
        ["members n", "markers m", "enumerated", "n(n−1)^(m−1)"], rows,
        caption="the orders in which penalty markers can fall"))


def subdue_readings_table(heroes: Sequence[str] = ("Knight", "Rogue", "Wizard"),
                          items: Sequence[str | None] = ("magic_sword", "bow", "staff")) -> Html:
    """DQ-A21 on every Subdue Quest of the card data: the same honest party's exact chance of
    success when success is judged once after all turns (default) or as soon as it is met."""
    from ...core.render import table

    rows = []
    for card in DEFAULT_RULES.card_set().quests:
        if card.high is None:
            continue
        r = subdue_readings(heroes, items, card)
        rows.append([card.name, card.requirement, _exact(r["after_all_turns"]),
                     _exact(r["immediate"])])
    return table(["Quest", "requirement", "judged after all turns (default)",
                  "judged as soon as it is met"], rows,
                 caption=f"P(success), exact: {', '.join(heroes)}, all keeping white")


def animal_attacks_table() -> Html:
    """DQ-A10 (how often the animal attacks): a Knight with a Sword and the Rogue with a Bow on
    the Minotaur (10 or more), without the War Bear and with it attacking once or twice."""
    from ...core.render import table

    minotaur = DEFAULT_RULES.card_set().quests[0]
    rows = []
    for label, attacks in (("no animal", 0), ("attacks once (default)", 1),
                           ("attacks twice", 2)):
        dist = quest_damage_distribution(["Knight", "Rogue"], ["sword", "bow"],
                                         animal=5 * attacks)
        rows.append([label, _exact(success_probability(dist, minotaur))])
    return table(["the War Bear", "P(the Minotaur succeeds)"], rows,
                 caption="a Knight with a Sword and the Rogue with a Bow, exact")


def dice_return_table(turns: int = 3) -> Html:
    """DQ-A17: P(a white die among the two drawn) on each weapon turn of a Quest when the dice
    go back (default) or when the kept die stays out, every player keeping white or black."""
    from ...core.render import table

    good, bad = bag_without_return(turns, "good"), bag_without_return(turns, "bad")
    back = bag_white_probability()
    rows = [[t + 1, str(back), str(g), str(b)] for t, (g, b) in enumerate(zip(good, bad,
                                                                             strict=True))]
    return table(["weapon turn", "dice go back (default)", "kept die stays out, all keep white",
                  "kept die stays out, all keep black"], rows,
                 caption="the chance of a white die among the two drawn, exact")


#: Every variant flag in plain words: (what it settles, {reading: words}).
SETTING_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "heroes": ("hero cards", {}), "weapon_tables": ("weapon tables and die", {}),
    "quests": ("Quest cards", {}), "items": ("Item cards", {}),
    "light_tokens": ("Light tokens", {}), "dark_tokens": ("Darkness tokens", {}),
    "token_effect_scope": ("who shares a Heal 2 or Take 3", {
        "quest_party": "the quest party", "all_players": "every player"}),
    "heal_requires_damage": ("a heal on an unhurt hero", {
        True: "only if nobody is hurt", False: "allowed"}),
    "poison_skips_tavern": ("the tavern after a Poison", {
        False: "still happens", True: "is skipped"}),
    "failure_order": ("after a failure", {
        "penalty_then_flip": "penalty, then the Darkness token",
        "flip_then_penalty": "Darkness token, then the penalty"}),
    "animals_in_pingpong": ("the animal in ping-pong", {False: "left out", True: "takes markers"}),
    "animals_ff_target": ("friendly fire on the animal", {True: "allowed", False: "not allowed"}),
    "animal_attacks_per_quest": ("animal attacks per Quest", {1: "once", 2: "twice"}),
    "simultaneous_death_order": ("exhaustion damage order", {
        "clockwise_from_pl": "clockwise from the leader",
        "clockwise_from_pl_left": "clockwise from the leader's left"}),
    "ff_split": ("splitting friendly fire", {False: "one victim", True: "may be split"}),
    "hand_limit_scope": ("the hand limit of 5", {"draws": "binds draws only",
                                                 "always": "binds always"}),
    "empty_hand_contribution": ("a player with no cards", {"skip": "skips passing and giving"}),
    "reshuffle_items": ("an empty Item deck", {True: "discards reshuffled",
                                               False: "no more draws"}),
    "quest_deck_exhausted": ("an empty Quest deck", {
        "reshuffle": "used Quests reshuffled", "doppelgangers_win": "the doppelgängers win",
        "draw": "the game is drawn"}),
    "dice_return_to_bag": ("dice after a roll", {True: "back in the bag",
                                                 False: "the kept die stays out"}),
    "reroll_same_die_repeatedly": ("re-rolling one die again", {True: "allowed",
                                                                False: "once per die"}),
    "success_grants_reroll_each": ("re-roll markers for a success", {
        False: "only if the card says so", True: "one for every member"}),
    "limited_markers": ("damage and re-roll markers", {False: "unlimited",
                                                       True: "limited to the box's"}),
    "success_check": ("when success is judged", {
        "after_all_turns": "once, after all turns", "immediate": "as soon as it is met"}),
    "post_turn_ability_order": ("after-turn abilities", {
        "clockwise_from_pl_left": "clockwise from the leader's left"}),
    "rogue_leftovers": ("the Rogue's leftover cards", {"discard_all": "both discarded"}),
    "reward_distribution": ("sharing rewards", {"pingpong_per_unit": "by ping-pong",
                                                "pl_free": "as the leader likes"}),
    "item_pass": ("the item pass", {"simultaneous": "all at once",
                                    "sequential": "one player after another"}),
    "tavern_timing": ("the tavern", {"before_outcome": "before success or failure",
                                     "after_outcome": "after success or failure"}),
    "knight_applies_to_elixir": ("the Knight and Elixir dice", {True: "may turn them",
                                                                False: "may not"}),
    "spell_resolution_order": ("the order spells act in", {
        "clockwise_from_pl_left": "after the Poison check, clockwise from the leader's left"}),
}


def setting_label(name: str) -> str:
    """A variant flag in plain words ("when success is judged" for ``success_check``)."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    return SETTING_WORDS[name][0]


def reading_label(name: str, value: Any, *, default: bool = True) -> str:
    """One reading of a variant flag in plain words, marked "(default)" when it is the engine's
    default (``default=False`` leaves the mark off). Data-file flags read "illustrative data"."""
    name = check_choice(name, "name", tuple(SETTING_WORDS))
    words = SETTING_WORDS[name][1]
    info = next(f for f in Rules.flags() if f.name == name)
    if info.choices is None:
        text = ("doppelnb's illustrative data" if value == info.default
                else "a data file of your own")
    else:
        text = words.get(value, str(value))
    mark = default and value == info.default
    return text + (" (default)" if mark else "")


#: The sweep measures the chapter shows, in plain words (the tables use code names such as
#: ``win_rate_side_loyal``; see :data:`doppelnb.core.sweep.METRICS`). In this team game a side's
#: win is one win, however many players the side has (metric version 2).
METRIC_WORDS: dict[str, str] = {
    "win_rate_side_loyal": "the loyal side's win rate",
    "win_rate_side_doppelganger": "the doppelgängers' win rate",
    "first_player_win_rate": "first player's share of the wins",
    "first_player_advantage": "first player's edge over a fair share",
    "tie_rate": "share of games won by both sides",
    "no_winner_rate": "games nobody wins",
    "length_actions": "game length in moves",
    "length_rounds": "game length in rounds",
    "score_spread": "score spread",
    "lead_changes": "times the lead changes hands",
    "halftime_leader_wins": "half-time leader goes on to win",
    "skill_gap": "stronger bot's side finishes ahead",
}


#: With one doppelgänger (4 or 5 players) the doppelgängers' side is one player.
ONE_DOPPELGANGER_WORDS = {"win_rate_side_doppelganger": "the doppelgänger's win rate"}


def metric_label(metric: str, players: Sequence[int] = ()) -> str:
    """A sweep measure in plain words; at 4 or 5 players only (one doppelgänger, DQ-R10) the
    doppelgängers' side is one player, and says so."""
    if players and all(loyalty_split(p)[0] == 1 for p in players):
        return ONE_DOPPELGANGER_WORDS.get(metric, METRIC_WORDS.get(metric, metric))
    return METRIC_WORDS.get(metric, metric)


def sweep_reading_label(reading: str) -> str:
    """A sweep's reading ("default", "animals_in_pingpong=True") in plain words."""
    return sweep_reading_words(reading, Rules.flags(), setting_label, reading_label, SETTING_WORDS)


def plain_sweep_text(text: str, players: Sequence[int] = ()) -> str:
    """A sentence of a sweep report with its code names (readings ``flag=value``, metrics,
    policy mixes) in plain words; everything else, the verdict included, is left as it is.
    ``players``: the sweep's player counts (see :func:`metric_label`)."""
    return plain_sweep_words(text, sweep_reading_label, lambda m: metric_label(m, players),
                             METRIC_WORDS)


# -- the opening quest and the rulebook's examples --------------------------------------------
def spider_party(state: State | None = None) -> tuple[list[str], list[str | None], Any, int]:
    """(heroes, items, Quest card, animal damage) of the opening quest's party in turn order:
    each member's hero and the kind of item handed to them (DQ-R16, DQ-R20)."""
    s = spider_moment() if state is None else check_instance(state, "state", State)
    q = s.q
    assert q is not None
    given = dict(q.given)
    heroes = [s.hero(seat).name for seat in q.party]
    items = [s.cards.item(given[seat]).key if seat in given else None for seat in q.party]
    animal = s.animal[1] if (s.animal is not None and q.animal_in) else 0
    return heroes, items, q.card, animal


def spider_choices_table() -> Html:
    """What the Doppelgänger Party Leader's two hidden choices of the opening quest are worth:
    the exact chance that the party's turns beat the Quest, with P3 keeping white or black and
    with the Battle Dog attacking or kept back (DQ-R21, DQ-R24; abilities left out)."""
    from .analysis import quest_damage_distribution, success_probability

    heroes, items, card, animal = spider_party()
    me = spider_moment().q
    assert me is not None
    seat = me.party.index(SPIDER_DOPPELGANGER)
    rows = []
    for die, dog in (("white", True), ("black", True), ("white", False), ("black", False)):
        policy = ["good"] * len(heroes)
        policy[seat] = "good" if die == "white" else "bad"
        dist = quest_damage_distribution(heroes, items, policy, animal=animal if dog else 0)
        p = success_probability(dist, card)
        rows.append([f"keeps {die}" + (" when drawn" if die == "black" else ""),
                     "attacks" if dog else "stays back", f"{p}", f"{float(p):.2f}",
                     f"{float(dist.mean()):.1f}"])
    return table(["P3", "the Battle Dog", "P(the Quest succeeds)", "≈", "mean damage"], rows,
                 caption=f"{card.name} ({card.requirement}): every draw and roll of the party's "
                         "turns, counted exactly")


def endings_table() -> Html:
    """DQ-R36 and DQ-R37 played: a hero's death in the middle of a ping-pong (DQ-T13) and the
    third Light artifact (DQ-T14) each end the game at once."""
    before, after = death_example()
    left = before.pp["left"] - 1 if before.pp else 0
    rows = [["Nate (P3), a Doppelgänger with 1 hit point left, takes Kate's first penalty marker",
             after.end_reason, f"{left} markers never placed"]]
    before, after = artifact_example()
    rows.append(["the leader turns over the third Light artifact after a success",
                 after.end_reason, "no exhaustion step"])
    return table(["what happens", "the game ends", "what is skipped"], rows,
                 caption="two ways a game ends at once (DQ-R36, DQ-R37)")


#: Why each recommended reading (digest §6), and the ambiguities that need no flag.
WHY: dict[str, str] = {
    "DQ-A1": "the rulebook prints no hero cards; the shipped heroes are made up and say so",
    "DQ-A2": "no weapon tables or die size are printed; d6 fits the friendly-fire faces 1 and 1-3",
    "DQ-A3": "only the Minotaur (10 or more, penalty 4) is printed; the other Quests are made up",
    "DQ-A4": "the 60 Item cards are not listed; the shipped deck is made up",
    "DQ-A5": "each row holds the 3 artifacts; the other 3 tokens per row are a guess",
    "DQ-A6": "only quest members may take damage (line 313) and ping-pong runs among them",
    "DQ-A7": "'may heal': a heal should land on a damaged hero when one can take it",
    "DQ-A8": "tavern players were not on the Quest; skipping it would deny them their rest",
    "DQ-A9": "matches DQ-R30; the order matters only if the penalty kills someone",
    "DQ-A10": "an animal has hit points but makes no choices, so it can be hit but not hold units",
    "DQ-A11": "one hero at a time from the leader, so the first death decides the game",
    "DQ-A12": "'the party member of your choice' is singular",
    "DQ-A13": "the limit is stated only for the tavern draw; a pass is -1 then +1 anyway",
    "DQ-A14": "a player with no cards simply has nothing to pass or throw in",
    "DQ-A15": "the usual convention; otherwise long games run dry",
    "DQ-A16": "18 Quests rarely run out; reshuffling keeps the game going",
    "DQ-A17": "each turn starts by checking '2 black + 1 white', so the dice must go back",
    "DQ-A18": "'re-roll 1 die, 1 time' per marker; more markers, more re-rolls",
    "DQ-A19": "neither step 8 nor the Game Aid grants markers automatically",
    "DQ-A20": "component counts are usually not limits",
    "DQ-A21": "DQ-R28 judges once, and line 274 lets players act after the Quest is defeated",
    "DQ-A22": "the Game Aid's clockwise order; with the Rogue the two leftovers are discarded",
    "DQ-A23": "'Rewards should ping-pong just like Damage does'",
    "DQ-A24": "the party is not chosen yet at step 2, so every player passes (no flag)",
    "DQ-A25": "otherwise a card passed to you could be passed on again",
    "DQ-A26": "the Game Aid puts the tavern before the outcome",
    "DQ-A27": "the leader picks any face-down token, blind unless a Peek showed it (no flag)",
    "DQ-A28": "an Elixir die is also 'a die they will roll'",
    "DQ-A29": "spells act 'immediately': after the Poison check, clockwise from the leader's left",
    "DQ-A30": "the party can be everyone; the 8 Shields suffice (no flag)",
    "DQ-A31": "the leader is always on their own Quest and tires like anyone else (no flag)",
}
NO_FLAG = {"DQ-A24": "every player passes", "DQ-A27": "the leader's blind choice",
           "DQ-A30": "up to every player", "DQ-A31": "yes, no special rule"}


#: Each unclear point (DQ-A ids) as the question a player would ask.
QUESTIONS: dict[str, str] = {
    "DQ-A1": "What are the 16 hero cards?",
    "DQ-A2": "What do the weapon tables say, and how many sides has a die?",
    "DQ-A3": "What are the 18 Quest cards?",
    "DQ-A4": "What are the 60 Item cards?",
    "DQ-A5": "Which tokens lie in each row besides the artifacts?",
    "DQ-A6": "Who shares a Heal 2 or Take 3 token?",
    "DQ-A7": "May a heal go to a hero with no damage?",
    "DQ-A8": "Does a Poison failure skip the tavern?",
    "DQ-A9": "After a failure, the penalty or the Darkness token first?",
    "DQ-A10": "Can the animal take markers or friendly fire, and how often does it attack?",
    "DQ-A11": "In what order do several heroes take exhaustion damage?",
    "DQ-A12": "May one roll's friendly fire be split between members?",
    "DQ-A13": "Does the hand limit of 5 bind only draws?",
    "DQ-A14": "What does a player with no cards pass or put in?",
    "DQ-A15": "What happens when the Item deck runs out?",
    "DQ-A16": "What happens when the Quest deck runs out?",
    "DQ-A17": "Do the dice go back into the bag after a roll?",
    "DQ-A18": "May the same die be re-rolled again?",
    "DQ-A19": "Does every member of a successful quest gain a re-roll marker?",
    "DQ-A20": "Are the damage and re-roll markers limited?",
    "DQ-A21": "When is success judged?",
    "DQ-A22": "In what order are after-turn abilities used; where do the Rogue's leftovers go?",
    "DQ-A23": "How are rewards other than healing shared?",
    "DQ-A24": "The game aid says party members pass items: who passes?",
    "DQ-A25": "Is the item pass all at once?",
    "DQ-A26": "When does the tavern happen?",
    "DQ-A27": "Which face-down token does the leader turn over?",
    "DQ-A28": "May the Knight act on an Elixir's die?",
    "DQ-A29": "When do spells act?",
    "DQ-A30": "How big may a party be?",
    "DQ-A31": "Does the leader gain exhaustion like everyone else?",
}


def ambiguity_table(rules: Rules | None = None) -> Html:
    """Every DQ-A id: the question, the reading the engine plays (read from ``rules``, marked
    "changed" when it is not the default), why that reading, and the setting of ``dq.Rules``
    that picks another (digest section 6)."""
    rules = check_instance(Rules() if rules is None else rules, "rules", Rules)
    by_id: dict[str, list[Any]] = {}
    for info in Rules.flags():
        by_id.setdefault(info.rule, []).append(info)
    rows = []
    for n in range(1, 32):
        aid = f"DQ-A{n}"
        infos = by_id.get(aid, [])
        if infos:
            used = "; ".join(dict.fromkeys(
                reading_label(i.name, getattr(rules, i.name), default=False)
                + ("" if getattr(rules, i.name) == i.default else " (changed)") for i in infos))
            setting: Any = tag("code", ", ".join(i.name for i in infos))
        else:
            used, setting = NO_FLAG.get(aid, "-"), "-"
        rows.append([tag("span", aid, style="white-space:nowrap"), QUESTIONS[aid], used,
                     WHY[aid], setting])
    return table(["id", "question", "reading used", "why this reading", "setting in dq.Rules"],
                 rows, caption="the rulebook's open questions and the readings the engine uses")


#: The steps after a quest's turns, as the log names them (for :func:`order_table`).
STEPS = (("distributes", "penalty"), ("flips Darkness", "Darkness token"),
         ("flips Light", "Light token"), ("in the tavern", "tavern"),
         ("(exhaustion)", "exhaustion damage"), ("Exhaustion marker", "exhaustion marker"))


def _steps(states: Sequence[State]) -> list[str]:
    """The order in which the after-quest steps first happen in the log of ``states``."""
    seen: list[str] = []
    for line in states[-1].log[len(states[0].log) - 1:]:
        step = next((name for key, name in STEPS if key in line), None)
        if step is not None and step not in seen:
            seen.append(step)
    return seen


def order_table() -> Html:
    """DQ-A8, DQ-A9 and DQ-A26: the Poison example (DQ-R17) and the opening quest played under
    each reading of the order of the steps after the turns (penalty, token, tavern)."""
    from .analysis import one_quest

    poison: list[tuple[str, dict[str, Any]]] = [
        ("default readings", {}), ("a Poison skips the tavern", {"poison_skips_tavern": True}),
        ("the Darkness token before the penalty", {"failure_order": "flip_then_penalty"})]
    rows = [["the Poison example", label, " → ".join(_steps(poison_example(Rules(**change))))]
            for label, change in poison]
    timing: list[tuple[str, dict[str, Any]]] = [
        ("default readings", {}),
        ("the tavern after success or failure", {"tavern_timing": "after_outcome"})]
    for label, change in timing:
        quest = one_quest(players=5, seed=SPIDER_SEED, number=1, rules=Rules(**change))
        rows.append([quest[0].q.card.name if quest[0].q else "", label,
                     " → ".join(_steps(quest))])
    return table(["quest", "reading", "after the turns, in order"], rows,
                 caption="the same quests under each reading of the order of the last steps")


__all__ = ["BAGS", "PINGPONG_CASES", "bag_odds_table", "black_runs_table", "ff_table", "pingpong_table",
           "subdue_readings_table", "animal_attacks_table", "dice_return_table", "SETTING_WORDS",
           "setting_label", "reading_label", "METRIC_WORDS", "ONE_DOPPELGANGER_WORDS",
           "metric_label", "sweep_reading_label", "plain_sweep_text",
           "spider_party", "spider_choices_table", "endings_table",
           "WHY", "NO_FLAG", "QUESTIONS", "ambiguity_table", "order_table", "STEPS"]
