"""The project's rules index: every rule id in one line of plain language, with where it comes from.

Rule ids (``DD-R13``, ``DT-A3``, ``GL-E5``, ``DB-T9``, ``DQ-R31``, and the package's own ``NB-ARG``,
``NB-DATA``, ``NB-RECORD``, ``NB-RULE``) name the rules every engine checks and every refusal
cites. This module says what each one means, in the project's own words, and which part and lines
of the game's rulebook it comes from, so a student never needs a file outside the package:

>>> entry = lookup("dd-r13")
>>> entry.id, entry.kind, entry.game
('DD-R13', 'rule', 'doppeldoppel')
>>> entry.source
'rulebook §Winning a trick, examples 1-3, line 91; also line 109'

Unclear points (``XX-A`` ids) also name the engine's variant flag and the reading it plays by
default, read from the engine's own ``Rules`` (never copied here):

>>> point = lookup("DT-A3")
>>> point.kind, point.flag, point.default
('unclear point', 'bonus_max_per_player', 1)

Any refusal leads to its entry, and an id becomes a small link for a page or a notebook:

>>> from doppelnb.core import dice_sum_counts
>>> try:
...     dice_sum_counts(2, sides=0)
... except RuleError as err:
...     print(explain(err).title)
Bad argument
>>> str(tag("DD-R13")).startswith('<a class="rule-tag" href="rules.html#DD-R13"')
True

The index is data shipped in the package (``doppelnb/data/rulebook/<game>.json``), checked when it
is first read; the exported explainers show all of it as ``rules.html`` (each id an anchor) and
the glossary as ``glossary.html``.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .core.checks import ARG, check_choice, show
from .core.data import expect, expect_int, expect_keys, parse_data
from .core.errors import BadInput, RuleError
from .core.render import Html
from .core.render import tag as html_tag
from .core.variants import FlagInfo

#: Record game name of each id prefix; ``NB`` ids are the package's own.
PREFIXES = {"DD": "doppeldoppel", "DT": "doppelganger_tricks", "GL": "groom_lake",
            "DB": "doppel_doubt", "DQ": "doppelganger_quest", "NB": "doppelnb"}
PACKAGE = "doppelnb"
#: What each id letter stands for.
KINDS = {"R": "rule", "E": "example", "A": "unclear point", "T": "test case"}
#: Kinds in the order the rules page lists them.
KIND_ORDER = ("rule", "example", "unclear point", "test case", "package")
#: Longest one-line text, in characters (a line a student reads at a glance).
TEXT_LIMIT = 150
#: Where :func:`tag` links by default: the rules page beside every exported explainer.
RULES_PAGE = "rules.html"
GLOSSARY_PAGE = "glossary.html"

_GAME_ID = re.compile(r"(?P<prefix>DD|DT|GL|DB|DQ)-(?P<kind>[RATE])(?P<number>[1-9][0-9]{0,2})"
                      r"(?P<part>[a-z]?)")
_PACKAGE_ID = re.compile(r"NB-[A-Z]{1,12}")
#: Any rule id inside a text (for scanning sources, notebooks and pages).
ID_PATTERN = re.compile(r"\b(?:(?:DD|DT|GL|DB|DQ)-[RATE][1-9][0-9]{0,2}[a-z]?|NB-[A-Z]{1,12})\b")
_PARENTHESIS = re.compile(r"\s*\([^)]*\)$")  # "start player (SP)" is also "start player"
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Inline style, so a tag looks the same in JupyterLab, Voilà and an exported page.
_TAG_STYLE = ("font-size:0.78em;font-family:'DejaVu Sans Mono',monospace;color:#0b4f85;"
              "background:#eef4fa;border:1px solid #b8cfe4;border-radius:3px;padding:0 3px;"
              "text-decoration:none;white-space:nowrap")


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule id of the index.

    ``text`` is one line in the project's words; ``source`` the rulebook part and lines it comes
    from (``"doppelnb"`` for the package's own ids); ``kind`` is ``"rule"``, ``"example"``,
    ``"unclear point"``, ``"test case"`` or ``"package"``; ``see`` related ids. For an unclear
    point, ``flags`` are the engine's variant flags that decide it (often one, sometimes several,
    none where the rulebook settles it); :attr:`flag` and :attr:`default` are the first one's.
    """

    id: str
    text: str
    source: str
    game: str
    kind: str
    title: str
    see: tuple[str, ...] = ()
    flags: tuple[FlagInfo, ...] = ()

    @property
    def flag(self) -> str | None:
        """The engine's ``Rules`` field for this unclear point (the first, if several)."""
        return self.flags[0].name if self.flags else None

    @property
    def default(self) -> Any:
        """The reading the engine plays by default (``None`` when there is no flag)."""
        return self.flags[0].default if self.flags else None

    def tag(self, href: str = RULES_PAGE) -> Html:
        """The id as a small link to its anchor on the rules page, the text as its tooltip."""
        return tag(self.id, href=href)

    def __str__(self) -> str:
        return f"{self.id}: {self.text} ({self.source})"

    def _repr_html_(self) -> str:
        flags = "; ".join(f"{f.name} = {f.default!r}" for f in self.flags)
        return str(html_tag(
            "div", html_tag("b", self.id), f" {self.title}. ", self.text,
            html_tag("div", html_tag("small", self.source + (f"; default reading: {flags}"
                                                             if flags else ""))),
            style="font-family:'DejaVu Sans',Verdana,sans-serif;font-size:13px"))


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary term: its name, the anchor it has on the glossary page, a one-line
    definition, and the rule ids it relates to."""

    term: str
    anchor: str
    text: str
    ids: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    def link(self, href: str = GLOSSARY_PAGE) -> Html:
        """The term as a link to its glossary anchor, the definition as its tooltip."""
        return html_tag("a", self.term, href=f"{href}#{self.anchor}", title=self.text,
                        class_="glossary-term")


# -- looking ids up ------------------------------------------------------------------------------

def normalise(rule_id: Any) -> str:
    """The canonical spelling of a rule id (``"dd-r14B"`` -> ``"DD-R14b"``); a value that is no
    rule id raises :class:`BadInput`."""
    if not isinstance(rule_id, str):
        raise BadInput(ARG, f"a rule id is a string such as 'DD-R13' or 'NB-ARG', "
                            f"got {show(rule_id)}")
    text = rule_id.strip()
    head, part = text[:-1].upper(), text[-1:]
    canonical = head + (part.lower() if part.isalpha() and head[-1:].isdigit() else part.upper())
    if _GAME_ID.fullmatch(canonical) or _PACKAGE_ID.fullmatch(canonical):
        return canonical
    raise BadInput(ARG, f"{show(rule_id)} is not a rule id; ids look like DD-R13 (a game prefix, "
                        f"R, E, A or T, and a number) or NB-ARG")


def lookup(rule_id: str) -> Entry:
    """The index entry of ``rule_id`` (any case: ``"dt-a3"``); an unknown or malformed id raises
    :class:`BadInput` (``NB-ARG``)."""
    canonical = normalise(rule_id)
    game = PREFIXES[canonical.split("-")[0]]
    found = _index(game).get(canonical)
    if found is None:
        raise BadInput(ARG, f"{canonical} is not in the rules index; "
                            f"{_describe_ids(game)}")
    return found


def explain(error: RuleError) -> Entry:
    """The index entry of the rule a refusal cites (``error.rule``)."""
    if not isinstance(error, RuleError):
        raise BadInput(ARG, f"error must be a doppelnb.RuleError, got {show(error)}")
    return lookup(error.rule)


def entries(game: str | None = None, kind: str | None = None) -> tuple[Entry, ...]:
    """Every entry, in index order (game by game, each game's ids in rulebook order), or only
    those of one ``game`` (a record name, or ``"doppelnb"``) and/or one ``kind``."""
    games = list(PREFIXES.values()) if game is None else \
        [check_choice(game, "game", PREFIXES.values())]
    if kind is not None:
        check_choice(kind, "kind", KIND_ORDER)
    return tuple(e for g in games for e in _index(g).values() if kind is None or e.kind == kind)


def tag(rule_id: str, *, href: str = RULES_PAGE) -> Html:
    """A small inline tag for ``rule_id``: the id as a link to its anchor on the rules page, its
    one-line text as the tooltip and, for screen readers, in the link's accessible name (which
    starts with the visible id)."""
    entry = lookup(rule_id)
    label = f"{entry.id}: {entry.text}"
    return html_tag("a", entry.id, class_="rule-tag", href=f"{href}#{entry.id}", title=label,
                    aria_label=label, style=_TAG_STYLE)


def tag_ids(text: str, *, href: str = RULES_PAGE) -> Html:
    """``text`` (escaped) with every known rule id in it turned into a :func:`tag`."""
    parts: list[Any] = []
    last = 0
    for match in ID_PATTERN.finditer(text):
        try:
            link = tag(match.group(0), href=href)
        except BadInput:
            continue
        parts.extend([text[last:match.start()], link])
        last = match.end()
    parts.append(text[last:])
    return html_tag("span", *parts)


# -- the glossary --------------------------------------------------------------------------------

def glossary() -> tuple[Term, ...]:
    """The terms a student meets in the chapters, alphabetically, each with a one-line definition
    and the rule ids it relates to."""
    return _glossary()


def glossary_term(name: str) -> Term:
    """The glossary entry for ``name`` (its term, another name for it such as ``"bid"`` or
    ``"SP"``, or its anchor; any case); an unknown name raises :class:`BadInput`."""
    if not isinstance(name, str):
        raise BadInput(ARG, f"a glossary term is a string, got {show(name)}")
    key = name.strip().lower()
    for term in _glossary():
        names = (term.term, _PARENTHESIS.sub("", term.term), *term.aliases)
        if key == term.anchor or key in (n.lower() for n in names):
            return term
    raise BadInput(ARG, f"{show(name)} is not in the glossary; it has "
                        f"{', '.join(t.term for t in _glossary()[:4])}, ...")


def glossary_html(*, rules_href: str = RULES_PAGE) -> Html:
    """The glossary as a definition list: each term has an ``id`` anchor (its slug, so chapters
    link ``glossary.html#wilson-interval``), its definition, and its rule ids as tags."""
    items: list[Html] = []
    for term in _glossary():
        ids = [tag(i, href=rules_href) for i in term.ids]
        related = [html_tag("span", " Rules: ", class_="glossary-ids"),
                   *_joined(ids)] if ids else []
        items.append(html_tag("dt", term.term, id=term.anchor))
        items.append(html_tag("dd", term.text, *related))
    return html_tag("dl", *items, class_="doppelnb-glossary")


# -- the rules index as HTML ---------------------------------------------------------------------

def index_html(*, glossary_href: str = GLOSSARY_PAGE) -> Html:
    """Every id, grouped by game and kind: a section per game, a table per kind, one row per id
    with an ``id`` anchor (``rules.html#DD-R13``), its title, text, source, related ids and, for
    unclear points, the engine's flag and default reading."""
    from . import TITLES

    sections: list[Html] = []
    for prefix, game in PREFIXES.items():
        title = TITLES.get(game, "doppelnb: the package's own ids")
        blocks: list[Html] = [html_tag("h2", f"{title} ({prefix})", id=f"game-{game}")]
        for kind in KIND_ORDER:
            chosen = entries(game, kind)
            if not chosen:
                continue
            blocks.append(html_tag("h3", _KIND_HEADINGS[kind], id=f"{game}-{_slug(kind)}s"))
            header = ["id", "rule", "where it comes from"]
            if kind == "unclear point":
                header.append("default reading")
            rows = [html_tag("tr", *(html_tag("th", h, scope="col") for h in header))]
            for e in chosen:
                cells = [html_tag("th", e.id, id=e.id, scope="row"),
                         html_tag("td", html_tag("b", e.title), " ", e.text,
                                  *([html_tag("div", html_tag("small", "See ", *_joined(
                                      [_anchor_link(s) for s in e.see])))] if e.see else [])),
                         html_tag("td", e.source)]
                if kind == "unclear point":
                    cells.append(html_tag("td", "; ".join(
                        f"{f.name} = {_short(f.default)}" for f in e.flags) or "(none)"))
                rows.append(html_tag("tr", *cells))
            blocks.append(html_tag("table", *rows, class_="rules-index"))
        sections.append(html_tag("section", *blocks))
    intro = html_tag(
        "p", "Every rule id the engines, chapters and exercises cite, in one line each. ",
        "Each line is the project's own summary; the source names the part and lines of the "
        "game's rulebook it comes from. Unclear points list the reading the engines play by "
        "default (change it with the game's Rules). Words are explained in the ",
        html_tag("a", "glossary", href=glossary_href), ".")
    return html_tag("div", intro, *sections, class_="doppelnb-rules")


_KIND_HEADINGS = {"rule": "Rules", "example": "The rulebook's worked examples",
                  "unclear point": "Unclear points and the readings played",
                  "test case": "Test cases", "package": "The package's own ids"}


def _anchor_link(rule_id: str) -> Html:
    return tag(rule_id, href="")


def _joined(parts: Iterable[Html], sep: str = ", ") -> list[Any]:
    out: list[Any] = []
    for i, part in enumerate(parts):
        out.extend([sep, part] if i else [part])
    return out


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _describe_ids(game: str) -> str:
    ids = list(_index(game))
    if game == PACKAGE:
        return f"the package's own ids are {', '.join(ids)}"
    from . import TITLES

    ranges = []
    for letter in KINDS:
        numbered = [i for i in ids if i[3] == letter]
        if numbered:
            ranges.append(f"{numbered[0]}..{numbered[-1]}")
    return f"{TITLES[game]}'s ids are {', '.join(ranges)}"


# -- loading and checking the data ---------------------------------------------------------------

def _read(name: str) -> dict[str, Any]:
    resource = importlib.resources.files("doppelnb") / "data" / "rulebook" / name
    if not resource.is_file():
        raise BadInput("NB-DATA", f"the rules index file {name} is missing from the package")
    return parse_data(resource.read_bytes(), f"rules index {name}")


@functools.cache
def _index(game: str) -> dict[str, Entry]:
    """id -> entry for one game, read and checked on first use (then cached)."""
    return build_index(_read(f"{game}.json"), game)


def build_index(doc: dict[str, Any], game: str) -> dict[str, Entry]:
    """Check one game's index document and build its entries (``NB-DATA`` on any fault)."""
    what = f"rules index {game}.json"
    keys = {"illustrative", "note", "game", "prefix", "rulebook", "entries"}
    expect_keys(doc, what, keys if game == PACKAGE else keys | {"sections"})
    prefix = next(p for p, g in PREFIXES.items() if g == game)
    expect(doc["game"] == game and doc["prefix"] == prefix, what,
           f"must be the index of {game} ({prefix}), not {show(doc['game'])}")
    sections = _sections(doc.get("sections", []), what)
    expect(isinstance(doc["entries"], list) and bool(doc["entries"]), what,
           "entries must be a non-empty list")
    flags = _flags_by_id(game)
    out: dict[str, Entry] = {}
    for number, raw in enumerate(doc["entries"]):
        where = f"{what}, entry {number}"
        expect_keys(raw, where, {"id", "title", "text"}, {"lines", "note", "see"})
        rule_id = raw["id"]
        expect(isinstance(rule_id, str) and rule_id.startswith(prefix + "-")
               and _canonical(rule_id), where, f"{show(rule_id)} is not a {prefix} rule id")
        expect(rule_id not in out, where, f"{rule_id} appears twice")
        for field in ("title", "text"):
            _one_line(raw[field], f"{where} ({rule_id}) {field}")
        source = _source(raw, sections, f"{where} ({rule_id})")
        see = raw.get("see", [])
        expect(isinstance(see, list) and all(isinstance(s, str) and _canonical(s) for s in see),
               where, "see must be a list of rule ids")
        kind = "package" if prefix == "NB" else KINDS[rule_id[3]]
        out[rule_id] = Entry(rule_id, raw["text"], source, game, kind, raw["title"],
                             tuple(see), flags.get(rule_id, ()))
    same_game = {s for e in out.values() for s in e.see if s.startswith(prefix + "-")}
    missing = sorted(same_game - out.keys())
    expect(not missing, what, f"see names ids it does not define: {', '.join(missing)}")
    unindexed = sorted(flags.keys() - out.keys())
    expect(not unindexed, what, f"the engine's flags cite ids it lacks: {', '.join(unindexed)}")
    return out


def _canonical(rule_id: str) -> bool:
    return bool(_GAME_ID.fullmatch(rule_id) or _PACKAGE_ID.fullmatch(rule_id))


def _one_line(value: Any, what: str) -> None:
    expect(isinstance(value, str) and value.strip() == value and bool(value)
           and "\n" not in value and len(value) <= TEXT_LIMIT, what,
           f"must be one non-empty line of at most {TEXT_LIMIT} characters")


def _sections(raw: Any, what: str) -> list[tuple[int, int, str]]:
    expect(isinstance(raw, list), what, "sections must be a list of [first line, last line, name]")
    out: list[tuple[int, int, str]] = []
    for item in raw:
        expect(isinstance(item, list) and len(item) == 3 and isinstance(item[2], str), what,
               f"a section is [first line, last line, name], not {show(item)}")
        first = expect_int(item[0], f"{what}, section {item[2]!r}", 1)
        last = expect_int(item[1], f"{what}, section {item[2]!r}", first)
        expect(not out or first == out[-1][1] + 1, what,
               f"section {item[2]!r} must start right after the one before")
        out.append((first, last, item[2]))
    return out


def _source(raw: dict[str, Any], sections: list[tuple[int, int, str]], what: str) -> str:
    note = raw.get("note")
    expect(note is None or (isinstance(note, str) and bool(note.strip())), what,
           "note must be a non-empty string")
    lines = raw.get("lines")
    if lines is None:
        expect(note is not None, what, "needs lines or a note saying where it comes from")
        return str(note)
    expect(isinstance(lines, list) and len(lines) == 2, what, "lines must be [first, last]")
    first = expect_int(lines[0], what + " first line", 1)
    last = expect_int(lines[1], what + " last line", first)
    section = next((name for lo, hi, name in sections if lo <= first <= hi), None)
    expect(section is not None and last <= sections[-1][1], what,
           f"lines {first}-{last} are outside the rulebook")
    span = f"line {first}" if first == last else f"lines {first}-{last}"
    return f"rulebook §{section}, {span}" + (f"; {note}" if note else "")


def _flags_by_id(game: str) -> dict[str, tuple[FlagInfo, ...]]:
    """The engine's variant flags grouped by the rule id each cites (looked up, not copied)."""
    if game == PACKAGE:
        return {}
    from . import GAMES

    grouped: dict[str, list[FlagInfo]] = {}
    for info in GAMES[game].Rules.flags():
        grouped.setdefault(info.rule, []).append(info)
    return {rule: tuple(infos) for rule, infos in grouped.items()}


@functools.cache
def _glossary() -> tuple[Term, ...]:
    doc = _read("glossary.json")
    what = "glossary.json"
    expect_keys(doc, what, {"illustrative", "note", "terms"})
    expect(isinstance(doc["terms"], list) and bool(doc["terms"]), what,
           "terms must be a non-empty list")
    out: list[Term] = []
    for number, raw in enumerate(doc["terms"]):
        where = f"{what}, term {number}"
        expect_keys(raw, where, {"term", "text"}, {"ids", "anchor", "aliases"})
        _one_line(raw["term"], where + " term")
        _one_line(raw["text"], where + " text")
        anchor = raw.get("anchor", _slug(raw["term"]))
        expect(isinstance(anchor, str) and bool(_SLUG.fullmatch(anchor)), where,
               f"anchor {show(anchor)} must be lower-case words joined by hyphens")
        ids = raw.get("ids", [])
        expect(isinstance(ids, list) and all(isinstance(i, str) and _canonical(i) for i in ids),
               where, "ids must be a list of rule ids")
        aliases = raw.get("aliases", [])
        expect(isinstance(aliases, list) and all(isinstance(a, str) and a for a in aliases),
               where, "aliases must be a list of names")
        out.append(Term(raw["term"], anchor, raw["text"], tuple(ids), tuple(aliases)))
    anchors = [t.anchor for t in out]
    expect(len(set(anchors)) == len(anchors), what, "two terms share an anchor")
    return tuple(sorted(out, key=lambda t: t.term.lower()))


__all__ = ["Entry", "Term", "lookup", "explain", "entries", "tag", "tag_ids", "normalise",
           "glossary", "glossary_term", "glossary_html", "index_html", "build_index",
           "PREFIXES", "KINDS", "KIND_ORDER", "ID_PATTERN", "RULES_PAGE", "GLOSSARY_PAGE"]
