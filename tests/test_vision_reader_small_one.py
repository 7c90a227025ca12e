"""A lone light pip a little smaller than LONE_PIP is a 1 wherever it is read (vision.reader.layout.SMALL_ONE): in
a piece cut from a clump and in a top face read alone too, not only in the box of a whole blob."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

import vision.reader.pips as pips
from tests.synthetic_scenes import read_on, read_right
from vision.reader.layout import LONE_PIP, SMALL_ONE
from vision.reader.patch import PATCH
from vision.reader.pips import FaceReading, read_face
from vision.reading import SURE_VALUE


def _one(radius: float, light: bool) -> np.ndarray:
    """An upright PATCH-wide patch of a die face with one pip of `radius` (a share of the patch) a little off its
    middle: white on green (`light`), or black on white. Drawn eight times larger and scaled down, for the pip's
    area to be the disc's within a fraction of a pixel. The patch's top row is the pip's colour (a lit rim): a pip
    this small is under a hundredth of the patch, and read_face measures the pips' contrast at its 99th
    percentile."""
    body, pip = ((40, 140, 40), (235, 235, 235)) if light else ((225, 225, 225), (25, 25, 25))
    large = np.full((8 * PATCH, 8 * PATCH, 3), body, np.uint8)
    cv2.circle(large, (8 * (PATCH // 2 + 6), 8 * (PATCH // 2 + 3)), round(8 * radius * PATCH), pip, -1, cv2.LINE_AA)
    patch = np.asarray(cv2.resize(large, (PATCH, PATCH), interpolation=cv2.INTER_AREA))
    patch[0] = pip
    return patch


def _radius(face: FaceReading) -> float:
    """The radius of a face's lone pip, as a share of the patch (as the layout fit measures it)."""
    (pip,) = face.pips
    return math.sqrt(pip.area / math.pi) / PATCH


DRAWN_SMALL = 0.054
"""Radius of the drawn pip, as a share of the patch, that is found between SMALL_ONE and LONE_PIP (a blob's area is
measured on its outline, through the pixels at its edge: a little under the disc's)."""


@pytest.mark.parametrize("side_faces", [True, False])
def test_a_small_light_pip_reads_a_1_in_a_whole_box_and_in_a_piece(side_faces: bool) -> None:
    face = read_face(_one(DRAWN_SMALL, light=True), side_faces=side_faces)
    assert SMALL_ONE <= _radius(face) < LONE_PIP
    assert face.value == 1
    assert face.confidence >= SURE_VALUE


def test_a_small_dark_pip_is_no_1() -> None:
    face = read_face(_one(DRAWN_SMALL, light=False))
    assert SMALL_ONE <= _radius(face) < LONE_PIP
    assert face.value is None


def test_a_light_pip_smaller_than_small_one_is_no_1() -> None:
    face = read_face(_one(DRAWN_SMALL - 0.004, light=True))
    assert _radius(face) < SMALL_ONE
    assert face.value is None


TRAY_ONE = ("tray", 2026, 2, (3184, 1475, 3424, 1680))
"""A green 1 touching a blue 2 on a synthetic tray photo: the clump is cut in two, and the green piece's pip, about
0.049 of the patch (its side faces fill the rest), was left unread, the die missed."""


def test_a_green_1_cut_from_a_clump_on_a_tray_reads_surely() -> None:
    kind, seed, scene, box = TRAY_ONE
    die = read_right(kind, seed, scene, box, 1)
    assert die.confidence >= SURE_VALUE


def test_a_green_1_cut_from_a_clump_on_a_tray_is_missed_with_lone_pip_for_light_pips(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pips, "SMALL_ONE", LONE_PIP)
    kind, seed, scene, box = TRAY_ONE
    _, read = read_on(kind, seed, scene, box, as_stored=True)
    assert not [d for d in read if d.value == 1]
