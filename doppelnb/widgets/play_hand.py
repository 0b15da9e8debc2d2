"""Play one hand of a game against the package's bots: :func:`play_hand`.

The person takes one seat; the other seats are bots (``greedy``, ``random`` or a search, see
:mod:`doppelnb.core.policy`). The widget shows only what that seat may see: the engine's
``view_html`` of ``state.view(seat)``, a move log in which a bot's face-down card stays "a card
face down", and buttons for the person's own moves. After each of the person's moves the bots
play, one move shown at a time, until it is the person's turn again or the hand is over.

What a hand is depends on the game (and the widget says so): a round in Doppeldoppel and
Doppelgänger Tricks (their round counter), the set-up and one round of leader turns in Groom
Lake (its turn counter), one round at ten seats in Doppel Doubt (round 2: round 1 only sets up)
and the hero draft plus Quest 1 in the quest game (its Quest counter).

In an exported page no Python runs, so the widget shows instead a hand the bots played for the
person's seat, move by move, with one sentence saying that playing needs Python.

>>> hand = play_hand("doppeldoppel", seed=7, delay=0)
>>> hand.state.to_move == hand.seat, hand.over
(True, False)
>>> hand.choose(hand.state.legal_actions()[0])
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.chance import MAX_SEED, make_seed, rng_for
from ..core.checks import check_choice, check_int, check_number, check_sequence, fail
from ..core.errors import BadInput, IllegalAction, RuleError
from ..core.policy import make_policy, parse_policy
from ..core.render import escape
from .hands import MAX_BUTTONS, Choice, HandGame, hand_game, who
from .offline import LIVE_HINT, exporting, gallery, note, shared_layout, shared_style

#: Shared style models (see :func:`.offline.shared_layout`): a page fetches every model.
_BUTTON = widgets.ButtonStyle
_WORDS = widgets.widget_string.HTMLStyle
_PICKER = widgets.widget_description.DescriptionStyle


def _html() -> widgets.HTML:
    """A line of the widget (header, status, score, ...): one layout and style for them all."""
    return widgets.HTML(layout=shared_layout(), style=shared_style(_WORDS))


def _tool(description: str, **kw: Any) -> widgets.Button:
    return widgets.Button(description=description, layout=shared_layout(width="auto"),
                          style=shared_style(_BUTTON), **kw)

#: Seconds between two bots' moves shown in a live notebook (``delay=0`` in tests).
DEFAULT_DELAY = 0.3
#: At most this many seconds of pauses after one click: a long run of bot moves (a Groom Lake
#: turn, nine Doppel Doubt seats) is shown faster rather than keeping the person waiting.
MAX_PAUSES = 1.5
#: An exported page shows at most this many moves of its precomputed hand (page size).
MAX_FRAMES = 60

#: The search bots offered in the bots picker, with their cost measured on this project's
#: 2-core machine by ``python benchmarks/play_hand.py`` (mean CPU seconds of one bot move over a
#: seeded hand, greedy for the other seats; rounded up) and the most bot moves one click set
#: off in its seeded hands: a Doppel Doubt click that ends your round makes the nine other seats
#: choose a card, a ranking and a placement, about a hundred bot moves.
SEARCH = "mcts:32:round"
SEARCH_COST = {"doppeldoppel": 0.025, "doppelganger_tricks": 0.025, "groom_lake": 0.25,
               "doppel_doubt": 0.15, "doppelganger_quest": 0.07}
BOT_MOVES_PER_CLICK = {"doppeldoppel": 4, "doppelganger_tricks": 6, "groom_lake": 15,
                       "doppel_doubt": 99, "doppelganger_quest": 17}


#: The most search iterations a bot may spend on one move here: beyond it a Groom Lake move
#: takes several seconds and a Doppel Doubt click minutes (``SEARCH_COST`` is for 32).
MAX_ITERATIONS = 1000


def _check_policy(spec: Any, name: str) -> str:
    expected = ("a policy name such as 'greedy', 'random' or 'mcts:32' (at most "
                f"{MAX_ITERATIONS} search iterations)")
    if not isinstance(spec, str):
        raise fail(name, expected, spec)
    try:
        _, options = parse_policy(spec)
    except BadInput:
        raise fail(name, expected, spec) from None
    if options.get("iterations", 0) > MAX_ITERATIONS:
        raise fail(name, expected, spec)
    return spec.strip()


class PlayHand(widgets.VBox):
    """A person plays ``seat`` of one hand against bots; see :func:`play_hand`.

    ``state`` is the current state, ``seat`` the person's seat, ``over`` whether the hand is
    over, ``lines`` the moves so far as the person saw them, ``refusal`` the last refused move's
    :class:`~doppelnb.RuleError` (or ``None``). :meth:`choose` does what a move's button does;
    :meth:`record` is the hand's JSON game record, :meth:`save` writes it to a file.
    """

    def __init__(self, game: Any, *, seat: Any = 0, opponents: Any = "greedy", seed: Any = None,
                 players: Any = None, delay: Any = None, offline: bool | None = None):
        from .. import GAMES, TITLES

        game = check_choice(game, "game", list(GAMES))
        self.game: str = game
        self.title_text = TITLES[game]
        self.hand: HandGame = hand_game(game)
        hand = self.hand
        counts = hand.player_counts
        self.players = hand.players if players is None else check_choice(players, "players",
                                                                          counts)
        self.seat = check_int(seat, "seat", 0, self.players - 1)
        self.specs = self._check_opponents(opponents)
        self.seed = make_seed(None) if seed is None else check_int(seed, "seed", 0, MAX_SEED)
        self.delay = float(check_number(DEFAULT_DELAY if delay is None else delay, "delay", 0, 10))
        self.offline = exporting() if offline is None else bool(offline)
        self.refusal: RuleError | None = None
        self._steps = 0
        self._choices: list[Choice] = []
        self._picked: list[Choice] = []

        self.header = _html()
        super().__init__()
        self.add_class("doppelnb-play-hand")
        if self.offline:
            # An exported page stores every widget model the kernel creates: the live controls,
            # never shown there, are not built at all.
            self._deal(self.seed, show=False)
            self.children = self._exported()
            return
        self._build_controls()
        self._deal(self.seed)
        self.children = [self.header, self.view, self.status, self.score, self.move_buttons,
                         self.picker,
                         widgets.HBox([self.typed, self.try_button],
                                      layout=shared_layout(flex_flow="row wrap")),
                         widgets.HBox([self.explain_button, self.new_button, self.save_button,
                                       self.bots_picker],
                                      layout=shared_layout(flex_flow="row wrap")),
                         self.message, self.log_view, self.teacher]

    def _build_controls(self) -> None:
        """The live page: the seat's view, status and score lines, the move buttons (a pool,
        reused from turn to turn), the two-step picker, the text box and the tool buttons.

        Widgets laid out or styled alike share their layout and style models (a page fetches
        and builds every model before it draws): 59 models instead of 97 in a Tricks hand. A
        move button keeps a layout of its own, since a pooled button is hidden through it, and
        so does the two-step picker's row."""
        hand = self.hand
        self.view = widgets.HTML(layout=shared_layout(min_height="140px"),
                                 style=shared_style(_WORDS))
        self.view.add_class("doppelnb-play-view")
        self.status = _html()
        self.status.add_class("doppelnb-play-status")
        self.score = _html()
        self.score.add_class("doppelnb-play-score")
        self.buttons: list[widgets.Button] = []
        self.move_buttons = widgets.Box(layout=shared_layout(display="flex",
                                                             flex_flow="row wrap"))
        self.move_buttons.add_class("doppelnb-play-moves")
        picker_look = {"layout": shared_layout(width="auto"),
                       "style": shared_style(_PICKER, description_width="initial")}
        self.group_picker = widgets.Dropdown(description="first choose", **picker_look)
        self.option_picker = widgets.Dropdown(description="then", **picker_look)
        self.pick_button = _tool("Play this move", button_style="primary")
        self.picker = widgets.HBox([self.group_picker, self.option_picker, self.pick_button],
                                   layout=widgets.Layout(flex_flow="row wrap"))
        self.picker.add_class("doppelnb-play-picker")
        self.typed = widgets.Text(description="or type a move", placeholder=hand.notation,
                                  style={"description_width": "initial"},
                                  layout=widgets.Layout(width="460px"))
        self.try_button = _tool("Try it")
        self.explain_button = _tool(f"Explain the last {hand.explains}")
        self.new_button = _tool("New hand")
        self.save_button = _tool("Save my game")
        self.bots_picker = widgets.Dropdown(description="bots", options=self._bot_options(),
                                            **picker_look)
        given = {spec for spec in self.specs if spec}
        self.bots_picker.value = given.pop() if len(given) == 1 else "as given"
        self.message = _html()
        self.message.add_class("doppelnb-play-message")
        self.log_view = _html()
        self.log_view.add_class("doppelnb-play-log")
        self.teacher = _html()
        for b, name in ((self.try_button, "try"), (self.explain_button, "explain"),
                        (self.new_button, "new"), (self.save_button, "save"),
                        (self.pick_button, "pick")):
            b.add_class(f"doppelnb-play-{name}")

        self.group_picker.observe(lambda _ch: self._fill_options(), names="value")
        self.option_picker.observe(lambda _ch: self._preview(), names="value")
        self.pick_button.on_click(lambda _b: self._play_picked())
        self.try_button.on_click(lambda _b: self.try_text(self.typed.value))
        self.explain_button.on_click(lambda _b: self.explain())
        self.new_button.on_click(lambda _b: self.new_hand())
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.bots_picker.observe(lambda ch: self._set_bots(ch["new"]), names="value")

    # -- arguments ------------------------------------------------------------------------------
    def _check_opponents(self, opponents: Any) -> list[str]:
        """One policy name per seat (the person's seat holds ``""``)."""
        n = self.players
        if isinstance(opponents, str):
            spec = _check_policy(opponents, "opponents")
            return [spec if i != self.seat else "" for i in range(n)]
        items: tuple[Any, ...] = check_sequence(opponents, "opponents", min_len=n - 1, max_len=n)
        if len(items) == n:
            if items[self.seat] is not None:
                raise fail(f"opponents[{self.seat}]", "None (your own seat has no bot)",
                           items[self.seat])
            others = [x for i, x in enumerate(items) if i != self.seat]
        else:
            others = list(items)
        specs = [_check_policy(x, f"opponents[{i}]") for i, x in enumerate(others)]
        return specs[:self.seat] + [""] + specs[self.seat:]

    def _bot_options(self) -> list[tuple[str, str]]:
        cost = SEARCH_COST[self.game]
        click = cost * BOT_MOVES_PER_CLICK[self.game]
        options = [("greedy (fast)", "greedy"), ("random", "random"),
                   (f"search ({SEARCH}): ~{cost:.2g} s a bot move, up to ~{click:.2g} s a click",
                    SEARCH)]
        given = [s for s in self.specs if s]
        if len(set(given)) > 1:
            options.append(("as given: " + ", ".join(
                f"{who(i, self.seat)} {s}" for i, s in enumerate(self.specs) if s), "as given"))
        elif given[0] not in [v for _, v in options]:
            options.append((given[0], given[0]))
        return options

    def _set_bots(self, value: str) -> None:
        if value != "as given":
            self.specs = [value if s else "" for s in self.specs]
        self._policies = self._make_policies()
        self.message.value = (f'<div class="doppelnb-play-note">The bots play '
                              f'{escape(self.bots_picker.label)} from their next move.</div>')

    def _make_policies(self) -> list[Any]:
        # Policies built here from names already checked: make_policy cannot refuse them.
        return [make_policy(s, self.hand.module) if s else None for s in self.specs]

    # -- the hand -------------------------------------------------------------------------------
    def _deal(self, seed: int, *, show: bool = True) -> None:
        self.seed = seed
        self._policies = self._make_policies()
        self._rng = rng_for(seed, "play-hand", self.game, self.seat)
        greedy = make_policy("greedy", self.hand.module)
        bots = [p if p is not None else greedy for p in self._policies]
        self.start = self.hand.new(self.players, seed, bots, self._rng)
        self.state = self.start
        self.history: list[Any] = [self.start]
        self.lines: list[str] = []
        self.refusal = None
        self.header.value = self._header()
        self._bots(pause=0.0, show=False)
        if show:
            self.message.value = ""
            self.typed.value = ""
            self.teacher.value = self._teacher_note()
            self._render()

    def __repr__(self) -> str:
        # ipywidgets' repr lists every child's value (the pictures); the notebook's text/plain
        # output would carry all of it.
        where = "over" if self.over else f"{self.state.action_count} actions"
        return (f"PlayHand({self.game!r}, seat={self.seat}, seed={self.seed}, {where}, "
                f"{len(self.lines)} moves logged)")

    @property
    def over(self) -> bool:
        """Whether the hand is over (the game's own counter says so, or the game ended)."""
        return bool(self.hand.over(self.start, self.state))

    def record(self) -> str:
        """The hand's JSON game record (``state.to_json()``): ``doppelnb.load`` replays it."""
        text: str = self.state.to_json()
        return text

    def choose(self, action: Any) -> bool:
        """Play ``action`` for the person, as its button does, then let the bots play.

        ``action`` is one of ``state.legal_actions()`` or any spelling the engine or the move's
        button label accepts ("Y5", "bid 2"). A refused move shows its rule and reason in the
        status line, leaves :attr:`state` unchanged and returns ``False``.
        """
        try:
            if self.over:
                raise IllegalAction("NB-ARG", "the hand is over: press New hand to deal another")
            if self.state.to_move != self.seat:  # never: the bots stop at the person's turn
                raise IllegalAction("NB-ARG", "it is not your turn")
            if isinstance(action, str):
                action = self.hand.parse(self.state, action)
            after = self.state.play(action)
        except RuleError as exc:
            self._refuse(exc)
            return False
        self.refusal = None
        self._advance(self.state, after)
        if self.offline:  # no page to update (an exported notebook's kernel)
            self._bots(pause=0.0, show=False)
            return True
        self.typed.value = ""
        self._render(bots_next=True)
        self._bots(pause=self.delay, show=True)
        self._render()
        return True

    def try_text(self, text: Any) -> bool:
        """Play a move typed in the game's notation (what the "Try it" button does)."""
        if not isinstance(text, str) or not text.strip():
            self._refuse(BadInput("NB-ARG", f"type a move first, e.g. {self.hand.notation}"))
            return False
        return self.choose(text.strip())

    def _advance(self, before: Any, after: Any, line: str | None = None) -> bool:
        """Record the move from ``before`` to ``after``; whether it added a line to the log (a
        bot's secret choice right after another one of the same seat's adds none)."""
        self.state = after
        self.history.append(after)
        if line is None:
            line = self.hand.move_line(before, after, self.seat)
        if line and not (self.lines and self.lines[-1] == line and before.to_move != self.seat):
            self.lines.append(line)
            return True
        return False

    def _bots(self, *, pause: float, show: bool) -> float:
        """Let the bots play until it is the person's turn or the hand is over; return the
        seconds they took. Their moves are computed first, then shown one at a time: the first
        at once, each later one after ``pause`` seconds (less when there are many, so that the
        pauses of one click add up to at most ``MAX_PAUSES``)."""
        started = time.perf_counter()
        steps: list[tuple[Any, Any, str | None]] = []
        state = self.state
        while not self.hand.over(self.start, state):
            mover = state.to_move
            if mover is None or mover == self.seat:
                break
            after = state.play(self._policies[mover](state, self._rng))
            steps.append((state, after, self.hand.move_line(state, after, self.seat)))
            state = after
        spent = time.perf_counter() - started
        distinct = len({line for _, _, line in steps if line})
        if distinct > 1 and pause and show:
            pause = min(pause, MAX_PAUSES / (distinct - 1))
        shown = 0
        for before, after, line in steps:
            if self._advance(before, after, line) and show and pause:
                if shown:
                    time.sleep(pause)
                self.view.value = self.hand.view_html(after, self.seat)
                self.log_view.value = self._log_html()
                shown += 1
        return spent

    def new_hand(self, seed: Any = None) -> None:
        """Deal another hand: the next seed, or ``seed``."""
        seed = (self.seed + 1) % (MAX_SEED + 1) if seed is None else check_int(
            seed, "seed", 0, MAX_SEED)
        self._deal(seed, show=not self.offline)
        if not self.offline:
            self.message.value = self._note(f"A new hand: seed {seed}.")

    def explain(self) -> str:
        """One or two sentences on the last trick, turn, round or Quest (and the rule that
        decided it), shown under the buttons."""
        text = self.hand.explain(self.history, self.seat)
        if not self.offline:
            self.message.value = f'<div class="doppelnb-play-explain">{escape(text)}</div>'
        return text

    def save(self, folder: Any = None) -> Path:
        """Write the hand's record to ``my-<game>-hand-seed<seed>.json`` in the current folder
        (or ``folder``); never over an existing file: ``-2``, ``-3``, ... are added."""
        where = Path.cwd() if folder is None else Path(folder)
        base = f"my-{self.game.replace('_', '-')}-hand-seed{self.seed}"
        text = self.record()
        for k in range(1, 10_000):
            path = where / (base + ("" if k == 1 else f"-{k}") + ".json")
            try:
                with open(path, "x", encoding="utf-8") as handle:  # "x": never overwrite
                    handle.write(text)
            except FileExistsError:
                continue
            return path.resolve()
        raise BadInput("NB-ARG", f"{where} already holds 9,999 saved hands of seed {self.seed}")

    def _save_clicked(self) -> None:
        try:
            path = self.save()
        except (OSError, RuleError) as exc:
            self.message.value = self._note(f"Could not save the hand: {exc}", error=True)
            return
        self.message.value = (
            f'<div class="doppelnb-play-saved">Saved your hand to <code>{escape(path)}</code>. '
            f"Hand in that file; your teacher opens it with "
            f"<code>doppelnb.load(open(&quot;{escape(path.name)}&quot;).read())</code>.</div>")

    # -- showing it -----------------------------------------------------------------------------
    def _refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        if self.offline:
            return
        self.status.value = (
            f'<div role="status" {self._step()} style="color:#a00000"><b>Not allowed '
            f"({escape(exc.rule)})</b>: "
            f"{escape(exc.reason)}. Nothing changed; choose again.</div>")

    def _step(self) -> str:
        """The status line's attribute counting the hand's moves and refusals so far: a page
        (or a browser test) sees from it that the line is new, even when its words repeat."""
        self._steps += 1
        return f'data-step="{self._steps}"'

    def _note(self, text: str, *, error: bool = False) -> str:
        colour = ";color:#a00000" if error else ""
        return f'<div class="doppelnb-play-note" style="font-size:13px{colour}">{escape(text)}</div>'

    def _header(self) -> str:
        bots = len(self.specs) - 1
        return (f'<div style="font-size:14px"><b>Play a hand of {escape(self.title_text)}</b>: '
                f"you are {escape(self.hand.seat_name(self.seat))} against {bots} bots "
                f"(seed {self.seed}). {escape(self.hand.describe(self.start))}</div>")

    def _teacher_note(self) -> str:
        name = f"my-{self.game.replace('_', '-')}-hand-seed{self.seed}.json"
        return ('<div class="doppelnb-play-teacher" style="font-size:12px;color:#333">'
                "<b>For the teacher:</b> a saved hand opens with "
                f"<code>hand = doppelnb.load(open(&quot;{escape(name)}&quot;).read())</code>; "
                "<code>GameStepper.from_states(hand.history())</code> (from "
                "<code>doppelnb.widgets</code>) steps through it move by move.</div>")

    def _log_html(self) -> str:
        lines = "".join(f"<li>{escape(line)}</li>" for line in reversed(self.lines))
        return ('<div style="font-size:13px"><b>Moves, newest first</b>'
                f'<ol reversed tabindex="0" aria-label="moves, newest first" '
                f'style="max-height:15em;overflow:auto;margin:2px 0;'
                f'padding-left:2.2em">{lines}</ol></div>')

    def _snapshot(self, state: Any) -> dict[str, Any]:
        """Everything the widget shows about ``state`` (not the move log, which is the hand's
        past): the seat's view, the score line, the prompt, the choices and the explanation.
        The tests render a state and its determinized twin (hidden parts resampled) through
        this and find them equal: nothing hidden reaches the page."""
        over = self.hand.over(self.start, state)
        mine = not over and state.to_move == self.seat
        past = self.history[:-1] if self.history and self.history[-1] is self.state else \
            self.history
        return {"view": (self.hand.final_html(state, self.seat) if over
                         else self.hand.view_html(state, self.seat)),
                "score": self.hand.score_line(self.start, state, self.seat),
                "prompt": self.hand.prompt(state, self.seat) if mine else "",
                "choices": self.hand.choices(state, self.seat) if mine else [],
                "explain": self.hand.explain([*past, state], self.seat)}

    def _render(self, *, bots_next: bool = False) -> None:
        shown = self._snapshot(self.state)
        self.view.value = shown["view"]
        self.score.value = self._note(shown["score"])
        self.log_view.value = self._log_html()
        mine = bool(shown["prompt"]) and not bots_next
        self._show_choices(shown["choices"] if mine else [])
        for w in (self.typed, self.try_button):
            w.disabled = not mine
        # The status goes last: when it says "Your turn", the buttons are there.
        if self.over:
            self.status.value = (f'<div role="status" {self._step()}><b>The hand is over.</b> '
                                 "Press <i>New hand</i> to deal another, or <i>Save my game</i> "
                                 "to keep it.</div>")
        elif bots_next:
            self.status.value = f'<div role="status" {self._step()}>The bots are playing…</div>'
        elif self.refusal is None:
            self.status.value = (f'<div role="status" {self._step()}><b>Your turn.</b> '
                                 f"{escape(shown['prompt'])}</div>")

    def _show_choices(self, choices: list[Choice]) -> None:
        grouped = len(choices) > MAX_BUTTONS
        if grouped:
            choices = [c for c in choices if c.legal]
        self._choices = [] if grouped else choices
        while len(self.buttons) < len(self._choices):
            button = widgets.Button(layout=widgets.Layout(width="auto"),
                                    style=shared_style(_BUTTON))
            button.add_class("doppelnb-play-move")
            index = len(self.buttons)
            button.on_click(lambda _b, i=index: self._press(i))
            self.buttons.append(button)
        for button, choice in zip(self.buttons, self._choices, strict=False):
            button.description = choice.label
            button.button_style = "primary" if choice.legal else ""
            button.layout.display = None
        for button in self.buttons[len(self._choices):]:
            button.layout.display = "none"
        self.move_buttons.children = self.buttons
        self.picker.layout.display = None if grouped else "none"
        self._picked = choices if grouped else []
        groups = list(dict.fromkeys(c.group or "other" for c in self._picked))
        self.group_picker.options = groups
        if groups:
            self.group_picker.value = groups[0]
        self._fill_options()

    def _fill_options(self) -> None:
        group = self.group_picker.value
        options = [(c.label, i) for i, c in enumerate(self._picked)
                   if (c.group or "other") == group]
        self.option_picker.options = options
        if options:
            self.option_picker.value = options[0][1]

    def _preview(self) -> None:
        index = self.option_picker.value
        if index is None or not self._picked:
            return
        shown = self.hand.preview(self.state, self._picked[index].action)
        if shown is not None:
            self.view.value = self.hand.view_html(self.state, self.seat, shown)

    def _press(self, index: int) -> None:
        if index < len(self._choices):
            self.choose(self._choices[index].action)

    def _play_picked(self) -> None:
        index = self.option_picker.value
        if index is not None and index < len(self._picked):
            self.choose(self._picked[index].action)

    # -- the exported page ----------------------------------------------------------------------
    def _exported(self) -> list[widgets.Widget]:
        """A hand the bots play for every seat, the person's included, shown as that seat saw
        it: a move list and a picker over the views after each move (both work offline)."""
        bots = [p if p is not None else make_policy("greedy", self.hand.module)
                for p in self._policies]
        state = self.start
        frames = [("the hand as dealt", self.hand.view_html(state, self.seat))]
        lines: list[str] = []
        while not self.hand.over(self.start, state) and state.to_move is not None:
            after = state.play(bots[state.to_move](state, self._rng))
            line = self.hand.move_line(state, after, self.seat)
            if line and (not lines or lines[-1] != line):
                lines.append(line)
                frames.append((f"{len(lines)}. {line[:70]}", self.hand.view_html(after, self.seat)))
            state = after
        if len(frames) > MAX_FRAMES:
            step = -(-len(frames) // MAX_FRAMES)
            frames = frames[::step] + ([frames[-1]] if (len(frames) - 1) % step else [])
        name = self.hand.seat_name(self.seat)
        intro = note(f"Playing a hand needs Python: {LIVE_HINT}. Here, the greedy bots played "
                     f"every seat, {escape(name)} included (seed {self.seed}), and you see the "
                     f"hand as {escape(name)} saw it.")
        moves = "".join(f"<li>{escape(line)}</li>" for line in lines)
        listing = widgets.HTML(
            f'<div style="font-size:13px"><b>The moves</b><ol tabindex="0" aria-label="the moves" '
            f'style="max-height:15em;overflow:auto;margin:2px 0">{moves}</ol></div>')
        listing.add_class("doppelnb-play-log")
        pictures = gallery(frames, description="after move")
        return [self.header, intro, listing, pictures]


def play_hand(game: str, *, seat: int = 0, opponents: str | Sequence[str | None] = "greedy",
              seed: int | None = None, players: int | None = None, delay: float | None = None,
              offline: bool | None = None) -> PlayHand:
    """A widget in which you play ``seat`` of ``game`` (a ``doppelnb.GAMES`` name) against bots
    for one hand.

    ``opponents`` is one policy for every bot (``"greedy"``, ``"random"``, ``"mcts:32"``, see
    :func:`doppelnb.core.policy.make_policy`) or one per seat: ``players`` names with ``None``
    at ``seat``, or ``players - 1`` names for the other seats in order. ``players`` defaults to
    the game's usual table (3, 4, 4, 10, 5); ``seed`` deals the hand (a fresh one when ``None``);
    ``delay`` is the pause in seconds between two bot moves shown (0.3; 0 in tests);
    ``offline`` forces the exported form (default: when the explainers export runs). Every
    argument is checked: a bad one raises :class:`~doppelnb.BadInput` naming it.
    """
    return PlayHand(game, seat=seat, opponents=opponents, seed=seed, players=players,
                    delay=delay, offline=offline)


__all__ = ["play_hand", "PlayHand", "DEFAULT_DELAY", "SEARCH", "SEARCH_COST", "BOT_MOVES_PER_CLICK",
           "MAX_ITERATIONS"]
