"""Pip candidates lying in a hole of another blob are found too, and blobs with holes in them are rings, not pips
(vision.reader.blobs._outer_contours): light pips on a dark die whose patch shows the pale table all round it, and a
casino die's logo drawn in white lines."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_never_surely_wrong, needs_photos, read_in
from vision.reader import blobs
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


def test_blobs_in_a_hole_of_a_ring_are_found() -> None:
    binary = np.zeros((PATCH, PATCH), np.uint8)
    cv2.rectangle(binary, (0, 0), (PATCH - 1, PATCH - 1), 255, 4)
    for dx, dy in FIVE:
        cv2.circle(binary, (PATCH // 2 + dx, PATCH // 2 + dy), 4, 255, cv2.FILLED)
    contours = _outer_contours(binary)
    # The five pips; the band of table round them is a ring, no blob (see blobs.HOLLOW).
    assert len(contours) == 5
    assert all(cv2.contourArea(c) < 50 for c in contours)


def test_no_blob_gives_no_contour() -> None:
    assert _outer_contours(np.zeros((PATCH, PATCH), np.uint8)) == []


def test_a_dark_face_ringed_by_a_pale_table_reads_its_light_pips() -> None:
    face = read_face(_navy_five_ringed_by_the_table(), LOOSE, is_upright=False)
    assert face.value == 5
    assert face.confidence >= SURE_VALUE
    assert not face.is_dark_on_light


def _ring_and_disc() -> np.ndarray:
    """A binary patch holding a ring (a logo's white line, its hole a third of it) and a solid disc of a pip's size
    with a one-pixel hole (a dark pip's highlight)."""
    binary = np.zeros((PATCH, PATCH), np.uint8)
    cv2.circle(binary, (18, 32), 5, 255, 2)
    cv2.circle(binary, (46, 32), 6, 255, cv2.FILLED)
    binary[32, 46] = 0
    return binary


def test_a_ring_is_no_blob_a_disc_with_a_speck_of_a_hole_is() -> None:
    (disc,) = _outer_contours(_ring_and_disc())
    x, _, w, _ = cv2.boundingRect(disc)
    assert x <= 46 < x + w


def test_the_ring_is_a_blob_when_any_hole_is_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blobs, "HOLLOW", 2.0)
    assert len(_outer_contours(_ring_and_disc())) == 2


RED_TWO = (16, 12, 107, 100)
"""A red casino 2 in the 5th composite of real crops of seed 7, its logo drawn in white lines between its two pips:
the logo's ring was read as the middle pip of a sure 3."""


@needs_photos
def test_a_casino_two_with_its_logo_between_its_pips_is_never_a_sure_three(tmp_path: Path) -> None:
    read = read_in(tmp_path, 7, 4, 2, RED_TWO)
    assert read
    assert_never_surely_wrong(read, 2)
    assert [d.value for d in read] == [2]


@needs_photos
def test_with_rings_taken_for_pips_that_two_is_a_sure_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blobs, "HOLLOW", 2.0)
    read = read_in(tmp_path, 7, 4, 2, RED_TWO)
    assert [(d.value, d.confidence >= SURE_VALUE) for d in read] == [(3, True)]
