"""A sure 2 whose two pips belong to a larger face: a box cut across a clump, or moved off its die, may hold just two
pips of a 3, a 4, a 5 or a 6, which the layout fit turns into a 2's diagonal. The faces those two pips could be part
of are looked at around them in the picture, and a sure reading of one makes the 2 a guess for the table to confirm.

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11,743 dice): sure
wrongs 43 -> 39 and dice read surely where none lies 18 -> 17 (two of a 5 in a Rajas clump, two of a 4 beside a 6 on
a webcam frame, a 3 cut from its clump), no reading right changed. Held out, `benchmarks/eval_robustness.py`: sure
wrongs summed over the ten camera changes 57 -> 53 (seed 23) and 49 -> 43 (seed 5), "right" the same in every row.
The real photos read alike. The first try, reading every such face without looking for a pip there first (see
SPOT), cost 12 ms a webcam frame (the table beside a die reads as pips of its own) and made two 2s right guesses;
taking any value over 2 read at 0.5 or more, 6 sure wrongs went but 8 sure readings right became guesses (two
pips of a 2 and two of the die beside it read as a 4).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.reader import segment
from vision.reader.found import Found, as_guess
from vision.reader.region import read_region
from vision.reading import SURE_VALUE

SPOT = (0.07, 2.2, 0.5)
"""Where a pip of the larger face is looked for first, before its face is read (reading costs a millisecond or
more, looking a few microseconds): the half-width of the square a pip is looked for in, in die sides; the
half-width of the ring around it, as a multiple of that; and the least share of the 2's own pips' contrast with
their rings that the square's contrast with its ring must reach, of the same sign. A spot on a plain table or on a
plain face is as light as its ring: the face is not read."""

SAME_PIP = 0.15
"""Farthest, in die sides, a pip of the larger face read may lie from a pip of the 2 and be the same pip."""

Point = tuple[float, float]


def doubtful_two(image: np.ndarray, found: Found, scale: float, side: float) -> Found:
    """`found` made a guess when it is a sure 2 whose two pips (found.pips_at) are read surely as part of a larger
    face: as one side of a 4, a 5 or a 6 (the face then lies to either side of them), or as a corner and the middle of
    a 3 or a 5 (centred on either pip). Each such face is read, turned along the pips, in a die-sized square (`side`
    at the analysis `scale`), when the picture shows a pip where that face has one that a 2 has not (see SPOT); its
    reading must hold the 2's pips, when it says where its own lie. Any other die is left as it is."""
    die = found.die
    if die.value != 2 or die.confidence < SURE_VALUE or len(found.pips_at) != 2 or not side:
        return found
    (x1, y1), (x2, y2) = found.pips_at
    mx, my, hx, hy = (x1 + x2) / 2, (y1 + y2) / 2, (x2 - x1) / 2, (y2 - y1) / 2
    faces: list[tuple[Point, tuple[int, ...], list[Point]]] = [
        # A side of a 4, 5 or 6: the face's middle beside the pair, its other side as far again.
        ((mx - hy, my + hx), (4, 5, 6), [(x1 - 2 * hy, y1 + 2 * hx), (x2 - 2 * hy, y2 + 2 * hx)]),
        ((mx + hy, my - hx), (4, 5, 6), [(x1 + 2 * hy, y1 - 2 * hx), (x2 + 2 * hy, y2 - 2 * hx)]),
        # A corner and the middle of a 3 or 5: the opposite corner beyond the middle.
        ((x1, y1), (3, 5), [(2 * x1 - x2, 2 * y1 - y2)]),
        ((x2, y2), (3, 5), [(2 * x2 - x1, 2 * y2 - y1)]),
    ]
    spot = _spot_contrast(image, SPOT[0] * side / scale)
    pips = (spot(x1, y1) + spot(x2, y2)) / 2
    angle = math.degrees(math.atan2(hy, hx))
    for (cx, cy), values, beyond in faces:
        if not any(spot(x, y) * pips >= SPOT[2] * pips * pips for x, y in beyond):
            continue  # no pip where that face has one more (nan, off the picture, compares false)
        square = ((cx * scale, cy * scale), (side, side), angle)
        region = segment.Region(square, np.empty((0, 1, 2), np.int32), side * side, False, False)
        again = read_region(image, region, scale, side, is_piece=True, siblings=None)
        if again is None or again.die.value not in values or again.die.confidence < SURE_VALUE:
            continue
        if not again.pips_at or _holds(again.pips_at, found.pips_at, SAME_PIP * side / scale):
            return as_guess(found)
    return found


def _holds(pips: tuple[Point, ...], pair: tuple[Point, ...], near: float) -> bool:
    """Whether each pip of `pair` lies within `near` pixels of one of `pips`."""
    return all(any(math.hypot(px - qx, py - qy) < near for qx, qy in pips) for px, py in pair)


def _spot_contrast(image: np.ndarray, radius: float) -> Callable[[float, float], float]:
    """The contrast of a spot of the picture with the ring around it (see SPOT): the mean lightness (the mean of the
    colour channels) of a square `radius` pixels each way from the point, less that of the ring out to SPOT[1]
    times as far; nan where the ring runs off the picture."""
    h, w = image.shape[:2]
    inner, outer = math.ceil(max(1.0, radius)), math.ceil(SPOT[1] * max(1.0, radius))

    def contrast(x: float, y: float) -> float:
        ix, iy = round(x), round(y)
        if not (outer <= ix < w - outer and outer <= iy < h - outer):
            return math.nan
        square = image[iy - outer : iy + outer + 1, ix - outer : ix + outer + 1].astype(np.float32)
        light = square.mean(axis=2) if square.ndim == 3 else square
        middle = light[outer - inner : outer + inner + 1, outer - inner : outer + inner + 1]
        ring = (float(light.sum()) - float(middle.sum())) / (light.size - middle.size)
        return float(middle.mean()) - ring

    return contrast
