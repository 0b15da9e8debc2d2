"""Doppeldoppel decks: the DD-A1 candidate compositions (illustrative data) and the colour names
(DD-A2), checked for the ``Rules`` flags."""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...core.checks import show
from ...core.data import expect, expect_int, expect_keys, parse_data
from ...core.errors import BadInput
from .notation import COLOURS, DECK_SIZE, RANKS

# ------------------------------------------------------------------------------------------------
# Deck compositions (data, DD-A1)
# ------------------------------------------------------------------------------------------------

Composition = tuple[tuple[int, ...], ...]  # per colour (Y, R, B), per rank (1..6): number of cards


def parse_deck_candidates(text: str | bytes) -> dict[str, Composition]:
    """Parse a deck-candidates data file (the format of ``doppeldoppel_decks.json``).

    A malformed file raises ``BadInput("NB-DATA", ...)``; nothing is executed. Two candidates of
    one name (a repeated JSON key, which ``json`` would silently merge) are refused.
    """
    doc = parse_data(text, "Doppeldoppel deck")  # limits on size and depth first
    json.loads(text, object_pairs_hook=_no_duplicate_keys)
    return _deck_doc(doc)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise BadInput("NB-DATA", f"the Doppeldoppel deck data file names {show(key)} twice")
        seen.add(key)
    return dict(pairs)


def _deck_doc(doc: dict[str, Any]) -> dict[str, Composition]:
    expect_keys(doc, "the deck file", ["illustrative", "note", "candidates", "default"], ["source"])
    expect(isinstance(doc["note"], str) and bool(doc["note"]), "the deck file", "needs a \"note\"")
    candidates = doc["candidates"]
    expect(isinstance(candidates, dict) and bool(candidates), "the deck file",
           "\"candidates\" must be a non-empty object")
    out: dict[str, Composition] = {}
    for name, entry in candidates.items():
        where = f"deck candidate {show(name)}"
        expect_keys(entry, where, ["per_colour"], ["note"])
        per = entry["per_colour"]
        expect(isinstance(per, list) and len(per) == len(RANKS), where,
               "\"per_colour\" must list 6 counts, one per rank 1 to 6")
        counts = tuple(expect_int(v, where, 0, DECK_SIZE) for v in per)
        expect(sum(counts) * len(COLOURS) == DECK_SIZE, where,
               f"3 colours of {sum(counts)} cards make {3 * sum(counts)} cards, not {DECK_SIZE}")
        out[name] = (counts,) * len(COLOURS)
    expect(doc["default"] in out, "the deck file", "\"default\" must name one of the candidates")
    return out


@lru_cache(maxsize=1)
def _shipped_candidates() -> dict[str, Composition]:
    text = (importlib.resources.files("doppelnb") / "data" / "doppeldoppel_decks.json").read_bytes()
    return parse_deck_candidates(text)


def deck_candidates() -> dict[str, Composition]:
    """The DD-A1 candidate compositions shipped with the package (illustrative); a fresh dict
    each call (the compositions themselves are tuples), so a caller cannot change the cache."""
    return dict(_shipped_candidates())


def check_composition(value: Any) -> str | Composition:
    """Normalise ``deck_composition``: a candidate name, or counts that make 36 cards (DD-A1, DD-R2).

    Accepted: ``"a"``/``"b"``/``"c"``; 6 counts (the same for every colour); 3 x 6 counts (Y, R,
    B); or a mapping ``{"Y": [...], "R": [...], "B": [...]}``. A composition equal to a candidate
    is stored as the candidate's name.
    """
    candidates = deck_candidates()
    if isinstance(value, str):
        if value in candidates:
            return value
        raise BadInput("DD-A1", f"{show(value)} is not a deck candidate; choose one of "
                       f"{', '.join(map(repr, candidates))} or give the counts per rank")
    rows: Any
    if isinstance(value, Mapping):
        if set(value) != set(COLOURS):
            raise BadInput("DD-A1", "a deck composition by colour needs exactly the keys Y, R, B")
        rows = [value[c] for c in COLOURS]
    elif isinstance(value, (list, tuple)) and len(value) == len(RANKS) and all(
            isinstance(v, int) for v in value):
        rows = [value] * len(COLOURS)
    elif isinstance(value, (list, tuple)) and len(value) == len(COLOURS):
        rows = list(value)
    else:
        raise BadInput("DD-A1", "a deck composition is a candidate name ('a', 'b', 'c'), 6 counts "
                       "per rank, or 3 rows (Y, R, B) of 6 counts")
    comp = []
    for colour, row in zip(COLOURS, rows, strict=True):
        if not isinstance(row, (list, tuple)) or len(row) != len(RANKS) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in row):
            raise BadInput("DD-A1", f"the {colour} row of a deck composition must be 6 whole "
                           f"numbers from 0 up (cards of rank 1 to 6), not {show(row)}")
        comp.append(tuple(row))
    total = sum(map(sum, comp))
    if total != DECK_SIZE:
        raise BadInput("DD-R2", f"a Doppeldoppel deck has {DECK_SIZE} cards; this composition "
                       f"has {total}")
    normal = tuple(comp)
    for name, cand in candidates.items():
        if cand == normal:
            return name
    return normal


def check_colour_names(value: Any) -> tuple[str, str, str]:
    if (isinstance(value, (list, tuple)) and len(value) == len(COLOURS)
            and all(isinstance(v, str) and v.strip() for v in value)
            and len({v.strip().lower() for v in value}) == len(COLOURS)):
        a, b, c = (v.strip() for v in value)
        return (a, b, c)
    raise BadInput("DD-A2", f"colour names are three different non-empty names for Y, R and B, "
                   f"not {show(value)}")


__all__ = ["Composition", "parse_deck_candidates", "deck_candidates", "check_composition",
           "check_colour_names"]
