"""Players (policies) for any engine: random, greedy and a determinized information-set MCTS.

A policy is a callable ``policy(state, rng) -> action`` that picks one of
``state.legal_actions()`` for the seat ``state.to_move``, drawing every random choice from ``rng``
(a :class:`random.Random`), so a seeded game is replayable from its record alone.

- :class:`RandomPolicy`: a legal action uniformly at random.
- :class:`GreedyPolicy`: the engine's one-move heuristic (``GameSpec.greedy``, see
  :mod:`doppelnb.core.spec`) when the engine has one, otherwise the generic greedy player: play
  each legal action and keep the one that gives the mover the highest score right after it (ties
  broken by ``rng``).
- :class:`MCTS`: information-set Monte Carlo tree search (single observer, determinized, UCT with
  availability counts). Each iteration samples a *determinization*: a full state consistent with
  what the mover has seen, dealt by the engine's ``GameSpec.determinize`` (games without a
  determinizer use the state itself with a fresh seed, :func:`base_determinize`). The
  search only looks at those samples, never at the true hidden state nor at the game's seed
  (which decides the real future deals and rolls), so two states that look the same to the mover
  get the same choice from the same ``rng``.

Which helper a policy uses is in its ``source`` attribute (``"engine"``, or ``"generic"`` /
``"none"`` for the stand-ins), and :func:`describe` spells it out for a report. Every policy
takes its game as anything :func:`doppelnb.core.spec.game_spec` accepts: a name
(``"doppeldoppel"``), a :class:`~doppelnb.core.spec.GameSpec`, or an engine module.

>>> from doppelnb.core.spec import spec_of
>>> game = spec_of("doppeldoppel")
>>> state = game.new_game(3, seed=1)
>>> import random
>>> state.legal_actions().count(MCTS(game, iterations=20)(state, random.Random(0)))
1
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from .checks import check_bounded, check_int, check_number, show
from .errors import BadInput
from .spec import Determinizer, game_spec
from .state import ActionLog, GameState, random_policy, top_scorers

#: What a player is: pick a legal action of ``state`` for ``state.to_move``.
PolicyFn = Callable[[Any, random.Random], Any]

#: The policy names :func:`make_policy` knows, weakest first (the sweep's skill order).
STRENGTH = ("random", "greedy", "mcts", "gmcts")


# -- an engine's helpers, from the registry ------------------------------------------------------
def generic_greedy(state: Any, rng: random.Random) -> Any:
    """The action that maximises the mover's standing (its score, or its side's in a team game)
    right after it; ties broken by ``rng``.

    Used for engines without their own greedy player (``GameSpec.greedy is None``). It looks one
    action ahead only, so in most games (scores change at the end of a trick or a round) many
    actions tie and the choice is often random.
    """
    me = state.to_move
    actions = state.legal_actions()
    best: list[Any] = []
    best_score: Any = None
    for action in actions:
        after = state.play(action)
        score = _standing(after)[me]
        if best_score is None or score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def find_greedy(game: Any) -> tuple[PolicyFn, str]:
    """``(greedy, source)``: the engine's ``GameSpec.greedy`` (source ``"engine"``) or, when the
    spec has none, :func:`generic_greedy` (source ``"generic"``). ``game``: anything
    :func:`doppelnb.core.spec.game_spec` accepts (a name, a spec, an engine module), or ``None``
    (no game: the stand-in)."""
    greedy = None if game is None else game_spec(game).greedy
    if greedy is not None:
        return greedy, "engine"
    return generic_greedy, "generic"


def base_determinize(state: Any, player: int, rng: random.Random) -> Any:
    """The stand-in for an engine without a determinizer: :meth:`.state.GameState.determinize`,
    the state itself with a seed drawn from ``rng`` (so future rolls and shuffles are not the
    game's real ones). Right for games without hidden information; a game with hidden
    information and no sampler then searches its true hidden parts, and :func:`describe` says
    so (``"none"``)."""
    return GameState.determinize(state, player, rng)


def find_determinize(game: Any) -> tuple[Determinizer, str]:
    """``(determinize, source)`` for search players: the engine's ``GameSpec.determinize``
    (source ``"engine"``), or :func:`base_determinize` (source ``"none"``) when the spec has none
    (or ``game`` is ``None``).
    This is the one way a search reaches a determinizer.

    Every determinizer must redraw whatever the mover cannot see from ``rng``, the game's seed
    included (it decides every later chance event), and read nothing else hidden: the samples
    are the only states the search plays on. They are worlds for search only (their records no
    longer replay); the search never writes them out.
    """
    determinize = None if game is None else game_spec(game).determinize
    if determinize is not None:
        return determinize, "engine"
    return base_determinize, "none"


def prepared(determinize: Determinizer, state: Any, player: int,
             prepare: Callable[[Any, int], Callable[[random.Random], Any]] | None = None
             ) -> Callable[[random.Random], Any]:
    """``determinize(state, player, ·)`` as a function of the random stream alone, for a search
    that samples many worlds from one decision: the engine's ``GameSpec.prepare_determinize``
    when it registered one (the public constraints, the count of consistent deals, worked out
    once instead of once per sample; it gives the same samples as ``determinize``), else a call
    of ``determinize`` per sample."""
    if prepare is not None:
        return prepare(state, player)
    return lambda rng: determinize(state, player, rng)


# -- the policies ------------------------------------------------------------------------------
class RandomPolicy:
    """Pick a legal action uniformly at random: :func:`doppelnb.core.state.random_policy`, the
    one random player, with the ``name`` and ``source`` a sweep's report reads."""

    name = "random"
    source = "generic"

    def __call__(self, state: Any, rng: random.Random) -> Any:
        return random_policy(state, rng)

    def __repr__(self) -> str:
        return "RandomPolicy()"


class GreedyPolicy:
    """The engine's one-move heuristic, or :func:`generic_greedy` (see ``source``)."""

    name = "greedy"

    def __init__(self, module: Any = None) -> None:
        self.fn, self.source = find_greedy(module)

    def __call__(self, state: Any, rng: random.Random) -> Any:
        return self.fn(state, rng)

    def __repr__(self) -> str:
        return f"GreedyPolicy(source={self.source!r})"


class EpsilonGreedyPolicy:
    """The greedy policy, but a uniformly random legal action with probability ``epsilon``
    (the playout policy of ``gmcts``: informed playouts that still explore)."""

    name = "epsilon-greedy"

    def __init__(self, module: Any = None, epsilon: float = 0.2) -> None:
        self.greedy, self.source = find_greedy(module)
        self.epsilon = float(check_number(epsilon, "epsilon", 0, 1))

    def __call__(self, state: Any, rng: random.Random) -> Any:
        if rng.random() < self.epsilon:
            return random_policy(state, rng)
        return self.greedy(state, rng)

    def __repr__(self) -> str:
        return f"EpsilonGreedyPolicy(epsilon={self.epsilon}, greedy={self.source!r})"


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "mover", "action")

    def __init__(self, mover: int | None = None, action: Any = None) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mover = mover
        self.action = action


def _key(action: Any) -> Any:
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


def _standing(state: Any) -> tuple[Any, ...]:
    """Each seat's standing before the end (:attr:`.state.GameState.standing`: its score, or its
    side's score in a team game); plain ``scores`` for states outside the protocol."""
    standing = getattr(state, "standing", None)
    return tuple(state.scores if standing is None else standing)


def rewards(state: Any) -> list[float]:
    """Each seat's reward: a share of 1 split among the winners (if not over, the seats of the
    highest standing: the top scorers, or the leading side in a team game)."""
    if state.is_over:
        winners = state.outcome.winners
    else:
        winners = top_scorers(_standing(state))
    out = [0.0] * state.players
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


def fast_play(state: Any, action: Any) -> Any:
    """``state.play(action)`` for an ``action`` taken from ``state.legal_actions()``: the
    engine's transition and the record entry, without parsing or checking the action again
    (the same state; the record entry is kept because some engines seed chance from the
    number of actions played)."""
    new = state._apply(action)
    object.__setattr__(new, "action_log", ActionLog(state.action_log,
                                                    state.action_to_json(action)))
    return new


#: Where an MCTS playout may stop before the end of the game (``None``: it plays to the end).
HORIZONS = (None, "round")


def gain_rewards(start: Any, state: Any) -> list[float]:
    """Each seat's reward at a round horizon: a share of 1 split among the seats whose standing
    (score, or side's score in a team game) rose most from ``start`` to ``state``."""
    gains = [after - before
             for before, after in zip(_standing(start), _standing(state), strict=True)]
    winners = top_scorers(gains)
    out = [0.0] * state.players
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


class MCTS:
    """Determinized information-set MCTS with UCT (single observer).

    ``iterations`` is the budget (determinizations sampled and playouts run per decision);
    ``exploration`` the UCT constant; ``rollout_limit`` caps each random playout (``None``: to the
    end; at the cap the current top scorers count as winners). ``horizon="round"`` ends each
    playout when the round it started in is over (engines with a ``round`` counter; others play
    to the end): the seats that gained the most points since the decision count as winners, and
    in the last round the real result counts. It spends the playouts on the round the decision
    affects instead of on future deals, about three times fewer actions per playout in the
    3-round trick games. ``omniscient=True`` searches the true state (for tests on positions
    with everything visible, and to measure what hidden information costs); by default the search
    never reads it.

    The determinizer is prepared once per decision (:func:`prepared`: a determinizer with a
    ``prepare`` hook, like Tricks', works out the public constraints once, not per iteration).

    Playouts step with :func:`fast_play` (``play`` without parsing and checking the action: the
    playout's actions come from ``legal_actions``, so the check cannot fail); ``fast=False``
    uses ``play``. Both give the same games (tests/test_policy.py checks it for every engine).
    A random playout to the end uses the engine's ``GameSpec.playout`` when it has one: the
    same games again, without building every state on the way.
    """

    name = "mcts"

    def __init__(self, module: Any = None, *, iterations: int = 100, exploration: float = 0.7,
                 rollout_limit: int | None = None, omniscient: bool = False,
                 rollout: PolicyFn | None = None, horizon: str | None = None,
                 fast: bool = True) -> None:
        self.iterations = check_int(iterations, "iterations", 1, 1_000_000)
        self.exploration = float(check_number(exploration, "exploration", 0, 100))
        self.rollout_limit = (None if rollout_limit is None
                              else check_int(rollout_limit, "rollout_limit", 0, 10_000_000))
        if horizon not in HORIZONS:
            raise BadInput("NB-ARG", f"horizon must be one of {HORIZONS}, not {show(horizon)}")
        self.horizon = horizon
        self.omniscient = bool(omniscient)
        self.fast = bool(fast)
        self.determinize, self.source = find_determinize(module)
        self.prepare = (game_spec(module).prepare_determinize
                        if module is not None and self.source == "engine" else None)
        self.rollout = rollout or RandomPolicy()
        # The engine's fast random playout (GameSpec.playout) plays the very games the loop below
        # plays, so it stands in only where the loop would be a plain random one to the end.
        self.playout = (game_spec(module).playout
                        if module is not None and rollout is None and rollout_limit is None
                        and horizon is None and self.fast else None)

    def __repr__(self) -> str:
        return (f"MCTS(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_limit={self.rollout_limit}, determinize={self.source!r}"
                f"{f', horizon={self.horizon!r}' if self.horizon else ''}"
                f"{', omniscient=True' if self.omniscient else ''})")

    def __call__(self, state: Any, rng: random.Random) -> Any:
        me = state.to_move
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        draw = None if self.omniscient else prepared(self.determinize, state, me, self.prepare)
        for _ in range(self.iterations):
            sample = state if draw is None else draw(rng)
            self._iterate(root, sample, rng)
        # The most visited action the mover can play (its own options are known to it).
        best: Any = None
        best_visits = -1
        for action in actions:
            child = root.children.get(_key(action))
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        node = root
        path = [root]
        c = self.exploration
        start = state
        start_round = getattr(state, "round", None) if self.horizon == "round" else None
        if not isinstance(start_round, int) or isinstance(start_round, bool):
            start_round = None
        # Every action below comes from legal_actions(), so an engine with its own transition
        # steps without parsing and checking it again (fast_play: the same state, issue 27).
        fast = self.fast and isinstance(state, GameState) and \
            type(state)._apply is not GameState._apply
        # Selection and expansion over the actions legal in this determinization.
        log = math.log
        sqrt = math.sqrt
        while not state.is_over and (start_round is None or state.round == start_round):
            children = node.children
            untried = []
            tried = []  # the children of the legal actions, in their order (for UCT below)
            for action in state.legal_actions():
                child = children.get(_key(action))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    tried.append(child)
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = _Node(state.to_move, action)
                child.avail = 1
                children[_key(action)] = child
                state = fast_play(state, action) if fast else state.play(action)
                path.append(child)
                break
            best_child: _Node | None = None
            best_value = -math.inf
            for child in tried:
                value = (child.total / child.visits
                         + c * sqrt(log(child.avail) / child.visits))
                if value > best_value:
                    best_child, best_value = child, value
            assert best_child is not None
            node = best_child
            state = fast_play(state, node.action) if fast else state.play(node.action)
            path.append(node)
        # Playout.
        if self.playout is not None and not state.is_over:
            state = self.playout(state, rng)
        steps = 0
        limit = self.rollout_limit
        rollout = self.rollout
        while not state.is_over and (limit is None or steps < limit) and \
                (start_round is None or state.round == start_round):
            action = rollout(state, rng)
            state = fast_play(state, action) if fast else state.play(action)
            steps += 1
        if start_round is not None and not state.is_over:
            reward = gain_rewards(start, state)
        else:
            reward = rewards(state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += reward[visited.mover]


# -- naming policies ---------------------------------------------------------------------------
def parse_policy(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:200"`` -> ``("mcts", {"iterations": 200})``; ``"mcts:200:30"`` also sets the
    rollout limit and ``"mcts:200:round"`` the round horizon (playouts stop at the end of the
    round); ``"gmcts:..."`` is the same search with epsilon-greedy playouts. ``"random"`` and
    ``"greedy"`` take no parameters.

    >>> parse_policy("gmcts:16:round")
    ('gmcts', {'iterations': 16, 'horizon': 'round'})
    """
    if not isinstance(spec, str) or not spec:
        raise BadInput("NB-ARG", f"a policy is one of {', '.join(STRENGTH)} (e.g. 'mcts:200'), "
                       f"not {show(spec)}")
    name, *params = spec.strip().split(":")
    if name not in STRENGTH or (params and "mcts" not in name) or len(params) > 2:
        raise BadInput("NB-ARG", f"a policy is one of {', '.join(STRENGTH)} (mcts may take "
                       f"':iterations[:rollout_limit or round]'), not {show(spec)}")
    options: dict[str, Any] = {}
    keys = ("iterations", "rollout_limit")
    for key, text in zip(keys, params, strict=False):
        if key == "rollout_limit" and text == "round":
            options["horizon"] = "round"
            continue
        if not text.isdigit():
            raise BadInput("NB-ARG", f"the {key} in policy {show(spec)} must be a whole number"
                           + (" or 'round'" if key == "rollout_limit" else ""))
        options[key] = int(text)
    return name, options


def make_policy(spec: str, module: Any = None) -> RandomPolicy | GreedyPolicy | MCTS:
    """A policy from its name (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:200"``,
    ``"gmcts:16:round"``)."""
    name, options = parse_policy(spec)
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        return GreedyPolicy(module)
    options.setdefault("iterations", 100)
    rollout = EpsilonGreedyPolicy(module) if name == "gmcts" else None
    return MCTS(module, iterations=options["iterations"],
                rollout_limit=options.get("rollout_limit"), rollout=rollout,
                horizon=options.get("horizon"))


def strength(spec: str) -> int:
    """The rank of a policy in the skill order (random < greedy < mcts; more iterations rank
    higher among MCTS players)."""
    name, options = parse_policy(spec)
    iterations: int = options.get("iterations", 100 if "mcts" in name else 0)
    return STRENGTH.index(name) * 10_000_000 + iterations


def describe(module: Any) -> dict[str, str]:
    """Which greedy and determinizer an engine's players use: ``"engine"`` or a fallback."""
    _, greedy_source = find_greedy(module)
    _, det_source = find_determinize(module)
    return {"greedy": greedy_source, "determinize": det_source}


# -- exhaustive search (for tests and small endgames) ------------------------------------------
#: The most nodes :func:`exhaustive_values` visits (was 100,000,000: hours). Each node is one
#: ``play``; measured from a new game at the cap: Tricks 0.5 s, Doppeldoppel 1.3 s, the quest
#: 1.6 s of CPU time. The tests and benchmarks search at most 20,000 nodes.
MAX_NODES = 50_000
#: A node of Groom Lake costs about 0.2 ms and one of Doppel Doubt up to 2 ms (a round resolved
#: and scored), so the search also stops after this much CPU time: a fuse against a run of
#: minutes, which a search that succeeds never reaches in the other engines.
MAX_SEARCH_SECONDS = 5.0


def exhaustive_values(state: Any, max_nodes: int = MAX_NODES) -> dict[Any, tuple[float, float]]:
    """For each legal action of ``state``: the mover's (worst, best) reward over every way the
    other seats may play on (paranoid and optimistic search over the whole remaining tree, which
    must be deterministic given the actions, i.e. with everything visible).

    An action whose worst value exceeds every other action's best value is the one move an
    exhaustive search proves best. ``max_nodes`` (1 to :data:`MAX_NODES`, 50,000) bounds the
    states visited in all; a larger tree raises :class:`BadInput` once the budget is spent, and
    so does a search still running after :data:`MAX_SEARCH_SECONDS` (5) seconds of CPU time.
    The search walks the tree with its own stack, so a long game (a thousand actions to the
    end) is refused by the budget, never by Python's recursion limit.
    """
    if not isinstance(state, GameState):
        raise BadInput("NB-ARG", f"state must be a game state, got {show(state)}")
    if state.is_over:
        raise BadInput("NB-ARG", "the game is over: there is no action to search")
    max_nodes = check_bounded(max_nodes, "max_nodes", MAX_NODES, lo=1,
                              why="each node is one play; more would run for minutes")
    me = state.to_move
    if me is None:
        raise BadInput("NB-ARG", "no player is to move in this state: there is nothing to search")
    # nodes left, nodes allowed, the CPU time at which the fuse blows
    budget = [max_nodes, max_nodes, time.process_time() + MAX_SEARCH_SECONDS]
    out: dict[Any, tuple[float, float]] = {}
    for action in state.legal_actions():
        after = state.play(action)
        out[_key(action)] = (_tree_value(after, me, True, budget),
                             _tree_value(after, me, False, budget))
    return out


def _tree_value(root: Any, me: int, paranoid: bool, budget: list[Any]) -> float:
    """``me``'s value of ``root``: ``me`` maximises, the others minimise (``paranoid``) or
    maximise; every node visited spends one unit of ``budget[0]`` (BadInput when it runs out).
    Depth first with an explicit stack of ``[node, actions left, value so far]`` frames."""

    def visit(node: Any) -> tuple[float, list[Any] | None]:
        budget[0] -= 1
        if budget[0] < 0:
            raise BadInput("NB-ARG", f"the game tree has more than {budget[1]} nodes "
                           f"(max_nodes); search a smaller endgame")
        if budget[0] % 256 == 0 and time.process_time() > budget[2]:
            raise BadInput("NB-ARG", f"the search ran past {MAX_SEARCH_SECONDS:g} s of CPU time "
                           f"after {budget[1] - budget[0]:,} nodes; search a smaller endgame")
        if node.is_over:
            return rewards(node)[me], None
        return 0.0, [node, iter(node.legal_actions()), None]

    def fold(frame: list[Any], value: float) -> None:
        best = frame[2]
        if best is None:
            frame[2] = value
        elif frame[0].to_move == me or not paranoid:
            frame[2] = max(best, value)
        else:
            frame[2] = min(best, value)

    value, frame = visit(root)
    if frame is None:
        return value
    stack = [frame]
    while True:
        top = stack[-1]
        action = next(top[1], _DONE)
        if action is _DONE:  # every child folded in: pass the value up
            stack.pop()
            if not stack:
                return float(top[2])
            fold(stack[-1], top[2])
            continue
        value, child = visit(top[0].play(action))
        if child is None:
            fold(top, value)
        else:
            stack.append(child)


_DONE = object()


def proven_best(values: dict[Any, tuple[float, float]]) -> Any | None:
    """The action whose worst value beats every other action's best value, or ``None``."""
    for key, (worst, _) in values.items():
        if all(worst > best for other, (_, best) in values.items() if other != key):
            return key
    return None


def minimax_best(values: dict[Any, tuple[float, float]]) -> set[Any] | None:
    """Two-player zero-sum games: the actions with the highest worst value (the minimax moves),
    or ``None`` when every action has the same value (nothing to find)."""
    worst = {key: w for key, (w, _) in values.items()}
    top = max(worst.values())
    best = {key for key, w in worst.items() if w == top}
    return None if len(best) == len(worst) else best


__all__ = ["PolicyFn", "HORIZONS", "fast_play", "gain_rewards", "minimax_best", "RandomPolicy", "GreedyPolicy", "EpsilonGreedyPolicy", "MCTS", "generic_greedy", "find_greedy",
           "find_determinize", "base_determinize", "prepared", "make_policy", "parse_policy", "strength",
           "describe", "rewards", "exhaustive_values", "proven_best", "STRENGTH", "MAX_NODES",
           "MAX_SEARCH_SECONDS"]
