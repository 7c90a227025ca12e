"""A blob taken for one die whose value was read in a box moved onto its pips is still weighed by its own width, and
of the ways of cutting it whose dice all read surely, one that holds the most dice stands for it
(vision.reader.candidate._may_be_two, _fullest)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.synthetic_scenes import read_on, read_right
from vision.reader import candidate
from vision.reading import SURE_VALUE

SCENE = ("webcam-slight", 2026, 14)
"""A webcam frame seen slightly oblique (synthetic seed 2026, scene 14, as stored): two 1s touching a 6, all three in
one blob, were read as one 6, and the 1s missed."""


def test_two_ones_beside_a_six_are_read_with_it() -> None:
    assert read_right(*SCENE, (339, 151, 380, 192), 1).confidence >= SURE_VALUE
    assert read_right(*SCENE, (372, 126, 416, 170), 1).confidence >= SURE_VALUE
    assert read_right(*SCENE, (368, 164, 408, 205), 6).confidence >= SURE_VALUE


def test_the_surest_way_alone_left_the_six_out(monkeypatch: pytest.MonkeyPatch) -> None:
    def surest(ways: list[list[Any]]) -> list[list[Any]]:
        return ways  # every way all of whose dice read surely, the surest of them taken

    monkeypatch.setattr(candidate, "_fullest", surest)
    _, read = read_on(*SCENE, (368, 164, 408, 205), as_stored=True)
    assert not any(d.value == 6 for d in read)
