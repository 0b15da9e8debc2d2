"""The Desert: placed tiles as a networkx graph (coordinates are nodes, orthogonal neighbours edges).

Holds the red-dot rule (GL-R14), the placement priority (GL-R15) with its report, and the
distance of every placed tile to START (GL-R16); the paths over it (the stack a distance selects,
reachability, the "trapped" end) are :mod:`.paths`'.

Distances are kept incrementally: placing a tile can only shorten paths, so the new tile takes
``1 + min(neighbour distances)`` and a breadth-first relaxation spreads any shortening from it.
A placement therefore costs time proportional to the tiles whose distance changes, not to the
Desert's size (``benchmarks/groom_lake.py`` measures it against a fresh search).

The tables are persistent maps (``immutables.Map``): :meth:`Desert.copy` is O(1) and a placement adds
O(log n) new memory, so the states of a game share their Desert instead of copying it. The networkx
graph is built on demand from the tiles (a read-only view for analyses), never copied per state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

import networkx as nx
from immutables import Map

from ...core.checks import show
from ...core.errors import BadInput, IllegalAction
from .placement import (
    PRIORITY_NAMES,
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

    A Desert handed out by a game state is **frozen**: its mappings are read-only views, its graph
    is a frozen networkx graph and :meth:`place` refuses; :meth:`copy` gives a private, growable
    copy. Nothing a caller can reach is shared mutable state between game states.

    >>> from .tiles import load_tiles
    >>> d = Desert(load_tiles().start)
    >>> d.freeze().tiles[(0, 1)] = None
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    __slots__ = ("start", "_graph", "_tiles", "_rotation", "_edges", "_distance", "_order", "_index",
                 "_constraint", "_by_constraint", "_slot", "_seq", "_frozen", "_trapped")

    def __init__(self, start_tile: Tile, start: Coord = (0, 0), start_rotation: int = 0):
        start = _coord(start, "START")
        if not isinstance(start_tile, Tile):
            raise BadInput("NB-ARG", f"start_tile must be a Tile, got {type(start_tile).__name__}")
        if start_rotation not in (0, 90, 180, 270) or isinstance(start_rotation, bool):
            raise BadInput("NB-ARG", f"start_rotation must be 0, 90, 180 or 270, got {show(start_rotation)}")
        self.start = start
        self._graph: nx.Graph | None = None  # built on demand from the tiles
        # Persistent maps (shared between the Deserts of a game's states, never mutated):
        self._tiles: Any = Map()  # Coord -> Tile
        self._rotation: Any = Map()  # Coord -> int
        self._edges: Any = Map()  # Coord -> the four rotated edges
        self._distance: Any = Map()  # Coord -> steps to START
        self._order: Any = Map()  # 0, 1, 2, ... -> Coord, the order of placement
        self._index: Any = Map()  # Coord -> its number in that order
        # Each open position (empty, orthogonally next to a placed tile) has a constraint: the
        # facing edge of the tile on each side (N, E, S, W), -1 where the side is empty; positions
        # are grouped by constraint so that a search "anywhere" (GL-R15 level 3) checks each
        # distinct constraint once instead of every position. A class is (creation number, its
        # positions as a map 0..n-1 -> Coord); classes are read in creation order.
        self._constraint: Any = Map()  # open Coord -> constraint
        self._by_constraint: Any = Map()  # constraint -> (creation number, {index: Coord})
        self._slot: Any = Map()  # an open position's index in its class
        self._seq = 0
        # GL-R31.4 by Team position, remembered once frozen (:func:`.paths.is_trapped`); a
        # persistent map, replaced rather than changed, like every value a state holds
        self._trapped: Map[Coord, bool] = Map()
        self._frozen = False
        self._add(start, start_tile, start_rotation)

    # -- read-only access ---------------------------------------------------------------------
    @property
    def tiles(self) -> Mapping[Coord, Tile]:
        return MappingProxyType(OrderedView(self._order, self._tiles))

    @property
    def rotation(self) -> Mapping[Coord, int]:
        return MappingProxyType(OrderedView(self._order, self._rotation))

    @property
    def edges(self) -> Mapping[Coord, tuple[int, ...]]:
        return MappingProxyType(OrderedView(self._order, self._edges))

    @property
    def distance(self) -> Mapping[Coord, int]:
        return MappingProxyType(OrderedView(self._order, self._distance))

    @property
    def open(self) -> frozenset[Coord]:
        """The empty positions orthogonally next to a placed tile (a copy)."""
        return frozenset(self._constraint)

    def _classes(self) -> list[tuple[tuple[int, ...], Cells[Coord]]]:
        """The classes of open positions in creation order."""
        items = sorted(self._by_constraint.items(), key=lambda kv: kv[1][0])
        return [(need, Cells(cells)) for need, (_, cells) in items]

    @property
    def by_constraint(self) -> Mapping[tuple[int, ...], frozenset[Coord]]:
        return MappingProxyType({k: frozenset(v) for k, v in self._classes()})

    @property
    def graph(self) -> nx.Graph:
        """The adjacency graph, built from the tiles when first asked for (frozen once the Desert
        belongs to a state). Nodes and edges come in the order the tiles were placed."""
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
            if self._frozen:
                nx.freeze(graph)
            self._graph = graph
            assert len(index) == len(tiles)
        return graph

    @property
    def frozen(self) -> bool:
        return self._frozen

    def freeze(self) -> Desert:
        """Make this Desert read-only (states own frozen Deserts); returns it."""
        if not self._frozen:
            self._frozen = True
            if self._graph is not None:
                nx.freeze(self._graph)
        return self

    def __copy__(self) -> Desert:
        return self if self._frozen else self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Desert:
        return self if self._frozen else self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        placed = [(p, self._tiles[p], self._rotation[p]) for p in self]
        return (_rebuild_desert, (self.start, placed, self._frozen))

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

    def copy(self) -> Desert:
        """A private, growable (unfrozen) copy: O(1), the persistent tables are shared."""
        new = object.__new__(Desert)
        new.start = self.start
        new._graph = None
        new._tiles = self._tiles
        new._rotation = self._rotation
        new._edges = self._edges
        new._distance = self._distance
        new._order = self._order
        new._index = self._index
        new._constraint = self._constraint
        new._by_constraint = self._by_constraint
        new._slot = self._slot
        new._seq = self._seq
        new._trapped = Map()
        new._frozen = False
        return new

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
        return Spots(groups, frozen=self._frozen)

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

    def place(self, tile: Tile, p: Coord, rotation: int = 0, mode: str = "presence") -> None:
        """Add ``tile`` at ``p`` (mutates this Desert; game states copy it first).

        Refuses an occupied position, a position touching no tile and a red-dot mismatch
        (GL-R14). Does not apply the priority of GL-R15, which depends on the Team.
        """
        if self._frozen:
            raise BadInput("NB-ARG", "this Desert belongs to a game state and is read-only; "
                           "place tiles on desert.copy()")
        if not isinstance(tile, Tile):
            raise BadInput("NB-ARG", f"tile must be a Tile, got {type(tile).__name__}")
        p = _coord(p)
        _check_mode(mode)
        if isinstance(rotation, bool) or rotation not in (0, 90, 180, 270):
            raise BadInput("NB-ARG", f"a rotation is 0, 90, 180 or 270 degrees, not {show(rotation)}")
        if p in self._tiles:
            raise IllegalAction("GL-R15", f"{fmt(p)} already holds {self._tiles[p].name}")
        bad, touches = self.check_fit(tile, p, rotation, mode)
        if touches == 0:
            raise IllegalAction("GL-R15", f"{fmt(p)} is not next to any placed tile")
        if bad:
            raise IllegalAction("GL-R14", f"{tile.id} turned {rotation}° does not fit at {fmt(p)}: "
                                + "; ".join(m.sentence() for m in bad))
        self._add(p, tile, rotation)

    def _add(self, p: Coord, tile: Tile, rotation: int) -> None:
        assert not self._frozen, "a frozen Desert is never changed"
        tiles = self._tiles
        self._order = self._order.set(len(tiles), p)
        self._index = self._index.set(p, len(tiles))
        self._tiles = tiles = tiles.set(p, tile)
        self._rotation = self._rotation.set(p, rotation)
        self._edges = edges = self._edges.set(p, tile.rotated_edges(rotation))
        graph = self._graph
        if graph is not None:  # keep a graph already handed out in step (unfrozen Desert only)
            graph.add_node(p)
        self._unindex(p)
        placed = []
        for q in neighbours(p):
            if q in tiles and q != p:
                if graph is not None:
                    graph.add_edge(p, q)
                placed.append(q)
            elif q not in tiles:
                self._unindex(q)
                need = tuple(-1 if (facing := edges.get(n)) is None else facing[side]
                             for n, side in zip(neighbours(q), _FACING, strict=True))
                self._constraint = self._constraint.set(q, need)
                entry = self._by_constraint.get(need)
                if entry is None:
                    entry = (self._seq, Map())
                    self._seq += 1
                seq, cells = entry
                self._slot = self._slot.set(q, len(cells))
                self._by_constraint = self._by_constraint.set(need, (seq, cells.set(len(cells), q)))
        # GL-R16: incremental shortest paths (unit steps, every placed tile counts).
        unreachable = 10**9  # only START has no placed neighbour when it is placed
        dist = self._distance
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
        self._distance = dist

    def _unindex(self, q: Coord) -> None:
        need = self._constraint.get(q)
        if need is not None:
            self._constraint = self._constraint.delete(q)
            seq, cells = self._by_constraint[need]
            i = self._slot[q]
            self._slot = self._slot.delete(q)
            n = len(cells) - 1
            last = cells[n]  # swap-remove: O(log n)
            cells = cells.delete(n)
            if last != q:
                cells = cells.set(i, last)
                self._slot = self._slot.set(last, i)
            if cells:
                self._by_constraint = self._by_constraint.set(need, (seq, cells))
            else:
                self._by_constraint = self._by_constraint.delete(need)

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


# -- checks and pickling ------------------------------------------------------------------------
def _rebuild_desert(start: Coord, placed: list[tuple[Coord, Tile, int]], frozen: bool) -> Desert:
    first, rest = placed[0], placed[1:]
    desert = Desert(first[1], start, first[2])
    for p, tile, rotation in rest:
        desert._add(p, tile, rotation)
    return desert.freeze() if frozen else desert


__all__ = ["Desert", "PlacementReport", "Candidate", "Mismatch", "edges_match", "PRIORITY_NAMES"]
