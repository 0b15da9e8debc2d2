"""What a sweep plays: the game (:func:`resolve_game`), its readings of the rules
(:func:`readings_of`), player counts and policy mixes, checked, and the cells they make
(:func:`sweep_cells`), with the sweep's size limits.

Part of :mod:`doppelnb.core.sweep`, which exports every public name here.
"""

from __future__ import annotations

import itertools
import math
import pathlib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .checks import check_int, show
from .errors import BadInput, RuleError
from .policy import parse_policy, strength
from .spec import TITLES, GameSpec, game_spec, spec_of
from .sweep_data import DATA_MARK, DataFile, read_data, resolve_changes
from .variants import FlagInfo


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
    """``[(label, changes)]``: ``"default"`` first, then the readings asked for, each checked by
    the engine's ``Rules`` (a combination it refuses is a :class:`BadInput` naming the reading).

    ``game``: a name, a :class:`~doppelnb.core.spec.GameSpec` or an engine module. ``readings``
    is ``"all"`` (each reading of each flag changed alone), ``"default"``, one mapping (below),
    or a list of:

    - a flag name: each of its readings, changed alone;
    - ``"flag=value"``: one reading; ``"flag=@FILE"``: the flag set from a user's data file
      (:mod:`doppelnb.core.sweep_data`; :data:`~doppelnb.core.sweep_data.DATA_FLAGS` lists the
      shipped engines' flags that take one);
    - ``"a=x+b=y"``: one reading changing several flags at once;
    - ``"a*b"``: every combination of ``a``'s and ``b``'s readings other than the default (two or
      more flags; ``["a", "b", "a*b"]`` is the full factorial);
    - a mapping ``{"a": x, "b": y}``: one reading changing several flags (a value is a reading,
      its text, or a :class:`pathlib.Path` to a data file).

    A reading's label names its changes in the order the engine declares its flags, joined by
    ``+`` (``"next_leader=rotate_left+reversal_scope=round_toggle"``), however they were asked
    for, so a combination has one name; a data value is named by its file and sha256. Flags
    whose values are data are swept only from a file. At most :data:`MAX_READINGS` readings.
    """
    return _plan_readings(game_spec(game), readings)[0]


#: The most readings one sweep compares (a cross of many flags grows fast).
MAX_READINGS = 256
#: ``a=x+b=y``: a ``+`` that starts another ``flag=`` (a file name may hold other ``+`` signs).
_NEXT_PART = re.compile(r"\+(?=[A-Za-z_][A-Za-z0-9_]*=)")


class _Planner:
    """Readings of one sweep as they are asked for: parsed, named, checked, data files read."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.infos: dict[str, FlagInfo] = {info.name: info for info in spec.Rules.flags()}
        self.order = list(self.infos)
        self.out: list[tuple[str, dict[str, Any]]] = [("default", {})]
        self.data: dict[str, DataFile] = {}

    def flag(self, name: str, item: Any) -> FlagInfo:
        info = self.infos.get(name)
        if info is None:
            choosable = ", ".join(n for n, i in self.infos.items() if i.choices)
            raise BadInput("NB-ARG", f"{name!r} in {show(item)} is not a variant flag; flags "
                           f"with readings are {choosable}")
        return info

    def others(self, name: str, item: Any) -> list[Any]:
        """The readings of flag ``name`` other than its default."""
        info = self.flag(name, item)
        if not info.choices:
            raise BadInput("NB-ARG", f"{name} has no list of readings (its value is data); "
                           f"set it from a file: {name}=@FILE")
        return [c for c in info.choices if c != info.default]

    def value(self, name: str, value: Any, item: Any) -> tuple[Any, str]:
        """``(value, text)`` of one change: a reading (or its text), or a data file."""
        info = self.flag(name, item)
        if isinstance(value, pathlib.PurePath) or (
                isinstance(value, str) and value.startswith(DATA_MARK)):
            path = value if isinstance(value, pathlib.PurePath) else value[len(DATA_MARK):]
            loaded, file = read_data(self.spec, name, path)
            self.data[file.token] = file
            return loaded, file.token
        for choice in info.choices or ():
            if _same(choice, value) or (isinstance(value, str) and value == str(choice)):
                return choice, str(choice)
        readings = ", ".join(map(str, info.choices or ())) or f"none (data: {name}=@FILE)"
        raise BadInput("NB-ARG", f"{show(value)} is not a reading of {name}; readings are "
                       f"{readings}")

    def add(self, changes: dict[str, tuple[Any, str]], item: Any) -> None:
        """One reading: its changes named in the engine's order (defaults dropped), checked by
        the engine's Rules; a reading already there is not added twice."""
        kept = {n: v for n, v in changes.items()
                if not (v[1][:1] != DATA_MARK and _same(v[0], self.infos[n].default))}
        if not kept:
            return
        names = sorted(kept, key=self.order.index)
        label = "+".join(f"{n}={kept[n][1]}" for n in names)
        if any(label == have for have, _ in self.out):
            return
        values = {n: kept[n][0] for n in names}
        try:
            self.spec.Rules().replace(**resolve_changes(values))
        except RuleError as error:
            raise BadInput(error.rule, f"the reading {show(label, 120)} is refused: "
                           f"{error.reason}") from None
        if len(self.out) > MAX_READINGS:
            raise BadInput("NB-ARG", f"a sweep compares at most {MAX_READINGS} readings")
        self.out.append((label, values))

    def item(self, item: Any) -> None:
        if isinstance(item, Mapping):
            if not item or not all(isinstance(k, str) for k in item):
                raise BadInput("NB-ARG", f"a reading as a mapping is {{flag: value, ...}}, not "
                               f"{show(item)}")
            self.add({k: self.value(k, v, item) for k, v in item.items()}, item)
            return
        if not isinstance(item, str) or not item:
            raise BadInput("NB-ARG", f"a reading is a flag name, 'flag=value', 'a=x+b=y', "
                           f"'a*b' or a mapping of flags to values, not {show(item)}")
        if item == "default":
            return
        if "*" in item and "=" not in item:
            names = [part.strip() for part in item.split("*")]
            if len(names) < 2 or len(set(names)) != len(names):
                raise BadInput("NB-ARG", f"{show(item)}: a cross names two or more different "
                               "flags, like 'next_leader*reversal_scope'")
            choices = [self.others(n, item) for n in names]
            if math.prod(map(len, choices)) > MAX_READINGS:
                raise BadInput("NB-ARG", f"{show(item)} makes more than {MAX_READINGS} readings")
            for combo in itertools.product(*choices):
                self.add({n: (v, str(v)) for n, v in zip(names, combo, strict=True)}, item)
            return
        if "=" not in item:
            for value in self.others(item, item):
                self.add({item: (value, str(value))}, item)
            return
        parts = _NEXT_PART.split(item)
        changes: dict[str, tuple[Any, str]] = {}
        for part in parts:
            name, eq, text = part.partition("=")
            if not eq or not text or name in changes:
                raise BadInput("NB-ARG", f"{show(item)}: each part of a reading is flag=value, "
                               "each flag once")
            changes[name] = self.value(name, text, item)
        self.add(changes, item)


def _same(a: Any, b: Any) -> bool:
    """Equal and of one type (True == 1 in Python; a flag keeps booleans and numbers apart)."""
    return bool(a == b) and type(a) is type(b)


def _plan_readings(game: GameSpec, readings: Any
                   ) -> tuple[list[tuple[str, dict[str, Any]]], list[DataFile]]:
    """:func:`readings_of`, and the data files its readings read (in the order first used)."""
    plan = _Planner(game)
    if readings == "default":
        return plan.out, []
    if readings == "all":
        wanted: Iterable[Any] = [n for n, info in plan.infos.items() if info.choices]
    elif isinstance(readings, (list, tuple)):
        wanted = readings
    elif isinstance(readings, Mapping):
        wanted = [readings]
    else:
        raise BadInput("NB-ARG", f"readings must be 'all', 'default' or a list of flags and "
                       f"'flag=value' readings, not {show(readings)}")
    for item in wanted:
        plan.item(item)
    return plan.out, list(plan.data.values())


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
                ) -> tuple[_Readings, tuple[int, ...], list[tuple[str, ...]], list[DataFile]]:
    """A sweep's readings, player counts and policy mixes, checked (its cells are every
    combination, in this order: see :func:`sweep_cells`), and the data files its readings
    read."""
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
    cells_readings, files = _plan_readings(game, readings)
    for label, changes in cells_readings:
        if "+" in label or DATA_MARK in label:
            _set_up(game, label, changes, counts)
    return cells_readings, counts, mixes, files


def _set_up(game: GameSpec, label: str, changes: dict[str, Any], counts: Sequence[int]) -> None:
    """Deal one game of a reading of several flags or of a data file at each player count, so
    that what an engine checks only as a game is set up (the quest's card set assembled from
    its sections, a deck dealt) refuses the reading now, before any game of the sweep."""
    try:
        rules = game.Rules().replace(**resolve_changes(changes))
        for players in counts:
            game.new_game(players, rules=rules, seed=0)
    except RuleError as error:
        raise BadInput(error.rule, f"the reading {show(label, 120)} cannot set up a game: "
                       f"{error.reason}") from None


def sweep_cells(game: Any, readings: Any = "all", player_counts: Sequence[int] | None = None,
                policy_mixes: Sequence[Any] = ("random", "greedy", "greedy/random")
                ) -> list[tuple[str, dict[str, Any], int, tuple[str, ...]]]:
    """The cells :func:`sweep` plays for these arguments, in the order of its table:
    ``[(reading, changes, players, mix)]``.

    >>> [(r, p, m) for r, _, p, m in sweep_cells("doppeldoppel", "default", [3], ["greedy"])]
    [('default', 3, ('greedy',))]
    """
    name, spec = resolve_game(game)
    cells_readings, counts, mixes, _ = _dimensions(name, spec, readings, player_counts,
                                                   policy_mixes)
    return [(label, changes, players, mix)
            for (label, changes), players, mix in itertools.product(cells_readings, counts, mixes)]
