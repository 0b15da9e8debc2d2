"""Errors every engine raises: one family, each naming the rule that forbids the action.

>>> err = IllegalAction("DD-R11", "you hold Y1, so you must follow yellow")
>>> err.rule, err.reason
('DD-R11', 'you hold Y1, so you must follow yellow')
>>> str(err)
'DD-R11: you hold Y1, so you must follow yellow'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class RuleError(ValueError):
    """A rejected action, argument or data file.

    ``rule`` is the digest id that forbids it (``"DT-R9"``); ``reason`` is one plain sentence a
    student understands. Engines raise it *before* changing anything, so the state the call was
    made on is unchanged.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str]]:  # keep pickling (multiprocessing, nbclient) working
        return (type(self), (self.rule, self.reason))


class IllegalAction(RuleError):
    """A move that the rules forbid in this state."""


class BadInput(RuleError):
    """Malformed arguments, configuration, game records or data files."""


__all__ = ["RuleError", "IllegalAction", "BadInput"]
