"""The outer outlines of a mask are those of the mask with its holes filled: table._faint_squares and
segment._colour_cut trace a mask's parts without filling it first, and rely on this."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader.segment import fill_holes

_CROSS = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))


def _outer(mask: np.ndarray) -> tuple[np.ndarray, ...]:
    outlines, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return tuple(outlines)


@pytest.mark.parametrize("seed", range(6))
def test_outer_outlines_are_those_of_the_filled_mask(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for index in range(60):
        h, w = (int(v) for v in rng.integers(5, 120, 2))
        mask = (rng.random((h, w)) < rng.uniform(0.2, 0.7)).astype(np.uint8) * 255
        if index % 3 == 0:  # cleaned as table.cleaned cleans its masks
            opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _CROSS)
            mask = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, _CROSS, iterations=2)
        elif index % 3 == 1:  # rounder parts, with holes and parts inside them
            mask = np.asarray(cv2.GaussianBlur(mask, (5, 5), 0) > 127, np.uint8) * 255
        plain, filled = _outer(mask), _outer(fill_holes(mask))
        assert len(plain) == len(filled)
        assert all(np.array_equal(one, other) for one, other in zip(plain, filled, strict=True))


def test_a_ring_and_what_lies_in_its_hole_have_the_outline_of_the_filled_ring() -> None:
    mask = np.zeros((40, 40), np.uint8)
    cv2.rectangle(mask, (5, 5), (34, 34), 255, 3)
    cv2.circle(mask, (20, 20), 4, 255, cv2.FILLED)
    plain, filled = _outer(mask), _outer(fill_holes(mask))
    assert len(plain) == len(filled) == 1
    assert np.array_equal(plain[0], filled[0])
