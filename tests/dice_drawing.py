"""Clean dice drawn with OpenCV for reader tests (the synthetic package makes the realistic scenes)."""

from __future__ import annotations

import cv2
import numpy as np

PIP_PLACES = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}

BODIES = {
    "blue": ((170, 80, 20), (250, 250, 250)),
    "green": ((70, 150, 40), (250, 250, 250)),
    "orange": ((30, 120, 235), (250, 250, 250)),
    "violet": ((140, 50, 110), (250, 250, 250)),
    "white": ((228, 232, 235), (25, 25, 25)),
    "shaded white": ((122, 124, 126), (20, 20, 20)),  # a white die in the shade of a lamp
    "dark violet": ((75, 28, 52), (200, 200, 200)),  # a violet die in dim light
}


def draw_die(
    image: np.ndarray, centre: tuple[float, float], side: float, angle: float, value: int, colour: str
) -> tuple[int, int, int, int]:
    """Draw a die seen from above; returns its bounding box."""
    body, pip = BODIES[colour]
    cx, cy = centre
    rotation = cv2.getRotationMatrix2D((0, 0), angle, 1.0)[:, :2]
    half = side / 2
    corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ rotation.T + [cx, cy]
    cv2.fillConvexPoly(image, np.round(corners).astype(np.int32), body, cv2.LINE_AA)
    for px, py in PIP_PLACES[value]:
        x, y = np.array([px, py]) * side * 0.27 @ rotation.T + [cx, cy]
        cv2.circle(image, (int(round(x)), int(round(y))), max(1, int(round(side * 0.09))), pip, -1, cv2.LINE_AA)
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def table(
    width: int = 640, height: int = 480, colour: tuple[int, int, int] = (60, 90, 130), seed: int = 0
) -> np.ndarray:
    """A plain table with a little texture (wood-like brown by default)."""
    rng = np.random.default_rng(seed)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = colour
    noise = rng.normal(0, 6, (height, width, 1))
    return np.clip(image + noise, 0, 255).astype(np.uint8)
