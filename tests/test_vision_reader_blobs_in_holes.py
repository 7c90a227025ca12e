"""Pip candidates lying in a hole of another blob are found too (vision.reader.blobs._outer_contours): light pips on
a dark die whose patch shows the pale table all round it."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.blobs import _outer_contours
from vision.reader.patch import PATCH
from vision.reader.pips import LOOSE, read_face
from vision.reading import SURE_VALUE

FIVE = ((0, 0), (-13, -13), (13, -13), (-13, 13), (13, 13))
"""A 5's pips, in patch pixels from the middle."""


def _navy_five_ringed_by_the_table() -> np.ndarray:
    """A PATCH-wide patch of a navy face with five white pips, the pale table showing in a band all round it (as in
    a square read around a die turned in it)."""
    patch = np.full((PATCH, PATCH, 3), (200, 200, 200), np.uint8)
    cv2.rectangle(patch, (6, 6), (PATCH - 7, PATCH - 7), (90, 40, 20), cv2.FILLED)
    for dx, dy in FIVE:
        cv2.circle(patch, (PATCH // 2 + dx, PATCH // 2 + dy), 4, (235, 235, 235), cv2.FILLED, cv2.LINE_AA)
    return patch


def test_blobs_in_a_hole_of_a_ring_are_found_with_the_ring() -> None:
    binary = np.zeros((PATCH, PATCH), np.uint8)
    cv2.rectangle(binary, (0, 0), (PATCH - 1, PATCH - 1), 255, 4)
    for dx, dy in FIVE:
        cv2.circle(binary, (PATCH // 2 + dx, PATCH // 2 + dy), 4, 255, cv2.FILLED)
    contours = _outer_contours(binary)
    assert len(contours) == 6
    areas = sorted(cv2.contourArea(c) for c in contours)
    assert areas[-1] > 20 * areas[0]  # the ring, and the five pips


def test_no_blob_gives_no_contour() -> None:
    assert _outer_contours(np.zeros((PATCH, PATCH), np.uint8)) == []


def test_a_dark_face_ringed_by_a_pale_table_reads_its_light_pips() -> None:
    face = read_face(_navy_five_ringed_by_the_table(), LOOSE, is_upright=False)
    assert face.value == 5
    assert face.confidence >= SURE_VALUE
    assert not face.is_dark_on_light
