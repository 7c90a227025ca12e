"""Default die colours: where each sits in a lighting-robust colour space.

Colours are compared as (a*, b*) chromaticity from CIELAB, scaled by lightness so that a shadow or a warmer
lamp moves a die less than a change of colour does; white and black are told apart by lightness alone, and a
strongly coloured die by its hue alone (vision.calibration, CHROMATIC).
These defaults work on neutral light; a calibration learnt at the table replaces them (vision.calibration).
"""

from __future__ import annotations

import cv2
import numpy as np

RAJAS_COLOURS = ("blue", "green", "orange", "violet")
DEFAULT_COLOURS = (*RAJAS_COLOURS, "white", "black", "red")

# Typical body colours in BGR under neutral light (plastic dice, slightly shaded).
DEFAULT_BGR: dict[str, tuple[int, int, int]] = {
    "blue": (170, 80, 20),
    "green": (70, 150, 40),
    "orange": (30, 120, 235),
    "violet": (140, 50, 110),
    "red": (40, 30, 190),
    "white": (225, 230, 232),
    "black": (35, 35, 35),
}


CHROMA_SCALE = 40.0


LIGHTNESS = 2
"""Where a feature (see `features`) holds the lightness."""


def features(bgr: np.ndarray) -> np.ndarray:
    """Colour features of BGR pixels (N x 3, 0..255): chromaticity relative to lightness, and damped lightness.

    In a shadow or under a dim lamp a die's a* and b* shrink with its lightness, so they are divided by it
    (a dark blue die stays blue, a black one has no colour at all); lightness itself counts a third.
    """
    pixels = np.asarray(bgr, dtype=np.float32).reshape(-1, 1, 3) / 255.0
    lab = cv2.cvtColor(pixels, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    relative = CHROMA_SCALE / (lab[:, 0] + 10.0)
    return np.stack([lab[:, 1] * relative, lab[:, 2] * relative, lab[:, 0] / 3.0], axis=1)


def default_centres(names: tuple[str, ...] = DEFAULT_COLOURS) -> dict[str, np.ndarray]:
    """Feature centre of each default colour."""
    return {name: features(np.array([DEFAULT_BGR[name]], np.uint8))[0] for name in names}


def hue_gap(hue: np.ndarray | float, other: float) -> np.ndarray | float:
    """How far apart two hues (degrees, or arrays of them) lie round the circle."""
    gap = np.abs(hue - other)
    return np.minimum(gap, 360.0 - gap)
