"""The camera page's words follow the page's language: the picture (one JPEG for every screen, drawn by OpenCV,
which has no accents) carries digits and signs only, and the list beside it names each die in the reader's
language."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any
from unittest import mock

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient
from test_web_fixtures import FakeCamera, app, client, service  # noqa: F401  (fixtures)

import vision.annotate
from companion.devices.camera import CameraWorker
from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import Companion
from vision.annotate import annotate
from vision.calibration import COLOUR_NAMES
from vision.reading import SURE_VALUE, DiceReading, Die

LABEL = re.compile(r"(?:[1-6]\??|\?) \(\d{1,3}%\)")
"""A die's label on the picture: its value ("5", "5?" for a guess, "?" unread) and its confidence in percent."""


def drawn_texts(
    monkeypatch: pytest.MonkeyPatch, reading: DiceReading, draw: Callable[[np.ndarray, DiceReading], Any]
) -> list[str]:
    """The texts `draw` writes on a frame for a reading, through vision.annotate."""
    written: list[str] = []
    real = vision.annotate.cv2.putText

    def noted(image: np.ndarray, text: str, *args: Any, **kwargs: Any) -> Any:
        written.append(text)
        return real(image, text, *args, **kwargs)

    monkeypatch.setattr(vision.annotate.cv2, "putText", noted)
    draw(np.zeros((480, 640, 3), np.uint8), reading)
    return written


def camera_picture(frame: np.ndarray, reading: DiceReading) -> Any:
    """The camera page's picture of a frame and its reading, as the camera worker encodes it."""
    worker = CameraWorker(mock.Mock(), lambda *_: None, lambda *_: None)
    worker._frame, worker._reading, worker._version = frame, reading, 1
    return worker.latest_jpeg()


def test_the_picture_labels_every_die_in_digits_and_signs_whatever_its_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    colours = [*COLOUR_NAMES, None]
    dice = tuple(
        Die(value, colour, (20 + 70 * i, 200, 70 + 70 * i, 250), (45.0 + 70 * i, 225.0), confidence)
        for i, (colour, value, confidence) in enumerate(
            zip(colours, [5, 3, None, 6, 1, 2, 4, 5, 6], [0.93, SURE_VALUE - 0.1, 0.3, 1.0] + [0.8] * 5, strict=True)
        )
    )
    texts = drawn_texts(monkeypatch, DiceReading(dice, 640, 480), camera_picture)
    assert len(texts) == len(dice)
    assert all(LABEL.fullmatch(text) for text in texts), texts
    assert texts[:4] == ["5 (93%)", f"3? ({round((SURE_VALUE - 0.1) * 100)}%)", "? (30%)", "6 (100%)"]


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_the_list_beside_the_picture_names_each_colour_in_the_pages_language(
    client: FlaskClient, service: Companion, lang: str
) -> None:
    service.devices["camera"] = FakeCamera()
    dice = [{"value": 4, "color": colour, "confidence": 0.9, "bbox": [0, 0, 9, 9]} for colour in COLOUR_NAMES]
    service.reading_updated({"dice": dice, "width": 640, "height": 480}, "settled")
    page = client.get(f"/camera?lang={lang}").get_data(as_text=True)
    shown = [html.unescape(text) for text in re.findall(r'<li class="reading__die">.*?<span>(.*?)</span>', page, re.S)]
    assert shown == [f"4 · {translate(lang, f'color.{colour}')}" for colour in COLOUR_NAMES]
    # The script that keeps the list live names them the same.
    found = re.search(r'<script type="application/json" id="texts">(.*?)</script>', page)
    assert found, "the camera page gives its script no texts"
    texts = json.loads(html.unescape(found[1]))
    assert all(texts[f"color.{colour}"] == translate(lang, f"color.{colour}") for colour in COLOUR_NAMES)


def test_the_annotated_copies_of_read_dice_name_each_dies_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    # `companion read-dice --annotate` writes value, colour and confidence (issue 3); only the shared picture has no
    # words.
    dice = (
        Die(5, "blue", (20, 200, 70, 250), (45.0, 225.0), 0.93),
        Die(None, None, (200, 200, 250, 250), (225.0, 225.0), 0.3),
    )
    assert drawn_texts(monkeypatch, DiceReading(dice, 640, 480), annotate) == ["5 blue (93%)", "? ? (30%)"]


def test_a_large_frames_picture_is_sent_at_most_1280_wide_its_boxes_scaled_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    outlined: list[tuple[int, int, int, int]] = []
    real = vision.annotate.cv2.rectangle

    def noted(image: np.ndarray, start: Any, end: Any, *args: Any, **kwargs: Any) -> Any:
        outlined.append((*start, *end))
        return real(image, start, end, *args, **kwargs)

    monkeypatch.setattr(vision.annotate.cv2, "rectangle", noted)
    die = Die(5, "white", (2016, 1512, 2352, 1848), (2184.0, 1680.0), 0.93)
    encoded = camera_picture(np.zeros((3024, 4032, 3), np.uint8), DiceReading((die,), 4032, 3024))
    assert encoded is not None
    picture = cv2.imdecode(np.frombuffer(encoded[1], np.uint8), cv2.IMREAD_COLOR)
    assert picture.shape[:2] == (960, 1280)  # the 12-megapixel frame was sent whole: megabytes a frame to each phone
    assert outlined[0] == (640, 480, 747, 587)  # the die's box, scaled as the picture is
