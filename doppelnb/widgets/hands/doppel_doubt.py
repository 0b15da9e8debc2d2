"""Doppel Doubt: round 2 at ten seats (round 1 only sets up)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .base import MAX_BUTTONS, Choice, HandGame, Policy, sentence


class DoppelDoubtHand(HandGame):
    game = "doppel_doubt"
    players = 10
    explains = "round"
    notation = "an action such as card 61, shape 3 or place (4, 5) (4, 6) (5, 5) (5, 6)"

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def new(self, players: int, seed: int, bots: Sequence[Policy], rng: random.Random) -> Any:
        """Round 1 sets up (cards, starting squares, the first draft: nothing is placed), so the
        bots play it for every seat, the person's included, and the hand is round 2."""
        state = self.module.new_game(players, seed=seed)
        while state.round == 1 and not state.is_over:
            state = state.play(bots[state.to_move](state, rng))
        return state

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.round != start.round)

    def describe(self, start: Any) -> str:
        return (f"A hand is one round at ten seats (the game's round counter, round "
                f"{start.round} of 10): each seat secretly plays a card, ranks the shapes for "
                "the draft and places the shape its partner drafted for it; then the round "
                "resolves in descending card order. Round 1, which only sets up (cards, starting "
                "squares, the first draft), was played for every seat, yours too, by the greedy "
                "bot.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ...engines.doppel_doubt.render import view_html

        return str(view_html(state, seat, overlay=preview))

    def preview(self, state: Any, action: Any) -> Any:
        return action[1] if action[0] == "place" else None

    def prompt(self, state: Any, seat: int) -> str:
        step = state.step(seat)
        kind = step[0] if step else ""
        return {"card": "Play a card: the highest card resolves first (DB-R11).",
                "dark": "Decide whether to use the Power of Dark on your card.",
                "start": "Rank the starting squares of your letter, the one you want most first.",
                "shape": "Rank the revealed shapes, the one you want most first: the shape you "
                         "draft goes to your partner.",
                "place": "Place the shape your partner drafted for you: pick its turn, then the "
                         "squares (the board shows the placement you picked).",
                "light": "Decide whether to use the Power of Light.",
                "guess": f"Guess who holds {step[1] if step and len(step) > 1 else 'each colour'}.",
                "jester": "Name the Jester colour."}.get(kind, "Choose a move below.")

    def label(self, state: Any, action: Any) -> str:
        from ...engines.doppel_doubt.render import shape_label

        kind = action[0]
        if kind == "card":
            return f"play card {action[1]}"
        if kind == "dark":
            return f"Power of Dark: change your card by {action[1]:+d}"
        if kind == "start":
            return f"rank starting square {action[1]} next"
        if kind == "shape":
            return f"rank shape {action[1]} ({shape_label(state.offered[action[1]])}) next"
        if kind == "shapes_done":
            return "stop ranking (the rest at random)"
        if kind == "place":
            return "cover " + " ".join(f"({r}, {c})" for r, c in action[1])
        if kind == "forfeit":
            return "forfeit (no legal placement)"
        if kind == "light":
            return ("Power of Light: not this round" if action[1] is None
                    else f"Power of Light on ({action[1][0]}, {action[1][1]})")
        if kind == "guess":
            seats = " and ".join(f"seat {s}" for s in action[2]) or "no one"
            return f"guess {action[1]}: {seats}"
        return f"Jester colour: {action[1] or 'no guess'}"

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """Placements are grouped by the shape's turn (then the squares); guesses by the first
        seat named; the Power of Light by row; the rest are buttons."""
        legal = state.legal_actions()
        if not legal or len(legal) <= MAX_BUTTONS:
            return [Choice(self.label(state, a), a) for a in legal]
        shape = state.to_place[seat]
        turns = {}
        if shape is not None:
            for i, cells in enumerate(shape.rotations()):
                turns[_normal(cells)] = i
        out = []
        for a in legal:
            if a[0] == "place":
                group = f"the shape turned {90 * turns.get(_normal(a[1]), 0)}°"
            elif a[0] == "guess":
                group = f"{a[1]}: seat {a[2][0]} and …" if a[2] else f"{a[1]}: no one"
            elif a[0] == "light" and a[1] is not None:
                group = f"Power of Light, row {a[1][0]}"
            elif a[0] == "dark":
                group = "Power of Dark: lower" if a[1] < 0 else "Power of Dark: raise or keep"
            else:
                group = "other"
            out.append(Choice(self.label(state, a), a, True, group))
        return out

    def parse(self, state: Any, text: str) -> Any:
        words = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if words and words[0] in ("place", "cover") and all(w.isdigit() for w in words[1:]) \
                and len(words) % 2 == 1:
            nums = [int(w) for w in words[1:]]
            return ("place", [[nums[i], nums[i + 1]] for i in range(0, len(nums), 2)])
        if len(words) == 2 and words[0] in ("card", "shape") and words[1].isdigit():
            return (words[0], int(words[1]))
        return super().parse(state, text)

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        mover = before.to_move
        if after.round != before.round:
            return sentence(self._resolution(before, after, seat))
        if mover == seat:
            return sentence("You: " + self.label(before, after.actions[-1]))
        return f"Seat {mover} makes its secret choices for round {before.round}."

    def _resolution(self, before: Any, after: Any, seat: int) -> str:
        from ...engines.doppel_doubt.scoring import board_colour_scores

        gained = []
        for colour in ("red", "blue", "yellow", "green", "purple"):
            old = len(before.board.territory(colour))
            new = len(after.board.territory(colour))
            if new != old:
                gained.append(f"{colour} {new - old:+d} square(s)")
        scores = board_colour_scores(after.board)
        line = (f"Round {before.round} resolves: the cards are revealed and the placements claim "
                f"squares in descending card order (DB-R11); "
                + (", ".join(gained) or "no square changes hands")
                + "; colour scores (P − Q) now "
                + ", ".join(f"{c} {v[2]:+d}" for c, v in scores.items()))
        return line

    def explain(self, states: Sequence[Any], seat: int) -> str:
        state = states[-1]
        start = states[0]
        if state.round == start.round and not state.is_over:
            return (f"Round {state.round} resolves once all ten seats have chosen (DB-R5): then "
                    "the placements claim squares in descending card order, and a square claimed "
                    "earlier this round stays with that claim (DB-R11).")
        res = state.last_resolution()
        mine = [s for s in (res.steps if res is not None else ()) if s.seat == seat]
        own = ""
        if mine:
            step = mine[0]
            if step.void:
                own = f" Your placement (card {step.card}) was void: {step.void}."
            else:
                own = (f" Your shape (card {step.card}) claimed {len(step.claimed)} square(s)"
                       + (f" and lost {len(step.ignored)} to a higher card played earlier "
                          "(DB-R11)" if step.ignored else "")
                       + (f"; {len(step.held)} were yours already" if step.held else "") + ".")
        elif res is not None:
            own = " You placed no shape this round (DB-A12)."
        before = next(s for s in reversed(states) if s.round == start.round)
        return sentence(self._resolution(before, state, seat)) + own

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        from ...engines.doppel_doubt import colour_of, letter_of
        from ...engines.doppel_doubt.scoring import board_colour_scores

        you = state.view(seat).you
        colour = colour_of(you)
        scores = board_colour_scores(state.board)
        p, q, gap = scores[colour]
        mine = p if letter_of(you) == "P" else q
        where = (f"Round {state.round} of 10" if not self.over(start, state)
                 else f"Round {start.round} is over")
        return (f"{where}. You are {you}: your score is {mine}, your colour's {gap:+d} "
                "(P − Q, DB-R17). Colour scores: "
                + ", ".join(f"{c} {v[2]:+d}" for c, v in scores.items()) + ".")


def _normal(cells: Any) -> tuple[tuple[int, int], ...]:
    """Cells moved to the top-left corner: the same for every position of one turn of a shape."""
    cells = [tuple(c) for c in cells]
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


__all__ = ["DoppelDoubtHand"]
