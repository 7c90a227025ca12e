"""Finding die bodies in the foreground (see table.py): blobs split into die-sized squares (the size: diesize.py).

Touching dice are cut apart every plausible way: by a watershed along the picture's own edges, by colour where the
dice differ in it, and along grids of die-sized cells; the reader keeps the way that reads surest.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.palette import hue_gap
from vision.reader.diesize import ALIKE, SPECK

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


def components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """cv2.connectedComponentsWithStats (8-connected, 32-bit labels) by the block-based algorithm: the same
    labels in the same order as the default, but two to three times quicker on a frame's masks (OpenCV 5)."""
    count, labels, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S, cv2.CCL_BBDT)
    return int(count), labels, stats, centroids


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """The mask with every enclosed hole filled."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    return filled


Ways = tuple[tuple[Region, ...], ...]
"""Ways of cutting a blob, each into the regions of its dice."""


@dataclass(frozen=True)
class Candidate:
    """One blob of foreground: read whole when it may be one die, and as each way of cutting it into dice."""

    whole: Region | None
    partitions: tuple[tuple[Region, ...], ...]
    grids: tuple[tuple[Region, ...], ...] = ()
    """Cuts along grids of different die sizes, of which only the one that reads best is to be kept."""
    cuts_if_unread: Callable[[], tuple[Ways, Ways]] | None = None
    """For a blob most likely one die but that may be more (see `_is_drawn_out` and CLUMP), no cuts above but this,
    which makes them (partitions, grids): they are made and read only when the die reads no value."""
    by_colour: Callable[[], tuple[Region, ...]] | None = None
    """For a blob most likely one die that may be more, its parts by colour (see `_colour_cut`), made only when the
    die reads a value: two dice of different colours, one partly over the other, once read as one die."""
    outline: np.ndarray | None = None
    """The outline of a blob that was cut: what its cuts' dice leave uncovered is looked at too (see leftover.py)."""


def split_regions(mask: np.ndarray, side: float, image: np.ndarray, lab: np.ndarray) -> list[Candidate]:
    """Die candidates: each component, with the ways it may be cut into touching dice (`image` BGR, `lab` the same
    picture in Lab, as the mask was made from)."""
    candidates: list[Candidate] = []
    h, w = mask.shape
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < SPECK * side * side or area > LARGEST_CLUMP * side * side:
            continue
        # Dice differ in size with distance from the camera: a square up to 2.6 dice large may be one die.
        whole = region_of(contour, area, False, w, h) if area <= 2.6 * side * side and _is_squarish(contour) else None
        ways = functools.partial(_ways_of_cutting, mask, contour, side, image, lab)
        if whole is not None and area <= ONE_DIE_AREA * side * side:
            if _is_drawn_out(whole) or area > CLUMP * side * side:
                by_colour = functools.partial(_colour_cut, contour, side, (w, h), image, lab)
                candidates.append(Candidate(whole, (), (), ways, by_colour))
            else:
                candidates.append(Candidate(whole, ()))
            continue
        cut, grids = ways()
        candidates.append(Candidate(whole, cut, grids, outline=contour))
    return candidates


def _ways_of_cutting(
    mask: np.ndarray, contour: np.ndarray, side: float, image: np.ndarray, lab: np.ndarray
) -> tuple[Ways, Ways]:
    """The cuts of a blob: the watershed's and the colours' (each none or one), read in this order; and the grids'."""
    h, w = mask.shape
    grids = _distinct(cut for cut in (_grid(contour, size, w, h) for size in _grid_sizes(contour, side)) if cut)
    cut = _watershed(contour, side, w, h, image)
    by_colour = _colour_cut(contour, side, (w, h), image, lab)
    return tuple(way for way in (cut, by_colour) if way), grids


BODY_CHROMA = 18.0
"""Least chroma (distance from grey in Lab's a-b plane, 8-bit) of a coloured die's body: white pips, white or black
dice and shade fall under it."""
HUE_APART = 20.0
"""Least difference of hue, in degrees of Lab's a-b plane, between two colours of dice told apart (the Rajas blue and
violet lie about 30 apart, red and orange about 27)."""
PIXEL_HUE_REACH = 25.0
"""Farthest, in degrees, a pixel's hue lies from its colour's for the pixel to be of a die of that colour."""
HUE_SHARE = 0.3
"""Least count of pixels of a colour, in die areas (side squared), for it to be a die's."""


def _colour_cut(
    contour: np.ndarray, side: float, size: tuple[int, int], image: np.ndarray, lab: np.ndarray
) -> tuple[Region, ...]:
    """A clump of dice of different colours parted by colour (Rajas dice come in four): each colour's part of its
    coloured body, pips filled in, is a die, or when larger than one is cut as a blob is (watershed, else grid).
    Nothing for a clump of one colour, or of white dice."""
    (w, h), (x, y, bw, bh) = size, cv2.boundingRect(contour)
    local = np.zeros((bh, bw), np.uint8)
    cv2.drawContours(local, [contour - [x, y]], -1, 255, cv2.FILLED)
    crop = lab[y : y + bh, x : x + bw].astype(np.float32)
    a, b = crop[:, :, 1] - 128.0, crop[:, :, 2] - 128.0
    body = (local > 0) & (cv2.magnitude(a, b) >= BODY_CHROMA)
    if body.sum() < side * side:
        return ()  # white dice, or too little colour for two dice
    hue = np.degrees(np.arctan2(b, a)) % 360.0
    colours = _hues(hue[body], side)
    if len(colours) < 2:
        return ()
    gaps = np.stack([hue_gap(hue, c) for c in colours])
    nearest = np.argmin(gaps, axis=0)
    regions: list[Region] = []
    for index in range(len(colours)):
        part = ((nearest == index) & body & (gaps[index] <= PIXEL_HUE_REACH)).astype(np.uint8) * 255
        part = cv2.morphologyEx(part, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        # Its outer outlines are those it would have with its holes (the pips) filled, traced alike (see
        # table._faint_squares): each piece is a die's whole outline without filling the part first.
        found, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for piece in found:
            regions += _dice_of_a_colour(piece + [x, y], side, w, h, image)
    return tuple(regions) if len(regions) >= 2 else ()


def _hues(hues: np.ndarray, side: float) -> list[float]:
    """The hues, in degrees, of the dice colours among a clump's coloured pixels: the peaks of their histogram (bins
    of 5 degrees, smoothed over 25) that hold HUE_SHARE of a die, HUE_APART from a larger one."""
    bins = np.bincount((hues // 5).astype(int) % 72, minlength=72).astype(np.float32)
    smooth = np.convolve(np.concatenate([bins[-2:], bins, bins[:2]]), np.ones(5, np.float32), "valid")
    least = HUE_SHARE * side * side
    peaks = [i for i in range(72) if smooth[i] >= least and smooth[(i - 1) % 72] <= smooth[i] > smooth[(i + 1) % 72]]
    kept: list[float] = []
    for centre in (i * 5 + 2.5 for i in sorted(peaks, key=lambda i: -smooth[i])):
        if all(hue_gap(centre, other) >= HUE_APART for other in kept):
            kept.append(centre)
    return kept


def _dice_of_a_colour(piece: np.ndarray, side: float, w: int, h: int, image: np.ndarray) -> tuple[Region, ...]:
    """The dice of one colour's part of a clump: none when smaller than half a die, itself when up to ONE_DIE_AREA
    large, else as the watershed or a grid cuts it (touching dice of the same colour)."""
    area = cv2.contourArea(piece)
    if area < 0.5 * side * side:
        return ()
    if area > ONE_DIE_AREA * side * side:
        parts = _watershed(piece, side, w, h, image) or _grid(piece, side, w, h)
        if parts:
            return parts
    return (region_of(piece, area, True, w, h),)


def _distinct(cuts: Iterable[tuple[Region, ...]]) -> tuple[tuple[Region, ...], ...]:
    """The cuts, each only once: two die sizes that round to as many rows and columns cut a clump alike, and
    reading the same cut twice only costs time."""
    kept: dict[tuple[RotatedRect, ...], tuple[Region, ...]] = {}
    for cut in cuts:
        kept.setdefault(tuple(region.rect for region in cut), cut)
    return tuple(kept.values())


def _grid_sizes(contour: np.ndarray, side: float) -> list[float]:
    """The die sizes to cut a clump at: the picture's usual one, and the clump's own width when it is a row of
    dice (it fills its box) nearer to the camera (larger) or farther (smaller) than most."""
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    own = min(rw, rh)
    is_row = cv2.contourArea(contour) >= 0.8 * rw * rh
    return [side, own] if is_row and (1.2 <= own / side <= ALIKE or 1 / ALIKE <= own / side <= 1 / 1.2) else [side]


def _grid(contour: np.ndarray, side: float, w: int, h: int) -> tuple[Region, ...]:
    """Dice pushed together edge to edge, cut along a grid of die-sized squares (no seam needed)."""
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    columns, rows = max(1, round(rw / side)), max(1, round(rh / side))
    cell_w, cell_h = rw / columns, rh / rows
    short, long = sorted((cell_w / side, cell_h / side))
    # A die seen at an angle is drawn out by its side face: a cell may be longer than a die is wide.
    if columns * rows < 2 or not 0.7 <= short <= 1.35 or not long <= DRAWN_OUT:
        return ()
    turn = np.deg2rad(angle)
    along, across = np.array([np.cos(turn), np.sin(turn)]), np.array([-np.sin(turn), np.cos(turn)])
    points = contour.reshape(-1, 2).astype(np.float64) - (cx, cy)
    frame = np.stack([points @ along + rw / 2, points @ across + rh / 2], axis=1)
    cover = np.zeros((int(np.ceil(rh)) + 1, int(np.ceil(rw)) + 1), np.uint8)
    cv2.fillPoly(cover, [np.round(frame).astype(np.int32)], 1)
    cells = []
    for column in range(columns):
        for row in range(rows):
            x0, y0 = int(column * cell_w), int(row * cell_h)
            if cover[y0 : int((row + 1) * cell_h), x0 : int((column + 1) * cell_w)].mean() < 0.6:
                continue
            u, v = (column + 0.5) * cell_w - rw / 2, (row + 0.5) * cell_h - rh / 2
            centre = np.array([cx, cy]) + u * along + v * across
            rect = ((float(centre[0]), float(centre[1])), (float(cell_w), float(cell_h)), float(angle))
            box = cv2.boxPoints(rect).astype(np.int32).reshape(-1, 1, 2)
            x, y, bw, bh = cv2.boundingRect(box)
            clipped = x <= 0 or y <= 0 or x + bw >= w or y + bh >= h
            cells.append(Region(rect, box, float(cell_w * cell_h), True, clipped))
    return tuple(cells) if len(cells) >= 2 else ()


DRAWN_OUT = 1.6
"""Longest side, in die sides, of a grid cell: a die and the side face a camera at an angle sees of it."""


def _is_drawn_out(region: Region | None) -> bool:
    """Longer than a die seen from above: a die seen at an angle (its side face shows), or two dice, one in front
    of the other, overlapping in the picture."""
    if region is None:
        return False
    (_, _), (rw, rh), _ = region.rect
    return max(rw, rh) / max(min(rw, rh), 1.0) > DRAWN_OUT_BLOB


DRAWN_OUT_BLOB = 1.25
"""Long over short side of a blob from which it may be two dice rather than one."""
ONE_DIE_AREA = 1.7
"""Area, in square die sides, up to which a squarish blob is first read as one die (larger, it is cut first)."""
CLUMP = 1.3
"""Area, in square die sides, over which a square blob may be a clump of dice rather than one: a die's own blob
fills at most its square. Dice all touching, with no die alone to tell their size, make a square blob that their
pips, which tell the size only roughly, can make look like one die (three dice of 32 px came out at 1.7 square
sides of 44 px)."""
LARGEST_CLUMP = 400.0
"""Area, in square die sides, over which a blob is no clump of dice and is not read: a game's dice all in one clump
cover a tenth of it (Rajas has 48), and dice seen up close whose size the pips told far too small made blobs of about
100. A 12-megapixel photo of 20 small dice (60 pixels) in a tray with a grainy rim, the rim taken for foreground
and the dice size for 38 pixels, cut the rim into 6,600 pieces: 4.9 s to read it, 9 phantom dice on the rim and
4 sure wrongs among the dice, against 1.2 s, 2 phantom dice and 1 sure wrong when the rim is left out. Synthetic
scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops, the up-close kinds) and their changed
copies (eval_robustness, seed 5) read as before; from 60 square sides, two Rajas dice seen up close were lost."""


def _is_squarish(contour: np.ndarray) -> bool:
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    return max(rw, rh) / max(min(rw, rh), 1.0) < 1.45


def lone_dice(mask: np.ndarray, side: float, offset: tuple[int, int], size: tuple[int, int]) -> list[Candidate]:
    """The die-sized, squarish blobs of a mask cut out of a picture of `size` at `offset`, each read whole."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=offset)
    return [
        Candidate(region_of(contour, area, False, *size), ())
        for contour in contours
        if 0.4 * side * side <= (area := cv2.contourArea(contour)) <= 2.6 * side * side and _is_squarish(contour)
    ]


def region_of(contour: np.ndarray, area: float, touching: bool, w: int, h: int) -> Region:
    x, y, bw, bh = cv2.boundingRect(contour)
    clipped = x <= 0 or y <= 0 or x + bw >= w or y + bh >= h
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    return Region(((cx, cy), (rw, rh), angle), contour, float(area), touching, clipped)


def halves(region: Region) -> tuple[Region, Region]:
    """The region cut in two across its longer side: two dice side by side that a cut left as one piece."""
    (cx, cy), (rw, rh), angle = region.rect
    turn = np.deg2rad(angle)
    if rw >= rh:
        step, size = np.array([np.cos(turn), np.sin(turn)]) * rw / 4, (rw / 2, rh)
    else:
        step, size = np.array([-np.sin(turn), np.cos(turn)]) * rh / 4, (rw, rh / 2)
    parts = []
    for sign in (-1.0, 1.0):
        rect = ((float(cx + sign * step[0]), float(cy + sign * step[1])), (float(size[0]), float(size[1])), angle)
        box = cv2.boxPoints(rect).astype(np.int32).reshape(-1, 1, 2)
        parts.append(Region(rect, box, float(size[0] * size[1]), True, region.is_clipped))
    return parts[0], parts[1]


def _watershed(contour: np.ndarray, side: float, w: int, h: int, image: np.ndarray) -> tuple[Region, ...]:
    """Touching dice parted along the image's own edges (a seam, a change of colour), from one seed per die."""
    x, y, bw, bh = cv2.boundingRect(contour)
    pad = 2
    local = np.zeros((bh + 2 * pad, bw + 2 * pad), np.uint8)
    cv2.drawContours(local, [contour - [x - pad, y - pad]], -1, 255, cv2.FILLED)
    crop = cv2.copyMakeBorder(image[y : y + bh, x : x + bw], pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    count, markers = _seeds(local, crop, side)
    if count <= 2:
        area = cv2.contourArea(contour)
        return (region_of(contour, area, False, w, h),) if area <= 2.2 * side * side else ()
    markers = markers + 1
    markers[(local > 0) & (markers == 1)] = 0  # to be flooded
    markers[local == 0] = 1
    cv2.watershed(crop, markers)
    regions = []
    for label in range(2, count + 1):
        part = (markers == label).astype(np.uint8) * 255
        found, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not found:
            continue
        piece = max(found, key=cv2.contourArea)
        area = cv2.contourArea(piece)
        if area >= 0.3 * side * side:
            regions.append(region_of(piece + [x - pad, y - pad], area, True, w, h))
    return tuple(regions)


def _seeds(local: np.ndarray, crop: np.ndarray, side: float) -> tuple[int, np.ndarray]:
    """One seed per die: the inner parts left when edges are cut out, else the peaks of the distance map."""
    edges = cv2.Canny(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), 40, 110)
    inner = cv2.bitwise_and(local, cv2.bitwise_not(cv2.dilate(edges, np.ones((3, 3), np.uint8))))
    inner = fill_holes(inner)  # the rings cut around pips close up again; only seams that cross a blob part it
    depth = max(1, int(side * 0.12))
    inner = cv2.erode(inner, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * depth + 1, 2 * depth + 1)))
    count, labels, stats, _ = components(inner)
    big = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= 0.12 * side * side]
    if len(big) >= 2:
        seeds = np.zeros_like(labels)
        for number, index in enumerate(big, 1):
            seeds[labels == index] = number
        return len(big) + 1, seeds
    distance = cv2.distanceTransform(local, cv2.DIST_L2, 5)
    peak_size = max(3, int(side * 0.5) | 1)
    dilated = cv2.dilate(distance, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (peak_size, peak_size)))
    peaks = ((distance >= dilated - 1e-3) & (distance > 0.3 * side)).astype(np.uint8)
    return cv2.connectedComponents(peaks)
