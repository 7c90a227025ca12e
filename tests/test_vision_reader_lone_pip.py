"""A lone pip read again in a die-sized square around it (vision.reader.region._on_lone_pip), kept as a 1 only when
the die's body reaches out around it as a 1's face does (vision.reader.body)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import read_right
from vision.reader.body import body_extent
from vision.reader.region import LONE_FACE
from vision.reading import SURE_VALUE

SIDE = 100
"""Die side of the drawn faces, in pixels."""
PIP_RADIUS = 9
CENTRE = (150, 150)


def _face(pips: list[tuple[float, float]]) -> np.ndarray:
    """A violet die face SIDE wide on a grey table, its white pips at the given places (in die sides from the face's
    centre)."""
    image = np.full((300, 300, 3), (120, 120, 120), np.uint8)
    half = SIDE // 2
    cv2.rectangle(image, (CENTRE[0] - half, CENTRE[1] - half), (CENTRE[0] + half, CENTRE[1] + half), (140, 40, 90), -1)
    for dx, dy in pips:
        at = (round(CENTRE[0] + dx * SIDE), round(CENTRE[1] + dy * SIDE))
        cv2.circle(image, at, PIP_RADIUS, (235, 235, 235), -1, cv2.LINE_AA)
    return image


def test_a_ones_face_reaches_half_a_die_around_its_pip() -> None:
    extent = body_extent(_face([(0.0, 0.0)]), CENTRE, SIDE, PIP_RADIUS / SIDE)
    assert extent >= LONE_FACE
    assert extent == pytest.approx(0.5, abs=0.04)


def test_a_ones_pip_found_off_its_centre_and_smaller_than_it_is_still_has_its_face_around_it() -> None:
    # Found in a patch, a pip's centre may be a pixel or two off and its area short of the pip's: the rays on its
    # far side then start on the pip, which is no edge of the face.
    at = (CENTRE[0] - 3, CENTRE[1] + 2)
    assert body_extent(_face([(0.0, 0.0)]), at, SIDE, 0.5 * PIP_RADIUS / SIDE) >= LONE_FACE


def test_a_corner_pip_of_a_four_lies_near_its_faces_edges() -> None:
    corners = [(-0.27, -0.27), (0.27, -0.27), (-0.27, 0.27), (0.27, 0.27)]
    image = _face(corners)
    at = (CENTRE[0] - 0.27 * SIDE, CENTRE[1] - 0.27 * SIDE)
    assert body_extent(image, at, SIDE, PIP_RADIUS / SIDE) < LONE_FACE


def test_a_pip_beside_a_hand_over_the_rest_of_the_die_is_no_ones() -> None:
    image = _face([(0.0, 0.0)])
    cv2.rectangle(image, (CENTRE[0] + 20, 0), (300, 300), (150, 180, 225), -1)  # a hand over the die's right half
    assert body_extent(image, CENTRE, SIDE, PIP_RADIUS / SIDE) < LONE_FACE


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box"),
    [
        ("tray", 41, 1, (3290, 534, 3579, 803)),  # violet, corner-on: its side faces lit like its top
        ("tray", 11, 6, (2689, 2169, 2973, 2442)),
        ("rajas", 31, 4, (496, 134, 552, 181)),
        ("rajas", 41, 12, (1168, 389, 1232, 439)),  # green, its side face and shadow drawing its blob out 1.7 dice
    ],
)
def test_a_coloured_one_whose_box_holds_its_side_faces_is_read_on_its_pip(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int]
) -> None:
    # Synthetic scenes (as stored): a 1 whose pip, small for the die's box and off its middle, was read as no value.
    assert read_right(kind, seed, scene, box, 1).confidence >= SURE_VALUE


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box"),
    [
        ("tray", 19, 2, (3257, 1731, 3596, 2031)),
        ("rajas", 5, 13, (813, 330, 912, 421)),  # a white 1 on a pale carpet
        ("rajas", 43, 5, (104, 286, 172, 348)),
    ],
)
def test_a_one_whose_body_the_mask_left_out_is_found_by_its_lone_pip(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int]
) -> None:
    # Synthetic scenes (as stored): only the 1's pip stood out of the table, and a lone pip was never proposed.
    assert read_right(kind, seed, scene, box, 1).confidence >= SURE_VALUE
