"""Shared plumbing every engine uses the same way.

- :mod:`.errors`: ``RuleError`` / ``IllegalAction`` / ``BadInput`` (rule id + plain reason).
- :mod:`.variants`: ``RulesBase`` and ``flag`` for each engine's frozen ``Rules`` dataclass.
- :mod:`.chance`: seeds and labelled random streams (replayable, state-free).
- :mod:`.record`: JSON game records, parsed without executing anything.
- :mod:`.state`: the ``GameState`` protocol, ``playout`` and policies.
- :mod:`.exact`: exact distributions, dice sums, multiset draws, confidence intervals.
- :mod:`.render`: SVG/HTML builders and charts.
- :mod:`.data`: loading JSON data files (illustrative card sets, tiles, boards) safely.

Rule ids outside the digests: ``NB-ARG`` (a bad argument), ``NB-RECORD`` (a malformed game record),
``NB-DATA`` (a malformed data file).
"""

from .chance import make_seed, rng_for
from .errors import BadInput, IllegalAction, RuleError
from .exact import Distribution, dice_sum_counts, mean_interval, multiset_draws, wilson_interval
from .record import GameRecord, parse_record
from .state import GameState, play_to_end, playout, random_policy
from .variants import FlagInfo, RulesBase, flag

__all__ = [
    "RuleError", "IllegalAction", "BadInput", "RulesBase", "flag", "FlagInfo", "make_seed",
    "rng_for", "GameRecord", "parse_record", "GameState", "playout", "play_to_end",
    "random_policy", "Distribution", "dice_sum_counts", "multiset_draws", "wilson_interval",
    "mean_interval",
]
