"""Exported rule explainers: the notebooks as standalone HTML pages that work offline.

``python -m doppelnb explainers [NOTEBOOKS...] --out DIR`` (or :func:`main`) runs each notebook,
and writes one page per notebook plus ``index.html``; see :mod:`doppelnb.explainers.export`.
Needs the ``nbclient``/``nbconvert`` packages and ``npm`` (to fetch the widget renderer once).
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Export notebooks as explainers: ``[NOTEBOOKS...] --out DIR``; returns the exit status."""
    from .export import main as export_main  # imported lazily: nbconvert is slow to import

    return export_main(argv)


__all__ = ["main"]
