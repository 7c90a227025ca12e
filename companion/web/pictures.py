"""Pictures from the camera that a page carries inline (JPEG as base64): no second request, and no address that
would show the table's camera to whoever guesses it."""

from __future__ import annotations

import base64
from collections.abc import Sequence

import cv2
import numpy as np

DIE_PICTURE = 96
"""Longer side, in pixels, of a die's picture on a page (shown at about half that: sharp on a tablet's screen)."""
DIE_MARGIN = 0.3
"""Share of a die's box added all round its picture: the dice beside it tell the table which die it is."""


def jpeg_base64(image: np.ndarray, quality: int = 80) -> str:
    """A BGR picture as base64 JPEG (empty when it cannot be encoded)."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return base64.b64encode(data.tobytes()).decode("ascii") if ok else ""


def die_picture(image: np.ndarray, box: Sequence[int]) -> str | None:
    """The part of a frame around a die's box (x0, y0, x1, y1), at most DIE_PICTURE pixels long, as base64 JPEG;
    None when the box lies outside the frame."""
    x0, y0, x1, y1 = (int(v) for v in box)
    pad = DIE_MARGIN * max(x1 - x0, y1 - y0)
    height, width = image.shape[:2]
    left, top = max(0, int(x0 - pad)), max(0, int(y0 - pad))
    right, bottom = min(width, int(x1 + pad) + 1), min(height, int(y1 + pad) + 1)
    if right <= left or bottom <= top:
        return None
    part = image[top:bottom, left:right]
    scale = DIE_PICTURE / max(part.shape[:2])
    if scale < 1.0:
        part = cv2.resize(part, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return jpeg_base64(part) or None
