"""Data-valued readings of a sweep: a flag whose value is a data document (a deck composition, a
tile set, the quest's cards) set from a user's JSON file, ``deck_composition=@my_deck.json``.

The file is read once, in the process that plans the sweep, with the two steps of
:func:`doppelnb.core.data.load_data` for a path (:func:`~doppelnb.core.data.read_user_file`, then
:func:`~doppelnb.core.data.parse_data`), so its sha256 is the hash of exactly the bytes parsed.
The engine then validates it, and the sweep's tasks carry the value the engine's ``Rules``
accepts (a composition, a ``TileSet``, a parsed document), never the path: a worker on another
machine (Dask) plays the same data without opening a file, and the CSV is the same on any
executor. The reading is named by the file's name and the start of its sha256
(``deck_composition=@my_deck.json#sha256:0123456789abcdef``), in the CSV's ``reading`` column,
the checkpoint's identity (an edited file is another sweep) and ``Table.meta["data_files"]``
(the full sha256); the report shows them.

How each engine's ``Rules`` takes a user's file (:data:`DATA_FLAGS`):

- Doppeldoppel ``deck_composition`` (DD-A1): ``Rules`` takes counts, not a file. The file has
  the format of the shipped ``doppeldoppel_decks.json`` (``candidates`` and ``default``), read by
  the engine's ``parse_deck_candidates``; the reading is its ``default`` candidate's counts.
- Groom Lake ``tiles`` (GL-A2) and ``supply_deck`` (GL-A1): the engine's ``load_tiles`` and
  ``load_deck`` read the file (a ``pathlib.Path``); the reading carries the loaded ``TileSet`` or
  ``SupplyDeck``, which ``Rules`` accepts. The engine's content hash must be the one of the bytes
  hashed here (a file changed between the two reads is refused).
- The quest's ``heroes``, ``weapon_tables``, ``quests``, ``items``, ``light_tokens`` and
  ``dark_tokens`` (DQ-A1..A5): ``Rules`` takes the parsed document itself.
- Doppel Doubt: the board (DB-A1) is an option of ``new_game``, not a ``Rules`` flag, so a sweep
  cannot compare boards yet (no flag of its ``Rules`` names a data document).
- A game of your own: any flag, given the parsed document (its ``Rules`` validates it).

Part of :mod:`doppelnb.core.sweep`.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .data import data_digest, parse_data, read_user_file
from .errors import BadInput, RuleError
from .spec import TITLES, GameSpec

#: The mark of a data value in a reading: ``flag=@FILE``.
DATA_MARK = "@"
#: Hex digits of the sha256 a reading's label keeps (64 bits: enough to tell files apart; the
#: full hash is in ``Table.meta["data_files"]``).
LABEL_HASH = 16


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


def _engine(spec: GameSpec) -> Any:
    return importlib.import_module(spec.module)


def _deck_composition(spec: GameSpec, doc: dict[str, Any], raw: bytes, path: pathlib.Path
                      ) -> Any:
    candidates = _engine(spec).parse_deck_candidates(raw)
    return candidates[doc["default"]]


def _loader(name: str) -> Callable[[GameSpec, dict[str, Any], bytes, pathlib.Path], Any]:
    """A Groom Lake reader (``load_tiles``, ``load_deck``): the engine reads the path; its content
    hash must be the one of the document parsed here (the same bytes)."""
    def read(spec: GameSpec, doc: dict[str, Any], raw: bytes, path: pathlib.Path) -> Any:
        value = getattr(_engine(spec), name)(path)
        if value.source != data_digest(doc):
            raise BadInput("NB-DATA", f"the file {path.name} changed while it was read")
        return value
    return read


def _document(spec: GameSpec, doc: dict[str, Any], raw: bytes, path: pathlib.Path) -> Any:
    return doc


_QUEST = ("heroes", "weapon_tables", "quests", "items", "light_tokens", "dark_tokens")
#: ``{game: {flag: reader}}``: the shipped engines' flags that take a user's data file, and how
#: the sweep turns the file into the value their ``Rules`` accepts (see the module doc).
DATA_FLAGS: dict[str, dict[str, Callable[[GameSpec, dict[str, Any], bytes, pathlib.Path], Any]]]
DATA_FLAGS = {
    "doppeldoppel": {"deck_composition": _deck_composition},
    "groom_lake": {"tiles": _loader("load_tiles"), "supply_deck": _loader("load_deck")},
    "doppelganger_quest": dict.fromkeys(_QUEST, _document),
    "doppel_doubt": {},
}


def data_flags(spec: GameSpec) -> tuple[str, ...]:
    """The flags of ``spec`` a reading may set from a file (every flag, for a game of your own)."""
    if spec.name in TITLES:
        return tuple(DATA_FLAGS.get(spec.name, {}))
    return tuple(info.name for info in spec.Rules.flags())


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_data(spec: GameSpec, flag: str, path: Any, argument: str = "the reading"
              ) -> tuple[Any, DataFile]:
    """``(value, file)``: the value ``spec``'s ``Rules`` takes for ``flag`` from the user's JSON
    file at ``path``, and the file's name and sha256. A file that cannot be read, is not a data
    document or that the engine refuses raises :class:`BadInput` (``NB-DATA``, or the engine's
    rule id) naming ``argument`` and the reading, in one line."""
    where = f"{argument} {flag}={DATA_MARK}{_cut(str(path))}"
    flags = data_flags(spec)
    if flag not in flags:
        takes = (f"the flags that take a file are {', '.join(flags)}" if flags else
                 f"no flag of {spec.name}'s Rules takes a data file")
        raise BadInput("NB-ARG", f"{where}: {flag} does not take a data file; {takes}")
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise BadInput("NB-ARG", f"{where}: name the data file after {DATA_MARK}")
    file = pathlib.Path(path)
    try:
        raw = read_user_file(file, flag)
        doc = parse_data(raw, flag)
        reader = DATA_FLAGS[spec.name][flag] if spec.name in TITLES else _document
        value = reader(spec, doc, raw, file)
        spec.Rules().replace(**{flag: value})  # the engine's own check of the data
    except RuleError as error:
        raise BadInput("NB-DATA" if error.rule == "NB-ARG" else error.rule,
                       f"{where}: {error.reason}") from None
    except (KeyError, TypeError, ValueError) as error:  # a reader's look-up in a bad document
        raise BadInput("NB-DATA", f"{where}: not a {flag} data file ({error})") from None
    return value, DataFile(flag, file.name, hashlib.sha256(raw).hexdigest())


__all__ = ["DataFile", "DATA_FLAGS", "DATA_MARK", "data_flags", "read_data"]
