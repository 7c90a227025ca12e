"""A 1 read after the top-hat is weighed against the pips the plain reads left out past the die's outline
(vision.reader.pips._read_polarity): the top-hat may take a face's other pips away, and its middle pip read a sure 1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.synthetic_scenes import assert_never_surely_wrong, needs_photos, read_in
from vision.reader import flanks, pips, region
from vision.reading import SURE_VALUE, Die

THREE = (169, 290, 248, 378)
"""A translucent 3 with white pips in the 14th composite of real crops of seed 2026 (as benchmarks/eval_synthetic.py
draws them from the shared photos), on a pale table: the die's outline ran inside its corner pips."""


def _read_on_three(tmp_path: Path) -> list[Die]:
    return read_in(tmp_path, 2026, 13, 3, THREE)


@needs_photos
def test_a_three_whose_corner_pips_lie_past_its_outline_is_no_sure_one(tmp_path: Path) -> None:
    read = _read_on_three(tmp_path)
    assert read
    assert_never_surely_wrong(read, 3)


@needs_photos
def test_without_it_the_three_was_a_sure_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = pips._read_polarity

    def blind(face: Any, dark: bool, peak: float, seen_past: list[Any], deglared: bool = False) -> Any:
        return plain(face, dark, peak, [], deglared)  # nothing the plain reads left out reaches the top-hat

    monkeypatch.setattr(pips, "_read_polarity", blind)
    # Looked for within the hull of the outline (region.LIGHT_PIPS_IN_HULL), the corner pips are read and the 3 is
    # right: without the hull, as a box larger than a die is read, the top-hat's lone 1 is all that is left.
    monkeypatch.setattr(region, "LIGHT_PIPS_IN_HULL", 0.0)
    # Its corner pips flank the lone pip too (flanks.py): left unlooked for, only the blobs past the outline weigh.
    monkeypatch.setattr(flanks, "FLANKS", flanks.Flanks(0.0, 0.7, 0.5))
    assert any(d.value == 1 and d.confidence >= SURE_VALUE for d in _read_on_three(tmp_path))
