"""A die left unread because motion blur drew its pips into streaks is read again deblurred, as a guess."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from synthetic_scenes import read_right

from vision.reader import deblur
from vision.reader.blobs import Blob
from vision.reader.found import Found
from vision.reader.pips import FaceReading
from vision.reading import GUESS, Die, is_guess


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box"),
    [
        ("webcam", 97, 30, (451, 128, 509, 182)),  # its columns blurred into two streaks of three pips
        ("webcam-small", 11, 13, (54, 237, 80, 258)),  # 26 pixels wide, its pips drawn out across the die
    ],
)
def test_a_six_blurred_into_streaks_on_a_webcam_frame_is_read_as_a_guessed_six(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int]
) -> None:
    die = read_right(kind, seed, scene, box, 6)
    assert is_guess(die.confidence)


@pytest.mark.parametrize("degrees", [0.0, 30.0, 90.0])
def test_two_pips_the_blur_ran_together_are_parted_again_by_the_wiener_filter(degrees: float) -> None:
    # Two dark pips 14 pixels apart, blurred 10 pixels along the line through them: the gap between them
    # darkens half-way, as a streak of two pips does on a die; deconvolved by that blur, it is light again.
    image = np.full((64, 64, 3), 200, np.uint8)
    direction = math.radians(degrees)
    pips = [(32 + side * 7 * math.cos(direction), 32 + side * 7 * math.sin(direction)) for side in (-1, 1)]
    for x, y in pips:
        cv2.circle(image, (round(16 * x), round(16 * y)), 64, (30, 30, 30), -1, cv2.LINE_AA, shift=4)
    psf = deblur.motion_blur(10.0, direction)
    blurred = cv2.filter2D(image, -1, psf, borderType=cv2.BORDER_REFLECT)
    restored = deblur.wiener(blurred, psf, deblur.WIENER_NOISE)
    assert blurred[32, 32, 0] < 120 < 150 < restored[32, 32, 0]
    assert all(restored[round(y), round(x), 0] < 60 for x, y in pips)


def test_a_motion_blur_is_a_line_along_its_direction_summing_to_one() -> None:
    across = deblur.motion_blur(12.0, 0.0)
    assert across.sum() == pytest.approx(1.0)
    rows, cols = np.nonzero(across > 0.01)
    assert cols.max() - cols.min() >= 11 and rows.max() - rows.min() <= 2
    down = deblur.motion_blur(12.0, math.pi / 2)
    rows, cols = np.nonzero(down > 0.01)
    assert rows.max() - rows.min() >= 11 and cols.max() - cols.min() <= 2


def streak(x: float, roundness: float = 0.3, angle: float = 90.0) -> Blob:
    """A pip drawn out along `angle` (degrees), or a round one (roundness 0.55 and more)."""
    span = (12.0, 12.0 * roundness, math.radians(angle)) if roundness < 0.55 else None
    return Blob(x, 32.0, 40.0, roundness, 80.0, angle=angle, span=span)


def found(value: int | None, pips: tuple[Blob, ...]) -> Found:
    die = Die(value, None, (0, 0, 40, 40), (20.0, 20.0), 0.9 if value else 0.0, frozenset({"ambiguous_value"}))
    face = FaceReading(value, die.confidence, pips, True, 1.0)
    return Found(die, np.full((64, 64, 3), 128, np.uint8), face, 40.0)


@pytest.fixture
def reads_a_six(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """read_face made to read a 6 at a confidence the test sets (appended), counting its calls."""
    calls: list[float] = [0.9]

    def read_face(patch: np.ndarray, **_: object) -> FaceReading:
        calls.append(calls[0])
        return FaceReading(6, calls[0], (), True, 1.0)

    monkeypatch.setattr(deblur, "read_face", read_face)
    return calls


def test_an_unread_die_with_streaks_running_one_way_takes_the_deblurred_value_as_a_guess(
    reads_a_six: list[float],
) -> None:
    read = deblur.deblurred(found(None, (streak(20.0), streak(44.0, angle=95.0))))
    assert (read.die.value, read.die.confidence) == (6, GUESS)
    assert "ambiguous_value" not in read.die.flags


def test_a_die_read_already_or_without_streaks_running_one_way_is_left_as_it_is(reads_a_six: list[float]) -> None:
    read = found(4, (streak(20.0), streak(44.0)))
    round_pips = found(None, (streak(20.0, roundness=0.9), streak(44.0, roundness=0.9)))
    crossing = found(None, (streak(20.0, angle=0.0), streak(44.0, angle=90.0)))
    alone = found(None, (streak(20.0),))
    for one in (read, round_pips, crossing, alone):
        assert deblur.deblurred(one) is one
    assert len(reads_a_six) == 1  # never read again


def test_a_deblurred_reading_under_the_least_confidence_is_not_given(reads_a_six: list[float]) -> None:
    reads_a_six[0] = deblur.DEBLURRED_LEAST - 0.05
    unread = found(None, (streak(20.0), streak(44.0)))
    assert deblur.deblurred(unread) is unread
    assert len(reads_a_six) == 1 + len(deblur.MOTION_LENGTHS)  # every length tried
