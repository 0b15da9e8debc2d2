"""The chapter's formulas, examples and readings (notebooks/05_doppelganger_quest.ipynb, issue 14):
each closed form equals the engine's enumeration, each teaching table is what the engine plays."""

from __future__ import annotations

import itertools
import json
import math
import pathlib
import re
from fractions import Fraction

import pytest

from doppelnb import BadInput
from doppelnb.core.symbolic import draw_includes_probability
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest import analysis
from doppelnb.engines.doppelganger_quest import examples as ex
from doppelnb.engines.doppelganger_quest.rules import FRIENDLY_FIRE

CARDS = dq.card_set()
NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "05_doppelganger_quest.ipynb"
PARTY = (["Knight", "Rogue", "Wizard"], ["magic_sword", "bow", "staff"])


def _text(html) -> str:
    return re.sub(r"<[^>]+>", "|", str(html))


# -- formulas against enumeration ----------------------------------------------------------------
@pytest.mark.parametrize(("black", "white", "draw"),
                         [(2, 1, 2), (1, 2, 2), (3, 1, 2), (2, 1, 1), (2, 2, 3), (0, 3, 2)])
def test_dq_r21_bag_formula_equals_enumeration(black, white, draw):
    dist = dq.bag_draw_distribution(black, white, draw)
    enumerated = sum((dist[k] for k in dist.counts if k >= 1), Fraction(0))
    assert draw_includes_probability(black, white, draw) == enumerated == \
        dq.bag_white_probability(black, white, draw)


@pytest.mark.parametrize(("black", "white", "sides"),
                         [(2, 1, 6), (1, 2, 6), (3, 1, 6), (2, 1, 8), (2, 2, 10), (4, 1, 6)])
def test_dq_r25_friendly_fire_formula_equals_enumeration(black, white, sides):
    assert analysis.ff_formula_value(black, white, sides) == \
        analysis.ff_probability("good", black, white, sides)


def test_dq_r25_friendly_fire_by_brute_force_over_labelled_dice():
    """Every ordered pair of labelled dice and every face: 5/18 honest, 1/2 keeping black."""
    dice = ["black", "black", "white"]
    for policy, pref, expected in (("good", "white", Fraction(5, 18)),
                                   ("bad", "black", Fraction(1, 2))):
        hits = total = 0
        for i, j in itertools.permutations(range(3), 2):
            pair = {dice[i], dice[j]}
            colour = pref if pref in pair else pair.pop()
            for face in range(1, 7):
                total += 1
                hits += face in FRIENDLY_FIRE[colour]
        assert Fraction(hits, total) == expected == analysis.ff_probability(policy)


@pytest.mark.parametrize(("n", "m"), [(2, 3), (3, 4), (3, 5), (4, 4), (5, 3), (2, 1)])
def test_dq_r31_pingpong_formula_equals_enumeration(n, m):
    f = analysis.pingpong_formula()
    names = {s.name: s for s in f.expression.free_symbols}
    value = int(f.expression.subs({names["n"]: n, names["m"]: m}))
    assert value == len(dq.pingpong_sequences(list(range(n)), m)) == dq.pingpong_count(n, m)


@pytest.mark.parametrize(("k", "n"), [(1, 1), (1, 3), (2, 3), (3, 3), (2, 4), (0, 2)])
def test_honest_black_formula_equals_the_binomial_count(k, n):
    f = analysis.honest_black_formula()
    names = {s.name: s for s in f.expression.free_symbols}
    value = f.expression.subs({names["n"]: n, names["k"]: k}).doit()
    brute = Fraction(sum(1 for seq in itertools.product((0, 1, 2), repeat=n)
                         if sum(x == 0 for x in seq) >= k), 3**n)  # 1 draw in 3 is all black
    assert Fraction(str(value)) == brute == dq.honest_black_probability(k, n)


# -- readings (DQ-A21, DQ-A17, DQ-A10) ------------------------------------------------------------
def _brute_readings(heroes, items, card):
    dists = []
    for hero, item in zip(heroes, items, strict=True):
        counts, total = dq.member_damage_distribution(hero, item, "good")
        dists.append([(d, Fraction(c, total)) for d, c in counts.items()])
    after = immediate = Fraction(0)
    for combo in itertools.product(*dists):
        p = math.prod((q for _, q in combo), start=Fraction(1))
        running = list(itertools.accumulate(d for d, _ in combo))
        after += p * card.succeeds(running[-1])
        immediate += p * any(card.succeeds(t) for t in running)
    return after, immediate


@pytest.mark.parametrize("name", [q.name for q in CARDS.quests if q.high is not None][:3]
                         + ["Escape The Bloodthirsty Minotaur"])
def test_dq_a21_subdue_readings_equal_brute_force(name):
    card = next(q for q in CARDS.quests if q.name == name)
    got = analysis.subdue_readings(*PARTY, card)
    assert (got["after_all_turns"], got["immediate"]) == _brute_readings(*PARTY, card)
    assert got["after_all_turns"] == dq.success_probability(
        dq.quest_damage_distribution(*PARTY), card)
    if card.high is None:  # a threshold Quest: Damage only grows, the readings agree
        assert got["after_all_turns"] == got["immediate"]
    else:
        assert got["immediate"] > got["after_all_turns"]


def test_dq_a17_bag_without_return_by_brute_force():
    def brute(turns, pref):
        seen = [Fraction(0)] * turns

        def walk(bag, t, p):
            if t == turns:
                return
            pairs = list(itertools.permutations(range(len(bag)), min(2, len(bag))))
            for pair in pairs:
                colours = [bag[i] for i in pair]
                share = p / len(pairs)
                if "white" in colours:
                    seen[t] += share
                kept = pref if pref in colours else colours[0]
                rest = list(bag)
                rest.remove(kept)
                walk(rest, t + 1, share)

        walk(["black", "black", "white"], 0, Fraction(1))
        return seen

    assert analysis.bag_without_return(3, "good") == brute(3, "white") == \
        [Fraction(2, 3), Fraction(1, 3), Fraction(0)]
    assert analysis.bag_without_return(3, "bad") == brute(3, "black")


def test_dq_a10_animal_attacks_change_the_minotaur():
    minotaur = CARDS.quests[0]
    p = [dq.success_probability(dq.quest_damage_distribution(["Knight", "Rogue"],
                                                             ["sword", "bow"], animal=a), minotaur)
         for a in (0, 5, 10)]
    assert p == [0, Fraction(67, 162), 1]


# -- the teaching tables are what the engine plays ---------------------------------------------
def test_dq_e4_t5_pool_table_counts():
    rows = re.findall(r"<tr>(.*?)</tr>", str(ex.pool_table()), flags=re.S)[1:]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows]
    assert [c[1:] for c in cells] == [["3", "2", "5", "4", "3", "1"], ["2", "2", "4", "3", "2", "1"],
                                      ["4", "2", "6", "5", "4", "1"], ["3", "2", "5", "5", "3", "2"]]


def test_dq_e7_exhaustion_table_matches_the_digest():
    text = _text(ex.exhaustion_table())
    for row in ("|1||on the Quest||0||yes|", "|2||on the Quest||1||yes|",
                "|3||in the tavern||0||no|", "|4||on the Quest||0||yes|"):
        assert row in text


def test_dq_e5_draft_table_follows_the_cycle():
    text = _text(ex.draft_table(7))
    picks = re.findall(r"\|(sword|bow|staff)\|\|[A-Z][a-z]+\|\|(sword|bow|staff)\|", text)
    assert [a for a, _ in picks] == ["sword", "bow", "staff"] * 2 + ["sword"]
    assert all(a == b for a, b in picks)


def test_edge_case_refusals_name_their_rules():
    text = _text(ex.refusals())
    for case, rule in (("DQ-T3", "DQ-R3"), ("DQ-T4", "DQ-R14"), ("DQ-T10", "DQ-R31"),
                       ("DQ-T11", "DQ-R31"), ("DQ-T16", "DQ-R27"), ("DQ-T20", "DQ-R38"),
                       ("DQ-T22", "DQ-R26")):
        assert re.search(rf"\|{case}\|\|[^|]+\|\|{rule}\|", text), case
    assert "(accepted)" not in text


def test_dq_r17_poison_example_fails_at_once_and_keeps_the_tavern():
    states = ex.poison_example()
    log = states[-1].log
    assert any("a Poison is revealed" in line for line in log)
    assert not any(" rolls " in line for line in log)
    assert any("in the tavern" in line for line in log) and states[-1].quest_no == 2
    assert ex.rule_of("a Poison is revealed: the Quest fails at once") == "DQ-R17"


def test_death_and_artifact_examples_end_the_game():
    before, after = ex.death_example()
    assert after.is_over and after.winner == dq.LOYAL and after.pp is None
    before, after = ex.artifact_example()
    assert after.is_over and after.winner == dq.LOYAL and after.damage == before.damage


def test_every_log_line_of_the_walkthrough_quest_has_a_rule():
    quest = dq.one_quest(players=5, seed=1, number=1)
    lines = quest[-1].log[len(quest[0].log) - 1:]
    assert lines and all(ex.rule_of(line).startswith("DQ-R") for line in lines)
    assert ex.rule_of("the Battle Dog attacks: 3 Damage on the Quest card, no roll") == "DQ-R24"


def test_the_notebooks_closing_table_is_the_engines():
    """Every DQ-A row of the chapter's closing table names the flags and defaults of Rules."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    rows = {m[0]: m for m in re.findall(r"^\| (DQ-A\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|",
                                        text, flags=re.M)}
    assert sorted(rows, key=lambda i: int(i[4:])) == [f"DQ-A{n}" for n in range(1, 32)]
    flags: dict[str, list] = {}
    for info in dq.Rules.flags():
        flags.setdefault(info.rule, []).append(info)
    for aid, (_, names, _readings, default) in rows.items():
        infos = flags.get(aid, [])
        assert names.strip().strip("`").split("; ") == ([i.name for i in infos] or ["(none)"])
        if infos and all(i.choices for i in infos):
            assert default.strip() == "; ".join(str(i.default) for i in infos)


def test_ambiguity_table_cites_every_ambiguity_once():
    text = _text(ex.ambiguity_table())
    assert [int(n) for n in re.findall(r"\|DQ-A(\d+)\|", text)] == list(range(1, 32))
    assert set(ex.WHY) == {f"DQ-A{n}" for n in range(1, 32)}


# -- bad arguments are BadInput --------------------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda: ex.subdue_table(quest="Slay Nobody"),
    lambda: ex.subdue_table(totals=["7"]),
    lambda: ex.draft_table(players=9),
    lambda: ex.friendly_fire_table(weapon="axe"),
    lambda: ex.friendly_fire_table(magic="yes"),
    lambda: ex.revealed_tokens(seed=-1),
    lambda: ex.log_table([]),
    lambda: ex.rule_of(5),
    lambda: ex.arranged_quest([["sword.1"]]),
    lambda: ex.weapon_tables_table(rules="default"),
    lambda: analysis.ff_probability("random"),
    lambda: analysis.ff_probability("good", sides=2),
    lambda: analysis.ff_probability("good", black=True),
    lambda: analysis.ff_formula_value(sides=1.5),
    lambda: analysis.bag_without_return(0),
    lambda: analysis.bag_without_return(2, "random"),
    lambda: analysis.subdue_readings(*PARTY, card="Subdue 7-10"),
    lambda: analysis.subdue_readings(["Knight"], ["axe"], CARDS.quests[10]),
])
def test_chapter_helpers_refuse_bad_arguments(call):
    with pytest.raises(BadInput):
        call()
