"""``python -m doppelnb.explainers [NOTEBOOKS...] --out DIR``."""

from . import main

raise SystemExit(main())
