"""How far a die's body reaches around one of its pips: what tells a 1's lone pip, in the middle of its face, from
one pip of a larger face, near its corner, or of a die mostly hidden."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.reader.patch import PATCH, upright_patch

_RAYS = np.array([[math.cos(a), math.sin(a)] for a in np.linspace(0.0, 2 * math.pi, 16, endpoint=False)], np.float32)
"""The directions the body is followed out along."""
_STEPS = np.linspace(0.0, 0.6, 31, dtype=np.float32)
"""Distances from the pip's centre, in die sides, the body is looked at."""
RING = (0.05, 0.12)
"""Where the body's colour is taken: this far past the pip's edge, in die sides."""
BODY_NEAR = 30.0
"""Largest city-block distance in Lab from the body's colour of a point still on the body."""
PIP_CONTRAST_SHARE = 0.5
"""... or this share of the lone pip's own distance from the body's colour, when that is less."""
BODY_FLOOR = 12.0
"""... but never less than this (the body's own grain and shading)."""


def body_extent(image: np.ndarray, at: tuple[float, float], die_side: float, pip_radius: float | None = None) -> float:
    """How far, in die sides, the body around a pip at `at` (image pixels) reaches in the direction it reaches least
    (up to 0.6): the colour of a ring just past the pip's edge (`pip_radius`, in die sides; measured when not
    given, see `_pip_radius`), followed out along 16 rays until it changes (another pip, the die's edge, a hand).
    A 1's pip lies half a die from its face's edges (less across a face seen at an angle); a corner pip of a larger
    face lies about a quarter of a die from two."""
    steps, window = _STEPS, 1.4 * die_side
    patch = upright_patch(image, (at, (window, window), 0.0))
    lab = cv2.cvtColor(cv2.GaussianBlur(patch, (3, 3), 0), cv2.COLOR_BGR2Lab).astype(np.float32)
    per_side = PATCH / window * die_side  # patch pixels a die side
    points = PATCH / 2 + _RAYS[:, None, :] * (steps[None, :, None] * per_side)
    xs = np.clip(points[..., 0].astype(np.intp), 0, PATCH - 1)
    ys = np.clip(points[..., 1].astype(np.intp), 0, PATCH - 1)
    samples = lab[ys, xs]  # rays x steps x Lab
    if pip_radius is None:
        pip_radius = _pip_radius(samples, steps)
    near, far = pip_radius + RING[0], pip_radius + RING[1]
    ring = samples[:, (steps >= near) & (steps <= far)].reshape(-1, 3)
    if not len(ring):
        return 0.0  # a "pip" as wide as the die is none
    body = np.median(ring, axis=0)
    # Another pip stands out of the body about as the lone one does: in a flat picture, less than BODY_NEAR.
    pip = float(np.abs(samples[0, 0] - body).sum())
    off_body = np.abs(samples - body).sum(axis=2) > min(BODY_NEAR, max(BODY_FLOOR, PIP_CONTRAST_SHARE * pip))
    # Past the pip's edge, each ray leaves the pip where it first comes onto the body (a pip found a pixel off its
    # centre, or smaller than it is, still covers the first steps past `near` on its far side), by the ring's outer
    # edge at the latest.
    index = np.arange(len(steps))[None, :]
    on_body = ~off_body & (index >= np.searchsorted(steps, near))
    start = np.where(on_body.any(axis=1), on_body.argmax(axis=1), len(steps))
    start[start > np.searchsorted(steps, far, side="right")] = len(steps)
    beyond = off_body & (index >= start[:, None])
    reach = np.where(beyond.any(axis=1), beyond.argmax(axis=1), len(steps) - 1)
    reach[start >= len(steps)] = 0
    return float(steps[reach].min())


def _pip_radius(samples: np.ndarray, steps: np.ndarray) -> float:
    """The radius, in die sides, of the pip at the centre of the rays' `samples` (rays x steps x Lab): the median
    distance along the rays at which they come nearer the colour around the pip (a fifth to a third of a die out)
    than the pip's own."""
    pip = samples[:, 0].mean(axis=0)
    around = np.median(samples[:, (steps >= 0.2) & (steps <= 0.3)].reshape(-1, 3), axis=0)
    left = np.abs(samples - around).sum(axis=2) < np.abs(samples - pip).sum(axis=2)
    edges = np.where(left.any(axis=1), left.argmax(axis=1), len(steps) - 1)
    return float(np.median(steps[edges]))
