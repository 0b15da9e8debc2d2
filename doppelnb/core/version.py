"""The package's version, for core modules that write it down (a sweep's checkpoint identity).

``doppelnb.__version__`` stays the literal the build reads (``[tool.hatch.version]``); core keeps
its own copy so that it never imports the package above it. tests/test_registry.py checks the two
are equal.
"""

VERSION = "0.2.0"

__all__ = ["VERSION"]
