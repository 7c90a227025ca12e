"""The top face of a die seen well off the camera's axis, found where perspective puts it: at the far end of the
die's box from the middle of the picture.

A camera looking down at a table sees each die's top face and, on the side towards the point of the table right
under the camera, the side faces turned that way. The farther a die lies from that point, the more of its side
faces shows, until a die near the edge of a close webcam's wide view shows a side face as large as its top: its box
is drawn out towards that point, its top face at the other end. The point lies near the middle of the picture when
the camera looks roughly straight down (a tilt of up to about 20 degrees moves it by under half the picture), so
only boxes drawn out along the line to the middle, and far enough from it, are read so. The picture is taken to be
the camera's whole view (a crop of one die has the die in its middle, and is not read so).
"""

from __future__ import annotations

import math

import numpy as np

from vision.reader.diesize import SMALL_CROP
from vision.reader.found import Found, as_guess
from vision.reader.patch import RotatedRect, upright_patch
from vision.reader.pips import TIGHT, FaceReading, read_face
from vision.reading import SURE_VALUE

RADIAL = 0.7
"""Least cosine of the angle between a box's long axis and the line from the middle of the picture through the box
for the box to be read at its far end: drawn out another way, something else than a side face drew it out."""
OFF_MIDDLE = 0.1
"""Least distance of a box from the middle of the picture, as a share of the picture's longer side, for the line to
the middle to say which way the camera sees the die from."""


def far_face(image: np.ndarray, rect: RotatedRect) -> FaceReading | None:
    """The face read at the end of a drawn-out box (`rect`, in the image) away from the middle of the picture, as
    wide as the box is across and as long as a top face seen at the angle the box's length tells: the top face of a
    die seen from the side of its side faces. None when the box is not drawn out along the line to the middle, or
    lies too near the middle (see RADIAL, OFF_MIDDLE)."""
    height, width = image.shape[:2]
    (cx, cy), (w, h), angle = rect
    theta = math.radians(angle)
    # The long axis: OpenCV's rotated rectangle has its width along `angle`.
    ux, uy = (math.cos(theta), math.sin(theta)) if w >= h else (-math.sin(theta), math.cos(theta))
    rx, ry = cx - width / 2, cy - height / 2
    away = math.hypot(rx, ry)
    along = rx * ux + ry * uy
    if away < OFF_MIDDLE * max(width, height) or abs(along) < RADIAL * away:
        return None
    if along < 0:
        ux, uy = -ux, -uy
    long, short = max(w, h), min(w, h)
    # Seen at an angle `off_axis` from the die's top, a box across a die is (cos + sin) of the die long: the top face
    # takes the cosine's share of it, at the far end.
    off_axis = math.asin(min(long / short, math.sqrt(2.0)) / math.sqrt(2.0)) - math.pi / 4
    top = short * math.cos(off_axis)
    shift = (long - top) / 2
    size = (top, short) if w >= h else (short, top)
    face = ((cx + ux * shift, cy + uy * shift), size, angle)
    # The patch is as wide as the face's longer side: the pips spread less far across its shorter one.
    return read_face(upright_patch(image, face), spacing_range=(TIGHT[0] * top / short, TIGHT[1]))


NEAR_END = (1.15, 0.12, (1, 2, 3, 4, 5))
"""When a sure reading is made a guess for reading a side face (see `doubtful_at_near_end`): its box at least this
many times longer than wide, drawn out along the line to the middle of the picture (RADIAL); the centre of its pips
more than this share of the die's side from the box's centre towards the middle; and its value one of these.

A white 2 seen off overhead beside its side face's lone pip, in one box drawn out by both, was read a sure 1 (1.0);
1s, 4s, 5s and 6s were read as 2s so. Of the 23 sure 2s read wrong on the synthetic scenes, 11 had their pips in
the near end of their box, where 5 % of the 1,726 read right had. Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41,
43, 97, 2026; composites of real crops): sure wrongs 56 -> 43 (webcam frames 16 -> 11, small dice 15 -> 11, Rajas
tables 13 -> 9), made guesses with the value as read; 57 dice read right became guesses for the table to confirm,
34 of them on the composites (real crops laid flat on a table, where a crop's own side face turns any way); no
value, no die found or missed changed. Held out (eval_robustness, seed 23, ten changes of the camera): sure wrongs
77 -> 57, right as they were. The 6s are left sure: 8 read right would have become guesses, none read wrong.
Without the line to the middle: sure wrongs 56 -> 39 but 91 right became guesses (54 on the composites); so
measured, from 0.16 of a side 56 -> 43 and 42, the 2s alone 56 -> 51 and 14, and on the real photos (crops of one
die, up to 160 pixels) 4 sure readings right were taken for side faces, their crops' middles no camera's: crops
are left as they are, and every real photo reads as it did."""


def doubtful_at_near_end(found: Found, width: int, height: int) -> Found:
    """A die read surely in a box drawn out towards the middle of a picture (`width` x `height`), its pips at the
    box's near end, made a guess: a camera sees a die's side faces on the side towards the point of the table
    under it, its top face at the far end (see `far_face`), and pips at the near end are those of a side face
    (see NEAR_END). Off the middle only (OFF_MIDDLE), and in a picture larger than a crop of one die (see
    diesize.SMALL_CROP): a crop's middle says nothing of where the camera stood. A die read otherwise is left as it
    is."""
    longer, near, values = NEAR_END
    die = found.die
    if die.value not in values or die.confidence < SURE_VALUE or not found.pips_at:
        return found
    if max(width, height) <= SMALL_CROP:
        return found
    if found.length < longer * found.side:
        return found
    (cx, cy), (rx, ry) = die.center, (die.center[0] - width / 2, die.center[1] - height / 2)
    away = math.hypot(rx, ry)
    if away < OFF_MIDDLE * max(width, height) or found.axis is None:
        return found
    if abs(rx * math.cos(found.axis) + ry * math.sin(found.axis)) < RADIAL * away:
        return found  # drawn out across the line to the middle: something else than a side face drew it out
    px = sum(x for x, _ in found.pips_at) / len(found.pips_at)
    py = sum(y for _, y in found.pips_at) / len(found.pips_at)
    outwards = ((px - cx) * rx + (py - cy) * ry) / away  # from the box's centre, away from the middle
    return as_guess(found) if outwards < -near * found.side else found
