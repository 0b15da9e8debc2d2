"""Players for Groom Lake: a greedy one-move heuristic and the determinizer search players use.

:func:`greedy` reads only what the player to move may see (their own hand and role, the open
Desert, public counts). :func:`determinize` deals every hidden part afresh from ``rng``: other
players' hands and Character cards, the order of the Supply deck and its face-down discards, the
leftover role stack, the order of the tile stacks and the face-down tile discards, the other
players' face-down cards in a clearing pile, the tiles another leader scouted, and the seed of
future chance events. It looks only at what :meth:`.state.State.view` shows that player, plus
the contents of pools whose composition is public (which cards and tiles exist), always taken in
sorted order, so the result never depends on how the hidden cards actually lie.

>>> import random
>>> from .state import new_game
>>> s = new_game(4, seed=3)
>>> d = determinize(s, 0, random.Random(1))
>>> d.hands[0] == s.hands[0], sorted(map(len, d.hands)) == sorted(map(len, s.hands))
(True, True)
>>> greedy(s, random.Random(1)) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any

from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from ...core.frozen import FrozenMap
from .actions import Action
from .cards import INFECTION
from .odds import usable_cards
from .rules import check_rules
from .state import State
from .tiles import neighbours

_KEEP = {"tool": 4, "recovery": 4, "alien_proof": 3, "trait": 1}


def greedy(state: State, rng: random.Random) -> Action:
    """One look ahead, no search, from what the player to move can see.

    - Discards: drop the least useful card (traits first, then Alien Proof; tools are kept).
    - A leader steps onto Civilization when possible, else tries to clear it, else scouts; then
      attempts an adjacent clear whose value the leader's own matching cards and spare Life could
      beat at 3.5 a die; else walks one step along a shortest path over cleared tiles to the
      nearest tile where it can scout or clear; standing on such a tile with only hard obstacles
      left, tries the cheapest; with nothing left anywhere, proposes giving up; else ends the turn.
    - Scouting: keep Civilization, then non-Canyons with low obstacle values; place as far from
      START as the rules allow.
    - Clearing pile: a Human adds one matching card (an Alien adds nothing), then passes/rolls.
    - Votes: Aliens vote to give up; Humans only when nothing can be scouted, cleared or reached;
      nobody votes a player out.
    """
    check_instance(state, "state", State, expected="a Groom Lake State")
    check_instance(rng, "rng", random.Random)
    legal = state.legal_actions()
    if not legal:
        raise BadInput("NB-ARG", "the game is over: there is no action to choose")
    me = state.to_move
    assert me is not None
    ph, deck = state.phase, state.deck
    mine = state.hands[me]
    if ph in ("setup_discard", "hand_limit"):
        return min(legal, key=lambda a: (_KEEP[deck.kind(a[1])], -deck.points.get(a[1], 0), a))
    if ph == "turn":
        return _turn(state, legal, mine)
    if ph == "scout_keep":
        tiles = [state.tileset[a[1]] for a in legal]
        best = min(tiles, key=lambda t: (t.terrain != "civilization", t.terrain == "canyon",
                                         t.value or 0, t.id))
        return Action(("keep", best.id))
    if ph == "place":
        sx, sy = state.desert.start
        return max(legal, key=lambda a: (abs(a[1] - sx) + abs(a[2] - sy), -a[3], a))
    if ph == "pile":
        pend = state.pending
        assert pend is not None
        obstacle = state.obstacle(pend["target"])
        if obstacle and state.roles[me] == "human" and not pend["revealed"]:
            usable = usable_cards(obstacle[0], check_rules(state.rules))
            for a in legal:
                if a[0] == "pile" and a[1] in usable:
                    return a
        return next(a for a in legal if a[0] in ("done", "roll"))
    if ph == "pay":
        return Action(("pay", "life" if state.life[me] > 1 or "recovery" not in mine
                       else "recovery"))
    if ph == "trait":
        return Action(("trait", "keep"))
    if ph == "take_life":
        return max(legal, key=lambda a: (state.life[a[1]], -a[1]))
    if ph == "give_up":
        return Action(("ballot", "yes" if state.roles[me] == "alien" or _hopeless(state) else "no"))
    if ph == "vote":
        return Action(("ballot", "no"))
    return legal[0]


def _turn(state: State, legal: list[Action], mine: tuple[str, ...]) -> Action:
    near = [q for q in neighbours(state.team) if q in state.desert.tiles]
    for q in near:
        if state.desert.tiles[q].terrain == "civilization":
            for kind in ("move", "clear"):
                if (kind, *q) in legal:
                    return Action((kind, *q))
    if ("scout",) in legal:
        return Action(("scout",))
    clears = sorted(((state.obstacle(a[1:]) or ("", 0), a) for a in legal if a[0] == "clear"),
                    key=lambda pair: (pair[0][1], pair[1]))
    spare = max(0, state.life[state.current] - 2)
    for (kind, value), a in clears:
        if kind and 3.5 * (sum(c in _usable(state, kind) for c in mine) + spare) > value + 1:
            return a
    step = _step_to_frontier(state)
    if step is not None and ("move", *step) in legal:
        return Action(("move", *step))
    if clears and step is None and _frontier(state, state.team):
        return clears[0][1]  # nothing better left here: try the cheapest obstacle anyway
    if _hopeless(state) and ("give_up",) in legal and state.roles[state.current] == "human":
        return Action(("give_up",))
    return Action(("end_turn",))


def _usable(state: State, kind: str) -> frozenset[str]:
    return frozenset(usable_cards(kind, check_rules(state.rules)))


def _walkable(state: State, q: tuple[int, int]) -> bool:
    tile = state.desert.tiles.get(q)
    return tile is not None and tile.terrain != "canyon" and state.is_cleared(q)


def _frontier(state: State, p: tuple[int, int]) -> bool:
    """Something can happen from ``p``: a Scout (an empty neighbour and a tile left to draw) or a
    Clear (a neighbouring obstacle not cleared yet, Canyons aside)."""
    tiles = state.desert.tiles
    for q in neighbours(p):
        if q not in tiles:
            if state.tiles_left():
                return True
        elif tiles[q].terrain != "canyon" and not state.is_cleared(q):
            return True
    return False


def _step_to_frontier(state: State) -> tuple[int, int] | None:
    """The first step of a shortest walk over cleared tiles to the nearest tile where the Team can
    scout or clear (ties: farther from START first). None when the Team stands on one already, or
    none is reachable. Walking always towards work is what keeps the greedy Team from pacing back
    and forth between two tiles for ever."""
    if _frontier(state, state.team):
        return None
    distance = state.desert.distance
    first: dict[tuple[int, int], tuple[int, int]] = {}
    layer = []
    for q in sorted(neighbours(state.team), key=lambda q: (-distance.get(q, 0), q)):
        if _walkable(state, q):
            first[q] = q
            layer.append(q)
    seen = {state.team, *layer}
    while layer:
        for q in layer:
            if _frontier(state, q):
                return first[q]
        following = []
        for u in layer:
            for v in sorted(neighbours(u), key=lambda v: (-distance.get(v, 0), v)):
                if v not in seen and _walkable(state, v):
                    seen.add(v)
                    first[v] = first[u]
                    following.append(v)
        layer = following
    return None


def _hopeless(state: State) -> bool:
    """GL-R31.3 as a Human judges it: no tile the Team can walk to lets it scout, clear or reach
    Civilization, so no sequence of turns can ever win."""
    seen, queue = {state.team}, [state.team]
    while queue:
        u = queue.pop()
        if state.desert.tiles[u].terrain == "civilization" or _frontier(state, u):
            return False
        for v in neighbours(u):
            if v not in seen and _walkable(state, v):
                seen.add(v)
                queue.append(v)
    return True


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with what ``player`` has seen, every hidden part resampled from ``rng``.

    Sizes are kept (hand sizes, deck and discard counts, stack heights, pile sizes are public).
    The result is a hypothetical position for search: its record does not replay.
    """
    check_instance(state, "state", State, expected="a Groom Lake State")
    player = check_seat(player, state.players, "player")
    check_instance(rng, "rng", random.Random)
    others = [p for p in range(state.players) if p != player]
    pend: dict[str, Any] = dict(state.pending or {})
    hidden_pile = state.phase == "pile" and not pend.get("revealed", True)
    # Supply cards the player has not seen: other hands, the deck, the face-down discards, the
    # leftover role stack and the others' face-down pile cards.
    pool = [c for p in others for c in state.hands[p]] + list(state.supply)
    pool += list(state.supply_discards)
    if state.leftover:
        pool += list(state.leftover[1])
    if hidden_pile:
        pool += [c for p, c in pend["cards"] if p != player]
    pool.sort()
    rng.shuffle(pool)

    def take(n: int) -> tuple[str, ...]:
        nonlocal pool
        out, pool = tuple(pool[:n]), pool[n:]
        return out

    if hidden_pile:  # face-down pile cards were legal plays: never a Scoring Trait (GL-R19)
        pile = []
        for p, c in pend["cards"]:
            if p != player:
                i = next(i for i, card in enumerate(pool) if state.deck.kind(card) != "trait")
                c = pool.pop(i)
            pile.append((p, c))
        pend["cards"] = tuple(pile)
    hands = list(state.hands)
    for p in others:
        hands[p] = tuple(sorted(take(len(state.hands[p]))))
    supply = take(len(state.supply))
    discards = take(len(state.supply_discards))
    leftover = state.leftover
    if leftover:
        leftover = (leftover[0], take(len(leftover[1])))
    # Character cards: the others' and the leftover's, dealt afresh.
    characters = list(state.characters)
    faces = sorted([characters[p] for p in others] + ([leftover[0]] if leftover else []))
    rng.shuffle(faces)
    for p in others:
        characters[p] = faces.pop()
    if leftover:
        leftover = (faces.pop(), leftover[1])
    infected = frozenset(p for p in state.infected if p == player) | frozenset(
        p for p in others if INFECTION in hands[p])
    roles = tuple("alien" if characters[p] == "alien" or p in infected else "human"
                  for p in range(state.players))
    # Tiles: each stack's order; another leader's scouted tiles are any tiles of the same backs
    # (the backs are public); the face-down discards mixed with the reshuffled stack.
    pools = {name: sorted(tiles) for name, tiles in state.stacks.items()}
    hidden_scout = state.phase == "scout_keep" and player != state.current
    backs: list[str] = []
    if hidden_scout:
        for tile_id in pend["drawn"]:
            back = state.tileset[tile_id].back or "discards"
            back = back if back in pools else "discards"
            backs.append(back)
            pools[back].append(tile_id)
    stacks = {}
    for name in state.stacks:
        order = sorted(pools[name])
        rng.shuffle(order)
        stacks[name] = order
    if hidden_scout:
        pend["drawn"] = tuple(stacks[back].pop() for back in sorted(backs))
    unseen = sorted(state.tile_discards)
    rng.shuffle(unseen)
    tile_discards = tuple(unseen)
    return state._evolve(
        hands=tuple(hands), supply=supply, supply_discards=discards, leftover=leftover,
        characters=tuple(characters), roles=roles, infected=infected,
        stacks=FrozenMap({k: tuple(v) for k, v in stacks.items()}),
        tile_discards=tile_discards,
        pending=FrozenMap(pend) if state.pending is not None else None,
        seed=rng.getrandbits(62))


__all__ = ["greedy", "determinize"]
