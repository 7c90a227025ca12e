"""A die that reads no value though it holds pips is read again sharpened (vision/reader/region.py, _sharpened):
soft pictures run pips into each other and into the face. Both scenes here were read unread before."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import assert_read_on, read_on
from vision.reading import GUESS


@pytest.mark.parametrize(
    ("seed", "scene", "box", "value"),
    [
        (7, 20, (14, 365, 67, 411), 5),  # seen at an angle, its side face's 4 beside it, blurred by the lens
        (11, 39, (94, 194, 138, 231), 6),  # blurred by motion, a side face's 3 beside it
    ],
)
def test_a_soft_die_read_no_value_is_read_sharpened_as_a_guess_to_confirm(
    seed: int, scene: int, box: tuple[int, int, int, int], value: int
) -> None:
    die, read = read_on("webcam-slight", seed, scene, box, as_stored=True)
    assert die.value == value
    found = assert_read_on(read, die)
    assert found.confidence <= GUESS  # read only once sharpened: the table confirms it
