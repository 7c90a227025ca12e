"""Dice found by their pips alone: for a die whose body is the table's colour (a blue die on a navy felt), or
whose body ran into something else in the mask (a board's printed lines) so that no die was read from the blob.

Such a die leaves only its pips in the foreground mask, as specks too small to be dice, or lies in a "barren"
blob. Pips of the usual size that lie outside every die-sized blob, or on a barren blob, are grouped by distance,
and each group of two or more becomes a die-sized square to read, turned the way its pips say; a group that reads
no die there is read other ways too (see `Proposal`). A lone pip makes a square too, but only a sure 1 whose face
reaches out around the pip as a 1's does stands there (see read._lone_one): specks of texture or glints look
like a pip, but not like a die's face around one.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reader.diesize import ALIKE, PIP_MARGIN, PIP_SHARE, SPECK, pip_detector, plain_table
from vision.reader.grid import Grid
from vision.reader.patch import RotatedRect
from vision.reader.segment import Region, components
from vision.reader.shrink import area_resize

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
    polarities: Sequence[bool],
    barren: Sequence[np.ndarray] = (),
    unread: Sequence[Box] = (),
    closer: Closer | None = None,
    read_boxes: Sequence[Box] = (),
) -> list[Proposal]:
    """Die-sized squares around groups of pips of each polarity (`polarities`: True for dark pips on a light die)
    that no die-sized blob of the mask holds, or that lie on a `barren` blob (outlines of blobs of which no die was
    read: a die on a corner of a board's printed square is one blob with it, and neither the blob read whole nor
    any cut of it made a die of it). Pips are looked for only where they may be (see `_search_areas`), which
    includes around the boxes of dice found `unread`.

    A die the table's colour still leaves its pips in the mask, as specks: only around the specks and the barren
    blobs is there anything to look for, and there the table far from all foreground is made plain before looking,
    for its grain holds no pip and would cost most of the search. Pips smaller than FINE_PIP are looked for in the
    full picture, `closer`, when given.

    Light pips are looked for beside the dice read too (their boxes, `read_boxes`), on the parts of the mask those
    boxes leave over (see `_left_over`); a die proposed by such pips is a guess (see Proposal.beside), and a lone one
    is not proposed at all."""
    _, labels, stats, _ = components(mask)
    areas = _search_areas(stats, side, [*map(_box, barren), *unread], mask.shape)
    left_over = _left_over(mask, side, read_boxes, areas) if False in polarities and read_boxes else None
    if not areas and left_over is None:
        return []
    # A spot on a die-sized blob is a pip of a die found already, unless no die was read of that blob.
    die_sized = stats[:, cv2.CC_STAT_AREA] >= SPECK * side * side
    die_sized[0] = False  # the table
    spots: dict[bool, list[tuple[float, float]]] = {dark: [] for dark in polarities}
    for area in areas:
        for dark, found in _pip_sized_spots(lightness, mask, area, side, polarities, closer).items():
            spots[dark] += found
    beside: list[tuple[float, float]] = []
    if left_over is not None:
        cut_off, left_labels, specks = left_over
        for area in cut_off:
            found = _pip_sized_spots(lightness, mask, area, side, (False,), closer)[False]
            beside += [
                (x, y) for x, y in found if not die_sized[labels[int(y), int(x)]] or specks[left_labels[int(y), int(x)]]
            ]
    proposals = []
    for dark in polarities:
        pips = [(x, y) for x, y in spots[dark] if not die_sized[labels[int(y), int(x)]] or _on_any(barren, x, y)]
        for group in _groups(pips + (beside if not dark else []), GROUP_REACH * side):
            f = np.array(group, np.float32)
            by_dice = any(point in beside for point in group)
            if len(f) == 1 and not by_dice:
                proposals.append(_lone_pip(f, side, mask.shape))
            elif len(f) > 1 and (p := _proposal(f, side, mask.shape)) is not None:
                proposals.append(dataclasses.replace(p, beside=True) if by_dice else p)
    return proposals


def _left_over(
    mask: np.ndarray, side: float, read_boxes: Sequence[Box], searched: Sequence[tuple[int, int, int, int]]
) -> tuple[list[tuple[int, int, int, int]], np.ndarray, np.ndarray]:
    """What the boxes of the dice read leave over of the mask: the areas to search around its specks (those not
    `searched` already, see `_search_areas`), its labels, and which of them are specks. A die the table's colour
    touching a die of another colour (a green die on a green felt, beside an orange one) leaves its light pips in
    the mask as specks, but the mask's closing joined them to its neighbour's blob, of which a die was read, and a
    spot on such a blob was taken for a pip of that die. Cut off from the dice read, they are specks again.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11743 dice): missed
    230 -> 226, right as a guess 547 -> 550 (a green 5, blue 6s and a 4 on felts of their colour), guessed wrong
    152 -> 153 (an orange 4 half under its neighbour's box, guessed a 2), sure wrongs 51 and dice found where none
    lies 47 as they were, pictures read exactly 1291 -> 1293. Proposed as any other (not as guesses), the same dice
    came out right and sure, but that 4 a sure 2; with every spot outside the boxes of the dice read taken for a
    free pip, 12 fewer dice were missed, but 2 more were sure wrongs and 5 more were found where none lies. Dark pips
    are left out: they cost 0.9 ms a frame on the benchmark's white dice for one die more. Light pips cost about
    0.6 ms a frame on its 640x480 Rajas frames (25.6 against 25.0 ms median), and the peak memory of a 12 MP read
    grows from 4.1 to 6.3 MiB (the labels of what the dice leave over)."""
    covered = np.zeros_like(mask)
    for x, y, w, h in read_boxes:
        covered[max(0, y) : y + h, max(0, x) : x + w] = 255
    _, labels, stats, _ = components(cv2.bitwise_and(mask, cv2.bitwise_not(covered)))
    specks = stats[:, cv2.CC_STAT_AREA] < SPECK * side * side
    specks[0] = False  # the table and the dice read
    areas = [a for a in _search_areas(stats, side, (), mask.shape) if not any(_overlap(a, b) for b in searched)]
    return areas, labels, specks


@dataclass(frozen=True)
class Square:
    """A die-sized square drawn around pips, and how many."""

    region: Region
    pips: int


@dataclass(frozen=True)
class Proposal:
    """A die-sized square around a group of pips (None when they spread wider than a face), and other ways of
    reading the group when that square holds no die: pips of a neighbour, table-coloured too, near enough to join
    the group, move the square off the die or make the group too wide. Each way is one or two squares: around the
    group less one of its pips, or around each of its two halves (see `_halves`)."""

    whole: Square | None
    ways: tuple[tuple[Square, ...], ...]
    beside: bool = False
    """Whether some of the pips were found beside dice read (see `_left_over`): the face may run on under them, so
    that the pips found make a smaller value, and the die is a guess for the table to confirm."""


def _proposal(points: np.ndarray, side: float, shape: tuple[int, ...]) -> Proposal | None:
    """The proposal of a group of pips; None when neither the group nor any other way of reading it fits on faces
    (see LARGEST_FACE)."""

    def fits(p: np.ndarray) -> bool:
        return len(p) >= 2 and _extent(p) <= LARGEST_FACE * side

    def square(p: np.ndarray) -> Square:
        return Square(_square_around(p, side, shape), len(p))

    ways = [[p] for p in _less_one(points, LARGEST_FACE * side)] + [_halves(points)]
    faces = _faces(points, LARGEST_FACE * side)
    if len(faces) > 2:
        ways.append(faces)
    squares = tuple(tuple(square(p) for p in way if fits(p)) for way in ways if any(fits(p) for p in way))
    whole = square(points) if fits(points) else None
    return Proposal(whole, squares) if whole is not None or squares else None


def _lone_pip(point: np.ndarray, side: float, shape: tuple[int, ...]) -> Proposal:
    """The proposal of a lone free pip: a 1, perhaps, whose body the mask left out (a white 1 on a pale carpet, a
    green 1 on a green felt). Only a sure 1 whose face reaches out around the pip stands there (see
    read._lone_one).

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11743 dice): 8 such
    1s missed came out right and sure (two tray dice, three Rajas, three composites), nothing else changed; their
    changed copies (benchmarks/eval_robustness.py, seed 5, nine changes): 19 more right, one sure 1 where no die lies
    (a frame of blurred 4s under flat light, already read as 1s). Empty synthetic tables (40 each of felt, wood and
    tray) show what they showed before; the real photos read alike."""
    return Proposal(Square(_square_around(point, side, shape), 1), ())


def _less_one(points: np.ndarray, widest: float) -> list[np.ndarray]:
    """The group less each of its pips in turn, those no wider than `widest` (see `_extent`; none for two pips: one
    pip alone is no die). A pip inside the group's convex hull leaves the hull, and so the group's extent, as they
    are: it is measured again only without a corner of the hull (a board checkered in squares a ninth of a die made
    a group of 11,000 spots)."""
    if len(points) < 3:
        return []
    if len(points) <= HULL_FROM:
        return [p for p in (np.delete(points, i, axis=0) for i in range(len(points))) if _extent(p) <= widest]
    whole = _extent(points)
    corners = set(cv2.convexHull(points, returnPoints=False).ravel().tolist())
    less = (np.delete(points, i, axis=0) for i in range(len(points)) if i in corners or whole <= widest)
    return [p for p in less if _extent(p) <= widest]


def _halves(points: np.ndarray) -> list[np.ndarray]:
    """The group parted across its longest direction where its pips lie farthest apart along it (the faces of two
    dice side by side); none for fewer than four pips."""
    if len(points) < 4:
        return []
    centred = points - points.mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    along = centred @ axes[0]
    order = np.argsort(along, kind="stable")
    cut = int(np.argmax(np.diff(along[order]))) + 1
    return [points[order[:cut]], points[order[cut:]]]


def _faces(points: np.ndarray, widest: float, depth: int = 0) -> list[np.ndarray]:
    """The group parted again and again as `_halves` parts it, each part parted until it is no wider than a face
    (`widest`, see `_extent`): the faces of a clump of dice the table's colour, three or more, whose pips make one
    group too wide for the group less a pip or its two halves (a part of one pip is no die: a 1 there stays unfound).

    Synthetic 12 MP photos of black dice with white pips on a dark tray (seeds 101-110, as in
    tests/test_vision_reader_table_coloured_clumps.py): 55 of 293 dice missed -> 37, right 228 -> 245 (most of them
    as guesses: the dice's bodies hardly stand apart from the tray, see BODY_STEP), sure wrongs 8 as they were. The
    synthetic scenes of the ten seeds and composites (benchmarks/eval_seeds.py) read as they did; their changed copies
    (eval_robustness, seed 5): 2 dice more right under bright light, nothing else changed; the real photos alike."""
    if _extent(points) <= widest or len(points) < 2 or depth >= FACES_DEPTH:
        return [points]
    centred = points - points.mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    along = centred @ axes[0]
    order = np.argsort(along, kind="stable")
    cut = int(np.argmax(np.diff(along[order]))) + 1
    return _faces(points[order[:cut]], widest, depth + 1) + _faces(points[order[cut:]], widest, depth + 1)


FACES_DEPTH = 6
"""How many times a group of pips is parted at most (see `_faces`): up to 64 faces."""


TWICE_FOUND = 0.75
"""Distance between two spots, in the larger one's diameters, under which they are one pip found twice."""
Closer = Callable[[tuple[int, int, int, int], float], np.ndarray | None]
"""The lightness of a box (x0, y0, x1, y1) of the analysis picture taken from the full picture, about `factor`
times as many pixels across; None when the full picture has too few more pixels to be worth it."""
LEAST_GAIN = 1.5
"""Least gain in pixels across for which pips are looked for in the full picture (see FINE_PIP)."""
FINE_PIP = 12.0
"""Pip diameter, in pixels, aimed for when looking for pips (the full picture permitting): the blob detector
loses pips of three or four pixels, which a die the table's colour has on a 1280x720 frame scaled down."""


def full_picture(image: np.ndarray, scale: float) -> Closer:
    """The `Closer` of a BGR picture whose analysis picture is scaled by `scale`."""
    return functools.partial(_lightness_closer, image, scale)


def _lightness_closer(
    image: np.ndarray, scale: float, area: tuple[int, int, int, int], factor: float
) -> np.ndarray | None:
    x0, y0, x1, y1 = area
    factor = min(factor, 1.0 / scale)
    if factor < LEAST_GAIN:
        return None
    crop = image[int(y0 / scale) : int(math.ceil(y1 / scale)), int(x0 / scale) : int(math.ceil(x1 / scale))]
    step = int(1.0 / (scale * factor))
    if step >= 2:
        # A photo shrunk twice or more: by a whole number, halving first (see shrink.area_resize; one step took 55 ms
        # on a 12 MP photo whose specks spread over all of it).
        crop = crop[: crop.shape[0] - crop.shape[0] % step, : crop.shape[1] - crop.shape[1] % step]
        shrunk = area_resize(crop, (crop.shape[1] // step, crop.shape[0] // step))
    else:
        size = (round((x1 - x0) * factor), round((y1 - y0) * factor))
        shrunk = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.cvtColor(shrunk, cv2.COLOR_BGR2Lab)[:, :, 0])


def _pip_sized_spots(
    lightness: np.ndarray,
    mask: np.ndarray,
    area: tuple[int, int, int, int],
    side: float,
    polarities: Sequence[bool],
    closer: Closer | None = None,
) -> dict[bool, list[tuple[float, float]]]:
    """Centres of pip-sized round spots of each polarity inside `area` (x0, y0, x1, y1), the table far from all
    foreground made plain first; looked for `closer` where the pips are small (see FINE_PIP)."""
    x0, y0, x1, y1 = area
    expected = side * PIP_SHARE
    region, inside, factor = lightness[y0:y1, x0:x1], mask[y0:y1, x0:x1], 1.0
    closer_region = closer(area, FINE_PIP / expected) if closer is not None and expected < FINE_PIP else None
    if closer_region is not None:
        region, factor = closer_region, closer_region.shape[1] / (x1 - x0)
        inside = cv2.resize(inside, (region.shape[1], region.shape[0]), interpolation=cv2.INTER_NEAREST)
    plain = plain_table(region, inside, round(PIP_MARGIN * factor))
    spots = {}
    for dark in polarities:
        keys = [
            key
            for key in pip_detector(0 if dark else 255).detect(plain)
            if expected / SMALL_PIP <= key.size / factor <= expected * ALIKE
        ]
        spots[dark] = [(float(key.pt[0] / factor + x0), float(key.pt[1] / factor + y0)) for key in _one_per_pip(keys)]
    return spots


def _one_per_pip(keys: Sequence[cv2.KeyPoint]) -> list[cv2.KeyPoint]:
    """The spots less those that lie on a larger one (see TWICE_FOUND): a pip the detector found as two halves. Two
    pips of a face lie about a pip's width apart or more (see faceset.CROWDED)."""
    ordered = sorted(keys, key=lambda k: -k.size)
    # A spot lies on a kept one only within TWICE_FOUND of the largest: only the kept spots that near are measured.
    grid = Grid(TWICE_FOUND * ordered[0].size if ordered else 1.0)
    kept: list[cv2.KeyPoint] = []
    for key in ordered:
        near = (kept[i] for i in grid.around(*key.pt))
        if all(math.hypot(key.pt[0] - k.pt[0], key.pt[1] - k.pt[1]) >= TWICE_FOUND * k.size for k in near):
            grid.add(len(kept), *key.pt)
            kept.append(key)
    return kept


def _square_around(points: np.ndarray, side: float, shape: tuple[int, ...]) -> Region:
    """A die-sized square around a face's pips, turned the way they say."""
    cx, cy = points.mean(axis=0)
    rect = ((float(cx), float(cy)), (side, side), _face_angle(points))
    box = cv2.boxPoints(rect).astype(np.int32).reshape(-1, 1, 2)
    x, y, bw, bh = cv2.boundingRect(box)
    clipped = x <= 0 or y <= 0 or x + bw >= shape[1] or y + bh >= shape[0]
    return Region(rect, box, side * side, False, clipped)


def _search_areas(
    stats: np.ndarray, side: float, near: Sequence[Box], shape: tuple[int, ...]
) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1) around the specks of the mask (its blobs too small to be dice) and the boxes
    `near` (x, y, w, h: barren blobs, dice found unread), each widened by a die side, those that overlap made one;
    none when there is nothing to widen (the usual frame, every blob a die read). A free pip lies on a speck or a
    barren blob, or on the table beside them or beside a die found unread (the light pips of a die at the edge of
    its blob, which the mask left out). Boxes apart are searched apart: one box around them all held most of a
    frame whose specks lay far apart, and its search cost several milliseconds once made in the full picture."""
    small = stats[1:][stats[1:, cv2.CC_STAT_AREA] < SPECK * side * side]
    margin = int(np.ceil(side))
    areas = [
        (max(0, x - margin), max(0, y - margin), min(shape[1], x + w + margin), min(shape[0], y + h + margin))
        for x, y, w, h in [tuple(int(v) for v in box[:4]) for box in small] + list(near)
    ]
    merged: list[tuple[int, int, int, int]] = []
    while areas:
        area = areas.pop()
        overlapping = [a for a in merged + areas if _overlap(a, area)]
        if not overlapping:
            merged.append(area)
            continue
        merged = [a for a in merged if a not in overlapping]
        areas = [a for a in areas if a not in overlapping]
        areas.append(_union([area, *overlapping]))
    return sorted(merged)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(areas: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    return min(a[0] for a in areas), min(a[1] for a in areas), max(a[2] for a in areas), max(a[3] for a in areas)


def _box(outline: np.ndarray) -> Box:
    x, y, w, h = cv2.boundingRect(outline)
    return x, y, w, h


def _on_any(outlines: Sequence[np.ndarray], x: float, y: float) -> bool:
    return any(cv2.pointPolygonTest(outline, (x, y), False) >= 0 for outline in outlines)


def _groups(points: list[tuple[float, float]], reach: float) -> list[list[tuple[float, float]]]:
    """Points joined into groups: two points within `reach` of each other are in the same group. Each point in turn
    joins the groups it reaches into one, made last, its own pips first: a group is known by the turn that made it,
    the point's own group when it joined none, and the groups come in that order."""
    grid = Grid(reach)  # only the points that near are measured
    xs, ys = np.array([x for x, _ in points], np.float64), np.array([y for _, y in points], np.float64)
    groups: dict[int, list[tuple[float, float]]] = {}
    joined: dict[int, int] = {}  # a group joined into a later one: the later one
    for turn, point in enumerate(points):
        around = np.array(grid.around(*point), np.intp)
        reached = around[np.hypot(point[0] - xs[around], point[1] - ys[around]) <= reach]
        near = {_latest(joined, i) for i in reached.tolist()}
        groups[turn] = [point] + [q for g in sorted(near) for q in groups.pop(g)]
        joined.update((g, turn) for g in near)
        grid.add(turn, *point)
    return [groups[turn] for turn in sorted(groups)]


def _latest(joined: dict[int, int], group: int) -> int:
    """The group a group was last joined into (itself if none); the groups on the way are pointed at it."""
    latest = group
    while latest in joined:
        latest = joined[latest]
    while group != latest:
        joined[group], group = latest, joined[group]
    return latest


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
    """The largest distance between two of the points (float32, as found): between two corners of their convex hull,
    the only pairs measured once there are more points than HULL_FROM."""
    if len(points) >= HULL_FROM:
        points = cv2.convexHull(points).reshape(-1, 2)
    gaps = points[:, None, :] - points[None, :, :]
    return float(np.hypot(gaps[..., 0], gaps[..., 1]).max())


HULL_FROM = 8
"""Count of points from which their extent is measured across their convex hull only: the farthest two points are
two of its corners, and every pair of a group of n points, for each of its n ways less one pip (see `_proposal`),
costs n cubed. A speckled stone table photographed at 12 megapixels made one group of 1,347 spots: 31 s in
`_extent`, a tenth of a second so. A face has six pips at most, a group of seven its own and a neighbour's: those
are measured whole, as before."""


BODY_STEP = 3.0
"""Least step in median lightness between the middle of a square of free pips and the table around it for a die read
there to be sure. Printed dots, or a cloth's pattern, hold pips in a square that differs from the table around it in
nothing else; a die the table's colour still stands apart by a few levels (its sheen, its shade). On the evaluation
sets, 61 of the 62 dice read right from free pips stand 4 or more apart; on 1500 white dots printed on grey, every
false die read stood 0 apart."""
_MIDDLE, _AROUND = 0.8, (1.25, 1.8)
"""The square's middle, and the ring of table around it, in square sides (see `body_step`)."""


def body_step(lightness: np.ndarray, rect: RotatedRect) -> float:
    """How far the middle of a square (`rect`, analysis pixels) lies from the table around it in median lightness."""
    (cx, cy), (w, h), angle = rect

    def box(share: float) -> np.ndarray:
        return cv2.boxPoints(((cx, cy), (w * share, h * share), angle)).astype(np.int32)

    x, y, bw, bh = cv2.boundingRect(box(_AROUND[1]))
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(lightness.shape[1], x + bw), min(lightness.shape[0], y + bh)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    middle = np.zeros((y1 - y0, x1 - x0), np.uint8)
    ring = np.zeros_like(middle)
    offset = np.array([x0, y0], np.int32)
    cv2.fillPoly(middle, [box(_MIDDLE) - offset], 255)
    cv2.fillPoly(ring, [box(_AROUND[1]) - offset], 255)
    cv2.fillPoly(ring, [box(_AROUND[0]) - offset], 0)
    area = lightness[y0:y1, x0:x1]
    inside, around = area[middle > 0], area[ring > 0]
    if not inside.size or not around.size:
        return 0.0
    return float(abs(np.median(inside) - np.median(around)))
