"""``python -m doppelnb``: see :mod:`doppelnb.cli` (``python -m doppelnb --help``)."""

from doppelnb.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
