"""Supply cards: the four kinds, the obstacle table and the (illustrative) deck composition.

Card names are lower-case words: tools ``compass``, ``rope``, ``canteen``, ``shovel`` (and
``water`` where GL-A10 reads it as its own tool), Alien Proof ``lifeform`` and ``technology``,
``recovery``, and Human Scoring Trait cards named by the deck file, one of which is ``infection``.
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ...core.checks import show
from ...core.data import data_digest, expect, expect_int, expect_keys, load_data
from ...core.errors import BadInput

TOOLS = ("compass", "rope", "canteen", "shovel", "water")
ALIEN_PROOF = ("lifeform", "technology")
KINDS = ("tool", "alien_proof", "recovery", "trait")
FIXED_KINDS = {**{t: "tool" for t in TOOLS}, **{a: "alien_proof" for a in ALIEN_PROOF},
               "recovery": "recovery", "infection": "trait"}
INFECTION = "infection"

# GL-R21: the Supply cards usable against each obstacle (each adds one die).
USABLE = {
    "high_heat": frozenset({"canteen"}),
    "flash_flood": frozenset({"rope", "compass"}),
    "rocky_terrain": frozenset({"rope", "canteen", "shovel"}),
    "sandstorm": frozenset({"water", "compass"}),
    "animal_attack": frozenset({"shovel"}),
    "alien_probe": frozenset({"shovel", "lifeform", "technology"}),
}


@dataclasses.dataclass(frozen=True)
class SupplyDeck:
    """The Supply deck's composition: card name -> (kind, count, points)."""

    kinds: Mapping[str, str]
    counts: Mapping[str, int]
    points: Mapping[str, int]
    illustrative: bool
    note: str
    source: str  # the shipped file name, or the content hash of a user's file

    def __post_init__(self) -> None:
        for name in ("kinds", "counts", "points"):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(value)))

    def __hash__(self) -> int:
        return hash(self.source)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SupplyDeck):
            return NotImplemented
        return (self.source, dict(self.kinds), dict(self.counts), dict(self.points)) == (
            other.source, dict(other.kinds), dict(other.counts), dict(other.points))

    def __copy__(self) -> SupplyDeck:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SupplyDeck:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (SupplyDeck, (dict(self.kinds), dict(self.counts), dict(self.points),
                             self.illustrative, self.note, self.source))

    def kind(self, card: str) -> str:
        if not isinstance(card, str):
            raise BadInput("NB-ARG", f"a Supply card is named by text, not {type(card).__name__}")
        if card in self.kinds:
            return self.kinds[card]
        if card in FIXED_KINDS:
            return FIXED_KINDS[card]
        raise BadInput("NB-ARG", f"there is no Supply card called {show(card)}; cards are "
                       f"{', '.join(sorted(set(self.kinds) | set(FIXED_KINDS)))}")

    def cards(self) -> list[str]:
        """Every physical card, sorted by name (the order before shuffling)."""
        return [name for name in sorted(self.counts) for _ in range(self.counts[name])]

    @property
    def size(self) -> int:
        return sum(self.counts.values())


def parse_deck(doc: dict[str, Any], source: str) -> SupplyDeck:
    expect_keys(doc, "supply file", ["illustrative", "cards"], ["note"])
    expect(isinstance(doc["cards"], list) and bool(doc["cards"]), "supply file", "cards must be a list")
    kinds, counts, points = {}, {}, {}
    for i, obj in enumerate(doc["cards"]):
        what = f"supply card {i + 1}"
        expect_keys(obj, what, ["name", "kind", "count"], ["points"])
        name = obj["name"]
        expect(isinstance(name, str) and name.isidentifier() and name == name.lower(), what,
               "name must be a lower-case word such as \"canteen\"")
        expect(name not in kinds, "supply file", f"the card {show(name)} is listed twice")
        expect(obj["kind"] in KINDS, what, f"kind must be one of {', '.join(KINDS)}")
        expect(FIXED_KINDS.get(name, obj["kind"]) == obj["kind"], what,
               f"{name} is a {FIXED_KINDS.get(name)} card in the rulebook")
        expect(obj["kind"] != "tool" or name in TOOLS, what,
               "the only tools are compass, rope, canteen, shovel (and water, GL-A10)")
        kinds[name] = obj["kind"]
        counts[name] = expect_int(obj["count"], f"{what} count", 0, 500)
        points[name] = expect_int(obj.get("points", 0), f"{what} points", -100, 100)
    # GL-R5: two Recovery cards are taken out of the deck for the Alien at set-up.
    expect(counts.get("recovery", 0) >= 2, "supply file", "the deck needs at least 2 Recovery cards (GL-R5)")
    note = doc.get("note", "")
    expect(isinstance(note, str), "supply file", "note must be text")
    if doc["illustrative"]:
        expect(bool(note), "supply file", "an illustrative file needs a note saying so")
    return SupplyDeck(kinds, counts, points, doc["illustrative"], note, source)


_USER_DECKS: dict[str, SupplyDeck] = {}
DIGEST_PREFIX = "sha256:"


@lru_cache(maxsize=16)
def _shipped_deck(name: str) -> SupplyDeck:
    return parse_deck(load_data(name, "Groom Lake supply"), name)


def load_deck(source: str | pathlib.Path = "groom_lake_supply.json") -> SupplyDeck:
    """Load and validate a Supply deck. JSON only; a malformed file raises ``BadInput``.

    ``source`` is a name shipped in ``doppelnb/data`` (a plain string is never a path), a
    :class:`pathlib.Path` to your own file (the deck is then named by its content hash, the form
    a game record stores), or such a hash for a deck loaded earlier in this session.

    >>> load_deck().source
    'groom_lake_supply.json'
    """
    if isinstance(source, pathlib.PurePath):
        doc = load_data(source, "Groom Lake supply")
        digest = data_digest(doc)
        deck = parse_deck(doc, digest)
        _USER_DECKS[digest] = deck
        return deck
    if not isinstance(source, str):
        raise BadInput("GL-A1", f"the Supply deck is a shipped file name or a pathlib.Path, not "
                       f"{type(source).__name__}")
    if source.startswith(DIGEST_PREFIX):
        if source not in _USER_DECKS:
            raise BadInput("GL-A1", f"the Supply deck {source[:24]}... is named by its content "
                           "hash; pass that data explicitly (load_deck(pathlib.Path(...)) or "
                           "from_json(text, data=[deck]))")
        return _USER_DECKS[source]
    return _shipped_deck(source)


def register_deck(deck: SupplyDeck) -> str:
    """Make a deck passed explicitly known under its content hash; returns the hash."""
    if deck.source.startswith(DIGEST_PREFIX):
        _USER_DECKS[deck.source] = deck
    return deck.source


__all__ = ["SupplyDeck", "load_deck", "parse_deck", "USABLE", "TOOLS", "ALIEN_PROOF", "INFECTION",
           "FIXED_KINDS", "register_deck"]
