"""doppelnb: rules engines and teaching notebooks for five small games about doppelgangers.

Engines live in :mod:`doppelnb.engines` (pure Python, no widgets); notebook widgets in
:mod:`doppelnb.widgets`. Every rejected action raises a :class:`RuleError` naming the digest rule.

``GAMES`` maps each record game name to its engine module (imported on first use, so
``import doppelnb`` stays light), and :func:`load` replays any game's JSON record:

>>> sorted(GAMES)
['doppel_doubt', 'doppeldoppel', 'doppelganger_quest', 'doppelganger_tricks', 'groom_lake']
>>> game = GAMES["doppeldoppel"].new_game(3, seed=7)
>>> load(game.to_json()) == game
True
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from .core.errors import BadInput, IllegalAction, RuleError
from .core.spec import ENGINE_MODULES, load_record
from .core.spec import TITLES as _SPEC_TITLES

__version__ = "0.2.0"

#: Display names of the five games, by record game name (a plain dict, as it always was; the
#: registry's fixed table, :data:`doppelnb.core.spec.TITLES`, is the source).
TITLES = dict(_SPEC_TITLES)


class _Games(Mapping[str, ModuleType]):
    """Record game name -> engine module, imported lazily (the registry's fixed table of engine
    packages, :data:`doppelnb.core.spec.ENGINE_MODULES`; never a module named by a caller)."""

    def __getitem__(self, name: str) -> ModuleType:
        if name not in ENGINE_MODULES:
            raise KeyError(name)
        return importlib.import_module(ENGINE_MODULES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(TITLES)

    def __len__(self) -> int:
        return len(TITLES)

    def __repr__(self) -> str:
        return f"doppelnb.GAMES({', '.join(TITLES)})"


GAMES: Mapping[str, ModuleType] = _Games()


def load(record: str | bytes) -> Any:
    """Replay any game's JSON record (text or bytes), choosing the engine from its ``game`` field.

    A malformed record, or one naming a game doppelnb does not have, raises :class:`BadInput`.
    """
    return load_record(record)


def __getattr__(name: str) -> ModuleType:
    """``doppelnb.rulebook`` (the rules index) without an explicit import, loaded on first use."""
    if name == "rulebook":
        return importlib.import_module(f"{__name__}.rulebook")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RuleError", "IllegalAction", "BadInput", "GAMES", "TITLES", "load", "__version__"]
