"""Renderings: the table (heroes, damage, exhaustion, tokens), the Quest card and pool, the bag.

Pure SVG/HTML strings built with :mod:`doppelnb.core.render`; nothing here imports widgets.
Everything drawn from the card data is labelled illustrative (DQ-A1..A5).

>>> bag_svg(2, 1)._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.checks import (
    check_choice,
    check_instance,
    check_int,
    check_seat,
    check_sequence,
    check_str,
)
from ...core.errors import BadInput
from ...core.render import PALETTE, Html, Svg, html_table, side_by_side, tag
from .actions import PENDING as _PENDING
from .cards import ARTIFACTS, TOKEN_LABELS, card_set
from .rules import BAG

if TYPE_CHECKING:
    from .state import State, View

RED, BLACK, WHITE, GOLD = "#D55E00", "#222222", "#ffffff", "#E69F00"
LOYAL_COLOUR, DOPPEL_COLOUR = PALETTE[0], PALETTE[3]
ILLUSTRATIVE = "made-up illustrative cards: the rulebook prints none (DQ-A1 to DQ-A5)"
LEGEND = "squares: hit points, red = damage taken · black square: exhaustion marker · 🛡 on the quest"
NOTE_GREY = "#555555"
TOKENS_WIDTH = 76 + 74 * 6


def bag_svg(black: int = 2, white: int = 1, *, drawn: Sequence[str] = (),
            shown: str | None = None, title: str = "Bag of Holding",
            note: str | None = None) -> Svg:
    """The Bag of Holding. ``black`` and ``white`` are its dice before a draw; the ``drawn`` ones
    (``"black"``, ``"white"``, or ``"hidden"`` for dice the viewer may not see, DQ-R39) lie
    beside it and leave the bag, the ``shown`` one ringed in gold; ``note`` says under them whose
    they are (default: "drawn", and which colour is shown)."""
    black = check_int(black, "black", 0, 12)
    white = check_int(white, "white", 0, 12)
    drawn = tuple(check_sequence(drawn, "drawn", max_len=2, item=lambda v, n: check_choice(
        v, n, ("black", "white", "hidden"))))
    if shown is not None:
        check_choice(shown, "shown", ("black", "white"))
    title = check_str(title, "title", max_len=100)
    note = check_str(note, "note", max_len=100) if note is not None else (
        ("drawn" + (f", {shown} shown" if shown else "")) if drawn else "")
    if drawn.count("black") > black or drawn.count("white") > white or \
            len(drawn) > black + white:
        raise BadInput("NB-ARG", f"cannot draw {', '.join(drawn)} from a bag of {black} black "
                       f"and {white} white dice")
    if "hidden" in drawn:  # the viewer cannot tell which colours are left in the bag either
        inside = ["hidden"] * (black + white - len(drawn))
    else:
        inside = ["black"] * (black - drawn.count("black")) + \
            ["white"] * (white - drawn.count("white"))
    slots = max(3, black + white)
    bag_w = 30 * slots + 20
    width = max(bag_w + 20, bag_w + 30 + 40 * len(drawn), bag_w + 30 + 6.2 * len(note) + 8,
                8 + 6.6 * len(title))
    svg = Svg(round(width), 92, title=title, role="img")
    svg.element("path", d=f"M10,30 Q10,86 {bag_w / 2 + 10},86 Q{bag_w + 10},86 {bag_w + 10},30 "
                f"L{bag_w - 5},18 L25,18 Z", fill="#8d6e63", stroke="#4e342e", stroke_width=2)
    svg.text(4, 12, title, size=11)
    for i, colour in enumerate(inside):
        _die(svg, 22 + 30 * i, 44, 22, colour)
    x = bag_w + 30
    for colour in drawn:
        ring = shown == colour
        _die(svg, x, 38, 26, colour, ring=ring)
        x += 40
    if note:
        svg.text(bag_w + 30, 80, note, size=10)
    return svg


def _die(svg: Svg, x: float, y: float, size: float, colour: str, *, ring: bool = False) -> None:
    """One die: black, white, or grey with a '?' when its colour is hidden from the viewer."""
    fill = {"black": BLACK, "white": WHITE, "hidden": "#9e9e9e"}[colour]
    svg.rect(x, y, size, size, rx=4, fill=fill, stroke=GOLD if ring else "#000",
             stroke_width=4 if ring else 1)
    if colour == "hidden":
        svg.text(x + size / 2, y + size * 0.7, "?", size=size * 0.6, anchor="middle",
                 fill="#000")


def _hero_box(state: State, seat: int, viewer: int | None) -> Svg:
    svg = Svg(128, 150)
    q = state.q
    on_quest = bool(q and seat in q.party)
    svg.rect(1, 1, 126, 148, rx=8, fill="#f4f6fb" if on_quest else "#fbfaf4",
             stroke=GOLD if seat == state.pl else "#999", stroke_width=3 if seat == state.pl else 1)
    label = f"P{seat + 1}" + ("  ⚑ leader" if seat == state.pl else "")
    svg.text(8, 16, label, size=11, font_weight="bold")
    if on_quest:
        svg.text(118, 16, "🛡", size=12, anchor="end")
    name = state.heroes[seat]
    if name is None:
        svg.text(8, 36, "(drafting)", size=11)
        return svg
    hero = state.hero(seat)
    svg.text(8, 34, hero.name, size=13, font_weight="bold")
    svg.text(8, 49, f"{hero.weapon} · {hero.ability}", size=10)
    for i in range(hero.hp):  # hit points; red cubes are Damage
        hit = i < state.damage[seat]
        svg.rect(8 + 14 * (i % 8), 56 + 14 * (i // 8), 11, 11, fill=RED if hit else "#fff",
                 stroke="#a33")
    y = 56 + 14 * ((hero.hp - 1) // 8 + 1) + 4
    svg.rect(8, y, 11, 11, fill=BLACK if state.exhausted[seat] else "#fff", stroke="#000",
             stroke_dasharray=None if state.exhausted[seat] else "2,2")
    svg.text(24, y + 10, "exhausted" if state.exhausted[seat] else "rested", size=10)
    svg.text(8, y + 26, f"re-rolls {state.rerolls[seat]} · cards {len(state.hands[seat])}",
             size=10)
    if q is not None:
        card = q.item_of(seat)
        if card:
            svg.text(8, y + 40, "▶ " + state.cards.card_name(card), size=10)
    if viewer == seat or state.is_over:
        role = state.loyalty[seat]
        colour = DOPPEL_COLOUR if role == "doppelganger" else LOYAL_COLOUR
        svg.rect(8, y + 46, 82, 16, rx=3, fill=colour)
        svg.text(49, y + 58, "Doppelgänger" if role == "doppelganger" else "Loyal", size=10,
                 anchor="middle", fill="#fff")
    return svg


def tokens_svg(state: State, viewer: int | None = None) -> Svg:
    """The Light and Darkness rows; face-down tokens show '?' (or what ``viewer`` peeked), face-up
    artifacts have a gold frame."""
    svg = Svg(TOKENS_WIDTH, 84, title="Light and Darkness tokens", role="img")
    peeks = "\n".join(state.secrets[viewer]) if viewer is not None else ""
    for r, (name, row, fill) in enumerate((("Light", state.light, "#fff3c4"),
                                           ("Darkness", state.dark, "#cfc8d8"))):
        y = 4 + 40 * r
        svg.text(4, y + 21, name, size=11, font_weight="bold")
        for i, (token, up) in enumerate(row):
            x = 76 + 74 * i
            key = "light" if name == "Light" else "dark"
            known = f"peeked: {key} token {i + 1} is" in peeks
            artifact = token in ARTIFACTS and up
            svg.rect(x, y, 68, 32, rx=8, fill=fill if up else "#555",
                     stroke=GOLD if artifact else "#333", stroke_width=3 if artifact else 1)
            label = TOKEN_LABELS[token] if up or known else "?"
            lines = textwrap.wrap(label, 9) or [label]
            for j, line in enumerate(lines[:2]):
                size = 9.5 if up or known else 12
                base = y + 20 if len(lines) == 1 else y + 14 + 11 * j
                svg.text(x + 34, base, line, size=size, anchor="middle",
                         fill="#000" if up else "#fff",
                         font_style=None if up or not known else "italic")
    return svg


def table_svg(state: State, viewer: int | None = None) -> Svg:
    """The table: every hero (damage, exhaustion, re-rolls, cards), the tokens, the animal, and
    a legend for the squares and marks."""
    viewer = _viewer(state, viewer)
    n = state.players
    per_row = 4 if n > 5 else n
    rows = (n + per_row - 1) // per_row
    width = max(132 * per_row + 8, TOKENS_WIDTH + 8)
    svg = Svg(width, 160 * rows + 132, title="the table", role="img")
    for seat in range(n):
        svg.group(_hero_box(state, seat, viewer), 4 + 132 * (seat % per_row),
                  4 + 156 * (seat // per_row))
    y = 160 * rows
    svg.group(tokens_svg(state, viewer), 0, y)
    if state.animal is not None:
        name, power, hp, dmg, alive = state.animal
        status = f"{name}: {power} automatic damage, {hp - dmg}/{hp} hit points" + (
            "" if alive else " (killed)")
        svg.text(4, y + 96, status, size=11)
    svg.text(4, y + 112, LEGEND, size=10, fill=NOTE_GREY)
    svg.text(4, y + 126, ILLUSTRATIVE if state.cards.illustrative else "", size=10,
             fill=NOTE_GREY)
    return svg


def quest_svg(state: State) -> Svg:
    """The Quest card: requirement, the Damage markers on it, reward and penalty, the pool."""
    q = state.q
    svg = Svg(300, 214, title="Quest card", role="img")
    svg.rect(1, 1, 298, 212, rx=10, fill="#fffaf0", stroke="#8d6e63", stroke_width=2)
    if q is None:
        svg.text(150, 100, "no Quest yet", size=13, anchor="middle")
        return svg
    card = q.card
    svg.text(150, 20, f"Quest {q.number}: {card.name}", size=11 if len(card.name) > 28 else 12,
             anchor="middle",
             font_weight="bold")
    svg.text(150, 37, card.requirement, size=12, anchor="middle")
    top = max(card.high or card.low, q.damage) + 2
    step = min(14.0, 270 / max(top, 1))
    for v in range(top + 1):
        x = 14 + v * step
        ok = card.succeeds(v)
        svg.rect(round(x, 1), 48, round(step - 2, 1), 14, fill="#cdeccd" if ok else "#eee",
                 stroke="#bbb")
        if v < q.damage:
            svg.rect(round(x + 2, 1), 51, round(step - 6, 1), 8, fill=RED)
        if v % 5 == 0:
            svg.text(round(x, 1), 74, v, size=9)
    svg.text(14, 90, f"Damage on the card: {q.damage}   friendly fire so far: {q.friendly}",
             size=11)
    svg.text(14, 106, f"success: {card.reward_text}", size=11)
    svg.text(14, 121, f"failure: {card.penalty} Damage (ping-pong)", size=11)
    if q.outcome:
        svg.text(286, 106, q.outcome.upper(), size=13, anchor="end", font_weight="bold",
                 fill="#070" if q.outcome == "success" else "#a00")
    party = ", ".join(f"P{p + 1}" for p in q.party) + (" + animal" if q.animal_in else "")
    svg.text(14, 139, f"party: {party or '(not chosen)'}", size=11)
    for i, (seat, c) in enumerate(q.given):
        svg.text(14 + 142 * (i % 2), 156 + 14 * (i // 2),
                 f"P{seat + 1}: {state.cards.card_name(c)}", size=10)
    if q.pool:
        svg.text(14, 206, f"pool: {len(q.pool)} face-down card(s)", size=10)
    return svg


def state_html(state: State, viewer: int | None = None, log_lines: int = 8) -> Html:
    """:func:`table_view` under the name the widgets and ``_repr_html_`` use."""
    return table_view(state, viewer, log_lines)


def table_view(state: State, viewer: int | None = None, log_lines: int = 8) -> Html:
    """Table, Quest card, bag and the latest events side by side (for the stepper), as
    ``viewer`` sees them (``None``: the public table)."""
    viewer = _viewer(state, viewer)
    check_int(log_lines, "log_lines", 0, 1000)
    events = [tag("li", line) for line in state.log[-log_lines:]] if log_lines else []
    who = "the public table" if viewer is None else f"what P{viewer + 1} sees"
    if state.is_over:
        status = tag("span", f"{who}: ", tag("b", state.end_reason))
    elif state.to_move is None:
        status = tag("span", who)
    else:
        what = _PENDING.get(state.phase, ("", state.phase.replace("_", " ")))[1]
        status = tag("span", f"{who}; next, P{state.to_move + 1} must {what}")
    right = tag("div", quest_svg(state), _bag_of(state, viewer),
                tag("div", status, tag("ul", *events, style="margin:4px 0;padding-left:18px"),
                    style="font-size:12px;max-width:380px"))
    return side_by_side(table_svg(state, viewer), right)


def _bag_of(state: State, viewer: int | None) -> Svg:
    """The Bag as ``viewer`` sees it: the drawn pair only for the roller, the kept die for all
    (DQ-R21, DQ-R39)."""
    q = state.q
    if q is None:
        return bag_svg(*BAG)
    roller = state.roller()
    who = f"P{roller + 1}" if roller is not None else "the roller"
    if q.die is not None:  # a kept die (or an Elixir's die) is shown to everyone
        return bag_svg(*q.bag, drawn=(q.die,), shown=q.die, note=f"{who} shows {q.die}")
    if q.drawn:
        if viewer is not None and viewer == roller:
            return bag_svg(*q.bag, drawn=q.drawn, note=f"{who} drew these: keep one")
        return bag_svg(*q.bag, drawn=("hidden",) * len(q.drawn),
                       note=f"{who} drew {len(q.drawn)}, unseen")
    return bag_svg(*q.bag)


def view_html(state: State | View, seat: int | None = None) -> Html:
    """Everything ``seat`` may see while playing (the play-a-hand widget): the table with
    their own Loyalty and peeks, the Quest card (face-up cards given, the pool's size), the Bag
    with the dice only they drew (DQ-R39), and their hand, the pool while they hand it out as
    Party Leader (DQ-R16) and their private notes. Other hands, Loyalty cards and face-down
    tokens stay hidden. ``seat=None`` is the onlooker: the public table alone.

    ``view_html(view)`` draws a :class:`~.state.View` on its own (``View._repr_html_``):
    :func:`_view_tables`. What one player knows beside the public table, for the chapter's
    viewer picker, is :func:`knowledge_view`."""
    from .state import View

    if isinstance(state, View):
        return _view_tables(state)
    viewer = _viewer(state, seat)
    if viewer is None:
        return tag("div", table_view(state, None, 0), class_="doppelnb-view")
    v = state.view(viewer)
    me = v.seats[viewer]
    role = "Doppelgänger" if me.loyalty == "doppelganger" else "Loyal Adventurer"
    rows = [["your Loyalty", role + " (secret, DQ-R39)"],
            ["your hand", ", ".join(state.cards.card_name(c) for c in me.hand or ())
             or "(empty)"]]
    if v.pool is not None:
        rows.append(["the pool", ", ".join(state.cards.card_name(c) for c in v.pool)])
    if v.drawn is not None:
        rows.append(["the dice you drew", " and ".join(v.drawn)])
    for line in v.private[-4:]:
        rows.append(["you saw", line])
    return tag("div", table_view(state, viewer, 0),
               Html(html_table(["about", "what you know"], rows)), class_="doppelnb-view")


def _view_tables(view: View) -> Html:
    """What a :class:`~.state.View` holds and nothing more (DQ-R39): every seat's public side,
    the viewer's own hand and Loyalty, the tokens (face-down ones as "?"), the Quest with the
    Bag (the drawn pair only when the viewer drew it), the animal, the viewer's notes and the
    pool while they hand it out (DQ-R16). Item cards are named from the shipped card set, the
    one every ``new_game`` deals; an id it does not know is shown as it is."""
    names = card_set()

    def card(c: str) -> str:
        try:
            return names.card_name(c)
        except (KeyError, BadInput):
            return c

    you = view.you
    head = ["seat", "hero", "hit points", "exhaustion", "re-rolls", "cards", "Loyalty"]
    rows = []
    for s in view.seats:
        label = ("you" if s.seat == you else f"P{s.seat + 1}") + (
            " ⚑ leader" if s.party_leader else "") + (" 🛡" if s.on_quest else "")
        hp = "–" if s.hp is None else f"{s.hp - s.damage}/{s.hp}"
        loyalty = "hidden" if s.loyalty is None else (
            "Doppelgänger" if s.loyalty == "doppelganger" else "Loyal")
        rows.append([label, s.hero or "(drafting)", hp,
                     "exhausted" if s.exhausted else "rested", s.rerolls, s.hand_size, loyalty])
    parts: list[Html | Svg] = [Html(html_table(head, rows, caption=(
        "the table, as an onlooker sees it" if you is None else f"the table, as P{you + 1} sees it"
    )))]
    tokens = [[name, *[("?" if t is None else TOKEN_LABELS.get(t, t)) for t in row]]
              for name, row in (("Light", view.light), ("Darkness", view.dark))]
    parts.append(Html(html_table(["tokens", *[str(i + 1) for i in range(len(view.light))]],
                                 tokens, caption="face-down tokens show ?")))
    about: list[list[Any]] = [["quest", f"{view.quest_no} ({view.quest_deck} left)"],
                              ["Item cards", f"{view.item_deck} in the deck, "
                                             f"{view.item_discard} discarded"]]
    q = view.quest
    bag = bag_svg(*BAG)
    if q is not None:
        about += [["Quest card", f"{q.name}: {q.requirement}; reward {q.reward}, "
                                 f"penalty {q.penalty}"],
                  ["Damage on it", q.damage],
                  ["party", ", ".join(f"P{p + 1}" for p in q.party) or "–"],
                  ["cards given face up", ", ".join(f"P{p + 1}: {card(c)}" for p, c in q.given)
                   or "–"]]
        if q.kept_die is not None or q.face is not None:
            about.append(["the die", f"{q.kept_die or ''} {'' if q.face is None else q.face}"])
        if q.outcome is not None:
            about.append(["outcome", q.outcome])
        if q.shown_die is not None:  # a shown die is everyone's to see (DQ-R21)
            bag = bag_svg(*q.bag, drawn=(q.shown_die,), shown=q.shown_die)
        elif view.drawn is not None:  # only the roller sees the drawn pair (DQ-R39)
            bag = bag_svg(*q.bag, drawn=view.drawn, note="you drew these: keep one")
        else:
            bag = bag_svg(*q.bag)
    if view.animal is not None:
        a = view.animal
        about.append(["animal", f"{a.name}: {a.hp - a.damage}/{a.hp} hit points"
                                + ("" if a.alive else " (killed)")])
    if you is not None:
        me = view.seats[you]
        about.append(["your hand", ", ".join(map(card, me.hand or ())) or "(empty)"])
        if view.pool is not None:
            about.append(["the pool", ", ".join(map(card, view.pool))])
        about += [["you saw", line] for line in view.private[-6:]]
    if view.winner is not None:
        about.append(["winner", view.winner])
    else:
        about.append(["next", "nobody" if view.to_move is None
                      else f"P{view.to_move + 1} ({view.phase.replace('_', ' ')})"])
    parts.append(Html(html_table(["about", "what the view holds"], about)))
    parts.append(bag)
    events = [tag("li", line) for line in view.log[-8:]]
    parts.append(tag("ul", *events, style="margin:4px 0;padding-left:18px;font-size:12px"))
    return tag("div", side_by_side(*parts), class_="doppelnb-view")


def knowledge_view(state: State, player: int | None) -> Html:
    """What one player knows (their hand, Loyalty, private notes) beside the public table."""
    player = _viewer(state, player)
    v = state.view(player)
    rows = []
    if player is not None:
        me = v.seats[player]
        rows.append(["your Loyalty", me.loyalty])
        rows.append(["your hand", ", ".join(state.cards.card_name(c) for c in me.hand or ())
                     or "(empty)"])
        for note in v.private[-6:]:
            rows.append(["you saw", note])
        if v.pool is not None:
            rows.append(["the pool", ", ".join(state.cards.card_name(c) for c in v.pool)])
    else:
        rows.append(["public", "hands, Loyalty cards, the pool and unflipped tokens are hidden"])
    who = "the public table" if player is None else f"P{player + 1}'s knowledge"
    return side_by_side(table_svg(state, player), Html(html_table(["about", who], rows)))


def pingpong_trace(states: Sequence[State], names: Sequence[str] | None = None) -> Html:
    """DQ-E3-style table of a ping-pong: holder, target, units left, next holder; ``names``
    calls the seats by name (``["Kate", "Mike", "Nate"]``) instead of P1, P2, ..."""
    states = check_sequence(states, "states", max_len=100_000)
    names = check_sequence(names, "names", max_len=8, item=lambda v, n: check_str(
        v, n, max_len=40)) if names is not None else None

    def who(seat: Any) -> str:
        return _who(seat) if names is None or seat == "animal" or seat >= len(names) \
            else f"{names[seat]} (P{seat + 1})"

    rows: list[list[Any]] = []
    for before, after in zip(states, states[1:], strict=False):
        action = after.actions[-1]
        if action[0] != "target" or before.pp is None:
            continue
        holder, target = before._pending[1], action[1]
        left = after.pp["left"] if after.pp else before.pp["left"] - 1
        if after.pp is None or left == 0:
            nxt = "–"
        elif after.pending and after.pending[0] == "hand":
            nxt = "(holder picks)"
        else:
            nxt = who(after.pp["holder"])
        rows.append([len(rows) + 1, who(holder), who(target), left, nxt])
    for i, row in enumerate(rows[:-1]):
        if row[4] == "(holder picks)":
            row[4] = rows[i + 1][1] + " (handed on after self-damage)"
    return Html(html_table(["#", "holder", "target", "left", "next holder"], rows,
                           caption="ping-pong, unit by unit (DQ-R31)"))


def balance_section(name: str = "doppelganger_quest_animals_in_pingpong", metric: str = "win_rate_side_loyal", *,
                    verdicts: bool = True, reference: float | None = None) -> Html:
    """This game's shipped sweep ``name`` in words: :func:`doppelnb.core.sweep_words.sweep_section`
    (the verdicts, a chart of ``metric`` with its 95% intervals, every balance measure) with
    :mod:`.teaching`'s words for the readings and metrics."""
    from ...core.sweep_words import sweep_section
    from .teaching import metric_label, plain_sweep_text, sweep_reading_label

    return sweep_section(name, metric, reading_words=sweep_reading_label,
                         metric_words=metric_label, plain_text=plain_sweep_text,
                         verdicts=verdicts, reference=reference)


def sabotage_games(players: int = 5, games: int = 30, seed: int = 7) -> Html:
    """Whole games with the simple policies, the doppelgängers sabotaging (keeping black, aiming
    friendly fire) or playing like loyal players: the loyal side's win rate with its 95% Wilson
    interval, in a table and a chart (a seeded simulation on common deals; n is shown)."""
    from ...core.render import bar_chart
    from .players import honest_policy, simple_policy
    from .simulation import paired_games

    runs = paired_games(players, games, {"sabotage": simple_policy,
                                         "play like loyal players": honest_policy}, seed=seed)
    rows = [[name, r.games, f"{r.p_loyal:.2f} [{r.ci_loyal[0]:.2f}, "
             f"{r.ci_loyal[1]:.2f}]", f"{r.mean_quests:.1f}"] for name, r in runs.items()]
    grid = html_table(["the doppelgängers", "games n", "loyal side wins [95% interval]",
                       "mean quests per game"], rows,
                      caption=f"{players} players, simple bots, illustrative cards")
    chart = bar_chart([(name, r.p_loyal) for name, r in runs.items()],
                      intervals=[r.ci_loyal for r in runs.values()],
                      references=[(0.5, "even")], y_label="loyal side's win rate",
                      x_label="the doppelgängers", width=520, height=280,
                      title=f"n = {games} games each, 95% intervals")
    return side_by_side(Html(grid), chart)


def _viewer(state: object, viewer: object) -> int | None:
    from .state import State

    checked = check_instance(state, "state", State, expected="a doppelganger_quest State")
    return None if viewer is None else check_seat(viewer, checked.players, "viewer")


def _who(t: Any) -> str:
    return "the animal" if t == "animal" else f"P{t + 1}"


__all__ = ["bag_svg", "tokens_svg", "table_svg", "quest_svg", "state_html", "view_html",
           "pingpong_trace", "ILLUSTRATIVE", "table_view", "knowledge_view", "balance_section",
           "sabotage_games", "LEGEND"]
