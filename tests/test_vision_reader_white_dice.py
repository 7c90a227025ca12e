"""White dice with black pips in the synthetic webcam scenes the reader once got wrong: a side face in shade, faint
or grey pips, a top face much foreshortened, the white between the pips read as one light pip. Each test failed
before its fix."""

from __future__ import annotations

import numpy as np
import pytest

from tests.synthetic_scenes import assert_never_surely_wrong, assert_read_on, read_on, read_right
from vision.reader import exposure, side_face
from vision.reader.blobs import Blob
from vision.reader.empty import left_behind
from vision.reader.layout import fit_layout
from vision.reader.pips import TIGHT
from vision.reading import SURE_VALUE, Die

Box = tuple[int, int, int, int]


def _read_on(seed: int, scene: int, box: Box, value: int, as_stored: bool = False) -> list[Die]:
    """The dice read on the die in `box` of a synthetic webcam scene, whose true value is checked to be `value`."""
    die, read = read_on("webcam", seed, scene, box, as_stored)
    assert die.value == value
    return read


@pytest.mark.parametrize(("scene", "box", "value"), [(4, (549, 62, 625, 135), 3), (98, (512, 279, 554, 317), 6)])
def test_a_white_die_beside_the_shade_of_its_own_side_face_is_read(scene: int, box: Box, value: int) -> None:
    # Webcam scenes of the synthetic set (seed 23): white dice seen at an angle, a side face in shade beside the
    # face turned up (the first one blurred too). Once left unread; now read again with what is broader than a
    # pip taken away (the top-hat of pips.py).
    read = _read_on(23, scene, box, value)
    assert [d.value for d in read] == [value]


@pytest.mark.parametrize(("scene", "box", "value"), [(5, (29, 107, 117, 193), 3), (63, (425, 41, 466, 88), 6)])
def test_a_white_die_with_faint_pips_is_never_a_sure_two(scene: int, box: Box, value: int) -> None:
    # Webcam scenes of the synthetic set (seed 23): a 3 and a 6 whose other pips are faint (blur, shade). Two
    # clear pips on a diagonal once made them a sure 2; a faint dark spot on an empty place now counts.
    read = _read_on(23, scene, box, value)
    assert read and all(d.value == value or d.confidence < 0.6 for d in read)


@pytest.mark.parametrize(
    ("scene", "box", "value"),
    [(55, (474, 318, 543, 395), 6), (61, (334, 216, 386, 264), 6), (90, (163, 156, 221, 214), 5)],
)
def test_a_white_die_whose_pip_the_lamp_turned_grey_is_read_as_a_guess(scene: int, box: Box, value: int) -> None:
    # Webcam scenes of the synthetic set (seed 23): on each die one black pip catches the lamp and shows grey. The
    # other pips fit no face and the die was left unread; the grey spot on the one place they leave for a pip now
    # completes the face, given under SURE_VALUE for the table to confirm.
    read = _read_on(23, scene, box, value)
    assert [d.value for d in read] == [value]
    assert read[0].confidence < SURE_VALUE


@pytest.mark.parametrize(("scene", "box", "value"), [(32, (476, 386, 546, 444), 6), (74, (384, 69, 466, 146), 5)])
def test_a_white_die_whose_top_face_is_much_foreshortened_is_read(scene: int, box: Box, value: int) -> None:
    # Webcam scenes of the synthetic set (seed 41): white dice seen so far off overhead that their top face is more
    # than 1.6 times as long as it is wide. The top face was then refused, and the die left unread; a white die's
    # face may now be twice as long as wide (seen 60 degrees off its axis).
    read = _read_on(41, scene, box, value)
    assert [d.value for d in read] == [value]


@pytest.mark.parametrize(
    ("seed", "scene", "box", "value"),
    [(7, 25, (314, 244, 371, 302), 5), (41, 5, (105, 141, 151, 182), 4)],
)
def test_a_white_die_is_never_a_sure_one_of_light_pips(seed: int, scene: int, box: Box, value: int) -> None:
    # Webcam scenes of the synthetic sets: white dice, blurred or touching another, whose white between the black
    # pips (or the lamp's reflection) read as one light pip, a sure 1. Among dice with dark pips, a white die read
    # as light pips is now no reading (vision/reader/polarity.py).
    read = _read_on(seed, scene, box, value)
    assert read
    assert_never_surely_wrong(read, value)


@pytest.mark.parametrize("box", [(233, 275, 309, 340), (164, 318, 237, 386)])
def test_two_white_ones_touching_at_a_corner_on_pale_wood_are_both_read(box: Box) -> None:
    # A webcam scene of the synthetic set (seed 2026, scene 76): the only two dice, both showing a 1, touch at a
    # corner. Their blob fills too little of its box to be a die or a row of dice, and two pips cannot tell a die's
    # size, so none was known and nothing was read; the widest disc the blob holds now gives it (diesize.py).
    read = _read_on(2026, 76, box, 1, as_stored=True)
    assert [d.value for d in read] == [1]


def test_a_white_four_whose_blob_took_in_a_pale_plank_edge_is_read_in_a_die_sized_box() -> None:
    # A webcam scene of the synthetic set (seed 2026, scene 79): a sharp white 4 seen at an angle, its blob joined
    # to the pale edge of a plank above it, so that its box is wider than a die both ways. The four pips read in
    # that box lay too close together for a face of its size and the die was left unread; the box is now narrowed
    # to a die around its pips and read again (region.py, WIDER_THAN_A_DIE).
    read = _read_on(2026, 79, (258, 163, 346, 241), 4, as_stored=True)
    assert [d.value for d in read] == [4]


def test_a_white_two_beside_another_in_a_blob_that_holds_no_pip_read_whole_is_read() -> None:
    # A webcam scene of the synthetic set (seed 2026, scene 74): two white 2s side by side, each with a grey side face,
    # make one blob about as long as a die seen at an angle. Read whole, its box is two dice long and their small
    # pips are specks in it: no die at all, and the cut into two dice was not taken, one piece reading a pip of the
    # side face with the top's. A sure die of a way of cutting such a blob now stands on its own. Its neighbour, once
    # missed, is read too since its lit top face is found though the pips at its edge notch it (topface.FACE_AREA);
    # its centre lies in this die's box, so each die is checked by the reading nearest it.
    for box in ((414, 404, 463, 458), (439, 384, 486, 437)):
        die, read = read_on("webcam", 2026, 74, box, as_stored=True)
        assert die.value == 2
        assert_read_on(read, die)


def test_a_white_one_seen_corner_on_is_not_a_sure_two_with_a_pip_of_its_side_face() -> None:
    # A webcam scene of the synthetic set (seed 97, scene 10): a white 1 seen corner-on, its top face and two side
    # faces in a box about square, so the top face was not read alone. The box read the 1's pip and a pip of a side
    # face as a sure 2 (0.63); a square box's reading under CLEAR_BOX is now weighed against its top face (tilted.py).
    read = _read_on(97, 10, (234, 26, 277, 77), 1, as_stored=True)
    assert [d.value for d in read] == [1]


@pytest.mark.parametrize(("scene", "box", "value"), [(65, (562, 234, 607, 278), 5), (65, (414, 306, 455, 352), 2)])
def test_a_blurred_white_die_is_read_from_its_round_pips_and_its_streaks_together(
    scene: int, box: Box, value: int
) -> None:
    # A webcam scene of the synthetic set (seed 41, scene 65): white dice blurred by motion, some of whose pips stay
    # about round (the 5's centre pip) while the others are drawn out into streaks that all run one way. Read from
    # the round pips alone, the face left pips on its empty places and no value; the round pips and the streaks are
    # now read together too, when the round ones alone read no sure value (faceset.py, _blurred_pips).
    read = _read_on(41, scene, box, value, as_stored=True)
    assert [d.value for d in read] == [value]


@pytest.mark.parametrize(
    ("seed", "scene", "box", "value"), [(41, 54, (486, 337, 539, 384), 5), (7, 24, (116, 310, 170, 363), 6)]
)
def test_a_white_die_whose_side_face_pips_were_read_with_its_top_is_read_from_its_lit_face(
    seed: int, scene: int, box: Box, value: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Webcam scenes of the synthetic set: white dice seen at an angle, a little blurred, the pips of a side face in
    # shade found with those of the top face, which made no face at all. Parted by the lightness of the body around
    # each, the pips of the lit face read as its value, a guess for the table to confirm (pips.py, _lit_face). Lit
    # softly, nothing in it darker than a grey of 82, the first scene is also taken for one seen through a veil of
    # light and its dice are looked for stretched (vision.reader.exposure.VEILED), where the 5 is cut otherwise and
    # guessed a 1: the lit face is checked on the frame as it came.
    monkeypatch.setattr(exposure, "VEILED", (256.0, 0.0, 150.0))
    read = _read_on(seed, scene, box, value, as_stored=True)
    assert [d.value for d in read] == [value]
    assert read[0].confidence < SURE_VALUE


@pytest.mark.parametrize(("scene", "box", "value"), [(29, (207, 9, 242, 54), 2), (75, (355, 397, 401, 453), 6)])
def test_the_pips_of_a_side_face_in_shade_are_never_a_sure_value(
    scene: int, box: Box, value: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Webcam scenes of the synthetic set (seed 41): white dice seen at an angle, where no top face stood out and the
    # pips of a grey side face were read as the die's (a 2 read as a sure 3 at 0.90, a 6 as a sure 2). Lit
    # from above, the top face is the brightest; pips whose face lies 60 below the brightest of the patch are now
    # only a guess. The guessed 2 of the second scene, its box on the 6's grey side face within a side of a 1 read
    # surely below it, is since left out as that 1's side face (vision.reader.side_face): the 6 is missed there. The
    # reading of its pips is checked with no side face left out.
    assert_never_surely_wrong(_read_on(41, scene, box, value, as_stored=True), value)
    monkeypatch.setattr(side_face, "SHADED", 255.0)
    read = _read_on(41, scene, box, value, as_stored=True)
    assert read
    assert_never_surely_wrong(read, value)


def test_a_five_cut_so_that_two_of_its_pips_lay_inside_the_piece_is_no_sure_two() -> None:
    # A slightly oblique webcam scene of the synthetic set (seed 97, scene 13, as stored): two touching 5s side by
    # side. The cut between them left the right die's piece holding two of its pips, the other three past the
    # piece's outline, where pips are not counted: a sure 2 (0.80). A round blob like the pips read, near them and
    # past the outline, now makes the value a guess (faceset.py, pips_past_outline); read again, the die is a 5.
    die, read = read_on("webcam-slight", 97, 13, (57, 254, 119, 302), as_stored=True)
    assert die.value == 5
    assert [d.value for d in read] == [5]


def test_a_six_of_which_a_piece_held_three_pips_is_no_sure_three() -> None:
    # A webcam scene of the synthetic set (seed 41, scene 58, as stored): a blurred 6 touching another die, read
    # as a sure 3 (0.96) on a piece holding half of its face; the other half lies past the piece's outline.
    read = _read_on(41, 58, (330, 181, 399, 252), 6, as_stored=True)
    assert read
    assert_never_surely_wrong(read, 6)


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box"),
    [
        ("webcam-small", 2026, 18, (148, 220, 188, 253)),
        ("webcam-small", 97, 28, (127, 376, 157, 404)),
        ("webcam-slight", 5, 3, (152, 74, 209, 131)),
    ],
)
def test_a_white_one_beside_a_pip_of_its_side_face_is_no_sure_two(kind: str, seed: int, scene: int, box: Box) -> None:
    # Webcam scenes of the synthetic sets (as stored): a white 1 seen at an angle, a side face of it in view (two
    # small dice about 30 pixels wide, and a larger one). The 1's pip and a foreshortened pip of the side face, well
    # under half its area, were read as a sure 2 (0.68, 0.60 and 0.70). Two pips so unlike are now a guess at most
    # (faceset.py, unlike_pair).
    die, read = read_on(kind, seed, scene, box, as_stored=True)
    assert die.value == 1
    assert read
    assert_never_surely_wrong(read, 1)


def _blob(x: float, y: float, area: float = 30.0, contrast: float = 80.0) -> Blob:
    return Blob(x, y, area, 1.0, contrast)


def test_a_blob_of_the_first_threshold_on_a_place_a_two_leaves_empty_gives_it_away() -> None:
    # A 2 on the diagonal from (20, 44) to (44, 20); a 4 would have its other pips at (20, 20) and (44, 44).
    two = [_blob(20.0, 44.0), _blob(44.0, 20.0)]
    fit = fit_layout(np.array([[b.x, b.y] for b in two], np.float32), 3.0, TIGHT)
    assert fit.value == 2
    assert left_behind(fit, two, [*two, _blob(22.0, 21.0)])  # a little off the place: still the 4's pip
    assert not left_behind(fit, two, two)
    assert not left_behind(fit, two, [*two, _blob(22.0, 21.0, area=10.0)])  # a speck, not a pip like the 2's
    assert not left_behind(fit, two, [*two, _blob(22.0, 21.0, contrast=30.0)])  # too faint


@pytest.mark.parametrize(
    ("kind", "seed", "scene", "box", "value"),
    [("webcam-slight", 5, 78, (542, 310, 612, 371), 4), ("webcam-slight", 2026, 20, (198, 64, 247, 115), 2)],
)
def test_a_white_die_read_at_a_higher_threshold_is_checked_against_the_pips_the_first_one_found(
    kind: str, seed: int, scene: int, box: Box, value: int
) -> None:
    # A white 4 seen at an angle (a scene held out from tuning) read as a sure 2: at the higher threshold two of its
    # pips had thinned out, and the small squares the empty places are measured in fell beside them. And a white 2
    # read as a sure 3 (a scene tuned on). Blobs of the first threshold on the empty places now refute such readings.
    assert read_right(kind, seed, scene, box, value).confidence >= SURE_VALUE


def test_a_grey_white_one_in_dim_light_whose_mask_held_only_fragments_is_read() -> None:
    # Webcam-slight scene 51 of seed 17 (held out): a white 1 in dim light on wood, its top face at the mask's
    # level. The mask held its two side faces in shade and its pip, three fragments none of them a die, and the
    # faint square that is the whole die was left out as already in the mask; the die was missed.
    assert read_right("webcam-slight", 17, 51, (120, 264, 163, 303), 1).confidence >= SURE_VALUE
