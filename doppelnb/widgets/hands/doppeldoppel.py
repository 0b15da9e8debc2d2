"""Doppeldoppel: a round of tricks; a face-down card stays a card back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import Choice, HandGame, sentence, who


class DoppeldoppelHand(HandGame):
    game = "doppeldoppel"
    players = 3
    explains = "trick"
    notation = "a card such as Y5 (with 4 players, a lead such as Y5/Y)"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.round != start.round)

    def describe(self, start: Any) -> str:
        return (f"A hand is one round (the game's round counter, round {start.round + 1} of "
                f"{start.rounds}): {start.tricks_per_round} tricks, until the hands are empty.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ...engines.doppeldoppel.render import view_html

        return str(view_html(state, seat))

    def _card_name(self, state: Any, card: Any) -> str:
        return f"{state.rules.colour_name(card.colour)} {card.rank}"

    def prompt(self, state: Any, seat: int) -> str:
        if not state.trick:
            return "You lead: play any card (with 4 players, face down, declaring a colour)."
        return ("Play a card: the ringed cards follow the rules; you may try another one and "
                "read why it is refused.")

    def final_html(self, state: Any, seat: int) -> str:
        from ...engines.doppeldoppel.render import score_sheet_html, trick_svg

        t = state.log[-1]
        labels = [who(s, seat) + (" (lead)" if i == 0 else "") for i, s in enumerate(t.seats)]
        return (f'<div class="doppelnb-view">{trick_svg(t.result, labels, title="the last trick")}'
                f"{score_sheet_html(state)}</div>")

    def label(self, state: Any, action: Any) -> str:
        from ...engines.doppeldoppel import Lead

        if isinstance(action, Lead):
            return (f"lead {action.card} face down, declare "
                    f"{state.rules.colour_name(action.colour)}")
        verb = "lead" if not state.trick else "play"
        down = " face down" if state.players == 3 and state.trick else ""
        return f"{verb} {action}{down} ({self._card_name(state, action)})"

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """Every card of the hand is a button: the legal ones play, the others are refused with
        the rule (DD-R11) when pressed."""
        from ...engines.doppeldoppel import Lead

        legal = state.legal_actions()
        out: list[Choice] = []
        for card in dict.fromkeys(state.view(seat).hand):
            mine = [a for a in legal if (a.card if isinstance(a, Lead) else a) == card]
            for action in mine:
                group = f"lead {card}" if isinstance(action, Lead) and len(mine) > 1 else ""
                out.append(Choice(self.label(state, action), action, True, group))
            if not mine:
                out.append(Choice(f"play {card} ({self._card_name(state, card)})", str(card),
                                  False))
        return out

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        mover = before.to_move
        name = who(mover, seat, capital=True)
        if len(after.log) > len(before.log):  # the trick is complete: every card is face up
            t = after.log[-1]
            cards = ", ".join(f"{who(s, seat)} {c}" for s, c in zip(t.seats, t.result.cards,
                                                                      strict=True))
            r = t.result
            end = ("nobody wins it" if r.winner is None else
                   f"{who(t.seats[r.winner], seat)} win{'' if t.seats[r.winner] == seat else 's'}"
                   f" it with {r.cards[r.winner]}")
            line = (f"{name} play{'' if mover == seat else 's'} the last card; the trick is "
                    f"shown: {cards}; {end} ({r.rule})")
            if after.round != before.round or after.is_over:
                scores = after.round_scores[-1]
                line += ". The round is scored: " + ", ".join(
                    f"{who(p, seat)} {s:+d}" for p, s in enumerate(scores))
            return sentence(line)
        player, card = after.view(seat).trick[-1]
        verb = ("lead" if len(after.trick) == 1 else "play") + ("" if mover == seat else "s")
        if card is None:
            declared = (f", declaring {after.rules.colour_name(after.lead_colour)}"
                        if len(after.trick) == 1 and after.lead_colour else "")
            return sentence(f"{name} {verb} a card face down{declared}")
        down = " face down" if mover == seat and before.players == 3 and before.trick else ""
        return sentence(f"{name} {verb} {card}{down}")

    def explain(self, states: Sequence[Any], seat: int) -> str:
        state = states[-1]
        if not state.log:
            return ("No trick has been played yet. The leader's card sets the lead colour; the "
                    "others must follow it if they can (DD-R11).")
        t = state.log[-1]
        labels = [who(s, seat) for s in t.seats]
        played = ", ".join(f"{lab} {c}" for lab, c in zip(labels, t.result.cards, strict=True))
        # The result is the engine's resolve_trick verdict on the trick's cards (DD-R13..R17).
        return (f"Trick {t.number + 1} of round {t.round + 1}: {played} ({labels[0]} led). "
                + " ".join(t.result.explain(labels)))

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        from ...engines.doppeldoppel import pile_counts, round_score

        n = state.players
        totals = ", ".join(f"{who(p, seat)} {state.totals[p]}" for p in range(n))
        if self.over(start, state):
            scores = state.round_scores[-1]
            return (f"Round {start.round + 1} is over and scored: "
                    + ", ".join(f"{who(p, seat)} {s:+d}" for p, s in enumerate(scores))
                    + f". Totals: {totals}. The most points after {state.rounds} rounds wins.")
        worth = ", ".join(f"{who(p, seat)} {round_score(pile_counts(state.piles[p]), state.rules):+d}"
                          for p in range(n))
        return (f"Round {state.round + 1} of {state.rounds}, trick {state.trick_number + 1} of "
                f"{state.tricks_per_round}. Totals: {totals}. The cards kept this round are worth "
                f"{worth} (scored when the round ends).")


__all__ = ["DoppeldoppelHand"]
