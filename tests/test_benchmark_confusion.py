"""benchmarks/confusion.py: the confusion matrices of an evaluation report, as text."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "confusion", Path(__file__).resolve().parents[1] / "benchmarks" / "confusion.py"
)
assert _SPEC is not None and _SPEC.loader is not None
confusion = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(confusion)

MATRIX = [[1, 8, 1, 0, 0, 0, 0]] + [[0] * 7 for _ in range(5)]
for _value in range(2, 7):
    MATRIX[_value - 1][_value] = 4


def test_each_row_gives_the_share_read_right() -> None:
    lines = confusion.table(MATRIX)
    assert lines[0].split()[:2] == ["true", "unread"]
    assert lines[1].split() == ["1", "1", "8", "1", "0", "0", "0", "0", "0.800"]
    assert lines[2].split()[-1] == "1.000"


def test_a_report_of_two_datasets_prints_both_and_the_overall(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = {"confusion_gt_rows_pred_cols_0unknown": MATRIX}
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"overall": figures, "datasets": {"a": figures, "b": figures}}))
    assert confusion.main([str(report)]) == 0
    titles = [line for line in capsys.readouterr().out.splitlines() if line.startswith("confusion matrix")]
    assert titles == ["confusion matrix, a:", "confusion matrix, b:", "confusion matrix, OVERALL:"]


def test_an_unreadable_report_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "broken.json"
    report.write_text("{not json")
    assert confusion.main([str(report)]) == 2
    assert "broken.json" in capsys.readouterr().err
