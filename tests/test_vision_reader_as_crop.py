"""A die-sized blob that reads no value is read again around it as a crop of one die, for a guess
(vision.reader.as_crop)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_each_die_read_right, composite_values, needs_photos
from vision.reader import read as read_module
from vision.reader import segment
from vision.reader.as_crop import read_as_crop, unread_as_crop
from vision.reader.found import Found
from vision.reading import GUESS, SURE_VALUE


def _navy_five() -> np.ndarray:
    """A navy die face with five white pips, turned 20 degrees, on a pale grey table (300 x 300)."""
    image = np.full((300, 300, 3), (200, 200, 200), np.uint8)
    corners = cv2.boxPoints(((150.0, 150.0), (90.0, 90.0), 20.0)).astype(np.int32)
    cv2.fillPoly(image, [corners], (90, 40, 20))
    turn = np.deg2rad(20.0)
    for dx, dy in ((0, 0), (-24, -24), (24, -24), (-24, 24), (24, 24)):
        x = 150 + dx * np.cos(turn) - dy * np.sin(turn)
        y = 150 + dx * np.sin(turn) + dy * np.cos(turn)
        cv2.circle(image, (round(x), round(y)), 8, (235, 235, 235), -1, cv2.LINE_AA)
    return image


SCALE = 0.5
"""The analysis scale the blob below is given at (the die is read from the full picture)."""
BLOB = segment.Region(((75.0, 75.0), (50.0, 50.0), 20.0), np.zeros((0, 1, 2), np.int32), 2500.0, False, False)
"""The die's blob at SCALE, as segment.py would give it (no outline kept: only its box is used)."""


def _read_five() -> Found:
    found = read_as_crop(_navy_five(), ((75.0, 75.0), (60.0, 60.0), 0.0), SCALE)
    assert found is not None
    return found


def test_a_square_around_a_die_reads_it_as_a_crop() -> None:
    found = _read_five()
    assert found.die.value == 5
    assert found.die.confidence >= SURE_VALUE
    assert 100 <= found.die.center[0] <= 200 and 100 <= found.die.center[1] <= 200  # in the full picture


def test_an_unread_blob_read_as_a_crop_is_a_guess_of_its_value() -> None:
    found = _read_five()
    unread = dataclasses.replace(found, die=dataclasses.replace(found.die, value=None, confidence=0.0))
    again = unread_as_crop(_navy_five(), unread, BLOB, SCALE)
    assert again.die.value == 5
    assert again.die.confidence == GUESS


def test_a_blob_read_with_a_value_stands_as_it_is() -> None:
    found = _read_five()
    assert unread_as_crop(np.full((300, 300, 3), 200, np.uint8), found, BLOB, SCALE) is found


def test_an_unread_blob_around_which_no_die_reads_stays_unread() -> None:
    found = _read_five()
    unread = dataclasses.replace(found, die=dataclasses.replace(found.die, value=None, confidence=0.0))
    assert unread_as_crop(np.full((300, 300, 3), 200, np.uint8), unread, BLOB, SCALE) is unread


@needs_photos
def test_composite_of_seed_17_picture_19_reads_its_dice_unread_before_as_right_guesses(tmp_path: Path) -> None:
    # Eleven casino dice on a wooden table (the 20th composite of real crops of seed 17).
    truth, read = composite_values(tmp_path, 17, 19)
    assert_each_die_read_right(truth, read, 11)
    assert sorted(value for value, confidence in read if confidence < SURE_VALUE) == [2, 3, 6]


@needs_photos
def test_without_reading_them_as_crops_those_dice_are_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read_module, "unread_as_crop", lambda image, found, blob, scale: found)
    _, read = composite_values(tmp_path, 17, 19)
    assert sum(value is None for value, _ in read) == 3
