"""The rulebook's worked examples as ready states, and the seeded golden cases.

- :func:`minotaur_example`: DQ-E3, the Minotaur Quest failed by three Fireballs and the
  4-Damage penalty ping-ponged from the Party Leader.
- ``GOLDEN``: seeded random games (one per main reading) whose records and transcripts are
  stored in ``tests/golden/doppelganger_quest/`` by ``tools/golden.py``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.checks import check_instance
from .rules import DOPPEL, LOYAL, Rules
from .state import State, new_game

MINOTAUR = "Escape The Bloodthirsty Minotaur"
KATE, MIKE, NATE = 0, 1, 2


def minotaur_example(rules: Rules | None = None) -> State:
    """DQ-E3 arranged as a real game: Kate (P1, Party Leader, Knight), Mike (P2, Rogue) and
    Nate (P3, Wizard) go on the Minotaur Quest (10 or more damage); each casts a Fireball for
    3, total 9, so the Quest fails and Kate must ping-pong the 4-Damage penalty.

    Returns the state where Kate holds the four penalty markers (``pending`` is her first
    ``target``). The whole game replays from its JSON record.

    >>> s = minotaur_example()
    >>> s.q.damage, s.q.outcome, s.pending[:2]
    (9, 'failure', ('target', 0))
    """
    rules = check_instance(Rules() if rules is None else rules, "rules", Rules)
    s = new_game(4, rules=rules, seed=2024, pl=KATE, quests=[MINOTAUR],
                 loyalty=[LOYAL, LOYAL, LOYAL, DOPPEL],
                 hands=[["fireball.1", "dagger.1", "dagger.2", "dagger.3"],
                        ["fireball.2", "dagger.4", "dagger.5", "dagger.6"],
                        ["fireball.3", "dagger.7", "dagger.8", "dagger.9"],
                        ["sword.1", "sword.2", "sword.3", "sword.4"]],
                 deck_top=["bless.1", "bless.2"])
    script: list[tuple[Any, ...]] = [("hero", "Knight"), ("hero", "Rogue"), ("hero", "Wizard"), ("hero", "Barbarian"),
              ("pass", "dagger.1"), ("pass", "dagger.4"), ("pass", "dagger.7"),
              ("pass", "sword.1"), ("party", (KATE, MIKE, NATE), False),
              ("contribute", "fireball.2"), ("contribute", "fireball.3"),
              ("contribute", "fireball.1"), ("rogue", True),
              ("give", "fireball.2"), ("give", "fireball.3"), ("give", "fireball.1"),
              ("fireball", True), ("fireball", True), ("fireball", True), ("decline",),
              ("tavern", "reroll")]
    for action in script:
        s = s.play(action)
    return s


class GoldenCase(NamedTuple):
    """One golden game: a seeded random game (players, readings, seed) cut at ``max_actions``."""

    label: str
    players: int
    seed: int
    rules: dict[str, Any] = {}
    options: dict[str, Any] = {}
    policy_seed: int = 0
    max_actions: int = 90


#: The golden games: the default reading at 4, 5 and 8 players, and the main variant readings.
GOLDEN: tuple[GoldenCase, ...] = (
    GoldenCase("default_4p", 4, 11, policy_seed=1),
    GoldenCase("default_5p", 5, 12, policy_seed=2),
    GoldenCase("default_8p", 8, 13, policy_seed=3),
    GoldenCase("sequential_pass_always_limit_6p", 6, 14,
               {"item_pass": "sequential", "hand_limit_scope": "always"}, policy_seed=4),
    GoldenCase("no_reshuffle_limited_markers_5p", 5, 15,
               {"reshuffle_items": False, "limited_markers": True, "ff_split": True},
               policy_seed=5),
    GoldenCase("immediate_success_after_tavern_7p", 7, 16,
               {"success_check": "immediate", "tavern_timing": "after_outcome",
                "failure_order": "flip_then_penalty"}, policy_seed=6),
    GoldenCase("minotaur_quest_first_4p", 4, 2024, {},
               {"pl": 0, "quests": ["Escape The Bloodthirsty Minotaur"],
                "loyalty": [LOYAL, LOYAL, LOYAL, DOPPEL]}, policy_seed=7),
)

__all__ = ["minotaur_example", "MINOTAUR", "GOLDEN", "GoldenCase"]
