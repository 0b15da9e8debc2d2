"""The quest game: the hero draft and Quest 1."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import MAX_BUTTONS, Choice, HandGame, sentence

_DQ_VERBS = {"pass": "pass {card} to your left (face down)",
             "contribute": "contribute {card} to the pool (face down)",
             "discard": "discard {card}", "give": "give {card} to the next party member",
             "rage": "rage: discard {card} for 2 Damage on the Quest"}
_DQ_QUIET = {"pass": "passes a card face down", "contribute": "contributes a card face down",
             "discard": "discards a card", "decline": "declines to use an ability"}


class QuestHand(HandGame):
    game = "doppelganger_quest"
    players = 5
    explains = "quest"
    notation = "an action such as target P3, keep black or tavern reroll"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.quest_no > max(1, start.quest_no))

    def describe(self, start: Any) -> str:
        return ("A hand is the hero draft and one Quest (the game's Quest counter, Quest 1): the "
                "item pass, the party, the pool, each member's turn, the outcome and the "
                "exhaustion steps.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ...engines.doppelganger_quest.render import view_html

        return str(view_html(state, seat))

    def prompt(self, state: Any, seat: int) -> str:
        return {"draft": "Pick your hero: its weapon must come next in the order Sword, Bow, "
                         "Staff.",
                "pass": "Pass one Item card face down to the player on your left.",
                "party": "You lead this Quest: choose who goes with you.",
                "contribute": "Contribute one Item card face down to the pool.",
                "give": "Hand out the pool's cards to the party, one at a time.",
                "keep": "You drew two dice from the bag: keep one (the other goes back).",
                "tavern": "You are not on the Quest: pick what you do in the tavern.",
                "target": "Give out the next unit (no one takes two in a row).",
                "flip": "Flip a face-down token of the row the Quest's outcome names."}.get(
                    state.phase, "Choose a move below.")

    def label(self, state: Any, action: Any) -> str:
        kind, args = action[0], action[1:]
        if kind in _DQ_VERBS:
            return _DQ_VERBS[kind].format(card=state.cards.card_name(args[0]))
        if kind == "hero":
            hero = state.cards.hero(args[0])
            return f"pick {hero.name} ({hero.weapon}, {hero.hp} hit points, {hero.ability})"
        if kind == "party":
            names = ", ".join(f"P{p + 1}" for p in args[0])
            return f"take {names} on the Quest" + (" with the animal" if args[1] else "")
        if kind == "keep":
            return f"keep the {args[0]} die"
        if kind == "tavern":
            return {"heal": "tavern: heal 1 Damage", "draw": "tavern: draw an Item card",
                    "reroll": "tavern: take a Re-roll marker"}.get(args[0], f"tavern {args[0]}")
        if kind in ("rogue", "knight", "reroll", "fireball", "animal"):
            return f"{kind}: {'yes' if args[0] else 'no'}"
        if kind == "flip":
            return f"flip token #{args[0] + 1}"
        if kind == "pass_turn":
            return "pass your turn (the Quest is already defeated)"
        if kind in ("target", "ff", "heal", "hand"):
            whom = "the animal" if args[0] == "animal" else f"P{args[0] + 1}"
            return {"target": f"send the next unit to {whom}",
                    "ff": f"friendly fire: hit {whom}", "heal": f"heal {whom}",
                    "hand": f"hand the rest of the units to {whom}"}[kind]
        if kind == "peek":
            return f"peek at {'Light' if args[0] == 'light' else 'Darkness'} token #{args[1] + 1}"
        if kind == "no_peek":
            return "do not peek"
        if kind == "decline":
            return "do not use your ability"
        return str(state.action_label(action))

    def choices(self, state: Any, seat: int) -> list[Choice]:
        legal = state.legal_actions()
        if len(legal) <= MAX_BUTTONS:
            return [Choice(self.label(state, a), a) for a in legal]
        return [Choice(self.label(state, a), a, True,
                       f"a party of {len(a.seats)}" if a.kind == "party" else a.kind)
                for a in legal]

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        mover = before.to_move
        action = tuple(after.actions[-1])
        seen = len(before.view(seat).log)
        events = "; ".join(after.view(seat).log[seen:])
        if mover == seat:
            line = f"You: {self.label(before, action)}"
            return sentence(f"{line}. {events}" if events else line)
        if events:
            return sentence(events)
        return sentence(f"P{mover + 1} {_DQ_QUIET.get(action[0], 'makes a choice')}")

    def explain(self, states: Sequence[Any], seat: int) -> str:
        quests = [s.view(seat).quest for s in states if s.view(seat).quest is not None]
        if not quests:
            return ("The heroes are being drafted: each pick must carry the next weapon in the "
                    "order Sword, Bow, Staff (DQ-R3). Then the Party Leader reveals Quest 1.")
        first = [q for q in quests if q.name == quests[0].name]
        q = first[-1]
        text = (f"Quest 1, {q.name}, needs {q.requirement}: the party has put "
                f"{q.damage} Damage on the card")
        if q.outcome is None:
            text += (". The Quest is tested once every member has had a turn (DQ-R28).")
            return text
        text += (f", so it {'succeeds' if q.outcome == 'success' else 'fails'} (DQ-R28). "
                 + (f"Reward: {q.reward} (DQ-R29)." if q.outcome == "success" else
                    f"Penalty: {q.penalty} Damage, shared ping-pong style (DQ-R30, DQ-R31)."))
        return text

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        from ...engines.doppelganger_quest.cards import ARTIFACTS

        view = state.view(seat)
        light = sum(1 for t in view.light if t in ARTIFACTS)
        dark = sum(1 for t in view.dark if t in ARTIFACTS)
        me = view.seats[seat]
        hero = (f"your hero {me.hero} has {me.hp - me.damage} of {me.hp} hit points"
                if me.hero and me.hp is not None else "you have not picked a hero yet")
        role = "a Doppelgänger" if me.loyalty == "doppelganger" else "a Loyal Adventurer"
        where = (f"Quest {view.quest_no}" if view.quest_no else "The hero draft")
        if state.is_over:
            where = f"The game is over: {state.outcome.reason}"
        return (f"{where}. Artifacts face up: Light {light} of 3, Darkness {dark} of 3 (three "
                f"win, DQ-R37). You are {role}; {hero}.")


__all__ = ["QuestHand"]
