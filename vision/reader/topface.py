"""The top face of a die seen at an angle: the evenly lit part of the die, its side faces being in shade.

Lit from above, the face turned up is the brightest of the die's faces; its pips are holes in it and are
filled back in. The face found gives a new, tighter box to read the pips in.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader import within
from vision.reader.patch import PATCH, RotatedRect
from vision.reader.segment import components, fill_holes
from vision.reader.stats import percentiles

_SQUARE = np.ones((3, 3), np.uint8)
FORESHORTENED = {False: 1.6, True: 2.0}
"""Longest over shortest side of a top face, for a coloured die and for a white one (found by Otsu's level): 2 is
a face seen 60 degrees off its axis. Coloured dice keep 1.6: with 2, a tray die took its neighbour's value."""
FACE_AREA = (0.25, 0.2)
"""Least area of a top face, as a share of the patch; and, for a white die, the least share its pixels may cover when
the face with its notches filled (its convex hull) reaches the first. A die seen well off overhead fills its box's patch
only across (the patch is scaled to the box's longer side), and a dark pip at the edge of its lit top face notches
the face's outline: a white 4 whose face was 0.24 of the patch, 0.27 with its notches, was read from its box, whose
median lightness is the side face's, and only the side face's two pips stood out of that (a sure 2). Synthetic
scenes: on the seeds tuned on (7, 41, 97, 2026), 4 dice missed, unread or read wrong came out right, one a sure
wrong, and a sure 1 was read in a clump of four dice 20 pixels wide; on seeds held out (5, 11), 11 came out right,
two of them sure wrongs, and two blurred dice touching, read as one sure 2, were counted on the other die. Where no
die lies, on the seeds tuned on, a 4 was guessed (0.59) and a box shown unread read a 3 (0.61). Nothing else
changed, the real photos included. Coloured dice keep the first share: on a tray, a die's box moved off it."""


def top_face_rect(
    lightness: np.ndarray, outline: np.ndarray | None, light_body: bool = False, least: tuple[float, float] = FACE_AREA
) -> RotatedRect | None:
    """The top face's rectangle in patch coordinates, from the patch's Lab lightness (uint8), or None when no
    clear face stands out. `light_body`: the die is lighter than its pips (a white die); `least`: the least areas of
    a face, as FACE_AREA gives them."""
    inside = None if outline is None else within.inside(outline, lightness.shape)
    values = lightness.ravel() if inside is None else lightness[inside > 0]
    (level,) = percentiles(values, (70,))
    if light_body:
        # A white die's top face is the brightest part of it, glare and all, and may be the smaller part when the
        # die is seen well off overhead: everything above where Otsu's threshold parts it from the side faces.
        otsu, _ = cv2.threshold(values.reshape(1, -1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        even = cv2.inRange(lightness, max(otsu, level - 22), 255)
    else:
        # Within 22 of the level (inRange's bounds are inclusive, as |lightness - level| <= 22): the bright pips
        # of a coloured die stay out.
        even = cv2.inRange(lightness, level - 22, level + 22)
    if inside is not None:
        even = cv2.bitwise_and(even, inside)
    face = fill_holes(np.asarray(cv2.morphologyEx(even, cv2.MORPH_OPEN, _SQUARE), np.uint8))
    count, labels, stats, _ = components(face)
    if count < 2:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    area = float(stats[biggest, cv2.CC_STAT_AREA])
    if area < least[1 if light_body else 0] * PATCH * PATCH:
        return None
    contours, _ = cv2.findContours((labels == biggest).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outer = max(contours, key=cv2.contourArea)
    if area < least[0] * PATCH * PATCH and cv2.contourArea(cv2.convexHull(outer)) < least[0] * PATCH * PATCH:
        return None  # a white die's face, notched where pips at its edge fell out of it, is still too small
    (cx, cy), (w, h), angle = cv2.minAreaRect(outer)
    if max(w, h) / max(min(w, h), 1.0) > FORESHORTENED[light_body]:
        return None
    return (cx, cy), (w, h), angle


def to_image(rect: RotatedRect, matrix: np.ndarray) -> RotatedRect:
    """A rectangle in patch coordinates carried back into the image through the inverse of the patch's map."""
    inverse = cv2.invertAffineTransform(matrix)
    corners = cv2.boxPoints(rect).reshape(-1, 1, 2).astype(np.float32)
    (cx, cy), (w, h), angle = cv2.minAreaRect(cv2.transform(corners, inverse))
    return (cx, cy), (w, h), angle
