"""Dice seen up close, a third of the frame in all, are not taken for the table (vision.reader.table.TABLE_SHARES)."""

from __future__ import annotations

import pytest

from tests.dice_drawing import draw_die, table
from tests.synthetic_scenes import read_right, stored
from vision.reader import read_dice
from vision.reader.view import first_look
from vision.reading import SURE_VALUE
from vision.synthetic.datasets import render_kind


def test_two_white_dice_250_pixels_wide_on_a_desk_are_read() -> None:
    # Drawn: a 5 and a 2, 250 pixels a side, side by side in the middle of a 640x480 frame. Their white is a third of
    # the frame and none of its border; taken for the table, nothing was read.
    image = table(colour=(70, 125, 175), seed=3)
    half = (250 + 12) / 2
    draw_die(image, (round(320 - half), 230), 250, 8, 5, "white")
    draw_die(image, (round(320 + half), 250), 250, -6, 2, "white")
    dice = read_dice(image).dice
    assert sorted(d.value or 0 for d in dice) == [2, 5]
    assert all(d.confidence >= SURE_VALUE for d in dice)


@pytest.mark.parametrize(
    ("seed", "scene", "values"), [(7, 8, [1, 2, 2, 6]), (11, 1, [3, 4, 5, 5, 5]), (43, 14, [2, 3, 4])]
)
def test_a_close_webcam_frame_is_read_whole(seed: int, scene: int, values: list[int]) -> None:
    # Synthetic webcam-up-close frames (as stored): white dice 90 to 250 pixels a side, whose white was taken for the
    # table: all but one die was missed or shown unread.
    image, truth = render_kind("webcam-up-close", seed * 100_003 + scene)
    assert sorted(d.value for d in truth) == values
    assert sorted(d.value or 0 for d in read_dice(stored(image)).dice) == values


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "values"),
    [("rajas-up-close", 19, 16, [2, 2, 4]), ("webcam-up-close", 2026, 16, [2, 2, 4])],
)
def test_dice_up_close_that_reach_the_frames_border_are_not_the_table(
    kind: str, seed: int, scene: int, values: list[int]
) -> None:
    # Three green dice on grey felt, three ivory dice on a light wood (as stored), a third of the frame, reaching its
    # border: their colour, on the border a little, passed for the table's second colour (a wood's darker
    # grain), and no die was read. Their hue is far from the border's (table.SPLIT_HUE).
    image, truth = render_kind(kind, seed * 100_003 + scene)
    assert sorted(d.value for d in truth) == values
    assert sorted(d.value or 0 for d in read_dice(stored(image)).dice) == values


def test_a_clump_of_large_rajas_dice_sized_by_their_pips_is_cut_into_its_dice() -> None:
    # Four Rajas dice seen up close in one clump (synthetic rajas-up-close, seed 7, scene 4, as stored): no lone square
    # told the die size, the pips told 0.85 of it. The way of cutting that parted the orange 2 and the blue 4 had its
    # pieces counted oversized, and a grid of smaller cells read a sure 1 on the 2's one pip (diesize.PIP_SIZE_SLACK).
    image, _ = render_kind("rajas-up-close", 7 * 100_003 + 4)
    assert first_look(stored(image)).sized_by_pips
    for box, value in (((407, 165, 617, 356), 2), ((127, 203, 332, 407), 4)):
        assert read_right("rajas-up-close", 7, 4, box, value).confidence >= SURE_VALUE
