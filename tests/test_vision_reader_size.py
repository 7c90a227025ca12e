"""The die size the reader learns from a picture (vision.reader.diesize): lone squares of foreground, else the pips.
Each scene here was sized wrong before its fix."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.synthetic_scenes import assert_read_on, stored
from vision.reader import diesize, read_dice
from vision.reading import SURE_VALUE
from vision.synthetic.datasets import render_kind
from vision.synthetic.scene import RAJAS, render_scene


def test_a_picture_whose_only_square_is_a_block_of_dice_is_sized_by_its_pairs() -> None:
    # Every die touches another: pairs side by side and one block of four, the only square blob. Taken for one die,
    # the block made every pair look like a single die and every die half a die.
    mask = np.zeros((360, 480), np.uint8)
    for x, y in ((30, 30), (200, 40), (60, 250)):
        cv2.rectangle(mask, (x, y), (x + 47, y + 23), 255, -1)
    cv2.rectangle(mask, (330, 200), (377, 247), 255, -1)
    assert diesize.die_side_estimate(mask, 7) == pytest.approx(24, abs=1.5)


def _lone_ones_among_pairs() -> tuple[np.ndarray, np.ndarray]:
    """The lightness and foreground mask of a dark tray at the analysis scale: three lone orange dice showing a 1,
    small enough for the pip search to take each for one round spot, and twelve pairs of touching blue dice showing
    4s and 5s with white pips."""
    lightness = np.full((360, 480), 40, np.uint8)
    mask = np.zeros_like(lightness)
    side, pip = 24, 4
    for x, y in ((30, 30), (30, 300), (420, 30)):
        cv2.rectangle(mask, (x, y), (x + side, y + side), 255, -1)
        cv2.rectangle(lightness, (x, y), (x + side, y + side), 150, -1)
        cv2.circle(lightness, (x + side // 2, y + side // 2), pip // 2, 250, -1)
    for i in range(12):
        x, y = 90 + (i % 4) * 80, 70 + (i // 4) * 90
        cv2.rectangle(mask, (x, y), (x + 2 * side, y + side), 255, -1)
        cv2.rectangle(lightness, (x, y), (x + 2 * side, y + side), 70, -1)
        for die in (x, x + side):
            for px, py in ((6, 6), (18, 6), (6, 18), (18, 18), (12, 12))[: 4 + i % 2]:
                cv2.circle(lightness, (die + px, y + py), pip // 2, 250, -1)
    return lightness, mask


def test_lone_dice_that_pass_for_round_spots_do_not_outweigh_the_pips() -> None:
    # The three lone dice cover more area than the fifty-odd pips: taken for the pips, they made the dice six times
    # their size, and every die in the picture was missed.
    lightness, mask = _lone_ones_among_pairs()
    found = diesize.pip_side_estimate(lightness, mask)
    assert found is not None
    assert found[0] == pytest.approx(24, rel=0.35)
    assert len(found[1]) > 40


def test_a_tray_where_only_two_dice_lie_alone_is_read_whole() -> None:
    # Held-out synthetic tray (seed 19, scene 16, 4032x3024): 21 dice on a dark felt, all but an orange 1 and a violet
    # 5 touching another. Three dice showing few pips (that 1, a green 1 and a green 2) passed for the pips; 20 dice
    # were missed and one box unread spanned a third of the tray.
    image, truth = render_kind("tray", 19 * 100_003 + 16)
    read = read_dice(stored(image)).dice
    assert len(read) == len(truth)
    for true in truth:
        assert_read_on(read, true)


def test_a_die_a_pair_and_a_clump_count_as_no_three_dice_of_one_size() -> None:
    # Each is square enough to pass for one die, and the pair is alike in size to both others, but the die and the
    # clump are not alike: no three of them agree on a size.
    sides = np.array([49.7, 70.4, 84.5])
    side, count = diesize._commonest_size(sides, np.ones(3))
    assert side == pytest.approx(70.4) and count == 2
    assert diesize._commonest_size(np.array([48.0, 50.0, 52.0, 84.5]), np.ones(4))[1] == 3


def test_a_webcam_frame_with_one_lone_die_is_sized_by_its_pips_not_by_its_clumps() -> None:
    # Held-out webcam-slight frame (seed 17, scene 37): a lone 4, a 6 and a 3 touching, and three dice in a clump.
    # The three blobs, taken for three dice of one size, made the die a third larger than it is; the 6 and the 3
    # were then one die, left unread.
    image, truth = render_kind("webcam-slight", 17 * 100_003 + 37)
    read = read_dice(stored(image)).dice
    for box in ((400, 8, 490, 96), (442, 46, 535, 131)):
        (true,) = [d for d in truth if d.bbox == box]
        assert_read_on(read, true)


def _ivory_die_among_coloured_ones() -> tuple[np.ndarray, np.ndarray]:
    """The lightness and foreground mask, at the analysis scale, of a pale table holding three pairs of touching
    coloured dice (48 pixels a side) and one lone one, all with light pips, and an ivory die the table's colour, of
    which only its four dark pips stand out, each a square spot of the mask."""
    lightness = np.full((360, 480), 160, np.uint8)
    mask = np.zeros_like(lightness)
    side, pip = 48, 4
    corners = ((12, 12), (36, 12), (12, 36), (36, 36), (24, 24))
    for x, y, count in ((40, 40, 2), (200, 40, 2), (40, 200, 2), (320, 220, 1)):
        cv2.rectangle(mask, (x, y), (x + count * side, y + side), 255, -1)
        cv2.rectangle(lightness, (x, y), (x + count * side, y + side), 80, -1)
        for die in range(count):
            for px, py in corners[: 4 + die]:
                cv2.circle(lightness, (x + die * side + px, y + py), pip, 250, -1)
    for px, py in corners[:4]:
        cv2.circle(mask, (330 + px, 60 + py), pip, 255, -1)
        cv2.circle(lightness, (330 + px, 60 + py), pip, 30, -1)
    return lightness, mask


def test_the_dark_pips_of_an_ivory_die_among_light_pips_do_not_make_the_dice_pip_sized() -> None:
    # A Rajas scene (synthetic seed 5, scene 17, under a little more noise or light than drawn): coloured dice with
    # white pips and an ivory die on a pale speckled table. The ivory die's body went into the table and its four
    # dark pips into the mask as four squares; pips were looked for in the light polarity only, so these were taken
    # for dice, every die was 7 pixels wide, and 70 dice were found where none lie.
    lightness, mask = _ivory_die_among_coloured_ones()
    assert diesize.die_side_estimate(mask, 7, lightness) == pytest.approx(48, rel=0.2)


def test_a_rajas_table_whose_dice_all_touch_is_looked_at_closer_when_no_die_of_it_reads() -> None:
    # A Rajas scene of the synthetic set (seed 11, scene 15, as stored): six dice on a pale board, in a clump of
    # three, a pair and a die beside it, at 1280x720. The clump was the only square blob, and at the usual scale too
    # few pips stood out to say it was three dice: the dice were sized as large as it, and none was read. Looked at
    # twice as close, the pips tell the size, and every die reads right.
    image, truth = render_kind("rajas", 11 * 100_003 + 15)
    dice = read_dice(stored(image)).dice
    assert len(truth) == 6
    for die in truth:
        assert_read_on(dice, die)


def test_an_empty_felt_looked_at_closer_shows_no_die() -> None:
    # A green felt with nothing on it but the lamp's bright spot: no die reads at the usual scale, so it is looked at
    # closer, where its weave stands out in specks that read as small 1s and 2s (two of them surely). Specks smaller
    # than a die worth reading at the usual scale, or off what it took for dice, are no dice.
    image, truth = render_scene(3, 1280, 720, 0, RAJAS, "rajas")
    assert not truth
    assert all(die.value is None for die in read_dice(image).dice)


def test_a_frame_of_small_dice_read_only_as_guesses_is_looked_at_closer() -> None:
    # A small-dice webcam scene of the synthetic set (held-out seed 43, scene 9, as stored): four dice about 25
    # pixels wide, two of them touching, read at the usual scale as four guesses (0.54 to 0.59). No die read
    # surely, so the frame is looked at closer, where three of them read surely and all four right. (Seed 5, scene 11
    # was pinned here before: lit softly enough to be taken for veiled (exposure.VEILED), and its 2 read surely at
    # the usual scale since pips.LONE_ROUND made its lone blob's 1 a guess, it is no longer looked at closer.)
    image, truth = render_kind("webcam-small", 43 * 100_003 + 9)
    dice = read_dice(stored(image)).dice
    read = [assert_read_on(dice, die) for die in truth]
    assert len(truth) == 4
    assert sum(die.confidence >= SURE_VALUE for die in read) >= 3
