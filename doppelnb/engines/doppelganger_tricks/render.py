"""Pictures of Doppelgänger Tricks: cards, tricks, forecasts and the score sheet (SVG / HTML).

Nothing here imports widgets; the notebook and widgets only display these strings.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...core.checks import check_instance, check_int, check_mapping, check_sequence, check_str
from ...core.errors import BadInput
from ...core.render import PALETTE, Html, Svg, bar_chart, html_table, side_by_side, tag
from .notation import PLAYER_COUNTS, SUIT_SYMBOLS, Card, card
from .notation import cards as _cards


def _labels(labels: Any) -> Sequence[str] | None:
    if labels is None:
        return None
    from .rules import _check_labels

    try:
        return _check_labels(labels)
    except BadInput:
        raise BadInput("NB-ARG", "labels must be four short texts for C, T, S and D") from None


def _state(state: Any) -> Any:
    from .state import State

    return check_instance(state, "state", State, expected="a doppelganger_tricks State")


def _census(censuses: Any) -> dict[int, dict[str, int]]:
    from .analysis import CENSUS_KEYS

    out: dict[int, dict[str, int]] = check_mapping(
        censuses, "censuses", keys=PLAYER_COUNTS, max_len=len(PLAYER_COUNTS),
        item=lambda v, n: check_mapping(v, n, keys=CENSUS_KEYS, required=CENSUS_KEYS,
                                        item=lambda x, m: check_int(x, m, 0)))
    if not out or any(c["tricks"] < 1 for c in out.values()):
        counts = " and/or ".join(map(str, PLAYER_COUNTS))
        raise BadInput("NB-ARG", f"censuses must map {counts} to censuses with tricks > 0")
    return out

SUIT_COLOURS = {"C": PALETTE[0], "T": PALETTE[5], "S": PALETTE[2], "D": "#7B3F99"}
CARD_W, CARD_H = 46, 66
GOLD = "#E6A700"
GOLD_TEXT = "#8A6400"  # the winner's label: dark enough to read on white
#: How a trick without seats names its cards: in the order they were played.
PLAY_ORDER = ("lead", "2nd", "3rd", "4th")


def _draw_card(svg: Svg, c: Card, x: float, y: float, *, struck: bool = False,
               highlight: bool = False, dim: bool = False, counts_as: str | None = None,
               labels: Sequence[str] | None = None) -> None:
    """One card at (x, y): its markup is drawn once per look and reused (a game stepper draws
    thousands of cards), placed with a ``translate``."""
    body = _card_markup(c, struck, highlight, dim, counts_as,
                        None if labels is None else tuple(labels))
    svg.group(body, x, y)


@functools.lru_cache(maxsize=4096)
def _card_markup(c: Card, struck: bool, highlight: bool, dim: bool, counts_as: str | None,
                 labels: tuple[str, ...] | None) -> str:
    svg = Svg(CARD_W, CARD_H)
    _paint_card(svg, c, 0, 0, struck=struck, highlight=highlight, dim=dim, counts_as=counts_as,
                labels=labels)
    return "".join(svg.parts)


def _paint_card(svg: Svg, c: Card, x: float, y: float, *, struck: bool = False,
                highlight: bool = False, dim: bool = False, counts_as: str | None = None,
                labels: Sequence[str] | None = None) -> None:
    """One card. An annihilated (``struck``) card keeps its number and suit readable: a grey
    face with a dashed red border, a red cross drawn *under* the number and glyph, which carry a
    white halo (the cross and the word "gone" above the card are the second cue beside colour)."""
    colour = SUIT_COLOURS[c.suit]
    glyph = (labels["CTSD".index(c.suit)] if labels else SUIT_SYMBOLS[c.suit])
    opacity = 0.3 if dim else 1
    fill = "#eeeeee" if struck else "#f6effa" if c.suit == "D" else "#ffffff"
    if highlight:
        svg.rect(x - 4, y - 4, CARD_W + 8, CARD_H + 8, rx=8, fill="none", stroke=GOLD,
                 stroke_width=4)
    svg.rect(x, y, CARD_W, CARD_H, rx=5, fill=fill, stroke="#C00000" if struck else colour,
             stroke_width=2, opacity=opacity, stroke_dasharray="5 3" if struck else None)
    if struck:  # annihilated: a cross under the number and the glyph, which stay readable
        for x1, y1, x2, y2 in ((x + 3, y + CARD_H - 3, x + CARD_W - 3, y + 3),
                               (x + 3, y + 3, x + CARD_W - 3, y + CARD_H - 3)):
            svg.line(x1, y1, x2, y2, stroke="#C00000", stroke_width=2.5, opacity=0.6)
    halo: dict[str, Any] = ({"stroke": "#ffffff", "stroke_width": 3, "paint_order": "stroke"}
                            if struck else {})
    svg.text(x + 5, y + 15, c.number, size=13, font_weight="bold", fill=colour, opacity=opacity,
             **halo)
    svg.text(x + CARD_W / 2, y + 45, glyph, size=24, anchor="middle", fill=colour,
             opacity=opacity, **halo)
    if c.suit == "D":
        svg.text(x + CARD_W - 4, y + 15, "D", size=9, anchor="end", fill=colour, opacity=opacity,
                 **halo)
    if counts_as:
        svg.text(x + CARD_W / 2, y + CARD_H - 4, f"as {SUIT_SYMBOLS[counts_as]}", size=9,
                 anchor="middle", fill=SUIT_COLOURS[counts_as], opacity=opacity, **halo)


def _text_width(text: str, size: float) -> int:
    """About how wide ``text`` is drawn in bold at font ``size`` (so a picture never cuts off its
    title): DejaVu Sans Bold averages about 0.68 em per character, plus a margin."""
    return int(len(text) * size * 0.68) + 16


def card_svg(c: Card | str, *, labels: Sequence[str] | None = None) -> Svg:
    """One card as a small SVG."""
    c = card(c)
    labels = _labels(labels)
    svg = Svg(CARD_W + 8, CARD_H + 8, title=f"{c} ({c.symbol})", role="img")
    _draw_card(svg, c, 4, 4, labels=labels)
    return svg


def hand_svg(cards: Iterable[Card | str], *, playable: Iterable[str] | None = None,
             title: str = "", labels: Sequence[str] | None = None) -> Svg:
    """A row of cards; with ``playable`` the other cards are dimmed."""
    items = list(_cards(cards))
    labels = _labels(labels)
    title = check_str(title, "title", max_len=200)
    allowed: tuple[Any, ...] | None = None if playable is None else check_sequence(
        list(playable) if isinstance(playable, (set, frozenset)) else playable, "playable",
        max_len=200)
    ok = None if allowed is None else {str(a).split(":")[0] for a in allowed}
    step = CARD_W + 6
    top = 18 if title else 4
    svg = Svg(max(60, 8 + step * len(items), _text_width(title, 12)), CARD_H + top + 6, role="img",
              title=title or "hand")
    if title:
        svg.text(4, 13, title, size=12, font_weight="bold")
    for i, c in enumerate(items):
        _draw_card(svg, c, 4 + i * step, top, dim=ok is not None and str(c) not in ok,
                   labels=labels)
    if not items:
        svg.text(4, top + 30, "(no cards)", size=11, fill="#777")
    return svg


def trick_svg(result: Any, *, seats: Sequence[int] | None = None, title: str = "",
              labels: Sequence[str] | None = None) -> Svg:
    """A resolved trick: annihilated pairs struck through and joined, the winner ringed in gold,
    and the rule that decided it underneath."""
    from .rules import TrickResult

    check_instance(result, "result", TrickResult, expected="a TrickResult (from resolve_trick)")
    n = len(result.cards)
    if seats is not None:
        seats = check_sequence(seats, "seats", min_len=n, max_len=n,
                               item=lambda v, name: check_int(v, name, 0, n - 1))
    title = check_str(title, "title", max_len=200)
    labels = _labels(labels)
    step = CARD_W + 22
    # The reason first, in a sentence; the rule id last, for looking it up (not a word in it).
    reason = result.reason
    lines = textwrap.wrap(f"{reason[0].upper()}{reason[1:]}. Rule {result.rule}.", 60)
    width = max(430, 20 + step * n, _text_width(title, 13))
    top = 40 if title else 20
    height = top + 22 + CARD_H + 34 + 15 * len(lines)
    svg = Svg(width, height, role="img", title=f"trick {' '.join(map(str, result.cards))}")
    if title:
        svg.text(8, 16, title, size=13, font_weight="bold")
    lead_sym = SUIT_SYMBOLS[result.lead_suit]
    declared = f", declared by the led {result.cards[0]}" if result.declared else ""
    svg.text(8, top - 6, f"lead suit {lead_sym} ({result.lead_suit}{declared})", size=11,
             fill=SUIT_COLOURS[result.lead_suit])
    xs = [14 + i * step for i in range(n)]
    y = top + 22
    for i, c in enumerate(result.cards):
        who = f"P{seats[i] + 1}" if seats is not None else PLAY_ORDER[i]
        mark = " wins" if i == result.winner else (" gone" if i in result.annihilated else "")
        svg.text(xs[i] + CARD_W / 2, y - 7, f"{who}{mark}", size=10, anchor="middle",
                 fill=GOLD_TEXT if i == result.winner else "#C00000" if mark else "#444",
                 font_weight="bold" if mark else None)
        _draw_card(svg, c, xs[i], y, struck=i in result.annihilated, highlight=i ==
                   result.winner, counts_as=result.lead_suit if c.suit == "D" else None,
                   labels=labels)
    for a, b in result.pairs:  # an arc joining each annihilated pair
        x1, x2 = xs[a] + CARD_W / 2, xs[b] + CARD_W / 2
        svg.element("path", d=f"M{x1:g},{y + CARD_H + 5:g} Q{(x1 + x2) / 2:g},"
                    f"{y + CARD_H + 26:g} {x2:g},{y + CARD_H + 5:g}", fill="none",
                    stroke="#C00000", stroke_width=2, stroke_dasharray="4 3")
    for k, line in enumerate(lines):
        svg.text(8, y + CARD_H + 36 + 15 * k, line, size=11)
    return svg


def scoring_table_html(rows: Sequence[tuple[int, int, Sequence[str], int]]) -> Html:
    """(bid, won, bonuses, points) rows as a table."""
    from .rules import check_bonuses

    def row(v: Any, name: str) -> tuple[int, int, tuple[str, ...], int]:
        items: tuple[Any, ...] = check_sequence(v, name, min_len=4, max_len=4)
        b, w, bs, p = items
        return (check_int(b, f"{name}[0]", 0, 12), check_int(w, f"{name}[1]", 0, 12),
                check_bonuses(bs, f"{name}[2]"), check_int(p, f"{name}[3]", 0, 20))

    rows = check_sequence(rows, "rows", max_len=1000, item=row)
    return Html(html_table(["forecast", "tricks won", "bonus cards", "round score"],
                           [[b, w, " ".join(bs) or "none", p] for b, w, bs, p in rows]))


def score_sheet_html(state: Any) -> Html:
    """The score sheet: one row per scored round, forecast/won and points per player."""
    _state(state)
    n = state.players
    header = ["round", "first"] + [f"P{p + 1}" for p in range(n)]
    rows = []
    for row in state.sheet:
        cells = [row.round, f"P{row.first_player + 1}"]
        for p in range(n):
            bonus = f" {' '.join(row.bonuses[p])}" if row.bonuses[p] else ""
            cells.append(f"{row.bids[p]}/{row.won[p]}{bonus} → {row.points[p]}")
        rows.append(cells)
    rows.append(["total", ""] + list(state.totals))
    best = {len(rows) - 1} if state.is_over else set()
    cap = "score sheet (forecast/won → points)"
    if state.is_over:
        cap += f"; winner(s): {', '.join(f'P{p + 1}' for p in state.winners)}"
    return Html(html_table(header, rows, caption=cap, highlight=best))


def forecasts_html(state: Any) -> Html:
    """The forecasts (hidden until all are made, DT-R6), tricks won and bonus cards."""
    _state(state)
    n = state.players
    hidden = state.phase == "forecast"
    bids = [("made" if b is not None else "…") if hidden else b for b in state.bids]
    holders = {p: [k for k, v in state.bonus_holders.items() if v == p] for p in range(n)}
    return Html(html_table(["", *[f"P{p + 1}" for p in range(n)]],
                      [["forecast", *bids], ["tricks won", *state.won],
                       ["bonus cards", *[" ".join(holders[p]) or "–" for p in range(n)]]],
                      caption="forecasts (secret until all are made)" if hidden else "forecasts"))


def state_html(state: Any) -> Html:
    """The whole table: forecasts, hands (the mover's legal cards bright), the trick, the sheet."""
    _state(state)
    n = state.players
    labels = state.rules.suit_labels
    if state.is_over:
        head = f"Game over after {state.rounds} rounds"
    else:
        head = (f"Round {state.round + 1} of {state.rounds} · {state.phase} · "
                f"P{state.to_move + 1} to move")
    parts: list[Html] = [tag("div", tag("b", head))]
    legal = state.legal_actions() if state.phase == "play" and state.window is None else None
    hands = []
    for p in range(n):
        mark = " ◀" if p == state.to_move else ""
        hands.append(tag("div", hand_svg(state.hands[p], playable=legal if p == state.to_move
                                         else None, title=f"P{p + 1}{mark}", labels=labels)))
    table_items: list[Html | Svg] = [Html("".join(map(str, hands)))]
    if state.trick:
        lead = state.lead_suit
        svg = Svg(max(200, 30 + 60 * len(state.trick)), CARD_H + 54, role="img",
                  title="trick so far")
        svg.text(6, 14, f"trick so far · lead suit {lead} {SUIT_SYMBOLS[lead]}", size=11)
        for i, c in enumerate(state.trick):
            who = f"P{(state.leader + i) % n + 1}" + (" led" if i == 0 else "")
            svg.text(8 + 60 * i + CARD_W / 2, 32, who, size=10, anchor="middle", fill="#444")
            _draw_card(svg, c, 8 + 60 * i, 36, counts_as=lead if c.suit == "D" else None,
                       labels=labels)
        table_items.append(svg)
    else:
        last = state.last_trick()
        if last is not None:
            winner = "nobody" if last.winner_player is None else f"P{last.winner_player + 1}"
            table_items.append(trick_svg(last.result, seats=last.players, labels=labels,
                                         title=f"last trick (#{last.number}): {winner} wins"))
    if state.window is not None:
        table_items.append(tag("div", f"P{state.window + 1} has no doppelgänger card left and "
                               "may claim a bonus card (DT-R15)."))
    parts.append(side_by_side(*table_items))
    parts.append(side_by_side(forecasts_html(state), score_sheet_html(state)))
    return Html("".join(map(str, parts)))


def _around(value: float, interval: tuple[float, float]) -> tuple[float, float]:
    """An interval for an error bar: inside [0, inf) and holding ``value`` (rounding can put a
    degenerate interval's end a hair past its value)."""
    lo, hi = interval
    return max(0.0, min(lo, value)), max(hi, value)


def _mean_text(mean: float, lo: float, hi: float) -> str:
    """A simulated mean with its 95% interval; a sample without spread (every trial scored the
    same) has no normal interval to show, and says so."""
    if hi - lo < 1e-12:
        return f"{mean:.2f} (every trial alike)"
    return f"{mean:.2f} [{max(0.0, lo):.2f}, {hi:.2f}]"


def forecast_html(fa: Any) -> Html:
    """Tricks-won distribution and expected points per bid of a forecast analysis, each with its
    95% interval (Wilson for the shares, a normal interval for the mean points), n = deals."""
    from ...core.exact import mean_interval
    from .rules import forecast_points

    tops = range(max(fa.counts) + 2)
    shares = [float(fa.probability(w)) for w in tops]
    dist = bar_chart([(str(w), v) for w, v in zip(tops, shares, strict=True)],
                     title=f"tricks won, {fa.policy} bots (n = {fa.deals} deals)", width=360,
                     height=210, y_label="share of deals", x_label="tricks won",
                     intervals=[_around(v, fa.interval(w)) for w, v in zip(tops, shares,
                                                                          strict=True)])
    top = min(12, max(fa.counts) + 3)
    means = []
    for b in range(top + 1):
        values = [float(forecast_points(b, w)) for w, c in fa.counts.items() for _ in range(c)]
        means.append(mean_interval(values))
    exp = bar_chart([(str(b), m) for b, (m, _, _) in enumerate(means)],
                    title=f"mean points per forecast (n = {fa.deals})", width=360,
                    height=210, colour=PALETTE[2], value_format="{:.2f}", x_label="forecast",
                    y_label="mean points", intervals=[_around(m, (lo, hi)) for m, lo, hi in means])
    rows = []
    for b, hit, _pts in fa.bid_table(top):
        lo, hi = fa.interval(b)
        m, mlo, mhi = means[b]
        rows.append([b, f"{float(hit):.3f} [{lo:.3f}, {hi:.3f}]", _mean_text(m, mlo, mhi)])
    best = fa.best_bid
    table = html_table(["forecast", "chance it is exact [95% Wilson]", "mean points [95%]"],
                       rows, caption=f"n = {fa.deals} deals; best forecast in this sample: "
                       f"{best} (mean tricks won {float(fa.mean_tricks):.2f})", highlight={best})
    return side_by_side(hand_svg(fa.hand, title=f"hand in seat P{fa.seat + 1}"), dist, exp,
                        Html(table))


def dvalue_html(dv: Any, min_trials: int = 20) -> Html:
    """Hit rate by D cards dealt; groups with fewer than ``min_trials`` player-rounds are left
    out (their intervals are too wide to read)."""
    rows = []
    shown = {d: r for d, r in dv.hit.items() if r.trials >= min_trials}
    for d, rate in shown.items():
        lo, hi = rate.interval
        if dv.point_counts:
            m, mlo, mhi = dv.points_interval(d)
            pts = _mean_text(m, mlo, mhi)
        else:
            pts = f"{dv.points[d]:.2f}"
        rows.append([d, rate.trials, f"{rate.value:.3f} [{lo:.3f}, {hi:.3f}]", pts])
    table = html_table(["doppelgängers dealt", "player-rounds (n)", "forecast hit rate [95%]",
                        "mean forecast points [95%]"], rows,
                       caption=f"{dv.players} players, {dv.rounds:,} rounds, {dv.policy} bots "
                       f"(groups under {min_trials} player-rounds left out)")
    chart = bar_chart([(str(d), r.value) for d, r in shown.items()],
                      title=f"forecast hit rate (n = {dv.rounds:,} rounds)",
                      width=400, height=220, y_label="exact forecasts",
                      value_format="{:.2f}", x_label="doppelgänger cards dealt",
                      intervals=[_around(r.value, r.interval) for r in shown.values()])
    return side_by_side(chart, Html(table))


def annihilation_rates_html(rates: Mapping[Any, Any]) -> Html:
    """Simulated annihilation chances by number: plain cards (the three suits pooled) against
    the doppelgänger card of that number, with Wilson 95% intervals."""
    from ...core.exact import wilson_interval
    from ...core.render import line_chart
    from .simulation import Rate

    rates = check_mapping(rates, "rates", max_len=40, key=lambda k, n: card(k),
                          item=lambda v, n: check_instance(v, n, Rate))
    if not rates or any(f"{card(c).number}D" not in rates for c in rates) or any(
            r.trials < 1 for r in rates.values()):
        raise BadInput("NB-ARG", "rates must map the cards of a deck to Rates (as "
                       "annihilation_rates returns)")
    numbers = sorted({card(c).number for c in rates})
    rows, plain_pts, d_pts = [], [], []
    plain_band, d_band = [], []
    for num in numbers:
        plain = [r for c, r in rates.items() if card(c).number == num and card(c).suit != "D"]
        d = rates[f"{num}D"]
        hits, trials = sum(r.hits for r in plain), sum(r.trials for r in plain)
        lo, hi = wilson_interval(hits, trials)
        dlo, dhi = d.interval
        plain_pts.append((num, hits / trials))
        d_pts.append((num, d.value))
        plain_band.append((num, lo, hi))
        d_band.append((num, dlo, dhi))
        rows.append([num, f"{hits / trials:.3f} [{lo:.3f}, {hi:.3f}]",
                     f"{d.value:.3f} [{dlo:.3f}, {dhi:.3f}]"])
    rounds = next(iter(rates.values())).trials
    top = max(hi for _, _, hi in plain_band + d_band)
    chart = line_chart({"plain card": plain_pts, "doppelgänger": d_pts}, x_label="card number",
                       bands={"plain card": plain_band, "doppelgänger": d_band},
                       y_range=(0.0, max(0.05, -(-top // 0.05) * 0.05)),
                       y_label="chance annihilated", width=460, height=240,
                       title=f"annihilated in a round (n = {rounds:,}, 95% bands)")
    table = html_table(["number", "plain card [95%]", "D card [95%]"], rows,
                       caption=f"chance a card is annihilated in a round (n = {rounds} simulated rounds; "
                       "plain: the three suits pooled, 3n card-rounds)")
    return side_by_side(chart, Html(table))


#: The census events in words (the census's own keys are names for code).
CENSUS_LABELS = {"tricks": "all possible tricks", "with_annihilation": "some pair annihilates",
                 "double_annihilation": "two pairs annihilate", "no_winner": "nobody wins",
                 "lead_annihilated": "the lead card is annihilated",
                 "off_suit_winner": "a card off the lead suit wins"}


def census_table(censuses: dict[int, dict[str, int]]) -> Html:
    """The census of each player count as a table of exact counts and probabilities."""
    censuses = _census(censuses)
    keys = list(next(iter(censuses.values())))
    header = (["in the trick"] + [f"{p} players: tricks" for p in censuses]
              + [f"{p} players: share" for p in censuses])
    rows = []
    for key in keys:
        row: list[Any] = [CENSUS_LABELS.get(key, key.replace("_", " "))]
        row += [f"{c[key]:,}" for c in censuses.values()]
        row += [f"{Fraction(c[key], c['tricks'])} ≈ {c[key] / c['tricks']:.4f}"
                for c in censuses.values()]
        rows.append(row)
    return Html(html_table(header, rows, caption="annihilation census: every possible trick"))


def census_chart(censuses: dict[int, dict[str, int]]) -> Svg:
    """Grouped bars (matplotlib, SVG): the exact share of all possible tricks with each event,
    per player count, each bar labelled with its value; the player counts differ by colour and
    by hatching (a second cue for colour-blind readers)."""
    from ...core.render import _axes, _figure_svg

    censuses = _census(censuses)
    keys = [k for k in next(iter(censuses.values())) if k != "tricks"]
    short = {"with_annihilation": "any\nannihilation", "double_annihilation": "two pairs",
             "no_winner": "no winner", "lead_annihilated": "lead card\nannihilated",
             "off_suit_winner": "off-suit\ncard wins"}
    title = "annihilation census: share of all possible tricks (exact)"
    fig, ax = _axes(560, 270, title, "event in the trick", "share of all possible tricks")
    width = 0.8 / len(censuses)
    hatches = ("", "//", "xx")
    for j, (players, c) in enumerate(censuses.items()):
        xs = [i - 0.4 + width * (j + 0.5) for i in range(len(keys))]
        shares = [c[k] / c["tricks"] for k in keys]
        bars = ax.bar(xs, shares, width=width * 0.95, color=PALETTE[j], alpha=0.85,
                      hatch=hatches[j % len(hatches)], edgecolor="#222", linewidth=0.5,
                      label=f"{players} players ({c['tricks']:,} tricks)")
        ax.bar_label(bars, labels=[f"{v:.3f}" for v in shares], fontsize=7, padding=1)
    ax.set_xticks(range(len(keys)), [short.get(k, k) for k in keys], fontsize=8)
    ax.axhline(0, color="#444", linewidth=0.8)
    ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    return _figure_svg(fig, title)


# -- shipped sweeps, in words (the words themselves are in :mod:`.teaching`) -------------------
def balance_section(name: str = "doppelganger_tricks_bonus_max_per_player", metric: str = "score_spread", *,
                    verdicts: bool = True, reference: float | None = None) -> Html:
    """This game's shipped sweep ``name`` in words: :func:`doppelnb.core.sweep_words.sweep_section`
    (the verdicts, a chart of ``metric`` with its 95% intervals, every balance measure) with
    :mod:`.teaching`'s words for the readings and metrics."""
    from ...core.sweep_words import sweep_section
    from .teaching import metric_label, plain_sweep_text, sweep_reading_label

    return sweep_section(name, metric, reading_words=sweep_reading_label,
                         metric_words=metric_label, plain_text=plain_sweep_text,
                         verdicts=verdicts, reference=reference)


def view_html(state: Any, seat: int | None = None) -> Html:
    """What ``seat`` sees, drawn from ``state.view(seat)`` alone (and the public suit labels):
    their own hand (cards they may not play to this trick dimmed, DT-R9), the trick so far,
    the forecasts (the others' stay secret until every forecast is made, DT-R6), the tricks won,
    the bonus cards and the totals. Nothing else of the state is read, so no other hand can show
    (the play-a-hand widget's tests check it).

    ``view_html(view)`` draws a :class:`~.state.View` on its own (``View._repr_html_``): the
    same picture, with the default suit labels, since the View holds no rules."""
    from .legal import legal_plays
    from .state import View

    if isinstance(state, View):
        view, labels = state, None
    else:
        view, labels = state.view(seat), state.rules.suit_labels
    seat = view.player
    n = len(view.hand_sizes)
    hand = view.hand
    playing = view.phase == "play"
    playable = legal_plays(hand, view.lead_suit) if playing and hand else None
    who = "an onlooker" if seat is None else f"P{seat + 1}"
    title = (f"Your hand ({who}) · round {view.round}"
             + (" · dimmed cards may not be played to this trick (DT-R9)" if playable is not None
                and len(playable) < len(hand) else ""))
    parts: list[Html | Svg] = [hand_svg(hand, playable=playable, title=title, labels=labels)]
    trick, lead = view.trick, view.lead_suit
    if trick and lead is not None:     # a trick under way always has its lead suit
        svg = Svg(max(260, 30 + 60 * len(trick)), CARD_H + 54, role="img", title="the trick so far")
        svg.text(6, 14, f"the trick so far · lead suit {lead} {SUIT_SYMBOLS[lead]}", size=11)
        for i, text in enumerate(trick):
            c = card(text)
            player = (view.leader + i) % n
            who = ("you" if player == seat else f"P{player + 1}") + (" led" if i == 0 else "")
            svg.text(8 + 60 * i + CARD_W / 2, 32, who, size=10, anchor="middle", fill="#444")
            _draw_card(svg, c, 8 + 60 * i, 36, counts_as=lead if c.suit == "D" else None,
                       labels=labels)
        parts.append(svg)
    secret = view.phase == "forecast"
    bids = ["–" if b is None and not made else "made (secret)" if b is None else b
            for b, made in zip(view.bids, view.bid_made, strict=True)]
    holders = view.bonus_holders
    rows: list[list[Any]] = [["forecast", *bids], ["tricks won", *view.won],
            ["bonus cards", *[" ".join(k for k, v in holders.items() if v == p) or "–"
                              for p in range(n)]],
            ["total so far", *view.totals]]
    head = ["", *["you" if p == seat else f"P{p + 1}" for p in range(n)]]
    caption = "forecasts (secret until all are made, DT-R6)" if secret else "forecasts"
    parts.append(Html(html_table(head, rows, caption=caption)))
    return tag("div", side_by_side(*parts), class_="doppelnb-view")


__all__ = ["card_svg", "hand_svg", "trick_svg", "state_html", "score_sheet_html", "forecasts_html", "view_html",
           "forecast_html", "dvalue_html", "census_table", "annihilation_rates_html", "census_chart", "scoring_table_html",
           "SUIT_COLOURS", "CENSUS_LABELS", "balance_section"]
