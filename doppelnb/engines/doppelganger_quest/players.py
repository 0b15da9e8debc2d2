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
from .apply import random_playout
from .rules import DOPPEL, LOYAL, LOYALTY, is_friendly_fire
from .state import State
from .table import lines


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
        return ("pass", cards[0])
    if kind == "party":
        n = state.players
        others = [p for p in range(n) if p != state.pl]
        rng.shuffle(others)
        others.sort(key=lambda p: (state.exhausted[p], -state._hp_left(p)))
        size = max(1, min(len(others), (n - 1) // 2))
        animal = state.animal is not None and state.animal[4]
        return ("party", tuple(sorted([state.pl] + others[:size])), animal)
    assert q is not None, "past the draft and the party, a Quest is under way"
    if kind == "contribute":
        hand = list(state.hands[seat])
        if dopp:
            return ("contribute", min(hand, key=lambda c: (_usefulness(state, seat, c),
                                                           rng.random())))
        best = max(hand, key=lambda c: (max(_usefulness(state, p, c) for p in q.party),
                                        rng.random()))
        return ("contribute", best)
    if kind == "give":
        taker = next(p for p in q.party if q.item_of(p) is None)
        pool = list(q.pool)
        if dopp and rng.random() < 0.5:
            poison = [c for c in pool if state.cards.item(c).type == "poison"]
            if poison:
                return ("give", poison[0])
        return ("give", max(pool, key=lambda c: (_usefulness(state, taker, c), c)))
    if kind == "keep":
        if ("pass_turn",) in acts and not dopp:
            return ("pass_turn",)
        want = "black" if dopp else "white"
        return ("keep", want) if ("keep", want) in acts else acts[0]
    if kind == "knight":
        roller = q.party[q.turn]
        return ("knight", (q.die == "black") != dopp and roller != seat or
                (q.die == "black" and roller == seat and not dopp))
    if kind == "reroll":
        if dopp:
            return ("reroll", False)
        ff = q.face is not None and q.die is not None and is_friendly_fire(q.die, q.face)
        return ("reroll", ff)
    if kind in ("fireball", "animal"):
        power = (state.cards.item(q.item_of(seat)).damage if kind == "fireball"
                 else state._animal[1])
        overshoot = q.card.high is not None and q.damage + power > q.card.high
        return (kind, overshoot if dopp else not overshoot)
    if kind == "ff":
        return ("ff", _pick_victim(state, seat, acts, dopp))
    if kind == "ability":
        if dopp or len(acts) == 1:
            return ("decline",)
        if acts[1][0] == "heal":
            return max(acts[1:], key=lambda a: state.damage[a[1]])
        met = q.card.succeeds(q.damage)
        fits = q.card.high is None or q.damage + 2 <= q.card.high
        if not met and fits:
            return min(acts[1:], key=lambda a: _usefulness(state, seat, a[1]))
        return ("decline",)
    if kind == "tavern":
        if len(state.hands[seat]) <= 1 and ("tavern", "draw") in acts:
            return ("tavern", "draw")  # an empty hand cannot contribute (DQ-A14)
        for choice in ("heal", "draw", "reroll"):
            if ("tavern", choice) in acts and (choice != "draw" or len(state.hands[seat]) < 3):
                return ("tavern", choice)
        return acts[0]
    if kind == "target":
        pkind = state._pp["kind"]
        if pkind == "damage":
            return ("target", _pick_victim(state, seat, acts, dopp))
        if pkind == "heal":
            return max(acts, key=lambda a: (a[1] == seat if dopp else 0,
                                            state._damage_of(a[1]), rng.random()))
        return max(acts, key=lambda a: (a[1] == seat if dopp else 0, rng.random()))
    if kind == "hand":
        return max(acts, key=lambda a: (state._hp_left(a[1]) * (-1 if dopp else 1), rng.random()))
    if kind == "peek":
        return acts[1] if len(acts) > 1 else acts[0]
    return rng.choice(acts)


def honest_policy(state: State, rng: random.Random) -> Any:
    """Everybody plays like a loyal player: how hard are the Quests without any sabotage?"""
    return simple_policy(state, rng, sabotage=False)


def _pick_victim(state: State, seat: int, acts: list[Any], dopp: bool) -> Any:
    targets = [a[1] for a in acts]
    if "animal" in targets and not dopp:
        return "animal"  # an animal's death does not end the game (DQ-R36)
    heroes = [t for t in targets if t != "animal"]
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
    """A state consistent with what ``player`` sees, every hidden part resampled from ``rng``.

    Resampled: the other players' hands (sizes kept), the Item deck, the discards and the pool
    (unless ``player`` is the Party Leader looking at it), the others' Loyalty cards (the DQ-R10
    split, ``player``'s own card kept), the face-down Light and Darkness tokens, the dice the
    roller drew (unless ``player`` is the roller; uniformly among the draws of physical dice
    holding the shown die), the cards others already chose to pass, the
    others' private notes (emptied), the order of the face-down Quest deck (DQ-R12: the Quests
    still to come) and the seed of future chance events (dice, pool draws, reshuffles). It reads
    the hidden values only as multisets fixed by public facts (the whole deck minus what
    ``player`` sees, the token rows minus the face-up tokens, the Quests not yet revealed),
    never their true places, so it returns the same state for any two states that ``player``
    cannot tell apart (every size and colour it keeps is in ``view(player)``: hand sizes, pile
    heights, the kept die). Tokens ``player`` peeked at stay in place. Limitation: cards ``player`` saw earlier (a pool on an earlier Quest, a card
    passed to them and passed on) do not constrain where the sample puts them. The result is
    for search: its record no longer replays (the seed changed).
    """
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    player = check_seat(player, state.players, "player")
    check_instance(rng, "rng", random.Random)
    return _Hidden(state, player).sample(rng)


def prepare_determinize(state: State, player: int) -> Callable[[random.Random], State]:
    """``determinize(state, player, ·)`` with what depends only on ``state`` and ``player``
    worked out once (the unseen Item cards, the roles left to deal, the face-down tokens, the
    Quests to come): a search calls it once per decision and the result once per iteration,
    and draws the same samples as :func:`determinize` for the same ``rng``."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    player = check_seat(player, state.players, "player")
    hidden = _Hidden(state, player)

    def sample(rng: random.Random) -> State:
        check_instance(rng, "rng", random.Random)
        return hidden.sample(rng)

    return sample


class _Hidden:
    """What ``player`` cannot see, as multisets fixed by public facts, in the order
    :meth:`sample` deals them (see :func:`determinize`)."""

    def __init__(self, state: State, player: int) -> None:
        self.state, self.player = state, player
        q = state.q
        self.others = [p for p in range(state.players) if p != player]
        self.pool_seen = (q is not None and state.pending is not None
                          and state.pending[0] == "give" and player == state.pl)
        known = list(state.hands[player])
        if q is not None:
            known += [c for _, c in q.given]
            if self.pool_seen:
                known += list(q.pool)
        unknown = list(state.cards.item_deck())
        for card in known:
            unknown.remove(card)
        unknown.sort()
        self.unknown = unknown
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
        state, player = self.state, self.player
        q = state.q
        unknown = list(self.unknown)
        rng.shuffle(unknown)
        hands = list(state.hands)
        for p in self.others:
            size = len(state.hands[p])
            hands[p], unknown = tuple(unknown[:size]), unknown[size:]
        deck_size, discard_size = len(state.item_deck), len(state.item_discard)
        deck = tuple(unknown[:deck_size])
        discard = tuple(unknown[deck_size:deck_size + discard_size])
        pool = tuple(unknown[deck_size + discard_size:])
        changes: dict[str, Any] = {"hands": tuple(hands), "item_deck": deck,
                                   "item_discard": discard, "seed": rng.randrange(MAX_SEED + 1),
                                   "secret_chains": self.secrets}
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
            newq = q if self.pool_seen else q.evolve(pool=pool)
            if q.drawn and state.roller() != player:
                newq = newq.evolve(drawn=_drawn(q.bag, q.kept, len(q.drawn), rng))
            if q.passes:  # others' face-down passes: resampled while passing, forgotten after
                passing = state.pending is not None and state.pending[0] == "pass"
                newq = newq.evolve(passes=tuple(
                    (seat, card if seat == player else rng.choice(hands[seat]))
                    for seat, card in q.passes if passing or seat == player))
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
    draw): the final state and random stream the plain loop of ``fast_play`` gives, without
    building the states in between (:func:`.apply.random_playout`: one draft for the whole
    playout). The engine's ``GameSpec.playout``, used by MCTS for its random playouts."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    check_instance(rng, "rng", random.Random)
    return cast(State, random_playout(state, rng))


def sides(state: State) -> tuple[str, ...]:
    """Each seat's side for a designer sweep's skill gap: its Loyalty card (``"loyal"`` or
    ``"doppelganger"``); a side wins or loses together."""
    check_instance(state, "state", State, expected="a doppelganger_quest State")
    return tuple(state.loyalty)


__all__ = ["greedy", "determinize", "prepare_determinize", "playout", "simple_policy",
           "honest_policy", "sides"]
