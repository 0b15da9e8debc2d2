"""How a Groom Lake position changes: every action's effects and the automatic steps after it.

:meth:`.state.State._apply` makes a :class:`Draft` of the position (``Draft.of(state)``, the one
core pattern: :mod:`doppelnb.core.draft`), plays the action on it (:meth:`Draft.play`: the rule
function :data:`DO` names, then the automatic steps, :meth:`Draft.settle`) and freezes the draft
into the next :class:`~.state.State`. No caller ever sees a draft, and no state is ever changed.
Who acts and what the rules allow are read with :mod:`.legal`'s functions, which read a draft
as they read a State. The Desert is an immutable value (issue 26): a placement replaces the
draft's Desert with a new one, and the state the draft was made from keeps the old one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from immutables import Map

from ...core.chance import rng_for
from ...core.draft import Draft as CoreDraft
from ...core.state import ActionLog
from .actions import END_REASONS
from .cards import INFECTION, SupplyDeck
from .desert import Desert
from .legal import (
    in_game,
    mover,
    order_from,
    over_hand_limit,
    over_setup_hand,
    scout_stack,
    shown,
    victims,
)
from .odds import dice_breakdown
from .paths import _is_trapped, team_distance
from .placement import Spots
from .rules import ACTION_POINTS, Rules, terrain
from .tiles import OBSTACLE_NAMES, Coord, TileSet, fmt


def _remove_one(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    items = list(hand)
    items.remove(card)
    return tuple(items)


def _add_one(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(hand + (card,)))


class Draft(CoreDraft[Any]):
    """A private, mutable working copy of a State (:class:`doppelnb.core.draft.Draft`): the
    rule functions below change it, :meth:`freeze` makes the next State.

    The draft holds every field of the State, read from its dataclass by ``Draft.of``; the
    names below are the fields these rule functions read and change, typed for mypy
    (``tests/groom_lake/test_gl_draft.py`` checks each is a State field of the same type). While a
    draft changes them, ``pending`` may be a plain dict (:meth:`finish` makes it a Map).
    """

    players: int
    rules: Rules
    seed: int
    action_log: ActionLog | None  # the record's actions (a playout appends to it)
    tileset: TileSet
    deck: SupplyDeck
    desert: Desert
    team: Coord
    map_tokens: frozenset[Coord]
    stacks: Map[str, tuple[str, ...]]
    tile_discards: tuple[str, ...]
    reshuffled: bool
    tile_shuffles: int
    life: tuple[int, ...]
    characters: tuple[str, ...]
    roles: tuple[str, ...]
    leftover: tuple[str, tuple[str, ...]] | None
    supply: tuple[str, ...]
    supply_discards: tuple[str, ...]
    supply_shuffles: int
    removed: tuple[str, ...]
    removed_unseen: tuple[int, ...]
    infected: frozenset[int]
    out: frozenset[int]
    step: int
    hands: tuple[tuple[str, ...], ...]
    current: int
    ap: int
    banked: tuple[int, ...]
    used: frozenset[str]
    pending: Any  # Map[str, Any] | None, or a dict while the draft changes it
    attempts: int
    scout_log: tuple[tuple[int, tuple[str, ...]], ...]
    turn_number: int
    result: str | None
    life_removed: int
    events: tuple[str, ...]
    phase: str

    @classmethod
    def first(cls, header: dict[str, Any]) -> Draft:
        """An empty draft holding only the record header, for the deal (:func:`.setup.deal`)."""
        draft = cls.__new__(cls)
        vars(draft).update(header)
        return draft

    def __init_draft__(self) -> None:
        self.events = ()  # each state shows the events of the action that made it

    def finish(self) -> None:
        """The pending decision an ``immutables.Map`` (its values are immutable already, so
        nothing is frozen deeply; the Desert is an immutable value from birth)."""
        if self.pending is not None and not isinstance(self.pending, Map):
            self.pending = Map(self.pending)

    def _say(self, text: str) -> None:
        self.events = self.events + (text,)

    def _set(self, name: str, index: int, value: Any) -> None:
        seq = getattr(self, name)
        setattr(self, name, seq[:index] + (value,) + seq[index + 1:])

    def _gain(self, player: int, card: str) -> None:
        """``player`` takes ``card`` into hand; The Infection makes them an Alien (GL-R29)."""
        self._set("hands", player, _add_one(self.hands[player], card))
        if card == INFECTION and player not in self.infected:
            self.infected |= {player}
            self._set("roles", player, "alien")

    def _lose(self, player: int, card: str) -> None:
        self._set("hands", player, _remove_one(self.hands[player], card))

    def _spend(self, cost: int, kind: str) -> None:
        self.ap -= cost
        self.used |= {kind}

    def _do_discard(self, card: str) -> None:
        me = mover(self)
        self._lose(me, card)
        self.supply_discards = self.supply_discards + (card,)  # GL-R11: face down
        self._say(f"P{me + 1} discards a card face down")

    def _do_end_turn(self) -> None:
        self._say(f"P{self.current + 1} ends the turn with {self.ap} AP unused")
        if self.rules.carry_over_ap:  # GL-A21
            self._set("banked", self.current, self.ap)
        self.ap = 0

    def _do_give_up(self) -> None:
        self.used |= {"give_up"}
        voters = tuple(order_from(self, self.current))
        self.phase, self.pending = "give_up", {"voters": voters, "idx": 0, "yes": 0}
        self._say(f"P{self.current + 1} proposes to give up")

    # scouting (GL-R13..GL-R16)
    def _draw_tile(self) -> str | None:
        name = scout_stack(self)
        if name is None:
            return None
        if name == "discards" and not self.stacks["discards"]:  # GL-R16: reshuffle the discards
            ids = list(self.tile_discards)
            self.tile_shuffles += 1
            rng_for(self.seed, "tile-reshuffle", self.tile_shuffles).shuffle(ids)
            self.stacks = self.stacks.set("discards", tuple(ids))
            self.tile_discards = ()
            self.reshuffled = True
            self._say(f"the Compass stack is empty: {len(ids)} discarded tiles are reshuffled "
                      "into one stack (GL-R16)")
        stack = self.stacks[name]
        self.stacks = self.stacks.set(name, stack[1:])
        self._last_source = name
        return str(stack[0])

    def _do_scout(self) -> None:
        self._spend(1, "scout")
        d = team_distance(self.rules, self.desert, self.team)
        drawn, sources = [], []
        if self.rules.short_stack == "draw_one_no_choice":  # GL-A6
            first = self._draw_tile()
            drawn.append(first)
            sources.append(self._last_source)
            if self.stacks[self._last_source]:
                drawn.append(self._draw_tile())
                sources.append(self._last_source)
        else:
            for _ in range(2):  # GL-R13 draw 2; GL-A6 top up from the fallback
                tile = self._draw_tile()
                if tile is None:
                    break
                drawn.append(tile)
                sources.append(self._last_source)
        del self._last_source
        self.scout_log = self.scout_log + ((d, tuple(sources)),)
        where = " and ".join(dict.fromkeys(f"the \"{s}\" stack" if s != "discards"
                                           else "the reshuffled stack" for s in sources))
        self._say(f"P{self.current + 1} scouts at distance {d} and draws {len(drawn)} tile"
                  f"{'s' * (len(drawn) > 1)} from {where} (GL-R16)")
        if len(drawn) == 2:
            self.phase, self.pending = "scout_keep", {"drawn": tuple(drawn)}
        else:
            assert drawn[0] is not None
            self._begin_place(drawn[0])

    def _do_keep(self, tile_id: str) -> None:
        drawn = list(self.pending["drawn"])
        drawn.remove(tile_id)
        self.tile_discards = self.tile_discards + tuple(drawn)  # GL-R13: secretly, face down
        self._say(f"P{self.current + 1} keeps one tile and discards the other face down")
        self._begin_place(tile_id)

    def _begin_place(self, tile_id: str) -> None:
        tile = self.tileset[tile_id]
        level, options = self.desert.placement_options(tile, self.team, self.rules.edge_match)
        if level is None:  # GL-A7
            self.tile_discards = self.tile_discards + (tile_id,)
            self.phase, self.pending = "turn", None
            self._say(f"{tile.name} fits nowhere and is discarded (GL-A7)")
            return
        self.phase = "place"
        self.pending = {"tile": tile_id, "level": level, "options": options if isinstance(options, Spots) else tuple(options)}

    def _do_place(self, x: int, y: int, rotation: int) -> None:
        tile = self.tileset[self.pending["tile"]]
        # GL-R14, GL-R15: checked as the action's legality; a new Desert, the old one's
        # (held by the state this draft was made from) unchanged and shared
        self.desert = self.desert._placed(tile, (x, y), rotation)
        level = self.pending["level"]
        self.phase, self.pending = "turn", None
        self._say(f"{tile.name} is placed at {fmt((x, y))} turned {rotation}° (priority {level}); "
                  f"the Team is now {team_distance(self.rules, self.desert, self.team)} from START")

    # moving (GL-R17, GL-R18)
    def _do_move(self, x: int, y: int) -> None:
        q = (x, y)
        mountain = terrain(self.rules, self.desert[q]) == "mountain"
        self._spend(2 if mountain else 1, "move")
        self.team = q
        tile = self.desert[q]
        self._say(f"the Team moves to {fmt(q)} ({tile.name})")
        self._arrive(q, mountain)

    def _arrive(self, q: Coord, mountain: bool) -> None:
        tile = self.desert[q]
        crash = tile.crash_site and q not in self.map_tokens
        if mountain and self.supply_discards:  # GL-R17 (GL-A32: nothing to remove if empty)
            self.phase, self.pending = "mountain", {"crash": q if crash else None}
            return
        if crash:
            self._begin_crash(q)
            return
        if terrain(self.rules, self.desert[q]) == "civilization":  # GL-R31.1 (GL-A27: only once cleared)
            self.result = "civilization"

    def _do_remove(self, end: str) -> None:
        pile = self.supply_discards
        card = pile[-1] if end == "top" else pile[0]
        self.supply_discards = pile[:-1] if end == "top" else pile[1:]
        self.removed_unseen = self.removed_unseen + (len(self.removed),)  # face down: nobody saw it
        self.removed = self.removed + (card,)
        self._say(f"P{self.current + 1} removes the {end} discard from the game (GL-R17)")
        site = self.pending["crash"]
        self.phase, self.pending = "turn", None
        if site is not None:
            self._begin_crash(site)

    def _draw_supply(self) -> str | None:
        if not self.supply:
            if not self.supply_discards:
                return None
            cards = list(self.supply_discards)  # GL-R30
            self.supply_shuffles += 1
            rng_for(self.seed, "supply-reshuffle", self.supply_shuffles).shuffle(cards)
            self.supply, self.supply_discards = tuple(cards), ()
            self._say("the Supply deck ran out: the discard pile is reshuffled (GL-R30)")
        card, self.supply = self.supply[0], self.supply[1:]
        return card

    def _begin_crash(self, q: Coord) -> None:
        n = self.desert[q].crash_site or 0
        self._say(f"the Team explores a Crash Site with {n} hand-out{'s' * (n > 1)} (GL-R18)")
        self._crash_round(q, n)

    def _crash_round(self, q: Coord, left: int) -> None:
        if left == 0:
            self._finish_crash(q)
            return
        drawn = [c for c in (self._draw_supply(), self._draw_supply()) if c is not None]
        if not drawn:
            self._say("no Supply card is left to hand out")
            self._finish_crash(q)
            return
        if INFECTION in drawn and self.rules.crash_site_draw_is_acquire:  # GL-A15
            if self.current not in self.infected:
                self.infected |= {self.current}
                self._set("roles", self.current, "alien")
        self.phase, self.pending = "crash", {"site": q, "left": left, "drawn": tuple(drawn)}

    def _do_crash(self, card: str, recipient: int) -> None:
        pend = self.pending
        drawn = list(pend["drawn"])
        drawn.remove(card)
        self._gain(recipient, card)
        self.supply_discards = self.supply_discards + tuple(drawn)
        self._say(f"P{self.current + 1} gives a card to P{recipient + 1}"
                  + (" and discards the other" if drawn else ""))
        self._crash_round(pend["site"], pend["left"] - 1)

    def _finish_crash(self, q: Coord) -> None:
        if not self.rules.limited_tokens or len(self.map_tokens) < self.rules.component("map"):
            self.map_tokens |= {q}  # GL-R18: the site is explored
        self.phase, self.pending = "turn", None
        if self.rules.hand_limit is not None and over_hand_limit(self) is not None:
            self.phase = "hand_limit"
        if terrain(self.rules, self.desert[q]) == "civilization":
            self.result = "civilization"


    # clearing (GL-R19..GL-R25)
    def _do_clear(self, x: int, y: int) -> None:
        self._spend(1, "clear")
        order = tuple(p for p in order_from(self, self.current) if p != self.current) + (self.current,)
        self.phase = "pile"
        self.pending = {"target": (x, y), "order": order, "idx": 0, "cards": (),
                        "life": (0,) * self.players, "revealed": False}
        name, value = shown(self, (x, y))
        self._say(f"P{self.current + 1} attempts to clear {OBSTACLE_NAMES[name]} {value} at "
                  f"{fmt((x, y))}; every player may add cards face down (GL-R19)")

    def _do_pile(self, card: str) -> None:
        me, pend = mover(self), self.pending
        if card == "life":
            self._set("life", me, self.life[me] - 1)
            life = pend["life"]
            self.pending = {**pend, "life": life[:me] + (life[me] + 1,) + life[me + 1:]}
        else:
            self._lose(me, card)
            self.pending = {**pend, "cards": pend["cards"] + ((me, card),)}
        face = "face up" if pend["revealed"] else "face down"
        self._say(f"P{me + 1} adds {'a Life token' if card == 'life' else 'a card'} {face}")

    def _do_done(self) -> None:
        pend = self.pending
        idx = pend["idx"] + 1
        if idx < len(pend["order"]):
            self.pending = {**pend, "idx": idx}
            return
        self.pending = {**pend, "idx": idx, "revealed": True}
        cards = sorted(c for _, c in pend["cards"])
        self._say(f"the pile is shuffled and revealed: {', '.join(cards) or 'no cards'} and "
                  f"{sum(pend['life'])} Life token(s)")

    def _do_roll(self) -> None:
        pend = self.pending
        target = pend["target"]
        obstacle, value = shown(self, target)
        info = dice_breakdown(obstacle, [c for _, c in pend["cards"]], sum(pend["life"]),
                              self.players, rules=self.rules)
        self.attempts += 1
        rng = rng_for(self.seed, "clear", self.attempts)
        faces = [rng.randint(1, 6) for _ in range(info["dice"])]
        total = sum(faces)
        self._say(f"{info['dice']} dice (GL-R20) roll {faces or '-'} = {total} against "
                  f"{OBSTACLE_NAMES[obstacle]} {value}")
        if total > value:  # GL-R22
            self.map_tokens |= {target}
            self._say(f"cleared: a Map Token goes on {fmt(target)} (GL-R22)")
            self._finish_attempt()
            if self.rules.auto_move_after_clear:  # GL-A26
                self.team = target
                self._say(f"the Team moves onto {fmt(target)} (auto_move_after_clear)")
                self._arrive(target, False)
            return
        # GL-R23: failure. Every player in the game rolls one die.
        rollers = order_from(self, self.current, self.rules.failure_roll_includes_out_players)
        frng = rng_for(self.seed, "failure", self.attempts)
        rolls = {p: frng.randint(1, 6) for p in sorted(rollers)}
        high = max(rolls.values())
        queue = tuple(p for p in order_from(self, self.current) if rolls.get(p) == high)
        self._say("failure (GL-R23); penalty rolls "
                  + ", ".join(f"P{p + 1}:{r}" for p, r in rolls.items())
                  + (f"; P{', P'.join(str(p + 1) for p in queue)} rolled the highest" if queue else ""))
        self.phase = "penalty"
        self.pending = {**pend, "queue": queue, "step": "pay"}

    def _finish_attempt(self) -> None:
        """GL-R25: tools go to the discard pile; other played cards and Life leave the game."""
        pend = self.pending
        for _, card in pend["cards"]:
            if self.deck.kind(card) == "tool" or self.rules.nontool_played_cards == "discard_pile":
                self.supply_discards = self.supply_discards + (card,)
            else:
                self.removed = self.removed + (card,)
        self.life_removed += sum(pend["life"])
        self.phase, self.pending = "turn", None

    def _pay(self, p: int, what: str) -> None:
        if what == "life":
            self._set("life", p, self.life[p] - 1)
            self.life_removed += 1
        else:
            self._lose(p, "recovery")
            self.removed = self.removed + ("recovery",)
        self._say(f"P{p + 1} pays {'a Life token' if what == 'life' else 'a Recovery card'} (GL-R26)")

    def _do_pay(self, what: str) -> None:
        self._pay(mover(self), what)
        self.phase, self.pending = "penalty", {**self.pending, "step": "draw"}

    def _do_trait(self, choice: str) -> None:
        p = mover(self)
        card = self.pending["revealed_card"]
        if choice == "discard":
            self._lose(p, card)
            self.supply_discards = self.supply_discards + (card,)
        self._say(f"P{p + 1} {'keeps' if choice == 'keep' else 'discards'} the {card}")
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        pend = self.pending
        self.phase = "penalty"
        self.pending = {**pend, "queue": pend["queue"][1:], "step": "pay"}

    def _do_take_life(self, victim: int) -> None:
        pend = self.pending
        if self.rules.infection_loss_blockable_by_recovery and "recovery" in self.hands[victim]:
            self._lose(victim, "recovery")  # GL-A16 variant: the Recovery card absorbs it
            self.removed = self.removed + ("recovery",)
            self._say(f"P{victim + 1} loses a Recovery card to The Infection")
        else:
            self._set("life", victim, self.life[victim] - 1)
            self.life_removed += 1
            self._say(f"The Infection takes a Life token from P{victim + 1}")
            if self.rules.zero_tokens_eliminates and self.life[victim] == 0:  # GL-A16
                self.out |= {victim}
                self._say(f"P{victim + 1} has no Life token left and is out (zero_tokens_eliminates)")
        self.pending = {**pend, "left": pend["left"] - 1, "hit": pend["hit"] + (victim,)}
        if self.pending["left"] == 0 or not victims(self):
            self._remove_infected()

    def _remove_infected(self) -> None:
        p = self.pending["infected"]
        self.out |= {p}  # GL-R24: the infected player is removed
        self._say(f"P{p + 1} is removed from the game (GL-R24)")
        self._next_in_queue()

    def _process_penalty(self) -> None:
        """Resolve the failure queue until a player must choose (GL-R23, GL-R24, GL-R26)."""
        while self.phase == "penalty":
            pend = self.pending
            if not pend["queue"]:
                self._finish_attempt()
                return
            p = pend["queue"][0]
            if pend["step"] == "pay" and p in self.out:  # removed earlier in this queue
                self._next_in_queue()
                continue
            if pend["step"] == "pay":
                has_life, has_rec = self.life[p] > 0, "recovery" in self.hands[p]
                if has_life and has_rec:
                    self.phase = "pay"
                    return
                if has_life or has_rec:
                    self._pay(p, "life" if has_life else "recovery")
                else:  # GL-R26: left to die alone
                    self.out |= {p}
                    self._say(f"P{p + 1} can pay neither a Life token nor a Recovery card and is "
                              "out of the game (GL-R26)")
                    if self.rules.skip_draw_if_eliminated:  # GL-A13
                        self._next_in_queue()
                        continue
                self.pending = {**self.pending, "step": "draw"}
                continue
            # step "draw": a random card from the hand, revealed to all (GL-R23b)
            hand = self.hands[p]
            if not hand:
                self._say(f"P{p + 1} has no Supply card to draw")
                self._next_in_queue()
                continue
            card = hand[rng_for(self.seed, "random-draw", self.attempts, p).randrange(len(hand))]
            kind = self.deck.kind(card)
            self._say(f"a random card drawn from P{p + 1}'s hand is revealed: {card}")
            if card == INFECTION:  # GL-R24
                self.pending = {**pend, "infected": p, "hit": ()}
                take = self.life[p]
                available = sum(self.life[v] for v in victims(self))
                if self.rules.infection_loss_blockable_by_recovery:
                    available += sum(self.hands[v].count("recovery") for v in victims(self))
                left = min(take, available)
                self._say(f"P{p + 1} is infected and removes {left} Life token(s) from the others")
                self.pending = {**self.pending, "left": left}
                if left == 0:
                    self._remove_infected()
                    continue
                self.phase = "take_life"
                return
            if kind == "trait" or (kind == "alien_proof"
                                   and self.rules.alien_proof_on_random_draw == "keep_or_discard"):
                self.pending = {**pend, "revealed_card": card}
                self.phase = "trait"
                return
            self._next_in_queue()  # tools, Recovery (GL-R23b) and Alien Proof (GL-A14) are kept

    # voting (GL-R27)
    def _do_vote(self, target: int) -> None:
        self._spend(2, "vote")
        seats = order_from(self, self.current, self.rules.out_players_vote)
        voters = tuple(p for p in seats if p != target)
        self.phase, self.pending = "vote", {"target": target, "voters": voters, "idx": 0, "yes": 0}
        self._say(f"P{self.current + 1} calls a vote to leave P{target + 1} behind")

    def _do_ballot(self, vote: str) -> None:
        pend = self.pending
        yes = pend["yes"] + (vote == "yes")
        idx = pend["idx"] + 1
        self._say(f"P{mover(self) + 1} votes {vote}")
        if self.phase == "give_up":
            if vote == "no":  # GL-A29: unanimity fails at the first NO
                self._say("the Team does not give up")
                self.phase, self.pending = "turn", None
            elif idx == len(pend["voters"]):
                self.result = "gave_up"
            else:
                self.pending = {**pend, "yes": yes, "idx": idx}
            return
        if idx < len(pend["voters"]):
            self.pending = {**pend, "yes": yes, "idx": idx}
            return
        base = idx if self.rules.vote_base == "votes_cast" else len(in_game(self))
        target = pend["target"]
        if 2 * yes > base:  # GL-R27: a strict majority; a tie fails
            self.out |= {target}
            self._say(f"{yes} of {base} vote yes: P{target + 1} is left behind (GL-R27)")
        else:
            self._say(f"{yes} of {base} vote yes: no strict majority, the vote fails (GL-R27)")
        self.phase, self.pending = "turn", None

    # the flow between actions
    def play(self, action: Any) -> None:
        """The action (parsed and checked by ``State.play``, or drawn from the legal actions by a
        playout): its rule function (:data:`DO`), then the automatic steps after it."""
        DO[action[0]](self, *action[1:])
        self.settle()

    def settle(self) -> None:
        """The automatic steps after an action (or the deal), until a player must choose."""
        phase = self.phase
        if phase == "penalty":
            self._process_penalty()
            phase = self.phase
        if phase == "setup_discard" and over_setup_hand(self) is None:
            self.phase = phase = "turn"
        if phase == "hand_limit" and over_hand_limit(self) is None:
            self.phase = phase = "turn"
        out = self.out
        if self.result is None and (out or "human" not in self.roles) and not any(
                role == "human" and p not in out  # GL-R31.2: no Human left in the game
                for p, role in enumerate(self.roles)):  # (nobody out: any Human is in it)
            self.result = "no_humans"
        # Whether the Team is trapped is remembered by the Desert, which the next states share
        # until a tile is placed.
        if (self.result is None and (phase == "turn" or phase == "setup_discard")
                and _is_trapped(self.desert, self.team)):
            self.result = "trapped"  # GL-R31.4, GL-A28
        if self.result is not None:
            if self.pending and "cards" in self.pending and "life" in self.pending:
                self._finish_attempt()  # GL-R25: a game that ends mid-attempt still settles the pile
            if self.phase == "crash" and self.pending:  # cards drawn at a Crash Site, not handed
                self.supply_discards = self.supply_discards + tuple(self.pending["drawn"])  # GL-R11
            self.phase, self.pending = "over", None
            self._say(END_REASONS[self.result])
            return
        if phase == "turn" and (self.ap <= 0 or self.current in out):
            self._next_turn()

    def _next_turn(self) -> None:
        # GL-A20: the next seat in turn order still in the game (the leader again if alone)
        n, step, out, current = self.players, self.step, self.out, self.current
        nxt = next(seat for seat in ((current + i * step) % n for i in range(1, n + 1))
                   if seat not in out)
        self.current = nxt
        self.ap = ACTION_POINTS + self.banked[nxt]
        self._set("banked", nxt, 0)
        self.used = frozenset()
        self.turn_number += 1
        self._say(f"P{nxt + 1} is the leader now ({self.ap} AP)")


#: Action kind -> the Draft method applying it, ``DO[kind](draft, *args)`` (:meth:`Draft.play`):
#: named, not built from the kind, so readers, mypy and dead-code tools follow every handler. The
#: kinds are :data:`.actions.ARITY`'s; an action comes here parsed and checked (a gap is a bug).
DO: Final[Mapping[str, Callable[..., None]]] = {
    "discard": Draft._do_discard, "scout": Draft._do_scout, "end_turn": Draft._do_end_turn,
    "give_up": Draft._do_give_up, "move": Draft._do_move, "clear": Draft._do_clear,
    "vote": Draft._do_vote, "keep": Draft._do_keep, "place": Draft._do_place,
    "remove": Draft._do_remove, "crash": Draft._do_crash, "pile": Draft._do_pile,
    "done": Draft._do_done, "roll": Draft._do_roll, "pay": Draft._do_pay,
    "trait": Draft._do_trait, "take_life": Draft._do_take_life, "ballot": Draft._do_ballot}

__all__ = ["Draft", "DO"]
