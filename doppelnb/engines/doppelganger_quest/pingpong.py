"""The end of a Quest (DQ-R26..R37): post-turn abilities, the tavern, success or failure, the
damage ping-pong, token flips, exhaustion and the next Quest; and the changes every rule
function makes to a draft (say, ask, hurt, heal, draw).

:class:`QuestEnd` is the part of :class:`.apply.Draft` that resolves everything after the quest
members' turns; apply.py holds the rest (the draft of heroes, a Quest's setup and its turns) and
the tables that dispatch to both.

>>> from .examples import minotaur_example
>>> s = minotaur_example()
>>> s.pp["left"], s.pending[:2]
(4, ('target', 0))
"""

from __future__ import annotations

import random
from typing import Any

import immutables

from ...core.chance import rng_for
from ...core.state import ActionLog
from .cards import ARTIFACTS, TOKEN_LABELS
from .knowledge import ItemEvents
from .notation import target_name
from .rules import DOPPEL, LOYAL
from .table import QuestRound, TableQueries, Target, add_line, tuple_set, without


class QuestEnd(TableQueries):
    """Rule functions of a draft: its changes, then everything after the turns of a Quest."""

    # a draft's own values besides the State's fields: the record so far (a header field), the
    # number of actions it holds (it seeds chance) and the context of the decision being applied
    action_log: ActionLog | None
    action_count: int
    extra: tuple[Any, ...]
    owned_q: QuestRound | None  # the Quest round this draft made, so may change in place

    def _failure_steps(self) -> tuple[tuple[Any, ...], ...]:
        penalty = (("pp", "damage", self._qr.card.penalty, "quest_party"),)
        flip = (("flip", "dark"),)
        if self.rules.failure_order == "flip_then_penalty":  # DQ-A9
            return flip + penalty
        return penalty + flip


    def _rng(self, label: str) -> random.Random:
        return rng_for(self.seed, label, self.action_count, self.quest_no)

    def _say(self, text: str) -> None:
        self.log_chain = add_line(self.log_chain, text)

    def _know(self, seat: int, text: str) -> None:
        self.secret_chains = tuple_set(self.secret_chains, seat,
                                       add_line(self.secret_chains[seat], text))

    def _item(self, *event: Any) -> None:
        """Record a movement of an Item card (:class:`.knowledge.ItemEvents`); not in a random
        playout (:func:`.players.playout`), which starts its draft with no record."""
        if self.item_events is not None:
            self.item_events = ItemEvents(self.item_events, event)

    def _setq(self, **kw: Any) -> None:
        """Change the Quest round. The first change in a draft copies the round (the state the
        draft came from keeps its own); later ones change that copy in place, which no frozen
        state shares until the draft is frozen (a Quest's turns change it dozens of times)."""
        q = self._qr
        if q is self.owned_q:
            q.__dict__.update(kw)
        else:
            self.q = self.owned_q = q.evolve(**kw)

    def _ask(self, kind: str, seat: int, *extra: Any) -> None:
        self.pending = (kind, seat, *extra)

    def _push(self, *steps: tuple[Any, ...]) -> None:
        self.queue = tuple(steps) + self.queue


    def _hurt(self, target: Target, amount: int, why: str) -> None:
        """Damage a hero or the animal; a hero's death ends the game at once (DQ-R36)."""
        amount = min(amount, self._markers_left())
        if amount <= 0:
            return
        if isinstance(target, str):  # the animal
            name, power, hp, dmg, alive = self._animal
            dmg = min(hp, dmg + amount)
            self.animal = (name, power, hp, dmg, dmg < hp)
            self._say(f"{name} takes {amount} Damage ({why})" +
                      ("; it is killed and gone for the rest of the game" if dmg >= hp else ""))
            return
        hero = self._hero(target)
        dmg = min(hero.hp, self.damage[target] + amount)
        self.damage = tuple_set(self.damage, target, dmg)
        self._say(f"P{target + 1} ({hero.name}) takes {amount} Damage ({why})")
        if dmg >= hero.hp:  # DQ-R36
            role = self.loyalty[target]
            self.winner = LOYAL if role == DOPPEL else DOPPEL
            side = "Loyal Adventurers" if self.winner == LOYAL else "Doppelgängers"
            self.end_reason = (f"P{target + 1} ({hero.name}) died and was a "
                               f"{'Doppelgänger' if role == DOPPEL else 'Loyal Adventurer'}: "
                               f"the {side} win")
            self._say(self.end_reason)
            self.pending, self.queue, self.pp = None, (), None

    def _heal(self, target: Target, amount: int) -> None:
        if isinstance(target, str):  # the animal
            name, power, hp, dmg, alive = self._animal
            self.animal = (name, power, hp, max(0, dmg - amount), alive)
        else:
            self.damage = tuple_set(self.damage, target, max(0, self.damage[target] - amount))
        self._say(f"{target_name(target)} heals {amount}")

    def _draw_item(self, dest: int | str) -> str | None:
        """The top Item card of the deck, drawn to ``dest`` (a seat, or ``"pool"``)."""
        if not self.item_deck:
            if not (self.rules.reshuffle_items and self.item_discard):  # DQ-A15
                return None
            deck = list(self.item_discard)
            self._rng("reshuffle").shuffle(deck)
            self.item_deck, self.item_discard = tuple(deck), ()
            self._say("the Item discards are shuffled into a new deck")
            self._item("reshuffle")
        card, self.item_deck = self.item_deck[0], self.item_deck[1:]
        self._item("draw", dest, card)
        return card

    # after the turns ------------------------------------------------------------------------------
    def _step_abilities(self) -> None:
        self._next_ability(0)

    def _next_ability(self, start: int) -> None:
        """DQ-R26, DQ-A22: post-turn abilities clockwise from the PL's left."""
        party = self._qr.party
        for i in range(start, len(party)):
            if self._hero(party[i]).ability in ("cleric", "berserker"):
                self._ask("ability", party[i], i)
                return

    def _after_ability(self, seat: int) -> None:
        self._next_ability(self._qr.party.index(seat) + 1)

    def _do_decline(self, seat: int) -> None:
        self._after_ability(seat)

    def _do_heal(self, seat: int, target: int) -> None:
        self._heal(target, 1)
        self._after_ability(seat)

    def _do_rage(self, seat: int, card: str) -> None:
        # DQ-R26: the cost is discarded from hand; discarded cards never trigger
        self.hands = tuple_set(self.hands, seat, without(self.hands[seat], card))
        self.item_discard = self.item_discard + (card,)
        self._item("discard", seat, card)
        self._setq(damage=self._qr.damage + self._supply(2))
        self._say(f"P{seat + 1} rages: discards a card from hand for 2 Damage on the Quest")
        self._after_ability(seat)

    def _step_tavern(self) -> None:
        """DQ-R27: players not on the Quest rest, clockwise from the PL's left."""
        for seat in self._turn_order(p for p in range(self.players) if p not in self._qr.party):
            if self.exhausted[seat]:
                self.exhausted = tuple_set(self.exhausted, seat, False)
        self._next_tavern(0)

    def _next_tavern(self, start: int) -> None:
        rest = self._turn_order(p for p in range(self.players) if p not in self._qr.party)
        for i in range(start, len(rest)):
            if self._tavern_options(rest[i]):
                self._ask("tavern", rest[i], i)
                return

    def _do_tavern(self, seat: int, choice: str) -> None:
        if choice == "heal":
            self._heal(seat, 1)
        elif choice == "draw":
            card = self._draw_item(seat)
            self.hands = tuple_set(self.hands, seat, self.hands[seat] + (card,))
            self._know(seat, f"drew {self.cards.card_name(card)} in the tavern")
            self._say(f"P{seat + 1} draws an Item card in the tavern")
        else:
            self.rerolls = tuple_set(self.rerolls, seat, self.rerolls[seat] + 1)
            self._say(f"P{seat + 1} takes a Re-roll marker in the tavern")
        rest = self._turn_order(p for p in range(self.players) if p not in self._qr.party)
        self._next_tavern(rest.index(seat) + 1)

    # outcome -----------------------------------------------------------------------------------
    def _step_outcome(self) -> None:
        """DQ-R28..R30: judge once; success -> rewards + Light flip; failure -> penalty + Darkness."""
        q = self._qr
        if q.outcome is not None:
            return
        if q.card.succeeds(q.damage):
            self._setq(outcome="success")
            self._say(f"{q.damage} Damage: {q.card.name} succeeds")
            steps: tuple[tuple[Any, ...], ...] = tuple(
                ("pp", kind, units, "quest_party") for kind, units in q.card.reward)
            if self.rules.success_grants_reroll_each:  # DQ-A19
                steps += (("grant",),)
            self._push(*steps, ("flip", "light"))
        else:
            self._setq(outcome="failure")
            self._say(f"{q.damage} Damage: {q.card.name} fails")
            self._push(*self._failure_steps())

    def _step_grant(self) -> None:
        for seat in self._qr.party:
            if self._reroll_supply() > 0:
                self.rerolls = tuple_set(self.rerolls, seat, self.rerolls[seat] + 1)

    def _step_pp(self, kind: str, units: int, scope: str) -> None:
        """DQ-R31: distribute ``units`` one at a time, ping-pong style."""
        q = self._qr
        eligible: tuple[Target, ...]
        if scope == "all_players":  # DQ-A6
            eligible = tuple(self._seat_order(self.pl))
        else:
            eligible = tuple(self._turn_order(q.party))  # DQ-R32: quest members only
            eligible = (self.pl,) + tuple(p for p in eligible if p != self.pl)
        if q.animal_in and self._animal[4] and self.rules.animals_in_pingpong and \
                kind in ("damage", "heal"):  # DQ-A10: animals take no cards or markers
            eligible += ("animal",)
        pingpong = kind == "damage" or self.rules.reward_distribution == "pingpong_per_unit"
        if units <= 0 or len(eligible) < 2:
            return
        self.pp = immutables.Map({"kind": kind, "left": units, "holder": self.pl, "last": None,
                                "eligible": eligible, "pingpong": pingpong})
        self._say(f"P{self.pl + 1} distributes {units} {kind} unit(s) "
                  f"{'ping-pong style' if pingpong else 'freely'}")
        self._pp_next()

    def _pp_next(self) -> None:
        pp = self._pp
        if pp["left"] == 0:
            self.pp = None
            return
        if not self._pp_targets():  # e.g. every hand is full for an Item reward
            self._say(f"the remaining {pp['left']} {pp['kind']} unit(s) are wasted")
            self.pp = None
            return
        self._ask("target", pp["holder"])

    def _do_target(self, seat: int, target: Target) -> None:
        pp = dict(self._pp)
        kind = pp["kind"]
        if kind == "damage":
            self._hurt(target, 1, "ping-pong")
            if self.winner is not None:  # DQ-R36: remaining units are not applied
                return
        elif kind == "heal":
            if self._damage_of(target) > 0:
                self._heal(target, 1)
            else:
                self._say(f"a heal unit on {target_name(target)} is wasted (no Damage)")
        elif kind == "items":
            assert isinstance(target, int)  # DQ-A10: animals take no cards
            card = self._draw_item(target)
            if card is not None:
                self.hands = tuple_set(self.hands, target, self.hands[target] + (card,))
                self._know(target, f"received {self.cards.card_name(card)} as a reward")
            self._say(f"P{target + 1} draws a reward Item card")
        elif kind == "rerolls":
            assert isinstance(target, int)  # DQ-A10: animals take no markers
            if self._reroll_supply() > 0:
                self.rerolls = tuple_set(self.rerolls, target, self.rerolls[target] + 1)
            self._say(f"P{target + 1} gains a Re-roll marker")
        pp["left"] -= 1
        pp["last"] = target
        if pp["pingpong"] and pp["left"] and target != "animal" and target != seat:
            pp["holder"] = target  # "you must give that player the remaining damage"
        self.pp = immutables.Map(pp)
        if not pp["pingpong"]:
            self._pp_next()
        elif pp["left"] == 0:
            self.pp = None
        elif target == "animal" or target != seat:  # DQ-A10: an animal holds nothing
            self._pp_next()
        else:
            self._ask("hand", seat)  # self-damage: pass the rest to any other member

    def _do_hand(self, seat: int, to: int) -> None:
        self.pp = immutables.Map(dict(self._pp, holder=to))
        self._pp_next()

    def _step_flip(self, row: str) -> None:
        self._ask("flip", self.pl, row)

    def _do_flip(self, seat: int, index: int) -> None:
        name = self.extra[0]
        row = self.light if name == "light" else self.dark
        token = row[index][0]
        row = tuple_set(row, index, (token, True))
        if name == "light":
            self.light = row
        else:
            self.dark = row
        self._say(f"P{seat + 1} flips {'Light' if name == 'light' else 'Darkness'} token "
                  f"{index + 1}: {TOKEN_LABELS[token]}")
        if token in ARTIFACTS:  # DQ-R37
            if sum(t in ARTIFACTS and up for t, up in row) == len(ARTIFACTS):
                self.winner = LOYAL if name == "light" else DOPPEL
                side = "Loyal Adventurers" if name == "light" else "Doppelgängers"
                self.end_reason = f"the third {name} artifact is face up: the {side} win"
                self._say(self.end_reason)
                self.pending, self.queue = None, ()
        elif token in ("heal2", "take3"):  # DQ-R11 (3), DQ-A6
            kind, units = ("heal", 2) if token == "heal2" else ("damage", 3)
            self._push(("pp", kind, units, self.rules.token_effect_scope))
        elif token == "peek":
            self._ask("peek", seat)

    def _do_peek(self, seat: int, row: str, index: int) -> None:
        token = (self.light if row == "light" else self.dark)[index][0]
        self._know(seat, f"peeked: {row} token {index + 1} is {TOKEN_LABELS[token]}")
        self._say(f"P{seat + 1} peeks at {row} token {index + 1}")

    def _do_no_peek(self, seat: int) -> None:
        pass

    def _step_exhaustion(self) -> None:
        """DQ-R33/R34: members already exhausted take 1 Damage; the rest gain a marker."""
        start = self.pl if self.rules.simultaneous_death_order == "clockwise_from_pl" else \
            (self.pl + 1) % self.players  # DQ-A11
        members = [p for p in self._seat_order(start) if p in self._qr.party]
        for seat in members:
            if self.exhausted[seat]:
                self._hurt(seat, 1, "exhaustion")
                if self.winner is not None:
                    return
        for seat in members:
            self.exhausted = tuple_set(self.exhausted, seat, True)

    def _step_next(self) -> None:
        """DQ-R35: the Party Leader token and the Bag pass left."""
        # [INFERRED] the face-up Item cards of the Quest are spent: they go to the discards
        self.item_discard = self.item_discard + tuple(c for _, c in self._qr.given)
        self._item("spend")
        self._setq(given=())
        self.pl = (self.pl + 1) % self.players
        self._push(("quest",))


__all__ = ["QuestEnd"]
