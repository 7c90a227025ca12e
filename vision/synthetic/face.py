"""One face of a die as a flat picture: a rounded square with bevelled edges, sunken pips, glare."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.synthetic.looks import PIP_PLACES, DieLook

SUBPIXEL = 4  # cv2.circle's `shift`: pips are placed to a sixteenth of a pixel


@lru_cache(maxsize=64)
def face_shape(size: int, corner: float) -> tuple[np.ndarray, np.ndarray]:
    """Alpha (0..1) of a rounded square `size` pixels wide, and the bevel shading (1 inside, darker at the edge)."""
    half = size / 2
    grid = np.abs(np.arange(size, dtype=np.float32) + 0.5 - half)
    radius = max(corner * size, 0.5)
    qx = np.maximum(grid[None, :] - (half - radius), 0)
    qy = np.maximum(grid[:, None] - (half - radius), 0)
    outside = np.hypot(qx, qy) - radius  # signed distance to the rounded outline, in pixels
    inner = np.minimum(np.maximum(grid[None, :], grid[:, None]) - (half - radius), 0)
    distance = outside + inner
    alpha = np.clip(0.5 - distance, 0, 1)
    bevel = np.clip(-distance / (0.09 * size), 0, 1)
    shading = 0.72 + 0.28 * (1 - (1 - bevel) ** 2)
    alpha.flags.writeable = False
    shading.flags.writeable = False
    return alpha, shading


def draw_face(
    rng: np.random.Generator,
    size: int,
    look: DieLook,
    value: int,
    light_xy: tuple[float, float],
    glare: float = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Colour (size x size x 3, float32 BGR) and alpha of a face showing `value`, lit from `light_xy`."""
    alpha, shading = face_shape(size, round(look.corner, 2))
    colour = np.empty((size, size, 3), np.float32)
    colour[:] = look.body
    if look.translucent:
        _ghost_pips(colour, size, look, 7 - value)
    _draw_pips(colour, size, look, value, light_xy)
    colour *= shading[:, :, None]
    if glare > 0:
        _glare(rng, colour, size, glare)
    return colour, alpha


def _pip_centres(size: int, look: DieLook, value: int) -> list[tuple[float, float, float]]:
    """(x, y, radius) in face pixels of every pip of `value`."""
    radius = look.pip_radius * size * (1.45 if value == 1 and look.big_one else 1.0)
    step = look.pip_spread * size
    return [(size / 2 + gx * step, size / 2 + gy * step, radius) for gx, gy in PIP_PLACES[value]]


def _draw_pips(colour: np.ndarray, size: int, look: DieLook, value: int, light_xy: tuple[float, float]) -> None:
    """Sunken pips: the wall on the lamp side throws a crescent of shadow, the paint fills the rest."""
    scale = 1 << SUBPIXEL
    rim = tuple(c * 0.55 for c in look.body) if not look.has_dark_pips else tuple(c * 0.7 for c in look.body)
    for x, y, radius in _pip_centres(size, look, value):
        sx, sy = x + light_xy[0] * radius * 0.05, y + light_xy[1] * radius * 0.05
        centre = (int(round(sx * scale)), int(round(sy * scale)))
        cv2.circle(colour, centre, int(round(radius * 1.04 * scale)), rim, -1, cv2.LINE_AA, SUBPIXEL)
        px, py = x - light_xy[0] * radius * 0.12, y - light_xy[1] * radius * 0.12
        paint = (int(round(px * scale)), int(round(py * scale)))
        cv2.circle(colour, paint, int(round(radius * 0.9 * scale)), look.pips, -1, cv2.LINE_AA, SUBPIXEL)


def _ghost_pips(colour: np.ndarray, size: int, look: DieLook, value: int) -> None:
    """The pips of the opposite face, seen through a translucent body: mirrored, dim and soft."""
    ghost = np.zeros((size, size), np.float32)
    scale = 1 << SUBPIXEL
    for x, y, radius in _pip_centres(size, look, value):
        centre = (int(round((size - x) * scale)), int(round(y * scale)))
        cv2.circle(ghost, centre, int(round(radius * 0.85 * scale)), 1.0, -1, cv2.LINE_AA, SUBPIXEL)
    ghost = cv2.GaussianBlur(ghost, (0, 0), max(0.6, size * 0.02)) * 0.3
    colour += ghost[:, :, None] * (np.array(look.pips, np.float32) - colour)


def _glare(rng: np.random.Generator, colour: np.ndarray, size: int, strength: float) -> None:
    """The lamp reflected on the face: a soft, stretched spot that washes colour out towards white."""
    spot = np.zeros((size, size), np.float32)
    centre = (int(rng.uniform(0.2, 0.8) * size), int(rng.uniform(0.2, 0.8) * size))
    axes = (max(1, int(size * rng.uniform(0.08, 0.22))), max(1, int(size * rng.uniform(0.05, 0.12))))
    cv2.ellipse(spot, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1, cv2.LINE_AA)
    spot = cv2.GaussianBlur(spot, (0, 0), max(0.8, size * 0.05)) * strength
    colour += spot[:, :, None] * (255.0 - colour)
