"""Dice the table's colour lying in a clump leave only their pips in the foreground mask, all in one group wider than
two faces: the group is parted face by face and each face read (vision.reader.proposals._faces)."""

from __future__ import annotations

from functools import cache
from unittest import mock

import numpy as np
import pytest

from tests.synthetic_scenes import lies_on, stored
from vision.reader import proposals, read_dice
from vision.reading import Die
from vision.synthetic import render_scene

BLACK_TRAY = 108
"""A 12 MP phone photo of 29 black dice with white pips on a dark navy tray (synthetic scene, seed 108): clumps of
three and four dice touching, their bodies taken for the tray."""


@cache
def _tray() -> tuple[np.ndarray, tuple[Die, ...]]:
    seed = BLACK_TRAY
    image, truth = render_scene(
        seed, 4032, 3024, 20 + seed % 11, ("black",), "tray", die_px=(150, 230), tilt_deg=(0, 8), touching=0.35
    )
    return stored(image), tuple(truth)


def _read_right() -> int:
    image, truth = _tray()
    dice = read_dice(image).dice
    return sum(any(lies_on(d, true) and d.value == true.value for d in dice) for true in truth)


def test_black_dice_in_clumps_on_a_dark_tray_are_found_by_their_pips_face_by_face() -> None:
    assert _read_right() >= 22


def test_without_parting_the_group_face_by_face_the_clumps_were_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proposals, "_faces", lambda points, widest, depth=0: [points])
    assert _read_right() <= 16


def test_a_group_is_parted_until_each_part_fits_on_a_face() -> None:
    # Three faces of pips in a row, each 0.5 of a side across, the faces 1.2 sides apart: three parts.
    face = np.array([[0.0, 0.0], [0.5, 0.0], [0.0, 0.5], [0.5, 0.5]], np.float32)
    row = np.vstack([face + [1.2 * i, 0.0] for i in range(3)]).astype(np.float32)
    parts = proposals._faces(row, 1.0)
    assert sorted(len(part) for part in parts) == [4, 4, 4]
    assert all(proposals._extent(part) <= 1.0 for part in parts)
    with mock.patch.object(proposals, "FACES_DEPTH", 1):
        assert len(proposals._faces(row, 1.0)) == 2  # parted once only
