"""The colour of a die body, read from its pixels without the pips, in a lighting-robust feature space."""

from __future__ import annotations

import cv2
import numpy as np

from vision.palette import features
from vision.reader.stats import column_medians, percentiles
from vision.reading import BBox


def patch_feature(patch: np.ndarray) -> np.ndarray | None:
    """The body colour feature of an upright die patch: the central part, pips and glare left out."""
    h, w = patch.shape[:2]
    centre = patch[h // 5 : h - h // 5, w // 5 : w - w // 5]
    if centre.size == 0:
        return None
    lightness = cv2.cvtColor(centre, cv2.COLOR_BGR2GRAY)
    low, high = percentiles(lightness, (25, 75))
    body = centre[cv2.inRange(lightness, low, high) > 0]
    if len(body) < 4:
        return None
    return np.asarray(column_medians(features(body)), np.float32)


def body_feature(image: np.ndarray, bbox: BBox) -> np.ndarray | None:
    """The body colour feature of the die inside bbox of a full image."""
    x0, y0, x1, y1 = bbox
    crop = image[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)]
    if crop.size == 0:
        return None
    if crop.ndim == 2:
        crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    return patch_feature(crop)
