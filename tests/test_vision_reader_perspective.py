"""A die seen well off the camera's axis is read on its top face, at the far end of its box from the middle of the
picture (vision.reader.perspective)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import read_right
from vision.reader.perspective import far_face
from vision.reading import SURE_VALUE

SIDE = 60
"""Die side of the drawn die, in pixels."""


def _die_off_axis(centre: tuple[int, int], outward: tuple[int, int]) -> tuple[np.ndarray, tuple]:
    """A 640x480 picture of a white die whose box is drawn out towards the middle of the picture: its top face (a
    3, corner to corner) at the end away from the middle, in the direction `outward` (a unit axis), and a side face
    as large beside it (a 5), between it and the middle. Returns the picture and the die's box (a rotated rect)."""
    image = np.full((480, 640, 3), (60, 110, 160), np.uint8)  # a wooden desk
    ox, oy = outward
    cx, cy = centre
    top = (cx + ox * SIDE // 2, cy + oy * SIDE // 2)
    side = (cx - ox * SIDE // 2, cy - oy * SIDE // 2)
    half = SIDE // 2
    for (fx, fy), shade, pips in (
        (top, 235, ((-1, -1), (0, 0), (1, 1))),
        (side, 200, ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))),
    ):
        cv2.rectangle(image, (fx - half, fy - half), (fx + half - 1, fy + half - 1), (shade, shade, shade), -1)
        for px, py in pips:
            cv2.circle(
                image,
                (fx + px * SIDE * 27 // 100, fy + py * SIDE * 27 // 100),
                SIDE // 10,
                (20, 20, 20),
                -1,
                cv2.LINE_AA,
            )
    long_side = (2 * SIDE, SIDE) if ox else (SIDE, 2 * SIDE)
    return image, ((float(cx), float(cy)), (float(long_side[0]), float(long_side[1])), 0.0)


@pytest.mark.parametrize(("centre", "outward"), [((540, 240), (1, 0)), ((100, 240), (-1, 0)), ((320, 380), (0, 1))])
def test_the_face_at_the_far_end_from_the_middle_is_read(centre: tuple[int, int], outward: tuple[int, int]) -> None:
    image, box = _die_off_axis(centre, outward)
    face = far_face(image, box)
    assert face is not None
    assert face.value == 3 and face.confidence >= SURE_VALUE


def test_a_box_drawn_out_across_the_line_to_the_middle_is_not_read_so() -> None:
    # Beside the middle's line, the box's length is no side face seen from the camera: something else drew it out.
    image, box = _die_off_axis((320, 400), (1, 0))
    assert far_face(image, box) is None


def test_a_box_in_the_middle_of_the_picture_is_not_read_so() -> None:
    image, box = _die_off_axis((330, 240), (1, 0))
    assert far_face(image, box) is None


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "value"),
    [
        ("webcam-slight", 11, 19, (573, 22, 630, 72), 2),  # unread: its side face's pips as large as its top's
        ("webcam-small", 31, 21, (206, 3, 228, 30), 6),  # unread
        ("webcam", 7, 17, (154, 174, 212, 221), 1),  # guessed a 2
        ("webcam", 41, 29, (207, 9, 242, 54), 2),  # guessed a 3
        ("webcam-small", 7, 3, (568, 321, 608, 356), 1),  # guessed a 3: its side face's, as large as its top
        ("webcam", 17, 15, (92, 13, 135, 55), 2),  # guessed a 3
        ("webcam-small", 43, 19, (327, 419, 361, 462), 1),  # guessed a 2
    ],
)
def test_a_die_seen_well_off_the_cameras_axis_is_read_surely_on_its_top_face(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], value: int
) -> None:
    # Synthetic scenes (as stored), each read so far as no value or as a wrong guess.
    assert read_right(kind, seed, scene, box, value).confidence >= SURE_VALUE
