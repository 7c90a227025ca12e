"""Dice found by their pips alone: for a die whose body is the table's colour (a blue die on a navy felt), or
whose body ran into something else in the mask (a board's printed lines) so that no die was read from the blob.

Such a die leaves only its pips in the foreground mask, as specks too small to be dice, or lies in a "barren"
blob. Pips of the usual size that lie outside every die-sized blob, or on a barren blob, are grouped by distance,
and each group of two or more becomes a die-sized square to read, turned the way its pips say. A lone pip is never
taken for a die: specks of texture or glints look the same.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.reader.segment import ALIKE, PIP_SHARE, SPECK, Region, components, pip_detector, plain_table

Box = tuple[int, int, int, int]
"""x, y, width, height."""

GROUP_REACH = 0.85
"""Two pips belong to one face when they are at most this many die sides apart: neighbours along an edge of a face
are about 0.55 apart, but the two pips of a 2 only have each other, across the diagonal, about 0.75 apart."""
SMALL_PIP = 2.0
"""How many times smaller than the usual pip (see PIP_SHARE) a pip may be: the blob detector measures a pip
where it is darkest or lightest, under its blurred edge, and the pips of a 6 (smaller on some dice) came out at
4.3 pixels against 7 expected, which left half of a dark blue 6 on a black tray unfound."""
LARGEST_FACE = 1.0
"""A group of pips spread over more than this many die sides is not one face (the pips of a face span about
0.75 of a side corner to corner): pips of two dice side by side, left alone."""


def pip_proposals(
    lightness: np.ndarray,
    mask: np.ndarray,
    side: float,
    is_dark_on_light: bool,
    barren: Sequence[np.ndarray] = (),
    unread: Sequence[Box] = (),
) -> list[Region]:
    """Die-sized squares around groups of pips that no die-sized blob of the mask holds, or that lie on a `barren`
    blob (outlines of blobs of which no die was read: a die on a corner of a board's printed square is one blob
    with it, and neither the blob read whole nor any cut of it made a die of it). Pips are looked for only where
    they may be (see `_search_area`), which includes around the boxes of dice found `unread`.

    A die the table's colour still leaves its pips in the mask, as specks: only around the specks and the barren
    blobs is there anything to look for, and there the table far from all foreground is made plain before looking,
    for its grain holds no pip and would cost most of the search."""
    _, labels, stats, _ = components(mask)
    area = _search_area(stats, side, [*map(_box, barren), *unread], mask.shape)
    if area is None:
        return []
    # A spot on a die-sized blob is a pip of a die found already, unless no die was read of that blob.
    die_sized = stats[:, cv2.CC_STAT_AREA] >= SPECK * side * side
    die_sized[0] = False  # the table
    spots = _pip_sized_spots(lightness, mask, area, side, is_dark_on_light)
    pips = [(x, y) for x, y in spots if not die_sized[labels[int(y), int(x)]] or _on_any(barren, x, y)]
    faces = (np.array(group, np.float32) for group in _groups(pips, GROUP_REACH * side))
    return [_square_around(f, side, mask.shape) for f in faces if len(f) >= 2 and _extent(f) <= LARGEST_FACE * side]


def _pip_sized_spots(
    lightness: np.ndarray, mask: np.ndarray, area: tuple[int, int, int, int], side: float, is_dark_on_light: bool
) -> list[tuple[float, float]]:
    """Centres of pip-sized round spots of the given polarity inside `area` (x0, y0, x1, y1), the table far from
    all foreground made plain first."""
    x0, y0, x1, y1 = area
    expected = side * PIP_SHARE
    plain = plain_table(lightness[y0:y1, x0:x1], mask[y0:y1, x0:x1])
    return [
        (float(key.pt[0] + x0), float(key.pt[1] + y0))
        for key in pip_detector(0 if is_dark_on_light else 255).detect(plain)
        if expected / SMALL_PIP <= key.size <= expected * ALIKE
    ]


def _square_around(points: np.ndarray, side: float, shape: tuple[int, ...]) -> Region:
    """A die-sized square around a face's pips, turned the way they say."""
    cx, cy = points.mean(axis=0)
    rect = ((float(cx), float(cy)), (side, side), _face_angle(points))
    box = cv2.boxPoints(rect).astype(np.int32).reshape(-1, 1, 2)
    x, y, bw, bh = cv2.boundingRect(box)
    clipped = x <= 0 or y <= 0 or x + bw >= shape[1] or y + bh >= shape[0]
    return Region(rect, box, side * side, False, clipped)


def _search_area(
    stats: np.ndarray, side: float, near: Sequence[Box], shape: tuple[int, ...]
) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1) around the specks of the mask (its blobs too small to be dice) and the boxes `near`
    (x, y, w, h: barren blobs, dice found unread), widened by a die side; None when there are none (the usual
    frame, every blob a die read). A free pip lies on a speck or a barren blob, or on the table beside them or
    beside a die found unread (the light pips of a die at the edge of its blob, which the mask left out)."""
    small = stats[1:][stats[1:, cv2.CC_STAT_AREA] < SPECK * side * side]
    boxes = [tuple(int(v) for v in box[:4]) for box in small] + list(near)
    if not boxes:
        return None
    margin = int(np.ceil(side))
    x0 = max(0, min(x for x, _, _, _ in boxes) - margin)
    y0 = max(0, min(y for _, y, _, _ in boxes) - margin)
    x1 = min(shape[1], max(x + w for x, _, w, _ in boxes) + margin)
    y1 = min(shape[0], max(y + h for _, y, _, h in boxes) + margin)
    return x0, y0, x1, y1


def _box(outline: np.ndarray) -> Box:
    x, y, w, h = cv2.boundingRect(outline)
    return x, y, w, h


def _on_any(outlines: Sequence[np.ndarray], x: float, y: float) -> bool:
    return any(cv2.pointPolygonTest(outline, (x, y), False) >= 0 for outline in outlines)


def _groups(points: list[tuple[float, float]], reach: float) -> list[list[tuple[float, float]]]:
    """Points joined into groups: two points within `reach` of each other are in the same group."""
    groups: list[list[tuple[float, float]]] = []
    for point in points:
        near = [g for g in groups if any(np.hypot(point[0] - q[0], point[1] - q[1]) <= reach for q in g)]
        merged = [point] + [q for g in near for q in g]
        groups = [g for g in groups if g not in near] + [merged]
    return groups


def _face_angle(points: np.ndarray) -> float:
    """The angle of the face's edges: along the pips' box for four or more, across the line of two or three
    (the pips of a 2 or a 3 run along a diagonal)."""
    if len(points) >= 4:
        return float(cv2.minAreaRect(points)[2])
    gaps = points[:, None, :] - points[None, :, :]
    first, last = np.unravel_index(int(np.argmax(np.hypot(gaps[..., 0], gaps[..., 1]))), gaps.shape[:2])
    dx, dy = points[last] - points[first]
    return float(np.degrees(np.arctan2(dy, dx))) + 45.0


def _extent(points: np.ndarray) -> float:
    """The largest distance between two of the points."""
    gaps = points[:, None, :] - points[None, :, :]
    return float(np.hypot(gaps[..., 0], gaps[..., 1]).max())
