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
from collections import deque
from collections.abc import Callable
from typing import Any

from immutables import Map

from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import (
    Action,
    Ballot,
    Clear,
    Crash,
    Discard,
    Done,
    EndTurn,
    GiveUp,
    Keep,
    Move,
    Pay,
    Pile,
    Place,
    Remove,
    Roll,
    Scout,
    TakeLife,
    Trait,
)
from .apply import Draft
from .cards import INFECTION
from .legal import legal_actions
from .odds import MAX_DICE, clear_probability, dice_for_attempt, usable_cards
from .rules import STACK_ORDER, check_rules
from .state import State
from .tiles import Coord, Tile, neighbours

_KEEP = {"tool": 4, "recovery": 4, "alien_proof": 3, "trait": 1}


def greedy(state: State, rng: random.Random) -> Action:
    """One look ahead, no search, from what the player to move can see.

    - Discards: drop the least useful card (traits first, then Alien Proof; tools are kept).
    - A Human leader steps onto Civilization when possible; else tries to clear a neighbouring
      Civilization tile if the dice its own matching cards and spare Life (all but 2) would buy
      give at least an even chance (exact dice odds, GL-R22); else scouts; else attempts the
      adjacent clear with the best such chance if it is at least even; else walks one step along
      a shortest path over cleared tiles to the nearest tile where it can scout or clear.
      Standing on such a tile with only poor chances left, it ends the turn when another player
      has more Life (they are better placed to try), else tries the best chance anyway (a
      failure costs Life, so the game moves on); with nothing left anywhere, it proposes giving
      up; else ends the turn.
    - An Alien leader sabotages: it attempts the hardest adjacent obstacle (a failure costs the
      Team Life, GL-R23) and adds nothing to the pile; with no obstacle next to the Team it ends
      the turn.
    - Scouting: keep Civilization, then non-Canyons with low obstacle values; place as far from
      START as the rules allow.
    - Clearing pile, face down: a Human adds matching cards while the pile holds fewer cards and
      Life than the dice an even chance needs; an Alien adds nothing. Face up (the leader, after
      the reveal): a Human adds matching cards, then spare Life, one at a time until the chance
      reaches 60% or it has nothing spare left, then rolls (never a hopeless 0-dice roll when it
      has something to add).
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
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (_KEEP[deck.kind(a.card)], -deck.points.get(a.card, 0),
                                            a))
    if ph == "turn":
        return _turn(state, legal, mine)
    if ph == "scout_keep":
        tiles = [state.tileset[a.tile] for a in legal if isinstance(a, Keep)]
        best = min(tiles, key=lambda t: (t.terrain != "civilization", t.terrain == "canyon",
                                         t.value or 0, t.id))
        return Keep("keep", best.id)
    if ph == "place":
        sx, sy = state.desert.start
        places = [a for a in legal if isinstance(a, Place)]
        return max(places, key=lambda a: (abs(a.x - sx) + abs(a.y - sy), -a.rotation, a))
    if ph == "pile":
        return _pile(state, legal, me)
    if ph == "pay":
        return Pay("pay", "life" if state.life[me] > 1 or "recovery" not in mine else "recovery")
    if ph == "trait":
        return Trait("trait", "keep")
    if ph == "take_life":
        takes = [a for a in legal if isinstance(a, TakeLife)]
        return max(takes, key=lambda a: (state.life[a.victim], -a.victim))
    if ph == "give_up":
        return Ballot("ballot", "yes" if state.roles[me] == "alien" or _hopeless(state) else "no")
    if ph == "vote":
        return Ballot("ballot", "no")
    return legal[0]


#: A Human keeps this many Life tokens out of any clearing pile (spare Life = the rest).
_RESERVE = 2


def _odds(dice: int, value: int) -> float:
    """GL-R22: the chance ``dice`` dice total more than ``value`` (at most 10 dice, GL-A11)."""
    return float(clear_probability(min(dice, MAX_DICE), value))


def _need(value: int) -> int:
    """The fewest dice that give at least an even chance against ``value``."""
    return next((k for k in range(1, MAX_DICE + 1) if _odds(k, value) >= 0.5), MAX_DICE)


def _pile(state: State, legal: list[Action], me: int) -> Action:
    pend = state.pending
    assert pend is not None
    finish = next(a for a in legal if isinstance(a, (Done, Roll)))
    obstacle = state.obstacle(pend["target"])
    if not obstacle or state.roles[me] != "human":
        return finish  # an Alien adds nothing
    kind, value = obstacle
    usable = _usable(state, kind)
    matching = [a for a in legal if isinstance(a, Pile) and a.card in usable]
    spare = state.life[me] - _RESERVE
    if not pend["revealed"]:  # face down: help up to an even chance
        if matching and len(pend["cards"]) + sum(pend["life"]) < _need(value):
            return matching[0]
        return finish
    dice = dice_for_attempt(kind, [c for _, c in pend["cards"]], sum(pend["life"]),
                            state.players, rules=check_rules(state.rules))
    if _odds(dice, value) >= 0.6 or dice >= MAX_DICE:
        return finish
    if matching:
        return matching[0]
    if spare > 0 and ("pile", "life") in legal:
        return Pile("pile", "life")
    return finish


def _turn(state: State, legal: list[Action], mine: tuple[str, ...]) -> Action:
    if state.roles[state.current] == "alien":  # sabotage: burn the Team's Life on a hard clear
        hard = [a for a in legal if isinstance(a, Clear) and state.obstacle(a.at)]
        if hard:
            return max(hard, key=lambda a: (state.obstacle(a.at) or ("", 0))[1])
        return EndTurn("end_turn") if ("end_turn",) in legal else legal[0]
    me = state.current
    clears = sorted(((state.obstacle(a.at) or ("", 0), a) for a in legal if isinstance(a, Clear)),
                    key=lambda pair: (pair[0][1], pair[1]))
    spare = max(0, state.life[me] - _RESERVE)
    # (chance with my own matching cards and spare Life, Civilization first, action)
    chances = sorted(((_odds(sum(c in _usable(state, kind) for c in mine) + spare, value),
                       state.terrain(a.at) == "civilization", a)
                      for (kind, value), a in clears if kind), reverse=True)
    for q in neighbours(state.team):
        if q in state.desert.tiles and state.desert.tiles[q].terrain == "civilization" \
                and ("move", *q) in legal:
            return Move("move", *q)
    civ = [c for c in chances if c[1]]
    if civ and civ[0][0] >= 0.5:
        return civ[0][2]
    if ("scout",) in legal:
        return Scout("scout")
    if chances and chances[0][0] >= 0.5:
        return chances[0][2]
    step = _step_to_frontier(state)
    if step is not None and ("move", *step) in legal:
        return Move("move", *step)
    if chances and step is None and _frontier(state, state.team):
        # Only poor chances here: leave them to a player with more Life, unless there is none
        # (then try the best one anyway: every failure costs Life, so the game moves on).
        richer = any(state.life[p] > state.life[me] for p in state.in_game() if p != me)
        if not richer:
            return (civ or chances)[0][2]
        return EndTurn("end_turn")
    if _hopeless(state) and ("give_up",) in legal and state.roles[me] == "human":
        return GiveUp("give_up")
    return EndTurn("end_turn")


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


# -- an explorer policy (moved from simulation.py: play policies live here) ----------------------
_KEEP_SCORE = {"tool": 4, "recovery": 4, "alien_proof": 3, "trait": 1}


def _walk_step(state: State, goals: set[Coord]) -> Coord | None:
    """First step of a shortest walk (cleared, non-Canyon tiles) from the Team to a goal tile."""
    if not goals:
        return None
    prev: dict[Coord, Coord | None] = {state.team: None}
    queue = deque([state.team])
    while queue:
        u = queue.popleft()
        if u in goals and u != state.team:
            while prev[u] != state.team:
                back = prev[u]
                assert back is not None
                u = back
            return u
        for v in state.desert.adjacent(u):
            if v not in prev and state.desert.tiles[v].terrain != "canyon" and state.is_cleared(v):
                prev[v] = u
                queue.append(v)
    return None


def explorer_policy(state: State, rng: random.Random) -> Action:
    """A plain, honest Team: reach Civilization, clear what blocks the way, scout outward.

    The leader attempts a clear when the Humans' matching cards and spare Life promise an expected
    total (3.5 a die) above the value; in the pile, Humans add matching cards until the expected
    total beats the value by 2, and the leader tops up with Life while holding more than 2. Aliens
    add nothing. Meant for simulations and steppers, not as strong play.
    """
    _check_policy_args(state, rng)
    legal = state.legal_actions()
    ph, me = state.phase, state._mover()
    deck = state.deck
    if ph in ("setup_discard", "hand_limit"):
        def score(a: Discard) -> tuple[float, str]:
            return (_KEEP_SCORE[deck.kind(a.card)] + deck.points.get(a.card, 0) / 10, a.card)
        return min((a for a in legal if isinstance(a, Discard)), key=score)
    if ph == "turn":
        holders = [p for p in state.in_game() if state.roles[p] == "human"]

        def promising(q: Coord) -> bool:
            obstacle, value = state._shown(q)
            usable = usable_cards(obstacle, state.rules)
            dice = sum(1 for p in holders for c in state.hands[p] if c in usable)
            dice += max(0, state.life[state.current] - 2)
            return dice * 3.5 > value + 1

        for q in neighbours(state.team):
            tile = state.desert.tiles.get(q)
            if tile is not None and tile.terrain == "civilization":
                if ("move", *q) in legal:
                    return Move("move", *q)
                if ("clear", *q) in legal and promising(q):
                    return Clear("clear", *q)
        if ("scout",) in legal:
            return Scout("scout")
        clears = [a for a in legal if isinstance(a, Clear)]
        if clears:
            best = min(clears, key=lambda a: state._shown(a.at)[1])
            if promising(best.at):
                return best
        # walk toward the nearest reachable tile with an empty neighbour, or with an obstacle
        frontier = {p for p in state.reachable() if state.desert.empty_neighbours(p)}
        step = _walk_step(state, frontier)
        if step and ("move", *step) in legal:
            return Move("move", *step)
        if clears:
            return rng.choice(clears)
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and rng.random() < 0.5:
            return rng.choice(moves)
        return EndTurn("end_turn")
    if ph == "scout_keep":
        tiles = [state.tileset[a.tile] for a in legal if isinstance(a, Keep)]
        def rank(t: Tile) -> tuple[bool, bool, int, str]:
            return (t.terrain != "civilization", t.terrain == "canyon", t.value or 0, t.id)
        return Keep("keep", min(tiles, key=rank).id)
    if ph == "place":
        start = state.desert.start
        places = [a for a in legal if isinstance(a, Place)]
        return max(places, key=lambda a: (abs(a.x - start[0]) + abs(a.y - start[1]), -a.rotation,
                                          a))
    if ph == "mountain":
        return Remove("remove", "top")
    if ph == "crash":
        mine = [a for a in legal if isinstance(a, Crash) and a.recipient == state.current]
        tools = [a for a in mine if deck.kind(a.card) == "tool"]
        return tools[0] if tools else mine[0]
    if ph == "pile":
        pend = state.pending
        assert pend is not None
        obstacle, value = state._shown(pend["target"])
        usable = usable_cards(obstacle, state.rules)
        dice: int = sum(1 for _, c in pend["cards"] if c in usable) + sum(pend["life"])
        ok = dice * 3.5 > value + 2
        if state.roles[me] == "human" and not ok:
            for a in legal:
                if isinstance(a, Pile) and a.card in usable:
                    return a
            if me == state.current and pend["revealed"] and state.life[me] > 2 and ("pile", "life") in legal:
                return Pile("pile", "life")
        return Roll("roll") if pend["revealed"] else Done("done")
    if ph == "pay":
        return Pay("pay", "recovery")
    if ph == "trait":
        return Trait("trait", "keep")
    if ph == "take_life":
        takes = [a for a in legal if isinstance(a, TakeLife)]
        return max(takes, key=lambda a: (state.life[a.victim], -a.victim))
    if ph == "give_up":
        return Ballot("ballot", "yes" if state.roles[me] == "alien" else "no")
    if ph == "vote":
        return Ballot("ballot", "no")
    return rng.choice(legal)


def _check_policy_args(state: Any, rng: Any) -> None:
    check_instance(state, "state", State, expected="a Groom Lake State")
    check_instance(rng, "rng", random.Random)
    if state.is_over:
        raise BadInput("NB-ARG", "the game is over: there is no action to choose")


def sides(state: State) -> tuple[str, ...]:
    """Each seat's side for a designer sweep's skill gap: ``"human"`` or ``"alien"`` (the Alien
    and every infected player, GL-R29). A side wins together (GL-R31): the Aliens when the
    Humans fail, the Humans when the Team reaches Civilization (who then scores most is a
    contest inside the winning side)."""
    check_instance(state, "state", State, expected="a Groom Lake State")
    return tuple(state.roles)


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with what ``player`` has seen, every hidden part resampled from ``rng``:
    uniformly among the positions that agree with it.

    What ``player`` knows stays: their own hand, role and Character, their own face-down pile
    cards, everything face up (the Desert, revealed cards, Life tokens, counts), and what is
    public about hidden things: every pile's and hand's size, and the back of every face-down
    tile (the stack it lies in or was drawn from; GL-R2, GL-R16). The rest is redealt:

    - Supply cards unseen by ``player`` (other hands, the deck, the face-down discards, the
      leftover role stack, the cards removed from the game face down by a Mountain, GL-R17, and
      the others' face-down pile cards, GL-R19) are one pool, dealt uniformly to those places;
      the others' pile cards are a uniform draw among the pool's non-Trait cards (a Trait may
      not be played there), the rest a uniform shuffle.
    - Character cards of the others and the leftover stack: a uniform shuffle; roles follow
      (an Alien Character or The Infection in hand, GL-R29).
    - Tiles not face up, by back: within each back, a uniform permutation over the places such
      tiles lie (a stack, the reshuffled stack, the face-down tile discards, GL-R13, another
      leader's scouted pair), so which tiles were discarded and which still wait in a stack is
      redrawn too.

    The seed is drawn from ``rng`` too: it decides every later chance event (tile and Supply
    reshuffles, the clearing and failure dice, the random card draw), so a search never plays
    the game's real future. The result is a hypothetical position for search: its record does
    not replay. The state does not remember who discarded a tile or a Supply card face down, so
    ``player``'s own face-down discards are redrawn like the others': the sample never uses
    more than ``player`` saw, and uses all of it except that memory.
    """
    check_instance(rng, "rng", random.Random)
    return prepare_determinize(state, player)(rng)


def prepare_determinize(state: State, player: int) -> Callable[[random.Random], State]:
    """:func:`determinize` of ``state`` for ``player`` as a function of the random stream alone
    (``GameSpec.prepare_determinize``): what the samples share (the pools in sorted order, the
    places each back's tiles may lie) is worked out once per decision, and each sample only
    draws; the same samples as :func:`determinize`, which is this function called once."""
    check_instance(state, "state", State, expected="a Groom Lake State")
    player = check_seat(player, state.players, "player")
    others = [p for p in range(state.players) if p != player]
    pending: dict[str, Any] = dict(state.pending or {})
    hidden_pile = state.phase == "pile" and not pending.get("revealed", True)
    unseen_removed = list(state.removed_unseen)
    # Supply cards the player has not seen: other hands, the deck, the face-down discards, the
    # leftover role stack, the face-down removals and the others' face-down pile cards.
    cards = [c for p in others for c in state.hands[p]] + list(state.supply)
    cards += list(state.supply_discards)
    if state.leftover:
        cards += list(state.leftover[1])
    cards += [state.removed[i] for i in unseen_removed]
    theirs = 0
    if hidden_pile:
        cards += [c for p, c in pending["cards"] if p != player]
        theirs = sum(p != player for p, _ in pending["cards"])
    cards.sort()
    # face-down pile cards were legal plays: never a Scoring Trait (GL-R19)
    playable = [i for i, card in enumerate(cards) if state.deck.kind(card) != "trait"]
    sizes = [len(state.hands[p]) for p in others]
    faces = sorted([state.characters[p] for p in others]
                   + ([state.leftover[0]] if state.leftover else []))
    # Tiles face down, by back: every place such a tile lies, in a fixed order, and the tiles.
    places: dict[str, list[tuple[str, int]]] = {}
    tiles: dict[str, list[str]] = {}
    hidden_scout = state.phase == "scout_keep" and player != state.current
    where = [(name, state.stacks[name]) for name in STACK_ORDER]
    where.append(("tile_discards", state.tile_discards))
    if hidden_scout:
        where.append(("drawn", pending["drawn"]))
    for name, ids in where:
        for i, tile_id in enumerate(ids):
            back = state.tileset[tile_id].back or ""
            places.setdefault(back, []).append((name, i))
            tiles.setdefault(back, []).append(tile_id)
    backs = [(places[back], sorted(tiles[back])) for back in sorted(places)]
    mine = frozenset(p for p in state.infected if p == player)

    def sample(rng: random.Random) -> State:
        pend = dict(pending)
        pool = list(cards)
        if theirs:
            chosen = rng.sample(playable, theirs)
            drawn = iter([pool[i] for i in chosen])
            for i in sorted(chosen, reverse=True):
                del pool[i]
            pend["cards"] = tuple((p, c if p == player else next(drawn))
                                  for p, c in pend["cards"])
        rng.shuffle(pool)
        at = 0
        hands = list(state.hands)
        for p, size in zip(others, sizes, strict=True):
            hands[p] = tuple(sorted(pool[at:at + size]))
            at += size
        supply = tuple(pool[at:at + len(state.supply)])
        at += len(state.supply)
        discards = tuple(pool[at:at + len(state.supply_discards)])
        at += len(state.supply_discards)
        leftover = state.leftover
        if leftover:
            leftover = (leftover[0], tuple(pool[at:at + len(leftover[1])]))
            at += len(leftover[1])
        removed = list(state.removed)
        for i, card in zip(unseen_removed, pool[at:], strict=True):
            removed[i] = card
        # Character cards: the others' and the leftover's, dealt afresh.
        characters = list(state.characters)
        shuffled = list(faces)
        rng.shuffle(shuffled)
        for p in others:
            characters[p] = shuffled.pop()
        if leftover:
            leftover = (shuffled.pop(), leftover[1])
        infected = mine | frozenset(p for p in others if INFECTION in hands[p])
        roles = tuple("alien" if characters[p] == "alien" or p in infected else "human"
                      for p in range(state.players))
        dealt = {name: list(ids) for name, ids in where}
        for spots, ids in backs:
            order = list(ids)
            rng.shuffle(order)
            for (name, i), tile_id in zip(spots, order, strict=True):
                dealt[name][i] = tile_id
        if hidden_scout:
            pend["drawn"] = tuple(dealt["drawn"])
        return state._evolve(
            hands=tuple(hands), supply=supply, supply_discards=discards, leftover=leftover,
            removed=tuple(removed), characters=tuple(characters), roles=roles,
            infected=infected, stacks=Map({name: tuple(dealt[name]) for name in STACK_ORDER}),
            tile_discards=tuple(dealt["tile_discards"]),
            pending=Map(pend) if state.pending is not None else None,
            seed=rng.getrandbits(62))

    return sample


def playout(state: State, rng: random.Random) -> State:
    """The game's fast random playout (``GameSpec.playout``): from ``state``, a uniformly random
    legal action until the game is over, the final state returned.

    It plays exactly the game of the plain loop ``while not s.is_over: s = fast_play(s,
    rng.choice(s.legal_actions()))`` (the same draws from ``rng``, the same final state and
    record), but changes one :class:`~.apply.Draft` in place for the whole playout instead of
    building a State per action: the legal actions are :func:`.legal.legal_actions` of the
    draft (the very function, and so the very order, a State lists them with), each action
    is played by :meth:`.apply.Draft.play` as :meth:`.state.State._apply` plays it, and only
    the final position is frozen.
    ``tests/test_playout_hook.py`` holds it to the plain loop.
    """
    if state.is_over:
        return state
    draft = Draft.of(state)
    log = state.action_log
    choose, listing, play = rng.choice, legal_actions, draft.play
    while True:
        action = choose(listing(draft))
        draft.events = ()  # each state shows the events of the action that made it
        play(action)
        log = ActionLog(log, tuple(action))  # what fast_play records: state.action_to_json
        if draft.result is not None:
            break
    draft.action_log = log
    return draft.freeze()  # type: ignore[no-any-return]


__all__ = ["greedy", "explorer_policy", "determinize", "prepare_determinize", "sides", "playout"]
