"""core.state.ActionRun: a run of actions appended in one node is the very log ActionLog
builds one node at a time (issue 27: the playout hooks' final states), whatever reads it."""

from __future__ import annotations

import copy
import pickle

import pytest

from doppelnb.core.state import ActionLog, ActionRun

RUN = ("4S", ("bid", 2), "pass", ("claim", 1, "+1"), "6D:C")


def walk(log):
    """The actions read back node by node, newest first (as a determinizer reads them)."""
    out = []
    while log is not None:
        out.append(log.action)
        log = log.parent
    return out


@pytest.mark.parametrize("base", [None, ("Y5",), ("Y5", ("bid", 0), "1C")])
@pytest.mark.parametrize("size", [1, 2, len(RUN)])
def test_a_run_is_the_log_of_its_actions(base, size):
    actions = RUN[:size]
    head = ActionLog.of(base) if base else None
    expected = ActionLog.of(list(base or ()) + list(actions))
    for read in (list, len, hash, walk, repr, lambda x: pickle.loads(pickle.dumps(x)),
                 lambda x: x == expected, lambda x: expected == x):
        run = ActionRun(head, actions)  # a fresh run each time: each reader the first one
        assert read(run) == read(expected), read
    run = ActionRun(head, actions)
    assert run.action == actions[-1] and len(run) == len(expected)
    assert copy.deepcopy(run) is run
    assert ActionLog(run, "9T") == ActionLog(expected, "9T")
    assert hash(ActionLog(ActionRun(head, actions), "9T")) == hash(ActionLog(expected, "9T"))
    assert run != ActionLog.of(list(base or ()) + list(actions[:-1]) + ["1D"])


def test_a_run_freezes_json_arrays_as_a_log_does():
    run = ActionRun(None, (["bid", 1], "4S"))
    assert list(run) == list(ActionLog.of([["bid", 1], "4S"])) == [("bid", 1), "4S"]


def test_an_empty_run_is_refused():
    with pytest.raises(ValueError):
        ActionRun(None, ())
