"""The lamp's reflection on a coloured table, lighter than the table but of its chromaticity and ragged with its
grain, is table too; dice on it and beside it stay in the foreground (vision.reader.lamp_spot)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from dice_drawing import draw_die, table

from tests.synthetic_scenes import lies_on, read_on, read_right, stored
from vision.reader import lamp_spot, read_dice
from vision.reader import read as read_module
from vision.reader import table as tables
from vision.reader.chroma import chromaticity_of
from vision.reading import SURE_VALUE, Die
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
RED_WOOD = (40, 90, 160)
"""A redder wood: lit twice as bright its red clips, and its reflection's chromaticity lies 11 from its own."""


def test_the_lamps_reflection_on_wood_is_table_and_the_dice_stand_out() -> None:
    spot = _spot(filled=False)
    mask = _mask(WOOD, spot)
    assert (mask[spot > 0] > 0).mean() < 0.1  # the die on it, only
    assert mask[80, 80] and mask[180, 240]


def test_without_it_the_reflection_was_foreground(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lamp_spot, "LAMP_SPOT", (2.0, *lamp_spot.LAMP_SPOT[1:]))  # no part is that large
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
    monkeypatch.setattr(lamp_spot, "LAMP_SPOT", (*lamp_spot.LAMP_SPOT[:4], 1000.0))
    _, read = read_on("tray", 41, 0, (2538, 1068, 2878, 1388), as_stored=True)
    assert not any(d.value == 2 for d in read)


def test_a_reflection_clipped_red_is_table_too() -> None:
    # A lamp too bright: the wood's red clips at the sensor's top, and the reflection turns yellower than the wood.
    spot = _spot(filled=False)
    mask = _mask(RED_WOOD, spot, gain=2.0)
    assert (mask[spot > 0] > 0).mean() < 0.1
    assert mask[80, 80] and mask[180, 240]


def test_without_the_clipping_the_clipped_reflection_was_foreground(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lamp_spot, "_lit", lambda colour, lightness: None)
    spot = _spot(filled=False)
    assert (_mask(RED_WOOD, spot, gain=2.0)[spot > 0] > 0).mean() > 0.8


def test_a_reflection_clipped_white_is_no_table() -> None:
    # On a pale wood every channel clips: the reflection is as white as a white die, and stays foreground.
    spot = _spot(filled=False)
    assert (_mask((170, 200, 230), spot, gain=1.6)[spot > 0] > 0).mean() > 0.5


@pytest.mark.parametrize("bgr", [(60, 90, 130), (40, 120, 90), (150, 90, 60)])
@pytest.mark.parametrize("gain", [1.2, 1.8, 2.5])
def test_a_table_colour_lit_as_a_camera_clips_it(bgr: tuple[int, int, int], gain: float) -> None:
    colour = np.array([[bgr]], np.uint8)
    lit = np.clip(colour.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    table_lab, lit_lab = (cv2.cvtColor(c, cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32) for c in (colour, lit))
    clipped = lamp_spot._lit(table_lab, float(lit_lab[0]))
    assert (clipped is not None) == (max(bgr) * gain > 255)
    if clipped is not None:
        expected = chromaticity_of(lit_lab)
        assert abs(clipped[0] - expected[0]) + abs(clipped[1] - expected[1]) <= 1.0


def test_a_frame_of_small_dice_under_a_lamp_too_bright_reads_no_die_on_its_reflection() -> None:
    # The frame above lit 1.4 times brighter, with a little sensor noise, through a JPEG (as
    # benchmarks/eval_robustness.py's `bright` makes it): the reflection clips, and its grain read as five dice.
    image, truth = render_kind("webcam-small", 5 * 100_003 + 12)
    lit = stored(image).astype(np.float32) * 1.4
    lit += np.random.default_rng(3).standard_normal(image.shape[:2], dtype=np.float32)[:, :, None] * 2.0
    _, data = cv2.imencode(".jpg", np.clip(lit, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85])
    read = read_dice(cv2.imdecode(data, cv2.IMREAD_COLOR)).dice
    assert all(any(lies_on(die, true) for true in truth) for die in read)


def _warm_frame() -> tuple[np.ndarray, list[Die]]:
    """Small white dice on wood under a warm lamp too bright (synthetic seed 17, scene 29, through
    benchmarks/eval_robustness.py's `warm`): the dice's red clips as the wood's reflection's does, and they take its
    hue."""
    image, truth = render_kind("webcam-small", 17 * 100_003 + 29)
    warm = stored(image).astype(np.float32) * np.array([0.6, 0.95, 1.25], np.float32)
    _, data = cv2.imencode(".jpg", np.clip(warm, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85])
    return cv2.imdecode(data, cv2.IMREAD_COLOR), truth


def _sure_wrongs(picture: np.ndarray, truth: list[Die]) -> list[Die]:
    read = read_dice(picture).dice
    sure = [d for d in read if d.value is not None and d.confidence >= SURE_VALUE]
    return [d for d in sure if not any(lies_on(d, true) and true.value == d.value for true in truth)]


def test_a_clipped_reflection_of_the_dice_colour_is_no_table() -> None:
    # Taken for table, that colour ate the dice's lit faces: a 4 and a 4 beside it read as sure 2s.
    assert _sure_wrongs(*_warm_frame()) == []


def test_without_the_dice_kept_the_warm_frame_read_sure_wrongs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "keeps_dice", lambda before, after: True)
    # One of the two sure 2s holds two pips of its 4 beside the 4's other pips: the check of such 2s (two_pips.py)
    # makes it a guess of its own; without it, both stand as they did before the dice were kept.
    monkeypatch.setattr(read_module, "doubtful_two", lambda image, found, scale, side: found)
    assert len(_sure_wrongs(*_warm_frame())) == 2


def test_a_die_shaped_part_must_keep_most_of_itself() -> None:
    before = np.zeros((360, 480), np.uint8)
    before[100:120, 100:120] = 255  # a die, 20 pixels wide
    before[200:205, 50:400] = 255  # a streak of grain: no die
    after = before.copy()
    after[200:205, :] = 0
    assert lamp_spot.keeps_dice(before, after)
    after[100:112, 100:120] = 0
    assert not lamp_spot.keeps_dice(before, after)


def _noisy(image: np.ndarray) -> np.ndarray:
    """A stored scene with sensor noise of 8 grey levels and 4 more per colour, through a JPEG (as
    benchmarks/eval_robustness.py's `noise` makes it)."""
    rng = np.random.default_rng(1)
    out = stored(image).astype(np.float32) + rng.standard_normal(image.shape[:2], dtype=np.float32)[:, :, None] * 8
    out += rng.standard_normal(image.shape, dtype=np.float32) * 4
    _, data = cv2.imencode(".jpg", np.clip(out, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def _found_off_dice(noisy: bool) -> int:
    # Small white dice on wood (synthetic seed 5, scene 39): the reflection, cut by the grain into parts of a
    # hundredth to a fiftieth of the frame each.
    image, truth = render_kind("webcam-small", 5 * 100_003 + 39)
    read = read_dice(_noisy(image) if noisy else stored(image)).dice
    return sum(not any(lies_on(die, true) for true in truth) for die in read)


def test_a_reflection_cut_into_small_parts_is_table_too() -> None:
    assert _found_off_dice(noisy=False) == 0
    assert _found_off_dice(noisy=True) == 0


def test_from_a_fiftieth_only_its_parts_read_as_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lamp_spot, "LAMP_SPOT", (0.02, *lamp_spot.LAMP_SPOT[1:]))
    assert _found_off_dice(noisy=False) >= 2
    assert _found_off_dice(noisy=True) >= 2
