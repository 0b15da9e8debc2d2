"""Setting up a game (DQ-R1..R10): Party Leader, Loyalty cards, hands, Quests and tokens.

Options arrange a scenario (for examples and teaching) and are kept in the record, so the game
still replays from JSON: ``pl`` (seat), ``loyalty`` (list of ``"loyal"`` / ``"doppelganger"``),
``hands`` (a list of card-id lists), ``deck_top`` (card ids on top of the Item deck),
``quests`` (Quest names on top of the Quest deck), ``light`` / ``dark`` (token orders).

>>> fields = deal(4, Rules(), 7, {"pl": 2})
>>> fields["pl"], fields["pending"], len(fields["hands"][0])
(2, ('draft', 2), 4)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from ...core.chance import rng_for
from ...core.checks import show
from ...core.errors import BadInput
from ...core.frozen import thaw
from .knowledge import ItemEvents
from .rules import ANIMALS, DOPPEL, LOYAL, LOYALTY, Rules, hand_size

OPTION_NAMES = frozenset({"pl", "loyalty", "hands", "deck_top", "quests", "light", "dark"})


def str_list(value: Any, what: str, rule: str) -> list[str]:
    """A list of strings from the options (``BadInput`` otherwise)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(rule, f"{what} must be a list of names, not {show(value)}")
    return list(value)


def option_seat(value: Any, n: int) -> int:
    """The ``pl`` option: a seat."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise BadInput("DQ-R2", f"the Party Leader is a seat from 0 to {n - 1}, not {show(value)}")
    return value


def deal(players: int, rules: Rules, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the first state (everything but the record header), DQ-R1..R10."""
    try:  # options are part of the JSON record: normalise them (tuples become lists)
        options = json.loads(json.dumps(thaw(options)))
    except (TypeError, ValueError, RecursionError):
        raise BadInput("NB-ARG", "scenario options must be JSON values (numbers, strings, "
                       "lists)") from None
    s = SimpleNamespace(seed=seed)
    cards = rules.card_set()
    s.cards = cards
    n = players
    s.pl = rng_for(s.seed, "party leader").randrange(n)  # DQ-R2
    if options.get("pl") is not None:
        s.pl = option_seat(options["pl"], n)
    dopp, loyal = LOYALTY[n]  # DQ-R10
    roles = [DOPPEL] * dopp + [LOYAL] * loyal
    rng_for(s.seed, "loyalty").shuffle(roles)
    if options.get("loyalty") is not None:
        roles = str_list(options["loyalty"], "loyalty", "DQ-R10")
        if sorted(roles) != sorted([DOPPEL] * dopp + [LOYAL] * loyal):
            raise BadInput("DQ-R10", f"{n} players need {dopp} '{DOPPEL}' and {loyal} "
                           f"'{LOYAL}' Loyalty cards, not {show(roles)}")
    s.loyalty = tuple(roles)
    deck = list(cards.item_deck())
    rng_for(s.seed, "items").shuffle(deck)  # DQ-R7
    k = hand_size(n)
    if len(deck) < k * n:
        raise BadInput("NB-DATA", f"the Item deck has {len(deck)} cards; {n} players need {k * n}")
    hands_opt = options.get("hands") or []
    if not isinstance(hands_opt, list):
        raise BadInput("DQ-R7", "hands is a list of card-id lists")
    fixed = [str_list(h, "a hand", "DQ-R7") for h in hands_opt]
    top = str_list(options.get("deck_top") or [], "deck_top", "DQ-R7")
    if fixed and (len(fixed) != n or any(len(h) != k for h in fixed)):
        raise BadInput("DQ-R7", f"hands must give {n} hands of {k} cards")
    chosen = [c for h in fixed for c in h] + top
    for c in chosen:
        cards.item(c)
    if len(set(chosen)) != len(chosen):
        raise BadInput("DQ-R7", "an Item card appears twice in the arranged hands/deck")
    rest = [c for c in deck if c not in set(chosen)]
    if fixed:
        hands = [tuple(h) for h in fixed]
    else:
        hands = [tuple(rest[i * k:(i + 1) * k]) for i in range(n)]
        rest = rest[k * n:]
    s.hands = tuple(hands)
    s.item_deck = tuple(top + rest)
    s.item_discard = ()
    quests = list(range(len(cards.quests)))
    rng_for(s.seed, "quests").shuffle(quests)
    names = [qc.name for qc in cards.quests]
    first = []
    for name in str_list(options.get("quests") or [], "quests", "DQ-A3"):
        if name not in names:
            raise BadInput("DQ-A3", f"there is no Quest card called {show(name)}")
        if names.index(name) in first:  # DQ-R7: one Quest deck, each Quest card once
            raise BadInput("DQ-R7", f"quests names {show(name)} twice; the Quest deck holds "
                           f"each of its {len(names)} Quests once")
        first.append(names.index(name))
    s.quest_deck = tuple(first + [i for i in quests if i not in first])
    s.quests_used = ()
    light, dark = list(cards.light), list(cards.dark)
    rng_for(s.seed, "light").shuffle(light)  # DQ-R9
    rng_for(s.seed, "dark").shuffle(dark)
    for key, row, base in (("light", light, cards.light), ("dark", dark, cards.dark)):
        if options.get(key) is not None:
            if sorted(str_list(options[key], key, "DQ-R9")) != sorted(base):
                raise BadInput("DQ-R9", f"the {key} row must be an order of {list(base)}")
            row[:] = options[key]
    s.light = tuple((t, False) for t in light)
    s.dark = tuple((t, False) for t in dark)
    s.heroes = (None,) * n
    s.damage = (0,) * n
    s.exhausted = (False,) * n
    s.rerolls = (0,) * n
    animal = ANIMALS.get(n)  # DQ-R6
    s.animal = None if animal is None else (animal[0], animal[1], animal[2], 0, True)
    s.q = None
    s.quest_no = 0
    s.queue = ()
    s.pending = ("draft", s.pl)
    s.pp = None
    s.winner = None
    s.end_reason = ""
    s.log_chain = None
    s.secret_chains = (None,) * n
    s.item_events = ItemEvents(None, ("deal", s.hands))  # knowledge.py: who saw what
    del s.seed
    return vars(s)


__all__ = ["deal", "OPTION_NAMES"]
