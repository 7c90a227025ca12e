"""The dashboard's camera picture is scaled down to a phone's width: its labels stay legible there, over no other label,
whatever the camera's frame size."""

from __future__ import annotations

import itertools
from typing import Any

import cv2
import numpy as np
import pytest

import vision.annotate
from companion.web import calibrate
from vision.annotate import Box, annotate
from vision.reading import DiceReading, Die

PHONE = 360
"""Width, in pixels, of a phone's screen held upright."""
FRAMES = [(640, 480), (1280, 720), (4032, 3024)]


def white_die(x0: int, y0: int, side: int, value: int = 5) -> Die:
    return Die(value, "white", (x0, y0, x0 + side, y0 + side), (x0 + side / 2, y0 + side / 2), 0.93)


def value_height(image: np.ndarray, die: Die) -> int:
    """The height, in the image's pixels, of the value written in a white die's label above it: the leftmost stroke
    drawn wholly above the die's outline."""
    ink = (image.max(axis=2) > 128).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink)
    above = [stats[i] for i in range(1, count) if stats[i][1] + stats[i][3] <= die.bbox[1]]
    assert above, "no label drawn above the die"
    return int(min(above, key=lambda s: s[0])[3])


def picture_places(monkeypatch: pytest.MonkeyPatch, dice: list[Die], width: int, height: int) -> list[Box]:
    """Where the dashboard's picture of a frame puts the labels of the dice."""
    placed: list[Box] = []
    real = vision.annotate.place_labels

    def noted(*args: Any) -> list[Box]:
        placed.extend(real(*args))
        return placed

    monkeypatch.setattr(vision.annotate, "place_labels", noted)
    annotate(np.zeros((height, width, 3), np.uint8), DiceReading(tuple(dice), width, height), words=False)
    return placed


@pytest.mark.parametrize(("width", "height"), FRAMES)
def test_the_value_on_the_picture_stays_legible_scaled_to_a_phones_width(width: int, height: int) -> None:
    # A die the size dice have on a tray seen whole (a twelfth of the frame's width), in the middle of the frame.
    side = width // 12
    die = white_die(width // 2 - side // 2, height // 2, side)
    drawn = annotate(np.zeros((height, width, 3), np.uint8), DiceReading((die,), width, height), words=False)
    shown = value_height(drawn, die) * PHONE / width
    assert shown >= 10, f"the value is {shown:.1f} px tall on a {PHONE}-px phone"


@pytest.mark.parametrize(("width", "height"), FRAMES)
def test_the_labels_of_a_clump_on_the_picture_cover_no_other_label(
    monkeypatch: pytest.MonkeyPatch, width: int, height: int
) -> None:
    # Four dice touching in a row, a fifth tucked under them: the labels, wide beside dice this small, would be
    # drawn over one another above and below them.
    side = width // 16
    x, y = width // 4, height // 3
    clump = [white_die(x + i * side, y, side) for i in range(4)] + [white_die(x + side, y + side, side)]
    places = picture_places(monkeypatch, clump, width, height)
    assert len(places) == len(clump)
    assert not [(a, b) for a, b in itertools.combinations(places, 2) if overlaps(a, b)]
    assert all(0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height for x0, y0, x1, y1 in places)


def overlaps(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize(("width", "height"), FRAMES)
def test_an_annotated_copy_of_a_photo_keeps_its_labels_in_step_with_the_photo(width: int, height: int) -> None:
    # `read-dice --annotate` copies are opened on a computer, not in the dashboard: their labels stay about 9 pixels
    # tall once the photo is fitted into an 800-pixel window, not the phone's far larger ones.
    side = width // 12
    die = white_die(width // 2 - side // 2, height // 2, side)
    drawn = annotate(np.zeros((height, width, 3), np.uint8), DiceReading((die,), width, height))
    fitted = value_height(drawn, die) * 800 / max(width, height)
    assert 7 <= fitted <= 13


def test_a_black_dies_label_is_written_pale_on_its_dark_band() -> None:
    die = Die(4, "black", (300, 200, 360, 260), (330, 230), 0.93)
    drawn = annotate(np.zeros((480, 640, 3), np.uint8), DiceReading((die,), 640, 480), words=False)
    band = drawn[: die.bbox[1], :]  # the label lies above the die
    # It was written in the outline's dark grey (60, 60, 60) on the band's (20, 20, 20).
    assert int(band.max()) >= 200


@pytest.mark.parametrize(("width", "height"), FRAMES)
def test_the_calibration_pictures_die_numbers_stay_legible_scaled_to_a_phones_width(
    monkeypatch: pytest.MonkeyPatch, width: int, height: int
) -> None:
    drawn: list[tuple[list[str], float, int]] = []
    real = calibrate.draw_labelled

    def noted(image: Any, boxes: Any, texts: list[str], colours: Any, scale: float, thick: int, **kw: Any) -> Any:
        drawn.append((texts, scale, thick))
        return real(image, boxes, texts, colours, scale, thick, **kw)

    monkeypatch.setattr(calibrate, "draw_labelled", noted)
    side = width // 12
    die = white_die(width // 2 - side // 2, height // 2, side)
    assert calibrate._numbered_jpeg(np.zeros((height, width, 3), np.uint8), DiceReading((die,), width, height))
    ((texts, scale, thickness),) = drawn
    (_, tall), _ = cv2.getTextSize(texts[0], cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    shown = tall * PHONE / width
    assert texts == ["1"] and shown >= 10, f"the number is {shown:.1f} px tall on a {PHONE}-px phone"  # 0.7: 2.6 px
