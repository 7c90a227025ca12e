"""Two dice side by side seen at an angle, in a blob too short for two dice seen from above, are read in its halves;
one die showing a side face as large as its top is not (vision.reader.cuts.side_by_side)."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import read_on, read_right
from vision.reader import cuts
from vision.reading import SURE_VALUE

Box = tuple[int, int, int, int]
PAIRS = [
    # A webcam frame seen 12 to 30 degrees off (synthetic seed 7, scene 20): a 4 touching a 1, shown as one die
    # unread, the 1 missed.
    (("webcam", 7, 20), (279, 384, 326, 446), 4, (319, 387, 365, 448), 1),
    # Small dice (seed 43, scene 17): a 2 touching a 4, the 2 guessed a 4 and the 4 missed.
    (("webcam-small", 43, 17), (144, 81, 181, 118), 2, (162, 68, 199, 106), 4),
]


@pytest.mark.parametrize(("scene", "first", "one", "second", "other"), PAIRS)
def test_two_dice_side_by_side_are_both_read(
    scene: tuple[str, int, int], first: Box, one: int, second: Box, other: int
) -> None:
    read = [read_right(*scene, first, one), read_right(*scene, second, other)]
    assert read[0] is not read[1]
    assert max(d.confidence for d in read) >= SURE_VALUE


SIDE_FACE = ("webcam-slight", 11, 19), (573, 22, 630, 72)
"""A 2 at the frame's edge seen slightly oblique (seed 11, scene 19), its side face showing a 1 about as large as its
top: its halves read a 2 and a sure 1, but the side face is darker."""


def test_a_die_and_its_side_face_stay_one_die() -> None:
    _, read = read_on(*SIDE_FACE[0], SIDE_FACE[1], as_stored=True)
    assert [d.value for d in read] == [2]


def test_without_the_lighting_test_the_side_face_made_a_die(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cuts, "LIT_ALIKE", 0.0)
    _, read = read_on(*SIDE_FACE[0], SIDE_FACE[1], as_stored=True)
    assert sorted(d.value for d in read) == [1, 2]
