"""A tiny counting game used to test the shared core and the stepper without any real engine.

Players take turns adding 1 or 2 to a running total that starts at a seeded value in 0..3; the
game ends when the total reaches the target (a variant flag). The player who reaches it scores 1.
"""

from __future__ import annotations

import types
from dataclasses import dataclass

from doppelnb.core import BadInput, GameState, IllegalAction, RulesBase, flag, rng_for


@dataclass(frozen=True)
class Rules(RulesBase):
    prefix = "toy"
    target: int = flag(10, [10, 15], rule="TOY-A1", doc="the total that ends the game")
    exact: bool = flag(False, [False, True], rule="TOY-A2", doc="must the target be hit exactly")


class State(GameState):
    game = "toy"
    Rules = Rules
    option_names = frozenset()

    @classmethod
    def initial(cls, players, rules, seed, options):
        if players not in (2, 3):
            raise BadInput("TOY-R1", f"the toy game is for 2 or 3 players, not {players}")
        state = cls()
        state._init_record(players, rules, seed, options)
        state.total = rng_for(state.seed, "start").randint(0, 3)
        state.turn = 0
        return state

    def legal_actions(self):
        steps = [1, 2]
        if self.rules.exact:
            steps = [s for s in steps if self.total + s <= self.rules.target]
        return steps

    @property
    def to_move(self):
        return None if self.is_over else self.turn % self.players

    @property
    def is_over(self):
        return self.total >= self.rules.target

    @property
    def scores(self):
        out = [0] * self.players
        if self.is_over:
            out[(self.turn - 1) % self.players] = 1
        return tuple(out)

    def parse_action(self, action):
        if isinstance(action, str) and action.isdigit():
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise BadInput("TOY-R2", f"an action is the number 1 or 2, not {action!r}")
        return action

    def _check(self, action):
        if action not in (1, 2):
            raise IllegalAction("TOY-R2", f"you add 1 or 2 to the total, not {action}")
        if action not in self.legal_actions():
            raise IllegalAction("TOY-A2", f"adding {action} would overshoot {self.rules.target}")

    def _apply(self, action):
        return self._evolve(total=self.total + action, turn=self.turn + 1)

    def action_label(self, action):
        return f"+{action}"

    def _repr_svg_(self):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
                f'<text x="4" y="15">{self.total}</text></svg>')


def new_game(players, *, rules=Rules(), seed=None):
    return State.initial(players, rules, seed, {})


from_json = State.from_json

module = types.SimpleNamespace(Rules=Rules, new_game=new_game, from_json=from_json, State=State)
