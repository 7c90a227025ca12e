"""The closer look taken when no die reads surely (vision.reader.view.NONE_SURE_CLOSER) keeps to what the first look
took for dice (view.near_foreground)."""

from __future__ import annotations

from unittest import mock

import numpy as np

from vision.reader import read as read_module
from vision.reader import read_dice
from vision.reader import region as region_module
from vision.reader.view import CLOSER_LOOK, FARTHER_LOOK, View, first_look, near_foreground
from vision.synthetic import render_scene


def _view(mask: np.ndarray, scale: float, side: float | None) -> View:
    h, w = mask.shape
    return View(scale, np.zeros((h, w, 3), np.uint8), np.zeros((h, w, 3), np.uint8), mask, side)


def test_the_closer_mask_keeps_to_within_a_die_of_the_first_looks_foreground() -> None:
    first = np.zeros((100, 100), np.uint8)
    first[40:50, 40:50] = 255  # one die, 10 pixels a side
    grain = np.full((200, 200), 255, np.uint8)  # closer, everything stands out of the table
    kept = near_foreground(_view(grain, 1.0, 5.0), _view(first, 0.5, 10.0)).mask
    assert kept[90, 90] and kept[80:100, 80:100].all()  # the die, twice as large
    assert kept[62, 62] and kept[118, 118]  # within a die of it
    assert not kept[20, 20] and not kept[180, 180] and not kept[100, 20]  # the table far from it
    assert near_foreground(_view(grain, 1.0, 5.0), _view(first, 0.5, 10.0)).side == 5.0


def test_an_empty_tray_photographed_at_twelve_megapixels_makes_few_regions_to_read() -> None:
    # Looked at closer, the grain of an empty tray's floor made 12,000 blobs of a die a few pixels wide, 26,000
    # regions read (15 seconds) for no die to stand; now a few dozen. Each region read reads its box once.
    tray = render_scene(1, 4032, 3024, 0, ("blue", "red"), "tray")[0]
    with mock.patch.object(region_module, "read_box", wraps=region_module.read_box) as regions:
        reading = read_dice(tray)
    assert reading.dice == ()
    assert regions.call_count < 3000


def test_an_empty_tray_looked_at_closer_for_small_dice_is_not_looked_at_closer_again() -> None:
    # Its floor's grain was taken for dice 12 pixels wide, then 26 in the closer look (CLOSER_LOOK); no die read
    # there, and it was looked at closer again (NONE_SURE_CLOSER) at 2400 x 3200 pixels: 0.7 s for nothing.
    tray = render_scene(1, 4032, 3024, 0, ("blue", "red"), "tray")[0]
    assert first_look(tray).closer
    with mock.patch.object(View, "of", wraps=View.of) as looks:
        assert read_dice(tray).dice == ()
    assert len(looks.call_args_list) == 2  # the first look and the closer one
    assert max(call.args[1] for call in looks.call_args_list) < 0.5


def test_an_empty_tray_whose_floor_looks_like_one_huge_die_is_looked_at_farther_off() -> None:
    # Its floor, taken for one die 1,300 pixels wide, was cut into dice with kernels as wide: 15 seconds.
    tray = render_scene(3, 4032, 3024, 0, ("blue", "red"), "tray")[0]
    view = first_look(tray)
    assert view.side is None or view.side <= FARTHER_LOOK[0]
    assert read_dice(tray).dice == ()


def test_a_closer_look_is_read_only_at_a_die_size_worth_reading() -> None:
    mask = np.zeros((100, 100), np.uint8)
    first = _view(mask, 0.25, 20.0)
    assert read_module._worth_reading(_view(mask, 0.5, 30.0), first)
    assert not read_module._worth_reading(_view(mask, 0.5, 10.0), first)  # 5 pixels in the first look: no die there
    assert not read_module._worth_reading(_view(mask, 0.5, 2500.0), first)  # an empty tray's floor
    assert not read_module._worth_reading(_view(mask, 0.5, None), first)


def test_an_empty_dim_tray_whose_rim_grain_looks_like_small_dice_reads_no_die() -> None:
    # Brightened, the grain of the rim was taken for dice 22 analysis pixels wide; looked at closer to part them, it
    # came out 6 pixels wide, not the 40 aimed for, and 25 specks of it were read as dice (5 sure).
    tray = render_scene(9, 4032, 3024, 0, ("blue", "red"), "tray")[0]
    assert read_dice(tray).dice == ()


def test_a_tray_of_small_dice_is_still_looked_at_closer() -> None:
    # 24 dice about 180 pixels wide in a 12 MP photo: 21 pixels in the first look, 40 in the closer one.
    tray = render_scene(11, 4032, 3024, 24, ("blue", "orange", "green", "violet"), "tray", die_px=(170, 190))[0]
    view = first_look(tray)
    assert view.scale > 0.12  # closer than ANALYSIS_SIDE's 480 / 4032
    assert view.side is not None and abs(view.side - CLOSER_LOOK[1]) < 0.2 * CLOSER_LOOK[1]
