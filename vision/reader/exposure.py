"""A frame taken in dim light, brightened before the dice are looked for in it; one seen through a veil of light,
looked for its dice in a copy with its contrast stretched.

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

A veil of light over the picture (a lamp's glare in the lens, a smudge on it, a cheap lens's flare, haze) does the
opposite: nothing in the frame is dark any more, not even the pips, and every contrast is flattened. White dice on
a light wood then stand out of it by less than the mask's least level, and were not found at all. The dice of such
a frame are looked for in a copy of it with its contrast stretched back about its middle (see VEILED); they are
read, their colours too, in the frame as it came, so that the colours taught for a table hold whether or not a
frame is so stretched (a table lit evenly, with no shade on it, may have nothing dark in it either).
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

DARKEST = 0.1
"""Percentile of a frame's grey levels taken as its darkest parts: the pips of white dice, the gaps between dice."""
VEILED = (70.0, 130.0, 150.0)
"""A veiled frame: the grey level its darkest parts lie at or over (its black lifted by a veil of light); the span
from its darkest to its brightest parts it is stretched under; and the span it is stretched to, about its middle.

The usual synthetic frames' darkest parts lie at 30 (median) and up to 90 where only a few blurred pips are dark;
the same frames under a veil (benchmarks/eval_robustness.py's `flat`: 0.6 of their contrast, lifted by 70 grey
levels) at 71 to 122, their span 51 to 144 (95 median) against 85 to 250 (158) as drawn. Those frames (seed 5, 216
pictures, 878 dice): right and sure 713 -> 772, missed 97 -> 42, sure wrongs 14 -> 6, dice found where none lies 13
-> 4. The usual sets (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 2080 pictures, 25 of
them so stretched): right and sure 10462 -> 10461 of 11743 dice, sure wrongs 66 -> 67, pictures read exactly 1194
as they were (a frame of small dice lit softly, webcam-small seed 5 scene 11, lost a 3 and its 2 became a guessed 1;
another gained a 6); the real photos read alike.

Tried and left: the dice read in the stretched frame too (10 more right under the veil, but one more sure wrong and
one picture fewer read exactly on the usual sets, and the colours read would change with the stretch); looked for
both ways, the look reading more dice surely kept (16 more right under the veil, but 6 more sure wrongs, and twice
the time); stretched whatever their darkest parts, spans under 110 to 150 (as much gained under the veil, but 5 to
13 fewer pictures read exactly, a frame lit softly being flat without a veil); from a darkest grey of 60 (4 more
sure wrongs). Stretched to a span of 130 to 160, the same within a few dice."""

_SAMPLE_SHARES = (DARKEST, BRIGHTEST)


def exposed(image: np.ndarray, step: int | None = None) -> tuple[np.ndarray, np.ndarray, bool]:
    """The BGR frame to read the dice in (brightened when it is dim), the frame to look for them in (the same, or a
    copy with its contrast stretched when a veil of light flattened it), and whether it was dim (see the module's
    docstring); told from every `step`-th pixel both ways (by default, see STEP)."""
    darkest, brightest = _levels(image, step)
    if brightest < DIM:
        image = _brightened(image, brightest)
        return image, image, True
    lifted, flat, aim = VEILED
    if darkest >= lifted and brightest - darkest < flat:
        return image, _stretched(image, darkest, brightest, aim), False
    return image, image, False


def brightened(image: np.ndarray, step: int | None = None) -> tuple[np.ndarray, bool]:
    """The BGR frame, brightened when it is dim, and whether it was."""
    _, brightest = _levels(image, step)
    return (image, False) if brightest >= DIM else (_brightened(image, brightest), True)


def _levels(image: np.ndarray, step: int | None) -> tuple[float, float]:
    """The grey levels of a frame's darkest and brightest parts (DARKEST, BRIGHTEST)."""
    step = step or max(STEP, math.ceil(max(image.shape[:2]) / SAMPLE_SIDE))
    # Those image[::step, ::step] takes (when the sides are even), in a third of the time numpy takes them; counted
    # by OpenCV.
    sample = image if step == 1 else cv2.resize(image, None, fx=1 / step, fy=1 / step, interpolation=cv2.INTER_NEAREST)
    counts = cv2.calcHist([cv2.cvtColor(sample, cv2.COLOR_BGR2GRAY)], [0], None, [256], [0, 256]).ravel()
    darkest, brightest = histogram_percentiles(counts, _SAMPLE_SHARES)
    return darkest, brightest


def _brightened(image: np.ndarray, brightest: float) -> np.ndarray:
    gain = min(MOST_GAIN, AIM / max(brightest, 1.0))
    return np.asarray(cv2.convertScaleAbs(image, alpha=gain))


def _stretched(image: np.ndarray, darkest: float, brightest: float, aim: float) -> np.ndarray:
    """The frame's span from `darkest` to `brightest` stretched to `aim` about its middle (clipped to 0-255)."""
    gain = aim / max(brightest - darkest, 1.0)
    middle = (darkest + brightest) / 2.0
    table = np.clip(np.round((np.arange(256) - middle) * gain + middle), 0, 255).astype(np.uint8)
    return np.asarray(cv2.LUT(image, table))
