"""Pips too small for the spacing of the grid they fit make no face (vision.reader.faceset.SMALL_FOR_SPACING)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_never_surely_wrong, read_on, read_right
from vision.reader.faceset import SMALL_FOR_SPACING
from vision.reader.patch import PATCH
from vision.reader.pips import read_face
from vision.reading import SURE_VALUE

CORNER = 0.33
"""Where the drawn 2's pips lie, in patches from its centre along each axis: a spacing of 21 patch pixels."""


def _two(radius: int) -> np.ndarray:
    """An upright white face with two black dots of `radius` on its diagonal, where a 2's pips lie."""
    patch = np.full((PATCH, PATCH, 3), 235, np.uint8)
    for sign in (-1, 1):
        at = round(PATCH / 2 + sign * CORNER * PATCH)
        cv2.circle(patch, (at, at), radius, (20, 20, 20), -1)
    return patch


def test_specks_far_apart_for_their_size_are_no_two() -> None:
    # Dots of radius 3, 21 pixels apart along each axis; their outlines, found, are 2.5 pixels in radius: under
    # SMALL_FOR_SPACING of the spacing. Read before as a 2 at 1.0: specks of a tray's grain fitted a 2 so.
    reading = read_face(_two(3))
    assert reading.value is None and len(reading.pips) == 2
    assert all(math.sqrt(pip.area / math.pi) < SMALL_FOR_SPACING * CORNER * PATCH for pip in reading.pips)


@pytest.mark.parametrize("radius", [4, 6])
def test_pips_of_a_twos_usual_size_still_make_a_sure_two(radius: int) -> None:
    reading = read_face(_two(radius))
    assert reading.value == 2 and reading.confidence >= SURE_VALUE


def test_a_small_five_whose_three_pips_were_read_with_specks_is_read_as_a_five() -> None:
    # A webcam scene of small dice (synthetic seed 11, scene 6, as stored): a 5 touching another 5 and a 4 was read
    # as a sure 3 (0.81) from specks between them.
    assert read_right("webcam-small", 11, 6, (535, 368, 571, 402), 5).confidence >= SURE_VALUE


def test_a_small_two_beside_a_four_is_not_read_as_a_sure_three() -> None:
    # A webcam scene of small dice (synthetic seed 19, scene 31, as stored): a 2 beside a 4 and a 3 was read as a sure 3
    # (0.66); now a guess, for the table to confirm.
    die, read = read_on("webcam-small", 19, 31, (600, 140, 628, 162), as_stored=True)
    assert die.value == 2 and read
    assert_never_surely_wrong(read, 2)
