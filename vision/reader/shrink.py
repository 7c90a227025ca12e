"""Scaling a frame down for the search for dice: OpenCV's area averaging, quicker for a 640x480 frame and for the
closer crops of a large photo.

cv2.resize with INTER_AREA takes a slow general path for any factor that is not a whole fraction, and a
640x480 frame, the camera's usual size, is shrunk by 3/4. Each pixel then averages a 2x2 block of whole or
halved pixels, with weights in sixteenths: the weighted sums are exact in 16 bits, and dividing them once,
rounding half to even as OpenCV rounds, gives its result to the last bit in a third of its time.
(Larger frames gain nothing so: their 16-bit intermediates outgrow the processor's cache.)

OpenCV's area averaging is quick for a factor of exactly one half (each pixel the mean of a 2x2 block) and slow for
any other, whole numbers included (a 12-megapixel photo shrunk by 4 takes over twice as long as halved twice).
`area_resize` halves first; each halving rounds to whole levels, so its result may differ from the one-step shrink
by a level or two here and there.
"""

from __future__ import annotations

import cv2
import numpy as np

QUICK_SCALE = 0.75
"""The factor with a quick path."""


def shrink(image: np.ndarray, scale: float) -> np.ndarray:
    """The BGR image scaled by `scale` (at most 1) as cv2.resize with INTER_AREA scales it."""
    h, w = image.shape[:2]
    if scale != QUICK_SCALE or h % 4 or w % 4 or image.ndim != 3:
        # In one step, not by `area_resize`: see HALVED_DOWN_TO.
        size = (round(w * scale), round(h * scale))
        return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA))
    channels = image.shape[2]
    # Rows are taken four by four; columns become rows once the picture is turned over its diagonal.
    across = _thirds(cv2.transpose(image).astype(np.uint16))
    down = _thirds(cv2.transpose(across.reshape(-1, h, channels)))
    return np.asarray(cv2.convertScaleAbs(down.reshape(-1, across.shape[0], channels), alpha=1.0 / 16))


def _thirds(rows: np.ndarray) -> np.ndarray:
    """Every four rows made three, weighted 3:1, 2:2 and 1:3 (sums, not means), each row flattened."""
    count = rows.shape[0] // 4
    quads = rows.reshape(count, 4, -1)
    a, b, c, d = quads[:, 0], quads[:, 1], quads[:, 2], quads[:, 3]
    thirds = np.empty((count, 3, quads.shape[2]), np.uint16)
    middle = cv2.add(b, c)
    cv2.add(cv2.add(a, b), cv2.add(a, a), dst=thirds[:, 0])
    cv2.add(middle, middle, dst=thirds[:, 1])
    cv2.add(cv2.add(c, d), cv2.add(d, d), dst=thirds[:, 2])
    return thirds.reshape(3 * count, -1)


def area_resize(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The image scaled down to `size` (width, height) by area averaging: halved while what is left to shrink stays
    twice or more, then shrunk by what is left (see HALVED_DOWN_TO). An odd last row or column is left out of a
    halving (a pixel of thousands: under a quarter of a pixel once shrunk)."""
    width, height = size
    while image.shape[1] >= 2 * HALVED_DOWN_TO * width and image.shape[0] >= 2 * HALVED_DOWN_TO * height:
        h, w = image.shape[:2]
        image = cv2.resize(image[: h - h % 2, : w - w % 2], (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    if (image.shape[1], image.shape[0]) == (width, height):
        return np.asarray(image)
    return np.asarray(cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA))


HALVED_DOWN_TO = 2
"""The least factor left for the last, one-step shrink of `area_resize`: each output pixel then still averages 2x2
pixels or more of what was halved, close to the one-step shrink of the whole. It shrinks the crops the pips of a
large photo are looked for in (proposals.py), not the whole picture for the reader's first look (`shrink`): there
the die size found from the shrunk picture is too sensitive to a level's difference. Halved so, a synthetic 12 MP
tray of black dice in clumps (tests/test_vision_reader_table_coloured_clumps.py) was sized 36 px instead of 54 and
read no die right instead of 24, and the synthetic tray-black set (`benchmarks/eval_synthetic.py --kinds
tray-black`) missed one die more; the crops halved leave every reading of those as it was."""
