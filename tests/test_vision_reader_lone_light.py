"""A white die's light, left between its pips once what is broader than a pip is taken away (the top-hat), is no
1 of light pips: such a 1 on a die whose pips are likelier dark stands as a guess at most
(vision.reader.pips._lone_light_doubted)."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import read_on
from vision.reader import pips
from vision.reader.pips import FaceReading, _lone_light_doubted
from vision.reading import GUESS, SURE_VALUE

SMALL_SIX = ("webcam-small", 7, 16, (212, 61, 234, 84))
"""A white 6 on wood, 22 pixels a side, its two rows of pips too faint to part."""


def test_a_small_white_six_is_not_read_as_a_sure_one() -> None:
    kind, seed, scene, box = SMALL_SIX
    die, read = read_on(kind, seed, scene, box, as_stored=True)
    assert die.value == 6
    assert read and all(d.value in (None, 6) or d.confidence <= GUESS for d in read)


def test_without_the_doubt_the_small_six_was_a_sure_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pips, "_lone_light_doubted", lambda reading, dark_likelier: reading)
    kind, seed, scene, box = SMALL_SIX
    _, read = read_on(kind, seed, scene, box, as_stored=True)
    assert [(d.value, d.confidence >= SURE_VALUE) for d in read] == [(1, True)]


def _reading(value: int | None, dark: bool, confidence: float = 0.8) -> FaceReading:
    return FaceReading(value, confidence, (), dark, 0.1)


def test_only_a_lone_light_one_on_a_die_likelier_dark_is_doubted() -> None:
    assert _lone_light_doubted(_reading(1, False), dark_likelier=True).confidence == GUESS
    for reading, dark_likelier in (
        (_reading(1, False), False),  # a coloured die with a light pip: its 1
        (_reading(1, True), True),  # a dark pip on a white die
        (_reading(3, False), True),  # more than one spot: pips, not the light between them
        (_reading(1, False, 0.5), True),  # a guess already
    ):
        assert _lone_light_doubted(reading, dark_likelier) == reading
