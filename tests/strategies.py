"""Hypothesis strategies shared by the engines' property tests."""

from hypothesis import strategies as st


def rules_strategy(rules_cls, only=None):
    """Every combination of a ``Rules`` class's readings (flags that list their choices).

    ``only`` restricts it to some flag names; the other flags keep their recommended default.
    """
    flags = [f for f in rules_cls.flags() if f.choices and (only is None or f.name in only)]
    return st.fixed_dictionaries({f.name: st.sampled_from(f.choices) for f in flags}).map(
        lambda values: rules_cls(**values))
