"""Where a patch's light pips are looked for: within the face they lie on, cut off from a light table past it.

A white pip at the edge of a dark die on a pale table is as light as the table. Thresholded, the two run into one
blob, far too large and too ragged for a pip, and the pip is lost: a navy 6 whose upper row of pips met the edge of
its face was read as a 3. Cut at the face's edge, each pip stands alone and is measured as the others are. The face
is the convex hull of the die's outline where light pips are looked for within it (see region.LIGHT_PIPS_IN_HULL);
in a crop of one die, which has no outline, the convex hull of its body (see `body_hull`). Dark pips are not cut
so: the standard white dice they are found on keep them clear of the face's edge, and cut too, on the synthetic
scenes, they read two pictures more exactly but made a Rajas 5 guessed wrong a sure wrong.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.segment import components


def inside(outline: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The patch's pixels inside an outline (255), as a mask."""
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(outline).astype(np.int32).reshape(-1, 1, 2)], 255)
    return mask


DRAWN_OUT = 1.25
"""Longer over shorter side of a blob's hull past which its light pips are not cut off from the table at the hull:
the blob is a die seen at an angle (the reading's "tilted" flag), and its box holds a side face whose pips, cut loose
from a pale table, would count with the top face's. A green Rajas 1 seen so, on a pale board, was read as a 2 with a
pip of its side face (its lone pip had been read as a sure 1). Synthetic scenes, against cutting at every hull: that 1
came back, 3 dice read right became guesses, a die found where none lies and a wrong guess went (that die missed
now), pictures read exactly as many (1291); from 1.05 (a box about square), 5 pictures fewer read exactly."""


def face_of_blob(hull: np.ndarray, shape: tuple[int, ...]) -> np.ndarray | None:
    """The mask inside a blob's hull (see `inside`), None when the hull is drawn out past DRAWN_OUT."""
    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    return None if max(w, h) > DRAWN_OUT * min(w, h) else inside(hull, shape)


def body_hull(contrast: np.ndarray, level: float) -> np.ndarray | None:
    """The convex hull (a mask) of a crop's body: the largest part of it that stands no more than `level` above
    the body (`contrast`: the lightness over the body's, light pips positive). The light pips are holes in it, or
    bays at its edge, which the hull closes; a light table past it is left out. On a table as dark as the body the
    hull takes in the table too, and cuts nothing off. None when the whole crop stands above `level`."""
    body = cv2.compare(contrast, level, cv2.CMP_LE)  # type: ignore[call-overload, unused-ignore]
    count, labels, stats, _ = components(body)
    if count < 2:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours((labels == biggest).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return inside(cv2.convexHull(max(contours, key=cv2.contourArea)), contrast.shape)


def cut_for_light_pips(
    hull: np.ndarray | None, outline: np.ndarray | None, is_crop: bool, contrast: np.ndarray, level: float
) -> np.ndarray | None:
    """The mask light pips are looked for within: the hull of the die's outline (`hull`), when the patch has one
    (see pips._pips_outline) and it is not drawn out by a side face (DRAWN_OUT); for a crop of one die
    (`is_crop`, no `outline`), the hull of its body, everything up to `level` (the first threshold) above it in
    `contrast`; None for a patch with only an outline, which runs inside the pips it would cut off.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops, 11743 dice): right
    10536 -> 10559, right as a guess 554 -> 547, guessed wrong 167 -> 152, missed 231 -> 230, sure wrongs 51 and
    dice found where none lies 47 as they were, pictures read exactly 1285 -> 1291 (composites 113 -> 119); all but
    one die changed (a Rajas 4 guessed wrong, now unread) are on the composites, whose dark translucent casino dice
    lie on pale tables. The up-close kinds read as they were; on the real photos (crops of one die) a 1 guessed as a
    3 is unread, nothing else changed. The changed copies of the synthetic scenes (eval_robustness, seed 5, as drawn
    and nine changes, 9080 dice): right 8269 -> 8265, guessed wrong 119 -> 115, unread 292 -> 300, sure wrongs as
    they were. Measured cutting at every hull, the hull alone (not the crop's body) read two composites fewer
    exactly."""
    if hull is not None:
        return face_of_blob(hull, contrast.shape)
    if outline is None and is_crop:
        return body_hull(contrast, level)
    return None
