"""A die read surely from pips at the near end of a box drawn out towards the middle of the picture is read from a
side face: its value is made a guess for the table to confirm (vision.reader.perspective.doubtful_at_near_end)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.synthetic_scenes import stored
from vision.reader import perspective, read_dice
from vision.reader.found import Found
from vision.reader.pips import FaceReading
from vision.reading import SURE_VALUE, Die
from vision.synthetic.datasets import render_kind

SIDE_FACE_ONE = ("webcam", 19, 27)
"""A 640x480 webcam frame (synthetic seed 19, scene 27): a white 2 left of the middle, seen off overhead, its side
face's lone pip towards the middle, in one box drawn out by both; it was read a sure 1 (1.0)."""


def _reading_of_the_two() -> Die:
    kind, seed, scene = SIDE_FACE_ONE
    image, truth = render_kind(kind, seed * 100_003 + scene)
    two = next(d for d in truth if d.value == 2 and d.bbox[0] < 200)
    dice = read_dice(stored(image)).dice
    return min(dice, key=lambda d: abs(d.center[0] - two.center[0]) + abs(d.center[1] - two.center[1]))


def test_a_two_read_from_its_side_faces_pip_is_a_guess_not_a_sure_one() -> None:
    die = _reading_of_the_two()
    assert die.value == 2 or die.confidence < SURE_VALUE


def test_without_the_near_end_check_it_was_a_sure_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(perspective, "NEAR_END", (*perspective.NEAR_END[:2], ()))
    die = _reading_of_the_two()
    assert die.value == 1 and die.confidence >= SURE_VALUE


Point = tuple[float, float]


def found_at(centre: Point, pips: tuple[Point, ...], length: float, value: int = 2, axis: float = 0.0) -> Found:
    """A die read surely (0.9) in a box 40 pixels wide and `length` long along `axis` (radians; 0: across the
    picture), its pips where given."""
    die = Die(value, "white", (0, 0, 1, 1), centre, 0.9)
    face = FaceReading(value, 0.9, (), True, 0.0)
    return Found(die, np.zeros((64, 64, 3), np.uint8), face, 40.0, length, pips_at=pips, axis=axis)


@pytest.mark.parametrize(
    ("centre", "pips", "length", "value", "sure"),
    [
        ((100.0, 240.0), ((110.0, 240.0), (114.0, 236.0)), 52.0, 2, False),  # left of the middle, pips towards it
        ((100.0, 240.0), ((90.0, 240.0), (86.0, 236.0)), 52.0, 2, True),  # pips at the far end: the top face
        ((100.0, 240.0), ((110.0, 240.0), (114.0, 236.0)), 42.0, 2, True),  # a box about square: no side face in it
        ((330.0, 240.0), ((340.0, 240.0), (344.0, 236.0)), 52.0, 2, True),  # at the middle: no way to tell
        ((100.0, 240.0), ((110.0, 240.0), (114.0, 236.0)), 52.0, 6, True),  # a 6 (see NEAR_END)
        ((100.0, 240.0), ((110.0, 240.0), (114.0, 236.0)), -52.0, 2, True),  # drawn out up and down, not towards
    ],
)
def test_which_sure_readings_are_made_guesses(
    centre: tuple[float, float], pips: tuple[tuple[float, float], ...], length: float, value: int, sure: bool
) -> None:
    # A negative length here: a box that long, drawn out at right angles to the line to the middle.
    axis = 0.0 if length > 0 else math.pi / 2
    one = perspective.doubtful_at_near_end(found_at(centre, pips, abs(length), value, axis), 640, 480)
    assert (one.die.confidence >= SURE_VALUE) is sure and one.die.value == value
