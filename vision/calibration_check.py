"""Colours a teaching made too alike to tell apart: a die named another colour than its own.

`calibrate_from_examples` leaves out a die that looks another colour taught only beside other dice of its colour
(see `vision.calibration.mistaught`): a colour shown by one die alone has nothing to check it against. Named red,
the one blue die shown beside another blue die taught red a blue centre, and the table's blue dice then read red.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.calibration import (
    CHROMATIC,
    HUE_REACH,
    MUCH_NEARER,
    NAMED,
    NEUTRAL_COLOURS,
    SHADE_HUE,
    Calibration,
    hue_weighted,
)
from vision.palette import DEFAULT_COLOURS, default_centres, features, hue_gap
from vision.reader.colour import patch_feature
from vision.reader.exposure import brightened
from vision.reader.patch import PATCH
from vision.reader.pips import LOOSE, read_face
from vision.reading import BBox


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


WHITE_IN_SHADE = tuple(round(1.0 - 0.05 * step, 2) for step in range(11))
"""Shares of WARM_WHITE_BGR's light a white die shows in the open and in shade, 1 to 0.5 (see `white_taken_for`): a
body is told by its lightness too, and the white dice of the demo desk (vision/demo_frames), on dark wood, lie at a
lightness of 52 to 64 (0.55 to 0.7 of the warm white's), that of a green or a blue die, not 88."""


def white_taken_for(calibration: Calibration) -> tuple[str, ...]:
    """The colours taught at the table that a white die may be taken for, white never taught: those showing a hue
    (SHADE_HUE) within HUE_REACH of a white die's under a warm lamp (WARM_WHITE_BGR), and those the calibration
    names that die, in the open or in shade (WHITE_IN_SHADE, see `whites_taken`). Told among the colours taught, a
    white die is named the nearest of them unless it shows none of its colour (see
    `vision.calibration._shows_none_of`), and a warm white shows a fair share of an orange's: the white dice of the
    synthetic Rajas and webcam scenes were named orange 87 times over three teachings of the Rajas four. Taught
    white too, the table tells them apart."""
    if "white" in calibration.centres or "white" not in calibration.by_default:
        return ()
    warm = features(np.array([WARM_WHITE_BGR], np.uint8))[0]
    warm_hue = math.degrees(math.atan2(warm[1], warm[0]))
    near = [
        name
        for name, (a, b, _) in calibration.centres.items()
        if math.hypot(a, b) >= SHADE_HUE and float(hue_gap(math.degrees(math.atan2(b, a)), warm_hue)) <= HUE_REACH
    ]
    shaded = np.array([[round(c * share) for c in WARM_WHITE_BGR] for share in WHITE_IN_SHADE], np.uint8)
    named = whites_taken(calibration, dict(enumerate(features(shaded)))).values()
    return tuple(name for name in calibration.centres if name in near or name in named)


def whites_taken(calibration: Calibration, whites: Mapping[int, np.ndarray]) -> dict[int, str]:
    """Of the bodies of white dice (features by die number, see `white_dice`), those the calibration, told among
    every colour it knows, names another colour (from NAMED), with that colour: a teaching that would have the
    camera read them so, the dice lying there, is said before it is saved (the calibration page)."""
    whole = calibration.whole()
    taken = {}
    for number, feature in whites.items():
        name, confidence = whole.classify(feature)
        if name is not None and name not in NEUTRAL_COLOURS and confidence >= NAMED:
            taken[number] = name
    return taken


def white_dice(frame: np.ndarray, boxes: Mapping[int, BBox]) -> dict[int, np.ndarray]:
    """The body features, as a teaching sees them (see `calibrate_from_examples`), of the dice at `boxes` (by
    number) that the default palette names white, or black with pips darker than the body, as the reader names a
    white die in shade (vision.reader.colour): dice showing little colour, whatever the table was taught."""
    seen = brightened(frame)[0] if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    palette = Calibration.default()
    whites = {}
    for number, (x0, y0, x1, y1) in boxes.items():
        crop = seen[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)]
        if crop.size == 0:
            continue
        patch = cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
        face = read_face(patch, LOOSE, is_upright=False)
        feature = patch_feature(patch, face.pips if face.value is not None else ())
        looks = _named(palette.classify(feature)) if feature is not None else None
        if feature is not None and (looks == "white" or (looks == "black" and face.is_dark_on_light)):
            whites[number] = feature
    return whites


def _named(told: tuple[str | None, float]) -> str | None:
    return told[0] if told[1] >= NAMED else None


UNLIKE_HUE = 75.0
"""Degrees from the default hue of the name a strongly coloured die (CHROMATIC) was taught under past which the
teaching is said to show another colour (see `named_unlike`).

Measured on dice taught alone under their own name, each where the reader outlines it and as a teaching sees it
(brightened): the Rajas four, red and white of the synthetic rajas (60 scenes), rajas-up-close (40), tray and
tray-black (2 each) and webcam (10) sets, lamps of 2700 to 7500 K; each scene as drawn, under the warm lamp of
benchmarks/eval_robustness.py laid over it (BGR gains 0.6, 0.95, 1.25) and under a cool one (1.25, 1.0, 0.75);
and the real blue and red dice of the chase photos. Of 1843 strongly coloured dice, the farthest from its colour's
default hue lay 24 degrees as drawn, 30 under the cool lamp, 37 on the real photos, and 64 under the warm lamp (a
violet die, 10 from red's); one blue die barely strong (chroma 19) lay 88 from blue's under it, but 54 from green's,
the nearest other (not MUCH_NEARER). Fainter dice move much further with the lamp (a blue one 100 degrees under the
warm lamp, chroma 16) and are never said. The slips, each die named each other coloured default colour: 5409 of
6259 said (a red die named blue lies 104 degrees from blue's hue, an orange one 130), and two of the three real
photos labelled red that show a blue die; between the near pairs, red and orange (27 degrees apart) and blue and
violet (29), none: such a slip looks as a lamp's change does. From 60 degrees, six of the violet dice under the
warm lamp were said."""


@dataclass(frozen=True)
class NamedUnlike:
    """A colour just taught whose die shows, strongly, the hue of another colour of the default palette."""

    taught: str
    """The name the die was taught under: a coloured colour of the default palette."""
    looks: str
    """The default palette's colour whose hue the die shows."""
    gap: float
    """Degrees between the die's hue and the default hue of `taught`."""
    looks_gap: float
    """Degrees between the die's hue and the default hue of `looks`."""


def named_unlike(calibration: Calibration, alike: Iterable[AlikeColours] = ()) -> list[NamedUnlike]:
    """The colours just taught (the notes' "examples") under a name the default palette gives a hue (blue, orange,
    green, violet, red) whose centre shows a strong colour (CHROMATIC) more than UNLIKE_HUE degrees from that
    colour's default hue and at most MUCH_NEARER as far from another's: a red die taught as blue by a slip, which
    nothing else catches when blue is shown by that die alone. The table's red dice would all read blue.

    White and black have no hue to compare, and a name the default palette does not know (yellow) no colour to
    compare with; a faint centre says too little of its hue (see `vision.calibration.COLOURLESS` for those). A colour
    already said too alike (`alike`, see `too_alike`) with the colour it looks is left out: that says it."""
    said = [{pair.taught, pair.other} for pair in alike]
    palette = default_centres(DEFAULT_COLOURS)
    hues = {name: _hue(centre) for name, centre in palette.items() if _chroma(centre) >= CHROMATIC}
    found = []
    for name in calibration.notes.get("examples", {}):
        centre = calibration.centres.get(name)
        if name not in hues or centre is None or _chroma(centre) < CHROMATIC:
            continue
        hue = _hue(centre)
        gap = float(hue_gap(hue, hues[name]))
        looks = min((other for other in hues if other != name), key=lambda other: float(hue_gap(hue, hues[other])))
        looks_gap = float(hue_gap(hue, hues[looks]))
        if gap > UNLIKE_HUE and looks_gap <= MUCH_NEARER * gap and {name, looks} not in said:
            found.append(NamedUnlike(name, looks, gap, looks_gap))
    return found


def _chroma(centre: Any) -> float:
    return math.hypot(float(centre[0]), float(centre[1]))


def _hue(centre: Any) -> float:
    return math.degrees(math.atan2(float(centre[1]), float(centre[0])))
