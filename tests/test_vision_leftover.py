"""What a clump's cuts leave over (vision.reader.leftover): a die-sized part no die read covers, nothing else."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.leftover import leftovers

SIDE = 40.0


def _outline(*squares: tuple[int, int]) -> np.ndarray:
    """The outline of a blob of die-sized squares with these top-left corners."""
    mask = np.zeros((200, 300), np.uint8)
    for x, y in squares:
        mask[y : y + int(SIDE), x : x + int(SIDE)] = 255
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    (contour,) = contours
    return contour


def test_a_die_beside_the_dice_read_is_left_over_where_it_lies() -> None:
    blob = _outline((40, 40), (80, 40), (120, 40))  # a row of three dice; the first two read
    (part,) = leftovers(blob, [(60.0, 60.0, SIDE), (100.0, 60.0, SIDE)], SIDE, (300, 200))
    (cx, cy), (w, h), _ = part.rect
    assert abs(cx - 142) <= 6 and abs(cy - 60) <= 2  # the third die, less the edge its neighbour's disc covers
    assert min(w, h) >= 0.6 * SIDE


def test_a_blob_whose_dice_were_all_read_leaves_nothing_over() -> None:
    blob = _outline((40, 40), (80, 40), (120, 40))
    assert leftovers(blob, [(60.0, 60.0, SIDE), (100.0, 60.0, SIDE), (140.0, 60.0, SIDE)], SIDE, (300, 200)) == []


def test_a_strip_narrower_than_a_die_and_two_dice_not_parted_are_no_die_left_over() -> None:
    strip = _outline((40, 40), (80, 40))
    thin = np.array([[[40, 40]], [[120, 40]], [[120, 52]], [[40, 52]]], np.int32)  # a side face's strip
    assert leftovers(thin, [], SIDE, (300, 200)) == []
    # Two dice side by side, none read: a part of two die areas is more than one die.
    assert leftovers(strip, [], SIDE, (300, 200)) == []
