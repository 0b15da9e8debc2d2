"""Desert tiles: terrain, obstacle and value, crash-site number, four edges with red dots.

The rulebook gives no tile list (GL-A2), so the shipped set ``groom_lake_tiles.json`` is
illustrative and says so. Edges are listed North, East, South, West as a number of red dots
(0 = a plain edge). A rotation turns the tile clockwise by 0, 90, 180 or 270 degrees (GL-R14).
"""

from __future__ import annotations

import dataclasses
import pathlib
import random
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ...core.checks import show
from ...core.data import data_digest, expect, expect_int, expect_keys, load_data
from ...core.errors import BadInput

Coord = tuple[int, int]

DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
OFFSETS: tuple[Coord, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N, E, S, W (y grows north)
DIAGONAL_OFFSETS: tuple[Coord, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ROTATIONS = (0, 90, 180, 270)
TERRAINS = ("open_desert", "mountain", "canyon", "civilization")
BACKS = ("3", "6", "compass")
OBSTACLES = ("high_heat", "flash_flood", "rocky_terrain", "sandstorm", "animal_attack",
             "alien_probe")
OBSTACLE_NAMES = {"high_heat": "High Heat", "flash_flood": "Flash Flood",
                  "rocky_terrain": "Rocky Terrain", "sandstorm": "Sand-Storm",
                  "animal_attack": "Animal Attack", "alien_probe": "Alien Probe"}
TERRAIN_NAMES = {"open_desert": "Open Desert", "mountain": "Mountain Range", "canyon": "Canyon",
                 "civilization": "Civilization", "start": "START"}
# GL-A9: value of the High Heat obstacle that every Open Desert tile shows under
# open_desert_always_high_heat=True (illustrative: the rulebook gives no value).
ALWAYS_HIGH_HEAT_VALUE = 7


def neighbours(p: Coord) -> tuple[Coord, ...]:
    """The four orthogonal grid positions next to ``p`` (GL-R9), in N, E, S, W order."""
    x, y = p
    return ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))


def diagonals(p: Coord) -> tuple[Coord, ...]:
    x, y = p
    return tuple((x + dx, y + dy) for dx, dy in DIAGONAL_OFFSETS)


def fmt(p: Coord) -> str:
    return f"({p[0]}, {p[1]})"


@dataclasses.dataclass(frozen=True)
class Tile:
    """One Desert tile (or START). ``edges`` holds red-dot counts for N, E, S, W unrotated."""

    id: str
    terrain: str  # open_desert | mountain | canyon | civilization | start
    back: str | None  # "3" | "6" | "compass" (None for START)
    obstacle: str | None = None
    value: int | None = None
    crash_site: int | None = None
    edges: tuple[int, int, int, int] = (0, 0, 0, 0)

    def rotated_edges(self, rotation: int) -> tuple[int, ...]:
        """Edges N, E, S, W after turning the tile clockwise by ``rotation`` degrees (GL-R14)."""
        cut = 4 - rotation // 90 % 4  # turning by 90 degrees brings the W edge to the N
        return tuple(self.edges[cut:]) + tuple(self.edges[:cut])

    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations giving different edge patterns (a plain tile has only one)."""
        return _distinct_rotations(tuple(self.edges))

    @property
    def name(self) -> str:
        parts = [TERRAIN_NAMES.get(self.terrain, self.terrain)]
        if self.obstacle:
            parts.append(f"{OBSTACLE_NAMES[self.obstacle]} {self.value}")
        if self.crash_site:
            parts.append(f"Crash Site {self.crash_site}")
        return f"{self.id} ({', '.join(parts)})"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "terrain": self.terrain, "back": self.back,
                "obstacle": self.obstacle, "value": self.value, "crash_site": self.crash_site,
                "edges": list(self.edges)}

    def _repr_svg_(self) -> str:
        from .render import tile_svg

        return str(tile_svg(self))


@dataclasses.dataclass(frozen=True)
class TileSet:
    """START plus the Desert tiles, grouped into the three back stacks (GL-R2)."""

    start: Tile
    tiles: Mapping[str, Tile]  # id -> Tile (insertion order = file order), read-only
    illustrative: bool
    note: str
    source: str  # the shipped file name, or the content hash of a user's file

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, MappingProxyType):
            object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))

    def __hash__(self) -> int:
        return hash(self.source)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TileSet):
            return NotImplemented
        return (self.source, self.start, dict(self.tiles)) == (other.source, other.start,
                                                                dict(other.tiles))

    # An immutable value: copies are itself; pickles rebuild it from its parts.
    def __copy__(self) -> TileSet:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> TileSet:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (TileSet, (self.start, dict(self.tiles), self.illustrative, self.note, self.source))

    def stack(self, back: str) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles.values() if t.back == back)

    def __getitem__(self, tile_id: str) -> Tile:
        if not isinstance(tile_id, str):
            raise BadInput("NB-ARG", f"a tile id is text, not {type(tile_id).__name__}")
        if tile_id == self.start.id:
            return self.start
        try:
            return self.tiles[tile_id]
        except KeyError:
            raise BadInput("NB-ARG", f"there is no tile {show(tile_id)} in the tile set") from None

    def counts(self) -> dict[str, dict[str, int]]:
        """Tiles per back stack and terrain."""
        out: dict[str, dict[str, int]] = {b: {} for b in BACKS}
        for t in self.tiles.values():
            back = t.back or ""
            out.setdefault(back, {})
            out[back][t.terrain] = out[back].get(t.terrain, 0) + 1
        return out


def parse_tile(obj: Any, what: str, *, start: bool = False) -> Tile:
    expect_keys(obj, what, ["id", "terrain", "edges"], ["back", "obstacle", "value", "crash_site"])
    tile_id = obj["id"]
    expect(isinstance(tile_id, str) and tile_id.strip() != "", what, "id must be a non-empty text")
    what = f"{what} {show(tile_id)}"
    terrain = obj["terrain"]
    if start:
        expect(terrain == "start", what, "the START tile has terrain \"start\"")
    else:
        expect(terrain in TERRAINS, what, f"terrain must be one of {', '.join(TERRAINS)}")
    back = obj.get("back")
    if start:
        expect(back is None, what, "the START tile has no back stack")
    else:
        expect(back in BACKS, what, "back must be \"3\", \"6\" or \"compass\"")
    obstacle, value, crash = obj.get("obstacle"), obj.get("value"), obj.get("crash_site")
    expect(obstacle is None or obstacle in OBSTACLES, what,
           f"obstacle must be null or one of {', '.join(OBSTACLES)}")
    if obstacle is None:
        expect(value is None, what, "a value needs an obstacle")
    else:
        expect_int(value, f"{what} value", 0, 60)
    if crash is not None:
        expect_int(crash, f"{what} crash_site", 1, 9)
    expect(not (obstacle and crash), what, "a tile shows an obstacle or a Crash Site, not both")
    expect(not (terrain in ("canyon", "start") and (obstacle or crash)), what,
           f"a {terrain} tile carries no obstacle or Crash Site")
    edges = obj["edges"]
    expect(isinstance(edges, list) and len(edges) == 4, what, "edges must list 4 dot counts N, E, S, W")
    for e in edges:
        expect_int(e, f"{what} edge", 0, 4)
    return Tile(tile_id, terrain, back, obstacle, value, crash, tuple(edges))


def parse_tileset(doc: dict[str, Any], source: str) -> TileSet:
    """Validate a tile data document (``BadInput`` ``NB-DATA`` when malformed)."""
    expect_keys(doc, "tile file", ["illustrative", "tiles", "start"], ["note"])
    start = parse_tile(doc["start"], "START tile", start=True)
    expect(isinstance(doc["tiles"], list) and bool(doc["tiles"]), "tile file", "tiles must be a non-empty list")
    tiles: dict[str, Tile] = {}
    for i, obj in enumerate(doc["tiles"]):
        tile = parse_tile(obj, f"tile {i + 1}")
        expect(tile.id not in tiles and tile.id != start.id, "tile file",
               f"the id {show(tile.id)} is used twice")
        tiles[tile.id] = tile
    note = doc.get("note", "")
    expect(isinstance(note, str), "tile file", "note must be text")
    if doc["illustrative"]:
        expect(bool(note), "tile file", "an illustrative file needs a note saying so")
    return TileSet(start, tiles, doc["illustrative"], note, source)


#: Tile sets loaded from a user's file (or passed explicitly), by content hash. A game record names
#: such a set only by its hash; replaying it needs the same data passed explicitly again.
_USER_TILESETS: dict[str, TileSet] = {}
DIGEST_PREFIX = "sha256:"


@lru_cache(maxsize=16)
def _shipped_tiles(name: str) -> TileSet:
    return parse_tileset(load_data(name, "Groom Lake tile"), name)


def load_tiles(source: str | pathlib.Path = "groom_lake_tiles.json") -> TileSet:
    """Load and validate a tile set. JSON only; a malformed file raises ``BadInput`` (NB-DATA).

    ``source`` is a name shipped in ``doppelnb/data`` (a plain string is never a path), a
    :class:`pathlib.Path` to your own file (its set is then named by its content hash, the form a
    game record stores), or such a hash for a set loaded earlier in this session.

    >>> load_tiles().source
    'groom_lake_tiles.json'
    """
    if isinstance(source, pathlib.PurePath):
        doc = load_data(source, "Groom Lake tile")
        digest = data_digest(doc)
        tileset = parse_tileset(doc, digest)
        _USER_TILESETS[digest] = tileset
        return tileset
    if not isinstance(source, str):
        raise BadInput("GL-A2", f"the tile set is a shipped file name or a pathlib.Path, not "
                       f"{type(source).__name__}")
    if source.startswith(DIGEST_PREFIX):
        if source not in _USER_TILESETS:
            raise BadInput("GL-A2", f"the tile set {source[:24]}... is named by its content hash; "
                           "pass that data explicitly (load_tiles(pathlib.Path(...)) or "
                           "from_json(text, data=[tileset]))")
        return _USER_TILESETS[source]
    return _shipped_tiles(source)


def register_tiles(tileset: TileSet) -> str:
    """Make a tile set passed explicitly known under its content hash; returns the hash."""
    if not isinstance(tileset, TileSet):
        raise BadInput("NB-ARG", f"data must hold TileSet or SupplyDeck values, got "
                       f"{type(tileset).__name__}")
    if tileset.source.startswith(DIGEST_PREFIX):
        _USER_TILESETS[tileset.source] = tileset
    return tileset.source


def random_tile(rng: random.Random, tile_id: str, *, canyon_share: float = 0.12,
                dot_share: float = 0.3) -> Tile:
    """A random tile for benchmarks and property tests (never used in a real game)."""
    r = rng.random()
    terrain = "canyon" if r < canyon_share else "mountain" if r < canyon_share + 0.2 else "open_desert"
    edges = tuple(1 if rng.random() < dot_share else 0 for _ in range(4))
    obstacle = value = crash = None
    if terrain != "canyon":
        roll = rng.random()
        if roll < 0.4:
            obstacle, value = rng.choice(OBSTACLES), rng.randint(4, 14)
        elif roll < 0.5:
            crash = rng.randint(1, 3)
    e = edges
    return Tile(tile_id, terrain, rng.choice(BACKS), obstacle, value, crash, (e[0], e[1], e[2], e[3]))



@lru_cache(maxsize=1024)
def _distinct_rotations(edges: tuple[int, ...]) -> tuple[int, ...]:
    """:meth:`Tile.distinct_rotations` of a tile with these edges (asked at every Scout; the
    answer depends on the edges alone, and a tile set has a few dozen patterns)."""
    tile = Tile("", "open_desert", None, edges=(edges[0], edges[1], edges[2], edges[3]))
    seen, out = set(), []
    for rot in ROTATIONS:
        pattern = tile.rotated_edges(rot)
        if pattern not in seen:
            seen.add(pattern)
            out.append(rot)
    return tuple(out)

__all__ = ["Tile", "TileSet", "load_tiles", "parse_tileset", "neighbours", "diagonals", "OFFSETS",
           "DIRECTIONS", "ROTATIONS", "TERRAINS", "BACKS", "OBSTACLES", "OBSTACLE_NAMES",
           "random_tile", "Coord", "fmt", "register_tiles", "DIGEST_PREFIX"]
