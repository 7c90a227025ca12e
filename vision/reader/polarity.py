"""Which way the pips of a picture's dice contrast, and the readings that go against it on a white die.

On a table of white dice with black pips, a blurred or half-cut face sometimes reads "light on dark": the white
between the black pips, or the lamp's reflection, taken for one light pip. A white body cannot carry pips lighter
than itself, so such a reading is no reading, however well it fits a layout (seen on synthetic webcam frames as
a 4, 5 or 6 read as a sure 1). A single die alone proves nothing: a translucent casino die over felt can look
colourless too, so only a picture whose other dice show dark pips is taken as a table of white dice.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.calibration import Calibration
from vision.reader.colour import patch_feature
from vision.reader.pips import FaceReading

_PALETTE = Calibration.default()
"""White is told by the built-in palette, whatever the table taught: a table's calibration may have no white."""
MOST_DARK = 0.75
"""Share of a picture's readings with a value whose pips are dark from which it is taken as a picture of white dice
(readings, not dice: a die read whole and as pieces of a cut counts once a reading)."""
FEW_DARK = 2
"""Fewest readings of dark pips to tell that much."""


def reads_dark_pips(faces: Sequence[FaceReading]) -> bool:
    """Whether the readings of a picture are, by and large, of light dice with dark pips."""
    read = [face for face in faces if face.value is not None]
    dark = sum(face.is_dark_on_light for face in read)
    return dark >= FEW_DARK and dark >= MOST_DARK * len(read)


def is_white_read_light(patch: np.ndarray, face: FaceReading) -> bool:
    """Whether a face read as light pips lies on a body the palette calls white (a reading that cannot be)."""
    if face.value is None or face.is_dark_on_light:
        return False
    feature = patch_feature(patch)
    return feature is not None and _PALETTE.classify(feature)[0] == "white"
