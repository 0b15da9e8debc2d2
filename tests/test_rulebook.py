"""The rules index (doppelnb.rulebook): every id the project cites resolves to the project's own
one-line statement and its rulebook source; the glossary; no user-facing file points outside the
repository (issue 25)."""

from __future__ import annotations

import copy
import html.parser
import json
import re
import sys
from pathlib import Path

import pytest

import doppelnb
from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb import rulebook as rb

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import chapter_coverage  # noqa: E402  (finds ../shared/rules beside the checkout, as CI has it)

RULES = chapter_coverage.RULES
SEEDS = RULES.parent / "seeds"
NEEDS_DIGESTS = pytest.mark.skipif(not RULES.is_dir(),
                                   reason="the digests (../shared/rules) are not beside the repo")

# Any id-shaped word, also malformed ones (``DD-X5``), so that a typo is caught as well.
CITED = re.compile(r"\b(?:(?:DD|DT|GL|DB|DQ)-[A-Z]+\d+[a-z]?|NB-[A-Z]+)\b")
# Ids made up on purpose by tests of the machinery itself (a fake CLI error, a toy game).
FAKE_IDS = {"tests/test_cli.py": {"NB-X"}, "tests/test_rules_pages.py": {"DD-R99"}}
TEXT_SUFFIXES = {".py", ".ipynb", ".json", ".md", ".txt", ".csv", ".html", ".js", ".css", ".j2"}


def text_files(*folders: str):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                yield path


def cited_ids() -> dict[str, set[str]]:
    """id -> the files (relative) citing it, over the package, the notebooks and the tests."""
    found: dict[str, set[str]] = {}
    for path in text_files("doppelnb", "notebooks", "tests"):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "tests/test_rulebook.py":  # this file names unknown ids on purpose
            continue
        for rule_id in set(CITED.findall(path.read_text(encoding="utf-8"))):
            if rule_id not in FAKE_IDS.get(rel, set()):
                found.setdefault(rule_id, set()).add(rel)
    return found


def test_every_id_cited_by_engines_notebooks_exercises_and_tests_is_in_the_index():
    cited = cited_ids()
    assert len(cited) > 350  # the scan does see the citations (engines, chapters, tests)
    missing = {}
    for rule_id, files in cited.items():
        try:
            rb.lookup(rule_id)
        except BadInput:
            missing[rule_id] = sorted(files)[:3]
    assert not missing, f"ids cited but not in the rules index: {missing}"


def test_the_rules_index_is_reachable_as_doppelnb_rulebook_after_import_doppelnb():
    import subprocess

    code = "import doppelnb; print(doppelnb.rulebook.lookup('dd-r13').id)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "DD-R13", done.stderr


def test_ids_the_quest_builds_in_its_ambiguity_table_are_in_the_index():
    from doppelnb.engines.doppelganger_quest.teaching import ambiguity_table

    shown = set(rb.ID_PATTERN.findall(str(ambiguity_table())))
    assert {f"DQ-A{n}" for n in range(1, 32)} <= shown
    for rule_id in shown:
        rb.lookup(rule_id)


def test_the_package_ids_are_in_the_index_with_the_package_as_source():
    for rule_id in ("NB-ARG", "NB-DATA", "NB-RECORD", "NB-RULE"):
        entry = rb.lookup(rule_id)
        assert entry.kind == "package" and entry.source == "doppelnb" and entry.game == "doppelnb"


@NEEDS_DIGESTS
def test_every_digest_id_is_in_the_index():
    defined = set()
    for digest in RULES.glob("*.md"):
        defined |= set(re.findall(r"\b(?:DD|DT|GL|DB|DQ)-[RATE]\d+[a-z]?\b",
                                  digest.read_text(encoding="utf-8")))
    assert len(defined) > 400
    indexed = {e.id for e in rb.entries()}
    assert sorted(defined - indexed) == []


@pytest.mark.parametrize("entry", rb.entries(), ids=lambda e: e.id)
def test_lookup_round_trips_in_any_case(entry):
    assert rb.lookup(entry.id) is entry
    assert rb.lookup(entry.id.lower()) is entry
    assert rb.lookup(f" {entry.id.upper()} ") is entry
    assert rb.PREFIXES[entry.id[:2]] == entry.game


@pytest.mark.parametrize("bad", ["DD-R99", "DT-E11", "NB-NOPE", "GL-T0", "DD-13", "DD-X5",
                                 "R13", "", "DD-R13 DD-R14", "XX-A1", 13, None, b"DD-R13"])
def test_unknown_or_malformed_ids_raise_bad_input_with_one_sentence(bad):
    with pytest.raises(BadInput) as info:
        rb.lookup(bad)
    assert info.value.rule == "NB-ARG"
    assert "\n" not in info.value.reason and info.value.reason.count(". ") == 0


def test_an_unknown_id_of_a_game_says_which_ids_that_game_has():
    with pytest.raises(BadInput, match=r"DD-R1\.\.DD-R22, DD-E1\.\.DD-E7"):
        rb.lookup("dd-r23")


def test_explain_leads_from_any_refusal_to_its_entry():
    tricks = doppelnb.GAMES["doppelganger_tricks"]
    with pytest.raises(IllegalAction) as info:
        tricks.resolve_trick(["6D", "6C", "1C"])  # a led doppelgänger needs a declared suit
    assert rb.explain(info.value) is rb.lookup("DT-R8")
    with pytest.raises(RuleError) as info:
        doppelnb.load("{}")
    assert rb.explain(info.value) is rb.lookup("NB-RECORD")
    with pytest.raises(BadInput):
        rb.explain("DD-R13")  # a string is not a refusal


@pytest.mark.parametrize("entry", rb.entries(), ids=lambda e: e.id)
def test_every_text_and_title_is_one_short_plain_line(entry):
    for text in (entry.text, entry.title):
        assert text and text == text.strip() and "\n" not in text
    assert len(entry.text) <= rb.TEXT_LIMIT
    assert not re.search(r"\[(TEXT|INFERRED|DEFAULT|DERIVED|MISSING)\]|\*\*", entry.text)


def test_sources_name_the_rulebook_part_and_lines():
    for entry in rb.entries():
        if entry.game == "doppelnb":
            continue
        assert re.fullmatch(r"rulebook §[^,]+(,[^,;]+)*, lines? \d+(-\d+)?(; .+)?", entry.source), \
            f"{entry.id}: {entry.source}"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _runs(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


RUN = 10  # words in a row shared with the digest or the rulebook: a copied sentence


@NEEDS_DIGESTS
def test_texts_are_the_projects_own_words_not_copies_of_the_digests_or_rulebooks():
    sources = list(RULES.glob("*.md")) + (list(SEEDS.glob("*.txt")) if SEEDS.is_dir() else [])
    copied = set().union(*(_runs(_words(p.read_text(encoding="utf-8", errors="replace")), RUN)
                           for p in sources))
    texts = [(e.id, e.text) for e in rb.entries()] + [(t.term, t.text) for t in rb.glossary()]
    assert [i for i, text in texts if _runs(_words(text), RUN) & copied] == []
    # The check can fail: a digest sentence copied into an entry is caught.
    digest = (RULES / "doppeldoppel.md").read_text(encoding="utf-8")
    sentence = re.search(r"The lead colour stays in force[^.]+\.", digest).group(0)
    assert _runs(_words(sentence), RUN) & copied


def test_see_lists_resolve_and_entries_are_in_rulebook_order():
    for entry in rb.entries():
        for other in entry.see:
            rb.lookup(other)
    for game in rb.PREFIXES.values():
        kinds = [e.id[3] for e in rb.entries(game) if e.kind != "package"]
        assert kinds == sorted(kinds, key="REAT".index)


@pytest.mark.parametrize("game", [g for g in rb.PREFIXES.values() if g != "doppelnb"])
def test_unclear_points_name_the_engines_own_flags_and_defaults(game):
    rules_type = doppelnb.GAMES[game].Rules
    by_rule: dict[str, list] = {}
    for info in rules_type.flags():
        by_rule.setdefault(info.rule, []).append(info)
    defaults = rules_type()
    for entry in rb.entries(game, "unclear point"):
        assert list(entry.flags) == by_rule.pop(entry.id, [])
        if entry.flag is not None:
            assert getattr(defaults, entry.flag) == entry.default
        else:
            assert entry.default is None
    assert by_rule == {}, f"flags citing ids that are no unclear point: {sorted(by_rule)}"
    assert rb.lookup("DT-A3").flag == "bonus_max_per_player" or game != "doppelganger_tricks"


def test_entries_filter_by_game_and_kind():
    assert len(rb.entries()) == sum(len(rb.entries(g)) for g in rb.PREFIXES.values())
    points = rb.entries("doppeldoppel", "unclear point")
    assert [e.id for e in points][:3] == ["DD-A1", "DD-A2", "DD-A3"] and len(points) == 19
    assert {e.kind for e in rb.entries(kind="test case")} == {"test case"}
    for bad in ({"game": "chess"}, {"kind": "rules"}, {"game": 3}):
        with pytest.raises(BadInput):
            rb.entries(**bad)


class _Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, dict, str]] = []
        self._open: list[tuple[str, dict]] = []

    def handle_starttag(self, name, attrs):
        self._open.append((name, dict(attrs)))
        self._text = ""

    def handle_data(self, data):
        self._text = getattr(self, "_text", "") + data

    def handle_endtag(self, name):
        opened, attrs = self._open.pop()
        self.found.append((opened, attrs, getattr(self, "_text", "")))


def test_tag_is_a_link_to_the_rules_page_with_an_accessible_tooltip():
    parser = _Tags()
    parser.feed(str(rb.tag("db-r10a")))
    [(name, attrs, text)] = parser.found
    entry = rb.lookup("DB-R10a")
    assert name == "a" and text == "DB-R10a" and attrs["href"] == "rules.html#DB-R10a"
    assert attrs["class"] == "rule-tag"
    assert attrs["title"] == attrs["aria-label"] == f"DB-R10a: {entry.text}"
    assert attrs["aria-label"].startswith(text)  # the accessible name starts with what is seen
    assert str(entry.tag(href="../rules.html")).count('href="../rules.html#DB-R10a"') == 1
    with pytest.raises(BadInput):
        rb.tag("DD-R99")


def test_tag_ids_links_the_known_ids_in_a_sentence_and_escapes_the_rest():
    out = str(rb.tag_ids("DD-R13 <b> and DD-R99 and NB-ARG"))
    assert out.count('class="rule-tag"') == 2 and "&lt;b&gt;" in out and "DD-R99" in out


def test_the_index_page_has_one_anchor_per_id_and_every_source():
    page = str(rb.index_html())
    anchors = re.findall(r'<th id="([^"]+)" scope="row">', page)
    assert sorted(anchors) == sorted(e.id for e in rb.entries())
    assert 'id="DD-R13"' in page and "rulebook §Winning a trick" in page
    assert "reversal_scope = &#x27;trick&#x27;" in page  # an unclear point's default reading


# -- malformed index files --------------------------------------------------------------------------

def _doc(game="doppeldoppel"):
    path = ROOT / "doppelnb" / "data" / "rulebook" / f"{game}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_shipped_index_files_load_and_rebuild_the_same_entries():
    for game in rb.PREFIXES.values():
        assert list(rb.build_index(_doc(game), game).values()) == list(rb.entries(game))


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["entries"].append(copy.deepcopy(d["entries"][0])), "appears twice"),
    (lambda d: d["entries"][0].update(text="two\nlines"), "one non-empty line"),
    (lambda d: d["entries"][0].update(text="x" * 400), "one non-empty line"),
    (lambda d: d["entries"][0].update(id="DT-R1"), "is not a DD rule id"),
    (lambda d: d["entries"][0].update(lines=[900, 901]), "outside the rulebook"),
    (lambda d: d["entries"][0].update(lines=[9, 3]), "last line"),
    (lambda d: d["entries"][0].pop("lines"), "needs lines or a note"),
    (lambda d: d["entries"][0].update(see=["DD-R99"]), "does not define: DD-R99"),
    (lambda d: d["entries"][0].update(surprise=1), "unknown fields surprise"),
    (lambda d: d.update(game="groom_lake"), "must be the index of doppeldoppel"),
    (lambda d: d["sections"].insert(1, [3, 4, "overlap"]), "right after"),
    (lambda d: d.update(entries=[{k: v for k, v in e.items() if k != "see"}
                                 for e in d["entries"] if e["id"] != "DD-A5"]),
     "flags cite ids it lacks: DD-A5"),
])
def test_a_malformed_index_file_is_refused_with_nb_data(damage, words):
    doc = _doc()
    damage(doc)
    with pytest.raises(BadInput, match=re.escape(words)) as info:
        rb.build_index(doc, "doppeldoppel")
    assert info.value.rule == "NB-DATA"


# -- the glossary -----------------------------------------------------------------------------------

# The words a student meets first (issue 25), each by one of its names.
STUDENT_WORDS = ["SP", "start player", "lead colour", "lead suit", "trick", "follow", "collision",
                 "annihilation", "reversal", "forecast", "bid", "doppelgänger suit", "Subdue",
                 "ping-pong", "Bag of Holding", "Party Leader", "Team", "canyon", "compass",
                 "obstacle", "Zero space", "takeover", "Jester", "polyomino", "variant flag",
                 "reading", "unclear point", "ambiguity", "seed", "record", "determinized MCTS",
                 "greedy bot", "Wilson interval", "95% interval", "sample size", "n",
                 "multiple comparisons", "Holm correction", "paired comparison"]


@pytest.mark.parametrize("word", STUDENT_WORDS)
def test_the_glossary_explains_the_words_students_meet(word):
    term = rb.glossary_term(word)
    assert term.text and "\n" not in term.text and len(term.text) <= rb.TEXT_LIMIT
    assert rb.glossary_term(word.upper()) is term


def test_glossary_terms_have_unique_anchors_and_their_ids_resolve():
    terms = rb.glossary()
    assert len(terms) >= 40
    assert [t.term.lower() for t in terms] == sorted(t.term.lower() for t in terms)
    assert len({t.anchor for t in terms}) == len(terms)
    for term in terms:
        for rule_id in term.ids:
            rb.lookup(rule_id)
    with pytest.raises(BadInput):
        rb.glossary_term("quantum")


def test_the_glossary_page_anchors_every_term_and_tags_its_ids():
    page = str(rb.glossary_html())
    for term in rb.glossary():
        assert page.count(f'<dt id="{term.anchor}">') == 1
    assert 'href="rules.html#DQ-R31"' in page  # ping-pong's rule
    link = str(rb.glossary_term("Wilson interval").link())
    assert 'href="glossary.html#wilson-interval"' in link


# -- nothing outside the repository ---------------------------------------------------------------

# The digests, the rulebooks and the API notes live beside the repository, for its developers.
OUTSIDE = re.compile(r"\.\./shared|shared/(?:rules|seeds)|/work/|shared/api\.md")


def user_facing_files():
    yield from text_files("notebooks", "doppelnb", "docs")
    for name in ("README.md", "CONTRIBUTING.md", "pyproject.toml"):
        yield ROOT / name


def test_no_user_facing_file_points_outside_the_repository():
    found = []
    for path in user_facing_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert found == []


def test_the_outside_reference_check_can_fail():
    for line in ("see `shared/rules/doppeldoppel.md`", "the digests in `../shared/rules/`",
                 "functions of ../shared/api.md", "/work/shared/seeds/x.txt"):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search("the rules index, doppelnb.rulebook.lookup('DD-R13')")
