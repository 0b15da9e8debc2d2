"""Which decisions are open in a position, and why an action is refused (the rule it breaks).

Both read a position through :class:`~.table.TableQueries`, which the frozen
:class:`~.state.State` and the :class:`~.apply.Draft` building the next state both answer, so the
fast playout (:func:`.apply.playout`) lists the very actions ``State.legal_actions`` lists, in
the same order.

>>> from .state import new_game
>>> s = new_game(4, seed=1, pl=0)
>>> [str(a) for a in legal_actions(s)][:2]
['hero Knight', 'hero Barbarian']
>>> refusal(s, A("no_peek")).rule
'DQ-R3'
"""

from __future__ import annotations

import functools

from ...core.checks import show
from ...core.errors import IllegalAction
from .actions import PENDING, A, Action, action_label, target_name
from .rules import HAND_LIMIT, draft_weapon
from .table import TableQueries

#: Pending decision -> the action kinds that answer it (the kind itself where not listed).
ANSWERS: dict[str, tuple[str, ...]] = {
    "draft": ("hero",), "keep": ("keep", "pass_turn"), "ability": ("decline", "heal", "rage"),
    "peek": ("peek", "no_peek")}


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
            return [Action(("hero", h.name)) for h in t.cards.heroes
                    if h.weapon == weapon and h.name not in taken]
        case "pass" | "contribute" | "discard":
            return [Action((kind, c)) for c in sorted(set(t.hands[seat]))]
        case "party":  # DQ-R14: the PL and at least one other player; the animal may join
            return list(_parties(t.players, t.pl, t._animal_alive()))
        case "rogue" | "knight" | "reroll" | "fireball" | "animal":
            return [Action((kind, True)), Action((kind, False))]
        case "give":
            return [Action(("give", c)) for c in sorted(set(t._qr.pool))]
        case "keep":
            out = [Action(("keep", c)) for c in sorted(set(t._qr.drawn))]
            if t._qr.card.succeeds(t._qr.damage):
                out.append(Action(("pass_turn",)))  # DQ-R23
            return out
        case "ff":
            return [Action(("ff", target)) for target in t._ff_targets()]
        case "ability":
            ability = t._hero(seat).ability
            out = [Action(("decline",))]
            if ability == "cleric":
                out += [Action(("heal", p)) for p in t._qr.party if t.damage[p] > 0]
            elif ability == "berserker":
                out += [Action(("rage", c)) for c in sorted(set(t.hands[seat]))]
            return out
        case "tavern":
            return [Action(("tavern", c)) for c in t._tavern_options(seat)]
        case "target":
            return [Action(("target", target)) for target in t._pp_targets()]
        case "hand":
            return [Action(("hand", p)) for p in t._pp["eligible"] if p != seat and p != "animal"]
        case "flip":
            row = t.light if t._pending[2] == "light" else t.dark
            return [Action(("flip", i)) for i, (_, up) in enumerate(row) if not up]
        case "peek":
            out = [Action(("no_peek",))]
            for name, tokens in (("light", t.light), ("dark", t.dark)):
                out += [Action(("peek", name, i)) for i, (_, up) in enumerate(tokens) if not up]
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
        out.append(A("party", chosen, False))
        if animal:
            out.append(A("party", chosen, True))
    return tuple(out)


def refusal(t: TableQueries, action: Action) -> IllegalAction:
    """Why ``action`` (parsed, but not among the legal actions) is refused: the
    :class:`IllegalAction` naming the rule it breaks, rule by rule (the caller raises it)."""
    kind, seat = action[0], t._pending[1]
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
                             f"'{action_label(action, t.cards)}' is not that")
    problem = _problem(t, action, seat)
    if problem is not None:
        return problem
    rule, what = PENDING[pend]
    return IllegalAction(rule, f"'{action_label(action, t.cards)}' is not legal now "
                         f"(P{seat + 1} must {what})")


def _problem(t: TableQueries, action: Action, seat: int) -> IllegalAction | None:
    """The rule an action of the awaited kind breaks (``None``: no rule of its own, only not
    among the legal actions)."""
    q = t.q
    match action[0]:
        case "hero":
            k = (seat - t.pl) % t.players + 1
            hero = t.cards.hero(action[1])
            if action[1] in t.heroes:
                return IllegalAction("DQ-R3", f"{hero.name} has already been picked")
            if hero.weapon != draft_weapon(k):
                return IllegalAction("DQ-R3", f"pick number {k} must be a {draft_weapon(k)} "
                                     f"hero; {hero.name} carries a {hero.weapon}")
        case "pass" | "contribute" | "discard" | "rage" as kind:
            if action[1] not in t.hands[seat]:
                rule = {"pass": "DQ-R13", "contribute": "DQ-R15", "discard": "DQ-A13",
                        "rage": "DQ-R26"}[kind]
                return IllegalAction(rule, f"P{seat + 1} does not hold "
                                     f"{t.cards.card_name(action[1])}")
        case "party":
            seats, animal = action[1], action[2]
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
        case "give":
            if q is not None and action[1] not in q.pool:
                return IllegalAction("DQ-R16", f"{t.cards.card_name(action[1])} is not in the "
                                     "pool")
        case "keep":
            if q is not None and action[1] not in q.drawn:
                return IllegalAction("DQ-R21", f"you drew {' and '.join(q.drawn)}, so you "
                                     f"cannot keep a {action[1]} die")
        case "pass_turn":
            if q is not None and not q.card.succeeds(q.damage):
                return IllegalAction("DQ-R23", "a quest member may pass only once the Quest's "
                                     "requirement is met")
        case "ff":
            if action[1] not in t._ff_targets():
                return IllegalAction("DQ-R25", "friendly fire must hit a member of this Quest")
        case "tavern":
            if action[1] == "draw" and len(t.hands[seat]) >= HAND_LIMIT:
                return IllegalAction("DQ-R27", f"P{seat + 1} already holds {HAND_LIMIT} cards, "
                                     "the hand limit, so cannot draw")
            if action[1] == "heal" and t.damage[seat] == 0:
                return IllegalAction("DQ-R27", f"P{seat + 1}'s hero has no Damage to heal")
        case "target":
            pp, target = t._pp, action[1]
            if target not in pp["eligible"]:
                rule = "DQ-R32" if pp["kind"] == "damage" else "DQ-R31"
                return IllegalAction(rule, f"{target_name(target)} is not among those who share "
                                     f"this {pp['kind']} (only "
                                     f"{t._members_text(pp['eligible'])})")
            if pp["pingpong"] and target == pp["last"]:
                return IllegalAction("DQ-R31", "no player can take 2 markers in a row")
        case "hand":
            if action[1] == seat:
                return IllegalAction("DQ-R31", "after damaging yourself you must pass the rest "
                                     "to another quest member")
        case "flip":
            row = t.light if t._pending[2] == "light" else t.dark
            index = action[1]
            if not (isinstance(index, int) and 0 <= index < len(row)) or row[index][1]:
                return IllegalAction("DQ-R29", f"token {show(index)} is not a face-down token "
                                     f"of the {t._pending[2]} row")
    return None


__all__ = ["ANSWERS", "legal_actions", "refusal"]
