"""The picture's pip polarity and the light readings on white dice it makes unread (vision/reader/polarity.py)."""

from __future__ import annotations

import numpy as np

from vision.reader.pips import FaceReading
from vision.reader.polarity import is_white_read_light, reads_dark_pips


def _face(value: int | None, dark: bool) -> FaceReading:
    return FaceReading(value, 0.9 if value else 0.0, (), dark, 0.0)


def test_a_table_of_white_dice_reads_dark_pips() -> None:
    assert reads_dark_pips([_face(3, True), _face(5, True), _face(6, True), _face(1, False), _face(None, False)])


def test_one_die_alone_or_a_table_of_coloured_dice_does_not() -> None:
    assert not reads_dark_pips([_face(3, True)])  # a crop of one die: nothing to compare with
    assert not reads_dark_pips([_face(3, True), _face(5, True), _face(2, False), _face(4, False)])


def test_light_pips_on_a_white_body_are_no_reading_and_on_a_blue_one_are() -> None:
    white = np.full((64, 64, 3), (225, 230, 232), np.uint8)
    blue = np.full((64, 64, 3), (170, 80, 20), np.uint8)
    assert is_white_read_light(white, _face(1, False))
    assert not is_white_read_light(blue, _face(1, False))
    assert not is_white_read_light(white, _face(1, True))  # dark pips on a white die are what it should show
