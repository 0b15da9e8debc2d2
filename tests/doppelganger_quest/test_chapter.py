"""The chapter's formulas, examples and readings (notebooks/05_doppelganger_quest.ipynb, issue 14):
each closed form equals the engine's enumeration, each teaching table is what the engine plays."""

from __future__ import annotations

import html
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
from doppelnb.engines.doppelganger_quest import analysis, render, teaching
from doppelnb.engines.doppelganger_quest import examples as ex
from doppelnb.engines.doppelganger_quest.rules import FRIENDLY_FIRE

CARDS = dq.card_set()
NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "05_doppelganger_quest.ipynb"
PARTY = (["Knight", "Rogue", "Wizard"], ["magic_sword", "bow", "staff"])


def _text(html) -> str:
    return re.sub(r"<[^>]+>", "|", str(html))


CODE_NAMES = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # first_player_win_rate, tie_rate, ...


def code_names(shown: str) -> set[str]:
    return set(CODE_NAMES.findall(shown))


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
    assert analysis.ff_closed_form(black, white, sides) == \
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
    text = _text(ex.refusals_table())
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


def test_ambiguity_table_cites_every_ambiguity_once_with_its_flags_in_plain_words():
    text = _text(teaching.ambiguity_table())
    assert [int(n) for n in re.findall(r"\|DQ-A(\d+)\|", text)] == list(range(1, 32))
    assert set(teaching.WHY) == set(teaching.QUESTIONS) == {f"DQ-A{n}" for n in range(1, 32)}
    shown = text
    for info in dq.Rules.flags():  # the setting that picks another reading, as dq.Rules names it
        assert info.name in text
        shown = shown.replace(info.name, "")
    assert not code_names(shown), code_names(shown)  # the readings themselves are words
    changed = _text(teaching.ambiguity_table(dq.Rules(success_check="immediate")))
    assert "as soon as it is met (changed)" in changed


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
    lambda: analysis.ff_closed_form(sides=1.5),
    lambda: analysis.bag_without_return(0),
    lambda: analysis.bag_without_return(2, "random"),
    lambda: analysis.subdue_readings(*PARTY, card="Subdue 7-10"),
    lambda: analysis.subdue_readings(["Knight"], ["axe"], CARDS.quests[10]),
])
def test_chapter_helpers_refuse_bad_arguments(call):
    with pytest.raises(BadInput):
        call()


# -- the opening quest: what the chapter's prose says of it is what the engine plays (issue 25) ----
def test_the_opening_picture_is_the_doppelganger_leader_choosing_between_black_and_white():
    states = ex.spider_quest()
    moment = ex.spider_moment(states)
    seat = ex.SPIDER_DOPPELGANGER
    assert moment.loyalty[seat] == dq.DOPPEL and moment.pl == seat
    assert moment.phase == "keep" and moment.roller() == seat
    assert sorted(moment.q.drawn) == ["black", "white"]
    assert moment.q.animal_in and moment.q.card.name == "Burn the Spider Nest"


def test_what_the_chapter_says_p3_did_is_in_the_log():
    """'P3 kept black, aimed the friendly fire at P4 and kept the dog back: the quest failed.'"""
    states = ex.spider_quest()
    log = states[-1].log[len(states[0].log) - 1:]
    assert "P3 keeps and shows a black die" in log
    assert any(line.startswith("P4 (Scout) takes") and "friendly fire from P3" in line
               for line in log)
    assert not any("attacks" in line for line in log)  # the Battle Dog never attacked
    assert any(line.endswith("Burn the Spider Nest fails") for line in log)
    keeps = [a for a in states[-1].actions[len(states[0].actions) - 1:] if a[0] == "animal"]
    assert keeps and not any(a[1] for a in keeps)  # the leader kept it back when asked


def test_p3s_choices_table_keeping_the_dog_back_costs_more_than_the_black_die():
    """The prose: keeping the dog back cost the party more than the black die (exact)."""
    heroes, items, card, animal = teaching.spider_party()
    assert animal == 3 and len(heroes) == 3
    seat = ex.spider_moment().q.party.index(ex.SPIDER_DOPPELGANGER)

    def chance(die: str, dog: bool):
        policy = ["good"] * 3
        policy[seat] = "good" if die == "white" else "bad"
        dist = dq.quest_damage_distribution(heroes, items, policy, animal=animal if dog else 0)
        return dq.success_probability(dist, card)

    honest = chance("white", True)
    assert chance("white", False) < chance("black", True) < honest
    shown = _text(teaching.spider_choices_table())
    for die, dog in (("white", True), ("black", True), ("white", False), ("black", False)):
        assert f"|{chance(die, dog)}|" in shown


def test_dq_e3_mike_may_hit_anyone_but_kate():
    """The prose's answer to its prediction: after Kate hits herself and hands the rest to Mike,
    Mike may hit himself or Nate, not Kate (DQ-R31)."""
    states = ex.minotaur_pingpong()
    mike = states[2]
    assert mike.pending[:2] == ("target", 1)
    assert sorted(a[1] for a in mike.legal_actions()) == [1, 2]
    assert ex.minotaur_damage(states) == {"Kate": 1, "Mike": 1, "Nate": 2}
    trace = _text(render.pingpong_trace(states, names=["Kate", "Mike", "Nate"]))
    assert "|Kate (P1)||Kate (P1)||3||Mike (P2) (handed on after self-damage)|" in trace


def test_keeping_black_aims_friendly_fire_more_often_in_every_case_shown():
    for black, white, sides in ((2, 1, 6), (1, 2, 6), (2, 1, 8)):
        assert analysis.ff_probability("bad", black, white, sides) > \
            analysis.ff_probability("good", black, white, sides)


def test_rulebook_examples_all_agree():
    shown = _text(ex.rulebook_examples_table())
    assert [int(n) for n in re.findall(r"\|DQ-E(\d)\|", shown)] == list(range(1, 8))
    assert "|NO|" not in shown and shown.count("|yes|") == 7


def test_order_table_shows_each_reading_changes_the_order():
    shown = _text(teaching.order_table())
    assert "penalty → Darkness token → tavern" in shown            # the Poison, default
    assert "|penalty → Darkness token|" in shown                    # DQ-A8: no tavern
    assert "Darkness token → penalty → tavern" in shown            # DQ-A9
    assert "tavern → penalty → Darkness token" in shown            # DQ-A26 default
    assert shown.count("penalty → Darkness token → tavern") == 2    # DQ-A26 after the outcome


# -- pictures a class can read ----------------------------------------------------------------------
def test_the_bag_shows_the_drawn_dice_only_to_the_roller():
    """DQ-R39: the drawn pair is the roller's secret; the others see that two were drawn."""
    moment = ex.spider_moment()
    mine = str(render.table_view(moment, ex.SPIDER_DOPPELGANGER))
    public = str(render.table_view(moment))
    assert "P3 drew these: keep one" in mine and "P3 drew 2, unseen" in public
    assert ">?<" in public and "what P3 sees" in mine and "the public table" in public
    after = moment.play(("keep", "black"))
    assert "P3 shows black" in str(render.table_view(after))


def test_bag_keeps_the_drawn_dice_out_of_the_bag():
    svg = str(render.bag_svg(2, 1, drawn=("black", "white"), shown="black"))
    assert svg.count('fill="#222222"') == 2 and svg.count('fill="#ffffff"') == 1  # 1 in, 2 out
    with pytest.raises(BadInput):
        render.bag_svg(2, 1, drawn=("white", "white"))


@pytest.mark.parametrize("picture", [
    lambda: render.table_view(ex.spider_moment(), ex.SPIDER_DOPPELGANGER),
    lambda: render.tokens_svg(ex.revealed_tokens()),
    lambda: ex.setup_table(), lambda: ex.pool_table(), lambda: ex.contribute_unusable(),
    lambda: ex.log_table(ex.spider_quest()), lambda: teaching.endings_table(),
    lambda: ex.rulebook_examples_table(), lambda: teaching.order_table(),
    lambda: teaching.spider_choices_table(), lambda: teaching.subdue_readings_table(),
    lambda: teaching.animal_attacks_table(), lambda: teaching.dice_return_table(),
    lambda: teaching.bag_odds_table(), lambda: teaching.black_runs_table(),
    lambda: teaching.ff_table(), lambda: teaching.pingpong_table(),
    lambda: render.knowledge_view(ex.spider_moment(), None),
], ids=["table view", "tokens", "set-up", "pool", "contribute", "log", "endings", "examples",
        "order", "choices", "subdue", "animal", "dice", "bag", "black runs", "friendly fire",
        "ping-pong", "knowledge"])
def test_chapter_tables_and_pictures_show_no_code_names(picture):
    shown = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", str(picture()),
                                                         flags=re.S)))
    svg_text = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", str(picture())))
    assert not code_names(shown + " " + svg_text), code_names(shown + " " + svg_text)
    assert "<th style=\"border:1px solid #bbb;padding:2px 8px;text-align:left;background:#eef\">" \
           "</th>" not in str(picture())  # no empty table header


def test_token_labels_fit_their_tokens():
    svg = str(render.tokens_svg(ex.revealed_tokens()))
    words = re.findall(r"<text[^>]*font-size=\"9.5\"[^>]*>([^<]*)</text>", svg)
    assert len(words) >= 12 and "Spellbook" in words and "Damage" in words
    for line in words:
        assert len(line) <= 9 and "…" not in line  # 68 px wide, about 5.5 px a character


def test_move_labels_are_words():
    from doppelnb.widgets.stepper import move_label

    states = ex.spider_quest()
    labels = [move_label(a, b) for a, b in zip(states, states[1:], strict=False)]
    assert "P3: keeps the animal back for now" in labels and "P3: keeps the black die" in labels
    assert not any(word in label for label in labels for word in ("True", "False", "_"))


def test_balance_section_shows_the_sweeps_own_verdict_in_plain_words():
    from doppelnb.core.sweep import balance_summary

    name, metric = "doppelganger_quest_animals_in_pingpong", "win_rate_side_loyal"
    section = str(render.balance_section(name, metric))
    verdicts = re.findall(r"<p>(.*?)</p>", str(balance_summary(name, metric)), re.S)
    assert verdicts
    for sentence in verdicts:  # every sentence of the verdict, only relabelled
        assert html.escape(teaching.plain_sweep_text(html.unescape(sentence), [4])) in section
    words = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", section,
                                                           flags=re.S)))
    assert not code_names(words), code_names(words)
    assert "the loyal side's win rate" in words


def test_the_doppelganger_side_is_one_player_only_with_one_doppelganger():
    """At 4 or 5 players the one doppelgänger plays alone. Metric version 2: the loyal side's
    win is one win of its side (its own row), no longer a game "with several winners" counted
    as a tie."""
    assert teaching.metric_label("win_rate_side_doppelganger", [4]) == \
        "the doppelgänger's win rate"
    assert teaching.metric_label("win_rate_side_doppelganger", [4, 6]) == \
        "the doppelgängers' win rate"
    assert teaching.metric_label("win_rate_side_loyal", [4]) == "the loyal side's win rate"
    for players in (4, 5):
        game = dq.new_game(players, seed=1)
        assert game.loyalty.count(dq.DOPPEL) == 1


# -- the chapter itself -------------------------------------------------------------------------------
def chapter_cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def test_chapter_opens_with_a_question_and_one_picture():
    cells = chapter_cells()
    title = "".join(cells[0]["source"])
    assert title.startswith("# 5 · ") and title.splitlines()[0].endswith("?")
    assert "What you will learn" not in title and "minutes" not in title
    first_code = cells[1]
    assert first_code["cell_type"] == "code"
    assert first_code["metadata"]["jupyter"] == {"source_hidden": True}
    source = "".join(first_code["source"])
    assert "import" in source and source.strip().splitlines()[-1].startswith("render.table_view(")
    second = "".join(cells[2]["source"])
    assert "## Play a hand" in second


def test_every_count_chart_and_sweep_is_preceded_by_a_prediction():
    cells = chapter_cells()
    computed = ("subdue_table", "pingpong_trace", "ff_table", "order_table",
                "subdue_readings_table", "animal_attacks_table", "dice_return_table",
                "bag_odds_table", "black_runs_table", "spider_choices_table", "pingpong_table",
                "sabotage_games", "balance_section", "quest_stepper")
    seen = set()
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            for name in computed:
                if re.search(rf"\.{name}\(", source):
                    seen.add(name)
                    before = next("".join(c["source"]) for c in reversed(cells[:i])
                                  if c["cell_type"] == "markdown")
                    assert "Predict first" in before, source
    assert seen == set(computed)


def test_the_sweep_prose_only_points_at_the_verdict():
    """No figure of a sweep or simulation typed in prose, and no verdict of its own."""
    text = "\n".join("".join(c["source"]) for c in chapter_cells() if c["cell_type"] == "markdown")
    plain = re.sub(r"<[^>]+>", "", text)
    for word in ("settled", "not settled", "settles the", "significant"):
        assert word not in plain.replace("intervals settle", "")
    assert "multiple comparisons" in plain


def test_exercises_are_not_answered_by_a_table_above_them():
    """Exercise 1's five markers on three members, exercise 6's two black turns of three,
    exercise 7's Bag and exercise 5's eighth pick are not shown before the exercises."""
    assert (3, 5) not in teaching.PINGPONG_CASES
    runs = _text(teaching.black_runs_table())
    assert str(analysis.honest_black_probability(2, 3)) not in runs
    assert "3 black + 1 white" not in _text(teaching.ff_table())
    assert str(analysis.ff_probability("good", 3, 1)) not in _text(teaching.ff_table())
    assert "bow" not in _text(ex.setup_table()).lower()
    assert "5 players" not in _text(ex.pool_table())


def test_a_heal_in_the_log_names_the_rule_of_the_decision_behind_it():
    """'P4 heals 1' after P4's cleric ability is DQ-R26, not the tavern's DQ-R27."""
    shown = _text(ex.log_table(ex.spider_quest()))
    assert "|P4 heals 1||DQ-R26|" in shown
    assert ex.HEAL_RULES["tavern"] == "DQ-R27" and ex.HEAL_RULES["target"] == "DQ-R31"
