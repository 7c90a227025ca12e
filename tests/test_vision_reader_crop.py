"""A small picture whose dice found are all far smaller than it may be a crop of one die cut into pieces by the
reader: it is read whole too (vision.reader.read.CROP_PIECE)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dice_drawing import draw_die, table

from vision.image_io import load_image
from vision.reader import read as reader_steps
from vision.reader import read_dice
from vision.reading import SURE_VALUE

DICE = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice"
NAVY_FOUR = DICE / "chaseelliottpatterson__dice-reader/images/train/4/DJI_20241005233854_0195_D_detection_1.jpg"
"""A real crop (54x55) of a navy casino 4 on a green felt, its pips at the crop's edges, a red neighbour's corner in
one corner of it."""


@pytest.mark.skipif(not NAVY_FOUR.exists(), reason="the shared development photos are not beside the project")
def test_a_crop_of_one_die_whose_pieces_were_read_as_dice_is_read_whole() -> None:
    (die,) = read_dice(load_image(NAVY_FOUR)).dice
    assert die.value == 4 and die.confidence >= SURE_VALUE


@pytest.mark.skipif(not NAVY_FOUR.exists(), reason="the shared development photos are not beside the project")
def test_without_it_the_neighbours_corner_was_a_sure_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_steps, "CROP_PIECE", 0.0)  # no die found is ever a piece of the crop
    dice = read_dice(load_image(NAVY_FOUR)).dice
    assert len(dice) == 2
    assert any(d.value == 2 and d.confidence >= SURE_VALUE and d.bbox[2] - d.bbox[0] < 20 for d in dice)


def test_a_small_picture_of_two_dice_as_large_as_half_of_it_keeps_both() -> None:
    # Two dice side by side filling a 160x80 picture: each over half as wide as the picture's shorter side, so
    # neither is taken for a piece of one die.
    picture = table(160, 80)
    draw_die(picture, (40, 40), 44, 10, 3, "white")
    draw_die(picture, (120, 40), 44, -5, 5, "white")
    assert sorted(d.value for d in read_dice(picture).dice) == [3, 5]
