"""The table and what stands out from it: the foreground mask the dice are looked for in.

The table is learnt from the image border (clustered in CIELAB); everything far enough from every table
colour is foreground.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.reader.chroma import CHROMA_UNIT, chromaticity_of, is_coloured
from vision.reader.lamp_spot import keeps_dice, lamp_spots
from vision.reader.segment import components, fill_holes


def background_centres(lab: np.ndarray) -> np.ndarray:
    """Lab colours of the table: clusters that dominate the image border, or much of the whole image (see
    TABLE_SHARES).

    The border gives the table around a tray; the largest cluster gives the floor of a tray that fills the
    picture (dice never cover most of it).
    """
    h, w = lab.shape[:2]
    step = max(1, int(np.sqrt(h * w / 2000)))
    inner = lab[::step, ::step].reshape(-1, 3)
    band = max(2, min(h, w) // 25)
    edges = (lab[:band:2, ::3], lab[-band::2, ::3], lab[::3, :band:2], lab[::3, -band::2])
    border = np.concatenate([edge.reshape(-1, 3) for edge in edges])
    sample = np.concatenate([inner, border]).astype(np.float32)
    k = min(5, len(sample))
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 12, 1.0)
    cv2.setRNGSeed(20261121)  # k-means++ draws its first centres at random: the same image must read the same
    _, labels, centres = cv2.kmeans(sample, k, np.zeros((len(sample), 1), np.int32), criteria, 1, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    overall = np.bincount(labels[: len(inner)], minlength=k) / len(inner)
    on_border = np.bincount(labels[len(inner) :], minlength=k) / max(1, len(border))
    border_share, floor, (split, split_border) = TABLE_SHARES
    bordering = on_border >= border_share
    # How far each cluster's hue (a*, b*) lies from the nearest of the border's colours: a table's two grain colours
    # differ in lightness, hardly in hue.
    hue_gap = np.abs(centres[:, None, 1:] - centres[None, bordering, 1:]).sum(axis=2).min(axis=1, initial=np.inf)
    split_off = (overall >= split) & (on_border >= split_border) & (hue_gap <= SPLIT_HUE)
    return np.asarray(centres[bordering | (overall >= floor) | split_off], np.float32)


TABLE_SHARES = (0.15, 0.4, (0.3, 0.04))
"""When a colour cluster is table: from this share of the image's border; from this share of the whole image (the
floor of a tray that fills the picture, its rim on the border); or from a share of the whole image that also shows on
the border a little (a table whose colours fell into two clusters, the light and the dark of a wood's grain).

A cluster on a third of the image that never reaches its border is no table but dice seen close up: two to five
white dice 120 to 250 pixels wide in a 640x480 frame covered 0.30 to 0.35 of it and 0.00 to 0.01 of its border, and
were taken for the table. Synthetic webcam-up-close frames (dice 90 to 250 pixels a side; seeds 5, 7, 11, 17, 19,
31, 41, 43, 97, 2026, 480 dice): right and sure 400 -> 463, missed 67 -> 7, frames read exactly 171 -> 196 of 200;
`python benchmarks/eval_synthetic.py --kinds webcam-up-close` (seed 7): exact 0.750 -> 1.000. On the other synthetic
sets the clusters that no border chose covered 0.50 to 0.78 of trays and composites, and 0.30 to 0.44 of webcam and
Rajas frames with 0.05 to 0.14 of their border: every picture reads as it did, their changed copies
(benchmarks/eval_robustness.py) and the real photos too. Dice covering 0.4 of a frame are still taken for the
table; so are dice reaching its border in a hue near the border's (see SPLIT_HUE)."""
SPLIT_HUE = 10.0
"""Largest gap in hue (|a*| + |b*| apart, 8-bit Lab) between a cluster chosen as the table's second colour (by
TABLE_SHARES' last pair) and the nearest colour of the border. The light and dark of a wood's grain, or of a cloth's,
lay 0.4 to 8.1 apart on the synthetic sets (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, 68 such pictures); dice seen
up close that reach the frame's border, 11.6 (ivory on a light wood) and 67 (green on grey). Those two frames' six
dice came out right and nothing else changed on any synthetic set, nor on their changed copies but for two guesses
that came out right (from 8, a wood's darker grain was taken for dice). On the real photos (crops of one die on a
felt), value accuracy is as it was: a 1 read as a guessed 2 came out right and sure, a 4 guessed right became a
wrong guess."""


def foreground_mask(lab: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Pixels far from every table colour (uint8 0/255), cleaned and with holes (pips) filled.

    A pixel is table when it is near one table colour both in Lab and in chromaticity (a*, b* divided by
    lightness): a shadow on the table keeps the table's chromaticity, while a grey or white die in shade,
    as dark as the wood around it, has none of the wood's hue. On a coloured table, being darker than it
    hardly counts (see SHADOW_RELIEF). The level is Otsu's, kept between 22 and 35 so that one large
    object (a hand) does not raise it above darker dice; squares that stand out only faintly are added
    (see `_faint_squares`).
    """
    planes = cv2.split(lab)
    chromaticity = _chromaticity(planes)
    distance = _table_distance(planes, chromaticity, centres)
    if distance is None:
        return np.zeros(lab.shape[:2], np.uint8)
    unfilled = cleaned(distance, level_of(distance), fill=False)
    rings = _ring_colours(lab, unfilled)
    rim = None if rings is None else _table_distance(planes, chromaticity, rings)
    if rim is not None:  # a tray's rim: its colour is table too, or the whole floor inside it would be filled
        distance = cv2.min(distance, rim)
        unfilled = cleaned(distance, level_of(distance), fill=False)
    spots, clipped = lamp_spots(lab, unfilled, centres)
    lit = None if spots is None else _table_distance(planes, chromaticity, spots)
    if lit is not None:  # the lamp's reflection on a coloured table: table too, or it is cut into phantom dice
        distance = cv2.min(distance, lit)
        unfilled = cleaned(distance, level_of(distance), fill=False)
    lit = None if clipped is None else _table_distance(planes, chromaticity, clipped)
    if lit is not None:  # the same, clipped: table too unless the dice have its colour (see lamp_spot.CLIPPED_SPOT)
        trial = cv2.min(distance, lit)
        kept = cleaned(trial, level_of(trial), fill=False)
        if keeps_dice(unfilled, kept):
            distance, unfilled = trial, kept
    mask = fill_holes(unfilled)
    return mask | _faint_squares(distance, mask)


def _table_distance(
    planes: Sequence[np.ndarray], chromaticity: tuple[np.ndarray, np.ndarray], centres: np.ndarray
) -> np.ndarray | None:
    """Each pixel's distance from the nearest table colour (None without table colours), given the L, a, b
    planes."""
    distance: np.ndarray | None = None
    for centre in np.clip(np.round(centres), 0, 255):
        one = _distance_to(planes, chromaticity, centre)
        distance = one if distance is None else cv2.min(distance, one)
    return distance


def level_of(distance: np.ndarray) -> float:
    """Otsu's level on the distance map (or on any array of distances), kept between 22 and 35."""
    level, _ = cv2.threshold(distance.reshape(distance.shape[0], -1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return min(max(level, LOWEST_LEVEL), 35.0)


LOWEST_LEVEL = 22.0
"""Distance from a table colour under which a pixel is always table."""


def distance_from(lab: np.ndarray, centres: np.ndarray) -> np.ndarray | None:
    """Each pixel's distance (8 bits) from the nearest of the given Lab colours, as the mask measures it."""
    planes = cv2.split(lab)
    return _table_distance(planes, _chromaticity(planes), centres)


SHADOW_RELIEF = 0.85
"""Share of the lightness distance forgiven to pixels darker than a coloured table: its shadows keep its
chromaticity, which the chromaticity distance checks. On a grey or white table a shadow and a dark die
differ only in lightness, so there it all counts."""


def _distance_to(
    planes: Sequence[np.ndarray], chromaticity: tuple[np.ndarray, np.ndarray], centre: np.ndarray
) -> np.ndarray:
    """Each pixel's distance from one table colour, in 8 bits (scaled by 0.8 as it is built).

    City-block distance in Lab, lightness weighted less since it varies more across a table than colour
    does, and at least the distance in chromaticity. Every step is an OpenCV call: this runs on every
    frame. The chromaticity's weighted distance is looked up per channel and summed in float32, which is
    what cv2.transform did with the two channels, to the last bit, in under half its time. The Lab distance
    is one weighted sum of 16-bit planes (the a and b gaps added first): what cv2.transform gave for every
    possible triple of gaps, in half its time.
    """
    l_c, a_c, b_c = (float(v) for v in centre)
    lightness, a, b = planes
    weight = 0.6 * 0.8
    one = cv2.convertScaleAbs(
        cv2.addWeighted(_gap(lightness, l_c), weight, cv2.add(_gap(a, a_c), _gap(b, b_c)), 0.8, 0)
    )
    own = chromaticity_of(centre)
    if is_coloured(own):
        darker = cv2.subtract(np.full(lightness.shape, l_c, np.uint8), lightness)
        one = cv2.subtract(one, cv2.convertScaleAbs(darker, alpha=weight * SHADOW_RELIEF))
    gain = 0.8 * CHROMA_GAIN * l_c / CHROMA_UNIT
    first, second = (cv2.LUT(plane, _weighted_gaps(gain, v)) for plane, v in zip(chromaticity, own, strict=True))
    return np.asarray(cv2.max(one, cv2.add(first, second, dtype=cv2.CV_8U)), np.uint8)


def _gap(plane: np.ndarray, value: float) -> np.ndarray:
    """How far each 8-bit value lies from `value`, as 16 bits (to be summed without saturating)."""
    return np.asarray(cv2.absdiff(plane, value), np.uint8).astype(np.uint16)  # type: ignore[call-overload, unused-ignore]


_LEVELS = np.arange(256, dtype=np.float32)


def _weighted_gaps(gain: float, centre: float) -> np.ndarray:
    """For each 8-bit value, its distance from `centre` times `gain`, rounded to float32 as OpenCV does."""
    return np.float32(gain) * np.abs(_LEVELS - np.float32(centre))


FAINT_LEVEL = 18.0
"""A lower distance at which a die nearly the table's colour (a dark die on a dark felt) may still stand out."""


def _faint_squares(distance_map: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Die-like squares that stand out from the table only faintly, and that the mask leaves (nearly) out.

    Only squares are taken, smaller than a twentieth of the picture: grain or a shadow at that level is
    ragged, and a pip or two of a dark die already in the mask do not make it known. A square is left out when
    one piece of the mask already covers 0.4 of it, not when the mask's bits in it add up to that: a grey-white
    die in dim light, its top face at the mask's level, was in the mask as its two side faces in shade and its
    pip, three fragments none of which could be read, and was missed. Synthetic scenes: that die (a 1, fresh
    webcam seed 17) came out right; nothing else changed on any set, held out or tuned on, nor on the real
    photos. Counting the sum up to 0.6 instead found it too, but added halos around dice already in the mask:
    two Rajas dice read right became unread and a missed 1 became a sure 2.
    """
    faint = cleaned(distance_map, FAINT_LEVEL, fill=False)
    # Each part of the faint mask, its holes filled, is the filled outline found for it: counted from that, it needs
    # no labelling of the whole picture. The outer outlines of a mask are those of the mask with its holes filled
    # (the same borders, traced alike), so it is not filled first: 0.2 to 0.5 of this function's 1.2 CPU ms on a
    # 640x480 frame (a shared machine), every outline and so every square as it was (3,000 random masks, 136,501
    # outlines alike; benchmarks/reading_snapshot.py: no reading changed).
    outlines, _ = cv2.findContours(faint, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    added = np.zeros_like(mask)
    for outline in outlines:
        x, y, w, h = cv2.boundingRect(outline)
        if w * h < 30 or max(w, h) > 2.1 * min(w, h):
            continue  # too small; or no square lies in so long a box, whatever its angle
        part = np.zeros((h, w), np.uint8)
        cv2.drawContours(part, [outline], -1, 255, cv2.FILLED, offset=(-x, -y))
        area = cv2.countNonZero(part)
        if not 30 <= area <= 0.05 * faint.size:
            continue
        covered = cv2.bitwise_and(mask[y : y + h, x : x + w], part)
        # No piece is larger than all of them: labelling is needed only where they add up to enough.
        if cv2.countNonZero(covered) > 0.4 * area and _largest_piece(covered) > 0.4 * area:
            continue  # (nearly) in the mask already
        found, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(found, key=cv2.contourArea)
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        if max(rw, rh) / max(min(rw, rh), 1.0) < 1.45 and cv2.contourArea(contour) >= 0.7 * rw * rh:
            cv2.bitwise_or(added[y : y + h, x : x + w], part, dst=added[y : y + h, x : x + w])
    return added


def _largest_piece(binary: np.ndarray) -> int:
    """The area of the largest 8-connected part of a binary picture (0 when it is empty)."""
    count, _, stats, _ = components(binary)
    return int(stats[1:, cv2.CC_STAT_AREA].max()) if count > 1 else 0


def cleaned(distance_map: np.ndarray, level: float, fill: bool = True) -> np.ndarray:
    """The distance map thresholded at `level`, opened, closed and (unless told not to) with holes filled."""
    _, mask = cv2.threshold(distance_map, level, 255, cv2.THRESH_BINARY)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
    return fill_holes(mask) if fill else mask


CHROMA_GAIN = 2.0
"""Weight of a change of chromaticity (a*, b* brought to the table colour's lightness) against one of Lab."""


def _chromaticity(planes: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """a*, b* divided by lightness (shadows leave it alone), as two 8-bit planes centred on 128, from the L, a,
    b planes (cv2.split's planes come far quicker than numpy's strided copies)."""
    # A 16-bit divisor like the dividend spares cv2.divide its slow path through mixed types (the quotients
    # are the same).
    lightness, a, b = planes
    floor = np.asarray(cv2.max(lightness, 30), np.int16)  # type: ignore[call-overload, unused-ignore]
    relatives = []
    for channel in (a, b):
        chroma = cv2.subtract(channel, 128, dtype=cv2.CV_16S)  # type: ignore[call-overload, unused-ignore]
        relative = cv2.divide(chroma, floor, scale=CHROMA_UNIT, dtype=cv2.CV_16S)
        relatives.append(cv2.add(relative, 128, dtype=cv2.CV_8U))  # type: ignore[call-overload, unused-ignore]
    return relatives[0], relatives[1]


LARGEST_HOLE = 0.1
"""Share of the picture above which a hole in the foreground is no pip: the floor of a tray inside its rim."""


def _ring_colours(lab: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    """The Lab colour of each part of the foreground that rings a hole too large to be a pip (a tray's rim,
    a frame round a board): table, not dice, though it is not at the picture's border. None if there is none.
    """
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return None
    # With RETR_CCOMP, a contour with a parent is a hole of that parent, an outer contour.
    limit = LARGEST_HOLE * mask.size
    rings = {
        int(link[3])
        for c, link in zip(contours, hierarchy[0], strict=True)
        if link[3] >= 0 and cv2.contourArea(c) >= limit
    }
    if not rings:
        return None
    _, labels = cv2.connectedComponents(mask)
    colours = []
    for ring in rings:
        x, y = contours[ring][0, 0]
        colours.append(np.median(lab[labels == labels[y, x]], axis=0))
    return np.array(colours, np.float32)
