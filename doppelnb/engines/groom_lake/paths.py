"""Paths over the Desert: the distance to START and the stack it selects (GL-R16, GL-A4, GL-A5),
where the Team can walk (GL-R17), and the "trapped" end (GL-R31.4, GL-A28).

The distances themselves are kept by the :class:`~.desert.Desert` as tiles are placed; these
functions read them, or search any collection of positions a caller gives.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from ...core.checks import check_bool, check_int, show
from ...core.errors import BadInput
from .desert import Desert
from .placement import _coord
from .rules import Rules
from .tiles import Coord, fmt, neighbours

STACKS = ("3", "6", "compass")
#: Most positions :func:`distance_to_start` accepts as a collection or a graph: 0.15 s of
#: graph building and search (a million ran for half a minute). The tile set has 61 tiles, the
#: tests' deserts at most a few hundred positions.
MAX_TILES = 10_000


def _desert_team(desert: Any, team: Any) -> tuple[Desert, Coord]:
    if not isinstance(desert, Desert):
        raise BadInput("NB-ARG", f"desert must be a Desert, got {type(desert).__name__}")
    return desert, desert._team(team)



def _graph_of(tiles: Any) -> nx.Graph:
    if isinstance(tiles, Desert):
        return tiles.graph
    if isinstance(tiles, nx.Graph):
        if tiles.number_of_nodes() > MAX_TILES:
            raise BadInput("NB-ARG", f"tiles is limited to {MAX_TILES:,} positions, got a graph "
                           f"of {tiles.number_of_nodes():,}")
        return tiles
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, (Mapping, Iterable)):
        raise BadInput("NB-ARG", f"tiles must be positions, a mapping keyed by positions, a Desert "
                       f"or a graph, got {type(tiles).__name__}")
    source = tiles.keys() if isinstance(tiles, Mapping) else tiles
    cells = list(itertools.islice(source, MAX_TILES + 1))
    if len(cells) > MAX_TILES:
        raise BadInput("NB-ARG", f"tiles is limited to {MAX_TILES:,} positions, got more")
    placed = {_coord(c, "a tile position") for c in cells}
    graph = nx.Graph()
    for raw in placed:
        p = _coord(raw, "a tile position")
        graph.add_node(p)
        for q in neighbours(p):
            if q in placed:
                graph.add_edge(p, q)
    return graph


def distance_to_start(tiles: Iterable[Coord] | Mapping[Coord, Any] | Desert | nx.Graph, team: Coord,
                      start: Coord = (0, 0), *, mode: str = "steps") -> int:
    """Shortest orthogonal path over the placed ``tiles`` from the Team's tile to START.

    GL-R16: every placed tile counts, cleared or not, Canyons included. GL-A4: ``mode="steps"``
    counts steps (START itself is 0); ``"tiles_inclusive"`` counts the tiles on the path (one more).
    ``tiles`` is a collection of positions, a mapping keyed by positions, a :class:`Desert` or a
    networkx graph, of at most :data:`MAX_TILES` (10,000) positions (a Desert is not limited).

    >>> distance_to_start({(0, 0), (1, 0), (2, 0), (2, 1)}, (2, 1))
    3
    """
    team, start = _coord(team, "the Team's tile"), _coord(start, "START")
    if mode not in ("steps", "tiles_inclusive"):
        raise BadInput("GL-A4", f"{show(mode)} is not a distance mode; choose 'steps' or 'tiles_inclusive'")
    if isinstance(tiles, Desert) and tiles.start == start and team in tiles._distance:
        steps: int = tiles._distance[team]
    else:
        graph = _graph_of(tiles)
        for p, what in ((team, "the Team's tile"), (start, "START")):
            if p not in graph:
                raise BadInput("GL-R16", f"{what} {fmt(p)} is not among the placed tiles")
        try:
            steps = nx.shortest_path_length(graph, team, start)
        except nx.NetworkXNoPath:
            raise BadInput("GL-R16", f"no path of placed tiles joins {fmt(team)} to START "
                           f"{fmt(start)}") from None
    return steps + (1 if mode == "tiles_inclusive" else 0)


def stack_chain(distance: int) -> tuple[str, ...]:
    """GL-R16 / GL-A5: the stacks tried in order for a Team at ``distance`` steps (a whole
    number >= 0; anything else is ``BadInput``)."""
    return _chain(check_int(distance, "distance", 0))


def _chain(distance: int) -> tuple[str, ...]:
    if distance <= 4:
        return ("3", "6", "compass")
    if distance <= 8:
        return ("6", "compass")
    return ("compass",)


def stack_to_draw(distance: int, remaining: Mapping[str, int], *, reshuffled: bool = False) -> str:
    """Which stack a Scout draws from (GL-R16, GL-A5).

    ``remaining`` maps ``"3"``, ``"6"``, ``"compass"`` to the tiles left (a missing stack counts as
    empty). The answer is the first non-empty stack of the fallback chain, or ``"discards"``: the
    single reshuffled stack of discarded tiles, used once the chain runs dry. ``reshuffled=True``
    says that stack already exists and, under the default ``all_draws`` reading, serves every draw.

    >>> stack_to_draw(4, {"3": 5, "6": 5, "compass": 5}), stack_to_draw(5, {"3": 5, "6": 5, "compass": 5})
    ('3', '6')
    >>> stack_to_draw(3, {"3": 0, "6": 2, "compass": 5}), stack_to_draw(9, {"compass": 0})
    ('6', 'discards')
    """
    distance = check_int(distance, "distance", 0)
    check_bool(reshuffled, "reshuffled")
    if not isinstance(remaining, Mapping):
        raise BadInput("NB-ARG", "remaining maps \"3\", \"6\", \"compass\" to the tiles left")
    for key, value in remaining.items():
        if key not in STACKS:
            raise BadInput("NB-ARG", f"{show(key)} is not a stack; stacks are \"3\", \"6\", \"compass\"")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadInput("NB-ARG", f"stack {show(key)} must hold a whole number >= 0 of tiles")
    if reshuffled:
        return "discards"
    for name in _chain(distance):  # GL-R16 fallbacks
        if remaining.get(name, 0) > 0:
            return name
    return "discards"  # GL-R16: the Compass stack ran out -> one reshuffled stack (GL-A5)


def first_stack(distance: int, stacks: Mapping[str, Sequence[str]], *,
                reshuffled: bool = False) -> str:
    """:func:`stack_to_draw` for a game's own stacks (the tiles themselves, by stack name), its
    arguments unchecked: what a State asks before every Scout."""
    if reshuffled:
        return "discards"
    for name in _chain(distance):
        if stacks.get(name):
            return name
    return "discards"


def team_distance(rules: Rules, desert: Desert, team: Coord) -> int:
    """GL-R16 / GL-A4: the Team's distance to START in a game (START is 0 steps, or 1 tile)."""
    d = desert.distance_of(team)
    return d + 1 if rules.distance_mode == "tiles_inclusive" else d


def next_stack(rules: Rules, distance: int, stacks: Mapping[str, Sequence[str]],
               reshuffled: bool, tile_discards: Sequence[str]) -> str | None:
    """The stack a game's next scouted tile comes from (GL-R16, GL-A5), or None when no tile is
    left anywhere: the reshuffled stack serves every draw once it exists under
    ``reshuffled_stack_scope="all_draws"``; ``"discards"`` also names the tile discards still
    to be reshuffled into it."""
    scope_all = rules.reshuffled_stack_scope == "all_draws"
    name = first_stack(distance, stacks, reshuffled=reshuffled and scope_all)
    if name == "discards":
        if stacks["discards"] or tile_discards:
            return "discards"
        # [INFERRED] the reshuffled stack and the discards are both empty: any tile still in
        # an original stack is drawn by the ordinary chain.
        name = first_stack(distance, stacks)
        return None if name == "discards" else name
    return name


# -- reachability and "trapped" (GL-R17, GL-R31.4, GL-A28) ----------------------------------------
def reachable(desert: Desert, team: Coord, cleared: Callable[[Coord], bool]) -> set[Coord]:
    """Tiles the Team can walk to now: through cleared, non-Canyon tiles (GL-R17).

    ``cleared(p)`` says whether the tile at ``p`` may be entered.
    """
    desert, team = _desert_team(desert, team)
    if not callable(cleared):
        raise BadInput("NB-ARG", f"cleared must be a function of a position, got {show(cleared)}")
    seen, queue, tiles = {team}, deque([team]), desert._tiles
    while queue:
        u = queue.popleft()
        for v in neighbours(u):
            if v not in seen and v in tiles and tiles[v].terrain != "canyon" and cleared(v):
                seen.add(v)
                queue.append(v)
    return seen


def region(desert: Desert, team: Coord) -> set[Coord]:
    """GL-A28's R: non-Canyon tiles joined to the Team past non-Canyon tiles, cleared or not."""
    desert, team = _desert_team(desert, team)
    return _region(desert, team)


def _region(desert: Desert, team: Coord) -> set[Coord]:
    seen, queue, tiles = {team}, deque([team]), desert._tiles
    while queue:
        u = queue.popleft()
        for v in neighbours(u):
            if v not in seen and v in tiles and tiles[v].terrain != "canyon":
                seen.add(v)
                queue.append(v)
    return seen


def is_trapped(desert: Desert, team: Coord) -> bool:
    """GL-R31.4 with GL-A28: no Civilization and no empty neighbour anywhere in R."""
    desert, team = _desert_team(desert, team)
    return _is_trapped(desert, team)


def _is_trapped(desert: Desert, team: Coord) -> bool:
    """:func:`is_trapped` for a placed ``team`` (unchecked), remembered by the Desert: a game
    asks after every action, and the states of a game (and a search's samples of them) share
    one Desert until the next tile is placed."""
    known = desert._trapped_at(team)
    if known is not None:
        return known
    # The walk over R (:func:`region`) stops at the first Civilization tile or empty neighbour:
    # a Team is nearly always one step from an open edge, so R is rarely walked whole.
    tiles = desert._tiles
    seen, todo, trapped = {team}, [team], True
    while todo and trapped:
        u = todo.pop()
        if tiles[u].terrain == "civilization":
            trapped = False
            break
        for v in neighbours(u):
            tile = tiles.get(v)
            if tile is None:
                trapped = False
                break
            if v not in seen and tile.terrain != "canyon":
                seen.add(v)
                todo.append(v)
    desert._remember_trapped(team, trapped)
    return trapped




__all__ = ["distance_to_start", "stack_to_draw", "stack_chain", "reachable", "region",
           "is_trapped", "STACKS", "MAX_TILES"]
