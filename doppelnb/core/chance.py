"""Seeded, recorded randomness.

A game stores one integer seed. Every chance event draws from its own stream, derived from the
seed and a label naming the event (``rng_for(seed, "deal", round_number)``). Streams do not depend
on how many random numbers earlier events used, so a state can be rebuilt from (setup, seed,
actions) alone, states stay immutable, and a game replays exactly from its JSON record.

>>> a = rng_for(7, "deal", 1).sample(range(36), 5)
>>> a == rng_for(7, "deal", 1).sample(range(36), 5)
True
>>> a == rng_for(7, "deal", 2).sample(range(36), 5)
False
"""

from __future__ import annotations

import hashlib
import random
import secrets

from .checks import show
from .errors import BadInput

MAX_SEED = 2**63 - 1


def make_seed(seed: int | None = None) -> int:
    """Validate ``seed``, or pick a fresh one when it is ``None`` (the game records it)."""
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadInput("NB-ARG", f"a seed is a whole number from 0 to {MAX_SEED}, not {show(seed)}")
    return seed


def stream_seed(seed: int, *labels: object) -> int:
    """The integer that seeds the stream of ``rng_for(seed, *labels)``: the first 16 bytes of the
    SHA-256 of ``"seed|label|..."``. (An engine that draws from CPython's C generator directly,
    as the compiled Tricks deal does, seeds it with this and gets the very same draws.)"""
    text = "|".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:16], "big")


def rng_for(seed: int, *labels: object) -> random.Random:
    """An independent random stream for the chance event named by ``labels``."""
    return random.Random(stream_seed(seed, *labels))


__all__ = ["make_seed", "rng_for", "stream_seed", "MAX_SEED"]
