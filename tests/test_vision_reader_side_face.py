"""A die seen at an angle shows a side face in shade beside its top face; read as a die of its own, less surely than
the die (or in a box drawn out as a slanted face's), it is left out (vision.reader.side_face)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tests.synthetic_scenes import read_on, read_right, stored
from vision.reader import read_dice, side_face
from vision.reader.found import Found
from vision.reader.patch import PATCH
from vision.reader.pips import FaceReading
from vision.reader.side_face import SHADED, SLANTED_SIDE, without_side_faces
from vision.reading import GUESS, SURE_VALUE, Die
from vision.synthetic.datasets import render_kind

SIDE = 40.0
WHITE = (235, 235, 235)


def _found(centre: tuple[float, float], colour: tuple[int, int, int], value: int | None, confidence: float) -> Found:
    """A die read at `centre` (40 px wide) from a plain patch of one BGR colour."""
    patch = np.full((PATCH, PATCH, 3), colour, np.uint8)
    x, y = centre
    box = (round(x - SIDE / 2), round(y - SIDE / 2), round(x + SIDE / 2), round(y + SIDE / 2))
    face = FaceReading(value, confidence, (), True, 0.1)
    return Found(Die(value, None, box, centre, confidence), patch, face, SIDE, SIDE)


def _grey(level: int) -> tuple[int, int, int]:
    return (level, level, level)


def test_a_guess_in_shade_beside_a_sure_die_of_its_hue_is_its_side_face() -> None:
    sure = _found((100.0, 100.0), WHITE, 4, 0.9)
    side = _found((130.0, 100.0), _grey(150), 2, GUESS)
    unread = _found((100.0, 132.0), _grey(150), None, 0.0)
    assert without_side_faces([sure, side, unread]) == [sure]


def test_a_die_a_side_away_or_lit_or_of_another_hue_or_read_more_surely_stands() -> None:
    sure = _found((100.0, 100.0), WHITE, 4, 0.9)
    beside = _found((100.0 + 1.05 * SIDE, 100.0), _grey(150), 2, GUESS)  # a die touching it, in shade
    lit = _found((130.0, 100.0), _grey(215), 2, GUESS)  # as light as a top face
    blue = _found((100.0, 130.0), (150, 60, 20), 3, GUESS)  # another hue
    read = _found((70.0, 100.0), _grey(150), 5, 0.95)  # read more surely than the die beside it
    found = [sure, beside, lit, blue, read]
    assert without_side_faces(found) == found


def test_a_sure_reading_in_shade_less_sure_than_the_die_beside_it_is_its_side_face(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sure = _found((100.0, 100.0), WHITE, 3, 0.8)
    side = _found((130.0, 100.0), _grey(150), 6, 0.68)
    assert without_side_faces([sure, side]) == [sure]
    monkeypatch.setattr(side_face, "SURER_THAN_SIDE", False)  # only doubtful readings are side faces
    assert without_side_faces([sure, side]) == [sure, side]


def test_a_side_face_read_surely_at_a_frame_s_edge_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # A webcam scene seen slightly off overhead (synthetic seed 11, scene 19): a white 3 near the frame's edge, its
    # grey side face's 6 read as a die at 0.68 beside the 3 read at 0.80.
    assert read_right("webcam-slight", 11, 19, (565, 310, 616, 351), 3).confidence >= SURE_VALUE
    held, read = _count("webcam-slight", 11, 19)
    assert read == held
    monkeypatch.setattr(side_face, "SURER_THAN_SIDE", False)
    assert _count("webcam-slight", 11, 19)[1] == held + 1


def test_a_guess_whose_lightest_quarter_is_lit_stands() -> None:
    # A real die touching the sure one, its box holding its own side face in shade and its lit top face.
    sure = _found((100.0, 100.0), WHITE, 4, 0.9)
    half_lit = _found((130.0, 100.0), _grey(150), 3, GUESS)
    half_lit.patch[:, PATCH // 2 :] = WHITE
    assert without_side_faces([sure, half_lit]) == [sure, half_lit]


def _count(kind: str, seed: int, scene: int) -> tuple[int, int]:
    """How many dice a stored synthetic scene holds, and how many are read in it."""
    image, truth = render_kind(kind, seed * 100_003 + scene)
    return len(truth), len(read_dice(stored(image)).dice)


def test_the_side_face_of_a_die_seen_slightly_off_overhead_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # A webcam scene (synthetic seed 11, scene 10): a 4 whose side face in shade was read as a guessed 1 beside it.
    held, read = _count("webcam-slight", 11, 10)
    assert read == held
    monkeypatch.setattr(side_face, "SHADED", 255.0)  # no side face is ever shaded enough
    assert _count("webcam-slight", 11, 10)[1] == held + 1
    assert SHADED < 255.0


def test_a_small_one_whose_side_face_took_its_place_is_read_right(monkeypatch: pytest.MonkeyPatch) -> None:
    # A webcam scene of small dice (synthetic seed 97, scene 11): a 1 seen at an angle, its side face read beside
    # it as a guessed 5.
    one = (38, 275, 66, 293)
    assert read_right("webcam-small", 97, 11, one, 1).confidence >= SURE_VALUE
    assert len(read_on("webcam-small", 97, 11, one, as_stored=True)[1]) == 1
    monkeypatch.setattr(side_face, "SHADED", 255.0)
    assert len(read_on("webcam-small", 97, 11, one, as_stored=True)[1]) == 2


def test_a_reading_surer_than_the_die_beside_it_is_its_side_face_in_a_drawn_out_box() -> None:
    sure = _found((100.0, 100.0), WHITE, 2, 0.91)
    square = _found((130.0, 100.0), _grey(150), 1, 1.0)
    slanted = dataclasses.replace(square, length=SLANTED_SIDE * SIDE + 1.0)
    assert without_side_faces([sure, square]) == [sure, square]  # a die beside it, read more surely, stands
    assert without_side_faces([sure, slanted]) == [sure]


def test_a_side_face_read_surer_than_its_die_off_overhead_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # A webcam scene seen slightly off overhead (synthetic seed 43, scene 4): a white 2's grey side face read as a
    # sure 1 at 1.0, in a box drawn out by the top face beside it read at 0.91.
    assert read_right("webcam-slight", 43, 4, (9, 384, 72, 440), 2).confidence >= SURE_VALUE
    held, read = _count("webcam-slight", 43, 4)
    assert read == held
    monkeypatch.setattr(side_face, "SLANTED_SIDE", 100.0)
    assert _count("webcam-slight", 43, 4)[1] == held + 1
