"""A die read surely, in a piece of a clump, from pips that are all pips of a larger face read in the clump another
way, is given as that face, a guess for the table to confirm (vision.reader.candidate._in_larger_faces)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.synthetic_scenes import read_on, read_right
from vision.reader import candidate, perspective
from vision.reading import SURE_VALUE


def test_a_three_cut_into_a_sure_two_is_read_as_its_three() -> None:
    # A Rajas table (synthetic seed 11, scene 9, as stored): a piece cut across the 3 read two of its pips as a sure 2.
    assert read_right("rajas", 11, 9, (1179, 315, 1251, 375), 3).confidence < SURE_VALUE


def test_a_small_six_cut_into_a_sure_three_is_read_as_its_six() -> None:
    # Small white dice on wood (synthetic seed 43, scene 35, as stored): three pips of the 6 read as a sure 3.
    assert read_right("webcam-small", 43, 35, (327, 54, 355, 84), 6).confidence < SURE_VALUE


def test_without_it_the_piece_read_a_sure_two(monkeypatch: pytest.MonkeyPatch) -> None:
    def as_read(dice: list[Any], read: list[Any]) -> list[Any]:
        return dice

    monkeypatch.setattr(candidate, "_in_larger_faces", as_read)
    # Its pips lie at the near end of its box too: without the near-end check (see perspective.NEAR_END) alone.
    monkeypatch.setattr(perspective, "NEAR_END", (*perspective.NEAR_END[:2], ()))
    _, read = read_on("rajas", 11, 9, (1179, 315, 1251, 375), as_stored=True)
    assert any(d.value == 2 and d.confidence >= SURE_VALUE for d in read)
