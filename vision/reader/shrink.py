"""Scaling a frame down for the search for dice: OpenCV's area averaging, quicker for a 640x480 frame.

cv2.resize with INTER_AREA takes a slow general path for any factor that is not a whole fraction, and a
640x480 frame, the camera's usual size, is shrunk by 3/4. Each pixel then averages a 2x2 block of whole or
halved pixels, with weights in sixteenths: the weighted sums are exact in 16 bits, and dividing them once,
rounding half to even as OpenCV rounds, gives its result to the last bit in a third of its time.
(Larger frames gain nothing so: their 16-bit intermediates outgrow the processor's cache.)
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
