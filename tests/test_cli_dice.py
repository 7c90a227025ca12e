"""`companion read-dice` and `companion calibrate-colours` on photos: what they print, write and refuse."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest
from dice_drawing import draw_die, table

from companion.cli.main import main
from vision.calibration import Calibration
from vision.image_io import load_image
from vision.reader import read_dice


def photo(path: Path, dice: list[tuple[int, int, str]]) -> Path:
    """A photo of dice (x, value, colour) in a row, written to `path`."""
    image = table(seed=len(dice) + len(path.name))
    for x, value, colour in dice:
        draw_die(image, (x, 240), 60, 15, value, colour)
    cv2.imwrite(str(path), image)
    return path


def test_read_dice_prints_one_json_line_per_photo_and_annotates_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = photo(tmp_path / "first.png", [(150, 3, "white"), (450, 5, "white")])
    second = photo(tmp_path / "second.png", [(300, 6, "blue")])
    drawn = tmp_path / "drawn"
    assert (
        main(["--data-dir", str(tmp_path), "read-dice", str(first), str(second), "--jsonl", "--annotate", str(drawn)])
        == 0
    )
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["image"] for line in lines] == [str(first), str(second)]
    assert sorted(die["value"] for die in lines[0]["dice"]) == [3, 5]
    assert [(die["value"], die["color"]) for die in lines[1]["dice"]] == [(6, "blue")]
    assert all(set(die) == {"value", "color", "bbox", "confidence"} for line in lines for die in line["dice"])
    # The annotated copy is the photo with each die outlined: it differs from the photo around the dice only.
    annotated = load_image(drawn / "second.annotated.jpg")
    assert annotated.shape == load_image(second).shape
    x0, y0, x1, y1 = lines[1]["dice"][0]["bbox"]
    changed = cv2.absdiff(annotated, load_image(second)).max(axis=2) > 60
    assert changed[max(0, y0 - 20) : y1 + 20, max(0, x0 - 20) : x1 + 20].sum() == changed.sum() > 0


def test_read_dice_names_a_file_that_is_no_image_and_reads_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_text("not a picture", encoding="utf-8")
    good = photo(tmp_path / "good.png", [(320, 4, "white")])
    assert main(["--data-dir", str(tmp_path), "read-dice", str(broken), str(good), "--jsonl"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.splitlines()] == [str(good)]
    assert json.loads(err.strip().splitlines()[-1])["image"] == str(broken)
    assert "broken.jpg" in json.loads(err.strip().splitlines()[-1])["error"]


def test_calibrate_colours_saves_the_colours_and_names_a_die_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blue = photo(tmp_path / "blue.png", [(320, 2, "blue")])
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    slip = photo(tmp_path / "slip.png", [(320, 4, "blue")])  # a blue die, named orange
    argv = ["--data-dir", str(tmp_path), "calibrate-colours", f"blue={blue}", f"orange={orange}", f"orange={slip}"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert f"left out orange={slip}: its die looks blue" in err
    assert "calibration of 2 colour examples saved" in out
    saved = Calibration.load(tmp_path / "calibration.json")
    assert saved.notes["examples"] == {"blue": 1, "orange": 1}
    assert [d.color for d in read_dice(load_image(slip), saved).dice] == ["blue"]


@pytest.mark.parametrize(
    ("item", "named"),
    [("blue", "'blue': expected COLOUR=IMAGE"), ("blue=missing.png", "missing.png")],
)
def test_calibrate_colours_names_a_bad_example_and_saves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], item: str, named: str
) -> None:
    good = photo(tmp_path / "good.png", [(320, 2, "green")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"green={good}", item]) == 1
    assert named in capsys.readouterr().err
    assert not (tmp_path / "calibration.json").exists()
