"""Which of this installation's modules are compiled (mypyc), for ``python -m doppelnb --version``.

The platform wheels carry the checked Tricks engine compiled by mypyc: an extension module
(``state.cpython-311-x86_64-linux-gnu.so``) beside each compiled module's ``.py`` file, which
Python imports instead of the ``.py`` file. The pure wheel, the sdist and a source checkout have
no extension files. The list of what is compiled lives in one place, the build hook's ``include``
in ``pyproject.toml``; this module does not repeat it. It looks for extension files inside the
installed package (only those this interpreter can load: its ``EXTENSION_SUFFIXES``), imports
each such module, and reports those whose ``__file__`` is an extension file, that is, the
modules that are really loaded compiled in this process.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

#: The top-level package: the folder this installation imports ``doppelnb`` from.
PACKAGE = Path(__file__).resolve().parent.parent


def extension_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Module name -> extension file, for every extension module inside ``package`` that this
    interpreter can load. mypyc's shared library (``<hash>__mypyc.*.so``) lives next to the
    package, not inside it; a ``__mypyc`` library inside (a ``separate`` build) is no module."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found: dict[str, Path] = {}
    for path in sorted(package.rglob("*")):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is None or not path.is_file():
            continue
        stem = path.name[: -len(suffix)]
        if not stem.isidentifier() or stem.endswith("__mypyc"):
            continue
        parts = path.relative_to(package).parent.parts
        found[".".join((package.name, *parts, stem))] = path
    return found


def compiled_modules(package: Path = PACKAGE) -> tuple[str, ...]:
    """The modules of ``package`` loaded from extension files, sorted: empty for the pure engine.

    Each candidate is imported (it is what ``import`` gives this process); one that fails to
    import, or that Python loads from elsewhere, is not counted."""
    loaded = []
    for name in extension_files(package):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        origin = getattr(module, "__file__", None) or ""
        if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            loaded.append(name)
    return tuple(sorted(loaded))


def short_name(module: str) -> str:
    """``doppelnb.engines.doppelganger_tricks.kernel`` -> ``doppelganger_tricks.kernel``."""
    name = module.split(".", 1)[1] if "." in module else module
    return name.removeprefix("engines.")


def engine_summary(package: Path = PACKAGE) -> str:
    """``compiled: doppelganger_tricks.codes, doppelganger_tricks.deal, ...`` or ``pure Python``."""
    modules = compiled_modules(package)
    if not modules:
        return "pure Python"
    return "compiled: " + ", ".join(short_name(m) for m in modules)


__all__ = ["compiled_modules", "engine_summary", "extension_files", "short_name"]
