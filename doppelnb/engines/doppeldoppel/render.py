"""Doppeldoppel renderings: cards, hands, tricks, piles, score sheets as SVG/HTML (no widgets)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.checks import (
    check_choice,
    check_instance,
    check_number,
    check_sequence,
    check_str,
)
from ...core.render import FONT, Html, Markup, Svg, html_table, tag
from .actions import Lead
from .notation import (
    COLOUR_INDEX,
    COLOURS,
    REVERSING_RANK,
    Card,
    parse_card,
    sort_cards,
)
from .rules import (
    DEFAULT_RULES,
    Rules,
    TrickResult,
    check_cards,
    check_rules,
    pile_counts,
    round_score,
)
from .state import State, View

# Drawing colours (not game data): yellow, vermillion, blue from the Okabe-Ito palette.
_INK = {"Y": ("#F0C808", "#222"), "R": ("#D55E00", "#fff"), "B": ("#0072B2", "#fff")}

# ------------------------------------------------------------------------------------------------
# Renderings (SVG/HTML, no widgets)
# ------------------------------------------------------------------------------------------------

CARD_W, CARD_H = 44, 62


def colour_label(colour: str, names: Sequence[str] = DEFAULT_RULES.colour_names) -> str:
    """A colour as every picture names it: its name and the letter printed on its cards
    ("colour2 (R)"), so the name and the card letter are never shown apart (DD-A2)."""
    return f"{names[COLOUR_INDEX[colour]]} ({colour})"


def _draw_card(svg: Svg, x: float, y: float, card: Card | None, *, mode: str = "up",
               names: Sequence[str] = DEFAULT_RULES.colour_names, scale: float = 1.0) -> None:
    """Draw one card. Modes: up, down (face down, shown to the omniscient viewer), hidden
    (a card back), struck (collided), winner."""
    w, h = CARD_W * scale, CARD_H * scale
    if card is None or mode == "hidden":
        svg.rect(x, y, w, h, rx=5, fill="#6b5b95", stroke="#333")
        svg.line(x + 4, y + 4, x + w - 4, y + h - 4, stroke="#a99bd1")
        svg.line(x + w - 4, y + 4, x + 4, y + h - 4, stroke="#a99bd1")
        svg.text(x + w / 2, y + h / 2 + 5, "?", size=16 * scale, anchor="middle", fill="#fff")
        return
    fill, ink = _INK[card.colour]
    struck = mode == "struck"
    stroke, sw = ("#222", 1)
    if mode == "winner":
        stroke, sw = ("#0a0", 4)
    dash = "4 3" if mode == "down" else None
    svg.rect(x, y, w, h, rx=5, fill=fill, stroke=stroke, stroke_width=sw, stroke_dasharray=dash,
             opacity=0.4 if struck else 1)
    if struck:  # the cross first, so the number stays readable on top of it (issue 14)
        svg.line(x + 3, y + 3, x + w - 3, y + h - 3, stroke="#b00", stroke_width=2.5)
        svg.line(x + w - 3, y + 3, x + 3, y + h - 3, stroke="#b00", stroke_width=2.5)
        ink = "#222"
    halo: dict[str, Any] = ({"stroke": "#fff", "stroke_width": 3, "paint_order": "stroke"}
                            if struck else {})
    svg.text(x + 4 * scale, y + 12 * scale, card.colour, size=10 * scale, fill=ink, **halo)
    svg.text(x + w / 2, y + h / 2 + 9 * scale, card.rank, size=26 * scale, anchor="middle",
             fill=ink, font_weight="bold", **halo)
    if card.rank == REVERSING_RANK:
        svg.text(x + w - 4 * scale, y + 12 * scale, "⇅", size=11 * scale, anchor="end", fill=ink,
                 **halo)


def card_svg(card: Any, rules: Rules = DEFAULT_RULES, mode: str = "up") -> Svg:
    """One card as SVG."""
    card = parse_card(card)
    rules = check_rules(rules)
    mode = check_choice(mode, "mode", ("up", "down", "winner", "struck", "hidden"))
    svg = Svg(CARD_W + 4, CARD_H + 4, title=str(card))
    _draw_card(svg, 2, 2, card, mode=mode, names=rules.colour_names)
    return svg


def deck_svg(rules: Rules = DEFAULT_RULES, scale: float = 0.6) -> Html:
    """The whole deck, one row per colour (illustrative composition, DD-A1)."""
    rules = check_rules(rules)
    scale = float(check_number(scale, "scale", 0.1, 10))
    rows = []
    for colour in COLOURS:
        cards = [c for c in rules.deck() if c.colour == colour]
        rows.append(str(hand_svg(cards, rules, scale=scale,
                                 label=colour_label(colour, rules.colour_names))))
    name = rules.deck_composition if isinstance(rules.deck_composition, str) else "custom"
    note = tag("div", f"Illustrative composition {name} (DD-A1): the rulebook does not give the "
               "number of cards of each rank. Only yellow is named in the rulebook (DD-A2).",
               style=f"{FONT};font-size:11px;color:#555")
    return Html(_flex(rows, column=True) + str(note))


def hand_svg(cards: Iterable[Any], rules: Rules = DEFAULT_RULES, *, highlight: Iterable[Any] = (),
             scale: float = 1.0, label: str = "") -> Svg:
    """A hand as overlapping-free row of cards; ``highlight`` marks cards (e.g. legal plays)."""
    cards = sort_cards(check_cards(cards, "cards"))
    marks = set(check_cards(highlight, "highlight"))
    rules = check_rules(rules)
    scale = float(check_number(scale, "scale", 0.1, 10))
    label = check_str(label, "label", max_len=100)
    step = (CARD_W + 4) * scale
    left = 8 + (len(label) * 7 if label else 0)
    shown = " ".join(map(str, cards)) or "no cards"
    svg = Svg(left + max(step * len(cards), 80) + 4, CARD_H * scale + 8,
              title=f"{label}: {shown}" if label else f"hand: {shown}")
    if label:
        svg.text(4, CARD_H * scale / 2 + 8, label, size=12)
    if not cards:
        svg.text(left, CARD_H * scale / 2 + 8, "(no cards)", size=11, fill="#777")
    for i, card in enumerate(cards):
        _draw_card(svg, left + i * step, 4, card, mode="winner" if card in marks else "up",
                   names=rules.colour_names, scale=scale)
    return svg


def trick_svg(result: TrickResult, labels: Sequence[str] | None = None, title: str = "") -> Svg:
    """A resolved trick: collided cards struck and faded, the winner outlined, the reason below."""
    result = check_instance(result, "result", TrickResult)
    title = check_str(title, "title", max_len=200)
    n = len(result.cards)
    if labels is not None:
        labels = check_sequence(labels, "labels", min_len=n, max_len=n,
                                item=lambda v, nm: check_str(v, nm, max_len=100))
    labels = list(labels) if labels is not None else [f"P{i + 1}" + (" (lead)" if i == 0 else "")
                                                      for i in range(n)]
    lines = []
    for sentence in result.explain([lb.split(" ")[0] for lb in labels]):
        lines += textwrap.wrap(sentence, 78)
    top = 22 if title else 4
    name = colour_label(result.lead_colour, result.colour_names)
    info_x = 6 + n * 70 + 6
    side = [f"lead colour: {name}", _decided_by(result)]
    # wide enough for the longest text, so nothing is cut off (DejaVu Sans: about 0.62 em/char)
    width = max(n * 70 + 170, 470, info_x + _text_width(max(side, key=len), 12) + 6,
                _text_width(title, 13) + 8, *(_text_width(line, 12) + 12 for line in lines))
    height = top + 16 + CARD_H + 22 + 15 * len(lines) + 6
    svg = Svg(width, height, title=title or "trick")
    if title:
        svg.text(4, 15, title, size=13, font_weight="bold")
    for i, card in enumerate(result.cards):
        x = 6 + i * 70
        svg.text(x + CARD_W / 2, top + 11, labels[i], size=11, anchor="middle")
        mode = "struck" if i in result.discarded else "winner" if i == result.winner else "up"
        _draw_card(svg, x, top + 16, card, mode=mode, names=result.colour_names)
        tag = "collides" if i in result.discarded else "wins" if i == result.winner else ""
        svg.text(x + CARD_W / 2, top + 16 + CARD_H + 14, tag, size=11, anchor="middle",
                 fill="#b00" if tag == "collides" else "#070", font_weight="bold")
    svg.text(info_x, top + 30, side[0], size=12)
    svg.text(info_x, top + 48, "strength: " + ("REVERSED ⇅" if result.reversed else "normal"),
             size=12, fill="#a0a" if result.reversed else "#333")
    svg.text(info_x, top + 66, side[1], size=12)
    y = top + 16 + CARD_H + 34
    for line in lines:
        svg.text(6, y, line, size=12)
        y += 15
    return svg


def _text_width(text: str, size: float) -> int:
    """A generous estimate of a text's width in pixels (no font metrics in a pure engine)."""
    return int(len(text) * size * 0.62) + 1


def _decided_by(result: TrickResult) -> str:
    """What decided the trick, in words (the rule ids are in the sentences below the cards)."""
    if result.winner is None:
        return "no winner: every card collided"
    word = "lowest" if result.lowest_wins else "highest"
    if result.rule == "DD-R14b":
        return f"won by the {word} {result.colour_names[COLOUR_INDEX[result.lead_colour]]}"
    return f"won by the {word} card of any colour"


def _seat_tags(state: State, seat: int) -> str:
    tags = []
    if seat == state.round_sp:
        tags.append("SP")
    if not state.over and seat == state.leader:
        tags.append("leads")
    if seat == state.to_move:
        tags.append("to move")
    return f"P{seat + 1}" + (f" ({', '.join(tags)})" if tags else "")


def _current_trick_svg(state: State) -> Svg:
    seats = state.play_order()
    n = state.players
    svg = Svg(n * 70 + 230, CARD_H + 40, title="current trick")
    lead = state.lead_colour
    for i, seat in enumerate(seats):
        x = 6 + i * 70
        svg.text(x + CARD_W / 2, 12, f"P{seat + 1}", size=11, anchor="middle")
        if i < len(state.trick):
            mode = "up" if state._face_up(i) else "down"
            _draw_card(svg, x, 18, state.trick[i], mode=mode, names=state.rules.colour_names)
            if mode == "down":
                svg.text(x + CARD_W / 2, 18 + CARD_H + 14, "face down", size=10, anchor="middle",
                         fill="#555")
        else:
            svg.rect(x, 18, CARD_W, CARD_H, rx=5, fill="none", stroke="#bbb",
                     stroke_dasharray="3 3")
    text = "lead colour: " + (colour_label(lead, state.rules.colour_names) if lead
                              else "(not yet led)")
    svg.text(6 + n * 70, 36, text, size=12)
    if state.rules.reversal_scope != "trick":
        svg.text(6 + n * 70, 54, "round reversal: " + ("on ⇅" if state.reversal else "off"),
                 size=12)
    return svg


def piles_svg(state: State) -> Svg:
    rows = state.players
    widths = [max(len(p), 1) for p in state.piles]
    scale = 0.6
    step = (CARD_W + 4) * scale
    width = max(260, int(110 + step * max(widths) + 120))
    row_h = CARD_H * scale + 10
    svg = Svg(width, rows * row_h + 20, title="acquired piles")
    if not any(state.piles):
        svg.text(34, 20 + row_h / 2, "(nothing acquired yet)", size=11, fill="#777")
    svg.text(4, 13, "acquired this round (face up, DD-R17)", size=12, font_weight="bold")
    for p in range(rows):
        y = 20 + p * row_h
        pile = state.piles[p]
        score = round_score(pile_counts(pile), state.rules)
        svg.text(4, y + row_h / 2, f"P{p + 1}", size=12)
        for i, card in enumerate(pile):
            _draw_card(svg, 34 + i * step, y + 2, card, names=state.rules.colour_names,
                       scale=scale)
        svg.text(width - 4, y + row_h / 2, f"worth {score:+d}", size=12, anchor="end")
    return svg


def trick_log_html(state: State, rnd: int) -> Html:
    """A table of the finished tricks of round ``rnd`` (0-based)."""
    rows: list[list[Any]] = []
    for t in state.log:
        if t.round != rnd:
            continue
        r = t.result
        cards = " ".join(f"{c}" + ("✗" if i in r.discarded else "")
                         for i, c in enumerate(r.cards))
        winner = "—" if r.winner is None else f"P{t.seats[r.winner] + 1} ({r.cards[r.winner]})"
        rows.append([t.number + 1, f"P{t.seats[0] + 1}", cards,
                     "yes" if r.reversed else "", winner, r.rule,
                     " ".join(map(str, r.acquired))])
    return Html(html_table(["trick", "leader", "cards in play order (✗ collided)", "reversed",
                            "winner", "decided by", "acquired"], rows,
                           caption=f"round {rnd + 1}: tricks"))


def score_sheet_html(state: State) -> Html:
    n = state.players
    rows = []
    running = [0] * n
    for r, scores in enumerate(state.round_scores):
        running = [a + b for a, b in zip(running, scores, strict=True)]
        piles = state.round_piles[r]
        cells = [f"{s:+d} ({len(piles[p])} cards)" for p, s in enumerate(scores)]
        rows.append([f"round {r + 1}", *cells])
    rows.append(["total", *[str(t) for t in state.totals]])
    winners = state.winners
    if winners:
        rows.append(["winner" + ("s (shared, DD-A15)" if len(winners) > 1 else ""),
                     *["★" if p in winners else "" for p in range(n)]])
    return Html(html_table(["", *[f"P{p + 1}" for p in range(n)]], rows,
                           caption=f"score sheet ({len(state.round_scores)} of {state.rounds} "
                           "rounds)", highlight={len(rows) - 1} if winners else None))


def state_html(state: State) -> Html:
    """The whole table: the header, every hand, the trick in progress, the last trick, the kept
    piles and the score sheet (an onlooker who sees everything)."""
    rules: Rules = state.rules
    head: list[Any] = [tag("b", f"Doppeldoppel, {state.players} players"),
                       f" · round {state.round + 1} of {state.rounds}"]
    if state.over:
        head += [" · ", tag("b", "game over")]
    else:
        head.append(f" · trick {state.trick_number + 1} of {state.tricks_per_round} · "
                    f"to move: P{(state.to_move or 0) + 1}")
    parts: list[Markup] = [tag("div", *head, style=f"{FONT};font-size:13px")]
    if rules.changed():
        changed = ", ".join(f"{k}={v}" for k, v in rules.changed().items())
        parts.append(tag("div", f"variant: {changed}", style=f"{FONT};font-size:12px;color:#555"))
    legal = set()
    if not state.over:
        legal = {a.card if isinstance(a, Lead) else a for a in state.legal_actions()}
    hands: list[str | Markup] = [
        hand_svg(state.hands[seat], rules, highlight=legal if seat == state.to_move else (),
                 scale=0.7, label=_seat_tags(state, seat)) for seat in range(state.players)]
    if not state.over:
        parts.append(Html(_flex(hands, column=True)))
    table: list[str | Markup] = []
    if not state.over:
        table.append(_current_trick_svg(state))
    if state.log:
        last = state.log[-1]
        labels = [f"P{s + 1}" + (" (lead)" if i == 0 else "") for i, s in enumerate(last.seats)]
        table.append(trick_svg(last.result, labels, title=f"last trick (round {last.round + 1}, "
                               f"trick {last.number + 1})"))
    parts.append(Html(_flex(table)))
    parts.append(Html(_flex([piles_svg(state), score_sheet_html(state)])))
    if rules.deck_composition in ("a", "b", "c"):
        note = f"deck candidate {rules.deck_composition}"
    else:
        note = "custom deck"
    parts.append(tag("div", f"Card counts per rank are illustrative ({note}, DD-A1); colour names "
                     "other than yellow too (DD-A2).", style=f"{FONT};font-size:11px;color:#555"))
    return tag("div", *parts)


# ------------------------------------------------------------------------------------------------
# Charts and tables of the analyses, labelled in plain words (the chapter's pictures)
# ------------------------------------------------------------------------------------------------

def leader_chart(players: int = 4, rules: Rules = DEFAULT_RULES) -> Svg:
    """Who wins one trick, by seat in the trick, over every dealt trick (the exact census,
    DD-R13..R16), with a fair share as a reference line."""
    from ...core.render import bar_chart
    from .analysis import collision_census

    census = collision_census(players, rules)
    shares = census.winner_probabilities()
    items = [("leader" if i == 0 else f"follower {i}", float(p)) for i, p in enumerate(shares)]
    items.append(("nobody", float(census.probability("no_winner"))))
    return bar_chart(items, title=f"{census.players} players: who wins a trick "
                     "(exact, every dealt trick)", width=480, x_label="card in the trick",
                     y_label="share of tricks won", labels=True, value_format="{:.1%}",
                     references=[(1 / census.players, f"a fair share, 1/{census.players}")])


def mean_score_chart(decks: Sequence[str] | None = None, rules: Rules = DEFAULT_RULES) -> Svg:
    """The exact expected round score of k kept cards picked at random, k = 0..36, for each
    DD-A1 candidate deck (one line per deck, DD-R18..R21)."""
    from ...core.render import line_chart
    from .analysis import mean_round_scores
    from .decks import deck_candidates

    rules = check_rules(rules)
    names = list(deck_candidates()) if decks is None else list(
        check_sequence(decks, "decks", min_len=1, max_len=3,
                       item=lambda v, n: check_choice(v, n, tuple(deck_candidates()))))
    series = {}
    for name in names:
        deck = rules.replace(deck_composition=name)
        default = ", default" if name == DEFAULT_RULES.deck_composition else ""
        label = f"deck {name}{default} (1s to 6s: " + " ".join(
            str(t) for t in deck.rank_totals().values()) + ")"
        series[label] = [(k, float(m)) for k, m in mean_round_scores(deck)]
    return line_chart(series, title="expected round score of k cards kept at random (exact)",
                      x_label="cards kept in the round (k)", y_label="expected points",
                      references=[(0, "0 points")], width=600, height=320)


def balance_section(name: str = "doppeldoppel_reversal_scope", metric: str = "score_spread", *,
                    verdicts: bool = True, reference: float | None = None) -> Html:
    """This game's shipped sweep ``name`` in words: :func:`doppelnb.core.sweep_words.sweep_section`
    (the verdicts, a chart of ``metric`` with its 95% intervals, every balance measure) with
    :mod:`.teaching`'s words for the readings and metrics."""
    from ...core.sweep_words import sweep_section
    from .teaching import metric_label, plain_sweep_text, sweep_reading_label

    return sweep_section(name, metric, reading_words=sweep_reading_label,
                         metric_words=metric_label, plain_text=plain_sweep_text,
                         verdicts=verdicts, reference=reference)


def _flex(items: Sequence[str | Markup], column: bool = False) -> str:
    """Pictures in a row (or a column) that wraps; each item is markup already."""
    direction = "column" if column else "row"
    cells = [tag("div", item if isinstance(item, Markup) else Html(item)) for item in items]
    return str(tag("div", *cells, style=f"display:flex;flex-direction:{direction};"
                   "flex-wrap:wrap;gap:10px;align-items:flex-start;margin:4px 0"))


def view_svg(view: View) -> Svg:
    names = view.colour_names
    n = view.players
    who = "an onlooker" if view.player is None else f"P{view.player + 1}"
    svg = Svg(max(520, 60 + len(view.hand) * 48), 200, title=f"what {who} sees")
    svg.text(4, 14, f"{who}'s view · round {view.round + 1} · hands: "
             + ", ".join(f"P{p + 1} {k}" for p, k in enumerate(view.hand_sizes)), size=12)
    legal = {a.card if isinstance(a, Lead) else a for a in view.legal}
    for i, held in enumerate(view.hand):
        _draw_card(svg, 4 + i * 48, 22, held, mode="winner" if held in legal else "up",
                   names=names)
    y = 22 + CARD_H + 10
    svg.text(4, y + 12, "trick:", size=12)
    for i, (seat, card) in enumerate(view.trick):
        x = 50 + i * 60
        svg.text(x + CARD_W / 2, y + 12, f"P{seat + 1}", size=11, anchor="middle")
        _draw_card(svg, x, y + 16, card, mode="hidden" if card is None else "up", names=names)
    if view.lead_colour:
        svg.text(60 + n * 60, y + 40, f"lead colour: {colour_label(view.lead_colour, names)}",
                 size=12)
    return svg


def view_html(state: Any, seat: int) -> Html:
    """What ``seat`` sees, drawn from ``state.view(seat)`` alone (and the public rules): their
    own hand (the cards they may play ringed green), the trick so far with the other players'
    face-down cards as card backs (DD-R9, DD-R10), every kept pile (face up, DD-R17) with what
    it is worth now, and the totals. Nothing else of the state is read, so no other hand and no
    face-down card can show (the play-a-hand widget's tests check it)."""
    view = state.view(seat)
    rules = check_rules(state.rules)
    names = view.colour_names
    who = f"P{seat + 1}"
    legal = {a.card if isinstance(a, Lead) else a for a in view.legal}
    parts: list[Markup] = [
        tag("div", tag("b", f"Your hand ({who})"),
            f" · round {view.round + 1} · cards left: "
            + ", ".join(f"P{p + 1} {k}" for p, k in enumerate(view.hand_sizes)),
            style=f"{FONT};font-size:13px"),
        hand_svg(view.hand, rules, highlight=legal, scale=0.8,
                 label="playable now: ringed" if legal else "")]
    n = view.players
    trick = Svg(n * 70 + 240, CARD_H + 40, title="the trick so far")
    for i, (player, card) in enumerate(view.trick):
        x = 6 + i * 70
        trick.text(x + CARD_W / 2, 12, "you" if player == seat else f"P{player + 1}", size=11,
                   anchor="middle")
        _draw_card(trick, x, 18, card, mode="hidden" if card is None else "up", names=names)
        if card is None:
            trick.text(x + CARD_W / 2, 18 + CARD_H + 14, "face down", size=10,
                       anchor="middle", fill="#555")
    for i in range(len(view.trick), n):
        trick.rect(6 + i * 70, 18, CARD_W, CARD_H, rx=5, fill="none", stroke="#bbb",
                   stroke_dasharray="3 3")
    trick.text(6 + n * 70, 36, "lead colour: " + (colour_label(view.lead_colour, names)
                                                  if view.lead_colour else "(not led yet)"),
               size=12)
    parts.append(tag("div", tag("div", "The trick so far", style=f"{FONT};font-size:12px"),
                     trick))
    rows = []
    for p in range(n):
        pile = view.piles[p]
        worth = round_score(pile_counts(pile), rules)
        rows.append(["you" if p == seat else f"P{p + 1}", " ".join(map(str, pile)) or "–",
                     f"{worth:+d}", view.totals[p]])
    parts.append(Html(html_table(["player", "kept this round (face up)", "worth now",
                                  "total so far"], rows)))
    return tag("div", *parts, class_="doppelnb-view")


__all__ = ["card_svg", "deck_svg", "hand_svg", "trick_svg", "colour_label", "piles_svg",
           "leader_chart", "mean_score_chart",
           "balance_section",
           "view_svg", "view_html", "state_html", "trick_log_html", "score_sheet_html"]
