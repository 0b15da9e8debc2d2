"""Doppelgänger Tricks: the forecasts and one round of tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import Choice, HandGame, sentence, who


class TricksHand(HandGame):
    game = "doppelganger_tricks"
    players = 4
    explains = "trick"
    notation = "a card such as 4S, a lead such as 6D:C, or bid 2"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.round != start.round)

    def describe(self, start: Any) -> str:
        from ...engines.doppelganger_tricks import tricks_per_round

        return (f"A hand is one round (the game's round counter, round {start.round + 1} of "
                f"{start.rounds}): everyone forecasts, then {tricks_per_round(start.players)} "
                "tricks are played.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ...engines.doppelganger_tricks.render import view_html

        return str(view_html(state, seat))

    def prompt(self, state: Any, seat: int) -> str:
        if state.phase == "forecast":
            return "Forecast how many tricks you will win this round (secret until all are in)."
        if state.window is not None:
            return "You have no doppelgänger card left: take a bonus card now, or not."
        if not state.trick:
            return "You lead: play any card (a doppelgänger lead declares the lead suit)."
        return ("Play a card: dimmed cards may not be played to this trick; you may try one and "
                "read why.")

    def final_html(self, state: Any, seat: int) -> str:
        from ...engines.doppelganger_tricks.render import score_sheet_html, trick_svg

        t = state.last_trick()
        picture = "" if t is None else str(trick_svg(t.result, seats=t.players,
                                                     title="the last trick"))
        return f'<div class="doppelnb-view">{picture}{score_sheet_html(state)}</div>'

    @staticmethod
    def _card_name(c: Any) -> str:
        from ...engines.doppelganger_tricks.notation import SUIT_NAMES, SUIT_SYMBOLS

        return f"{SUIT_NAMES[c.suit]} {c.number} {SUIT_SYMBOLS[c.suit]}"

    def label(self, state: Any, action: Any) -> str:
        from ...engines.doppelganger_tricks import PASS, Bid, Claim
        from ...engines.doppelganger_tricks.notation import SUIT_NAMES, SUIT_SYMBOLS

        if isinstance(action, Bid):
            return f"bid {action.tricks}"
        if isinstance(action, Claim):
            return f"take the {action.bonus} bonus card"
        if action == PASS:
            return "take no bonus card"
        c, declared = action.card, action.declared
        if declared:
            return (f"lead {c} declaring {SUIT_NAMES[declared]} {SUIT_SYMBOLS[declared]} "
                    f"({action})")
        verb = "lead" if not state.trick else "play"
        return f"{verb} {c} ({self._card_name(c)})"

    def parse(self, state: Any, text: str) -> Any:
        words = text.split()
        if len(words) == 2 and words[0].lower() in ("bid", "forecast") and words[1].isdigit():
            return ("bid", int(words[1]))
        return super().parse(state, text)

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """Bids as buttons; in play, every card of the hand is a button (a refused one shows
        DT-R9), a led doppelgänger once per suit it may declare (DT-R8)."""
        from ...engines.doppelganger_tricks import Play

        legal = state.legal_actions()
        if state.phase != "play" or state.window is not None:
            return [Choice(self.label(state, a), a) for a in legal]
        out: list[Choice] = []
        for c in state.view(seat).hand:
            mine = [a for a in legal if isinstance(a, Play) and str(a.card) == c]
            out += [Choice(self.label(state, a), a) for a in mine]
            if not mine:
                from ...engines.doppelganger_tricks import card

                out.append(Choice(f"play {c} ({self._card_name(card(c))})", c, False))
        return out

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        from ...engines.doppelganger_tricks import PASS, Bid, Claim

        mover = before.to_move
        name = who(mover, seat, capital=True)
        s = "" if mover == seat else "s"
        action = after.actions[-1]
        parsed = before.parse_action(action)
        if isinstance(parsed, Bid):
            line = (f"You forecast {parsed.tricks} trick{'s' * (parsed.tricks != 1)}"
                    if mover == seat else f"{name} makes a secret forecast")
            if after.phase != "forecast":
                line += ("; every forecast is in and shown (DT-R6): "
                         + ", ".join(f"{who(p, seat)} {b}" for p, b in enumerate(after.bids)))
            return sentence(line)
        if isinstance(parsed, Claim):
            return sentence(f"{name} take{s} the {parsed.bonus} bonus card (DT-R15)")
        if parsed == PASS:
            return sentence(f"{name} take{s} no bonus card")
        verb = "lead" if not before.trick else "play"
        line = f"{name} {verb}{s} {parsed.card}"
        if parsed.declared:
            line += f", declaring the lead suit {parsed.declared}"
        done = after.tricks if after.round == before.round else after.last_round_tricks
        if len(done) and (after.round != before.round or len(after.tricks) > len(before.tricks)):
            t = done[-1]
            w = t.winner_player
            line += ("; nobody wins the trick" if w is None else
                     f"; {who(w, seat)} win{'' if w == seat else 's'} the trick") + \
                f" ({t.result.rule})"
            if after.round != before.round or after.is_over:
                row = after.sheet[-1]
                line += ". The round is scored: " + ", ".join(
                    f"{who(p, seat)} {pts}" for p, pts in enumerate(row.points))
        return sentence(line)

    def explain(self, states: Sequence[Any], seat: int) -> str:
        t = states[-1].last_trick()
        if t is None:
            return ("No trick has been played yet. A doppelgänger card takes the suit that was "
                    "led, and annihilates the plain card of that suit with its own number "
                    "(DT-R8, DT-R12).")
        r = t.result
        played = ", ".join(f"{who(p, seat)} {c}" for p, c in zip(t.players, r.cards, strict=True))
        # The result is the engine's resolve_trick verdict on the trick (DT-R8..R13).
        return (f"Trick {t.number}: {played} ({who(t.players[0], seat)} led, lead suit "
                f"{r.lead_suit}). {sentence(r.reason + f' ({r.rule})')}")

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        n = state.players
        totals = ", ".join(f"{who(p, seat)} {state.totals[p]}" for p in range(n))
        if self.over(start, state):
            row = state.sheet[-1]
            return (f"Round {start.round + 1} is over and scored (forecast / won → points): "
                    + ", ".join(f"{who(p, seat)} {row.bids[p]} / {row.won[p]} → {row.points[p]}"
                                for p in range(n)) + f". Totals: {totals}.")
        view = state.view(seat)
        bids = ", ".join(f"{who(p, seat)} "
                         + ("secret" if b is None and made else "–" if b is None else str(b))
                         + f" (won {won})"
                         for p, (b, made, won) in enumerate(zip(view.bids, view.bid_made,
                                                                view.won, strict=True)))
        return (f"Round {state.round + 1} of {state.rounds}. Forecasts: {bids}. "
                f"Totals: {totals}. An exact forecast scores 3, one off scores 1 (DT-R18).")


__all__ = ["TricksHand"]
