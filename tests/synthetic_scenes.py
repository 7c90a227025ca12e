"""Reading dice of the synthetic sets' scenes: a die found by its true box, and the dice read on it."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader import read_dice
from vision.reading import Die
from vision.synthetic.datasets import STORED_QUALITY, render_kind


def read_on(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], as_stored: bool = False
) -> tuple[Die, list[Die]]:
    """A die of a scene of the synthetic sets (found by its box) and the dice read on it; `as_stored`: read from
    the JPEG the sets store (vision.synthetic.datasets), not from the picture as drawn."""
    image, truth = render_kind(kind, seed * 100_003 + scene)
    if as_stored:
        _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, STORED_QUALITY])
        image = cv2.imdecode(np.asarray(data), cv2.IMREAD_COLOR)
    (die,) = [d for d in truth if d.bbox == box]
    return die, [d for d in read_dice(image).dice if lies_on(d, die)]


def lies_on(read: Die, true: Die) -> bool:
    """Whether a die read has its centre inside a true die's box."""
    x0, y0, x1, y1 = true.bbox
    return x0 <= read.center[0] <= x1 and y0 <= read.center[1] <= y1
