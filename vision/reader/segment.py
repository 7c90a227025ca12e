"""Finding die bodies: what differs from the table's colour, split into die-sized squares.

The table is learnt from the image border (clustered in CIELAB); everything far enough from every table
colour is foreground. Touching dice are split by a watershed on the distance transform, seeded at the
centres of die-sized squares.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

RotatedRect = tuple[tuple[float, float], tuple[float, float], float]


@dataclass(frozen=True)
class Region:
    """One die candidate at the analysis scale: its rotated rectangle and outline."""

    rect: RotatedRect
    contour: np.ndarray
    area: float
    is_touching: bool
    is_clipped: bool

    @property
    def side(self) -> float:
        """The longer side of the rectangle."""
        return float(max(self.rect[1]))


def background_centres(lab: np.ndarray) -> np.ndarray:
    """Lab colours of the table, from clustering the image border."""
    h, w = lab.shape[:2]
    band = max(2, min(h, w) // 25)
    border = np.concatenate(
        [
            lab[:band].reshape(-1, 3),
            lab[-band:].reshape(-1, 3),
            lab[:, :band].reshape(-1, 3),
            lab[:, -band:].reshape(-1, 3),
        ]
    ).astype(np.float32)
    k = 3 if len(border) >= 30 else 1
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
    _, labels, centres = cv2.kmeans(border, k, np.zeros((len(border), 1), np.int32), criteria, 1, cv2.KMEANS_PP_CENTERS)
    share = np.bincount(labels.ravel(), minlength=k) / len(border)
    return np.asarray(centres[share >= 0.12], np.float32)


def foreground_mask(lab: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Pixels far from every table colour (uint8 0/255), cleaned and with holes (pips) filled."""
    weights = np.array([0.6, 1.0, 1.0], np.float32)  # lightness varies more across a table than colour does
    flat = lab.reshape(-1, 3).astype(np.float32)
    distance = np.full(len(flat), np.inf, np.float32)
    for centre in centres:
        distance = np.minimum(distance, np.linalg.norm((flat - centre) * weights, axis=1))
    distance_map = np.clip(distance, 0, 255).astype(np.uint8).reshape(lab.shape[:2])
    level, _ = cv2.threshold(distance_map, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    _, mask = cv2.threshold(distance_map, max(level, 22.0), 255, cv2.THRESH_BINARY)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
    return fill_holes(mask)


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """The mask with every enclosed hole filled."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    return filled


def die_side_estimate(mask: np.ndarray, min_side: float) -> float | None:
    """Typical die side: the median side of components that look like one square die."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    sides = []
    for contour in contours:
        area = cv2.contourArea(contour)
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        if min(rw, rh) < min_side or area < 0.7 * rw * rh:
            continue
        if max(rw, rh) / max(min(rw, rh), 1.0) < 1.35:
            sides.append(np.sqrt(area))
    return float(np.median(sides)) if sides else None


def split_regions(mask: np.ndarray, side: float) -> list[Region]:
    """Die candidates: each component, or its die-sized parts when dice touch."""
    regions: list[Region] = []
    h, w = mask.shape
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < 0.3 * side * side:
            continue
        if area <= 1.7 * side * side and _is_squarish(contour):
            regions.append(_region(contour, area, False, w, h))
            continue
        regions.extend(_watershed(mask, contour, side, w, h))
    return regions


def _is_squarish(contour: np.ndarray) -> bool:
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    return max(rw, rh) / max(min(rw, rh), 1.0) < 1.45


def _region(contour: np.ndarray, area: float, touching: bool, w: int, h: int) -> Region:
    x, y, bw, bh = cv2.boundingRect(contour)
    clipped = x <= 0 or y <= 0 or x + bw >= w or y + bh >= h
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    return Region(((cx, cy), (rw, rh), angle), contour, float(area), touching, clipped)


def _watershed(mask: np.ndarray, contour: np.ndarray, side: float, w: int, h: int) -> list[Region]:
    x, y, bw, bh = cv2.boundingRect(contour)
    pad = 2
    local = np.zeros((bh + 2 * pad, bw + 2 * pad), np.uint8)
    cv2.drawContours(local, [contour - [x - pad, y - pad]], -1, 255, cv2.FILLED)
    distance = cv2.distanceTransform(local, cv2.DIST_L2, 5)
    peak_size = max(3, int(side * 0.5) | 1)
    dilated = cv2.dilate(distance, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (peak_size, peak_size)))
    peaks = ((distance >= dilated - 1e-3) & (distance > 0.3 * side)).astype(np.uint8)
    count, markers = cv2.connectedComponents(peaks)
    if count <= 2:
        area = cv2.contourArea(contour)
        return [_region(contour, area, False, w, h)] if area <= 2.2 * side * side else []
    markers = markers + 1
    markers[local == 0] = 0
    unknown = (local > 0) & (peaks == 0)
    markers[unknown] = 0
    markers[local == 0] = 1
    colour = cv2.cvtColor(local, cv2.COLOR_GRAY2BGR)
    cv2.watershed(colour, markers)
    regions = []
    for label in range(2, count + 1):
        part = (markers == label).astype(np.uint8) * 255
        found, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not found:
            continue
        piece = max(found, key=cv2.contourArea)
        area = cv2.contourArea(piece)
        if area >= 0.3 * side * side:
            regions.append(_region(piece + [x - pad, y - pad], area, True, w, h))
    return regions
