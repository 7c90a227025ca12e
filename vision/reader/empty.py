"""The places of the face grid a value leaves empty: a pip found on one gives a reading away (a 4 whose two pips were
missed looks like a 2, but its other corners are not empty)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.reader.layout import ANGLES, LayoutFit
from vision.reader.patch import PATCH
from vision.reader.stats import median
from vision.reading import GUESS

if TYPE_CHECKING:
    from vision.reader.blobs import Blob


def typical(pips: list[Blob]) -> tuple[float, float]:
    """The pips' median area and median contrast."""
    return median([p.area for p in pips]), median([p.contrast for p in pips])


GLARE_SOFTNESS = 0.5
"""A blob whose edge is less than half as steep as the steepest one's is glare, not a pip (relative, so that
blur and die size, which soften every edge alike, do not count)."""


_GRID = np.array([[x, y] for y in (-1, 0, 1) for x in (-1, 0, 1)], np.float32)


DARK_FAINT = 0.3
"""Share of the pips' contrast from which a spot on an empty place counts, for dark pips on a light die: no
reflection is darker than the body, so a faint dark spot there is a pip blurred or shaded (a 4 read as a 2)."""


def leaves_empty(
    fit: LayoutFit,
    pips: list[Blob],
    signed: np.ndarray,
    dark: bool,
    steepness: list[np.ndarray],
    glare: Sequence[Blob] = (),
    before: np.ndarray | None = None,
) -> bool | None:
    """The empty-places check in each polarity: light pips forgive soft reflections (`glare`: the blobs found far
    softer than the pips), dark ones faint spots. `before`: the contrast before a top-hat, when `signed` is the
    contrast after it (see `_may_hide_a_pip`)."""
    if dark:
        if _grey_centre(fit, pips, signed):
            return False
        # A faint dark spot is a pip blurred or in shade however far it runs: no mark excuses it.
        return bool(_empty_places_are_empty(fit, pips, signed, None, DARK_FAINT))
    return _empty_places_are_empty(fit, pips, signed, steepness, glare=glare, before=before)


GREY_CENTRE = 0.15
"""Share of the dark pips' contrast from which the centre of a 2 or a 4 holds a pip the lamp turned grey (see
`_grey_centre`). From 0.1 to 0.2 the same sure wrongs came out right and no die read right was lost; at 0.25 only
one of them (synthetic seeds 7, 41, 97, 2026, slightly oblique webcam scenes too, and the real photos)."""


def _grey_centre(fit: LayoutFit, pips: list[Blob], signed: np.ndarray) -> bool:
    """Whether the centre of a 2 or a 4 read in dark pips holds a grey spot (GREY_CENTRE of their contrast, in the
    square of DARK_FAINT's check): the centre pip of a 3 or a 5 whose black a reflection of the lamp turned grey. It
    is there, so the face is no 2 or 4 (a washed-out pip is then looked for, see pips.py `_completed`). Only the
    centre is checked so low: a reflection lies over the middle of the faces under the lamp, and it is the place
    farthest from the die's edges, whose shade could pass for a faint spot."""
    if fit.value not in (2, 4):
        return False
    area, strength = typical(pips)
    radius = _spot_radius(area)
    x, y = round(fit.centre[0]), round(fit.centre[1])
    if not (radius <= x < PATCH - radius and radius <= y < PATCH - radius):
        return False
    return float(_box_means(signed, [(x, y)], radius)[0]) > GREY_CENTRE * strength


def _empty_places_are_empty(
    fit: LayoutFit,
    pips: list[Blob],
    signed: np.ndarray,
    steepness: list[np.ndarray] | None = None,
    faint: float = 0.5,
    glare: Sequence[Blob] = (),
    before: np.ndarray | None = None,
) -> bool | None:
    """True when no pip-like spot sits on a place of the face grid that the value leaves empty.

    A 4 whose two pips were missed looks like a 2; its other corners are not empty, and that gives it away.
    A reflection of the lamp on an empty place is bright too, but its edge fades: given the contrast's
    gradient (`steepness`, for light pips only, as a reflection is never darker than the body), a spot whose
    edges are far softer than the pips' does not count, nor one on a blob of `glare` (a reflection as small as a
    pip, whose edge, measured along its outline, fades where the pips' do not; the square around a spot measures
    less well). A spot counts from `faint` of the pips' contrast.
    None when the only spots are parts of a mark wider than a pip (see _is_spread), or a reflection on the centre
    of a 2 or a 4 may hide a pip (see _may_hide_a_pip): the value may be right.
    """
    if fit.value is None or not pips:
        return False
    area, strength = typical(pips)
    radius = _spot_radius(area)
    spots = _empty_places(fit, pips, radius)
    if not spots:
        return True
    bright = [
        spot for spot, mean in zip(spots, _box_means(signed, spots, radius), strict=True) if mean > faint * strength
    ]
    if bright and steepness:
        reflections = _on_glare(bright, glare, fit)
        sharp = _sharp([spot for spot in bright if spot not in reflections], pips, steepness[0], radius)
        seen, level = (signed, strength) if before is None else (before, _level_at_pips(before, pips, radius))
        if not sharp and _may_hide_a_pip(fit, bright, seen, radius, level):
            return None  # the value may be right, or a pip lies under the reflection: a guess
        bright = sharp
    if not bright:
        return True
    return None if all(_is_spread(signed, spot, radius, faint * strength) for spot in bright) else False


LEFT_BEHIND = 0.4
"""Reach, in grid spacings, from a place a value leaves empty within which a blob found at the first threshold gives
the reading away (see `left_behind`)."""


def left_behind(fit: LayoutFit, pips: list[Blob], first: Sequence[Blob]) -> bool:
    """Whether a blob found at the first threshold (`first`), none of the `pips` read at a higher one but like them
    (half their area and contrast or more), lies on a place their value leaves empty: a white 4 whose other two pips
    thinned out past the higher threshold read as a sure 2 there. The square an empty place is measured in (see
    `_empty_places_are_empty`) is a fraction of a pip and may miss a pip the grid's fit puts a little off it; a blob
    is found wherever it lies. Asked of sure readings in dark pips only (pips.py): on a coloured die the lamp's
    reflection makes light blobs anywhere, and counting light pips too made over a hundred sure readings right into
    guesses. Synthetic scenes: on the seeds tuned on (7, 41, 97, 2026) a white 2 read as a sure 3 came out right;
    on seeds held out (5, 11), a white 4 read as a sure 2 came out right and a 5 guessed as a 2 was left unread,
    and a 2 touching a 6, read right (0.68), was left unread (the 6's pips lie in its patch); trays and the real
    photos read the same."""
    if fit.value is None or not pips:
        return False
    area, strength = typical(pips)
    spots = _empty_places(fit, pips, _spot_radius(area))
    return any(
        any(math.hypot(blob.x - x, blob.y - y) < LEFT_BEHIND * fit.spacing for x, y in spots)
        for blob in first
        if blob.area >= 0.5 * area
        and blob.contrast >= 0.5 * strength
        and all(math.hypot(blob.x - p.x, blob.y - p.y) >= 0.5 * fit.spacing for p in pips)
    )


def _spot_radius(area: float) -> int:
    """Half the side of the square an empty place is measured in: 0.6 of the radius of a pip of `area`."""
    return max(1, int(0.6 * np.sqrt(area / np.pi)))


def _empty_places(fit: LayoutFit, pips: list[Blob], radius: int) -> list[tuple[int, int]]:
    """The places of the face grid the value leaves empty (half a spacing from every pip), inside the patch by a
    `radius`, rounded to whole pixels."""
    # Plain floats: a few dozen distances are quicker so than in numpy, and the arithmetic is the same (float64,
    # the pips' centres rounded to float32 as numpy's array of them was; round() rounds half to even as np.round).
    occupied = [(float(np.float32(p.x)), float(np.float32(p.y))) for p in pips]
    (cx, cy), spacing = fit.centre, fit.spacing
    # A skewed grid is not square in the patch: only a 4's centre, the mean of its pips, can be checked.
    spots = [(round(cx), round(cy))] if fit.skewed and fit.value == 4 else []
    for ux, uy in () if fit.skewed else _unit_places(fit.angle):
        x, y = ux * spacing + cx, uy * spacing + cy
        gap = min(math.sqrt((x - ox) * (x - ox) + (y - oy) * (y - oy)) for ox, oy in occupied)
        if gap >= 0.5 * spacing and radius <= x < PATCH - radius and radius <= y < PATCH - radius:
            spots.append((round(x), round(y)))
    return spots


def _sharp(spots: list[tuple[int, int]], pips: list[Blob], steepness: np.ndarray, radius: int) -> list[tuple[int, int]]:
    """The spots whose edges are about as steep as the pips' (a reflection's fade far more softly)."""
    # A pip's edge lies within about 1.7 radius of its centre (radius here is 0.6 of the pip's own).
    reach = int(round(radius * 1.7))
    edges = median(_box_means(steepness, [(round(p.x), round(p.y)) for p in pips], reach).tolist())
    sharp = _box_means(steepness, spots, reach) >= GLARE_SOFTNESS * edges
    return [spot for spot, is_sharp in zip(spots, sharp, strict=True) if is_sharp]


def _on_glare(spots: list[tuple[int, int]], glare: Sequence[Blob], fit: LayoutFit) -> list[tuple[int, int]]:
    """The spots that lie on a blob of `glare` (within half a grid spacing of its centre), but for the centre of a 2
    or a 4: there a reflection may hide a pip (see `_may_hide_a_pip`), which the square around it still tells."""
    centre = (round(fit.centre[0]), round(fit.centre[1])) if fit.value in (2, 4) else None
    reach = 0.5 * fit.spacing
    return [
        spot
        for spot in spots
        if spot != centre and any(math.hypot(spot[0] - blob.x, spot[1] - blob.y) <= reach for blob in glare)
    ]


def _level_at_pips(signed: np.ndarray, pips: list[Blob], radius: int) -> float:
    """The median contrast of the squares around the pips' centres."""
    return median(_box_means(signed, [(round(p.x), round(p.y)) for p in pips], radius).tolist())


def _may_hide_a_pip(fit: LayoutFit, soft: list[tuple[int, int]], signed: np.ndarray, radius: int, pips: float) -> bool:
    """Whether a reflection of the lamp (a soft spot) on a place the value leaves empty may hide a pip that would
    make another face: only on the centre of a 2 or a 4, where the centre pip of a 3 or a 5 lost in it leaves a 2
    or a 4 (one pip more anywhere else makes no standard face), and only as bright there as the `pips` are (a pip
    under it would be no darker). A lamp over the table puts its reflection near the centre of the faces below it.

    For a face read again with what is broader than a pip taken away (the top-hat of pips.py), `signed` and `pips`
    are the contrast before it: the top-hat takes a reflection away with the pip run into it. A green 3 on a Rajas
    table and one on a tray, their centre pips lost in the reflection, were read so as sure 2s, the centre 0.85 as
    bright as the pips after the top-hat, as bright before it. Synthetic scenes: both (seeds 11 and 17, held out)
    became guesses; nothing else changed on any set, held out or tuned on, nor on the real photos."""
    centre = (round(fit.centre[0]), round(fit.centre[1]))
    return fit.value in (2, 4) and centre in soft and float(_box_means(signed, [centre], radius)[0]) >= pips


def _is_spread(signed: np.ndarray, spot: tuple[int, int], radius: int, level: float) -> bool:
    """Whether the contrast at a spot runs on well past a pip's size: a printed mark (a casino die's logo where a 2
    leaves its centre empty), not a pip."""
    pip = radius / 0.6
    outer, inner = int(round(2.0 * pip)), int(round(1.4 * pip))
    big, small = _box_means(signed, [spot], outer)[0], _box_means(signed, [spot], inner)[0]
    big_area, small_area = (2 * outer + 1) ** 2, (2 * inner + 1) ** 2
    ring = (big * big_area - small * small_area) / (big_area - small_area)
    return bool(ring > SPREAD_MARK * level)


SPREAD_MARK = 0.5
"""Share of a pip's level from which the contrast in the ring around a spot shows a mark wider than a pip."""


def emptiness(empty: bool | None) -> float:
    """The factor on a reading's confidence: 1 when the places its value leaves empty are empty, 0.3 (no value) when
    one holds a pip, and when one holds only a mark wider than a pip, one that keeps the value but under SURE_VALUE
    whatever the reading's confidence: a value the table is asked to confirm."""
    return 1.0 if empty else GUESS if empty is None else 0.3


@functools.lru_cache(maxsize=len(ANGLES) + 1)
def _unit_places(angle: float) -> tuple[tuple[float, float], ...]:
    """The nine places of a face grid of spacing 1 around the origin, in patch directions."""
    cos, sin = np.cos(angle), np.sin(angle)
    # The fit rotated patch points by +angle: turn the grid back.
    places = np.stack([cos * _GRID[:, 0] + sin * _GRID[:, 1], -sin * _GRID[:, 0] + cos * _GRID[:, 1]], axis=1)
    return tuple((float(x), float(y)) for x, y in places)


def _box_means(signed: np.ndarray, spots: list[tuple[int, int]], radius: int) -> np.ndarray:
    """The mean contrast in the square of side 2 radius + 1 around each spot, as cv2.blur gives it (float32)."""
    side = 2 * radius + 1
    h, w = signed.shape
    if not all(radius <= x < w - radius and radius <= y < h - radius for x, y in spots):
        xs, ys = zip(*spots, strict=True)  # a square past the edge: OpenCV's border rule
        return np.asarray(cv2.blur(signed, (side, side))[list(ys), list(xs)])
    # The contrast is in whole numbers, so each square's sum is exact and the mean is cv2.blur's to the last bit,
    # at the cost of a few squares instead of the whole patch.
    scale = 1.0 / (side * side)
    sums = [
        float(signed[y - radius : y + radius + 1, x - radius : x + radius + 1].sum(dtype=np.float64)) for x, y in spots
    ]
    return np.array([total * scale for total in sums], np.float32)
