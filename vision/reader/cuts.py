"""Reading the ways of cutting a clump of dice (see segment.py): each way's pieces read in turn until one way
settles the clump, and a piece two dice long that reads no sure value read again as its two halves."""

from __future__ import annotations

import math

import numpy as np

from vision.reader import segment
from vision.reader.found import APART, Found, apart, by_sureness, has_value, is_sure
from vision.reader.region import read_region

DIE_SIZED = 1.35
"""Longest side, in die sides, of a piece that holds one die (a larger one may hold two, read as one)."""


def read_cuts(
    image: np.ndarray, ways: tuple[tuple[segment.Region, ...], ...], scale: float, side: float
) -> list[list[Found | None]]:
    """The ways of cutting a blob read in turn (the watershed's first) until one settles the blob (see
    `_settles`): reading the others too would only read the same dice again, and that was most of the time
    spent on a clump of dice."""
    cuts: list[list[Found | None]] = []
    for index, way in enumerate(ways):
        cut: list[Found | None] = []
        points = tuple(part.rect[0] for part in way)
        for at, part in enumerate(way):
            others = siblings(points, at)
            piece = read_region(image, part, scale, side, is_piece=True, siblings=others)
            cut += halved(image, part, piece, others, scale, side)
        cuts.append(cut)
        if _settles(cut, way, ways[index + 1 :], scale, side):
            break
    return cuts


def halved(
    image: np.ndarray,
    part: segment.Region,
    found: Found | None,
    siblings: tuple[tuple[float, float], ...],
    scale: float,
    side: float,
) -> list[Found | None]:
    """A piece's reading (`found`, the piece read beside its `siblings`' centres); or, for a piece about two dice
    long and one wide (TWO_DICE) that reads no sure value, the dice read in its two halves, when both read a value
    and one of them surely (a guess stays a guess). A piece is a cut's, or a part of a clump its cuts left over.
    Two dice side by side, seen slightly at an angle, can be left as one piece by every way of cutting their clump:
    the watershed found no seam between them and the grid's cells fell across both (an ivory 3 above a white 6).

    Synthetic scenes: on the sets tuned on (seeds 5, 7, 11, 17, 19, 41, 97, 2026, composites of real crops), right
    7352 -> 7369 of 8063 dice, sure wrongs 53 -> 51, missed 215 -> 208, no set worse; on their perturbed copies
    (dim, dark, flat, noise, JPEG, soft, warm), right 12521 -> 12549 of 13684, sure wrongs 92 -> 90; on fresh seeds
    (31, 43), 1498 -> 1501 of 1630, no new wrong. The real photos read alike. Halves read only when both are sure
    found a few dice fewer; pieces from 1.5 or 1.6 die sides long found a few more, but as sure wrongs. Parts
    left over read so too: 2 more dice right (a 2 and a 4 of one clump), nothing else changed."""
    if is_sure(found):
        return [found]
    (_, _), (rw, rh), _ = part.rect
    if not (TWO_DICE[0] * side <= max(rw, rh) <= TWO_DICE[1] * side and min(rw, rh) <= DIE_SIZED * side):
        return [found]
    first, second = segment.halves(part)
    read = [
        read_region(image, half, scale, side, is_piece=True, siblings=(*siblings, other.rect[0]))
        for half, other in ((first, second), (second, first))
    ]
    return list(read) if all(has_value(one) for one in read) and any(is_sure(one) for one in read) else [found]


TWO_DICE = (1.7, 2.4)
"""Shortest and longest side, in die sides, of a piece that may hold two dice side by side (see `halved`); its
shorter side is at most DIE_SIZED."""


def siblings(points: tuple[tuple[float, float], ...], at: int) -> tuple[tuple[float, float], ...]:
    """The centres of a way of cutting's pieces (`points`) but the one `at` that index: its siblings (see
    region.read_region). Taken as slices of the centres made once: picked out piece by piece, a way of 7,000 pieces
    (the grainy rim of a tray, its die size taken too small) spent 1.5 of its 6.4 seconds on them."""
    return points[:at] + points[at + 1 :]


def _settles(
    cut: list[Found | None],
    way: tuple[segment.Region, ...],
    rest: tuple[tuple[segment.Region, ...], ...],
    scale: float,
    side: float,
) -> bool:
    """Whether a way of cutting, once read, leaves nothing for the ways not read yet: each of its pieces is one
    sure die of about the usual size, apart from the others, and every piece of the other ways lies on one of
    its dice, so that their readings would be left out anyway. Another way may still read the same dice a
    little more surely, with about the same boxes and values."""
    sure = [one for one in cut if is_sure(one)]
    if len(sure) < len(cut) or any(part.side > DIE_SIZED * side for part in way):
        return False
    if len(apart(by_sureness(sure), APART[0])) < len(sure):
        return False
    return all(_lies_on(part, sure, scale) for other in rest for part in other)


def _lies_on(region: segment.Region, dice: list[Found], scale: float) -> bool:
    """Whether the region's centre lies on one of the dice, within APART[0] of its side from its centre, as
    `found.apart` sees it but for a die's `Found.lies_at` (so its reading would be left out). Measured from
    `lies_at` too, the sets read alike (one die more right, one more found where none lies; on their perturbed
    copies one more right and three more found where none lies)."""
    (cx, cy), _, _ = region.rect
    x, y = cx / scale, cy / scale
    return any(math.hypot(x - one.die.center[0], y - one.die.center[1]) <= APART[0] * one.side for one in dice)
