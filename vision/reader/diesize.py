"""The usual size of a die in a picture, at the analysis scale: the commonest size of lone squares of foreground,
else six times the size of the pips (see die_side_estimate).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import cv2
import numpy as np


def die_side_estimate(mask: np.ndarray, min_side: float, lightness: np.ndarray | None = None) -> float | None:
    """Typical die side (see `die_size`)."""
    return die_size(mask, min_side, lightness)[0]


def die_size(mask: np.ndarray, min_side: float, lightness: np.ndarray | None = None) -> tuple[float | None, bool]:
    """Typical die side: the commonest side of components that look like one square die; and whether the pips alone
    told it (no square stood for a die: see PIP_SIZE_SLACK).

    With fewer than three such squares (every die touching another, or dice as dark as the table), the pips tell the
    size too (a pip is about a sixth of the die's footprint across). The squares still win when they are larger than
    the pips say but hold no more pips than one face has, none farther apart than the square is wide (a close-up of
    one die, its pips mixed with specks of texture); a square block of touching dice holds more, or holds them
    spread wider. But where lone squares of the pips' size stand beside far larger ones, those are the dice and the
    larger ones cards. The shorter side of the clumps is the last resort (a row of dice is one die wide).
    """
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    squares, outlines, shorter, areas = [], [], [], []
    for contour in contours:
        area = cv2.contourArea(contour)
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        if min(rw, rh) < min_side or area < FILLED_BLOB * rw * rh:
            continue
        shorter.append(min(rw, rh))
        areas.append(area)
        if max(rw, rh) / max(min(rw, rh), 1.0) < 1.35:
            squares.append(np.sqrt(area))
            outlines.append(contour)
    from_squares, count = _commonest_size(np.array(squares), _fills(outlines)) if squares else (None, 0)
    if from_squares is not None and from_squares < SPECKS * min_side and lightness is not None:
        squares, outlines = _without_specks(squares, outlines, contours, lightness, mask)
        from_squares, count = _commonest_size(np.array(squares), _fills(outlines)) if squares else (None, 0)
    if from_squares is not None and count < 3 and _is_block(from_squares, shorter, areas):
        from_squares, count = None, 0
    fallback = from_squares if from_squares is not None else (float(np.median(shorter)) if shorter else None)
    if fallback is None:
        fallback = _widest_inside(contours, mask.shape, min_side)
    if count >= 3 or lightness is None:
        return fallback, False
    pips = pip_side_estimate(lightness, mask)
    if pips is None or pips[0] < min_side:
        return fallback, False
    if from_squares is None:
        return pips[0], True
    return _squares_or_pips(from_squares, pips, squares, outlines), False


PIP_SIZE_SLACK = 1.15
"""How much larger than the die size the pips alone told (no lone square standing for a die) a die may be: their
share of a die differs from one make of dice to another (see PIP_SHARE). Pieces of a clump as wide as a die that
large are not counted oversized when ways of cutting it are weighed (see candidate.sureness): four Rajas dice seen up
close in one clump, the pips telling 0.85 of their size, had the right way's pieces counted oversized, and a grid of
smaller cells read a sure 1 on the orange 2's pip and a guessed 2 on the blue 4 (the blue 6 and 2, in one piece of
the right way, are still read by the grid's cells, a sure 3 and a sure 1).

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops, 2080 pictures): right and
sure 11455 -> 11461, sure wrongs 70 -> 69, a die read where none lies and one unread went, nothing lost; their
changed copies (benchmarks/eval_robustness.py, seed 5): right 6985 -> 6989 of 8172, sure wrongs 68 -> 66, dice read
where none lies 162 -> 158, nothing lost; the real photos read alike. Counting every piece oversized from 1.25 die
sides instead (not only where the pips told the size), four webcam dice were lost to a neighbour's piece standing
for both."""


def _widest_inside(outlines: Sequence[np.ndarray], shape: tuple[int, ...], min_side: float) -> float | None:
    """The median width of the blobs at least `min_side` wide that fill little of their box (under FILLED_BLOB: two
    dice touching at a corner, a die and its shadow): the widest disc each holds, across, is a die's side wherever
    the blob is one die or several. The last resort, when no blob is square or filled and no three pips tell the
    size (two dice showing a 1 each). A blob spread over a quarter of the picture or more is left out: that is a
    close-up of a die, broken up in the mask by its own pips and glare, where a die's width cannot be told so; so
    is a picture of one die (SMALL_CROP)."""
    if max(shape) <= SMALL_CROP:
        return None
    widths = []
    for outline in outlines:
        x, y, w, h = cv2.boundingRect(outline)
        (_, _), (rw, rh), _ = cv2.minAreaRect(outline)
        if min(rw, rh) < min_side or cv2.contourArea(outline) >= FILLED_BLOB * rw * rh:
            continue  # a speck, or a blob the squares and clumps measured already
        if w * h >= CLOSE_UP * shape[0] * shape[1]:
            continue
        inside = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(inside, [outline], -1, 255, cv2.FILLED, offset=(1 - x, 1 - y))
        _, widest, _, _ = cv2.minMaxLoc(cv2.distanceTransform(inside, cv2.DIST_L2, cv2.DIST_MASK_PRECISE))
        if 2.0 * widest >= min_side:
            widths.append(2.0 * widest)
    return float(np.median(widths)) if widths else None


FILLED_BLOB = 0.6
"""Share of its box a blob fills from which its size is measured as a die's or a clump's."""
SPECK = 0.15
"""Area, in square die sides, under which a blob of the mask is a speck, not a die's (nor a clump of dice)."""
CLOSE_UP = 0.25
"""Share of the picture from which a blob's box is a close-up of dice, not dice on a table."""
SMALL_CROP = 160
"""Pictures up to this size may be a crop of a single die filling most of the picture."""


def _squares_or_pips(
    from_squares: float,
    pips: tuple[float, list[tuple[float, float]]],
    squares: list[float],
    outlines: list[np.ndarray],
) -> float:
    """The die size from the lone squares or from the pips (their size and centres), as die_side_estimate tells."""
    from_pips, centres = pips
    if _are_dice(from_pips * PIP_SHARE, squares, outlines, centres):
        return from_squares  # the "pips" found are the dice themselves, small and round enough to pass for pips
    agreeing = [side for side in squares if _alike(np.array([side, from_pips]))[0, 1]]
    if agreeing and from_squares >= CARD_SIZED * from_pips:
        return float(np.median(agreeing))  # lone dice of the pips' size: the far larger squares are cards
    if from_pips / ALIKE <= from_squares:
        alike = [o for o, side in zip(outlines, squares, strict=True) if _alike(np.array([side, from_squares]))[0, 1]]
        if all(_one_face(o, centres) for o in alike):
            return from_squares  # a die alone in the picture, or dice that agree with their pips
    return from_pips  # no die stands alone, the squares are blocks of dice, or specks far smaller than pips


def _one_face(outline: np.ndarray, centres: list[tuple[float, float]]) -> bool:
    """Whether the pips inside a square blob (`centres`, see pip_side_estimate) may be those of one face: no more
    than six, none two farther apart than the blob's side (ONE_FACE_SPREAD). A block of touching dice showing few
    pips in all holds them spread over more than a die."""
    inside = [c for c in centres if cv2.pointPolygonTest(outline, c, False) >= 0]
    if len(inside) > 6:
        return False
    reach = ONE_FACE_SPREAD * math.sqrt(cv2.contourArea(outline))
    return all(math.dist(a, b) <= reach for i, a in enumerate(inside) for b in inside[i + 1 :])


ONE_FACE_SPREAD = 1.0
"""Farthest apart two pips of one face lie, in the sides of the blob holding them: the corner pips of a 4, 5 or 6 lie
about 0.76 of a side apart, and seen at an angle less; the margin is for specks near the die's edge. Against the
count of pips alone, a block of three touching dice showing six pips in all, taken for one die, no longer hid its
dice (synthetic seeds 7, 41, 97, 2026 and the real photos: seven dice right, none lost; at 0.85 a casino die of
the composites was lost, its pips seen through the body as well)."""


def _fills(outlines: list[np.ndarray]) -> np.ndarray:
    """How much of its rotated box each outline fills."""
    return np.array([cv2.contourArea(o) / max(float(np.prod(cv2.minAreaRect(o)[1])), 1.0) for o in outlines])


FILLED = 0.75
"""Share of its box a die's blob fills (its corners are round); an L of three touching dice fills about 0.66."""
HOLLOW_WORTH = 0.5
"""What a square filling less of its box is worth against one that fills it, in choosing the commonest size."""


SPECKS = 2.0
"""Squares under this many smallest die sides may be pips standing alone in the mask (see `_without_specks`)."""
CARD_SIZED = 2.5
"""How many times the pips' die size a square is when it is a card (a nearer die is seldom twice as large)."""


def _without_specks(
    squares: list[float],
    outlines: list[np.ndarray],
    contours: Sequence[np.ndarray],
    lightness: np.ndarray,
    mask: np.ndarray,
) -> tuple[list[float], list[np.ndarray]]:
    """The squares, less those that are pips: a die the colour of the table leaves only its pips in the mask, five
    or six specks as square as a die, which would make the dice pip-sized. A square is a pip when it is of the
    pips' size and holds a round spot of that size, and only when at least three pips of that size lie on larger
    parts of the mask (other dice, whose pips they are like): tiny dice must not pass for pips themselves.

    The spot may be of either polarity: an ivory die on a pale grey table left its dark pips in the mask among
    coloured dice with light pips, the polarity the pips are told in, and four of them, square, made every die 7
    pixels wide (a Rajas scene under a little more noise, or light, than drawn: 70 dice found where none lie)."""
    spots = _spots(lightness, mask)
    found = _pips_of(max(spots, key=len)) if spots is not None else None
    if spots is None or found is None:
        return squares, outlines
    from_pips, centres = found
    pip = from_pips * PIP_SHARE
    larger = [c for c in contours if cv2.contourArea(c) >= (3.0 * pip) ** 2]
    on_larger = (centre for centre in centres if any(_holds_any(c, [centre]) for c in larger))
    if sum(1 for _ in itertools.islice(on_larger, 3)) < 3:  # three are enough: a speckled table has thousands
        return squares, outlines
    pip_sized = [
        (x, y) for x, y, size in (spot for one in spots for spot in one) if _alike(np.array([size, pip]))[0, 1]
    ]
    kept = [
        (side, outline)
        for side, outline in zip(squares, outlines, strict=True)
        if not (_alike(np.array([side, pip]))[0, 1] and _holds_any(outline, pip_sized))
    ]
    return [side for side, _ in kept], [outline for _, outline in kept]


def _holds_any(outline: np.ndarray, points: list[tuple[float, float]]) -> bool:
    """Whether any of the points lies in the outline or on it; only those within its bounding box are tested."""
    x, y, w, h = cv2.boundingRect(outline)
    inside = [p for p in points if x - 1 <= p[0] <= x + w and y - 1 <= p[1] <= y + h]
    return any(cv2.pointPolygonTest(outline, point, False) >= 0 for point in inside)


def _are_dice(pip: float, squares: list[float], outlines: list[np.ndarray], centres: list[tuple[float, float]]) -> bool:
    """Whether the pips found (their centres, of size `pip`) are most of them square blobs of their own size: dice
    small enough in the picture to pass for pips, not pips."""
    own = [o for o, side in zip(outlines, squares, strict=True) if _alike(np.array([side, pip]))[0, 1]]
    return 2 * sum(any(_holds_any(o, [c]) for o in own) for c in centres) > len(centres)


def _is_block(square: float, shorter: list[float], areas: list[float]) -> bool:
    """Whether the only squares of a picture (one or two) are blocks of touching dice rather than dice: far wider
    than the clumps of at least 0.4 their area are across (a row or a pair of dice is one die across; bits of a
    die half hidden by a hand are left out)."""
    widths = [width for width, area in zip(shorter, areas, strict=True) if area >= 0.4 * square * square]
    return bool(widths) and square > BLOCK * float(np.median(widths))


BLOCK = 1.3
"""How many times wider than the clumps' median width the only squares of a picture are when they are blocks."""

PIP_SHARE = 1 / 6
"""A pip's diameter as a share of a die's footprint in the image: about a fifth of the face, less once side faces
seen at an angle widen the footprint."""


def pip_side_estimate(lightness: np.ndarray, mask: np.ndarray) -> tuple[float, list[tuple[float, float]]] | None:
    """Die side from the commonest size of round spots (pips) on the foreground, in the polarity with more of
    them; with the centres of those pips."""
    spots = _spots(lightness, mask)
    return _pips_of(max(spots, key=len)) if spots is not None else None


Spot = tuple[float, float, float]
"""A round spot found on the foreground: its centre in the picture, and its size across."""


def _spots(lightness: np.ndarray, mask: np.ndarray) -> tuple[list[Spot], list[Spot]] | None:
    """The round spots on the foreground darker than around them, and those lighter (None without foreground)."""
    points = cv2.findNonZero(mask)
    if points is None:
        return None
    x, y, w, h = cv2.boundingRect(points)
    x0, y0 = max(0, x - 4), max(0, y - 4)
    region, inside = lightness[y0 : y + h + 4, x0 : x + w + 4], mask[y0 : y + h + 4, x0 : x + w + 4]
    plain = plain_table(region, inside)
    dark, light = (
        [
            (k.pt[0] + x0, k.pt[1] + y0, k.size)
            for k in pip_detector(colour).detect(plain)
            if inside[int(k.pt[1]), int(k.pt[0])]
        ]
        for colour in (0, 255)
    )
    return dark, light


def _pips_of(spots: list[Spot]) -> tuple[float, list[tuple[float, float]]] | None:
    """The die side the pips among `spots` tell (see `_pip_group`), and their centres; None for fewer than three."""
    if len(spots) < 3:
        return None
    sizes = np.array([size for _, _, size in spots])
    group = _pip_group(sizes)
    if group is None:
        return None
    centres = [(x, y) for (x, y, _), chosen in zip(spots, group, strict=True) if chosen]
    return float(np.median(sizes[group])) / PIP_SHARE, centres


def _pip_group(sizes: np.ndarray) -> np.ndarray | None:
    """Which spots are the pips (a boolean mask over `sizes`): of the groups of three or more spots of alike size,
    the one covering most area (specks of texture or noise are many, but small), unless more spots than it holds
    are the size its pips would be: then its spots are dice seen small enough to pass for round spots, and those
    smaller spots their pips. A held-out synthetic tray (seed 19, scene 16) had three dice showing a 1 or a 2 pass
    for spots; they covered more area than its sixty pips and made the dice six times their size."""
    alike = _alike(sizes)
    cover = np.where(alike.sum(axis=1) >= 3, (alike * sizes[None, :] ** 2).sum(axis=1), 0.0)
    for index in np.argsort(-cover, kind="stable"):
        if not cover[index] > 0:
            return None
        group = alike[index]
        pip = float(np.median(sizes[group])) * PIP_SHARE
        theirs = np.abs(np.log(sizes / pip)) <= np.log(ALIKE)  # the spots alike to that pip size
        if theirs.sum() <= group.sum():
            return np.asarray(group)
    return None


PIP_MARGIN = 10
"""Pixels of table kept as they are around the foreground when looking for its pips."""


def plain_table(lightness: np.ndarray, foreground: np.ndarray, margin: int = PIP_MARGIN) -> np.ndarray:
    """The lightness with the table far from the foreground made plain, at its mean lightness: pips lie on the
    foreground (dice, or the specks a die the table's colour leaves of its pips), and the wood's grain would
    cost most of the search. A margin of table is kept as it is, so that the spots cut by the edge of the
    plain part lie far from every pip."""
    size = 2 * margin + 1
    away = cv2.compare(cv2.dilate(foreground, np.ones((size, size), np.uint8)), 0, cv2.CMP_EQ)  # type: ignore[call-overload, unused-ignore]
    count = cv2.countNonZero(away)
    if not count:
        return lightness
    # cv2.mean(lightness, mask=away) as OpenCV takes it (the whole sum times the inverse count), in a fraction
    # of its time; the level's value copied in by the mask likewise.
    level = round(cv2.sumElems(cv2.bitwise_and(lightness, away))[0] * (1.0 / count))
    return np.asarray(cv2.copyTo(np.full_like(lightness, level), away, lightness.copy()))


def pip_detector(colour: int) -> cv2.SimpleBlobDetector:
    """OpenCV's blob detector tuned for pips: small, round, convex spots darker (0) or lighter (255) than around."""
    params = cv2.SimpleBlobDetector.Params()
    params.filterByColor, params.blobColor = True, colour
    params.minThreshold, params.maxThreshold, params.thresholdStep = 25, 235, 30
    params.filterByArea, params.minArea, params.maxArea = True, 3, 2500
    params.filterByCircularity, params.minCircularity = True, 0.6
    params.filterByInertia, params.minInertiaRatio = True, 0.5
    params.filterByConvexity, params.minConvexity = True, 0.8
    params.minDistBetweenBlobs = 2
    return cv2.SimpleBlobDetector.create(params)


ALIKE = 1.6
"""Two sizes are alike (the same kind of die, or of pip) when neither is more than this times the other."""


def _alike(sizes: np.ndarray) -> np.ndarray:
    """Which pairs of sizes are alike (a square boolean matrix)."""
    return np.asarray(np.abs(np.log(sizes[:, None] / sizes[None, :])) <= np.log(ALIKE))


def _commonest_size(sides: np.ndarray, fills: np.ndarray) -> tuple[float, int]:
    """The median of the weightiest group of alike sizes (within a factor ALIKE of its first), and how many of the
    group are alike to each other: a die, a pair and a clump of three, each square enough, chain into one group
    (the pair is alike to both) but agree on no size. Counted as three, they were trusted over the pips, and a
    pair of dice on a webcam frame made one die (fresh webcam-slight seed 17: its two dice came out right; nothing
    else changed on any set, held out or tuned on, nor on the real photos).

    Each member weighs the square root of its size: between counting (where the pips of a die whose body the
    table hides, five or six specks, would outweigh three dice) and weighing by size (where one square card
    would outweigh two dice); given how much of its box each fills, half as much when it fills less than a die
    does (an L of three touching dice is about as square as one die, but hollow).
    """
    alike = _alike(sides)
    worth = np.sqrt(sides) * np.where(fills >= FILLED, 1.0, HOLLOW_WORTH)
    weights = (alike * worth[None, :]).sum(axis=1)
    best = max(range(len(sides)), key=lambda i: (weights[i], sides[i]))
    group = np.sort(sides[alike[best]])
    # The most of the group in any span of sizes a factor ALIKE wide.
    together = max(int(np.searchsorted(group, low * ALIKE, side="right")) - i for i, low in enumerate(group))
    return float(np.median(group)), together
