"""The reader scored on a table's own corrected rolls (vision/scoring.py, `companion check-reader`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.cli import main
from companion.devices.examples import ExampleCollector
from companion.service import Companion
from vision.reader import read_dice
from vision.scoring import LabelsError, load_examples, score
from vision.synthetic import render_scene


def _scene(seed: int) -> tuple[np.ndarray, list[dict[str, Any]]]:
    """Four white dice on wood, seen from overhead and apart (SYNTHETIC), and their true dice as labels."""
    image, truth = render_scene(seed, 640, 480, 4, ("white",), "white_on_wood", die_px=(50.0, 60.0), tilt_deg=(0, 5))
    return image, [{"value": d.value, "color": d.color, "bbox": list(d.bbox)} for d in truth]


def _saved(service: Companion, folder: Path, *labels: tuple[np.ndarray, list[dict[str, Any]]]) -> Path:
    """Labelled examples written as the service writes a corrected roll (see ExampleCollector.save)."""
    collector = ExampleCollector(service, {}.get, folder)
    for index, (image, dice) in enumerate(labels):
        collector.save(image, dice, f"roll-{index}")
    return folder / "labels.jsonl"


def test_rolls_labelled_as_they_lie_are_all_read_right(service: Companion, tmp_path: Path) -> None:
    labels = _saved(service, tmp_path / "examples", _scene(0), _scene(1))
    result = score(load_examples(labels), read_dice, labels.parent)
    assert (result.pictures, result.dice, result.right, result.exact) == (2, 8, 8, 2)
    assert (result.unread, result.missed, result.extra) == (0, 0, 0)
    assert result.value_accuracy() == 1.0 and result.colour_accuracy() == 1.0
    assert result.misreads == []
    assert sum(result.confusion.values()) == 8 and all(true == read for true, read in result.confusion)


def test_a_die_read_otherwise_than_labelled_is_listed_with_what_was_read(service: Companion, tmp_path: Path) -> None:
    image, dice = _scene(0)
    true_value = dice[0]["value"]
    dice[0] = {**dice[0], "value": 6 if true_value != 6 else 1}  # a label saying otherwise than the die shows
    labels = _saved(service, tmp_path / "examples", (image, dice))
    result = score(load_examples(labels), read_dice, labels.parent)
    assert (result.dice, result.right, result.exact) == (4, 3, 0)
    assert result.confusion[(dice[0]["value"], true_value)] == 1
    (misread,) = result.misreads
    assert misread.image == "images/roll-0.jpg"
    assert misread.describe().startswith(f"images/roll-0.jpg: a {dice[0]['value']} (white) at {dice[0]['bbox']}")
    assert f"read as {true_value} (white, " in misread.describe()


def test_a_die_left_out_of_the_labels_is_found_where_none_lies_and_one_labelled_on_the_table_is_missed(
    service: Companion, tmp_path: Path
) -> None:
    image, dice = _scene(1)
    nowhere = {"value": 2, "color": "white", "bbox": [0, 0, 20, 20]}
    labels = _saved(service, tmp_path / "examples", (image, [*dice[1:], nowhere]))
    result = score(load_examples(labels), read_dice, labels.parent)
    assert (result.dice, result.right, result.missed, result.extra, result.exact) == (4, 3, 1, 1, 0)
    missed, extra = sorted(result.misreads, key=lambda m: m.truth is None)
    assert missed.truth is not None and missed.truth.bbox == (0, 0, 20, 20) and missed.read is None
    assert missed.describe().endswith("missed")
    assert extra.truth is None and extra.read is not None and extra.read.value == dice[0]["value"]


def test_a_malformed_line_is_named(tmp_path: Path) -> None:
    labels = tmp_path / "labels.jsonl"
    good = {"image": "images/a.jpg", "dice": [{"value": 3, "color": None, "bbox": [1, 1, 9, 9]}]}
    bad = {"image": "images/b.jpg", "dice": [{"value": 9, "bbox": [1, 1, 9, 9]}]}
    labels.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(LabelsError, match=r"labels.jsonl, line 2: a die's value must be 1 to 6 or null, got 9"):
        load_examples(labels)
    labels.write_text("{not json\n")
    with pytest.raises(LabelsError, match="line 1: not JSON"):
        load_examples(labels)
    labels.write_text(json.dumps({"image": "a.jpg", "dice": [{"value": 2, "bbox": [5, 5, 5, 9]}]}) + "\n")
    with pytest.raises(LabelsError, match="x1 > x0"):
        load_examples(labels)


def test_a_picture_that_cannot_be_read_is_listed_and_the_others_are_scored(service: Companion, tmp_path: Path) -> None:
    labels = _saved(service, tmp_path / "examples", _scene(2))
    (labels.parent / "images" / "broken.jpg").write_bytes(b"not a picture")
    with labels.open("a") as handle:
        handle.write(json.dumps({"image": "images/broken.jpg", "dice": []}) + "\n")
        handle.write(json.dumps({"image": "images/gone.jpg", "dice": []}) + "\n")
    result = score(load_examples(labels), read_dice, labels.parent)
    assert (result.pictures, result.right) == (1, 4)
    assert [u.split(":")[0] for u in result.unreadable] == ["images/broken.jpg", "images/gone.jpg"]


def test_check_reader_prints_the_table_s_figures(
    service: Companion, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image, dice = _scene(3)
    dice[1] = {**dice[1], "value": 6 if dice[1]["value"] != 6 else 1}
    _saved(service, tmp_path / "examples", (image, dice), _scene(4))
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 0
    out = capsys.readouterr().out
    assert "2 pictures, 8 labelled dice" in out
    assert "values read right: 7 of 8 (87.5%)" in out
    assert "pictures read exactly: 1 of 2" in out
    assert "not read right:\n  images/roll-0.jpg: a " in out
    assert main(["--data-dir", str(tmp_path), "check-reader", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["dice"], figures["right"], figures["value_accuracy"]) == (8, 7, 0.875)


def test_check_reader_without_examples_says_how_they_are_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 0
    assert "no examples yet" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "check-reader", "--examples", str(tmp_path / "elsewhere")]) == 1
    assert "elsewhere/labels.jsonl does not exist" in capsys.readouterr().err


def test_a_die_labelled_without_a_value_is_not_scored_nor_taken_for_one_found_where_none_lies(
    service: Companion, tmp_path: Path
) -> None:
    image, dice = _scene(5)
    dice[2] = {**dice[2], "value": None}
    labels = _saved(service, tmp_path / "examples", (image, dice))
    result = score(load_examples(labels), read_dice, labels.parent)
    assert (result.dice, result.right, result.extra, result.exact) == (3, 3, 0, 1)
