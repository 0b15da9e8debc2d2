"""Thin wrapper kept for ``make explainers``: see :mod:`doppelnb.explainers.export`.

    python tools/export_explainers.py [NOTEBOOKS...] [--out DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from doppelnb.explainers import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
