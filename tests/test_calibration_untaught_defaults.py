"""After a teaching of the Rajas four, a die of a colour never taught is no taught colour; the hint that a die looks
like another colour compares it with the colours kept from an earlier teaching too."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from dice_drawing import draw_die, table
from test_vision_calibration_teaching import RAJAS, rajas_dice
from test_web_calibrate import StillCamera

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import NAMED, Calibration, calibrate_from_examples, taught_over
from vision.palette import features
from vision.reader import read_dice


def rajas_taught() -> tuple[np.ndarray, list[tuple[tuple[int, int, int, int], str]], Calibration]:
    """The row of two dice of each Rajas colour, and the Rajas four taught from it, as saved."""
    image, dice = rajas_dice()
    return image, dice, taught_over(calibrate_from_examples([(image, box, colour) for box, colour in dice]), None)


def named(calibration: Calibration, bgr: tuple[int, int, int]) -> str | None:
    """The colour a body of colour `bgr` is named (None under NAMED)."""
    name, confidence = calibration.classify(features(np.array([bgr], np.uint8))[0])
    return name if confidence >= NAMED else None


@pytest.mark.parametrize(
    "bgr",
    [(40, 30, 190), (40, 32, 192), (30, 25, 150), (60, 50, 220), (20, 20, 120)],
    ids=["default red", "synthetic red", "dim red", "light red", "dark red"],
)
def test_a_red_die_after_the_rajas_four_is_red_or_none_never_orange(bgr: tuple[int, int, int]) -> None:
    _, _, saved = rajas_taught()
    assert "red" in saved.by_default
    assert named(saved, bgr) in ("red", None)


@pytest.mark.parametrize(
    ("bgr", "allowed"),
    [((228, 232, 235), {"white"}), ((122, 124, 126), {"white", "black", None}), ((35, 35, 35), {"black"})],
    ids=["white", "shaded white", "black"],
)
def test_white_and_black_bodies_after_the_rajas_four_are_no_rajas_colour(
    bgr: tuple[int, int, int], allowed: set[str | None]
) -> None:
    _, _, saved = rajas_taught()
    assert named(saved, bgr) in allowed


def test_drawn_white_dice_beside_the_rajas_four_read_white_and_the_four_keep_their_colours() -> None:
    image, dice, saved = rajas_taught()
    for x in (120, 840):
        dice.append((draw_die(image, (x, 440), 60, 15, 4, "white"), "white"))
    read = sorted((die.bbox, die.color) for die in read_dice(image, saved).dice)
    assert [colour for _, colour in read] == [colour for _, colour in sorted(dice)]


def test_the_rajas_four_keep_their_names_with_red_never_taught() -> None:
    _, _, saved = rajas_taught()
    for colour, bgr in {"blue": (170, 80, 20), "green": (70, 150, 40), "orange": (30, 120, 235)}.items():
        assert named(saved, bgr) == colour
    assert named(saved, (140, 50, 110)) == "violet"
    assert set(RAJAS) <= set(saved.centres)


def violets_and_a_blue() -> tuple[np.ndarray, list[tuple[tuple[int, int, int, int], str]]]:
    """Two violet dice and a blue one in a row, left to right, with their boxes."""
    frame = table(seed=23)
    return frame, [
        (draw_die(frame, (x, 240), 60, 0, 3, c), c) for x, c in [(120, "violet"), (320, "violet"), (520, "blue")]
    ]


def test_a_die_named_violet_that_looks_like_the_blue_taught_before_is_named_blue() -> None:
    frame, dice = violets_and_a_blue()
    before = taught_over(calibrate_from_examples([(frame, dice[2][0], "blue")]), None)
    examples = [(frame, box, "violet") for box, _ in dice]  # the blue die named violet by a slip
    calibration = taught_over(calibrate_from_examples(examples, before), before)
    assert calibration.notes["left_out"] == [{"example": 2, "named": "violet", "looks": "blue"}]
    assert calibration.notes["kept"] == ["blue"]


def test_the_page_says_the_die_looks_like_the_colour_taught_before(tmp_path: Path) -> None:
    frame, dice = violets_and_a_blue()
    camera = StillCamera(frame)
    camera.calibration = taught_over(calibrate_from_examples([(frame, dice[2][0], "blue")]), None)
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        client = create_app({"TESTING": True}, services=service).test_client()
        token = re.search(r'name="token" value="([0-9a-f]+)"', client.get("/calibrate").get_data(as_text=True))
        assert token
        numbers = sorted(range(1, 4), key=lambda n: camera.reading.dice[n - 1].bbox[0])
        answer = client.post("/calibrate", data={"token": token.group(1)} | {f"colour.{n}": "violet" for n in numbers})
        assert answer.status_code == 302
        assert f"left_out={numbers[2]}:violet:blue" in answer.headers["Location"]
        shown = client.get(answer.headers["Location"] + "&lang=en").get_data(as_text=True)
        assert f"Die {numbers[2]}, named violet, looks blue beside the others" in shown


@pytest.mark.parametrize(
    "lamp",
    [(0.62, 0.65, 0.68), (0.70, 0.74, 0.76), (0.60, 0.63, 0.65)],
    ids=["warm lamp", "brighter warm lamp", "dimmer warm lamp"],
)
def test_white_dice_under_a_warm_lamp_beside_the_rajas_four_read_white_or_none_never_a_rajas_colour(
    lamp: tuple[float, float, float],
) -> None:
    image, _, saved = rajas_taught()
    for x in (120, 840):
        x0, y0, x1, y1 = draw_die(image, (x, 440), 60, 15, 4, "white")
        lit = image[y0:y1, x0:x1] * np.array(lamp)  # the lamp's gains in blue, green, red: a warm light
        image[y0:y1, x0:x1] = np.clip(lit, 0, 255).astype(np.uint8)
    whites = [die.color for die in read_dice(image, saved).dice if die.center[1] > 400]
    assert len(whites) == 2
    assert set(whites) <= {"white", None}
