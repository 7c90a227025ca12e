"""A face of five or six pips may be fitted as small as a die of the picture's size, in a box larger than the die
(its side faces in it): such a face is no part of a larger one (vision.reader.layout.MANY_PIPS)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.synthetic_scenes import read_on, read_right
from vision.reader import layout
from vision.reader.patch import PATCH
from vision.reading import SURE_VALUE


@pytest.fixture(autouse=True)
def _fresh_fits() -> Iterator[None]:
    # Fits are kept for the same pips and settings (layout.FITS_KEPT): a test that changes MANY_PIPS must not meet
    # fits made under another value, nor leave its own behind.
    layout._kept_fit.cache_clear()
    yield
    layout._kept_fit.cache_clear()


def _face(value: int, spacing: float) -> np.ndarray:
    """The pips' centres of a drawn face of `value`, its grid `spacing` (a share of the patch) apart."""
    return (PATCH / 2 + layout.LAYOUTS[value][0] * spacing * PATCH).astype(np.float32)


def _fitted(pips: np.ndarray, spacing: layout.Spacing) -> int | None:
    """The value the pips fit at those spacings, None when they fit none (an error of NO_FIT's)."""
    fit = layout.fit_layout(pips, 3.0, spacing)
    return fit.value if fit.error < layout.NO_FIT.error else None


TIGHT_FACE = 0.14
"""A grid spacing under the box's least (0.18): a die seen corner-on fills its box with its side faces too."""


def test_a_five_smaller_than_its_box_fits_at_the_pictures_die_size() -> None:
    pips = _face(5, TIGHT_FACE)
    assert _fitted(pips, (0.18, 0.38)) is None
    assert _fitted(pips, (0.18, 0.38, 0.12)) == 5
    assert _fitted(_face(6, TIGHT_FACE), (0.18, 0.38, 0.12)) == 6


def test_two_or_four_pips_at_that_spacing_still_do_not_make_a_face() -> None:
    # Two neighbouring pips of a 4 fit the diagonal of a smaller 2, a square of a 6's pips a smaller 4.
    for value in (2, 4):
        assert _fitted(_face(value, TIGHT_FACE), (0.18, 0.38, 0.12)) is None
        assert _fitted(_face(value, 0.25), (0.18, 0.38, 0.12)) == value


def test_a_five_seen_corner_on_beside_two_side_faces_is_read() -> None:
    # A webcam frame seen slightly oblique (synthetic seed 31, scene 8, as stored): a lone 5 in a corner of the
    # frame, two side faces in its box, was left unread.
    five = read_right("webcam-slight", 31, 8, (518, 33, 591, 111), 5)
    assert five.confidence > 0.0


def test_a_six_at_the_frames_edge_is_read_surely() -> None:
    # A webcam frame (synthetic seed 5, scene 31, as stored): unread before.
    assert read_right("webcam", 5, 31, (554, 126, 637, 196), 6).confidence >= SURE_VALUE


def test_without_it_the_five_is_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout, "MANY_PIPS", 7)
    _, read = read_on("webcam-slight", 31, 8, (518, 33, 591, 111), as_stored=True)
    assert read
    assert all(d.value is None for d in read)
