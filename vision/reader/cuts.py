"""Reading the ways of cutting a clump of dice (see segment.py): each way's pieces read in turn until one way
settles the clump, and a piece two dice long that reads no sure value read again as its two halves, as is a blob
too short for two dice seen from above that holds two seen at an angle."""

from __future__ import annotations

import math

import numpy as np

from vision.palette import LIGHTNESS
from vision.reader import segment
from vision.reader.colour import patch_feature
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


def side_by_side(image: np.ndarray, blob: segment.Region, scale: float, side: float) -> list[Found]:
    """The two dice of a blob taken for one die that reads no value and that no way of cutting parted: two dice side by
    side seen at an angle, their top faces touching in a row and their side faces in one band beside them, make a blob
    only about 1.4 die sides long and one across (SIDE_BY_SIDE; a die's side takes in its side faces seen so). Its two
    halves are read as two pieces, and kept when both read a value, one of them surely, and both are lit alike
    (LIT_ALIKE): one die seen well off the camera's axis makes such a blob too, its side face as large as its top, and
    its halves may read two values (a 2 and its side face's 1, sure), but a side face turned from the light is darker
    than the top; two top faces side by side are lit alike. None otherwise.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops; 11,743 dice): right 10561
    -> 10569 (a 4 and a 1, two 6s, a 2 and a 4 twice, each pair shown as one die unread or missed), wrong guesses 153 ->
    151, pictures read exactly 1300 -> 1304, nothing lost; without the lighting test a die and its side face also came
    out as a 2 and a sure 1 where none lies. From 1.15 die sides, a Rajas die came out twice. On their changed copies
    (eval_robustness, seed 5, nine changes) right +10, missed -5, unread -5, no wrong more; with blobs up to 1.35 die
    sides across, a clump of three Rajas dice was read as two, one of them a sure wrong 2. The up-close kinds and the
    real photos read as they did."""
    (_, _), (rw, rh), _ = blob.rect
    if not (SIDE_BY_SIDE[0] * side <= max(rw, rh) <= TWO_DICE[1] * side and min(rw, rh) <= SIDE_BY_SIDE[1] * side):
        return []
    first, second = segment.halves(blob)
    read = [
        read_region(image, half, scale, side, is_piece=True, siblings=(other.rect[0],))
        for half, other in ((first, second), (second, first))
    ]
    pair = [one for one in read if has_value(one)]
    if len(pair) < 2 or not any(is_sure(one) for one in pair) or not _lit_alike(pair):
        return []
    return pair


SIDE_BY_SIDE = (1.25, 1.2)
"""Shortest long side, and longest short side, in die sides, of a blob read as two dice side by side (see
`side_by_side`): two dice so seen made blobs 1.37 to 1.49 long and 0.97 to 1.12 across; a clump of three, 1.68
by 1.25."""
LIT_ALIKE = 0.85
"""Least lightness of the darker of two halves, as a share of the lighter's, for them to be two top faces."""


def _lit_alike(pair: list[Found]) -> bool:
    """Whether two dice read in a blob's halves have bodies about as light (see `side_by_side`)."""
    features = [patch_feature(one.patch) for one in pair]
    lightness = sorted(float(feature[LIGHTNESS]) for feature in features if feature is not None)
    return len(lightness) == 2 and lightness[0] >= LIT_ALIKE * lightness[1]


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
