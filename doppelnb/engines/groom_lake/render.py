"""SVG pictures of the Desert: tiles, red dots, obstacles, Map Tokens, the Team pawn, distances,
the shortest path to START, distance heat maps and placement candidates (no widgets)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core.checks import check_instance, check_sequence
from ...core.render import PALETTE, Html, Svg, heat_colour, html_table, tag
from .cards import load_deck
from .desert import Desert, _rebuild_desert
from .legal import card_words
from .paths import stack_chain, stack_to_draw
from .placement import PlacementReport
from .rules import DEFAULT_RULES
from .tiles import OBSTACLE_NAMES, Coord, Tile, load_tiles

if TYPE_CHECKING:
    from .state import State, View

FILL = {"open_desert": "#f3dca8", "mountain": "#b9a184", "canyon": "#6b3f22",
        "civilization": "#a8d8a0", "start": "#ffffff"}
TERRAIN_LABEL = {"open_desert": "", "mountain": "Mountain", "canyon": "Canyon",
                 "civilization": "Civilization", "start": "START"}
OBSTACLE_SHORT = {"high_heat": "Heat", "flash_flood": "Flood", "rocky_terrain": "Rocks",
                  "sandstorm": "Sand", "animal_attack": "Animal", "alien_probe": "Probe"}
STACK_SHORT = {"3": "“3”", "6": "“6”", "compass": "C", "discards": "R"}
ILLUSTRATIVE = "illustrative tiles (the rulebook lists none)"
#: ink of a cleared obstacle or an explored Crash Site: still readable, visibly done
DONE_INK = "#1b6e2e"
NOTE_INK = "#555"


_SNAKE = re.compile(r"\b([a-z]+(?:_[a-z0-9]+)+)\b")


def plain_words(text: str) -> str:
    """An engine event in plain words: card and reading names lose their underscores
    ("revealed: field_notes" -> "revealed: field notes")."""
    text = str(text).replace("START (START)", "START")
    return _SNAKE.sub(lambda m: m.group(1).replace("_", " "), text)


def _dots(svg: Svg, x: float, y: float, cell: float, edges: Iterable[int]) -> None:
    """Red dots just inside each edge (N, E, S, W): one circle per dot."""
    for i, n in enumerate(edges):
        for k in range(n):
            off = (k - (n - 1) / 2) * 9
            cx, cy = {0: (x + cell / 2 + off, y + 5), 1: (x + cell - 5, y + cell / 2 + off),
                      2: (x + cell / 2 + off, y + cell - 5), 3: (x + 5, y + cell / 2 + off)}[i]
            svg.circle(round(cx, 1), round(cy, 1), 3.2, fill="#d7191c", stroke="#700",
                       stroke_width=0.6)


def _tile_ground(svg: Svg, x: float, y: float, cell: float, tile: Tile, *,
                 fill: str | None = None) -> None:
    svg.rect(x, y, cell, cell, fill=fill or FILL[tile.terrain], stroke="#555", stroke_width=1)


def _tile_marks(svg: Svg, x: float, y: float, cell: float, tile: Tile, rotation: int, *,
                done: bool = False, text_colour: str | None = None) -> None:
    """The words on a tile. A cleared obstacle or an explored Crash Site keeps its label, with a
    check mark in green ink instead of bold: the label stays readable (never struck through)."""
    terrain = tile.terrain
    ink = text_colour or ("#fff" if terrain == "canyon" else "#222")
    label = TERRAIN_LABEL[terrain]
    if label:
        svg.text(x + cell / 2, y + cell - 9, label, size=10, anchor="middle", fill=ink)
    middle = None
    if tile.obstacle:
        middle = f"{OBSTACLE_SHORT[tile.obstacle]} {tile.value}"
    elif tile.crash_site:
        middle = f"✈ {tile.crash_site}"
    if middle:
        if done:
            done_ink = text_colour or ("#c8f0c8" if terrain == "canyon" else DONE_INK)
            svg.text(x + cell / 2, y + cell / 2 + 5, f"✓ {middle}", size=11.5, anchor="middle",
                     fill=done_ink)
        else:
            svg.text(x + cell / 2, y + cell / 2 + 5, middle, size=12.5, anchor="middle",
                     fill=ink, font_weight="bold")
    svg.element("title", f"{tile.name}, turned {rotation}°"
                + (" (cleared)" if done and tile.obstacle else " (explored)" if done else ""))
    _dots(svg, x, y, cell, tile.rotated_edges(rotation))


def _tile(svg: Svg, x: float, y: float, cell: float, tile: Tile, rotation: int, *,
          fill: str | None = None, cleared: bool = False, text_colour: str | None = None) -> None:
    _tile_ground(svg, x, y, cell, tile, fill=fill)
    _tile_marks(svg, x, y, cell, tile, rotation, done=cleared, text_colour=text_colour)


def tile_svg(tile: Tile, rotation: int = 0, cell: int = 64) -> Svg:
    """One tile on its own (rotated), with its id underneath."""
    svg = Svg(cell + 8, cell + 22, title=tile.name)
    _tile(svg, 4, 4, cell, tile, rotation)
    svg.text(cell / 2 + 4, cell + 18, f"{tile.id} {rotation}°" if rotation else tile.id, size=11,
             anchor="middle")
    return svg


#: The legend's words, in the order it lists them (only what the picture shows).
_LEGEND_OBSTACLE = "obstacle and its value: blocks the Team until a roll beats it"
_LEGEND_DONE = "cleared or explored (a Map Token): the Team may enter"


_SYMBOLS = ("team", "distance", "path", "dot", "token", "mark:")


def _legend_offset(kind: str) -> float:
    """Where an entry's words start: after its symbol, or after its word sample."""
    return 26 if kind.startswith(_SYMBOLS) else 10 + 7 * len(kind)


def _legend(svg: Svg, x: float, y: float, entries: Sequence[tuple[str, str]]) -> None:
    """One line per entry: a small sample drawn the way the map draws it, then its meaning."""
    for i, (kind, words) in enumerate(entries):
        cy = y + 18 * i
        if kind == "team":
            svg.circle(x + 9, cy - 4, 7, fill=PALETTE[0], stroke="#fff", stroke_width=1.5)
            svg.text(x + 9, cy - 0.5, "T", size=9, anchor="middle", fill="#fff",
                     font_weight="bold")
        elif kind == "distance":
            svg.text(x + 9, cy, "2", size=11, anchor="middle", font_weight="bold",
                     fill="#08306b")
        elif kind == "path":
            svg.line(x, cy - 4, x + 18, cy - 4, stroke=PALETTE[1], stroke_width=4,
                     stroke_opacity=0.75, stroke_linecap="round")
        elif kind == "dot":
            svg.circle(x + 9, cy - 4, 3.2, fill="#d7191c", stroke="#700", stroke_width=0.6)
        elif kind == "token":
            svg.circle(x + 9, cy - 4, 5, fill="#222", stroke="#fff", stroke_width=1)
        elif kind.startswith("mark:"):
            colour = kind[5:]
            svg.rect(x + 1, cy - 11, 16, 14, fill=colour, fill_opacity=0.18, stroke=colour,
                     stroke_width=2, stroke_dasharray="4 2")
        else:  # a word sample ("Heat 7", "✓ Heat 5")
            done = kind.startswith("✓")
            svg.text(x, cy, kind, size=11, fill=DONE_INK if done else "#222",
                     font_weight=None if done else "bold")
            svg.text(x + _legend_offset(kind), cy, words, size=11, fill="#222")
            continue
        svg.text(x + 26, cy, words, size=11, fill="#222")


def desert_svg(desert: Desert, *, team: Coord | None = None, map_tokens: Iterable[Coord] = (),
               distances: bool = False, heat: bool = False,
               remaining: Mapping[str, int] | None = None, path: list[Coord] | None = None,
               marks: Mapping[Coord, str] | None = None, extra: Iterable[Coord] = (),
               title: str | None = None, cell: int = 72, distance_offset: int = 0,
               note: str | None = ILLUSTRATIVE,
               labels: Mapping[Coord, str] | None = None, legend: bool = True,
               mark_words: Mapping[str, str] | None = None) -> Svg:
    """The Desert as SVG.

    ``distances`` writes each tile's distance to START (GL-R16) in its corner; ``heat`` colours
    tiles by that distance and names the stack a Team standing there would draw from (using
    ``remaining``, default all stacks full); ``path`` draws a route; ``marks`` outlines empty or
    placed positions in a colour (placement candidates), and ``labels`` writes a short word in a
    marked square, so that the colour is never the only cue; ``extra`` widens the frame.
    ``legend`` lists, beside the map, what each mark it shows means (``mark_words``: the
    meaning of each word of ``labels``).
    """
    marks = dict(marks or {})
    tokens = set(map_tokens)
    cells = list(desert.tiles) + list(marks) + list(extra)
    xs, ys = [p[0] for p in cells], [p[1] for p in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    entries: list[tuple[str, str]] = []
    if legend:
        shown = [desert.tiles[p] for p in desert.tiles]
        if team is not None:
            entries.append(("team", "the Team"))
        if distances or heat:
            entries.append(("distance", "steps to START (shortest path)"))
        if path and len(path) > 1:
            entries.append(("path", "the shortest path to START"))
        if any(any(t.edges) for t in shown):
            entries.append(("dot", "red dot: must meet a red dot"))
        blocking = sorted({f"{OBSTACLE_SHORT[t.obstacle]} {t.value}" for p, t in
                           desert.tiles.items() if t.obstacle and p not in tokens})
        if blocking:
            entries.append((blocking[0], _LEGEND_OBSTACLE))
        names = sorted({t.obstacle for t in shown if t.obstacle})
        if names:
            entries += [("", f"{OBSTACLE_SHORT[o]} = {OBSTACLE_NAMES[o]}") for o in names]
        sites = sorted(t.crash_site for p, t in desert.tiles.items()
                       if t.crash_site and p not in tokens)
        if sites:
            n = sites[0]
            entries.append((f"✈ {n}", f"Crash Site: {n} hand-out{'s' * (n != 1)} the first "
                                       "time the Team enters"))
        done = [t for p, t in desert.tiles.items() if p in tokens and (t.obstacle or t.crash_site)]
        if done:
            entries.append(("token", _LEGEND_DONE))
            sample = done[0]
            word = (f"{OBSTACLE_SHORT[sample.obstacle]} {sample.value}" if sample.obstacle
                    else f"✈ {sample.crash_site}")
            entries.append((f"✓ {word}", "cleared obstacle or explored site"))
        for colour, word in {c: (labels or {}).get(p, "") for p, c in marks.items()}.items():
            meaning = (mark_words or {}).get(word)
            if word and meaning:
                entries.append((f"mark:{colour}", f"{word}: {meaning}"))
    legend_width = max((_legend_offset(k) + 6.6 * len(w) for k, w in entries), default=0)
    legend_width = legend_width + 14 if entries else 0
    pad, top = 8, 22 if title else 6
    bottom = 16 if note else 6
    map_width = (x1 - x0 + 1) * cell + 2 * pad
    width = max(map_width + legend_width, 7.5 * len(title or "") + 16,
                6 * len(note or "") + 16)
    height = max((y1 - y0 + 1) * cell + pad + top + bottom, top + 18 * len(entries) + bottom + 8)
    spoken = title or (f"the Desert: {len(desert)} tile{'s' * (len(desert) != 1)} placed"
                       + (f", the Team at {team}" if team is not None else ""))
    svg = Svg(round(width), round(height), title=spoken, role="img")  # every picture has a <title>
    if title:
        svg.text(width / 2, 15, title, size=12.5, anchor="middle", font_weight="bold")

    def corner(p: Coord) -> tuple[float, float]:
        return pad + (p[0] - x0) * cell, top + (y1 - p[1]) * cell

    maxd = max(desert.distance.values()) or 1
    full = remaining if remaining is not None else {"3": 1, "6": 1, "compass": 1}

    def hot(p: Coord) -> bool:
        return heat and desert.distance[p] / maxd > 0.45

    # ground first, then the path, then the words on top: a route never hides a label
    for p, tile in desert.tiles.items():
        x, y = corner(p)
        fill = heat_colour(0.1 + 0.9 * desert.distance[p] / maxd) if heat else None
        _tile_ground(svg, x, y, cell, tile, fill=fill)
    if path and len(path) > 1:
        pts = [(corner(p)[0] + cell / 2, corner(p)[1] + cell / 2) for p in path]
        svg.polyline(pts, stroke=PALETTE[1], stroke_width=4, stroke_opacity=0.6,
                     stroke_linecap="round")
    for p, tile in desert.tiles.items():
        x, y = corner(p)
        d = desert.distance[p] + distance_offset
        _tile_marks(svg, x, y, cell, tile, desert.rotation[p],
                    done=p in tokens and bool(tile.obstacle or tile.crash_site),
                    text_colour="#fff" if hot(p) else None)
        if heat:
            stack = stack_to_draw(d, full)
            svg.text(x + 4, y + 27, STACK_SHORT[stack], size=10,
                     fill="#fff" if hot(p) else "#08306b", font_weight="bold")
        if distances or heat:
            svg.text(x + 4, y + 14, d, size=12, font_weight="bold",
                     fill="#fff" if hot(p) or tile.terrain == "canyon" else "#08306b")
        if p in tokens:
            svg.circle(x + cell - 11, y + 12, 5, fill="#222", stroke="#fff", stroke_width=1)
            svg.element("title", "Map Token: cleared / explored")
    for p, colour in marks.items():
        x, y = corner(p)
        svg.rect(x + 2, y + 2, cell - 4, cell - 4, fill=colour, fill_opacity=0.18, stroke=colour,
                 stroke_width=2.5, stroke_dasharray="5 3")
        label = (labels or {}).get(p)
        if label and p not in desert.tiles:
            svg.text(x + cell / 2, y + cell / 2 + 4, label, size=12, anchor="middle", fill="#222",
                     font_weight="bold")
    if team is not None:
        x, y = corner(team)
        svg.circle(x + cell / 2, y + 19, 8.5, fill=PALETTE[0], stroke="#fff", stroke_width=2)
        svg.text(x + cell / 2, y + 22.5, "T", size=10, anchor="middle", fill="#fff",
                 font_weight="bold")
        svg.element("title", "the Team pawn")
    _legend(svg, map_width + 6, top + 14, entries)
    if note:
        svg.text(pad, height - 4, note, size=9.5, fill=NOTE_INK)
    return svg


def state_svg(state: State, *, distances: bool = True, path: bool = True, heat: bool = False,
              title: str | None = None, full_stacks: bool = False) -> Svg:
    """A game state's Desert: Team pawn, Map Tokens, distances and the path to START.

    With ``heat``, each tile names the stack a Team there would draw from given the stacks left
    now, or, with ``full_stacks``, the rulebook's bands ("3" up to 4 steps, "6" up to 8, Compass).
    """
    route = state.desert.shortest_path(state.team) if path else None
    remaining = None if full_stacks else state.remaining()
    return desert_svg(state.desert, team=state.team, map_tokens=state.map_tokens,
                      distances=distances, heat=heat, remaining=remaining, path=route,
                      title=title, distance_offset=1 if state.rules.distance_mode == "tiles_inclusive" else 0)


#: placement marks: colour-blind-safe colours (Okabe-Ito) with a word as the second cue
PLACE_HERE, FITS_LATER, BREAKS = "#0072B2", "#E69F00", "#D55E00"
PLACE_WORDS = {PLACE_HERE: "✓ here", FITS_LATER: "fits", BREAKS: "✗ dots"}
#: what each placement word means, for the picture's legend
PLACE_MEANING = {"✓ here": "a legal spot for the drawn tile",
                 "fits": "fits, but a spot nearer the Team comes first",
                 "✗ dots": "the red dots would not match"}


def placement_svg(report: PlacementReport, desert: Desert | None = None) -> Html:
    """The candidates of a drawn tile: blue "✓ here" = legal at the level that applies, orange
    "fits" = fits but a higher priority applies, vermilion "✗ dots" = breaks the red-dot rule;
    the tile itself on the right."""
    rank = {PLACE_HERE: 2, FITS_LATER: 1, BREAKS: 0}
    marks: dict[Coord, str] = {}
    for c in report.candidates:
        colour = (PLACE_HERE if c.legal and c.priority == report.level
                  else FITS_LATER if c.legal else BREAKS)
        if rank[colour] >= rank.get(marks.get(c.position, ""), -1):
            marks[c.position] = colour
    desert = desert if desert is not None else report.desert
    pictures = [tag("div", tag("div", "drawn tile", style="font-size:12px;text-align:center"),
                    tile_svg(report.tile))]
    if desert is not None:
        pictures.append(tag("div", desert_svg(desert, team=report.team, marks=marks,
                                              labels={p: PLACE_WORDS[c] for p, c in marks.items()},
                                              mark_words=PLACE_MEANING)))
    return tag("div", *pictures, style="display:flex;gap:12px;align-items:flex-start")


def state_html(state: State) -> Html:
    """The Desert plus a public status table (roles and hands stay hidden)."""
    rows = []
    for p in range(state.players):
        status = "out" if p in state.out else ("leader" if p == state.current else "")
        rows.append([f"P{p + 1}", state.life[p], len(state.hands[p]), status])
    stacks = ", ".join(f"“{k}”: {v}" if k != "compass" else f"Compass: {v}"
                       for k, v in state.remaining().items())
    d = state.team_distance()
    caption = (f"Team at {state.team}, distance {d}; next scout draws from "
               f"{state.next_stack() or 'nowhere (no tiles left)'}; stacks {stacks}")
    if state.result:
        from .actions import END_REASONS

        caption = END_REASONS[state.result]
    table = html_table(["player", "Life", "cards", ""], rows, caption=caption)
    events = [tag("li", plain_words(e)) for e in state.events]
    return tag("div", tag("div", state_svg(state)),
               tag("div", Html(table), tag("ul", *events, style="font-size:12px;max-width:380px")),
               style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start")




def step_html(state: State) -> Html:
    """One stepper frame: the Desert with distances and the shortest path, the distance-to-stack
    reading of GL-R16, and what the last action did."""
    d = state.team_distance()
    nxt = state.next_stack()
    path = state.desert.shortest_path(state.team)
    chain = stack_chain(d)
    empty = [s for s in chain[:chain.index(nxt)]] if nxt in chain else list(chain)
    why = (f" because {' and '.join(_stack_name(s) for s in empty)} "
           f"{'is' if len(empty) == 1 else 'are'} empty") if empty else ""
    if state.reshuffled and state.rules.reshuffled_stack_scope == "all_draws":
        why = " (once reshuffled, every draw uses it: GL-A5)"
    head: list[Any] = [tag("b", f"Team at {state.team}"),
                       f": shortest path to START = {d} step{'s' * (d != 1)} over "
                       f"{len(state.desert)} placed tiles → a scout now draws from ",
                       tag("b", _stack_name(nxt)), f"{why} (GL-R16)"]
    if state.result:
        from .actions import END_REASONS

        head = [tag("b", "Game over"), f": {END_REASONS[state.result]}"]
    events = [tag("li", plain_words(e)) for e in state.events]
    if state.phase == "place":  # show where the scouted tile may go, and why
        report = state.placement_report()
        picture = [tag("div", report.summary(), style="font-size:12px"), placement_svg(report)]
    else:
        picture = [tag("div", state_svg(state, title=None))]
    parts = [tag("div", *head, style="font-size:13px"), *picture,
             tag("ul", *events, style="font-size:12px;margin:2px 0"),
             tag("div", "path: " + " → ".join(str(p) for p in path),
                 style="font-size:11px;color:#555")]
    return Html("".join(map(str, parts)))


def steps_table(states: Sequence[State], *, caption: str | None = None) -> Html:
    """A stepped example as a table: each action after the first state, who played it, and what
    the engine says happened (its events)."""
    from .state import State

    states = list(check_sequence(states, "states", max_len=500))
    for i, s in enumerate(states):
        check_instance(s, f"states[{i}]", State, expected="a Groom Lake State")
    rows = []
    for i, (before, after) in enumerate(zip(states, states[1:], strict=False), start=1):
        action = after.actions[-1]
        who = before.to_move
        rows.append([i, f"P{who + 1}" if who is not None else "-", before.action_label(tuple(action)),
                     plain_words("; ".join(after.events)) or "-"])
    return Html(html_table(["step", "who", "action", "what happens"], rows, caption=caption))


def _stack_name(name: str | None) -> str:
    if name is None:
        return "nowhere (no tile left)"
    return {"3": "the “3” stack", "6": "the “6” stack", "compass": "the Compass stack",
            "discards": "the reshuffled stack of discards"}[name]


#: What each phase of the game waits for, in a player's words (for :func:`view_html`).
_PHASE_WORDS = {"setup_discard": "set-up: everyone discards down to 3 Supply cards (GL-R6)",
                "turn": "the leader's turn", "scout_keep": "the leader keeps one scouted tile",
                "place": "the leader places the scouted tile", "mountain": "the Mountain toll",
                "crash": "the Crash Site hand-out", "hand_limit": "a hand-limit discard",
                "pile": "the clearing pile", "pay": "a penalty payment",
                "trait": "keep or discard the revealed card", "take_life": "The Infection",
                "vote": "a vote", "give_up": "a vote on giving up", "over": "the game is over"}


def view_html(state: State | View, seat: int | None = None, *,
              marks: Iterable[Coord] = ()) -> Html:
    """What ``seat`` sees, drawn from ``state.view(seat)`` alone plus the public box contents
    (the tile set, the Supply deck's card kinds) and rules: the open Desert with the Team pawn,
    Map Tokens and distances (GL-R16), ``marks`` outlined (e.g. where a scouted tile may go),
    and a table of their own role and Supply cards, every player's Life tokens and card count,
    the stacks and the step the game waits for. Nothing else of the state is read, so no other
    hand and no other role can show (the play-a-hand widget's tests check it).

    ``view_html(view)`` draws a :class:`~.state.View` on its own (``View._repr_html_``): a View
    names its tiles and cards by id, so they are drawn from the shipped box (the tile set and
    Supply deck every ``new_game`` uses) and the default rules; for a game replayed with a
    user's own box, call ``view_html(state, seat)``."""
    from .state import View

    if isinstance(state, View):
        view, tileset, deck, rules = state, load_tiles(), load_deck(), DEFAULT_RULES
    else:
        view = state.view(seat)
        tileset, deck, rules = state.tileset, state.deck, state.rules
    seat = view.you
    tiles = view.tiles
    start = tiles[0][0]  # START is the first tile placed
    desert = _rebuild_desert(start, [(q, tileset[t], r) for q, t, r in tiles], True)
    shown: dict[Coord, str] = {(int(p[0]), int(p[1])): PLACE_HERE for p in marks}
    offset = 1 if rules.distance_mode == "tiles_inclusive" else 0
    picture = desert_svg(desert, team=view.team, map_tokens=view.map_tokens,
                         distances=True, marks=shown, labels={p: "✓ here" for p in shown},
                         distance_offset=offset)
    n = len(view.life)
    out = set(view.out)

    def seat_name(p: int) -> str:
        return ("you" if p == seat else f"P{p + 1}") + (" (out)" if p in out else "")

    points = dict(deck.points)
    points.update(dict(rules.scoring_values))
    hand = [card_words(card) + (f" ({points[card]} point{'s' * (points[card] != 1)})"
                    if deck.kind(card) == "trait" and points.get(card) else "")
            for card in view.hand]
    waits = _PHASE_WORDS.get(view.phase, view.phase)
    if view.pile_size is not None:
        waits += f": {view.pile_size} item(s) in the pile"
    if view.pile is not None:
        waits += f", revealed: {', '.join(map(card_words, view.pile)) or 'no cards'}"
    if view.drawn is not None:
        waits += f"; you scouted {' and '.join(view.drawn)}"
    if view.revealed_card is not None:
        waits += f"; the revealed card is {card_words(view.revealed_card)}"
    stacks = ", ".join(("Compass" if k == "compass" else f"“{k}”") + f" {v}"
                       for k, v in view.stacks)
    rows = [["you are", "an onlooker: no role, no cards (GL-R8)" if seat is None else
             f"P{seat + 1}, {'an ' if view.role == 'alien' else 'a '}"
             f"{(view.role or '').capitalize()} (your role is secret, GL-R5)"],
            ["your Supply cards", ", ".join(hand) or "none"],
            ["Life tokens", ", ".join(f"{seat_name(p)} {view.life[p]}" for p in range(n))],
            ["Supply cards held", ", ".join(f"{seat_name(p)} {view.hand_sizes[p]}"
                                            for p in range(n))],
            ["leader", f"{seat_name(view.leader)}, {view.ap} Action Point(s) left"],
            ["the Team", f"at {view.team}, {desert.distance[view.team] + offset} "
                         f"step(s) from START (GL-R16)"],
            ["tile stacks left", f"{stacks}; {view.tile_discards} tile(s) discarded"],
            ["Supply deck", f"{view.supply_left} card(s) left, "
                            f"{view.supply_discards} discarded"],
            ["now", waits]]
    table = Html(html_table(["what you see", ""], rows))
    return tag("div", tag("div", picture), tag("div", table), class_="doppelnb-view",
               style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start")


def seat_and_onlooker(state: State, seat: int = 0) -> Html:
    """What ``seat`` sees of a game beside what an onlooker sees: its role and Supply cards are
    its own (GL-R5, GL-R8); everyone sees how many cards each player holds and how many were
    discarded, face down (GL-R11)."""
    mine, public = state.view(seat), state.view(None)
    name = f"P{seat + 1}"
    rows = [[f"{name}'s role", str(mine.role), "hidden"],
            [f"{name}'s Supply cards", ", ".join(map(card_words, mine.hand)), "hidden"],
            ["cards each player holds",
             *[", ".join(map(str, v.hand_sizes)) for v in (mine, public)]],
            ["Supply discards",
             *[f"{v.supply_discards}, face down" for v in (mine, public)]]]
    return Html(html_table(["", f"{name} sees", "an onlooker sees"], rows))


def neighbours_svg(desert: Desert, at: Coord = (0, 0)) -> Svg:
    """The Desert with the four neighbours of ``at`` marked, and its four diagonal squares,
    which are not neighbours (GL-R9)."""
    x, y = at
    sides = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    corners = [(x + 1, y + 1), (x - 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)]
    return desert_svg(desert, team=at,
                      labels={**{p: "next" for p in sides}, **{p: "diagonal" for p in corners}},
                      marks={**{p: "#0072B2" for p in sides}, **{p: "#E69F00" for p in corners}},
                      mark_words={"next": "a neighbour", "diagonal": "not a neighbour"})


#: How the other actions read in a move list (card names in plain words).
def balance_section(name: str = "groom_lake_carry_over_ap", metric: str = "length_actions", *,
                    verdicts: bool = True, reference: float | None = None) -> Html:
    """This game's shipped sweep ``name`` in words: :func:`doppelnb.core.sweep_words.sweep_section`
    (the verdicts, a chart of ``metric`` with its 95% intervals, every balance measure) with
    :mod:`.teaching`'s words for the readings and metrics."""
    from ...core.sweep_words import sweep_section
    from .teaching import metric_label, plain_sweep_text, sweep_reading_label

    return sweep_section(name, metric, reading_words=sweep_reading_label,
                         metric_words=metric_label, plain_text=plain_sweep_text,
                         verdicts=verdicts, reference=reference)


__all__ = ["desert_svg", "seat_and_onlooker", "neighbours_svg", "state_svg", "tile_svg",
           "placement_svg", "state_html", "step_html", "steps_table", "view_html", "plain_words",
           "FILL", "balance_section"]
