"""benchmarks/doubt.py: how honest the reader's confidence is, band by band, and its sure readings that were wrong."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import cv2
import pytest

from tests.dice_drawing import draw_die, table

_SPEC = importlib.util.spec_from_file_location("doubt", Path(__file__).resolve().parents[1] / "benchmarks" / "doubt.py")
assert _SPEC is not None and _SPEC.loader is not None
doubt = importlib.util.module_from_spec(_SPEC)
sys.modules["doubt"] = doubt  # a dataclass looks its module up there
_SPEC.loader.exec_module(doubt)

needs_harness = pytest.mark.skipif(not doubt.HARNESS.exists(), reason="the shared harness is not beside the project")


def _rows(lines: list[str]) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in lines[1:-1]}


def test_each_band_gives_its_share_read_right_and_the_sure_wrongs_are_counted() -> None:
    dice = [doubt.Paired(0.95, True), doubt.Paired(0.92, False), doubt.Paired(1.0, True), doubt.Paired(0.55, True)]
    lines = doubt.band_lines(dice)
    rows = _rows(lines)
    assert rows["0.90-1.00"] == ["3", "2", "0.667"]
    assert rows["0.50-0.60"] == ["1", "1", "1.000"]
    assert rows["0.70-0.80"] == ["0", "0", "-"]
    assert lines[-1] == "sure (confidence >= 0.60): 3 read, 1 wrong (33.3% of the sure readings)"


def test_a_picture_of_one_die_without_a_box_is_paired_with_the_surest_die_read() -> None:
    truth = [{"value": 5, "bbox": None}]
    read = [
        {"value": 3, "confidence": 0.4, "bbox": [0, 0, 9, 9]},
        {"value": 5, "confidence": 0.8, "bbox": [1, 1, 9, 9]},
    ]
    assert doubt.paired(truth, read, match=None) == [doubt.Paired(0.8, True)]
    assert doubt.paired(truth, [{"value": None, "confidence": 0.0, "bbox": None}], match=None) == []


@needs_harness
def test_a_labelled_set_is_read_and_paired_by_the_harness_matching(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = table()
    boxes = [draw_die(image, (200, 200), 60, 10, 4, "white"), draw_die(image, (420, 260), 60, 35, 2, "white")]
    cv2.imwrite(str(tmp_path / "two.png"), image)
    # The 2 is labelled a 6: read right, it counts as a sure wrong.
    dice = [{"value": 4, "bbox": list(boxes[0])}, {"value": 6, "bbox": list(boxes[1])}]
    (tmp_path / "labels.jsonl").write_text(json.dumps({"image": "two.png", "dice": dice}) + "\n")
    assert doubt.main([str(tmp_path / "labels.jsonl")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{tmp_path.name}: 2 dice, 2 read with a value"
    assert out[-2].startswith("sure (confidence >= 0.60): 2 read, 1 wrong")


@needs_harness
def test_a_label_or_an_image_that_cannot_be_read_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"image": "a.png"}\n')
    assert doubt.main([str(labels)]) == 2
    assert "line 1" in capsys.readouterr().err
    (tmp_path / "a.png").write_bytes(b"not a picture")
    labels.write_text('{"image": "a.png", "dice": []}\n')
    assert doubt.main([str(labels)]) == 2
    assert "a.png" in capsys.readouterr().err
