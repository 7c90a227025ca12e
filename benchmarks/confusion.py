"""Prints the value confusion matrices of a report written by ../shared/eval/eval_reader.py --json.

    python benchmarks/confusion.py REPORT.json

Rows are the true values 1..6; columns are "unread" (no value given), then the values 1..6 read. Dice that
were not found at all are not in the matrix (see the report's detection recall).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

COLUMNS = ("unread", "1", "2", "3", "4", "5", "6")


def table(matrix: list[list[int]]) -> list[str]:
    """The matrix as aligned text lines, with each row's share read right."""
    lines = ["true  " + " ".join(f"{c:>6}" for c in COLUMNS) + "   right"]
    for value, row in enumerate(matrix, start=1):
        total = sum(row)
        right = row[value] / total if total else 0.0
        lines.append(f"{value:>4}  " + " ".join(f"{n:>6}" for n in row) + f"   {right:.3f}")
    return lines


def report_lines(report: dict[str, Any]) -> list[str]:
    """One matrix per dataset, then the overall one when there are several datasets."""
    key = "confusion_gt_rows_pred_cols_0unknown"
    parts = list(report.get("datasets", {}).items())
    if len(parts) > 1:
        parts.append(("OVERALL", report["overall"]))
    lines = []
    for name, figures in parts:
        lines += [f"confusion matrix, {name}:", *table(figures[key]), ""]
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = json.loads(Path(argv[0]).read_text())
    except (OSError, ValueError) as error:
        print(f"cannot read the report {argv[0]}: {error}", file=sys.stderr)
        return 2
    print("\n".join(report_lines(report)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
