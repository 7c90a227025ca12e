"""Which blobs of a die's patch are the pips of the face turned up: the round ones of like size and contrast, runs of
pips the threshold joined parted again, and the streaks motion blur draws them into.

Blur draws every pip of a die out the same way, and their centres stay where the pips are; pips of a side face
seen at an angle are flattened the same way too, but then the top face's pips are round.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from vision.reader.empty import GLARE_SOFTNESS, typical
from vision.reader.layout import LayoutFit
from vision.reader.patch import PATCH

if TYPE_CHECKING:
    from vision.reader.blobs import Blob

ROUND = 0.55
"""Least roundness (short over long axis) of a pip seen from above."""
STREAK_ROUNDNESS = 0.25
"""Least roundness of a pip drawn out by motion blur."""
STREAK_DOUBT = 0.75
"""Confidence kept by a reading made on streaks: blurred pips can merge or hide one another."""
STREAK_REACH = 0.9
"""A streak this long against the pip spacing may hold two pips."""
STREAK_ALIGNMENT = 15.0
"""Degrees within which the long axes of blurred pips must agree: motion draws them all out the same way."""


def blurred_pips(blobs: list[Blob], round_ones: list[Blob]) -> list[Blob]:
    """Round pips and streaks together, when the streaks all run one way: motion blur draws out the pips of a die
    along its path, those across it most, so that some stay about round. The least round first (it tells the
    reading was made on streaks, see pips._confidence)."""
    if not round_ones or round_ones[0].roundness < ROUND:
        return []
    streaks = aligned(_top_face_pips([b for b in blobs if b.roundness < ROUND]))
    if not streaks:
        return []
    drawn_out = {id(b) for b in streaks}
    pips = _top_face_pips([b for b in blobs if b.roundness >= ROUND or id(b) in drawn_out])
    return sorted(pips, key=lambda b: b.roundness)


def aligned(streaks: list[Blob]) -> list[Blob]:
    """The streaks if there are two or more and their long axes agree within STREAK_ALIGNMENT, else none."""
    if len(streaks) < 2:
        return []
    turns = np.deg2rad([2.0 * b.angle for b in streaks])  # axes: doubling the angle makes 0 and 180 agree
    mean = np.arctan2(np.sin(turns).mean(), np.cos(turns).mean())
    spread = np.abs(np.rad2deg(np.angle(np.exp(1j * (turns - mean))))) / 2.0
    return streaks if float(spread.max()) <= STREAK_ALIGNMENT else []


def face_pips(blobs: list[Blob]) -> list[Blob]:
    """The pips of the face turned up: the round ones; or, when none is round, streaks that all run one way (see
    the module's docstring)."""
    round_ones = _top_face_pips([b for b in blobs if b.roundness >= ROUND])
    if round_ones:
        runs = _parted_runs([b for b in blobs if b.span is not None], round_ones) if len(round_ones) >= 2 else []
        return round_ones + runs if len(round_ones) + len(runs) <= 6 else round_ones
    return aligned(_top_face_pips([b for b in blobs if b.roundness < ROUND]))


def off_side_faces(pips: list[Blob]) -> list[Blob]:
    """The pips that keep off the patch's edge, when some reach it and some do not (none otherwise). In the box of a
    die seen at an angle, those that reach the edge may be a side face's, beside the top face: the lit side of a red
    casino 3 put two more pips into its box, five blobs that fit no face. Read without them, the value is a guess."""
    inside = [p for p in pips if not p.runs_off]
    return inside if 0 < len(inside) < len(pips) else []


RUN_WIDTH = (0.7, 1.4)
"""Width of a run of pips, in pips' widths: pips that touch in a row, not a smear or a side face's flattened pips."""


def _parted_runs(others: list[Blob], pips: list[Blob]) -> list[Blob]:
    """Blobs that are two or three pips run together, parted into them: the pips of a 6's row (or of a 5's
    diagonal) touch when the die is small in the picture or its pips large, and the threshold joins them. A run
    is as wide as a pip, as long as the pips it holds, and as dark or light as they are."""
    area, contrast = typical(pips)
    width = 2.0 * math.sqrt(area / math.pi)
    steepest = max(p.sharpness for p in pips)
    parted = []
    for run in others:
        assert run.span is not None
        length, across, direction = run.span
        k = round(run.area / area)
        if k not in (2, 3) or not 0.75 * k * area <= run.area <= 1.3 * k * area:
            continue
        if not RUN_WIDTH[0] * width <= across <= RUN_WIDTH[1] * width:
            continue
        if not (k - 0.3) * width <= length <= (k + 1) * width:
            continue
        if run.contrast < 0.7 * contrast or run.sharpness < GLARE_SOFTNESS * steepest:
            continue
        step = (length - width) / (k - 1)
        for i in range(k):
            offset = (i - (k - 1) / 2.0) * step
            x, y = run.x + offset * math.cos(direction), run.y + offset * math.sin(direction)
            parted.append(dataclasses.replace(run, x=x, y=y, area=run.area / k, roundness=ROUND, span=None, parted=k))
    return parted


def streaks_may_join(pips: list[Blob], fit: LayoutFit) -> bool:
    """True when pips drawn out by motion are as long as the gap between pips: each streak may be two pips run
    together (a 4 blurred along an edge leaves two streaks, like a 2)."""
    if not pips or pips[0].roundness >= ROUND:
        return False
    longest = max(math.sqrt(4.0 * p.area / (math.pi * p.roundness)) for p in pips)
    return bool(longest >= STREAK_REACH * fit.spacing)


def glare(blobs: list[Blob], pips: list[Blob]) -> list[Blob]:
    """The blobs whose edges are far softer than the steepest of the `pips`: reflections of the lamp (see
    GLARE_SOFTNESS)."""
    steepest = max((p.sharpness for p in pips), default=0.0)
    return [b for b in blobs if b.sharpness < GLARE_SOFTNESS * steepest]


GLARE_RUN = (2.0, 0.75)
"""Least area, against the middle blob's, and most roundness of a blob that is a pip with the lamp's reflection run
into it (see `glare_run_into_pip`)."""


LONE_RUN = 0.04
"""Least area, as a share of the patch, of a lone blob far from round (GLARE_RUN) that is a 1's pip with the lamp's
reflection run into it (see `glare_run_into_pip`). A coloured 1 whose pip the reflection joined was missed on a
synthetic tray held out from tuning (seed 11), and on a Rajas board of a seed tuned on (2026); parted from it, both
read right, and nothing else changed, the real photos included. Smaller lone blobs far from round are no such
thing: a blurred blue 5 whose pips ran together (a real photo) lost all but its brightest pip at the parting
threshold, a sure 1."""


def glare_run_into_pip(blobs: list[Blob]) -> bool:
    """Whether one of the blobs is a pip with the lamp's reflection run into it: on a coloured die the white
    reflection joins a white pip into one blob, far from round and, of three blobs or more, twice the middle one's
    area or more (see GLARE_RUN); alone, it is a 1's pip and the reflection, LONE_RUN of the patch or more."""
    if len(blobs) == 1:
        return blobs[0].roundness < GLARE_RUN[1] and blobs[0].area >= LONE_RUN * PATCH * PATCH
    if len(blobs) < 3:
        return False
    middle = sorted(b.area for b in blobs)[len(blobs) // 2]
    return any(b.area >= GLARE_RUN[0] * middle and b.roundness < GLARE_RUN[1] for b in blobs)


def _top_face_pips(blobs: list[Blob]) -> list[Blob]:
    """The largest, most contrasted pips of similar size, reflections left out: those of the face turned up."""
    if len(blobs) <= 1:
        return blobs
    reflections = {id(b) for b in glare(blobs, blobs)}
    blobs = [b for b in blobs if id(b) not in reflections]
    reference = sorted(b.area for b in blobs)[-min(3, len(blobs))]
    strong = max(b.contrast for b in blobs)
    return [b for b in blobs if b.area >= 0.45 * reference and b.contrast >= 0.45 * strong]


PAST_OUTLINE = ((0.5, 2.0), 0.6, 4.0)
"""What makes a blob past a die's outline a pip like those read (see `pips_past_outline`): its area within these
shares of theirs, its contrast from this share of theirs, and its centre within this many pip widths of one."""


def pips_past_outline(pips: list[Blob], past: Sequence[Blob]) -> bool:
    """Whether a round blob like the pips read, near them, lies past the die's outline. The outline is the region's
    (a blob's, or a piece cut from a clump), and a pip past it is either a neighbour's, or one of this face that the
    cut left out, the face then larger than the one read (a 5 cut so that only two of its pips lay inside: a sure
    2). Which one, the patch cannot tell: the value is a guess for the table to confirm."""
    if not past or not pips:
        return False
    area, contrast = typical(pips)
    (low, high), least, reach = PAST_OUTLINE
    near = reach * 2.0 * math.sqrt(area / math.pi)
    return any(
        low * area <= b.area <= high * area
        and b.contrast >= least * contrast
        and b.roundness >= ROUND
        and any(math.hypot(b.x - p.x, b.y - p.y) <= near for p in pips)
        for b in past
    )


CROWDED = 1.9
"""Least grid spacing, in pip radii, of a face of two pips or more. A standard die's 6 puts three pips in a row
one spacing apart, so every face of it has a spacing over two pip radii; the margin is for pips a little swollen
by blur at the threshold. A closer pair is two neighbouring pips of a larger face (two sides of a 4 read as the
diagonal of a 2, a third pip lost), not a face of its own."""


def crowded(pips: list[Blob], fit: LayoutFit) -> bool:
    """Whether round pips are too large for the grid they were fitted to (see CROWDED). Streaks are left out: a pip
    drawn out by motion has a larger area than its radius across."""
    if len(pips) < 2 or fit.skewed or pips[0].roundness < ROUND:
        return False
    area, _ = typical(pips)
    return fit.spacing < CROWDED * math.sqrt(area / math.pi)


UNLIKE_PAIR = 2.5
"""Area ratio from which two pips are too unlike to be a 2 read surely (see `unlike_pair`)."""


def unlike_pair(pips: list[Blob]) -> bool:
    """Whether two pips read as a 2 differ in area by UNLIKE_PAIR or more. The two pips of a 2 are printed alike
    on one face, so a camera at an angle or a blur shrinks them alike (under 1.5 on the real photos, but for one
    pip that glare ate into, 2.1). Pips more unlike are rather the pip of a 1 beside one of a side face,
    foreshortened (white dice in webcam frames, synthetic webcam-slight seed 5 and webcam-small seeds 2026 and
    97, read as sure 2s). Either way the value is a guess for the table to confirm."""
    if len(pips) != 2:
        return False
    small, large = sorted(p.area for p in pips)
    return large >= UNLIKE_PAIR * small


FEWEST_ON_FACE = 4
"""Fewest pips parted off by `split_across`: two or three pips fit a 2 or a 3 wherever they lie (half of a 4, turned
in its patch, read as a 2)."""


def split_across(pips: list[Blob]) -> list[tuple[list[Blob], list[Blob]]]:
    """Every way a line along one of the patch's axes parts the pips, as (FEWEST_ON_FACE to 6 on one side, those on
    the other). The patch follows the die's box, and the edge between its top face and a side face runs along it."""
    parts = []
    for axis in (0, 1):
        ordered = sorted(pips, key=lambda p: p.y if axis else p.x)
        for cut in range(1, len(ordered)):
            for part, rest in ((ordered[:cut], ordered[cut:]), (ordered[cut:], ordered[:cut])):
                if FEWEST_ON_FACE <= len(part) <= 6:
                    parts.append((part, rest))
    return parts


FACE_REACH = 1.6
"""Half a face's width in pip spacings (the spacing from its centre to a corner pip along an axis): a pip farther out
than this along one of the face's axes lies off the face."""


def off_face(fit: LayoutFit, others: list[Blob]) -> bool:
    """Whether all `others` lie off the face the layout `fit` places on the patch (see FACE_REACH)."""
    cos, sin = math.cos(fit.angle), math.sin(fit.angle)
    cx, cy = fit.centre
    for pip in others:
        dx, dy = pip.x - cx, pip.y - cy
        # The fit turned patch points by +angle onto its grid (see layout.fits_at_every_angle).
        if max(abs(cos * dx - sin * dy), abs(sin * dx + cos * dy)) < FACE_REACH * fit.spacing:
            return False
    return True


SMALL_FOR_SPACING = 0.14
"""Least radius of a face's pips (their median), as a share of the spacing of the grid they fit, for two pips or more
to be a face: a die's pips are about a quarter of it in radius (on the synthetic benchmark frames, the values read lay
at 0.25 in the middle, 99 % of them over 0.16). Specks of a tray's grain, a tenth of it, fitted 2s on pieces of an
empty tray's rim.

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11743 dice): sure wrongs
68 -> 66 (a small 5 read as a sure 3 came out right, a 2 read as a sure 3 a guess), 2 dice read where none lies went,
right and sure 10460 as they were, pictures read exactly 1192 -> 1194; a sure 2 right became a guess and a 2 guessed
right was lost. Their changed copies (benchmarks/eval_robustness.py, seed 5): right 6987 -> 6985 of 8172, dice read
where none lies 164 -> 162. The real photos read alike; 30 empty synthetic 12 MP trays read no die with a value. From
0.12, one sure wrong went; from 0.16, dice read right were lost (2s whose pips the blur shrank)."""
SMALL_PIPS_KEPT = 0.3
"""Most confidence kept by the reading of pips too small for their spacing: under FACE_STANDS, so that no value
stands, yet ranked as the pips it found. Set to nothing, an orange 3 seen at an angle, shown unread, lost its box to a
piece of it read as a sure 2."""


def too_small_for_spacing(fit: LayoutFit, pips: list[Blob]) -> bool:
    """Whether the pips of a value of two or more are too small for the spacing of their grid (SMALL_FOR_SPACING)."""
    if fit.value is None or fit.value < 2 or fit.spacing <= 0.0:
        return False
    return math.sqrt(typical(pips)[0] / math.pi) < SMALL_FOR_SPACING * fit.spacing


CUT_PIP = 0.4
"""Least area, as a share of a lone pip's, of a blob the patch's edge cuts that makes the pip part of a larger face
(see `one_beside_cut_pips`)."""


def one_beside_cut_pips(fit: LayoutFit, pips: list[Blob], blobs: list[Blob]) -> bool:
    """Whether a 1 is read beside blobs like its pip (CUT_PIP of its area or more, as contrasted) that the patch's
    edge cuts: the patch holds part of a larger face, its other pips past the edge (the logo in the middle of a
    casino 2, whose top face was read in a patch that cut its two pips)."""
    if fit.value != 1:
        return False
    pip = pips[0]
    return any(b.runs_off and b.area >= CUT_PIP * pip.area and b.contrast >= 0.8 * pip.contrast for b in blobs)


def leaves_a_pip_out(pips: list[Blob], blobs: list[Blob]) -> bool:
    """Whether a blob much like the pips (near their size, as contrasted, about round) lies apart from all of
    them. In a crop of one die, whose face may fill any part of it, that is a pip of a larger face the reading
    left out (two sides of a 4 read as the diagonal of a 2, its other pips run into the crop's edge)."""
    if not pips:
        return False
    area, contrast = typical(pips)
    width = 2.0 * math.sqrt(area / math.pi)
    return any(
        b.area >= 0.6 * area
        and b.contrast >= 0.8 * contrast
        and b.roundness >= LEFT_OUT_ROUNDNESS
        and all(math.hypot(b.x - p.x, b.y - p.y) > width for p in pips)
        for b in blobs
    )


LEFT_OUT_ROUNDNESS = 0.45
"""Least roundness of a blob taken for a pip left out: a pip run into something, a little out of round."""
