"""Doppelgänger (quest game), issue 11: hidden information, deadlocks, records and data, bad input.

Each defect test cites the digest id (and the rulebook line where the defect is a rule's).
"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import random

import pytest

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core.errors import BadInput as CoreBadInput
from doppelnb.core.simulate import MAX_GAMES as CORE_MAX_GAMES
from doppelnb.engines import doppelganger_quest as dq
from doppelnb.engines.doppelganger_quest import cards as dq_cards
from doppelnb.engines.doppelganger_quest.analysis import BRUTE_LIMIT
from doppelnb.engines.doppelganger_quest.players import _peeked
from doppelnb.engines.doppelganger_quest.render import bag_svg, state_html, table_svg, view_html
from doppelnb.engines.doppelganger_quest.simulation import MAX_GAMES, paired_games
from doppelnb.engines.doppelganger_quest.table import add_line

READINGS = [dq.Rules(), dq.Rules(item_pass="sequential", hand_limit_scope="always",
                                  reshuffle_items=False, limited_markers=True,
                                  ff_split=True, animals_in_pingpong=True,
                                  token_effect_scope="all_players", dice_return_to_bag=False,
                                  success_check="immediate", tavern_timing="after_outcome")]


def random_states(players, seed, rules=None, limit=400):
    """The states of a random seeded game (at most ``limit`` actions)."""
    s = dq.new_game(players, rules=rules or dq.Rules(), seed=seed)
    rng = random.Random(seed)
    out = [s]
    while not s.is_over and len(out) < limit:
        s = s.play(rng.choice(s.legal_actions()))
        out.append(s)
    return out


# -- DQ-R39: hidden information ------------------------------------------------------------------
def _knight_window(limit_games=200):
    """A state where the Knight (not the roller) decides on the roller's shown die."""
    for seed in range(limit_games):
        for s in random_states(5, seed):
            if s.phase == "knight" and len(s.q.drawn) == 2 and s.to_move != s.roller():
                return s
    raise AssertionError("no Knight window found")


def test_dq_r39_knight_window_hides_the_drawn_pair():
    """Rulebook lines 258-262 (dice drawn secretly, the other die returned) and 294-295 (the
    Knight acts after the die is shown), DQ-R39: the Knight sees the shown die, never the pair."""
    s = _knight_window()
    knight, roller = s.to_move, s.roller()
    assert s.view(knight).drawn is None
    assert s.view(None).drawn is None
    assert s.view(knight).quest.shown_die == s.q.die  # the shown die is public
    assert s.view(roller).drawn == tuple(s.q.drawn)  # the roller knows what they drew
    for seat in range(s.players):
        if seat != roller:
            assert s.view(seat).drawn is None
    # the table drawing for the Knight shows no drawn dice either
    assert "drawn, " not in str(state_html(s, knight))


def _scramble(s, player, rng):
    """``s`` with every part ``player`` may not see replaced (same sizes, same public facts)."""
    over = s.is_over
    q = s.q
    others = [p for p in range(s.players) if p != player]
    pool_seen = (player is not None and q is not None and s.pending is not None
                 and s.pending[0] == "give" and player == s.pl)
    # hidden cards: others' hands, the deck, the discards and (unless seen) the pool
    hidden = [c for p in others for c in s.hands[p]] + list(s.item_deck) + list(s.item_discard)
    if q is not None and not pool_seen:
        hidden += list(q.pool)
    rng.shuffle(hidden)
    hands = list(s.hands)
    for p in others:
        hands[p], hidden = tuple(hidden[:len(s.hands[p])]), hidden[len(s.hands[p]):]
    deck, hidden = tuple(hidden[:len(s.item_deck)]), hidden[len(s.item_deck):]
    discard, hidden = tuple(hidden[:len(s.item_discard)]), hidden[len(s.item_discard):]
    changes = {"hands": tuple(hands), "item_deck": deck, "item_discard": discard}
    if q is not None:
        newq = q if pool_seen else dataclasses.replace(q, pool=tuple(hidden))
        if q.drawn and s.roller() != player:
            newq = dataclasses.replace(newq, drawn=tuple(rng.choice(["black", "white"])
                                                         for _ in q.drawn))
        changes["q"] = newq
    if not over:
        roles = [s.loyalty[p] for p in others]
        rng.shuffle(roles)
        loyalty = list(s.loyalty)
        for p, role in zip(others, roles, strict=True):
            loyalty[p] = role
        changes["loyalty"] = tuple(loyalty)
    peeked = _peeked(s, player) if player is not None else set()
    for name in ("light", "dark"):
        row = getattr(s, name)
        hidden_at = [i for i, (_, up) in enumerate(row) if not up and (name, i) not in peeked]
        moved = [row[i][0] for i in hidden_at]
        rng.shuffle(moved)
        new_row = list(row)
        for i, token in zip(hidden_at, moved, strict=True):
            new_row[i] = (token, False)
        changes[name] = tuple(new_row)
    changes["secret_chains"] = tuple(s.secret_chains[p] if p == player else
                                     add_line(None, "something else") for p in range(s.players))
    return s._evolve(**changes)


@pytest.mark.parametrize("players,seed,rules", [(4, 1, READINGS[0]), (5, 2, READINGS[0]),
                                                (6, 3, READINGS[1]), (8, 4, READINGS[0])])
def test_dq_r39_views_show_nothing_hidden(players, seed, rules):
    """DQ-R39: at every state of random games, each player's view (and the public view) is
    unchanged when everything that player may not know is replaced."""
    rng = random.Random(seed)
    for s in random_states(players, seed, rules, limit=250):
        for player in [None, *range(players)]:
            assert s.view(player) == _scramble(s, player, rng).view(player), (player, s.phase)


def test_dq_r39_scramble_changes_what_others_would_see():
    """The scramble above really changes hidden parts (so the view test can fail)."""
    s = _knight_window()
    roller = s.roller()
    other = _scramble(s, s.to_move, random.Random(0))
    changed = [o for o in range(5) if other.view(roller) != s.view(roller)]
    assert changed or other.q.drawn != s.q.drawn or other.hands != s.hands


# -- DQ-A15: no deadlock when the Item cards run out ------------------------------------------------
def _no_items_game(players, seed):
    s = dq.new_game(players, rules=dq.Rules(reshuffle_items=False), seed=seed)
    everything = tuple(c for h in s.hands for c in h) + s.item_deck
    return s._evolve(hands=((),) * players, item_deck=(), item_discard=everything)


@pytest.mark.parametrize("players,seed", [(4, 0), (5, 1), (6, 2), (8, 3)])
def test_dq_a15_empty_pool_without_reshuffle_is_no_deadlock(players, seed):
    """DQ-A15 off (no reshuffle) and no Item card anywhere: the pool is empty, the PL hands out
    nothing and the game goes on; every state not over has a legal action."""
    s = _no_items_game(players, seed)
    assert not s.invariants()
    rng = random.Random(seed)
    for _ in range(2000):
        if s.is_over:
            break
        acts = s.legal_actions()
        assert acts, f"deadlock at {s.pending}"
        assert not s.invariants()
        s = s.play(rng.choice(acts))
    assert s.is_over and any("the pool is empty" in line for line in s.log)


# -- play() with malformed targets -----------------------------------------------------------
HOSTILE = [None, 1.5, True, "x", [1], {"a": 1}, (1,), float("nan"), 10**30]


@pytest.mark.parametrize("kind", ["target", "ff", "hand", "heal", "flip", "hero", "keep",
                                  "tavern", "rogue", "knight", "reroll", "fireball", "animal",
                                  "pass", "give", "contribute", "discard", "rage"])
@pytest.mark.parametrize("value", HOSTILE)
def test_play_refuses_malformed_arguments_with_bad_input(kind, value):
    s = dq.minotaur_example()
    before = s.to_json()
    with pytest.raises(RuleError):
        s.play((kind, value))
    assert s.to_json() == before


@pytest.mark.parametrize("action", [("target", None), ("ff", None), ("hand", None),
                                    ("heal", None), ("target", 1.0), ("target", True),
                                    ("peek", "light", None), ("peek", None, 0),
                                    ("party", [0, 1.5], False), ("party", [0, 1], "yes"),
                                    ("party", "01", False), ["target", [2]]])
def test_non_integer_targets_are_bad_input_not_type_error(action):
    """Issue 11: ``("target", None)`` raised TypeError; now BadInput naming the argument."""
    with pytest.raises(BadInput):
        dq.minotaur_example().play(action)


def test_a_boolean_is_not_a_decision_number():
    s = dq.minotaur_example()
    with pytest.raises(BadInput):
        s.play(("target", False))  # False == 0 in Python, but it is not a seat


# -- records and data files ----------------------------------------------------------------------
def _shipped_doc():
    return json.loads((pathlib.Path(dq.__file__).parent.parent.parent / "data" /
                       dq.DATA_FILE).read_text())


@pytest.mark.parametrize("value", ["/etc/passwd", "../doppelganger_quest_cards.json",
                                   "doppelganger_quest_cards", "/dev/zero", "sha256:00", 3, None])
def test_a_data_flag_never_names_a_path(value):
    with pytest.raises(BadInput):
        dq.Rules(heroes=value)


def test_a_record_naming_a_path_opens_nothing(monkeypatch, tmp_path):
    """Issue 11: a record's ``rules.heroes`` made the package read any local path."""
    target = tmp_path / "cards.json"
    target.write_text(json.dumps(_shipped_doc()))
    opened = []
    real_stat = os.stat

    def spy_stat(path, *args, **kwargs):
        opened.append(str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", spy_stat)
    rec = json.loads(dq.new_game(4, seed=1).to_json())
    for bad in (str(target), "/dev/zero", "/tmp"):
        rec["rules"]["heroes"] = bad
        with pytest.raises(BadInput):
            dq.from_json(json.dumps(rec))
    assert not [p for p in opened if "cards.json" in p or p in ("/dev/zero", "/tmp")]


def test_user_data_is_recorded_by_content_hash(tmp_path):
    doc = _shipped_doc()
    doc["quests"][0]["name"] = "Tame The Teacup Dragon"
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(doc))
    rules = dq.Rules(quests=path)
    assert rules.quests.startswith("sha256:")
    game = dq.new_game(4, rules=rules, seed=5, quests=["Tame The Teacup Dragon"])
    text = game.to_json()
    assert str(tmp_path) not in text and rules.quests in text
    assert dq.from_json(text) == game
    dq_cards.forget_data()
    with pytest.raises(BadInput, match="pass your data"):
        dq.from_json(text)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(_shipped_doc()))
    with pytest.raises(BadInput):
        dq.from_json(text, data=other)  # different content: the hash does not match
    assert dq.from_json(text, data=path).to_json() == text
    dq_cards.forget_data()
    assert dq.from_json(text, data=doc).to_json() == text  # a parsed document works too
    dq_cards.forget_data()


@pytest.mark.parametrize("section,index", [("quests", 1), ("heroes", 1), ("items", 1)])
def test_duplicate_entries_in_data_are_refused(tmp_path, section, index):
    """Issue 11: two quests of one name were accepted."""
    doc = _shipped_doc()
    entry = dict(doc[section][index])
    doc[section].append(entry)
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="repeats|unique"):
        dq.Rules(**{section: path})
    dq_cards.forget_data()


def test_a_data_string_is_only_a_shipped_name(tmp_path, monkeypatch):
    """core.data: the working directory is never searched."""
    doc = _shipped_doc()
    doc["heroes"] = []  # malformed: would break the game if it were read
    (tmp_path / dq.DATA_FILE).write_text(json.dumps(doc))
    monkeypatch.chdir(tmp_path)
    assert dq.new_game(4, seed=1).cards == dq.Rules().card_set()


# -- analyses: limits and fast paths -----------------------------------------------------------
def test_pingpong_sequences_refuses_enormous_cases_naming_the_limit():
    """Issue 11: ``pingpong_sequences(members, 25)`` ran for minutes."""
    with pytest.raises(BadInput, match=f"{dq.PINGPONG_LIMIT}") as err:
        dq.pingpong_sequences([0, 1, 2, 3], 25)
    assert "pingpong_count" in str(err.value)
    assert dq.pingpong_count(4, 25) == 4 * 3 ** 24
    # just inside the limit it lists them, and the list matches the closed form
    assert len(dq.pingpong_sequences([0, 1, 2, 3], 9)) == dq.pingpong_count(4, 9) <= \
        dq.PINGPONG_LIMIT


def test_quest_damage_distribution_brute_force_refuses_parties_over_its_limit():
    heroes = ["Knight", "Rogue", "Wizard", "Barbarian"]
    with pytest.raises(BadInput, match=str(BRUTE_LIMIT)):
        dq.quest_damage_distribution_brute_force(heroes, ["sword", "bow", "staff", "dagger"])
    assert dq.quest_damage_distribution(heroes, ["sword", "bow", "staff", "dagger"]).total > 0


# -- the bad-input table -----------------------------------------------------------------------
def _state():
    return dq.minotaur_example()


CARD = dq.Rules().card_set().quests[0]
BAD_CALLS = [
    ("new_game float", lambda: dq.new_game(10.0)),
    ("new_game bool", lambda: dq.new_game(True)),
    ("new_game str", lambda: dq.new_game("4")),
    ("new_game 9", lambda: dq.new_game(9)),
    ("new_game seed float", lambda: dq.new_game(4, seed=1.5)),
    ("new_game seed str", lambda: dq.new_game(4, seed="1")),
    ("new_game rules str", lambda: dq.new_game(4, rules="default")),
    ("new_game unknown option", lambda: dq.new_game(4, seed=1, colour="red")),
    ("new_game pl bool", lambda: dq.new_game(4, seed=1, pl=True)),
    ("new_game hands dict", lambda: dq.new_game(4, seed=1, hands={"a": 1})),
    ("new_game loyalty str", lambda: dq.new_game(4, seed=1, loyalty="loyal")),
    ("new_game quests nested", lambda: dq.new_game(4, seed=1, quests=[["x"]])),
    ("Rules bad reading", lambda: dq.Rules(item_pass=1)),
    ("Rules unknown keyword", lambda: dq.Rules(item_passing="simultaneous")),
    ("Rules too many", lambda: dq.Rules(*range(60))),
    ("Rules unknown flag", lambda: dq.Rules.from_dict({"nope": 1})),
    ("hand_size", lambda: dq.hand_size(4.0)),
    ("loyalty_split", lambda: dq.loyalty_split(None)),
    ("draft_weapon", lambda: dq.draft_weapon(1.5)),
    ("draft_weapon 0", lambda: dq.draft_weapon(0)),
    ("is_friendly_fire colour", lambda: dq.is_friendly_fire("red", 1)),
    ("is_friendly_fire face", lambda: dq.is_friendly_fire("white", 0)),
    ("weapon_result cards", lambda: dq.weapon_result(None, "sword", False, "white", 1)),
    ("weapon_result weapon", lambda: dq.weapon_result(dq.card_set(), "axe", False, "white", 1)),
    ("weapon_result face", lambda: dq.weapon_result(dq.card_set(), "sword", False, "white", 99)),
    ("pingpong members int", lambda: dq.pingpong_sequences(5, 2)),
    ("pingpong members dup", lambda: dq.pingpong_sequences([1, 1], 2)),
    ("pingpong units str", lambda: dq.pingpong_sequences([0, 1], "a")),
    ("pingpong units neg", lambda: dq.pingpong_sequences([0, 1], -1)),
    ("pingpong_count", lambda: dq.pingpong_count(4.0, 2)),
    ("bag str", lambda: dq.bag_white_probability("a")),
    ("bag negative draw", lambda: dq.bag_white_probability(2, 1, -1)),
    ("bag overdraw", lambda: dq.bag_white_probability(2, 1, 4)),
    ("bag enormous", lambda: dq.bag_white_probability(10**9, 1, 2)),
    ("bag_draw_distribution", lambda: dq.bag_draw_distribution(2, None)),
    ("honest_black turns", lambda: dq.honest_black_probability(1, 10**9)),
    ("honest_black shown", lambda: dq.honest_black_probability(-1, 3)),
    ("member hero", lambda: dq.member_damage_distribution(None, None)),
    ("member unknown hero", lambda: dq.member_damage_distribution("Nobody", "sword")),
    ("member policy", lambda: dq.member_damage_distribution("Knight", "sword", "best")),
    ("member bag", lambda: dq.member_damage_distribution("Knight", "sword", bag=(2,))),
    ("member item", lambda: dq.member_damage_distribution("Knight", 5)),
    ("quest heroes", lambda: dq.quest_damage_distribution(3, None)),
    ("quest lengths", lambda: dq.quest_damage_distribution(["Knight"], [])),
    ("quest animal", lambda: dq.quest_damage_distribution(["Knight"], ["sword"], animal=1.5)),
    ("quest rules", lambda: dq.quest_damage_distribution(["Knight"], ["sword"], rules={})),
    ("brute policy list", lambda: dq.quest_damage_distribution_brute_force(["Knight"], ["sword"], ["good", "x"])),
    ("success dist", lambda: dq.success_probability(None, CARD)),
    ("success card", lambda: dq.success_probability(
        dq.quest_damage_distribution(["Knight"], ["sword"]), "Minotaur")),
    ("sabotage index", lambda: dq.sabotage_report(["Knight"], ["sword"], 5, CARD)),
    ("sabotage float", lambda: dq.sabotage_report(["Knight"], ["sword"], 0.0, CARD)),
    ("simulate players", lambda: dq.simulate(1, players=4.0)),
    ("simulate games", lambda: dq.simulate(0)),
    ("simulate enormous", lambda: dq.simulate(CORE_MAX_GAMES + 1)),
    ("simulate seed", lambda: dq.simulate(1, seed=-1)),
    ("simulate policy", lambda: dq.simulate(1, policy=dq.simple_policy)),
    ("simulate policy name", lambda: dq.simulate(1, policy="best")),
    ("simulate rules", lambda: dq.simulate(1, rules={})),
    ("paired policy", lambda: paired_games(4, 1, {"x": "greedy"})),
    ("paired games", lambda: paired_games(4, MAX_GAMES + 1, {"x": dq.simple_policy})),
    ("balance_study", lambda: dq.balance_study([3], 1)),
    ("balance_table", lambda: dq.balance_table([{"players": 4}])),
    ("one_quest number", lambda: dq.one_quest(4, 1, 0)),
    ("one_quest players", lambda: dq.one_quest(3)),
    ("simple_policy state", lambda: dq.simple_policy(None, random.Random(0))),
    ("simple_policy rng", lambda: dq.simple_policy(_state(), 5)),
    ("card_set", lambda: dq.card_set(heroes=5)),
    ("card_set path str", lambda: dq.card_set(quests="/etc/hosts")),
    ("register_data", lambda: dq.register_data(42)),
    ("from_json nested", lambda: dq.from_json("[" * 100_000 + "]" * 100_000)),
    ("from_json bytes", lambda: dq.from_json(b"\xff\xfe")),
    ("from_json data", lambda: dq.from_json(_state().to_json(), data=3)),
    ("view float", lambda: _state().view(1.5)),
    ("view bool", lambda: _state().view(True)),
    ("view range", lambda: _state().view(9)),
    ("seat_order", lambda: _state().seat_order("a")),
    ("turn_order", lambda: _state().turn_order(5)),
    ("turn_order seat", lambda: _state().turn_order([0, 7])),
    ("hero", lambda: _state().hero(None)),
    ("hero before draft", lambda: dq.new_game(4, seed=1).hero(0)),
    ("hp_left", lambda: _state().hp_left(99)),
    ("ability_holder", lambda: _state().ability_holder(3)),
    ("play int", lambda: _state().play(42)),
    ("play dict", lambda: _state().play({"target": 1})),
    ("play empty", lambda: _state().play(())),
    ("play unhashable", lambda: _state().play([["target"], 1])),
    ("table_svg viewer", lambda: table_svg(_state(), 1.5)),
    ("state_html viewer", lambda: state_html(_state(), 9)),
    ("view_html", lambda: view_html(None, 0)),
    ("bag_svg", lambda: bag_svg(10**9)),
    ("bag_svg drawn", lambda: bag_svg(drawn=("red",))),
]


@pytest.mark.parametrize("name,call", BAD_CALLS, ids=[n for n, _ in BAD_CALLS])
def test_every_public_function_refuses_hostile_input_with_bad_input(name, call):
    with pytest.raises(CoreBadInput) as err:
        call()
    assert err.value.reason  # one plain sentence


def test_illegal_but_well_formed_actions_stay_illegal_action():
    s = dq.minotaur_example()
    with pytest.raises(IllegalAction):
        s.play(("target", 3))  # P4 was not on the Quest (DQ-R32)
    with pytest.raises(IllegalAction):
        s.play(("party", (0, 9), False))


# -- invariants and the package surface ------------------------------------------------------------
@pytest.mark.parametrize("players", dq.PLAYER_COUNTS)
@pytest.mark.parametrize("rules", READINGS, ids=["default", "variants"])
def test_invariants_hold_in_random_games(players, rules):
    for seed in range(3):
        for s in random_states(players, seed, rules):
            assert s.invariants() == (), (seed, s.phase)


def test_invariants_name_what_is_broken():
    s = dq.minotaur_example()
    doubled = s._evolve(item_deck=s.item_deck + s.item_deck[:1])
    assert any("item cards" in text for text in doubled.invariants())
    hurt = s._evolve(damage=(-1,) + s.damage[1:])
    assert any("damage" in text for text in hurt.invariants())
    stuck = s._evolve(pending=("give", 0), q=dataclasses.replace(s.q, pool=()))
    assert any("nobody can act" in text for text in stuck.invariants())


def test_player_counts_are_exported():
    assert dq.PLAYER_COUNTS == (4, 5, 6, 7, 8)
    for n in dq.PLAYER_COUNTS:
        assert dq.new_game(n, seed=0).players == n
