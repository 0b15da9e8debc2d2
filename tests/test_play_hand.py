"""``doppelnb.widgets.play_hand``: a person plays one hand of each game against the bots (issue
25), driven in-process: whole hands by ``.choose`` and by clicking the real buttons, refusals
that name their rule and change nothing, bots that never act on the person's turn, records that
replay, saving without overwriting, hidden information that never reaches the page, and bad
arguments refused with ``BadInput``."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
from typing import Any

import ipywidgets as widgets
import pytest

import doppelnb
from doppelnb import BadInput
from doppelnb.core.policy import find_determinize
from doppelnb.widgets import play_hand
from doppelnb.widgets.hands import Choice

# the module (doppelnb.widgets.play_hand is the function, which the package re-exports)
play_hand_module = importlib.import_module("doppelnb.widgets.play_hand")

GAMES = ["doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
         "doppelganger_quest"]
RULE_ID = re.compile(r"\b(?:DD|DT|GL|DB|DQ)-[RAT]\d+")


def texts(widget: widgets.Widget) -> list[str]:
    """Every piece of text the widget tree puts on the page: HTML values, button and control
    labels, dropdown options, placeholders and tooltips."""
    out: list[str] = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, widgets.Box) or hasattr(w, "children"):
            stack.extend(getattr(w, "children", ()))
        for name in ("value", "description", "placeholder", "tooltip"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
        labels = getattr(w, "_options_labels", None)
        if labels:
            out.extend(map(str, labels))
    return out


def page_text(widget: widgets.Widget) -> str:
    return "\n".join(texts(widget))


def widget_count(widget: widgets.Widget) -> int:
    seen, stack = 0, [widget]
    while stack:
        w = stack.pop()
        seen += 1
        stack.extend(getattr(w, "children", ()))
    return seen


def play_out(hand: Any, seed: int, *, on_turn: Any = None) -> int:
    """Play the person's seat with random legal moves until the hand is over; return how many
    moves the person made. ``on_turn(hand)`` runs at every decision first."""
    rng = random.Random(seed)
    moves = 0
    while not hand.over:
        assert hand.state.to_move == hand.seat, "the widget waits on someone else's turn"
        if on_turn is not None:
            on_turn(hand)
        assert hand.choose(rng.choice(hand.state.legal_actions())), hand.status.value
        moves += 1
        assert moves < 500, "the hand does not end"
    return moves


# -- whole hands ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_hand_by_choose_ends_and_replays(game, seed):
    hand = play_hand(game, seed=seed, delay=0)
    start = hand.start
    moves = play_out(hand, seed)
    assert hand.over and moves >= 1
    # The bots never act on the person's turn: every move made from a state where the person
    # was to move is one of the person's own (and there are exactly as many).
    mine = [a for a, b in zip(hand.history, hand.history[1:], strict=False)
            if a.to_move == hand.seat]
    assert len(mine) == moves
    assert hand.history[0] is start and all(
        b.action_count == a.action_count + 1 for a, b in zip(hand.history, hand.history[1:],
                                                               strict=False))
    # The record replays to the very state, through doppelnb.load.
    record = hand.record()
    assert json.loads(record)["game"] == game
    replayed = doppelnb.load(record)
    assert replayed == hand.state
    assert replayed.actions == hand.state.actions
    assert "hand is over" in hand.status.value
    # The log says what happened, move by move, and the score line is filled in.
    assert len(hand.lines) >= moves
    assert hand.score.value and hand.view.value


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_by_clicking_the_buttons(game):
    """The real Button widgets: a move button, or the two-step picker and its Play button."""
    hand = play_hand(game, seed=3, delay=0)
    rng = random.Random(3)
    clicks = grouped = 0
    while not hand.over:
        before = hand.state
        buttons = [b for b in hand.buttons if b.layout.display != "none"]
        if hand.picker.layout.display != "none":
            grouped += 1
            assert not buttons, "a two-step choice and move buttons at once"
            hand.group_picker.value = rng.choice(list(hand.group_picker.options))
            hand.option_picker.value = rng.choice([v for _, v in hand.option_picker.options])
            hand.pick_button.click()
        else:
            legal = [b for b in buttons if b.button_style == "primary"]
            assert legal, f"no move button at {before!r}"
            rng.choice(legal).click()
        assert hand.state is not before and hand.refusal is None, hand.status.value
        clicks += 1
        assert clicks < 500
    assert hand.over and doppelnb.load(hand.record()) == hand.state
    if game == "doppel_doubt":
        assert grouped >= 1, "the placements (about 150) come as a two-step choice"


def test_move_buttons_have_plain_labels_and_wrap():
    hand = play_hand("doppeldoppel", seed=7, delay=0)
    labels = [b.description for b in hand.buttons if b.layout.display != "none"]
    assert labels and all(re.fullmatch(r"(play|lead) [YRB]\d( face down)? \(\w+ \d\)", lab)
                          for lab in labels), labels
    assert hand.move_buttons.layout.flex_flow == "row wrap"
    tricks = play_hand("doppelganger_tricks", seed=7, delay=0)
    assert [b.description for b in tricks.buttons if b.layout.display != "none"][:3] == [
        "bid 0", "bid 1", "bid 2"]


# -- refusals ---------------------------------------------------------------------------------
def illegal_move(hand: Any) -> tuple[Any, str]:
    """A move the rules refuse at the person's first decision, and the rule that refuses it."""
    state, seat = hand.state, hand.seat
    game = hand.game
    if game == "doppeldoppel":
        held = {str(c) for c in state.view(seat).hand}
        return next(f"{c}{r}" for c in "YRB" for r in range(1, 7) if f"{c}{r}" not in held), \
            "DD-R12"
    if game == "doppelganger_tricks":
        return str(state.view(seat).hand[0]), "DT-R6"   # a card played before forecasting
    if game == "groom_lake":
        held = set(state.view(seat).hand)
        card = next(c for c in state.deck.kinds if c not in held)
        return ("discard", card), "GL-R6"
    if game == "doppel_doubt":
        held = set(state.view(seat).hand)
        return ("card", next(c for c in range(1, 101) if c not in held)), "DB-R4"
    assert game == "doppelganger_quest"
    legal = {a[1] for a in state.legal_actions()}
    hero = next(h.name for h in state.cards.heroes if h.name not in legal)
    return ("hero", hero), "DQ-R3"


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_attempt_shows_its_rule_and_changes_nothing(game):
    hand = play_hand(game, seed=5, delay=0)
    action, rule = illegal_move(hand)
    before, history, lines = hand.state, list(hand.history), list(hand.lines)
    assert hand.choose(action) is False
    assert hand.state is before and hand.history == history and hand.lines == lines
    assert hand.refusal is not None and hand.refusal.rule == rule
    assert f"Not allowed ({rule})" in hand.status.value
    assert hand.refusal.reason.split(";")[0][:30] in hand.status.value.replace("&#x27;", "'")
    # The same through the text box and its button.
    hand.typed.value = str(action) if isinstance(action, str) else " ".join(map(str, action))
    hand.try_button.click()
    assert hand.state is before and hand.refusal is not None
    assert "Not allowed (" in hand.status.value
    # A legal move afterwards clears the refusal.
    assert hand.choose(hand.state.legal_actions()[0])
    assert hand.refusal is None and "Not allowed" not in hand.status.value


def test_an_illegal_card_button_is_refused_with_the_follow_rule():
    """Every card of the hand is a button; pressing one that does not follow is DD-R11."""
    for seed in range(1, 40):
        hand = play_hand("doppeldoppel", seed=seed, delay=0)
        while not hand.over:
            illegal = [i for i, c in enumerate(hand._choices) if not c.legal]
            if illegal:
                before = hand.state
                hand.buttons[illegal[0]].click()
                assert hand.state is before and hand.refusal.rule == "DD-R11"
                assert "Not allowed (DD-R11)" in hand.status.value
                return
            hand.choose(hand.state.legal_actions()[0])
    pytest.fail("no hand offered a card that may not be played")


def test_typed_moves_use_the_games_notation():
    tricks = play_hand("doppelganger_tricks", seed=2, delay=0)
    tricks.typed.value = "bid 1"
    tricks.try_button.click()
    assert tricks.refusal is None and tricks.history[1].actions[-1] is not None
    assert any(line.startswith("You forecast 1 trick") for line in tricks.lines)
    empty = play_hand("doppeldoppel", seed=2, delay=0)
    assert empty.try_text("   ") is False and empty.refusal.rule == "NB-ARG"
    assert empty.try_text("not a card") is False and "Not allowed (" in empty.status.value


@pytest.mark.parametrize("game", GAMES)
def test_nonsense_moves_are_refused_not_raised(game):
    hand = play_hand(game, seed=3, delay=0)
    before = hand.state
    for nonsense in (None, 3.5, {}, [1] * 100_000, b"Y5", "x" * 5000, float("nan"),
                     ["place", [[0, 0]] * 5000]):
        assert hand.choose(nonsense) is False
        assert hand.state is before and hand.refusal is not None
        assert "Not allowed (" in hand.status.value


def test_a_finished_hand_refuses_more_moves():
    hand = play_hand("doppeldoppel", seed=4, delay=0)
    play_out(hand, 4)
    last = hand.state
    assert hand.choose("Y1") is False and hand.state is last
    assert "hand is over" in hand.refusal.reason


# -- hidden information ---------------------------------------------------------------------------
def comparable(shown: dict[str, Any]) -> dict[str, Any]:
    out = dict(shown)
    out["choices"] = [(c.label, c.legal, c.group) for c in shown["choices"]]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_the_same_whatever_the_hidden_parts(game):
    """At every decision, the state and a twin with every hidden part resampled by the engine's
    own ``determinize`` (other hands, roles, face-down cards) render the same: view, score
    line, prompt, buttons and explanation. The whole state's text does differ between them, so a
    leak would be seen."""
    determinize = find_determinize(doppelnb.GAMES[game])[0]
    differs = checks = 0

    def compare(hand: Any) -> None:
        nonlocal differs, checks
        state = hand.state
        twin = determinize(state, hand.seat, random.Random(checks))
        assert repr(twin.view(hand.seat)) == repr(state.view(hand.seat))
        assert comparable(hand._snapshot(twin)) == comparable(hand._snapshot(state))
        differs += str(twin) != str(state)  # the whole state, hidden parts included
        checks += 1

    for seed in (1, 2, 3):
        hand = play_hand(game, seed=seed, delay=0)
        play_out(hand, seed, on_turn=compare)
        compare(hand)  # and the finished hand
    assert checks >= 6 and differs >= 1


def leaves(value: Any) -> list[str]:
    """Every value inside a view (dataclass fields, mappings, sequences), as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [x for f in dataclasses.fields(value) for x in leaves(getattr(value, f.name))]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in leaves(k) + leaves(v)]
    if isinstance(value, (list, tuple, set, frozenset)) and not isinstance(value, str):
        return [x for v in value for x in leaves(v)] + [str(value)]
    return [str(value)]


def hidden_tokens(hand: Any) -> set[str]:
    """The cards (or Doppels) of the other seats that the person never saw: in another seat's
    hand at some moment of the hand, but in none of the person's views and in nothing made
    public (the trick log, the public events) at any moment of the hand."""
    seat, game = hand.seat, hand.game
    known: list[str] = []
    others: set[str] = set()
    for state in hand.history:
        known += leaves(state.view(seat))
        if game == "doppeldoppel":
            known += [str(c) for t in state.log for c in t.result.cards]
            others |= {str(c) for p, h in enumerate(state.hands) if p != seat for c in h}
        elif game == "doppelganger_tricks":
            known += [str(c) for t in state.tricks + state.last_round_tricks
                      for c in t.result.cards]
            others |= {str(c) for p, h in enumerate(state.hands) if p != seat for c in h}
        elif game == "groom_lake":
            known += list(state.events)
            others |= {c for p, h in enumerate(state.hands) if p != seat for c in h}
        elif game == "doppelganger_quest":
            others |= {c for p, h in enumerate(state.hands) if p != seat for c in h}
            others |= {state.cards.card_name(c) for p, h in enumerate(state.hands) if p != seat
                       for c in h}
        else:
            others |= {d for p, d in enumerate(state.identity) if p != seat}
    seen = "\n".join(known)
    if game == "groom_lake":  # the page says cards in plain words ("field notes")
        from doppelnb.engines.groom_lake.legal import card_words
        from doppelnb.engines.groom_lake.render import plain_words

        seen = plain_words(seen)
        unseen = {c for c in others if not re.search(
            rf"(?<![\w-]){re.escape(card_words(c))}(?![\w-])", seen)}
        return unseen | {card_words(c) for c in unseen}
    if game == "doppelganger_quest":
        names = {c: hand.state.cards.card_name(c) for c in others if "." in c}
        return {x for c, name in names.items() if c not in seen and name not in seen
                for x in (c, name)}
    return {c for c in others if not re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", seen)}


@pytest.mark.parametrize("game", GAMES)
def test_no_hidden_card_or_role_is_ever_on_the_page(game):
    """Over several seeds, the whole page (every widget's text) at every decision and at the
    end shows none of the other seats' hidden cards (Doppel Doubt: their Doppels)."""
    found = 0
    for seed in (1, 2, 3):
        hand = play_hand(game, seed=seed, delay=0)

        def check(h: Any, seed: int = seed) -> None:
            nonlocal found
            tokens = hidden_tokens(h)
            found += len(tokens)
            # the text box's fixed example of the notation ("4S") is not a card of the game
            text = page_text(h).replace(h.hand.notation, "")
            leaked = [t for t in tokens
                      if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text)]
            assert not leaked, f"seed {seed}: hidden {leaked} shown"

        play_out(hand, seed, on_turn=check)
        check(hand)
    assert found > 0, "the test found nothing hidden to look for"


@pytest.mark.parametrize("game", ["doppeldoppel", "doppelganger_tricks", "groom_lake",
                                  "doppel_doubt"])
def test_the_view_renderers_read_only_the_view(game):
    """``render.view_html(state, seat)`` reads ``state.view(seat)`` and the public box contents
    (rules, tile set, Supply deck) and nothing else: an object offering only those renders the
    same picture."""
    module = doppelnb.GAMES[game]
    render = __import__(f"{module.__name__}.render", fromlist=["view_html"])
    hand = play_hand(game, seed=6, delay=0)
    state = hand.state

    class OnlyTheView:
        def __init__(self, real: Any) -> None:
            self.rules = real.rules
            if game == "groom_lake":
                self.tileset, self.deck = real.tileset, real.deck
            self._real = real

        def view(self, seat: int) -> Any:
            return self._real.view(seat)

    assert str(render.view_html(OnlyTheView(state), hand.seat)) == \
        str(render.view_html(state, hand.seat))


# -- the bots' moves, one at a time ------------------------------------------------------------
def test_bot_moves_are_shown_one_at_a_time_with_bounded_pauses(monkeypatch):
    pauses: list[tuple[float, int]] = []
    hand = play_hand("doppelganger_tricks", seed=8, delay=0.3)
    monkeypatch.setattr(play_hand_module.time, "sleep",
                        lambda s: pauses.append((s, hand.log_view.value.count("<li>"))))
    hand.choose(hand.state.legal_actions()[0])
    assert len(pauses) >= 2
    assert all(0 < s <= 0.3 for s, _ in pauses)
    assert sum(s for s, _ in pauses) <= play_hand_module.MAX_PAUSES + 1e-9
    shown = [n for _, n in pauses]
    assert shown == sorted(shown) and len(set(shown)) == len(shown), "one move per pause"


def test_the_bots_picker_changes_the_bots():
    hand = play_hand("doppeldoppel", seed=9, delay=0)
    labels = [label for label, _ in hand.bots_picker.options]
    assert labels[0].startswith("greedy") and any("mcts:32" in lab and " s a bot move" in lab
                                                  for lab in labels)
    hand.bots_picker.value = "random"
    assert hand.specs == ["", "random", "random"]
    hand.bots_picker.value = play_hand_module.SEARCH
    assert hand._policies[1].name == "mcts" and hand._policies[0] is None
    play_out(hand, 9)
    assert doppelnb.load(hand.record()) == hand.state


def test_opponents_per_seat():
    hand = play_hand("doppelganger_tricks", seat=2, opponents=["random", "greedy", None,
                                                              "mcts:8"], seed=1, delay=0)
    assert hand.specs == ["random", "greedy", "", "mcts:8"]
    assert hand.bots_picker.value == "as given"
    short = play_hand("doppeldoppel", seat=1, opponents=["random", "greedy"], seed=1, delay=0)
    assert short.specs == ["random", "", "greedy"]


# -- explain, new hand, save ------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_explain_names_the_rule_that_decided(game):
    hand = play_hand(game, seed=2, delay=0)
    play_out(hand, 2)
    hand.explain_button.click()
    text = hand.message.value
    assert RULE_ID.search(text), text
    assert text.count(". ") <= 6, "a few plain sentences, not a report"


def test_new_hand_deals_the_next_seed():
    hand = play_hand("doppeldoppel", seed=11, delay=0)
    play_out(hand, 11)
    hand.new_button.click()
    assert hand.seed == 12 and not hand.over and hand.state.action_count <= 2
    assert hand.state == doppelnb.GAMES["doppeldoppel"].from_json(hand.record())
    assert "seed 12" in hand.header.value


def test_save_writes_the_record_and_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hand = play_hand("doppeldoppel", seed=7, delay=0)
    hand.choose(hand.state.legal_actions()[0])
    (tmp_path / "my-doppeldoppel-hand-seed7.json").write_text("a student's earlier file")
    hand.save_button.click()
    second = tmp_path / "my-doppeldoppel-hand-seed7-2.json"
    assert second.read_text() == hand.record()
    assert (tmp_path / "my-doppeldoppel-hand-seed7.json").read_text() == "a student's earlier file"
    assert str(second) in hand.message.value and "doppelnb.load" in hand.message.value
    assert hand.save() == tmp_path / "my-doppeldoppel-hand-seed7-3.json"
    assert doppelnb.load(second.read_text()) == hand.state
    assert "doppelnb.load(open(" in hand.teacher.value and "GameStepper" in hand.teacher.value


def test_save_into_a_folder_that_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hand = play_hand("doppeldoppel", seed=7, delay=0)
    monkeypatch.setattr(play_hand_module.PlayHand, "save",
                        lambda self, folder=None: open(tmp_path / "no" / "x", "x"))
    hand.save_button.click()
    assert "Could not save" in hand.message.value


# -- the exported page --------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_an_exported_page_shows_a_precomputed_hand(game):
    hand = play_hand(game, seed=7, offline=True)
    text = page_text(hand)
    assert "Playing a hand needs Python" in text and "make lab" in text
    assert not any(isinstance(w, widgets.Button) for w in _walk(hand))
    pickers = [w for w in _walk(hand) if isinstance(w, widgets.Dropdown)]
    assert len(pickers) == 1 and len(pickers[0].options) >= 3
    assert widget_count(hand) < 400


def test_play_hand_follows_the_export_switch(monkeypatch):
    monkeypatch.setenv("DOPPELNB_EXPORT", "1")
    assert play_hand("doppeldoppel", seed=1).offline
    monkeypatch.setenv("DOPPELNB_EXPORT", "0")
    assert not play_hand("doppeldoppel", seed=1).offline


def _walk(root: widgets.Widget) -> list[widgets.Widget]:
    out, stack = [], [root]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def test_the_live_widget_stays_small():
    hand = play_hand("doppeldoppel", seed=1, delay=0)
    play_out(hand, 1)
    assert widget_count(hand) < 60
    assert len(repr(hand)) < 200, "the notebook's text/plain output would carry every picture"


# -- arguments ----------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, name", [
    ({"game": "chess"}, "game"),
    ({"game": 3}, "game"),
    ({"game": "doppeldoppel", "seat": 3}, "seat"),
    ({"game": "doppeldoppel", "seat": -1}, "seat"),
    ({"game": "doppeldoppel", "seat": True}, "seat"),
    ({"game": "doppeldoppel", "seat": 1.0}, "seat"),
    ({"game": "doppel_doubt", "seat": 10}, "seat"),
    ({"game": "doppeldoppel", "opponents": "best"}, "opponents"),
    ({"game": "doppeldoppel", "opponents": "mcts:x"}, "opponents"),
    ({"game": "doppeldoppel", "opponents": 5}, "opponents"),
    ({"game": "doppeldoppel", "opponents": "mcts:1000000"}, "opponents"),
    ({"game": "doppeldoppel", "opponents": ["greedy"]}, "opponents"),
    ({"game": "doppeldoppel", "opponents": ["greedy", "greedy", "greedy"]}, "opponents[0]"),
    ({"game": "doppeldoppel", "opponents": ["greedy", 7]}, "opponents[1]"),
    ({"game": "doppeldoppel", "seed": -1}, "seed"),
    ({"game": "doppeldoppel", "seed": "7"}, "seed"),
    ({"game": "doppeldoppel", "seed": 2**63}, "seed"),
    ({"game": "doppeldoppel", "players": 5}, "players"),
    ({"game": "doppeldoppel", "delay": -1}, "delay"),
    ({"game": "doppeldoppel", "delay": float("nan")}, "delay"),
])
def test_bad_arguments_raise_bad_input_naming_them(kwargs, name):
    with pytest.raises(BadInput) as info:
        play_hand(**kwargs)
    assert info.value.rule == "NB-ARG"
    assert info.value.reason.startswith(f"{name} must "), info.value.reason


def test_a_new_hand_with_a_bad_seed_is_refused():
    hand = play_hand("doppeldoppel", seed=1, delay=0)
    with pytest.raises(BadInput, match="seed must be"):
        hand.new_hand(-3)


def test_choice_is_a_plain_value():
    assert Choice("bid 2", ("bid", 2)) == Choice("bid 2", ("bid", 2), True, "")


def test_widgets_laid_out_alike_share_their_layout_and_style_models():
    """A Voilà page fetches and builds every widget model before it draws anything; a Tricks
    hand made 97 of them, 63 of them a layout or a style of one button or line each. A pooled
    move button keeps a layout of its own (it is hidden through it), the rest share."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    hand = play_hand("doppelganger_tricks", seed=7, delay=0)
    made = [w for k, w in _instances.items() if k not in before]
    buttons = [*hand.buttons, hand.try_button, hand.explain_button, hand.new_button,
               hand.save_button, hand.pick_button]
    assert len({id(b.style) for b in buttons}) == 1
    lines = [hand.header, hand.status, hand.score, hand.message, hand.log_view, hand.teacher]
    assert len({id(w.layout) for w in lines}) == len({id(w.style) for w in lines}) == 1
    assert len({id(b.layout) for b in hand.buttons}) == len(hand.buttons)
    styles = [w for w in made if isinstance(w, widgets.widget.Widget)
              and type(w).__name__.endswith("Style")]
    assert len(styles) <= 4  # one per kind: button, line, picker, text box
    assert len(made) <= 60
    # Hiding a pooled button hides that button only.
    shown = [b for b in hand.buttons if b.layout.display != "none"]
    hand.choose(hand.state.legal_actions()[0])
    assert hand.try_button.layout.display is None and hand.pick_button.layout.display is None
    assert shown
