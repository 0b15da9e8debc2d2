"""Which decisions are open in a position, and why an action is refused (the rule it breaks).

Both read a position through :class:`~.table.TableQueries`, which the frozen
:class:`~.state.State` and the :class:`~.apply.Draft` building the next state both answer, so the
fast playout (:func:`.apply.playout`) lists the very actions ``State.legal_actions`` lists, in
the same order.

>>> from .state import new_game
>>> s = new_game(4, seed=1, pl=0)
>>> [str(a) for a in legal_actions(s)][:2]
['hero Knight', 'hero Barbarian']
>>> refusal(s, NoPeek("no_peek")).rule
'DQ-R3'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...core.checks import show
from ...core.errors import IllegalAction
from ...core.made_once import MadeOnce
from .actions import (
    ARITY,
    KINDS,
    PENDING,
    Action,
    Contribute,
    Decline,
    Discard,
    Flip,
    FriendlyFire,
    Give,
    HandOn,
    Keep,
    NoPeek,
    Party,
    PassItem,
    PassTurn,
    Peek,
    PickHero,
    Rage,
    TargetUnit,
    Tavern,
)
from .notation import BOOLEAN, target_name
from .rules import HAND_LIMIT, draft_weapon
from .table import TableQueries

#: Pending decision -> the action kinds that answer it (the kind itself where not listed).
ANSWERS: dict[str, tuple[str, ...]] = {
    "draft": ("hero",), "keep": ("keep", "pass_turn"), "ability": ("decline", "heal", "rage"),
    "peek": ("peek", "no_peek")}


_new = tuple.__new__  # a class and its items -> the action (NamedTuple's __new__ is a Python call)

#: Kind -> its actions by argument, for every kind of one argument: each made on first use and
#: shared after (the legal lists of a playout name the same few cards, seats, dice and tokens
#: at every step; a look-up costs a quarter of building a named tuple again).
def _maker(kind: str) -> Callable[[Any], Action]:
    """The builder of ``kind``'s action from its one argument."""
    cls = KINDS[kind]
    return lambda argument: _new(cls, (kind, argument))


_MADE = {kind: MadeOnce[Any, Action](_maker(kind)) for kind, arity in ARITY.items() if arity == 1}
_PASS_TURN: Action = PassTurn("pass_turn")
_DECLINE: Action = Decline("decline")
_NO_PEEK: Action = NoPeek("no_peek")


def legal_actions(t: TableQueries) -> list[Action]:
    """Every decision open to the player to move, in a fixed order (``State.legal_actions``
    caches them; the fast playout draws from the same list)."""
    if t.winner is not None or t.pending is None:
        return []
    kind, seat, *_ = t.pending
    match kind:
        case "draft":  # DQ-R3: the k-th pick carries the k-th weapon
            taken = set(t.heroes)
            weapon = draft_weapon((seat - t.pl) % t.players + 1)
            hero = _MADE["hero"]
            return [hero[h.name] for h in t.cards.heroes
                    if h.weapon == weapon and h.name not in taken]
        case "pass" | "contribute" | "discard":
            card = _MADE[kind]
            return [card[c] for c in sorted(set(t.hands[seat]))]
        case "party":  # DQ-R14: the PL and at least one other player; the animal may join
            return list(_parties(t.players, t.pl, t._animal_alive()))
        case "rogue" | "knight" | "reroll" | "fireball" | "animal":
            yes_or_no = _MADE[kind]
            return [yes_or_no[True], yes_or_no[False]]
        case "give":
            give = _MADE["give"]
            return [give[c] for c in sorted(set(t._qr.pool))]
        case "keep":
            keep = _MADE["keep"]
            out = [keep[c] for c in sorted(set(t._qr.drawn))]
            if t._qr.card.succeeds(t._qr.damage):
                out.append(_PASS_TURN)  # DQ-R23
            return out
        case "ff":
            ff = _MADE["ff"]
            return [ff[target] for target in t._ff_targets()]
        case "ability":
            ability = t._hero(seat).ability
            out = [_DECLINE]
            if ability == "cleric":
                heal = _MADE["heal"]
                out += [heal[p] for p in t._qr.party if t.damage[p] > 0]
            elif ability == "berserker":
                rage = _MADE["rage"]
                out += [rage[c] for c in sorted(set(t.hands[seat]))]
            return out
        case "tavern":
            tavern = _MADE["tavern"]
            return [tavern[c] for c in t._tavern_options(seat)]
        case "target":
            unit = _MADE["target"]
            return [unit[target] for target in t._pp_targets()]
        case "hand":
            hand = _MADE["hand"]
            return [hand[p] for p in t._pp["eligible"] if p != seat and p != "animal"]
        case "flip":
            row = t.light if t._pending[2] == "light" else t.dark
            flip = _MADE["flip"]
            return [flip[i] for i, (_, up) in enumerate(row) if not up]
        case "peek":
            out = [_NO_PEEK]
            for name, tokens in (("light", t.light), ("dark", t.dark)):
                out += [_new(Peek, ("peek", name, i)) for i, (_, up) in enumerate(tokens)
                        if not up]
            return out
    raise AssertionError(kind)


@functools.cache
def _parties(players: int, pl: int, animal: bool) -> tuple[Action, ...]:
    """Every party the Party Leader ``pl`` may choose (each with and without the animal when it
    lives), in the order of the subsets of the other seats: the same few lists at every Quest,
    worked out once."""
    others = [p for p in range(players) if p != pl]
    out: list[Action] = []
    for mask in range(1, 1 << len(others)):
        chosen = tuple(sorted([pl] + [others[i] for i in range(len(others)) if mask >> i & 1]))
        out.append(Party("party", chosen, False))
        if animal:
            out.append(Party("party", chosen, True))
    return tuple(out)


def refusal(t: TableQueries, action: Action) -> IllegalAction | None:
    """Why ``action`` (parsed) is refused now: the :class:`IllegalAction` naming the rule it
    breaks, rule by rule, or None when it is among the legal actions. As Doppeldoppel's, it
    returns the refusal; the caller raises it."""
    if t.winner is not None or t.pending is None:
        return IllegalAction("NB-ARG", "the game is over: there is nothing to play")
    if action in legal_actions(t):
        return None
    kind, seat = action.kind, t._pending[1]
    pend = t._pending[0]
    q = t.q
    if kind == "give_reroll":  # DQ-T20
        return IllegalAction("DQ-R38", "Re-roll markers belong to their owner and cannot be "
                             "traded or given")
    if kind == "knight" and q is not None and q.knight_used:  # DQ-T22
        return IllegalAction("DQ-R26", "the Knight's ability is once per Quest and was "
                             "already used on this Quest")
    if kind not in ANSWERS.get(pend, (pend,)):
        rule, what = PENDING[pend]
        if kind == "hand" and pend == "target":
            return IllegalAction("DQ-R31", "the player who was just damaged holds the rest "
                                 "of the markers; they cannot be handed to someone else")
        return IllegalAction(rule, f"now P{seat + 1} must {what}; "
                             f"'{action_label(t, action)}' is not that")
    problem = _problem(t, action, seat)
    if problem is not None:
        return problem
    rule, what = PENDING[pend]
    return IllegalAction(rule, f"'{action_label(t, action)}' is not legal now "
                         f"(P{seat + 1} must {what})")


def _problem(t: TableQueries, action: Action, seat: int) -> IllegalAction | None:
    """The rule an action of the awaited kind breaks (``None``: no rule of its own, only not
    among the legal actions)."""
    q = t.q
    match action:
        case PickHero(hero=name):
            k = (seat - t.pl) % t.players + 1
            hero = t.cards.hero(name)
            if name in t.heroes:
                return IllegalAction("DQ-R3", f"{hero.name} has already been picked")
            if hero.weapon != draft_weapon(k):
                return IllegalAction("DQ-R3", f"pick number {k} must be a {draft_weapon(k)} "
                                     f"hero; {hero.name} carries a {hero.weapon}")
        case PassItem(card=card) | Contribute(card=card) | Discard(card=card) | Rage(card=card):
            if card not in t.hands[seat]:
                rule = {"pass": "DQ-R13", "contribute": "DQ-R15", "discard": "DQ-A13",
                        "rage": "DQ-R26"}[action.kind]
                return IllegalAction(rule, f"P{seat + 1} does not hold {t.cards.card_name(card)}")
        case Party(seats=seats, animal=animal):
            if any(not 0 <= p < t.players for p in seats):
                return IllegalAction("DQ-R14", f"the table has seats 1 to {t.players} only")
            if t.pl not in seats:
                return IllegalAction("DQ-R14", f"the Party Leader (P{t.pl + 1}) must go on "
                                     "the Quest")
            if len(seats) < 2:
                return IllegalAction("DQ-R14", "the Party Leader must take at least one other "
                                     "player (the animal does not count)")
            if animal and (t.animal is None or not t.animal[4]):
                return IllegalAction("DQ-R6", "there is no animal to take on this Quest")
        case Give(card=card):
            if q is not None and card not in q.pool:
                return IllegalAction("DQ-R16", f"{t.cards.card_name(card)} is not in the pool")
        case Keep(die=die):
            if q is not None and die not in q.drawn:
                return IllegalAction("DQ-R21", f"you drew {' and '.join(q.drawn)}, so you "
                                     f"cannot keep a {die} die")
        case PassTurn():
            if q is not None and not q.card.succeeds(q.damage):
                return IllegalAction("DQ-R23", "a quest member may pass only once the Quest's "
                                     "requirement is met")
        case FriendlyFire(target=target):
            if target not in t._ff_targets():
                return IllegalAction("DQ-R25", "friendly fire must hit a member of this Quest")
        case Tavern(choice=choice):
            if choice == "draw" and len(t.hands[seat]) >= HAND_LIMIT:
                return IllegalAction("DQ-R27", f"P{seat + 1} already holds {HAND_LIMIT} cards, "
                                     "the hand limit, so cannot draw")
            if choice == "heal" and t.damage[seat] == 0:
                return IllegalAction("DQ-R27", f"P{seat + 1}'s hero has no Damage to heal")
        case TargetUnit(target=target):
            pp = t._pp
            if target not in pp["eligible"]:
                rule = "DQ-R32" if pp["kind"] == "damage" else "DQ-R31"
                return IllegalAction(rule, f"{target_name(target)} is not among those who share "
                                     f"this {pp['kind']} (only "
                                     f"{t._members_text(pp['eligible'])})")
            if pp["pingpong"] and target == pp["last"]:
                return IllegalAction("DQ-R31", "no player can take 2 markers in a row")
        case HandOn(target=target):
            if target == seat:
                return IllegalAction("DQ-R31", "after damaging yourself you must pass the rest "
                                     "to another quest member")
        case Flip(token=index):
            row = t.light if t._pending[2] == "light" else t.dark
            if not (isinstance(index, int) and 0 <= index < len(row)) or row[index][1]:
                return IllegalAction("DQ-R29", f"token {show(index)} is not a face-down token "
                                     f"of the {t._pending[2]} row")
    return None


#: How the log, the move lists and refusals word a decision (``action_label``), so that no
#: reader sees ``knight True`` or ``tavern reroll``.
_YES_NO = {"rogue": ("uses the Rogue's ability", "does not use the Rogue's ability"),
           "knight": ("uses the Knight's ability", "does not use the Knight's ability"),
           "reroll": ("spends a Re-roll marker", "keeps the roll"),
           "fireball": ("casts the Fireball", "does not cast the Fireball"),
           "animal": ("sends the animal to attack", "keeps the animal back for now")}
_TAVERN = {"heal": "heals 1 Damage in the tavern", "draw": "draws an Item card in the tavern",
           "reroll": "takes a Re-roll marker in the tavern"}
_WORDS: dict[str, Callable[[Any], str]] = {"hero": lambda a: f"picks {a[1]}", "keep": lambda a: f"keeps the {a[1]} die",
          "tavern": lambda a: _TAVERN.get(str(a[1]), f"tavern: {a[1]}"),
          "flip": lambda a: f"turns over token #{int(a[1]) + 1}",
          "peek": lambda a: f"peeks at {'Light' if a[1] == 'light' else 'Darkness'} token "
                            f"#{int(a[2]) + 1}",
          "no_peek": lambda a: "does not peek", "decline": lambda a: "declines",
          "pass_turn": lambda a: "passes the turn"}



def action_label(t: TableQueries, action: Any) -> str:
    """A sentence fragment for the log and messages (``"gives Sword #1"``), for the cards of the
    table ``t`` plays with: beside the legal listing and the refusals that say it, as in
    Doppeldoppel's legal.py (issue 26)."""
    cards = t.cards
    kind = action[0]
    if kind in ("pass", "contribute", "discard", "give", "rage"):
        verb = {"pass": "passes", "contribute": "contributes", "discard": "discards",
                "give": "gives", "rage": "rages, discarding"}[kind]
        return f"{verb} {cards.card_name(action[1])}"
    if kind == "party":
        names = ", ".join(f"P{p + 1}" for p in action[1])
        return f"party {names}" + (" + animal" if action[2] else "")
    if kind in ("target", "ff", "heal", "hand"):
        who = target_name(action[1])
        return {"target": f"puts a marker on {who}", "ff": f"aims friendly fire at {who}",
                "heal": f"heals {who}", "hand": f"hands the rest to {who}"}[kind]
    if kind in BOOLEAN:  # "uses the Knight's ability", not "knight True"
        return _YES_NO[kind][0 if action[1] else 1]
    if kind in _WORDS:
        return _WORDS[kind](action)
    if len(action) == 1:
        return str(kind).replace("_", " ")
    return " ".join(str(a) for a in action)


__all__ = ["ANSWERS", "legal_actions", "refusal", "action_label"]
