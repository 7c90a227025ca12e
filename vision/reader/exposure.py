"""A frame taken in dim light, brightened before the dice are looked for in it.

A living room in the evening lights a game table dimly. A webcam then runs out of exposure, and its frames come
out dark: the dice stand out from the table by half as much or less, and the reader's levels, which are in grey
levels (the mask's, a pip's least contrast), leave many of them out. Brightening such a frame by a gain, as a
camera's own gain would, gives back the contrasts those levels were set on. How bright a frame is is told by its
brightest parts (the dice, their pips, a lit spot): the table's own lightness says nothing of the light, a dark
felt being as dark in full light. A frame lit well enough is left exactly as it is.

Synthetic scenes drawn in a dim room (benchmarks/eval_synthetic.py --light, seed 23, at 0.45 and 0.7 of the
lamp's light), and the usual sets' webcam, Rajas and tray frames of seeds 5, 11, 17 darkened after they were
drawn (to 0.4, 0.55 and 0.7, noise added): 3599 of 4213 dice read right before, 3850 after; missed 529 -> 166;
sure wrongs 37 -> 24. The usual sets (seeds 5, 7, 11, 17, 19, 41, 97, 2026 and the composites of real crops):
7332 of 8063 dice right before, 7327 after, sure wrongs 53 -> 54; the real photos read alike (none is dim).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.reader.stats import histogram_percentiles

BRIGHTEST = 99.9
"""Percentile of a frame's grey levels taken as its brightest parts: the pips of a few dice in a wide view are a
few thousandths of it (a share of 0.5 % fell on the body of a blue die alone on a dark felt, in full light)."""
DIM = 130.0
"""Grey level of the brightest parts under which a frame is dim and is brightened; from it up, a frame is read as
it comes. The usual synthetic sets' frames, lit from 0.65 to 1.2 of a lamp, are 133 and more; a white die or a lit
pip in full light is 180 to 250."""
AIM = 200.0
"""Grey level the brightest parts of a dim frame are brought to."""
MOST_GAIN = 2.0
"""Largest gain: a frame darker still is brightened only so far, for the sensor's noise grows with it. Against 3,
on the dim scenes above: as many dice read right (3850, 3849), sure wrongs 24 against 28, dice found where none
lies 29 against 32."""
STEP = 2
"""Every STEP-th pixel, both ways, is enough to tell how bright a frame is."""
SAMPLE_SIDE = 640
"""In a larger picture, pixels far enough apart to make a sample about this wide: every second pixel of a
12-megapixel photo would take 9 MB."""

DIM_LIGHT = "dim_light"
"""The warning a reading carries when its frame was brightened (more light on the table would read better)."""

_SAMPLE_SHARES = (BRIGHTEST,)


def brightened(image: np.ndarray, step: int | None = None) -> tuple[np.ndarray, bool]:
    """The BGR frame, brightened when it is dim (see the module's docstring), and whether it was; told from every
    `step`-th pixel both ways (by default, see STEP)."""
    step = step or max(STEP, math.ceil(max(image.shape[:2]) / SAMPLE_SIDE))
    # Those image[::step, ::step] takes (when the sides are even), in a third of the time numpy takes them; counted
    # by OpenCV.
    sample = image if step == 1 else cv2.resize(image, None, fx=1 / step, fy=1 / step, interpolation=cv2.INTER_NEAREST)
    counts = cv2.calcHist([cv2.cvtColor(sample, cv2.COLOR_BGR2GRAY)], [0], None, [256], [0, 256]).ravel()
    (brightest,) = histogram_percentiles(counts, _SAMPLE_SHARES)
    if brightest >= DIM:
        return image, False
    gain = min(MOST_GAIN, AIM / max(brightest, 1.0))
    return np.asarray(cv2.convertScaleAbs(image, alpha=gain)), True
