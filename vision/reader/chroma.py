"""Chromaticity: a colour's a* and b* over its lightness, which a shadow leaves as it is (see table.py)."""

from __future__ import annotations

import numpy as np

CHROMA_UNIT = 64.0
"""Chromaticity is a*, b* times this over lightness (at least 30), stored as 8 bits around 128."""


SHADOW_CHROMA = 8.0
"""Chromaticity (sum of both channels' distance from neutral) from which a table colour is 'coloured'."""


def chromaticity_of(colour: np.ndarray) -> tuple[float, float]:
    """The chromaticity of one Lab colour, as table._chromaticity stores a pixel's (8 bits around 128)."""
    lightness, a, b = (float(v) for v in colour)
    own = [min(255.0, max(0.0, round((v - 128.0) * CHROMA_UNIT / max(lightness, 30.0)) + 128.0)) for v in (a, b)]
    return own[0], own[1]


def is_coloured(chromaticity: tuple[float, float]) -> bool:
    """Whether a table colour of this chromaticity is coloured (see SHADOW_CHROMA)."""
    return abs(chromaticity[0] - 128.0) + abs(chromaticity[1] - 128.0) >= SHADOW_CHROMA
