"""Colours a teaching made too alike to tell apart: a die named another colour than its own.

`calibrate_from_examples` leaves out a die that looks another colour taught only beside other dice of its colour
(see `vision.calibration.mistaught`): a colour shown by one die alone has nothing to check it against. Named red,
the one blue die shown beside another blue die taught red a blue centre, and the table's blue dice then read red.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from vision.calibration import HUE_REACH, SHADE_HUE, Calibration, hue_weighted
from vision.palette import features, hue_gap


@dataclass(frozen=True)
class AlikeColours:
    """Two colours of a calibration whose centres lie nearer each other than it can tell apart."""

    taught: str
    """A colour just taught."""
    other: str
    """Another colour: just taught too, or taught before and kept (`is_kept`)."""
    distance: float
    """How far apart their centres lie, in the features the calibration compares."""
    reach: float
    """The calibration's `spread`, which `distance` is under."""
    is_kept: bool


def too_alike(calibration: Calibration) -> list[AlikeColours]:
    """The pairs of colours, one of them at least just taught (the notes' "examples", see `taught_over`), whose
    centres lie nearer each other than the calibration's `spread`, how far a die may lie from its own colour's
    centre: the one colour's die is then as much a die of the other, and the calibration cannot tell them apart.

    The centres are compared as `Calibration.classify` compares a die with them (hue-weighted for colours taught).
    Taught colours lie `spread` (6 at the least) or more apart from one another only when their dice differ: on the
    development photos (red, blue and white dice) no two photos of dice of two colours lie under 6 apart, and
    7 in 10 pairs of photos of dice of one colour do (the tester's two blue dice, one named red: 5.4)."""
    taught = [name for name in calibration.notes.get("examples", {}) if name in calibration.centres]
    names = [*taught, *(name for name in calibration.centres if name not in taught)]
    points = np.array([calibration.centres[name] for name in names], np.float32).reshape(-1, 3)
    if calibration.compares_hue:
        points = hue_weighted(points)
    found = []
    for i, j in itertools.combinations(range(len(names)), 2):
        distance = float(np.linalg.norm(points[i] - points[j]))
        if i < len(taught) and distance < calibration.spread:
            found.append(AlikeColours(names[i], names[j], distance, calibration.spread, j >= len(taught)))
    return found


WARM_WHITE_BGR = (190, 215, 245)
"""A white die's body under a warm lamp (about 3000 K), in BGR: it shows a faint hue, about 70 degrees, between the
default palette's orange (58) and yellow (97)."""


def white_taken_for(calibration: Calibration) -> tuple[str, ...]:
    """The colours taught at the table that a white die may be taken for, white never taught: those showing a hue
    (SHADE_HUE) within HUE_REACH of a white die's under a warm lamp (WARM_WHITE_BGR). Told among the colours taught,
    a white die is named the nearest of them unless it shows almost none of its colour (see
    `Calibration._neutral_of_colourless`), and a warm white shows a fair share of an orange's: the white dice of the
    synthetic Rajas and webcam scenes were named orange 87 times over three teachings of the Rajas four. Taught
    white too, the table tells them apart."""
    if "white" in calibration.centres or "white" not in calibration.by_default:
        return ()
    warm = features(np.array([WARM_WHITE_BGR], np.uint8))[0]
    warm_hue = math.degrees(math.atan2(warm[1], warm[0]))
    return tuple(
        name
        for name, (a, b, _) in calibration.centres.items()
        if math.hypot(a, b) >= SHADE_HUE and float(hue_gap(math.degrees(math.atan2(b, a)), warm_hue)) <= HUE_REACH
    )
