"""The five games as a person plays them for one hand, for :func:`.play_hand.play_hand`.

Each :class:`HandGame` says, for its engine, what one hand is (read from the state's public
counters: the round, the leader's turns, the quest number), which buttons the person gets and
with which plain-language labels, what a move looks like to the person (:meth:`~HandGame.move_line`:
a bot's face-down card is "a card face down", never the card), how the last trick or turn is
explained, and the score line. Everything is read through the engines' public state API
(``legal_actions``, ``play``, ``view``, ``to_move``, ``is_over``, public fields such as the trick
log) and their renderings; what a seat sees is drawn by the engine's ``view_html``.

Nothing here decides a rule: every verdict, winner and refusal comes from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import RuleError
from ..core.render import escape

#: Above this many choices, the legal moves are offered as a two-step choice (two dropdowns).
MAX_BUTTONS = 20

Policy = Callable[[Any, random.Random], Any]


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the person may press: ``label`` in plain words, the ``action`` it plays, whether
    it is ``legal`` now (an illegal one is offered so that the person can try it and read the
    rule), and the ``group`` it belongs to in a two-step choice."""

    label: str
    action: Any
    legal: bool = True
    group: str = ""


def who(seat: int, me: int, *, capital: bool = False) -> str:
    """"you" for the person's own seat, "P3" for the others."""
    if seat == me:
        return "You" if capital else "you"
    return f"P{seat + 1}"


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class HandGame:
    """One engine as a hand to play; the subclasses fill in the game's own words."""

    game = ""
    #: the player count a hand is dealt for, and the counts a person may ask for
    players = 3
    player_counts: tuple[int, ...] = (3,)
    #: what the explain button explains ("trick", "turn", "round", "quest")
    explains = "turn"
    #: an example of the game's notation for the text box
    notation = ""

    def __init__(self, module: Any) -> None:
        self.module = module

    # -- the hand ---------------------------------------------------------------------------
    def new(self, players: int, seed: int, bots: Sequence[Policy], rng: random.Random) -> Any:
        """The state the person's hand starts from (a fresh deal; Doppel Doubt plays round 1)."""
        return self.module.new_game(players, seed=seed)

    def over(self, start: Any, state: Any) -> bool:
        raise NotImplementedError

    def describe(self, start: Any) -> str:
        """One sentence: what a hand is here, read from which counter of the state."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        return f"P{seat + 1}"

    # -- what the person sees ---------------------------------------------------------------
    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        raise NotImplementedError

    def final_html(self, state: Any, seat: int) -> str:
        """What the view shows once the hand is over (by default the seat's view)."""
        return self.view_html(state, seat)

    def prompt(self, state: Any, seat: int) -> str:
        """What the person is asked to do now, in one short sentence."""
        return "Choose a move below."

    def choices(self, state: Any, seat: int) -> list[Choice]:
        return [Choice(self.label(state, a), a) for a in state.legal_actions()]

    def label(self, state: Any, action: Any) -> str:
        return str(state.action_label(action))

    def preview(self, state: Any, action: Any) -> Any:
        """What to draw for a move picked but not yet played (a placement), or ``None``."""
        return None

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        """The move from ``before`` to ``after`` as ``seat`` may know it (``None``: say nothing)."""
        raise NotImplementedError

    def explain(self, states: Sequence[Any], seat: int) -> str:
        raise NotImplementedError

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        raise NotImplementedError

    def parse(self, state: Any, text: str) -> Any:
        """The action a person typed: the engine's own parsing, after a look among the legal
        actions' notation and labels (so "bid 2" works where the engine reads ("bid", 2))."""
        wanted = " ".join(text.split()).lower()
        for action in state.legal_actions():
            if wanted in (str(action).lower(), self.label(state, action).lower()):
                return action
        return state.parse_action(text)


# -- Doppeldoppel ------------------------------------------------------------------------------
class DoppeldoppelHand(HandGame):
    game = "doppeldoppel"
    players = 3
    player_counts = (3, 4)
    explains = "trick"
    notation = "a card such as Y5 (with 4 players, a lead such as Y5/Y)"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.round != start.round)

    def describe(self, start: Any) -> str:
        return (f"A hand is one round (the game's round counter, round {start.round + 1} of "
                f"{start.rounds}): {start.tricks_per_round} tricks, until the hands are empty.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ..engines.doppeldoppel.render import view_html

        return str(view_html(state, seat))

    def _card_name(self, state: Any, card: Any) -> str:
        return f"{state.rules.colour_name(card.colour)} {card.rank}"

    def prompt(self, state: Any, seat: int) -> str:
        if not state.trick:
            return "You lead: play any card (with 4 players, face down, declaring a colour)."
        return ("Play a card: the ringed cards follow the rules; you may try another one and "
                "read why it is refused.")

    def final_html(self, state: Any, seat: int) -> str:
        from ..engines.doppeldoppel.render import score_sheet_html, trick_svg

        t = state.log[-1]
        labels = [who(s, seat) + (" (lead)" if i == 0 else "") for i, s in enumerate(t.seats)]
        return (f'<div class="doppelnb-view">{trick_svg(t.result, labels, title="the last trick")}'
                f"{score_sheet_html(state)}</div>")

    def label(self, state: Any, action: Any) -> str:
        from ..engines.doppeldoppel import Lead

        if isinstance(action, Lead):
            return (f"lead {action.card} face down, declare "
                    f"{state.rules.colour_name(action.colour)}")
        verb = "lead" if not state.trick else "play"
        down = " face down" if state.players == 3 and state.trick else ""
        return f"{verb} {action}{down} ({self._card_name(state, action)})"

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """Every card of the hand is a button: the legal ones play, the others are refused with
        the rule (DD-R11) when pressed."""
        from ..engines.doppeldoppel import Lead

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
            return _sentence(line)
        player, card = after.view(seat).trick[-1]
        verb = ("lead" if len(after.trick) == 1 else "play") + ("" if mover == seat else "s")
        if card is None:
            declared = (f", declaring {after.rules.colour_name(after.lead_colour)}"
                        if len(after.trick) == 1 and after.lead_colour else "")
            return _sentence(f"{name} {verb} a card face down{declared}")
        down = " face down" if mover == seat and before.players == 3 and before.trick else ""
        return _sentence(f"{name} {verb} {card}{down}")

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
        from ..engines.doppeldoppel import pile_counts, round_score

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


# -- Doppelgänger Tricks ------------------------------------------------------------------------
class TricksHand(HandGame):
    game = "doppelganger_tricks"
    players = 4
    player_counts = (3, 4)
    explains = "trick"
    notation = "a card such as 4S, a lead such as 6D:C, or bid 2"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.round != start.round)

    def describe(self, start: Any) -> str:
        from ..engines.doppelganger_tricks import tricks_per_round

        return (f"A hand is one round (the game's round counter, round {start.round + 1} of "
                f"{start.rounds}): everyone forecasts, then {tricks_per_round(start.players)} "
                "tricks are played.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ..engines.doppelganger_tricks.render import view_html

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
        from ..engines.doppelganger_tricks.render import sheet_html, trick_svg

        t = state.last_trick()
        picture = "" if t is None else str(trick_svg(t.result, seats=t.players,
                                                     title="the last trick"))
        return f'<div class="doppelnb-view">{picture}{sheet_html(state)}</div>'

    @staticmethod
    def _card_name(c: Any) -> str:
        from ..engines.doppelganger_tricks.notation import SUIT_NAMES, SUIT_SYMBOLS

        return f"{SUIT_NAMES[c.suit]} {c.number} {SUIT_SYMBOLS[c.suit]}"

    def label(self, state: Any, action: Any) -> str:
        from ..engines.doppelganger_tricks import PASS, Bid, Claim
        from ..engines.doppelganger_tricks.notation import SUIT_NAMES, SUIT_SYMBOLS

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
        from ..engines.doppelganger_tricks import Play

        legal = state.legal_actions()
        if state.phase != "play" or state.window is not None:
            return [Choice(self.label(state, a), a) for a in legal]
        out: list[Choice] = []
        for c in state.view(seat)["hand"]:
            mine = [a for a in legal if isinstance(a, Play) and str(a.card) == c]
            out += [Choice(self.label(state, a), a) for a in mine]
            if not mine:
                from ..engines.doppelganger_tricks import card

                out.append(Choice(f"play {c} ({self._card_name(card(c))})", c, False))
        return out

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        from ..engines.doppelganger_tricks import PASS, Bid, Claim

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
            return _sentence(line)
        if isinstance(parsed, Claim):
            return _sentence(f"{name} take{s} the {parsed.bonus} bonus card (DT-R15)")
        if parsed == PASS:
            return _sentence(f"{name} take{s} no bonus card")
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
        return _sentence(line)

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
                f"{r.lead_suit}). {_sentence(r.reason + f' ({r.rule})')}")

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
                         for p, (b, made, won) in enumerate(zip(view["bids"], view["bid_made"],
                                                                view["won"], strict=True)))
        return (f"Round {state.round + 1} of {state.rounds}. Forecasts: {bids}. "
                f"Totals: {totals}. An exact forecast scores 3, one off scores 1 (DT-R18).")


# -- Groom Lake ---------------------------------------------------------------------------------
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
    player_counts = (3, 4, 5, 6)
    explains = "turn"
    notation = "an action such as move 1 0, clear 0 1, scout or pile canteen"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.turn_number - start.turn_number >= state.players)

    def describe(self, start: Any) -> str:
        return (f"A hand is the set-up and one round of turns (the game's turn counter): each of "
                f"the {start.players} players leads one turn, turns 1 to {start.players}, unless "
                "the game ends first.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ..engines.groom_lake.render import view_html

        marks = []
        if state.to_move == seat and state.phase == "place":
            marks = sorted({(a[1], a[2]) for a in state.legal_actions()})
        return str(view_html(state, seat, marks=marks))

    def prompt(self, state: Any, seat: int) -> str:
        from ..engines.groom_lake.actions import WAITING_FOR

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
        return _GL_WORDS.get(kind, " ".join(map(str, action))).format(*args)

    def parse(self, state: Any, text: str) -> Any:
        try:
            return super().parse(state, text)
        except RuleError:
            words = text.split()
            if not words:
                raise
            return tuple([words[0], *(int(w) if w.lstrip("-").isdigit() else w
                                      for w in words[1:])])

    def choices(self, state: Any, seat: int) -> list[Choice]:
        """The legal actions; on the leader's turn also a move or clear to every neighbouring
        tile, so that a refused one can be tried (GL-R17, GL-R19). A placement is a two-step
        choice, position then rotation, once there are many."""
        legal = state.legal_actions()
        out = [Choice(self.label(state, a), a, True,
                      f"place at ({a[1]}, {a[2]})" if a[0] == "place" else
                      f"give {a[1]}" if a[0] == "crash" else "") for a in legal]
        if state.phase == "turn":
            x, y = state.view(seat)["team"]
            tiles = state.view(seat)["tiles"]
            for kind in ("move", "clear"):
                for q in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)):
                    action = (kind, *q)
                    if q in tiles and action not in legal:
                        out.append(Choice(self.label(state, action), action, False))
        return out

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        mover = before.to_move
        action = tuple(after.actions[-1])
        events = "; ".join(after.events)
        if mover == seat:
            line = f"You: {self.label(before, action)}"
            return _sentence(f"{line}. {events}" if events else line)
        if events:
            return _sentence(events)
        return _sentence(f"P{mover + 1} {_GL_QUIET.get(action[0], 'makes a choice')}")

    def explain(self, states: Sequence[Any], seat: int) -> str:
        """The events of the current leader's turn so far (or of the last turn, when the current
        one has just begun), each naming the rule that decided it."""
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
        return _sentence(f"{head} ({who(leader, seat)} leading): " + "; ".join(turns[turn]))

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        view = state.view(seat)
        n = state.players
        life = ", ".join(f"{who(p, seat)} {view['life'][p]}" for p in range(n))
        points = sum(state.deck.points.get(c, 0) for c in view["hand"]
                     if state.deck.kind(c) in ("trait", "alien_proof"))
        if state.is_over:
            return _sentence(f"The game is over: {state.outcome.reason}")
        turn = state.turn_number - start.turn_number + 1
        where = (f"turn {min(turn, n)} of {n} in this hand, {who(view['leader'], seat)} leading"
                 f" with {view['ap']} AP" if not self.over(start, state)
                 else f"the hand is over after {n} turns")
        return (f"{where[0].upper() + where[1:]}. Life tokens: {life}. Your scoring cards show "
                f"{points} point(s), which count if the Team reaches Civilization (GL-R32).")


# -- Doppel Doubt -------------------------------------------------------------------------------
class DoppelDoubtHand(HandGame):
    game = "doppel_doubt"
    players = 10
    player_counts = (10,)
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
        from ..engines.doppel_doubt.render import view_html

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
        from ..engines.doppel_doubt.render import shape_label

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
            return _sentence(self._resolution(before, after, seat))
        if mover == seat:
            return _sentence("You: " + self.label(before, after.actions[-1]))
        return f"Seat {mover} makes its secret choices for round {before.round}."

    def _resolution(self, before: Any, after: Any, seat: int) -> str:
        from ..engines.doppel_doubt.render import board_colour_scores

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
        return _sentence(self._resolution(before, state, seat)) + own

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        from ..engines.doppel_doubt import colour_of, letter_of
        from ..engines.doppel_doubt.render import board_colour_scores

        you = state.view(seat)["you"]
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


# -- Doppelgänger (the quest game) -------------------------------------------------------------
_DQ_VERBS = {"pass": "pass {card} to your left (face down)",
             "contribute": "contribute {card} to the pool (face down)",
             "discard": "discard {card}", "give": "give {card} to the next party member",
             "rage": "rage: discard {card} for 2 Damage on the Quest"}
_DQ_QUIET = {"pass": "passes a card face down", "contribute": "contributes a card face down",
             "discard": "discards a card", "decline": "declines to use an ability"}


class QuestHand(HandGame):
    game = "doppelganger_quest"
    players = 5
    player_counts = (4, 5, 6, 7, 8)
    explains = "quest"
    notation = "an action such as target P3, keep black or tavern reroll"

    def over(self, start: Any, state: Any) -> bool:
        return bool(state.is_over or state.quest_no > max(1, start.quest_no))

    def describe(self, start: Any) -> str:
        return ("A hand is the hero draft and one Quest (the game's Quest counter, Quest 1): the "
                "item pass, the party, the pool, each member's turn, the outcome and the "
                "exhaustion steps.")

    def view_html(self, state: Any, seat: int, preview: Any = None) -> str:
        from ..engines.doppelganger_quest.render import seat_view_html

        return str(seat_view_html(state, seat))

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
        return str(state.action_label(action))

    def choices(self, state: Any, seat: int) -> list[Choice]:
        legal = state.legal_actions()
        if len(legal) <= MAX_BUTTONS:
            return [Choice(self.label(state, a), a) for a in legal]
        return [Choice(self.label(state, a), a, True,
                       f"a party of {len(a[1])}" if a[0] == "party" else str(a[0]))
                for a in legal]

    def move_line(self, before: Any, after: Any, seat: int) -> str | None:
        mover = before.to_move
        action = tuple(after.actions[-1])
        seen = len(before.view(seat)["log"])
        events = "; ".join(after.view(seat)["log"][seen:])
        if mover == seat:
            line = f"You: {self.label(before, action)}"
            return _sentence(f"{line}. {events}" if events else line)
        if events:
            return _sentence(events)
        return _sentence(f"P{mover + 1} {_DQ_QUIET.get(action[0], 'makes a choice')}")

    def explain(self, states: Sequence[Any], seat: int) -> str:
        quests = [s.view(seat)["quest"] for s in states if s.view(seat)["quest"] is not None]
        if not quests:
            return ("The heroes are being drafted: each pick must carry the next weapon in the "
                    "order Sword, Bow, Staff (DQ-R3). Then the Party Leader reveals Quest 1.")
        first = [q for q in quests if q["name"] == quests[0]["name"]]
        q = first[-1]
        text = (f"Quest 1, {q['name']}, needs {q['requirement']}: the party has put "
                f"{q['damage']} Damage on the card")
        if q["outcome"] is None:
            text += (". The Quest is tested once every member has had a turn (DQ-R28).")
            return text
        text += (f", so it {'succeeds' if q['outcome'] == 'success' else 'fails'} (DQ-R28). "
                 + (f"Reward: {q['reward']} (DQ-R29)." if q["outcome"] == "success" else
                    f"Penalty: {q['penalty']} Damage, shared ping-pong style (DQ-R30, DQ-R31)."))
        return text

    def score_line(self, start: Any, state: Any, seat: int) -> str:
        from ..engines.doppelganger_quest.cards import ARTIFACTS

        view = state.view(seat)
        light = sum(1 for t in view["light"] if t in ARTIFACTS)
        dark = sum(1 for t in view["dark"] if t in ARTIFACTS)
        me = view["seats"][seat]
        hero = (f"your hero {me['hero']} has {me['hp'] - me['damage']} of {me['hp']} hit points"
                if me["hero"] else "you have not picked a hero yet")
        role = "a Doppelgänger" if me["loyalty"] == "doppelganger" else "a Loyal Adventurer"
        where = (f"Quest {view['quest_no']}" if view["quest_no"] else "The hero draft")
        if state.is_over:
            where = f"The game is over: {state.outcome.reason}"
        return (f"{where}. Artifacts face up: Light {light} of 3, Darkness {dark} of 3 (three "
                f"win, DQ-R37). You are {role}; {hero}.")


HAND_GAMES: dict[str, type[HandGame]] = {
    "doppeldoppel": DoppeldoppelHand, "doppelganger_tricks": TricksHand,
    "groom_lake": GroomLakeHand, "doppel_doubt": DoppelDoubtHand,
    "doppelganger_quest": QuestHand}


def hand_game(name: str) -> HandGame:
    """The :class:`HandGame` of a ``doppelnb.GAMES`` name."""
    from .. import GAMES

    return HAND_GAMES[name](GAMES[name])


def html_list(lines: Sequence[str]) -> str:
    """Lines as an HTML list, escaped."""
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


__all__ = ["Choice", "HandGame", "HAND_GAMES", "hand_game", "MAX_BUTTONS", "who"]
