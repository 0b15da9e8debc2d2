"""The rulebook's worked examples as ready states, and the seeded golden cases.

- :func:`minotaur_example`: DQ-E3, the Minotaur Quest failed by three Fireballs and the
  4-Damage penalty ping-ponged from the Party Leader.
- ``GOLDEN``: seeded random games (one per main reading) whose records and transcripts are
  stored in ``tests/golden/doppelganger_quest/`` by ``tools/golden.py``.
- :func:`rulebook_examples_table` (DQ-E1..E7 recomputed, with agreement) and
  :func:`refusals_table` (refused moves with rule and reason), as in every engine's examples.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.chance import rng_for
from ...core.checks import check_instance, check_int, check_sequence, check_str, show
from ...core.errors import BadInput, RuleError
from ...core.record import GoldenCase
from ...core.render import Html, table
from .actions import PENDING as _PENDING
from .actions import Contribute
from .notation import PLAYER_COUNTS
from .players import simple_policy
from .rules import DOPPEL, LOYAL, Rules, draft_weapon, is_friendly_fire, weapon_result
from .state import State, new_game

MINOTAUR = "Escape The Bloodthirsty Minotaur"
KATE, MIKE, NATE = 0, 1, 2


def minotaur_example(rules: Rules | None = None) -> State:
    """DQ-E3 arranged as a real game: Kate (P1, Party Leader, Knight), Mike (P2, Rogue) and
    Nate (P3, Wizard) go on the Minotaur Quest (10 or more damage); each casts a Fireball for
    3, total 9, so the Quest fails and Kate must ping-pong the 4-Damage penalty.

    Returns the state where Kate holds the four penalty markers (``pending`` is her first
    ``target``). The whole game replays from its JSON record.

    >>> s = minotaur_example()
    >>> s.q.damage, s.q.outcome, s.pending[:2]
    (9, 'failure', ('target', 0))
    """
    rules = check_instance(Rules() if rules is None else rules, "rules", Rules)
    s = new_game(4, rules=rules, seed=2024, pl=KATE, quests=[MINOTAUR],
                 loyalty=[LOYAL, LOYAL, LOYAL, DOPPEL],
                 hands=[["fireball.1", "dagger.1", "dagger.2", "dagger.3"],
                        ["fireball.2", "dagger.4", "dagger.5", "dagger.6"],
                        ["fireball.3", "dagger.7", "dagger.8", "dagger.9"],
                        ["sword.1", "sword.2", "sword.3", "sword.4"]],
                 deck_top=["bless.1", "bless.2"])
    script: list[tuple[Any, ...]] = [("hero", "Knight"), ("hero", "Rogue"), ("hero", "Wizard"), ("hero", "Barbarian"),
              ("pass", "dagger.1"), ("pass", "dagger.4"), ("pass", "dagger.7"),
              ("pass", "sword.1"), ("party", (KATE, MIKE, NATE), False),
              ("contribute", "fireball.2"), ("contribute", "fireball.3"),
              ("contribute", "fireball.1"), ("rogue", True),
              ("give", "fireball.2"), ("give", "fireball.3"), ("give", "fireball.1"),
              ("fireball", True), ("fireball", True), ("fireball", True), ("decline",),
              ("tavern", "reroll")]
    for action in script:
        s = s.play(action)
    return s


#: A whole Quest game is long; its golden files were written cut at 90 actions (not the core
#: default of 300), and every case keeps that cut so the stored records stay the same.
GOLDEN_ACTIONS = 90

#: The golden games: the default reading at 4, 5 and 8 players, and the main variant readings.
GOLDEN: tuple[GoldenCase, ...] = (
    GoldenCase("default_4p", 4, 11, policy_seed=1, max_actions=GOLDEN_ACTIONS),
    GoldenCase("default_5p", 5, 12, policy_seed=2, max_actions=GOLDEN_ACTIONS),
    GoldenCase("default_8p", 8, 13, policy_seed=3, max_actions=GOLDEN_ACTIONS),
    GoldenCase("sequential_pass_always_limit_6p", 6, 14,
               {"item_pass": "sequential", "hand_limit_scope": "always"}, policy_seed=4,
               max_actions=GOLDEN_ACTIONS),
    GoldenCase("no_reshuffle_limited_markers_5p", 5, 15,
               {"reshuffle_items": False, "limited_markers": True, "ff_split": True},
               policy_seed=5, max_actions=GOLDEN_ACTIONS),
    GoldenCase("immediate_success_after_tavern_7p", 7, 16,
               {"success_check": "immediate", "tavern_timing": "after_outcome",
                "failure_order": "flip_then_penalty"}, policy_seed=6, max_actions=GOLDEN_ACTIONS),
    GoldenCase("minotaur_quest_first_4p", 4, 2024, {},
               {"pl": 0, "quests": ["Escape The Bloodthirsty Minotaur"],
                "loyalty": [LOYAL, LOYAL, LOYAL, DOPPEL]}, policy_seed=7,
               max_actions=GOLDEN_ACTIONS),
)


# -- teaching scenarios for the chapter (notebooks/05_doppelganger_quest.ipynb) ------------------
# Every table below is computed by playing the engine; nothing is typed in by hand.
FOUR_HEROES = ("Knight", "Rogue", "Wizard", "Barbarian")


def arranged_quest(hands: Sequence[Sequence[str]], *, quest: str = "Hold the Bridge",
                   party: Sequence[int] = (0, 1, 2), heroes: Sequence[str] = FOUR_HEROES,
                   contribute: Mapping[int, str] | None = None,
                   gives: Sequence[str] | None = None,
                   deck_top: Sequence[str] = ("bless.1", "bless.2"), animal: bool = False,
                   rogue: bool = True, seed: int = 11, rules: Rules | None = None,
                   **options: Any) -> State:
    """A 4-player game (P1 leads, P4 the Doppelgänger) arranged up to the PL's hand-out.

    ``hands`` are the four starting hands (each passes its last card), ``contribute`` the card
    each quest member throws in (default: their first), ``gives`` the cards the PL hands out in
    turn order (default: stop when the PL is to hand out).
    """
    check_sequence(hands, "hands", min_len=4, max_len=4)
    rules = check_instance(Rules() if rules is None else rules, "rules", Rules)
    s = new_game(4, rules=rules, seed=seed, pl=0, quests=[quest], hands=[list(h) for h in hands],
                 deck_top=list(deck_top), loyalty=[LOYAL, LOYAL, LOYAL, DOPPEL], **options)
    for h in heroes:
        s = s.play(("hero", h))
    for hand in hands:
        s = s.play(("pass", hand[-1]))
    s = s.play(("party", tuple(party), animal))
    while s.phase == "contribute":
        seat = int(s.pending[1]) if s.pending else 0
        s = s.play(("contribute", (contribute or {}).get(seat, s.hands[seat][0])))
    if s.phase == "rogue":
        s = s.play(("rogue", rogue))
    for card in gives or ():
        s = s.play(("give", card))
    return s


def first_legal(state: State, rng: Any = None) -> Any:
    """The first legal action (a plain, repeatable way to move a scenario along)."""
    return state.legal_actions()[0]


def play_while(state: State, keep_going: Any, policy: Any = first_legal) -> list[State]:
    """The states from ``state`` on, playing ``policy`` while ``keep_going(state)`` holds."""
    out = [state]
    while not out[-1].is_over and keep_going(out[-1]):
        out.append(out[-1].play(policy(out[-1], None)))
    return out


def drafted(players: int = 5, seed: int = 1) -> State:
    """A seeded game right after the draft (DQ-R3): the first Quest is revealed, hands are dealt."""
    s = new_game(players, seed=seed)
    while s.phase == "draft":
        s = s.play(first_legal(s))
    return s


def setup_table() -> Html:
    """DQ-R1, R3, R6, R7, R10 by player count, read off a freshly dealt game of each size."""
    rows = []
    for n in PLAYER_COUNTS:
        s = drafted(n, seed=n)
        animal = f"{s.animal[0]} ({s.animal[1]} Damage, {s.animal[2]} hit points)" \
            if s.animal else "none"
        rows.append([n, s.loyalty.count(DOPPEL), s.loyalty.count(LOYAL),
                     len(s.hands[0]), animal])
    # (the draft order is DQ-E5's table; exercise 5 asks for an eighth pick)
    return table(["players", "doppelgängers", "loyal", "Item cards each", "animal"], rows,
                 caption="the set-up of a freshly dealt game of each size, after the draft")


def weapon_tables_table(rules: Rules | None = None) -> Html:
    """The GOOD (white) and CURSED (black) rows of each weapon reference card (DQ-R4, DQ-A2)."""
    cards = check_instance(Rules() if rules is None else rules, "rules", Rules).card_set()
    rows = []
    for weapon, good, cursed, auto in cards.tables:
        ff_w = [f"{v}*" if f == 1 else str(v) for f, v in enumerate(good, 1)]
        ff_b = [f"{v}*" if f <= 3 else str(v) for f, v in enumerate(cursed, 1)]
        rows.append([weapon, "GOOD (white)", *ff_w, auto or ""])
        rows.append([weapon, "CURSED (black)", *ff_b, auto or ""])
    faces = [f"face {f}" for f in range(1, cards.sides + 1)]
    return table(["weapon", "side", *faces, "automatic"], rows,
                 caption="Damage by face (illustrative data, DQ-A2); * = friendly fire (DQ-R25)")


def usability_table(rules: Rules | None = None) -> Html:
    """Who can use which item kind (DQ-R18), asked of each item kind of the card data."""
    cards = check_instance(Rules() if rules is None else rules, "rules", Rules).card_set()
    rows = [[k.name, k.count, k.type, *("yes" if k.usable_by(w) else "no" for w in
                                         ("sword", "bow", "staff")),
             k.text or ("roll on its weapon table" if k.type == "weapon" else "")]
            for k in cards.items]
    return table(["item", "cards", "type", "Sword hero", "Bow hero", "Staff hero", "what it does"],
                 rows,
                 caption="DQ-R18: usable by (Magic weapons count as the plain ones, +1 Damage)")


def subdue_table(quest: str = "Subdue the Runaway Golem", totals: Sequence[int] = range(5, 13),
                 rules: Rules | None = None) -> Html:
    """DQ-E1: which totals make a Subdue Quest succeed (``QuestCard.succeeds``)."""
    cards = check_instance(Rules() if rules is None else rules, "rules", Rules).card_set()
    card = next((c for c in cards.quests if c.name == quest), None)
    if card is None:
        raise BadInput("DQ-A3", f"there is no Quest called {show(quest)}")
    rows = [[t, "success" if card.succeeds(t) else "failure"]
            for t in check_sequence(list(totals), "totals", min_len=1, max_len=100,
                                    item=lambda v, n: check_int(v, n, 0, 1000))]
    return table(["total Damage", "verdict"], rows, caption=f"{card.name} ({card.requirement})")


def unusable_position() -> State:
    """DQ-E2's position: P1, a Sword hero holding only Bows, is to put an item in."""
    bows = [["bow.1", "bow.2", "bow.3", "bow.4"], ["dagger.1", "dagger.2", "dagger.3", "dagger.4"],
            ["sword.1", "sword.2", "sword.3", "sword.4"], ["bow.5", "staff.2", "staff.3", "staff.4"]]
    s = new_game(4, seed=3, pl=0, hands=bows, loyalty=[LOYAL] * 3 + [DOPPEL])
    for h in FOUR_HEROES:
        s = s.play(("hero", h))
    for seat in range(4):
        s = s.play(("pass", s.hands[seat][0]))
    s = s.play(("party", (0, 1), False))
    return play_while(s, lambda x: x.to_move != 0 or x.phase != "contribute")[-1]


def contribute_unusable() -> Html:
    """DQ-E2: a Sword hero holding only Bows; the engine offers (and takes) a Bow."""
    s = unusable_position()
    offered = [s.cards.card_name(a.card) for a in s.legal_actions() if isinstance(a, Contribute)]
    after = s.play(s.legal_actions()[0])
    hero = s.hero(0)
    what = _PENDING.get(after.phase, ("", after.phase))[1]
    nxt = f"P{after.to_move + 1} must {what}" if after.to_move is not None else after.phase
    return table(["P1's hero", "weapon", "hand", "what the engine lets P1 put in", "after"],
                 [[hero.name, hero.weapon, ", ".join(s.cards.card_name(c) for c in s.hands[0]),
                   ", ".join(offered), f"P1 puts in {offered[0]}; next, {nxt}"]],
                 caption="DQ-E2: an unusable item may (must) be put in")


def _pool_row(label: str, s: State) -> list[Any]:
    """Counts of one Quest's pool, from the state where the PL is to hand it out."""
    q = s.q
    assert q is not None
    contributed, given = len(q.contributed), len(q.party)
    after = len(q.pool)
    discarded = len(s.item_discard)
    done = play_while(s, lambda x: x.phase == "give")[-1]
    assert done.q is not None
    left = len(done.item_discard) - discarded
    return [label, contributed, 2, contributed + 2, after, len(done.q.given), left, given]


def pool_table() -> Html:
    """DQ-E4 and DQ-T5: the pool's size at each step of DQ-R16, counted in real games."""
    rows = [[label, *counts] for label, counts in pool_counts().items()]
    return table(["party", "contributed", "drawn", "pool", "after the random discard",
                  "handed out", "discarded unseen at the end"], rows,
                 caption="DQ-R16 counted in arranged games (DQ-E4, DQ-T5, the Rogue of DQ-R26)")


def draft_table(players: int = 7, seed: int = 5) -> Html:
    """DQ-E5: the draft of a seeded game, pick by pick, with the weapon each pick must carry."""
    players = check_int(players, "players", 4, 8)
    s = new_game(players, seed=seed)
    rows = []
    k = 1
    while s.phase == "draft":
        seat = int(s.pending[1]) if s.pending else 0
        s = s.play(s.legal_actions()[-1])
        rows.append([k, f"P{seat + 1}", draft_weapon(k), s.hero(seat).name, s.hero(seat).weapon])
        k += 1
    return table(["pick", "seat", "must carry", "hero taken", "its weapon"], rows,
                 caption=f"DQ-E5: the draft of a {players}-player game, Party Leader first")


def friendly_fire_table(weapon: str = "bow", magic: bool = True, bless: int = 1,
                        rules: Rules | None = None) -> Html:
    """DQ-E6: every roll of one weapon, where its Damage goes (``weapon_result``)."""
    cards = check_instance(Rules() if rules is None else rules, "rules", Rules).card_set()
    rows = []
    for colour in ("white", "black"):
        for face in range(1, cards.sides + 1):
            to_quest, to_member = weapon_result(cards, weapon, magic, colour, face, bless)
            rows.append([colour, face, "yes" if is_friendly_fire(colour, face) else "no",
                         to_quest, to_member])
    name = ("Magic " if magic else "") + weapon.capitalize()
    return table(["die", "face", "friendly fire?", "Damage on the Quest card",
                  "Damage to a quest member"], rows,
                 caption=f"DQ-E6: a {name} with {bless} Blessing(s) in play (illustrative table)")


def exhaustion_table(seed: int = 8) -> Html:
    """DQ-E7: P1 goes on Quests 1 and 2, rests on 3, goes on 4 (simple policies otherwise)."""
    rows = [[n, "on the Quest" if on else "in the tavern", hits, "yes" if mark else "no"]
            for n, on, hits, mark in exhaustion_rows(check_int(seed, "seed", 0))]
    return table(["Quest", "P1 is", "exhaustion Damage P1 took", "P1's marker at the end"], rows,
                 caption="DQ-E7, played by the engine (seeded game, P1 leads Quest 1)")


def poison_example(rules: Rules | None = None) -> list[State]:
    """DQ-R17 / DQ-T6: the PL hands a Poison to P1; states until the next Quest is revealed
    (under ``rules``: the readings of DQ-A8, DQ-A9 and DQ-A26 change the order of events)."""
    hands = [["poison.1", "sword.1", "sword.2", "sword.3"], ["bow.1", "bow.2", "bow.3", "bow.4"],
             ["staff.1", "staff.2", "staff.3", "staff.4"],
             ["dagger.1", "dagger.2", "dagger.3", "dagger.4"]]
    s = arranged_quest(hands, party=(0, 1), heroes=("Knight", "Scout", "Wizard", "Barbarian"),
                       contribute={0: "poison.1", 1: "bow.1"}, rules=rules)
    gave = s.play(("give", "poison.1"))
    rest = gave.q.pool[0] if gave.q is not None and gave.q.pool else ""
    return [s, gave] + play_while(gave.play(("give", rest)), lambda x: x.quest_no == 1)


LOG_RULES: tuple[tuple[str, str], ...] = (
    ("leads and reveals", "DQ-R12"), ("passes one Item card", "DQ-R13"), ("party:", "DQ-R14"),
    ("Rogue's ability", "DQ-R26"), ("after the random discard", "DQ-R16"),
    ("receives", "DQ-R16"), ("Poison", "DQ-R17"), ("takes effect", "DQ-R19"),
    ("casts", "DQ-R19"), ("takes no action", "DQ-R21"), ("keeps and shows", "DQ-R21"),
    ("Knight turns", "DQ-R26"), ("Re-roll marker and rolls", "DQ-R38"), (" rolls ", "DQ-R21"),
    ("automatic damage", "DQ-R25"), ("friendly fire", "DQ-R25"), ("attacks", "DQ-R24"),
    ("Damage on the Quest card", "DQ-R22"), ("passes:", "DQ-R23"),
    ("rages", "DQ-R26"), ("in the tavern", "DQ-R27"), ("succeeds", "DQ-R28"),
    ("fails", "DQ-R28"), ("distributes", "DQ-R31"), ("(ping-pong)", "DQ-R31"),
    ("(exhaustion)", "DQ-R33"), ("flips Light", "DQ-R29"), ("flips Darkness", "DQ-R30"),
    ("peeks", "DQ-R11"), ("died", "DQ-R36"), ("artifact", "DQ-R37"), ("heals", "DQ-R27"),
    ("gains a Re-roll", "DQ-R29"), ("draws a reward", "DQ-R29"))


def rule_of(line: str) -> str:
    """The digest rule a log line of the engine carries out (best match, '' if none)."""
    check_str(line, "line", max_len=10_000)
    return next((rule for key, rule in LOG_RULES if key in line), "")


#: "P4 heals 1" is the same line whoever heals: the decision that led to it names the rule.
HEAL_RULES = {"heal": "DQ-R26", "tavern": "DQ-R27", "target": "DQ-R31"}


def log_table(states: Sequence[State], caption: str = "") -> Html:
    """The public events between the first and last of ``states``, each with its rule id (a heal
    by the decision that caused it: a cleric's ability, the tavern, a shared Heal, an Elixir)."""
    states = check_sequence(states, "states", min_len=1, max_len=100_000)
    first, last = states[0].log, states[-1].log
    causes: dict[int, str] = {}
    for before, after in zip(states, states[1:], strict=False):
        if len(after.actions) == len(before.actions) + 1:
            for index in range(len(before.log), len(after.log)):
                causes[index] = str(after.actions[-1][0])
    rows: list[list[Any]] = []
    for index in range(len(first) - 1, len(last)):
        line = last[index]
        rule = rule_of(line)
        if " heals " in line:
            rule = HEAL_RULES.get(causes.get(index, ""), "DQ-R21")
        rows.append([len(rows) + 1, line, rule])
    return table(["#", "event (the engine's log)", "rule"], rows, caption=caption or None)


def _try(state: State, action: Any) -> list[str]:
    try:
        state.play(action)
    except RuleError as err:
        return [err.rule, err.reason]
    return ["", "(accepted)"]


def refusals_table() -> Html:
    """Edge cases (DQ-T3, T4, T10, T11, T16, T20, T22): what the engine refuses, and why."""
    rows = []
    s = new_game(8, seed=2)
    rows.append(["DQ-T3", "the first pick takes the Rogue (a Bow hero)", *_try(s, ("hero", "Rogue"))])
    party = play_while(new_game(4, seed=4, pl=0), lambda x: x.phase != "party")[-1]
    rows.append(["DQ-T4", "the Party Leader goes alone", *_try(party, ("party", (0,), False))])
    rows.append(["DQ-T4", "the Party Leader takes only the War Bear",
                 *_try(party, ("party", (0,), True))])
    rows.append(["DQ-R14", "a party without the Party Leader",
                 *_try(party, ("party", (1, 2), False))])
    m = minotaur_example()
    rows.append(["DQ-T10", "Kate damages Mike, then hands the rest to Nate",
                 *_try(m.play(("target", MIKE)), ("hand", NATE))])
    rows.append(["DQ-T11", "Kate damages herself, Nate then damages Kate",
                 *_try(m.play(("target", KATE)).play(("hand", NATE)), ("target", KATE))])
    rows.append(["DQ-R31", "Kate damages Mike, Mike damages Mike",
                 *_try(m.play(("target", MIKE)), ("target", MIKE))])
    rows.append(["DQ-T20", "Kate gives a Re-roll marker to Mike", *_try(m, ("give_reroll", MIKE))])
    tavern = next(st for st in m.history() if st.phase == "tavern")
    seat = tavern.to_move if tavern.to_move is not None else 3
    full = tavern._evolve(hands=tavern.hands[:seat] + (tavern.hands[seat] + tavern.item_deck[:1],)
                          + tavern.hands[seat + 1:], item_deck=tavern.item_deck[1:])
    rows.append(["DQ-T16", f"P{seat + 1} in the tavern with 5 cards draws",
                 *_try(full, ("tavern", "draw"))])
    rows.append(["DQ-R27", f"P{seat + 1} in the tavern heals with no Damage",
                 *_try(tavern, ("tavern", "heal"))])
    knight = _knight_used()
    rows.append(["DQ-T22", "the Knight, having used the ability, uses it again on Kate's die",
                 *_try(knight, ("knight", True))])
    return table(["case", "tried", "rule", "the engine's sentence"], rows,
                 caption="each refusal names its rule in one sentence; nothing changes")


def _knight_used() -> State:
    hands = [["dagger.1", "dagger.2", "dagger.3", "dagger.4"],
             ["dagger.5", "dagger.6", "dagger.7", "dagger.8"],
             ["staff.1", "staff.2", "staff.3", "staff.4"], ["sword.1", "sword.2", "sword.3",
                                                            "sword.4"]]
    s = arranged_quest(hands, quest="Seal the Demon Gate", party=(0, 1),
                       deck_top=("dagger.9", "bow.1"), contribute={0: "dagger.1", 1: "dagger.5"},
                       gives=["dagger.5", "dagger.1"])
    s = s.play(s.legal_actions()[0]).play(("knight", True))  # Mike shows a die; the Knight acts
    return play_while(s, lambda x: x.to_move != 0 or x.phase != "keep")[-1]


def rulebook_examples_table() -> Html:
    """DQ-E1..DQ-E7: what the rulebook's example says, what the engine computes, and whether
    they agree (each recomputed here by playing or asking the engine)."""
    from ... import rulebook

    cards = Rules().card_set()
    rows: list[tuple[str, str, bool]] = []

    golem = next(c for c in cards.quests if (c.low, c.high) == (7, 10))
    wins = [t for t in range(0, 16) if golem.succeeds(t)]
    rows.append(("DQ-E1", f"{golem.name}: totals {wins[0]} to {wins[-1]} succeed, "
                 f"{wins[0] - 1} and {wins[-1] + 1} fail", wins == list(range(7, 11))))

    offered, hero = _unusable_offer()
    bows = all(cards.item(c).weapon == "bow" for c in offered)
    rows.append(("DQ-E2", f"the {hero} (Sword) may put in "
                 f"{', '.join(cards.card_name(c) for c in offered)}", bows and bool(offered)))

    damage = minotaur_damage()
    rows.append(("DQ-E3", ", ".join(f"{k} {v}" for k, v in damage.items()),
                 damage == {"Kate": 1, "Mike": 1, "Nate": 2}))

    pools = pool_counts()
    three, bear = pools["3 players"], pools["2 players + War Bear"]
    rows.append(("DQ-E4", f"3 members: {three[2]} cards, {three[3]} after the random discard, "
                 f"{three[4]} handed out, {three[5]} left; 2 members and the War Bear: "
                 f"{bear[2]}, {bear[3]}, {bear[4]}, {bear[5]}",
                 three[2:] == [5, 4, 3, 1] and bear[2:] == [4, 3, 2, 1]))

    picks = [draft_weapon(k) for k in range(1, 8)]
    rows.append(("DQ-E5", ", ".join(picks),
                 picks == ["sword", "bow", "staff", "sword", "bow", "staff", "sword"]))

    ff = [is_friendly_fire("white", 1), is_friendly_fire("black", 3),
          not is_friendly_fire("white", 2), not is_friendly_fire("black", 4)]
    table_one = cards.table("bow")[1][0]
    magic = weapon_result(cards, "bow", True, "white", 1, 1)
    staff = weapon_result(cards, "staff", False, "black", 1, 0)
    rows.append(("DQ-E6", f"white 1 and black 1-3 hit a member; a Magic Bow's white 1 hits for "
                 f"{magic[1]} (table {table_one}, +1 Magic, no Blessing); a Staff's automatic "
                 f"{staff[0]} still hits the Quest",
                 all(ff) and magic == (0, table_one + 1) and staff[0] >= 1))

    exhaustion = exhaustion_rows()
    taken = ", ".join(str(h) if on else "-" for _, on, h, _ in exhaustion)
    marked = ", ".join("yes" if m else "no" for *_, m in exhaustion)
    rows.append(("DQ-E7", f"exhaustion Damage {taken}; marker {marked}",
                 [(h if on else None, m) for _, on, h, m in exhaustion] ==
                 [(0, True), (1, True), (None, False), (0, True)]))
    body = [[ident, rulebook.lookup(ident).text, got, "yes" if ok else "NO"]
            for ident, got, ok in rows]
    return table(["example", "the rulebook says", "the engine computes", "agree?"], body,
                 caption="the rulebook's worked examples, recomputed")


def _unusable_offer() -> tuple[list[str], str]:
    """DQ-E2's position: the cards the engine lets P1 (a Sword hero holding only Bows) put in."""
    s = unusable_position()
    return [a.card for a in s.legal_actions() if isinstance(a, Contribute)], s.hero(0).name


def death_example() -> tuple[State, State]:
    """DQ-T13 / DQ-R36: Nate (a Doppelgänger here) has 1 hit point left when Kate's first
    penalty marker falls on him. Returns (before, after)."""
    s = minotaur_example()
    hp = s.hero(NATE).hp
    s = s._evolve(loyalty=(LOYAL, LOYAL, DOPPEL, LOYAL), damage=(0, 0, hp - 1, 0))
    return s, s.play(("target", NATE))


def artifact_example() -> tuple[State, State]:
    """DQ-T14 / DQ-R37: two Light artifacts are up; the PL flips the third after a success."""
    hands = [["fireball.1", "dagger.1", "dagger.2", "dagger.3"],
             ["fireball.2", "dagger.4", "dagger.5", "dagger.6"],
             ["fireball.3", "dagger.7", "dagger.8", "dagger.9"],
             ["sword.1", "sword.2", "sword.3", "sword.4"]]
    s = arranged_quest(hands, contribute={0: "fireball.1", 1: "fireball.2", 2: "fireball.3"},
                       gives=["fireball.2", "fireball.3", "fireball.1"],
                       light=["amulet", "scepter", "spellbook", "blank", "heal2", "peek"])
    s = play_while(s, lambda x: x.phase != "flip")[-1]
    s = s._evolve(light=(("amulet", True), ("scepter", True)) + s.light[2:],
                  exhausted=(True, True, True, False))
    return s, s.play(("flip", 2))


def unusable_example() -> list[State]:
    """DQ-T17: the Rogue (Bow) is handed a Sword: no roll, the bag passes on to the Knight."""
    hands = [["sword.1", "sword.2", "sword.3", "sword.4"],
             ["sword.5", "sword.6", "bow.1", "bow.2"],
             ["staff.1", "staff.2", "staff.3", "staff.4"],
             ["dagger.1", "dagger.2", "dagger.3", "dagger.4"]]
    s = arranged_quest(hands, quest="Escape The Bloodthirsty Minotaur", party=(0, 1),
                       contribute={0: "sword.1", 1: "sword.5"})
    gave = s.play(("give", "sword.5"))
    return [s, gave, gave.play(("give", "sword.1"))]


def heroes_table(rules: Rules | None = None) -> Html:
    """The hero cards of the card data: weapon, hit points, ability (DQ-R3, DQ-R26, DQ-A1)."""
    cards = check_instance(Rules() if rules is None else rules, "rules", Rules).card_set()
    rows = [[h.name, h.weapon, h.hp, h.ability, h.text] for h in cards.heroes]
    return table(["hero", "weapon", "hit points", "ability", "ability text"], rows,
                 caption="the 16 heroes (illustrative data: only the Rogue's and Knight's timings "
                         "are in the rulebook)")


def revealed_tokens(seed: int = 1) -> State:
    """A dealt game with both token rows turned face up, to show every token kind (DQ-R11)."""
    s = new_game(4, seed=check_int(seed, "seed", 0))
    return s._evolve(light=tuple((tok, True) for tok, _ in s.light),
                     dark=tuple((tok, True) for tok, _ in s.dark))


# -- the chapter's opening quest and its worked examples (issue 25) --------------------------------
#: The opening quest of the chapter: Quest 1 of a seeded 5-player game played by the simple
#: policies, in which P3 leads a party to Burn the Spider Nest and is secretly the Doppelgänger.
SPIDER_SEED = 4
SPIDER_DOPPELGANGER = 2


def spider_quest() -> list[State]:
    """The states of the opening quest, from the item pass to the next Quest's reveal."""
    from .analysis import one_quest

    return one_quest(players=5, seed=SPIDER_SEED, number=1)


def spider_moment(states: Sequence[State] | None = None) -> State:
    """The opening picture: P3, the Party Leader and the Doppelgänger, has drawn one black and
    one white die and must keep one (DQ-R21), the last member to act."""
    states = spider_quest() if states is None else check_sequence(states, "states", min_len=1)
    return next(s for s in states if s.phase == "keep" and s.roller() == SPIDER_DOPPELGANGER)


def minotaur_pingpong(rules: Rules | None = None) -> list[State]:
    """DQ-E3 unit by unit: Kate hits herself and hands the rest to Mike, Mike hits Nate, Nate
    hits Mike, Mike hits Nate (the states from Kate holding the four markers on)."""
    states = [minotaur_example(rules)]
    for action in (("target", KATE), ("hand", MIKE), ("target", NATE), ("target", MIKE),
                   ("target", NATE)):
        states.append(states[-1].play(action))
    return states


def minotaur_damage(states: Sequence[State] | None = None) -> dict[str, int]:
    """The final Damage of Kate, Mike and Nate after DQ-E3's ping-pong."""
    end = (minotaur_pingpong() if states is None else states)[-1]
    return {"Kate": end.damage[KATE], "Mike": end.damage[MIKE], "Nate": end.damage[NATE]}


def exhaustion_rows(seed: int = 8) -> list[tuple[int, bool, int, bool]]:
    """DQ-E7 played: (Quest, P1 on it, exhaustion Damage P1 took, P1 marked at the end)."""
    plan = {1: (0, 1), 2: (0, 1), 3: (2, 3), 4: (0, 3)}
    s = new_game(4, seed=seed, pl=0, light=["blank", "heal2", "peek", "amulet", "scepter",
                                            "spellbook"],
                 dark=["blank", "take3", "peek", "amulet", "scepter", "spellbook"])
    marks: dict[int, bool] = {}
    hits: dict[int, int] = {}
    rng = rng_for(seed, "exhaustion example")
    while not s.is_over and s.quest_no <= 4:
        quest = s.quest_no
        if s.phase == "party":
            s = s.play(("party", plan[quest], False))
            continue
        before = len(s.log)
        s = s.play(simple_policy(s, rng))
        hits[quest] = hits.get(quest, 0) + sum(
            1 for line in s.log[before:] if line.startswith("P1 ") and "(exhaustion)" in line)
        if s.quest_no != quest or s.is_over:
            marks[quest] = s.exhausted[0]
    return [(n, 0 in plan[n], hits.get(n, 0), bool(marks.get(n))) for n in sorted(marks)
            if n in plan]


def pool_counts() -> dict[str, list[Any]]:
    hands = [["sword.1", "sword.2", "sword.3", "sword.4"], ["bow.1", "bow.2", "bow.3", "bow.4"],
             ["staff.1", "staff.2", "staff.3", "staff.4"],
             ["dagger.1", "dagger.2", "dagger.3", "dagger.4"]]
    no_rogue = ("Knight", "Scout", "Wizard", "Barbarian")
    rows = [_pool_row("3 players", arranged_quest(hands, heroes=no_rogue)),
            _pool_row("2 players + War Bear", arranged_quest(hands, party=(0, 2), animal=True,
                                                             heroes=no_rogue)),
            _pool_row("4 players", arranged_quest(hands, party=(0, 1, 2, 3), heroes=no_rogue)),
            _pool_row("3 players, Rogue used", arranged_quest(hands, rogue=True))]
    return {row[0]: row[1:-1] for row in rows}


__all__ = ["minotaur_example", "MINOTAUR", "GOLDEN", "arranged_quest", "first_legal",
           "play_while", "drafted", "setup_table", "weapon_tables_table", "usability_table",
           "subdue_table", "contribute_unusable", "pool_table", "draft_table",
           "friendly_fire_table", "exhaustion_table", "poison_example", "rule_of", "log_table",
           "refusals_table", "death_example", "artifact_example", "unusable_example", "LOG_RULES",
           "heroes_table", "revealed_tokens", "spider_quest", "spider_moment",
           "minotaur_pingpong", "minotaur_damage", "SPIDER_SEED", "SPIDER_DOPPELGANGER",
           "pool_counts", "exhaustion_rows", "HEAL_RULES",
           "rulebook_examples_table"]
