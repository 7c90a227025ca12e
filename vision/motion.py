"""How much of the picture changed: the one measure of motion used by the settler and the read gate.

Frames are compared shrunk to `width` pixels and blurred, per colour channel (a blue die on green felt can be
almost exactly as bright as the felt), so camera noise and the exact die pixels do not count, and comparing
costs a fraction of a millisecond even on a Raspberry Pi. A dim frame is brightened first as the reader brightens
it (vision.reader.exposure): in a dim room a die rolling changed fewer pixels by the threshold's grey levels, and
rolls were taken as settled while the dice still moved.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.exposure import brightened


class MotionMeter:
    """Share (0..1) of a shrunken, blurred colour frame that changed since the previous frame."""

    def __init__(self, width: int = 160, pixel_threshold: int = 24) -> None:
        self.width = width
        self.pixel_threshold = pixel_threshold
        self.current: np.ndarray | None = None
        """The last frame, shrunken and blurred (kept for the still-hand check)."""

    def shrink(self, image: np.ndarray) -> np.ndarray:
        """The image as the small blurred picture motion is measured on."""
        height = max(1, round(image.shape[0] * self.width / max(1, image.shape[1])))
        small = cv2.resize(image, (self.width, height), interpolation=cv2.INTER_AREA)
        return brightened(cv2.GaussianBlur(small, (5, 5), 0), step=1)[0]

    def measure(self, image: np.ndarray) -> float | None:
        """The changed share against the previous frame; None for a first frame or a new frame size."""
        previous, self.current = self.current, self.shrink(image)
        if previous is None or previous.shape != self.current.shape:
            return None
        return self.changed_share(previous, self.current)

    def changed_share(self, a: np.ndarray, b: np.ndarray, mask: np.ndarray | None = None) -> float:
        """Share of pixels (within mask, if given) differing by more than pixel_threshold in any channel."""
        difference = cv2.absdiff(a, b)
        if difference.ndim == 3:
            difference = difference.max(axis=2)
        changed = difference > self.pixel_threshold
        if mask is None:
            return float(np.count_nonzero(changed)) / changed.size
        area = np.count_nonzero(mask)
        return float(np.count_nonzero(changed & mask)) / area if area else 0.0

    def reset(self) -> None:
        """Forget the previous frame."""
        self.current = None
