"""Scenes the first reader got wrong: grey dice as dark as the wood, clumps with no lone die, dark dice on a dark
felt, a die's shadow on the wood, small dice clumped in a tray photo. Drawn with OpenCV (tests/dice_drawing.py)
or taken from the synthetic sets. Each failed before its fix (lamp reflections: test_vision_reader_glare.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.dice_drawing import draw_die, table
from tests.synthetic_scenes import assert_never_surely_wrong, read_right
from tests.synthetic_scenes import assert_read_on as _assert_read_on
from tests.synthetic_scenes import lies_on as _lies_on
from tests.synthetic_scenes import read_on as _read_on
from vision.reader import read_dice
from vision.reading import SURE_VALUE
from vision.synthetic.datasets import render_kind


def test_grey_dice_in_shade_as_dark_as_the_wood_are_found() -> None:
    wood = (90, 115, 140)  # a light oak desk
    image = table(colour=wood, seed=3)
    for i, value in enumerate((3, 5, 6, 2)):
        draw_die(image, (110 + 140 * i, 240), 60, 15 * i, value, "shaded white")
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)
    assert abs(int(lab[224, 126, 0]) - int(lab[40, 40, 0])) < 30  # as light as the wood: only its hue differs
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice) == [2, 3, 5, 6]


def test_dice_that_all_touch_are_found_by_the_size_of_their_pips() -> None:
    image = table(colour=(40, 90, 40))
    side = 70
    values = {(0, 0): 1, (1, 0): 4, (0, 1): 6, (1, 1): 3, (3, 0): 5, (4, 0): 2}
    for (column, row), value in values.items():
        draw_die(image, (150 + column * side, 150 + row * side), side, 0, value, "white")
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice if d.value) == sorted(values.values())


def test_three_dice_all_touching_at_odd_angles_are_each_read() -> None:
    # Three white dice of 42 px pushed together, each turned its own way, and nothing else on the table: no die stands
    # alone to tell the size, the pips tell it a third too large, and the clump was one squarish blob taken for one
    # die, unread, with no way of cutting it. Such a blob larger than a die (segment.CLUMP) that reads no value is
    # now cut as well.
    dice = (((320.0, 240.0), 36.4, 4), ((297.1, 201.0), 30.0, 2), ((362.9, 220.4), 22.0, 6))
    image = table()
    for centre, angle, value in dice:
        draw_die(image, centre, 42.5, angle, value, "white")
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice if d.value) == sorted(value for _, _, value in dice)


def test_dark_dice_on_a_dark_felt_are_found_whole() -> None:
    image = table(colour=(70, 35, 20), seed=5)  # navy felt
    for i, value in enumerate((2, 4, 5)):
        draw_die(image, (160 + 160 * i, 240), 70, 10 * i, value, "dark violet")
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice) == [2, 4, 5]


def _cast_shadow(image: np.ndarray, box: tuple[int, int, int, int], reach: int) -> None:
    """The shadow of a die lit low from the upper left: the table darkened, keeping its colour."""
    x0, y0, x1, y1 = box
    shade = np.zeros(image.shape[:2], np.uint8)
    cv2.rectangle(shade, (x0 + reach, y0 + reach), (x1 + reach, y1 + reach), 255, -1)
    cv2.fillConvexPoly(shade, np.array([[x1, y0], [x1 + reach, y0 + reach], [x0 + reach, y1 + reach], [x0, y1]]), 255)
    dark = (image * 0.45).astype(np.uint8)
    image[shade > 0] = dark[shade > 0]


def test_the_shadow_a_die_casts_on_the_wood_is_not_taken_for_part_of_it() -> None:
    image = table(colour=(70, 125, 175), seed=5)  # a light pine desk
    places = [((150, 140), 3), ((420, 150), 5), ((260, 330), 6)]
    boxes = {}
    for centre, value in places:
        x0, y0, x1, y1 = (round(c + s * 27) for c, s in zip(centre * 2, (-1, -1, 1, 1), strict=True))
        _cast_shadow(image, (x0, y0, x1, y1), 40)
        boxes[value] = draw_die(image, centre, 54, 0, value, "white")
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice) == [3, 5, 6]
    for die in reading.dice:
        truth = boxes[die.value or 0]
        assert max(abs(a - b) for a, b in zip(die.bbox, truth, strict=True)) <= 6, (die.bbox, truth)


def test_a_row_of_dice_nearer_the_camera_than_the_others_is_cut_at_its_own_size() -> None:
    image = table(colour=(60, 100, 150), seed=7)
    for i, value in enumerate((2, 3, 5, 6)):
        draw_die(image, (330 + 80 * i, 90), 48, 10 * i, value, "white")  # far from the camera: small
    row = (4, 6, 1)
    for i, value in enumerate(row):
        draw_die(image, (120, 170 + 72 * i), 72, 0, value, "white")  # near the camera, side by side
    reading = read_dice(image)
    near = sorted((d.center[1], d.value) for d in reading.dice if d.center[0] < 250)
    assert [value for _, value in near] == list(row)


def test_dice_in_a_tray_whose_rim_rings_the_floor_are_found() -> None:
    image = table(colour=(70, 125, 175), seed=11)  # the desk round the tray
    cv2.rectangle(image, (50, 40), (590, 440), (40, 30, 90), -1)  # the tray's floor, a dark red felt
    cv2.rectangle(image, (50, 40), (590, 440), (120, 110, 210), 24)  # its rim, all round it
    values = (1, 2, 3, 4, 5, 6)
    for i, value in enumerate(values):
        draw_die(image, (150 + 170 * (i % 3), 160 + 160 * (i // 3)), 50, 20 * i, value, "violet")
    reading = read_dice(image)
    assert sorted(d.value or 0 for d in reading.dice) == list(values)  # 0: found, not read


@pytest.mark.parametrize("hidden_value", [5, 2])
def test_a_die_the_colour_of_the_felt_is_found_by_its_pips(hidden_value: int) -> None:
    # The 2 has its two pips alone on a diagonal, further apart than any two pips of another face: they were once
    # not grouped into one face, and such a die was missed (a synthetic tray, seed 41, scene 15).
    image = table(colour=(170, 80, 20), seed=13)  # a felt of exactly the blue dice's colour
    for i, value in enumerate((3, 6, 2)):
        draw_die(image, (120 + 200 * i, 120), 56, 12 * i, value, "orange")
    hidden = draw_die(image, (330, 340), 56, 25, hidden_value, "blue")
    reading = read_dice(image)
    found = [d for d in reading.dice if d.center[1] > 250]
    assert [d.value for d in found] == [hidden_value]
    assert max(abs(a - b) for a, b in zip(found[0].bbox, hidden, strict=True)) <= 8


def test_a_die_no_cut_of_its_clump_holds_is_read_in_what_the_others_leave_uncovered() -> None:
    # A synthetic tray, seed 41, scene 5: a blue 3 seen at an angle, in one blob with four dice. The watershed
    # found no seed in it (its side face is all edges) and no grid cell fell on it: the four others were read and it
    # was missed. The part of the blob they leave uncovered is die-sized, and read as a die of its own.
    die, read = _read_on("tray", 41, 5, (212, 532, 607, 880), as_stored=True)
    assert (die.value, die.color) == (3, "blue")
    assert [(d.value, d.color) for d in read] == [(3, "blue")]


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "as_stored"),
    [("rajas", 97, 9, (19, 68, 80, 118), False), ("rajas", 41, 28, (22, 9, 114, 86), True)],
)
def test_half_a_die_read_in_a_box_about_half_the_dice_size_is_a_guess(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], as_stored: bool
) -> None:
    # Synthetic Rajas tables: violet dice seen at an angle, touching, cut in two. A half read as a sure 4 (the 2's
    # pips and two of its side face's) or a sure 2; in a box under 0.55 of the picture's die side it is a guess.
    die, read = _read_on(kind, seed, scene, box, as_stored=as_stored)
    assert die.color == "violet"
    assert read and all(d.value == die.value or d.confidence < SURE_VALUE for d in read)


def test_a_box_drawn_out_over_a_one_and_the_five_beside_it_is_a_guess() -> None:
    # A synthetic webcam frame, seed 97, scene 36, blurred: a box 1.6 times longer than wide holds a 1 and most of
    # the 5 beside it, and read the 5's pips as a sure 5 (0.76). A box so drawn out holds two dice: a guess.
    die, read = _read_on("webcam", 97, 36, (214, 357, 288, 437))
    assert die.value == 1
    assert read
    assert_never_surely_wrong(read, 1)


def test_a_box_a_little_off_square_is_checked_against_the_top_face_read_alone() -> None:
    # A synthetic Rajas table, seed 41, scene 34: an orange 3 whose box (0.91 as wide as long) holds its top face
    # and a strip of side face. Read in the box, only the 3's middle pip stood clear: a sure 1. Its top face, read
    # alone, is a 3; the check was made only under 0.9 and is now made under 0.95.
    die, read = _read_on("rajas", 41, 34, (551, 229, 603, 283))
    assert (die.value, die.color) == (3, "orange")
    assert [(d.value, d.color) for d in read] == [(3, "orange")]


def _motion_blur(image: np.ndarray, length: int, angle: float) -> np.ndarray:
    """The picture smeared along a line of `length` pixels at `angle` degrees, as a die moving during exposure."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle, 1.0)
    kernel = cv2.warpAffine(kernel, turn, (length, length))
    return cv2.filter2D(image, -1, kernel / kernel.sum())


@pytest.mark.parametrize("value", [2, 3, 4, 5, 6])
def test_a_die_blurred_by_motion_is_read_from_its_streaks_or_left_unsure(value: int) -> None:
    image = table(colour=(60, 100, 150), seed=17)
    for i, other in enumerate((1, 4, 6)):
        draw_die(image, (120 + 200 * i, 110), 60, 8 * i, other, "white")
    draw_die(image, (320, 330), 60, 10, value, "white")
    image[250:420, 220:420] = _motion_blur(image, 21, 30.0)[250:420, 220:420]  # a third of the die
    found = [d for d in read_dice(image).dice if d.center[1] > 250]
    assert len(found) == 1  # the blurred die is found
    assert found[0].value == value or (found[0].value is None and found[0].confidence < 0.6)


def test_a_clump_of_small_dice_in_a_twelve_megapixel_tray_photo_is_parted() -> None:
    # At the usual analysis scale these dice are about 20 pixels and the seams between them a pixel or two: the
    # clump is looked at again closer. A tray photo: 21 dice of 170 pixels on a 4032 x 3024 felt.
    image = table(4032, 3024, colour=(40, 30, 90), seed=5)
    clump = [((1800, 1300), 0, 4, "blue"), ((1840, 1475), 15, 5, "blue"), ((2045, 1440), 25, 3, "violet")]
    clump += [((1720, 1650), 0, 4, "blue"), ((1900, 1640), 10, 5, "violet")]
    for centre, angle, value, colour in clump:
        draw_die(image, centre, 170, angle, value, colour)
    for i in range(16):
        colour = ("blue", "orange", "green", "violet")[i % 4]
        draw_die(image, (400 + 420 * (i % 8), 500 + 2000 * (i // 8)), 170, 11 * i, 1 + i % 6, colour)
    reading = read_dice(image)
    near = sorted((d.center, d.value) for d in reading.dice if 1500 < d.center[0] < 2300 and 1100 < d.center[1] < 1900)
    assert [value for _, value in near] == [4, 4, 5, 5, 3]
    assert len(reading.dice) == 21


def test_a_six_seen_at_an_angle_whose_box_holds_a_side_face_is_read_on_its_top_face() -> None:
    # A webcam scene of the synthetic set (seed 23, scene 114): a 6 seen obliquely, its box also holding a side
    # face. The box read whole gave a sure 3. Its top face, read first (vision/reader/tilted.py), reads the 6
    # surely enough to stand alone; before, the two disagreed and the 6 was only a guess, and before that, unread.
    image, truth = render_kind("webcam", 23 * 100_003 + 114)
    (six,) = [d for d in truth if d.bbox == (9, 163, 82, 220)]
    assert six.value == 6
    read = [d for d in read_dice(image).dice if six.bbox[0] <= d.center[0] <= six.bbox[2]]
    read = [d for d in read if six.bbox[1] <= d.center[1] <= six.bbox[3]]
    assert [d.value for d in read] == [6]


@pytest.mark.parametrize("colour", ["white", "blue"])
@pytest.mark.parametrize("angle", [0, 15])
def test_a_four_foreshortened_by_a_camera_at_an_angle_is_read_sure(colour: str, angle: int) -> None:
    # The whole table squashed to 0.8 of its height, as a camera about 37 degrees off overhead sees it: the face is
    # a rhombus, which a square grid fits poorly (once unsure, 0.58) and the affine fit of pips.py well.
    image = table(colour=(60, 90, 130))
    draw_die(image, (320, 240), 90, angle, 4, colour)
    squash = np.float32([[1, 0, 0], [0, 0.8, 48]])
    image = cv2.warpAffine(image, squash, (640, 480), borderMode=cv2.BORDER_REFLECT)
    (die,) = read_dice(image).dice
    assert die.value == 4 and die.confidence >= 0.6


def test_a_die_whose_pips_cannot_be_made_out_is_found_unread_and_a_round_token_is_not() -> None:
    # Blurred past reading, a die is still a square blob of a die's size: shown as found with no value, so that
    # the table is asked, rather than left out. A round token of the same size is no die.
    image = table(colour=(60, 90, 130), seed=4)
    for i, value in enumerate((2, 5, 3)):
        draw_die(image, (120 + 200 * i, 110), 70, 15 * i, value, "white")
    corners = cv2.boxPoints(((220.0, 330.0), (70.0, 70.0), 20.0))
    cv2.fillConvexPoly(image, np.round(corners).astype(np.int32), (225, 228, 230), cv2.LINE_AA)  # the blank die
    cv2.circle(image, (460, 330), 38, (225, 228, 230), -1, cv2.LINE_AA)  # the token
    reading = read_dice(image)
    low = sorted((d.center[0], d.value) for d in reading.dice if d.center[1] > 250)
    assert len(low) == 1 and abs(low[0][0] - 220) < 8 and low[0][1] is None
    assert sorted(d.value for d in reading.dice if d.center[1] < 250) == [2, 3, 5]


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box"),
    [
        ("webcam", 5, 74, (189, 345, 232, 387)),
        ("webcam", 5, 74, (224, 288, 269, 331)),
        ("webcam", 41, 10, (431, 192, 487, 242)),
        ("webcam-small", 41, 31, (103, 195, 133, 222)),
    ],
)
def test_a_lone_die_blurred_by_motion_is_found_though_its_corners_are_smeared_round(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int]
) -> None:
    # Webcam scenes of the synthetic sets (as stored): a white die alone on the desk, moving, its pips smeared into
    # streaks no layout reads. Its blob filled 0.85 to 0.88 of its box, under the share a die was held to, and the
    # die was left out; it is now shown found but unread, for the table to confirm (region.SQUARE_ENOUGH).
    _, read = _read_on(kind, seed, scene, box, as_stored=True)
    assert len(read) == 1
    assert read[0].value is None or read[0].confidence < SURE_VALUE


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "value"),
    [
        ("tray", 13, 5, (3237, 2225, 3528, 2483), 1),
        ("webcam-small", 5, 79, (502, 51, 529, 79), 2),
        ("webcam-small", 5, 20, (578, 108, 613, 140), 2),
    ],
)
def test_a_lone_die_seen_at_an_angle_whose_blob_was_cut_through_is_read_whole(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], value: int
) -> None:
    # Scenes of the synthetic sets held out from tuning (as stored): a die alone, seen at an angle, its side face in
    # view, its blob longer than a square (a red 1 on a tray photo, 1.45 times as long as wide). Taken for more
    # than one die, it was cut (through the 1's pip), no piece read a value, and the die was lost. A blob no larger
    # than such a die, of which no cut reads a die, is now read whole (candidate.UNCUT_AREA).
    assert read_right(kind, seed, scene, box, value).confidence >= SURE_VALUE


def test_a_row_of_three_touching_dice_seen_at_an_angle_is_cut_die_by_die() -> None:
    # A webcam scene of the synthetic set (seed 7, scene 2): a 5, a 5 and a 1 in a row, seen obliquely. A cut in two
    # pieces, one a die and a half wide, read a little surer on average than the cut in three and hid the middle 5.
    image, truth = render_kind("webcam", 7 * 100_003 + 2)
    row = [d for d in truth if d.bbox in ((206, 77, 289, 150), (250, 107, 329, 177), (293, 127, 374, 201))]
    assert sorted(d.value for d in row) == [1, 5, 5]
    read = read_dice(image).dice
    for true in row:
        _assert_read_on(read, true, reach=20)


def test_two_dice_touching_at_a_corner_in_a_tray_where_every_die_touches_another_are_found() -> None:
    # A synthetic tray photo (seed 41, scene 11, 4032x3024): pairs and threes of dice only, no die alone.
    image, truth = render_kind("tray", 41 * 100_003 + 11)
    pair = [d for d in truth if 1400 <= d.center[0] <= 1950 and 1900 <= d.center[1] <= 2400]
    assert len(pair) == 2
    read = read_dice(image).dice
    for true in pair:
        _assert_read_on(read, true, reach=60)


@pytest.mark.parametrize(
    ("scene", "boxes"),
    [
        # A 2 and a 6 touching, both seen at an angle: the 2's upright bounding box, swollen by its turn and its
        # side faces, once covered the 6's centre and hid it.
        (23 * 100_003 + 118, ((344, 163, 427, 255), (379, 207, 461, 299))),
        # A 4 and a 2 side by side, each with a side face below it, a blob as tall as it is wide: the seam between
        # top and side faces, the stronger edge, once cut the pair the wrong way; cells taller than a die are tried.
        (23 * 100_003 + 111, ((165, 17, 229, 92), (212, 15, 273, 90))),
    ],
    ids=["neighbours-box", "drawn-out-pair"],
)
def test_two_touching_dice_seen_at_an_angle_are_each_read(scene: int, boxes: tuple[tuple[int, ...], ...]) -> None:
    image, truth = render_kind("webcam", scene)  # webcam scenes of the synthetic set
    pair = [d for d in truth if d.bbox in boxes]
    assert len(pair) == 2
    read = read_dice(image).dice
    for true in pair:
        _assert_read_on(read, true)


@pytest.mark.parametrize(
    ("kind", "scene", "box", "value"), [("tray", 6, (1952, 522, 2269, 889), 5), ("webcam", 37, (105, 49, 167, 112), 5)]
)
def test_a_die_a_cut_ran_through_is_read_once_its_box_is_moved_onto_its_pips(
    kind: str, scene: int, box: tuple[int, int, int, int], value: int
) -> None:
    # Scenes of the synthetic sets (seed 23): a 5 in a clump, the cut between the dice run through it, so that its
    # piece holds part of the die, the pips bunched at one edge. Once left unread; the piece is now moved onto its
    # pips and read again.
    die, read = _read_on(kind, 23, scene, box)
    assert die.value == value
    assert [d.value for d in read] == [value]


def test_a_die_the_colour_of_the_felt_does_not_make_the_dice_pip_sized() -> None:
    # A Rajas scene of the synthetic set (seed 7, scene 8): a green die on green felt leaves only its five pips in
    # the mask, five specks as square as a die, which outnumbered the one die standing alone and made the dice
    # pip-sized: the green 5 was lost. Specks of the pips' size that hold a pip no longer count as dice.
    image, truth = render_kind("rajas", 7 * 100_003 + 8)
    (green,) = [d for d in truth if d.color == "green"]
    assert green.value == 5
    x0, y0, x1, y1 = green.bbox
    read = [d for d in read_dice(image).dice if x0 <= d.center[0] <= x1 and y0 <= d.center[1] <= y1]
    assert [(d.value, d.color) for d in read] == [(5, "green")]
    assert len(read_dice(image).dice) == len(truth)


def test_a_white_die_seen_well_off_overhead_is_read_on_its_bright_top_face() -> None:
    # A webcam scene of the synthetic set (seed 23, scene 77): a white 4 seen so far off overhead that its two grey
    # side faces fill more of its box than its top face. The top face was looked for at the box's 70th percentile
    # of lightness, which fell on the side faces, and the die was left unread; a white die's top face is now
    # everything brighter than where Otsu's threshold parts it from its sides.
    image, truth = render_kind("webcam", 23 * 100_003 + 77)
    (die,) = [d for d in truth if d.bbox == (50, 198, 124, 261)]
    assert die.value == 4
    x0, y0, x1, y1 = die.bbox
    assert [d.value for d in read_dice(image).dice if x0 <= d.center[0] <= x1 and y0 <= d.center[1] <= y1] == [4]


def test_two_dice_one_in_front_of_the_other_in_one_short_blob_are_both_read() -> None:
    # A webcam scene of the synthetic set (seed 23, scene 0): two 1s, one in front of the other, overlap in the
    # picture in a blob only 1.4 dice long, small enough to be read as one die and never cut: one die, unread. A
    # drawn-out blob that reads no value is now cut, and the cut kept when every die in it reads surely.
    image, truth = render_kind("webcam", 23 * 100_003 + 0)
    assert [d.value for d in truth] == [1, 1]
    read = read_dice(image).dice
    assert [d.value for d in read] == [1, 1]
    for die in truth:
        _assert_read_on(read, die)


def test_small_dice_round_enough_to_pass_for_pips_do_not_make_the_dice_huge() -> None:
    # A Rajas scene of the synthetic set (seed 41, scene 12): eleven small dice on a light sandy board, only two
    # standing alone in the mask. The pip search found three of the dice themselves, round enough at that size to
    # pass for pips, and sized the dice six times too large: nothing was read. Pips that are square blobs of
    # their own size are now known for dice.
    image, truth = render_kind("rajas", 41 * 100_003 + 12)
    assert len(truth) == 11
    read = read_dice(image).dice
    assert len(read) >= 8
    right = sum(any(d.value == t.value and d.color == t.color for d in read if _lies_on(d, t)) for t in truth)
    assert right >= 7


def test_dice_lying_on_a_card_are_read_as_dice_not_as_bits_of_card() -> None:
    # Two dice on a green card, three on the wood beside it. The card and the dice on it are one blob of the mask,
    # once cut into die-sized cells, which read the violet 5 as no value. A blob much larger than a die and
    # mostly of one colour is now also looked into for what differs from its own colour.
    image = table()
    cv2.rectangle(image, (120, 80), (420, 330), (70, 110, 40), -1)
    draw_die(image, (230, 180), 56, 20, 3, "orange")
    draw_die(image, (330, 250), 56, 65, 5, "violet")
    for centre, angle, value, colour in [
        ((520, 380), 10, 2, "blue"),
        ((540, 120), 30, 6, "orange"),
        ((80, 420), 50, 4, "green"),
    ]:
        draw_die(image, centre, 56, angle, value, colour)
    read = read_dice(image).dice
    assert sorted((d.value, d.color) for d in read) == [
        (2, "blue"),
        (3, "orange"),
        (4, "green"),
        (5, "violet"),
        (6, "orange"),
    ]
    assert all(d.confidence >= SURE_VALUE for d in read)


def test_a_die_on_a_rajas_table_card_is_read() -> None:
    # A Rajas scene of the synthetic set (seed 41, scene 10): an orange 3 on a dark green card, once read as a 1
    # from a die-sized cell of the card's blob.
    image, truth = render_kind("rajas", 41 * 100_003 + 10)
    (three,) = [d for d in truth if d.bbox == (972, 174, 1058, 258)]
    assert (three.value, three.color) == (3, "orange")
    assert [(d.value, d.color) for d in read_dice(image).dice if _lies_on(d, three)] == [(3, "orange")]


def test_a_card_larger_than_the_dice_does_not_make_them_card_sized() -> None:
    # One large square card with two dice on it and two dice beside it: the card, a square blob, once outweighed
    # the two lone dice and sized every die like it, so that the card itself read as a die and nothing else was
    # read. Lone squares of the size the pips tell now stand against a far larger square.
    image = table()
    cv2.rectangle(image, (120, 80), (420, 330), (70, 110, 40), -1)
    draw_die(image, (230, 180), 56, 20, 3, "orange")
    draw_die(image, (330, 250), 56, 65, 5, "violet")
    draw_die(image, (520, 380), 56, 10, 2, "blue")
    draw_die(image, (540, 120), 56, 30, 6, "orange")
    read = read_dice(image).dice
    assert sorted((d.value, d.color) for d in read) == [(2, "blue"), (3, "orange"), (5, "violet"), (6, "orange")]


def test_an_l_of_three_touching_dice_does_not_pass_for_one_large_die() -> None:
    # A Rajas scene of the synthetic set (seed 41, scene 6): eight small dice in pairs, an L of three and one
    # alone. The L's blob is about as square as a die and outweighed the lone die, so that every die was sized at
    # the L's width and only four were found. A square that fills little of its box (an L, hollow) now counts for
    # half as much.
    image, truth = render_kind("rajas", 41 * 100_003 + 6)
    read = read_dice(image).dice
    assert sorted((d.value, d.color) for d in read) == sorted((t.value, t.color) for t in truth)


def test_dice_all_in_clumps_one_a_block_of_three_showing_six_pips_are_each_read() -> None:
    # A slightly oblique webcam scene of the synthetic set (seed 41, scene 44): seven small dice in two clumps, none
    # alone. The one square blob, three dice showing six pips in all, passed for a die holding no more pips than one
    # face, and sized the dice half as large again: both clumps were read as one die each, the seven dice lost. The
    # pips of one face never lie farther apart than the die's side (diesize.py, ONE_FACE_SPREAD); these do.
    image, truth = render_kind("webcam-slight", 41 * 100_003 + 44)
    assert sorted(d.value for d in truth) == [1, 1, 2, 2, 3, 5, 6]
    read = read_dice(image).dice
    assert len(read) == len(truth)
    for die in truth:
        _assert_read_on(read, die)


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "value", "colour"),
    [
        # A Rajas table (as stored): a clump of four dice, green, blue, blue and violet, seen at an angle and blurred.
        # Neither the watershed nor a grid parted it well: the green 4 came out a sure 1, the blue and violet 6s unread.
        ("rajas", 41, 22, (150, 234, 204, 288), 4, "green"),
        ("rajas", 41, 22, (145, 293, 196, 343), 6, "blue"),
        ("rajas", 41, 22, (152, 333, 204, 383), 6, "violet"),
        # A tray photo (as stored): a blue 6 pressed against a red die, the pair left unread.
        ("tray", 2026, 3, (978, 1607, 1262, 1875), 6, "blue"),
    ],
)
def test_touching_dice_of_different_colours_are_parted_by_colour(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], value: int, colour: str
) -> None:
    # A clump's dice of different colours are now also cut apart by colour (segment.py, _colour_cut), the surest
    # way of cutting winning as before.
    die, read = _read_on(kind, seed, scene, box, as_stored=True)
    assert (die.value, die.color) == (value, colour)
    assert [(d.value, d.color) for d in read if d.value is not None] == [(value, colour)]
