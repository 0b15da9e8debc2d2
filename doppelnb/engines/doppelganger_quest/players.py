"""Players (policies) for the quest game: the role-aware greedy heuristic and the determinizing
sampler that search players (information-set MCTS) build on.

A policy is ``policy(state, rng) -> action`` and sees only what the player to move may see:
their ``view`` plus their own Loyalty card and hand.

>>> import random
>>> from .state import new_game
>>> s = new_game(5, seed=1)
>>> greedy(s, random.Random(0)) in s.legal_actions()
True
>>> t = determinize(s, 2, random.Random(0))
>>> t.hands[2] == s.hands[2] and t.loyalty[2] == s.loyalty[2] and t.view(2) == s.view(2)
True
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import Any, cast

from ...core.chance import MAX_SEED
from ...core.checks import check_bool, check_instance, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import (
    Action,
    AnimalAttack,
    Contribute,
    Decline,
    Fireball,
    FriendlyFire,
    Give,
    HandOn,
    Heal,
    Keep,
    Knight,
    Party,
    PassItem,
    PassTurn,
    Rage,
    Reroll,
    TargetUnit,
    Tavern,
)
from .apply import Draft
from .knowledge import (
    MAX_PLACEMENTS,
    ItemEvents,
    Whereabouts,
    knowledge,
    whereabouts_after,
)
from .legal import legal_actions
from .rules import DOPPEL, LOYAL, LOYALTY, is_friendly_fire
from .state import State
from .table import Target, lines


def _usefulness(state: State, seat: int, card: str) -> int:
    kind = state.cards.item(card)
    if kind.type == "poison":
        return -5
    if kind.type == "weapon":
        base = 3 if kind.weapon != "dagger" else 2
        if state.heroes[seat] and kind.usable_by(state._hero(seat).weapon):
            base += 2
        return base + int(kind.magic)
    return {"fireball": 4, "spell": 1, "elixir": 1}[kind.type] - (kind.effect == "hex") * 3


def simple_policy(state: State, rng: random.Random, sabotage: bool = True) -> Any:
    """A simple, role-aware policy: loyal players help, Doppelgängers sabotage quietly.

    Each player uses only what their ``view`` shows plus their own Loyalty card. With
    ``sabotage=False`` the Doppelgängers play exactly like loyal players (a baseline).
    """
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    check_instance(rng, "rng", random.Random)
    check_bool(sabotage, "sabotage")
    if state.is_over:
        raise BadInput("NB-ARG", "the game is over: there is no action to choose")
    acts = state.legal_actions()
    kind, seat = state._pending[0], state._pending[1]
    dopp = sabotage and state.loyalty[seat] == DOPPEL
    q = state.q
    if kind in ("draft", "discard", "flip"):
        return rng.choice(acts)
    if kind == "pass":
        cards = sorted(state.hands[seat], key=lambda c: (_usefulness(state, seat, c) + (
            10 if dopp and state.cards.item(c).type == "poison" else 0), rng.random()))
        if not dopp:
            cards = [c for c in cards if state.cards.item(c).type != "poison"] or cards
        return PassItem("pass", cards[0])
    if kind == "party":
        n = state.players
        others = [p for p in range(n) if p != state.pl]
        rng.shuffle(others)
        others.sort(key=lambda p: (state.exhausted[p], -state._hp_left(p)))
        size = max(1, min(len(others), (n - 1) // 2))
        animal = state.animal is not None and state.animal[4]
        return Party("party", tuple(sorted([state.pl] + others[:size])), animal)
    assert q is not None, "past the draft and the party, a Quest is under way"
    if kind == "contribute":
        hand = list(state.hands[seat])
        if dopp:
            return Contribute("contribute", min(hand, key=lambda c: (_usefulness(state, seat, c),
                                                                     rng.random())))
        best = max(hand, key=lambda c: (max(_usefulness(state, p, c) for p in q.party),
                                        rng.random()))
        return Contribute("contribute", best)
    if kind == "give":
        taker = next(p for p in q.party if q.item_of(p) is None)
        pool = list(q.pool)
        if dopp and rng.random() < 0.5:
            poison = [c for c in pool if state.cards.item(c).type == "poison"]
            if poison:
                return Give("give", poison[0])
        return Give("give", max(pool, key=lambda c: (_usefulness(state, taker, c), c)))
    if kind == "keep":
        if PassTurn("pass_turn") in acts and not dopp:
            return PassTurn("pass_turn")
        keep = Keep("keep", "black" if dopp else "white")
        return keep if keep in acts else acts[0]
    if kind == "knight":
        roller = q.party[q.turn]
        return Knight("knight", (q.die == "black") != dopp and roller != seat or
                      (q.die == "black" and roller == seat and not dopp))
    if kind == "reroll":
        if dopp:
            return Reroll("reroll", False)
        ff = q.face is not None and q.die is not None and is_friendly_fire(q.die, q.face)
        return Reroll("reroll", ff)
    if kind in ("fireball", "animal"):
        power = (state.cards.item(q.item_of(seat)).damage if kind == "fireball"
                 else state._animal[1])
        overshoot = q.card.high is not None and q.damage + power > q.card.high
        cast_it = overshoot if dopp else not overshoot
        return Fireball("fireball", cast_it) if kind == "fireball" else AnimalAttack("animal", cast_it)
    if kind == "ff":
        return FriendlyFire("ff", _pick_victim(state, seat, acts, dopp))
    if kind == "ability":
        if dopp or len(acts) == 1:
            return Decline("decline")
        heals = [a for a in acts if isinstance(a, Heal)]
        if heals:
            return max(heals, key=lambda a: state._damage_of(a.target))
        met = q.card.succeeds(q.damage)
        fits = q.card.high is None or q.damage + 2 <= q.card.high
        if not met and fits:
            rages = [a for a in acts if isinstance(a, Rage)]
            return min(rages, key=lambda a: _usefulness(state, seat, a.card))
        return Decline("decline")
    if kind == "tavern":
        if len(state.hands[seat]) <= 1 and Tavern("tavern", "draw") in acts:
            return Tavern("tavern", "draw")  # an empty hand cannot contribute (DQ-A14)
        for choice in ("heal", "draw", "reroll"):
            if Tavern("tavern", choice) in acts and (choice != "draw"
                                                     or len(state.hands[seat]) < 3):
                return Tavern("tavern", choice)
        return acts[0]
    if kind == "target":
        pkind = state._pp["kind"]
        if pkind == "damage":
            return TargetUnit("target", _pick_victim(state, seat, acts, dopp))
        units = [a for a in acts if isinstance(a, TargetUnit)]
        if pkind == "heal":
            return max(units, key=lambda a: (a.target == seat if dopp else 0,
                                             state._damage_of(a.target), rng.random()))
        return max(units, key=lambda a: (a.target == seat if dopp else 0, rng.random()))
    if kind == "hand":
        hands = [a for a in acts if isinstance(a, HandOn)]
        return max(hands, key=lambda a: (state._hp_left(a.target) * (-1 if dopp else 1),
                                         rng.random()))
    if kind == "peek":
        return acts[1] if len(acts) > 1 else acts[0]
    return rng.choice(acts)


def honest_policy(state: State, rng: random.Random) -> Any:
    """Everybody plays like a loyal player: how hard are the Quests without any sabotage?"""
    return simple_policy(state, rng, sabotage=False)


def _pick_victim(state: State, seat: int, acts: list[Action], dopp: bool) -> Target:
    targets = [a.target for a in acts if isinstance(a, (FriendlyFire, TargetUnit))]
    if "animal" in targets and not dopp:
        return "animal"  # an animal's death does not end the game (DQ-R36)
    heroes = [t for t in targets if isinstance(t, int)]  # the seats, not the animal
    if dopp:
        others = [t for t in heroes if t != seat] or heroes
        return min(others, key=lambda t: (state._hp_left(t), t))
    return max(heroes, key=lambda t: (state._hp_left(t), t))


def greedy(state: State, rng: random.Random) -> Any:
    """The greedy player: at each decision, the one move that looks best for its own side now.

    It reads only its own Loyalty card, its own hand and the public table (and the pool when it
    is the Party Leader handing it out). Loyal players: pass and contribute their weakest /
    strongest cards, keep the white die, take the pool card most useful to the receiver, spend
    Re-rolls on friendly fire, cast Fireballs and attack unless that overshoots a Subdue range,
    send damage to the healthiest hero (or the animal), heal the most hurt. Doppelgängers do the
    opposite quietly: pass Poison, keep black, hand out Poison half the time, hurt the weakest
    hero. It is :func:`simple_policy` under the name every engine uses.
    """
    return simple_policy(state, rng)


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with what ``player`` has seen, every hidden part resampled from
    ``rng``, uniformly among the worlds consistent with it.

    Resampled: where the Item cards lie that ``player`` cannot see now (the other players'
    hands, sizes kept, the Item deck, the discards and the pool unless ``player`` is the Party
    Leader looking at it), the others' Loyalty cards (the DQ-R10 split, ``player``'s own card
    kept), the face-down Light and Darkness tokens, the dice the roller drew (unless ``player``
    is the roller; uniformly among the draws of physical dice holding the shown die), the cards
    others already chose to pass, the others' private notes (emptied), the order of the
    face-down Quest deck (DQ-R12: the Quests still to come) and the seed of future chance events
    (dice, pool draws, reshuffles).

    The Item cards go where ``player``'s whole game allows (:mod:`.knowledge`): a card they saw
    earlier and lost sight of (passed to the left, contributed and not received, the Party
    Leader's leftovers, received face up on an earlier Quest and spent) lies only where some
    history consistent with everything they saw could have taken it, and each consistent world
    is equally likely. Tokens ``player`` peeked at stay in place. It reads the hidden values only
    through what ``player`` saw (their knowledge of the Item cards, the token rows minus the
    face-up tokens, the Quests not yet revealed), never their true places, so it returns the
    same state for any two states with the same view and the same knowledge. The result is for
    search: its record no longer replays (the seed changed), and its record of Item card
    movements is ``player``'s knowledge of them.
    """
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    player = check_seat(player, state.players, "player")
    check_instance(rng, "rng", random.Random)
    return _Hidden(state, player).sample(rng)


def prepare_determinize(state: State, player: int) -> Callable[[random.Random], State]:
    """``determinize(state, player, ·)`` with what depends only on ``state`` and ``player``
    worked out once (where the cards ``player`` saw may lie, the roles left to deal, the
    face-down tokens, the Quests to come): a search calls it once per decision and the result
    once per iteration, and draws the same samples as :func:`determinize` for the same
    ``rng``."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    player = check_seat(player, state.players, "player")
    hidden = _Hidden(state, player)

    def sample(rng: random.Random) -> State:
        check_instance(rng, "rng", random.Random)
        return hidden.sample(rng)

    return sample


def whereabouts(state: State, player: int) -> tuple[Whereabouts, ItemEvents | None]:
    """Where the Item cards ``player`` has seen may lie now (:class:`.knowledge.Whereabouts`,
    prepared for sampling), and ``player``'s knowledge of the Item cards' moves as a chain (what
    a sample keeps): their knowledge followed from the deal, then what they see now (their
    hand, the face-up cards, the pool while they hand it out). A state arranged by hand, whose
    record of Item card movements does not add up to its piles (some examples), falls back on
    what ``player`` sees now. Past :data:`.knowledge.MAX_PLACEMENTS` placements a seeded choice
    of them is kept (measured on 40 greedy games: at 6% of the decisions with four to six
    players, 10-16% with seven or eight); should later events rule out every one kept, the
    events are followed again keeping ten times as many."""
    n, cards = state.players, state.cards.item_deck()
    where, seen = whereabouts_after(state.item_events, player, n, cards)
    _see_now(where, state, player)
    if where.thinned and not where.placements:  # what the thinning kept was all ruled out
        where = Whereabouts(n, player, cards, limit=10 * MAX_PLACEMENTS)
        where.follow(knowledge(state.item_events, player, n))
        _see_now(where, state, player)
    if where.broken or not where.placements or where.size != _sizes(state, where.zones):
        where = Whereabouts(n, player, cards)
        where.size = _sizes(state, where.zones)
        _see_now(where, state, player)
    where.prepare()
    return where, seen


def _pool_seen(state: State, player: int) -> bool:
    """DQ-R16: the Party Leader looks at the pool while handing it out."""
    return (state.q is not None and state.pending is not None and state.pending[0] == "give"
            and player == state.pl)


def _see_now(where: Whereabouts, state: State, player: int) -> None:
    for card in state.hands[player]:
        where.see(card, player)
    q = state.q
    if q is not None:
        for _, card in q.given:
            where.see(card, where.given)
        if _pool_seen(state, player):
            for card in q.pool:
                where.see(card, where.pool)


def _sizes(state: State, zones: int) -> list[int]:
    """How many Item cards lie in each place (public: hand sizes and pile heights)."""
    q = state.q
    sizes = [len(h) for h in state.hands] + [
        len(state.item_deck), len(state.item_discard), 0 if q is None else len(q.pool),
        0 if q is None else len(q.given)]
    return sizes + [0] * (zones - len(sizes))


class _Hidden:
    """What ``player`` cannot see, as fixed by what they saw, in the order :meth:`sample`
    deals it (see :func:`determinize`)."""

    def __init__(self, state: State, player: int) -> None:
        self.state, self.player = state, player
        self.others = [p for p in range(state.players) if p != player]
        self.pool_seen = _pool_seen(state, player)
        self.where, self.events = whereabouts(state, player)
        self.secrets = tuple(c if p == player else None for p, c in
                             enumerate(state.secret_chains))
        self.roles: list[str] | None = None
        if not state.is_over:
            dopp, loyal = LOYALTY[state.players]
            roles = [DOPPEL] * dopp + [LOYAL] * loyal
            roles.remove(state.loyalty[player])
            self.roles = roles
        peeked = _peeked(state, player)
        # per row: its name, the places that stay (face up, or peeked at by player), the
        # face-down tokens to shuffle into the other places
        self.rows: list[tuple[str, set[int], list[str]]] = []
        for name, base in (("light", state.cards.light), ("dark", state.cards.dark)):
            row = getattr(state, name)
            fixed = {i for i, (_, up) in enumerate(row) if up or (name, i) in peeked}
            down = list(base)
            for i in fixed:  # face up, or face down but peeked at by player: stays in place
                down.remove(row[i][0])
            down.sort()
            self.rows.append((name, fixed, down))
        self.quests = sorted(state.quest_deck)

    def sample(self, rng: random.Random) -> State:
        state, where = self.state, self.where
        q = state.q
        places = where.sample(rng)
        hands = list(state.hands)
        for p in self.others:
            hands[p] = tuple(places[p])
        changes: dict[str, Any] = {
            "hands": tuple(hands), "item_deck": tuple(places[where.deck]),
            "item_discard": tuple(places[where.discard]), "item_events": self.events,
            "seed": rng.randrange(MAX_SEED + 1), "secret_chains": self.secrets}
        if self.roles is not None:
            roles = list(self.roles)
            rng.shuffle(roles)
            loyalty = list(state.loyalty)
            for p, role in zip(self.others, roles, strict=True):
                loyalty[p] = role
            changes["loyalty"] = tuple(loyalty)
        for name, fixed, base_down in self.rows:
            row = getattr(state, name)
            down = list(base_down)
            rng.shuffle(down)
            it = iter(down)
            changes[name] = tuple(row[i] if i in fixed else (next(it), False)
                                  for i in range(len(row)))
        if q is not None:
            newq = q if self.pool_seen else q.evolve(pool=tuple(places[where.pool]))
            if q.drawn and state.roller() != self.player:
                newq = newq.evolve(drawn=_drawn(q.bag, q.kept, len(q.drawn), rng))
            if q.passes:  # others' face-down passes: resampled while passing, forgotten after
                passing = state.pending is not None and state.pending[0] == "pass"
                newq = newq.evolve(passes=tuple(
                    (seat, card if seat == self.player else rng.choice(hands[seat]))
                    for seat, card in q.passes if passing or seat == self.player))
            changes["q"] = newq
        # DQ-R12: the Quests still to come lie face down; drawn last, so every draw above is
        # the same as before the Quest deck was redrawn.
        quests = list(self.quests)
        rng.shuffle(quests)
        changes["quest_deck"] = tuple(quests)
        return state._evolve(**changes)


def _peeked(state: State, player: int) -> set[tuple[str, int]]:
    """The face-down tokens ``player`` looked at (DQ-R11 peek), from their private notes."""
    out = set()
    for line in lines(state.secret_chains[player]):
        found = _PEEK.match(line)
        if found:
            out.add((found.group(1), int(found.group(2)) - 1))
    return out


_PEEK = re.compile(r"peeked: (light|dark) token (\d+) is ")


def _drawn(bag: tuple[int, int], kept: str | None, count: int,
           rng: random.Random) -> tuple[str, ...]:
    """``count`` dice drawn from a bag of (black, white), uniformly among the draws of physical
    dice that hold a die of colour ``kept`` when it was shown (DQ-R21: the roller keeps one of
    the two drawn and shows it). Not "the kept die plus one of the rest": that weighs a draw of
    two dice of the shown colour double (from 2 black and 1 white with black shown, the other
    die is white in two of the three draws holding a black die, not one in two)."""
    dice = ["black"] * bag[0] + ["white"] * bag[1]
    count = min(count, len(dice))
    draws = [pick for pick in itertools.combinations(range(len(dice)), count)
             if kept is None or any(dice[i] == kept for i in pick)]
    if not draws:  # (a bag that cannot hold the shown die: keep what was seen)
        return (kept,) if kept is not None else ()
    return tuple(sorted(dice[i] for i in rng.choice(draws)))


def playout(state: State, rng: random.Random) -> State:
    """The game played to its end by uniformly random legal actions
    (``rng.choice(state.legal_actions())`` each time, :func:`doppelnb.core.state.random_policy`'s
    draw): the final state, ``rng`` left where the plain loop leaves it::

        while not state.is_over:
            state = fast_play(state, rng.choice(state.legal_actions()))

    with one :class:`.apply.Draft` changed in place for the whole playout and frozen once,
    instead of a draft made and frozen at every action (a search plays thousands of these;
    making and freezing the drafts was a fifth of its time). Each step is the plain loop's step:
    the same legal list in the same order (:func:`.legal.legal_actions` on the draft), the same
    draw, the same rule functions (:meth:`.apply.Draft.play`), the record entry added and the
    action count (which seeds chance) advanced as ``fast_play`` does. The engine's
    ``GameSpec.playout``, used by MCTS for its random playouts."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    check_instance(rng, "rng", random.Random)
    if state.is_over:
        return state
    draft = Draft.of(state)
    # A search reads only the outcome of a playout: it skips recording the Item cards' moves
    # (a tenth of a playout's time), and its final state says so with no record (the field is
    # not compared: the game's record determines it, as it determines the caches).
    draft.item_events = None
    log = draft.action_log
    choice, play = rng.choice, draft.play
    while draft.winner is None:
        action = choice(legal_actions(draft))
        play(action)
        log = ActionLog(log, tuple(action))  # State.action_to_json: the tuple form
        draft.action_log = log
        draft.action_count += 1
    return cast(State, draft.freeze())


def sides(state: State) -> tuple[str, ...]:
    """Each seat's side for a designer sweep's skill gap: its Loyalty card (``"loyal"`` or
    ``"doppelganger"``); a side wins or loses together."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    return tuple(state.loyalty)


__all__ = ["greedy", "determinize", "prepare_determinize", "playout", "simple_policy",
           "honest_policy", "sides"]
