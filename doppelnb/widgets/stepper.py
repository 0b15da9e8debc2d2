"""One generic game stepper that every game's notebook reuses.

It is thin: the engine plays and renders, the stepper only keeps a list of states (rebuilt from
the game record) and shows one of them. Exported, no kernel runs: every state is rendered once,
into a ``Stack`` of ``HTML`` views whose ``selected_index`` is ``jslink`` ed to the slider, the
caption stack, the move list's ``index`` and a ``Play`` widget, so stepping happens in the
browser. Live (a notebook, the Voilà app), the kernel answers each step: one ``HTML`` view shows
the state, rendered when first shown, so a page carries one picture instead of every state's
(see ``_Panel``).

Controls: first / back / forward / last (Python callbacks live; in an exported page the
explainer's small script drives the slider from them), a slider (live: a "step" number box, see
``_Panel``), a move list, a seed box with a "Deal" button and a picker for each variant flag
(live only), and in an exported page play / stop. Exported (``DOPPELNB_EXPORT=1``), a stepper
built with :meth:`GameStepper.for_game` also deals a few other seeds and readings, pre-rendered,
and a "game" picker switches between them offline.

For every reader: each button shows a word beside its glyph ("⏮ first"), which is also the start
of its accessible name (WCAG 2.5.3, label in name); a variant picker is named by the flag in
words ("reversal trigger"), offers its readings in words and says what the flag decides (its
doc); the rows of controls and the picture with its move list wrap onto the next line rather
than run off a narrow page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.checks import check_instance, check_int, check_sequence, check_str, fail
from ..core.errors import BadInput, RuleError
from ..core.render import escape, to_markup
from ..core.spec import game_spec
from ..core.state import GameState, Policy, playout, random_policy
from .offline import LIVE_HINT, compact, exporting, note, page, shared_layout, shared_style

#: a stepper holds at most this many states (each is rendered once, up front)
MAX_STATES = 5_000
#: the extra games an exported stepper deals keep at most this many states (page size)
EXTRA_STATES = 200
#: at most this many extra games in an exported stepper
MAX_EXTRA_GAMES = 4


def default_render(state: GameState) -> str:
    return to_markup(state)


def _is_step(value: Any) -> bool:
    """A state the stepper can show: a game state, or a duck-typed step shaped like one (a
    tuple of ``actions``, ``parse_action`` and ``action_label``, as Doppel Doubt's claim-by-claim
    ``ResolutionStep``)."""
    if isinstance(value, GameState):
        return True
    return (isinstance(getattr(value, "actions", None), tuple)
            and callable(getattr(value, "parse_action", None))
            and callable(getattr(value, "action_label", None)))


def check_states(value: Any, name: str = "states") -> list[Any]:
    """``value`` as the list of states to step through: a sequence of 1 to ``MAX_STATES``
    states of one game (several plays of it may follow each other), or one game state, which
    stands for the game that led to it (its history). Anything else is ``BadInput``."""
    if isinstance(value, GameState):
        if value.action_count + 1 > MAX_STATES:
            raise BadInput("NB-ARG", f"{name}: a stepper holds at most {MAX_STATES:,} states; "
                                     f"this game has {value.action_count + 1:,}")
        return list(value.history())
    states: tuple[Any, ...] = check_sequence(value, name, min_len=1, max_len=MAX_STATES)
    for i, state in enumerate(states):
        if not _is_step(state):
            raise fail(f"{name}[{i}]", "a game state", state)
        if type(state) is not type(states[0]):
            raise fail(f"{name}[{i}]", f"a state of the same game as {name}[0] "
                       f"({type(states[0]).__module__})", state)
    return list(states)


def _follows(before: Any, after: Any) -> bool:
    """Whether ``after`` is ``before`` plus one action of the same game."""
    a, b = getattr(before, "actions", None), getattr(after, "actions", None)
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return False
    same_game = (type(before) is type(after)
                 and getattr(before, "seed", None) == getattr(after, "seed", None)
                 and getattr(before, "rules", None) == getattr(after, "rules", None))
    return same_game and len(b) == len(a) + 1 and (not a or a[-1] == b[-2])


def move_label(before: Any, after: Any) -> str:
    """"P2: Y5" for the action that led from ``before`` to ``after``.

    States from several games (a list that jumps from one game to the next) are labelled "a new
    game" (or "another game") where ``after`` does not follow ``before`` by one action.
    """
    if not _follows(before, after):
        return "a new game" if not getattr(after, "actions", ()) else "another game"
    raw = after.actions[-1]
    try:
        text = before.action_label(before.parse_action(raw))
    except RuleError:
        text = str(raw)
    who = getattr(before, "to_move", None)
    return f"P{who + 1}: {text}" if isinstance(who, int) else text


#: Rows that wrap onto the next line on a narrow page instead of running off it.
WRAP = {"flex_flow": "row wrap", "align_items": "flex-start", "max_width": "100%"}

# Widgets laid out and styled alike share their layout and style models (see
# offline.shared_layout): a page fetches and builds every model before it draws anything.
# Controls whose layout is changed later keep their own: the game picker (shown or hidden) and
# the variant pickers (a game's module may set their width).
_BUTTON = widgets.ButtonStyle
_WORDS = widgets.widget_string.HTMLStyle
_LABELLED = widgets.widget_description.DescriptionStyle


def _html(value: str = "") -> widgets.HTML:
    return widgets.HTML(value, layout=shared_layout(), style=shared_style(_WORDS))


def _button(glyph: str, word: str, tip: str, name: str) -> widgets.Button:
    """A stepper button that shows its glyph and a word ("⏮ first"): the word is what a screen
    reader starts the button's name with, and what a reader new to the glyphs reads."""
    b = widgets.Button(description=f"{glyph} {word}", tooltip=tip,
                       layout=shared_layout(width="auto", min_width="5.5em"),
                       style=shared_style(_BUTTON))
    b.add_class(f"doppelnb-stepper-{name}")
    return b


class _Panel(widgets.VBox):
    """One game's states: buttons, slider, caption, view and move list.

    Two forms, for the two places a stepper is shown:

    - exported (``offline``): no kernel runs, so every state is rendered up front into a
      ``Stack`` of ``HTML`` views (and one of captions), ``jslink`` ed to the slider, and a
      ``Play`` widget steps through them in the browser;
    - live (a notebook or the Voilà app): one ``HTML`` view and one caption, whose values the
      kernel sets when the state shown changes, each state rendered when first shown and kept.
      A page asks its kernel for every widget's state before it draws anything, so a stepper
      that held every state cost a class twice a widget and a picture per state: chapter 02's
      185-state game was 476 widgets and 3.7 MB of a page's 621 widgets and 3.9 MB
      (``tools/widget_census.py``), sent to and built by each of 30 pages at once. The live
      form is 21 widgets and one picture, whatever the game's length; its buttons and slider
      went through the kernel already, and a state renders in about half a millisecond.

    ipywidgets leaves two controls without an accessible name: the Play widget's icon buttons
    and a slider's handle (its label is not tied to it). An exported page's script names both;
    nothing does in a live notebook or app, so there the panel has no Play (``play`` is
    ``None``) and its ``slider`` is a number box labelled "step" (the move list beside the
    picture jumps anywhere as well).
    """

    def __init__(self, states: list[Any], render: Callable[[Any], str], note_text: str = "",
                 offline: bool = False):
        self.offline = offline
        self._render = render
        self._loading = False
        self.first_button = _button("⏮", "first", "first state", "first")
        self.back_button = _button("◀", "back", "previous state (back one action)", "back")
        self.forward_button = _button("▶", "forward", "next state (forward one action)", "forward")
        self.last_button = _button("⏭", "last", "last state", "last")
        self._set_labels(states)
        n = len(states)
        self.play: widgets.Play | None = None
        self.slider: widgets.IntSlider | widgets.BoundedIntText
        #: exported: the pre-rendered views and captions, one per state (live: empty)
        self.pages: list[widgets.HTML] = []
        self.captions: list[widgets.HTML] = []
        self.view: widgets.Stack | widgets.HTML
        self.caption: widgets.Stack | widgets.HTML
        if offline:
            self.play = widgets.Play(value=0, min=0, max=n - 1, interval=800, show_repeat=False,
                                     description="play", tooltip="play through the states")
            self.play.add_class("doppelnb-stepper-play")
            self.slider = widgets.IntSlider(min=0, max=n - 1, value=0, description="step",
                                            tooltip="choose a state", continuous_update=True,
                                            layout=widgets.Layout(width="340px", max_width="100%"))
            self.pages = [page(self._page(i)) for i in range(n)]
            self.view = widgets.Stack(self.pages, selected_index=0,
                                      layout=widgets.Layout(min_height="120px"))
            self.captions = [page(self._caption(i)) for i in range(n)]
            self.caption = widgets.Stack(self.captions, selected_index=0)
        else:
            self.slider = widgets.BoundedIntText(min=0, max=n - 1, value=0, description="step",
                                                 tooltip=f"choose a state (0 to {n - 1})",
                                                 layout=shared_layout(width="11em"),
                                                 style=shared_style(_LABELLED))
            self.view = widgets.HTML(self._page(0), style=shared_style(_WORDS),
                                     layout=widgets.Layout(min_height="120px"))
            self.caption = _html(self._caption(0))
        self.slider.add_class("doppelnb-stepper-slider")
        self.view.add_class("doppelnb-stepper-view")
        self.caption.add_class("doppelnb-stepper-caption")
        self.moves = widgets.Select(options=self._move_options(), value=0, rows=12,
                                    description="moves", tooltip="jump to the state after a move",
                                    layout=shared_layout(width="260px", max_width="100%"),
                                    style=shared_style(_LABELLED))
        self.moves.add_class("doppelnb-stepper-moves")
        # The browser keeps these in step without a kernel (and in an exported page); live, the
        # kernel sets the view and the caption (``_sync``).
        self.links = [widgets.jslink((self.slider, "value"), (self.moves, "index"))]
        if self.play is not None:
            self.links += [widgets.jslink((self.slider, "value"), (self.view, "selected_index")),
                           widgets.jslink((self.slider, "value"),
                                          (self.caption, "selected_index")),
                           widgets.jslink((self.play, "value"), (self.slider, "value"))]
        buttons: list[widgets.Widget] = [self.first_button, self.back_button,
                                         self.forward_button, self.last_button]
        controls = widgets.HBox(buttons + ([self.play] if self.play else []) + [self.slider],
                                layout=shared_layout(**WRAP))
        rows: list[widgets.Widget] = [note(note_text)] if note_text else []
        self.view.layout.max_width = "100%"
        shown = widgets.HBox([self.view, self.moves], layout=shared_layout(**WRAP))
        super().__init__(rows + [controls, self.caption, shown], layout=shared_layout())
        self.add_class("doppelnb-stepper-panel")
        self.first_button.on_click(lambda _: self.show(0))
        self.back_button.on_click(lambda _: self.show(self.slider.value - 1))
        self.forward_button.on_click(lambda _: self.show(self.slider.value + 1))
        self.last_button.on_click(lambda _: self.show(len(self.states) - 1))
        self.slider.observe(lambda ch: self._sync(ch["new"]), names="value")
        self.moves.observe(self._on_move, names="index")
        self._sync(0)

    def _set_labels(self, states: list[Any]) -> None:
        self.states = states
        pairs = zip(states, states[1:], strict=False)
        self.labels = ["start"] + [f"{i}. {move_label(a, b)}" for i, (a, b) in enumerate(pairs, 1)]
        self._html: list[str | None] = [None] * len(states)

    def _move_options(self) -> list[tuple[str, int]]:
        return [(label, i) for i, label in enumerate(self.labels)]

    def _page(self, i: int) -> str:
        """State ``i``'s view (rendered once). Each view names the action that led to it: some
        renderings do not show every action (a discard, "done"), and the reader should still
        see that the step happened."""
        html = self._html[i]
        if html is None:
            after = "as dealt" if i == 0 else f"after {self.labels[i]}"
            html = self._html[i] = (
                f'<div class="doppelnb-stepper-after" style="font-size:12px;color:#555">'
                f"{escape(after)}</div>" + compact(self._render(self.states[i])))
        return html

    def _caption(self, i: int) -> str:
        return (f"step {i} of {len(self.states) - 1}: "
                f"{escape(self.labels[i] if i else 'the game as dealt')}")

    def load(self, states: list[Any]) -> None:
        """Live: show another game in the same widgets (a new deal makes no new widgets)."""
        if self.offline:
            raise BadInput("NB-ARG", "an exported stepper's games are fixed")
        self._loading = True
        try:
            self.slider.value = 0
            self._set_labels(states)
            self.slider.max = len(states) - 1
            self.slider.tooltip = f"choose a state (0 to {len(states) - 1})"
            self.moves.options = self._move_options()
            self.moves.index = 0
        finally:
            self._loading = False
        self._sync(0)

    def show(self, index: int) -> None:
        self.slider.value = max(0, min(len(self.states) - 1, int(index)))

    def _on_move(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._loading:
            self.show(change["new"])

    def _sync(self, index: int) -> None:
        """The Python side of the links (so a kernel's widgets agree with the page); live, the
        view and the caption of state ``index``."""
        if self._loading:
            return
        if isinstance(self.view, widgets.HTML):
            self.view.value = self._page(index)
            self.caption.value = self._caption(index)
        else:
            self.view.selected_index = index
            self.caption.selected_index = index
        if self.moves.index != index:
            self.moves.index = index
        if self.play is not None and self.play.value != index:
            self.play.value = index
        self.back_button.disabled = self.first_button.disabled = index == 0
        self.forward_button.disabled = self.last_button.disabled = index == len(self.states) - 1

    @property
    def shown(self) -> widgets.HTML:
        """The HTML widget that shows the current state."""
        return self.view if isinstance(self.view, widgets.HTML) else self.pages[self.slider.value]

    @property
    def shown_caption(self) -> widgets.HTML:
        if isinstance(self.caption, widgets.HTML):
            return self.caption
        return self.captions[self.slider.value]


class GameStepper(widgets.VBox):
    """Step back and forth through a game's states.

    Build it with :meth:`for_game` (a seeded game played by a policy, with seed and variant
    controls), :meth:`from_record` (a JSON game record) or :meth:`from_states` (a list of states
    of one game, or one state: the game that led to it); anything else is ``BadInput``.
    ``extra_games`` (``[(label, states), ...]``) adds games a "game" picker switches to offline.
    """

    def __init__(self, states: Sequence[Any], *, render: Callable[[Any], str] | None = None,
                 regenerate: Callable[[int, dict[str, Any]], list[Any]] | None = None,
                 rules_cls: type[Any] | None = None, seed: int | None = None, title: str = "",
                 extra_games: Sequence[tuple[str, Sequence[Any]]] = (),
                 offline: bool | None = None):
        states = check_states(states)
        if render is not None and not callable(render):
            raise fail("render", "a function from a state to HTML", render)
        if regenerate is not None and not callable(regenerate):
            raise fail("regenerate", "a function (seed, flags) -> states", regenerate)
        if rules_cls is not None and not (isinstance(rules_cls, type)
                                          and callable(getattr(rules_cls, "flags", None))):
            raise fail("rules_cls", "a Rules class with flags()", rules_cls)
        seed = None if seed is None else check_int(seed, "seed", 0)
        title = check_str(title, "title", max_len=300)
        extra: tuple[Any, ...] = check_sequence(extra_games, "extra_games", max_len=MAX_EXTRA_GAMES)
        for i, game in enumerate(extra):
            if not (isinstance(game, tuple) and len(game) == 2 and isinstance(game[0], str)):
                raise fail(f"extra_games[{i}]", "a (label, states) pair", game)
            check_states(game[1], f"extra_games[{i}] states")
        self.offline = exporting() if offline is None else bool(offline)
        self._render = render or default_render
        self._regenerate = regenerate
        self._guard = False

        rows: list[widgets.Widget] = []
        if title:
            rows.append(_html(f"<b>{escape(title)}</b>"))
        self.seed_box = widgets.IntText(value=seed or 0, description="seed",
                                        tooltip="the seed of the game to deal",
                                        layout=shared_layout(width="170px"),
                                        style=shared_style(_LABELLED))
        self.deal_button = widgets.Button(description="Deal", tooltip="deal a new game with this seed",
                                          button_style="primary",
                                          layout=shared_layout(width="70px"),
                                          style=shared_style(_BUTTON))
        self.deal_button.add_class("doppelnb-stepper-deal")
        self.flag_pickers: dict[str, widgets.Dropdown] = {}
        self.error = _html()
        if regenerate is not None:
            self.deal_button.on_click(lambda _: self.regenerate())
            pickers: list[widgets.Widget] = []
            for info in (rules_cls.flags() if rules_cls else []):
                if not info.choices:
                    continue
                dd = widgets.Dropdown(options=[(info.say(c), c) for c in info.choices],
                                      value=info.default, description=info.label,
                                      tooltip=f"{info.rule}: {info.doc}",
                                      style=shared_style(_LABELLED, description_width="initial"),
                                      layout=widgets.Layout(max_width="100%"))
                dd.observe(lambda _ch: self.regenerate(), names="value")
                self.flag_pickers[info.name] = dd
                # What the flag decides, in the rulebook's words, under its picker.
                about = _html(f'<div style="font-size:12px;color:#333;line-height:1.3">'
                              f"{escape(info.doc)} ({escape(info.rule)})</div>")
                pickers.append(widgets.VBox([dd, about], layout=shared_layout(
                    max_width="100%", margin="0 0 6px 0")))
            live = [self.seed_box, self.deal_button, *self.flag_pickers.values()]
            if self.offline:
                reason = ("Needs a live notebook: dealing another seed or changing a reading "
                          "runs Python.")
                for w in live:
                    w.disabled = True
                    w.tooltip = reason
                    w.add_class("doppelnb-live-only")
                rows.append(note("Dealing another seed or changing a reading runs Python: "
                                 f"{LIVE_HINT}. Below, the games dealt for this page."))
            rows.append(widgets.HBox([self.seed_box, self.deal_button],
                                     layout=shared_layout(**WRAP)))
            if pickers:
                rows.append(widgets.Accordion(children=[widgets.GridBox(
                    pickers, layout=widgets.Layout(
                        grid_template_columns="repeat(auto-fill, minmax(18em, 1fr))",
                        grid_gap="4px 16px"))],
                    titles=("variant rules (the rulebook's unclear points)",),
                    selected_index=None))
        self.game_picker = widgets.Dropdown(options=[("this game", 0)], value=0,
                                            description="game", tooltip="choose a game to step "
                                            "through",
                                            style=shared_style(_LABELLED, description_width="initial"),
                                            layout=widgets.Layout(width="auto"))
        self.game_picker.add_class("doppelnb-stepper-game")
        self.games = widgets.Stack([], selected_index=None, layout=shared_layout())
        self._game_link = widgets.jslink((self.game_picker, "index"),
                                         (self.games, "selected_index"))
        self.game_picker.layout.display = "none"
        rows += [self.game_picker, self.games, self.error]
        if regenerate is not None and rules_cls is not None and self.flag_pickers:
            # The accordion's title in ink: the theme's 54% grey is 4.45:1 on its grey (WCAG AA
            # asks 4.5:1), and ipywidgets offers no colour for it (exported pages set it too).
            rows.append(_html("<style>.doppelnb-stepper .jupyter-widget-Collapse-header"
                              "{--jp-ui-font-color2:#333}</style>"))
        super().__init__(rows)
        # Stable hooks for browser tests and styling of exported explainers.
        self.add_class("doppelnb-stepper")
        if self.offline and regenerate is not None:
            self.add_class("doppelnb-live-only-box")  # the page's script names the reason
        self._extra = [(label, check_states(s)) for label, s in extra]
        self.panels: list[_Panel] = []
        self.set_states(states)

    # -- builders -------------------------------------------------------------------------------
    @classmethod
    def for_game(cls, module: Any, players: int, *, seed: int = 1, rules: Any = None,
                 policy: Policy = random_policy, render: Callable[[Any], str] | None = None,
                 title: str = "", extra: Sequence[tuple[int, dict[str, Any]]] | None = None,
                 offline: bool | None = None, **options: Any) -> GameStepper:
        """A seeded game of ``module`` (an engine module, a game name or a
        :class:`~doppelnb.core.spec.GameSpec`) played out by ``policy``; seed and flags can be
        changed.

        Exported, the stepper also holds the games ``extra`` names (``[(seed, flags), ...]``;
        by default the next seed and the first variant flag's other reading), pre-rendered.
        """
        game = game_spec(module, "module")
        check_int(players, "players", 1, 64)
        seed = check_int(seed, "seed", 0)
        base_rules = rules if rules is not None else game.Rules()
        check_instance(base_rules, "rules", game.Rules)
        if not callable(policy):
            raise fail("policy", "a function (state, rng) -> action", policy)

        def regenerate(new_seed: int, flag_values: dict[str, Any]) -> list[GameState]:
            game_rules = base_rules.replace(**flag_values) if flag_values else base_rules
            start = game.new_game(players, rules=game_rules, seed=new_seed, **options)
            return list(playout(start, policy, seed=new_seed))

        first = regenerate(seed, {})
        offline = exporting() if offline is None else offline
        extra_games = []
        if offline:
            infos = {info.name: info for info in type(base_rules).flags()}
            for new_seed, flags in (extra if extra is not None
                                    else _default_extra(base_rules, seed)):
                states = regenerate(new_seed, flags)[:EXTRA_STATES]
                reading = ", ".join(infos[k].describe(v) if k in infos else f"{k} = {v}"
                                    for k, v in flags.items())
                label = f"seed {new_seed}" + (f", {reading}" if reading else "")
                if len(states) == EXTRA_STATES:
                    label += f" (first {len(states) - 1} actions)"
                extra_games.append((label, states))
        stepper = cls(first, render=render, regenerate=regenerate, rules_cls=type(base_rules),
                      seed=seed, title=title, extra_games=extra_games, offline=offline)
        for name, dd in stepper.flag_pickers.items():
            stepper._guard = True
            dd.value = getattr(base_rules, name)
            stepper._guard = False
        return stepper

    @classmethod
    def from_record(cls, module: Any, text: str, **kw: Any) -> GameStepper:
        """Step through a JSON game record (``BadInput`` if it is malformed)."""
        return cls(game_spec(module, "module").from_json(text).history(), **kw)

    @classmethod
    def from_states(cls, states: Sequence[Any], **kw: Any) -> GameStepper:
        return cls(states, **kw)

    def __repr__(self) -> str:
        # ipywidgets' repr lists every child's value: megabytes of SVG that the notebook's
        # text/plain output then cuts to 110 characters (0.1-0.2 s per display).
        return f"GameStepper({len(self.panels)} game(s), state {self.index} of {len(self.states)})"

    # -- behaviour ------------------------------------------------------------------------------
    @property
    def panel(self) -> _Panel:
        """The game shown first (the one dealt by the seed box and pickers)."""
        return self.panels[0]

    def set_states(self, states: Sequence[Any]) -> None:
        states = check_states(states)
        self.states = states
        first_label = f"seed {self.seed_box.value} (as dealt)" if self._regenerate else "this game"
        games = [(first_label, states)] + self._extra
        if not self.offline and len(games) == 1 and len(self.panels) == 1:
            # A new deal in a live page: the same widgets show the new game (new ones would
            # be sent to the page, and the old ones kept in the kernel for nothing).
            self.panels[0].load(states)
        else:
            self.panels = [_Panel(s, self._render, offline=self.offline) for _label, s in games]
            self.games.children = self.panels
        self.games.selected_index = 0
        self.game_picker.options = [(label, i) for i, (label, _s) in enumerate(games)]
        self.game_picker.index = 0
        self.game_picker.layout.display = None if len(games) > 1 else "none"

    def regenerate(self) -> None:
        """Deal a new game from the seed box and the variant pickers."""
        if self._regenerate is None or self._guard:
            return
        flags = {name: dd.value for name, dd in self.flag_pickers.items()}
        try:
            seed = check_int(self.seed_box.value, "seed", 0)
            states = self._regenerate(seed, flags)
        except RuleError as exc:
            self.error.value = f'<span style="color:#b00">{escape(exc)}</span>'
            return
        self.error.value = ""
        self._extra = []
        self.set_states(states)

    def show(self, index: int) -> None:
        """Show state ``index`` (clamped to the game)."""
        self.panel.show(check_int(index, "index"))

    def forward(self) -> None:
        self.show(self.index + 1)

    def back(self) -> None:
        self.show(self.index - 1)

    @property
    def index(self) -> int:
        value: int = self.panel.slider.value  # an IntSlider's value (untyped to mypy)
        return value

    @property
    def state(self) -> Any:
        return self.states[self.index]

    # The current game's controls and views, by their old names.
    first_button = property(lambda self: self.panel.first_button)
    back_button = property(lambda self: self.panel.back_button)
    forward_button = property(lambda self: self.panel.forward_button)
    last_button = property(lambda self: self.panel.last_button)
    slider = property(lambda self: self.panel.slider)
    moves = property(lambda self: self.panel.moves)
    play = property(lambda self: self.panel.play)

    @property
    def view(self) -> widgets.HTML:
        """The HTML view of the state shown."""
        return self.panel.shown

    @property
    def caption(self) -> widgets.HTML:
        return self.panel.shown_caption


def _default_extra(rules: Any, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """The next seed, and this seed under the first flag's first other reading."""
    extra: list[tuple[int, dict[str, Any]]] = [(seed + 1, {})]
    for info in type(rules).flags():
        others = [c for c in (info.choices or ()) if c != getattr(rules, info.name)]
        if others:
            extra.append((seed, {info.name: others[0]}))
            break
    return extra


__all__ = ["GameStepper", "default_render", "move_label", "MAX_STATES", "EXTRA_STATES"]
