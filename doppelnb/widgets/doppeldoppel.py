"""Doppeldoppel views for notebooks: thin ipywidgets over the engine's own renderings.

- :func:`stepper`: the generic :class:`GameStepper` configured for Doppeldoppel.
- :class:`TrickBuilder`: pick the cards of a trick and the reversal flags, see how
  :func:`~doppelnb.engines.doppeldoppel.resolve_trick` decides it and why.
- :class:`ScoreExplorer`: set how many cards of each rank were acquired, see the round score.

Nothing here decides a rule; every result comes from :mod:`doppelnb.engines.doppeldoppel`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import ipywidgets as widgets

from ..core.checks import check_instance, check_int, check_mapping, check_sequence, fail
from ..core.errors import RuleError
from ..core.render import escape
from ..core.state import playout, random_policy
from ..engines import doppeldoppel as dd
from ..engines.doppeldoppel.teaching import SETTING_WORDS, reading_label, setting_label
from .offline import exporting, gallery, live_only
from .stepper import GameStepper

#: the rulebook's and digest's tricks (DD-E1..E3, DD-T4..T8), shown precomputed in an export
TRICK_GALLERY = [("DD-E1: the highest yellow wins", ["Y2", "R4", "Y5", "Y6"]),
                 ("DD-E2: the lead card collides", ["Y5", "Y2", "Y4", "R5"]),
                 ("DD-E3: no yellow survives", ["Y4", "R4", "B5", "R2"]),
                 ("DD-T4: two pairs collide", ["Y4", "R4", "B5", "Y5"]),
                 ("DD-T6: the lowest yellow wins (reversed)", ["Y5", "Y3", "Y6", "R1"]),
                 ("DD-T7: the 3s collide, still reversed", ["Y3", "B3", "Y5", "Y2"]),
                 ("DD-T8: reversed fallback", ["Y4", "R4", "B3", "R6"])]
#: piles of kept cards shown precomputed in an export (DD-E4 first)
SCORE_GALLERY = [("DD-E4: 1, 1, 2, 2, 3", {1: 2, 2: 2, 3: 1}),
                 ("three 1s", {1: 3}), ("two 5s", {5: 2}), ("two 5s and a 6", {5: 2, 6: 1}),
                 ("one 4", {4: 1}), ("two 2s, two 4s", {2: 2, 4: 2})]

_TRICK_FLAGS = ("reversal_trigger", "reversal_affects_fallback", "reversal_scope")


def stepper(players: int = 3, *, seed: int = 1, rules: dd.Rules | None = None,
            rounds: int | None = None, **kw: Any) -> GameStepper:
    """A seeded Doppeldoppel game played by random legal moves, with seed and variant pickers.

    ``rounds`` (1 up to the number of rounds) keeps the states of the first rounds only, up to
    the deal of the next one (its score sheet shows the round just scored): a shorter stepper
    renders faster. Every game the stepper deals (another seed, another reading) is cut the
    same way; an exported page also holds the next seed, cut the same way.
    """
    if rounds is None:
        title = f"Doppeldoppel, {players} players (random legal moves)"
        return GameStepper.for_game(dd, players, seed=seed, rules=rules, title=title, **kw)
    players = check_int(players, "players", 3, 4)
    rounds = check_int(rounds, "rounds", 1, players)
    seed = check_int(seed, "seed", 0)
    base = dd.Rules() if rules is None else check_instance(rules, "rules", dd.Rules)

    def regenerate(new_seed: int, flag_values: dict[str, Any]) -> list[Any]:
        game_rules = base.replace(**flag_values) if flag_values else base
        states = []
        for state in playout(dd.new_game(players, rules=game_rules, seed=new_seed, **kw),
                             random_policy, seed=new_seed):
            states.append(state)
            if state.round >= rounds or state.over:
                break
        return states

    extra = [(f"seed {seed + 1}", regenerate(seed + 1, {}))] if exporting() else []
    title = (f"Doppeldoppel, {players} players (random legal moves), "
             f"round{'s' if rounds > 1 else ''} 1{f'-{rounds}' if rounds > 1 else ''}")
    view = GameStepper(regenerate(seed, {}), regenerate=regenerate, rules_cls=dd.Rules,
                       seed=seed, title=title, extra_games=extra)
    for name, picker in view.flag_pickers.items():  # show the readings this game is dealt with
        view._guard = True
        if name in SETTING_WORDS:  # plain words on the controls, the code name in the tooltip
            plain = _flag_picker(name, getattr(base, name))
            picker.options = plain.options
            picker.description = plain.description
            picker.layout.width = plain.layout.width
            plain.close()
        picker.value = getattr(base, name)
        view._guard = False
    return view


def _flag_picker(name: str, value: Any) -> widgets.Dropdown:
    """A reading picker in plain words (the flag's code name only in the tooltip)."""
    info = next(f for f in dd.Rules.flags() if f.name == name)
    # Only choice flags get a picker: their readings are always listed (never None).
    options = _reading_options(name)
    # wide enough for the description and the longest reading (none cut off, issue 25)
    width = 8 * (len(setting_label(name)) + max(len(label) for label, _ in options)) + 60
    return widgets.Dropdown(options=options, value=value, description=setting_label(name),
                            tooltip=f"{info.rule}: {info.doc} (dd.Rules({name}=...))",
                            style={"description_width": "initial"},
                            layout=widgets.Layout(width=f"{width}px"))


def _reading_options(name: str) -> list[tuple[str, Any]]:
    info = next(f for f in dd.Rules.flags() if f.name == name)
    return [(reading_label(name, c), c) for c in info.choices or ()]


class TrickBuilder(widgets.VBox):
    """Choose the cards of one trick (leader first) and see it resolved, with the reason.

    >>> tb = TrickBuilder(["Y3", "B3", "Y5", "Y2"])
    >>> tb.result.winner
    3
    """

    def __init__(self, cards: list[str] | None = None, rules: dd.Rules | None = None):
        self.rules = dd.Rules() if rules is None else check_instance(rules, "rules", dd.Rules)
        cards = list(check_sequence(["Y5", "Y3", "Y6", "R1"] if cards is None else cards,
                                    "cards", min_len=3, max_len=4))
        cards = [str(c) for c in dd.parse_cards(cards)]
        options = [str(c) for c in dd.sort_cards(dd.Card(col, r) for col in dd.COLOURS
                                                 for r in dd.RANKS)]
        self.players = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                             value=len(cards),
                                             description="players")
        self.pickers = [widgets.Dropdown(options=options, value=str(dd.parse_card(c)),
                                         description=f"P{i + 1}" + (" leads" if i == 0 else ""),
                                         layout=widgets.Layout(width="150px"))
                        for i, c in enumerate(cards + ["B6"] * (4 - len(cards)))]
        self.flags = {name: _flag_picker(name, getattr(self.rules, name)) for name in _TRICK_FLAGS}
        self.reversed_before = widgets.Checkbox(
            value=False, description="already reversed by an earlier 3 this round "
            "(only when a 3 reverses for the rest of the round)",
            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.view = widgets.HTML()
        self.result: dd.TrickResult | None = None
        for w in [self.players, *self.pickers, *self.flags.values(), self.reversed_before]:
            w.observe(lambda _change: self.update(), names="value")
        super().__init__([self.players, widgets.HBox(self.pickers),
                          widgets.VBox(list(self.flags.values())), self.reversed_before,
                          self.view])
        self.update()
        live_only(self, "pick the cards of a trick and the reversal readings and see how it "
                  "is resolved", gallery=lambda: trick_gallery(self.rules))

    def cards(self) -> list[str]:
        return [p.value for p in self.pickers[: self.players.value]]

    def update(self) -> None:
        n = self.players.value
        for i, p in enumerate(self.pickers):
            p.layout.display = None if i < n else "none"
        try:
            rules = self.rules.replace(**{k: w.value for k, w in self.flags.items()})
            self.result = dd.resolve_trick(self.cards(), rules,
                                           reversed_before=self.reversed_before.value)
        except RuleError as exc:
            self.result = None
            self.view.value = f'<span style="color:#b00">{escape(exc)}</span>'
            return
        note = self._deck_note(rules)
        self.view.value = self.result._repr_svg_() + note

    def _deck_note(self, rules: dd.Rules) -> str:
        need = Counter(dd.parse_cards(self.cards()))
        have = rules.deck_counts()
        short = [f"{c} ({k} played, {have.get(c, 0)} in the deck)" for c, k in need.items()
                 if k > have.get(c, 0)]
        if not short:
            return ""
        return ('<div style="color:#a60">This trick cannot happen with the illustrative deck: '
                f"{escape(', '.join(short))}.</div>")


class ScoreExplorer(widgets.VBox):
    """Six number boxes (acquired cards of each rank) and the round score, rank by rank.

    Number boxes, not sliders: ipywidgets ties a box's ``description`` to it (``<label for>``),
    so a screen reader announces "1s kept"; a slider's handle stays unnamed in a live page.
    """

    def __init__(self, rules: dd.Rules | None = None, counts: dict[int, int] | None = None):
        self.rules = dd.Rules() if rules is None else check_instance(rules, "rules", dd.Rules)
        totals = self.rules.rank_totals()
        counts = check_mapping({} if counts is None else counts, "counts", keys=dd.RANKS,
                               item=lambda v, name: check_int(v, name, 0))
        for rank, n in counts.items():
            if n > max(totals[rank], 1):
                raise fail(f"counts[{rank}]", f"at most {totals[rank]} (the deck's {rank}s)", n)
        self.kept = {r: widgets.BoundedIntText(value=counts.get(r, 0), min=0,
                                               max=max(totals[r], 1), description=f"{r}s kept",
                                               tooltip=f"cards of rank {r} kept this round "
                                               f"(0 to {max(totals[r], 1)})",
                                               layout=widgets.Layout(width="160px"))
                     for r in dd.RANKS}
        self.rank4 = _flag_picker("rank4_zero_rule", self.rules.rank4_zero_rule)
        self.view = widgets.HTML()
        for w in [*self.kept.values(), self.rank4]:
            w.observe(lambda _change: self.update(), names="value")
        super().__init__([widgets.HBox([widgets.VBox(list(self.kept.values())),
                                        widgets.VBox([self.rank4, self.view])])])
        self.update()
        live_only(self, "set how many cards of each rank were kept and see the round score",
                  gallery=lambda: score_gallery(self.rules))

    def counts(self) -> dict[int, int]:
        return {r: box.value for r, box in self.kept.items()}

    def update(self) -> None:
        rules = self.rules.replace(rank4_zero_rule=self.rank4.value)
        self.breakdown = dd.score_breakdown(self.counts(), rules)
        self.view.value = self.breakdown._repr_html_()


def trick_gallery(rules: dd.Rules | None = None) -> widgets.VBox:
    """The rulebook's and digest's tricks, resolved, picked from a list (works offline)."""
    rules = dd.Rules() if rules is None else check_instance(rules, "rules", dd.Rules)
    return gallery([(label, dd.resolve_trick(cards, rules)._repr_svg_())
                    for label, cards in TRICK_GALLERY], description="trick")


def score_gallery(rules: dd.Rules | None = None) -> widgets.VBox:
    """A few kept piles and their round scores, picked from a list (works offline)."""
    rules = dd.Rules() if rules is None else check_instance(rules, "rules", dd.Rules)
    return gallery([(label, dd.score_breakdown(pile, rules)._repr_html_())
                    for label, pile in SCORE_GALLERY], description="pile")


__all__ = ["stepper", "TrickBuilder", "ScoreExplorer", "trick_gallery", "score_gallery"]
