"""A lone pip flanked on either side by spots as bright as itself is no sure 1 (vision.reader.flanks): the corner
pips of a 3 that ran into something else."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import needs_photos, read_in
from vision.reader import flanks
from vision.reader.blobs import Blob
from vision.reader.patch import PATCH
from vision.reading import SURE_VALUE

PIP = Blob(32.0, 32.0, float(np.pi * 6.0**2), 1.0, 200.0)
"""A lone pip, 6 pixels in radius, at the middle of a patch."""


def _contrast(*spots: tuple[int, int]) -> np.ndarray:
    """A patch's contrast holding the lone pip at its middle and spots of its size and contrast at these offsets."""
    signed = np.zeros((PATCH, PATCH), np.float32)
    for dx, dy in ((0, 0), *spots):
        cv2.circle(signed, (32 + dx, 32 + dy), 6, 200.0, cv2.FILLED)
    return signed


def test_a_pip_between_two_corner_pips_is_flanked() -> None:
    assert flanks.flanked(_contrast((-14, -14), (14, 14)), PIP)
    assert flanks.flanked(_contrast((-15, 13), (14, -15)), PIP)  # a 3 seen at an angle


def test_a_pip_alone_or_beside_one_spot_is_not() -> None:
    assert not flanks.flanked(_contrast(), PIP)
    assert not flanks.flanked(_contrast((14, 14)), PIP)
    assert not flanks.flanked(_contrast((14, 14), (14, -14)), PIP)  # two spots on one side: no 3's diagonal


def test_spots_far_off_or_faint_do_not_flank() -> None:
    assert not flanks.flanked(_contrast((-24, -24), (24, 24)), PIP)  # past FLANKS.reach radii: a side face's pips
    faint = _contrast((-14, -14), (14, 14))
    faint[:, :20] *= 0.5  # the two spots at half the pip's contrast, under FLANKS.level
    faint[:, 44:] *= 0.5
    assert not flanks.flanked(faint, PIP)


THREE = (460, 188, 524, 256)
"""A translucent blue 3 seen at an angle in the 9th composite of real crops of seed 19 (as benchmarks/eval_synthetic.py
draws them from the shared photos), on a green felt: its corner pips ran into the die's bright rim and side face."""


def _read_on_three(tmp_path: Path) -> list[tuple[int | None, float]]:
    return [(d.value, d.confidence) for d in read_in(tmp_path, 19, 8, 3, THREE)]


@needs_photos
def test_composite_of_seed_19_picture_8_reads_its_three(tmp_path: Path) -> None:
    assert [value for value, confidence in _read_on_three(tmp_path) if confidence >= SURE_VALUE] == [3]


@needs_photos
def test_unflanked_that_three_was_a_sure_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flanks, "FLANKS", flanks.Flanks(0.0, 0.7, 0.5))  # nothing lies within no reach
    assert (1, 1.0) in _read_on_three(tmp_path)
