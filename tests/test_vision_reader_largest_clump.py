"""A blob far larger than any clump of dice (vision.reader.segment.LARGEST_CLUMP) is not cut into dice, and the
siblings of a clump's pieces are taken as slices of their centres (vision.reader.cuts.siblings)."""

from __future__ import annotations

from unittest import mock

import numpy as np

from vision.reader import read_dice
from vision.reader import region as region_module
from vision.reader.cuts import siblings
from vision.reader.segment import LARGEST_CLUMP, split_regions
from vision.synthetic import render_scene


def _regions_of(mask: np.ndarray, side: float) -> list:
    image = np.zeros((*mask.shape, 3), np.uint8)
    return split_regions(mask, side, image, np.zeros_like(image))


def test_a_blob_larger_than_any_clump_of_dice_is_not_read() -> None:
    side = 10.0
    mask = np.zeros((300, 300), np.uint8)
    mask[5:295, 5:295] = 255  # 841 square die sides: the table's own, not dice
    assert LARGEST_CLUMP * side * side < 290 * 290
    assert _regions_of(mask, side) == []


def test_a_clump_of_a_game_s_dice_is_still_cut() -> None:
    side = 10.0
    mask = np.zeros((300, 300), np.uint8)
    mask[50:120, 50:120] = 255  # 49 square die sides: every die of a game touching
    regions = _regions_of(mask, side)
    assert len(regions) == 1 and regions[0].partitions + regions[0].grids


def test_a_tray_whose_grainy_rim_stands_out_is_read_without_cutting_the_rim_into_dice() -> None:
    # 20 dice about 60 pixels wide in a 12 MP photo: the rim of the tray stood out of the table and was cut into
    # 6,600 die-sized pieces, nine of them read as dice.
    tray, dice = render_scene(0, 4032, 3024, 20, ("blue", "orange", "green", "violet"), "tray")[:2]
    with mock.patch.object(region_module, "read_box", wraps=region_module.read_box) as regions:
        reading = read_dice(tray)
    assert regions.call_count < 1500
    assert len(reading.dice) <= len(dice) + 3


def test_the_siblings_of_a_piece_are_the_other_pieces_centres_in_order() -> None:
    points = ((1.0, 1.0), (2.0, 2.0), (3.0, 3.0))
    assert siblings(points, 0) == ((2.0, 2.0), (3.0, 3.0))
    assert siblings(points, 1) == ((1.0, 1.0), (3.0, 3.0))
    assert siblings(points, 2) == ((1.0, 1.0), (2.0, 2.0))
    assert siblings(((1.0, 1.0),), 0) == ()
