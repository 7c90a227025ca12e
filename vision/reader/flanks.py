"""A lone pip read as a 1 that has two spots as bright as itself on either side of it, near, is the middle pip of a
3 whose corner pips ran into something else (the rim of a translucent die, the pips of its side face) and were not
found as pips: the 1 is then only a guess."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from vision.reader.blobs import Blob
from vision.reader.faceset import CROWDED


class Flanks(NamedTuple):
    """Where and what a lone pip's flanks are looked for (see `flanked`)."""

    reach: float
    """Farthest distance from the pip's centre, in its radii (the nearest is faceset.CROWDED, the tightest spacing
    of a face's pips)."""
    level: float
    """Least contrast of a flank's pixels, as a share of the pip's own."""
    area: float
    """Least number of a flank's pixels, as a share of the pip's area, on each side."""


FLANKS = Flanks(4.0, 0.7, 0.5)
"""What flanks a lone pip (see `flanked`). Real translucent casino dice of the composites, their pips large for
their spacing, 3s seen at an angle: the corner pips ran into the die's bright rim and side faces, and the middle pip
was read as a sure 1 (confidence up to 1.0).

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11743 dice): sure
wrongs 58 -> 55 (two of them read right now, the 3 being read on), right 10524 -> 10526, pictures read exactly 1226
-> 1227, a 3 guessed wrong left unread; nothing else changed, nor on the up-close kinds or the real photos; their
changed copies (eval_robustness, seed 5): a sure wrong became a guess. From 3.5 radii one sure wrong fewer went; to
4.5 radii, or from 0.6 of the contrast, the same readings. Looked for as far as 4.5 radii from 0.6 of the contrast
with a flank of 0.3 of the pip's area, 49 sure 1s read right became guesses: the box's edges and side faces flank
every 1 so."""


def flanked(signed: np.ndarray, pip: Blob) -> bool:
    """Whether a lone pip in a patch's contrast (`signed`, the pips positive) has, within FLANKS.reach of its radii,
    pixels of FLANKS.level of its contrast covering FLANKS.area of it on one side of it (a twelfth of the turn) and on
    the other (the three twelfths facing that one)."""
    radius = math.sqrt(pip.area / math.pi)
    ys, xs = np.nonzero(signed > FLANKS.level * pip.contrast)
    distance = np.hypot(xs - pip.x, ys - pip.y)
    near = (distance >= CROWDED * radius) & (distance <= FLANKS.reach * radius)
    if not near.any():
        return False
    angles = np.arctan2(ys[near] - pip.y, xs[near] - pip.x)
    sides = np.histogram(angles, bins=12, range=(-math.pi, math.pi))[0]
    least = FLANKS.area * pip.area
    return any(
        sides[i] >= least and sides[[(i + 5) % 12, (i + 6) % 12, (i + 7) % 12]].sum() >= least for i in range(12)
    )
