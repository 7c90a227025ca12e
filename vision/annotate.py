"""Drawing a reading on its frame: each die outlined, with its value, colour and confidence."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reading import DiceReading, Die, is_guess

_OUTLINE = {
    "blue": (255, 120, 30),
    "green": (60, 200, 60),
    "orange": (0, 140, 255),
    "violet": (200, 60, 160),
    "red": (40, 40, 230),
    "white": (245, 245, 245),
    "black": (60, 60, 60),
}
_DOUBT = (0, 215, 255)


def annotate(frame: np.ndarray, reading: DiceReading) -> np.ndarray:
    """A copy of the frame with every die of the reading outlined and labelled (doubtful dice in amber)."""
    image = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR) if frame.ndim == 2 else frame.copy()
    scale = max(image.shape[:2]) / 800.0
    for die in reading.dice:
        _draw(image, die, scale)
    return image


def _draw(image: np.ndarray, die: Die, scale: float) -> None:
    x0, y0, x1, y1 = die.bbox
    is_doubtful = die.value is None or die.color is None or is_guess(die.confidence)
    colour = _DOUBT if is_doubtful else _OUTLINE.get(die.color or "", (255, 255, 255))
    thickness = max(1, round(2 * scale))
    cv2.rectangle(image, (x0, y0), (x1, y1), colour, thickness)
    value = "?" if die.value is None else f"{die.value}?" if is_guess(die.confidence) else str(die.value)
    label = f"{value} {die.color or '?'} {die.confidence:.2f}"
    font_scale = max(0.35, 0.45 * scale)
    (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, thickness)
    top = max(0, y0 - th - base - 2)
    cv2.rectangle(image, (x0, top), (x0 + tw + 4, top + th + base + 2), (20, 20, 20), cv2.FILLED)
    cv2.putText(image, label, (x0 + 2, top + th + 1), cv2.FONT_HERSHEY_SIMPLEX, font_scale, colour, thickness)
