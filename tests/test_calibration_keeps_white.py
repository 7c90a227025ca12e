"""White is the colour of a die showing little colour, whatever a table was taught: taught blue, violet and green from
a demo frame, the white dice of the demo desk stay white; a teaching that would have the white dice of its own
picture read as a colour taught says so before anything is saved, and saves only when asked again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from dice_drawing import BODIES, draw_die, table
from test_web_calibrate import StillCamera

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import NAMED, Calibration, calibrate_from_examples, taught_over
from vision.calibration_check import white_dice, white_taken_for, whites_taken
from vision.image_io import load_image
from vision.palette import features
from vision.reader import read_dice

Dice = list[tuple[tuple[int, int, int, int], str]]
FRAMES = Path(__file__).resolve().parents[1] / "vision" / "demo_frames"
WARM_SHADED_WHITE = ((114, 129, 147), (30, 30, 30))
"""A white die in shade under a warm lamp, dark pips: as light as a green die, with a faint warm hue (75 degrees)."""


def _labels(name: str) -> list[tuple[tuple[int, int, int, int], str]]:
    """The box and colour of each die of a demo frame, as its labels hold them."""
    for line in (FRAMES / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["image"] == name:
            return [(tuple(die["bbox"]), str(die["color"])) for die in entry["dice"]]
    raise AssertionError(f"{name} is not among the demo frames' labels")


def _taught_from_demo_01() -> Calibration:
    """Blue x4, violet x4 and green x2, each die of demo_01 named as the calibration page pre-selects it."""
    image = load_image(FRAMES / "demo_01.jpg")
    return taught_over(calibrate_from_examples([(image, box, colour) for box, colour in _labels("demo_01.jpg")]), None)


def test_demo_01_shows_four_blue_four_violet_and_two_green_dice_as_the_page_preselects() -> None:
    truth = sorted(colour for _, colour in _labels("demo_01.jpg"))
    assert truth == ["blue"] * 4 + ["green"] * 2 + ["violet"] * 4
    read = sorted(str(die.color) for die in read_dice(load_image(FRAMES / "demo_01.jpg")).dice)
    assert read == truth
    green = _taught_from_demo_01().centres["green"]
    assert float(np.degrees(np.arctan2(green[1], green[0]))) == pytest.approx(146, abs=5)  # the default green's hue


@pytest.mark.parametrize("frame", ["demo_02.jpg", "demo_07.jpg", "demo_08.jpg"])
def test_the_demo_white_dice_read_white_after_blue_violet_and_green_are_taught(frame: str) -> None:
    calibration = _taught_from_demo_01()
    assert "white" in calibration.by_default and "white" not in calibration.centres
    colours = [die.color for die in read_dice(load_image(FRAMES / frame), calibration).dice]
    for colour in ("white", "green"):  # no white die read green
        assert colours.count(colour) == sum(labelled == colour for _, labelled in _labels(frame)), colours


def _scene(*coloured: str) -> tuple[np.ndarray, Dice]:
    """Dice of `coloured` in a row and two white dice in shade under a warm lamp below them, on dark wood."""
    BODIES.setdefault("warm shaded white", WARM_SHADED_WHITE)
    frame = table(colour=(40, 60, 95), seed=5)
    dice = [(draw_die(frame, (90 + 140 * i, 160), 60, 10, 3, c), c) for i, c in enumerate(coloured)]
    dice += [(draw_die(frame, (x, 360), 60, 20, 2, "warm shaded white"), "white") for x in (160, 420)]
    return frame, dice


def test_white_dice_in_warm_shade_stay_white_beside_blue_green_and_violet_taught() -> None:
    frame, dice = _scene("blue", "green", "violet", "green")
    taught = [(frame, box, colour) for box, colour in dice if colour != "white"]
    calibration = taught_over(calibrate_from_examples(taught), None)
    read = sorted((die.bbox, die.color) for die in read_dice(frame, calibration).dice)
    assert [colour for _, colour in read] == [colour for _, colour in sorted(dice)]
    assert white_taken_for(calibration) == ()  # and nothing is said of them: they are not taken


def test_a_faint_die_showing_the_hue_of_a_colour_taught_keeps_that_colour() -> None:
    calibration = _taught_from_demo_01()
    green = np.array(calibration.centres["green"], np.float32)
    faded = np.array([green[0] * 0.3, green[1] * 0.3, green[2]], np.float32)  # a tenth under CHROMATIC
    name, confidence = calibration.classify(faded)
    assert name == "green" and confidence >= NAMED


def test_what_is_said_of_white_dice_is_what_the_camera_reads_of_them() -> None:
    for calibration in (_taught_from_demo_01(), _orange_and_blue()[2]):
        for share in np.linspace(1.0, 0.5, 41):
            body = np.array([[round(c * share) for c in (190, 215, 245)]], np.uint8)
            name, confidence = calibration.classify(features(body)[0])
            if confidence >= NAMED and name not in ("white", "black", None):
                assert name in white_taken_for(calibration)


def _orange_and_blue() -> tuple[np.ndarray, Dice, Calibration]:
    frame, dice = _scene("orange", "blue")
    taught = [(frame, box, colour) for box, colour in dice if colour != "white"]
    return frame, dice, taught_over(calibrate_from_examples(taught), None)


def test_taught_orange_white_dice_under_a_warm_lamp_read_orange_and_the_check_names_them() -> None:
    frame, dice, calibration = _orange_and_blue()
    boxes = {n: box for n, (box, colour) in enumerate(dice, 1) if colour == "white"}
    assert whites_taken(calibration, white_dice(frame, boxes)) == {n: "orange" for n in boxes}
    assert white_taken_for(calibration) == ("orange",)


def _page_teaching(tmp_path: Path, frame: np.ndarray, dice: Dice, insist: bool) -> tuple[int, str]:
    """The calibration page's answer to naming each coloured die of `frame` as drawn (`dice`), the white dice named
    nothing, and the page it leads to in English and, when not `insist`, in French too."""
    camera = StillCamera(frame)
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        client = create_app({"TESTING": True}, services=service).test_client()
        page = client.get("/calibrate").get_data(as_text=True)
        token = re.search(r'name="token" value="([0-9a-f]+)"', page)
        assert token
        form = {"token": token.group(1), **({"insist": "1"} if insist else {})}
        for number, die in enumerate(camera.reading.dice, 1):
            colour = min(dice, key=lambda drawn: _apart(drawn[0], die.bbox))[1]
            if colour != "white":
                form[f"colour.{number}"] = colour
        answer = client.post("/calibrate", data=form)
        french = "" if insist else client.post("/calibrate?lang=fr", data=form).get_data(as_text=True)
        return answer.status_code, answer.get_data(as_text=True) + french


def _apart(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> float:
    return float(np.hypot(box[0] + box[2] - other[0] - other[2], box[1] + box[3] - other[1] - other[3]))


def test_the_page_says_before_saving_that_the_white_dice_of_its_picture_would_read_orange(tmp_path: Path) -> None:
    frame, dice, _ = _orange_and_blue()
    status, said = _page_teaching(tmp_path, frame, dice, insist=False)
    assert status == 200
    english = r"Nothing was saved: the white dice of this picture \(dice \d and \d\) would then be read as orange"
    assert re.search(english, said)
    assert re.search(r"les dés blancs de cette image \(dés \d et \d\) seraient alors lus en orange", said)
    assert not (tmp_path / "calibration.json").exists()
    status, _ = _page_teaching(tmp_path, frame, dice, insist=True)
    assert status == 302 and "orange" in Calibration.load(tmp_path / "calibration.json").centres


def test_the_page_saves_at_once_when_the_white_dice_of_its_picture_stay_white(tmp_path: Path) -> None:
    frame, dice = _scene("blue", "green", "violet", "green")
    status, _ = _page_teaching(tmp_path, frame, dice, insist=False)
    assert status == 302
    assert set(Calibration.load(tmp_path / "calibration.json").centres) == {"blue", "green", "violet"}
