"""A blob taken for one die that reads only a guess, or is wider than a die across, may hold two dice: its ways of
cutting are read, and one whose dice all read surely stands for it (vision.reader.candidate._may_be_two)."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import read_on, read_right
from vision.reader import candidate
from vision.reading import SURE_VALUE


def test_a_one_and_a_six_touching_once_read_as_one_six_are_both_read() -> None:
    # A webcam scene (synthetic seed 31, scene 8, as stored): their blob, wider than a die, was read as a 6 (0.70).
    one = read_right("webcam", 31, 8, (334, 62, 405, 135), 1)
    six = read_right("webcam", 31, 8, (372, 87, 443, 157), 6)
    assert one.confidence >= SURE_VALUE and six.confidence >= SURE_VALUE


def test_two_ones_touching_once_read_as_one_guessed_four_are_both_read() -> None:
    # A webcam scene of small dice (synthetic seed 11, scene 15, as stored).
    assert read_right("webcam-small", 11, 15, (55, 127, 94, 158), 1).confidence >= SURE_VALUE
    assert read_right("webcam-small", 11, 15, (62, 103, 100, 136), 1).confidence >= SURE_VALUE


def test_without_it_the_one_was_lost_in_the_six(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(candidate, "_may_be_two", lambda whole, die_side, across: False)
    _, read = read_on("webcam", 31, 8, (334, 62, 405, 135), as_stored=True)
    assert read
    assert not any(d.value == 1 and d.confidence >= SURE_VALUE for d in read)
