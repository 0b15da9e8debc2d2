"""One generic game stepper that every game's notebook reuses.

It is thin: the engine plays and renders, the stepper only keeps a list of states (rebuilt from
the game record) and shows one of them. Controls: first / back / forward / last, a slider and a
move list, a seed box with a "Deal" button and a picker for each variant flag.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from ..core.errors import RuleError
from ..core.render import escape, to_markup
from ..core.state import GameState, Policy, playout, random_policy


def default_render(state: GameState) -> str:
    return to_markup(state)


def move_label(before: GameState, after: GameState) -> str:
    """"P2: Y5" for the action that led from ``before`` to ``after``."""
    raw = after.actions[-1]
    try:
        text = before.action_label(before.parse_action(raw))
    except RuleError:
        text = str(raw)
    who = before.to_move
    return f"P{who + 1}: {text}" if who is not None else text


class GameStepper(widgets.VBox):
    """Step back and forth through a game's states.

    Build it with :meth:`for_game` (a seeded game played by a policy, with seed and variant
    controls), :meth:`from_record` (a JSON game record) or :meth:`from_states` (any list of states).
    """

    def __init__(self, states: Sequence[GameState], *, render: Callable[[GameState], str] | None
                 = None, regenerate: Callable[[int, dict], list[GameState]] | None = None,
                 rules_cls: type | None = None, seed: int | None = None, title: str = ""):
        self._render = render or default_render
        self._regenerate = regenerate
        self._guard = False
        self.states: list[GameState] = []
        self.index = 0

        button = dict(layout=widgets.Layout(width="44px"))
        self.first_button = widgets.Button(description="⏮", tooltip="first state", **button)
        self.back_button = widgets.Button(description="◀", tooltip="back one action", **button)
        self.forward_button = widgets.Button(description="▶", tooltip="forward one action",
                                             **button)
        self.last_button = widgets.Button(description="⏭", tooltip="last state", **button)
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description="step",
                                        continuous_update=True,
                                        layout=widgets.Layout(width="340px"))
        self.caption = widgets.HTML()
        self.view = widgets.HTML(layout=widgets.Layout(min_height="120px"))
        self.moves = widgets.Select(options=[], rows=12, description="moves",
                                    layout=widgets.Layout(width="260px"))
        self.error = widgets.HTML()

        self.first_button.on_click(lambda _: self.show(0))
        self.back_button.on_click(lambda _: self.show(self.index - 1))
        self.forward_button.on_click(lambda _: self.show(self.index + 1))
        self.last_button.on_click(lambda _: self.show(len(self.states) - 1))
        self.slider.observe(lambda ch: self.show(ch["new"]), names="value")
        self.moves.observe(self._on_move, names="value")

        controls = [self.first_button, self.back_button, self.forward_button, self.last_button,
                    self.slider]
        rows: list[widgets.Widget] = []
        if title:
            rows.append(widgets.HTML(f"<b>{escape(title)}</b>"))
        self.seed_box = widgets.IntText(value=seed or 0, description="seed",
                                        layout=widgets.Layout(width="170px"))
        self.deal_button = widgets.Button(description="Deal", tooltip="a new game with this seed",
                                          button_style="primary",
                                          layout=widgets.Layout(width="70px"))
        self.flag_pickers: dict[str, widgets.Dropdown] = {}
        if regenerate is not None:
            self.deal_button.on_click(lambda _: self.regenerate())
            pickers = []
            for info in (rules_cls.flags() if rules_cls else []):
                if not info.choices:
                    continue
                dd = widgets.Dropdown(options=[(str(c), c) for c in info.choices],
                                      value=info.default, description=info.name,
                                      tooltip=f"{info.rule}: {info.doc}",
                                      style={"description_width": "initial"})
                dd.observe(lambda _ch: self.regenerate(), names="value")
                self.flag_pickers[info.name] = dd
                pickers.append(dd)
            rows.append(widgets.HBox([self.seed_box, self.deal_button]))
            if pickers:
                rows.append(widgets.Accordion(children=[widgets.GridBox(
                    pickers, layout=widgets.Layout(
                        grid_template_columns="repeat(2, max-content)"))],
                    titles=("variant flags",), selected_index=None))
        rows += [widgets.HBox(controls), self.caption,
                 widgets.HBox([self.view, self.moves]), self.error]
        super().__init__(rows)
        self.set_states(list(states))

    # -- builders -------------------------------------------------------------------------------
    @classmethod
    def for_game(cls, module: ModuleType, players: int, *, seed: int = 1, rules: Any = None,
                 policy: Policy = random_policy, render: Callable | None = None,
                 title: str = "", **options: Any) -> GameStepper:
        """A seeded game of ``module`` played out by ``policy``; seed and flags can be changed."""
        base_rules = rules if rules is not None else module.Rules()

        def regenerate(new_seed: int, flag_values: dict) -> list[GameState]:
            game_rules = base_rules.replace(**flag_values) if flag_values else base_rules
            start = module.new_game(players, rules=game_rules, seed=new_seed, **options)
            return list(playout(start, policy, seed=new_seed))

        stepper = cls(regenerate(seed, {}), render=render, regenerate=regenerate,
                      rules_cls=type(base_rules), seed=seed, title=title)
        for name, dd in stepper.flag_pickers.items():
            stepper._guard = True
            dd.value = getattr(base_rules, name)
            stepper._guard = False
        return stepper

    @classmethod
    def from_record(cls, module: ModuleType, text: str, **kw: Any) -> GameStepper:
        """Step through a JSON game record (``BadInput`` if it is malformed)."""
        return cls(module.from_json(text).history(), **kw)

    @classmethod
    def from_states(cls, states: Sequence[GameState], **kw: Any) -> GameStepper:
        return cls(states, **kw)

    # -- behaviour ------------------------------------------------------------------------------
    def set_states(self, states: list[GameState]) -> None:
        if not states:
            raise ValueError("a stepper needs at least one state")
        self.states = states
        labels = ["start"] + [f"{i}. {move_label(a, b)}"
                              for i, (a, b) in enumerate(zip(states, states[1:], strict=False), 1)]
        self._guard = True
        self.moves.options = [(label, i) for i, label in enumerate(labels)]
        self.slider.max = len(states) - 1
        self._guard = False
        self.show(0, force=True)

    def regenerate(self) -> None:
        """Deal a new game from the seed box and the variant pickers."""
        if self._regenerate is None or self._guard:
            return
        flags = {name: dd.value for name, dd in self.flag_pickers.items()}
        try:
            states = self._regenerate(int(self.seed_box.value), flags)
        except RuleError as exc:
            self.error.value = f'<span style="color:#b00">{escape(exc)}</span>'
            return
        self.error.value = ""
        self.set_states(states)

    def show(self, index: int, force: bool = False) -> None:
        """Show state ``index`` (clamped to the game)."""
        if self._guard and not force:
            return
        index = max(0, min(len(self.states) - 1, int(index)))
        if index == self.index and not force:
            return
        self.index = index
        self._guard = True
        try:
            self.slider.value = index
            self.moves.value = index
        finally:
            self._guard = False
        state = self.states[index]
        last = self.moves.options[index][0] if index else "the game as dealt"
        self.caption.value = (f"step {index} of {len(self.states) - 1}: {escape(last)}")
        self.view.value = self._render(state)
        self.back_button.disabled = self.first_button.disabled = index == 0
        self.forward_button.disabled = self.last_button.disabled = index == len(self.states) - 1

    def forward(self) -> None:
        self.show(self.index + 1)

    def back(self) -> None:
        self.show(self.index - 1)

    @property
    def state(self) -> GameState:
        return self.states[self.index]

    def _on_move(self, change: dict) -> None:
        if change["new"] is not None:
            self.show(change["new"])


__all__ = ["GameStepper", "default_render", "move_label"]
