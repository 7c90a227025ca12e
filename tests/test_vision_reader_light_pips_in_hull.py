"""Light pips are looked for within the convex hull of a die's outline (vision.reader.region.LIGHT_PIPS_IN_HULL):
white pips at the edge of a dark die on a pale table are the table's colour to the foreground, whose outline bites
around them; they were left out as lying past the die."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_each_die_read_right, composite_values, needs_photos, read_in
from vision.reader import flanks, pips, region, within
from vision.reader import read as read_module
from vision.reader.patch import PATCH
from vision.reader.pips import read_face
from vision.reading import SURE_VALUE

TABLE, BODY, PIP = 150, 40, 235
FIVE = ((15, 15), (48, 15), (32, 32), (15, 48), (48, 48))
"""A drawn 5 whose corner pips cross the die's edge, as on a translucent casino die seen at an angle."""


def _five_on_pale_table() -> tuple[np.ndarray, np.ndarray]:
    """A patch of a dark die with white pips on a pale table, and the die's outline as the foreground draws it: the
    corner pips, nearer the table's lightness than the die's, are left out of it."""
    patch = np.full((PATCH, PATCH, 3), TABLE, np.uint8)
    cv2.rectangle(patch, (10, 10), (53, 53), (BODY, BODY, BODY), cv2.FILLED)
    for centre in FIVE:
        cv2.circle(patch, centre, 5, (PIP, PIP, PIP), cv2.FILLED)
    grey = patch[:, :, 0].astype(np.int16)
    foreground = np.where((np.abs(grey - TABLE) > 60) & (grey < 200), 255, 0).astype(np.uint8)
    contours, _ = cv2.findContours(foreground, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea).astype(np.float32)
    return patch, outline


def test_a_five_whose_outline_bites_around_its_corner_pips_reads_within_the_hull() -> None:
    patch, outline = _five_on_pale_table()
    read = read_face(patch, outline=outline, side_faces=True, hull=cv2.convexHull(outline))
    assert read.value == 5
    assert read.confidence >= SURE_VALUE


def test_within_the_outline_itself_the_corner_pips_lie_past_the_die() -> None:
    patch, outline = _five_on_pale_table()
    read = read_face(patch, outline=outline, side_faces=True)
    assert read.value != 5
    assert len(read.pips) < 5


def test_only_a_box_about_a_die_s_size_gets_a_hull() -> None:
    square = np.array([[[0, 0]], [[40, 0]], [[20, 10]], [[40, 40]], [[0, 40]]], np.float32)
    side = 30.0
    hull = region._hull_if_die_sized(square, (1.2 * side, side), side)
    assert hull is not None
    assert len(hull) == 4  # the notch at (20, 10) is bridged
    assert region._hull_if_die_sized(square, (region.LIGHT_PIPS_IN_HULL * side + 1.0, side), side) is None
    assert region._hull_if_die_sized(None, (side, side), side) is None


@needs_photos
def test_composite_of_seed_7_picture_1_reads_every_die_surely(tmp_path: Path) -> None:
    # Twelve translucent dice with white pips on a pale table (the 2nd composite of real crops of seed 7).
    truth, read = composite_values(tmp_path, 7, 1)
    assert_each_die_read_right(truth, read, 12)
    assert all(confidence >= SURE_VALUE for _, confidence in read)


@needs_photos
def test_without_the_hull_that_composite_left_dice_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(region, "LIGHT_PIPS_IN_HULL", 0.0)
    # Read again as crops of one die (see as_crop.py), those dice are guessed: the hull alone is checked here.
    monkeypatch.setattr(read_module, "unread_as_crop", lambda image, found, blob, scale: found)
    truth, read = composite_values(tmp_path, 7, 1)
    assert sum(value is None for value, _ in read) >= 2
    assert sorted(value for value, _ in read if value is not None) != truth


THREE = (430, 303, 525, 400)
"""A translucent blue 3 in the 15th composite of real crops of seed 17, on a pale table: its corner pips ran into the
table at every threshold, so that only its middle pip was found as a pip."""


def _read_on_three(tmp_path: Path) -> list[tuple[int | None, float]]:
    return [(d.value, d.confidence) for d in read_in(tmp_path, 17, 14, 3, THREE)]


@needs_photos
def test_composite_of_seed_17_picture_14_reads_its_three(tmp_path: Path) -> None:
    read = _read_on_three(tmp_path)
    assert read
    assert all(value == 3 or confidence < SURE_VALUE for value, confidence in read)


@needs_photos
def test_blobs_past_the_outline_within_the_hull_still_weigh_on_the_top_hat_s_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Blobs found within the hull but past the outline count as past it for the top-hat's lone pip (pips._bitten);
    # without them, nothing weighed on it and the middle pip of the 3 was a sure 1.
    monkeypatch.setattr(pips, "_bitten", lambda face, outline, blobs: [])
    # Its corner pips flank the lone pip too (flanks.py): left unlooked for, only the blobs past the outline weigh.
    monkeypatch.setattr(flanks, "FLANKS", flanks.Flanks(0.0, 0.7, 0.5))
    # Cut off from the table at the hull (within.py), its corner pips are found as pips: left uncut, only the blobs
    # past the outline weigh on the one here.
    monkeypatch.setattr(within, "cut_for_light_pips", lambda *cut: None)
    assert any(value == 1 and confidence >= SURE_VALUE for value, confidence in _read_on_three(tmp_path))
