"""Widgets that keep working in an exported page, where no kernel runs.

An exported explainer carries the widgets' state but no Python: a callback never runs there. What
still works is everything the browser does alone: a slider moving, a dropdown choosing, a
``Stack`` showing one of its children, and ``jslink`` copying one widget's value into another.
So the views here render every case once, in the kernel, and let the controls pick one:

- :func:`precomputed`: an explorer over a small finite input (a dropdown, a few sliders). Every
  combination is rendered up front; nested ``Stack`` s, whose ``selected_index`` is ``jslink`` ed to
  each control's ``index``, show the chosen one, live or exported alike.
- :func:`live_only`: an explorer over open input (a trick builder). It keeps its Python callbacks;
  when the notebook is being exported (:func:`exporting`) its controls are disabled with one line
  saying what they do in a live notebook, and a short :func:`gallery` of precomputed cases
  (itself a :func:`precomputed` picker) is shown instead.

The export (``python -m doppelnb explainers``) sets ``DOPPELNB_EXPORT=1`` in the kernel it runs.
"""

from __future__ import annotations

import base64
import gzip
import os
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.checks import check_instance, check_sequence, check_str, fail
from ..core.errors import BadInput
from ..core.render import escape, to_markup

EXPORT_ENV = "DOPPELNB_EXPORT"
LIVE_HINT = ("open this notebook live (<code>make lab</code>) or as an app "
             "(<code>make app</code>)")
# Beyond this many rendered cases an explorer is open input: use live_only + gallery instead.
MAX_CASES = 400


_LONG_NUMBER = re.compile(r'="(-?\d+\.\d)\d*"')
_FONT_STYLE = re.compile(r'style="font-family:(?:&#x27;|\')DejaVu Sans(?:&#x27;|\'),Verdana,sans-serif"')


#: renderings longer than this are stored gzip-packed in an exported page
PACK_OVER = 1500


def compact(markup: Any, *, pack: bool | None = None) -> str:
    """The markup of a rendering, made smaller without changing what it shows.

    Pre-rendered cases are stored in the page, so bytes count: numbers in attributes keep one
    decimal (a tenth of a pixel), the default font moves from a ``style`` to the shorter
    presentation attribute, and ``opacity="1"`` (the default) goes. When exporting (or with
    ``pack=True``) a long rendering is stored gzip-compressed, base64-encoded, in a
    ``<doppelnb-z>`` element that the exported page's script unpacks in the browser
    (``DecompressionStream``): a game's 185 pictures take about a tenth of the room.
    """
    text = markup if isinstance(markup, str) else to_markup(markup)
    text = _LONG_NUMBER.sub(r'="\1"', text)
    text = _FONT_STYLE.sub('font-family="DejaVu Sans,Verdana,sans-serif"', text)
    text = text.replace(' opacity="1"', "")
    if ((exporting() if pack is None else pack) and len(text) > PACK_OVER
            and "<doppelnb-z" not in text):
        packed = base64.b64encode(gzip.compress(text.encode("utf-8"), mtime=0)).decode("ascii")
        text = f'<doppelnb-z data-z="{packed}"></doppelnb-z>'
    return text


_SHARED: dict[tuple[str, tuple[tuple[str, Any], ...]], widgets.Widget] = {}


def _shared(cls: type[widgets.Widget], traits: dict[str, Any]) -> Any:
    key = (cls.__name__, tuple(sorted(traits.items())))
    model = _SHARED.get(key)
    if model is None or getattr(model, "comm", None) is None:  # none yet, or closed since
        model = _SHARED[key] = cls(**traits)
    return model


def shared_layout(**traits: Any) -> widgets.Layout:
    """One ``Layout`` model for every widget laid out alike (``width="auto"``, ...).

    Every widget otherwise gets a Layout model of its own, and most a style model too, and a
    page fetches and builds each model before it draws anything: half of a chapter's widgets
    were these. So widgets laid out alike share one. Never change a shared layout's trait
    for one widget (``w.layout.display = "none"``): it would change for all of them; a widget
    whose layout changes (a row shown or hidden) keeps a layout of its own.
    """
    layout: widgets.Layout = _shared(widgets.Layout, traits)
    return layout


def shared_style(cls: type[widgets.Widget], **traits: Any) -> Any:
    """One style model of ``cls`` (``ButtonStyle``, ``HTMLStyle``, ``DescriptionStyle``, ...)
    for every widget styled alike; as for :func:`shared_layout`, never change it for one."""
    return _shared(cls, traits)


def page(markup: Any) -> widgets.HTML:
    """An ``HTML`` view of one pre-rendered case, sharing one layout and one style model with
    every other case (a page holds hundreds: each model costs room in the page)."""
    return widgets.HTML(compact(markup), layout=shared_layout(),
                        style=shared_style(widgets.widget_string.HTMLStyle))


def exporting() -> bool:
    """Whether this kernel runs for an exported page (``DOPPELNB_EXPORT=1``)."""
    return os.environ.get(EXPORT_ENV, "") == "1"


def note(text: str) -> widgets.HTML:
    """One line saying what a disabled control does in a live notebook."""
    w = widgets.HTML(f'<div class="doppelnb-live-note" role="note">ⓘ {text}</div>')
    w.add_class("doppelnb-live-note")
    return w


def _controls(root: widgets.Widget) -> list[widgets.Widget]:
    found: list[widgets.Widget] = []
    stack = [root]
    while stack:
        w = stack.pop()
        if isinstance(w, widgets.Box):
            stack.extend(reversed(list(w.children)))
        elif hasattr(w, "disabled"):
            found.append(w)
    return found


def live_only(explorer: widgets.Box, what: str, *,
              gallery: widgets.Widget | Callable[[], widgets.Widget] | None = None,
              force: bool | None = None) -> widgets.Box:
    """``explorer`` unchanged in a live notebook; exported, its controls disabled with a reason.

    ``what`` says in a few words what the controls do ("pick the cards of a trick"). In an export
    (or with ``force=True``) every control (button, slider, picker, box) is disabled, its tooltip
    gives the reason, a note line goes first and ``gallery`` (a widget, or a function building
    one, called only when exporting) goes last. The box is changed in place and returned.
    """
    check_instance(explorer, "explorer", widgets.Box)
    if not check_str(what, "what", max_len=300).strip():
        raise fail("what", "a sentence saying what the controls do", what)
    if gallery is not None and not (callable(gallery) or isinstance(gallery, widgets.Widget)):
        raise fail("gallery", "a widget or a function returning one", gallery)
    offline = exporting() if force is None else bool(force)
    if not offline:
        return explorer
    reason = f"Needs a live notebook: {what}."
    for w in _controls(explorer):
        if isinstance(w, widgets.HTML | widgets.HTMLMath | widgets.Label):
            continue
        w.disabled = True
        if hasattr(w, "tooltip"):
            w.tooltip = reason
        w.add_class("doppelnb-live-only")
    explorer.add_class("doppelnb-live-only-box")
    extra: list[widgets.Widget] = []
    if gallery is not None:
        built = gallery() if not isinstance(gallery, widgets.Widget) else gallery
        check_instance(built, "gallery", widgets.Widget)
        extra.append(widgets.HTML("<b>Precomputed cases</b> (these work in this page):"))
        extra.append(built)
    explorer.children = [note(f"In a live notebook you can {escape(what)} here. This page has "
                              f"no Python behind it, so these controls are off: {LIVE_HINT}."),
                         *explorer.children, *extra]
    return explorer


def _index_of(control: widgets.Widget) -> tuple[str, int]:
    """The synced attribute of ``control`` that counts its choices from 0, and how many."""
    if isinstance(control, widgets.widget_selection._Selection):
        return "index", len(control.options)
    raise fail("controls", "selection widgets (Dropdown, ToggleButtons, SelectionSlider, "
               "Select, RadioButtons)", control)


def precomputed(controls: dict[str, widgets.Widget], render: Callable[..., str], *,
                layout: Callable[[list[widgets.Widget], widgets.Widget], widgets.Widget]
                | None = None) -> widgets.VBox:
    """An explorer whose every case is rendered now and chosen in the browser.

    ``controls`` maps a keyword of ``render`` to a selection widget (``Dropdown``,
    ``ToggleButtons``, ``SelectionSlider``, ...); ``render(**values)`` returns the HTML of one
    case. Nested ``Stack`` s, one level per control, hold every combination; each level's
    ``selected_index`` is ``jslink`` ed to its control's ``index``, so the page needs no kernel.
    """
    if not isinstance(controls, dict) or not controls:
        raise fail("controls", "a non-empty dict of name -> selection widget", controls)
    if not callable(render):
        raise fail("render", "a function returning HTML", render)
    sizes = [_index_of(c)[1] for c in controls.values()]
    total = 1
    for n in sizes:
        total *= n
    if total > MAX_CASES:
        raise BadInput("NB-ARG", f"{total} cases are too many to precompute (at most "
                       f"{MAX_CASES}); use live_only() with a gallery instead")
    names = list(controls)
    options = [[value for _label, value in _pairs(controls[n])] for n in names]

    links: list[widgets.widget_link.Link] = []

    def build(level: int, chosen: tuple[Any, ...]) -> widgets.Widget:
        if level == len(names):
            case = page(render(**dict(zip(names, chosen, strict=True))))
            case.add_class("doppelnb-case")
            return case
        stack = widgets.Stack([build(level + 1, chosen + (v,)) for v in options[level]],
                              selected_index=controls[names[level]].index or 0)
        links.append(widgets.jslink((controls[names[level]], "index"), (stack, "selected_index")))
        return stack

    view = build(0, ())
    view.add_class("doppelnb-precomputed-view")
    box = layout(list(controls.values()), view) if layout else widgets.VBox(
        [widgets.HBox(list(controls.values())), view])
    box.add_class("doppelnb-precomputed")
    box.links = links  # the jslinks (kept for tests and for anyone who wants to unlink)
    return box


def _pairs(control: widgets.Widget) -> list[tuple[str, Any]]:
    labels = list(control._options_labels)
    values = list(control._options_values)
    return list(zip(labels, values, strict=True))


def gallery(cases: Sequence[tuple[str, str]], *, description: str = "example") -> widgets.VBox:
    """A picker over a few precomputed cases: ``[(label, html), ...]``; works offline."""
    cases = check_sequence(cases, "cases", min_len=1, max_len=MAX_CASES)
    for item in cases:
        if not (isinstance(item, tuple) and len(item) == 2 and all(isinstance(x, str)
                                                                   for x in item)):
            raise fail("cases", "(label, html) pairs of strings", item)
    picker = widgets.Dropdown(options=[(label, i) for i, (label, _h) in enumerate(cases)],
                              value=0, description=description,
                              tooltip=f"choose a precomputed {description}",
                              style={"description_width": "initial"})
    htmls = [h for _label, h in cases]
    box = precomputed({"i": picker}, lambda i: htmls[i])
    box.add_class("doppelnb-gallery")
    return box


__all__ = ["compact", "page", "shared_layout", "shared_style", "exporting", "live_only", "precomputed", "gallery", "note", "EXPORT_ENV"]
