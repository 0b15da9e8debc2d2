"""Actions of the quest game: typed values whose ``str()`` is the notation, their parsing, the
legal ones in a position, and the rule-by-rule check that names the rule an illegal one breaks.

An action is a tuple ``(kind, *arguments)``, so it still equals the JSON form records have
always used (``["target", 2]``, ``["party", [0, 1, 2], false]``); its ``str()`` is the readable
notation, which ``play()`` also accepts:

>>> a = Action(("target", 2))
>>> a == ("target", 2), str(a), parse_notation(str(a)) == a
(True, 'target P3', True)
>>> str(Action(("party", (0, 1, 2), True))), str(Action(("flip", 0))), str(Action(("rogue", True)))
('party P1,P2,P3+animal', 'flip #1', 'rogue yes')
>>> parse_notation("peek dark #2")
('peek', 'dark', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.checks import (
    check_bool,
    check_choice,
    check_int,
    check_sequence,
    check_str,
    show,
)
from ...core.errors import BadInput, IllegalAction
from .rules import HAND_LIMIT, draft_weapon
from .table import _ARITY, _PENDING, TableQueries, target_name

_BOOLEAN = ("rogue", "knight", "reroll", "fireball", "animal")
_SEATED = ("target", "ff", "hand", "heal", "give_reroll")
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


class Action(tuple[Any, ...]):
    """One decision, ``(kind, *arguments)``: equal to its tuple/JSON form, printed in notation."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return str(self[0])

    def __str__(self) -> str:
        kind, args = self[0], self[1:]
        if kind == "party":
            seats = ",".join(f"P{p + 1}" for p in args[0])
            return f"party {seats}" + ("+animal" if args[1] else "")
        words = [str(kind)]
        for i, arg in enumerate(args):
            if kind in _BOOLEAN:
                words.append("yes" if arg else "no")
            elif kind in _SEATED:
                words.append("animal" if arg == "animal" else f"P{int(arg) + 1}")
            elif kind == "flip" or (kind == "peek" and i == 1):
                words.append(f"#{int(arg) + 1}")
            else:
                words.append(str(arg))
        return " ".join(words)

    def __repr__(self) -> str:
        return tuple.__repr__(self)


def A(*parts: Any) -> Action:
    """``A("target", 2)`` is ``Action(("target", 2))``."""
    return Action(parts)


def _word(text: str, kind: str, index: int) -> Any:
    if kind in _BOOLEAN and text in ("yes", "no"):
        return text == "yes"
    if text[:1] in ("P", "#") and text[1:].isdigit():
        return int(text[1:]) - 1
    return text


def parse_notation(text: str) -> Any:
    """The tuple a notation string stands for (``"target P3"`` -> ``("target", 2)``); a single
    word (``"decline"``) is the action of that name without arguments."""
    text = check_str(text, "action", max_len=200).strip()
    words = text.split()
    if len(words) <= 1:
        return (text,)
    kind = words[0]
    if kind == "hero":  # a hero's name may hold spaces
        return ("hero", text.split(None, 1)[1])
    if kind == "party":
        seats, _, animal = words[1].partition("+")
        parts = [_word(w, kind, 0) for w in seats.split(",")]
        return ("party", tuple(parts), animal == "animal")
    return (kind, *(_word(w, kind, i) for i, w in enumerate(words[1:])))


class ActionsMixin(TableQueries):
    """Legal actions, parsing and checking (used by the State)."""

    __slots__ = ()

    def _enumerate_legal(self) -> list[Action]:
        """Every decision open to the player to move (the State caches them)."""
        if self.winner is not None or self.pending is None:
            return []
        kind, seat, *_ = self.pending
        if kind == "draft":
            taken = set(self.heroes)
            k = (seat - self.pl) % self.players + 1
            return [A("hero", h.name) for h in self.cards.heroes
                    if h.weapon == draft_weapon(k) and h.name not in taken]
        if kind in ("pass", "contribute", "discard"):
            return [A(kind, c) for c in sorted(set(self.hands[seat]))]
        if kind == "party":
            others = [p for p in range(self.players) if p != self.pl]
            out: list[Action] = []
            for mask in range(1, 1 << len(others)):
                chosen = tuple(sorted([self.pl] + [others[i] for i in range(len(others))
                                                   if mask >> i & 1]))
                out.append(A("party", chosen, False))
                if self._animal_alive():
                    out.append(A("party", chosen, True))
            return out
        if kind in ("rogue", "knight", "reroll", "fireball", "animal"):
            return [A(kind, True), A(kind, False)]
        if kind == "give":
            return [A("give", c) for c in sorted(set(self._qr.pool))]
        if kind == "keep":
            out = [A("keep", c) for c in sorted(set(self._qr.drawn))]
            if self._qr.card.succeeds(self._qr.damage):
                out.append(A("pass_turn"))  # DQ-R23
            return out
        if kind == "ff":
            return [A("ff", t) for t in self._ff_targets()]
        if kind == "ability":
            ability = self._hero(seat).ability
            out = [A("decline")]
            if ability == "cleric":
                out += [A("heal", t) for t in self._qr.party if self.damage[t] > 0]
            elif ability == "berserker":
                out += [A("rage", c) for c in sorted(set(self.hands[seat]))]
            return out
        if kind == "tavern":
            return [A("tavern", c) for c in self._tavern_options(seat)]
        if kind == "target":
            return [A("target", t) for t in self._pp_targets()]
        if kind == "hand":
            return [A("hand", t) for t in self._pp["eligible"] if t != seat and t != "animal"]
        if kind == "flip":
            row = self.light if self._pending[2] == "light" else self.dark
            return [A("flip", i) for i, (_, up) in enumerate(row) if not up]
        if kind == "peek":
            out = [A("no_peek")]
            for name, row in (("light", self.light), ("dark", self.dark)):
                out += [A("peek", name, i) for i, (_, up) in enumerate(row) if not up]
            return out
        raise AssertionError(kind)

    # -- parsing and checking --------------------------------------------------
    def parse_action(self, action: Any) -> Action:
        """Any accepted spelling (a tuple, a JSON list, a one-word string such as ``"decline"``,
        or the notation such as ``"target P3"``) -> the typed :class:`Action`; ``BadInput``
        when malformed."""
        if type(action) is Action:  # one of legal_actions(), as players pass them back
            legal = getattr(self, "_legal", None)
            if legal is not None and action in legal:
                object.__setattr__(self, "_checked", action)
                return action
        if isinstance(action, str):
            action = parse_notation(action)
        if isinstance(action, list):
            action = tuple(action)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str) \
                or action[0] not in _ARITY:
            raise BadInput("NB-ARG", f"{show(action)} is not a Doppelgänger action (like "
                           "['pass', 'sword.1'] or ['target', 2])")
        if len(action) != _ARITY[action[0]] + 1:
            raise BadInput("NB-ARG", f"the action {show(action[0])} takes {_ARITY[action[0]]} "
                           f"argument(s), not {len(action) - 1}")
        kind = action[0]
        if kind == "party":
            seats = check_sequence(action[1], "the party's seats", max_len=self.players,
                                   item=lambda v, name: check_int(v, name))
            check_bool(action[2], "whether the animal goes on the Quest")
            action = ("party", tuple(sorted(set(seats))), action[2])  # a set of seats
        elif kind in ("pass", "contribute", "discard", "give", "rage"):
            self.cards.item(action[1])  # BadInput for an unknown card
        elif kind == "hero":
            check_str(action[1], "the hero's name", max_len=200)
        elif kind in ("rogue", "knight", "reroll", "fireball", "animal"):
            check_bool(action[1], f"the {kind} decision")
        elif kind in ("target", "ff", "hand", "heal"):
            if not (isinstance(action[1], str) and action[1] == "animal"):
                check_int(action[1], f"the {kind} target (a seat or 'animal')")
        elif kind == "flip":
            check_int(action[1], "the token to flip")
        elif kind == "peek":
            check_choice(action[1], "the row to peek at", ("light", "dark"))
            check_int(action[2], "the token to peek at")
        elif kind == "tavern":
            check_choice(action[1], "the tavern action", ("heal", "draw", "reroll"))
        elif kind == "keep":
            check_choice(action[1], "the die to keep", ("black", "white"))
        elif kind == "give_reroll":
            check_int(action[1], "the player to give a Re-roll marker to")
        return Action(action)

    def action_label(self, action: Any) -> str:
        """A sentence fragment for the log and messages (``"gives Sword #1"``)."""
        kind = action[0]
        if kind in ("pass", "contribute", "discard", "give", "rage"):
            verb = {"pass": "passes", "contribute": "contributes", "discard": "discards",
                    "give": "gives", "rage": "rages, discarding"}[kind]
            return f"{verb} {self.cards.card_name(action[1])}"
        if kind == "party":
            names = ", ".join(f"P{p + 1}" for p in action[1])
            return f"party {names}" + (" + animal" if action[2] else "")
        if kind in ("target", "ff", "heal", "hand"):
            who = target_name(action[1])
            return {"target": f"puts a marker on {who}", "ff": f"aims friendly fire at {who}",
                    "heal": f"heals {who}", "hand": f"hands the rest to {who}"}[kind]
        if kind in _BOOLEAN:  # "uses the Knight's ability", not "knight True"
            return _YES_NO[kind][0 if action[1] else 1]
        if kind in _WORDS:
            return _WORDS[kind](action)
        if len(action) == 1:
            return str(kind).replace("_", " ")
        return " ".join(str(a) for a in action)

    def _check_rules(self, action: Action) -> None:
        """Rule by rule: raise ``IllegalAction`` naming the rule an illegal action breaks."""
        kind, seat = action[0], self._pending[1]
        pend = self._pending[0]
        q = self.q
        if kind == "give_reroll":  # DQ-T20
            raise IllegalAction("DQ-R38", "Re-roll markers belong to their owner and cannot be "
                                "traded or given")
        if kind == "knight" and q is not None and q.knight_used:  # DQ-T22
            raise IllegalAction("DQ-R26", "the Knight's ability is once per Quest and was "
                                "already used on this Quest")
        allowed = {"draft": ("hero",), "keep": ("keep", "pass_turn"), "ability": ("decline", "heal", "rage"),
                   "peek": ("peek", "no_peek")}.get(pend, (pend,))
        if kind not in allowed:
            rule, what = _PENDING[pend]
            if kind == "hand" and pend == "target":
                raise IllegalAction("DQ-R31", "the player who was just damaged holds the rest "
                                    "of the markers; they cannot be handed to someone else")
            raise IllegalAction(rule, f"now P{seat + 1} must {what}; "
                                f"'{self.action_label(action)}' is not that")
        if kind == "hero":
            k = (seat - self.pl) % self.players + 1
            hero = self.cards.hero(action[1])
            if action[1] in self.heroes:
                raise IllegalAction("DQ-R3", f"{hero.name} has already been picked")
            if hero.weapon != draft_weapon(k):
                raise IllegalAction("DQ-R3", f"pick number {k} must be a {draft_weapon(k)} hero; "
                                    f"{hero.name} carries a {hero.weapon}")
        elif kind in ("pass", "contribute", "discard", "rage"):
            if action[1] not in self.hands[seat]:
                rule = {"pass": "DQ-R13", "contribute": "DQ-R15", "discard": "DQ-A13",
                        "rage": "DQ-R26"}[kind]
                raise IllegalAction(rule, f"P{seat + 1} does not hold "
                                    f"{self.cards.card_name(action[1])}")
        elif kind == "party":
            seats, animal = action[1], action[2]
            if any(not 0 <= p < self.players for p in seats):
                raise IllegalAction("DQ-R14", f"the table has seats 1 to {self.players} only")
            if self.pl not in seats:
                raise IllegalAction("DQ-R14", f"the Party Leader (P{self.pl + 1}) must go on "
                                    "the Quest")
            if len(seats) < 2:
                raise IllegalAction("DQ-R14", "the Party Leader must take at least one other "
                                    "player (the animal does not count)")
            if animal and (self.animal is None or not self.animal[4]):
                raise IllegalAction("DQ-R6", "there is no animal to take on this Quest")
        elif kind == "give":
            if q is not None and action[1] not in q.pool:
                raise IllegalAction("DQ-R16", f"{self.cards.card_name(action[1])} is not in the pool")
        elif kind == "keep" and q is not None:
            if action[1] not in q.drawn:
                raise IllegalAction("DQ-R21", f"you drew {' and '.join(q.drawn)}, so you cannot "
                                    f"keep a {action[1]} die")
        elif kind == "pass_turn" and q is not None:
            if not q.card.succeeds(q.damage):
                raise IllegalAction("DQ-R23", "a quest member may pass only once the Quest's "
                                    "requirement is met")
        elif kind == "ff":
            if action[1] not in self._ff_targets():
                raise IllegalAction("DQ-R25", "friendly fire must hit a member of this Quest")
        elif kind == "tavern":
            if action[1] == "draw" and len(self.hands[seat]) >= HAND_LIMIT:
                raise IllegalAction("DQ-R27", f"P{seat + 1} already holds {HAND_LIMIT} cards, "
                                    "the hand limit, so cannot draw")
            if action[1] == "heal" and self.damage[seat] == 0:
                raise IllegalAction("DQ-R27", f"P{seat + 1}'s hero has no Damage to heal")
        elif kind == "target":
            pp, t = self._pp, action[1]
            if t not in pp["eligible"]:
                rule = "DQ-R32" if pp["kind"] == "damage" else "DQ-R31"
                who = target_name(t)
                raise IllegalAction(rule, f"{who} is not among those who share this "
                                    f"{pp['kind']} (only {self._members_text(pp['eligible'])})")
            if pp["pingpong"] and t == pp["last"]:
                raise IllegalAction("DQ-R31", "no player can take 2 markers in a row")
        elif kind == "hand":
            if action[1] == seat:
                raise IllegalAction("DQ-R31", "after damaging yourself you must pass the rest "
                                    "to another quest member")
        elif kind == "flip":
            row = self.light if self._pending[2] == "light" else self.dark
            if not (isinstance(action[1], int) and 0 <= action[1] < len(row)) or row[action[1]][1]:
                raise IllegalAction("DQ-R29", f"token {show(action[1])} is not a face-down token "
                                    f"of the {self._pending[2]} row")
        if action not in self._enumerate_legal():
            rule, what = _PENDING[pend]
            raise IllegalAction(rule, f"'{self.action_label(action)}' is not legal now "
                                f"(P{seat + 1} must {what})")


__all__ = ["Action", "A", "ActionsMixin", "parse_notation"]
