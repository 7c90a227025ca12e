"""A white die's faces told apart by their light: lit from above, the face turned up is the brightest of the die's
faces (see topface.py), its side faces in shade."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.reader.blobs import Blob

IN_SHADE = 60.0
"""Least step in lightness from the brightest of a white die's patch down to the body around the pips read, for
those pips to lie on a side face in shade (see `in_shade`)."""
AROUND_FACE = (2.5, 3.5)
"""Ring, in pip radii from each pip's centre, where the body of its face is measured for `in_shade`: past the
dark halo a blurred pip leaves."""
AROUND_PIP = (1.5, 2.5)
"""Ring, in pip radii from a pip's centre, where `lightness_around` measures the body of the face that one pip lies
on (pip by pip, to part a top face's pips from a side face's: see pips.py `_lit_face`)."""


def in_shade(lightness: np.ndarray, pips: tuple[Blob, ...], brightest: float) -> bool:
    """Whether the dark pips read on a white die lie on a body far darker than the brightest of its patch: lit
    from above, the top face is the brightest of a die's faces (see topface.py), so they are the pips of a side face
    in shade, read where no top face stood out (a 3 on the side of a 2 seen at an angle)."""
    ring = np.zeros(lightness.shape, np.uint8)
    inner, outer = AROUND_FACE
    for pip in pips:
        radius = math.sqrt(pip.area / math.pi)
        cv2.circle(ring, (round(pip.x), round(pip.y)), round(outer * radius), 255, cv2.FILLED)
    for pip in pips:
        radius = math.sqrt(pip.area / math.pi)
        cv2.circle(ring, (round(pip.x), round(pip.y)), round(inner * radius), 0, cv2.FILLED)
    around = lightness[ring > 0]
    return around.size > 0 and brightest - float(np.median(around)) > IN_SHADE


def lightness_around(lightness: np.ndarray, pip: Blob) -> float:
    """The median lightness of the ring AROUND_PIP from a pip's centre: the body of the face it lies on."""
    radius = math.sqrt(pip.area / math.pi)
    inner, outer = AROUND_PIP
    h, w = lightness.shape
    x0, x1 = int(max(0.0, pip.x - outer * radius)), int(min(w, pip.x + outer * radius + 1))
    y0, y1 = int(max(0.0, pip.y - outer * radius)), int(min(h, pip.y + outer * radius + 1))
    ys, xs = np.ogrid[y0:y1, x0:x1]
    distance = np.hypot(xs - pip.x, ys - pip.y)
    ring = lightness[y0:y1, x0:x1][(distance >= inner * radius) & (distance <= outer * radius)]
    return float(np.median(ring)) if ring.size else 0.0
