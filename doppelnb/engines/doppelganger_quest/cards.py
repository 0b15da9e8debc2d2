"""The card data of Doppelgänger (quest game), loaded from JSON and validated (DQ-A1..A5).

The rulebook gives the procedure but none of the card data (digest §2.1): heroes, weapon tables,
quests, items and the Light/Darkness token mix are configuration. The shipped file
``doppelganger_quest_cards.json`` is **illustrative** and says so; any other file with the same
shape can be loaded instead (each section may come from its own file, see ``Rules``).
Loading parses JSON only; a malformed file raises :class:`BadInput` (``NB-DATA``).
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
from collections.abc import Callable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any, cast

from ...core.checks import show
from ...core.data import data_digest, expect, expect_int, expect_keys, load_data, parse_data
from ...core.errors import BadInput

DATA_FILE = "doppelganger_quest_cards.json"
WEAPONS = ("sword", "bow", "staff")  # DQ-R3: the draft cycles through these
ABILITIES = ("rogue", "knight", "cleric", "berserker", "none")
ITEM_TYPES = ("weapon", "fireball", "spell", "elixir", "poison")
SPELL_EFFECTS = ("bless", "ward", "hex")
REWARD_KINDS = ("heal", "items", "rerolls")
TOKENS = ("amulet", "scepter", "spellbook", "blank", "heal2", "take3", "peek")
ARTIFACTS = ("amulet", "scepter", "spellbook")  # DQ-R11 (1), DQ-R37
TOKEN_LABELS = {"amulet": "Amulet", "scepter": "Scepter", "spellbook": "Spellbook",
                "blank": "Blank", "heal2": "Heal 2", "take3": "Take 3 Damage", "peek": "Peek"}


@dataclasses.dataclass(frozen=True)
class Hero:
    name: str
    weapon: str
    hp: int
    ability: str
    text: str = ""


@dataclasses.dataclass(frozen=True)
class QuestCard:
    """A Quest: a threshold (``high is None``: total >= low) or a Subdue range [low, high]."""

    name: str
    low: int
    high: int | None
    reward: tuple[Any, ...]  # ((kind, units), ...)
    penalty: int

    def succeeds(self, total: int) -> bool:
        """DQ-R12 / DQ-R28: threshold N -> total >= N; Subdue [a, b] -> a <= total <= b."""
        if self.high is None:
            return total >= self.low
        return self.low <= total <= self.high

    @property
    def requirement(self) -> str:
        return f"{self.low} or more damage" if self.high is None else f"Subdue {self.low}–{self.high}"

    @property
    def reward_text(self) -> str:
        names = {"heal": "Heal", "items": "Item card", "rerolls": "Re-roll marker"}
        return ", ".join(f"{names[k]} ×{u}" for k, u in self.reward) or "none"


@dataclasses.dataclass(frozen=True)
class ItemKind:
    key: str
    name: str
    type: str
    count: int
    weapon: str | None = None
    magic: bool = False
    damage: int = 0          # Fireball
    effect: str | None = None  # spells
    heal: tuple[Any, ...] = ()         # Elixir: ((good faces...), (cursed faces...))
    text: str = ""

    def usable_by(self, weapon: str) -> bool:
        """DQ-R18: Sword/Bow/Staff only by their own type; daggers, spells and Elixirs by anyone."""
        if self.type != "weapon":
            return self.type in ("fireball", "spell", "elixir")
        return self.weapon == "dagger" or self.weapon == weapon


@dataclasses.dataclass(frozen=True)
class CardSet:
    heroes: tuple[Any, ...]
    sides: int
    tables: tuple[Any, ...]     # ((weapon, good tuple, cursed tuple, auto), ...)
    quests: tuple[Any, ...]
    items: tuple[Any, ...]
    light: tuple[Any, ...]
    dark: tuple[Any, ...]
    illustrative: bool
    note: str
    #: card id -> kind, built once, read-only (not part of the value)
    _by_card: Mapping[str, ItemKind] = dataclasses.field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False)
    _by_hero: Mapping[str, Hero] = dataclasses.field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False)

    def __post_init__(self) -> None:
        index = {f"{k.key}.{i}": k for k in self.items for i in range(1, k.count + 1)}
        object.__setattr__(self, "_by_card", MappingProxyType(index))
        object.__setattr__(self, "_by_hero", MappingProxyType({h.name: h for h in self.heroes}))

    def __reduce__(self) -> tuple[Any, ...]:  # pickle the value, rebuild the index
        return (CardSet, (self.heroes, self.sides, self.tables, self.quests, self.items,
                          self.light, self.dark, self.illustrative, self.note))

    def hero(self, name: str) -> Hero:
        found = self._by_hero.get(name) if isinstance(name, str) else None
        if found is not None:
            return found
        raise BadInput("DQ-A1", f"there is no hero called {show(name)}")

    def table(self, weapon: str) -> tuple[Any, ...]:
        for row in self.tables:
            if row[0] == weapon:
                return cast(tuple[Any, ...], row)
        raise BadInput("DQ-A2", f"there is no weapon table for {show(weapon)}")

    def kind(self, key: str) -> ItemKind:
        for k in self.items:
            if k.key == key:
                return cast(ItemKind, k)
        raise BadInput("DQ-A4", f"there is no item kind {show(key)}")

    def item(self, card: object) -> ItemKind:
        """The kind of an item card id such as ``"magic_bow.2"``."""
        if isinstance(card, str):
            found = self._by_card.get(card)
            if found is not None:
                return found
        if not isinstance(card, str) or "." not in card:
            raise BadInput("DQ-A4", f"{show(card)} is not an item card id (like 'sword.1')")
        key, _, number = card.rpartition(".")
        kind = self.kind(key)
        if not number.isdigit() or not 1 <= int(number) <= kind.count:
            raise BadInput("DQ-A4", f"there is no item card {show(card)}: the deck has {kind.count} "
                           f"{kind.name} cards")
        return kind

    def item_deck(self) -> tuple[Any, ...]:
        return tuple(f"{k.key}.{i}" for k in self.items for i in range(1, k.count + 1))

    def card_name(self, card: object) -> str:
        return f"{self.item(card).name} #{str(card).rpartition('.')[2]}"


def _heroes(doc: dict[str, Any]) -> tuple[Any, ...]:
    raw: Any = doc.get("heroes")
    expect(isinstance(raw, list) and bool(raw), "heroes", "must be a non-empty list")
    out, seen = [], set()
    for i, h in enumerate(raw):
        what = f"hero {i + 1}"
        expect_keys(h, what, ["name", "weapon", "hp", "ability"], ["text"])
        expect(isinstance(h["name"], str) and bool(h["name"]) and h["name"] not in seen, what,
               "needs a unique non-empty name")
        expect(h["weapon"] in WEAPONS, what, f"weapon must be one of {', '.join(WEAPONS)}")
        expect(h["ability"] in ABILITIES, what, f"ability must be one of {', '.join(ABILITIES)}")
        seen.add(h["name"])
        out.append(Hero(h["name"], h["weapon"], expect_int(h["hp"], what + " hp", 1, 99),
                        h["ability"], str(h.get("text", ""))))
    return tuple(out)


def _tables(doc: dict[str, Any]) -> tuple[int, tuple[Any, ...]]:
    dice = expect_keys(doc.get("dice"), "dice", ["sides"])
    sides = expect_int(dice["sides"], "dice sides", 3, 20)
    raw: Any = doc.get("weapon_tables")
    expect(isinstance(raw, dict), "weapon_tables", "must be an object")
    out = []
    for weapon in (*WEAPONS, "dagger"):
        what = f"weapon table {weapon}"
        t = expect_keys(raw.get(weapon), what, ["good", "cursed"], ["auto"])
        rows = []
        for side in ("good", "cursed"):
            expect(isinstance(t[side], list) and len(t[side]) == sides, what,
                   f"{side} needs one entry per die face ({sides})")
            rows.append(tuple(expect_int(v, what, 0, 99) for v in t[side]))
        out.append((weapon, rows[0], rows[1], expect_int(t.get("auto", 0), what, 0, 99)))
    expect(set(raw) <= {*WEAPONS, "dagger"}, "weapon_tables", "has an unknown weapon")
    return sides, tuple(out)


def _quests(doc: dict[str, Any]) -> tuple[Any, ...]:
    raw: Any = doc.get("quests")
    expect(isinstance(raw, list) and bool(raw), "quests", "must be a non-empty list")
    out, seen = [], set()
    for i, q in enumerate(raw):
        what = f"quest {i + 1}"
        expect_keys(q, what, ["name", "requirement", "reward", "penalty"], ["text"])
        expect(isinstance(q["name"], str) and bool(q["name"]), what, "needs a name")
        expect(q["name"] not in seen, what, f"repeats the Quest name {show(q['name'])} (each Quest "
               "card is named once)")
        seen.add(q["name"])
        req = q["requirement"]
        expect(isinstance(req, dict) and len(req) == 1, what, "requirement is "
               "{\"threshold\": N} or {\"subdue\": [a, b]}")
        if "threshold" in req:
            low, high = expect_int(req["threshold"], what, 0, 999), None
        else:
            rng = req.get("subdue")
            expect(isinstance(rng, list) and len(rng) == 2, what, "subdue is [a, b]")
            low, high = (expect_int(v, what, 0, 999) for v in rng)
            expect(low <= high, what, "subdue range needs a <= b")
        expect(isinstance(q["reward"], dict) and set(q["reward"]) <= set(REWARD_KINDS), what,
               f"reward keys are {', '.join(REWARD_KINDS)}")
        reward = tuple((k, expect_int(q["reward"][k], what, 0, 20)) for k in REWARD_KINDS
                       if k in q["reward"])
        pen = expect_keys(q["penalty"], what + " penalty", ["damage"])
        out.append(QuestCard(q["name"], low, high, reward, expect_int(pen["damage"], what, 0, 20)))
    return tuple(out)


def _items(doc: dict[str, Any], sides: int) -> tuple[Any, ...]:
    raw: Any = doc.get("items")
    expect(isinstance(raw, list) and bool(raw), "items", "must be a non-empty list")
    out, seen = [], set()
    for i, it in enumerate(raw):
        what = f"item kind {i + 1}"
        expect(isinstance(it, dict), what, "must be an object")
        kind = it.get("type")
        expect(kind in ITEM_TYPES, what, f"type must be one of {', '.join(ITEM_TYPES)}")
        extra = {"weapon": ["weapon", "magic"], "fireball": ["damage"], "spell": ["effect"],
                 "elixir": ["heal"], "poison": []}[kind]
        expect_keys(it, what, ["key", "name", "type", "count", *extra], ["text"])
        key = it["key"]
        expect(isinstance(key, str) and key.isidentifier() and key not in seen, what,
               "needs a unique key made of letters, digits and _")
        seen.add(key)
        fields = dict(key=key, name=str(it["name"]), type=kind,
                      count=expect_int(it["count"], what + " count", 0, 99),
                      text=str(it.get("text", "")))
        if kind == "weapon":
            expect(it["weapon"] in (*WEAPONS, "dagger"), what, "weapon is sword, bow, staff or dagger")
            expect(isinstance(it["magic"], bool), what, "magic is true or false")
            fields.update(weapon=it["weapon"], magic=it["magic"])
        elif kind == "fireball":
            fields["damage"] = expect_int(it["damage"], what, 0, 99)
        elif kind == "spell":
            expect(it["effect"] in SPELL_EFFECTS, what, f"effect is one of {', '.join(SPELL_EFFECTS)}")
            fields["effect"] = it["effect"]
        elif kind == "elixir":
            h = expect_keys(it["heal"], what + " heal", ["good", "cursed"])
            rows = []
            for side in ("good", "cursed"):
                expect(isinstance(h[side], list) and len(h[side]) == sides, what,
                       f"heal {side} needs one entry per die face")
                rows.append(tuple(expect_int(v, what, 0, 99) for v in h[side]))
            fields["heal"] = tuple(rows)
        out.append(ItemKind(**fields))
    return tuple(out)


def _tokens(doc: dict[str, Any], row: str) -> tuple[Any, ...]:
    raw: Any = doc.get(row)
    expect(isinstance(raw, list) and len(raw) >= 3, row, "must list the row's tokens")
    expect(all(t in TOKENS for t in raw), row, f"tokens are {', '.join(TOKENS)}")
    expect(sorted(t for t in raw if t in ARTIFACTS) == sorted(ARTIFACTS), row,
           "must hold the three artifacts (DQ-R11) once each")
    return tuple(raw)


#: Data documents a caller passed explicitly (a ``pathlib.Path`` or a parsed document), by
#: content hash: a Rules flag or a game record names them by that hash and never by a path.
_USER_DATA: dict[str, dict[str, Any]] = {}


def register_data(source: object) -> str:
    """Load a user's card data (a :class:`pathlib.Path` or an already parsed JSON object), check
    every section, and return its content hash (``"sha256:..."``), which a ``Rules`` flag and a
    game record use in place of a path.

    >>> register_data(DATA_FILE)  # a shipped name is kept as it is
    'doppelganger_quest_cards.json'
    """
    if isinstance(source, str):
        _shipped(source)
        return source
    if isinstance(source, pathlib.PurePath):
        doc = load_data(pathlib.Path(source), "Doppelgänger quest cards")
    elif isinstance(source, dict):
        try:
            text = json.dumps(source)
        except (TypeError, ValueError, RecursionError):
            raise BadInput("NB-DATA", "card data given as a dict must hold JSON values only "
                           "(strings, numbers, lists, dicts)") from None
        doc = parse_data(text, "Doppelgänger quest cards")
    else:
        raise BadInput("NB-DATA", "card data is a shipped name (a string such as "
                       f"{DATA_FILE!r}), a pathlib.Path to your own file or a parsed JSON object, "
                       f"not {show(source)}")
    digest = data_digest(doc)
    _USER_DATA.setdefault(digest, doc)
    return digest


def forget_data() -> None:
    """Drop every user data document registered in this process (and the caches built from
    them): a record naming their hash then needs its data passed again."""
    _USER_DATA.clear()
    _section.cache_clear()
    _card_set.cache_clear()


@lru_cache(maxsize=8)
def _shipped(name: str) -> dict[str, Any]:
    return load_data(name, "Doppelgänger quest cards")


def _load(source: str) -> dict[str, Any]:
    """The document a flag value names: a shipped name, or the hash of registered user data."""
    if source.startswith("sha256:"):
        doc = _USER_DATA.get(source)
        if doc is None:
            raise BadInput("NB-DATA", f"the card data {source} is not loaded: pass your data file "
                           "explicitly (Rules(heroes=pathlib.Path(...)) or "
                           "from_json(text, data=pathlib.Path(...)))")
        return doc
    return _shipped(source)


def section(source: object, name: str) -> Any:
    """One validated section (``heroes``, ``weapon_tables``, ...) of a data file."""
    if not isinstance(source, str) or not source:
        raise BadInput("NB-DATA", f"the {name} data source must be a shipped name or a content "
                       f"hash, not {show(source)}")
    return _section(source, name)


@lru_cache(maxsize=64)
def _section(source: str, name: str) -> Any:
    doc = _load(source)
    if name == "heroes":
        return _heroes(doc)
    if name == "weapon_tables":
        return _tables(doc)
    if name == "quests":
        return _quests(doc)
    if name == "items":
        return _items(doc, _tables(doc)[0] if "dice" in doc else 6)
    return _tokens(doc, name)


def check_source(name: str) -> Callable[[object], str]:
    """A ``flag(check=...)`` validator: a shipped name, a registered hash, a ``pathlib.Path`` or
    a parsed document; the ``name`` section must be valid. The flag keeps a name or a hash."""
    def check(value: object) -> str:
        if isinstance(value, str) and not value.startswith("sha256:"):
            _shipped(value)
        elif not isinstance(value, str):
            value = register_data(value)
        section(value, name)
        return value
    return check


def card_set(heroes: object = DATA_FILE, weapon_tables: object = DATA_FILE,
             quests: object = DATA_FILE, items: object = DATA_FILE,
             light_tokens: object = DATA_FILE, dark_tokens: object = DATA_FILE) -> CardSet:
    """Assemble the card set from its (possibly separate) data sources: shipped names, hashes of
    registered data, ``pathlib.Path`` objects or parsed documents."""
    names = ("heroes", "weapon_tables", "quests", "items", "light_tokens", "dark_tokens")
    sources = tuple(check_source(name)(value) for name, value in
                    zip(names, (heroes, weapon_tables, quests, items, light_tokens, dark_tokens),
                        strict=True))
    return _card_set(*sources)


@lru_cache(maxsize=32)
def _card_set(heroes: str, weapon_tables: str, quests: str, items: str, light_tokens: str,
              dark_tokens: str) -> CardSet:
    sides, tables = section(weapon_tables, "weapon_tables")
    hs = section(heroes, "heroes")
    for weapon, need in (("sword", 3), ("bow", 3), ("staff", 2)):
        expect(sum(h.weapon == weapon for h in hs) >= need, "heroes",
               f"the 8-player draft (DQ-R3) needs at least {need} {weapon} heroes")
    docs = [_load(s) for s in {heroes, weapon_tables, quests, items, light_tokens, dark_tokens}]
    illustrative = any(d["illustrative"] for d in docs)
    note = " ".join(sorted({str(d.get("note", "")) for d in docs if d.get("note")}))
    its = section(items, "items")
    for it in its:
        if it.type == "elixir":
            expect(all(len(r) == sides for r in it.heal), "items", "elixir heal rows must match the die")
    return CardSet(hs, sides, tables, section(quests, "quests"), its,
                   section(light_tokens, "light_tokens"), section(dark_tokens, "dark_tokens"),
                   illustrative, note)


__all__ = ["CardSet", "Hero", "QuestCard", "ItemKind", "card_set", "section", "check_source",
           "register_data", "forget_data",
           "DATA_FILE", "WEAPONS", "ARTIFACTS", "TOKEN_LABELS"]
