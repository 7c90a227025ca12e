"""benchmarks/eval_seeds.py: each die matched to the reading over it and counted by what it read, readings where no
die lies counted as extra, and the pictures read otherwise than before named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.eval_seeds import differences, main, table, tally

TRUTH: list[dict[str, Any]] = [
    {"value": 3, "bbox": [0, 0, 40, 40]},
    {"value": 5, "bbox": [100, 0, 140, 40]},
    {"value": 1, "bbox": [200, 0, 240, 40]},
    {"value": 6, "bbox": [300, 0, 340, 40]},
]


def test_each_die_is_counted_by_what_the_reading_over_it_said() -> None:
    read = [
        (3, 0.9, [2.0, 1.0, 41.0, 40.0]),  # right, sure
        (2, 0.5, [101.0, 0.0, 140.0, 41.0]),  # wrong, a guess
        (None, 0.0, [200.0, 2.0, 238.0, 40.0]),  # found, no value
        (4, 0.95, [400.0, 0.0, 440.0, 40.0]),  # no die there, sure
        (6, 0.9, [330.0, 30.0, 370.0, 70.0]),  # too little of the 6 under it: an extra, and the 6 missed
    ]
    rows = tally(TRUTH, read)
    assert [row[0] for row in rows] == ["right", "guess wrong", "unread", "missed", "extra sure", "extra sure"]
    assert rows[1][1:4] == [5, 2, 0.5]


def test_a_reading_counts_for_one_die_only() -> None:
    truth = [{"value": 4, "bbox": [0, 0, 40, 40]}, {"value": 4, "bbox": [10, 0, 50, 40]}]
    rows = tally(truth, [(4, 0.9, [10.0, 0.0, 50.0, 40.0])])
    assert sorted(row[0] for row in rows) == ["missed", "right"]


def test_the_table_counts_exact_pictures_and_the_differences_name_the_picture() -> None:
    missed = [["missed", 2, None, 0, []]]
    before = {"a/webcam/images/1.jpg": [["right", 3, 3, 0.9, []]], "a/tray/images/2.jpg": missed}
    now = {"a/webcam/images/1.jpg": [["sure wrong", 3, 2, 0.9, []]], "a/tray/images/2.jpg": missed}
    kinds = {picture: Path(picture).parts[-3] for picture in before}
    lines = table(before, kinds)
    assert lines[1].split()[:3] == ["ALL", "2", "1"] and lines[1].split()[-1] == "1"  # 2 pictures, 1 right, 1 exact
    assert differences(before, now)[0] == "a/webcam/images/1.jpg" and len(differences(before, now)) == 3


def test_an_unknown_kind_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--kinds", "webcam,traay"])
    assert "traay" in capsys.readouterr().err


def test_a_reading_in_a_box_too_small_matches_only_as_the_harness_matches() -> None:
    # A 2 read from its top face alone, in a box a quarter of the die's: under 0.3 of their union, centre inside.
    truth = [{"value": 2, "bbox": [0, 0, 40, 40]}]
    read = [(2, 0.9, [12.0, 12.0, 30.0, 30.0])]
    assert [row[0] for row in tally(truth, read)] == ["missed", "extra sure"]
    assert [row[0] for row in tally(truth, read, lenient=True)] == ["right"]
