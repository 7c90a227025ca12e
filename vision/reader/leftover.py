"""What a clump's cuts left over: a part of the blob, large enough to be a die, that none of the dice read covers.

The cuts of a clump come from its seams and from grids of die-sized cells. A die whose seams the cuts missed
(a die seen at an angle, its side face full of edges, next to a die of its own colour) may lie in no piece at
all, though every die around it is read: the blob still holds it, uncovered.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.segment import Region, region_of

COVER = 0.6
"""Radius, in die sides, of the disc a die read covers: more than its inscribed circle (a die's corners reach
0.7), less than the reach of a neighbour's face."""
LEFT_DIE = 0.5
"""Least area, in square die sides, of a part left over that may be a die (seen at an angle, a die's top face
shows less than a square side)."""
LARGEST_LEFT = 1.7
"""Most area, in square die sides, of a part left over that may be one die: a larger one holds two dice the cuts
could not part, and read as one it is a box over two dice, whose pips make any value."""
THINNEST = 0.45
"""Width, in die sides, of the disc a part left over must hold everywhere: the strips of side faces around dice
read are narrower, and are left alone."""


def leftovers(
    outline: np.ndarray, covered: list[tuple[float, float, float]], side: float, size: tuple[int, int]
) -> list[Region]:
    """The parts of a blob (its outline, at the analysis scale) that no die covers, each as a region to read;
    `covered` holds each die read as (x, y, die side), at the same scale; `size` is the picture's (w, h)."""
    width = max(3, int(THINNEST * side) | 1)
    # A margin as wide as the disc: past the picture's edge, an opening takes everything for foreground.
    bx, by, bw, bh = cv2.boundingRect(outline)
    x, y = bx - width, by - width
    local = np.zeros((bh + 2 * width, bw + 2 * width), np.uint8)
    cv2.drawContours(local, [outline - [x, y]], -1, 255, cv2.FILLED)
    for cx, cy, die_side in covered:
        cv2.circle(local, (round(cx - x), round(cy - y)), max(1, round(COVER * die_side)), 0, cv2.FILLED)
    opened = cv2.morphologyEx(local, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    regions = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if LEFT_DIE * side * side <= area <= LARGEST_LEFT * side * side:
            regions.append(region_of(contour + [x, y], area, True, *size))
    return regions
