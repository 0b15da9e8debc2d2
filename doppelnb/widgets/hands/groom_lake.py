"""Groom Lake: the set-up and one round of leader turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import Choice, HandGame, sentence, who

_GL_WORDS = {"discard": "discard {0} (face down)", "scout": "scout: draw Desert tiles (1 AP)",
             "end_turn": "end your turn", "give_up": "propose that the Team gives up",
             "keep": "keep tile {0}", "remove": "remove the {0} discard from the game",
             "pile": "add {0} to the clearing pile", "done": "add nothing more to the pile",
             "roll": "roll the dice", "pay": "pay with {0}", "trait": "{0} the revealed card",
             "ballot": "vote {0}"}
#: what a bot's action looks like to the others when the engine reports no event for it
_GL_QUIET = {"done": "adds nothing more to the pile", "end_turn": "ends the turn"}


class GroomLakeHand(HandGame):
    game = "groom_lake"
    players = 4
    explains = "turn"
    notation = "an action such as move 1 0, clear 0 1, scout or pile canteen"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.turn_number - start.turn_number >= state.players)

    def describe(self, start: Any) -> str:
        return (f"A hand is the set-up and one round of turns (the game's turn counter): each of "
                f"the {start.players} players leads one turn, turns 1 to {start.players}, unless "
                "the game ends first.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ...engines.groom_lake.render import view_html

        marks = []
        if state.to_move == seat and state.phase == "place":
            marks = sorted({a.at for a in state.legal_actions()})  # Place actions
        return str(view_html(state, seat, marks=marks))

    def prompt(self, state: Any, seat: int) -> str:
        from ...engines.groom_lake.actions import WAITING_FOR

        text = WAITING_FOR.get(state.phase, "your move")
        return f"The game waits for {text}."

    def label(self, state: Any, action: Any) -> str:
        kind, args = action[0], action[1:]
        if kind in ("move", "clear", "place", "vote", "crash", "take_life"):
            text = str(state.action_label(action))
            if kind == "clear":
                text = "try to " + text
            if kind == "move":
                tile = state.tile_at(tuple(args))
                text += " (2 AP)" if tile is not None and tile.terrain == "mountain" else " (1 AP)"
            if kind == "vote":
                text += " (2 AP)"
            return text
        if kind == "pile" and args[0] == "life":
            return "add a Life token to the clearing pile"
        if kind == "pay" and args[0] == "life":
            return "pay with a Life token"
        if kind == "pay":
            return "pay with a Recovery card"
        from ...engines.groom_lake.legal import card_words

        plain = [card_words(a) if isinstance(a, str) else a for a in args]
        return _GL_WORDS.get(kind, " ".join(map(str, action))).format(*plain)

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """The legal actions; on the leader's turn also a move or clear to every neighbouring
        tile, so that a refused one can be tried (GL-R17, GL-R19). A placement is a two-step
        choice, position then rotation, once there are many."""
        from ...engines.groom_lake.actions import Crash, Place, action

        legal = state.legal_actions()
        out = [Choice(self.label(state, a), a, True,
                      f"place at {a.at}" if isinstance(a, Place) else
                      f"give {a.card}" if isinstance(a, Crash) else "") for a in legal]
        if state.phase == "turn":
            view = state.view(seat)
            x, y = view.team
            tiles = {q for q, _, _ in view.tiles}
            for kind in ("move", "clear"):
                for q in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)):
                    tried = action(kind, *q)
                    if q in tiles and tried not in legal:
                        out.append(Choice(self.label(state, tried), tried, False))
        return out

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        from ...engines.groom_lake.render import plain_words

        mover = before.to_move
        action = tuple(after.actions[-1])
        events = plain_words("; ".join(after.events))
        if mover == seat:
            line = f"You: {self.label(before, action)}"
            return sentence(f"{line}. {events}" if events else line)
        if events:
            return sentence(events)
        return sentence(f"P{mover + 1} {_GL_QUIET.get(action[0], 'makes a choice')}")

    def explain(self, states: Sequence[Any], seat: int) -> str:
        """The events of the current leader's turn so far (or of the last turn, when the current
        one has just begun), each naming the rule that decided it."""
        from ...engines.groom_lake.render import plain_words

        last = states[-1]
        turns: dict[int, list[str]] = {}
        leaders: dict[int, int] = {}
        for before, after in zip(states, states[1:], strict=False):
            turn = before.turn_number
            leaders.setdefault(turn, before.current)
            events = [e for e in after.events if "is the leader now" not in e]
            turns.setdefault(turn, []).extend(events)
        turn = last.turn_number if turns.get(last.turn_number) else last.turn_number - 1
        if turn not in turns or not turns[turn]:
            return ("Nothing has happened yet. Each leader has 2 Action Points to scout, move, "
                    "clear or call a vote (GL-R12).")
        leader = leaders[turn]
        head = "The set-up and turn 1" if turn == 1 else f"Turn {turn}"
        return sentence(f"{head} ({who(leader, seat)} leading): "
                        + plain_words("; ".join(turns[turn])))

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        view = state.view(seat)
        n = state.players
        life = ", ".join(f"{who(p, seat)} {view.life[p]}" for p in range(n))
        points = sum(state.deck.points.get(c, 0) for c in view.hand
                     if state.deck.kind(c) in ("trait", "alien_proof"))
        if state.is_over:
            return sentence(f"The game is over: {state.outcome.reason}")
        turn = state.turn_number - start.turn_number + 1
        where = (f"turn {min(turn, n)} of {n} in this hand, {who(view.leader, seat)} leading"
                 f" with {view.ap} AP" if not self.over(start, state)
                 else f"the hand is over after {n} turns")
        return (f"{where[0].upper() + where[1:]}. Life tokens: {life}. Your scoring cards show "
                f"{points} point(s), which count if the Team reaches Civilization (GL-R32).")


__all__ = ["GroomLakeHand"]
