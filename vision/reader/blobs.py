"""A die patch's pip candidates: the blobs of its thresholded contrast, each measured (centre, area, roundness, the
steepness of its edge, its span when drawn out), those past the die's outline set apart."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reader.faceset import ROUND, STREAK_ROUNDNESS
from vision.reader.patch import PATCH
from vision.reader.stats import mean32


@dataclass(frozen=True)
class Blob:
    """A pip candidate in patch coordinates."""

    x: float
    y: float
    area: float
    roundness: float
    contrast: float
    sharpness: float = 0.0
    """How steep the blob's edge is for its contrast: painted pips end sharply, a reflection of the lamp fades."""
    angle: float = 0.0
    """Direction of the blob's long axis in degrees (0-180): the pips of a die blurred by motion share it."""
    span: tuple[float, float, float] | None = None
    """For a blob that is not round: its length and width along and across its long axis, and the axis's direction
    in radians (measured on its outline, to tell pips run together apart, see faceset._parted_runs)."""
    parted: int = 0
    """For a pip parted from a run of pips: how many the run held."""
    runs_off: bool = False
    """Whether the blob reaches the patch's edge (see pips._runs_off and faceset.one_beside_cut_pips)."""


def find_blobs(
    binary: np.ndarray,
    signed: np.ndarray,
    outline: np.ndarray | None,
    steepness: list[np.ndarray],
    wanted: Callable[[float, float, float], bool] | None = None,
    past: list[Blob] | None = None,
) -> list[Blob]:
    """The pip candidates among the binary's blobs, each told whether it reaches the patch's edge; only those whose
    centre and area are `wanted`, if given. Those left out for lying past the die's `outline` go into `past`."""
    found = []
    for contour in _outer_contours(binary):
        if len(contour) < 5:
            continue  # a speck (and too few points to fit an ellipse to)
        area = cv2.contourArea(contour)
        if not PIP_AREA[0] <= area <= PIP_AREA[1]:
            continue
        perimeter = cv2.arcLength(contour, True)
        if 4 * math.pi * area / max(perimeter * perimeter, 1e-6) < 0.3:
            continue  # ragged: not a pip, not even one drawn out by motion (and no need to fit an ellipse to it)
        moments = cv2.moments(contour)
        x, y = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
        if not 2 <= x <= PATCH - 2 or not 2 <= y <= PATCH - 2:
            continue
        if outline is not None and _lies_past_outline(outline, contour, (x, y, area), signed, past):
            continue
        if wanted is not None and not wanted(x, y, area):
            continue
        roundness, angle = _ellipse(contour)  # the dearest check, made last
        if roundness < STREAK_ROUNDNESS:
            continue
        if not steepness:
            steepness.append(cv2.magnitude(cv2.Sobel(signed, cv2.CV_32F, 1, 0), cv2.Sobel(signed, cv2.CV_32F, 0, 1)))
        box = cv2.boundingRect(contour)
        contrast, sharpness = float(signed[int(y), int(x)]), _sharpness(contour, box, signed, steepness[0])
        span = _span(contour, moments) if roundness < ROUND else None
        runs_off = _reaches_edge(box)
        found.append(Blob(x, y, area, roundness, contrast, sharpness, angle % 180.0, span, runs_off=runs_off))
    return found


def _outer_contours(binary: np.ndarray) -> list[np.ndarray]:
    """The outer contour of each blob of a binary patch, those lying in a hole of another blob too, less the blobs
    that are rings (see HOLLOW). Light pips on a dark die lie in a hole of the table when the table shows all round
    the patch (a square read around a die, see as_crop.py), and OpenCV's external contours leave them out. Its
    two-level hierarchy gives every blob's outer contour at the top level (the holes' below), in the order of the
    external contours where no blob lies in a hole. Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026
    and composites of real crops): a white 4 on a webcam frame, unread, and another read right as a guess came out
    right and sure, pictures read exactly 1232 -> 1233, nothing else changed."""
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if hierarchy is None:
        return []
    if int(hierarchy[0][:, 3].max()) < 0:
        return list(contours)  # no blob has a hole, or lies in one: most patches
    parents = hierarchy[0][:, 3].tolist()
    holes: dict[int, float] = {}
    for contour, parent in zip(contours, parents, strict=True):
        if parent >= 0:
            holes[parent] = holes.get(parent, 0.0) + cv2.contourArea(contour)
    return [
        contour
        for index, (contour, parent) in enumerate(zip(contours, parents, strict=True))
        if parent < 0 and (index not in holes or holes[index] < HOLLOW * cv2.contourArea(contour))
    ]


HOLLOW = 0.15
"""Share of a blob's area (within its outer contour) from which the holes in it make it a ring, not a pip: pips are
solid (a dark pip's highlight, or the noise, leaves a hole of a pixel or two), a casino die's logo is drawn in white
lines. A red 2 whose logo lies between its pips, its ring read as the middle pip of a 3 (0.65 to 0.78), was read so
in three composites of real crops. Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of
real crops): sure wrongs 55 -> 52 (four went, one came: an orange Rajas 5 guessed as a 2 became sure of it at 0.61),
right 10530 -> 10535, right as a guess 551 -> 554, guessed wrong 174 -> 167, found where none lies 50 -> 49,
pictures read exactly 1275 -> 1283; the up-close kinds: one more right, three fewer guessed wrong, one more missed.
The largest hole alone against the share, 3 pictures fewer read exactly; only the rings whose centre lies in their
hole, 6 fewer; from 0.1, one more picture but two more dice missed; from 0.2 or 0.3, 3 and 5 fewer."""


def _lies_past_outline(
    outline: np.ndarray,
    contour: np.ndarray,
    blob: tuple[float, float, float],
    signed: np.ndarray,
    past: list[Blob] | None,
) -> bool:
    """Whether a blob (its centre and area) lies past a die's outline, its centre not well inside it as a pip's is:
    the table at a corner of the box, or another die. Such a blob goes into `past`, when given."""
    x, y, area = blob
    if not past_outline(outline, x, y, area):
        return False
    if past is not None:
        past.append(Blob(x, y, area, _ellipse(contour)[0], float(signed[int(y), int(x)])))
    return True


def past_outline(outline: np.ndarray, x: float, y: float, area: float) -> bool:
    """Whether a blob's centre (`x`, `y`; of `area`) lies past a die's outline, not well inside it as a pip's is: less
    than half its radius inside."""
    return cv2.pointPolygonTest(outline, (x, y), True) < 0.5 * math.sqrt(area / math.pi)


def _ellipse(contour: np.ndarray) -> tuple[float, float]:
    """The roundness (shorter over longer axis) and the direction, in degrees, of the ellipse fitted to a blob."""
    (_, _), (a, b), angle = cv2.fitEllipse(contour)
    return min(a, b) / max(a, b, 1e-6), angle


def _reaches_edge(box: Sequence[int]) -> bool:
    """Whether a blob's bounding box (`cv2.boundingRect` of its contour) reaches the patch's edge."""
    x, y, w, h = box
    return x == 0 or y == 0 or x + w == PATCH or y + h == PATCH


def _span(contour: np.ndarray, moments: dict[str, float]) -> tuple[float, float, float]:
    """A blob's length and width along and across its long axis (from its second moments), and the axis's
    direction in radians."""
    direction = 0.5 * math.atan2(2.0 * moments["mu11"], moments["mu20"] - moments["mu02"])
    edge = contour.reshape(-1, 2).astype(np.float32)
    cos, sin = math.cos(direction), math.sin(direction)
    along, across = edge[:, 0] * cos + edge[:, 1] * sin, edge[:, 1] * cos - edge[:, 0] * sin
    return float(np.ptp(along)) + 1.0, float(np.ptp(across)) + 1.0, direction


PIP_AREA = (0.003 * PATCH * PATCH, 0.07 * PATCH * PATCH)
"""Smallest and largest area of a pip, in patch pixels."""


def _sharpness(contour: np.ndarray, box: Sequence[int], signed: np.ndarray, steepness: np.ndarray) -> float:
    """How steep a blob's edge is, for its contrast (`box`: the contour's bounding box)."""
    bx, by, bw, bh = box
    # The float32 maximum over the box, as np.max gives it, at less than half its cost.
    peak = cv2.minMaxLoc(signed[by : by + bh, bx : bx + bw])[1]
    edge = contour.reshape(-1, 2)
    return mean32(steepness.take(edge[:, 1] * steepness.shape[1] + edge[:, 0])) / max(peak, 1.0)
