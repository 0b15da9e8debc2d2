"""How an action changes a position: the draft of heroes, a Quest's setup and the quest
members' turns here, the end of a Quest in :mod:`.pingpong`.

``State._apply`` builds the next state with a :class:`Draft` (:mod:`doppelnb.core.draft`), a
mutable scratch copy of the frozen state: :meth:`Draft.play` runs the handler of the action's
kind (the table :data:`DO`) on the decision just taken, then ``Draft._run`` resolves the
automatic steps of the queue (each ``("name", *args)`` runs the method :data:`STEPS` names)
until someone must decide again or the game ends; ``draft.freeze()`` is the next state. A
random playout (:func:`.players.playout`) plays a whole game on one draft the same way. Each
chance event draws from ``rng_for(seed, label, actions so far, quest number)``, so a game
replays exactly from its record. Rule ids are explained in the rules index
(:mod:`doppelnb.rulebook`).

Scope decisions where the rulebook is silent (beyond the digest's DQ-A flags):

- The animal's attack (DQ-R24, "at any time during the turn phase") is offered to the Party
  Leader when the PL's own turn comes (the PL goes last). Its damage is automatic, so the timing
  changes nothing but what others have seen; offering it last gives the PL the most information.
- Only the Rogue's and the Knight's timings are known (DQ-R26). The illustrative effects are:
  Rogue, skip the random discard; Knight, turn the shown die to the other colour (once per
  Quest). Two further illustrative kinds use the post-turn window: cleric (heal 1 on a quest
  member) and berserker (discard a card from hand for +2 Damage on the Quest).
- The face-up Item cards of a Quest are discarded when the next Quest begins [INFERRED].

>>> from .examples import minotaur_example
>>> minotaur_example().log[-1]
'P1 distributes 4 damage unit(s) ping-pong style'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from ...core.draft import Draft as CoreDraft
from ...core.state import FrozenGameState
from .actions import Action
from .pingpong import QuestEnd
from .rules import DOPPEL, FRIENDLY_FIRE, HAND_LIMIT, weapon_outcome
from .table import QuestRound, Target, tuple_set, without


class Draft(CoreDraft[FrozenGameState], QuestEnd):
    """A mutable scratch copy of a State (:class:`doppelnb.core.draft.Draft`): the rule
    functions change it, then it is frozen. The draft of heroes, a Quest's setup and the turns
    are here (DQ-R3, DQ-R12..R25); the end of a Quest is :class:`.pingpong.QuestEnd`."""

    def __init_draft__(self) -> None:
        self.action_count = self.frozen_from.action_count
        self.extra = ()
        self.owned_q = None

    def play(self, action: Action) -> None:
        """Apply the decision ``action`` answers (parsed and checked by ``State.play``, or drawn
        from the legal actions by a playout), then the automatic steps after it. The seat is the
        one the pending decision asks (``pending[1]``); the record entry is the caller's."""
        pending = self.pending
        assert pending is not None, "an action answers a pending decision"
        self.extra = pending[2:]  # the decision's context (row to flip, pass index)
        self.pending = None
        DO[action[0]](self, pending[1], *action[1:])
        self._run()

    def _run(self) -> None:
        """Resolve automatic steps until someone must decide or the game ends."""
        while self.winner is None and self.pending is None:
            step, *args = self.queue[0]
            self.queue = self.queue[1:]
            STEPS[step](self, *args)

    # draft ------------------------------------------------------------------------------------
    def _do_hero(self, seat: int, name: str) -> None:
        self.heroes = tuple_set(self.heroes, seat, name)
        self._say(f"P{seat + 1} picks {name}")
        nxt = (seat + 1) % self.players
        if nxt == self.pl:
            self.queue = (("quest",),)
        else:
            self._ask("draft", nxt)

    # quest steps ---------------------------------------------------------------------------------
    def _step_quest(self) -> None:
        """DQ-R12: reveal the top Quest card."""
        if not self.quest_deck:
            how = self.rules.quest_deck_exhausted  # DQ-A16
            if how != "reshuffle" or not self.quests_used:
                self.winner = DOPPEL if how == "doppelgangers_win" else "draw"
                self.end_reason = "the Quest deck ran out"
                return
            deck = list(self.quests_used)
            self._rng("quests").shuffle(deck)
            self.quest_deck, self.quests_used = tuple(deck), ()
        index, self.quest_deck = self.quest_deck[0], self.quest_deck[1:]
        self.quests_used = self.quests_used + (index,)
        self.quest_no += 1
        card = self.cards.quests[index]
        self.q = self.owned_q = QuestRound(self.quest_no, card)
        self._say(f"Quest {self.quest_no}: P{self.pl + 1} leads and reveals {card.name} "
                  f"({card.requirement})")
        self.queue = (("passes",), ("party",), ("contributions",), ("pool",), ("poison",),
                      ("spells",), ("turns",), ("abilities",))
        if self.rules.tavern_timing == "before_outcome":  # DQ-A26
            self.queue += (("tavern",), ("outcome",))
        else:
            self.queue += (("outcome",), ("tavern",))
        self.queue += (("exhaustion",), ("next",))

    def _step_passes(self) -> None:
        self._next_passer(0)

    def _next_passer(self, start: int) -> None:
        order = self._seat_order(self.pl)
        for i in range(start, len(order)):
            seat = order[i]
            if self.hands[seat]:  # DQ-A14: an empty hand skips
                self._ask("pass", seat, i)
                return
        if self.rules.item_pass == "simultaneous":  # DQ-A25: all choose, then all receive
            hands = [list(h) for h in self.hands]
            for seat, card in self._qr.passes:
                hands[seat].remove(card)
            for seat, card in self._qr.passes:
                hands[(seat + 1) % self.players].append(card)
            self.hands = tuple(tuple(h) for h in hands)
            self._item("passes", self._qr.passes)
        self._say("every player passes one Item card face down to the left")

    def _do_pass(self, seat: int, card: str) -> None:
        i = self.extra[0]
        if self.rules.item_pass == "simultaneous":
            self._setq(passes=self._qr.passes + ((seat, card),))
        else:
            left = (seat + 1) % self.players
            hands = list(self.hands)
            hands[seat] = without(hands[seat], card)
            hands[left] = hands[left] + (card,)
            self.hands = tuple(hands)
            self._item("pass", seat, card)
            self._know(left, f"P{seat + 1} passed you {self.cards.card_name(card)}")
            if self.rules.hand_limit_scope == "always" and len(hands[left]) > HAND_LIMIT:
                self._ask("discard", left, i)
                return
        self._next_passer(i + 1)

    def _do_discard(self, seat: int, card: str) -> None:
        self.hands = tuple_set(self.hands, seat, without(self.hands[seat], card))
        self.item_discard = self.item_discard + (card,)
        self._item("discard", seat, card)
        self._next_passer(self.extra[0] + 1)

    def _step_party(self) -> None:
        self._ask("party", self.pl)

    def _do_party(self, seat: int, seats: tuple[int, ...], animal: bool) -> None:
        """DQ-R14: the PL goes, with at least one other player; the animal may join."""
        party = self._turn_order(seats)
        self._setq(party=party, animal_in=animal)
        names = ", ".join(f"P{p + 1}" for p in party)
        self._say(f"party: {names}" + (f" and the {self._animal[0]}" if animal else ""))

    def _step_contributions(self) -> None:
        self._next_contributor()

    def _next_contributor(self) -> None:
        for seat in self._qr.party:
            if seat not in self._qr.contributed and self.hands[seat]:  # DQ-R15, DQ-A14
                self._ask("contribute", seat)
                return

    def _do_contribute(self, seat: int, card: str) -> None:
        self.hands = tuple_set(self.hands, seat, without(self.hands[seat], card))
        self._item("contribute", seat, card)
        self._setq(contributed=self._qr.contributed + (seat,), pool=self._qr.pool + (card,))
        self._next_contributor()

    def _step_pool(self) -> None:
        """DQ-R16: two cards from the deck join the pool, which is shuffled."""
        pool = list(self._qr.pool)
        for _ in range(2):
            card = self._draw_item("pool")
            if card is not None:
                pool.append(card)
        self._rng("pool").shuffle(pool)
        self._setq(pool=tuple(pool))
        rogue = self._ability_holder("rogue")
        if rogue is not None and pool:  # DQ-R26: the Rogue's window, before the random discard
            self._ask("rogue", rogue)
        else:
            self._random_discard()

    def _do_rogue(self, seat: int, use: bool) -> None:
        if use:
            self._setq(rogue_used=True)
            self._say(f"P{seat + 1} uses the Rogue's ability: no random discard")
            self._ask_give()
        else:
            self._random_discard()

    def _ask_give(self) -> None:
        """DQ-R16: the PL hands out the pool; an empty pool (no contributions and, with
        reshuffling off (DQ-A15), no Item cards left to draw) has nothing to hand out."""
        if self._qr.pool:
            self._item("look", self.pl, self._qr.pool)  # DQ-R16: the PL looks at the pool
            self._ask("give", self.pl)
        else:
            self._say("the pool is empty: nobody receives an Item card")

    def _random_discard(self) -> None:
        pool = list(self._qr.pool)
        if pool:
            card = pool.pop(self._rng("discard").randrange(len(pool)))
            self.item_discard = self.item_discard + (card,)
            self._item("random_discard", card)
        self._setq(pool=tuple(pool))
        self._say(f"the pool ({len(pool)} cards after the random discard) goes to P{self.pl + 1}")
        self._know(self.pl, "pool: " + ", ".join(self.cards.card_name(c) for c in pool))
        self._ask_give()

    def _do_give(self, seat: int, card: str) -> None:
        q = self._qr
        taker = next(p for p in q.party if q.item_of(p) is None)
        self._setq(pool=without(q.pool, card), given=q.given + ((taker, card),))
        self._item("give", taker, card)
        self._say(f"P{taker + 1} receives {self.cards.card_name(card)} face up")
        q = self._qr
        if len(q.given) < len(q.party) and q.pool:
            self._ask("give", self.pl)
            return
        if q.pool:  # DQ-R16 step 5, DQ-A22: the leftovers are discarded unseen
            self.item_discard = self.item_discard + q.pool
            self._item("leftovers")
            self._setq(pool=())

    def _step_poison(self) -> None:
        """DQ-R17: any Poison received makes the Quest fail at once."""
        q = self._qr
        if not any(self.cards.item(c).type == "poison" for _, c in q.given):
            return
        self._setq(poisoned=True, outcome="failure")
        self._say("a Poison is revealed: the Quest fails at once")
        steps = self._failure_steps()
        if not self.rules.poison_skips_tavern:  # DQ-A8
            steps += (("tavern",),)
        self.queue = steps + (("exhaustion",), ("next",))

    def _step_spells(self) -> None:
        """DQ-R19, DQ-A29: non-Fireball spells act at once, clockwise from the PL's left."""
        q = self._qr
        for seat in q.party:
            card = q.item_of(seat)
            if card is None:
                continue
            kind = self.cards.item(card)
            if kind.type != "spell":
                continue
            q = self._qr
            if kind.effect == "bless":
                self._setq(bless=q.bless + 1)
            elif kind.effect == "ward" and q.aside[1] > 0 and q.bag[0] > 0:
                self._setq(bag=(q.bag[0] - 1, q.bag[1] + 1), aside=(q.aside[0] + 1, q.aside[1] - 1))
            elif kind.effect == "hex" and q.aside[0] > 0:
                self._setq(bag=(q.bag[0] + 1, q.bag[1]), aside=(q.aside[0] - 1, q.aside[1]))
            self._say(f"P{seat + 1}'s {kind.name} takes effect: {kind.text}")

    def _step_turns(self) -> None:
        self._next_turn()

    def _next_turn(self) -> None:
        """DQ-R20/R21: turns clockwise from the PL's left, the PL last."""
        while True:
            q = self._qr
            if self.rules.success_check == "immediate" and q.card.succeeds(q.damage):  # DQ-A21
                self._say("the requirement is met: the Quest ends at once (immediate reading)")
                self.queue = tuple(st for st in self.queue if st[0] != "abilities")
                return
            if q.turn >= len(q.party):
                return
            seat = q.party[q.turn]
            animal_ok = q.animal_in and self._animal[4] and \
                q.animal_attacks < self.rules.animal_attacks_per_quest
            if seat == self.pl and animal_ok and q.drawn == () and q.die is None:
                self._ask("animal", self.pl)  # DQ-R24 (offered on the PL's turn, see docs)
                return
            card = q.item_of(seat)
            kind = self.cards.item(card) if card else None
            hero = self._hero(seat)
            if kind is None or kind.type in ("spell", "poison") or not kind.usable_by(hero.weapon):
                why = "no item" if kind is None else (
                    f"{kind.name} is a spell" if kind.type == "spell" else
                    f"{hero.name} cannot use {kind.name}")
                self._say(f"P{seat + 1} takes no action ({why}) and passes the bag")
                self._setq(turn=q.turn + 1)
                continue
            if kind.type == "fireball":
                self._ask("fireball", seat)
                return
            black, white = q.bag
            if black + white == 0:
                self._say(f"P{seat + 1} finds the bag empty and passes")
                self._setq(turn=q.turn + 1)
                continue
            dice = ["black"] * black + ["white"] * white
            rng = self._rng("bag")
            if kind.type == "elixir":  # DQ-R21: one die at random
                drawn: tuple[str, ...] = (rng.choice(dice),)
                self._setq(drawn=drawn, die=drawn[0], kept=drawn[0])
                self._know(seat, f"drew a {drawn[0]} die for the Elixir")
                self._show_die(seat)
                return
            drawn = tuple(sorted(rng.sample(dice, min(2, len(dice)))))
            self._setq(drawn=drawn)
            self._know(seat, f"quest {q.number}: drew {' and '.join(drawn)} dice")
            self._ask("keep", seat)
            return

    def _do_animal(self, seat: int, attack: bool) -> None:
        q = self._qr
        if attack:
            name, power = self._animal[0], self._animal[1]
            self._setq(damage=q.damage + self._supply(power), animal_attacks=q.animal_attacks + 1)
            self._say(f"the {name} attacks: {power} Damage on the Quest card, no roll")
        else:
            self._setq(animal_attacks=self.rules.animal_attacks_per_quest)
        self._next_turn()

    def _do_fireball(self, seat: int, cast: bool) -> None:
        q = self._qr
        kind = self.cards.item(q.item_of(seat))
        if cast:  # DQ-R19: automatic, no roll
            self._setq(damage=q.damage + self._supply(kind.damage))
            self._say(f"P{seat + 1} casts {kind.name}: {kind.damage} Damage")
        else:
            self._say(f"P{seat + 1} holds the {kind.name}")
        self._end_turn()

    def _do_pass_turn(self, seat: int) -> None:
        self._say(f"P{seat + 1} passes: the Quest is already defeated (DQ-R23)")
        self._setq(drawn=())
        self._end_turn()

    def _do_keep(self, seat: int, colour: str) -> None:
        self._setq(die=colour, kept=colour)
        self._say(f"P{seat + 1} keeps and shows a {colour} die")
        self._show_die(seat)

    def _show_die(self, seat: int) -> None:
        q = self._qr
        knight = self._ability_holder("knight")
        elixir = self.cards.item(q.item_of(seat)).type == "elixir"
        if knight is not None and not q.knight_used and (
                not elixir or self.rules.knight_applies_to_elixir):  # DQ-R26, DQ-A28
            self._ask("knight", knight)
            return
        self._roll(seat)

    def _do_knight(self, seat: int, use: bool) -> None:
        q = self._qr
        roller = q.party[q.turn]
        if use:
            new = "white" if q.die == "black" else "black"
            self._setq(die=new, knight_used=True)
            self._say(f"P{seat + 1}'s Knight turns P{roller + 1}'s die {new}")
        self._roll(roller)

    def _roll(self, seat: int) -> None:
        face = self._rng("roll").randint(1, self.cards.sides)
        self._setq(face=face)
        self._say(f"P{seat + 1} rolls {face} on the {self._qr.die} die")
        self._offer_reroll(seat)

    def _offer_reroll(self, seat: int) -> None:
        q = self._qr
        if self.rerolls[seat] > 0 and (q.rerolled == 0 or self.rules.reroll_same_die_repeatedly):
            self._ask("reroll", seat)  # DQ-R38, DQ-A18
        else:
            self._resolve_roll(seat)

    def _do_reroll(self, seat: int, use: bool) -> None:
        if not use:
            self._resolve_roll(seat)
            return
        self.rerolls = tuple_set(self.rerolls, seat, self.rerolls[seat] - 1)
        face = self._rng("reroll").randint(1, self.cards.sides)
        self._setq(face=face, rerolled=self._qr.rerolled + 1)
        self._say(f"P{seat + 1} spends a Re-roll marker and rolls {face}")
        self._offer_reroll(seat)

    def _resolve_roll(self, seat: int) -> None:
        q = self._qr
        kind = self.cards.item(q.item_of(seat))
        colour, face = q.die, q.face
        assert colour is not None and face is not None, "a die was rolled"
        if kind.type == "elixir":
            amount = kind.heal[0 if colour == "white" else 1][face - 1]
            if amount and self.damage[seat]:
                self._heal(seat, amount)
            self._end_turn()
            return
        to_quest, friendly = weapon_outcome(self.cards, str(kind.weapon), kind.magic, colour,
                                            face, q.bless)
        self._setq(damage=q.damage + self._supply(to_quest))
        if face in FRIENDLY_FIRE[colour]:  # DQ-R25
            auto = self.cards.table(str(kind.weapon))[3]
            if auto:
                self._say(f"the Staff's automatic damage still hits the Quest card: {auto}")
            self._say(f"friendly fire! {friendly} Damage goes to a quest member of "
                      f"P{seat + 1}'s choice")
            if friendly > 0:
                self._setq(ff_left=friendly)
                self._ask("ff", seat)
                return
        else:
            self._say(f"{to_quest} Damage on the Quest card ({kind.name}, {colour} {face})")
        self._end_turn()

    def _do_ff(self, seat: int, target: Target) -> None:
        q = self._qr
        chunk = 1 if self.rules.ff_split else q.ff_left  # DQ-A12
        self._setq(ff_left=q.ff_left - chunk, friendly=q.friendly + chunk)
        self._hurt(target, chunk, f"friendly fire from P{seat + 1}")
        if self.winner is not None:
            return
        if self._qr.ff_left > 0:
            self._ask("ff", seat)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        q = self._qr
        bag = q.bag
        if not self.rules.dice_return_to_bag and q.kept is not None:  # DQ-A17
            bag = (bag[0] - (q.kept == "black"), bag[1] - (q.kept == "white"))
        self._setq(turn=q.turn + 1, drawn=(), die=None, kept=None, face=None, rerolled=0,
                   bag=bag)
        self._next_turn()


# The Draft's handlers, named in explicit tables rather than looked up by names built from
# strings, so that readers, mypy and dead-code tools can follow every one of them to its use.

#: Action kind -> the method applying it, called as ``DO[kind](draft, seat, *args)`` (``seat``:
#: the player who decided). Every kind of :data:`.actions.ARITY` but ``give_reroll`` (DQ-T20),
#: which is parsed only to be refused with its rule; an action reaches this table only after
#: ``play`` has parsed and checked it, so a missing kind is a bug, never a user's mistake.
DO: Final[Mapping[str, Callable[..., None]]] = {
    # the draft and the quest members' turns (here)
    "hero": Draft._do_hero, "pass": Draft._do_pass, "discard": Draft._do_discard,
    "party": Draft._do_party, "contribute": Draft._do_contribute, "rogue": Draft._do_rogue,
    "give": Draft._do_give, "animal": Draft._do_animal, "fireball": Draft._do_fireball,
    "pass_turn": Draft._do_pass_turn, "keep": Draft._do_keep, "knight": Draft._do_knight,
    "reroll": Draft._do_reroll, "ff": Draft._do_ff,
    # abilities, the tavern, the ping-pong, flips and peeks (pingpong.py)
    "decline": QuestEnd._do_decline, "heal": QuestEnd._do_heal,
    "rage": QuestEnd._do_rage, "tavern": QuestEnd._do_tavern,
    "target": QuestEnd._do_target, "hand": QuestEnd._do_hand, "flip": QuestEnd._do_flip,
    "peek": QuestEnd._do_peek, "no_peek": QuestEnd._do_no_peek,
}

#: Automatic step name -> the method resolving it, called as ``STEPS[name](draft, *args)`` for a
#: queue entry ``(name, *args)`` by :meth:`Draft._run`. The rule functions queue only these names.
STEPS: Final[Mapping[str, Callable[..., None]]] = {
    # a Quest's setup and turns (here)
    "quest": Draft._step_quest, "passes": Draft._step_passes, "party": Draft._step_party,
    "contributions": Draft._step_contributions, "pool": Draft._step_pool,
    "poison": Draft._step_poison, "spells": Draft._step_spells, "turns": Draft._step_turns,
    # after the turns (pingpong.py)
    "abilities": QuestEnd._step_abilities, "tavern": QuestEnd._step_tavern,
    "outcome": QuestEnd._step_outcome, "grant": QuestEnd._step_grant,
    "pp": QuestEnd._step_pp, "flip": QuestEnd._step_flip,
    "exhaustion": QuestEnd._step_exhaustion, "next": QuestEnd._step_next,
}


__all__ = ["Draft", "DO", "STEPS"]
