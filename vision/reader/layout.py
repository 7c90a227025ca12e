"""Where pips sit on a face: the six standard layouts, fitted to the pips found at every turn of the face.

A face's pips lie on a 3 x 3 grid; each value fills some of its places (2, 3 and 6 in two orientations). The
fit finds the grid's turn and spacing that put each pip on a place of its own, and how far off they lie.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

import numpy as np

from vision.reader.patch import PATCH

_C = 1.0
# Pip positions of each face in units of the pip offset from the centre; 2, 3 and 6 in both orientations.
LAYOUTS: dict[int, tuple[np.ndarray, ...]] = {
    1: (np.array([[0, 0]], np.float32),),
    2: (np.array([[-_C, -_C], [_C, _C]], np.float32), np.array([[_C, -_C], [-_C, _C]], np.float32)),
    3: (
        np.array([[-_C, -_C], [0, 0], [_C, _C]], np.float32),
        np.array([[_C, -_C], [0, 0], [-_C, _C]], np.float32),
    ),
    4: (np.array([[-_C, -_C], [_C, -_C], [-_C, _C], [_C, _C]], np.float32),),
    5: (np.array([[-_C, -_C], [_C, -_C], [0, 0], [-_C, _C], [_C, _C]], np.float32),),
    6: (
        np.array([[-_C, -_C], [-_C, 0], [-_C, _C], [_C, -_C], [_C, 0], [_C, _C]], np.float32),
        np.array([[-_C, -_C], [0, -_C], [_C, -_C], [-_C, _C], [0, _C], [_C, _C]], np.float32),
    ),
}


ANGLES = np.deg2rad(np.arange(0.0, 90.0, 5.0, dtype=np.float32))
_ROTATIONS = np.stack(
    [np.stack([np.cos(ANGLES), -np.sin(ANGLES)], axis=1), np.stack([np.sin(ANGLES), np.cos(ANGLES)], axis=1)], axis=1
)  # A x 2 x 2


@dataclass(frozen=True)
class LayoutFit:
    """How pips fit a face layout: the value, the error (in pip spacings), and where the face grid lies."""

    value: int | None
    error: float
    centre: tuple[float, float] = (PATCH / 2, PATCH / 2)
    spacing: float = 0.0
    angle: float = 0.0
    skewed: bool = False
    """Fitted through an affine map (a face seen at an angle): the grid is not square in the patch."""


NO_FIT = LayoutFit(None, 9.0)

Spacing = tuple[float, ...]
"""Least and most grid spacing of a face (centre to a corner pip, along an axis), as shares of the patch: (least,
most), or (least, most, least for a face of MANY_PIPS pips or more)."""
MANY_PIPS = 5
"""Pips from which a face may be fitted at the tighter least spacing a Spacing's third share gives (see
region.read_region): a face this full is no part of a larger one. Fewer pips at a tighter spacing may be: two
neighbouring pips of a 4 fit the diagonal of a smaller 2, four pips of a 6 in a square a smaller 4 (a tray's 4, read
surely, became a guess so). A face fitted through an affine map (see `_skewed_fit`) keeps the least spacing: an
affine fit at a tighter spacing takes too many shapes of pips for a face.

The tighter least spacing is the box's own (pips.TIGHT) measured against the picture's die size instead of the box:
a die seen corner-on fills its box with two side faces, and its top face, a 5 whose pips fitted at 0.15 of the box,
was left unread (webcam-slight seed 31, scene 8). Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and
composites of real crops, 11743 dice): right and sure 10467 -> 10470, right as a guess 455 -> 459, unread 365 -> 358,
pictures read exactly 1207 -> 1210, nothing else changed; their changed copies (eval_robustness, seed 5, nine
changes): right and sure 7041 -> 7051, right as a guess 341 -> 344, unread 348 -> 335, nothing else changed. The real
photos read alike (a crop is read with loose spacings). From four pips, a tray's sure 4 and 5 were lost; at 0.8 of
the die size, three dice came out wrong guesses for six more right; at 1.3 nothing changed."""


def least_spacing(spacing_range: Spacing, pips: int) -> float:
    """The least spacing, as a share of the patch, of a face of `pips` pips (see Spacing)."""
    return spacing_range[2] if len(spacing_range) > 2 and pips >= MANY_PIPS else spacing_range[0]


LONE_PIP = 0.05
"""Least radius, as a share of the patch, of a lone pip read as a 1: a speck, or a pip of a side face, is smaller."""
SMALL_ONE = 0.045
"""Least radius, as a share of the patch, of a lone light pip read as a 1 (coloured dice, white pips), in place of
LONE_PIP, which stays for dark pips. Seen at an angle, such a die fills its box with its side faces too, so its top
face and the pip on it are smaller in the patch than a die seen from above: coloured 1s on synthetic trays, their
single pip 0.049 of the patch, were left unread. Synthetic scenes: on trays held out (seeds 5, 11, 13), 2 such 1s
came out right, sure; on the seeds tuned on (7, 41, 97, 2026) an orange 4 read as a guess became a 1 read as a guess
(its lamp's reflection, in the middle of the face); nothing else changed, the real photos included.

First kept to the box of a whole blob: a piece cut from a clump, or a top face read alone, held LONE_PIP, for a lone
small pip in a piece may be a neighbour's (a sure 1 was once read so on a Rajas board). Measured again with the
reader as it now stands (synthetic seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops), the
pieces and top faces read so gain: a green 1 touching a blue 2 on a tray and a Rajas 1 in a clump, both missed, came
out right and sure, a Rajas 1 guessed wrong came out right as a guess, pictures read exactly 1229 -> 1232, with no
sure wrong and no die found where none lies more. For dark pips too, a white 5 read right became a wrong guess and
two dice unread became wrong guesses: LONE_PIP stays for them. From 0.04, as many came out right as went wrong."""


def fit_layout(
    points: np.ndarray,
    lone_radius: float,
    spacing_range: Spacing,
    is_upright: bool = True,
    least_lone: float = LONE_PIP,
) -> LayoutFit:
    """The layout the pips' centres (n x 2, float32, in patch pixels) fit at the best rotation, and where its grid
    lies. `lone_radius` is the pip's radius when there is only one: it alone tells the grid's size then, and it must
    be `least_lone` of the patch at least.

    A reading fits the same pips more than once (at another threshold, to check a value, with a side face's pips
    set apart): a fit is kept for the same points and settings (see FITS_KEPT), a quarter of the fits of a frame."""
    points = np.ascontiguousarray(points, np.float32)
    return _kept_fit(points.tobytes(), len(points), lone_radius, spacing_range, is_upright, least_lone)


FITS_KEPT = 1024
"""How many fits are kept for the same pips fitted again (a few frames' worth)."""


@functools.lru_cache(maxsize=FITS_KEPT)
def _kept_fit(
    data: bytes, n: int, lone_radius: float, spacing_range: Spacing, is_upright: bool, least_lone: float
) -> LayoutFit:
    return _fit(np.frombuffer(data, np.float32).reshape(n, 2), lone_radius, spacing_range, is_upright, least_lone)


def _fit(
    points: np.ndarray, lone_radius: float, spacing_range: Spacing, is_upright: bool, least_lone: float
) -> LayoutFit:
    n = len(points)
    if not 1 <= n <= 6:
        return NO_FIT
    centre = np.add.reduce(points, axis=0) / n  # points.mean(axis=0), without its overhead
    if n == 1:
        return _lone_fit(centre, lone_radius) if lone_radius >= least_lone * PATCH else NO_FIT
    spacing, all_errors, nearests = fits_at_every_angle(points - centre)
    # A line of a 6 is a 3 turned 45 degrees, but with pips too close for a 3; and a patch that follows the
    # die's edges holds a face square.
    least = least_spacing(spacing_range, n) * PATCH
    allowed = ((spacing >= least) & (spacing <= spacing_range[1] * PATCH)).tolist()
    slanted = _SLANTED_LIST if is_upright else _NONE_SLANTED
    errors = all_errors.tolist()
    best = NO_FIT
    for layout, candidates in enumerate(np.argsort(all_errors, axis=1)[:, :3].tolist()):
        for a in candidates:
            if not allowed[a] or slanted[a]:
                continue
            error = errors[layout][a]
            if len(set(nearests[layout, a].tolist())) == n and error < best.error:  # each pip on its own place
                best = LayoutFit(n, error, (float(centre[0]), float(centre[1])), float(spacing[a]), float(ANGLES[a]))
                break
    if n in (4, 5) and best.error > SKEW_TRY:
        skewed = _skewed_fit(points - centre, spacing_range)
        if skewed is not None and skewed.error < best.error:
            best = dataclasses.replace(skewed, centre=(float(centre[0]), float(centre[1])))
    return best if best.value is not None else LayoutFit(n, 9.0)


def _lone_fit(centre: np.ndarray, radius: float) -> LayoutFit:
    """The fit of a lone pip of `radius` at `centre` as a 1."""
    offset = float(np.linalg.norm(centre - PATCH / 2)) / PATCH
    # Seen at an angle the box also holds a side face, which pushes the top face's centre off the box's
    # centre by up to about a tenth of the box: only what lies beyond that counts as error.
    error = max(0.0, offset - 0.12) * 4.0
    # A lone pip: the grid spacing is unknown, so take the usual ratio of a pip's spacing to its radius.
    return LayoutFit(1, error, (float(centre[0]), float(centre[1])), 3.2 * radius, 0.0)


SKEW_TRY = 0.15
"""Fit error above which a 4 or a 5 is also fitted as seen at an angle."""
SKEW_LIMIT = 1.6
"""Most a face's pips may be spread one way against the other (long over short axis) to be fitted so."""
SKEW_DOUBT = 0.8
"""Confidence kept by a reading made through an affine fit: it takes more shapes of pips for a face."""


def _skewed_fit(offsets: np.ndarray, spacing_range: Spacing) -> LayoutFit | None:
    """A 4 or a 5 seen at an angle, or sheared in a box that also holds a side face: the spread of its pips is
    made round again, which undoes any affine map up to a turn (the spread of a 4's or a 5's layout is round),
    then fitted as from above."""
    n = len(offsets)
    spread_axes, axes = np.linalg.eigh(offsets.astype(np.float64).T @ offsets / n)
    if spread_axes[0] <= 1e-6 or math.sqrt(spread_axes[1] / spread_axes[0]) > SKEW_LIMIT:
        return None
    rounding = axes @ np.diag(np.sqrt(spread_axes.mean() / spread_axes)) @ axes.T
    spacing, errors, nearests = fits_at_every_angle((offsets @ rounding.T).astype(np.float32))
    a = int(np.argmin(errors[0]))
    if not spacing_range[0] * PATCH <= spacing[a] <= spacing_range[1] * PATCH or len(set(nearests[0, a].tolist())) < n:
        return None
    return LayoutFit(n, float(errors[0, a]), spacing=float(spacing[a]), angle=float(ANGLES[a]), skewed=True)


def fits_at_every_angle(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Grid spacing (A), each layout's error (L x A) and each pip's nearest place (L x A x n), at every angle."""
    n = len(offsets)
    # Each pip turned by every angle (2 x A x n: x, then y): the two products and their sum in float32, as
    # np.einsum over the rotation matrices took them. x and y go through each step together, the same
    # arithmetic on each element in half the calls.
    turned = _TURN_FROM_X * offsets[:, 0] + _TURN_FROM_Y * offsets[:, 1]
    reach = np.maximum.reduce(np.abs(turned), axis=0)  # A x n
    corner = reach > 0.4 * np.maximum.reduce(reach, axis=1, keepdims=True)  # the centre pip says nothing of the spacing
    # float64 from here on (a float32 sum over an integer count); numpy's reductions are called without the
    # overhead of np.mean and np.linalg.norm, in the same order, so the figures are theirs to the last bit.
    spacing = np.add.reduce(reach * corner, axis=1) / np.maximum(np.add.reduce(corner, axis=1), 1)
    # Every layout of the value at once: 2 x L x A x n x m gaps in x and in y from each pip to each place.
    gaps = (turned / spacing[:, None])[:, None, :, :, None] - _PLACES[n]
    squares = gaps * gaps
    distances = np.sqrt(squares[0] + squares[1])
    closest = np.minimum.reduce(distances, axis=3)
    return spacing, np.sqrt(np.add.reduce(closest * closest, axis=2) / n), distances.argmin(axis=3)


_PLACES = {n: np.stack(layouts).transpose(2, 0, 1)[:, :, None, None, :] for n, layouts in LAYOUTS.items()}
"""Each value's layouts as 2 x L x 1 x 1 x m arrays (x, then y), to broadcast over angles and pips."""
_SLANTED = (np.rad2deg(ANGLES) > 20.0) & (np.rad2deg(ANGLES) < 70.0)
"""The angles at which a face would lie slanted in its patch."""
_SLANTED_LIST: list[bool] = _SLANTED.tolist()
_NONE_SLANTED = [False] * len(ANGLES)
_TURN_FROM_X, _TURN_FROM_Y = (np.ascontiguousarray(_ROTATIONS[:, :, j].T)[:, :, None] for j in (0, 1))
"""What x and what y of a pip add to its turned x and y (2 x A x 1), to turn every pip by every angle at once."""
