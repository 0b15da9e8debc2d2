"""Data-valued readings of a sweep: a flag whose value is a data document (a deck composition, a
tile set, the quest's cards) set from a user's JSON file, ``deck_composition=@my_deck.json``.

The file is read once, in the process that plans the sweep, with the two steps of
:func:`doppelnb.core.data.load_data` for a path (:func:`~doppelnb.core.data.read_user_file`, then
:func:`~doppelnb.core.data.parse_data`: a JSON object that says whether it is illustrative), so
its sha256 is the hash of exactly the bytes parsed. The engine's ``Rules`` then decide what the
file means; the sweep knows no engine (core never imports one) and offers the file to
``Rules(flag=...)`` in three forms, keeping the first the ``Rules`` accept:

1. the value under the flag's own name in the document, for flags whose ``Rules`` take a value
   rather than a file: Doppeldoppel's ``deck_composition`` (DD-A1) from
   ``{"illustrative": true, "note": "...", "deck_composition": [3, 2, 2, 1, 3, 1]}`` (6 counts
   per rank, the same for every colour, or 3 rows Y, R, B; 36 cards, DD-R2);
2. the parsed document itself, for ``Rules`` that take one: the quest's ``heroes``,
   ``weapon_tables``, ``quests``, ``items``, ``light_tokens``, ``dark_tokens`` (DQ-A1..A5, a file
   in the format of ``doppelganger_quest_cards.json``);
3. the file as a :class:`pathlib.Path`, for ``Rules`` that read files: Groom Lake's ``tiles``
   (GL-A2) and ``supply_deck`` (GL-A1), in the format of the shipped files.

A task carries forms 1 and 2 as the value itself: a worker on another machine (Dask) plays the
same data without opening a file. Form 3 travels as a :class:`DataPath` (the file's absolute
path and its sha256): the worker reads the file again and refuses it unless its sha256 is the
one planned, so every worker plays the same bytes or the sweep stops (a Dask worker needs the
file at the same path, e.g. a shared folder). Doppel Doubt's board (DB-A1) is its ``board``
flag: ``board=@my_board.json`` compares a board of your own with the shipped one.

The reading is named by the file's name and the start of its sha256
(``deck_composition=@my_deck.json#sha256:0123456789abcdef``) in the CSV's ``reading`` column, in
the checkpoint's identity (an edited file is another sweep) and in ``Table.meta["data_files"]``
with the full sha256; the report lists them.

Part of :mod:`doppelnb.core.sweep`.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .data import parse_data, read_user_file
from .errors import BadInput, RuleError
from .spec import GameSpec

#: The mark of a data value in a reading: ``flag=@FILE``.
DATA_MARK = "@"
#: Hex digits of the sha256 a reading's label keeps (64 bits: enough to tell files apart; the
#: full hash is in ``Table.meta["data_files"]``).
LABEL_HASH = 16
#: The shipped engines' flags known to take a user's file (each tested in
#: ``tests/test_sweep_readings.py``), for ``--help`` and the docs; the sweep itself offers a
#: file to any flag and lets the engine's ``Rules`` decide.
DATA_FLAGS: Mapping[str, tuple[str, ...]] = {
    "doppeldoppel": ("deck_composition",),
    "groom_lake": ("tiles", "supply_deck"),
    "doppelganger_quest": ("heroes", "weapon_tables", "quests", "items", "light_tokens",
                           "dark_tokens"),
    "doppel_doubt": ("board",),
}


@dataclass(frozen=True, slots=True)
class DataFile:
    """A user's data file a reading uses: the flag it sets, the file's name (without its folder,
    so the label does not depend on where the file lives) and the sha256 of its bytes."""

    flag: str
    name: str
    sha256: str

    @property
    def token(self) -> str:
        """The reading's value in its label: ``@my_deck.json#sha256:0123456789abcdef``."""
        return f"{DATA_MARK}{self.name}#sha256:{self.sha256[:LABEL_HASH]}"

    def to_dict(self) -> dict[str, str]:
        return {"flag": self.flag, "file": self.name, "sha256": self.sha256}


@dataclass(frozen=True, slots=True)
class DataPath:
    """A data file a task hands to an engine whose ``Rules`` read files: its absolute path and
    the sha256 the sweep planned with (:func:`resolve_changes` checks it in the worker)."""

    path: str
    sha256: str

    def resolve(self) -> pathlib.Path:
        """The path, once the file's bytes are checked to be the planned ones."""
        raw = read_user_file(self.path, "sweep")
        if hashlib.sha256(raw).hexdigest() != self.sha256:
            raise BadInput("NB-DATA", f"the data file {self.path} changed after the sweep was "
                           "planned (its sha256 differs); run the sweep again")
        return pathlib.Path(self.path)


def resolve_changes(changes: Mapping[str, Any]) -> dict[str, Any]:
    """A reading's changes as the engine's ``Rules`` take them (a :class:`DataPath` as its
    checked path)."""
    return {name: value.resolve() if isinstance(value, DataPath) else value
            for name, value in changes.items()}


def _frozen(value: Any) -> Any:
    """A JSON value with its lists as tuples (a reading's value is immutable, as flags are)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_data(spec: GameSpec, flag: str, path: Any, argument: str = "the reading"
              ) -> tuple[Any, DataFile]:
    """``(value, file)``: what a task carries for ``flag`` set from the user's JSON file at
    ``path`` (the first form ``spec``'s ``Rules`` accept, see the module doc), and the file's
    name and sha256. A file that cannot be read, is not a data document, or that the engine
    refuses in every form raises :class:`BadInput` (``NB-DATA``, or the engine's rule id) naming
    ``argument`` and the reading, in one line."""
    where = f"{argument} {flag}={DATA_MARK}{_cut(str(path))}"
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise BadInput("NB-ARG", f"{where}: name the data file after {DATA_MARK}")
    file = pathlib.Path(path)
    try:
        raw = read_user_file(file, flag)
        doc = parse_data(raw, flag)
    except RuleError as error:
        raise BadInput(error.rule, f"{where}: {error.reason}") from None
    sha = hashlib.sha256(raw).hexdigest()
    forms: list[Any] = [_frozen(doc[flag])] if flag in doc else []
    forms += [doc, DataPath(str(file.resolve()), sha)]
    refused: list[RuleError] = []
    for value in forms:
        try:
            spec.Rules().replace(**resolve_changes({flag: value}))
        except RuleError as why:
            refused.append(why)
            continue
        return value, DataFile(flag, file.name, sha)
    # The refusal that explains most: the engine's verdict on the document it read (NB-DATA),
    # else on the value under the flag's name, else on the file itself.
    chosen = next((e for e in reversed(refused) if e.rule == "NB-DATA"),
                  refused[0] if flag in doc else refused[-1])
    hint = "" if flag in doc else f" (a value for {flag} may also be given under the key " \
                                  f"\"{flag}\")"
    raise BadInput("NB-DATA" if chosen.rule == "NB-ARG" else chosen.rule,
                   f"{where}: {chosen.reason}{hint}")


__all__ = ["DataFile", "DataPath", "DATA_FLAGS", "DATA_MARK", "read_data", "resolve_changes"]
