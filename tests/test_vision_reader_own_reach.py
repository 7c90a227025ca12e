"""A smaller die read surely beside a die seen at an angle is kept apart from it by its own side, not the larger
box's (vision.reader.found._own_reach); a 1 is still weighed by the other's side."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.synthetic_scenes import read_right
from vision.reader import found
from vision.reading import SURE_VALUE

Box = tuple[int, int, int, int]
KEPT = [
    # A webcam frame 12 to 30 degrees off (synthetic seed 5, scene 16): a 2 touching a 1, missed.
    (("webcam", 5, 16), (136, 366, 218, 427), 2),
    # Small dice (seed 17, scene 5): a 6 between a 2 and a 4, missed.
    (("webcam-small", 17, 5), (470, 316, 511, 358), 6),
    # Small dice (seed 31, scene 19): a 6 beside a 2 and a 1, unread.
    (("webcam-small", 31, 19), (564, 55, 602, 87), 6),
]


@pytest.mark.parametrize(("scene", "box", "value"), KEPT)
def test_a_smaller_die_read_surely_beside_a_larger_box_is_kept(
    scene: tuple[str, int, int], box: Box, value: int
) -> None:
    assert read_right(*scene, box, value).confidence >= SURE_VALUE


@pytest.mark.parametrize(("scene", "box", "value"), KEPT)
def test_weighed_by_the_larger_box_the_die_was_lost(
    monkeypatch: pytest.MonkeyPatch, scene: tuple[str, int, int], box: Box, value: int
) -> None:
    monkeypatch.setattr(found, "_own_reach", lambda one: math.inf)
    with pytest.raises(AssertionError):
        read_right(*scene, box, value)


def test_a_one_on_a_side_face_is_still_weighed_by_the_die_it_lies_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The webcam frame of seed 5, scene 34, stored and then given a flat contrast (benchmarks/eval_robustness.py's
    "flat" change): weighed by its own side, a sure 1 came out on the side face of a 2, where no die lies."""
    from benchmarks.eval_robustness import CHANGES, _jpeg
    from vision.reader import read_dice
    from vision.synthetic.datasets import STORED_QUALITY, render_kind

    image, _ = render_kind("webcam", 5 * 100_003 + 34)
    flat = CHANGES["flat"](_jpeg(image, STORED_QUALITY), np.random.default_rng([5, 34, len("flat")]))
    two = (19, 171, 99, 232)

    def on_the_two() -> list[int | None]:
        dice = read_dice(flat).dice
        return [d.value for d in dice if two[0] <= d.center[0] <= two[2] and two[1] <= d.center[1] <= two[3]]

    assert on_the_two() == [2]
    monkeypatch.setattr(found, "_own_reach", lambda one: one.side if found.read_surely(one) else math.inf)  # 1s too
    assert sorted(v or 0 for v in on_the_two()) == [1, 2]
