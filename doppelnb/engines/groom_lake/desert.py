"""The Desert: placed tiles as a networkx graph (coordinates are nodes, orthogonal neighbours edges).

Holds the red-dot rule (GL-R14), the placement priority (GL-R15) with its report, and the
distance of every placed tile to START (GL-R16); the paths over it (the stack a distance selects,
reachability, the "trapped" end) are :mod:`.paths`'.

Distances are kept incrementally: placing a tile can only shorten paths, so the new tile takes
``1 + min(neighbour distances)`` and a breadth-first relaxation spreads any shortening from it.
A placement therefore costs time proportional to the tiles whose distance changes, not to the
Desert's size (``benchmarks/groom_lake.py`` measures it against a fresh search).

A Desert is one persistent value (issue 26): immutable from birth, its tables persistent maps
(``immutables.Map``). :meth:`Desert.placed` returns a new Desert with one more tile, sharing the
old one's maps (a placement adds O(log n) new memory and leaves the old Desert as it was), so the
states of a game, and a search's samples of them, share their Deserts instead of copying them.
The networkx graph is built on demand from the tiles (a frozen graph for analyses, a cache of the
Desert that holds it), never copied per state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import FrozenInstanceError
from types import MappingProxyType
from typing import Any, TypeVar

import networkx as nx
from immutables import Map, MapMutation

from ...core.checks import show
from ...core.errors import BadInput, IllegalAction
from .placement import (
    Candidate,
    Cells,
    Mismatch,
    PlacementReport,
    Spots,
    _check_mode,
    _check_rotation,
    _check_tile,
    _coord,
    edges_match,
)
from .tiles import DIRECTIONS, Coord, Tile, diagonals, fmt, neighbours

K = TypeVar("K")
V = TypeVar("V")

#: The rotations of an edge pattern that fit a constraint, memoised (a pure function of a few
#: small integers: edge codes and constraints take few values, so the table stays small).
_FITTING: dict[tuple[Any, ...], tuple[int, ...]] = {}
_FITTING_MAX = 100_000
#: The side of a neighbour's tile that faces us, for our N, E, S, W sides.
_FACING = (2, 3, 0, 1)
_set = object.__setattr__  # how a newborn Desert's fields are set (its own __setattr__ refuses)
_EMPTY: Map[Any, Any] = Map()
#: The persistent tables a Desert holds (an empty Desert has each empty before START is placed).
_TABLES = ("_tiles", "_rotation", "_edges", "_distance", "_order", "_index", "_constraint",
           "_by_constraint", "_slot")


def _fitting(need: tuple[int, ...], patterns: tuple[tuple[int, tuple[int, ...]], ...],
             mode: str) -> tuple[int, ...]:
    """The rotations (of ``patterns``: rotation, edges N, E, S, W) whose touching edges match
    the constraint ``need`` of an open position (the facing edge on each side, -1 where the
    side is empty; GL-R14, GL-A3), memoised in :data:`_FITTING`."""
    key = (need, patterns, mode)
    fitting = _FITTING.get(key)
    if fitting is None:
        if len(_FITTING) > _FITTING_MAX:
            _FITTING.clear()
        fitting = _FITTING[key] = tuple(r for r, edges in patterns if all(
            c < 0 or edges_match(e, c, mode) for e, c in zip(edges, need, strict=True)))
    return fitting


class OrderedView(Mapping[K, V]):
    """A read-only mapping over a persistent map, iterated in the order given by ``order``
    (a persistent map from 0, 1, 2, ... to keys): insertion order without a copied dict."""

    __slots__ = ("_order", "_values")

    def __init__(self, order: Mapping[int, K], values: Mapping[K, V]) -> None:
        self._order = order
        self._values = values

    def __getitem__(self, k: K) -> V:
        return self._values[k]

    def __contains__(self, k: object) -> bool:
        return k in self._values

    def __iter__(self) -> Iterator[K]:
        order = self._order
        return (order[i] for i in range(len(order)))

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


class Desert:
    """The placed tiles. ``graph`` is a networkx Graph over coordinates; ``distance`` maps each
    placed tile to its number of orthogonal steps to START over placed tiles (GL-R16).

    A Desert is an immutable value from birth: :meth:`placed` returns a **new** Desert with one
    more tile and leaves this one as it was, sharing its persistent maps. Its mappings are
    read-only, its graph is a frozen networkx graph, and assigning an attribute is refused, so a
    Desert can be handed to anyone (game states, a search's samples, a notebook) and nothing
    reachable from it is shared mutable state.

    >>> from .tiles import load_tiles
    >>> d = Desert(load_tiles().start)
    >>> d.tiles[(0, 1)] = None
    Traceback (most recent call last):
    ...
    TypeError: 'OrderedView' object does not support item assignment
    """

    __slots__ = ("start", "_graph", "_tiles", "_rotation", "_edges", "_distance", "_order", "_index",
                 "_constraint", "_by_constraint", "_slot", "_seq", "_trapped")
    start: Coord
    _graph: nx.Graph | None  # built on demand from the tiles (a cache)
    # Persistent maps (shared between the Deserts of a game's states, never changed):
    _tiles: Map[Coord, Tile]
    _rotation: Map[Coord, int]
    _edges: Map[Coord, tuple[int, ...]]  # the four rotated edges
    _distance: Map[Coord, int]  # steps to START
    _order: Map[int, Coord]  # 0, 1, 2, ... -> Coord, the order of placement
    _index: Map[Coord, int]  # its number in that order
    # Each open position (empty, orthogonally next to a placed tile) has a constraint: the
    # facing edge of the tile on each side (N, E, S, W), -1 where the side is empty; positions
    # are grouped by constraint so that a search "anywhere" (GL-R15 level 3) checks each
    # distinct constraint once instead of every position. A class is (creation number, its
    # positions as a map 0..n-1 -> Coord); classes are read in creation order.
    _constraint: Map[Coord, tuple[int, ...]]  # open position -> constraint
    _by_constraint: Map[tuple[int, ...], tuple[int, Map[int, Coord]]]  # (number, positions)
    _slot: Map[Coord, int]  # an open position's index in its class
    _seq: int  # the creation number of the next new class
    # GL-R31.4 by Team position, remembered (:func:`.paths.is_trapped`): a cache, like the graph
    _trapped: Map[Coord, bool]

    def __init__(self, start_tile: Tile, start: Coord = (0, 0), start_rotation: int = 0):
        start = _coord(start, "START")
        if not isinstance(start_tile, Tile):
            raise BadInput("NB-ARG", f"start_tile must be a Tile, got {type(start_tile).__name__}")
        if start_rotation not in (0, 90, 180, 270) or isinstance(start_rotation, bool):
            raise BadInput("NB-ARG", f"start_rotation must be 0, 90, 180 or 270, got {show(start_rotation)}")
        # START is placed on an empty Desert, the same way :meth:`placed` adds every later tile.
        _set(self, "start", start)
        _set(self, "_seq", 0)
        for name in _TABLES:
            _set(self, name, _EMPTY)
        self._grow_from(self, start, start_tile, start_rotation)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: a Desert never changes "
                                  "(desert.placed(...) returns a new one)")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: a Desert never changes")

    # -- read-only access ---------------------------------------------------------------------
    # The views need no mappingproxy: OrderedView is a read-only Mapping over persistent maps.
    @property
    def tiles(self) -> Mapping[Coord, Tile]:
        return OrderedView(self._order, self._tiles)

    @property
    def rotation(self) -> Mapping[Coord, int]:
        return OrderedView(self._order, self._rotation)

    @property
    def edges(self) -> Mapping[Coord, tuple[int, ...]]:
        return OrderedView(self._order, self._edges)

    @property
    def distance(self) -> Mapping[Coord, int]:
        return OrderedView(self._order, self._distance)

    @property
    def open(self) -> frozenset[Coord]:
        """The empty positions orthogonally next to a placed tile."""
        return frozenset(self._constraint)

    def _classes(self) -> list[tuple[tuple[int, ...], Cells[Coord]]]:
        """The classes of open positions in creation order."""
        items = sorted(self._by_constraint.items(), key=lambda kv: kv[1][0])
        return [(need, Cells(cells)) for need, (_, cells) in items]

    @property
    def by_constraint(self) -> Mapping[tuple[int, ...], frozenset[Coord]]:
        # a fresh dict (in creation order) behind a read-only proxy
        return MappingProxyType({k: frozenset(v) for k, v in self._classes()})

    @property
    def graph(self) -> nx.Graph:
        """The adjacency graph (frozen), built from the tiles when first asked for and kept: a
        cache of this Desert, which never changes. Nodes and edges come in the order the tiles
        were placed."""
        graph = self._graph
        if graph is None:
            graph = nx.Graph()
            order, tiles = self._order, self._tiles
            index = {}
            for i in range(len(order)):
                p = order[i]
                index[p] = i
                graph.add_node(p)
                for q in neighbours(p):
                    if q in index:
                        graph.add_edge(p, q)
            nx.freeze(graph)
            _set(self, "_graph", graph)
            assert len(index) == len(tiles)
        return graph

    def _trapped_at(self, team: Coord) -> bool | None:
        """:func:`.paths.is_trapped`'s answer for ``team`` if already given (GL-R31.4), or None."""
        known: bool | None = self._trapped.get(team)
        return known

    def _remember_trapped(self, team: Coord, trapped: bool) -> None:
        """Keep :func:`.paths.is_trapped`'s answer: a cache of this Desert, like :attr:`graph`."""
        _set(self, "_trapped", self._trapped.set(team, trapped))

    # An immutable value is its own copy (as a tuple is). Without these, copy and deepcopy would
    # go through __reduce__ and replay every placement into an equal, separate Desert.
    def __copy__(self) -> Desert:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Desert:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        placed = [(p, self._tiles[p], self._rotation[p]) for p in self]
        return (_rebuild_desert, (self.start, placed))

    # -- basic access -------------------------------------------------------------------------
    def __contains__(self, p: object) -> bool:
        return p in self._tiles

    def __len__(self) -> int:
        return len(self._tiles)

    def __iter__(self) -> Iterator[Coord]:
        order = self._order
        return (order[i] for i in range(len(order)))

    def __getitem__(self, p: Coord) -> Tile:
        tile: Tile = self._tiles[p]
        return tile

    def get(self, p: Coord) -> Tile | None:
        """The tile at ``p``, or None (like ``tiles.get``, without building the view)."""
        tile: Tile | None = self._tiles.get(p)
        return tile

    def distance_of(self, p: Coord) -> int:
        """The placed tile ``p``'s distance to START (like ``distance[p]``, without the view)."""
        steps: int = self._distance[p]
        return steps

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Desert):
            return NotImplemented
        return (self.start == other.start and dict(self._rotation) == dict(other._rotation)
                and {p: t.id for p, t in self._tiles.items()}
                == {p: t.id for p, t in other._tiles.items()})

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Desert of {len(self)} tiles>"

    def ascii(self, team: Coord | None = None) -> str:
        """A text map, north up: S START, . Open Desert, ^ Mountain, # Canyon, C Civilization;
        lower case when the tile shows an obstacle (o, m, c), * a Crash Site, T the Team."""
        marks = {"start": "S", "open_desert": ".", "mountain": "^", "canyon": "#",
                 "civilization": "C"}
        x0, y0, x1, y1 = self.bounds()
        lines = []
        for y in range(y1, y0 - 1, -1):
            row = []
            for x in range(x0, x1 + 1):
                tile = self._tiles.get((x, y))
                if (x, y) == team:
                    row.append("T")
                elif tile is None:
                    row.append(" ")
                elif tile.crash_site:
                    row.append("*")
                elif tile.obstacle:
                    row.append({"open_desert": "o", "mountain": "m", "civilization": "c"}[tile.terrain])
                else:
                    row.append(marks[tile.terrain])
            lines.append("".join(row).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.ascii()

    def _repr_svg_(self) -> str:
        from .render import desert_svg

        return str(desert_svg(self, distances=True))

    def _team(self, team: Any) -> Coord:
        q = _coord(team, "team")
        if q not in self._tiles:
            raise BadInput("NB-ARG", f"team must be the position of a placed tile, got {fmt(q)}")
        return q

    def adjacent(self, p: Coord) -> list[Coord]:
        """The placed tiles next to the placed tile ``p``, in the order of ``graph.adj[p]``
        (those placed before ``p`` in N, E, S, W order, then the later ones as placed), without
        building the graph."""
        index = self._index
        mine = index[p]
        placed = [(index[q], q) for q in neighbours(p) if q in index]
        return ([q for i, q in placed if i < mine]
                + [q for i, q in sorted(placed) if i > mine])

    def placed_neighbours(self, p: Coord) -> list[Coord]:
        p = _coord(p)
        return [q for q in neighbours(p) if q in self._tiles]

    def empty_neighbours(self, p: Coord) -> list[Coord]:
        """Empty grid positions orthogonally next to ``p`` (GL-R13 asks for at least one)."""
        p = _coord(p)
        return [q for q in neighbours(p) if q not in self._tiles]

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [p[0] for p in self._tiles]
        ys = [p[1] for p in self._tiles]
        return min(xs), min(ys), max(xs), max(ys)

    # -- the red-dot rule (GL-R14) --------------------------------------------------------------
    def check_fit(self, tile: Tile, p: Coord, rotation: int, mode: str = "presence"
                  ) -> tuple[tuple[Mismatch, ...], int]:
        """(mismatching edges, number of touching tiles) for ``tile`` turned ``rotation`` at ``p``."""
        _check_tile(tile)
        p = _coord(p)
        _check_mode(mode)
        _check_rotation(rotation)
        return self._check_fit(tile, p, rotation, mode)

    def _check_fit(self, tile: Tile, p: Coord, rotation: int, mode: str
                   ) -> tuple[tuple[Mismatch, ...], int]:
        """:meth:`check_fit` with its arguments already checked (placement searches ask it for
        every position and rotation they try)."""
        own = tile.rotated_edges(rotation)
        bad, touches = [], 0
        for i, q in enumerate(neighbours(p)):
            theirs = self._edges.get(q)
            if theirs is None:
                continue
            touches += 1
            facing = theirs[(i + 2) % 4]
            if not edges_match(own[i], facing, mode):  # GL-R14, GL-A3
                bad.append(Mismatch(DIRECTIONS[i], own[i], q, facing))
        return tuple(bad), touches

    def fits(self, tile: Tile, p: Coord, rotation: int, mode: str = "presence") -> bool:
        _check_tile(tile)
        p = _coord(p)
        _check_mode(mode)
        _check_rotation(rotation)
        return self._fits(tile, p, rotation, mode)

    def _fits(self, tile: Tile, p: Coord, rotation: int, mode: str) -> bool:
        """:meth:`fits` with its arguments already checked: the same test as
        :meth:`_check_fit`, stopping at the first edge that does not match (a placement search
        asks it for every position and rotation it tries)."""
        if p in self._tiles:
            return False
        own, edges, touches = tile.rotated_edges(rotation), self._edges, 0
        for i, q in enumerate(neighbours(p)):
            theirs = edges.get(q)
            if theirs is not None:
                if not edges_match(own[i], theirs[(i + 2) % 4], mode):  # GL-R14, GL-A3
                    return False
                touches += 1
        return touches > 0

    # -- placement priority (GL-R15) ------------------------------------------------------------
    def _levels(self, team: Coord) -> Iterator[tuple[int, list[Coord]]]:
        """The positions of each priority level, lazily: level 3 (the whole frontier) is only
        listed when levels 1 and 2 have no legal spot."""
        yield 1, [q for q in neighbours(team) if q not in self._tiles]
        yield 2, [q for q in diagonals(team) if q not in self._tiles and q in self._constraint]
        yield 3, sorted(self._constraint)

    def placement_options(self, tile: Tile, team: Coord, mode: str = "presence"
                          ) -> tuple[int | None, Sequence[tuple[Coord, int]]]:
        """(priority level, legal (position, rotation) pairs at that level) for a drawn tile.

        GL-R15: orthogonally next to the Team if possible, else diagonally, else anywhere
        orthogonally next to a placed tile. A diagonal position must touch a placed tile, since
        a tile always joins the Desert by an edge [INFERRED]. Rotations giving the same edge
        pattern are listed once. ``(None, [])`` when the tile fits nowhere (GL-A7).
        """
        _check_tile(tile)
        team = self._team(team)
        _check_mode(mode)
        rotations = tile.distinct_rotations()
        patterns = tuple((r, tile.rotated_edges(r)) for r in rotations)
        # An empty square next to a placed tile is an open position, whose edge constraint is
        # kept: the fitting rotations are read from it (what _fits would find edge by edge).
        constraint = self._constraint
        near = [q for q in neighbours(team) if q not in self._tiles]
        diagonal = [q for q in diagonals(team) if q not in self._tiles and q in constraint]
        for level, spots in ((1, near), (2, diagonal)):
            found = [(p, r) for p in spots for r in _fitting(constraint[p], patterns, mode)]
            if found:
                return level, found
        anywhere = self._anywhere(tile, rotations, mode)
        if len(anywhere):
            return 3, anywhere
        return None, []

    def _anywhere(self, tile: Tile, rotations: tuple[int, ...], mode: str) -> Spots:
        """Every legal (position, rotation) next to the Desert, by constraint class (GL-R15.3).

        Each distinct edge constraint of the open positions is checked once; the answer is a
        :class:`Spots` view over the matching classes, so the search costs the number of classes,
        not the number of open positions (the spots are listed only when a caller reads them).
        """
        patterns = tuple((r, tile.rotated_edges(r)) for r in rotations)
        groups: list[tuple[Sequence[Coord], tuple[int, ...]]] = []
        for need, cells in self._classes():
            fitting = _fitting(need, patterns, mode)
            if fitting:
                groups.append((cells, fitting))
        return Spots(groups)

    def explain_placement(self, tile: Tile, team: Coord, mode: str = "presence"
                          ) -> PlacementReport:
        """Every candidate position and rotation, level by level, with the edge that fails."""
        _check_tile(tile)
        team = self._team(team)
        _check_mode(mode)
        rotations = tile.distinct_rotations()
        cands, level, seen = [], None, set()
        for lvl, spots in self._levels(team):
            for p in spots:
                if p in seen:
                    continue
                seen.add(p)
                for r in rotations:
                    bad, touches = self.check_fit(tile, p, r, mode)
                    cands.append(Candidate(p, r, lvl, bad, touches))
                    if not bad and touches and level is None:
                        level = lvl
            if level is not None:
                break
        return PlacementReport(tile, team, tuple(cands), level, self)

    def placed(self, tile: Tile, p: Coord, rotation: int = 0, mode: str = "presence") -> Desert:
        """A new Desert: this one with ``tile`` turned ``rotation`` at ``p`` (this one is left
        as it was; the two share every table the placement does not change).

        Refuses an occupied position, a position touching no tile and a red-dot mismatch
        (GL-R14). Does not apply the priority of GL-R15, which depends on the Team.
        """
        if not isinstance(tile, Tile):
            raise BadInput("NB-ARG", f"tile must be a Tile, got {type(tile).__name__}")
        p = _coord(p)
        _check_mode(mode)
        if isinstance(rotation, bool) or rotation not in (0, 90, 180, 270):
            raise BadInput("NB-ARG", f"a rotation is 0, 90, 180 or 270 degrees, not {show(rotation)}")
        if p in self._tiles:
            raise IllegalAction("GL-R15", f"{fmt(p)} already holds {self._tiles[p].name}")
        bad, touches = self._check_fit(tile, p, rotation, mode)
        if touches == 0:
            raise IllegalAction("GL-R15", f"{fmt(p)} is not next to any placed tile")
        if bad:
            raise IllegalAction("GL-R14", f"{tile.id} turned {rotation}° does not fit at {fmt(p)}: "
                                + "; ".join(m.sentence() for m in bad))
        return self._placed(tile, p, rotation)

    def _placed(self, tile: Tile, p: Coord, rotation: int) -> Desert:
        """:meth:`placed` with the placement already checked: a game checks it as the action's
        legality (GL-R14, GL-R15) before applying it, so the apply path does not check twice."""
        new: Desert = object.__new__(Desert)
        _set(new, "start", self.start)
        new._grow_from(self, p, tile, rotation)
        return new

    def _grow_from(self, old: Desert, p: Coord, tile: Tile, rotation: int) -> None:
        """Fill this newborn Desert's tables: ``old``'s with ``tile`` at ``p``. The one place a
        tile is added (START included), called only before the Desert is handed out; ``old``'s
        maps are never changed, only read and extended into new persistent maps (the unchanged
        parts, such as the untouched classes of open positions, are shared, not copied)."""
        tiles, n = old._tiles, len(old._tiles)
        _set(self, "_graph", None)  # built on demand from the tiles
        _set(self, "_trapped", _EMPTY)
        _set(self, "_order", old._order.set(n, p))
        _set(self, "_index", old._index.set(p, n))
        _set(self, "_tiles", tiles := tiles.set(p, tile))
        _set(self, "_rotation", old._rotation.set(p, rotation))
        _set(self, "_edges", edges := old._edges.set(p, tile.rotated_edges(rotation)))
        # The open positions: ``p`` is no longer one, and its empty neighbours are (again), with
        # the constraint the new tile adds to them. One mutation per table for the whole step.
        seq = old._seq
        placed = []
        with old._constraint.mutate() as constraint, old._by_constraint.mutate() as by_constraint, \
                old._slot.mutate() as slot:
            _unindex(p, constraint, by_constraint, slot)
            for q in neighbours(p):
                if q in tiles:
                    placed.append(q)
                    continue
                _unindex(q, constraint, by_constraint, slot)
                need = tuple(-1 if (facing := edges.get(r)) is None else facing[side]
                             for r, side in zip(neighbours(q), _FACING, strict=True))
                constraint[q] = need
                entry = by_constraint.get(need)
                if entry is None:
                    entry = (seq, _EMPTY)
                    seq += 1
                number, cells = entry
                slot[q] = len(cells)
                by_constraint[need] = (number, cells.set(len(cells), q))
            _set(self, "_constraint", constraint.finish())
            _set(self, "_by_constraint", by_constraint.finish())
            _set(self, "_slot", slot.finish())
        _set(self, "_seq", seq)
        # GL-R16: incremental shortest paths (unit steps, every placed tile counts).
        unreachable = 10**9  # only START has no placed neighbour when it is placed
        dist = old._distance
        dist = dist.set(p, 0 if p == self.start else 1 + min(
            (dist[q] for q in placed), default=unreachable))
        queue = deque([p])
        while queue:
            u = queue.popleft()
            du = dist[u] + 1
            for v in neighbours(u):
                if v in tiles and dist[v] > du:
                    dist = dist.set(v, du)
                    queue.append(v)
        _set(self, "_distance", dist)

    def fresh_distances(self) -> dict[Coord, int]:
        """Distances by a fresh breadth-first search (networkx): the incremental ones' twin."""
        return dict(nx.single_source_shortest_path_length(self.graph, self.start))

    def shortest_path(self, team: Coord) -> list[Coord]:
        """One shortest orthogonal path from the Team's tile to START (GL-R16)."""
        team = self._team(team)
        path = [team]
        while path[-1] != self.start:
            here = path[-1]
            path.append(min(q for q in neighbours(here) if q in self._tiles
                             and self._distance[q] == self._distance[here] - 1))
        return path


# -- the open positions' index and pickling ---------------------------------------------------------------


def _unindex(q: Coord, constraint: MapMutation[Coord, tuple[int, ...]],
             by_constraint: MapMutation[tuple[int, ...], tuple[int, Map[int, Coord]]],
             slot: MapMutation[Coord, int]) -> None:
    """Remove ``q`` from the open positions' index (if it is there), inside a placement's
    mutations of the three tables: swap-remove from its class, O(log n)."""
    need = constraint.get(q)
    if need is not None:
        del constraint[q]
        number, cells = by_constraint[need]
        i = slot[q]
        del slot[q]
        n = len(cells) - 1
        last = cells[n]
        cells = cells.delete(n)
        if last != q:
            cells = cells.set(i, last)
            slot[last] = i
        if cells:
            by_constraint[need] = (number, cells)
        else:
            del by_constraint[need]


def _rebuild_desert(start: Coord, placed: list[tuple[Coord, Tile, int]],
                    _frozen: bool = True) -> Desert:
    """Unpickle a Desert: replay its placements. (``_frozen``: ignored, the third argument of
    pickles made before every Desert was immutable.)"""
    first, rest = placed[0], placed[1:]
    desert = Desert(first[1], start, first[2])
    for p, tile, rotation in rest:
        desert = desert._placed(tile, p, rotation)
    return desert


__all__ = ["Desert"]
