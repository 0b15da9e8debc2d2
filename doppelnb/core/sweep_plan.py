"""What a sweep plays: the game (:func:`resolve_game`), its readings of the rules
(:func:`readings_of`), player counts and policy mixes, checked, and the cells they make
(:func:`sweep_cells`), with the sweep's size limits.

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from .checks import check_int, show
from .errors import BadInput
from .policy import parse_policy, strength
from .spec import TITLES, GameSpec, game_spec, spec_of


def resolve_game(game: Any) -> tuple[str, GameSpec]:
    """``(name, spec)``: a name in :data:`doppelnb.GAMES`, a :class:`~doppelnb.core.spec.GameSpec`,
    or an engine module object (a shipped engine maps to its registered spec; a game of your
    own, already imported, to :meth:`GameSpec.of_module`). ``name`` is what the sweep's seeds are
    drawn from and what its tasks carry.

    A string is only ever one of the registered names, checked before anything is imported: a
    sweep never imports a module because a command line named it.
    """
    spec = game_spec(game)
    return spec.name, spec


def _task_game(spec: GameSpec) -> GameSpec | None:
    """What a task carries besides the game's name: nothing for a shipped game as registered
    (each worker looks the name up, importing the engine from the registry's fixed table), the
    spec itself for any other (a game of your own, registered in this process or not: pickled by
    reference to its module's objects, which the caller has imported)."""
    if spec.name in TITLES and spec_of(spec.name) == spec:
        return None
    return spec


def player_counts_of(game: Any) -> tuple[int, ...]:
    """The engine's legal player counts (``GameSpec.player_counts``)."""
    spec = game_spec(game)
    if not spec.player_counts:
        raise BadInput("NB-ARG", f"{spec.name} has no player counts; pass player_counts")
    return spec.player_counts


def readings_of(game: Any, readings: Any = "all") -> list[tuple[str, dict[str, Any]]]:
    """``[(label, changes)]``: ``"default"`` first, then each reading of each flag changed alone.

    ``game``: a name, a :class:`~doppelnb.core.spec.GameSpec` or an engine module. ``readings``
    is ``"all"``, ``"default"``, or a list of flag names (each of their readings)
    and ``"flag=value"`` labels (one reading). Flags whose values are data (no list of readings)
    are not swept.
    """
    flags = {info.name: info for info in game_spec(game).Rules.flags() if info.choices}
    out: list[tuple[str, dict[str, Any]]] = [("default", {})]
    if readings == "default":
        return out
    if readings == "all":
        wanted: Iterable[Any] = list(flags)
    elif isinstance(readings, (list, tuple)):
        wanted = readings
    else:
        raise BadInput("NB-ARG", f"readings must be 'all', 'default' or a list of flags and "
                       f"'flag=value' readings, not {show(readings)}")
    seen = {"default"}
    for item in wanted:
        if not isinstance(item, str):
            raise BadInput("NB-ARG", f"a reading is a flag name or 'flag=value', not {show(item)}")
        if item == "default":
            continue
        name, _, text = item.partition("=")
        info = flags.get(name)
        if info is None:
            raise BadInput("NB-ARG", f"{name!r} is not a variant flag with readings; flags are "
                           f"{', '.join(flags)}")
        values = [c for c in info.choices or () if c != info.default]
        if text:
            values = [c for c in info.choices or () if str(c) == text]
            if not values:
                raise BadInput("NB-ARG", f"{text!r} is not a reading of {name}; readings are "
                               f"{', '.join(map(str, info.choices or ()))}")
        for value in values:
            label = f"{name}={value}"
            if label not in seen and value != info.default:
                seen.add(label)
                out.append((label, {name: value}))
    return out


def mixes_for(policies: Sequence[str]) -> list[str]:
    """Each policy alone, then every pair (stronger first) sharing the table seat by seat."""
    pure = list(dict.fromkeys(policies))
    for spec in pure:
        parse_policy(spec)
    ranked = sorted(pure, key=strength, reverse=True)
    pairs = [f"{a}/{b}" for a, b in itertools.combinations(ranked, 2)]
    return pure + pairs


def _parse_mix(mix: Any) -> tuple[str, ...]:
    if isinstance(mix, str):
        parts = tuple(p.strip() for p in mix.split("/"))
    elif isinstance(mix, (list, tuple)):
        parts = tuple(mix)
    else:
        raise BadInput("NB-ARG", f"a policy mix is like 'greedy/random', not {show(mix)}")
    if not parts or len(parts) > 16:
        raise BadInput("NB-ARG", f"a policy mix names 1 to 16 policies, not {show(mix)}")
    for spec in parts:
        parse_policy(spec)
    return parts



#: Size limits of a sweep (and of the command line's options), far above any sweep the notebooks,
#: the Makefile or the tests run: games per cell, worker processes, policies and mixes.
MAX_GAMES = 10_000_000
MAX_WORKERS = 256
MAX_POLICIES = 16
MAX_MIXES = 256


#: ``[(label, changes)]``, as :func:`readings_of` returns them.
_Readings = list[tuple[str, dict[str, Any]]]


def _dimensions(name: str, game: GameSpec, readings: Any, player_counts: Sequence[int] | None,
                policy_mixes: Sequence[Any]
                ) -> tuple[_Readings, tuple[int, ...], list[tuple[str, ...]]]:
    """A sweep's readings, player counts and policy mixes, checked (its cells are every
    combination, in this order: see :func:`sweep_cells`)."""
    if player_counts is None:
        counts: tuple[int, ...] = player_counts_of(game)
    else:
        if isinstance(player_counts, (str, bytes)) or not isinstance(player_counts, Sequence) \
                or not player_counts:
            raise BadInput("NB-ARG", f"player_counts must be a list of whole numbers, "
                           f"not {show(player_counts)}")
        counts = tuple(dict.fromkeys(check_int(p, "player_counts", 1, 64)
                                     for p in player_counts))
        legal = game.player_counts
        for p in counts:
            if legal and p not in legal:
                raise BadInput("NB-ARG", f"player_counts: {name} is for "
                               f"{', '.join(map(str, legal))} players, not {p}")
    if isinstance(policy_mixes, str):
        policy_mixes = [policy_mixes]
    if not isinstance(policy_mixes, (list, tuple)) or len(policy_mixes) > MAX_MIXES:
        raise BadInput("NB-ARG", f"policy_mixes must be a list of 1 to {MAX_MIXES} mixes, "
                       f"not {show(policy_mixes)}")
    mixes = list(dict.fromkeys(_parse_mix(m) for m in policy_mixes))
    if not mixes:
        raise BadInput("NB-ARG", "policy_mixes must name at least one mix")
    cells_readings = readings_of(game, readings)
    return cells_readings, counts, mixes


def sweep_cells(game: Any, readings: Any = "all", player_counts: Sequence[int] | None = None,
                policy_mixes: Sequence[Any] = ("random", "greedy", "greedy/random")
                ) -> list[tuple[str, dict[str, Any], int, tuple[str, ...]]]:
    """The cells :func:`sweep` plays for these arguments, in the order of its table:
    ``[(reading, changes, players, mix)]``.

    >>> [(r, p, m) for r, _, p, m in sweep_cells("doppeldoppel", "default", [3], ["greedy"])]
    [('default', 3, ('greedy',))]
    """
    name, spec = resolve_game(game)
    cells_readings, counts, mixes = _dimensions(name, spec, readings, player_counts,
                                                policy_mixes)
    return [(label, changes, players, mix)
            for (label, changes), players, mix in itertools.product(cells_readings, counts, mixes)]
