"""Renderings: the table (heroes, damage, exhaustion, tokens), the Quest card and pool, the bag.

Pure SVG/HTML strings built with :mod:`doppelnb.core.render`; nothing here imports widgets.
Everything drawn from the card data is labelled illustrative (DQ-A1..A5).

>>> bag_svg(2, 1)._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

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
from .cards import ARTIFACTS, TOKEN_LABELS

if TYPE_CHECKING:
    from .state import State

RED, BLACK, WHITE, GOLD = "#D55E00", "#222222", "#ffffff", "#E69F00"
LOYAL_COLOUR, DOPPEL_COLOUR = PALETTE[0], PALETTE[3]
ILLUSTRATIVE = "illustrative card data: not the rulebook's (DQ-A1..A5)"


def bag_svg(black: int = 2, white: int = 1, *, drawn: Sequence[str] = (),
            shown: str | None = None,
            title: str = "Bag of Holding") -> Svg:
    """The bag with its dice; ``drawn`` dice are drawn beside it, the ``shown`` one ringed."""
    black = check_int(black, "black", 0, 12)
    white = check_int(white, "white", 0, 12)
    drawn = check_sequence(drawn, "drawn", max_len=2,
                           item=lambda v, n: check_choice(v, n, ("black", "white")))
    if shown is not None:
        check_choice(shown, "shown", ("black", "white"))
    title = check_str(title, "title", max_len=100)
    width = 60 + 30 * max(3, black + white) + 40 * len(drawn)
    svg = Svg(width, 92, title=title, role="img")
    bag_w = 30 * max(3, black + white) + 20
    svg.element("path", d=f"M10,30 Q10,86 {bag_w / 2 + 10},86 Q{bag_w + 10},86 {bag_w + 10},30 "
                f"L{bag_w - 5},18 L25,18 Z", fill="#8d6e63", stroke="#4e342e", stroke_width=2)
    svg.text(bag_w / 2 + 10, 14, title, size=11, anchor="middle")
    for i, colour in enumerate(["black"] * black + ["white"] * white):
        svg.rect(22 + 30 * i, 44, 22, 22, rx=4, fill=BLACK if colour == "black" else WHITE,
                 stroke="#000")
    x = bag_w + 30
    for colour in drawn:
        ring = shown == colour
        svg.rect(x, 38, 26, 26, rx=4, fill=BLACK if colour == "black" else WHITE,
                 stroke=GOLD if ring else "#000", stroke_width=4 if ring else 1)
        x += 40
    if drawn:
        svg.text(bag_w + 30, 80, "drawn" + (f", {shown} shown" if shown else ""), size=10)
    return svg


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
        svg.rect(70, y - 2, 52, 15, rx=3, fill=colour)
        svg.text(96, y + 9, "Doppel" if role == "doppelganger" else "Loyal", size=10,
                 anchor="middle", fill="#fff")
    return svg


def tokens_svg(state: State, viewer: int | None = None) -> Svg:
    """The Light and Darkness rows; face-down tokens show '?' (or what ``viewer`` peeked)."""
    svg = Svg(460, 84, title="Light and Darkness tokens", role="img")
    peeks = "\n".join(state.secrets[viewer]) if viewer is not None else ""
    for r, (name, row, fill) in enumerate((("Light", state.light, "#fff3c4"),
                                           ("Darkness", state.dark, "#cfc8d8"))):
        y = 22 + 40 * r
        svg.text(4, y + 4, name, size=11, font_weight="bold")
        for i, (token, up) in enumerate(row):
            x = 90 + 60 * i
            key = "light" if name == "Light" else "dark"
            known = f"peeked: {key} token {i + 1} is" in peeks
            svg.circle(x, y, 16, fill=fill if up else "#555", stroke=GOLD if token in ARTIFACTS
                       and up else "#333", stroke_width=3 if token in ARTIFACTS and up else 1)
            text = TOKEN_LABELS[token] if up else ("(" + TOKEN_LABELS[token] + ")" if known
                                                    else "?")
            svg.text(x, y + 4, text if len(text) < 9 else text[:8] + "…", size=9, anchor="middle",
                     fill="#000" if up else "#fff")
    return svg


def table_svg(state: State, viewer: int | None = None) -> Svg:
    """The table: every hero (damage, exhaustion, re-rolls, cards), the tokens, the animal."""
    viewer = _viewer(state, viewer)
    n = state.players
    per_row = 4 if n > 5 else n
    rows = (n + per_row - 1) // per_row
    width = max(132 * per_row + 8, 470)
    svg = Svg(width, 160 * rows + 118, title="the table", role="img")
    for seat in range(n):
        svg.group(_hero_box(state, seat, viewer), 4 + 132 * (seat % per_row),
                  4 + 156 * (seat // per_row))
    y = 160 * rows
    svg.group(tokens_svg(state, viewer), 0, y)
    if state.animal is not None:
        name, power, hp, dmg, alive = state.animal
        status = f"{name}: {power} automatic damage, {hp - dmg}/{hp} hit points" + (
            "" if alive else " (killed)")
        svg.text(4, y + 100, status, size=11)
    svg.text(width - 4, y + 112, ILLUSTRATIVE if state.cards.illustrative else "", size=9,
             anchor="end", fill="#777")
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


def table_html(state: State, viewer: int | None = None, log_lines: int = 8) -> str:
    """:func:`table_view` as HTML text (what widgets and ``_repr_html_`` take)."""
    return str(table_view(state, viewer, log_lines))


def table_view(state: State, viewer: int | None = None, log_lines: int = 8) -> Html:
    """Table, Quest card, bag and the latest events side by side (for the stepper)."""
    q = state.q
    viewer = _viewer(state, viewer)
    check_int(log_lines, "log_lines", 0, 1000)
    # DQ-R39: only the roller sees the dice they drew
    bag = bag_svg(*(q.bag if q else (2, 1)), drawn=q.drawn if (q and viewer is not None and
                                                              state.roller() == viewer) else (),
                  shown=q.die if q else None)
    events = [tag("li", line) for line in state.log[-log_lines:]] if log_lines else []
    status = (tag("b", state.end_reason) if state.is_over else
              f"next: P{(state.to_move or 0) + 1} — {state.phase}")
    right = tag("div", quest_svg(state), bag,
                tag("div", status, tag("ul", *events, style="margin:4px 0;padding-left:18px"),
                    style="font-size:12px"))
    return side_by_side(table_svg(state, viewer), right)


def view_html(state: State, player: int | None) -> str:
    """:func:`knowledge_view` as HTML text (what widgets take)."""
    return str(knowledge_view(state, player))


def knowledge_view(state: State, player: int | None) -> Html:
    """What one player knows (their hand, Loyalty, private notes) beside the public table."""
    player = _viewer(state, player)
    v = state.view(player)
    rows = []
    if player is not None:
        me = v["seats"][player]
        rows.append(["your Loyalty", me["loyalty"]])
        rows.append(["your hand", ", ".join(state.cards.card_name(c) for c in me["hand"])
                     or "(empty)"])
        for note in v["private"][-6:]:
            rows.append(["you saw", note])
        if "pool" in v:
            rows.append(["the pool", ", ".join(state.cards.card_name(c) for c in v["pool"])])
    else:
        rows.append(["public", "hands, Loyalty cards, the pool and unflipped tokens are hidden"])
    who = "the public table" if player is None else f"P{player + 1}'s knowledge"
    return side_by_side(table_svg(state, player), Html(html_table(["", who], rows)))


def seat_view_html(state: State, player: int) -> Html:
    """Everything ``player`` may see while playing (the play-a-hand widget): the table with
    their own Loyalty and peeks, the Quest card (face-up cards given, the pool's size), the Bag
    with the dice only they drew (DQ-R39), and their hand, the pool while they hand it out as
    Party Leader (DQ-R16) and their private notes. Other hands, Loyalty cards and face-down
    tokens stay hidden."""
    seat = _viewer(state, player)
    if seat is None:
        raise BadInput("NB-ARG", "player must be a seat; the onlooker's view is table_view")
    player = seat
    v = state.view(player)
    me = v["seats"][player]
    role = "Doppelgänger" if me["loyalty"] == "doppelganger" else "Loyal Adventurer"
    rows = [["your Loyalty", role + " (secret, DQ-R39)"],
            ["your hand", ", ".join(state.cards.card_name(c) for c in me["hand"]) or "(empty)"]]
    if "pool" in v:
        rows.append(["the pool", ", ".join(state.cards.card_name(c) for c in v["pool"])])
    if "drawn" in v:
        rows.append(["the dice you drew", " and ".join(v["drawn"])])
    for line in v["private"][-4:]:
        rows.append(["you saw", line])
    return Html(f'<div class="doppelnb-view">{table_view(state, player, 0)}'
                f'{html_table(["what you know", ""], rows)}</div>')


def pingpong_trace(states: Sequence[State]) -> Html:
    """DQ-E3-style table of a ping-pong: holder, target, units left, next holder."""
    states = check_sequence(states, "states", max_len=100_000)
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
            nxt = f"P{after.pp['holder'] + 1}"
        rows.append([len(rows) + 1, f"P{holder + 1}", _who(target), left, nxt])
    for i, row in enumerate(rows[:-1]):
        if row[4] == "(holder picks)":
            row[4] = rows[i + 1][1] + " (handed on after self-damage)"
    return Html(html_table(["#", "holder", "target", "left", "next holder"], rows,
                           caption="ping-pong, unit by unit (DQ-R31)"))


def _viewer(state: object, viewer: object) -> int | None:
    from .state import State

    checked = check_instance(state, "state", State, expected="a doppelganger_quest State")
    return None if viewer is None else check_seat(viewer, checked.players, "viewer")


def _who(t: Any) -> str:
    return "the animal" if t == "animal" else f"P{t + 1}"


__all__ = ["bag_svg", "tokens_svg", "table_svg", "quest_svg", "table_html", "view_html",
           "seat_view_html",
           "pingpong_trace", "ILLUSTRATIVE", "table_view", "knowledge_view"]
