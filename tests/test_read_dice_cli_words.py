"""`companion read-dice` and `calibrate-colours` say what they read, and what is wrong with a path, in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_cli_dice import photo

import companion.cli.dice
from companion.cli.main import main
from vision.reading import DiceReading, Die

PYTHON_WORDS = re.compile(r"Error\b|Errno|Traceback")
"""What a message for a person never shows: a Python class name, an errno, a traceback."""


def read(tmp_path: Path, *argv: str) -> int:
    return main(["--data-dir", str(tmp_path), "read-dice", *argv])


@pytest.mark.parametrize("jsonl", [False, True])
def test_a_file_given_as_the_annotate_folder_is_said_once_and_every_photo_is_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jsonl: bool
) -> None:
    first = photo(tmp_path / "first.png", [(320, 4, "white")])
    second = photo(tmp_path / "second.png", [(320, 6, "blue")])
    taken = tmp_path / "empty.jpg"
    taken.write_bytes(b"")
    assert read(tmp_path, str(first), str(second), "--annotate", str(taken), *(["--jsonl"] if jsonl else [])) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2 and str(first) in out and str(second) in out
    assert len(err.splitlines()) == 1 and "not a folder" in err and not PYTHON_WORDS.search(err)
    if jsonl:
        (said,) = [json.loads(line) for line in err.splitlines()]
        assert said["annotate"] == str(taken) and said["error"].startswith(f"{taken}: not a folder")
    else:
        assert (
            err == f"companion: {taken}: not a folder (a file has that name), so no annotated copy can be written "
            "there; the photos are read without annotated copies\n"
        )
    assert taken.read_bytes() == b""


@pytest.mark.parametrize("where", ["a file/drawn", "/proc/nope"])
def test_an_annotate_folder_that_cannot_be_made_is_said_once_and_every_photo_is_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    if where.startswith("/proc") and not Path("/proc/self").exists():
        pytest.skip("needs /proc, where no folder can be made")
    (tmp_path / "a file").write_text("", encoding="utf-8")
    folder = tmp_path / where
    shot = photo(tmp_path / "shot.png", [(320, 4, "white")])
    assert read(tmp_path, str(shot), "--annotate", str(folder)) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"{shot}: 1 die in ")
    assert err.startswith(f"companion: {folder}: cannot make the folder for the annotated copies (")
    assert len(err.splitlines()) == 1 and not PYTHON_WORDS.search(err)


def test_a_photo_that_is_no_image_is_said_in_words_by_calibrate_colours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "notimage.jpg"
    broken.write_text("not a picture", encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"blue={broken}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {broken}: not an image") and not PYTHON_WORDS.search(err)
    assert not (tmp_path / "calibration.json").exists()


@pytest.mark.parametrize("command", ["read-dice", "calibrate-colours"])
def test_a_damaged_calibration_is_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    (tmp_path / "calibration.json").write_text("{not json", encoding="utf-8")
    shot = photo(tmp_path / "shot.png", [(320, 4, "white")])
    assert main(["--data-dir", str(tmp_path), command, f"white={shot}" if command != "read-dice" else str(shot)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {tmp_path / 'calibration.json'}: not a readable calibration")
    assert "CalibrationError" not in err


def test_a_photo_that_is_no_image_is_said_in_words_and_the_others_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_text("not a picture", encoding="utf-8")
    good = photo(tmp_path / "good.png", [(320, 4, "white")])
    assert read(tmp_path, str(broken), str(good)) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"{good}: 1 die in ") and str(broken) not in out
    assert err.startswith(f"companion: {broken}: not an image") and len(err.splitlines()) == 1


def test_one_die_is_one_die_and_each_is_said_with_its_value_colour_and_confidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = photo(tmp_path / "shot.png", [(320, 4, "white")])
    assert read(tmp_path, str(shot)) == 0
    line = capsys.readouterr().out
    assert re.fullmatch(rf"{re.escape(str(shot))}: 1 die in \d+ ms: 4 white \((0|1)\.\d\d\)\n", line), line


def test_dice_not_read_whole_are_said_with_a_question_mark_or_no_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    dice = (
        Die(4, "white", (10, 10, 60, 60), (35.0, 35.0), 0.93),
        Die(None, "blue", (100, 10, 150, 60), (125.0, 35.0), 0.3),
        Die(2, None, (200, 10, 250, 60), (225.0, 35.0), 0.551),
    )
    monkeypatch.setattr(companion.cli.dice, "read_dice", lambda image, calibration=None: DiceReading(dice, 640, 480))
    shot = photo(tmp_path / "shot.png", [])
    assert read(tmp_path, str(shot)) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(
        rf"{re.escape(str(shot))}: 3 dice in \d+ ms: "
        r"4 white \(0\.93\), \? blue \(0\.30\), 2 of unknown colour \(0\.55, a guess to confirm\)\n",
        out,
    ), out
    assert read(tmp_path, str(shot), "--jsonl") == 0
    (line,) = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert set(line) == {"image", "dice", "ms", "warnings"} and line["image"] == str(shot) and line["warnings"] == []
    assert line["dice"] == [
        {"value": 4, "color": "white", "bbox": [10, 10, 60, 60], "confidence": 0.93},
        {"value": None, "color": "blue", "bbox": [100, 10, 150, 60], "confidence": 0.3},
        {"value": 2, "color": None, "bbox": [200, 10, 250, 60], "confidence": 0.551},
    ]
    monkeypatch.setattr(companion.cli.dice, "read_dice", lambda image, calibration=None: DiceReading((), 640, 480))
    assert read(tmp_path, str(shot)) == 0
    assert re.fullmatch(rf"{re.escape(str(shot))}: no dice in \d+ ms\n", capsys.readouterr().out)


def test_a_picture_too_small_to_hold_a_die_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A tester's 1x1 PNG read as "no dice" alone, where the camera flags the same picture as too small.
    import cv2
    import numpy as np

    tiny = tmp_path / "one.png"
    cv2.imwrite(str(tiny), np.zeros((1, 1, 3), np.uint8))
    assert read(tmp_path, str(tiny)) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(
        rf"{re.escape(str(tiny))}: no dice in \d+ ms \(the picture is too small to hold a die: under 8x8 pixels\)\n",
        said,
    ), said
    assert read(tmp_path, str(tiny), "--jsonl") == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == ["image_too_small"]
