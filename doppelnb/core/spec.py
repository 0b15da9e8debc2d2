"""The game registry: one explicit :class:`GameSpec` per engine, looked up by record game name.

Everything the players, the sweeps, the command line and the widgets need to know about an engine
is written down once, in the engine's ``__init__.py`` (``GAME_SPEC = register(GameSpec(...))``):
its ``State`` and ``Rules``, its legal player counts, its ``new_game`` / ``from_json``, and its
optional helpers (a ``greedy`` player, a ``determinize`` sampler, a ``sides`` function for team
games). A helper the engine does not have is an explicit ``None``; what stands in for it is chosen
in one place, :mod:`doppelnb.core.policy` (``find_greedy``, ``find_determinize``), never by
probing the engine's attributes.

:func:`spec_of` only ever imports one of the five engine packages of :data:`TITLES` (a fixed
table, each imported by a literal ``import`` statement), never a module a caller names, so a
command line or a game record cannot make doppelnb import anything else. Engines stay lazy:
``import doppelnb`` imports none of them; the first :func:`spec_of` of a name imports that one.

>>> spec = spec_of("doppeldoppel")
>>> spec.name, spec.player_counts, spec.sides is None
('doppeldoppel', (3, 4), True)
>>> spec_of("chess")
Traceback (most recent call last):
...
doppelnb.core.errors.BadInput: NB-ARG: game must be one of doppeldoppel, doppelganger_tricks, \
groom_lake, doppel_doubt, doppelganger_quest, not 'chess'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from .checks import show
from .errors import BadInput

#: A player: pick a legal action of ``state`` for ``state.to_move`` with ``rng``.
Greedy = Callable[[Any, random.Random], Any]
#: ``determinize(state, player, rng)``: a state consistent with what ``player`` has seen.
Determinizer = Callable[[Any, int, random.Random], Any]
#: ``sides(state)``: each seat's side at the end of a team game.
Sides = Callable[[Any], tuple[str, ...]]

#: The five games doppelnb ships, record game name -> display name, in the order of the course.
TITLES: Mapping[str, str] = MappingProxyType({
    "doppeldoppel": "Doppeldoppel",
    "doppelganger_tricks": "Doppelgänger Tricks",
    "groom_lake": "Groom Lake",
    "doppel_doubt": "Doppel Doubt",
    "doppelganger_quest": "Doppelgänger (quest game)",
})

#: Where each shipped game's engine package lives (the only modules :func:`spec_of` imports).
ENGINE_MODULES: Mapping[str, str] = MappingProxyType(
    {name: f"doppelnb.engines.{name}" for name in TITLES})


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """What the rest of doppelnb needs to know about one engine, written down by the engine.

    ``name`` is the record game name (``State.game``; the key of ``doppelnb.GAMES``), ``module``
    the dotted name of the engine package ("" for a game of your own built from a namespace).
    ``prepare_determinize(state, player)``, when given, returns ``determinize(state, player, ·)``
    as a function of the random stream alone, with the work that depends only on the state and
    the player done once per decision (a search samples many worlds from one decision); it must
    give the same samples as ``determinize``.
    ``playout(state, rng)``, when given, is the engine's fast random playout: it plays a
    uniformly random legal action (``rng.choice(state.legal_actions())``, what
    :func:`doppelnb.core.state.random_policy` draws) until the game is over and returns the final
    state. It must return exactly the state the plain loop returns (``fast_play`` of each drawn
    action, the record entries included) and leave ``rng`` exactly where the loop leaves it, so
    a search gives the same games with it or without it; it may skip building the states in
    between (a Draft changed in place, integer codes). ``tests/test_playout_hook.py`` holds every
    engine's hook to this.
    ``greedy``, ``determinize`` and ``sides`` are ``None`` when the engine has no such helper:
    :func:`doppelnb.core.policy.find_greedy` and ``find_determinize`` then choose the generic
    stand-in, and a sweep treats every seat as playing for itself.

    A spec is picklable when its objects are module-level (a sweep sends a game of your own to
    its worker processes this way; the shipped games travel by name).
    """

    name: str
    module: str
    State: type[Any]
    Rules: type[Any]
    player_counts: tuple[int, ...]
    new_game: Callable[..., Any]
    from_json: Callable[[str | bytes], Any]
    greedy: Greedy | None = None
    determinize: Determinizer | None = None
    sides: Sides | None = None
    prepare_determinize: Callable[[Any, int], Callable[[Any], Any]] | None = None
    playout: Callable[[Any, random.Random], Any] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise BadInput("NB-ARG", f"name must be a game name like 'doppeldoppel', "
                           f"not {show(self.name)}")
        if not isinstance(self.module, str):
            raise BadInput("NB-ARG", f"module must be a module name, not {show(self.module)}")
        for field in ("State", "Rules"):
            if not isinstance(getattr(self, field), type):
                raise BadInput("NB-ARG", f"{field} must be a class, "
                               f"not {show(getattr(self, field))}")
        counts = self.player_counts
        if not isinstance(counts, tuple) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in counts):
            raise BadInput("NB-ARG", f"player_counts must be a tuple of whole numbers, "
                           f"not {show(counts)}")
        for field in ("new_game", "from_json"):
            if not callable(getattr(self, field)):
                raise BadInput("NB-ARG", f"{field} must be a function, "
                               f"not {show(getattr(self, field))}")
        for field in ("greedy", "determinize", "sides", "prepare_determinize", "playout"):
            value = getattr(self, field)
            if value is not None and not callable(value):
                raise BadInput("NB-ARG", f"{field} must be a function or None, not {show(value)}")

    @classmethod
    def of_module(cls, module: Any, argument: str = "game") -> GameSpec:
        """The spec of a game of your own that follows the engine layout (``State``, ``Rules``,
        ``new_game``, ``from_json``) but has not registered one: no greedy, determinize or sides
        helper (pass a :class:`GameSpec` of your own to give them). Its name is the module's
        ``__name__`` (what a sweep's seeds were always drawn from), and its player counts are
        ``State.player_counts``."""
        missing = [name for name in ("State", "Rules", "new_game", "from_json")
                   if name not in _attributes(module)]
        if missing:
            raise BadInput("NB-ARG", f"{argument} must be a game name, a GameSpec or an engine "
                           f"module with {', '.join(missing)}, not {show(module)}")
        from .state import GameState  # (here: ``import doppelnb`` stays light)

        state = module.State
        if not (isinstance(state, type) and issubclass(state, GameState)):
            raise BadInput("NB-ARG", f"{argument}'s State must be a "
                           f"doppelnb.core.state.GameState class, not {show(state)}")
        name = module.__name__ if isinstance(module, ModuleType) else str(state.game)
        return cls(name=name, module=module.__name__ if isinstance(module, ModuleType) else "",
                   State=state, Rules=module.Rules,
                   player_counts=tuple(state.player_counts),
                   new_game=module.new_game, from_json=module.from_json)


def _attributes(module: Any) -> set[str]:
    """The names a module (or a namespace standing for one) defines."""
    try:
        return set(vars(module))
    except TypeError:
        return set()


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` the game named ``spec.name`` (each engine's ``__init__.py`` does this as it
    is imported); returns ``spec``. Registering the name again replaces it (a reloaded engine)."""
    if not isinstance(spec, GameSpec):
        raise BadInput("NB-ARG", f"spec must be a GameSpec, not {show(spec)}")
    _REGISTRY[spec.name] = spec
    return spec


def names() -> tuple[str, ...]:
    """The shipped games' names (:data:`TITLES`' order), then any other registered game."""
    return tuple(TITLES) + tuple(name for name in _REGISTRY if name not in TITLES)


def spec_of(name: Any, argument: str = "game") -> GameSpec:
    """The registered spec of game ``name``, importing its engine on first use (only the five of
    :data:`ENGINE_MODULES`); an unknown name raises :class:`BadInput` naming ``argument``."""
    if isinstance(name, str):
        spec = _REGISTRY.get(name)
        if spec is None and name in ENGINE_MODULES:
            _import_engine(name)
            spec = _REGISTRY.get(name)
        if spec is not None:
            return spec
    raise BadInput("NB-ARG", f"{argument} must be one of {', '.join(names())}, not {show(name)}")


def _import_engine(name: str) -> None:
    """Import one shipped engine package (its ``__init__`` registers its spec). One literal
    import per game: the module imported never comes from a string."""
    if name == "doppeldoppel":
        import doppelnb.engines.doppeldoppel  # noqa: F401
    elif name == "doppelganger_tricks":
        import doppelnb.engines.doppelganger_tricks  # noqa: F401
    elif name == "groom_lake":
        import doppelnb.engines.groom_lake  # noqa: F401
    elif name == "doppel_doubt":
        import doppelnb.engines.doppel_doubt  # noqa: F401
    elif name == "doppelganger_quest":
        import doppelnb.engines.doppelganger_quest  # noqa: F401


def game_spec(game: Any, argument: str = "game") -> GameSpec:
    """Whatever the public API accepts as a game, as its spec: a :class:`GameSpec`, a game name
    (:func:`spec_of`), a registered engine module (``doppelnb.GAMES[name]``: its registered
    spec), or a game of your own with the engine layout (:meth:`GameSpec.of_module`)."""
    if isinstance(game, GameSpec):
        return game
    if isinstance(game, str):
        return spec_of(game, argument)
    if isinstance(game, ModuleType):
        for spec in _REGISTRY.values():
            if spec.module == game.__name__:
                return spec
    if isinstance(game, ModuleType) or _attributes(game):
        return GameSpec.of_module(game, argument)
    raise BadInput("NB-ARG", f"{argument} must be a game name, a GameSpec or an engine module, "
                   f"not {show(game)}")


__all__ = ["GameSpec", "register", "spec_of", "names", "game_spec", "TITLES", "ENGINE_MODULES",
           "Greedy", "Determinizer", "Sides"]


def load_record(record: str | bytes) -> Any:
    """Replay any game's JSON record (text or bytes), choosing the engine from its ``game``
    field (:func:`doppelnb.load`). A malformed record, or one naming a game doppelnb does not
    have, raises :class:`BadInput`."""
    from .record import load_json

    data = load_json(record, "NB-RECORD", "game record")
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in TITLES:
        raise BadInput("NB-RECORD", f"the record's game must be one of {', '.join(TITLES)}, "
                       f"not {game!r:.60}")
    return spec_of(game).from_json(record)
