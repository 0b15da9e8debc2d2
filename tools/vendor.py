"""Thin wrapper kept for ``make vendor``: see :mod:`doppelnb.explainers.vendor`.

    python tools/vendor.py [DEST]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from doppelnb.explainers.vendor import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
