"""The colour of a die body, read from its pixels without the pips, in a lighting-robust feature space."""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.calibration import NAMED, Calibration
from vision.palette import features
from vision.reader.blobs import Blob
from vision.reader.patch import PATCH
from vision.reader.pips import LOOSE, FaceReading, read_face
from vision.reader.stats import column_medians, percentiles
from vision.reading import BBox

PIP_MARGIN = 1.5
"""Radius, in pips' radii, of the disc left out around each pip read: its rim blends the pip's colour and the body's."""
FEWEST_BODY = 40
"""Fewest body pixels left once the pips are out for them to be read alone; fewer, and the band of middle lightness
is taken over the whole centre as when no pip is known."""


def patch_feature(patch: np.ndarray, pips: Sequence[Blob] = ()) -> np.ndarray | None:
    """The body colour feature of an upright die patch: the pixels of middle lightness (no glare, no shade) of its
    central part, the `pips` read on it left out.

    The pips must be left out by where they were read, not by lightness alone: the six white pips of a die in a
    photo of it fill half of the patch's centre, and the pixels of middle lightness are then their blurred rims,
    colourless and light (a dark blue 6 was taken for red)."""
    h, w = patch.shape[:2]
    top, left = h // 5, w // 5
    centre = patch[top : h - top, left : w - left]
    if centre.size == 0:
        return None
    kept = _off_pips((h, w), pips)
    kept = None if kept is None else kept[top : h - top, left : w - left]
    if kept is not None and cv2.countNonZero(kept) < FEWEST_BODY:
        kept = None
    lightness = cv2.cvtColor(centre, cv2.COLOR_BGR2GRAY)
    low, high = percentiles(lightness if kept is None else lightness[kept > 0], (25, 75))
    band = cv2.inRange(lightness, low, high)
    body = centre[band > 0 if kept is None else (band > 0) & (kept > 0)]
    if len(body) < 4:
        return None
    return np.asarray(column_medians(features(body)), np.float32)


def _off_pips(shape: tuple[int, int], pips: Sequence[Blob]) -> np.ndarray | None:
    """The mask (255) of the patch's pixels farther than PIP_MARGIN from every pip (None when no pip is known)."""
    if not pips:
        return None
    kept = np.full(shape, 255, np.uint8)
    for pip in pips:
        radius = PIP_MARGIN * math.sqrt(pip.area / math.pi)
        cv2.circle(kept, (round(pip.x), round(pip.y)), max(1, round(radius)), 0, cv2.FILLED)
    return kept


def body_feature(image: np.ndarray, bbox: BBox) -> np.ndarray | None:
    """The body colour feature of the die inside bbox of a full image (its pips read and left out, as the reader
    leaves them out of the dice it finds)."""
    x0, y0, x1, y1 = bbox
    crop = image[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)]
    if crop.size == 0:
        return None
    if crop.ndim == 2:
        crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    patch = cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
    face = read_face(patch, LOOSE, is_upright=False)
    return patch_feature(patch, face.pips if face.value is not None else ())


def face_colour(patch: np.ndarray, face: FaceReading, pips: tuple[Blob, ...], calibration: Calibration) -> str | None:
    """The body's colour name, read with `pips` left out, checked against the pips' polarity (None when the two
    disagree).

    Told among a game's colours (Calibration.only), the die is read among every colour known first: one read as a
    colour of no die of the game's is named none, never the nearest of the game's (see Calibration.among_game)."""
    feature = patch_feature(patch, pips)
    looks = _checked(_named(calibration.whole().classify(feature)) if feature is not None else None, face)
    if calibration.among is None or feature is None:
        return looks
    return _checked(_named(calibration.among_game(feature, looks)), face)


def _checked(colour: str | None, face: FaceReading) -> str | None:
    """The colour read, checked against the pips' polarity."""
    if colour == "black" and face.is_dark_on_light:
        return "white"  # pips darker than the body: a light die in shade, never a black one
    if colour == "white" and face.pips and not face.is_dark_on_light:
        return None  # light pips on a "white" body cannot be: some other light colour, say so
    return colour


def _named(told: tuple[str | None, float]) -> str | None:
    name, confidence = told
    return name if confidence >= NAMED else None
