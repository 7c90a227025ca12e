"""A 1 rests on one blob: read from a blob only just round enough to be a pip, it is doubted as a face read on
streaks is (vision.reader.pips.LONE_ROUND)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_never_surely_wrong, read_on, read_right
from vision.reader import pips
from vision.reader.faceset import ROUND, STREAK_DOUBT
from vision.reader.patch import PATCH
from vision.reader.pips import LONE_ROUND, read_face
from vision.reading import SURE_VALUE


def _one(across: int) -> np.ndarray:
    """An upright white face with one black pip in its middle, 9 pixels in half-length and `across` in half-width."""
    patch = np.full((PATCH, PATCH, 3), 235, np.uint8)
    cv2.ellipse(patch, (PATCH // 2, PATCH // 2), (9, across), 30, 0, 360, (20, 20, 20), -1)
    return patch


def test_a_round_pip_makes_a_sure_one() -> None:
    reading = read_face(_one(9))
    assert reading.value == 1 and reading.confidence >= SURE_VALUE
    assert reading.pips[0].roundness >= LONE_ROUND


def test_a_one_on_a_pip_drawn_out_under_the_lone_roundness_keeps_the_streaks_doubt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Roundness about 0.67: over pips.ROUND, so read at full confidence before (as a streak of a die in motion was).
    reading = read_face(_one(6))
    assert ROUND <= reading.pips[0].roundness < LONE_ROUND
    monkeypatch.setattr(pips, "LONE_ROUND", ROUND)  # as before
    before = read_face(_one(6))
    assert reading.value == before.value == 1
    assert reading.confidence == pytest.approx(STREAK_DOUBT * before.confidence)


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "value"),
    [
        ("webcam", 43, 5, (563, 64, 620, 109), 4),  # a 4 read as a sure 1 (0.60)
        ("webcam-small", 43, 35, (304, 60, 332, 90), 2),  # a 2 read as a sure 1 (0.93)
    ],
)
def test_a_die_read_as_a_one_from_a_blob_hardly_round_is_never_a_sure_one(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], value: int
) -> None:
    die, read = read_on(kind, seed, scene, box, as_stored=True)
    assert die.value == value and read
    assert_never_surely_wrong(read, value)


def test_a_small_two_once_read_as_a_sure_one_is_read_as_a_two() -> None:
    # A webcam scene of small dice (synthetic seed 19, scene 28, as stored): a 2 read as a sure 1 (0.85).
    assert read_right("webcam-small", 19, 28, (153, 370, 185, 402), 2).value == 2
