"""A die's upright patch: its rectangle cut out of the picture, turned upright and scaled to PATCH x PATCH."""

from __future__ import annotations

import cv2
import numpy as np

PATCH = 64
"""Side in pixels of the upright patch a die is read from."""

RotatedRect = tuple[tuple[float, float], tuple[float, float], float]


def patch_matrix(rect: RotatedRect) -> np.ndarray:
    """The affine map from image coordinates to the upright PATCH x PATCH patch of a die's rectangle."""
    (cx, cy), (w, h), angle = rect
    matrix = cv2.getRotationMatrix2D((cx, cy), angle, PATCH / max(w, h, 1.0))
    matrix[0, 2] += PATCH / 2 - cx
    matrix[1, 2] += PATCH / 2 - cy
    return matrix


def upright_patch(image: np.ndarray, rect: RotatedRect) -> np.ndarray:
    """The die's rectangle cut out, rotated upright and scaled to PATCH x PATCH (BGR)."""
    matrix = patch_matrix(rect)
    return cv2.warpAffine(image, matrix, (PATCH, PATCH), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def patch_lightness(patch: np.ndarray) -> np.ndarray:
    """The Lab lightness of a BGR patch (uint8): what the pips and the top face are looked for in."""
    return np.asarray(cv2.cvtColor(patch, cv2.COLOR_BGR2Lab)[:, :, 0])
