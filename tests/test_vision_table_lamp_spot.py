"""The lamp's reflection on a coloured table, lighter than the table but of its chromaticity and ragged with its
grain, is table too; dice on it and beside it stay in the foreground (vision.reader.table.LAMP_SPOT)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from dice_drawing import draw_die, table

from tests.synthetic_scenes import lies_on, read_on, read_right, stored
from vision.reader import read_dice
from vision.reader import table as tables
from vision.reading import SURE_VALUE
from vision.synthetic.datasets import render_kind


def _spot(filled: bool) -> np.ndarray:
    """Where the reflection lies in a 480x360 picture: an ellipse, with the grain running through it unless
    `filled`."""
    spot = np.zeros((360, 480), np.uint8)
    cv2.ellipse(spot, (240, 180), (110, 70), 15, 0, 360, 255, -1)
    for y in range(100, 260, 14) if not filled else ():
        cv2.line(spot, (100, y), (380, y + 30), 0, 5)
    return spot


def _mask(colour: tuple[int, int, int], spot: np.ndarray, gain: float = 1.45) -> np.ndarray:
    """The foreground mask of a table of `colour` lit `gain` times brighter on `spot`, a white 5 beside the spot and
    a white 3 on it."""
    picture = table(480, 360, colour)
    lit = np.clip(picture.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    picture[spot > 0] = lit[spot > 0]
    draw_die(picture, (80, 80), 30, 10, 5, "white")
    draw_die(picture, (240, 180), 30, 20, 3, "white")
    lab = cv2.cvtColor(picture, cv2.COLOR_BGR2Lab)
    return tables.foreground_mask(lab, tables.background_centres(lab))


WOOD = (60, 90, 130)


def test_the_lamps_reflection_on_wood_is_table_and_the_dice_stand_out() -> None:
    spot = _spot(filled=False)
    mask = _mask(WOOD, spot)
    assert (mask[spot > 0] > 0).mean() < 0.1  # the die on it, only
    assert mask[80, 80] and mask[180, 240]


def test_without_it_the_reflection_was_foreground(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "LAMP_SPOT", (2.0, *tables.LAMP_SPOT[1:]))  # no part is that large
    spot = _spot(filled=False)
    assert (_mask(WOOD, spot)[spot > 0] > 0).mean() > 0.8


def test_a_filled_light_part_is_no_reflection() -> None:
    # Filled like a die or a clump of dice (a light wooden die on the wood, seen up close): it stays foreground.
    spot = _spot(filled=True)
    assert (_mask(WOOD, spot)[spot > 0] > 0).mean() > 0.8


def test_on_a_grey_table_a_light_part_is_no_reflection() -> None:
    # White dice on a grey table have the table's (lack of) hue: lightness alone cannot tell them from a reflection.
    spot = _spot(filled=False)
    assert (_mask((110, 110, 110), spot, gain=1.9)[spot > 0] > 0).mean() > 0.5


def test_a_frame_of_small_dice_reads_no_die_on_the_lamps_reflection() -> None:
    # Small white dice on wood (synthetic seed 5, scene 12, as stored): the grain in the reflection read as nine dice.
    image, truth = render_kind("webcam-small", 5 * 100_003 + 12)
    read = read_dice(stored(image)).dice
    assert all(any(lies_on(die, true) for true in truth) for die in read)
    assert sorted(d.value for d in read if d.value is not None) == sorted(d.value for d in truth)


def test_a_ragged_clump_of_dice_of_several_colours_is_no_reflection() -> None:
    # A tray (synthetic seed 41, scene 0, as stored): a clump of orange, red and violet dice on the black felt, lighter
    # than the brown of the tray's wooden frame and of its hue in the median, but of many hues.
    assert read_right("tray", 41, 0, (2538, 1068, 2878, 1388), 2).confidence >= SURE_VALUE
    assert read_right("tray", 41, 0, (2344, 1180, 2657, 1490), 3).confidence >= SURE_VALUE


def test_without_the_spread_the_clump_was_taken_for_the_frames_reflection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "LAMP_SPOT", (*tables.LAMP_SPOT[:4], 1000.0))
    _, read = read_on("tray", 41, 0, (2538, 1068, 2878, 1388), as_stored=True)
    assert not any(d.value == 2 for d in read)
