"""How the picture is looked at to find its dice: scaled down (ANALYSIS_SIDE), closer for a photo of many small
dice, and closer again when no die was read surely (see NONE_SURE_CLOSER); each look's Lab planes, its mask of what
is not table, and the die size learnt from it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reader import diesize, table
from vision.reader.found import Found
from vision.reader.shrink import shrink

ANALYSIS_SIDE = 480
"""Longest side of the image the dice are looked for in; each die is then read from the full image."""
MIN_DIE_SIDE = 7
"""Smallest die side, in analysis pixels, worth reading."""


CLOSER_LOOK = (28.0, 40.0, 1 / 3)
"""Die side, in analysis pixels, under which a photo is looked at again closer; the side then aimed for; and the
largest analysis scale that marks a photo (over three times ANALYSIS_SIDE: 12 megapixels, not a 1280x720 video
frame, where reading every frame twice over would halve the frame rate)."""


@dataclass(frozen=True)
class View:
    """The picture scaled down for finding dice: its Lab planes, the mask of what is not table, the die size."""

    scale: float
    small: np.ndarray
    lab: np.ndarray
    mask: np.ndarray
    side: float | None
    sized_by_pips: bool = False
    """Whether the pips alone told the die size (see diesize.PIP_SIZE_SLACK)."""
    closer: bool = False
    """Whether this is the closer look at a photo of many small dice (see CLOSER_LOOK): it is not looked at closer
    again when no die of it reads surely (see NONE_SURE_CLOSER)."""

    @classmethod
    def of(cls, image: np.ndarray, scale: float) -> View:
        small = image if scale == 1.0 else shrink(image, scale)
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
        mask = table.foreground_mask(lab, table.background_centres(lab))
        return cls(scale, small, lab, mask, *diesize.die_size(mask, MIN_DIE_SIDE, lab[:, :, 0]))


def first_look(image: np.ndarray) -> View:
    """The picture scaled to ANALYSIS_SIDE; closer when it shows many small dice (see CLOSER_LOOK)."""
    h, w = image.shape[:2]
    view = View.of(image, min(1.0, ANALYSIS_SIDE / max(h, w)))
    if view.side is not None and view.side < CLOSER_LOOK[0] and view.scale < CLOSER_LOOK[2]:
        # Many small dice in a large picture (a tray seen whole): the seams between touching dice are a pixel or
        # two at the usual scale, so look again closer, where a die spans enough pixels to be parted.
        closer = View.of(image, min(1.0, view.scale * CLOSER_LOOK[1] / view.side))
        aimed = view.side * closer.scale / view.scale
        view = (
            view
            if closer.side is not None and closer.side < SAME_SIZE * aimed
            else dataclasses.replace(closer, closer=True)
        )
    if view.side is not None and view.side > FARTHER_LOOK[0]:
        view = View.of(image, view.scale * FARTHER_LOOK[1] / view.side)
    return view


SAME_SIZE = 0.5
"""Least share of the die size a closer look aimed for (see CLOSER_LOOK) that the die size found there must reach
for the closer look to stand. Dice are as large closer as the first look saw them, scaled: on the synthetic tray
photos the closer look found 0.96 to 1.07 of the size it aimed for. The grain of an empty tray's rim, brightened in
a dim photo, was taken for dice 22 pixels wide in the first look and 6 in the closer one, where 25 specks of it
were read as dice, five of them sure; the first look reads none."""


FARTHER_LOOK = (200.0, 100.0)
"""Die side, in analysis pixels, over which a picture is looked at again farther off, and the side then aimed for.
The dice are read from the full picture whatever the scale they are found at; but cutting blobs that large into
dice (segment.py's seeds, eroded and dilated by a share of the die's side) costs seconds, and a die size that large
is most often no die: an empty tray filling a 12 MP photo, its floor taken for one die 1,300 pixels wide, took 15 to
36 seconds to read. No picture of the synthetic sets, nor any real photo, is looked at so."""


NONE_SURE_CLOSER = 2.0
"""How much closer a picture scaled down to find its dice is looked at again when no die of it read surely. The
die size the rest rests on is learnt from lone square blobs and from the pips; where every die touches another,
or a card or a printed square of a board is the one square, and the pips are too small at the usual scale to be
found, it came out two to five times a die, and the dice of the picture were lost or read as guesses (six Rajas
dice in two clumps on a pale board, none read). Closer, the pips tell the size. Only the dice read there on what
the first look took for dice stand, as large as a die worth reading there: closer, the texture of a felt and the
lines printed on a board stand out too, and were read as dice. The closer look is taken when it reads a die surely
and no fewer dice with a value.

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): right 8926 -> 8947 of
9693, missed 239 -> 224, unread 325 -> 320, nothing more found where no die lies; their perturbed copies (dim,
dark, flat, noise, JPEG, soft, warm): right 12621 -> 12686 of 13684, missed 483 -> 425, one more sure wrong, two
more dice found where none lies. Sixty empty tables (felt, wood) show what they showed before. The real photos
read alike (a crop of one die is read at full size). Taken only when no die read a value: 8941 and 12672 right.

Not taken over the closer look at a photo of many small dice (View.closer, see CLOSER_LOOK): that look aimed for
dice 40 pixels wide already, where their pips are found. An empty tray photographed at 12 megapixels, its floor's
grain taken for dice 12 pixels wide in the first look and 26 in the closer one, was looked at closer again at 0.79
of its size (2400 x 3200 pixels): 0.7 s for a die size of 7 pixels, too small to be read (1.1 s for the photo, 0.39 s
without). Every picture of the synthetic sets (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real
crops, the up-close kinds) reads as it did."""


def seen_at(found: Found, view: View) -> bool:
    """Whether a die read closer could have been one in a farther `view` of the picture: as large as a die worth
    reading there (MIN_DIE_SIDE), its centre on that view's foreground."""
    x, y = (round(v * view.scale) for v in found.die.center)
    h, w = view.mask.shape
    return found.side * view.scale >= MIN_DIE_SIDE and 0 <= x < w and 0 <= y < h and bool(view.mask[y, x])


def near_foreground(closer: View, view: View) -> View:
    """A closer look at a picture, its mask kept to within a die of the farther `view`'s foreground: only dice read
    there stand (see `seen_at`). Closer, the grain of a carpet or a tray's floor stands out of the table, and where no
    die is, the die size learnt from it is a few pixels: an empty tray photographed at 12 megapixels made 12,000
    blobs to read, 15 seconds of work, for none to stand. The die size is the closer look's own."""
    h, w = closer.mask.shape
    foreground = cv2.resize(view.mask, (w, h), interpolation=cv2.INTER_NEAREST)
    reach = (view.side or 0.0) * closer.scale / view.scale
    # Within `reach` (chessboard distance) of the foreground, whatever the reach: a dilation by a square that wide.
    away = cv2.distanceTransform(cv2.bitwise_not(foreground), cv2.DIST_C, 3)
    near = np.asarray(away <= reach, np.uint8) * 255
    return dataclasses.replace(closer, mask=cv2.bitwise_and(closer.mask, near))
