"""The lamp's reflection on a coloured table: lighter than the table, of its hue (or of its hue once clipped), ragged
with its grain. Its colour is table too, or the reflection is cut into phantom dice (see table.foreground_mask)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.reader.chroma import CHROMA_UNIT, chromaticity_of, is_coloured

LAMP_SPOT = (0.01, 6.0, 20.0, 0.8, 15.0)
"""When a part of the foreground is the lamp's reflection on a coloured table (see `lamp_spots`): from this share of
the picture; its median colour's chromaticity within this distance (|a| + |b|, 8-bit, as table.py stores it)
of a coloured table colour's and at least this much lighter than that colour (Lab lightness, 8-bit); filling under
this share of its convex hull (the reflection's edge is ragged with the grain; a die, or a clump of dice, fills its
hull); and its chromaticity spread no wider than this (see `_hue_spread`: a reflection is of one hue, 0.7 to 6.8 on
the synthetic sets; a ragged clump of orange, red and violet dice on a tray, lighter than its brown wooden frame and
of that hue in the median, spread 43 to 45).

A lamp's bright spot on varnished wood, a tenth of a webcam frame, keeps the wood's chromaticity but was far lighter
than any table colour: in the mask, it was cut into pieces whose grain read as dice (nine on one frame of small dice,
three as 2s). Its colour is now table too, as a tray's rim's is; dice lying on it still stand out from it. Synthetic
scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops): dice found where none lies
70 -> 54, right 10471 -> 10476, right as a guess 462 -> 464, sure wrongs 58 -> 57, unread 358 -> 354, missed 251 ->
246, pictures read exactly 1211 -> 1222; the up-close kinds as they were. Not without losses: a small white 4 beside a
spot was missed, and a 6 read right became a sure 1 where a die read on the grain had stood beside it. Without the
spread, the tray's clump above was taken for its frame's reflection (a 2 missed, a 3 read as a guess). Their changed
copies (eval_robustness, seed 5, nine changes): dice found where none lies 125 -> 95, right 7053 -> 7058, sure wrongs
56 -> 58 (three small dice on a flat, low-contrast copy read as one sure 1; a 5 beside a sure 2 in a soft one). The
real photos (crops on felt) read alike. Without the fill, green dice on a green felt seen up close, lighter than the
felt as a spot is and of its chromaticity, were taken for table (9 dice lost); without a coloured table, white dice
on a grey one would be. Measured against the colour just around each part instead of the table's colours, the tray
kept its dice but more were lost elsewhere (pictures read exactly 1218, against 1221). Each part is measured in its
own box: over the whole picture, the check cost 1.3 ms a frame (0.15 ms so).

A hundredth of the picture, not a fiftieth: the grain, and a camera's noise more so, cut a reflection into parts of
a hundredth to a fiftieth of a frame each, and those parts were read as dice (up to seven on a noisy frame of small
dice). Synthetic scenes (the seeds above): dice found where none lies 47 -> 44, right 10559 -> 10561, pictures read
exactly 1293 -> 1296, one guess wrong became a sure wrong (a 1 read as a 2 with its side face's pips, its box
moved); the up-close kinds as they were. Their changed copies (eval_robustness, nine changes): seed 5, found where
none lies 96 -> 74 (with noise 21 -> 5), right +2, exactly +6, sure wrongs as they were; held out, seed 11, found
where none lies -5, right -2, exactly +1; seed 17 as it was. Counting parts from a two-hundredth of the picture
that make a fiftieth together: 11 fewer found where none lies on seed 5 and one picture more read exactly."""


def _hue_spread(pixels: np.ndarray) -> float:
    """How widely the chromaticity of Lab pixels (n x 3) spreads: the interquartile ranges of its two channels,
    summed (in chroma.chromaticity_of's units)."""
    lightness = np.maximum(pixels[:, 0].astype(np.float32), 30.0)
    ranges = [np.subtract(*np.percentile((pixels[:, i] - 128.0) * CHROMA_UNIT / lightness, (75, 25))) for i in (1, 2)]
    return float(sum(ranges))


SPOT_SAMPLES = 20_000
"""About how many of a large part's pixels are measured to tell whether it is the lamp's reflection."""


def lamp_spots(lab: np.ndarray, mask: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The Lab colours of the parts of the foreground `mask` that are the lamp's reflection on a coloured table: those
    of the table's hue (see LAMP_SPOT), and those of its hue once clipped (see CLIPPED_SPOT); None for none. Each
    part is measured inside its own box: this runs on every frame."""
    share, hue, lighter, _, spread = LAMP_SPOT
    tables = [c for c in centres if is_coloured(chromaticity_of(c))]
    if not tables:
        return None, None
    outlines, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    same: list[np.ndarray] = []
    clipped: list[np.ndarray] = []
    for outline in outlines:
        if cv2.contourArea(outline) < share * mask.size:
            continue
        pixels = _unfilled_part(lab, mask, outline)
        if pixels is None:
            continue  # filled like a die or a clump of dice
        spreads = _hue_spread(pixels)
        if spreads > spread:
            continue  # of many hues, as a clump of dice of several colours is, where a reflection is of one
        colour = np.median(pixels, axis=0)
        (ca, cb), light = chromaticity_of(colour), float(colour[0])
        lit = [table for table in tables if light >= float(table[0]) + lighter]
        if any(_hue_gap((ca, cb), chromaticity_of(table)) <= hue for table in lit):
            same.append(colour)
        elif (
            spreads <= CLIPPED_SPOT[1]
            and is_coloured((ca, cb))
            and any(_clipped_alike((ca, cb), t, light) for t in lit)
        ):
            clipped.append(colour)
    return _stacked(same), _stacked(clipped)


def _stacked(colours: list[np.ndarray]) -> np.ndarray | None:
    return np.array(colours, np.float32) if colours else None


def _unfilled_part(lab: np.ndarray, mask: np.ndarray, outline: np.ndarray) -> np.ndarray | None:
    """The Lab pixels of a part of the mask (every step-th of a large one); None when it fills its convex hull like
    a die or a clump of dice (see LAMP_SPOT), whose pixels are then not gathered: most parts are dice."""
    # A part of a closer look at a 12-megapixel picture may hold millions of pixels: every step-th is enough.
    step = max(1, math.ceil(math.sqrt(cv2.contourArea(outline) / SPOT_SAMPLES)))
    x, y, w, h = cv2.boundingRect(outline)
    box = mask[y : y + h : step, x : x + w : step]
    inside = np.zeros(box.shape, np.uint8)
    cv2.drawContours(inside, [np.round((outline - [x, y]) / step).astype(np.int32)], -1, 255, cv2.FILLED)
    own = cv2.bitwise_and(inside, box)  # what of the mask it encloses, less its holes
    if cv2.countNonZero(own) * step * step >= LAMP_SPOT[3] * cv2.contourArea(cv2.convexHull(outline)):
        return None
    return np.asarray(lab[y : y + h : step, x : x + w : step][own > 0])


def _hue_gap(one: tuple[float, float], other: tuple[float, float]) -> float:
    """How far apart two chromaticities lie (|a| + |b|)."""
    return abs(one[0] - other[0]) + abs(one[1] - other[1])


def _clipped_alike(chromaticity: tuple[float, float], table: np.ndarray, lightness: float) -> bool:
    """Whether a part of `lightness` (8-bit) and `chromaticity` is of the chromaticity of a table colour lit up to it
    as a camera clips it (see `_lit` and CLIPPED_SPOT)."""
    lit = _lit(table, lightness)
    return lit is not None and _hue_gap(chromaticity, lit) <= CLIPPED_SPOT[0]


def keeps_dice(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether every part of the mask `before` shaped like a die (DIE_PART) keeps at least DIE_KEPT of its pixels in
    the mask `after`."""
    outlines, _ = cv2.findContours(before, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    least, longest = DIE_PART
    for outline in outlines:
        area = cv2.contourArea(outline)
        if area < least * before.size:
            continue
        _, sides, _ = cv2.minAreaRect(outline)
        if max(sides) > longest * min(sides) or area < LAMP_SPOT[3] * cv2.contourArea(cv2.convexHull(outline)):
            continue  # no die's shape: drawn out (a streak of grain), or ragged
        x, y, w, h = cv2.boundingRect(outline)
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [outline], -1, 255, cv2.FILLED, offset=(-x, -y))
        own = cv2.countNonZero(cv2.bitwise_and(inside, before[y : y + h, x : x + w]))
        if cv2.countNonZero(cv2.bitwise_and(inside, after[y : y + h, x : x + w])) < DIE_KEPT * own:
            return False
    return True


DIE_PART = (0.0004, 2.2)
"""Least share of the picture, and longest over shortest side, of a part of the mask filled like a die (see
LAMP_SPOT) that is taken for a die (see `keeps_dice`)."""
DIE_KEPT = 0.8
"""Share of a die's part of the mask that a clipped reflection's colour, taken for table, must leave it."""


CLIPPED_SPOT = (3.0, 6.0)
"""LAMP_SPOT's hue distance and hue spread for a reflection clipped: a part lighter than a coloured table colour,
not of its chromaticity but within this distance of that of the table lit up to the part's lightness with each
channel clipped at the sensor's top (see `_lit`), and of a hue spread no wider than this, is a reflection too. Its
colour is taken for table only where that leaves every die-shaped part of the mask most of itself (see `keeps_dice`).

Under a lamp too bright the red of a wood clips first, and its reflection turns yellower than the wood: on the
synthetic webcam frames lit 1.4 times brighter (benchmarks/eval_robustness.py's `bright`), reflections lay 7 to 18
from the wood's chromaticity, and its grain was cut into phantom dice (seven on one frame of small dice, eight on
another). Lit and clipped as `_lit` does it, the wood came within 0 to 3 of them (a table colour doubled in
brightness gives the camera's own clipped colour within 1, see tests/test_vision_table_lamp_spot.py). A clump of
ivory dice joined to the grain came within 6, and white dice under a warm lamp, their red clipped as the wood's is,
came within 4 of the wood's reflection: hence a closer distance than LAMP_SPOT's; a part mixing dice and wood spread
9.4 where the reflections spread 1.0 to 5.1; and the parts shaped like dice must keep most of themselves (without
it, on a warm frame of small dice, two 4s lost their lit faces to the table and read as sure 2s). A reflection
clipped to white is no table: a white die is as white.

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops, and the up-close kinds):
every picture reads as it did. Their changed copies (eval_robustness): seed 5, lamp too bright, dice found where none
lies 24 -> 9, pictures read exactly 97 -> 99; warm lamp, right 813 -> 815, exactly 95 -> 97, one more die found
where none lies; seed 11 (four changes), too bright 8 -> 4 found where none lies, exactly 108 -> 109, warm right
816 -> 820, missed 41 -> 38, exactly 99 -> 101; seed 17 (too bright, warm) as it was; seed 23 (nine changes), warm
right 811 -> 812, exactly 101 -> 102, the rest as it was. No sure wrong more anywhere."""
_GAINS = np.geomspace(1.0, 16.0, 400, dtype=np.float32)
"""Gains of the lamp's light over a table colour tried by `_lit`, under a level of lightness apart."""
_LAB_UNITS = np.array([100.0 / 255.0, 1.0, 1.0], np.float32)
_LAB_ZERO = np.array([0.0, 128.0, 128.0], np.float32)
"""8-bit Lab (OpenCV's) times _LAB_UNITS, less _LAB_ZERO, is float Lab (L from 0 to 100, a and b around 0)."""


def _lit(table: np.ndarray, lightness: float) -> tuple[float, float] | None:
    """The chromaticity of a table colour (8-bit Lab) lit up to `lightness` (8-bit) as a camera records it, each of
    its channels clipped at the sensor's top; None when none clips (its chromaticity is then the table's own)."""
    bgr = cv2.cvtColor((table * _LAB_UNITS - _LAB_ZERO).reshape(1, 1, 3).astype(np.float32), cv2.COLOR_Lab2BGR)
    lit = _GAINS[:, None] * np.clip(bgr.reshape(1, 3), 0.0, None)
    clipped = np.minimum(lit, 1.0)
    lab = (cv2.cvtColor(clipped.reshape(1, -1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3) + _LAB_ZERO) / _LAB_UNITS
    at = int(np.argmin(np.abs(lab[:, 0] - lightness)))
    return None if float(lit[at].max()) <= 1.0 else chromaticity_of(lab[at])
