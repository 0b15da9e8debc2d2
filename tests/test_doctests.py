"""The examples in the package's docstrings run (python-chess style: docstrings hold runnable
examples). One test per module of ``doppelnb``, engines, core, widgets and explainers alike."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import doppelnb

MODULES = sorted(m.name for m in pkgutil.walk_packages(doppelnb.__path__, "doppelnb.")
                 if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
