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

    centres: np.ndarray | None = None
    """The table's Lab colours learnt in this look (see table.background_centres)."""

    @classmethod
    def of(cls, image: np.ndarray, scale: float, farther: View | None = None) -> View:
        """The picture looked at `scale`; closer than a `farther` look at it, with that look's table colours where
        its own would make the table foreground (see SAME_TABLE)."""
        small = image if scale == 1.0 else shrink(image, scale)
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
        centres = table.background_centres(lab)
        mask = table.foreground_mask(lab, centres)
        if farther is not None and farther.centres is not None and _share(mask) > SAME_TABLE * _share(farther.mask):
            centres = farther.centres
            mask = table.foreground_mask(lab, centres)
        side, by_pips = diesize.die_size(mask, MIN_DIE_SIDE, lab[:, :, 0])
        return cls(scale, small, lab, mask, side, by_pips, centres=centres)


def _share(mask: np.ndarray) -> float:
    return cv2.countNonZero(mask) / max(mask.size, 1)


SAME_TABLE = 2.0
"""How many times the share of the picture a farther look took for foreground a closer look's own table colours
may take before that look takes the farther look's colours instead. The table's colours are the same at any
scale, but they are learnt anew by k-means on each look's pixels, and a tray's floor, its grain sharper closer,
may fall into clusters none of which passes for table: a 12 MP tray of dice 60 pixels wide (render_scene(4,
4032, 3024, 24, ("blue", "orange", "green", "violet"), "tray", touching=0.3)) was 1.0 % foreground in the first
look and 83 % at 0.6 of its size, where 10 of its 24 dice were read; with the first look's colours, 1.1 % and 24
read right. Over the benchmark's trays (render_kind "tray", seeds 0 to 9) a closer look's own colours took 0.99
to 1.47 of the first look's share (their closer looks keep their own colours), the broken ones 4 to 80 times it.
Closer looks that take less than the first look keep their own colours: the grain of a rim that the first look
took for foreground may be table closer (seed 1 of the trays above: 7.2 % in the first look, 0.4 % closer)."""


def first_look(image: np.ndarray) -> View:
    """The picture scaled to ANALYSIS_SIDE; closer when it shows many small dice (see CLOSER_LOOK)."""
    h, w = image.shape[:2]
    view = View.of(image, min(1.0, ANALYSIS_SIDE / max(h, w)))
    if view.side is not None and view.scale < CLOSER_LOOK[2]:
        # Many small dice in a large picture (a tray seen whole): the seams between touching dice are a pixel or
        # two at the usual scale, so look again closer, where a die spans enough pixels to be parted. Dice so
        # small that they passed for pips are looked at closer as the dice they are.
        small = (
            view.side if view.side < CLOSER_LOOK[0] else diesize.spots_as_dice(view.lab[:, :, 0], view.mask, view.side)
        )
        view = _closer(image, view, small) if small is not None else view
    if view.side is not None and view.side > FARTHER_LOOK[0]:
        view = View.of(image, view.scale * FARTHER_LOOK[1] / view.side)
    return view


def _closer(image: np.ndarray, view: View, side: float, again: bool = True) -> View:
    """The closer look at a photo of many small dice (see CLOSER_LOOK), dice `side` wide in `view`, the table's
    colours those `view` learnt where its own fail (see SAME_TABLE); `view` itself when the die size found there is
    not the one aimed for (see SAME_SIZE), unless a look closer still, aimed by that size, finds the one it aims for.

    Dice a few pixels wide in the first look tell their size there badly (their blobs under MIN_DIE_SIDE, the
    rim or a clump taken for a die), but the look closer tells it: 12 MP trays of dice 28 to 60 pixels wide
    (render_scene(seed, 4032, 3024, 20 + seed % 11, ("blue", "orange", "green", "violet"), "tray",
    touching=0.3); seed 3) came out 22 pixels wide at 0.12 (the dice themselves taken for pips), 8.8 at 0.22 where
    40 were aimed for, and 43 at 0.995 where 40 were aimed for: 20 of its 23 dice read, 16 right, 1 before. Looked at so
    twice at most, as large a die as is worth reading (MIN_DIE_SIDE) and no closer than the full picture: the
    grain of an empty dim tray's rim, 22 pixels wide at first and 6 closer, is not looked at again."""
    closer = View.of(image, min(1.0, view.scale * CLOSER_LOOK[1] / side), view)
    aimed = side * closer.scale / view.scale
    if closer.side is None or SAME_SIZE * aimed <= closer.side <= aimed / SAME_SIZE:
        return dataclasses.replace(closer, closer=True)
    if again and closer.side >= MIN_DIE_SIDE and closer.scale < 1.0:
        found = _closer(image, closer, closer.side, again=False)
        return found if found.closer else view
    return view


SAME_SIZE = 0.5
"""Least share of the die size a closer look aimed for (see CLOSER_LOOK) that the die size found there must reach
for the closer look to stand; it must not reach the inverse share either (round spots taken for dice, see
diesize.spots_as_dice, that were pips on dice six times as large). Dice are as large closer as the first look saw
them, scaled: on the synthetic tray photos the closer look found 0.96 to 1.07 of the size it aimed for. The grain
of an empty tray's rim, brightened in a dim photo, was taken for dice 22 pixels wide in the first look and 6 in the
closer one, where 25 specks of it were read as dice, five of them sure; the first look reads none."""


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
