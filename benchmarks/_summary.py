"""One table for all engines from the reports the benchmarks just wrote (``make bench``)."""

from __future__ import annotations

import json
import sys

from _timing import COLUMNS, REPORTS


def cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}x" if value < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return "" if value is None else str(value)


def main() -> int:
    reports = [json.loads(p.read_text()) for p in sorted(REPORTS.glob("*.json"))]
    if not reports:
        print("no benchmark reports in build/bench/: run the benchmarks first")
        return 1
    head = ["engine", *COLUMNS.values()]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for rep in reports:
        row = [rep["game"]]
        for key in COLUMNS:
            value = rep.get(key)
            row.append(f"{value:.2f}x" if key == "peer_ratio" and isinstance(value, float)
                       else f"{value:,.0f}" if isinstance(value, float) else cell(value))
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
