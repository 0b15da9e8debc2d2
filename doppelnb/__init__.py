"""doppelnb: rules engines and teaching notebooks for five small games about doppelgangers.

Engines live in :mod:`doppelnb.engines` (pure Python, no widgets); notebook widgets in
:mod:`doppelnb.widgets`. Every rejected action raises a :class:`RuleError` naming the digest rule.
"""

from .core.errors import BadInput, IllegalAction, RuleError

__version__ = "0.1.0"

GAMES = {
    "doppeldoppel": "Doppeldoppel",
    "doppelganger_tricks": "Doppelgänger Tricks",
    "doppelganger_quest": "Doppelgänger (quest game)",
    "groom_lake": "Groom Lake",
    "doppel_doubt": "Doppel Doubt",
}

__all__ = ["RuleError", "IllegalAction", "BadInput", "GAMES", "__version__"]
