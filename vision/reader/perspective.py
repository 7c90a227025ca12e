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

from vision.reader.patch import RotatedRect, upright_patch
from vision.reader.pips import TIGHT, FaceReading, read_face

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
